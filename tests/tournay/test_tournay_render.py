"""Tournay render and text tests (CPython): every choice is reachable, texts exist in both languages."""

from __future__ import annotations

import re

from tournay_positions import position

from pygames.core import Rng
from pygames.games.tournay import cards as K
from pygames.games.tournay import render, text
from pygames.games.tournay.rules import GAME
from pygames.ui.picker import Picker

NAMES = ["<script>alert(1)</script>", "Bob & Co", "Ça", "Dana"]


def random_positions(n, seed, steps_every=3):
    """Views along a seeded random game, as (state, seat to move)."""
    rng = Rng(f"render/{n}/{seed}")
    state = GAME.new_game(n, seed, {"rules": "advanced" if seed % 2 else "normal"})
    step = 0
    while not GAME.is_over(state):
        if step % steps_every == 0:
            yield state, GAME.current_player(state)
        legal = GAME.legal_actions(state)
        plays = [a for a in legal if a["type"] in ("play", "final")]
        pool = plays if plays and rng.random() < 0.6 else legal
        state = GAME.apply(state, pool[rng.randbelow(len(pool))])
        step += 1
    yield state, None


def walk_choices(state, seat, rng):
    """Every step of a random click path: (view, options) pairs."""
    view = GAME.view(state, seat)
    picker = Picker(GAME.legal_actions(state), view, render.action_steps)
    while True:
        options = picker.options()
        yield view, options
        if picker.click(options[rng.randbelow(len(options))]) is not None:
            return


def test_every_choice_is_placed_on_the_board_or_has_a_label_in_both_languages():
    rng = Rng(5)
    seen_kinds = set()
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        for state, seat in random_positions(n, seed):
            if seat is None:
                continue
            for view, options in walk_choices(state, seat, rng):
                for lang in ("en", "ja"):
                    choices = {k: render.step_label(k, view, lang) for k in options}
                    html, shown = render.board(view, seat, lang, NAMES[:n], choices)
                    assert shown <= set(options)
                    for key in options:
                        seen_kinds.add(key.split(":")[0])
                        label = render.step_label(key, view, lang)
                        assert key in shown or (label and label != key), (key, lang)
                        if key in shown:
                            assert f'data-choice="{key}"' in html
                    assert "<script>" not in html
                    prompt = render.prompt(view, seat, lang, NAMES[:n])
                    assert prompt and "<script>" not in prompt
    assert {"hand", "cell", "deck", "how", "bld", "opt", "earn", "n", "gather", "pick"} <= seen_kinds


def test_board_works_for_a_spectator_and_game_over_explains_scores():
    for n, seed in ((2, 7), (4, 8)):
        positions = list(random_positions(n, seed, steps_every=25))
        for state, _ in positions:
            view = GAME.view(state, None)
            for lang in ("en", "ja"):
                html, shown = render.board(view, None, lang, NAMES[:n], {})
                assert shown == set() and "tournay-board" in html and "<script>" not in html
                assert render.prompt(view, None, lang, NAMES[:n])
        final = positions[-1][0]
        assert GAME.is_over(final)
        for lang in ("en", "ja"):
            over = render.game_over(GAME.view(final, None), lang, NAMES[:n])
            assert "&lt;script&gt;" in over and "<script>" not in over
            assert ("Ramparts" in over) if lang == "en" else ("城壁" in over)
            assert ("deniers" in over.lower()) if lang == "en" else ("ドゥニエ" in over)


def test_log_lines_are_sentences_in_both_languages_naming_players_escaped():
    keys = set()
    for n, seed in ((3, 11), (4, 12)):
        state = list(random_positions(n, seed, steps_every=10**9))[-1][0]
        for seat in [None, *range(n)]:
            for entry in GAME.view(state, seat)["log"]:
                keys.add(entry["key"])
                for lang in ("en", "ja"):
                    line = text.log_line(entry, lang, NAMES[:n])
                    assert line and line != entry["key"]
                    assert "<script>" not in line
                    if "seat" in entry["params"]:
                        assert '<b class="name">' in line
    assert {"start", "play", "draw", "end"} <= keys


def test_private_log_entries_reach_only_their_seat():
    state = position(2, decks={"Y1": ["market", "inn"]})
    state = GAME.apply(state, {"type": "draw", "deck": "Y1", "mode": "blind", "use": [1, 0]})
    state = GAME.apply(state, {"type": "pick", "card": "inn"})
    mine = [e for e in GAME.view(state, 0)["log"] if e["key"] == "picked_private"]
    theirs = [e for e in GAME.view(state, 1)["log"] if e["key"] == "picked_private"]
    assert mine and not theirs
    assert "inn" not in str(GAME.view(state, 1)["log"]).replace("'market'", "")


def test_every_card_and_event_has_both_languages_and_a_provenance():
    for key, card in K.CARDS.items():
        for lang in ("en", "ja"):
            assert text.card_name(key, lang) and text.card_text(key, lang)
        assert re.match(r"^(documented:[A-Z0-9+]+(\+designed)?|designed)$", card["src"]) or \
            card["src"].startswith("documented:"), card["src"]
    for key in K.EVENTS:
        for lang in ("en", "ja"):
            assert text.event_name(key, lang) and text.event_text(key, lang)
    assert text.card_name("tour_henry_viii", "ja") == "ヘンリー八世の塔"     # the seed's name
    assert text.card_name("priest", "ja") == "司祭" and text.card_name("fortress", "ja") == "要塞"


def test_click_paths_are_unique_and_final_and_shift_cells_exist():
    state = position(2, hands=[["market", "city_hall"], []],
                     districts=[[["inn", None, None], [None, None, None], [None, None, None]],
                                [[None] * 3 for _ in range(3)]])
    view = GAME.view(state, 0)
    picker = Picker(GAME.legal_actions(state), view, render.action_steps)
    assert picker.click("hand:market") is None
    cells = picker.options()
    assert "cell:-1,0" in cells and "cell:0,-1" in cells
    html, shown = render.board(view, 0, "en", NAMES[:2], {k: render.step_label(k, view, "en") for k in cells})
    assert "cell:-1,0" in shown and "tournay-ghost" in html


# ---------------------------------------------------------------- art, zoom, motion markers (issue 16)
def _symbols_used(markup: str) -> set[str]:
    return set(re.findall(r'href="#tournay-art-([\w-]+)"', markup))


def test_card_zoom_shows_picture_name_cost_and_full_text_for_every_key():
    from pygames.games.tournay import art
    from pygames.ui.html import esc
    keys = render.zoom_keys()
    assert set(K.CARDS) | set(K.EVENTS) | {"rampart"} == set(keys)
    for key in keys:
        for lang in ("en", "ja"):
            big = render.card_zoom(key, lang)
            assert _symbols_used(big) and _symbols_used(big) <= set(art.names()), key
            if key in K.CARDS:
                assert esc(text.card_name(key, lang)) in big and esc(text.card_text(key, lang)) in big
                if K.CARDS[key]["cost"]:
                    assert esc(text.cost_text(key, lang)) in big
            elif key in K.EVENTS:
                assert esc(text.event_name(key, lang)) in big and esc(text.event_text(key, lang)) in big
                assert f"<b>{K.EVENTS[key]['cost']}</b>" in big
    assert "prestige point" in render.card_zoom("rampart", "en") and "名声点" in render.card_zoom("rampart", "ja")


def test_every_card_kind_has_a_picture_of_its_colour_and_level_family_and_the_art_is_small():
    from pygames.games.tournay import art
    names = set(art.names())
    for key, card in K.CARDS.items():
        scene, badge = art.layers(key)
        assert scene in names and (badge is None or badge in names), key
        colour, level, kind = card["colour"], card["level"], card["kind"]
        expected = {"building": f"bld-{colour}{level}", "character": f"chr-{colour}{level}",
                    "prestige": f"pre-{colour}", "crier": "crier"}[kind]
        assert scene == expected
    assert {f"ev-{e}" for e in K.EVENTS} <= names
    assert {"citizen", "citizen-laid", "grey", "rampart", "denier", "damage", "back"} <= names
    defs = art.defs()
    assert len(defs.encode()) <= 60_000
    assert defs.count("<symbol ") == len(names) and "style=" not in defs  # the CSP refuses inline styles


def test_board_art_zoom_and_anim_markers_on_real_positions():
    from pygames.games.tournay import art
    rng = Rng(9)
    count = 0
    for n, seed in ((3, 4), (2, 5)):
        for state, seat in random_positions(n, seed, steps_every=6):
            viewer = 0 if seat is None else seat
            for view, options in walk_choices(state, viewer, rng) if seat is not None else [(GAME.view(state, 0), [])]:
                for lang in ("en", "ja"):
                    choices = {k: render.step_label(k, view, lang) for k in options}
                    html, _ = render.board(view, viewer, lang, NAMES[:n], choices)
                    assert 'class="art-defs"' not in html  # the screen carries the sheet (page.screen_art)
                    assert _symbols_used(html) <= set(art.names())
                    anim = re.findall(r'data-anim-id="([^"]+)"', html)
                    assert len(anim) == len(set(anim)), "anim ids are unique on a board"
                    for tag in re.findall(r'<div class="tournay-(?:card|event|rampart)\b[^>]*>', html):
                        if "tournay-empty" in tag:
                            continue
                        assert 'data-zoom="tournay:' in tag and tag.count("tabindex=") == 1, tag
                    for key in re.findall(r'data-zoom="tournay:([^"]+)"', html):
                        assert key in render.zoom_keys()
                break
            count += 1
    assert count > 20


def test_a_card_keeps_its_anim_id_from_hand_to_district_and_the_last_move_is_marked():
    state = position(2, hands=[["market"], ["inn"]])
    before, _ = render.board(GAME.view(state, 0), 0, "en", NAMES[:2], {})
    assert 'data-anim-id="card-0-market"' in before.split('tournay-hand', 1)[1]
    state = GAME.apply(state, {"type": "play", "card": "market", "r": 1, "c": 1})
    after, _ = render.board(GAME.view(state, 1), 1, "en", NAMES[:2], {})
    marked = re.findall(r'<[^>]*data-last-move="1"[^>]*>', after)
    assert len(marked) == 1 and 'data-anim-id="card-0-market"' in marked[0]
    assert after.count('class="tournay-lastmove"') == 1 and text.card_name("market", "en") in \
        after.split('class="tournay-lastmove"', 1)[1].split("</div>", 1)[0]
    mine, _ = render.board(GAME.view(state, 0), 0, "en", NAMES[:2], {})
    assert "data-last-move" not in mine


def test_every_card_reference_entry_names_its_zoomed_card():
    for lang in ("en", "ja"):
        keys = [e["zoom"].split(":", 1)[1] for e in text.card_reference(lang)]
        assert keys == [*K.CARDS, *K.EVENT_ORDER] and set(keys) <= set(render.zoom_keys())


def test_port_choices_name_the_other_players_building_in_both_languages():
    state = position(3, districts=[[["port", None, None], [None] * 3, [None] * 3],
                                   [["exchange", "guild", None], [None] * 3, [None] * 3],
                                   [[None] * 3 for _ in range(3)]])
    view = GAME.view(state, 0)
    picker = Picker(GAME.legal_actions(state), view, render.action_steps)
    assert picker.click("bld:0,0") is None
    options = picker.options()
    assert "opt:port=1,0,0:1-0-0" in options and "opt:port=1,0,1&mode=blind:1-0-0" in options
    assert render.step_label("opt:port=1,0,0:1-0-0", view, "en") == "Use Player 2's Exchange"
    names = ["Player 1 (you)", "Bot 2 (normal)"]
    assert render.step_label("opt:port=1,0,1&mode=blind:1-0-0", view, "en", names) == \
        "Use Bot 2 (normal)'s Guild: draw two, keep one"
    assert render.step_label("opt:port=1,0,1&mode=blind:1-0-0", view, "ja", ["あなた", "ボット2（ふつう）"]) == \
        "ボット2（ふつう）のギルドを使う：2枚引いて1枚選ぶ"
    assert render.step_label("opt:port=1,0,0:1-0-0", view, "ja") == "プレイヤー2の取引所を使う"
    action = picker.click("opt:port=1,0,0:1-0-0")
    assert action["port"] == [1, 0, 0] and action["use"] == [1, 0, 0]
    log = GAME.view(GAME.apply(state, action), 0)["log"]
    lines = [text.log_line(e, lang, NAMES[:3]) for e in log if e["key"] == "use_other" for lang in ("en", "ja")]
    assert "Exchange" in lines[0] and "取引所" in lines[1]
