"""Arena: seeded, seat-rotated games between bot levels, with win rates and 95% confidence intervals.

Win credit: a game's winners share one win (a two-way tie gives each 0.5).
"Fair share" for a level is the share of seats it holds.

``bench()`` is ``python3 build.py bench --bots``: the plan of matches below for every game,
played on several processes, written to bench/bots.json and as a table into docs/figures/arena.md.
The hard bot plays with its per-game iteration budget and no time limit, so that every
result is reproducible from its seed (the browser adds a time limit, see docs/bots.md).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import get_game
from ..core import Game
from . import make_bot

#: long matches log the challenger's running win count every this many games
PROGRESS_EVERY = 10


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional wins allowed)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_gap(share: float, num_players: int) -> float:
    """The Elo difference between one challenger and its equal opponents that a win share means.

    Two players: the usual logistic curve, share = 1 / (1 + 10^(-D/400)). More: Luce's choice model
    (Bradley-Terry for one winner among several), in which each player's chance of winning is its
    strength 10^(rating/400) over the sum of all the players' strengths, so one challenger against
    n - 1 equal opponents wins share = g / (g + n - 1), g = 10^(D/400). A share at the fair 1/n is
    0; a share of 0 or 1 is clipped to 0.1% from it, so that no row says infinity."""
    share = min(max(share, 1e-3), 1 - 1e-3)
    return 400 * math.log10(share * (num_players - 1) / (1 - share))


def parse_level(spec: str) -> tuple[str, dict[str, Any]]:
    """A level with settings of its own, ``LEVEL:KEY=VALUE,KEY=VALUE`` (e.g.
    ``hard:root_mode=tree,widen_k=2``), as (level, settings), so that two settings of one bot can meet
    in a match. A value is read as JSON when it is (numbers, true, null), else kept as a string."""
    level, _, rest = spec.partition(":")
    settings: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        try:
            key, value = parse_setting(item)
        except ValueError:
            raise ValueError(f"{spec!r}: settings are KEY=VALUE, separated by commas") from None
        settings[key] = value
    return level, settings


def parse_setting(item: str) -> tuple[str, Any]:
    """One bot setting ``KEY=VALUE``: the value read as JSON when it is (numbers, true, null), else
    kept as a string; ValueError without a key and an ``=``."""
    key, sep, text = item.partition("=")
    if not sep or not key:
        raise ValueError(f"a setting is KEY=VALUE, not {item!r}")
    try:
        return key, json.loads(text)
    except ValueError:
        return key, text


def play_game(game_id: str, levels: list[str], seed: int | str, options: dict | None = None,
              bot_settings: dict[str, dict] | None = None, max_actions: int = 50000) -> dict[str, Any]:
    """One game with the given bot level per seat. Returns winners, scores, length and think times
    (wall clock ``think`` and processor ``cpu`` seconds per seat, and the hard decisions' times)."""
    game = get_game(game_id)
    bots, paced = [], {}
    for seat, spec in enumerate(levels):
        # a level's settings, then a variant's ("hard:widen_k=2" gets the hard bot's and its own)
        level, own = parse_level(spec)
        settings = dict((bot_settings or {}).get(level, {}))
        if spec != level:
            settings.update((bot_settings or {}).get(spec, {}))
        settings.update(own)
        if "pace" in settings:  # the arena's, not the bot's: see play_bots
            paced[seat] = settings.pop("pace")
        bots.append(make_bot(level, f"{seed}/seat{seat}", **settings))
    _, result = play_bots(game, bots, game.new_game(len(levels), seed, options), max_actions,
                          f"{game_id} seed {seed}", paced)
    return result


def play_bots(game: Game, bots: list, state: dict, max_actions: int, label: str,
              paced: dict[int, float] | None = None) -> tuple[dict, dict[str, Any]]:
    """Play ``state`` to its end with one bot per seat (anything with ``choose(game, view, legal,
    seat)``): the final state, and winners, scores, length and think times (wall clock ``think``
    and processor ``cpu`` seconds per seat, and the times of decisions with a real choice).

    ``paced`` maps seats whose bot has a ``cpu_seconds`` budget (the textbook search) to a factor:
    before each of their decisions with a choice, the budget is what brings that seat's processor
    time over its decisions with a choice in this game so far to the factor × the mean time of the
    other seats' decisions with a choice so far, times its count of decisions (at least a quarter of
    that mean; the budget is kept as it is until the other seats have made one). So the two means of
    "equal CPU time per decision" are equal under the load of the moment, whatever a calibration
    measured before: the hard bot's decisions cost less as a game shortens its playouts (a Koryo
    game's last ones a tenth of its first), and a budget of the running mean alone gave the textbook
    search about 1.4× the hard bot's mean."""
    n = len(bots)
    think, cpu, decisions = [0.0] * n, [0.0] * n, [0] * n
    choices: list[list[float]] = [[] for _ in range(n)]  # cpu seconds of decisions with a real choice
    for _ in range(max_actions):
        seat = game.current_player(state)
        if seat is None:
            break
        legal = game.legal_actions(state)
        if paced and seat in paced and len(legal) > 1:
            others = [t for s in range(n) if s not in paced for t in choices[s]]
            if others:
                mean = paced[seat] * sum(others) / len(others)
                spent_so_far = sum(choices[seat])
                bots[seat].settings["cpu_seconds"] = max(mean * (len(choices[seat]) + 1) - spent_so_far, mean / 4)
        started, started_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(game, game.view(state, seat), legal, seat)
        think[seat] += time.perf_counter() - started
        spent = time.process_time() - started_cpu
        cpu[seat] += spent
        decisions[seat] += 1
        if len(legal) > 1:
            choices[seat].append(spent)
        state = game.apply(state, action)
    else:
        raise RuntimeError(f"{label}: the game did not end within {max_actions} actions")
    return state, {"winners": game.winners(state), "scores": game.scores(state), "actions": sum(decisions),
                   "think": think, "cpu": cpu, "decisions": decisions, "choices": choices}


def _seat_levels(challenger: str, opponent: str, num_players: int, index: int) -> tuple[int, list[str]]:
    seat = index % num_players
    levels = [opponent] * num_players
    levels[seat] = challenger
    return seat, levels


def match(game_id: str, challenger: str, opponent: str, num_players: int, games: int,
          seed: str = "arena", options: dict | None = None,
          bot_settings: dict[str, dict] | None = None, jobs: int = 1,
          log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """One challenger seat against ``num_players - 1`` opponents, the challenger's seat rotating;
    on ``jobs`` processes (the same games and results, in index order, whatever ``jobs``). With
    ``log``, the running win count every PROGRESS_EVERY games."""
    cells = [(game_id, _seat_levels(challenger, opponent, num_players, index)[1],
              f"{seed}/{game_id}/{num_players}/{index}", options, bot_settings) for index in range(games)]
    loads = [load_average()]
    results: list[dict[str, Any]] = []
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(jobs)
    try:
        for result in pool.imap(_play_cell, cells, chunksize=1) if pool else map(_play_cell, cells):
            results.append(result)
            loads.append(load_average())
            if log is not None and len(results) % PROGRESS_EVERY == 0 and len(results) < games:
                log(progress_line(game_id, challenger, opponent, num_players, results, loads[-1]))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    row = summarize(game_id, challenger, opponent, num_players, results)
    row["load_average"] = load_summary(loads)
    return row


def progress_line(game_id: str, challenger: str, opponent: str, num_players: int,
                  results: list[dict[str, Any]], load: float | None) -> str:
    """How far a long match has got: the challenger's wins so far, and the load average now."""
    part = summarize(game_id, challenger, opponent, num_players, results)
    return (f"  {game_id} {num_players}p {challenger}-{opponent}: {part['wins']:g} of {len(results)} so far, "
            f"load average {load}")


def _play_cell(cell: tuple) -> dict[str, Any]:
    game_id, levels, seed, options, settings = cell
    return play_game(game_id, levels, seed, options, settings)


def load_average() -> float | None:
    """The machine's load average over the last minute (None where the system has none)."""
    import os
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def load_summary(samples: list[float | None]) -> dict[str, float] | None:
    """The load averages sampled during a match (one before it and one after each game): first,
    last, mean, lowest and highest."""
    values = [v for v in samples if v is not None]
    if not values:
        return None
    return {"start": values[0], "end": values[-1], "mean": round(sum(values) / len(values), 2),
            "min": min(values), "max": max(values)}


def calibrate_textbook(game_id: str, num_players: int, hard: dict[str, Any], games: int = 4,
                       seed: str = "calibrate", factor: float = 1.0) -> float:
    """The textbook search's CPU seconds per decision for "equal CPU time": ``factor`` × the hard
    bot's mean processor time per decision with a real choice (2+ legal actions; a single legal
    action costs neither bot anything), measured on ``games`` seeded games of the hard bot (with the
    settings ``hard``) against the normal bot, its seat rotating, at ``num_players``."""
    spent: list[float] = []
    for index in range(games):
        seat, levels = _seat_levels("hard", "normal", num_players, index)
        result = play_game(game_id, levels, f"{seed}/{game_id}/{num_players}/{index}", bot_settings={"hard": hard})
        spent.extend(result["choices"][seat])
    if not spent:
        raise ValueError(f"{game_id}: the hard bot had no decision with a choice in {games} games")
    return factor * sum(spent) / len(spent)


def summarize(game_id: str, challenger: str, opponent: str, num_players: int,
              results: list[dict[str, Any]]) -> dict[str, Any]:
    """The row of one match from its games (in index order: the challenger's seat rotates)."""
    wins = 0.0
    think = {challenger: 0.0, opponent: 0.0}
    decisions = {challenger: 0, opponent: 0}
    choice_cpu: list[float] = []
    opponent_cpu: list[float] = []
    total_actions = 0
    for index, result in enumerate(results):
        seat, levels = _seat_levels(challenger, opponent, num_players, index)
        if seat in result["winners"]:
            wins += 1.0 / len(result["winners"])
        total_actions += result["actions"]
        for s, level in enumerate(levels):
            think[level] += result["think"][s]
            decisions[level] += result["decisions"][s]
        choice_cpu.extend(result["choices"][seat])
        for other in range(num_players):
            if other != seat:
                opponent_cpu.extend(result["choices"][other])
    games = len(results)
    low, high = wilson_interval(wins, games)
    return {"game": game_id, "players": num_players, "challenger": challenger, "opponent": opponent,
            "games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [low, high],
            "fair_share": 1 / num_players, "mean_actions": total_actions / games if games else 0.0,
            "ms_per_decision": {k: 1000 * think[k] / decisions[k] if decisions[k] else None for k in think},
            "challenger_choice_cpu_ms": cpu_figures(choice_cpu),
            "opponent_choice_cpu_ms": cpu_figures(opponent_cpu)}


def cpu_figures(seconds: list[float]) -> dict[str, float | None]:
    """Mean, 95th percentile and longest of decisions' processor times, in ms (None if none)."""
    if not seconds:
        return {"mean": None, "p95": None, "max": None}
    ordered = sorted(seconds)
    return {"mean": 1000 * sum(ordered) / len(ordered), "p95": 1000 * ordered[int(0.95 * (len(ordered) - 1))],
            "max": 1000 * ordered[-1]}


def markdown_table(results: list[dict[str, Any]]) -> str:
    lines = ["| game | players | challenger vs opponents | games | win rate | 95% CI | fair share "
             "| Elo gap (95% CI) | ms/decision (challenger) |",
             "|---|---:|---|---:|---:|---|---:|---|---:|"]
    for r in results:
        ms = r["ms_per_decision"][r["challenger"]]
        ms_text = f"{ms:.1f}" if ms is not None else "–"
        n = r["players"]
        elo = (f"{elo_gap(r['win_rate'], n):+.0f} ({elo_gap(r['ci95'][0], n):+.0f} to "
               f"{elo_gap(r['ci95'][1], n):+.0f})")
        lines.append(f"| {r['game']} | {r['players']} | {r['challenger']} vs {r['opponent']} | {r['games']} | "
                     f"{r['win_rate']:.0%} | {r['ci95'][0]:.0%}–{r['ci95'][1]:.0%} | {r['fair_share']:.0%} | "
                     f"{elo} | {ms_text} |")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- the bench
def target_for(challenger: str, opponent: str, num_players: int) -> tuple[float, str] | None:
    """The win rate a challenger must reach against its opponents (issue 7's targets), and its wording."""
    fair = 1 / num_players
    if (challenger, opponent) == ("normal", "random"):
        return (0.9, "≥ 90%") if num_players == 2 else (2 * fair, "≥ 2× fair share")
    if (challenger, opponent) == ("hard", "normal"):
        return (0.6, "≥ 60%") if num_players == 2 else (1.5 * fair, "≥ 1.5× fair share")
    if (challenger, opponent) == ("hard", "textbook"):  # issue 40, at equal CPU time per decision
        return (0.65, "≥ 65%") if num_players == 2 else (1.6 * fair, "≥ 1.6× fair share")
    if (challenger, opponent) == ("easy", "normal"):
        return (fair - 0.1, "clearly below fair share") if num_players == 2 else (fair - 0.05, "below fair share")
    return None


def meets(row: dict[str, Any]) -> bool | None:
    target = target_for(row["challenger"], row["opponent"], row["players"])
    if target is None:
        return None
    if row["challenger"] == "easy":
        return row["ci95"][1] < 1 / row["players"]  # easy loses clearly: even the upper bound is below
    return row["win_rate"] >= target[0]


MATCHES = ("normal-random", "easy-normal", "hard-normal", "hard-textbook")
#: processor time per decision the bench gives the textbook search, as a multiple of the hard bot's
#: mean: measured first on CALIBRATION_GAMES games against the normal bot, then in each game the
#: mean of the hard bot's decisions so far (``play_bots``' ``paced``); 1: "equal CPU time"
TEXTBOOK_FACTOR = 1.0
CALIBRATION_GAMES = 4


def plan(game_ids: list[str] | None = None, matches: list[str] | None = None) -> list[tuple[str, int, str, str]]:
    """The matches of the bench: (game, players, challenger, opponent). Normal against random at
    every player count (cheap), easy against normal at the smallest, hard against normal at the
    smallest and one larger count (the hard bot's games cost most of the bench's time), hard against
    the textbook search at equal CPU time at the smallest count. ``matches`` keeps only some kinds
    ("hard-normal"...)."""
    from .. import GAMES
    unknown = set(matches or ()) - set(MATCHES)
    if unknown:
        raise ValueError(f"unknown matches {sorted(unknown)}; matches: {', '.join(MATCHES)}")
    cells = []
    for game_id, game in GAMES.items():
        if game_ids and game_id not in game_ids:
            continue
        smallest = max(2, game.min_players)
        larger = [n for n in (3, 4) if n > smallest and game.min_players <= n <= game.max_players][:1]
        for n in range(smallest, game.max_players + 1):
            cells.append((game_id, n, "normal", "random"))
        cells.append((game_id, smallest, "easy", "normal"))
        for n in [smallest] + larger:
            cells.append((game_id, n, "hard", "normal"))
        cells.append((game_id, smallest, "hard", "textbook"))
    return [cell for cell in cells if not matches or f"{cell[2]}-{cell[3]}" in matches]


def _bench_game(job: tuple[str, int, str, str, int, dict]) -> dict[str, Any]:
    game_id, players, challenger, opponent, index, settings = job
    _, levels = _seat_levels(challenger, opponent, players, index)
    return play_game(game_id, levels, f"bench/{game_id}/{players}/{challenger}-{opponent}/{index}",
                     bot_settings=settings)


def hard_settings(game_id: str) -> dict[str, Any]:
    """The hard bot's settings in the bench: the game's defaults, without the time limit."""
    from .ismcts import settings_for
    settings = settings_for(get_game(game_id))
    settings["max_seconds"] = None
    return settings


def bench(games: int = 100, hard_games: int | None = None, jobs: int = 2, game_ids: list[str] | None = None,
          json_path: Path | None = None, figures: Path | None = None,
          log: Callable[[str], None] = print, matches: list[str] | None = None,
          players: list[int] | None = None) -> list[dict[str, Any]]:
    """Play the plan (``games`` per cell, ``hard_games`` for the hard bot's cells; only the player
    counts ``players`` if given) on ``jobs`` processes; merge the rows into ``json_path`` (rows of
    other cells are kept) and write the arena's table and the hard bot's settings into the folder
    ``figures`` (ARENA_FIGURE, SETTINGS_FIGURE). Returns every row.

    The file is read again before each write, so that runs of other games side by side (one
    process each) keep each other's rows."""
    mine: dict[tuple, dict[str, Any]] = {}
    cells = [cell for cell in plan(game_ids, matches) if not players or cell[1] in players]
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(jobs)
    try:
        for game_id, count_players, challenger, opponent in cells:
            count = hard_games if challenger == "hard" and hard_games else games
            settings = {"hard": hard_settings(game_id)} if "hard" in (challenger, opponent) else {}
            if opponent == "textbook":
                seconds = calibrate_textbook(game_id, count_players, settings["hard"], CALIBRATION_GAMES,
                                             factor=TEXTBOOK_FACTOR)
                settings["textbook"] = {"iterations": None, "cpu_seconds": seconds, "pace": TEXTBOOK_FACTOR}
            jobs_list = [(game_id, count_players, challenger, opponent, i, settings) for i in range(count)]
            started = time.perf_counter()
            loads = [load_average()]
            results = []
            for result in pool.imap(_bench_game, jobs_list, chunksize=1) if pool else map(_bench_game, jobs_list):
                results.append(result)
                loads.append(load_average())
                if len(results) % PROGRESS_EVERY == 0 and len(results) < count:  # long rows say how far they got
                    log(progress_line(game_id, challenger, opponent, count_players, results, loads[-1]))
            row = summarize(game_id, challenger, opponent, count_players, results)
            row["seconds"] = round(time.perf_counter() - started, 1)
            row["load_average"] = load_summary(loads)
            if settings:
                row["hard_settings"] = settings["hard"]
            if "textbook" in settings:
                row["textbook_settings"] = settings["textbook"]
            row["target"] = (target_for(challenger, opponent, count_players) or (None, ""))[1]
            row["met"] = meets(row)
            mine[(game_id, count_players, challenger, opponent)] = row
            log(table_line(row) + f"  ({row['seconds']:.0f} s)")
            if json_path is not None:
                write_json(json_path, {**saved_rows(json_path), **mine})
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    ordered = sorted({**saved_rows(json_path), **mine}.values(), key=_row_order)
    if figures is not None:
        write_figures(figures, ordered)
    return ordered


def _row_order(row: dict[str, Any]) -> tuple:
    from .. import GAME_IDS
    kinds = [("normal", "random"), ("easy", "normal"), ("hard", "normal"), ("hard", "textbook")]
    kind = (row["challenger"], row["opponent"])
    return (GAME_IDS.index(row["game"]) if row["game"] in GAME_IDS else 99,
            kinds.index(kind) if kind in kinds else 9, row["players"])


def saved_rows(path: Path | None) -> dict[tuple, dict[str, Any]]:
    """The rows of ``path`` (none if there is no file), by (game, players, challenger, opponent)."""
    if path is None or not path.exists():
        return {}
    return {(row["game"], row["players"], row["challenger"], row["opponent"]): row
            for row in json.loads(path.read_text(encoding="utf-8")).get("rows", [])}


def write_json(path: Path, rows: dict[tuple, dict[str, Any]]) -> None:
    import platform
    data = {"when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "machine": {"python": platform.python_version(), "platform": platform.platform()},
            "rows": sorted(rows.values(), key=_row_order)}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


TABLE_HEADER = ("| game | players | match | games | win rate | 95% CI | fair share | target | met | "
                "hard ms/decision (mean / p95 / max, CPU) | load average |\n"
                "|---|---:|---|---:|---:|---|---:|---|:-:|---|---|")


def table_line(row: dict[str, Any]) -> str:
    ms = row.get("challenger_choice_cpu_ms") or {}
    timing = "–"
    if row["challenger"] == "hard" and ms.get("mean") is not None:
        timing = f"{ms['mean']:.0f} / {ms['p95']:.0f} / {ms['max']:.0f}"
        other = (row.get("opponent_choice_cpu_ms") or {}).get("mean")
        if row["opponent"] == "textbook" and other is not None:
            timing += f"; textbook {other:.0f} mean"
    met = {True: "✓", False: "✗", None: ""}[row.get("met")]
    load = row.get("load_average")
    load_text = f"{load['min']:.1f}–{load['max']:.1f}" if load else "–"
    return (f"| {row['game']} | {row['players']} | {row['challenger']} vs {row['opponent']} | {row['games']} | "
            f"{row['win_rate']:.0%} | {row['ci95'][0]:.0%}–{row['ci95'][1]:.0%} | {row['fair_share']:.0%} | "
            f"{row.get('target', '')} | {met} | {timing} | {load_text} |")


def write_figure(folder: Path, figure: tuple[str, str, str], table: str) -> Path:
    """Write ``table`` as the whole file of ``figure`` (its name, the option of ``python3 build.py
    bench`` that writes it, its heading) in ``folder`` (docs/figures/: the bench owns those files and
    the docs link to them): a first line naming what writes it, the heading, the table. Returns the
    file's path."""
    name, option, heading = figure
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<!-- written by python3 build.py bench ({option}); edit the bench, not this file -->\n"
                    f"# {heading}\n\n{table}\n", encoding="utf-8")
    return path


#: the files of docs/figures/ the arena writes: name, the bench's option, heading
ARENA_FIGURE = ("arena.md", "--bots", "The arena: bot levels against each other")
SETTINGS_FIGURE = ("bot-settings.md", "--bots", "The hard bot's settings per game")


def settings_table() -> str:
    """The hard bot's settings per game (the UI's: ``ismcts.settings_for``)."""
    from .. import GAMES
    from .ismcts import DEFAULTS, settings_for
    keys = list(DEFAULTS)
    lines = ["| game | " + " | ".join(keys) + " |", "|---|" + "---:|" * len(keys)]
    for game_id, game in GAMES.items():
        settings = settings_for(game)
        lines.append(f"| {game_id} | " + " | ".join(str(settings[k]) for k in keys) + " |")
    return "\n".join(lines)


def write_figures(folder: Path, rows: list[dict[str, Any]]) -> None:
    """The arena's table of ``rows`` and the hard bot's settings, each as its file in ``folder``."""
    write_figure(folder, ARENA_FIGURE, TABLE_HEADER + "\n" + "\n".join(table_line(r) for r in rows))
    write_figure(folder, SETTINGS_FIGURE, settings_table())
