"""The game at a table session: a human seat clicking choices (as the browser does) and bots, to the end."""

from __future__ import annotations

import random

from pygames.games.oriflamme import render
from pygames.ui.session import TableSession


def test_a_human_clicking_choices_plays_a_whole_game():
    session = TableSession("oriflamme", 3, 21, {}, ["human", "normal", "random"])
    rng = random.Random(2)
    clicks = 0
    while not session.is_over():
        if session.bot_turn():
            session.play_bot_turn()
            continue
        picker = session.picker()
        options = picker.options()
        view = session.view()
        markup, placed = render.board(view, session.viewer(), "en", ["Me", "B", "C"], {k: k for k in options})
        for key in options:
            assert key in placed or render.step_label(key, view, "en")
        session.click(options[rng.randrange(len(options))])
        clicks += 1
    assert clicks >= 6
    assert render.game_over(session.game.view(session.state, 0), "en", ["Me", "B", "C"])
    again = TableSession.from_record(session.record())
    assert again.state == session.state
