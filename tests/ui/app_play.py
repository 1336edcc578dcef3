"""Driving an App in tests without a browser: a bot's turn (or a hint) thought out at once."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from pygames.core import Rng
from pygames.ui.app import App


def thought(steps: Generator[Any, Any, Any]) -> Any:
    """Run a thinking generator (a bot's move, a hint) to its end, as the page does in idle-time
    slices; returns what it gives back."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def bot_move(app: App) -> None:
    """Run the bot's thinking to its end and play its action."""
    app.bot_played(thought(app.bot_thinking()))


def random_step(app: App, rng: Rng) -> bool:
    """One step of a table played as a person clicking at random: the bot's move, the privacy
    screen passed, or a random click of the human's (then True)."""
    phase = app.phase()
    if phase == "bot":
        bot_move(app)
        return False
    if phase == "privacy":
        app.action("reveal")
        return False
    options = list(app.session.picker().options())
    app.choose(options[rng.randbelow(len(options))])
    return True
