"""Browser tests: the built site in Chromium, with every request to another host blocked.

- The site is built fresh into a temporary folder and served on 127.0.0.1 by a
  thread running http.server (one per session; the service-worker test starts
  its own, so that it can stop it).
- Chromium: $CHROMIUM, else /usr/bin/chromium, else Playwright's own browser.
  DNS for anything but localhost is disabled too.
- ``guard`` records requests to other hosts (aborted), console errors, page
  errors and HTTP errors; any of them fails the test.
- Contexts block service workers, except in the service-worker test.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import build

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from browser_helpers import LOCAL, DESKTOP, chromium_path  # noqa: E402


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    path = chromium_path()
    if path:
        args["executable_path"] = path
    args["args"] = build.chromium_args()
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build.build(out, quiet=True)
    return out


@pytest.fixture(scope="session")
def site_url(site_dir):
    server, url = build.serve_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@dataclass
class Guard:
    external: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)

    def watch_context(self, context) -> None:
        def route(route):
            url = route.request.url
            if LOCAL.match(url):
                route.continue_()
            else:
                self.external.append(url)
                route.abort()
        context.route("**/*", route)

    def watch_page(self, page) -> None:
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.console_errors.append(f"pageerror: {e}"))
        page.on("response", lambda r: r.status >= 400 and self.http_errors.append(f"{r.status} {r.url}"))

    def check(self) -> None:
        assert self.external == [], f"requests to other hosts: {self.external}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        assert self.http_errors == [], f"HTTP errors: {self.http_errors}"


@pytest.fixture
def guard():
    g = Guard()
    yield g
    g.check()


@pytest.fixture
def open_page(browser, guard):
    """open_page(viewport=..., **context_args) -> a guarded page in a fresh context."""
    contexts = []

    def opener(viewport=DESKTOP, **kwargs):
        context = browser.new_context(viewport=viewport, service_workers=kwargs.pop("service_workers", "block"),
                                      **kwargs)
        contexts.append(context)
        guard.watch_context(context)
        page = context.new_page()
        guard.watch_page(page)
        return page

    yield opener
    for context in contexts:
        context.close()
