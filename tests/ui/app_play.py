"""Driving an App in tests without a browser: a bot's turn (or a hint) thought out at once."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

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
