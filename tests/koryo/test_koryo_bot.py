"""Koryo bot: the normal level (game heuristic) beats random players clearly, seat-rotated
over a fixed set of seeded games (deterministic)."""

from __future__ import annotations

import pytest

from pygames.bots import make_bot
from pygames.core import Rng
from pygames.games.koryo import bot
from pygames.games.koryo import cards as C
from pygames.games.koryo.rules import GAME
from pygames.games.koryo.tables import most_cards

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


def test_rollout_policy_answers_every_step_with_a_legal_action():
    """The hard bot's playout policy at every step of random games, and evaluate's rewards there."""
    rng = Rng("rollout/steps")
    checked = set()
    for g in range(24):
        state = GAME.new_game(2 + g % 3, g)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            assert bot.rollout(GAME, state, legal, rng.fork()) in legal
            assert all(0.0 <= r <= 1.0 for r in bot.evaluate(GAME, state))
            checked.add(state["step"])
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
    assert {"play", "destroy", "discard", "steal", "priest", "swap"} <= checked


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
        assert soft.soft == bot.soft_scores(tables, coins, rounds_left, bank)
        for seat in range(n):  # one character card fewer (a destroy, a discard)
            for kind in C.CHARACTERS:
                if tables[seat][kind]:
                    fewer = bot._with(tables, seat, {kind: -1})
                    assert soft.minus_one(seat, kind) == bot.soft_scores(fewer, coins, rounds_left, bank)


def reference_soft_scores(tables: list[list[int]], coins: list[int], rounds_left: int, bank: int) -> list[float]:
    """soft_scores as the module's docstring defines it, written plainly (the first version of bot.py):
    the fast one must give the same floats to the last bit (the hard bot's playouts depend on it)."""
    soft = [float(coins[p] - table[C.BARBARIAN] - table[C.LOBBYING]) for p, table in enumerate(tables)]
    for k in C.CHARACTERS:
        top = most_cards(tables, k)
        if not top:
            continue
        if len(top) == 1:
            holder = top[0]
            additions = [(holder, k)]
        else:
            additions = [(p, bot.TIE_SHARE * k) for p in top]
            holder = next((p for p in top if tables[p][C.OMNISCIENT]), None)
        if rounds_left > 0 and holder is not None and k in bot.POWER_VALUE:
            value = bot.POWER_VALUE[k]
            if k == C.BANKER:
                additions.append((holder, value * min(bank, rounds_left)))
            elif k == C.PRIEST:
                events = tables[holder][C.BARBARIAN] + tables[holder][C.LOBBYING]
                additions.append((holder, value + (0.7 if events else 0.0)))
            elif k == C.SPY:
                additions.append((holder, value * min(rounds_left, 1 + sum(coins) // 2)))
            else:
                additions.append((holder, value * min(rounds_left, 3)))
        for p, amount in additions:
            soft[p] += amount
    return soft


def test_soft_scores_are_the_plain_definition():
    rng = Rng("soft-scores/reference")
    for _ in range(2000):
        n = 2 + rng.randbelow(3)
        tables = [[0] + [rng.randbelow(1 + rng.randbelow(4)) for _ in range(11)] for _ in range(n)]
        coins = [rng.randbelow(4) for _ in range(n)]
        rounds_left, bank = rng.randbelow(8), rng.randbelow(9)
        args = tables, coins, rounds_left, bank
        assert bot.soft_scores(*args) == reference_soft_scores(*args)
    for game_index in range(30):  # and on the tables of real games
        state = GAME.new_game(2 + game_index % 3, game_index)
        while not GAME.is_over(state):
            args = state["tables"], state["coins"], C.ROUNDS - state["round"], state["bank"]
            assert bot.soft_scores(*args) == reference_soft_scores(*args)
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
