"""The GIL is released during native work: other Python threads run meanwhile, and two
threads can solve at once."""

from __future__ import annotations

import sys
import threading
import time

import numpy as np

import sudokit


def ticks_during(call) -> int:
    """How often another Python thread ran a loop iteration while `call` ran.

    The interpreter's switch interval is made huge, so this thread never gives up the GIL
    by itself: the spinner runs only while this thread has released it (a native call
    that releases the GIL; the spinner's own sleep(0) hands it back each turn). A call
    that holds the GIL throughout lets the spinner tick not once.
    """
    ticks = 0
    stop = threading.Event()

    def spin():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    t = threading.Thread(target=spin)
    try:
        t.start()
        before = ticks
        call()
        during = ticks - before
    finally:
        stop.set()
        sys.setswitchinterval(old)
        t.join()
    return during


def test_other_threads_run_during_native_work(hard, clue17):
    # The control: pure Python holds the GIL, and the spinner never runs.
    assert ticks_during(lambda: sum(range(3_000_000))) == 0
    work = hard * 10
    a = to_array(work)
    assert ticks_during(lambda: sudokit.solve_batch(work, jobs=1)) > 0
    assert ticks_during(lambda: sudokit.solve_array(a, jobs=1)) > 0
    assert ticks_during(lambda: sudokit.rate_batch(hard[:4], jobs=1)) > 0
    assert ticks_during(lambda: sudokit.generate(20, seed=1, jobs=1)) > 0
    assert ticks_during(lambda: sudokit.canonical_batch(clue17 * 5, jobs=1)) > 0


def to_array(puzzles):
    return np.array([[0 if c == "." else int(c) for c in p] for p in puzzles], dtype=np.uint8)


def test_two_threads_at_once(hard):
    want = [r.solution for r in sudokit.solve_batch(hard)]
    out: dict[int, list] = {}
    barrier = threading.Barrier(2)

    def run(i):
        barrier.wait()
        if i == 0:
            out[i] = [r.solution for r in sudokit.solve_batch(hard * 5, jobs=1)][: len(hard)]
        else:
            sol, _ = sudokit.solve_array(to_array(hard * 5), jobs=1)
            out[i] = ["".join(map(str, r)) for r in sol[: len(hard)]]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out[0] == out[1] == want
