"""Acceptance tests for Great Houses: each builds an exact rule situation with the test
options and plays it through the public contract. Rule ids refer to docs/rules/houses.md."""

from __future__ import annotations

import pytest
from houses_helpers import act, declare, defend, game, has, inst, keys, legal, log, player, power, stage, types, uid

from pygames import IllegalAction, RecordError, SetupError
from pygames.games.houses.rules import GAME

ONE_PLOT = [["P1"], ["P4"]]  # P1: income 5 / init 2 / claim 1 / reserve 6; P4: 4 / 4 / 1 / 7


# ---------------------------------------------------------------- setup (HOU_01..)
def setup_game(deck0, deck1, **kw):
    return game(decks=[deck0, deck1], skip_setup=False, pad=0, **kw)


def test_HOU_01_setup_draw_seven_place_cost_five_reveal_and_refill():
    deck0 = ["V05", "V02", "V01", "V14", "V12", "V10", "N01", "V06", "V07", "V03"]
    deck1 = ["R05", "R04", "R01", "R13", "R12", "R10", "N01", "R06", "R07", "R03"]
    s = setup_game(deck0, deck1)
    assert stage(s) == "setup" and GAME.current_player(s) == 0
    assert player(s, 0)["hand"] == deck0[:7]
    assert player(s, 0)["deck_count"] == 3
    # only characters and locations can be placed; events and attachments cannot
    placeable = {a["card"] for a in legal(s) if a["type"] == "place"}
    assert placeable == {"V05", "V02", "V01", "V10", "N01"}
    s = act(s, "place", card="V05")      # 3
    s = act(s, "place", card="V02")      # 5: nothing with cost > 0 fits any more
    assert {a["card"] for a in legal(s) if a["type"] == "place"} == {"V10"}  # cost 0 Limited
    s = act(s, "place", card="V10")
    s = act(s, "place_done")
    # the other seat does not see what was placed, only how many
    assert player(s, 0, viewer=1)["facedown_count"] == 3
    assert "facedown" not in player(s, 0, viewer=1)
    assert player(s, 0, viewer=1)["chars"] == []
    s = act(s, "place", card="R05")
    s = act(s, "place_done")
    # reveal: cards are in play, hands refilled to 7, round 1 plot phase
    assert [i["cid"] for i in player(s, 0)["chars"]] == ["V05", "V02"]
    assert [i["cid"] for i in player(s, 0)["locs"]] == ["V10"]
    assert player(s, 0)["hand_count"] == 7 and player(s, 1)["hand_count"] == 7
    assert player(s, 0)["deck_count"] == 0
    assert stage(s) == "plot"


def test_HOU_02_setup_one_limited_per_type_and_no_duplicate_unique():
    deck0 = ["V10", "N01", "V11", "V11", "V01", "N11", "N11", "V02"]
    s = setup_game(deck0, ["R01"] * 8)
    s = act(s, "place", card="N01")
    assert not has(s, "place", card="V10")  # a second Limited location
    assert has(s, "place", card="N11")      # a Limited character is another type
    s = act(s, "place", card="V11")
    # the second copy of the unique War Camp cannot be placed (and it would not fit either)
    assert not has(s, "place", card="V11")
    s = act(s, "place", card="N11")
    assert not has(s, "place", card="N11")  # 1 + 3 + 1 = 5: full, and a second Limited character
    s = act(s, "place_done")
    assert player(s, 0)["facedown"] == ["N01", "V11", "N11"]


def test_HOU_03_setup_out_of_house_costs_two_more_and_loyal_is_house_only():
    deck0 = ["R05", "R08", "R01", "N06", "V01", "V01", "V01"]  # Vorhelm player, Miravelle cards
    s = setup_game(deck0, ["R01"] * 8)
    placeable = {a["card"] for a in legal(s) if a["type"] == "place"}
    assert "R08" not in placeable              # Loyal Miravelle card: Miravelle only
    assert {"R05", "R01", "N06", "V01"} <= placeable
    s = act(s, "place", card="R05")             # 3 + 2 = 5
    assert not has(s, "place", card="R01")      # 1 + 2 > 0 left
    assert not has(s, "place", card="V01")


def test_HOU_04_mulligan_option_redraws_seven():
    deck0 = ["V01"] * 7 + ["V05"] * 7 + ["V02"] * 3
    s = setup_game(deck0, ["R01"] * 20, mulligan=True)
    assert stage(s) == "mulligan" and types(s) == ["keep", "mulligan"]
    s = act(s, "mulligan")  # no_shuffle: the hand goes to the bottom, 7 new cards from the top
    assert player(s, 0)["hand"] == ["V05"] * 7
    assert stage(s) == "setup" and GAME.current_player(s) == 0
    s = act(s, "place_done")
    assert stage(s) == "mulligan" and GAME.current_player(s) == 1
    s = act(s, "keep")
    assert player(s, 1)["hand"] == ["R01"] * 7


def test_HOU_05_agendas_are_secret_until_setup_reveal():
    s = setup_game(["V01"] * 10, ["R01"] * 10, agendas=True)
    assert stage(s) == "agenda"
    assert [a["agenda"] for a in legal(s)] == ["none", "undivided", "banners", "hoard"]
    s = act(s, "agenda", agenda="hoard")
    s = act(s, "place_done")
    assert player(s, 0, viewer=1)["agenda"] is None and player(s, 0, viewer=1)["agenda_chosen"]
    assert player(s, 0)["agenda"] == "hoard"
    s = act(s, "agenda", agenda="none")
    s = act(s, "place_done")
    assert player(s, 0, viewer=1)["agenda"] == "hoard"


# ---------------------------------------------------------------- plots and initiative
def test_HOU_10_plots_secret_then_revealed_highest_initiative_first():
    s = game(first_player=None)
    assert stage(s) == "plot" and GAME.current_player(s) == 0
    s = act(s, "plot", plot="P5")  # initiative 0
    v1 = GAME.view(s, 1)
    assert v1["players"][0]["chosen"] and "choice" not in v1["players"][0]
    assert all(e["key"] != "plot_picked" for e in v1["log"])
    s = act(s, "plot", plot="P2")  # initiative 8
    assert log(s, "order")[-1]["order"] == [1, 0]
    assert GAME.current_player(s) == 1 and stage(s) == "marshal"
    assert player(s, 0)["plot"] == "P5" and "P5" not in player(s, 0)["plots"]


def test_HOU_11_initiative_tie_goes_to_less_power():
    s = game(first_player=None, power=[3, 1])
    s = act(s, "plot", plot="P4")
    s = act(s, "plot", plot="P3")  # both initiative 4; seat 1 has less power
    assert log(s, "order")[-1]["order"] == [1, 0]


def test_HOU_12_initiative_full_tie_is_random():
    firsts = set()
    for seed in range(12):
        s = game(first_player=None, seed=seed)
        s = act(s, "plot", plot="P4")
        s = act(s, "plot", plot="P3")
        firsts.add(log(s, "order")[-1]["order"][0])
    assert firsts == {0, 1}


def test_HOU_13_winner_chooses_option():
    s = game(first_player=None, initiative="winner_chooses")
    s = act(s, "plot", plot="P2")
    s = act(s, "plot", plot="P5")
    assert stage(s) == "first_player" and GAME.current_player(s) == 0
    s = act(s, "first_player", seat=1)
    assert GAME.current_player(s) == 1 and stage(s) == "marshal"


def test_HOU_14_used_plots_return_when_the_plot_deck_has_run_out():
    # the seed: "when the plot deck has run out, the used plots are shuffled and used again"
    s = game(plots=[["P1", "P2"], ["P4", "P5"]], first_player=None)
    s = act(s, "plot", plot="P1")
    s = act(s, "plot", plot="P4")
    s = _end_round_quietly(s)
    # round 2: one plot left each: played without a decision; the deck is now empty but the
    # used pile only comes back when a plot must be chosen from an empty deck
    assert GAME.view(s, None)["round"] == 2
    assert player(s, 0)["plot"] == "P2" and player(s, 0)["plots"] == []
    assert player(s, 0)["used"] == ["P1"]
    s = _end_round_quietly(s)
    # round 3: both used plots (P1 and the round-2 P2) are back: a choice of two again
    assert stage(s) == "plot" and GAME.view(s, None)["round"] == 3
    assert {a["plot"] for a in legal(s)} == {"P1", "P2"}
    assert player(s, 0)["used"] == [] and "plots_recycled" in keys(s)


def test_HOU_14_round_eight_chooses_among_all_seven_plots():
    s = game(first_player=None, pad=40, reserve_check=False)
    for rnd in range(1, 8):
        assert GAME.view(s, None)["round"] == rnd
        for _seat in (0, 1):
            # the standard deck, one plot fewer each round (the 7th is played without a choice)
            if rnd < 7:
                assert len(legal(s)) == 8 - rnd
                s = GAME.apply(s, legal(s)[0])
        s = _end_round_quietly(s)
    assert GAME.view(s, None)["round"] == 8 and stage(s) == "plot"
    assert sorted(a["plot"] for a in legal(s)) == ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]


def _end_round_quietly(s):
    """Both players end marshalling (and challenges, if asked): the round ends."""
    for _ in range(2):
        s = act(s, "end_marshal")
        if stage(s) == "challenges":
            s = act(s, "end_challenges")
    return s


def test_HOU_15_gathered_tidings_draws_when_revealed():
    s = game(plots=[["P7"], ["P4"]], decks=[["V05"], []])
    assert {"seat": 0, "n": 1, "why": "effect"} in log(s, "draw")
    assert "V05" in player(s, 0)["hand"]


# ---------------------------------------------------------------- draw, gold, marshalling
def test_HOU_20_draw_two_each_turn_and_income_from_plot():
    s = game(plots=ONE_PLOT, decks=[["V05", "V06"], []], hands=[[], []])
    assert stage(s) == "marshal" and GAME.current_player(s) == 0
    assert player(s, 0)["hand"] == ["V05", "V06"]
    assert player(s, 0)["gold"] == 5


def test_HOU_21_out_of_house_costs_two_more_neutral_does_not():
    s = game(plots=ONE_PLOT, hands=[["R05", "N04", "V05"], []])
    s = act(s, "marshal", card="R05")  # 3 + 2
    assert player(s, 0)["gold"] == 0
    s = game(plots=ONE_PLOT, hands=[["R05", "N04", "V05"], []])
    s = act(s, "marshal", card="N04")  # neutral: 3
    assert player(s, 0)["gold"] == 2
    assert not has(s, "marshal", card="R05") and not has(s, "marshal", card="V05")


def test_HOU_22_limited_one_per_card_type_per_turn():
    # the seed: Limited cards, one per card type per turn
    s = game(plots=ONE_PLOT, hands=[["N01", "N01", "V10", "N11", "N11"], []])
    s = act(s, "marshal", card="N01")              # a Limited location
    assert not has(s, "marshal", card="N01") and not has(s, "marshal", card="V10")
    assert has(s, "marshal", card="N11")           # a Limited character is another type
    s = act(s, "marshal", card="N11")
    assert not has(s, "marshal", card="N11")       # but only one Limited character
    assert [i["cid"] for i in player(s, 0)["chars"]] == ["N11"]
    # the next turn allows one of each type again
    s = act(s, "end_marshal")
    s = act(s, "end_challenges")
    s = act(s, "end_marshal")                      # seat 1: nothing to challenge with
    s = act(s, "end_marshal")                      # round 2: seat 1 (initiative 4) first
    assert GAME.current_player(s) == 0 and stage(s) == "marshal"
    assert has(s, "marshal", card="N11") and has(s, "marshal", card="V10")


def test_HOU_23_unique_one_copy_and_dead_unique_stays_dead():
    s = game(plots=ONE_PLOT, hands=[["V08", "V08"], []], gold=[0, 0])
    s = act(s, "marshal", card="V08")
    assert not has(s, "marshal", card="V08")
    # a killed unique character cannot come back
    s = game(plots=[["P1"], ["P3"]], first_player=1, in_play=[["V08"], ["R05", "R07"]],
             hands=[["V08"], []])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 1, "R05"), uid(s, 1, "R07")], opponent=0)
    s = defend(s, [])
    assert player(s, 0)["dead"] == ["V08"]
    assert GAME.current_player(s) == 0 and stage(s) == "marshal"
    assert not has(s, "marshal", card="V08")


def test_HOU_24_reducer_kneels_to_lower_the_next_house_card():
    s = game(plots=ONE_PLOT, in_play=[["V10"], []], hands=[["V06", "N05"], []])
    s = act(s, "marshal", card="V06")  # 4 - 1
    assert player(s, 0)["gold"] == 2 and inst(s, 0, "V10")["knelt"]
    s = game(plots=ONE_PLOT, in_play=[["V10"], []], hands=[["N05"], []])
    s = act(s, "marshal", card="N05")  # neutral: the Vorhelm reducer does not apply
    assert player(s, 0)["gold"] == 1 and not inst(s, 0, "V10")["knelt"]


def test_HOU_25_attachment_gives_str_and_icon_and_is_discarded_with_its_host():
    s = game(plots=ONE_PLOT, in_play=[["V02"], ["R05", "R07"]], hands=[["V12"], []])
    s = act(s, "marshal", card="V12", target=uid(s, 0, "V02"))
    assert inst(s, 0, "V02")["atts"] == ["V12"]
    s = act(s, "end_marshal")
    assert has(s, "challenge", kind="M")  # the Warhorse gives the military icon
    s = declare(s, "M", [uid(s, 0, "V02")])
    assert GAME.view(s, None)["ch"] is not None
    s = defend(s, [uid(s, 1, "R05")])   # 3 vs 3: attacker wins ties
    assert log(s, "result")[-1]["winner"] == 0
    # the defender chooses which character dies (2 characters, claim 1)
    s = act(s, "kill", card=uid(s, 1, "R05"))
    # seat 1's turn: its Harbor Marshal kills the Banner-Bearer; the attachment is discarded
    assert GAME.current_player(s) == 1
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 1, "R07")], opponent=0)
    s = defend(s, [])
    assert player(s, 0)["dead"] == ["V02"] and player(s, 0)["discard"] == ["V12"]


def test_HOU_26_unspent_gold_stays_until_your_next_marshalling():
    s = game(plots=ONE_PLOT, hands=[[], ["N09"]], in_play=[["V05"], ["R05"]], gold=[0, 0])
    s = act(s, "end_marshal")   # seat 0 keeps 5 gold through seat 1's turn
    s = act(s, "end_challenges")
    assert player(s, 0)["gold"] == 5
    s = act(s, "end_marshal")   # seat 1 keeps 4
    s = act(s, "end_challenges")
    # round 2 (seat 1 has the higher initiative): returned, then the plot's income again
    assert GAME.current_player(s) == 1 and player(s, 1)["gold"] == 4


def test_HOU_27_empty_deck_draws_nothing():
    s = game(plots=ONE_PLOT, decks=[["V05"], []], pad=0, hands=[[], []])
    assert player(s, 0)["hand"] == ["V05"] and player(s, 0)["decked"]
    assert "decked" in keys(s)


# ---------------------------------------------------------------- challenges
def test_HOU_30_challenge_needs_standing_character_with_icon_once_per_kind():
    s = game(plots=ONE_PLOT, in_play=[["V03", {"card": "V06", "knelt": True}], ["R01"]])
    s = act(s, "end_marshal")
    assert {a["kind"] for a in legal(s) if a["type"] == "challenge"} == {"M"}
    s = declare(s, "M", [uid(s, 0, "V03")])
    assert inst(s, 0, "V03")["knelt"]
    s = defend(s, [])
    # military done and nothing else can attack: the challenges step ended by itself
    assert GAME.current_player(s) == 1


def test_HOU_31_attackers_kneel_and_attacker_wins_ties():
    s = game(plots=ONE_PLOT, in_play=[["V05", "V01", "V02"], ["R05"]])
    s = act(s, "end_marshal")
    s = act(s, "challenge", kind="M", opponent=1)
    assert not has(s, "attackers_done")  # at least one attacker
    s = act(s, "attacker", card=uid(s, 0, "V05"))
    s = act(s, "attackers_done")           # V01 could have joined
    assert inst(s, 0, "V05")["knelt"] and not inst(s, 0, "V01")["knelt"]
    s = defend(s, [uid(s, 1, "R05")])
    assert log(s, "defenders")[-1]["cards"] == ["R05"]
    r = log(s, "result")[-1]
    assert (r["a"], r["d"], r["winner"]) == (3, 3, 0)
    assert player(s, 1)["dead"] == ["R05"]  # claim 1, the only character


def test_HOU_31_a_lone_eligible_attacker_is_declared_by_the_rules():
    # V02 has no military icon: V05 is the only possible attacker, so declaring the
    # challenge declares it (a decision with one answer is not asked)
    s = game(plots=ONE_PLOT, in_play=[["V05", "V02"], ["R05"]])
    s = act(s, "end_marshal")
    s = act(s, "challenge", kind="M", opponent=1)
    assert stage(s) == "defenders" and GAME.current_player(s) == 1
    assert log(s, "challenge")[-1]["cards"] == ["V05"] and inst(s, 0, "V05")["knelt"]


def test_HOU_32_defender_wins_when_stronger_no_claim():
    s = game(plots=ONE_PLOT, in_play=[["V02"], ["R05", "R06"]], hands=[[], ["R01"]])
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")])
    s = defend(s, [uid(s, 1, "R06")])
    r = log(s, "result")[-1]
    assert r["winner"] == 1 and power(s, 0) == 0
    assert "power_moved" not in keys(s) and not any(e["why"] == "unopposed" for e in log(s, "power"))
    # R06 has Insight: the winning defender draws
    assert {"seat": 1, "n": 1, "why": "insight"} in log(s, "draw")


def test_HOU_33_military_claim_defender_chooses_characters_to_kill():
    s = game(plots=[["P3"], ["P4"]], in_play=[["V07"], ["R01", "R05", "R04"]])  # P3: claim 2
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V07")])
    s = defend(s, [uid(s, 1, "R05")])   # 5 (Vanguard) vs 3
    assert stage(s) == "claim" and GAME.current_player(s) == 1
    # any of the defender's characters, not only the defenders
    assert {a["card"] for a in legal(s)} == {uid(s, 1, "R01"), uid(s, 1, "R05"), uid(s, 1, "R04")}
    s = act(s, "kill", card=uid(s, 1, "R01"))
    s = act(s, "kill", card=uid(s, 1, "R04"))
    assert player(s, 1)["dead"] == ["R01", "R04"]
    assert [i["cid"] for i in player(s, 1)["chars"]] == ["R05"]


def test_HOU_34_claim_larger_than_what_is_there_does_what_it_can():
    s = game(plots=[["P3"], ["P4"]], in_play=[["V07"], ["R01"]], hands=[[], ["R05"]], power=[0, 1])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V07")])
    s = defend(s, [])
    assert player(s, 1)["chars"] == [] and player(s, 1)["dead"] == ["R01"]
    assert power(s, 0) == 1  # unopposed


def test_HOU_35_intrigue_claim_discards_at_random_from_hand():
    s = game(plots=[["P3"], ["P4"]], in_play=[["V04"], []], hands=[[], ["R05", "R06", "R07"]])
    s = act(s, "end_marshal")
    s = declare(s, "I", [uid(s, 0, "V04")])
    gone = log(s, "discarded")
    assert len(gone) == 2 and all(g["why"] == "claim" for g in gone)
    assert player(s, 1)["hand_count"] == 1 + 2  # and it is seat 1's turn: it drew 2
    assert sorted(player(s, 1)["discard"]) == sorted(g["card"] for g in gone)


def test_HOU_36_power_claim_moves_house_power_and_unopposed_bonus():
    s = game(plots=ONE_PLOT, in_play=[["V02"], [{"card": "R04", "power": 2}]], power=[0, 3],
             dominance="end_of_round")
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")])
    s = defend(s, [])
    # +1 unopposed, +1 moved from the House card (power on characters is never claimed)
    assert power(s, 0) == 2 and player(s, 1)["power"] == 2 and inst(s, 1, "R04")["power"] == 2


def test_HOU_37_unopposed_when_defending_strength_is_zero_only():
    s = game(plots=ONE_PLOT, in_play=[["V05", "V07"], ["R01"]], dominance="end_of_round")
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V07")])
    s = defend(s, [uid(s, 1, "R01")])
    assert power(s, 0) == 0 and not any(e["why"] == "unopposed" for e in log(s, "power"))


def test_HOU_38_multiplayer_attacker_chooses_the_opponent():
    s = game(3, plots=[["P1"], ["P4"], ["P5"]], in_play=[["V05"], ["R01"], ["O01"]])
    s = act(s, "end_marshal")
    assert {a["opponent"] for a in legal(s) if a["type"] == "challenge"} == {1, 2}
    s = declare(s, "M", [uid(s, 0, "V05")], opponent=2)
    assert log(s, "challenge")[-1] == {"seat": 0, "kind": "M", "opponent": 2, "cards": ["V05"]}
    assert player(s, 2)["dead"] == ["O01"] and player(s, 1)["dead"] == []


def _rivalry_game(power, **kw):
    # seat 0 attacks with V02 (P) into an opponent with no character: unopposed, claim 1
    return game(3, plots=[["P1"], ["P4"], ["P5"]], in_play=[["V02"], [], []], power=power,
                dominance="end_of_round", **kw)


def test_HOU_75_rivalry_no_unopposed_bonus_against_a_player_behind_you():
    s = _rivalry_game([3, 1, 5])
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")], opponent=1)
    # no unopposed bonus (seat 1 has less power); the power claim still takes 1
    assert not any(e["why"] in ("unopposed", "bounty") for e in log(s, "power"))
    assert power(s, 0) == 4 and power(s, 1) == 0


def test_HOU_76_rivalry_leaders_bounty_and_unopposed_against_a_stronger_player():
    s = _rivalry_game([3, 1, 5])
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")], opponent=2)
    # seat 2 leads alone: unopposed +1, the bounty +1, the claim moves 1
    whys = [e["why"] for e in log(s, "power") if e["seat"] == 0]
    assert whys == ["unopposed", "bounty", "claim"]
    assert power(s, 0) == 6 and power(s, 2) == 4


def test_HOU_77_rivalry_no_bounty_against_a_shared_lead_unopposed_against_equal_power():
    s = _rivalry_game([2, 5, 5])
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")], opponent=2)
    assert [e["why"] for e in log(s, "power") if e["seat"] == 0] == ["unopposed", "claim"]
    s = _rivalry_game([5, 1, 5])   # equal power: the unopposed bonus is paid, no bounty
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")], opponent=2)
    assert [e["why"] for e in log(s, "power") if e["seat"] == 0] == ["unopposed", "claim"]


def _ambush_game(n=3, **kw):
    # seat 0 holds Moth-Court Knife (STR 2, M, Stealth); seat 1 leads alone with Steppe Lancer
    # (STR 3, M), the one character that could defend a military challenge
    plots = [["P1"], ["P4"], ["P5"]][:n]
    return game(n, plots=plots, in_play=[["O02"], ["V05"], []][:n], power=[3, 5, 1][:n],
                dominance="end_of_round", **kw)


def test_HOU_93_rivalry_no_unopposed_bonus_after_an_ambush():
    s = act(_ambush_game(), "end_marshal")
    s = declare(s, "M", [uid(s, 0, "O02")])
    s = act(s, "stealth", target=uid(s, 1, "V05"))   # nobody is left to defend
    assert log(s, "result")[-1]["winner"] == 0 and log(s, "result")[-1]["d"] == 0
    # the ambush pays no unopposed bonus; the leader's bounty is still paid, the claim kills
    assert [e["why"] for e in log(s, "power") if e["seat"] == 0] == ["bounty"]
    assert player(s, 1)["dead"] == ["V05"]


def test_HOU_93_rivalry_without_the_ambush_the_unopposed_bonus_is_paid():
    # the attacker may leave Stealth unused: the defender could defend and chooses not to
    s = act(_ambush_game(), "end_marshal")
    s = declare(s, "M", [uid(s, 0, "O02")])
    s = act(s, "stealth_none")
    s = defend(s, [])
    assert [e["why"] for e in log(s, "power") if e["seat"] == 0] == ["unopposed", "bounty"]


def test_HOU_93_ambush_keeps_the_bonus_with_two_players_or_rivalry_off():
    for s in (_ambush_game(2), _ambush_game(3, rivalry=False)):
        s = act(s, "end_marshal")
        s = declare(s, "M", [uid(s, 0, "O02")])
        s = act(s, "stealth", target=uid(s, 1, "V05"))
        assert [e["why"] for e in log(s, "power") if e["seat"] == 0] == ["unopposed"]


#: one plot per seat, for the Rivalry-line games of 2-4 players
LINE_PLOTS = [["P1"], ["P4"], ["P5"], ["P6"]]


def _line_game(n, seat_0: list, seat_1: list = (), **kw):
    # an n-player game with these cards in play for seats 0 and 1, nothing for the others
    in_play = [list(seat_0), list(seat_1)] + [[]] * (n - 2)
    return game(n, plots=LINE_PLOTS[:n], in_play=in_play, dominance="end_of_round", **kw)


def _rivalry_line_game(n, cid="O04", **kw):
    # seat 0 has one character in play, by default Silent Watcher (M, I; "Rivalry: with 3 players,
    # gains Insight; with 4 players, gains the power icon")
    return _line_game(n, [cid], **kw)


def _insight_draws(s) -> list:
    return [e for e in log(s, "draw") if e["why"] == "insight"]


def test_HOU_79_rivalry_line_for_four_players_the_power_icon():
    # 4 players with Rivalry: the Watcher has the power icon, so it may attack in a power challenge
    s = _rivalry_line_game(4)
    s = act(s, "end_marshal")
    s = act(s, "challenge", kind="P", opponent=1)   # the lone eligible attacker is declared
    assert log(s, "challenge")[-1]["cards"] == ["O04"] and log(s, "result")[-1]["winner"] == 0
    assert not _insight_draws(s)                    # and no Insight


def test_HOU_79_rivalry_line_for_three_players_insight():
    # 3 players with Rivalry: no power icon, but Insight draws a card after its side wins
    s = act(_rivalry_line_game(3), "end_marshal")
    assert not has(s, "challenge", kind="P", opponent=1)
    s = act(s, "challenge", kind="M", opponent=1)
    assert log(s, "result")[-1]["winner"] == 0
    assert _insight_draws(s) == [{"seat": 0, "n": 1, "why": "insight"}]


def test_HOU_79_rivalry_line_not_with_two_players_or_rivalry_off():
    # 2 players, or 3 and 4 with the option off: the printed card only (M, I, no keyword)
    for s in (_rivalry_line_game(2), _rivalry_line_game(3, rivalry=False), _rivalry_line_game(4, rivalry=False)):
        s = act(s, "end_marshal")
        assert has(s, "challenge", kind="M", opponent=1) and has(s, "challenge", kind="I", opponent=1)
        assert not has(s, "challenge", kind="P", opponent=1)
        s = act(s, "challenge", kind="M", opponent=1)
        assert log(s, "result")[-1]["winner"] == 0 and not _insight_draws(s)


def test_HOU_79_rivalry_line_on_a_marshalled_card_and_in_the_card_text():
    from pygames.games.houses.text import card_text
    s = game(4, plots=LINE_PLOTS, hands=[["O04"], [], [], []], dominance="end_of_round")
    s = act(s, "marshal", card="O04")
    s = act(s, "end_marshal")
    s = act(s, "challenge", kind="P", opponent=1)
    assert log(s, "challenge")[-1]["cards"] == ["O04"]
    assert card_text("O04", "en") == "Rivalry: with 3 players, gains Insight; with 4 players, gains the power icon."
    assert card_text("O04", "ja") == "対抗ルール：3人なら洞察を得る。4人なら政治アイコンを得る。"


def test_HOU_79_a_line_the_same_for_both_counts_is_one_sentence():
    from pygames.games.houses.text import rivalry_line
    same = {3: {"icons": "P"}, 4: {"icons": "P"}}
    assert rivalry_line(same, "en") == "Rivalry (3–4 players): gains the power icon."
    assert rivalry_line(same, "ja") == "対抗ルール（3〜4人）：政治アイコンを得る。"


def _knight_game(n, **kw):
    # Dawnlit Knight (M, P, Renown; "Rivalry: with 4 players, loses Renown")
    return _rivalry_line_game(n, "D07", **kw)


def _renown_power(s) -> list:
    return [e for e in log(s, "power") if e["why"] == "renown"]


def test_HOU_79_rivalry_line_for_four_players_dawnlit_knight_loses_renown():
    s = act(_knight_game(4), "end_marshal")
    s = act(s, "challenge", kind="M", opponent=1)   # the lone eligible attacker is declared
    assert log(s, "challenge")[-1]["cards"] == ["D07"] and log(s, "result")[-1]["winner"] == 0
    assert not _renown_power(s)


def test_HOU_79_a_line_that_loses_a_keyword_acts_only_in_its_count():
    # 2 and 3 players, and 4 with the option off: the Knight keeps its printed Renown
    for s in (_knight_game(2), _knight_game(3), _knight_game(4, rivalry=False)):
        s = act(s, "end_marshal")
        s = act(s, "challenge", kind="M", opponent=1)
        assert log(s, "result")[-1]["winner"] == 0
        assert [e["seat"] for e in _renown_power(s)] == [0]


def test_HOU_79_a_lost_keyword_is_the_printed_one_an_attachment_still_grants_it():
    # rules §3.4: a line loses a printed keyword; Signet of Favor ("gains Renown") still gives it
    from pygames.games.houses.stats import keywords_of
    knight = {"uid": 0, "cid": "D07", "knelt": False, "power": 0, "atts": [], "rival": 4}
    assert "renown" not in keywords_of(knight)
    assert "renown" in keywords_of(dict(knight, atts=["N08"]))


def test_HOU_79_a_line_that_loses_a_keyword_in_the_card_text():
    from pygames.games.houses.text import card_text, rivalry_line
    assert card_text("D07", "en") == "Renown. Rivalry: with 4 players, loses Renown."
    assert card_text("D07", "ja") == "名声。 対抗ルール：4人なら名声を失う。"
    both = {3: {"kw": ["insight"], "lose_kw": ["renown"]}, 4: {"kw": ["insight"], "lose_kw": ["renown"]}}
    assert rivalry_line(both, "en") == "Rivalry (3–4 players): gains Insight and loses Renown."
    assert rivalry_line(both, "ja") == "対抗ルール（3〜4人）：洞察を得る、名声を失う。"


def test_HOU_79_rivalry_line_for_four_players_silver_tongued_envoy_gains_renown():
    # Silver-Tongued Envoy (I, P, Insight; "Rivalry: with 4 players, gains Renown"): a power on it
    # after its side wins
    s = act(_rivalry_line_game(4, "R06"), "end_marshal")
    s = act(s, "challenge", kind="I", opponent=1)   # the lone eligible attacker is declared
    assert log(s, "challenge")[-1]["cards"] == ["R06"] and log(s, "result")[-1]["winner"] == 0
    assert [e["seat"] for e in _renown_power(s)] == [0]
    for s in (_rivalry_line_game(2, "R06"), _rivalry_line_game(3, "R06"), _rivalry_line_game(4, "R06", rivalry=False)):
        s = act(act(s, "end_marshal"), "challenge", kind="I", opponent=1)
        assert log(s, "result")[-1]["winner"] == 0 and not _renown_power(s)


def _broker_defends(n, **kw):
    # Court Scribe (STR 1, I) attacks Canal Broker (STR 1, I, P, Insight; "Rivalry: with 4 players,
    # gains Bulwark") in an intrigue challenge: 1 against 1 + Bulwark with 4 players
    s = act(act(_line_game(n, ["N06"], ["R02"], **kw), "end_marshal"), "challenge", kind="I", opponent=1)
    return defend(s, [uid(s, 1, "R02")])


def test_HOU_79_rivalry_line_for_four_players_canal_broker_gains_bulwark():
    r = log(_broker_defends(4), "result")[-1]
    assert (r["a"], r["d"], r["winner"]) == (1, 2, 1)
    for s in (_broker_defends(2), _broker_defends(3), _broker_defends(4, rivalry=False)):
        r = log(s, "result")[-1]
        assert (r["a"], r["d"], r["winner"]) == (1, 1, 0)   # ties go to the attacker


def _poisoner_attacks(n, **kw):
    # Court Poisoner (STR 3, M, I, Stealth; "Rivalry: with 4 players, loses Stealth") attacks seat 1,
    # which has Steppe Lancer (STR 3, M) to defend a military challenge
    s = _line_game(n, ["O06"], ["V05"], **kw)
    return declare(act(s, "end_marshal"), "M", [uid(s, 0, "O06")])


def test_HOU_79_rivalry_line_for_four_players_court_poisoner_loses_stealth():
    # 4 players: no Stealth step, the Lancer may defend
    s = _poisoner_attacks(4)
    assert stage(s) == "defenders" and has(s, "defender", card=uid(s, 1, "V05"))
    # 2 and 3 players, and 4 with the option off: the printed Stealth keeps the Lancer out
    for s in (_poisoner_attacks(2), _poisoner_attacks(3), _poisoner_attacks(4, rivalry=False)):
        assert stage(s) == "stealth" and has(s, "stealth", target=uid(s, 1, "V05"))


def test_HOU_79_four_player_lines_in_the_card_text():
    # Miravelle's two lines and Court Poisoner's
    from pygames.games.houses.text import card_text
    assert card_text("R06", "en") == "Insight. Rivalry: with 4 players, gains Renown."
    assert card_text("R06", "ja") == "洞察。 対抗ルール：4人なら名声を得る。"
    assert card_text("R02", "en") == "Insight. Rivalry: with 4 players, gains Bulwark."
    assert card_text("R02", "ja") == "洞察。 対抗ルール：4人なら堅守を得る。"
    assert card_text("O06", "en") == "Stealth. Rivalry: with 4 players, loses Stealth."
    assert card_text("O06", "ja") == "隠密。 対抗ルール：4人なら隠密を失う。"


def test_HOU_78_rivalry_off_and_two_players_keep_the_plain_rule():
    s = _rivalry_game([3, 1, 5], rivalry=False)
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")], opponent=1)
    assert [e["why"] for e in log(s, "power") if e["seat"] == 0] == ["unopposed", "claim"]
    s = game(plots=ONE_PLOT, in_play=[["V02"], []], power=[3, 1], dominance="end_of_round")
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")])
    assert [e["why"] for e in log(s, "power") if e["seat"] == 0] == ["unopposed", "claim"]


def test_HOU_39_illegal_actions_are_refused_and_change_nothing():
    s = game(plots=ONE_PLOT, in_play=[["V05"], ["R01"]])
    before = GAME.to_dict(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, {"type": "challenge", "kind": "M", "opponent": 1})  # still marshalling
    with pytest.raises(IllegalAction):
        GAME.apply(s, {"type": "marshal", "card": "V09"})
    with pytest.raises(IllegalAction):
        GAME.apply(s, {"type": "end_marshal"}, seat=1)
    with pytest.raises(IllegalAction):
        GAME.apply(s, "end_marshal")
    assert GAME.to_dict(s) == before


def test_HOU_39_refusals_name_what_is_wrong():
    """A refused marshal says what is wrong (cost against gold, penalty, loyalty, unique),
    not only which decision is pending; the pending decision is still named."""
    s = game(plots=ONE_PLOT, hands=[["V09", "D07", "R09", "V08", "N01"], []], in_play=[["V08"], ["R01"]],
             gold=[0, 0])
    gold = player(s, 0)["gold"]
    assert gold == 5  # P1's income
    with pytest.raises(IllegalAction, match=r"Drashka, Warlord of the Steppe \(V09\) costs 6 gold and you have 5;"
                                            r" seat 0 is deciding 'marshal' now"):
        GAME.apply(s, {"type": "marshal", "card": "V09"})
    with pytest.raises(IllegalAction, match=r"Dawnlit Knight \(D07\) costs 7 gold \(including 2 for a card of "
                                            r"another House\) and you have 5"):
        GAME.apply(s, {"type": "marshal", "card": "D07"})
    with pytest.raises(IllegalAction, match=r"\(R09\) is loyal to its House"):
        GAME.apply(s, {"type": "marshal", "card": "R09"})
    with pytest.raises(IllegalAction, match=r"\(V08\) is unique and already in play"):
        GAME.apply(s, {"type": "marshal", "card": "V08"})
    with pytest.raises(IllegalAction, match=r"V01.* is not in your hand"):
        GAME.apply(s, {"type": "marshal", "card": "V01"})
    with pytest.raises(IllegalAction, match=r"\(N01\) is not an attachment: it takes no target"):
        GAME.apply(s, {"type": "marshal", "card": "N01", "target": 1})
    with pytest.raises(IllegalAction, match=r"seat 0 is deciding 'marshal' now \(choices: end_marshal, marshal\)"):
        GAME.apply(s, {"type": "challenge", "kind": "M", "opponent": 1})
    # at a challenge: a knelt or icon-less attacker is named (two eligible attackers, so the
    # rules ask for them instead of declaring a lone one)
    s = game(plots=ONE_PLOT, in_play=[["V05", "V08", "V02"], ["R01"]])
    s = act(s, "end_marshal")
    s = act(s, "challenge", kind="M", opponent=1)
    with pytest.raises(IllegalAction, match=r"Banner-Bearer \(V02\) has no M icon for this challenge"):
        GAME.apply(s, {"type": "attacker", "card": uid(s, 0, "V02")})
    with pytest.raises(IllegalAction, match=r"is not one of your characters"):
        GAME.apply(s, {"type": "attacker", "card": uid(s, 1, "R01")})


# ---------------------------------------------------------------- keywords
def test_HOU_40_renown_puts_power_on_the_character():
    s = game(plots=ONE_PLOT, in_play=[["V08"], ["R05"]])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V08")])
    s = defend(s, [uid(s, 1, "R05")])   # 3 vs 3: attacker wins
    assert inst(s, 0, "V08")["power"] == 1 and power(s, 0) == 1


def test_HOU_41_stealth_keeps_a_defender_out():
    s = game(plots=[["P1"], ["P4"]], first_player=1, in_play=[["V05", "V02"], ["O02", "O05"]])
    s = act(s, "end_marshal")
    s = act(s, "challenge", kind="M", opponent=0)
    s = act(s, "attacker", card=uid(s, 1, "O02"))
    s = act(s, "attackers_done")
    assert stage(s) == "stealth"
    assert {a.get("target") for a in legal(s)} == {uid(s, 0, "V05"), None}
    s = act(s, "stealth", target=uid(s, 0, "V05"))
    # V02 has no military icon: nobody can defend, so the challenge is unopposed
    assert "defenders" in keys(s) and log(s, "defenders")[-1]["cards"] == []
    assert log(s, "stealth")[-1] == {"seat": 1, "card": "O02", "target": "V05"}
    assert any(e["why"] == "unopposed" for e in log(s, "power"))


def test_HOU_42_insight_draws_for_the_winning_side():
    s = game(plots=ONE_PLOT, in_play=[["R02"], []], decks=[["R09"], []], hands=[[], []],
             house_0="miravelle", house_1="vorhelm")
    s = act(s, "end_marshal")
    s = declare(s, "I", [uid(s, 0, "R02")])
    assert "R09" in player(s, 0)["hand"]


def test_HOU_43_intimidate_kneels_up_to_the_margin():
    # V02 keeps the turn going (a power challenge is still possible): R01 stays knelt for it
    s = game(plots=ONE_PLOT, in_play=[["V09", "V07", "V02"], ["R01", "R05"]])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V09"), uid(s, 0, "V07")])   # 4 + 5 = 9
    s = defend(s, [uid(s, 1, "R05")])                            # margin 6
    if stage(s) == "claim":
        s = act(s, "kill", card=uid(s, 1, "R05"))
    assert stage(s) == "intimidate"
    s = act(s, "intimidate", target=uid(s, 1, "R01"))
    assert inst(s, 1, "R01")["knelt"]


def test_HOU_44_vanguard_attacking_and_bulwark_defending():
    s = game(plots=ONE_PLOT, in_play=[["V03"], ["R03"]])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V03")])    # 2 + 1
    s = defend(s, [uid(s, 1, "R03")])          # 2 + 1
    r = log(s, "result")[-1]
    assert (r["a"], r["d"], r["winner"]) == (3, 3, 0)


# ---------------------------------------------------------------- events and abilities
def test_HOU_50_marshal_events_gold_and_kneel():
    s = game(plots=ONE_PLOT, hands=[["R13", "O13"], []], in_play=[[], ["V05"]],
             house_0="miravelle", house_1="vorhelm")
    s = act(s, "event", card="R13")
    assert player(s, 0)["gold"] == 7
    # Lullaby Wine is Loyal (Ombrine): a Miravelle player cannot play it
    assert not any(a.get("card") == "O13" for a in legal(s))
    s = game(plots=ONE_PLOT, hands=[["O13"], []], in_play=[[], ["V05"]], house_0="ombrine")
    s = act(s, "event", card="O13", target=uid(s, 1, "V05"))
    assert inst(s, 1, "V05")["knelt"] and player(s, 0)["gold"] == 3


def test_HOU_51_draw_two_discard_one_is_the_players_choice():
    s = game(plots=ONE_PLOT, hands=[["N10", "V01"], []], decks=[["V05", "V06"], []])
    s = act(s, "event", card="N10")
    assert GAME.current_player(s) == 0 and types(s) == ["discard"]
    s = act(s, "discard", card="V01")
    assert sorted(player(s, 0)["hand"]) == ["N01", "N01", "V05", "V06"]
    assert stage(s) == "marshal"


def test_HOU_52_challenge_window_alternates_until_two_passes():
    s = game(plots=ONE_PLOT, in_play=[["V05", "V02"], ["R05"]], hands=[["V13"], ["N09"]],
             gold=[0, 1])
    s = act(s, "end_marshal")  # seat 0 keeps 5 gold
    s = declare(s, "M", [uid(s, 0, "V05")])
    s = defend(s, [uid(s, 1, "R05")])          # 3 vs 3
    assert stage(s) == "window" and GAME.current_player(s) == 0
    s = act(s, "pass")
    assert GAME.current_player(s) == 1
    s = act(s, "event", card="N09", target=uid(s, 1, "R05"))   # 3 vs 6
    assert GAME.current_player(s) == 0
    s = act(s, "event", card="V13")                            # 4 vs 6
    # both hands are now empty: neither is asked again, the two passes end the window
    r = log(s, "result")[-1]
    assert (r["a"], r["d"], r["winner"]) == (4, 6, 1)


def test_HOU_53_window_not_offered_without_a_possible_event():
    s = game(plots=ONE_PLOT, in_play=[["V05"], ["R05"]], hands=[[], ["R01"]], gold=[0, 0])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V05")])
    s = defend(s, [uid(s, 1, "R05")])
    assert "window" not in [stage(s)] and log(s, "result")


def test_HOU_54_dawns_vigil_pumps_every_defender():
    s = game(plots=ONE_PLOT, in_play=[["V06"], ["D01", "D02"]], hands=[[], ["D13"]], gold=[0, 1],
             house_1="solmere")
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V06")])        # 4
    s = defend(s, [uid(s, 1, "D01"), uid(s, 1, "D02")])   # 3: losing
    s = act(s, "event", card="D13")                # 5
    r = log(s, "result")[-1]
    assert (r["a"], r["d"], r["winner"]) == (4, 5, 1)


def test_HOU_55_reactions_after_winning_as_attacker():
    # Victor's Share (military): draw 1
    s = game(plots=ONE_PLOT, in_play=[["V05"], []], hands=[["V14"], []], decks=[["V07"], []])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V05")])
    assert stage(s) == "reaction"
    s = act(s, "event", card="V14")
    assert "V07" in player(s, 0)["hand"]
    # Leverage (intrigue): move 1 power from the defender's House card
    s = game(plots=ONE_PLOT, in_play=[["R04"], []], hands=[["R14"], []], power=[0, 2],
             house_0="miravelle")
    s = act(s, "end_marshal")
    s = declare(s, "I", [uid(s, 0, "R04")])
    s = act(s, "event", card="R14")
    assert power(s, 0) == 2 and power(s, 1) == 1
    # Proclamation of Glory (power): gain 1 power
    s = game(plots=ONE_PLOT, in_play=[["D02"], ["V03"]], hands=[["D14"], []], house_0="solmere")
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "D02")])
    s = act(s, "event", card="D14")
    assert power(s, 0) == 2


def test_HOU_56_cup_of_nightshade_kills_a_kneeling_weak_character():
    s = game(plots=ONE_PLOT, in_play=[["O04"], ["V01", {"card": "V02", "knelt": True}]],
             hands=[["O14"], []], house_0="ombrine")
    s = act(s, "end_marshal")
    s = declare(s, "I", [uid(s, 0, "O04")])
    s = defend(s, [uid(s, 1, "V01")])     # V01 defends (kneels) and loses 3-1
    assert {a.get("target") for a in legal(s)} == {uid(s, 1, "V01"), uid(s, 1, "V02"), None}
    s = act(s, "event", card="O14", target=uid(s, 1, "V02"))
    assert player(s, 1)["dead"] == ["V02"]


def test_HOU_57_whispering_gallery_at_the_start_of_challenges():
    s = game(plots=ONE_PLOT, in_play=[["O04", "O11"], ["V02", "V05"]], house_0="ombrine")
    s = act(s, "end_marshal")
    targets = {a["target"] for a in legal(s) if a["type"] == "ability"}
    assert targets == {uid(s, 1, "V02")}   # STR 2 or less
    s = act(s, "ability", target=uid(s, 1, "V02"))
    assert inst(s, 1, "V02")["knelt"] and inst(s, 0, "O11")["knelt"]
    s = declare(s, "M", [uid(s, 0, "O04")])
    assert not has(s, "ability")


def test_HOU_58_war_camp_anthem_for_attacking_house_characters():
    s = game(plots=ONE_PLOT, in_play=[["V05", "N05", "V11"], ["R05", "R07"]])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V05"), uid(s, 0, "N05")])    # 3+1 and 3 (neutral: no bonus)
    s = defend(s, [uid(s, 1, "R05"), uid(s, 1, "R07")])          # 6
    r = log(s, "result")[-1]
    assert (r["a"], r["d"]) == (7, 6)


# ---------------------------------------------------------------- dominance, stand, reserve
def test_HOU_60_dominance_each_turn_anyone_may_win():
    s = game(plots=ONE_PLOT, in_play=[["V05"], ["R05", "R01"]])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V05")])
    s = defend(s, [])
    s = act(s, "kill", card=uid(s, 1, "R01"))
    d = log(s, "dominance")[-1]
    assert d["totals"] == [0, 3] and d["seat"] == 1   # the active player's attacker is knelt


def test_HOU_61_dominance_only_active_player_option():
    s = game(plots=ONE_PLOT, in_play=[["V05"], ["R05", "R01"]], dominance="each_turn_active")
    s = act(s, "end_marshal")
    s = act(s, "end_challenges")
    d = log(s, "dominance")[-1]
    assert d["totals"] == [3, 4] and d["seat"] is None and power(s, 1) == 0


def test_HOU_62_dominance_tie_gives_nothing_and_locations_count():
    s = game(plots=ONE_PLOT, in_play=[["V05"], ["R05"]])
    s = act(s, "end_marshal")
    s = act(s, "end_challenges")
    assert log(s, "dominance")[-1]["seat"] is None
    s = game(plots=ONE_PLOT, in_play=[["D02", "D11"], ["R05"]], house_0="solmere")  # 2 + 2 vs 3
    s = act(s, "end_marshal")
    s = act(s, "end_challenges")
    assert log(s, "dominance")[-1] == {"seat": 0, "totals": [4, 3]}


def test_HOU_63_dominance_once_at_end_of_round_option():
    s = game(plots=ONE_PLOT, in_play=[["V05"], ["R01"]], dominance="end_of_round")
    s = act(s, "end_marshal")
    s = act(s, "end_challenges")
    assert log(s, "dominance") == []
    s = act(s, "end_marshal")
    s = act(s, "end_challenges")
    assert log(s, "dominance")[-1]["seat"] == 0


def test_HOU_64_stand_at_end_of_every_turn_everyones_cards():
    # the seed: in each player's stand phase "every knelt card stands", every player's
    s = game(plots=ONE_PLOT, in_play=[["V02", "V10"], ["R05", "R04"]], hands=[["V01"], []])
    s = act(s, "marshal", card="V01")                 # the reducer V10 kneels to pay
    assert inst(s, 0, "V10")["knelt"]
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")])
    s = defend(s, [uid(s, 1, "R04")])
    s = act(s, "end_challenges")                      # V01 could still attack
    assert GAME.current_player(s) == 1
    assert not inst(s, 0, "V02")["knelt"] and not inst(s, 0, "V10")["knelt"]
    assert not inst(s, 1, "R04")["knelt"]             # the defender stood too
    s = act(s, "end_marshal")
    # so R04 (intrigue, power) can attack in its own turn
    assert {a["kind"] for a in legal(s) if a["type"] == "challenge"} == {"M", "I", "P"}


def test_HOU_64_stand_at_end_of_own_turn_option_defenders_stay_knelt():
    s = game(plots=ONE_PLOT, in_play=[["V02"], ["R05", "R04"]], stand="end_of_own_turn")
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")])
    s = defend(s, [uid(s, 1, "R04")])
    assert GAME.current_player(s) == 1
    assert not inst(s, 0, "V02")["knelt"]            # attacker stood at the end of its turn
    assert inst(s, 1, "R04")["knelt"]                # defender stays knelt in its own turn
    s = act(s, "end_marshal")
    # only R05 (military) can attack: R04 (intrigue, power) is still knelt
    assert {a["kind"] for a in legal(s) if a["type"] == "challenge"} == {"M"}


def test_HOU_65_stand_at_end_of_round_option():
    s = game(plots=ONE_PLOT, in_play=[["V02"], ["R04"]], stand="end_of_round")
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")])
    s = defend(s, [])
    assert inst(s, 0, "V02")["knelt"] and GAME.current_player(s) == 1
    s = act(s, "end_marshal")
    s = act(s, "end_challenges")
    assert not inst(s, 0, "V02")["knelt"]


def test_HOU_66_reserve_discard_down_at_end_of_turn():
    hand = ["V01", "V02", "V03", "V04", "V05", "V06", "V07", "V08"]
    s = game(plots=ONE_PLOT, hands=[hand, []], gold=[0, 0])   # P1 reserve 6; 8 + 2 drawn
    s = act(s, "end_marshal")
    assert stage(s) == "reserve" and player(s, 0)["hand_count"] == 10
    for cid in ("V01", "V02", "V03", "V04"):
        s = act(s, "discard", card=cid)
    assert player(s, 0)["hand_count"] == 6 and GAME.current_player(s) == 1
    s = game(plots=ONE_PLOT, hands=[hand, []], reserve_check=False)
    s = act(s, "end_marshal")
    assert GAME.current_player(s) == 1 and player(s, 0)["hand_count"] == 10


# ---------------------------------------------------------------- winning and deck-out
def test_HOU_70_victory_at_target_is_immediate():
    s = game(plots=ONE_PLOT, in_play=[["V05", "V02"], []], power=[14, 0])
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V05")])
    assert GAME.is_over(s) and GAME.winners(s) == [0] and GAME.scores(s) == [15, 0]
    assert GAME.current_player(s) is None and legal(s) == []


def test_HOU_71_victory_power_option():
    s = game(plots=ONE_PLOT, in_play=[["V05"], []], power=[9, 0], victory_power=10)
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V05")])
    assert GAME.winners(s) == [0]


def test_HOU_72_deck_out_ends_at_round_end_most_power_wins():
    s = game(plots=ONE_PLOT, decks=[["V01"], []], pad=0, hands=[[], []], power=[2, 5])
    assert player(s, 0)["decked"] and not player(s, 1)["decked"]
    s = act(s, "end_marshal")
    assert not GAME.is_over(s)   # the round is played out
    s = act(s, "end_marshal")
    assert GAME.is_over(s) and GAME.winners(s) == [1]
    assert log(s, "game_over")[-1]["reason"] == "deck_out"


def test_HOU_73_deck_out_tie_is_shared():
    s = game(plots=ONE_PLOT, decks=[[], []], pad=0, hands=[[], []], power=[3, 3])
    s = act(s, "end_marshal")
    s = act(s, "end_marshal")
    assert GAME.winners(s) == [0, 1]


def test_HOU_74_deck_out_eliminate_option():
    s = game(3, plots=[["P1"], ["P4"], ["P5"]], decks=[[], ["V01"] * 5, ["V01"] * 5], pad=0,
             hands=[[], [], []], deck_out="eliminate")
    s = act(s, "end_marshal")
    assert "eliminated" in keys(s) and player(s, 0)["out"]
    assert GAME.current_player(s) == 1
    s = act(s, "end_marshal")
    s = act(s, "end_marshal")
    # seat 0 is skipped from now on
    assert GAME.view(s, None)["round"] == 2 and GAME.current_player(s) in (1, 2)
    s = game(plots=ONE_PLOT, decks=[[], ["V01"] * 5], pad=0, hands=[[], []], deck_out="eliminate")
    s = act(s, "end_marshal")
    assert GAME.is_over(s) and GAME.winners(s) == [1]


# ---------------------------------------------------------------- test positions and views
@pytest.mark.parametrize("bad", [
    {"decks": [["XX"], None]}, {"hands": ["V01", None]}, {"in_play": [["V12"], None]},
    {"in_play": [[{"card": "V01", "power": -1}], None]}, {"in_play": [[{"card": "N01", "atts": ["V01"]}], None]},
    {"plots": [[], None]}, {"plots": [["Q9"], None]}, {"power": [-1, 0]}, {"gold": [1, None]},
    {"first_player": 5}, {"skip_setup": 1},
])
def test_HOU_80_bad_test_positions_are_refused_by_the_state_check(bad):
    with pytest.raises(RecordError):
        game(**bad)


def test_HOU_80_new_game_takes_lobby_options_only():
    """Fixed deals are test positions (houses_helpers.game), not options of the rules."""
    for key, value in (("decks", [["V01"], None]), ("skip_setup", True), ("no_shuffle", True)):
        with pytest.raises(SetupError):
            GAME.new_game(2, 1, {key: value})


def test_HOU_81_lobby_options_and_random_houses():
    keys_ = [s["key"] for s in GAME.option_specs()]
    for k in ("house_0", "house_3", "deck_0", "agendas", "victory_power", "dominance", "stand",
              "reserve_check", "deck_out", "initiative", "mulligan"):
        assert k in keys_
    with pytest.raises(SetupError):
        GAME.new_game(2, 1, {"house_2": "solmere"})   # seat 3 does not exist in 2p
    s = GAME.new_game(4, 7)
    assert sorted(p["house"] for p in GAME.view(s, None)["players"]) == sorted(
        ["vorhelm", "miravelle", "ombrine", "solmere"])
    s = GAME.new_game(2, 7, {"house_0": "solmere", "house_1": "solmere"})
    assert [p["house"] for p in GAME.view(s, None)["players"]] == ["solmere", "solmere"]


def test_HOU_82_other_starter_deck_pays_the_penalty():
    s = GAME.new_game(2, 3, {"house_0": "vorhelm", "deck_0": "solmere"})
    v = GAME.view(s, 0)
    assert v["players"][0]["deck_house"] == "solmere"
    assert all(c[0] in "DN" for c in v["players"][0]["hand"])


def test_HOU_83_views_hide_hands_decks_and_secret_choices():
    s = game(first_player=None, hands=[["V05"], ["R05"]])
    s = act(s, "plot", plot="P3")
    v = GAME.view(s, 1)
    assert "hand" not in v["players"][0] and v["players"][0]["hand_count"] == 1
    assert "deck" not in v["players"][0] and "rng" not in v
    assert "choice" not in v["players"][0]
    spectator = GAME.view(s, None)
    assert all("hand" not in p for p in spectator["players"])


# ---------------------------------------------------------------- more card rules
def test_HOU_28_income_from_cards_in_play():
    s = game(plots=ONE_PLOT, in_play=[["N01", "N02", "R08", "R11"], []], house_0="miravelle")
    # 5 (plot) + 1 (Market Town) + 1 (Royal Granary) + 1 (Tobren) + 2 (Gilded Bourse)
    assert player(s, 0)["gold"] == 10


def test_HOU_45_stealth_cannot_target_stealth_characters():
    s = game(plots=ONE_PLOT, in_play=[["O02"], ["O05", "V05"]], house_0="ombrine")
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "O02")])
    assert stage(s) == "stealth"
    assert {a.get("target") for a in legal(s)} == {uid(s, 1, "V05"), None}
    s = act(s, "stealth_none")
    assert stage(s) == "defenders"
    assert {a.get("card") for a in legal(s)} == {uid(s, 1, "O05"), uid(s, 1, "V05"), None}


def test_HOU_46_renown_and_insight_also_for_a_winning_defender():
    s = game(plots=ONE_PLOT, in_play=[["V02"], ["D08"]], house_1="solmere", decks=[[], ["D09"]])
    s = act(s, "end_marshal")
    s = declare(s, "P", [uid(s, 0, "V02")])   # 2
    s = defend(s, [uid(s, 1, "D08")])         # 2: attacker wins ties
    assert log(s, "result")[-1]["winner"] == 0
    s = game(plots=ONE_PLOT, in_play=[["V01"], ["D08"]], house_1="solmere", decks=[[], ["D09"]])
    s = act(s, "end_marshal")
    s = declare(s, "I", [uid(s, 0, "V01")])   # 1
    s = defend(s, [uid(s, 1, "D08")])         # 2: the defender wins
    assert inst(s, 1, "D08")["power"] == 1
    assert {"seat": 1, "n": 1, "why": "insight"} in log(s, "draw")


def test_HOU_47_power_on_characters_leaves_with_them():
    s = game(plots=ONE_PLOT, in_play=[["V05"], [{"card": "D05", "power": 3}]], house_1="solmere",
             dominance="end_of_round")
    assert power(s, 1) == 3
    s = act(s, "end_marshal")
    s = declare(s, "M", [uid(s, 0, "V05")])
    s = defend(s, [])
    assert player(s, 1)["dead"] == ["D05"] and power(s, 1) == 0


def agenda_game(agenda0, **kw):
    """Setup with agendas on: seat 0 takes ``agenda0``, seat 1 none; then round 1."""
    s = game(skip_setup=False, agendas=True, pad=0, **kw)
    s = act(s, "agenda", agenda=agenda0)
    s = act(s, "place_done")
    s = act(s, "agenda", agenda="none")
    s = act(s, "place_done")
    return s


def test_HOU_90_agenda_undivided_house_discount_and_no_neutral_characters():
    s = agenda_game("undivided", decks=[["V05", "V06", "N04"] + ["V01"] * 10, ["R01"] * 12],
                    plots=ONE_PLOT, first_player=0)
    assert stage(s) == "marshal" and GAME.current_player(s) == 0
    assert not has(s, "marshal", card="N04")
    gold = player(s, 0)["gold"]
    s = act(s, "marshal", card="V06")           # 4 - 1
    assert player(s, 0)["gold"] == gold - 3
    s = act(s, "marshal", card="V01")           # only the first one each turn: full cost 1
    assert player(s, 0)["gold"] == gold - 4


def test_HOU_91_agenda_pact_of_banners_penalty_one():
    s = agenda_game("banners", decks=[["R05"] * 12, ["R01"] * 12], plots=ONE_PLOT, first_player=0,
                    deck_0="miravelle")
    gold = player(s, 0)["gold"]
    s = act(s, "marshal", card="R05")           # 3 + 1
    assert player(s, 0)["gold"] == gold - 4


def test_HOU_92_agenda_hoarded_coin_keeps_two_and_lowers_reserve():
    s = agenda_game("hoard", decks=[["V01"] * 14, ["R01"] * 14], plots=ONE_PLOT, first_player=0)
    assert player(s, 0)["gold"] == 5
    s = act(s, "end_marshal")                   # hand 9 > reserve 6 - 1 = 5
    assert stage(s) == "reserve"
    for _ in range(4):
        s = act(s, "discard", card="V01")
    assert player(s, 0)["hand_count"] == 5
    s = act(s, "end_marshal")
    for _ in range(2):
        s = act(s, "discard", card="R01") if stage(s) == "reserve" else s
    # round 2: seat 1 first (initiative 4), then seat 0 keeps 2 of its 5 unspent gold
    s = act(s, "end_marshal")
    while stage(s) == "reserve":
        s = act(s, "discard", card="R01")
    assert GAME.current_player(s) == 0 and player(s, 0)["gold"] == 2 + 5
