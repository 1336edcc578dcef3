"""Helpers for the Oriflamme tests: build exact situations through the public contract only."""

from __future__ import annotations

from pygames.games.oriflamme.cards import KINDS
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


def new(n: int = 3, hands: list | None = None, first: int = 0, seating: list | None = None, **options):
    opts = {"no_shuffle": True, "first_player": first, **options}
    if hands is not None:
        opts["hands"] = [h if h is None else hand(*h) for h in hands]
    if seating is not None:
        opts["seating"] = seating
    return GAME.new_game(n, 1, opts)


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
