"""Ctrl-C ends a long call: the work runs with the GIL released, and the calling thread
looks for signals while it runs, so KeyboardInterrupt comes at once, not when the work is
done. `_thread.interrupt_main()` stands for Ctrl-C (SIGINT's handler raises in the main
thread)."""

from __future__ import annotations

import _thread
import threading
import time

import pytest

import sudokit
from conftest import TESTDATA

# A 25x25 with one given: its solutions come by the million a second, and there are far
# more than 10**12 (days of counting).
NEARLY_EMPTY = "1" + "." * 624
# A 25x25 minimal: its path takes tens of seconds (docs/giant-grids.md), its rating seconds.
MINIMAL_25 = (TESTDATA / "large" / "minimal-25-2.txt").read_text()

LONG_CALLS = {
    # Each would run a minute or more; max_time ends it anyway if the interrupt does not.
    "count": lambda: sudokit.count(NEARLY_EMPTY, limit=10**12, max_time=60),
    "explain": lambda: sudokit.explain(MINIMAL_25, max_time=60),
    "generate": lambda: sudokit.generate(10**6, seed=1, jobs=1, max_time=60),
    "rate_batch": lambda: sudokit.rate_batch([MINIMAL_25] * 20, jobs=1, max_time=60),
}


def seconds_to_interrupt(call) -> float:
    """Seconds from the start of `call` to its KeyboardInterrupt, the interrupt coming
    0.5 s in."""
    timer = threading.Timer(0.5, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        # A call that ended before the timer must not leave an interrupt behind.
        timer.cancel()
        timer.join()
    return time.monotonic() - start


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_interrupts_a_long_call(name):
    # Without the watch the interrupt waited for the call's end: a minute (max_time), or
    # until the work was done.
    assert seconds_to_interrupt(LONG_CALLS[name]) < 30
    # The next call is not interrupted: the flag was the last call's own.
    assert sudokit.count("." * 16, limit=1000) == 288
