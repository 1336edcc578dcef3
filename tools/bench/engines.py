"""Random games per second in CPython: every game beside the code before the speed work (issue 14,
"a fast engine", from a temporary git worktree of it) and Coup beside coupml, in worker processes,
interleaved round by round; and the engine speed table."""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from .. import ROOT, BuildError
from ..site import PACKAGE
from . import BOT_LEVELS, load_text

#: the code before the speed work (issue 14, "a fast engine"): every bench run measures it
#: beside ours, from a temporary git worktree, in the same run and interleaved
BEFORE_COMMIT = "80c6023"
#: player counts of the side-by-side rows with coupml (PyPI, the bench extra)
COUPML_PLAYERS = (2, 4, 6)
#: a worker process: the pygames of the folder given as its argument, answering
#: pygames.bench.engine_playouts requests (one JSON line each) on stdin
WORKER = "import sys; sys.path.insert(0, sys.argv[1]); from pygames import bench; bench.serve()"


class PlayoutWorker:
    """A Python process that plays random games with the pygames package of ``tree``."""

    def __init__(self, tree: Path) -> None:
        self.tree = tree
        self.process = subprocess.Popen([sys.executable, "-c", WORKER, str(tree)], cwd=tree, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def measure(self, **request: Any) -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None  # both are pipes
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the bench worker for {self.tree} stopped (exit code {self.process.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"{self.tree}: {request}: {reply['error']}")
        return reply

    def close(self) -> None:
        assert self.process.stdin is not None  # a pipe
        self.process.stdin.close()
        self.process.wait(timeout=60)


class Measurer(Protocol):
    """What :func:`interleaved` times: a PlayoutWorker, or a page's bench in the browser."""

    def measure(self, **request: Any) -> dict: ...


def interleaved(contenders: Sequence[tuple[str, Measurer, dict]], rounds: int, seconds: float, seed: str) -> dict:
    """Median playouts/s per contender over ``rounds`` short rounds. Every round runs each
    contender once for ``seconds``, all with the same seed (so the same random source), the
    order rotated by one place per round. A contender is (name, measurer, request): the
    measurer has ``measure(**request, seconds=..., seed=...)`` (a PlayoutWorker or a page)."""
    speeds: dict[str, list[float]] = {name: [] for name, _, _ in contenders}
    games = {name: 0 for name in speeds}
    actions = {name: 0.0 for name in speeds}
    order = list(contenders)
    for index in range(rounds):
        turn = index % len(order)
        for name, measurer, request in order[turn:] + order[:turn]:
            reply = measurer.measure(**request, seconds=seconds, seed=f"{seed}/{index}")
            speeds[name].append(reply["playouts_per_s"])
            games[name] += reply["games"]
            actions[name] += reply["actions_per_playout"] * reply["games"]
    # the mean game length over every round's games (a round's own mean is rounded to 0.1)
    return {name: {"playouts_per_s": round(statistics.median(values), 1), "rounds": values,
                   "actions_per_playout": round(actions[name] / games[name], 1)} for name, values in speeds.items()}


def ratio(ours: float, theirs: float) -> float | None:
    return round(ours / theirs, 2) if theirs else None


def bench_versus_coupml(ours: PlayoutWorker, rounds: int, seconds: float) -> dict:
    """Coup in pygames (the public path, and the simulation path on which the hard bot walks its tree
    and plays its playouts) beside coupml, interleaved."""
    out = {}
    for players in COUPML_PLAYERS:
        runs = interleaved([("coupml", ours, {"engine": "coupml", "players": players})] +
                           [(path, ours, {"engine": "coup", "players": players, "path": path})
                            for path in ("public", "simulation")],
                           rounds, seconds, "coupml")
        theirs = runs["coupml"]["playouts_per_s"]
        out[str(players)] = {**runs, **{f"{path}_ratio": ratio(runs[path]["playouts_per_s"], theirs)
                                        for path in ("public", "simulation")}}
    return out


def bench_versus_before(ours: Measurer, before: Measurer, rounds: int, seconds: float, games: dict) -> dict:
    """Every game and player count, both paths: ours beside the code of BEFORE_COMMIT, interleaved.
    ``ours`` and ``before`` are measurers (PlayoutWorker in CPython, pages in the browser);
    ``games`` maps game ids to (min_players, max_players)."""
    out: dict = {}
    for game_id, (low, high) in games.items():
        out[game_id] = {}
        for players in range(low, high + 1):
            row = {}
            for path in ("public", "simulation"):
                request = {"engine": game_id, "players": players, "path": path}
                contenders = [("before", before, request), ("ours", ours, request)]
                runs = interleaved(contenders, rounds, seconds, f"before/{path}")
                row[f"before_{path}"] = runs["before"]["playouts_per_s"]
                row[path] = runs["ours"]["playouts_per_s"]
                row[f"{path}_ratio"] = ratio(row[path], row[f"before_{path}"])
                if path == "public":
                    # games whose rules were corrected since are longer or shorter: the speed per
                    # action tells the engine's gain apart from the change in a game's length
                    row["before_actions"] = runs["before"]["actions_per_playout"]
                    row["actions"] = runs["ours"]["actions_per_playout"]
                    row["public_action_ratio"] = ratio(row["public"] * row["actions"],
                                                       row["before_public"] * row["before_actions"])
            out[game_id][str(players)] = row
    return out


class before_worktree:
    """A temporary git worktree of BEFORE_COMMIT holding our pygames/bench.py (the same
    measuring loops on both sides); removed again on exit."""

    def __enter__(self) -> Path:
        self.temp = tempfile.mkdtemp(prefix="pygames-before-")
        self.path = Path(self.temp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(self.path),
                        BEFORE_COMMIT], check=True)
        shutil.copyfile(PACKAGE / "bench.py", self.path / "pygames" / "bench.py")
        return self.path

    def __exit__(self, *exc: object) -> None:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(self.path)], check=False)
        shutil.rmtree(self.temp, ignore_errors=True)


def game_player_counts() -> dict:
    import pygames

    return {game_id: (game.min_players, game.max_players) for game_id, game in pygames.GAMES.items()}


def bench_engines(args: argparse.Namespace, before: Path | None) -> dict:
    """CPython: Coup beside coupml, and every game beside the code before (when ``before``)."""
    ours = PlayoutWorker(ROOT)
    old = PlayoutWorker(before) if before is not None else None
    try:
        out: dict = {"rounds": args.rounds, "round_seconds": args.round_seconds, "clock": "process CPU time"}
        try:
            import coupml  # noqa: F401 - only whether the bench extra is installed
            out["coupml"] = bench_versus_coupml(ours, args.rounds, args.round_seconds)
        except ImportError:
            out["coupml"] = {"skipped": "coupml is not installed (pip install -e .[bench])"}
        if old is not None:
            out["before"] = {"commit": BEFORE_COMMIT, **bench_versus_before(
                ours, old, args.rounds, args.round_seconds, game_player_counts())}
        return out
    finally:
        ours.close()
        if old is not None:
            old.close()


def bench_playouts(budget: float = 1.0) -> dict:
    """Random playouts per second per registered game and player count (CPython)."""
    import pygames
    from pygames import bench

    return {game_id: {str(n): bench.playouts(game_id, n, budget)
                      for n in range(game.min_players, game.max_players + 1)}
            for game_id, game in pygames.GAMES.items()}


def bench_bots_cpython(decisions: int, hard_decisions: int) -> dict:
    """Bot decision times per game and level in CPython (the UI's settings)."""
    import pygames
    from pygames import bench

    return {game_id: {level: bench.bot_decisions(game_id, level, hard_decisions if level == "hard" else decisions)
                      for level in BOT_LEVELS}
            for game_id in pygames.GAMES}


def print_engines(args: argparse.Namespace) -> int:
    """Only the CPython engine rows (``--engines-only``, optionally ``--game``): printed, no files
    written; the quick check while working on a game's speed."""
    counts = game_player_counts()
    chosen = {game_id: counts[game_id] for game_id in (args.game or counts) if game_id in counts}
    if not chosen:
        raise BuildError(f"--game: choose among {', '.join(counts)}")
    ours = PlayoutWorker(ROOT)
    try:
        with before_worktree() as before:
            old = PlayoutWorker(before)
            try:
                rows = bench_versus_before(ours, old, args.rounds, args.round_seconds, chosen)
            finally:
                old.close()
        print(f"games per CPU second, medians of {args.rounds} interleaved rounds; before = {BEFORE_COMMIT}")
        print(f"{'game':<10}{'n':>3} {'public before':>14} {'ours':>8} {'x':>6} "
              f"{'simul. before':>14} {'ours':>8} {'x':>6}")
        for game_id, per_count in rows.items():
            for players, row in per_count.items():
                print(f"{game_id:<10}{players:>3} {row['before_public']:>14} {row['public']:>8} "
                      f"{row['public_ratio']!s:>6}"
                      f" {row['before_simulation']:>14} {row['simulation']:>8} {row['simulation_ratio']!s:>6}"
                      f"  actions per game {row['before_actions']} -> {row['actions']},"
                      f" public x{row['public_action_ratio']} per action")
        if "coup" in chosen:
            try:
                import coupml  # noqa: F401 - only whether the bench extra is installed
            except ImportError:
                return 0
            for players, row in bench_versus_coupml(ours, args.rounds, args.round_seconds).items():
                print(f"coup {players}p beside coupml {row['coupml']['playouts_per_s']}/s: "
                      f"public x{row['public_ratio']}, simulation x{row['simulation_ratio']}")
    finally:
        ours.close()
    return 0


def engine_speed_table(results: dict) -> str:
    """The engine speed figures (docs/figures/engine-speed.md): Coup beside coupml, and every game
    beside the code before, in CPython (CPU time) and, where measured, in the page (wall time)."""
    engines = results["engines_cpython"]
    web = results.get("chromium", {}).get("engines", {})
    lines = [f"Measured {results['when']} by `python3 build.py bench` (CPython {results['machine']['python']}, "
             f"{load_text(results)}; {engines['rounds']} interleaved rounds of {engines['round_seconds']} s "
             "per engine, order rotated, medians).", ""]
    versus = engines.get("coupml", {})
    if "skipped" in versus:
        lines.append(f"Coup beside coupml: skipped ({versus['skipped']}).")
    elif versus:
        lines += ["Random games of Coup per CPU second, pygames beside coupml 0.1.1 (the same random source; "
                  "the simulation path is where the hard bot walks its tree and plays its playouts):", "",
                  "| players | coupml | ours, public path | × | ours, simulation path | × | "
                  "actions per game (coupml / ours) |",
                  "|---:|---:|---:|---:|---:|---:|---|"]
        for players, row in versus.items():
            lines.append(f"| {players} | {row['coupml']['playouts_per_s']:.0f} | "
                         f"{row['public']['playouts_per_s']:.0f} | "
                         f"{row['public_ratio']:.2f} | {row['simulation']['playouts_per_s']:.0f} | "
                         f"{row['simulation_ratio']:.2f} | "
                         f"{row['coupml']['actions_per_playout']} / {row['public']['actions_per_playout']} |")
    before = engines.get("before")
    if before:
        lines += ["", f"Random games per second, ours beside the code before ({before['commit']}); "
                  "CPython in CPU time, Chromium (Pyodide) in wall time" + ("" if web else " (Chromium: not measured)")
                  + ":", "",
                  "| game | players | public: before → ours | × | actions per game: before → ours | "
                  "public × per action | simulation: before → ours | × | Chromium public × | Chromium simulation × |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for game_id, counts in before.items():
            if game_id == "commit":
                continue
            for players, row in counts.items():
                web_row = web.get(game_id, {}).get(players, {})
                cells = [f"{web_row[key]:.2f}" if web_row.get(key) else "–"
                         for key in ("public_ratio", "simulation_ratio")]
                length = (f"{row['before_actions']} → {row['actions']} | {row['public_action_ratio']:.2f}"
                          if "actions" in row else "– | –")
                lines.append(f"| {game_id} | {players} | {row['before_public']:.0f} → {row['public']:.0f} | "
                             f"{row['public_ratio']:.2f} | {length} | "
                             f"{row['before_simulation']:.0f} → {row['simulation']:.0f} | "
                             f"{row['simulation_ratio']:.2f} | {cells[0]} | {cells[1]} |")
    blocks = results.get("chromium", {}).get("blocks")
    if blocks:
        longest = max(row["longest_task_ms"] for row in blocks.values())
        each = ", ".join(f"{game_id} {row['longest_task_ms']}" for game_id, row in blocks.items())
        if longest:
            lines += ["", f"Longest main-thread task in the all-bot tables (botdelay 0): {longest} ms wall time "
                          f"({each})"]
        else:  # the Long Tasks API reports only tasks of 50 ms or more
            lines += ["", "Longest main-thread task in the all-bot tables (botdelay 0): none of 50 ms or more "
                          "in wall time (the Long Tasks API's threshold)"]
        if all("longest_task_cpu_ms" in row for row in blocks.values()):
            longest = max(row["longest_task_cpu_ms"] for row in blocks.values())
            each = ", ".join(f"{game_id} {row['longest_task_cpu_ms']}" for game_id, row in blocks.items())
            lines[-1] += f"; in the main thread's CPU time {longest} ms ({each})"
        lines[-1] += "."
    return "\n".join(lines)
