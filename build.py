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
import contextlib
import gzip
import hashlib
import http.server
import io
import json
import os
import platform
import re
import shutil
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
    # the QR encoder and decoder of "play with friends" (site/qr.js; VENDORED below)
    "qrcode-generator": ("2.0.4",
                         "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g=="),
    "jsqr": ("1.4.0",
             "sha512-dxLob7q65Xg2DvstYkRpkYtmKm2sPJ9oFhrhmudT1dZvNFFTlroai3AWSpLey/w5vMcLBXRgOJsbXpdN9HzU/A=="),
}
#: npm libraries shipped as they are in dist/vendor/, one file each (neither package has a minified
#: build): package -> (its file, the name in vendor/, its licence file, or None when the licence is
#: the file's own header comment). Each goes with its licence as vendor/<name without .js>.LICENSE.
VENDORED = {
    "qrcode-generator": ("dist/qrcode.js", "qrcode.js", None),
    "jsqr": ("dist/jsQR.js", "jsQR.js", "LICENSE"),
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
BYTECODE_CACHE = ROOT / ".cache" / "bytecode"
#: site/main.py (the browser glue) goes into pygames.zip as this module, so that it is shipped
#: compiled like the package; dist/main.py is then only MAIN_STUB, which imports it
MAIN_MODULE = "pygames_main"
MAIN_STUB = f"""# The browser glue is site/main.py of the repository. build.py ships it in pygames.zip as
# {MAIN_MODULE}.py with its compiled .pyc, so that no page load compiles it from source.
import os
import sys

sys.path.insert(0, os.path.abspath("{PACKAGE_ZIP}"))  # imported in place, never unpacked
import {MAIN_MODULE}  # noqa: E402,F401
"""

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


def vendored_files(cache: Path = NPM_CACHE) -> dict[str, bytes]:
    """dist/vendor/: each VENDORED library's file and its licence, from its pinned tarball. The code
    must name no other host outside its comments (the comments' addresses are its authors' sites,
    as in the runtimes, whose files are not checked at all)."""
    files = {}
    for name, (inside, shipped, licence) in VENDORED.items():
        version, integrity = NPM_PACKAGES[name]
        members = tar_members(fetch_package(name, version, integrity, cache))
        if inside not in members or (licence and licence not in members):
            raise BuildError(f"the {name}@{version} tarball lacks {inside} or its licence {licence}")
        code = members[inside]
        problems = external_urls({f"vendor/{shipped}": code})
        if problems:
            raise BuildError(f"{name}@{version} refers to other hosts in its code:\n  " + "\n  ".join(problems))
        if licence:
            licence_text = members[licence]
        else:  # the leading // comment block holds the copyright and the licence
            header = re.match(rb"(?:[ \t]*//[^\n]*\n)+", code)
            if not header or b"licen" not in header.group().lower():
                raise BuildError(f"{name}@{version}: no licence in the header of {inside}")
            licence_text = header.group()
        files[f"vendor/{shipped}"] = code
        files[f"vendor/{shipped.removesuffix('.js')}.LICENSE"] = licence_text
    return files


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


def package_zip() -> bytes:
    """The site's zip (deterministic: sorted, fixed timestamps): the pygames package, the browser
    glue site/main.py as the module MAIN_MODULE, and the compiled form of every module the page
    imports at start (``shipped_compiled``) for the browser's own Python (``pyodide_bytecode``)."""
    entries = {path.relative_to(PACKAGE.parent).as_posix(): path.read_bytes() for path in package_files()}
    entries[f"{MAIN_MODULE}.py"] = (SITE / "main.py").read_bytes()
    entries.update(pyodide_bytecode({k: v for k, v in entries.items() if shipped_compiled(k)}))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


def shipped_compiled(name: str) -> bool:
    """Whether the zip also holds this module compiled: every Python file but each game's own
    modules (``pygames/games/<id>/*.py`` other than ``__init__.py``), which a page imports only
    once that game is picked; those are compiled then, and kept for the next visit by the page's
    bytecode cache (site/main.py). Shipping them compiled too would double our bytes."""
    parts = name.split("/")
    if not name.endswith(".py"):
        return False
    return not (len(parts) == 4 and parts[:2] == ["pygames", "games"] and parts[3] != "__init__.py")


#: run by Node: load the pinned Pyodide, mount the sources' folder, compile every .py in it
COMPILE_MJS = r"""
import { loadPyodide } from "./pyodide.mjs";
const [pyodideDir, sourceDir] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/sources");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: sourceDir }, "/sources");
pyodide.runPython(`
import ast, importlib.util, os
from importlib._bootstrap_external import _code_to_hash_pyc

def without_docstrings(tree):
    # nothing reads __doc__ at run time; the docstrings stay in the shipped sources
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \\
                    and isinstance(first.value.value, str):
                node.body[0:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree

os.chdir("/sources")
for folder, _dirs, names in os.walk("."):
    for name in names:
        if name.endswith(".py"):
            path = os.path.relpath(os.path.join(folder, name))
            with open(path, "rb") as handle:
                source = handle.read()
            code = compile(without_docstrings(ast.parse(source, path)), path, "exec", dont_inherit=True)
            with open(path + "c", "wb") as handle:  # beside its source: the page imports from the zip
                handle.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=True))
`);
"""


def pyodide_bytecode(sources: dict[str, bytes], cache: Path = BYTECODE_CACHE) -> dict[str, bytes]:
    """Checked-hash .pyc files (PEP 552) of ``sources`` (zip path -> source), compiled by the
    pinned Pyodide itself under Node, so their magic number is the browser's Python's: each page
    load imports them instead of compiling our Python again (compiling is most of an import in
    WebAssembly). At import, Python checks each against its source's hash, so a stale one is only
    recompiled. Kept in ``cache`` by the hash of the sources and the Pyodide version."""
    version, integrity = NPM_PACKAGES["pyodide"]
    digest = hashlib.sha256(version.encode() + COMPILE_MJS.encode())
    for name in sorted(sources):
        digest.update(name.encode() + b"\0" + hashlib.sha256(sources[name]).digest())
    kept = cache / f"{digest.hexdigest()[:32]}.zip"
    if kept.exists():
        return zip_texts(kept.read_bytes())
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise BuildError("Node.js is needed to compile our Python for the browser's Pyodide "
                         "(e.g. `apt-get install -y nodejs npm`)")
    members = tar_members(fetch_package("pyodide", version, integrity))
    with tempfile.TemporaryDirectory(prefix="pygames-bytecode-") as temp:
        runtime, tree = Path(temp) / "pyodide", Path(temp) / "sources"
        for name, data in {**pyodide_files(members), "compile.mjs": COMPILE_MJS.encode()}.items():
            (runtime / name).parent.mkdir(parents=True, exist_ok=True)
            (runtime / name).write_bytes(data)
        for name, data in sources.items():
            (tree / name).parent.mkdir(parents=True, exist_ok=True)
            (tree / name).write_bytes(data)
        proc = subprocess.run([node, str(runtime / "compile.mjs"), str(runtime), str(tree)],
                              capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            raise BuildError(f"compiling our Python with Pyodide under Node failed:\n{proc.stderr.strip()[-2000:]}")
        compiled = {path.relative_to(tree).as_posix(): path.read_bytes()
                    for path in sorted(tree.rglob("*.pyc"))}
    if len(compiled) != len(sources):
        raise BuildError(f"Pyodide compiled {len(compiled)} of our {len(sources)} Python files")
    cache.mkdir(parents=True, exist_ok=True)
    for old in sorted(cache.glob("*.zip"), key=lambda path: path.stat().st_mtime)[:-7]:
        old.unlink()  # keep the last few sets of sources (branches, undo)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in compiled.items():
            archive.writestr(zipfile.ZipInfo(name, FIXED_ZIP_TIME), data)
    kept.write_bytes(buffer.getvalue())
    return compiled


def games_css(package: Path | None = None) -> str:
    """Every game's style.css, one after the other."""
    package = package or PACKAGE
    # (no "*/" inside the comment: "games/*/style.css" would close it early and the text after it would
    # swallow the first game's first rule)
    parts = ["/* pygames: the games' own styles (generated by build.py from every game's style.css) */\n"]
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
    if files.get(f"./{PACKAGE_ZIP}") != f"./{PACKAGE_ZIP}":
        # written as it is (never unpacked): main.py imports our package from the zip in place
        raise BuildError(f'site/{PYSCRIPT_TOML} must list "./{PACKAGE_ZIP}" = "./{PACKAGE_ZIP}" under [files]')


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


# --------------------------------------------------------------------------- pre-rendered lobby
LOBBY_MARKER = "<!-- pygames:lobby -->"


def pygames_on_path() -> None:
    """Make this checkout's pygames importable here (once: the bench asks for it per game)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def lobby_screens() -> dict[str, str]:
    """The lobby a first-time visitor sees, per language: ``App(...).render()`` from pygames.ui,
    the very code the page runs, here in CPython (no saves, no setup, the language chosen)."""
    pygames_on_path()
    from pygames.ui.app import KEY_LANG, App, MemoryStorage
    from pygames.ui.i18n import LANGS

    return {lang: App(MemoryStorage({KEY_LANG: lang})).render() for lang in LANGS}


def prerender_lobby(index_html: str) -> str:
    """index.html with the lobby in every language in place of its marker in ``#app``, so the game
    list is there at first paint (site/boot.js sets <html lang>; style.css shows that screen)."""
    if index_html.count(LOBBY_MARKER) != 1:
        raise BuildError(f"site/index.html must hold {LOBBY_MARKER} once (inside #app)")
    return index_html.replace(LOBBY_MARKER, "".join(lobby_screens().values()))


# --------------------------------------------------------------------------- boot preloads
PRELOAD_MARKER = "<!-- pygames:preload -->"
#: chunks PyScript's core imports only for MicroPython (zip-) or a `packages` key (pyodide_graph-):
#: never at our boot, so never preloaded
PYSCRIPT_NOT_AT_BOOT = ("zip-", "pyodide_graph-")
#: small files the boot fetches only once PyScript runs (its config) or once Pyodide is ready (our
#: package), asked for at once instead. Not preloaded: Pyodide's lock file, library, WebAssembly
#: and second module, which pyodide.mjs asks for all together as soon as it runs (preloading the
#: 12 MB early measured no faster and would race the first paint's files on a slow line), and
#: main.py (212 bytes, asked for a moment after the runtime is ready; Chromium warns about a
#: preload that waits that long)
BOOT_FETCHES = (PYSCRIPT_TOML, PACKAGE_ZIP)
STATIC_IMPORT_RE = re.compile(r"""\bfrom\s*["']\./([\w.-]+\.js)["']""")
DYNAMIC_IMPORT_RE = re.compile(r"""\bimport\s*\(\s*["']\./([\w.-]+\.js)["']""")


def boot_modules(files: dict[str, bytes]) -> list[str]:
    """The JavaScript modules of the boot's chain, in the order they are asked for: PyScript's
    entry, its core chunk, what that chunk always imports dynamically (its config parser and
    plugins; the plugins' own dynamic imports are for elements we do not use), the static
    imports of all of these, then Pyodide's entry module."""
    order, queue = [], ["pyscript/core.js"]
    while queue:
        name = queue.pop(0)
        if name in order:
            continue
        order.append(name)
        text = files[name].decode("utf-8")
        targets = STATIC_IMPORT_RE.findall(text)
        if name != "pyscript/core.js" and len(order) == 2:  # the core chunk, core.js's one import
            targets += DYNAMIC_IMPORT_RE.findall(text)
        queue += [f"pyscript/{t}" for t in targets
                  if f"pyscript/{t}" in files and not t.startswith(PYSCRIPT_NOT_AT_BOOT)]
    return order + ["pyodide/pyodide.mjs"]


def boot_preloads(files: dict[str, bytes]) -> str:
    """<link> tags that ask, while the page is still parsing, for the files of the boot's chain,
    each of which is otherwise asked for only once the one before has arrived and run (core.js ->
    its core chunk -> config parser, plugins, pyscript.toml -> pyodide.mjs; pygames.zip only once
    Pyodide is ready): modulepreload for modules, preload as="fetch" for the rest (crossorigin:
    the mode and credentials of the runtime's fetch(), so it is handed the preloaded response
    instead of fetching again). tests/browser/test_browser_lobby.py checks both."""
    missing = [name for name in BOOT_FETCHES if name not in files]
    if missing:
        raise BuildError(f"the boot preloads name files the build lacks: {', '.join(missing)}")
    modules = [name for name in boot_modules(files) if name != "pyscript/core.js"]  # core.js: its <script>
    links = [f'<link rel="modulepreload" href="./{name}">' for name in modules]
    links += [f'<link rel="preload" as="fetch" crossorigin href="./{name}">' for name in BOOT_FETCHES]
    return "\n  ".join(links)


def add_preloads(files: dict[str, bytes]) -> None:
    """index.html with the boot's preloads in place of its marker (after the stylesheets and the
    head's scripts, so those needed for the first paint are asked for first)."""
    html = files["index.html"].decode("utf-8")
    if html.count(PRELOAD_MARKER) != 1:
        raise BuildError(f"site/index.html must hold {PRELOAD_MARKER} once (in <head>)")
    files["index.html"] = html.replace(PRELOAD_MARKER, boot_preloads(files)).encode("utf-8")


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
    files["index.html"] = prerender_lobby(files["index.html"].decode("utf-8")).encode("utf-8")
    # the glue is shipped compiled in the zip (MAIN_MODULE); dist/main.py only imports it
    files[PACKAGE_ZIP] = package_zip()
    files["main.py"] = MAIN_STUB.encode("utf-8")
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
    files.update(vendored_files(cache))
    add_preloads(files)
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
    find_japanese_font()
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


def cmd_screenshots(args: argparse.Namespace) -> int:
    """Run tools/screenshots.py with the test needs installed (Playwright, Chromium, a Japanese font)."""
    install_test_requirements()
    chromium = find_chromium()
    find_japanese_font()
    env = dict(os.environ)
    if chromium:
        env["CHROMIUM"] = chromium
    command = [sys.executable, str(ROOT / "tools" / "screenshots.py")]
    if args.review:
        command += ["--review", args.review]
    for game in args.game or []:
        command += ["--game", game]
    return subprocess.call(command, cwd=ROOT, env=env)


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


#: the code before the speed work (issue 14, "a fast engine"): every bench run measures it
#: beside ours, from a temporary git worktree, in the same run and interleaved
BEFORE_COMMIT = "80c6023"
#: player counts of the side-by-side rows with coupml (PyPI, the bench extra)
COUPML_PLAYERS = (2, 4, 6)
#: a worker process: the pygames of the folder given as its argument, answering
#: pygames.bench.engine_playouts requests (one JSON line each) on stdin
WORKER = "import sys; sys.path.insert(0, sys.argv[1]); from pygames import bench; bench.serve()"


class PlayoutWorker:
    """A Python process that plays random games with the pygames package of ``tree``."""

    def __init__(self, tree: Path) -> None:
        self.tree = tree
        self.process = subprocess.Popen([sys.executable, "-c", WORKER, str(tree)], cwd=tree, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def measure(self, **request) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the bench worker for {self.tree} stopped (exit code {self.process.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"{self.tree}: {request}: {reply['error']}")
        return reply

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def interleaved(contenders: list[tuple[str, object, dict]], rounds: int, seconds: float, seed: str) -> dict:
    """Median playouts/s per contender over ``rounds`` short rounds. Every round runs each
    contender once for ``seconds``, all with the same seed (so the same random source), the
    order rotated by one place per round. A contender is (name, measurer, request): the
    measurer has ``measure(**request, seconds=..., seed=...)`` (a PlayoutWorker or a page)."""
    speeds: dict[str, list[float]] = {name: [] for name, _, _ in contenders}
    games = {name: 0 for name in speeds}
    actions = {name: 0.0 for name in speeds}
    for index in range(rounds):
        turn = index % len(contenders)
        for name, measurer, request in contenders[turn:] + contenders[:turn]:
            reply = measurer.measure(**request, seconds=seconds, seed=f"{seed}/{index}")
            speeds[name].append(reply["playouts_per_s"])
            games[name] += reply["games"]
            actions[name] += reply["actions_per_playout"] * reply["games"]
    # the mean game length over every round's games (a round's own mean is rounded to 0.1)
    return {name: {"playouts_per_s": round(statistics.median(values), 1), "rounds": values,
                   "actions_per_playout": round(actions[name] / games[name], 1)} for name, values in speeds.items()}


def ratio(ours: float, theirs: float) -> float | None:
    return round(ours / theirs, 2) if theirs else None


def bench_versus_coupml(ours: PlayoutWorker, rounds: int, seconds: float) -> dict:
    """Coup in pygames (public and simulation paths, and the compact playout engine on which the
    hard bot plays its playouts) beside coupml, interleaved."""
    out = {}
    for players in COUPML_PLAYERS:
        runs = interleaved([("coupml", ours, {"engine": "coupml", "players": players})] +
                           [(path, ours, {"engine": "coup", "players": players, "path": path})
                            for path in ("public", "simulation", "playout")],
                           rounds, seconds, "coupml")
        theirs = runs["coupml"]["playouts_per_s"]
        out[str(players)] = {**runs, **{f"{path}_ratio": ratio(runs[path]["playouts_per_s"], theirs)
                                        for path in ("public", "simulation", "playout")}}
    return out


def has_playout_engine(game_id: str) -> bool:
    """Whether the game's hard bot plays its playouts on a compact engine (pygames/games/<id>/compact.py,
    bench.py's "playout" path)."""
    pygames_on_path()
    from pygames import bench

    return bench.playout_engine(game_id) is not None


def bench_versus_before(ours, before, rounds: int, seconds: float, games: dict) -> dict:
    """Every game and player count, both paths: ours beside the code of BEFORE_COMMIT, interleaved.
    ``ours`` and ``before`` are measurers (PlayoutWorker in CPython, pages in the browser);
    ``games`` maps game ids to (min_players, max_players). A game with a compact playout engine
    (``has_playout_engine``) also gets "playout": that engine beside the code before's simulation path,
    interleaved with the two simulation paths (before, the bots' playouts were played there)."""
    out: dict = {}
    for game_id, (low, high) in games.items():
        out[game_id] = {}
        for players in range(low, high + 1):
            row = {}
            for path in ("public", "simulation"):
                request = {"engine": game_id, "players": players, "path": path}
                contenders = [("before", before, request), ("ours", ours, request)]
                if path == "simulation" and has_playout_engine(game_id):
                    contenders.append(("playout", ours, {**request, "path": "playout"}))
                runs = interleaved(contenders, rounds, seconds, f"before/{path}")
                row[f"before_{path}"] = runs["before"]["playouts_per_s"]
                row[path] = runs["ours"]["playouts_per_s"]
                row[f"{path}_ratio"] = ratio(row[path], row[f"before_{path}"])
                if path == "public":
                    # games whose rules were corrected since are longer or shorter: the speed per
                    # action tells the engine's gain apart from the change in a game's length
                    row["before_actions"] = runs["before"]["actions_per_playout"]
                    row["actions"] = runs["ours"]["actions_per_playout"]
                    row["public_action_ratio"] = ratio(row["public"] * row["actions"],
                                                       row["before_public"] * row["before_actions"])
                if "playout" in runs:
                    row["playout"] = runs["playout"]["playouts_per_s"]
                    row["playout_ratio"] = ratio(row["playout"], row["before_simulation"])
            out[game_id][str(players)] = row
    return out


class before_worktree:
    """A temporary git worktree of BEFORE_COMMIT holding our pygames/bench.py (the same
    measuring loops on both sides); removed again on exit."""

    def __enter__(self) -> Path:
        self.temp = tempfile.mkdtemp(prefix="pygames-before-")
        self.path = Path(self.temp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(self.path),
                        BEFORE_COMMIT], check=True)
        shutil.copyfile(PACKAGE / "bench.py", self.path / "pygames" / "bench.py")
        return self.path

    def __exit__(self, *exc) -> None:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(self.path)], check=False)
        shutil.rmtree(self.temp, ignore_errors=True)


def game_player_counts() -> dict:
    pygames_on_path()
    import pygames

    return {game_id: (game.min_players, game.max_players) for game_id, game in pygames.GAMES.items()}


def bench_engines(args: argparse.Namespace, before: Path | None) -> dict:
    """CPython: Coup beside coupml, and every game beside the code before (when ``before``)."""
    ours = PlayoutWorker(ROOT)
    old = PlayoutWorker(before) if before is not None else None
    try:
        out: dict = {"rounds": args.rounds, "round_seconds": args.round_seconds, "clock": "process CPU time"}
        try:
            import coupml  # noqa: F401 - only whether the bench extra is installed
            out["coupml"] = bench_versus_coupml(ours, args.rounds, args.round_seconds)
        except ImportError:
            out["coupml"] = {"skipped": "coupml is not installed (pip install -e .[bench])"}
        if old is not None:
            out["before"] = {"commit": BEFORE_COMMIT, **bench_versus_before(
                ours, old, args.rounds, args.round_seconds, game_player_counts())}
        return out
    finally:
        ours.close()
        if old is not None:
            old.close()


def bench_playouts(budget: float = 1.0) -> dict:
    """Random playouts per second per registered game and player count (CPython)."""
    pygames_on_path()
    import pygames
    from pygames import bench

    return {game_id: {str(n): bench.playouts(game_id, n, budget)
                      for n in range(game.min_players, game.max_players + 1)}
            for game_id, game in pygames.GAMES.items()}


def bench_bots_cpython(decisions: int, hard_decisions: int) -> dict:
    """Bot decision times per game and level in CPython (the UI's settings)."""
    pygames_on_path()
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


class PageMeasurer:
    """Random games in a page of the site (window.pygamesBench("engine", ...)), as a measurer
    for :func:`interleaved`."""

    def __init__(self, page) -> None:
        self.page = page

    def measure(self, **request) -> dict:
        return json.loads(self.page.evaluate("([kind, args]) => window.pygamesBench(kind, args)",
                                             ["engine", json.dumps(request)]))


def before_site_files(before: Path) -> dict[str, bytes]:
    """The site of BEFORE_COMMIT (its own build.py's collect, with our npm cache)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("pygames_build_before", before / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.collect(cache=NPM_CACHE)


def write_site(folder: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)


def bench_browser_engines(browser, url: str, before_url: str, args: argparse.Namespace) -> dict:
    """Every game and player count in the page, ours beside the code before, interleaved."""
    context = browser.new_context(service_workers="block")
    pages = []
    for address in (url, before_url):
        page = context.new_page()
        page.goto(address + "/")
        _ready(page, "pygamesReadyAt")
        pages.append(PageMeasurer(page))
    try:
        return {"commit": BEFORE_COMMIT, "rounds": args.rounds, "round_seconds": args.round_seconds,
                "clock": "wall time", **bench_versus_before(pages[0], pages[1], args.rounds, args.round_seconds,
                                                            game_player_counts())}
    finally:
        context.close()


def bench_browser(args: argparse.Namespace, files: dict[str, bytes], before: Path | None = None) -> dict:
    """Everything measured in Chromium: time to a playable lobby (cold and warm, beside a bare
    runtime page), random playouts per second, bot decision times, main-thread blocks, and
    (with ``before``, a worktree of BEFORE_COMMIT) the engines beside the code before."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"skipped": "playwright is not installed (pip install -e .[test])"}
    pygames_on_path()
    import pygames

    chromium = find_chromium(install=False)
    results: dict = {}
    with _bench_site(files) as url, _before_site(before) as before_url, sync_playwright() as p:
        browser = p.chromium.launch(args=chromium_args(), **({"executable_path": chromium} if chromium else {}))
        try:
            if before_url is not None:
                log("  engines in the page, ours beside the code before...")
                results["engines"] = bench_browser_engines(browser, url, before_url, args)
            results["lobby"] = bench_lobby(browser, url, args.runs, next(iter(pygames.GAMES)))
            results.update(bench_in_page(browser, url, args, pygames))
            results["blocks"] = bench_blocks(browser, url, args, pygames)
        finally:
            browser.close()
    return results


@contextlib.contextmanager
def _served(folder: Path):
    """``folder`` served on 127.0.0.1 while the block runs; yields its URL."""
    server, url = serve_in_thread(folder)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def _bench_site(files: dict[str, bytes]):
    """dist/ plus the bare page (never shipped) in a temporary folder, served; yields its URL."""
    with tempfile.TemporaryDirectory(prefix="pygames-bench-site-") as temp:
        site = Path(temp)
        write_site(site, files)
        (site / "bare.html").write_text(BARE_HTML, encoding="utf-8")
        (site / "bare.toml").write_text(BARE_TOML, encoding="utf-8")
        with _served(site) as url:
            yield url


@contextlib.contextmanager
def _before_site(before: Path | None):
    """The site of the code before (a worktree of BEFORE_COMMIT), served; yields its URL, or None."""
    if before is None:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="pygames-bench-before-") as temp:
        write_site(Path(temp), before_site_files(before))
        with _served(Path(temp)) as url:
            yield url


def _ready(page, flag: str) -> float:
    page.wait_for_function(f"() => !!window.{flag}", timeout=180_000)
    return page.evaluate(f"() => window.{flag}")


#: in the site's page before anything runs: when the game list is first painted (Element Timing on
#: the tiles' titles), when the first click happened and when the setup screen it asked for was drawn
LOBBY_WATCH = """
window.__lobby = {list: null, click: null, setup: null, interpreter: null};
// PyScript's own progress: Pyodide is ready (on the bare page too); what follows is [files] and the script
addEventListener("py:progress", (e) => {
  if (String(e.detail) === "Loaded interpreter") window.__lobby.interpreter = performance.now(); });
try {
  // the first paint of the tiles' titles (Python's later redraw of the same tiles counts not)
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.identifier === "game-list")
    window.__lobby.list = Math.min(window.__lobby.list ?? Infinity, e.renderTime || e.loadTime); })
    .observe({type: "element", buffered: true});
} catch (e) {}
// the click's own time stamp: when it was made, even if a busy main thread handles it later
addEventListener("click", (e) => { if (window.__lobby.click === null) window.__lobby.click = e.timeStamp; }, true);
let seen = false;
new MutationObserver(() => {
  if (!seen && document.querySelector("#app .setup")) {
    seen = true;
    requestAnimationFrame(() => { window.__lobby.setup = performance.now(); });
  }
}).observe(document, {childList: true, subtree: true});
"""
LOBBY_FIGURES = """() => {
  const mark = (name) => { const m = performance.getEntriesByName(name, "mark")[0]; return m ? m.startTime : null; };
  return {...window.__lobby, ready: window.pygamesReadyAt || null, main: mark("pygames:main"),
          imported: mark("pygames:imported")};
}"""


def _lobby_load(page, url: str, reload: bool = False) -> dict:
    """One load of the site: when the game list was painted, when Python made it playable."""
    page.reload() if reload else page.goto(url + "/")
    _ready(page, "pygamesReadyAt")
    page.wait_for_function("() => window.__lobby.list !== null", timeout=10_000)
    return page.evaluate(LOBBY_FIGURES)


def _lobby_click(page, url: str, spot: tuple[float, float], reload: bool = False) -> dict:
    """One load where a game is clicked as soon as the game list is painted: the time from that
    click (made while Python is still starting) to its setup screen being drawn. The click goes to
    the tile's place on screen (``spot``, measured on an earlier load of the same layout), as a
    person's would, without waiting for the page to answer first."""
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url + "/", wait_until="commit")
    page.wait_for_function("() => window.__lobby && window.__lobby.list !== null", polling=20, timeout=60_000)
    page.mouse.click(*spot)
    page.wait_for_function("() => window.__lobby.setup !== null", timeout=180_000)
    figures = page.evaluate(LOBBY_FIGURES)
    figures["during_boot"] = figures["ready"] is not None and figures["click"] < figures["ready"]
    return figures


def _tile_spot(page, game_id: str) -> tuple[float, float]:
    box = page.locator(f'#app [data-game="{game_id}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


#: the order of a run's three loads (our lobby, the bare page, our lobby clicked during its boot),
#: rotated run by run
ORDERS = (("site", "bare", "click"), ("bare", "click", "site"), ("click", "site", "bare"))


def bench_lobby(browser, url: str, runs: int, game_id: str) -> dict:
    """The lobby, side by side with a bare page that only boots the same runtime, interleaved
    run by run: navigation -> game list painted (Element Timing), -> playable
    (window.pygamesReadyAt; bare: window.bareReadyAt), and click during the boot -> the setup
    screen it asked for. Cold: fresh contexts (no cache, service worker blocked). Warm: reloads
    in a context whose service worker has precached the site."""
    keys = ("site", "bare", "list", "click_to_setup", "click_at", "runtime", "bare_runtime", "runtime_to_main",
            "bare_runtime_to_ready", "main_to_ready", "import")
    out: dict = {f"{key}_{mode}_ms": [] for mode in ("cold", "warm") for key in keys}
    requests, during = [], []

    def record(mode: str, load: dict, bare: float, bare_runtime: float, click: dict) -> None:
        out[f"site_{mode}_ms"].append(round(load["ready"]))
        out[f"list_{mode}_ms"].append(round(load["list"]))
        out[f"bare_{mode}_ms"].append(round(bare))
        out[f"click_to_setup_{mode}_ms"].append(round(click["setup"] - click["click"]))
        out[f"click_at_{mode}_ms"].append(round(click["click"]))
        # our own part of the boot, free of the runtime's (noisy) start: from Pyodide ready (PyScript's
        # "Loaded interpreter") to main.py's module running (unpacking pygames.zip, fetching main.py,
        # PyScript's own steps, importing the module), beside the same span on the bare page (to its
        # script's end), then main.py to playable (of which importing the package)
        out[f"runtime_{mode}_ms"].append(round(load["interpreter"]))
        out[f"bare_runtime_{mode}_ms"].append(round(bare_runtime))
        out[f"runtime_to_main_{mode}_ms"].append(round(load["main"] - load["interpreter"]))
        out[f"bare_runtime_to_ready_{mode}_ms"].append(round(bare - bare_runtime))
        out[f"main_to_ready_{mode}_ms"].append(round(load["ready"] - load["main"]))
        out[f"import_{mode}_ms"].append(round(load["imported"] - load["main"]))
        during.append(click["during_boot"])

    def cold_context():
        context = browser.new_context(service_workers="block")
        context.add_init_script(LOBBY_WATCH)
        return context

    def cold_site() -> tuple[dict, int, tuple[float, float]]:
        context = cold_context()
        page = context.new_page()
        count = [0]
        page.on("request", lambda _r: count.__setitem__(0, count[0] + 1))
        load = _lobby_load(page, url)
        spot = _tile_spot(page, game_id)
        context.close()
        return load, count[0], spot

    def bare_figures(page) -> tuple[float, float]:
        """The bare page's (ready, Pyodide ready), once it is ready."""
        return _ready(page, "bareReadyAt"), page.evaluate("() => window.__lobby.interpreter")

    def cold_bare() -> tuple[float, float]:
        context = cold_context()
        page = context.new_page()
        page.goto(f"{url}/bare.html")
        figures = bare_figures(page)
        context.close()
        return figures

    def cold_click(spot: tuple[float, float]) -> dict:
        context = cold_context()
        click = _lobby_click(context.new_page(), url, spot)
        context.close()
        return click

    # A load of each, not recorded: the browser's and the system's first-load costs, and where the
    # tile is on screen (the click of a run may come before that run's own site load).
    _, _, spot = cold_site()
    cold_bare()
    for run in range(runs):
        # The three loads of a run in rotated order: whatever a load leaves behind (a closing
        # context, the browser's own housekeeping) falls on each of them in turn.
        done: dict = {}
        for kind in ORDERS[run % len(ORDERS)]:
            if kind == "site":
                done["load"], count, spot = cold_site()
                requests.append(count)
            elif kind == "bare":
                done["bare"] = cold_bare()
            else:
                done["click"] = cold_click(spot)
        record("cold", done["load"], *done["bare"], done["click"])

    context = browser.new_context(service_workers="allow")
    context.add_init_script(LOBBY_WATCH)
    site, bare, clicker = context.new_page(), context.new_page(), context.new_page()
    site.goto(url + "/")
    _ready(site, "pygamesReadyAt")
    site.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=180_000)
    bare.goto(f"{url}/bare.html")
    _ready(bare, "bareReadyAt")
    clicker.goto(url + "/")
    _ready(clicker, "pygamesReadyAt")
    # a returning visitor: the first visit has kept its bytecode (main.py, a few seconds after the boot)
    clicker.wait_for_function("() => !!window.pygamesBytecode", timeout=180_000)
    spot = _tile_spot(site, game_id)
    for run in range(runs):
        done = {}
        for kind in ORDERS[run % len(ORDERS)]:
            if kind == "site":
                done["load"] = _lobby_load(site, url, reload=True)
            elif kind == "bare":
                bare.reload()
                done["bare"] = bare_figures(bare)
            else:
                clicker.evaluate("() => localStorage.removeItem('pygames.setup')")  # the lobby as first seen
                done["click"] = _lobby_click(clicker, url, spot, reload=True)
        record("warm", done["load"], *done["bare"], done["click"])
    context.close()

    for key in list(out):
        out[key.replace("_ms", "_median_ms")] = median(out[key])
    for mode in ("cold", "warm"):
        site_ms, bare_ms = out[f"site_{mode}_median_ms"], out[f"bare_{mode}_median_ms"]
        out[f"playable_ratio_{mode}"] = round(site_ms / bare_ms, 3) if site_ms and bare_ms else None
    out["site_cold_requests"] = requests[0] if requests else None
    out["clicks_during_boot"] = f"{sum(during)}/{len(during)}"
    out["clicked_game"] = game_id
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


#: Chromium's trace category of its event loop's tasks (each with its wall and thread CPU time)
TASK_TRACE_CATEGORIES = ["toplevel"]


def trace_main_tasks(path: Path) -> list[tuple[float, float]]:
    """(wall ms, CPU ms) of every task the page's main thread ran, from a Chromium trace. The CPU
    time is the thread's own clock: a loaded machine stretches the wall time (the thread waits
    for a core) but not that, so it tells what a task costs the page."""
    events = json.loads(path.read_text(encoding="utf-8"))
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    tasks: dict[tuple, list[tuple[float, float]]] = {main: [] for main in mains}
    for e in events:
        if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask" and (e.get("pid"), e.get("tid")) in mains:
            tasks[(e["pid"], e["tid"])].append((e["dur"] / 1000, e.get("tdur", e["dur"]) / 1000))
    # the page's renderer is the busy one (the trace is the browser's: idle renderers are in it too)
    return max(tasks.values(), key=lambda rows: sum(cpu for _wall, cpu in rows), default=[])


def bench_blocks(browser, url: str, args: argparse.Namespace, pygames) -> dict:
    """An all-bot table per game (hard, normal, easy... at the fewest players), played through
    the page with no pause between moves for up to --bot-seconds: the longest main-thread
    block (long tasks over 50 ms, and the longest gap of a 10 ms timer, both in wall time; and
    the longest task in the main thread's CPU time, from a Chromium trace of the table)."""
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
        handle, name = tempfile.mkstemp(prefix="pygames-blocks-", suffix=".json")
        os.close(handle)
        trace = Path(name)
        browser.start_tracing(page=page, path=str(trace), categories=TASK_TRACE_CATEGORIES)
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
        browser.stop_tracing()
        cpu = [cpu_ms for _wall, cpu_ms in trace_main_tasks(trace)]
        trace.unlink()
        tasks = data["tasks"]
        out[game_id] = {"seats": [kinds[s % len(kinds)] for s in range(game.min_players)],
                        "seconds": round(elapsed, 1), "finished": finished, "renders": data["rev"],
                        "long_tasks": len(tasks), "longest_task_ms": round(max(tasks)) if tasks else 0,
                        "longest_timer_gap_ms": round(data["gap"]),
                        "longest_task_cpu_ms": round(max(cpu)) if cpu else 0,
                        "tasks_over_50ms_cpu": sum(1 for ms in cpu if ms > 50)}
        page.close()
    context.close()
    return out


def cmd_bench_lobby(args: argparse.Namespace) -> int:
    """Only the lobby's figures (--lobby-only): measured, printed, put into the lobby entry of
    bench/results.json (the rest of the file is kept) and into docs/quality.md."""
    files = build()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BuildError("playwright is not installed (pip install -e .[test])") from None
    pygames_on_path()
    import pygames

    out = BENCH_DIR / "results.json"
    results = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    results.update({"when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                    "machine": {"python": platform.python_version(), "platform": platform.platform(),
                                "cpus": os.cpu_count(),
                                "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None},
                    "runtimes": {name: version for name, (version, _) in NPM_PACKAGES.items()},
                    "bytes": bench_bytes(files)})
    results.setdefault("settings", {})["runs"] = args.runs
    with _bench_site(files) as url, sync_playwright() as p:
        chromium = find_chromium(install=False)
        browser = p.chromium.launch(args=chromium_args(), **({"executable_path": chromium} if chromium else {}))
        try:
            lobby = bench_lobby(browser, url, args.runs, next(iter(pygames.GAMES)))
        finally:
            browser.close()
    if not isinstance(results.get("chromium"), dict) or "skipped" in results["chromium"]:
        results["chromium"] = {}
    results["chromium"]["lobby"] = lobby
    BENCH_DIR.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    for line in lobby_lines(lobby):
        log(line)
    from pygames.bots.arena import replace_between
    replace_between(ROOT / "docs" / "quality.md", "lobby-bench", lobby_quality_table(results))
    log(f"\nwrote the lobby's figures into {out.relative_to(ROOT)} and docs/quality.md")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.lobby_only:
        return cmd_bench_lobby(args)
    if args.engines_only:
        return cmd_bench_engines(args)
    files = build()
    started = time.perf_counter()
    if args.no_before:
        return bench_measure(args, files, started, None)
    with before_worktree() as before:
        return bench_measure(args, files, started, before)


def cmd_bench_engines(args: argparse.Namespace) -> int:
    """Only the CPython engine rows (``--engines-only``, optionally ``--game``): printed, no files
    written; the quick check while working on a game's speed."""
    counts = game_player_counts()
    chosen = {game_id: counts[game_id] for game_id in (args.game or counts) if game_id in counts}
    if not chosen:
        raise BuildError(f"--game: choose among {', '.join(counts)}")
    ours = PlayoutWorker(ROOT)
    try:
        with before_worktree() as before:
            old = PlayoutWorker(before)
            try:
                rows = bench_versus_before(ours, old, args.rounds, args.round_seconds, chosen)
            finally:
                old.close()
        print(f"games per CPU second, medians of {args.rounds} interleaved rounds; before = {BEFORE_COMMIT}")
        print(f"{'game':<10}{'n':>3} {'public before':>14} {'ours':>8} {'x':>6} {'simul. before':>14} {'ours':>8} {'x':>6}")
        for game_id, per_count in rows.items():
            for players, row in per_count.items():
                print(f"{game_id:<10}{players:>3} {row['before_public']:>14} {row['public']:>8} {row['public_ratio']!s:>6}"
                      f" {row['before_simulation']:>14} {row['simulation']:>8} {row['simulation_ratio']!s:>6}"
                      f"  actions per game {row['before_actions']} -> {row['actions']},"
                      f" public x{row['public_action_ratio']} per action"
                      + (f"  playout engine {row['playout']} x{row['playout_ratio']}" if "playout" in row else ""))
        if "coup" in chosen:
            try:
                import coupml  # noqa: F401 - only whether the bench extra is installed
            except ImportError:
                return 0
            for players, row in bench_versus_coupml(ours, args.rounds, args.round_seconds).items():
                print(f"coup {players}p beside coupml {row['coupml']['playouts_per_s']}/s: "
                      f"public x{row['public_ratio']}, simulation x{row['simulation_ratio']}, "
                      f"playout engine x{row['playout_ratio']}")
    finally:
        ours.close()
    return 0


def bench_measure(args: argparse.Namespace, files: dict[str, bytes], started: float, before: Path | None) -> int:
    log("measuring the engines in CPython (Coup beside coupml; every game beside "
        + (f"{BEFORE_COMMIT})..." if before else "nothing: --no-before)..."))
    engines = bench_engines(args, before)
    log("measuring random playouts and bot decisions in CPython...")
    results = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "cpus": os.cpu_count(), "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None},
        "runtimes": {name: version for name, (version, _) in NPM_PACKAGES.items()},
        "settings": {"budget_s": args.budget, "runs": args.runs, "decisions": args.decisions,
                     "hard_decisions": args.hard_decisions, "bot_seconds": args.bot_seconds},
        "engines_cpython": engines,
        "playouts_cpython": bench_playouts(args.budget),
        "bots_cpython": bench_bots_cpython(args.decisions, args.hard_decisions),
        "bytes": bench_bytes(files),
    }
    if args.no_browser:
        results["chromium"] = {"skipped": "--no-browser"}
    else:
        log("measuring in Chromium (lobby cold/warm, playouts, bots, main-thread blocks)...")
        results["chromium"] = bench_browser(args, files, before)
    results["seconds"] = round(time.perf_counter() - started)
    BENCH_DIR.mkdir(exist_ok=True)
    out = BENCH_DIR / "results.json"
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print_bench(results)
    from pygames.bots.arena import replace_between
    if not args.no_browser and "bots" in results["chromium"]:
        replace_between(ROOT / "docs" / "bots.md", "browser", bots_browser_table(results))
        log("wrote the bots' browser figures into docs/bots.md")
    if not args.no_browser and "lobby" in results["chromium"]:
        replace_between(ROOT / "docs" / "quality.md", "lobby-bench", lobby_quality_table(results))
        log("wrote the lobby's figures into docs/quality.md")
    replace_between(ROOT / "docs" / "quality.md", "engine-speed", engine_speed_table(results))
    log("wrote the engine speed tables into docs/quality.md")
    log(f"\nwrote {out.relative_to(ROOT)} ({results['seconds']} s)")
    return 0


def lobby_lines(lobby: dict) -> list[str]:
    """The lobby's figures as printed by the bench (medians, ms; every run in brackets)."""
    rows = [("game list painted", "list"), ("pygames lobby playable", "site"), ("bare runtime ready", "bare"),
            ("click during boot -> setup", "click_to_setup"), ("(the click was made at)", "click_at"),
            ("Pyodide ready", "runtime"), ("  bare: Pyodide ready", "bare_runtime"),
            ("Pyodide ready -> main.py runs", "runtime_to_main"),
            ("  bare: Pyodide ready -> ready", "bare_runtime_to_ready"), ("main.py -> playable", "main_to_ready"),
            ("  of which importing pygames", "import")]
    lines = ["\ntime from navigation, median ms over runs (cold: no cache; warm: service worker)",
             f"  {'':<30} {'cold':>7} {'warm':>7}   runs cold / warm"]
    for label, key in rows:
        lines.append(f"  {label:<30} {lobby[f'{key}_cold_median_ms']!s:>7} {lobby[f'{key}_warm_median_ms']!s:>7}"
                     f"   {lobby[f'{key}_cold_ms']} / {lobby[f'{key}_warm_ms']}")
    lines.append(f"  playable / bare: cold {lobby['playable_ratio_cold']}, warm {lobby['playable_ratio_warm']}; "
                 f"clicks made during the boot {lobby['clicks_during_boot']}; "
                 f"{lobby['site_cold_requests']} requests on a cold load")
    return lines


def lobby_quality_table(results: dict) -> str:
    """docs/quality.md's lobby figures (between its lobby-bench markers)."""
    lobby = results["chromium"]["lobby"]
    load = results["machine"]["load_average"] or []
    lines = [f"Measured {results['when']} by `python3 build.py bench` ({results['settings']['runs']} runs, "
             f"interleaved; Chromium, Pyodide {results['runtimes'].get('pyodide', '?')}; load average "
             f"{', '.join(f'{x:.1f}' for x in load)} on {results['machine']['cpus']} cores). Medians in ms from "
             f"navigation start; the bare page boots the same PyScript + Pyodide and nothing else.",
             "",
             "| | cold | warm (service worker) | target |",
             "|---|---:|---:|---|",
             f"| game list painted (Element Timing) | {lobby['list_cold_median_ms']} | {lobby['list_warm_median_ms']} "
             f"| ≤ 500 cold, ≤ 300 warm |",
             f"| lobby playable (`pygamesReadyAt`) | {lobby['site_cold_median_ms']} | {lobby['site_warm_median_ms']} | |",
             f"| bare runtime ready | {lobby['bare_cold_median_ms']} | {lobby['bare_warm_median_ms']} | |",
             f"| playable / bare | {lobby['playable_ratio_cold']} | {lobby['playable_ratio_warm']} | ≤ 1.05 |",
             f"| click on a game during the boot → its setup drawn | {lobby['click_to_setup_cold_median_ms']} | "
             f"{lobby['click_to_setup_warm_median_ms']} | |",
             f"| (that click was made at) | {lobby['click_at_cold_median_ms']} | {lobby['click_at_warm_median_ms']} | |",
             f"| Pyodide ready (PyScript's \"Loaded interpreter\") | {lobby['runtime_cold_median_ms']} | "
             f"{lobby['runtime_warm_median_ms']} | |",
             f"| … on the bare page | {lobby['bare_runtime_cold_median_ms']} | {lobby['bare_runtime_warm_median_ms']} | |",
             f"| our part: Pyodide ready → `main.py` runs | {lobby['runtime_to_main_cold_median_ms']} | "
             f"{lobby['runtime_to_main_warm_median_ms']} | |",
             f"| … the bare page: Pyodide ready → its script ran | {lobby['bare_runtime_to_ready_cold_median_ms']} | "
             f"{lobby['bare_runtime_to_ready_warm_median_ms']} | |",
             f"| our part: `main.py` runs → playable | {lobby['main_to_ready_cold_median_ms']} | "
             f"{lobby['main_to_ready_warm_median_ms']} | |",
             f"| … of which importing the package | {lobby['import_cold_median_ms']} | {lobby['import_warm_median_ms']} | |",
             "",
             f"Clicks made while Python was still starting: {lobby['clicks_during_boot']}; "
             f"requests on a cold load: {lobby['site_cold_requests']}."]
    return "\n".join(lines)


def engine_speed_table(results: dict) -> str:
    """docs/quality.md's engine speed figures: Coup beside coupml, and every game beside the
    code before, in CPython (CPU time) and, where measured, in the page (wall time)."""
    engines = results["engines_cpython"]
    web = results.get("chromium", {}).get("engines", {})
    load = ", ".join(f"{x:.1f}" for x in results["machine"].get("load_average") or [])
    lines = [f"Measured {results['when']} by `python3 build.py bench` (CPython {results['machine']['python']}, "
             f"load average {load}; {engines['rounds']} interleaved rounds of {engines['round_seconds']} s "
             "per engine, order rotated, medians).", ""]
    versus = engines.get("coupml", {})
    if "skipped" in versus:
        lines.append(f"Coup beside coupml: skipped ({versus['skipped']}).")
    elif versus:
        lines += ["Random games of Coup per CPU second, pygames beside coupml 0.1.1 (the same random source; "
                  "the playout engine is the compact engine on which the hard bot plays its playouts):", "",
                  "| players | coupml | ours, public path | × | ours, simulation path | × | "
                  "ours, playout engine | × | actions per game (coupml / ours) |",
                  "|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        for players, row in versus.items():
            playout = row.get("playout")
            lines.append(f"| {players} | {row['coupml']['playouts_per_s']:.0f} | {row['public']['playouts_per_s']:.0f} | "
                         f"{row['public_ratio']:.2f} | {row['simulation']['playouts_per_s']:.0f} | "
                         f"{row['simulation_ratio']:.2f} | "
                         + (f"{playout['playouts_per_s']:.0f} | {row['playout_ratio']:.2f}" if playout else "– | –")
                         + f" | {row['coupml']['actions_per_playout']} / {row['public']['actions_per_playout']} |")
    before = engines.get("before")
    if before:
        lines += ["", f"Random games per second, ours beside the code before ({before['commit']}); "
                  "CPython in CPU time, Chromium (Pyodide) in wall time" + ("" if web else " (Chromium: not measured)")
                  + ":", "",
                  "| game | players | public: before → ours | × | actions per game: before → ours | "
                  "public × per action | simulation: before → ours | × | Chromium public × | Chromium simulation × |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for game_id, counts in before.items():
            if game_id == "commit":
                continue
            for players, row in counts.items():
                web_row = web.get(game_id, {}).get(players, {})
                cells = [f"{web_row[key]:.2f}" if web_row.get(key) else "–"
                         for key in ("public_ratio", "simulation_ratio")]
                length = (f"{row['before_actions']} → {row['actions']} | {row['public_action_ratio']:.2f}"
                          if "actions" in row else "– | –")
                lines.append(f"| {game_id} | {players} | {row['before_public']:.0f} → {row['public']:.0f} | "
                             f"{row['public_ratio']:.2f} | {length} | "
                             f"{row['before_simulation']:.0f} → {row['simulation']:.0f} | "
                             f"{row['simulation_ratio']:.2f} | {cells[0]} | {cells[1]} |")
        playout_rows = [(game_id, players, row, web.get(game_id, {}).get(players, {}))
                        for game_id, counts in before.items() if game_id != "commit"
                        for players, row in counts.items() if "playout" in row]
        if playout_rows:
            lines += ["", "The hard bot's playouts on a compact playout engine, beside the code before's simulation "
                      "path (where its playouts were played):", "",
                      "| game | players | simulation before → playout engine | × | Chromium × |",
                      "|---|---:|---:|---:|---:|"]
            for game_id, players, row, web_row in playout_rows:
                cell = f"{web_row['playout_ratio']:.2f}" if web_row.get("playout_ratio") else "–"
                lines.append(f"| {game_id} | {players} | {row['before_simulation']:.0f} → {row['playout']:.0f} | "
                             f"{row['playout_ratio']:.2f} | {cell} |")
    blocks = results.get("chromium", {}).get("blocks")
    if blocks:
        longest = max(row["longest_task_ms"] for row in blocks.values())
        each = ", ".join(f"{game_id} {row['longest_task_ms']}" for game_id, row in blocks.items())
        if longest:
            lines += ["", f"Longest main-thread task in the all-bot tables (botdelay 0): {longest} ms wall time ({each})"]
        else:  # the Long Tasks API reports only tasks of 50 ms or more
            lines += ["", "Longest main-thread task in the all-bot tables (botdelay 0): none of 50 ms or more "
                          "in wall time (the Long Tasks API's threshold)"]
        if all("longest_task_cpu_ms" in row for row in blocks.values()):
            longest = max(row["longest_task_cpu_ms"] for row in blocks.values())
            each = ", ".join(f"{game_id} {row['longest_task_cpu_ms']}" for game_id, row in blocks.items())
            lines[-1] += f"; in the main thread's CPU time {longest} ms ({each})"
        lines[-1] += "."
    return "\n".join(lines)


def bots_browser_table(results: dict) -> str:
    """docs/bots.md's figures from the browser: decision times per level in Chromium (and CPython),
    the longest stretch between two yields of the hard bot, and the main thread during bot play."""
    web, cpy, blocks = results["chromium"]["bots"], results["bots_cpython"], results["chromium"]["blocks"]
    lines = [f"Measured {results['when']} by `python3 build.py bench` (Chromium, Pyodide "
             f"{results['runtimes'].get('pyodide', '?')}; CPython {results['machine']['python']}; "
             f"load average {', '.join(f'{x:.1f}' for x in results['machine']['load_average'] or [])}).",
             "",
             "| game | hard: median / max ms, Chromium | hard, CPython | hard: longest step, Chromium | "
             "normal: median / max ms, Chromium | all-bot table: seats | longest task: wall / CPU | "
             "longest 10 ms timer gap |",
             "|---|---:|---:|---:|---:|---|---:|---:|"]
    for game_id, levels in web.items():
        hard, normal, hard_cpy = levels["hard"], levels["normal"], cpy[game_id]["hard"]
        block = blocks.get(game_id, {})
        lines.append(f"| {game_id} | {hard['median_ms']:.0f} / {hard['max_ms']:.0f} | "
                     f"{hard_cpy['median_ms']:.0f} / {hard_cpy['max_ms']:.0f} | {hard.get('longest_step_ms', 0):.0f} | "
                     f"{normal['median_ms']:.1f} / {normal['max_ms']:.1f} | {', '.join(block.get('seats', []))} | "
                     f"{block.get('longest_task_ms', '–')} / {block.get('longest_task_cpu_ms', '–')} ms | "
                     f"{block.get('longest_timer_gap_ms', '–')} ms |")
    return "\n".join(lines)


def chromium_args() -> list[str]:
    return ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run",
            # shared memory in /tmp: a container's small /dev/shm must not crash the renderer
            "--disable-dev-shm-usage",
            # no name resolves but this machine's and the mDNS names (<uuid>.local) that stand for
            # WebRTC host candidates, without which two pages cannot connect (play with friends);
            # a request to any other host is still refused by the browser tests' guard
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1 , EXCLUDE *.local"]


def cmd_bench_bots(args: argparse.Namespace) -> int:
    """Seeded, seat-rotated games between bot levels (pygames.bots.arena.bench)."""
    pygames_on_path()
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
          players=args.players, json_path=BENCH_DIR / "bots.json", md_path=ROOT / "docs" / "bots.md", log=log)
    log(f"wrote {(BENCH_DIR / 'bots.json').relative_to(ROOT)} and docs/bots.md")
    return 0


def print_bench(results: dict) -> None:
    if "engines_cpython" in results:
        log("\nengine speed\n" + engine_speed_table(results))
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
    for line in lobby_lines(browser["lobby"]):
        log(line)
    log("\nbot decision time, median / max ms (UI settings; positions of random games, fewest players)")
    log(f"  {'game':<10} " + " ".join(f"{level + ' CPy':>15} {level + ' web':>15}" for level in BOT_LEVELS))
    for game_id, levels in results["bots_cpython"].items():
        cells = []
        for level in BOT_LEVELS:
            cpy, web_row = levels[level], browser["bots"][game_id][level]
            cells.append(f"{cpy['median_ms']:>7.1f}/{cpy['max_ms']:<7.0f} {web_row['median_ms']:>7.1f}/{web_row['max_ms']:<7.0f}")
        log(f"  {game_id:<10} " + " ".join(cells))
    log("\nmain thread during an all-bot table in the page (botdelay 0)")
    log(f"  {'game':<10} {'seats':<24} {'seconds':>7} {'renders':>7} {'long tasks':>10} {'longest':>8} {'timer gap':>9} "
        f"{'longest CPU':>11} {'>50ms CPU':>9}")
    for game_id, row in browser["blocks"].items():
        log(f"  {game_id:<10} {','.join(row['seats']):<24} {row['seconds']:>7}{'' if row['finished'] else '+'} "
            f"{row['renders']:>7} {row['long_tasks']:>10} {row['longest_task_ms']:>6}ms {row['longest_timer_gap_ms']:>7}ms "
            f"{row.get('longest_task_cpu_ms', '-'):>9}ms {row.get('tasks_over_50ms_cpu', '-'):>9}")


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
    shots = sub.add_parser("screenshots", help="PNGs of every game's table into docs/screenshots/ (tools/screenshots.py)")
    shots.add_argument("--review", help="instead: every size, language and colour scheme into this folder")
    shots.add_argument("--game", action="append", help="only this game (repeatable)")
    bench = sub.add_parser("bench", help="playouts/s, bytes shipped, time to lobby; writes bench/results.json")
    bench.add_argument("--budget", type=float, default=1.0, help="seconds of playouts per game and player count")
    bench.add_argument("--runs", type=int, default=3, help="browser loads per measure (cold and warm)")
    bench.add_argument("--decisions", type=int, default=20, help="bot decisions timed per game and level")
    bench.add_argument("--hard-decisions", type=int, default=5, help="hard bot decisions timed per game")
    bench.add_argument("--bot-seconds", type=float, default=30,
                       help="longest all-bot table watched per game for main-thread blocks")
    bench.add_argument("--no-browser", action="store_true")
    bench.add_argument("--lobby-only", action="store_true",
                       help="only the lobby's timings (first paint, playable, click during boot) beside the bare page")
    bench.add_argument("--rounds", type=int, default=5, help="interleaved rounds per engine comparison")
    bench.add_argument("--round-seconds", type=float, default=0.3,
                       help="seconds of random games per engine and round (CPU seconds in CPython)")
    bench.add_argument("--engines-only", action="store_true",
                       help="only the CPython engine rows (against the code before; Coup also beside coupml), "
                            "printed, no files written; with --game: only those games")
    bench.add_argument("--no-before", action="store_true",
                       help=f"skip the rows against the code before ({BEFORE_COMMIT}, from a git worktree)")
    bench.add_argument("--bots", action="store_true",
                       help="instead: bot arena between levels; writes bench/bots.json and docs/bots.md")
    bench.add_argument("--games", type=int, default=100, help="with --bots: games per match")
    bench.add_argument("--hard-games", type=int, default=None, help="with --bots: games per match of the hard bot")
    bench.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="with --bots: processes")
    bench.add_argument("--game", action="append", help="with --bots or --engines-only: only this game (repeatable)")
    bench.add_argument("--match", action="append", choices=["normal-random", "easy-normal", "hard-normal"],
                       help="with --bots: only this kind of match (repeatable)")
    bench.add_argument("--outside", action="store_true",
                       help="with --bots: instead, our Coup bots against coupml's RuleAI (needs the bench extra); "
                            "writes bench/outside.json and docs/bots.md")
    bench.add_argument("--players", type=int, action="append",
                       help="with --bots: only this player count (repeatable)")
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
        if args.command == "screenshots":
            return cmd_screenshots(args)
        if args.command == "bench":
            return cmd_bench_bots(args) if args.bots else cmd_bench(args)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 2
    parser.error(f"unknown command {args.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
