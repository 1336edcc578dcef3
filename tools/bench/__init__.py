"""``python3 build.py bench``: the benchmarks and the tables they write.

- engines: random games per second in CPython, ours beside the code before the speed work and
  (Coup) beside coupml, interleaved; the engine speed table
- browser: the same and the bots in Chromium (Pyodide), main-thread blocks during bot play
- lobby: the lobby's boot, cold and warm, beside a bare runtime page (``--lobby-only``)
- friends: two devices paired over WebRTC, whole games between them (``--friends-only``)
- bots: the arena between bot levels (``--bots``, ``--bots --outside``); the bots' browser table
- run: the whole run (bench/results.json and every table) and what it prints

Each table is a whole file of docs/figures/ that the bench owns (``write_figure``); the docs
link to them.
"""

from __future__ import annotations

import os
import platform
import time

from pygames.bots.arena import write_figure

from .. import ROOT

BENCH_DIR = ROOT / "bench"
#: the tables the bench writes, one file each (the arena's: pygames.bots.arena, pygames.outside)
FIGURES = ROOT / "docs" / "figures"
#: the full run's files of FIGURES: name, the option that writes it, heading (write_figure)
ENGINE_SPEED_FIGURE = ("engine-speed.md", "the full run, no option", "Engine speed")
LOBBY_FIGURE = ("lobby.md", "the full run, or --lobby-only", "The lobby's boot")
BOT_TIMES_FIGURE = ("bot-times.md", "the full run, no option", "Bot decision times and the main thread")
FRIENDS_FIGURE = ("friends.md", "the full run, or --friends-only", "Play with friends: pairing, round trip, bytes")
BOT_LEVELS = ("random", "easy", "normal", "hard")


def machine() -> dict:
    """The machine of a run: Python, platform, cores and the load average (timings depend on it)."""
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "load_average": load_now()}


def load_now() -> list[float] | None:
    return list(os.getloadavg()) if hasattr(os, "getloadavg") else None


def load_text(results: dict) -> str:
    """The load a run's figures were taken at: the load average when it started and, for a run that
    recorded it (``machine["load_average_end"]``), when it ended: a run that starts on a quiet machine
    may not end on one, and the figures of its later parts (Chromium's) carry the later load."""
    def three(load: list[float] | None) -> str:
        return ", ".join(f"{x:.1f}" for x in load) if load else "?"
    start, end = results.get("machine", {}).get("load_average"), results.get("machine", {}).get("load_average_end")
    if end is None:
        return f"load average {three(start)}"
    return f"load average {three(start)} at the start, {three(end)} at the end"


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


__all__ = ["BENCH_DIR", "BOT_LEVELS", "FIGURES", "load_now", "load_text", "machine", "now", "write_figure"]
