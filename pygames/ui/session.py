"""A game at the table, independent of the browser.

``TableSession`` holds the record (seed, options, seats, actions) and the
current state, asks bots for their moves, and turns a human's clicks into
actions through the game's click paths. The browser glue only forwards clicks
and puts the markup from ``pygames.ui.page`` into the page.
"""

from __future__ import annotations

import importlib
from collections.abc import Generator
from types import ModuleType
from typing import Any

from .. import get_game
from ..bots import Bot, make_bot
from ..core import Action, IllegalAction, RecordError, Rng, make_record, parse_record, strict_equal
from ..core.record import PEOPLE, SEAT_KINDS
from .picker import Picker, game_picker, take_click


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
            seat: make_bot(kind, f"{seed}/bot{seat}") for seat, kind in enumerate(seats) if kind not in PEOPLE}
        self._picker: Picker | None = None
        self.last_human: int | None = next((i for i, s in enumerate(seats) if s == "human"), None)
        self.movers: list[int | None] = []  # who played each action
        self.history: list = [self.state]  # the state before each action, and the current one
        self._undo_cache: tuple[int, int | None] | None = None
        for index, action in enumerate(actions or []):
            try:
                self.apply(action)
            except IllegalAction as exc:
                raise RecordError(f"move {index + 1} of the record does not replay: {exc}") from None

    # ------------------------------------------------------------ records
    @classmethod
    def from_record(cls, record: Any) -> TableSession:
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
        return mover is not None and self.seats[mover] not in PEOPLE

    def remote_turn(self) -> bool:
        """A friend on another device is to decide (``pygames.net.host``)."""
        mover = self.mover()
        return mover is not None and self.seats[mover] == "friend"

    def has_friends(self) -> bool:
        return "friend" in self.seats

    def winners(self) -> list[int]:
        return self.game.winners(self.state)

    def set_seat_kind(self, seat: int, kind: str) -> None:
        """A seat changes hands mid-game (a friend's seat handed to a bot): the record says so from now on."""
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r}")
        self.seats[seat] = kind
        self.bots.pop(seat, None)
        if kind not in PEOPLE:
            self.bots[seat] = make_bot(kind, f"{self.seed}/bot{seat}")
        self._picker = None

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
        self.movers.append(mover)
        self.history.append(self.state)
        if mover is not None and self.seats[mover] == "human":
            self.last_human = mover
        self._picker = None

    def auto_pass(self) -> Action | None:
        """The pass the table makes by itself for the human to move (else None).

        When "pass" is a human seat's only legal action (Great Houses asks every seat that might
        hold an answer in an event window, on public information: the hand decides) and no other
        human plays at this table, the table passes for them after a short note: that shows nobody
        anything. With several humans at one device (hot seat) it never does, since whether the
        table waited would tell the others whether that hand could answer (docs/rules/houses.md).
        """
        if not self.human_turn() or len(self.humans()) > 1 or self.has_friends():
            return None  # with friends at other devices too: how fast the table passed would tell them
        legal = self.game.legal_actions(self.state)
        if len(legal) == 1 and legal[0].get("type") == "pass":
            return legal[0]
        return None

    def picker(self) -> Picker | None:
        """The click paths for the human to move (None when it is not a human's turn, or the
        table passes for them: ``auto_pass``)."""
        if not self.human_turn() or self.auto_pass() is not None:
            return None
        if self._picker is None:
            view = self.game.view(self.state, self.mover())
            self._picker = game_picker(self.game.legal_actions(self.state), view, self.render)
        return self._picker

    def click(self, key: str) -> Action | None:
        """A human's click on a choice; plays the action once its path is complete."""
        action = take_click(self.picker(), key, "it is not a human player's turn")
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

    # ------------------------------------------------------------ undo
    def humans(self) -> list[int]:
        """The seats played by people at this device."""
        return [i for i, kind in enumerate(self.seats) if kind == "human"]

    def undo_point(self) -> int | None:
        """How many actions stay after an undo, or None when undo is not allowed.

        The rule (docs/architecture.md, "Undo"): undo goes back to the last decision of a
        human seat h, provided h has learnt nothing hidden since, apart from the moves
        the bots chose: no log entry private to h appeared, and h's view now follows from
        h's view then and the moves made since. That is checked by replaying those moves
        on states re-dealt from h's old view (skipping re-deals where a bot's move is
        impossible): any difference in h's view means something hidden was shown, such
        as a drawn card, a card revealed by a challenge or a random event. With several
        humans (hot seat) only while no other human has moved since.
        """
        if self._undo_cache is not None and self._undo_cache[0] == len(self.actions):
            return self._undo_cache[1]
        point = self._compute_undo_point()
        self._undo_cache = (len(self.actions), point)
        return point

    def _compute_undo_point(self) -> int | None:
        humans = self.humans()
        k = next((i for i in range(len(self.actions) - 1, -1, -1)
                  if self.movers[i] in humans and not self._auto_passed(i)), None)
        if k is None:
            return None
        seat = self.movers[k]
        assert seat is not None  # a human's move
        people = [i for i, kind in enumerate(self.seats) if kind in PEOPLE]  # friends on other devices too
        if any(m in people and m != seat for m in self.movers[k + 1:]):
            return None
        before = self.history[k]
        # entries private to h from later moves (those of h's own move are checked below)
        old_log = len(self.history[k + 1].get("log", []))
        for entry in self.state.get("log", [])[old_log:]:
            if entry.get("to") is not None and seat in entry["to"]:
                return None
        old_view = self.game.view(before, seat)
        now_view = self.game.view(self.state, seat)
        now_new = now_view.get("log", [])[len(old_view.get("log", [])):]
        matched = 0
        for attempt in range(UNDO_ATTEMPTS):
            rng = Rng(f"undo/{self.seed}/{k}/{attempt}")
            try:
                state = self.game.sample_state(old_view, seat, rng)
                sample_old = len(self.game.view(state, seat).get("log", []))
            except Exception:
                return None
            try:
                for action in self.actions[k:]:
                    state = self.game.apply(state, action)
            except IllegalAction:
                continue  # this re-deal cannot have led to the moves made: draw another
            view = self.game.view(state, seat)
            if not strict_equal(_without_log(view), _without_log(now_view)) or \
                    not strict_equal(view.get("log", [])[sample_old:], now_new):
                return None
            matched += 1
            if matched == UNDO_SAMPLES:
                break
        if matched == 0:
            return None
        return k

    def _auto_passed(self, index: int) -> bool:
        """Action ``index`` was a pass the table made by itself (not a decision to take back)."""
        if len(self.humans()) > 1:
            return False
        legal = self.game.legal_actions(self.history[index])
        return len(legal) == 1 and legal[0].get("type") == "pass"

    def undo(self) -> int:
        """Go back to the last allowed decision point (rebuilt from the record); returns the seat to move."""
        point = self.undo_point()
        if point is None:
            raise IllegalAction("nothing can be taken back now")
        seat = self.movers[point]
        del self.actions[point:]
        del self.movers[point:]
        del self.history[point + 1:]
        self.state = self.history[point]
        self._picker = None
        self._undo_cache = None
        assert seat is not None  # undo points are moves of a person
        return seat


def _without_log(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "log"}


#: re-dealt states an undo check compares (more catches more, each costs a replay), and how many
#: re-deals it may draw to find them (a re-deal where a bot's move is impossible is skipped)
UNDO_SAMPLES = 4
UNDO_ATTEMPTS = 24


class ReplaySession:
    """A game record stepped through move by move: the state after ``step`` actions,
    seen by a spectator (public information only) or by one chosen seat.

    It offers what ``pygames.ui.page`` reads of a table (game, render, seats, state,
    view, viewer, picker, mover...), with no choices: nobody moves in a replay."""

    def __init__(self, game_id: str, num_players: int, seed: int | str, options: dict | None,
                 seats: list[str], actions: list[Action], states: list | None = None) -> None:
        from ..core import replay
        self.game = get_game(game_id)
        self.render = game_module(game_id, "render")
        self.num_players = num_players
        self.seed = seed
        self.options = dict(options or {})
        self.seats = list(seats)
        self.actions = list(actions)
        if states is None:
            record = make_record(self.game, num_players, seed, self.options, self.seats, [])
            states = [replay(record)]
            for action in self.actions:
                states.append(self.game.apply(states[-1], action))
        self.states = states
        self.total = len(self.actions)
        self.step = self.total
        self.seat: int | None = None

    @classmethod
    def from_session(cls, session: TableSession) -> ReplaySession:
        return cls(session.game.id, session.num_players, session.seed, session.options, session.seats,
                   session.actions, list(session.history))

    def record(self) -> dict:
        return make_record(self.game, self.num_players, self.seed, self.options, self.seats, self.actions)

    def go(self, step: int) -> None:
        self.step = max(0, min(self.total, int(step)))

    def set_seat(self, seat: int | None) -> None:
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat}")
        self.seat = seat

    @property
    def state(self) -> dict:
        return self.states[self.step]

    def mover(self) -> int | None:
        return self.game.current_player(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def human_turn(self) -> bool:
        return False

    def bot_turn(self) -> bool:
        return False

    def remote_turn(self) -> bool:
        return False

    def winners(self) -> list[int]:
        return self.game.winners(self.state)

    def viewer(self) -> int | None:
        return self.seat

    def view(self) -> dict:
        return self.game.view(self.state, self.seat)

    def picker(self) -> None:
        return None

    def auto_pass(self) -> None:
        return None

    def last_action(self) -> Action | None:
        return self.actions[self.step - 1] if self.step else None
