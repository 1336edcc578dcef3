"""The hard bot in Chromium, every game on one page (one Pyodide boot): the human asks for a hint
(the hard bot's move, its estimated win chance, the move's first click marked), follows it click
by click, and plays on until a hard bot has answered. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_browser_site import STEP_MS, boot, check_fits, check_no_error, rev, settle, start_game

import pygames

from browser_helpers import PHONE, shot

pytestmark = pytest.mark.browser

MAX_CLICKS = 60


def bot_lines(page) -> int:
    """Log lines that name the first hard bot."""
    return page.locator('[data-testid="log"] li', has_text="Bot 2 (hard)").count()


def click_and_settle(page, locator) -> str:
    before = rev(page)
    locator.click(timeout=15_000)
    return settle(page, before)


def test_hint_and_hard_bots_in_every_game(open_page, site_url):
    page = open_page(PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    boot(page, site_url)
    for game_id in pygames.GAME_IDS:
        game = pygames.get_game(game_id)
        players = max(2, game.min_players)
        start_game(page, game_id, ["human"] + ["hard"] * (players - 1))
        phase = page.get_attribute("#app", "data-phase")
        assert phase == "human", f"{game_id}: the table waits in phase {phase}"
        # the hint: computed in slices, then one sentence with the win chance, the first click marked
        page.locator('[data-testid="hint-button"]').click()
        hint = page.locator('[data-testid="hint"]:not([aria-busy])')
        expect(hint).to_contain_text("Estimated win chance", timeout=STEP_MS)
        expect(hint).to_contain_text("%")
        expect(page.locator("[data-hint]")).to_have_count(1)
        check_fits(page, f"{game_id} hint")
        shot(page, f"bots-{game_id}-phone-hint")
        before_lines = bot_lines(page)
        # follow the hint click by click: the mark moves on to the next click until the move is made
        clicks = 0
        while page.locator('[data-testid="hint"]').count():
            assert clicks < 6, f"{game_id}: the hint was still shown after {clicks} clicks"
            expect(page.locator("[data-hint]")).to_have_count(1)
            phase = click_and_settle(page, page.locator("[data-hint]"))
            clicks += 1
        # play on (first choices) until a hard bot has moved: a new log line names it
        clicks = 0
        while bot_lines(page) <= before_lines:
            assert phase == "human", f"{game_id}: phase {phase} before a bot moved"
            assert clicks < MAX_CLICKS, f"{game_id}: no hard bot move after {clicks} clicks"
            phase = click_and_settle(page, page.locator('[data-testid="choice"]').first)
            clicks += 1
        check_no_error(page)
        shot(page, f"bots-{game_id}-phone-after-hard")
        page.locator('[data-testid="to-lobby"]').click()
        expect(page.locator('[data-testid="lobby"]')).to_be_visible()
