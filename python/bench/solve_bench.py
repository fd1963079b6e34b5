"""solve_batch and solve_array against `sudoku solve --to line --jobs J`, py-sudoku and
rustoku, in one run on the same puzzles.

    python python/bench/solve_bench.py PUZZLES [--n 20000] [--jobs 2] [--sudoku PATH]
        [--repeat 3] [--py-sudoku-sample 100]

PUZZLES is a file of one-line 9x9 puzzles (the 17-clue list, say). Every figure is the
best of --repeat runs of the whole job: for the CLI, the process reading the file and
writing the solutions; for sudokit, reading the lines in Python, the call, and taking the
solution strings (solve_batch) or building the array from the lines and the call
(solve_array; the call alone is shown too). py-sudoku is pure Python and slow: it is timed
on a sample and scaled. Libraries that are not installed are reported as such.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

import sudokit


CPU = {}


def cpu_now() -> float:
    """CPU seconds of this process and its finished children (user + system)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def best(fn, repeat):
    """The best wall time of `repeat` runs (and, in CPU[fn], the CPU time of that run:
    on a loaded machine wall times mean little, CPU times still compare the work)."""
    times = []
    out = None
    for _ in range(repeat):
        c0, t0 = cpu_now(), time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0, cpu_now() - c0))
    wall, cpu = min(times)
    CPU[fn] = cpu
    return wall, out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("puzzles")
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sudoku", default=shutil.which("sudoku") or "target/release/sudoku")
    ap.add_argument("--py-sudoku-sample", type=int, default=100)
    args = ap.parse_args()

    with open(args.puzzles) as f:
        lines = [line.strip() for line in f if line.strip()][: args.n]
    n = len(lines)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as tmp:
        tmp.write("\n".join(lines) + "\n")
        path = tmp.name
    print(f"{n} puzzles from {args.puzzles}, jobs={args.jobs}, best of {args.repeat}")
    rows = []

    last = {}

    def row(name, seconds, count=n, note=""):
        rows.append((name, seconds, count, note))
        per = seconds / count * 1e6
        cpu = CPU.get(last.get("fn"), float("nan"))
        print(
            f"  {name:<46} {seconds:8.3f} s wall {cpu:8.3f} s cpu {per:10.2f} us/puzzle  {note}",
            flush=True,
        )

    def timed(fn, repeat=args.repeat):
        last["fn"] = fn
        return best(fn, repeat)

    # The CLI: a process reading the file, solving on J threads, writing lines.
    def cli():
        r = subprocess.run(
            [args.sudoku, "solve", "--to", "line", "--jobs", str(args.jobs), path],
            stdout=subprocess.PIPE,
            check=False,
        )
        return r.stdout

    t_cli, out = timed(cli)
    cli_solutions = out.decode().split()
    row(f"sudoku solve --to line --jobs {args.jobs}", t_cli)

    def batch():
        with open(path) as f:
            ps = f.read().split()
        return [r.solution for r in sudokit.solve_batch(ps, jobs=args.jobs)]

    t_batch, sols = timed(batch)
    assert sols == cli_solutions, "solve_batch and the CLI disagree"
    row(f"sudokit.solve_batch(jobs={args.jobs})", t_batch, note=f"{t_batch / t_cli:.2f}x the CLI")

    # One thread each: the same comparison without the scheduler's say.
    def cli1():
        return subprocess.run(
            [args.sudoku, "solve", "--to", "line", "--jobs", "1", path],
            stdout=subprocess.PIPE,
            check=False,
        ).stdout

    t_cli1, _ = timed(cli1)
    row("sudoku solve --to line --jobs 1", t_cli1)

    def batch1():
        with open(path) as f:
            ps = f.read().split()
        return [r.solution for r in sudokit.solve_batch(ps, jobs=1)]

    t_b1, _ = timed(batch1)
    row("sudokit.solve_batch(jobs=1)", t_b1, note=f"{t_b1 / t_cli1:.2f}x the CLI")

    def to_array(ps):
        raw = np.frombuffer("".join(ps).encode(), dtype=np.uint8).reshape(len(ps), 81)
        return np.where(raw == ord("."), 0, raw - ord("0")).astype(np.uint8)

    a = to_array(lines)

    def array_whole():
        with open(path) as f:
            ps = f.read().split()
        return sudokit.solve_array(to_array(ps), jobs=args.jobs)

    t_arr_whole, (sol, status) = timed(array_whole)
    assert (status == sudokit.UNIQUE).all()
    got = ["".join(map(str, r)) for r in sol[:100]]
    assert got == cli_solutions[:100], "solve_array and the CLI disagree"
    row(f"sudokit.solve_array(jobs={args.jobs}) + conversion", t_arr_whole, note=f"{t_arr_whole / t_cli:.2f}x the CLI")
    t_arr, _ = timed(lambda: sudokit.solve_array(a, jobs=args.jobs))
    row(f"sudokit.solve_array(jobs={args.jobs}), call only", t_arr, note=f"{t_arr / t_batch:.2f}x solve_batch")
    t_all, _ = timed(lambda: sudokit.solve_array(a))
    row(f"sudokit.solve_array(jobs=0: {os.cpu_count()} cores)", t_all)

    try:
        import rustoku
    except ImportError:
        print("  rustoku: not installed (pip install rustoku)")
    else:
        t_r, rs = timed(lambda: [rustoku.solve(p) for p in lines])
        assert rs == cli_solutions, "rustoku disagrees"
        row("rustoku.solve, one thread (no batch API)", t_r)

    try:
        from sudoku import Sudoku
    except ImportError:
        print("  py-sudoku: not installed (pip install py-sudoku)")
    else:
        sample = lines[: args.py_sudoku_sample]

        def pysudoku():
            out = []
            for p in sample:
                board = [[int(c) if c != "." else 0 for c in p[r * 9 : r * 9 + 9]] for r in range(9)]
                s = Sudoku(3, 3, board=board).solve()
                out.append("".join(str(v) for r in s.board for v in r))
            return out

        t_p, ps = timed(pysudoku, 1)
        wrong = sum(a != b for a, b in zip(ps, cli_solutions))
        row(
            "py-sudoku Sudoku.solve, sampled",
            t_p,
            count=len(sample),
            note=f"{len(sample)} puzzles; {t_p / len(sample) * n:.0f} s for all {n}; {wrong} differ",
        )
    os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
