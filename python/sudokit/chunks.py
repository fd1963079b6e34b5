"""Line-in, line-out functions for engines that map work over chunks of a file (Dask,
Ray, Spark): plain module-level functions of lists of strings, so they pickle by
reference and run on any worker that has sudokit installed. Each returns one output line
per input line, in order, so the chunks' results concatenate into the whole file's.
"""

from __future__ import annotations

import json
from typing import Iterable

from . import _sudokit


def _clean(lines: Iterable[str]) -> list[str]:
    return [line.rstrip("\r\n") for line in lines if line.strip()]


def solve_lines(lines: Iterable[str], jobs: int = 1) -> list[str]:
    """The solution of each puzzle line, or ``PUZZLE # STATUS`` (multiple, none, invalid),
    as ``sudoku solve --to line`` writes them for unique puzzles."""
    puzzles = _clean(lines)
    out = []
    for p, r in zip(puzzles, _sudokit.solve_batch(puzzles, jobs=jobs)):
        out.append(r.solution if r.solution is not None else f"{p} # {r.status}")
    return out


def rate_lines(lines: Iterable[str], jobs: int = 1) -> list[str]:
    """One JSON object per puzzle line: the puzzle and its ratings (``rate_batch``)."""
    puzzles = _clean(lines)
    return [
        json.dumps({"puzzle": p, **r.to_dict()})
        for p, r in zip(puzzles, _sudokit.rate_batch(puzzles, jobs=jobs))
    ]


def generate_lines(start: int, count: int, seed: int, jobs: int = 1, **options) -> list[str]:
    """Puzzles ``start .. start + count`` of ``seed``: the chunks of one big
    ``generate(total, seed)``, made apart (``options`` as for ``generate``)."""
    return _sudokit.generate(count, seed=seed, start=start, jobs=jobs, **options)
