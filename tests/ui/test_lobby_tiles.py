"""The lobby tiles (box art, players, playing time, one line about the game) and the saved
games' progress, in CPython; and the lobby that build.py pre-renders into index.html."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from app_play import bot_move

import pygames
from pygames.ui import page
from pygames.ui.app import KEY_LANG, KEY_LOBBY_SAVES, App, MemoryStorage
from pygames.ui.i18n import GAME_MINUTES, LANGS, game_description, pick_lang
from tools import BuildError
from tools.site import LOBBY_MARKER, PACKAGE, SITE, prerender_lobby

from ui_markup import Markup

SVG = "{http://www.w3.org/2000/svg}"
ART_BYTES = 4000


@pytest.mark.parametrize("lang", LANGS)
def test_every_tile_shows_art_players_time_and_a_line(lang):
    markup = Markup(App(MemoryStorage({KEY_LANG: lang})).render())
    assert not markup.errors, markup.errors[:5]
    tiles = {e.get("data-game"): e for e in markup.find(data_game=True)}
    assert list(tiles) == list(pygames.GAMES)
    for game_id, game in pygames.GAMES.items():
        tile = tiles[game_id]
        art = [c for c in tile.children if c.get("class") == "game-card-art"]
        assert art and art[0].children and art[0].children[0].tag == "svg", f"{game_id}: no picture"
        text = tile.all_text()
        assert game.title[lang] in text
        assert page.players_text(game, lang) in text
        assert game_id in GAME_MINUTES and page.playing_time_text(game, lang) in text
        line = game_description(game, lang)
        assert line and line in text
        assert tile.get("data-starting"), "boot.js needs the 'starting' label on the tile"


def test_box_art_is_small_original_svg_with_no_text_ids_or_links():
    """Each picture is our own SVG file: small, no text (both languages share it), no ids (it
    appears in several places of one page), nothing fetched from anywhere."""
    for game_id in pygames.GAMES:
        path = PACKAGE / "games" / game_id / "box.svg"
        data = path.read_bytes()
        assert len(data) <= ART_BYTES, f"{game_id}: {len(data)} bytes"
        root = ET.fromstring(data)
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 200 110"
        tags = {element.tag.removeprefix(SVG) for element in root.iter()}
        assert not tags & {"text", "image", "use", "script", "foreignObject", "style"}, (game_id, tags)
        assert not [e for e in root.iter() if e.get("id")], game_id
        assert "href" not in data.decode() and "url(" not in data.decode(), game_id
        inline = page.box_art(game_id)
        assert inline.startswith("<svg ") and "xmlns" not in inline and 'aria-hidden="true"' in inline


def test_saved_games_say_which_game_and_how_far():
    storage = MemoryStorage()
    app = App(storage, seed=lambda: 7)
    game_id = "coup"
    app.action("select-game", game_id)
    app.action("start")
    while app.bot_to_move():  # the bots' moves up to the human's decision
        bot_move(app)
    session = app.session
    app.choose(next(iter(session.picker().options())))
    app.action("lobby")
    saves = app.saved_games()
    assert saves and saves[0].game_id == game_id
    assert saves[0].round == session.state["round"] and saves[0].moves == len(session.actions)
    markup = Markup(app.render())
    item = markup.one(data_testid="save-item")
    text = item.all_text()
    assert pygames.get_game(game_id).title["en"] in text
    assert f"round {saves[0].round}" in text and f"moves played: {saves[0].moves}" in text
    assert [c for c in item.children if c.get("class") == "save-art"][0].children[0].tag == "svg"


def test_language_choice_stored_first_then_browser_then_english():
    assert pick_lang("ja", ["en-US"]) == "ja"
    assert pick_lang(None, ["fr-FR", "ja-JP", "en"]) == "ja"
    assert pick_lang("xx", ["de", "fr"]) == "en"
    assert pick_lang(None, []) == "en"
    assert App(MemoryStorage(), preferred_langs=["ja"]).lang == "ja"
    assert App(MemoryStorage({KEY_LANG: "en"}), preferred_langs=["ja"]).lang == "en"


def test_index_html_holds_the_live_lobby_in_every_language():
    """build.py writes into index.html exactly what the page renders for a first visit, once per
    language, each screen marked with its language (style.css shows the one <html lang> names)."""
    html = prerender_lobby((SITE / "index.html").read_text(encoding="utf-8"))
    assert LOBBY_MARKER not in html
    for lang in LANGS:
        live = App(MemoryStorage({KEY_LANG: lang})).render()
        assert html.count(live) == 1
        assert live.startswith(f'<div class="screen lobby-screen" lang="{lang}">')
        assert re.findall(r'data-game="([^"]+)"', live) == list(pygames.GAMES)
    app_div = re.search(r'<div id="app" data-phase="loading">(.*?)</div>\s*<div id="loading"', html, re.S)
    assert app_div and app_div.group(1) == "".join(App(MemoryStorage({KEY_LANG: lang})).render() for lang in LANGS)


def test_prerender_needs_its_marker():
    with pytest.raises(BuildError):
        prerender_lobby("<html><body><div id='app'></div></body></html>")


def test_the_saves_list_is_kept_for_the_next_first_paint():
    """The lobby keeps its saves list's markup (site/boot.js puts it into the pre-rendered lobby),
    exactly as the live lobby shows it, and drops it when the last save goes."""
    storage = MemoryStorage()
    app = App(storage, seed=lambda: 3)
    app.render()
    assert json.loads(storage.get(KEY_LOBBY_SAVES)) == {"lang": "en", "html": ""}
    app.action("select-game", "coup")
    app.action("start")
    app.action("lobby")
    lobby = app.render()
    kept = json.loads(storage.get(KEY_LOBBY_SAVES))
    assert kept["lang"] == "en" and 'data-testid="save-item"' in kept["html"]
    assert kept["html"] in lobby and lobby.index(kept["html"]) < lobby.index('<p class="tagline">')
    app.change("lang", "ja")
    assert json.loads(storage.get(KEY_LOBBY_SAVES))["lang"] == "en"  # until the lobby is shown again
    app.render()
    assert json.loads(storage.get(KEY_LOBBY_SAVES))["lang"] == "ja"
    app.action("discard", app.save_ids()[0])
    assert json.loads(storage.get(KEY_LOBBY_SAVES))["html"] == ""
