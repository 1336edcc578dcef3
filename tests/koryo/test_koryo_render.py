"""Koryo render and text tests (CPython): every choice the picker offers is placed on the
board or has a label in both languages, data text is escaped, spectators get a board,
every log entry reads as a sentence in both languages."""

from __future__ import annotations

import re

import pytest
from koryo_helpers import position

from pygames.core import Rng
from pygames.games.koryo import render, text
from pygames.games.koryo.rules import GAME
from pygames.ui.picker import Picker

L = 11  # Lobbying

NAMES = ["Ann", "Bo", "Cy", "Di"]
EVIL = ["<script>alert(1)</script>", "Bo & <b>", "\"Cy\"'", "<img src=x>"]
LANGS = ("en", "ja")


def positions(n, games, seed0=0):
    """(state, mover view) at decisions of seeded random games."""
    for g in range(games):
        rng = Rng(f"render/{n}/{g}")
        state = GAME.new_game(n, seed0 + g, {"play_limit": g % 2 == 0})
        while not GAME.is_over(state):
            yield state
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
        yield state


def walk(picker):
    """Every prefix the picker can reach, with its options."""
    stack = [[]]
    while stack:
        prefix = stack.pop()
        picker.prefix = list(prefix)
        options = picker.options()
        yield prefix, options
        for key in options:
            picker.prefix = list(prefix)
            if picker.click(key) is None:
                stack.append(prefix + [key])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_choice_is_placed_or_labelled(n):
    checked = 0
    for state in positions(n, 6, seed0=40 * n):
        if GAME.is_over(state):
            continue
        seat = GAME.current_player(state)
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state)
        picker = Picker(legal, view, render.action_steps, render.other_steps)
        # each legal action is reachable by its own clicks, in every order offered
        for action in legal:
            for path in [render.action_steps(action, view)] + render.other_steps(action, view):
                picker.prefix = []
                got = None
                for key in path:
                    got = picker.click(key)
                assert got == action
        for _prefix, options in walk(Picker(legal, view, render.action_steps, render.other_steps)):
            for lang in LANGS:
                choices = {k: render.step_label(k, view, lang) for k in options}
                html, placed = render.board(view, seat, lang, NAMES[:n], choices)
                assert placed <= set(options)
                for key in options:
                    label = render.step_label(key, view, lang)
                    assert label and label != key, key
                    if key in placed:
                        assert f'data-choice="{key}"' in html
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("n", [2, 4])
def test_board_places_the_targeted_powers(n):
    """Cards, columns and gold are places: destroy/swap/discard/steal/priest/hand choices go on the board."""
    kinds_placed = set()
    for state in positions(n, 10, seed0=7):
        if GAME.is_over(state):
            continue
        seat = GAME.current_player(state)
        view = GAME.view(state, seat)
        picker = Picker(GAME.legal_actions(state), view, render.action_steps)
        options = picker.options()
        _html, placed = render.board(view, seat, "en", NAMES[:n], {k: k for k in options})
        for key in options:
            head = key.split(":")[0]
            if head in ("hand", "rob", "priest", "kill", "swapa", "discard"):
                assert key in placed, key
                kinds_placed.add(head)
    assert {"hand", "kill", "discard"} <= kinds_placed


def test_ship_owner_pair_and_count_steps():
    state = position(3, 1, first=1, tables=[[], [5], []], hands=[[3], [9, 9, 4, 10], [3]])
    view = GAME.view(state, 1)
    picker = Picker(GAME.legal_actions(state), view, render.action_steps)
    assert picker.click("hand:9") is None
    options = picker.options()
    assert "n:9:1" in options and "n:9:2" in options and "pair:4:9" not in options and "pair:9:10" in options
    html, placed = render.board(view, 1, "en", NAMES[:3], {k: k for k in options})
    assert "pair:9:10" in placed and "n:9:2" not in placed      # counts are buttons
    assert "koryo-picked" in html
    assert picker.click("pair:9:10") == {"type": "play2", "kinds": [9, 10]}


def test_single_possible_play_is_one_click():
    state = position(2, 1, first=0, hands=[[9, 4], [3]])
    view = GAME.view(state, 0)
    picker = Picker(GAME.legal_actions(state), view, render.action_steps)
    assert picker.click("hand:9") == {"type": "play", "kind": 9, "count": 1}


def test_data_text_is_escaped_everywhere():
    for state in positions(4, 2):
        seat = GAME.current_player(state)
        for viewer in (None, 0, 3):
            view = GAME.view(state, viewer)
            for lang in LANGS:
                choices = {}
                if viewer is not None and viewer == seat:
                    picker = Picker(GAME.legal_actions(state), view, render.action_steps)
                    choices = {k: render.step_label(k, view, lang) for k in picker.options()}
                html, _ = render.board(view, viewer, lang, EVIL, choices)
                assert "<script>" not in html and "<img" not in html
                assert "&lt;script&gt;" in html
                status = render.prompt(view, viewer, lang, EVIL)
                assert "<script>" not in status and "<img" not in status
                for entry in view["log"]:
                    line = text.log_line(entry, lang, EVIL)
                    assert "<script>" not in line and "<img" not in line
                if GAME.is_over(state):
                    over = render.game_over(view, lang, EVIL)
                    assert "<script>" not in over and "&lt;script&gt;" in over


def test_spectator_board_and_game_over():
    *_, final = positions(3, 1, seed0=99)
    assert GAME.is_over(final)
    for lang in LANGS:
        early = GAME.view(GAME.new_game(3, 5), None)
        html, placed = render.board(early, None, lang, NAMES[:3], {})
        assert placed == set() and "koryo-hand" not in html and "koryo-player" in html
        view = GAME.view(final, None)
        html, _ = render.board(view, None, lang, NAMES[:3], {})
        assert "koryo-holders" in html
        over = render.game_over(view, lang, NAMES[:3])
        assert "koryo-score" in over and text.UI[lang]["tiebreak"] in over
        for row in view["final"]:
            assert f"<b>{row['total']}</b>" in over
        assert render.prompt(view, None, lang, NAMES[:3])


def test_majority_markers_show_who_controls_what():
    state = position(3, 1, first=0, tables=[[9, 9, 6], [9, 1, 6], [2, 2]])
    html, _ = render.board(GAME.view(state, 0), 0, "en", NAMES[:3], {})
    # Ann holds the 9s, Bo ties the 6s with the Omniscient (power only), Cy the Spies
    assert html.count("koryo-maj") >= 3 and "koryo-pow" in html
    strip = re.search(r'<div class="koryo-holders">(.*?)</div></div>', html).group(0)
    assert "koryo-chip-tie" in strip and "Ann" in strip and "Cy" in strip


def test_every_log_entry_is_a_sentence_in_both_languages():
    keys = set()
    for n in (2, 3, 4):
        *_, final = positions(n, 3, seed0=300 * n)
        for seat in range(n):
            for entry in GAME.view(final, seat)["log"]:
                keys.add(entry["key"])
                for lang in LANGS:
                    line = text.log_line(entry, lang, NAMES[:n])
                    assert line and line != entry["key"]
    assert {"round", "placed", "placed_you", "reveal", "game_end"} <= keys


def test_the_card_reference_is_one_tap_away_not_repeated_on_the_table():
    """Every card with its power is in the card reference (the table's "Cards" dialog and each card's zoom);
    the board itself does not list them all again (issue 16)."""
    view = GAME.view(GAME.new_game(2, 1), 0)
    for lang in LANGS:
        entries = {e["key"]: e for e in text.card_reference(lang)}
        html, _ = render.board(view, 0, lang, NAMES[:2], {})
        for kind in range(1, 12):
            assert entries[str(kind)]["text"] == text.POWERS[lang][kind]
            assert text.esc(text.POWERS[lang][kind]) in render.card_zoom(str(kind), lang)
        assert "koryo-ref" not in html and "<details" not in html
        assert not any(text.esc(text.POWERS[lang][kind]) in html for kind in range(1, 12))


def test_log_line_knows_every_entry_key():
    p = {"seat": 0, "target": 1, "kind": 9, "a": 0, "ka": 9, "b": 1, "kb": 3, "count": 2, "discarded": 3,
         "cards": [9, 9, 10], "round": 2, "first": 1, "deal": [9, 10], "limit": 4, "broadcaster": 1,
         "senator": True, "totals": [5, 5], "winners": [0, 1]}
    for key in ("round", "no_play", "placed", "placed_you", "reveal", "steal", "no_steal", "priest",
                "no_priest", "bank", "bank_empty", "destroy", "no_destroy", "swap", "no_swap",
                "lobby_blocked", "must_discard", "discard", "game_end"):
        for lang in LANGS:
            line = text.log_line({"key": key, "params": p}, lang, EVIL[:2])
            assert line != text.esc(key) and "<script>" not in line and '<b class="name">' in line


def test_two_card_choices_in_either_order():
    """Ship Owner's pair and Lobbying's swap: the same two clicks in either order give the same move,
    and the board marks the first card picked and offers the second on the board."""
    state = position(3, 1, first=1, tables=[[], [5], []], hands=[[3], [9, 9, 4, 10], [3]])
    view = GAME.view(state, 1)
    for first, second in (("hand:4", "pair:4:9"), ("hand:9", "pair:9:4")):
        picker = Picker(GAME.legal_actions(state), view, render.action_steps, render.other_steps)
        assert picker.click(first) is None
        options = picker.options()
        html, placed = render.board(view, 1, "en", NAMES[:3], {k: k for k in options})
        assert second in placed and "koryo-picked" in html
        assert picker.click(second) == {"type": "play2", "kinds": [4, 9]}
    state = position(3, 7, first=0, tables=[[9], [3, 8], [4]], hands=[[L], [5], [5]])
    for action in ({"type": "play", "kind": L, "count": 1}, {"type": "play", "kind": 5, "count": 1},
                   {"type": "play", "kind": 5, "count": 1}):
        state = GAME.apply(state, action)
    view = GAME.view(state, 0)
    want = {"type": "swap", "a": 0, "ka": 9, "b": 2, "kb": 4}
    assert want in GAME.legal_actions(state)
    for clicks in (["swapa:0:9", "swapb:0:9:2:4"], ["swapa:2:4", "swapb:2:4:0:9"]):
        picker = Picker(GAME.legal_actions(state), view, render.action_steps, render.other_steps)
        assert picker.click(clicks[0]) is None
        html, placed = render.board(view, 0, "en", NAMES[:3], {k: k for k in picker.options()})
        assert clicks[1] in placed and "koryo-picked" in html
        assert picker.click(clicks[1]) == want
