"""``python3 build.py bench --bots``: the arena between bot levels (pygames.bots.arena) and, with
``--outside``, our Coup bots against coupml's RuleAI (pygames.outside); and the bots' figures from
the browser (docs/figures/bot-times.md), which the full run measures."""

from __future__ import annotations

import argparse

from .. import ROOT, BuildError, log
from . import BENCH_DIR, FIGURES, load_text


def bots_browser_table(results: dict) -> str:
    """The bots' figures from the browser (docs/figures/bot-times.md): decision times per level in
    Chromium (and CPython), the longest stretch between two yields of the hard bot, and the main
    thread during bot play."""
    web, cpy, blocks = results["chromium"]["bots"], results["bots_cpython"], results["chromium"]["blocks"]
    lines = [f"Measured {results['when']} by `python3 build.py bench` (Chromium, Pyodide "
             f"{results['runtimes'].get('pyodide', '?')}; CPython {results['machine']['python']}; "
             f"{load_text(results)}).",
             "",
             "| game | hard: median / max ms, Chromium | hard, CPython | hard: longest step, Chromium | "
             "normal: median / max ms, Chromium | all-bot table: seats | longest task: wall / CPU | "
             "longest 10 ms timer gap |",
             "|---|---:|---:|---:|---:|---|---:|---:|"]
    for game_id, levels in web.items():
        hard, normal, hard_cpy = levels["hard"], levels["normal"], cpy[game_id]["hard"]
        block = blocks.get(game_id, {})
        lines.append(f"| {game_id} | {hard['median_ms']:.0f} / {hard['max_ms']:.0f} | "
                     f"{hard_cpy['median_ms']:.0f} / {hard_cpy['max_ms']:.0f} | {hard.get('longest_step_ms', 0):.0f} | "
                     f"{normal['median_ms']:.1f} / {normal['max_ms']:.1f} | {', '.join(block.get('seats', []))} | "
                     f"{block.get('longest_task_ms', '–')} / {block.get('longest_task_cpu_ms', '–')} ms | "
                     f"{block.get('longest_timer_gap_ms', '–')} ms |")
    return "\n".join(lines)


def run_arena(args: argparse.Namespace) -> int:
    """Seeded, seat-rotated games between bot levels (pygames.bots.arena.bench), or with
    ``--outside`` against coupml's RuleAI; the rows into bench/, the tables into docs/figures/."""
    if args.outside:
        try:
            from pygames.outside.coup_ruleai import OUTSIDE_FIGURE, PLAN
            from pygames.outside.coup_ruleai import bench as outside_bench
        except ImportError as exc:
            raise BuildError(f"the outside arena needs coupml: pip install -e .[bench] ({exc})") from None
        cells = [(level, n) for level, n in PLAN
                 if (not args.level or level in args.level) and (not args.players or n in args.players)]
        outside_bench(games=args.games, hard_games=args.hard_games, jobs=args.jobs, cells=cells,
                      json_path=BENCH_DIR / "outside.json", figures=FIGURES, log=log)
        log(f"wrote {(BENCH_DIR / 'outside.json').relative_to(ROOT)} and "
            f"{(FIGURES / OUTSIDE_FIGURE[0]).relative_to(ROOT)}")
        return 0
    from pygames.bots.arena import ARENA_FIGURE, SETTINGS_FIGURE, bench

    bench(games=args.games, hard_games=args.hard_games, jobs=args.jobs, game_ids=args.game, matches=args.match,
          players=args.players, json_path=BENCH_DIR / "bots.json", figures=FIGURES, log=log)
    log(f"wrote {(BENCH_DIR / 'bots.json').relative_to(ROOT)}, "
        + " and ".join(str((FIGURES / name).relative_to(ROOT)) for name, _, _ in (ARENA_FIGURE, SETTINGS_FIGURE)))
    return 0
