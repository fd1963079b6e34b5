"""sudokit: Sudoku at native speed, from Python.

Solve, count, rate, explain, hint, generate, canonicalise and convert puzzles of every
size (4x4 to 400x400), one at a time or in batches on every core with the GIL released.
Puzzles are strings in any format the ``sudoku`` command reads (a line of 81 characters is
the usual one); numpy arrays of shape ``(N, cells)`` (uint8, 0 = empty) go through
``solve_array`` and ``generate_array``. Bad input raises ``ValueError`` with the message
the ``sudoku`` command gives. Ctrl-C interrupts any call (``KeyboardInterrupt``); result
objects compare equal field by field and pickle.
"""

from ._sudokit import (
    INVALID,
    MULTIPLE,
    NONE,
    TIMEOUT,
    UNIQUE,
    Conflict,
    Explanation,
    Hint,
    Mistake,
    RateResult,
    SolveResult,
    Step,
    __version__,
    canonical,
    canonical_batch,
    count,
    explain,
    generate,
    generate_array,
    hint,
    rate,
    rate_batch,
    read,
    solve,
    solve_array,
    solve_batch,
    transform,
    write,
)

# The chunk functions come with a plain `import sudokit` (`sudokit.chunks.solve_lines`), as
# python.md shows them; after the native names, which they use.
from . import chunks  # noqa: E402  (isort: skip)

__all__ = [
    "INVALID",
    "MULTIPLE",
    "NONE",
    "TIMEOUT",
    "UNIQUE",
    "Conflict",
    "Explanation",
    "Hint",
    "Mistake",
    "RateResult",
    "SolveResult",
    "Step",
    "__version__",
    "canonical",
    "canonical_batch",
    "chunks",
    "count",
    "explain",
    "generate",
    "generate_array",
    "hint",
    "rate",
    "rate_batch",
    "read",
    "solve",
    "solve_array",
    "solve_batch",
    "transform",
    "write",
]
