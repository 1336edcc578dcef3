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

Saves: the game record goes to storage after every move (several saved games,
listed in the lobby), and a damaged save gives a clear message in the lobby,
never a broken page. Records are exported (``export_record``) and imported
(``import_record``) as JSON files. A finished or imported game can be replayed
move by move (``ReplaySession``); against bots a human may undo their last
decision (``TableSession.undo_point``); a hint from the hard bot is computed in
slices like a bot move (``hint_wanted`` / ``hint_thinking`` / ``hint_done``).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Generator
from typing import Any, Protocol

from .. import GAMES, INFOS
from ..core import Action
from ..core.record import parse_record
from ..net.guest import GuestNet
from ..net.host import HostNet
from ..net.protocol import clean_name
from .dates import Dates, PythonDates
from .friends import host_panel
from .friends_app import ANSWER_TIMERS, KEY_FRIENDS_PREFIX, KEY_GUEST_PREFIX, FriendsTable, ice_servers
from .html import describe_error
from .i18n import game_title, norm_lang, pick_lang, t
from .page import (
    BACK,
    HUMAN,
    SavedGame,
    Setup,
    TableExtras,
    hint_text,
    lobby_html,
    player_names,
    privacy_html,
    replay_html,
    saves_list,
    table_html,
)
from .remote import GuestSession, guest_names
from .session import ReplaySession, TableSession
from .tutorial_ui import KEY_PREFIX as TUTORIAL_KEY
from .tutorial_ui import TutorialRun, has_tutorial, learn_button, lesson_status, read_saved, tutorial_box

KEY_LANG = "pygames.lang"
KEY_SAVE = "pygames.save"          # the single save of earlier versions: moved into the list
KEY_SAVES = "pygames.saves"        # JSON list of save ids, newest first
KEY_SAVE_PREFIX = "pygames.save."  # + id: one game record (with "saved_at", ms since 1970)
KEY_SETUP = "pygames.setup"
KEY_SETTINGS = "pygames.settings"
KEY_OPEN = "pygames.open"          # the save id of the table on the screen (a reload reopens it)
KEY_LOBBY_SAVES = "pygames.lobby-saves"  # {"lang", "html"}: the saves list last shown (site/boot.js)
MAX_SAVES = 20
MAX_IMPORT_BYTES = 2_000_000

BOT_SPEEDS = {"instant": 0, "normal": 600, "slow": 1500}
DEFAULT_SETTINGS = {"speed": "normal", "animations": True, "name": "", "ice": "", "answer_timer": "off"}
PANELS = ("rules", "cards", "settings")
AUTO_PASS_MS = 900  # how long the note "nothing in your hand can answer: passing" stays before the pass


def _at_once(action: Action) -> Generator[None, None, Action]:
    """A "thinking" generator that decides at once (the table's own pass)."""
    return action
    yield  # makes this a generator


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


class App(FriendsTable):
    def __init__(self, storage: Storage | None = None, seed: Callable[[], int | str] = new_seed,
                 clock: Callable[[], float] = time.time, dates: Dates | None = None,
                 preferred_langs: list[str] | tuple[str, ...] = (), art_apart: bool = False,
                 page_url: str = "", random_below: Callable[[int], int] | None = None,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        """``dates``: how dates are shown (the player's zone and format); ``preferred_langs``:
        the browser's languages (``navigator.languages``), used when the user has not chosen one yet;
        ``art_apart``: screens carry no art sheet, the page keeps ``art_game()``'s sheet itself;
        ``page_url``: this page's address without its fragment (invite links point there);
        ``random_below``: where tickets and secrets come from; ``monotonic``: the links' clock."""
        self.art_apart = art_apart
        #: a bot pace fixed by the page (site/main.py: ?botdelay= or storage), shown in Settings
        self.fixed_bot_delay_ms: int | None = None
        self.storage = storage if storage is not None else MemoryStorage()
        self.dates: Dates = dates if dates is not None else PythonDates()  # the player's zone and format
        self.seed = seed
        self.clock = clock
        self.lang = pick_lang(self.storage.get(KEY_LANG), preferred_langs)
        self.settings = self._remembered_settings()
        self.setup: Setup | None = self._remembered_setup()
        self.session: TableSession | None = None
        self.save_id: str | None = None  # the storage id of the game at the table
        self.replay: ReplaySession | None = None
        self.panel: str | None = None  # rules | cards | settings: a dialog over the screen
        self.card_filter = ""
        self.hint: dict | None = None  # {"action", "top"} for the current decision
        self.hint_busy = False
        self.notice: str | None = None
        self.revealed: int | None = None  # hot seat: the human seat whose cards are on screen
        self.epoch = 0  # changes whenever the table changes; bot loops of an old epoch stop
        self.page_url = page_url
        self.random_below = random_below or random.SystemRandom().randrange
        self.monotonic = monotonic
        self.net: HostNet | None = None         # this device hosts friends at its table
        self.guest: GuestNet | None = None      # this device is a friend's at a table hosted elsewhere
        self.guest_session: GuestSession | None = None
        self.reply_text = ""                    # the reply being pasted (host)
        self.friend_notice: str | None = None
        self._commands: list[dict] = []         # for the page: WebRTC and channel work (net_commands)
        self.tutorial: TutorialRun | None = None  # a guided first game at the table (tutorial_ui.py)
        self.unsaved = False  # a table played on from a lesson: no record can replay its deal
        self.confirm_delete: str | None = None  # the saved game whose Delete asks "delete it?"
        self._migrate_single_save()
        self._reopen_table()

    # ------------------------------------------------------------------ what to show
    @property
    def screen(self) -> str:
        if self.replay is not None:
            return "replay"
        if self.guest is not None:
            return "table" if self.guest_session is not None else "join"
        return "table" if self.session is not None else "lobby"

    def phase(self) -> str:
        """lobby | replay | join | human | bot | remote | over | privacy: what the page waits for
        ("remote": a person on another device decides; "join": a friend's device pairing)."""
        if self.replay is not None:
            return "replay"
        if self.guest is not None:
            guest = self.guest_session
            if guest is None:
                return "join"
            return "over" if guest.is_over() else "human" if guest.human_turn() else "remote"
        session = self.session
        if session is None:
            return "lobby"
        if session.is_over():
            return "over"
        if session.bot_turn() or session.auto_pass() is not None:
            if self.tutorial is not None and self.tutorial.current() is not None and not self.tutorial.bot_to_move():
                return "human"  # a lesson's note the player reads ("Next") before the bot answers
            return "bot"  # a bot's move, or the table passing for a human (the glue runs both alike)
        if session.remote_turn():
            return "remote"
        if self.needs_privacy():
            return "privacy"
        return "human"

    def names(self) -> list[str]:
        if self.guest_session is not None:
            return guest_names(self.guest_session, self.lang)
        if self.session is None:
            return []
        return player_names(self.session.seats, self.lang, given=self.net.names() if self.net else None)

    def needs_privacy(self) -> bool:
        session = self.session
        if session is None or not session.human_turn():
            return False
        if sum(1 for s in session.seats if s == HUMAN) < 2:
            return False
        return self.revealed != session.mover()

    def art_game(self) -> str | None:
        """The game whose art sheet (``page.art_defs``) the screen's pictures use, if any: the
        table's or the replay's game, or the lobby's chosen game while its card reference is open."""
        if self.replay is not None:
            return self.replay.game.id
        if self.guest_session is not None:
            return self.guest_session.game.id
        if self.session is not None:
            return None if self.needs_privacy() else self.session.game.id
        if self.setup is not None and self.panel in ("rules", "cards"):
            return self.setup.game_id
        return None

    def render(self) -> str:
        extras = TableExtras(panel=self.panel, card_filter=self.card_filter, settings=self.settings,
                             art_apart=self.art_apart, confirm_delete=self.confirm_delete,
                             fixed_bot_delay_ms=self.fixed_bot_delay_ms)
        if self.replay is not None:
            return replay_html(self.replay, self.lang, extras)
        if self.guest is not None:
            return self._render_guest(extras)
        if self.session is None:
            saves = self.saved_games()
            self._keep_lobby_saves(saves)
            extras.lessons = {g: self._learn(g) for g in INFOS if has_tutorial(g)}
            if self.setup is not None:
                extras.learn = self._learn(self.setup.game_id)
            return lobby_html(self.lang, self.setup, saves, self.notice, extras)
        mover = self.session.mover()
        if self.needs_privacy() and mover is not None:
            return privacy_html(self.session, self.lang, self.names(), mover, can_undo=self.can_undo())
        extras.undo_state = self.undo_state()
        extras.can_undo = extras.undo_state == "undo_hint"
        extras.can_hint = self.can_hint()
        extras.hint_busy = self.hint_busy
        if self.hint is not None:
            extras.hint = hint_text(self.session, self.hint, self.lang, self.names())
            extras.hint_key = self.hint_first_key()
        extras.recordable = self.tutorial is None and not self.unsaved
        if self.tutorial is None and self.net is None:  # the rules dialog offers the table's game's lesson
            extras.learn = self._learn(self.session.game.id)
        if self.tutorial is not None:
            extras.tutorial = tutorial_box(self.tutorial, self.lang, self.session.is_over(),
                                           self.tutorial.asked_label(self.session, self.lang, self.names()))
            extras.hint_key = self.tutorial.hint_key(self.session)
            extras.lesson_status = lesson_status(self.tutorial, self.lang)
        if self.net is not None:
            extras.friends = host_panel(self.net, self.names(), self.page_url, self.reply_text,
                                        self.friend_notice, self.lang)
        return table_html(self.session, self.lang, self.names(), extras)

    # ------------------------------------------------------------------ saves
    def save_ids(self) -> list[str]:
        raw = self.storage.get(KEY_SAVES)
        try:
            ids = json.loads(raw) if raw else []
        except ValueError:
            return []
        return [i for i in ids if isinstance(i, str)] if isinstance(ids, list) else []

    def _set_save_ids(self, ids: list[str]) -> None:
        self.storage.set(KEY_SAVES, json.dumps(ids))

    def saved_games(self) -> list[SavedGame]:
        """Every saved game, newest first: a summary, or why it cannot be continued."""
        result = []
        for save_id in self.save_ids():
            raw = self.storage.get(KEY_SAVE_PREFIX + save_id)
            if raw is None:
                continue
            try:
                record = parse_record(raw)
            except Exception as exc:
                result.append(SavedGame(error=describe_error(exc), save_id=save_id))
                continue
            saved_at = record.get("saved_at")
            if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool):
                saved_at = None
            round_ = record.get("round")
            result.append(SavedGame(record["game"], record["num_players"], len(record["actions"]),
                                    save_id=save_id, seats=list(record["seats"]), saved_at=saved_at,
                                    date_text=self.dates.text(saved_at, self.lang) if saved_at is not None else "",
                                    round=round_ if type(round_) is int else None))
        return result

    def saved_game(self) -> SavedGame | None:
        """The newest saved game (or None)."""
        games = self.saved_games()
        return games[0] if games else None

    def _keep_lobby_saves(self, saves: list[SavedGame]) -> None:
        """Keep the saves list's markup as the lobby shows it now, so that the next page load can put
        it into the pre-rendered lobby before Python runs (site/boot.js): the saves are there at
        first paint and the live lobby replaces identical markup. Written only when it changed."""
        wanted = json.dumps({"lang": self.lang, "html": saves_list(saves, self.lang) if saves else ""},
                            ensure_ascii=False)
        if self.storage.get(KEY_LOBBY_SAVES) != wanted:
            self.storage.set(KEY_LOBBY_SAVES, wanted)

    def saved_record(self, save_id: str) -> str | None:
        return self.storage.get(KEY_SAVE_PREFIX + save_id)

    def _new_save_id(self) -> str:
        ids = set(self.save_ids())
        base = f"{int(self.clock() * 1000):x}"
        n = 0
        while f"{base}-{n}" in ids:
            n += 1
        return f"{base}-{n}"

    def _store(self, save_id: str, record: dict, round_: int | None = None) -> None:
        """Keep a record with the time it was saved and, for the lobby, the game's round then
        (extra keys a record may carry; replaying the record does not need them)."""
        record = dict(record, saved_at=int(self.clock() * 1000))
        if round_ is not None:
            record["round"] = round_
        self.storage.set(KEY_SAVE_PREFIX + save_id, json.dumps(record, separators=(",", ":")))
        ids = [save_id] + [i for i in self.save_ids() if i != save_id]
        for old in ids[MAX_SAVES:]:
            self.storage.remove(KEY_SAVE_PREFIX + old)
        self._set_save_ids(ids[:MAX_SAVES])

    def _delete(self, save_id: str) -> None:
        self.storage.remove(KEY_SAVE_PREFIX + save_id)
        self.storage.remove(KEY_FRIENDS_PREFIX + save_id)
        self._set_save_ids([i for i in self.save_ids() if i != save_id])
        if self.storage.get(KEY_LOBBY_SAVES) is not None:  # a finished game leaves the kept list at once
            self._keep_lobby_saves(self.saved_games())

    def _migrate_single_save(self) -> None:
        raw = self.storage.get(KEY_SAVE)
        if raw is None:
            return
        save_id = self._new_save_id()
        self.storage.set(KEY_SAVE_PREFIX + save_id, raw)
        self._set_save_ids([save_id] + self.save_ids())
        self.storage.remove(KEY_SAVE)

    def export_record(self) -> tuple[str, str]:
        """(file name, JSON text) of the game at the table or in replay."""
        if self.tutorial is not None or self.unsaved:
            raise ValueError("a lesson's deal has no record to export")
        source = self.replay if self.replay is not None else self.session
        if source is None:
            raise ValueError("no game to export")
        record = source.record()
        stamp = self.dates.stamp(self.clock() * 1000)
        return f"pygames-{record['game']}-{stamp}.json", json.dumps(record, indent=1)

    def import_record(self, text: str) -> bool:
        """A record file chosen by the user: a game in progress goes to the table (and the saves),
        a finished one to the replay. Anything wrong: a message in the lobby, nothing else changes."""
        try:
            if len(text) > MAX_IMPORT_BYTES:
                raise ValueError("the file is too large to be a game record")
            session = TableSession.from_record(text)
        except Exception as exc:
            self.notice = t("import_failed", self.lang, reason=describe_error(exc))
            return False
        if session.is_over():
            self._close()
            self.replay = ReplaySession.from_session(session)
            self.epoch += 1
            return True
        self._open(session)
        self.save_id = self._new_save_id()
        self._save()
        self.storage.set(KEY_OPEN, self.save_id)
        self._start_friends()
        return True

    # ------------------------------------------------------------------ events
    def action(self, name: str, value: str = "") -> None:
        """A shell control was clicked (``data-action`` / ``data-value``): its handler from PAGE_ACTIONS."""
        handler = PAGE_ACTIONS.get(name)
        if handler is None:
            raise ValueError(f"unknown page action {name!r}")
        handler(self, value)

    def change(self, name: str, value: str, checked: bool | None = None, seat: str | None = None) -> None:
        """A form field changed: language, settings, card filter, replay step or viewpoint,
        player count, a seat's controller, an option."""
        if name == "lang":
            self.lang = norm_lang(value)
            self.storage.set(KEY_LANG, self.lang)
            return
        if name == "speed":
            if value not in BOT_SPEEDS:
                raise ValueError(f"unknown bot speed {value!r}")
            self._set_setting("speed", value)
            return
        if name == "animations":
            self._set_setting("animations", bool(checked))
            return
        if name == "card-filter":
            self.card_filter = value[:60]
            return
        if name == "friend-reply":
            self.reply_text = value[:4000]
            return
        if name == "player-name":
            self._set_setting("name", clean_name(value))
            return
        if name == "answer_timer":
            if value not in ANSWER_TIMERS:
                raise ValueError(f"unknown answer timer {value!r}")
            self._set_setting("answer_timer", value)
            if self.net is not None:
                self.net.answer_s = ANSWER_TIMERS[value]
            return
        if name == "ice":
            ice_servers(value)  # refuse what is not a server line, before keeping it
            self._set_setting("ice", value[:2000])
            return
        if name == "replay-step":
            if self.replay is not None:
                self.replay.go(int(value))
            return
        if name == "replay-seat":
            if self.replay is not None:
                self.replay.set_seat(None if value == "" else int(value))
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
        """A human clicked a choice (``data-choice``); plays the move once its clicks are complete
        (on a friend's device: sends it to the host, who plays it)."""
        if self.guest_session is not None:
            if key == BACK:
                self.guest_session.back()
                return None
            action = self.guest_session.click(key)
            if action is not None:
                self.hint, self.hint_busy = None, False
            return action
        session = self.session
        if session is None:
            raise ValueError("no game is being played")
        if key == BACK:
            session.back()
            return None
        if self.tutorial is not None:
            action = self.tutorial.click(session, key)
            if action is not None:
                self._moved()
            return action
        action = session.click(key)  # a hint stays while the clicks follow it (see hint_first_key)
        if action is not None:
            self._moved()
        return action

    def readout(self, what: str, status: str, choices: list[str]) -> str:
        """What a keyboard command reads out at the table on the screen (pygames.ui.readout):
        ``status`` and ``choices`` are the prompt and the choices' names as the page shows them."""
        from .readout import for_session
        session = self.guest_session if self.guest_session is not None else self.session
        if self.replay is not None:
            session = None
        if session is None or self.needs_privacy():
            return status
        return for_session(what, session, self.lang, self.names(), status, choices)

    # ------------------------------------------------------------------ bots
    def bot_to_move(self) -> bool:
        """A bot is to move, or the table passes for a human whose only choice is "pass"
        (``TableSession.auto_pass``): the glue plays both after the bot delay."""
        session = self.session
        if session is not None and self.tutorial is not None:
            return self.tutorial.bot_to_move()  # the script's answers, and only while it has one
        return session is not None and (session.bot_turn() or session.auto_pass() is not None)

    def bot_thinking(self) -> Generator[None, None, Action]:
        assert self.session is not None
        if self.tutorial is not None:
            return _at_once(self.tutorial.bot_action())
        forced = self.session.auto_pass()
        if forced is not None:
            return _at_once(forced)
        return self.session.bot_thinking()

    def bot_played(self, action: Action) -> None:
        assert self.session is not None
        self.session.apply(action)
        if self.tutorial is not None:
            self.tutorial.bot_played()
        self._moved()

    def bot_delay_ms(self) -> int:
        delay = BOT_SPEEDS.get(self.settings["speed"], BOT_SPEEDS["normal"])
        if self.session is not None and self.session.auto_pass() is not None:
            return max(delay, AUTO_PASS_MS)  # long enough to read the note, whatever the bot speed
        return delay

    # ------------------------------------------------------------------ undo
    def can_undo(self) -> bool:
        return self.undo_state() == "undo_hint"

    def undo_state(self) -> str:
        """Why the Undo button is on or off, as the key of its tooltip: "undo_hint" when a move may be
        taken back, else the true reason (no move of yours yet, friends away, the next player has seen
        their cards, something hidden revealed since)."""
        session = self.session
        if session is None or session.is_over():
            return "undo_over"
        if self.tutorial is not None:
            return "undo_lesson"  # a lesson's moves are its script's: "Restart lesson" goes back
        humans = session.humans()
        if not any(m in humans for m in session.movers):
            return "undo_none"  # nothing of yours to take back yet (the game's start)
        if session.has_friends() and (self.net is None or not self.net.can_ask_undo()):
            return "undo_friends"  # with friends, undo asks every one of them: all must be there to answer
        point = session.undo_point()
        if point is None:
            return "undo_blocked"
        seat = session.movers[point]
        # hot seat: once the next human has seen their cards, the move stands
        mover = session.mover()
        if mover is not None and session.human_turn() and mover != seat and self.revealed == mover \
                and len(humans) > 1:
            return "undo_seen"
        return "undo_hint"

    # ------------------------------------------------------------------ hint
    def can_hint(self) -> bool:
        return (self.session is not None or self.guest_session is not None) and self.phase() == "human" \
            and self.tutorial is None  # a lesson highlights the move it asks for

    def hint_wanted(self) -> bool:
        """The page should compute a hint now (the human asked for one)."""
        return self.hint_busy and self.can_hint()

    def hint_thinking(self) -> Generator[None, None, dict]:
        from ..bots.hint import hint_thinking
        guest = self.guest_session
        if guest is not None:  # worked out on this device, from this seat's view only
            assert guest.human_turn() and guest.net.table is not None
            return hint_thinking(guest.game, guest.view(), guest.legal(), guest.seat,
                                 seed=f"hint/{guest.net.invite.table}/{guest.net.table['rev']}")
        session = self.session
        assert session is not None and session.human_turn()
        seat = session.mover()
        assert seat is not None
        view = session.game.view(session.state, seat)
        return hint_thinking(session.game, view, session.game.legal_actions(session.state), seat,
                             seed=f"hint/{session.seed}/{len(session.actions)}")

    def hint_done(self, result: dict, epoch: int) -> None:
        self.hint_busy = False
        if epoch == self.epoch and self.can_hint():
            self.hint = result

    def hint_first_key(self) -> str | None:
        """The next click of the hinted move (given the clicks made so far), if it is on screen."""
        session = self.guest_session or self.session
        if self.hint is None or session is None:
            return None
        picker = session.picker()
        if picker is None:
            return None
        return picker.next_step(self.hint["action"])

    def thinking_seat(self) -> int | None:
        return self.session.mover() if self.session is not None and self.bot_to_move() else None

    # ------------------------------------------------------------------ handlers
    def _do_undo(self, _value: str = "") -> None:
        if not self.can_undo():
            return
        if self.net is not None:  # every friend must agree first (_undo_agreed)
            self.net.ask_undo(self.settings["name"] or t("the_host", self.lang))
            self.friend_notice = t("undo_asked", self.lang)
            return
        self._undo_now()

    def _undo_agreed(self) -> None:
        session = self.session
        if session is not None and not session.is_over() and session.undo_point() is not None:
            self._undo_now()
            self.friend_notice = t("undo_done", self.lang)
            if self.net is not None:
                self.net.publish()

    def _undo_now(self) -> None:
        assert self.session is not None
        seat = self.session.undo()
        self.revealed = seat
        self.hint = None
        self.hint_busy = False
        self.epoch += 1
        self._save()

    def _do_hint(self, _value: str = "") -> None:
        if self.can_hint() and self.hint is None:
            self.hint_busy = True

    def _do_panel(self, value: str) -> None:
        if value not in PANELS:
            raise ValueError(f"unknown panel {value!r}")
        self.panel = value

    def _do_close_panel(self, _value: str = "") -> None:
        self.panel = None

    def _do_card_kind(self, value: str) -> None:
        self.card_filter = value[:60]

    def _do_replay(self, _value: str = "") -> None:
        """Replay the game at the table (usually a finished one)."""
        if self.session is None:
            return
        replay = ReplaySession.from_session(self.session)
        self._close()
        self.replay = replay
        self.epoch += 1

    def _do_replay_step(self, value: str) -> None:
        if self.replay is None:
            return
        moves = {"first": 0, "prev": self.replay.step - 1, "next": self.replay.step + 1,
                 "last": self.replay.total}
        self.replay.go(moves[value] if value in moves else int(value))

    def _do_replay_exit(self, _value: str = "") -> None:
        self.replay = None
        self.epoch += 1

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
        self.save_id = self._new_save_id()
        self._save()
        self.storage.set(KEY_OPEN, self.save_id)
        self._start_friends()

    def _do_continue(self, value: str = "") -> None:
        save_id = value or next(iter(self.save_ids()), None)
        raw = self.saved_record(save_id) if save_id else None
        if raw is None or save_id is None:
            return
        try:
            session = TableSession.from_record(raw)
        except Exception as exc:
            self._delete(save_id)
            self.notice = t("save_damaged", self.lang, reason=describe_error(exc)) + " " + \
                t("save_discarded", self.lang)
            return
        self.setup = Setup.from_json({"game_id": session.game.id, "num_players": session.num_players,
                                      "seats": session.seats, "options": {}}) or self.setup
        self._open(session)
        self.save_id = save_id
        self.storage.set(KEY_OPEN, save_id)
        self._start_friends()

    def _do_discard(self, value: str = "") -> None:
        save_id = value or next(iter(self.save_ids()), None)
        if save_id is not None:
            self._delete(save_id)
        self.confirm_delete = None
        self.notice = t("save_discarded", self.lang)

    def _do_discard_ask(self, value: str = "") -> None:
        """Delete pressed: the saved game asks first (Yes, delete / Keep it)."""
        self.confirm_delete = value or None

    def _do_discard_cancel(self, _value: str = "") -> None:
        self.confirm_delete = None

    def _reopen_table(self) -> None:
        """A reload mid-game reopens the table that was open (KEY_OPEN names its save), not the lobby."""
        save_id = self.storage.get(KEY_OPEN)
        if save_id and save_id in self.save_ids():
            self._do_continue(save_id)
        if self.session is None:
            self.storage.remove(KEY_OPEN)

    def _do_lobby(self, _value: str = "") -> None:
        self.storage.remove(KEY_OPEN)
        self._close()
        self.notice = None
        self.epoch += 1

    def _do_rematch(self, _value: str = "") -> None:
        session = self.session if self.session is not None else self.replay
        if session is None:
            return
        self.setup = Setup(session.game.id, session.num_players, list(session.seats), dict(session.options))
        self._do_start()

    # ------------------------------------------------------------------ lessons (tutorial_ui.py)
    def _tutorial_saved(self, game_id: str) -> tuple[int, bool] | None:
        return read_saved(self.storage.get(TUTORIAL_KEY + game_id))

    def _learn(self, game_id: str) -> str:
        info = INFOS.get(game_id)
        title = game_title(info, self.lang) if info is not None else game_id
        return learn_button(game_id, self.lang, self._tutorial_saved(game_id), title)

    def _do_learn(self, game_id: str) -> None:
        """Open the game's lesson where the player left it (or at its start)."""
        if not has_tutorial(game_id):
            raise ValueError(f"no lesson for {game_id!r}")
        step, told = self._tutorial_saved(game_id) or (0, False)
        run, session = TutorialRun.start(game_id, step, told)
        self._open(session)
        self.tutorial = run

    def _do_tutorial_next(self, _value: str = "") -> None:
        if self.tutorial is not None:
            self.tutorial.read()
            self._save()

    def _do_tutorial_restart(self, _value: str = "") -> None:
        if self.tutorial is not None:
            game_id = self.tutorial.tutorial.game_id
            self.storage.remove(TUTORIAL_KEY + game_id)
            self._do_learn(game_id)

    def _do_tutorial_play_on(self, _value: str = "") -> None:
        """The lesson's position becomes an ordinary game against the bots (not saved: a record
        replays from a seed, and this deal is the lesson's)."""
        if self.tutorial is not None and self.session is not None:
            self.storage.remove(TUTORIAL_KEY + self.tutorial.tutorial.game_id)
            self.tutorial = None
            self.unsaved = True
            self.epoch += 1  # the bot loop of the lesson stops; the table's bots take over

    def _do_reveal(self, _value: str = "") -> None:
        if self.session is not None and self.session.human_turn():
            self.revealed = self.session.mover()

    # ------------------------------------------------------------------ internals
    def _open(self, session: TableSession) -> None:
        self._close()
        self.session = session
        self.notice = None
        self.epoch += 1

    def _close(self) -> None:
        if self.guest is not None:
            self.guest.leave()  # "bye", so the host sees the seat free at once, then close
            self._commands.extend(self.guest.commands)
        if self.net is not None:
            self._commands.extend(self.net.commands)
            self._commands.extend({"op": "close", "conn": f.conn} for f in self.net.friends.values() if f.conn)
        self.net = None
        self.guest = None
        self.guest_session = None
        self.reply_text = ""
        self.friend_notice = None
        self.session = None
        self.save_id = None
        self.tutorial = None
        self.unsaved = False
        self.replay = None
        self.revealed = None
        self.hint = None
        self.hint_busy = False
        self.panel = None if self.panel != "settings" else self.panel

    def _moved(self) -> None:
        self.hint = None
        self.hint_busy = False
        self.friend_notice = None
        if self.net is not None:
            self.net.refusal = None
        if self.session is not None and self.session.is_over():
            if self.save_id is not None:
                self._delete(self.save_id)
        else:
            self._save()
        if self.net is not None:
            self.net.publish()

    def _save(self) -> None:
        if self.tutorial is not None:  # a lesson keeps the step reached (its position replays from it)
            key = TUTORIAL_KEY + self.tutorial.tutorial.game_id
            if self.tutorial.finished():
                self.storage.remove(key)
            else:
                self.storage.set(key, self.tutorial.saved())
            return
        if self.unsaved:
            return
        if self.session is not None:
            if self.save_id is None:
                self.save_id = self._new_save_id()
            round_ = self.session.state.get("round")
            self._store(self.save_id, self.session.record(), round_ if type(round_) is int else None)

    def _set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value
        self.storage.set(KEY_SETTINGS, json.dumps(self.settings))

    def _remembered_settings(self) -> dict:
        settings = dict(DEFAULT_SETTINGS)
        try:
            data = json.loads(self.storage.get(KEY_SETTINGS) or "{}")
        except ValueError:
            return settings
        if isinstance(data, dict):
            if data.get("speed") in BOT_SPEEDS:
                settings["speed"] = data["speed"]
            if isinstance(data.get("animations"), bool):
                settings["animations"] = data["animations"]
            if isinstance(data.get("name"), str):
                settings["name"] = clean_name(data["name"])
            if data.get("answer_timer") in ANSWER_TIMERS:
                settings["answer_timer"] = data["answer_timer"]
            if isinstance(data.get("ice"), str):
                settings["ice"] = data["ice"][:2000]
        return settings

    def _remembered_setup(self) -> Setup | None:
        raw = self.storage.get(KEY_SETUP)
        setup = Setup.from_json(raw) if raw else None
        if setup is None and len(GAMES) == 1:
            setup = Setup.default(next(iter(GAMES)))
        return setup


#: every shell control of the page (``data-action``) and what it does
PAGE_ACTIONS: dict[str, Callable[[App, str], None]] = {
    "undo": App._do_undo, "hint": App._do_hint, "panel": App._do_panel, "close-panel": App._do_close_panel,
    "card-kind": App._do_card_kind, "replay": App._do_replay, "replay-step": App._do_replay_step,
    "replay-exit": App._do_replay_exit, "select-game": App._do_select_game, "start": App._do_start,
    "continue": App._do_continue, "discard": App._do_discard,
    "discard-ask": App._do_discard_ask, "discard-cancel": App._do_discard_cancel,
    "lobby": App._do_lobby, "rematch": App._do_rematch,
    "reveal": App._do_reveal,
    "learn": App._do_learn, "tutorial-next": App._do_tutorial_next, "tutorial-restart": App._do_tutorial_restart,
    "tutorial-play-on": App._do_tutorial_play_on,
    # play with friends
    "friend-connect": App._do_friend_connect, "friend-invite": App._do_friend_invite,
    "friend-anyone": App._do_friend_anyone, "friend-bot": App._do_friend_bot, "join": App._do_join,
    "undo-yes": App._do_undo_yes, "undo-no": App._do_undo_no, "flash": App._do_flash,
}


__all__ = ["App", "BOT_SPEEDS", "KEY_FRIENDS_PREFIX", "KEY_GUEST_PREFIX", "KEY_LANG", "KEY_LOBBY_SAVES", "KEY_SAVE",
           "KEY_SAVES", "KEY_SAVE_PREFIX", "KEY_SETTINGS", "KEY_SETUP", "MemoryStorage", "Storage", "describe_error",
           "ice_servers"]
