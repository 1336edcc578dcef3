"""What Tournay's cards and events do: drawing (a town crier drawn makes the events strike),
the events striking and their effects, countering an event, and the buildings' effects with the
ways to use each (the characters' bonuses on activation included). TOU_11-TOU_14, TOU_17-TOU_29."""

from __future__ import annotations

from pygames.core import log_entry

from . import cards as K
from .citizens import draw_modes, take_citizens
from .district import chars_in_line, count_visible, other_buildings, token_cells
from .state import add_citizens, put, put_cell, put_slot, take_into_hand, with_deniers

CARDS, EVENTS, COLOURS = K.CARDS, K.EVENTS, K.COLOURS


# ====================================================================== drawing (TOU_11-TOU_14)
def draw_cards(state: dict, seat: int, deck: str, mode: str) -> None:
    """The normal draw methods (for the draw action and the draw effects)."""
    tasks = state["tasks"]
    if mode == "top":
        card = state["faceup"][deck]
        put(state, "faceup", deck, None)
        take_into_hand(state["players"][seat], card)
        state["log"].append({"key": "took_top", "params": {"seat": seat, "deck": deck, "card": card}})
        tasks.append({"t": "limit", "seat": seat})
        return
    pile = state["decks"][deck]
    faceup = state["faceup"][deck]
    if faceup:   # the face-up card goes under its deck (the deck's new pile is put once, below)
        pile = pile + [faceup]
        state["log"].append({"key": "top_to_bottom", "params": {"deck": deck, "card": faceup}})
        put(state, "faceup", deck, None)
    drawn: list = []
    crier = False
    taken = 0
    while len(drawn) < 2 and taken < len(pile):
        card = pile[taken]
        taken += 1
        if CARDS[card]["kind"] == "crier":
            crier = True
            state["criers"] = state["criers"] + [deck]
            state["log"].append(log_entry("crier", seat=seat, deck=deck, out=len(state["criers"])))
            continue
        drawn.append(card)
    put(state, "decks", deck, pile[taken:])
    if crier:
        state["queue"] = [with_deniers(item, item["den"] + 1) if item else None for item in state["queue"]]
        strike(state, seat, [i for i, item in enumerate(state["queue"]) if item], everyone=True)
    if len(drawn) == 2:
        tasks.append({"t": "pick", "seat": seat, "deck": deck, "cards": drawn})
    elif drawn:
        take_into_hand(state["players"][seat], drawn[0])
        state["log"].append(log_entry("drew_one", seat=seat, deck=deck))
        state["log"].append(log_entry("drew_one_private", to=[seat], seat=seat, card=drawn[0]))
    tasks.append({"t": "limit", "seat": seat})


# ====================================================================== events (TOU_22-TOU_29)
def strike(state: dict, by: int, slots: list[int], everyone: bool) -> None:
    """Queue the events of ``slots`` (left to right) against the players, from ``by`` on."""
    n = state["num_players"]
    for slot in sorted(slots):
        item = state["queue"][slot]
        ev = item["ev"]
        state["tasks"].append({"t": "strike", "ev": ev, "n": item["den"], "by": by})
        for i in range(n):
            target = (by + i) % n
            if target == by and not everyone and EVENTS[ev]["harm"]:
                continue
            state["tasks"].append({"t": "ev", "ev": ev, "n": item["den"], "seat": target})


def event_impact(player: dict, ev: str, n: int) -> int:
    """How much a harmful event would do to ``player`` (0: nothing, so no rampart is asked)."""
    eff = EVENTS[ev]["effect"]
    amount = eff["k"] * n * (count_visible(player["district"], eff["per"]) if "per" in eff else 1)
    do = eff["do"]
    if do == "lose":
        return min(amount, player["deniers"])
    if do == "lay_down":
        return min(amount, player["stand"][eff["colour"]])
    if do in ("damage", "grey"):
        return min(amount, len(token_cells(player["district"])))
    return amount


def event_effect(state: dict, seat: int, ev: str, n: int) -> None:
    player = state["players"][seat]
    eff = EVENTS[ev]["effect"]
    amount = eff["k"] * n * (count_visible(player["district"], eff["per"]) if "per" in eff else 1)
    do = eff["do"]
    if do == "lose":
        amount = min(amount, player["deniers"])
        player["deniers"] -= amount
    elif do == "gain":
        player["deniers"] += amount
    elif do == "lay_down":
        col = eff["colour"]
        amount = min(amount, player["stand"][col])
        add_citizens(player, col, stand=-amount, laid=amount)
    elif do in ("damage", "grey"):
        state["tasks"].insert(0, {"t": "token", "seat": seat, "tok": do, "left": amount})
        return
    if amount:
        state["log"].append({"key": "hit", "params": {"seat": seat, "ev": ev, "n": amount}})


def put_token(state: dict, seat: int, tok: str, r: int, c: int) -> None:
    player = state["players"][seat]
    cell = player["district"][r][c]
    if tok == "damage":
        put_cell(player, r, c, {**cell, "dmg": True})
    else:
        put_cell(player, r, c, {**cell, "occ": cell["occ"] + ["g"]})
    state["log"].append(log_entry("token", seat=seat, tok=tok, card=cell["s"][-1]))


def counter_event(state: dict, seat: int, slot: int, free: bool = False) -> None:
    """Take the event of ``slot`` as a rampart, paying its cost and the deniers on it unless
    ``free`` (the Fort), and refill the slot from the event deck."""
    me = state["players"][seat]
    item = state["queue"][slot]
    price = 0 if free else EVENTS[item["ev"]]["cost"] + item["den"]
    me["deniers"] -= price
    me["ramparts"] = sorted(me["ramparts"] + [item["ev"]])
    ev_deck = state["ev_deck"]
    put_slot(state, slot, {"ev": ev_deck[0], "den": 0} if ev_deck else None)
    state["ev_deck"] = ev_deck[1:]
    new = state["queue"][slot]
    state["log"].append(log_entry("counter", seat=seat, ev=item["ev"], price=price,
                                  new=new["ev"] if new else None))
    state["tasks"].append({"t": "limit", "seat": seat})


# ====================================================================== buildings (TOU_17-TOU_21, TOU_45-TOU_48)
#: the building effects that take no parameter (one way to use them, free)
PLAIN_EFFECTS = frozenset({"gain", "gain_per"})


def effect_params(state: dict, seat: int, act: dict) -> list[tuple[dict, int]]:
    """(parameters, deniers needed besides borrowing fees) for each way to use a building's effect."""
    do = act["do"]
    me = state["players"][seat]
    queue = state["queue"]
    if do == "draw":
        return [({"mode": mode}, 0) for mode in draw_modes(state, act["deck"])]
    if do == "recruit":
        cols = COLOURS if act["colour"] == "any" else (act["colour"],)
        if me["deniers"] < act["price"]:
            return []
        return [({"colour": col} if act["colour"] == "any" else {}, act["price"])
                for col in cols if state["supply"][col] > 0]
    if do == "stand":   # a laid-down citizen of a colour it stands
        laid = me["laid"]
        for col in (COLOURS if act["colour"] == "all" else (act["colour"],)):
            if laid[col]:
                return [({}, 0)]
        return []
    if do == "ballista":
        slots = [i for i, item in enumerate(queue) if item]
        out = [({"slots": [i]}, 0) for i in slots]
        out += [({"slots": [i, j]}, 0) for a, i in enumerate(slots) for j in slots[a + 1:]]
        return out
    if do == "combat":
        return [({"slot": i}, 0) for i, item in enumerate(queue) if item and item["den"]]
    if do == "use_other":
        return [({"port": [owner, r, c], **params}, extra)
                for owner, r, c, act_ in other_buildings(state["players"], seat, act["colour"])
                for params, extra in effect_params(state, seat, act_)]
    if do == "counter_any":
        return [({"slot": i}, EVENTS[item["ev"]]["cost"] + item["den"])
                for i, item in enumerate(queue)
                if item and me["deniers"] >= EVENTS[item["ev"]]["cost"] + item["den"]]
    if do == "calm":
        return [({}, 0)] if any(item and item["den"] for item in queue) else []
    if do == "calm_one":
        return [({"slot": i}, 0) for i, item in enumerate(queue) if item and item["den"]]
    return [({}, 0)]   # PLAIN_EFFECTS


def activate(state: dict, seat: int, action: dict) -> None:
    me = state["players"][seat]
    r, c = action["r"], action["c"]
    cell = me["district"][r][c]
    card = cell["s"][-1]
    colour = CARDS[card]["colour"]
    use = action["use"]
    take_citizens(state, seat, colour, use)
    if use[seat]:   # own citizen: it goes onto the building instead of lying down
        add_citizens(me, colour, laid=-1)
        put_cell(me, r, c, {**cell, "occ": cell["occ"] + ["c"]})
    else:
        put_cell(me, r, c, {**cell, "occ": cell["occ"] + ["b"]})
    state["log"].append(log_entry("activate", seat=seat, card=card))
    for ch in chars_in_line(me["district"], r, c):
        if ch["on"] == "on_activate" and ch["colour"] in (colour, "any"):
            me["deniers"] += ch["n"]
            state["log"].append(log_entry("bonus_activate", seat=seat, n=ch["n"]))
    act = CARDS[card]["act"]
    if act["do"] == "use_other":   # the Port: another player's building's effect, for this player
        owner, rr, cc = action["port"]
        other = state["players"][owner]["district"][rr][cc]["s"][-1]
        state["log"].append(log_entry("use_other", seat=seat, owner=owner, card=other))
        act = CARDS[other]["act"]
    building_effect(state, seat, act, action)


def building_effect(state: dict, seat: int, act: dict, action: dict) -> None:
    """A building's effect ``act`` for ``seat``, with the choices made in ``action``."""
    me = state["players"][seat]
    do = act["do"]
    if do == "gain":
        me["deniers"] += act["n"]
        state["log"].append(log_entry("gain", seat=seat, n=act["n"]))
    elif do == "gain_per":
        k = act.get("base", 0) + count_visible(me["district"], act["what"])
        me["deniers"] += k
        state["log"].append(log_entry("gain", seat=seat, n=k))
    elif do == "draw":
        state["log"].append({"key": "draw", "params": {"seat": seat, "deck": act["deck"], "mode": action["mode"]}})
        draw_cards(state, seat, act["deck"], action["mode"])
    elif do == "recruit":
        col = action.get("colour", act["colour"])
        me["deniers"] -= act["price"]
        put(state, "supply", col, state["supply"][col] - 1)
        add_citizens(me, col, stand=1)
        state["log"].append(log_entry("recruit", seat=seat, colour=col, price=act["price"]))
    elif do == "stand":
        cols = COLOURS if act["colour"] == "all" else (act["colour"],)
        stood = {}
        for col in cols:
            k = min(act["n"], me["laid"][col])
            add_citizens(me, col, stand=k, laid=-k)
            if k:
                stood[col] = k
        state["log"].append(log_entry("stand", seat=seat, stood=stood))
    elif do == "ballista":
        queue = state["queue"] = list(state["queue"])
        for slot in action["slots"]:
            item = queue[slot]
            queue[slot] = with_deniers(item, item["den"] + 1)
        state["log"].append(log_entry("ballista", seat=seat, evs=[state["queue"][s]["ev"] for s in action["slots"]]))
        strike(state, seat, action["slots"], everyone=False)
    elif do == "counter_any":
        counter_event(state, seat, action["slot"])
    elif do == "combat":
        counter_event(state, seat, action["slot"], free=True)
    elif do == "calm":
        state["queue"] = [with_deniers(item, item["den"] - 1) if item and item["den"] else item
                          for item in state["queue"]]
        state["log"].append(log_entry("calm", seat=seat))
    elif do == "calm_one":
        item = state["queue"][action["slot"]]
        k = item["den"]
        put_slot(state, action["slot"], with_deniers(item, 0))
        if act["gain"]:
            me["deniers"] += k
        state["log"].append(log_entry("calm_one", seat=seat, ev=item["ev"], n=k, gain=act["gain"]))
