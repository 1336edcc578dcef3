"""Tournay's end and scoring: when the last round starts (TOU_37-TOU_41), and each district's
points (TOU_30, TOU_33-TOU_36): printed points of every card, covered ones too, the characters'
end-game bonuses, one point per rampart, and each prestige name built anywhere scored once per
player (its builder's rate or the others'), capped at 12; ties go to the most deniers. Pure
functions, on states and views alike (districts are public)."""

from __future__ import annotations

from . import cards as K
from .district import CELLS, LINES, MATCH, SELECTORS, owned_citizens, rampart_count

CARDS, COLOURS = K.CARDS, K.COLOURS
ROUND_LIMIT = 40   # designed safeguard: the game ends after this round at the latest


# ====================================================================== the end
def end_trigger(players: list[dict], criers: int) -> str | None:
    """Why the last round starts now (checked at the start of a round), or None."""
    ready = 0   # full districts with two prestige buildings; most districts are not full, checked first
    for p in players:
        district = p["district"]
        if None not in district[0] and None not in district[1] and None not in district[2] \
                and sum(cell["s"][-1] in PRESTIGE for row in district for cell in row) >= 2:
            ready += 1
    if ready >= 2:
        return "two_districts"
    if ready >= 1 and criers > len(players):
        return "district_criers"
    return None


# ====================================================================== points
#: the ``per`` conditions of prestige buildings counted on visible cards (the others count citizens,
#: deniers or ramparts)
MATCH_SELECTORS = frozenset(SELECTORS) | {"sets"}


def prestige_units(player: dict, per: str, counts: dict | None = None) -> int:
    """How many times ``player`` meets the condition ``per`` of a prestige building."""
    if per == "flat":
        return 1
    if per == "deniers4":
        return player["deniers"] // 4
    if per == "ramparts":
        return rampart_count(player)
    if per.startswith("citizens:"):
        return owned_citizens(player, per[-1])
    if per == "citizen_sets":
        return min(owned_citizens(player, c) for c in COLOURS)
    if counts is None:
        counts = visible_counts(player["district"])
    if per == "sets":
        return min(counts.get(c, 0) for c in COLOURS)
    return counts.get(per, 0)


def visible_counts(district: list) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in district:
        for cell in row:
            if cell:
                for sel in MATCH[cell["s"][-1]]:
                    counts[sel] = counts.get(sel, 0) + 1
    return counts


PRESTIGE = frozenset(card for card, info in CARDS.items() if info["kind"] == "prestige")
PRINTED = {card: info["pp"] for card, info in CARDS.items()}
#: the end-game bonus of each character that has one: (selector counted in its line, points each)
BONUS = {card: (info["char"]["what"], info["char"]["pp"]) for card, info in CARDS.items()
         if info.get("char", {}).get("on") == "bonus"}


def district_points(district: list) -> tuple[int, int, list[str]]:
    """A district's printed points, its characters' end-game bonuses, and the prestige cards on top
    of its cells (what every score of it starts from)."""
    printed = 0
    bonus = 0
    prestige_tops = []
    for r, c in CELLS:
        cell = district[r][c]
        if not cell:
            continue
        stack = cell["s"]
        for card in stack:
            printed += PRINTED[card]
        top_card = stack[-1]
        if top_card in PRESTIGE:
            prestige_tops.append(top_card)
        elif top_card in BONUS:
            what, pp = BONUS[top_card]
            for rr, cc in LINES[r, c]:
                other = district[rr][cc]
                if other and what in MATCH[other["s"][-1]]:
                    bonus += pp
    return printed, bonus, prestige_tops


def score_breakdown(players: list[dict], seat: int) -> dict:
    """Points of ``seat`` by category (works on states and on views: districts are public)."""
    me = players[seat]
    names: dict[str, bool] = {}     # prestige names built anywhere: whether ``seat`` built one
    for index, player in enumerate(players):
        for row in player["district"]:
            for cell in row:
                if cell and cell["s"][-1] in PRESTIGE:
                    card = cell["s"][-1]
                    names[card] = names.get(card, False) or index == seat
    district = me["district"]
    counts = None
    prestige = {}
    for name, mine in names.items():
        rule = CARDS[name]["score"]
        rate = rule["b"] if mine else rule["nb"]
        if not rate:
            prestige[name] = 0
            continue
        if counts is None and rule["per"] in MATCH_SELECTORS:
            counts = visible_counts(district)
        prestige[name] = min(K.PRESTIGE_CAP, rate * prestige_units(me, rule["per"], counts))
    printed, bonus, _ = district_points(district)
    ramparts = rampart_count(me)
    total = sum(prestige.values()) + printed + bonus + ramparts
    return {"prestige": prestige, "cards": printed, "characters": bonus, "ramparts": ramparts, "total": total}


def rival_names(players: list[dict], seat: int) -> set[str]:
    """The prestige names visible in the districts of every seat but ``seat``."""
    return {cell["s"][-1] for index, player in enumerate(players) if index != seat
            for row in player["district"] for cell in row if cell and cell["s"][-1] in PRESTIGE}


def score_total(player: dict, rivals: set[str]) -> int:
    """``score_breakdown(players, seat)["total"]`` of the seat whose ``player`` this is, given the
    prestige names its rivals show (``rival_names``), without building the breakdown: for the
    bots, which score many districts that differ from the state's by one card."""
    district = player["district"]
    printed, bonus, mine = district_points(district)
    total = rampart_count(player) + printed + bonus
    names = set(rivals)
    names.update(mine)
    counts = None
    for name in names:
        rule = CARDS[name]["score"]
        rate = rule["b"] if name in mine else rule["nb"]
        if rate:
            if counts is None and rule["per"] in MATCH_SELECTORS:
                counts = visible_counts(district)
            total += min(K.PRESTIGE_CAP, rate * prestige_units(player, rule["per"], counts))
    return total


# ====================================================================== the result
def state_scores(state: dict) -> list[float]:
    """Every seat's points."""
    return [score_breakdown(state["players"], s)["total"] for s in range(state["num_players"])]


def winners(state: dict, scores: list[float] | None = None) -> list[int]:
    """The seats with the most points, ties broken by deniers (``scores``: the state's, if
    already worked out)."""
    if scores is None:
        scores = state_scores(state)
    keys = [(total, player["deniers"]) for total, player in zip(scores, state["players"])]
    best = max(keys)
    return [s for s, key in enumerate(keys) if key == best]
