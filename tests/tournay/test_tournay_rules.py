"""Tournay acceptance tests: each builds an exact situation (a test position, tournay_positions.py)
and plays it through the public contract. Test names carry the rule id of docs/rules/tournay.md."""

from __future__ import annotations

import pytest
from tournay_positions import position

from pygames import IllegalAction, RecordError, SetupError
from pygames.games.tournay.rules import GAME, ROUND_LIMIT

E = [[None] * 3 for _ in range(3)]


def new(n=2, **parts):
    """A test position, seat 0 to play (``tournay_positions.position``)."""
    return position(n, **parts)


def grid(cells: dict) -> list:
    """A district from {(r, c): card or [cards bottom..top]}."""
    g = [[None] * 3 for _ in range(3)]
    for (r, c), v in cells.items():
        g[r][c] = v
    return g


def find(state, **match):
    """The legal actions whose fields include ``match``."""
    return [a for a in GAME.legal_actions(state) if all(a.get(k) == v for k, v in match.items())]


def do(state, **match):
    found = find(state, **match)
    assert found, f"no legal action like {match}; legal kinds: {sorted({a['type'] for a in GAME.legal_actions(state)})}"
    return GAME.apply(state, found[0])


def me(state, seat):
    return GAME.view(state, seat)["players"][seat]


def pub(state, seat=None):
    return GAME.view(state, seat)


def pass_turn(state):
    """End the current turn with a gather (answering any decision with its first option)."""
    seat = GAME.current_player(state)
    state = do(state, type="gather")
    while GAME.current_player(state) == seat and GAME.view(state, seat)["pending"]:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


# ---------------------------------------------------------------------------------------- setup
def test_TOU_01_normal_setup_two_citizens_of_each_colour_six_deniers():
    s = GAME.new_game(3, 7)
    v = GAME.view(s, 0)
    for p in v["players"]:
        assert p["stand"] == {"R": 2, "W": 2, "Y": 2} and p["deniers"] == 6 and p["backs"] == []
    assert v["supply"] == {"R": 3, "W": 3, "Y": 3}
    assert all(v["decks"][d] == 10 for d in v["decks"]) and v["criers"] == []
    assert len(v["queue"]) == 3 and all(q and q["den"] == 0 for q in v["queue"]) and v["ev_deck"] == 12
    assert not any(a["type"] == "buy" for a in GAME.legal_actions(s))


def test_TOU_02_advanced_setup_one_citizen_each_nine_deniers_and_buy_action():
    s = GAME.new_game(2, 7, {"rules": "advanced"})
    v = GAME.view(s, 0)
    for p in v["players"]:
        assert p["stand"] == {"R": 1, "W": 1, "Y": 1} and p["deniers"] == 9
    assert v["supply"] == {"R": 5, "W": 5, "Y": 5}
    seat = GAME.current_player(s)
    s2 = do(s, type="buy", colour="W")
    p = me(s2, seat)
    assert p["stand"]["W"] == 1 and p["laid"]["W"] == 1 and p["deniers"] == 4
    assert pub(s2)["supply"]["W"] == 4


def test_TOU_02b_buy_needs_five_deniers_and_a_citizen_in_the_supply():
    s = new(2, rules="advanced", deniers=[4, 9], supply={"R": 0, "W": 5, "Y": 5})
    assert not find(s, type="buy")
    s = new(2, rules="advanced", supply={"R": 0, "W": 5, "Y": 5})
    assert {a["colour"] for a in find(s, type="buy")} == {"W", "Y"}


def test_TOU_03_fifteen_events_and_nine_decks_of_ten_with_one_crier_each():
    from pygames.games.tournay import cards as K
    assert len(K.EVENTS) == 15
    for d in K.DECKS:
        deck = K.deck_cards(d)
        assert len(deck) == 10 and sum(1 for c in deck if c.startswith("crier_")) == 1
    assert all(1 <= e["cap"] <= 4 for e in K.EVENTS.values())
    assert {c["src"].split(":")[0] for c in K.CARDS.values()} <= {"documented", "designed"}
    for card in K.CARDS.values():
        assert card["name"]["en"] and card["name"]["ja"] and card["text"]["en"] and card["text"]["ja"]


# ---------------------------------------------------------------------------------------- placing
def test_TOU_04_card_costs_level_one_one_denier_level_two_three():
    s = new(hands=[["guardhouse", "captain"], []], deniers=[3, 6])
    s2 = do(s, type="play", card="captain")
    assert me(s2, 0)["deniers"] == 0
    s3 = do(s, type="play", card="guardhouse")
    assert me(s3, 0)["deniers"] == 2
    s = new(hands=[["captain"], []], deniers=[2, 6])
    assert not find(s, type="play")


def test_TOU_05_first_card_anywhere_then_orthogonal_adjacency_not_diagonal():
    s = new(hands=[["guardhouse"], []])
    assert len({(a["r"], a["c"]) for a in find(s, type="play")}) == 9
    s = new(hands=[["guardhouse"], []], districts=[grid({(1, 1): "market"}), E])
    cells = {(a["r"], a["c"]) for a in find(s, type="play")}
    assert cells == {(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)}


def test_TOU_06_the_district_shifts_inside_three_by_three():
    s = new(hands=[["guardhouse"], []], districts=[grid({(0, 0): "market", (0, 1): "inn"}), E])
    cells = {(a["r"], a["c"]) for a in find(s, type="play")}
    assert (-1, 0) in cells and (-1, 1) in cells and (0, -1) in cells and (0, 2) in cells
    s2 = do(s, type="play", card="guardhouse", r=-1, c=0)
    d = me(s2, 0)["district"]
    assert d[0][0]["s"] == ["guardhouse"] and d[1][0]["s"] == ["market"] and d[1][1]["s"] == ["inn"]
    # a full row cannot shift out of the grid
    s = new(hands=[["guardhouse"], []], districts=[grid({(1, 0): "market", (1, 1): "inn", (1, 2): "guild"}), E])
    cells = {(a["r"], a["c"]) for a in find(s, type="play")}
    assert (1, -1) not in cells and (1, 3) not in cells and (0, 1) in cells


def test_TOU_07_same_colour_stacks_and_the_covered_card_keeps_only_its_points():
    s = new(hands=[["captain"], []], districts=[grid({(0, 0): "guardhouse"}), E])
    before = GAME.scores(s)[0]
    s2 = do(s, type="play", card="captain", r=0, c=0)
    d = me(s2, 0)["district"]
    assert d[0][0]["s"] == ["guardhouse", "captain"]
    assert GAME.scores(s2)[0] == before + 2          # 1 (covered guardhouse) + 2 (captain)
    assert not any(a["type"] == "activate" for a in GAME.legal_actions(s2))   # a character on top


def test_TOU_08_another_colour_replaces_and_the_stack_goes_under_its_decks():
    # every other red I card is elsewhere, so the red I deck starts empty
    s = new(hands=[["market"], ["arsenal", "ballista", "barracks", "knight"]], criers_out=["R1"],
            districts=[grid({(0, 0): ["guardhouse", "sergeant"]}),
                       grid({(0, 0): "fort", (0, 1): "training_ground", (0, 2): "fort"})])
    assert pub(s)["decks"]["R1"] == 0
    s = do(s, type="play", card="market", r=0, c=0)
    assert me(s, 0)["district"][0][0]["s"] == ["market"]
    assert pub(s)["decks"]["R1"] == 2
    assert GAME.scores(s)[0] == 1                   # the replaced cards' points are gone
    s = do(s, type="draw", deck="R1", mode="blind", use=[1, 0])
    assert GAME.view(s, 0)["pending"]["cards"] == ["sergeant", "guardhouse"]   # the top card went first


def test_TOU_09_one_prestige_building_of_each_name_per_player_but_others_may_copy():
    s = new(hands=[["tour_des_six"], ["mint"]], districts=[grid({(0, 0): "tour_des_six"}), grid({(0, 0): "market"})],
            deniers=[20, 20])
    assert not find(s, type="play", card="tour_des_six")
    s = new(hands=[[], ["mint"]], districts=[grid({(0, 0): "mint"}), grid({(0, 0): "market"})], deniers=[20, 20])
    s = pass_turn(s)
    assert find(s, type="play", card="mint")


def test_TOU_10_level_three_costs_deniers_card_or_citizen():
    # 5 deniers
    s = new(hands=[["mint"], []], deniers=[5, 6])
    s2 = do(s, type="play", card="mint")
    assert me(s2, 0)["deniers"] == 0
    # 20 deniers for the Cathedral
    assert not find(new(hands=[["cathedral"], []], deniers=[19, 6]), type="play")
    assert find(new(hands=[["cathedral"], []], deniers=[20, 6]), type="play")
    # 2 deniers + a card from the hand or the district (even a covered one), to the bottom of its deck
    s = new(hands=[["city_hall", "guardhouse"], []], deniers=[2, 6],
            districts=[grid({(1, 1): ["market", "inn"]}), E])
    pays = {a["pay"] for a in find(s, type="play", card="city_hall", r=0, c=1)}
    assert pays == {"h:guardhouse", "d:1,1,0", "d:1,1,1"}
    s2 = do(s, type="play", card="city_hall", r=0, c=1, pay="d:1,1,0")
    v = me(s2, 0)
    assert v["district"][1][1]["s"] == ["inn"] and v["deniers"] == 0
    assert pub(s2)["decks"]["Y1"] == 10 - 2 + 1
    # a rampart cannot pay
    s = new(hands=[["city_hall"], []], ramparts=[["fire"], []], deniers=[2, 6])
    assert not find(s, type="play")
    # a citizen of its colour goes back to the supply (a laid-down one first)
    s = new(hands=[["cloth_hall"], []], deniers=[0, 6])
    s2 = do(s, type="play", card="cloth_hall")
    assert me(s2, 0)["stand"]["Y"] == 1 and pub(s2)["supply"]["Y"] == 4


# ---------------------------------------------------------------------------------------- drawing
def test_TOU_11_draw_lays_down_citizens_equal_to_the_level_two_blind_keep_one():
    s = new(decks={"R2": ["captain", "stables", "fortress"]})
    s = do(s, type="draw", deck="R2", mode="blind", use=[2, 0])
    v = GAME.view(s, 0)
    assert v["players"][0]["laid"]["R"] == 2 and v["players"][0]["stand"]["R"] == 0
    assert v["pending"]["kind"] == "pick" and sorted(v["pending"]["cards"]) == ["captain", "stables"]
    assert GAME.view(s, 1)["pending"]["cards"] is None         # the other seat does not see them
    s = do(s, type="pick", card="stables")
    v = GAME.view(s, 1)
    assert v["faceup"]["R2"] == "captain" and v["players"][0]["backs"] == ["R2"]
    assert me(s, 0)["hand"] == ["stables"]
    # next player: the face-up card, or two blind (the face-up card goes under the deck)
    assert find(s, type="draw", deck="R2", mode="top", use=[0, 2])
    s2 = do(s, type="draw", deck="R2", mode="blind", use=[0, 2])
    v = GAME.view(s2, 1)
    assert v["faceup"]["R2"] is None and v["decks"]["R2"] == 10 - 2 + 1 - 2
    assert v["pending"]["cards"][0] == "fortress"


def test_TOU_12_level_three_needs_three_citizens_borrowed_at_two_deniers_each():
    s = new(3)
    ways = [a["use"] for a in find(s, type="draw", deck="W3", mode="blind")]
    assert [2, 1, 0] in ways and [2, 0, 1] in ways and [1, 1, 1] in ways and [0, 2, 1] in ways
    s2 = do(s, type="draw", deck="W3", mode="blind", use=[1, 1, 1])
    v = GAME.view(s2, 0)["players"]
    assert v[0]["deniers"] == 2 and v[1]["deniers"] == 8 and v[2]["deniers"] == 8
    assert v[1]["laid"]["W"] == 1 and v[1]["stand"]["W"] == 1


def test_TOU_13_town_crier_in_the_two_another_card_is_drawn_and_events_strike():
    s = new(decks={"Y1": ["market", "crier_Y1", "inn"]}, events=["royal_tax", "fair", "plague"],
            event_deniers=[0, 2, 2])
    s = do(s, type="draw", deck="Y1", mode="blind", use=[1, 0])
    v = GAME.view(s, 0)
    assert v["criers"] == ["Y1"]
    assert [q["den"] for q in v["queue"]] == [1, 2, 2]           # caps: royal tax 4, fair 2, plague 2
    p = v["players"]
    # royal tax x1: -1; fair x2: +4; plague x2: lay down 2 white
    assert p[0]["deniers"] == 6 - 1 + 4 and p[1]["deniers"] == 6 - 1 + 4
    assert p[0]["laid"]["W"] == 2 and p[1]["laid"]["W"] == 2
    assert sorted(v["pending"]["cards"]) == ["inn", "market"]


def test_TOU_14_crier_revealed_twice_is_counted_once_per_deck_and_drawn_cards_replaced():
    s = new(decks={"R1": ["crier_R1", "guardhouse"]})
    s = do(s, type="draw", deck="R1", mode="blind", use=[1, 0])
    v = GAME.view(s, 0)
    assert v["criers"] == ["R1"] and v["decks"]["R1"] == 7


# ---------------------------------------------------------------------------------------- citizens of others
def test_TOU_15_other_players_citizens_cost_two_deniers_each_to_their_owner():
    s = new(districts=[grid({(0, 0): "market"}), E], citizens=[{"R": 2, "W": 2, "Y": 0}, {"R": 2, "W": 2, "Y": 2}])
    uses = [a["use"] for a in find(s, type="activate", r=0, c=0)]
    assert uses == [[0, 1]]
    s2 = do(s, type="activate", r=0, c=0)
    v = GAME.view(s2, 0)["players"]
    assert v[0]["deniers"] == 6 - 2 + 3 and v[1]["deniers"] == 8 and v[1]["laid"]["Y"] == 1
    assert v[0]["district"][0][0]["occ"] == ["b"]


def test_TOU_16_no_borrowing_without_the_money():
    s = new(citizens=[{"R": 0, "W": 2, "Y": 2}, {"R": 2, "W": 2, "Y": 2}], deniers=[1, 6])
    assert not find(s, type="draw", deck="R1")


# ---------------------------------------------------------------------------------------- activating
def test_TOU_17_activation_puts_a_citizen_of_its_colour_and_occupied_or_damaged_blocks_it():
    s = new(districts=[grid({(0, 0): "market", (0, 1): "architect", (0, 2): "mint"}), E])
    acts = find(s, type="activate")
    assert {(a["r"], a["c"]) for a in acts} == {(0, 0)}          # no character, no prestige building
    s = do(s, type="activate", r=0, c=0, use=[1, 0])
    v = me(s, 0)
    assert v["deniers"] == 9 and v["stand"]["Y"] == 1 and v["district"][0][0]["occ"] == ["c"]
    s = pass_turn(s)
    s = do(s, type="earn", colour="R", n=1)
    assert not find(s, type="activate")                          # occupied until the gather


def test_TOU_18_priest_allows_a_second_activation_in_its_row_or_column():
    s = new(districts=[grid({(0, 0): "market", (0, 1): "priest", (1, 1): "guardhouse"}), E])
    s = do(s, type="activate", r=0, c=0, use=[1, 0])
    s = pass_turn(s)
    assert find(s, type="activate", r=0, c=0)                    # second time: the Priest's row
    s = do(s, type="activate", r=0, c=0, use=[1, 0])
    s = pass_turn(s)
    assert not find(s, type="activate", r=0, c=0)                # not a third


def test_TOU_19_arsenal_draws_from_red_two_without_citizens():
    s = new(districts=[grid({(0, 0): "arsenal"}), E], decks={"R2": ["fortress", "captain"]})
    s = do(s, type="activate", r=0, c=0, mode="blind", use=[1, 0])
    v = GAME.view(s, 0)
    assert v["players"][0]["laid"]["R"] == 0 and v["players"][0]["stand"]["R"] == 1
    assert sorted(v["pending"]["cards"]) == ["captain", "fortress"]


def test_TOU_20_barracks_pays_three_for_a_red_citizen_from_the_supply():
    s = new(districts=[grid({(0, 0): "barracks"}), E])
    s = do(s, type="activate", r=0, c=0)
    v = GAME.view(s, 0)
    assert v["players"][0]["deniers"] == 3 and v["players"][0]["stand"]["R"] == 2 and v["supply"]["R"] == 2
    s = new(districts=[grid({(0, 0): "barracks"}), E], supply={"R": 0, "W": 3, "Y": 3})
    assert not find(s, type="activate")


def test_TOU_21_ballista_adds_a_denier_and_strikes_only_the_others():
    s = new(3, districts=[grid({(0, 0): "ballista"}), E, E], events=["norman_raid", "fair", "fire"])
    s = do(s, type="activate", r=0, c=0, slots=[0, 1])
    v = GAME.view(s, 0)
    assert [q["den"] for q in v["queue"]] == [1, 1, 0]
    p = v["players"]
    # norman raid x1 (-2) hits seats 1 and 2 only; the good fair (+2) reaches everyone
    assert p[0]["deniers"] == 6 + 2 and p[1]["deniers"] == 6 - 2 + 2 and p[2]["deniers"] == 6 - 2 + 2
    assert v["criers"] == []


# ---------------------------------------------------------------------------------------- events
def test_TOU_22_counter_needs_deniers_on_the_event_and_pays_cost_plus_them():
    s = new(events=["norman_raid", "fair", "fire", "plague"], event_deniers=[2, 0, 1])
    assert {a["slot"] for a in find(s, type="counter")} == {0, 2}
    s = do(s, type="counter", slot=2)
    v = GAME.view(s, 1)
    assert v["players"][0]["deniers"] == 6 - 3 - 1 and v["players"][0]["ramparts"] == ["fire"]
    assert v["queue"][2] == {"ev": "plague", "den": 0} and v["ev_deck"] == 11
    assert GAME.scores(s)[0] == 1                              # a rampart is a point
    s = new(events=["norman_raid", "fair", "fire"], event_deniers=[3, 0, 0], deniers=[6, 6])
    assert not find(s, type="counter")                         # 4 + 3 > 6


def test_TOU_23_fortress_counters_an_event_before_it_strikes():
    s = new(districts=[grid({(0, 0): "fortress"}), E], events=["norman_raid", "fair", "fire"])
    slots = {a["slot"] for a in find(s, type="activate", r=0, c=0)}
    assert slots == {0, 1, 2}
    s = do(s, type="activate", r=0, c=0, slot=0, use=[1, 0])
    v = me(s, 0)
    assert v["ramparts"] == ["norman_raid"] and v["deniers"] == 6 - 4


def test_TOU_24_a_rampart_cancels_one_event_for_its_builder_only():
    s = new(decks={"R1": ["crier_R1", "guardhouse", "sergeant"]}, events=["norman_raid", "royal_tax", "flood"],
            ramparts=[[], ["fire"]])
    s = do(s, type="draw", deck="R1", mode="blind", use=[1, 0])
    v = GAME.view(s, 1)
    assert v["pending"]["kind"] == "rampart" and v["pending"]["seat"] == 1 and v["pending"]["ev"] == "norman_raid"
    s = do(s, type="rampart", build=True)
    v = GAME.view(s, 1)["players"]
    # seat 1 built the rampart against the raid (x1 = 2) but takes the royal tax (x1 = 1); seat 0 takes both
    assert v[0]["deniers"] == 6 - 2 - 1 and v[1]["deniers"] == 6 - 1
    assert v[1]["built"] == ["fire"] and v[1]["ramparts"] == [] and GAME.scores(s)[1] == 1


def test_TOU_25_event_effect_scales_with_its_deniers_up_to_its_cap():
    s = new(decks={"R1": ["crier_R1", "guardhouse", "sergeant"]}, events=["norman_raid", "fair", "fire"],
            event_deniers=[3, 0, 0], deniers=[20, 20])
    s = do(s, type="draw", deck="R1", mode="blind", use=[1, 0])
    v = GAME.view(s, 0)
    assert v["queue"][0]["den"] == 3                           # capped at 3
    assert v["players"][1]["deniers"] == 20 - 6 + 2


def test_TOU_26_damage_and_grey_citizens_go_on_free_buildings_chosen_by_their_owner():
    s = new(decks={"R1": ["crier_R1", "guardhouse", "sergeant"]}, events=["fire", "fair", "royal_tax"],
            districts=[E, grid({(0, 0): "market", (0, 1): "inn", (0, 2): "architect"})])
    s = do(s, type="draw", deck="R1", mode="blind", use=[1, 0])
    v = GAME.view(s, 1)
    assert v["pending"]["kind"] == "token" and v["pending"]["seat"] == 1
    assert {(a["r"], a["c"]) for a in GAME.legal_actions(s)} == {(0, 0), (0, 1)}   # buildings only
    s = do(s, type="token", r=0, c=1)
    d = me(s, 1)["district"]
    assert d[0][1]["dmg"] and not d[0][0]["dmg"]
    # seat 1 cannot activate the damaged inn; a gather repairs it
    s = do(s, type="pick", card="guardhouse")
    assert GAME.current_player(s) == 1
    assert {(a["r"], a["c"]) for a in find(s, type="activate")} == {(0, 0)}
    s = do(s, type="gather")
    assert not me(s, 1)["district"][0][1]["dmg"]


def test_TOU_27_gather_stands_every_citizen_and_clears_grey_citizens():
    s = new(decks={"R1": ["crier_R1", "guardhouse", "sergeant"]}, events=["flood", "fair", "royal_tax"],
            districts=[grid({(0, 0): "market", (0, 1): "inn"}), E])
    s = do(s, type="activate", r=0, c=0, use=[1, 0])
    s = do(s, type="draw", deck="R1", mode="blind", use=[0, 1])   # seat 1; crier: flood x1 puts a grey citizen
    v = me(s, 0)
    assert v["district"][0][1]["occ"] == ["g"]
    s = do(s, type="pick", card="guardhouse")
    s = do(s, type="gather")
    v = me(s, 0)
    assert v["district"][0][0]["occ"] == [] and v["district"][0][1]["occ"] == []
    assert v["stand"] == {"R": 2, "W": 2, "Y": 2} and v["laid"] == {"R": 0, "W": 0, "Y": 0}


def test_TOU_28_earn_lays_down_citizens_of_one_colour_for_two_deniers_each():
    s = new()
    assert {(a["colour"], a["n"]) for a in find(s, type="earn")} == {(c, k) for c in "RWY" for k in (1, 2)}
    s = do(s, type="earn", colour="W", n=2)
    v = me(s, 0)
    assert v["deniers"] == 10 and v["laid"]["W"] == 2


def test_TOU_29_hand_limit_four_ramparts_included_extra_goes_back_or_is_discarded():
    s = new(hands=[["market", "inn", "guild"], []], ramparts=[["fire"], []], decks={"Y1": ["workshop", "merchant"]})
    s = do(s, type="draw", deck="Y1", mode="blind", use=[1, 0])
    s = do(s, type="pick", card="workshop")
    v = GAME.view(s, 0)
    assert v["pending"]["kind"] == "limit"
    assert {a["card"] for a in GAME.legal_actions(s)} == {"market", "inn", "guild", "workshop", "fire"}
    s2 = do(s, type="return", card="fire")
    v = GAME.view(s2, 1)["players"][0]
    assert v["dropped"] == ["fire"] and v["ramparts"] == [] and GAME.scores(s2)[0] == 1   # still a point
    s3 = do(s, type="return", card="inn")
    assert GAME.view(s3, 1)["players"][0]["backs"] == ["Y1", "Y1", "Y1"]


def test_TOU_30_tour_henry_viii_counts_every_rampart_also_discarded_ones():
    d = grid({(0, 0): "tour_henry_viii"})
    s = new(districts=[d, E], ramparts=[["fire", "flood"], ["riot"]])
    assert GAME.view(s, 0)["scores"][0]["prestige"]["tour_henry_viii"] == 4
    assert GAME.view(s, 0)["scores"][1]["prestige"]["tour_henry_viii"] == 1


# ---------------------------------------------------------------------------------------- characters
def test_TOU_31_characters_act_on_their_row_and_column():
    # Architect: +1 denier for a building placed in its row or column
    s = new(hands=[["market"], []], districts=[grid({(1, 1): "architect"}), E])
    s2 = do(s, type="play", card="market", r=0, c=1)
    assert me(s2, 0)["deniers"] == 6 - 1 + 1
    # Alderman: +1 denier when a yellow building in line is activated
    s = new(districts=[grid({(1, 1): "alderman", (1, 0): "market"}), E])
    s2 = do(s, type="activate", r=1, c=0)
    assert me(s2, 0)["deniers"] == 6 + 3 + 1
    # Merchant: 1 point per yellow building in its row and column
    s = new(districts=[grid({(1, 1): "merchant", (1, 0): "market", (0, 1): "inn", (0, 0): "guild"}), E])
    assert GAME.view(s, 0)["scores"][0]["characters"] == 2


def test_TOU_32_knight_pays_when_a_prestige_building_is_placed_in_line():
    s = new(hands=[["mint"], []], districts=[grid({(0, 0): "knight", (1, 0): "market"}), E], deniers=[5, 6])
    s2 = do(s, type="play", card="mint", r=0, c=1)
    assert me(s2, 0)["deniers"] == 4
    s3 = do(s, type="play", card="mint", r=1, c=1)      # not in its row or column
    assert me(s3, 0)["deniers"] == 0


# ---------------------------------------------------------------------------------------- scoring
def test_TOU_33_prestige_buildings_score_once_per_name_capped_at_twelve():
    full_yellow = grid({(0, 0): "cloth_hall", (0, 1): "market", (0, 2): "inn", (1, 0): "guild", (1, 1): "merchant",
                        (1, 2): "workshop", (2, 0): "advocate", (2, 1): "alderman", (2, 2): "architect"})
    other = grid({(0, 0): "cloth_hall", (0, 1): "port"})
    s = new(districts=[full_yellow, other])
    sc = GAME.view(s, 0)["scores"]
    assert sc[0]["prestige"]["cloth_hall"] == 12            # 8 yellow x 2 = 16, capped at 12
    assert sc[1]["prestige"]["cloth_hall"] == 2             # its own copy: builder rate, once (1 yellow x 2)
    s = new(districts=[grid({(0, 0): "cloth_hall"}), grid({(0, 0): "market", (0, 1): "inn"})])
    assert GAME.view(s, 0)["scores"][1]["prestige"]["cloth_hall"] == 2   # not its builder: 1 per card


def test_TOU_34_covered_prestige_does_not_count_but_covered_level_one_two_points_do():
    s = new(districts=[grid({(0, 0): ["mint", "exchange"], (0, 1): ["inn", "market"]}), E], deniers=[8, 8])
    sc = GAME.view(s, 0)["scores"][0]
    assert sc["prestige"] == {} and sc["cards"] == 2 + 1 + 1


def test_TOU_35_sets_and_citizens_owned_count_laid_down_and_placed_citizens():
    d = grid({(0, 0): "saint_nicolas", (0, 1): "market", (1, 1): "monastery"})
    s = new(districts=[d, E], citizens=[{"R": 1, "W": 3, "Y": 2}, {"R": 2, "W": 2, "Y": 2}])
    assert GAME.view(s, 0)["scores"][0]["prestige"]["saint_nicolas"] == 3
    s = do(s, type="activate", r=0, c=1)                   # a yellow citizen on the market still counts
    assert GAME.view(s, 0)["scores"][0]["prestige"]["saint_nicolas"] == 3
    s = new(districts=[grid({(0, 0): "belfry", (0, 1): "market", (0, 2): "guardhouse", (1, 0): "monastery",
                             (1, 1): "inn"}), E])
    assert GAME.view(s, 0)["scores"][0]["prestige"]["belfry"] == 4


def test_TOU_36_cathedral_is_eight_for_its_builder_only():
    s = new(districts=[grid({(0, 0): "cathedral"}), E])
    sc = GAME.view(s, 0)["scores"]
    assert sc[0]["prestige"]["cathedral"] == 8 and sc[1]["prestige"]["cathedral"] == 0


# ---------------------------------------------------------------------------------------- the end
FULL_A = grid({(0, 0): "mint", (0, 1): "tour_des_six", (0, 2): "market", (1, 0): "inn", (1, 1): "guild",
               (1, 2): "workshop", (2, 0): "merchant", (2, 1): "alderman", (2, 2): "architect"})
FULL_B = grid({(0, 0): "saint_jacques", (0, 1): "la_madeleine", (0, 2): "chapel", (1, 0): "hospital",
               (1, 1): "library", (1, 2): "monk", (2, 0): "almshouse", (2, 1): "deacon", (2, 2): "pilgrim"})
ALMOST = grid({(0, 0): "mint", (0, 1): "tour_des_six", (0, 2): "market", (1, 0): "inn", (1, 1): "guild",
               (1, 2): "workshop", (2, 0): "merchant", (2, 1): "alderman"})


def play_round(s):
    n = s["num_players"]
    for _ in range(n):
        s = pass_turn(s)
    return s


def test_TOU_37_two_full_districts_with_two_prestige_start_the_last_round_then_the_final_card():
    s = new(3, districts=[FULL_A, FULL_B, E], hands=[[], ["captain"], ["guardhouse"]])
    v = GAME.view(s, 0)
    assert v["last_round"]                                  # checked at the first player's first turn
    s = play_round(s)
    v = GAME.view(s, 2)
    assert v["phase"] == "final"
    # seat 0 chooses first (no card: only "no final card"), then 1, then 2
    assert GAME.legal_actions(s) == [{"type": "final_pass"}]
    s = GAME.apply(s, {"type": "final_pass"})
    s = do(s, type="final", card="captain", r=0, c=2)
    assert GAME.view(s, 2)["final"]["chosen"] == [True, True, False]
    assert GAME.view(s, 2)["players"][1]["district"][0][2]["s"] == ["chapel"]   # still hidden
    assert GAME.view(s, 0)["final"]["mine"] == {"type": "final_pass"}
    s = do(s, type="final", card="guardhouse", r=1, c=1)
    assert GAME.is_over(s)
    v = GAME.view(s, None)
    assert v["players"][1]["district"][0][2]["s"] == ["captain"] and v["players"][1]["deniers"] == 3
    assert v["players"][2]["district"][1][1]["s"] == ["guardhouse"]


def test_TOU_38_one_full_district_ends_only_with_more_criers_than_players():
    s = new(2, districts=[FULL_A, E])
    assert not GAME.view(s, 0)["last_round"]
    s = new(2, districts=[FULL_A, E], criers_out=["R1", "W1"])
    assert not GAME.view(s, 0)["last_round"]                # 2 criers: not more than 2 players
    s = new(2, districts=[FULL_A, E], criers_out=["R1", "W1", "Y1"])
    assert GAME.view(s, 0)["last_round"]
    s = new(2, districts=[ALMOST, E], criers_out=["R1", "W1", "Y1"])
    assert not GAME.view(s, 0)["last_round"]                # not full


def test_TOU_39_the_end_is_checked_at_the_start_of_the_first_players_turn():
    s = new(2, districts=[ALMOST, E], hands=[["architect"], []], criers_out=["R1", "W1", "Y1"])
    s = do(s, type="play", card="architect", r=2, c=2)
    s = do(s, type="gather")
    assert not GAME.view(s, 1)["last_round"]                # seat 1 still plays the ordinary round
    s = pass_turn(s)
    v = GAME.view(s, 0)
    assert v["last_round"] and v["round"] == 2 and v["phase"] == "turn"
    s = play_round(s)
    assert GAME.view(s, 0)["phase"] == "final"


def play_to_the_end(s):
    while not GAME.is_over(s):
        if GAME.view(s, 0)["phase"] == "final":
            s = GAME.apply(s, GAME.legal_actions(s)[-1])
        else:
            s = pass_turn(s)
    return s


def test_TOU_40_ties_go_to_the_player_with_more_deniers():
    s = new(2, districts=[grid({(0, 0): "market"}), grid({(0, 0): "inn"})], deniers=[3, 4])
    s = play_to_the_end(s)
    assert GAME.scores(s) == [1, 1] and GAME.winners(s) == [1]
    s = new(2, districts=[grid({(0, 0): "market"}), grid({(0, 0): "inn"})], deniers=[4, 4])
    s = play_to_the_end(s)
    assert GAME.winners(s) == [0, 1]


def test_TOU_41_round_limit_safeguard_ends_the_game():
    s = play_to_the_end(new(2))
    v = GAME.view(s, None)
    assert v["round"] == ROUND_LIMIT
    assert any(e["key"] == "last_round" and e["params"]["reason"] == "round_limit" for e in v["log"])


# ---------------------------------------------------------------------------------------- contract details
def test_TOU_42_one_card_per_turn_then_exactly_one_action():
    s = new(hands=[["market", "inn"], []], deniers=[6, 6])
    s = do(s, type="play", card="market")
    assert not find(s, type="play")
    assert GAME.current_player(s) == 0
    with pytest.raises(IllegalAction):
        GAME.apply(s, {"type": "play", "card": "inn", "r": 0, "c": 0})
    s = do(s, type="gather")
    assert GAME.current_player(s) == 1


def test_TOU_42_refusals_name_what_is_wrong():
    """A refused play names the card's cost against the deniers held, or the cell, or the hand."""
    s = new(hands=[["captain", "guardhouse"], []], deniers=[2, 6], districts=[grid({(1, 1): "market"}), E])
    with pytest.raises(IllegalAction, match=r"Captain costs 3 deniers and you have 2"):
        GAME.apply(s, {"type": "play", "card": "captain", "r": 0, "c": 1})
    with pytest.raises(IllegalAction, match=r"cannot go to row 0, column 0 of your district"):
        GAME.apply(s, {"type": "play", "card": "guardhouse", "r": 0, "c": 0})
    with pytest.raises(IllegalAction, match=r"'inn' is not in your hand"):
        GAME.apply(s, {"type": "play", "card": "inn", "r": 0, "c": 1})


@pytest.mark.parametrize("parts", [
    {"hands": [["nope"], []]}, {"hands": [["market"]]}, {"hands": [["crier_R1"], []]},
    {"deniers": [-1, 3]}, {"citizens": [{"R": 1}, {"R": 1, "W": 1, "Y": 1}]},
    {"decks": {"R1": ["market"]}}, {"decks": {"Q1": []}}, {"events": ["nope"]},
    {"first_player": 5}, {"rules": "expert"}, {"criers_out": ["R1", "R1"]},
    {"event_deniers": [5, 0, 0], "events": ["fire", "fair", "flood"]},
    {"districts": [grid({(0, 0): ["market", "guardhouse"]}), E]},
    {"districts": [grid({(0, 0): "crier_Y1"}), E]},
    {"hands": [["market", "market", "market", "inn", "guild"], []]},
    {"hands": [["mint", "mint", "mint"], []]},
    {"supply": {"R": -1, "W": 3, "Y": 3}},
])
def test_TOU_43_positions_that_do_not_add_up_are_refused_by_the_state_check(parts):
    with pytest.raises(RecordError):
        new(2, **parts)


def test_TOU_43b_the_deal_takes_only_the_rules_option():
    for options in ({"no_shuffle": True}, {"first_player": 0}, {"hands": [[], []]}):
        with pytest.raises(SetupError):
            GAME.new_game(2, 1, options)


def five_in_hand(state):
    """Five cards of yellow I move from their deck into seat 0's hand: over the limit, no return asked."""
    cards = [card for card in state["decks"]["Y1"] if not card.startswith("crier_")][:5]
    state["decks"]["Y1"] = [card for card in state["decks"]["Y1"] if card not in cards]
    state["players"][0]["hand"] += cards


def test_TOU_43c_a_loaded_state_that_does_not_add_up_is_refused():
    state = GAME.new_game(3, 5)
    damaged = [
        lambda s: s["decks"]["R1"].append("market"),                  # a card twice
        lambda s: s["decks"]["W2"].pop(),                             # a card lost
        lambda s: s["queue"].__setitem__(0, {**s["queue"][0], "den": 9}),   # deniers over the cap
        lambda s: s["players"][1].__setitem__("deniers", -2),
        five_in_hand,
        lambda s: s.__setitem__("turn", 3),
        lambda s: s.__setitem__("extra", 1),
    ]
    for damage in damaged:
        data = GAME.to_dict(state)
        damage(data["state"])
        with pytest.raises(RecordError):
            GAME.from_dict(data)
    assert GAME.from_dict(GAME.to_dict(state)) == state


def test_TOU_44_positions_are_exact_and_keep_catalogue_order():
    a = new(2)
    s = do(a, type="draw", deck="W2", mode="blind", use=[2, 0])
    assert GAME.view(s, 0)["pending"]["cards"] == ["bishop", "abbey"]    # catalogue order
    assert [q["ev"] for q in GAME.view(a, 0)["queue"]] == ["norman_raid", "fire", "flood"]
    s = new(decks={"W2": ["seminary", "canon"]}, events=["riot", "tithe", "fair"])
    assert [q["ev"] for q in GAME.view(s, 0)["queue"]] == ["riot", "tithe", "fair"]
    s = do(s, type="draw", deck="W2", mode="blind", use=[2, 0])
    assert GAME.view(s, 0)["pending"]["cards"] == ["seminary", "canon"]


# ---------------------------------------------------------------------------------------- cards from the outside review
def test_TOU_45_fort_is_red_one_two_copies_and_combats_a_struck_event_without_paying():
    from pygames.games.tournay import cards as K
    fort = K.CARDS["fort"]
    assert (fort["colour"], fort["level"], fort["copies"], fort["cost"], fort["pp"]) == ("R", 1, 2, {"deniers": 1}, 1)
    assert K.deck_cards("R1").count("fort") == 2 and "fort" not in K.deck_cards("R2")
    s = new(districts=[grid({(0, 0): "fort"}), E], events=["norman_raid", "fair", "fire", "plague"],
            event_deniers=[0, 2, 0])
    assert {a["slot"] for a in find(s, type="activate", r=0, c=0)} == {1}   # only an event with a denier on it
    s = do(s, type="activate", r=0, c=0, slot=1, use=[1, 0])
    v = me(s, 0)
    assert v["ramparts"] == ["fair"] and v["deniers"] == 6 and v["district"][0][0]["occ"] == ["c"]
    assert [q["ev"] if q else None for q in pub(s)["queue"]] == ["norman_raid", "plague", "fire"]
    assert pub(s)["queue"][1]["den"] == 0 and GAME.scores(s)[0] == 1 + 1   # the Fort's point and the rampart's
    s = new(districts=[grid({(0, 0): "fort"}), E], events=["norman_raid", "fair", "fire"])
    assert not find(s, type="activate", r=0, c=0)                          # nothing has struck yet


def test_TOU_46_the_seeds_fortress_stays_in_red_two_under_its_own_name():
    from pygames.games.tournay import cards as K
    fortress = K.CARDS["fortress"]
    assert (fortress["colour"], fortress["level"], fortress["name"]["ja"]) == ("R", 2, "要塞")
    assert K.CARDS["fort"]["name"]["ja"] != "要塞" and fortress["act"]["do"] == "counter_any"
    # it still counters an event that has not struck, at its price (TOU_23), and pays the deniers on it
    s = new(districts=[grid({(0, 0): "fortress"}), E], events=["norman_raid", "fair", "fire"], event_deniers=[1, 0, 0])
    s = do(s, type="activate", r=0, c=0, slot=0, use=[1, 0])
    assert me(s, 0)["ramparts"] == ["norman_raid"] and me(s, 0)["deniers"] == 6 - 4 - 1


def test_TOU_47_pont_des_trous_costs_five_deniers_and_is_marked_sourced():
    from pygames.games.tournay import cards as K
    assert K.CARDS["pont_des_trous"]["cost"] == {"deniers": 5} and K.CARDS["pont_des_trous"]["src"] == "documented:S1"
    s = new(hands=[["pont_des_trous"], []], deniers=[4, 6])
    assert not find(s, type="play", card="pont_des_trous")
    s = new(hands=[["pont_des_trous"], []], deniers=[5, 6])
    s = do(s, type="play", card="pont_des_trous", r=1, c=1)
    assert me(s, 0)["deniers"] == 0 and me(s, 0)["district"][1][1]["s"] == ["pont_des_trous"]


def test_TOU_48_port_uses_the_effect_of_another_players_yellow_building():
    from pygames.games.tournay import cards as K
    port = K.CARDS["port"]
    assert (port["colour"], port["level"], port["kind"]) == ("Y", 1, "building") and "port" in K.deck_cards("Y1")
    # seat 1 has an Exchange (gain 5), a Guild (draw from yellow II) and a red Garrison; seat 2 a covered
    # Counting House under a Mayor (a character); seat 0 has the Port and a Market of its own
    s = new(n=3, districts=[grid({(0, 0): "port", (0, 1): "market"}),
                            grid({(0, 0): "exchange", (0, 1): "guild", (1, 1): "garrison"}),
                            grid({(2, 2): ["counting_house", "mayor"]})])
    uses = find(s, type="activate", r=0, c=0)
    assert {tuple(a["port"]) for a in uses} == {(1, 0, 0), (1, 0, 1)}   # a visible yellow building of another
    assert {a.get("mode") for a in uses if a["port"] == [1, 0, 1]} == {"blind"}
    s = do(s, type="activate", r=0, c=0, port=[1, 0, 0], use=[1, 0, 0])
    v = pub(s, 0)["players"]
    assert v[0]["deniers"] == 6 + 5 and v[1]["deniers"] == 6
    assert v[0]["district"][0][0]["occ"] == ["c"] and v[1]["district"][0][0]["occ"] == []   # nothing on theirs
    assert any(e["key"] == "use_other" and e["params"] == {"seat": 0, "owner": 1, "card": "exchange"}
               for e in pub(s)["log"])
    # the Guild's draw through the Port: a yellow II card into seat 0's hand, without laying citizens down
    s = new(n=3, districts=[grid({(0, 0): "port"}), grid({(0, 1): "guild"}), E], decks={"Y2": ["exchange", "mayor"]})
    s = do(s, type="activate", r=0, c=0, port=[1, 0, 1], mode="blind", use=[1, 0, 0])
    assert GAME.view(s, 0)["pending"]["cards"] == ["exchange", "mayor"] and me(s, 0)["stand"]["Y"] == 1


def test_TOU_49_the_rules_docs_provenance_table_matches_the_cards_and_cites_no_machine_path():
    import pathlib

    from pygames.games.tournay import cards as K
    root = pathlib.Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "rules" / "tournay.md").read_text(encoding="utf-8")
    table = doc[doc.index("### Provenance"):doc.index("### Level I and II")]
    rows = {line.split("|")[1].strip(): [int(x) for x in line.split("|")[2:5]]
            for line in table.splitlines() if line.startswith("| ") and line.split("|")[2].strip().isdigit()}
    for deck in K.DECKS:
        counts = [0, 0, 0]
        for key in K.deck_cards(deck):
            src = K.CARDS[key]["src"]
            if K.CARDS[key]["kind"] != "crier":
                counts[2 if src == "designed" else 1 if "designed" in src else 0] += 1
        assert rows[deck] == counts, deck
    # (that no file names a path of the machine it was written on: tests/test_repository.py)
