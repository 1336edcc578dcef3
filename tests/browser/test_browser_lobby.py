"""The lobby before Python is ready: pre-rendered by build.py, in the visitor's language, with
clicks remembered during the boot and carried out once Python runs, and replaced by identical
live markup.

To look at the page "during the boot" for as long as a test needs, these tests hold back the
response for pygames.zip (our package) until they let it go: Python cannot be ready before."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

import pygames
from tools.site import BOOT_FETCHES, boot_modules, collect

from browser_helpers import BOOT_MS, DESKTOP, PHONE, shot

pytestmark = pytest.mark.browser

SCREEN = '#app > .screen[lang="{lang}"]'


class HeldPackage:
    """Holds the request for pygames.zip until ``release()``."""

    def __init__(self, page) -> None:
        self.page = page
        self.routes: list = []
        page.route("**/pygames.zip", self.hold)

        self.released = False

    def hold(self, route) -> None:
        if self.released:
            route.fallback()
        else:
            self.routes.append(route)

    def wait_requested(self) -> None:
        deadline = time.monotonic() + BOOT_MS / 1000
        while not self.routes and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)
        assert self.routes, "the page never asked for pygames.zip"

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.fallback()  # on to the guard's route (local requests only)


def ready(page) -> None:
    page.wait_for_function("!!window.pygamesReadyAt || !document.getElementById('error').hidden",
                           timeout=BOOT_MS)
    assert page.locator("#error").is_hidden(), page.locator("#error").text_content()


def not_ready(page) -> bool:
    return not page.evaluate("!!window.pygamesReadyAt")


@pytest.mark.parametrize("lang, locale", [("en", "en-US"), ("ja", "ja-JP")])
def test_prerendered_lobby_is_the_live_one(open_page, site_url, lang, locale):
    """The lobby is there with no Python, in the browser's language, showing every game; when
    Python takes over it puts in exactly the markup that was shown (nothing flashes or moves)."""
    page = open_page(DESKTOP, locale=locale)
    held = HeldPackage(page)
    page.goto(site_url + "/")
    screen = page.locator(SCREEN.format(lang=lang))
    expect(screen).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == lang
    for other in ("en", "ja"):
        if other != lang:
            expect(page.locator(SCREEN.format(lang=other))).to_be_hidden()
    held.wait_requested()
    assert not_ready(page)
    games = screen.locator("[data-game]")
    assert games.evaluate_all("els => els.map(e => e.dataset.game)") == list(pygames.GAMES)
    for game_id, game in pygames.GAMES.items():
        tile = screen.locator(f'[data-game="{game_id}"]')
        expect(tile).to_contain_text(game.title[lang])
        expect(tile.locator(".game-card-art svg")).to_be_visible()
    before = screen.evaluate("e => e.outerHTML")
    box = screen.locator('[data-game]').last.bounding_box()
    held.release()
    ready(page)
    assert page.locator("#app > .screen").count() == 1
    assert page.evaluate("document.getElementById('app').innerHTML") == before
    assert page.locator('#app [data-game]').last.bounding_box() == box
    expect(page.locator("#loading")).to_be_hidden()


def test_click_during_boot_lands_on_the_setup(open_page, site_url):
    """A click on a game while Python is starting says "Starting…" on that tile and leads to the
    game's setup once Python is ready; the language picker works during the boot too."""
    page = open_page(PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    held = HeldPackage(page)
    page.goto(site_url + "/?botdelay=0")
    held.wait_requested()
    game_id = list(pygames.GAMES)[-1]
    game = pygames.get_game(game_id)
    page.locator(SCREEN.format(lang="en") + ' select[name="lang"]').select_option("ja")
    screen = page.locator(SCREEN.format(lang="ja"))
    expect(screen).to_be_visible()
    tile = screen.locator(f'[data-game="{game_id}"]')
    tile.click()
    assert not_ready(page)
    expect(tile).to_have_attribute("data-pending", "")
    label = tile.evaluate("e => getComputedStyle(e, '::after').content")
    assert label == '"起動中…"', label
    expect(page.locator("#loading")).to_be_visible()
    shot(page, "lobby-phone-starting-ja")
    held.release()
    ready(page)
    expect(page.locator('[data-testid="start"]')).to_be_visible()
    expect(page.locator("#app .setup h2")).to_contain_text(game.title["ja"])
    expect(page.locator(f'#app [data-game="{game_id}"]')).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('pygames.lang')") == "ja"
    # and the table starts from there as usual
    page.locator('[data-testid="start"]').click()
    expect(page.locator(f'[data-testid="table"][data-game="{game_id}"]')).to_be_visible()


def test_the_boot_asks_for_its_files_at_once(open_page, site_url):
    """The files of the boot's chain (PyScript's modules, its config, pyodide.mjs, pygames.zip)
    are asked for while index.html is still being parsed (build.py's preloads) rather than each
    after the one that names it; only Pyodide's own files, which pyodide.mjs asks for all at once,
    and main.py come later. Nothing is downloaded twice: the runtime is handed the preloads."""
    page = open_page(DESKTOP)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site_url + "/?botdelay=0")
    ready(page)
    parsed = page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
    entries = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => e.startTime < window.pygamesReadyAt)
        .map((e) => [new URL(e.name).pathname.slice(1), e.startTime])""")
    names = [name for name, _ in entries]
    chain = boot_modules(collect()) + list(BOOT_FETCHES)
    assert set(chain) <= set(names), (chain, names)
    later = {"pyodide/pyodide-lock.json", "pyodide/python_stdlib.zip", "pyodide/pyodide.asm.wasm",
             "pyodide/pyodide.asm.mjs", "main.py"}
    late = [(name, round(start)) for name, start in entries
            if start > parsed and name not in later and not name.startswith("icons/")]  # icons: the browser's
    assert not late, f"asked for only after the page was parsed (a missing preload): {late}"
    twice = sorted({url for url in requested if requested.count(url) > 1})
    assert not twice, f"downloaded twice (a preload the runtime did not use): {twice}"


def test_our_python_is_compiled_once_shipped_or_kept(open_page, site_url):
    """pygames.zip brings every module the page imports at start compiled (build.py): the first
    boot compiles none. A game's own modules, imported once it is picked, are compiled then and
    kept (Cache Storage); the next visit puts them back and compiles nothing, and still works."""
    page = open_page(DESKTOP)
    page.goto(site_url + "/?botdelay=0")
    ready(page)
    page.wait_for_function("!!window.pygamesBytecode", timeout=BOOT_MS)
    first = page.evaluate("({...window.pygamesBytecode})")
    assert first["compiled"] == 0 and first["restored"] == 0, first
    game_id = list(pygames.GAMES)[0]
    page.locator(f'[data-game="{game_id}"]').click()
    page.locator('[data-testid="start"]').click()
    expect(page.locator(f'[data-testid="table"][data-game="{game_id}"]')).to_be_visible()
    page.wait_for_function("window.pygamesBytecode.compiled > 0", timeout=BOOT_MS)
    kept = page.evaluate("({...window.pygamesBytecode})")
    modules = list(kept["compiled_modules"])
    assert f"pygames.games.{game_id}.rules" in modules, modules
    assert all(m.startswith(f"pygames.games.{game_id}.") for m in modules), modules
    page.evaluate("localStorage.clear()")
    page.reload()
    ready(page)
    page.locator(f'[data-game="{game_id}"]').click()
    page.locator('[data-testid="start"]').click()
    expect(page.locator(f'[data-testid="table"][data-game="{game_id}"]')).to_be_visible()
    page.wait_for_function("!!window.pygamesBytecode", timeout=BOOT_MS)
    again = page.evaluate("({...window.pygamesBytecode})")
    # every module the first keep reported is put back and none of them is compiled again; a module
    # only one of the two visits imported (the bot's, when a bot moves first in that deal) or one a
    # later keep took after the reload may be compiled, so only the kept ones are checked
    again_compiled = set(again["compiled_modules"])
    assert again["restored"] >= len(modules) and not again_compiled & set(modules), (kept, again)


def test_saved_games_are_there_before_python(open_page, site_url):
    """A returning player's saved games are in the lobby before Python runs (boot.js puts back the
    list Python last showed), and Python's lobby replaces identical markup."""
    page = open_page(DESKTOP)
    page.goto(site_url + "/?botdelay=0")
    ready(page)
    game_id = list(pygames.GAMES)[0]
    page.locator(f'[data-game="{game_id}"]').click()
    page.locator('[data-testid="start"]').click()
    expect(page.locator(f'[data-testid="table"][data-game="{game_id}"]')).to_be_visible()
    page.locator('[data-testid="to-lobby"]').click()
    expect(page.locator('[data-testid="save-item"]')).to_be_visible()
    # (the table's setup is remembered too: Python would show it below the list; not this test's point)
    page.evaluate("localStorage.removeItem('pygames.setup')")
    held = HeldPackage(page)
    page.reload()
    held.wait_requested()
    assert not_ready(page)
    screen = page.locator(SCREEN.format(lang="en"))
    item = screen.locator('[data-testid="save-item"]')
    expect(item).to_be_visible()
    expect(item).to_contain_text(pygames.get_game(game_id).title["en"])
    before = screen.evaluate("e => e.outerHTML")
    box = screen.locator("[data-game]").last.bounding_box()
    held.release()
    ready(page)
    assert page.evaluate("document.getElementById('app').innerHTML") == before
    assert page.locator("#app [data-game]").last.bounding_box() == box
