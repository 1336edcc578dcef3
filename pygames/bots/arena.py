"""Arena: seeded, seat-rotated games between bot levels, with win rates and 95% confidence intervals.

Win credit: a game's winners share one win (a two-way tie gives each 0.5).
"Fair share" for a level is the share of seats it holds.
"""

from __future__ import annotations

import math
import time
from typing import Any

from .. import get_game
from . import make_bot


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional wins allowed)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(game_id: str, levels: list[str], seed: int | str, options: dict | None = None,
              bot_settings: dict[str, dict] | None = None, max_actions: int = 50000) -> dict[str, Any]:
    """One game with the given bot level per seat. Returns winners, scores, length and think times."""
    game = get_game(game_id)
    n = len(levels)
    bots = [make_bot(level, f"{seed}/seat{seat}", **(bot_settings or {}).get(level, {}))
            for seat, level in enumerate(levels)]
    state = game.new_game(n, seed, options)
    think = [0.0] * n
    decisions = [0] * n
    for _ in range(max_actions):
        seat = game.current_player(state)
        if seat is None:
            break
        legal = game.legal_actions(state)
        started = time.perf_counter()
        action = bots[seat].choose(game, game.view(state, seat), legal, seat)
        think[seat] += time.perf_counter() - started
        decisions[seat] += 1
        state = game.apply(state, action)
    else:
        raise RuntimeError(f"{game_id}: game with seed {seed} did not end")
    return {"winners": game.winners(state), "scores": game.scores(state), "actions": sum(decisions),
            "think": think, "decisions": decisions}


def match(game_id: str, challenger: str, opponent: str, num_players: int, games: int,
          seed: str = "arena", options: dict | None = None,
          bot_settings: dict[str, dict] | None = None) -> dict[str, Any]:
    """One challenger seat against ``num_players - 1`` opponents, the challenger's seat rotating."""
    wins = 0.0
    think = {challenger: 0.0, opponent: 0.0}
    decisions = {challenger: 0, opponent: 0}
    total_actions = 0
    for index in range(games):
        seat = index % num_players
        levels = [opponent] * num_players
        levels[seat] = challenger
        result = play_game(game_id, levels, f"{seed}/{game_id}/{num_players}/{index}", options, bot_settings)
        if seat in result["winners"]:
            wins += 1.0 / len(result["winners"])
        total_actions += result["actions"]
        for s, level in enumerate(levels):
            think[level] += result["think"][s]
            decisions[level] += result["decisions"][s]
    low, high = wilson_interval(wins, games)
    return {"game": game_id, "players": num_players, "challenger": challenger, "opponent": opponent,
            "games": games, "wins": wins, "win_rate": wins / games, "ci95": [low, high],
            "fair_share": 1 / num_players, "mean_actions": total_actions / games,
            "ms_per_decision": {k: 1000 * think[k] / decisions[k] if decisions[k] else None for k in think}}


def markdown_table(results: list[dict[str, Any]]) -> str:
    lines = ["| game | players | challenger vs opponents | games | win rate | 95% CI | fair share | ms/decision (challenger) |",
             "|---|---:|---|---:|---:|---|---:|---:|"]
    for r in results:
        ms = r["ms_per_decision"][r["challenger"]]
        ms_text = f"{ms:.1f}" if ms is not None else "–"
        lines.append(f"| {r['game']} | {r['players']} | {r['challenger']} vs {r['opponent']} | {r['games']} | "
                     f"{r['win_rate']:.0%} | {r['ci95'][0]:.0%}–{r['ci95'][1]:.0%} | {r['fair_share']:.0%} | "
                     f"{ms_text} |")
    return "\n".join(lines) + "\n"
