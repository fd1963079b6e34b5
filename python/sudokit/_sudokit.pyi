"""Type stubs of the native module (re-exported by ``sudokit``)."""

from __future__ import annotations

import os
from typing import Iterable, Iterator, Literal, Sequence, SupportsIndex, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

BoxShape = Union[str, Tuple[int, int]]
"""A box shape: ``"2x3"`` or ``(2, 3)`` (rows x columns of a box)."""

Status = Literal["unique", "multiple", "none", "invalid", "timeout"]

UNIQUE: int
"""``solve_array`` status: exactly one solution (0)."""
MULTIPLE: int
"""``solve_array`` status: two or more solutions (1)."""
NONE: int
"""``solve_array`` status: no solution (2)."""
INVALID: int
"""``solve_array`` status: givens clash in a house (3)."""
TIMEOUT: int
"""``solve_array`` status: no answer within ``max_time`` (4); the row of solutions is zeros."""

class Conflict:
    """A digit given twice or more in one house. Equal when every field is; hashable;
    pickles."""

    @property
    def house(self) -> str:
        """The house as cells name it: ``"r1"``, ``"c4"`` or ``"b2"``."""
    @property
    def digit(self) -> int: ...
    @property
    def cells(self) -> list[tuple[int, int]]:
        """The clashing cells as 1-based ``(row, col)`` pairs."""
    @property
    def text(self) -> str:
        """As the CLI says it: ``"digit 1 2 times in row 1: r1c1, r1c2"``."""

class SolveResult:
    """What solving one puzzle gave. True when the solution is unique. Equal when every
    field is; hashable; pickles."""

    @property
    def status(self) -> Status: ...
    @property
    def solution(self) -> str | None:
        """The unique solution as one line in the puzzle's symbols, else ``None``. A grid
        whose boxes are not its size's usual ones (a 6x6 in 3x2 boxes) ends in ``" # box
        3x2"`` after its cells, as the CLI writes it, so that it reads back with them."""
    @property
    def solutions(self) -> list[str]:
        """The unique solution, two of several, or none."""
    @property
    def conflicts(self) -> list[Conflict]:
        """The clashing givens when ``status == "invalid"``."""
    def to_dict(self) -> dict[str, object]:
        """The record ``sudoku solve --json`` writes, without the fields that describe the
        puzzle read (``source``, ``line``, ``puzzle``, ``size``, ``box``, ``givens``):
        ``status`` and ``solution`` (rows of numbers), ``solutions`` (two grids),
        ``conflicts`` or ``message``, as the CLI gives them."""
    def __bool__(self) -> bool: ...

def solve(
    puzzle: str,
    *,
    max_time: float | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> SolveResult:
    """Solve one puzzle given in any format the CLI reads (a text of one record: a line,
    a grid over lines, a JSON record ...).

    Past ``max_time`` seconds the status is ``"timeout"``. Raises ``ValueError`` for text
    that holds no puzzle, with the CLI's message, and for text that holds more than one
    record (``solve_batch`` and ``read`` take several).
    """

def count(
    puzzle: str,
    limit: int = 2,
    *,
    max_time: float | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> int:
    """The number of solutions, counting no further than ``limit`` (at least 1, else
    ``ValueError``; 0 for clashing givens).

    Past ``max_time`` seconds raises ``TimeoutError`` (saying how many were found by then).
    """

def solve_batch(
    puzzles: Iterable[str],
    jobs: int = 0,
    *,
    max_time: float | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> list[SolveResult]:
    """Solve many puzzles on ``jobs`` threads (0 = every core) with the GIL released.

    ``puzzles`` is any iterable of strings: a list, a tuple, a generator, an open file's
    lines (read whole before solving starts; one string alone is refused with
    ``TypeError``). One result per string, in order; ``max_time`` bounds each puzzle
    (``"timeout"``). A string that holds no puzzle raises ``ValueError`` (``"puzzle 3:
    1:5: unexpected character ..."``).
    """

def solve_array(
    a: npt.NDArray[np.uint8],
    jobs: int = 0,
    *,
    max_time: float | None = None,
    box: BoxShape | None = None,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int8]]:
    """Solve an ``(N, cells)`` uint8 array (0 = empty, digits 1..side) on ``jobs`` threads.

    Returns ``(solutions, status)``: solutions ``(N, cells)``, zero in rows that are not
    unique; status ``(N,)`` int8 with ``UNIQUE`` 0, ``MULTIPLE`` 1, ``NONE`` 2,
    ``INVALID`` 3, ``TIMEOUT`` 4 (``max_time`` seconds bound each puzzle). The side is the
    square root of ``cells``; ``box`` picks the box shape where the side alone is
    ambiguous (6x6 as ``"3x2"``); sides up to 255 (uint8). Anything but a 2-D uint8 array
    raises ``TypeError``; a value out of range ``ValueError`` naming its row, counted from
    1 (``"row 2 (a[1]): value 10 in cell 1 (a[1, 0]) is out of range 0..=9"``).
    """

class RateResult:
    """A puzzle's difficulty, as ``sudoku rate`` gives it. Fields of a scale not asked for,
    and every rating of a puzzle without exactly one solution, are ``None``. Equal when
    every field is; hashable; pickles."""

    @property
    def status(self) -> Status: ...
    @property
    def message(self) -> str | None:
        """Why it was not rated: ``"multiple solutions"`` (as ``sudoku rate --json`` says it)."""
    @property
    def er(self) -> float | None:
        """Sudoku Explainer's rating: the hardest step."""
    @property
    def ep(self) -> float | None:
        """Pearl: the hardest step up to the first placement."""
    @property
    def ed(self) -> float | None:
        """Diamond: the first step."""
    @property
    def preset(self) -> str | None:
        """SE's preset of ``er``: easy, medium, hard, fiendish, diabolical."""
    @property
    def hardest(self) -> str | None:
        """SE's hardest technique."""
    @property
    def level(self) -> str | None:
        """HoDoKu's level: Easy, Medium, Hard, Unfair, Extreme."""
    @property
    def score(self) -> int | None:
        """HoDoKu's score."""
    @property
    def hodoku_hardest(self) -> str | None: ...
    @property
    def solved(self) -> bool:
        """Whether the techniques solved it on every scale asked for."""
    @property
    def timed_out(self) -> bool:
        """Whether ``max_time`` ran out (the ratings are then lower bounds)."""
    @property
    def conflicts(self) -> list[Conflict]:
        """The clashing givens when ``status == "invalid"``, as ``sudoku rate --json``
        lists them."""
    def to_dict(self) -> dict[str, object]:
        """The record ``sudoku rate --json`` writes, without the fields that describe the
        puzzle read (``source``, ``line``, ``puzzle``, ``size``, ``box``); the fields of a
        scale not asked for are left out, as the CLI leaves them out."""

Triple = Tuple[int, int, int]

class Step:
    """One step of a solve path. Equal when every field is; hashable; pickles."""

    @property
    def technique(self) -> str:
        """``"X-Wing"``."""
    @property
    def code(self) -> str:
        """``"bf2"``."""
    @property
    def placements(self) -> list[Triple]:
        """Digits placed, as 1-based ``(row, col, digit)``."""
    @property
    def eliminations(self) -> list[Triple]:
        """Candidates removed, as 1-based ``(row, col, digit)``."""
    @property
    def text(self) -> str:
        """The step in one line (Eureka notation): ``"Naked Single: r5c5=5"``."""
    @property
    def explanation(self) -> str:
        """The step in plain words."""

class Explanation:
    """The solve path ``explain`` gives: a sequence of steps (``len``, indexing, slices,
    iteration) and what ``sudoku explain --json`` says of it. Equal when every field is;
    hashable; pickles."""

    @property
    def steps(self) -> list[Step]:
        """The steps, as a list."""
    @property
    def solved(self) -> bool:
        """Whether the path reached the solution: ``False`` when the techniques stalled
        with ``backtracking=False`` (the CLI's ``solved``; it then exits with 1)."""
    @property
    def used_backtracking(self) -> bool:
        """Whether a step is Brute Force (a guess checked by search)."""
    @property
    def score(self) -> int:
        """HoDoKu's score of the path."""
    def to_dict(self) -> dict[str, object]:
        """The record ``sudoku explain --json`` writes, without the fields that describe
        the puzzle read (``source``, ``line``, ``puzzle``, ``size``, ``box``): ``status``,
        ``steps`` (without explanations), ``solved``, ``used_backtracking``, ``score``."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, i: SupportsIndex) -> Step: ...
    @overload
    def __getitem__(self, i: slice) -> list[Step]: ...
    def __iter__(self) -> Iterator[Step]: ...

class Mistake:
    """A wrong digit, or a pencil mark missing the solution's digit. Equal when every field
    is; hashable; pickles."""

    @property
    def cell(self) -> tuple[int, int]: ...
    @property
    def digit(self) -> int: ...
    @property
    def kind(self) -> Literal["wrong digit", "missing mark"]: ...

class Hint:
    """The next step, as ``sudoku hint`` gives it; ``str(hint)`` is its text. Equal when
    every field is; hashable; pickles."""

    @property
    def status(self) -> Status: ...
    @property
    def text(self) -> str: ...
    @property
    def technique(self) -> str | None: ...
    @property
    def code(self) -> str | None: ...
    @property
    def placements(self) -> list[Triple]:
        """With ``level="full"``."""
    @property
    def eliminations(self) -> list[Triple]:
        """With ``level="full"``."""
    @property
    def explanation(self) -> str | None:
        """With ``level="full"``."""
    @property
    def mistakes(self) -> list[Mistake]: ...
    @property
    def solved(self) -> bool: ...

def rate(
    puzzle: str,
    *,
    scale: Literal["both", "se", "hodoku"] = "both",
    max_time: float | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> RateResult:
    """Rate a puzzle as ``sudoku rate``: SE's ER/EP/ED and HoDoKu's level and score.

    A puzzle without exactly one solution is not rated (``status``/``message`` say why).
    ``max_time`` bounds the work in seconds.
    """

def rate_batch(
    puzzles: Iterable[str],
    jobs: int = 0,
    *,
    scale: Literal["both", "se", "hodoku"] = "both",
    max_time: float | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> list[RateResult]:
    """``rate`` of many puzzles (any iterable of strings) on ``jobs`` threads (0 = every
    core), GIL released, in order. A string that holds no puzzle raises ``ValueError``
    (``"puzzle 3: ..."``, counted from 1)."""

def explain(
    puzzle: str,
    order: Literal["hodoku", "explainer"] = "hodoku",
    *,
    techniques: str | None = None,
    backtracking: bool = True,
    max_time: float | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> Explanation:
    """The human-style solve path, as ``sudoku explain``: its steps, and ``solved``.

    ``techniques`` as ``--techniques`` takes them; ``backtracking=False`` ends the path
    where the techniques stall (``solved`` is then ``False``). A puzzle without exactly
    one solution raises ``ValueError`` (``"not explained: multiple solutions"``); past
    ``max_time`` seconds (the uniqueness check or the path) ``TimeoutError``.
    """

def hint(
    puzzle_or_position: str,
    level: Literal["vague", "technique", "full"] = "vague",
    *,
    order: Literal["hodoku", "explainer"] = "hodoku",
    techniques: str | None = None,
    max_time: float | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> Hint:
    """The next step for a puzzle or a position (placed digits and pencil marks in formats
    that carry them), as ``sudoku hint``; mistakes are pointed out first. Past
    ``max_time`` seconds the hint's ``status`` is ``"timeout"``."""

def generate(
    count: int = 1,
    seed: int | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
    symmetry: str | None = None,
    difficulty: str | None = None,
    rating: str | float | tuple[float, float] | None = None,
    require: str | Sequence[str] | None = None,
    minimal: bool = False,
    *,
    givens: tuple[int, int] | None = None,
    start: int = 0,
    jobs: int = 0,
    max_attempts: int | None = None,
    max_time: float | None = None,
) -> list[str]:
    """Make ``count`` puzzles with a unique solution, as lines.

    The same ``seed`` gives the same puzzles whatever ``jobs`` (and the same as ``sudoku
    generate --seed``). ``symmetry``: none, rot180, rot90, horizontal, vertical, diagonal,
    antidiagonal, bidiagonal, orthogonal, full. ``difficulty``: HoDoKu's level (easy ..
    extreme); ``rating``: Sudoku Explainer's ER as ``(lo, hi)``, one value or a preset
    name; ``require``: techniques the solve path must use. Targets are for grids up to 16x16.
    Puzzle ``i`` of a seed is always the same: ``start`` makes puzzles ``start`` to
    ``start + count - 1``, so chunks made apart join up. Raises ``ValueError`` for
    contradictory options, ``RuntimeError`` when a puzzle could not be made in
    ``max_attempts`` solution grids (10,000 by default, as ``sudoku generate``), and
    ``TimeoutError`` when ``max_time`` seconds (for the whole call) ran out, saying how
    many of the puzzles were made (``"time limit reached (5 s): puzzles made: 3 of 10"``).
    """

def generate_array(
    count: int = 1,
    seed: int | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
    symmetry: str | None = None,
    difficulty: str | None = None,
    rating: str | float | tuple[float, float] | None = None,
    require: str | Sequence[str] | None = None,
    minimal: bool = False,
    *,
    givens: tuple[int, int] | None = None,
    start: int = 0,
    jobs: int = 0,
    max_attempts: int | None = None,
    max_time: float | None = None,
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """``generate`` as two ``(count, cells)`` uint8 arrays: puzzles (0 = empty), solutions.
    Sides past 255 raise ``ValueError`` (uint8 can't hold their digits), and every refusal
    of a side says that limit."""

def canonical(
    puzzle: str,
    *,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> str:
    """The canonical form of a puzzle of any shape: for 9x9 the minlex form, 81 characters
    with ``0`` for empty cells; otherwise the form found by colour refinement, a line that
    reads back (``.`` for empty cells, its boxes noted when not the usual ones). Clashing
    givens still have a form, with a ``UserWarning`` naming the clashes. ``ValueError`` when the search runs past its bounds (a solved grid of 144x144 and up
    with few symmetries, say)."""

def canonical_batch(
    puzzles: Iterable[str],
    jobs: int = 0,
    *,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> list[str]:
    """``canonical`` of many puzzles (any iterable of strings) on ``jobs`` threads, in order (a ``UserWarning`` for
    each with clashing givens, ``puzzle I:`` first)."""

def transform(
    puzzle: str,
    seed: int,
    *,
    size: int | None = None,
    box: BoxShape | None = None,
    format: str | None = None,
) -> str:
    """A random isomorph of the puzzle (same for the same seed), as a line."""

def read(
    path_or_text: str | os.PathLike[str],
    *,
    format: str | None = None,
    size: int | None = None,
    box: BoxShape | None = None,
) -> list[str]:
    """Every puzzle of a file (a path, or a string naming an existing file) or of a text.

    Any format, detected unless ``format`` is given; each puzzle as a line (a Sukaku
    candidates line when it carries pencil marks). A bad record raises ``ValueError``
    with the CLI's ``source:line:col: message``; a file that can't be read raises the
    ``OSError`` for it (``FileNotFoundError`` for a path that names no file, a string with
    a ``/`` or a puzzle file's extension included). Anything but a ``str`` or an
    ``os.PathLike`` raises ``TypeError``.
    """

def write(
    puzzles: Iterable[str],
    format: str = "line",
    *,
    size: int | None = None,
    box: BoxShape | None = None,
    alphabet: str | None = None,
) -> str:
    """The puzzles written as one text in ``format`` (line, boxed, sdk, ss, pm, hodoku,
    sukaku, opensudoku, matrix, classic, kennett, leptonica, pipe, json); ``alphabet``
    (standard, hex, letters) sets the symbols of the one-character formats."""

def _solve_lines(lines: Iterable[str], jobs: int = 1) -> list[str]:
    """The lines of ``sudokit.chunks.solve_lines``: each as ``sudoku solve --to line``
    writes it; blank lines stay blank."""

def _rate_lines(lines: Iterable[str], jobs: int = 1) -> list[RateResult | None]:
    """The ratings of ``sudokit.chunks.rate_lines``, one a line; ``None`` for a blank
    line."""

def _restore(kind: str, state: object) -> object:
    """A result object from its pickled state (what ``__reduce__`` stores)."""
