"""Render tests in CPython: click paths, places on the board, labels in both languages, escaping."""

from __future__ import annotations

import random
import re
from collections import deque

from oriflamme_helpers import position

from pygames.games.oriflamme import render, text
from pygames.games.oriflamme.rules import GAME
from pygames.ui.picker import Picker

EVIL = ['<script>alert(1)</script>', 'Bob & "Co"', "<b>G</b>", "Dan", "Eve"]
BUTTONS = ("reveal", "leave")


def positions(n, seeds, every=1):
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game(n, seed, {"decree_triggers_ambush": seed % 2 == 0})
        index = 0
        while not GAME.is_over(state):
            if index % every == 0:
                yield state, rng
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
            index += 1
        yield state, rng


def test_every_choice_is_on_the_board_or_has_a_label():
    for n in (3, 4, 5):
        for state, rng in positions(n, range(6 * n, 6 * n + 6), every=2):
            if GAME.is_over(state):
                continue
            seat = GAME.current_player(state)
            view = GAME.view(state, seat)
            picker = Picker(GAME.legal_actions(state), view, render.action_steps)
            names = EVIL[:n]
            while True:
                options = picker.options()
                assert options
                for lang in ("en", "ja"):
                    markup, placed = render.board(view, seat, lang, names,
                                                  {k: render.step_label(k, view, lang) for k in options})
                    assert "<script>" not in markup
                    for key in options:
                        assert render.step_label(key, view, lang).strip()
                        if key in BUTTONS:
                            assert key not in placed
                        else:
                            assert key in placed, (key, view["phase"])
                            assert f'data-choice="{key}"' in markup
                    assert render.prompt(view, seat, lang, names).strip()
                    assert "<script>" not in render.prompt(view, seat, lang, names)
                action = picker.click(options[rng.randrange(len(options))])
                if action is not None:
                    assert action in GAME.legal_actions(state)
                    break


def test_board_for_spectator_and_every_seat():
    for state, _ in positions(4, [3], every=5):
        for seat in [None, 0, 1, 2, 3]:
            view = GAME.view(state, seat)
            for lang in ("en", "ja"):
                markup, placed = render.board(view, seat, lang, EVIL[:4], {})
                assert placed == set() and "oriflamme-table" in markup
                assert "&lt;script&gt;" in markup and "<script>" not in markup
                assert render.prompt(view, seat, lang, EVIL[:4])


def test_own_hidden_cards_show_their_name_to_their_owner_only():
    state = position(3, 4, standard=True)
    state = GAME.apply(state, {"type": "place", "card": "heir", "at": "center"})
    mine, _ = render.board(GAME.view(state, 0), 0, "en", ["A", "B", "C"], {})
    other, _ = render.board(GAME.view(state, 1), 1, "en", ["A", "B", "C"], {})
    spectator, _ = render.board(GAME.view(state, None), None, "en", ["A", "B", "C"], {})
    queue_part = lambda m: m.split('oriflamme-queue"')[1].split("oriflamme-section")[0]  # noqa: E731
    assert "Heir" in queue_part(mine)
    assert "Heir" not in queue_part(other) and "Heir" not in queue_part(spectator)


def test_log_lines_in_both_languages_name_players_escaped():
    final = deque(positions(5, [1, 2, 3]), maxlen=1)[0][0]  # the last position of these games
    for seat in [None, 0]:
        for entry in GAME.view(final, seat)["log"]:
            en = text.log_line(entry, "en", EVIL)
            ja = text.log_line(entry, "ja", EVIL)
            assert en.strip() and ja.strip() and en != ja
            assert "<script>" not in en and "<script>" not in ja
    keys = {e["key"] for e in GAME.view(final, 0)["log"]}
    assert {"start", "round", "place", "place_own", "removed", "end"} <= keys


def test_every_log_key_has_a_sentence():
    seen = set()
    for n in (3, 4, 5):
        state = deque(positions(n, range(40, 70), every=10 ** 6), maxlen=1)[0][0]
        for seat in range(n):
            for entry in GAME.view(state, seat)["log"]:
                seen.add(entry["key"])
                for lang in ("en", "ja"):
                    line = text.log_line(entry, lang, EVIL)
                    assert not line.startswith(entry["key"] + " "), line
    assert len(seen) >= 15


def test_game_over_explains_scores_and_tie_break():
    state = position(3, 1, standard=True)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        leave = [a for a in legal if a["type"] == "leave"]
        state = GAME.apply(state, leave[0] if leave else legal[0])
    view = GAME.view(state, 0)
    assert GAME.winners(state) == [0, 1, 2]
    for lang in ("en", "ja"):
        html = render.game_over(view, lang, EVIL[:3])
        assert "<script>" not in html and "&lt;script&gt;" in html
        assert text.t("go_shared", lang) in html
    assert "Tie on influence" in render.game_over(view, "en", ["A", "B", "C"])


def test_game_over_names_a_clear_winner_once():
    """The end panel of a game won outright: the ★ Winner mark on its row, no "X wins." note under
    the table as well (the page's heading and status say it already)."""
    view = {"num_players": 3, "ip": [9, 4, 2], "cards_in_queue": [3, 3, 3], "winners": [0]}
    for lang in ("en", "ja"):
        html = render.game_over(view, lang, ["A", "B", "C"])
        assert html.count(text.t("go_winner", lang)) == 2  # the row's mark and the column's sr-only header
        assert text.t("go_single", lang, name="A") not in html


def test_royal_decree_marks_the_card_it_moves():
    """A started Royal Decree move (a card chosen, its place still to choose) shows on the board:
    the chosen card carries data-picked="1", the places it may go are choices."""
    from oriflamme_helpers import B, G, R, decide, full_round, new, place_phase
    state = new(hands=[["decree", "heir"], ["lord", "spy"], ["heir", "lord"]])
    state = full_round(state, {R: ("decree", "center"), B: ("lord", "right"), G: ("heir", "right")})
    state = place_phase(state, {B: ("spy", "right"), G: ("lord", "left"), R: ("heir", "right")})
    state = decide(state, {(R, "decree")})
    view = GAME.view(state, R)
    picker = Picker(GAME.legal_actions(state), view, render.action_steps)
    assert picker.click("card:2") is None
    choices = {k: render.step_label(k, view, "en") for k in picker.options()}
    html, placed = render.board(view, R, "en", EVIL[:3], choices, picked=("card:2",))
    assert "onto:4" in placed and html.count("data-picked=") == 1
    marked = re.search(r'<div class="([^"]*)"[^>]*data-picked="1"', html)
    assert marked and "oriflamme-picked" in marked.group(1)
    assert html.index('data-picked="1"') > html.index('<div class="oriflamme-pos">3')
    # without a started move nothing is marked (and other callers need not pass it)
    assert "data-picked" not in render.board(view, R, "en", EVIL[:3], {})[0]


def test_the_card_being_placed_is_marked_in_the_hand():
    state = GAME.new_game(3, 5)
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    kind = view["hand"][0]
    picker = Picker(GAME.legal_actions(state), view, render.action_steps)
    picker.click(f"hand:{kind}")
    choices = {k: render.step_label(k, view, "en") for k in picker.options()}
    html, _ = render.board(view, seat, "en", EVIL[:3], choices, picked=(f"hand:{kind}",))
    assert html.count('data-picked="1"') == 1 and "oriflamme-picked" in html
