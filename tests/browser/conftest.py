"""Browser tests: the built site in Chromium, with every request to another host blocked.

- The site is built fresh into a temporary folder and served on 127.0.0.1 by a
  thread running http.server (one per session; the service-worker test starts
  its own, so that it can stop it).
- Chromium: $CHROMIUM, else /usr/bin/chromium, else Playwright's own browser.
  DNS for anything but localhost is disabled too.
- ``guard`` records requests to other hosts (aborted), console errors, page
  errors and HTTP errors; any of them fails the test.
- Contexts block service workers, except in the service-worker test.
- ``booted_page`` hands the tests of one module one page booted once (a Pyodide boot costs seconds
  of CPU each): it is brought back to the lobby with the viewport and media each test asks for, its
  guard checked after each test; a test that fails leaves it closed, so the next one boots anew.
- A test whose page crashes ("Target crashed": Chromium's renderer process died, which
  says nothing of the site when it happens once) runs once more, with pytest-rerunfailures;
  the machine's memory at the crash is printed with the failure. A second crash fails.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tools.serve import serve_in_thread
from tools.site import build
from tools.testenv import chromium_args

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from browser_helpers import DESKTOP, LOCAL, back_to_lobby, chromium_path  # noqa: E402


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    path = chromium_path()
    if path:
        args["executable_path"] = path
    args["args"] = chromium_args()
    return args


def pytest_collection_modifyitems(config, items):
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).parent == here:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=["Target crashed"]))


def machine_state() -> str:
    """What the machine had left when a page crashed: memory, /dev/shm, Chromium's processes."""
    lines = []
    try:
        meminfo = Path("/proc/meminfo").read_text().splitlines()
        lines += [line for line in meminfo if line.split(":")[0] in ("MemTotal", "MemAvailable", "Shmem")]
    except OSError:
        pass
    try:
        shm = os.statvfs("/dev/shm")
        lines.append(f"/dev/shm: {shm.f_bavail * shm.f_frsize // 2**20} MiB free of "
                     f"{shm.f_blocks * shm.f_frsize // 2**20} MiB")
    except OSError:
        pass
    rss = processes = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        if text.startswith("Name:\tchrom"):
            processes += 1
            for line in text.splitlines():
                if line.startswith("VmRSS:"):
                    rss += int(line.split()[1])
    lines.append(f"Chromium: {processes} processes, {rss // 1024} MiB resident in all")
    return "; ".join(lines)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build(out, quiet=True)
    return out


@pytest.fixture(scope="session")
def site_url(site_dir):
    server, url = serve_in_thread(site_dir)
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
        page.on("crash", lambda _: print(f"the page crashed; the machine: {machine_state()}", file=sys.stderr))
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


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


@pytest.fixture(scope="module")
def module_pages():
    """The booted pages of one module: context arguments -> (page, its guard)."""
    pages: dict[str, tuple] = {}
    yield pages
    for page, _ in pages.values():
        page.context.close()


@pytest.fixture
def booted_page(request, module_pages, browser, site_url):
    """booted_page(viewport=..., reduced_motion=..., init_script=..., **context_args) -> the module's
    page for these context arguments, booted once (``?botdelay=0``), at the lobby, in ``viewport`` with
    ``reduced_motion`` emulated. ``init_script`` runs before the page's own scripts (at its boot)."""
    from test_browser_site import boot

    used: list[tuple[str, Guard]] = []

    def opener(viewport=DESKTOP, reduced_motion: str = "no-preference", init_script: str | None = None,
               **context_args):
        key = json.dumps([context_args, init_script], sort_keys=True)
        if key not in module_pages:
            guard = Guard()
            context = browser.new_context(viewport=viewport, service_workers="block", **context_args)
            guard.watch_context(context)
            page = context.new_page()
            guard.watch_page(page)
            if init_script:
                page.add_init_script(init_script)
            page.emulate_media(reduced_motion=reduced_motion)
            boot(page, site_url)
            module_pages[key] = (page, guard)
        page, guard = module_pages[key]
        used.append((key, guard))
        page.set_viewport_size(viewport)
        page.emulate_media(reduced_motion=reduced_motion, color_scheme="light")
        back_to_lobby(page)
        return page

    yield opener
    failed = request.node.stash.get(FAILED, False)
    problems = []
    for key, guard in used:
        try:
            guard.check()
        except AssertionError as error:
            problems.append(str(error))
        guard.external.clear()
        guard.console_errors.clear()
        guard.http_errors.clear()
        if (failed or problems) and key in module_pages:  # a page in an unknown state: the next test boots anew
            page, _ = module_pages.pop(key)
            page.context.close()
    assert problems == [], "\n".join(problems)
