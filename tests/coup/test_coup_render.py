"""Coup render/text in CPython: click paths, board placement of choices, escaping, spectator view, both languages."""

from __future__ import annotations

import re

import pytest
from coup_helpers import GAME, mover, play, setup, view

from pygames.core import Rng
from pygames.games.coup import render, text
from pygames.ui.picker import Picker

NAMES = ["<script>alert(1)</script>", "Bob & Co", "Carol \"C\"", "Dan", "Eve", "Fay"]
D, A, CA, AM, CO = "duke", "assassin", "captain", "ambassador", "contessa"


def check_position(state, lang):
    seat = mover(state)
    v = view(state, seat)
    legal = GAME.legal_actions(state)
    picker = Picker(legal, v, render.action_steps)
    # walk every prefix (paths are at most 2 steps long)
    prefixes = [[]] + [[k] for k in picker.options()]
    for prefix in prefixes:
        picker.prefix = list(prefix)
        options = picker.options()
        if not options:
            continue
        choices = {k: render.step_label(k, v, lang) for k in options}
        markup, placed = render.board(v, seat, lang, NAMES, choices)
        assert placed <= set(options)
        for key in options:
            label = choices[key]
            assert label and label != key, f"no label for {key}"
            if key in placed:
                assert f'data-choice="{key}"' in markup
        assert "<script>" not in markup
    p = render.prompt(v, seat, lang, NAMES)
    assert p and "<script>" not in p
    for entry in v["log"]:
        line = text.log_line(entry, lang, NAMES)
        assert line and "<script>" not in line and line != entry["key"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_choice_is_on_the_board_or_labelled_in_random_positions(lang):
    rng = Rng(f"render/{lang}")
    for seed in range(24):
        n = 2 + seed % 5
        options = {"inquisitor": seed % 2 == 1, "diplomat": seed % 3 == 1, "factions": n >= 3 and seed % 4 >= 2,
                   "wins_needed": 1 + seed % 2}
        state = GAME.new_game(n, seed, options)
        step = 0
        while not GAME.is_over(state):
            if step % 3 == 0:
                check_position(state, lang)
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
            step += 1
        v = view(state, 0)
        over = render.game_over(v, lang, NAMES)
        assert "<script>" not in over and "coup-scores" in over
        assert render.prompt(v, 0, lang, NAMES)


def test_main_actions_and_targets_are_placed_on_the_board():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]], coins=[7, 2, 2])
    v = view(s, 0)
    picker = Picker(GAME.legal_actions(s), v, render.action_steps)
    choices = {k: render.step_label(k, v, "en") for k in picker.options()}
    _, placed = render.board(v, 0, "en", NAMES, choices)
    assert {"act:income", "act:coup", "act:steal", "act:tax"} <= placed
    picker.click("act:steal")
    choices = {k: render.step_label(k, v, "en") for k in picker.options()}
    markup, placed = render.board(v, 0, "en", NAMES, choices)
    assert placed == {"seat:1", "seat:2"}
    assert picker.click("seat:2") == {"type": "steal", "target": 2}


def test_lose_reveal_and_show_are_placed_on_own_cards():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]], coins=[7, 2, 2])
    s = play(s, "coup>1")
    v = view(s, 1)
    choices = {k: render.step_label(k, v, "en") for k in ("lose:assassin", "lose:contessa")}
    markup, placed = render.board(v, 1, "en", NAMES, choices)
    assert placed == {"lose:assassin", "lose:contessa"}
    assert "Lose Contessa" == render.step_label("lose:contessa", v, "en")
    assert render.step_label("lose:contessa", v, "ja") == "女伯を失う"


def test_reaction_buttons_and_pending_claim_text():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]], coins=[2, 3, 2])
    s = play(s, "steal>1")
    v = view(s, 1)
    keys = [render.action_steps(a, v)[0] for a in GAME.legal_actions(s)]
    assert keys == ["pass", "challenge", "block:captain", "block:ambassador"]
    choices = {k: render.step_label(k, v, "en") for k in keys}
    markup, placed = render.board(v, 1, "en", NAMES, choices)
    assert placed == set()                        # shown as buttons by the page
    assert choices["block:ambassador"] == "Block as Ambassador"
    assert "claims" in markup and "Captain" in markup and "steals from" in markup
    assert "&lt;script&gt;" in markup             # the actor's name, escaped
    ja_markup, _ = render.board(v, 1, "ja", NAMES, {})
    assert "船長" in ja_markup and "強奪" in ja_markup


def test_exchange_keep_choices():
    s = setup(3, [[AM, CA], [A, CO], [D, CO]], top=[D, A], coins=[2, 2, 7], first=2)
    s = play(s, "coup>0", "lose:captain", "exchange", "pass", "pass")
    v = view(s, 0)
    keys = [render.action_steps(a, v)[0] for a in GAME.legal_actions(s)]
    assert keys == ["keep:duke", "keep:assassin", "keep:ambassador"]
    choices = {k: render.step_label(k, v, "en") for k in keys}
    markup, placed = render.board(v, 0, "en", NAMES, choices)
    assert placed == set(keys)                    # single cards: click the card
    s2 = setup(3, [[AM, CA], [A, CO], [D, CO]], top=[D, A])
    s2 = play(s2, "exchange", "pass", "pass")
    v2 = view(s2, 0)
    assert render.step_label("keep:duke+assassin", v2, "en") == "Keep Duke & Assassin"
    # other seats see the exchange but not the drawn cards
    other, _ = render.board(view(s2, 1), 1, "en", NAMES, {})
    assert "coup-drawn" not in other


def test_examined_card_is_shown_to_the_examiner_only():
    s = setup(3, [["inquisitor", CA], [D, CA], [A, CO]], inquisitor=True)
    s = play(s, "examine>1", "pass", "pass", "show:captain")
    mine, _ = render.board(view(s, 0), 0, "en", NAMES, {})
    assert "coup-shown" in mine
    theirs, _ = render.board(view(s, 2), 2, "en", NAMES, {})
    assert "coup-shown" not in theirs
    assert "shows you" in render.prompt(view(s, 0), 0, "en", NAMES)


def test_spectator_board_shows_no_hand_and_valid_markup():
    s = GAME.new_game(4, 3, {"factions": True, "wins_needed": 2})
    v = view(s, None)
    markup, placed = render.board(v, None, "en", NAMES, {})
    assert placed == set()
    assert markup.startswith('<div class="coup-board">') and markup.endswith("</div>")
    assert markup.count("<div") == markup.count("</div>")
    assert "coup-mine" not in markup and "Almshouse" in markup
    assert "coup-faction" in markup
    assert render.prompt(v, None, "ja", NAMES)


def test_markup_is_balanced_in_a_position_with_everything():
    s = setup(3, [[A, CA], [D, CO], [AM, CO]], coins=[3, 2, 2], factions=True, factions_of=[0, 1, 1],
              almshouse=2, wins_needed=3)
    s = play(s, "assassinate>1", "block:contessa")
    for seat in (None, 0, 1, 2):
        markup, _ = render.board(view(s, seat), seat, "ja", NAMES, {})
        assert markup.count("<div") == markup.count("</div>")
        assert markup.count("<span") == markup.count("</span>")


def test_log_lines_cover_every_entry_key_in_both_languages():
    keys = set()
    for seed in range(40):
        n = 2 + seed % 5
        options = {"inquisitor": seed % 2 == 0, "diplomat": seed % 3 == 0, "factions": n >= 3 and seed % 4 < 2,
                   "wins_needed": 1 + seed % 2}
        rng = Rng(seed)
        state = GAME.new_game(n, seed, options)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
        for entry in state["log"]:
            keys.add(entry["key"])
            for lang in ("en", "ja"):
                line = text.log_line(entry, lang, NAMES)
                assert line != entry["key"]
                assert not re.search(r"\{[a-z_]+\}", line)
    assert {"declare", "challenge", "block", "proven", "caught", "lose", "eliminated", "round_won"} <= keys


def test_private_log_lines_are_only_in_the_views_of_their_seats():
    s = setup(3, [[D, CA], [A, CO], [AM, CO]], top=[A])
    s = play(s, "tax", "pass", "challenge", "reveal:duke")
    mine = [e["key"] for e in view(s, 0)["log"]]
    theirs = [e["key"] for e in view(s, 1)["log"]]
    assert "drew" in mine and "drew" not in theirs
    line = text.log_line([e for e in view(s, 0)["log"] if e["key"] == "drew"][0], "en", NAMES)
    assert "Assassin" in line


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_target_prompt_names_the_action_and_character_as_the_table_does(lang):
    """The prompt after a targeted action's first click says it with the action button's and the
    card's own names (a Japanese prompt once said ゆすり for 強奪 and 暗殺者 for 刺客)."""
    from pygames.games.coup import cards
    for kind, spec in cards.ACTIONS.items():
        prompt = render.step_prompt({}, (f"act:{kind}",), lang, [])
        if prompt is None:
            assert not spec["target"], f"{kind}: a target to pick and no prompt of its own"
            continue
        if lang == "ja":
            assert text.action_name(kind, lang) in prompt, (kind, prompt)
        if spec["claim"]:
            assert text.card_name(spec["claim"], lang) in prompt, (kind, prompt)
    assert render.step_prompt({}, ("act:steal",), "ja", []) == "強奪の相手を選んでください（船長）。"
