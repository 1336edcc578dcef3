"""Koryo heuristics: a one-step look-ahead on a "soft score" of the public tables.

soft score of a seat = gold − events + the points of the majorities it holds (a tied top
counts a little) + a small value for each power it holds while rounds remain. An action is
worth the change of (my soft score − the best and the average opponent's) it makes; a play
is judged on the table that would remain after the end-of-round discard.
"""

from __future__ import annotations

from ...bots.ismcts import rank_rewards
from . import cards as C
from .rules import holds_power, power_holder, spy_protected

# value of holding a power for one more round (per remaining round where it says so)
POWER_VALUE = {C.SPY: 0.6, C.SENATOR: 0.8, C.PRIEST: 0.3, C.SHIPOWNER: 0.4, C.BANKER: 0.9,
               C.GUARDIAN: 0.5, C.BROADCASTER: 0.4}
TIE_SHARE = 0.25


#: one past the last character kind
_AFTER_CHARACTERS = C.MERCHANT + 1


#: _power_amounts by (rounds left, bank, gold of all seats): a few hundred lists, shared, never changed
_AMOUNTS: dict[tuple[int, int, int], list] = {}


def _power_amounts(coins: list[int], rounds_left: int, bank: int) -> list:
    """By kind: what holding its power adds to the holder's soft score (None: no power, or no round
    left); the Priest's is a pair (no event on the holder's table, some). Shared: read only."""
    key = (rounds_left, bank, sum(coins))
    amounts = _AMOUNTS.get(key)
    if amounts is None:
        amounts = _AMOUNTS[key] = _new_power_amounts(key[2], rounds_left, bank)
    return amounts


def _new_power_amounts(gold: int, rounds_left: int, bank: int) -> list:
    """_power_amounts, worked out (``gold``: the coins of every seat)."""
    amounts: list = [None] * _AFTER_CHARACTERS
    if rounds_left > 0:
        for k, value in POWER_VALUE.items():
            if k == C.BANKER:
                amounts[k] = value * min(bank, rounds_left)
            elif k == C.PRIEST:
                amounts[k] = (value + 0.0, value + 0.7)
            elif k == C.SPY:
                amounts[k] = value * min(rounds_left, 1 + gold // 2)
            else:
                amounts[k] = value * min(rounds_left, 3)
    return amounts


def _column_additions(column: list[int] | tuple[int, ...], k: int, tables: list[list[int]],
                      amounts: list) -> list[tuple[int, float]]:
    """What character kind `k` adds to the soft scores, in order: [(seat, amount), ...], given its
    column (each seat's count of `k`, in seat order) and the powers' amounts (_power_amounts): the
    majority's points (a share of them to each seat tied for the most, in seat order), then the
    power's value to its holder (the majority, or on a tie power_holder's tied Omniscient holder)."""
    best = max(column)
    if not best:  # nobody has one
        return []
    if column.count(best) == 1:
        holder = column.index(best)
        additions = [(holder, k)]
    else:  # most_cards: the seats tied for the most
        share = TIE_SHARE * k
        additions = []
        holder = None
        for p, count in enumerate(column):
            if count == best:
                additions.append((p, share))
                if holder is None and tables[p][C.OMNISCIENT]:
                    holder = p
    amount = amounts[k]
    if amount is not None and holder is not None:
        if k == C.PRIEST:
            table = tables[holder]
            amount = amount[1] if table[C.BARBARIAN] + table[C.LOBBYING] else amount[0]
        additions.append((holder, amount))
    return additions


def _base_scores(tables: list[list[int]], coins: list[int]) -> list[float]:
    return [float(coins[p] - table[C.BARBARIAN] - table[C.LOBBYING]) for p, table in enumerate(tables)]


def soft_scores(tables: list[list[int]], coins: list[int], rounds_left: int, bank: int) -> list[float]:
    soft = _base_scores(tables, coins)
    amounts = _power_amounts(coins, rounds_left, bank)
    for k, column in enumerate(zip(*tables)):
        if 0 < k < _AFTER_CHARACTERS:  # the characters' columns
            for p, amount in _column_additions(column, k, tables, amounts):
                soft[p] += amount
    return soft


class SoftScores:
    """soft_scores of tables that differ from `tables` in one seat's table only (a play, a discard,
    a destroyed card), with the same result: a kind's additions depend only on that kind's
    column, the Omniscient (ties) and the Priest holder's events, so the other kinds' additions
    are kept from `tables` and everything is added up again in soft_scores' order.

    When the changed seat's events (and Omniscient) are unchanged, every seat's sum is the same as
    `tables`' up to the first kind whose column changed: ``prefix[k]`` keeps the soft scores of
    `tables` before kind k is added (``soft`` is soft_scores(tables, ...)), and ``of`` goes on from
    there, adding the same amounts in the same order (so the floats are the same to the last bit)."""

    def __init__(self, tables: list[list[int]], coins: list[int], rounds_left: int, bank: int) -> None:
        self.tables, self.coins, self.rounds_left, self.bank = tables, coins, rounds_left, bank
        self.amounts = amounts = _power_amounts(coins, rounds_left, bank)
        self.additions = additions = [[]] * _AFTER_CHARACTERS  # by kind (index 0 unused)
        self.prefix = prefix = [[]] * _AFTER_CHARACTERS
        soft = _base_scores(tables, coins)
        columns = list(zip(*tables))
        for k in C.CHARACTERS:
            prefix[k] = soft[:]
            column = columns[k]
            if max(column):
                additions[k] = kind_additions = _column_additions(column, k, tables, amounts)
                for p, amount in kind_additions:
                    soft[p] += amount
        self.soft = soft

    def of(self, tables: list[list[int]], changed: int) -> list[float]:
        old, new = self.tables[changed], tables[changed]
        if old[C.OMNISCIENT] != new[C.OMNISCIENT]:
            return soft_scores(tables, self.coins, self.rounds_left, self.bank)
        if old[C.BARBARIAN] != new[C.BARBARIAN] or old[C.LOBBYING] != new[C.LOBBYING]:
            # the changed seat's base and the Priest's value change: everything added up again
            return self._add(_base_scores(tables, self.coins), tables, changed, C.CHARACTERS, C.PRIEST)
        for first in C.CHARACTERS:
            if old[first] != new[first]:
                break
        else:  # no character changed either
            return self.soft[:]
        return self._add(self.prefix[first][:], tables, changed, range(first, _AFTER_CHARACTERS))

    def _add(self, soft: list[float], tables: list[list[int]], changed: int, kinds, recount: int = -1) -> list[float]:
        """``soft`` with each of ``kinds``' additions added in order: worked out on ``tables`` for a
        kind whose count changed at seat ``changed`` (or ``recount``), else kept from ``__init__``."""
        old, new, amounts = self.tables[changed], tables[changed], self.amounts
        for k in kinds:
            if old[k] != new[k] or k == recount:
                additions = _column_additions([table[k] for table in tables], k, tables, amounts)
            else:
                additions = self.additions[k]
            for p, amount in additions:
                soft[p] += amount
        return soft

    def minus_one(self, seat: int, kind: int) -> list[float]:
        """``of(_with(tables, seat, {kind: -1}), seat)``, one character card fewer (a destroy, a discard):
        only that kind's column changes (the Omniscient aside, the tables of ``__init__`` answer the
        rest of what its additions read: ties, the Priest holder's events)."""
        tables = self.tables
        if kind == C.OMNISCIENT:
            return soft_scores(_with(tables, seat, {kind: -1}), self.coins, self.rounds_left, self.bank)
        column = [table[kind] for table in tables]
        column[seat] -= 1
        soft = self.prefix[kind][:]
        for p, amount in _column_additions(column, kind, tables, self.amounts):
            soft[p] += amount
        additions = self.additions
        for k in range(kind + 1, _AFTER_CHARACTERS):
            for p, amount in additions[k]:
                soft[p] += amount
        return soft


def relative(soft: list[float], seat: int) -> float:
    others = soft[:seat] + soft[seat + 1:]  # in seat order, as soft_scores added them up
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
    base = relative(soft.soft, seat)  # soft_scores(tables, ...)
    best = 0.0
    for p in range(len(tables)):
        if p == seat or p == guardian:
            continue
        for k in C.CHARACTERS:
            if tables[p][k]:
                best = max(best, relative(soft.minus_one(p, k), seat) - base)
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
        return [relative(soft.minus_one(a["target"], a["kind"]), seat) for a in legal]
    if step == "swap":
        out = []
        for a in legal:
            t = _with(tables, a["a"], {a["ka"]: -1, a["kb"]: 1})
            t = _with(t, a["b"], {a["kb"]: -1, a["ka"]: 1})
            out.append(value(t, coins, seat, rounds_left, bank))
        return out
    if step == "discard":
        soft = SoftScores(tables, coins, rounds_left, bank)
        return [relative(soft.minus_one(seat, a["kind"]), seat) + 0.01 * a["kind"] for a in legal]
    return [0.0] * len(legal)


def _play_scores(view: dict, legal: list[dict], seat: int, rounds_left: int) -> list[float]:
    plays = [{a["kind"]: a["count"]} if a["type"] == "play" else {k: 1 for k in a["kinds"]} for a in legal]
    return _play_values(view["tables"], view["coins"], view["bank"], view["limit"], seat, rounds_left, plays)


def _play_values(tables: list[list[int]], coins: list[int], bank: int, keep: int, seat: int, rounds_left: int,
                 plays: list[dict[int, int]]) -> list[float]:
    """_play_scores of plays given as {kind: count} (the cards each adds to ``seat``'s table)."""
    senator = holds_power(tables, seat, C.SENATOR)
    barbarian_gain = None
    lobby_ok = spy_protected(tables) != seat
    soft = SoftScores(tables, coins, rounds_left, bank)
    out = []
    for changes in plays:
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
    return rank_rewards(soft_scores(state["tables"], state["coins"], C.ROUNDS - state["round"], state["bank"]))


#: the hard bot's budget and settings for Koryo (see pygames/bots/ismcts.py)
HARD = {"iterations": 600}
