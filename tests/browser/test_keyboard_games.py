"""A whole game of each of the five games played with nothing but the keyboard, the page read only
through its accessibility tree (issue 38, "Accessible play"; the anchor is lichess's blind mode).

The player presses W (whose turn, what is awaited and the numbered choices, read into a live
region), reads the ARIA snapshot, and presses the number of a choice; every 15th decision the snapshot's
controls must each have a name with a word in it (no icon-only or bare-number control) and the
hand must read as a list of cards; the Start button is reached
with Tab (the focused node read from Chromium's accessibility tree). No CSS selector, no click.
Against random bots with the bot delay at 0, 2 players (3 in Oriflamme).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from test_browser_site import boot

import pygames

from browser_helpers import DESKTOP

pytestmark = pytest.mark.browser

MAX_DECISIONS = 900  # far above the longest game with random bots: a stuck table fails instead
SEATS = {"oriflamme": ["human", "random", "random"]}
CHOICES = re.compile(r"Choices: (.*)\.")
#: a control in an ARIA snapshot line ("- button "Play Spy: …" [disabled]"), its name if any
CONTROL = re.compile(r'^\s*- (button|link|checkbox|radio|combobox|slider|spinbutton|textbox|switch|tab|menuitem)'
                     r'(?: "((?:[^"\\]|\\.)*)")?', re.M)
LETTER = re.compile(r"[^\W\d_]")
#: a named list of items that is not the log: the hand (Coup names it "Your influence")
HAND = re.compile(r'- list "(?!Log")[^"]+":\n\s*- listitem')


def focused_name(cdp) -> str | None:
    """The accessible name of the focused node (Chromium's accessibility tree)."""
    for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
        for prop in node.get("properties", []):
            if prop["name"] == "focused" and prop["value"].get("value") and \
                    node.get("role", {}).get("value") != "RootWebArea":
                return str(node.get("name", {}).get("value", ""))
    return None


def snapshot(page) -> str:
    return page.locator("body").aria_snapshot()


def choices_read_out(page) -> list[str] | None:
    """Press W and read the numbered choices from the snapshot (None: nothing to choose now)."""
    page.keyboard.press("w")
    text = snapshot(page)
    found = CHOICES.search(text)
    if found is None:
        return None
    listed = found.group(1)
    count = 0
    while re.search(rf"(?:^|, ){count + 1} ", listed):
        count += 1
    return [str(i + 1) for i in range(count)] or None


def unnamed_controls(text: str) -> list[str]:
    """The controls of a snapshot with no name, or a name without a word (an icon, a bare number)."""
    return [m.group(0).strip() for m in CONTROL.finditer(text) if not LETTER.search(m.group(2) or "")]


def over(text: str) -> bool:
    return 'heading "Game over"' in text


def play_by_keyboard(page, cdp, game_id: str, rng: random.Random) -> int:
    decisions = hands = 0
    idle = 0
    while True:
        choices = choices_read_out(page)
        if choices is None:
            if over(snapshot(page)):
                assert hands, f"{game_id}: no hand read as a list of cards"
                return decisions
            idle += 1
            assert idle < 2000, f"{game_id}: nothing to choose and no end after {decisions} decisions"
            page.wait_for_timeout(20)  # a bot is thinking: ask again
            continue
        idle = 0
        if decisions % 15 == 0:  # the focus is on a choice of this decision: no Tab needed
            name = focused_name(cdp)
            assert name, f"{game_id}: decision {decisions}: nothing is focused"
            text = snapshot(page)
            assert not unnamed_controls(text), f"{game_id}: decision {decisions}: {unnamed_controls(text)}"
            hands += bool(HAND.search(text))
        decisions += 1
        assert decisions < MAX_DECISIONS, f"{game_id}: no end after {decisions} decisions"
        page.keyboard.press(rng.choice(choices[:9]))


@pytest.mark.parametrize("game_id", list(pygames.GAME_IDS))
def test_a_whole_game_by_keyboard(open_page, site_url, game_id):
    page = open_page(DESKTOP)
    seats = SEATS.get(game_id, ["human", "random"])
    setup = {"game_id": game_id, "num_players": len(seats), "seats": seats, "options": {}}
    # what an earlier visit chose (stored before the page's scripts run: one boot, no reload)
    page.add_init_script(f"localStorage.setItem('pygames.setup', {json.dumps(json.dumps(setup))})")
    boot(page, site_url)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    for _ in range(200):  # Tab to Start
        page.keyboard.press("Tab")
        if focused_name(cdp) == "Start":
            break
    else:
        pytest.fail("Tab never reached the Start button")
    page.keyboard.press("Enter")
    decisions = play_by_keyboard(page, cdp, game_id, random.Random(game_id))
    assert decisions > 3
    text = snapshot(page)
    assert over(text) and ("winner" in text.lower() or "no winner" in text.lower()), text[-800:]
