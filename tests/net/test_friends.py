"""Friends on other devices, in CPython: host and friends' ``App``s joined by an in-memory wire.

What each device receives is checked against the rules' view of its seat at that move (nothing of
another seat's hidden cards, never the seed or the state), whole games are played with friends,
bots and a local human in every game, and links fail and come back: a closed page, a reloaded host,
lost and repeated messages, a hostile device.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import pygames
from pygames.core import strict_equal
from pygames.net.protocol import MAX_FROM_GUEST, RESEND_S, ProtocolError, parse_invite, parse_reply
from pygames.ui.app import KEY_GUEST_PREFIX, MemoryStorage
from pygames.ui.page import Setup

from wire import Wire, pair

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from app_play import bot_move, thought  # noqa: E402

GAME_SEATS = {
    "coup": ["human", "friend", "normal"],
    "oriflamme": ["friend", "human", "friend"],
    "tournay": ["human", "friend"],
    "koryo": ["friend", "normal", "human"],
    "houses": ["human", "friend", "random"],
}


def host_table(wire: Wire, game_id: str, seats: list[str], name: str = "Hana", options: dict | None = None):
    host = wire.device(name=name)
    host.setup = Setup(game_id, len(seats), list(seats), dict(options or {}))
    host.action("start")
    wire.run()
    return host


def click_through(app, session, action: dict) -> None:
    view = session.view()
    for key in session.render.action_steps(action, view):
        app.choose(key)


def play(wire: Wire, host, guests: dict, rnd: random.Random, moves: int = 5000) -> bool:
    """Everyone plays, ``moves`` turns at most: bots at the host, the host's people by clicks (past the
    hot seat's screen), each friend by clicks on its device. True once the game is over."""
    session = host.session
    for _ in range(moves):
        wire.clock.now += 0.5  # people take a moment per move (the host reads at most RATE_PER_S a second)
        wire.run()
        if session.is_over():
            return True
        mover = session.mover()
        if host.phase() == "privacy":
            host.action("reveal")
        elif host.bot_to_move():
            bot_move(host)
        elif session.human_turn():
            legal = session.game.legal_actions(session.state)
            click_through(host, session, rnd.choice(legal))
        else:
            guest = guests[mover]
            assert guest.phase() == "human", (mover, guest.phase(), guest.guest.status, guest.guest.reason,
                                              guest.guest.pending, host.net.notes,
                                              guest.guest.table and guest.guest.table["rev"], len(session.actions))
            legal = guest.guest_session.legal()
            assert strict_equal(legal, session.game.legal_actions(session.state))
            click_through(guest, guest.guest_session, rnd.choice(legal))
    wire.run()
    return session.is_over()


def play_to_end(wire: Wire, host, guests: dict, rnd: random.Random) -> None:
    assert play(wire, host, guests, rnd), "the game did not end"


def check_no_leak(wire: Wire, host, guest, seat: int) -> int:
    """Every table a friend's device received equals the rules' view of its seat at that move."""
    game = host.session.game
    history = host.session.history
    log: list = []
    tables = 0
    for message in wire.received(guest):
        text = json.dumps(message)
        assert '"rng"' not in text and '"seed"' not in text
        if message["t"] == "log":
            log[message["start"]:] = message["entries"]
        elif message["t"] == "table":
            state = history[message["rev"]]
            expected = game.view(state, seat)
            assert strict_equal(dict(message["view"], log=log[:message["log_len"]]), expected)
            legal = game.legal_actions(state) if game.current_player(state) == seat else None
            assert strict_equal(message["legal"], legal)
            tables += 1
    return tables


def every_count() -> list[tuple[str, list[str]]]:
    """Every game at every player count, with a mix of people here, friends and bots."""
    mixes = [(game_id, seats) for game_id, seats in sorted(GAME_SEATS.items())]
    kinds = ["friend", "human", "normal", "friend", "random", "friend"]
    for game_id in sorted(GAME_SEATS):
        game = pygames.get_game(game_id)
        for n in range(game.min_players, game.max_players + 1):
            seats = kinds[:n] if n > 2 else ["friend", "friend"]
            if (game_id, seats) not in mixes:
                mixes.append((game_id, seats))
    return mixes


@pytest.mark.parametrize("game_id,seats", every_count(), ids=lambda v: v if isinstance(v, str) else "-".join(v))
def test_a_whole_game_with_friends_on_their_own_devices(monkeypatch, game_id, seats):
    wire = Wire(monkeypatch)
    host = host_table(wire, game_id, seats)
    guests = {seat: pair(wire, host, seat, name=f"Kai{seat}") for seat, kind in enumerate(seats) if kind == "friend"}
    for seat, guest in guests.items():
        assert host.net.friends[seat].status == "connected"
        assert guest.phase() in ("human", "remote")
    play_to_end(wire, host, guests, random.Random(game_id))
    wire.run()
    final = host.session.state
    for seat, guest in guests.items():
        assert guest.phase() == "over"
        assert guest.guest_session.winners() == host.session.game.winners(final)
        assert strict_equal(guest.guest_session.view(), host.session.game.view(final, seat))
        assert check_no_leak(wire, host, guest, seat) > 0
        assert 'data-testid="game-over"' in guest.render()
    record = host.session.record()
    assert [s == "friend" for s in record["seats"]] == [k == "friend" for k in seats]  # the record says who was remote
    assert pygames.core.replay(record) == final or strict_equal(pygames.core.replay(record), final)


def test_names_and_screens_on_both_sides(monkeypatch):
    wire = Wire(monkeypatch)
    host = host_table(wire, "coup", ["human", "friend", "normal"], name="Hana")
    html = host.render()
    assert 'data-testid="friends"' in html and "#join=" in html and 'data-qr="' in html
    invite = host.net.invite_of(1)
    guest = wire.device(lang="ja", name="Kai")
    guest.open_invite("#" + invite.fragment())
    screen = guest.render()
    assert "Hana" in screen and guest.phase() == "join"
    guest.action("join")
    wire.run()
    assert 'data-testid="reply"' in guest.render()
    host.change("friend-reply", "  " + guest.guest.reply + "\n")  # pasted with spaces around it
    host.action("friend-connect")
    wire.run()
    assert guest.phase() in ("human", "remote")
    assert "Kai" in host.render()  # the host sees who joined
    table = guest.render()
    assert 'data-testid="table"' in table and 'data-action="undo"' not in table and 'data-action="export"' not in table
    names = guest.names()
    assert names[1].startswith("あなた") and names[0].startswith("Hana")
    assert not host.can_undo()


def test_a_friend_who_drops_keeps_the_seat_and_rejoins_from_the_same_device(monkeypatch):
    wire = Wire(monkeypatch)
    host = host_table(wire, "coup", ["human", "friend"])
    storage = MemoryStorage({"pygames.lang": "en"})
    guest = pair(wire, host, 1, storage)
    rnd = random.Random(3)
    play(wire, host, {1: guest}, rnd, moves=6)
    secret = storage.get(KEY_GUEST_PREFIX + host.save_id)
    assert secret and secret == host.net.friends[1].secret
    wire.closed(guest)
    assert host.net.friends[1].status == "dropped"
    assert "disconnected" in host.render()
    moves = len(host.session.actions)
    if host.session.mover() == 1:
        assert host.phase() == "remote"  # the table waits for the friend
    host.action("friend-invite", "1")
    again = pair(wire, host, 1, storage)  # the same device (its storage) opens the new invite
    assert host.net.friends[1].status == "connected"
    assert len(host.session.actions) == moves
    assert strict_equal(again.guest_session.view(), host.session.game.view(host.session.state, 1))
    # another device cannot take a seat that a device holds, unless the host says so
    host.action("friend-invite", "1")
    wire.run()
    stranger = pair(wire, host, 1, MemoryStorage())
    assert stranger.guest.status == "refused" and "another device" in stranger.guest.reason
    host.action("friend-anyone", "1")
    newcomer = pair(wire, host, 1, MemoryStorage())
    assert newcomer.phase() in ("human", "remote")


def test_the_host_reloads_and_its_friends_come_back(monkeypatch):
    wire = Wire(monkeypatch)
    host_storage = MemoryStorage({"pygames.lang": "en"})
    host = wire.device(host_storage, name="Hana")
    host.setup = Setup("koryo", 3, ["human", "friend", "friend"], {})
    host.action("start")
    storages = {1: MemoryStorage(), 2: MemoryStorage()}
    guests = {seat: pair(wire, host, seat, storages[seat]) for seat in (1, 2)}
    rnd = random.Random(5)
    play(wire, host, guests, rnd, moves=8)
    actions = list(host.session.actions)
    wire.closed(host)  # the host's page is reloaded: a new App on the same storage
    for guest in guests.values():
        assert guest.guest.status == "dropped"
        assert 'data-testid="guest-dropped"' in guest.render()
    host2 = wire.device(host_storage)
    host2.action("continue")
    assert host2.session.actions == actions
    wire.run()
    assert all(f.status == "inviting" for f in host2.net.friends.values())
    back = {seat: pair(wire, host2, seat, storages[seat]) for seat in (1, 2)}
    assert all(f.status == "connected" for f in host2.net.friends.values())
    play_to_end(wire, host2, back, rnd)


def test_lost_and_repeated_messages_change_nothing(monkeypatch):
    wire = Wire(monkeypatch)
    host = host_table(wire, "oriflamme", ["human", "friend", "normal"])
    guest = pair(wire, host, 1)
    conn = host.net.friends[1].conn
    rnd = random.Random(9)
    turns = 0
    while not host.session.is_over() and turns < 400:
        turns += 1
        wire.clock.now += 0.5
        wire.run()
        session = host.session
        if turns % 7 == 0:
            wire.fault(host, conn, drop=1)
        if turns % 5 == 0:
            wire.fault(guest, "host", duplicate=1)
            wire.fault(host, conn, duplicate=1)
        if host.bot_to_move():
            bot_move(host)
        elif session.human_turn():
            click_through(host, session, rnd.choice(session.game.legal_actions(session.state)))
        elif guest.phase() == "human":
            click_through(guest, guest.guest_session, rnd.choice(guest.guest_session.legal()))
        else:  # the friend's table went stale (a lost message): time passes, the heartbeat finds it
            wire.clock.now += 5
            host.net_tick()
            guest.net_tick()
    wire.run()
    assert host.session.is_over()
    for _ in range(3):  # the last message may have been the lost one
        wire.clock.now += 5
        host.net_tick()
        guest.net_tick()
        wire.run()
    assert strict_equal(guest.guest_session.view(), host.session.game.view(host.session.state, 1))
    assert len(host.session.actions) == len(host.session.record()["actions"])


@pytest.mark.parametrize("lost", ["hello", "welcome"])
def test_a_lost_hello_or_welcome_is_said_again_and_the_friend_is_seated(monkeypatch, lost):
    wire = Wire(monkeypatch)
    host = host_table(wire, "coup", ["human", "friend"])
    wire.run()
    guest = wire.device(name="Friend")
    assert guest.open_invite("#" + host.net.invite_of(1).fragment())
    guest.action("join")
    wire.run()
    if lost == "hello":
        wire.fault(guest, "host", drop=1)
    else:
        wire.fault(host, host.net.friends[1].conn, drop=1)
    host.change("friend-reply", guest.guest.reply)
    host.action("friend-connect")
    wire.run()
    assert guest.guest.status == "linked"  # not seated: the one message that would seat it was lost
    # both pages tick about once a second, as they do in the browser: the pings due every
    # HEARTBEAT_S (shorter than RESEND_S) must not put the second hello off
    for _ in range(int(RESEND_S + 2)):
        wire.clock.now += 1
        host.net_tick()
        guest.net_tick()
        wire.run()
    assert guest.guest.status == "seated"
    assert host.net.friends[1].status == "connected"
    assert host.net.friends[1].errors == 0, host.net.notes  # nothing refused on the way
    assert strict_equal(guest.guest_session.view(), host.session.game.view(host.session.state, 1))


def test_a_hostile_device_cannot_change_the_game(monkeypatch):
    wire = Wire(monkeypatch)
    host = host_table(wire, "coup", ["human", "friend", "normal"])
    pair(wire, host, 1, name="<img src=x onerror=alert(1)>")
    wire.run()
    session = host.session
    conn = host.net.friends[1].conn
    before = json.dumps(session.state, sort_keys=True)

    def forge(text: str) -> None:
        host.net_event(conn, "message", text)
        wire.run()

    n = 1000
    forged = [
        "not json", "[]", "{}", json.dumps({"t": "act", "n": n}),
        json.dumps({"t": "act", "n": n + 1, "rev": len(session.actions), "action": {"type": "coup", "target": 0}}),
        json.dumps({"t": "act", "n": n + 2, "rev": 99, "action": {"type": "income"}}),
        json.dumps({"t": "act", "n": n + 3, "rev": len(session.actions), "action": {"type": "income"}, "x": 1}),
        json.dumps({"t": "evil", "n": n + 4}),
        json.dumps({"t": "act", "n": n + 5, "rev": len(session.actions), "action": {"type": 1.5}}),
        "x" * (MAX_FROM_GUEST + 1),
        json.dumps({"t": "hello", "n": n + 6, "v": 1, "ticket": "zzzz", "secret": None, "name": "again"}),
    ]
    if session.mover() != 1:  # the host's turn: any action from the friend is out of turn
        legal = session.game.legal_actions(session.state)
        forged.append(json.dumps({"t": "act", "n": n + 7, "rev": len(session.actions), "action": legal[0]}))
    for text in forged:
        forge(text)
    assert json.dumps(session.state, sort_keys=True) == before
    assert host.net.notes  # refused, and the host can read why
    html = host.render()
    assert "<img src=x" not in html and "&lt;img" in html
    assert host.net.friends[1].status == "connected"  # still at the table
    for _ in range(40):  # a flood: the link is closed, the game is unchanged
        forge("garbage")
    assert host.net.friends[1].status == "dropped"
    assert json.dumps(session.state, sort_keys=True) == before


def test_invites_and_replies_are_checked():
    for bad in ("", "#join=", "#join=1~ab~coup~3~1~tick~SGk~x~extra", "#join=2~ab~coup~3~1~abcd~SGk~x",
                "#join=1~AB!~coup~3~1~abcd~SGk~x", "#join=1~ab~coup~3~3~abcd~SGk~x", "x" * 5000, 17):
        with pytest.raises(ProtocolError):
            parse_invite(bad, pygames.INFOS)
    with pytest.raises(ProtocolError):
        parse_invite("#join=1~ab~chess~3~1~abcd~SGk~x", pygames.INFOS)
    invite = parse_invite("#join=1~ab-12~coup~3~1~abcd~SGFuYQ~xyz", pygames.INFOS)
    assert (invite.game, invite.seat, invite.host, invite.offer) == ("coup", 1, "Hana", "xyz")
    for bad in ("", "r1~1~abcd", "r2~1~abcd~x", "r1~x~abcd~x", "r1~1~ABCD~x", "https://x/#join=1~a", None):
        with pytest.raises(ProtocolError):
            parse_reply(bad)
    assert parse_reply(" r1~2~abcd~Zm9v \n").seat == 2


def test_a_friend_seat_handed_to_a_bot(monkeypatch):
    wire = Wire(monkeypatch)
    host = host_table(wire, "coup", ["human", "friend", "friend"])
    guest = pair(wire, host, 1)
    host.action("friend-bot", "2")
    wire.run()
    assert host.session.seats == ["human", "friend", "normal"]
    assert host.session.bots[2].level == "normal"
    assert guest.guest_session.seats[2] == "normal"
    record = json.loads(host.storage.get("pygames.save." + host.save_id))
    assert record["seats"] == ["human", "friend", "normal"]


def test_the_answer_timer_passes_for_a_silent_friend(monkeypatch):
    wire = Wire(monkeypatch)
    host = wire.device(name="Hana")
    host.change("answer_timer", "20")
    host.setup = Setup("coup", 2, ["human", "friend"], {})
    host.action("start")
    guest = pair(wire, host, 1)
    session = host.session
    rnd = random.Random(1)
    for _ in range(200):  # the host plays until the friend may only answer (challenge / block: pass)
        wire.run()
        if session.is_over():
            pytest.skip("no window for the friend in this game")
        if session.mover() == 1:
            legal = session.game.legal_actions(session.state)
            if any(a["type"] == "pass" for a in legal):
                break
            click_through(guest, guest.guest_session, rnd.choice(guest.guest_session.legal()))
        else:
            click_through(host, session, rnd.choice(session.game.legal_actions(session.state)))
    assert "20" in guest.render()  # the friend is told how long it has
    moves = len(session.actions)
    wire.clock.now += 5
    host.net_tick()
    wire.clock.now += 10
    host.net_tick()
    assert len(session.actions) == moves  # not yet
    wire.clock.now += 6
    host.net_tick()
    wire.run()
    assert len(session.actions) == moves + 1 and session.actions[-1]["type"] == "pass"
    assert any("passed" in note for note in host.net.notes)


def test_undo_at_a_table_with_friends_needs_every_friend_to_agree(monkeypatch):
    wire = Wire(monkeypatch)
    host = wire.device(name="Hana")
    host.setup = Setup("koryo", 3, ["human", "friend", "friend"], {})
    host.action("start")
    guests = {seat: pair(wire, host, seat, name=f"F{seat}") for seat in (1, 2)}
    session = host.session
    rnd = random.Random(2)
    for _ in range(50):  # until the host's person has just moved and may take it back
        wire.clock.now += 0.5
        wire.run()
        if session.human_turn():
            click_through(host, session, rnd.choice(session.game.legal_actions(session.state)))
            wire.run()
            if host.can_undo():
                break
        else:
            guest = guests[session.mover()]
            click_through(guest, guest.guest_session, rnd.choice(guest.guest_session.legal()))
    assert host.can_undo()
    moves = len(session.actions)
    host.action("undo")
    wire.run()
    assert len(session.actions) == moves  # asked, not done
    assert all('data-testid="undo-asked"' in g.render() for g in guests.values())
    guests[1].action("undo-yes")
    guests[2].action("undo-no")
    wire.run()
    assert len(session.actions) == moves and "F2" in host.render()  # one refused: the move stands
    assert all('data-testid="undo-asked"' not in g.render() for g in guests.values())
    host.action("undo")
    wire.run()
    for guest in guests.values():
        guest.action("undo-yes")
    wire.run()
    assert len(session.actions) < moves  # everyone agreed
    for seat, guest in guests.items():  # the friends' tables follow, their logs too
        assert strict_equal(guest.guest_session.view(), session.game.view(session.state, seat))


def test_a_friend_asks_for_a_hint_worked_out_on_its_own_device(monkeypatch):
    wire = Wire(monkeypatch)
    host = host_table(wire, "koryo", ["friend", "human"])
    guest = pair(wire, host, 0)
    rnd = random.Random(6)
    while guest.phase() != "human":  # the host plays until the friend is to decide
        session = host.session
        click_through(host, session, rnd.choice(session.game.legal_actions(session.state)))
        wire.run()
    guest.action("hint")
    assert guest.hint_wanted()
    guest.hint_done(thought(guest.hint_thinking()), guest.epoch)
    assert guest.hint is not None and 'data-testid="hint"' in guest.render()
    assert any(strict_equal(guest.hint["action"], a) for a in guest.guest_session.legal())


def test_hot_seat_and_a_friend_at_one_table(monkeypatch):
    wire = Wire(monkeypatch)
    host = host_table(wire, "coup", ["human", "human", "friend"])
    guest = pair(wire, host, 2)
    assert host.phase() == "privacy"  # two people at the host's device: the screen between them stays
    host.action("reveal")
    rnd = random.Random(4)
    play(wire, host, {2: guest}, rnd, moves=30)
    assert host.session.auto_pass() is None


def test_a_finished_game_with_friends_replays_and_exports(monkeypatch):
    wire = Wire(monkeypatch)
    host = host_table(wire, "tournay", ["friend", "human"])
    guest = pair(wire, host, 0)
    play_to_end(wire, host, {0: guest}, random.Random(8))
    name, text = host.export_record()
    assert json.loads(text)["seats"] == ["friend", "human"]
    host.action("replay")
    html = host.render()
    assert 'data-testid="replay"' in html and "Friend 1" in html
    importer = wire.device()
    assert importer.import_record(text) and importer.screen == "replay"


def test_stun_and_turn_servers_from_the_settings():
    from pygames.ui.app import ice_servers
    assert ice_servers("") == [] and ice_servers("\n  \n") == []
    assert ice_servers("stun:stun.example.org:3478\nturn:turn.example.org:3478 alice s3cret") == [
        {"urls": "stun:stun.example.org:3478"},
        {"urls": "turn:turn.example.org:3478", "username": "alice", "credential": "s3cret"}]
    for bad in ("https://example.org", "stun:a b", "javascript:alert(1)"):
        with pytest.raises(ValueError):
            ice_servers(bad)
    from pygames.ui.app import App
    app = App(MemoryStorage())
    with pytest.raises(ValueError):
        app.change("ice", "ftp://nope")
    assert app.settings["ice"] == ""
    app.change("ice", "stun:stun.example.org:3478")
    assert app._ice() == [{"urls": "stun:stun.example.org:3478"}]


def test_a_reaction_window_shows_who_has_still_to_answer(monkeypatch):
    from pygames.net.host import still_to_answer
    wire = Wire(monkeypatch)
    host = host_table(wire, "coup", ["human", "friend", "friend"])
    guests = {seat: pair(wire, host, seat, name=f"F{seat}") for seat in (1, 2)}
    session = host.session
    rnd = random.Random(3)
    for _ in range(50):  # until the host's person is to choose a main action
        wire.run()
        legal = session.game.legal_actions(session.state)
        if session.human_turn() and any(a["type"] == "tax" for a in legal):
            break
        mover = session.mover()
        app, table = (host, session) if session.human_turn() else (guests[mover], guests[mover].guest_session)
        click_through(app, table, rnd.choice([a for a in legal if a["type"] in ("income", "pass")] or legal))
    tax = next(a for a in session.game.legal_actions(session.state) if a["type"] == "tax")
    click_through(host, session, tax)  # a claim: the others may challenge, in turn
    wire.run()
    chain = still_to_answer(session.game, session.state)
    assert chain[:2] == [1, 2]
    for guest in guests.values():
        assert guest.guest_session.answering() == chain
        assert 'data-testid="answering"' in guest.render()
    assert 'data-testid="answering"' in host.render()
    assert still_to_answer(session.game, session.game.new_game(3, 1)) == []  # no window at a turn's start
