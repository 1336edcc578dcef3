"""Table features in Chromium, each once (their logic is tested for every game in
tests/ui/test_table_features.py): saves surviving a reload, import of a damaged and of a
good record, export as a download, replay, undo, hint, rules and cards dialog, settings,
hot seat privacy, and the installable-app files. Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect
from test_browser_site import boot, check_fits, rev, settle, small_targets, start_game

import pygames
from pygames.ui.session import TableSession
from tools.serve import serve_in_thread
from tools.site import build

from browser_helpers import DESKTOP, PHONE, shot

pytestmark = pytest.mark.browser

PHONE_ARGS = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def import_text(page, text: str, name: str = "record.json") -> str:
    """Choose a file in the lobby's import control; returns the phase after the redraw."""
    before = rev(page)
    page.locator('[data-testid="import"]').set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode("utf-8")}])
    return settle(page, before)


def click(page, selector: str) -> str:
    before = rev(page)
    page.locator(selector).first.click()
    return settle(page, before)


def human_with_undo(game_id: str = "coup", seed: int = 5) -> dict:
    """A record (human + normal bot) stopped where the human may take back a move."""
    session = TableSession(game_id, 2, seed, {}, ["human", "normal"])
    rng = __import__("random").Random(seed)
    while not session.is_over():
        if session.bot_turn():
            session.play_bot_turn()
        elif session.undo_point() is not None and len(session.actions) > 2:
            return session.record()
        else:
            legal = session.game.legal_actions(session.state)
            session.apply(rng.choice(legal))
    raise AssertionError("no undo point found")


def finished_record(game_id: str = "koryo", seed: int = 4) -> dict:
    game = pygames.get_game(game_id)
    session = TableSession(game_id, game.min_players, seed, {}, ["human"] + ["random"] * (game.min_players - 1))
    rng = __import__("random").Random(seed)
    while not session.is_over():
        if session.bot_turn():
            session.play_bot_turn()
        else:
            session.apply(rng.choice(session.game.legal_actions(session.state)))
    return session.record()


def test_saves_reload_import_export_and_undo(open_page, site_url):
    """Phone size: a game in progress survives a reload; a damaged file is refused without
    losing the save; a good record imports; export downloads it; undo takes a move back."""
    page = open_page(PHONE, **PHONE_ARGS)
    boot(page, site_url)
    record = human_with_undo()
    assert import_text(page, json.dumps(record)) == "human"
    expect(page.locator('[data-testid="table"][data-game="coup"]')).to_be_visible()
    saved = json.loads(page.evaluate("JSON.stringify(localStorage)"))
    ids = json.loads(saved["pygames.saves"])
    assert len(ids) == 1 and len(json.loads(saved[f"pygames.save.{ids[0]}"])["actions"]) == len(record["actions"])
    check_fits(page, "coup table with tools")
    assert small_targets(page) == []
    shot(page, "features-phone-table-tools")

    # export: a download of the same record
    with page.expect_download() as info:
        page.locator('[data-testid="export"]').click()
    download = info.value
    assert download.suggested_filename.startswith("pygames-coup-")
    exported = json.loads(open(download.path(), encoding="utf-8").read())
    assert exported["actions"] == record["actions"] and exported["seed"] == record["seed"]

    # undo: back to the human's previous decision, saved at once
    undo = page.locator('[data-testid="undo"]')
    expect(undo).to_be_enabled()
    click(page, '[data-testid="undo"]')
    stored = json.loads(page.evaluate(f"localStorage.getItem('pygames.save.{ids[0]}')"))
    assert len(stored["actions"]) < len(record["actions"])
    assert page.get_attribute("#app", "data-phase") == "human"

    # a reload (tab closed and opened again) reopens the table; in the lobby the game is offered
    page.reload()
    page.wait_for_function("!!window.pygamesReadyAt", timeout=180_000)
    expect(page.locator('[data-testid="table"][data-game="coup"]')).to_be_visible()
    assert page.get_attribute("#app", "data-phase") == "human"
    click(page, '[data-testid="to-lobby"]')
    item = page.locator('[data-testid="save-item"]')
    expect(item).to_have_count(1)
    expect(item).to_contain_text(f"moves played: {len(stored['actions'])}")

    # a damaged file is refused with a message, and the saved game is still there
    assert import_text(page, "{ this is not json", "broken.json") == "lobby"
    expect(page.locator('[data-testid="notice"]')).to_contain_text("cannot be opened")
    other = dict(record, version=999)
    assert import_text(page, json.dumps(other)) == "lobby"
    expect(page.locator('[data-testid="notice"]')).to_contain_text("version")
    expect(page.locator('[data-testid="save-item"]')).to_have_count(1)
    shot(page, "features-phone-lobby-saves")
    assert click(page, '[data-testid="continue"]') == "human"
    expect(page.locator('[data-testid="table"][data-game="coup"]')).to_be_visible()


def test_replay_of_an_imported_finished_game(open_page, site_url):
    page = open_page(DESKTOP)
    boot(page, site_url)
    record = finished_record()
    total = len(record["actions"])
    assert import_text(page, json.dumps(record)) == "replay"
    bar = page.locator('[data-testid="replay"]')
    assert bar.get_attribute("data-step") == str(total)
    expect(page.locator('[data-testid="replay-over"]')).to_be_visible()
    click(page, '[data-testid="replay-first"]')
    assert bar.get_attribute("data-step") == "0"
    click(page, '[data-testid="replay-next"]')
    click(page, '[data-testid="replay-next"]')
    assert bar.get_attribute("data-step") == "2"
    before = rev(page)
    page.locator('[data-testid="replay-range"]').evaluate(
        "(e, k) => { e.value = String(k); e.dispatchEvent(new Event('change', {bubbles: true})); }", total // 2)
    settle(page, before)
    assert bar.get_attribute("data-step") == str(total // 2)
    spectator = page.locator(".board").inner_html()
    before = rev(page)
    page.locator('[data-testid="replay-seat"]').select_option("0")
    settle(page, before)
    assert page.locator(".board").inner_html() != spectator  # seat 0 sees its own cards
    expect(page.locator('[data-testid="choice"]')).to_have_count(0)
    shot(page, "features-desktop-replay")
    assert click(page, '[data-testid="replay-exit"]') == "lobby"


def test_hint_rules_cards_and_settings(open_page, site_url):
    page = open_page(PHONE, **PHONE_ARGS)
    boot(page, site_url)
    start_game(page, "oriflamme", ["human", "normal", "normal"])
    assert page.get_attribute("#app", "data-phase") == "human"
    # hint: computed in slices, then shown with the move's first click marked
    page.locator('[data-testid="hint-button"]').click()
    expect(page.locator('[data-testid="hint"]:not([aria-busy])')).to_contain_text("%", timeout=120_000)
    expect(page.locator("[data-hint]")).to_have_count(1)
    check_fits(page, "hint")
    shot(page, "features-phone-hint")
    # rules and cards in a dialog over the table, in Japanese too
    click(page, '[data-testid="open-rules"]')
    expect(page.locator('[data-testid="rules-text"]')).to_contain_text("influence")
    click(page, '[data-panel="rules"] [data-action="panel"][data-value="cards"]')
    cards = page.locator('[data-testid="card-ref"]')
    expect(cards).to_have_count(10)
    page.locator('[data-testid="card-filter"]').press_sequentially("spy", delay=30)
    expect(cards).to_have_count(1)
    expect(page.locator('[data-testid="card-filter"]')).to_be_focused()  # typing goes on
    check_fits(page, "cards dialog")
    shot(page, "features-phone-cards")
    page.keyboard.press("Escape")
    expect(page.locator('[data-testid="panel"]')).to_have_count(0)
    expect(page.locator('[data-testid="table"]')).to_be_visible()  # the game is still there
    # settings: remembered
    click(page, '[data-testid="open-settings"]')
    page.locator('select[name="speed"]').select_option("slow")
    page.locator('input[name="animations"]').uncheck()
    page.wait_for_function("document.getElementById('app').dataset.anim === 'off'")
    settings = json.loads(page.evaluate("localStorage.getItem('pygames.settings')"))
    assert settings == {"speed": "slow", "animations": False, "name": "", "ice": "", "answer_timer": "off"}
    page.locator('[data-panel="settings"] select[name="lang"]').select_option("ja")
    expect(page.locator('[data-testid="close-panel"]')).to_have_text("閉じる")
    shot(page, "features-phone-settings")


def test_keyboard_and_hot_seat_privacy(open_page, site_url):
    page = open_page(DESKTOP)
    boot(page, site_url)
    start_game(page, "coup", ["human", "human"])
    assert page.get_attribute("#app", "data-phase") == "privacy"
    status = page.locator('[data-testid="status"]')
    expect(status).to_contain_text("Pass the device to Player")
    expect(page.locator("[data-choice]")).to_have_count(0)  # nothing of a hand on screen
    shot(page, "features-desktop-privacy")
    who = status.text_content()
    # keyboard only: Tab to the reveal button, Enter; then a choice with Enter
    reveal = page.locator('[data-action="reveal"]')
    reveal.focus()
    before = rev(page)
    page.keyboard.press("Enter")
    assert settle(page, before) == "human"
    choice = page.locator("[data-choice]").first
    assert choice.get_attribute("tabindex") == "0" or choice.evaluate("e => e.tagName") == "BUTTON"
    choice.focus()
    outline = choice.evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline != "none"  # visible focus
    before = rev(page)
    page.keyboard.press("Enter")
    phase = settle(page, before)
    if phase == "privacy":  # the other human's turn: the screen hides the table again
        assert page.locator('[data-testid="status"]').text_content() != who
        expect(page.locator("[data-choice]")).to_have_count(0)


def test_installable_app_files(site_dir, site_url):
    """A manifest with relative start_url/scope and PNG icons that exist, precached by the worker."""
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        data = (site_dir / icon["src"]).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        width = int.from_bytes(data[16:20], "big")
        assert icon["sizes"] == f"{width}x{width}"
        sizes.add(width)
    assert {192, 512} <= sizes
    worker = (site_dir / "sw.js").read_text(encoding="utf-8")
    assert '"./manifest.webmanifest"' in worker and '"./icons/icon-512.png"' in worker
    index = (site_dir / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in index
    with urllib.request.urlopen(site_url + "/manifest.webmanifest") as response:
        assert "manifest" in response.headers["content-type"]


def test_every_game_starts_offline_and_the_app_files_are_cached(browser, guard, tmp_path):
    """After one visit with the network on, the server stops: a reload still boots, every game
    starts at a table, and the manifest and icons come from the offline cache."""
    site = tmp_path / "site"
    build(site, quiet=True)
    server, url = serve_in_thread(site)
    context = browser.new_context(service_workers="allow", viewport=PHONE, **PHONE_ARGS)
    guard.watch_context(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        boot(page, url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
        server.shutdown()
        server.server_close()
        server = None
        page.reload()
        page.wait_for_function("!!window.pygamesReadyAt", timeout=180_000)
        for game_id in pygames.GAME_IDS:
            start_game(page, game_id)
            check_fits(page, f"{game_id} offline")
            click(page, '[data-testid="to-lobby"]')
        found = page.evaluate("""async () => {
            const out = [];
            for (const path of ["./manifest.webmanifest", "./icons/icon-192.png", "./icons/icon-512.png"]) {
              const r = await fetch(path); out.push(r.ok);
            }
            return out; }""")
        assert found == [True, True, True]
    finally:
        context.close()
        if server is not None:
            server.shutdown()
            server.server_close()


def test_phone_dialog_and_tools_fit(open_page, site_url):
    """At 390 px, for every game (one page): the table with its tools and the card reference
    dialog, with no sideways scrolling and no small touch targets."""
    page = open_page(PHONE, **PHONE_ARGS)
    boot(page, site_url)
    for game_id in pygames.GAME_IDS:
        start_game(page, game_id)
        check_fits(page, f"{game_id} tools")
        assert small_targets(page) == [], game_id
        click(page, '[data-testid="open-cards"]')
        check_fits(page, f"{game_id} cards dialog")
        assert small_targets(page) == [], game_id
        shot(page, f"features-{game_id}-phone-cards")
        click(page, '[data-testid="close-panel"]')
        click(page, '[data-testid="to-lobby"]')
