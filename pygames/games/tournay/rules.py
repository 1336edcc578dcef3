"""Tournay (Pearl Games 2011) as implemented for pygames; see docs/rules/tournay.md.

State (plain JSON data):
  rules           "normal" | "advanced"
  first, turn     first player of every round, seat whose turn it is
  round           1, 2, ...; last_round: True once the end was triggered
  phase           "turn" (may play a card, then act) | "action" (must act) | "busy"
                  (effects resolving, see tasks/pending) | "final" (secret last card) | "over"
  decks           {deck: [cards top first]} the face-down part; faceup {deck: card | None}
  criers          decks whose town crier is out, in order of appearance
  ev_deck, queue  event deck (top first) and the 3 slots [{"ev", "den"} | None]
  ev_out          ramparts discarded over the hand limit (event cards out of the game)
  supply          {colour: citizens}
  players         [{deniers, stand{R,W,Y}, laid{R,W,Y}, hand, ramparts, built, dropped, district}]
                  district: 3x3 of None | {"s": [cards bottom..top], "occ": ["c"|"b"|"g"], "dmg": bool}
                  occ: "c" own citizen, "b" the mark of a borrowed citizen, "g" grey citizen token
  tasks           work still to do in the current turn (FIFO), pending: the decision asked now
  final           {"chosen": [action | None]} during the last card
"""

from __future__ import annotations

import operator
from typing import Any

from pygames.core import Game, SetupError, log_entry, log_visible_to, option, strict_equal
from pygames.core.rng import Rng

from . import INFO
from . import cards as K

CARDS, EVENTS, COLOURS, DECKS = K.CARDS, K.EVENTS, K.COLOURS, K.DECKS
ROUND_LIMIT = 40   # designed safeguard: the game ends after this round at the latest


# ====================================================================== small helpers (pure, also used by bot/render)
#: the deck of every card (a table: this is asked for every card that moves)
DECK_OF = {card: K.deck_of(card) for card in CARDS}


def card_deck(card: str) -> str:
    return DECK_OF[card]


SELECTORS = ("R", "W", "Y", "bR", "bW", "bY", "bWY", "bp", "any", "building", "character", "prestige")


def _selectors(card: str) -> frozenset:
    info = CARDS[card]
    kind, colour = info["kind"], info["colour"]
    found = {"any", kind}
    if kind in ("building", "character"):
        found.add(colour)
    if kind == "building":
        found.add("b" + colour)
        if colour in ("W", "Y"):
            found.add("bWY")
    if kind in ("building", "prestige"):
        found.add("bp")
    return frozenset(found)


MATCH = {card: _selectors(card) for card in CARDS}


def matches(card: str, what: str) -> bool:
    """Whether ``card`` is counted by the selector ``what`` (see cards.py)."""
    return what in MATCH[card]


def top(cell: dict | None) -> str | None:
    return cell["s"][-1] if cell else None


def visible(district: list) -> list[tuple[int, int, str]]:
    return [(r, c, cell["s"][-1]) for r, row in enumerate(district) for c, cell in enumerate(row) if cell]


def count_visible(district: list, what: str) -> int:
    return sum(1 for row in district for cell in row if cell and what in MATCH[cell["s"][-1]])


def line_cells(r: int, c: int) -> list[tuple[int, int]]:
    """The other cells of the same row and column."""
    return [(r, x) for x in range(3) if x != c] + [(y, c) for y in range(3) if y != r]


CELLS = tuple((r, c) for r in range(3) for c in range(3))
#: the other cells of the row and column of each cell
LINES = {(r, c): tuple(line_cells(r, c)) for r, c in CELLS}
#: characters that let the buildings in their line be activated twice (the Priest)
DOUBLERS = frozenset(card for card, info in CARDS.items() if info.get("char", {}).get("on") == "double")


def chars_in_line(district: list, r: int, c: int) -> list[dict]:
    """Visible character effects in the row and column of (r, c)."""
    result = []
    for rr, cc in LINES[r, c]:
        cell = district[rr][cc]
        if cell:
            char = CARDS[cell["s"][-1]].get("char")
            if char:
                result.append(char)
    return result


def capacity(district: list, r: int, c: int) -> int:
    """How many citizens a building at (r, c) takes: 2 with a Priest in its row or column."""
    for rr, cc in LINES[r, c]:
        cell = district[rr][cc]
        if cell and cell["s"][-1] in DOUBLERS:
            return 2
    return 1


def owned_citizens(player: dict, colour: str) -> int:
    on_buildings = sum(cell["occ"].count("c") for row in player["district"] for cell in row
                       if cell and CARDS[cell["s"][-1]]["colour"] == colour)
    return player["stand"][colour] + player["laid"][colour] + on_buildings


def rampart_count(player: dict) -> int:
    return len(player["ramparts"]) + len(player["built"]) + len(player["dropped"])


def hand_size(player: dict) -> int:
    return len(player["hand"]) + len(player["ramparts"])


#: the ``per`` conditions of prestige buildings counted on visible cards (the others count citizens,
#: deniers or ramparts)
MATCH_SELECTORS = frozenset(SELECTORS) | {"sets"}


def prestige_units(player: dict, per: str, counts: dict | None = None) -> int:
    """How many times ``player`` meets the condition ``per`` of a prestige building."""
    if per == "flat":
        return 1
    if per == "deniers4":
        return player["deniers"] // 4
    if per == "ramparts":
        return rampart_count(player)
    if per.startswith("citizens:"):
        return owned_citizens(player, per[-1])
    if per == "citizen_sets":
        return min(owned_citizens(player, c) for c in COLOURS)
    if counts is None:
        counts = visible_counts(player["district"])
    if per == "sets":
        return min(counts.get(c, 0) for c in COLOURS)
    return counts.get(per, 0)


def visible_counts(district: list) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in district:
        for cell in row:
            if cell:
                for sel in MATCH[cell["s"][-1]]:
                    counts[sel] = counts.get(sel, 0) + 1
    return counts


PRESTIGE = frozenset(card for card, info in CARDS.items() if info["kind"] == "prestige")
PRINTED = {card: info["pp"] for card, info in CARDS.items()}
#: the end-game bonus of each character that has one: (selector counted in its line, points each)
BONUS = {card: (info["char"]["what"], info["char"]["pp"]) for card, info in CARDS.items()
         if info.get("char", {}).get("on") == "bonus"}


def district_points(district: list) -> tuple[int, int, list[str]]:
    """A district's printed points, its characters' end-game bonuses, and the prestige cards on top
    of its cells (what every score of it starts from)."""
    printed = 0
    bonus = 0
    prestige_tops = []
    for r, c in CELLS:
        cell = district[r][c]
        if not cell:
            continue
        stack = cell["s"]
        for card in stack:
            printed += PRINTED[card]
        top_card = stack[-1]
        if top_card in PRESTIGE:
            prestige_tops.append(top_card)
        elif top_card in BONUS:
            what, pp = BONUS[top_card]
            for rr, cc in LINES[r, c]:
                other = district[rr][cc]
                if other and what in MATCH[other["s"][-1]]:
                    bonus += pp
    return printed, bonus, prestige_tops


def score_breakdown(players: list[dict], seat: int) -> dict:
    """Points of ``seat`` by category (works on states and on views: districts are public)."""
    me = players[seat]
    names: dict[str, bool] = {}     # prestige names built anywhere: whether ``seat`` built one
    for index, player in enumerate(players):
        for row in player["district"]:
            for cell in row:
                if cell and cell["s"][-1] in PRESTIGE:
                    card = cell["s"][-1]
                    names[card] = names.get(card, False) or index == seat
    district = me["district"]
    counts = None
    prestige = {}
    for name, mine in names.items():
        rule = CARDS[name]["score"]
        rate = rule["b"] if mine else rule["nb"]
        if not rate:
            prestige[name] = 0
            continue
        if counts is None and rule["per"] in MATCH_SELECTORS:
            counts = visible_counts(district)
        prestige[name] = min(K.PRESTIGE_CAP, rate * prestige_units(me, rule["per"], counts))
    printed, bonus, _ = district_points(district)
    ramparts = rampart_count(me)
    total = sum(prestige.values()) + printed + bonus + ramparts
    return {"prestige": prestige, "cards": printed, "characters": bonus, "ramparts": ramparts, "total": total}


def rival_names(players: list[dict], seat: int) -> set[str]:
    """The prestige names visible in the districts of every seat but ``seat``."""
    return {cell["s"][-1] for index, player in enumerate(players) if index != seat
            for row in player["district"] for cell in row if cell and cell["s"][-1] in PRESTIGE}


def score_total(player: dict, rivals: set[str]) -> int:
    """``score_breakdown(players, seat)["total"]`` of the seat whose ``player`` this is, given the
    prestige names its rivals show (``rival_names``), without building the breakdown: for the
    bots, which score many districts that differ from the state's by one card."""
    district = player["district"]
    printed, bonus, mine = district_points(district)
    total = rampart_count(player) + printed + bonus
    names = set(rivals)
    names.update(mine)
    counts = None
    for name in names:
        rule = CARDS[name]["score"]
        rate = rule["b"] if name in mine else rule["nb"]
        if rate:
            if counts is None and rule["per"] in MATCH_SELECTORS:
                counts = visible_counts(district)
            total += min(K.PRESTIGE_CAP, rate * prestige_units(player, rule["per"], counts))
    return total


_USE_WAYS: dict[tuple, tuple[tuple[int, ...], ...]] = {}


def use_ways(standing: tuple[int, ...], seat: int, need: int, budget: int) -> tuple[tuple[int, ...], ...]:
    """Ways to take ``need`` citizens of one colour from the ``standing`` ones of each seat (own
    first; others' at 2 deniers each, paid out of ``budget``). Each way is a count per seat.
    Memoized: the same few situations come back all game."""
    key = (standing, seat, need, min(budget, K.BORROW_FEE * need))   # fees never exceed 2 x need
    found = _USE_WAYS.get(key)
    if found is None:
        if len(_USE_WAYS) > 20000:
            _USE_WAYS.clear()
        found = _USE_WAYS[key] = tuple(tuple(u) for u in _use_ways(*key))
    return found


#: (colour, effect) of each building card: what activating it takes and does
BUILDINGS = {card: (info["colour"], info["act"]) for card, info in CARDS.items() if info["kind"] == "building"}
#: the building effects that take no parameter (one way to use them, free)
PLAIN_EFFECTS = frozenset({"gain", "gain_per"})
#: a seat's standing citizens of each colour (its "stand" counts in the order of COLOURS)
STANDING = operator.itemgetter(*COLOURS)
#: the decks of each colour, level I first
COLOUR_DECKS = {colour: tuple(colour + str(level) for level in K.LEVELS) for colour in COLOURS}
#: the level of each deck (how many citizens drawing from it takes)
DECK_LEVEL = {colour + str(level): level for colour in COLOURS for level in K.LEVELS}
#: the most a draw's borrowing fees can be (a level III draw with every citizen borrowed)
MAX_DRAW_FEES = K.BORROW_FEE * len(K.LEVELS)
#: the ways to draw from a deck by (a card lies face up, the face-down part is empty)
DRAW_MODES = {(False, False): ("blind",), (True, False): ("top", "blind"), (False, True): (), (True, True): ("top",)}


def draw_modes(state: dict, deck: str) -> tuple[str, ...]:
    """The ways to draw from ``deck`` now: "top" takes its face-up card, "blind" the pile's top."""
    return DRAW_MODES[state["faceup"][deck] is not None, not state["decks"][deck]]


_DRAW_WAYS: dict[tuple, tuple[tuple[int, tuple[int, ...]], ...]] = {}


#: what one colour's standing citizens allow: (deck, its ``draw_ways`` uses) for each deck it may
#: be drawn from, and the ways to take one citizen (``use_ways``)
ColourChoices = tuple[tuple[tuple[str, tuple[tuple[int, ...], ...]], ...], tuple[tuple[int, ...], ...]]
_COLOUR_CHOICES: dict[tuple, ColourChoices] = {}


def colour_choices(colour: str, standing: tuple[int, ...], seat: int, budget: int) -> ColourChoices:
    """What the ``standing`` citizens of ``colour`` let ``seat`` do, with ``budget`` deniers for
    borrowing fees: (deck, its ``draw_ways`` uses) for each deck of the colour it may draw from,
    level I first, and the ways to take one citizen (``use_ways``), to activate a building of
    the colour. Memoized like ``draw_ways``: the legal list asks this of each colour every turn."""
    key = (colour, standing, seat, budget if budget < MAX_DRAW_FEES else MAX_DRAW_FEES)
    found = _COLOUR_CHOICES.get(key)
    if found is None:
        if len(_COLOUR_CHOICES) > 20000:
            _COLOUR_CHOICES.clear()
        ways = draw_ways(standing, seat, budget)
        draws = tuple((COLOUR_DECKS[colour][level - 1], tuple(use for lv, use in ways if lv == level))
                      for level in dict.fromkeys(lv for lv, _ in ways))
        found = _COLOUR_CHOICES[key] = (draws, use_ways(standing, seat, 1, budget))
    return found


def draw_ways(standing: tuple[int, ...], seat: int, budget: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(level, use) for each level of a colour's decks that the ``standing`` citizens of that
    colour can draw from, and each way to take as many of them as the level (``use_ways``),
    level I first. Memoized like ``use_ways``."""
    key = (standing, seat, min(budget, MAX_DRAW_FEES))
    found = _DRAW_WAYS.get(key)
    if found is None:
        if len(_DRAW_WAYS) > 20000:
            _DRAW_WAYS.clear()
        found = _DRAW_WAYS[key] = tuple((level, use) for level in range(1, min(3, sum(standing)) + 1)
                                        for use in use_ways(standing, seat, level, budget))
    return found


def _use_ways(caps: tuple, seat: int, need: int, budget: int) -> list[list[int]]:
    n = len(caps)
    others = [s for s in range(n) if s != seat]
    result: list[list[int]] = []
    max_borrow = min(need, budget // K.BORROW_FEE) if budget >= 0 else -1

    def rec(index: int, acc: list[int], borrowed: int) -> None:
        if index == len(others):
            own = need - borrowed
            if 0 <= own <= caps[seat]:
                use = [0] * n
                use[seat] = own
                for s, k in zip(others, acc):
                    use[s] = k
                result.append(use)
            return
        for k in range(min(caps[others[index]], max_borrow - borrowed), -1, -1):
            acc.append(k)
            rec(index + 1, acc, borrowed + k)
            acc.pop()

    if max_borrow >= 0:
        rec(0, [], 0)
    result.sort(key=lambda u: (-u[seat], [-x for x in u]))
    return result


def shift_for(r: int, c: int) -> tuple[int, int]:
    return (1 if r < 0 else -1 if r > 2 else 0), (1 if c < 0 else -1 if c > 2 else 0)


def occupancy(district: list) -> int:
    """The filled cells of a district as a 9-bit mask (bit 3r + c)."""
    mask = 0
    bit = 1
    for row in district:
        for cell in row:
            if cell:
                mask |= bit
            bit <<= 1
    return mask


def _places_for(mask: int) -> tuple[tuple[int, int], ...]:
    """Where a card may go in a district whose filled cells are ``mask`` (see ``targets``)."""
    occupied = [(r, c) for r, c in CELLS if mask >> (3 * r + c) & 1]
    if not occupied:
        return CELLS
    occ = set(occupied)
    result = []
    for r in range(-1, 4):
        for c in range(-1, 4):
            if (r, c) in occ:
                result.append((r, c))
                continue
            if not any((r + dr, c + dc) in occ for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                continue
            dr, dc = shift_for(r, c)
            if all(0 <= rr + dr <= 2 and 0 <= cc + dc <= 2 for rr, cc in occupied) \
                    and 0 <= r + dr <= 2 and 0 <= c + dc <= 2:
                result.append((r, c))
    return tuple(result)


#: the places of each district shape (of 512: whether each cell is empty, row by row), computed
#: when first met
_PLACES: dict[tuple[bool, ...], tuple[tuple[int, int], ...]] = {}


def targets(district: list, card: str) -> list[tuple[int, int]]:
    """Cells (in current coordinates, -1..3 meaning "shift the district") where ``card`` may go:
    any filled cell, an empty cell orthogonally next to one, and places just outside the grid
    when the whole district can shift by one; a prestige building not twice in a district."""
    if CARDS[card]["level"] == 3 and any(card in cell["s"] for row in district for cell in row if cell):
        return []
    return list(places(district))


def places(district: list) -> tuple[tuple[int, int], ...]:
    """``targets`` of any card but a prestige name already built there."""
    # the shape as a tuple of 9 tests: quicker to make than a mask by a loop (asked for every play list)
    (a, b, c), (d, e, f), (g, h, i) = district
    shape = (a is None, b is None, c is None, d is None, e is None, f is None, g is None, h is None, i is None)
    found = _PLACES.get(shape)
    if found is None:
        found = _PLACES[shape] = _places_for(occupancy(district))
    return found


def other_buildings(players: list[dict], seat: int, colour: str) -> list[tuple[int, int, int, dict]]:
    """(owner, r, c, effect) of the visible buildings of ``colour`` in the other players' districts,
    which a Port may use (there is one Port, so it never meets another)."""
    found = []
    for owner, player in enumerate(players):
        if owner == seat:
            continue
        for r, c in CELLS:
            cell = player["district"][r][c]
            if cell:
                info = CARDS[cell["s"][-1]]
                if info["kind"] == "building" and info["colour"] == colour:
                    found.append((owner, r, c, info["act"]))
    return found


def event_impact(player: dict, ev: str, n: int) -> int:
    """How much a harmful event would do to ``player`` (0: nothing, so no rampart is asked)."""
    eff = EVENTS[ev]["effect"]
    amount = eff["k"] * n * (count_visible(player["district"], eff["per"]) if "per" in eff else 1)
    do = eff["do"]
    if do == "lose":
        return min(amount, player["deniers"])
    if do == "lay_down":
        return min(amount, player["stand"][eff["colour"]])
    if do in ("damage", "grey"):
        return min(amount, len(token_cells(player["district"])))
    return amount


def token_cells(district: list) -> list[tuple[int, int]]:
    """Unoccupied, undamaged buildings (where damage and grey citizens go)."""
    return [(r, c) for r, c in CELLS
            if (cell := district[r][c]) and cell["s"][-1] in BUILDINGS and not cell["occ"] and not cell["dmg"]]


def district_payments(district: list) -> list[tuple[tuple[int, int], str]]:
    """(cell, "d:r,c,i") for every card of a district: the ways to pay a "+ 1 card" cost with it."""
    return [((r, c), f"d:{r},{c},{i}") for r, c in CELLS if district[r][c] for i in range(len(district[r][c]["s"]))]


def has_room(district: list, r: int, c: int) -> bool:
    """Whether the building at (r, c) may take a citizen: not damaged, not full."""
    cell = district[r][c]
    return not cell["dmg"] and (not cell["occ"] or len(cell["occ"]) < capacity(district, r, c))


def can_pay(player: dict, card: str) -> bool:
    cost = CARDS[card]["cost"]
    if player["deniers"] < cost.get("deniers", 0):
        return False
    if "citizen" in cost:
        col = cost["citizen"]
        return player["stand"][col] + player["laid"][col] > 0
    return True


def play_options(players: list[dict], seat: int, hand: list[str], type_: str = "play",
                 only: str | None = None) -> list[dict]:
    """Every legal way to put a hand card into the district (type "play" or "final"); with
    ``only``, the ways to put that card."""
    me = players[seat]
    district = me["district"]
    result = []
    district_cards = None   # (cell, "d:r,c,i") for every card of the district, for "+ 1 card" costs
    free = places(district)  # where any card but an already built prestige name may go
    for card in dict.fromkeys(hand):
        if only is not None and card != only or not can_pay(me, card):
            continue
        info = CARDS[card]
        cost = info["cost"]
        cells = targets(district, card) if info["level"] == 3 else free
        if "card" not in cost:
            for r, c in cells:
                result.append({"type": type_, "card": card, "r": r, "c": c})
            continue
        # the card paid: another card of the hand, or any card of the district but the target cell's
        others = list(hand)
        others.remove(card)
        hand_pays = [f"h:{pay}" for pay in sorted(set(others))]
        if district_cards is None:
            district_cards = district_payments(district)
        for target in cells:
            r, c = target
            for where in hand_pays:
                result.append({"type": type_, "card": card, "r": r, "c": c, "pay": where})
            for cell, where in district_cards:
                if cell != target:
                    result.append({"type": type_, "card": card, "r": r, "c": c, "pay": where})
    return result


def end_trigger(players: list[dict], criers: int) -> str | None:
    """Why the last round starts now (checked at the start of a round), or None."""
    ready = 0   # full districts with two prestige buildings; most districts are not full, checked first
    for p in players:
        district = p["district"]
        if None not in district[0] and None not in district[1] and None not in district[2] \
                and sum(cell["s"][-1] in PRESTIGE for row in district for cell in row) >= 2:
            ready += 1
    if ready >= 2:
        return "two_districts"
    if ready >= 1 and criers > len(players):
        return "district_criers"
    return None


def empty_district() -> list:
    return [[None, None, None] for _ in range(3)]


# ====================================================================== the game
class TournayGame(Game):
    info = INFO
    default_players = 3
    version = 2     # 2: the Fort in red I, the Fortress in red II, the Port in yellow I
    test_option_keys = ("first_player", "decks", "events", "hands", "districts", "deniers", "citizens",
                        "ramparts", "criers_out", "event_deniers", "supply", "no_shuffle")

    # ------------------------------------------------------------------ setup
    def _option_specs(self) -> list[dict]:
        return [option("rules", "choice", "normal", "Rules", "ルール", choices=["normal", "advanced"],
                       choice_labels={"normal": {"en": "Normal (2 citizens of each colour, 6 deniers)",
                                                 "ja": "ノーマル(各色2市民・6ドゥニエ)"},
                                      "advanced": {"en": "Advanced (1 of each, 9 deniers, buy citizens)",
                                                   "ja": "上級(各色1市民・9ドゥニエ・市民購入)"}})]

    def _setup(self, num_players: int, rng: Rng, options: dict) -> dict:
        n = num_players
        rules = options["rules"]
        conf = K.SETUP[rules]
        no_shuffle = options.get("no_shuffle", False)
        if not isinstance(no_shuffle, bool):
            raise SetupError("no_shuffle must be true or false")

        def per_seat(key: str, check) -> list | None:
            value = options.get(key)
            if value is None:
                return None
            if not isinstance(value, list) or len(value) != n:
                raise SetupError(f"{key} must be a list with one entry per seat")
            for item in value:
                check(item)
            return value

        def is_card_list(items, what="card") -> None:
            if not isinstance(items, list) or not all(isinstance(x, str) and x in CARDS for x in items):
                raise SetupError(f"unknown {what} in {items!r}")

        def is_event_list(items) -> None:
            if not isinstance(items, list) or not all(isinstance(x, str) and x in EVENTS for x in items):
                raise SetupError(f"unknown event in {items!r}")

        def is_count(x) -> None:
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                raise SetupError(f"{x!r} is not a count")

        def is_colours(x) -> None:
            if not isinstance(x, dict) or set(x) != set(COLOURS):
                raise SetupError("citizens are given as {\"R\": n, \"W\": n, \"Y\": n}")
            for v in x.values():
                is_count(v)

        def is_district(x) -> None:
            if not isinstance(x, list) or len(x) != 3 or any(not isinstance(row, list) or len(row) != 3 for row in x):
                raise SetupError("a district is 3 rows of 3 cells")
            for row in x:
                for cell in row:
                    if cell is None:
                        continue
                    stack = [cell] if isinstance(cell, str) else cell
                    is_card_list(stack)
                    if not stack or any(CARDS[k]["kind"] == "crier" for k in stack):
                        raise SetupError("a district cell holds activity cards")
                    if len({CARDS[k]["colour"] for k in stack}) != 1:
                        raise SetupError("a stack holds cards of one colour")

        hands = per_seat("hands", is_card_list) or [[] for _ in range(n)]
        if any(CARDS[k]["kind"] == "crier" for h in hands for k in h):
            raise SetupError("a town crier cannot be in a hand")
        if any(len(h) > K.HAND_LIMIT for h in hands):
            raise SetupError("a hand holds at most 4 cards")
        districts = per_seat("districts", is_district)
        deniers = per_seat("deniers", is_count)
        citizens = per_seat("citizens", is_colours)
        ramparts = per_seat("ramparts", is_event_list) or [[] for _ in range(n)]
        first = options.get("first_player")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n):
            raise SetupError("first_player must be a seat number")
        criers_out = options.get("criers_out", [])
        if not isinstance(criers_out, list) or any(d not in DECKS for d in criers_out) \
                or len(set(criers_out)) != len(criers_out):
            raise SetupError("criers_out lists deck ids (R1 ... Y3) at most once each")
        supply = options.get("supply")
        if supply is not None:
            is_colours(supply)

        # the cards still free for each deck
        pools = {d: K.deck_cards(d) for d in DECKS}
        placed: list[str] = [k for h in hands for k in h]
        for dist in districts or []:
            for row in dist:
                for cell in row:
                    if cell is not None:
                        placed.extend([cell] if isinstance(cell, str) else cell)
        for d in criers_out:
            placed.append(f"crier_{d}")
        given_decks = options.get("decks") or {}
        if not isinstance(given_decks, dict) or any(d not in DECKS for d in given_decks):
            raise SetupError("decks is {deck id: [cards top first]}")
        for d, cards_ in given_decks.items():
            is_card_list(cards_)
            if any(card_deck(k) != d for k in cards_):
                raise SetupError(f"a card in decks[{d!r}] belongs to another deck")
            placed.extend(cards_)
        for k in placed:
            d = card_deck(k)
            if k not in pools[d]:
                raise SetupError(f"too many copies of {k!r}")
            pools[d].remove(k)
        decks = {}
        for d in DECKS:
            rest = pools[d]
            if not no_shuffle:
                rng.shuffle(rest)
            decks[d] = list(given_decks.get(d, [])) + rest

        ev_given = options.get("events") or []
        is_event_list(ev_given)
        ev_pool = list(K.EVENT_ORDER)
        for e in ev_given + [e for r in ramparts for e in r]:
            if e not in ev_pool:
                raise SetupError(f"too many copies of event {e!r}")
            ev_pool.remove(e)
        if not no_shuffle:
            rng.shuffle(ev_pool)
        ev_deck = list(ev_given) + ev_pool
        queue = []
        for _ in range(K.QUEUE_SIZE):
            queue.append({"ev": ev_deck.pop(0), "den": 0} if ev_deck else None)
        ev_den = options.get("event_deniers")
        if ev_den is not None:
            if not isinstance(ev_den, list) or len(ev_den) != K.QUEUE_SIZE:
                raise SetupError("event_deniers lists 3 numbers")
            for slot, value in zip(queue, ev_den):
                is_count(value)
                if slot is not None:
                    if value > EVENTS[slot["ev"]]["cap"]:
                        raise SetupError("more deniers on an event than its cap")
                    slot["den"] = value

        players = []
        for seat in range(n):
            dist = empty_district()
            if districts:
                for r in range(3):
                    for c in range(3):
                        cell = districts[seat][r][c]
                        if cell is not None:
                            dist[r][c] = {"s": [cell] if isinstance(cell, str) else list(cell), "occ": [], "dmg": False}
            stand = dict(citizens[seat]) if citizens else {c: conf["citizens"] for c in COLOURS}
            players.append({"deniers": deniers[seat] if deniers else conf["deniers"],
                            "stand": stand, "laid": {c: 0 for c in COLOURS},
                            "hand": list(hands[seat]), "ramparts": list(ramparts[seat]),
                            "built": [], "dropped": [], "district": dist})
            if hand_size(players[-1]) > K.HAND_LIMIT:
                raise SetupError("a hand holds at most 4 cards, ramparts included")
        if first is None:
            first = rng.randbelow(n)
        reason = end_trigger(players, len(criers_out))
        state = {
            "num_players": n, "rules": rules, "first": first, "turn": first, "round": 1,
            "phase": "turn", "last_round": reason is not None,
            "decks": decks, "faceup": {d: None for d in DECKS}, "criers": list(criers_out),
            "ev_deck": ev_deck, "queue": queue, "ev_out": [],
            "supply": dict(supply) if supply else {c: conf["supply"] for c in COLOURS},
            "players": players, "tasks": [], "pending": None, "final": None,
            "log": [log_entry("start", first=first, rules=rules)],
        }
        if reason:
            state["log"].append(log_entry("last_round", reason=reason))
        return state

    # ------------------------------------------------------------------ the copy apply makes
    def _copy_state(self, state: dict) -> dict:
        """A copy of the containers an action changes in place: the state's dict, the players'
        dicts (their deniers), the tasks, the final choices and the log. Shared with the old
        state: the decks, face-up cards, queue and supply, the players' citizen counts, every
        card list (the decks' piles, hands, ramparts, the criers, the event deck and the events
        out), the queue's items, the districts (rows and cells), the log entries and the pending
        question: the rules replace those, never change them (``_put``, ``_put_slot``,
        ``_add_citizens``, ``_without``, ``_to_bottom``, ``_with_deniers``, ``_put_cell``...)."""
        new = dict(state)
        new["players"] = list(map(dict, state["players"]))
        new["tasks"] = list(state["tasks"])
        if state["final"] is not None:
            new["final"] = {"chosen": list(state["final"]["chosen"])}
        new["log"] = list(state["log"])
        return new

    # ------------------------------------------------------------------ whose decision
    def _current_player(self, state: dict) -> int | None:
        phase = state["phase"]
        if phase == "over":
            return None
        if state["pending"] is not None:
            return state["pending"]["seat"]
        if phase == "final":
            return self._final_seat(state)
        return state["turn"]

    def _final_seat(self, state: dict) -> int:
        n = state["num_players"]
        for i in range(n):
            seat = (state["first"] + i) % n
            if state["final"]["chosen"][seat] is None:
                return seat
        raise AssertionError("final phase without a seat to choose")

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self, state: dict) -> list[dict]:
        pending = state["pending"]
        if pending is not None:
            return self._pending_actions(state, pending)
        players = state["players"]
        if state["phase"] == "final":
            seat = self._final_seat(state)
            return play_options(players, seat, players[seat]["hand"], "final") + [{"type": "final_pass"}]
        seat = state["turn"]
        # a card first (only before the action), then the action, in the order of the rules: draw,
        # activate, counter, earn, buy, gather
        actions = play_options(players, seat, players[seat]["hand"]) if state["phase"] == "turn" else []
        one_citizen = self._draw_actions(state, seat, actions)
        self._activate_actions(state, seat, one_citizen, actions)
        self._other_actions(state, seat, actions)
        return actions

    def _pending_actions(self, state: dict, pending: dict) -> list[dict]:
        kind = pending["kind"]
        me = state["players"][pending["seat"]]
        if kind == "pick":
            return [{"type": "pick", "card": c} for c in sorted(set(pending["cards"]))]
        if kind == "limit":
            return [{"type": "return", "card": c} for c in sorted(set(me["hand"]) | set(me["ramparts"]))]
        if kind == "rampart":
            return [{"type": "rampart", "build": True}, {"type": "rampart", "build": False}]
        if kind == "token":
            return [{"type": "token", "r": r, "c": c} for r, c in token_cells(me["district"])]
        raise AssertionError(kind)

    def _draw_actions(self, state: dict, seat: int, actions: list[dict]) -> dict[str, tuple]:
        """``actions`` with the draws added (lay down as many citizens of the deck's colour as its
        level); returns the ways to take one citizen of each colour (``colour_choices``)."""
        players = state["players"]
        deniers = players[seat]["deniers"]
        faceup, decks = state["faceup"], state["decks"]
        one_citizen = {}
        budget = deniers if deniers < MAX_DRAW_FEES else MAX_DRAW_FEES
        columns = []   # each seat's standing citizens by colour (a loop: cheaper than a comprehension)
        for p in players:
            columns.append(STANDING(p["stand"]))
        for colour, standing in zip(COLOURS, zip(*columns)):
            # ``colour_choices``, its memo read here (the commonest case, without the call)
            found = _COLOUR_CHOICES.get((colour, standing, seat, budget))
            draws, one_citizen[colour] = found or colour_choices(colour, standing, seat, deniers)
            for deck, uses in draws:
                # the modes of ``draw_modes``, tested directly (the hottest list): the face-up card, a blind draw
                top, blind = faceup[deck] is not None, decks[deck]
                for use in uses:
                    if top:
                        actions.append({"type": "draw", "deck": deck, "mode": "top", "use": list(use)})
                    if blind:
                        actions.append({"type": "draw", "deck": deck, "mode": "blind", "use": list(use)})
        return one_citizen

    def _activate_actions(self, state: dict, seat: int, ways: dict[str, tuple], actions: list[dict]) -> None:
        """``actions`` with the activations added: one citizen of a building's colour on it (two
        with a Priest in line). ``ways``: the ways to take one citizen of each colour
        (``colour_choices``)."""
        district = state["players"][seat]["district"]
        for r, c in CELLS:
            cell = district[r][c]
            if cell is not None:
                building = BUILDINGS.get(cell["s"][-1])
                # a building, neither damaged nor full, and a citizen of its colour to put on it
                if building is not None and has_room(district, r, c):
                    uses = ways[building[0]]
                    if uses:
                        self._building_activations(state, seat, r, c, building[1], uses, actions)

    def _activations_at(self, state: dict, seat: int, r: int, c: int) -> list[dict]:
        """The ways to activate the building at (r, c) of ``seat``'s district (none if there is
        none, or it is damaged or full), as ``_activate_actions`` lists them."""
        players = state["players"]
        district = players[seat]["district"]
        cell = district[r][c]
        building = BUILDINGS.get(cell["s"][-1]) if cell is not None else None
        actions: list[dict] = []
        if building is not None and has_room(district, r, c):
            colour, act = building
            uses = use_ways(tuple([p["stand"][colour] for p in players]), seat, 1, players[seat]["deniers"])
            if uses:
                self._building_activations(state, seat, r, c, act, uses, actions)
        return actions

    def _building_activations(self, state: dict, seat: int, r: int, c: int, act: dict,
                              uses: tuple[tuple[int, ...], ...], actions: list[dict]) -> None:
        """``actions`` with the ways to activate the building at (r, c), whose effect is ``act``,
        added, given the ``uses`` to take one citizen of its colour (``use_ways``, not empty)."""
        do = act["do"]
        if do in PLAIN_EFFECTS:
            for use in uses:
                actions.append({"type": "activate", "r": r, "c": c, "use": list(use)})
            return
        if do == "draw":    # the commonest effect with a parameter: the ways the deck may be drawn from
            deck = act["deck"]
            for mode in draw_modes(state, deck):
                for use in uses:
                    actions.append({"type": "activate", "r": r, "c": c, "mode": mode, "use": list(use)})
            return
        budget = state["players"][seat]["deniers"]
        for params, extra in self._effect_params(state, seat, act):
            # a list parameter (the Ballista's slots, the Port's cell) is copied for each action:
            # the caller may change one action without changing its sibling
            lists = [key for key, value in params.items() if type(value) is list]
            # an effect with a price leaves fewer deniers for borrowing fees: the ways whose fee
            # (a borrowed citizen's) fits in what is left, in the order of ``use_ways``
            for use in uses:
                if not extra or use[seat] or K.BORROW_FEE <= budget - extra:
                    action = {"type": "activate", "r": r, "c": c, **params, "use": list(use)}
                    for key in lists:
                        action[key] = action[key][:]
                    actions.append(action)

    def _other_actions(self, state: dict, seat: int, actions: list[dict]) -> None:
        """``actions`` with the other actions added: counter an event, earn deniers, buy a
        citizen, gather."""
        me = state["players"][seat]
        deniers = me["deniers"]
        # counter an event (it must have struck: at least one denier on it)
        for slot, item in enumerate(state["queue"]):
            if item and item["den"] >= 1 and deniers >= EVENTS[item["ev"]]["cost"] + item["den"]:
                actions.append({"type": "counter", "slot": slot})
        # earn deniers
        stand = me["stand"]
        for colour in COLOURS:
            for k in range(1, stand[colour] + 1):
                actions.append({"type": "earn", "colour": colour, "n": k})
        # buy a citizen (advanced rules)
        if state["rules"] == "advanced":
            for colour in COLOURS:
                if stand[colour] >= 1 and deniers >= K.BUY_CITIZEN_PRICE and state["supply"][colour] > 0:
                    actions.append({"type": "buy", "colour": colour})
        actions.append({"type": "gather"})

    def _legal_match(self, state: dict, action: dict) -> dict | None:
        """The legal action equal to ``action`` (a new dict), or None: checked on the conditions
        under which ``_legal_actions`` lists an action of its type, without building the list.
        Activations of one cell and plays that cost a card (rare, with many parameters) are
        looked for among that cell's or that card's actions, built as for the list."""
        kind = action["type"]
        pending = state["pending"]
        if pending is not None:
            return self._answer_match(state, pending, action)
        if state["phase"] == "final":
            if kind == "final_pass":
                return {"type": "final_pass"} if len(action) == 1 else None
            return self._play_match(state, self._final_seat(state), action) if kind == "final" else None
        seat = state["turn"]
        if kind == "play":
            return self._play_match(state, seat, action) if state["phase"] == "turn" else None
        if kind == "draw":
            return self._draw_match(state, seat, action)
        if kind == "activate":   # only the cell's building
            r, c = action.get("r"), action.get("c")
            if type(r) is not int or type(c) is not int or (r, c) not in LINES:
                return None
            return _find(self._activations_at(state, seat, r, c), action)
        me = state["players"][seat]
        if kind == "gather":
            return {"type": "gather"} if len(action) == 1 else None
        if kind == "earn":
            colour, k = action.get("colour"), action.get("n")
            if len(action) == 3 and colour in COLOURS and type(k) is int and 1 <= k <= me["stand"][colour]:
                return {"type": "earn", "colour": colour, "n": k}
            return None
        if kind == "counter":   # an event that has struck (a denier on it), its cost and deniers paid
            slot = action.get("slot")
            if len(action) != 2 or type(slot) is not int or not 0 <= slot < len(state["queue"]):
                return None
            item = state["queue"][slot]
            if item and item["den"] >= 1 and me["deniers"] >= EVENTS[item["ev"]]["cost"] + item["den"]:
                return {"type": "counter", "slot": slot}
            return None
        if kind == "buy":   # advanced rules
            colour = action.get("colour")
            if len(action) == 2 and state["rules"] == "advanced" and colour in COLOURS \
                    and me["stand"][colour] >= 1 and me["deniers"] >= K.BUY_CITIZEN_PRICE \
                    and state["supply"][colour] > 0:
                return {"type": "buy", "colour": colour}
        return None

    def _answer_match(self, state: dict, pending: dict, action: dict) -> dict | None:
        """``_legal_match`` of an answer to the pending decision (``_pending_actions``)."""
        kind = pending["kind"]
        me = state["players"][pending["seat"]]
        if kind == "rampart":
            build = action.get("build")
            ok = action["type"] == "rampart" and len(action) == 2 and type(build) is bool
            return {"type": "rampart", "build": build} if ok else None
        if kind == "token":
            r, c = action.get("r"), action.get("c")
            ok = action["type"] == "token" and len(action) == 3 and type(r) is int and type(c) is int \
                and (r, c) in token_cells(me["district"])
            return {"type": "token", "r": r, "c": c} if ok else None
        card = action.get("card")
        if len(action) != 2 or type(card) is not str:
            return None
        if kind == "pick":
            ok = action["type"] == "pick" and card in pending["cards"]
        else:   # "limit": a hand card or a rampart goes back
            ok = action["type"] == "return" and (card in me["hand"] or card in me["ramparts"])
        return {"type": action["type"], "card": card} if ok else None

    def _play_match(self, state: dict, seat: int, action: dict) -> dict | None:
        """``_legal_match`` of a play (or a final card, ``action``'s type): a hand card ``seat``
        can pay, to one of its ``targets``."""
        me = state["players"][seat]
        card = action.get("card")
        if type(card) is not str or card not in me["hand"] or not can_pay(me, card):
            return None
        info = CARDS[card]
        pays = "card" in info["cost"]   # also paid with another card (``play_options``' "pay")
        r, c = action.get("r"), action.get("c")
        if len(action) != 4 + pays or type(r) is not int or type(c) is not int:
            return None
        district = me["district"]
        if (r, c) not in (targets(district, card) if info["level"] == 3 else places(district)):
            return None
        if not pays:
            return {"type": action["type"], "card": card, "r": r, "c": c}
        where = action.get("pay")
        if type(where) is not str:
            return None
        if where.startswith("h:"):   # another hand card
            others = list(me["hand"])
            others.remove(card)
            ok = where[2:] in others
        else:   # any card of the district but the target cell's
            ok = any(cell != (r, c) and where == pay for cell, pay in district_payments(district))
        return {"type": action["type"], "card": card, "r": r, "c": c, "pay": where} if ok else None

    def _draw_match(self, state: dict, seat: int, action: dict) -> dict | None:
        """``_legal_match`` of a draw, on the conditions of ``draw_ways``: a way to draw from the
        deck (``draw_modes``), and as many citizens of its colour as its level taken from the
        standing ones of each seat (``use``), 2 deniers for each borrowed one within the mover's."""
        deck, mode, use = action.get("deck"), action.get("mode"), action.get("use")
        if len(action) != 4 or type(deck) is not str or deck not in DECK_LEVEL or type(use) is not list:
            return None
        players = state["players"]
        if len(use) != len(players) \
                or mode not in draw_modes(state, deck):
            return None
        colour = deck[0]
        for k, player in zip(use, players):
            if type(k) is not int or not 0 <= k <= player["stand"][colour]:
                return None
        level = DECK_LEVEL[deck]
        if sum(use) != level or K.BORROW_FEE * (level - use[seat]) > players[seat]["deniers"]:
            return None
        return {"type": "draw", "deck": deck, "mode": mode, "use": list(use)}

    def _effect_params(self, state: dict, seat: int, act: dict) -> list[tuple[dict, int]]:
        """(parameters, deniers needed besides borrowing fees) for each way to use a building's effect."""
        do = act["do"]
        me = state["players"][seat]
        queue = state["queue"]
        if do == "draw":
            return [({"mode": mode}, 0) for mode in draw_modes(state, act["deck"])]
        if do == "recruit":
            cols = COLOURS if act["colour"] == "any" else (act["colour"],)
            if me["deniers"] < act["price"]:
                return []
            return [({"colour": col} if act["colour"] == "any" else {}, act["price"])
                    for col in cols if state["supply"][col] > 0]
        if do == "stand":   # a laid-down citizen of a colour it stands
            laid = me["laid"]
            for col in (COLOURS if act["colour"] == "all" else (act["colour"],)):
                if laid[col]:
                    return [({}, 0)]
            return []
        if do == "ballista":
            slots = [i for i, item in enumerate(queue) if item]
            out = [({"slots": [i]}, 0) for i in slots]
            out += [({"slots": [i, j]}, 0) for a, i in enumerate(slots) for j in slots[a + 1:]]
            return out
        if do == "combat":
            return [({"slot": i}, 0) for i, item in enumerate(queue) if item and item["den"]]
        if do == "use_other":
            return [({"port": [owner, r, c], **params}, extra)
                    for owner, r, c, act_ in other_buildings(state["players"], seat, act["colour"])
                    for params, extra in self._effect_params(state, seat, act_)]
        if do == "counter_any":
            return [({"slot": i}, EVENTS[item["ev"]]["cost"] + item["den"])
                    for i, item in enumerate(queue)
                    if item and me["deniers"] >= EVENTS[item["ev"]]["cost"] + item["den"]]
        if do == "calm":
            return [({}, 0)] if any(item and item["den"] for item in queue) else []
        if do == "calm_one":
            return [({"slot": i}, 0) for i, item in enumerate(queue) if item and item["den"]]
        return [({}, 0)]   # PLAIN_EFFECTS

    def _why_illegal(self, state: dict, action: dict) -> str | None:
        kind = action.get("type")
        if state["pending"] is not None:
            return f"first answer the pending decision ({state['pending']['kind']})"
        if kind == "play" and state["phase"] != "turn":
            return "you may play only one card, before your action"
        if kind in ("play", "final"):
            me = state["players"][self._current_player(state)]
            card = action.get("card")
            if card not in me["hand"]:
                return f"{card!r} is not in your hand"
            name = CARDS[card]["name"]["en"]
            cost = CARDS[card]["cost"]
            if me["deniers"] < cost.get("deniers", 0):
                return f"{name} costs {cost['deniers']} denier(s) and you have {me['deniers']}"
            if "citizen" in cost and not can_pay(me, card):
                return f"{name} needs one of your {K.COLOUR_NAMES[cost['citizen']]['en']} citizens and you have none left"
            cell = (action.get("r"), action.get("c"))
            if cell not in targets(me["district"], card):
                if CARDS[card]["level"] == 3 and not targets(me["district"], card):
                    return f"{name} is already in your district"
                return f"{name} cannot go to row {cell[0]!r}, column {cell[1]!r} of your district"
            if "card" in cost:
                return f"{name} also costs a card: pay with another hand card (\"h:<card>\") or a district card (\"d:r,c,i\")"
        return None

    # ------------------------------------------------------------------ apply
    # The log entries of the commonest steps are written out in log_entry's form ({"key", "params",
    # "to"}): a dict literal costs less than a call with keyword arguments, on every step.
    def _apply(self, state: dict, action: dict, rng: Rng) -> None:
        kind = action["type"]
        pending = state["pending"]   # the mover as in _current_player
        if pending is not None:
            self._answer(state, pending["seat"], action)
        elif kind in ("final", "final_pass"):
            self._final_choice(state, self._final_seat(state), action)
            return
        elif kind == "play":
            self._play(state, state["turn"], action)
            state["phase"] = "action"
            return
        else:
            state["phase"] = "busy"
            self._act(state, state["turn"], action)
            state["tasks"].append({"t": "end"})
        self._run(state)

    # ---- playing a card
    def _play(self, state: dict, seat: int, action: dict, final: bool = False) -> None:
        me = state["players"][seat]
        card = action["card"]
        cost = CARDS[card]["cost"]
        me["hand"] = _without(me["hand"], card)
        paid = {}
        if cost.get("deniers"):
            me["deniers"] -= cost["deniers"]
            paid["deniers"] = cost["deniers"]
        if "citizen" in cost:
            col = cost["citizen"]
            if me["laid"][col]:
                _add_citizens(me, col, laid=-1)
            else:
                _add_citizens(me, col, stand=-1)
            _put(state, "supply", col, state["supply"][col] + 1)
            paid["citizen"] = col
        if "pay" in action:
            where = action["pay"]
            if where.startswith("h:"):
                pay_card = where[2:]
                me["hand"] = _without(me["hand"], pay_card)
            else:
                rr, cc, i = (int(x) for x in where[2:].split(","))
                cell = me["district"][rr][cc]
                stack = list(cell["s"])
                pay_card = stack.pop(i)
                if i == len(stack):     # the top card: what lay on it goes with it
                    self._lay_down_occupants(me, cell)
                    cell = {"s": stack, "occ": [], "dmg": False}
                else:
                    cell = {**cell, "s": stack}
                _put_cell(me, rr, cc, cell if stack else None)
            _to_bottom(state, pay_card)
            paid["card"] = pay_card
        r, c = action["r"], action["c"]
        dr, dc = shift_for(r, c)
        if dr or dc:
            old = me["district"]
            new = empty_district()
            for rr in range(3):
                for cc in range(3):
                    if old[rr][cc]:
                        new[rr + dr][cc + dc] = old[rr][cc]
            me["district"] = new
        r, c = r + dr, c + dc
        cell = me["district"][r][c]
        covered: list[str] = []
        discarded: list[str] = []
        if cell is None:
            _put_cell(me, r, c, {"s": [card], "occ": [], "dmg": False})
        else:
            self._lay_down_occupants(me, cell)
            if CARDS[cell["s"][-1]]["colour"] == CARDS[card]["colour"]:
                covered = [cell["s"][-1]]
                _put_cell(me, r, c, {"s": cell["s"] + [card], "occ": [], "dmg": False})
            else:
                discarded = list(cell["s"])
                for old_card in reversed(discarded):
                    _to_bottom(state, old_card)
                _put_cell(me, r, c, {"s": [card], "occ": [], "dmg": False})
        state["log"].append({"key": "play", "params": {"seat": seat, "card": card, "r": r, "c": c, "shift": [dr, dc],
                                                       "paid": paid, "covered": covered, "discarded": discarded,
                                                       "final": final}})
        for ch in chars_in_line(me["district"], r, c):
            if ch["on"] == "on_place" and matches(card, ch["what"]):
                me["deniers"] += ch["n"]
                state["log"].append(log_entry("bonus_place", seat=seat, n=ch["n"]))

    def _lay_down_occupants(self, player: dict, cell: dict) -> None:
        """The cell's top card is covered or leaves: the player's own citizens on it lie down (the
        caller puts a new cell without tokens)."""
        colour = CARDS[cell["s"][-1]]["colour"]
        _add_citizens(player, colour, laid=cell["occ"].count("c"))

    # ---- the action
    def _take_citizens(self, state: dict, seat: int, colour: str, use: list[int]) -> None:
        players = state["players"]
        for owner, k in enumerate(use):
            if not k:
                continue
            _add_citizens(players[owner], colour, stand=-k, laid=k)
            if owner != seat:
                fee = K.BORROW_FEE * k
                players[seat]["deniers"] -= fee
                players[owner]["deniers"] += fee
                state["log"].append({"key": "borrow", "params": {"seat": seat, "owner": owner, "colour": colour,
                                                                 "n": k, "fee": fee}})

    def _act(self, state: dict, seat: int, action: dict) -> None:
        kind = action["type"]
        me = state["players"][seat]
        if kind == "draw":
            deck = action["deck"]
            self._take_citizens(state, seat, deck[0], action["use"])
            state["log"].append({"key": "draw", "params": {"seat": seat, "deck": deck, "mode": action["mode"]}})
            self._draw(state, seat, deck, action["mode"])
        elif kind == "activate":
            self._activate(state, seat, action)
        elif kind == "counter":
            self._counter(state, seat, action["slot"])
        elif kind == "earn":
            col, k = action["colour"], action["n"]
            _add_citizens(me, col, stand=-k, laid=k)
            me["deniers"] += K.EARN_PER_CITIZEN * k
            state["log"].append({"key": "earn", "params": {"seat": seat, "colour": col, "n": k,
                                                           "gain": K.EARN_PER_CITIZEN * k}})
        elif kind == "buy":
            col = action["colour"]
            # a standing citizen lies down to pay, and the one bought stands in its place
            _add_citizens(me, col, laid=1)
            me["deniers"] -= K.BUY_CITIZEN_PRICE
            _put(state, "supply", col, state["supply"][col] - 1)
            state["log"].append(log_entry("buy", seat=seat, colour=col))
        elif kind == "gather":   # every citizen of the player stands again
            stand = dict(me["stand"])
            for r, row in enumerate(me["district"]):
                for c, cell in enumerate(row):
                    if cell and (cell["occ"] or cell["dmg"]):
                        stand[CARDS[cell["s"][-1]]["colour"]] += cell["occ"].count("c")
                        _put_cell(me, r, c, {"s": cell["s"], "occ": [], "dmg": False})
            laid = me["laid"]
            for col, k in laid.items():
                stand[col] += k
            me["stand"] = stand
            me["laid"] = dict.fromkeys(laid, 0)
            state["log"].append({"key": "gather", "params": {"seat": seat}})

    def _draw(self, state: dict, seat: int, deck: str, mode: str) -> None:
        """The normal draw methods (for the draw action and the draw effects)."""
        tasks = state["tasks"]
        if mode == "top":
            card = state["faceup"][deck]
            _put(state, "faceup", deck, None)
            _take_into_hand(state["players"][seat], card)
            state["log"].append({"key": "took_top", "params": {"seat": seat, "deck": deck, "card": card}})
            tasks.append({"t": "limit", "seat": seat})
            return
        pile = state["decks"][deck]
        faceup = state["faceup"][deck]
        if faceup:   # the face-up card goes under its deck (the deck's new pile is put once, below)
            pile = pile + [faceup]
            state["log"].append({"key": "top_to_bottom", "params": {"deck": deck, "card": faceup}})
            _put(state, "faceup", deck, None)
        drawn = []
        crier = False
        taken = 0
        while len(drawn) < 2 and taken < len(pile):
            card = pile[taken]
            taken += 1
            if CARDS[card]["kind"] == "crier":
                crier = True
                state["criers"] = state["criers"] + [deck]
                state["log"].append(log_entry("crier", seat=seat, deck=deck, out=len(state["criers"])))
                continue
            drawn.append(card)
        _put(state, "decks", deck, pile[taken:])
        if crier:
            state["queue"] = [_with_deniers(item, item["den"] + 1) if item else None for item in state["queue"]]
            self._strike(state, seat, [i for i, item in enumerate(state["queue"]) if item], everyone=True)
        if len(drawn) == 2:
            tasks.append({"t": "pick", "seat": seat, "deck": deck, "cards": drawn})
        elif drawn:
            _take_into_hand(state["players"][seat], drawn[0])
            state["log"].append(log_entry("drew_one", seat=seat, deck=deck))
            state["log"].append(log_entry("drew_one_private", to=[seat], seat=seat, card=drawn[0]))
        tasks.append({"t": "limit", "seat": seat})

    def _strike(self, state: dict, by: int, slots: list[int], everyone: bool) -> None:
        """Queue the events of ``slots`` (left to right) against the players, from ``by`` on."""
        n = state["num_players"]
        for slot in sorted(slots):
            item = state["queue"][slot]
            ev = item["ev"]
            state["tasks"].append({"t": "strike", "ev": ev, "n": item["den"], "by": by})
            for i in range(n):
                target = (by + i) % n
                if target == by and not everyone and EVENTS[ev]["harm"]:
                    continue
                state["tasks"].append({"t": "ev", "ev": ev, "n": item["den"], "seat": target})

    def _activate(self, state: dict, seat: int, action: dict) -> None:
        me = state["players"][seat]
        r, c = action["r"], action["c"]
        cell = me["district"][r][c]
        card = cell["s"][-1]
        colour = CARDS[card]["colour"]
        use = action["use"]
        self._take_citizens(state, seat, colour, use)
        if use[seat]:   # own citizen: it goes onto the building instead of lying down
            _add_citizens(me, colour, laid=-1)
            _put_cell(me, r, c, {**cell, "occ": cell["occ"] + ["c"]})
        else:
            _put_cell(me, r, c, {**cell, "occ": cell["occ"] + ["b"]})
        state["log"].append(log_entry("activate", seat=seat, card=card))
        for ch in chars_in_line(me["district"], r, c):
            if ch["on"] == "on_activate" and ch["colour"] in (colour, "any"):
                me["deniers"] += ch["n"]
                state["log"].append(log_entry("bonus_activate", seat=seat, n=ch["n"]))
        act = CARDS[card]["act"]
        if act["do"] == "use_other":   # the Port: another player's building's effect, for this player
            owner, rr, cc = action["port"]
            other = state["players"][owner]["district"][rr][cc]["s"][-1]
            state["log"].append(log_entry("use_other", seat=seat, owner=owner, card=other))
            act = CARDS[other]["act"]
        self._effect(state, seat, act, action)

    def _effect(self, state: dict, seat: int, act: dict, action: dict) -> None:
        """A building's effect ``act`` for ``seat``, with the choices made in ``action``."""
        me = state["players"][seat]
        do = act["do"]
        if do == "gain":
            me["deniers"] += act["n"]
            state["log"].append(log_entry("gain", seat=seat, n=act["n"]))
        elif do == "gain_per":
            k = act.get("base", 0) + count_visible(me["district"], act["what"])
            me["deniers"] += k
            state["log"].append(log_entry("gain", seat=seat, n=k))
        elif do == "draw":
            state["log"].append({"key": "draw", "params": {"seat": seat, "deck": act["deck"], "mode": action["mode"]}})
            self._draw(state, seat, act["deck"], action["mode"])
        elif do == "recruit":
            col = action.get("colour", act["colour"])
            me["deniers"] -= act["price"]
            _put(state, "supply", col, state["supply"][col] - 1)
            _add_citizens(me, col, stand=1)
            state["log"].append(log_entry("recruit", seat=seat, colour=col, price=act["price"]))
        elif do == "stand":
            cols = COLOURS if act["colour"] == "all" else (act["colour"],)
            stood = {}
            for col in cols:
                k = min(act["n"], me["laid"][col])
                _add_citizens(me, col, stand=k, laid=-k)
                if k:
                    stood[col] = k
            state["log"].append(log_entry("stand", seat=seat, stood=stood))
        elif do == "ballista":
            queue = state["queue"] = list(state["queue"])
            for slot in action["slots"]:
                item = queue[slot]
                queue[slot] = _with_deniers(item, item["den"] + 1)
            state["log"].append(log_entry("ballista", seat=seat, evs=[state["queue"][s]["ev"] for s in action["slots"]]))
            self._strike(state, seat, action["slots"], everyone=False)
        elif do == "counter_any":
            self._counter(state, seat, action["slot"])
        elif do == "combat":
            self._counter(state, seat, action["slot"], free=True)
        elif do == "calm":
            state["queue"] = [_with_deniers(item, item["den"] - 1) if item and item["den"] else item
                              for item in state["queue"]]
            state["log"].append(log_entry("calm", seat=seat))
        elif do == "calm_one":
            item = state["queue"][action["slot"]]
            k = item["den"]
            _put_slot(state, action["slot"], _with_deniers(item, 0))
            if act["gain"]:
                me["deniers"] += k
            state["log"].append(log_entry("calm_one", seat=seat, ev=item["ev"], n=k, gain=act["gain"]))

    def _counter(self, state: dict, seat: int, slot: int, free: bool = False) -> None:
        """Take the event of ``slot`` as a rampart, paying its cost and the deniers on it unless
        ``free`` (the Fort), and refill the slot from the event deck."""
        me = state["players"][seat]
        item = state["queue"][slot]
        price = 0 if free else EVENTS[item["ev"]]["cost"] + item["den"]
        me["deniers"] -= price
        me["ramparts"] = sorted(me["ramparts"] + [item["ev"]])
        ev_deck = state["ev_deck"]
        _put_slot(state, slot, {"ev": ev_deck[0], "den": 0} if ev_deck else None)
        state["ev_deck"] = ev_deck[1:]
        new = state["queue"][slot]
        state["log"].append(log_entry("counter", seat=seat, ev=item["ev"], price=price,
                                      new=new["ev"] if new else None))
        state["tasks"].append({"t": "limit", "seat": seat})

    # ---- tasks and decisions
    def _run(self, state: dict) -> None:
        tasks = state["tasks"]
        while state["pending"] is None and tasks:
            task = tasks.pop(0)
            t = task["t"]
            if t == "end":
                self._end_turn(state)
            elif t == "strike":
                state["log"].append({"key": "strike", "params": {"ev": task["ev"], "n": task["n"]}})
            elif t == "ev":
                player = state["players"][task["seat"]]
                if EVENTS[task["ev"]]["harm"]:
                    if event_impact(player, task["ev"], task["n"]) == 0:
                        continue
                    if player["ramparts"]:
                        state["pending"] = {"kind": "rampart", **task}
                        continue
                self._event_effect(state, task["seat"], task["ev"], task["n"])
            elif t == "token":
                cells = token_cells(state["players"][task["seat"]]["district"])
                if not cells or task["left"] <= 0:
                    continue
                if len(cells) <= task["left"]:
                    for r, c in cells:
                        self._put_token(state, task["seat"], task["tok"], r, c)
                    continue
                state["pending"] = {"kind": "token", **task}
            elif t == "pick":
                state["pending"] = {"kind": "pick", **task}
            elif t == "limit":
                if hand_size(state["players"][task["seat"]]) > K.HAND_LIMIT:
                    state["pending"] = {"kind": "limit", **task}

    def _event_effect(self, state: dict, seat: int, ev: str, n: int) -> None:
        player = state["players"][seat]
        eff = EVENTS[ev]["effect"]
        amount = eff["k"] * n * (count_visible(player["district"], eff["per"]) if "per" in eff else 1)
        do = eff["do"]
        if do == "lose":
            amount = min(amount, player["deniers"])
            player["deniers"] -= amount
        elif do == "gain":
            player["deniers"] += amount
        elif do == "lay_down":
            col = eff["colour"]
            amount = min(amount, player["stand"][col])
            _add_citizens(player, col, stand=-amount, laid=amount)
        elif do in ("damage", "grey"):
            state["tasks"].insert(0, {"t": "token", "seat": seat, "tok": do, "left": amount})
            return
        if amount:
            state["log"].append({"key": "hit", "params": {"seat": seat, "ev": ev, "n": amount}})

    def _put_token(self, state: dict, seat: int, tok: str, r: int, c: int) -> None:
        player = state["players"][seat]
        cell = player["district"][r][c]
        if tok == "damage":
            _put_cell(player, r, c, {**cell, "dmg": True})
        else:
            _put_cell(player, r, c, {**cell, "occ": cell["occ"] + ["g"]})
        state["log"].append(log_entry("token", seat=seat, tok=tok, card=cell["s"][-1]))

    def _answer(self, state: dict, seat: int, action: dict) -> None:
        pending = state["pending"]
        state["pending"] = None
        me = state["players"][seat]
        kind = pending["kind"]
        if kind == "pick":
            keep = action["card"]
            cards_ = list(pending["cards"])
            cards_.remove(keep)
            _take_into_hand(me, keep)
            _put(state, "faceup", pending["deck"], cards_[0])
            state["log"].append({"key": "picked", "params": {"seat": seat, "deck": pending["deck"], "other": cards_[0]}})
            state["log"].append({"key": "picked_private", "params": {"seat": seat, "card": keep}, "to": [seat]})
        elif kind == "limit":
            card = action["card"]
            if card in EVENTS:
                me["ramparts"] = _without(me["ramparts"], card)
                me["dropped"] = me["dropped"] + [card]
                state["ev_out"] = state["ev_out"] + [card]
                state["log"].append(log_entry("drop_rampart", seat=seat, ev=card))
            else:
                me["hand"] = _without(me["hand"], card)
                _to_bottom(state, card)
                state["log"].append({"key": "return", "params": {"seat": seat, "deck": card_deck(card)}})
                state["log"].append({"key": "return_private", "params": {"seat": seat, "card": card}, "to": [seat]})
            state["tasks"].insert(0, {"t": "limit", "seat": seat})
        elif kind == "rampart":
            if action["build"]:
                ev = me["ramparts"][0]
                me["ramparts"] = me["ramparts"][1:]
                me["built"] = me["built"] + [ev]
                state["log"].append(log_entry("rampart", seat=seat, ev=pending["ev"], used=ev))
            else:
                self._event_effect(state, seat, pending["ev"], pending["n"])
        elif kind == "token":
            self._put_token(state, seat, pending["tok"], action["r"], action["c"])
            if pending["left"] > 1:
                state["tasks"].insert(0, {"t": "token", "seat": seat, "tok": pending["tok"], "left": pending["left"] - 1})

    # ---- turns, rounds, the end
    def _end_turn(self, state: dict) -> None:
        n = state["num_players"]
        nxt = (state["turn"] + 1) % n
        state["turn"] = nxt
        state["phase"] = "turn"
        if nxt != state["first"]:
            return
        if state["last_round"]:
            state["phase"] = "final"
            state["final"] = {"chosen": [None] * n}
            state["log"].append(log_entry("final_start"))
            return
        state["round"] += 1
        reason = end_trigger(state["players"], len(state["criers"]))
        if reason is None and state["round"] >= ROUND_LIMIT:
            reason = "round_limit"
        state["log"].append({"key": "round", "params": {"n": state["round"]}})
        if reason:
            state["last_round"] = True
            state["log"].append(log_entry("last_round", reason=reason))

    def _final_choice(self, state: dict, seat: int, action: dict) -> None:
        state["final"]["chosen"][seat] = action
        state["log"].append(log_entry("final_chosen", seat=seat))
        if any(choice is None for choice in state["final"]["chosen"]):
            return
        n = state["num_players"]
        for i in range(n):
            s = (state["first"] + i) % n
            choice = state["final"]["chosen"][s]
            if choice["type"] == "final_pass":
                state["log"].append(log_entry("final_pass", seat=s))
            else:
                self._play(state, s, choice, final=True)
        state["phase"] = "over"
        scores = self._scores(state)
        state["log"].append(log_entry("end", scores=scores, winners=self._winners(state, scores)))

    # ------------------------------------------------------------------ scores
    def _scores(self, state: dict) -> list[float]:
        return [score_breakdown(state["players"], s)["total"] for s in range(state["num_players"])]

    def _winners(self, state: dict, scores: list[float] | None = None) -> list[int]:
        """The seats with the most points, ties broken by deniers (``scores``: the state's, if
        already worked out)."""
        if scores is None:
            scores = self._scores(state)
        keys = [(total, player["deniers"]) for total, player in zip(scores, state["players"])]
        best = max(keys)
        return [s for s, key in enumerate(keys) if key == best]

    # ------------------------------------------------------------------ views
    def _view(self, state: dict, seat: int | None) -> dict:
        n = state["num_players"]
        players = []
        for s, p in enumerate(state["players"]):
            q = {k: v for k, v in p.items() if k != "hand"}
            q["hand"] = list(p["hand"]) if s == seat else None
            q["backs"] = sorted(card_deck(k) for k in p["hand"])
            players.append(q)
        pending = state["pending"]
        if pending is not None and pending["kind"] == "pick" and pending["seat"] != seat:
            pending = {**pending, "cards": None}
        tasks = [({**t, "cards": None} if t["t"] == "pick" and t["seat"] != seat else t) for t in state["tasks"]]
        final = None
        if state["final"] is not None:
            final = {"chosen": [c is not None for c in state["final"]["chosen"]],
                     "mine": state["final"]["chosen"][seat] if seat is not None else None}
        view = {
            "seat": seat, "num_players": n, "rules": state["rules"], "first": state["first"],
            "turn": state["turn"], "round": state["round"], "phase": state["phase"],
            "last_round": state["last_round"],
            "decks": {d: len(state["decks"][d]) for d in DECKS},
            "faceup": dict(state["faceup"]), "criers": list(state["criers"]),
            "ev_deck": len(state["ev_deck"]), "queue": state["queue"], "ev_out": list(state["ev_out"]),
            "supply": dict(state["supply"]), "players": players,
            "tasks": tasks, "pending": pending, "final": final,
            "log": log_visible_to(state["log"], seat),
        }
        view = _copy(view)
        view["scores"] = [score_breakdown(state["players"], s) for s in range(n)]
        if state["phase"] == "over":
            view["winners"] = self._winners(state)
        return view

    # ------------------------------------------------------------------ sampling (for the hard bot)
    def _sample_state(self, view: dict, seat: int, rng: Rng) -> dict:
        v = _copy(view)
        n = v["num_players"]
        # cards of each deck not seen by ``seat``
        pools = {d: K.deck_cards(d) for d in DECKS}
        seen: list[str] = []
        for p in v["players"]:
            for row in p["district"]:
                for cell in row:
                    if cell:
                        seen.extend(cell["s"])
        seen.extend(v["players"][seat]["hand"])
        seen.extend(k for k in v["faceup"].values() if k)
        seen.extend(f"crier_{d}" for d in v["criers"])
        for t in v["tasks"] + ([v["pending"]] if v["pending"] else []):
            if t.get("t") == "pick" and t.get("cards"):
                seen.extend(t["cards"])
        for k in seen:
            pools[card_deck(k)].remove(k)
        criers = {}
        for d in DECKS:
            if f"crier_{d}" in pools[d]:
                pools[d].remove(f"crier_{d}")
                criers[d] = f"crier_{d}"
            rng.shuffle(pools[d])
        players = []
        for s, p in enumerate(v["players"]):
            q = {k: val for k, val in p.items() if k != "backs"}
            if s != seat:
                q["hand"] = [pools[d].pop() for d in p["backs"]]
            players.append(q)
        # hidden picks of other seats
        pending = v["pending"]
        tasks = v["tasks"]
        for t in tasks + ([pending] if pending else []):
            if t.get("cards", 1) is None:
                t["cards"] = [pools[t["deck"]].pop(), pools[t["deck"]].pop()]
        decks = {}
        for d in DECKS:
            if d in criers:
                pools[d].insert(rng.randbelow(len(pools[d]) + 1), criers[d])
            if len(pools[d]) != v["decks"][d]:
                raise ValueError("view inconsistent with the card list")
            decks[d] = pools[d]
        ev_pool = list(K.EVENT_ORDER)
        used = [item["ev"] for item in v["queue"] if item] + list(v["ev_out"])
        for p in v["players"]:
            used += p["ramparts"] + p["built"]
        for e in used:
            ev_pool.remove(e)
        rng.shuffle(ev_pool)
        state = {
            "num_players": n, "rules": v["rules"], "first": v["first"], "turn": v["turn"], "round": v["round"],
            "phase": v["phase"], "last_round": v["last_round"], "decks": decks, "faceup": v["faceup"],
            "criers": v["criers"], "ev_deck": ev_pool, "queue": v["queue"], "ev_out": v["ev_out"],
            "supply": v["supply"], "players": players, "tasks": tasks, "pending": pending,
            "final": None, "log": v["log"],
        }
        if v["final"] is not None:
            chosen: list[Any] = [None] * n
            state["final"] = {"chosen": chosen}
            for s in range(n):
                if s == seat:
                    chosen[s] = v["final"]["mine"]
                elif v["final"]["chosen"][s]:
                    options_ = play_options(players, s, players[s]["hand"], "final") + [{"type": "final_pass"}]
                    chosen[s] = options_[rng.randbelow(len(options_))]
        return state


# The rules never change a card list, a queue item, the decks, face-up cards, queue or supply, or a
# player's citizen counts in place (``_copy_state`` shares them): they put a new one.
def _without(cards: list[str], card: str) -> list[str]:
    """``cards`` less one copy of ``card``, as a new list."""
    rest = list(cards)
    rest.remove(card)
    return rest


def _put_cell(player: dict, r: int, c: int, cell: dict | None) -> None:
    """``cell`` at (r, c) of ``player``'s district, which becomes a new grid (new rows where the
    cell changes, the other rows shared)."""
    district = list(player["district"])
    row = list(district[r])
    row[c] = cell
    district[r] = row
    player["district"] = district


def _take_into_hand(player: dict, card: str) -> None:
    player["hand"] = player["hand"] + [card]


def _to_bottom(state: dict, card: str) -> None:
    """``card`` goes under its deck."""
    deck = DECK_OF[card]
    _put(state, "decks", deck, state["decks"][deck] + [card])


def _put(state: dict, key: str, part: str, value: Any) -> None:
    """``state[key][part] = value`` on a new dict (the decks, the face-up cards, the supply)."""
    new = state[key] = state[key].copy()   # a copy, then one item set: quicker than {**old, part: value}
    new[part] = value


def _put_slot(state: dict, slot: int, item: dict | None) -> None:
    """``item`` in the queue's ``slot``, on a new queue."""
    queue = state["queue"] = list(state["queue"])
    queue[slot] = item


def _add_citizens(player: dict, colour: str, stand: int = 0, laid: int = 0) -> None:
    """``stand`` more standing and ``laid`` more lying citizens of ``colour`` for ``player``
    (either may be negative), on new count dicts."""
    if stand:
        counts = player["stand"] = player["stand"].copy()
        counts[colour] += stand
    if laid:
        counts = player["laid"] = player["laid"].copy()
        counts[colour] += laid


def _with_deniers(item: dict, deniers: int) -> dict:
    """A queue item with ``deniers`` on its event (never more than the event's cap)."""
    return {**item, "den": min(EVENTS[item["ev"]]["cap"], deniers)}


def _find(candidates: list[dict], action: dict) -> dict | None:
    """The candidate equal to ``action`` (by ``strict_equal``), or None."""
    for candidate in candidates:
        if candidate == action and strict_equal(action, candidate):
            return candidate
    return None


def _copy(data: Any) -> Any:
    from pygames.core import clone
    return clone(data)


GAME = TournayGame()
