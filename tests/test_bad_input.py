"""Bad input, generated with hypothesis, for every registered game.

- Every malformed or illegal action (wrong types, unknown keys, out-of-range targets,
  stale actions from earlier states, an action by the wrong seat) raises IllegalAction
  with a message that says why, and changes nothing.
- Bad player counts, seeds and options (wrong types, values outside the choices, junk in
  the fixed-deal test keys) are refused by new_game with SetupError, never another error.
- Damaged saved states and game records are refused with RecordError, never another error.

Example counts stay modest for CI (HYPOTHESIS_PROFILE=long raises them).
"""

from __future__ import annotations

import json
import os
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pygames
from pygames.core import IllegalAction, RecordError, Rng, SetupError, make_record, replay
from pygames.core.game import strict_equal

GAME_IDS = list(pygames.GAMES)
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
settings.register_profile("ci", max_examples=40, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("long" if LONG else "ci")

SCALARS = (st.none() | st.booleans() | st.integers(-(1 << 70), 1 << 70) | st.integers(-3, 12)
           | st.floats(allow_nan=False) | st.text(max_size=12))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=8)


@cache
def positions(game_id: str) -> list[tuple[dict, list[dict], list[dict]]]:
    """Reachable positions of random games: (state, legal actions, actions legal earlier)."""
    game = pygames.get_game(game_id)
    out = []
    for seed in range(3):
        n = game.min_players + seed % (game.max_players - game.min_players + 1)
        rng = Rng(f"bad/{game_id}/{seed}")
        state = game.new_game(n, seed)
        earlier: list[dict] = []
        step = 0
        while not game.is_over(state):
            legal = game.legal_actions(state)
            if step % 9 == 0:
                out.append((state, legal, list(earlier[-40:])))
            earlier.extend(legal[:8])
            state = game.apply(state, legal[rng.randbelow(len(legal))])
            step += 1
        out.append((state, [], list(earlier[-40:])))  # the end: nothing is legal
    return out


def dump(game, state) -> str:
    return json.dumps(game.to_dict(state), sort_keys=True)


def is_legal(action, legal) -> bool:
    return any(strict_equal(action, a) for a in legal)


@st.composite
def bad_actions(draw, game_id):
    """A position and an action for it: mostly near-misses of legal ones."""
    pos = draw(st.sampled_from(positions(game_id)))
    state, legal, earlier = pos
    kind = draw(st.sampled_from(["junk", "mutate", "drop", "extra", "stale", "retype"]))
    if kind == "stale" and earlier:
        return pos, draw(st.sampled_from(earlier))
    if kind == "junk" or not legal:
        return pos, draw(JSON | st.fixed_dictionaries({"type": JSON}) | st.just({"type": "pass"}))
    action = dict(draw(st.sampled_from(legal)))
    keys = sorted(action)
    if kind == "mutate":
        key = draw(st.sampled_from(keys))
        value = action[key]
        if isinstance(value, int) and not isinstance(value, bool):  # out-of-range targets, counts, seats
            action[key] = draw(st.sampled_from([value + 1, value - 1, -1, 99, 1 << 64, str(value), float(value)])
                               | JSON)
        else:
            action[key] = draw(JSON)
    elif kind == "drop":
        action.pop(draw(st.sampled_from(keys)))
    elif kind == "extra":
        action[draw(st.text(min_size=1, max_size=6))] = draw(JSON)
    else:  # retype: the same fields under another legal type, or a made-up one
        action["type"] = draw(st.sampled_from(sorted({a["type"] for a in legal} | {"", "x", "Pass"})))
    return pos, action


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_actions_raise_and_change_nothing(game_id):
    game = pygames.get_game(game_id)

    @given(bad_actions(game_id))
    def check(case):
        (state, legal, _), action = case
        if legal and is_legal(action, legal):
            game.apply(state, action)  # a lucky near-miss that is legal: fine
            return
        before = dump(game, state)
        with pytest.raises(IllegalAction) as info:
            game.apply(state, action)
        message = str(info.value)
        assert len(message) > 15, f"unclear message: {message!r}"
        assert dump(game, state) == before, "an illegal action changed the state"

    check()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_wrong_seat_is_refused(game_id):
    game = pygames.get_game(game_id)
    for state, legal, _ in positions(game_id):
        if not legal:
            continue
        mover = game.current_player(state)
        before = dump(game, state)
        n = game.num_players(state)
        for seat in [*range(n), -1, n, 99, True, "0", 0.0]:
            if type(seat) is int and seat == mover:
                game.apply(state, legal[0], seat=seat)
                continue
            with pytest.raises(IllegalAction, match="seat"):
                game.apply(state, legal[0], seat=seat)
        assert dump(game, state) == before


@st.composite
def bad_setups(draw, game_id):
    game = pygames.get_game(game_id)
    specs = game.option_specs()
    n = draw(st.integers(game.min_players, game.max_players) | JSON)
    seed = draw(st.integers(0, 1 << 40) | st.text(max_size=8) | JSON)
    keys = [s["key"] for s in specs]
    options = {}
    for key in draw(st.lists(st.sampled_from(keys) | st.text(max_size=6), max_size=4, unique=True)):
        spec = next((s for s in specs if s["key"] == key), None)
        if spec is not None and spec.get("choices") and draw(st.booleans()):
            options[key] = draw(st.sampled_from(spec["choices"]))
        else:
            options[key] = draw(JSON)
    return n, seed, draw(st.just(options) | JSON)


def valid_option(spec, value) -> bool:
    if spec["kind"] == "bool":
        return type(value) is bool
    return any(type(value) is type(c) and value == c for c in spec["choices"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_setups_raise_setup_error(game_id):
    game = pygames.get_game(game_id)

    @given(bad_setups(game_id))
    def check(case):
        n, seed, options = case
        try:
            state = game.new_game(n, seed, options)
        except SetupError as exc:
            assert str(exc)
            return
        # accepted: then it was valid, and the game can be played
        assert type(n) is int and game.min_players <= n <= game.max_players
        assert type(seed) in (int, str)
        specs = {s["key"]: s for s in game.option_specs()}
        for key, value in (options or {}).items():
            assert key in specs
            assert valid_option(specs[key], value), f"option {key}={value!r} was accepted"
        assert json.loads(json.dumps(state)) == state
        legal = game.legal_actions(state)
        if legal:
            game.apply(state, legal[0])

    check()


def damage(draw, data):
    """The same JSON data with one part replaced by junk."""
    if isinstance(data, dict) and data and draw(st.integers(0, 3)):
        key = draw(st.sampled_from(sorted(data)))
        return {**data, key: damage(draw, data[key])}
    if isinstance(data, list) and data and draw(st.integers(0, 3)):
        index = draw(st.integers(0, len(data) - 1))
        return data[:index] + [damage(draw, data[index])] + data[index + 1:]
    return draw(JSON)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_damaged_states_and_records_are_refused_cleanly(game_id):
    game = pygames.get_game(game_id)
    state, legal, earlier = positions(game_id)[1]
    saved = json.loads(json.dumps(game.to_dict(state)))
    n = game.num_players(state)
    rng = Rng(f"record/{game_id}")
    s = game.new_game(n, 11)
    actions = []
    for _ in range(30):
        if game.is_over(s):
            break
        legal = game.legal_actions(s)
        actions.append(legal[rng.randbelow(len(legal))])
        s = game.apply(s, actions[-1])
    record = json.loads(json.dumps(make_record(game, n, 11, {}, ["human"] + ["random"] * (n - 1), actions)))

    @given(st.data())
    def check(data):
        bad_state = damage(data.draw, saved)
        try:
            game.from_dict(bad_state)
        except RecordError as exc:
            assert str(exc)
        bad_record = damage(data.draw, record)
        try:
            replay(bad_record)
        except RecordError as exc:
            assert str(exc)
        try:
            replay(json.dumps(bad_record)[: data.draw(st.integers(0, 400))])
        except RecordError:
            pass

    check()
