"""Coup's main actions and their claims: what the player to act may do (``main_kinds``: the one
statement of it, read by the legal list, apply's check and the reason of a refusal), declaring an
action, and its effect once no one stopped it (docs/rules/coup.md).
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng, draw_to_top
from . import cards as C
from .court import CLAIMS, MAX_PLAYERS, end_turn, exchange_char, remove_cards, sort_cards
from .reactions import window
from .roles import conversions, convert, targets

#: AIMED[kind][seat]: the main action ``kind`` aimed at ``seat``. A legal list holds copies (fresh
#: dicts: a caller may change the list it is given): copying a small dict costs less than building
#: it from a display, and a turn's list holds one such action per target and kind
AIMED = {kind: tuple({"type": kind, "target": t} for t in range(MAX_PLAYERS))
         for kind, spec in C.ACTIONS.items() if spec["target"]}

#: blank "info" of a turn's main action: ``declare`` copies it and fills in the first five entries
#: (copying a dict of ten keys costs a fraction of building it from a display)
BLANK_INFO: dict[str, Any] = {"actor": None, "action": None, "target": None, "claim": None, "negative": False,
              "blocker": None, "block_card": None, "blocked": False, "failed": False, "challenger": None}


def aimed(kind: str, seats: list[int]) -> list[dict]:
    """The main action ``kind`` aimed at each of ``seats``, as fresh dicts (copies of AIMED's)."""
    table = AIMED[kind]
    return [table[t].copy() for t in seats]


# ---------------------------------------------------------------- what is legal on a turn
#: whom an aimed main action may aim at (main_kinds): roles.targets, those of them with a coin
#: (steal), or roles.conversions
TARGETS, RICH, CONVERSIONS = "targets", "rich", "conversions"
#: main_match's answer for a kind the menu does not hold
NOT_LISTED = "not listed"


def main_kinds(opts: dict, coins: int, almshouse: int,
               refusals: dict | None = None) -> list[tuple[str, str | None]]:
    """The main actions of a player with ``coins`` in a game with these options and ``almshouse``
    coins, in menu order: (kind, whom it may aim at: None for an action without a target, else
    TARGETS, RICH or CONVERSIONS). The one statement of what a turn allows, but for the seats:
    the legal list, apply's check and the reason of a refusal all read it (through MENUS).

    With ``refusals`` (a dict; only to explain a refused action), also why a kind is left out
    (key: the kind; None: every kind but a coup)."""
    if coins >= C.FORCED_COUP:
        if refusals is not None:
            refusals[None] = f"with {coins} coins at the start of the turn you must coup"
        return [("coup", TARGETS)]
    kinds: list[tuple[str, str | None]] = [("income", None), ("foreign_aid", None)]
    if coins >= C.COUP_COST:
        kinds.append(("coup", TARGETS))
    elif refusals is not None:
        refusals["coup"] = f"a coup costs {C.COUP_COST} coins and you have {coins}"
    if not opts["diplomat"]:
        kinds.append(("tax", None))
    elif refusals is not None:
        refusals["tax"] = "the diplomat replaces the duke: no tax in this game (cooperate instead)"
    kinds += [("steal", RICH), ("exchange", None)]
    if coins >= C.ASSASSINATE_COST:
        kinds.append(("assassinate", TARGETS))
    elif refusals is not None:
        refusals["assassinate"] = f"an assassination costs {C.ASSASSINATE_COST} coins and you have {coins}"
    if opts["inquisitor"]:
        kinds.append(("examine", TARGETS))
    elif refusals is not None:
        refusals["examine"] = "only the inquisitor examines, and it is not in this game"
    if opts["diplomat"]:
        kinds.append(("cooperate", TARGETS))
    elif refusals is not None:
        refusals["cooperate"] = "only the diplomat cooperates, and it is not in this game"
    if opts["factions"]:
        kinds.append(("convert", CONVERSIONS))  # its costs depend on the seat: roles.conversions
        if almshouse > 0:
            kinds.append(("embezzle", None))
        elif refusals is not None:
            refusals["embezzle"] = "the almshouse is empty"
    elif refusals is not None:
        refusals["convert"] = refusals["embezzle"] = "there are no factions in this game"
    return kinds


#: main_kinds of every game and purse, worked out once: MENUS[diplomat][inquisitor][factions]
#: [almshouse holds coins][coins up to FORCED_COUP] is (its list, the same as a dict kind -> aim)
#: (main_kinds asks nothing of the coins beyond a forced coup, of the almshouse but whether it
#: holds coins); indexed by the bools of the options, without building a key
def _menu(dip: bool, inq: bool, fac: bool, alms: int, coins: int) -> tuple[tuple, dict]:
    kinds = main_kinds({"diplomat": dip, "inquisitor": inq, "factions": fac}, coins, alms)
    return tuple(kinds), dict(kinds)


MENUS = [[[[[_menu(dip, inq, fac, alms, coins) for coins in range(C.FORCED_COUP + 1)]
            for alms in (0, 1)] for fac in (False, True)] for inq in (False, True)] for dip in (False, True)]


def menu(state: dict, coins: int) -> tuple:
    """The mover's menu for these options, almshouse and purse: (its kinds with their aims in menu
    order, the aim of each kind), worked out once per options and purse in MENUS."""
    opts = state["opts"]
    return MENUS[opts["diplomat"]][opts["inquisitor"]][opts["factions"]][state["almshouse"] > 0][
        coins if coins < C.FORCED_COUP else C.FORCED_COUP]


def main_actions(state: dict) -> list[dict]:
    """A turn's main actions in menu order (the longest list of a random game, asked about once
    a turn): the aimed ones are copies of AIMED's (``aimed``)."""
    a = state["turn"]
    purse = state["coins"]
    coins = purse[a]
    kinds = menu(state, coins)[0]
    seats = targets(state, a)
    acts: list[dict] = []
    for kind, aim in kinds:
        if aim is None:
            acts.append({"type": kind})
        elif aim is TARGETS:
            acts += aimed(kind, seats)
        elif aim is RICH:
            acts += aimed(kind, [t for t in seats if purse[t] >= 1])
        else:
            acts += aimed(kind, conversions(state, a, coins))
    return acts


def main_match(state: dict, action: dict) -> dict | None:
    """The main action equal to ``action`` (a fresh dict) if MENUS and the seats allow it, else None."""
    a = state["turn"]
    purse = state["coins"]
    kind = action["type"]
    coins = purse[a]
    aims = menu(state, coins)[1]
    aim = aims.get(kind, NOT_LISTED)
    if aim is NOT_LISTED:
        return None
    if aim is None:
        return {"type": kind} if len(action) == 1 else None
    t = action.get("target")
    if len(action) != 2 or type(t) is not int or not 0 <= t < state["num_players"]:
        return None
    if aim is CONVERSIONS:
        allowed = t in conversions(state, a, coins)
    else:
        allowed = t in targets(state, a) and (aim is TARGETS or purse[t] >= 1)
    return {"type": kind, "target": t} if allowed else None


def main_refusal(state: dict, action: dict) -> str | None:
    """Why ``action`` is no legal main action, from the statements that refuse it: main_kinds for
    its kind, roles.targets or roles.conversions for its target (None: no reason more specific
    than the legal kinds)."""
    a = state["turn"]
    coins = state["coins"][a]
    refusals: dict = {}
    aims = dict(main_kinds(state["opts"], coins, state["almshouse"], refusals))
    kind = action.get("type")
    if kind not in aims:
        return refusals.get(kind, refusals.get(None)) if kind in C.ACTIONS else None
    t = action.get("target")
    if aims[kind] is None:
        return f"{kind} takes no target" if "target" in action else None
    if type(t) is not int or not 0 <= t < state["num_players"]:
        return f"{kind} takes a target: a seat from 0 to {state['num_players'] - 1}"
    seat_refusals: dict = {}
    if aims[kind] is CONVERSIONS:
        conversions(state, a, coins, seat_refusals)
    else:
        targets(state, a, seat_refusals)
        if aims[kind] is RICH and t not in seat_refusals and state["coins"][t] == 0:
            return "that player has no coins to steal"
    return seat_refusals.get(t)


# ---------------------------------------------------------------- declaring and resolving
def declare(state: dict, action: dict) -> None:
    """The player to act declares ``action``: income and conversions happen at once (and end the
    turn), a coup makes its target lose a card, and every other action opens a
    reaction window to its claim (or, unclaimed foreign aid, to blocks)."""
    a = state["turn"]
    kind = action["type"]
    t: Any = action.get("target")  # a seat for an aimed action (apply checked it), else None
    log = state["log"]
    if kind == "income":  # nothing to answer: the coin is taken and the turn ends
        state["coins"][a] += 1
        log.append({"key": "income", "params": {"seat": a}})
        end_turn(state)
        return
    opts = state["opts"]
    claim, negative = CLAIMS[opts["diplomat"], opts["inquisitor"]][kind]
    info = state["info"] = BLANK_INFO.copy()
    info["actor"], info["action"], info["target"], info["claim"], info["negative"] = a, kind, t, claim, negative
    if kind == "coup":
        state["coins"][a] -= C.COUP_COST
        log.append({"key": "coup", "params": {"seat": a, "target": t}})
        state["queue"] = [{"k": "lose", "seat": t, "why": "coup"}, {"k": "end"}]
    elif kind == "convert":
        convert(state, a, t)
        end_turn(state)
    else:
        log.append({"key": "declare", "params": {"seat": a, "action": kind, "target": t, "card": claim,
                                                   "negative": negative}})
        state["queue"] = [window(state, "action", a), {"k": "resolve"}, {"k": "end"}]


def resolve(state: dict, rng: Rng) -> None:
    """The declared action takes effect (nothing, if it failed; only its cost, if it was blocked)."""
    info = state["info"]
    if info["failed"]:
        return
    a, t, kind = info["actor"], info["target"], info["action"]
    coins = state["coins"]
    log = state["log"]
    queue = state["queue"]
    if info["blocked"]:
        if kind == "assassinate":
            coins[a] -= C.ASSASSINATE_COST
            log.append({"key": "pay", "params": {"seat": a, "amount": C.ASSASSINATE_COST}})
        return
    if kind == "foreign_aid":
        coins[a] += 2
        log.append({"key": "gain", "params": {"seat": a, "amount": 2, "action": kind}})
    elif kind == "tax":
        coins[a] += 3
        log.append({"key": "gain", "params": {"seat": a, "amount": 3, "action": kind}})
    elif kind == "steal":
        amount = min(2, coins[t])
        coins[t] -= amount
        coins[a] += amount
        log.append({"key": "steal", "params": {"seat": a, "target": t, "amount": amount}})
    elif kind == "exchange":
        count = 2 if exchange_char(state) == "ambassador" else 1
        deck = list(state["deck"])  # the list is shared with earlier states (see _copy_state)
        if not state["opts"]["no_shuffle"]:
            draw_to_top(deck, count, rng)
        drawn = deck[:count]
        state["deck"] = deck[count:]
        log.append({"key": "exchange_draw", "params": {"seat": a, "cards": sort_cards(drawn)}, "to": [a]})
        queue.insert(0, {"k": "keep", "seat": a, "drawn": sort_cards(drawn), "n": len(state["hands"][a])})
    elif kind == "assassinate":
        coins[a] -= C.ASSASSINATE_COST
        log.append({"key": "pay", "params": {"seat": a, "amount": C.ASSASSINATE_COST}})
        if state["hands"][t]:  # alive
            queue.insert(0, {"k": "lose", "seat": t, "why": "assassinate"})
    elif kind == "examine":
        if state["hands"][t]:  # alive
            queue.insert(0, {"k": "show", "seat": t, "actor": a})
    elif kind == "cooperate":
        coins[a] += 2
        coins[t] += 1
        log.append({"key": "cooperate", "params": {"seat": a, "target": t}})
    elif kind == "embezzle":
        amount = state["almshouse"]
        state["almshouse"] = 0
        coins[a] += amount
        log.append({"key": "embezzle", "params": {"seat": a, "amount": amount}})


def keep(state: dict, step: dict, kept: list[str]) -> None:
    """The end of an exchange: the actor keeps ``kept`` of the hand and the cards drawn."""
    seat = step["seat"]
    pool = state["hands"][seat] + step["drawn"]
    returned = sort_cards(remove_cards(pool, kept))
    state["hands"][seat] = sort_cards(kept)
    # at the bottom; no shuffle is needed: every later draw picks at random (but with no_shuffle)
    state["deck"] = state["deck"] + returned
    state["queue"].pop(0)
    state["log"].append({"key": "exchange_kept", "params": {"seat": seat, "kept": sort_cards(kept),
                                                             "returned": returned}, "to": [seat]})
    state["log"].append({"key": "exchange_done", "params": {"seat": seat, "count": len(returned)}})
