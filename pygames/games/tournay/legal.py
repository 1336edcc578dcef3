"""What a Tournay seat may decide now: the legal list, the direct check of one action and the
reason an action is refused."""

from __future__ import annotations

from pygames.core import strict_equal

from . import cards as K
from .citizens import (_COLOUR_CHOICES, DECK_LEVEL, MAX_DRAW_FEES, STANDING, colour_choices, draw_modes,
                       use_ways)
from .district import (BUILDINGS, CELLS, LINES, district_payments, has_room, places, targets,
                       token_cells)
from .effects import PLAIN_EFFECTS, effect_params
from .turn import current_player, final_seat

CARDS, EVENTS, COLOURS = K.CARDS, K.EVENTS, K.COLOURS


def can_pay(player: dict, card: str) -> bool:
    cost = CARDS[card]["cost"]
    if player["deniers"] < cost.get("deniers", 0):
        return False
    if "citizen" in cost:
        col = cost["citizen"]
        return player["stand"][col] + player["laid"][col] > 0
    return True


def play_options(players: list[dict], seat: int, hand: list[str], type_: str = "play",
                 only: str | None = None) -> list[dict]:
    """Every legal way to put a hand card into the district (type "play" or "final"); with
    ``only``, the ways to put that card."""
    me = players[seat]
    district = me["district"]
    result = []
    district_cards = None   # (cell, "d:r,c,i") for every card of the district, for "+ 1 card" costs
    free = places(district)  # where any card but an already built prestige name may go
    for card in dict.fromkeys(hand):
        if only is not None and card != only or not can_pay(me, card):
            continue
        info = CARDS[card]
        cost = info["cost"]
        cells = targets(district, card) if info["level"] == 3 else free
        if "card" not in cost:
            for r, c in cells:
                result.append({"type": type_, "card": card, "r": r, "c": c})
            continue
        # the card paid: another card of the hand, or any card of the district but the target cell's
        others = list(hand)
        others.remove(card)
        hand_pays = [f"h:{pay}" for pay in sorted(set(others))]
        if district_cards is None:
            district_cards = district_payments(district)
        for target in cells:
            r, c = target
            for where in hand_pays:
                result.append({"type": type_, "card": card, "r": r, "c": c, "pay": where})
            for cell, where in district_cards:
                if cell != target:
                    result.append({"type": type_, "card": card, "r": r, "c": c, "pay": where})
    return result


def legal_actions(state: dict) -> list[dict]:
    pending = state["pending"]
    if pending is not None:
        return pending_actions(state, pending)
    players = state["players"]
    if state["phase"] == "final":
        seat = final_seat(state)
        return play_options(players, seat, players[seat]["hand"], "final") + [{"type": "final_pass"}]
    seat = state["turn"]
    # a card first (only before the action), then the action, in the order of the rules: draw,
    # activate, counter, earn, buy, gather
    actions = play_options(players, seat, players[seat]["hand"]) if state["phase"] == "turn" else []
    one_citizen = draw_actions(state, seat, actions)
    activate_actions(state, seat, one_citizen, actions)
    other_actions(state, seat, actions)
    return actions


def pending_actions(state: dict, pending: dict) -> list[dict]:
    kind = pending["kind"]
    me = state["players"][pending["seat"]]
    if kind == "pick":
        return [{"type": "pick", "card": c} for c in sorted(set(pending["cards"]))]
    if kind == "limit":
        return [{"type": "return", "card": c} for c in sorted(set(me["hand"]) | set(me["ramparts"]))]
    if kind == "rampart":
        return [{"type": "rampart", "build": True}, {"type": "rampart", "build": False}]
    if kind == "token":
        return [{"type": "token", "r": r, "c": c} for r, c in token_cells(me["district"])]
    raise AssertionError(kind)


def draw_actions(state: dict, seat: int, actions: list[dict]) -> dict[str, tuple]:
    """``actions`` with the draws added (lay down as many citizens of the deck's colour as its
    level); returns the ways to take one citizen of each colour (``colour_choices``)."""
    players = state["players"]
    deniers = players[seat]["deniers"]
    faceup, decks = state["faceup"], state["decks"]
    one_citizen = {}
    budget = deniers if deniers < MAX_DRAW_FEES else MAX_DRAW_FEES
    columns = []   # each seat's standing citizens by colour (a loop: cheaper than a comprehension)
    for p in players:
        columns.append(STANDING(p["stand"]))
    for colour, standing in zip(COLOURS, zip(*columns)):
        # ``colour_choices``, its memo read here (the commonest case, without the call)
        found = _COLOUR_CHOICES.get((colour, standing, seat, budget))
        draws, one_citizen[colour] = found or colour_choices(colour, standing, seat, deniers)
        for deck, uses in draws:
            # the modes of ``draw_modes``, tested directly (the hottest list): the face-up card, a blind draw
            top, blind = faceup[deck] is not None, decks[deck]
            for use in uses:
                if top:
                    actions.append({"type": "draw", "deck": deck, "mode": "top", "use": list(use)})
                if blind:
                    actions.append({"type": "draw", "deck": deck, "mode": "blind", "use": list(use)})
    return one_citizen


def activate_actions(state: dict, seat: int, ways: dict[str, tuple], actions: list[dict]) -> None:
    """``actions`` with the activations added: one citizen of a building's colour on it (two
    with a Priest in line). ``ways``: the ways to take one citizen of each colour
    (``colour_choices``)."""
    district = state["players"][seat]["district"]
    for r, c in CELLS:
        cell = district[r][c]
        if cell is not None:
            building = BUILDINGS.get(cell["s"][-1])
            # a building, neither damaged nor full, and a citizen of its colour to put on it
            if building is not None and has_room(district, r, c):
                uses = ways[building[0]]
                if uses:
                    building_activations(state, seat, r, c, building[1], uses, actions)


def activations_at(state: dict, seat: int, r: int, c: int) -> list[dict]:
    """The ways to activate the building at (r, c) of ``seat``'s district (none if there is
    none, or it is damaged or full), as ``activate_actions`` lists them."""
    players = state["players"]
    district = players[seat]["district"]
    cell = district[r][c]
    building = BUILDINGS.get(cell["s"][-1]) if cell is not None else None
    actions: list[dict] = []
    if building is not None and has_room(district, r, c):
        colour, act = building
        uses = use_ways(tuple([p["stand"][colour] for p in players]), seat, 1, players[seat]["deniers"])
        if uses:
            building_activations(state, seat, r, c, act, uses, actions)
    return actions


def building_activations(state: dict, seat: int, r: int, c: int, act: dict,
                          uses: tuple[tuple[int, ...], ...], actions: list[dict]) -> None:
    """``actions`` with the ways to activate the building at (r, c), whose effect is ``act``,
    added, given the ``uses`` to take one citizen of its colour (``use_ways``, not empty)."""
    do = act["do"]
    if do in PLAIN_EFFECTS:
        for use in uses:
            actions.append({"type": "activate", "r": r, "c": c, "use": list(use)})
        return
    if do == "draw":    # the commonest effect with a parameter: the ways the deck may be drawn from
        deck = act["deck"]
        for mode in draw_modes(state, deck):
            for use in uses:
                actions.append({"type": "activate", "r": r, "c": c, "mode": mode, "use": list(use)})
        return
    budget = state["players"][seat]["deniers"]
    for params, extra in effect_params(state, seat, act):
        # a list parameter (the Ballista's slots, the Port's cell) is copied for each action:
        # the caller may change one action without changing its sibling
        lists = [key for key, value in params.items() if type(value) is list]
        # an effect with a price leaves fewer deniers for borrowing fees: the ways whose fee
        # (a borrowed citizen's) fits in what is left, in the order of ``use_ways``
        for use in uses:
            if not extra or use[seat] or K.BORROW_FEE <= budget - extra:
                action = {"type": "activate", "r": r, "c": c, **params, "use": list(use)}
                for key in lists:
                    action[key] = action[key][:]
                actions.append(action)


def other_actions(state: dict, seat: int, actions: list[dict]) -> None:
    """``actions`` with the other actions added: counter an event, earn deniers, buy a
    citizen, gather."""
    me = state["players"][seat]
    deniers = me["deniers"]
    # counter an event (it must have struck: at least one denier on it)
    for slot, item in enumerate(state["queue"]):
        if item and item["den"] >= 1 and deniers >= EVENTS[item["ev"]]["cost"] + item["den"]:
            actions.append({"type": "counter", "slot": slot})
    # earn deniers
    stand = me["stand"]
    for colour in COLOURS:
        for k in range(1, stand[colour] + 1):
            actions.append({"type": "earn", "colour": colour, "n": k})
    # buy a citizen (advanced rules)
    if state["rules"] == "advanced":
        for colour in COLOURS:
            if stand[colour] >= 1 and deniers >= K.BUY_CITIZEN_PRICE and state["supply"][colour] > 0:
                actions.append({"type": "buy", "colour": colour})
    actions.append({"type": "gather"})


def legal_match(state: dict, action: dict) -> dict | None:
    """The legal action equal to ``action`` (a new dict), or None: checked on the conditions
    under which ``legal_actions`` lists an action of its type, without building the list.
    Activations of one cell and plays that cost a card (rare, with many parameters) are
    looked for among that cell's or that card's actions, built as for the list."""
    kind = action["type"]
    pending = state["pending"]
    if pending is not None:
        return answer_match(state, pending, action)
    if state["phase"] == "final":
        if kind == "final_pass":
            return {"type": "final_pass"} if len(action) == 1 else None
        return play_match(state, final_seat(state), action) if kind == "final" else None
    seat = state["turn"]
    if kind == "play":
        return play_match(state, seat, action) if state["phase"] == "turn" else None
    if kind == "draw":
        return draw_match(state, seat, action)
    if kind == "activate":   # only the cell's building
        r, c = action.get("r"), action.get("c")
        if type(r) is not int or type(c) is not int or (r, c) not in LINES:
            return None
        return find(activations_at(state, seat, r, c), action)
    me = state["players"][seat]
    if kind == "gather":
        return {"type": "gather"} if len(action) == 1 else None
    if kind == "earn":
        colour, k = action.get("colour"), action.get("n")
        if len(action) == 3 and colour in COLOURS and type(k) is int and 1 <= k <= me["stand"][colour]:
            return {"type": "earn", "colour": colour, "n": k}
        return None
    if kind == "counter":   # an event that has struck (a denier on it), its cost and deniers paid
        slot = action.get("slot")
        if len(action) != 2 or type(slot) is not int or not 0 <= slot < len(state["queue"]):
            return None
        item = state["queue"][slot]
        if item and item["den"] >= 1 and me["deniers"] >= EVENTS[item["ev"]]["cost"] + item["den"]:
            return {"type": "counter", "slot": slot}
        return None
    if kind == "buy":   # advanced rules
        colour = action.get("colour")
        if len(action) == 2 and state["rules"] == "advanced" and colour in COLOURS \
                and me["stand"][colour] >= 1 and me["deniers"] >= K.BUY_CITIZEN_PRICE \
                and state["supply"][colour] > 0:
            return {"type": "buy", "colour": colour}
    return None


def answer_match(state: dict, pending: dict, action: dict) -> dict | None:
    """``legal_match`` of an answer to the pending decision (``pending_actions``)."""
    kind = pending["kind"]
    me = state["players"][pending["seat"]]
    if kind == "rampart":
        build = action.get("build")
        ok = action["type"] == "rampart" and len(action) == 2 and type(build) is bool
        return {"type": "rampart", "build": build} if ok else None
    if kind == "token":
        r, c = action.get("r"), action.get("c")
        ok = action["type"] == "token" and len(action) == 3 and type(r) is int and type(c) is int \
            and (r, c) in token_cells(me["district"])
        return {"type": "token", "r": r, "c": c} if ok else None
    card = action.get("card")
    if len(action) != 2 or type(card) is not str:
        return None
    if kind == "pick":
        ok = action["type"] == "pick" and card in pending["cards"]
    else:   # "limit": a hand card or a rampart goes back
        ok = action["type"] == "return" and (card in me["hand"] or card in me["ramparts"])
    return {"type": action["type"], "card": card} if ok else None


def play_match(state: dict, seat: int, action: dict) -> dict | None:
    """``legal_match`` of a play (or a final card, ``action``'s type): a hand card ``seat``
    can pay, to one of its ``targets``."""
    me = state["players"][seat]
    card = action.get("card")
    if type(card) is not str or card not in me["hand"] or not can_pay(me, card):
        return None
    info = CARDS[card]
    pays = "card" in info["cost"]   # also paid with another card (``play_options``' "pay")
    r, c = action.get("r"), action.get("c")
    if len(action) != 4 + pays or type(r) is not int or type(c) is not int:
        return None
    district = me["district"]
    if (r, c) not in (targets(district, card) if info["level"] == 3 else places(district)):
        return None
    if not pays:
        return {"type": action["type"], "card": card, "r": r, "c": c}
    where = action.get("pay")
    if type(where) is not str:
        return None
    if where.startswith("h:"):   # another hand card
        others = list(me["hand"])
        others.remove(card)
        ok = where[2:] in others
    else:   # any card of the district but the target cell's
        ok = any(cell != (r, c) and where == pay for cell, pay in district_payments(district))
    return {"type": action["type"], "card": card, "r": r, "c": c, "pay": where} if ok else None


def draw_match(state: dict, seat: int, action: dict) -> dict | None:
    """``legal_match`` of a draw, on the conditions of ``draw_ways``: a way to draw from the
    deck (``draw_modes``), and as many citizens of its colour as its level taken from the
    standing ones of each seat (``use``), 2 deniers for each borrowed one within the mover's."""
    deck, mode, use = action.get("deck"), action.get("mode"), action.get("use")
    if len(action) != 4 or type(deck) is not str or deck not in DECK_LEVEL or type(use) is not list:
        return None
    players = state["players"]
    if len(use) != len(players) \
            or mode not in draw_modes(state, deck):
        return None
    colour = deck[0]
    for k, player in zip(use, players):
        if type(k) is not int or not 0 <= k <= player["stand"][colour]:
            return None
    level = DECK_LEVEL[deck]
    if sum(use) != level or K.BORROW_FEE * (level - use[seat]) > players[seat]["deniers"]:
        return None
    return {"type": "draw", "deck": deck, "mode": mode, "use": list(use)}


def why_illegal(state: dict, action: dict) -> str | None:
    kind = action.get("type")
    if state["pending"] is not None:
        return f"first answer the pending decision ({state['pending']['kind']})"
    if kind == "play" and state["phase"] != "turn":
        return "you may play only one card, before your action"
    if kind in ("play", "final"):
        me = state["players"][current_player(state)]
        card = action.get("card")
        if card not in me["hand"]:
            return f"{card!r} is not in your hand"
        name = CARDS[card]["name"]["en"]
        cost = CARDS[card]["cost"]
        if me["deniers"] < cost.get("deniers", 0):
            return f"{name} costs {cost['deniers']} denier(s) and you have {me['deniers']}"
        if "citizen" in cost and not can_pay(me, card):
            return f"{name} needs one of your {K.COLOUR_NAMES[cost['citizen']]['en']} citizens and you have none left"
        cell = (action.get("r"), action.get("c"))
        if cell not in targets(me["district"], card):
            if CARDS[card]["level"] == 3 and not targets(me["district"], card):
                return f"{name} is already in your district"
            return f"{name} cannot go to row {cell[0]!r}, column {cell[1]!r} of your district"
        if "card" in cost:
            return f"{name} also costs a card: pay with another hand card (\"h:<card>\") or a district card (\"d:r,c,i\")"
    return None


def find(candidates: list[dict], action: dict) -> dict | None:
    """The candidate equal to ``action`` (by ``strict_equal``), or None."""
    for candidate in candidates:
        if candidate == action and strict_equal(action, candidate):
            return candidate
    return None
