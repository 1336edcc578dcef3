"""The repository stands alone: no file names a path of the machine it was written on, or a
folder outside the repository; sources are cited by their public names and addresses."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# written in pieces so that this file does not name them itself
MACHINE_PATHS = re.compile("|".join(re.escape(p) for p in (
    "/" + "work/", "/" + "tmp/", "/" + "root/", "/" + "home/", ".." + "/shared/", "shared" + "/seeds",
    "shared" + "/research")))


def tracked_text_files() -> list[Path]:
    try:
        names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    files = []
    for name in names:
        path = ROOT / name
        if path.suffix in {".png", ".ico", ".woff2"} or not path.is_file():
            continue
        files.append(path)
    return files


def test_no_file_names_a_path_of_the_machine_or_outside_the_repository():
    found = []
    for path in tracked_text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATHS.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert found == []


def test_the_check_finds_a_machine_path():
    assert MACHINE_PATHS.search("see " + "/" + "work" + "/" + "shared" + "/" + "seeds" + "/001.txt")
    assert not MACHINE_PATHS.search("see https://en.doc.boardgamearena.com/Gamehelptournay")


def test_test_modules_have_unique_names():
    """pytest imports test modules by their base name (the test folders are not packages): two
    files called the same stop the whole run at collection."""
    names = [path.name for path in (ROOT / "tests").rglob("test_*.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []
