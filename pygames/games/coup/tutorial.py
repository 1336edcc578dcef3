"""Coup's guided first game (data only; the machinery is pygames/core/tutorial.py).

Three seats: the player (seat 0) and two scripted bots. The deal is laid over a fresh game's
first state and checked by the rules' state check; with "no_shuffle" every draw takes the court
deck's top, so the cards drawn after a proven claim are the ones written here. The notes' words
are in text.py (TUTORIAL_NOTES). Coverage: income, foreign aid and a block, a challenge lost and
one won, a bluff, the forced coup at 10 and the coup at 7.
"""

from __future__ import annotations

from ...core.tutorial import Step, Tutorial

_R = "prompt"  # the player's prompt: the note sits by the choices

DEAL = {
    "hands": [["duke", "contessa"], ["assassin", "captain"], ["duke", "ambassador"]],
    # top first: Bot 2 draws the Assassin after proving its Duke, you draw the last Duke after proving yours
    "deck": ["assassin", "duke", "contessa", "captain", "ambassador", "assassin", "captain", "ambassador",
             "contessa"],
    "coins": [2, 2, 2], "start": 0, "turn": 0, "opts": {"no_shuffle": True},
    "log": [{"key": "round_start", "params": {"round": 1, "seat": 0, "factions": None, "coins": [2, 2, 2]}}],
}

STEPS = (
    Step("theme", "hand"),
    Step("goal", "seat:1"),
    Step("coins", "coins"),
    Step("income", _R, expect={"type": "income"}),
    Step("foreign_aid", "seat:1", bot={"type": "foreign_aid"}),
    Step(None, "seat:2", bot={"type": "pass"}),
    Step("block", _R, expect={"type": "block", "card": "duke"}),
    Step("block_claim", "seat:1", bot={"type": "pass"}),
    Step(None, "seat:2", bot={"type": "pass"}),
    Step("claim", "seat:2", bot={"type": "tax"}),
    Step("challenge", _R, expect={"type": "challenge"}),
    Step("proved", "seat:2", bot={"type": "reveal", "card": "duke"}),
    Step("lose", _R, expect={"type": "lose", "card": "contessa"}),
    Step("tax", _R, expect={"type": "tax"}),
    Step("challenged", "seat:1", bot={"type": "challenge"}),
    Step("won", "seat:1", bot={"type": "lose", "card": "assassin"}),
    Step(None, "seat:1", bot={"type": "income"}),
    Step(None, "seat:2", bot={"type": "income"}),
    Step("bluff", _R, expect={"type": "steal", "target": 2}),
    Step(None, "seat:1", bot={"type": "pass"}),
    Step("bluff_passed", "seat:2", bot={"type": "pass"}),
    Step("their_bluff", "seat:1", bot={"type": "tax"}),
    Step(None, "seat:2", bot={"type": "pass"}),
    Step("catch", _R, expect={"type": "challenge"}),
    Step("caught", "seat:1", bot={"type": "income"}),
    Step("save_up", _R, expect={"type": "tax"}),
    Step(None, "seat:2", bot={"type": "pass"}),
    Step(None, "seat:2", bot={"type": "income"}),
    Step("forced", _R, expect={"type": "coup", "target": 2}),
    Step("coup_loss", "seat:2", bot={"type": "lose", "card": "assassin"}),
    Step(None, "seat:2", bot={"type": "income"}),
    Step("tax_again", _R, expect={"type": "tax"}),
    Step(None, "seat:2", bot={"type": "pass"}),
    Step(None, "seat:2", bot={"type": "income"}),
    Step("coup", _R, expect={"type": "coup", "target": 2}),
    Step("end", "hand"),
)

TUTORIAL = Tutorial(game_id="coup", num_players=3, deal=DEAL, steps=STEPS)
