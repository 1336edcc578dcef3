"""Koryo's tables and their majorities: piles as count vectors, the deck's composition, who holds
a character's power (the majority, the Omniscient breaking ties), who scores it at the end, the
Spy's protection from Lobbying, and the final breakdown (docs/rules/koryo.md). Pure functions, used
by the rules, the bot and the board.
"""

from __future__ import annotations

from typing import Any

from . import cards as C

K = C.NUM_KINDS


def empty_pile() -> list[int]:
    return [0] * K


def composition(split: str) -> list[int]:
    """Count vector of the whole deck for an event split."""
    pile = empty_pile()
    for kind in C.CHARACTERS:
        pile[kind] = kind
    pile[C.BARBARIAN], pile[C.LOBBYING] = C.EVENT_SPLITS[split]
    return pile


def most_cards(tables: list[list[int]], kind: int) -> list[int]:
    """The seats with the most cards of `kind` on their tables (none if nobody has one)."""
    best, holders = 0, []
    for seat, table in enumerate(tables):
        count = table[kind]
        if count > best:
            best, holders = count, [seat]
        elif count == best and count:
            holders.append(seat)
    return holders


def power_holder(tables: list[list[int]], kind: int) -> int | None:
    """The seat that uses `kind`'s power: the strict majority, or on a tie for the most
    cards the tied player who has the Omniscient (1) on their table."""
    best, holder, tied = 0, None, False  # most_cards in one pass, without its list (every deal asks twice)
    for seat, table in enumerate(tables):
        count = table[kind]
        if count and count >= best:  # most tables hold none of a kind: one test for them
            if count > best:
                best, holder, tied = count, seat, False
            else:
                tied = True
    if not tied:
        return holder
    for seat, table in enumerate(tables):  # the first of the tied seats with the Omniscient
        if table[kind] == best and table[C.OMNISCIENT]:
            return seat
    return None


def holds_power(tables: list[list[int]], seat: int, kind: int) -> bool:
    """Whether `seat` uses `kind`'s power (power_holder(tables, kind) == seat), asked from the
    seat's side: most seats hold no card of most kinds, and then the answer needs no other table.
    A tie for the most goes to the tied player with the Omniscient, and there is only one."""
    mine = tables[seat][kind]
    if not mine:
        return False
    level = 0  # the seats with as many as `seat` (itself included)
    for table in tables:
        count = table[kind]
        if count >= mine:  # most tables hold fewer: one test for them
            if count > mine:
                return False
            level += 1
    return level == 1 or tables[seat][C.OMNISCIENT] > 0


def score_holder(tables: list[list[int]], kind: int) -> int | None:
    """The seat that scores `kind` at the end: the strict majority only (no Omniscient)."""
    holders = most_cards(tables, kind)
    return holders[0] if len(holders) == 1 else None


def spy_protected(tables: list[list[int]]) -> int | None:
    """The seat protected from Lobbying: the Spy power holder, if they have no Guardian (7)."""
    spy = power_holder(tables, C.SPY)
    if spy is not None and tables[spy][C.GUARDIAN] == 0:
        return spy
    return None


def breakdown(tables: list[list[int]], coins: list[int]) -> list[dict]:
    """Per seat: points per character kind ({kind: points}), events (negative), coins, total."""
    result: list[dict[str, Any]] = [
        {"kinds": {}, "events": -(t[C.BARBARIAN] + t[C.LOBBYING]), "coins": coins[s], "total": 0}
              for s, t in enumerate(tables)]
    for kind in C.CHARACTERS:
        holder = score_holder(tables, kind)
        if holder is not None:
            result[holder]["kinds"][str(kind)] = kind
    for row in result:
        row["total"] = sum(row["kinds"].values()) + row["events"] + row["coins"]
    return result


def characters(pile: list[int]) -> int:
    """How many character cards (kinds 1..9, contiguous in a pile) the pile holds."""
    return sum(pile[C.OMNISCIENT:C.MERCHANT + 1])
