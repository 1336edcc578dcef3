"""pygames: five card games for the browser, as pure Python.

>>> import pygames
>>> game = pygames.get_game("coup")
>>> state = game.new_game(3, seed=1)
>>> action = game.legal_actions(state)[0]
>>> state = game.apply(state, action)
"""

from __future__ import annotations

import importlib

from .core import Game, IllegalAction, RecordError, SetupError

__all__ = ["GAMES", "GAME_IDS", "Game", "IllegalAction", "RecordError", "SetupError", "get_game"]
__version__ = "0.1.0"

#: every game the package knows, in lobby order; a game is listed once it is complete
GAME_IDS: tuple[str, ...] = ("oriflamme", "tournay", "coup", "koryo", "houses")


def _load() -> dict[str, Game]:
    games = {}
    for game_id in GAME_IDS:
        module = importlib.import_module(f"pygames.games.{game_id}.rules")
        games[game_id] = module.GAME
    return games


GAMES: dict[str, Game] = _load()


def get_game(game_id: str) -> Game:
    """The game with this id; ValueError for an unknown id."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None
