"""What the tests need and the test command: the `test` extra installed (this checkout,
editable), a Chromium (the system's, else installed), a Japanese font, and Chromium's switches."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from . import ROOT, BuildError, log
from .site import build
from .vendor import TEST_NPM_PACKAGES, fetch_package


def find_chromium(install: bool = True) -> str | None:
    """A Chromium for the browser tests: $CHROMIUM, the system one, or installed now.

    Returns its path, or None when Playwright's own browser was installed (the tests then use it).
    """
    env = os.environ.get("CHROMIUM")
    if env:
        if not Path(env).exists():
            raise BuildError(f"$CHROMIUM is {env!r}, which does not exist")
        return env
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(candidate).exists():
            return candidate
    if not install:
        return None
    if Path("/etc/debian_version").exists() and shutil.which("apt-get") and hasattr(os, "geteuid") \
            and os.geteuid() == 0:
        log("installing chromium with apt-get")
        apt_env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=apt_env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=apt_env)
        if Path("/usr/bin/chromium").exists():
            return "/usr/bin/chromium"
    log("installing Playwright's chromium")
    proc = subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"])
    if proc.returncode != 0:
        raise BuildError("no Chromium found: set $CHROMIUM, install chromium, or run "
                         "`python -m playwright install chromium`")
    return None


CJK_FONT_DIRS = ("/usr/share/fonts/opentype/noto", "/usr/share/fonts/truetype/noto")


def has_japanese_font() -> bool:
    """Whether fontconfig knows a font for Japanese (else Japanese screenshots show empty boxes)."""
    if shutil.which("fc-list"):
        proc = subprocess.run(["fc-list", ":lang=ja", "family"], capture_output=True, text=True, check=False)
        return bool(proc.stdout.strip())
    return any(any(Path(d).glob("NotoSansCJK*")) for d in CJK_FONT_DIRS if Path(d).is_dir())


def find_japanese_font(install: bool = True) -> bool:
    """A Japanese font for the browser tests: there already, or ``fonts-noto-cjk`` installed now with
    apt-get as root on Debian (the same way as Chromium). Returns whether one is there."""
    if has_japanese_font():
        return True
    if install and Path("/etc/debian_version").exists() and shutil.which("apt-get") and hasattr(os, "geteuid") \
            and os.geteuid() == 0:
        log("installing fonts-noto-cjk with apt-get (Japanese text in the browser tests)")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "fonts-noto-cjk"],
                       check=False, env=env)
        return has_japanese_font()
    log("no Japanese font found: Japanese screenshots will show boxes (install fonts-noto-cjk)")
    return False


def _version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:4])


def test_requirements() -> list[str]:
    """The `test` extra's requirements, as pyproject.toml writes them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return list(project["optional-dependencies"]["test"])


def requirement_met(requirement: str) -> bool:
    """Whether one requirement (``name``, ``name==X`` or ``name>=X``) is installed."""
    from importlib import metadata

    match = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)\s*(?:(==|>=)\s*([0-9][\w.]*))?\s*", requirement)
    if match is None:
        return False
    name, op, wanted = match.groups()
    try:
        have = metadata.version(name)
    except metadata.PackageNotFoundError:
        return False
    if op == "==" and _version_tuple(have) != _version_tuple(wanted):
        return False
    if op == ">=" and _version_tuple(have) < _version_tuple(wanted):
        return False
    return True


def test_requirements_met() -> bool:
    """Whether this checkout is installed editable and every `test` extra is satisfied."""
    from importlib import metadata
    from urllib.parse import unquote, urlparse

    def installed_here(dist: metadata.Distribution) -> bool:
        try:
            direct = json.loads(dist.read_text("direct_url.json") or "{}")
        except ValueError:
            return False
        return bool(direct.get("dir_info", {}).get("editable")) and \
            Path(unquote(urlparse(direct.get("url", "")).path)).resolve() == ROOT

    # (a pygames.egg-info left in the checkout by setuptools is also a "distribution": skip it)
    if not any(installed_here(d) for d in metadata.distributions(name="pygames")):
        return False
    return all(requirement_met(requirement) for requirement in test_requirements())


def install_test_requirements() -> None:
    if test_requirements_met():
        log("test requirements already installed (pip install -e .[test] skipped)")
        return
    log("pip install -e .[test]")
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                           "--root-user-action=ignore", "-e", ".[test]"], cwd=ROOT)
    if proc.returncode != 0:
        try:
            import playwright  # noqa: F401
            import pytest  # noqa: F401
        except ImportError:
            raise BuildError("`pip install -e .[test]` failed and pytest/playwright are missing") from None
        log("warning: `pip install -e .[test]` failed; using the pytest and playwright already installed")


def browser_env() -> dict[str, str]:
    """Install what the browser needs (the test requirements, a Chromium, a Japanese font); returns
    the environment for a process that drives it ($CHROMIUM set when a system Chromium is used)."""
    install_test_requirements()
    chromium = find_chromium()
    find_japanese_font()
    env = dict(os.environ)
    if chromium:
        env["CHROMIUM"] = chromium
    return env


def run_tests(pytest_args: list[str]) -> int:
    """``python3 build.py test [ARGS]``: install the test needs, build, run pytest with ARGS."""
    started = time.perf_counter()
    env = browser_env()
    build()
    # the test-only packages (axe-core) into the npm cache now, checked against their pins, so a
    # browser test never fetches mid-run
    for name in TEST_NPM_PACKAGES:
        version, integrity = TEST_NPM_PACKAGES[name]
        fetch_package(name, version, integrity)
    env.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    command = [sys.executable, "-m", "pytest", *pytest_args]
    log(" ".join(command))
    code = subprocess.call(command, cwd=ROOT, env=env)
    log(f"build.py test: pytest exited with {code} after {time.perf_counter() - started:.0f} s in total")
    if code == 5:
        log("no tests were collected: that is a failure")
        return 1
    return code


def chromium_args() -> list[str]:
    """Chromium's switches for the tests, the bench and the screenshots: headless, no network but
    to this machine."""
    return ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run",
            # shared memory in /tmp: a container's small /dev/shm must not crash the renderer
            "--disable-dev-shm-usage",
            # no name resolves but this machine's and the mDNS names (<uuid>.local) that stand for
            # WebRTC host candidates, without which two pages cannot connect (play with friends);
            # a request to any other host is still refused by the browser tests' guard
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1 , EXCLUDE *.local"]
