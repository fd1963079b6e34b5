#!/usr/bin/env python3
"""Random-holed N x N grids, ours beside CaDiCaL (PySAT), in one run.

For each side N and share of givens, builds `--seeds` instances from a seed: a solution
grid (the formula's pattern, then bands, rows inside bands, stacks, columns inside
stacks and digits shuffled), each cell kept with the given probability. Each instance is
solved by `sudoku solve --json --max-time T` (CPU time of the process: parsing
included; the limit is wall time) and by CaDiCaL 1.9.5 through PySAT on the reduced encoding (candidates the
givens rule out are dropped; every cell and every house-digit: at least one, at most one
pairwise), with a second call that blocks the first solution (uniqueness); its time is
solver time only (the encoding is built in Python and not counted). Prints medians and
timeouts per N x fill.

    pip install python-sat
    cargo build --release
    scripts/giant_bench.py --sizes 16,25,36,49,64 --fills 30,42,50,60,70 --seeds 3 --timeout 30
"""
import argparse
import json
import math
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time


def solution_grid(n, rng):
    b = math.isqrt(n)
    assert b * b == n, "square boxes only"
    base = [[((r % b) * b + r // b + c) % n for c in range(n)] for r in range(n)]

    def order():
        bands = list(range(b))
        rng.shuffle(bands)
        out = []
        for g in bands:
            inner = list(range(g * b, (g + 1) * b))
            rng.shuffle(inner)
            out += inner
        return out

    rows, cols = order(), order()
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    return [[digits[base[rows[r]][cols[c]]] for c in range(n)] for r in range(n)]


def holed(sol, fill, rng):
    return [[v if rng.random() < fill else 0 for v in row] for row in sol]


def ours(binary, grid, timeout):
    n = len(grid)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(" ".join(map(str, row)) for row in grid) + "\n")
        path = f.name
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run(
            [binary, "solve", "--json", "--max-time", str(timeout), path],
            capture_output=True,
            text=True,
            timeout=timeout * 1.5 + 5,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        # CPU time of the process (parsing included), as CaDiCaL's is its solver's CPU
        # time: on a loaded machine wall time says more about the neighbours.
        dt = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        status = json.loads(p.stdout.splitlines()[0])["status"] if p.stdout else "error"
    finally:
        os.unlink(path)
    return (None if status == "timeout" else dt), status


def cadical(grid, timeout):
    """CaDiCaL in a child process (PySAT's CaDiCaL can't be interrupted): the child
    says when the encoding is built, then gets `timeout` seconds to answer."""
    import multiprocessing as mp

    # A pipe, not a queue: a queue's feeder thread would wait for the GIL, which the
    # solver holds, so "encoded" would only arrive with the answer.
    recv, send = mp.Pipe(duplex=False)
    p = mp.Process(target=_cadical_child, args=(grid, send))
    p.start()
    send.close()
    try:
        if not recv.poll(600):
            return None, "timeout"
        msg = recv.recv()
        if msg != "encoded":
            return msg
        if not recv.poll(timeout):
            return None, "timeout"
        return recv.recv()
    except EOFError:
        return None, "error"
    finally:
        if p.is_alive():
            p.kill()
        p.join()


def _cadical_child(grid, conn):
    conn.send(_cadical(grid, conn))


def _cadical(grid, q):
    from pysat.solvers import Solver

    n = len(grid)
    b = math.isqrt(n)
    cand = [[None] * n for _ in range(n)]
    rows = [set() for _ in range(n)]
    cols = [set() for _ in range(n)]
    boxes = [set() for _ in range(n)]
    for r in range(n):
        for c in range(n):
            v = grid[r][c]
            if v:
                rows[r].add(v)
                cols[c].add(v)
                boxes[(r // b) * b + c // b].add(v)
    var = {}
    clauses = []

    def x(r, c, d):
        k = (r, c, d)
        if k not in var:
            var[k] = len(var) + 1
        return var[k]

    houses = {}
    for r in range(n):
        for c in range(n):
            v = grid[r][c]
            if v:
                continue
            used = rows[r] | cols[c] | boxes[(r // b) * b + c // b]
            ds = [d for d in range(1, n + 1) if d not in used]
            if not ds:
                return 0.0, "none"
            lits = [x(r, c, d) for d in ds]
            clauses.append(lits)
            clauses += [[-lits[i], -lits[j]] for i in range(len(lits)) for j in range(i + 1, len(lits))]
            for d in ds:
                for h in (("r", r), ("c", c), ("b", (r // b) * b + c // b)):
                    houses.setdefault((h, d), []).append(x(r, c, d))
    placed = {("r", r): rows[r] for r in range(n)}
    placed.update({("c", c): cols[c] for c in range(n)})
    placed.update({("b", k): boxes[k] for k in range(n)})
    for h in placed:
        for d in range(1, n + 1):
            if d in placed[h]:
                continue
            lits = houses.get((h, d), [])
            if not lits:
                return 0.0, "none"
            clauses.append(lits)
            clauses += [[-lits[i], -lits[j]] for i in range(len(lits)) for j in range(i + 1, len(lits))]
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        q.send("encoded")
        t = time.process_time()
        if not s.solve():
            return time.process_time() - t, "none"
        model = [l for l in s.get_model() if l > 0]
        s.add_clause([-l for l in model])
        second = s.solve()
        return time.process_time() - t, "multiple" if second else "unique"


def median(times):
    done = [t for t in times if t is not None]
    return f"{statistics.median(done):.3f}" if done else "—"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="16,25,36,49,64")
    ap.add_argument("--fills", default="30,42,50,60,70")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--binary", default="target/release/sudoku")
    ap.add_argument("--no-sat", action="store_true", help="ours only")
    a = ap.parse_args()
    print("| N | givens | ours median s | ours TO | CaDiCaL median s | CaDiCaL TO | verdicts (ours/CaDiCaL) |")
    print("|---|---|---:|---:|---:|---:|---|")
    for n in map(int, a.sizes.split(",")):
        for fill in map(int, a.fills.split(",")):
            ot, ct, verdicts = [], [], []
            for k in range(a.seeds):
                rng = random.Random(a.seed * 1_000_003 + n * 1000 + fill * 10 + k)
                g = holed(solution_grid(n, rng), fill / 100, rng)
                t1, s1 = ours(a.binary, g, a.timeout)
                ot.append(t1)
                if a.no_sat:
                    t2, s2 = None, "-"
                else:
                    t2, s2 = cadical(g, a.timeout)
                ct.append(t2)
                verdicts.append(f"{s1}/{s2}")
                if "timeout" not in (s1, s2) and not a.no_sat and s1 != s2:
                    verdicts[-1] += " DISAGREE"
            print(
                f"| {n} | {fill}% | {median(ot)} | {sum(t is None for t in ot)}/{a.seeds} "
                f"| {median(ct)} | {sum(t is None for t in ct)}/{a.seeds} | {', '.join(verdicts)} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
