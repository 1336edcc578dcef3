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
