"""Lobby and table markup in CPython, for every registered game (and a test-only game).

The browser glue only forwards clicks to pygames.ui.app.App, so playing through
App here is playing through the page, minus the DOM.
"""

from __future__ import annotations

import json
import re
import string

import pytest
from app_play import bot_move

import pygames
from pygames.core import Rng
from pygames.ui import page
from pygames.ui.app import KEY_LANG, KEY_SAVE, KEY_SAVE_PREFIX, KEY_SETUP, App, MemoryStorage
from pygames.ui.i18n import GAME_DESCRIPTIONS, LANGS, STRINGS, t
from pygames.ui.session import TableSession

from ui_markup import Markup

MAX_STEPS = 6000
EVIL = "<script>alert(1)</script>"


def counter_seed():
    counter = iter(range(1, 10**6))
    return lambda: next(counter)


def make_app(storage=None, **kw):
    return App(storage if storage is not None else MemoryStorage(), seed=counter_seed(), **kw)


def check_markup(html: str) -> Markup:
    markup = Markup(html)
    assert not markup.errors, markup.errors[:5]
    return markup


def check_table(app: App) -> Markup:
    """The table hooks, and that the choices on screen are exactly the picker's options."""
    markup = check_markup(app.render())
    if app.phase() == "privacy":
        assert markup.find(data_testid="choice", data_action="reveal")
        return markup
    table = markup.one(data_testid="table")
    assert table.get("data-game") == app.session.game.id
    markup.one(data_testid="status")
    for element in markup.find(data_choice=True):
        assert element.get("data-testid") == "choice", f"<{element.tag}> with data-choice lacks the testid"
    for element in markup.find(data_testid="choice"):
        assert element.has("data-choice") or element.has("data-action"), element.attrs
    keys = markup.choice_keys()
    assert len(keys) == len(set(keys)), f"a choice appears twice: {keys}"
    picker = app.session.picker()
    if app.phase() == "human":
        expected = set(picker.options()) | ({page.BACK} if picker.can_go_back() else set())
        assert set(keys) == expected
        assert keys, "a human is to move but no choice is shown"
    else:
        assert keys == [], "choices shown when no human is to move"
    over = markup.find(data_testid="game-over")
    assert bool(over) == (app.phase() == "over")
    return markup


def play(app: App, rng: Rng, max_steps: int = MAX_STEPS) -> Markup:
    """Click random choices and let bots play until the game is over; returns the final markup."""
    for _ in range(max_steps):
        markup = check_table(app)
        phase = app.phase()
        if phase == "over":
            return markup
        if phase == "bot":
            bot_move(app)
        elif phase == "privacy":
            app.action("reveal")
        else:
            keys = markup.choice_keys()
            app.choose(keys[rng.randbelow(len(keys))])
    raise AssertionError(f"the game did not end in {max_steps} steps")


def start(app: App, game_id: str, seats: list[str] | None = None) -> None:
    app.action("select-game", game_id)
    if seats is not None:
        app.change("num_players", str(len(seats)))
        for i, kind in enumerate(seats):
            app.change(f"seat-{i}", kind, seat=str(i))
    app.action("start")
    assert app.screen == "table", app.notice


# ------------------------------------------------------------------ i18n
def test_strings_exist_in_both_languages():
    fields = lambda s: sorted(f for _, f, _, _ in string.Formatter().parse(s) if f)  # noqa: E731
    for key, entry in STRINGS.items():
        assert set(entry) == set(LANGS), key
        assert all(entry[lang].strip() for lang in LANGS), key
        assert fields(entry["en"]) == fields(entry["ja"]), key
    for entry in GAME_DESCRIPTIONS.values():
        assert set(entry) == set(LANGS)


def test_player_names():
    assert page.player_names(["human", "normal", "random"], "en") == \
        ["Player 1 (you)", "Bot 2 (normal)", "Bot 3 (random)"]
    assert page.player_names(["human", "human", "easy"], "en") == ["Player 1", "Player 2", "Bot 3 (easy)"]
    assert page.player_names(["human", "hard"], "ja") == ["あなた（プレイヤー1）", "ボット2（つよい）"]


# ------------------------------------------------------------------ lobby
def test_lobby_without_games(monkeypatch):
    monkeypatch.setattr(pygames, "GAMES", {})
    monkeypatch.setattr(page, "GAMES", {})
    markup = check_markup(page.lobby_html("en"))
    assert not markup.find(data_game=True)
    assert t("no_games", "en") in markup.html


def test_lobby_lists_every_game(game_id):
    app = make_app()
    markup = check_markup(app.render())
    cards = {e.get("data-game"): e for e in markup.find(data_game=True)}
    assert set(cards) == set(pygames.GAMES)
    game = pygames.get_game(game_id)
    card = cards[game_id]
    assert game.title["en"] in card.all_text()
    assert str(game.min_players) in card.all_text()


def test_lobby_setup_hooks(game_id):
    app = make_app()
    app.action("select-game", game_id)
    markup = check_markup(app.render())
    game = pygames.get_game(game_id)
    count = markup.one("select", name="num_players")
    values = [int(o.get("value")) for o in count.children if o.tag == "option"]
    assert values == list(range(game.min_players, game.max_players + 1))
    n = app.setup.num_players
    seats = markup.find("select", data_seat=True)
    assert [s.get("data-seat") for s in seats] == [str(i) for i in range(n)]
    for i, select in enumerate(seats):
        options = [o.get("value") for o in select.children if o.tag == "option"]
        expected = ["human", "random", "easy", "normal"] + (["hard"] if page.hard_available() else []) + ["friend"]
        assert options == expected
        selected = [o.get("value") for o in select.children if o.has("selected")]
        assert selected == (["human"] if i == 0 else ["normal"])
        assert select.get("aria-describedby") == "level-help"
    # the lobby's level names say what they are: a line for each kind of seat, under the seats
    help_list = markup.one(id="level-help")
    assert len([li for li in help_list.children if li.tag == "li"]) == len(expected)
    for spec in game.option_specs():
        inputs = markup.find(name=spec["key"])
        assert len(inputs) == 1, spec["key"]
        element = inputs[0]
        if spec["kind"] == "bool":
            assert element.tag == "input" and element.get("type") == "checkbox"
        else:
            assert element.tag == "select"
            assert [o.get("value") for o in element.children] == [str(c) for c in spec["choices"]]
        assert element.has("disabled") == (n < spec.get("min_players", 0))
    markup.one(data_testid="start")


def test_lobby_changes(fixture_game_id):
    storage = MemoryStorage()
    app = make_app(storage)
    app.action("select-game", fixture_game_id)
    app.change("num_players", "2")
    markup = check_markup(app.render())
    assert markup.one(name="hand_size").has("disabled")  # needs 3 players
    app.change("num_players", "4")
    app.change("seat-3", "random", seat="3")
    app.change("hand_size", "2")
    app.change("double", "1", checked=True)
    markup = check_markup(app.render())
    assert len(markup.find("select", data_seat=True)) == 4
    assert not markup.one(name="hand_size").has("disabled")
    assert markup.one(name="double").has("checked")
    assert app.setup.start_options() == {"double": True, "hand_size": 2}
    app.change("num_players", "2")
    assert app.setup.start_options() == {"double": True, "hand_size": 3}  # disabled: back to default
    app.change("lang", "ja")
    assert storage.get(KEY_LANG) == "ja"
    assert "ゲームを選ぶ" in app.render()
    assert json.loads(storage.get(KEY_SETUP))["num_players"] == 2
    # the setup is remembered by the next visit
    again = make_app(storage)
    assert again.lang == "ja" and again.setup.num_players == 2 and again.setup.options["double"] is True
    with pytest.raises(ValueError):
        app.change("num_players", "9")
    with pytest.raises(ValueError):
        app.change("seat-0", "wizard", seat="0")


def test_remembered_setup_that_no_longer_fits_is_ignored(fixture_game_id):
    storage = MemoryStorage({KEY_SETUP: json.dumps({"game_id": "nope", "num_players": 3, "seats": []}),
                             KEY_LANG: "xx"})
    app = make_app(storage)
    assert app.lang == "en"
    check_markup(app.render())
    storage.set(KEY_SETUP, "{not json")
    check_markup(make_app(storage).render())


# ------------------------------------------------------------------ table
@pytest.mark.parametrize("seats", ["one-human", "all-bots"])
def test_table_plays_to_the_end(game_id, seats):
    app = make_app()
    app.action("select-game", game_id)
    n = app.setup.num_players
    kinds = (["human"] if seats == "one-human" else ["random"]) + ["normal", "random", "easy"] * n
    start(app, game_id, kinds[:n])
    markup = play(app, Rng(f"ui/{game_id}/{seats}"))
    over = markup.one(data_testid="game-over")
    assert over.all_text().strip()
    assert markup.one(data_testid="winners").all_text()
    assert KEY_SAVE not in app.storage.data  # a finished game is not offered to continue
    assert app.save_ids() == [] and not any(k.startswith(KEY_SAVE_PREFIX) for k in app.storage.data)


def test_every_player_count_renders(game_id):
    game = pygames.get_game(game_id)
    for n in range(game.min_players, game.max_players + 1):
        for lang in LANGS:
            app = make_app()
            app.lang = lang
            start(app, game_id, ["human"] + ["random"] * (n - 1))
            rng = Rng(f"count/{game_id}/{n}")
            for _ in range(12):
                if app.phase() == "over":
                    break
                check_table(app)
                if app.phase() == "bot":
                    bot_move(app)
                else:
                    keys = check_table(app).choice_keys()
                    app.choose(keys[rng.randbelow(len(keys))])


def test_names_are_escaped(game_id):
    app = make_app()
    start(app, game_id, None)
    session = app.session
    rng = Rng("escape")
    for _ in range(30):  # some moves, so that the log names players
        if session.is_over():
            break
        if session.bot_turn():
            session.play_bot_turn()
        else:
            picker = session.picker()
            options = picker.options()
            session.click(options[rng.randbelow(len(options))])
    names = [f"{EVIL} {i}" for i in range(session.num_players)]
    html = page.table_html(session, "en", names)
    assert "<script" not in html.lower()
    assert "&lt;script&gt;" in html
    check_markup(html)


def test_back_undoes_half_a_move(fixture_game_id):
    app = make_app()
    start(app, fixture_game_id, ["human", "normal"])
    markup = check_table(app)
    card = next(k for k in markup.choice_keys() if k.startswith("card:"))
    app.choose(card)
    markup = check_table(app)
    assert page.BACK in markup.choice_keys()
    assert all(k.startswith("to:") or k == page.BACK for k in markup.choice_keys())
    buttons = markup.find("button", data_choice=True)
    assert {b.get("data-choice") for b in buttons} == set(markup.choice_keys())  # targets are buttons
    app.choose(page.BACK)
    assert set(check_table(app).choice_keys()) == set(app.session.picker().options())


def test_status_says_who_is_thinking(fixture_game_id):
    app = make_app()
    start(app, fixture_game_id, ["human", "normal"])
    app.choose("pass")
    assert app.phase() == "bot"
    status = check_table(app).one(data_testid="status")
    assert "Bot 2 (normal) is thinking" in status.all_text()


def test_privacy_screen_between_humans(fixture_game_id):
    app = make_app()
    start(app, fixture_game_id, ["human", "human"])
    assert app.phase() == "privacy"
    markup = check_markup(app.render())
    assert "Player 1" in markup.one(data_testid="status").all_text()
    assert not markup.find(data_choice=True)  # nothing of the hand is shown
    app.action("reveal")
    assert app.phase() == "human"
    app.choose("pass")
    assert app.phase() == "privacy"
    play(app, Rng("hotseat"))


# ------------------------------------------------------------------ saves
def test_save_after_every_move_and_continue(game_id):
    storage = MemoryStorage()
    app = make_app(storage)
    start(app, game_id, None)
    rng = Rng("save")
    moves = 0
    while moves < 6 and app.phase() not in ("over",):
        if app.phase() == "bot":
            app.session.play_bot_turn()
            app._moved()
        else:
            keys = check_table(app).choice_keys()
            app.choose(keys[rng.randbelow(len(keys))])
        moves += 1
    if app.phase() == "over":
        pytest.skip("the game ended before the check")
    saved = json.loads(storage.get(KEY_SAVE_PREFIX + app.save_id))
    assert saved["actions"] == app.session.actions
    # a new visit (a reload) reopens the table that was open, as it was
    again = make_app(storage)
    assert again.screen == "table" and again.session.state == app.session.state
    # back in the lobby, the saved game is offered, and continuing gives the same table
    again.action("lobby")
    markup = check_markup(again.render())
    box = markup.one(data_testid="save-item")
    assert str(len(saved["actions"])) in box.all_text()
    again.action("continue", box.get("data-save-id"))
    assert again.screen == "table"
    assert again.session.state == app.session.state
    check_table(again)


DAMAGED = [
    "{not json",
    "[]",
    json.dumps({"game": "coup"}),
    json.dumps({"game": "no-such-game", "version": 1, "num_players": 2, "seed": 1, "options": {},
                "seats": ["human", "normal"], "actions": []}),
]


@pytest.mark.parametrize("raw", DAMAGED)
def test_damaged_save_gives_a_clear_message(fixture_game_id, raw):
    storage = MemoryStorage({KEY_SAVE: raw})
    app = make_app(storage)
    markup = check_markup(app.render())
    box = markup.one(data_testid="save-error")
    assert "cannot be continued" in box.all_text()
    assert not markup.find(data_testid="continue")
    app.action("continue")  # does nothing harmful
    app.action("discard")
    assert storage.get(KEY_SAVE) is None and app.save_ids() == []
    assert "discarded" in check_markup(app.render()).one(data_testid="notice").all_text()


def test_save_that_does_not_replay(fixture_game_id):
    game = pygames.get_game(fixture_game_id)
    session = TableSession(fixture_game_id, 2, 5, {}, ["human", "normal"])
    record = session.record()
    record["actions"] = [{"type": "give", "card": 7, "to": 1}]  # not legal
    storage = MemoryStorage({KEY_SAVE: json.dumps(record)})
    app = make_app(storage)
    assert check_markup(app.render()).find(data_testid="continue")
    app.action("continue")
    assert app.screen == "lobby"
    notice = check_markup(app.render()).one(data_testid="notice").all_text()
    assert "cannot be continued" in notice and "illegal" in notice.lower()
    assert storage.get(KEY_SAVE) is None and app.save_ids() == []
    record["actions"] = []
    record["options"] = {"hand_size": 4}  # needs 3 players
    storage.set(KEY_SAVE, json.dumps(record))
    app = make_app(storage)
    app.action("continue")
    assert app.screen == "lobby" and "cannot be continued" in app.notice
    assert game.id == fixture_game_id


def test_rematch_and_lobby(fixture_game_id):
    app = make_app()
    start(app, fixture_game_id, ["random", "normal"])
    play(app, Rng("rematch"))
    first = app.session
    app.action("rematch")
    assert app.session is not first and app.session.seats == ["random", "normal"]
    epoch = app.epoch
    app.action("lobby")
    assert app.screen == "lobby" and app.epoch != epoch
    with pytest.raises(ValueError):
        app.action("explode")


def test_render_markup_has_no_stray_ids(game_id):
    """Ids the shell uses are unique on every screen."""
    app = make_app()
    app.action("select-game", game_id)
    for html in (app.render(),):
        ids = re.findall(r'\sid="([^"]+)"', html)
        assert len(ids) == len(set(ids))
