"""Measurements that run the same way in CPython and in the browser (Pyodide).

``python3 build.py bench`` calls these directly in CPython and, through
``window.pygamesBench(kind, args_json)`` (site/main.py), inside Chromium, so
both columns of its table come from the same code. Results are plain dicts.

This module imports pygames by its absolute name and uses only the engine contract
(``get_game``, ``new_game``, ``legal_actions``, ``apply``, ``advance``, ``is_over``),
``pygames.core.Rng``: the bench copies it into a git worktree of the code before the speed
work and runs it there too (``python3 build.py bench``'s "against the code before" rows), so that both
sides are measured by the very same loops.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterable
from typing import Any, TextIO

from pygames import get_game
from pygames.core import Rng

#: how playouts are driven: "public" = legal_actions + apply (a new state per action, every
#: check); "simulation" = simulation_actions + advance (in place, as the hard bot's search walks
#: its tree and plays its playouts)
PATHS = ("public", "simulation")
#: CPU time where the platform has it (steadier on a shared machine); wall time in the page
_clock = time.perf_counter if sys.platform == "emscripten" else time.process_time

MAX_ACTIONS = 20000


def playouts(game_id: str, players: int, seconds: float = 1.0, seed: str = "bench", min_games: int = 3) -> dict:
    """Random playouts (new_game, then uniformly random legal actions through ``apply``) for
    ``seconds``: games per second, actions per game, actions per second."""
    game = get_game(game_id)
    rng = Rng(f"{seed}/{game_id}/{players}")
    games = actions = 0
    started = time.perf_counter()
    while games < min_games or time.perf_counter() - started < seconds:
        state = game.new_game(players, rng.randbelow(1 << 30))
        steps = 0
        while not game.is_over(state):
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randbelow(len(legal))])
            steps += 1
            if steps >= MAX_ACTIONS:
                raise RuntimeError(f"{game_id}: a random playout did not end within {MAX_ACTIONS} actions")
        games += 1
        actions += steps
    elapsed = time.perf_counter() - started
    return {"playouts_per_s": round(games / elapsed, 1), "actions_per_playout": round(actions / games, 1),
            "actions_per_s": round(actions / elapsed), "games": games}


def engine_playouts(engine: str, players: int, seconds: float = 0.3, seed: str = "bench",
                    path: str = "public", min_games: int = 1) -> dict:
    """Uniformly random games for ``seconds`` (CPU seconds in CPython) through one engine:
    a pygames game id (through ``path``, see PATHS) or ``"coupml"`` (PyPI coupml, whose only
    path is its own in-place ``play_action``). Every action and deal is drawn from one
    ``Rng(seed)``, the same for every engine given the same seed."""
    if path not in PATHS:
        raise ValueError(f"path is one of {PATHS}, not {path!r}")
    rng = Rng(f"{seed}/{players}")
    games = actions = 0
    if engine == "coupml":
        # the peer engine lives with the outside arena, which the site never ships
        from pygames.outside.coupml_playouts import random_games

        games, actions, started = random_games(players, rng, seconds, min_games, _clock)
    else:
        game = get_game(engine)
        simulate = path == "simulation"
        # the bots' own call where the engine has it (the code before this work has only legal_actions)
        legal_of = getattr(game, "simulation_actions", game.legal_actions) if simulate else game.legal_actions
        started = _clock()
        while games < min_games or _clock() - started < seconds:
            state = game.new_game(players, rng.randbelow(1 << 30))
            steps = 0
            while not game.is_over(state):
                legal = legal_of(state)
                action = legal[rng.randbelow(len(legal))]
                if simulate:
                    game.advance(state, action)
                else:
                    state = game.apply(state, action)
                steps += 1
                if steps >= MAX_ACTIONS:
                    raise RuntimeError(f"{engine}: a random playout did not end within {MAX_ACTIONS} actions")
            games += 1
            actions += steps
    elapsed = max(_clock() - started, 1e-9)
    return {"engine": engine, "players": players, "path": path, "games": games,
            "playouts_per_s": round(games / elapsed, 1), "actions_per_playout": round(actions / games, 1)}


def serve(lines: Iterable[str] | None = None, out: TextIO | None = None) -> None:
    """Answer ``engine_playouts`` requests, one JSON object per line, until the input ends:
    the bench's worker process (``python -c "from pygames import bench; bench.serve()"``)."""
    lines = sys.stdin if lines is None else lines
    out = sys.stdout if out is None else out
    for line in lines:
        if line.strip():
            try:
                reply = engine_playouts(**json.loads(line))
            except Exception as exc:  # reported to the bench, which shows it in its table
                reply = {"error": f"{type(exc).__name__}: {exc}"}
            out.write(json.dumps(reply) + "\n")
            out.flush()


def positions(game_id: str, players: int, count: int, seed: str = "bench") -> list[dict]:
    """``count`` positions of random games (spread over the game), each with a seat to move."""
    game = get_game(game_id)
    rng = Rng(f"{seed}/positions/{game_id}/{players}")
    found: list[dict] = []
    while len(found) < count:
        state = game.new_game(players, rng.randbelow(1 << 30))
        every = 1 + rng.randbelow(6)
        step = 0
        while not game.is_over(state) and len(found) < count:
            if step % every == 0 and step:
                found.append(state)
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randbelow(len(legal))])
            step += 1
    return found


def bot_decisions(game_id: str, level: str, decisions: int = 10, players: int | None = None,
                  seed: str = "bench", **settings: Any) -> dict:
    """Time of ``decisions`` bot decisions (the UI's bots: ``make_bot(level, seed)``) on
    positions of random games: median, mean and max in milliseconds."""
    from pygames.bots import make_bot

    game = get_game(game_id)
    players = players or game.min_players
    bot = make_bot(level, f"{seed}/{game_id}/{level}", **settings)
    times = []
    iterations = []  # the hard bot's search iterations per decision
    longest_step = 0.0  # the longest stretch between two yields of think(): what a slice can overrun by
    for state in positions(game_id, players, decisions, seed):
        seat = game.current_player(state)
        assert seat is not None  # positions are of games not over
        view = game.view(state, seat)
        legal = game.legal_actions(state)
        started = step_started = time.perf_counter()
        steps = bot.think(game, view, legal, seat)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                action = done.value
                break
            finally:
                now = time.perf_counter()
                longest_step = max(longest_step, now - step_started)
                step_started = now
        times.append((time.perf_counter() - started) * 1000)
        if hasattr(bot, "last_iterations"):
            iterations.append(bot.last_iterations)
        assert action in legal
    times.sort()
    middle = len(times) // 2
    median = times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2
    result = {"decisions": len(times), "median_ms": round(median, 2), "mean_ms": round(sum(times) / len(times), 2),
              "max_ms": round(times[-1], 2), "longest_step_ms": round(longest_step * 1000, 2)}
    if iterations:
        iterations.sort()
        result["median_iterations"] = iterations[len(iterations) // 2]
    return result


def run(kind: str, args_json: str = "{}") -> str:
    """JSON in, JSON out (the browser entry point): kind is "playouts", "engine" or "bot"."""
    args = json.loads(args_json)
    if kind == "playouts":
        return json.dumps(playouts(**args))
    if kind == "bot":
        return json.dumps(bot_decisions(**args))
    if kind == "engine":
        return json.dumps(engine_playouts(**args))
    raise ValueError(f"unknown bench kind {kind!r}")
