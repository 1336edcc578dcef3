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

from . import cards as K
from .district import DECK_OF

EVENTS = K.EVENTS


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

