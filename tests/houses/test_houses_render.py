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
    assert 'data-anim-id="card-0-V06"' in knelt_group and "houses-knelt" in knelt_group
    assert 'data-anim-id="card-0-V05"' in standing_group
    assert re.search(r'aria-label="military"', html) and re.search(r'aria-label="intrigue"', html)
    assert "houses-track" in html and "0/15" in html
    assert placed == {"plot:P2"}  # the plot is a place on the board, clickable
    html, placed = render.board(GAME.view(s, 0), 0, "ja", ["A", "B"], {f"card:{uid(s, 1, 'R04')}": "x"})
    assert placed == {f"card:{uid(s, 1, 'R04')}"} and 'data-testid="choice"' in html


# ---------------------------------------------------------------- art, zoom, motion markers (issue 16)
def _symbols_used(markup: str) -> set[str]:
    return set(re.findall(r'href="#houses-art-([\w-]+)"', markup))


def test_HOU_R7_card_zoom_shows_picture_name_cost_and_full_text_for_every_key():
    from pygames.games.houses import art
    keys = render.zoom_keys()
    assert set(CARDS) | set(PLOTS) | set(AGENDAS) == set(keys)
    for key in keys:
        for lang in ("en", "ja"):
            big = render.card_zoom(key, lang)
            assert _symbols_used(big) and _symbols_used(big) <= set(art.names()), key
            if key in CARDS:
                assert esc_in(text.card_name(key, lang), big) and esc_in(text.card_text(key, lang), big)
                assert f"<b>{CARDS[key]['cost']}</b>" in big
                if CARDS[key]["type"] == "character":
                    assert f"<b>{CARDS[key]['str']}</b>" in big
            elif key in PLOTS:
                assert esc_in(text.plot_name(key, lang), big) and esc_in(text.plot_text(key, lang), big)
            else:
                assert esc_in(text.agenda_name(key, lang), big) and esc_in(text.agenda_text(key, lang), big)
    assert "Stealth" in render.card_zoom("O02", "en") and "隠密" in render.card_zoom("O02", "ja")


def esc_in(plain: str, markup: str) -> bool:
    from pygames.ui.html import esc
    return esc(plain) in markup


def test_HOU_R8_every_card_kind_has_its_own_picture_and_the_art_is_small():
    from pygames.games.houses import art
    pictures = {cid: art.picture(cid) for cid in CARDS}
    assert set(pictures.values()) >= {"char-warrior", "char-spy", "char-noble", "loc-keep", "loc-market",
                                      "loc-tower", "att-blade", "att-banner", "ev-scroll", "ev-bolt"}
    names = set(art.names())
    assert {f"crest-{h}" for h in ("vorhelm", "miravelle", "ombrine", "solmere", "neutral")} <= names
    assert {f"plot-{p}" for p in PLOTS} <= names and {f"agenda-{a}" for a in AGENDAS} <= names
    assert "back" in names
    defs = art.defs()
    assert len(defs.encode()) <= 60_000
    assert defs.count("<symbol ") == len(names) and "style=" not in defs  # the CSP refuses inline styles


def test_HOU_R9_board_art_zoom_and_anim_markers_on_real_positions():
    from pygames.games.houses import art
    names_all = set(art.names())
    count = 0
    for state in positions(3, [7], every=5, options={"agendas": True}):
        seat = GAME.current_player(state)
        seat = 0 if seat is None else seat
        view = GAME.view(state, seat)
        picker = Picker(GAME.legal_actions(state), view, render.action_steps) if not GAME.is_over(state) else None
        choices = {k: k for k in picker.options()} if picker else {}
        for lang in ("en", "ja"):
            html, placed = render.board(view, seat, lang, ["A", "B", "C"], choices)
            assert 'class="art-defs"' not in html  # the screen carries the sheet (page.screen_art)
            assert _symbols_used(html) <= names_all
            anim = re.findall(r'data-anim-id="([^"]+)"', html)
            assert len(anim) == len(set(anim)), "anim ids are unique on a board"
            # every card face is zoomable and reachable by keyboard, exactly once focusable
            for tag in re.findall(r"<div [^>]*houses-(?:card|plot)\b[^>]*>", html):
                if "houses-facedown" in tag:
                    continue
                assert "data-zoom=\"houses:" in tag and tag.count("tabindex=") == 1, tag
            for key in re.findall(r'data-zoom="houses:([^"]+)"', html):
                assert key in render.zoom_keys()
        count += 1
    assert count > 20


def test_HOU_R10_last_moves_of_the_others_are_marked_until_you_act():
    from houses_helpers import act, game
    s = game(in_play=[[], []], hands=[["V05"], ["R05"]], gold=[5, 5], plots=[["P1"], ["P1"]])
    while GAME.current_player(s) is not None and GAME.view(s, 0)["stage"] != "marshal":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    mover = GAME.current_player(s)
    other = 1 - mover
    hand = {0: "V05", 1: "R05"}[mover]
    s = act(s, "marshal", card=hand)
    html, _ = render.board(GAME.view(s, other), other, "en", ["A", "B"], {})
    marked = re.findall(r'<[^>]*data-last-move="1"[^>]*>', html)
    assert len(marked) == 1 and f'data-anim-id="card-{mover}-{hand}"' in marked[0]
    said = html.split('class="houses-lastmove"', 1)[1].split("</div>", 1)[0]
    assert text.card_name(hand, "en") in said  # the move in words, on the mover's panel
    # the mover's own view marks nothing of its own
    html, _ = render.board(GAME.view(s, mover), mover, "en", ["A", "B"], {})
    assert 'data-last-move' not in html


def test_HOU_R11_every_card_reference_entry_names_its_zoomed_card():
    for lang in ("en", "ja"):
        ref = text.card_reference(lang)
        assert [e["zoom"] for e in ref] == [f"houses:{k}" for k in render.zoom_keys()]


def _in_play_and_in_hand(cid: str, n: int, lang: str) -> tuple[str, str]:
    """The HTML of seat 0's copy of ``cid`` in play and of its copy in hand, in an ``n``-player game."""
    from houses_helpers import game
    s = game(n, in_play=[[cid]] + [[]] * (n - 1), hands=[[cid]] + [[]] * (n - 1))
    html, _ = render.board(GAME.view(s, 0), 0, lang, ["A", "B", "C", "D"][:n], {})
    # anim ids count a seat's copies of a card: the one in play first, then the hand's
    card = html.split(f'data-anim-id="card-0-{cid}"', 1)[1].split('data-anim-id=', 1)[0]
    hand = html.split(f'data-anim-id="card-0-{cid}-2"', 1)[1].split('data-anim-id=', 1)[0]
    return card, hand


def test_HOU_R12_a_rivalry_line_on_the_hand_card_and_the_gained_icon_in_play():
    insight = '<span class="houses-chip" title="Insight: after a challenge won by its side, draw 1 card">Insight</span>'
    card, hand = _in_play_and_in_hand("O04", 4, "en")   # four players: the power icon
    assert 'aria-label="power"' in card and insight not in card
    assert "3p: +Insight" in hand and "4p: +power" in hand   # the hand card prints both counts' lines
    card, hand = _in_play_and_in_hand("O04", 3, "en")   # three players: Insight
    assert 'aria-label="power"' not in card and insight in card
    card, hand = _in_play_and_in_hand("O04", 2, "en")
    assert 'aria-label="power"' not in card and insight not in card   # printed lines, not in force
    assert "3p: +Insight" in hand and "4p: +power" in hand
    hand = _in_play_and_in_hand("O04", 3, "ja")[1]
    assert "3人：+洞察" in hand and "4人：+政治" in hand
    assert 'title="洞察：参加した側が攻撃に勝つと、カードを1枚引く"' in hand   # the keyword's rule on hover


def test_HOU_R13_a_line_that_loses_a_keyword_on_the_hand_card_and_in_play():
    renown = ('<span class="houses-chip" title="Renown: after a challenge won by its side, put 1 power on it">'
              'Renown</span>')
    card, hand = _in_play_and_in_hand("D07", 4, "en")   # four players: no Renown in play
    assert renown not in card
    assert renown in hand and "4p: −Renown" in hand   # the hand card: printed Renown and its line
    for n in (2, 3):
        assert renown in _in_play_and_in_hand("D07", n, "en")[0]
    assert "4人：−名声" in _in_play_and_in_hand("D07", 4, "ja")[1]


def test_HOU_R14_the_rules_summary_says_a_rivalry_line_may_gain_or_lose():
    assert "gain an icon or a keyword, or lose a keyword, by its Rivalry line" in text.RULES_SUMMARY["en"]
    assert "アイコンやキーワードを得る、またはキーワードを失う" in text.RULES_SUMMARY["ja"]


def test_the_challenge_box_starts_with_a_capital():
    """The box over the table during a challenge begins with its kind: "Intrigue: A → B", not the
    lower case the kind takes inside sentences."""
    for state in positions(3, [1, 2], every=1):
        view = GAME.view(state, 0)
        if view.get("ch"):
            box = render._challenge_box(view, "en", ["A", "B", "C"])
            kind = text.kind_name(view["ch"]["kind"], "en")
            assert f"<b>{kind.capitalize()}</b>: " in box, box
            ja = render._challenge_box(view, "ja", ["A", "B", "C"])
            assert f"<b>{text.kind_name(view['ch']['kind'], 'ja')}</b>：" in ja
            return
    raise AssertionError("no challenge in these games")
