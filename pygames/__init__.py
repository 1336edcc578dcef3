"""pygames: five card games for the browser, as pure Python.

>>> import pygames
>>> game = pygames.get_game("coup")
>>> state = game.new_game(3, seed=1)
>>> action = game.legal_actions(state)[0]
>>> state = game.apply(state, action)
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .core import Game, GameInfo, IllegalAction, RecordError, SetupError

__all__ = ["GAMES", "GAME_IDS", "INFOS", "Game", "GameInfo", "IllegalAction", "RecordError", "SetupError",
           "get_game"]
__version__ = "0.1.0"

#: every game the package knows, in lobby order; a game is listed once it is complete
GAME_IDS: tuple[str, ...] = ("oriflamme", "tournay", "coup", "koryo", "houses")


#: what the lobby shows of each game (title, player counts), without importing any rules
INFOS: dict[str, GameInfo] = {game_id: importlib.import_module(f"pygames.games.{game_id}").INFO
                              for game_id in GAME_IDS}


class _Games(Mapping[str, Game]):
    """Every game by id, in lobby order. A game's rules are imported the first time it is asked
    for, so that the page starts without importing the four games nobody has picked yet."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._loaded.get(game_id)
        if game is None:
            if game_id not in INFOS:
                raise KeyError(game_id)
            game = self._loaded[game_id] = importlib.import_module(f"pygames.games.{game_id}.rules").GAME
        return game

    def __setitem__(self, game_id: str, game: Game) -> None:
        """Register a game that is not one of the package's (tests: a tiny fixed game)."""
        INFOS[game_id] = game.info or GameInfo(game.id, game.title, game.min_players, game.max_players)
        self._loaded[game_id] = game

    def __delitem__(self, game_id: str) -> None:
        del INFOS[game_id]
        self._loaded.pop(game_id, None)

    def __contains__(self, game_id: object) -> bool:
        return game_id in INFOS

    def __iter__(self) -> Iterator[str]:
        return iter(INFOS)

    def __len__(self) -> int:
        return len(INFOS)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(INFOS)})"


GAMES: Mapping[str, Game] = _Games()


def get_game(game_id: str) -> Game:
    """The game with this id; ValueError for an unknown id."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None
