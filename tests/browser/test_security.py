"""Security of the page.

- The built index.html carries a Content-Security-Policy (a meta tag: GitHub Pages sends
  no headers) that allows only the site's own files, and the page has no inline script
  and no inline event handler (the CSP forbids them).
- The page boots, plays and registers its service worker under that CSP without a single
  violation (they are console errors, which fail every browser test).
- Markup hidden in imported or saved game records (<img onerror>, <script>, <svg onload>)
  is shown as text and never runs; the page gives a clean message.
- Defence in depth: even markup that reached the DOM could not run an inline handler.
"""

from __future__ import annotations

import html.parser
import json
import re

import pytest
from playwright.sync_api import expect
from test_browser_site import boot, rev, settle

import pygames

from browser_helpers import BOOT_MS, DESKTOP

pytestmark = pytest.mark.browser

PAYLOADS = ['<img src=x onerror="window.__pwned=1">', "<script>window.__pwned=2</script>",
            '<svg onload="window.__pwned=3"></svg>', '"><b id="injected">bold</b>']
INJECTED = "#app img[src='x'], #app script, #app svg[onload], #app #injected, #error img, #error script"
WATCH_VIOLATIONS = """
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation',
    e => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile));
"""


class Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def csp_of(text: str) -> dict[str, list[str]]:
    parser = Tags()
    parser.feed(text)
    metas = [a for t, a in parser.tags if t == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"]
    assert len(metas) == 1, "index.html needs exactly one Content-Security-Policy meta tag"
    policy = {}
    for part in metas[0]["content"].split(";"):
        words = part.split()
        if words:
            policy[words[0]] = words[1:]
    return policy


def test_the_policy_allows_only_our_own_files(site_dir):
    text = (site_dir / "index.html").read_text(encoding="utf-8")
    head = text.split("<head>", 1)[1]
    assert head.index("Content-Security-Policy") < head.index("<script"), "the CSP must come before any script"
    policy = csp_of(text)
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    for directive, sources in policy.items():
        assert "'unsafe-inline'" not in sources, f"{directive} allows inline code"
        for source in sources:
            assert source.startswith("'") or source in ("data:", "blob:"), f"{directive} allows {source}"
    assert "'wasm-unsafe-eval'" in policy["script-src"]
    for page in site_dir.glob("*.html"):
        parser = Tags()
        parser.feed(page.read_text(encoding="utf-8"))
        for tag, attrs in parser.tags:
            assert not any(name.startswith("on") for name in attrs), f"{page.name}: inline handler on <{tag}>"
            if tag == "script":
                assert attrs.get("src") or attrs.get("type") == "py", f"{page.name}: an inline <script>"


def test_no_violation_while_booting_and_playing(open_page, site_url, guard):
    """Boot (with the service worker), start a game, play it a little: no CSP violation."""
    page = open_page(DESKTOP, service_workers="allow")
    page.add_init_script(WATCH_VIOLATIONS)
    boot(page, site_url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_MS)
    game_id = pygames.GAME_IDS[0]
    page.locator(f'[data-game="{game_id}"]').click()
    before = rev(page)
    page.locator('[data-testid="start"]').click()
    phase = settle(page, before)
    for _ in range(6):
        if phase != "human":
            break
        before = rev(page)
        page.locator('[data-testid="choice"]').first.click()
        phase = settle(page, before)
    assert page.evaluate("() => window.__cspViolations") == []


def record_text(**changes) -> str:
    game = pygames.get_game("coup")
    record = {"game": "coup", "version": game.version, "num_players": 2, "seed": 5, "options": {},
              "seats": ["human", "random"], "actions": []}
    record.update(changes)
    return json.dumps(record)


def check_nothing_ran(page) -> None:
    assert page.evaluate("() => window.__pwned === undefined"), "markup from a record ran code"
    assert page.locator(INJECTED).count() == 0, "markup from a record reached the page as elements"
    assert page.evaluate("() => window.__cspViolations") == []


def test_markup_in_records_is_shown_as_text(open_page, site_url):
    page = open_page(DESKTOP)
    page.add_init_script(WATCH_VIOLATIONS)
    page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    evil = "".join(PAYLOADS)
    # a saved game whose id is markup: the lobby says it cannot be continued, as text
    page.context.add_init_script(f"localStorage.setItem('pygames.save', {json.dumps(record_text(game=evil))});")
    boot(page, site_url)
    damaged = page.locator('[data-testid="save-error"]').first
    expect(damaged).to_be_visible()
    assert "<img src=x onerror=" in damaged.text_content()
    check_nothing_ran(page)

    importer = page.locator('[data-testid="import"]')
    cases = [("bad-game.json", record_text(game=evil), "<script>window.__pwned=2</script>"),
             ("bad-option.json", record_text(options={evil: 1}), '<svg onload="window.__pwned=3">'),
             ("bad-seats.json", record_text(seats=[evil, "random"]), None)]
    for name, text, shown in cases:
        before = rev(page)
        importer.set_input_files(files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}])
        settle(page, before)
        notice = page.locator('[data-testid="notice"]')
        expect(notice).to_be_visible()
        if shown is not None:
            assert shown in notice.text_content(), f"{name}: the message does not show the markup as text"
        check_nothing_ran(page)
    # a playable record whose seed is markup: it loads and plays; the markup never runs
    before = rev(page)
    importer.set_input_files(files=[{"name": "seed.json", "mimeType": "application/json",
                                     "buffer": record_text(seed=evil).encode()}])
    settle(page, before)
    expect(page.locator('[data-testid="table"][data-game="coup"]')).to_be_visible()
    before = rev(page)
    page.locator('[data-testid="choice"]').first.click()
    settle(page, before)
    check_nothing_ran(page)


def test_the_policy_stops_inline_handlers_that_reach_the_dom(browser, site_url):
    """Defence in depth: markup put into the page by mistake could not run (no guard here:
    the refused handler is the point, and Chromium reports it as a console error)."""
    context = browser.new_context(service_workers="block")
    try:
        context.route(re.compile(r"^(?!http://127\.0\.0\.1)"), lambda route: route.abort())
        page = context.new_page()
        page.add_init_script(WATCH_VIOLATIONS)
        page.goto(site_url + "/?botdelay=0")
        page.wait_for_function("() => !!window.pygamesReadyAt", timeout=BOOT_MS)
        page.evaluate("""() => { const box = document.createElement('div');
            box.innerHTML = '<img src="data:," onerror="window.__pwned=1">';
            document.body.appendChild(box); }""")
        page.wait_for_function("() => window.__cspViolations.length > 0", timeout=10_000)
        page.wait_for_timeout(200)
        assert page.evaluate("() => window.__pwned === undefined")
        assert any(v.startswith("script-src") for v in page.evaluate("() => window.__cspViolations"))
    finally:
        context.close()
