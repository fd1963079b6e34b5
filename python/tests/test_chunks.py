"""sudokit.chunks: the lines `sudoku solve --to line` writes, one a line, and one string
refused as `solve_batch` refuses it."""

from __future__ import annotations

import pytest

import sudokit
from conftest import TESTDATA
from sudokit import chunks

STATUSES = ["unique", "multiple", "none", "invalid"]


def test_solve_lines_write_what_the_cli_writes(cli):
    puzzles = [(TESTDATA / "cli" / f"{n}.txt").read_text().strip() for n in STATUSES]
    # The same puzzles with 0 for an empty cell: the CLI writes them back with dots.
    puzzles += [p.replace(".", "0") for p in puzzles]
    code, out, _ = cli("solve", "--to", "line", "--jobs", "1", stdin="\n".join(puzzles) + "\n")
    assert code == 1
    want = out.splitlines()
    assert len(want) == len(puzzles)
    assert chunks.solve_lines(puzzles) == want
    notes = [w.partition(" # ")[2] for w in want[:4]]
    assert notes[1:3] == ["multiple solutions", "no solution"]
    assert notes[3].startswith("invalid: digit 5 2 times in row 1")


def test_solve_lines_keep_one_line_a_line_and_name_a_bad_one(hard):
    rows = [hard[0], "", hard[1] + "\r\n", "   "]
    got = chunks.solve_lines(rows, jobs=2)
    assert got == [sudokit.solve(hard[0]).solution, "", sudokit.solve(hard[1]).solution, ""]
    # The CLI reports a line that holds no puzzle and writes nothing for it; here the
    # chunk fails, naming the line (counted from 1 in the chunk).
    with pytest.raises(ValueError, match=r"^line 3: 1:3: expected 81 cells"):
        chunks.solve_lines([hard[0], "", "12"])


@pytest.mark.parametrize("function", [chunks.solve_lines, chunks.rate_lines])
def test_one_string_is_refused_not_read_a_character_a_line(function, hard):
    with pytest.raises(TypeError, match="not one string"):
        function(hard[0])
    with pytest.raises(TypeError, match="not one string"):
        function("\n".join(hard[:2]))
    assert len(function(hard[:2])) == 2
    # Any iterable of lines: a generator, a tuple.
    assert function(p for p in hard[:2]) == function(tuple(hard[:2]))
