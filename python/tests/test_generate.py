"""generate: seeds, thread counts, options, agreement with `sudoku generate`."""

from __future__ import annotations

import pytest

import sudokit


def test_same_seed_same_puzzles_whatever_the_jobs():
    one = sudokit.generate(6, seed=42, jobs=1)
    two = sudokit.generate(6, seed=42, jobs=2)
    assert one == two == sudokit.generate(6, seed=42)
    assert sudokit.generate(6, seed=43) != one
    assert all(sudokit.count(p) == 1 for p in one)


def test_agrees_with_cli(cli):
    code, out, _ = cli("generate", "-n", "4", "--seed", "5", "--symmetry", "rot180")
    assert code == 0
    assert sudokit.generate(4, seed=5, symmetry="rot180") == out.split()
    code, out, _ = cli("generate", "-n", "2", "--seed", "9", "--size", "16")
    assert code == 0
    assert sudokit.generate(2, seed=9, size=16) == out.split()


def test_array_matches_strings():
    puzzles, solutions = sudokit.generate_array(5, seed=3)
    lines = sudokit.generate(5, seed=3)
    assert ["".join("." if v == 0 else str(v) for v in r) for r in puzzles] == lines
    assert ["".join(map(str, r)) for r in solutions] == [sudokit.solve(p).solution for p in lines]


def test_targets(cli_json):
    [p] = sudokit.generate(1, seed=11, difficulty="easy")
    [want] = cli_json("rate", stdin=p + "\n")
    assert want["level"] == "Easy"
    [q] = sudokit.generate(1, seed=11, minimal=True, symmetry="rot90")
    assert sudokit.count(q) == 1
    [r] = sudokit.generate(1, seed=2, givens=(30, 32))
    assert 30 <= sum(c != "." for c in r) <= 32
    # Targets on other sizes, as `sudoku generate` makes them.
    [six] = sudokit.generate(1, seed=1, box=(2, 3), difficulty="hard")
    [want] = cli_json("rate", "--box", "2x3", stdin=six + "\n")
    assert (want["level"], want["box"]) == ("Hard", [2, 3])


def test_bad_options():
    with pytest.raises(ValueError, match="unknown level"):
        sudokit.generate(difficulty="impossible")
    with pytest.raises(ValueError, match="up to 16x16"):
        sudokit.generate(size=25, difficulty="easy")
    with pytest.raises(ValueError):
        sudokit.generate(symmetry="spiral")
    with pytest.raises(ValueError, match="unknown technique"):
        sudokit.generate(require=["no such thing"])
    with pytest.raises(ValueError):
        sudokit.generate(size=7)
    with pytest.raises(ValueError):
        sudokit.generate(rating=(5.0, 2.0))


def test_max_time_bounds_the_whole_call_and_says_what_was_made(cli):
    # A million puzzles can't be made in 0.2 s: the call says how many were, as
    # `sudoku generate --max-time` does, rather than give back a short list.
    with pytest.raises(TimeoutError, match=r"^time limit reached \(0\.2 s\): puzzles made: \d+ of 1000000$"):
        sudokit.generate(10**6, seed=1, max_time=0.2)
    with pytest.raises(TimeoutError, match=r"puzzles made: \d+ of 1000000$"):
        sudokit.generate_array(10**6, seed=1, max_time=0.2)
    code, _, err = cli("generate", "-n", "1000000", "--seed", "1", "--max-time", "0.2")
    assert code == 1 and "time limit reached (0.2 s): puzzles made:" in err
    # Time enough: the same puzzles as without a limit.
    assert sudokit.generate(3, seed=1, max_time=600) == sudokit.generate(3, seed=1)


def test_max_attempts_as_the_cli_takes_it(cli):
    code, _, err = cli("generate", "-n", "1", "--seed", "1", "--difficulty", "extreme", "--max-attempts", "1")
    assert code == 1
    with pytest.raises(RuntimeError) as e:
        sudokit.generate(1, seed=1, difficulty="extreme", max_attempts=1)
    assert err.strip() == f"sudoku: {e.value}"
    assert str(e.value).startswith("puzzle 1: no puzzle after 1 attempts")
    with pytest.raises(RuntimeError, match="no puzzle after 1 attempts"):
        sudokit.generate_array(1, seed=1, difficulty="extreme", max_attempts=1)
    with pytest.raises(ValueError, match="max_attempts must be at least 1"):
        sudokit.generate(1, seed=1, max_attempts=0)
    assert sudokit.generate(2, seed=1, max_attempts=10_000) == sudokit.generate(2, seed=1)


def test_generate_array_names_the_grid_side_it_refuses():
    # It said "16x16 grids" of a 256x256 (the box's shape).
    with pytest.raises(ValueError, match=r"^256x256 grids have digits beyond 255"):
        sudokit.generate_array(1, seed=1, size=256)
