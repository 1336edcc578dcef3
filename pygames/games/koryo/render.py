"""Koryo table markup (pure functions; see docs/architecture.md for the protocol).

Click paths (keys, made by the key functions below and read by ``read_key``):
  play            ["hand:K", "n:K:C"]            a hand card, then how many (buttons);
                  ["hand:K"]                     when only one card of K can be played and no pair exists
  play2           ["hand:A", "pair:A:B"]         Ship Owner: a hand card, then a card of another kind (A < B;
                                                 other_steps: ["hand:B", "pair:B:A"], the other order)
  steal           ["rob:P"]                      the victim's gold
  priest          ["priest:K"]                   your own event card
  destroy         ["kill:P:K"]                   column K of player P
  swap            ["swapa:A:KA", "swapb:A:KA:B:KB"]  a column of the earlier player, then one of a later player
                                                 (other_steps: the later player's column first)
  discard         ["discard:K"]                  a column of your own table
"""

from __future__ import annotations

from pygames.ui.html import card_list, choice_attrs, esc, picked_attrs, purse_attrs, zoom_attrs
from pygames.ui.i18n import colon, parens, plural, seat_name, signed

from . import cards as C
from .tables import power_holder, score_holder, spy_protected
from .text import POWERS, card_label, card_name, ui


# ------------------------------------------------------------------ click keys
# Every click key of Koryo's board is made by one of these functions and read back by ``read_key``
# (nowhere else puts one together or takes one apart): a head, then whole numbers (seats, kinds,
# counts) joined by ":".
def hand_key(kind: int) -> str:                         # a hand card (to play)
    return f"hand:{kind}"


def count_key(kind: int, count: int) -> str:            # how many of it
    return f"n:{kind}:{count}"


def pair_key(first: int, second: int) -> str:           # Ship Owner: the second kind of a pair
    return f"pair:{first}:{second}"


def rob_key(target: int) -> str:                        # the victim's gold
    return f"rob:{target}"


def priest_key(kind: int) -> str:                       # an event card of your own table
    return f"priest:{kind}"


def kill_key(target: int, kind: int) -> str:            # column ``kind`` of ``target``
    return f"kill:{target}:{kind}"


def swap_first_key(seat: int, kind: int) -> str:        # Lobbying: the first column clicked
    return f"swapa:{seat}:{kind}"


def swap_second_key(a: int, ka: int, b: int, kb: int) -> str:   # ... then the second one
    return f"swapb:{a}:{ka}:{b}:{kb}"


def discard_key(kind: int) -> str:                      # a column of your own table
    return f"discard:{kind}"


def read_key(key: str) -> tuple[str, list[int]]:
    """(head, numbers) of a key made above, the numbers in the order its function takes them."""
    head, *nums = key.split(":")
    return head, [int(x) for x in nums]


# ------------------------------------------------------------------ click paths
def _single_play_only(view: dict, kind: int) -> bool:
    hand = view["hand"]
    cap = view["play_cap"]
    most = hand[kind] if cap is None else min(hand[kind], cap)
    ship = view["ship"] == view["seat"] and sum(1 for k in C.KINDS if hand[k]) >= 2
    return most == 1 and not ship


def action_steps(action: dict, view: dict) -> list[str]:
    t = action["type"]
    if t == "play":
        k, c = action["kind"], action["count"]
        if c == 1 and _single_play_only(view, k):
            return [hand_key(k)]
        return [hand_key(k), count_key(k, c)]
    if t == "play2":
        a, b = action["kinds"]
        return [hand_key(a), pair_key(a, b)]
    if t == "steal":
        return [rob_key(action["target"])]
    if t == "priest":
        return [priest_key(action["kind"])]
    if t == "destroy":
        return [kill_key(action["target"], action["kind"])]
    if t == "swap":
        a, ka, b, kb = action["a"], action["ka"], action["b"], action["kb"]
        return [swap_first_key(a, ka), swap_second_key(a, ka, b, kb)]
    if t == "discard":
        return [discard_key(action["kind"])]
    raise ValueError(f"unknown action type {t!r}")


def other_steps(action: dict, view: dict) -> list[list[str]]:
    """The same two clicks in the other order: a card of the higher kind first (Ship Owner),
    a column of the later player first (Lobbying)."""
    t = action["type"]
    if t == "play2":
        a, b = action["kinds"]
        return [[hand_key(b), pair_key(b, a)]]
    if t == "swap":
        a, ka, b, kb = action["a"], action["ka"], action["b"], action["kb"]
        return [[swap_first_key(b, kb), swap_second_key(b, kb, a, ka)]]
    return []


def _seat_word(seat: int, view: dict, lang: str, names: list[str] | None) -> str:
    if seat == view.get("seat"):
        return ui("you", lang)
    return seat_name(seat, names, lang)


def _whose(seat: int, view: dict, lang: str, names: list[str] | None) -> str:
    """"your " / "Bot 2's " (English), "自分の" / "ボット2の" (Japanese): the owner of a card."""
    if seat == view.get("seat"):
        return "your " if lang == "en" else "自分の"
    return f"{seat_name(seat, names, lang)}'s " if lang == "en" else f"{seat_name(seat, names, lang)}の"


def step_label(key: str, view: dict, lang: str, names: list[str] | None = None) -> str:
    head, nums = read_key(key)
    en = lang == "en"
    if head == "hand":
        return (f"Play {card_label(nums[0], lang)}" if en else f"{card_label(nums[0], lang)}を出す")
    if head == "n":
        return (f"Play {nums[1]} × {card_label(nums[0], lang)}" if en else
                f"{card_label(nums[0], lang)}を{nums[1]}枚出す")
    if head == "pair":
        return (f"Play 1 × {card_label(nums[0], lang)} + 1 × {card_label(nums[1], lang)}" if en else
                f"{card_label(nums[0], lang)}と{card_label(nums[1], lang)}を1枚ずつ出す")
    if head == "rob":
        return (f"Steal 1 gold from {_seat_word(nums[0], view, lang, names)}" if en else
                f"{_seat_word(nums[0], view, lang, names)}から金貨を奪う")
    if head == "priest":
        return (f"Remove your {card_label(nums[0], lang)}" if en else f"自分の{card_label(nums[0], lang)}を取り除く")
    if head == "kill":
        return (f"Destroy {_whose(nums[0], view, lang, names)}{card_label(nums[1], lang)}" if en else
                f"{_whose(nums[0], view, lang, names)}{card_label(nums[1], lang)}を破壊")
    if head == "swapa":
        return (f"Swap {_whose(nums[0], view, lang, names)}{card_label(nums[1], lang)}…" if en else
                f"{_whose(nums[0], view, lang, names)}{card_label(nums[1], lang)}を交換…")
    if head == "swapb":
        return (f"…for {_whose(nums[2], view, lang, names)}{card_label(nums[3], lang)}" if en else
                f"…{_whose(nums[2], view, lang, names)}{card_label(nums[3], lang)}と")
    if head == "discard":
        return (f"Discard {card_label(nums[0], lang)}" if en else f"{card_label(nums[0], lang)}を捨てる")
    return key


# ------------------------------------------------------------------ status line
def _pname(seat: int, names: list[str]) -> str:
    return f'<b class="name">{esc(names[seat])}</b>'


def prompt(view: dict, seat: int | None, lang: str, names: list[str]) -> str:
    en = lang == "en"
    if view["phase"] == "over":
        return "Game over." if en else "ゲーム終了。"
    turn, step = view["turn"], view["step"]
    mine = seat is not None and seat == turn
    who = ("You" if en else "あなた") if mine else _pname(turn, names)
    if step == "play":
        cap = view["play_cap"]
        limit = (f"up to {cap}" if en else f"{cap}枚まで") if cap is not None else ("any number" if en else "枚数自由")
        ship = view["ship"] == turn
        if en:
            text = f"{who}: place cards of one kind face down ({limit})"
            return text + (", or one card each of two kinds (Ship Owner)." if ship else ".")
        text = f"{who}：同じ種類のカードを伏せて出します（{limit}）"
        return text + ("。船主の能力で2種類を1枚ずつ出すこともできます。" if ship else "。")
    texts = {
        "steal": ("{w}: choose whom to rob of 1 gold (Spy).", "{w}：金貨を奪う相手を選びます（スパイ）。"),
        "priest": ("{w}: choose one of your event cards to remove (Priest).",
                   "{w}：取り除く自分のイベントカードを選びます（聖職者）。"),
        "destroy": ("{w}: choose a character card of another player to destroy (Barbarians).",
                    "{w}：破壊する他のプレイヤーのキャラクターカードを選びます（蛮族）。"),
        "swap": ("{w}: choose two cards of two players to swap (Lobbying), in either order.",
                 "{w}：交換する2人のカードを選びます（議会工作）。どちらから選んでもかまいません。"),
        "discard": ("{w}: discard {more} (keep {k}).",
                    "{w}：あと{d}枚キャラクターカードを捨てます（{k}枚まで残せます）。"),
    }
    en_text, ja_text = texts.get(step, ("{w} is deciding.", "{w}が考えています。"))
    more = plural(view["discard_left"], "more character card", "more character cards")
    return (en_text if en else ja_text).format(w=who, d=view["discard_left"], k=view["keep_limit"], more=more)


# ------------------------------------------------------------------ board
def _seat_mark(seat: int) -> str:
    return (f'<span class="koryo-mark koryo-s{seat}" aria-hidden="true">'
            f'{C.SEAT_SHAPES[seat]}</span>')


def _attrs(key: str, choices: dict, placed: set) -> str:
    if key in choices:
        placed.add(key)
        return " " + choice_attrs(key)
    return ""


def _art(name: object) -> str:
    return f'<svg class="card-art" aria-hidden="true"><use href="#koryo-art-{name}"/></svg>'


def _number(kind: int) -> str:
    return "−1" if kind in C.EVENTS else str(kind)


def _holders_strip(view: dict, lang: str, names: list[str]) -> str:
    """Who holds each majority: the number, its picture and the holder's seat shape (name in the title)."""
    tables = view["tables"]
    chips = []
    for k in C.CHARACTERS:
        holder = score_holder(tables, k)
        power = power_holder(tables, k)
        title = card_label(k, lang)
        if holder is not None:
            owner = _seat_mark(holder)
            cls = f"koryo-chip koryo-chip-s{holder}"
            title += f" — {names[holder]}"
        elif power is not None:
            owner = _seat_mark(power)
            cls = f"koryo-chip koryo-chip-tie koryo-chip-s{power}"
            title += f" — {names[power]} ({ui('power_tie', lang)})"
        else:
            tied = max(t[k] for t in tables) > 0
            owner = f'<span class="koryo-chip-none-mark">{"=" if tied else "·"}</span>'
            cls = "koryo-chip koryo-chip-none"
            title += f" — {ui('tied', lang)}" if tied else ""
        chips.append(f'<div class="{cls}" title="{esc(title)}"><span class="koryo-chip-num">{k}</span>'
                     f'{owner}</div>')
    return f'<div class="koryo-holders">{"".join(chips)}</div>'


def _player(view: dict, p: int, lang: str, names: list[str], choices: dict, placed: set,
            picked: tuple[str, ...] = ()) -> str:
    tables = view["tables"]
    table = tables[p]
    seat = view["seat"]
    classes = ["koryo-player", f"koryo-p{p}"]
    if view["turn"] == p:
        classes.append("koryo-turn")
    if p == seat:
        classes.append("koryo-me")
    head = [_seat_mark(p), f'<span class="name">{esc(names[p])}</span>']
    if view["first"] == p:
        head.append(f'<span class="koryo-first" title="{esc(ui("first", lang))}">⚑ {esc(ui("first", lang))}</span>')
    gold = view["coins"][p]
    rob = _attrs(rob_key(p), choices, placed)
    head.append(f'<span class="koryo-gold" data-anim-id="coins-{p}"{purse_attrs("gold", gold)}{rob}>'
                f'<svg class="koryo-gold-art" aria-hidden="true"><use href="#koryo-art-gold"/></svg>'
                f'<b>{gold}</b> <span class="koryo-gold-word">{esc(ui("gold", lang))}</span></span>')
    fd = view["facedown_counts"][p]
    if view["phase"] in ("order", "action") and fd:
        head.append(f'<span class="koryo-fd" data-anim-id="card-p{p}-facedown">'
                    f'<svg class="koryo-fd-art" aria-hidden="true"><use href="#koryo-art-back"/></svg>'
                    f'{esc(ui("facedown", lang, n=fd))}</span>')
    if p == spy_protected(tables):
        head.append(f'<span class="koryo-shield" title="{esc(POWERS[lang][2])}">'
                    f'⊘ {esc(card_name(2, lang))}</span>')
    cols = []
    for k in C.CHARACTERS:
        count = table[k]
        ccls = ["koryo-col", f"koryo-k{k}"]
        badge = ""
        if count == 0:
            ccls.append("koryo-zero")
        if score_holder(tables, k) == p:
            ccls.append("koryo-maj")
            badge = f'<span class="koryo-badge" title="{esc(ui("majority", lang))}">♛</span>'
        elif power_holder(tables, k) == p:
            ccls.append("koryo-pow")
            badge = f'<span class="koryo-badge" title="{esc(ui("power_tie", lang))}">①</span>'
        attrs = _attrs(kill_key(p, k), choices, placed) + _attrs(swap_first_key(p, k), choices, placed)
        attrs += picked_attrs(swap_first_key(p, k), picked)  # the first column of a swap, already clicked
        if p == seat:
            attrs += _attrs(discard_key(k), choices, placed)
        for key in choices:
            what, nums = read_key(key)
            if what == "swapb":
                a, ka, b, kb = nums
                if (b, kb) == (p, k):
                    attrs += _attrs(key, choices, placed)
                if (a, ka) == (p, k) and "koryo-picked" not in ccls:
                    ccls.append("koryo-picked")
        cols.append(f'<div class="{" ".join(ccls)}" '
                    f'data-anim-id="card-p{p}-k{k}"{zoom_attrs("koryo", k, attrs)}{attrs}>'
                    f'{_art(k)}<span class="koryo-num">{k}</span>'
                    f'<span class="koryo-count">×{count}</span>{badge}</div>')
    events = []
    for k in C.EVENTS:
        if table[k]:
            attrs = _attrs(priest_key(k), choices, placed) if p == seat else ""
            events.append(f'<div class="koryo-event koryo-k{k}" '
                          f'data-anim-id="card-p{p}-k{k}"{zoom_attrs("koryo", k, attrs)}{attrs}>'
                          f'{_art(k)}<span class="koryo-ename">{esc(card_name(k, lang))}</span>'
                          f'<span class="koryo-count">−1 ×{table[k]}</span></div>')
    events_html = f'<div class="koryo-events">{"".join(events)}</div>' if events else ""
    return (f'<section class="{" ".join(classes)}" data-seat="{p}" data-anchor="seat:{p}">'
            f'<header class="koryo-phead">{"".join(head)}</header>'
            f'<div class="koryo-cols">{"".join(cols)}</div>{events_html}</section>')


def _hand(view: dict, lang: str, choices: dict, placed: set, clicked: tuple[str, ...] = ()) -> str:
    hand = view["hand"]
    if hand is None:
        return ""
    picked = None
    for key in choices:
        what, nums = read_key(key)
        if what in ("n", "pair"):
            picked = nums[0]
    cards = []
    for k in C.KINDS:
        if not hand[k]:
            continue
        cls = ["koryo-card", f"koryo-k{k}"]
        if k == picked:
            cls.append("koryo-picked")
        attrs = _attrs(hand_key(k), choices, placed) + picked_attrs(hand_key(k), clicked)
        if picked is not None:
            attrs += _attrs(pair_key(picked, k), choices, placed)
        cards.append(f'<div class="{" ".join(cls)}" data-anim-id="card-hand-k{k}" data-anim-from="deck"'
                     f'{zoom_attrs("koryo", k, attrs)}{attrs}>{_art(k)}<span class="koryo-num">{_number(k)}</span>'
                     f'<span class="koryo-cname">{esc(card_name(k, lang))}</span>'
                     f'<span class="koryo-count">×{hand[k]}</span></div>')
    mine = view["my_facedown"]
    parts = []
    if cards:
        parts.append(f'<div class="koryo-hand" data-anchor="hand"><h2>{esc(ui("hand", lang))}</h2>'
                     f'{card_list(cards, ui("hand", lang), "koryo-cards")}</div>')
    if mine and sum(mine):
        played = ", ".join(f"{mine[k]} × {card_label(k, lang)}" for k in C.KINDS if mine[k])
        parts.append(f'<div class="koryo-myplay">{esc(ui("your_play", lang))}{colon(lang)}{esc(played)}</div>')
    return "".join(parts)


def board(view: dict, seat: int | None, lang: str, names: list[str], choices: dict,
          picked: tuple[str, ...] = ()) -> tuple[str, set]:
    placed: set[str] = set()
    r = view["round"]
    phase_key = {"order": "phase_order", "action": "phase_action", "end": "phase_end", "over": "phase_over"}
    info = [
        f'<span class="koryo-round">{esc(ui("round", lang, r=r, total=view["rounds"]))}</span>',
        f'<span class="koryo-phase">{esc(ui(phase_key[view["phase"]], lang))}</span>',
        f'<span>{esc(ui("deal", lang, n=C.DEAL[r]))}'
        + "".join(parens(f"{_seat_mark(p)}+{d - C.DEAL[r]}", lang) for p, d in enumerate(view["deal"]) if d > C.DEAL[r])
        + '</span>',
        f'<span>{esc(ui("limit", lang, n=view["limit"]))}</span>',
    ]
    if view["play_cap"] is not None:
        info.append(f'<span>{esc(ui("play_cap", lang, n=view["play_cap"]))}</span>')
    info.append(f'<span class="koryo-bank" data-anim-id="coins-bank"{purse_attrs("gold", view["bank"], bank=True)}>'
                f'{esc(ui("bank", lang))} '
                f'<svg class="koryo-gold-art" aria-hidden="true"><use href="#koryo-art-gold"/></svg>'
                f'<b>{view["bank"]}</b></span>')
    info.append(f'<span class="koryo-deck" data-anim-id="deck">'
                f'<svg class="koryo-fd-art" aria-hidden="true"><use href="#koryo-art-back"/></svg>'
                f'{esc(ui("deck", lang))} <b>{view["deck_count"]}</b></span>')
    n = view["num_players"]
    mine = seat is not None and 0 <= seat < n
    others = [(seat + i) % n for i in range(1, n)] if mine else list(range(n))
    players = "".join(_player(view, p, lang, names, choices, placed, picked) for p in others)
    me = _player(view, seat, lang, names, choices, placed, picked) if mine else ""
    html = (f'<div class="koryo-board">'
            f'<div class="koryo-info">{"".join(info)}</div>'
            f'{_holders_strip(view, lang, names)}'
            f'<div class="koryo-players">{players}</div>'
            f'<div class="koryo-mine">{me}{_hand(view, lang, choices, placed, picked)}</div></div>')
    return html, placed


# ------------------------------------------------------------------ the large card (zoom)
_ZOOM_WORDS = {"en": {"character": "Character", "event": "Event", "copies": "{n} in the deck",
                      "value": "majority scores {n}", "minus": "−1 point each"},
               "ja": {"character": "キャラクター", "event": "イベント", "copies": "山札に{n}枚",
                      "value": "最多で{n}点", "minus": "1枚−1点"}}


def card_zoom(key: str, lang: str) -> str:
    """The large card of kind ``key`` ("1".."11"): picture, number, name, copies, full power text."""
    kind = int(key)
    if kind not in C.KINDS:
        raise KeyError(key)
    lang = "ja" if lang == "ja" else "en"
    words = _ZOOM_WORDS[lang]
    if kind in C.EVENTS:
        meta = [words["event"], words["minus"]]
    else:
        meta = [words["character"], words["value"].format(n=kind), words["copies"].format(n=kind)]
    return (f'{_art(kind)}<h3>{esc(card_label(kind, lang))}</h3>'
            f'<div class="zoom-meta">{"".join(f"<span>{esc(m)}</span>" for m in meta)}</div>'
            f'<p>{esc(POWERS[lang][kind])}</p>')


# ------------------------------------------------------------------ end of game
def game_over(view: dict, lang: str, names: list[str]) -> str:
    """The scoring breakdown: one column per player, one row per character, events, gold, total."""
    final = view.get("final")
    if not final:
        return ""
    winners = view.get("winners", [])
    players = range(len(final))

    def cls(p: int) -> str:
        return ' class="koryo-winner"' if p in winners else ""

    head = "".join(f'<th{cls(p)}>{_seat_mark(p)}<span class="koryo-sname">{esc(names[p])}</span></th>'
                   for p in players)
    rows = []
    for k in C.CHARACTERS:
        cells = "".join(f'<td{cls(p)}>{final[p]["kinds"].get(str(k), "")}</td>' for p in players)
        rows.append(f'<tr><th>{esc(card_label(k, lang))}</th>{cells}</tr>')
    rows.append(f'<tr><th>{esc(ui("events", lang))}</th>'
                + "".join(f'<td{cls(p)}>{signed(final[p]["events"]) if final[p]["events"] else ""}</td>'
                          for p in players) + "</tr>")
    rows.append(f'<tr><th>{esc(ui("coins", lang))}</th>'
                + "".join(f'<td{cls(p)}>{"+" + str(final[p]["coins"]) if final[p]["coins"] else ""}</td>'
                          for p in players) + "</tr>")
    rows.append(f'<tr class="koryo-total"><th>{esc(ui("total", lang))}</th>'
                + "".join(f'<td{cls(p)}><b>{signed(final[p]["total"])}</b></td>' for p in players) + "</tr>")
    return (f'<div class="koryo-final"><table class="koryo-score"><thead><tr>'
            f'<th><span class="sr-only">{esc(ui("total", lang))}</span></th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
            # the winners are named once, in the page's end panel head (page.game_over_html)
            f'<p>{esc(ui("scoring_rule", lang))}</p><p>{esc(ui("tiebreak", lang))}</p></div>')


# ------------------------------------------------------------------ step prompts (issue 38)
def step_prompt(view: dict, picked: tuple[str, ...], lang: str, names: list[str]) -> str | None:
    """The prompt once the first click of a move is made: how many cards, or the second card."""
    en = lang == "en"
    head, _, rest = picked[-1].partition(":")
    if head == "hand":
        name = esc(card_name(int(rest), lang)) if rest.isdigit() else esc(rest)
        if view.get("ship") == view.get("turn"):
            return (f"{name}: choose how many to place, or a card of another kind (Ship Owner)." if en
                    else f"{name}：出す枚数を選ぶか、別の種類のカードを選んでください（船主）。")
        return f"{name}: choose how many to place." if en else f"{name}：出す枚数を選んでください。"
    if head == "swapa":
        return ("Lobbying: choose the card of the other player to swap it with." if en
                else "議会工作：交換するもう1人のカードを選んでください。")
    return None
