"""Bots. ``make_bot(level, seed)`` gives an object whose ``choose`` picks one legal action.

Bots only ever receive a seat's view, never the true state.

Levels:
- ``random``: uniform over legal actions.
- ``easy``: the game's heuristic (``pygames.games.<id>.bot.scores``) with noise.
- ``normal``: the game's heuristic, best score (ties broken at random).
- ``hard``: information-set MCTS over ``game.sample_state`` determinizations (see ismcts.py).

And for the arena only (not a level of the lobby): ``textbook``, a plain information-set MCTS with
random playouts and no game knowledge, the hard bot's yardstick (see textbook.py).

``think`` is the same decision as a generator that yields now and then, so the
browser can run it in slices and keep the page responsive; ``choose`` just
runs it to the end.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator
from typing import Any

from ..core import Action, Game, Rng, View

LEVELS = ("random", "easy", "normal", "hard")
#: bots for the arena only, never offered in the lobby: ``textbook`` is a plain information-set MCTS
#: without game knowledge, the hard bot's yardstick (textbook.py, docs/bots.md)
YARDSTICKS = ("textbook",)
EASY_NOISE = 0.3  # share of easy decisions taken at random


def heuristic_scores(game: Game, view: View, legal: list[Action], seat: int, rng: Rng) -> list[float]:
    """The game's own scores for each legal action (higher is better)."""
    module = importlib.import_module(f"pygames.games.{game.id}.bot")
    return list(module.scores(view, legal, seat, rng))


def best_index(scores: list[float], rng: Rng) -> int:
    top = max(scores)
    best = [i for i, s in enumerate(scores) if s == top]
    return best[rng.randbelow(len(best))]


class Bot:
    """Base bot: subclasses implement ``think``."""

    level = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def think(self, game: Game, view: View, legal: list[Action], seat: int) -> Generator[None, None, Action]:
        return legal[self.rng.randbelow(len(legal))]
        yield  # pragma: no cover - makes this a generator

    def choose(self, game: Game, view: View, legal_actions: list[Action], seat: int) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        steps = self.think(game, view, legal_actions, seat)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value


class RandomBot(Bot):
    level = "random"


class HeuristicBot(Bot):
    """easy and normal: the game's heuristic scores, with noise for easy. ``scores`` replaces the
    game's ``scores(view, legal, seat, rng)`` by another heuristic of the same form (the balance
    script plays the hard bot's ``search_scores`` this way)."""

    def __init__(self, seed: int | str = 0, noise: float = 0.0, level: str = "normal",
                 scores: Callable[[View, list[Action], int, Rng], list[float]] | None = None) -> None:
        super().__init__(seed)
        self.noise = noise
        self.level = level
        self.scores = scores

    def think(self, game: Game, view: View, legal: list[Action], seat: int) -> Generator[None, None, Action]:
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return legal[self.rng.randbelow(len(legal))]
        if self.scores is None:
            scores = heuristic_scores(game, view, legal, seat, self.rng)
        else:
            scores = self.scores(view, legal, seat, self.rng)
        return legal[best_index(scores, self.rng)]
        yield  # pragma: no cover


def make_bot(level: str, seed: int | str = 0, **settings: Any) -> Bot:
    """A bot of the given level; ValueError for an unknown level."""
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return HeuristicBot(seed, noise=EASY_NOISE, level="easy")
    if level == "normal":
        return HeuristicBot(seed, level="normal")
    if level == "hard":
        from .ismcts import IsmctsBot
        return IsmctsBot(seed, **settings)
    if level == "textbook":
        from .textbook import TextbookBot
        return TextbookBot(seed, **settings)
    raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS + YARDSTICKS)}")
