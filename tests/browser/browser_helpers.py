"""Constants and helpers shared by the browser tests (imported by conftest and the tests)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from tools import ROOT

ARTIFACTS = ROOT / "test-artifacts"
LOCAL = re.compile(r"^(https?://(127\.0\.0\.1|localhost)(:\d+)?/|blob:|data:)")
BOOT_MS = 180_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}


def launch_with_camera(browser_type, video: Path):
    """A Chromium of its own whose camera is Chromium's fake one showing ``video`` (a Y4M file, opened
    when a page starts the camera), with the browser tests' usual flags."""
    from tools.testenv import chromium_args
    args = chromium_args() + ["--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"]
    return browser_type.launch(executable_path=chromium_path(), args=args)


def chromium_path() -> str | None:
    env = os.environ.get("CHROMIUM")
    if env:
        return env
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.evaluate("window.scrollTo(0, 0)")  # a sticky header would otherwise sit mid-picture
    page.screenshot(path=str(path), full_page=True)
    return path


#: the table is not in the middle of a bot's move (or still loading): its controls stay put
AT_REST = "() => !['bot', 'loading'].includes(document.getElementById('app').dataset.phase)"


def back_to_lobby(page) -> None:
    """From wherever the page is (the last test's end, a reload): dialogs and the zoom closed, the
    pointer off the page's content, the lobby shown (no table open), in English."""
    page.mouse.move(1, 1)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")  # keys to the page
    for _ in range(2):
        page.keyboard.press("Escape")
    if page.get_attribute("#app", "data-phase") != "lobby":
        page.wait_for_function(AT_REST)
        page.locator('[data-testid="to-lobby"]').first.click()
        page.wait_for_function("() => document.getElementById('app').dataset.phase === 'lobby'")
    page.wait_for_selector('[data-testid="lobby"]')
    lang = page.locator('#app select[name="lang"]').first
    if lang.input_value() != "en":
        before = page.get_attribute("#app", "data-rev")
        lang.select_option("en")
        page.wait_for_function("(r) => document.getElementById('app').dataset.rev !== r", arg=before)


def set_lang(page, lang: str) -> None:
    """Switch the page's language with its own selector (the screen is redrawn)."""
    select = page.locator('#app select[name="lang"]').first
    if select.input_value() != lang:
        before = page.get_attribute("#app", "data-rev") or ""
        select.select_option(lang)
        page.wait_for_function("(r) => document.getElementById('app').dataset.rev !== r", arg=before)
