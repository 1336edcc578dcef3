"""Koryo bot: the normal level (game heuristic) beats random players clearly, seat-rotated
over a fixed set of seeded games (deterministic)."""

from __future__ import annotations

import pytest

from pygames.bots import make_bot
from pygames.core import Rng
from pygames.games.koryo import bot
from pygames.games.koryo.rules import GAME

GAMES = 60


def win_share(n: int, games: int) -> float:
    share = 0.0
    for g in range(games):
        hero = g % n
        bots = [make_bot("normal" if s == hero else "random", f"koryo-bot/{n}/{g}/{s}") for s in range(n)]
        state = GAME.new_game(n, 9000 + 10 * n + g)
        while not GAME.is_over(state):
            seat = GAME.current_player(state)
            action = bots[seat].choose(GAME, GAME.view(state, seat), GAME.legal_actions(state), seat)
            state = GAME.apply(state, action)
        winners = GAME.winners(state)
        if hero in winners:
            share += 1 / len(winners)
    return share / games


@pytest.mark.parametrize("n", [2, 3, 4])
def test_normal_bot_beats_random(n):
    share = win_share(n, GAMES)
    needed = 0.8 if n == 2 else 2 / n
    assert share >= needed, f"{n} players: normal won {share:.2f} of the games, needs {needed:.2f}"


def test_scores_cover_every_decision():
    rng = Rng(3)
    for g in range(6):
        state = GAME.new_game(3, g)
        while not GAME.is_over(state):
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            values = bot.scores(GAME.view(state, seat), legal, seat, rng)
            assert len(values) == len(legal) and all(isinstance(v, float) for v in values)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])


def test_hard_bot_uses_rollout_and_evaluate_on_sampled_states():
    from pygames.bots.ismcts import IsmctsBot
    state = GAME.new_game(3, 17)
    hard = IsmctsBot("koryo-hard", iterations=12, rollout_depth=30)
    rng = Rng(5)
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        action = hard.choose(GAME, GAME.view(state, seat), legal, seat) if seat == 0 \
            else legal[rng.randbelow(len(legal))]
        assert action in legal
        state = GAME.apply(state, action)
    rewards = bot.evaluate(GAME, state)
    assert len(rewards) == 3 and all(0.0 <= r <= 1.0 for r in rewards)


def test_soft_scores_of_one_changed_seat_equal_the_full_soft_scores():
    """SoftScores (the playouts' shortcut) gives exactly soft_scores' values for tables that differ
    in one seat, the Omniscient, the events and ties included."""
    rng = Rng("soft-scores")
    for _ in range(300):
        n = 2 + rng.randbelow(3)
        tables = [[0] + [rng.randbelow(3) for _ in range(11)] for _ in range(n)]
        coins = [rng.randbelow(3) for _ in range(n)]
        rounds_left, bank = rng.randbelow(8), rng.randbelow(9)
        soft = bot.SoftScores(tables, coins, rounds_left, bank)
        for _ in range(4):
            seat = rng.randbelow(n)
            changed = list(tables)
            changed[seat] = [max(0, c + rng.randbelow(3) - 1) for c in tables[seat]]
            assert soft.of(changed, seat) == bot.soft_scores(changed, coins, rounds_left, bank)
