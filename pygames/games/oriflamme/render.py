"""Oriflamme table markup (pure functions; see docs/architecture.md, "render.py protocol").

Click paths (step keys):
    place          ["hand:<kind>", "slot:left" | "slot:right" | "slot:center" | "stack:<pos>"]
    reveal / leave ["reveal"] / ["leave"]                        (buttons)
    target / copy  ["card:<pos>"]                                 (a card of the queue)
    spy            ["seat:<seat>"]                                (a player panel)
    move           ["card:<pos>", "gap:<g>" | "onto:<pos>"]       (a card, then a slot or a card)
"""

from __future__ import annotations

import math

from ...ui.html import card_list, choice_attrs, esc, picked_attrs, purse_attrs, zoom_attrs
from ...ui.i18n import parens, seat_name, unlimited_html
from . import cards
from .text import card_name, t

PREFIX = "oriflamme"


# ---------------------------------------------------------------------- click keys
# Every click key of Oriflamme's board and buttons is made by one of these functions and read back
# by ``read_key`` (nowhere else puts one together or takes one apart).
def hand_key(kind: str) -> str:             # a card of the hand to place
    return f"hand:{kind}"


def end_key(at: str) -> str:                # where: "left", "right" or "center" (an empty queue)
    return f"slot:{at}"


def stack_key(pos: int) -> str:             # ... or on a card of your own (a Heir's stack)
    return f"stack:{pos}"


def card_key(pos: int) -> str:              # a card of the queue (a target, a copy, a card to move)
    return f"card:{pos}"


def gap_key(gap: int) -> str:               # where a moved card goes: between two cards
    return f"gap:{gap}"


def onto_key(pos: int) -> str:              # ... or onto a card
    return f"onto:{pos}"


def seat_key(seat: int) -> str:             # a player panel
    return f"seat:{seat}"


def plain_key(kind: str) -> str:            # reveal, leave (buttons)
    return kind


def read_key(key: str) -> tuple[str, str | int | None]:
    """(head, value) of a key made above: the kind for hand, the end for slot, an int for stack,
    card, gap, onto and seat, None for a plain key."""
    head, _, rest = key.partition(":")
    if head in ("stack", "card", "gap", "onto", "seat"):
        return head, int(rest)
    return head, rest or None


# ---------------------------------------------------------------------- click paths
def action_steps(action: dict, view: dict) -> list[str]:
    kind = action["type"]
    if kind == "place":
        at = action["at"]
        second = stack_key(action["pos"]) if at == "stack" else end_key(at)
        return [hand_key(action["card"]), second]
    if kind in ("reveal", "leave"):
        return [plain_key(kind)]
    if kind in ("target", "copy"):
        return [card_key(action["pos"])]
    if kind == "spy":
        return [seat_key(action["seat"])]
    if kind == "move":
        second = gap_key(action["gap"]) if "gap" in action else onto_key(action["onto"])
        return [card_key(action["pos"]), second]
    raise ValueError(f"unknown action {action!r}")


def step_label(key: str, view: dict, lang: str, names: list[str] | None = None) -> str:
    head, rest = read_key(key)
    if head == "hand" and rest in cards.NAMES:
        return t("play_card", lang, card=card_name(str(rest), lang))
    if head == "slot":
        return t({"left": "left_end", "right": "right_end", "center": "center"}.get(str(rest), "center"), lang)
    if isinstance(rest, int) and head == "stack":
        return t("on_card", lang, n=rest + 1)
    if isinstance(rest, int) and head == "card":
        index = rest
        label = t("card_n", lang, n=index + 1)
        card = _top(view, index)
        if card is not None and card.get("k"):
            label += parens(card_name(card["k"], lang), lang)
        return label
    if isinstance(rest, int) and head == "gap":
        g = rest
        if g >= len(view.get("queue", [])):
            return t("gap_end", lang)
        return t("gap_n", lang, n=g + 1)
    if isinstance(rest, int) and head == "onto":
        return t("onto_n", lang, n=rest + 1)
    if isinstance(rest, int) and head == "seat":
        return seat_name(rest, names, lang)
    if key == "reveal":
        return t("reveal", lang)
    if key == "leave":
        return t("leave", lang)
    return key


def _top(view: dict, index: int) -> dict | None:
    queue = view.get("queue", [])
    if 0 <= index < len(queue):
        return queue[index][-1]
    return None


# ---------------------------------------------------------------------- status line
def _plain_name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def prompt(view: dict, seat: int | None, lang: str, names: list[str]) -> str:
    phase = view["phase"]
    if phase == "over":
        return esc(t("p_over", lang))
    mover = view["mover"]
    name = _plain_name(names, mover)
    if phase == "place":
        return esc(t("p_place" if seat == mover else "p_place_other", lang, name=name))
    pending = view["pending"] or {}
    kind = pending.get("type")
    if seat != mover:
        return esc(t("p_wait", lang, name=name))
    if kind == "reveal":
        return esc(t("p_reveal", lang, name=name, n=view["pos"] + 1))
    if kind == "target":
        ability = pending["ability"]
        label = card_name(ability, lang)
        if pending.get("via"):
            label = (f"{card_name('shapeshifter', lang)}（{label}）" if lang == "ja"
                     else f"{card_name('shapeshifter', lang)} ({label})")
        return esc(t("p_target", lang, name=name, card=label))
    if kind in ("spy", "copy", "move"):
        return esc(t(f"p_{kind}", lang, name=name))
    return esc(t("p_wait", lang, name=name))


# ---------------------------------------------------------------------- pieces
def _emblem(seat: int, size: int = 14) -> str:
    colour = cards.SEAT_COLOURS[seat % len(cards.SEAT_COLOURS)]
    shape = cards.SEAT_EMBLEMS[seat % len(cards.SEAT_EMBLEMS)]
    s = size
    if shape == "circle":
        body = f'<circle cx="{s / 2}" cy="{s / 2}" r="{s / 2 - 1}"/>'
    elif shape == "square":
        body = f'<rect x="1" y="1" width="{s - 2}" height="{s - 2}"/>'
    elif shape == "triangle":
        body = f'<polygon points="{s / 2},1 {s - 1},{s - 1} 1,{s - 1}"/>'
    elif shape == "diamond":
        body = f'<polygon points="{s / 2},0 {s},{s / 2} {s / 2},{s} 0,{s / 2}"/>'
    else:
        pts = []
        for i in range(10):
            r = (s / 2) if i % 2 == 0 else (s / 5)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append(f"{s / 2 + r * math.cos(a):.1f},{s / 2 + r * math.sin(a):.1f}")
        body = f'<polygon points="{" ".join(pts)}"/>'
    return (f'<svg class="{PREFIX}-emblem" width="{s}" height="{s}" viewBox="0 0 {s} {s}" aria-hidden="true" '
            f'fill="{colour}" stroke="#222" stroke-width="1">{body}</svg>')


def _initial(names: list[str], seat: int) -> str:
    name = _plain_name(names, seat).strip()
    return esc(name[:1].upper() if name else str(seat + 1))


def _owner_tag(names: list[str], seat: int) -> str:
    return (f'<span class="{PREFIX}-owner {PREFIX}-seat{seat % 5}">{_emblem(seat)}'
            f'<span class="{PREFIX}-initial">{_initial(names, seat)}</span></span>')


# where the long one-word English names may break on a narrow card face (a soft hyphen), instead of
# the browser cutting them anywhere ("Shapesh|ifter")
SOFT_BREAKS = {"Shapeshifter": ("Shape", "shifter"), "Assassination": ("Assassi", "nation"),
               "Conspiracy": ("Conspi", "racy")}


def _face_name(kind: str, lang: str) -> str:
    """A card's name for its face (HTML), with a soft hyphen where a long word may break."""
    name = card_name(kind, lang)
    if name in SOFT_BREAKS:
        return "&shy;".join(esc(part) for part in SOFT_BREAKS[name])
    return esc(name)


def _art(name: str, css: str = "card-art") -> str:
    return f'<svg class="{css}" aria-hidden="true"><use href="#{PREFIX}-art-{esc(name)}"/></svg>'


def _card_face(card: dict, seat: int | None, lang: str, names: list[str], depth: int) -> tuple[str, str, str]:
    """(classes, inner markup, extra attributes) of a queue card; a hidden card shows its back only."""
    owner = card["o"]
    kind = card.get("k")
    classes = [f"{PREFIX}-card", f"{PREFIX}-seat{owner % 5}"]
    extra = ""
    if card["up"]:
        classes.append(f"{PREFIX}-up")
        body = (f'{_art(kind)}<span class="{PREFIX}-cname">{_face_name(kind, lang)}</span>'
                f'<span class="{PREFIX}-ctext">{esc(cards.SHORT[kind][lang])}</span>')
        extra = zoom_attrs(PREFIX, kind)
    else:
        classes.append(f"{PREFIX}-down")
        if kind is not None and owner == seat:
            body = (f'{_art(kind, "card-art " + PREFIX + "-faint")}'
                    f'<span class="{PREFIX}-cname">{_face_name(kind, lang)}</span>'
                    f'<span class="{PREFIX}-ctext">{esc(t("face_down", lang))}</span>')
            extra = zoom_attrs(PREFIX, kind)
        else:
            body = f'{_art("back")}<span class="sr-only">{esc(t("hidden", lang))}</span>'
    badge = ""
    if card["ip"]:
        badge = (f'<span class="{PREFIX}-ip" title="{esc(t("influence", lang))}">{card["ip"]}</span>')
    depth_badge = ""
    if depth:
        depth_badge = f'<span class="{PREFIX}-depth">{esc(t("below", lang, n=depth))}</span>'
    return " ".join(classes), f"{_owner_tag(names, owner)}{badge}{body}{depth_badge}", extra


def _anim_ids(queue: list, seat: int | None) -> list[str]:
    """A stable id for the top card of each stack: owner and kind when known, else the owner's
    n-th hidden card from the left."""
    hidden: dict[int, int] = {}
    ids = []
    for stack in queue:
        top = stack[-1]
        if top.get("k") is not None:
            ids.append(f"card-{top['o']}-{top['k']}")
        else:
            n = hidden.get(top["o"], 0)
            hidden[top["o"]] = n + 1
            ids.append(f"card-{top['o']}-hidden{n}")
    return ids


def _covered_list(stack: list, seat: int | None, lang: str) -> str:
    if len(stack) < 2:
        return ""
    items = []
    for card in reversed(stack[:-1]):
        kind = card.get("k")
        label = card_name(kind, lang) if kind else "?"
        if card["ip"]:
            label += parens(f"{card['ip']}{'' if lang == 'ja' else ' '}{t('influence', lang)}", lang)
        if not card["up"] and kind:
            label += "*"
        # the owner's emblem (a shape) beside the seat's colour: colour alone tells no one whose it is
        items.append(f'<li class="{PREFIX}-seat{card["o"] % 5}">{_emblem(card["o"])} {esc(label)}</li>')
    return f'<ul class="{PREFIX}-covered" aria-label="{esc(t("under", lang))}">{"".join(items)}</ul>'


def _slot(key: str, label: str, choices: dict, placed: set, css: str) -> str:
    if key not in choices:
        return ""
    placed.add(key)
    title = choices.get(key) or label
    return (f'<div class="{PREFIX}-slot {PREFIX}-{css}" title="{esc(title)}" aria-label="{esc(title)}" '
            f'{choice_attrs(key)}>{esc(label)}</div>')


def _player(view: dict, p: int, seat: int | None, lang: str, names: list[str], choices: dict, placed: set) -> str:
    key = seat_key(p)
    attrs = ""
    classes = [f"{PREFIX}-player", f"{PREFIX}-seat{p % 5}"]
    if key in choices:
        attrs = " " + choice_attrs(key)
        placed.add(key)
        classes.append(f"{PREFIX}-target")
    if p == view["mover"]:
        classes.append(f"{PREFIX}-moving")
    if p == seat:
        classes.append(f"{PREFIX}-me")
    first = ""
    if p == view["first"]:
        first = (f'<span class="{PREFIX}-first" title="{esc(t("first_player", lang))}">'
                 f'⚑ {esc(t("first_player", lang))}</span>')
    return (f'<div class="{" ".join(classes)}" data-seat="{p}" data-anchor="seat:{p}"{attrs}>{_emblem(p, 18)}'
            f'<span class="{PREFIX}-pname">{esc(_plain_name(names, p))}</span>'
            f'<span class="{PREFIX}-score" data-anim-id="coins-{p}"{purse_attrs("influence", view["ip"][p])} '
            f'title="{esc(t("influence", lang))}">'
            f'{_art("token", PREFIX + "-token")}<b>{view["ip"][p]}</b>'
            f'<span class="{PREFIX}-ipword">{esc(t("ip_short", lang))}</span></span>'
            f'<span class="{PREFIX}-handcount">{esc(t("hand_count", lang, n=view["hand_counts"][p]))}</span>'
            f'{first}</div>')


# ---------------------------------------------------------------------- board
def board(view: dict, seat: int | None, lang: str, names: list[str], choices: dict,
          picked: tuple[str, ...] = ()) -> tuple[str, set]:
    """The table; ``picked`` (the clicks of a started move: a hand card to place, the card a
    Royal Decree moves) are marked where they lie."""
    placed: set[str] = set()
    parts = [f'<div class="{PREFIX}-table">']
    mine = seat is not None and seat in view["seating"]

    # header: round and phase, then the other players (compact)
    phase_key = {"place": "phase_place", "resolve": "phase_resolve", "over": "phase_over"}[view["phase"]]
    parts.append(f'<div class="{PREFIX}-header"><span class="{PREFIX}-round">'
                 f'{esc(t("round", lang, r=view["round"], n=view["rounds"]))}</span> '
                 f'<span class="{PREFIX}-phase">{esc(t(phase_key, lang))}</span>'
                 # the supply the cards' and players' influence comes from (tokens travel from it)
                 f'<span class="{PREFIX}-supply" data-anim-id="influence-bank"{purse_attrs("influence", bank=True)}>'
                 f'{_art("token", PREFIX + "-token")}{esc(t("supply", lang))}{unlimited_html(lang)}</span></div>')
    parts.append(f'<div class="{PREFIX}-players">')
    for p in view["seating"]:
        if p != seat:
            parts.append(_player(view, p, seat, lang, names, choices, placed))
    parts.append("</div>")

    # the queue
    queue = view["queue"]
    ids = _anim_ids(queue, seat)
    parts.append(f'<div class="{PREFIX}-queue-title">{esc(t("queue", lang))}</div>')
    # one row that scrolls sideways, the card being resolved scrolled into view (site/main.py): a
    # wrapped queue put neighbours on different rows, and the rules are all about neighbours
    parts.append(f'<div class="{PREFIX}-queue" data-scroller data-anchor="queue">')
    parts.append(_slot(end_key("left"), t("left_end", lang), choices, placed, "end"))
    parts.append(_slot(end_key("center"), t("center", lang), choices, placed, "end"))
    if not queue and end_key("center") not in choices:
        parts.append(f'<div class="{PREFIX}-empty">{esc(t("empty_queue", lang))}</div>')
    resolving = view["pos"] if view["phase"] == "resolve" else None
    for i, stack in enumerate(queue):
        parts.append(_slot(gap_key(i), "↓", choices, placed, "gap"))
        top = stack[-1]
        css, inner, extra = _card_face(top, seat, lang, names, len(stack) - 1)
        attrs = ""
        for key in (card_key(i), stack_key(i), onto_key(i)):
            if key in choices:
                attrs = " " + choice_attrs(key)
                placed.add(key)
                css += f" {PREFIX}-target"
                break
        if attrs and extra:
            extra = extra.replace(' tabindex="0"', "")
        if card_key(i) in picked:  # the card a Royal Decree is moving
            attrs += picked_attrs(card_key(i), picked)
            css += f" {PREFIX}-picked"
        if i == resolving:
            css += f" {PREFIX}-current"
        if len(stack) > 1:
            css += f" {PREFIX}-stacked"
        anim = f' data-anim-id="{esc(ids[i])}"{purse_attrs("influence", top["ip"])}'
        if top.get("k") is not None:  # a card just turned over starts where its back was
            backs_before = sum(1 for s in queue[:i] if s[-1]["o"] == top["o"] and s[-1].get("k") is None)
            anim += f' data-anim-from="card-{top["o"]}-hidden{backs_before}"'
        in_view = " data-in-view" if i == resolving else ""
        parts.append(f'<div class="{PREFIX}-stack"{in_view}><div class="{PREFIX}-pos">{i + 1}'
                     f'{" ▶ " + esc(t("now", lang)) if i == resolving else ""}</div>'
                     f'<div class="{css}"{anim}{extra}{attrs}>{inner}</div>{_covered_list(stack, seat, lang)}</div>')
    parts.append(_slot(gap_key(len(queue)), "↓", choices, placed, "gap"))
    parts.append(_slot(end_key("right"), t("right_end", lang), choices, placed, "end"))
    parts.append("</div>")

    # your place: your influence, your hand, your removed cards
    if mine:
        parts.append(f'<div class="{PREFIX}-mine">{_player(view, seat, seat, lang, names, choices, placed)}')
    if view.get("hand") is not None:
        parts.append(f'<div class="{PREFIX}-section"><div class="{PREFIX}-title">{esc(t("hand", lang))}</div>')
        hand = []
        for kind in view["hand"]:
            key = hand_key(kind)
            attrs, extra = "", ""
            if key in choices:
                attrs = " " + choice_attrs(key)
                placed.add(key)
                extra = f" {PREFIX}-target"
            elif key in picked:  # the card being placed
                attrs = picked_attrs(key, picked)
                extra = f" {PREFIX}-picked"
            hand.append(
                f'<div class="{PREFIX}-card {PREFIX}-hcard {PREFIX}-seat{seat % 5}{extra}" '
                f'data-anim-id="card-{seat}-{esc(kind)}"{zoom_attrs(PREFIX, kind, attrs)}{attrs}>{_art(kind)}'
                f'<span class="{PREFIX}-cname">{_face_name(kind, lang)}</span>'
                f'<span class="{PREFIX}-ctext">{esc(cards.SHORT[kind][lang])}</span></div>')
        parts.append(card_list(hand, t("hand", lang), f"{PREFIX}-hand", ' data-anchor="hand"') + "</div>")
        parts.append(f'<div class="{PREFIX}-section {PREFIX}-removed"><div class="{PREFIX}-title">'
                     f'{esc(t("removed", lang))}</div><div class="{PREFIX}-minis">')
        for kind in view["removed"]:
            parts.append(f'<span class="{PREFIX}-mini {PREFIX}-seat{seat % 5}"{zoom_attrs(PREFIX, kind)}>'
                         f'{_art(kind, PREFIX + "-mini-art")}{esc(card_name(kind, lang))}</span>')
        parts.append("</div></div>")
    if mine:
        parts.append("</div>")

    # discards, public, grouped by owner
    parts.append(f'<div class="{PREFIX}-section"><div class="{PREFIX}-title">{esc(t("discard", lang))}</div>'
                 f'<div class="{PREFIX}-discards">')
    for p in view["seating"]:
        pile = view["discard"][p]
        items = "".join(f'<span class="{PREFIX}-mini {PREFIX}-seat{p % 5}" data-anim-id="card-{p}-{esc(k)}"'
                        f'{zoom_attrs(PREFIX, k)}>{_art(k, PREFIX + "-mini-art")}{esc(card_name(k, lang))}</span>'
                        for k in pile) or f'<span class="{PREFIX}-none">{esc(t("none", lang))}</span>'
        parts.append(f'<div class="{PREFIX}-pile">{_emblem(p)}'
                     f'<span class="{PREFIX}-pname">{esc(_plain_name(names, p))}</span>{items}</div>')
    parts.append("</div></div>")
    parts.append("</div>")
    return "".join(parts), placed


# ---------------------------------------------------------------------- the large card (zoom)
_ZOOM_WORDS = {"en": {"character": "Character: stays in the queue", "one-shot": "One shot: then discarded",
                      "copies": "1 per family"},
               "ja": {"character": "キャラクター：列に残る", "one-shot": "使い切り：使用後に排除",
                      "copies": "各家に1枚"}}


def card_zoom(key: str, lang: str) -> str:
    """The large card of kind ``key``: picture, name, family, the full ability text."""
    if key not in cards.NAMES:
        raise KeyError(key)
    lang = "ja" if lang == "ja" else "en"
    words = _ZOOM_WORDS[lang]
    family = words["one-shot" if key in cards.ONE_SHOT else "character"]
    return (f'{_art(key)}<h3>{esc(card_name(key, lang))}</h3>'
            f'<div class="zoom-meta"><span>{esc(family)}</span><span>{esc(words["copies"])}</span></div>'
            f'<p>{esc(cards.TEXTS[key][lang])}</p>')


# ---------------------------------------------------------------------- game over
def game_over(view: dict, lang: str, names: list[str]) -> str:
    ip = view["ip"]
    counts = view["cards_in_queue"]
    winners = view.get("winners") or []
    order = sorted(range(view["num_players"]), key=lambda s: (-ip[s], -counts[s], s))
    rows = []
    for s in order:
        mark = f'<span class="{PREFIX}-crown">★ {esc(t("go_winner", lang))}</span>' if s in winners else ""
        rows.append(f'<tr class="{PREFIX}-seat{s % 5}"><td>{_emblem(s)} {esc(_plain_name(names, s))}</td>'
                    f'<td>{ip[s]}</td><td>{counts[s]}</td><td>{mark}</td></tr>')
    best = max(ip)
    tied = [s for s in range(view["num_players"]) if ip[s] == best]
    sep = "、" if lang == "ja" else ", "
    notes = [esc(t("go_rule", lang))]
    if len(tied) > 1:
        notes.append(esc(t("go_tie", lang, names=sep.join(_plain_name(names, s) for s in tied))))
        if len(winners) > 1:
            notes.append(esc(t("go_shared", lang)))
    if len(winners) == 1 and len(tied) > 1:  # the tie-break's winner; a clear winner is said by the heading and ★
        notes.append(esc(t("go_single", lang, name=_plain_name(names, winners[0]))))
    elif winners:
        notes.append(esc(t("go_shared_win", lang, names=sep.join(_plain_name(names, s) for s in winners))))
    return (f'<div class="{PREFIX}-gameover"><div class="{PREFIX}-title">{esc(t("go_title", lang))}</div>'
            f'<table class="{PREFIX}-scores"><thead><tr><th>{esc(t("go_player", lang))}</th>'
            f'<th>{esc(t("go_ip", lang))}</th><th>{esc(t("go_cards", lang))}</th>'
            f'<th><span class="sr-only">{esc(t("go_winner", lang))}</span></th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
            + "".join(f'<p class="{PREFIX}-note">{note}</p>' for note in notes) + "</div>")


# ---------------------------------------------------------------------- step prompts (issue 38)
def step_prompt(view: dict, picked: tuple[str, ...], lang: str, names: list[str]) -> str | None:
    """The prompt once the first click of a move is made: where the card goes."""
    ja = lang == "ja"
    head, _, rest = picked[-1].partition(":")
    if head == "hand":
        name = esc(card_name(rest, lang)) if rest in cards.NAMES else esc(rest)
        return (f"{name}を置く場所を選んでください（列の左端か右端、または自分のカードの上）。" if ja
                else f"Choose where to place {name}: an end of the queue, or on one of your cards.")
    if head == "card":
        return ("移動先を選んでください。" if ja else "Choose where to move that card.")
    return None
