"""Command line: ``python -m pygames arena ...`` and ``python -m pygames games``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from . import GAMES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygames")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the registered games")
    arena = sub.add_parser("arena", help="play bots against each other and report win rates")
    arena.add_argument("--game", action="append", help="game id (repeatable; default: all)")
    arena.add_argument("--players", type=int, action="append",
                       help="player count (repeatable; default: 2 or the minimum)")
    arena.add_argument("--challenger", default="normal")
    arena.add_argument("--opponent", default="random",
                       help="a level, 'textbook' (a plain information-set MCTS, the hard bot's yardstick), or "
                            "'ruleai': coupml's RuleAI in every other seat (Coup only; needs the bench extra, "
                            "pip install -e .[bench])")
    arena.add_argument("--match", help="CHALLENGER-OPPONENT in one word, e.g. hard-textbook")
    arena.add_argument("--jobs", type=int, default=1, help="processes")
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--iterations", type=int, default=None, help="hard bot iterations per decision")
    arena.add_argument("--hard", action="append", default=[], metavar="SETTING=VALUE",
                       help="a hard bot setting for this run (repeatable; the value is read as JSON, else as a "
                            "string), e.g. --hard opponent_model=searched --hard opponent_prior=2")
    budget = arena.add_mutually_exclusive_group()
    budget.add_argument("--textbook-seconds", type=float, default=None,
                        help="the textbook search's CPU seconds per decision (default: the other seats' mean "
                             "CPU time per decision: measured first on --calibration-games games of hard "
                             "against normal, then in each game on their decisions so far)")
    budget.add_argument("--textbook-iterations", type=int, default=None,
                        help="the textbook search's iterations per decision instead of a time budget "
                             "(then its games are reproducible from their seeds)")
    arena.add_argument("--textbook-factor", type=float, default=1.0,
                       help="multiply the textbook search's time budget (4: four times the hard bot's time)")
    arena.add_argument("--calibration-games", type=int, default=4,
                       help="games of hard against normal that measure the hard bot's CPU time per decision")
    arena.add_argument("--seed", default="arena", help="the prefix of the games' seeds")
    arena.add_argument("--json", help="write the results to this file")
    args = parser.parse_args(argv)
    if args.command == "games":
        for game in GAMES.values():
            print(f"{game.id}\t{game.min_players}-{game.max_players}\t{game.title['en']}")
        return 0
    from .bots.arena import calibrate_textbook, markdown_table, match
    from .bots.ismcts import settings_for
    if args.match:
        challenger, _, opponent = args.match.partition("-")
        if not challenger or not opponent:
            parser.error("--match is CHALLENGER-OPPONENT, e.g. hard-textbook")
        args.challenger, args.opponent = challenger, opponent
    # the hard bot plays its iteration budget without the browser's time limit: results are reproducible
    try:
        variant = hard_settings(args.hard)
    except ValueError as error:
        parser.error(str(error))
    settings: dict[str, dict] = {
        "hard": {"max_seconds": None} | ({"iterations": args.iterations} if args.iterations else {}) | variant}
    results = []
    if variant:
        print(f"  hard bot settings for this run: {json.dumps(variant, sort_keys=True)}", flush=True)
    if args.opponent == "ruleai":
        from .outside import coup_ruleai
        if set(args.game or ["coup"]) != {"coup"}:
            parser.error("RuleAI plays Coup only: --game coup")
        for n in args.players or [2]:
            result = coup_ruleai.match(args.challenger, n, args.games, jobs=args.jobs, settings=settings)
            results.append(result)
            print(coup_ruleai.table_line(result), flush=True)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(results, fh, indent=1)
        return 0
    for game_id in args.game or list(GAMES):
        game = GAMES[game_id]
        for n in args.players or [max(2, game.min_players)]:
            if not game.min_players <= n <= game.max_players:
                continue
            cell_settings = dict(settings)
            if "textbook" in (args.challenger, args.opponent):
                cell_settings["textbook"] = textbook_budget(args, game_id, n, settings_for(game, settings["hard"]),
                                                            calibrate_textbook)
            result = match(game_id, args.challenger, args.opponent, n, args.games, seed=args.seed,
                           bot_settings=cell_settings, jobs=args.jobs, log=lambda line: print(line, flush=True))
            if "textbook" in cell_settings:
                result["textbook_settings"] = cell_settings["textbook"]
            if variant:
                result["hard_settings"] = variant
            results.append(result)
            print(markdown_table([result]).splitlines()[-1], flush=True)
            print("  " + timing_note(result), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=1)
    print(markdown_table(results))
    return 0


def hard_settings(pairs: list[str]) -> dict[str, object]:
    """The hard bot's settings from ``--hard SETTING=VALUE`` pairs (VALUE as JSON, else a string);
    ValueError for a pair without ``=``, an unknown setting or a bad value (``settings_for``'s checks)."""
    from .bots.arena import parse_setting
    from .bots.ismcts import DEFAULTS, OPPONENT_MODELS
    settings: dict[str, object] = {}
    for pair in pairs:
        try:
            name, value = parse_setting(pair)
        except ValueError:
            raise ValueError(f"--hard takes SETTING=VALUE, not {pair!r}") from None
        if name not in DEFAULTS:
            raise ValueError(f"--hard: unknown hard bot setting {name!r}")
        settings[name] = value
    if settings.get("opponent_model", OPPONENT_MODELS[0]) not in OPPONENT_MODELS:
        raise ValueError(f"--hard: opponent_model is one of {', '.join(OPPONENT_MODELS)}")
    return settings


def textbook_budget(args: argparse.Namespace, game_id: str, players: int, hard: dict,
                    calibrate: Callable[..., float]) -> dict[str, float | int | None]:
    """The textbook search's settings from the command line: its iterations, or its CPU seconds per
    decision × ``--textbook-factor``: given, or the hard bot's mean, measured first against the normal
    bot and then, in each game, on the hard bot's decisions so far (``pace``, see arena.play_bots)."""
    if args.textbook_iterations is not None:
        return {"iterations": args.textbook_iterations, "cpu_seconds": None}
    if args.textbook_seconds is not None:
        return {"iterations": None, "cpu_seconds": args.textbook_seconds * args.textbook_factor}
    seconds = calibrate(game_id, players, hard, args.calibration_games, factor=args.textbook_factor)
    print(f"  {game_id} {players}p: the hard bot's mean CPU time per decision × {args.textbook_factor:g} = "
          f"{1000 * seconds:.0f} ms for the textbook search at first, then the mean of the other seats' "
          "decisions so far in each game", flush=True)
    return {"iterations": None, "cpu_seconds": seconds, "pace": args.textbook_factor}


def timing_note(result: dict) -> str:
    """CPU time per decision with a choice of both sides, and the load average during the match."""
    mine, theirs = result["challenger_choice_cpu_ms"], result["opponent_choice_cpu_ms"]
    load = result.get("load_average") or {}
    parts = [f"{side} CPU ms per decision: mean {figures['mean']:.0f}, p95 {figures['p95']:.0f}"
             for side, figures in ((result["challenger"], mine), (result["opponent"], theirs))
             if figures["mean"] is not None]
    if load:
        parts.append(f"load average {load['min']:.1f}–{load['max']:.1f} (mean {load['mean']:.1f})")
    return "; ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
