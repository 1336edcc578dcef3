"""Checks every compact playout engine's tests share (tests/<game>/test_<game>_compact.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygames.bots.ismcts import IsmctsBot
from pygames.core import Rng


def table_fields(table: Any, keep: Callable[[str], bool] = lambda name: True) -> dict:
    """Everything a compact table holds (its ``__slots__``; those ``keep`` accepts), comparable: the
    generator as its state, lists inside tuples as they are."""
    out = {name: getattr(table, name) for name in type(table).__slots__ if name != "rng" and keep(name)}
    out["rng"] = table.rng.state
    return out


def random_positions(game: Any, rng: Rng, settings: list[tuple[int, dict]], max_moves: int) -> list[dict]:
    """For each (players, options): a new game played on at random for up to ``max_moves`` actions;
    the positions where the seat to move has a choice."""
    positions = []
    for index, (players, options) in enumerate(settings):
        state = game.new_game(players, index, options)
        for _ in range(rng.randbelow(max_moves)):
            legal = game.legal_actions(state)
            if not legal:
                break
            state = game.apply(state, legal[rng.randbelow(len(legal))])
        if len(game.legal_actions(state)) > 1:
            positions.append(state)
    return positions


def hard_bot_decisions(game: Any, positions: list[dict], depths: tuple = (None,), iterations: int = 60) -> list:
    """The hard bot's choice, and the visits and value of every root action, at each position (for
    each playout depth; None: the game's own)."""
    out = []
    for index, state in enumerate(positions):
        seat = game.current_player(state)
        for depth in depths:
            settings = {} if depth is None else {"rollout_depth": depth}
            bot = IsmctsBot(seed=index, iterations=iterations, max_seconds=None, **settings)
            action = bot.choose(game, game.view(state, seat), game.legal_actions(state), seat)
            out.append((action, [(row["visits"], row["value"]) for row in bot.last_stats]))
    return out


def assert_search_unchanged_by_the_hook(monkeypatch, game: Any, bot_module: Any, positions: list[dict],
                                        depths: tuple = (None,)) -> None:
    """The search with the bot module's compact ``playout`` hook and without it (playouts through
    ``advance``): the same choices, visits and values; and the hook was really used."""
    hook, calls = bot_module.playout, []

    def counted(*args: Any) -> float:
        calls.append(args[3])
        return hook(*args)

    monkeypatch.setattr(bot_module, "playout", counted)
    with_compact = hard_bot_decisions(game, positions, depths)
    assert len(calls) > 30 * len(positions) * len(depths)  # most iterations ended in a playout
    monkeypatch.delattr(bot_module, "playout")
    assert hard_bot_decisions(game, positions, depths) == with_compact


def play_in_lockstep(game: Any, engine: Any, state: dict, rng: Rng, fields: Callable[[Any], dict], *,
                     limit: int | None = None, choose: Callable[[dict, list], int] | None = None,
                     check: Callable[[Any, dict, dict], None] | None = None) -> int:
    """Play from ``state`` in the rules engine and, side by side, in a table of the compact ``engine``
    module loaded from it (to the end, or ``limit`` actions): at every step the same legal actions
    (``engine.action_dict``), the same seat to move; after each action the table equal by ``fields``
    to one loaded afresh from the rules' state, the same generator; at the end the same winners.
    ``choose(state, legal)`` picks the action's index (else at random); ``check(table, before,
    after)`` adds a game's own comparisons after each action. Returns the actions compared."""
    table = engine.Table(state)
    compared = 0
    while limit is None or compared < limit:
        legal = game.legal_actions(state)
        mine = table.legal()
        assert [engine.action_dict(table, action) for action in mine] == legal
        assert table.to_move() == game.current_player(state)
        if not legal:
            assert table.over and game.is_over(state)
            assert table.winners() == game.winners(state)
            break
        assert not table.over and table.winners() == []
        index = rng.randbelow(len(legal)) if choose is None else choose(state, legal)
        before, state = state, game.apply(state, legal[index])
        table.play(mine[index])
        assert fields(table) == fields(engine.Table(state))
        assert table.rng.state == state["rng"]
        if check is not None:
            check(table, before, state)
        compared += 1
    return compared


def assert_same_policy_pick(game: Any, engine: Any, bot_module: Any, state: dict, rng: Rng) -> None:
    """From ``state`` and the same generator, the bot module's ``compact_rollout`` on a table loaded
    from it picks the action its ``rollout`` picks on the state, and draws the same numbers."""
    legal = game.legal_actions(state)
    table = engine.Table(state)
    seed = rng.next64()
    mine, theirs = Rng(seed), Rng(seed)
    picked = bot_module.compact_rollout(table, table.legal(), mine)
    assert engine.action_dict(table, picked) == bot_module.rollout(game, state, legal, theirs)
    assert mine.state == theirs.state
