"""Helpers for the Coup tests: exact deals through the fixed-deal test options, play through the public contract."""

from __future__ import annotations

from pygames.core import Rng
from pygames.games.coup.rules import GAME

ALL = ("duke", "assassin", "captain", "ambassador", "contessa")


def court(options: dict) -> list[str]:
    chars = list(ALL)
    if options.get("inquisitor"):
        chars[chars.index("ambassador")] = "inquisitor"
    if options.get("diplomat"):
        chars[chars.index("duke")] = "diplomat"
    return [c for c in chars for _ in range(3)]


def setup(n: int, hands: list[list[str]], top: list[str] = (), first: int = 0, **options):
    """A game with these hands; the court deck is ``top`` followed by the other cards; nothing is shuffled."""
    rest = court(options)
    for h in hands:
        for c in h:
            rest.remove(c)
    for c in top:
        rest.remove(c)
    opts = {"hands": [list(h) for h in hands], "deck": list(top) + rest, "first_player": first,
            "no_shuffle": True}
    opts.update(options)
    return GAME.new_game(n, 1, opts)


def play(state, *actions):
    """Apply actions given as dicts or short strings: "pass", "challenge", "income", "block:contessa",
    "lose:duke", "reveal:duke", "show:duke", "steal>2", "keep:duke+captain"."""
    for action in actions:
        state = GAME.apply(state, parse(action))
    return state


def parse(action):
    if isinstance(action, dict):
        return action
    if ">" in action:
        kind, target = action.split(">")
        return {"type": kind, "target": int(target)}
    if ":" in action:
        kind, rest = action.split(":", 1)
        if kind == "keep":
            return {"type": "keep", "cards": rest.split("+")}
        return {"type": kind, "card": rest}
    return {"type": action}


def mover(state):
    return GAME.current_player(state)


def legal_types(state):
    return [a["type"] for a in GAME.legal_actions(state)]


def view(state, seat):
    return GAME.view(state, seat)


def coins(state):
    return view(state, None)["coins"]


def hand(state, seat):
    return view(state, seat)["hand"]


def lost(state, seat):
    return view(state, None)["lost"][seat]


def counts(state):
    return view(state, None)["hand_counts"]


def deck_count(state):
    return view(state, None)["deck_count"]


def log_keys(state, seat=None):
    return [e["key"] for e in view(state, seat)["log"]]


def random_play(state, seed, limit=5000):
    rng = Rng(seed)
    for _ in range(limit):
        if GAME.is_over(state):
            return state
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randbelow(len(legal))])
    raise AssertionError("the game did not end")
