"""Line-in, line-out functions for engines that map work over chunks of a file (Dask,
Ray, Spark): plain module-level functions of lists of strings, so they pickle by
reference and run on any worker that has sudokit installed. Each returns one output line
per input line, in order, so the chunks' results concatenate into the whole file's.
"""

from __future__ import annotations

import json
from typing import Callable, Iterable

from . import _sudokit


def _each(lines: Iterable[str], work: Callable[[list[str]], list[str]]) -> list[str]:
    """`work` over the puzzle lines, one output a line in order; blank lines stay blank
    (so a pandas column or a file keeps its rows)."""
    items = [line.rstrip("\r\n") for line in lines]
    where = [i for i, line in enumerate(items) if line.strip()]
    out = [""] * len(items)
    for i, result in zip(where, work([items[i] for i in where])):
        out[i] = result
    return out


def solve_lines(lines: Iterable[str], jobs: int = 1) -> list[str]:
    """The solution of each puzzle line, or ``PUZZLE # STATUS`` (multiple, none, invalid);
    unique ones as ``sudoku solve --to line`` writes them."""

    def work(puzzles: list[str]) -> list[str]:
        return [
            r.solution if r.solution is not None else f"{p} # {r.status}"
            for p, r in zip(puzzles, _sudokit.solve_batch(puzzles, jobs=jobs))
        ]

    return _each(lines, work)


def rate_lines(lines: Iterable[str], jobs: int = 1) -> list[str]:
    """One JSON object per puzzle line: the puzzle and its ratings (``rate_batch``)."""

    def work(puzzles: list[str]) -> list[str]:
        return [
            json.dumps({"puzzle": p, **r.to_dict()})
            for p, r in zip(puzzles, _sudokit.rate_batch(puzzles, jobs=jobs))
        ]

    return _each(lines, work)


def generate_lines(start: int, count: int, seed: int, jobs: int = 1, **options) -> list[str]:
    """Puzzles ``start .. start + count`` of ``seed``: the chunks of one big
    ``generate(total, seed)``, made apart (``options`` as for ``generate``)."""
    return _sudokit.generate(count, seed=seed, start=start, jobs=jobs, **options)
