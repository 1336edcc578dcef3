"""Information-set Monte Carlo tree search (single observer), for every game.

Each iteration deals a fresh determinization of what the bot cannot see
(``game.sample_state(view, seat, rng)``), walks one shared tree of action
sequences with UCB (counting how often an action was *available*, since
different deals allow different actions), adds one node, plays out with the
game's rollout policy, and backs up each seat's reward at the nodes where that
seat chose. The bot never receives the true state: only its view.

Opponents are modelled, not searched (``opponent_model="heuristic"``, the
default): inside the tree an opponent's decision is taken by the game's
heuristic on *that opponent's view* of the determinization, with a little
noise. Searching opponents' decisions too would let them act on the
determinized cards, including the bot's own real hand, so the search would
learn, for example, never to bluff in Coup. With ``"search"``, every seat's
decisions are nodes of the tree (plain SO-ISMCTS).

Rewards are in [0, 1]: a finished game gives 1 / (number of winners) to each
winner; a playout cut at ``rollout_depth`` is scored by the game's
``bot.evaluate(game, state)`` if it has one, else by the rank of the scores.
"""

from __future__ import annotations

import importlib
import json
import math
import time
from typing import Any, Callable, Generator

from ..core import Action, Game, Rng, View
from . import Bot, best_index, heuristic_scores

DEFAULT_ITERATIONS = 300
SLICE_ITERATIONS = 8  # iterations between yields (keeps each browser slice short)


def action_key(action: Action) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


class Node:
    __slots__ = ("children", "visits", "available", "total", "mover")

    def __init__(self, mover: int | None) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.mover = mover  # the seat that chose the action leading here


def rank_rewards(scores: list[float]) -> list[float]:
    """Each seat's share of the others it beats (ties count half): 1 = alone in front."""
    n = len(scores)
    if n < 2:
        return [1.0] * n
    return [(sum(1.0 for t in scores if t < s) + 0.5 * (sum(1.0 for t in scores if t == s) - 1)) / (n - 1)
            for s in scores]


class IsmctsBot(Bot):
    level = "hard"

    def __init__(self, seed: int | str = 0, iterations: int | None = DEFAULT_ITERATIONS,
                 max_seconds: float | None = None, exploration: float = 0.7,
                 rollout_depth: int = 80, prior_weight: float = 1.0,
                 opponent_model: str = "heuristic", opponent_noise: float = 0.1) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.max_seconds = max_seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.prior_weight = prior_weight
        if opponent_model not in ("heuristic", "search"):
            raise ValueError("opponent_model is 'heuristic' or 'search'")
        self.opponent_model = opponent_model
        self.opponent_noise = opponent_noise
        self.last_stats: list[dict[str, Any]] = []

    # --------------------------------------------------------------- policies
    def _game_bot(self, game: Game) -> Any:
        try:
            return importlib.import_module(f"pygames.games.{game.id}.bot")
        except ImportError:
            return None

    def _rewards(self, game: Game, module: Any, state: dict) -> list[float]:
        if game.is_over(state):
            winners = game.winners(state)
            n = game.num_players(state)
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)] if winners else [0.5] * n
        evaluate = getattr(module, "evaluate", None)
        if evaluate is not None:
            return list(evaluate(game, state))
        return rank_rewards(list(game.scores(state)))

    def _rollout(self, game: Game, module: Any, state: dict, rng: Rng) -> None:
        policy: Callable[..., Action] | None = getattr(module, "rollout", None)
        for _ in range(self.rollout_depth):
            if game.is_over(state):
                return
            legal = game.legal_actions(state)
            action = policy(game, state, legal, rng) if policy else legal[rng.randbelow(len(legal))]
            game.advance(state, action)

    # --------------------------------------------------------------- search
    def think(self, game: Game, view: View, legal: list[Action], seat: int) -> Generator[None, None, Action]:
        if len(legal) == 1:
            return legal[0]
        module = self._game_bot(game)
        root = Node(None)
        root_keys = [action_key(a) for a in legal]
        priors = self._priors(game, view, legal, seat)
        started = time.perf_counter()
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if self.max_seconds is not None and time.perf_counter() - started >= self.max_seconds:
                break
            self._iterate(game, module, view, seat, root, priors)
            done += 1
            if done % SLICE_ITERATIONS == 0:
                yield None
        best = max(range(len(legal)), key=lambda i: (
            root.children[root_keys[i]].visits if root_keys[i] in root.children else -1,
            priors.get(root_keys[i], 0.0)))
        self.last_stats = [
            {"action": legal[i],
             "visits": root.children[k].visits if k in root.children else 0,
             "value": (root.children[k].total / root.children[k].visits)
             if k in root.children and root.children[k].visits else None}
            for i, k in enumerate(root_keys)]
        return legal[best]

    def _opponent_action(self, game: Game, state: dict, legal: list[Action], mover: int) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.opponent_noise:
            return legal[self.rng.randbelow(len(legal))]
        try:
            scores = heuristic_scores(game, game.view(state, mover), legal, mover, self.rng)
        except ImportError:
            return legal[self.rng.randbelow(len(legal))]
        return legal[best_index(scores, self.rng)]

    def _priors(self, game: Game, view: View, legal: list[Action], seat: int) -> dict[str, float]:
        """The game's heuristic, squashed to [0, 1], as a progressive bias at the root."""
        try:
            scores = heuristic_scores(game, view, legal, seat, self.rng.fork())
        except ImportError:
            return {}
        low, high = min(scores), max(scores)
        span = (high - low) or 1.0
        return {action_key(a): (s - low) / span for a, s in zip(legal, scores)}

    def _iterate(self, game: Game, module: Any, view: View, seat: int, root: Node,
                 priors: dict[str, float]) -> None:
        state = game.sample_state(view, seat, self.rng.fork())
        node = root
        path: list[Node] = []
        while not game.is_over(state):
            mover = game.current_player(state)
            legal = game.legal_actions(state)
            if mover != seat and self.opponent_model == "heuristic":
                game.advance(state, self._opponent_action(game, state, legal, mover))
                continue
            keys = [action_key(a) for a in legal]
            untried = []
            for index, key in enumerate(keys):
                child = node.children.get(key)
                if child is None:
                    untried.append(index)
                else:
                    child.available += 1
            if untried:
                index = untried[self.rng.randbelow(len(untried))]
                child = Node(mover)
                child.available = 1
                node.children[keys[index]] = child
                game.advance(state, legal[index])
                path.append(child)
                break
            log_total = None
            best_value = -1.0
            best_index = 0
            for index, key in enumerate(keys):
                child = node.children[key]
                log_total = math.log(child.available)
                value = child.total / child.visits + self.exploration * math.sqrt(log_total / child.visits)
                if node is root and priors:
                    value += self.prior_weight * priors.get(key, 0.0) / (child.visits + 1)
                if value > best_value:
                    best_value, best_index = value, index
            node = node.children[keys[best_index]]
            game.advance(state, legal[best_index])
            path.append(node)
        self._rollout(game, module, state, self.rng)
        rewards = self._rewards(game, module, state)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.total += rewards[visited.mover]
