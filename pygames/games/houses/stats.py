"""Great Houses: what the rules read off the cards in play (docs/rules/houses.md §3-§4).

A character's icons, keywords and strength (its Rivalry line and attachments included), a
player's income, reserve, claim, initiative and dominance total, and what a card costs him.
Nothing here changes a state; the tables are worked out once from cards.py.
"""

from __future__ import annotations

from typing import Any

from . import cards as C

CARDS = C.CARDS


PLOTS = C.PLOTS


KINDS = ("M", "I", "P")


# the keyword that adds 1 STR to a character in each role of a challenge
ROLE_KEYWORDS = {"attacker": "vanguard", "defender": "bulwark"}


# the locations that count as STR in dominance, by card id: that STR
DOMINANCE = {cid: c["dominance"] for cid, c in CARDS.items() if c.get("dominance")}


# locations' anthems by card id (most cards have none)
ANTHEMS = {cid: c["anthem"] for cid, c in CARDS.items() if c.get("anthem")}


# the cards in play that add to a player's income or reserve, by card id: how much
INCOME = {cid: c["income"] for cid, c in CARDS.items() if c.get("income")}


RESERVE = {cid: c["reserve"] for cid, c in CARDS.items() if c.get("reserve")}


#: a card's icons and keywords with its Rivalry line, by (card id, players at the start): cards.py
#: ``rivalry``, rules §3.4; an instance under a line holds that player count as ``"rival"``
RIVAL_ICONS = {(cid, n): c["icons"] + gain.get("icons", "")
               for cid, c in CARDS.items() for n, gain in c.get("rivalry", {}).items()}


RIVAL_KW = {(cid, n): [k for k in c["kw"] if k not in gain.get("lose_kw", [])] + gain.get("kw", [])
            for cid, c in CARDS.items() for n, gain in c.get("rivalry", {}).items()}


#: a character's printed icons by card id: what ``icons_of`` gives for an instance without
#: attachments or a Rivalry line (the challenge loops read it without a call: see ready_characters)
PRINTED_ICONS = {cid: c["icons"] for cid, c in CARDS.items() if c["type"] == "character"}


#: what an attachment adds to its character, by card id: STR, an icon, a keyword (None: none)
ATTACHMENT_STR = {cid: c["att"].get("str", 0) for cid, c in CARDS.items() if c["type"] == "attachment"}


ATTACHMENT_ICON = {cid: c["att"].get("icon") for cid, c in CARDS.items() if c["type"] == "attachment"}


ATTACHMENT_KW = {cid: c["att"].get("kw") for cid, c in CARDS.items() if c["type"] == "attachment"}


#: a card's printed STR by card id (None for cards that are not characters): ``base_str``
#: without attachments
PRINTED_STR: dict[str, Any] = {cid: c.get("str") for cid, c in CARDS.items()}  # (None: not a character)


#: the rules of no agenda (a player without one, or "none"): ``agenda_rules``
NO_AGENDA: dict = {}


def card(cid: str) -> dict:
    return CARDS[cid]


def living(state: dict) -> list[int]:
    return [s for s, p in enumerate(state["players"]) if not p["out"]]


def opponents(state: dict, seat: int) -> list[int]:
    others = []
    for s, p in enumerate(state["players"]):
        if s != seat and not p["out"]:
            others.append(s)
    return others


def with_uid(cards: list[dict], uid: int) -> list[dict]:
    """The card of ``cards`` (instances in play) with that uid, in a list of one, or an empty list."""
    for inst in cards:
        if inst["uid"] == uid:
            return [inst]
    return []


def find_inst(state: dict, uid: int | None) -> tuple[Any, Any, Any]:
    """(seat, instance, zone) of a card in play by uid, or (None, None, None)."""
    for s, p in enumerate(state["players"]):
        for zone in ("chars", "locs"):
            for inst in p[zone]:
                if inst["uid"] == uid:
                    return s, inst, zone
    return None, None, None


def agenda_rules(p: dict) -> dict:
    """The rules table of player ``p``'s agenda (cards.py AGENDAS; none: an empty table)."""
    return C.AGENDAS.get(p["agenda"] or "", NO_AGENDA)


def rivalry_line_count(state: dict) -> int:
    """The player count whose Rivalry lines hold for characters entering play: the count the game
    began with if that was 3 or 4 and the Rivalry option is on, else 0 (no line holds). Works on
    a state or a view (both hold ``num_players`` and ``opts``)."""
    return state["num_players"] if state["opts"]["rivalry"] and state["num_players"] > 2 else 0


def total_power(p: dict) -> int:
    total = p["power"]
    for c in p["chars"]:
        total += c["power"]
    return total


def icons_of(inst: dict) -> str:
    icons = RIVAL_ICONS[inst["cid"], inst["rival"]] if "rival" in inst else CARDS[inst["cid"]]["icons"]
    for a in inst["atts"]:
        icon = ATTACHMENT_ICON[a]
        if icon and icon not in icons:
            icons += icon
    return icons


def unready(joining: tuple, c: dict) -> str | None:
    """Why character ``c`` may not join a challenge now, or None: it may (standing, with the
    challenge's icon, attachments and Rivalry lines included, and not among the uids already
    chosen). ``joining``: (the challenge's kind, the uids chosen, ...): the first items of the
    attacker and defender choices' context (challenges.py). The reason is a message template."""
    if c["knelt"]:
        return KNELT
    if c["uid"] in joining[1]:
        return ALREADY_CHOSEN
    # most characters have neither attachments nor a Rivalry line: their printed icons
    if joining[0] not in (PRINTED_ICONS[c["cid"]] if not c["atts"] and "rival" not in c else icons_of(c)):
        return NO_ICON
    return None


KNELT = "{name} is knelt"
ALREADY_CHOSEN = "{name} is already in this challenge"
NO_ICON = "{name} has no {kind} icon for this challenge"


def ready_characters(chars: list[dict], kind: str, chosen: Any = ()) -> list[dict]:
    """The characters of ``chars`` that may join a challenge of ``kind`` (``unready``)."""
    joining = (kind, chosen)
    ready = []
    for c in chars:
        if unready(joining, c) is None:
            ready.append(c)
    return ready


def any_ready(chars: list[dict], kind: str, chosen: Any) -> bool:
    """Whether ``ready_characters(chars, kind, chosen)`` is not empty, looking no further than
    the first such character."""
    joining = (kind, chosen)
    for c in chars:
        if unready(joining, c) is None:
            return True
    return False


def standing_icons(p: dict) -> str:
    """The icons of player ``p``'s standing characters, run together (with repeats)."""
    icons = ""
    for c in p["chars"]:
        if not c["knelt"]:
            icons += PRINTED_ICONS[c["cid"]] if not c["atts"] and "rival" not in c else icons_of(c)
    return icons


def keywords_of(inst: dict) -> list[str]:
    own = RIVAL_KW[inst["cid"], inst["rival"]] if "rival" in inst else CARDS[inst["cid"]]["kw"]  # with its Rivalry line
    if not inst["atts"]:
        return own  # callers only read it
    kws = list(own)
    for a in inst["atts"]:
        kw = ATTACHMENT_KW[a]
        if kw and kw not in kws:
            kws.append(kw)
    return kws


def base_str(inst: dict) -> int:
    if not inst["atts"]:
        return PRINTED_STR[inst["cid"]]
    total = PRINTED_STR[inst["cid"]]
    for a in inst["atts"]:
        total += ATTACHMENT_STR[a]
    return total


def strength(state: dict, seat: int, inst: dict) -> int:
    """STR of a character in the current challenge (keywords, anthems, pumps)."""
    s = base_str(inst)
    ch = state["ch"]
    if ch is None:
        return s
    uid = inst["uid"]
    role = "attacker" if uid in ch["attackers"] else "defender" if uid in ch["defenders"] else None
    if role is not None:
        s += role_bonus(state["players"][seat], inst, ch["kind"], role)
    if ch["bonus"]:
        s += ch["bonus"].get(str(uid), 0)
    return s if s > 0 else 0


def role_bonus(p: dict, inst: dict, kind: str, role: str) -> int:
    """The STR a character of player ``p`` gains in its ``role`` of a challenge of ``kind``:
    its role keyword (vanguard, bulwark) and the anthems of p's locations."""
    c = CARDS[inst["cid"]]
    # (most characters have neither attachments nor a Rivalry line: their printed keywords)
    keywords = c["kw"] if not inst["atts"] and "rival" not in inst else keywords_of(inst)
    bonus = 1 if ROLE_KEYWORDS[role] in keywords else 0
    for loc in p["locs"]:
        if loc["cid"] in ANTHEMS:  # (few locations have one)
            anthem = ANTHEMS[loc["cid"]]
            if anthem["kind"] == kind and anthem["role"] == role and anthem["house"] == c["house"]:
                bonus += anthem["n"]
    return bonus


def side_has_strength(state: dict, seat: int, uids: list[int]) -> bool:
    """Whether ``side_strength`` is at least 1 (one character with STR 1 or more: STR is never
    negative), looking no further than that character."""
    for inst in state["players"][seat]["chars"]:
        if inst["uid"] in uids and strength(state, seat, inst) >= 1:
            return True
    return False


def side_strength(state: dict, seat: int, uids: list[int]) -> int:
    """Total STR of ``seat``'s characters whose uid is in ``uids`` (one side of a challenge)."""
    total = 0
    for inst in state["players"][seat]["chars"]:
        if inst["uid"] in uids:
            total += strength(state, seat, inst)
    return total


def rivalry_applies(state: dict) -> bool:
    """The Rivalry rule (3 or more players left, option ``rivalry``)."""
    return state["opts"]["rivalry"] and len(living(state)) > 2


def behind(state: dict, seat: int, other: int) -> bool:
    """Whether ``seat`` has less power than ``other`` (Rivalry: no unopposed bonus against him)."""
    return total_power(state["players"][seat]) < total_power(state["players"][other])


def leads_over(state: dict, seat: int, other: int) -> bool:
    """Whether ``seat`` is the sole leader (more power than every other living player, so
    more than ``other``): Rivalry pays a bounty for winning a challenge against him."""
    mine = total_power(state["players"][seat])
    for s, p in enumerate(state["players"]):
        if s != seat and not p["out"] and total_power(p) >= mine:
            return False
    return True


def income(state: dict, seat: int) -> int:
    p = state["players"][seat]
    value = PLOTS[p["plot"]]["income"] if p["plot"] else 0
    for cards in (p["chars"], p["locs"]):
        for inst in cards:
            if inst["cid"] in INCOME:  # (few cards give any)
                value += INCOME[inst["cid"]]
    return value


def reserve(state: dict, seat: int) -> int:
    p = state["players"][seat]
    value = PLOTS[p["plot"]]["reserve"] if p["plot"] else C.HAND_SIZE
    for inst in p["locs"]:
        if inst["cid"] in RESERVE:  # (few locations give any)
            value += RESERVE[inst["cid"]]
    if p["agenda"] in C.AGENDAS:
        value += C.AGENDAS[p["agenda"]].get("reserve", 0)
    return max(0, value)


def claim(state: dict, seat: int) -> int:
    p = state["players"][seat]
    return PLOTS[p["plot"]]["claim"] if p["plot"] else 1


def initiative(state: dict, seat: int) -> int:
    p = state["players"][seat]
    return PLOTS[p["plot"]]["initiative"] if p["plot"] else 0


def dominance_total(state: dict, seat: int) -> int:
    p = state["players"][seat]
    total = 0
    for c in p["chars"]:
        if not c["knelt"]:
            total += PRINTED_STR[c["cid"]] if not c["atts"] else base_str(c)
    for loc in p["locs"]:
        if loc["cid"] in DOMINANCE:  # (few locations count)
            total += DOMINANCE[loc["cid"]]
    return total


def penalty(p: dict, cid: str) -> int:
    """The out-of-House penalty (seed: +2; Pact of Banners: +1)."""
    house = CARDS[cid]["house"]
    if house in ("neutral", p["house"]):
        return 0
    return agenda_rules(p).get("out_of_house_penalty", C.OUT_OF_HOUSE_PENALTY)


def loyal_ok(p: dict, cid: str) -> bool:
    c = CARDS[cid]
    return not c["loyal"] or c["house"] == p["house"]


def unique_blocked(p: dict, cid: str) -> bool:
    """A unique card already in play (or a unique character in the dead pile)."""
    c = CARDS[cid]
    if not c["unique"]:
        return False
    for inst in p["chars"] + p["locs"]:
        if inst["cid"] == cid:
            return True
    return c["type"] == "character" and cid in p["dead"]


def marshal_cost(p: dict, cid: str) -> tuple[int, list[int], bool]:
    """(gold to pay, reducer uids to kneel, agenda discount used) to marshal ``cid`` now."""
    c = CARDS[cid]
    cost = c["cost"] + penalty(p, cid)
    discount = False
    agenda = agenda_rules(p)
    if (agenda.get("house_char_discount") and c["type"] == "character" and c["house"] == p["house"]
            and not p["discount_used"] and cost > 0):
        cost -= agenda["house_char_discount"]
        discount = True
    reducers = []
    for loc in p["locs"]:
        if cost <= 0:
            break
        if not loc["knelt"] and CARDS[loc["cid"]].get("reducer") == c["house"]:
            reducers.append(loc["uid"])
            cost -= 1
    return max(0, cost), reducers, discount


def event_cost(p: dict, cid: str) -> int:
    return CARDS[cid]["cost"] + penalty(p, cid)


def card_name(cid: str) -> str:
    """A card's English name and id, for messages."""
    return f"{CARDS[cid]['name']['en']} ({cid})"
