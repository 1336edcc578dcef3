"""Oriflamme heuristics: a fast greedy evaluation of each legal action from a seat's view.

Values are rough influence-point equivalents:
- eliminating an opponent's card is worth the point it earns, the influence it denies,
  and the future gains it stops; hitting a hidden opponent card risks an Ambush
  (estimated from the cards of that family still unaccounted for);
- hidden cards of one's own are revealed when the immediate gain beats letting
  influence pile up on them (Conspiracy doubles it, Ambush waits for a victim);
- placement prefers a spot where the card will do something useful.
"""

from __future__ import annotations

from typing import Any

from ...bots.ismcts import rank_rewards
from . import cards

KINDS = cards.KINDS
ROUNDS = cards.ROUNDS
PERSISTENT = {"heir": 1.6, "lord": 1.4, "spy": 0.8, "soldier": 1.2, "archer": 1.2, "shapeshifter": 1.0}


# ---------------------------------------------------------------------- helpers
def _neighbours(queue: list, pos: int) -> list[int]:
    return [i for i in (pos - 1, pos + 1) if 0 <= i < len(queue)]


def _unknown(view: dict, owner: int) -> list[str]:
    """Kinds of ``owner``'s family whose place the viewer does not know."""
    known = list(view["discard"][owner])
    for stack in view["queue"]:
        for card in stack:
            if card["o"] == owner and card.get("k"):
                known.append(card["k"])
    return [k for k in KINDS if k not in known]


def _ambush_chance(view: dict, owner: int) -> float:
    unknown = _unknown(view, owner)
    if "ambush" not in unknown:
        return 0.0
    hidden_in_queue = sum(1 for stack in view["queue"] for c in stack if c["o"] == owner and not c.get("k"))
    if not unknown or not hidden_in_queue:
        return 0.0
    # the Ambush is one of the unknown cards; it is more likely in the queue than in a hand once placed
    return min(0.6, 1.4 / len(unknown))


def _rounds_left(view: dict) -> int:
    return ROUNDS - view["round"]


def _card_worth(view: dict, card: dict, seat: int) -> float:
    """What the card is worth to its owner if it stays (for the elimination value)."""
    kind = card.get("k")
    left = _rounds_left(view)
    if card["up"]:
        return PERSISTENT.get(kind, 0.0) * (left + 0.5)
    if kind == "conspiracy":
        return 2.0 * card["ip"] + 1.0
    if kind == "ambush":
        return 1.0
    return card["ip"] + 1.0 + 0.3 * left


def _target_value(view: dict, index: int, seat: int, attacker_worth: float) -> float:
    card = view["queue"][index][-1]
    owner = card["o"]
    if owner == seat:
        if card.get("k") == "ambush" and not card["up"]:
            return 2.0 - card["ip"]
        return 1.0 - _card_worth(view, card, seat) - 0.5
    value = 1.0 + _card_worth(view, card, seat) + 0.15 * view["ip"][owner]
    if not card["up"]:
        risk = _ambush_chance(view, owner)
        value = (1 - risk) * value + risk * (1.0 - 4.0 - attacker_worth)
    return value


def _leader_bonus(view: dict, seat: int, owner: int) -> float:
    others = [view["ip"][s] for s in range(view["num_players"]) if s != seat]
    return 0.3 if others and view["ip"][owner] == max(others) else 0.0


def _ability_value(view: dict, ability: str, pos: int, seat: int, via: bool, attacker_worth: float) -> float:
    """Immediate value of using ``ability`` from queue position ``pos``."""
    queue = view["queue"]
    if ability == "archer":
        cands = sorted({0, len(queue) - 1})
        return max(_target_value(view, i, seat, attacker_worth) for i in cands) if cands else 0.0
    if ability == "soldier":
        cands = _neighbours(queue, pos)
        return max(_target_value(view, i, seat, attacker_worth) for i in cands) if cands else 0.0
    if ability == "assassination":
        cands = [i for i in range(len(queue)) if i != pos]
        return max(_target_value(view, i, seat, attacker_worth) for i in cands) if cands else 0.0
    if ability == "spy":
        owners = {queue[i][-1]["o"] for i in _neighbours(queue, pos)} - {seat}
        return 1.0 if any(view["ip"][o] > 0 for o in owners) else 0.0
    if ability == "heir":
        name = "shapeshifter" if via else "heir"
        rival = any(i != pos and s[-1]["up"] and s[-1].get("k") == name for i, s in enumerate(queue))
        return 0.0 if rival else 2.0
    if ability == "lord":
        return 1.0 + sum(1 for i in _neighbours(queue, pos) if queue[i][-1]["o"] == seat)
    if ability == "shapeshifter":
        best = 0.0
        for i in _neighbours(queue, pos):
            top = queue[i][-1]
            if top["up"] and top.get("k") in cards.COPYABLE:
                best = max(best, _ability_value(view, top["k"], pos, seat, True, attacker_worth))
        return best
    if ability == "decree":
        return 0.6
    return 0.0


# ---------------------------------------------------------------------- decisions
def _reveal_scores(view: dict, seat: int) -> tuple[float, float]:
    pos = view["pos"]
    card = view["queue"][pos][-1]
    kind = card["k"]
    ip = card["ip"]
    left = _rounds_left(view)
    if kind == "ambush":
        if left == 0:
            later_threat = any(s[-1]["o"] != seat for s in view["queue"][pos + 1:])
            return (1.0 - ip, 1.5 if later_threat else 0.0)
        return (1.0 - ip, 2.5)
    if kind == "conspiracy":
        reveal = 2.0 * ip
        if left == 0:
            return (reveal, 0.0)
        # each extra round adds 2 but risks losing everything
        risk = 0.15 * (1 + ip / 2)
        return (reveal, (1 - risk) * (2.0 * ip + 2.0) - 0.2)
    worth = PERSISTENT.get(kind, 0.0)
    value = ip + _ability_value(view, kind, pos, seat, False, worth * (left + 0.5))
    if kind in PERSISTENT:
        value += 0.5 * worth * left
    leave = 0.0 if left == 0 else 0.9
    if kind in ("archer", "soldier", "assassination") and value - ip < 0.5:
        leave += 0.5
    return (value, leave)


def _move_score(view: dict, action: dict, seat: int) -> float:
    queue = view["queue"]
    here = view["pos"]
    i = action["pos"]
    card = queue[i][-1]
    mine = card["o"] == seat
    score = 0.0
    if "gap" in action:
        g = action["gap"]
        after = g > here
        before_now = i < here
        if card["up"] and card.get("k") in PERSISTENT:
            gain = 1.0 if before_now and after else (-1.0 if not before_now and not after else 0.0)
            score += gain if mine else -gain
        if not card["up"] and not mine:
            score += 0.3 if not after and not before_now else 0.0
    else:
        score += 0.2 if mine else -0.2
    if not card["up"] and not mine and view["options"].get("decree_triggers_ambush"):
        score -= 4.0 * _ambush_chance(view, card["o"])
    return score


def _place_score(view: dict, action: dict, seat: int) -> float:
    kind = action["card"]
    queue = view["queue"]
    at = action["at"]
    left = _rounds_left(view)
    # where the card would sit and who would be next to it
    if at == "center":
        pos, neighbours = 0, []
    elif at == "left":
        pos, neighbours = 0, [queue[0][-1]] if queue else []
    elif at == "right":
        pos, neighbours = len(queue), [queue[-1][-1]] if queue else []
    else:
        pos = action["pos"]
        neighbours = [queue[i][-1] for i in _neighbours(queue, pos)]
    opp_next = [c for c in neighbours if c["o"] != seat]
    own_next = [c for c in neighbours if c["o"] == seat]
    value = 0.0
    if kind == "conspiracy":
        value = 1.2 * left
    elif kind == "ambush":
        value = 2.5 if left >= 1 else 0.5
        if at in ("left", "right"):
            value += 0.5  # Archers shoot the ends
    elif kind == "heir":
        rival = any(s[-1]["up"] and s[-1].get("k") == "heir" and s[-1]["o"] != seat for s in queue)
        value = 0.4 if rival else 2.0 + 0.4 * left
    elif kind == "lord":
        value = 1.0 + len(own_next) + 0.3 * left
    elif kind == "soldier":
        value = 0.6 + (1.2 if opp_next else -0.5)
    elif kind == "archer":
        value = 1.0
    elif kind == "assassination":
        value = 1.4 if any(s[-1]["o"] != seat for s in queue) else 0.2
    elif kind == "spy":
        value = 0.4 + (1.0 if any(view["ip"][c["o"]] > 0 for c in opp_next) else 0.0)
    elif kind == "shapeshifter":
        value = 0.4 + (1.0 if any(c["up"] and c.get("k") in cards.COPYABLE for c in neighbours) else 0.0)
    elif kind == "decree":
        value = 0.7
    if at == "stack":
        covered = queue[action["pos"]][-1]
        value -= 0.6 + (_card_worth(view, covered, seat) if covered["up"] else 0.3 * covered["ip"])
    # keep late-game-useless cards for the very end: the last card of the hand is never played
    if kind == "conspiracy" and left == 0:
        value = -1.0
    return value


def scores(view: dict, legal: list[dict], seat: int, rng: Any) -> list[float]:
    result = []
    reveal_leave = None
    for action in legal:
        kind = action["type"]
        if kind in ("reveal", "leave"):
            if reveal_leave is None:
                reveal_leave = _reveal_scores(view, seat)
            value = reveal_leave[0] if kind == "reveal" else reveal_leave[1]
        elif kind == "target":
            attacker = view["queue"][view["pos"]][-1]
            worth = PERSISTENT.get(attacker.get("k"), 0.0) * (_rounds_left(view) + 0.5)
            value = _target_value(view, action["pos"], seat, worth)
        elif kind == "spy":
            victim = action["seat"]
            value = (1.0 if view["ip"][victim] > 0 else 0.0) + _leader_bonus(view, seat, victim)
        elif kind == "copy":
            copied = view["queue"][action["pos"]][-1]["k"]
            value = _ability_value(view, copied, view["pos"], seat, True, 1.0)
        elif kind == "move":
            value = _move_score(view, action, seat)
        elif kind == "place":
            value = _place_score(view, action, seat)
        else:
            value = 0.0
        result.append(value + rng.random() * 1e-3)
    return result


# ---------------------------------------------------------------------- playouts
def rollout(game: Any, state: dict, legal: list[dict], rng: Any) -> dict:
    """A cheap policy on full states for the hard bot's playouts."""
    kind = legal[0]["type"]
    if kind == "reveal":
        card = state["queue"][state["pos"]][-1]
        k = card["k"]
        if k == "ambush":
            return legal[1]
        if k == "conspiracy":
            return legal[0] if card["ip"] >= 2 or state["round"] == ROUNDS else legal[1]
        return legal[0] if rng.random() < 0.75 else legal[1]
    seat = state["pending"]["seat"] if state["phase"] == "resolve" else None
    if kind == "target":
        queue = state["queue"]
        best, best_value = legal[0], -99.0
        for action in legal:
            card = queue[action["pos"]][-1]
            value = (card["ip"] + 1.0 if card["o"] != seat else -1.0) + rng.random()
            if value > best_value:
                best, best_value = action, value
        return best
    if kind == "spy":
        return max(legal, key=lambda a: state["ip"][a["seat"]])
    if kind == "place":
        plain = [a for a in legal if a["at"] != "stack"]
        return plain[rng.randbelow(len(plain))] if plain else legal[rng.randbelow(len(legal))]
    return legal[rng.randbelow(len(legal))]


def evaluate(game: Any, state: dict) -> list[float]:
    """Rewards in [0, 1] for a playout cut before the end: rank of personal influence plus part of the
    influence waiting on one's own hidden cards (Conspiracy counts double)."""
    values = [float(v) for v in state["ip"]]
    left = ROUNDS - state["round"]
    for stack in state["queue"]:
        card = stack[-1]
        if not card["up"] and card["ip"]:
            factor = 2.0 if card["k"] == "conspiracy" else (0.0 if card["k"] == "ambush" else 1.0)
            values[card["o"]] += 0.6 * factor * card["ip"]
        elif card["up"] and card["k"] in PERSISTENT:
            values[card["o"]] += 0.5 * PERSISTENT[card["k"]] * left
    return rank_rewards(values)


#: the hard bot's budget and settings for Oriflamme (see pygames/bots/ismcts.py)
HARD = {"iterations": 900}
