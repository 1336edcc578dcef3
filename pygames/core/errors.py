"""Errors raised through the engine contract."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not legal now. The state it was applied to is unchanged."""


class SetupError(ValueError):
    """Bad arguments to ``new_game``: player count, seed or options."""


class RecordError(ValueError):
    """A saved game or state dict that cannot be loaded."""
