"""Helpers for the Koryo tests: exact positions built beside the tests (like a chess position from
its FEN) and checked by the rules' one state check, then played through the public contract."""

from __future__ import annotations

from pygames.core import Rng
from pygames.games.koryo import cards as C
from pygames.games.koryo.rules import GAME, new_state
from pygames.games.koryo.tables import composition, empty_pile


def _piles(per_seat: list[list[int]], n: int, what: str, take) -> list[list[int]]:
    if len(per_seat) != n:
        raise ValueError(f"{what} needs one entry per seat ({n})")
    return [take(kinds, what) for kinds in per_seat]


def position(n: int = 3, seed: int | str = 7, *, first: int | None = 0, start_round: int = 1,
             tables: list[list[int]] | None = None, hands: list[list[int]] | None = None,
             deck: list[int] | None = None, coins: list[int] | None = None, no_shuffle: bool = True,
             **options) -> dict:
    """The first decision of a game of ``n`` with these pieces in place; other keywords are lobby
    options. ``first`` starts the round (None: drawn as the rules draw it); ``start_round`` is
    the round played; ``tables`` and ``hands`` list card kinds per seat (hands given: no deal
    this round); ``deck`` is the top of the deck (the other cards follow in kind order);
    ``coins`` the purses (the bank keeps the rest). With ``no_shuffle`` (the default, kept in the
    state's options) every deal takes the deck's top, in turn order; without it, deals draw at
    random from the whole deck. A position the rules could not have raises RecordError (the
    state check of ``from_dict``); more cards of a kind than the game has, ValueError."""
    start, opts = GAME.setup_arguments(n, seed, options)
    rng = Rng(start)
    state = new_state(n, opts, rng.randbelow(n) if first is None else first)
    left = composition(opts["events"])

    def take(kinds: list[int], what: str) -> list[int]:
        pile = empty_pile()
        for kind in kinds:
            if kind not in C.KINDS:
                raise ValueError(f"{what}: {kind!r} is not a card kind (1..11: 10 Barbarian, 11 Lobbying)")
            if left[kind] == 0:
                raise ValueError(f"{what}: there are not that many cards of kind {kind} in the game")
            left[kind] -= 1
            pile[kind] += 1
        return pile

    if not 1 <= start_round <= C.ROUNDS or first not in (None, *range(n)):  # no deal to make
        raise ValueError(f"a round is 1..{C.ROUNDS}, a seat 0..{n - 1}")
    state["round"] = start_round
    if tables is not None:
        state["tables"] = _piles(tables, n, "tables", take)
    fixed = None if hands is None else _piles(hands, n, "hands", take)
    top = list(deck or [])
    take(top, "deck")
    state["deck"] = top + [k for k in C.KINDS for _ in range(left[k])]
    if coins is not None:
        state["coins"], state["bank"] = list(coins), state["bank"] - sum(coins)
    state["options"]["no_shuffle"] = no_shuffle or fixed is not None  # fixed hands: nothing drawn
    kept = list(state["deck"])
    GAME._start_round(state, rng)
    state["options"]["no_shuffle"] = no_shuffle
    if fixed is not None:  # the hands given instead of a deal, the deck untouched
        state["hands"], state["deck"] = fixed, kept
        state["deal"] = [sum(h) for h in fixed]
        state["log"][-1]["params"].update(deal=list(state["deal"]), broadcaster=None)
    GAME._advance(state, rng)
    state["rng"] = rng.state
    return GAME.from_dict(GAME.to_dict(state))


def session_until(wanted, n: int = 3, seeds=range(1, 300)):
    """A table (seat 0 human, random bots, the human's moves random) stopped at the first human
    decision where ``wanted(state)`` holds: a record of it replays through the lobby's options
    alone, so the UI and browser tests import it as a person's file would be."""
    import random

    from pygames.ui.session import TableSession
    for seed in seeds:
        session = TableSession("koryo", n, seed, {}, ["human"] + ["random"] * (n - 1))
        rng = random.Random(seed)
        while not session.is_over():
            if session.bot_turn():
                session.play_bot_turn()
            elif wanted(session.state):
                return session
            else:
                session.apply(rng.choice(GAME.legal_actions(session.state)))
    raise AssertionError("no such Koryo position in the seeds tried")


def first_legal(state, kind: str) -> dict | None:
    """The first legal action of this type, or None."""
    return next((a for a in GAME.legal_actions(state) if a["type"] == kind), None)
