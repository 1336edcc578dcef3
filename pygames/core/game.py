"""The engine contract (docs/contract.md) as a base class.

A game subclasses :class:`Game` and fills in the underscore hooks. The base
class owns everything every game must do the same way: argument checks,
"apply never mutates its argument", "an illegal action changes nothing",
the versioned dict form, and log filtering for views.

States are plain JSON-able data (dicts, lists, str, int, bool, None) so that
copying is one ``marshal`` round trip and ``to_dict`` is lossless.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction, RecordError, SetupError
from .options import normalize_options
from .rng import _MASK, Rng, seed_to_int

Action = dict[str, Any]
State = dict[str, Any]
View = dict[str, Any]


def clone(data: Any) -> Any:
    """A deep copy of plain data (fast: marshal, available in Pyodide too)."""
    return marshal.loads(marshal.dumps(data))


def clone_state(state: State) -> State:
    """A copy of a state for ``apply``: everything deep-copied except the log entries.

    Log entries are immutable once appended (games only ever append to
    ``state["log"]``), so the new state gets its own log *list* holding the same
    entry dicts. The log is most of a state's size late in a game, so this makes
    ``apply`` several times cheaper there. Key order is kept.
    """
    log = state.get("log")
    if type(log) is not list:
        return marshal.loads(marshal.dumps(state))
    rest = marshal.loads(marshal.dumps({k: v for k, v in state.items() if k != "log"}))
    return {k: (list(log) if k == "log" else rest[k]) for k in state}


def strict_equal(a: Any, b: Any) -> bool:
    """Equality that does not confuse True with 1 or 1.0 with 1."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is str or kind is int:  # the usual leaves, first
        return a == b
    if isinstance(a, dict):
        if a.keys() != b.keys():
            return False
        for key, value in a.items():  # a plain loop: this runs on every apply's action
            other = b[key]
            leaf = type(value)
            if leaf is not type(other) or not (value == other if leaf is str or leaf is int
                                               else strict_equal(value, other)):
                return False
        return True
    if isinstance(a, list):
        return len(a) == len(b) and all(strict_equal(x, y) for x, y in zip(a, b))
    return a == b


def log_visible_to(log: Sequence[dict], seat: int | None) -> list[dict]:
    """The log entries ``seat`` may see. An entry's "to" lists the seats that see it (None: everyone)."""
    return [e for e in log if e.get("to") is None or (seat is not None and seat in e["to"])]


def log_entry(key: str, to: list[int] | None = None, **params: Any) -> dict:
    """A structured log entry: text.py turns it into a sentence."""
    entry: dict[str, Any] = {"key": key, "params": params}
    if to is not None:
        entry["to"] = list(to)
    return entry


@dataclass(frozen=True)
class GameInfo:
    """What the lobby shows of a game without importing its rules: each game package's ``INFO``
    (``pygames/games/<id>/__init__.py``). The game's class takes its id, title and player
    counts from it (``info = INFO``), so they are written once."""

    id: str
    title: dict[str, str]
    min_players: int
    max_players: int
    #: the lobby's one line about the game, by language (None: pygames.ui.i18n's)
    description: dict[str, str] | None = None


class Game:
    """Base class of every game. Public methods are the fixed contract."""

    id: str = ""
    min_players: int = 2
    max_players: int = 2
    title: dict[str, str] = {}
    #: the lobby's blurb per language, when the game's INFO brings one
    description: dict[str, str] | None = None
    version: int = 1
    #: the game's lobby facts (its package's INFO); a subclass that sets it gets id, title,
    #: min_players and max_players from it
    info: GameInfo | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is not None:
            cls.id, cls.title, cls.min_players, cls.max_players = \
                info.id, info.title, info.min_players, info.max_players
            if info.description is not None:
                cls.description = info.description
        # a game with its own direct legality check: apply asks it instead of searching the list
        cls._direct_check = cls._legal_match is not Game._legal_match
        cls._rules_rng = Rng(0)

    #: the generator ``apply`` and ``advance`` hand to ``_apply``, loaded with the state's "rng"
    #: each time (one object per game class instead of one per action: _apply runs to its end
    #: before the next call, and the rules never keep the generator)
    _rules_rng: Rng = Rng(0)

    _direct_check: bool = False

    #: the key of a flag a game keeps in its states, true once the game is over (Coup: "over"), or
    #: None. With it, ``is_over`` and ``legal_actions`` read the flag instead of asking
    #: ``_current_player`` (both are asked on every step of a playout; the flag must agree with
    #: ``_current_player`` being None, which the conformance suite checks)
    over_flag: str | None = None

    # ----------------------------------------------------------------- hooks
    def _option_specs(self) -> list[dict]:
        return []

    def _setup(self, num_players: int, rng: Rng, options: dict) -> State:
        """Return the first state (without "rng"; the base class adds it)."""
        raise NotImplementedError

    def _current_player(self, state: State) -> int | None:
        raise NotImplementedError

    def _legal_actions(self, state: State) -> list[Action]:
        raise NotImplementedError

    def _apply(self, state: State, action: Action, rng: Rng) -> None:
        """Change ``state`` (a private copy) in place by a legal action."""
        raise NotImplementedError

    def _view(self, state: State, seat: int | None) -> View:
        raise NotImplementedError

    def _scores(self, state: State) -> list[float]:
        raise NotImplementedError

    def _winners(self, state: State) -> list[int]:
        raise NotImplementedError

    def _sample_state(self, view: View, seat: int, rng: Rng) -> State:
        raise NotImplementedError

    def _why_illegal(self, state: State, action: Action) -> str | None:
        """Optional: a specific reason an action is illegal."""
        return None

    def _legal_match(self, state: State, action: Action) -> Action | None:
        """Optional: the legal action equal to ``action`` (by ``strict_equal``), as a private
        copy ``_apply`` may keep, or None when ``action`` is not legal now.

        A game whose legality is quicker to check directly than by building the whole legal
        list overrides this; ``apply`` then calls it instead of searching the list. It must
        agree exactly with ``_legal_actions`` (the conformance suite checks it on every listed
        action and on near misses). ``apply`` has already checked that ``action`` is a dict
        with a string "type" and that the game is not over.
        """
        raise NotImplementedError

    def _check_state(self, state: State) -> None:
        """Optional: raise RecordError if a loaded state is inconsistent."""

    def _copy_state(self, state: State) -> State:
        """A private copy of ``state`` for ``apply`` to change in place.

        The default deep-copies everything but the (append-only) log entries. A game
        may override it with a copy that shares the parts its actions never change in
        place (card tables, finished records): the conformance suite checks at the end
        of every game that no earlier state was changed.
        """
        return clone_state(state)

    # ----------------------------------------------------------------- contract
    def option_specs(self) -> list[dict]:
        return [dict(s) for s in self._option_specs()]

    def normalize_options(self, num_players: int, options: dict | None) -> dict:
        # The specs are constant per game, and so are the default options per player count:
        # both are worked out once (every random playout and every bot's game starts here).
        specs = self.__dict__.get("_specs_once")
        if specs is None:
            specs = self._specs_once = self._option_specs()
        if options is None or (type(options) is dict and not options):
            defaults = self.__dict__.setdefault("_defaults_once", {})
            if num_players not in defaults:
                defaults[num_players] = normalize_options(specs, None, num_players)
            return dict(defaults[num_players])
        return normalize_options(specs, options, num_players)

    def setup_arguments(self, num_players: int, seed: int | str, options: dict | None = None) -> tuple[int, dict]:
        """``new_game``'s arguments, checked: (the generator's first state, the options normalized).
        Raises SetupError for a bad player count, seed or option."""
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise SetupError("num_players must be a whole number")
        if not self.min_players <= num_players <= self.max_players:
            raise SetupError(f"{self.id} is for {self.min_players} to {self.max_players} players, not {num_players}")
        try:
            start = seed_to_int(seed)
        except TypeError as exc:
            raise SetupError(str(exc)) from None
        return start, self.normalize_options(num_players, options)

    def new_game(self, num_players: int, seed: int | str, options: dict | None = None) -> State:
        start, opts = self.setup_arguments(num_players, seed, options)
        rng = Rng(start)
        state = self._setup(num_players, rng, opts)
        state["rng"] = rng.state
        return state

    def current_player(self, state: State) -> int | None:
        return self._current_player(state)

    def legal_actions(self, state: State) -> list[Action]:
        flag = self.over_flag
        if state[flag] if flag is not None else self._current_player(state) is None:
            return []
        return self._legal_actions(state)

    #: ``legal_actions`` for a bot's private simulation, to pair with ``advance``: the same list
    #: (kept as a name of its own, which the bots call, so that the two paths may differ again)
    simulation_actions = legal_actions

    def apply(self, state: State, action: Action, seat: int | None = None) -> State:
        """A new state after ``action``. With ``seat``, also checks it is that seat's turn."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(f"an action is a dict with a string 'type', not {action!r}")
        mover = self._current_player(state)
        if mover is None:
            raise IllegalAction("the game is over: no action is legal")
        if seat is not None and (type(seat) is not int or seat != mover):
            raise IllegalAction(f"it is seat {mover}'s decision, not seat {seat!r}'s")
        if self._direct_check:
            match = self._legal_match(state, action)
            legal = None
        else:
            # a game without a direct check: its list, rebuilt (a caller may have changed the
            # list it was given), and the entry found is copied below before _apply keeps it
            legal = self._legal_actions(state)
            match = None
            for candidate in legal:
                if candidate == action and strict_equal(action, candidate):
                    match = candidate
                    break
        if match is None:
            reason = self._why_illegal(state, action)
            if reason is None:
                if legal is None:
                    legal = self._legal_actions(state)
                kinds = sorted({a["type"] for a in legal})
                reason = f"not a legal action now (legal kinds: {', '.join(kinds)})"
            raise IllegalAction(f"illegal action {json.dumps(action, sort_keys=True)}: {reason}")
        new_state = self._copy_state(state)
        rng = self._rules_rng
        rng.state = new_state["rng"] & _MASK
        self._apply(new_state, match if legal is None else clone(match), rng)
        new_state["rng"] = rng.state
        return new_state

    def advance(self, state: State, action: Action) -> None:
        """Apply a legal action IN PLACE, without checks: for bots' simulations only.

        ``action`` must come from ``legal_actions(state)``; ``state`` must be a
        private copy (a determinization or a clone).
        """
        rng = self._rules_rng
        rng.state = state["rng"] & _MASK
        self._apply(state, action, rng)
        state["rng"] = rng.state  # the rules draw from the game's generator: store where it got to

    def is_over(self, state: State) -> bool:
        flag = self.over_flag
        return state[flag] if flag is not None else self._current_player(state) is None

    def scores(self, state: State) -> list[float]:
        return self._scores(state)

    def winners(self, state: State) -> list[int]:
        return self._winners(state) if self.is_over(state) else []

    def view(self, state: State, seat: int | None) -> View:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.num_players(state)):
            raise ValueError(f"no seat {seat!r} in this game")
        return self._view(state, seat)

    def sample_state(self, view: View, seat: int, rng: Rng) -> State:
        state = self._sample_state(view, seat, rng)
        state["rng"] = rng.next64()
        return state

    def num_players(self, state: State) -> int:
        return state["num_players"]

    def to_dict(self, state: State) -> dict:
        return {"game": self.id, "version": self.version, "state": clone(state)}

    def from_dict(self, data: Any) -> State:
        if not isinstance(data, dict):
            raise RecordError("a saved state is a JSON object")
        if data.get("game") != self.id:
            raise RecordError(f"this saved state is for {data.get('game')!r}, not {self.id!r}")
        if data.get("version") != self.version:
            raise RecordError(f"saved with version {data.get('version')!r} of {self.id}; "
                              f"this is version {self.version}")
        state = data.get("state")
        if not isinstance(state, dict) or type(state.get("num_players")) is not int \
                or type(state.get("rng")) is not int:  # a bool is an int to isinstance
            raise RecordError("the saved state is damaged")
        state = clone(state)
        try:
            self._check_state(state)
            self._current_player(state)
            self.legal_actions(state)
        except RecordError:
            raise
        except Exception as exc:  # a damaged state surfaces as whatever it breaks
            raise RecordError(f"the saved state is damaged ({type(exc).__name__})") from None
        return state
