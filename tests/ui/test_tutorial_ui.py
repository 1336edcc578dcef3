"""The lesson at the App level (no browser): "Learn to play" only for games with a finished lesson,
the lesson played through the App's hooks (Next, the scripted bots, the asked clicks), another
move answered and not played, the step reached saved and resumed, play on, no record exported."""

from __future__ import annotations

import pytest
from app_play import bot_move

from pygames.core.tutorial import TUTORIAL_GAMES
from pygames.ui.app import App, MemoryStorage
from pygames.ui.tutorial_ui import KEY_PREFIX


def play_until(app: App, stop: int | None = None) -> None:
    run = app.tutorial
    assert run is not None
    while not run.finished() and (stop is None or run.step < stop):
        step = run.current()
        if step.kind == "read":
            assert 'data-testid="tutorial-next"' in app.render()
            app.action("tutorial-next")
        elif step.kind == "bot":
            assert app.bot_to_move()
            bot_move(app)
        else:
            assert not app.bot_to_move()
            key = run.hint_key(app.session)
            assert key is not None and 'data-hint="true"' in app.render()
            app.choose(key)


def test_learn_is_offered_only_for_finished_lessons():
    app = App(storage=MemoryStorage())
    for game_id in ("oriflamme", "tournay", "coup", "koryo", "houses"):
        app.action("select-game", game_id)
        assert ('data-action="learn"' in app.render()) == (game_id in TUTORIAL_GAMES)
        app.action("panel", "rules")
        assert ('data-action="learn"' in app.render()) == (game_id in TUTORIAL_GAMES)
        app.action("close-panel")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lesson_plays_through_the_app(lang):
    storage = MemoryStorage()
    app = App(storage=storage)
    app.change("lang", lang)
    app.action("select-game", "coup")
    app.action("learn", "coup")
    assert 'data-testid="tutorial"' in app.render() and 'data-action="export"' not in app.render()
    play_until(app)
    assert app.session.is_over() and app.session.winners() == [0]
    assert KEY_PREFIX + "coup" not in storage.data  # finished: the next lesson starts afresh
    html = app.render()
    assert 'data-kind="done"' in html and 'data-action="export"' not in html
    with pytest.raises(ValueError):
        app.export_record()


def test_another_move_is_answered_and_not_played():
    app = App(storage=MemoryStorage())
    app.action("learn", "coup")
    play_until(app, stop=3)  # the first move asked: Income
    run = app.tutorial
    key = run.hint_key(app.session)
    other = next(k for k in app.session.picker().options() if k != key)
    assert app.choose(other) is None
    assert run.wrong and run.step == 3 and app.session.actions == []
    assert 'data-testid="tutorial-wrong"' in app.render()
    app.choose(key)
    assert run.step == 4 and not run.wrong


def test_leave_resume_restart_and_play_on():
    storage = MemoryStorage()
    app = App(storage=storage)
    app.action("learn", "coup")
    play_until(app, stop=12)
    state = app.session.state
    app.action("lobby")
    assert storage.get(KEY_PREFIX + "coup") == "12"
    app.action("select-game", "coup")
    assert "Resume lesson (step 13 of" in app.render()
    app.action("learn", "coup")
    assert app.tutorial.step == 12 and app.session.state == state
    app.action("tutorial-restart")
    assert app.tutorial.step == 0 and storage.get(KEY_PREFIX + "coup") is None
    play_until(app, stop=5)
    app.action("tutorial-play-on")
    assert app.tutorial is None and app.bot_to_move()  # the table's own bots play from here
    while app.bot_to_move():
        bot_move(app)
    assert app.save_ids() == []  # a lesson's deal has no record: the game played on is not saved


def test_a_note_read_while_a_bot_is_to_move_waits_for_the_player():
    """Koryo's round 8 opens with the bot to play and a note to read first: the page waits for the
    player's "Next" (phase "human", no bot move) and the bot answers after it."""
    app = App(storage=MemoryStorage())
    app.action("select-game", "koryo")
    app.action("learn", "koryo")
    run = app.tutorial
    assert run is not None
    index = next(i for i, s in enumerate(run.tutorial.steps) if s.note == "round8")
    play_until(app, stop=index)
    assert app.session.bot_turn() and run.current().kind == "read"
    assert app.phase() == "human" and not app.bot_to_move()
    app.action("tutorial-next")
    assert app.phase() == "bot" and app.bot_to_move()
    play_until(app)
    assert app.session.is_over() and app.session.winners() == [0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tournay_lesson_points_at_what_is_on_its_table(lang):
    """Tournay's lesson through the App: every note's anchor (but the shell's prompt) is an element of
    the table at its step (``data-anchor``), and the lesson ends with the player's win."""
    app = App(storage=MemoryStorage())
    app.change("lang", lang)
    app.action("select-game", "tournay")
    app.action("learn", "tournay")
    run = app.tutorial
    assert run is not None
    while not run.finished():
        step = run.current()
        if step.anchor != "prompt":
            # once on the note itself, once (at least) on the table
            assert app.render().count(f'data-anchor="{step.anchor}"') >= 2, \
                f"step {run.step}: {step.anchor} is not on the table"
        play_until(app, stop=run.step + 1)
    assert app.session.is_over() and app.session.winners() == [0]
