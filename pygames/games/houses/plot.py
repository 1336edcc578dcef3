"""Great Houses, the plot phase (docs/rules/houses.md §3.1): each player picks a plot in secret,
all are revealed, initiative sets the turn order (or its winner picks the first player), and
"when revealed" effects resolve in turn order before the first turn.
"""

from __future__ import annotations

from ...core.rng import Rng
from . import marshal
from .board import log
from .effects import run_effects
from .legality import Choice, Decision
from .stats import PLOTS, initiative, living, total_power


def plot_choices(player: dict) -> list[str]:
    """The plots a player may choose from: each distinct plot card left in his plot deck."""
    return sorted(set(player["plots"]))


def plot_actions(player: dict) -> list[dict]:
    """A player's plot choices as actions (his part of a state or of a view)."""
    return [{"type": "plot", "plot": pid} for pid in plot_choices(player)]


def begin_round(state: dict, rng: Rng) -> None:
    state["round"] += 1
    log(state, "round", round=state["round"])
    for p in state["players"]:
        p["choice"] = None
    plot_next(state, 0, rng)


def plot_next(state: dict, seat: int, rng: Rng) -> None:
    for s in range(seat, state["num_players"]):
        p = state["players"][s]
        if p["out"] or p["choice"] is not None:
            continue
        if not p["plots"]:  # the plot deck has run out: the used plots are the deck again
            p["plots"], p["used"] = p["used"], []
            log(state, "plots_recycled", seat=s)
        if len(set(p["plots"])) == 1:  # no choice left: the last plot is played
            p["choice"] = p["plots"][0]
            continue
        state["stage"] = "plot"
        state["seat"] = s
        return
    reveal_plots(state, rng)


def reveal_plots(state: dict, rng: Rng) -> None:
    live = living(state)
    for s in live:
        p = state["players"][s]
        p["plot"] = p["choice"]
        plots = list(p["plots"])
        plots.remove(p["choice"])
        p["plots"] = plots
        p["choice"] = None
        log(state, "plot_revealed", seat=s, plot=p["plot"])
    first = state["fixed"]["first_player"]
    if state["round"] == 1 and first is not None and first in live:
        order = live[live.index(first):] + live[:live.index(first)]
        log(state, "order", order=order, reason="fixed")
        start_round_turns(state, order, rng)
        return
    keys = {s: (-initiative(state, s), total_power(state["players"][s])) for s in live}
    ranked = sorted(live, key=lambda s: keys[s])
    # ties (same initiative and power) are broken at random
    order = []
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and keys[ranked[j]] == keys[ranked[i]]:
            j += 1
        group = ranked[i:j]
        if len(group) > 1:  # (a group of one draws nothing)
            rng.shuffle(group)
        order += group
        i = j
    if state["opts"]["initiative"] == "winner_chooses" and len(live) > 1:
        state["order"] = order
        log(state, "initiative_won", seat=order[0])
        state["stage"] = "first_player"
        state["seat"] = order[0]
        return
    log(state, "order", order=order, reason="initiative")
    start_round_turns(state, order, rng)


def start_round_turns(state: dict, order: list[int], rng: Rng) -> None:
    state["order"] = order
    for s in order:  # plot "when revealed" effects, in turn order
        effects = PLOTS[state["players"][s]["plot"]].get("revealed")
        if effects:
            run_effects(state, s, effects, None)
    marshal.start_turn(state, 0, rng)


def on_plot(state: dict, seat: int, action: dict, rng: Rng) -> None:
    state["players"][seat]["choice"] = action["plot"]
    log(state, "plot_picked", to=[seat], seat=seat, plot=action["plot"])
    plot_next(state, seat + 1, rng)


def on_first_player(state: dict, seat: int, action: dict, rng: Rng) -> None:
    live = state["order"]
    first = action["seat"]
    ordered = sorted(live)
    order = ordered[ordered.index(first):] + ordered[:ordered.index(first)]
    log(state, "first_player", seat=seat, first=first)
    start_round_turns(state, order, rng)


#: what each decision of the plot phase does, by stage and action type
HANDLERS = {"plot": {"plot": on_plot}, "first_player": {"first_player": on_first_player}}


#: what each decision of the plot phase offers
DECISIONS = {
    "plot": Decision("plot", (Choice(
        types=("plot",), field="plot", value_type=str, context=lambda state, seat: state["players"][seat],
        candidates=plot_choices, find=lambda p, pid: pid if pid in p["plots"] else None, refusal=None,
        missing=lambda p, pid: f"plot {pid!r} is not among your unused plots"),)),
    "first_player": Decision("first_player", (Choice(
        types=("first_player",), field="seat", value_type=int, context=lambda state, seat: living(state),
        candidates=lambda live: live, find=lambda live, s: s if s in live else None, refusal=None,
        missing=lambda live, s: f"seat {s!r} is not a player still in the game"),)),
}
