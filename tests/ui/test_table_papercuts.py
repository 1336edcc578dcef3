"""Small things at the table, through ``App`` as the browser drives it (issue "Papercuts at the
table"): two-card choices in either order, a started move shown on the board, the table passing by
itself when "pass" is a human's only choice, and saved-game dates in the player's own zone and format."""

from __future__ import annotations

import json

import pytest

from pygames.ui.app import App, MemoryStorage
from pygames.ui.session import TableSession
from test_ui_page import check_markup, check_table, make_app


def opened(session: TableSession) -> App:
    """An app with ``session`` at the table (imported like a record file)."""
    app = make_app()
    assert app.import_record(json.dumps(session.record()))
    assert app.screen == "table"
    return app


# ------------------------------------------------------------------ two-card choices (Koryo)
KORYO_SHIP = {"first_player": 1, "no_shuffle": True, "tables": [[], [5], []], "hands": [[3], [9, 9, 4, 10], [3]]}


@pytest.mark.parametrize("clicks", [["hand:4", "pair:4:9"], ["hand:9", "pair:9:4"]])
def test_ship_owner_pair_in_either_order(clicks):
    app = opened(TableSession("koryo", 3, 1, KORYO_SHIP, ["random", "human", "random"]))
    assert app.phase() == "human"
    assert app.choose(clicks[0]) is None
    markup = check_table(app)
    assert markup.find(data_choice=clicks[1]), "the second card is offered on the board"
    assert app.choose(clicks[1]) == {"type": "play2", "kinds": [4, 9]}


@pytest.mark.parametrize("clicks", [["swapa:0:9", "swapb:0:9:2:4"], ["swapa:2:4", "swapb:2:4:0:9"]])
def test_lobbying_swap_in_either_order(clicks):
    options = {"first_player": 0, "no_shuffle": True, "tables": [[9], [3, 8], [4]], "hands": [[11], [5], [5]]}
    session = TableSession("koryo", 3, 7, options, ["human", "random", "random"])
    for action in ({"type": "play", "kind": 11, "count": 1}, {"type": "play", "kind": 5, "count": 1},
                   {"type": "play", "kind": 5, "count": 1}):
        session.apply(action)
    app = opened(session)
    assert app.phase() == "human"
    assert app.choose(clicks[0]) is None
    check_table(app)
    assert app.choose(clicks[1]) == {"type": "swap", "a": 0, "ka": 9, "b": 2, "kb": 4}


def test_hint_follows_either_order():
    app = opened(TableSession("koryo", 3, 1, KORYO_SHIP, ["random", "human", "random"]))
    app.hint = {"action": {"type": "play2", "kinds": [4, 9]}, "top": []}
    assert app.hint_first_key() == "hand:4"
    app.choose("hand:9")  # the other card first: the hint follows that order
    assert app.hint_first_key() == "pair:9:4"


# ------------------------------------------------------------------ a started move on the board
def test_started_move_is_shown_on_the_board_and_named(game_id):
    """Every game: after the first click of a longer move the status of the move is on screen
    ("Chosen: …", data-testid="picked"); the board gets the clicks as ``picked``."""
    seen = 0
    for seed in range(1, 40):
        n = session_players(game_id)
        session = TableSession(game_id, n, seed, {}, ["human"] + ["random"] * (n - 1))
        for _ in range(60):
            if session.is_over():
                break
            if session.bot_turn():
                session.play_bot_turn()
                continue
            picker = session.picker()
            if picker is None:
                session.apply(session.game.legal_actions(session.state)[0])
                continue
            first = next((k for k in picker.options() if picker_depth_after(picker, k) > 0), None)
            if first is None:
                session.apply(session.game.legal_actions(session.state)[0])
                continue
            app = opened(session)
            app.choose(first)
            markup = check_markup(app.render())
            picked = markup.one(data_testid="picked")
            label = session.render.step_label(first, session.view(), "en")
            assert label in "".join(picked.text)
            seen += 1
            break
        if seen:
            break
    assert seen or game_id == "fixture", f"no move of two clicks found in {game_id}"


def session_players(game_id: str) -> int:
    from pygames import get_game
    return get_game(game_id).min_players


def picker_depth_after(picker, key: str) -> int:
    """How many clicks remain after ``key`` on some path (0: the key completes a move)."""
    return max((len(path) - 1 for path, _ in picker.routes if path[0] == key), default=0)
