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

Opponents are modelled by default: inside the tree an opponent's decision
is taken by the game's heuristic on *that opponent's view* of the
determinization (``opponent_model="heuristic"``) or by the game's cheaper
playout policy (``"rollout"``), with a little noise. Searching opponents'
decisions on the determinized cards would let them act on cards they cannot
see, including the bot's own real hand, so the search would learn, for
example, never to bluff in Coup. With ``opponent_model="searched"`` each
opponent chooses by UCB in a tree of *its own* information sets (keyed as the
textbook search keys them, by what that opponent knows: ``seat_key_prefix``
and its observations), with the heuristic on its view as a prior worth
``opponent_prior`` visits, and its statistics are backed up with its own
reward; so an opponent that deviates from the heuristic where that pays is
expected. Its statistics still come from deals in which the bot holds its
real cards (the textbook search's weakness too); the prior tempers that.

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
from collections.abc import Callable, Generator
from typing import Any

from ..core import Action, Game, Rng, View, clone
from . import Bot, best_index

#: defaults for every game; a game bot's ``HARD`` dict overrides them, keyword arguments override both
DEFAULTS: dict[str, Any] = {
    "iterations": 300,
    "max_seconds": 0.8,     # wall clock: about 1 s in the browser, whatever the device
    "exploration": 0.7,
    "rollout_depth": 80,
    "prior_weight": 1.0,
    "opponent_model": "heuristic",
    "opponent_noise": 0.1,  # heuristic and rollout models only: a searched opponent explores by UCB
    "opponent_prior": 4.0,  # searched opponents: the heuristic's opinion (in [0, 1]) counts as this many visits
    "opponent_exploration": None,  # searched opponents' UCB constant (None: ``exploration``)
    "root_width": None,     # search only the heuristic's best N first actions (None: all)
    "reuse": True,          # start from the subtree the last search grew for this decision
    "root_mode": "tree",    # or "paired": flat Monte Carlo over the first actions, common random numbers
    "rollout_turns": None,  # cut playouts when the bot's turn has come round this often (the game
                            # bot's ``turn_start(state, seat)``), so that every line is judged at the
                            # same point of the turn order; ``rollout_depth`` still caps them
    "widen_k": None,        # progressive widening at every decision of the bot in the tree (None: off):
                            # a decision visited n times may try its heuristic's best
                            # int(widen_k * (n + 1) ** widen_alpha) actions, and ``rollout_depth``
                            # counts every action from the root (see ``IsmctsBot._iterate``)
    "widen_alpha": 0.5,
}
OPPONENT_MODELS = ("heuristic", "rollout", "searched")


#: the canonical JSON of the search's keys, made once: ``json.dumps`` with these arguments builds a
#: new encoder at every call, about half the cost of a key (keys are made at every tree node)
_KEYS = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


def action_key(action: Action) -> str:
    return _KEYS.encode(action)


def game_bot(game: Game) -> Any:
    """The game's bot module (heuristics and hooks), or None."""
    try:
        return importlib.import_module(f"pygames.games.{game.id}.bot")
    except ImportError:
        return None


def search_heuristic(module: Any) -> Callable[..., list[float]]:
    """The heuristic behind the hard bot's own first decision (priors, root width): the game bot's
    ``search_scores`` if it has one (a tuned variant of the normal bot's), else its ``scores``.
    Opponents inside the search are modelled with ``scores``, the heuristic of an ordinary player."""
    return getattr(module, "search_scores", None) or module.scores


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

    __slots__ = ("children", "after", "visits", "available", "total", "ranked", "priors")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.after: dict[str, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        #: with widening, a decision node's action indices best first by the search's heuristic, and
        #: that heuristic as priors (both worked out once, when the node is made)
        self.ranked: list[int] | None = None
        self.priors: dict[str, float] | None = None


class SeatNode(Node):
    """A searched opponent's decision at one of its information sets: ``children`` holds every
    action it has there (keyed as ``action_key``), ``heuristic`` the game's heuristic for each, in
    [0, 1], from that opponent's view."""

    __slots__ = ("heuristic",)

    def __init__(self, keys: list[str], heuristic: list[float]) -> None:
        super().__init__()
        self.heuristic = heuristic
        for key in keys:
            self.children[key] = Node()


def seat_key_prefix(game: Game, state: dict, other: int, searcher: int) -> str:
    """What seat ``other`` knows of a deal at the root of ``searcher``'s search, as the key prefix of
    its first information set there: its view of the deal without the public log (which every deal
    of one search shares) and the log entries shown to ``other`` but not to ``searcher`` (which the
    deal invented). Built from ``other``'s view only, so it holds nothing of the searcher's cards
    that ``other`` cannot see. The textbook search and the hard bot's searched opponents share it."""
    log = state.get("log", [])
    known = game.view(state, other)
    private = [e for e in log if "to" in e and other in e["to"] and searcher not in e["to"]]
    return _KEYS.encode([{k: v for k, v in known.items() if k != "log"}, private]) + "@"


class OpponentWalk:
    """One iteration's place of every searched opponent in its own tree: the node below which its
    next decision hangs, where its observations since then start in the log, the key prefix of
    what it knows of the deal (until its first decision), and the nodes it chose on the way."""

    __slots__ = ("nodes", "marks", "prefixes", "paths")

    def __init__(self, game: Game, state: dict, seat: int, trees: list[Node]) -> None:
        n = len(trees)
        start = len(state.get("log", ()))
        self.nodes = list(trees)
        self.marks = [start] * n
        self.prefixes = [seat_key_prefix(game, state, other, seat) if other != seat else "" for other in range(n)]
        self.paths: list[list[Node]] = [[] for _ in range(n)]


def select_with_prior(node: SeatNode, keys: list[str], exploration: float, weight: float) -> int:
    """Index of the action (of ``keys``, those available now, all children of ``node``) by UCB1
    where the prior counts as ``weight`` visits of its value: at a new node the heuristic's choice
    (ties: the first), then the search overrules it as the real rewards come in. With ``weight`` 0
    every untried action is tried first, best prior first."""
    best_value = (-math.inf, -math.inf)
    best = 0
    for index, key in enumerate(keys):
        child = node.children[key]
        child.available += 1
        prior = node.heuristic[index]
        seen = child.visits + weight
        if seen <= 0:
            value = math.inf
        else:
            value = (child.total + weight * prior) / seen + exploration * math.sqrt(math.log(child.available) / seen)
        if (value, prior) > best_value:  # equal values: the heuristic's choice
            best_value, best = (value, prior), index
    return best


def rank_rewards(scores: list[float]) -> list[float]:
    """Each seat's share of the others it beats (ties count half): 1 = alone in front."""
    n = len(scores)
    if n < 2:
        return [1.0] * n
    return [(sum(1.0 for t in scores if t < s) + 0.5 * (sum(1.0 for t in scores if t == s) - 1)) / (n - 1)
            for s in scores]


def observation(entries: list[dict], seat: int, keys: list[str]) -> str:
    """What the bot observed between two of its decisions: the new log entries it may see, and its
    legal actions now (the key of its next information set below an action)."""
    seen = [e for e in entries if e.get("to") is None or seat in e["to"]]
    return _KEYS.encode(seen) + "#" + "|".join(keys)


def select(node: Node, keys: list[str], rng: Rng, exploration: float,
           priors: dict[str, float] | None = None, weight: float = 0.0) -> int:
    """Index of the action (of ``keys``, those available now) to follow from ``node`` by UCB1, or
    ``-1 - index`` of an untried one to expand (drawn from ``rng``); every tried one counts as
    available once more (ISMCTS's bandit over actions not always available). ``priors`` adds a
    progressive bias, ``weight * prior / (visits + 1)``."""
    untried = []
    for index, key in enumerate(keys):
        child = node.children.get(key)
        if child is None:
            untried.append(index)
        else:
            child.available += 1
    if untried:
        return -1 - untried[rng.randbelow(len(untried))]
    best_value = -1.0
    best = 0
    for index, key in enumerate(keys):
        child = node.children[key]
        value = child.total / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
        if priors:
            value += weight * priors.get(key, 0.0) / (child.visits + 1)
        if value > best_value:
            best_value, best = value, index
    return best


def widening_width(visits: int, count: int, k: float, alpha: float) -> int:
    """How many of its best-ranked actions a decision visited ``visits`` times may try (of ``count``):
    int(k * (visits + 1) ** alpha), at least 1."""
    return min(count, max(1, int(k * (visits + 1) ** alpha)))


def widened_select(node: Node, keys: list[str], rng: Rng, exploration: float, k: float, alpha: float,
                   priors: dict[str, float] | None = None, weight: float = 0.0) -> int:
    """``select`` under progressive widening: only the node's ``widening_width`` best-ranked actions
    (``node.ranked``) are candidates; an untried one among them is expanded best-ranked first (the
    heuristic admits actions in its order, not at random), else UCB1 picks among them."""
    assert node.ranked is not None
    visits = sum(child.visits for child in node.children.values())
    allowed = node.ranked[:widening_width(visits, len(node.ranked), k, alpha)]
    for index in allowed:
        if keys[index] not in node.children:
            return -1 - index
    return allowed[select(node, [keys[i] for i in allowed], rng, exploration, priors, weight)]


def win_share(winners: list[int], seat: int) -> float:
    """A finished game's reward for ``seat``: its share of the win (0.5 to all if nobody won)."""
    if not winners:
        return 0.5
    return 1.0 / len(winners) if seat in winners else 0.0


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
        self.reused_visits = 0
        #: (game id, seat, log length, root, chosen key) of the last search, for tree reuse
        self._previous: tuple | None = None
        #: searched opponents (``opponent_model="searched"``): one tree per seat for the search from
        #: ``_opponents_root``, and the running iteration's walk through them
        self._opponent_trees: list[Node] = []
        self._opponents_root: Node | None = None
        self._walk: OpponentWalk | None = None

    # --------------------------------------------------------------- policies
    def _rewards(self, game: Game, module: Any, state: dict, seat: int) -> float:
        if game.is_over(state):
            return win_share(game.winners(state), seat)
        evaluate = getattr(module, "evaluate", None)
        if evaluate is not None:
            return evaluate(game, state)[seat]
        return rank_rewards(list(game.scores(state)))[seat]

    def _rollout(self, game: Game, module: Any, state: dict, rng: Rng, depth: int,
                 seat: int | None = None, settings: dict[str, Any] | None = None,
                 stop: Callable[[dict], bool] | None = None) -> None:
        """Play on with the rollout policy for ``depth`` actions (or until ``stop(state)``). With
        ``seat``, opponents use the opponent model until ``seat``'s next decision (then everyone uses
        the rollout policy)."""
        policy: Callable[..., Action] | None = getattr(module, "rollout", None)
        modelled = seat is not None
        for _ in range(depth):
            if game.is_over(state) or (stop is not None and stop(state)):
                return
            legal = game.simulation_actions(state)
            mover = game.current_player(state)
            if modelled and mover == seat:
                modelled = False
            if len(legal) == 1:
                action = legal[0]
            elif modelled:
                assert mover is not None and settings is not None  # a game not over; modelled needs them
                action = self._opponent_action(game, module, state, legal, mover, settings, rng)
            elif policy is not None:
                action = policy(game, state, legal, rng)
            else:
                action = legal[rng.randbelow(len(legal))]
            game.advance(state, action)

    def _playout(self, game: Game, module: Any, state: dict, depth: int, seat: int,
                 settings: dict[str, Any]) -> float:
        """Play on from a new node with the rollout policy and score the end for ``seat``."""
        stop = self._stopper(module, seat, settings)
        self._rollout(game, module, state, self.rng, depth, stop=stop)
        return self._rewards(game, module, state, seat)

    def _opponent_action(self, game: Game, module: Any, state: dict, legal: list[Action], mover: int,
                         settings: dict[str, Any], rng: Rng | None = None) -> Action:
        rng = rng or self.rng
        if len(legal) == 1:
            return legal[0]
        # a game may fix some answers that no player gets wrong (Coup: proving a claim one holds);
        # games without the hook are modelled as before
        obvious = getattr(module, "obvious_reply", None)
        if obvious is not None:
            reply = obvious(game, state, legal, mover)
            if reply is not None:
                return reply
        if self._walk is not None and module is not None:
            return self._searched_action(game, module, state, legal, mover, settings)
        if module is None or rng.random() < settings["opponent_noise"]:
            return legal[rng.randbelow(len(legal))]
        if settings["opponent_model"] == "rollout" and getattr(module, "rollout", None) is not None:
            return module.rollout(game, state, legal, rng)
        scores = module.scores(game.view(state, mover), legal, mover, rng)
        return legal[best_index(list(scores), rng)]

    # ------------------------------------------------------ searched opponents
    def _opponents_begin(self, game: Game, state: dict, seat: int, root: Node, settings: dict[str, Any]) -> None:
        """Start an iteration's walk through the searched opponents' trees (new trees for a new
        search: they are not kept between decisions); nothing for the other opponent models."""
        if settings["opponent_model"] != "searched":
            self._walk = None
            return
        if self._opponents_root is not root:
            self._opponents_root = root
            self._opponent_trees = [Node() for _ in range(int(state["num_players"]))]
        self._walk = OpponentWalk(game, state, seat, self._opponent_trees)

    def _opponents_back_up(self, game: Game, module: Any, state: dict) -> None:
        """End the iteration's walk: each searched opponent's chosen nodes get its own reward."""
        walk, self._walk = self._walk, None
        if walk is None:
            return
        for other, path in enumerate(walk.paths):
            if path:
                reward = self._rewards(game, module, state, other)
                for visited in path:
                    visited.visits += 1
                    visited.total += reward

    def _searched_action(self, game: Game, module: Any, state: dict, legal: list[Action], mover: int,
                         settings: dict[str, Any]) -> Action:
        """An opponent's decision inside the tree, chosen by UCB at its own information set (what it
        knows of the deal and what it has observed since, never the bot's hidden cards), with the
        heuristic on its view as the prior."""
        walk = self._walk
        assert walk is not None
        keys = [action_key(a) for a in legal]
        log = state.get("log", [])
        seen = walk.prefixes[mover] + observation(log[walk.marks[mover]:], mover, keys)
        walk.prefixes[mover] = ""
        parent = walk.nodes[mover]
        node = parent.after.get(seen)
        if not isinstance(node, SeatNode):
            scores = list(module.scores(game.view(state, mover), legal, mover, self.rng.fork()))
            low, high = min(scores), max(scores)
            span = (high - low) or 1.0
            node = parent.after[seen] = SeatNode(keys, [(v - low) / span for v in scores])
        exploration = settings["opponent_exploration"]
        index = select_with_prior(node, keys, settings["exploration"] if exploration is None else exploration,
                                  settings["opponent_prior"])
        child = node.children[keys[index]]
        walk.marks[mover] = len(log)
        walk.nodes[mover] = child
        walk.paths[mover].append(child)
        return legal[index]

    def _priors(self, module: Any, view: View, legal: list[Action], seat: int) -> dict[str, float]:
        """The game's heuristic, squashed to [0, 1], as a progressive bias at the root."""
        if module is None:
            return {}
        scores = list(search_heuristic(module)(view, legal, seat, self.rng.fork()))
        low, high = min(scores), max(scores)
        span = (high - low) or 1.0
        return {action_key(a): (s - low) / span for a, s in zip(legal, scores)}

    @staticmethod
    def _stopper(module: Any, seat: int, settings: dict[str, Any]) -> Callable[[dict], bool] | None:
        """``stop`` for a playout from the bot's decision: true once the bot's turn has started
        ``rollout_turns`` times (None when the setting or the game's ``turn_start`` is missing)."""
        turns = settings["rollout_turns"]
        turn_start = getattr(module, "turn_start", None)
        if not turns or turn_start is None:
            return None
        seen = [0, False]  # turn starts counted, and whether the last state checked was one

        def stop(state: dict) -> bool:
            starting = turn_start(state, seat)
            if starting and not seen[1]:
                seen[0] += 1
            seen[1] = starting
            return seen[0] >= turns
        return stop

    def _determinize(self, game: Game, module: Any, view: View, seat: int) -> dict:
        hook = getattr(module, "determinize", None)
        if hook is not None:
            return hook(game, view, seat, self.rng.fork())
        return game.sample_state(view, seat, self.rng.fork())

    # --------------------------------------------------------------- search
    def think(self, game: Game, view: View, legal: list[Action], seat: int) -> Generator[None, None, Action]:
        settings = settings_for(game, self.overrides)
        if len(legal) == 1:
            if settings["reuse"]:  # follow the forced move in the kept tree
                only = [action_key(legal[0])]
                node = self._reused_root(game, view, seat, only)
                self._previous = (game.id, seat, len(view.get("log", ())), node, only[0]) if node else None
            return legal[0]
        module = game_bot(game)
        all_keys = [action_key(a) for a in legal]
        root = self._reused_root(game, view, seat, all_keys) if settings["reuse"] else None
        self.reused_visits = sum(c.visits for c in root.children.values()) if root else 0
        root = root or Node()
        priors = self._priors(module, view, legal, seat) if settings["prior_weight"] or settings["root_width"] else {}
        width = settings["root_width"]
        if width and priors and len(legal) > width:
            ranked = sorted(range(len(legal)), key=lambda i: -priors[action_key(legal[i])])
            legal = [legal[i] for i in sorted(ranked[:width])]
        # a game may rule some first actions out on its beliefs before searching (Coup: a challenge
        # of a claim the bot believes true); games without the hook search every action as before
        narrow = getattr(module, "root_actions", None)
        if narrow is not None:
            legal = narrow(game, view, legal, seat, self.rng.fork()) or legal
        root_keys = [action_key(a) for a in legal]
        if not settings["prior_weight"]:
            priors = {}
        if settings["widen_k"] is not None:  # the root ranked on the real view (a reused node was ranked on a deal)
            ranking = priors or self._priors(module, view, legal, seat)
            root.ranked = sorted(range(len(root_keys)), key=lambda i: -ranking.get(root_keys[i], 0.0))
        started = time.perf_counter()
        iterations, max_seconds = settings["iterations"], settings["max_seconds"]
        # a game may give a small step of a turn a share of the clock (Great Houses: each card of the
        # setup, each marshal step), so that the whole turn, not each step, takes about max_seconds;
        # the iteration budget (arena, tests, fingerprints) is the same for every step
        share = getattr(module, "time_share", None)
        if max_seconds is not None and share is not None:
            max_seconds *= share(view, legal, seat)
        done = 0
        paired = settings["root_mode"] == "paired"
        while iterations is None or done < iterations:
            if max_seconds is not None and time.perf_counter() - started >= max_seconds:
                break
            if paired:
                done += self._paired(game, module, view, seat, legal, root_keys, root, settings)
            else:
                self._iterate(game, module, view, seat, legal, root_keys, root, priors, settings)
                done += 1
            yield None
        self.last_iterations = done
        if paired:  # equal visits: the best mean, the heuristic's opinion as a small bias
            def merit(i: int) -> float:
                child = root.children.get(root_keys[i])
                if child is None or not child.visits:
                    return -1.0
                return child.total / child.visits + \
                    settings["prior_weight"] * priors.get(root_keys[i], 0.0) / (child.visits + 1)
            best = max(range(len(legal)), key=merit)
        else:
            best = max(range(len(legal)), key=lambda i: (
                root.children[root_keys[i]].visits if root_keys[i] in root.children else -1,
                priors.get(root_keys[i], 0.0)))
        self._previous = (game.id, seat, len(view.get("log", ())), root, root_keys[best]) \
            if settings["reuse"] else None
        self.last_stats = [
            {"action": legal[i],
             "visits": root.children[k].visits if k in root.children else 0,
             "value": (root.children[k].total / root.children[k].visits)
             if k in root.children and root.children[k].visits else None}
            for i, k in enumerate(root_keys)]
        return legal[best]

    def _reused_root(self, game: Game, view: View, seat: int, keys: list[str]) -> Node | None:
        """The node of the previous search for the decision now (tree reuse), if it was reached:
        same game and seat, and exactly what the bot has observed since its last decision."""
        if self._previous is None:
            return None
        game_id, old_seat, old_length, old_root, chosen = self._previous
        log = view.get("log", [])
        if game_id != game.id or old_seat != seat or len(log) < old_length or chosen not in old_root.children:
            return None
        return old_root.children[chosen].after.get(observation(log[old_length:], seat, keys))

    def _select(self, node: Node, keys: list[str], priors: dict[str, float] | None,
                settings: dict[str, Any]) -> int:
        if node.ranked is not None:  # only with widen_k
            return widened_select(node, keys, self.rng, settings["exploration"], settings["widen_k"],
                                  settings["widen_alpha"], priors, settings["prior_weight"])
        return select(node, keys, self.rng, settings["exploration"], priors, settings["prior_weight"])

    def _paired(self, game: Game, module: Any, view: View, seat: int, legal: list[Action],
                keys: list[str], root: Node, settings: dict[str, Any]) -> int:
        """Flat Monte Carlo with common random numbers: every root action is played out on the same
        deal with the same random numbers (for games too wide for a tree at this budget)."""
        base = self._determinize(game, module, view, seat)
        seed = self.rng.next64()
        for action, key in zip(legal, keys):
            state = clone(base)
            rng = Rng(seed)
            game.advance(state, action)
            self._rollout(game, module, state, rng, settings["rollout_depth"], seat, settings,
                          self._stopper(module, seat, settings))
            child = root.children.get(key)
            if child is None:
                child = root.children[key] = Node()
            child.visits += 1
            child.available += 1
            child.total += self._rewards(game, module, state, seat)
        return len(legal)

    def _iterate(self, game: Game, module: Any, view: View, seat: int, legal: list[Action],
                 keys: list[str], root: Node, priors: dict[str, float], settings: dict[str, Any]) -> None:
        state = self._determinize(game, module, view, seat)
        self._opponents_begin(game, state, seat, root, settings)
        node = root
        path: list[Node] = []
        expanded = False
        mark = 0
        depth = settings["rollout_depth"]
        # with widening the horizon counts the bot's own actions in the tree too, so that every line
        # is judged the same number of actions after the decision (as paired playouts are), not
        # deeper the deeper the tree has grown along it
        widen = settings["widen_k"] is not None
        first = True
        while True:
            if not first:
                if game.is_over(state) or (widen and depth <= 0):
                    break
                mover = game.current_player(state)
                assert mover is not None  # not over
                legal = game.simulation_actions(state)
                if mover != seat:
                    game.advance(state, self._opponent_action(game, module, state, legal, mover, settings))
                    depth -= 1
                    continue
                keys = [action_key(a) for a in legal]
                observed = observation(state.get("log", [])[mark:], seat, keys)
                following = node.after.get(observed)
                if following is None:
                    following = node.after[observed] = Node()
                    if widen:  # ranked once, on the bot's own view of this deal at this decision
                        node_priors = self._priors(module, game.view(state, seat), legal, seat) \
                            if len(legal) > 1 else {}
                        following.priors = node_priors if settings["prior_weight"] else None
                        following.ranked = sorted(range(len(keys)), key=lambda i: -node_priors.get(keys[i], 0.0))
                node = following
            first = False
            pick = self._select(node, keys, priors if node is root else node.priors, settings)
            if pick < 0:  # an untried action: expand it, then play out
                index = -1 - pick
                child = node.children[keys[index]] = Node()
                child.available = 1
                expanded = True
            else:
                index = pick
                child = node.children[keys[index]]
            mark = len(state.get("log", ()))
            game.advance(state, legal[index])
            if widen and node is not root:  # the root's own action is not counted (as in the paired mode)
                depth -= 1
            path.append(child)
            node = child
            if expanded:
                break
        if expanded:
            reward = self._playout(game, module, state, max(0, depth), seat, settings)
        else:
            reward = self._rewards(game, module, state, seat)
        for visited in path:
            visited.visits += 1
            visited.total += reward
        self._opponents_back_up(game, module, state)
