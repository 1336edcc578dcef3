"""Every finished lesson ("Learn to play") played to its end in the browser, making exactly the
moves it asks for (the highlighted choice), with one other move tried first to see it refused.
At every moment the player reads or acts: the note is inside the window and beside its element
(a callout next to it on a wide window, a bottom sheet on a phone, pinned under the prompt when its
element is the prompt), it covers neither that element nor the move it asks for, the move asked has
the focus (a note to read: its Next), and the page is no wider than the window.

One page per lesson, which plays it once per combination of language and width, both switched in
place (no new boot). In CI each lesson plays two runs that between them meet both languages and
both widths (``COMBOS``: the first, third and fifth lesson English wide and Japanese on a phone, the
others the other way round); ``PYGAMES_LESSONS=all`` plays all four combinations of every lesson.
``PYGAMES_LESSON_SHOTS=1`` writes the doc pictures of docs/tutorials.md (steps 1, 2, 3 and the last)
into docs/screenshots/ as it plays.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from test_browser_site import boot, check_fits, rev, settle

from pygames.core.tutorial import TUTORIAL_GAMES

from browser_helpers import PHONE

pytestmark = pytest.mark.browser

WIDE = {"width": 1366, "height": 900}
ALL = (("en", WIDE), ("ja", PHONE), ("en", PHONE), ("ja", WIDE))
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def combos(index: int) -> tuple:
    """The runs of the lesson at ``index`` of TUTORIAL_GAMES: every language at every width between
    its two runs, alternating over the lessons so that each combination is played in CI."""
    if os.environ.get("PYGAMES_LESSONS") == "all":
        return ALL
    return ALL[:2] if index % 2 == 0 else ALL[2:]


COMBOS = {game_id: combos(i) for i, game_id in enumerate(TUTORIAL_GAMES)}

BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
#: no finite animation running (the hint's pulse runs forever and is left out)
SETTLED_MOTION = """() => document.getAnimations().every(a => a.playState !== "running"
    || (a.effect && a.effect.getTiming().iterations === Infinity))"""
SHOTS = os.environ.get("PYGAMES_LESSON_SHOTS") == "1"
#: how far (px) the ring's edges are from its element's, grown by the ring's 4px on each side
RING_OFF = """() => {
  const name = document.querySelector('[data-testid="tutorial"]').getAttribute('data-note-for');
  const element = name.startsWith('choice:')
    ? document.querySelector(`[data-choice="${CSS.escape(name.slice(7))}"]`)
    : document.querySelector(`[data-anchor="${CSS.escape(name)}"]`);
  const a = element.getBoundingClientRect();
  const b = document.querySelector('[data-testid="lesson-ring"]').getBoundingClientRect();
  return Math.max(Math.abs(b.left + 4 - a.left), Math.abs(b.top + 4 - a.top),
                  Math.abs(b.right - 4 - a.right), Math.abs(b.bottom - 4 - a.bottom));
}"""


def overlaps(a, b) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def inside(page, box) -> bool:
    width, height = page.evaluate("[document.documentElement.clientWidth, window.innerHeight]")
    return box[0] >= -1 and box[2] <= width + 1 and box[1] >= -1 and box[3] <= height + 1


def check_note(page, note, name: str) -> None:
    expect(note).to_be_visible()
    note.element_handle().wait_for_element_state("stable")
    note.evaluate("el => el.scrollIntoView({block: 'nearest'})")  # a callout scrolls with the page
    box = note.evaluate(BOX)
    assert inside(page, box), f"{name}: the note leaves the window {box}"
    bar = page.locator(".topbar").first.evaluate(BOX)[3]  # the sticky top bar hides what is under it
    assert box[1] >= bar - 1, f"{name}: the note is under the top bar"
    classes = note.get_attribute("class")
    ring = page.locator('[data-testid="lesson-ring"]')
    if note.get_attribute("data-note-for") == "prompt":
        assert "is-sheet" in classes or "is-pinned" in classes, f"{name}: the note is not by the prompt"
        return
    expect(ring).to_have_count(1)  # the element is shown (a ring and a tag), else the test of
    # tests/ui/test_tutorial_ui.py would have failed; the ring frames it where it comes to rest
    page.wait_for_function(SETTLED_MOTION)
    try:  # (a sticky element's ring follows it a frame after a scroll)
        page.wait_for_function(f"() => ({RING_OFF})() <= 2", timeout=2000)
    except PlaywrightTimeout:
        pass
    off = page.evaluate(RING_OFF)
    assert off <= 2, f"{name}: the ring is {off:.0f}px off its element"
    ring_box = ring.evaluate(BOX)
    if "is-callout" in classes:
        assert not overlaps(box, ring_box), f"{name}: the callout covers its element"
        gap = max(ring_box[0] - box[2], box[0] - ring_box[2], ring_box[1] - box[3], box[1] - ring_box[3])
        assert gap <= 24, f"{name}: the callout is {gap}px from its element"


def play(page, game_id: str, lang: str, viewport: dict) -> None:
    name0 = f"tutorial-{game_id}-{lang}-{viewport['width']}"
    page.set_viewport_size(viewport)
    page.locator('select[name="lang"]').first.select_option(lang)
    expect(page.locator(f'#app .screen[lang="{lang}"]')).to_be_visible()
    before = rev(page)
    learn = page.locator(f'[data-testid="learn"][data-value="{game_id}"]')
    expect(learn).to_have_count(1)
    learn.click()
    settle(page, before)
    note = page.locator('[data-testid="tutorial"]')
    total = int(note.get_attribute("data-total"))
    tried_other = False
    for _ in range(4 * total):
        kind, n = note.get_attribute("data-kind"), int(note.get_attribute("data-n"))
        name = f"{name0}-step{n}"
        if kind == "done":
            break
        assert kind in ("read", "act"), f"{name}: the page waits during a bot's step"
        check_note(page, note, name)
        assert page.locator('[data-testid="tutorial-text"]').text_content().strip(), f"{name}: an empty note"
        if SHOTS and (n <= 3 or n == total):
            page.mouse.move(0, 0)  # the last click's pointer would open a card's zoom over the picture
            page.wait_for_function(SETTLED_MOTION)  # no card caught in the middle of its glide
            page.screenshot(path=str(DOCS / f"tutorial-{game_id}-{lang}{'-phone' if viewport is PHONE else ''}"
                                            f"-step{n}.png"))
        before = rev(page)
        if kind == "read":
            nxt = page.locator('[data-testid="tutorial-next"]')
            expect(nxt).to_be_focused()
            nxt.click()
        else:
            asked = page.locator('[data-hint="true"]')
            expect(asked).to_have_count(1)
            expect(asked).to_be_focused()
            asked.element_handle().wait_for_element_state("stable")  # a card gliding to its place
            box = asked.evaluate(BOX)  # where the page put it: the test does not scroll
            assert inside(page, box), f"{name}: the move asked is out of the window {box}"
            assert not overlaps(note.evaluate(BOX), box), f"{name}: the note covers the move"
            other = page.locator('[data-testid="choice"]:not([data-hint])')
            if not tried_other and other.count():
                tried_other = True
                other.first.click()
                settle(page, before)
                expect(page.locator('[data-testid="tutorial-wrong"]')).to_be_visible()
                assert int(note.get_attribute("data-n")) == n, "another move was played"
                before = rev(page)
            asked.click()
        settle(page, before)
        check_fits(page, name)
    assert note.get_attribute("data-kind") == "done", f"{name0}: the lesson did not reach its end"
    assert tried_other
    expect(page.locator('[data-testid="game-over"]')).to_be_visible()
    # finished: the lobby offers the lesson from its start again
    before = rev(page)
    page.locator('[data-testid="to-lobby"]').click()
    settle(page, before)
    expect(page.locator(f'[data-testid="learn"][data-value="{game_id}"]')).to_contain_text(
        "Learn to play" if lang == "en" else "遊び方")


@pytest.mark.parametrize("game_id", TUTORIAL_GAMES)
def test_lesson_plays_to_its_end(open_page, site_url, game_id):
    page = open_page(COMBOS[game_id][0][1])
    boot(page, site_url)
    for lang, viewport in COMBOS[game_id]:
        play(page, game_id, lang, viewport)
