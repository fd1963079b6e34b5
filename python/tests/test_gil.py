"""The GIL is released during native work: other Python threads run meanwhile, and two
threads can solve at once."""

from __future__ import annotations

import threading

import numpy as np

import sudokit


def test_other_threads_run_during_a_batch(hard):
    work = hard * 20
    ticks = 0
    stop = threading.Event()

    def spin():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1

    t = threading.Thread(target=spin)
    t.start()
    try:
        # The spinner gets going before the call, then must keep ticking inside it: with the
        # GIL held through the call it could not run a single bytecode until the call ended.
        while ticks == 0:
            pass
        before = ticks
        results = sudokit.solve_batch(work, jobs=1)
        during = ticks - before
    finally:
        stop.set()
        t.join()
    assert all(r.status == "unique" for r in results)
    assert during > 0


def test_two_threads_at_once(hard):
    want = [r.solution for r in sudokit.solve_batch(hard)]
    out: dict[int, list] = {}
    barrier = threading.Barrier(2)

    def run(i):
        barrier.wait()
        if i == 0:
            out[i] = [r.solution for r in sudokit.solve_batch(hard * 5, jobs=1)][: len(hard)]
        else:
            sol, _ = sudokit.solve_array(
                np.array(
                    [[0 if c == "." else int(c) for c in p] for p in hard * 5], dtype="uint8"
                ),
                jobs=1,
            )
            out[i] = ["".join(map(str, r)) for r in sol[: len(hard)]]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out[0] == out[1] == want
