"""Small things at the table in Chromium (their logic: tests/ui/test_table_papercuts.py):
saved-game dates in the player's own time zone and locale format, Koryo's two-card choices in
either order, Oriflamme's Royal Decree marked on the board once its card is chosen, and the
table passing by itself when "pass" is a human's only choice. Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_browser_site import boot, rev
from test_browser_table_features import PHONE_ARGS, click, import_text

from pygames.ui.session import TableSession

from browser_helpers import DESKTOP, PHONE, shot

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "koryo"))
from koryo_helpers import first_legal, session_until  # noqa: E402

pytestmark = pytest.mark.browser

SAVED_AT = 1_764_000_000_000  # 2025-11-24 16:00 UTC = 25 Nov 2025 01:00 in Tokyo


def record_until(game_id: str, n: int, wanted, seeds=range(1, 200), options=None) -> dict:
    """A record (seat 0 human, random bots, the human's moves random) stopped at the first human
    decision where ``wanted(session)`` holds."""
    for seed in seeds:
        session = TableSession(game_id, n, seed, options or {}, ["human"] + ["random"] * (n - 1))
        rng = random.Random(seed)
        while not session.is_over():
            if session.bot_turn():
                session.play_bot_turn()
            elif wanted(session):
                return session.record()
            else:
                session.apply(rng.choice(session.game.legal_actions(session.state)))
    raise AssertionError(f"no {game_id} position found")


def test_saved_game_dates_in_the_players_zone_and_locale(open_page, site_url):
    """A browser in Tokyo with British English: the save made at 16:00 UTC is listed as
    25 Nov 2025, 01:00 (not 24 Nov 16:00 UTC); in Japanese, in the Japanese format."""
    record = TableSession("koryo", 3, 4, {}, ["human", "random", "random"]).record()
    record["saved_at"] = SAVED_AT
    page = open_page(PHONE, timezone_id="Asia/Tokyo", locale="en-GB", **PHONE_ARGS)
    page.add_init_script(
        "if (!localStorage.getItem('pygames.saves')) {"
        f" localStorage.setItem('pygames.save.s1', {json.dumps(json.dumps(record))});"
        " localStorage.setItem('pygames.saves', '[\"s1\"]'); }")
    boot(page, site_url)
    date = page.locator('[data-testid="save-item"] .save-date')
    expect(date).to_have_text("saved 25 Nov 2025, 01:00")
    shot(page, "papercuts-phone-save-date-en-GB-tokyo")
    before = rev(page)
    page.locator('select[name="lang"]').select_option("ja")
    page.wait_for_function("(rev) => document.getElementById('app').dataset.rev !== rev", arg=before)
    expect(date).to_have_text("2025/11/25 1:00 保存")
    shot(page, "papercuts-phone-save-date-ja-tokyo")
    # the export's file name is in local time too
    assert click(page, '[data-testid="continue"]') in ("human", "bot")
    with page.expect_download() as info:
        page.locator('[data-testid="export"]').click()
    stamp = page.evaluate("""() => { const d = new Date(), p = (n) => String(n).padStart(2, "0");
        return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}`; }""")
    assert info.value.suggested_filename.startswith(f"pygames-koryo-{stamp}")


def test_two_card_choices_and_a_started_move_on_the_board(open_page, site_url):
    """Koryo: the Ship Owner's pair clicked higher kind first plays the same move; Oriflamme: after
    choosing the card a Royal Decree moves, that card is marked on the board (ring and 1)."""
    page = open_page(DESKTOP)
    boot(page, site_url)
    session = session_until(lambda s: first_legal(s, "play2") is not None)
    low, high = first_legal(session.state, "play2")["kinds"]
    assert import_text(page, json.dumps(session.record())) == "human"
    assert click(page, f'[data-choice="hand:{high}"]') == "human"
    expect(page.locator('[data-testid="picked"]')).to_contain_text("Chosen: Play")
    pair = page.locator(f'[data-choice="pair:{high}:{low}"]')
    expect(pair).to_be_visible()
    shot(page, "papercuts-koryo-pair-second-card-lower")
    click(page, f'[data-choice="pair:{high}:{low}"]')
    log = page.locator('[data-testid="log"]')  # the same play2 [low, high], lower kind first
    expect(log).to_contain_text(re.compile(rf"placed 1 × \({low}\) [^,]+, 1 × \({high}\)"))
    page.locator('[data-testid="to-lobby"]').click()

    decree = record_until("oriflamme", 3, lambda s: (s.view().get("pending") or {}).get("type") == "move")
    assert import_text(page, json.dumps(decree)) == "human"
    first = page.locator('[data-choice^="card:"]').first
    key = first.get_attribute("data-choice")
    assert click(page, f'[data-choice="{key}"]') == "human"
    marked = page.locator('[data-picked="1"]')
    expect(marked).to_have_count(1)
    expect(marked).to_be_visible()
    expect(page.locator('[data-testid="picked"]')).to_contain_text("Chosen: Card")
    assert page.locator('[data-choice^="gap:"], [data-choice^="onto:"]').count() > 0
    shot(page, "papercuts-oriflamme-decree-card-marked")


def test_the_table_passes_by_itself_after_a_note(open_page, site_url):
    """Great Houses, one human against a bot, an event window where the human's hand cannot
    answer: the status says so for a moment, then the table passes for them (saved like any move)."""
    record = record_until("houses", 2, lambda s: s.auto_pass() is not None)
    page = open_page(DESKTOP)
    page.add_init_script("localStorage.setItem('pygames.settings', '{\"speed\": \"slow\", \"animations\": true}')")
    boot(page, site_url, "")  # no ?botdelay: the speed setting and the note's minimum apply
    # every status line drawn, however short-lived (a loaded machine may be slow to look)
    page.evaluate("""() => { window.statusSeen = [];
        new MutationObserver(() => { const s = document.querySelector('[data-testid="status"]');
            if (s) window.statusSeen.push([s.className, s.textContent,
                document.getElementById('app').dataset.phase, document.querySelectorAll('#app [data-choice]').length]);
        }).observe(document.getElementById('app'), {childList: true}); }""")
    before = rev(page)
    page.locator('[data-testid="import"]').set_input_files(
        files=[{"name": "houses.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}])
    page.wait_for_function("(rev) => document.getElementById('app').dataset.rev !== rev", arg=before)
    if page.get_attribute("#app", "data-phase") == "bot":
        shot(page, "papercuts-houses-auto-pass-note")
    page.wait_for_function("document.getElementById('app').dataset.phase !== 'bot'", timeout=120_000)
    seen = page.evaluate("window.statusSeen")
    notes = [s for s in seen if "nothing in your hand can answer now — passing" in s[1]]
    assert notes, seen
    assert all("is-auto" in cls and phase == "bot" and choices == 0 for cls, _text, phase, choices in notes)
    ids = json.loads(page.evaluate("localStorage.getItem('pygames.saves')"))
    saved = json.loads(page.evaluate(f"localStorage.getItem('pygames.save.{ids[0]}')"))
    assert saved["actions"][len(record["actions"])] == {"type": "pass"}
    expect(page.locator('[data-testid="status"]')).not_to_contain_text("passing…")
