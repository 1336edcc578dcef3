#!/usr/bin/env python3
"""pygames build script (standard library only).

    python3 build.py [build]      write dist/: the static site, ready for any folder server
    python3 build.py serve        build, then serve dist/ on http://127.0.0.1:8000 (--port N)
    python3 build.py test [ARGS]  install test needs, build, run the whole pytest suite (ARGS go to pytest)
    python3 build.py bench        playouts per second, bytes shipped, time to a playable lobby
    python3 build.py bench --bots win rates between bot levels (bench/bots.json, docs/bots.md)
    python3 build.py bench --bots --outside   our Coup bots against coupml's RuleAI (bench/outside.json)

dist/ holds the site/ shell, our ``pygames`` package as one zip (extracted by
PyScript's ``[files]``), one games.css made of every ``pygames/games/*/style.css``,
the Pyodide and PyScript runtimes vendored from their npm packages at pinned
versions (checked against pinned sha512 integrity strings), and a service
worker that precaches every file so the site works offline after one visit.
"""

from __future__ import annotations

import argparse
import ast
import base64
import gzip
import hashlib
import http.server
import io
import json
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import tomllib
import zipfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
PACKAGE = ROOT / "pygames"
DIST = ROOT / "dist"
NPM_CACHE = ROOT / ".cache" / "npm"
BENCH_DIR = ROOT / "bench"

#: npm packages vendored into dist/, pinned exactly, with their registry integrity strings
#: (``npm view <name>@<version> dist.integrity``)
NPM_PACKAGES = {
    "@pyscript/core": ("0.7.31",
                       "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ=="),
    "pyodide": ("314.0.2",
                "sha512-rXkXOriXhzRkEV/coVGELjz4da77oNQEOu8hOf8dtBHEKOzqoIAmSJGeKuPl4wbLDv9EDibfKOchnC73CVX4DQ=="),
}
#: the only Pyodide files loadPyodide needs (no wheels: we ship no packages)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: PyScript chunks loaded only by <py-editor> / <py-terminal>, which the page does not use
#: (the browser tests fail on any 404, so a wrong guess here cannot go unnoticed)
PYSCRIPT_SKIP_PREFIXES = ("codemirror", "xterm")

PYSCRIPT_TOML = "pyscript.toml"
PACKAGE_ZIP = "pygames.zip"
GAMES_CSS = "games.css"
SW_TEMPLATE = "sw.js"
INTERPRETER = "./pyodide/pyodide.mjs"

#: text files that the URL check reads
TEXT_SUFFIXES = {".html", ".css", ".js", ".mjs", ".toml", ".py", ".json", ".webmanifest", ".txt", ".svg", ".md"}
URL_RE = re.compile(r"""https?://[^\s"'<>()`\\]*""")
#: XML namespace names: identifiers, never fetched
NAMESPACE_URLS = ("http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink", "http://www.w3.org/1999/xhtml")
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}


class BuildError(Exception):
    """A build step failed; the message says what to do."""


def log(message: str) -> None:
    print(message, flush=True)


# --------------------------------------------------------------------------- npm packages
def tarball_name(name: str, version: str) -> str:
    """The file name ``npm pack`` writes: "@pyscript/core" 0.7.31 -> pyscript-core-0.7.31.tgz."""
    return f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"


def integrity_of(path: Path) -> str:
    """The npm/SRI integrity string of a file: "sha512-" + base64 of its sha512 digest."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def fetch_package(name: str, version: str, integrity: str, cache: Path = NPM_CACHE) -> Path:
    """The npm tarball of name@version in ``cache``, fetched with ``npm pack`` if missing.

    The tarball must match the pinned integrity string, else BuildError (and the file is removed).
    """
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / tarball_name(name, version)
    if path.exists() and integrity_of(path) == integrity:
        return path
    if path.exists():
        log(f"  cached {path.name} does not match its pinned integrity: fetching it again")
        path.unlink()
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            "npm is needed to fetch the pinned runtimes (@pyscript/core, pyodide) once; "
            "install Node.js (e.g. `apt-get install -y npm`), or put the tarballs "
            f"{', '.join(tarball_name(n, v) for n, (v, _) in NPM_PACKAGES.items())} into {cache}")
    log(f"  npm pack {name}@{version}")
    proc = subprocess.run([npm, "pack", f"{name}@{version}", "--pack-destination", str(cache)],
                          cwd=cache, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"`npm pack {name}@{version}` failed:\n{proc.stderr.strip()}")
    if not path.exists():
        raise BuildError(f"`npm pack {name}@{version}` did not write {path}")
    actual = integrity_of(path)
    if actual != integrity:
        path.unlink()
        raise BuildError(f"{name}@{version}: integrity mismatch (the package is not the pinned one)\n"
                         f"  pinned: {integrity}\n  got:    {actual}")
    return path


def tar_members(path: Path) -> dict[str, bytes]:
    """Regular files of an npm tarball, by path inside the package (without "package/")."""
    files = {}
    with tarfile.open(path, "r:gz") as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            name = member.name.split("/", 1)[1] if "/" in member.name else member.name
            handle = tar.extractfile(member)
            assert handle is not None
            files[name] = handle.read()
    return files


def pyscript_files(members: dict[str, bytes]) -> dict[str, bytes]:
    """PyScript's dist/*.js and *.css, without source maps and the editor/terminal chunks."""
    chosen = {}
    for name, data in members.items():
        if not name.startswith("dist/") or name.count("/") != 1:
            continue
        base = name[len("dist/"):]
        if not base.endswith((".js", ".css")) or base.startswith(PYSCRIPT_SKIP_PREFIXES):
            continue
        chosen[base] = data
    if "core.js" not in chosen or "core.css" not in chosen:
        raise BuildError("the @pyscript/core tarball has no dist/core.js or dist/core.css")
    return chosen


def pyodide_files(members: dict[str, bytes]) -> dict[str, bytes]:
    missing = [f for f in PYODIDE_FILES if f not in members]
    if missing:
        raise BuildError(f"the pyodide tarball lacks {', '.join(missing)}")
    return {f: members[f] for f in PYODIDE_FILES}


# --------------------------------------------------------------------------- our files
#: sub-packages of pygames that never go into the site: the outside arena (needs coupml, a bench extra)
NOT_SHIPPED = ("outside",)


def package_files(package: Path | None = None) -> list[Path]:
    """Files of the pygames package that go into the zip (Python and data; no caches, no CSS)."""
    package = package or PACKAGE
    files = []
    for path in sorted(package.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in (".pyc", ".css"):
            continue
        if path.name.startswith("."):
            continue
        if path.relative_to(package).parts[0] in NOT_SHIPPED:
            continue
        files.append(path)
    return files


def package_zip(package: Path | None = None) -> bytes:
    """The pygames package as a zip (deterministic: sorted, fixed timestamps)."""
    package = package or PACKAGE
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in package_files(package):
            info = zipfile.ZipInfo(path.relative_to(package.parent).as_posix(), FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def games_css(package: Path | None = None) -> str:
    """Every game's style.css, one after the other."""
    package = package or PACKAGE
    parts = ["/* pygames: the games' own styles (generated by build.py from pygames/games/*/style.css) */\n"]
    for path in sorted((package / "games").glob("*/style.css")):
        rel = path.relative_to(package.parent).as_posix()
        parts.append(f"\n/* ---- {rel} ---- */\n{path.read_text(encoding='utf-8').rstrip()}\n")
    return "".join(parts)


# --------------------------------------------------------------------------- URL checks
def python_string_urls(source: str) -> list[str]:
    """URLs in a Python source's string constants, docstrings and comments excluded."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                docstrings.add(id(first.value))
    urls = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            urls.extend(URL_RE.findall(node.value))
    return urls


def strip_block_comments(text: str) -> str:
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def text_urls(name: str, text: str) -> list[str]:
    """URLs a file of ours could make the browser fetch (comments skipped where that is easy)."""
    suffix = Path(name).suffix
    if suffix == ".py":
        return python_string_urls(text)
    if suffix == ".css":
        text = strip_block_comments(text)
    elif suffix == ".html":
        text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    elif suffix == ".toml":
        text = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    elif suffix in (".js", ".mjs"):
        text = strip_block_comments(text)
        text = "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines())
    return URL_RE.findall(text)


def external_urls(files: dict[str, bytes]) -> list[str]:
    """"name: url" for every non-namespace URL in our text files (runtime files excluded)."""
    found = []
    for name, data in sorted(files.items()):
        if Path(name).suffix not in TEXT_SUFFIXES:
            continue
        for url in text_urls(name, data.decode("utf-8")):
            if url.rstrip("/") not in NAMESPACE_URLS:
                found.append(f"{name}: {url}")
    return found


def zip_texts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def check_pyscript_toml(text: str) -> None:
    """The config must pin the local interpreter (no CDN fallback) and never pull packages."""
    try:
        config = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BuildError(f"site/{PYSCRIPT_TOML} is not valid TOML: {exc}") from None
    if config.get("interpreter") != INTERPRETER:
        raise BuildError(f'site/{PYSCRIPT_TOML} must set interpreter = "{INTERPRETER}" '
                         "(without it PyScript loads Pyodide from a CDN)")
    if "packages" in config:
        raise BuildError(f"site/{PYSCRIPT_TOML} must not have `packages` (it pulls micropip from a CDN)")
    files = config.get("files", {})
    if files.get(f"./{PACKAGE_ZIP}") != "./*":
        raise BuildError(f'site/{PYSCRIPT_TOML} must list "./{PACKAGE_ZIP}" = "./*" under [files]')


# --------------------------------------------------------------------------- service worker
def site_hash(files: dict[str, bytes]) -> str:
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(files[name]).digest())
    return digest.hexdigest()[:16]


def service_worker(template: str, files: dict[str, bytes]) -> str:
    """sw.js from its template: the precache list (every file, and "./") and a content-hashed cache name."""
    urls = ["./"] + [f"./{name}" for name in sorted(files) if not Path(name).name.startswith(".")]
    text = template.replace("__CACHE_NAME__", f"pygames-{site_hash({**files, SW_TEMPLATE: template.encode()})}")
    return text.replace("__PRECACHE__", json.dumps(urls, indent=1))


# --------------------------------------------------------------------------- build
def collect(cache: Path = NPM_CACHE) -> dict[str, bytes]:
    """Every file of dist/ but sw.js, by relative path."""
    files: dict[str, bytes] = {}
    for path in sorted(SITE.rglob("*")):
        rel = path.relative_to(SITE).as_posix()
        if path.is_file() and rel != SW_TEMPLATE and "__pycache__" not in path.parts:
            files[rel] = path.read_bytes()
    if "index.html" not in files or PYSCRIPT_TOML not in files or "main.py" not in files:
        raise BuildError("site/ must hold index.html, main.py and pyscript.toml")
    check_pyscript_toml(files[PYSCRIPT_TOML].decode("utf-8"))
    files[PACKAGE_ZIP] = package_zip()
    files[GAMES_CSS] = games_css().encode("utf-8")
    files[".nojekyll"] = b""

    ours = dict(files)
    ours.update({f"{PACKAGE_ZIP}/{k}": v for k, v in zip_texts(files[PACKAGE_ZIP]).items()})
    problems = external_urls(ours)
    if problems:
        raise BuildError("these files refer to other hosts (the site must be self-contained):\n  "
                         + "\n  ".join(problems))

    version, integrity = NPM_PACKAGES["@pyscript/core"]
    members = tar_members(fetch_package("@pyscript/core", version, integrity, cache))
    files.update({f"pyscript/{k}": v for k, v in pyscript_files(members).items()})
    version, integrity = NPM_PACKAGES["pyodide"]
    members = tar_members(fetch_package("pyodide", version, integrity, cache))
    files.update({f"pyodide/{k}": v for k, v in pyodide_files(members).items()})
    return files


def build(dist: Path = DIST, cache: Path = NPM_CACHE, quiet: bool = False) -> dict[str, bytes]:
    """Write dist/ and return its files (relative path -> bytes)."""
    started = time.perf_counter()
    files = collect(cache)
    template = (SITE / SW_TEMPLATE).read_text(encoding="utf-8")
    files[SW_TEMPLATE] = service_worker(template, files).encode("utf-8")
    if dist.exists():
        shutil.rmtree(dist)
    for name, data in files.items():
        target = dist / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    if not quiet:
        runtime = sum(len(v) for k, v in files.items() if k.startswith(("pyodide/", "pyscript/")))
        total = sum(len(v) for v in files.values())
        log(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist}/: {len(files)} files, "
            f"{total / 1e6:.2f} MB (runtime {runtime / 1e6:.2f} MB, ours {(total - runtime) / 1e3:.0f} KB) "
            f"in {time.perf_counter() - started:.1f} s")
    return files


# --------------------------------------------------------------------------- serve
class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - signature of the base class
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


def make_server(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0,
                verbose: bool = False) -> http.server.ThreadingHTTPServer:
    """A threading static server for ``directory`` (port 0: a free port)."""
    server = http.server.ThreadingHTTPServer((host, port), partial(SiteHandler, directory=str(directory)))
    server.daemon_threads = True
    server.verbose = verbose  # type: ignore[attr-defined]
    return server


def serve_in_thread(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0):
    """Start a server in a daemon thread; returns (server, base url). Stop with server.shutdown()."""
    server = make_server(directory, host, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}"


def cmd_serve(args: argparse.Namespace) -> int:
    build()
    try:
        server = make_server(DIST, args.host, args.port, verbose=True)
    except OSError as exc:
        raise BuildError(f"cannot listen on {args.host}:{args.port}: {exc} (try --port)") from None
    log(f"serving dist/ on http://{args.host}:{server.server_address[1]}/  (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log("stopped")
    finally:
        server.server_close()
    return 0


# --------------------------------------------------------------------------- test
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
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=env)
        if Path("/usr/bin/chromium").exists():
            return "/usr/bin/chromium"
    log("installing Playwright's chromium")
    proc = subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"])
    if proc.returncode != 0:
        raise BuildError("no Chromium found: set $CHROMIUM, install chromium, or run "
                         "`python -m playwright install chromium`")
    return None


def _version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:4])


def test_requirements_met() -> bool:
    """Whether this checkout is installed editable and every `test` extra is satisfied."""
    from importlib import metadata
    from urllib.parse import unquote, urlparse

    def installed_here(dist) -> bool:
        try:
            direct = json.loads(dist.read_text("direct_url.json") or "{}")
        except ValueError:
            return False
        return bool(direct.get("dir_info", {}).get("editable")) and \
            Path(unquote(urlparse(direct.get("url", "")).path)).resolve() == ROOT

    # (a pygames.egg-info left in the checkout by setuptools is also a "distribution": skip it)
    if not any(installed_here(d) for d in metadata.distributions(name="pygames")):
        return False
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for requirement in project["optional-dependencies"]["test"]:
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


def cmd_test(args: argparse.Namespace, pytest_args: list[str]) -> int:
    started = time.perf_counter()
    install_test_requirements()
    chromium = find_chromium()
    build()
    env = dict(os.environ)
    if chromium:
        env["CHROMIUM"] = chromium
    env.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    command = [sys.executable, "-m", "pytest", *pytest_args]
    log(" ".join(command))
    code = subprocess.call(command, cwd=ROOT, env=env)
    log(f"build.py test: pytest exited with {code} after {time.perf_counter() - started:.0f} s in total")
    if code == 5:
        log("no tests were collected: that is a failure")
        return 1
    return code


# --------------------------------------------------------------------------- bench
#: a page that only boots the same Pyodide + PyScript (no game code): the floor for the
#: time to a playable lobby. Written into a temporary copy of dist/ by the bench only.
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare runtime</title>
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script></head>
<body><script type="py" config="./bare.toml">
from pyscript import window
window.bareReadyAt = window.performance.now()
</script></body></html>
"""
BARE_TOML = f'interpreter = "{INTERPRETER}"\n'
BOT_LEVELS = ("random", "easy", "normal", "hard")
#: in the page before anything runs: long tasks (> 50 ms) and the longest gap of a 10 ms timer
BLOCK_WATCH = """
window.__longTasks = [];
try {
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
    .observe({type: "longtask", buffered: true});
} catch (e) {}
window.__gapFrom = null; window.__maxGap = 0; let last = performance.now();
setInterval(() => { const now = performance.now();
  if (window.__gapFrom !== null && now - last > window.__maxGap) window.__maxGap = now - last;
  last = now; }, 10);
"""


def bench_playouts(budget: float = 1.0) -> dict:
    """Random playouts per second per registered game and player count (CPython)."""
    sys.path.insert(0, str(ROOT))
    import pygames
    from pygames import bench

    return {game_id: {str(n): bench.playouts(game_id, n, budget)
                      for n in range(game.min_players, game.max_players + 1)}
            for game_id, game in pygames.GAMES.items()}


def bench_bots_cpython(decisions: int, hard_decisions: int) -> dict:
    """Bot decision times per game and level in CPython (the UI's settings)."""
    sys.path.insert(0, str(ROOT))
    import pygames
    from pygames import bench

    return {game_id: {level: bench.bot_decisions(game_id, level, hard_decisions if level == "hard" else decisions)
                      for level in BOT_LEVELS}
            for game_id in pygames.GAMES}


def bench_bytes(files: dict[str, bytes]) -> dict:
    def sizes(names: list[str]) -> dict:
        raw = sum(len(files[n]) for n in names)
        gz = sum(len(gzip.compress(files[n], 6)) for n in names)
        return {"files": len(names), "bytes": raw, "gzip_bytes": gz}

    runtime = [n for n in files if n.startswith(("pyodide/", "pyscript/"))]
    ours = [n for n in files if n not in runtime]
    return {"runtime": sizes(runtime), "ours": sizes(ours),
            "pygames_zip": len(files[PACKAGE_ZIP]), "total": sizes(list(files))}


def median(values: list[float]) -> float | None:
    return round(statistics.median(values)) if values else None


def bench_browser(args: argparse.Namespace, files: dict[str, bytes]) -> dict:
    """Everything measured in Chromium: time to a playable lobby (cold and warm, beside a bare
    runtime page), random playouts per second, bot decision times, main-thread blocks."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"skipped": "playwright is not installed (pip install -e .[test])"}
    sys.path.insert(0, str(ROOT))
    import pygames

    chromium = find_chromium(install=False)
    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="pygames-bench-site-") as temp:
        site = Path(temp)
        for name, data in files.items():  # dist/ plus the bare page (never shipped)
            (site / name).parent.mkdir(parents=True, exist_ok=True)
            (site / name).write_bytes(data)
        (site / "bare.html").write_text(BARE_HTML, encoding="utf-8")
        (site / "bare.toml").write_text(BARE_TOML, encoding="utf-8")
        server, url = serve_in_thread(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(args=chromium_args(),
                                            **({"executable_path": chromium} if chromium else {}))
                try:
                    results["lobby"] = bench_lobby(browser, url, args.runs)
                    results.update(bench_in_page(browser, url, args, pygames))
                    results["blocks"] = bench_blocks(browser, url, args, pygames)
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
    return results


def _ready(page, flag: str) -> float:
    page.wait_for_function(f"() => !!window.{flag}", timeout=180_000)
    return page.evaluate(f"() => window.{flag}")


def bench_lobby(browser, url: str, runs: int) -> dict:
    """Navigation start -> playable lobby (window.pygamesReadyAt), and -> Python running on the
    bare page (window.bareReadyAt). Cold: a fresh context (no cache), service worker blocked.
    Warm: reloads in a context whose service worker has precached the site."""
    out: dict = {"site_cold_ms": [], "bare_cold_ms": [], "site_warm_ms": [], "bare_warm_ms": []}
    requests = []
    for _ in range(runs):
        for page_name, flag, key in (("", "pygamesReadyAt", "site_cold_ms"), ("bare.html", "bareReadyAt", "bare_cold_ms")):
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            count = [0]
            page.on("request", lambda _r: count.__setitem__(0, count[0] + 1))
            page.goto(f"{url}/{page_name}")
            out[key].append(round(_ready(page, flag)))
            if key == "site_cold_ms":
                requests.append(count[0])
            context.close()
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(url + "/")
    _ready(page, "pygamesReadyAt")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=180_000)
    for page_name, flag, key in (("", "pygamesReadyAt", "site_warm_ms"), ("bare.html", "bareReadyAt", "bare_warm_ms")):
        page.goto(f"{url}/{page_name}")
        _ready(page, flag)
        for _ in range(runs):
            page.reload()
            out[key].append(round(_ready(page, flag)))
    context.close()
    for key in list(out):
        out[key.replace("_ms", "_median_ms")] = median(out[key])
    out["site_cold_requests"] = requests[0] if requests else None
    return out


def bench_in_page(browser, url: str, args: argparse.Namespace, pygames) -> dict:
    """Random playouts per second and bot decision times, measured by pygames.bench inside
    the page (window.pygamesBench: the same code as in CPython)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url + "/")
    _ready(page, "pygamesReadyAt")
    call = "([kind, args]) => window.pygamesBench(kind, args)"
    playouts, bots = {}, {}
    for game_id, game in pygames.GAMES.items():
        playouts[game_id] = {
            str(n): json.loads(page.evaluate(call, ["playouts", json.dumps(
                {"game_id": game_id, "players": n, "seconds": args.budget})]))
            for n in range(game.min_players, game.max_players + 1)}
        bots[game_id] = {
            level: json.loads(page.evaluate(call, ["bot", json.dumps(
                {"game_id": game_id, "level": level,
                 "decisions": args.hard_decisions if level == "hard" else args.decisions})]))
            for level in BOT_LEVELS}
    context.close()
    return {"playouts": playouts, "bots": bots}


def bench_blocks(browser, url: str, args: argparse.Namespace, pygames) -> dict:
    """An all-bot table per game (hard, normal, easy... at the fewest players), played through
    the page with no pause between moves for up to --bot-seconds: the longest main-thread
    block (long tasks over 50 ms, and the longest gap of a 10 ms timer)."""
    out = {}
    context = browser.new_context(service_workers="block")
    context.add_init_script(BLOCK_WATCH)
    kinds = ["hard", "normal", "easy", "random"]
    for game_id, game in pygames.GAMES.items():
        page = context.new_page()
        page.goto(url + "/?botdelay=0")
        _ready(page, "pygamesReadyAt")
        page.locator(f'[data-game="{game_id}"]').click()
        page.locator('select[name="num_players"]').select_option(str(game.min_players))
        for seat in range(game.min_players):
            page.locator(f'select[data-seat="{seat}"]').select_option(kinds[seat % len(kinds)])
        page.evaluate("() => { window.__longTasks = []; window.__maxGap = 0; window.__gapFrom = performance.now(); }")
        started = time.perf_counter()
        page.locator('[data-testid="start"]').click()
        try:
            page.locator('[data-testid="game-over"]').wait_for(timeout=args.bot_seconds * 1000)
            finished = True
        except Exception:
            finished = False
        elapsed = time.perf_counter() - started
        data = page.evaluate("() => ({tasks: window.__longTasks, gap: window.__maxGap, "
                             "rev: +(document.getElementById('app').dataset.rev || 0)})")
        tasks = data["tasks"]
        out[game_id] = {"seats": [kinds[s % len(kinds)] for s in range(game.min_players)],
                        "seconds": round(elapsed, 1), "finished": finished, "renders": data["rev"],
                        "long_tasks": len(tasks), "longest_task_ms": round(max(tasks)) if tasks else 0,
                        "longest_timer_gap_ms": round(data["gap"])}
        page.close()
    context.close()
    return out


def cmd_bench(args: argparse.Namespace) -> int:
    files = build()
    started = time.perf_counter()
    log("measuring random playouts and bot decisions in CPython...")
    results = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None},
        "runtimes": {name: version for name, (version, _) in NPM_PACKAGES.items()},
        "settings": {"budget_s": args.budget, "runs": args.runs, "decisions": args.decisions,
                     "hard_decisions": args.hard_decisions, "bot_seconds": args.bot_seconds},
        "playouts_cpython": bench_playouts(args.budget),
        "bots_cpython": bench_bots_cpython(args.decisions, args.hard_decisions),
        "bytes": bench_bytes(files),
    }
    if args.no_browser:
        results["chromium"] = {"skipped": "--no-browser"}
    else:
        log("measuring in Chromium (lobby cold/warm, playouts, bots, main-thread blocks)...")
        results["chromium"] = bench_browser(args, files)
    results["seconds"] = round(time.perf_counter() - started)
    BENCH_DIR.mkdir(exist_ok=True)
    out = BENCH_DIR / "results.json"
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print_bench(results)
    if not args.no_browser and "bots" in results["chromium"]:
        from pygames.bots.arena import replace_between
        replace_between(ROOT / "docs" / "bots.md", "browser", bots_browser_table(results))
        log("wrote the bots' browser figures into docs/bots.md")
    log(f"\nwrote {out.relative_to(ROOT)} ({results['seconds']} s)")
    return 0


def bots_browser_table(results: dict) -> str:
    """docs/bots.md's figures from the browser: decision times per level in Chromium (and CPython),
    the longest stretch between two yields of the hard bot, and the main thread during bot play."""
    web, cpy, blocks = results["chromium"]["bots"], results["bots_cpython"], results["chromium"]["blocks"]
    lines = [f"Measured {results['when']} by `python3 build.py bench` (Chromium, Pyodide "
             f"{results['runtimes'].get('pyodide', '?')}; CPython {results['machine']['python']}; "
             f"load average {', '.join(f'{x:.1f}' for x in results['machine']['load_average'] or [])}).",
             "",
             "| game | hard: median / max ms, Chromium | hard, CPython | hard: longest step, Chromium | "
             "normal: median / max ms, Chromium | all-bot table: seats | longest task | longest 10 ms timer gap |",
             "|---|---:|---:|---:|---:|---|---:|---:|"]
    for game_id, levels in web.items():
        hard, normal, hard_cpy = levels["hard"], levels["normal"], cpy[game_id]["hard"]
        block = blocks.get(game_id, {})
        lines.append(f"| {game_id} | {hard['median_ms']:.0f} / {hard['max_ms']:.0f} | "
                     f"{hard_cpy['median_ms']:.0f} / {hard_cpy['max_ms']:.0f} | {hard.get('longest_step_ms', 0):.0f} | "
                     f"{normal['median_ms']:.1f} / {normal['max_ms']:.1f} | {', '.join(block.get('seats', []))} | "
                     f"{block.get('longest_task_ms', '–')} ms | {block.get('longest_timer_gap_ms', '–')} ms |")
    return "\n".join(lines)


def chromium_args() -> list[str]:
    return ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run",
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1"]


def cmd_bench_bots(args: argparse.Namespace) -> int:
    """Seeded, seat-rotated games between bot levels (pygames.bots.arena.bench)."""
    sys.path.insert(0, str(ROOT))
    if args.outside:
        try:
            from pygames.outside.coup_ruleai import PLAN, bench as outside_bench
        except ImportError as exc:
            raise BuildError(f"the outside arena needs coupml: pip install -e .[bench] ({exc})") from None
        cells = [(level, n) for level, n in PLAN
                 if (not args.level or level in args.level) and (not args.players or n in args.players)]
        outside_bench(games=args.games, hard_games=args.hard_games, jobs=args.jobs, cells=cells,
                      json_path=BENCH_DIR / "outside.json", md_path=ROOT / "docs" / "bots.md", log=log)
        log(f"wrote {(BENCH_DIR / 'outside.json').relative_to(ROOT)} and docs/bots.md")
        return 0
    from pygames.bots.arena import bench

    bench(games=args.games, hard_games=args.hard_games, jobs=args.jobs, game_ids=args.game, matches=args.match,
          json_path=BENCH_DIR / "bots.json", md_path=ROOT / "docs" / "bots.md", log=log)
    log(f"wrote {(BENCH_DIR / 'bots.json').relative_to(ROOT)} and docs/bots.md")
    return 0


def print_bench(results: dict) -> None:
    browser = results.get("chromium", {})
    skipped = browser.get("skipped")
    web = browser.get("playouts", {})
    log(f"\nrandom playouts per second: CPython {results['machine']['python']} and Pyodide in Chromium"
        + (f" (skipped: {skipped})" if skipped else ""))
    log(f"  {'game':<10} {'players':>7} {'actions/game':>12} {'CPython':>9} {'Chromium':>9} {'ratio':>6}")
    for game_id, counts in results["playouts_cpython"].items():
        for players, row in counts.items():
            other = web.get(game_id, {}).get(players)
            speed = other["playouts_per_s"] if other else "-"
            ratio = f"{row['playouts_per_s'] / other['playouts_per_s']:.2f}" if other else "-"
            log(f"  {game_id:<10} {players:>7} {row['actions_per_playout']:>12} {row['playouts_per_s']:>9} "
                f"{speed:>9} {ratio:>6}")
    b = results["bytes"]
    log("\nbytes shipped")
    for key in ("runtime", "ours", "total"):
        log(f"  {key:<8} {b[key]['files']:>4} files {b[key]['bytes'] / 1e6:>8.2f} MB "
            f"(gzip {b[key]['gzip_bytes'] / 1e6:.2f} MB)")
    if skipped:
        log(f"\nChromium figures skipped: {skipped}")
        return
    lobby = browser["lobby"]
    log("\ntime from navigation to ready, median ms (runs)")
    log(f"  {'':<28} {'cold':>7} {'warm (service worker)':>22}")
    log(f"  {'pygames lobby, playable':<28} {lobby['site_cold_median_ms']:>7} {lobby['site_warm_median_ms']:>22}"
        f"   {lobby['site_cold_ms']} / {lobby['site_warm_ms']}")
    log(f"  {'bare Pyodide + PyScript':<28} {lobby['bare_cold_median_ms']:>7} {lobby['bare_warm_median_ms']:>22}"
        f"   {lobby['bare_cold_ms']} / {lobby['bare_warm_ms']}")
    log(f"  ({lobby['site_cold_requests']} requests on a cold load)")
    log("\nbot decision time, median / max ms (UI settings; positions of random games, fewest players)")
    log(f"  {'game':<10} " + " ".join(f"{level + ' CPy':>15} {level + ' web':>15}" for level in BOT_LEVELS))
    for game_id, levels in results["bots_cpython"].items():
        cells = []
        for level in BOT_LEVELS:
            cpy, web_row = levels[level], browser["bots"][game_id][level]
            cells.append(f"{cpy['median_ms']:>7.1f}/{cpy['max_ms']:<7.0f} {web_row['median_ms']:>7.1f}/{web_row['max_ms']:<7.0f}")
        log(f"  {game_id:<10} " + " ".join(cells))
    log("\nmain thread during an all-bot table in the page (botdelay 0)")
    log(f"  {'game':<10} {'seats':<24} {'seconds':>7} {'renders':>7} {'long tasks':>10} {'longest':>8} {'timer gap':>9}")
    for game_id, row in browser["blocks"].items():
        log(f"  {game_id:<10} {','.join(row['seats']):<24} {row['seconds']:>7}{'' if row['finished'] else '+'} "
            f"{row['renders']:>7} {row['long_tasks']:>10} {row['longest_task_ms']:>6}ms {row['longest_timer_gap_ms']:>7}ms")


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="write dist/ (the default)")
    serve = sub.add_parser("serve", help="build, then serve dist/")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--host", default="127.0.0.1")
    sub.add_parser("test", help="install test needs, build, run pytest (extra args go to pytest)")
    bench = sub.add_parser("bench", help="playouts/s, bytes shipped, time to lobby; writes bench/results.json")
    bench.add_argument("--budget", type=float, default=1.0, help="seconds of playouts per game and player count")
    bench.add_argument("--runs", type=int, default=3, help="browser loads per measure (cold and warm)")
    bench.add_argument("--decisions", type=int, default=20, help="bot decisions timed per game and level")
    bench.add_argument("--hard-decisions", type=int, default=5, help="hard bot decisions timed per game")
    bench.add_argument("--bot-seconds", type=float, default=30,
                       help="longest all-bot table watched per game for main-thread blocks")
    bench.add_argument("--no-browser", action="store_true")
    bench.add_argument("--bots", action="store_true",
                       help="instead: bot arena between levels; writes bench/bots.json and docs/bots.md")
    bench.add_argument("--games", type=int, default=100, help="with --bots: games per match")
    bench.add_argument("--hard-games", type=int, default=None, help="with --bots: games per match of the hard bot")
    bench.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="with --bots: processes")
    bench.add_argument("--game", action="append", help="with --bots: only this game (repeatable)")
    bench.add_argument("--match", action="append", choices=["normal-random", "easy-normal", "hard-normal"],
                       help="with --bots: only this kind of match (repeatable)")
    bench.add_argument("--outside", action="store_true",
                       help="with --bots: instead, our Coup bots against coupml's RuleAI (needs the bench extra); "
                            "writes bench/outside.json and docs/bots.md")
    bench.add_argument("--players", type=int, action="append",
                       help="with --bots --outside: only this player count (repeatable)")
    bench.add_argument("--level", action="append", choices=["ruleai", "normal", "hard"],
                       help="with --bots --outside: only this level's rows (ruleai: the baseline; repeatable)")

    if argv[:1] == ["test"]:
        args, rest = parser.parse_args(["test"]), argv[1:]
    else:
        args, rest = parser.parse_args(argv), []
    try:
        if args.command in (None, "build"):
            build()
            return 0
        if args.command == "serve":
            return cmd_serve(args)
        if args.command == "test":
            return cmd_test(args, rest)
        if args.command == "bench":
            return cmd_bench_bots(args) if args.bots else cmd_bench(args)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 2
    parser.error(f"unknown command {args.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
