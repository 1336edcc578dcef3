"""The compact playout engine (pygames/games/coup/compact.py) against the rules engine, in lockstep.

The compact engine is only worth having if it plays exactly the rules: every test here plays
random games in both engines side by side, from the same state, and compares at every step
the legal actions (translated to the rules' dicts), the whole state (the compact table loaded
afresh from the rules' state against the one that played along) and the generator.
"""

from __future__ import annotations

import itertools

import pytest

from pygames.bots.ismcts import IsmctsBot
from pygames.core import Rng, SetupError
from pygames.games.coup import bot as coup_bot
from pygames.games.coup import compact
from pygames.games.coup.compact import Table, action_dict
from pygames.games.coup.rules import GAME


#: the fields of the turn's main action, meaningful only while ``has_info``
INFO_FIELDS = ("actor", "action", "target", "claim", "negative", "blocker", "block_card", "blocked", "failed",
               "challenger")


def fields(table: Table) -> dict:
    """Everything a table holds, comparable (steps as tuples, the generator as its state)."""
    out = {name: getattr(table, name) for name in Table.__slots__ if name not in ("rng", "queue")
           and (table.has_info or name not in INFO_FIELDS)}
    out["rng"] = table.rng.state
    out["queue"] = [tuple(step) for step in table.queue]
    return out


def lockstep(players: int, options: dict, seed: int, games: int) -> int:
    """Play ``games`` random games in both engines in lockstep; return the actions compared."""
    rng = Rng(f"compact/{players}/{sorted(options.items())}/{seed}")
    compared = 0
    for _ in range(games):
        state = GAME.new_game(players, rng.randbelow(1 << 30), options)
        table = Table(state)
        while True:
            legal = GAME.legal_actions(state)
            mine = table.legal()
            assert [action_dict(table, a) for a in mine] == legal
            assert table.to_move() == GAME.current_player(state)
            if not legal:
                assert table.over and GAME.is_over(state)
                assert table.winners() == GAME.winners(state)
                break
            index = rng.randbelow(len(legal))
            state = GAME.apply(state, legal[index])
            table.play(mine[index])
            assert fields(table) == fields(Table(state))
            assert table.rng.state == state["rng"]
            compared += 1
    return compared


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
            table = Table(sample)
            for _ in range(30):  # play on in both
                legal = GAME.legal_actions(sample)
                if not legal:
                    break
                index = rng.randbelow(len(legal))
                sample = GAME.apply(sample, legal[index])
                table.play(table.legal()[index])
                assert fields(table) == fields(Table(sample))
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
            legal = GAME.legal_actions(state)
            table = Table(state)
            seed = rng.next64()
            mine, theirs = Rng(seed), Rng(seed)
            picked = coup_bot.compact_rollout(table, table.legal(), mine)
            assert action_dict(table, picked) == coup_bot.rollout(GAME, state, legal, theirs)
            assert mine.state == theirs.state
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
    """The search with the compact playout hook and without it (playouts through ``advance``): the
    same choices and the same visits and values at every root action."""
    rng = Rng("compact/bot")
    positions = []
    for game_index in range(8):
        options = [{}, {"inquisitor": True}, {"diplomat": True, "factions": True}, {"wins_needed": 2}][game_index % 4]
        state = GAME.new_game(3 + game_index % 4, game_index, options)
        for _ in range(rng.randbelow(20)):
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
        if len(GAME.legal_actions(state)) > 1:
            positions.append(state)
    assert len(positions) >= 5

    def decisions() -> list:
        out = []
        for index, state in enumerate(positions):
            seat = GAME.current_player(state)
            bot = IsmctsBot(seed=index, iterations=60, max_seconds=None)
            action = bot.choose(GAME, GAME.view(state, seat), GAME.legal_actions(state), seat)
            out.append((action, [(row["visits"], row["value"]) for row in bot.last_stats]))
        return out

    with_compact = decisions()
    monkeypatch.delattr(coup_bot, "playout")
    assert decisions() == with_compact
