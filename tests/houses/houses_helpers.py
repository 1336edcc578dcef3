"""Helpers for the Great Houses tests: tiny fixed games played through the public contract."""

from __future__ import annotations

import pygames  # noqa: F401  (package import so the game module resolves)
from pygames.games.houses.rules import GAME

FILLER = "N01"  # Market Town: a harmless card to pad draw decks


def game(n: int = 2, *, hands=None, decks=None, in_play=None, plots=None, first_player=0,
         power=None, gold=None, skip_setup=True, seed: int = 1, pad: int = 10, **options):
    """A fixed game. Decks are padded with fillers (after the given top cards) so nobody decks out."""
    decks = decks or [None] * n
    decks = [list(d or []) + [FILLER] * pad for d in decks]
    opts = {"no_shuffle": True, "skip_setup": skip_setup, "decks": decks, "first_player": first_player}
    for s in range(n):
        opts.setdefault(f"house_{s}", ["vorhelm", "miravelle", "ombrine", "solmere"][s])
    if hands is None and skip_setup:
        hands = [[] for _ in range(n)]  # empty hands unless given (no reserve discards by surprise)
    if hands is not None:
        opts["hands"] = hands
    if in_play is not None:
        opts["in_play"] = in_play
    if plots is not None:
        opts["plots"] = plots
    if power is not None:
        opts["power"] = power
    if gold is not None:
        opts["gold"] = gold
    opts.update(options)
    return GAME.new_game(n, seed, opts)


def legal(state):
    return GAME.legal_actions(state)


def types(state):
    return sorted({a["type"] for a in GAME.legal_actions(state)})


def act(state, type_, **kw):
    """Apply the one legal action of this type with these fields (fails if absent)."""
    for a in GAME.legal_actions(state):
        if a["type"] == type_ and all(a.get(k) == v for k, v in kw.items()):
            return GAME.apply(state, a)
    raise AssertionError(f"no legal {type_} {kw}; legal: {GAME.legal_actions(state)}")


def has(state, type_, **kw) -> bool:
    return any(a["type"] == type_ and all(a.get(k) == v for k, v in kw.items())
               for a in GAME.legal_actions(state))


def uid(state, seat: int, cid: str, nth: int = 0) -> int:
    """uid of the nth copy of card ``cid`` in play for ``seat`` (from the public view)."""
    v = GAME.view(state, None)
    found = [i["uid"] for i in v["players"][seat]["chars"] + v["players"][seat]["locs"] if i["cid"] == cid]
    return found[nth]


def inst(state, seat: int, cid: str, nth: int = 0) -> dict:
    v = GAME.view(state, None)
    return [i for i in v["players"][seat]["chars"] + v["players"][seat]["locs"] if i["cid"] == cid][nth]


def player(state, seat: int, viewer=None) -> dict:
    return GAME.view(state, seat if viewer is None else viewer)["players"][seat]


def stage(state) -> str:
    return GAME.view(state, None)["stage"]


def power(state, seat: int) -> float:
    return GAME.scores(state)[seat]


def declare(state, kind: str, attackers: list[int], opponent: int = 1):
    """Declare a challenge with these attackers (ends attackers if still asked; a lone
    eligible attacker is declared by the rules themselves)."""
    state = act(state, "challenge", kind=kind, opponent=opponent)
    if stage(state) != "attackers":
        assert len(attackers) == 1, "the rules declared a lone attacker"
        return state
    for u in attackers:
        state = act(state, "attacker", card=u)
    if stage(state) == "attackers":
        state = act(state, "attackers_done")
    return state


def defend(state, defenders: list[int]):
    for u in defenders:
        state = act(state, "defender", card=u)
    if stage(state) == "defenders":
        state = act(state, "defenders_done")
    return state


def keys(state, seat=None) -> list[str]:
    return [e["key"] for e in GAME.view(state, seat)["log"]]


def log(state, key: str, seat=None) -> list[dict]:
    return [e["params"] for e in GAME.view(state, seat)["log"] if e["key"] == key]
