"""Tournay table markup (pure functions; see docs/architecture.md, "render.py protocol").

Click paths (the keys name what is clicked):
  play / final     hand:<card> -> cell:<r>,<c> [-> pay:h:<card> | pay:d:<r>,<c>,<i>]   (cells -1..3 shift the district)
  final_pass       pass
  draw             deck:<deck> -> how:<deck>:<top|blind>:<use>          (use = citizens taken per seat, "2-0-0")
  activate         bld:<r>,<c> -> opt:<param>:<use>
  counter          ev:<slot>
  earn             earn:<colour> -> n:<k>
  buy              buy:<colour>
  gather           gather
  pick / return    pick:<card> / ret:<card>
  rampart          rampart:yes | rampart:no
  token            tok:<r>,<c>

What a lesson's note may point at (``data-anchor``, the names of tutorial.py's steps): "seat:<s>",
"district:<s>", "citizens:<s>", "events", "decks", "hand".
"""

from __future__ import annotations

from typing import Any

from pygames.ui.html import BoardPlaces, card_list, choice_attrs, esc, last_moves, purse_attrs, zoom_attrs
from pygames.ui.i18n import colon, parens, seat_name, unlimited_html

from . import art
from . import cards as K
from . import text as T
from .district import capacity
from .scoring import ROUND_LIMIT

CARDS, EVENTS, COLOURS, DECKS = K.CARDS, K.EVENTS, K.COLOURS, K.DECKS

KIND_ICON = {"building": "▣", "character": "☻", "prestige": "★", "crier": "♪"}


def _ja(lang: str) -> bool:
    return lang == "ja"


# ====================================================================== click keys
# Every click key of Tournay's board and buttons is made by one of these functions and read back
# by ``read_key`` (nowhere else puts one together or takes one apart). <use>: a citizen use's
# counts joined by "-"; <params>: an effect's parameters (``_param_key``, read by ``_param_label``).
PASS_KEY, GATHER_KEY = "pass", "gather"


def hand_key(card: str) -> str:             # a card of the hand to play
    return f"hand:{card}"


def cell_key(r: int, c: int) -> str:        # where it goes (-1 and 3: the district shifts)
    return f"cell:{r},{c}"


def pay_key(where: str) -> str:             # what pays "+ 1 card": the action's "pay"
    return f"pay:{where}"


def hand_pay_key(card: str) -> str:         # ... another card of the hand
    return pay_key(f"h:{card}")


def district_pay_key(r: int, c: int, i: int) -> str:   # ... the i-th card of a district cell's stack
    return pay_key(f"d:{r},{c},{i}")


def deck_key(deck: str) -> str:
    return f"deck:{deck}"


def how_key(deck: str, mode: str, use: list[int]) -> str:
    return f"how:{deck}:{mode}:{_use_key(use)}"


def building_key(r: int, c: int) -> str:    # a building to activate
    return f"bld:{r},{c}"


def option_key(action: dict) -> str:        # the way to activate it
    return f"opt:{_param_key(action)}:{_use_key(action['use'])}"


def event_key(slot: int) -> str:            # an event to counter
    return f"ev:{slot}"


def earn_key(colour: str) -> str:
    return f"earn:{colour}"


def count_key(n: int) -> str:               # how many citizens earn
    return f"n:{n}"


def buy_key(colour: str) -> str:
    return f"buy:{colour}"


def pick_key(card: str) -> str:
    return f"pick:{card}"


def return_key(card: str) -> str:           # a card or a rampart (an event) over the hand limit
    return f"ret:{card}"


def rampart_key(build: bool) -> str:
    return "rampart:yes" if build else "rampart:no"


def token_key(r: int, c: int) -> str:       # where damage or a grey citizen goes
    return f"tok:{r},{c}"


def read_key(key: str) -> tuple[str, Any]:
    """(head, value) of a key made above: the card, deck or colour as made; (r, c) for cell, bld
    and tok; an int for ev and n; (deck, mode, use) for how; (params, use) for opt; ("h", card)
    or ("d", (r, c, i)) for pay; a bool for rampart; None for pass and gather."""
    head, _, rest = key.partition(":")
    if head in ("cell", "bld", "tok"):
        r, c = (int(x) for x in rest.split(","))
        return head, (r, c)
    if head in ("ev", "n"):
        return head, int(rest)
    if head == "how":
        deck, _, rest2 = rest.partition(":")
        mode, _, use = rest2.partition(":")
        return head, (deck, mode, _read_use(use))
    if head == "opt":
        params, _, use = rest.rpartition(":")
        return head, (params, _read_use(use))
    if head == "rampart":
        return head, rest == "yes"
    if head == "pay":
        kind, where = rest[0], rest[2:]
        return head, (kind, where if kind == "h" else tuple(int(x) for x in where.split(",")))
    return head, rest or None


def _use_key(use: list[int]) -> str:
    return "-".join(str(k) for k in use)


def _read_use(text: str) -> list[int]:
    return [int(x) for x in text.split("-")] if text else []


def _param_key(action: dict) -> str:
    if "port" in action:   # the Port: whose building, then that building's own choice
        inner = _param_key({k: v for k, v in action.items() if k != "port"})
        return "port=" + ",".join(str(x) for x in action["port"]) + ("" if inner == "go" else "&" + inner)
    if "mode" in action:
        return f"mode={action['mode']}"
    if "slots" in action:
        return "slots=" + "+".join(str(s) for s in action["slots"])
    if "slot" in action:
        return f"slot={action['slot']}"
    if "colour" in action:
        return f"colour={action['colour']}"
    return "go"


# ====================================================================== click paths
def action_steps(action: dict, view: dict) -> list[str]:
    t = action["type"]
    if t in ("play", "final"):
        steps = [hand_key(action["card"]), cell_key(action["r"], action["c"])]
        if "pay" in action:
            steps.append(pay_key(action["pay"]))
        return steps
    if t == "final_pass":
        return [PASS_KEY]
    if t == "draw":
        return [deck_key(action["deck"]), how_key(action["deck"], action["mode"], action["use"])]
    if t == "activate":
        return [building_key(action["r"], action["c"]), option_key(action)]
    if t == "counter":
        return [event_key(action["slot"])]
    if t == "earn":
        return [earn_key(action["colour"]), count_key(action["n"])]
    if t == "buy":
        return [buy_key(action["colour"])]
    if t == "gather":
        return [GATHER_KEY]
    if t == "pick":
        return [pick_key(action["card"])]
    if t == "return":
        return [return_key(action["card"])]
    if t == "rampart":
        return [rampart_key(action["build"])]
    if t == "token":
        return [token_key(action["r"], action["c"])]
    raise ValueError(f"unknown action type {t!r}")


# ====================================================================== labels
def _whose(seat: int, view: dict, lang: str, names: list[str] | None) -> str:
    """The owner of a building or of citizens in a label: "your " / "Bot 2 (normal)'s " in English,
    "自分の" / "ボット2（ふつう）の" in Japanese."""
    if seat == view.get("seat"):
        return "自分の" if _ja(lang) else "your "
    name = seat_name(seat, names, lang)
    return f"{name}の" if _ja(lang) else f"{name}'s "


def _use_text(use: list[int], view: dict, colour: str, lang: str, names: list[str] | None) -> str:
    ja = _ja(lang)
    seat = view.get("seat")
    own = use[seat] if seat is not None and 0 <= seat < len(use) else 0
    parts = []
    if own:
        parts.append(f"自分の市民{own}" if ja else f"{own} of yours")
    for s, k in enumerate(use):
        if s != seat and k:
            parts.append(f"{_whose(s, view, lang, names)}市民{k}・{k * K.BORROW_FEE}ドゥニエ" if ja
                         else f"{k} of {seat_name(s, names, lang)}'s for {k * K.BORROW_FEE} deniers")
    # the colour's name alone: "white (W)" would put brackets in a text that may hold a seat's name
    col = T.colour_name(colour, lang)
    return (f"{col}：" + "＋".join(parts)) if ja else f"{col}: " + " + ".join(parts)


def _cell_text(r: int, c: int, lang: str) -> str:
    ja = _ja(lang)
    if 0 <= r <= 2 and 0 <= c <= 2:
        return f"{r + 1}行{c + 1}列" if ja else f"row {r + 1}, column {c + 1}"
    if r < 0:
        return "上の端（区画が下にずれる）" if ja else "above (the district shifts down)"
    if r > 2:
        return "下の端（区画が上にずれる）" if ja else "below (the district shifts up)"
    if c < 0:
        return "左の端（区画が右にずれる）" if ja else "left (the district shifts right)"
    return "右の端（区画が左にずれる）" if ja else "right (the district shifts left)"


def _my_cell(view: dict, r: int, c: int) -> dict | None:
    seat = view.get("seat")
    if seat is None or not (0 <= r <= 2 and 0 <= c <= 2):
        return None
    return view["players"][seat]["district"][r][c]


def step_label(key: str, view: dict, lang: str, names: list[str] | None = None) -> str:
    ja = _ja(lang)
    seat = view.get("seat")
    head, rest = read_key(key)
    if head == "hand":
        return f"{T.card_name(rest, lang)}を出す" if ja else f"Play {T.card_name(rest, lang)}"
    if head == "cell":
        r, c = rest
        return f"{_cell_text(r, c, lang)}に置く" if ja else f"Place it {_cell_text(r, c, lang)}"
    if head == "pay":
        kind, where = rest
        if kind == "h":
            return (f"手札の{T.card_name(where, lang)}で支払う" if ja
                    else f"Pay with {T.card_name(where, lang)} from your hand")
        r, c, i = where
        cell = _my_cell(view, r, c)
        name = T.card_name(cell["s"][i], lang) if cell and i < len(cell["s"]) else "?"
        return (f"区画の{name}（{r + 1}行{c + 1}列）で支払う" if ja
                else f"Pay with {name} from your district (row {r + 1}, column {c + 1})")
    if head == "pass":
        return "最後のカードを出さない" if ja else "Play no final card"
    if head == "deck":
        return f"{T.deck_name(rest, lang)}デッキから引く" if ja else f"Draw from the {T.deck_name(rest, lang)} deck"
    if head == "how":
        deck, mode, use_list = rest
        if mode == "top":
            card = view["faceup"].get(deck) if deck in DECKS else None
            name = T.card_name(card, lang) if card else "?"
            what = f"表向きの{name}を取る" if ja else f"Take the face-up {name}"
        else:
            what = "2枚引いて1枚選ぶ" if ja else "Draw two, keep one"
        colour = deck[0] if deck in DECKS else "R"
        # a dash, not brackets: the citizens' owners are named, and a name may hold brackets
        return f"{what} — {_use_text(use_list, view, colour, lang, names)}"
    if head == "opt":
        param, use_list = rest
        who = ""
        if seat is not None and use_list and not use_list[seat]:
            lender = next((s for s, k in enumerate(use_list) if k), 0)
            who = (f" — {_whose(lender, view, lang, names)}市民、{K.BORROW_FEE}ドゥニエ" if ja
                   else f" — a citizen of {seat_name(lender, names, lang)}, {K.BORROW_FEE} deniers")
        return _param_label(param, view, lang, names) + who
    if head == "ev":
        slot = rest
        item = view["queue"][slot] if slot < len(view["queue"]) else None
        if not item:
            return "イベントに対抗" if ja else "Counter an event"
        price = EVENTS[item["ev"]]["cost"] + item["den"]
        return (f"{T.event_name(item['ev'], lang)}に対抗（{price}ドゥニエ）" if ja
                else f"Counter {T.event_name(item['ev'], lang)} ({price} deniers)")
    if head == "earn":
        return (f"{T.colour_label(rest, lang)}の市民でドゥニエ獲得" if ja
                else f"Earn deniers with {T.colour_label(rest, lang)} citizens")
    if head == "n":
        k = rest
        return (f"{k}つ寝かせる（+{k * K.EARN_PER_CITIZEN}ドゥニエ）" if ja
                else f"Lay down {k} (+{k * K.EARN_PER_CITIZEN} deniers)")
    if head == "buy":
        return (f"{T.colour_label(rest, lang)}の市民を買う（5ドゥニエ）" if ja
                else f"Buy a {T.colour_label(rest, lang)} citizen (5 deniers)")
    if head == "gather":
        return "市民集結" if ja else "Gather all citizens"
    if head == "pick":
        return f"{T.card_name(rest, lang)}を取る" if ja else f"Keep {T.card_name(rest, lang)}"
    if head == "ret":
        if rest in EVENTS:
            return (f"城壁（{T.event_name(rest, lang)}）を捨てる" if ja
                    else f"Discard a rampart ({T.event_name(rest, lang)})")
        return (f"{T.card_name(rest, lang)}をデッキに戻す" if ja
                else f"Return {T.card_name(rest, lang)} to its deck")
    if head == "rampart":
        pending = view.get("pending") or {}
        ev = T.event_name(pending["ev"], lang) if pending.get("ev") in EVENTS else ""
        if rest:
            return f"城壁を建てて{ev}を防ぐ" if ja else f"Build a rampart against {ev}"
        return f"{ev}を受ける" if ja else f"Let {ev} strike you"
    if head == "bld":
        r, c = rest
        cell = _my_cell(view, r, c)
        name = T.card_name(cell["s"][-1], lang) if cell else "?"
        return (f"{_cell_text(r, c, lang)}の{name}を活性化" if ja
                else f"Activate {name} (row {r + 1}, column {c + 1})")
    if head == "tok":
        r, c = rest
        cell = _my_cell(view, r, c)
        name = T.card_name(cell["s"][-1], lang) if cell else "?"
        return f"{name}に置く" if ja else f"Put it on {name}"
    return key


def _param_label(param: str, view: dict, lang: str, names: list[str] | None = None) -> str:
    ja = _ja(lang)
    name, _, value = param.partition("=")
    if name == "port":
        where, _, inner = value.partition("&")
        owner, r, c = (int(x) for x in where.split(","))
        cell = view["players"][owner]["district"][r][c]
        card = T.card_name(cell["s"][-1], lang) if cell else "?"
        whose = _whose(owner, view, lang, names)
        label = f"{whose}{card}を使う" if ja else f"Use {whose}{card}"
        if inner:
            choice = _param_label(inner, view, lang, names).partition(colon(lang).strip())[2]
            choice = choice.strip()
            label += f"{colon(lang)}{choice}"
        return label
    if name == "mode":
        if value == "top":
            return "活性化：表向きのカードを取る" if ja else "Activate: take the face-up card"
        return "活性化：2枚引いて1枚選ぶ" if ja else "Activate: draw two, keep one"
    if name in ("slots", "slot"):
        evs = []
        for s in value.split("+"):
            item = view["queue"][int(s)] if int(s) < len(view["queue"]) else None
            evs.append(T.event_name(item["ev"], lang) if item else "?")
        joined = ("、" if ja else ", ").join(evs)
        return f"活性化：{joined}" if ja else f"Activate: {joined}"
    if name == "colour":
        return (f"活性化：{T.colour_label(value, lang)}の市民を得る" if ja
                else f"Activate: take a {T.colour_label(value, lang)} citizen")
    return "活性化する" if ja else "Activate"


# ====================================================================== prompt
def prompt(view: dict, seat: int | None, lang: str, names: list[str]) -> str:
    ja = _ja(lang)
    phase = view["phase"]
    if phase == "over":
        return esc("ゲーム終了" if ja else "The game is over")
    pending = view.get("pending")
    mover = pending["seat"] if pending else (None if phase == "final" else view["turn"])
    if phase == "final" and not pending:
        if seat is not None and view["final"] and not view["final"]["chosen"][seat]:
            return esc("最後のカードを1枚伏せて選ぶ（または出さない）" if ja
                       else "Secretly choose a final card to place (or none)")
        return esc("各プレイヤーが最後のカードを選んでいる" if ja else "The players choose their final cards")
    who = esc(names[mover]) if mover is not None and mover < len(names) else "?"
    mine = seat is not None and seat == mover
    if pending:
        kind = pending["kind"]
        if kind == "pick":
            text = ("引いた2枚から1枚選ぶ（もう1枚は表向きでデッキの上へ）" if ja
                    else "Keep one of the two cards drawn (the other goes face up on the deck)")
        elif kind == "limit":
            text = ("手札が5枚：1枚を戻す（城壁は捨てる）" if ja
                    else "Five cards in hand: return one (a rampart is discarded)")
        elif kind == "rampart":
            ev = T.event_name(pending["ev"], lang)
            text = (f"{ev}（×{pending['n']}）：城壁を建てて防ぐ?" if ja
                    else f"{ev} (×{pending['n']}) strikes: build a rampart?")
        else:
            tok = ("ダメージ" if pending["tok"] == "damage" else "灰色市民") if ja else \
                ("damage" if pending["tok"] == "damage" else "a grey citizen")
            text = (f"{tok}を置く建物を選ぶ（残り{pending['left']}）" if ja
                    else f"Choose a building for {tok} ({pending['left']} left)")
        return esc(text) if mine else (f"{who}：{esc(text)}" if ja else f"{who}: {esc(text)}")
    last = ("（最終ラウンド）" if ja else " (last round)") if view["last_round"] else ""
    if mine:
        text = ("カードを1枚出せる（任意）、その後アクションを1つ" if phase == "turn"
                else "アクションを1つ選ぶ") if ja \
            else ("Play a card (optional), then take one action" if phase == "turn" else "Take one action")
        return esc(text + last)
    return (f"{who}の手番{esc(last)}" if ja else f"{who}'s turn{esc(last)}")


# ====================================================================== board
# log keys that are a player's own decision (what "last move" marks)
MOVE_KEYS = ("play", "draw", "earn", "buy", "gather", "activate", "counter", "picked", "return", "drop_rampart",
             "rampart", "token", "final_chosen", "final_pass", "took_top", "drew_one")


def _attrs(key: str | None, shown: set, choices: dict) -> str:
    if key is None:
        return ""
    if key in choices and key not in shown:
        shown.add(key)
        return " " + choice_attrs(key) + f' title="{esc(choices[key])}"'
    return shown.mark_picked(key) if isinstance(shown, BoardPlaces) else ""


class _AnimIds:
    """Stable ids for the cards of one seat: card-<seat>-<card>, then -2, -3 for further copies, counted
    over the district (row by row) and then the hand, so a card keeps its id from hand to district."""

    def __init__(self) -> None:
        self.seen: dict[tuple, int] = {}

    def __call__(self, seat: int | str, card: str) -> str:
        k = self.seen.get((seat, card), 0) + 1
        self.seen[(seat, card)] = k
        return f"card-{seat}-{card}" + (f"-{k}" if k > 1 else "")


def _points_chip(card: str, lang: str) -> str:
    score = CARDS[card].get("score")
    if not score:
        return ""
    ja = _ja(lang)
    if score["nb"]:
        text = f'★{score["b"]}/{score["nb"]}'
        title = (f"建設者{score['b']}点、他のプレイヤー{score['nb']}点" if ja
                 else f"{score['b']} points for its builder, {score['nb']} for the others")
    else:
        text = f'★{score["b"]}'
        title = f"建設者のみ{score['b']}点" if ja else f"{score['b']} points for its builder only"
    return f'<span class="tournay-pts" title="{esc(title)}">{esc(text)}</span>'


def _card_html(card: str, lang: str, *, extra_cls: str = "", attrs: str = "", badge: str = "",
               anim: str = "", show_cost: bool = True, last: bool = False) -> str:
    """A card face: colour and level, kind, prestige points, picture, name, cost (full text: card_zoom)."""
    info = CARDS[card]
    colour, level, kind = info["colour"], info["level"], info["kind"]
    name = T.card_name(card, lang)
    roman = T.ROMAN[level]
    cls = f"tournay-card tournay-{colour} tournay-k-{kind} tournay-lv{level}"
    if "data-choice" in attrs:
        cls += " tournay-choice"
    if extra_cls:
        cls += " " + extra_cls
    pp = f'<span class="tournay-pp" title="{esc("名声点" if _ja(lang) else "prestige points")}">{info["pp"]}</span>' \
        if info["pp"] else ""
    cost = (f'<span class="tournay-cost">{art.use("denier", "tournay-ico") if info["cost"].get("deniers") else ""}'
            f'{esc(T.cost_text(card, lang))}</span>') if show_cost and info["cost"] else ""
    anim_attr = f' data-anim-id="{esc(anim)}"' if anim else ""
    last_attr = ' data-last-move="1"' if last else ""
    return (f'<div class="{cls}"{anim_attr}{last_attr}{attrs}{zoom_attrs("tournay", card, attrs)}>'
            f'<span class="tournay-cardhead"><span class="tournay-lv">{colour}{roman}</span>'
            f'<span class="tournay-icon" '
            f'aria-hidden="true">{KIND_ICON[kind]}</span>{_points_chip(card, lang)}{pp}</span>'
            f'<span class="tournay-art">{art.card_svg(card)}</span>'
            f'<span class="tournay-name">{esc(name)}</span>{cost}{badge}</div>')


def _events_html(view: dict, lang: str, choices: dict, shown: set) -> str:
    ja = _ja(lang)
    slots = []
    for i, item in enumerate(view["queue"]):
        if not item:
            slots.append('<div class="tournay-event tournay-empty">—</div>')
            continue
        ev = EVENTS[item["ev"]]
        dots = "".join('<span class="tournay-dot is-on">●</span>' if k < item["den"] else
                       '<span class="tournay-dot">○</span>' for k in range(ev["cap"]))
        good = ("良" if ja else "good") if not ev["harm"] else ("悪" if ja else "bad")
        counter_word = "対抗" if ja else "Counter"
        attrs = _attrs(event_key(i), shown, choices)
        cls = ("tournay-event" + (" tournay-good" if not ev["harm"] else "")
               + (" tournay-choice" if "data-choice" in attrs else ""))
        slots.append(
            f'<div class="{cls}" data-anim-id="ev-{esc(item["ev"])}"{purse_attrs("denier", item["den"])}{attrs}'
            f'{zoom_attrs("tournay", item["ev"], attrs)}>'
            f'<div class="tournay-evhead"><span class="tournay-evtag">{"☀" if not ev["harm"] else "⚠"} '
            f'{esc(good)}</span>'
            f'<span class="tournay-dots" aria-label="{item["den"]}/{ev["cap"]}">{dots}</span></div>'
            f'<span class="tournay-evart">{art.use("ev-" + item["ev"])}</span>'
            f'<b class="tournay-evname">{esc(T.event_name(item["ev"], lang))}</b>'
            f'<div class="tournay-evcost">{esc(counter_word)} '
            f'{art.use("denier", "tournay-ico")}{ev["cost"] + item["den"]}</div></div>')
    title = "イベント" if ja else "Events"
    deck = f'{view["ev_deck"]}' + ("枚" if ja else " left")
    return (f'<section class="tournay-events" aria-label="{esc(title)}" data-anchor="events"><h2>{esc(title)}'
            f'<small>{esc(parens(deck, lang))}</small></h2><div class="tournay-evrow">{"".join(slots)}</div></section>')


def _decks_html(view: dict, lang: str, choices: dict, shown: set, top_id) -> str:
    """The nine decks; ``top_id(deck, card)`` is the anim id of a face-up top card."""
    ja = _ja(lang)
    cells = []
    for level in (3, 2, 1):
        for colour in COLOURS:
            deck = f"{colour}{level}"
            attrs = _attrs(deck_key(deck), shown, choices)
            top = view["faceup"][deck]
            top_html = _card_html(top, lang, extra_cls="tournay-mini", anim=top_id(deck, top)) if top else \
                (f'<div class="tournay-back">{art.use("back", "tournay-backart")}'
                 f'<span>{esc(T.deck_name(deck, lang))}</span></div>')
            crier = deck in view["criers"]
            crier_html = (f'<span class="tournay-crier is-out" title="{esc("廷吏が出た" if ja else "town crier out")}">'
                          f'{art.use("crier", "tournay-ico")}{esc("済" if ja else "out")}</span>' if crier else "")
            cls = f"tournay-deck tournay-{colour}" + (" tournay-choice" if "data-choice" in attrs else "")
            cells.append(f'<div class="{cls}" data-anim-id="deck-{deck}"{attrs}><div class="tournay-deckhead">'
                         f'<b>{colour}{T.ROMAN[level]}</b> <small>×{view["decks"][deck]}</small>{crier_html}</div>'
                         f'{top_html}</div>')
    title = "デッキ" if ja else "Decks"
    out = len(view["criers"])
    info = (f"廷吏 {out}/{view['num_players'] + 1}" if ja else f"Town criers out: {out} (end needs "
        f"{view['num_players'] + 1})")
    return (f'<section class="tournay-decks" aria-label="{esc(title)}" data-anchor="decks">'
            f'<h2>{esc(title)} <small>{esc(info)}</small></h2>'
            f'<div class="tournay-deckgrid">{"".join(cells)}</div></section>')


def _citizens_html(player: dict, seat: int, lang: str, choices: dict, shown: set, mine: bool) -> str:
    parts = []
    for colour in COLOURS:
        attrs = _attrs(earn_key(colour), shown, choices) if mine else ""
        stand = art.use("citizen", "tournay-meeple") * player["stand"][colour]
        laid = art.use("citizen-laid", "tournay-meeple tournay-laidmeeple") * player["laid"][colour]
        label = (T.colour_label(colour, lang) + ("：" if _ja(lang) else ": ") +
                 (f'立{player["stand"][colour]} 寝{player["laid"][colour]}' if _ja(lang)
                  else f'{player["stand"][colour]} standing, {player["laid"][colour]} laid down'))
        cls = f"tournay-cit tournay-{colour}" + (" tournay-choice" if "data-choice" in attrs else "")
        parts.append(f'<span class="{cls}" data-anim-id="cit-{seat}-{colour}"{attrs} title="{esc(label)}">'
                     # the name is the words (hidden text), not an aria-label the visible letters and
                     # figures would contradict; the picture is hidden from screen readers
                     f'<span class="sr-only">{esc(label)}</span><span aria-hidden="true"><b>{colour}</b>'
                     f'<span class="tournay-stand">{stand}</span><span class="tournay-laid">{laid}</span>'
                     f'<small>{player["stand"][colour]}/{player["stand"][colour] + player["laid"][colour]}</small>'
                     f'</span></span>')
    return f'<div class="tournay-citizens" data-anchor="citizens:{seat}">{"".join(parts)}</div>'


def _district_html(view: dict, seat: int, lang: str, choices: dict, shown: BoardPlaces, mine: bool, ids: _AnimIds,
                   last_cell: tuple | None) -> str:
    district = view["players"][seat]["district"]
    ja = _ja(lang)
    ghost = mine and any(head == "cell" and not (0 <= rest[0] <= 2 and 0 <= rest[1] <= 2)
                         for head, rest in map(read_key, choices))
    rng = range(-1, 4) if ghost else range(3)
    cells = []
    for r in rng:
        for c in rng:
            inside = 0 <= r <= 2 and 0 <= c <= 2
            cell = district[r][c] if inside else None
            key = None
            if mine:
                for k in (cell_key(r, c), building_key(r, c), token_key(r, c)):
                    if k in choices or k in shown.picked:
                        key = k
                        break
                if key is None and cell:
                    k = district_pay_key(r, c, len(cell["s"]) - 1)
                    if k in choices:
                        key = k
            attrs = _attrs(key, shown, choices) if key else ""
            if not inside:
                if attrs:
                    arrow = "↓" if r < 0 else "↑" if r > 2 else "→" if c < 0 else "←"
                    cells.append(f'<div class="tournay-cell tournay-ghost tournay-choice"{attrs}>'
                                 f'<span>{arrow}</span><small>{esc("ずらす" if ja else "shift")}</small></div>')
                else:
                    cells.append('<div class="tournay-cell tournay-ghost tournay-off"></div>')
                continue
            if not cell:
                cls = "tournay-cell tournay-emptycell" + (" tournay-choice" if "data-choice" in attrs else "")
                cells.append(f'<div class="{cls}"{attrs}><span class="tournay-pos">{r + 1}-{c + 1}</span></div>')
                continue
            card = cell["s"][-1]
            badges = []
            if len(cell["s"]) > 1:
                under = ", ".join(T.card_name(k, lang) for k in cell["s"][:-1])
                badges.append(f'<span class="tournay-stack" title="{esc(under)}">'
                              f'{esc(("重" if ja else "stack ") + str(len(cell["s"])))}</span>')
            for tok in cell["occ"]:
                label = {"c": "市民" if ja else "citizen", "b": "他人の市民" if ja else "borrowed",
                         "g": "灰色市民" if ja else "grey citizen"}[tok]
                sym = {"c": "citizen", "b": "citizen-laid", "g": "grey"}[tok]
                badges.append(f'<span class="tournay-occ tournay-occ-{tok}" title="{esc(label)}">'
                              f'{art.use(sym, "tournay-ico")}</span>')
            if cell["dmg"]:
                badges.append(f'<span class="tournay-dmg" title="{esc("ダメージ" if ja else "damaged")}">'
                              f'{art.use("damage", "tournay-ico")}</span>')
            if CARDS[card]["kind"] == "building" and capacity(district, r, c) == 2:
                twice = esc("司祭：2回" if ja else "Priest: twice")
                badges.append(f'<span class="tournay-cap2" title="{twice}">×2</span>')
            badge = f'<span class="tournay-badges">{"".join(badges)}</span>' if badges else ""
            face = _card_html(card, lang, badge=badge, anim=ids(seat, card), show_cost=False,
                              last=last_cell == (r, c))
            choice_cls = " tournay-choice" if "data-choice" in attrs else ""
            cells.append(f'<div class="tournay-cell{choice_cls}"{attrs}>{face}</div>')
    cls = "tournay-district" + (" tournay-ghosted" if ghost else "")
    return f'<div class="{cls}" data-anchor="district:{seat}">{"".join(cells)}</div>'



def _last_cell(view: dict, s: int, entry: dict | None) -> tuple | None:
    """The district cell a last move played or activated (found by its top card), if any."""
    if not entry or entry["key"] not in ("play", "activate"):
        return None
    card = entry["params"].get("card")
    for r, row in enumerate(view["players"][s]["district"]):
        for c, cell in enumerate(row):
            if cell and cell["s"][-1] == card:
                return (r, c)
    return None


def _numbered(items: list[str]) -> list[tuple[str, int]]:
    """Each item with how many equal ones came before it (a stable id for a hand card's back)."""
    seen: dict[str, int] = {}
    out = []
    for item in items:
        seen[item] = seen.get(item, 0) + 1
        out.append((item, seen[item]))
    return out


def _player_html(view: dict, s: int, seat: int | None, lang: str, names: list[str], choices: dict,
                 shown: set, ids: _AnimIds, moves: dict) -> str:
    ja = _ja(lang)
    p = view["players"][s]
    mine = s == seat
    score = view["scores"][s]["total"]
    name = names[s] if s < len(names) else f"#{s + 1}"
    marks = []
    if s == view["first"]:
        first = esc("スタートプレイヤー" if ja else "first player")
        marks.append(f'<span class="tournay-first" title="{first}">①</span>')
    active = (view.get("pending") or {}).get("seat", view["turn"] if view["phase"] in ("turn", "action") else None)
    if view["phase"] == "final" and view["final"]:
        if view["final"]["chosen"][s]:
            marks.append(f'<span class="tournay-chosen">{esc("選択済" if ja else "chosen")}</span>')
    hand_n = len(p["backs"])
    backs = "".join(f'<span class="tournay-backmini tournay-{d[0]}" title="{esc(T.deck_name(d, lang))}"'
                    f' data-anim-id="back-{s}-{d}-{j}" data-anim-from="deck-{d}">{d[0]}{T.ROMAN[int(d[1])]}</span>'
                    for d, j in _numbered(p["backs"]))
    ramparts = len(p["ramparts"]) + len(p["built"]) + len(p["dropped"])
    rampart_parts = ("、" if ja else ", ").join([("手" if ja else "hand ") + str(len(p["ramparts"])),
                                                 ("済" if ja else "built ") + str(len(p["built"])),
                                                 ("捨" if ja else "dropped ") + str(len(p["dropped"]))])
    info = (f'<span class="tournay-big" data-anim-id="deniers-{s}"{purse_attrs("denier", p["deniers"])}>'
            f'{art.use("denier", "tournay-ico")}'
            f'<small>{esc("ドゥニエ" if ja else "Deniers")}</small> <b>{p["deniers"]}</b></span>'
            f'<span class="tournay-big">★<small>{esc("得点" if ja else "Score")}</small> <b>{score}</b></span>'
            f'<span>{esc("手札" if ja else "Hand")}{colon(lang)}'
            f'{hand_n}{("+" + str(len(p["ramparts"])) + ("城壁" if ja else " ramparts")) if p["ramparts"] else ""} '
            f'{backs}</span>'
            f'<span>{art.use("rampart", "tournay-ico")}{esc("城壁" if ja else "Ramparts")}{colon(lang)}{ramparts}'
            f'<small>{esc(parens(rampart_parts, lang))}</small></span>')
    entry = moves.get(s)
    last_cell = _last_cell(view, s, entry)
    last = ' data-last-move="1"' if entry and last_cell is None else ""
    cls = "tournay-player" + (" is-me" if mine else " is-opponent") + (" is-active" if active == s else "")
    return (f'<section class="{cls}" data-seat="{s}" data-anchor="seat:{s}" data-anim-id="seat-{s}" '
            f'data-anim-sig="seat"{last}><h2>{marks and "".join(marks) or ""}'
            f'<span class="tournay-seat">P{s + 1}</span> <b class="name">{esc(name)}</b></h2>'
            f'<div class="tournay-info">{info}</div>'
            + (f'<div class="tournay-lastmove">↻ {T.log_line(entry, lang, names)}</div>' if entry else "")
            + f'{_citizens_html(p, s, lang, choices, shown, mine)}'
            f'{_district_html(view, s, lang, choices, shown, mine, ids, last_cell)}</section>')


def _hand_html(view: dict, seat: int, lang: str, choices: dict, shown: BoardPlaces, ids: _AnimIds) -> str:
    ja = _ja(lang)
    p = view["players"][seat]
    cards = []
    for card in p["hand"] or []:
        key = None
        for k in (hand_key(card), hand_pay_key(card), return_key(card)):
            if (k in choices and k not in shown) or (k in shown.picked and k not in shown.marked):
                key = k
                break
        cards.append(_card_html(card, lang, attrs=_attrs(key, shown, choices), anim=ids(seat, card)))
    for i, ev in enumerate(p["ramparts"]):
        attrs = _attrs(return_key(ev), shown, choices)
        cards.append(f'<div class="tournay-rampart{" tournay-choice" if "data-choice" in attrs else ""}" '
                     f'data-anim-id="rampart-{seat}-{i}"'
                     f'{attrs}{zoom_attrs("tournay", "rampart", attrs)}>'
                     f'<span class="tournay-art">{art.use("rampart")}</span>'
                     f'<span class="tournay-name">{esc("城壁" if ja else "Rampart")}</span>'
                     f'<small>{esc(T.event_name(ev, lang))}</small></div>')
    drawn = ""
    pending = view.get("pending")
    if pending and pending["kind"] == "pick" and pending["seat"] == seat and pending.get("cards"):
        picks = [_card_html(c, lang, attrs=_attrs(pick_key(c), shown, choices), anim=ids(seat, c))
                 for c in pending["cards"]]
        drawn = (f'<div class="tournay-drawn"><h4>{esc("引いたカード" if ja else "Drawn cards")}</h4>'
                 f'{card_list(picks, "引いたカード" if ja else "Drawn cards", "tournay-handrow")}</div>')
    mine_final = ""
    if view.get("final") and view["final"].get("mine"):
        chosen = view["final"]["mine"]
        text = (T.card_name(chosen["card"], lang) if chosen["type"] == "final" else ("なし" if ja else "none"))
        mine_final = f'<p class="tournay-note">{esc(("最後のカード：" if ja else "Your final card: ") + text)}</p>'
    title = "あなたの手札" if ja else "Your hand"
    empty = "" if cards else f'<p class="tournay-note">{esc("手札なし" if ja else "No cards")}</p>'
    count = esc(parens(f"{len(cards)}/{K.HAND_LIMIT}", lang))
    return (f'<section class="tournay-hand" data-anchor="hand"><h2>{esc(title)} <small>{count}</small></h2>'
            f'{drawn}{card_list(cards, title, "tournay-handrow")}{empty}{mine_final}</section>')


def board(view: dict, seat: int | None, lang: str, names: list[str], choices: dict[str, str],
          picked: tuple[str, ...] = ()) -> tuple[str, set[str]]:
    ja = _ja(lang)
    shown = BoardPlaces(picked)
    n = view["num_players"]
    ids = _AnimIds()
    moves = last_moves(view.get("log") or [], seat, MOVE_KEYS)
    parts = []  # the art sheet comes with the screen (ui.page.screen_art), once
    round_text = (f"ラウンド {view['round']}" if ja else f"Round {view['round']}") + \
        ((" — 最終ラウンド" if ja else " — last round") if view["last_round"] else "")
    supply = "".join(f'<span class="tournay-supply tournay-{c}" title="{esc(T.colour_label(c, lang))}">'
                     f'{art.use("citizen", "tournay-meeple")}<b>{c}</b>×{view["supply"][c]}</span>' for c in COLOURS)
    rules = ("上級" if ja else "advanced") if view["rules"] == "advanced" else ("ノーマル" if ja else "normal")
    bank = (f'<span class="tournay-bank" data-anim-id="deniers-bank"{purse_attrs("denier", bank=True)}>'
            f'{art.use("denier", "tournay-ico")}{esc("銀行" if ja else "Bank")}{unlimited_html(lang)}</span>')
    parts.append(f'<div class="tournay-top"><span class="tournay-round">{esc(round_text)}</span>'
                 f'<span>{esc(("ストック" if ja else "Supply") + colon(lang))}{supply}</span>{bank}'
                 f'<span>{esc(("ルール" if ja else "Rules") + colon(lang) + rules)}</span></div>')
    # the district cards are counted first (seat by seat), then your hand, the cards you drew and the decks'
    # face-up tops: a card keeps its id from a deck's top (or your draw) to your hand and on to your district
    others = [s for s in range(n) if s != seat]
    opponents = [_player_html(view, s, seat, lang, names, choices, shown, ids, moves) for s in others]
    mine = _player_html(view, seat, seat, lang, names, choices, shown, ids, moves) if seat is not None else ""
    hand = _hand_html(view, seat, lang, choices, shown, ids) if seat is not None else ""
    parts.append(f'<div class="tournay-players tournay-opponents">{"".join(opponents)}</div>')
    parts.append('<div class="tournay-common">')
    parts.append(_events_html(view, lang, choices, shown))
    # a spectator has no hand: the tops keep their deck's id
    parts.append(_decks_html(view, lang, choices, shown,
                             (lambda deck, card: ids(seat, card)) if seat is not None
                             else (lambda deck, card: f"top-{deck}")))
    parts.append('</div>')
    if seat is not None:
        parts.append(f'<div class="tournay-players tournay-mine">{mine}</div>')
        parts.append(hand)
    return f'<div class="tournay-board">{"".join(parts)}</div>', set(shown)


# ====================================================================== zoom
def zoom_keys() -> list[str]:
    """Every key ``card_zoom`` knows: the cards of the nine decks, the events, the rampart."""
    return [*CARDS, *EVENTS, "rampart"]


def card_zoom(key: str, lang: str) -> str:
    """The large card for ``key``: picture, name, deck, cost, prestige points and the full rules text."""
    ja = _ja(lang)
    if key == "rampart":
        text = T.RAMPART_TEXT["ja" if ja else "en"]
        return (f'<div class="tournay-zoom tournay-zoomrampart">{art.use("rampart", "tournay-zoomart")}'
                f'<div class="tournay-zoombody"><div class="tournay-zoomname">{esc("城壁" if ja else "Rampart")}</div>'
                f'<p class="tournay-zoomtext">{esc(text)}</p></div></div>')
    if key in EVENTS:
        ev = EVENTS[key]
        good = ("良いイベント" if ja else "Good event") if not ev["harm"] else ("悪いイベント" if ja else "Bad event")
        nums = (f'<span>{esc("対抗コスト" if ja else "Counter cost")} <b>{ev["cost"]}</b>'
                f'{esc("+上のドゥニエ" if ja else " + deniers on it")}</span>'
                f'<span>{esc("上限" if ja else "Cap")} <b>{ev["cap"]}</b></span>')
        return (f'<div class="tournay-zoom tournay-zoomevent{" tournay-good" if not ev["harm"] else ""}">'
                f'{art.use("ev-" + key, "tournay-zoomart")}<div class="tournay-zoombody">'
                f'<div class="tournay-zoomname">{esc(T.event_name(key, lang))}</div>'
                f'<div class="tournay-zoomtype">{"☀" if not ev["harm"] else "⚠"} {esc(good)}</div>'
                f'<div class="tournay-zoomstats">{nums}</div>'
                f'<p class="tournay-zoomtext">{esc(T.event_text(key, lang))}</p></div></div>')
    if key not in CARDS:
        raise KeyError(key)
    info = CARDS[key]
    colour, level, kind = info["colour"], info["level"], info["kind"]
    stats = []
    if info["cost"]:
        stats.append(f'<span>{esc("コスト" if ja else "Cost")} <b>{esc(T.cost_text(key, lang))}</b></span>')
    if info["pp"]:
        stats.append(f'<span>{esc("名声点" if ja else "Prestige")} <b>{info["pp"]}</b></span>')
    stats.append(_points_chip(key, lang))
    domain = K.COLOUR_NAMES[colour]["domain_ja" if ja else "domain_en"]
    return (f'<div class="tournay-zoom tournay-{colour} tournay-k-{kind}">'
            f'<div class="tournay-zoomartbox">{art.card_svg(key, "tournay-zoomart")}</div>'
            f'<div class="tournay-zoombody"><div class="tournay-zoomname">{esc(T.card_name(key, lang))}</div>'
            f'<div class="tournay-zoomtype"><b class="tournay-lv">{colour}{T.ROMAN[level]}</b> {KIND_ICON[kind]} '
            f'{esc(T.KIND[kind]["ja" if ja else "en"])} · {esc(T.deck_name(colour + str(level), lang))} '
            f'({esc(domain)})</div>'
            f'<div class="tournay-zoomstats">{"".join(stats)}</div>'
            f'<p class="tournay-zoomtext">{esc(T.card_text(key, lang))}</p></div></div>')


# ====================================================================== end of game
def game_over(view: dict, lang: str, names: list[str]) -> str:
    ja = _ja(lang)
    n = view["num_players"]
    scores = view["scores"]
    names_all = sorted({name for sc in scores for name in sc["prestige"]}, key=lambda k: T.card_name(k, lang))
    # the corner header is named for screen readers (an empty header cell is a puzzle to them)
    head = [f'<span class="sr-only">{esc("得点" if ja else "Score")}</span>',
            *(esc(names[s]) if s < len(names) else str(s + 1) for s in range(n))]
    rows = []
    for name in names_all:
        rows.append([esc(T.card_name(name, lang)) + " ★", *(str(scores[s]["prestige"].get(name, 0)) for s in range(n))])
    rows.append([esc("カードの名声点" if ja else "Card points"), *(str(scores[s]["cards"]) for s in range(n))])
    rows.append([esc("人物のボーナス" if ja else "Character bonuses"),
                 *(str(scores[s]["characters"]) for s in range(n))])
    rows.append([esc("城壁" if ja else "Ramparts"), *(str(scores[s]["ramparts"]) for s in range(n))])
    rows.append([f'<b>{esc("合計" if ja else "Total")}</b>', *(f'<b>{scores[s]["total"]}</b>' for s in range(n))])
    rows.append([esc("ドゥニエ（同点時）" if ja else "Deniers (tie-break)"),
                 *(str(view["players"][s]["deniers"]) for s in range(n))])
    thead = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    top = max(sc["total"] for sc in scores)
    tied = [s for s in range(n) if scores[s]["total"] == top]
    if len(tied) > 1:
        tie = ("同点のため、残りドゥニエが多いプレイヤーの勝ち（それも同じなら勝利を分け合う）。" if ja
               else "Tied on points: the player with more deniers left wins (still tied: a shared victory).")
    else:
        tie = ("同点の場合は残りドゥニエの多いプレイヤーが勝つ。" if ja
               else "A tie on points would go to the player with more deniers left.")
    note = ("名声建造物は1人につき1つの名前ごとに最大12点（建設者は高い方の率）。" if ja
            else "Each prestige building scores at most 12 points per player, once per name (builders at the builder "
                 "rate).")
    return (f'<div class="tournay-over"><table class="tournay-scores"><thead><tr>{thead}</tr></thead>'
            f'<tbody>{body}</tbody></table><p>{esc(note)}</p><p>{esc(tie)}</p>'
            # the winners are named once, in the page's end panel head (page.game_over_html)
            f'{_end_reason(view, lang)}</div>')


def _end_reason(view: dict, lang: str) -> str:
    reason = next((e["params"]["reason"] for e in view.get("log", []) if e.get("key") == "last_round"), None)
    if reason is None:
        return ""
    text = T.REASONS[reason]["ja" if _ja(lang) else "en"]
    if reason == "round_limit":
        text += f"（{ROUND_LIMIT}）" if _ja(lang) else f" ({ROUND_LIMIT})"
    lead = f"{view['round']}ラウンドで終了：" if _ja(lang) else f"Ended after round {view['round']}: "
    return f'<p class="tournay-note">{esc(lead + text + ("。" if _ja(lang) else "."))}</p>'


# ====================================================================== step prompts (issue 38)
def step_prompt(view: dict, picked: tuple[str, ...], lang: str, names: list[str]) -> str | None:
    """The prompt once a click of a move is made: what the next click decides."""
    ja = _ja(lang)
    head, rest = read_key(picked[-1])
    asks = {
        "hand": ("置く区画を選んでください。", "choose where in your district to place it."),
        "cell": ("費用の「+1枚」として手放すカード（手札か自分の区画から）を選んでください。",
                 "Choose the card you give up for the \u201c+ 1 card\u201d of the cost "
                 "(from your hand or your district)."),
        "deck": ("引き方を選んでください。", "Choose how to draw."),
        "bld": ("この建物の使い方を選んでください。", "Choose how to activate this building."),
        "earn": ("何人の市民で稼ぐか選んでください。", "Choose how many citizens earn."),
    }
    ask = asks.get(head)
    if ask is None:
        return None
    prefix = ""
    if head == "hand":
        prefix = step_label(picked[-1], view, lang) + ("：" if ja else " — ")
    return esc(prefix + (ask[0] if ja else ask[1]))
