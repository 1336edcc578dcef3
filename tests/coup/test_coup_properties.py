"""Property tests: seeded random Coup games with random options, for every player count.

Checked on the way: the game ends without exception; 15 cards (3 of each character in play) across hands,
revealed cards, the court deck and cards drawn for an exchange; coins never negative and only created or
destroyed by the moves that do so (read from the public log); to_dict/from_dict round-trips through JSON;
apply never mutates its arguments; views leak nothing (re-dealing the cards a seat cannot see leaves its
view unchanged) and sample_state reproduces the view and the mover's legal actions.
"""

from __future__ import annotations

import json

import pytest

from pygames.core import Rng, clone
from pygames.games.coup.rules import GAME, sort_cards

GAMES_PER_COUNT = 300
HEAVY_EVERY = (7, 37)  # the expensive checks: every 7th decision of the first games, then every 37th
HEAVY_GAMES = 60

#: how each public log entry changes the coins in play (players + almshouse)
BANK = {"income": lambda p: 1, "coup": lambda p: -7, "gain": lambda p: p["amount"],
        "pay": lambda p: -p["amount"], "cooperate": lambda p: 3}


def random_options(n: int, rng: Rng, wins: int | None = None) -> dict:
    """Random variants; one game in six plays to 2 round wins (longer matches have their own test)."""
    if wins is None:
        wins = 2 if rng.randbelow(6) == 0 else 1
    opts = {"inquisitor": rng.randbelow(2) == 1, "diplomat": rng.randbelow(2) == 1, "wins_needed": wins}
    if n >= 3:
        opts["factions"] = rng.randbelow(2) == 1
    return opts


def total_coins(st: dict) -> int:
    return sum(st["coins"]) + st["almshouse"]


def check_cards(st: dict) -> None:
    cards = list(st["deck"])
    for h, lost in zip(st["hands"], st["lost"]):
        cards += h + lost
    for step in st["queue"]:
        if step["k"] == "keep":
            cards += step["drawn"]
    assert len(cards) == 15
    assert sorted(cards) == sorted(c for c in st["chars"] for _ in range(3))
    assert all(c >= 0 for c in st["coins"]) and st["almshouse"] >= 0


def permuted_hidden(st: dict, seat: int, rng: Rng) -> dict:
    """The same state with every card ``seat`` cannot see re-dealt among the same hidden places."""
    other = clone(st)
    pinned = {step["target"] for step in other["queue"] if step["k"] == "inspect" and seat == step["seat"]}
    slots = []  # (list, index) of hidden cards
    for s, h in enumerate(other["hands"]):
        if s != seat and s not in pinned:
            slots += [(h, i) for i in range(len(h))]
    slots += [(other["deck"], i) for i in range(len(other["deck"]))]
    for step in other["queue"]:
        if step["k"] == "keep" and step["seat"] != seat:
            slots += [(step["drawn"], i) for i in range(len(step["drawn"]))]
    cards = [lst[i] for lst, i in slots]
    rng.shuffle(cards)
    for (lst, i), c in zip(slots, cards):
        lst[i] = c
    other["hands"] = [sort_cards(h) for h in other["hands"]]
    return other


def heavy_checks(state: dict, n: int, rng: Rng) -> None:
    data = json.loads(json.dumps(GAME.to_dict(state)))
    assert GAME.from_dict(data) == state
    mover = GAME.current_player(state)
    legal = GAME.legal_actions(state)
    for seat in [None, *range(n)]:
        v = GAME.view(state, seat)
        assert "rng" not in v and "deck" not in v
        if seat is None:
            continue
        assert GAME.view(permuted_hidden(state, seat, rng), seat) == v
        sampled = GAME.sample_state(v, seat, rng.fork())
        assert GAME.view(sampled, seat) == v
        if seat == mover:
            assert GAME.legal_actions(sampled) == legal


def play_one(n: int, seed: int, wins: int | None = None) -> int:
    rng = Rng(f"coup-prop/{n}/{seed}/{wins}")
    options = random_options(n, rng, wins)
    state = GAME.new_game(n, seed, options)
    steps = 0
    every = HEAVY_EVERY[0] if seed < HEAVY_GAMES else HEAVY_EVERY[1]
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        assert legal
        check_cards(state)
        if steps % every == 0:
            heavy_checks(state, n, rng)
        action = legal[rng.randbelow(len(legal))]
        heavy = steps % every == 0
        if heavy:
            before = GAME.to_dict(state)
            action_before = json.dumps(action, sort_keys=True)
        log_len = len(state["log"])
        round_before = state["round"]
        new = GAME.apply(state, action)
        if heavy:
            assert GAME.to_dict(state) == before, "apply changed its argument"
            assert json.dumps(action, sort_keys=True) == action_before
        if new["round"] == round_before:
            expected = sum(BANK[e["key"]](e["params"]) for e in new["log"][log_len:] if e["key"] in BANK)
            assert total_coins(new) - total_coins(state) == expected
        state = new
        steps += 1
        assert steps < 5000
    winners = GAME.winners(state)
    assert len(winners) == 1
    assert GAME.scores(state)[winners[0]] == options["wins_needed"]
    return steps


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant(n):
    total = sum(play_one(n, seed) for seed in range(GAMES_PER_COUNT))
    assert total > GAMES_PER_COUNT * 5


@pytest.mark.parametrize("wins", [3, 4, 5])
def test_long_matches_of_several_rounds_keep_every_invariant(wins):
    for n in (2, 3, 5):
        play_one(n, 1000 + wins, wins)
