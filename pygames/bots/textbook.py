"""A textbook information-set MCTS: the arena's yardstick for the hard bot (issue 40), not a level.

What a reader of the ISMCTS papers would write from the engine contract alone, with no game
knowledge: no heuristic, no prior, no weighted deals, no pruning, no evaluation function.

- **Determinizations from the searcher's view only.** Each iteration deals what the searching seat
  cannot see with ``game.sample_state(view, seat, rng)``.
- **Every seat searched in its own information sets.** Each seat has its own tree. A node of seat
  ``s`` is one of ``s``'s decisions as ``s`` knows it: the first is keyed by ``s``'s view of the deal
  (without the public log, which every deal shares, but with what the log told ``s`` alone) and its
  legal actions, each later one by what ``s``
  observed since its previous decision (the log entries it may see) and its legal actions then. The
  seat to move picks by UCB1 over its own node's actions, counting the times an action was
  *available* (different deals allow different actions), and maximises its own reward; an untried
  action is expanded (one per iteration), and the iteration goes on by random playout.
- **Uniform random playouts to the end of the game**; each seat's nodes on the path get that seat's
  share of the win (1 / number of winners, 0 otherwise).
- **The move**: the searcher's most visited first action.
- **Budgets**: ``iterations`` and/or ``cpu_seconds`` of processor time (``time.process_time``) per
  decision, whichever ends first; with ``cpu_seconds=None`` a decision is a function of the seed,
  the view and the legal actions.

A consequence of the textbook design, kept on purpose: the other seats' trees only ever meet deals
in which the searcher holds its real cards, so their statistics know those cards (the searcher is
pessimistic about bluffing). That is the published algorithm's weakness, not ours to fix here.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any

from ..core import Action, Game, View
from . import Bot
from .ismcts import Node, action_key, observation, rank_rewards, seat_key_prefix, select, win_share

#: the settings and their defaults; keyword arguments of ``make_bot("textbook", seed, ...)`` override them
TEXTBOOK_DEFAULTS: dict[str, Any] = {
    "iterations": 1000,
    "cpu_seconds": None,    # processor seconds per decision (time.process_time); None: iterations only
    "exploration": 0.7,     # UCB1's constant for rewards in [0, 1], as in the ISMCTS papers
}
#: a random playout longer than this is cut and scored by the rank of the scores (no game here comes
#: near it: random games last 10-300 actions; the cap only guards the page from a game that never ends)
PLAYOUT_CAP = 20000


def textbook_settings(overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The textbook search's settings: TEXTBOOK_DEFAULTS < ``overrides``; ValueError for unknown
    keys or no budget at all."""
    settings = dict(TEXTBOOK_DEFAULTS)
    settings.update(overrides or {})
    unknown = set(settings) - set(TEXTBOOK_DEFAULTS)
    if unknown:
        raise ValueError(f"unknown textbook search settings: {', '.join(sorted(unknown))}")
    if settings["iterations"] is None and settings["cpu_seconds"] is None:
        raise ValueError("give the textbook search an iteration or a CPU time budget")
    return settings


class TextbookBot(Bot):
    """Multiple trees, one per seat, over each seat's information sets; see the module's docstring."""

    level = "textbook"

    def __init__(self, seed: int | str = 0, **settings: Any) -> None:
        super().__init__(seed)
        self.settings = textbook_settings(settings)
        self.last_iterations = 0
        self.last_stats: list[dict[str, Any]] = []
        #: the last search's trees, one per seat (for tests and for a look at what it searched)
        self.last_trees: list[Node] = []

    def think(self, game: Game, view: View, legal: list[Action], seat: int) -> Generator[None, None, Action]:
        if len(legal) == 1:
            return legal[0]
        settings = self.settings
        iterations, budget = settings["iterations"], settings["cpu_seconds"]
        keys = [action_key(a) for a in legal]
        trees = [Node() for _ in range(int(view["num_players"]))]
        started = time.process_time()
        done = 0
        while iterations is None or done < iterations:
            if budget is not None and time.process_time() - started >= budget:
                break
            self._iterate(game, view, seat, trees)
            done += 1
            yield None
        self.last_iterations = done
        self.last_trees = trees
        root = trees[seat].after.get(observation([], seat, keys))
        children = root.children if root is not None else {}
        visits = [children[k].visits if k in children else 0 for k in keys]
        best = max(range(len(legal)), key=lambda i: visits[i])  # the first of equals: deterministic
        self.last_stats = [{"action": legal[i], "visits": visits[i],
                            "value": children[k].total / children[k].visits if visits[i] else None}
                           for i, k in enumerate(keys)]
        return legal[best]

    def _iterate(self, game: Game, view: View, seat: int, trees: list[Node]) -> None:
        state = game.sample_state(view, seat, self.rng.fork())
        log = state.get("log", [])
        start = len(log)
        n = len(trees)
        # each seat's place in its own tree: the node below which its next decision hangs, where its
        # observations since then start in the log, and (before its first decision) what it knows of
        # the deal; the searcher's view is the same in every deal, so its prefix is empty
        nodes = list(trees)
        marks = [start] * n
        prefixes = [""] * n
        for other in range(n):
            if other != seat:
                prefixes[other] = seat_key_prefix(game, state, other, seat)
        paths: list[list[Node]] = [[] for _ in range(n)]
        rng = self.rng
        c = self.settings["exploration"]
        expanded = False
        while not expanded and not game.is_over(state):
            mover = game.current_player(state)
            assert mover is not None  # not over
            actions = game.simulation_actions(state)
            keys = [action_key(a) for a in actions]
            seen = prefixes[mover] + observation(log[marks[mover]:], mover, keys)
            prefixes[mover] = ""
            node = nodes[mover].after.get(seen)
            if node is None:
                node = nodes[mover].after[seen] = Node()
            pick = select(node, keys, rng, c)
            if pick < 0:  # an untried action: expand it, then play out
                index = -1 - pick
                child = node.children[keys[index]] = Node()
                child.available = 1
                expanded = True
            else:
                index = pick
                child = node.children[keys[index]]
            marks[mover] = len(log)
            game.advance(state, actions[index])
            log = state.get("log", log)
            paths[mover].append(child)
            nodes[mover] = child
        rewards = self._playout(game, state, n)
        for other in range(n):
            reward = rewards[other]
            for visited in paths[other]:
                visited.visits += 1
                visited.total += reward

    def _playout(self, game: Game, state: dict, n: int) -> list[float]:
        """Uniform random actions to the end of the game; each seat's share of the win."""
        rng = self.rng
        for _ in range(PLAYOUT_CAP):
            if game.is_over(state):
                winners = game.winners(state)
                return [win_share(winners, s) for s in range(n)]
            actions = game.simulation_actions(state)
            game.advance(state, actions[rng.randbelow(len(actions))] if len(actions) > 1 else actions[0])
        return rank_rewards(list(game.scores(state)))
