"""The compact playout engine (pygames/games/oriflamme/compact.py) against the rules engine, in lockstep.

The compact engine is only worth having if it plays exactly the rules: every test here plays
random games in both engines side by side, from the same state, and compares at every step
the legal actions (translated to the rules' dicts), the whole state (the compact table loaded
afresh from the rules' state against the one that played along) and the generator.
"""

from __future__ import annotations

import pytest

from pygames.bots.ismcts import IsmctsBot
from pygames.core import Rng, SetupError, clone
from pygames.games.oriflamme import bot as ori_bot
from pygames.games.oriflamme import compact
from pygames.games.oriflamme.compact import Table, action_dict
from pygames.games.oriflamme.rules import GAME

from compact_checks import (assert_same_policy_pick, assert_search_unchanged_by_the_hook, play_in_lockstep,
                            random_positions, table_fields)

OPTION_SETS = [{}, {"decree_triggers_ambush": True}]
#: a hand for the deals that keep the queue short (most cards eliminate, move or steal): the rare
#: paths (an ability without a target, one's own Ambush eliminated, ...) come up in a few games
KILLERS = ["archer", "soldier", "assassination", "decree", "ambush", "shapeshifter", "spy"]
#: what the random games must have gone through for the lockstep tests to mean something (log keys)
EVENTS = {"ambush", "ambush_own", "ambush_decree", "copy", "copy_none", "eliminate", "heir_none", "move",
          "no_target", "reveal_ambush", "reveal_conspiracy", "spy_none", "steal", "leave", "discard"}


def fields(table: Table) -> dict:
    """Everything a table holds, comparable."""
    return table_fields(table)


def lockstep(state: dict, rng: Rng, events: set | None = None, limit: int | None = None,
             reveal: float = 0.0) -> int:
    """Play random actions from ``state`` in both engines in lockstep (to the end, or ``limit``
    actions; a face-down card is revealed with at least the chance ``reveal``; the log's event keys
    collected in ``events``); return the actions compared."""
    def choose(state: dict, legal: list) -> int:
        if legal[0]["type"] == "reveal" and rng.random() < reveal:
            return 0
        return rng.randbelow(len(legal))

    def collect(table: Table, before: dict, after: dict) -> None:
        if events is not None:
            events.update(entry["key"] for entry in after["log"][len(before["log"]):])

    return play_in_lockstep(GAME, compact, state, rng, fields, limit=limit, choose=choose, check=collect)


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "decree_triggers_ambush"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_compact_engine_plays_the_rules_in_lockstep(players, options):
    rng = Rng(f"compact/{players}/{sorted(options)}")
    events: set = set()
    compared = 0
    for _ in range(60):
        compared += lockstep(GAME.new_game(players, rng.randbelow(1 << 30), options), rng, events)
    assert compared > 60 * 12 * players  # the games really were played (6 placements a player and more)
    for _ in range(30):  # random seating, the same short-queue hand for everyone
        state = GAME.new_game(players, rng.randbelow(1 << 30), {**options, "hands": [KILLERS] * players})
        lockstep(state, rng, events, reveal=0.9)
    expected = EVENTS if options else EVENTS - {"ambush_decree"}
    assert expected <= events, expected - events
    if not options:
        assert "ambush_decree" not in events


def test_compact_engine_plays_fixed_deals_of_the_test_options():
    """States dealt with the test options (fixed seating, first player, hands) load and play on too."""
    rng = Rng("compact/fixed")
    deals = [{"no_shuffle": True},
             {"seating": [2, 0, 1], "first_player": 1},
             {"no_shuffle": True, "hands": [["decree", "ambush", "archer", "soldier", "spy", "heir", "lord"], None,
                                            ["ambush", "decree", "assassination", "conspiracy", "shapeshifter",
                                             "archer", "spy"]], "decree_triggers_ambush": True},
             {"removed": [["heir", "lord", "spy"], ["archer", "soldier", "decree"], None, None]}]
    for options in deals:
        players = len(options.get("hands") or options.get("removed") or options.get("seating") or [0, 1, 2])
        for seed in range(4):
            lockstep(GAME.new_game(players, seed, options), rng)


def test_compact_engine_loads_a_determinization_mid_round():
    """The hard bot loads determinized states at any decision (placing, revealing, choosing a target,
    a seat to spy on, a card to copy, a move): a table loaded there plays on as the rules do."""
    rng = Rng("compact/determinized")
    loaded = set()
    for game_index in range(40):
        state = GAME.new_game(3 + game_index % 3, game_index, OPTION_SETS[game_index % 2])
        while not GAME.is_over(state):
            seat = GAME.current_player(state)
            sample = GAME.sample_state(GAME.view(state, seat), seat, rng.fork())
            loaded.add("place" if sample["pending"] is None else sample["pending"]["type"])
            lockstep(sample, rng, limit=12)
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert {"place", "reveal", "target", "spy", "copy", "move"} <= loaded


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "decree_triggers_ambush"])
def test_compact_engine_deals_a_new_game_as_new_game_does(options):
    for players in (3, 4, 5):
        for seed in (0, 1, 2, 3, "table", 2 ** 63 + 5):
            assert fields(Table.deal(players, seed, options)) == fields(Table(GAME.new_game(players, seed, options)))
    assert fields(Table.deal(4, 7)) == fields(Table(GAME.new_game(4, 7)))


def test_compact_deal_refuses_what_new_game_refuses_and_fixed_deals():
    for players in (2, 6, True, "4"):
        with pytest.raises(SetupError):
            Table.deal(players, 0)
    for seed in (1.5, None, True):
        with pytest.raises(SetupError):
            Table.deal(3, seed)
    with pytest.raises(SetupError):
        Table.deal(3, 0, {"decree_triggers_ambush": "yes"})
    with pytest.raises(SetupError):
        Table.deal(3, 0, {"stacking": True})
    for fixed in ({"first_player": 1}, {"no_shuffle": True}, {"seating": [0, 1, 2]}):
        GAME.new_game(3, 0, fixed)  # the rules engine deals them
        with pytest.raises(SetupError):
            Table.deal(3, 0, fixed)


def test_compact_actions_name_the_rules_actions():
    """A placement on a stack names the placer's n-th own stack: the rules' position of that stack."""
    state = GAME.new_game(3, 1, {"no_shuffle": True})  # seats 0, 1, 2 place in turn
    for action in ({"type": "place", "card": "archer", "at": "center"},
                   {"type": "place", "card": "archer", "at": "right"},
                   {"type": "place", "card": "spy", "at": "left"},
                   {"type": "leave"}, {"type": "leave"}, {"type": "leave"}):
        state = GAME.apply(state, action)
    table = Table(state)  # round 2: seat 1 places first; its only stack is the last of three
    assert table.to_move() == 1 and table.owners == [2, 0, 1]
    mine = table.legal()
    assert mine[:3] == [compact.SOLDIER << 6 | compact.LEFT, compact.SOLDIER << 6 | compact.RIGHT,
                        compact.SOLDIER << 6 | compact.ON_STACK]
    assert [action_dict(table, a) for a in mine[:3]] == [
        {"type": "place", "card": "soldier", "at": "left"}, {"type": "place", "card": "soldier", "at": "right"},
        {"type": "place", "card": "soldier", "at": "stack", "pos": 2}]
    table.play(mine[2])
    assert table.queue[2] == [[compact.ARCHER, False, 1], [compact.SOLDIER, False, 0]]
    assert fields(table) == fields(Table(GAME.apply(state, {"type": "place", "card": "soldier", "at": "stack",
                                                            "pos": 2})))
    assert compact.C.KINDS[compact.SHAPESHIFTER] == "shapeshifter"


# ---------------------------------------------------------------- the hard bot's playouts on it
def test_compact_rollout_picks_what_the_rollout_policy_picks():
    """The same policy on both engines: from the same state and generator, the same action and the
    same draws (so the hard bot's search is the same game, only faster); and the same evaluation."""
    rng = Rng("compact/policy")
    checked = set()
    for game_index in range(30):
        state = GAME.new_game(3 + game_index % 3, game_index, OPTION_SETS[game_index % 2])
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            table = Table(state)
            if len(legal) > 1:  # the search plays a single legal action without asking the policy
                assert_same_policy_pick(GAME, compact, ori_bot, state, rng)
                checked.add("place" if state["pending"] is None else state["pending"]["type"])
            assert ori_bot.compact_evaluate(table) == ori_bot.evaluate(GAME, state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
        assert ori_bot.compact_evaluate(Table(state)) == ori_bot.evaluate(GAME, state)
    assert {"place", "reveal", "target", "spy", "copy", "move"} <= checked


def test_playout_hook_is_the_searchs_playout():
    """``playout`` returns what ``IsmctsBot._rollout`` then ``_rewards`` give from the same state and
    generator, leaves the generator where they leave it, and leaves the state as it was."""
    rng = Rng("compact/hook")
    search = IsmctsBot(seed=0)
    ended = cut = 0
    for game_index in range(12):
        state = GAME.new_game(3 + game_index % 3, game_index, OPTION_SETS[game_index % 2])
        while not GAME.is_over(state):
            seat = rng.randbelow(state["num_players"])
            for depth in (0, 1, 7, 40, 200):
                seed = rng.next64()
                before = clone(state)
                mine_rng, theirs_rng = Rng(seed), Rng(seed)
                mine = ori_bot.playout(GAME, state, mine_rng, depth, seat)
                theirs = clone(state)
                search._rollout(GAME, ori_bot, theirs, theirs_rng, depth)
                assert mine == search._rewards(GAME, ori_bot, theirs, seat)
                assert mine_rng.state == theirs_rng.state
                assert state == before
                ended += GAME.is_over(theirs)
                cut += not GAME.is_over(theirs)
            for _ in range(1 + rng.randbelow(12)):
                legal = GAME.legal_actions(state)
                if not legal:
                    break
                state = GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert ended > 20 and cut > 20


def test_hard_bot_decides_the_same_with_compact_playouts(monkeypatch):
    """The search with the compact playout hook and without it: the same choices, visits and values,
    with playouts mostly to the end (depth 80, the default) and cut (depth 12: ``evaluate``)."""
    settings = [(3 + i % 3, OPTION_SETS[i % 2]) for i in range(8)]
    positions = random_positions(GAME, Rng("compact/bot"), settings, 50)
    assert len(positions) >= 6
    assert {"place", "reveal"} <= {"place" if s["pending"] is None else s["pending"]["type"] for s in positions}
    assert_search_unchanged_by_the_hook(monkeypatch, GAME, ori_bot, positions, depths=(80, 12))
