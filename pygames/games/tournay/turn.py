"""A Tournay turn, as the rules page tells it: a turn plays at most one card
(TOU_04-TOU_10, TOU_42), then takes exactly one action (draw, activate, counter, earn, buy,
gather); what the action sets off runs as tasks, and each decision it needs waits as the pending
question; then the next turn, the next round, and the last card (TOU_37-TOU_39)."""

from __future__ import annotations

from pygames.core import log_entry

from . import cards as K
from .citizens import take_citizens
from .district import card_deck, chars_in_line, empty_district, hand_size, matches, shift_for, token_cells
from .effects import activate, counter_event, draw_cards, event_effect, event_impact, put_token
from .scoring import ROUND_LIMIT, end_trigger, state_scores, winners
from .state import add_citizens, put, put_cell, take_into_hand, to_bottom, without

CARDS, EVENTS, COLOURS = K.CARDS, K.EVENTS, K.COLOURS


# ====================================================================== whose decision
# (the seat asked by the pending question, else the last card's next chooser, else the seat whose
# turn it is: TournayGame._current_player)
def final_seat(state: dict) -> int:
    """The next seat to choose its last card, in turn order from the first player."""
    n = state["num_players"]
    for i in range(n):
        seat = (state["first"] + i) % n
        if state["final"]["chosen"][seat] is None:
            return seat
    raise AssertionError("final phase without a seat to choose")


# ====================================================================== a turn
# The log entries of the commonest steps are written out in log_entry's form ({"key", "params",
# "to"}): a dict literal costs less than a call with keyword arguments, on every step.
def apply_action(state: dict, action: dict, rng: object = None) -> None:
    """``state`` (a private copy) after the legal ``action``: an answer to the pending decision, a
    last card, the card of the turn, or the turn's action and all it sets off. (``rng``: the
    engine's generator, unused: after the deal the rules draw nothing at random.)"""
    kind = action["type"]
    pending = state["pending"]   # the mover as in TournayGame._current_player
    if pending is not None:
        answer(state, pending["seat"], action)
    elif kind in ("final", "final_pass"):
        final_choice(state, final_seat(state), action)
        return
    elif kind == "play":
        play_card(state, state["turn"], action)
        state["phase"] = "action"
        return
    else:
        state["phase"] = "busy"
        take_action(state, state["turn"], action)
        state["tasks"].append({"t": "end"})
    run_tasks(state)


# ====================================================================== playing a card (TOU_04-TOU_10)
def play_card(state: dict, seat: int, action: dict, final: bool = False) -> None:
    me = state["players"][seat]
    card = action["card"]
    cost = CARDS[card]["cost"]
    me["hand"] = without(me["hand"], card)
    paid = {}
    if cost.get("deniers"):
        me["deniers"] -= cost["deniers"]
        paid["deniers"] = cost["deniers"]
    if "citizen" in cost:
        col = cost["citizen"]
        if me["laid"][col]:
            add_citizens(me, col, laid=-1)
        else:
            add_citizens(me, col, stand=-1)
        put(state, "supply", col, state["supply"][col] + 1)
        paid["citizen"] = col
    if "pay" in action:
        where = action["pay"]
        if where.startswith("h:"):
            pay_card = where[2:]
            me["hand"] = without(me["hand"], pay_card)
        else:
            rr, cc, i = (int(x) for x in where[2:].split(","))
            cell = me["district"][rr][cc]
            stack = list(cell["s"])
            pay_card = stack.pop(i)
            if i == len(stack):     # the top card: what lay on it goes with it
                lay_down_occupants(me, cell)
                cell = {"s": stack, "occ": [], "dmg": False}
            else:
                cell = {**cell, "s": stack}
            put_cell(me, rr, cc, cell if stack else None)
        to_bottom(state, pay_card)
        paid["card"] = pay_card
    r, c = action["r"], action["c"]
    dr, dc = shift_for(r, c)
    if dr or dc:
        old = me["district"]
        new = empty_district()
        for rr in range(3):
            for cc in range(3):
                if old[rr][cc]:
                    new[rr + dr][cc + dc] = old[rr][cc]
        me["district"] = new
    r, c = r + dr, c + dc
    cell = me["district"][r][c]
    covered: list[str] = []
    discarded: list[str] = []
    if cell is None:
        put_cell(me, r, c, {"s": [card], "occ": [], "dmg": False})
    else:
        lay_down_occupants(me, cell)
        if CARDS[cell["s"][-1]]["colour"] == CARDS[card]["colour"]:
            covered = [cell["s"][-1]]
            put_cell(me, r, c, {"s": cell["s"] + [card], "occ": [], "dmg": False})
        else:
            discarded = list(cell["s"])
            for old_card in reversed(discarded):
                to_bottom(state, old_card)
            put_cell(me, r, c, {"s": [card], "occ": [], "dmg": False})
    state["log"].append({"key": "play", "params": {"seat": seat, "card": card, "r": r, "c": c, "shift": [dr, dc],
                                                   "paid": paid, "covered": covered, "discarded": discarded,
                                                   "final": final}})
    for ch in chars_in_line(me["district"], r, c):
        if ch["on"] == "on_place" and matches(card, ch["what"]):
            me["deniers"] += ch["n"]
            state["log"].append(log_entry("bonus_place", seat=seat, n=ch["n"]))


def lay_down_occupants(player: dict, cell: dict) -> None:
    """The cell's top card is covered or leaves: the player's own citizens on it lie down (the
    caller puts a new cell without tokens)."""
    colour = CARDS[cell["s"][-1]]["colour"]
    add_citizens(player, colour, laid=cell["occ"].count("c"))


# ====================================================================== the action
def take_action(state: dict, seat: int, action: dict) -> None:
    kind = action["type"]
    me = state["players"][seat]
    if kind == "draw":
        deck = action["deck"]
        take_citizens(state, seat, deck[0], action["use"])
        state["log"].append({"key": "draw", "params": {"seat": seat, "deck": deck, "mode": action["mode"]}})
        draw_cards(state, seat, deck, action["mode"])
    elif kind == "activate":
        activate(state, seat, action)
    elif kind == "counter":
        counter_event(state, seat, action["slot"])
    elif kind == "earn":
        col, k = action["colour"], action["n"]
        add_citizens(me, col, stand=-k, laid=k)
        me["deniers"] += K.EARN_PER_CITIZEN * k
        state["log"].append({"key": "earn", "params": {"seat": seat, "colour": col, "n": k,
                                                       "gain": K.EARN_PER_CITIZEN * k}})
    elif kind == "buy":
        col = action["colour"]
        # a standing citizen lies down to pay, and the one bought stands in its place
        add_citizens(me, col, laid=1)
        me["deniers"] -= K.BUY_CITIZEN_PRICE
        put(state, "supply", col, state["supply"][col] - 1)
        state["log"].append(log_entry("buy", seat=seat, colour=col))
    elif kind == "gather":   # every citizen of the player stands again
        stand = dict(me["stand"])
        for r, row in enumerate(me["district"]):
            for c, cell in enumerate(row):
                if cell and (cell["occ"] or cell["dmg"]):
                    stand[CARDS[cell["s"][-1]]["colour"]] += cell["occ"].count("c")
                    put_cell(me, r, c, {"s": cell["s"], "occ": [], "dmg": False})
        laid = me["laid"]
        for col, k in laid.items():
            stand[col] += k
        me["stand"] = stand
        me["laid"] = dict.fromkeys(laid, 0)
        state["log"].append({"key": "gather", "params": {"seat": seat}})


# ====================================================================== tasks and decisions
def run_tasks(state: dict) -> None:
    tasks = state["tasks"]
    while state["pending"] is None and tasks:
        task = tasks.pop(0)
        t = task["t"]
        if t == "end":
            end_turn(state)
        elif t == "strike":
            state["log"].append({"key": "strike", "params": {"ev": task["ev"], "n": task["n"]}})
        elif t == "ev":
            player = state["players"][task["seat"]]
            if EVENTS[task["ev"]]["harm"]:
                if event_impact(player, task["ev"], task["n"]) == 0:
                    continue
                if player["ramparts"]:
                    state["pending"] = {"kind": "rampart", **task}
                    continue
            event_effect(state, task["seat"], task["ev"], task["n"])
        elif t == "token":
            cells = token_cells(state["players"][task["seat"]]["district"])
            if not cells or task["left"] <= 0:
                continue
            if len(cells) <= task["left"]:
                for r, c in cells:
                    put_token(state, task["seat"], task["tok"], r, c)
                continue
            state["pending"] = {"kind": "token", **task}
        elif t == "pick":
            state["pending"] = {"kind": "pick", **task}
        elif t == "limit":
            if hand_size(state["players"][task["seat"]]) > K.HAND_LIMIT:
                state["pending"] = {"kind": "limit", **task}


def answer(state: dict, seat: int, action: dict) -> None:
    pending = state["pending"]
    state["pending"] = None
    me = state["players"][seat]
    kind = pending["kind"]
    if kind == "pick":
        keep = action["card"]
        cards_ = list(pending["cards"])
        cards_.remove(keep)
        take_into_hand(me, keep)
        put(state, "faceup", pending["deck"], cards_[0])
        state["log"].append({"key": "picked", "params": {"seat": seat, "deck": pending["deck"], "other": cards_[0]}})
        state["log"].append({"key": "picked_private", "params": {"seat": seat, "card": keep}, "to": [seat]})
    elif kind == "limit":
        card = action["card"]
        if card in EVENTS:
            me["ramparts"] = without(me["ramparts"], card)
            me["dropped"] = me["dropped"] + [card]
            state["ev_out"] = state["ev_out"] + [card]
            state["log"].append(log_entry("drop_rampart", seat=seat, ev=card))
        else:
            me["hand"] = without(me["hand"], card)
            to_bottom(state, card)
            state["log"].append({"key": "return", "params": {"seat": seat, "deck": card_deck(card)}})
            state["log"].append({"key": "return_private", "params": {"seat": seat, "card": card}, "to": [seat]})
        state["tasks"].insert(0, {"t": "limit", "seat": seat})
    elif kind == "rampart":
        if action["build"]:
            ev = me["ramparts"][0]
            me["ramparts"] = me["ramparts"][1:]
            me["built"] = me["built"] + [ev]
            state["log"].append(log_entry("rampart", seat=seat, ev=pending["ev"], used=ev))
        else:
            event_effect(state, seat, pending["ev"], pending["n"])
    elif kind == "token":
        put_token(state, seat, pending["tok"], action["r"], action["c"])
        if pending["left"] > 1:
            state["tasks"].insert(0, {"t": "token", "seat": seat, "tok": pending["tok"], "left": pending["left"] - 1})


# ====================================================================== turns, rounds, the end
def end_turn(state: dict) -> None:
    n = state["num_players"]
    nxt = (state["turn"] + 1) % n
    state["turn"] = nxt
    state["phase"] = "turn"
    if nxt != state["first"]:
        return
    if state["last_round"]:
        state["phase"] = "final"
        state["final"] = {"chosen": [None] * n}
        state["log"].append(log_entry("final_start"))
        return
    state["round"] += 1
    reason = end_trigger(state["players"], len(state["criers"]))
    if reason is None and state["round"] >= ROUND_LIMIT:
        reason = "round_limit"
    state["log"].append({"key": "round", "params": {"n": state["round"]}})
    if reason:
        state["last_round"] = True
        state["log"].append(log_entry("last_round", reason=reason))


def final_choice(state: dict, seat: int, action: dict) -> None:
    state["final"]["chosen"][seat] = action
    state["log"].append(log_entry("final_chosen", seat=seat))
    if any(choice is None for choice in state["final"]["chosen"]):
        return
    n = state["num_players"]
    for i in range(n):
        s = (state["first"] + i) % n
        choice = state["final"]["chosen"][s]
        if choice["type"] == "final_pass":
            state["log"].append(log_entry("final_pass", seat=s))
        else:
            play_card(state, s, choice, final=True)
    state["phase"] = "over"
    scores = state_scores(state)
    state["log"].append(log_entry("end", scores=scores, winners=winners(state, scores)))
