"""The lesson at the App level (no browser): "Learn to play" on the tile and in the rules dialog of
each game with a finished lesson (and nowhere else), the lesson played through the App's hooks
(Next, the scripted bots, the asked clicks), "Step n of m" counting the player's steps, every note's
anchor on the table at its step, a bot's note waiting for Next, another move answered and not
played, the step reached saved and resumed, restart, play on, no record exported."""

from __future__ import annotations

import re

import pytest
from app_play import bot_move

import pygames
from pygames.core.tutorial import TUTORIAL_GAMES, get_tutorial
from pygames.ui.app import App, MemoryStorage
from pygames.ui.tutorial_ui import KEY_PREFIX, step_count, step_number

from ui_markup import Markup

PROGRESS = re.compile(r'data-testid="tutorial-progress">Step (\d+) of (\d+)<')


def play_until(app: App, stop: int | None = None, seen: list | None = None) -> None:
    """Play the lesson as the player would (Next, the asked clicks, the bots' answers) until its end
    or script index ``stop``; ``seen`` collects (step, kind, markup) at each moment the player is
    shown something to read or do."""
    run = app.tutorial
    assert run is not None
    while not run.finished() and (stop is None or run.step < stop):
        kind = run.kind()
        if kind == "bot":
            assert app.bot_to_move() and app.phase() == "bot"
            bot_move(app)
            continue
        html = app.render()
        assert not app.bot_to_move() and app.phase() in ("human", "over"), "the page must wait for the player"
        if seen is not None and (not seen or seen[-1][0] != run.step):  # a move of two clicks: once
            seen.append((run.step, kind, html))
        if kind == "read":
            assert 'data-testid="tutorial-next"' in html
            app.action("tutorial-next")
        else:
            key = run.hint_key(app.session)
            assert key is not None and 'data-hint="true"' in html
            app.choose(key)


def tiles(html: str) -> dict:
    markup = Markup(html)
    assert not markup.errors, markup.errors[:5]
    return {e.get("data-game"): e for e in markup.find(data_game=True)}


def in_dialog(html: str) -> list:
    """The "Learn to play" buttons of the open dialog."""
    markup = Markup(html)
    dialog = markup.find(data_testid="panel")[0]
    return [e for e in markup.find(data_action="learn") if any(a is dialog for a in e.ancestors())]


def test_learn_is_on_the_tiles_of_games_with_a_lesson_and_in_their_rules():
    app = App(storage=MemoryStorage())
    found = tiles(app.render())
    assert list(found) == list(pygames.GAMES)
    for game_id, tile in found.items():
        wrapper = tile.parent
        learn = [c for c in wrapper.children if c.get("class") == "game-card-learn"]
        assert bool(learn) == (game_id in TUTORIAL_GAMES), game_id
        assert 'data-action="learn"' not in str(tile.all_text())
        # beside the tile's button, never inside it (no nested controls)
        assert not [e for e in tile.children if e.tag in ("button", "a", "input", "select")]
        if learn:
            button = learn[0].children[0]
            assert button.get("data-value") == game_id and button.get("data-testid") == "learn"
            assert pygames.GAMES[game_id].title["en"] in button.all_text()  # its name, said to screen readers
    for game_id in pygames.GAMES:
        app.action("select-game", game_id)
        app.action("panel", "rules")
        learns = in_dialog(app.render())
        assert bool(learns) == (game_id in TUTORIAL_GAMES), game_id
        app.action("close-panel")


def test_the_rules_dialog_at_a_table_offers_its_lesson():
    app = App(storage=MemoryStorage())
    app.action("select-game", "koryo")
    app.action("start")
    app.action("panel", "rules")
    assert 'data-action="learn" data-value="koryo"' in app.render()
    app.action("learn", "koryo")
    assert app.tutorial is not None and app.tutorial.step == 0
    app.action("panel", "rules")
    assert 'data-action="learn"' not in app.render()  # in the lesson already


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


@pytest.mark.parametrize("game_id", TUTORIAL_GAMES)
def test_progress_counts_the_players_steps(game_id):
    """"Step n of m": n goes 1, 2, 3 ... at each note read or move made, never for a bot's silent
    answer, and ends at m, the number of moments the player reads or acts at."""
    app = App(storage=MemoryStorage())
    app.action("learn", game_id)
    seen: list = []
    play_until(app, seen=seen)
    numbers = []
    for _step, _kind, html in seen:
        n, m = map(int, PROGRESS.search(html).groups())
        numbers.append(n)
        assert m == step_count(get_tutorial(game_id))
    assert numbers == list(range(1, len(seen) + 1)), numbers
    assert numbers[-1] == step_count(get_tutorial(game_id))


def anchored(markup: Markup, anchor: str) -> bool:
    if anchor.startswith("choice:"):
        return bool(markup.find(data_choice=anchor.removeprefix("choice:")))
    return any(e.get("data-testid") != "tutorial" for e in markup.find(data_anchor=anchor))


@pytest.mark.parametrize("game_id", TUTORIAL_GAMES)
def test_every_note_has_its_anchor_on_the_table(game_id):
    """The element each note talks about is on the table at its step (data-anchor; a choice by its
    key), or the page would fall back to the prompt and the note would point at the wrong thing.
    The lesson is looked at after each bot's answer too (its note shows while the bot moves)."""
    for lang in ("en", "ja"):
        app = App(storage=MemoryStorage())
        app.change("lang", lang)
        app.action("learn", game_id)
        run = app.tutorial
        assert run is not None
        while not run.finished():
            markup = Markup(app.render())
            assert not markup.errors, markup.errors[:3]
            note = markup.find(data_testid="tutorial")[0]
            anchor = run.current().anchor
            assert note.get("data-note-for") == anchor
            assert anchored(markup, anchor), f"{game_id} {lang} step {run.step}: no element for {anchor!r}"
            if run.kind() == "bot":
                bot_move(app)
            elif run.kind() == "read":
                app.action("tutorial-next")
            else:
                app.choose(run.hint_key(app.session))


def test_a_bots_answer_with_a_note_is_played_then_its_note_waits():
    """Coup's Bot 2 asks for Foreign Aid with a note: the move is played at the bot's turn, then the
    note stays ("Next") until read; the next bot waits for it."""
    storage = MemoryStorage()
    app = App(storage=storage)
    app.action("learn", "coup")
    run = app.tutorial
    index = next(i for i, s in enumerate(run.tutorial.steps) if s.note == "foreign_aid")
    play_until(app, stop=index)
    assert run.kind() == "bot" and app.bot_to_move()
    bot_move(app)
    assert run.step == index and run.told and run.kind() == "read"
    assert not app.bot_to_move() and app.phase() == "human"
    assert app.session.actions[-1] == {"type": "foreign_aid"}
    assert storage.get(KEY_PREFIX + "coup") == f"{index}+"
    # leave and resume: the same note, the move already played
    state = app.session.state
    app.action("lobby")
    app.action("learn", "coup")
    assert app.tutorial.step == index and app.tutorial.told and app.session.state == state
    app.action("tutorial-next")
    assert app.tutorial.step == index + 1 and app.bot_to_move()


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


@pytest.mark.parametrize("where", ["tile", "rules"])
def test_leave_resume_restart_and_play_on(where):
    storage = MemoryStorage()
    app = App(storage=storage)
    app.action("learn", "coup")
    play_until(app, stop=12)
    state = app.session.state
    app.action("lobby")
    assert storage.get(KEY_PREFIX + "coup") == "12"
    n = step_number(get_tutorial("coup"), 12)  # the resume label counts as the note does
    if where == "tile":
        learn = Markup(app.render()).find(data_action="learn", data_value="coup")
    else:
        app.action("select-game", "coup")
        app.action("panel", "rules")
        learn = in_dialog(app.render())
    assert learn and f"Resume lesson (step {n} of" in learn[0].all_text()
    app.action("learn", "coup")
    assert app.tutorial.step == 12 and app.session.state == state and app.panel is None
    assert f"Step {n} of" in app.render()
    app.action("tutorial-restart")
    assert app.tutorial.step == 0 and storage.get(KEY_PREFIX + "coup") is None
    play_until(app, stop=5)
    app.action("tutorial-play-on")
    assert app.tutorial is None and app.bot_to_move()  # the table's own bots play from here
    assert storage.get(KEY_PREFIX + "coup") is None
    while app.bot_to_move():
        bot_move(app)
    assert app.save_ids() == []  # a lesson's deal has no record: the game played on is not saved
    app.action("lobby")
    assert "Learn to play" in Markup(app.render()).find(data_action="learn", data_value="coup")[0].all_text()


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
@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_every_note_points_at_what_is_on_its_table(game, lang):
    """Every lesson through the App: each note's anchor is an element of the table at its step
    (``data-anchor``; the note names it in ``data-note-for``), and the lesson ends with the player's win."""
    app = App(storage=MemoryStorage())
    app.change("lang", lang)
    app.action("select-game", game)
    app.action("learn", game)
    run = app.tutorial
    assert run is not None
    while not run.finished():
        step = run.current()
        html = app.render()
        assert f'data-note-for="{step.anchor}"' in html, f"{game} step {run.step}: the note names no anchor"
        if not step.anchor.startswith("choice:"):
            assert f'data-anchor="{step.anchor}"' in html, f"{game} step {run.step}: {step.anchor} is not on the table"
        play_until(app, stop=run.step + 1)
    assert app.session.is_over() and app.session.winners() == [0]
