"""solve_array and generate_array: numpy round trips, status codes, shapes, errors."""

from __future__ import annotations

import json

import numpy as np
import pytest

import sudokit
from conftest import TESTDATA

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def to_array(puzzles: list[str]) -> np.ndarray:
    return np.array(
        [[0 if c in ".0" else SYMBOLS.index(c) + 1 for c in p] for p in puzzles], dtype=np.uint8
    )


def to_lines(a: np.ndarray) -> list[str]:
    return ["".join("." if v == 0 else SYMBOLS[v - 1] for v in row) for row in a]


def test_array_matches_batch(clue17, hard):
    puzzles = clue17 + hard
    solutions, status = sudokit.solve_array(to_array(puzzles))
    assert solutions.shape == (len(puzzles), 81) and solutions.dtype == np.uint8
    assert status.shape == (len(puzzles),) and status.dtype == np.int8
    assert (status == sudokit.UNIQUE).all()
    assert to_lines(solutions) == [r.solution for r in sudokit.solve_batch(puzzles)]


def test_status_codes_and_zero_rows():
    names = ["unique", "multiple", "none", "invalid"]
    puzzles = [(TESTDATA / "cli" / f"{n}.txt").read_text().strip() for n in names]
    solutions, status = sudokit.solve_array(to_array(puzzles), jobs=1)
    assert status.tolist() == [sudokit.UNIQUE, sudokit.MULTIPLE, sudokit.NONE, sudokit.INVALID]
    assert [sudokit.UNIQUE, sudokit.MULTIPLE, sudokit.NONE, sudokit.INVALID] == [0, 1, 2, 3]
    assert solutions[0].all() and not solutions[1:].any()


def test_non_contiguous_and_empty_arrays(clue17):
    a = to_array(clue17[:10])
    wide = np.zeros((10, 162), dtype=np.uint8)
    wide[:, ::2] = a
    strided = wide[:, ::2]
    assert not strided.flags["C_CONTIGUOUS"]
    assert (sudokit.solve_array(strided)[0] == sudokit.solve_array(a)[0]).all()
    # Column-major memory: its rows are the puzzles all the same (they were read down the
    # columns, and came back invalid).
    for other in [np.asfortranarray(a), np.ascontiguousarray(a.T).T]:
        assert not other.flags["C_CONTIGUOUS"]
        got, status = sudokit.solve_array(other)
        assert (status == sudokit.UNIQUE).all()
        assert (got == sudokit.solve_array(a)[0]).all()
    solutions, status = sudokit.solve_array(np.zeros((0, 81), dtype=np.uint8))
    assert solutions.shape == (0, 81) and status.shape == (0,)


@pytest.mark.parametrize("size,box", [(4, None), (6, "2x3"), (6, "3x2"), (16, None), (25, None)])
def test_every_shape_round_trips(size, box):
    puzzles, solutions = sudokit.generate_array(3, seed=7, size=size, box=box)
    assert puzzles.shape == solutions.shape == (3, size * size)
    got, status = sudokit.solve_array(puzzles, box=box)
    assert (status == sudokit.UNIQUE).all()
    assert (got == solutions).all()
    # The strings say the same (compared as JSON grids of numbers: 25x25 lines are written
    # A-Y, and the JSON names that alphabet, so only the grids are compared).
    def grid(p):
        return json.loads(sudokit.write([p], "json", box=box))["grid"]

    lines = sudokit.generate(3, seed=7, size=size, box=box)
    assert [grid(p) for p in lines] == [grid(p) for p in to_lines(puzzles)]
    got = [sudokit.solve(p, box=box).solution for p in lines]
    assert [grid(s) for s in got] == [grid(s) for s in to_lines(solutions)]


def test_array_errors():
    with pytest.raises(ValueError, match=r"row 1 \(a\[0\]\): value 10"):
        sudokit.solve_array(np.full((1, 81), 10, dtype=np.uint8))
    with pytest.raises(ValueError, match="square"):
        sudokit.solve_array(np.zeros((1, 80), dtype=np.uint8))
    with pytest.raises(ValueError, match="box"):
        sudokit.solve_array(np.zeros((1, 81), dtype=np.uint8), box="2x3")
    with pytest.raises(TypeError):
        sudokit.solve_array(np.zeros((1, 81), dtype=np.int64))


@pytest.mark.parametrize(
    "bad,got",
    [
        (np.zeros((1, 81), dtype=np.int64), "a 2-D array of int64 (a.astype(np.uint8)"),
        (np.zeros(81, dtype=np.uint8), "a 1-D array of uint8 (one puzzle: a.reshape(1, -1))"),
        (np.zeros((1, 81, 1), dtype=np.uint8), "a 3-D array of uint8"),
        ([[0] * 81], "a list (np.array(rows, dtype=np.uint8)"),
    ],
)
def test_array_type_errors_say_what_is_expected(bad, got):
    # numpy's own words were "type mismatch: from=int64, to=uint8" and "dimensionality
    # mismatch: from=1, to=2".
    with pytest.raises(TypeError) as e:
        sudokit.solve_array(bad)
    message = str(e.value)
    assert message.startswith("a must be a 2-D numpy array of uint8, shape (count, cells)")
    assert f"got {got}" in message


def test_max_time_bounds_each_row_with_a_status_of_its_own():
    # rkkautsar's 64x64-1: seconds of search (test_solve.py bounds every call on it).
    cells = (TESTDATA / "large" / "rkkautsar-sudoku-64-1.txt").read_text().split()
    giant = np.array([[0 if v == "." else int(v) for v in cells]], dtype=np.uint8)
    easy = to_array([(TESTDATA / "cli" / "unique.txt").read_text().strip()])
    solutions, status = sudokit.solve_array(giant, max_time=0.3)
    assert status.tolist() == [sudokit.TIMEOUT] and sudokit.TIMEOUT == 4
    assert not solutions.any()
    solutions, status = sudokit.solve_array(easy, max_time=600)
    assert status.tolist() == [sudokit.UNIQUE]
    assert (solutions == sudokit.solve_array(easy)[0]).all()
    with pytest.raises(ValueError, match="max_time"):
        sudokit.solve_array(easy, max_time=0)


@pytest.mark.parametrize("side", [256, 400])
def test_sides_past_255_are_refused_as_generate_array_refuses_them(side):
    # uint8 can't hold a solution's digits past 255: they came back wrapped (256 as 0),
    # a wrong answer, where generate_array already refused such sides.
    with pytest.raises(ValueError, match="beyond 255"):
        sudokit.solve_array(np.zeros((1, side * side), dtype=np.uint8))
    with pytest.raises(ValueError, match="beyond 255"):
        sudokit.generate_array(1, seed=1, size=side)


@pytest.mark.parametrize(
    "call",
    [
        lambda: sudokit.solve_array(np.zeros((2, 1), dtype=np.uint8)),
        lambda: sudokit.solve_array(np.zeros((2, 0), dtype=np.uint8)),
        lambda: sudokit.solve_array(np.zeros((1, 401 * 401), dtype=np.uint8)),
        lambda: sudokit.solve_array(np.zeros((1, 81), dtype=np.uint8), box="30x30"),
        lambda: sudokit.solve_array(np.zeros((1, 81), dtype=np.uint8), box=(0, 9)),
        lambda: sudokit.generate_array(1, seed=1, size=0),
        lambda: sudokit.generate_array(1, seed=1, size=1),
        lambda: sudokit.generate_array(1, seed=1, size=401),
        lambda: sudokit.generate_array(1, seed=1, box="30x30"),
        lambda: sudokit.generate_array(1, seed=1, box=(0, 3)),
    ],
)
def test_an_array_refusal_says_the_array_limit_255(call):
    # They said "(at most 400)", the strings' limit, where an array's is 255 (uint8), as
    # side 256 already said.
    with pytest.raises(ValueError) as e:
        call()
    message = str(e.value)
    assert "255" in message and "400" not in message, message


def test_the_string_functions_keep_their_own_limit_400():
    with pytest.raises(ValueError, match=r"\(at most 400\)"):
        sudokit.generate(1, seed=1, size=0)
    with pytest.raises(ValueError, match=r"at most 400"):
        sudokit.solve("." * 81, box="30x30")


def test_an_out_of_range_value_names_its_row_and_cell_from_1():
    a = np.zeros((3, 16), dtype=np.uint8)
    a[2, 5] = 9
    with pytest.raises(ValueError) as e:
        sudokit.solve_array(a)
    assert str(e.value) == "row 3 (a[2]): value 9 in cell 6 (a[2, 5]) is out of range 0..=4"
