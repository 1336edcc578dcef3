"""Hints: what the hard bot would play for a human, with a one-line reason."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ..core import Action, Game, View
from .ismcts import IsmctsBot


def hint_thinking(game: Game, view: View, legal: list[Action], seat: int,
                  seed: int | str = "hint", **settings: Any) -> Generator[None, None, dict[str, Any]]:
    """A generator (run it in slices) whose return value is
    ``{"action": best, "top": [{"action", "visits", "win"}...]}``: the hard bot's choice (with its
    game's settings, unless ``settings`` override them) and its best three moves, the chosen one
    first (win = the search's estimated win chance, visits = simulations of that move)."""
    bot = IsmctsBot(seed, **settings)
    best = yield from bot.think(game, view, legal, seat)
    ranked = sorted((s for s in bot.last_stats if s["visits"]),
                    key=lambda s: (s["action"] != best, -s["visits"], -(s["value"] or 0.0)))
    top = [{"action": s["action"], "visits": s["visits"], "win": s["value"]} for s in ranked[:3]]
    return {"action": best, "top": top}


def hint(game: Game, view: View, legal: list[Action], seat: int, **settings: Any) -> dict[str, Any]:
    steps = hint_thinking(game, view, legal, seat, **settings)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
