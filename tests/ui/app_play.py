"""Driving an App in tests without a browser: a bot's turn thought out and played at once."""

from __future__ import annotations

from pygames.ui.app import App


def bot_move(app: App) -> None:
    """Run the bot's thinking (the page's idle-time steps) to its end and play its action."""
    thinking = app.bot_thinking()
    try:
        while True:
            next(thinking)
    except StopIteration as done:
        app.bot_played(done.value)
