"""Bot tests for Great Houses: the normal heuristic beats random play clearly."""

from __future__ import annotations

import time

from pygames.bots import make_bot
from pygames.games.houses import bot
from pygames.games.houses.rules import GAME


def play(levels, seed, options=None):
    n = len(levels)
    state = GAME.new_game(n, seed, options)
    bots = [make_bot(level, f"{seed}/{i}") for i, level in enumerate(levels)]
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        action = bots[seat].choose(GAME, GAME.view(state, seat), GAME.legal_actions(state), seat)
        state = GAME.apply(state, action)
    return state


def test_HOU_B1_normal_beats_random_two_players():
    wins = games = 0
    for seed in range(12):
        for me in (0, 1):
            levels = ["random", "random"]
            levels[me] = "normal"
            state = play(levels, seed)
            winners = GAME.winners(state)
            wins += (me in winners) / len(winners)
            games += 1
    assert wins / games >= 0.8


def test_HOU_B2_normal_beats_random_four_players():
    wins = games = 0
    for seed in range(6):
        for me in range(4):
            levels = ["random"] * 4
            levels[me] = "normal"
            state = play(levels, 100 + seed)
            winners = GAME.winners(state)
            wins += (me in winners) / len(winners)
            games += 1
    assert wins / games >= 2 * 0.25


def test_HOU_B3_heuristic_is_fast_and_scores_every_action():
    from pygames.core import Rng
    rng = Rng(3)
    worst = 0.0
    state = GAME.new_game(3, 4)
    bots = [make_bot("normal", i) for i in range(3)]
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state)
        start = time.perf_counter()
        sc = bot.scores(view, legal, seat, rng)
        worst = max(worst, time.perf_counter() - start)
        assert len(sc) == len(legal)
        state = GAME.apply(state, bots[seat].choose(GAME, view, legal, seat))
    assert worst < 0.5  # generous: a loaded test machine; typical decisions take ~1 ms
