"""Great Houses arena for the balance report (docs/houses-balance.md). CPython only.

    python -m pygames.games.houses.balance [games_per_ordered_pair] [--jobs 2] [--opt key=value ...]
    python -m pygames.games.houses.balance GAMES --players 3 [--level search|hard [--iterations N]] [--jobs 2]
        [--first-seed S] [--report-every K] [--save FILE] [--opt ...]

Two players: games between normal bots for every ordered pair of Houses
(mirrors included, both seat orders: "mirrors-rotated"), with fixed seeds; it
prints each House's win rate in non-mirror games (95% Wilson interval), the
seat-0 win rate per pairing, game length in rounds, the round-1 first player's
win rate and where the power came from.

Three or four players (``--players``): GAMES games with random distinct Houses
(fixed seeds), every seat the same bot level (``--level``, normal by default; ``search``: the
hard bot's heuristic without its search, a fast stand-in for strong play;
the hard bot runs its own iteration budget with no clock, so results are
reproducible; ``--iterations`` gives it a smaller budget than its ``HARD`` one); it
prints each House's and each seat's win rate with Wilson intervals, against the fair
share, and the same length and power figures (``--first-seed S``: seeds S, S+1, ... instead of
1, 2, ..., for a second sample independent of the first; ``--report-every K``: also after every K
games, for long runs; ``--save FILE``: keep each finished game in FILE, and on a new run with
the same file play only the games not there yet).
"""

from __future__ import annotations

import itertools
import sys
import time
from collections import Counter

from ...bots import HeuristicBot
from .cards import HOUSES


def sources_line(sources: Counter) -> str:
    """Where the power came from, largest share first (equal counts by name, so that a run read
    back from a file reports exactly as the run that played it)."""
    total = sum(sources.values()) or 1
    ranked = sorted(sources.items(), key=lambda kv: (-kv[1], kv[0]))
    return "power sources: " + ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in ranked)


def play_one(job: tuple) -> dict:
    house0, house1, seed, options = job
    return play_game([house0, house1], seed, options)


def play_game(houses: list[str], seed: int, options: dict, level: str = "normal",
              iterations: int | None = None) -> dict:
    from ...bots import make_bot
    from .rules import GAME
    n = len(houses)
    opts = dict(options, **{f"house_{s}": h for s, h in enumerate(houses)})
    state = GAME.new_game(n, seed, opts)
    settings = {"max_seconds": None} if level == "hard" else {}
    if level == "hard" and iterations is not None:
        settings["iterations"] = iterations  # a cheaper hard bot, said so in the report
    if level == "search":  # the hard bot's heuristic (SEARCH weights) played directly, without search:
        # as fast as the normal bot, and its tables lean the way the hard bot's do (docs/houses-balance.md)
        from .bot import search_scores
        bots = [HeuristicBot(f"{seed}/seat{s}", level="search", scores=search_scores) for s in range(n)]
    else:
        bots = [make_bot(level, f"{seed}/seat{s}", **settings) for s in range(n)]
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        action = bots[seat].choose(GAME, GAME.view(state, seat), GAME.legal_actions(state), seat)
        state = GAME.apply(state, action)
    sources: Counter = Counter()
    by_house: dict[str, Counter] = {h: Counter() for h in houses}  # what each House did (HOUSE_STATS)
    first = None
    for entry in GAME.view(state, None)["log"]:
        key, params = entry["key"], entry["params"]
        if key == "power":
            sources[params["why"]] += params["n"]
            by_house[houses[params["seat"]]]["power:" + params["why"]] += params["n"]
        elif key == "result":
            att, won = houses[params["attacker"]], params["winner"] == params["attacker"]
            by_house[att]["attacks won" if won else "attacks lost"] += 1
            if won and params["d"] <= 0:
                by_house[att]["won undefended"] += 1
        elif key in ("stealth", "knelt", "killed", "event"):
            by_house[houses[params["seat"]]][key] += 1
        if key == "order" and first is None:
            first = params["order"][0]
    return {"houses": tuple(houses), "winners": GAME.winners(state), "rounds": state["round"],
            "end": state["end"], "sources": dict(sources), "first": first,
            "by_house": {h: dict(c) for h, c in by_house.items()}}


#: the per-House figures report_multi averages per game played (play_game's "by_house")
HOUSE_STATS = ("power:claim", "power:dominance", "power:unopposed", "power:renown", "power:bounty",
               "attacks won", "attacks lost", "won undefended", "stealth", "knelt", "killed", "event")


def run(games_per_pair: int, options: dict | None = None, jobs: int = 1) -> list[dict]:
    tasks = []
    seed = 0
    for h0, h1 in itertools.product(HOUSES, HOUSES):
        for _ in range(games_per_pair):
            seed += 1
            tasks.append((h0, h1, seed, dict(options or {})))
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            return pool.map(play_one, tasks, chunksize=8)
    return [play_one(t) for t in tasks]


def report(results: list[dict]) -> str:
    from ...bots.arena import wilson_interval
    wins: Counter = Counter()
    plays: Counter = Counter()
    pair = {}
    rounds = sorted(r["rounds"] for r in results)
    ends: Counter = Counter(r["end"] for r in results)
    sources: Counter = Counter()
    first_wins = 0.0
    seat0 = 0.0
    for r in results:
        h0, h1 = r["houses"]
        w = r["winners"]
        share = 1.0 / len(w)
        sources.update(r["sources"])
        if r["first"] is not None and r["first"] in w:
            first_wins += share
        if 0 in w:
            seat0 += share
        cell = pair.setdefault((h0, h1), [0.0, 0])
        cell[0] += share if 0 in w else 0.0
        cell[1] += 1
        if h0 != h1:
            for seat, h in ((0, h0), (1, h1)):
                plays[h] += 1
                if seat in w:
                    wins[h] += share
    n = len(results)
    lines = [f"games: {n}; rounds: mean {sum(rounds) / n:.2f}, p10 {rounds[n // 10]}, "
             f"median {rounds[n // 2]}, p90 {rounds[9 * n // 10]}, max {rounds[-1]}; "
             f"ends: {dict(ends)}",
             f"seat 0 wins {100 * seat0 / n:.1f}%; round-1 first player wins {100 * first_wins / n:.1f}%"]
    lines.append(sources_line(sources))
    lines.append("")
    lines.append("| House | win rate (non-mirror) | 95% interval | games |")
    lines.append("|---|---|---|---|")
    for h in HOUSES:
        lo, hi = wilson_interval(wins[h], plays[h])
        lines.append(f"| {h} | {100 * wins[h] / plays[h]:.1f}% | {100 * lo:.1f}–{100 * hi:.1f}% | {plays[h]} |")
    lines.append("")
    lines.append("Seat-0 win rate, row House as seat 0 against column House:")
    lines.append("")
    lines.append("| seat 0 \\ seat 1 | " + " | ".join(HOUSES) + " |")
    lines.append("|---" * (len(HOUSES) + 1) + "|")
    for h0 in HOUSES:
        cells = [f"{100 * pair[(h0, h1)][0] / pair[(h0, h1)][1]:.0f}%" for h1 in HOUSES]
        lines.append(f"| {h0} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def multi_job(job: tuple) -> dict:
    n, seed, options, level, iterations = job
    from ...core import Rng
    pick = Rng(f"houses-balance/{n}/{seed}")
    houses = list(HOUSES)
    pick.shuffle(houses)
    return play_game(houses[:n], seed, options, level, iterations)


def run_multi(n: int, games: int, options: dict | None = None, level: str = "normal",
              jobs: int = 1, iterations: int | None = None, every: int = 0,
              save: str | None = None, first_seed: int = 1) -> list[dict]:
    """``games`` seeds from ``first_seed`` on, in order; with ``every``, a partial report of the
    first games (a prefix of the seeds, so a run cut short still reports a fixed sample) after
    each ``every`` games.

    With ``save`` (a file path), each finished game is appended to that file as a line of JSON,
    and games already there (same players, seed, options, level and iterations) are read back
    instead of played again: a long run cut short goes on where it stopped (each game depends
    only on its seed, so the results are the same as one run's)."""
    import json
    tasks = [(n, seed, dict(options or {}), level, iterations)
             for seed in range(first_seed, first_seed + games)]
    saved: dict[str, dict] = {}
    if save:
        try:
            with open(save, encoding="utf-8") as f:
                for line in f:
                    if line.strip():
                        entry = json.loads(line)
                        saved[entry["job"]] = entry["result"]
        except FileNotFoundError:
            pass
    key = {id(t): json.dumps(t, sort_keys=True) for t in tasks}
    todo = [t for t in tasks if key[id(t)] not in saved]
    results: list[dict] = []

    def collect(done) -> list[dict]:
        done = iter(done)
        for task in tasks:
            r = saved.get(key[id(task)])
            if r is None:
                r = next(done)
                if save:
                    with open(save, "a", encoding="utf-8") as f:
                        f.write(json.dumps({"job": key[id(task)], "result": r}, sort_keys=True) + "\n")
            results.append(r)
            if every and len(results) % every == 0 and len(results) < games:
                print(f"\n--- partial: the first {len(results)} of {games} games ---", flush=True)
                print(report_multi(results), flush=True)
        return results
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            return collect(pool.imap(multi_job, todo, chunksize=1 if level == "hard" else 4))
    return collect(map(multi_job, todo))


def report_multi(results: list[dict]) -> str:
    from ...bots.arena import wilson_interval
    n = len(results)
    players = len(results[0]["houses"])
    wins: Counter = Counter()
    plays: Counter = Counter()
    seat_wins: Counter = Counter()
    sources: Counter = Counter()
    first_wins = 0.0
    rounds = sorted(r["rounds"] for r in results)
    ends: Counter = Counter(r["end"] for r in results)
    for r in results:
        share = 1.0 / len(r["winners"])
        sources.update(r["sources"])
        if r["first"] is not None and r["first"] in r["winners"]:
            first_wins += share
        for seat, h in enumerate(r["houses"]):
            plays[h] += 1
            if seat in r["winners"]:
                wins[h] += share
                seat_wins[seat] += share
    fair = 100.0 / players
    lines = [f"{players} players, games: {n}; rounds: mean {sum(rounds) / n:.2f}, p10 {rounds[n // 10]}, "
             f"median {rounds[n // 2]}, p90 {rounds[9 * n // 10]}, max {rounds[-1]}; ends: {dict(ends)}",
             f"round-1 first player wins {100 * first_wins / n:.1f}% (fair {fair:.0f}%)"]
    lines.append(sources_line(sources))
    lines += ["", "| House | win rate | 95% interval | games |", "|---|---|---|---|"]
    for h in HOUSES:
        lo, hi = wilson_interval(wins[h], plays[h])
        lines.append(f"| {h} | {100 * wins[h] / max(1, plays[h]):.1f}% | {100 * lo:.1f}–{100 * hi:.1f}% | {plays[h]} |")
    played = [r for r in results if "by_house" in r]  # (saved games of older runs lack it)
    if played:
        lines += ["", f"What each House did, per game played ({len(played)} games; \"knelt\", \"killed\": "
                  "the seat of the card knelt or killed):", "",
                  "| House | " + " | ".join(HOUSE_STATS) + " |", "|---" * (len(HOUSE_STATS) + 1) + "|"]
        for h in HOUSES:
            games_of = [r["by_house"][h] for r in played if h in r["by_house"]]
            if games_of:
                cells = [f"{sum(g.get(k, 0) for g in games_of) / len(games_of):.2f}" for k in HOUSE_STATS]
                lines.append(f"| {h} | " + " | ".join(cells) + " |")
    lines += ["", "| seat | win rate | 95% interval | from fair share |", "|---|---|---|---|"]
    for seat in range(players):
        lo, hi = wilson_interval(seat_wins[seat], n)
        rate = 100 * seat_wins[seat] / n
        lines.append(f"| {seat} | {rate:.1f}% | {100 * lo:.1f}–{100 * hi:.1f}% | {rate - fair:+.1f} |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    games = 50
    jobs = 1
    players = 2
    level = "normal"
    options: dict = {}
    iterations = None
    every = 0
    save = None
    first_seed = 1
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--jobs":
            jobs = int(args.pop(0))
        elif a == "--players":
            players = int(args.pop(0))
        elif a == "--level":
            level = args.pop(0)
        elif a == "--iterations":
            iterations = int(args.pop(0))
        elif a == "--report-every":
            every = int(args.pop(0))
        elif a == "--first-seed":
            first_seed = int(args.pop(0))
        elif a == "--save":
            save = args.pop(0)
        elif a == "--opt":
            key, _, value = args.pop(0).partition("=")
            options[key] = int(value) if value.isdigit() else {"true": True, "false": False}.get(value, value)
        else:
            games = int(a)
    started = time.perf_counter()
    print(f"options: {options or 'defaults'}"
          + (f"; hard bot at {iterations} iterations per decision" if iterations and level == "hard" else "")
          + (f"; seeds from {first_seed}" if first_seed != 1 else ""),
          flush=True)
    if players == 2:
        print(report(run(games, options, jobs)))
    else:
        print(report_multi(run_multi(players, games, options, level, jobs, iterations, every, save,
                                     first_seed)))
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
