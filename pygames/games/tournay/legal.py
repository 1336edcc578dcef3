"""What a Tournay seat may decide now, stated once for each decision kind.

The decision kinds (stages): the turn (a card, then an action), the last card, and the four
questions a turn may ask (keep one of two drawn cards, return a card over the hand limit, build a
rampart against an event, place a damage or grey token). What is legal for each action type is
written in one place, from which the legal list, the direct check of one action (``legal_match``)
and the reason an action is refused (``why_illegal``) all follow:

- most types have one function that adds the legal actions of a focus (``add_activations``, a
  cell; ``add_counters``, a slot; ``add_earns`` and ``add_buys``, a colour): the list calls it
  for every focus, the check for the action's own focus alone, and finds the action among them;
- a draw is looked up in the memoized ways of its colour (``citizens.colour_choices``, as the
  list expands them) and ``draw_modes``; a play in the places and payments of its card
  (``card_places``, ``card_payments``), which also say why a card cannot be played;
- each check returns the private copy of the legal action for ``apply``, or the reason as a
  string: the part of the rule the action misses.

The stage's tables (``QUESTIONS``, ``TURN_CHECKS``, ``FINAL_CHECKS``) find an action type's check;
the lists are built stage by stage, in the order of the rules.
"""

from __future__ import annotations

from collections.abc import Callable

from pygames.core import strict_equal

from . import cards as K
from .citizens import DECK_LEVEL, MAX_DRAW_FEES, STANDING, colour_choices, draw_modes, known_colour_choices, use_ways
from .district import CELLS, building_of, district_payments, has_room, places, targets, token_cells
from .effects import PLAIN_EFFECTS, effect_params
from .turn import final_seat

CARDS, EVENTS, COLOURS = K.CARDS, K.EVENTS, K.COLOURS

#: what a check returns: the legal action (a private copy for ``apply``) or why there is none
Checked = dict | str
Check = Callable[[dict, int, dict], Checked]


def _count(n: int, one: str, other: str) -> str:
    """A refusal's count and noun agreeing ("1 card", "2 cards"); the same rule as pygames.ui.i18n.plural,
    kept here so that the rules import nothing of the UI."""
    return f"{n} {one if n == 1 else other}"


def _name(card: str) -> str:
    return CARDS[card]["name"]["en"]


# ====================================================================== playing a card (TOU_04-TOU_10)
def card_places(me: dict, card: str, free: tuple[tuple[int, int], ...]) -> tuple | list[tuple[int, int]] | str:
    """Where ``me`` may put ``card``, a card of its hand: the ``places`` of its district (``free``),
    a prestige building's ``targets``; or why it cannot (a word ``play_refusal`` explains): its
    cost in deniers or a citizen of its colour (standing or laid down) not there, or a prestige
    name already built there."""
    cost = CARDS[card]["cost"]
    if me["deniers"] < cost.get("deniers", 0):
        return "deniers"
    if "citizen" in cost:
        colour = cost["citizen"]
        if not me["stand"][colour] + me["laid"][colour]:
            return "citizen"
    if CARDS[card]["level"] != 3:
        return free
    return targets(me["district"], card) or "built"


def play_refusal(me: dict, card: str, reason: str) -> str:
    """The sentence of a reason ``card_places`` gives."""
    name, cost = _name(card), CARDS[card]["cost"]
    if reason == "deniers":
        return f"{name} costs {_count(cost['deniers'], 'denier', 'deniers')} and you have {me['deniers']}"
    if reason == "citizen":
        return f"{name} needs one of your {K.COLOUR_NAMES[cost['citizen']]['en']} citizens and you have none left"
    return f"{name} is already in your district"


#: the cards whose cost has "+ 1 card" (the prestige buildings that ``card_payments`` are for)
PAID_WITH_A_CARD = frozenset(card for card, info in CARDS.items() if "card" in info["cost"])


def card_payments(me: dict, card: str) -> tuple[list[str], list[tuple[tuple[int, int], str]]]:
    """What may pay the "+ 1 card" of the cost of ``card`` (one of ``PAID_WITH_A_CARD``): another
    card of the hand ("h:<card>"), and any card of the district ("d:r,c,i", with its cell) but
    those of the cell the card goes to (``pays_at``)."""
    others = list(me["hand"])
    others.remove(card)
    return [f"h:{pay}" for pay in sorted(set(others))], district_payments(me["district"])


def pays_at(payments: tuple[list[str], list[tuple[tuple[int, int], str]]], target: tuple[int, int]) -> list[str]:
    """The payments of ``card_payments`` for a card put on ``target``."""
    hand, district = payments
    return hand + [where for cell, where in district if cell != target]


def add_plays(state: dict, seat: int, kind: str, actions: list[dict]) -> None:
    """``actions`` with every way to put a hand card into the district (type ``kind``: "play",
    or "final" for the last card)."""
    me = state["players"][seat]
    free = places(me["district"])
    for card in dict.fromkeys(me["hand"]):
        cells = card_places(me, card, free)
        if isinstance(cells, str):
            continue
        if card not in PAID_WITH_A_CARD:
            for r, c in cells:
                actions.append({"type": kind, "card": card, "r": r, "c": c})
            continue
        payments = card_payments(me, card)
        for target in cells:
            r, c = target
            for where in pays_at(payments, target):
                actions.append({"type": kind, "card": card, "r": r, "c": c, "pay": where})


def play_options(players: list[dict], seat: int, kind: str = "play") -> list[dict]:
    """Every way for ``seat`` to put a hand card into its district (``add_plays``)."""
    actions: list[dict] = []
    add_plays({"players": players}, seat, kind, actions)
    return actions


def check_play(state: dict, seat: int, action: dict) -> Checked:
    """A card of the turn: only before the action (TOU_42)."""
    if state["phase"] != "turn":
        return "you may play only one card, before your action"
    return check_card(state, seat, action)


def check_card(state: dict, seat: int, action: dict) -> Checked:
    """A play or a last card (``action``'s type): a hand card to one of its places, paid."""
    me = state["players"][seat]
    card = action.get("card")
    if type(card) is not str or card not in me["hand"]:
        return f"{card!r} is not in your hand"
    cells = card_places(me, card, places(me["district"]))
    if type(cells) is str:
        return play_refusal(me, card, cells)
    r, c = action.get("r"), action.get("c")
    if type(r) is not int or type(c) is not int or (r, c) not in cells:
        return f"{_name(card)} cannot go to row {r!r}, column {c!r} of your district"
    if card not in PAID_WITH_A_CARD:
        if len(action) != 4:
            return f"{_name(card)} is played with its card, row and column only"
        return {"type": action["type"], "card": card, "r": r, "c": c}
    where = action.get("pay")
    if len(action) != 5 or type(where) is not str or where not in pays_at(card_payments(me, card), (r, c)):
        return (f"{_name(card)} also costs a card: pay with another hand card (\"h:<card>\") or a card of "
                f"another cell of your district (\"d:r,c,i\")")
    return {"type": action["type"], "card": card, "r": r, "c": c, "pay": where}


# ====================================================================== drawing (TOU_11-TOU_16)
def add_draws(state: dict, seat: int, actions: list[dict]) -> dict[str, tuple[tuple[int, ...], ...]]:
    """``actions`` with the draws added: from each deck the ``colour_choices`` of its colour allow
    (as many citizens as its level: own, or borrowed at 2 deniers each), each way ``DRAW_MODES``
    allows. Returns the ways to take one citizen of each colour, for the activations."""
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
        found = known_colour_choices((colour, standing, seat, budget))
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


def check_draw(state: dict, seat: int, action: dict) -> Checked:
    """A draw, looked up in the ``colour_choices`` of its deck's colour and ``draw_modes``."""
    deck, mode, use = action.get("deck"), action.get("mode"), action.get("use")
    if len(action) != 4 or type(deck) is not str or deck not in DECK_LEVEL:
        return "a draw names a deck (R1 ... Y3), a mode and a use"
    modes = draw_modes(state, deck)
    if mode not in modes:
        return f"{deck} can be drawn now only {' or '.join(map(repr, modes))}" if modes else f"{deck} is empty"
    players = state["players"]
    if type(use) is not list or len(use) != len(players):
        return "use counts the citizens taken from each seat"
    colour = deck[0]
    standing = []
    for k, player in zip(use, players):
        if type(k) is not int:
            return "use counts the citizens taken from each seat"
        standing.append(player["stand"][colour])
    deniers = players[seat]["deniers"]
    # ``colour_choices``, its memo read here (the commonest case, without the call)
    budget = deniers if deniers < MAX_DRAW_FEES else MAX_DRAW_FEES
    draws, _ = known_colour_choices((colour, tuple(standing), seat, budget)) \
        or colour_choices(colour, tuple(standing), seat, deniers)
    for found, uses in draws:
        if found == deck:
            if tuple(use) in uses:
                return {"type": "draw", "deck": deck, "mode": mode, "use": list(use)}
            break
    citizens = _count(DECK_LEVEL[deck], 'standing citizen', 'standing citizens')
    return (f"a draw from {deck} takes {citizens} of its colour: yours, or "
            f"others' at {K.BORROW_FEE} deniers each that you can pay")


# ====================================================================== activating a building (TOU_17-TOU_21)
ACTIVATE_RULE = ("only a building of yours is activated, not damaged and with room for a citizen (one, two with a "
                 "Priest in its row or column, until the gather), with a citizen of its colour: yours, or "
                 f"another's at {K.BORROW_FEE} deniers")


def add_activations(state: dict, seat: int, one_citizen: dict[str, tuple[tuple[int, ...], ...]], actions: list[dict],
                    cells: tuple[tuple[int, int], ...] = CELLS) -> None:
    """``actions`` with the ways to activate each building of ``seat``'s district (among
    ``cells``) that may be activated now: not damaged, not full, and a citizen of its colour to
    put on it (``one_citizen``: the ways to take one citizen of each colour); each way is a way to
    use its effect with a way to take the citizen (``building_activations``)."""
    district = state["players"][seat]["district"]
    for r, c in cells:
        cell = district[r][c]
        if cell is not None:
            building = building_of(cell["s"][-1])
            if building is not None and has_room(district, r, c):
                uses = one_citizen[building[0]]
                if uses:
                    building_activations(state, seat, r, c, building[1], uses, actions)


def building_activations(state: dict, seat: int, r: int, c: int, act: dict,
                         uses: tuple[tuple[int, ...], ...], actions: list[dict]) -> None:
    """``actions`` with the ways to activate the building at (r, c), whose effect is ``act``,
    added: each way to use the effect (``effect_params``) with each of the ``uses`` to take one
    citizen of its colour that its price leaves the deniers for."""
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


class OneCitizen(dict):
    """The ways ``seat`` may take one citizen of each colour (``use_ways``), each worked out when
    first asked for: a check needs one colour's, the list all three (``colour_choices``)."""

    def __init__(self, players: list[dict], seat: int) -> None:
        super().__init__()
        self.players, self.seat = players, seat

    def __missing__(self, colour: str) -> tuple[tuple[int, ...], ...]:
        players = self.players
        found = self[colour] = use_ways(tuple([p["stand"][colour] for p in players]), self.seat, 1,
                                        players[self.seat]["deniers"])
        return found


def check_activate(state: dict, seat: int, action: dict) -> Checked:
    """An activation, looked for among the ways to activate the building of its cell alone."""
    r, c = action.get("r"), action.get("c")
    if type(r) is not int or type(c) is not int or not (0 <= r <= 2 and 0 <= c <= 2):
        return "an activation names a cell of your district (r and c, 0 to 2)"
    ways: list[dict] = []
    add_activations(state, seat, OneCitizen(state["players"], seat), ways, ((r, c),))
    found = find(ways, action)
    if found is not None:
        return found
    if ways:
        return f"not a way to use this building's effect now (its choices, or the citizen's use); {ACTIVATE_RULE}"
    return f"row {r}, column {c}: {ACTIVATE_RULE}"


# ====================================================================== the other actions (TOU_22, TOU_02)
COUNTER_RULE = "only an event that has struck (a denier on it) is countered, paying its cost and the deniers on it"
BUY_RULE = (f"buying a citizen is an action of the advanced rules: {K.BUY_CITIZEN_PRICE} deniers, a standing citizen "
            "of its colour lies down, and one must be left in the supply")


def add_counters(state: dict, seat: int, actions: list[dict]) -> None:
    """``actions`` with the counters of the events of the queue that ``seat`` may take as
    ramparts: struck (a denier on it), its cost and the deniers on it paid."""
    deniers = state["players"][seat]["deniers"]
    for slot, item in enumerate(state["queue"]):
        if item and item["den"] >= 1 and deniers >= EVENTS[item["ev"]]["cost"] + item["den"]:
            actions.append({"type": "counter", "slot": slot})


def add_earns(state: dict, seat: int, actions: list[dict], colours: tuple[str, ...] = COLOURS) -> None:
    """``actions`` with the ways to earn deniers: 1 to all the standing citizens of one colour
    (among ``colours``) lie down."""
    stand = state["players"][seat]["stand"]
    for colour in colours:
        for k in range(1, stand[colour] + 1):
            actions.append({"type": "earn", "colour": colour, "n": k})


def add_buys(state: dict, seat: int, actions: list[dict], colours: tuple[str, ...] = COLOURS) -> None:
    """``actions`` with the citizens ``seat`` may buy (of ``colours``): advanced rules only, 5
    deniers, a standing citizen of the colour (it lies down) and one in the supply."""
    me = state["players"][seat]
    if state["rules"] == "advanced" and me["deniers"] >= K.BUY_CITIZEN_PRICE:
        stand, supply = me["stand"], state["supply"]
        for colour in colours:
            if stand[colour] >= 1 and supply[colour] > 0:
                actions.append({"type": "buy", "colour": colour})


def find(ways: list[dict], action: dict) -> dict | None:
    """The way equal to ``action`` (by ``strict_equal``), or None."""
    for way in ways:
        if way == action and strict_equal(action, way):
            return way
    return None


def listed(ways: list[dict], action: dict) -> dict | None:
    """The way equal to ``action``, whose fields' types the caller checked (so ``==``, which takes
    True for 1, is strict here), or None."""
    for way in ways:
        if way == action:
            return way
    return None


def check_counter(state: dict, seat: int, action: dict) -> Checked:
    slot = action.get("slot")
    if type(slot) is not int or not 0 <= slot < K.QUEUE_SIZE:
        return f"a counter names a slot of the event queue (0 to {K.QUEUE_SIZE - 1})"
    ways: list[dict] = []
    add_counters(state, seat, ways)
    return listed(ways, action) or f"slot {slot}: {COUNTER_RULE}"


def check_earn(state: dict, seat: int, action: dict) -> Checked:
    colour = action.get("colour")
    if type(colour) is not str or colour not in COLOURS or type(action.get("n")) is not int:
        return "earning names a colour (R, W or Y) and a number n of its standing citizens"
    ways: list[dict] = []
    add_earns(state, seat, ways, (colour,))
    if not ways:
        return f"earning lays down standing {colour} citizens, and you have none"
    return listed(ways, action) or f"earning lays down 1 to {len(ways)} standing {colour} citizens now"


def check_buy(state: dict, seat: int, action: dict) -> Checked:
    colour = action.get("colour")
    if type(colour) is not str or colour not in COLOURS:
        return "buying names a colour (R, W or Y)"
    ways: list[dict] = []
    add_buys(state, seat, ways, (colour,))
    return listed(ways, action) or f"{colour!r}: {BUY_RULE}"


def check_gather(state: dict, seat: int, action: dict) -> Checked:
    return {"type": "gather"} if len(action) == 1 else "gathering takes no parameter"


def check_final_pass(state: dict, seat: int, action: dict) -> Checked:
    return {"type": "final_pass"} if len(action) == 1 else "passing takes no parameter"


# ====================================================================== the questions a turn asks
def pick_actions(state: dict, pending: dict) -> list[dict]:
    return [{"type": "pick", "card": card} for card in sorted(set(pending["cards"]))]


def check_pick(state: dict, seat: int, action: dict) -> Checked:
    card = action.get("card")
    if len(action) != 2 or type(card) is not str or card not in state["pending"]["cards"]:
        return "keep one of the two cards you drew"
    return {"type": "pick", "card": card}


def limit_actions(state: dict, pending: dict) -> list[dict]:
    me = state["players"][pending["seat"]]
    return [{"type": "return", "card": card} for card in sorted(set(me["hand"]) | set(me["ramparts"]))]


def check_return(state: dict, seat: int, action: dict) -> Checked:
    card = action.get("card")
    me = state["players"][seat]
    if len(action) != 2 or type(card) is not str or not (card in me["hand"] or card in me["ramparts"]):
        return f"over the hand limit of {K.HAND_LIMIT}: return a card of your hand or a rampart"
    return {"type": "return", "card": card}


def rampart_actions(state: dict, pending: dict) -> list[dict]:
    return [{"type": "rampart", "build": True}, {"type": "rampart", "build": False}]


def check_rampart(state: dict, seat: int, action: dict) -> Checked:
    build = action.get("build")
    if len(action) != 2 or type(build) is not bool:
        return "build a rampart against the event or not: build is true or false"
    return {"type": "rampart", "build": build}


def token_actions(state: dict, pending: dict) -> list[dict]:
    return [{"type": "token", "r": r, "c": c} for r, c in token_cells(state["players"][pending["seat"]]["district"])]


def check_token(state: dict, seat: int, action: dict) -> Checked:
    r, c = action.get("r"), action.get("c")
    if len(action) != 3 or type(r) is not int or type(c) is not int \
            or (r, c) not in token_cells(state["players"][seat]["district"]):
        return "the token goes on a building of yours with no citizen and no damage"
    return {"type": "token", "r": r, "c": c}


# ====================================================================== the stages
#: the questions a turn asks: (the legal list, the check of each action type)
QUESTIONS: dict[str, tuple[Callable[[dict, dict], list[dict]], dict[str, Check]]] = {
    "pick": (pick_actions, {"pick": check_pick}),
    "limit": (limit_actions, {"return": check_return}),
    "rampart": (rampart_actions, {"rampart": check_rampart}),
    "token": (token_actions, {"token": check_token}),
}
#: the checks of the turn's action types and of the last card's
TURN_CHECKS: dict[str, Check] = {"play": check_play, "draw": check_draw, "activate": check_activate,
                                 "counter": check_counter, "earn": check_earn, "buy": check_buy,
                                 "gather": check_gather}
FINAL_CHECKS: dict[str, Check] = {"final": check_card, "final_pass": check_final_pass}


def legal_actions(state: dict) -> list[dict]:
    pending = state["pending"]
    if pending is not None:
        return QUESTIONS[pending["kind"]][0](state, pending)
    actions: list[dict] = []
    if state["phase"] == "final":
        add_plays(state, final_seat(state), "final", actions)
        actions.append({"type": "final_pass"})
        return actions
    seat = state["turn"]
    # a card first (only before the action), then the action, in the order of the rules: draw,
    # activate, counter, earn, buy, gather
    if state["phase"] == "turn":
        add_plays(state, seat, "play", actions)
    one_citizen = add_draws(state, seat, actions)
    add_activations(state, seat, one_citizen, actions)
    add_counters(state, seat, actions)
    add_earns(state, seat, actions)
    add_buys(state, seat, actions)
    actions.append({"type": "gather"})
    return actions


def _stage_check(state: dict, kind: str) -> tuple[Check | None, int]:
    """The check of the action type ``kind`` in the current stage (None: the stage has no action
    of that type), and the seat that decides."""
    pending = state["pending"]
    if pending is not None:
        return QUESTIONS[pending["kind"]][1].get(kind), pending["seat"]
    if state["phase"] == "final":
        return FINAL_CHECKS.get(kind), final_seat(state)
    return TURN_CHECKS.get(kind), state["turn"]


def legal_match(state: dict, action: dict) -> dict | None:
    """The legal action equal to ``action`` (a new dict), or None: its type's check in the
    current stage (``_stage_check``, written out here: ``apply`` asks this at every step)."""
    pending = state["pending"]
    if pending is not None:
        check, seat = QUESTIONS[pending["kind"]][1].get(action["type"]), pending["seat"]
    elif state["phase"] == "final":
        check, seat = FINAL_CHECKS.get(action["type"]), final_seat(state)
    else:
        check, seat = TURN_CHECKS.get(action["type"]), state["turn"]
    if check is None:
        return None
    found = check(state, seat, action)
    return found if type(found) is dict else None


def why_illegal(state: dict, action: dict) -> str | None:
    """Why ``action`` is refused: its check's reason, or the decision that is asked instead."""
    check, seat = _stage_check(state, action["type"])
    if check is not None:
        found = check(state, seat, action)
        return found if type(found) is str else None
    if state["pending"] is not None:
        return f"first answer the pending decision ({state['pending']['kind']})"
    if state["phase"] == "final":
        return "the last card: choose a final card or pass (final_pass)"
    return None
