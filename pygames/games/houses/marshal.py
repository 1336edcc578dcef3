"""Great Houses, a turn's start and marshalling (docs/rules/houses.md §3.2 steps 1-2): draw 2,
gold from income, then marshal cards and play Marshalling events until the player ends the step.
"""

from __future__ import annotations

from ...core.rng import Rng
from . import cards as C
from . import challenges, turn_end
from .board import add_to, change_card, draw, kneel_cards, log, new_inst, put_in_play, take_from
from .effects import EVENT_WINDOW, effect_targets, hand_card_missing, play_event
from .legality import Choice, Closing, Decision
from .stats import CARDS, agenda_rules, card_name, event_cost, find_inst, income, marshal_cost, penalty, unique_blocked

#: what the marshal step reads of a card, by card id: (type, printed cost, House, loyal, unique, limited)
MARSHAL_FACTS = {cid: (c["type"], c["cost"], c["house"], c["loyal"], c["unique"], c["limited"])
                 for cid, c in CARDS.items()}


#: the locations that reduce the cost of a House's cards (kneel to make the next one cost 1 less)
REDUCERS = {cid for cid, c in CARDS.items() if "reducer" in c}


def start_turn(state: dict, index: int, rng: Rng) -> None:
    order = state["order"]
    while index < len(order) and state["players"][order[index]]["out"]:
        index += 1
    if index >= len(order):
        turn_end.end_round(state, rng)
        return
    seat = order[index]
    p = state["players"][seat]
    state["turn"] = index
    state["active"] = seat
    state["ch"] = None
    state["ch_done"] = []
    state["ch_started"] = False
    p["limited"] = []
    p["discount_used"] = False
    drawn = draw(state, seat, C.DRAW_PER_TURN, public=False)
    keep = min(p["gold"], agenda_rules(p).get("keep_gold", 0))
    gain = income(state, seat)
    p["gold"] = keep + gain
    log(state, "turn", seat=seat, n=drawn, gold=gain, kept=keep)
    state["stage"] = "marshal"
    state["seat"] = seat


# ---------------------------------------------------------------------- what may be played
def play_context(state: dict, seat: int) -> tuple:
    """What the tests of a card to play read: (state, seat, player, the most any card's cost can
    drop now: the agenda's discount and every standing reducer)."""
    p = state["players"][seat]
    rebate = agenda_rules(p).get("house_char_discount", 0)
    for loc in p["locs"]:
        if not loc["knelt"] and loc["cid"] in REDUCERS:
            rebate += 1
    return state, seat, p, rebate


def play_refusal(ctx: tuple, cid: str) -> str | None:
    """Why the player may not play ``cid`` of his hand now (marshal it, or play it if it is a
    Marshalling event), or None: he may."""
    state, seat, p, rebate = ctx
    kind, cost, house, loyal, unique, limited = MARSHAL_FACTS[cid]
    gold = p["gold"]
    if loyal and house != p["house"]:
        return LOYAL
    if kind == "event":
        if EVENT_WINDOW[cid] != "marshal":
            return OTHER_WINDOW
        return COSTS if event_cost(p, cid) > gold else None
    # nothing costs less than its printed cost minus every rebate there is
    if cost - rebate > gold:
        return COSTS
    if unique and unique_blocked(p, cid):
        return UNIQUE
    if limited and kind in p["limited"]:  # one Limited card per card type
        return LIMITED
    if kind == "character" and house == "neutral" and p["agenda"] and agenda_rules(p).get("no_neutral_characters"):
        return NO_NEUTRALS
    # affordable at full price, it is affordable: only a close call needs the exact cost
    # (the penalty only for a card of another House)
    if house != "neutral" and house != p["house"]:
        cost += penalty(p, cid)
    return None if cost <= gold or marshal_cost(p, cid)[0] <= gold else COSTS


def play_targets(ctx: tuple, cid: str) -> list[int] | None:
    """An attachment goes on one of the player's characters; an event's target comes from its effect."""
    state, seat, p, _ = ctx
    if MARSHAL_FACTS[cid][0] == "attachment":
        return [i["uid"] for i in p["chars"]]
    return effect_targets(state, seat, CARDS[cid]["effects"])


#: the cards whose play takes a target: attachments, and events with a targeted effect
PLAY_TARGETED = frozenset(cid for cid, c in CARDS.items() if c["type"] == "attachment" or (
    c["type"] == "event" and any("target" in eff for eff in c["effects"])))


def play_facts(ctx: tuple, cid: str) -> dict:
    p = ctx[2]
    c = CARDS[cid]
    extra = penalty(p, cid)
    return {"name": card_name(cid), "gold": p["gold"], "window": c.get("window"),
            "cost": event_cost(p, cid) if c["type"] == "event" else marshal_cost(p, cid)[0],
            "extra": f" (including {extra} for a card of another House)" if extra else ""}


LOYAL = "{name} is loyal to its House: only a player of that House may play it"
OTHER_WINDOW = "{name} is played in the {window} window, not now"
COSTS = "{name} costs {cost} gold{extra} and you have {gold}"
UNIQUE = "{name} is unique and already in play (or dead)"
LIMITED = "you have already marshalled a limited card of that type this turn"
NO_NEUTRALS = "your agenda forbids neutral characters"

#: the action that plays a card of the hand in marshalling: "event" for an event, else "marshal"
PLAY_TYPE = {cid: "event" if c["type"] == "event" else "marshal" for cid, c in CARDS.items()}

#: marshalling: play a card of the hand (an attachment onto one of the player's characters, an
#: event at its target), or end the step
DECISIONS = {"marshal": Decision("marshal", choices=(
    Choice(types=("marshal", "event"), field="card", value_type=str, context=play_context,
           candidates=lambda ctx: sorted(set(ctx[2]["hand"])),
           find=lambda ctx, cid: cid if cid in ctx[2]["hand"] else None,
           refusal=play_refusal, targets=play_targets, targeted=PLAY_TARGETED, type_of=PLAY_TYPE, facts=play_facts,
           missing=hand_card_missing,
           untargeted="{name} is not an attachment: it takes no target",
           bad_target="{name} cannot be played at that target now",
           wrong_type={"marshal": "{name} is an event: play it, do not marshal it",
                       "event": "{name} is not an event"}),
), closings=(Closing("end_marshal"),))}


def on_marshal(state: dict, seat: int, action: dict, rng: Rng) -> None:
    p = state["players"][seat]
    cid = action["card"]
    c = CARDS[cid]
    cost, reducers, discount = marshal_cost(p, cid)
    kneel_cards(p, reducers, "locs")
    if discount:
        p["discount_used"] = True
    if c["limited"]:
        add_to(p, "limited", [c["type"]])
    p["gold"] -= cost
    take_from(p, "hand", cid)
    if c["type"] == "attachment":
        s, host, zone = find_inst(state, action["target"])
        host = change_card(state["players"][s], zone, host, atts=host["atts"] + [cid])
        log(state, "marshal", seat=seat, card=cid, cost=cost, target=host["cid"])
    else:
        put_in_play(p, new_inst(state, cid))
        log(state, "marshal", seat=seat, card=cid, cost=cost, target=None)


def on_event(state: dict, seat: int, action: dict, rng: Rng) -> None:
    play_event(state, seat, action)


def on_end_marshal(state: dict, seat: int, action: dict, rng: Rng) -> None:
    challenges.menu(state, rng)


#: what each decision of marshalling does, by stage and action type
HANDLERS = {"marshal": {"marshal": on_marshal, "event": on_event, "end_marshal": on_end_marshal}}
