"""Great Houses, the end of a turn and of the round (docs/rules/houses.md §3.2 steps 4-6, §3.3,
§5): dominance, stand, the reserve check, deck-outs, then the next turn or the next round.
"""

from __future__ import annotations

from ...core.rng import Rng
from . import marshal, plot
from .board import add_to, end_game, end_most_power, gain_power, log, take_from
from .effects import PENDING_DISCARD
from .legality import Decision
from .stats import dominance_total, living, reserve


def end_turn(state: dict, rng: Rng) -> None:
    seat = state["active"]
    opts = state["opts"]
    if opts["dominance"] in ("each_turn_any", "each_turn_active"):
        dominance(state, seat if opts["dominance"] == "each_turn_active" else None)
        if state["over"]:
            return
    if opts["stand"] == "end_of_each_turn":  # the seed: every player's knelt cards
        for s in living(state):
            stand(state, s)
    elif opts["stand"] == "end_of_own_turn":
        stand(state, seat)
    reserve_step(state, rng)


def dominance(state: dict, active: int | None) -> None:
    totals = []
    for s, p in enumerate(state["players"]):
        totals.append(None if p["out"] else dominance_total(state, s))
    best = max([t for t in totals if t is not None])
    # the only seat with the best total wins it (with ``active``: only if it is that seat)
    winner = totals.index(best) if totals.count(best) == 1 else None
    if active is not None and winner != active:
        winner = None
    log(state, "dominance", seat=winner, totals=totals)
    if winner is not None:
        gain_power(state, winner, 1, "dominance")


def stand(state: dict, seat: int) -> None:
    p = state["players"][seat]
    for zone in ("chars", "locs"):
        cards = p[zone]
        for c in cards:
            if c["knelt"]:  # new instances in a new list: see change_card
                p[zone] = [{**c, "knelt": False} if c["knelt"] else c for c in cards]
                break


def reserve_step(state: dict, rng: Rng) -> None:
    seat = state["active"]
    p = state["players"][seat]
    if state["opts"]["reserve_check"] and len(p["hand"]) > reserve(state, seat):
        state["stage"] = "reserve"
        state["seat"] = seat
        return
    finish_turn(state, rng)


def on_discard(state: dict, seat: int, action: dict, rng: Rng) -> None:
    """A discard down to the reserve (a discard after an effect is a pending decision)."""
    p = state["players"][seat]
    take_from(p, "hand", action["card"])
    add_to(p, "discard", [action["card"]])
    log(state, "discarded", seat=seat, card=action["card"], why="reserve")
    reserve_step(state, rng)


def finish_turn(state: dict, rng: Rng) -> None:
    if state["opts"]["deck_out"] == "eliminate":
        live = living(state)
        decked = [s for s in live if state["players"][s]["decked"]]
        if decked:
            if len(decked) == len(live):
                end_most_power(state, live, "deck_out")
                return
            for s in decked:
                state["players"][s]["out"] = True
                log(state, "eliminated", seat=s)
            live = living(state)
            if len(live) == 1:
                end_game(state, live, "eliminated")
                return
    marshal.start_turn(state, state["turn"] + 1, rng)


def end_round(state: dict, rng: Rng) -> None:
    opts = state["opts"]
    state["active"] = None
    if opts["dominance"] == "end_of_round":
        dominance(state, None)
        if state["over"]:
            return
    if opts["stand"] == "end_of_round":
        for s in living(state):
            stand(state, s)
    for p in state["players"]:
        if p["plot"]:
            add_to(p, "used", [p["plot"]])
            p["plot"] = None
    if opts["deck_out"] == "end_of_round_most_power":
        live = living(state)
        if any(state["players"][s]["decked"] for s in live):
            end_most_power(state, live, "deck_out")
            return
    plot.begin_round(state, rng)


#: what each decision of a turn's end does, by stage and action type
HANDLERS = {"reserve": {"discard": on_discard}}


#: what each decision of a turn's end offers: the reserve check's discard, a card of the hand
DECISIONS = {"reserve": Decision("reserve", PENDING_DISCARD.choices)}
