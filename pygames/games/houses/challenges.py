"""Great Houses, the challenges (docs/rules/houses.md §3.2 step 3, §3.4, §4): abilities at the
step's start, then per challenge the kind and opponent, attackers, Stealth, defenders, the
challenge window, the resolution with its claim and keywords, Intimidate and the reaction window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.rng import Rng
from . import turn_end
from .board import add_to, change_card, cid_of, draw, gain_power, kill, kneel_cards, log
from .effects import effect_targets, event_choice, may_respond, play_event, run_effects
from .legality import Choice, Closing, Decision, offered
from .stats import (
    ALREADY_CHOSEN,
    CARDS,
    KINDS,
    KNELT,
    any_ready,
    base_str,
    behind,
    card_name,
    claim,
    find_inst,
    keywords_of,
    leads_over,
    opponents,
    ready_characters,
    rivalry_applies,
    side_has_strength,
    side_strength,
    standing_icons,
    unready,
)

# the locations with an ability used at the start of the challenges
ABILITY_LOCATIONS = {cid for cid, c in CARDS.items() if c.get("window") == "challenges_start"}


def menu(state: dict, rng: Rng) -> None:
    """Back at the challenge menu: end the step if nothing is left to do."""
    seat = state["active"]
    state["stage"] = "challenges"
    state["seat"] = seat
    state["ch"] = None
    # (a living player always has an opponent while the game goes on)
    if not offered(CHALLENGE, state, seat) and not offered(ABILITY, state, seat):
        log(state, "challenges_over", seat=seat)
        turn_end.end_turn(state, rng)


def on_ability(state: dict, seat: int, action: dict, rng: Rng) -> None:
    _, loc, _ = find_inst(state, action["card"])
    loc = change_card(state["players"][seat], "locs", loc, knelt=True)
    log(state, "ability", seat=seat, card=loc["cid"], target=cid_of(state, action["target"]))
    run_effects(state, seat, CARDS[loc["cid"]]["effects"], action["target"])
    menu(state, rng)


def on_challenge(state: dict, seat: int, action: dict, rng: Rng) -> None:
    state["ch_started"] = True
    state["ch_done"] = state["ch_done"] + [action["kind"]]  # (a new list: see HousesGame._copy_state)
    state["ch"] = {"kind": action["kind"], "attacker": seat, "defender": action["opponent"],
                   "attackers": [], "defenders": [], "blocked": [], "stealth": [],
                   "bonus": {}, "window_seat": seat, "passes": 0, "a": 0, "d": 0,
                   "winner": None, "kills": 0}
    state["stage"] = "attackers"
    state["seat"] = seat
    eligible = ready_characters(state["players"][seat]["chars"], action["kind"])
    if len(eligible) == 1:  # a challenge needs an attacker: the only one attacks
        state["ch"]["attackers"] = [eligible[0]["uid"]]
        attackers_done(state, rng)


def on_attacker(state: dict, seat: int, action: dict, rng: Rng) -> None:
    ch = state["ch"]
    ch["attackers"] = ch["attackers"] + [action["card"]]  # (new lists: see HousesGame._copy_state)
    if not any_ready(state["players"][seat]["chars"], ch["kind"], ch["attackers"]):
        attackers_done(state, rng)


def on_attackers_done(state: dict, seat: int, action: dict, rng: Rng) -> None:
    attackers_done(state, rng)


def attackers_done(state: dict, rng: Rng) -> None:
    ch = state["ch"]
    p = state["players"][ch["attacker"]]
    attackers = kneel_cards(p, ch["attackers"])
    ch["stealth"] = [i["uid"] for i in attackers if "stealth" in keywords_of(i)]
    log(state, "challenge", seat=ch["attacker"], kind=ch["kind"], opponent=ch["defender"],
        cards=[i["cid"] for i in attackers])
    stealth_next(state, rng)


def stealth_next(state: dict, rng: Rng) -> None:
    """Ask the attacker about his next attacker with Stealth while one of the defender's
    characters that could defend has no Stealth itself; then the defender chooses defenders."""
    ch = state["ch"]
    while ch["stealth"]:
        if offered(STEALTH, state, ch["attacker"]):
            state["stage"] = "stealth"
            state["seat"] = ch["attacker"]
            return
        ch["stealth"] = ch["stealth"][1:]
    state["stage"] = "defenders"
    state["seat"] = ch["defender"]
    if not offered(DEFENDER, state, ch["defender"]):
        defenders_done(state, rng)


def on_stealth(state: dict, seat: int, action: dict, rng: Rng) -> None:
    """"stealth" (keep a defender out) or "stealth_none", for the first attacker with Stealth."""
    ch = state["ch"]
    uid = ch["stealth"][0]
    ch["stealth"] = ch["stealth"][1:]  # (new lists: see HousesGame._copy_state)
    if action["type"] == "stealth":
        ch["blocked"] = ch["blocked"] + [action["target"]]
        log(state, "stealth", seat=seat, card=cid_of(state, uid),
            target=cid_of(state, action["target"]))
    stealth_next(state, rng)


def on_defender(state: dict, seat: int, action: dict, rng: Rng) -> None:
    ch = state["ch"]
    ch["defenders"] = ch["defenders"] + [action["card"]]  # (new lists: see HousesGame._copy_state)
    if not any_ready(state["players"][ch["defender"]]["chars"], ch["kind"], ch["defenders"] + ch["blocked"]):
        defenders_done(state, rng)


def on_defenders_done(state: dict, seat: int, action: dict, rng: Rng) -> None:
    defenders_done(state, rng)


def defenders_done(state: dict, rng: Rng) -> None:
    ch = state["ch"]
    p = state["players"][ch["defender"]]
    defenders = kneel_cards(p, ch["defenders"])
    log(state, "defenders", seat=ch["defender"], cards=[i["cid"] for i in defenders])
    ch["window_seat"] = ch["attacker"]
    ch["passes"] = 0
    window_next(state, rng)


def window_next(state: dict, rng: Rng) -> None:
    ch = state["ch"]
    while ch["passes"] < 2:
        seat = ch["window_seat"]
        if may_respond(state, seat, "challenge"):
            state["stage"] = "window"
            state["seat"] = seat
            return
        window_pass(state)
    resolve(state, rng)


def window_pass(state: dict) -> None:
    ch = state["ch"]
    ch["passes"] += 1
    ch["window_seat"] = ch["defender"] if ch["window_seat"] == ch["attacker"] else ch["attacker"]


def on_window_event(state: dict, seat: int, action: dict, rng: Rng) -> None:
    """A Challenge event in the challenge window: the other side may answer it (the passes count again)."""
    play_event(state, seat, action)
    if state["over"]:
        return
    ch = state["ch"]
    ch["passes"] = 0
    ch["window_seat"] = ch["defender"] if seat == ch["attacker"] else ch["attacker"]
    window_next(state, rng)


def on_window_pass(state: dict, seat: int, action: dict, rng: Rng) -> None:
    window_pass(state)
    window_next(state, rng)


def resolve(state: dict, rng: Rng) -> None:
    ch = state["ch"]
    att, dfn = ch["attacker"], ch["defender"]
    a = side_strength(state, att, ch["attackers"])
    d = side_strength(state, dfn, ch["defenders"])
    if a >= d and a >= 1 and ch["attackers"]:
        winner = att
    elif d > a and d >= 1 and ch["defenders"]:
        winner = dfn
    else:
        winner = None
    ch.update(a=a, d=d, winner=winner)
    log(state, "result", kind=ch["kind"], attacker=att, defender=dfn, a=a, d=d, winner=winner)
    if winner == att:
        rivalry = rivalry_applies(state)
        # Rivalry (§3.4): no unopposed bonus against a player behind, nor after an ambush
        if d <= 0 and (not rivalry or not (behind(state, dfn, att) or ch["blocked"])):
            gain_power(state, att, 1, "unopposed")
            if state["over"]:
                return
        if rivalry and leads_over(state, dfn, att):
            gain_power(state, att, 1, "bounty")
            if state["over"]:
                return
        n = claim(state, att)
        loser = state["players"][dfn]
        if ch["kind"] == "M":
            n = min(n, len(loser["chars"]))
            if n >= len(loser["chars"]):
                for inst in list(loser["chars"]):
                    kill(state, dfn, inst, "claim")
            elif n > 0:
                ch["kills"] = n
                state["stage"] = "claim"
                state["seat"] = dfn
                return
        elif ch["kind"] == "I":
            for _ in range(min(n, len(loser["hand"]))):
                hand = loser["hand"][:]
                cid = hand.pop(rng.randbelow(len(hand)))
                loser["hand"] = hand
                add_to(loser, "discard", [cid])
                log(state, "discarded", seat=dfn, card=cid, why="claim")
        else:
            n = min(n, loser["power"])
            if n:
                loser["power"] -= n
                log(state, "power_moved", seat=att, source=dfn, n=n)
                gain_power(state, att, n, "claim")
                if state["over"]:
                    return
    after_claim(state, rng)


def on_kill(state: dict, seat: int, action: dict, rng: Rng) -> None:
    ch = state["ch"]
    p = state["players"][seat]
    _, inst, _ = find_inst(state, action["card"])
    kill(state, seat, inst, "claim")
    ch["kills"] -= 1
    if ch["kills"] > 0 and len(p["chars"]) > ch["kills"]:
        return
    for inst in list(p["chars"]) if ch["kills"] > 0 else []:
        kill(state, seat, inst, "claim")
    ch["kills"] = 0
    after_claim(state, rng)


def after_claim(state: dict, rng: Rng) -> None:
    """Keywords after the claim: renown, insight (winning side), then intimidate."""
    ch = state["ch"]
    winner = ch["winner"]
    if winner is not None:
        side = ch["attackers"] if winner == ch["attacker"] else ch["defenders"]
        for inst in list(state["players"][winner]["chars"]):
            if inst["uid"] not in side:
                continue
            kws = keywords_of(inst)
            if "renown" in kws:
                gain_power(state, winner, 1, "renown", inst)
                if state["over"]:
                    return
            if "insight" in kws:
                draw(state, winner, 1, "insight")
        if winner == ch["attacker"] and offered(INTIMIDATE, state, winner):
            state["stage"] = "intimidate"
            state["seat"] = ch["attacker"]
            return
    reaction_start(state, rng)


def on_intimidate(state: dict, seat: int, action: dict, rng: Rng) -> None:
    """"intimidate" (kneel a defender's character) or "intimidate_none"."""
    if action["type"] == "intimidate":
        s, inst, zone = find_inst(state, action["target"])
        change_card(state["players"][s], zone, inst, knelt=True)
        log(state, "intimidated", seat=s, card=inst["cid"])
    reaction_start(state, rng)


def reaction_start(state: dict, rng: Rng) -> None:
    ch = state["ch"]
    if ch["winner"] == ch["attacker"] and may_respond(state, ch["attacker"], "reaction"):
        state["stage"] = "reaction"
        state["seat"] = ch["attacker"]
        return
    menu(state, rng)


def on_reaction_event(state: dict, seat: int, action: dict, rng: Rng) -> None:
    """A Reaction event after a won challenge: the winner may play another."""
    play_event(state, seat, action)
    if state["over"]:
        return
    reaction_start(state, rng)


def on_reaction_pass(state: dict, seat: int, action: dict, rng: Rng) -> None:
    menu(state, rng)


def on_end_challenges(state: dict, seat: int, action: dict, rng: Rng) -> None:
    log(state, "challenges_over", seat=seat)
    turn_end.end_turn(state, rng)



# ---------------------------------------------------------------------- what may be chosen
def challenge_context(state: dict, seat: int) -> tuple:
    """(state, seat, the icons of the seat's standing characters: a kind among them has a
    character that could attack, the opponents he may challenge)."""
    return state, seat, standing_icons(state["players"][seat]), opponents(state, seat)


def challenge_refusal(ctx: tuple, kind: str) -> str | None:
    """Why the active player may not declare a challenge of ``kind`` now (None: he may)."""
    if kind in ctx[0]["ch_done"]:
        return "you have already made your {kind} challenge this turn"
    if kind not in ctx[2]:
        return "none of your standing characters has the {kind} icon"
    return None


def ability_refusal(ctx: tuple, loc: dict) -> str | None:
    """Why the active player may not use location ``loc``'s ability now (None: he may)."""
    if ctx[0]["ch_started"]:
        return "abilities are used at the start of the challenges, before the first one"
    if loc["cid"] not in ABILITY_LOCATIONS:
        return "{name} has no ability to use now"
    if loc["knelt"]:
        return KNELT
    return None


def stealth_refusal(ctx: tuple, c: dict) -> str | None:
    """Why the attacker may not keep the defender's character ``c`` out with Stealth now."""
    if unready(ctx, c) is not None:  # (the defender could not defend with it anyway)
        return "{name} could not defend anyway"
    if "stealth" in keywords_of(c):
        return "{name} has Stealth itself: Stealth cannot keep it out"
    return None


def intimidate_context(state: dict, seat: int) -> tuple:
    """(state, the margin the challenge was won by, or None when no attacker has Intimidate, the
    defender's characters)."""
    ch = state["ch"]
    margin = None
    for i in state["players"][ch["attacker"]]["chars"]:
        if i["uid"] in ch["attackers"] and "intimidate" in keywords_of(i):
            margin = ch["a"] - ch["d"]
            break
    return state, margin, state["players"][ch["defender"]]["chars"]


def intimidate_refusal(ctx: tuple, c: dict) -> str | None:
    if c["knelt"]:
        return KNELT
    if base_str(c) > ctx[1]:
        return "{name} has more STR than the {margin} the challenge was won by"
    return None


def attacker_context(state: dict, seat: int) -> tuple:
    """(the challenge's kind, the attackers chosen, the seat's characters, state): what ``unready`` reads first."""
    ch = state["ch"]
    return ch["kind"], ch["attackers"], state["players"][seat]["chars"], state


def defender_context(state: dict, seat: int) -> tuple:
    """(the challenge's kind, the defenders chosen and the characters Stealth keeps out, the
    defender's characters, state)."""
    ch = state["ch"]
    chosen = ch["defenders"] + ch["blocked"] if ch["blocked"] else ch["defenders"]
    return ch["kind"], chosen, state["players"][ch["defender"]]["chars"], state


def own_context(state: dict, seat: int) -> tuple:
    """(state, the seat's characters)."""
    return state, state["players"][seat]["chars"]


def with_uid_in(cards: list[dict], uid: int) -> dict | None:
    """The card of ``cards`` with that uid, or None."""
    for inst in cards:
        if inst["uid"] == uid:
            return inst
    return None


def in_play_missing(whose: str, at: int = 0) -> Callable:
    """Why an action names no card of ``whose`` ("your", "the defender's") characters (``at``:
    where the choice's context holds the state)."""
    def missing(ctx: tuple, uid: Any) -> str:
        _, inst, _ = find_inst(ctx[at], uid) if type(uid) is int else (None, None, None)
        if inst is None:
            return f"there is no card with id {uid!r} in play"
        return f"{card_name(inst['cid'])} is not one of {whose} characters"
    return missing


def named(ctx: tuple, inst: dict) -> dict:
    return {"name": card_name(inst["cid"])}


def in_challenge(ctx: tuple, inst: dict) -> dict:
    return {"name": card_name(inst["cid"]), "kind": ctx[0]}


CHALLENGE = Choice(types=("challenge",), field="kind", value_type=str, target_field="opponent",
                   context=challenge_context, candidates=lambda ctx: KINDS,
                   find=lambda ctx, kind: kind if kind in KINDS else None, refusal=challenge_refusal,
                   targets=lambda ctx, kind: ctx[3], facts=lambda ctx, kind: {"kind": kind},
                   missing=lambda ctx, kind: f"there is no challenge of kind {kind!r} (M, I or P)",
                   bad_target="challenge a player still in the game")
ABILITY = Choice(types=("ability",), field="card", value_type=int, key="uid",
                 context=lambda state, seat: (state, seat), candidates=lambda ctx: ctx[0]["players"][ctx[1]]["locs"],
                 find=lambda ctx, uid: with_uid_in(ctx[0]["players"][ctx[1]]["locs"], uid), refusal=ability_refusal,
                 targets=lambda ctx, loc: effect_targets(ctx[0], ctx[1], CARDS[loc["cid"]]["effects"]) or [],
                 facts=named, missing=in_play_missing("your"), bad_target="{name} cannot aim at that target now")
ATTACKER = Choice(types=("attacker",), field="card", value_type=int, key="uid", context=attacker_context,
                  candidates=lambda ctx: ctx[2], find=lambda ctx, uid: with_uid_in(ctx[2], uid), refusal=unready,
                  facts=in_challenge, missing=in_play_missing("your", 3))
DEFENDER = Choice(types=("defender",), field="card", value_type=int, key="uid", context=defender_context,
                  candidates=lambda ctx: ctx[2], find=lambda ctx, uid: with_uid_in(ctx[2], uid),
                  refusal=unready, facts=in_challenge, missing=in_play_missing("your", 3),
                  rewords={ALREADY_CHOSEN: "{name} is already defending, or Stealth keeps it out"})
STEALTH = Choice(types=("stealth",), field="target", value_type=int, key="uid", context=defender_context,
                 candidates=lambda ctx: ctx[2], find=lambda ctx, uid: with_uid_in(ctx[2], uid),
                 refusal=stealth_refusal, facts=in_challenge, missing=in_play_missing("the defender's", 3))
KILL = Choice(types=("kill",), field="card", value_type=int, key="uid", context=own_context,
              candidates=lambda ctx: ctx[1], find=lambda ctx, uid: with_uid_in(ctx[1], uid),
              refusal=None, facts=named, missing=in_play_missing("your"))
INTIMIDATE = Choice(types=("intimidate",), field="target", value_type=int, key="uid", context=intimidate_context,
                    candidates=lambda ctx: ctx[2] if ctx[1] is not None else (),
                    find=lambda ctx, uid: with_uid_in(ctx[2], uid) if ctx[1] is not None else None,
                    refusal=intimidate_refusal,
                    facts=lambda ctx, c: {"name": card_name(c["cid"]), "margin": ctx[1]},
                    missing=in_play_missing("the defender's"))


def attackers_done_refusal(state: dict, seat: int) -> str | None:
    ch = state["ch"]
    if ch["attackers"] and side_has_strength(state, seat, ch["attackers"]):
        return None
    return "choose at least one attacker with strength 1 or more first"


#: what each decision of the challenges offers
DECISIONS = {
    "challenges": Decision("challenges", (ABILITY, CHALLENGE), (Closing("end_challenges"),)),
    "attackers": Decision("attackers", (ATTACKER,), (Closing("attackers_done", attackers_done_refusal),)),
    "stealth": Decision("stealth", (STEALTH,), (Closing("stealth_none"),)),
    "defenders": Decision("defenders", (DEFENDER,), (Closing("defenders_done"),)),
    "window": Decision("window", (event_choice("challenge"),), (Closing("pass"),)),
    "claim": Decision("claim", (KILL,)),
    "intimidate": Decision("intimidate", (INTIMIDATE,), (Closing("intimidate_none"),)),
    "reaction": Decision("reaction", (event_choice("reaction"),), (Closing("pass"),)),
}

#: what each decision of the challenges does, by stage and action type
HANDLERS = {
    "challenges": {"ability": on_ability, "challenge": on_challenge, "end_challenges": on_end_challenges},
    "attackers": {"attacker": on_attacker, "attackers_done": on_attackers_done},
    "stealth": {"stealth": on_stealth, "stealth_none": on_stealth},
    "defenders": {"defender": on_defender, "defenders_done": on_defenders_done},
    "window": {"event": on_window_event, "pass": on_window_pass},
    "claim": {"kill": on_kill},
    "intimidate": {"intimidate": on_intimidate, "intimidate_none": on_intimidate},
    "reaction": {"event": on_reaction_event, "pass": on_reaction_pass},
}
