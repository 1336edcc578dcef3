"""The jobs behind build.py, one module each (standard library only, but for the bench and the
screenshots, which drive Chromium through Playwright, a test extra):

- vendor: the npm packages vendored into the site, pinned by integrity; fetched, checked, extracted
- site: the site's files (the package's zip and its bytecode, the pre-rendered lobby, the boot's
  preloads, the service worker) and the build of dist/
- serve: the static server of dist/
- testenv: what the tests need (their requirements, Chromium, a Japanese font) and the test command
- lint: ruff and mypy over the checkout
- bench: the benchmarks (engines, the page in Chromium, the lobby's boot, the bots) and the tables
  they write (docs/figures/)
- screenshots: the README's pictures of every game's table
- fingerprint: hashes of seeded games, to prove a refactor changed no game

Nothing of this package is shipped in the site.
"""

from __future__ import annotations

from pathlib import Path

#: the checkout: build.py's folder
ROOT = Path(__file__).resolve().parent.parent


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(message: str) -> None:
    print(message, flush=True)
