"""Line-in, line-out functions for engines that map work over chunks of a file (Dask,
Ray, Spark): plain module-level functions of lists of strings, so they pickle by
reference and run on any worker that has sudokit installed.

``solve_lines`` and ``rate_lines`` return one output line per input line, in order, so the
chunks' results concatenate into the whole file's: a blank line gives a blank line, and a
line that holds no puzzle (a comment, a title, a typo) raises ``ValueError`` naming it,
where ``sudoku solve`` reports it and writes nothing for it. ``lines`` is any iterable of
strings (a list, a pandas Series, a file's lines); one string alone is refused with
``TypeError``, as ``solve_batch`` refuses it.
"""

from __future__ import annotations

import json
from typing import Iterable

from . import _sudokit


def _lines(lines: Iterable[str]) -> list[str]:
    """The lines, without their line ends; one string is refused (iterating it would give
    one puzzle a character)."""
    if isinstance(lines, (str, bytes)):
        raise TypeError(
            "lines must be an iterable of lines (a list, a pandas Series, a file's lines), "
            "not one string: text.splitlines() gives its lines"
        )
    return [line.rstrip("\r\n") for line in lines]


def solve_lines(lines: Iterable[str], jobs: int = 1) -> list[str]:
    """Each puzzle line as ``sudoku solve --to line`` writes it: the solution, or the puzzle
    and ``# multiple solutions``, ``# no solution`` or ``# invalid: ...`` (the clashes).
    A blank line stays blank; a line that holds no puzzle raises ``ValueError`` (``line N:
    ...``, N counted from 1 in this chunk)."""
    return _sudokit._solve_lines(_lines(lines), jobs=jobs)


def rate_lines(lines: Iterable[str], jobs: int = 1) -> list[str]:
    """One JSON object per puzzle line: the puzzle and its ratings (``rate_batch``). A blank
    line stays blank; a line that holds no puzzle raises ``ValueError`` (``line N: ...``,
    N counted from 1 in this chunk, blank lines included)."""
    items = _lines(lines)
    rated = _sudokit._rate_lines(items, jobs=jobs)
    return ["" if r is None else json.dumps({"puzzle": p, **r.to_dict()}) for p, r in zip(items, rated)]


def generate_lines(start: int, count: int, seed: int, jobs: int = 1, **options) -> list[str]:
    """Puzzles ``start .. start + count`` of ``seed``: the chunks of one big
    ``generate(total, seed)``, made apart (``options`` as for ``generate``)."""
    return _sudokit.generate(count, seed=seed, start=start, jobs=jobs, **options)
