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


def test_chunks_come_with_a_plain_import_sudokit(tmp_path):
    # `import sudokit; sudokit.chunks.solve_lines(...)` raised AttributeError: only
    # `from sudokit import chunks` loaded it. A fresh interpreter, so that no test's import
    # has loaded it already.
    import subprocess
    import sys

    code = (
        "import sudokit\n"
        "p = '" + "." * 80 + "1'\n"
        "print(sudokit.chunks.solve_lines([p, '']) == sudokit.chunks.solve_lines([p, '']))\n"
        "print(sudokit.chunks.rate_lines(['']), sudokit.chunks.generate_lines(0, 1, seed=1) == sudokit.generate(1, seed=1))\n"
        "print('chunks' in sudokit.__all__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:3] == ["True", "[''] True", "True"]


@pytest.mark.parametrize("function", [chunks.solve_lines, chunks.rate_lines])
def test_a_bad_line_is_named_by_its_line_blank_lines_counted(function, hard):
    # rate_lines named the bad line by its place among the non-blank lines (from 0):
    # "puzzle 1" for the third line here.
    with pytest.raises(ValueError, match=r"^line 3: 1:3: expected 81 cells"):
        function([hard[0], "", "12"])
    with pytest.raises(ValueError, match=r"^line 1: 1:3: expected 81 cells"):
        function(["12"])
    got = function([hard[0], "", hard[1]])
    assert got[1] == "" and all(got[0::2])


def test_rate_lines_give_what_rate_batch_gives(hard):
    import json

    got = chunks.rate_lines([hard[0], "", hard[1]])
    want = [{"puzzle": p, **r.to_dict()} for p, r in zip(hard[:2], sudokit.rate_batch(hard[:2]))]
    assert [json.loads(line) for line in got[0::2]] == want
