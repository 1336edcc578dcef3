"""Information-set Monte Carlo tree search (single observer), for every game.

The bot never receives the true state, only its view. Each iteration deals a
fresh determinization of what it cannot see (the game bot's ``determinize``
hook if it has one, e.g. Coup's, which weighs deals by the claims made so far;
else ``game.sample_state(view, seat, rng)``), walks one shared tree, adds one
node, plays out with the game's rollout policy, and backs up the bot's reward.

The tree holds the bot's *information sets*: a node is a decision of the bot;
its children are the bot's actions (UCB over the times an action was
*available*, since different deals allow different actions), and below an
action the next decision is keyed by what the bot observes in between (the
log entries it may see, and its legal actions then). So the bot plans its
later answers to what it will have seen, never to the hidden cards of a deal.

Opponents are modelled, not searched: inside the tree an opponent's decision
is taken by the game's heuristic on *that opponent's view* of the
determinization (``opponent_model="heuristic"``) or by the game's cheaper
playout policy (``"rollout"``), with a little noise. Searching opponents'
decisions on the determinized cards would let them act on cards they cannot
see, including the bot's own real hand, so the search would learn, for
example, never to bluff in Coup.

The first decision's actions get a progressive bias from the game's heuristic
(``prior_weight * prior / (visits + 1)``). Rewards are in [0, 1]: a finished
game gives 1 / (number of winners) to each winner; a playout cut at
``rollout_depth`` actions is scored by the game bot's ``evaluate(game, state)``
if it has one, else by the rank of the scores.

Budgets: ``iterations`` (deterministic, for tests and the arena) and/or
``max_seconds`` (wall clock, for the browser); the search stops at whichever
comes first. Per-game defaults come from the game bot module's ``HARD`` dict
(see ``settings_for``); explicit keyword arguments override them.
"""

from __future__ import annotations

import importlib
import json
import math
import time
from typing import Any, Callable, Generator

from ..core import Action, Game, Rng, View
from . import Bot, best_index, heuristic_scores

#: defaults for every game; a game bot's ``HARD`` dict overrides them, keyword arguments override both
DEFAULTS: dict[str, Any] = {
    "iterations": 300,
    "max_seconds": 0.8,     # wall clock: about 1 s in the browser, whatever the device
    "exploration": 0.7,
    "rollout_depth": 80,
    "prior_weight": 1.0,
    "opponent_model": "heuristic",
    "opponent_noise": 0.1,
}
OPPONENT_MODELS = ("heuristic", "rollout")


def action_key(action: Action) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def game_bot(game: Game) -> Any:
    """The game's bot module (heuristics and hooks), or None."""
    try:
        return importlib.import_module(f"pygames.games.{game.id}.bot")
    except ImportError:
        return None


def settings_for(game: Game, overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The hard bot's settings for ``game``: DEFAULTS < the game bot's HARD < ``overrides``."""
    settings = dict(DEFAULTS)
    settings.update(getattr(game_bot(game), "HARD", {}) or {})
    settings.update(overrides or {})
    unknown = set(settings) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown hard bot settings: {', '.join(sorted(unknown))}")
    if settings["opponent_model"] not in OPPONENT_MODELS:
        raise ValueError(f"opponent_model is one of {', '.join(OPPONENT_MODELS)}")
    if settings["iterations"] is None and settings["max_seconds"] is None:
        raise ValueError("give the hard bot an iteration or a time budget")
    return settings


class Node:
    """An action of the bot at one of its information sets (the root has no action).

    ``after`` maps an observation key to the bot's next decision node."""

    __slots__ = ("children", "after", "visits", "available", "total")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.after: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


def rank_rewards(scores: list[float]) -> list[float]:
    """Each seat's share of the others it beats (ties count half): 1 = alone in front."""
    n = len(scores)
    if n < 2:
        return [1.0] * n
    return [(sum(1.0 for t in scores if t < s) + 0.5 * (sum(1.0 for t in scores if t == s) - 1)) / (n - 1)
            for s in scores]


def _visible(entries: list[dict], seat: int) -> list[dict]:
    return [e for e in entries if e.get("to") is None or seat in e["to"]]


class IsmctsBot(Bot):
    level = "hard"

    def __init__(self, seed: int | str = 0, **settings: Any) -> None:
        super().__init__(seed)
        unknown = set(settings) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"unknown hard bot settings: {', '.join(sorted(unknown))}")
        self.overrides = settings
        self.last_stats: list[dict[str, Any]] = []
        self.last_iterations = 0

    # --------------------------------------------------------------- policies
    def _rewards(self, game: Game, module: Any, state: dict, seat: int) -> float:
        if game.is_over(state):
            winners = game.winners(state)
            if not winners:
                return 0.5
            return 1.0 / len(winners) if seat in winners else 0.0
        evaluate = getattr(module, "evaluate", None)
        if evaluate is not None:
            return evaluate(game, state)[seat]
        return rank_rewards(list(game.scores(state)))[seat]

    def _rollout(self, game: Game, module: Any, state: dict, rng: Rng, depth: int) -> None:
        policy: Callable[..., Action] | None = getattr(module, "rollout", None)
        for _ in range(depth):
            if game.is_over(state):
                return
            legal = game.legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            elif policy is not None:
                action = policy(game, state, legal, rng)
            else:
                action = legal[rng.randbelow(len(legal))]
            game.advance(state, action)

    def _opponent_action(self, game: Game, module: Any, state: dict, legal: list[Action], mover: int,
                         settings: dict[str, Any]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if module is None or self.rng.random() < settings["opponent_noise"]:
            return legal[self.rng.randbelow(len(legal))]
        if settings["opponent_model"] == "rollout" and getattr(module, "rollout", None) is not None:
            return module.rollout(game, state, legal, self.rng)
        scores = module.scores(game.view(state, mover), legal, mover, self.rng)
        return legal[best_index(list(scores), self.rng)]

    def _priors(self, game: Game, view: View, legal: list[Action], seat: int) -> dict[str, float]:
        """The game's heuristic, squashed to [0, 1], as a progressive bias at the root."""
        try:
            scores = heuristic_scores(game, view, legal, seat, self.rng.fork())
        except ImportError:
            return {}
        low, high = min(scores), max(scores)
        span = (high - low) or 1.0
        return {action_key(a): (s - low) / span for a, s in zip(legal, scores)}

    def _determinize(self, game: Game, module: Any, view: View, seat: int) -> dict:
        hook = getattr(module, "determinize", None)
        if hook is not None:
            return hook(game, view, seat, self.rng.fork())
        return game.sample_state(view, seat, self.rng.fork())

    # --------------------------------------------------------------- search
    def think(self, game: Game, view: View, legal: list[Action], seat: int) -> Generator[None, None, Action]:
        if len(legal) == 1:
            return legal[0]
        settings = settings_for(game, self.overrides)
        module = game_bot(game)
        root = Node()
        root_keys = [action_key(a) for a in legal]
        priors = self._priors(game, view, legal, seat) if settings["prior_weight"] else {}
        started = time.perf_counter()
        iterations, max_seconds = settings["iterations"], settings["max_seconds"]
        done = 0
        while iterations is None or done < iterations:
            if max_seconds is not None and time.perf_counter() - started >= max_seconds:
                break
            self._iterate(game, module, view, seat, legal, root_keys, root, priors, settings)
            done += 1
            yield None
        self.last_iterations = done
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

    def _select(self, node: Node, keys: list[str], priors: dict[str, float] | None,
                settings: dict[str, Any]) -> int | None:
        """Index of the action to follow from ``node`` (None: every available one is expanded, see
        the caller), counting availability for UCB."""
        untried = []
        for index, key in enumerate(keys):
            child = node.children.get(key)
            if child is None:
                untried.append(index)
            else:
                child.available += 1
        if untried:
            return -1 - untried[self.rng.randbelow(len(untried))]
        c = settings["exploration"]
        weight = settings["prior_weight"]
        best_value = -1.0
        best = 0
        for index, key in enumerate(keys):
            child = node.children[key]
            value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if priors:
                value += weight * priors.get(key, 0.0) / (child.visits + 1)
            if value > best_value:
                best_value, best = value, index
        return best

    def _iterate(self, game: Game, module: Any, view: View, seat: int, legal: list[Action],
                 keys: list[str], root: Node, priors: dict[str, float], settings: dict[str, Any]) -> None:
        state = self._determinize(game, module, view, seat)
        node = root
        path: list[Node] = []
        expanded = False
        mark = len(state.get("log", ()))
        depth = settings["rollout_depth"]
        first = True
        while True:
            if not first:
                if game.is_over(state):
                    break
                mover = game.current_player(state)
                legal = game.legal_actions(state)
                if mover != seat:
                    game.advance(state, self._opponent_action(game, module, state, legal, mover, settings))
                    depth -= 1
                    continue
                keys = [action_key(a) for a in legal]
                log = state.get("log", [])
                seen = _visible(log[mark:], seat)
                observed = json.dumps(seen, sort_keys=True, separators=(",", ":")) + "#" + "|".join(keys)
                following = node.after.get(observed)
                if following is None:
                    following = node.after[observed] = Node()
                node = following
            first = False
            pick = self._select(node, keys, priors if node is root else None, settings)
            if pick < 0:  # an untried action: expand it, then play out
                index = -1 - pick
                child = node.children[keys[index]] = Node()
                child.available = 1
                expanded = True
            else:
                index = pick
                child = node.children[keys[index]]
            game.advance(state, legal[index])
            path.append(child)
            node = child
            mark = len(state.get("log", ()))
            if expanded:
                break
        if expanded:
            self._rollout(game, module, state, self.rng, max(0, depth))
        reward = self._rewards(game, module, state, seat)
        for visited in path:
            visited.visits += 1
            visited.total += reward
