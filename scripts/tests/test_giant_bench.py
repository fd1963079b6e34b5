"""The bench's own parts (`scripts/giant_bench.py`): the grids it builds and the encoding it
gives the SAT solvers, checked against the rules and against `sudoku`. A bench that builds
a wrong instance or a wrong CNF would compare engines on different questions."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "giant_bench.py"

_spec = importlib.util.spec_from_file_location("giant_bench", SCRIPT)
gb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gb)


def houses(grid):
    """Every row, column and box of a square-boxed grid, as lists of values."""
    n = len(grid)
    b = math.isqrt(n)
    out = [list(row) for row in grid] + [list(col) for col in zip(*grid)]
    for br in range(0, n, b):
        for bc in range(0, n, b):
            out.append([grid[r][c] for r in range(br, br + b) for c in range(bc, bc + b)])
    return out


def is_solution(grid) -> bool:
    n = len(grid)
    return all(sorted(h) == list(range(1, n + 1)) for h in houses(grid))


def clash_free(grid) -> bool:
    return all(len([v for v in h if v]) == len({v for v in h if v}) for h in houses(grid))


def keeps(puzzle, solution) -> bool:
    return all(v in (0, s) for prow, srow in zip(puzzle, solution) for v, s in zip(prow, srow))


def solve_all(binary, grid):
    """`binary solve --all --json` of `grid`: (count, solutions as tuples of rows)."""
    text = "\n".join(" ".join(map(str, row)) for row in grid) + "\n"
    p = subprocess.run(
        [binary, "solve", "--all", "--json", "-"], input=text, capture_output=True, text=True
    )
    assert p.returncode in (0, 1), p.stderr
    r = json.loads(p.stdout.splitlines()[0])
    assert r["count_exact"], r
    return r["count"], {tuple(map(tuple, s)) for s in r.get("solutions", [])}


def models(clauses, nvars):
    """Every model of `clauses` (DIMACS-style literals), by splitting with unit propagation:
    enough for the few dozen variables of a 4x4."""

    def simplify(cls, lit):
        out = []
        for c in cls:
            if lit in c:
                continue
            c = [x for x in c if x != -lit]
            if not c:
                return None
            out.append(c)
        return out

    def go(cls, assigned):
        while True:
            unit = next((c[0] for c in cls if len(c) == 1), None)
            if unit is None:
                break
            assigned = assigned | {unit}
            cls = simplify(cls, unit)
            if cls is None:
                return
        free = [v for v in range(1, nvars + 1) if v not in assigned and -v not in assigned]
        if not free:
            yield assigned
            return
        if not cls:
            # Every clause holds: each free variable may take either value.
            v = free[0]
            yield from go(cls, assigned | {v})
            yield from go(cls, assigned | {-v})
            return
        v = abs(cls[0][0])
        for lit in (v, -v):
            rest = simplify(cls, lit)
            if rest is not None:
                yield from go(rest, assigned | {lit})

    yield from go([list(c) for c in clauses], frozenset())


def test_solution_grids_copies_and_trades_keep_the_rules():
    rng = random.Random(22)
    for n in (4, 9, 16, 25):
        sol = gb.solution_grid(n, rng)
        assert is_solution(sol), n
        copy = gb.isomorphic_copy(sol, rng)
        assert is_solution(copy), n
        traded = gb.scrambled(sol, rng, 5)
        assert is_solution(traded), n
        assert traded != sol, n


def test_a_copy_is_the_same_puzzle(sudoku_bin):
    # Givens relabelled and moved, never lost; the same number of solutions.
    rng = random.Random(7)
    puzzle = gb.holed(gb.solution_grid(9, rng), 0.3, rng)
    count, _ = solve_all(sudoku_bin, puzzle)
    assert count > 1
    for copy in gb.with_copies(puzzle, 3, "test")[1:]:
        assert sum(v != 0 for row in copy for v in row) == sum(v != 0 for row in puzzle for v in row)
        assert solve_all(sudoku_bin, copy)[0] == count


def decode(puzzle, var, model):
    """The grid a model of the encoding gives: `puzzle` with each true (row, column, digit)
    variable's digit placed, checked to fill no cell twice."""
    grid = [row[:] for row in puzzle]
    for (r, c, d), x in var.items():
        if x in model:
            assert grid[r][c] == 0, "two digits in one cell"
            grid[r][c] = d
    return tuple(map(tuple, grid))


def test_the_encoding_has_exactly_the_puzzles_solutions(sudoku_bin):
    rng = random.Random(3)
    for fill in (0.25, 0.4):
        puzzle = gb.holed(gb.solution_grid(4, rng), fill, rng)
        clauses, var = gb.encode(puzzle, with_vars=True)
        decoded = {decode(puzzle, var, model) for model in models(clauses, len(var))}
        count, solutions = solve_all(sudoku_bin, puzzle)
        assert len(decoded) == count > 0
        assert decoded == solutions
        assert all(is_solution(g) and keeps(puzzle, g) for g in decoded)


def test_the_encoding_with_counters_has_exactly_the_puzzles_solutions(sudoku_bin):
    # Past MAX_CLAUSES pairs the at-most-ones of more than six members are sequential
    # counters, whose helper variables each solution fixes: one model a solution.
    rng = random.Random(4)
    puzzle = gb.holed(gb.solution_grid(9, rng), 0.4, rng)
    clauses, var = gb.encode(puzzle, with_vars=True, counters=True)
    nvars = max(abs(x) for c in clauses for x in c)
    assert nvars > len(var), "some groups are counters, with helper variables"
    decoded = [decode(puzzle, var, model) for model in models(clauses, nvars)]
    count, solutions = solve_all(sudoku_bin, puzzle)
    assert len(decoded) == count > 1
    assert set(decoded) == solutions


def test_the_encoding_says_none_when_the_givens_leave_no_place(sudoku_bin):
    # Row 0 takes 1, 2 and 3, column 3 takes 4: cell (0, 3) has no digit left.
    puzzle = [[1, 2, 3, 0], [0, 0, 0, 4], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert gb.encode(puzzle) == "none"


def test_random_digits_are_as_many_as_asked_and_clash_nowhere():
    rng = random.Random(5)
    g = gb.random_digits(16, 40, rng)
    assert sum(v != 0 for row in g for v in row) == 40
    assert clash_free(g)


def test_a_searched_solution_is_a_solution_of_its_own_digits(sudoku_bin):
    g = gb.searched_solution(sudoku_bin, 16, 0.1, random.Random(11))
    assert is_solution(g)


def test_sides_below_four_are_refused(sudoku_bin):
    p = subprocess.run(
        [sys.executable, str(SCRIPT), "--no-sat", "--sizes", "0", "--binary", str(sudoku_bin)],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 2
    assert "--sizes" in p.stderr
