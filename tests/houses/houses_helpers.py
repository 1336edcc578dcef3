"""Helpers for the Great Houses tests: test positions (tiny fixed games) played through the public contract."""

from __future__ import annotations

import pygames  # noqa: F401  (package import so the game module resolves)
from pygames.core import Rng
from pygames.core.rng import seed_to_int
from pygames.games.houses import board, plot, setup
from pygames.games.houses import cards as C
from pygames.games.houses.cards import CARDS
from pygames.games.houses.rules import GAME

FILLER = "N01"  # Market Town: a harmless card to pad draw decks


def game(n: int = 2, *, hands=None, decks=None, in_play=None, plots=None, first_player=0,
         power=None, gold=None, skip_setup=True, seed: int = 1, pad: int = 10, **options):
    """A test position, built as a state (like a chess position from its FEN), checked by the
    game's state check (``from_dict``: RecordError for a position the rules could not have),
    then played on by the rules from the start of round 1 (or of the setup).

    Per seat (a list with one entry per seat; None: as usual): ``decks`` (top first; padded with
    fillers after the given cards so nobody decks out; never shuffled, nor by a mulligan),
    ``hands`` (no opening draw of 7; with ``skip_setup`` every hand is empty unless given),
    ``in_play`` (characters and locations put into play, each a card id or ``{"card", "atts",
    "power", "knelt"}``), ``plots`` (the plot deck: a one-plot deck is played without a decision
    every round), ``power`` and ``gold``. ``first_player``: round 1's turn order starts there
    (then seat order), ignoring initiative (None: initiative decides). ``skip_setup``: no
    mulligan, agenda or face-down setup and no refill to 7: round 1 starts at once. Other
    keywords are lobby options (Houses default to vorhelm, miravelle, ombrine, solmere)."""
    decks = decks or [None] * n
    decks = [list(d or []) + [FILLER] * pad for d in decks]
    for s in range(n):
        options.setdefault(f"house_{s}", ["vorhelm", "miravelle", "ombrine", "solmere"][s])
    if hands is None and skip_setup:
        hands = [[] for _ in range(n)]  # empty hands unless given (no reserve discards by surprise)
    for name, per_seat in (("decks", decks), ("hands", hands), ("in_play", in_play), ("plots", plots),
                           ("power", power), ("gold", gold)):
        if per_seat is not None and len(per_seat) != n:
            raise ValueError(f"{name} needs one entry per seat")
    opts = GAME.normalize_options(n, options)
    rng = Rng(seed_to_int(seed))
    state = setup.new_state(n, opts, setup.assign_houses(n, rng, opts))
    state["fixed"] = {"no_shuffle": True, "skip_setup": skip_setup, "first_player": first_player}
    for seat, p in enumerate(state["players"]):
        p["deck"] = list(decks[seat])
        if plots is not None and plots[seat] is not None:
            p["plots"] = list(plots[seat])
        if power is not None:
            p["power"] = power[seat]
        if gold is not None:
            p["gold"] = gold[seat]
        for entry in (in_play[seat] or []) if in_play is not None else []:
            entry = {"card": entry} if isinstance(entry, str) else entry
            inst = board.new_inst(state, entry["card"])
            inst.update(atts=list(entry.get("atts", [])), power=entry.get("power", 0), knelt=entry.get("knelt", False))
            p["locs" if CARDS.get(entry["card"], {}).get("type") == "location" else "chars"].append(inst)
        if hands is not None and hands[seat] is not None:
            p["hand"] = list(hands[seat])
        board.log(state, "house", seat=seat, house=p["house"], deck=p["deck_house"])
        if hands is None or hands[seat] is None:
            board.draw(state, seat, C.HAND_SIZE)
        cards_of = p["deck"] + p["hand"] + [i["cid"] for i in p["chars"] + p["locs"]]
        p["decklist"] = sorted(cards_of + [a for i in p["chars"] for a in i["atts"]], key=str)
    if skip_setup:
        state["revealed"] = True
        for p in state["players"]:
            p["placed"] = True
    state["rng"] = rng.state
    state = GAME.from_dict({"game": GAME.id, "version": GAME.version, "state": state})  # the check
    rng.state = state["rng"]
    if skip_setup:  # round 1 begins (plots, then the first turn) as the rules begin it
        plot.begin_round(state, rng)
    else:  # the first setup decision
        setup.ask_next(state, 0, 0, rng)
    state["rng"] = rng.state
    return state


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
