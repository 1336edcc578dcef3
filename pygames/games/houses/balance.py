"""Great Houses arena for the balance report (docs/houses-balance.md). CPython only.

    python -m pygames.games.houses.balance [games_per_ordered_pair] [--jobs 2] [--opt key=value ...]

Plays 2-player games between normal bots for every ordered pair of Houses
(mirrors included, both seat orders: "mirrors-rotated"), with fixed seeds, and
prints each House's win rate in non-mirror games (95% Wilson interval), the
seat-0 win rate per pairing, game length in rounds, the round-1 first player's
win rate and where the power came from.
"""

from __future__ import annotations

import itertools
import sys
import time
from collections import Counter

from .cards import HOUSES


def play_one(job: tuple) -> dict:
    house0, house1, seed, options = job
    from ...bots import make_bot
    from .rules import GAME
    opts = dict(options, house_0=house0, house_1=house1)
    state = GAME.new_game(2, seed, opts)
    bots = [make_bot("normal", f"{seed}/seat{s}") for s in range(2)]
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        action = bots[seat].choose(GAME, GAME.view(state, seat), GAME.legal_actions(state), seat)
        state = GAME.apply(state, action)
    sources: Counter = Counter()
    first = None
    for entry in GAME.view(state, None)["log"]:
        if entry["key"] == "power":
            sources[entry["params"]["why"]] += entry["params"]["n"]
        if entry["key"] == "order" and first is None:
            first = entry["params"]["order"][0]
    return {"houses": (house0, house1), "winners": GAME.winners(state), "rounds": state["round"],
            "end": state["end"], "sources": dict(sources), "first": first}


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
    total = sum(sources.values()) or 1
    lines.append("power sources: " + ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in sources.most_common()))
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


def main(argv: list[str]) -> None:
    games = 50
    jobs = 1
    options: dict = {}
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--jobs":
            jobs = int(args.pop(0))
        elif a == "--opt":
            key, _, value = args.pop(0).partition("=")
            options[key] = int(value) if value.isdigit() else {"true": True, "false": False}.get(value, value)
        else:
            games = int(a)
    started = time.perf_counter()
    results = run(games, options, jobs)
    print(f"options: {options or 'defaults'}")
    print(report(results))
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
