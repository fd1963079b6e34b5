"""Shared fixtures: the repository's test data and the `sudoku` CLI to agree with (its
binary from the root `conftest.py`)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata"


@pytest.fixture(scope="session")
def cli(sudoku_bin):
    """Runs `sudoku ARGS` on `stdin`; returns (exit code, stdout, stderr)."""
    binary = sudoku_bin
    assert binary.exists(), f"{binary} is missing"

    def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
        r = subprocess.run(
            [str(binary), *args], input=stdin, capture_output=True, text=True, check=False
        )
        return r.returncode, r.stdout, r.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """Runs `sudoku ARGS --json` and parses its JSON Lines."""

    def run(*args: str, stdin: str = "") -> list[dict]:
        _, out, _ = cli(*args, "--json", stdin=stdin)
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    return run


def lines(path: Path, n: int | None = None) -> list[str]:
    got = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    assert got, f"{path} holds no puzzles"
    return got[:n] if n else got


@pytest.fixture(scope="session")
def clue17() -> list[str]:
    return lines(TESTDATA / "puzzles" / "17clue-200.txt", 100)


@pytest.fixture(scope="session")
def hard() -> list[str]:
    return lines(TESTDATA / "puzzles" / "hardest1106-200.txt", 30)
