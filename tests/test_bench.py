"""The benchmark's measuring code (pygames.bench, shared by CPython and the page) and the bench's
tables (tools.bench). No timing is asserted: only that every figure is produced."""

from __future__ import annotations

import argparse
import json

import pytest

import build
import pygames
from pygames import bench
from pygames.bots.arena import write_figure
from tools import ROOT
from tools.bench import BOT_LEVELS, BOT_TIMES_FIGURE, run
from tools.bench.bots import bots_browser_table
from tools.bench.browser import trace_main_tasks
from tools.bench.engines import (
    BEFORE_COMMIT,
    COUPML_PLAYERS,
    PlayoutWorker,
    bench_versus_before,
    bench_versus_coupml,
    engine_speed_table,
    interleaved,
)
from tools.bench.run import bench_bytes, print_bench
from tools.site import PACKAGE_ZIP


def test_playouts_and_bot_decisions_report_their_figures():
    game_id = pygames.GAME_IDS[0]
    game = pygames.get_game(game_id)
    row = bench.playouts(game_id, game.min_players, seconds=0.01, min_games=2)
    assert row["games"] >= 2 and row["playouts_per_s"] > 0 and row["actions_per_playout"] > 0
    for level in ("random", "normal"):
        timing = bench.bot_decisions(game_id, level, decisions=3)
        assert timing["decisions"] == 3 and 0 <= timing["median_ms"] <= timing["max_ms"]
    assert len(bench.positions(game_id, game.min_players, 4)) == 4
    assert json.loads(bench.run("playouts", json.dumps({"game_id": game_id, "players": game.min_players,
                                                         "seconds": 0, "min_games": 1})))["games"] == 1
    with pytest.raises(ValueError):
        bench.run("nothing")


def test_bench_bytes_split_runtime_and_ours():
    files = {"pyodide/a.wasm": b"x" * 100, "pyscript/core.js": b"y" * 10, PACKAGE_ZIP: b"z" * 7,
             "index.html": b"<p>"}
    sizes = bench_bytes(files)
    assert sizes["runtime"]["bytes"] == 110 and sizes["ours"]["bytes"] == 10 and sizes["total"]["files"] == 4


def figures_of_a_run() -> dict:
    """The results of a whole bench run, every figure made up."""
    game_id = pygames.GAME_IDS[0]
    levels = {level: {"decisions": 1, "median_ms": 1.5, "mean_ms": 1.5, "max_ms": 2.0} for level in BOT_LEVELS}
    playout = {"playouts_per_s": 10.0, "actions_per_playout": 40.0, "actions_per_s": 400, "games": 3}
    return {
        "machine": {"python": "3.x"},
        "playouts_cpython": {game_id: {"3": playout}},
        "bots_cpython": {game_id: levels},
        "bytes": bench_bytes({"pyodide/a": b"1", "index.html": b"2", PACKAGE_ZIP: b"3"}),
        "chromium": {
            "playouts": {game_id: {"3": {**playout, "playouts_per_s": 5.0}}},
            "bots": {game_id: levels},
            "lobby": {**{f"{key}_{mode}{suffix}": figure
                         for key, cold, warm in (("site", 3000, 2000), ("bare", 2500, 1800), ("list", 410, 120),
                                                 ("click_to_setup", 2700, 1500), ("click_at", 450, 130),
                                                 ("runtime", 2400, 1700), ("bare_runtime", 2300, 1650),
                                                 ("runtime_to_main", 150, 90), ("bare_runtime_to_ready", 120, 80),
                                                 ("main_to_ready", 1400, 160),
                                                 ("import", 1200, 60))
                         for mode, ms in (("cold", cold), ("warm", warm))
                         for suffix, figure in (("_ms", [ms]), ("_median_ms", ms))},
                      "playable_ratio_cold": 1.2, "playable_ratio_warm": 1.111, "site_cold_requests": 24,
                      "clicks_during_boot": "2/2", "clicked_game": game_id},
            "blocks": {game_id: {"seats": ["hard", "normal"], "seconds": 3.0, "finished": True, "renders": 9,
                                 "long_tasks": 2, "longest_task_ms": 77, "longest_timer_gap_ms": 80}},
        },
    }


def test_the_table_prints_every_figure(capsys):
    results = figures_of_a_run()
    print_bench(results)
    out = capsys.readouterr().out
    for figure in ("2.00", "3000", "2000", "2500", "1800", "2400", "1650", "410", "2700", "1.111", "2/2", "hard web",
                   "77ms", "bytes shipped", "runtime", "ours"):
        assert figure in out, figure
    results["chromium"] = {"skipped": "--no-browser"}
    print_bench(results)
    assert "skipped: --no-browser" in capsys.readouterr().out


def test_the_bench_command_line_has_its_options(monkeypatch):
    parsed = []
    monkeypatch.setattr(run, "run", lambda args: parsed.append(args) or 0)
    assert build.main(["bench", "--budget", "0.5", "--decisions", "4", "--hard-decisions", "2",
                       "--bot-seconds", "9", "--no-browser", "--rounds", "3", "--round-seconds", "0.2",
                       "--no-before"]) == 0
    args = parsed[0]
    assert isinstance(args, argparse.Namespace)
    assert (args.budget, args.decisions, args.hard_decisions, args.bot_seconds, args.no_browser) == (0.5, 4, 2, 9, True)
    assert (args.rounds, args.round_seconds, args.no_before) == (3, 0.2, True)


def test_a_full_run_writes_each_table_as_a_file_of_its_own(tmp_path, monkeypatch, capsys):
    """The full run's tables are whole files of docs/figures/ (here a temporary folder), each
    saying what writes it; nothing else of the docs is written."""
    made_up = figures_of_a_run()
    engines = {"rounds": 2, "round_seconds": 0.01, "coupml": {"skipped": "no coupml"}}
    for name, value in (("ROOT", tmp_path), ("BENCH_DIR", tmp_path / "bench"), ("FIGURES", tmp_path / "figures"),
                        ("bench_engines", lambda args, before: engines),
                        ("bench_playouts", lambda budget: made_up["playouts_cpython"]),
                        ("bench_bots_cpython", lambda decisions, hard: made_up["bots_cpython"]),
                        ("bench_browser", lambda args, files, before: made_up["chromium"])):
        monkeypatch.setattr(run, name, value)
    args = build.make_parser().parse_args(["bench", "--no-before"])
    files = {"pyodide/a": b"1", "index.html": b"2", PACKAGE_ZIP: b"3"}
    assert run.bench_measure(args, files, 0.0, None) == 0
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == [
        "bot-times.md", "engine-speed.md", "lobby.md", "results.json"]
    lobby = (tmp_path / "figures" / "lobby.md").read_text()
    assert lobby.startswith("<!-- written by python3 build.py bench (the full run, or --lobby-only); edit the bench, "
                            "not this file -->\n# The lobby's boot\n\nMeasured ")
    assert "| lobby playable (`pygamesReadyAt`) | 3000 | 2000 | |" in lobby and lobby.endswith(" 24.\n")
    times = (tmp_path / "figures" / "bot-times.md").read_text()
    assert times.startswith("<!-- written by python3 build.py bench (the full run, no option); edit the bench, "
                            "not this file -->\n# Bot decision times and the main thread\n\n")
    assert "Coup beside coupml: skipped (no coupml)." in (tmp_path / "figures" / "engine-speed.md").read_text()
    assert "wrote figures/engine-speed.md" in capsys.readouterr().out
    (tmp_path / "figures" / "lobby.md").unlink()
    run.bench_measure(build.make_parser().parse_args(["bench", "--no-before", "--no-browser"]), files, 0.0, None)
    assert not (tmp_path / "figures" / "lobby.md").exists()  # no browser: its tables are left as they were


def test_bot_decisions_report_the_longest_step():
    timing = bench.bot_decisions("coup", "hard", decisions=2, iterations=20, max_seconds=None)
    assert timing["decisions"] == 2 and 0 < timing["longest_step_ms"] <= timing["max_ms"]
    assert timing["median_iterations"] == 20  # the hard bot's search iterations per decision
    assert "median_iterations" not in bench.bot_decisions("coup", "normal", decisions=1)


def test_the_bots_browser_figures_are_a_file_of_their_own(tmp_path):
    game_id = pygames.GAME_IDS[0]
    levels = {level: {"decisions": 1, "median_ms": 1.5, "mean_ms": 1.5, "max_ms": 2.0, "longest_step_ms": 0.7}
              for level in BOT_LEVELS}
    levels["hard"] = {"decisions": 1, "median_ms": 612.0, "mean_ms": 600.0, "max_ms": 801.0, "longest_step_ms": 9.0}
    results = {"when": "2026-11-21T00:00:00", "runtimes": {"pyodide": "9.9"},
               "machine": {"python": "3.x", "load_average": [0.5, 0.4, 0.3]},
               "bots_cpython": {game_id: levels},
               "chromium": {"bots": {game_id: levels},
                            "blocks": {game_id: {"seats": ["hard", "normal"], "longest_task_ms": 77,
                                                 "longest_task_cpu_ms": 41, "longest_timer_gap_ms": 80}}}}
    table = bots_browser_table(results)
    for figure in ("612 / 801", "| 9 |", "1.5 / 2.0", "hard, normal", "77 / 41 ms", "80 ms", "9.9"):
        assert figure in table, figure
    path = write_figure(tmp_path, BOT_TIMES_FIGURE, "STALE")
    assert write_figure(tmp_path, BOT_TIMES_FIGURE, table) == path == tmp_path / "bot-times.md"  # twice: one table
    assert path.read_text() == ("<!-- written by python3 build.py bench (the full run, no option); edit the bench, "
                                "not this file -->\n# Bot decision times and the main thread\n\n" + table + "\n")


def test_engine_playouts_drive_both_paths_and_coupml_from_one_seed():
    for path in bench.PATHS:
        row = bench.engine_playouts("coup", 3, seconds=0, seed="t", path=path, min_games=2)
        assert (row["engine"], row["players"], row["path"], row["games"]) == ("coup", 3, path, 2)
        assert row["playouts_per_s"] > 0 and row["actions_per_playout"] > 0
    # the same seed gives the same games through either path (the same random source)
    public = bench.engine_playouts("koryo", 2, seconds=0, seed="same", path="public", min_games=3)
    simulation = bench.engine_playouts("koryo", 2, seconds=0, seed="same", path="simulation", min_games=3)
    assert public["actions_per_playout"] == simulation["actions_per_playout"]
    pytest.importorskip("coupml")
    row = bench.engine_playouts("coupml", 4, seconds=0, min_games=2)
    assert row["games"] == 2 and row["actions_per_playout"] > 0
    with pytest.raises(ValueError):
        bench.engine_playouts("coup", 2, seconds=0, path="sideways")


def test_the_worker_answers_requests_line_by_line_and_reports_errors():
    import io
    out = io.StringIO()
    bench.serve([json.dumps({"engine": "oriflamme", "players": 3, "seconds": 0}) + "\n", "\n",
                 json.dumps({"engine": "nothing", "players": 3, "seconds": 0}) + "\n"], out)
    first, second = [json.loads(line) for line in out.getvalue().splitlines()]
    assert first["games"] == 1 and first["engine"] == "oriflamme"
    assert "error" in second
    worker = PlayoutWorker(ROOT)  # the real subprocess, one tiny request
    try:
        assert worker.measure(engine="coup", players=2, seconds=0, seed="w")["games"] == 1
        with pytest.raises(RuntimeError):
            worker.measure(engine="coup", players=9, seconds=0, seed="w")
    finally:
        worker.close()


class FakeMeasurer:
    """Answers with a fixed speed per engine and path, and records the order of requests."""

    def __init__(self, speeds: dict, calls: list, name: str, lengths: tuple = ((4, 10.0),)) -> None:
        self.speeds, self.calls, self.name = speeds, calls, name
        self.lengths = lengths  # (games, mean actions per game) of the rounds, in turn

    def measure(self, **request) -> dict:
        self.calls.append((self.name, request["engine"], request.get("path"), request["seed"]))
        games, actions = self.lengths[len(self.calls) % len(self.lengths)]
        return {"playouts_per_s": self.speeds[request["engine"], request.get("path")], "games": games,
                "actions_per_playout": actions}


def test_interleaved_rotates_the_order_and_shares_the_seed_per_round():
    calls: list = []
    a = FakeMeasurer({("x", None): 1.0}, calls, "a")
    b = FakeMeasurer({("x", None): 4.0}, calls, "b")
    runs = interleaved([("a", a, {"engine": "x"}), ("b", b, {"engine": "x"})], 3, 0.01, "s")
    assert [c[0] for c in calls] == ["a", "b", "b", "a", "a", "b"]
    assert [c[3] for c in calls] == ["s/0", "s/0", "s/1", "s/1", "s/2", "s/2"]
    assert runs["a"]["playouts_per_s"] == 1.0 and runs["b"]["rounds"] == [4.0, 4.0, 4.0]
    # the game length is the mean over every round's games, not the last round's
    calls.clear()
    c = FakeMeasurer({("x", None): 2.0}, calls, "c", lengths=((1, 10.0), (3, 20.0)))
    assert interleaved([("c", c, {"engine": "x"})], 2, 0.01, "s")["c"]["actions_per_playout"] == 17.5


def test_the_engine_rows_and_their_table():
    calls: list = []
    ours = FakeMeasurer({("coupml", None): 100.0, ("coup", "public"): 80.0, ("coup", "simulation"): 200.0,
                         ("tournay", "public"): 30.0, ("tournay", "simulation"): 90.0},
                        calls, "ours")
    before = FakeMeasurer({("tournay", "public"): 10.0, ("tournay", "simulation"): 45.0, ("coup", "public"): 20.0,
                           ("coup", "simulation"): 50.0}, calls, "before", lengths=((4, 8.0),))
    versus = bench_versus_coupml(ours, 2, 0.01)
    assert list(versus) == [str(n) for n in COUPML_PLAYERS]
    assert versus["4"]["public_ratio"] == 0.8 and versus["4"]["simulation_ratio"] == 2.0
    rows = bench_versus_before(ours, before, 2, 0.01, {"tournay": (2, 3), "coup": (2, 2)})
    # games of 10 actions now, of 8 before: 3x the games per second is 3.75x the actions
    assert rows["tournay"]["3"] == {"before_public": 10.0, "public": 30.0, "public_ratio": 3.0,
                                  "before_actions": 8.0, "actions": 10.0, "public_action_ratio": 3.75,
                                  "before_simulation": 45.0, "simulation": 90.0, "simulation_ratio": 2.0}
    assert "playout" not in rows["coup"]["2"]  # one rules body per game: no second engine to measure
    results = {"when": "2026-11-24T02:00:00", "machine": {"python": "3.x", "load_average": [1.0, 2.0, 3.0]},
               "engines_cpython": {"rounds": 2, "round_seconds": 0.01, "coupml": versus,
                                   "before": {"commit": BEFORE_COMMIT, **rows}},
               "chromium": {"engines": {"tournay": {"2": {"public_ratio": 2.5, "simulation_ratio": 1.75}}},
                            "blocks": {"tournay": {"longest_task_ms": 61, "longest_task_cpu_ms": 33},
                                       "coup": {"longest_task_ms": 70, "longest_task_cpu_ms": 52}}}}
    table = engine_speed_table(results)
    for figure in ("| 4 | 100 | 80 | 0.80 | 200 | 2.00 |",
                   "| tournay | 3 | 10 → 30 | 3.00 | 8.0 → 10.0 | 3.75 | 45 → 90 | 2.00 | – | – |",
                   "| tournay | 2 | 10 → 30 | 3.00 | 8.0 → 10.0 | 3.75 | 45 → 90 | 2.00 | 2.50 | 1.75 |", BEFORE_COMMIT,
                   "70 ms wall time (tournay 61, coup 70)", "CPU time 52 ms (tournay 33, coup 52)"):
        assert figure in table, figure
    quiet = dict(results, chromium={"blocks": {"coup": {"longest_task_ms": 0, "longest_task_cpu_ms": 18}}})
    assert "none of 50 ms or more in wall time" in engine_speed_table(quiet)  # the Long Tasks API's floor
    skipped = dict(results, engines_cpython={"rounds": 1, "round_seconds": 0.1, "coupml": {"skipped": "no coupml"}})
    assert "skipped (no coupml)" in engine_speed_table(skipped)


def test_the_page_tasks_come_from_the_busy_renderer_of_a_trace(tmp_path):
    """bench_blocks reads each task's wall and CPU time (the thread clock, tdur) of the page's main
    thread; the trace is the browser's, so an idle renderer's tasks and other threads are left out."""
    def task(pid, tid, dur, tdur):
        return {"ph": "X", "name": "ThreadControllerImpl::RunTask", "pid": pid, "tid": tid, "ts": 0,
                "dur": dur, "tdur": tdur}
    events = [{"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "CrRendererMain"}},
              {"ph": "M", "name": "thread_name", "pid": 2, "tid": 7, "args": {"name": "CrRendererMain"}},
              {"ph": "M", "name": "thread_name", "pid": 2, "tid": 8, "args": {"name": "Compositor"}},
              task(1, 1, 9000, 9000), task(2, 7, 400_000, 60_000), task(2, 7, 5000, 4000),
              task(2, 8, 900_000, 900_000)]
    trace = tmp_path / "trace.json"
    trace.write_text(json.dumps({"traceEvents": events}))
    assert trace_main_tasks(trace) == [(400.0, 60.0), (5.0, 4.0)]


def test_the_friends_table_says_what_was_measured():
    from tools.bench.friends import friends_table
    friends = {"games": 2, "pairing_ms": {"offer": 200.0, "answer": 90.0, "connect": 130.0}, "invite_chars": 169,
               "reply_chars": 143, "round_trip_ms": {"median": 60.0, "p95": 126.0, "moves": 19},
               "host_to_guest": {"bytes_per_message": 450, "bytes_per_game": 11700, "messages_per_game": 26},
               "guest_to_host": {"bytes_per_message": 60, "bytes_per_game": 400, "messages_per_game": 7},
               "actions_per_game": 13}
    table = friends_table({"when": "2026-12-02T07:19", "machine": {"load_average": [1.0, 1.0, 1.0]},
                           "chromium": {"friends": friends}})
    assert "60 / 126 ms" in table and "169 / 143 characters" in table and "load average 1.0" in table
