"""Great Houses, a turn's start and marshalling (docs/rules/houses.md §3.2 steps 1-2): draw 2,
gold from income, then marshal cards and play Marshalling events until the player ends the step.
"""

from __future__ import annotations

from .stats import (CARDS, agenda_rules, event_cost, find_inst, income, loyal_ok, marshal_cost, penalty,
                    unique_blocked)
from .board import add_to, change_card, draw, kneel_cards, log, new_inst, put_in_play, take_from
from .effects import EVENT_WINDOW, effect_targets, play_event
from . import cards as C
from . import challenges, turn_end


#: what the marshal step reads of a card, by card id: (type, printed cost, House, loyal, unique, limited)
MARSHAL_FACTS = {cid: (c["type"], c["cost"], c["house"], c["loyal"], c["unique"], c["limited"])
                 for cid, c in CARDS.items()}


#: the locations that reduce the cost of a House's cards (kneel to make the next one cost 1 less)
REDUCERS = {cid for cid, c in CARDS.items() if "reducer" in c}


def start_turn(state: dict, index: int, rng) -> None:
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


def marshal_actions(state: dict, seat: int) -> list[dict]:
    p = state["players"][seat]
    gold = p["gold"]
    rebate = marshal_rebate(p)
    out = []
    for cid in sorted(set(p["hand"])):
        facts = MARSHAL_FACTS[cid]
        if facts[1] - rebate > gold:  # (nothing costs less than its printed cost minus every rebate there is)
            continue
        kind = facts[0]
        if kind == "event":
            if EVENT_WINDOW[cid] == "marshal":
                out += event_actions_for(state, seat, cid)
        elif may_marshal(p, cid, rebate):
            if kind == "attachment":  # on one of the player's characters
                out += [{"type": "marshal", "card": cid, "target": i["uid"]} for i in p["chars"]]
            else:
                out.append({"type": "marshal", "card": cid})
    return out


def marshal_rebate(p: dict) -> int:
    """The most any card's cost can drop now: the agenda's discount and every standing reducer."""
    rebate = agenda_rules(p).get("house_char_discount", 0)
    for loc in p["locs"]:
        if not loc["knelt"] and loc["cid"] in REDUCERS:
            rebate += 1
    return rebate


def may_marshal(p: dict, cid: str, rebate: int) -> bool:
    """Whether player ``p`` may marshal ``cid`` (not an event) now (``rebate``: see marshal_rebate)."""
    kind, cost, house, loyal, unique, limited = MARSHAL_FACTS[cid]
    gold = p["gold"]
    # nothing costs less than its printed cost minus every rebate there is
    if cost - rebate > gold:
        return False
    if loyal and house != p["house"]:  # (loyal_ok)
        return False
    if unique and unique_blocked(p, cid):
        return False
    if limited and kind in p["limited"]:  # one Limited card per card type
        return False
    if kind == "character" and house == "neutral" and p["agenda"] and agenda_rules(p).get("no_neutral_characters"):
        return False
    # affordable at full price, it is affordable: only a close call needs the exact cost
    # (the penalty only for a card of another House)
    if house != "neutral" and house != p["house"]:
        cost += penalty(p, cid)
    return cost <= gold or marshal_cost(p, cid)[0] <= gold


def event_actions_for(state: dict, seat: int, cid: str) -> list[dict]:
    p = state["players"][seat]
    c = CARDS[cid]
    if not loyal_ok(p, cid) or event_cost(p, cid) > p["gold"]:
        return []
    targets = effect_targets(state, seat, c["effects"])
    if targets is None:
        return [{"type": "event", "card": cid}]
    return [{"type": "event", "card": cid, "target": t} for t in targets]


def on_marshal(state: dict, seat: int, action: dict, rng) -> None:
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


def on_event(state: dict, seat: int, action: dict, rng) -> None:
    play_event(state, seat, action)


def on_end_marshal(state: dict, seat: int, action: dict, rng) -> None:
    challenges.menu(state, rng)


#: what each decision of marshalling does, by stage and action type
HANDLERS = {"marshal": {"marshal": on_marshal, "event": on_event, "end_marshal": on_end_marshal}}
