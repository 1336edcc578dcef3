"""The compact playout engine (pygames/games/coup/compact.py) against the rules engine, in lockstep.

The compact engine is only worth having if it plays exactly the rules: every test here plays
random games in both engines side by side, from the same state, and compares at every step
the legal actions (translated to the rules' dicts), the whole state (the compact table loaded
afresh from the rules' state against the one that played along) and the generator.
"""

from __future__ import annotations

import itertools

import pytest

from pygames.core import Rng, SetupError
from pygames.games.coup import bot as coup_bot
from pygames.games.coup import compact
from pygames.games.coup.compact import Table, action_dict
from pygames.games.coup.rules import GAME

from compact_checks import (assert_same_policy_pick, assert_search_unchanged_by_the_hook, play_in_lockstep,
                            random_positions, table_fields)


#: the fields of the turn's main action, meaningful only while ``has_info``
INFO_FIELDS = ("actor", "action", "target", "claim", "negative", "blocker", "block_card", "blocked", "failed",
               "challenger")


def fields(table: Table) -> dict:
    """Everything a table holds, comparable (the turn's fields only while it has them)."""
    out = table_fields(table, lambda name: name != "queue" and (table.has_info or name not in INFO_FIELDS))
    out["queue"] = [tuple(step) for step in table.queue]
    return out


def lockstep(players: int, options: dict, seed: int, games: int) -> int:
    """Play ``games`` random games in both engines in lockstep; return the actions compared."""
    rng = Rng(f"compact/{players}/{sorted(options.items())}/{seed}")
    return sum(play_in_lockstep(GAME, compact, GAME.new_game(players, rng.randbelow(1 << 30), options), rng, fields)
               for _ in range(games))


OPTION_SETS = [dict(zip(("factions", "inquisitor", "diplomat"), flags))
               for flags in itertools.product((False, True), repeat=3)]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(k for k, v in o.items() if v) or "base")
def test_compact_engine_plays_the_rules_in_lockstep_with_every_option(options):
    players_from = 3 if options["factions"] else 2
    compared = 0
    for players in range(players_from, 7):
        compared += lockstep(players, options, players, games=6)
    assert compared > 500  # the games really were played


def test_compact_engine_plays_several_rounds_in_lockstep():
    """Rounds after the first are dealt by the compact engine itself (the same draws)."""
    for players in (2, 4, 6):
        lockstep(players, {"wins_needed": 3}, 7, games=3)
    lockstep(5, {"wins_needed": 2, "factions": True, "inquisitor": True}, 8, games=3)


def test_compact_engine_loads_a_determinization_mid_turn():
    """The hard bot loads determinized states at any step (an exchange's kept cards pending, a
    reaction window half answered): a table loaded there plays on as the rules do."""
    rng = Rng("compact/determinized")
    loaded = set()
    for game_index in range(40):
        options = OPTION_SETS[game_index % len(OPTION_SETS)]
        state = GAME.new_game(4, game_index, options)
        while not GAME.is_over(state):
            seat = GAME.current_player(state)
            sample = GAME.sample_state(GAME.view(state, seat), seat, rng.fork())
            loaded.add(sample["queue"][0]["k"])
            play_in_lockstep(GAME, compact, sample, rng, fields, limit=30)  # play on in both
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert {"act", "react", "lose", "keep", "reveal"} <= loaded


@pytest.mark.parametrize("options", OPTION_SETS[::3] + [{"wins_needed": 2}], ids=str)
def test_compact_engine_deals_a_new_game_as_new_game_does(options):
    for players in range(3, 7):
        for seed in (0, 1, "table"):
            assert fields(Table.deal(players, seed, options)) == fields(Table(GAME.new_game(players, seed, options)))
    assert fields(Table.deal(2, 5)) == fields(Table(GAME.new_game(2, 5)))


def test_compact_deal_refuses_what_new_game_refuses_and_fixed_deals():
    for players in (1, 7, True, "4"):
        with pytest.raises(SetupError):
            Table.deal(players, 0)
    with pytest.raises(SetupError):
        Table.deal(2, 0, {"factions": "yes"})
    with pytest.raises(SetupError):
        Table.deal(3, 0, {"first_player": 1})


def test_compact_actions_name_the_rules_actions():
    state = GAME.new_game(3, 1, {"inquisitor": True, "factions": True})
    table = Table(state)
    other = (table.turn + 1) % 3
    names = [action_dict(table, a) for a in table.legal()]
    assert {"type": "income"} in names and {"type": "examine", "target": other} in names
    assert action_dict(table, compact.EXAMINE * 8 + other) == {"type": "examine", "target": other}
    assert compact.KINDS[compact.EXAMINE] == "examine"


# ---------------------------------------------------------------- the hard bot's playouts on it
def test_compact_rollout_picks_what_the_rollout_policy_picks():
    """The same policy on both engines: from the same state and generator, the same action and the
    same draws (so the hard bot's search is the same game, only faster)."""
    rng = Rng("compact/policy")
    checked = set()
    for game_index in range(60):
        options = OPTION_SETS[game_index % len(OPTION_SETS)]
        state = GAME.new_game(3 + game_index % 4, game_index, options)
        while not GAME.is_over(state):
            assert_same_policy_pick(GAME, compact, coup_bot, state, rng)
            legal = GAME.legal_actions(state)
            checked.add(state["queue"][0]["k"])
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
        assert coup_bot.compact_evaluate(Table(state)) == coup_bot.evaluate(GAME, state)
    assert {"act", "react", "lose", "reveal", "keep", "show", "inspect"} <= checked


def test_compact_evaluate_is_evaluate_mid_game():
    for options in ({"wins_needed": 2}, {"coins": [12, 0, 5, 10]}):  # rich purses: evaluate caps coins
        state = GAME.new_game(4, 3, options)
        rng = Rng(4)
        for _ in range(25):
            legal = GAME.legal_actions(state)
            if not legal:
                break
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
            assert coup_bot.compact_evaluate(Table(state)) == coup_bot.evaluate(GAME, state)


def test_hard_bot_decides_the_same_with_compact_playouts(monkeypatch):
    """The search with the compact playout hook and without it: the same choices, visits and values."""
    options = [{}, {"inquisitor": True}, {"diplomat": True, "factions": True}, {"wins_needed": 2}]
    positions = random_positions(GAME, Rng("compact/bot"), [(3 + i % 4, options[i % 4]) for i in range(8)], 20)
    assert len(positions) >= 5
    assert_search_unchanged_by_the_hook(monkeypatch, GAME, coup_bot, positions)
