"""Bot tests: the normal level beats random players clearly; every level returns legal actions."""

from __future__ import annotations

import random

from pygames.bots import make_bot
from pygames.core import Rng
from pygames.games.oriflamme import bot
from pygames.games.oriflamme.rules import GAME

GAMES = 24  # per player count, seat-rotated, fixed seeds


def play(n, levels, seed):
    bots = [make_bot(level, f"ori-bot/{seed}/{s}") for s, level in enumerate(levels)]
    state = GAME.new_game(n, seed)
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        action = bots[seat].choose(GAME, GAME.view(state, seat), legal, seat)
        assert action in legal
        state = GAME.apply(state, action)
    return GAME.winners(state)


def test_normal_beats_random_more_than_twice_its_fair_share():
    for n in (3, 4, 5):
        share = 0.0
        for index in range(GAMES):
            hero = index % n
            levels = ["normal" if s == hero else "random" for s in range(n)]
            winners = play(n, levels, 9000 + 100 * n + index)
            if hero in winners:
                share += 1 / len(winners)
        assert share / GAMES >= 2 / n, (n, share / GAMES)


def test_scores_cover_every_legal_action():
    rng = random.Random(5)
    for seed in range(10):
        state = GAME.new_game(3 + seed % 3, seed)
        while not GAME.is_over(state):
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            values = bot.scores(GAME.view(state, seat), legal, seat, Rng(seed))
            assert len(values) == len(legal) and all(isinstance(v, float) for v in values)
            choice = bot.rollout(GAME, state, legal, Rng(seed))
            assert all(0.0 <= r <= 1.0 for r in bot.evaluate(GAME, state))
            assert choice in legal
            state = GAME.apply(state, rng.choice(legal))


def test_hard_bot_plays_legal_moves():
    state = GAME.new_game(3, 2)
    hard = make_bot("hard", 1, iterations=15)
    for _ in range(12):
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        action = hard.choose(GAME, GAME.view(state, seat), legal, seat)
        assert action in legal
        state = GAME.apply(state, action)
