"""The table's prompts and keyboard readouts (issue 38): every step of a move of several clicks
says what to pick; Great Houses' last attacker or defender waits for the confirm; the readouts
come from the seat's view; a reload reopens the open table; deleting a saved game asks first."""

from __future__ import annotations

import random

import pytest

from pygames import GAME_IDS, get_game
from pygames.games.houses import render as houses_render
from pygames.ui.app import App, MemoryStorage
from pygames.ui.page import table_html
from pygames.ui.picker import game_picker
from pygames.ui.readout import COMMANDS, help_html, plain
from pygames.ui.session import game_module


def test_houses_last_attacker_or_defender_waits_for_the_confirm():
    game = get_game("houses")
    confirms = 0
    for seed in range(6):
        state, rng = game.new_game(2, seed), random.Random(seed)
        while not game.is_over(state):
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            view = game.view(state, seat)
            picker = game_picker(legal, view, houses_render)
            for action, path in zip(legal, picker.paths):
                if action["type"] in ("attacker", "defender"):
                    after = game.apply(state, action)
                    closes = after["stage"] != state["stage"] or after.get("ch") is None
                    # a pick that ends the choice in the rules asks for the confirm first
                    assert (path[-1:] == ("done",)) == closes, (action, path)
                    confirms += closes
                    if closes:
                        picker.prefix = list(path[:1])
                        prompt = houses_render.step_prompt(view, tuple(picker.prefix), "en", ["A", "B"])
                        assert prompt and "confirm" in prompt
                        assert picker.options() == ["done"]
                        picker.prefix = []
            state = game.apply(state, rng.choice(legal))
    assert confirms > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_started_move_has_its_own_prompt(game_id):
    game = get_game(game_id)
    render = game_module(game_id, "render")
    players = 3 if game_id == "oriflamme" else 2
    state, rng = game.new_game(players, 5), random.Random(5)
    names = ["A", "B", "C"][:players]
    for _ in range(400):
        if game.is_over(state):
            break
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        view = game.view(state, seat)
        picker = game_picker(legal, view, render)
        first = render.prompt(view, seat, "en", names)
        for key in picker.options():
            picker.prefix = [key]
            if picker.options():  # a move of several clicks: the prompt says what to pick now
                for lang in ("en", "ja"):
                    text = render.step_prompt(view, (key,), lang, names)
                    assert text and plain(text) != plain(first), (game_id, key, text)
            picker.prefix = []
        state = game.apply(state, rng.choice(legal))


def test_reload_reopens_the_open_table_and_delete_asks_first():
    storage = MemoryStorage()
    app = App(storage)
    app.action("select-game", "coup")
    app.action("start")
    save_id = app.save_id
    again = App(storage)
    assert again.screen == "table" and again.save_id == save_id
    again.action("lobby")
    assert App(storage).screen == "lobby"  # a reload in the lobby stays there
    again.action("discard-ask", save_id)
    markup = again.render()
    assert 'data-testid="delete-confirm"' in markup and save_id in again.save_ids()
    again.action("discard-cancel", save_id)
    assert 'data-testid="delete-confirm"' not in again.render() and save_id in again.save_ids()
    again.action("discard-ask", save_id)
    again.action("discard", save_id)
    assert save_id not in again.save_ids()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_readouts_speak_of_the_view_in_both_languages(game_id):
    storage = MemoryStorage()
    app = App(storage)
    app.action("select-game", game_id)
    app.action("start")
    assert app.session is not None
    markup = table_html(app.session, app.lang, app.names())
    assert markup
    for _key, what in COMMANDS:
        for lang in ("en", "ja"):
            app.lang = lang
            text = app.readout(what, "Your turn", ["Pass"])
            assert text and "<" not in text, (what, text)
    app.lang = "en"
    assert "Choices: 1 Pass." in app.readout("turn", "Your turn", ["Pass"])
    assert "read your hand" in help_html("en")
