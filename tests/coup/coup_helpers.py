"""Helpers for the Coup tests: exact positions (``position``, ``setup``) built beside the tests and
checked by the rules' one state check, play through the public contract."""

from __future__ import annotations

from pygames.core import Rng
from pygames.games.coup.rules import GAME, sort_cards

ALL = ("duke", "assassin", "captain", "ambassador", "contessa")


def court(options: dict) -> list[str]:
    chars = list(ALL)
    if options.get("inquisitor"):
        chars[chars.index("ambassador")] = "inquisitor"
    if options.get("diplomat"):
        chars[chars.index("duke")] = "diplomat"
    return [c for c in chars for _ in range(3)]


def _in_order(hand) -> list:
    """A hand as the rules keep it (in character order); anything else as given, for the state check."""
    try:
        return sort_cards(hand)
    except (KeyError, TypeError):
        return list(hand)


def position(n: int, seed: int | str = 1, *, hands: list[list[str]] | None = None, deck: list[str] | None = None,
             first: int | None = None, coins: list[int] | None = None, factions_of: list[int] | None = None,
             almshouse: int = 0, no_shuffle: bool = False, **options) -> dict:
    """The first state of a game of ``new_game(n, seed, options)`` with what is given put in its
    place, checked by the rules' state check (``from_dict``: RecordError if it does not add up).

    ``deck`` without ``hands`` is the whole court, top first: two cards per seat in seat order,
    then the court deck. With ``hands``, it is the court deck left (default: the other cards, in
    character order). ``first`` starts the round; ``coins``, ``factions_of`` (0 monarchist, 1
    populist) and ``almshouse`` replace the starting ones; with ``no_shuffle`` every draw takes the
    court's top and a returned card goes to its bottom."""
    state = GAME.new_game(n, seed, options)
    if deck is not None and hands is None:
        hands, deck = [deck[2 * i:2 * i + 2] for i in range(n)], deck[2 * n:]
    if hands is not None:
        state["hands"] = [_in_order(h) for h in hands]
        if deck is None:
            deck = sort_cards(court(options))
            for card in (c for hand in hands for c in hand):
                if card in deck:
                    deck.remove(card)
        state["deck"] = list(deck)
    elif deck is not None:
        state["deck"] = list(deck)
    if first is not None:
        state["start"] = state["turn"] = first
    if coins is not None:
        state["coins"] = list(coins)
    if factions_of is not None:
        state["factions"] = list(factions_of)
    state["almshouse"] = almshouse
    state["opts"]["no_shuffle"] = no_shuffle
    entry = state["log"][-1]["params"]  # the round's first entry tells who starts and the purses
    entry["seat"], entry["coins"] = state["turn"], list(state["coins"])
    entry["factions"] = None if state["factions"] is None else list(state["factions"])
    return GAME.from_dict(GAME.to_dict(state))


def setup(n: int, hands: list[list[str]], top: list[str] = (), first: int = 0, **options):
    """A game with these hands; the court deck is ``top`` followed by the other cards; nothing is shuffled."""
    rest = court(options)
    for h in hands:
        for c in h:
            rest.remove(c)
    for c in top:
        rest.remove(c)
    return position(n, hands=[list(h) for h in hands], deck=list(top) + rest, first=first, no_shuffle=True,
                    **options)


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
