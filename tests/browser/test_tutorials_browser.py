"""Every finished lesson ("Learn to play") played to its end in the browser, making exactly the
moves it asks for (the highlighted choice), with one other move tried first to see it refused.
At every step the note is visible, inside the window, and does not cover the choice it asks for.

To keep CI short, not every combination runs: Coup's lesson is played in English at desktop width
(1366x900) and in Japanese at phone width (390x844); each other lesson once, in a combination
Coup's runs do not use (Koryo: English at phone width;
Oriflamme: Japanese at desktop width; Great Houses: English at desktop width), or, for Tournay's, one run
(Japanese at phone width), see COMBOS.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_browser_site import boot, check_fits, rev, settle

from pygames.core.tutorial import TUTORIAL_GAMES

from browser_helpers import PHONE, shot

pytestmark = pytest.mark.browser

WIDE = {"width": 1366, "height": 900}
#: each lesson's language and width: Coup both, the others one combination each, spread over the
#: four so that every language meets every width across the lessons (CI time stays small)
COMBOS = {"coup": (("en", WIDE), ("ja", PHONE)), "koryo": (("en", PHONE),),
          "oriflamme": (("ja", WIDE),), "tournay": (("ja", PHONE),),
          "houses": (("en", WIDE),)}
RUNS = [(game_id, lang, viewport) for game_id in TUTORIAL_GAMES for lang, viewport in COMBOS[game_id]]

BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_note(page, note, name: str) -> None:
    expect(note).to_be_visible()
    note.evaluate("el => el.scrollIntoView({block: 'center'})")
    left, top, right, bottom = note.evaluate(BOX)
    width, height = page.evaluate("[window.innerWidth, window.innerHeight]")
    bar = page.locator(".topbar").first.evaluate(BOX)[3]  # the sticky top bar hides what is under it
    assert 0 <= left and right <= width and max(bar, 0) - 1 <= top and bottom <= height + 1, \
        f"{name}: the note leaves the window"


@pytest.mark.parametrize("game_id,lang,viewport", RUNS, ids=[f"{g}-{lang}" for g, lang, _ in RUNS])
def test_lesson_plays_to_its_end(open_page, site_url, game_id, lang, viewport):
    page = open_page(viewport)
    boot(page, site_url)
    page.locator('select[name="lang"]').first.select_option(lang)
    page.locator(f'[data-game="{game_id}"]').click()
    before = rev(page)
    page.locator('[data-testid="learn"]').first.click()
    settle(page, before)
    note = page.locator('[data-testid="tutorial"]')
    total = int(note.get_attribute("data-total"))
    tried_other = False
    for _ in range(4 * total):
        kind, step = note.get_attribute("data-kind"), int(note.get_attribute("data-step"))
        name = f"tutorial-{game_id}-{lang}-{viewport['width']}-step{step + 1}"
        if kind == "done":
            break
        check_note(page, note, name)
        assert page.locator('[data-testid="tutorial-text"]').text_content().strip(), f"{name}: an empty note"
        if step < 3 or step == total - 1:
            page.mouse.move(0, 0)  # the last click's pointer would open a card's zoom over the picture
            shot(page, name)
        before = rev(page)
        if kind == "read":
            page.locator('[data-testid="tutorial-next"]').click()
        else:
            assert kind == "act", f"{name}: the page waits during a bot's step"
            asked = page.locator('[data-hint="true"]')
            expect(asked).to_have_count(1)
            asked.scroll_into_view_if_needed()
            assert not overlaps(note.evaluate(BOX), asked.evaluate(BOX)), f"{name}: the note covers the move"
            other = page.locator('[data-testid="choice"]:not([data-hint])')
            if not tried_other and other.count():
                tried_other = True
                other.first.click()
                settle(page, before)
                expect(page.locator('[data-testid="tutorial-wrong"]')).to_be_visible()
                assert int(note.get_attribute("data-step")) == step, "another move was played"
                before = rev(page)
            asked.click()
        settle(page, before)
        check_fits(page, name)
    assert note.get_attribute("data-kind") == "done", "the lesson did not reach its end"
    assert tried_other
    expect(page.locator('[data-testid="game-over"]')).to_be_visible()
    # finished: the lobby offers the lesson from its start again
    page.locator('[data-testid="to-lobby"]').click()
    page.locator(f'[data-game="{game_id}"]').click()
    expect(page.locator('[data-testid="learn"]').first).to_have_attribute("data-action", "learn")
