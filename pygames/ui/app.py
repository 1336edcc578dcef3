"""The page's controller, independent of the browser.

``App`` holds what the page shows (lobby or table), reacts to the events the
browser glue forwards (``action`` for shell controls, ``choose`` for moves,
``change`` for form fields) and renders the whole screen as markup. The
browser glue (``site/main.py``) only provides storage (localStorage), puts
``render()`` into the DOM and runs bot turns in slices::

    while app.bot_to_move():
        steps = app.bot_thinking()      # a generator: run it in slices
        ...                             # until StopIteration(value=action)
        app.bot_played(action)

Saves: the game record goes to storage after every move, and a damaged save
gives a clear message in the lobby, never a broken page.
"""

from __future__ import annotations

import json
import random
from typing import Callable, Generator, Protocol

from .. import GAMES
from ..core import Action
from ..core.record import parse_record
from .i18n import norm_lang, t
from .page import BACK, HUMAN, SavedGame, Setup, lobby_html, player_names, privacy_html, table_html
from .session import TableSession

KEY_LANG = "pygames.lang"
KEY_SAVE = "pygames.save"
KEY_SETUP = "pygames.setup"


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """Storage in a dict (tests, and the browser when localStorage is unavailable)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


def new_seed() -> int:
    return random.SystemRandom().randrange(1 << 31)


def describe_error(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) < 300 else text[:297] + "…"


class App:
    def __init__(self, storage: Storage | None = None, seed: Callable[[], int | str] = new_seed) -> None:
        self.storage = storage if storage is not None else MemoryStorage()
        self.seed = seed
        self.lang = norm_lang(self.storage.get(KEY_LANG))
        self.setup: Setup | None = self._remembered_setup()
        self.session: TableSession | None = None
        self.notice: str | None = None
        self.revealed: int | None = None  # hot seat: the human seat whose cards are on screen
        self.epoch = 0  # changes whenever the table changes; bot loops of an old epoch stop

    # ------------------------------------------------------------------ what to show
    @property
    def screen(self) -> str:
        return "table" if self.session is not None else "lobby"

    def phase(self) -> str:
        """lobby | human | bot | over | privacy: what the page waits for."""
        session = self.session
        if session is None:
            return "lobby"
        if session.is_over():
            return "over"
        if session.bot_turn():
            return "bot"
        if self.needs_privacy():
            return "privacy"
        return "human"

    def names(self) -> list[str]:
        return player_names(self.session.seats, self.lang) if self.session else []

    def needs_privacy(self) -> bool:
        session = self.session
        if session is None or not session.human_turn():
            return False
        if sum(1 for s in session.seats if s == HUMAN) < 2:
            return False
        return self.revealed != session.mover()

    def render(self) -> str:
        if self.session is None:
            return lobby_html(self.lang, self.setup, self.saved_game(), self.notice)
        if self.needs_privacy():
            return privacy_html(self.session, self.lang, self.names(), self.session.mover())
        return table_html(self.session, self.lang, self.names())

    def saved_game(self) -> SavedGame | None:
        raw = self.storage.get(KEY_SAVE)
        if raw is None:
            return None
        try:
            record = parse_record(raw)
        except Exception as exc:
            return SavedGame(error=describe_error(exc))
        return SavedGame(record["game"], record["num_players"], len(record["actions"]))

    # ------------------------------------------------------------------ events
    def action(self, name: str, value: str = "") -> None:
        """A shell control was clicked (``data-action`` / ``data-value``)."""
        handler = getattr(self, f"_do_{name.replace('-', '_')}", None)
        if handler is None:
            raise ValueError(f"unknown page action {name!r}")
        handler(value)

    def change(self, name: str, value: str, checked: bool | None = None, seat: str | None = None) -> None:
        """A form field changed: language, player count, a seat's controller, an option."""
        if name == "lang":
            self.lang = norm_lang(value)
            self.storage.set(KEY_LANG, self.lang)
            return
        if self.setup is None or self.session is not None:
            return
        if name == "num_players":
            self.setup.set_num_players(int(value))
        elif seat is not None and seat != "":
            self.setup.set_seat(int(seat), value)
        else:
            self.setup.set_option_from_form(name, value, checked)
        self.storage.set(KEY_SETUP, self.setup.to_json())

    def choose(self, key: str) -> Action | None:
        """A human clicked a choice (``data-choice``); plays the move once its clicks are complete."""
        session = self.session
        if session is None:
            raise ValueError("no game is being played")
        if key == BACK:
            session.back()
            return None
        action = session.click(key)
        if action is not None:
            self._moved()
        return action

    # ------------------------------------------------------------------ bots
    def bot_to_move(self) -> bool:
        return self.session is not None and self.session.bot_turn()

    def bot_thinking(self) -> Generator[None, None, Action]:
        assert self.session is not None
        return self.session.bot_thinking()

    def bot_played(self, action: Action) -> None:
        assert self.session is not None
        self.session.apply(action)
        self._moved()

    def thinking_seat(self) -> int | None:
        return self.session.mover() if self.bot_to_move() else None

    # ------------------------------------------------------------------ handlers
    def _do_select_game(self, game_id: str) -> None:
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}")
        if self.setup is None or self.setup.game_id != game_id:
            self.setup = Setup.default(game_id)
        self.notice = None

    def _do_start(self, _value: str = "") -> None:
        if self.setup is None:
            raise ValueError("choose a game first")
        setup = self.setup
        try:
            session = TableSession(setup.game_id, setup.num_players, self.seed(), setup.start_options(),
                                   list(setup.seats))
        except Exception as exc:
            self.notice = t("start_failed", self.lang, reason=describe_error(exc))
            return
        self.storage.set(KEY_SETUP, setup.to_json())
        self._open(session)
        self._save()

    def _do_continue(self, _value: str = "") -> None:
        raw = self.storage.get(KEY_SAVE)
        if raw is None:
            return
        try:
            session = TableSession.from_record(raw)
        except Exception as exc:
            self.storage.remove(KEY_SAVE)
            self.notice = t("save_damaged", self.lang, reason=describe_error(exc)) + " " + \
                t("save_discarded", self.lang)
            return
        self.setup = Setup.from_json({"game_id": session.game.id, "num_players": session.num_players,
                                      "seats": session.seats, "options": {}}) or self.setup
        self._open(session)

    def _do_discard(self, _value: str = "") -> None:
        self.storage.remove(KEY_SAVE)
        self.notice = t("save_discarded", self.lang)

    def _do_lobby(self, _value: str = "") -> None:
        self.session = None
        self.revealed = None
        self.notice = None
        self.epoch += 1

    def _do_rematch(self, _value: str = "") -> None:
        session = self.session
        if session is None:
            return
        self.setup = Setup(session.game.id, session.num_players, list(session.seats), dict(session.options))
        self._do_start()

    def _do_reveal(self, _value: str = "") -> None:
        if self.session is not None and self.session.human_turn():
            self.revealed = self.session.mover()

    # ------------------------------------------------------------------ internals
    def _open(self, session: TableSession) -> None:
        self.session = session
        self.notice = None
        self.revealed = None
        self.epoch += 1

    def _moved(self) -> None:
        if self.session is not None and self.session.is_over():
            self.storage.remove(KEY_SAVE)
        else:
            self._save()

    def _save(self) -> None:
        if self.session is not None:
            self.storage.set(KEY_SAVE, json.dumps(self.session.record(), separators=(",", ":")))

    def _remembered_setup(self) -> Setup | None:
        raw = self.storage.get(KEY_SETUP)
        setup = Setup.from_json(raw) if raw else None
        if setup is None and len(GAMES) == 1:
            setup = Setup.default(next(iter(GAMES)))
        return setup


__all__ = ["App", "KEY_LANG", "KEY_SAVE", "KEY_SETUP", "MemoryStorage", "Storage", "describe_error"]
