"""Small things at the table, through ``App`` as the browser drives it (issue "Papercuts at the
table"): two-card choices in either order, a started move shown on the board, the table passing by
itself when "pass" is a human's only choice, and saved-game dates in the player's own zone and format."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from test_ui_page import check_markup, check_table, make_app

from pygames.ui.app import App, MemoryStorage
from pygames.ui.session import TableSession

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "koryo"))
from koryo_helpers import first_legal, session_until  # noqa: E402


def opened(session: TableSession) -> App:
    """An app with ``session`` at the table (imported like a record file)."""
    app = make_app()
    assert app.import_record(json.dumps(session.record()))
    assert app.screen == "table"
    return app


# ------------------------------------------------------------------ two-card choices (Koryo)
def ship_owner_pair() -> tuple[TableSession, int, int]:
    """A table where the human (seat 0) holds the Ship Owner's power and may play two kinds at
    once, and those kinds (lower, higher)."""
    session = session_until(lambda s: first_legal(s, "play2") is not None)
    low, high = first_legal(session.state, "play2")["kinds"]
    return session, low, high


@pytest.mark.parametrize("higher_first", [False, True])
def test_ship_owner_pair_in_either_order(higher_first):
    session, low, high = ship_owner_pair()
    app = opened(session)
    assert app.phase() == "human"
    clicks = [f"hand:{high}", f"pair:{high}:{low}"] if higher_first else [f"hand:{low}", f"pair:{low}:{high}"]
    assert app.choose(clicks[0]) is None
    markup = check_table(app)
    assert markup.find(data_choice=clicks[1]), "the second card is offered on the board"
    assert app.choose(clicks[1]) == {"type": "play2", "kinds": [low, high]}


@pytest.mark.parametrize("second_first", [False, True])
def test_lobbying_swap_in_either_order(second_first):
    session = session_until(lambda s: first_legal(s, "swap") is not None)
    swap = first_legal(session.state, "swap")
    a, ka, b, kb = swap["a"], swap["ka"], swap["b"], swap["kb"]
    clicks = [f"swapa:{b}:{kb}", f"swapb:{b}:{kb}:{a}:{ka}"] if second_first \
        else [f"swapa:{a}:{ka}", f"swapb:{a}:{ka}:{b}:{kb}"]
    app = opened(session)
    assert app.phase() == "human"
    assert app.choose(clicks[0]) is None
    check_table(app)
    assert app.choose(clicks[1]) == swap


def test_hint_follows_either_order():
    session, low, high = ship_owner_pair()
    app = opened(session)
    app.hint = {"action": {"type": "play2", "kinds": [low, high]}, "top": []}
    assert app.hint_first_key() == f"hand:{low}"
    app.choose(f"hand:{high}")  # the other card first: the hint follows that order
    assert app.hint_first_key() == f"pair:{high}:{low}"


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


# ------------------------------------------------------------------ dates
class FixedZoneDates:
    """A browser in UTC+9 (like BrowserDates with Asia/Tokyo), formats by language."""

    def text(self, ms, lang):
        import time as _time
        local = _time.gmtime(ms / 1000 + 9 * 3600)
        return _time.strftime("%d/%m/%Y %H:%M" if lang == "en" else "%Y/%m/%d %H:%M", local)

    def stamp(self, ms):
        import time as _time
        return _time.strftime("%Y%m%d-%H%M", _time.gmtime(ms / 1000 + 9 * 3600))


def test_saved_game_dates_in_the_players_zone_and_format():
    # 2025-11-24 16:00 UTC is 25 Nov 01:00 in Tokyo: the date the player sees is the next day
    clock = lambda: 1_764_000_000.0  # noqa: E731
    app = App(MemoryStorage(), seed=lambda: 1, clock=clock, dates=FixedZoneDates())
    app.action("select-game", "koryo")
    app.action("start")
    app.action("lobby")
    markup = check_markup(app.render())
    assert "saved 25/11/2025 01:00" in markup.one(data_testid="save-item").all_text()
    app.change("lang", "ja")
    assert "2025/11/25 01:00 保存" in app.render()
    app.action("continue")
    name, _text = app.export_record()
    assert name == "pygames-koryo-20251125-0100.json"


def test_the_browser_locale_in_the_page_language():
    from pygames.ui.dates import pick_locale
    assert pick_locale(["en-GB", "ja-JP"], "en") == "en-GB"
    assert pick_locale(["en-GB", "ja-JP"], "ja") == "ja-JP"
    assert pick_locale(["de-DE"], "ja") == "ja"
    assert pick_locale([], "en") == "en"


# ------------------------------------------------------------------ the table passes by itself
def houses_record_at_forced_pass() -> dict:
    """A Great Houses record (seat 0 human, a random bot) stopped where "pass" is the human's
    only choice (an event window asked on public information; the hand cannot answer)."""
    import random
    for seed in range(1, 60):
        session = TableSession("houses", 2, seed, {}, ["human", "random"])
        rng = random.Random(seed)
        while not session.is_over():
            if session.bot_turn():
                session.play_bot_turn()
            elif session.auto_pass() is not None:
                return session.record()
            else:
                session.apply(rng.choice(session.game.legal_actions(session.state)))
    raise AssertionError("no forced pass found")


def test_the_table_passes_for_a_lone_human_who_cannot_answer():
    record = houses_record_at_forced_pass()
    app = make_app()
    assert app.import_record(json.dumps(record))
    session = app.session
    assert session.game.legal_actions(session.state) == [{"type": "pass"}]
    assert session.state["stage"] in ("window", "reaction")
    # a short visible note, no choices, and the glue runs it like a bot's move (after the note's delay)
    assert app.phase() == "bot" and app.bot_to_move()
    markup = check_markup(app.render())
    status = markup.one(data_testid="status")
    assert "is-auto" in status.get("class") and "nothing in your hand can answer" in status.all_text()
    assert not markup.find(data_choice=True)
    app.change("speed", "instant")
    assert app.bot_delay_ms() >= 900
    steps = app.bot_thinking()
    with pytest.raises(StopIteration) as done:
        next(steps)
    assert done.value.value == {"type": "pass"}
    moves = len(session.actions)
    app.bot_played(done.value.value)
    assert session.actions[moves:] == [{"type": "pass"}] and session.movers[moves] == 0
    # undo never stops at the table's own pass (it would pass again at once)
    point = session.undo_point()
    assert point is None or point < moves


def test_hot_seat_never_passes_by_itself():
    """With two humans at the device the table waits for the seat's own "pass": passing by itself
    would tell the other human that this hand holds no answer."""
    record = houses_record_at_forced_pass()
    record["seats"] = ["human", "human"]
    app = make_app()
    assert app.import_record(json.dumps(record))
    assert app.session.auto_pass() is None
    assert app.phase() == "privacy"
    app.action("reveal")
    assert app.phase() == "human"
    markup = check_table(app)
    assert [e.get("data-choice") for e in markup.find(data_choice=True)] == ["pass"]
