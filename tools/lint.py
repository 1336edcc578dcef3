"""``python3 build.py lint``: ruff (style, import order, likely bugs) and mypy (types) over the checkout,
as pyproject.toml configures them (``[tool.ruff]``, ``[tool.mypy]``); non-zero on any finding.

Both are pinned in the ``test`` extra; when they are missing (or at another version) this installs
the extra first, as ``build.py test`` does. Neither imports the code, so the editable install of
this checkout is not needed for them.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time

from . import ROOT, log
from .testenv import install_test_requirements, requirement_met, test_requirements

#: the tools this command runs, each with its command line (run from the checkout's root)
LINTERS = {
    "ruff": ["-m", "ruff", "check", "."],
    "mypy": ["-m", "mypy"],
}


def linter_requirements() -> list[str]:
    """The `test` extra's pins of the linters."""
    return [r for r in test_requirements() if re.split(r"[=<>!~;\[\s]", r.strip(), maxsplit=1)[0] in LINTERS]


def run_lint() -> int:
    """Run every linter (all of them, even after one fails); 0 when none found anything."""
    started = time.perf_counter()
    if not all(requirement_met(r) for r in linter_requirements()):
        install_test_requirements()
    failed = []
    for name, args in LINTERS.items():
        command = [sys.executable, *args]
        log(" ".join([name, *args[2:]]))
        if subprocess.call(command, cwd=ROOT) != 0:
            failed.append(name)
    took = f"after {time.perf_counter() - started:.0f} s"
    if failed:
        log(f"build.py lint: {' and '.join(failed)} found something ({took})")
        return 1
    log(f"build.py lint: ruff and mypy found nothing ({took})")
    return 0
