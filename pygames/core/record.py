"""Game records: ``{game, version, num_players, seed, options, seats, actions}``.

A record replays exactly: the state after it is
``new_game(num_players, seed, options)`` followed by ``apply`` of each action.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction, RecordError, SetupError

if TYPE_CHECKING:
    from .game import Game, State

#: who plays a seat: a person at this device, a bot level, or a friend on another device (``pygames.net``)
SEAT_KINDS = ("human", "random", "easy", "normal", "hard", "friend")
PEOPLE = ("human", "friend")
RECORD_KEYS = ("game", "version", "num_players", "seed", "options", "seats", "actions")


def make_record(game: Game, num_players: int, seed: int | str, options: dict | None,
                seats: list[str], actions: list[dict] | None = None, **extra: Any) -> dict:
    record = {"game": game.id, "version": game.version, "num_players": num_players,
              "seed": seed, "options": dict(options or {}), "seats": list(seats),
              "actions": list(actions or [])}
    record.update(extra)
    return record


def parse_record(data: Any) -> dict:
    """Check a record's shape (from JSON text or a dict); raise RecordError with a clear reason."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError:
            raise RecordError("this is not a game record: the file is not valid JSON") from None
    if not isinstance(data, dict):
        raise RecordError("this is not a game record: expected a JSON object")
    missing = [k for k in RECORD_KEYS if k not in data]
    if missing:
        raise RecordError(f"this is not a game record: missing {', '.join(missing)}")
    from .. import GAMES  # late import: the registry imports the games
    if not isinstance(data["game"], str) or data["game"] not in GAMES:
        raise RecordError(f"unknown game {data['game']!r}")
    game = GAMES[data["game"]]
    if data["version"] != game.version:
        raise RecordError(f"this record is from version {data['version']!r} of {data['game']}; "
                          f"this site plays version {game.version}")
    n = data["num_players"]
    if isinstance(n, bool) or not isinstance(n, int):
        raise RecordError("num_players must be a whole number")
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != n or any(s not in SEAT_KINDS for s in seats):
        raise RecordError(f"seats must list {n} of {', '.join(SEAT_KINDS)}")
    if not isinstance(data["actions"], list) or not all(isinstance(a, dict) for a in data["actions"]):
        raise RecordError("actions must be a list of objects")
    if not isinstance(data["options"], dict):
        raise RecordError("options must be an object")
    if isinstance(data["seed"], bool) or not isinstance(data["seed"], (int, str)):
        raise RecordError("seed must be a number or text")
    return data


def replay(record: Any, upto: int | None = None) -> State:
    """The state after the first ``upto`` actions (all by default). RecordError if it does not replay."""
    data = parse_record(record)
    from .. import GAMES
    game = GAMES[data["game"]]
    try:
        state = game.new_game(data["num_players"], data["seed"], data["options"])
    except SetupError as exc:
        raise RecordError(f"the record's setup is invalid: {exc}") from None
    actions = data["actions"] if upto is None else data["actions"][:upto]
    for index, action in enumerate(actions):
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise RecordError(f"move {index + 1} of the record does not replay: {exc}") from None
    return state
