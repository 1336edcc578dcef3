"""Koryo heuristics: a one-step look-ahead on a "soft score" of the public tables.

soft score of a seat = gold − events + the points of the majorities it holds (a tied top
counts a little) + a small value for each power it holds while rounds remain. An action is
worth the change of (my soft score − the best and the average opponent's) it makes; a play
is judged on the table that would remain after the end-of-round discard.
"""

from __future__ import annotations

from . import cards as C
from .rules import holds_power, most_cards, power_holder, spy_protected

# value of holding a power for one more round (per remaining round where it says so)
POWER_VALUE = {C.SPY: 0.6, C.SENATOR: 0.8, C.PRIEST: 0.3, C.SHIPOWNER: 0.4, C.BANKER: 0.9,
               C.GUARDIAN: 0.5, C.BROADCASTER: 0.4}
TIE_SHARE = 0.25


def _kind_additions(tables: list[list[int]], k: int, coins: list[int], rounds_left: int,
                    bank: int) -> list[tuple[int, float]]:
    """What character kind `k` adds to the soft scores, in order: [(seat, amount), ...]."""
    top = most_cards(tables, k)
    if not top:
        return []
    if len(top) == 1:
        holder = top[0]
        additions = [(holder, k)]
    else:
        additions = [(p, TIE_SHARE * k) for p in top]
        # power_holder's rule for a tie, on the top already found: the tied Omniscient holder
        holder = next((p for p in top if tables[p][C.OMNISCIENT]), None)
    if rounds_left > 0 and holder is not None and k in POWER_VALUE:
        value = POWER_VALUE[k]
        if k == C.BANKER:
            additions.append((holder, value * min(bank, rounds_left)))
        elif k == C.PRIEST:
            events = tables[holder][C.BARBARIAN] + tables[holder][C.LOBBYING]
            additions.append((holder, value + (0.7 if events else 0.0)))
        elif k == C.SPY:
            additions.append((holder, value * min(rounds_left, 1 + sum(coins) // 2)))
        else:
            additions.append((holder, value * min(rounds_left, 3)))
    return additions


def _base_scores(tables: list[list[int]], coins: list[int]) -> list[float]:
    return [float(coins[p] - table[C.BARBARIAN] - table[C.LOBBYING]) for p, table in enumerate(tables)]


def soft_scores(tables: list[list[int]], coins: list[int], rounds_left: int, bank: int) -> list[float]:
    soft = _base_scores(tables, coins)
    for k in C.CHARACTERS:
        for p, amount in _kind_additions(tables, k, coins, rounds_left, bank):
            soft[p] += amount
    return soft


class SoftScores:
    """soft_scores of tables that differ from `tables` in one seat's table only (a play, a discard,
    a destroyed card), with the same result: a kind's additions depend only on that kind's
    column, the Omniscient (ties) and the Priest holder's events, so the other kinds' additions
    are kept from `tables` and everything is added up again in soft_scores' order."""

    def __init__(self, tables: list[list[int]], coins: list[int], rounds_left: int, bank: int) -> None:
        self.tables, self.coins, self.rounds_left, self.bank = tables, coins, rounds_left, bank
        self.additions = {k: _kind_additions(tables, k, coins, rounds_left, bank) for k in C.CHARACTERS}

    def of(self, tables: list[list[int]], changed: int) -> list[float]:
        old, new = self.tables[changed], tables[changed]
        if old[C.OMNISCIENT] != new[C.OMNISCIENT]:
            return soft_scores(tables, self.coins, self.rounds_left, self.bank)
        events_changed = old[C.BARBARIAN] != new[C.BARBARIAN] or old[C.LOBBYING] != new[C.LOBBYING]
        soft = _base_scores(tables, self.coins)
        for k in C.CHARACTERS:
            if old[k] != new[k] or (k == C.PRIEST and events_changed):
                additions = _kind_additions(tables, k, self.coins, self.rounds_left, self.bank)
            else:
                additions = self.additions[k]
            for p, amount in additions:
                soft[p] += amount
        return soft


def relative(soft: list[float], seat: int) -> float:
    others = [s for p, s in enumerate(soft) if p != seat]
    if not others:
        return soft[seat]
    return soft[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def value(tables, coins, seat, rounds_left, bank) -> float:
    return relative(soft_scores(tables, coins, rounds_left, bank), seat)


def trim(tables: list[list[int]], seat: int, keep: int) -> list[list[int]]:
    """My table after a cheap guess at the end-of-round discard down to `keep` cards."""
    table = tables[seat]
    excess = sum(table) - keep
    if excess <= 0:
        return tables
    table = list(table)
    rivals = [t for p, t in enumerate(tables) if p != seat]
    others = [max(column) for column in zip(*rivals)] if rivals else [0] * C.NUM_KINDS  # the best rival per kind
    # 1) surplus over a lead, 2) kinds where I am behind (low first), 3) leads (low first)
    for k in C.CHARACTERS:
        if excess and table[k] > others[k] + 1:
            drop = min(excess, table[k] - others[k] - 1)
            table[k] -= drop
            excess -= drop
    for k in C.CHARACTERS:
        if excess and 0 < table[k] <= others[k]:
            drop = min(excess, table[k])
            table[k] -= drop
            excess -= drop
    for k in C.CHARACTERS:
        if excess and table[k]:
            drop = min(excess, table[k])
            table[k] -= drop
            excess -= drop
    result = list(tables)
    result[seat] = table
    return result


def _with(tables, seat, changes: dict[int, int]) -> list[list[int]]:
    result = list(tables)
    table = list(tables[seat])
    for k, d in changes.items():
        table[k] += d
    result[seat] = table
    return result


def _best_destroy(tables, coins, seat, rounds_left, bank) -> float:
    guardian = power_holder(tables, C.GUARDIAN)
    soft = SoftScores(tables, coins, rounds_left, bank)
    base = relative(soft_scores(tables, coins, rounds_left, bank), seat)
    best = 0.0
    for p in range(len(tables)):
        if p == seat or p == guardian:
            continue
        for k in C.CHARACTERS:
            if tables[p][k]:
                best = max(best, relative(soft.of(_with(tables, p, {k: -1}), p), seat) - base)
    return best


def scores(view: dict, legal: list[dict], seat: int, rng) -> list[float]:
    tables, coins, bank = view["tables"], view["coins"], view["bank"]
    rounds_left = view["rounds"] - view["round"]
    step = view["step"]
    if step == "play":
        return _play_scores(view, legal, seat, rounds_left)
    if step == "steal":
        soft = soft_scores(tables, coins, rounds_left, bank)
        return [soft[a["target"]] + 0.01 * coins[a["target"]] for a in legal]
    if step == "priest":
        return [1.0 if a["kind"] == C.BARBARIAN else 0.9 for a in legal]
    if step == "destroy":
        soft = SoftScores(tables, coins, rounds_left, bank)
        return [relative(soft.of(_with(tables, a["target"], {a["kind"]: -1}), a["target"]), seat) for a in legal]
    if step == "swap":
        out = []
        for a in legal:
            t = _with(tables, a["a"], {a["ka"]: -1, a["kb"]: 1})
            t = _with(t, a["b"], {a["kb"]: -1, a["ka"]: 1})
            out.append(value(t, coins, seat, rounds_left, bank))
        return out
    if step == "discard":
        soft = SoftScores(tables, coins, rounds_left, bank)
        return [relative(soft.of(_with(tables, seat, {a["kind"]: -1}), seat), seat) + 0.01 * a["kind"]
                for a in legal]
    return [0.0] * len(legal)


def _play_scores(view: dict, legal: list[dict], seat: int, rounds_left: int) -> list[float]:
    tables, coins, bank = view["tables"], view["coins"], view["bank"]
    keep = view["limit"]
    senator = holds_power(tables, seat, C.SENATOR)
    barbarian_gain = None
    lobby_ok = spy_protected(tables) != seat
    soft = SoftScores(tables, coins, rounds_left, bank)
    out = []
    for a in legal:
        changes = {a["kind"]: a["count"]} if a["type"] == "play" else {k: 1 for k in a["kinds"]}
        after = _with(tables, seat, changes)
        limit = keep + (C.SENATOR_BONUS if senator or holds_power(after, seat, C.SENATOR) else 0)
        trimmed = trim(after, seat, limit)
        score = relative(soft.of(trimmed, seat), seat)
        barbarians = changes.get(C.BARBARIAN, 0)
        if barbarians:
            if barbarian_gain is None:
                barbarian_gain = _best_destroy(after, coins, seat, rounds_left, bank)
            score += barbarian_gain * (1 + 0.6 * (barbarians - 1))
        if changes.get(C.LOBBYING, 0) and lobby_ok:
            score += 1.2 * (1 + 0.5 * (changes[C.LOBBYING] - 1))
        # cards beyond the limit are wasted; a small nudge towards not overplaying
        score -= 0.05 * max(0, sum(after[seat]) - limit)
        out.append(score)
    return out


def rollout(game, state: dict, legal: list[dict], rng) -> dict:
    """Cheap playout policy on full states (hard bot): mostly greedy plays, random elsewhere."""
    if len(legal) == 1 or rng.random() < 0.25:
        return legal[rng.randbelow(len(legal))]
    step = state["step"]
    seat = state["turn"]
    if step == "play":
        best: dict[int, dict] = {}
        for a in legal:  # the largest set of each kind
            if a["type"] == "play" and a["count"] >= best.get(a["kind"], {"count": 0})["count"]:
                best[a["kind"]] = a
        candidates = list(best.values())
        light = {"tables": state["tables"], "coins": state["coins"], "bank": state["bank"],
                 "rounds": C.ROUNDS, "round": state["round"], "limit": C.LIMIT[state["round"]]}
        values = _play_scores(light, candidates, seat, C.ROUNDS - state["round"])
        return candidates[max(range(len(candidates)), key=values.__getitem__)]
    if step in ("destroy", "discard", "steal"):
        light = {"tables": state["tables"], "coins": state["coins"], "bank": state["bank"],
                 "rounds": C.ROUNDS, "round": state["round"], "step": step}
        values = scores(light, legal, seat, rng)
        return legal[max(range(len(legal)), key=values.__getitem__)]
    return legal[rng.randbelow(len(legal))]


def evaluate(game, state: dict) -> list[float]:
    """Rewards in [0, 1] for a playout cut before the end: rank on the soft scores."""
    soft = soft_scores(state["tables"], state["coins"], C.ROUNDS - state["round"], state["bank"])
    n = len(soft)
    return [(sum(1.0 for t in soft if t < s) + 0.5 * (sum(1.0 for t in soft if t == s) - 1)) / (n - 1)
            for s in soft]


#: the hard bot's budget and settings for Koryo (see pygames/bots/ismcts.py)
HARD = {"iterations": 600}
