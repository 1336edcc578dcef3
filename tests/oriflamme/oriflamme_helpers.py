"""Helpers for the Oriflamme tests: exact positions (``position``, ``new``) built beside the tests and
checked by the rules' one state check, play through the public contract."""

from __future__ import annotations

from pygames.games.oriflamme.cards import HAND_SIZE, KINDS
from pygames.games.oriflamme.rules import GAME

R, B, G, Y = 0, 1, 2, 3


def hand(*kinds: str) -> list[str]:
    """A 7-card hand: the given kinds first, completed in the standard order."""
    result = list(kinds)
    for k in KINDS:
        if len(result) == 7:
            break
        if k not in result:
            result.append(k)
    assert len(set(result)) == 7, result
    return result


def _in_order(kinds) -> list:
    """Kinds as the rules keep them (in the standard order); anything else as given, for the state check."""
    try:
        return sorted(kinds, key=KINDS.index)
    except (ValueError, TypeError):
        return list(kinds)


def position(n: int = 3, seed: int | str = 1, *, seating: list[int] | None = None, first: int | None = None,
             hands: list | None = None, removed: list | None = None, standard: bool = False, **options) -> dict:
    """The first state of ``new_game(n, seed, options)`` with what is given put in its place, checked
    by the rules' state check (``from_dict``: RecordError if it does not add up).

    ``standard``: the deal without chance (seats clockwise 0..n-1, seat 0 first, every hand the
    first seven kinds of the standard order). ``seating`` (clockwise), ``first``, and per seat a
    hand or the removed cards (None: the deal's; a hand given alone leaves the other kinds
    removed, and the other way round) replace the deal's."""
    if hands is not None and len(hands) != n or removed is not None and len(removed) != n:
        raise ValueError(f"hands and removed list one entry per seat ({n})")
    state = GAME.new_game(n, seed, options)
    if standard:
        seating = list(range(n)) if seating is None else seating
        first = 0 if first is None else first
        hands = [list(KINDS[:HAND_SIZE]) if h is None else h for h in (hands or [None] * n)]
    if seating is not None:
        state["seating"] = seating
    if first is not None:
        state["first"] = first
    for seat in range(n):
        own = None if hands is None else hands[seat]
        out = None if removed is None else removed[seat]
        if own is not None and out is None:
            out = [k for k in KINDS if k not in own]
        elif out is not None and own is None:
            own = [k for k in KINDS if k not in out]
        if own is not None:
            state["hands"][seat], state["removed"][seat] = _in_order(own), _in_order(out)
    try:
        state["order"] = state["seating"][state["seating"].index(state["first"]):] + \
            state["seating"][:state["seating"].index(state["first"])]
    except (ValueError, AttributeError, TypeError):
        state["order"] = None  # no such first player or seating: refused below
    log = [e for e in state["log"] if e["key"] not in ("removed", "start", "round")]
    state["log"] = [{"key": "removed", "params": {"seat": seat, "cards": list(state["removed"][seat])}, "to": [seat]}
                    for seat in range(n)] + [
        {"key": "start", "params": {"seating": state["seating"], "first": state["first"]}},
        {"key": "round", "params": {"round": 1, "first": state["first"]}}] + log
    return GAME.from_dict(GAME.to_dict(state))


def new(n: int = 3, hands: list | None = None, first: int = 0, seating: list | None = None, **options):
    """A position of the standard deal (nothing left to chance) with these hands, seating and first player."""
    return position(n, hands=None if hands is None else [h if h is None else hand(*h) for h in hands],
                    first=first, seating=seating, standard=True, **options)


def play(state, *actions):
    for action in actions:
        state = GAME.apply(state, action)
    return state


def place(card: str, at: str, pos: int | None = None) -> dict:
    action = {"type": "place", "card": card, "at": at}
    if pos is not None:
        action["pos"] = pos
    return action


REVEAL = {"type": "reveal"}
LEAVE = {"type": "leave"}


def target(pos: int) -> dict:
    return {"type": "target", "pos": pos}


def mover(state) -> int | None:
    return GAME.current_player(state)


def phase(state) -> str:
    return GAME.view(state, None)["phase"]


def ip(state) -> list[int]:
    return GAME.view(state, None)["ip"]


def queue(state) -> list[list[dict]]:
    """The queue with every card's kind, assembled from each owner's own view (public contract only)."""
    n = GAME.num_players(state)
    views = [GAME.view(state, s) for s in range(n)]
    result = []
    for i, stack in enumerate(views[0]["queue"]):
        cards = []
        for j, card in enumerate(stack):
            full = views[card["o"]]["queue"][i][j]
            cards.append({"o": card["o"], "k": full["k"], "up": card["up"], "ip": card["ip"]})
        result.append(cards)
    return result


def tops(state) -> list[tuple]:
    """(owner, kind, up, ip) of each top card."""
    return [(s[-1]["o"], s[-1]["k"], s[-1]["up"], s[-1]["ip"]) for s in queue(state)]


def current_kind(state) -> str:
    """Kind of the card being resolved (seen by its owner)."""
    v = GAME.view(state, mover(state))
    return v["queue"][v["pos"]][-1]["k"]


def decide(state, reveal: set | None = None, until_round_end: bool = True):
    """Answer reveal/leave decisions: reveal if (seat, kind) is in ``reveal``, else leave.
    Stops at any other decision, or when the resolution phase ends."""
    reveal = reveal or set()
    while phase(state) == "resolve":
        pending = GAME.view(state, None)["pending"]
        if pending["type"] != "reveal":
            return state
        key = (mover(state), current_kind(state))
        state = play(state, REVEAL if key in reveal else LEAVE)
    return state


def place_round(state, *placements):
    """Placements in turn order; each is (card, at) or (card, "stack", pos)."""
    assert phase(state) == "place"
    for p in placements:
        state = play(state, place(*p))
    return state


def discard(state, seat: int) -> list[str]:
    return GAME.view(state, None)["discard"][seat]


def log_keys(state, since: int = 0) -> list[str]:
    return [e["key"] for e in GAME.view(state, None)["log"][since:]]


def log_len(state) -> int:
    return len(GAME.view(state, None)["log"])


def place_phase(state, overrides: dict | None = None, avoid=("ambush", "conspiracy", "soldier", "archer",
                                                                 "assassination", "decree", "shapeshifter")):
    """One whole placement phase: seats in ``overrides`` place (card, at[, pos]); the others place the
    first card of their hand not in ``avoid`` (else their first card) at the right end."""
    overrides = overrides or {}
    assert phase(state) == "place"
    n = GAME.num_players(state)
    for _ in range(n):
        seat = mover(state)
        if seat in overrides:
            state = play(state, place(*overrides[seat]))
            continue
        cards = GAME.view(state, seat)["hand"]
        choice = next((k for k in cards if k not in avoid), cards[0])
        at = "right" if GAME.view(state, None)["queue"] else "center"
        state = play(state, place(choice, at))
    return state


def full_round(state, overrides: dict | None = None, reveal: set | None = None, **kw):
    """A placement phase then a resolution where only (seat, kind) in ``reveal`` are revealed."""
    state = place_phase(state, overrides, **kw)
    return decide(state, reveal)
