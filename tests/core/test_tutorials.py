"""Every finished tutorial replayed through the engine alone: the deal passes the game's state
check, each step fits the position it is played on (the player's moves legal and asked of the
player's seat, the bots' answers legal and theirs), every note has both languages, and the
script reaches the game's end."""

from __future__ import annotations

import importlib

import pytest

from pygames import GAME_IDS
from pygames.core.errors import IllegalAction
from pygames.core.tutorial import TUTORIAL_GAMES, advance, check_step, get_tutorial, position, start_state


@pytest.mark.parametrize("game_id", TUTORIAL_GAMES)
def test_script_replays_to_the_end(game_id):
    tutorial = get_tutorial(game_id)
    game = tutorial.game
    state = start_state(tutorial)
    assert game.current_player(state) == tutorial.human
    for i in range(len(tutorial.steps)):
        check_step(tutorial, state, i)
        step = tutorial.steps[i]
        state = advance(tutorial, state, i, step.expect)
    assert game.is_over(state)
    assert game.winners(state) == [tutorial.human]
    assert game.to_dict(state) == game.to_dict(position(tutorial, len(tutorial.steps)))


@pytest.mark.parametrize("game_id", TUTORIAL_GAMES)
def test_notes_in_both_languages(game_id):
    tutorial = get_tutorial(game_id)
    notes = importlib.import_module(f"pygames.games.{game_id}.text").TUTORIAL_NOTES
    used = {s.note for s in tutorial.steps if s.note is not None}
    assert used == set(notes), "every note used and every string a note"
    for key in used:
        assert notes[key]["en"].strip() and notes[key]["ja"].strip()
    # theme first, then the goal; the player is asked to act, and the lesson ends on a note
    assert [s.note for s in tutorial.steps[:2]] == ["theme", "goal"]
    assert tutorial.steps[-1].kind == "read"
    assert sum(s.kind == "act" for s in tutorial.steps) >= 5


def test_another_move_is_refused_and_changes_nothing():
    tutorial = get_tutorial("coup")
    state = start_state(tutorial)
    index = next(i for i, s in enumerate(tutorial.steps) if s.kind == "act")
    state = position(tutorial, index)
    before = tutorial.game.to_dict(state)
    with pytest.raises(IllegalAction):
        advance(tutorial, state, index, {"type": "foreign_aid"})
    assert tutorial.game.to_dict(state) == before


def test_a_game_without_a_tutorial_is_refused():
    for game_id in [g for g in GAME_IDS if g not in TUTORIAL_GAMES] + ["no-such-game"]:
        with pytest.raises(ValueError):
            get_tutorial(game_id)
    with pytest.raises(ValueError):
        position(get_tutorial("coup"), 999)
