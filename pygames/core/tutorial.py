"""Guided first games ("Learn to play"): a tutorial is an ordinary game started from a fixed,
hand-made deal, with a script of steps that says what the player is asked to do and what the
bots answer. No rules code path is special: the deal is loaded like a save (``Game.from_dict``,
so the game's one state check validates it) and every step is an ordinary ``Game.apply``.

A game's tutorial is data in ``pygames/games/<id>/tutorial.py``: ``TUTORIAL = Tutorial(...)``;
its notes are keys of the game's text module (``TUTORIAL_NOTES``), in English and Japanese.

Because every move of a tutorial is scripted, the position is a function of the step reached:
``position(tutorial, step)`` replays the script up to there. That is what "resume where you left"
stores (the tutorial's id and the step number), and "play on against the bots" continues an
ordinary game from ``position``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction, RecordError
from .game import Game, strict_equal

#: games that have a finished tutorial (a game not listed shows no "Learn to play")
TUTORIAL_GAMES: tuple[str, ...] = ("coup", "koryo", "oriflamme", "tournay", "houses")


@dataclass(frozen=True)
class Step:
    """One step of a script.

    ``note``: the text key of the note shown (None: no note, a bot answer played without comment);
    ``anchor``: what the note points at, a name the game's table knows ("seat:1", "hand", "coins",
    "prompt", "choice:<action type>", "log"); ``expect``: the action the player is asked for (the
    step waits for it); ``bot``: the scripted answer of the bot that decides now. A step with
    neither is a note the player reads and dismisses ("Next")."""

    note: str | None = None
    anchor: str = "prompt"
    expect: dict | None = None
    bot: dict | None = None

    @property
    def kind(self) -> str:
        if self.expect is not None:
            return "act"
        if self.bot is not None:
            return "bot"
        return "read"


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial: the deal (state keys laid over a fresh game's first state, then checked
    by the game's state check), the player's seat, and the steps."""

    game_id: str
    num_players: int
    deal: dict[str, Any]
    steps: tuple[Step, ...]
    human: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> Game:
        from .. import get_game
        return get_game(self.game_id)


def get_tutorial(game_id: str) -> Tutorial:
    """The tutorial of ``game_id``; ValueError for a game without a finished one."""
    if game_id not in TUTORIAL_GAMES:
        raise ValueError(f"no tutorial for {game_id!r}; tutorials: {', '.join(TUTORIAL_GAMES)}")
    module = importlib.import_module(f"pygames.games.{game_id}.tutorial")
    tutorial: Tutorial = module.TUTORIAL
    return tutorial


def start_state(tutorial: Tutorial) -> dict:
    """The deal as a state: a fresh game's first state with the deal's keys laid over it (a dict
    value is merged one level deep, e.g. the options' "no_shuffle"), loaded like a save so that the
    game's state check refuses a deal that does not add up (RecordError)."""
    game = tutorial.game
    state = game.new_game(tutorial.num_players, seed=0, options=tutorial.options or None)
    for key, value in tutorial.deal.items():
        if key not in state:
            raise RecordError(f"the deal sets {key!r}, which the game's state does not have")
        if isinstance(value, dict) and isinstance(state[key], dict):
            state[key] = {**state[key], **value}
        else:
            state[key] = value
    return game.from_dict(game.to_dict(state))


def position(tutorial: Tutorial, step: int) -> dict:
    """The state once the first ``step`` steps are done (every scripted action applied)."""
    if not 0 <= step <= len(tutorial.steps):
        raise ValueError(f"step {step} is not in 0..{len(tutorial.steps)}")
    game = tutorial.game
    state = start_state(tutorial)
    for s in tutorial.steps[:step]:
        action = s.expect if s.expect is not None else s.bot
        if action is not None:
            state = game.apply(state, action)
    return state


def check_step(tutorial: Tutorial, state: dict, index: int) -> None:
    """Raise ValueError if step ``index`` does not fit ``state``: an action step whose seat is not
    the one to decide, or whose action is not legal; a read step at the game's end is allowed."""
    step = tutorial.steps[index]
    game = tutorial.game
    if step.kind == "read":
        return
    seat = game.current_player(state)
    if seat is None:
        raise ValueError(f"step {index}: the game is over, nothing to play")
    if step.kind == "act" and seat != tutorial.human:
        raise ValueError(f"step {index}: asks the player to act but seat {seat} decides")
    if step.kind == "bot" and seat == tutorial.human:
        raise ValueError(f"step {index}: a bot answer where the player decides")
    action = step.expect if step.expect is not None else step.bot
    if not any(strict_equal(action, a) for a in game.legal_actions(state)):
        raise ValueError(f"step {index}: {action} is not legal here")


def matches(step: Step, action: dict) -> bool:
    """Whether ``action`` is the move ``step`` asks for."""
    return step.expect is not None and strict_equal(step.expect, action)


def advance(tutorial: Tutorial, state: dict, index: int, action: dict | None = None) -> dict:
    """Play step ``index`` on ``state``: a read step changes nothing; an action step needs
    ``action`` equal to the one asked (IllegalAction otherwise, with the note's key as the
    reason); a bot step plays the scripted answer."""
    step = tutorial.steps[index]
    if step.kind == "read":
        return state
    if step.kind == "act":
        if action is None or not matches(step, action):
            raise IllegalAction(f"the tutorial asks for {step.expect} here")
        assert step.expect is not None
        return tutorial.game.apply(state, step.expect, seat=tutorial.human)
    assert step.bot is not None
    return tutorial.game.apply(state, step.bot)
