"""The table features a player expects, through App in CPython, for every registered game:
undo, saves (several, delete, export / import, damaged files), replay, hot seat, rules and
card reference, settings, hint, end-of-game controls."""

from __future__ import annotations

import json

import pytest
from app_play import bot_move, thought
from test_ui_page import check_markup, check_table, make_app, play, start

import pygames
from pygames.core import Rng, replay
from pygames.ui import page
from pygames.ui.app import BOT_SPEEDS, KEY_SAVE_PREFIX, KEY_SAVES, KEY_SETTINGS, App, MemoryStorage
from pygames.ui.i18n import LANGS
from pygames.ui.session import TableSession

GAMES = list(pygames.GAME_IDS)


def bots_until_human(app: App) -> None:
    while app.phase() == "bot":
        bot_move(app)


def random_move(app: App, rng: Rng) -> None:
    keys = check_table(app).choice_keys()
    app.choose(keys[rng.randbelow(len(keys))])


def finished_session(game_id: str, seed: int = 3) -> TableSession:
    game = pygames.get_game(game_id)
    n = game.min_players
    session = TableSession(game_id, n, seed, {}, ["random"] * n)
    while not session.is_over():
        session.play_bot_turn()
    return session


# ------------------------------------------------------------------ undo
@pytest.mark.parametrize("game_id", GAMES)
def test_undo_rebuilds_the_record_exactly(game_id):
    """Whenever undo is offered it goes back to the human's last decision, to exactly the state
    the record's first k actions give, and nothing private to the human appeared since."""
    app = make_app()
    start(app, game_id, None)
    rng = Rng(f"undo/{game_id}")
    undone = offered = games = 0
    for _ in range(1200):
        if app.phase() == "over":
            # a game may end without an offer (Koryo offers undo only between two decisions of
            # one turn with nothing revealed between): play another until one is offered
            games += 1
            if offered or games == 4:
                break
            start(app, game_id, None)
        if undone >= 3:
            break
        if app.phase() == "bot":
            bots_until_human(app)
            continue
        session = app.session
        markup = check_table(app)
        button = markup.one(data_testid="undo")
        assert button.has("disabled") != app.can_undo()
        if app.can_undo():
            offered += 1
            point = session.undo_point()
            seat = session.movers[point]
            old_log = len(session.history[point + 1]["log"])
            assert not any(seat in (e.get("to") or []) for e in session.state["log"][old_log:])
            record = session.record()
            if rng.randbelow(2) == 0:
                app.action("undo")
                undone += 1
                assert len(app.session.actions) == point
                assert app.session.state == replay(record, upto=point)
                assert app.phase() == "human" and app.session.mover() == seat
                saved = json.loads(app.storage.get(KEY_SAVE_PREFIX + app.save_id))
                assert saved["actions"] == record["actions"][:point]
                check_table(app)
                continue
        random_move(app, rng)
    assert offered, f"{game_id}: undo was never offered"


def test_undo_stops_at_new_hidden_information(fixture_game_id):
    """Test game: a bot's pass reveals nothing (undo allowed); a card given by a bot shows its
    hidden value (undo refused); the human's own move can always be taken back at once."""
    session = TableSession(fixture_game_id, 2, 11, None, ["human", "normal"])
    assert session.undo_point() is None  # nothing played yet
    session.apply({"type": "give", "card": 0, "to": 1})
    assert session.undo_point() == 0
    session.apply({"type": "pass"})  # the bot passes: nothing new is known
    assert session.undo_point() == 0
    session.apply({"type": "give", "card": 0, "to": 1})
    assert session.undo_point() == 2
    session.apply({"type": "give", "card": 1, "to": 0})  # the bot gives a card: a hidden card is shown
    assert session.undo_point() is None
    app = make_app()
    app.session = session
    app.action("undo")  # refused: nothing changes
    assert len(session.actions) == 4


def test_undo_in_hot_seat_until_the_next_player_looks(fixture_game_id):
    app = make_app()
    start(app, fixture_game_id, ["human", "human"])
    app.action("reveal")
    app.choose("pass")
    assert app.phase() == "privacy" and app.can_undo()
    markup = check_markup(app.render())
    markup.one(data_testid="undo")
    app.action("reveal")  # player 2 has seen the screen: the move stands
    assert app.phase() == "human" and not app.can_undo()
    app.action("undo")
    assert len(app.session.actions) == 1


# ------------------------------------------------------------------ saves
def test_several_saves_listed_continued_and_deleted(fixture_game_id):
    clock = iter(range(1_700_000_000, 1_800_000_000, 60))
    storage = MemoryStorage()
    app = App(storage, seed=iter(range(1, 99)).__next__, clock=lambda: next(clock))
    start(app, fixture_game_id, ["human", "normal"])
    first = app.save_id
    app.choose("pass")
    app.action("lobby")
    start(app, fixture_game_id, ["human", "random", "random"])
    second = app.save_id
    app.action("lobby")
    assert app.save_ids() == [second, first]
    markup = check_markup(app.render())
    items = markup.find(data_testid="save-item")
    assert [i.get("data-save-id") for i in items] == [second, first]
    text = items[1].all_text()
    assert "Gift (test)" in text and "2 players" in text and "Player 1 (you), Bot 2 (normal)" in text \
        and "saved 20" in text
    app.action("continue", first)
    assert app.screen == "table" and app.session.num_players == 2 and app.save_id == first
    app.action("lobby")
    app.action("discard", second)
    assert app.save_ids() == [first] and storage.get(KEY_SAVE_PREFIX + second) is None
    assert len(check_markup(app.render()).find(data_testid="save-item")) == 1


def test_damaged_save_among_good_ones(fixture_game_id):
    storage = MemoryStorage({KEY_SAVES: json.dumps(["bad", "gone"]), KEY_SAVE_PREFIX + "bad": "{broken"})
    app = make_app(storage)
    start(app, fixture_game_id, ["human", "normal"])
    app.action("lobby")
    markup = check_markup(app.render())
    assert len(markup.find(data_testid="save-item")) == 1
    assert "cannot be continued" in markup.one(data_testid="save-error").all_text()
    storage.set(KEY_SAVES, "{not a list")  # a damaged index: no list, no crash
    assert make_app(storage).saved_games() == []


@pytest.mark.parametrize("game_id", GAMES)
def test_export_then_import(game_id):
    app = make_app()
    start(app, game_id, None)
    rng = Rng(f"export/{game_id}")
    for _ in range(5):
        bots_until_human(app)
        if app.phase() == "over":
            break
        random_move(app, rng)
    bots_until_human(app)
    name, text = app.export_record()
    assert name.startswith(f"pygames-{game_id}-") and name.endswith(".json")
    record = json.loads(text)
    assert record["actions"] == app.session.actions and record["game"] == game_id
    state = app.session.state
    other = make_app()
    assert other.import_record(text)
    if other.screen == "replay":  # a finished game opens as a replay
        assert other.replay.state == state
    else:
        assert other.session.state == state and other.save_ids() == [other.save_id]
        check_table(other)


BAD_FILES = {
    "not json": ("{oops", "not valid JSON"),
    "not a record": ("[1, 2]", "expected a JSON object"),
    "unknown game": (json.dumps({"game": "chess", "version": 1, "num_players": 2, "seed": 1, "options": {},
                                 "seats": ["human", "normal"], "actions": []}), "unknown game"),
    "other version": (None, "version"),
    "illegal move": (None, "does not replay"),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_import_refuses_a_bad_record_and_loses_nothing(case):
    storage = MemoryStorage()
    app = make_app(storage)
    start(app, "coup", ["human", "normal"])
    app.action("lobby")
    before = dict(storage.data)
    text, reason = BAD_FILES[case]
    if text is None:
        record = TableSession("coup", 2, 1, {}, ["human", "normal"]).record()
        if case == "other version":
            record["version"] = 999
        else:
            record["actions"] = [{"type": "nonsense"}]
        text = json.dumps(record)
    assert not app.import_record(text)
    assert app.screen == "lobby" and storage.data == before
    notice = check_markup(app.render()).one(data_testid="notice").all_text()
    assert "cannot be opened" in notice and reason in notice


# ------------------------------------------------------------------ replay
@pytest.mark.parametrize("game_id", GAMES)
def test_replay_steps_and_viewpoints(game_id):
    session = finished_session(game_id)
    record = session.record()
    app = make_app()
    app.import_record(json.dumps(record))
    assert app.screen == "replay" and app.phase() == "replay"
    rep = app.replay
    assert rep.step == rep.total == len(record["actions"])
    markup = check_markup(app.render())
    markup.one(data_testid="replay-over")
    assert not markup.find(data_testid="choice")
    for target in (0, 1, rep.total // 2, rep.total - 1):
        app.change("replay-step", str(target))
        assert rep.state == replay(record, upto=target)
        for seat in ["", "0", "1"]:
            app.change("replay-seat", seat)
            expected = rep.game.view(rep.state, None if seat == "" else int(seat))
            assert rep.view() == expected
            markup = check_markup(app.render())
            bar = markup.one(data_testid="replay")
            assert bar.get("data-step") == str(target)
            assert not markup.find(data_testid="choice")
    app.action("replay-step", "first")
    assert rep.step == 0
    app.action("replay-step", "prev")
    assert rep.step == 0
    app.action("replay-step", "next")
    app.action("replay-step", "next")
    assert rep.step == 2
    app.action("replay-step", "last")
    assert rep.step == rep.total
    app.action("replay-exit")
    assert app.screen == "lobby"


def test_replay_from_the_end_of_a_game_and_rematch(fixture_game_id):
    app = make_app()
    start(app, fixture_game_id, ["random", "normal"])
    play(app, Rng("replay-end"))
    markup = check_markup(app.render())
    over = markup.one(data_testid="game-over")
    actions = {b.get("data-action") for b in markup.find("button") if over in b.ancestors()}
    assert {"rematch", "replay", "export", "lobby"} <= actions
    total = len(app.session.actions)
    app.action("replay")
    assert app.replay.total == total and app.replay.step == total
    app.action("rematch")  # play again with the same seats
    assert app.screen == "table" and app.session.seats == ["random", "normal"]


# ------------------------------------------------------------------ rules and cards
@pytest.mark.parametrize("game_id", GAMES)
def test_rules_and_card_reference_in_both_languages(game_id):
    app = make_app()
    start(app, game_id, None)
    for lang in LANGS:
        app.lang = lang
        summary = page.rules_summary(game_id, lang)
        assert len(summary) > 300 and "<p>" in summary
        cards = page.card_reference(game_id, lang)
        assert len(cards) >= 5
        assert all(c["name"].strip() and c.get("text", "").strip() for c in cards), game_id
        app.action("panel", "rules")
        markup = check_markup(app.render())
        panel = markup.one(data_testid="panel")
        assert panel.get("data-panel") == "rules" and panel.get("role") == "dialog"
        markup.one(data_testid="table")  # the game stays under the dialog
        app.action("panel", "cards")
        markup = check_markup(app.render())
        assert len(markup.find(data_testid="card-ref")) == len(cards)
        name = cards[-1]["name"]
        app.change("card-filter", name)
        shown = check_markup(app.render()).find(data_testid="card-ref")
        assert 1 <= len(shown) < len(cards) and any(name in s.all_text() for s in shown)
        app.change("card-filter", "zzzzqqq")
        assert not check_markup(app.render()).find(data_testid="card-ref")
        app.change("card-filter", "")
        app.action("close-panel")
        assert 'data-testid="panel"' not in app.render()
    with pytest.raises(ValueError):
        app.action("panel", "nonsense")


def test_rules_can_be_read_from_the_lobby():
    app = make_app()
    app.action("select-game", GAMES[0])
    app.action("panel", "rules")
    markup = check_markup(app.render())
    markup.one(data_testid="panel")
    markup.one(data_testid="lobby")


# ------------------------------------------------------------------ settings
def test_settings_are_remembered():
    storage = MemoryStorage()
    app = make_app(storage)
    assert app.bot_delay_ms() == BOT_SPEEDS["normal"]
    app.action("panel", "settings")
    markup = check_markup(app.render())
    assert len(markup.find("select", name="lang")) == 1  # one language picker on screen
    markup.one(name="speed")
    app.change("speed", "instant")
    app.change("animations", "1", checked=False)
    app.change("lang", "ja")
    again = make_app(storage)
    assert again.bot_delay_ms() == 0 and again.settings["animations"] is False and again.lang == "ja"
    with pytest.raises(ValueError):
        app.change("speed", "warp")
    storage.set(KEY_SETTINGS, "{bad json")
    assert make_app(storage).settings == {"speed": "normal", "animations": True, "name": "", "ice": "",
                                          "answer_timer": "off"}


# ------------------------------------------------------------------ hint
@pytest.mark.parametrize("game_id", GAMES)
def test_hint_names_a_legal_move_and_marks_its_first_click(game_id):
    app = make_app()
    start(app, game_id, None)
    bots_until_human(app)
    assert app.phase() == "human"
    assert not app.hint_wanted()
    app.action("hint")
    assert app.hint_wanted()
    busy = check_markup(app.render()).one(data_testid="hint")
    assert busy.get("aria-busy") == "true"
    app.hint_done(thought(app.hint_thinking()), app.epoch)
    assert app.hint["action"] in app.session.game.legal_actions(app.session.state)
    markup = check_markup(app.render())
    text = markup.one(data_testid="hint").all_text()
    assert "Hint:" in text and "%" in text
    marked = markup.find(data_hint="true")
    assert len(marked) == 1 and marked[0].get("data-choice") == app.hint_first_key()
    hinted = app.hint["action"]
    while app.choose(app.hint_first_key()) is None:  # follow the hint click by click
        assert app.hint is not None
        assert len(check_markup(app.render()).find(data_hint="true")) == 1
    assert app.hint is None  # the move is made: the hint is gone
    assert app.session.actions[-1] == hinted


def test_a_late_hint_is_dropped(fixture_game_id):
    app = make_app()
    start(app, fixture_game_id, ["human", "normal"])
    app.action("hint")
    epoch = app.epoch
    app.action("lobby")
    app.hint_done({"action": {"type": "pass"}, "top": []}, epoch)
    assert app.hint is None


# ------------------------------------------------------------------ hot seat
@pytest.mark.parametrize("game_id", GAMES)
def test_hot_seat_privacy_screen_hides_the_table(game_id):
    game = pygames.get_game(game_id)
    app = make_app()
    start(app, game_id, ["human"] * game.min_players)
    rng = Rng(f"hotseat/{game_id}")
    screens = 0
    for _ in range(12):
        if app.phase() == "over":
            break
        assert app.phase() == "privacy"
        html = app.render()
        markup = check_markup(html)
        assert "data-board" not in html and not markup.find(data_choice=True)
        mover = app.session.mover()
        assert app.names()[mover] in markup.one(data_testid="status").all_text()
        app.action("reveal")
        screens += 1
        while app.phase() == "human" and app.session.mover() == mover:
            random_move(app, rng)
    assert screens >= 2
