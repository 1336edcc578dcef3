"""Acceptance tests ORI-01..ORI-26 (research file, section 1.4), played through the public contract.

Players: R = seat 0, B = seat 1, G = seat 2 (Y = seat 3). Unless stated, seating is 0, 1, 2 and R is
the first player, so the placement orders are R B G, then B G R, then G R B, ...
"""

from __future__ import annotations

import random

import pytest
from oriflamme_helpers import (
    LEAVE,
    REVEAL,
    B,
    G,
    R,
    Y,
    decide,
    discard,
    full_round,
    ip,
    log_keys,
    log_len,
    mover,
    new,
    phase,
    place_phase,
    play,
    queue,
    target,
    tops,
)

from pygames.games.oriflamme.cards import KINDS
from pygames.games.oriflamme.rules import GAME


def test_ORI_01_setup_and_six_rounds():
    state = GAME.new_game(4, 11)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert len(view["hand"]) == 7 and len(view["removed"]) == 3
        assert sorted(view["hand"] + view["removed"]) == sorted(KINDS)
    assert view["ip"] == [1, 1, 1, 1]
    assert (view["round"], view["rounds"], view["phase"]) == (1, 6, "place")
    rng = random.Random(3)
    rounds_seen = []
    while not GAME.is_over(state):
        view = GAME.view(state, None)
        if view["phase"] == "place" and view["turn"] == 0:
            rounds_seen.append(view["round"])
            assert view["hand_counts"] == [8 - view["round"]] * 4
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    view = GAME.view(state, None)
    assert rounds_seen == [1, 2, 3, 4, 5, 6]
    assert view["hand_counts"] == [1, 1, 1, 1]
    assert view["phase"] == "over" and GAME.current_player(state) is None
    assert GAME.legal_actions(state) == []


def test_ORI_02_accumulate_then_reveal():
    state = new(hands=[["lord"], None, None])
    state = full_round(state, {R: ("lord", "center"), B: ("heir", "left"), G: ("heir", "right")})
    state = full_round(state, {B: ("spy", "left"), G: ("spy", "left"), R: ("spy", "right")})
    lord = [s for s in queue(state) if s[-1]["k"] == "lord" and s[-1]["o"] == R][0][-1]
    assert lord == {"o": R, "k": "lord", "up": False, "ip": 2}
    before = ip(state)
    state = full_round(state, {G: ("lord", "left"), R: ("heir", "right"), B: ("lord", "left")},
                       reveal={(R, "lord")})
    assert ip(state)[R] == before[R] + 2 + 1  # the 2 on it, then Lord: 1 and no own neighbour
    lord = [s for s in queue(state) if s[-1]["k"] == "lord" and s[-1]["o"] == R][0][-1]
    assert lord["up"] and lord["ip"] == 0


def test_ORI_03_conspiracy_doubling():
    state = new(hands=[["conspiracy"], None, None])
    state = full_round(state, {R: ("conspiracy", "center")})
    state = full_round(state)
    state = full_round(state)
    assert tops(state)[0] == (R, "conspiracy", False, 3)
    before, length = ip(state), len(queue(state))
    state = full_round(state, reveal={(R, "conspiracy")})
    assert ip(state)[R] == before[R] + 6
    assert discard(state, R) == ["conspiracy"]
    assert len(queue(state)) == length + 3 - 1


def test_ORI_04_conspiracy_eliminated_while_hidden():
    state = new(hands=[["conspiracy"], ["soldier"], None])
    state = full_round(state, {R: ("conspiracy", "center"), B: ("soldier", "left")})
    state = full_round(state)
    state = full_round(state)
    assert tops(state)[:2] == [(B, "soldier", False, 3), (R, "conspiracy", False, 3)]
    before = ip(state)
    state = full_round(state, reveal={(B, "soldier")})
    assert ip(state)[R] == before[R]            # the 3 on the Conspiracy are lost
    assert ip(state)[B] == before[B] + 3 + 1    # the 3 on the Soldier, +1 for the elimination
    assert discard(state, R) == ["conspiracy"]
    elim = [e for e in GAME.view(state, None)["log"] if e["key"] == "eliminate"][-1]["params"]
    assert (elim["victim"], elim["lost"], elim["was_up"]) == ("conspiracy", 3, False)


def test_ORI_05_ambush_hit_by_an_opponents_soldier():
    state = new(hands=[["ambush"], ["soldier"], None])
    state = full_round(state, {R: ("ambush", "center")})
    state = full_round(state, {B: ("soldier", "left")})
    assert tops(state)[:2] == [(B, "soldier", False, 1), (R, "ambush", False, 2)]
    before, length = ip(state), len(queue(state))
    state = place_phase(state)
    state = decide(state, {(B, "soldier")})
    assert ip(state)[B] == before[B] + 1 + 1   # 1 on the Soldier, +1 for eliminating
    assert ip(state)[R] == before[R] + 4
    assert discard(state, B) == ["soldier"] and discard(state, R) == ["ambush"]
    assert len(queue(state)) == length + 3 - 2
    assert "ambush" in log_keys(state)


def test_ORI_06_ambush_revealed_by_its_owner():
    state = new(hands=[["ambush"], None, None])
    for _ in range(3):
        state = full_round(state, {R: ("ambush", "center")} if GAME.view(state, R)["round"] == 1 else None)
    assert tops(state)[0] == (R, "ambush", False, 3)
    before = ip(state)
    state = full_round(state, reveal={(R, "ambush")})
    assert ip(state) == [before[R] + 1, before[B], before[G]]
    assert discard(state, R) == ["ambush"]


def test_ORI_07_own_soldier_hits_own_ambush():
    state = new(hands=[["ambush", "soldier"], None, None])
    state = full_round(state, {R: ("ambush", "center")})
    state = full_round(state, {R: ("soldier", "left")})
    assert tops(state)[:2] == [(R, "soldier", False, 1), (R, "ambush", False, 2)]
    before = ip(state)
    state = full_round(state, reveal={(R, "soldier")})
    # 1 on the Soldier, +1 elimination, +1 for an Ambush revealed by its owner; the 2 on it are lost
    assert ip(state) == [before[R] + 3, before[B], before[G]]
    assert tops(state)[0] == (R, "soldier", True, 0)   # the Soldier stays
    assert discard(state, R) == ["ambush"]
    assert "ambush_own" in log_keys(state)


def test_ORI_08_opponent_assassination_on_ambush():
    state = new(hands=[["ambush"], ["heir"], ["assassination"]])
    state = place_phase(state, {R: ("ambush", "center"), B: ("heir", "right"), G: ("assassination", "right")})
    state = decide(state, {(G, "assassination")})
    assert mover(state) == G
    assert GAME.legal_actions(state) == [target(0), target(1)]
    before = ip(state)
    state = play(state, target(0))
    assert ip(state)[G] == before[G] + 1 and ip(state)[R] == before[R] + 4
    assert discard(state, G) == ["assassination"] and discard(state, R) == ["ambush"]
    assert [t[:2] for t in tops(state)] == [(B, "heir")]


def test_ORI_09_ambush_hit_by_a_shapeshifter_copying_soldier():
    state = new(4, hands=[["ambush"], ["soldier"], ["shapeshifter"], ["heir"]], first=G, seating=[2, 0, 1, 3])
    state = place_phase(state, {G: ("shapeshifter", "center"), R: ("ambush", "right"), B: ("soldier", "left"),
                                Y: ("heir", "left")})
    assert [t[:2] for t in tops(state)] == [(Y, "heir"), (B, "soldier"), (G, "shapeshifter"), (R, "ambush")]
    state = decide(state, {(B, "soldier"), (G, "shapeshifter")})
    assert GAME.legal_actions(state) == [target(0), target(2)]
    state = play(state, target(0))                 # B's Soldier eliminates Y's Heir
    state = decide(state, {(B, "soldier"), (G, "shapeshifter")})
    assert mover(state) == G and GAME.view(state, None)["pending"]["via"] is True
    assert GAME.legal_actions(state) == [target(0), target(2)]
    before = ip(state)
    state = play(state, target(2))
    assert ip(state)[G] == before[G] + 1 and ip(state)[R] == before[R] + 4
    assert discard(state, G) == ["shapeshifter"] and discard(state, R) == ["ambush"]
    assert tops(state) == [(B, "soldier", True, 0)]   # B's Soldier is unaffected


def test_ORI_10_archer_forced_onto_own_family():
    state = new(hands=[["archer", "lord", "spy"], ["heir", "conspiracy", "ambush"], ["lord", "heir"]])
    state = full_round(state, {R: ("archer", "center"), B: ("heir", "right"), G: ("lord", "right")},
                       reveal={(B, "heir")})
    state = place_phase(state, {B: ("conspiracy", "left"), G: ("heir", "stack", 3), R: ("lord", "left")})
    state = decide(state, {(B, "conspiracy")})
    assert phase(state) == "place"
    state = place_phase(state, {G: ("spy", "stack", 3), R: ("spy", "right"), B: ("ambush", "left")})
    state = decide(state, {(B, "ambush"), (R, "archer")})
    assert [t[:2] for t in tops(state)] == [(R, "lord"), (R, "archer"), (B, "heir"), (G, "spy"), (R, "spy")]
    assert tops(state)[0] == (R, "lord", False, 2)
    assert mover(state) == R and GAME.legal_actions(state) == [target(0), target(4)]
    before = ip(state)
    state = play(state, target(0))
    assert ip(state)[R] == before[R] + 1
    assert discard(state, R) == ["lord"]
    elim = [e for e in GAME.view(state, None)["log"] if e["key"] == "eliminate"][-1]["params"]
    assert elim["lost"] == 2


def test_ORI_11_soldier_forced_onto_own_family():
    state = new(hands=[["heir", "soldier"], None, None])
    state = full_round(state, {R: ("heir", "center")})
    before = ip(state)
    state = full_round(state, {R: ("soldier", "left")}, reveal={(R, "soldier")})
    assert ip(state)[R] == before[R] + 1
    assert discard(state, R) == ["heir"]
    assert tops(state)[0] == (R, "soldier", True, 0)


def test_ORI_12_spy_next_to_own_cards_only():
    state = new(hands=[["heir", "spy", "lord"], None, None])
    state = full_round(state, {R: ("heir", "center"), B: ("heir", "left"), G: ("heir", "left")})
    state = full_round(state, {B: ("spy", "left"), G: ("spy", "left"), R: ("spy", "right")},
                       reveal={(R, "spy")})
    state = place_phase(state, {G: ("lord", "left"), R: ("lord", "right"), B: ("lord", "left")})
    assert [t[:2] for t in tops(state)][-3:] == [(R, "heir"), (R, "spy"), (R, "lord")]
    before, start = ip(state), log_len(state)
    state = decide(state)
    assert ip(state) == before
    assert "spy_none" in log_keys(state, start)


def test_ORI_13_spy_takes_from_the_pool_not_the_card():
    state = new(hands=[["spy"], ["lord"], None])
    state = full_round(state, {R: ("spy", "center"), B: ("lord", "left")})
    state = full_round(state)
    state = place_phase(state)
    state = decide(state, {(R, "spy")})
    assert tops(state)[:2] == [(B, "lord", False, 3), (R, "spy", True, 0)]
    assert GAME.legal_actions(state) == [{"type": "spy", "seat": B}, {"type": "spy", "seat": G}]
    before = ip(state)
    state = play(state, {"type": "spy", "seat": B})
    assert ip(state)[B] == before[B] - 1 and ip(state)[R] == before[R] + 1
    assert tops(state)[0] == (B, "lord", False, 3)
    # next round B has nothing left: stealing from an empty pool moves nothing
    state = decide(state)
    assert ip(state)[B] == 0
    state = place_phase(state)
    state = decide(state)
    assert GAME.legal_actions(state) == [{"type": "spy", "seat": B}, {"type": "spy", "seat": G}]
    before = ip(state)
    state = play(state, {"type": "spy", "seat": B})
    assert ip(state) == before


def test_ORI_14_two_revealed_heirs():
    state = new(hands=[["heir"], ["heir", "lord"], None])
    before = ip(state)
    state = full_round(state, {R: ("heir", "center"), B: ("heir", "right")}, reveal={(R, "heir"), (B, "heir")})
    assert ip(state)[R] == before[R] + 2 and ip(state)[B] == before[B]   # B's Heir sees R's revealed Heir
    before = ip(state)
    state = full_round(state)
    assert ip(state) == before                                          # neither gains
    state = full_round(state, {B: ("lord", "stack", 1)})                # B covers its Heir
    assert ip(state)[R] == before[R] + 2 and ip(state)[B] == before[B]


def test_ORI_15_shapeshifter_as_heir():
    state = new(hands=[["heir"], ["lord"], ["shapeshifter"]])
    before = ip(state)
    state = full_round(state, {R: ("heir", "center"), B: ("lord", "left"), G: ("shapeshifter", "right")},
                       reveal={(R, "heir"), (G, "shapeshifter")})
    assert ip(state) == [before[R] + 2, before[B], before[G] + 2]
    # variant: B has a revealed, uncovered Shapeshifter elsewhere
    state = new(hands=[["heir"], ["shapeshifter"], ["shapeshifter"]])
    state = full_round(state, {R: ("heir", "center"), B: ("shapeshifter", "left"), G: ("shapeshifter", "right")},
                       reveal={(R, "heir"), (G, "shapeshifter"), (B, "shapeshifter")})
    assert ip(state) == [before[R] + 2, before[B], before[G]]
    keys = log_keys(state)
    assert "copy_none" in keys and "heir_none" in keys


def test_ORI_16_shapeshifter_next_to_a_hidden_ambush_only():
    state = new(hands=[["ambush"], None, ["shapeshifter"]])
    state = place_phase(state, {R: ("ambush", "center"), G: ("shapeshifter", "left")})
    before = ip(state)
    state = decide(state, {(G, "shapeshifter")})
    assert ip(state) == before
    assert "copy_none" in log_keys(state)
    assert tops(state)[1] == (R, "ambush", False, 1)   # still hidden (left by R afterwards)
    assert GAME.view(state, G)["queue"][1][-1].get("k") is None


def test_ORI_17_shapeshifter_copying_soldier_must_kill():
    state = new(hands=[["shapeshifter"], ["soldier", "heir"], ["lord"]])
    state = full_round(state, {R: ("shapeshifter", "center"), B: ("soldier", "left"), G: ("lord", "right")})
    state = place_phase(state, {B: ("heir", "left")})
    state = decide(state, {(B, "soldier"), (R, "shapeshifter")})
    assert GAME.legal_actions(state) == [target(0), target(2)]
    state = play(state, target(0))                     # B's Soldier eliminates B's own Heir
    state = decide(state, {(B, "soldier"), (R, "shapeshifter")})
    assert mover(state) == R
    assert [t[:2] for t in tops(state)][:3] == [(B, "soldier"), (R, "shapeshifter"), (G, "lord")]
    assert GAME.legal_actions(state) == [target(0), target(2)]
    before = ip(state)
    state = play(state, target(2))
    assert ip(state)[R] == before[R] + 1 and ip(state)[G] == before[G]
    assert discard(state, G) == ["lord"]
    elim = [e for e in GAME.view(state, None)["log"] if e["key"] == "eliminate"][-1]["params"]
    assert elim["lost"] == 1 and elim["card"] == "shapeshifter" and elim["ability"] == "soldier"


def test_ORI_18_lord_counting():
    state = new(hands=[["spy", "lord", "heir"], None, None])
    state = full_round(state, {R: ("spy", "center")})
    state = full_round(state, {R: ("lord", "left")})
    state = full_round(state, {R: ("heir", "left")}, reveal={(R, "lord")})
    gains = [e["params"] for e in GAME.view(state, None)["log"] if e["key"] == "gain"]
    assert gains[-1] == {"seat": R, "card": "lord", "n": 3, "via": False}
    # only the top of a neighbouring stack counts
    state = new(hands=[["archer", "lord", "heir"], ["spy", "heir", "lord"], None])
    state = full_round(state, {R: ("archer", "center"), B: ("heir", "right")})
    state = full_round(state, {R: ("lord", "left"), B: ("lord", "right")})
    state = place_phase(state, {R: ("heir", "stack", 1), B: ("spy", "left")})
    assert [t[:2] for t in tops(state)][:3] == [(B, "spy"), (R, "lord"), (R, "heir")]
    state = decide(state, {(R, "lord")})
    gains = [e["params"] for e in GAME.view(state, None)["log"] if e["key"] == "gain"]
    assert gains[-1] == {"seat": R, "card": "lord", "n": 2, "via": False}


def test_ORI_19_royal_decree_re_resolution():
    state = new(hands=[["decree"], ["lord"], ["heir"]])
    state = place_phase(state, {R: ("decree", "center"), B: ("lord", "left"), G: ("heir", "right")})
    before = ip(state)
    state = decide(state, {(B, "lord"), (R, "decree")})
    assert ip(state)[B] == before[B] + 1
    assert GAME.legal_actions(state) == [
        {"type": "move", "pos": 0, "gap": 2}, {"type": "move", "pos": 0, "gap": 3},
        {"type": "move", "pos": 2, "gap": 0}, {"type": "move", "pos": 2, "gap": 1}]
    state = play(state, {"type": "move", "pos": 0, "gap": 3})
    assert discard(state, R) == ["decree"]
    assert mover(state) == G and [t[:2] for t in tops(state)] == [(G, "heir"), (B, "lord")]
    state = decide(state)
    assert ip(state)[B] == before[B] + 2          # the Lord resolved a second time
    assert phase(state) == "place"


def test_ORI_20_royal_decree_moving_a_card_backward():
    state = new(hands=[["decree"], ["soldier"], ["spy"]])
    state = place_phase(state, {R: ("decree", "center"), B: ("soldier", "right"), G: ("spy", "right")})
    state = decide(state, {(R, "decree")})
    state = play(state, {"type": "move", "pos": 2, "gap": 0})
    view = GAME.view(state, None)
    assert [t[:2] for t in tops(state)] == [(G, "spy"), (B, "soldier")]
    assert mover(state) == B and view["pos"] == 1       # resolution goes on with B's Soldier
    state = play(state, LEAVE)
    assert phase(state) == "place"
    assert tops(state)[0] == (G, "spy", False, 0)       # not resolved this round, no influence added


def test_ORI_21_assassination_on_a_stack():
    state = new(hands=[["soldier", "assassination", "heir"], ["heir", "lord", "spy"], ["heir", "lord", "spy"]])
    state = full_round(state, {R: ("soldier", "center"), B: ("heir", "right"), G: ("heir", "right")},
                       reveal={(R, "soldier")})
    assert [t[:2] for t in tops(state)] == [(R, "soldier"), (G, "heir")]
    state = full_round(state, {B: ("lord", "right"), G: ("lord", "right"), R: ("heir", "right")})
    assert [t[:2] for t in tops(state)] == [(R, "soldier"), (B, "lord"), (G, "lord"), (R, "heir")]
    state = place_phase(state, {G: ("spy", "right"), R: ("assassination", "stack", 0), B: ("spy", "right")})
    state = decide(state, {(R, "assassination")})
    assert mover(state) == R and GAME.legal_actions(state) == [target(i) for i in range(1, 6)]
    before = ip(state)
    state = play(state, target(2))
    # the Assassination is discarded, the Soldier is on top again and acts at once (kills B's Lord)
    assert ip(state)[R] == before[R] + 2
    assert discard(state, R) == ["assassination"] and discard(state, G)[-1] == "lord"
    assert discard(state, B)[-1] == "lord"
    assert [t[:2] for t in tops(state)] == [(R, "soldier"), (R, "heir"), (G, "spy"), (B, "spy")]
    assert mover(state) == R and GAME.view(state, None)["pos"] == 1


def test_ORI_22_influence_under_a_cover():
    state = new(hands=[["conspiracy", "heir"], ["soldier"], None])
    state = full_round(state, {R: ("conspiracy", "center")})
    state = full_round(state)
    assert tops(state)[0] == (R, "conspiracy", False, 2)
    state = full_round(state, {R: ("heir", "stack", 0)})
    state = full_round(state)
    assert queue(state)[0] == [{"o": R, "k": "conspiracy", "up": False, "ip": 2},
                               {"o": R, "k": "heir", "up": False, "ip": 2}]
    before = ip(state)
    state = place_phase(state, {B: ("soldier", "left")})
    assert mover(state) == B
    state = play(state, REVEAL)
    # the Heir is eliminated with its 2; the Conspiracy is the top again, with its 2, and comes up now
    assert mover(state) == R and tops(state)[1] == (R, "conspiracy", False, 2)
    assert discard(state, R) == ["heir"]
    state = play(state, REVEAL)
    assert ip(state)[R] == before[R] + 4


def test_ORI_23_covered_card_cannot_be_targeted():
    state = new(hands=[["heir", "lord"], ["heir", "assassination"], None])
    state = full_round(state, {R: ("heir", "center"), B: ("heir", "right")}, reveal={(R, "heir")})
    state = place_phase(state, {B: ("assassination", "right"), R: ("lord", "stack", 0)})
    state = decide(state, {(B, "assassination")})
    assert mover(state) == B
    legal = GAME.legal_actions(state)
    assert target(0) in legal and len(legal) == len(tops(state)) - 1
    state = play(state, target(0))
    elim = [e for e in GAME.view(state, None)["log"] if e["key"] == "eliminate"][-1]["params"]
    assert elim["victim"] == "lord"
    assert queue(state)[0] == [{"o": R, "k": "heir", "up": True, "ip": 0}]


def test_ORI_24_stacking_rules():
    state = new()
    for _ in range(3):
        assert all(a["at"] in ("center", "left", "right") for a in GAME.legal_actions(state))
        state = play(state, GAME.legal_actions(state)[0])
    state = decide(state)
    assert GAME.view(state, None)["round"] == 2
    for _ in range(3):
        seat = mover(state)
        tops_now = tops(state)
        stacks = sorted({a["pos"] for a in GAME.legal_actions(state) if a["at"] == "stack"})
        assert stacks == [i for i, t in enumerate(tops_now) if t[0] == seat] and stacks
        state = play(state, GAME.legal_actions(state)[0])


def test_ORI_25_end_of_game_tiebreak():
    state = new(hands=[["conspiracy", "lord", "heir"], ["conspiracy"], ["conspiracy"]])
    state = full_round(state, {R: ("conspiracy", "center"), B: ("conspiracy", "right"), G: ("conspiracy", "right")},
                       reveal={(B, "conspiracy"), (G, "conspiracy")})
    state = full_round(state, {R: ("lord", "right")})
    lord_pos = [i for i, t in enumerate(tops(state)) if t[:2] == (R, "lord")][0]
    state = full_round(state, {R: ("heir", "stack", lord_pos)})
    for _ in range(3):
        state = full_round(state)
    assert GAME.is_over(state)
    view = GAME.view(state, None)
    assert GAME.scores(state) == [1, 1, 1]
    assert view["cards_in_queue"] == [6, 5, 5]       # R's 6 include one covered card
    assert tops(state)[0] == (R, "conspiracy", False, 6)   # its 6 do not count
    assert GAME.winners(state) == [R]


def test_ORI_25b_most_influence_wins_and_full_tie_is_shared():
    state = new()
    for _ in range(6):
        state = full_round(state)
    assert GAME.scores(state) == [1, 1, 1] and GAME.view(state, None)["cards_in_queue"] == [6, 6, 6]
    assert GAME.winners(state) == [R, B, G]
    state = new(hands=[None, ["lord"], None])
    state = full_round(state, {B: ("lord", "right")}, reveal={(B, "lord")})
    for _ in range(5):
        state = full_round(state)
    assert GAME.scores(state)[B] > 1 and GAME.winners(state) == [B]


@pytest.mark.parametrize("flag", [False, True])
def test_ORI_26_royal_decree_on_a_hidden_ambush(flag):
    state = new(hands=[["ambush"], ["decree"], ["heir"]], decree_triggers_ambush=flag)
    state = place_phase(state, {R: ("ambush", "center"), B: ("decree", "right"), G: ("heir", "right")})
    before = ip(state)
    state = decide(state, {(B, "decree")})
    assert {"type": "move", "pos": 0, "gap": 3} in GAME.legal_actions(state)
    state = play(state, {"type": "move", "pos": 0, "gap": 3})
    assert discard(state, B) == ["decree"]
    if not flag:
        # reading A (default): not an attack; the Ambush moves, stays hidden and keeps its 1
        assert tops(state) == [(G, "heir", False, 0), (R, "ambush", False, 1)]
        assert ip(state) == before
        assert GAME.view(state, B)["queue"][1][-1].get("k") is None
    else:
        assert tops(state) == [(G, "heir", False, 0)]
        assert ip(state)[R] == before[R] + 4 and discard(state, R) == ["ambush"]
    assert mover(state) == G
