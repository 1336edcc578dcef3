"""Markup for tables with friends on other devices: the host's invites and links, a friend's join screen.

An invite or a reply is shown three ways: a QR code (an element with ``data-qr``: the page's glue
draws the code into it with the vendored encoder), the text in a read-only field, and Copy / Share
buttons (``data-action="copy"`` / ``"share"`` with the text as ``data-value``; the glue does them).
"""

from __future__ import annotations

from typing import Any

from .. import INFOS
from .html import esc
from .i18n import game_title, join_names, t


def share_block(text: str, label: str, lang: str, testid: str) -> str:
    """A text to hand to another device: its QR code, the text itself, Copy and Share."""
    return (f'<div class="share-block" data-testid="{esc(testid)}">'
            f'<div class="qr" data-qr="{esc(text)}" data-qr-label="{esc(label)}"></div>'
            f'<div class="share-text"><label><span>{esc(label)}</span>'
            f'<input type="text" readonly value="{esc(text)}" data-testid="{esc(testid)}-text" '
            f'class="share-field"></label>'
            f'<div class="share-buttons">'
            f'<button type="button" class="btn small" data-action="copy" data-value="{esc(text)}" '
            f'data-testid="{esc(testid)}-copy">{esc(t("copy", lang))}</button>'
            f'<button type="button" class="btn small" data-action="share" data-value="{esc(text)}" '
            f'data-share-only="true" data-testid="{esc(testid)}-share">{esc(t("share", lang))}</button>'
            f'</div></div></div>')


def link_text(status: str | None, lang: str) -> str:
    return t(f"link_{status}", lang) if status else ""


def host_panel(net: Any, names: list[str], page_url: str, reply_text: str, notice: str | None,
               lang: str) -> str:
    """The host's view of its friend seats: who is connected, and an invite for each seat that waits."""
    rows = []
    inviting = False
    for seat, friend in sorted(net.friends.items()):
        status = friend.status
        state = (f'<span class="link-state is-{esc(status)}" data-testid="link-{seat}" data-link="{esc(status)}">'
                 f'{esc(link_text(status, lang))}</span>')
        body = ""
        invite = net.invite_of(seat)
        if status == "inviting" and invite is None:
            body = f'<p class="hint" aria-busy="true">{esc(t("making_invite", lang))}</p>'
        elif invite is not None:
            inviting = True
            link = page_url + "#" + invite.fragment()
            body = (f'<p class="hint">{esc(t("invite_hint", lang))}</p>'
                    + share_block(link, t("invite_for", lang, n=seat + 1), lang, f"invite-{seat}"))
        actions = []
        if status in ("dropped", "silent", "connecting") or (status == "inviting" and invite is not None):
            actions.append(("friend-invite", t("invite_again", lang), f"invite-again-{seat}"))
        if friend.secret is not None and status != "connected":
            actions.append(("friend-anyone", t("invite_someone", lang), f"invite-anyone-{seat}"))
        if status != "connected":
            actions.append(("friend-bot", t("to_bot", lang), f"to-bot-{seat}"))
        buttons = "".join(f'<button type="button" class="btn small subtle" data-action="{a}" data-value="{seat}" '
                          f'data-testid="{tid}">{esc(label)}</button>' for a, label, tid in actions)
        rows.append(f'<li class="friend-seat" data-seat-link="{seat}"><div class="friend-head">'
                    f'<b class="name">{esc(names[seat])}</b> {state}</div>{body}'
                    f'<div class="friend-actions">{buttons}</div></li>')
    reply = ""
    if inviting:
        reply = (f'<div class="reply-box"><label for="friend-reply">{esc(t("reply_label", lang))}</label>'
                 f'<textarea id="friend-reply" name="friend-reply" rows="2" data-testid="friend-reply" '
                 f'autocomplete="off" spellcheck="false">{esc(reply_text)}</textarea>'
                 f'<div class="share-buttons">'
                 f'<button type="button" class="btn primary small" data-action="friend-connect" '
                 f'data-testid="friend-connect">{esc(t("connect", lang))}</button>'
                 f'<button type="button" class="btn small" data-action="scan" data-testid="scan-reply" '
                 f'data-camera-only="true">{esc(t("scan_reply", lang))}</button></div></div>')
    if net.refusal:
        notice = t("undo_refused", lang, name=net.refusal)
    note = (f'<p class="notice" role="alert" data-testid="friends-notice">{esc(notice)}</p>' if notice else "")
    notes = "".join(f"<li>{esc(n)}</li>" for n in net.notes)
    refused = (f'<details class="friend-notes"><summary>{esc(t("refused_messages", lang))}</summary>'
               f'<ul data-testid="friend-notes">{notes}</ul></details>' if notes else "")
    answering = answering_line(net.answering(), names, lang)
    return (f'<section class="friends panel" data-testid="friends" aria-label="{esc(t("friends_title", lang))}">'
            f'<h2>{esc(t("friends_title", lang))}</h2>{answering}{note}<ul class="friend-seats">{"".join(rows)}</ul>'
            f'{reply}<p class="hint small">{esc(t("host_holds_state", lang))}</p>{refused}</section>')


def answering_line(seats: list[int], names: list[str], lang: str) -> str:
    """Who an open reaction window still waits for, in the order it asks (more than one seat)."""
    if len(seats) < 2:
        return ""
    return (f'<p class="hint" role="status" data-testid="answering">'
            f'{esc(t("still_to_answer", lang, names=join_names([names[s] for s in seats], lang)))}</p>')


def guest_links(session: Any, names: list[str], lang: str) -> str:
    """On a friend's device: who is at the table (connected or not), shown above the board."""
    links = session.links()
    items = []
    for seat, status in enumerate(links):
        if status is None or seat == session.seat:
            continue
        items.append(f'<li><b class="name">{esc(names[seat])}</b> <span class="link-state is-{esc(status)}" '
                     f'data-link="{esc(status)}">{esc(link_text(status, lang))}</span></li>')
    net = session.net
    warn = ""
    if net.silent:
        warn = f'<p class="notice" role="alert">{esc(t("host_silent", lang))}</p>'
    if net.status == "dropped":
        warn = f'<p class="notice" role="alert" data-testid="guest-dropped">{esc(t("guest_dropped", lang))}</p>'
    if net.undo_asked is not None:
        warn += (f'<div class="notice" role="alert" data-testid="undo-asked"><p>'
                 f'{esc(t("undo_question", lang, name=net.undo_asked["by"] or t("the_host", lang)))}</p>'
                 f'<div class="share-buttons"><button type="button" class="btn small" data-action="undo-yes" '
                 f'data-testid="undo-yes">{esc(t("undo_agree", lang))}</button>'
                 f'<button type="button" class="btn small" data-action="undo-no" data-testid="undo-no">'
                 f'{esc(t("undo_refuse", lang))}</button></div></div>')
    timer = (net.table or {}).get("timer")
    if timer and net.my_turn():
        warn += f'<p class="hint" role="status" data-testid="answer-timer">{esc(t("answer_within", lang, s=timer))}</p>'
    if net.pending is not None:
        warn += f'<p class="hint" role="status" data-testid="move-sent">{esc(t("move_sent", lang))}</p>'
    elif net.reason:
        warn += (f'<p class="notice" role="alert" data-testid="move-refused">'
                 f'{esc(t("move_refused", lang, reason=net.reason))}</p>')
    warn += answering_line(session.answering(), names, lang)
    others = f'<ul class="guest-links">{"".join(items)}</ul>' if items else ""
    if not (others or warn):
        return ""
    return (f'<section class="friends panel is-guest" data-testid="friends" '
            f'aria-label="{esc(t("friends_title", lang))}">{warn}{others}</section>')


def join_html(net: Any, player_name: str, lang: str, topbar: str) -> str:
    """A friend's device before it is seated: the invite, the name, Join, then the reply to show."""
    invite = net.invite
    title = t("join_title", lang, host=invite.host or t("the_host", lang))
    summary = t("join_summary", lang, game=game_title(INFOS.get(invite.game), lang), n=invite.num_players,
                seat=invite.seat + 1)
    if net.status == "refused":
        body = (f'<p class="notice" role="alert" data-testid="join-refused">'
                f'{esc(t("guest_refused", lang, reason=net.reason))}</p>')
    elif net.status == "dropped":
        body = f'<p class="notice" role="alert" data-testid="guest-dropped">{esc(t("guest_dropped", lang))}</p>'
    elif net.status == "reply" and net.reply:
        body = (f'<h2>{esc(t("reply_title", lang))}</h2><p class="hint">{esc(t("reply_hint", lang))}</p>'
                + share_block(net.reply, t("reply_title", lang), lang, "reply")
                + f'<p class="hint" role="status" aria-busy="true">{esc(t("guest_waiting_link", lang))}</p>')
    elif net.status == "linked":
        body = f'<p class="hint" role="status" aria-busy="true">{esc(t("guest_linked", lang))}</p>'
    elif net.status == "answering" and net.joined:
        body = f'<p class="hint" role="status" aria-busy="true">{esc(t("making_reply", lang))}</p>'
    else:
        body = (f'<div class="field"><label for="player-name">{esc(t("your_name", lang))}</label>'
                f'<input type="text" id="player-name" name="player-name" maxlength="24" autocomplete="nickname" '
                f'value="{esc(player_name)}"></div>'
                f'<button type="button" class="btn primary big" data-action="join" data-testid="join">'
                f'{esc(t("join", lang))}</button>')
    return (f'<div class="screen join-screen">{topbar}'
            f'<main class="join panel" data-testid="join-screen" data-join="{esc(net.status)}">'
            f'<h1 class="join-title">{esc(title)}</h1><p>{esc(summary)}</p>{body}'
            f'<p class="hint small">{esc(t("guest_privacy", lang))}</p>'
            f'<button type="button" class="btn subtle small" data-action="lobby">{esc(t("lobby", lang))}</button>'
            f'</main></div>')
