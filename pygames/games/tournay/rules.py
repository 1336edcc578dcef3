"""Tournay (Pearl Games 2011) as implemented for pygames; see docs/rules/tournay.md.

The rules, in the order of that page: ``district`` (the 3x3 grid: where a card may go, what lies
in a line), ``citizens`` (taking your own and others' citizens), ``turn`` (a turn: one card, one
action, the tasks and decisions it sets off, rounds and the last card), ``effects`` (drawing,
events, the buildings' effects), ``scoring`` (the end and the points), ``legal`` (what may be
decided now), ``views`` (what each seat sees) and ``state`` (the state's layout and how the rules
change it). This module deals the first state and wires them into the engine contract.
"""

from __future__ import annotations

from pygames.core import Game, SetupError, log_entry, option
from pygames.core.rng import Rng

from . import INFO
from . import cards as K
from .district import CARDS, card_deck, empty_district, hand_size
from .legal import legal_actions, legal_match, why_illegal
from .scoring import ROUND_LIMIT, end_trigger, state_scores, winners
from .state import copy_state
from .turn import apply_action, current_player
from .views import sample_state, view

EVENTS, COLOURS, DECKS = K.EVENTS, K.COLOURS, K.DECKS

__all__ = ["GAME", "ROUND_LIMIT", "TournayGame"]


class TournayGame(Game):
    info = INFO
    default_players = 3
    version = 2     # 2: the Fort in red I, the Fortress in red II, the Port in yellow I
    test_option_keys = ("first_player", "decks", "events", "hands", "districts", "deniers", "citizens",
                        "ramparts", "criers_out", "event_deniers", "supply", "no_shuffle")

    # ------------------------------------------------------------------ setup
    def _option_specs(self) -> list[dict]:
        return [option("rules", "choice", "normal", "Rules", "ルール", choices=["normal", "advanced"],
                       choice_labels={"normal": {"en": "Normal (2 citizens of each colour, 6 deniers)",
                                                 "ja": "ノーマル(各色2市民・6ドゥニエ)"},
                                      "advanced": {"en": "Advanced (1 of each, 9 deniers, buy citizens)",
                                                   "ja": "上級(各色1市民・9ドゥニエ・市民購入)"}})]

    def _setup(self, num_players: int, rng: Rng, options: dict) -> dict:
        n = num_players
        rules = options["rules"]
        conf = K.SETUP[rules]
        no_shuffle = options.get("no_shuffle", False)
        if not isinstance(no_shuffle, bool):
            raise SetupError("no_shuffle must be true or false")

        def per_seat(key: str, check) -> list | None:
            value = options.get(key)
            if value is None:
                return None
            if not isinstance(value, list) or len(value) != n:
                raise SetupError(f"{key} must be a list with one entry per seat")
            for item in value:
                check(item)
            return value

        def is_card_list(items, what="card") -> None:
            if not isinstance(items, list) or not all(isinstance(x, str) and x in CARDS for x in items):
                raise SetupError(f"unknown {what} in {items!r}")

        def is_event_list(items) -> None:
            if not isinstance(items, list) or not all(isinstance(x, str) and x in EVENTS for x in items):
                raise SetupError(f"unknown event in {items!r}")

        def is_count(x) -> None:
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                raise SetupError(f"{x!r} is not a count")

        def is_colours(x) -> None:
            if not isinstance(x, dict) or set(x) != set(COLOURS):
                raise SetupError("citizens are given as {\"R\": n, \"W\": n, \"Y\": n}")
            for v in x.values():
                is_count(v)

        def is_district(x) -> None:
            if not isinstance(x, list) or len(x) != 3 or any(not isinstance(row, list) or len(row) != 3 for row in x):
                raise SetupError("a district is 3 rows of 3 cells")
            for row in x:
                for cell in row:
                    if cell is None:
                        continue
                    stack = [cell] if isinstance(cell, str) else cell
                    is_card_list(stack)
                    if not stack or any(CARDS[k]["kind"] == "crier" for k in stack):
                        raise SetupError("a district cell holds activity cards")
                    if len({CARDS[k]["colour"] for k in stack}) != 1:
                        raise SetupError("a stack holds cards of one colour")

        hands = per_seat("hands", is_card_list) or [[] for _ in range(n)]
        if any(CARDS[k]["kind"] == "crier" for h in hands for k in h):
            raise SetupError("a town crier cannot be in a hand")
        if any(len(h) > K.HAND_LIMIT for h in hands):
            raise SetupError("a hand holds at most 4 cards")
        districts = per_seat("districts", is_district)
        deniers = per_seat("deniers", is_count)
        citizens = per_seat("citizens", is_colours)
        ramparts = per_seat("ramparts", is_event_list) or [[] for _ in range(n)]
        first = options.get("first_player")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n):
            raise SetupError("first_player must be a seat number")
        criers_out = options.get("criers_out", [])
        if not isinstance(criers_out, list) or any(d not in DECKS for d in criers_out) \
                or len(set(criers_out)) != len(criers_out):
            raise SetupError("criers_out lists deck ids (R1 ... Y3) at most once each")
        supply = options.get("supply")
        if supply is not None:
            is_colours(supply)

        # the cards still free for each deck
        pools = {d: K.deck_cards(d) for d in DECKS}
        placed: list[str] = [k for h in hands for k in h]
        for dist in districts or []:
            for row in dist:
                for cell in row:
                    if cell is not None:
                        placed.extend([cell] if isinstance(cell, str) else cell)
        for d in criers_out:
            placed.append(f"crier_{d}")
        given_decks = options.get("decks") or {}
        if not isinstance(given_decks, dict) or any(d not in DECKS for d in given_decks):
            raise SetupError("decks is {deck id: [cards top first]}")
        for d, cards_ in given_decks.items():
            is_card_list(cards_)
            if any(card_deck(k) != d for k in cards_):
                raise SetupError(f"a card in decks[{d!r}] belongs to another deck")
            placed.extend(cards_)
        for k in placed:
            d = card_deck(k)
            if k not in pools[d]:
                raise SetupError(f"too many copies of {k!r}")
            pools[d].remove(k)
        decks = {}
        for d in DECKS:
            rest = pools[d]
            if not no_shuffle:
                rng.shuffle(rest)
            decks[d] = list(given_decks.get(d, [])) + rest

        ev_given = options.get("events") or []
        is_event_list(ev_given)
        ev_pool = list(K.EVENT_ORDER)
        for e in ev_given + [e for r in ramparts for e in r]:
            if e not in ev_pool:
                raise SetupError(f"too many copies of event {e!r}")
            ev_pool.remove(e)
        if not no_shuffle:
            rng.shuffle(ev_pool)
        ev_deck = list(ev_given) + ev_pool
        queue = []
        for _ in range(K.QUEUE_SIZE):
            queue.append({"ev": ev_deck.pop(0), "den": 0} if ev_deck else None)
        ev_den = options.get("event_deniers")
        if ev_den is not None:
            if not isinstance(ev_den, list) or len(ev_den) != K.QUEUE_SIZE:
                raise SetupError("event_deniers lists 3 numbers")
            for slot, value in zip(queue, ev_den):
                is_count(value)
                if slot is not None:
                    if value > EVENTS[slot["ev"]]["cap"]:
                        raise SetupError("more deniers on an event than its cap")
                    slot["den"] = value

        players = []
        for seat in range(n):
            dist = empty_district()
            if districts:
                for r in range(3):
                    for c in range(3):
                        cell = districts[seat][r][c]
                        if cell is not None:
                            dist[r][c] = {"s": [cell] if isinstance(cell, str) else list(cell), "occ": [], "dmg": False}
            stand = dict(citizens[seat]) if citizens else {c: conf["citizens"] for c in COLOURS}
            players.append({"deniers": deniers[seat] if deniers else conf["deniers"],
                            "stand": stand, "laid": {c: 0 for c in COLOURS},
                            "hand": list(hands[seat]), "ramparts": list(ramparts[seat]),
                            "built": [], "dropped": [], "district": dist})
            if hand_size(players[-1]) > K.HAND_LIMIT:
                raise SetupError("a hand holds at most 4 cards, ramparts included")
        if first is None:
            first = rng.randbelow(n)
        reason = end_trigger(players, len(criers_out))
        state = {
            "num_players": n, "rules": rules, "first": first, "turn": first, "round": 1,
            "phase": "turn", "last_round": reason is not None,
            "decks": decks, "faceup": {d: None for d in DECKS}, "criers": list(criers_out),
            "ev_deck": ev_deck, "queue": queue, "ev_out": [],
            "supply": dict(supply) if supply else {c: conf["supply"] for c in COLOURS},
            "players": players, "tasks": [], "pending": None, "final": None,
            "log": [log_entry("start", first=first, rules=rules)],
        }
        if reason:
            state["log"].append(log_entry("last_round", reason=reason))
        return state


    # ------------------------------------------------------------------ the rules (see the modules)
    _copy_state = staticmethod(copy_state)
    _current_player = staticmethod(current_player)
    _legal_actions = staticmethod(legal_actions)
    _legal_match = staticmethod(legal_match)
    _why_illegal = staticmethod(why_illegal)
    _apply = staticmethod(apply_action)
    _scores = staticmethod(state_scores)
    _winners = staticmethod(winners)
    _view = staticmethod(view)
    _sample_state = staticmethod(sample_state)


GAME = TournayGame()
