"""Turning a list of legal actions into clicks.

Each game's render module says how an action is clicked: ``action_steps(action,
view)`` gives a path of step keys (for Coup's steal: ``["act:steal",
"seat:2"]``). After the clicks made so far (the prefix), the choices offered
are the distinct next keys; a click that completes exactly one action's path
plays it. Paths must be unique and none may be a prefix of another.
"""

from __future__ import annotations

from typing import Callable

from ..core import Action, View

StepsFn = Callable[[Action, View], list[str]]


class Picker:
    def __init__(self, legal: list[Action], view: View, steps: StepsFn) -> None:
        self.legal = legal
        self.paths = [tuple(steps(a, view)) for a in legal]
        self.prefix: list[str] = []
        check_paths(self.paths)

    def options(self) -> list[str]:
        """Next step keys after the current prefix, in the order of the legal actions."""
        depth = len(self.prefix)
        seen: list[str] = []
        for path in self.paths:
            if list(path[:depth]) == self.prefix and len(path) > depth and path[depth] not in seen:
                seen.append(path[depth])
        return seen

    def click(self, key: str) -> Action | None:
        """Take one step. Returns the action when the path is complete, else None."""
        if key not in self.options():
            raise ValueError(f"{key!r} is not a choice now")
        self.prefix.append(key)
        for action, path in zip(self.legal, self.paths):
            if list(path) == self.prefix:
                return action
        return None

    def back(self) -> None:
        if self.prefix:
            self.prefix.pop()

    def can_go_back(self) -> bool:
        return bool(self.prefix)


def check_paths(paths: list[tuple[str, ...]]) -> None:
    """Paths must be non-empty, unique, and none a prefix of another."""
    as_set = set(paths)
    if len(as_set) != len(paths):
        raise ValueError("two legal actions have the same click path")
    for path in paths:
        if not path:
            raise ValueError("an action has an empty click path")
        for cut in range(1, len(path)):
            if path[:cut] in as_set:
                raise ValueError(f"click path {path[:cut]} is a prefix of {path}")
