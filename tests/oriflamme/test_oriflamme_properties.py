"""Property tests (quick tier): seeded random games per player count, conservation, round trips,
no mutation, exact replay, hidden information and sample_state."""

from __future__ import annotations

import json
import random

import pytest

from pygames.core import IllegalAction, Rng, make_record
from pygames.games.oriflamme.cards import KINDS
from pygames.games.oriflamme.rules import GAME

GAMES_PER_COUNT = 120


def random_game(n: int, seed: int):
    """Yield (state, action) along one seeded random game (options drawn too); finally (state, None)."""
    rng = random.Random(f"ori/{n}/{seed}")
    options = {"decree_triggers_ambush": rng.random() < 0.3}
    state = GAME.new_game(n, seed, options)
    while not GAME.is_over(state):
        action = rng.choice(GAME.legal_actions(state))
        yield state, action
        state = GAME.apply(state, action)
    yield state, None


def check_conservation(state):
    n = GAME.num_players(state)
    for seat in range(n):
        view = GAME.view(state, seat)
        own = list(view["hand"]) + list(view["removed"]) + list(view["discard"][seat])
        own += [c["k"] for stack in view["queue"] for c in stack if c["o"] == seat]
        assert sorted(own) == sorted(KINDS)
        assert len(view["removed"]) == 3
    view = GAME.view(state, None)
    assert all(v >= 0 for v in view["ip"])
    for stack in view["queue"]:
        assert stack
        for card in stack:
            assert card["ip"] >= 0
            if card["up"]:
                assert card["ip"] == 0 and card["k"] not in ("ambush", "conspiracy")
    assert sum(view["hand_counts"]) == n * (7 - view["round"] + 1) - (view["turn"] if view["phase"] == "place" else n) \
        or view["phase"] == "over"


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_end_conserve_and_replay(n):
    for seed in range(GAMES_PER_COUNT):
        actions = []
        options = None
        for index, (state, action) in enumerate(random_game(n, seed)):
            if options is None:
                options = {"decree_triggers_ambush": GAME.view(state, None)["options"]["decree_triggers_ambush"]}
            if seed < 10 or index % 9 == 0:
                check_conservation(state)
            if action is None:
                final = state
                break
            actions.append(action)
        assert GAME.is_over(final) and GAME.view(final, None)["round"] == 6
        assert GAME.view(final, None)["hand_counts"] == [1] * n
        winners = GAME.winners(final)
        assert winners and all(GAME.scores(final)[w] == max(GAME.scores(final)) for w in winners)
        if seed % 10 == 0:
            record = json.loads(json.dumps(make_record(GAME, n, seed, options, ["random"] * n, actions)))
            again = GAME.new_game(record["num_players"], record["seed"], record["options"])
            for action in record["actions"]:
                again = GAME.apply(again, action)
            assert again == final


@pytest.mark.parametrize("n", [3, 5])
def test_round_trip_no_mutation_and_illegal_actions(n):
    for seed in range(15):
        for index, (state, action) in enumerate(random_game(n, 700 + seed)):
            if index % 5:
                continue
            data = json.loads(json.dumps(GAME.to_dict(state)))
            assert GAME.from_dict(data) == state
            snapshot = json.dumps(state, sort_keys=True)
            if action is not None:
                GAME.apply(state, action)
                for bad in ({"type": "place", "card": "nope", "at": "left"}, {"type": "target", "pos": 99},
                            {"type": "move", "pos": 0, "gap": -1}, {"type": "spy", "seat": 9}, {**action, "x": 1}):
                    with pytest.raises(IllegalAction):
                        GAME.apply(state, bad)
            assert json.dumps(state, sort_keys=True) == snapshot


def _hidden_slots(state, owner):
    """Places holding cards of ``owner`` that other seats cannot see (internal: for the leak test)."""
    slots = [("hand", i) for i in range(len(state["hands"][owner]))]
    slots += [("removed", i) for i in range(len(state["removed"][owner]))]
    for i, stack in enumerate(state["queue"]):
        for j, card in enumerate(stack):
            if card["o"] == owner and not card["up"]:
                slots.append(("queue", i, j))
    return slots


def _permute_hidden(state, owner, rng):
    slots = _hidden_slots(state, owner)
    kinds = []
    for slot in slots:
        if slot[0] == "queue":
            kinds.append(state["queue"][slot[1]][slot[2]]["k"])
        else:
            kinds.append(state[slot[0] + "s" if slot[0] == "hand" else slot[0]][owner][slot[1]])
    rng.shuffle(kinds)
    for slot, kind in zip(slots, kinds):
        if slot[0] == "queue":
            state["queue"][slot[1]][slot[2]]["k"] = kind
        elif slot[0] == "hand":
            state["hands"][owner][slot[1]] = kind
        else:
            state["removed"][owner][slot[1]] = kind
    state["hands"][owner].sort(key=KINDS.index)
    state["removed"][owner].sort(key=KINDS.index)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_views_leak_nothing(n):
    rng = random.Random(n)
    for seed in range(8):
        for index, (state, _) in enumerate(random_game(n, 300 + seed)):
            if index % 7:
                continue
            for seat in [None, *range(n)]:
                view = GAME.view(state, seat)
                assert json.loads(json.dumps(view)) == view and "rng" not in json.dumps(view)
                for other in range(n):
                    if other == seat:
                        continue
                    for stack in view["queue"]:
                        for card in stack:
                            if card["o"] == other and not card["up"]:
                                assert "k" not in card
                    changed = json.loads(json.dumps(state))
                    _permute_hidden(changed, other, rng)
                    assert GAME.view(changed, seat) == view


@pytest.mark.parametrize("n", [3, 4, 5])
def test_sample_state_is_consistent_with_the_view(n):
    for seed in range(15):
        for index, (state, _) in enumerate(random_game(n, 500 + seed)):
            if index % 3 or GAME.is_over(state):
                continue
            mover = GAME.current_player(state)
            for seat in range(n):
                view = GAME.view(state, seat)
                sampled = GAME.sample_state(view, seat, Rng(f"{seed}/{index}/{seat}"))
                assert GAME.view(sampled, seat) == view
                check_conservation(sampled)
                if seat == mover:
                    assert GAME.legal_actions(sampled) == GAME.legal_actions(state)
                    # the contract keeps working on the sample
                    action = GAME.legal_actions(sampled)[0]
                    GAME.apply(sampled, action)


def test_private_log_entries_reach_only_their_seat():
    state = GAME.new_game(3, 9)
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    mover = GAME.view(state, None)["log"][-1]["params"]["seat"]
    for seat in range(3):
        keys = [e["key"] for e in GAME.view(state, seat)["log"]]
        assert ("place_own" in keys) == (seat == mover)
        removed = [e for e in GAME.view(state, seat)["log"] if e["key"] == "removed"]
        assert [e["params"]["seat"] for e in removed] == [seat]
    assert all(e.get("to") is None for e in GAME.view(state, None)["log"])


def every_shaped_action(state) -> list[dict]:
    """Every action of every shape the game knows, with its numbers one beyond the queue's (or the
    table's) ends, so that legal and illegal ones of each kind are among them."""
    n = GAME.num_players(state)
    spots = range(-1, len(GAME.view(state, None)["queue"]) + 2)
    actions: list[dict] = [{"type": "reveal"}, {"type": "leave"}]
    for card in KINDS:
        actions += [{"type": "place", "card": card, "at": at} for at in ("center", "left", "right", "stack")]
        actions += [{"type": "place", "card": card, "at": "stack", "pos": i} for i in spots]
    actions += [{"type": kind, "pos": i} for kind in ("target", "copy") for i in spots]
    actions += [{"type": "spy", "seat": s} for s in range(-1, n + 1)]
    actions += [{"type": "move", "pos": i, way: j} for i in spots for j in spots for way in ("gap", "onto")]
    return actions


def test_apply_accepts_exactly_the_listed_actions():
    """The direct legality check (``_legal_match``) agrees with the legal list on every action of
    every shape, in every decision of random games: placements, reveals, targets, spies, copies and
    Royal Decree moves."""
    kinds_met = set()
    for n, seed in [(n, seed) for n in (3, 4, 5) for seed in range(6)]:
        for state, _ in random_game(n, 7000 + seed):
            if GAME.is_over(state):
                break
            listed = {json.dumps(a, sort_keys=True) for a in GAME.legal_actions(state)}
            for action in every_shaped_action(state):
                if json.dumps(action, sort_keys=True) in listed:
                    GAME.apply(state, action)
                    kinds_met.add(action["type"])
                else:
                    with pytest.raises(IllegalAction):
                        GAME.apply(state, action)
    assert kinds_met == {"place", "reveal", "leave", "target", "spy", "copy", "move"}
