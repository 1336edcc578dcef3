"""Card art and the zoom in CPython (the browser side is tests/browser/test_table_look.py):
every game with art has a symbol for each card of its card reference, unique ids, no other host,
and a large card (card_zoom) for every reference entry, in both languages."""

from __future__ import annotations

import re

import pytest

import pygames
from pygames.ui import page
from pygames.ui.html import esc
from pygames.ui.session import game_module

GAME_IDS = list(pygames.GAME_IDS)
WITH_ART = [g for g in GAME_IDS if page.art_defs(g)]


def symbols(game_id: str) -> list[str]:
    return re.findall(r'<symbol id="([^"]+)"', page.art_defs(game_id))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_these_games_have_art(game_id):
    assert game_id in WITH_ART


@pytest.mark.parametrize("game_id", WITH_ART)
def test_art_is_one_hidden_svg_of_unique_symbols_from_no_other_host(game_id):
    defs = page.art_defs(game_id)
    assert defs.lstrip().startswith("<svg") and defs.rstrip().endswith("</svg>") and defs.count("<svg") == 1
    ids = symbols(game_id)
    assert len(ids) == len(set(ids)) and all(i.startswith(f"{game_id}-art-") for i in ids)
    assert f"{game_id}-art-back" in ids
    assert "http://" not in defs.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in defs
    assert "<image" not in defs and "<script" not in defs and "@font-face" not in defs
    assert len(defs.encode()) <= 60_000, "keep a game's art small (about 60 KB at most)"


@pytest.mark.parametrize("game_id", WITH_ART)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_reference_entry_has_a_picture_and_a_large_card(game_id, lang):
    ids = set(symbols(game_id))
    for entry in page.card_reference(game_id, lang):
        assert f"{game_id}-art-{entry['art']}" in ids, entry
        zoom = page.card_zoom_html(f"{game_id}:{entry['key']}", lang)
        assert 'data-testid="zoom-card"' in zoom and f'href="#{game_id}-art-' in zoom, entry
        assert entry["name"].split(")")[-1].strip()[:4] in zoom.replace("&amp;", "&"), entry


@pytest.mark.parametrize("game_id", WITH_ART)
def test_unknown_zoom_keys_give_nothing(game_id):
    assert page.card_zoom_html(f"{game_id}:no-such-card", "en") == ""
    assert page.card_zoom_html("no-such-game:duke", "en") == ""
    assert page.card_zoom_html(game_id, "en") == ""


def test_reference_shows_pictures_and_zoom_hooks_in_the_lobby_dialog():
    markup = page.panel_html("cards", "coup", "en", page.TableExtras(panel="cards"))
    assert markup.count('data-testid="card-ref"') == markup.count('class="card-art card-ref-art"') > 0
    assert 'data-zoom="coup:duke" tabindex="0"' in markup
    lobby = page.lobby_html("en", page.Setup.default("coup"), extras=page.TableExtras(panel="cards"))
    assert lobby.count('<svg class="art-defs"') == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_card_zoom_escapes_nothing_it_should_not_and_is_in_both_languages(game_id):
    render = game_module(game_id, "render")
    for entry in page.card_reference(game_id, "en"):
        en, ja = render.card_zoom(entry["key"], "en"), render.card_zoom(entry["key"], "ja")
        assert en != ja and esc(entry["name"]) in en, entry  # the card in each language, its name escaped


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_screen_carries_its_art_sheet_once_or_leaves_it_to_the_page(game_id):
    from pygames.ui.app import App, MemoryStorage
    for apart in (False, True):
        app = App(MemoryStorage(), seed=lambda: 3, art_apart=apart)
        assert app.art_game() is None  # the lobby shows no card pictures
        app.action("select-game", game_id)
        app.action("panel", "cards")
        assert app.art_game() == game_id  # the card reference over the lobby uses them
        app.action("close-panel")
        app.action("start")
        assert app.art_game() == game_id
        table = app.render()
        # in the browser the sheet stays outside the redrawn screen (site/main.py keep_art_sheet)
        assert table.count('<svg class="art-defs"') == (0 if apart else 1), (game_id, apart)
        used = set(re.findall(r'<use href="#([^"]+)"', table))
        assert used and used <= set(symbols(game_id)), game_id
