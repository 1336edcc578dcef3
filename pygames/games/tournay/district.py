"""Tournay's district: the 3x3 grid of a player's cards. Which cards a selector counts, where a
card may go (the district shifts to make room), what lies in a card's row and column, which
buildings can take a citizen, damage or a grey citizen, and a player's counts that the rules
ask of a district. Pure functions, shared by the rules, the bots and the board."""

from __future__ import annotations

from . import cards as K

CARDS, COLOURS = K.CARDS, K.COLOURS


# ====================================================================== the cards
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


# ====================================================================== the grid
CELLS = tuple((r, c) for r in range(3) for c in range(3))


def line_cells(r: int, c: int) -> list[tuple[int, int]]:
    """The other cells of the same row and column."""
    return [(r, x) for x in range(3) if x != c] + [(y, c) for y in range(3) if y != r]


#: the other cells of the row and column of each cell
LINES = {(r, c): tuple(line_cells(r, c)) for r, c in CELLS}


def empty_district() -> list:
    return [[None, None, None] for _ in range(3)]


# ====================================================================== where a card may go (TOU_05, TOU_06, TOU_09)
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


# ====================================================================== what is visible, and in a row or column
def top(cell: dict | None) -> str | None:
    return cell["s"][-1] if cell else None


def visible(district: list) -> list[tuple[int, int, str]]:
    return [(r, c, cell["s"][-1]) for r, row in enumerate(district) for c, cell in enumerate(row) if cell]


def count_visible(district: list, what: str) -> int:
    return sum(1 for row in district for cell in row if cell and what in MATCH[cell["s"][-1]])


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


# ====================================================================== buildings
#: (colour, effect) of each building card: what activating it takes and does
BUILDINGS = {card: (info["colour"], info["act"]) for card, info in CARDS.items() if info["kind"] == "building"}
#: ``BUILDINGS.get``, bound once for the legal list, which asks it of every card in a district (a method
#: called on an imported name is looked up and bound anew at each call)
building_of = BUILDINGS.get


def has_room(district: list, r: int, c: int) -> bool:
    """Whether the building at (r, c) may take a citizen: not damaged, not full."""
    cell = district[r][c]
    return not cell["dmg"] and (not cell["occ"] or len(cell["occ"]) < capacity(district, r, c))


def token_cells(district: list) -> list[tuple[int, int]]:
    """Unoccupied, undamaged buildings (where damage and grey citizens go)."""
    return [(r, c) for r, c in CELLS
            if (cell := district[r][c]) and cell["s"][-1] in BUILDINGS and not cell["occ"] and not cell["dmg"]]


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


def district_payments(district: list) -> list[tuple[tuple[int, int], str]]:
    """(cell, "d:r,c,i") for every card of a district: the ways to pay a "+ 1 card" cost with it."""
    return [((r, c), f"d:{r},{c},{i}") for r, c in CELLS if district[r][c] for i in range(len(district[r][c]["s"]))]


# ====================================================================== a player
def owned_citizens(player: dict, colour: str) -> int:
    on_buildings = sum(cell["occ"].count("c") for row in player["district"] for cell in row
                       if cell and CARDS[cell["s"][-1]]["colour"] == colour)
    return player["stand"][colour] + player["laid"][colour] + on_buildings


def rampart_count(player: dict) -> int:
    return len(player["ramparts"]) + len(player["built"]) + len(player["dropped"])


def hand_size(player: dict) -> int:
    return len(player["hand"]) + len(player["ramparts"])
