"""Tournay's citizens at work: the ways to take the citizens a draw or an activation needs, your
own first and others' standing ones at 2 deniers each to their owner (TOU_12, TOU_15, TOU_16),
the ways to draw from a deck, and taking them. The ways are memoized: the same few situations
come back all game."""

from __future__ import annotations

import operator

from . import cards as K
from .state import add_citizens

COLOURS = K.COLOURS

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


#: ``colour_choices``' memo entry of a key (colour, standing, seat, budget capped at MAX_DRAW_FEES), or None:
#: bound once, for the legal list and the draw check that read the memo first (a method called on an
#: imported name is looked up and bound anew at each call)
known_colour_choices = _COLOUR_CHOICES.get


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


def take_citizens(state: dict, seat: int, colour: str, use: list[int]) -> None:
    """``seat`` takes the citizens of ``colour`` that ``use`` counts per seat: they lie down, and
    each borrowed one pays its owner the fee."""
    players = state["players"]
    for owner, k in enumerate(use):
        if not k:
            continue
        add_citizens(players[owner], colour, stand=-k, laid=k)
        if owner != seat:
            fee = K.BORROW_FEE * k
            players[seat]["deniers"] -= fee
            players[owner]["deniers"] += fee
            state["log"].append({"key": "borrow", "params": {"seat": seat, "owner": owner, "colour": colour,
                                                             "n": k, "fee": fee}})
