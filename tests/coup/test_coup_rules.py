"""Coup rules, one test per rule or edge case (COUP-xx ids from research/rules-edge-cases.md, docs/rules/coup.md).

Every situation is built with the fixed-deal test options and played through the public contract.
"""

from __future__ import annotations

import pytest
from coup_helpers import (
    GAME,
    coins,
    counts,
    deck_count,
    hand,
    legal_types,
    log_keys,
    lost,
    mover,
    play,
    position,
    random_play,
    setup,
    view,
)

from pygames.core import IllegalAction, RecordError, Rng, SetupError

D, A, CA, AM, CO = "duke", "assassin", "captain", "ambassador", "contessa"


# ------------------------------------------------------------------ setup
def test_COUP_01_setup_4p_two_cards_two_coins_court_of_7():
    s = GAME.new_game(4, 11)
    v = view(s, None)
    assert v["hand_counts"] == [2, 2, 2, 2]
    assert v["coins"] == [2, 2, 2, 2]
    assert v["deck_count"] == 7
    assert sorted(v["chars"]) == sorted([D, A, CA, AM, CO])
    assert v["almshouse"] == 0 and v["factions"] is None


def test_COUP_02_two_players_both_start_with_one_coin_as_BGA():
    s = GAME.new_game(2, 5)
    assert coins(s) == [1, 1]
    assert deck_count(s) == 11


@pytest.mark.parametrize("n", [3, 5, 6])
def test_setup_court_size_by_player_count(n):
    s = GAME.new_game(n, 3)
    assert deck_count(s) == 15 - 2 * n
    assert coins(s) == [2] * n


def test_a_whole_court_deals_two_cards_per_seat_from_the_top_in_seat_order():
    deck = [D, A, CA, AM, CO, D, A, CA, AM, CO, D, A, CA, AM, CO]
    s = position(3, deck=deck, first=2, no_shuffle=True)
    assert hand(s, 0) == [D, A]
    assert hand(s, 1) == [CA, AM]
    assert hand(s, 2) == [D, CO]
    assert mover(s) == 2


def test_random_draws_take_only_the_cards_drawn_and_never_shuffle_the_court(monkeypatch):
    """Version 2 (docs/rules/coup.md, "Random draws"): a deal draws the dealt cards only (one
    number of the generator for the whole deal, one for the first player), a proven or swapped
    card is shuffled in by drawing its replacement at random from the court with it, and a
    returned exchange card simply joins the court: the court deck is never shuffled."""
    from pygames.core import rng as rng_module

    def no_shuffle(self, items):
        raise AssertionError("the court deck is never shuffled")

    numbers = []
    randbelow = rng_module.Rng.randbelow

    def counted(self, n):
        numbers.append(n)
        return randbelow(self, n)

    monkeypatch.setattr(rng_module.Rng, "shuffle", no_shuffle)
    monkeypatch.setattr(rng_module.Rng, "randbelow", counted)
    for n in range(2, 7):
        numbers.clear()
        state = GAME.new_game(n, 40 + n)
        assert len(numbers) == 2 and numbers[0] == n  # the first player, then the whole deal
        assert counts(state) == [2] * n and deck_count(state) == 15 - 2 * n
    choose = Rng("choices")  # the test's own choices, drawn before the patch counts them
    for n in (2, 4, 6):
        state = GAME.new_game(n, 7 * n, {"wins_needed": 2})
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[randbelow(choose, len(legal))])
        cards = list(state["deck"])
        for seat in range(n):
            cards += state["hands"][seat] + state["lost"][seat]
        assert sorted(cards) == sorted(c for c in state["chars"] for _ in range(3))


def test_an_exchange_draws_at_random_from_the_court_not_from_its_top():
    """With shuffling on, the court's order is never used: the exchange's two cards are drawn at
    random (with no_shuffle they are its top two, see test_proven_card_goes_to_the_bottom_with_no_shuffle)."""
    rest = [CA, CA, CA, AM, AM, AM, CO, D, A, A, CO]
    drawn = set()
    for seed in range(30):
        s = position(2, seed, hands=[[D, A], [D, CO]], deck=list(rest), first=0)
        s = play(s, "exchange", "pass")
        drawn.add(tuple(view(s, 0)["queue"][0]["drawn"]))
    assert len(drawn) >= 4  # drawn from the top, it would always be (captain, captain)


def test_games_saved_or_recorded_by_version_1_are_refused_with_a_clear_message():
    """The draws of version 2 differ from version 1's shuffles: an old record would replay
    another game, so it is refused, as is an old saved state."""
    from pygames.core import RecordError, make_record, replay

    assert GAME.version == 2
    state = GAME.new_game(3, 9)
    old = {**GAME.to_dict(state), "version": 1}
    with pytest.raises(RecordError, match="version 1"):
        GAME.from_dict(old)
    assert GAME.from_dict(GAME.to_dict(state)) == state
    record = make_record(GAME, 3, 9, {}, ["human", "normal", "normal"], [GAME.legal_actions(state)[0]])
    with pytest.raises(RecordError, match="version 1"):
        replay({**record, "version": 1})
    assert replay(record) == GAME.apply(state, GAME.legal_actions(state)[0])


@pytest.mark.parametrize("bad", [
    {"deck": [D] * 15},
    {"deck": ["joker"]},
    {"deck": "duke"},
    {"hands": [[D, D], [D, A]]},
    {"hands": [[D, A]]},
    {"hands": [[D, A, CA], [D, A], [D, A]]},
    {"hands": [[D, A], [D, A], [CA, CA]], "deck": [D]},
    {"first": 3},
    {"first": True},
    {"factions_of": [0, 1, 0]},
    {"factions": True, "factions_of": [0, 1]},
    {"factions": True, "factions_of": [0, 1, 2]},
    {"no_shuffle": 1},
    {"coins": [1, 2]},
    {"coins": [1, 2, -1]},
    {"coins": [1, 2, True]},
    {"almshouse": 3},
    {"factions": True, "almshouse": -1},
    {"deck": [AM] * 3 + [D, A, CA, CO] * 3, "inquisitor": True},
])
def test_positions_that_do_not_add_up_are_refused_by_the_state_check(bad):
    """Test positions are built beside the tests (coup_helpers.position) and checked by the rules'
    one state check, the one a loaded save goes through."""
    with pytest.raises(RecordError):
        position(3, **bad)


def test_new_game_takes_no_fixed_deal():
    for key in ("deck", "hands", "first_player", "factions_of", "no_shuffle", "coins", "almshouse"):
        with pytest.raises(SetupError, match="unknown option"):
            GAME.new_game(3, 1, {key: None})


def test_factions_need_three_players():
    with pytest.raises(SetupError):
        GAME.new_game(2, 1, {"factions": True})


def test_factions_assigned_as_BGA_floor_half_populist():
    for n in range(3, 7):
        for seed in range(5):
            f = view(GAME.new_game(n, seed, {"factions": True}), None)["factions"]
            assert sorted(f) == sorted([1] * (n // 2) + [0] * (n - n // 2))


# ------------------------------------------------------------------ turn structure
def test_turn_order_and_income_cannot_be_blocked_or_challenged():
    s = setup(3, [[D, A], [CA, CO], [AM, D]], first=1)
    s = play(s, "income")
    assert coins(s) == [2, 3, 2]
    assert mover(s) == 2
    assert legal_types(s)[0] == "income"


def test_eliminated_players_are_skipped_in_turn_order_and_windows():
    s = setup(3, [[D, A], [CA, CO], [AM, D]], coins=[7, 7, 2])
    s = play(s, "coup>1", "lose:captain")          # A coups B
    s = play(s, "coup>0", "lose:assassin")         # B coups A
    s = play(s, "income")                          # C
    s = play(s, "income")                          # A
    s = play(s, "income")                          # B
    s = play(s, "income", "income")                # C, A
    assert coins(s) == [2, 1, 4]
    s = play(s, "income")                          # B (2 coins, 1 card)
    s = play(s, "assassinate>1", "pass", "pass")   # C claims assassin; A passes, B passes (no block)
    assert counts(s)[1] == 0 and "eliminated" in log_keys(s)
    assert mover(s) == 0                           # B is skipped: A's turn
    s = play(s, "tax")
    assert mover(s) == 2                           # only C may react now (B is out)


def test_COUP_03_forced_coup_from_10_coins():
    s = setup(3, [[D, A], [CA, CO], [AM, D]], coins=[10, 2, 2])
    assert legal_types(s) == ["coup", "coup"]
    with pytest.raises(IllegalAction, match="must coup"):
        GAME.apply(s, {"type": "tax"})
    s = play(s, "coup>1", "lose:contessa")
    assert coins(s)[0] == 3
    assert lost(s, 1) == [CO]


def test_COUP_03_nine_coins_is_a_free_choice():
    s = setup(3, [[D, A], [CA, CO], [AM, D]], coins=[9, 2, 2])
    assert {"income", "tax", "coup", "steal", "assassinate"} <= set(legal_types(s))


def test_coup_needs_seven_coins_and_cannot_be_blocked_or_challenged():
    s = setup(3, [[D, A], [CA, CO], [AM, D]], coins=[6, 2, 2])
    assert "coup" not in legal_types(s)
    s = setup(3, [[D, A], [CA, CO], [AM, D]], coins=[7, 2, 2])
    s = play(s, "coup>2")
    assert mover(s) == 2 and legal_types(s) == ["lose", "lose"]
    s = play(s, "lose:duke")
    assert coins(s) == [0, 2, 2] and mover(s) == 1


def test_reaction_window_asks_one_seat_at_a_time_in_seat_order_after_the_claimant():
    s = setup(4, [[D, A], [CA, CO], [AM, D], [CA, AM]], first=2)
    s = play(s, "tax")
    asked = []
    while view(s, None)["queue"][0]["k"] == "react":
        asked.append(mover(s))
        s = play(s, "pass")
    assert asked == [3, 0, 1]
    assert coins(s)[2] == 5


# ------------------------------------------------------------------ challenges
def test_COUP_04_tax_challenge_fails_card_replaced_challenger_loses_actor_gains():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]], top=[A])
    s = play(s, "tax", "pass", "challenge")
    assert mover(s) == 0 and legal_types(s) == ["reveal", "reveal"]
    s = play(s, "reveal:duke")
    assert hand(s, 0) == [A, CA]                  # the Duke went back, the top card (Assassin) was drawn
    assert deck_count(s) == 9
    assert mover(s) == 2                          # the challenger chooses which card to lose
    s = play(s, "lose:ambassador")
    assert lost(s, 2) == [AM]
    assert coins(s) == [5, 2, 2]
    assert mover(s) == 1


def test_proven_card_goes_to_the_bottom_with_no_shuffle():
    s = setup(2, [[D, CA], [A, CO]], top=[A])
    s = play(s, "tax", "challenge", "reveal:duke", "lose:contessa")
    # deck: the Assassin was drawn from the top, the Duke is now at the bottom: exchange draws the next two
    s = play(s, "income", "exchange", "pass")
    drawn = view(s, 0)["queue"][0]["drawn"]
    assert len(drawn) == 2 and D not in hand(s, 0)


def test_COUP_05_tax_bluff_caught_actor_loses_no_coins():
    s = setup(3, [[CA, CO], [A, D], [AM, CO]])
    s = play(s, "tax", "challenge")
    assert mover(s) == 0
    s = play(s, "reveal:contessa")
    assert lost(s, 0) == [CO]
    assert coins(s) == [2, 2, 2]
    assert mover(s) == 1                          # the turn ends
    assert "caught" in log_keys(s)


def test_a_challenged_player_may_reveal_another_card_and_lose_it_as_on_BGA():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]])
    s = play(s, "tax", "challenge", "reveal:captain")
    assert lost(s, 0) == [CA] and coins(s)[0] == 2


def test_a_challenged_player_with_one_card_reveals_it_automatically():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]], coins=[2, 7, 2], first=1)
    s = play(s, "coup>0", "lose:duke")            # B coups A: A keeps the Captain
    s = play(s, "income")                         # C
    s = play(s, "tax", "challenge")               # A claims Duke with a Captain; B challenges
    assert counts(s)[0] == 0                      # the Captain was revealed and lost at once
    assert mover(s) == 1


def test_a_player_with_two_identical_cards_is_still_asked_which_to_lose():
    # hidden information: whether the loser holds a pair must not show in whose decision it is
    s = setup(3, [[D, D], [A, CO], [AM, CO]], coins=[2, 7, 2], first=1)
    s = play(s, "coup>0")
    assert mover(s) == 0
    assert GAME.legal_actions(s) == [{"type": "lose", "card": "duke"}]


def test_COUP_06_assassin_bluff_caught_keeps_coins_target_untouched():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]], coins=[5, 2, 2])
    s = play(s, "assassinate>1", "pass", "challenge", "reveal:duke")
    assert lost(s, 0) == [D]
    assert coins(s)[0] == 5
    assert counts(s)[1] == 2
    assert mover(s) == 1


def test_COUP_07_target_challenges_real_assassin_loses_two():
    s = setup(3, [[A, CA], [D, CO], [AM, CO]], top=[D], coins=[4, 2, 2])
    s = play(s, "assassinate>1", "challenge")     # B (the target) challenges
    s = play(s, "reveal:assassin")
    assert hand(s, 0) == [D, CA]                  # the Assassin was replaced from the court
    s = play(s, "lose:duke")                      # B loses the challenge
    # the second chance: B may still block (block only, no challenge)
    assert mover(s) == 1
    assert GAME.legal_actions(s) == [{"type": "pass"}, {"type": "block", "card": "contessa"}]
    s = play(s, "pass")
    assert counts(s)[1] == 0                      # the assassination takes B's last card
    assert lost(s, 1) == [D, CO]
    assert coins(s)[0] == 1                       # 4 - 3
    assert mover(s) == 2


def test_COUP_08_contessa_bluff_caught_double_loss():
    s = setup(3, [[A, CA], [D, AM], [CO, CO]], coins=[3, 2, 2])
    s = play(s, "assassinate>1", "block:contessa")   # B (asked first) bluffs a Contessa
    assert mover(s) == 2                          # block window: seats after B: C then A
    s = play(s, "pass", "challenge")              # A challenges the block
    assert mover(s) == 1
    s = play(s, "reveal:duke")                    # B has no Contessa: loses the revealed Duke
    assert counts(s)[1] == 0                      # ... and the assassination takes the Ambassador
    assert lost(s, 1) == [D, AM]
    assert coins(s)[0] == 0


def test_COUP_09_contessa_block_stands_assassin_still_pays():
    s = setup(3, [[A, CA], [D, CO], [AM, CO]], coins=[3, 2, 2])
    s = play(s, "assassinate>1", "block:contessa", "pass", "pass")
    assert counts(s)[1] == 2
    assert coins(s)[0] == 0
    assert "block_stands" in log_keys(s)
    assert mover(s) == 1


def test_COUP_10_contessa_block_challenged_true():
    s = setup(3, [[A, CA], [D, CO], [AM, D]], top=[CA], coins=[3, 2, 2])
    s = play(s, "assassinate>1", "block:contessa", "challenge")   # C challenges the block
    s = play(s, "reveal:contessa", "lose:ambassador")
    assert lost(s, 2) == [AM]
    assert hand(s, 1) == [D, CA]                  # B's Contessa was replaced
    assert counts(s)[1] == 2
    assert coins(s)[0] == 0


def test_COUP_11_steal_takes_one_from_a_player_with_one_coin():
    s = setup(3, [[CA, D], [A, CO], [AM, CO]], coins=[2, 1, 2])
    s = play(s, "steal>1", "pass", "pass")
    assert coins(s) == [3, 0, 2]


def test_COUP_11_a_player_with_no_coins_cannot_be_stolen_from():
    s = setup(3, [[CA, D], [A, CO], [AM, CO]], coins=[2, 0, 2])
    assert {"type": "steal", "target": 1} not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction, match="no coins"):
        GAME.apply(s, {"type": "steal", "target": 1})


def test_steal_takes_two():
    s = setup(3, [[CA, D], [A, CO], [AM, CO]], coins=[2, 5, 2])
    s = play(s, "steal>1", "pass", "pass")
    assert coins(s) == [4, 3, 2]


def test_COUP_12_steal_block_with_bluffed_ambassador_caught():
    s = setup(3, [[CA, D], [A, CO], [AM, CO]], coins=[2, 3, 2])
    s = play(s, "steal>1")
    assert GAME.legal_actions(s) == [{"type": "pass"}, {"type": "challenge"},
                                     {"type": "block", "card": "captain"}, {"type": "block", "card": "ambassador"}]
    s = play(s, "block:ambassador", "pass", "challenge", "reveal:contessa")
    assert lost(s, 1) == [CO]
    assert coins(s) == [4, 1, 2]


def test_only_the_target_may_block_a_steal():
    s = setup(3, [[CA, D], [A, CO], [AM, CO]], coins=[2, 3, 2])
    s = play(s, "steal>1", "pass")                # B passes
    assert mover(s) == 2
    assert legal_types(s) == ["pass", "challenge"]


def test_COUP_13_foreign_aid_blocked_by_any_player_and_block_challenged_true():
    s = setup(4, [[CA, A], [A, CO], [AM, CO], [D, CA]], top=[AM])
    s = play(s, "foreign_aid")
    assert legal_types(s) == ["pass", "block"]    # no challenge against Foreign Aid itself
    s = play(s, "pass", "pass", "block:duke")     # B, C pass; D claims Duke
    assert mover(s) == 0                          # the block window asks A, B, C
    s = play(s, "pass", "pass", "challenge")      # C challenges D's Duke
    s = play(s, "reveal:duke", "lose:contessa")
    assert hand(s, 3) == [CA, AM]
    assert lost(s, 2) == [CO]
    assert coins(s)[0] == 2                       # Foreign Aid fails


def test_COUP_13_foreign_aid_unblocked_gains_two_and_bluffed_block_caught_lets_it_through():
    s = setup(3, [[CA, A], [A, CO], [AM, CO]])
    s = play(s, "foreign_aid", "pass", "pass")
    assert coins(s)[0] == 4
    # B's Foreign Aid: C passes, A bluffs a Duke, B passes, C challenges: A loses the revealed card
    s = play(s, "foreign_aid", "pass", "block:duke", "pass", "challenge", "reveal:captain")
    assert lost(s, 0) == [CA]
    assert coins(s)[1] == 4


def test_COUP_14_exchange_with_one_influence_keeps_one():
    s = setup(3, [[AM, CA], [A, CO], [D, CO]], top=[D, A], coins=[2, 2, 7], first=2)
    s = play(s, "coup>0", "lose:captain")
    assert mover(s) == 0
    s = play(s, "exchange", "pass", "pass")
    step = view(s, 0)["queue"][0]
    assert step["k"] == "keep" and step["n"] == 1 and step["drawn"] == [D, A]
    assert legal_types(s) == ["keep"] * 3
    s = play(s, "keep:duke")
    assert hand(s, 0) == [D] and lost(s, 0) == [CA]
    assert deck_count(s) == 9


def test_exchange_draw_two_return_two():
    s = setup(3, [[AM, CA], [A, CO], [D, CO]], top=[D, A])
    s = play(s, "exchange", "pass", "pass")
    keeps = [a["cards"] for a in GAME.legal_actions(s)]
    assert [D, A] in keeps and [CA, AM] in keeps and len(keeps) == 6
    s = play(s, "keep:duke+assassin")
    assert hand(s, 0) == [D, A]
    assert deck_count(s) == 9


def test_exchange_drawn_cards_are_visible_to_the_actor_only():
    s = setup(3, [[AM, CA], [A, CO], [D, CO]], top=[D, A])
    s = play(s, "exchange", "pass", "pass")
    assert view(s, 0)["queue"][0]["drawn"] == [D, A]
    for seat in (1, 2, None):
        step = view(s, seat)["queue"][0]
        assert "drawn" not in step and step["drawn_count"] == 2
        assert "exchange_draw" not in log_keys(s, seat)
    assert "exchange_draw" in log_keys(s, 0)


def test_COUP_15_inquisitor_exchange_draws_one_returns_one():
    s = setup(3, [["inquisitor", CA], [A, CO], [D, CO]], top=[D], inquisitor=True)
    s = play(s, "exchange", "pass", "pass")
    assert view(s, 0)["queue"][0]["drawn"] == [D]
    keeps = [a["cards"] for a in GAME.legal_actions(s)]
    assert len(keeps) == 3 and all(len(k) == 2 for k in keeps)
    s = play(s, "keep:duke+captain")
    assert hand(s, 0) == [D, CA]
    assert deck_count(s) == 9


def test_COUP_16_examine_forced_exchange_seen_only_by_actor_and_target():
    s = setup(3, [["inquisitor", CA], [D, CA], [A, CO]], top=[CO], inquisitor=True)
    s = play(s, "examine>1", "pass", "pass")      # B may block with Contessa (passes), C passes
    assert mover(s) == 1 and legal_types(s) == ["show", "show"]
    s = play(s, "show:captain")
    assert mover(s) == 0
    assert view(s, 0)["queue"][0]["card"] == CA
    assert view(s, 1)["queue"][0]["card"] == CA
    assert "card" not in view(s, 2)["queue"][0] and "card" not in view(s, None)["queue"][0]
    s = play(s, {"type": "examine_swap"})
    assert hand(s, 1) == [D, CO]                  # the Captain went to the deck, B drew the top card
    for seat in (2, None):
        text = str(view(s, seat)["log"])
        assert "examine_shown" not in text
    assert "examine_shown" in str(view(s, 0)["log"]) and "examine_shown" in str(view(s, 1)["log"])
    assert mover(s) == 1


def test_examine_keep_changes_nothing():
    s = setup(3, [["inquisitor", CA], [D, CA], [A, CO]], inquisitor=True)
    s = play(s, "examine>1", "pass", "pass", "show:duke", {"type": "examine_keep"})
    assert hand(s, 1) == [D, CA] and mover(s) == 1


def test_COUP_17_examine_blocked_by_contessa_as_BGA():
    s = setup(3, [["inquisitor", CA], [D, CA], [A, CO]], inquisitor=True)
    s = play(s, "examine>1", "block:contessa", "pass", "pass")
    assert mover(s) == 1 and view(s, None)["queue"][0]["k"] == "act"
    assert "examine_show" not in log_keys(s)


def test_inquisitor_blocks_stealing():
    s = setup(3, [[CA, D], ["inquisitor", CO], [A, CO]], inquisitor=True, coins=[2, 3, 2])
    s = play(s, "steal>1")
    assert {"type": "block", "card": "inquisitor"} in GAME.legal_actions(s)
    s = play(s, "block:inquisitor", "pass", "pass")
    assert coins(s) == [2, 3, 2]


def test_examine_on_a_target_eliminated_by_its_challenge_does_nothing():
    s = setup(3, [["inquisitor", CA], [D, CA], [A, CO]], inquisitor=True, coins=[2, 2, 7], first=2)
    s = play(s, "coup>1", "lose:duke")
    s = play(s, "examine>1", "challenge", "reveal:inquisitor")   # B challenges and loses its last card
    assert counts(s)[1] == 0
    assert mover(s) == 2 and "examine_show" not in log_keys(s)


def test_COUP_27_second_chance_block_after_failed_challenge_by_another_player():
    s = setup(3, [[CA, D], [A, CO], [AM, CO]], coins=[2, 3, 2])
    s = play(s, "steal>1", "pass", "challenge", "reveal:captain", "lose:contessa")
    assert mover(s) == 1
    assert legal_types(s) == ["pass", "block", "block"]
    s = play(s, "block:captain")
    assert mover(s) == 2                          # A or C may challenge that block
    s = play(s, "pass")
    assert mover(s) == 0
    s = play(s, "challenge", "reveal:assassin")   # B bluffed: loses the Assassin; the steal goes ahead
    assert lost(s, 1) == [A]
    assert coins(s) == [4, 1, 2]


def test_second_chance_is_not_offered_for_unblockable_actions():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]])
    s = play(s, "tax", "challenge", "reveal:duke", "lose:contessa")
    assert mover(s) == 1 and view(s, None)["queue"][0]["k"] == "act"


def test_COUP_26_steal_from_player_eliminated_mid_turn_still_takes_coins_as_BGA():
    s = setup(3, [[CA, D], [A, CO], [AM, CO]], coins=[7, 3, 2])
    s = play(s, "coup>1", "lose:assassin")        # B has one card left
    s = play(s, "income", "income")               # B (4 coins), C
    s = play(s, "steal>1", "challenge", "reveal:captain")   # B challenges and loses its last card
    assert counts(s)[1] == 0
    assert coins(s)[0] == 2 and coins(s)[1] == 2  # the steal still moved 2 coins (BGA)


# ------------------------------------------------------------------ factions (Reformation)
FACT = {"factions": True, "inquisitor": True, "diplomat": True}


def test_COUP_18_faction_targeting_limits():
    s = setup(3, [[A, CA], ["diplomat", CO], [CA, "inquisitor"]], factions_of=[0, 0, 1], coins=[7, 2, 2],
              **FACT)
    targets = {(a["type"], a.get("target")) for a in GAME.legal_actions(s)}
    for kind in ("coup", "steal", "assassinate", "examine", "cooperate"):
        assert (kind, 1) not in targets and (kind, 2) in targets
    # B cannot block A's Foreign Aid (same faction), C can
    s = play(s, "foreign_aid")
    assert mover(s) == 2
    s = play(s, "pass")
    assert coins(s)[0] == 9
    # A can still challenge B's claims
    s = play(s, "exchange")                       # B claims the Inquisitor
    assert mover(s) == 2 and legal_types(s) == ["pass", "challenge"]
    s = play(s, "pass")
    assert mover(s) == 0 and legal_types(s) == ["pass", "challenge"]


def test_COUP_19_factions_collapse_lifts_the_limits():
    s = setup(3, [[A, CA], ["diplomat", CO], [CA, "inquisitor"]], factions_of=[0, 0, 1], coins=[2, 2, 2],
              first=2, **FACT)
    s = play(s, "convert>2")
    v = view(s, None)
    assert v["almshouse"] == 1 and v["factions"] == [0, 0, 0] and v["coins"][2] == 1
    targets = {(a["type"], a.get("target")) for a in GAME.legal_actions(s)}
    assert ("steal", 1) in targets and ("steal", 2) in targets


def test_COUP_20_convert_costs_one_for_yourself_two_for_another():
    s = setup(3, [[A, CA], ["diplomat", CO], [CA, "inquisitor"]], factions_of=[0, 1, 1], coins=[2, 2, 2],
              **FACT)
    acts = GAME.legal_actions(s)
    assert {"type": "convert", "target": 0} in acts and {"type": "convert", "target": 1} in acts
    s2 = play(s, "convert>1")
    v = view(s2, None)
    assert v["coins"][0] == 0 and v["almshouse"] == 2 and v["factions"] == [0, 0, 1]
    s3 = play(s, "convert>0")
    v = view(s3, None)
    assert v["coins"][0] == 1 and v["almshouse"] == 1 and v["factions"] == [1, 1, 1]


def test_a_conversion_leaves_the_round_start_entry_as_it_was_also_in_place():
    """Log entries never change once written: the round's factions stay in its first entry even when
    a bot's simulation converts in place (``advance``)."""
    s = setup(3, [[A, CA], ["diplomat", CO], [CA, "inquisitor"]], factions_of=[0, 1, 1], coins=[2, 2, 2],
              **FACT)
    GAME.advance(s, {"type": "convert", "target": 1})
    assert s["factions"] == [0, 0, 1]
    assert s["log"][0]["key"] == "round_start" and s["log"][0]["params"]["factions"] == [0, 1, 1]


def test_convert_is_neither_blockable_nor_challengeable():
    s = setup(3, [[A, CA], [D, CO], [CA, AM]], factions_of=[0, 1, 1], factions=True)
    s = play(s, "convert>0")
    assert mover(s) == 1 and view(s, None)["queue"][0]["k"] == "act"


def test_COUP_21_embezzle_without_duke_challenged():
    s = setup(3, [[CA, CO], [D, A], [AM, CO]], top=[A, AM], factions_of=[0, 1, 0], almshouse=3,
              factions=True)
    s = play(s, "embezzle", "challenge")
    assert mover(s) == 1 and legal_types(s) == ["lose", "lose"]
    assert "embezzle_reveal" in log_keys(s)
    assert hand(s, 0) == [A, AM]                  # both cards went back, two were drawn
    s = play(s, "lose:assassin")
    v = view(s, None)
    assert v["coins"][0] == 5 and v["almshouse"] == 0


def test_COUP_22_embezzle_with_duke_challenged_loses_the_duke():
    s = setup(3, [[D, CO], [CA, A], [AM, CO]], top=[A], factions_of=[0, 1, 0], almshouse=3, factions=True)
    s = play(s, "embezzle", "challenge")
    assert lost(s, 0) == [D]
    assert hand(s, 0) == [A]                      # the Contessa was shuffled in and replaced
    v = view(s, None)
    assert v["coins"][0] == 2 and v["almshouse"] == 3
    assert mover(s) == 1


def test_embezzle_unchallenged_takes_the_almshouse():
    s = setup(3, [[CA, CO], [D, A], [AM, CO]], factions_of=[0, 1, 0], almshouse=4, factions=True)
    s = play(s, "embezzle", "pass", "pass")
    assert view(s, None)["coins"][0] == 6 and view(s, None)["almshouse"] == 0


def test_embezzle_in_the_diplomat_variant_claims_no_diplomat():
    s = setup(3, [["diplomat", CO], [CA, A], [AM, CO]], factions_of=[0, 1, 0], almshouse=2, factions=True,
              diplomat=True)
    s = play(s, "embezzle", "challenge")
    assert lost(s, 0) == ["diplomat"]


def test_COUP_23_embezzle_on_an_empty_almshouse_is_rejected():
    s = setup(3, [[CA, CO], [D, A], [AM, CO]], factions_of=[0, 1, 0], factions=True)
    assert "embezzle" not in legal_types(s)
    with pytest.raises(IllegalAction, match="almshouse is empty"):
        GAME.apply(s, {"type": "embezzle"})


def test_foreign_aid_block_window_skips_same_faction_players():
    s = setup(4, [[CA, CO], [D, A], [AM, CO], [D, CA]], factions_of=[0, 0, 1, 1], factions=True)
    s = play(s, "foreign_aid")
    assert mover(s) == 2
    s = play(s, "pass")
    assert mover(s) == 3


# ------------------------------------------------------------------ diplomat
def test_COUP_24_diplomat_cooperation():
    s = setup(3, [["diplomat", CO], [CA, A], [AM, CO]], diplomat=True)
    assert "tax" not in legal_types(s)
    s2 = play(s, "cooperate>1", "pass", "pass")
    assert coins(s2) == [4, 3, 2]
    s3 = setup(3, [[CA, CO], ["diplomat", A], [AM, CO]], diplomat=True)
    s3 = play(s3, "cooperate>1", "challenge", "reveal:captain")
    assert coins(s3) == [2, 2, 2] and lost(s3, 0) == [CA]


def test_diplomat_blocks_foreign_aid():
    s = setup(3, [[CA, CO], ["diplomat", A], [AM, CO]], diplomat=True)
    s = play(s, "foreign_aid")
    assert GAME.legal_actions(s) == [{"type": "pass"}, {"type": "block", "card": "diplomat"}]
    s = play(s, "block:diplomat", "pass", "pass")
    assert coins(s)[0] == 2


def test_cooperate_is_not_blockable():
    s = setup(3, [["diplomat", CO], [CA, A], [AM, CO]], diplomat=True)
    s = play(s, "cooperate>1")
    assert legal_types(s) == ["pass", "challenge"]


# ------------------------------------------------------------------ rounds
def test_COUP_25_multi_round_winner_starts_next_round_everyone_returns():
    s = setup(3, [[D, A], [CA, CO], [AM, D]], coins=[2, 2, 30], first=2, wins_needed=2)
    s = play(s, "coup>0", "lose:duke", "income", "income")
    s = play(s, "coup>0", "income")
    s = play(s, "coup>1", "lose:captain", "income")
    s = play(s, "coup>1")
    v = view(s, None)
    assert v["wins"] == [0, 0, 1]
    assert GAME.scores(s) == [0, 0, 1]
    assert not GAME.is_over(s)
    assert v["round"] == 2 and v["turn"] == 2 and v["start"] == 2
    assert v["hand_counts"] == [2, 2, 2] and v["lost"] == [[], [], []]
    assert v["coins"] == [2, 2, 2] and v["deck_count"] == 9
    s = random_play(s, 3)
    assert GAME.is_over(s)
    winners = GAME.winners(s)
    assert len(winners) == 1 and GAME.scores(s)[winners[0]] == 2


def test_single_round_game_ends_when_one_player_is_left():
    s = setup(2, [[D, A], [CA, CO]], coins=[14, 1])
    s = play(s, "coup>1", "lose:captain", "income", "coup>1")
    assert GAME.is_over(s)
    assert GAME.winners(s) == [0] and GAME.scores(s) == [1, 0]
    assert GAME.legal_actions(s) == [] and mover(s) is None


# ------------------------------------------------------------------ contract details
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    s = setup(3, [[D, A], [CA, CO], [AM, D]], coins=[2, 2, 2])
    with pytest.raises(IllegalAction, match="an assassination costs 3 coins and you have 2"):
        GAME.apply(s, {"type": "assassinate", "target": 1})
    with pytest.raises(IllegalAction, match="a coup costs 7 coins and you have 2"):
        GAME.apply(s, {"type": "coup", "target": 1})
    with pytest.raises(IllegalAction, match="yourself"):
        GAME.apply(s, {"type": "steal", "target": 0})
    s = play(s, "tax")
    with pytest.raises(IllegalAction, match="pass, challenge or block"):
        GAME.apply(s, {"type": "income"})
    with pytest.raises(IllegalAction, match="this cannot be blocked now; the decision now is pass, challenge or block"):
        GAME.apply(s, {"type": "block", "card": "duke"})
    s = play(s, "challenge")  # seat 1 challenges the Duke claim: seat 0 shows it
    with pytest.raises(IllegalAction, match=r"you hold no 'captain' \(your cards: assassin, duke\)"):
        GAME.apply(s, {"type": "reveal", "card": "captain"})


def test_apply_checks_each_decision_directly_exactly_as_the_legal_list():
    """apply checks an action without the list (_legal_match): the same actions, Coup's own shapes."""
    def refused(state, action):
        with pytest.raises(IllegalAction):
            GAME.apply(state, action)

    s = setup(3, [[D, A], [CA, CO], [AM, D]], coins=[3, 0, 2])
    for action in GAME.legal_actions(s):
        assert GAME.apply(s, dict(action))
    refused(s, {"type": "steal", "target": 1})          # seat 1 has no coins
    refused(s, {"type": "assassinate", "target": True})  # a bool is no seat
    refused(s, {"type": "assassinate", "target": 3})     # no such seat
    refused(s, {"type": "convert", "target": 1})         # no factions in this game
    refused(s, {"type": "tax", "target": 1})             # tax takes no target
    refused(s, {"type": "examine", "target": 1})         # no inquisitor in this deck
    s = play(s, "assassinate>2")
    assert GAME.legal_actions(s) == [{"type": "pass"}, {"type": "challenge"}]
    refused(s, {"type": "block", "card": CO})            # only the target may block
    s = play(s, "pass")
    assert GAME.legal_actions(s) == [{"type": "pass"}, {"type": "challenge"}, {"type": "block", "card": CO}]
    refused(s, {"type": "block", "card": CA})
    refused(s, {"type": "block", "card": CO, "seat": 2})
    refused(s, {"type": "challenge", "card": A})
    s = setup(3, [[AM, CA], [A, CO], [D, CO]], top=[D, A])
    s = play(s, "exchange", "pass", "pass")
    legal = GAME.legal_actions(s)
    assert {"type": "keep", "cards": [D, CA]} in legal
    refused(s, {"type": "keep", "cards": [CA, D]})         # the listed order (character order) only
    refused(s, {"type": "keep", "cards": [D]})             # two cards to keep
    refused(s, {"type": "keep", "cards": [D, D]})          # one duke was drawn
    refused(s, {"type": "keep", "cards": [D, "joker"]})
    kept = play(s, {"type": "keep", "cards": [D, CA]})
    assert hand(kept, 0) == [D, CA]


def test_sample_state_in_keep_and_inspect_steps_matches_the_view():
    s = setup(3, [["inquisitor", CA], [D, CA], [A, CO]], top=[CO], inquisitor=True)
    s = play(s, "examine>1", "pass", "pass", "show:captain")
    rng = Rng(4)
    for seat in range(3):
        v = view(s, seat)
        for _ in range(5):
            sampled = GAME.sample_state(v, seat, rng)
            assert GAME.view(sampled, seat) == v
    sampled = GAME.sample_state(view(s, 0), 0, rng)
    assert CA in GAME.view(sampled, 1)["hand"]   # what the examiner saw stays in the target's hand
    s = setup(3, [[AM, CA], [A, CO], [D, CO]], top=[D, A])
    s = play(s, "exchange", "pass", "pass")
    for seat in range(3):
        v = view(s, seat)
        sampled = GAME.sample_state(v, seat, rng)
        assert GAME.view(sampled, seat) == v
        if seat == 0:
            assert GAME.legal_actions(sampled) == GAME.legal_actions(s)


def test_a_refused_main_action_is_explained_from_the_menu_that_refuses_it():
    """The reasons come from actions.main_menu, the statement the list and the check read: each
    option's own actions, a target the menu leaves out, a kind that takes no target."""
    def reason(state, action):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, action)
        return str(refused.value)

    s = setup(3, [[D, A], [CA, CO], [AM, D]], coins=[2, 0, 2])
    assert "no factions" in reason(s, {"type": "convert", "target": 1})
    assert "inquisitor" in reason(s, {"type": "examine", "target": 1})
    assert "diplomat" in reason(s, {"type": "cooperate", "target": 1})
    assert "no coins to steal" in reason(s, {"type": "steal", "target": 1})
    assert "takes no target" in reason(s, {"type": "tax", "target": 1})
    assert "a seat from 0 to 2" in reason(s, {"type": "steal", "target": 7})
    s = setup(3, [["diplomat", A], [CA, CO], [AM, "diplomat"]], coins=[2, 2, 2], diplomat=True)
    assert "no tax" in reason(s, {"type": "tax"})
    s = setup(4, [[D, A], [CA, CO], [AM, D], [A, CO]], coins=[1, 2, 2, 2], factions=True,
              factions_of=[0, 0, 1, 1])
    assert "in your own faction" in reason(s, {"type": "steal", "target": 1})
    assert "costs 2 coins and you have 1" in reason(s, {"type": "convert", "target": 2})
    assert "almshouse is empty" in reason(s, {"type": "embezzle"})
