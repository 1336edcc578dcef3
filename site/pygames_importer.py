"""The page's importer of our package and the bytecode it keeps (docs/architecture.md, "The boot path").

pygames.zip stays a zip in Pyodide's file system (PyScript writes it as it is, pyscript.toml) and
our modules are imported from it in place: unpacking it at every load cost more than the imports.
PackageImporter (first on sys.meta_path) finds our package's modules in it and loads each once:
Python's own zipimport reads a module's code twice per import (its find_spec asks for the file
name, which loads the code), so a module compiled from source would be compiled twice.

The zip brings the modules the page imports at start already compiled (build.py: a .pyc beside each
.py, compiled by the pinned Pyodide), but not each game's own modules, which are imported once that
game is picked: without help every visit would compile those from source again (most of their
import time). So the code objects compiled at import are remembered (COMPILED_AT_IMPORT), turned
into checked-hash .pyc data later (``keep_compiled``; PEP 552: the source's hash is in it, so a
stale one is just recompiled) and kept by the page (site/main.py: Cache Storage) for the next
visit, which hands them back (``restore_kept``) before the first import. Keeping only marshals a
code object that exists already: compiling the module a second time would block the page as long
as its import did (hundreds of ms for a game's renderer).

build.py ships this module in pygames.zip beside the package, compiled like it; the page's glue
imports it from there and installs the importer before it imports anything of pygames. It needs
no browser, so the tests run it in CPython over the site's zip.
"""

import importlib.machinery
import importlib.util
import marshal
import os
import sys
import zipimport
from collections.abc import Iterator
from types import CodeType

PACKAGE_ZIP = "pygames.zip"
KEPT_BYTECODE = {}  # module name -> checked-hash .pyc bytes (read at boot, kept again with new ones)
COMPILED_AT_IMPORT = {}  # module name -> (source bytes, code object) of modules compiled at import


class PackageImporter:
    """Finds and loads the modules of our package in the zip (first on sys.meta_path; every other
    module is left to Python's own finders). A module comes from its shipped .pyc, else from the
    bytecode an earlier visit kept if it matches the source, else from the source (remembering the
    code compiled)."""

    def __init__(self, archive):
        self.archive = archive
        self.zip = zipimport.zipimporter(archive)  # only its get_data: a member's bytes
        self.found = {}  # module name -> (origin, its .pyc or None, its source), read by find_spec

    def member(self, path):
        """A member's bytes, or None when the zip has no such member."""
        try:
            return self.zip.get_data(path)
        except OSError:
            return None

    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] != "pygames":
            return None
        relative = fullname.replace(".", "/")
        for name, package in ((relative + "/__init__.py", True), (relative + ".py", False)):
            origin = f"{self.archive}/{name}"
            source = self.member(origin)
            if source is None:
                continue
            # build.py ships the .pyc of each module the page imports at start beside its source
            self.found[fullname] = (origin, self.member(origin + "c"), source)
            spec = importlib.machinery.ModuleSpec(fullname, self, origin=origin, is_package=package)
            spec.has_location = True  # __file__ is the member's path (tracebacks, the lobby's pictures)
            if package:
                spec.submodule_search_locations = [f"{self.archive}/{relative}"]
            return spec
        return None

    def invalidate_caches(self):
        pass

    def create_module(self, spec):
        return None  # the default module

    def exec_module(self, module):
        exec(self.get_code(module.__name__), module.__dict__)

    def get_data(self, path):
        """A member's bytes by its path under the archive's (as Python's loaders' get_data)."""
        return self.zip.get_data(path)

    def get_source(self, fullname):
        spec = self.find_spec(fullname)
        return None if spec is None else self.get_data(spec.origin).decode("utf-8")

    def get_code(self, fullname):
        if fullname not in self.found and self.find_spec(fullname) is None:
            raise ImportError(f"no module {fullname} in {self.archive}", name=fullname)
        origin, pyc, source = self.found.pop(fullname)
        if pyc is not None and bytecode_matches(pyc, source):
            return marshal.loads(memoryview(pyc)[16:])  # compiled by build.py (a checked-hash .pyc)
        kept = KEPT_BYTECODE.get(fullname)
        if kept is not None and bytecode_matches(kept, source):
            return marshal.loads(memoryview(kept)[16:])
        code = compile(source, origin, "exec", dont_inherit=True)
        COMPILED_AT_IMPORT[fullname] = (source, code)
        return code


def install_package_importer(archive: str = PACKAGE_ZIP) -> PackageImporter:
    """Put a PackageImporter of the zip PyScript wrote (``archive``, in the working directory) first
    on sys.meta_path; before anything of pygames is imported."""
    importer = PackageImporter(os.path.abspath(archive))
    sys.meta_path.insert(0, importer)
    return importer


def hash_pyc(code: CodeType, source_bytes: bytes) -> bytes:
    """A checked-hash .pyc (PEP 552) of ``code``, compiled from ``source_bytes``."""
    return (importlib.util.MAGIC_NUMBER + (0b11).to_bytes(4, "little")
            + importlib.util.source_hash(source_bytes) + marshal.dumps(code))


def bytecode_matches(pyc: bytes, source_bytes: bytes) -> bool:
    """``pyc`` is a checked-hash .pyc of ``source_bytes`` for this Python."""
    return (pyc[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(pyc[4:8], "little") == 0b11
            and pyc[8:16] == importlib.util.source_hash(source_bytes))


def keep_compiled() -> Iterator[str]:
    """Turn the code of each module compiled at import since the last time into a .pyc kept in
    KEPT_BYTECODE, one module per step (the page yields between them, so that it stays responsive);
    yields each module's name."""
    for name in sorted(COMPILED_AT_IMPORT):
        source, code = COMPILED_AT_IMPORT.pop(name)
        KEPT_BYTECODE[name] = hash_pyc(code, source)
        yield name


def kept_data() -> bytes:
    """The kept bytecode as the page stores it: one marshalled {module name: .pyc bytes}."""
    return marshal.dumps(KEPT_BYTECODE)


def restore_kept(data: bytes) -> int:
    """Take back the bytecode an earlier visit kept (``kept_data``'s bytes): every entry that names a
    module of ours and holds bytes (whether each still fits its source is checked at its import).
    Returns how many modules' bytecode is kept now; data marshal cannot read raises its error
    (ValueError, EOFError, TypeError), and a damaged cache only costs the compile time."""
    kept = marshal.loads(data)
    if not isinstance(kept, dict):
        return 0
    for name, pyc in kept.items():
        if isinstance(name, str) and name.partition(".")[0] == "pygames" and isinstance(pyc, bytes):
            KEPT_BYTECODE[name] = pyc
    return len(KEPT_BYTECODE)
