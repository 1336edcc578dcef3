"""The npm packages vendored into the site (the Pyodide and PyScript runtimes), pinned exactly by
their registry integrity strings: fetched once with ``npm pack`` into .cache/npm/, checked against
the pin, and the files the site needs taken out of each tarball."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import subprocess
import tarfile
from collections.abc import Callable
from pathlib import Path

from . import ROOT, BuildError, log

NPM_CACHE = ROOT / ".cache" / "npm"

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
#: npm packages the tests use and the site never ships (not in VENDORED, so never in dist/), pinned
#: the same way: axe-core, the accessibility checker tests/browser/test_axe.py injects into pages
TEST_NPM_PACKAGES = {
    "axe-core": ("4.14.1",
                 "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="),
}
#: the only Pyodide files loadPyodide needs (no wheels: we ship no packages)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: PyScript chunks loaded only by <py-editor> / <py-terminal>, which the page does not use
#: (the browser tests fail on any 404, so a wrong guess here cannot go unnoticed)
PYSCRIPT_SKIP_PREFIXES = ("codemirror", "xterm")


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
            f"npm is needed to fetch the pinned packages ({', '.join(NPM_PACKAGES)}) once; "
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


def library_files(name: str, inside: str, shipped: str,
                  licence: str | None) -> Callable[[dict[str, bytes]], dict[str, bytes]]:
    """A browser library shipped as it is (neither QR package has a minified build): its one file
    and its licence (``licence``: a file of the package, or None when the licence is the file's own
    header comment), as ``<shipped>`` and ``<shipped without .js>.LICENSE``. Its code must name no
    other host outside its comments (those are its authors' sites, as in the runtimes)."""

    def choose(members: dict[str, bytes]) -> dict[str, bytes]:
        from .site import external_urls
        if inside not in members or (licence and licence not in members):
            raise BuildError(f"the {name} tarball lacks {inside} or its licence {licence}")
        code = members[inside]
        problems = external_urls({f"vendor/{shipped}": code})
        if problems:
            raise BuildError(f"{name} refers to other hosts in its code:\n  " + "\n  ".join(problems))
        if licence:
            licence_text = members[licence]
        else:  # the leading // comment block holds the copyright and the licence
            header = re.match(rb"(?:[ \t]*//[^\n]*\n)+", code)
            if not header or b"licen" not in header.group().lower():
                raise BuildError(f"{name}: no licence in the header of {inside}")
            licence_text = header.group()
        return {shipped: code, f"{shipped.removesuffix('.js')}.LICENSE": licence_text}

    return choose


#: where each vendored package goes in dist/ and which of its files: name -> (folder, chooser of
#: its files from the tarball's, by path inside the package)
VENDORED: dict[str, tuple[str, Callable[[dict[str, bytes]], dict[str, bytes]]]] = {
    "@pyscript/core": ("pyscript", pyscript_files),
    "pyodide": ("pyodide", pyodide_files),
    "qrcode-generator": ("vendor", library_files("qrcode-generator", "dist/qrcode.js", "qrcode.js", None)),
    "jsqr": ("vendor", library_files("jsqr", "dist/jsQR.js", "jsQR.js", "LICENSE")),
}


def package_members(name: str, cache: Path = NPM_CACHE) -> dict[str, bytes]:
    """The files of the pinned npm package ``name`` (fetched and checked if need be)."""
    version, integrity = NPM_PACKAGES[name]
    return tar_members(fetch_package(name, version, integrity, cache))


def vendored_files(cache: Path = NPM_CACHE) -> dict[str, bytes]:
    """Every vendored package's files for dist/, by relative path ("pyodide/pyodide.mjs", ...)."""
    files: dict[str, bytes] = {}
    for name, (folder, choose) in VENDORED.items():
        files.update({f"{folder}/{k}": v for k, v in choose(package_members(name, cache)).items()})
    return files


def package_file_for_tests(name: str, inside: str, cache: Path = NPM_CACHE) -> bytes:
    """One file of the pinned test-only npm package ``name`` (fetched and checked if need be), e.g.
    ("axe-core", "axe.min.js"); BuildError if the tarball lacks it."""
    version, integrity = TEST_NPM_PACKAGES[name]
    members = tar_members(fetch_package(name, version, integrity, cache))
    if inside not in members:
        raise BuildError(f"the {name} tarball lacks {inside}")
    return members[inside]
