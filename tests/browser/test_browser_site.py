"""The built site in Chromium: boot, lobby, every registered game played to its end
through the UI (one human clicking random choices; all bots), offline reload through
the service worker, and a phone-sized screen without horizontal scrolling.

The games' tests share one booted phone page (``booted_page``). Screenshots go to test-artifacts/
(look at them)."""

from __future__ import annotations

import io
import random
import shutil
import threading
import zipfile

import pytest
from playwright.sync_api import expect

import pygames
from pygames.ui.page import Setup
from tools.serve import make_server, serve_in_thread
from tools.site import build

from browser_helpers import BOOT_MS, DESKTOP, PHONE, set_lang, shot

pytestmark = pytest.mark.browser

GAME_IDS = list(pygames.GAME_IDS)
MAX_CLICKS = 1500
STEP_MS = 120_000
QUERY = "?botdelay=0"
ON_A_PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}

SETTLED = """(rev) => {
  const app = document.getElementById("app"), error = document.getElementById("error");
  return !error.hidden || (app.dataset.rev !== rev && app.dataset.phase !== "bot" && app.dataset.phase !== "loading");
}"""


def boot(page, url: str, query: str = QUERY) -> None:
    page.goto(url + "/" + query)
    page.wait_for_function("!!window.pygamesReadyAt || !document.getElementById('error').hidden",
                           timeout=BOOT_MS)
    check_no_error(page)
    expect(page.locator("#loading")).to_be_hidden()


def check_no_error(page) -> None:
    if page.locator("#error").is_visible():
        message = page.locator("#error-message").text_content()
        details = page.locator("#error-details").text_content()
        pytest.fail(f"the page shows an error: {message}\n{details}")


def rev(page) -> str:
    return page.get_attribute("#app", "data-rev") or ""


def settle(page, before: str) -> str:
    """Wait until the page redrew and waits for a human (or shows the end); returns the phase."""
    page.wait_for_function(SETTLED, arg=before, timeout=STEP_MS)
    check_no_error(page)
    return page.get_attribute("#app", "data-phase")


def check_fits(page, name: str) -> None:
    """No horizontal scrolling at this width."""
    widths = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{name}: the page is {widths[0]}px wide in a {widths[1]}px window"


def small_targets(page) -> list[str]:
    """Clickable things smaller than 40px in both directions (fingers need room).

    Sizes at rest: the layout box (``offsetWidth``/``offsetHeight``), not the transformed one, for
    a piece may be in the middle of its motion (a purse whose number changed turns in place, and at
    80 degrees its box is a sixth of its width). SVG elements have no layout box: their drawn one."""
    return page.evaluate("""() => [...document.querySelectorAll('#app button, #app select, #app [data-choice]')]
        .filter(e => {
            const r = e.getBoundingClientRect();
            const w = e.offsetWidth ?? r.width, h = e.offsetHeight ?? r.height;
            return w > 0 && w < 40 && h < 40; })
        .map(e => e.outerHTML.slice(0, 120))""")


def start_game(page, game_id: str, seats: list[str] | None = None) -> None:
    page.locator(f'[data-game="{game_id}"]').click()
    expect(page.locator('[data-testid="start"]')).to_be_visible()
    if seats is not None:
        page.locator('select[name="num_players"]').select_option(str(len(seats)))
        for index, kind in enumerate(seats):
            page.locator(f'select[data-seat="{index}"]').select_option(kind)
    before = rev(page)
    page.locator('[data-testid="start"]').click()
    settle(page, before)
    expect(page.locator(f'[data-testid="table"][data-game="{game_id}"]')).to_be_visible()


# ------------------------------------------------------------------ shell
def test_lobby_boots_offline_only(open_page, site_url):
    page = open_page(DESKTOP)
    boot(page, site_url, "")
    expect(page.locator('[data-testid="lobby"]')).to_be_visible()
    for game_id in GAME_IDS:
        expect(page.locator(f'[data-game="{game_id}"]')).to_be_visible()
    page.locator('select[name="lang"]').select_option("ja")
    expect(page.locator("h1")).to_have_text("ゲームを選ぶ")
    assert page.evaluate("localStorage.getItem('pygames.lang')") == "ja"
    page.locator('select[name="lang"]').select_option("en")
    page.locator(".tagline").click()  # clicks and keys outside any control do nothing
    page.keyboard.press("Enter")
    check_no_error(page)
    shot(page, "lobby-desktop")


def test_phone_lobby_fits(open_page, site_url):
    page = open_page(PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    boot(page, site_url)
    if GAME_IDS:
        page.locator(f'[data-game="{GAME_IDS[0]}"]').click()
        expect(page.locator('[data-testid="start"]')).to_be_visible()
    check_fits(page, "phone lobby")
    assert small_targets(page) == []
    shot(page, "lobby-phone")


def test_damaged_save_gives_a_message(open_page, site_url):
    page = open_page(DESKTOP)
    page.context.add_init_script("localStorage.setItem('pygames.save', '{this is not a game');")
    boot(page, site_url)
    expect(page.locator('[data-testid="save-error"]')).to_contain_text("cannot be continued")
    page.locator('[data-testid="save-error"] [data-testid="delete"]').click()  # deleting asks first
    before = rev(page)
    page.locator('[data-testid="save-error"] [data-testid="delete-yes"]').click()
    settle(page, before)
    expect(page.locator('[data-testid="notice"]')).to_contain_text("discarded")


def test_a_broken_package_gives_a_readable_error(browser, site_url, site_dir):
    """If Python fails, the page says so in words (no guard here: errors are the point). The zip is
    the built one with a broken pygames/__init__.py: its shipped .pyc no longer matches the source
    (checked hash), so Python compiles the broken source instead, as after any update."""
    data = io.BytesIO()
    with zipfile.ZipFile(site_dir / "pygames.zip") as built, zipfile.ZipFile(data, "w") as archive:
        for name in built.namelist():
            broken = name == "pygames/__init__.py"
            archive.writestr(name, "raise RuntimeError('this package is broken')\n" if broken else built.read(name))
    context = browser.new_context(service_workers="block")
    try:
        context.route("**/pygames.zip", lambda route: route.fulfill(
            status=200, body=data.getvalue(), content_type="application/zip"))
        page = context.new_page()
        page.goto(site_url + "/")
        expect(page.locator("#error")).to_be_visible(timeout=BOOT_MS)
        expect(page.locator("#error-message")).to_have_text("The games could not be loaded.")
        expect(page.locator("#error-details")).to_contain_text("this package is broken")
        expect(page.locator("#loading")).to_be_hidden()
        expect(page.locator('#error [data-action="reload"]')).to_be_visible()
    finally:
        context.close()


def test_offline_reload_through_the_service_worker(browser, guard, tmp_path):
    """First visit online; then the server is stopped and a reload still reaches the lobby.
    Then a new build appears: it waits until the user clicks Update, then takes over."""
    site = tmp_path / "site"
    build(site, quiet=True)
    server, url = serve_in_thread(site)
    port = server.server_address[1]
    context = browser.new_context(service_workers="allow", viewport=DESKTOP)
    guard.watch_context(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        boot(page, url, "")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_MS)
        server.shutdown()
        server.server_close()
        server = None
        page.reload()
        page.wait_for_function("!!window.pygamesReadyAt || !document.getElementById('error').hidden",
                               timeout=BOOT_MS)
        check_no_error(page)
        expect(page.locator('[data-testid="lobby"]')).to_be_visible()
        if GAME_IDS:  # Python and the games work offline too
            start_game(page, GAME_IDS[0])

        # a new version on the same address: the open page keeps running the old one...
        newer = tmp_path / "newer"
        shutil.copytree(site, newer)
        index = newer / "index.html"
        index.write_text(index.read_text(encoding="utf-8").replace(
            "<head>", '<head>\n  <meta name="test-build" content="newer">', 1), encoding="utf-8")
        worker = newer / "sw.js"
        worker.write_text(worker.read_text(encoding="utf-8").replace('const CACHE = "pygames-',
                                                                     'const CACHE = "pygames-newer', 1),
                          encoding="utf-8")
        server = make_server(newer, port=port)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        page.reload()
        page.wait_for_function("!!window.pygamesReadyAt", timeout=BOOT_MS)
        expect(page.locator("#update-bar")).to_be_visible(timeout=BOOT_MS)
        assert page.locator('meta[name="test-build"]').count() == 0
        # ...until the user asks for the update
        page.locator("#update-bar button").click()
        page.wait_for_function("!!document.querySelector('meta[name=\"test-build\"]') && !!window.pygamesReadyAt",
                               timeout=BOOT_MS)
        if GAME_IDS:  # the update's reload reopens the table that was open, like any reload
            expect(page.locator(f'[data-testid="table"][data-game="{GAME_IDS[0]}"]')).to_be_visible()
        else:
            expect(page.locator('[data-testid="lobby"]')).to_be_visible()
        keys = [key for key in page.evaluate("caches.keys()") if key.startswith("pygames-")]
        assert all("newer" in key for key in keys), keys  # the old cache is gone (main.py's bytecode has its own)
    finally:
        context.close()
        if server is not None:
            server.shutdown()
            server.server_close()


# ------------------------------------------------------------------ games
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_human_plays_to_the_end_on_a_phone(booted_page, game_id):
    """Seat 0 human (random clicks, sometimes with the keyboard), the others bots: the game's default
    table (given, as the setup of an earlier table of the game would stay chosen on the shared page)."""
    page = booted_page(PHONE, **ON_A_PHONE)
    start_game(page, game_id, list(Setup.default(game_id).seats))
    rng = random.Random(f"browser/{game_id}")
    phase = page.get_attribute("#app", "data-phase")
    clicks = 0
    while phase != "over":
        assert clicks < MAX_CLICKS, f"{game_id}: not over after {MAX_CLICKS} clicks"
        if clicks == 2:
            check_fits(page, f"{game_id} table")
            assert small_targets(page) == [], f"{game_id}: touch targets under 40x40 px"
            shot(page, f"{game_id}-phone-table")
        choices = page.locator('[data-testid="choice"]')
        count = choices.count()
        assert count > 0, f"{game_id}: phase {phase} but nothing to click"
        target = choices.nth(rng.randrange(count))
        before = rev(page)
        if clicks % 7 == 3 and target.evaluate("e => e.tagName") != "BUTTON":
            target.focus()
            page.keyboard.press("Enter")
        else:
            target.click(timeout=15_000)
        phase = settle(page, before)
        clicks += 1
    expect(page.locator('[data-testid="game-over"]')).to_be_visible()
    expect(page.locator('[data-testid="status"]')).to_contain_text("Game over")
    check_fits(page, f"{game_id} game over")
    shot(page, f"{game_id}-phone-over")
    assert page.evaluate("localStorage.getItem('pygames.save')") is None


#: a game-over breakdown's table and the width it has: a table wider than its box is cut off at the
#: right (the box scrolls), where the last players' columns (often the winner's) were
BREAKDOWN_WIDTHS = """() => [...document.querySelectorAll('[data-testid="game-over"] table')]
    .map(t => [t.className, t.scrollWidth, t.parentElement.clientWidth])"""
#: parts of the end panel wider than their box (the screen-reader-only labels are 1 px boxes by design)
SIDEWAYS_IN_END = """() => [...document.querySelectorAll('[data-testid="game-over"] *:not(.sr-only)')]
    .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
    .map(e => e.className + ' ' + e.scrollWidth + '>' + e.clientWidth)"""


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bot_table_plays_itself_and_its_breakdown_fits_a_phone(booted_page, game_id):
    """The game at its most players, all normal bots, on a phone: it plays to its end, and the scoring
    breakdown shows every player's column without scrolling sideways (tables mixing every kind of
    bot play in test_game_setups.py)."""
    page = booted_page(PHONE, **ON_A_PHONE)
    game = pygames.get_game(game_id)
    start_game(page, game_id, ["normal"] * game.max_players)
    expect(page.locator('[data-testid="game-over"]')).to_be_visible(timeout=STEP_MS * 3)
    check_no_error(page)
    expect(page.locator('[data-testid="choice"]')).to_have_count(0)
    for lang in ("en", "ja"):  # the same end redrawn in the other language (its words are longer)
        set_lang(page, lang)
        tables = page.evaluate(BREAKDOWN_WIDTHS)
        assert tables, f"{game_id}: no breakdown table"
        for name, width, room in tables:
            assert width <= room + 1, \
                f"{game_id} ({game.max_players} players, {lang}): {name} is {width}px wide in {room}px"
        assert page.evaluate(SIDEWAYS_IN_END) == [], f"{game_id} ({lang}): a part of the end panel scrolls sideways"
        check_fits(page, f"{game_id} game over ({lang})")
        shot(page, f"{game_id}-phone-bots-over-{lang}")
    set_lang(page, "en")
