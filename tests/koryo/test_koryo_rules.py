"""Koryo acceptance tests: exact rule situations built with the test options, played through
the public contract. KOR-xx names the edge cases of research/rules-edge-cases.md section 3;
the others name the decision of docs/rules/koryo.md they cover."""

from __future__ import annotations

import pytest
from koryo_helpers import position

from pygames.core import IllegalAction, RecordError, SetupError
from pygames.games.koryo.rules import GAME

B, L = 10, 11  # Barbarians, Lobbying


def new(n=3, **pieces):
    """A test position (koryo_helpers.position): seat 0 first, nothing shuffled, unless given."""
    return position(n, 7, **pieces)


def play(state, *actions):
    for action in actions:
        state = GAME.apply(state, action)
    return state


def first_legal_until(state, predicate, limit=500):
    """Apply the first legal action until predicate(state) holds."""
    for _ in range(limit):
        if predicate(state):
            return state
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    raise AssertionError("predicate never held")


def pv(state, seat=None):
    return GAME.view(state, seat)


def keys(state):
    return [e["key"] for e in pv(state)["log"]]


def entries(state, key):
    return [e["params"] for e in pv(state)["log"] if e["key"] == key]


def single(kind, count=1):
    return {"type": "play", "kind": kind, "count": count}


def count_table(table):
    return sum(table)


# ------------------------------------------------------------------ KOR-01..20
@pytest.mark.parametrize("r", range(1, 9))
def test_KOR_01_season_table_deal_and_limit(r):
    state = new(3, start_round=r)
    view = pv(state, 0)
    assert view["deal"] == [11 - r] * 3
    assert view["hand_counts"] == [11 - r] * 3
    assert view["limit"] == r + 2
    assert view["round"] == r


def test_KOR_01_broadcaster_majority_gets_one_more_card():
    state = new(3, tables=[[], [8], []])
    assert pv(state)["deal"] == [10, 11, 10]
    assert pv(state)["hand_counts"] == [10, 11, 10]
    fresh = GAME.new_game(3, 1)
    assert pv(fresh)["deal"] == [10, 10, 10]  # round 1 without tables: nobody has the bonus


def test_KOR_02_tie_means_no_power():
    state = new(3, tables=[[6, 6], [6, 6], [9]], hands=[[9], [9], [4]])
    state = play(state, single(9), single(9), single(4))
    view = pv(state)
    assert view["coins"] == [0, 0, 0] and view["bank"] == 8
    assert "bank" not in keys(state)


def test_KOR_03_omniscient_breaks_ties_for_powers():
    state = new(3, tables=[[1, 6, 6], [6, 6], []], hands=[[9], [9], [4]])
    state = play(state, single(9), single(9), single(4))
    assert pv(state)["coins"] == [1, 0, 0]
    assert entries(state, "bank") == [{"seat": 0}]


def test_KOR_04_omniscient_ignored_at_scoring():
    state = new(3, start_round=8, tables=[[1, 6, 6], [6, 6], []], hands=[[9], [9], [9]])
    state = play(state, single(9), single(9), single(9))
    assert GAME.is_over(state)
    final = pv(state)["final"]
    assert final[0]["kinds"] == {"1": 1}          # the Omniscient scores 1, the tied 6s nobody
    assert final[1]["kinds"] == {}
    assert GAME.scores(state) == [2, 0, 0]         # P1: 1 + the Banker coin taken through the Omniscient
    assert GAME.winners(state) == [0]


def test_KOR_05_ship_owner_may_play_two_kinds():
    state = new(3, tables=[[], [5], []], hands=[[9, 9, 4], [9, 9, 4, B], [3]])
    legal0 = GAME.legal_actions(state)
    assert all(a["type"] == "play" for a in legal0)  # no Ship Owner majority: one kind only
    state = play(state, single(4))
    legal1 = GAME.legal_actions(state)
    assert {"type": "play2", "kinds": [9, B]} in legal1
    assert {"type": "play2", "kinds": [4, 9]} in legal1
    assert single(9, 2) in legal1                     # a normal set stays allowed
    for bad in ({"type": "play2", "kinds": [9, 9]}, {"type": "play2", "kinds": [4, 9, 9]},
                {"type": "play", "kind": 9, "count": 3}):
        with pytest.raises(IllegalAction):
            GAME.apply(state, bad)
    state = play(state, {"type": "play2", "kinds": [9, B]}, single(3))
    # P2 revealed one 9 and one Barbarians (and its Barbarians acted)
    assert pv(state)["tables"][1][9] == 1 and pv(state)["tables"][1][B] == 1


def test_KOR_05_two_kinds_only_for_the_ship_owner():
    state = new(2, hands=[[9, 8], [9]])
    with pytest.raises(IllegalAction, match="Ship Owner"):
        GAME.apply(state, {"type": "play2", "kinds": [8, 9]})


def test_KOR_06_broadcaster_in_round_4():
    state = new(3, start_round=4, tables=[[], [], [8]])
    assert pv(state)["deal"] == [7, 7, 8]
    assert pv(state, 2)["hand_counts"] == [7, 7, 8]
    assert entries(state, "round")[0]["broadcaster"] == 2


def test_KOR_07_empty_bank_does_nothing():
    state = new(3, coins=[4, 4, 0], tables=[[6], [], []], hands=[[9], [9], [4]])
    assert pv(state)["bank"] == 0
    state = play(state, single(9), single(9), single(4))
    assert pv(state)["coins"] == [4, 4, 0]
    assert entries(state, "bank_empty") == [{"seat": 0}]


def test_KOR_08_spy_steals_only_from_a_player_with_gold():
    state = new(3, coins=[0, 0, 2], tables=[[2], [], []], hands=[[9], [9], [4]])
    state = play(state, single(9), single(9), single(4))  # a single possible victim: automatic
    assert pv(state)["coins"] == [1, 0, 1]
    assert entries(state, "steal") == [{"seat": 0, "target": 2}]


def test_KOR_08_spy_chooses_among_players_with_gold():
    state = new(3, coins=[0, 1, 2], tables=[[2], [], []], hands=[[9], [9], [4]])
    state = play(state, single(9), single(9), single(4))
    assert GAME.current_player(state) == 0
    assert GAME.legal_actions(state) == [{"type": "steal", "target": 1}, {"type": "steal", "target": 2}]
    state = play(state, {"type": "steal", "target": 1})
    assert pv(state)["coins"] == [1, 0, 2]


def test_KOR_08_spy_without_victims_has_no_effect():
    state = new(3, coins=[3, 0, 0], tables=[[2], [], []], hands=[[9], [9], [4]])
    state = play(state, single(9), single(9), single(4))
    assert pv(state)["coins"] == [3, 0, 0]
    assert entries(state, "no_steal") == [{"seat": 0}]


def test_KOR_09_guardian_protects_from_barbarians():
    state = new(3, tables=[[], [7], [9, 3]], hands=[[B], [4], [4]])
    state = play(state, single(B), single(4), single(4))
    assert GAME.current_player(state) == 0
    legal = GAME.legal_actions(state)
    assert legal == [{"type": "destroy", "target": 2, "kind": 3}, {"type": "destroy", "target": 2, "kind": 9}]
    state = play(state, {"type": "destroy", "target": 2, "kind": 9})
    view = pv(state)
    assert view["tables"][2][9] == 0
    assert view["tables"][0][B] == 1                     # the Barbarians card stays: -1 at the end
    # the destroyed card went back into the deck: no card leaves the game
    assert view["deck_count"] + sum(view["hand_counts"]) + sum(map(sum, view["tables"])) == 55
    assert entries(state, "destroy") == [{"seat": 0, "target": 2, "kind": 9}]


def test_KOR_09_barbarians_never_target_own_cards():
    state = new(2, tables=[[9, 8], [7]], hands=[[B], [4]])
    state = play(state, single(B), single(4))
    assert entries(state, "no_destroy") == [{"seat": 0}]
    assert pv(state)["tables"][0][9] == 1


def test_KOR_10_lobbying_cannot_involve_the_spy_holder_without_guardian():
    state = new(3, tables=[[9], [2, 2, 8], [3, 4]], hands=[[L], [5], [5]])
    state = play(state, single(L), single(5), single(5))
    legal = GAME.legal_actions(state)
    assert legal and all(a["type"] == "swap" and {a["a"], a["b"]} == {0, 2} for a in legal)
    state = play(state, {"type": "swap", "a": 0, "ka": 9, "b": 2, "kb": 4})
    tables = pv(state)["tables"]
    assert tables[0][4] == 1 and tables[0][9] == 0 and tables[2][9] == 1 and tables[2][4] == 0


def test_KOR_11_spy_protection_lost_with_a_guardian():
    state = new(3, tables=[[9], [2, 2, 7], [3, 4]], hands=[[L], [5], [5]])
    state = play(state, single(L), single(5), single(5))
    legal = GAME.legal_actions(state)
    assert any(1 in (a["a"], a["b"]) for a in legal)


def test_KOR_12_spy_holder_cannot_use_lobbying():
    # seed: "ただし、自分自身も議会工作を使用できなくなります" - the protected Spy holder's own
    # Lobbying has no effect (see docs/rules/koryo.md, decision D6)
    state = new(3, tables=[[9, 8], [2, 2], [3, 4]], hands=[[5], [L], [5]])
    before = pv(state)["tables"]
    state = play(state, single(5), single(L), single(5))
    assert entries(state, "lobby_blocked") == [{"seat": 1}]
    after = pv(state)["tables"]
    assert after[0][9] == before[0][9] and after[2][3] == before[2][3] and after[2][4] == before[2][4]
    assert after[1][L] == 1                                 # still -1 at the end


def test_KOR_12_spy_protection_also_applies_with_two_players():
    state = new(2, tables=[[9, 8], [2, 3]], hands=[[L], [5]])
    state = play(state, single(L), single(5))
    assert entries(state, "no_swap") == [{"seat": 0}]
    assert pv(state)["tables"][0][9] == 1 and pv(state)["tables"][1][3] == 1


def test_KOR_13_majority_changes_mid_phase():
    state = new(3, tables=[[6], [6], []], hands=[[6], [6, 6, 6], [4]])
    state = play(state, single(6), single(6, 3), single(4))
    assert entries(state, "bank") == [{"seat": 0}, {"seat": 1}]   # P1 (2 vs 1) then P2 (4 vs 2)
    assert pv(state)["coins"] == [1, 1, 0]


def test_KOR_14_senator_keeps_two_more():
    state = new(3, start_round=2, tables=[[3, 3, 9, 9, 9, 8, 8], [], []], hands=[[4], [5], [5]])
    state = play(state, single(4), single(5), single(5))
    view = pv(state)
    assert view["phase"] == "end" and GAME.current_player(state) == 0
    assert view["keep_limit"] == 6 and view["discard_left"] == 2
    state = play(state, {"type": "discard", "kind": 4}, {"type": "discard", "kind": 8})
    assert count_table(pv(state)["tables"][0]) == 6


def test_KOR_14_without_senator_down_to_the_limit():
    state = new(3, start_round=2, tables=[[7, 7, 9, 9, 9, 8, 8], [], []], hands=[[4], [5], [5]])
    state = play(state, single(4), single(5), single(5))
    view = pv(state)
    assert view["keep_limit"] == 4 and view["discard_left"] == 4


def test_KOR_15_senator_limit_fixed_at_start_of_the_end_turn():
    state = new(3, start_round=2, tables=[[3, 3, 9, 9, 9, 8, 8], [3], []], hands=[[4], [5], [5]])
    state = play(state, single(4), single(5), single(5))
    state = play(state, {"type": "discard", "kind": 3}, {"type": "discard", "kind": 3})
    # the Senator majority is gone, but the limit of 6 computed at the start stands
    assert count_table(pv(state)["tables"][0]) == 6
    assert GAME.current_player(state) != 0 or pv(state)["phase"] != "end"


def test_KOR_16_priest_removes_an_own_event():
    state = new(3, tables=[[4, 4, B, B], [], []], hands=[[9], [9], [5]])
    assert GAME.scores(state)[0] == 4 - 2
    state = play(state, single(9), single(9), single(5))
    assert pv(state)["tables"][0][B] == 1
    assert entries(state, "priest") == [{"seat": 0, "kind": B}]
    assert GAME.scores(state)[0] == 4 - 1


def test_KOR_16_priest_chooses_which_event():
    state = new(3, tables=[[4, 4, B, L], [], []], hands=[[9], [9], [5]])
    state = play(state, single(9), single(9), single(5))
    assert GAME.legal_actions(state) == [{"type": "priest", "kind": B}, {"type": "priest", "kind": L}]
    state = play(state, {"type": "priest", "kind": L})
    assert pv(state)["tables"][0][L] == 0 and pv(state)["tables"][0][B] == 1


def test_KOR_17_events_act_only_in_the_round_played():
    state = new(3, tables=[[], [9, 8], []], hands=[[B], [4], [5]])
    state = play(state, single(B))
    state = play(state, single(4), single(5))
    state = play(state, {"type": "destroy", "target": 1, "kind": 9})
    assert pv(state)["round"] == 2
    # round 2: play the first legal (lowest) kind each time, never an event; no Barbarian acts again
    n_destroy = len(entries(state, "destroy"))
    while pv(state)["round"] == 2:
        legal = GAME.legal_actions(state)
        if legal[0]["type"] == "play":
            legal = [a for a in legal if a["type"] == "play" and a["kind"] not in (B, L)] or legal
        assert legal[0]["type"] != "destroy"
        state = GAME.apply(state, legal[0])
    assert len(entries(state, "destroy")) == n_destroy
    assert pv(state)["tables"][0][B] == 1                   # it only costs -1 now


def test_KOR_18_final_scoring_example():
    tables = [[9] * 5 + [1] + [6] * 3 + [B], [9] * 4 + [6] * 3 + [2, 2], [7] * 4 + [B, L]]
    state = new(3, tables=tables, coins=[2, 3, 0])
    assert GAME.scores(state) == [11, 5, 5]


def test_KOR_19_first_player_rotation():
    state = new(3)
    state = first_legal_until(state, GAME.is_over, limit=2000)
    assert [e["first"] for e in entries(state, "round")] == [0, 1, 2, 0, 1, 2, 0, 1]


def _greedy(state):
    """Play the most cards possible; keep as many as possible."""
    legal = GAME.legal_actions(state)
    plays = [a for a in legal if a["type"] == "play"]
    if plays:
        return max(plays, key=lambda a: (a["count"], a["kind"] in (B, L)))
    return legal[0]


@pytest.mark.parametrize("play_limit", [True, False])
def test_KOR_20_deck_never_runs_dry_with_four_players(play_limit):
    from pygames.core import Rng
    for seed in range(25):
        rng = Rng(seed)
        state = GAME.new_game(4, seed, {"play_limit": play_limit, "events": ["5-5", "6-4"][seed % 2]})
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            action = _greedy(state) if seed % 2 else legal[rng.randbelow(len(legal))]
            state = GAME.apply(state, action)
        for index, entry in enumerate(entries(state, "round")):
            r = index + 1
            expected = [11 - r + (1 if s == entry["broadcaster"] else 0) for s in range(4)]
            assert entry["deal"] == expected, f"seed {seed}: short deal in round {r}"


# ------------------------------------------------------------------ decisions of docs/rules/koryo.md
def test_D1_seed_event_split_is_five_and_five():
    with pytest.raises(ValueError):
        new(2, tables=[[B] * 6, []])
    state = new(2, events="6-4", tables=[[B] * 6, []])
    assert pv(state)["tables"][0][B] == 6
    with pytest.raises(ValueError):
        new(2, events="6-4", tables=[[L] * 5, []])
    # a whole game always holds 55 cards
    view = pv(GAME.new_game(4, 3))
    assert view["deck_count"] + sum(view["hand_counts"]) == 55


@pytest.mark.parametrize("play_limit,most", [(True, 3), (False, 5)])
def test_D2_round_limit_caps_cards_played(play_limit, most):
    state = new(2, play_limit=play_limit, hands=[[9] * 5 + [1], [8]])
    counts = [a["count"] for a in GAME.legal_actions(state) if a["kind"] == 9]
    assert counts == list(range(1, most + 1))
    if play_limit:
        with pytest.raises(IllegalAction, match="at most 3"):
            GAME.apply(state, single(9, 4))


def test_D3_at_least_one_card_is_played_and_the_rest_returns_to_the_deck():
    state = new(2, hands=[[9, 9, 4, 1], [8, 8]])
    assert all(a["type"] == "play" for a in GAME.legal_actions(state))   # no pass
    deck = pv(state)["deck_count"]
    state = play(state, single(9))
    assert pv(state)["deck_count"] == deck + 3
    assert pv(state, 0)["hand"] == [0] * 12
    assert pv(state)["facedown_counts"] == [1, 0]


def test_D4_events_count_toward_the_table_limit_but_stay():
    state = new(2, tables=[[B, B, L], []], hands=[[9], [8]])
    state = play(state, single(9), single(8))
    # 4 cards > 3: the only character (the 9) goes; events are never discarded
    table = pv(state)["tables"][0]
    assert table[9] == 0 and table[B] == 2 and table[L] == 1
    assert entries(state, "discard")[0] == {"seat": 0, "kind": 9, "count": 1}


def test_D4_events_alone_above_the_limit_discard_every_character():
    state = new(2, tables=[[B, B, B, L, 9, 8], []], hands=[[7], [8]])
    state = play(state, single(7), single(8))
    table = pv(state)["tables"][0]
    assert sum(table[1:10]) == 0 and table[B] == 3 and table[L] == 1


def test_D5_action_order_spy_priest_banker_then_events():
    state = new(3, coins=[0, 1, 0], tables=[[2, 4, 6, L], [9], [8]], hands=[[B], [5], [3]])
    state = play(state, single(B), single(5), single(3))
    assert [k for k in keys(state) if k in ("steal", "priest", "bank")] == ["steal"]
    assert GAME.legal_actions(state) == [{"type": "priest", "kind": B}, {"type": "priest", "kind": L}]
    state = play(state, {"type": "priest", "kind": B})
    assert [k for k in keys(state) if k in ("steal", "priest", "bank")] == ["steal", "priest", "bank"]
    # the Barbarians card played this round still acts although the Priest removed it
    assert pv(state)["tables"][0][B] == 0
    assert GAME.legal_actions(state) == [{"type": "destroy", "target": 1, "kind": 9},
                                         {"type": "destroy", "target": 2, "kind": 8}]


def test_D6_omniscient_tie_also_gives_protections():
    # P2 ties P3 on Guardians but has the Omniscient: protected from P1's Barbarians
    state = new(3, tables=[[], [1, 7], [7, 9]], hands=[[B], [5], [5]])
    state = play(state, single(B), single(5), single(5))
    assert GAME.legal_actions(state) == [{"type": "destroy", "target": 2, "kind": 7},
                                         {"type": "destroy", "target": 2, "kind": 9}]


def test_D7_lobbying_swaps_two_different_character_cards():
    state = new(3, tables=[[9, B], [9, 3], [4]], hands=[[L], [5], [5]])
    state = play(state, single(L), single(5), single(5))
    legal = GAME.legal_actions(state)
    assert legal and all(a["ka"] != a["kb"] and a["ka"] <= 9 and a["kb"] <= 9 for a in legal)
    assert {"type": "swap", "a": 0, "ka": 9, "b": 1, "kb": 3} in legal
    assert {"type": "swap", "a": 1, "ka": 3, "b": 2, "kb": 4} in legal   # between two others


def test_D7_an_event_with_a_single_outcome_is_done_at_once_and_two_are_a_choice():
    """docs/rules/koryo.md: "A step with a single possible outcome is done automatically" - the
    rules settle none / one / several from the first two swaps or victims (swap_actions,
    destroy_actions), so check each count at the edge."""
    state = new(2, tables=[[9], [3]], hands=[[L], [5]])
    state = play(state, single(L), single(5))             # one swap only: 9 of seat 0 for 3 of seat 1
    assert entries(state, "swap") == [{"seat": 0, "a": 0, "ka": 9, "b": 1, "kb": 3}]
    assert pv(state)["tables"][0][3] == 1 and pv(state)["tables"][1][9] == 1
    state = new(2, tables=[[9], [3, 4]], hands=[[L], [5]])
    state = play(state, single(L), single(5))             # two swaps: seat 0 chooses
    assert GAME.current_player(state) == 0 and entries(state, "swap") == []
    assert GAME.legal_actions(state) == [{"type": "swap", "a": 0, "ka": 9, "b": 1, "kb": 3},
                                         {"type": "swap", "a": 0, "ka": 9, "b": 1, "kb": 4}]
    state = new(2, tables=[[], [3]], hands=[[B], [5]])
    state = play(state, single(B), single(5))             # one victim only
    assert entries(state, "destroy") == [{"seat": 0, "target": 1, "kind": 3}]
    state = new(2, tables=[[], [3, 4]], hands=[[B], [5]])
    state = play(state, single(B), single(5))             # two victims: seat 0 chooses
    assert GAME.legal_actions(state) == [{"type": "destroy", "target": 1, "kind": 3},
                                         {"type": "destroy", "target": 1, "kind": 4}]


def test_D8_tied_totals_share_the_victory():
    state = new(2, start_round=8, tables=[[9], [8]], coins=[0, 1], hands=[[5], [5]])
    state = play(state, single(5), single(5))
    assert GAME.is_over(state)
    assert GAME.scores(state) == [9, 9]
    assert GAME.winners(state) == [0, 1]


def test_D9_hand_discards_and_destroyed_cards_are_reshuffled_for_next_round():
    state = position(2, 11, first=1, no_shuffle=False)
    state = first_legal_until(state, lambda s: pv(s)["round"] == 2)
    view = pv(state)
    assert view["deck_count"] + sum(view["hand_counts"]) + sum(sum(t) for t in view["tables"]) == 55


# ------------------------------------------------------------------ test positions
@pytest.mark.parametrize("options", [
    {"first_player": 1}, {"start_round": 2}, {"no_shuffle": True}, {"coins": [1, 0]}, {"tables": [[9], []]},
    {"hands": [[9], [9]]}, {"deck": [9]}, {"events": "7-3"}, {"play_limit": "yes"}, {"colour": 1},
])
def test_a_lobby_takes_only_its_options(options):
    """Fixed deals are built beside the tests (koryo_helpers.position), not by lobby options."""
    with pytest.raises(SetupError):
        GAME.new_game(2, 1, options)


@pytest.mark.parametrize("pieces", [
    {"coins": [5, 4]}, {"coins": [-1, 0]}, {"coins": [1]},
])
def test_a_position_the_rules_could_not_have_is_refused(pieces):
    with pytest.raises(RecordError):
        position(2, 1, **pieces)


@pytest.mark.parametrize("pieces", [
    {"tables": [[9]]}, {"tables": [[12], []]}, {"hands": [[9] * 10, [9]]}, {"deck": [1, 1]},
    {"start_round": 9}, {"start_round": 0}, {"first": 3},
])
def test_a_position_with_pieces_the_game_lacks_is_refused(pieces):
    with pytest.raises(ValueError):
        position(2, 1, **pieces)


def test_deck_option_sets_the_top_of_the_deck():
    state = new(2, deck=[9, 9, 8, 8, 8, 1, 2, 2, 3, 3] + [7] * 7 + [6, 6, 6])
    hand0 = pv(state, 0)["hand"]
    assert hand0[9] == 2 and hand0[8] == 3 and hand0[1] == 1 and hand0[2] == 2 and hand0[3] == 2
    hand1 = pv(state, 1)["hand"]
    assert hand1[7] == 7 and hand1[6] == 3


def test_first_player_option_and_random_first_player():
    assert pv(new(4, first=2))["first"] == 2
    firsts = {pv(GAME.new_game(4, seed))["first"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_refusals_name_what_is_wrong():
    """A refused action says what is wrong with it (the cards held, the order of a pair,
    the protected player), not only that it is not legal."""
    state = new(3, tables=[[], [5], []], hands=[[9, 9, 4], [9, 9, 4, B], [3]])
    with pytest.raises(IllegalAction, match=r"you hold 2 × card 9, not 3"):
        GAME.apply(state, {"type": "play", "kind": 9, "count": 3})
    with pytest.raises(IllegalAction, match=r"you hold 0 × card 7, not 1"):
        GAME.apply(state, {"type": "play", "kind": 7, "count": 1})
    state = play(state, single(4))
    with pytest.raises(IllegalAction, match=r"list the two kinds of play2 in increasing order"):
        GAME.apply(state, {"type": "play2", "kinds": [B, 9]})
    with pytest.raises(IllegalAction, match=r"two different kinds"):
        GAME.apply(state, {"type": "play2", "kinds": [9, 9]})
    with pytest.raises(IllegalAction, match=r"you hold no card 3"):
        GAME.apply(state, {"type": "play2", "kinds": [3, 9]})
    # Lobbying: the Spy holder without a Guardian is named, and the seat order is explained
    state = new(3, tables=[[9], [2, 2, 8], [3, 4]], hands=[[L], [5], [5]])
    state = play(state, single(L), single(5), single(5))
    with pytest.raises(IllegalAction, match=r"player 2 holds the Spy \(2\) majority without a Guardian"):
        GAME.apply(state, {"type": "swap", "a": 0, "ka": 9, "b": 1, "kb": 8})
    with pytest.raises(IllegalAction, match=r"name the earlier seat first"):
        GAME.apply(state, {"type": "swap", "a": 2, "ka": 4, "b": 0, "kb": 9})
    with pytest.raises(IllegalAction, match=r"player 3 has no card 8 on their table"):
        GAME.apply(state, {"type": "swap", "a": 0, "ka": 9, "b": 2, "kb": 8})
    with pytest.raises(IllegalAction, match=r"the decision now is 'swap'"):
        GAME.apply(state, single(5))


class _Fixed:
    """A stand-in generator whose randbelow returns `value` (which must be below n) and keeps the spans asked for."""

    def __init__(self, value=0):
        self.value = value
        self.spans = []

    def randbelow(self, n):
        self.spans.append(n)
        assert self.value < n
        return self.value


@pytest.mark.parametrize("size,count,start", [(5, 5, 0), (6, 3, 0), (6, 2, 2), (4, 9, 0)])
def test_D9_deal_draws_each_ordered_hand_exactly_once_per_random_number(size, count, start):
    """The deal's draw (draw_to_top) turns the numbers below its span into every ordered choice
    of cards for the drawn positions exactly once, so each deal is equally likely; the cards above
    `start` (the deck option's fixed top) stay."""
    from pygames.games.koryo.rules import draw_to_top

    probe = _Fixed()
    draw_to_top(list(range(size)), count, probe, start=start)
    assert len(probe.spans) == 1, "a small deal takes one number of the generator"
    span = probe.spans[0]
    drawn = min(start + count, size - 1) - start  # the last card left is not drawn
    expected = 1
    for i in range(drawn):
        expected *= size - start - i
    assert span == expected
    outcomes = set()
    for value in range(span):
        deck = list(range(size))
        draw_to_top(deck, count, _Fixed(value), start=start)
        assert deck[:start] == list(range(start)) and sorted(deck) == list(range(size))
        outcomes.add(tuple(deck[:start + drawn]))
    assert len(outcomes) == span


def test_D9_a_deal_from_a_long_deck_shares_few_numbers_of_the_generator():
    from pygames.games.koryo.rules import draw_to_top

    rng = _Fixed()
    deck = list(range(55))
    draw_to_top(deck, 30, rng)
    assert sorted(deck) == list(range(55)) and 3 <= len(rng.spans) <= 5
    assert all(span < 1 << 56 for span in rng.spans)


def test_D6b_holds_power_agrees_with_power_holder():
    """holds_power (asked from a seat's side) gives power_holder's answer, ties and the
    Omniscient's tie-break included, on tables drawn from the real card counts."""
    from pygames.core import Rng
    from pygames.games.koryo.rules import composition, holds_power, power_holder

    rng = Rng("holds-power")
    for _ in range(400):
        n = 2 + rng.randbelow(3)
        pool = [k for k, count in enumerate(composition("5-5")) for _ in range(count)]
        rng.shuffle(pool)
        tables = [[0] * 12 for _ in range(n)]
        for _ in range(rng.randbelow(30)):
            tables[rng.randbelow(n)][pool.pop()] += 1
        for kind in range(1, 10):
            holder = power_holder(tables, kind)
            assert [holds_power(tables, seat, kind) for seat in range(n)] == [seat == holder for seat in range(n)]
