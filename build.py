#!/usr/bin/env python3
"""pygames build script (standard library only): the command line over the tools package.

    python3 build.py [build]      write dist/: the static site, ready for any folder server
    python3 build.py serve        build, then serve dist/ on http://127.0.0.1:8000 (--port N)
    python3 build.py test [ARGS]  install test needs, build, run the whole pytest suite (ARGS go to pytest)
    python3 build.py lint         ruff and mypy over the checkout (pyproject.toml's settings)
    python3 build.py bench        playouts per second, bytes shipped, time to a playable lobby
    python3 build.py bench --bots win rates between bot levels (bench/bots.json, docs/figures/arena.md)
    python3 build.py bench --bots --outside   our Coup bots against coupml's RuleAI (bench/outside.json)
    python3 build.py screenshots  the README's pictures of every game's table
    python3 build.py fingerprint [ARGS]  hashes of seeded games, to prove a refactor changed no game

Each command is a module of tools/ (site, serve, testenv, lint, bench, screenshots, fingerprint); this
file only reads the command line. dist/ holds the site/ shell, our ``pygames`` package as one zip,
one games.css made of every ``pygames/games/*/style.css``, the Pyodide and PyScript runtimes
vendored from their npm packages at pinned versions (checked against pinned sha512 integrity
strings), and a service worker that precaches every file so the site works offline after one visit.
"""

from __future__ import annotations

import argparse
import os
import sys

from tools import BuildError
from tools.bench.engines import BEFORE_COMMIT


def make_parser() -> argparse.ArgumentParser:
    """build.py's command line (``test`` and ``fingerprint`` pass the rest on: see ``main``)."""
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="write dist/ (the default)")
    serve = sub.add_parser("serve", help="build, then serve dist/")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--host", default="127.0.0.1")
    sub.add_parser("test", help="install test needs, build, run pytest (extra args go to pytest)")
    sub.add_parser("lint", help="ruff and mypy over the checkout (installs them from the test extra if missing)")
    sub.add_parser("fingerprint", add_help=False,
                   help="hashes of seeded games per game (tools/fingerprint.py; its options follow)")
    shots = sub.add_parser("screenshots",
                           help="PNGs of every game's table into docs/screenshots/ (tools/screenshots.py)")
    shots.add_argument("--review", help="instead: every size, language and colour scheme into this folder")
    shots.add_argument("--game", action="append", help="only this game (repeatable)")
    bench = sub.add_parser("bench", help="playouts/s, bytes shipped, time to lobby; writes bench/results.json")
    bench.add_argument("--budget", type=float, default=1.0, help="seconds of playouts per game and player count")
    bench.add_argument("--runs", type=int, default=3, help="browser loads per measure (cold and warm)")
    bench.add_argument("--decisions", type=int, default=20, help="bot decisions timed per game and level")
    bench.add_argument("--hard-decisions", type=int, default=5, help="hard bot decisions timed per game")
    bench.add_argument("--bot-seconds", type=float, default=30,
                       help="longest all-bot table watched per game for main-thread blocks")
    bench.add_argument("--no-browser", action="store_true")
    bench.add_argument("--lobby-only", action="store_true",
                       help="only the lobby's timings (first paint, playable, click during boot) beside the bare page")
    bench.add_argument("--friends-only", action="store_true",
                       help="only play with friends: pairing, round trips and bytes between two browser contexts")
    bench.add_argument("--friend-games", type=int, default=3, help="whole games between two devices measured")
    bench.add_argument("--rounds", type=int, default=5, help="interleaved rounds per engine comparison")
    bench.add_argument("--round-seconds", type=float, default=0.3,
                       help="seconds of random games per engine and round (CPU seconds in CPython)")
    bench.add_argument("--engines-only", action="store_true",
                       help="only the CPython engine rows (against the code before; Coup also beside coupml), "
                            "printed, no files written; with --game: only those games")
    bench.add_argument("--no-before", action="store_true",
                       help=f"skip the rows against the code before ({BEFORE_COMMIT}, from a git worktree)")
    bench.add_argument("--bots", action="store_true",
                       help="instead: bot arena between levels; writes bench/bots.json, "
                            "docs/figures/arena.md and bot-settings.md")
    bench.add_argument("--games", type=int, default=100, help="with --bots: games per match")
    bench.add_argument("--hard-games", type=int, default=None, help="with --bots: games per match of the hard bot")
    bench.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="with --bots: processes")
    bench.add_argument("--game", action="append", help="with --bots or --engines-only: only this game (repeatable)")
    bench.add_argument("--match", action="append",
                       choices=["normal-random", "easy-normal", "hard-normal", "hard-textbook"],
                       help="with --bots: only this kind of match (repeatable)")
    bench.add_argument("--outside", action="store_true",
                       help="with --bots: instead, our Coup bots against coupml's RuleAI (needs the bench extra); "
                            "writes bench/outside.json and docs/figures/outside.md")
    bench.add_argument("--players", type=int, action="append",
                       help="with --bots: only this player count (repeatable)")
    bench.add_argument("--level", action="append", choices=["ruleai", "normal", "hard"],
                       help="with --bots --outside: only this level's rows (ruleai: the baseline; repeatable)")

    return parser


#: commands whose arguments after the name go, as they are, to the tool
PASSED_ON = ("test", "fingerprint")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = make_parser()
    if argv[:1] and argv[0] in PASSED_ON:
        args, rest = parser.parse_args(argv[:1]), argv[1:]
    else:
        args, rest = parser.parse_args(argv), []
    try:
        if args.command in (None, "build"):
            from tools.site import build
            build()
            return 0
        if args.command == "serve":
            from tools.serve import serve
            return serve(args.host, args.port)
        if args.command == "test":
            from tools.testenv import run_tests
            return run_tests(rest)
        if args.command == "lint":
            from tools.lint import run_lint
            return run_lint()
        if args.command == "fingerprint":
            from tools.fingerprint import main as fingerprint
            return fingerprint(rest, prog="build.py fingerprint")
        if args.command == "screenshots":
            from tools.screenshots import run as screenshots
            return screenshots(args.review, args.game)
        if args.command == "bench":
            if args.bots:
                from tools.bench.bots import run_arena
                return run_arena(args)
            from tools.bench.run import run as bench
            return bench(args)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 2
    parser.error(f"unknown command {args.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
