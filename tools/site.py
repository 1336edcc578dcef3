"""The site, dist/: the static shell of site/, our package as one zip (imported by the page in
place) with the bytecode of its start modules, the lobby pre-rendered into index.html, the boot's
preloads, games.css (every game's style.css), the vendored runtimes (tools.vendor) and a service
worker that precaches it all, so that the site works offline after one visit."""

from __future__ import annotations

import ast
import hashlib
import io
import json
import re
import shutil
import subprocess
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

from . import ROOT, BuildError, log
from .vendor import NPM_CACHE, NPM_PACKAGES, package_members, pyodide_files, vendored_files

SITE = ROOT / "site"
PACKAGE = ROOT / "pygames"
DIST = ROOT / "dist"

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
#: the Python of site/ that the page imports from pygames.zip (shipped there, compiled like the
#: package, and not as files of dist/): file in site/ -> module file at the zip's top, beside pygames/
PAGE_MODULES = {"main.py": f"{MAIN_MODULE}.py", "pygames_importer.py": "pygames_importer.py"}
MAIN_STUB = f"""# The browser glue is site/main.py of the repository. build.py ships it in pygames.zip as
# {MAIN_MODULE}.py with its compiled .pyc, so that no page load compiles it from source.
import os
import sys

sys.path.insert(0, os.path.abspath("{PACKAGE_ZIP}"))  # imported in place, never unpacked
import {MAIN_MODULE}  # noqa: E402,F401
"""

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
    """The site's zip (deterministic: sorted, fixed timestamps): the pygames package, the page's
    modules of site/ (PAGE_MODULES: the browser glue as MAIN_MODULE, the package's importer), and the
    compiled form of every module the page imports at start (``shipped_compiled``) for the
    browser's own Python (``pyodide_bytecode``)."""
    entries = {path.relative_to(PACKAGE.parent).as_posix(): path.read_bytes() for path in package_files()}
    entries.update({module: (SITE / name).read_bytes() for name, module in PAGE_MODULES.items()})
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
    version, _integrity = NPM_PACKAGES["pyodide"]
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
    members = package_members("pyodide")
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


def lobby_screens() -> dict[str, str]:
    """The lobby a first-time visitor sees, per language: ``App(...).render()`` from pygames.ui,
    the very code the page runs, here in CPython (no saves, no setup, the language chosen)."""
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
        if path.is_file() and rel != SW_TEMPLATE and rel not in PAGE_MODULES and "__pycache__" not in path.parts:
            files[rel] = path.read_bytes()
    if "index.html" not in files or PYSCRIPT_TOML not in files or not (SITE / "main.py").is_file():
        raise BuildError("site/ must hold index.html, main.py and pyscript.toml")
    check_pyscript_toml(files[PYSCRIPT_TOML].decode("utf-8"))
    files["index.html"] = prerender_lobby(files["index.html"].decode("utf-8")).encode("utf-8")
    # the page's Python is shipped compiled in the zip (PAGE_MODULES); dist/main.py only imports the glue
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
