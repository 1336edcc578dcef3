"""Tournay's state, and how the rules change it: they put new parts in place of old ones, never
change a shared part in place, so that ``copy_state`` (the copy ``apply`` makes) copies only a few
containers.

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

from typing import Any

from pygames.core import RecordError

from . import cards as K
from .district import DECK_OF

CARDS, EVENTS = K.CARDS, K.EVENTS


def copy_state(state: dict) -> dict:
    """A copy of the containers an action changes in place: the state's dict, the players'
    dicts (their deniers), the tasks, the final choices and the log. Shared with the old
    state: the decks, face-up cards, queue and supply, the players' citizen counts, every
    card list (the decks' piles, hands, ramparts, the criers, the event deck and the events
    out), the queue's items, the districts (rows and cells), the log entries and the pending
    question: the rules replace those, never change them (``put``, ``put_slot``,
    ``add_citizens``, ``without``, ``to_bottom``, ``with_deniers``, ``put_cell``...)."""
    new = dict(state)
    new["players"] = list(map(dict, state["players"]))
    new["tasks"] = list(state["tasks"])
    if state["final"] is not None:
        new["final"] = {"chosen": list(state["final"]["chosen"])}
    new["log"] = list(state["log"])
    return new


# The rules never change a card list, a queue item, the decks, face-up cards, queue or supply, or a
# player's citizen counts in place (``copy_state`` shares them): they put a new one.
def without(cards: list[str], card: str) -> list[str]:
    """``cards`` less one copy of ``card``, as a new list."""
    rest = list(cards)
    rest.remove(card)
    return rest


def put_cell(player: dict, r: int, c: int, cell: dict | None) -> None:
    """``cell`` at (r, c) of ``player``'s district, which becomes a new grid (new rows where the
    cell changes, the other rows shared)."""
    district = list(player["district"])
    row = list(district[r])
    row[c] = cell
    district[r] = row
    player["district"] = district


def take_into_hand(player: dict, card: str) -> None:
    player["hand"] = player["hand"] + [card]


def to_bottom(state: dict, card: str) -> None:
    """``card`` goes under its deck."""
    deck = DECK_OF[card]
    put(state, "decks", deck, state["decks"][deck] + [card])


def put(state: dict, key: str, part: str, value: Any) -> None:
    """``state[key][part] = value`` on a new dict (the decks, the face-up cards, the supply)."""
    new = state[key] = state[key].copy()   # a copy, then one item set: quicker than {**old, part: value}
    new[part] = value


def put_slot(state: dict, slot: int, item: dict | None) -> None:
    """``item`` in the queue's ``slot``, on a new queue."""
    queue = state["queue"] = list(state["queue"])
    queue[slot] = item


def add_citizens(player: dict, colour: str, stand: int = 0, laid: int = 0) -> None:
    """``stand`` more standing and ``laid`` more lying citizens of ``colour`` for ``player``
    (either may be negative), on new count dicts."""
    if stand:
        counts = player["stand"] = player["stand"].copy()
        counts[colour] += stand
    if laid:
        counts = player["laid"] = player["laid"].copy()
        counts[colour] += laid


def with_deniers(item: dict, deniers: int) -> dict:
    """A queue item with ``deniers`` on its event (never more than the event's cap)."""
    return {**item, "den": min(EVENTS[item["ev"]]["cap"], deniers)}



# ====================================================================== the state check
STATE_KEYS = frozenset({"num_players", "rules", "first", "turn", "round", "phase", "last_round", "decks", "faceup",
                        "criers", "ev_deck", "queue", "ev_out", "supply", "players", "tasks", "pending", "final",
                        "log", "rng"})
PLAYER_KEYS = frozenset({"deniers", "stand", "laid", "hand", "ramparts", "built", "dropped", "district"})
PHASES = frozenset({"turn", "action", "busy", "final", "over"})
TASKS = frozenset({"end", "strike", "ev", "token", "pick", "limit"})
QUESTION_KINDS = frozenset({"pick", "limit", "rampart", "token"})
TOKENS = frozenset({"c", "b", "g"})
#: every card of the game (town criers included), and every event, once per copy
ALL_CARDS = sorted(card for deck in K.DECKS for card in K.deck_cards(deck))
ALL_EVENTS = sorted(K.EVENT_ORDER)


def check_state(state: dict) -> None:
    """Raise RecordError unless ``state`` is a Tournay state the rules could have reached: every
    part of the layout above of the right kind, each card of the game in exactly one place (a
    deck, a face-up place, a hand, a district, a drawn pair, or out as a town crier), each event
    too (the event deck, the queue, the ramparts, out of the game), deniers and citizens not
    negative, the events' deniers within their caps, a district's stack of one colour, and a hand
    over the limit only while that seat is asked to return a card. The one check of a loaded
    state, and of the test positions that tests build (tests/tournay/tournay_positions.py)."""
    try:
        problem = _state_problem(state)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        problem = "a part of it is not of the right kind"
    if problem is not None:
        raise RecordError(f"not a Tournay state: {problem}")


def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _is_colours(value: Any) -> bool:
    return type(value) is dict and set(value) == set(K.COLOURS) and all(map(_is_count, value.values()))


def _is_seat(value: Any, n: int) -> bool:
    return type(value) is int and 0 <= value < n


def _state_problem(state: dict) -> str | None:
    if set(state) != STATE_KEYS:
        return f"its parts are {sorted(state)}"
    n = state["num_players"]
    if type(n) is not int or not 2 <= n <= 4:
        return "2 to 4 players"
    if state["rules"] not in ("normal", "advanced") or state["phase"] not in PHASES \
            or type(state["last_round"]) is not bool or type(state["round"]) is not int or state["round"] < 1:
        return "the rules, the phase, the round or the last-round flag"
    if not _is_seat(state["first"], n) or not _is_seat(state["turn"], n):
        return "the first player or the seat whose turn it is"
    decks, faceup = state["decks"], state["faceup"]
    if type(decks) is not dict or set(decks) != set(K.DECKS) or type(faceup) is not dict or set(faceup) != set(K.DECKS):
        return "the decks and their face-up cards, one of each per deck (R1 ... Y3)"
    cards: list = []
    for deck in K.DECKS:
        pile, up = decks[deck], faceup[deck]
        if type(pile) is not list or any(type(card) is not str or DECK_OF.get(card) != deck for card in pile) \
                or up is not None and (type(up) is not str or DECK_OF.get(up) != deck or CARDS[up]["kind"] == "crier"):
            return f"the cards of deck {deck}"
        cards += pile
        if up is not None:
            cards.append(up)
    criers = state["criers"]
    if type(criers) is not list or any(deck not in K.DECKS for deck in criers) or len(set(criers)) != len(criers):
        return "the town criers out (each deck at most once)"
    cards += [f"crier_{deck}" for deck in criers]
    queue = state["queue"]
    if type(queue) is not list or len(queue) != K.QUEUE_SIZE:
        return f"the event queue ({K.QUEUE_SIZE} slots)"
    events = list(state["ev_deck"]) + list(state["ev_out"])
    for item in queue:
        if item is not None:
            if type(item) is not dict or set(item) != {"ev", "den"} or item["ev"] not in EVENTS \
                    or not _is_count(item["den"]) or item["den"] > EVENTS[item["ev"]]["cap"]:
                return "an event of the queue, or its deniers above its cap"
            events.append(item["ev"])
    if not _is_colours(state["supply"]):
        return "the supply of citizens"
    players = state["players"]
    if type(players) is not list or len(players) != n:
        return "one player per seat"
    dropped: list = []
    for seat, player in enumerate(players):
        problem = _player_problem(player)
        if problem is not None:
            return f"seat {seat}'s {problem}"
        cards += player["hand"]
        cards += [card for row in player["district"] for cell in row if cell for card in cell["s"]]
        events += player["ramparts"] + player["built"]
        dropped += player["dropped"]
    problem = _turn_problem(state, n)
    if problem is not None:
        return problem
    for task in state["tasks"] + ([state["pending"]] if state["pending"] else []):
        if task.get("t") == "pick" or task.get("kind") == "pick":
            cards += task["cards"]
    if any(type(card) is not str or card not in CARDS for card in cards) or sorted(cards) != ALL_CARDS:
        return "the cards do not add up to the game's (each copy in exactly one place)"
    if any(type(ev) is not str or ev not in EVENTS for ev in events) or sorted(events) != ALL_EVENTS \
            or sorted(dropped) != sorted(state["ev_out"]):
        return "the events do not add up to the game's"
    limits = {task["seat"] for task in state["tasks"] + [state["pending"] or {}]
              if task.get("t") == "limit" or task.get("kind") == "limit"}
    for seat, player in enumerate(players):
        if len(player["hand"]) + len(player["ramparts"]) > K.HAND_LIMIT and seat not in limits:
            return f"seat {seat} holds more than {K.HAND_LIMIT} cards and ramparts without returning one"
    return None


def _player_problem(player: dict) -> str | None:
    if type(player) is not dict or set(player) != PLAYER_KEYS:
        return "parts"
    if not _is_count(player["deniers"]) or not _is_colours(player["stand"]) or not _is_colours(player["laid"]):
        return "deniers or citizens"
    hand = player["hand"]
    if type(hand) is not list or any(type(card) is not str or card not in CARDS or CARDS[card]["kind"] == "crier"
                                     for card in hand):
        return "hand (cards, no town crier)"
    for key in ("ramparts", "built", "dropped"):
        if type(player[key]) is not list or any(type(ev) is not str or ev not in EVENTS for ev in player[key]):
            return f"{key} (events)"
    district = player["district"]
    if type(district) is not list or len(district) != 3 or any(type(row) is not list or len(row) != 3
                                                                for row in district):
        return "district (3 rows of 3 cells)"
    for row in district:
        for cell in row:
            if cell is None:
                continue
            stack = cell["s"] if type(cell) is dict and set(cell) == {"s", "occ", "dmg"} else None
            if type(stack) is not list or not stack or any(type(card) is not str or card not in CARDS
                                                           or CARDS[card]["kind"] == "crier" for card in stack):
                return "district (a cell holds a stack of cards, no town crier)"
            if len({CARDS[card]["colour"] for card in stack}) != 1:
                return "district (a stack holds cards of one colour)"
            occ = cell["occ"]
            if type(occ) is not list or any(token not in TOKENS for token in occ) or type(cell["dmg"]) is not bool \
                    or (occ or cell["dmg"]) and CARDS[stack[-1]]["kind"] != "building":
                return "district (citizens and damage only on buildings)"
    return None


def _turn_problem(state: dict, n: int) -> str | None:
    """The work of the turn: the tasks, the pending question and the last card's choices."""
    tasks, pending, final = state["tasks"], state["pending"], state["final"]
    if type(tasks) is not list or any(type(task) is not dict or task.get("t") not in TASKS
                                      or "seat" in task and not _is_seat(task["seat"], n) for task in tasks):
        return "the tasks of the turn"
    if pending is not None and (type(pending) is not dict or pending.get("kind") not in QUESTION_KINDS
                                or not _is_seat(pending.get("seat"), n)):
        return "the pending question"
    for task in tasks + ([pending] if pending else []):
        if task.get("t") == "pick" or task.get("kind") == "pick":
            if type(task["cards"]) is not list or len(task["cards"]) != 2 or task["deck"] not in K.DECKS:
                return "the two cards drawn"
    if state["phase"] == "final" or final is not None:
        if type(final) is not dict or set(final) != {"chosen"} or type(final["chosen"]) is not list \
                or len(final["chosen"]) != n or any(choice is not None and type(choice) is not dict
                                                    for choice in final["chosen"]):
            return "the last cards chosen"
    return None
