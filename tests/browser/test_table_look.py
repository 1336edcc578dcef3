"""The table as players see it, for every game in Chromium (issue 16):

- (cards fitting their text, in positions of real games at both widths and languages:
  test_card_fit.py)
- the zoom: hovering, focusing or tapping a card shows its large card (picture and text) in #zoom,
  also from the log, the card reference and the replay; Escape or a tap elsewhere closes it, and it
  never takes a click;
- every card kind in each game's card reference has its picture (a symbol of the game's art);
- motion: with reduced motion asked for (or the animations setting off) nothing animates, while
  the last moves of the bots stay marked; with motion on, a bot's move animates;
- a pointer resting on the edge of a choice, or pressing a button on its edge, does not move it
  (a hover style that moved the box took it from under the pointer and back every frame: a
  jitter, and clicks that timed out; a pressed button that moved lost a press on its edge).

Positions come from tools/screenshots.py (a record played in CPython, opened by the lobby's import).
The tests but two share one booted page (``booted_page``), each starting at its lobby.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect
from test_browser_site import boot, rev, settle, start_game

import pygames
from tools.screenshots import position_records

from browser_helpers import DESKTOP, PHONE, back_to_lobby

pytestmark = pytest.mark.browser

GAME_IDS = list(pygames.GAME_IDS)
WIDE = {"width": 1366, "height": 900}


SYMBOL_OF = """(use) => {
  const ref = use.getAttribute('href') || '';
  const symbol = ref.startsWith('#') ? document.getElementById(ref.slice(1)) : null;
  return !!symbol && symbol.tagName.toLowerCase() === 'symbol' && symbol.children.length > 0;
}"""


WAITS_FOR_HUMAN = """() => !['bot', 'loading'].includes(document.getElementById('app').dataset.phase)"""


def open_record(page, record: dict) -> str:
    """From anywhere: back to the lobby, import the record; returns the phase it opens in."""
    if page.get_attribute("#app", "data-phase") != "lobby":
        # a table that is still playing bot moves (or a lone human's automatic pass) redraws
        # its controls: wait until it waits for a human, then leave
        page.wait_for_function(WAITS_FOR_HUMAN)
        before = rev(page)
        page.locator('[data-testid="to-lobby"]').first.click()
        page.wait_for_function("(r) => document.getElementById('app').dataset.rev !== r", arg=before)
    before = rev(page)
    page.locator('[data-testid="import"]').set_input_files(
        files=[{"name": "position.json", "mimeType": "application/json",
                "buffer": json.dumps(record).encode("utf-8")}])
    return settle(page, before)


def to_replay_end(page) -> None:
    last = page.locator('[data-testid="replay-last"]')
    if last.is_enabled():
        before = rev(page)
        last.click()
        page.wait_for_function("(r) => document.getElementById('app').dataset.rev !== r", arg=before)


def zoom_shows(page) -> bool:
    return page.locator("#zoom").is_visible() and page.locator('#zoom [data-testid="zoom-card"]').count() == 1


# --------------------------------------------------------------------------- the zoom
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_card_zoom_on_hover_focus_tap_log_reference_replay(booted_page, game_id):
    page = booted_page(WIDE, "reduce", COUNT_ANIMATIONS)
    middle, finished = position_records(game_id, (0.5, 1))
    assert open_record(page, middle) == "human"
    cards = page.locator("#app .board [data-zoom]")
    assert cards.count() > 0, "no card on the table opens a zoom"

    cards.first.hover()  # hover: the large card, with its picture
    expect(page.locator("#zoom")).to_be_visible()
    assert zoom_shows(page)
    uses = page.locator("#zoom svg use")
    assert uses.count() >= 1 and all(page.evaluate(SYMBOL_OF, u.element_handle()) for u in uses.all())
    assert len(page.locator("#zoom").inner_text().strip()) > 20, "the zoom shows no rules text"
    assert page.evaluate("getComputedStyle(document.getElementById('zoom')).pointerEvents") == "none"
    page.keyboard.press("Escape")
    expect(page.locator("#zoom")).to_be_hidden()

    for _ in range(80):  # keyboard focus: Tab to the first card
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement && document.activeElement.matches('#app [data-zoom]')"):
            break
    expect(page.locator("#zoom")).to_be_visible()
    page.mouse.move(1, 1)
    page.locator('[data-testid="status"]').click()  # a tap elsewhere closes it
    expect(page.locator("#zoom")).to_be_hidden()

    plain = page.locator("#app [data-zoom]:not([data-choice])")  # a tap on a card that is not a move
    if plain.count():
        plain.first.click()
        expect(page.locator("#zoom")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#zoom")).to_be_hidden()

    logged = page.locator(".log [data-zoom]")  # card names in the log
    if logged.count():
        logged.first.hover()
        expect(page.locator("#zoom")).to_be_visible()
        page.mouse.move(1, 1)

    page.locator('[data-testid="open-cards"]').click()  # the card reference
    entry = page.locator('[data-testid="card-ref"][data-zoom]').first
    entry.hover()
    expect(page.locator("#zoom")).to_be_visible()
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    expect(page.locator('[data-testid="panel"]')).to_be_hidden()

    assert open_record(page, finished) == "replay"  # the replay
    to_replay_end(page)
    page.locator("#app .board [data-zoom]").first.hover()
    expect(page.locator("#zoom")).to_be_visible()
    assert zoom_shows(page)


# --------------------------------------------------------------------------- pictures in the card reference
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_card_kind_in_the_reference_has_its_picture(booted_page, game_id):
    page = booted_page(DESKTOP, "no-preference", COUNT_ANIMATIONS)
    page.locator(f'[data-game="{game_id}"]').click()
    page.locator('[data-testid="open-cards"]').click()
    entries = page.locator('[data-testid="card-ref"]')
    assert entries.count() > 0
    missing = []
    for entry in entries.all():
        uses = entry.locator("svg.card-art use")
        if uses.count() != 1 or not page.evaluate(SYMBOL_OF, uses.first.element_handle()):
            missing.append(entry.inner_text().split("\n")[0])
    pictures = page.evaluate("""() => [...document.querySelectorAll('[data-testid="card-ref"] svg.card-art use')]
        .map(u => u.getAttribute('href'))""")
    assert missing == [], f"card reference entries without their picture: {missing}"
    assert len(set(pictures)) > 1, "every entry shows the same picture"


# --------------------------------------------------------------------------- motion
COUNT_ANIMATIONS = """
window.__animateCalls = 0;
const original = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.__animateCalls += 1; return original.apply(this, args); };
"""


def play_some(page, game_id: str, clicks: int, seed: int = 3, still: bool = False) -> tuple[int, int]:
    """Start a table (you + two random bots where the game allows: their moves are marked and animated
    as any bot's, with no thinking to wait for), click random choices; returns
    (element.animate calls, the most last-move marks seen on one screen). ``still``: check after
    every redraw that nothing animates."""
    game = pygames.get_game(game_id)
    n = max(game.min_players, min(3, game.max_players))
    start_game(page, game_id, ["human"] + ["random"] * (n - 1))
    rng = random.Random(seed)
    marks = 0
    for _ in range(clicks):
        if page.get_attribute("#app", "data-phase") != "human":
            break
        marks = max(marks, page.locator("#app [data-last-move]").count())
        if still:
            running = page.evaluate("document.getAnimations().map(a => a.animationName || a.constructor.name)")
            assert running == [], f"animations running: {running}"
        choices = page.locator('#app [data-testid="choice"]')
        before = rev(page)
        choices.nth(rng.randrange(choices.count())).click()
        settle(page, before)
    return page.evaluate("window.__animateCalls"), marks


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_reduced_motion_means_no_animation_but_marks_stay(booted_page, game_id):
    page = booted_page(PHONE, "reduce", COUNT_ANIMATIONS)
    page.evaluate("window.__animateCalls = 0")
    calls, marks = play_some(page, game_id, clicks=12, still=True)
    running = page.evaluate("document.getAnimations().map(a => a.animationName || a.constructor.name)")
    assert calls == 0, f"{calls} element.animate() calls with reduced motion"
    assert running == [], f"animations running with reduced motion: {running}"
    assert marks > 0, "the bots' last moves are not marked"


def test_motion_on_animates_and_the_setting_off_stops_it(open_page, site_url):
    page = open_page(viewport=DESKTOP, reduced_motion="no-preference")
    page.add_init_script(COUNT_ANIMATIONS)
    boot(page, site_url)
    calls, marks = play_some(page, "coup", clicks=8)
    assert calls > 0, "no motion with animations on"
    assert marks > 0

    page.evaluate("""() => localStorage.setItem('pygames.settings',
        JSON.stringify({...JSON.parse(localStorage.getItem('pygames.settings') || '{}'), animations: false}))""")
    boot(page, site_url)
    assert page.get_attribute("#app", "data-anim") == "off"
    back_to_lobby(page)  # the reload reopened the Coup table if it was still playing
    page.evaluate("window.__animateCalls = 0")
    calls, marks = play_some(page, "oriflamme", clicks=8, still=True)
    assert calls == 0, f"{calls} element.animate() calls with the animations setting off"
    assert marks > 0, "the last-move marks go with the animations setting off"


BOX_STEADY = """async (sel) => {
  // the choice's box over three frames: a hover style that moves the box would take it away
  // from the pointer and back each frame (a jitter a player sees and a click can miss)
  const e = document.querySelector(sel);
  const boxes = [];
  for (let i = 0; i < 3; i++) {
    await new Promise(r => requestAnimationFrame(r));
    const b = e.getBoundingClientRect();
    boxes.push([b.x, b.y, b.width, b.height].join(','));
  }
  return boxes;
}"""


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_pointer_on_the_edge_of_a_choice_does_not_make_it_jitter(booted_page, game_id):
    page = booted_page(PHONE, "reduce", COUNT_ANIMATIONS)
    game = pygames.get_game(game_id)
    n = max(game.min_players, min(3, game.max_players))
    start_game(page, game_id, ["human"] + ["random"] * (n - 1))
    choices = page.locator('#app [data-testid="choice"]')
    assert choices.count() > 0
    for i in range(min(choices.count(), 4)):
        choice = choices.nth(i)
        choice.scroll_into_view_if_needed()
        box = choice.bounding_box()
        for y in (box["y"] + box["height"] - 0.5, box["y"] + 0.5):
            page.mouse.move(box["x"] + box["width"] / 2, y)
            choice.evaluate("e => e.setAttribute('data-steady-probe', '1')")
            boxes = page.evaluate(BOX_STEADY, "[data-steady-probe]")
            choice.evaluate("e => e.removeAttribute('data-steady-probe')")
            assert len(set(boxes)) == 1, f"{game_id} choice {i} moves under the pointer: {boxes}"
    # a button pressed on its top edge stays under the pointer too (leave before releasing: no click)
    button = page.locator("#app .btn:visible").first
    button.evaluate("e => e.setAttribute('data-steady-probe', '1')")
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 0.5)
    before = page.evaluate(BOX_STEADY, "[data-steady-probe]")
    page.mouse.down()
    pressed = page.evaluate(BOX_STEADY, "[data-steady-probe]")
    page.mouse.move(1, 1)
    page.mouse.up()
    assert set(pressed) == set(before) and len(set(before)) == 1, f"a pressed button moves: {before} {pressed}"
