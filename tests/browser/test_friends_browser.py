"""Friends on their own devices, in Chromium: one browser context per device, real WebRTC data channels
(no ICE server, no mock), paired through the pages' own invite and reply, then whole games.

Every message a friend's device received (kept with ``?netlog=1``) is checked against the rules' view
of its seat at that move, replayed in CPython from the host's record; requests to any other host fail
the test (the ``guard`` fixture).
"""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import expect

import pygames
from pygames.core import replay, strict_equal
from pygames.core.record import make_record

from browser_helpers import ARTIFACTS, BOOT_MS, DESKTOP, PHONE, launch_with_camera, shot

pytestmark = pytest.mark.browser

QUERY = "?botdelay=0"
STEP_S = 120


def boot(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("!!window.pygamesReadyAt || !document.getElementById('error').hidden",
                           timeout=BOOT_MS)
    no_error(page)


def no_error(page) -> None:
    if page.locator("#error").is_visible():
        pytest.fail(f"the page shows an error: {page.locator('#error-message').text_content()}\n"
                    f"{page.locator('#error-details').text_content()}")


def phase(page) -> str:
    return page.get_attribute("#app", "data-phase") or ""


def host_table(page, site_url: str, game_id: str, seats: list[str], name: str = "Hana") -> None:
    boot(page, site_url + "/" + QUERY)
    page.locator(f'[data-game="{game_id}"]').click()
    page.locator('select[name="num_players"]').select_option(str(len(seats)))
    for index, kind in enumerate(seats):
        page.locator(f'select[data-seat="{index}"]').select_option(kind)
    page.locator('[data-testid="open-settings"]').first.click()
    page.locator('input[name="player-name"]').fill(name)
    page.locator('input[name="player-name"]').press("Tab")
    page.keyboard.press("Escape")
    page.locator('[data-testid="start"]').click()
    expect(page.locator(f'[data-testid="table"][data-game="{game_id}"]')).to_be_visible()


def invite_link(host, seat: int) -> str:
    field = host.locator(f'[data-testid="invite-{seat}-text"]')
    expect(field).to_be_visible(timeout=30_000)
    link = field.input_value()
    assert "#join=" in link
    return link.replace("?", "?netlog=1&", 1)


#: a page's links, their states and message counts (what a failed pairing is explained by)
LINKS = "window.pygamesPeer.ids().map(i => [i, window.pygamesPeer.state(i), window.pygamesPeer.stats(i)])"


def pair(host, guest, seat: int, name: str) -> None:
    """The friend opens the invite, joins, and the host pastes the reply: the pages' own UI, by hand."""
    boot(guest, invite_link(host, seat))
    expect(guest.locator('[data-testid="join-screen"]')).to_be_visible()
    guest.locator('input[name="player-name"]').fill(name)
    guest.locator('[data-testid="join"]').click()
    reply = guest.locator('[data-testid="reply-text"]')
    expect(reply).to_be_visible(timeout=30_000)
    host.locator('[data-testid="friend-reply"]').fill(reply.input_value())
    host.locator('[data-testid="friend-connect"]').click()
    try:
        expect(guest.locator('[data-testid="table"]')).to_be_visible(timeout=30_000)
    except AssertionError:
        no_error(host)
        no_error(guest)
        friends = host.locator('[data-testid="friends"]').inner_text()
        links = host.evaluate(LINKS)
        theirs = guest.evaluate(LINKS)
        received = guest.evaluate("window.pygamesReceived ? window.pygamesReceived() : null")
        raise AssertionError(f"the friend was not seated; the host shows: {friends!r}, its links: {links}; "
                             f"the guest's links: {theirs}, it received: {received}, it shows: "
                             f"{guest.locator('#app').inner_text()[:300]!r}") from None
    expect(host.locator(f'[data-testid="link-{seat}"]')).to_have_attribute("data-link", "connected")
    no_error(host)
    no_error(guest)


def play_until_over(pages: list, rnd: random.Random, max_clicks: int = 3000, stop_after: int | None = None) -> int:
    """Each page whose seat is to decide clicks one of its choices; bots play at the host."""
    clicks = 0
    deadline = time.monotonic() + STEP_S
    while True:
        if all(phase(p) == "over" for p in pages):
            return clicks
        if stop_after is not None and clicks >= stop_after:
            return clicks
        moved = False
        for page in pages:
            if phase(page) != "human":
                continue
            choices = page.locator('[data-testid="choice"]')
            count = choices.count()
            if count == 0:
                continue
            before = page.get_attribute("#app", "data-rev")
            try:
                choices.nth(rnd.randrange(count)).click(timeout=5_000)
            except Exception:
                continue  # the table moved under the click: look again
            page.wait_for_function("(rev) => document.getElementById('app').dataset.rev !== rev", arg=before,
                                   timeout=30_000)
            clicks += 1
            moved = True
            deadline = time.monotonic() + STEP_S
        for page in pages:
            no_error(page)
        assert clicks < max_clicks, "the game did not end"
        if not moved:
            assert time.monotonic() < deadline, f"nobody could move: {[phase(p) for p in pages]}"
            pages[0].wait_for_timeout(60)


def record_of(host) -> dict:
    text = host.evaluate("window.pygamesRecord()")
    assert text, "the host has no record"
    return json.loads(text)


def check_received(guest, record: dict, seat: int) -> int:
    """Every table this device received is the rules' view of its seat at that move: nothing more."""
    game = pygames.get_game(record["game"])
    states = [replay(make_record(game, record["num_players"], record["seed"], record["options"],
                                 record["seats"], []))]
    for action in record["actions"]:
        states.append(game.apply(states[-1], action))
    log: list = []
    tables = 0
    for text in json.loads(guest.evaluate("window.pygamesReceived()")):
        assert '"seed"' not in text and '"rng"' not in text
        message = json.loads(text)
        if message["t"] == "log":
            log[message["start"]:] = message["entries"]
        elif message["t"] == "table":
            state = states[message["rev"]]
            assert strict_equal(dict(message["view"], log=log[:message["log_len"]]), game.view(state, seat))
            legal = game.legal_actions(state) if game.current_player(state) == seat else None
            assert strict_equal(message["legal"], legal)
            tables += 1
    return tables


def test_a_whole_coup_game_between_two_phones(open_page, site_url):
    """The issue's person test: two phone-sized windows, pairing by pasting, a whole Coup game."""
    host = open_page(PHONE, is_mobile=True, has_touch=True)
    guest = open_page(PHONE, is_mobile=True, has_touch=True)
    host_table(host, site_url, "coup", ["human", "friend"])
    invite_link(host, 1)
    expect(host.locator('[data-testid="invite-1"] .qr svg')).to_be_visible()
    shot(host, "friends-host-invite")
    box = host.evaluate("""() => { const r = document.querySelector('[data-testid="friends"]').getBoundingClientRect();
                                 return {x: 0, y: r.top + window.scrollY - 8, width: window.innerWidth,
                                         height: r.height + 16}; }""")
    host.screenshot(path=str(ARTIFACTS / "friends-invite-panel.png"), full_page=True, clip=box)
    pair(host, guest, 1, "Kai")
    expect(host.locator('[data-testid="friend-connect"]')).to_have_count(0)
    shot(guest, "friends-guest-table")
    guest.screenshot(path=str(ARTIFACTS / "friends-guest-view.png"))
    expect(host.locator('[data-testid="friends"]')).to_contain_text("Kai")
    play_until_over([host, guest], random.Random("coup-2"))
    record = record_of(host)
    assert record["seats"] == ["human", "friend"]
    assert check_received(guest, record, 1) > 0
    expect(guest.locator('[data-testid="game-over"]')).to_be_visible()
    shot(guest, "friends-guest-over")


@pytest.mark.parametrize("game_id,seats", [
    ("oriflamme", ["friend", "human", "friend", "normal"]),   # three devices and a bot
    ("tournay", ["human", "friend"]),
    ("koryo", ["friend", "human", "easy"]),
    ("houses", ["human", "friend"]),
])
def test_a_whole_game_with_friends(open_page, site_url, game_id, seats):
    host = open_page(DESKTOP)
    host_table(host, site_url, game_id, seats)
    guests = {}
    for seat, kind in enumerate(seats):
        if kind == "friend":
            guests[seat] = open_page(DESKTOP, locale="ja-JP")
            pair(host, guests[seat], seat, f"友{seat}")
    play_until_over([host, *guests.values()], random.Random(game_id))
    record = record_of(host)
    for seat, guest in guests.items():
        assert check_received(guest, record, seat) > 0
        expect(guest.locator('[data-testid="game-over"]')).to_be_visible()


def test_a_friend_leaves_and_comes_back_and_the_host_reloads(open_page, site_url, browser, guard):
    host = open_page(DESKTOP)
    guest_context = browser.new_context(viewport=PHONE, service_workers="block")
    guard.watch_context(guest_context)
    guest = guest_context.new_page()
    guard.watch_page(guest)
    host_table(host, site_url, "koryo", ["human", "friend"])
    pair(host, guest, 1, "Kai")
    rnd = random.Random("faults")
    play_until_over([host, guest], rnd, stop_after=4)
    # the friend's page closes: the seat waits, the host invites again, the same device rejoins
    guest.close()
    expect(host.locator('[data-testid="link-1"]')).to_have_attribute("data-link", "dropped", timeout=30_000)
    moves = len(record_of(host)["actions"])
    host.locator('[data-testid="invite-again-1"]').click()
    guest = guest_context.new_page()
    guard.watch_page(guest)
    pair(host, guest, 1, "Kai")
    assert len(record_of(host)["actions"]) == moves
    play_until_over([host, guest], rnd, stop_after=8)
    # the host's page reloads: it reopens the saved game by itself and invites again; the friend rejoins
    moves = len(record_of(host)["actions"])
    host.reload()
    boot(host, host.url)
    expect(guest.locator('[data-testid="guest-dropped"]')).to_be_visible(timeout=30_000)
    expect(host.locator('[data-testid="friends"]')).to_be_visible()
    assert len(record_of(host)["actions"]) == moves
    pair(host, guest, 1, "Kai")
    # lost and repeated messages on the host's side of the link: the friend's table heals
    host.evaluate("() => { for (const id of window.pygamesPeer.ids()) "
                  "window.pygamesPeer.faults(id, {drop: 1, duplicate: 2}); }")
    play_until_over([host, guest], rnd)
    record = record_of(host)
    assert check_received(guest, record, 1) > 0
    guest_context.close()


def test_a_hostile_device_cannot_change_the_game(open_page, site_url):
    host = open_page(DESKTOP)
    guest = open_page(DESKTOP)
    host_table(host, site_url, "coup", ["human", "friend", "normal"])
    pair(host, guest, 1, "<img src=x onerror=alert(1)>")
    before = record_of(host)
    forged = ["garbage", "{}", json.dumps({"t": "act", "n": 900, "rev": 0, "action": {"type": "coup", "target": 0}}),
              json.dumps({"t": "act", "n": 901, "rev": len(before["actions"]),
                          "action": {"type": "steal", "target": 9}}),
              json.dumps({"t": "hello", "n": 902, "v": 1, "ticket": "abcd", "secret": None, "name": "x"}),
              "x" * 10000]
    guest.evaluate("(texts) => { for (const t of texts) window.pygamesPeer.send('host', t); }", forged)
    expect(host.locator('[data-testid="friend-notes"]')).to_be_attached(timeout=30_000)
    host.wait_for_timeout(500)
    after = record_of(host)
    assert after["actions"] == before["actions"]
    assert host.locator("#app img[src=x]").count() == 0
    expect(host.locator('[data-testid="friends"]')).to_contain_text("<img src=x")  # shown as text


def test_the_host_scans_the_reply_with_the_camera(open_page, site_url, browser_type, guard, tmp_path):
    """Scanning through the UI: the host's Chromium has a fake camera whose video (written once the
    friend's reply exists: Chromium opens the file when the camera starts) shows the reply's QR code."""

    from test_peer_transport import y4m_of
    video = tmp_path / "reply.y4m"
    camera_browser = launch_with_camera(browser_type, video)
    try:
        context = camera_browser.new_context(viewport=PHONE, service_workers="block", permissions=["camera"])
        guard.watch_context(context)
        host = context.new_page()
        guard.watch_page(host)
        guest = open_page(PHONE)
        host_table(host, site_url, "koryo", ["human", "friend"])
        boot(guest, invite_link(host, 1))
        guest.locator('[data-testid="join"]').click()
        reply = guest.locator('[data-testid="reply-text"]')
        expect(reply).to_be_visible(timeout=30_000)
        matrix = guest.evaluate("(text) => pygamesQR.matrix(text)", reply.input_value())
        video.write_bytes(y4m_of(matrix))
        host.locator('[data-testid="scan-reply"]').click()
        expect(guest.locator('[data-testid="table"]')).to_be_visible(timeout=60_000)
        expect(host.locator('[data-testid="link-1"]')).to_have_attribute("data-link", "connected")
        expect(host.locator('[data-testid="scan"]')).to_have_count(0)  # the camera is off again
        context.close()
    finally:
        camera_browser.close()
