"""Great Houses, the challenges (docs/rules/houses.md §3.2 step 3, §3.4, §4): abilities at the
step's start, then per challenge the kind and opponent, attackers, Stealth, defenders, the
challenge window, the resolution with its claim and keywords, Intimidate and the reaction window.
"""

from __future__ import annotations

from .stats import (CARDS, KINDS, PRINTED_ICONS, any_ready, base_str, behind, claim, find_inst, icons_of,
                    keywords_of, leads_over, opponents, ready_characters, rivalry_applies, side_strength,
                    standing_icons)
from .board import add_to, change_card, cid_of, draw, gain_power, kill, kneel_cards, log
from .effects import effect_targets, may_respond, play_event, run_effects
from . import turn_end


# the locations with an ability used at the start of the challenges
ABILITY_LOCATIONS = {cid for cid, c in CARDS.items() if c.get("window") == "challenges_start"}


def menu(state: dict, rng) -> None:
    """Back at the challenge menu: end the step if nothing is left to do."""
    seat = state["active"]
    state["stage"] = "challenges"
    state["seat"] = seat
    state["ch"] = None
    # (a living player always has an opponent while the game goes on)
    if not challenge_left(state) and not ability_actions(state, seat):
        log(state, "challenges_over", seat=seat)
        turn_end.end_turn(state, rng)


def challenge_kinds(state: dict) -> list[str]:
    """The kinds of challenge the active player may still declare (a standing character
    has the icon, and that kind is not done this turn)."""
    done = state["ch_done"]
    if len(done) == len(KINDS):  # (all three done: no need to look at the characters)
        return []
    icons = standing_icons(state["players"][state["active"]])
    kinds = []
    for kind in KINDS:
        if kind not in done and kind in icons:
            kinds.append(kind)
    return kinds


def challenge_left(state: dict) -> bool:
    """Whether ``challenge_kinds`` is not empty, looking no further than the first standing
    character with the icon of a kind not done."""
    done = state["ch_done"]
    if len(done) == len(KINDS):
        return False
    for c in state["players"][state["active"]]["chars"]:
        if not c["knelt"]:
            for kind in PRINTED_ICONS[c["cid"]] if not c["atts"] and "rival" not in c else icons_of(c):
                if kind not in done:
                    return True
    return False


def challenge_actions(state: dict) -> list[dict]:
    kinds = challenge_kinds(state)
    if not kinds:
        return []
    others = opponents(state, state["active"])
    out = []
    for kind in kinds:
        for o in others:
            out.append({"type": "challenge", "kind": kind, "opponent": o})
    return out


def ability_actions(state: dict, seat: int) -> list[dict]:
    out = []
    if state["ch_started"]:
        return out
    for loc in state["players"][seat]["locs"]:
        if loc["cid"] not in ABILITY_LOCATIONS or loc["knelt"]:
            continue
        for t in effect_targets(state, seat, CARDS[loc["cid"]]["effects"]) or []:
            out.append({"type": "ability", "card": loc["uid"], "target": t})
    return out


def on_ability(state: dict, seat: int, action: dict, rng) -> None:
    _, loc, _ = find_inst(state, action["card"])
    loc = change_card(state["players"][seat], "locs", loc, knelt=True)
    log(state, "ability", seat=seat, card=loc["cid"], target=cid_of(state, action["target"]))
    run_effects(state, seat, CARDS[loc["cid"]]["effects"], action["target"])
    menu(state, rng)


def on_challenge(state: dict, seat: int, action: dict, rng) -> None:
    state["ch_started"] = True
    state["ch_done"] = state["ch_done"] + [action["kind"]]  # (a new list: see HousesGame._copy_state)
    state["ch"] = {"kind": action["kind"], "attacker": seat, "defender": action["opponent"],
                   "attackers": [], "defenders": [], "blocked": [], "stealth": [],
                   "bonus": {}, "window_seat": seat, "passes": 0, "a": 0, "d": 0,
                   "winner": None, "kills": 0}
    state["stage"] = "attackers"
    state["seat"] = seat
    eligible = eligible_attackers(state, seat, action["kind"])
    if len(eligible) == 1:  # a challenge needs an attacker: the only one attacks
        state["ch"]["attackers"] = [eligible[0]["uid"]]
        attackers_done(state, rng)


def eligible_attackers(state: dict, seat: int, kind: str, chosen=()) -> list[dict]:
    return ready_characters(state["players"][seat]["chars"], kind, chosen)


def on_attacker(state: dict, seat: int, action: dict, rng) -> None:
    ch = state["ch"]
    ch["attackers"] = ch["attackers"] + [action["card"]]  # (new lists: see HousesGame._copy_state)
    if not any_ready(state["players"][seat]["chars"], ch["kind"], ch["attackers"]):
        attackers_done(state, rng)


def on_attackers_done(state: dict, seat: int, action: dict, rng) -> None:
    attackers_done(state, rng)


def attackers_done(state: dict, rng) -> None:
    ch = state["ch"]
    p = state["players"][ch["attacker"]]
    attackers = kneel_cards(p, ch["attackers"])
    ch["stealth"] = [i["uid"] for i in attackers if "stealth" in keywords_of(i)]
    log(state, "challenge", seat=ch["attacker"], kind=ch["kind"], opponent=ch["defender"],
        cards=[i["cid"] for i in attackers])
    stealth_next(state, rng)


def stealth_next(state: dict, rng) -> None:
    ch = state["ch"]
    eligible = eligible_defenders(state)
    while ch["stealth"]:
        if any("stealth" not in keywords_of(c) for c in eligible):
            state["stage"] = "stealth"
            state["seat"] = ch["attacker"]
            return
        ch["stealth"] = ch["stealth"][1:]
    state["stage"] = "defenders"
    state["seat"] = ch["defender"]
    if not eligible:
        defenders_done(state, rng)


def on_stealth(state: dict, seat: int, action: dict, rng) -> None:
    """"stealth" (keep a defender out) or "stealth_none", for the first attacker with Stealth."""
    ch = state["ch"]
    uid = ch["stealth"][0]
    ch["stealth"] = ch["stealth"][1:]  # (new lists: see HousesGame._copy_state)
    if action["type"] == "stealth":
        ch["blocked"] = ch["blocked"] + [action["target"]]
        log(state, "stealth", seat=seat, card=cid_of(state, uid),
            target=cid_of(state, action["target"]))
    stealth_next(state, rng)


def eligible_defenders(state: dict) -> list[dict]:
    ch = state["ch"]
    chosen = ch["defenders"] + ch["blocked"] if ch["blocked"] else ch["defenders"]  # (stealth blocks)
    return ready_characters(state["players"][ch["defender"]]["chars"], ch["kind"], chosen)


def on_defender(state: dict, seat: int, action: dict, rng) -> None:
    ch = state["ch"]
    ch["defenders"] = ch["defenders"] + [action["card"]]  # (new lists: see HousesGame._copy_state)
    if not any_ready(state["players"][ch["defender"]]["chars"], ch["kind"], ch["defenders"] + ch["blocked"]):
        defenders_done(state, rng)


def on_defenders_done(state: dict, seat: int, action: dict, rng) -> None:
    defenders_done(state, rng)


def defenders_done(state: dict, rng) -> None:
    ch = state["ch"]
    p = state["players"][ch["defender"]]
    defenders = kneel_cards(p, ch["defenders"])
    log(state, "defenders", seat=ch["defender"], cards=[i["cid"] for i in defenders])
    ch["window_seat"] = ch["attacker"]
    ch["passes"] = 0
    window_next(state, rng)


def window_next(state: dict, rng) -> None:
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


def on_window_event(state: dict, seat: int, action: dict, rng) -> None:
    """A Challenge event in the challenge window: the other side may answer it (the passes count again)."""
    play_event(state, seat, action)
    if state["over"]:
        return
    ch = state["ch"]
    ch["passes"] = 0
    ch["window_seat"] = ch["defender"] if seat == ch["attacker"] else ch["attacker"]
    window_next(state, rng)


def on_window_pass(state: dict, seat: int, action: dict, rng) -> None:
    window_pass(state)
    window_next(state, rng)


def resolve(state: dict, rng) -> None:
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


def on_kill(state: dict, seat: int, action: dict, rng) -> None:
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


def after_claim(state: dict, rng) -> None:
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
        if winner == ch["attacker"] and intimidate_targets(state):
            state["stage"] = "intimidate"
            state["seat"] = ch["attacker"]
            return
    reaction_start(state, rng)


def intimidate_targets(state: dict) -> list[int]:
    ch = state["ch"]
    att = state["players"][ch["attacker"]]
    for i in att["chars"]:
        if i["uid"] in ch["attackers"] and "intimidate" in keywords_of(i):
            break
    else:  # (no attacker has Intimidate)
        return []
    margin = ch["a"] - ch["d"]
    return [i["uid"] for i in state["players"][ch["defender"]]["chars"]
            if not i["knelt"] and base_str(i) <= margin]


def on_intimidate(state: dict, seat: int, action: dict, rng) -> None:
    """"intimidate" (kneel a defender's character) or "intimidate_none"."""
    if action["type"] == "intimidate":
        s, inst, zone = find_inst(state, action["target"])
        change_card(state["players"][s], zone, inst, knelt=True)
        log(state, "intimidated", seat=s, card=inst["cid"])
    reaction_start(state, rng)


def reaction_start(state: dict, rng) -> None:
    ch = state["ch"]
    if ch["winner"] == ch["attacker"] and may_respond(state, ch["attacker"], "reaction"):
        state["stage"] = "reaction"
        state["seat"] = ch["attacker"]
        return
    menu(state, rng)


def on_reaction_event(state: dict, seat: int, action: dict, rng) -> None:
    """A Reaction event after a won challenge: the winner may play another."""
    play_event(state, seat, action)
    if state["over"]:
        return
    reaction_start(state, rng)


def on_reaction_pass(state: dict, seat: int, action: dict, rng) -> None:
    menu(state, rng)


def on_end_challenges(state: dict, seat: int, action: dict, rng) -> None:
    log(state, "challenges_over", seat=seat)
    turn_end.end_turn(state, rng)


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
