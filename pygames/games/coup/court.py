"""Coup's court and seats: the deck of characters the options make, which character each action
claims and which block it, the seats in turn order, a round's deal, drawing from the court and
losing a card (docs/rules/coup.md).

Log entries are written as the dicts ``core.log_entry`` would make ({"key", "params"} and "to" for
private ones): see rules.py.
"""

from __future__ import annotations

from itertools import combinations

from ...core.rng import Rng, draw_to_top
from . import INFO
from . import cards as C

ORDER = {c: i for i, c in enumerate(C.CHARACTERS)}


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def combos(pool: list[str], k: int) -> list[list[str]]:
    """All distinct multisets of k cards from pool (sorted, in a stable order)."""
    return [list(combo) for combo in dict.fromkeys(combinations(sort_cards(pool), k))]


def remove_cards(cards: list[str], taken: list[str]) -> list[str]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest


# ---------------------------------------------------------------- the deck the options make
def deck_chars(opts: dict) -> list[str]:
    chars = list(C.BASE_DECK)
    for key, (old, new) in C.REPLACEMENTS.items():
        if opts.get(key):
            chars[chars.index(old)] = new
    return chars


#: per (diplomat, inquisitor) option pair, computed once: the characters of the deck (deck_chars)
#: and the whole court deck, COPIES of each character in that order (a round's deal draws from it)
DECK_CHARS = {(dip, inq): tuple(deck_chars({"diplomat": dip, "inquisitor": inq}))
              for dip in (False, True) for inq in (False, True)}
COURTS = {variant: tuple(c for c in chars for _ in range(C.COPIES)) for variant, chars in DECK_CHARS.items()}


def _character_of(spec: str, diplomat: bool, inquisitor: bool) -> str:
    """The character a claim/block spec of cards.py names in a deck with these options."""
    name = spec.lstrip("!")
    if name in ("*tax", "tax"):
        return "diplomat" if diplomat else "duke"
    if name == "*exchange":
        return "inquisitor" if inquisitor else "ambassador"
    return name


#: per (diplomat, inquisitor) option pair, computed once: each main action's
#: (claimed character, negative claim) and each blockable action's blocking characters
CLAIMS = {(dip, inq): {kind: (None, False) if spec["claim"] is None else
                       (_character_of(spec["claim"], dip, inq), spec["claim"].startswith("!"))
                       for kind, spec in C.ACTIONS.items()}
          for dip in (False, True) for inq in (False, True)}
BLOCKS = {(dip, inq): {kind: tuple(_character_of(spec, dip, inq) for spec in specs)
                       for kind, specs in C.BLOCKERS.items()}
          for dip in (False, True) for inq in (False, True)}


def tax_char(state: dict) -> str:
    return "diplomat" if state["opts"]["diplomat"] else "duke"


def exchange_char(state: dict) -> str:
    return "inquisitor" if state["opts"]["inquisitor"] else "ambassador"


# ---------------------------------------------------------------- seats
MAX_PLAYERS = INFO.max_players
#: SEATS_AFTER[n][seat]: the other seats of an n-player table in turn order after ``seat``
SEATS_AFTER = {n: [[*range(seat + 1, n), *range(seat)] for seat in range(n)] for n in range(1, MAX_PLAYERS + 1)}
#: OTHER_SEATS[n][seat]: the other seats of an n-player table in seat order (the order of targets)
OTHER_SEATS = {n: [[t for t in range(n) if t != seat] for seat in range(n)] for n in range(1, MAX_PLAYERS + 1)}


def living_after(hands: list[list[str]], seat: int) -> list[int]:
    """Living seats other than ``seat``, in seat order after it (asked for every reaction window)."""
    seats = []
    for other in SEATS_AFTER[len(hands)][seat]:
        if hands[other]:
            seats.append(other)
    return seats


def living(state: dict) -> list[int]:
    hands = state["hands"]
    return [s for s in range(state["num_players"]) if hands[s]]


def round_decided(state: dict) -> bool:
    """At most one player still holds cards (an empty hand is an eliminated player)."""
    return state["hands"].count([]) >= state["num_players"] - 1


def end_turn(state: dict) -> None:
    """The turn passes to the next living seat, whose main action is the next decision."""
    hands = state["hands"]
    for seat in SEATS_AFTER[len(hands)][state["turn"]]:
        if hands[seat]:
            state["turn"] = seat
            break
    state["info"] = None
    state["queue"] = [{"k": "act"}]


# ---------------------------------------------------------------- the deal and the cards
def start_round(state: dict, rng: Rng, first: int) -> None:
    """A new round: hands drawn at random from the whole court, the starting coins, the factions
    drawn, ``first`` to act."""
    n = state["num_players"]
    state["round"] += 1
    opts = state["opts"]
    full = list(COURTS[opts["diplomat"], opts["inquisitor"]])
    draw_to_top(full, 2 * n, rng)  # the hands; the rest is drawn from at random later
    hands = []
    for i in range(0, 2 * n, 2):
        hands.append(sort_cards(full[i:i + 2]))
    state["hands"] = hands
    state["deck"] = full[2 * n:]
    state["lost"] = [[] for _ in range(n)]
    state["coins"] = [C.START_COINS_TWO_PLAYERS if n == 2 else C.START_COINS] * n
    if opts["factions"]:
        seats = list(range(n))
        draw_to_top(seats, n // 2, rng)
        populists = set(seats[:n // 2])
        state["factions"] = [1 if s in populists else 0 for s in range(n)]
    else:
        state["factions"] = None
    state["almshouse"] = 0
    state["start"] = first
    state["turn"] = first
    state["info"] = None
    state["queue"] = [{"k": "act"}]
    factions = state["factions"]  # the entry keeps its own lists: a conversion changes the state's
    state["log"].append({"key": "round_start", "params": {
        "round": state["round"], "seat": first, "factions": None if factions is None else list(factions),
        "coins": list(state["coins"])}})


def return_and_draw(state: dict, seat: int, cards: list[str], rng: Rng) -> None:
    """Shuffle ``cards`` from ``seat``'s hand into the court deck and draw as many: drawn at
    random from the deck with them (with no_shuffle, they go to the bottom and the top is drawn)."""
    hand = remove_cards(state["hands"][seat], cards)
    deck = state["deck"] + sort_cards(cards)
    if not state["opts"]["no_shuffle"]:
        draw_to_top(deck, len(cards), rng)
    drawn = deck[:len(cards)]
    state["deck"] = deck[len(cards):]
    state["hands"][seat] = sort_cards(hand + drawn)
    state["log"].append({"key": "drew", "params": {"seat": seat, "cards": sort_cards(drawn)}, "to": [seat]})


def lose(state: dict, seat: int, card: str, why: str) -> None:
    """``seat`` loses ``card`` face up; its last card eliminates it, and may end the round at once."""
    hands = state["hands"]
    hand = list(hands[seat])  # a new list: the old one may be shared with earlier states
    hand.remove(card)
    hands[seat] = hand
    state["lost"][seat] = [*state["lost"][seat], card]
    state["log"].append({"key": "lose", "params": {"seat": seat, "card": card, "why": why}})
    if not hand:
        state["log"].append({"key": "eliminated", "params": {"seat": seat}})
        if round_decided(state):  # the round ends at once: the rest of the turn is void
            state["queue"] = [{"k": "round_end"}]
