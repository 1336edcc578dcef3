"""The bench's whole run: build, measure in CPython and in Chromium, write bench/results.json and
the tables of docs/figures/, print the figures; and the lobby-only run."""

from __future__ import annotations

import argparse
import gzip
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import ROOT, BuildError, log
from ..site import PACKAGE_ZIP, build
from ..testenv import chromium_args, find_chromium
from ..vendor import NPM_PACKAGES
from . import (
    BENCH_DIR,
    BOT_LEVELS,
    BOT_TIMES_FIGURE,
    ENGINE_SPEED_FIGURE,
    FIGURES,
    FRIENDS_FIGURE,
    LOBBY_FIGURE,
    load_now,
    machine,
    now,
    write_figure,
)
from .bots import bots_browser_table
from .browser import before_site, bench_blocks, bench_browser_engines, bench_in_page, bench_site
from .engines import (
    BEFORE_COMMIT,
    before_worktree,
    bench_bots_cpython,
    bench_engines,
    bench_playouts,
    engine_speed_table,
    print_engines,
)
from .friends import bench_friends, friends_table
from .lobby import bench_lobby, lobby_lines, lobby_table

if TYPE_CHECKING:  # the test extra's Playwright
    from playwright.sync_api import Browser


def runtimes() -> dict[str, str]:
    """The vendored packages' versions."""
    return {name: version for name, (version, _) in NPM_PACKAGES.items()}


def bench_bytes(files: dict[str, bytes]) -> dict:
    def sizes(names: list[str]) -> dict:
        raw = sum(len(files[n]) for n in names)
        gz = sum(len(gzip.compress(files[n], 6)) for n in names)
        return {"files": len(names), "bytes": raw, "gzip_bytes": gz}

    runtime = [n for n in files if n.startswith(("pyodide/", "pyscript/"))]
    ours = [n for n in files if n not in runtime]
    return {"runtime": sizes(runtime), "ours": sizes(ours),
            "pygames_zip": len(files[PACKAGE_ZIP]), "total": sizes(list(files))}


def run(args: argparse.Namespace) -> int:
    """``python3 build.py bench`` (without --bots): the full run, or --lobby-only, or --engines-only."""
    if args.lobby_only:
        return run_lobby(args)
    if args.friends_only:
        return run_friends(args)
    if args.engines_only:
        return print_engines(args)
    files = build()
    started = time.perf_counter()
    if args.no_before:
        return bench_measure(args, files, started, None)
    with before_worktree() as before:
        return bench_measure(args, files, started, before)


def bench_measure(args: argparse.Namespace, files: dict[str, bytes], started: float, before: Path | None) -> int:
    log("measuring the engines in CPython (Coup beside coupml; every game beside "
        + (f"{BEFORE_COMMIT})..." if before else "nothing: --no-before)..."))
    engines = bench_engines(args, before)
    log("measuring random playouts and bot decisions in CPython...")
    results: dict[str, Any] = {
        "when": now(),
        "machine": machine(),
        "runtimes": runtimes(),
        "settings": {"budget_s": args.budget, "runs": args.runs, "decisions": args.decisions,
                     "hard_decisions": args.hard_decisions, "bot_seconds": args.bot_seconds},
        "engines_cpython": engines,
        "playouts_cpython": bench_playouts(args.budget),
        "bots_cpython": bench_bots_cpython(args.decisions, args.hard_decisions),
        "bytes": bench_bytes(files),
    }
    if args.no_browser:
        results["chromium"] = {"skipped": "--no-browser"}
    else:
        log("measuring in Chromium (lobby cold/warm, playouts, bots, main-thread blocks)...")
        results["chromium"] = bench_browser(args, files, before)
    results["seconds"] = round(time.perf_counter() - started)
    results["machine"]["load_average_end"] = load_now()
    BENCH_DIR.mkdir(exist_ok=True)
    out = BENCH_DIR / "results.json"
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print_bench(results)
    tables = [(ENGINE_SPEED_FIGURE, engine_speed_table(results))]
    if not args.no_browser and "lobby" in results["chromium"]:
        tables.append((LOBBY_FIGURE, lobby_table(results)))
    if not args.no_browser and "bots" in results["chromium"]:
        tables.append((BOT_TIMES_FIGURE, bots_browser_table(results)))
    if not args.no_browser and "friends" in results["chromium"]:
        tables.append((FRIENDS_FIGURE, friends_table(results)))
    for figure, table in tables:
        log(f"wrote {write_figure(FIGURES, figure, table).relative_to(ROOT)}")
    log(f"\nwrote {out.relative_to(ROOT)} ({results['seconds']} s)")
    return 0


def bench_browser(args: argparse.Namespace, files: dict[str, bytes], before: Path | None = None) -> dict:
    """Everything measured in Chromium: time to a playable lobby (cold and warm, beside a bare
    runtime page), random playouts per second, bot decision times, main-thread blocks, and
    (with ``before``, a worktree of BEFORE_COMMIT) the engines beside the code before."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"skipped": "playwright is not installed (pip install -e .[test])"}
    import pygames

    chromium = find_chromium(install=False)
    results: dict = {}
    with bench_site(files) as url, before_site(before) as before_url, sync_playwright() as p:
        browser = p.chromium.launch(args=chromium_args(), executable_path=chromium)
        try:
            if before_url is not None:
                log("  engines in the page, ours beside the code before...")
                results["engines"] = bench_browser_engines(browser, url, before_url, args)
            results["lobby"] = bench_lobby(browser, url, args.runs, next(iter(pygames.GAMES)))
            results.update(bench_in_page(browser, url, args, pygames))
            results["blocks"] = bench_blocks(browser, url, args, pygames)
            log("  play with friends: pairing, round trips, bytes...")
            results["friends"] = bench_friends(browser, url, args.friend_games)
        finally:
            browser.close()
    return results


def measure_alone(files: dict[str, bytes], measure: Callable[[Browser, str], dict]) -> dict:
    """One figure of the browser run on its own (--lobby-only, --friends-only): the built site served,
    one Chromium, ``measure(browser, url)``."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BuildError("playwright is not installed (pip install -e .[test])") from None
    with bench_site(files) as url, sync_playwright() as p:
        browser = p.chromium.launch(args=chromium_args(), executable_path=find_chromium(install=False))
        try:
            return measure(browser, url)
        finally:
            browser.close()


def keep_chromium_entry(key: str, value: dict, **top: object) -> dict:
    """bench/results.json with its Chromium entry ``key`` replaced (the rest of the file kept)."""
    out = BENCH_DIR / "results.json"
    results = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    results.update(top)
    if not isinstance(results.get("chromium"), dict) or "skipped" in results["chromium"]:
        results["chromium"] = {}
    results["chromium"][key] = value
    BENCH_DIR.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return results


def run_lobby(args: argparse.Namespace) -> int:
    """Only the lobby's figures (--lobby-only): measured, printed, put into the lobby entry of
    bench/results.json (the rest of the file is kept) and into docs/figures/lobby.md."""
    import pygames

    files = build()
    lobby = measure_alone(files, lambda browser, url: bench_lobby(browser, url, args.runs, next(iter(pygames.GAMES))))
    results = keep_chromium_entry("lobby", lobby, when=now(), machine=machine(), runtimes=runtimes(),
                                  bytes=bench_bytes(files))
    results.setdefault("settings", {})["runs"] = args.runs
    (BENCH_DIR / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    for line in lobby_lines(lobby):
        log(line)
    written = write_figure(FIGURES, LOBBY_FIGURE, lobby_table(results))
    log(f"\nwrote the lobby's figures into bench/results.json and {written.relative_to(ROOT)}")
    return 0


def run_friends(args: argparse.Namespace) -> int:
    """Only the friends' figures (--friends-only): into bench/results.json (the rest kept) and
    docs/figures/friends.md."""
    friends = measure_alone(build(), lambda browser, url: bench_friends(browser, url, args.friend_games))
    results = keep_chromium_entry("friends", friends)
    table = friends_table(dict(results, when=now(), machine=machine()))
    log(table)
    written = write_figure(FIGURES, FRIENDS_FIGURE, table)
    log(f"wrote the friends' figures into bench/results.json and {written.relative_to(ROOT)}")
    return 0


def print_bench(results: dict) -> None:
    if "engines_cpython" in results:
        log("\nengine speed\n" + engine_speed_table(results))
    browser = results.get("chromium", {})
    skipped = browser.get("skipped")
    web = browser.get("playouts", {})
    log(f"\nrandom playouts per second: CPython {results['machine']['python']} and Pyodide in Chromium"
        + (f" (skipped: {skipped})" if skipped else ""))
    log(f"  {'game':<10} {'players':>7} {'actions/game':>12} {'CPython':>9} {'Chromium':>9} {'ratio':>6}")
    for game_id, counts in results["playouts_cpython"].items():
        for players, row in counts.items():
            other = web.get(game_id, {}).get(players)
            speed = other["playouts_per_s"] if other else "-"
            ratio = f"{row['playouts_per_s'] / other['playouts_per_s']:.2f}" if other else "-"
            log(f"  {game_id:<10} {players:>7} {row['actions_per_playout']:>12} {row['playouts_per_s']:>9} "
                f"{speed:>9} {ratio:>6}")
    b = results["bytes"]
    log("\nbytes shipped")
    for key in ("runtime", "ours", "total"):
        log(f"  {key:<8} {b[key]['files']:>4} files {b[key]['bytes'] / 1e6:>8.2f} MB "
            f"(gzip {b[key]['gzip_bytes'] / 1e6:.2f} MB)")
    if skipped:
        log(f"\nChromium figures skipped: {skipped}")
        return
    for line in lobby_lines(browser["lobby"]):
        log(line)
    log("\nbot decision time, median / max ms (UI settings; positions of random games, fewest players)")
    log(f"  {'game':<10} " + " ".join(f"{level + ' CPy':>15} {level + ' web':>15}" for level in BOT_LEVELS))
    for game_id, levels in results["bots_cpython"].items():
        cells = []
        for level in BOT_LEVELS:
            cpy, web_row = levels[level], browser["bots"][game_id][level]
            cells.append(f"{cpy['median_ms']:>7.1f}/{cpy['max_ms']:<7.0f} "
                         f"{web_row['median_ms']:>7.1f}/{web_row['max_ms']:<7.0f}")
        log(f"  {game_id:<10} " + " ".join(cells))
    log("\nmain thread during an all-bot table in the page (botdelay 0)")
    log(f"  {'game':<10} {'seats':<24} {'seconds':>7} {'renders':>7} {'long tasks':>10} {'longest':>8} "
        f"{'timer gap':>9} "
        f"{'longest CPU':>11} {'>50ms CPU':>9}")
    for game_id, row in browser["blocks"].items():
        log(f"  {game_id:<10} {','.join(row['seats']):<24} {row['seconds']:>7}{'' if row['finished'] else '+'} "
            f"{row['renders']:>7} {row['long_tasks']:>10} {row['longest_task_ms']:>6}ms "
            f"{row['longest_timer_gap_ms']:>7}ms "
            f"{row.get('longest_task_cpu_ms', '-'):>9}ms {row.get('tasks_over_50ms_cpu', '-'):>9}")
