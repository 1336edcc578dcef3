"""Tournay bots: the normal heuristic beats random play clearly (fixed seeds: deterministic)."""

from __future__ import annotations

from pygames.bots import make_bot
from pygames.core import Rng
from pygames.games.tournay import bot
from pygames.games.tournay.rules import GAME


def match(levels, seed, rules):
    n = len(levels)
    bots = [make_bot(level, f"tournay-bot/{seed}/{i}") for i, level in enumerate(levels)]
    state = GAME.new_game(n, seed, {"rules": rules})
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        action = bots[seat].choose(GAME, GAME.view(state, seat), legal, seat)
        assert action in legal
        state = GAME.apply(state, action)
    return GAME.winners(state)


def normal_share(n, games):
    wins = 0.0
    for g in range(games):
        normal_seat = g % n
        levels = ["random"] * n
        levels[normal_seat] = "normal"
        winners = match(levels, 7000 + 10 * n + g, "advanced" if g % 3 == 2 else "normal")
        if normal_seat in winners:
            wins += 1 / len(winners)
    return wins / games


def test_normal_beats_random_at_two_players():
    assert normal_share(2, 10) >= 0.8


def test_normal_wins_at_least_twice_its_fair_share_at_four_players():
    assert normal_share(4, 8) >= 2 * (1 / 4)


def test_heuristic_scores_one_number_per_legal_action():
    state = GAME.new_game(3, 2)
    rng = Rng(1)
    for _ in range(60):
        seat = GAME.current_player(state)
        if seat is None:
            break
        legal = GAME.legal_actions(state)
        values = bot.scores(GAME.view(state, seat), legal, seat, rng)
        assert len(values) == len(legal) and all(isinstance(v, float) or isinstance(v, int) for v in values)
        state = GAME.apply(state, bot.rollout(GAME, state, legal, rng))
