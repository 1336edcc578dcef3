"""The page imports our package from pygames.zip in place (site/main.py, PackageImporter): every
module is found in the zip, read once, and a module compiled from source is kept and reused.

site/main.py needs the browser to run, so these tests take the importer's definitions out of it
and run them in a fresh CPython over the site's zip. The zip's .pyc files are Pyodide's (another
magic number), so here a module comes from its source (the path a game's own modules take in the
page), except two whose .pyc the test compiles with CPython."""

import subprocess
import sys
import zipfile

from tools.site import PACKAGE_ZIP, SITE, package_zip, zip_texts

SCRIPT = r'''
import ast, importlib, importlib.machinery, importlib.util, os, sys
archive = sys.argv[1]
tree = ast.parse(open(sys.argv[2], encoding="utf-8").read())
wanted = {"PackageImporter", "hash_pyc", "bytecode_matches", "install_package_importer",
          "PACKAGE_ZIP", "KEPT_BYTECODE", "COMPILED_AT_IMPORT"}
nodes = [n for n in tree.body if getattr(n, "name", None) in wanted
         or (isinstance(n, ast.Assign) and n.targets[0].id in wanted)]
assert len(nodes) == len(wanted), [getattr(n, "name", None) for n in nodes]
compiled = []
def counting_compile(source, path, *args, **kwargs):
    compiled.append(path)
    return compile(source, path, *args, **kwargs)
glue = {"importlib": importlib, "compile": counting_compile, "__name__": "glue"}
exec(compile(ast.Module(nodes, []), "main.py", "exec"), glue)
os.chdir(os.path.dirname(archive))
glue["install_package_importer"]()
importer = sys.meta_path[0]

import pygames, pygames.ui.page, pygames.games.coup.rules
assert pygames.__file__ == archive + "/pygames/__init__.py", pygames.__file__
assert pygames.__path__ == [archive + "/pygames"]
assert type(pygames.ui.page.__loader__).__name__ == "PackageImporter"
assert pygames.ui.page.box_art("coup").startswith("<svg"), "the lobby's picture is read from the zip"
assert len(compiled) == len(set(compiled)), "a module was compiled twice"
first = set(glue["COMPILED_AT_IMPORT"])
assert {"pygames", "pygames.ui.page", "pygames.games.coup.rules"} <= first, first
# a shipped .pyc of this Python is used if it is its source's, compiled again if not
assert "pygames.core.rng" not in first and "pygames.core.errors" in first, first
import pygames.core.errors
assert hasattr(pygames.core.errors, "IllegalAction") and not hasattr(pygames.core.errors, "X")
assert importer.get_source("pygames.games.coup.rules").startswith('"""')

# the next visit: what this one compiled is kept, read back and used; a stale entry is compiled again
kept = {name: glue["hash_pyc"](code, source) for name, (source, code) in glue["COMPILED_AT_IMPORT"].items()}
stale = "pygames.games.coup.rules"
kept[stale] = kept[stale][:8] + bytes(8) + kept[stale][16:]
for name in [m for m in sys.modules if m == "pygames" or m.startswith("pygames.")]:
    del sys.modules[name]
glue["COMPILED_AT_IMPORT"].clear()
glue["KEPT_BYTECODE"].update(kept)
compiled.clear()
import pygames.ui.page, pygames.games.coup.rules
assert compiled == [archive + "/pygames/games/coup/rules.py"], compiled
assert set(glue["COMPILED_AT_IMPORT"]) == {stale}
assert pygames.games.coup.rules.__file__.startswith(archive)
import pygames_missing_check
'''


def site_zip_with_cpython_bytecode(archive):
    """The site's zip, with two of its shipped .pyc files replaced by CPython's: one compiled from
    its source (to be used), one whose source hash is another text's (to be compiled again)."""
    from importlib._bootstrap_external import _code_to_hash_pyc
    import importlib.util
    texts = zip_texts(package_zip())
    assert not [n for n in texts if "__pycache__" in n]  # each .pyc beside its source
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
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(archive), str(SITE / "main.py")],
                          capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_a_missing_module_is_left_to_python(tmp_path):
    archive = tmp_path / PACKAGE_ZIP
    site_zip_with_cpython_bytecode(archive)
    script = SCRIPT.split("import pygames, pygames.ui.page")[0] + (
        "assert importer.find_spec('pygames.no_such_module') is None\n"
        "assert importer.find_spec('json') is None\n"
        "try:\n    import pygames.no_such_module\nexcept ModuleNotFoundError:\n    pass\n"
        "else:\n    raise AssertionError('imported a module that is not there')\n")
    proc = subprocess.run([sys.executable, "-c", script, str(archive), str(SITE / "main.py")],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
