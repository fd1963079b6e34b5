"""A call on one puzzle takes a text of one puzzle: a second puzzle, or an unreadable
record after the first, raises ValueError where it was quietly dropped (the CLI solves
the first and goes on, or stops with an error). Records are counted as the reader counts
them, not lines: a grid over nine lines, an .sdk file with comments, a JSON record over
lines are one puzzle each."""

from __future__ import annotations

import json
import subprocess

import pytest

import sudokit
from conftest import TESTDATA

P = (TESTDATA / "cli" / "unique.txt").read_text().strip()

# Every call that takes the text of one puzzle.
ONE = {
    "solve": sudokit.solve,
    "count": sudokit.count,
    "rate": sudokit.rate,
    "explain": sudokit.explain,
    "hint": sudokit.hint,
    "canonical": sudokit.canonical,
    "transform": lambda text: sudokit.transform(text, seed=1),
}


@pytest.mark.parametrize("name", sorted(ONE))
def test_a_text_of_two_puzzles_is_refused_not_cut_to_its_first(name):
    # Both gave the first puzzle's answer ("unique"), the second dropped without a word.
    with pytest.raises(ValueError) as e:
        ONE[name](P + "\n" + P)
    message = str(e.value)
    assert message.startswith("the text holds more than one puzzle (the first at line 1, another at line 2)")
    assert "sudokit.read()" in message and "solve_batch()" in message
    # The same after a title line, and with blank lines between.
    with pytest.raises(ValueError, match=r"more than one puzzle \(the first at line 2, another at line 4\)"):
        ONE[name]("My puzzles\n" + P + "\n\n" + P + "\n")


@pytest.mark.parametrize("name", sorted(ONE))
def test_an_unreadable_line_after_the_puzzle_is_named_with_line_and_column(name):
    with pytest.raises(ValueError) as e:
        ONE[name](P + "\n12")
    message = str(e.value)
    assert message.startswith("2:3: expected 81 cells (or 16, 36, 64, 144, 256, 625 …), found 2")
    assert "(after the puzzle at line 1:" in message
    assert "sudokit.read()" in message and "solve_batch()" in message


def test_each_string_of_a_batch_is_one_puzzle_too():
    with pytest.raises(ValueError, match=r"^puzzle 2: the text holds more than one puzzle"):
        sudokit.solve_batch([P, P + "\n" + P])
    with pytest.raises(ValueError, match=r"^puzzle 1: 2:3: expected 81 cells"):
        sudokit.rate_batch([P + "\n12"])
    with pytest.raises(ValueError, match=r"^puzzle 1: the text holds more than one puzzle"):
        sudokit.write([P + "\n" + P], "json")
    # read() is the way to split a text into its puzzles, for a batch.
    assert [r.status for r in sudokit.solve_batch(sudokit.read(P + "\n" + P))] == ["unique"] * 2


def test_one_puzzle_over_several_lines_is_one_puzzle():
    grid = "\n".join(P[r * 9 : r * 9 + 9] for r in range(9))
    boxed = sudokit.write([P], "boxed")
    sdk = "#A a comment\n#B another\n" + sudokit.write([P], "sdk")
    spread = json.dumps(json.loads(sudokit.write([P], "json")), indent=2)
    assert "\n" in spread.strip()
    for text in [P + "\n", P + "\n\n\n", "# a comment\n" + P, "Title\n" + P, P + " # a note",
                 grid, grid + "\n", boxed, sdk, spread]:
        assert sudokit.solve(text).status == "unique", text
        assert sudokit.solve(text) == sudokit.solve(P)


def files():
    found = sorted((TESTDATA / "cli").glob("*")) + sorted((TESTDATA / "formats").glob("*/*"))
    return [f for f in found if f.suffix != ".bin"]


@pytest.mark.parametrize("path", files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_file_is_one_puzzle_where_the_cli_reads_one(sudoku_bin, path):
    # The CLI's JSON Lines: one record a puzzle, an error or a note passed over.
    out = subprocess.run(
        [str(sudoku_bin), "solve", "--json", str(path)], capture_output=True, text=True, check=False
    ).stdout
    records = [json.loads(line) for line in out.splitlines() if line.strip()]
    errors = [r for r in records if r["status"] == "error"]
    puzzles = [r for r in records if r["status"] not in ("error", "skipped")]
    text = path.read_text(encoding="utf-8")
    if errors and not puzzles:
        with pytest.raises(ValueError):
            sudokit.solve(text)
    elif len(puzzles) == 1 and not errors:
        assert sudokit.solve(text).status == puzzles[0]["status"]
    elif len(puzzles) > 1:
        with pytest.raises(ValueError, match="more than one puzzle"):
            sudokit.solve(text)
        assert len(sudokit.read(text)) == len(puzzles)
    else:
        with pytest.raises(ValueError):
            sudokit.solve(text)
