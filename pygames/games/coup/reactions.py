"""Coup's challenges and blocks: who may answer a reaction window and how (``react_options``: the
one statement of what a window allows), the windows themselves, an answer that ends one, and the
proof of a challenged claim (docs/rules/coup.md).
"""

from __future__ import annotations

from ...core.rng import Rng
from .court import BLOCKS, living_after, lose, return_and_draw
from .roles import factions_split

#: actions a reaction window can answer with a block, and the block's character slots
TARGETED_BLOCKABLE = ("steal", "assassinate", "examine")


def react_options(state: dict, step: dict, seat: int) -> tuple[bool, tuple[str, ...]]:
    """(may challenge, characters it may block with) for ``seat`` in a reaction window.

    Asked for every answer of a window: the usual case (a claimed action, a seat that is
    not its target) returns after a few lookups."""
    stage = step["stage"]
    if stage == "block":  # a block may be challenged, not blocked
        return seat != step["claimant"], ()
    info = state["info"]
    action = info["action"]
    can_challenge = stage == "action" and info["claim"] is not None
    if action == "foreign_aid":  # anyone may block, but not the own faction while split
        factions = state["factions"]
        if factions is not None and factions[seat] == factions[info["actor"]] and factions_split(state):
            return can_challenge, ()
    elif seat != info["target"] or action not in TARGETED_BLOCKABLE:  # only a target blocks
        return can_challenge, ()
    opts = state["opts"]
    return can_challenge, BLOCKS[opts["diplomat"], opts["inquisitor"]][action]


def react_refusal(state: dict, step: dict, action: dict, pending: str) -> str:
    """Why ``action`` is no answer of the window ``step`` (``pending``: what is asked now)."""
    kind = action.get("type")
    if kind in ("challenge", "block"):
        can_challenge, blocks = react_options(state, step, step["order"][step["i"]])
        if kind == "challenge" and not can_challenge:
            return f"there is no claim you may challenge now; {pending}"
        if kind == "block":
            if not blocks:
                return f"this cannot be blocked now; {pending}"
            return f"only {' or '.join(blocks)} can block this; {pending}"
    return pending


def window(state: dict, stage: str, claimant: int) -> dict:
    """A reaction window to the claim (or action) of ``claimant``: ``stage`` "action" (the main
    action), "block" (a block) or "second" (the target's second chance to block after a claim
    was proven)."""
    if stage == "block" or (stage == "action" and state["info"]["claim"] is not None):
        # every other living player may challenge a claim
        return {"k": "react", "stage": stage, "claimant": claimant,
                "order": living_after(state["hands"], claimant), "i": 0}
    step = {"k": "react", "stage": stage, "claimant": claimant, "order": [], "i": 0}
    if stage == "second":
        target = state["info"]["target"]
        candidates = [target] if state["hands"][target] else []
    else:
        candidates = living_after(state["hands"], claimant)
    # unclaimed foreign aid, or the target's second chance: only who may block
    step["order"] = [s for s in candidates if any(react_options(state, step, s))]
    return step


def react(state: dict, step: dict, seat: int, action: dict) -> None:
    """An answer in a reaction window that ends it: a challenge, a block, or the last seat's
    pass (``_apply`` moves a pass that leaves a seat to answer on itself)."""
    kind = action["type"]
    info = state["info"]
    if kind == "pass":
        state["queue"].pop(0)  # the window is closed (nothing keeps its "i")
        if step["stage"] == "block":
            info["blocked"] = True
            state["log"].append({"key": "block_stands", "params": {
                "seat": info["blocker"], "card": info["block_card"], "actor": info["actor"],
                "action": info["action"]}})
        return
    log = state["log"]
    if kind == "challenge":
        claimant = step["claimant"]
        info["challenger"] = seat
        if step["stage"] == "block":
            card, negative = info["block_card"], False
        else:
            card, negative = info["claim"], info["negative"]
        log.append({"key": "challenge", "params": {"seat": seat, "claimant": claimant, "card": card,
                                                     "negative": negative}})
        if negative:
            state["queue"][0] = {"k": "embezzle_proof", "challenger": seat}
        else:
            state["queue"][0] = {"k": "reveal", "seat": claimant, "stage": step["stage"], "challenger": seat}
        return
    # block
    info["blocker"] = seat
    info["block_card"] = action["card"]
    log.append({"key": "block", "params": {"seat": seat, "card": action["card"], "actor": info["actor"],
                                             "action": info["action"]}})
    state["queue"][0] = window(state, "block", seat)


def reveal(state: dict, step: dict, card: str, rng: Rng) -> None:
    """The challenged claimant reveals ``card``: the claimed character proves the claim (it goes
    back into the court for a new card, the challenger loses a card, a proven target action gives
    its target a second chance to block); any other card loses the challenge."""
    info = state["info"]
    seat = step["seat"]
    claimed = info["block_card"] if step["stage"] == "block" else info["claim"]
    state["queue"].pop(0)
    if card == claimed:
        state["log"].append({"key": "proven", "params": {"seat": seat, "card": card}})
        return_and_draw(state, seat, [card], rng)
        follow = [{"k": "lose", "seat": step["challenger"], "why": "challenge"}]
        if step["stage"] == "block":
            info["blocked"] = True
        elif info["action"] in TARGETED_BLOCKABLE:
            follow.append({"k": "second"})
        state["queue"][0:0] = follow
    else:
        state["log"].append({"key": "caught", "params": {"seat": seat, "card": card, "claimed": claimed}})
        if step["stage"] == "block":
            state["log"].append({"key": "block_fails", "params": {"seat": seat, "card": claimed}})
        else:
            info["failed"] = True
        lose(state, seat, card, "challenge")
