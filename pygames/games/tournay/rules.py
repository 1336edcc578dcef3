"""Tournay (Pearl Games 2011) as implemented for pygames; see docs/rules/tournay.md.

The rules, in the order of that page: ``district`` (the 3x3 grid: where a card may go, what lies
in a line), ``citizens`` (taking your own and others' citizens), ``turn`` (a turn: one card, one
action, the tasks and decisions it sets off, rounds and the last card), ``effects`` (drawing,
events, the buildings' effects), ``scoring`` (the end and the points), ``legal`` (what may be
decided now), ``views`` (what each seat sees) and ``state`` (the state's layout, how the rules
change it, and the one check of a state). This module deals the first state and wires them into
the engine contract.
"""

from __future__ import annotations

from pygames.core import Game, log_entry, option
from pygames.core.rng import Rng

from . import INFO
from . import cards as K
from .district import empty_district
from .legal import legal_actions, legal_match, why_illegal
from .scoring import ROUND_LIMIT, state_scores, winners
from .state import check_state, copy_state
from .turn import apply_action, final_seat
from .views import sample_state, view

COLOURS, DECKS = K.COLOURS, K.DECKS

__all__ = ["GAME", "ROUND_LIMIT", "TournayGame"]


class TournayGame(Game):
    info = INFO
    default_players = 3
    version = 2     # 2: the Fort in red I, the Fortress in red II, the Port in yellow I

    def _option_specs(self) -> list[dict]:
        return [option("rules", "choice", "normal", "Rules", "ルール", choices=["normal", "advanced"],
                       choice_labels={"normal": {"en": "Normal (2 citizens of each colour, 6 deniers)",
                                                 "ja": "ノーマル（各色2市民・6ドゥニエ）"},
                                      "advanced": {"en": "Advanced (1 of each, 9 deniers, buy citizens)",
                                                   "ja": "上級（各色1市民・9ドゥニエ・市民購入）"}})]

    def _setup(self, num_players: int, rng: Rng, options: dict) -> dict:
        """The deal (TOU_01-TOU_03): each deck shuffled, no card face up; the event deck shuffled,
        its top three the queue, no denier on them; empty hands, the citizens and deniers of the
        rules chosen; the first player drawn. (Test positions: tests/tournay/tournay_positions.py.)"""
        rules = options["rules"]
        conf = K.SETUP[rules]
        decks = {}
        for deck in DECKS:
            cards = K.deck_cards(deck)
            rng.shuffle(cards)
            decks[deck] = cards
        ev_deck = list(K.EVENT_ORDER)
        rng.shuffle(ev_deck)
        queue = [{"ev": ev, "den": 0} for ev in ev_deck[:K.QUEUE_SIZE]]
        players = [{"deniers": conf["deniers"], "stand": {c: conf["citizens"] for c in COLOURS},
                    "laid": {c: 0 for c in COLOURS}, "hand": [], "ramparts": [], "built": [], "dropped": [],
                    "district": empty_district()} for _ in range(num_players)]
        first = rng.randbelow(num_players)
        return {
            "num_players": num_players, "rules": rules, "first": first, "turn": first, "round": 1,
            "phase": "turn", "last_round": False,
            "decks": decks, "faceup": {d: None for d in DECKS}, "criers": [],
            "ev_deck": ev_deck[K.QUEUE_SIZE:], "queue": queue, "ev_out": [],
            "supply": {c: conf["supply"] for c in COLOURS},
            "players": players, "tasks": [], "pending": None, "final": None,
            "log": [log_entry("start", first=first, rules=rules)],
        }

    def _current_player(self, state: dict) -> int | None:
        """The seat the pending question asks, else the next to choose a last card, else the seat
        whose turn it is; None once the game is over. (A method, not one of the modules' functions
        like the hooks below: the engine asks it several times a step, and a method is found
        quicker than a staticmethod.)"""
        phase = state["phase"]
        if phase == "over":
            return None
        if state["pending"] is not None:
            return state["pending"]["seat"]
        if phase == "final":
            return final_seat(state)
        return state["turn"]

    # ------------------------------------------------------------------ the rules (see the modules)
    _check_state = staticmethod(check_state)
    _copy_state = staticmethod(copy_state)
    _legal_actions = staticmethod(legal_actions)
    _legal_match = staticmethod(legal_match)
    _why_illegal = staticmethod(why_illegal)
    _apply = staticmethod(apply_action)
    _scores = staticmethod(state_scores)
    _winners = staticmethod(winners)
    _view = staticmethod(view)
    _sample_state = staticmethod(sample_state)


GAME = TournayGame()
