"""Every game at the player counts and options the other browser tests leave out, all bots,
one after another on one page (one Pyodide boot): each table plays itself to the end.

Together with test_browser_site.py (a human at the smallest count, bots at the largest)
this plays every game at every player count and every rule set in Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_browser_site import STEP_MS, boot, check_no_error, rev, settle

from browser_helpers import DESKTOP, shot

pytestmark = pytest.mark.browser

SETUPS = [
    ("oriflamme", ["normal", "easy", "random", "normal"], {"decree_triggers_ambush": True}),
    ("koryo", ["normal", "easy", "random"], {"events": "6-4", "play_limit": False}),
    ("tournay", ["normal", "easy"], {"rules": "advanced"}),
    ("tournay", ["normal", "easy", "normal"], {"rules": "advanced"}),
    ("houses", ["normal", "easy"], {"house_0": "vorhelm", "house_1": "miravelle"}),
    ("houses", ["normal", "easy", "normal", "random"],
     {"house_0": "ombrine", "house_1": "solmere", "house_2": "vorhelm", "house_3": "miravelle"}),
    ("coup", ["normal", "easy", "normal", "random", "easy"], {"factions": True, "diplomat": True}),
    # a hard bot at a later seat with agendas: its model of the first seat's hidden agenda
    # during the setup placements (it once stopped the table there)
    ("houses", ["normal", "hard"], {"agendas": True}),
]


def set_option(page, key, value) -> None:
    field = page.locator(f'[name="{key}"]')
    if isinstance(value, bool):
        field.set_checked(value)
    else:
        field.select_option(str(value))


def test_every_count_and_rule_set_plays_to_the_end(open_page, site_url):
    page = open_page(DESKTOP)
    boot(page, site_url)
    for index, (game_id, seats, options) in enumerate(SETUPS):
        page.locator(f'[data-game="{game_id}"]').click()
        page.locator('select[name="num_players"]').select_option(str(len(seats)))
        for seat, kind in enumerate(seats):
            page.locator(f'select[data-seat="{seat}"]').select_option(kind)
        for key, value in options.items():
            set_option(page, key, value)
        before = rev(page)
        page.locator('[data-testid="start"]').click()
        settle(page, before)
        expect(page.locator(f'[data-testid="table"][data-game="{game_id}"]')).to_be_visible()
        expect(page.locator('[data-testid="game-over"]')).to_be_visible(timeout=STEP_MS * 4)
        check_no_error(page)
        shot(page, f"setup-{index}-{game_id}-{len(seats)}p-over")
        before = rev(page)
        page.locator('[data-testid="game-over"] [data-action="lobby"]').first.click()
        page.wait_for_function("(rev) => document.getElementById('app').dataset.rev !== rev", arg=before)
        expect(page.locator('[data-testid="lobby"]')).to_be_visible()
