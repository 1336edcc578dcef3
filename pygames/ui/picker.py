"""Turning a list of legal actions into clicks.

Each game's render module says how an action is clicked: ``action_steps(action,
view)`` gives a path of step keys (for Coup's steal: ``["act:steal",
"seat:2"]``). A render module may also offer ``other_steps(action, view)``: more
paths for the same action, such as the same two clicks in the other order (Koryo's
Ship Owner pair). After the clicks made so far (the prefix), the choices offered
are the distinct next keys; a click that completes a path plays its action.
Paths must be unique and none may be a prefix of another.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from ..core import Action, IllegalAction, View

StepsFn = Callable[[Action, View], list[str]]
OtherStepsFn = Callable[[Action, View], list[list[str]]]


class Picker:
    def __init__(self, legal: list[Action], view: View, steps: StepsFn,
                 other_steps: OtherStepsFn | None = None) -> None:
        self.legal = legal
        self.paths = [tuple(steps(a, view)) for a in legal]  # the main path of each action
        # (path, index of its action): every main path first (their order sets the order of
        # the choices), then the other orders of the same clicks
        self.routes: list[tuple[tuple[str, ...], int]] = [(path, i) for i, path in enumerate(self.paths)]
        if other_steps is not None:
            for i, action in enumerate(legal):
                known = {self.paths[i]}
                for other in other_steps(action, view):
                    path = tuple(other)
                    if path not in known:
                        known.add(path)
                        self.routes.append((path, i))
        self.prefix: list[str] = []
        check_paths([path for path, _ in self.routes])

    def options(self) -> list[str]:
        """Next step keys after the current prefix, in the order of the legal actions."""
        depth = len(self.prefix)
        prefix = tuple(self.prefix)
        seen: list[str] = []
        for path, _ in self.routes:
            if len(path) > depth and path[:depth] == prefix and path[depth] not in seen:
                seen.append(path[depth])
        return seen

    def click(self, key: str) -> Action | None:
        """Take one step. Returns the action when the path is complete, else None."""
        if key not in self.options():
            raise ValueError(f"{key!r} is not a choice now")
        self.prefix.append(key)
        done = tuple(self.prefix)
        for path, index in self.routes:
            if path == done:
                return self.legal[index]
        return None

    def next_step(self, action: Action) -> str | None:
        """The next click toward ``action`` after the clicks made so far (None when they lead elsewhere)."""
        depth = len(self.prefix)
        prefix = tuple(self.prefix)
        for path, index in self.routes:
            if self.legal[index] == action and len(path) > depth and path[:depth] == prefix:
                return path[depth]
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


def game_picker(legal: list[Action], view: View, render: ModuleType) -> Picker:
    """The picker of a seat's decision, with the click paths of the game's ``render`` module."""
    return Picker(legal, view, render.action_steps, getattr(render, "other_steps", None))


def take_click(picker: Picker | None, key: str, nobody: str) -> Action | None:
    """A click of the person to decide, as a table takes it: the completed action or None, and
    IllegalAction (``nobody`` when no one here is to decide) for a click that is not a choice now."""
    if picker is None:
        raise IllegalAction(nobody)
    try:
        return picker.click(key)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
