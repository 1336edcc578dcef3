"""A small seeded random number generator whose whole state is one integer.

The state lives inside the game state (key ``"rng"``), so a game replays
exactly from (num_players, seed, options, actions) in CPython and in Pyodide:
the generator only uses integer arithmetic (SplitMix64), never ``random``.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64


def seed_to_int(seed: int | str) -> int:
    """Turn a user seed (int or text) into a 64-bit starting state."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError("seed must be an int or a str")
    if isinstance(seed, str):
        value = 0xCBF29CE484222325  # FNV-1a: stable across Python builds, unlike hash()
        for byte in seed.encode("utf-8"):
            value = ((value ^ byte) * 0x100000001B3) & _MASK
        return value
    return seed & _MASK


class Rng:
    """SplitMix64. ``Rng(state_int)``; read the current state back with ``.state``."""

    __slots__ = ("state",)

    def __init__(self, state: int | str = 0) -> None:
        self.state = state & _MASK if type(state) is int else seed_to_int(state)

    def next64(self) -> int:
        self.state = state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = _TWO64 - _TWO64 % n
        # next64, written out: this is the hottest call of every random playout
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:  # else (rarely) redraw: values in the top, incomplete stretch of 2**64
                self.state = state
                return z % n

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            start, stop = 0, start
        return start + self.randbelow(stop - start)

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates from the end: item i swaps with item randbelow(i + 1).

        randbelow is written out here (the same draws, one call fewer per card): shuffling
        a deck is most of the cost of dealing a round.
        """
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())


#: one random number serves several draws of ``draw_to_top`` while the product of their choice
#: counts stays below this, so that a redraw of the generator (see Rng.randbelow) stays rarer
#: than 1 in 256
DRAWS_PER_NUMBER_BELOW = 1 << 56


def draw_to_top(deck: MutableSequence[Any], count: int, rng: Rng, start: int = 0) -> None:
    """Bring ``count`` cards, drawn at random without replacement from ``deck[start:]``, to
    positions start, start + 1, ... in the order drawn: the first ``count`` steps of a
    Fisher-Yates shuffle from the top. A game that only ever deals from the top of a deck whose
    order nobody sees can draw just the cards it deals this way instead of shuffling the deck
    (the same distribution, far fewer numbers of the generator).

    The draw for a position picks one of the cards from there to the bottom. Several draws share
    one number of the generator: a number uniform below the product of their choice counts, read
    as mixed-radix digits (divmod by each count in turn), gives independent uniform picks, exactly.
    How the draws are grouped depends only on the deck's size, ``count`` and ``start``: it is
    worked out once per such triple (``_draw_plan``), as every round's deal asks the same.
    """
    key = (len(deck), count, start)
    plan = _DRAW_PLANS.get(key)
    if plan is None:
        if len(_DRAW_PLANS) >= _MAX_DRAW_PLANS:  # decks of ever new sizes: start again
            _DRAW_PLANS.clear()
        plan = _DRAW_PLANS[key] = _draw_plan(*key)
    for span, digits in plan:
        number = rng.randbelow(span)
        for position, choices in digits:  # the digits of number, lowest first
            pick = position + number % choices
            number //= choices
            deck[position], deck[pick] = deck[pick], deck[position]


#: by (deck size, count, start): draw_to_top's grouping of its draws, [(span, ((position, choices), ...)), ...]
_DRAW_PLANS: dict[tuple[int, int, int], list] = {}
_MAX_DRAW_PLANS = 4096


def _draw_plan(size: int, count: int, start: int) -> list:
    """How ``draw_to_top`` groups its draws on a deck of ``size`` cards: for each number of the
    generator, its span (the product of the choice counts it serves) and the positions it draws
    for, with their choice counts. The last card left has no choice."""
    end = min(start + count, size - 1)
    plan = []
    position = start
    while position < end:
        span, stop = 1, position
        while stop < end and span * (size - stop) < DRAWS_PER_NUMBER_BELOW:
            span *= size - stop
            stop += 1
        plan.append((span, tuple((p, size - p) for p in range(position, stop))))
        position = stop
    return plan


class StateRng(Rng):
    """An Rng that writes its state back into ``state["rng"]`` after every draw."""

    __slots__ = ("_holder",)

    def __init__(self, holder: dict) -> None:
        # holder["rng"] is already a 64-bit state (the game keeps it so): no seed conversion
        self.state = holder["rng"] & _MASK
        self._holder = holder

    def next64(self) -> int:
        value = Rng.next64(self)
        self._holder["rng"] = self.state
        return value

    def randbelow(self, n: int) -> int:
        value = Rng.randbelow(self, n)
        self._holder["rng"] = self.state
        return value

    def shuffle(self, items: MutableSequence[Any]) -> None:
        Rng.shuffle(self, items)
        self._holder["rng"] = self.state
