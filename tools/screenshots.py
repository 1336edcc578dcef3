"""Screenshots of every game's table, taken in Chromium from positions of real games.

    python3 build.py screenshots            # docs/screenshots/<game>.png (small, for the README)
    python3 build.py screenshots --review DIR
        # every table at 1366x900 and 390x844, English and Japanese, light and dark, into DIR

A position is a game record played in CPython (the human seat by seeded random choices, the
bots by their own moves) and opened in the page through the lobby's import, so the pictures are
the same every time. Needs the test extras (Playwright) and a Chromium (``run`` installs them,
as build.py test does).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pygames
from pygames.ui.session import TableSession

from . import ROOT
from .serve import serve_in_thread
from .site import build
from .testenv import browser_env, chromium_args, find_chromium

if TYPE_CHECKING:  # the test extra's Playwright
    from playwright.sync_api import Browser, FilePayload, Page, ViewportSize

README_SIZE: ViewportSize = {"width": 1100, "height": 700}
SIZES: dict[str, ViewportSize] = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
ColorScheme = Literal["light", "dark"]
SCHEMES: tuple[ColorScheme, ...] = ("light", "dark")
PLAYERS = {"coup": 4, "koryo": 3, "oriflamme": 4, "tournay": 3, "houses": 3}
SEEDS = {"coup": 13}  # a game where the random human lives long enough for a busy table


def position_records(game_id: str, fractions: tuple[float, ...] = (0.4,), seed: int | None = None,
                     players: int | None = None) -> list[dict]:
    """Records of one real game (seat 0 human by seeded random choices, the others normal bots),
    each stopped at a decision of the human after about ``fraction`` of the human's decisions
    (0: the first; 1: the finished game, which the page opens as a replay)."""
    n = players or PLAYERS.get(game_id, 3)
    seed = SEEDS.get(game_id, 7) if seed is None else seed
    session = TableSession(game_id, n, seed, {}, ["human"] + ["normal"] * (n - 1))
    rng = random.Random(seed)
    decisions = []  # how many actions were played at each decision of the human
    while not session.is_over():
        if session.bot_turn():
            session.play_bot_turn()
            continue
        decisions.append(len(session.actions))
        session.apply(rng.choice(session.game.legal_actions(session.state)))
    full = session.record()
    records = []
    for fraction in fractions:
        record = dict(full)
        if fraction < 1:
            record["actions"] = full["actions"][:decisions[int((len(decisions) - 1) * fraction)]]
        records.append(record)
    return records


def position_record(game_id: str, fraction: float = 0.6, seed: int | None = None) -> dict:
    return position_records(game_id, (fraction,), seed)[0]


def boot(page: Page, url: str) -> None:
    page.goto(url + "/?botdelay=0")
    page.wait_for_function("!!window.pygamesReadyAt || !document.getElementById('error').hidden", timeout=180_000)


def open_record(page: Page, record: dict) -> None:
    """From the lobby: import the record (a game in progress opens at its table)."""
    before = page.get_attribute("#app", "data-rev")
    payload: FilePayload = {"name": "position.json", "mimeType": "application/json",
                            "buffer": json.dumps(record).encode("utf-8")}
    page.locator('[data-testid="import"]').set_input_files(files=[payload])
    page.wait_for_function("(rev) => document.getElementById('app').dataset.rev !== rev && "
                           "document.getElementById('app').dataset.phase === 'human'", arg=before, timeout=60_000)


def set_lang(page: Page, lang: str) -> None:
    page.evaluate("(lang) => localStorage.setItem('pygames.lang', lang)", lang)


def take(browser: Browser, url: str, out: Path, game_id: str, record: dict, size: ViewportSize, lang: str,
         scheme: ColorScheme, scale: float = 1, full_page: bool = False) -> Path:
    context = browser.new_context(viewport=size, color_scheme=scheme, device_scale_factor=scale,
                                  reduced_motion="reduce", service_workers="block")
    page = context.new_page()
    page.goto(url + "/?botdelay=0")
    set_lang(page, lang)
    boot(page, url)
    open_record(page, record)
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.move(0, 0)
    out.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out), full_page=full_page)
    context.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--review", type=Path, help="write every size, language and colour scheme here")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    games = args.game or list(pygames.GAME_IDS)
    site = ROOT / "dist"
    build(site, quiet=True)
    server, url = serve_in_thread(site)
    chromium = find_chromium(install=False)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=chromium_args())
            for game_id in games:
                record = position_record(game_id)
                if args.review:
                    for size_name, size in SIZES.items():
                        for lang in ("en", "ja"):
                            for scheme in SCHEMES:
                                path = args.review / f"{game_id}-{size_name}-{lang}-{scheme}.png"
                                take(browser, url, path, game_id, record, size, lang, scheme,
                                     full_page=size_name == "phone")
                                print(path)
                else:
                    path = take(browser, url, args.out / f"{game_id}.png", game_id, record, README_SIZE,
                                "en", "light", scale=0.5)
                    print(f"{path} {path.stat().st_size // 1024} KB")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


def run(review: str | None = None, games: list[str] | None = None) -> int:
    """``python3 build.py screenshots``: install the test needs (Playwright, Chromium, a Japanese
    font), then take the pictures in a fresh Python, which sees what was just installed."""
    command = [sys.executable, "-m", "tools.screenshots"]
    if review:
        command += ["--review", review]
    for game in games or []:
        command += ["--game", game]
    return subprocess.call(command, cwd=ROOT, env=browser_env())


if __name__ == "__main__":
    sys.exit(main())
