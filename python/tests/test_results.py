"""Result objects compare equal field by field, hash, and pickle (so they cross Dask,
Ray and multiprocessing); explain's path says whether it stalled."""

from __future__ import annotations

import json
import pickle

import pytest

import sudokit
from conftest import TESTDATA


def cli_text(name: str) -> str:
    return (TESTDATA / "cli" / f"{name}.txt").read_text()


def wrong_digit_position() -> str:
    """The classic with a wrong digit placed, as a JSON record: its hint has a mistake."""
    p = cli_text("unique").strip()
    solution = sudokit.solve(p).solution
    wrong = "1" if solution[2] != "1" else "2"
    grid = [[int(c) if c != "." else 0 for c in p[r * 9 : r * 9 + 9]] for r in range(9)]
    given = [row[:] for row in grid]
    grid[0][2] = int(wrong)
    return json.dumps({"size": 9, "grid": grid, "givens": given})


def results(hard):
    """One of each class, in several states."""
    giant = (TESTDATA / "large" / "rkkautsar-sudoku-64-1.txt").read_text()
    invalid = sudokit.solve(cli_text("invalid"))
    return [
        sudokit.solve(cli_text("unique")),
        sudokit.solve(cli_text("multiple")),
        sudokit.solve(cli_text("none")),
        invalid,
        invalid.conflicts[0],
        sudokit.solve(giant, max_time=0.05),
        sudokit.rate(hard[0]),
        sudokit.rate(cli_text("multiple")),
        sudokit.rate(cli_text("invalid")),
        sudokit.rate(hard[1], scale="se"),
        sudokit.explain(hard[0]),
        sudokit.explain(hard[0])[3],
        sudokit.explain(hard[0], techniques="singles", backtracking=False),
        sudokit.hint(hard[0], level="full"),
        sudokit.hint(cli_text("multiple")),
        sudokit.hint(wrong_digit_position(), level="full"),
        sudokit.hint(wrong_digit_position()).mistakes[0],
    ]


@pytest.mark.parametrize("protocol", [0, 2, pickle.HIGHEST_PROTOCOL])
def test_results_round_trip_through_pickle(hard, protocol):
    for r in results(hard):
        back = pickle.loads(pickle.dumps(r, protocol=protocol))
        assert type(back) is type(r)
        assert back == r and hash(back) == hash(r), repr(r)
        assert repr(back) == repr(r)
        if hasattr(r, "to_dict"):
            assert back.to_dict() == r.to_dict()


def test_results_compare_by_their_fields(hard):
    made = results(hard)
    again = results(hard)
    # The timed-out solve is a timeout both times; the rest is the same work again.
    assert made == again
    for i, a in enumerate(made):
        for j, b in enumerate(made):
            assert (a == b) == (i == j), (a, b)
    assert sudokit.solve(hard[0]) != sudokit.solve(hard[1])
    assert sudokit.rate(hard[0]) != sudokit.rate(hard[0], scale="se")
    assert sudokit.solve(hard[0]) != hard[0]
    # Usable as set members and dict keys.
    assert len({sudokit.solve(p) for p in [hard[0], hard[0], hard[1]]}) == 2


def test_explain_says_when_the_path_stalled_as_the_cli_does(cli_json, hard):
    stalled = sudokit.explain(hard[0], techniques="singles", backtracking=False)
    [want] = cli_json("explain", "--no-backtracking", "--techniques", "singles", stdin=hard[0] + "\n")
    assert want["solved"] is False and stalled.solved is False
    header = {"box", "line", "puzzle", "size", "source", "givens"}
    assert stalled.to_dict() == {k: v for k, v in want.items() if k not in header}
    done = sudokit.explain(hard[0])
    [want] = cli_json("explain", stdin=hard[0] + "\n")
    assert done.solved is True and done.used_backtracking == want["used_backtracking"]
    assert done.to_dict() == {k: v for k, v in want.items() if k not in header}


def test_an_explanation_is_a_sequence_of_steps(hard):
    path = sudokit.explain(hard[0])
    steps = path.steps
    assert len(path) == len(steps) > 3
    assert list(path) == steps == [s for s in path]
    assert path[0] == steps[0] and path[-1] == steps[-1]
    assert path[1:3] == steps[1:3]
    with pytest.raises(IndexError):
        path[len(path)]
    assert [s.text for s in path] == [s["text"] for s in path.to_dict()["steps"]]


# The fields of a `--json` record that say which puzzle was read, and where: every
# to_dict() gives the rest of the record.
HEADER = {"source", "line", "puzzle", "placed", "size", "box", "alphabet", "marks", "givens"}


@pytest.mark.parametrize("name", ["unique", "six-3x2.json", "sixteen-hex", "sixteen-letters"])
def test_explain_to_dict_is_the_cli_record(cli_json, name):
    path = TESTDATA / "cli" / (name if "." in name else f"{name}.txt")
    text = path.read_text()
    [want] = cli_json("explain", stdin=text)
    assert sudokit.explain(text).to_dict() == {k: v for k, v in want.items() if k not in HEADER}


@pytest.mark.parametrize("scale", ["both", "se", "hodoku"])
@pytest.mark.parametrize("name", ["unique", "multiple", "invalid", "six-3x2.json"])
def test_rate_to_dict_is_the_cli_record(cli_json, name, scale):
    # With scale="se" it wrote HoDoKu's fields as None, where the CLI leaves them out.
    path = TESTDATA / "cli" / (name if "." in name else f"{name}.txt")
    text = path.read_text()
    [want] = cli_json("rate", "--scale", scale, stdin=text)
    got = sudokit.rate(text, scale=scale).to_dict()
    assert got == {k: v for k, v in want.items() if k not in HEADER}
