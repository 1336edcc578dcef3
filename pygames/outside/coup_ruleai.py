"""Our Coup bots against an outside opponent: RuleAI of coupml (PyPI ``coupml==0.1.1``, Apache-2.0),
a Python port of the rule-based AI of octachrome/treason.

Our engine referees. At each decision our engine asks of a RuleAI seat, ``RuleAIBot`` builds a
coupml-format state from that seat's **view only** (its own hand, the others' card counts, coins,
revealed cards, and each player's claim history read from the public log), asks RuleAI, and maps
its answer back to one of our legal actions. Every mapping choice is listed in docs/bots.md
("An outside yardstick"). Where RuleAI is asked to prove a challenged claim and holds the card,
the bridge shows it (treason's engine does so by itself; the port as published reveals a card at
random, which gives cards away).

Base game only (no factions, inquisitor, diplomat). Never shipped in the site (see
``pygames/outside/__init__.py``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

from coupml import rule_ai

from ..bots import Bot, make_bot
from ..bots.arena import play_bots, summarize, wilson_interval, write_figure
from ..core import Action, Game, Rng, View

LEVEL = "ruleai"


def options_for(num_players: int) -> dict[str, Any]:
    """The setup of every outside game, as its rows record it: the base game with 2 coins each at
    every player count, as in treason and coupml (our own 2-player setup gives 1 coin each, as on BGA)."""
    return {"coins": [2] * num_players}


def first_state(game: Any, num_players: int, seed: int | str) -> dict:
    """The first state of an outside game: new_game's deal of the base game with the purses of
    options_for, checked by the rules' state check (new_game takes no fixed purses)."""
    state = game.new_game(num_players, seed)
    state["coins"] = list(options_for(num_players)["coins"])
    state["log"][-1]["params"]["coins"] = list(state["coins"])  # the round's first entry shows the purses
    return game.from_dict(game.to_dict(state))


class NumpyLikeRandom:
    """The three calls RuleAI makes on its ``np_random`` (rand, choice, shuffle), on our seeded Rng."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def rand(self) -> float:
        return self.rng.random()

    def choice(self, items: list) -> Any:
        return items[self.rng.randbelow(len(items))]

    def shuffle(self, items: list) -> None:
        self.rng.shuffle(items)


# --------------------------------------------------------------------------- view -> coupml state
def traces_from_log(log: list[dict], num_players: int) -> list[list[tuple[str, str | None]]]:
    """Each player's coupml ``trace`` read from the public log: ``("claim", card)`` for an action's
    character or a block, ``("reveal", card)`` for a card shown to prove a claim or lost,
    ``("lost_challenge", card)`` for a claim caught by a challenge, ``("exchange", None)`` for a
    finished exchange (coupml's own order and meaning)."""
    traces: list[list[tuple[str, str | None]]] = [[] for _ in range(num_players)]
    caught_seat = None  # the next "lose" of this seat is the card a caught claim already revealed
    for entry in log:
        key = entry["key"]
        p = entry["params"]
        s = p.get("seat")
        if key == "round_start":
            traces = [[] for _ in range(num_players)]
        elif key == "declare" and p.get("card") and not p.get("negative"):
            traces[s].append(("claim", p["card"]))
        elif key == "block":
            traces[s].append(("claim", p["card"]))
        elif key == "proven":
            traces[s].append(("reveal", p["card"]))
        elif key == "caught":
            traces[s].append(("reveal", p["card"]))
            traces[s].append(("lost_challenge", p["claimed"]))
            caught_seat = s
        elif key == "lose":
            if s == caught_seat and p.get("why") == "challenge":
                caught_seat = None
                continue
            traces[s].append(("reveal", p["card"]))
        elif key == "exchange_done":
            traces[s].append(("exchange", None))
    return traces


def coupml_state(view: View, seat: int, phase: str, **game_fields: Any) -> dict[str, Any]:
    """The coupml state RuleAI decides from, built from ``seat``'s view: its own hand, every other
    player's card count only (coupml's masked ``"hidden"`` entries), coins, revealed cards, traces."""
    n = view["num_players"]
    traces = traces_from_log(view["log"], n)
    players = []
    for s in range(n):
        hidden = list(view["hand"]) if s == seat else ["hidden"] * view["hand_counts"][s]
        players.append({"cash": view["coins"][s], "hidden": hidden, "revealed": list(view["lost"][s]),
                        "trace": traces[s]})
    info = view["info"] or {}
    game_state = {"phase": phase, "player_to_act": seat, "whose_turn": info.get("actor", view["turn"])}
    if info.get("action"):
        game_state["action"] = info["action"]
    if info.get("target") is not None:
        game_state["target_player"] = info["target"]
    game_state.update(game_fields)
    return {"game": game_state, "players": players}


# --------------------------------------------------------------------------- the bot
class RuleAIBot(Bot):
    """RuleAI (coupml) at one of our seats, deciding from that seat's view only.

    ``inputs`` records, for tests, each coupml state handed to RuleAI and its answer."""

    level = LEVEL

    def __init__(self, seed: int | str = 0, record: bool = False, **ruleai_settings: Any) -> None:
        super().__init__(seed)
        self.random = NumpyLikeRandom(self.rng)
        self.settings = ruleai_settings
        self.record = record
        self.inputs: list[tuple[dict, str]] = []
        self.unmapped = 0  # RuleAI answers with no legal counterpart here (see docs/bots.md)

    def _ask(self, state: dict[str, Any]) -> str:
        # recorded before asking: the port's end-game simulator appends bluffed roles to the hand list
        asked = json.loads(json.dumps(state)) if self.record else None
        answer = rule_ai.RuleAI(state, self.random, **self.settings).get_action()
        if asked is not None:
            self.inputs.append((asked, answer))
        return answer

    def think(self, game: Game, view: View, legal: list[Action], seat: int) -> Generator[None, None, Action]:
        if view["options"].get("factions") or view["options"].get("inquisitor") or view["options"].get("diplomat"):
            raise ValueError("RuleAI plays the base game only (no factions, inquisitor or diplomat)")
        return self._decide(view, legal, seat)
        yield  # pragma: no cover - makes this a generator

    def _decide(self, view: View, legal: list[Action], seat: int) -> Action:
        step = view["queue"][0]
        kind = step["k"]
        info = view["info"] or {}
        if kind == "act":
            return self._main_action(view, legal, seat)
        if kind == "react":
            return self._react(view, step, legal, seat)
        if kind == "reveal":
            claimed = info["block_card"] if step["stage"] == "block" else info["claim"]
            for action in legal:
                if action["card"] == claimed:
                    return action  # treason's engine proves a held claim by itself
            return self._reveal(view, legal, seat, rule_ai.PROVE_CHALLENGE)
        if kind == "lose":
            phase = rule_ai.INCORRECT_CHALLENGE if step["why"] == "challenge" else rule_ai.DIRECT_ATTACK
            return self._reveal(view, legal, seat, phase)
        if kind == "keep":
            pool = list(view["hand"]) + list(step["drawn"])
            answer = self._ask(coupml_state(view, seat, rule_ai.CHOOSE_NEW_ROLES, drawn_roles=pool))
            kept = sorted(answer.split(":", 1)[1].split(","))
            for action in legal:
                if sorted(action["cards"]) == kept:
                    return action
            return self._unmapped(legal)
        raise ValueError(f"RuleAI has no counterpart for the decision {kind!r}")

    def _unmapped(self, legal: list[Action]) -> Action:
        self.unmapped += 1
        return legal[0]

    def _reveal(self, view: View, legal: list[Action], seat: int, phase: str) -> Action:
        answer = self._ask(coupml_state(view, seat, phase))
        card = answer.split(":", 1)[1]
        for action in legal:
            if action["card"] == card:
                return action
        return self._unmapped(legal)

    def _main_action(self, view: View, legal: list[Action], seat: int) -> Action:
        answer = self._ask(coupml_state(view, seat, rule_ai.START_OF_TURN))
        name, _, target = answer.partition(":")
        wanted = {"type": name} | ({"target": int(target)} if target else {})
        if wanted in legal:
            return wanted
        # coupml lets a captain steal from a player with no coins, our rules do not: take income
        # (what the steal would have gained is nothing either way)
        return {"type": "income"} if {"type": "income"} in legal else self._unmapped(legal)

    def _react(self, view: View, step: dict, legal: list[Action], seat: int) -> Action:
        info = view["info"]
        types = {a["type"] for a in legal}
        if step["stage"] == "block":
            answer = self._ask(coupml_state(view, seat, rule_ai.AWAITING_BLOCK_CHALLENGE,
                                            blocked_with=info["block_card"], blocking_player=info["blocker"]))
            return {"type": "challenge"} if answer == rule_ai.CHALLENGE and "challenge" in types else {"type": "pass"}
        # one window of ours = coupml's challenge phase, then (for the target, or anyone against
        # foreign aid) its block phase
        if "challenge" in types:
            answer = self._ask(coupml_state(view, seat, rule_ai.AWAITING_CHALLENGE))
            if answer == rule_ai.CHALLENGE:
                return {"type": "challenge"}
        if "block" in types:
            answer = self._ask(coupml_state(view, seat, rule_ai.AWAITING_BLOCK))
            if answer.startswith("block:"):
                wanted = {"type": "block", "card": answer.split(":", 1)[1]}
                if wanted in legal:
                    return wanted
                return self._unmapped(legal)
        return {"type": "pass"}


# --------------------------------------------------------------------------- games and matches
def _bot(level: str, seed: str, settings: dict[str, dict]) -> Bot:
    if level == LEVEL:
        return RuleAIBot(seed, **settings.get(LEVEL, {}))
    return make_bot(level, seed, **settings.get(level, {}))


def challenge_record(log: list[dict], seat: int) -> dict[str, int]:
    """How ``seat``'s challenges went, and why it lost its cards (from the final log)."""
    record = {"challenges": 0, "challenges_won": 0, "cards_lost_challenging": 0,
              "caught_bluffing": 0, "cards_lost": 0, "eliminated_by_failed_challenge": 0}
    last_challenger = None
    last_lose = None
    for entry in log:
        key, p = entry["key"], entry["params"]
        if key == "challenge":
            last_challenger = p["seat"]
            if p["seat"] == seat:
                record["challenges"] += 1
        elif key == "caught":
            if last_challenger == seat:
                record["challenges_won"] += 1
            if p["seat"] == seat:
                record["caught_bluffing"] += 1
        elif key == "lose" and p["seat"] == seat:
            record["cards_lost"] += 1
            failed = p["why"] == "challenge" and last_challenger == seat
            if failed:
                record["cards_lost_challenging"] += 1
            last_lose = failed
        elif key == "eliminated" and p["seat"] == seat and last_lose:
            record["eliminated_by_failed_challenge"] += 1
    return record


def play_game(levels: list[str], seed: int | str, settings: dict[str, dict] | None = None,
              max_actions: int = 5000) -> dict[str, Any]:
    """One Coup game (base rules, 2 coins each) with a level per seat ("ruleai" or ours)."""
    from .. import get_game
    game = get_game("coup")
    n = len(levels)
    settings = settings or {}
    bots = [_bot(level, f"{seed}/seat{seat}", settings) for seat, level in enumerate(levels)]
    state, result = play_bots(game, bots, first_state(game, n, seed), max_actions, f"coup seed {seed}")
    log = game.view(state, None)["log"]
    return {**result, "records": [challenge_record(log, s) for s in range(n)],
            "unmapped": sum(getattr(b, "unmapped", 0) for b in bots)}


def _levels(challenger: str, num_players: int, index: int) -> list[str]:
    levels = [LEVEL] * num_players
    levels[index % num_players] = challenger
    return levels


def _job(job: tuple) -> dict[str, Any]:
    challenger, players, index, seed, settings = job
    return play_game(_levels(challenger, players, index), f"{seed}/{players}/{challenger}/{index}", settings)


def match(challenger: str, num_players: int, games: int, seed: str = "outside", jobs: int = 1,
          settings: dict[str, dict] | None = None) -> dict[str, Any]:
    """``challenger`` (a level of ours, or "ruleai" for the baseline) in one seat against RuleAI in
    every other seat, the challenger's seat rotating with the game's index."""
    jobs_list = [(challenger, num_players, i, seed, settings or {}) for i in range(games)]
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_job, jobs_list, chunksize=1)
    else:
        results = [_job(j) for j in jobs_list]
    return summarize_outside(challenger, num_players, results)


def summarize_outside(challenger: str, num_players: int, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The row of one outside match (``results`` in index order: the challenger's seat rotates)."""
    row = summarize("coup", challenger, LEVEL, num_players, results)
    seat_wins = [0.0] * num_players
    totals: dict[str, int] = {}
    for index, result in enumerate(results):
        seat = index % num_players
        for key, value in result["records"][seat].items():
            totals[key] = totals.get(key, 0) + value
        for w in result["winners"]:
            seat_wins[w] += 1.0 / len(result["winners"])
    row["challenger_record"] = totals
    row["seat_win_rates"] = [w / len(results) for w in seat_wins]
    row["unmapped"] = sum(r["unmapped"] for r in results)
    row["options"] = options_for(num_players)
    return row


# --------------------------------------------------------------------------- targets and the bench
#: issue 15's targets against RuleAI (win rate, wording)
def target_for(challenger: str, num_players: int) -> tuple[float, str] | None:
    fair = 1 / num_players
    if challenger == "hard":
        return {2: (0.65, "≥ 65%"), 3: (0.5, "≥ 50%"), 4: (0.4, "≥ 40%")}.get(num_players)
    if challenger == "normal":
        return (0.52, "≥ 52%") if num_players == 2 else (fair, "≥ fair share")
    if challenger == LEVEL:
        return (fair, "≈ fair share")
    return None


def meets(row: dict[str, Any]) -> bool | None:
    target = target_for(row["challenger"], row["players"])
    if target is None:
        return None
    if row["challenger"] == LEVEL:  # the baseline: the fair share lies inside the interval
        return row["ci95"][0] <= row["fair_share"] <= row["ci95"][1]
    return row["win_rate"] >= target[0]


PLAN = [(LEVEL, 2), (LEVEL, 3), (LEVEL, 4), ("normal", 2), ("normal", 3), ("normal", 4),
        ("hard", 2), ("hard", 3), ("hard", 4)]

TABLE_HEADER = ("| players | our level vs RuleAI | games | win rate | 95% CI | fair share | target | met | "
                "its challenges / game (won) | cards lost to failed challenges / game | "
                "hard ms/decision (mean / p95 / max, CPU) |\n"
                "|---:|---|---:|---:|---|---:|---|:-:|---|---:|---|")


def table_line(row: dict[str, Any]) -> str:
    games = row["games"] or 1
    rec = row.get("challenger_record", {})
    chal = rec.get("challenges", 0)
    won = rec.get("challenges_won", 0)
    ms = row.get("challenger_choice_cpu_ms") or {}
    timing = "–"
    if row["challenger"] == "hard" and ms.get("mean") is not None:
        timing = f"{ms['mean']:.0f} / {ms['p95']:.0f} / {ms['max']:.0f}"
    met = {True: "✓", False: "✗", None: ""}[meets(row)]
    target = (target_for(row["challenger"], row["players"]) or (None, ""))[1]
    who = "RuleAI (baseline)" if row["challenger"] == LEVEL else row["challenger"]
    return (f"| {row['players']} | {who} | {row['games']} | {row['win_rate']:.1%} | "
            f"{row['ci95'][0]:.0%}–{row['ci95'][1]:.0%} | {row['fair_share']:.0%} | {target} | {met} | "
            f"{chal / games:.2f} ({won / chal if chal else 0:.0%}) | "
            f"{rec.get('cards_lost_challenging', 0) / games:.2f} | {timing} |")


def hard_settings() -> dict[str, Any]:
    from ..bots.arena import hard_settings as arena_hard
    return arena_hard("coup")


#: the file of docs/figures/ the outside arena writes: name, the bench's option, heading
OUTSIDE_FIGURE = ("outside.md", "--bots --outside", "Coup against RuleAI")


def bench(games: int = 400, hard_games: int | None = None, jobs: int = 1, json_path: Path | None = None,
          figures: Path | None = None, cells: list[tuple[str, int]] | None = None,
          log: Callable[[str], None] = print) -> list[dict[str, Any]]:
    """The outside plan (``cells`` of it): ``games`` per row, ``hard_games`` for the hard bot's rows;
    rows merge into ``json_path`` and the table is written into the folder ``figures`` as
    OUTSIDE_FIGURE."""
    rows: dict[tuple, dict[str, Any]] = {}
    if json_path is not None and json_path.exists():
        for row in json.loads(json_path.read_text(encoding="utf-8")).get("rows", []):
            rows[(row["challenger"], row["players"])] = row
    settings = {"hard": hard_settings()}
    for challenger, players in cells or PLAN:
        count = hard_games if challenger == "hard" and hard_games else games
        started = time.perf_counter()
        row = match(challenger, players, count, jobs=jobs, settings=settings)
        row["seconds"] = round(time.perf_counter() - started, 1)
        if challenger == "hard":
            row["hard_settings"] = settings["hard"]
        rows[(challenger, players)] = row
        log(table_line(row) + f"  ({row['seconds']:.0f} s)")
        if json_path is not None:
            _write_json(json_path, rows)
    ordered = sorted(rows.values(), key=lambda r: (PLAN.index((r["challenger"], r["players"]))
                                                  if (r["challenger"], r["players"]) in PLAN else 99))
    if figures is not None:
        write_figure(figures, OUTSIDE_FIGURE, TABLE_HEADER + "\n" + "\n".join(table_line(r) for r in ordered))
    return ordered


def _write_json(path: Path, rows: dict[tuple, dict[str, Any]]) -> None:
    import platform
    from importlib.metadata import version
    data = {"when": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "opponent": f"coupml {version('coupml')} RuleAI",
            "machine": {"python": platform.python_version(), "platform": platform.platform()},
            "rows": list(rows.values())}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


__all__ = ["RuleAIBot", "coupml_state", "traces_from_log", "play_game", "match", "bench", "wilson_interval"]
