"""Property tests for Great Houses over seeded random games (quick tier).

Random games per player count play to the end; along the way: cards and plots are
conserved, states round-trip through JSON, apply never mutates its argument, views
leak nothing (hidden cards permuted give the same view), sample_state is consistent
with the view and keeps the mover's legal actions, and games replay exactly.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pygames import RecordError
from pygames.core import Rng, make_record, replay
from pygames.games.houses.cards import STANDARD_PLOTS
from pygames.games.houses.rules import GAME

QUICK_GAMES = {2: 250, 3: 200, 4: 150}
DEEP_GAMES = {2: 8, 3: 5, 4: 4}
OPTION_SETS = [
    {},
    {"dominance": "each_turn_active", "stand": "end_of_round", "reserve_check": False},
    {"dominance": "end_of_round", "deck_out": "eliminate", "initiative": "winner_chooses",
     "mulligan": True, "agendas": True},
    {"victory_power": 20, "deck_0": "solmere", "house_0": "vorhelm", "agendas": True},
]


def random_game(n: int, seed: int, options: dict | None = None, every=None):
    """Play uniformly random legal actions to the end; call every(state, action, step) before each."""
    state = GAME.new_game(n, seed, options)
    rng = Rng(seed * 31 + n)
    actions = []
    step = 0
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        assert legal, "a live state has legal actions"
        action = legal[rng.randbelow(len(legal))]
        if every is not None:
            every(state, action, step)
        state = GAME.apply(state, action)
        actions.append(action)
        step += 1
        assert step < 5000, "game too long"
    return state, actions


def check_conservation(state):
    for p in state["players"]:
        cards = p["deck"] + p["hand"] + p["discard"] + p["dead"] + p["facedown"]
        for inst in p["chars"] + p["locs"]:
            cards.append(inst["cid"])
            cards += inst["atts"]
        assert sorted(cards) == p["decklist"]
        plots = p["plots"] + p["used"] + ([p["plot"]] if p["plot"] else [])
        assert sorted(plots) == sorted(STANDARD_PLOTS)
        assert p["gold"] >= 0 and p["power"] >= 0
        assert all(i["power"] >= 0 for i in p["chars"])
    uids = [i["uid"] for p in state["players"] for i in p["chars"] + p["locs"]]
    assert len(uids) == len(set(uids))


def permuted_hidden(state, seat, rng):
    """The same state with every card ``seat`` cannot see re-dealt (and other secrets changed)."""
    other = json.loads(json.dumps(state))
    for i, p in enumerate(other["players"]):
        if i == seat:
            rng.shuffle(p["deck"])
            continue
        pool = p["hand"] + p["deck"] + p["facedown"]
        rng.shuffle(pool)
        nh, nf = len(p["hand"]), len(p["facedown"])
        p["hand"], p["facedown"], p["deck"] = pool[:nh], pool[nh:nh + nf], pool[nh + nf:]
        if p["choice"] is not None:
            p["choice"] = p["plots"][rng.randbelow(len(p["plots"]))]
        if p["agenda"] is not None and not other["revealed"]:
            p["agenda"] = ["none", "undivided", "banners", "hoard"][rng.randbelow(4)]
    other["rng"] = rng.next64()
    return other


@pytest.mark.parametrize("n", [2, 3, 4])
def test_HOU_P1_random_games_end_and_conserve(n):
    ends = Counter()
    for seed in range(QUICK_GAMES[n]):
        opts = OPTION_SETS[seed % len(OPTION_SETS)]
        state, _ = random_game(n, seed, opts)
        check_conservation(state)
        assert GAME.winners(state) and GAME.current_player(state) is None
        assert len(GAME.scores(state)) == n
        ends[state["end"]] += 1
    assert ends["power"] > 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_HOU_P2_deep_checks_along_random_games(n):
    def every(state, action, step):
        if step % 6:
            return
        check_conservation(state)
        before = json.dumps(state, sort_keys=True)
        after = GAME.apply(state, action)
        assert json.dumps(state, sort_keys=True) == before, "apply changed its argument"
        # JSON round trip of the state dict
        data = json.loads(json.dumps(GAME.to_dict(after)))
        assert GAME.from_dict(data) == after
        rng = Rng(step * 7 + n)
        mover = GAME.current_player(state)
        for seat in [None, *range(n)]:
            view = GAME.view(state, seat)
            json.dumps(view)
            assert "rng" not in view
            if seat is not None:
                assert GAME.view(permuted_hidden(state, seat, rng), seat) == view
                sampled = GAME.sample_state(view, seat, rng)
                check_conservation(sampled)
                assert GAME.view(sampled, seat) == view
                if seat == mover:
                    assert GAME.legal_actions(sampled) == GAME.legal_actions(state)
                    # the sampled state plays on
                    legal = GAME.legal_actions(sampled)
                    GAME.apply(sampled, legal[rng.randbelow(len(legal))])

    for seed in range(DEEP_GAMES[n]):
        opts = OPTION_SETS[seed % len(OPTION_SETS)]
        state, actions = random_game(n, 1000 + seed, opts, every)
        # exact replay from the record
        record = make_record(GAME, n, 1000 + seed, opts, ["random"] * n, actions)
        record["game"] = GAME.id
        again = GAME.new_game(n, 1000 + seed, opts)
        for a in actions:
            again = GAME.apply(again, a)
        assert again == state


def test_HOU_P3_replay_through_core_records():
    import pygames
    if "houses" not in pygames.GAMES:
        pytest.skip("registered later")
    state, actions = random_game(2, 77)
    record = make_record(GAME, 2, 77, {}, ["random", "random"], actions)
    assert replay(json.loads(json.dumps(record))) == state


def test_HOU_P4_damaged_saves_are_refused():
    state = GAME.new_game(2, 5)
    good = GAME.to_dict(state)
    for bad in (None, [], {"game": "coup"}, dict(good, version=99),
                dict(good, state={"num_players": 2, "rng": 1}),
                dict(good, state=dict(good["state"], stage="nonsense"))):
        with pytest.raises(RecordError):
            GAME.from_dict(bad)


def test_HOU_P5_views_of_spectator_hold_no_private_log():
    state, _ = random_game(3, 9)
    view = GAME.view(state, None)
    assert all("to" not in e for e in view["log"])
    assert all("hand" not in p and "deck" not in p for p in view["players"])


def test_HOU_P6_apply_matches_actions_by_type_too():
    """``_legal_match`` compares actions as ``strict_equal`` does: an equal value of another type
    (True for 1, 1.0 for 1) or a dict subclass is not the listed action."""
    from collections import OrderedDict

    from pygames.core import IllegalAction
    rng = Rng("types")
    state = GAME.new_game(3, 11)
    checked = 0
    while not GAME.is_over(state) and checked < 300:
        legal = GAME.legal_actions(state)
        for action in legal[:6]:
            for key, value in action.items():
                if type(value) is int:
                    for twin in (float(value), bool(value)) if value in (0, 1) else (float(value),):
                        with pytest.raises(IllegalAction):
                            GAME.apply(state, {**action, key: twin})
            with pytest.raises(IllegalAction):
                GAME.apply(state, OrderedDict(action))
            checked += 1
        state = GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert checked >= 300


def test_HOU_P7_copies_share_no_list_the_rules_change():
    """``apply`` shares the hand, the piles, the lists of cards in play and the challenge's lists
    with the state before (they are replaced, never changed in place): every earlier state of a
    game is still exactly as it was when made."""
    for n in (2, 3, 4):
        rng = Rng(f"share{n}")
        state = GAME.new_game(n, 7 + n)
        kept = []
        while not GAME.is_over(state):
            kept.append((state, json.dumps(state, sort_keys=True)))
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
        assert all(json.dumps(s, sort_keys=True) == text for s, text in kept)
