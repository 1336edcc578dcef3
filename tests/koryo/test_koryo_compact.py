"""The compact playout engine (pygames/games/koryo/compact.py) against the rules engine, in lockstep.

The compact engine is only worth having if it plays exactly the rules: every test here plays
random games in both engines side by side, from the same state, and compares at every step
the legal actions (translated to the rules' dicts), the whole state (the compact table loaded
afresh from the rules' state against the one that played along) and the generator.
"""

from __future__ import annotations

import itertools

import pytest

from pygames.bots.ismcts import IsmctsBot
from pygames.core import Rng, SetupError, clone
from pygames.games.koryo import bot as koryo_bot
from pygames.games.koryo import cards as C
from pygames.games.koryo import compact
from pygames.games.koryo.compact import Table, action_dict
from pygames.games.koryo.rules import GAME

from compact_checks import (assert_same_policy_pick, assert_search_unchanged_by_the_hook, play_in_lockstep,
                            random_positions, table_fields)


def fields(table: Table) -> dict:
    """Everything a table holds, comparable."""
    return table_fields(table)


def as_state(table: Table) -> dict:
    """The rules engine's state that ``table`` holds (without the log): loading and playing are both
    checked against the rules' own fields."""
    return {"num_players": table.n,
            "options": {"events": table.events, "play_limit": table.play_limit, "no_shuffle": table.no_shuffle},
            "round": table.round, "first": table.first, "phase": compact.PHASE_NAMES[table.phase],
            "turn": table.turn, "step": None if table.step == compact.NO_STEP else compact.STEP_NAMES[table.step],
            "deck": table.deck, "hands": table.hands, "facedown": table.facedown, "tables": table.tables,
            "coins": table.coins, "bank": table.bank, "deal": table.dealt,
            "ship": None if table.ship < 0 else table.ship, "revealed": table.revealed,
            "pending": [compact.PENDING_NAMES[kind] for kind in table.pending],
            "discard_left": table.discard_left, "keep_limit": table.keep_limit, "rng": table.rng.state}


def without_log(state: dict) -> dict:
    return {key: value for key, value in state.items() if key != "log"}


def same_state(table: Table, before: dict, after: dict) -> None:
    """play_in_lockstep's extra check: the table read back as the rules' state, the totals at the end."""
    assert as_state(table) == without_log(after)
    if GAME.is_over(after):
        assert table.totals() == GAME.scores(after)


def lockstep(players: int, options: dict, seed: int | str, games: int, state: dict | None = None) -> int:
    """Play ``games`` random games in both engines in lockstep (from new_game, or from ``state``),
    the table also read back as the rules' state; return the actions compared."""
    rng = Rng(f"compact/{players}/{sorted(options.items())}/{seed}")
    compared = 0
    for _ in range(games):
        game_state = GAME.new_game(players, rng.randbelow(1 << 30), options) if state is None else state
        assert as_state(Table(game_state)) == without_log(game_state)
        compared += play_in_lockstep(GAME, compact, game_state, rng, fields, check=same_state)
    return compared


OPTION_SETS = [{"events": events, "play_limit": limit}
               for events, limit in itertools.product(("5-5", "6-4"), (True, False))]


def option_id(options: dict) -> str:
    return f"{options['events']}{'' if options['play_limit'] else '+no_play_limit'}"


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_compact_engine_plays_the_rules_in_lockstep_with_every_option(players, options):
    compared = lockstep(players, options, players, games=40)
    assert compared > 40 * 8 * players  # the games really were played (every round's plays at least)


def test_compact_engine_reaches_every_decision_and_every_automatic_step():
    """The lockstep games above meet every decision (steals, the Priest, destroys, swaps, discards,
    the Ship Owner's two kinds) and the automatic ones (a single steal target, a blocked Lobbying ...)."""
    rng = Rng("compact/coverage")
    steps, play2 = set(), 0
    for game_index in range(120):
        options = OPTION_SETS[game_index % len(OPTION_SETS)]
        state = GAME.new_game(2 + game_index % 3, game_index, options)
        table = Table(state)
        while not table.over:
            legal = table.legal()
            steps.add(compact.STEP_NAMES[table.step])
            play2 += sum(1 for a in legal if table.step == compact.PLAY and a >= compact.PLAY2)
            table.play(legal[rng.randbelow(len(legal))])
    assert steps == set(compact.STEP_NAMES) and play2 > 0


#: fixed deals (the rules' test options) for what random games almost never meet
FIXED_DEALS = [
    # a late start with fixed tables, hands and gold (3 players)
    {"start_round": 6, "coins": [2, 1, 0], "tables": [[3, 3, 6], [7, 7, 10], [1, 9, 11]],
     "hands": [[2, 2, 5], [4, 4, 8, 10], [6, 8]], "first_player": 2},
    # hands of one kind, without the play limit (up to the whole hand) and with it (3 players)
    {"hands": [[9, 9, 9, 9, 9], [7, 7], [3]], "play_limit": False, "first_player": 0},
    {"hands": [[9, 9, 9, 9, 9], [7, 7], [3]], "first_player": 0},
    # one card each: a single legal play (3 players)
    {"hands": [[5], [6], [2]], "start_round": 7, "first_player": 0},
    # the Ship Owner's two kinds with two cards in hand, no play limit (3 players)
    {"tables": [[5, 5], [], []], "hands": [[2, 11], [4, 4], [6]], "play_limit": False, "first_player": 0},
    # the Spy's steal: seat 1 and seat 2 have the same soft score, seat 2 more gold (3 players)
    {"tables": [[2, 2], [1], []], "coins": [0, 1, 2], "first_player": 0},
    # full tables, many events (4 players): the deck runs out at the deal (some hands short or empty),
    # and the End phase discards every character of a table
    {"tables": [[10, 10, 10, 11, 11, 2, 3, 3, 6, 6], [10, 10, 11, 11, 11, 4, 4, 4, 5, 9],
                [9, 9, 9, 8, 8, 8, 7, 7, 7, 7], [6, 6, 6, 6, 5, 5, 5, 5, 9, 9]]},
    {"tables": [[10, 10, 10, 11, 11, 2, 3, 3, 6, 6], [10, 10, 11, 11, 11, 4, 4, 4, 5, 9],
                [9, 9, 9, 8, 8, 8, 7, 7, 7, 7], [6, 6, 6, 6, 5, 5, 5, 5, 9, 9]], "play_limit": False},
]


def test_compact_engine_plays_fixed_deals_loaded_from_new_game():
    """Table(state) loads any state, the test options' fixed deals included (a late start, fixed tables,
    hands and gold, and no_shuffle: cards taken from the top, nothing drawn at random), and plays on."""
    for options in [*FIXED_DEALS, {**FIXED_DEALS[0], "no_shuffle": True}, {"no_shuffle": True, "events": "6-4"},
                    {"start_round": 8, "play_limit": False}]:
        players = len(options.get("tables", options.get("hands", [0, 0, 0])))
        for seed in range(8):
            state = GAME.new_game(players, seed, options)
            lockstep(players, options, seed, games=1, state=state)


def starts(games: int) -> list[dict]:
    """The first states of ``games`` random games (every option and player count) and of the fixed deals."""
    out = [GAME.new_game(2 + index % 3, index, OPTION_SETS[index % len(OPTION_SETS)]) for index in range(games)]
    for options in FIXED_DEALS:
        players = len(options.get("tables", options.get("hands", [])))
        out += [GAME.new_game(players, seed, options) for seed in range(4)]
    return out


def steal_scores(options: dict) -> list[float]:
    """The rollout policy's values of the first steal's targets in a fixed deal (first actions)."""
    state = GAME.new_game(3, 0, options)
    while state["step"] != "steal":
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    view = GAME.view(state, state["turn"])
    return koryo_bot.scores(view, GAME.legal_actions(state), state["turn"], None)


def test_fixed_deals_reach_the_rare_cases():
    """The fixed deals above do meet what they are there for."""
    hands = [GAME.new_game(3, 0, options)["hands"][0] for options in FIXED_DEALS[1:3]]
    assert [len(GAME.legal_actions(GAME.new_game(3, 0, options))) for options in FIXED_DEALS[1:4]] == [5, 3, 1]
    assert hands[0] == hands[1] and hands[0][9] == 5
    assert GAME.legal_actions(GAME.new_game(3, 0, FIXED_DEALS[4]))[-1] == {"type": "play2", "kinds": [2, 11]}
    assert steal_scores(FIXED_DEALS[5]) == [2.01, 2.02]  # the gold decides
    state = GAME.new_game(4, 0, FIXED_DEALS[6])
    assert sorted(state["deal"]) == [0, 0, 5, 10] and state["deck"] == []  # 15 cards for 41
    rng = Rng(1)
    while state["round"] == 1:
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[rng.randbelow(len(legal))])
    # seat 0's events alone fill its limit: every character went, without a decision
    assert sum(state["tables"][0][1:10]) == 0 and sum(state["tables"][0]) == 5


def test_compact_engine_loads_determinizations_mid_game():
    """The hard bot loads determinized states at any decision: a table loaded there plays on as the
    rules do."""
    rng = Rng("compact/determinized")
    loaded = set()
    for game_index in range(24):
        options = OPTION_SETS[game_index % len(OPTION_SETS)]
        state = GAME.new_game(2 + game_index % 3, game_index, options)
        while not GAME.is_over(state):
            seat = GAME.current_player(state)
            sample = GAME.sample_state(GAME.view(state, seat), seat, rng.fork())
            loaded.add(sample["step"])
            play_in_lockstep(GAME, compact, sample, rng, fields, limit=30, check=same_state)  # play on in both
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert {"play", "destroy", "swap", "discard"} <= loaded


def test_compact_engine_deals_a_later_round_from_a_short_deck():
    """A later round's deal when the deck runs out (fewer cards for the last seats, or none): random games
    never get there, so the deal is played on its own, by both engines, from the same state."""
    for seed in range(12):
        state = GAME.new_game(4, seed, FIXED_DEALS[6])
        # as at the end of round 1: the hands back in the deck, face-down piles empty
        returned = [kind for hand in state["hands"] for kind in C.KINDS for _ in range(hand[kind])]
        state = {**state, "deck": state["deck"] + returned, "hands": [[0] * C.NUM_KINDS for _ in range(4)],
                 "round": 2, "first": seed % 4}
        assert len(state["deck"]) < sum(C.DEAL[2] for _ in range(4))
        dealt = clone(state)
        rng = Rng(dealt["rng"])
        GAME._start_round(dealt, rng)
        dealt["rng"] = rng.state
        table = Table(state)
        table._start_round()
        assert fields(table) == fields(Table(dealt))
        assert 0 in dealt["deal"] or min(dealt["deal"]) < C.DEAL[2]


@pytest.mark.parametrize("options", [None, *OPTION_SETS[1:]], ids=lambda o: "default" if o is None else option_id(o))
def test_compact_engine_deals_a_new_game_as_new_game_does(options):
    for players in (2, 3, 4):
        for seed in (0, 1, 12345, "table", ""):
            assert fields(Table.deal(players, seed, options)) == fields(Table(GAME.new_game(players, seed, options)))


def test_compact_deal_refuses_what_new_game_refuses_and_fixed_deals():
    for players in (1, 5, True, "4", None):
        with pytest.raises(SetupError):
            GAME.new_game(players, 0)
        with pytest.raises(SetupError):
            Table.deal(players, 0)
    for options in ({"events": "7-3"}, {"play_limit": "yes"}, {"colour": "red"}):
        with pytest.raises(SetupError):
            GAME.new_game(3, 0, options)
        with pytest.raises(SetupError):
            Table.deal(3, 0, options)
    with pytest.raises(SetupError):
        Table.deal(3, 1.5)
    for key, value in (("first_player", 1), ("no_shuffle", True), ("start_round", 3), ("coins", [0, 0, 0]),
                       ("deck", [1]), ("hands", [[1], [2], [2]]), ("tables", [[], [], []])):
        GAME.new_game(3, 0, {key: value})  # a fixed deal the rules engine deals ...
        with pytest.raises(SetupError):  # ... and the compact engine leaves to it
            Table.deal(3, 0, {key: value})


def test_compact_actions_name_the_rules_actions():
    assert action_dict(Table.deal(2, 0), 5 << 4 | 3) == {"type": "play", "kind": 5, "count": 3}
    state = GAME.new_game(3, 4, {"tables": [[5, 5, 5], [], [9]], "hands": [[2, 3, 11], [4], [6]],
                                  "first_player": 0})
    table = Table(state)
    assert table.ship == table.turn == state["ship"] == 0
    names = [action_dict(table, a) for a in table.legal()]
    assert {"type": "play2", "kinds": [3, 11]} in names and names == GAME.legal_actions(state)
    assert action_dict(table, compact.PLAY2 + (2 << 4 | 11)) == {"type": "play2", "kinds": [2, 11]}
    table.step = compact.SWAP
    assert action_dict(table, 0 << 12 | 5 << 8 | 2 << 4 | 9) == {"type": "swap", "a": 0, "ka": 5, "b": 2, "kb": 9}
    table.step = compact.DESTROY
    assert action_dict(table, 2 << 4 | 9) == {"type": "destroy", "target": 2, "kind": 9}


# ---------------------------------------------------------------- the hard bot's playouts on it
def test_compact_rollout_picks_what_the_rollout_policy_picks():
    """The same policy on both engines: from the same state and generator, the same action and the
    same draws (so the hard bot's search is the same game, only faster)."""
    rng = Rng("compact/policy")
    checked = set()
    for state in starts(48):
        while not GAME.is_over(state):
            assert_same_policy_pick(GAME, compact, koryo_bot, state, rng)
            legal = GAME.legal_actions(state)
            checked.add(state["step"])
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
            assert koryo_bot.compact_evaluate(Table(state)) == koryo_bot.evaluate(GAME, state)
    assert checked == set(compact.STEP_NAMES)


def test_playout_hook_is_the_search_playout():
    """The hook against the search's own playout (``_rollout`` with advance, then ``_rewards``) from the
    same states and generators: the same reward and the same draws, at every depth (cut playouts scored
    by evaluate, finished ones by the winners), the state left as it was."""
    rng = Rng("compact/hook")
    search = IsmctsBot(seed=0)
    compared = 0
    for state in starts(12):  # the fixed deals: single legal actions (no policy call, no draw), a short deck
        while not GAME.is_over(state):
            seat = GAME.current_player(state)
            sample = GAME.sample_state(GAME.view(state, seat), seat, rng.fork())
            before = repr(sample)
            depth = (5, 20, 80)[compared % 3]
            seed = rng.next64()
            mine, theirs = Rng(seed), Rng(seed)
            reward = koryo_bot.playout(GAME, sample, mine, depth, seat)
            assert repr(sample) == before
            played = clone(sample)
            search._rollout(GAME, koryo_bot, played, theirs, depth)
            assert reward == search._rewards(GAME, koryo_bot, played, seat)
            assert mine.state == theirs.state
            compared += 1
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert compared > 300


def test_compact_evaluate_is_evaluate_mid_game():
    for options in ({}, {"coins": [3, 0, 2, 1], "tables": [[2, 2, 6], [3, 3, 3, 1], [4, 4], [10]]}):
        state = GAME.new_game(4, 3, options)
        rng = Rng(4)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
            assert koryo_bot.compact_evaluate(Table(state)) == koryo_bot.evaluate(GAME, state)


def test_hard_bot_decides_the_same_with_compact_playouts(monkeypatch):
    """The search with the compact playout hook and without it: the same choices, visits and values."""
    settings = [(2 + i % 3, OPTION_SETS[i % len(OPTION_SETS)]) for i in range(8)]
    positions = random_positions(GAME, Rng("compact/bot"), settings, 25)
    assert len(positions) >= 6
    assert_search_unchanged_by_the_hook(monkeypatch, GAME, koryo_bot, positions)
