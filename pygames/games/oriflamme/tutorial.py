"""Oriflamme's guided first game (data only; the machinery is pygames/core/tutorial.py).

Three seats: the player (seat 0) and two scripted bots, seated clockwise 0, 1, 2. The lesson joins
a game at round 5 of 6, so that the queue already holds revealed cards and two rounds reach the
end: placing at an end of the queue and on one's own card, revealing a card (taking the influence
on it) versus leaving it face down (adding 1), the kinds met here (Soldier, Lord, Spy, Archer,
Assassination, Ambush; the Heir and the Conspiracy are eliminated face down), the end of a round
and the scoring. The deal is laid over a fresh game's first state and checked by the rules' state
check. A queue card is {"o": owner, "k": kind, "up": revealed, "ip": influence on it}. The notes'
words are in text.py (TUTORIAL_NOTES).
"""

from __future__ import annotations

from ...core.tutorial import Step, Tutorial

_R = "prompt"  # the player's prompt: the note sits by the choices


def _card(owner: int, kind: str, up: bool = True, ip: int = 0) -> list[dict]:
    """A stack of one card."""
    return [{"o": owner, "k": kind, "up": up, "ip": ip}]


DEAL = {
    "seating": [0, 1, 2], "first": 0, "order": [0, 1, 2], "round": 5, "phase": "place", "turn": 0,
    "hands": [["soldier", "heir", "ambush"], ["spy", "assassination", "lord"], ["archer", "heir", "conspiracy"]],
    "removed": [["decree", "shapeshifter", "conspiracy"], ["heir", "shapeshifter", "conspiracy"],
                ["spy", "shapeshifter", "ambush"]],
    # rounds 1 to 4: Bot 1's Soldier, your Lord, Bot 2's Lord, your Spy left face down once, Bot 1's Archer
    "queue": [_card(1, "soldier"), _card(0, "lord"), _card(2, "lord"), _card(0, "spy", False, 1), _card(1, "archer")],
    "discard": [["archer", "assassination"], ["decree", "ambush"], ["soldier", "decree", "assassination"]],
    "ip": [5, 5, 4],
    "log": [{"key": "round", "params": {"round": 5, "first": 0}}],
}

# a bot's answer is played at once, so what it did is told by the note of the read step after it
STEPS = (
    Step("theme", "queue"),
    Step("goal", "seat:1"),
    Step("late", "queue"),
    Step("place_end", _R, expect={"type": "place", "card": "soldier", "at": "right"}),
    Step(None, "seat:1", bot={"type": "place", "card": "lord", "at": "left"}),
    Step(None, "seat:2", bot={"type": "place", "card": "heir", "at": "right"}),
    Step("bots_place", "queue"),
    Step(None, "queue", bot={"type": "reveal"}),
    Step("resolve", "queue"),
    Step(None, "queue", bot={"type": "target", "pos": 2}),
    Step("soldier", "queue"),
    Step("reveal", _R, expect={"type": "reveal"}),
    Step("spy", _R, expect={"type": "spy", "seat": 2}),
    Step(None, "queue", bot={"type": "target", "pos": 6}),
    Step("archer", "queue"),
    Step("leave", _R, expect={"type": "leave"}),
    Step("round6", "seat:1"),
    Step(None, "seat:1", bot={"type": "place", "card": "assassination", "at": "left"}),
    Step(None, "seat:2", bot={"type": "place", "card": "conspiracy", "at": "right"}),
    Step("stack", _R, expect={"type": "place", "card": "ambush", "at": "stack", "pos": 4}),
    Step(None, "queue", bot={"type": "reveal"}),
    Step("assassination", "queue"),
    Step(None, "queue", bot={"type": "target", "pos": 4}),
    Step("ambush", "queue"),
    Step(None, "queue", bot={"type": "target", "pos": 2}),
    Step(None, "queue", bot={"type": "target", "pos": 5}),
    Step("last_archer", "queue"),
    Step("last_reveal", _R, expect={"type": "reveal"}),
    Step("end", "seat:0"),
)

TUTORIAL = Tutorial(game_id="oriflamme", num_players=3, deal=DEAL, steps=STEPS)
