"""Focus, prompts and keyboard play at the table (issue 38), in Chromium.

- At every decision of a played game (all five games, 1366x900 and 390x844), keyboard focus is on a
  choice of the new decision (no Tab needed), never on the body, and the prompt and the focused
  choice are both inside the window. Moves are made with the number keys only.
- Escape backs out of a move of several clicks; the prompt of the second click says what to pick.
- The keyboard commands read the table out into a live region; keys typed into a text field stay there.
- A reload mid-game reopens the table; deleting a saved game asks first.
Whole games played with nothing but the keyboard and the accessibility tree: test_keyboard_games.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_browser_site import boot, check_no_error, rev, settle

import pygames

from browser_helpers import DESKTOP, PHONE, shot

pytestmark = pytest.mark.browser

DECISIONS = 25  # human decisions checked per game and window size (partial games keep CI short)
SEATS = {"oriflamme": ["human", "random", "random", "random", "random"]}  # five: the longest queue

FOCUS_STATE = """async () => {
  await Promise.all(document.getAnimations().map(x => x.finished.catch(() => null)));  // pieces in place
  const a = document.activeElement;
  const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5
                        && r.width > 0 && r.height > 0;
  const status = document.querySelector('#app [data-testid="status"]');
  const choice = a && a.closest ? a.closest('[data-choice]') : null;
  return {tag: a ? a.tagName : null, choice: choice ? choice.getAttribute('data-choice') : null,
          statusIn: !!status && inside(status.getBoundingClientRect()),
          choiceIn: !!choice && inside(choice.getBoundingClientRect()),
          rect: choice ? JSON.stringify(choice.getBoundingClientRect()) : '',
          choices: [...document.querySelectorAll('#app [data-choice]')]
                     .filter(e => e.getAttribute('data-choice') !== '__back__').length,
          status: status ? status.textContent : ''};
}"""


def start_from_keyboard_focus(page, game_id: str, seats: list[str]) -> None:
    page.locator(f'[data-game="{game_id}"]').click()
    for index, kind in enumerate(seats):
        page.locator('select[name="num_players"]').select_option(str(len(seats)))
        page.locator(f'select[data-seat="{index}"]').select_option(kind)
    before = rev(page)
    page.locator('[data-testid="start"]').focus()
    page.keyboard.press("Enter")
    settle(page, before)


def play_checked(page, game_id: str, label: str) -> int:
    """Play up to DECISIONS human decisions with the number keys, checking focus and view at each."""
    seen = 0
    for step in range(DECISIONS * 3):
        phase = page.get_attribute("#app", "data-phase")
        if phase == "over":
            break
        assert phase == "human", f"{label}: the table waits in phase {phase}"
        state = page.evaluate(FOCUS_STATE)
        where = f"{label} decision {seen} ({state['status']!r})"
        assert state["tag"] not in ("BODY", None), f"{where}: the focus fell back to the body"
        assert state["choice"] is not None, f"{where}: the focus is on {state['tag']}, not on a choice"
        assert state["statusIn"], f"{where}: the prompt is outside the window"
        assert state["choiceIn"], \
            f"{where}: the focused choice {state['choice']} is outside the window: {state['rect']}"
        if seen == 3:
            shot(page, f"focus-{label}")
        seen += 1
        if seen >= DECISIONS:
            break
        before = rev(page)
        page.keyboard.press(str(1 + (step * 7) % min(state["choices"], 9)))
        settle(page, before)
    return seen


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_focus_and_prompt_follow_each_decision(open_page, site_url, size):
    page = open_page(DESKTOP if size == "desktop" else PHONE)
    boot(page, site_url)
    for game_id in pygames.GAME_IDS:
        seats = SEATS.get(game_id, ["human", "random"])
        start_from_keyboard_focus(page, game_id, seats)
        assert play_checked(page, f"{game_id}-{size}", f"{game_id}-{size}") > 3
        before = rev(page)
        page.locator('[data-testid="to-lobby"]').click()
        settle(page, before)
    check_no_error(page)


def test_escape_backs_out_and_the_step_prompt_says_what_to_pick(open_page, site_url):
    page = open_page(DESKTOP)
    boot(page, site_url)
    start_from_keyboard_focus(page, "oriflamme", ["human", "random", "random"])
    status = page.locator('#app [data-testid="status"]')
    first = status.text_content()
    before = rev(page)
    page.keyboard.press("1")  # a card of the hand: where to place it comes next
    settle(page, before)
    expect(status).not_to_have_text(first or "")
    assert page.locator('#app [data-choice="__back__"]').count() == 1
    before = rev(page)
    page.keyboard.press("Escape")
    settle(page, before)
    expect(status).to_have_text(first or "")
    assert page.locator('#app [data-choice="__back__"]').count() == 0


def test_keyboard_commands_read_out_and_leave_text_fields_alone(open_page, site_url):
    page = open_page(DESKTOP)
    boot(page, site_url)
    start_from_keyboard_focus(page, "coup", ["human", "random"])
    readout = page.locator("#readout")
    for key, words in (("w", "Choices: 1 "), ("h", "Your hand:"), ("t", "coins"), ("s", "wins"),
                       ("l", "")):
        page.keyboard.press(key)
        expect(readout).to_be_visible()
        if words:
            expect(readout).to_contain_text(words)
    assert readout.get_attribute("aria-live") == "polite"
    # the rules dialog lists the commands
    page.locator('[data-testid="open-rules"]').click()
    expect(page.locator('[data-testid="keyboard-help"]')).to_contain_text("read your hand")
    page.keyboard.press("Escape")
    expect(page.locator('[data-testid="panel"]')).to_have_count(0)
    # a digit typed into a field is text, not a move
    before = page.get_attribute("#app", "data-rev")
    page.locator('[data-testid="open-settings"]').click()
    field = page.locator('#app input[name="player-name"]')
    if field.count():
        field.fill("")
        field.press("1")
        assert field.input_value() == "1"
    assert page.get_attribute("#app", "data-rev") != before
    check_no_error(page)


def test_reload_reopens_the_table_and_delete_asks_first(open_page, site_url):
    page = open_page(DESKTOP)
    boot(page, site_url)
    start_from_keyboard_focus(page, "koryo", ["human", "random"])
    before = rev(page)
    page.keyboard.press("1")
    settle(page, before)
    page.reload()
    page.wait_for_function("!!window.pygamesReadyAt", timeout=120_000)
    expect(page.locator('[data-testid="table"][data-game="koryo"]')).to_be_visible()
    assert page.get_attribute("#app", "data-phase") == "human"
    page.locator('[data-testid="to-lobby"]').click()
    item = page.locator('[data-testid="save-item"]')
    expect(item).to_have_count(1)
    item.locator('[data-testid="delete"]').click()
    expect(page.locator('[data-testid="delete-confirm"]')).to_be_visible()
    page.locator('[data-testid="delete-no"]').click()
    expect(item).to_have_count(1)
    item.locator('[data-testid="delete"]').click()
    page.locator('[data-testid="delete-yes"]').click()
    expect(page.locator('[data-testid="save-item"]')).to_have_count(0)
    # back in the lobby, a reload stays there
    page.reload()
    page.wait_for_function("!!window.pygamesReadyAt", timeout=120_000)
    expect(page.locator('[data-testid="lobby"]')).to_be_visible()
