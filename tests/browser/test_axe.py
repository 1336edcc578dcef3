"""axe-core (pinned in tools/vendor.py TEST_NPM_PACKAGES, test-only, never in dist/) injected into
the built site: no violation of any impact on the lobby, each game's setup, each game's table at
several moments of a game (its start, a decision in the middle, a move of several clicks started
(a target, attackers or a second step still to pick), the end panel), the rules and cards
dialogs, the replay, the settings and the friends screens, at 1366x900 and 390x844, in English and
Japanese, light and dark: each page in one of these looks, in turn (LOOKS), so the file covers them all
in a few minutes. Widths are switched by resizing, languages by the language
select, colour schemes by emulation; the game pages and the live regions' test share one booted page
(``booted_page``). (Nothing moving with reduced motion: test_table_look.py, every game.)

Positions are played in CPython (TableSession, a human taking random legal moves against random
bots) and opened through the lobby's import."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect
from test_browser_site import boot, rev, settle
from test_table_look import open_record

import pygames
from pygames.ui.session import TableSession
from tools.vendor import package_file_for_tests

from browser_helpers import PHONE, set_lang

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 900}

AXE = package_file_for_tests("axe-core", "axe.min.js").decode("utf-8")
# every rule axe runs by default (WCAG A/AA and best practices) and label-content-name-mismatch
# (experimental in axe: a control's visible text must be part of its accessible name); results
# reduced to what a failure message needs
RUN_AXE = """async () => {
  await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
  const r = await axe.run(document, {resultTypes: ['violations'],
                                     rules: {'label-content-name-mismatch': {enabled: true}}});
  return r.violations.map(v => ({id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 6).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').slice(0, 200))}));
}"""


def moments(game_id: str, seed: int) -> list[tuple[str, dict, str | None]]:
    """Records of a game at its smallest count: its first human decision, one in the middle, one
    from the middle on where a move takes several clicks (with its first click, to make in the
    page), its end."""
    n = pygames.get_game(game_id).min_players
    session = TableSession(game_id, n, seed, {}, ["human"] + ["random"] * (n - 1))
    rng = random.Random(seed)
    decisions: list[dict] = []
    started: list[tuple[dict, str]] = []  # (record, first click) where a move of several clicks exists
    while not session.is_over():
        if session.bot_turn():
            session.play_bot_turn()
            continue
        decisions.append(session.record())
        legal = session.game.legal_actions(session.state)
        long = [steps for steps in (session.render.action_steps(a, session.view()) for a in legal) if len(steps) > 1]
        if long:
            started.append((session.record(), long[0][0]))
        session.apply(rng.choice(legal))
    middle = len(decisions) // 2
    substep = next((s for s in started if len(s[0]["actions"]) >= len(decisions[middle]["actions"])),
                   started[-1] if started else None)
    assert substep is not None, f"{game_id}: no move of several clicks in the game"
    # an ended game's record opens in its replay: the end panel is reached by playing on from the
    # last decision in the page
    return [("start", decisions[0], None), ("mid", decisions[middle], None), ("substep", *substep),
            ("end", decisions[-1], None)]


def play_to_the_end(page, seed: int) -> None:
    """Random choices (as a person picking any) until the game is over; it is a move or a few away."""
    rng = random.Random(seed)
    for _ in range(60):
        if page.get_attribute("#app", "data-phase") == "over":
            return
        choices = page.locator('[data-testid="choice"]')
        before = rev(page)
        choices.nth(rng.randrange(choices.count())).click()
        settle(page, before)
    assert page.get_attribute("#app", "data-phase") == "over", "the game did not end"


# the four ways a page is looked at, each page kind taking the next one (and each game starting one
# further on), so that over the file every kind of page is seen at both widths, in both languages and
# in both colour schemes without checking every page in all of them (which took ten minutes)
LOOKS = [("en", DESKTOP, "light"), ("ja", PHONE, "light"), ("en", PHONE, "dark"), ("ja", DESKTOP, "dark")]


class Checker:
    def __init__(self, page, turn: int = 0) -> None:
        self.page = page
        self.found: list[str] = []
        self.checked = 0
        self.turn = turn

    def check(self, where: str) -> None:
        """axe on the page as it is, in the next of the LOOKS."""
        lang, size, scheme = LOOKS[self.turn % len(LOOKS)]
        self.turn += 1
        if self.page.locator('#app select[name="lang"]').count():
            set_lang(self.page, lang)
        else:
            lang = str(self.page.evaluate("document.documentElement.lang"))
        self.page.set_viewport_size(size)
        self.page.emulate_media(color_scheme=scheme)
        self.run(f"{where} {lang} {size['width']} {scheme}")

    def run(self, where: str) -> None:
        if not self.page.evaluate("typeof window.axe !== 'undefined'"):
            # the site's CSP refuses inline scripts but allows eval (Pyodide needs it)
            self.page.evaluate("(src) => { (0, eval)(src); }", AXE)
        self.checked += 1
        print("axe:", where)  # which page in which look (pytest -s shows them)
        for v in self.page.evaluate(RUN_AXE):
            self.found.append(f"{where}: {v['id']} ({v['impact']}) {v['nodes']}")

    def click(self, selector: str) -> None:
        before = rev(self.page)
        self.page.locator(selector).first.click()
        self.page.wait_for_function("(r) => document.getElementById('app').dataset.rev !== r", arg=before)

    def done(self) -> None:
        assert self.checked, "axe checked nothing"
        assert self.found == [], f"axe violations ({len(self.found)}):\n" + "\n".join(self.found)


def test_lobby_settings_friends(open_page, site_url):
    checker = Checker(page := open_page(DESKTOP, color_scheme="light"))
    boot(page, site_url)
    checker.check("lobby")
    checker.click('[data-testid="open-settings"]')
    checker.check("settings")
    page.keyboard.press("Escape")
    set_lang(page, "en")
    page.set_viewport_size(DESKTOP)
    # play with friends: the host's table with its invite, and the friend's join screen
    page.locator('[data-game="coup"]').click()
    page.locator('select[data-seat="1"]').select_option("friend")
    page.locator('[data-testid="start"]').click()
    link = page.locator('[data-testid="invite-1-text"]')
    expect(link).to_be_visible(timeout=30_000)
    checker.check("friends invite")
    guest = Checker(open_page(DESKTOP, color_scheme="light"), checker.turn)
    boot(guest.page, link.input_value())
    expect(guest.page.locator('[data-testid="join-screen"]')).to_be_visible()
    guest.check("friends join")
    checker.found += guest.found
    checker.done()


@pytest.mark.parametrize("game_id", list(pygames.GAME_IDS))
def test_game_pages(booted_page, game_id):
    checker = Checker(page := booted_page(DESKTOP), list(pygames.GAME_IDS).index(game_id))
    checker.click(f'[data-game="{game_id}"]')
    checker.check(f"{game_id} setup")
    for name, record, first_click in moments(game_id, 7):
        open_record(page, record)
        if first_click is not None:
            checker.click(f'[data-choice="{first_click}"]')
            expect(page.locator('[data-testid="picked"], [data-picked]').first).to_be_attached()
        if name == "end":
            play_to_the_end(page, 7)
            expect(page.locator('[data-testid="game-over"]')).to_be_visible()
        checker.check(f"{game_id} table {name}")
        if name == "start":
            checker.click('[data-testid="open-rules"]')
            checker.check(f"{game_id} rules dialog")
            checker.click('[data-testid="close-panel"]')
            checker.click('[data-testid="open-cards"]')
            checker.check(f"{game_id} cards dialog")
            checker.click('[data-testid="close-panel"]')
        if name == "end":
            checker.click('[data-testid="replay-open"]')
            checker.check(f"{game_id} replay")
    checker.done()


WATCH_LIVE_REGIONS = """() => {
  const log = document.querySelector('[data-testid="log"]');
  window.__live = {log, region: document.querySelector('[data-testid="log-region"]'),
                   status: document.querySelector('[data-testid="status"]'), removed: 0, added: []};
  new MutationObserver(records => {
    for (const r of records) {
      window.__live.removed += [...r.removedNodes]
        .filter(n => n.nodeName === 'LI' && !n.classList.contains('log-empty')).length;
      for (const n of r.addedNodes) if (n.nodeName === 'LI') window.__live.added.push(n.textContent);
    }
  }).observe(log, {childList: true});
}"""

LIVE_REGIONS_NOW = """() => ({
  sameLog: document.querySelector('[data-testid="log"]') === window.__live.log
    && document.querySelector('[data-testid="log-region"]') === window.__live.region,
  sameStatus: document.querySelector('[data-testid="status"]') === window.__live.status,
  removed: window.__live.removed, added: window.__live.added,
  entries: [...document.querySelectorAll('[data-testid="log"] li:not(.log-empty)')].map(li => li.textContent).reverse(),
})"""


def test_log_and_prompt_are_kept_live_regions(booted_page):
    """Over several moves of a game (the human's and the bots' answers) the log (role=log) and the
    prompt (role=status) stay the same elements; the log loses no entry and gains each new one once,
    oldest first, so a screen reader reads each move once and in order."""
    page = booted_page(DESKTOP)
    open_record(page, moments("coup", 7)[0][1])
    assert page.get_attribute('[data-testid="log-region"]', "role") == "log"
    assert page.get_attribute('[data-testid="status"]', "role") == "status"
    page.evaluate(WATCH_LIVE_REGIONS)
    start = page.evaluate(LIVE_REGIONS_NOW)["entries"]
    for _ in range(8):
        if page.get_attribute("#app", "data-phase") == "over":
            break
        before = rev(page)
        page.locator('#app [data-choice]').first.click()
        settle(page, before)
    now = page.evaluate(LIVE_REGIONS_NOW)
    assert now["sameLog"] and now["sameStatus"], "the log or the prompt was made anew"
    assert now["removed"] == 0
    assert len(now["entries"]) > len(start) + 2, "the moves added too few entries to judge"
    assert now["added"] == now["entries"][len(start):], "entries were not added once each, in order"
