"""rate, rate_batch, explain, hint: agreement with `sudoku rate/explain/hint --json`."""

from __future__ import annotations

import pytest

import sudokit
from conftest import TESTDATA, lines

RATE_FIELDS = ["er", "ep", "ed", "preset", "hardest", "level", "score", "hodoku_hardest", "solved"]


@pytest.fixture(scope="module")
def samples(hard):
    # Easy to hard: a classic, top1465's first, two of the hardest.
    classic = (TESTDATA / "cli" / "unique.txt").read_text().strip()
    top = lines(TESTDATA / "puzzles" / "top1465-200.txt", 2)
    return [classic, *top, *hard[:2]]


def test_rate_agrees_with_cli(cli_json, samples):
    want = cli_json("rate", stdin="\n".join(samples) + "\n")
    got = sudokit.rate_batch(samples)
    assert len(got) == len(want) == len(samples)
    for g, w in zip(got, want):
        d = g.to_dict()
        assert {k: d[k] for k in RATE_FIELDS} == {k: w[k] for k in RATE_FIELDS}
        assert g.status == "unique"
    one = sudokit.rate(samples[0])
    assert (one.er, one.level, one.score) == (want[0]["er"], want[0]["level"], want[0]["score"])


def test_rate_batch_jobs_do_not_matter(samples):
    a = [r.to_dict() for r in sudokit.rate_batch(samples, jobs=1)]
    b = [r.to_dict() for r in sudokit.rate_batch(samples, jobs=2)]
    assert a == b


@pytest.mark.parametrize("name", ["multiple", "none", "invalid"])
def test_rate_of_a_puzzle_without_one_solution(cli_json, name):
    text = (TESTDATA / "cli" / f"{name}.txt").read_text()
    [want] = cli_json("rate", stdin=text)
    r = sudokit.rate(text)
    assert r.status == want["status"]
    assert r.message == want["message"]
    # One wording: what `explain --json` says of the same puzzle.
    [explained] = cli_json("explain", stdin=text)
    assert r.message == explained["message"]
    assert r.er is None and r.level is None
    # Clashing givens are listed, as the CLI lists them.
    assert [c.text for c in r.conflicts] == [c["text"] for c in want.get("conflicts", [])]
    assert bool(r.conflicts) == (name == "invalid")


@pytest.mark.parametrize("order", ["hodoku", "explainer"])
def test_explain_agrees_with_cli(cli_json, samples, order):
    want = cli_json("explain", "--order", order, stdin="\n".join(samples[:3]) + "\n")
    for p, w in zip(samples[:3], want):
        steps = sudokit.explain(p, order=order)
        assert [s.text for s in steps] == [s["text"] for s in w["steps"]]
        assert [s.technique for s in steps] == [s["technique"] for s in w["steps"]]
        assert [[list(c) for c in s.placements] for s in steps] == [s["placements"] for s in w["steps"]]
        assert [[list(c) for c in s.eliminations] for s in steps] == [
            s["eliminations"] for s in w["steps"]
        ]


def test_explain_refuses_what_has_no_single_solution(cli_json):
    text = (TESTDATA / "cli" / "multiple.txt").read_text()
    [want] = cli_json("explain", stdin=text)
    with pytest.raises(ValueError) as e:
        sudokit.explain(text)
    assert str(e.value) == f"not explained: {want['message']}"
    with pytest.raises(ValueError, match="unknown order"):
        sudokit.explain(text, order="alphabetical")


@pytest.mark.parametrize("level,flag", [("vague", None), ("technique", "--technique-only"), ("full", "--full")])
def test_hint_agrees_with_cli(cli_json, samples, level, flag):
    args = ["hint"] + ([flag] if flag else [])
    for p in samples[:3]:
        [want] = cli_json(*args, stdin=p + "\n")
        h = sudokit.hint(p, level=level)
        assert h.text == str(h) == want["hint"]
        assert h.technique == want.get("technique")
        assert h.solved == want["solved"]
        if level == "full":
            assert [list(c) for c in h.placements] == want["placements"]
            assert [list(c) for c in h.eliminations] == want["eliminations"]


def test_hint_on_a_position_with_a_mistake(cli_json):
    # The classic with a wrong digit placed (r1c3 is 4 in the solution), as a JSON record
    # that tells placed digits from givens.
    p = (TESTDATA / "cli" / "unique.txt").read_text().strip()
    solution = sudokit.solve(p).solution
    wrong = "1" if solution[2] != "1" else "2"
    grid = [[int(c) if c != "." else 0 for c in p[r * 9 : r * 9 + 9]] for r in range(9)]
    import json

    given = [row[:] for row in grid]
    grid[0][2] = int(wrong)
    record = json.dumps({"size": 9, "grid": grid, "givens": given})
    [want] = cli_json("hint", "--full", stdin=record + "\n")
    h = sudokit.hint(record, level="full")
    assert h.text == want["hint"]
    assert [m.kind for m in h.mistakes] == [m["kind"] for m in want["mistakes"]]
    assert h.mistakes and h.mistakes[0].cell == (1, 3)


def test_hint_without_one_solution():
    text = (TESTDATA / "cli" / "multiple.txt").read_text()
    h = sudokit.hint(text)
    assert h.status == "multiple"
    assert h.text == "No hint: multiple solutions."
