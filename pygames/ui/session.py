"""A game at the table, independent of the browser.

``TableSession`` holds the record (seed, options, seats, actions) and the
current state, asks bots for their moves, and turns a human's clicks into
actions through the game's click paths. The browser glue only forwards clicks
and puts the markup from ``pygames.ui.page`` into the page.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Generator

from .. import get_game
from ..bots import Bot, make_bot
from ..core import Action, IllegalAction, make_record, parse_record
from ..core.record import SEAT_KINDS
from .picker import Picker


def game_module(game_id: str, name: str) -> ModuleType:
    """``pygames.games.<id>.<name>`` (render, text, bot, cards)."""
    return importlib.import_module(f"pygames.games.{game_id}.{name}")


class TableSession:
    def __init__(self, game_id: str, num_players: int, seed: int | str, options: dict | None,
                 seats: list[str], actions: list[Action] | None = None) -> None:
        self.game = get_game(game_id)
        if len(seats) != num_players or any(s not in SEAT_KINDS for s in seats):
            raise ValueError(f"seats must list {num_players} of {', '.join(SEAT_KINDS)}")
        self.num_players = num_players
        self.seed = seed
        self.options = dict(options or {})
        self.seats = list(seats)
        self.render = game_module(game_id, "render")
        self.state = self.game.new_game(num_players, seed, self.options)
        self.actions: list[Action] = []
        self.bots: dict[int, Bot] = {
            seat: make_bot(kind, f"{seed}/bot{seat}") for seat, kind in enumerate(seats) if kind != "human"}
        self._picker: Picker | None = None
        self.last_human: int | None = next((i for i, s in enumerate(seats) if s == "human"), None)
        for action in actions or []:
            self.apply(action)

    # ------------------------------------------------------------ records
    @classmethod
    def from_record(cls, record: Any) -> "TableSession":
        data = parse_record(record)
        return cls(data["game"], data["num_players"], data["seed"], data["options"],
                   data["seats"], data["actions"])

    def record(self) -> dict:
        return make_record(self.game, self.num_players, self.seed, self.options, self.seats, self.actions)

    # ------------------------------------------------------------ whose turn
    def mover(self) -> int | None:
        return self.game.current_player(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def human_turn(self) -> bool:
        mover = self.mover()
        return mover is not None and self.seats[mover] == "human"

    def bot_turn(self) -> bool:
        mover = self.mover()
        return mover is not None and self.seats[mover] != "human"

    def viewer(self) -> int | None:
        """Whose view the table shows: the human to move, else the last human who moved, else a spectator."""
        if self.human_turn():
            return self.mover()
        return self.last_human

    def view(self) -> dict:
        return self.game.view(self.state, self.viewer())

    # ------------------------------------------------------------ moves
    def apply(self, action: Action) -> None:
        mover = self.mover()
        self.state = self.game.apply(self.state, action)
        self.actions.append(action)
        if mover is not None and self.seats[mover] == "human":
            self.last_human = mover
        self._picker = None

    def picker(self) -> Picker | None:
        """The click paths for the human to move (None when it is not a human's turn)."""
        if not self.human_turn():
            return None
        if self._picker is None:
            view = self.game.view(self.state, self.mover())
            self._picker = Picker(self.game.legal_actions(self.state), view, self.render.action_steps)
        return self._picker

    def click(self, key: str) -> Action | None:
        """A human's click on a choice; plays the action once its path is complete."""
        picker = self.picker()
        if picker is None:
            raise IllegalAction("it is not a human player's turn")
        try:
            action = picker.click(key)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if action is not None:
            self.apply(action)
        return action

    def back(self) -> None:
        picker = self.picker()
        if picker is not None:
            picker.back()

    def bot_thinking(self) -> Generator[None, None, Action]:
        """The bot to move's decision as a generator (run it in slices in the browser)."""
        seat = self.mover()
        if seat is None or seat not in self.bots:
            raise IllegalAction("it is not a bot's turn")
        view = self.game.view(self.state, seat)
        return self.bots[seat].think(self.game, view, self.game.legal_actions(self.state), seat)

    def play_bot_turn(self) -> Action:
        """Let the bot to move decide and play (all at once)."""
        steps = self.bot_thinking()
        while True:
            try:
                next(steps)
            except StopIteration as done:
                self.apply(done.value)
                return done.value
