"""Oriflamme rules beyond the ORI list: setup options, turn order, placements, Royal Decree places,
the card below a removed top card acting at once, Archer on itself."""

from __future__ import annotations

import pytest
from oriflamme_helpers import (
    REVEAL,
    B,
    G,
    R,
    decide,
    discard,
    full_round,
    ip,
    mover,
    new,
    place_phase,
    play,
    position,
    queue,
    target,
    tops,
)

from pygames import IllegalAction, RecordError, SetupError
from pygames.games.oriflamme.cards import KINDS
from pygames.games.oriflamme.rules import GAME


def test_a_standard_position_is_the_deal_without_chance():
    state = position(4, 5, standard=True)
    view = GAME.view(state, 2)
    assert view["seating"] == [0, 1, 2, 3] and view["first"] == 0
    assert view["hand"] == list(KINDS[:7]) and view["removed"] == list(KINDS[7:])


def test_setup_random_seating_and_first_player_follow_the_seed():
    seen = set()
    for seed in range(30):
        a = GAME.new_game(4, seed)
        assert a == GAME.new_game(4, seed)
        view = GAME.view(a, None)
        assert sorted(view["seating"]) == [0, 1, 2, 3]
        seen.add((tuple(view["seating"]), view["first"]))
    assert len(seen) > 10


def test_a_fixed_position():
    state = position(3, 1, seating=[2, 0, 1], first=0,
                     hands=[None, list(KINDS[3:]), None], removed=[["archer", "spy", "lord"], None, None])
    assert GAME.view(state, None)["seating"] == [2, 0, 1]
    assert GAME.view(state, 1)["removed"] == list(KINDS[:3])
    assert GAME.view(state, 0)["hand"] == [k for k in KINDS if k not in ("archer", "spy", "lord")]
    assert mover(state) == 0
    # placement order follows the seating from the first player: 0, 1, 2 then next round 1, 2, 0
    state = place_phase(state)
    state = decide(state)
    assert GAME.view(state, None)["first"] == 1


@pytest.mark.parametrize("options", [
    {"seating": [0, 0, 1]}, {"seating": [0, 1]}, {"seating": "012"}, {"first": 3},
    {"first": True}, {"hands": [["archer"] * 7, None, None]}, {"hands": [None, None]},
    {"hands": [list(KINDS[:6]), None, None]}, {"removed": [["archer", "spy", "x"], None, None]},
    {"hands": [list(KINDS[:7]), None, None], "removed": [["archer", "ambush", "conspiracy"], None, None]},
])
def test_positions_that_do_not_add_up_are_refused_by_the_state_check(options):
    """Test positions are built beside the tests (oriflamme_helpers.position) and checked by the
    rules' one state check, the one a loaded save goes through."""
    with pytest.raises((RecordError, ValueError)):
        position(3, 1, **options)


def test_new_game_takes_no_fixed_deal_and_checks_its_options():
    for options in ({"seating": [0, 1, 2]}, {"first_player": 0}, {"hands": None}, {"removed": None},
                    {"no_shuffle": True}, {"decree_triggers_ambush": "yes"}):
        with pytest.raises(SetupError):
            GAME.new_game(3, 1, options)


def test_first_card_goes_in_the_centre_then_only_ends():
    state = new()
    assert {a["at"] for a in GAME.legal_actions(state)} == {"center"}
    state = play(state, GAME.legal_actions(state)[0])
    assert {a["at"] for a in GAME.legal_actions(state)} == {"left", "right"}


def test_first_player_passes_clockwise_each_round():
    state = new(seating=[2, 0, 1], first=2)
    firsts = []
    while not GAME.is_over(state):
        firsts.append(GAME.view(state, None)["first"])
        order = []
        for _ in range(3):
            order.append(mover(state))
            state = play(state, GAME.legal_actions(state)[0])
        assert order == {2: [2, 0, 1], 0: [0, 1, 2], 1: [1, 2, 0]}[firsts[-1]]
        state = decide(state)
    assert firsts == [2, 0, 1, 2, 0, 1]


def test_archer_may_eliminate_itself_at_an_end():
    state = new(hands=[["archer"], None, None])
    state = place_phase(state, {R: ("archer", "center")})
    state = decide(state, {(R, "archer")})
    assert GAME.legal_actions(state) == [target(0), target(2)]
    before = ip(state)
    state = play(state, target(0))
    assert discard(state, R) == ["archer"] and ip(state)[R] == before[R] + 1
    assert mover(state) == B and GAME.view(state, None)["pos"] == 0   # the next card now holds position 1


def test_royal_decree_may_stack_onto_the_same_family_never_onto_another():
    state = new(hands=[["decree", "heir"], ["lord", "spy"], ["heir", "lord"]])
    state = full_round(state, {R: ("decree", "center"), B: ("lord", "right"), G: ("heir", "right")})
    state = place_phase(state, {B: ("spy", "right"), G: ("lord", "left"), R: ("heir", "right")})
    assert [t[:2] for t in tops(state)] == [(G, "lord"), (R, "decree"), (B, "lord"), (G, "heir"), (B, "spy"),
                                           (R, "heir")]
    state = decide(state, {(R, "decree")})
    legal = GAME.legal_actions(state)
    assert {"type": "move", "pos": 2, "onto": 4} in legal       # B's Lord onto B's Spy
    assert {"type": "move", "pos": 0, "onto": 3} in legal       # G's Lord onto G's Heir
    assert {"type": "move", "pos": 2, "onto": 3} not in legal   # never onto another player's card
    assert all(a["pos"] != 1 and a.get("onto") != 1 for a in legal)   # not the Decree itself
    state = play(state, {"type": "move", "pos": 2, "onto": 4})
    assert queue(state)[2] == [{"o": B, "k": "spy", "up": False, "ip": 0}, {"o": B, "k": "lord", "up": False, "ip": 1}]


def test_card_below_acts_at_once_when_an_ambush_removes_the_attacker():
    state = new(hands=[["heir", "soldier"], ["ambush"], None])
    state = full_round(state, {R: ("heir", "center"), B: ("ambush", "right")}, reveal={(R, "heir")})
    state = place_phase(state, {R: ("soldier", "stack", 0)})
    before = ip(state)
    assert mover(state) == R
    state = play(state, REVEAL)          # the Soldier must hit B's hidden Ambush, its only neighbour
    assert discard(state, R) == ["soldier"] and discard(state, B) == ["ambush"]
    # +1 for the elimination, then the uncovered Heir acts at once: +2
    assert ip(state)[R] == before[R] + 1 + 2 and ip(state)[B] == before[B] + 4


def test_leaving_a_card_puts_influence_on_the_top_card_only():
    state = new(hands=[["heir", "lord"], None, None])
    state = full_round(state, {R: ("heir", "center")})
    state = full_round(state, {R: ("lord", "stack", 0)})
    assert queue(state)[0] == [{"o": R, "k": "heir", "up": False, "ip": 1}, {"o": R, "k": "lord", "up": False, "ip": 1}]


def test_illegal_actions_say_why():
    state = new()
    with pytest.raises(ValueError, match="not in your hand"):
        GAME.apply(state, {"type": "place", "card": "ambush", "at": "center"})
    with pytest.raises(ValueError, match="placement phase"):
        GAME.apply(state, REVEAL)


def test_refusals_name_what_is_wrong():
    """A refused Royal Decree or target says what is wrong (the family rule, the possible positions)."""
    state = new(hands=[["decree", "heir"], ["lord", "spy"], ["heir", "lord"]])
    state = full_round(state, {R: ("decree", "center"), B: ("lord", "right"), G: ("heir", "right")})
    state = place_phase(state, {B: ("spy", "right"), G: ("lord", "left"), R: ("heir", "right")})
    state = decide(state, {(R, "decree")})
    with pytest.raises(IllegalAction, match=r"pos 2 may go only onto a card of its own family \(pos 3 is another"):
        GAME.apply(state, {"type": "move", "pos": 2, "onto": 3})
    with pytest.raises(IllegalAction, match=r"moves another card, not itself"):
        GAME.apply(state, {"type": "move", "pos": 1, "gap": 0})
    state = new(hands=[["archer"], None, None])
    state = place_phase(state, {R: ("archer", "center")})
    state = decide(state, {(R, "archer")})
    with pytest.raises(IllegalAction, match=r"pos is one of \[0, 2\]"):
        GAME.apply(state, target(1))
