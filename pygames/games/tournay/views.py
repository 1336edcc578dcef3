"""What each Tournay seat sees (views leak no hidden card), and a full state consistent with a
view for the hard bot (the unseen cards dealt again at random)."""

from __future__ import annotations

from typing import Any

from pygames.core import clone, log_visible_to
from pygames.core.rng import Rng

from . import cards as K
from .district import card_deck
from .legal import play_options
from .scoring import score_breakdown, winners

DECKS = K.DECKS


def view(state: dict, seat: int | None) -> dict:
    n = state["num_players"]
    players = []
    for s, p in enumerate(state["players"]):
        q = {k: v for k, v in p.items() if k != "hand"}
        q["hand"] = list(p["hand"]) if s == seat else None
        q["backs"] = sorted(card_deck(k) for k in p["hand"])
        players.append(q)
    pending = state["pending"]
    if pending is not None and pending["kind"] == "pick" and pending["seat"] != seat:
        pending = {**pending, "cards": None}
    tasks = [({**t, "cards": None} if t["t"] == "pick" and t["seat"] != seat else t) for t in state["tasks"]]
    final = None
    if state["final"] is not None:
        final = {"chosen": [c is not None for c in state["final"]["chosen"]],
                 "mine": state["final"]["chosen"][seat] if seat is not None else None}
    view = {
        "seat": seat, "num_players": n, "rules": state["rules"], "first": state["first"],
        "turn": state["turn"], "round": state["round"], "phase": state["phase"],
        "last_round": state["last_round"],
        "decks": {d: len(state["decks"][d]) for d in DECKS},
        "faceup": dict(state["faceup"]), "criers": list(state["criers"]),
        "ev_deck": len(state["ev_deck"]), "queue": state["queue"], "ev_out": list(state["ev_out"]),
        "supply": dict(state["supply"]), "players": players,
        "tasks": tasks, "pending": pending, "final": final,
        "log": log_visible_to(state["log"], seat),
    }
    view = clone(view)
    view["scores"] = [score_breakdown(state["players"], s) for s in range(n)]
    if state["phase"] == "over":
        view["winners"] = winners(state)
    return view


def sample_state(view: dict, seat: int, rng: Rng) -> dict:
    v = clone(view)
    n = v["num_players"]
    # cards of each deck not seen by ``seat``
    pools = {d: K.deck_cards(d) for d in DECKS}
    seen: list[str] = []
    for p in v["players"]:
        for row in p["district"]:
            for cell in row:
                if cell:
                    seen.extend(cell["s"])
    seen.extend(v["players"][seat]["hand"])
    seen.extend(k for k in v["faceup"].values() if k)
    seen.extend(f"crier_{d}" for d in v["criers"])
    for t in v["tasks"] + ([v["pending"]] if v["pending"] else []):
        if t.get("t") == "pick" and t.get("cards"):
            seen.extend(t["cards"])
    for k in seen:
        pools[card_deck(k)].remove(k)
    criers = {}
    for d in DECKS:
        if f"crier_{d}" in pools[d]:
            pools[d].remove(f"crier_{d}")
            criers[d] = f"crier_{d}"
        rng.shuffle(pools[d])
    players = []
    for s, p in enumerate(v["players"]):
        q = {k: val for k, val in p.items() if k != "backs"}
        if s != seat:
            q["hand"] = [pools[d].pop() for d in p["backs"]]
        players.append(q)
    # hidden picks of other seats
    pending = v["pending"]
    tasks = v["tasks"]
    for t in tasks + ([pending] if pending else []):
        if t.get("cards", 1) is None:
            t["cards"] = [pools[t["deck"]].pop(), pools[t["deck"]].pop()]
    decks = {}
    for d in DECKS:
        if d in criers:
            pools[d].insert(rng.randbelow(len(pools[d]) + 1), criers[d])
        if len(pools[d]) != v["decks"][d]:
            raise ValueError("view inconsistent with the card list")
        decks[d] = pools[d]
    ev_pool = list(K.EVENT_ORDER)
    used = [item["ev"] for item in v["queue"] if item] + list(v["ev_out"])
    for p in v["players"]:
        used += p["ramparts"] + p["built"]
    for e in used:
        ev_pool.remove(e)
    rng.shuffle(ev_pool)
    state = {
        "num_players": n, "rules": v["rules"], "first": v["first"], "turn": v["turn"], "round": v["round"],
        "phase": v["phase"], "last_round": v["last_round"], "decks": decks, "faceup": v["faceup"],
        "criers": v["criers"], "ev_deck": ev_pool, "queue": v["queue"], "ev_out": v["ev_out"],
        "supply": v["supply"], "players": players, "tasks": tasks, "pending": pending,
        "final": None, "log": v["log"],
    }
    if v["final"] is not None:
        chosen: list[Any] = [None] * n
        state["final"] = {"chosen": chosen}
        for s in range(n):
            if s == seat:
                chosen[s] = v["final"]["mine"]
            elif v["final"]["chosen"][s]:
                options_ = play_options(players, s, "final") + [{"type": "final_pass"}]
                chosen[s] = options_[rng.randbelow(len(options_))]
    return state
