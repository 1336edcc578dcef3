"""build.py: dist/ has every file it needs, nothing refers to another host, pins are enforced,
the service worker precaches everything."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

import pytest

from tools import ROOT, BuildError
from tools.serve import serve_in_thread
from tools.site import (
    MAIN_MODULE,
    MAIN_STUB,
    PACKAGE,
    SITE,
    build,
    check_pyscript_toml,
    external_urls,
    package_files,
    package_zip,
    service_worker,
    shipped_compiled,
    zip_texts,
)
from tools.vendor import NPM_PACKAGES, PYODIDE_FILES, PYSCRIPT_SKIP_PREFIXES, fetch_package, integrity_of, tarball_name

NEEDED = ["index.html", "main.py", "pyscript.toml", "style.css", "games.css", "pygames.zip", "sw.js",
          "sw-register.js", ".nojekyll", "pyscript/core.js", "pyscript/core.css"] + \
         [f"pyodide/{name}" for name in PYODIDE_FILES]


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    build(out, quiet=True)
    return out


def dist_files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def test_dist_has_every_needed_file(dist):
    files = dist_files(dist)
    for name in NEEDED:
        assert name in files, name
    assert not [f for f in files if f.endswith(".map")]
    assert not [f for f in files if Path(f).name.startswith(PYSCRIPT_SKIP_PREFIXES)]
    assert set(f for f in files if f.startswith("pyodide/")) == {f"pyodide/{n}" for n in PYODIDE_FILES}


def test_every_pyscript_chunk_that_can_load_is_shipped(dist):
    """core-*.js imports its chunks by name: all are shipped except the editor/terminal ones."""
    shipped = {p.name for p in (dist / "pyscript").iterdir()}
    imported = set()
    for path in (dist / "pyscript").glob("*.js"):
        imported |= set(re.findall(r'import\("\./([^"]+\.js)"\)', path.read_text(encoding="utf-8")))
        imported |= set(re.findall(r'from"\./([^"]+\.js)"', path.read_text(encoding="utf-8")))
    assert imported, "no chunk imports found: has PyScript's bundle format changed?"
    for name in imported:
        assert name in shipped or name.startswith(PYSCRIPT_SKIP_PREFIXES), name


def test_package_zip_is_importable_and_deterministic(dist, tmp_path):
    data = (dist / "pygames.zip").read_bytes()
    assert data == package_zip()  # same bytes every time: the SW cache name stays stable
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import pygames, pygames.ui.app, pygames.ui.page; "
            "print(pygames.__file__)")
    out = subprocess.run([sys.executable, "-c", code, str(dist / "pygames.zip")], capture_output=True,
                         text=True, cwd=tmp_path, check=True).stdout
    assert "pygames.zip" in out
    texts = zip_texts(data)
    for path in package_files():
        assert path.relative_to(ROOT).as_posix() in texts
    assert texts[f"{MAIN_MODULE}.py"] == (SITE / "main.py").read_bytes()
    assert (dist / "main.py").read_text() == MAIN_STUB
    # the page's other Python is a module of the zip only (imported from there, compiled)
    assert texts["pygames_importer.py"] == (SITE / "pygames_importer.py").read_bytes()
    assert "pygames_importer.pyc" in texts and not (dist / "pygames_importer.py").exists()
    assert not [name for name in texts if name.startswith("tools/")]  # build.py's tools are never shipped


def test_the_zip_holds_the_start_modules_compiled_for_the_browser(dist):
    """Every module but each game's own has a checked-hash .pyc of exactly its source (PEP 552: the
    hash is keyed by the magic number of the Python that compiled it, Pyodide's); a game's own
    modules are compiled in the page when that game is picked."""
    import _imp
    texts = zip_texts((dist / "pygames.zip").read_bytes())
    sources = [n for n in texts if n.endswith(".py")]
    compiled = [n for n in texts if n.endswith(".pyc")]
    assert len({texts[n][:4] for n in compiled}) == 1  # one Python compiled them all
    for name in sources:
        folder, _, file = name.rpartition("/")
        pyc = name + "c"  # beside its source: the page imports from the zip in place
        game_module = name.startswith("pygames/games/") and name.count("/") == 3 and file != "__init__.py"
        assert (pyc in texts) == (not game_module), name
        if pyc in texts:
            head = texts[pyc]
            assert int.from_bytes(head[4:8], "little") == 0b11, f"{pyc}: not a checked-hash .pyc"
            key = int.from_bytes(head[:4], "little")
            assert head[8:16] == _imp.source_hash(key, texts[name]), f"{pyc} is not compiled from {name}"
    assert "pygames/games/coup/rules.py" in sources and "pygames/core/game.py" in sources
    assert len(compiled) == len([n for n in sources if shipped_compiled(n)]) > 20


def test_outside_arena_is_never_shipped():
    """The outside arena (pygames/outside, which imports coupml) stays out of the site's zip, and no
    shipped file imports coupml."""
    import ast
    assert (PACKAGE / "outside" / "coup_ruleai.py").is_file()
    names = zip_texts(package_zip())
    assert not [n for n in names if n.startswith("pygames/outside/")]
    assert "pygames/games/coup/bot.py" in names
    imported = set()
    for name, text in names.items():
        if name.endswith(".py"):
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.Import):
                    imported.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    imported.add(node.module.split(".")[0])
    assert "pygames" in imported or "json" in imported  # the walk sees imports
    assert "coupml" not in imported
    assert b"import coupml" in (PACKAGE / "outside" / "coup_ruleai.py").read_bytes() or \
        b"from coupml" in (PACKAGE / "outside" / "coup_ruleai.py").read_bytes()


def test_games_css_has_every_game_style(dist):
    text = (dist / "games.css").read_text(encoding="utf-8")
    for path in sorted((PACKAGE / "games").glob("*/style.css")):
        assert path.read_text(encoding="utf-8").strip()[:200] in text


def test_stylesheets_have_no_comment_closed_early(dist):
    """A comment holding "*/" (as "games/*/style.css" did) ends early: the rest of its text then swallows the
    next rule (Coup's board lost its layout that way). Without its comments a stylesheet has no "*/" left."""
    for name in ("games.css", "style.css"):
        text = (dist / name).read_text(encoding="utf-8")
        assert "*/" not in re.sub(r"/\*.*?\*/", "", text, flags=re.S), name


def test_no_file_of_ours_refers_to_another_host(dist):
    files = {name: (dist / name).read_bytes() for name in dist_files(dist)
             if not name.startswith(("pyodide/", "pyscript/"))}
    files.update({f"pygames.zip/{k}": v for k, v in zip_texts(files["pygames.zip"]).items()})
    assert external_urls(files) == []
    # (the vendored libraries' comments name their authors' sites; their code names no host)
    raw = [f"{name}: {url}" for name, data in files.items() if Path(name).suffix in (".html", ".toml", ".js", ".css")
           and not name.startswith("vendor/") for url in re.findall(r"https?://[^\s\"'<>]+", data.decode("utf-8"))]
    assert raw == [], "the shell must not even mention other hosts"


def test_vendored_libraries_are_the_pinned_files_with_their_licences(dist):
    from tools.vendor import package_members
    shipped = sorted(p.name for p in (dist / "vendor").iterdir())
    assert shipped == ["jsQR.LICENSE", "jsQR.js", "qrcode.LICENSE", "qrcode.js"]
    for name, inside, file_name in (("qrcode-generator", "dist/qrcode.js", "qrcode.js"),
                                    ("jsqr", "dist/jsQR.js", "jsQR.js")):
        assert (dist / "vendor" / file_name).read_bytes() == package_members(name)[inside]
    assert b"Apache License" in (dist / "vendor" / "jsQR.LICENSE").read_bytes()
    assert b"Licensed under the MIT license" in (dist / "vendor" / "qrcode.LICENSE").read_bytes()
    html = (dist / "index.html").read_text(encoding="utf-8")
    for script in ("vendor/qrcode.js", "vendor/jsQR.js", "qr.js", "peer.js"):
        assert f'<script src="./{script}" defer></script>' in html
        assert f'"./{script}"' in (dist / "sw.js").read_text(encoding="utf-8")  # precached: works offline


def test_vendored_code_naming_another_host_stops_the_build():
    from tools.vendor import library_files
    code = b'// https://example.org/ is only a comment\nfetch("https://cdn.example.com/x.js");\n'
    choose = library_files("fake", "dist/qrcode.js", "qrcode.js", "LICENSE")
    with pytest.raises(BuildError, match="cdn.example.com"):
        choose({"dist/qrcode.js": code, "LICENSE": b"MIT"})
    commented = choose({"dist/qrcode.js": b"// https://example.org/\nvar x = 1;\n", "LICENSE": b"MIT"})
    assert commented["qrcode.LICENSE"] == b"MIT"


def test_page_uses_relative_urls_only(dist):
    html = (dist / "index.html").read_text(encoding="utf-8")
    for url in re.findall(r'(?:src|href|config)="([^"]*)"', html):
        assert url.startswith("./") or url.startswith("data:"), url
    assert '<link rel="icon" type="image/png" sizes="192x192" href="./icons/icon-192.png">' in html
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html
    assert '<script type="py" src="./main.py" config="./pyscript.toml"></script>' in html
    config = tomllib.loads((dist / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    assert "packages" not in config
    assert config["files"] == {"./pygames.zip": "./pygames.zip"}  # never unpacked


def test_url_check_catches_what_would_be_fetched():
    assert external_urls({"a.html": b'<img src="https://example.com/x.png">'})
    assert external_urls({"a.css": b"x { background: url(http://example.com/a.png) }"})
    assert external_urls({"a.py": b'SRC = "https://cdn.example.com/x.js"\n'})
    assert external_urls({"a.toml": b'interpreter = "https://cdn.example.com/pyodide.mjs"\n'})
    # not fetched: comments, docstrings, XML namespaces
    assert not external_urls({"a.py": b'"""See https://example.com/rules."""\n# https://x.org\n'
                                            b'NS = "http://www.w3.org/2000/svg"\n'})
    assert not external_urls({"a.css": b"/* https://example.com */ x { color: red }"})
    assert not external_urls({"a.html": b"<!-- https://example.com -->"})


def test_pyscript_toml_check():
    ok = '\ninterpreter = "./pyodide/pyodide.mjs"\n[files]\n"./pygames.zip" = "./pygames.zip"\n'
    check_pyscript_toml(ok)
    with pytest.raises(BuildError, match="interpreter"):
        check_pyscript_toml('[files]\n"./pygames.zip" = "./pygames.zip"\n')
    with pytest.raises(BuildError, match="under"):  # unpacked: no longer how the page imports
        check_pyscript_toml(ok.replace('= "./pygames.zip"', '= "./*"'))
    with pytest.raises(BuildError, match="packages"):
        check_pyscript_toml('packages = ["numpy"]\n' + ok)


def test_service_worker_precaches_every_file(dist):
    text = (dist / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    expected = {"./"} | {f"./{name}" for name in dist_files(dist)
                         if name != "sw.js" and not Path(name).name.startswith(".")}
    assert set(precache) == expected
    assert len(precache) == len(set(precache))
    name = re.search(r'const CACHE = "(pygames-[0-9a-f]{16})";', text)
    assert name, "the cache name is content-hashed"
    assert "__CACHE_NAME__" not in text and "__PRECACHE__" not in text
    assert "skipWaiting()" in text and 'event.data === "skip-waiting"' in text  # only on request


def test_cache_name_follows_the_content():
    template = "const CACHE = \"__CACHE_NAME__\";\nconst PRECACHE = __PRECACHE__;\n"
    a = service_worker(template, {"index.html": b"a", "x.js": b"1"})
    b = service_worker(template, {"index.html": b"a", "x.js": b"2"})
    c = service_worker(template, {"index.html": b"a", "x.js": b"1"})
    assert a != b and a == c


def test_pinned_tarballs_match_their_integrity():
    for name, (version, integrity) in NPM_PACKAGES.items():
        path = fetch_package(name, version, integrity)
        assert integrity_of(path) == integrity
        assert re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==", integrity)


def fake_npm(tmp_path: Path, content: bytes) -> Path:
    """A fake `npm` that 'packs' a tarball with the given bytes."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    script = bindir / "npm"
    script.write_text("#!" + sys.executable + "\n"
                      "import sys, pathlib\n"
                      "spec = sys.argv[2]; dest = pathlib.Path(sys.argv[4])\n"
                      "name, version = spec.rsplit('@', 1)\n"
                      "fname = name.lstrip('@').replace('/', '-') + '-' + version + '.tgz'\n"
                      f"(dest / fname).write_bytes({content!r})\n")
    script.chmod(0o755)
    return bindir


def test_integrity_mismatch_is_refused(tmp_path, monkeypatch):
    bindir = fake_npm(tmp_path, b"not the real package")
    monkeypatch.setenv("PATH", str(bindir))
    cache = tmp_path / "cache"
    version, integrity = NPM_PACKAGES["pyodide"]
    with pytest.raises(BuildError, match="integrity mismatch"):
        fetch_package("pyodide", version, integrity, cache)
    assert not (cache / tarball_name("pyodide", version)).exists()
    # a damaged file in the cache is not trusted either: it is fetched again (and refused again)
    cache.mkdir(exist_ok=True)
    (cache / tarball_name("pyodide", version)).write_bytes(b"damaged")
    with pytest.raises(BuildError, match="integrity mismatch"):
        fetch_package("pyodide", version, integrity, cache)


def test_missing_npm_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    version, integrity = NPM_PACKAGES["pyodide"]
    with pytest.raises(BuildError, match="npm is needed"):
        fetch_package("pyodide", version, integrity, tmp_path / "cache")


def test_tarball_names():
    assert tarball_name("@pyscript/core", "0.7.31") == "pyscript-core-0.7.31.tgz"
    assert tarball_name("pyodide", "314.0.2") == "pyodide-314.0.2.tgz"


def test_server_mime_types(dist):
    server, url = serve_in_thread(dist)
    try:
        for path, mime in [("/pyodide/pyodide.asm.wasm", "application/wasm"),
                           ("/pyodide/pyodide.mjs", "text/javascript"),
                           ("/index.html", "text/html"), ("/sw.js", "text/javascript")]:
            with urllib.request.urlopen(url + path) as response:
                assert response.headers["Content-Type"].split(";")[0] == mime, path
    finally:
        server.shutdown()
        server.server_close()


def test_command_line_errors():
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "nonsense"], capture_output=True,
                            text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert result.returncode == 2


def test_fingerprint_is_a_command_of_build_py(tmp_path, capsys):
    """``python3 build.py fingerprint ARGS`` passes ARGS on to tools/fingerprint.py."""
    import build
    out = tmp_path / "fp.json"
    assert build.main(["fingerprint", "--game", "coup", "--games", "1", "--normal", "0", "--out", str(out)]) == 0
    assert sorted(json.loads(out.read_text())["coup"]) == [f"{n}p random x1" for n in range(2, 7)]
    assert '"coup"' in capsys.readouterr().out


def test_ci_lints_first_with_the_pinned_linters():
    """CI runs ``build.py lint`` and then ``build.py test``; ruff and mypy are exact pins of the test extra."""
    from tools.lint import LINTERS, linter_requirements

    pins = linter_requirements()
    assert sorted(pin.split("==")[0] for pin in pins) == sorted(LINTERS)
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][\w.]*", pin) for pin in pins), pins
    commands = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
                if line.startswith("python3 ")]
    assert commands == ["python3 build.py lint", 'python3 build.py test "$@"']


def test_lint_runs_every_linter_and_fails_on_any_finding(monkeypatch, capfd):
    from tools import lint

    monkeypatch.setattr(lint, "requirement_met", lambda requirement: True)
    monkeypatch.setattr(lint, "LINTERS", {"first": ["-c", "raise SystemExit(1)"], "second": ["-c", "print('ran')"]})
    assert lint.run_lint() == 1
    out = capfd.readouterr().out
    assert "ran" in out and "first found something" in out
    monkeypatch.setattr(lint, "LINTERS", {"second": ["-c", "pass"]})
    assert lint.run_lint() == 0
