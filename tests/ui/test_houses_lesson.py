"""Great Houses' lesson at the App level: played through the App's hooks in both languages, every
note's anchor is on the table it is read at, and what the notes tell (power, gold, the turn order,
the card discarded at random, dominance's totals) is what the engine did."""

from __future__ import annotations

import pytest
from app_play import bot_move

from pygames.core.tutorial import get_tutorial, position
from pygames.ui.app import App, MemoryStorage

TUTORIAL = get_tutorial("houses")
#: anchors drawn by the page itself rather than by Great Houses' board
PAGE_ANCHORS = {"prompt"}


def step_of(note: str) -> int:
    return next(i for i, s in enumerate(TUTORIAL.steps) if s.note == note)


def at(note: str) -> dict:
    """The state when the note of ``note`` is shown."""
    return position(TUTORIAL, step_of(note))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_anchor_is_on_the_table(lang):
    app = App(storage=MemoryStorage())
    app.change("lang", lang)
    app.action("select-game", "houses")
    app.action("learn", "houses")
    run = app.tutorial
    assert run is not None
    while not run.finished():
        step = run.current()
        html = app.render()
        if step.anchor not in PAGE_ANCHORS:
            assert f'data-anchor="{step.anchor}"' in html.replace('data-testid="tutorial" data-anchor', ""), \
                f"step {run.step}: no {step.anchor!r} on the table"
        if step.kind == "read":
            app.action("tutorial-next")
        elif step.kind == "bot":
            bot_move(app)
        else:
            app.choose(run.hint_key(app.session))
    assert app.session.is_over() and app.session.winners() == [0]


def test_the_notes_tell_what_the_engine_does():
    game = TUTORIAL.game
    assert game.scores(at("goal")) == [11, 12]
    marshal = at("marshal")
    assert marshal["order"] == [0, 1] and marshal["players"][0]["gold"] == 4
    assert marshal["players"][1]["plot"] == "P4"
    won = at("military_won")
    result = next(e["params"] for e in won["log"] if e["key"] == "result")
    assert (result["a"], result["d"], result["winner"]) == (3, 3, 0) and "R01" in won["players"][1]["dead"]
    intrigue = at("intrigue_won")
    assert game.scores(intrigue)[0] == 12
    assert intrigue["log"][-1]["params"] == {"seat": 1, "card": "R05", "why": "claim"}
    power = at("power_won")
    assert game.scores(power) == [14, 11] and power["stage"] == "intimidate"
    end = position(TUTORIAL, len(TUTORIAL.steps))
    dominance = next(e for e in end["log"] if e["key"] == "dominance")
    assert dominance["params"] == {"seat": 0, "totals": [7, 3]}
    assert game.scores(end) == [15, 11] and end["end"] == "power"
