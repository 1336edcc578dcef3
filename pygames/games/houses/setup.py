"""Great Houses, setup (docs/rules/houses.md §2): the deal, then seat by seat the mulligan, the
agenda and the cards placed face down; then everything is revealed and round 1 begins.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import cards as C
from . import plot
from .board import add_to, draw, log, new_inst, put_in_play, starter_deck, take_from
from .effects import hand_card_missing
from .legality import Choice, Closing, Decision
from .stats import CARDS, card_name, loyal_ok, penalty, unique_blocked

#: the agendas a player may choose from (the same for every player), "none" first
AGENDA_CHOICES = ("none", *C.AGENDAS)


def agenda_actions() -> list[dict]:
    """The agenda choices of the game's start (the same for every player)."""
    return [{"type": "agenda", "agenda": a} for a in AGENDA_CHOICES]


def deal(num_players: int, rng: Rng, options: dict) -> dict:
    """The first state of a game: Houses and starter decks from the options, each deck shuffled,
    7 cards each, then the first setup decision."""
    state = new_state(num_players, options, assign_houses(num_players, rng, options))
    for seat, p in enumerate(state["players"]):
        deck = starter_deck(p["deck_house"])
        rng.shuffle(deck)
        p["deck"] = deck
        log(state, "house", seat=seat, house=p["house"], deck=p["deck_house"])
        draw(state, seat, C.HAND_SIZE)
        p["decklist"] = sorted(p["deck"] + p["hand"])
    ask_next(state, 0, 0, rng)
    return state


def new_state(num_players: int, options: dict, houses: list[str]) -> dict:
    """A state before the deal: the options the rules read, each player's House and starter
    deck's House, standard plots, nothing in play or in hand. ``fixed`` holds what a test
    position may fix (tests/houses/houses_helpers.py): round 1's first player, decks that a
    mulligan does not shuffle, and whether setup was skipped; a game from ``new_game`` fixes none."""
    opts = {k: options[k] for k in ("agendas", "victory_power", "dominance", "stand", "rivalry",
                                     "reserve_check", "deck_out", "initiative", "mulligan")}
    state: dict[str, Any] = {"num_players": num_players, "opts": opts,
             "fixed": {"no_shuffle": False, "skip_setup": False, "first_player": None}, "round": 0,
             "stage": "setup", "seat": 0, "active": None, "order": [], "turn": 0, "ch": None,
             "ch_done": [], "ch_started": False, "uid": 1, "over": False, "winners": [],
             "end": None, "revealed": False, "pending": None, "setup_step": 0, "log": [],
             "players": []}
    for seat in range(num_players):
        house = houses[seat]
        deck_house = options.get(f"deck_{seat}", "house")
        if deck_house == "house":
            deck_house = house
        state["players"].append(
            {"house": house, "deck_house": deck_house, "agenda": None, "deck": [], "hand": [],
             "discard": [], "dead": [], "chars": [], "locs": [], "power": 0, "gold": 0,
             "plots": list(C.STANDARD_PLOTS), "used": [], "plot": None, "choice": None,
             "facedown": [], "limited": [], "discount_used": False, "out": False,
             "decked": False, "decklist": [], "placed": False})
    return state


def assign_houses(n: int, rng: Rng, options: dict) -> list[str]:
    houses = [options.get(f"house_{s}", "random") for s in range(n)]
    taken = {h for h in houses if h != "random"}
    for s in range(n):
        if houses[s] == "random":
            free = [h for h in C.HOUSES if h not in taken] or list(C.HOUSES)
            houses[s] = free[rng.randbelow(len(free))]
            taken.add(houses[s])
    return houses


def ask_next(state: dict, seat: int, step: int, rng: Rng) -> None:
    """Ask the next setup decision: per seat, mulligan -> agenda -> face-down placement."""
    opts = state["opts"]
    n = state["num_players"]
    while seat < n:
        while step < 3:
            if step == 0 and opts["mulligan"]:
                state.update(stage="mulligan", seat=seat, setup_step=0)
                return
            if step == 1 and opts["agendas"]:
                state.update(stage="agenda", seat=seat, setup_step=1)
                return
            if step == 2:
                state.update(stage="setup", seat=seat, setup_step=2)
                return
            step += 1
        seat += 1
        step = 0
    reveal(state, rng)
    plot.begin_round(state, rng)


def setup_spent(p: dict) -> tuple[int, set[str]]:
    """Gold spent on the face-down cards, and the card types of Limited ones among them."""
    spent = 0
    limited = set()
    for cid in p["facedown"]:
        c = CARDS[cid]
        spent += c["cost"] + penalty(p, cid)
        if c["limited"]:
            limited.add(c["type"])
    return spent, limited


def place_refusal(ctx: tuple, cid: str) -> str | None:
    """Why the player may not place ``cid`` of his hand face down now, or None: he may.
    ``ctx``: (player, what ``setup_spent`` gives for him)."""
    p, (spent, limited) = ctx
    c = CARDS[cid]
    if c["type"] not in ("character", "location"):
        return "only characters and locations are placed during setup"
    if not loyal_ok(p, cid):
        return "{name} is loyal to its House: only a player of that House may play it"
    if spent + c["cost"] + penalty(p, cid) > C.SETUP_GOLD:
        return "{name} costs {price} gold and {left} of the {gold} setup gold are left"
    if c["limited"] and c["type"] in limited:  # one Limited card per card type
        return "one limited card of each card type may be placed, and {name} is a second one"
    if c["unique"] and (cid in p["facedown"] or unique_blocked(p, cid)):
        return "{name} is unique: one copy may be placed"
    return None


def can_place(p: dict, cid: str) -> bool:
    """Whether player ``p`` may place ``cid`` face down in setup."""
    return place_refusal((p, setup_spent(p)), cid) is None


def place_facts(ctx: tuple, cid: str) -> dict:
    p, (spent, _) = ctx
    return {"name": card_name(cid), "price": CARDS[cid]["cost"] + penalty(p, cid), "left": C.SETUP_GOLD - spent,
            "gold": C.SETUP_GOLD}


def reveal(state: dict, rng: Rng) -> None:
    state["revealed"] = True
    for seat, p in enumerate(state["players"]):
        if state["opts"]["agendas"]:
            log(state, "agenda", seat=seat, agenda=p["agenda"] or "none")
        for cid in p["facedown"]:
            put_in_play(p, new_inst(state, cid))
        log(state, "setup_reveal", seat=seat, cards=list(p["facedown"]))
        p["facedown"] = []
    for seat, p in enumerate(state["players"]):
        if len(p["hand"]) < C.HAND_SIZE:
            draw(state, seat, C.HAND_SIZE - len(p["hand"]))


def on_mulligan(state: dict, seat: int, action: dict, rng: Rng) -> None:
    """"mulligan" (draw a new hand) or "keep"."""
    p = state["players"][seat]
    if action["type"] == "mulligan":
        cards = p["hand"]
        p["hand"] = []
        p["deck"] = p["deck"] + cards
        if not state["fixed"]["no_shuffle"]:
            rng.shuffle(p["deck"])
        log(state, "mulligan", seat=seat)
        draw(state, seat, C.HAND_SIZE)
    else:
        log(state, "keep", seat=seat)
    ask_next(state, seat, 1, rng)


def on_agenda(state: dict, seat: int, action: dict, rng: Rng) -> None:
    state["players"][seat]["agenda"] = action["agenda"]
    log(state, "agenda_chosen", seat=seat)
    ask_next(state, seat, 2, rng)


def on_place(state: dict, seat: int, action: dict, rng: Rng) -> None:
    p = state["players"][seat]
    take_from(p, "hand", action["card"])
    add_to(p, "facedown", [action["card"]])


def on_place_done(state: dict, seat: int, action: dict, rng: Rng) -> None:
    p = state["players"][seat]
    p["placed"] = True
    log(state, "placed", seat=seat, n=len(p["facedown"]))
    ask_next(state, seat + 1, 0, rng)


#: what each decision of the setup does, by stage and action type
HANDLERS = {"mulligan": {"keep": on_mulligan, "mulligan": on_mulligan}, "agenda": {"agenda": on_agenda},
            "setup": {"place": on_place, "place_done": on_place_done}}


#: what each decision of the setup offers
DECISIONS = {
    "mulligan": Decision("mulligan", closings=(Closing("keep"), Closing("mulligan"))),
    "agenda": Decision("agenda", (Choice(
        types=("agenda",), field="agenda", value_type=str, context=lambda state, seat: None,
        candidates=lambda ctx: AGENDA_CHOICES, find=lambda ctx, a: a if a in AGENDA_CHOICES else None,
        refusal=None, missing=lambda ctx, a: f"there is no agenda {a!r}"),)),
    "setup": Decision("setup", (Choice(
        types=("place",), field="card", value_type=str,
        context=lambda state, seat: (state["players"][seat], setup_spent(state["players"][seat])),
        candidates=lambda ctx: sorted(set(ctx[0]["hand"])),
        find=lambda ctx, cid: cid if cid in ctx[0]["hand"] else None,
        refusal=place_refusal, facts=place_facts, missing=hand_card_missing),), (Closing("place_done"),)),
}
