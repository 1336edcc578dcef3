"""Koryo's guided first game (data only; the machinery is pygames/core/tutorial.py).

Two seats: the player (seat 0) and one scripted bot. The lesson joins a game at round 7 of 8, so
that the tables already hold families to lead and the last two rounds show every rule a first
game meets: playing a family, majorities and the powers met here (Banker, Spy, Priest, Senator,
Broadcaster, Ship Owner; the Omniscient's tie-break named), the play limit and the discard of the
hand, the table limit and its discard, an event (a Barbarian), and the scoring. The deal is laid
over a fresh game's first state and checked by the rules' state check; with "no_shuffle" round 8
deals the deck's top in turn order (Bot 2 first, with one more card for its Broadcasters), so the
cards written here are the ones dealt. Piles are count vectors indexed by kind (1..9 characters,
10 Barbarian, 11 Lobbying). The notes' words are in text.py (TUTORIAL_NOTES).
"""

from __future__ import annotations

from ...core.tutorial import Step, Tutorial

_R = "prompt"  # the player's prompt: the note sits by the choices

DEAL = {
    "round": 7, "first": 0, "phase": "order", "turn": 0, "step": "play",
    # top first: round 8 deals Bot 2 [8, 3, 8, 7] then you [10, 9, 2]
    "deck": [8, 3, 8, 7, 10, 9, 2, 5, 5, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 9, 9, 10, 10, 10, 11, 11, 11, 11, 11],
    # you: 3 Merchants and a Guardian; Bot 2: 3 Priests, a Ship Owner, a Guardian (5: its Broadcasters)
    "hands": [[0, 0, 0, 0, 0, 0, 0, 1, 0, 3, 0, 0], [0, 0, 0, 0, 3, 1, 0, 1, 0, 0, 0, 0]],
    # you: Omniscient, 2 Ship Owners, 2 Bankers, 3 Merchants; Bot 2: Spy, 2 Senators, Priest, Banker,
    # 2 Broadcasters and a Barbarian from an earlier round
    "tables": [[0, 1, 0, 0, 0, 2, 2, 0, 0, 3, 0, 0], [0, 0, 1, 2, 1, 0, 1, 0, 2, 0, 1, 0]],
    "coins": [0, 1], "bank": 7, "deal": [4, 5], "ship": 0,
    "options": {"no_shuffle": True},
    "log": [{"key": "round", "params": {"round": 7, "first": 0, "deal": [4, 5], "limit": 9, "broadcaster": None}}],
}

STEPS = (
    Step("theme", "hand"),
    Step("goal", "seat:1"),
    Step("late", "seat:0"),
    Step("play", _R, expect={"type": "play", "kind": 9, "count": 3}),
    Step("bot_plays", "seat:1", bot={"type": "play", "kind": 4, "count": 3}),
    Step("powers", "log"),
    Step("limit", "seat:0"),
    Step("discard_one", _R, expect={"type": "discard", "kind": 1}),
    Step("discard_five", _R, expect={"type": "discard", "kind": 5}),
    Step("round8", "seat:1"),
    Step(None, "seat:1", bot={"type": "play", "kind": 8, "count": 2}),
    Step("ship_owner", _R, expect={"type": "play2", "kinds": [9, 10]}),
    Step("barbarian", _R, expect={"type": "destroy", "target": 1, "kind": 2}),
    Step("last_discard", _R, expect={"type": "discard", "kind": 9}),
    Step("end", "seat:0"),
)

TUTORIAL = Tutorial(game_id="koryo", num_players=2, deal=DEAL, steps=STEPS)
