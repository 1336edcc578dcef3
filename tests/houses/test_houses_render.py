"""Render and text tests for Great Houses (CPython, no browser)."""

from __future__ import annotations

import re

from pygames.core import Rng
from pygames.games.houses import render, text
from pygames.games.houses.cards import AGENDAS, CARDS, PLOTS
from pygames.games.houses.rules import GAME
from pygames.ui.picker import Picker

EVIL = ["<script>alert(1)</script>", "Bob & <b>Co</b>", "名前", "D\"q'"]


def positions(n: int, seeds, every: int = 3, options=None):
    """States along random games (every few steps)."""
    for seed in seeds:
        state = GAME.new_game(n, seed, options)
        rng = Rng(seed + 99)
        step = 0
        while not GAME.is_over(state):
            if step % every == 0:
                yield state
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randbelow(len(legal))])
            step += 1
        yield state


def check_choices(state, names):
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    picker = Picker(GAME.legal_actions(state), view, render.action_steps)
    frontier = [[]]
    seen_depth = 0
    while frontier and seen_depth < 3:
        nxt = []
        for prefix in frontier:
            picker.prefix = list(prefix)
            opts = picker.options()
            for lang in ("en", "ja"):
                html, placed = render.board(view, seat, lang, names, {k: k for k in opts})
                assert set(placed) <= set(opts)
                for key in opts:
                    if key not in placed:
                        label = render.step_label(key, view, lang)
                        assert label and label.strip(), (key, lang)
                    assert render.step_label(key, view, lang).strip()
                if opts:
                    assert 'data-testid="choice"' in html or set(opts) - set(placed)
            nxt += [prefix + [k] for k in opts if len(prefix) < 2]
        frontier = nxt[:6]
        seen_depth += 1


def test_HOU_R1_every_choice_is_placed_or_labelled():
    names = ["Ann", "Bo", "Cy", "Di"]
    count = 0
    for n in (2, 3, 4):
        for state in positions(n, range(3), every=4, options={"agendas": True, "mulligan": True,
                                                               "initiative": "winner_chooses"}):
            if GAME.is_over(state):
                continue
            check_choices(state, names)
            count += 1
    assert count > 100


def test_HOU_R2_names_are_escaped_and_spectator_board_works():
    for state in positions(4, [5], every=10):
        for seat in (None, 0, 1):
            for lang in ("en", "ja"):
                html, placed = render.board(GAME.view(state, seat), seat, lang, EVIL, {})
                assert "<script>" not in html and placed == set()
                status = render.prompt(GAME.view(state, seat), seat, lang, EVIL)
                assert "<script>" not in status
                for e in GAME.view(state, seat)["log"]:
                    line = text.log_line(e, lang, EVIL)
                    assert "<script>" not in line and line.strip()
    assert GAME.is_over(state)
    for lang in ("en", "ja"):
        over = render.game_over(GAME.view(state, None), lang, EVIL)
        assert "<script>" not in over and "&lt;script&gt;" in over


def test_HOU_R3_prompt_for_the_mover_in_both_languages():
    for state in positions(2, [1, 2], every=2):
        if GAME.is_over(state):
            continue
        seat = GAME.current_player(state)
        for lang in ("en", "ja"):
            assert render.prompt(GAME.view(state, seat), seat, lang, ["A", "B"]).strip()
            assert render.prompt(GAME.view(state, 1 - seat), 1 - seat, lang, ["A", "B"]).strip()


def test_HOU_R4_every_card_plot_and_agenda_has_both_languages():
    for cid in CARDS:
        for lang in ("en", "ja"):
            assert text.card_name(cid, lang).strip()
            assert text.card_text(cid, lang) is not None
    for cid, c in CARDS.items():
        if c["type"] != "character" or c["kw"]:
            assert text.card_text(cid, "en").strip() and text.card_text(cid, "ja").strip(), cid
    for pid in PLOTS:
        for lang in ("en", "ja"):
            assert text.plot_name(pid, lang) and text.plot_text(pid, lang)
    for a in AGENDAS:
        for lang in ("en", "ja"):
            assert text.agenda_name(a, lang) and text.agenda_text(a, lang)


def test_HOU_R5_every_log_key_reads_as_a_sentence():
    seen = set()
    for n in (2, 3):
        for state in positions(n, range(4), every=1000,
                               options={"agendas": True, "mulligan": True, "deck_out": "eliminate",
                                        "initiative": "winner_chooses"}):
            for seat in range(n):
                for e in GAME.view(state, seat)["log"]:
                    seen.add(e["key"])
                    for lang in ("en", "ja"):
                        line = text.log_line(e, lang, ["A", "B", "C"])
                        assert line != e["key"], e
    assert {"turn", "challenge", "result", "power", "dominance", "game_over", "drew"} <= seen


def test_HOU_R6_knelt_cards_sit_in_their_own_group_and_icons_are_labelled_shapes():
    from houses_helpers import game, uid
    s = game(in_play=[[{"card": "V06", "knelt": True}, "V05"], ["R04"]])
    html, placed = render.board(GAME.view(s, 0), 0, "en", ["A", "B"], {"plot:P2": "Swift Riders"})
    knelt_group = html.split('houses-kneltgroup', 1)[1].split("</section>", 1)[0]
    standing_group = html.split('houses-standing', 1)[1].split('houses-kneltgroup', 1)[0]
    assert f'data-anim-id="card-{uid(s, 0, "V06")}"' in knelt_group and "houses-knelt" in knelt_group
    assert f'data-anim-id="card-{uid(s, 0, "V05")}"' in standing_group
    assert re.search(r'aria-label="military"', html) and re.search(r'aria-label="intrigue"', html)
    assert "houses-track" in html and "0/15" in html
    assert placed == {"plot:P2"}  # the plot is a place on the board, clickable
    html, placed = render.board(GAME.view(s, 0), 0, "ja", ["A", "B"], {f"card:{uid(s, 1, 'R04')}": "x"})
    assert placed == {f"card:{uid(s, 1, 'R04')}"} and 'data-testid="choice"' in html
