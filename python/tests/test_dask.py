"""The docs/python.md recipe: chunks of a file mapped over a Dask LocalCluster of two worker
processes, results written back in order."""

from __future__ import annotations

import pytest

import sudokit
from conftest import TESTDATA
from sudokit import chunks




@pytest.fixture(scope="module")
def client():
    from dask.distributed import Client, LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster, Client(cluster) as c:
        yield c


def test_solve_chunks_of_a_file_in_order(client, tmp_path, clue17, hard):
    import dask.bag as db

    puzzles = clue17 + hard
    src = tmp_path / "puzzles.txt"
    src.write_text("\n".join(puzzles) + "\n")
    bag = db.read_text(str(src), blocksize=2000)  # several chunks of one file
    assert bag.npartitions > 2
    out = tmp_path / "solved"
    # As docs/python.md writes it: `cat` of the parts is one solution a line, no blank ones.
    bag.map_partitions(chunks.solve_lines).to_textfiles(str(out / "*.txt"), last_endline=True)
    parts = sorted(out.glob("*.txt"), key=lambda p: int(p.stem))
    got = "".join(p.read_text() for p in parts).splitlines()
    assert got == [r.solution for r in sudokit.solve_batch(puzzles)]


def test_generate_chunks_join_up(client):
    futures = client.map(chunks.generate_lines, [0, 5, 10], [5, 5, 5], seed=8)
    got = [p for f in futures for p in f.result()]
    assert got == sudokit.generate(15, seed=8)


def test_rate_chunks(client, hard):
    import json

    futures = client.map(chunks.rate_lines, [hard[:3], hard[3:6]])
    got = [json.loads(line) for f in futures for line in f.result()]
    want = [r.to_dict() for r in sudokit.rate_batch(hard[:6])]
    assert [g["er"] for g in got] == [w["er"] for w in want]
    assert [g["puzzle"] for g in got] == hard[:6]


def test_chunk_functions_keep_rows(hard):
    rows = [hard[0], "", hard[1] + "\n", "   "]
    got = chunks.solve_lines(rows)
    assert len(got) == 4 and got[1] == got[3] == ""
    assert got[0] == sudokit.solve(hard[0]).solution
    assert got[2] == sudokit.solve(hard[1]).solution
    multiple = (TESTDATA / "cli" / "multiple.txt").read_text().strip()
    # As `sudoku solve --to line` writes it (tests/test_chunks.py compares every status).
    assert chunks.solve_lines([multiple]) == [f"{multiple} # multiple solutions"]
