"""A friend's device at a table hosted elsewhere: what ``pygames.ui.page`` draws, from the seat's view.

``GuestSession`` offers what the page reads of a table (game, render, seats, view, viewer, picker,
mover, winners…) from the messages of the host (``pygames.net.guest.GuestNet``): the board, the
prompt, the log and the click paths are the same code as at the host's table, fed with the seat's
view and its legal actions. A completed click path is sent to the host instead of being played here.
"""

from __future__ import annotations

from typing import Any

from .. import get_game
from ..core import Action
from ..net.guest import GuestNet
from .picker import Picker, game_picker, take_click
from .session import game_module


class GuestSession:
    is_guest = True

    def __init__(self, net: GuestNet) -> None:
        assert net.welcome is not None and net.table is not None
        self.net = net
        self.welcome: dict = net.welcome  # the seat, the game and its options: fixed for the table
        self.game = get_game(net.invite.game)
        self.render = game_module(self.game.id, "render")
        self.num_players = net.welcome["num_players"]
        self.options = dict(net.welcome["options"])
        self.seat = net.seat
        self._picker: Picker | None = None
        self._picker_rev: int | None = None

    # what the host says of the table
    @property
    def seats(self) -> list[str]:
        table = self.net.table or {}
        return list(table.get("seats") or self.welcome["seats"])

    def names_given(self) -> list[str]:
        table = self.net.table or {}
        return [n if isinstance(n, str) else "" for n in table.get("names") or self.welcome["names"]]

    def answering(self) -> list[int]:
        """Who the open reaction window still waits for (the host works it out)."""
        return list((self.net.table or {}).get("answering") or [])

    def links(self) -> list[str | None]:
        return list((self.net.table or {}).get("links") or [])

    def mover(self) -> int | None:
        mover = (self.net.table or {}).get("mover")
        return mover if type(mover) is int else None

    def is_over(self) -> bool:
        return self.net.table is not None and self.net.table["mover"] is None

    def winners(self) -> list[int]:
        return list((self.net.table or {}).get("winners") or [])

    def human_turn(self) -> bool:
        return self.net.my_turn()

    def bot_turn(self) -> bool:
        mover = self.mover()
        return mover is not None and mover != self.seat and self.seats[mover] not in ("human", "friend")

    def remote_turn(self) -> bool:
        """Another person decides (at the host's device or a friend's)."""
        mover = self.mover()
        return mover is not None and not self.bot_turn() and not self.human_turn()

    def auto_pass(self) -> None:
        return None

    def viewer(self) -> int:
        return self.seat

    def view(self) -> dict:
        return self.net.view()

    def legal(self) -> list[Action]:
        return self.net.legal()

    def picker(self) -> Picker | None:
        if not self.net.my_turn():
            return None
        rev = (self.net.table or {}).get("rev")
        if self._picker is None or self._picker_rev != rev:
            self._picker = game_picker(self.legal(), self.view(), self.render)
            self._picker_rev = rev
        return self._picker

    def click(self, key: str) -> Action | None:
        action = take_click(self.picker(), key, "it is not your turn")
        if action is not None:
            self.net.send_action(action)
            self._picker = None
        return action

    def back(self) -> None:
        picker = self.picker()
        if picker is not None:
            picker.back()


def guest_names(session: Any, lang: str) -> list[str]:
    """Names as a friend's device shows them: itself "you", the others by the names they gave."""
    from .page import player_names
    return player_names(session.seats, lang, given=session.names_given(), me=session.seat)
