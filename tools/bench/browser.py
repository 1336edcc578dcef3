"""The bench in Chromium: the built site (and the code before's, and a bare runtime page) served
from a temporary folder; random games and bot decisions measured in the page by pygames.bench
(the same code as in CPython); the main thread watched during an all-bot table."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .. import BuildError
from ..serve import serve_in_thread
from ..site import INTERPRETER
from ..vendor import NPM_CACHE
from . import BOT_LEVELS
from .engines import BEFORE_COMMIT, bench_versus_before, game_player_counts

if TYPE_CHECKING:  # the test extra's Playwright, imported only by the functions that drive it
    from playwright.sync_api import Browser, Page

#: a page that only boots the same Pyodide + PyScript (no game code): the floor for the
#: time to a playable lobby. Written into a temporary copy of dist/ by the bench only.
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare runtime</title>
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script></head>
<body><script type="py" config="./bare.toml">
from pyscript import window
window.bareReadyAt = window.performance.now()
</script></body></html>
"""
BARE_TOML = f'interpreter = "{INTERPRETER}"\n'
#: in the page before anything runs: long tasks (> 50 ms) and the longest gap of a 10 ms timer
BLOCK_WATCH = """
window.__longTasks = [];
try {
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
    .observe({type: "longtask", buffered: true});
} catch (e) {}
window.__gapFrom = null; window.__maxGap = 0; let last = performance.now();
setInterval(() => { const now = performance.now();
  if (window.__gapFrom !== null && now - last > window.__maxGap) window.__maxGap = now - last;
  last = now; }, 10);
"""


class PageMeasurer:
    """Random games in a page of the site (window.pygamesBench("engine", ...)), as a measurer
    for :func:`interleaved`."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def measure(self, **request: Any) -> dict:
        return json.loads(self.page.evaluate("([kind, args]) => window.pygamesBench(kind, args)",
                                             ["engine", json.dumps(request)]))


def before_site_files(before: Path) -> dict[str, bytes]:
    """The site of BEFORE_COMMIT (its own build.py's collect, with our npm cache)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("pygames_build_before", before / "build.py")
    if spec is None or spec.loader is None:
        raise BuildError(f"cannot load {before / 'build.py'}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.collect(cache=NPM_CACHE)


def write_site(folder: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)


def bench_browser_engines(browser: Browser, url: str, before_url: str, args: argparse.Namespace) -> dict:
    """Every game and player count in the page, ours beside the code before, interleaved."""
    context = browser.new_context(service_workers="block")
    pages = []
    for address in (url, before_url):
        page = context.new_page()
        page.goto(address + "/")
        ready(page, "pygamesReadyAt")
        pages.append(PageMeasurer(page))
    try:
        return {"commit": BEFORE_COMMIT, "rounds": args.rounds, "round_seconds": args.round_seconds,
                "clock": "wall time", **bench_versus_before(pages[0], pages[1], args.rounds, args.round_seconds,
                                                            game_player_counts())}
    finally:
        context.close()


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 while the block runs; yields its URL."""
    server, url = serve_in_thread(folder)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def bench_site(files: dict[str, bytes]) -> Iterator[str]:
    """dist/ plus the bare page (never shipped) in a temporary folder, served; yields its URL."""
    with tempfile.TemporaryDirectory(prefix="pygames-bench-site-") as temp:
        site = Path(temp)
        write_site(site, files)
        (site / "bare.html").write_text(BARE_HTML, encoding="utf-8")
        (site / "bare.toml").write_text(BARE_TOML, encoding="utf-8")
        with served(site) as url:
            yield url


@contextlib.contextmanager
def before_site(before: Path | None) -> Iterator[str | None]:
    """The site of the code before (a worktree of BEFORE_COMMIT), served; yields its URL, or None."""
    if before is None:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="pygames-bench-before-") as temp:
        write_site(Path(temp), before_site_files(before))
        with served(Path(temp)) as url:
            yield url


def ready(page: Page, flag: str) -> float:
    """Wait until the page sets ``window.<flag>`` (a time stamp), and return it."""
    page.wait_for_function(f"() => !!window.{flag}", timeout=180_000)
    return page.evaluate(f"() => window.{flag}")


def bench_in_page(browser: Browser, url: str, args: argparse.Namespace, pygames: ModuleType) -> dict:
    """Random playouts per second and bot decision times, measured by pygames.bench inside
    the page (window.pygamesBench: the same code as in CPython)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url + "/")
    ready(page, "pygamesReadyAt")
    call = "([kind, args]) => window.pygamesBench(kind, args)"
    playouts, bots = {}, {}
    for game_id, game in pygames.GAMES.items():
        playouts[game_id] = {
            str(n): json.loads(page.evaluate(call, ["playouts", json.dumps(
                {"game_id": game_id, "players": n, "seconds": args.budget})]))
            for n in range(game.min_players, game.max_players + 1)}
        bots[game_id] = {
            level: json.loads(page.evaluate(call, ["bot", json.dumps(
                {"game_id": game_id, "level": level,
                 "decisions": args.hard_decisions if level == "hard" else args.decisions})]))
            for level in BOT_LEVELS}
    context.close()
    return {"playouts": playouts, "bots": bots}


#: Chromium's trace category of its event loop's tasks (each with its wall and thread CPU time)
TASK_TRACE_CATEGORIES = ["toplevel"]


def trace_main_tasks(path: Path) -> list[tuple[float, float]]:
    """(wall ms, CPU ms) of every task the page's main thread ran, from a Chromium trace. The CPU
    time is the thread's own clock: a loaded machine stretches the wall time (the thread waits
    for a core) but not that, so it tells what a task costs the page."""
    events = json.loads(path.read_text(encoding="utf-8"))
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    tasks: dict[tuple, list[tuple[float, float]]] = {main: [] for main in mains}
    for e in events:
        if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask" \
                and (e.get("pid"), e.get("tid")) in mains:
            tasks[(e["pid"], e["tid"])].append((e["dur"] / 1000, e.get("tdur", e["dur"]) / 1000))
    # the page's renderer is the busy one (the trace is the browser's: idle renderers are in it too)
    return max(tasks.values(), key=lambda rows: sum(cpu for _wall, cpu in rows), default=[])


def bench_blocks(browser: Browser, url: str, args: argparse.Namespace, pygames: ModuleType) -> dict:
    """An all-bot table per game (hard, normal, easy... at the fewest players), played through
    the page with no pause between moves for up to --bot-seconds: the longest main-thread
    block (long tasks over 50 ms, and the longest gap of a 10 ms timer, both in wall time; and
    the longest task in the main thread's CPU time, from a Chromium trace of the table)."""
    out = {}
    context = browser.new_context(service_workers="block")
    context.add_init_script(BLOCK_WATCH)
    kinds = ["hard", "normal", "easy", "random"]
    for game_id, game in pygames.GAMES.items():
        page = context.new_page()
        page.goto(url + "/?botdelay=0")
        ready(page, "pygamesReadyAt")
        page.locator(f'[data-game="{game_id}"]').click()
        page.locator('select[name="num_players"]').select_option(str(game.min_players))
        for seat in range(game.min_players):
            page.locator(f'select[data-seat="{seat}"]').select_option(kinds[seat % len(kinds)])
        page.evaluate("() => { window.__longTasks = []; window.__maxGap = 0; window.__gapFrom = performance.now(); }")
        handle, name = tempfile.mkstemp(prefix="pygames-blocks-", suffix=".json")
        os.close(handle)
        trace = Path(name)
        browser.start_tracing(page=page, path=str(trace), categories=TASK_TRACE_CATEGORIES)
        started = time.perf_counter()
        page.locator('[data-testid="start"]').click()
        try:
            page.locator('[data-testid="game-over"]').wait_for(timeout=args.bot_seconds * 1000)
            finished = True
        except Exception:
            finished = False
        elapsed = time.perf_counter() - started
        data = page.evaluate("() => ({tasks: window.__longTasks, gap: window.__maxGap, "
                             "rev: +(document.getElementById('app').dataset.rev || 0)})")
        browser.stop_tracing()
        cpu = [cpu_ms for _wall, cpu_ms in trace_main_tasks(trace)]
        trace.unlink()
        tasks = data["tasks"]
        out[game_id] = {"seats": [kinds[s % len(kinds)] for s in range(game.min_players)],
                        "seconds": round(elapsed, 1), "finished": finished, "renders": data["rev"],
                        "long_tasks": len(tasks), "longest_task_ms": round(max(tasks)) if tasks else 0,
                        "longest_timer_gap_ms": round(data["gap"]),
                        "longest_task_cpu_ms": round(max(cpu)) if cpu else 0,
                        "tasks_over_50ms_cpu": sum(1 for ms in cpu if ms > 50)}
        page.close()
    context.close()
    return out
