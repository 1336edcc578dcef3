"""Coup with every option, played to its end through the UI: seat 0 human clicking, bots elsewhere.

Factions (with the almshouse, convert and embezzle) need 3+ players; Inquisitor
and Diplomat replace characters; "wins needed" plays several rounds.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from test_browser_site import MAX_CLICKS, boot, check_fits, rev, settle

from browser_helpers import DESKTOP, shot

pytestmark = pytest.mark.browser

SETUPS = {
    "factions-inquisitor": {"seats": ["human", "normal", "easy", "normal"],
                            "checks": ["factions", "inquisitor"], "selects": {}},
    "diplomat-two-wins": {"seats": ["human", "normal", "random"],
                          "checks": ["diplomat", "factions"], "selects": {"wins_needed": "2"}},
}


@pytest.mark.parametrize("name", list(SETUPS))
def test_coup_with_options_plays_to_the_end(open_page, site_url, name):
    setup = SETUPS[name]
    page = open_page(DESKTOP)
    boot(page, site_url)
    page.locator('[data-game="coup"]').click()
    page.locator('select[name="num_players"]').select_option(str(len(setup["seats"])))
    for index, kind in enumerate(setup["seats"]):
        page.locator(f'select[data-seat="{index}"]').select_option(kind)
    for key in setup["checks"]:
        box = page.locator(f'input[name="{key}"]')
        expect(box).to_be_enabled()
        box.check()
    for key, value in setup["selects"].items():
        page.locator(f'select[name="{key}"]').select_option(value)
    before = rev(page)
    page.locator('[data-testid="start"]').click()
    phase = settle(page, before)
    table = page.locator('[data-testid="table"][data-game="coup"]')
    expect(table).to_be_visible()
    board_text = table.text_content()
    # the options are really on: faction badges and the almshouse, the replaced characters
    assert "Almshouse" in board_text or "almshouse" in board_text.lower()
    if "inquisitor" in setup["checks"]:
        assert "Inquisitor" in board_text and "Ambassador" not in board_text
    if "diplomat" in setup["checks"]:
        assert "Diplomat" in board_text and "Duke" not in board_text
    rng = random.Random(f"coup-options/{name}")
    clicks = 0
    while phase != "over":
        assert clicks < MAX_CLICKS, f"not over after {MAX_CLICKS} clicks"
        if clicks == 3:
            shot(page, f"coup-{name}-table")
        choices = page.locator('[data-testid="choice"]')
        count = choices.count()
        assert count > 0, f"phase {phase} but nothing to click"
        before = rev(page)
        choices.nth(rng.randrange(count)).click(timeout=15_000)
        phase = settle(page, before)
        clicks += 1
    expect(page.locator('[data-testid="game-over"]')).to_be_visible()
    check_fits(page, f"coup {name} game over")
    shot(page, f"coup-{name}-over")
