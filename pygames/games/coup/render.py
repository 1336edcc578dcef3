"""Coup table markup (pure functions; the protocol is in docs/architecture.md).

Click paths (step keys):
  main action        ["act:income"], ["act:tax"], ... ; targeted: ["act:steal", "seat:2"]
  reaction window    ["pass"], ["challenge"], ["block:contessa"]
  challenged claim   ["reveal:duke"]           a card of your hand (on your cards)
  losing influence   ["lose:captain"]          on your cards
  exchange           ["keep:duke+captain"]     one step per distinct set of cards kept
                                               (a single card: on the card; pairs: buttons)
  examined           ["show:duke"]             on your cards
  examining          ["examine_keep"], ["examine_swap"]
"""

from __future__ import annotations

from ...ui.html import choice_attrs, esc
from . import cards as C
from .text import (action_name, action_text, card_name, card_text, cards_list, claim_phrase,
                   faction_name, lang_of, ui)


# ------------------------------------------------------------------ click paths
def action_steps(action: dict, view: dict) -> list[str]:
    kind = action["type"]
    if kind in C.ACTIONS:
        if C.ACTIONS[kind]["target"]:
            return [f"act:{kind}", f"seat:{action['target']}"]
        return [f"act:{kind}"]
    if kind in ("pass", "challenge", "examine_keep", "examine_swap"):
        return [kind]
    if kind in ("block", "reveal", "lose", "show"):
        return [f"{kind}:{action['card']}"]
    if kind == "keep":
        return ["keep:" + "+".join(action["cards"])]
    raise ValueError(f"unknown action type {kind!r}")


def _variant_chars(view: dict) -> tuple[str, str]:
    opts = view["options"]
    return ("diplomat" if opts["diplomat"] else "duke"), ("inquisitor" if opts["inquisitor"] else "ambassador")


def _claim_of(view: dict, kind: str) -> str | None:
    spec = C.ACTIONS[kind]["claim"]
    if spec is None:
        return None
    tax, exch = _variant_chars(view)
    name = spec.lstrip("!")
    return {"*tax": tax, "tax": tax, "*exchange": exch}.get(name, name)


def _seat_word(seat: int, view: dict, lang: str) -> str:
    if seat == view.get("seat"):
        return ui("target_self", lang)
    return (f"Player {seat + 1}" if lang_of(lang) == "en" else f"プレイヤー{seat + 1}")


def step_label(key: str, view: dict, lang: str) -> str:
    """Plain text (the page escapes it) for a step key."""
    head, _, rest = key.partition(":")
    ja = lang_of(lang) == "ja"
    if head == "act":
        name = action_name(rest, lang)
        claim = _claim_of(view, rest)
        if claim is None:
            return name
        if rest == "embezzle":
            return f"{name}（{card_name(claim, lang)}なし）" if ja else f"{name} (no {card_name(claim, lang)})"
        return f"{name}（{card_name(claim, lang)}）" if ja else f"{name} ({card_name(claim, lang)})"
    if head == "seat":
        return _seat_word(int(rest), view, lang)
    if head == "pass":
        return ui("pass", lang)
    if head == "challenge":
        return ui("challenge", lang)
    if head == "block":
        return ui("block", lang, card=card_name(rest, lang))
    if head in ("reveal", "lose", "show"):
        return ui(head, lang, card=card_name(rest, lang))
    if head == "keep":
        return ui("keep", lang, cards=cards_list(rest.split("+"), lang))
    if head in ("examine_keep", "examine_swap"):
        return ui(head, lang)
    return key


# ------------------------------------------------------------------ status line
def _name(seat: int | None, names: list[str]) -> str:
    if seat is None or not 0 <= seat < len(names):
        return "?"
    return f'<b class="name">{esc(names[seat])}</b>'


def _card(card: str | None, lang: str) -> str:
    if card is None:
        return ""
    return f'<b class="coup-card-name coup-c-{esc(card)}">{esc(card_name(card, lang))}</b>'


def _claim_sentence(view: dict, lang: str, names: list[str]) -> str:
    """'Alice claims Captain and steals from Bob' for the pending action (HTML)."""
    info = view.get("info")
    if not info:
        return ""
    phrase = claim_phrase(info["action"], info["target"], info["claim"], info["negative"], lang, names)
    who = _name(info["actor"], names)
    text = f"{who}は{phrase}を宣言" if lang_of(lang) == "ja" else f"{who} {phrase}"
    if info.get("blocker") is not None:
        blocker = _name(info["blocker"], names)
        card = _card(info["block_card"], lang)
        text += (f"。{blocker}が{card}を主張してブロック" if lang_of(lang) == "ja"
                 else f"; {blocker} claims {card} to block")
    return text + ("。" if lang_of(lang) == "ja" else ".")


def prompt(view: dict, seat: int | None, lang: str, names: list[str]) -> str:
    ja = lang_of(lang) == "ja"
    if view["over"]:
        return "ゲーム終了。" if ja else "Game over."
    step = view["queue"][0]
    kind = step["k"]
    mover = view["to_move"]
    mine = seat is not None and seat == mover
    who = _name(mover, names)
    info = view.get("info") or {}
    claim = _claim_sentence(view, lang, names)
    if kind == "act":
        if mine:
            if view["coins"][seat] >= C.FORCED_COUP:
                return ("あなたの手番：10リラ以上あるのでクーを行わなければなりません。" if ja
                        else "Your turn: with 10 or more coins you must launch a Coup.")
            return "あなたの手番：アクションを選んでください。" if ja else "Your turn: choose an action."
        return f"{who}がアクションを選んでいます。" if ja else f"{who} is choosing an action."
    if kind == "react":
        if step["stage"] == "block":
            ask = ("許可するかチャレンジするか選んでください。" if ja else "Allow the block or challenge it?")
        elif step["stage"] == "second":
            ask = ("チャレンジは失敗しました。ブロックしますか？" if ja
                   else "The challenge failed. Block now, or allow?")
        elif info.get("action") == "foreign_aid":
            ask = ("許可するかブロックするか選んでください。" if ja else "Allow it or block it?")
        elif info.get("action") in ("steal", "assassinate", "examine") and info.get("target") == seat:
            ask = ("許可・チャレンジ・ブロックを選んでください。" if ja else "Allow, challenge or block?")
        else:
            ask = ("許可するかチャレンジするか選んでください。" if ja else "Allow or challenge?")
        if mine:
            return f"{claim} {ask}"
        return f"{claim} " + (f"{who}の返答を待っています。" if ja else f"Waiting for {who} to answer.")
    if kind == "reveal":
        claimed = info.get("block_card") if step["stage"] == "block" else info.get("claim")
        challenger = _name(step["challenger"], names)
        if mine:
            return (f"{challenger}にチャレンジされました。カードを1枚公開してください（{_card(claimed, lang)}なら主張は本当、"
                    f"それ以外ならそのカードを失います）。" if ja else
                    f"{challenger} challenges you. Reveal a card: {_card(claimed, lang)} proves your claim; "
                    f"any other card is lost.")
        return (f"{challenger}が{who}にチャレンジしました。{who}がカードを公開します。" if ja
                else f"{challenger} challenges {who}; {who} reveals a card.")
    if kind == "lose":
        if mine:
            return "失う影響力（カード）を1枚選んでください。" if ja else "Choose an influence (card) to lose."
        return f"{who}が失うカードを選んでいます。" if ja else f"{who} is choosing a card to lose."
    if kind == "keep":
        n = step["n"]
        if mine:
            return (f"交換：残すカードを{n}枚選んでください（残りは山札に戻ります）。" if ja
                    else f"Exchange: choose {n} card(s) to keep; the others go back to the court deck.")
        return f"{who}が交換しています。" if ja else f"{who} is exchanging cards."
    if kind == "show":
        actor = _name(step["actor"], names)
        if mine:
            return (f"審問：{actor}に見せるカードを1枚選んでください。" if ja
                    else f"Examine: choose a card to show to {actor}.")
        return f"{who}が{actor}に見せるカードを選んでいます。" if ja else f"{who} chooses a card to show to {actor}."
    if kind == "inspect":
        target = _name(step["target"], names)
        if mine and "card" in step:
            card = _card(step["card"], lang)
            return (f"{target}は{card}を見せました。そのままにするか、山札と交換させますか？" if ja
                    else f"{target} shows you {card}. Let them keep it, or force a swap with the court deck?")
        return f"{who}が{target}のカードについて決めています。" if ja else f"{who} decides about {target}'s card."
    return f"{who}の番です。" if ja else f"{who} is deciding."


# ------------------------------------------------------------------ board pieces
def _attrs(key: str, choices: dict, placed: set) -> str:
    if key in choices:
        placed.add(key)
        return " " + choice_attrs(key)
    return ""


def _card_face(card: str, lang: str, extra: str = "", attrs: str = "", text: bool = False,
               small: bool = False) -> str:
    look = C.LOOK.get(card, {"letter": "?"})
    cls = f"pg-card coup-card coup-c-{esc(card)}"
    if small:
        cls += " is-small"
    if extra:
        cls += " " + extra
    body = (f'<span class="coup-letter" aria-hidden="true">{esc(look["letter"])}</span>'
            f'<span class="coup-cname">{esc(card_name(card, lang))}</span>')
    if text:
        body += f'<span class="coup-ctext">{esc(card_text(card, lang))}</span>'
    return f'<div class="{cls}" title="{esc(card_name(card, lang))}"{attrs}>{body}</div>'


def _card_back(lang: str, small: bool = True) -> str:
    cls = "pg-card is-back coup-card coup-back" + (" is-small" if small else "")
    return f'<div class="{cls}" title="{esc(ui("hidden", lang))}" aria-label="{esc(ui("hidden", lang))}"></div>'


def _coins(amount: int, lang: str, attrs: str = "") -> str:
    return (f'<span class="pg-chip coup-coins" title="{esc(amount)} {esc(ui("coins", lang))}"{attrs}>'
            f'<span class="coup-coin-icon" aria-hidden="true">₤</span>{esc(amount)}</span>')


def _faction_badge(faction: int, lang: str) -> str:
    icon = "♛" if faction == 0 else "⚑"
    return (f'<span class="coup-faction coup-f{faction}" title="{esc(faction_name(faction, lang))}">'
            f'{icon} {esc(faction_name(faction, lang))}</span>')


def _player_panel(view: dict, p: int, lang: str, names: list[str], choices: dict, placed: set) -> str:
    seat = view.get("seat")
    alive = view["hand_counts"][p] > 0
    classes = ["pg-player", "coup-player"]
    if view["turn"] == p and not view["over"]:
        classes.append("is-turn")
    if view["to_move"] == p and view["to_move"] != view["turn"]:
        classes.append("coup-asked")
    if p == seat:
        classes.append("is-you")
    if not alive:
        classes.append("is-out")
    if view["factions"] is not None:
        classes.append(f"coup-pf{view['factions'][p]}")
    attrs = _attrs(f"seat:{p}", choices, placed)
    head = [f'<span class="coup-pname name">{esc(names[p]) if p < len(names) else p}</span>']
    if p == seat and ui("you", lang) not in (names[p] if p < len(names) else ""):  # the name may say it already
        head.append(f'<span class="coup-you">({esc(ui("you", lang))})</span>')
    if view["factions"] is not None:
        head.append(_faction_badge(view["factions"][p], lang))
    head.append(_coins(view["coins"][p], lang))
    if view["options"]["wins_needed"] > 1:
        head.append(f'<span class="coup-wins">★ {esc(view["wins"][p])} {esc(ui("wins", lang))}</span>')
    if view["turn"] == p and not view["over"]:
        head.append(f'<span class="coup-turn-mark">▶ {esc(ui("turn", lang))}</span>')
    if not alive:
        head.append(f'<span class="coup-out">{esc(ui("eliminated", lang))}</span>')
    slots = []
    if p == seat and view.get("hand") is not None:
        slots += [_card_face(c, lang, small=True) for c in view["hand"]]
    else:
        slots += [_card_back(lang) for _ in range(view["hand_counts"][p])]
    slots += [_card_face(c, lang, extra="is-dim coup-lost", small=True) for c in view["lost"][p]]
    return (f'<div class="{" ".join(classes)}" data-seat="{p}"{attrs}>'
            f'<div class="coup-phead">{"".join(head)}</div>'
            f'<div class="pg-row coup-slots">{"".join(slots)}</div></div>')


def _center(view: dict, lang: str) -> str:
    parts = [f'<div class="coup-deck">{_card_back(lang, small=True)}'
             f'<span class="pg-label">{esc(ui("deck", lang))}</span>'
             f'<span class="coup-count">{esc(view["deck_count"])}</span></div>']
    if view["factions"] is not None:
        parts.append(f'<div class="coup-almshouse"><span class="pg-label">{esc(ui("almshouse", lang))}</span>'
                     f'{_coins(view["almshouse"], lang)}</div>')
    if view["options"]["wins_needed"] > 1:
        parts.append(f'<div class="coup-round"><span class="pg-label">{esc(ui("round", lang))}</span>'
                     f'<span class="coup-count">{esc(view["round"])}</span>'
                     f'<span class="pg-label">→ {esc(view["options"]["wins_needed"])} ★</span></div>')
    return f'<div class="coup-center pg-row">{"".join(parts)}</div>'


def _pending(view: dict, seat: int | None, lang: str, names: list[str]) -> str:
    sentence = _claim_sentence(view, lang, names)
    extra = ""
    step = view["queue"][0] if view["queue"] else None
    if step and step["k"] == "inspect" and "card" in step:
        target = _name(step["target"], names)
        extra = (f'<div class="coup-shown"><span class="pg-label">{esc(ui("shown_to_you", lang))}: </span>'
                 f'{target} {_card_face(step["card"], lang, small=True)}</div>')
    if not sentence and not extra:
        return ""
    return f'<div class="coup-pending" data-testid="coup-claim">{sentence}{extra}</div>'


def _my_area(view: dict, seat: int, lang: str, choices: dict, placed: set) -> str:
    hand = view.get("hand") or []
    step = view["queue"][0] if view["queue"] else None
    cards = []
    for c in hand:
        attrs = ""
        for head in ("lose", "reveal", "show", "keep"):
            attrs += _attrs(f"{head}:{c}", choices, placed)
        cards.append(_card_face(c, lang, attrs=attrs, text=True))
    parts = [f'<div class="coup-mine"><span class="pg-label">{esc(ui("your_hand", lang))}</span>'
             f'<div class="pg-row">{"".join(cards) or "—"}</div></div>']
    if step and step["k"] == "keep" and "drawn" in step:
        drawn = [_card_face(c, lang, attrs=_attrs(f"keep:{c}", choices, placed), text=True, extra="coup-drawn")
                 for c in step["drawn"]]
        parts.append(f'<div class="coup-mine"><span class="pg-label">{esc(ui("drawn", lang))}</span>'
                     f'<div class="pg-row">{"".join(drawn)}</div></div>')
    return f'<div class="coup-hand pg-row">{"".join(parts)}</div>'


def _action_menu(view: dict, lang: str, choices: dict, placed: set) -> str:
    opts = view["options"]
    tax, exch = _variant_chars(view)
    rows = []
    for kind in C.ACTION_ORDER:
        if kind == "tax" and opts["diplomat"]:
            continue
        if kind == "examine" and not opts["inquisitor"]:
            continue
        if kind == "cooperate" and not opts["diplomat"]:
            continue
        if kind in ("convert", "embezzle") and not opts["factions"]:
            continue
        claim = _claim_of(view, kind)
        key = f"act:{kind}"
        attrs = _attrs(key, choices, placed)
        cls = "coup-act" + ("" if attrs else " is-off")
        badge = ""
        if claim is not None:
            look = C.LOOK[claim]
            neg = "coup-neg " if kind == "embezzle" else ""
            badge = (f'<span class="coup-badge {neg}coup-c-{esc(claim)}">{"≠" if neg else ""}'
                     f'{esc(look["letter"])} {esc(card_name(claim, lang))}</span>')
        rows.append(f'<div class="{cls}"{attrs}><span class="coup-aname">{esc(action_name(kind, lang))}</span>'
                    f'{badge}<span class="coup-atext">{esc(action_text(kind, lang, tax, exch))}</span></div>')
    return (f'<div class="coup-actions"><span class="pg-label">{esc(ui("actions", lang))}</span>'
            f'<div class="coup-alist">{"".join(rows)}</div></div>')


def board(view: dict, seat: int | None, lang: str, names: list[str],
          choices: dict[str, str], picked: tuple[str, ...] = ()) -> tuple[str, set[str]]:
    placed: set[str] = set()
    n = view["num_players"]
    order = list(range(n))
    if seat is not None:
        order = [(seat + i) % n for i in range(n)]
    panels = "".join(_player_panel(view, p, lang, names, choices, placed) for p in order)
    parts = [_center(view, lang), _pending(view, seat, lang, names),
             f'<div class="coup-players">{panels}</div>']
    if seat is not None:
        parts.append(_my_area(view, seat, lang, choices, placed))
    if not view["over"]:
        parts.append(_action_menu(view, lang, choices, placed))
    return f'<div class="coup-board">{"".join(parts)}</div>', placed


# ------------------------------------------------------------------ end of game
def game_over(view: dict, lang: str, names: list[str]) -> str:
    ja = lang_of(lang) == "ja"
    need = view["options"]["wins_needed"]
    rows = []
    for p in range(view["num_players"]):
        won = view["wins"][p] >= need
        lost = ", ".join(card_name(c, lang) for c in view["lost"][p]) or "—"
        status = ("勝者" if ja else "winner") if won else ("敗者" if ja else "—")
        rows.append(f'<tr class="{"coup-winner" if won else ""}"><td>{_name(p, names)}</td>'
                    f'<td>{esc(view["wins"][p])}</td><td>{esc(lost)}</td><td>{esc(status)}</td></tr>')
    head = ("<tr><th>プレイヤー</th><th>ラウンド勝利数</th><th>最終ラウンドで失ったカード</th><th></th></tr>" if ja
            else "<tr><th>Player</th><th>Rounds won</th><th>Cards lost (last round)</th><th></th></tr>")
    note = (f"{esc(need)}ラウンド先取した1人だけが勝者です。2位以下の順位はありません。" if ja
            else f"The only winner is the first player to win {esc(need)} round(s); there are no other places.")
    return f'<table class="coup-scores">{head}{"".join(rows)}</table><p class="coup-note">{note}</p>'
