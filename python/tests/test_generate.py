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
