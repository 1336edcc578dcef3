"""Tournay's guided first game (data only; the machinery is pygames/core/tutorial.py).

Two seats: the player (seat 0) and one scripted bot. The lesson joins a game at round 10, each
district nearly built (Bot 2's already full, with two prestige buildings), so that four rounds show
every rule a first game meets: citizens and deniers, placing a card in the district (cost, an
adjacent cell, a character in its line), activating a building with a citizen, drawing (two cards
blind, keep one) and a town crier making the events strike, countering an event to take it as a
rampart, a prestige building completing the district, the end (two full districts with two
prestige buildings each), a rampart stopping an event, the secret final card covering a card of its
colour, and the scoring. The deal is laid over a fresh game's first state and checked by the rules'
state check. A district cell is {"s": [cards bottom..top], "occ": tokens, "dmg": damaged}. The notes'
words are in text.py (TUTORIAL_NOTES).
"""

from __future__ import annotations

from ...core.tutorial import Step, Tutorial
from . import cards as K

_R = "prompt"  # the player's prompt: the note sits by the choices


def _cell(card: str) -> dict:
    """A district cell of one card, nothing on it."""
    return {"s": [card], "occ": [], "dmg": False}


# you (seat 0): Saint-Jacques (a prestige building) and six level I cards, two cells free
_YOU = [[_cell("saint_jacques"), _cell("chapel"), _cell("guardhouse")],
        [_cell("architect"), _cell("deacon"), None],
        [_cell("barracks"), _cell("almshouse"), None]]
# Bot 2 (seat 1): full, with the Tour d'Arras and the Mint
_BOT = [[_cell("tour_d_arras"), _cell("fort"), _cell("garrison")],
        [_cell("exchange"), _cell("notary"), _cell("workshop")],
        [_cell("mint"), _cell("monastery"), _cell("library")]]
_HANDS = [["market", "belfry"], []]

#: the decks' tops, in the order drawn: your draw of White I meets its town crier (Hospital and Pilgrim
#: are the two cards), Bot 2's draw of Red I meets that deck's crier in the last round
_TOPS = {"W1": ["crier_W1", "hospital", "pilgrim"], "R1": ["crier_R1", "knight", "ballista"]}


def _pile(deck: str) -> list[str]:
    """A deck as dealt: its tops above, then the rest in catalogue order, less every card placed."""
    placed = [cell["s"][0] for grid in (_YOU, _BOT) for row in grid for cell in row if cell] + \
        [card for hand in _HANDS for card in hand]
    rest = K.deck_cards(deck)
    for card in placed + _TOPS.get(deck, []):
        if card in rest:
            rest.remove(card)
    return _TOPS.get(deck, []) + rest


def _player(deniers: int, stand: tuple[int, int, int], laid: tuple[int, int, int], hand: list[str],
            district: list) -> dict:
    return {"deniers": deniers, "stand": dict(zip(K.COLOURS, stand)), "laid": dict(zip(K.COLOURS, laid)),
            "hand": hand, "ramparts": [], "built": [], "dropped": [], "district": district}


#: the events: the queue left to right, then the event deck top first
_QUEUE = ["royal_tax", "fair", "mutiny"]
_EV_DECK = ["norman_raid", "tithe", "harvest", "plague", "fire", "flood", "famine", "brigands", "war_levy", "riot",
            "pilgrimage", "tournament"]

DEAL = {
    "round": 10, "first": 0, "turn": 0, "phase": "turn",
    "decks": {deck: _pile(deck) for deck in K.DECKS},
    "queue": [{"ev": ev, "den": 0} for ev in _QUEUE], "ev_deck": _EV_DECK,
    # citizens R, W, Y
    "players": [_player(5, (2, 2, 3), (0, 0, 0), _HANDS[0], _YOU),
                _player(1, (1, 2, 1), (1, 0, 1), _HANDS[1], _BOT)],
    "log": [{"key": "round", "params": {"n": 10}}],
}

STEPS = (
    Step("theme", "district:0"),
    Step("goal", "seat:1"),
    Step("late", "citizens:0"),
    Step("build", _R, expect={"type": "play", "card": "market", "r": 1, "c": 2}),
    Step("activate", _R, expect={"type": "activate", "r": 1, "c": 2, "use": [1, 0]}),
    Step(None, "seat:1", bot={"type": "gather"}),
    Step("bot_gathers", "seat:1"),
    Step("draw", _R, expect={"type": "draw", "deck": "W1", "mode": "blind", "use": [1, 0]}),
    Step("crier", "events"),
    Step("pick", _R, expect={"type": "pick", "card": "hospital"}),
    Step(None, "seat:1", bot={"type": "activate", "r": 1, "c": 0, "use": [0, 1]}),
    Step("prestige", _R, expect={"type": "play", "card": "belfry", "r": 2, "c": 2}),
    Step("counter", _R, expect={"type": "counter", "slot": 0}),
    Step(None, "seat:1", bot={"type": "activate", "r": 1, "c": 2, "use": [0, 1]}),
    Step("last_round", "district:1"),
    Step("earn", _R, expect={"type": "earn", "colour": "Y", "n": 2}),
    Step(None, "seat:1", bot={"type": "draw", "deck": "R1", "mode": "blind", "use": [0, 1]}),
    Step("rampart", _R, expect={"type": "rampart", "build": True}),
    Step(None, "seat:1", bot={"type": "pick", "card": "knight"}),
    Step("strike_again", "events"),
    Step("final", _R, expect={"type": "final", "card": "hospital", "r": 0, "c": 1}),
    Step(None, "seat:1", bot={"type": "final", "card": "knight", "r": 0, "c": 1}),
    Step("end", "seat:0"),
)

TUTORIAL = Tutorial(game_id="tournay", num_players=2, deal=DEAL, steps=STEPS)
