"""The Coup heuristic bot: sensible single decisions, and normal clearly beats random."""

from __future__ import annotations

from coup_helpers import GAME, mover, play, setup, view

from pygames.bots import make_bot
from pygames.core import Rng
from pygames.games.coup import bot as coup_bot

D, A, CA, AM, CO = "duke", "assassin", "captain", "ambassador", "contessa"


def choose(state, level="normal", seed=1):
    seat = mover(state)
    return make_bot(level, seed).choose(GAME, view(state, seat), GAME.legal_actions(state), seat)


def test_bot_challenges_an_impossible_claim():
    s = setup(3, [[CA, CO], [D, D], [D, AM]], coins=[7, 2, 2])
    s = play(s, "coup>2", "lose:duke", "income", "income")   # the third Duke is now face up
    s = play(s, "tax")                                        # A claims a Duke that cannot exist
    assert mover(s) == 1
    assert choose(s) == {"type": "challenge"}


def test_bot_blocks_an_assassination_with_its_contessa():
    s = setup(3, [[A, CA], [D, CO], [AM, D]], coins=[3, 2, 2])
    s = play(s, "assassinate>1")
    assert choose(s) == {"type": "block", "card": "contessa"}


def test_bot_reveals_the_claimed_card_when_challenged():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]])
    s = play(s, "tax", "challenge")
    assert choose(s) == {"type": "reveal", "card": "duke"}


def test_bot_coups_when_it_can():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]], coins=[7, 2, 5])
    action = choose(s)
    assert action["type"] == "coup"
    assert action["target"] == 2                              # the strongest (richest) opponent


def test_bot_loses_its_weakest_card():
    s = setup(3, [[D, CA], [A, CO], [AM, D]], coins=[7, 2, 2])
    s = play(s, "coup>2")
    assert choose(s) == {"type": "lose", "card": "ambassador"}


def test_bot_keeps_the_best_cards_on_exchange():
    s = setup(3, [[AM, AM], [A, CO], [CA, CO]], top=[D, A])
    s = play(s, "exchange", "pass", "pass")
    kept = choose(s)["cards"]
    assert D in kept and AM not in kept[1:]


def test_bot_scores_every_legal_action_in_random_positions():
    rng = Rng(5)
    for seed in range(30):
        n = 2 + seed % 5
        options = {"inquisitor": seed % 2 == 0, "diplomat": seed % 3 == 0, "factions": n >= 3 and seed % 4 < 2}
        s = GAME.new_game(n, seed, options)
        while not GAME.is_over(s):
            seat = mover(s)
            legal = GAME.legal_actions(s)
            values = coup_bot.scores(view(s, seat), legal, seat, rng)
            assert len(values) == len(legal) and all(isinstance(v, float) for v in values)
            s = GAME.apply(s, legal[rng.randbelow(len(legal))])


def test_rollout_policy_returns_legal_actions():
    rng = Rng(2)
    s = GAME.new_game(4, 9, {"inquisitor": True, "factions": True})
    while not GAME.is_over(s):
        legal = GAME.legal_actions(s)
        action = coup_bot.rollout(GAME, s, legal, rng)
        assert action in legal
        s = GAME.apply(s, action)


def test_rollout_policy_answers_every_kind_of_step_with_a_legal_action():
    """The hard bot's playout policy at every step kind of random games with every extra character,
    and evaluate's rewards there (in [0, 1], summing to 1)."""
    rng = Rng("rollout/steps")
    options = [{}, {"inquisitor": True}, {"diplomat": True, "factions": True}, {"inquisitor": True, "wins_needed": 2}]
    checked = set()
    for index in range(24):
        s = GAME.new_game(3 + index % 4, index, options[index % len(options)])
        while not GAME.is_over(s):
            legal = GAME.legal_actions(s)
            assert coup_bot.rollout(GAME, s, legal, rng.fork()) in legal
            rewards = coup_bot.evaluate(GAME, s)
            assert all(0.0 <= r <= 1.0 for r in rewards) and abs(sum(rewards) - 1.0) < 1e-9
            checked.add(s["queue"][0]["k"])
            s = GAME.apply(s, legal[rng.randbelow(len(legal))])
    assert {"act", "react", "lose", "reveal", "keep", "show", "inspect"} <= checked


def test_evaluate_gives_rewards_in_0_1_that_favour_the_stronger_seat():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]], coins=[7, 2, 2], wins_needed=3)
    s = play(s, "coup>1", "lose:assassin")
    rewards = coup_bot.evaluate(GAME, s)
    assert all(0.0 <= r <= 1.0 for r in rewards) and abs(sum(rewards) - 1.0) < 1e-9
    assert rewards[2] > rewards[1]


def test_normal_bot_never_bluffs_an_assassination():
    """A bluffed assassination is challenged by a target about to lose a card far more often than other
    claims (docs/bots.md): the normal bot assassinates only with its assassin."""
    bluff = setup(2, [[D, CA], [A, CO]], coins=[4, 2])
    honest = setup(2, [[A, CA], [D, CO]], coins=[4, 2])
    for seed in range(20):
        assert choose(bluff, seed=seed)["type"] != "assassinate"
    assert any(choose(honest, seed=seed)["type"] == "assassinate" for seed in range(20))


def test_normal_bot_claims_a_blocker_against_a_repeated_steal():
    """Against a first steal it passes (a bluffed block risks a card for two coins); against a player
    who keeps stealing from it, an unchallenged block also saves the next steals, so it claims one."""
    first = play(setup(2, [[CA, D], [A, CO]], coins=[2, 2]), "steal>1")
    again = play(first, "pass", "income", "steal>1")
    for seed in range(10):
        assert choose(first, seed=seed) == {"type": "pass"}
        assert choose(again, seed=seed)["type"] == "block"


def test_last_card_costs_less_when_the_race_is_lost():
    """Two players left, the bot on its last card: when the race of plain moves (the opponent's claimed
    Duke against its own cards) ends with the opponent's coup, a gamble risks a card it loses anyway."""
    start = play(setup(2, [[A, CO], [D, CA]], first=1, coins=[1, 7]), "coup>0", "lose:assassin", "income")
    losing = play(start, "tax", "pass")         # seat 1 claims the Duke: 3 coins a turn
    level = play(start, "income")                # seat 1 claims nothing: the race is not decided
    assert coup_bot.Knowledge(view(losing, 0), 0).race_lost()
    assert coup_bot.Knowledge(view(losing, 0), 0).my_card_cost() == coup_bot.LOST_RACE_CARD
    assert not coup_bot.Knowledge(view(level, 0), 0).race_lost()
    assert coup_bot.Knowledge(view(level, 0), 0).my_card_cost() == coup_bot.DEATH


def test_normal_bot_beats_random_in_two_player_games():
    games, wins = 200, 0
    for g in range(games):
        state = GAME.new_game(2, g)
        normal_seat = g % 2
        bots = {normal_seat: make_bot("normal", f"n{g}"), 1 - normal_seat: make_bot("random", f"r{g}")}
        while not GAME.is_over(state):
            seat = mover(state)
            action = bots[seat].choose(GAME, view(state, seat), GAME.legal_actions(state), seat)
            state = GAME.apply(state, action)
        wins += normal_seat in GAME.winners(state)
    assert wins >= 0.8 * games, f"normal won only {wins} of {games}"


def test_opponents_in_the_search_prove_a_claim_they_hold():
    """The hard bot's model of an answer to a challenge: a holder shows the card; otherwise (or at any
    other step) the hook leaves the choice to the opponent model."""
    state = setup(2, [["duke", "contessa"], ["captain", "ambassador"]], first=0)
    state = play(state, "tax", "challenge")
    legal = GAME.legal_actions(state)
    assert coup_bot.obvious_reply(GAME, state, legal, 0) == {"type": "reveal", "card": "duke"}
    bluff = play(setup(2, [["captain", "contessa"], ["captain", "ambassador"]], first=0), "tax", "challenge")
    assert coup_bot.obvious_reply(GAME, bluff, GAME.legal_actions(bluff), 0) is None
    start = setup(2, [["duke", "contessa"], ["captain", "ambassador"]], first=0)
    assert coup_bot.obvious_reply(GAME, start, GAME.legal_actions(start), 0) is None


def _claim_odds(state, seat, claimant, card, samples=400):
    view = GAME.view(state, seat)
    rng = Rng("odds")
    return sum(card in coup_bot.determinize(GAME, view, seat, rng.fork())["hands"][claimant]
               for _ in range(samples)) / samples


def test_claim_odds_depend_on_the_claim_and_on_the_claimants_record():
    """An assassination (3 coins) is believed more than an exchange; a contessa claimed against an
    assassination on the last card tells little; a claimant caught bluffing before is believed less."""
    hands = [["duke", "duke"], ["captain", "contessa"], ["captain", "duke"]]
    assassinate = play(setup(3, hands, first=1, coins=[2, 3, 2]), "assassinate>0")
    exchange = play(setup(3, hands, first=1, coins=[2, 3, 2]), "exchange")
    assert _claim_odds(assassinate, 0, 1, "assassin") > _claim_odds(exchange, 0, 1, "ambassador") + 0.15
    # seat 1 on its last card: its contessa against an assassination is near the card-counting odds
    last = play(setup(2, [["assassin", "duke"], ["contessa", "captain"]], first=0, coins=[10, 2]),
                "coup>1", "lose:captain", "income", "assassinate>1", "block:contessa")
    assert GAME.view(last, None)["hand_counts"] == [2, 1] and GAME.current_player(last) == 0
    view = GAME.view(last, 0)
    rng = Rng("prior")
    prior = sum("contessa" in GAME.sample_state(view, 0, rng.fork())["hands"][1] for _ in range(400)) / 400
    assert _claim_odds(last, 0, 1, "contessa") < prior + 0.1


def test_a_caught_bluffer_is_believed_less():
    base = [["duke", "duke"], ["contessa", "ambassador"]]
    honest = play(setup(2, base, first=1), "tax")
    caught = setup(2, base, first=1)
    caught = play(caught, "tax", "challenge", "reveal:ambassador")  # caught: loses its ambassador
    caught = play(caught, "income", "tax")                         # claims the duke again
    assert GAME.view(caught, None)["hand_counts"][1] == 1
    scales = coup_bot.honesty_scales(GAME.view(caught, 0))
    assert scales[1] > 1.0 and coup_bot.honesty_scales(GAME.view(honest, 0))[1] == 1.0


def test_hard_bot_searches_only_challenges_it_believes_and_no_bluffed_assassination():
    """``root_actions``: a challenge of a claim the searched deals mostly support is not searched, one
    of a claim that cannot be true is; against an assassination of the last card the contessa is claimed
    instead, unless it cannot be held;
    a bluffed assassination is never searched, a true one is."""
    def roots(state):
        seat = mover(state)
        legal = GAME.legal_actions(state)
        return coup_bot.root_actions(GAME, view(state, seat), legal, seat, Rng("roots"))

    challenge = {"type": "challenge"}
    # seat 1 claims the duke; seat 0 sees none of the three: the claim is believed
    believed = play(setup(2, [[CA, CO], [D, AM]], first=1), "tax")
    assert challenge in GAME.legal_actions(believed) and challenge not in roots(believed)
    assert {"type": "pass"} in roots(believed)
    # seat 0 holds two dukes and the third is face up: the claim cannot be true
    impossible = play(setup(3, [[D, D], [CA, AM], [D, CO]], first=0, coins=[7, 2, 2]),
                      "coup>2", "lose:duke", "income", "tax")
    assert mover(impossible) == 0 and challenge in roots(impossible)
    # an assassination of seat 0's last card, by a player who never challenged: claim the contessa
    last = play(setup(2, [[CA, CO], [A, AM]], first=1, coins=[2, 10]), "coup>0", "lose:contessa",
                "income", "assassinate>0")
    assert mover(last) == 0 and challenge not in roots(last)
    assert {"type": "block", "card": "contessa"} in roots(last)
    # ... unless the three contessas are face up: then the challenge is the only hope
    shown = play(setup(3, [[CA, CO], [A, AM], [CO, CO]], first=1, coins=[2, 24, 2]),
                 "coup>2", "lose:contessa", "income", "income", "coup>2",  # its last card goes by itself
                 "income", "coup>0", "lose:contessa", "income", "assassinate>0")
    assert mover(shown) == 0 and challenge in roots(shown)
    # seat 0 without an assassin does not search an assassination; with one it does
    bluff = setup(2, [[CA, CO], [D, AM]], first=0, coins=[3, 2])
    assert not any(a["type"] == "assassinate" for a in roots(bluff))
    honest = setup(2, [[A, CO], [D, AM]], first=0, coins=[3, 2])
    assert any(a["type"] == "assassinate" for a in roots(honest))
