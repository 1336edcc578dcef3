"""Great Houses: the cards on the table and how the rules move them (new instances, kneeling,
piles, draws, power, leaving play, the end of the game) and the log.

Copies of a state share the players' piles and cards in play (``HousesGame._copy_state``), so
every change here replaces a list or a card instead of changing it in place.
"""

from __future__ import annotations

from typing import Any

from . import cards as C
from .stats import CARDS, RIVAL_ICONS, find_inst, rivalry_line_count, total_power

#: a player's card-id lists that the rules replace rather than change in place (they change
#: far less often than a state is copied, so copies of the state share them); the lists of
#: cards in play ("chars", "locs") are replaced too (``change_card``, ``kneel_cards``, ``put_in_play``)
SHARED_PILES = ("deck", "hand", "discard", "dead", "plots", "used", "facedown", "limited", "decklist")


def starter_deck(house: str) -> list[str]:
    """A House's starter deck in package order (before the shuffle): its package, then the
    neutral package. (Read from cards.py on every call: balance runs may change the packages.)"""
    deck: list[str] = []
    for package in (C.HOUSE_PACKAGES[house], C.NEUTRAL_PACKAGE):
        for cid, n in package.items():
            deck += [cid] * n
    return deck


def new_inst(state: dict, cid: str) -> dict:
    uid = state["uid"]
    state["uid"] = uid + 1
    inst = {"uid": uid, "cid": cid, "knelt": False, "power": 0, "atts": []}
    count = rivalry_line_count(state)
    if (cid, count) in RIVAL_ICONS:  # the card's line for that count holds
        inst["rival"] = count
    return inst


def change_card(p: dict, zone: str, inst: dict, **changes: Any) -> dict:
    """Change a card in play of player ``p`` (``zone``: "chars" or "locs"): copies of the state
    share their lists of cards in play and the card instances, so the changed card is a new
    dict (same keys, same order) in the old one's place in a new list. Returns the new
    instance; ``inst`` must be the one in play now."""
    cards = p[zone][:]
    index = next(i for i, card in enumerate(cards) if card is inst)
    new = cards[index] = {**inst, **changes}
    p[zone] = cards
    return new


def kneel_cards(p: dict, uids: list[int], zone: str = "chars") -> list[dict]:
    """Kneel player ``p``'s cards of ``zone`` whose uid is in ``uids`` (new instances in a new
    list: see change_card). Returns the knelt instances, in their order in play."""
    knelt: list[dict] = []
    if uids:
        cards = []
        for inst in p[zone]:
            if inst["uid"] in uids:
                inst = {**inst, "knelt": True}
                knelt.append(inst)
            cards.append(inst)
        p[zone] = cards
    return knelt


def put_in_play(p: dict, inst: dict) -> None:
    """Put a new card instance into player ``p``'s characters or locations (a new list: see change_card)."""
    zone = "chars" if CARDS[inst["cid"]]["type"] == "character" else "locs"
    p[zone] = p[zone] + [inst]


def add_to(p: dict, pile: str, cids: list[str]) -> None:
    """Put cards on one of a player's SHARED_PILES: a new list (copies of the state share the old one)."""
    p[pile] = p[pile] + cids


def take_from(p: dict, pile: str, cid: str) -> None:
    """Take one copy of ``cid`` from one of a player's SHARED_PILES (a new list: see add_to)."""
    cards = p[pile][:]
    cards.remove(cid)
    p[pile] = cards


def log(state: dict, key: str, to: list[int] | None = None, **params: Any) -> None:
    """Append a log entry (the shape of ``core.log_entry``, built here in one step: it is
    the commonest thing an action does)."""
    entry: dict[str, Any] = {"key": key, "params": params}
    if to is not None:
        entry["to"] = list(to)
    state["log"].append(entry)


def draw(state: dict, seat: int, n: int, why: str = "draw", public: bool = True) -> int:
    p = state["players"][seat]
    deck = p["deck"]
    got = deck[:n]
    if len(got) < n and not p["decked"]:
        p["decked"] = True
        log(state, "decked", seat=seat)
    if got:
        p["deck"] = deck[len(got):]
        add_to(p, "hand", got)
        if public:
            log(state, "draw", seat=seat, n=len(got), why=why)
        log(state, "drew", to=[seat], seat=seat, cards=got)
    return len(got)


def gain_power(state: dict, seat: int, n: int, why: str, inst: dict | None = None) -> None:
    if n <= 0 or state["over"]:
        return
    p = state["players"][seat]
    if inst is not None:
        inst = change_card(p, "chars", inst, power=inst["power"] + n)
        log(state, "power", seat=seat, n=n, why=why, card=inst["cid"])
    else:
        p["power"] += n
        log(state, "power", seat=seat, n=n, why=why)
    if total_power(p) >= state["opts"]["victory_power"]:
        end_game(state, [seat], "power")


def end_game(state: dict, winners: list[int], reason: str) -> None:
    if state["over"]:
        return
    state.update(over=True, winners=sorted(winners), end=reason, stage="over", seat=None, pending=None)
    log(state, "game_over", winners=sorted(winners), reason=reason)


def end_most_power(state: dict, seats: list[int], reason: str) -> None:
    best = max(total_power(state["players"][s]) for s in seats)
    end_game(state, [s for s in seats if total_power(state["players"][s]) == best], reason)


def leave_play(state: dict, seat: int, inst: dict, pile: str) -> None:
    p = state["players"][seat]
    p["chars"] = [c for c in p["chars"] if c is not inst]  # (a new list: see change_card)
    add_to(p, pile, [inst["cid"]])
    if inst["atts"]:
        add_to(p, "discard", inst["atts"])
    ch = state["ch"]
    if ch:
        uid = inst["uid"]
        for key in ("attackers", "defenders", "blocked"):  # (new lists: see HousesGame._copy_state)
            if uid in ch[key]:
                ch[key] = [u for u in ch[key] if u != uid]


def kill(state: dict, seat: int, inst: dict, why: str) -> None:
    log(state, "killed", seat=seat, card=inst["cid"], why=why)
    leave_play(state, seat, inst, "dead")


def cid_of(state: dict, uid: int | None) -> str | None:
    if uid is None:
        return None
    _, inst, _ = find_inst(state, uid)
    return inst["cid"] if inst else None
