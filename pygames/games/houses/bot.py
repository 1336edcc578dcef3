"""Great Houses heuristics: ``scores(view, legal, seat, rng)`` (higher is better).

The bot reads only the seat's view. Public parts of the view have the same
shape as the state, so the rules' pure helpers (strength, costs, income) are
reused on it. Values are in "STR-equivalents"; a point of power is worth more
as the owner gets closer to the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations

from . import cards as C
from .plot import plot_actions
from .setup import agenda_actions
from .stats import (
    CARDS,
    KINDS,
    PLOTS,
    RIVAL_ICONS,
    RIVAL_KW,
    base_str,
    behind,
    event_cost,
    icons_of,
    keywords_of,
    leads_over,
    marshal_cost,
    rivalry_applies,
    rivalry_line_count,
    role_bonus,
    total_power,
    unique_blocked,
)

KW_VALUE = {"renown": 1.3, "stealth": 0.7, "insight": 0.6, "intimidate": 0.4,
            "vanguard": 0.5, "bulwark": 0.5}


@dataclass(frozen=True)
class Weights:
    """The heuristic's constants. ``NORMAL`` (these defaults) is the easy and normal bots'; the hard
    bot searches with ``SEARCH`` (``search_scores``)."""
    kw: dict = field(default_factory=lambda: dict(KW_VALUE))  # a keyword on a card
    icon: float = 0.6            # a challenge icon on a card
    income: float = 2.0          # a character's income
    power_on_card: float = 2.5   # a power on a character in play
    loc_income: tuple = (2.6, 1.2)   # a location's income, before round 6 / from round 6
    loc_reserve: float = 0.3
    loc_dominance: float = 0.6
    loc_reducer: tuple = (1.4, 0.4)  # before round 6 / from round 6
    loc_window: float = 2.0      # a location with an ability at the start of challenges
    power: float = 2.5           # a point of power ...
    power_near: tuple = (3.0, 1.0)   # ... plus this within 3 / within 6 of the target
    claim: tuple = (0.8, 1.3, 1.4)   # claim weights: military (card values), intrigue (cards), power
    challenge: float = 5.0       # a challenge the bot expects to win, before its claim
    challenge_renown: float = 0.5    # per renowned attacker, in powers
    challenge_leader: float = 0.2    # per power of the defender
    attacker_kw: tuple = (2.0, 1.5, 0.6)  # choosing an attacker with renown, stealth, insight
    attacker_spare: float = 1.2  # per icon of a challenge kind still to come
    chump: float = 0.45          # a chump defender's kneeling, as a share of its value
    chump_stand_all: float = 0.4  # ... scaled by this when everyone stands at the end of each turn
    defender_renown: float = 1.5
    plot_claim: tuple = (1.6, 0.6)   # a plot with claim > 1, when the bot's military can / cannot win
    plot_initiative: float = 0.12
    plot_noise: float = 0.8
    keep_event: float = 1.5      # marshalling below the gold of a defensive event in hand
    draw_event: float = 1.2


NORMAL = Weights()
#: the hard bot's heuristic: icons, the claim of military challenges and attacks on the leader count
#: more, power less, and plot choice is noisier (tuned in heuristic-only games against normal bots)
SEARCH = replace(NORMAL, icon=1.6, power=1.5, claim=(1.3, 1.3, 1.4), challenge_leader=0.6, plot_noise=2.0)


# ---------------------------------------------------------------- card values
def char_value(cid: str, w: Weights = NORMAL, rival: int = 0) -> float:
    c = CARDS[cid]
    key = (cid, rival)
    icons, kws = (RIVAL_ICONS[key], RIVAL_KW[key]) if key in RIVAL_ICONS else (c["icons"], c["kw"])
    return c["str"] + w.icon * len(icons) + sum(w.kw.get(k, 0) for k in kws) \
        + w.income * c.get("income", 0)


def inst_value(inst: dict, w: Weights = NORMAL) -> float:
    v = base_str(inst) + w.icon * len(icons_of(inst)) + sum(w.kw.get(k, 0) for k in keywords_of(inst))
    return v + w.income * CARDS[inst["cid"]].get("income", 0) + w.power_on_card * inst["power"]


def location_value(view: dict, seat: int, cid: str, w: Weights = NORMAL) -> float:
    c = CARDS[cid]
    p = view["players"][seat]
    late = view["round"] >= 6
    v = 0.0
    v += c.get("income", 0) * w.loc_income[late]
    v += c.get("reserve", 0) * w.loc_reserve
    v += c.get("dominance", 0) * w.loc_dominance
    if c.get("reducer"):
        v += w.loc_reducer[late]
    if c.get("anthem"):
        a = c["anthem"]
        v += 0.5 + 0.5 * sum(1 for i in p["chars"] if CARDS[i["cid"]]["house"] == a["house"]
                             and a["kind"] in icons_of(i))
    if c.get("window") == "challenges_start":
        v += w.loc_window
    return v


def attachment_value(cid: str, host: dict, w: Weights = NORMAL) -> float:
    att = CARDS[cid]["att"]
    v = 0.0
    if att.get("str"):
        v += att["str"] * (1.2 if not host["knelt"] else 0.9)
    icon = att.get("icon")
    if icon:
        v += 0.2 if icon in icons_of(host) else 0.7
    kw = att.get("kw")
    if kw and kw not in keywords_of(host):
        v += w.kw.get(kw, 0.5) * (1.0 + 0.25 * base_str(host))
    return v


def power_value(view: dict, seat: int, w: Weights = NORMAL) -> float:
    """Worth of one power for ``seat`` (grows near the target)."""
    target = view["opts"]["victory_power"]
    missing = target - total_power(view["players"][seat])
    return w.power + (w.power_near[0] if missing <= 3 else w.power_near[1] if missing <= 6 else 0.0)


def keep_value(view: dict, seat: int, cid: str, w: Weights = NORMAL) -> float:
    """How much a card in hand is worth keeping (for discards)."""
    p = view["players"][seat]
    c = CARDS[cid]
    if c["type"] in ("character", "location") and unique_blocked(p, cid):
        return 0.2
    if c["loyal"] and c["house"] != p["house"]:
        return 0.1
    if c["type"] == "character":
        return char_value(cid, w, rivalry_line_count(view)) - 0.3 * max(0, c["cost"] - 5)
    if c["type"] == "location":
        return 1.0 + location_value(view, seat, cid, w) * 0.8
    if c["type"] == "attachment":
        return 1.5 if p["chars"] else 0.8
    return 2.2  # events: cheap and flexible


# ---------------------------------------------------------------- challenge estimates
def attack_potential(view: dict, seat: int, kind: str, exclude=()) -> tuple[int, int, list[dict]]:
    """(STR, stealth count, eligible) of ``seat``'s standing characters with the icon."""
    p = view["players"][seat]
    anthems = [a for a in (CARDS[loc["cid"]].get("anthem") for loc in p["locs"])
               if a and a["kind"] == kind and a["role"] == "attacker"]
    chars = []
    total = stealth = 0
    for i in p["chars"]:
        if i["knelt"] or kind not in icons_of(i) or i["uid"] in exclude:
            continue
        chars.append(i)
        kws = keywords_of(i)
        s = base_str(i) + ("vanguard" in kws)
        if anthems:
            house = CARDS[i["cid"]]["house"]
            s += sum(a["n"] for a in anthems if a["house"] == house)
        total += s
        stealth += "stealth" in kws
    return total, stealth, chars


def defense_potential(view: dict, seat: int, kind: str, stealth: int = 0, blocked=()) -> int:
    """STR the seat can defend a ``kind`` challenge with, once ``stealth`` of its strongest
    characters without stealth are taken out."""
    plain = []
    stealthy = 0
    for i in view["players"][seat]["chars"]:
        if i["knelt"] or kind not in icons_of(i) or i["uid"] in blocked:
            continue
        kws = keywords_of(i)
        s = base_str(i) + ("bulwark" in kws)
        if "stealth" in kws:
            stealthy += s
        else:
            plain.append(s)
    plain.sort(reverse=True)
    return sum(plain[stealth:]) + stealthy


def claim_gain(view: dict, seat: int, opp: int, kind: str, unopposed: bool, w: Weights = NORMAL,
               memo: dict | None = None) -> float:
    """What winning the challenge would bring (``memo``: see ``challenge_value``)."""
    memo = {} if memo is None else memo
    me = view["players"][seat]
    q = view["players"][opp]
    n = PLOTS[me["plot"]]["claim"] if me["plot"] else 1
    pv = memo.get("pv")
    if pv is None:
        pv = memo["pv"] = power_value(view, seat, w)
    standing = memo.get(("standing", opp))  # Rivalry: whether opp is behind / the sole leader
    if standing is None:
        rivalry = rivalry_applies(view)
        standing = memo[("standing", opp)] = (rivalry and behind(view, opp, seat),
                                              rivalry and leads_over(view, opp, seat))
    gain = pv if unopposed and not standing[0] else 0.0
    if standing[1]:
        gain += pv  # the leader's bounty
    if kind == "M":
        vals = sorted(inst_value(i, w) for i in q["chars"])
        gain += w.claim[0] * sum(vals[:n]) if vals else 0.0
    elif kind == "I":
        gain += w.claim[1] * min(n, q["hand_count"])
    else:
        gain += pv * min(n, q["power"]) * w.claim[2]
    return gain


# ---------------------------------------------------------------- stage scorers
def scores(view: dict, legal: list[dict], seat: int, rng) -> list[float]:
    """The easy and normal bots' heuristic."""
    return weighted_scores(view, legal, seat, rng, NORMAL)


def search_scores(view: dict, legal: list[dict], seat: int, rng) -> list[float]:
    """The hard bot's heuristic for its own first decision (priors, see ``pygames/bots/ismcts.py``)."""
    return weighted_scores(view, legal, seat, rng, SEARCH)


def weighted_scores(view: dict, legal: list[dict], seat: int, rng, w: Weights) -> list[float]:
    stage = view["stage"]
    if view.get("pending"):
        return [-keep_value(view, seat, a["card"], w) for a in legal]
    fn = STAGES.get(stage)
    if fn is None:
        return [0.0] * len(legal)
    return fn(view, legal, seat, rng, w)


def s_mulligan(view, legal, seat, rng, w):
    hand = view["players"][seat]["hand"]
    good = sum(1 for c in hand if CARDS[c]["type"] == "character" and CARDS[c]["cost"] <= 4)
    keep = good >= 2
    return [1.0 if (a["type"] == "keep") == keep else 0.0 for a in legal]


def s_agenda(view, legal, seat, rng, w):
    p = view["players"][seat]
    pref = {"undivided": 3, "hoard": 2, "none": 1, "banners": 0}
    if p["deck_house"] != p["house"]:
        pref["banners"] = 4
        pref["undivided"] = -1
    return [pref.get(a["agenda"], 0) for a in legal]


def best_setup(view, seat, w):
    p = view["players"][seat]
    spent = sum(CARDS[c]["cost"] + (0 if CARDS[c]["house"] in ("neutral", p["house"]) else 2)
                for c in p["facedown"])
    limited = {CARDS[c]["type"] for c in p["facedown"] if CARDS[c]["limited"]}
    cands = [c for c in p["hand"] if CARDS[c]["type"] in ("character", "location")
             and (not CARDS[c]["loyal"] or CARDS[c]["house"] == p["house"])]
    best, best_key = (), (-1.0,)
    rival = rivalry_line_count(view)
    for r in range(min(len(cands), 5) + 1):
        for combo in combinations(range(len(cands)), r):
            cids = [cands[i] for i in combo]
            cost = sum(CARDS[c]["cost"] + (0 if CARDS[c]["house"] in ("neutral", p["house"]) else 2)
                       for c in cids)
            if spent + cost > C.SETUP_GOLD:
                continue
            kinds = [CARDS[c]["type"] for c in cids if CARDS[c]["limited"]]
            if len(kinds) != len(set(kinds)) or limited.intersection(kinds):  # one Limited per type
                continue
            uniq = [c for c in cids if CARDS[c]["unique"]]
            if len(uniq) != len(set(uniq)) or any(u in p["facedown"] for u in uniq):
                continue
            val = sum(char_value(c, w, rival) if CARDS[c]["type"] == "character" else location_value(view, seat, c, w)
                      for c in cids)
            key = (val,)
            if key > best_key:
                best, best_key = cids, key
    return best


def s_setup(view, legal, seat, rng, w):
    best = best_setup(view, seat, w)
    out = []
    for a in legal:
        if a["type"] == "place_done":
            out.append(5.0 if not best else 0.0)
        else:
            cid = a["card"]
            worth = char_value(cid, w, rivalry_line_count(view)) if CARDS[cid]["type"] == "character" else 1.0
            out.append(10.0 + worth if cid in best else -1.0)
    return out


def s_plot(view, legal, seat, rng, w):
    p = view["players"][seat]
    extra = sum(CARDS[i["cid"]].get("income", 0) for i in p["chars"] + p["locs"])
    need = sum(CARDS[c]["cost"] for c in p["hand"] if CARDS[c]["type"] in ("character", "location", "attachment"))
    my_mil, _, _ = attack_potential(view, seat, "M")
    opp_def = max([defense_potential(view, o, "M") for o in range(view["num_players"])
                   if o != seat and not view["players"][o]["out"]] or [0])
    out = []
    for a in legal:
        pl = PLOTS[a["plot"]]
        gold = pl["income"] + extra
        v = min(gold, need + 1) * 1.0 + pl["initiative"] * w.plot_initiative
        if pl["claim"] > 1:
            v += w.plot_claim[0] if my_mil > opp_def else w.plot_claim[1]
        v += 0.15 * (pl["reserve"] - 6) if p["hand"] and len(p["hand"]) > 5 else 0
        v += 0.8 if pl.get("revealed") else 0
        out.append(v + rng.random() * w.plot_noise)
    return out


def s_first_player(view, legal, seat, rng, w):
    return [1.0 if a["seat"] == seat else 0.0 for a in legal]


def _defensive_reserve(view, seat) -> int:
    p = view["players"][seat]
    costs = [event_cost(p, c) for c in p["hand"] if CARDS[c]["type"] == "event"
             and CARDS[c]["window"] in ("challenge", "reaction")
             and (not CARDS[c]["loyal"] or CARDS[c]["house"] == p["house"])]
    return min(costs) if costs else 0


def marshal_item_value(view, seat, a, w: Weights = NORMAL) -> float | None:
    p = view["players"][seat]
    cid = a["card"]
    c = CARDS[cid]
    if a["type"] == "event":
        eff = c["effects"][0]
        if eff["do"] == "gold":
            return 50.0
        if eff["do"] == "kneel":
            target = next((i for q in view["players"] for i in q["chars"] if i["uid"] == a["target"]), None)
            return 0.5 + 0.7 * base_str(target) + 0.3 * len(icons_of(target)) if target else 0.0
        if eff["do"] == "draw":
            return w.draw_event if p["deck_count"] > 8 else -1.0
        return 0.5
    if c["type"] == "character":
        return char_value(cid, w, rivalry_line_count(view))
    if c["type"] == "location":
        return location_value(view, seat, cid, w)
    host = next(i for i in p["chars"] if i["uid"] == a["target"])
    return attachment_value(cid, host, w)


def _gold_gain(action: dict) -> int:
    """Gold an event brings back when played (2 for the gold events, else 0)."""
    return 2 if action["type"] == "event" and CARDS[action["card"]]["effects"][0]["do"] == "gold" else 0


def _best_affordable_set(cand: list[tuple], gold: int, keep: int, keep_penalty: float) -> tuple[int, ...]:
    """The index set of ``cand`` (idx, action, cost, value) worth most among those ``gold`` pays
    for (an event's gold counts) with one Limited card per card type; a set that leaves less than
    ``keep`` gold loses ``keep_penalty``. Only a set worth more than 0 counts (else ``()``); ties go
    to the smaller set, then the first in ``itertools.combinations`` order, and values are summed
    in index order, so the choice is that of scoring every affordable set in turn.

    A depth-first search over ``cand`` (sorted best value first) that stops where no further card
    can make a set affordable (only gold events cost less than nothing) or worth more than the best
    set found (``reach``: the sum of the positive values left, with a margin for rounding)."""
    gains = [_gold_gain(it[1]) for it in cand]
    net = [it[2] - g for it, g in zip(cand, gains)]
    limited = [CARDS[it[1]["card"]]["type"] if CARDS[it[1]["card"]]["limited"] else None for it in cand]
    relief = [0] * (len(cand) + 1)  # the most that cards from index i on can give back
    reach = [0.0] * (len(cand) + 1)  # the most that cards from index i on can add
    for i in range(len(cand) - 1, -1, -1):
        relief[i] = relief[i + 1] + min(0, net[i])
        reach[i] = reach[i + 1] + max(0.0, cand[i][3])
    best: list = [0.0, (0, ())]  # value, (size, index set)

    def extend(start: int, chosen: tuple[int, ...], cost: int, gain: int, value: float,
               limits: tuple[str, ...]) -> None:
        for i in range(start, len(cand)):
            if value + reach[i] + 1e-9 < best[0]:
                return
            spent = cost + cand[i][2] - gain - gains[i]
            if limited[i] in limits or spent + relief[i + 1] > gold:
                continue
            combo = chosen + (i,)
            total = value + cand[i][3]
            if spent <= gold:
                worth = total - keep_penalty if keep and gold - spent < keep else total
                if worth > best[0] or (worth == best[0] and best[1][1] and (len(combo), combo) < best[1]):
                    best[0], best[1] = worth, (len(combo), combo)
            extend(i + 1, combo, cost + cand[i][2], gain + gains[i], total,
                   limits + (limited[i],) if limited[i] else limits)

    extend(0, (), 0, 0, 0.0, ())
    return best[1][1]


def s_marshal(view, legal, seat, rng, w):
    p = view["players"][seat]
    gold = p["gold"]
    keep = _defensive_reserve(view, seat)
    items = []
    costs: dict[str, int] = {}  # by card: an attachment or an event is listed once per target
    for idx, a in enumerate(legal):
        if a["type"] == "end_marshal":
            continue
        cost = costs.get(a["card"])
        if cost is None:
            cost = costs[a["card"]] = marshal_cost(p, a["card"])[0] if a["type"] == "marshal" \
                else event_cost(p, a["card"])
        items.append((idx, a, cost, marshal_item_value(view, seat, a, w)))
    out = [0.0] * len(legal)
    # knapsack over distinct cards: the best set affordable now (keeping gold for a defensive event)
    by_card: dict[str, tuple] = {}
    for it in items:
        key = it[1]["card"]
        if key not in by_card or it[3] > by_card[key][3]:
            by_card[key] = it
    cand = sorted(by_card.values(), key=lambda it: -it[3])[:10]
    chosen = {cand[i][0] for i in _best_affordable_set(cand, gold, keep, w.keep_event)}
    for idx, a, _cost, val in items:
        if idx in chosen and val > 0:
            first = 30.0 if CARDS[a["card"]]["type"] == "location" or a["type"] == "event" else 0.0
            out[idx] = 100.0 + first + val
        else:
            out[idx] = -1.0 + val * 0.01
    for idx, a in enumerate(legal):
        if a["type"] == "end_marshal":
            out[idx] = 50.0
    return out


def challenge_value(view, seat, kind, opp, w: Weights = NORMAL, memo: dict | None = None) -> float:
    """What declaring a ``kind`` challenge on ``opp`` is worth. ``memo`` keeps the parts that do
    not depend on the opponent (the bot's attack per kind, the worth of a power) and each
    opponent's defence across the challenges of one decision."""
    memo = {} if memo is None else memo
    attack = memo.get(kind)
    if attack is None:
        attack = memo[kind] = attack_potential(view, seat, kind)
    att, stealth, eligible = attack
    key = (opp, kind)
    dp = memo.get(key)
    if dp is None:
        dp = memo[key] = defense_potential(view, opp, kind, stealth)
    if att < 1 or att < dp:
        return -5.0
    unopposed = dp == 0
    if unopposed and stealth and rivalry_applies(view) and defense_potential(view, opp, kind) > 0:
        unopposed = False  # Rivalry: won only by an ambush (Stealth took a defender out), no bonus
    v = w.challenge + claim_gain(view, seat, opp, kind, unopposed, w, memo)
    pv = memo["pv"]
    v += sum(pv * w.challenge_renown for i in eligible if "renown" in keywords_of(i))
    # prefer the opponent closest to winning
    v += w.challenge_leader * total_power(view["players"][opp])
    return v


def s_challenges(view, legal, seat, rng, w):
    out = []
    memo: dict = {}
    for a in legal:
        if a["type"] == "ability":
            target = next((i for q in view["players"] for i in q["chars"] if i["uid"] == a["target"]), None)
            out.append(20.0 + base_str(target) + len(icons_of(target)))
        elif a["type"] == "challenge":
            out.append(challenge_value(view, seat, a["kind"], a["opponent"], w, memo))
        else:
            out.append(0.0)
    return out


def s_attackers(view, legal, seat, rng, w):
    ch = view["ch"]
    p = view["players"][seat]
    kind = ch["kind"]
    chosen = [i for i in p["chars"] if i["uid"] in ch["attackers"]]
    cur = 0
    for i in chosen:
        cur += base_str(i) + (1 if "vanguard" in keywords_of(i) else 0)
    stealth = sum(1 for i in chosen if "stealth" in keywords_of(i))
    target = defense_potential(view, ch["defender"], kind, stealth)
    undone = [k for k in KINDS if k not in view["ch_done"]]
    by_uid = {i["uid"]: i for i in p["chars"]}
    out = []
    for a in legal:
        if a["type"] == "attackers_done":
            out.append(10.0 if cur >= max(1, target) else -10.0)
            continue
        inst = by_uid[a["card"]]
        kws = keywords_of(inst)
        v = base_str(inst) + w.attacker_kw[0] * ("renown" in kws) + w.attacker_kw[1] * ("stealth" in kws) \
            + w.attacker_kw[2] * ("insight" in kws)
        v -= w.attacker_spare * sum(1 for k in undone if k in icons_of(inst))
        if cur >= max(1, target):
            v = -20.0 + v  # enough already: stop
        out.append(v)
    return out


def s_stealth(view, legal, seat, rng, w):
    out = []
    for a in legal:
        if a["type"] == "stealth_none":
            out.append(0.0)
        else:
            inst = next(i for q in view["players"] for i in q["chars"] if i["uid"] == a["target"])
            out.append(1.0 + base_str(inst) + (1 if "bulwark" in keywords_of(inst) else 0))
    return out


def s_defenders(view, legal, seat, rng, w):
    ch = view["ch"]
    p = view["players"][seat]
    att_p = view["players"][ch["attacker"]]
    a_str = 0
    for i in att_p["chars"]:
        if i["uid"] in ch["attackers"]:
            s = base_str(i) + role_bonus(att_p, i, ch["kind"], "attacker")  # vanguard, anthems
            a_str += s + ch["bonus"].get(str(i["uid"]), 0)

    def dstr(i):
        return base_str(i) + (1 if "bulwark" in keywords_of(i) else 0)
    chosen = [i for i in p["chars"] if i["uid"] in ch["defenders"]]
    cur = sum(dstr(i) for i in chosen)
    eligible = [next(i for i in p["chars"] if i["uid"] == a["card"]) for a in legal if a["type"] == "defender"]
    pot = cur + sum(dstr(i) for i in eligible)
    can_win = pot > a_str
    pv = power_value(view, seat, w)
    out = []
    for a in legal:
        if a["type"] == "defenders_done":
            if cur > a_str:
                out.append(10.0)
            elif can_win:
                out.append(-5.0)
            elif chosen:
                out.append(10.0)  # a chump block is already there
            else:
                out.append(1.0)
            continue
        inst = next(i for i in p["chars"] if i["uid"] == a["card"])
        if cur > a_str:
            out.append(-10.0)
        elif can_win:
            # strongest first, renown likes to defend
            out.append(5.0 + dstr(inst) + w.defender_renown * ("renown" in keywords_of(inst)))
        else:
            # chump block with the weakest character to deny the unopposed bonus; when every
            # card stands at the end of each turn, kneeling to defend only costs this turn's
            # dominance and later defences in it
            cost_of_kneel = inst_value(inst, w) * w.chump
            if view["opts"]["stand"] == "end_of_each_turn":
                cost_of_kneel *= w.chump_stand_all
            gain = pv if ch["kind"] != "M" or len(p["chars"]) > 1 else 0
            if rivalry_applies(view) and (behind(view, seat, ch["attacker"]) or ch["blocked"]):
                gain = 0  # Rivalry: no unopposed bonus against a player behind the attacker, or after an ambush
            out.append(gain - cost_of_kneel - 0.5 + rng.random() * 0.01)
    return out


def s_window(view, legal, seat, rng, w):
    ch = view["ch"]
    att_p = view["players"][ch["attacker"]]
    def_p = view["players"][ch["defender"]]

    def side(p, uids, role):
        total = 0
        for i in p["chars"]:
            if i["uid"] in uids:
                s = base_str(i) + ch["bonus"].get(str(i["uid"]), 0)
                total += s + role_bonus(p, i, ch["kind"], role)  # the rules' keyword and anthems
        return total
    a = side(att_p, ch["attackers"], "attacker")
    d = side(def_p, ch["defenders"], "defender")
    attacker = seat == ch["attacker"]
    out = []
    for act in legal:
        if act["type"] == "pass":
            out.append(0.0)
            continue
        eff = CARDS[act["card"]]["effects"][0]
        if eff["do"] == "pump_all":
            n = eff["n"] * len(ch["attackers"] if attacker else ch["defenders"])
        else:
            n = eff["n"]
        if attacker:
            flips = a < d <= a + n
        else:
            flips = d <= a < d + n
        out.append(5.0 if flips else -1.0)
    return out


def s_claim(view, legal, seat, rng, w):
    p = view["players"][seat]
    return [-inst_value(next(i for i in p["chars"] if i["uid"] == a["card"]), w) for a in legal]


def s_intimidate(view, legal, seat, rng, w):
    out = []
    for a in legal:
        if a["type"] == "intimidate_none":
            out.append(0.0)
        else:
            inst = next(i for q in view["players"] for i in q["chars"] if i["uid"] == a["target"])
            out.append(1.0 + inst_value(inst, w))
    return out


def s_reaction(view, legal, seat, rng, w):
    out = []
    for a in legal:
        if a["type"] == "pass":
            out.append(0.0)
            continue
        eff = CARDS[a["card"]]["effects"][0]
        if eff["do"] == "kill":
            inst = next(i for q in view["players"] for i in q["chars"] if i["uid"] == a["target"])
            out.append(1.0 + inst_value(inst, w))
        else:
            out.append(3.0)
    return out


def s_reserve(view, legal, seat, rng, w):
    return [-keep_value(view, seat, a["card"], w) for a in legal]


STAGES = {
    "mulligan": s_mulligan, "agenda": s_agenda, "setup": s_setup, "plot": s_plot,
    "first_player": s_first_player, "marshal": s_marshal, "challenges": s_challenges,
    "attackers": s_attackers, "stealth": s_stealth, "defenders": s_defenders, "window": s_window,
    "claim": s_claim, "intimidate": s_intimidate, "reaction": s_reaction, "reserve": s_reserve,
}


def _quick_view(state: dict, seat: int) -> dict:
    """A cheap stand-in for a view on a full (sampled) state: shallow copies, never mutated.
    Only for playouts, where the policy may see the whole determinization."""
    view = dict(state)
    players = []
    for p in state["players"]:
        q = dict(p)
        q["hand_count"] = len(p["hand"])
        q["deck_count"] = len(p["deck"])
        q["facedown_count"] = len(p["facedown"])
        players.append(q)
    view["players"] = players
    view["me"] = seat
    view["current"] = seat
    return view


def rollout(game, state, legal, rng):
    """Cheap playout policy for the hard bot: the heuristic on the mover's quick view."""
    if len(legal) == 1:
        return legal[0]
    return _modelled(state, legal, game.current_player(state), rng)


def determinize(game, view: dict, seat: int, rng) -> dict:
    """A deal for the hard bot's search: ``game.sample_state``, then each opponent's hidden choice
    made as the opponent model makes it, not at random: a plot chosen but not yet revealed, an
    agenda chosen but not yet shown.

    Plots are chosen one seat after another but revealed together. With uniform guesses a seat
    that chose after its opponents believed their plots random, while a seat that chose first
    modelled the same opponents by the heuristic (they had not chosen yet): the two beliefs
    differ, so the seats played differently for no reason of the game. Three hard bots went first
    in round 1 from seat 2 in 80 of 120 games and from seat 0 in 3, and seat 0 won 47%
    (docs/houses-balance.md). Modelling a hidden choice like a choice still to come removes
    the seat order from what the bot believes."""
    state = game.sample_state(view, seat, rng)
    for o, q in enumerate(view["players"]):
        if o == seat or q["out"]:
            continue
        p = state["players"][o]
        if q["chosen"]:
            p["choice"] = _modelled(state, plot_actions(p), o, rng, "plot")["plot"]
        if q["agenda_chosen"] and q["agenda"] is None:
            p["agenda"] = _modelled(state, agenda_actions(), o, rng, "agenda")["agenda"]
    return state


def _modelled(state: dict, legal: list[dict], seat: int, rng, stage: str | None = None) -> dict:
    """``seat``'s choice among ``legal`` by the normal heuristic on its quick view (ties at random).
    With ``stage``, the heuristic of that stage rather than of the state's: a hidden choice made in
    an earlier stage (agendas stay hidden through the setup placements that follow them)."""
    view = _quick_view(state, seat)
    sc = scores(view, legal, seat, rng) if stage is None else STAGES[stage](view, legal, seat, rng, NORMAL)
    top = max(sc)
    best = [i for i, s in enumerate(sc) if s == top]
    return legal[best[rng.randbelow(len(best))]]


def evaluate(game, state) -> list[float]:
    """Rewards in [0, 1] for a playout cut before the end: power and board against the best rival.

    The weights come from a logistic fit of who won on 9,851 positions of 500 three-player normal-bot
    games: a point of power is worth about 0.21 of log-odds (3.2 / a 15-power target), the board
    (strength + half the icons) 0.45 of a power, cards in hand nothing measurable. The earlier
    weights (power 0.4, hand 0.15 of a power) were about twice as sure of the leader."""
    import math
    target = state["opts"]["victory_power"]
    est = []
    for p in state["players"]:
        if p["out"]:
            est.append(-100.0)
            continue
        board = sum(base_str(i) + 0.5 * len(icons_of(i)) for i in p["chars"])
        est.append(total_power(p) + 0.45 * board)
    out = []
    for s, v in enumerate(est):
        rival = max(x for t, x in enumerate(est) if t != s)
        out.append(1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -(v - rival) * 3.2 / target)))))
    return out


#: the hard bot's budget and settings for the houses game (see pygames/bots/ismcts.py): playouts are
#: cut after 40 actions (about a round at 3 players) and scored by ``evaluate``; opponents are modelled
#: by the normal heuristic with little noise (0.02 rather than 0.1: measurements in docs/bots.md).
#: 300 iterations of 40 actions cost about what 450 of 20 did and won more at 3 players on the arena's
#: seeds (docs/bots.md, "Great Houses, 3 players"); in a browser the 0.8 s limit may stop the search earlier
HARD = {"iterations": 300, "rollout_depth": 40, "opponent_noise": 0.02, "opponent_model": "rollout"}


#: the hard bot's share of its clock (``max_seconds``) by stage, where one turn is several decisions:
#: the setup places card after card (the heuristic's best affordable set already picks them), the
#: marshal phase buys card after card, a challenge is declared, then its attackers, stealth targets,
#: defenders, window and claim steps follow, and reactions come one after another; each of those
#: steps gets a part, so that a bot's whole run of steps takes about 1.5 s at most on a desktop
#: rather than 0.8 s a step (3.6-6.3 s in a row). The plot, once a round, keeps the whole clock.
#: The arena and the fingerprints search by iterations, with no clock (docs/bots.md): their results
#: do not change; in CPython 300 iterations take about 0.5 s, so on a fast device a step may stop
#: by its iteration budget before its share of the clock.
TIME_SHARE = {"plot": 1.0, "agenda": 0.5, "defenders": 0.4, "attackers": 0.3, "challenges": 0.25,
              "window": 0.25, "stealth": 0.2, "claim": 0.2, "intimidate": 0.2, "reaction": 0.2,
              "marshal": 0.08, "setup": 0.2, "mulligan": 0.2, "first_player": 0.2, "reserve": 0.2}


def time_share(view: dict, legal: list[dict], seat: int) -> float:
    """The part of the hard bot's clock for this decision (see TIME_SHARE)."""
    if view.get("pending"):  # a card to discard or keep: low stakes, judged by keep_value
        return 0.2
    return TIME_SHARE.get(view["stage"], 0.3)
