"""Which coins travel where between two renders of a table (site/main.py draws the tokens).

A board marks every place that holds coins or tokens with ``html.purse_attrs``: ``data-purse`` (what
kind: Coup's coins, Koryo's gold, Tournay's deniers, Great Houses' gold and power, Oriflamme's
influence), ``data-amount`` (how many, when the view says) and ``data-bank`` on the supply that pays
and takes what no player does. Before and after a redraw the glue reads those places (by their
``data-anim-id``); ``coin_flows`` pairs the places that lost coins with those that gained some of the
same kind, in the order they appear, and sends the rest to or from the bank. Pure data, no DOM, so
CPython tests it (tests/ui/test_table_motion.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Purse:
    """One place holding coins on the screen: its kind, its amount (None: not counted, as a bank
    may be), whether it is the bank, and the anim id it came from (``data-anim-from``), if any."""
    kind: str
    amount: int | None
    bank: bool = False
    came_from: str | None = None


@dataclass(frozen=True)
class Flow:
    """``count`` coins of ``kind`` travel from the place ``source`` (where it was before the redraw)
    to the place ``target`` (where it is after)."""
    source: str
    target: str
    count: int
    kind: str


def _delta(ident: str, now: Purse, before: dict[str, Purse]) -> int | None:
    old = before.get(ident)
    if old is None and now.came_from:  # a card turned over: its tokens were on its back
        old = before.get(now.came_from)
    if old is None or old.kind != now.kind or old.amount is None or now.amount is None:
        return None
    return now.amount - old.amount


def coin_flows(before: dict[str, Purse], after: dict[str, Purse]) -> list[Flow]:
    """The coins that moved from ``before`` to ``after`` (both: anim id -> Purse, in page order).
    A place that is gone lost all it had; a new place (nothing before, no data-anim-from) is not
    counted: what it holds was not seen arriving."""
    flows: list[Flow] = []
    kinds = list(dict.fromkeys([p.kind for p in after.values()] + [p.kind for p in before.values()]))
    for kind in kinds:
        payers: list[list] = []  # [anim id, coins still to send]
        takers: list[list] = []
        for ident, now in after.items():
            if now.kind != kind:
                continue
            change = _delta(ident, now, before)
            if change is None or change == 0:
                continue
            (takers if change > 0 else payers).append([ident, abs(change)])
        for ident, old in before.items():
            if old.kind == kind and ident not in after and old.amount and \
                    not any(p.came_from == ident for p in after.values()):
                payers.append([ident, old.amount])
        for payer in payers:
            for taker in takers:
                if payer[1] == 0:
                    break
                moved = min(payer[1], taker[1])
                if moved:
                    flows.append(Flow(payer[0], taker[0], moved, kind))
                    payer[1] -= moved
                    taker[1] -= moved
        bank_after = next((i for i, p in after.items() if p.kind == kind and p.bank), None)
        bank_before = next((i for i, p in before.items() if p.kind == kind and p.bank), None)
        for payer in payers:
            if payer[1] and bank_after is not None and payer[0] != bank_after:
                flows.append(Flow(payer[0], bank_after, payer[1], kind))
        for taker in takers:
            if taker[1] and bank_before is not None and taker[0] != bank_before:
                flows.append(Flow(bank_before, taker[0], taker[1], kind))
    return flows
