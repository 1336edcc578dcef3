"""Koryo property tests (quick tier): seeded random games per player count.

No exception, the game ends, cards and gold are conserved, to_dict/from_dict round-trips
through JSON, apply never mutates its argument, views leak nothing (hidden cards permuted
give identical views), sample_state reproduces the view and the mover's legal actions,
and a record replays exactly (new_game + apply, as pygames.core.replay does once registered).
"""

from __future__ import annotations

import json

import pytest

from pygames.core import IllegalAction, RecordError, Rng, make_record
from pygames.games.koryo.rules import GAME, composition

GAMES = {2: 300, 3: 250, 4: 200}
DEEP_EVERY = 9          # deep checks (views, sampling, round trip) every N steps of the first games
DEEP_GAMES = 20


def options_for(seed: int) -> dict:
    return {"events": ["5-5", "6-4"][seed % 2], "play_limit": seed % 3 != 1}


def check_conservation(state, n):
    view = GAME.view(state, None)
    total = sum(composition(view["options"]["events"]))
    cards = view["deck_count"] + sum(view["hand_counts"]) + sum(view["facedown_counts"]) \
        + sum(map(sum, view["tables"]))
    assert cards == total
    assert view["bank"] + sum(view["coins"]) == 8
    assert view["bank"] >= 0 and min(view["coins"]) >= 0
    assert all(min(t) >= 0 for t in view["tables"])


def permute_hidden(state, seat, rng):
    """The same state with every card `seat` cannot see dealt again at random (same sizes)."""
    other = GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state))))
    n = other["num_players"]
    pool = list(other["deck"])
    for p in range(n):
        if p == seat:
            continue
        for group in ("hands", "facedown"):
            pool += [k for k in range(12) for _ in range(other[group][p][k])]
    rng.shuffle(pool)
    for p in range(n):
        if p == seat:
            continue
        for group in ("hands", "facedown"):
            size = sum(other[group][p])
            pile = [0] * 12
            for _ in range(size):
                pile[pool.pop()] += 1
            other[group][p] = pile
    other["deck"] = pool
    other["rng"] = rng.next64()
    return other


def deep_check(state, n, rng):
    data = json.loads(json.dumps(GAME.to_dict(state)))
    assert GAME.from_dict(data) == state
    mover = GAME.current_player(state)
    legal = GAME.legal_actions(state)
    for seat in [None, *range(n)]:
        view = GAME.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        for secret in ("rng", "deck", "hands", "facedown"):
            assert secret not in view
        if seat is None:
            assert view["hand"] is None and view["my_facedown"] is None
            continue
        # views leak nothing: hidden cards permuted -> the same view
        assert GAME.view(permute_hidden(state, seat, rng), seat) == view
        sampled = GAME.sample_state(view, seat, rng.fork())
        assert GAME.view(sampled, seat) == view
        check_conservation(sampled, n)
        if seat == mover:
            assert GAME.legal_actions(sampled) == legal
            # the contract works on the sampled state
            GAME.apply(sampled, legal[rng.randbelow(len(legal))])
    # apply never mutates its argument; illegal actions change nothing
    before = json.dumps(GAME.to_dict(state), sort_keys=True)
    GAME.apply(state, legal[-1])
    for bad in ({"type": "play", "kind": 12, "count": 1}, {"type": "discard"}, {**legal[0], "x": 1},
                {"type": "steal", "target": mover}):
        with pytest.raises(IllegalAction):
            GAME.apply(state, bad)
    assert json.dumps(GAME.to_dict(state), sort_keys=True) == before


@pytest.mark.parametrize("n", sorted(GAMES))
def test_random_games_keep_every_invariant(n):
    for index in range(GAMES[n]):
        seed = 100 * n + index
        rng = Rng(f"koryo/{seed}")
        options = options_for(seed)
        state = GAME.new_game(n, seed, options)
        actions = []
        step = 0
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            assert legal and GAME.current_player(state) is not None
            if index < DEEP_GAMES and step % DEEP_EVERY == 0:
                deep_check(state, n, rng)
            check_conservation(state, n)
            action = legal[rng.randbelow(len(legal))]
            state = GAME.apply(state, action)
            actions.append(action)
            step += 1
        assert GAME.legal_actions(state) == [] and GAME.current_player(state) is None
        winners = GAME.winners(state)
        scores = GAME.scores(state)
        assert winners == [s for s in range(n) if scores[s] == max(scores)]
        view = GAME.view(state, None)
        assert view["round"] == 8 and [row["total"] for row in view["final"]] == scores
        if index < DEEP_GAMES:
            record = json.loads(json.dumps(make_record(GAME, n, seed, options, ["random"] * n, actions)))
            again = GAME.new_game(record["num_players"], record["seed"], record["options"])
            for action in record["actions"]:
                again = GAME.apply(again, action)
            assert again == state
            assert GAME.from_dict(json.loads(json.dumps(GAME.to_dict(state)))) == state


def test_damaged_saved_states_are_refused():
    state = GAME.new_game(3, 5)
    data = GAME.to_dict(state)
    broken = json.loads(json.dumps(data))
    broken["state"]["deck"].pop()
    with pytest.raises(RecordError):
        GAME.from_dict(broken)
    broken = json.loads(json.dumps(data))
    broken["state"]["bank"] = 9
    with pytest.raises(RecordError):
        GAME.from_dict(broken)
    broken = json.loads(json.dumps(data))
    broken["state"]["phase"] = 3
    with pytest.raises(RecordError):
        GAME.from_dict(broken)
