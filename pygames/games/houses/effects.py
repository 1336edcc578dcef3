"""Great Houses: the effect engine and the events (docs/rules/houses.md §4, §9).

Events, plot "when revealed" effects and location abilities are lists of effect verbs in
cards.py (``{"do": "draw", "n": 1}``); ``run_effects`` carries them out, each verb by its entry
in ``EFFECTS``, and a targeted effect names its targets by a declarative filter (``targets``).
"""

from __future__ import annotations

from typing import Any

from .board import add_to, change_card, cid_of, draw, gain_power, kill, log, take_from
from .legality import Choice, Decision
from .stats import CARDS, base_str, card_name, event_cost, find_inst, loyal_ok, opponents

# event card ids by window, in id order (the order legal actions list them)
EVENTS_BY_WINDOW = {window: [cid for cid in sorted(CARDS) if CARDS[cid]["type"] == "event"
                             and CARDS[cid]["window"] == window]
                    for window in ("marshal", "challenge", "reaction")}


# the events a seat could play in a window, by its slot there: the challenge window by the
# seat's role in the challenge, the reaction window by the challenge's kind
EVENTS_BY_SLOT = {("challenge", role): [cid for cid in EVENTS_BY_WINDOW["challenge"] if CARDS[cid].get("role") == role]
                  for role in ("attacker", "defender")}
EVENTS_BY_SLOT.update({("reaction", kind): [cid for cid in EVENTS_BY_WINDOW["reaction"]
                                            if CARDS[cid].get("kind") == kind] for kind in ("M", "I", "P")})


# the window of each event card ("marshal", "challenge" or "reaction")
EVENT_WINDOW = {cid: window for window, cids in EVENTS_BY_WINDOW.items() for cid in cids}


# events whose effect moves power from the defender (unplayable while he has none)
MOVES_POWER = {cid for cid in EVENTS_BY_WINDOW["reaction"] + EVENTS_BY_WINDOW["challenge"]
               if any(e["do"] == "move_power" for e in CARDS[cid]["effects"])}


def targets(state: dict, seat: int, flt: dict) -> list[int]:
    """uids of characters matching a target filter, for an effect controlled by ``seat``."""
    owner = flt.get("owner", "opponent")
    ch = state["ch"]
    if owner == "self":
        seats = [seat]
    elif owner == "loser":
        seats = [ch["defender"]] if ch else []
    else:
        seats = opponents(state, seat)
    # (the filter's fields, read once)
    standing, knelt, defending = flt.get("standing"), flt.get("knelt"), flt.get("defending")
    max_str = flt.get("max_str")
    out = []
    for s in seats:
        for inst in state["players"][s]["chars"]:
            if standing and inst["knelt"]:
                continue
            if knelt and not inst["knelt"]:
                continue
            if max_str is not None and base_str(inst) > max_str:
                continue
            if defending and not (ch and inst["uid"] in ch["defenders"]):
                continue
            out.append(inst["uid"])
    return out


def effect_targets(state: dict, seat: int, effects: list[dict]) -> list[int] | None:
    """Targets for the (single) targeted effect of a list, or None if nothing is targeted."""
    for eff in effects:
        if "target" in eff:
            return targets(state, seat, eff["target"])
    return None


# ---------------------------------------------------------------------- the effect verbs
# Each verb: (state, seat that controls the effect, the effect's data, its target uid or None).

def _gain_gold(state: dict, seat: int, eff: dict, target: int | None) -> None:
    state["players"][seat]["gold"] += eff["n"]
    log(state, "gold", seat=seat, n=eff["n"])


def _draw(state: dict, seat: int, eff: dict, target: int | None) -> None:
    draw(state, seat, eff["n"], "effect")


def _discard_choice(state: dict, seat: int, eff: dict, target: int | None) -> None:
    """The seat discards cards of its choice: a decision of its own (``state["pending"]``)."""
    hand = state["players"][seat]["hand"]
    if hand:
        state["pending"] = {"kind": "discard", "n": min(eff["n"], len(hand)),
                            "seat": seat, "resume": state["stage"]}


def _kneel(state: dict, seat: int, eff: dict, target: int | None) -> None:
    s, inst, zone = find_inst(state, target)
    change_card(state["players"][s], zone, inst, knelt=True)
    log(state, "knelt", seat=s, card=inst["cid"])


def _kill(state: dict, seat: int, eff: dict, target: int | None) -> None:
    s, inst, _ = find_inst(state, target)
    kill(state, s, inst, "effect")


def _pump(state: dict, seat: int, eff: dict, target: int | None) -> None:
    ch = state["ch"]  # (a new bonus table: see HousesGame._copy_state)
    ch["bonus"] = {**ch["bonus"], str(target): ch["bonus"].get(str(target), 0) + eff["n"]}


def _pump_all(state: dict, seat: int, eff: dict, target: int | None) -> None:
    """+N STR to every character on the seat's side of the challenge."""
    ch = state["ch"]
    side = ch["attackers"] if seat == ch["attacker"] else ch["defenders"]
    bonus = ch["bonus"] = dict(ch["bonus"])
    for uid in side:
        bonus[str(uid)] = bonus.get(str(uid), 0) + eff["n"]


def _gain_power(state: dict, seat: int, eff: dict, target: int | None) -> None:
    gain_power(state, seat, eff["n"], "effect")


def _move_power(state: dict, seat: int, eff: dict, target: int | None) -> None:
    """Up to N power from the defender's House card to the seat's."""
    ch = state["ch"]
    loser = state["players"][ch["defender"]]
    n = min(eff["n"], loser["power"])
    if n:
        loser["power"] -= n
        log(state, "power_moved", seat=seat, source=ch["defender"], n=n)
        gain_power(state, seat, n, "moved")


#: the effect verbs of cards.py (an effect's "do") and what each does
EFFECTS = {"gold": _gain_gold, "draw": _draw, "discard_choice": _discard_choice, "kneel": _kneel,
           "kill": _kill, "pump": _pump, "pump_all": _pump_all, "power": _gain_power,
           "move_power": _move_power}


def run_effects(state: dict, seat: int, effects: list[dict], target: int | None) -> None:
    """Carry out a card's effects in order for ``seat`` (``target``: the uid its targeted effect
    names), stopping if the game ends."""
    for eff in effects:
        if state["over"]:
            return
        verb = EFFECTS.get(eff["do"])
        if verb is None:  # pragma: no cover - data error
            raise ValueError(f"unknown effect {eff['do']!r}")
        verb(state, seat, eff, target)


# ---------------------------------------------------------------------- events in a challenge
def event_refusal(ctx: tuple, cid: str) -> str | None:
    """Why the seat may not play ``cid`` of his hand in the challenge's event ``window``
    ("challenge" or "reaction") now, or None: he may. ``ctx``: (state, seat, window)."""
    state, seat, window = ctx
    if EVENT_WINDOW.get(cid) != window:
        return NOT_AN_EVENT if cid not in EVENT_WINDOW else OTHER_WINDOW
    p = state["players"][seat]
    c = CARDS[cid]
    if not loyal_ok(p, cid):
        return LOYAL
    if event_cost(p, cid) > p["gold"]:
        return COSTS
    ch = state["ch"]
    if window == "challenge":
        role = "attacker" if seat == ch["attacker"] else "defender"
        if c.get("role") != role:
            return OTHER_ROLE
        if role == "defender" and not ch["defenders"]:
            return NO_DEFENDERS
    elif c.get("kind") != ch["kind"]:
        return OTHER_KIND
    if cid in MOVES_POWER and state["players"][ch["defender"]]["power"] <= 0:
        return NO_POWER_TO_MOVE
    return None


def event_facts(ctx: tuple, cid: str) -> dict:
    state, seat, _ = ctx
    p = state["players"][seat]
    c = CARDS[cid]
    return {"name": card_name(cid), "gold": p["gold"], "cost": event_cost(p, cid), "window": c.get("window"),
            "role": c.get("role"), "kind": c.get("kind")}


def hand_card_missing(ctx: Any, cid: Any) -> str:
    """Why an action names no card of the hand."""
    if not isinstance(cid, str) or cid not in CARDS:
        return f"there is no card {cid!r}"
    return f"{card_name(cid)} is not in your hand"


NOT_AN_EVENT = "{name} is not an event"
OTHER_WINDOW = "{name} is played in the {window} window, not now"
LOYAL = "{name} is loyal to its House: only a player of that House may play it"
COSTS = "{name} costs {cost} gold and you have {gold}"
OTHER_ROLE = "{name} is played by the {role} of a challenge"
NO_DEFENDERS = "{name} helps defenders, and there are none"
OTHER_KIND = "{name} answers a challenge of kind {kind}"
NO_POWER_TO_MOVE = "the defender has no power for {name} to move"


def event_choice(window: str) -> Choice:
    """Playing an event of the hand in the challenge's event ``window`` ("challenge" or "reaction")."""
    return Choice(types=("event",), field="card", value_type=str,
                  context=lambda state, seat: (state, seat, window),
                  candidates=lambda ctx: [cid for cid in EVENTS_BY_WINDOW[window]
                                          if cid in ctx[0]["players"][ctx[1]]["hand"]],
                  find=lambda ctx, cid: cid if cid in ctx[0]["players"][ctx[1]]["hand"] else None,
                  refusal=event_refusal,
                  targets=lambda ctx, cid: effect_targets(ctx[0], ctx[1], CARDS[cid]["effects"]),
                  facts=event_facts, missing=hand_card_missing,
                  untargeted="{name} takes no target", bad_target="{name} cannot be played at that target now")


def may_respond(state: dict, seat: int, window: str) -> bool:
    """Whether ``seat`` is asked in an event window: decided on public knowledge only
    (gold, board, hand size, and which of its cards are still unseen).

    An event is never in play, so a copy is unseen while the deck list holds more
    copies than the discard pile."""
    p = state["players"][seat]
    if not p["hand"]:
        return False
    ch = state["ch"]
    slot = ("attacker" if seat == ch["attacker"] else "defender") if window == "challenge" else ch["kind"]
    gold = p["gold"]
    ctx = (state, seat, window)
    for cid in EVENTS_BY_SLOT[window, slot]:  # (those of other slots never fit)
        c = CARDS[cid]
        # quick first tests: the cost can only rise, and another House's Loyal event never fits
        if c["cost"] > gold or (c["loyal"] and c["house"] != p["house"]):
            continue
        # (no copy unseen: none in the deck list, or as many in the discard pile)
        if cid not in p["discard"]:
            if cid not in p["decklist"]:
                continue
        elif p["decklist"].count(cid) <= p["discard"].count(cid):
            continue
        if event_refusal(ctx, cid) is not None:
            continue
        targets = effect_targets(state, seat, CARDS[cid]["effects"])
        if targets is not None and not targets:
            continue
        return True
    return False


def pay_event(state: dict, seat: int, cid: str) -> None:
    p = state["players"][seat]
    p["gold"] -= event_cost(p, cid)
    take_from(p, "hand", cid)
    add_to(p, "discard", [cid])


def play_event(state: dict, seat: int, action: dict) -> None:
    """Play the event of an "event" action: pay it, discard it and carry out its effects."""
    cid = action["card"]
    pay_event(state, seat, cid)
    log(state, "event", seat=seat, card=cid, target=cid_of(state, action.get("target")))
    run_effects(state, seat, CARDS[cid]["effects"], action.get("target"))


def on_pending_discard(state: dict, action: dict) -> None:
    """A card discarded for a "discard_choice" effect; the decision ends once the number is
    reached or the hand is empty."""
    pend = state["pending"]
    seat = pend["seat"]
    p = state["players"][seat]
    take_from(p, "hand", action["card"])
    add_to(p, "discard", [action["card"]])
    log(state, "discarded", seat=seat, card=action["card"], why="effect")
    pend["n"] -= 1
    if pend["n"] <= 0 or not p["hand"]:
        state["pending"] = None


#: the pending decision after a "discard_choice" effect: discard a card of the hand (seat: the
#: pending one's), until the number is reached or the hand is empty
PENDING_DISCARD = Decision("discard", choices=(
    Choice(types=("discard",), field="card", value_type=str, context=lambda state, seat: state["players"][seat],
           candidates=lambda p: sorted(set(p["hand"])), find=lambda p, cid: cid if cid in p["hand"] else None,
           refusal=None, facts=lambda p, cid: {"name": card_name(cid)}, missing=hand_card_missing),
))
