"""Shared by the pytest suites run from the repository's root (`python/tests` and
`scripts/tests`, as `scripts/test-python.sh` runs them): the `sudoku` binary they check
against."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def sudoku_bin() -> Path:
    """The CLI the tests compare with: $SUDOKU_BIN, else the debug or release build."""
    env = os.environ.get("SUDOKU_BIN")
    if env:
        return Path(env)
    for profile in ("debug", "release"):
        p = ROOT / "target" / profile / "sudoku"
        if p.exists():
            return p
    raise RuntimeError("no sudoku binary: build it (cargo build) or set SUDOKU_BIN")
