"""Command line: ``python -m pygames arena ...`` and ``python -m pygames games``."""

from __future__ import annotations

import argparse
import json
import sys

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
                       help="a level, or 'ruleai': coupml's RuleAI in every other seat (Coup only; needs the "
                            "bench extra, pip install -e .[bench])")
    arena.add_argument("--jobs", type=int, default=1, help="processes (with --opponent ruleai)")
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--iterations", type=int, default=None, help="hard bot iterations per decision")
    arena.add_argument("--json", help="write the results to this file")
    args = parser.parse_args(argv)
    if args.command == "games":
        for game in GAMES.values():
            print(f"{game.id}\t{game.min_players}-{game.max_players}\t{game.title['en']}")
        return 0
    from .bots.arena import markdown_table, match
    # the hard bot plays its iteration budget without the browser's time limit: results are reproducible
    settings = {"hard": {"max_seconds": None} | ({"iterations": args.iterations} if args.iterations else {})}
    results = []
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
            result = match(game_id, args.challenger, args.opponent, n, args.games, bot_settings=settings)
            results.append(result)
            print(markdown_table([result]).splitlines()[-1], flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=1)
    print(markdown_table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
