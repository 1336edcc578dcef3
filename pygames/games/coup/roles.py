"""What Coup's options add to the base game: the factions (Reformation: the targeting limit,
Convert, Embezzle with the almshouse and its proof), the inquisitor's examination (the target shows
a card, the examiner keeps it there or has it swapped) and the diplomat's Cooperate (its effect is
one line of ``actions.resolve``; the diplomat replaces the duke in court.py's tables).
docs/rules/coup.md describes each.
"""

from __future__ import annotations

from ...core.rng import Rng
from . import cards as C
from .court import OTHER_SEATS, lose, return_and_draw, sort_cards, tax_char


# ---------------------------------------------------------------- factions
def factions_split(state: dict) -> bool:
    """True while the living players belong to both factions (the targeting limit applies)."""
    factions = state["factions"]
    if factions is None:
        return False
    hands = state["hands"]
    return len({factions[s] for s in range(state["num_players"]) if hands[s]}) > 1


def _count(n: int, one: str, other: str) -> str:
    """A refusal's count and noun agreeing ("1 card", "2 cards"); the same rule as pygames.ui.i18n.plural,
    kept here so that the rules import nothing of the UI."""
    return f"{n} {one if n == 1 else other}"


def targets(state: dict, actor: int, refusals: dict | None = None) -> list[int]:
    """The seats ``actor`` may target: living others, outside the own faction while split. With
    ``refusals`` (a dict), also why each other seat is no target (key: the seat)."""
    hands = state["hands"]
    factions = state["factions"]
    seats = []
    if refusals is not None:
        refusals[actor] = "you cannot target yourself"
    if factions is not None and factions_split(state):
        own = factions[actor]
        for t in OTHER_SEATS[len(hands)][actor]:
            if hands[t] and factions[t] != own:
                seats.append(t)
            elif refusals is not None:
                refusals[t] = "that player is in your own faction" if hands[t] else "that player is eliminated"
    else:
        for t in OTHER_SEATS[len(hands)][actor]:
            if hands[t]:
                seats.append(t)
            elif refusals is not None:
                refusals[t] = "that player is eliminated"
    return seats


def conversions(state: dict, actor: int, coins: int, refusals: dict | None = None) -> list[int]:
    """The seats ``actor`` may convert with ``coins``: itself (CONVERT_SELF_COST), and a living
    player of the other faction (CONVERT_OTHER_COST), in that order. With ``refusals``, why each
    other seat may not be converted (key: the seat)."""
    seats = []
    if coins >= C.CONVERT_SELF_COST:
        seats.append(actor)
    elif refusals is not None:
        refusals[actor] = f"this conversion costs {_count(C.CONVERT_SELF_COST, 'coin', 'coins')} and you have {coins}"
    hands = state["hands"]
    fac = state["factions"]
    for t in range(state["num_players"]):
        if t == actor:
            continue
        if coins >= C.CONVERT_OTHER_COST and hands[t] and fac[t] != fac[actor]:
            seats.append(t)
        elif refusals is not None:
            refusals[t] = (f"this conversion costs {_count(C.CONVERT_OTHER_COST, 'coin', 'coins')} and you have {coins}"
                           if coins < C.CONVERT_OTHER_COST else "that player is eliminated" if not hands[t]
                           else "that player is in your own faction already")
    return seats


def convert(state: dict, actor: int, target: int) -> None:
    """Convert: the actor pays the almshouse, the target changes faction."""
    cost = C.CONVERT_SELF_COST if target == actor else C.CONVERT_OTHER_COST
    state["coins"][actor] -= cost
    state["almshouse"] += cost
    state["factions"][target] = 1 - state["factions"][target]
    state["log"].append({"key": "convert", "params": {"seat": actor, "target": target, "cost": cost,
                                                       "faction": state["factions"][target]}})


def embezzle_proof(state: dict, challenger: int, rng: Rng) -> None:
    """A challenged Embezzle (a claim NOT to hold the duke-like character): the actor shows the
    whole hand. Holding it, the actor loses it and the action fails; else the challenger loses a card.
    Either way the shown cards go back into the court and as many are drawn."""
    info = state["info"]
    a = info["actor"]
    hand = list(state["hands"][a])
    duke = tax_char(state)
    state["log"].append({"key": "embezzle_reveal",
                         "params": {"seat": a, "cards": sort_cards(hand), "card": duke}})
    if duke in hand:
        info["failed"] = True
        lose(state, a, duke, "challenge")
        rest = list(state["hands"][a])
        if rest:
            return_and_draw(state, a, rest, rng)
    else:
        return_and_draw(state, a, hand, rng)
        state["queue"].insert(0, {"k": "lose", "seat": challenger, "why": "challenge"})


# ---------------------------------------------------------------- the inquisitor's examination
def show(state: dict, step: dict, card: str) -> None:
    """The examined target shows ``card`` to the examiner, who decides next."""
    target, actor = step["seat"], step["actor"]
    state["log"].append({"key": "examine_show", "params": {"seat": target, "actor": actor}})
    state["log"].append({"key": "examine_shown", "params": {"seat": target, "actor": actor, "card": card},
                         "to": sorted({actor, target})})
    state["queue"][0] = {"k": "inspect", "seat": actor, "target": target, "card": card}


def inspect(state: dict, step: dict, swap: bool, rng: Rng) -> None:
    """The examiner leaves the shown card with the target, or has it swapped for one from the court."""
    actor, target = step["seat"], step["target"]
    state["queue"].pop(0)
    if swap:
        state["log"].append({"key": "examine_swap", "params": {"seat": actor, "target": target}})
        return_and_draw(state, target, [step["card"]], rng)
    else:
        state["log"].append({"key": "examine_keep", "params": {"seat": actor, "target": target}})
