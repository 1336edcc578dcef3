"""Random games in coupml (PyPI, the bench extra), the peer engine of ``build.py bench``'s Coup rows.

It lives with the outside arena because the site never ships this folder (NOT_SHIPPED, tools/site.py):
the bench in the browser measures only our engines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from coupml import Coup

from pygames.core import Rng


class CoupmlRandom:
    """coupml's random source (an object with numpy-like ``choice`` and ``shuffle``) drawn
    from a pygames Rng, so that both engines play from the same generator."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choice(self, items: Any) -> Any:
        if isinstance(items, int):  # numpy's choice(n): a number in range(n)
            return self.rng.randbelow(items)
        return items[self.rng.randbelow(len(items))]

    def shuffle(self, items: list) -> None:
        self.rng.shuffle(items)


def random_games(players: int, rng: Rng, seconds: float, min_games: int,
                 clock: Callable[[], float]) -> tuple[int, int, float]:
    """Uniformly random coupml games (its own in-place ``play_action``, its only path) for
    ``seconds`` of ``clock``: (games, actions, when it started)."""
    source = CoupmlRandom(rng)
    games = actions = 0
    started = clock()
    while games < min_games or clock() - started < seconds:
        table = Coup(players, source)
        table.init_game()
        while not table.is_game_over():
            legal = table.get_legal_actions()
            table.play_action(legal[rng.randbelow(len(legal))])
            actions += 1
        games += 1
    return games, actions, started
