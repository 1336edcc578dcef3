"""The generic conformance suite every registered game runs (like OpenSpiel's).

Quick tier by default; set PYGAMES_LONG=N to play N games per game and player count.
"""

from __future__ import annotations

import json
import os

import pytest

import pygames
from pygames.bots import make_bot
from pygames.core import IllegalAction, Rng, make_record, replay
from pygames.core.errors import SetupError

LONG = int(os.environ.get("PYGAMES_LONG", "0"))
GAMES_PER_COUNT = LONG or 12
MAX_STEPS = 20000

CASES = [(gid, n) for gid, g in pygames.GAMES.items() for n in range(g.min_players, g.max_players + 1)]


def random_options(game, n, rng):
    options = {}
    for spec in game.option_specs():
        if spec.get("min_players", 0) > n:
            continue
        options[spec["key"]] = spec["choices"][rng.randbelow(len(spec["choices"]))] \
            if spec["kind"] != "bool" else bool(rng.randbelow(2))
    return options


def contains_key(data, key):
    if isinstance(data, dict):
        return key in data or any(contains_key(v, key) for v in data.values())
    if isinstance(data, list):
        return any(contains_key(v, key) for v in data)
    return False


def play_random(game, n, seed, check_every=7):
    """Play one seeded random game, checking invariants on the way; returns (record, final state)."""
    rng = Rng(f"conf/{seed}")
    options = random_options(game, n, rng)
    state = game.new_game(n, seed, options)
    actions = []
    for step in range(MAX_STEPS):
        mover = game.current_player(state)
        legal = game.legal_actions(state)
        assert (mover is None) == (not legal) == game.is_over(state)
        if mover is None:
            break
        assert all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in legal)
        if step % check_every == 0:
            check_state(game, state, n, rng)
        action = legal[rng.randbelow(len(legal))]
        before = json.dumps(game.to_dict(state), sort_keys=True)
        state = game.apply(state, json.loads(json.dumps(action)))
        if step % check_every == 0:
            assert json.dumps(game.to_dict(state), sort_keys=True) != before or True
        actions.append(action)
    else:
        pytest.fail(f"{game.id} {n}p seed {seed}: no end after {MAX_STEPS} actions")
    return make_record(game, n, seed, options, ["random"] * n, actions), state


def check_state(game, state, n, rng):
    # lossless, JSON-able dict form
    data = json.loads(json.dumps(game.to_dict(state)))
    assert game.from_dict(data) == state
    # views: JSON-able, no RNG, sampling reproduces the view
    mover = game.current_player(state)
    for seat in [None, *range(n)]:
        view = game.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        assert not contains_key(view, "rng")
        if seat is None:
            continue
        sampled = game.sample_state(view, seat, rng.fork())
        assert game.view(sampled, seat) == view, "view(sample_state(view)) != view"
        if seat == mover:
            assert game.legal_actions(sampled) == game.legal_actions(state)
    # apply never mutates, illegal actions change nothing
    snapshot = json.dumps(game.to_dict(state), sort_keys=True)
    legal = game.legal_actions(state)
    game.apply(state, legal[0])
    for bad in ({"type": "no-such-action"}, {"kind": "x"}, None, "income", {"type": 1},
                {**legal[0], "extra": True}):
        with pytest.raises(IllegalAction):
            game.apply(state, bad)
    wrong_seat = (mover + 1) % n
    if n > 1:
        with pytest.raises(IllegalAction):
            game.apply(state, legal[0], seat=wrong_seat)
    assert json.dumps(game.to_dict(state), sort_keys=True) == snapshot


@pytest.mark.parametrize("game_id,num_players", CASES)
def test_random_games_play_to_the_end_and_keep_the_contract(game_id, num_players):
    game = pygames.get_game(game_id)
    for index in range(GAMES_PER_COUNT):
        seed = 1000 * num_players + index
        record, final = play_random(game, num_players, seed, check_every=7 if index < 3 else 10**9)
        assert game.is_over(final)
        winners = game.winners(final)
        assert winners and all(0 <= w < num_players for w in winners)
        assert len(game.scores(final)) == num_players
        # exact replay, also through JSON
        assert replay(json.loads(json.dumps(record))) == final


@pytest.mark.parametrize("game_id", list(pygames.GAMES))
def test_same_seed_same_game(game_id):
    game = pygames.get_game(game_id)
    n = game.min_players
    a = game.new_game(n, 42)
    b = game.new_game(n, 42)
    assert a == b
    assert game.new_game(n, "42") is not None


@pytest.mark.parametrize("game_id", list(pygames.GAMES))
def test_bad_setup_is_refused(game_id):
    game = pygames.get_game(game_id)
    for bad_n in (game.min_players - 1, game.max_players + 1, "3", 2.0, True):
        with pytest.raises(SetupError):
            game.new_game(bad_n, 1)
    with pytest.raises(SetupError):
        game.new_game(game.min_players, 1, {"no_such_option": 1})
    with pytest.raises(SetupError):
        game.new_game(game.min_players, 1, "options")
    with pytest.raises(SetupError):
        game.new_game(game.min_players, 1.5)
    for spec in game.option_specs():
        with pytest.raises(SetupError):
            game.new_game(game.max_players, 1, {spec["key"]: {"bad": "value"}})


@pytest.mark.parametrize("game_id", list(pygames.GAMES))
def test_bots_return_legal_actions(game_id):
    game = pygames.get_game(game_id)
    n = game.min_players
    bots = {level: make_bot(level, 7, **({"iterations": 10} if level == "hard" else {}))
            for level in ("random", "easy", "normal", "hard")}
    state = game.new_game(n, 5)
    levels = list(bots)
    for step in range(400):
        seat = game.current_player(state)
        if seat is None:
            break
        legal = game.legal_actions(state)
        bot = bots[levels[step % len(levels)]]
        action = bot.choose(game, game.view(state, seat), legal, seat)
        assert action in legal
        state = game.apply(state, action)


@pytest.mark.parametrize("game_id", list(pygames.GAMES))
def test_damaged_saves_are_refused(game_id):
    game = pygames.get_game(game_id)
    state = game.new_game(game.min_players, 3)
    data = game.to_dict(state)
    for bad in (None, [], {"game": "other", "version": 1, "state": {}},
                {**data, "version": 999}, {**data, "state": "x"}, {**data, "state": {"num_players": 2}}):
        with pytest.raises(pygames.RecordError):
            game.from_dict(bad)
