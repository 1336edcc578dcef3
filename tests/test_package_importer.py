"""The page imports our package from pygames.zip in place (pygames_importer, PackageImporter): every
module is found in the zip, read once, and a module compiled from source is kept and reused.

pygames_importer needs no browser: these tests import it from the site's zip as the page does (the
zip on sys.path) and run it in a fresh CPython over that zip. The zip's .pyc files are Pyodide's
(another magic number), so here a module comes from its source (the path a game's own modules take
in the page), except two whose .pyc the test compiles with CPython."""

import subprocess
import sys
import zipfile

from tools.site import PACKAGE_ZIP, package_zip, zip_texts

SCRIPT = r'''
import marshal, os, sys
archive = sys.argv[1]
sys.path.insert(0, archive)  # as dist/main.py does: the importer is a module of the site's zip
import pygames_importer as importer
assert importer.__file__.startswith(archive + "/pygames_importer.py"), importer.__file__
assert not [m for m in sys.modules if m == "pygames" or m.startswith("pygames.")], "pygames imported too early"
compiled = []
def counting_compile(source, path, *args, **kwargs):
    compiled.append(path)
    return compile(source, path, *args, **kwargs)
importer.compile = counting_compile  # what the importer compiles (its globals come before the builtins)
os.chdir(os.path.dirname(archive))
assert importer.install_package_importer() is sys.meta_path[0]

import pygames, pygames.ui.page, pygames.games.coup.rules
assert pygames.__file__ == archive + "/pygames/__init__.py", pygames.__file__
assert pygames.__path__ == [archive + "/pygames"]
assert type(pygames.ui.page.__loader__).__name__ == "PackageImporter"
assert pygames.ui.page.box_art("coup").startswith("<svg"), "the lobby's picture is read from the zip"
assert len(compiled) == len(set(compiled)), "a module was compiled twice"
first = set(importer.COMPILED_AT_IMPORT)
assert {"pygames", "pygames.ui.page", "pygames.games.coup.rules"} <= first, first
# a shipped .pyc of this Python is used if it is its source's, compiled again if not
assert "pygames.core.rng" not in first and "pygames.core.errors" in first, first
import pygames.core.errors
assert hasattr(pygames.core.errors, "IllegalAction") and not hasattr(pygames.core.errors, "X")
assert sys.meta_path[0].get_source("pygames.games.coup.rules").startswith('"""')

# kept: each module compiled at import, once, as a checked-hash .pyc of its source
assert list(importer.keep_compiled()) == sorted(first) and not importer.COMPILED_AT_IMPORT
assert list(importer.keep_compiled()) == []
kept = marshal.loads(importer.kept_data())
assert set(kept) == first and all(importer.bytecode_matches(kept[name], sys.modules[name].__loader__.get_data(
    sys.modules[name].__spec__.origin)) for name in first)

# the next visit: what this one kept is read back and used; a stale entry is compiled again, and
# entries that are not our modules' bytecode are left out
stale = "pygames.games.coup.rules"
kept[stale] = kept[stale][:8] + bytes(8) + kept[stale][16:]
kept.update({"json": b"not ours", "pygames.not_bytes": "text"})
for name in [m for m in sys.modules if m == "pygames" or m.startswith("pygames.")]:
    del sys.modules[name]
importer.KEPT_BYTECODE.clear()
assert importer.restore_kept(marshal.dumps(kept)) == len(first)
compiled.clear()
import pygames.ui.page, pygames.games.coup.rules
assert compiled == [archive + "/pygames/games/coup/rules.py"], compiled
assert set(importer.COMPILED_AT_IMPORT) == {stale}
assert pygames.games.coup.rules.__file__.startswith(archive)
# a damaged cache: an error for the page to report (and nothing taken); not a dict: nothing
importer.KEPT_BYTECODE.clear()
for damaged in (b"", b"\xff damaged"):
    try:
        importer.restore_kept(damaged)
    except (ValueError, EOFError, TypeError):
        pass
    else:
        raise AssertionError(f"{damaged!r} was read")
assert importer.restore_kept(marshal.dumps(["pygames.x"])) == 0 and not importer.KEPT_BYTECODE
import pygames_missing_check
'''


def site_zip_with_cpython_bytecode(archive):
    """The site's zip, with two of its shipped .pyc files replaced by CPython's: one compiled from
    its source (to be used), one whose source hash is another text's (to be compiled again)."""
    import importlib.util
    from importlib._bootstrap_external import _code_to_hash_pyc
    texts = zip_texts(package_zip())
    assert not [n for n in texts if "__pycache__" in n]  # each .pyc beside its source
    assert "pygames_importer.py" in texts and "pygames_importer.pyc" in texts  # shipped compiled at the top
    for name, source in (("pygames/core/rng.py", texts["pygames/core/rng.py"]), ("pygames/core/errors.py", b"X = 1\n")):
        assert name + "c" in texts
        code = compile(source, name, "exec", dont_inherit=True)
        texts[name + "c"] = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=True)
    with zipfile.ZipFile(archive, "w") as handle:
        for name, data in texts.items():
            handle.writestr(name, data)


def test_the_page_imports_the_package_from_the_zip_once_and_keeps_what_it_compiled(tmp_path):
    archive = tmp_path / PACKAGE_ZIP
    site_zip_with_cpython_bytecode(archive)
    (tmp_path / "pygames_missing_check.py").write_text("")  # other modules: Python's own finders
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(archive)],
                          capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_a_missing_module_is_left_to_python(tmp_path):
    archive = tmp_path / PACKAGE_ZIP
    site_zip_with_cpython_bytecode(archive)
    script = SCRIPT.split("import pygames, pygames.ui.page")[0] + (
        "importer = sys.meta_path[0]\n"
        "assert importer.find_spec('pygames.no_such_module') is None\n"
        "assert importer.find_spec('json') is None\n"
        "try:\n    import pygames.no_such_module\nexcept ModuleNotFoundError:\n    pass\n"
        "else:\n    raise AssertionError('imported a module that is not there')\n")
    proc = subprocess.run([sys.executable, "-c", script, str(archive)], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
