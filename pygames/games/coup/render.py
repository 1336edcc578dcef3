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

from typing import Any

from ...ui.html import card_list, choice_attrs, esc, picked_attrs, purse_attrs, zoom_attrs
from ...ui.i18n import parens, plural, seat_name, unlimited_html
from . import cards as C
from .art import ACTION_ART
from .text import action_name, action_text, card_name, card_text, cards_list, claim_phrase, faction_name, lang_of, ui


# ------------------------------------------------------------------ click keys
# Every click key of Coup's board and buttons is made by one of these functions and read back by
# ``read_key`` (nowhere else puts one together or takes one apart).
def act_key(kind: str) -> str:                  # a main action of the menu
    return f"act:{kind}"


def seat_key(seat: int) -> str:                 # its target
    return f"seat:{seat}"


def card_key(verb: str, card: str) -> str:      # block, reveal, lose or show: a character
    return f"{verb}:{card}"


def keep_key(cards: list[str]) -> str:          # the cards an exchange keeps
    return "keep:" + "+".join(cards)


def plain_key(kind: str) -> str:                # pass, challenge, examine_keep, examine_swap
    return kind


def read_key(key: str) -> tuple[str, Any]:
    """(head, value) of a key made above: the action kind or character as made; an int for seat;
    the list of cards for keep; None for a plain key."""
    head, _, rest = key.partition(":")
    if head == "seat":
        return head, int(rest)
    if head == "keep":
        return head, rest.split("+")
    return head, rest or None


# ------------------------------------------------------------------ click paths
def action_steps(action: dict, view: dict) -> list[str]:
    kind = action["type"]
    if kind in C.ACTIONS:
        if C.ACTIONS[kind]["target"]:
            return [act_key(kind), seat_key(action["target"])]
        return [act_key(kind)]
    if kind in ("pass", "challenge", "examine_keep", "examine_swap"):
        return [plain_key(kind)]
    if kind in ("block", "reveal", "lose", "show"):
        return [card_key(kind, action["card"])]
    if kind == "keep":
        return [keep_key(action["cards"])]
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


def _seat_word(seat: int, view: dict, lang: str, names: list[str] | None) -> str:
    if seat == view.get("seat"):
        return ui("target_self", lang)
    return seat_name(seat, names, lang)


def step_label(key: str, view: dict, lang: str, names: list[str] | None = None) -> str:
    """Plain text (the page escapes it) for a step key."""
    head, rest = read_key(key)
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
        return _seat_word(rest, view, lang, names)
    if head == "pass":
        return ui("pass", lang)
    if head == "challenge":
        return ui("challenge", lang)
    if head == "block":
        return ui("block", lang, card=card_name(rest, lang))
    if head in ("reveal", "lose", "show"):
        return ui(head, lang, card=card_name(rest, lang))
    if head == "keep":
        return ui("keep", lang, cards=cards_list(rest, lang))
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
            return (f"{challenger}にチャレンジされました。"
                    f"カードを1枚公開してください（{_card(claimed, lang)}なら主張は本当、"
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
                    else f"Exchange: choose {plural(n, 'card', 'cards')} to keep; "
                         "the others go back to the court deck.")
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


def _art(name: str) -> str:
    return f'<svg class="card-art" aria-hidden="true"><use href="#coup-art-{esc(name)}"/></svg>'


def _card_face(card: str, lang: str, extra: str = "", attrs: str = "", small: bool = False,
               anim: str = "") -> str:
    cls = f"pg-card coup-card coup-c-{esc(card)}"
    if small:
        cls += " is-small"
    if extra:
        cls += " " + extra
    look = C.LOOK.get(card, {"letter": "?"})
    body = (f'{_art(card)}<span class="coup-cname"><span class="coup-letter" aria-hidden="true">'
            f'{esc(look["letter"])}</span>{esc(card_name(card, lang))}</span>')
    anim_attr = f' data-anim-id="{esc(anim)}"' if anim else ""
    return f'<div class="{cls}"{anim_attr}{zoom_attrs("coup", card, attrs)}{attrs}>{body}</div>'


def _card_back(lang: str, small: bool = True, anim: str = "") -> str:
    cls = "pg-card is-back coup-card coup-back" + (" is-small" if small else "")
    anim_attr = f' data-anim-id="{esc(anim)}"' if anim else ""
    return (f'<div class="{cls}" role="img" aria-label="{esc(ui("hidden", lang))}"{anim_attr}>'
            f'{_art("back")}</div>')


def _coins(amount: int, lang: str, attrs: str = "", anim: str = "") -> str:
    anim_attr = f' data-anim-id="{esc(anim)}"{purse_attrs("coin", amount)}' if anim else ""
    noun = esc(ui("coin" if amount == 1 else "coins", lang))
    return (f'<span class="coup-coins" title="{esc(amount)} {noun}"{anim_attr}{attrs}>'
            f'<svg class="coup-coin-art" aria-hidden="true"><use href="#coup-art-coin"/></svg>'
            f'<b class="coup-coin-n">{esc(amount)}</b><span class="sr-only"> {noun}</span></span>')


def _faction_badge(faction: int, lang: str) -> str:
    icon = "♛" if faction == 0 else "⚑"
    return (f'<span class="coup-faction coup-f{faction}" title="{esc(faction_name(faction, lang))}">'
            f'{icon} {esc(faction_name(faction, lang))}</span>')


def _player_classes(view: dict, p: int) -> list[str]:
    classes = ["pg-player", "coup-player"]
    if view["turn"] == p and not view["over"]:
        classes.append("is-turn")
    if view["to_move"] == p and view["to_move"] != view["turn"]:
        classes.append("coup-asked")
    if p == view.get("seat"):
        classes.append("is-you")
    if view["hand_counts"][p] == 0:
        classes.append("is-out")
    if view["factions"] is not None:
        classes.append(f"coup-pf{view['factions'][p]}")
    return classes


def _player_head(view: dict, p: int, lang: str, names: list[str]) -> str:
    seat = view.get("seat")
    head = [f'<span class="coup-pname name">{esc(names[p]) if p < len(names) else p}</span>']
    if p == seat and ui("you", lang) not in (names[p] if p < len(names) else ""):  # the name may say it already
        head.append(f'<span class="coup-you">({esc(ui("you", lang))})</span>')
    if view["factions"] is not None:
        head.append(_faction_badge(view["factions"][p], lang))
    if view["options"]["wins_needed"] > 1:
        head.append(f'<span class="coup-wins">★ {esc(view["wins"][p])} {esc(ui("wins", lang))}</span>')
    if view["turn"] == p and not view["over"]:
        head.append(f'<span class="coup-turn-mark">▶ {esc(ui("turn", lang))}</span>')
    if view["hand_counts"][p] == 0:
        head.append(f'<span class="coup-out">{esc(ui("eliminated", lang))}</span>')
    return f'<div class="coup-phead">{"".join(head)}</div>'


def _slots(view: dict, p: int, lang: str, small: bool, choices: dict | None = None,
           placed: set | None = None) -> list[str]:
    """A player's cards: hidden (or, for you, your own) influence first, then the lost ones face up.
    Slot i keeps its anim id, so a lost card turns over where it was."""
    slots = []
    mine = p == view.get("seat") and view.get("hand") is not None
    hand = view["hand"] if mine else [None] * view["hand_counts"][p]
    for i, c in enumerate(hand):
        anim = f"card-p{p}-{i}"
        if c is None:
            slots.append(_card_back(lang, small=small, anim=anim))
            continue
        attrs = ""
        if choices is not None and placed is not None:
            for verb in ("lose", "reveal", "show"):
                attrs += _attrs(card_key(verb, c), choices, placed)
            attrs += _attrs(keep_key([c]), choices, placed)
        slots.append(_card_face(c, lang, attrs=attrs, small=small, anim=anim))
    for j, c in enumerate(view["lost"][p]):
        slots.append(_card_face(c, lang, extra="is-dim coup-lost", small=True,
                                anim=f"card-p{p}-{len(hand) + j}"))
    return slots


def _player_panel(view: dict, p: int, lang: str, names: list[str], choices: dict, placed: set) -> str:
    attrs = _attrs(seat_key(p), choices, placed)
    return (f'<div class="{" ".join(_player_classes(view, p))}" data-seat="{p}" data-anchor="seat:{p}"{attrs}>'
            f'<div class="coup-ptop">{_player_head(view, p, lang, names)}'
            f'{_coins(view["coins"][p], lang, anim=f"coins-{p}")}</div>'
            f'<div class="pg-row coup-slots">{"".join(_slots(view, p, lang, small=True))}</div></div>')


def _center(view: dict, lang: str) -> str:
    parts = [f'<div class="coup-deck">{_card_back(lang, small=True, anim="deck")}'
             f'<span class="pg-label">{esc(ui("deck", lang))}</span>'
             f'<span class="coup-count">{esc(view["deck_count"])}</span></div>',
             # the bank every payment comes from or goes to (no count: it never runs out)
             f'<div class="coup-treasury" data-anim-id="coins-bank"{purse_attrs("coin", bank=True)}>'
             f'<svg class="coup-coin-art" aria-hidden="true"><use href="#coup-art-coin"/></svg>'
             f'<span class="pg-label">{esc(ui("treasury", lang))}{unlimited_html(lang)}</span></div>']
    if view["factions"] is not None:
        parts.append(f'<div class="coup-almshouse"><span class="pg-label">{esc(ui("almshouse", lang))}</span>'
                     f'{_coins(view["almshouse"], lang, anim="coins-almshouse")}</div>')
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


_MY_COINS = ' data-anchor="coins"'  # a lesson's note on coins points at yours


def _my_area(view: dict, seat: int, lang: str, names: list[str], choices: dict, placed: set) -> str:
    """Your own place at the bottom: name, coins (large), your influence cards, drawn cards."""
    step = view["queue"][0] if view["queue"] else None
    attrs = _attrs(seat_key(seat), choices, placed)
    cards = _slots(view, seat, lang, small=False, choices=choices, placed=placed)
    parts = [f'<div class="coup-mine"><span class="pg-label">{esc(ui("your_hand", lang))}</span>'
             f'{card_list(cards, ui("your_hand", lang), "pg-row coup-mycards") if cards else "—"}</div>']
    if step and step["k"] == "keep" and "drawn" in step:
        drawn = []
        for i, c in enumerate(step["drawn"]):
            face = _card_face(c, lang, attrs=_attrs(keep_key([c]), choices, placed), extra="coup-drawn",
                              anim=f"card-drawn-{i}")
            drawn.append(face.replace(' data-anim-id=', ' data-anim-from="deck" data-anim-id=', 1))
        parts.append(f'<div class="coup-mine"><span class="pg-label">{esc(ui("drawn", lang))}</span>'
                     f'<div class="pg-row coup-mycards">{"".join(drawn)}</div></div>')
    return (f'<section class="{" ".join(_player_classes(view, seat))} coup-me" data-seat="{seat}" '
            f'data-anchor="seat:{seat}"{attrs}><div class="coup-ptop">{_player_head(view, seat, lang, names)}'
            f'{_coins(view["coins"][seat], lang, attrs=_MY_COINS, anim=f"coins-{seat}")}</div>'
            f'<div class="coup-hand pg-row" data-anchor="hand">{"".join(parts)}</div></section>')


def _action_menu(view: dict, lang: str, choices: dict, placed: set, picked: tuple[str, ...] = ()) -> str:
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
        key = act_key(kind)
        attrs = _attrs(key, choices, placed)
        cls = "coup-act" + ("" if attrs or key in picked else " is-off")
        attrs += picked_attrs(key, picked)  # the action chosen, its target still to pick
        if "is-off" in cls:  # not playable now: said, not only shown faded
            attrs += ' aria-disabled="true"'
        badge = ""
        if claim is not None:
            look = C.LOOK[claim]
            neg = "coup-neg " if kind == "embezzle" else ""
            badge = (f'<span class="coup-badge {neg}coup-c-{esc(claim)}">{"≠" if neg else ""}'
                     f'{esc(look["letter"])} {esc(card_name(claim, lang))}</span>')
        picture = claim if claim is not None and kind != "embezzle" else ACTION_ART[kind]
        rows.append(f'<div class="{cls}"{zoom_attrs("coup", f"action:{kind}", attrs)}{attrs}>'
                    f'<svg class="card-art coup-aart" aria-hidden="true"><use href="#coup-art-{esc(picture)}"/></svg>'
                    f'<span class="coup-abody"><span class="coup-aname">{esc(action_name(kind, lang))}</span>'
                    f'{badge}<span class="coup-atext">{esc(action_text(kind, lang, tax, exch))}</span></span></div>')
    return (f'<div class="coup-actions"><span class="pg-label">{esc(ui("actions", lang))}</span>'
            f'<div class="coup-alist">{"".join(rows)}</div></div>')


def board(view: dict, seat: int | None, lang: str, names: list[str],
          choices: dict[str, str], picked: tuple[str, ...] = ()) -> tuple[str, set[str]]:
    placed: set[str] = set()
    n = view["num_players"]
    mine = seat is not None and 0 <= seat < n
    others = [(seat + i) % n for i in range(1, n)] if mine else list(range(n))
    panels = "".join(_player_panel(view, p, lang, names, choices, placed) for p in others)
    parts = [f'<div class="coup-players">{panels}</div>', _center(view, lang), _pending(view, seat, lang, names)]
    if mine:
        parts.append(_my_area(view, seat, lang, names, choices, placed))
    if mine and any(read_key(key)[0] == "act" for key in (*choices, *picked)):
        parts.append(_action_menu(view, lang, choices, placed, picked))
    elif not view["over"]:  # not yours to choose now: folded away, so the decision's buttons stay close
        parts.append(f'<details class="coup-actions-ref"><summary>{esc(ui("actions", lang))}</summary>'
                     f'{_action_menu(view, lang, {}, set())}</details>')
    return f'<div class="coup-board">{"".join(parts)}</div>', placed


# ------------------------------------------------------------------ the large card (zoom)
_ZOOM_WORDS = {"copies": {"en": "{n} in the deck", "ja": "山札に{n}枚"},
               "character": {"en": "Character", "ja": "キャラクター"},
               "action": {"en": "Action", "ja": "アクション"},
               "cost": {"en": "costs {n}", "ja": "{n}リラ"},
               "claim": {"en": "claim {card}", "ja": "{card}を主張"}}
_COSTS = {"coup": C.COUP_COST, "assassinate": C.ASSASSINATE_COST}


def _word(key: str, lang: str, **params: object) -> str:
    text = _ZOOM_WORDS[key][lang_of(lang)]
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def card_zoom(key: str, lang: str) -> str:
    """The large card for ``key``: a character ("duke") or an action ("action:steal")."""
    if key.startswith("action:"):
        kind = key.split(":", 1)[1]
        if kind not in C.ACTIONS:
            raise KeyError(key)
        spec = C.ACTIONS[kind]["claim"]
        claim = {"*tax": "duke", "tax": "duke", "!tax": "duke", "*exchange": "ambassador"}.get(spec or "", spec)
        meta = [_word("action", lang)]
        if kind in _COSTS:
            meta.append(_word("cost", lang, n=_COSTS[kind]))
        if claim:
            meta.append(("≠ " if kind == "embezzle" else "") + _word("claim", lang, card=card_name(claim, lang)))
        return (f'{_art(ACTION_ART[kind])}<h3>{esc(action_name(kind, lang))}</h3>'
                f'<div class="zoom-meta">{"".join(f"<span>{esc(m)}</span>" for m in meta)}</div>'
                f'<p>{esc(action_text(kind, lang))}</p>')
    if key not in C.CHARACTERS:
        raise KeyError(key)
    return (f'{_art(key)}<h3>{esc(card_name(key, lang))}</h3>'
            f'<div class="zoom-meta"><span>{esc(_word("character", lang))}</span>'
            f'<span>{esc(_word("copies", lang, n=C.COPIES))}</span></div>'
            f'<p>{esc(card_text(key, lang))}</p>')


# ------------------------------------------------------------------ end of game
def game_over(view: dict, lang: str, names: list[str]) -> str:
    ja = lang_of(lang) == "ja"
    need = view["options"]["wins_needed"]
    rows = []
    for p in range(view["num_players"]):
        won = view["wins"][p] >= need
        lost = ("、" if ja else ", ").join(card_name(c, lang) for c in view["lost"][p]) or "—"
        status = ("勝者" if ja else "winner") if won else ("敗者" if ja else "—")
        rows.append(f'<tr class="{"coup-winner" if won else ""}"><td>{_name(p, names)}</td>'
                    f'<td>{esc(view["wins"][p])}</td><td>{esc(lost)}</td><td>{esc(status)}</td></tr>')
    head = ("<tr><th>プレイヤー</th><th>ラウンド勝利数</th><th>最終ラウンドで失ったカード</th>"
            "<th><span class='sr-only'>結果</span></th></tr>" if ja
            else "<tr><th>Player</th><th>Rounds won</th><th>Cards lost (last round)</th>"
            "<th><span class='sr-only'>Result</span></th></tr>")
    note = (f"{esc(need)}ラウンド先取した1人だけが勝者です。2位以下の順位はありません。" if ja
            else f"The only winner is the first player to win {esc(plural(need, 'round', 'rounds'))}; "
                 "there are no other places.")
    return f'<table class="coup-scores">{head}{"".join(rows)}</table><p class="coup-note">{note}</p>'


# ------------------------------------------------------------------ step prompts (issue 38)
#: what the target click of each targeted action asks (English); in Japanese "<action>の相手を選んで
#: ください", both with the character claimed: the names come from text.py, as on the action buttons
_TARGET_ASKS = {
    "coup": "Choose whom to coup",
    "steal": "Choose whom to steal from",
    "assassinate": "Choose whom to assassinate",
    "examine": "Choose whose card to examine",
    "cooperate": "Choose whom to cooperate with",
    "convert": "Choose whose faction to change",
}


def _target_ask(kind: str, lang: str) -> str:
    ja = lang_of(lang) == "ja"
    if kind == "convert":  # the target may be yourself, at another price
        one, two = C.CONVERT_SELF_COST, C.CONVERT_OTHER_COST
        return (f"{action_name(kind, lang)}：誰の派閥を変えるか選んでください"
                f"（自分は{one}コイン、他のプレイヤーは{two}コイン）。" if ja else
                f"Choose whose faction to change: yours ({plural(one, 'coin', 'coins')}) or another player's "
                f"({plural(two, 'coin', 'coins')}).")
    claim = C.ACTIONS[kind]["claim"]
    role = parens(card_name(claim, lang), "ja" if ja else "en") if claim else ""
    return f"{action_name(kind, lang)}の相手を選んでください{role}。" if ja else f"{_TARGET_ASKS[kind]}{role}."


def step_prompt(view: dict, picked: tuple[str, ...], lang: str, names: list[str]) -> str | None:
    """The prompt once the first click of a move is made: the action chosen, the target to pick."""
    head, _, kind = picked[-1].partition(":")
    if head != "act" or kind not in _TARGET_ASKS:
        return None
    return esc(_target_ask(kind, lang))
