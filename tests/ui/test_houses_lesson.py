"""Great Houses' lesson against its engine: what the notes tell (power, gold, the turn order,
the card discarded at random, dominance's totals) is what the engine did."""

from __future__ import annotations

from pygames.core.tutorial import get_tutorial, position

TUTORIAL = get_tutorial("houses")


def step_of(note: str) -> int:
    return next(i for i, s in enumerate(TUTORIAL.steps) if s.note == note)


def at(note: str) -> dict:
    """The state when the note of ``note`` is shown."""
    return position(TUTORIAL, step_of(note))


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
