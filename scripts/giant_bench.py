#!/usr/bin/env python3
"""Giant grids, ours beside CaDiCaL, Kissat, Glucose and MiniSat, in one run.

Two tables: (a) the files of a directory (`--files DIR`, e.g. the shared large puzzles;
read by `sudoku convert --to json`, so every format we read), and (b) random-holed grids.

For each side N and share of givens, builds `--seeds` instances from a seed: a solution
grid (the formula's pattern, then bands, rows inside bands, stacks, columns inside
stacks and digits shuffled), each cell kept with the given probability. Each instance is
solved by `sudoku solve --json --max-time T` (CPU time of the process: parsing
included; the limit is wall time) and by CaDiCaL 1.9.5 through PySAT on the reduced encoding (candidates the
givens rule out are dropped; every cell and every house-digit: at least one, at most one
pairwise, or by a sequential counter past 20M pairs), with a second call that blocks the first solution (uniqueness); its time is
solver time only (the encoding is built in Python and not counted). Prints medians and
timeouts per N x fill.

The SAT solvers: CaDiCaL 1.9.5, Glucose 4 and MiniSat 2.2 through PySAT (`pip install
python-sat`), Kissat as the binary of `pip install passagemath-kissat` (or any `kissat`
on PATH, or `--kissat PATH`), fed a DIMACS file of the same encoding; its time is the
CPU time of its two processes (solve, then solve with the first solution blocked),
parsing included. A solver missing is reported as such in its column.

`--copies K` runs each instance (file, random-holed grid) and K isomorphic copies of it
(`isomorphic_copy`: digits relabelled, rows and columns shuffled within bands and stacks,
bands and stacks shuffled, a transposition at random); each cell then gives the sum over
the copies answered and the time-outs. Single-instance timings of a CDCL solver are
luck, so compare engines on sums:

    target/bench-venv/bin/python scripts/giant_bench.py --sizes 36,49 --fills 42,50 \
        --seeds 2 --copies 3 --only CaDiCaL --timeout 10

`--before BINARY` adds another build of ours (e.g. main's, built in its own checkout) in
its own column, run right after ours on each instance; `--wall` adds the wall time of
each of ours beside its CPU time (the portfolio spends two cores, so both matter).
`--in-process` adds ours timed inside the process, as the SAT solvers' times are theirs
(`sudoku bench --mode answer`: one thread, the answer `solve` gives, without start-up,
reading or writing); on small grids the process's start-up (about 1.5 ms) is most of its
CPU time.
`--race` runs ours (not `--before`) with `--jobs 2`, which races two SAT solvers at the
hand-over; with `--before` the same binary it shows what the race gives:

    target/bench-venv/bin/python scripts/giant_bench.py --sizes 36,49 --fills 42 --seeds 3 \
        --race --before target/release/sudoku --wall --only CaDiCaL --timeout 20

    python3 -m venv target/bench-venv
    target/bench-venv/bin/pip install python-sat passagemath-kissat
    cargo build --release
    target/bench-venv/bin/python scripts/giant_bench.py                  # short: minutes
    target/bench-venv/bin/python scripts/giant_bench.py --files ../shared/data/large \
        --sizes 16,25,36,49,64,81,100 --fills 30,42,50,60,70 --seeds 3 --timeout 60

`--scramble K` trades K cycles of cells between two rows of one band in each solution grid
before the holes are cut (`scrambled`): still a valid grid, but no longer a formula grid,
which `sudoku solve` recognises and answers without search from 36x36 up (the linear
formula fit). With it the random-holed rows measure the search and the SAT engines, as
they did before the fit:

    target/bench-venv/bin/python scripts/giant_bench.py --sizes 36,49,64 --fills 42,50 \
        --scramble 20 --only CaDiCaL --timeout 60

`--searched P` takes, instead of formula grids, our own answers to P% of the cells as
random digits (`searched_solution`). From about 5% the search makes them, and once holed
neither the formula fit nor the product family recognises them, so the rows measure the
searches on grids with no structure to find, as the rows of `--scramble` did before the
product family took those (below that the product family answers the random digits, and
then the holed grid too: 36x36 at 50% from 3% in 9 ms):

    target/bench-venv/bin/python scripts/giant_bench.py --sizes 36,49 --fills 42,50 \
        --searched 10 --only CaDiCaL --timeout 30

Table (c), `--hard 25,36`: puzzles made by SAT-proven removal (`hard_puzzle`), one per
seed string `hard-N-K` (K from `--seed` on, `--seeds` of them), with the givens, the
CPU time of the build and the givens kept because a proof ran past `--hard-budget`
conflicts; `--save DIR` writes them as `hard-N-K.txt` (testdata/large holds three):

    target/bench-venv/bin/python scripts/giant_bench.py --hard 25 --seeds 3 \
        --hard-budget 1000 --only CaDiCaL --timeout 60 --save testdata/large
"""
import argparse
import json
import math
import os
import random
import resource
import shutil
import sys
import statistics
import subprocess
import tempfile
import time


def shuffled_lines(b, rng):
    """An order of the b*b lines of a side: bands shuffled, lines shuffled inside each band."""
    bands = list(range(b))
    rng.shuffle(bands)
    out = []
    for g in bands:
        inner = list(range(g * b, (g + 1) * b))
        rng.shuffle(inner)
        out += inner
    return out


def solution_grid(n, rng):
    b = math.isqrt(n)
    assert b * b == n, "square boxes only"
    base = [[((r % b) * b + r // b + c) % n for c in range(n)] for r in range(n)]

    rows, cols = shuffled_lines(b, rng), shuffled_lines(b, rng)
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    return [[digits[base[rows[r]][cols[c]]] for c in range(n)] for r in range(n)]


def isomorphic_copy(grid, rng):
    """The same puzzle renamed: digits relabelled, rows shuffled within bands and bands
    among themselves, the same for columns and stacks, transposed half the time. A CDCL
    solver's path (and so its time) moves by 2x or more under any such renaming, so
    `--copies` sums over copies rather than trusting one instance."""
    n = len(grid)
    b = math.isqrt(n)
    assert b * b == n, "square boxes only"

    rows, cols = shuffled_lines(b, rng), shuffled_lines(b, rng)
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    src = [list(col) for col in zip(*grid)] if rng.random() < 0.5 else grid
    return [[digits[v - 1] if (v := src[r][c]) else 0 for c in cols] for r in rows]


def with_copies(grid, k, name):
    """`grid` then `k` isomorphic copies of it, from a seed named after the instance (a
    grid without square boxes: itself only)."""
    if math.isqrt(len(grid)) ** 2 != len(grid):
        return [grid]
    rng = random.Random(f"copies-{name}")
    return [grid] + [isomorphic_copy(grid, rng) for _ in range(k)]


def scrambled(sol, rng, k):
    """`sol` with `k` trades: two rows of one band swap their cells in a set of columns
    that holds the same digits in both (a cycle of the map "column of row r1 that holds
    what row r2 has here"). Every house keeps one of each; the grid stops being a formula
    grid after the first."""
    n = len(sol)
    b = math.isqrt(n)
    g = [row[:] for row in sol]
    for _ in range(k):
        band = rng.randrange(b)
        r1, r2 = rng.sample(range(band * b, band * b + b), 2)
        where = {v: c for c, v in enumerate(g[r1])}
        start = rng.randrange(n)
        cycle, c = [], start
        while True:
            cycle.append(c)
            c = where[g[r2][c]]
            if c == start:
                break
        if len(cycle) == n:
            continue
        for c in cycle:
            g[r1][c], g[r2][c] = g[r2][c], g[r1][c]
    return g


def random_digits(n, k, rng):
    """An empty n x n grid (square boxes) with k digits at random, none clashing."""
    b = math.isqrt(n)
    g = [[0] * n for _ in range(n)]
    used = set()
    placed = 0
    while placed < k:
        r, c, d = rng.randrange(n), rng.randrange(n), rng.randrange(1, n + 1)
        keys = [("r", r, d), ("c", c, d), ("b", r // b * b + c // b, d)]
        if g[r][c] or any(key in used for key in keys):
            continue
        g[r][c] = d
        used.update(keys)
        placed += 1
    return g


def searched_solution(binary, n, share, rng):
    """A solution grid that is no formula grid and no product of small squares: our own
    answer to `share` of the cells as random digits, which the search fills (new digits
    while they have no solution)."""
    for _ in range(10):
        path = temp_grid(random_digits(n, max(1, round(share * n * n)), rng))
        try:
            p = subprocess.run([binary, "solve", "--json", "--max-time", "120", path], capture_output=True, text=True)
        finally:
            os.unlink(path)
        if p.stdout:
            r = json.loads(p.stdout.splitlines()[0])
            if r.get("solutions"):
                return r["solutions"][0]
    raise SystemExit(f"no {n}x{n} solution from random digits in ten tries")


def holed(sol, fill, rng):
    return [[v if rng.random() < fill else 0 for v in row] for row in sol]


def ours(binary, grid, timeout, extra, label):
    """Ours on `grid`, written to a temporary file: `ours_file`."""
    path = temp_grid(grid)
    try:
        return ours_file(binary, path, timeout, extra, label)
    finally:
        os.unlink(path)


MAX_CLAUSES = 20_000_000
# Wall time of the last run of each of our columns (the tables show CPU time; with
# `--wall` a "wall" column of each follows, since the portfolio spends two cores).
WALL = {}
PYSAT = {"CaDiCaL": "cadical195", "Glucose": "glucose4", "MiniSat": "minisat22"}


def ours_file(binary, path, timeout, extra, label):
    """Ours on a file as it is (its own format, parsing included), with `extra` arguments;
    its wall time goes to `WALL[label]`. CPU time of the process (parsing included), as
    CaDiCaL's is its solver's CPU time: on a loaded machine wall time says more about the
    neighbours."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        p = subprocess.run(
            [binary, "solve", "--json", "--max-time", str(timeout), path, *extra],
            capture_output=True,
            text=True,
            timeout=timeout * 1.5 + 5,
        )
    except subprocess.TimeoutExpired:
        return None, "timeout"
    WALL[label] = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    dt = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    status = json.loads(p.stdout.splitlines()[0])["status"] if p.stdout else "error"
    return (None if status == "timeout" else dt), status


def ours_in_process(binary, path, timeout):
    """Ours inside the process, as the SAT solvers' times are theirs: the time
    `sudoku bench --mode answer` (one thread, `solve`'s answer) gives the puzzle of `path`,
    without start-up, reading or writing; None past `timeout`."""
    try:
        p = subprocess.run(
            [binary, "bench", "--json", "--mode", "answer", "--max-time", str(timeout), path],
            capture_output=True,
            text=True,
            timeout=timeout * 1.5 + 5,
        )
    except subprocess.TimeoutExpired:
        return None
    if not p.stdout:
        return None
    r = json.loads(p.stdout.splitlines()[0])
    return None if r["timeouts"] else r["seconds"]


def cadical(grid, timeout):
    return sat(grid, timeout, "cadical195")


def sat(grid, timeout, name):
    """CaDiCaL in a child process (PySAT's CaDiCaL can't be interrupted): the child
    says when the encoding is built, then gets `timeout` seconds to answer."""
    import multiprocessing as mp

    # A pipe, not a queue: a queue's feeder thread would wait for the GIL, which the
    # solver holds, so "encoded" would only arrive with the answer.
    recv, send = mp.Pipe(duplex=False)
    p = mp.Process(target=_cadical_child, args=(grid, send, name))
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


def _cadical_child(grid, conn, name):
    conn.send(_cadical(grid, conn, name))


def encode(grid, with_vars=False, counters=None):
    """The reduced encoding: (clauses, number of variables), or a verdict string when the
    givens already leave a cell or a house-digit with no place. `with_vars`: (clauses,
    {(row, column, digit): variable}) instead. `counters`: sequential counters for the
    at-most-ones of more than six members (None: only past MAX_CLAUSES pairs)."""
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
    # Past MAX_CLAUSES pairs (sparse grids from 81x81 up), each at-most-one of more than
    # six members is a sequential counter instead: three clauses a member. Past
    # MAX_CLAUSES even so (the few-clue 400x400 files), the solvers get "too big".
    pairs = counted = 0
    for r in range(n):
        for c in range(n):
            if not grid[r][c]:
                k = n - len(rows[r] | cols[c] | boxes[(r // b) * b + c // b])
                pairs += 4 * k * (k - 1) // 2
                counted += 4 * 3 * k
    if counters is None:
        counters = pairs > MAX_CLAUSES
    if counters and counted > MAX_CLAUSES:
        return "too big"
    var = {}
    clauses = []
    nvars = [0]

    def fresh():
        nvars[0] += 1
        return nvars[0]

    def x(r, c, d):
        k = (r, c, d)
        if k not in var:
            var[k] = fresh()
        return var[k]

    def at_most_one(lits):
        if not counters or len(lits) <= 6:
            clauses.extend([-lits[i], -lits[j]] for i in range(len(lits)) for j in range(i + 1, len(lits)))
            return
        # s[i]: one of lits[0..=i] is true.
        s = [fresh() for _ in lits[:-1]]
        clauses.append([-lits[0], s[0]])
        for i in range(1, len(lits) - 1):
            clauses.extend([[-lits[i], s[i]], [-s[i - 1], s[i]], [-lits[i], -s[i - 1]]])
        clauses.append([-lits[-1], -s[-1]])

    houses = {}
    for r in range(n):
        for c in range(n):
            v = grid[r][c]
            if v:
                continue
            used = rows[r] | cols[c] | boxes[(r // b) * b + c // b]
            ds = [d for d in range(1, n + 1) if d not in used]
            if not ds:
                return "none"
            lits = [x(r, c, d) for d in ds]
            clauses.append(lits)
            at_most_one(lits)
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
                return "none"
            clauses.append(lits)
            at_most_one(lits)
    return (clauses, var) if with_vars else (clauses, nvars[0])


def _cadical(grid, q, name):
    from pysat.solvers import Solver

    enc = encode(grid)
    if isinstance(enc, str):
        q.send("encoded")
        return (None if enc == "too big" else 0.0), enc
    clauses, _ = enc
    with Solver(name=name, bootstrap_with=clauses) as s:
        q.send("encoded")
        t = time.process_time()
        if not s.solve():
            return time.process_time() - t, "none"
        model = [l for l in s.get_model() if l > 0]
        s.add_clause([-l for l in model])
        second = s.solve()
        return time.process_time() - t, "multiple" if second else "unique"


def kissat_path(flag):
    if flag:
        return flag
    here = os.path.join(os.path.dirname(sys.executable), "..", "lib")
    for root, _, files in os.walk(here):
        if "kissat" in files and root.endswith(os.path.join("sage_wheels", "bin")):
            return os.path.join(root, "kissat")
    return shutil.which("kissat")


def kissat(binary, grid, timeout):
    """Kissat on a DIMACS file: solve, then solve again with the model blocked."""
    enc = encode(grid)
    if isinstance(enc, str):
        return (None if enc == "too big" else 0.0), enc
    clauses, nvars = enc
    spent = 0.0
    model = None
    for _ in range(2):
        with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as f:
            extra = [[-l for l in model]] if model else []
            f.write(f"p cnf {nvars} {len(clauses) + len(extra)}\n")
            for c in clauses + extra:
                f.write(" ".join(map(str, c)) + " 0\n")
            path = f.name
        try:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            try:
                p = subprocess.run(
                    [binary, "-q", f"--time={max(1, int(timeout - spent))}", path],
                    capture_output=True,
                    text=True,
                    timeout=timeout - spent + 5,
                )
            except subprocess.TimeoutExpired:
                return None, "timeout"
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            spent += (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        finally:
            os.unlink(path)
        if p.returncode == 20:
            return spent, "none" if model is None else "unique"
        if p.returncode != 10:
            return None, "timeout"
        if model is not None:
            return spent, "multiple"
        model = [
            int(t)
            for line in p.stdout.splitlines()
            if line.startswith("v ")
            for t in line[2:].split()
            if int(t) > 0
        ]
    return None, "error"


def hard_puzzle(n, rng, budget):
    """A hard puzzle by SAT-proven removal: a shuffled solved grid, its cells visited in a
    random order, a cell's given removed only when CaDiCaL proves the puzzle without it
    still unique (so every intermediate puzzle is unique).

    One incremental CaDiCaL holds the rules of the empty grid (the same clauses as
    `encode`: every cell and every house-digit at least one, at most one pairwise) and one
    clause that blocks the known solution; each test solves under the givens left as
    assumptions, so unsatisfiable means no solution other than ours. (The givens as
    assumptions reduce the formula by propagation to what `encode` builds; learned clauses
    carry over from test to test. One fresh encoding per test took over 2 min of CPU
    for one 25x25 puzzle without finishing it.) A test that runs past `budget` conflicts
    keeps its given: a conflict budget, not a time limit, so the same seed makes the same
    puzzle on any machine. Returns (puzzle, solution, givens kept by the budget)."""
    from pysat.solvers import Solver

    sol = solution_grid(n, rng)
    empty = [[0] * n for _ in range(n)]
    clauses, var = encode(empty, with_vars=True)
    lit = {(r, c): var[(r, c, sol[r][c])] for r in range(n) for c in range(n)}
    grid = [row[:] for row in sol]
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    given = set(cells)
    over_budget = 0
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        del clauses
        s.add_clause([-v for v in lit.values()])
        for i, cell in enumerate(cells):
            if i % 100 == 0:
                print(f"# {n}x{n}: {i}/{len(cells)} cells tried, {len(given)} givens", file=sys.stderr, flush=True)
            given.discard(cell)
            s.conf_budget(budget)
            answer = s.solve_limited(assumptions=[lit[g] for g in given])
            if answer is None:
                over_budget += 1
            if answer is False:
                grid[cell[0]][cell[1]] = 0
            else:
                given.add(cell)
    return grid, sol, over_budget


def write_grid(path, grid):
    with open(path, "w") as f:
        f.write("\n".join(" ".join(map(str, row)) for row in grid) + "\n")


def temp_grid(grid):
    """The path of a new temporary file holding `grid` (`write_grid`); the caller removes it."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        path = f.name
    write_grid(path, grid)
    return path


def median(times):
    done = [t for t in times if t is not None]
    return seconds(statistics.median(done)) if done else "—"


def seconds(t):
    """Three decimals, or five under 10 ms (where the solvers' and ours in process differ)."""
    return f"{t:.3f}" if t >= 0.01 else f"{t:.5f}"


def file_grid(binary, path):
    p = subprocess.run([binary, "convert", "--to", "json", path], capture_output=True, text=True)
    if p.returncode != 0 or not p.stdout:
        return None
    return json.loads(p.stdout.splitlines()[0])["grid"]


def solvers(a):
    """(name, function(grid) -> (seconds or None, verdict)) for each solver asked for."""
    out = [("ours", None)]
    if a.before:
        out.append(("before", None))
    if a.in_process:
        out.append(("ours in process", "in process"))
    if a.wall:
        out += [("ours wall", "wall")] + ([("before wall", "wall")] if a.before else [])
    if a.no_sat:
        return out
    try:
        import pysat.solvers  # noqa: F401

        for name, key in PYSAT.items():
            out.append((name, lambda g, t, k=key: sat(g, t, k)))
    except ImportError:
        print("# PySAT missing (pip install python-sat): CaDiCaL, Glucose, MiniSat left out")
    kb = kissat_path(a.kissat)
    if kb:
        out.insert(2, ("Kissat", lambda g, t: kissat(kb, g, t)))
    else:
        print("# kissat missing (pip install passagemath-kissat): Kissat left out")
    return out


def cell(times, total, summed=False):
    to = sum(t is None for t in times)
    if summed:
        done = [t for t in times if t is not None]
        return (seconds(sum(done)) if done else "—") + (f" +{to} TO" if to else "")
    return f"{median(times)}" + (f" ({to}/{total} TO)" if to else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", help="a directory of puzzle files: table (a)")
    ap.add_argument("--sizes", help="table (b): sides (default 16,25,36 unless --files or --hard)")
    ap.add_argument("--fills", default="30,42,50,60,70")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument(
        "--scramble", type=int, default=0, help="trades a solution grid takes before its holes (not a formula grid then)"
    )
    ap.add_argument(
        "--searched",
        type=float,
        default=0,
        help="solution grids are ours for this percentage of random digits (5 and up: no formula or product grids)",
    )
    ap.add_argument("--binary", default="target/release/sudoku")
    ap.add_argument("--kissat", help="the kissat binary (default: passagemath-kissat's, or PATH)")
    ap.add_argument("--no-sat", action="store_true", help="ours only")
    ap.add_argument("--only", help="solvers to run beside ours, e.g. CaDiCaL (default: all)")
    ap.add_argument("--hard", help="table (c): sides of hard puzzles made by SAT-proven removal")
    ap.add_argument(
        "--hard-budget",
        type=int,
        default=100_000,
        help="conflicts one uniqueness proof may take while building (past it the given stays)",
    )
    ap.add_argument("--save", help="a directory to write the hard puzzles to (hard-N-SEED.txt)")
    ap.add_argument("--before", help="another build of ours (e.g. main's), in its own column")
    ap.add_argument("--wall", action="store_true", help="also our wall times")
    ap.add_argument("--race", action="store_true", help="ours with --jobs 2 (two SAT solvers)")
    ap.add_argument(
        "--in-process",
        action="store_true",
        help="also ours timed inside the process (`sudoku bench`), as the SAT solvers are",
    )
    ap.add_argument(
        "--copies",
        type=int,
        default=0,
        help="also run K isomorphic copies of each instance; cells then give sums and time-outs",
    )
    a = ap.parse_args()
    if a.sizes is None:
        a.sizes = "" if a.files or a.hard else "16,25,36"
    if any(int(n) < 4 for n in a.sizes.split(",") if n):
        # `--sizes 0` once meant "none" to a user and gave rows of errors instead.
        ap.error("--sizes: sides of 4 and up (leave it out, or give '', for no random-holed table)")
    sv = solvers(a)
    if a.only:
        keep = set(a.only.split(","))
        sv = [(n, f) for n, f in sv if f in (None, "wall", "in process") or n in keep]
    names = [n for n, _ in sv]

    def run_all(g, runs, verdicts, path=None):
        vs = []
        for name, fn in sv:
            if fn == "wall":
                of = name.split()[0]
                timed = runs[of][-1] is not None
                runs[name].append(WALL.get(of) if timed else None)
                continue
            if fn == "in process":
                file = path if path is not None else temp_grid(g)
                try:
                    runs[name].append(ours_in_process(a.binary, file, a.timeout))
                finally:
                    if path is None:
                        os.unlink(file)
                continue
            if fn is None:
                binary = a.binary if name == "ours" else a.before
                extra = ["--jobs", "2"] if a.race and name == "ours" else []
                if path is None:
                    t, v = ours(binary, g, a.timeout, extra, name)
                else:
                    t, v = ours_file(binary, path, a.timeout, extra, name)
            else:
                t, v = fn(g, a.timeout)
            runs[name].append(t)
            vs.append(v)
        done = {v for v in vs if v not in ("timeout", "error", "too big")}
        verdicts.append("/".join(vs) + (" DISAGREE" if len(done) > 1 else ""))

    judged = "/".join(n for n, f in sv if f not in ("wall", "in process"))
    head = "| " + " | ".join(f"{n} s" for n in names) + f" | verdicts ({judged}) |"
    rule = "|" + "---:|" * len(names) + "---|"
    if a.files:
        print("\n(a) files, seconds (TO = over %gs)\n" % a.timeout)
        print("| file | givens " + head)
        print("|---|---:" + rule)
        for f in sorted(os.listdir(a.files)):
            path = os.path.join(a.files, f)
            if not f.endswith(".txt"):
                continue
            g = file_grid(a.binary, path)
            if g is None:
                print(f"| {f} | unreadable |")
                continue
            runs = {n: [] for n in names}
            verdicts = []
            run_all(g, runs, verdicts, path)
            for h in with_copies(g, a.copies, f)[1:]:
                run_all(h, runs, verdicts)
            givens = sum(v != 0 for row in g for v in row)
            print(
                f"| {f} | {givens} | "
                + " | ".join(cell(runs[n], 1, a.copies > 0) for n in names)
                + f" | {', '.join(sorted(set(verdicts)))} |",
                flush=True,
            )
    if a.sizes:
        print("\n(b) random-holed, medians of %d seeds, seconds (TO = over %gs)\n" % (a.seeds, a.timeout))
        print("| N | givens " + head)
        print("|---|---:" + rule)
        for n in map(int, a.sizes.split(",")):
            for fill in map(int, a.fills.split(",")):
                runs = {nm: [] for nm in names}
                verdicts = []
                for k in range(a.seeds):
                    rng = random.Random(a.seed * 1_000_003 + n * 1000 + fill * 10 + k)
                    if a.searched:
                        # Its own stream: the holes below stay those of the same seed.
                        srng = random.Random(f"searched-{a.seed}-{n}-{fill}-{k}")
                        sol = searched_solution(a.binary, n, a.searched / 100, srng)
                    else:
                        sol = solution_grid(n, rng)
                    if a.scramble:
                        sol = scrambled(sol, random.Random(f"scramble-{n}-{fill}-{k}"), a.scramble)
                    g = holed(sol, fill / 100, rng)
                    for h in with_copies(g, a.copies, f"{n}-{fill}-{k}"):
                        run_all(h, runs, verdicts)
                print(
                    f"| {n} | {fill}% | "
                    + " | ".join(cell(runs[nm], a.seeds, a.copies > 0) for nm in names)
                    + f" | {', '.join(verdicts)} |",
                    flush=True,
                )
    if a.hard:
        print(
            "\n(c) hard puzzles by SAT-proven removal (CaDiCaL, at most %d conflicts a proof),"
            " seconds (TO = over %gs)\n" % (a.hard_budget, a.timeout)
        )
        print("| N | seed | givens | build s | kept by budget " + head)
        print("|---|---:|---:|---:|---:" + rule)
        for n in map(int, a.hard.split(",")):
            for k in range(a.seeds):
                name = f"hard-{n}-{a.seed + k}"
                # A string seed: the same puzzle from the same name, whatever the Python.
                t = time.process_time()
                g, _, over = hard_puzzle(n, random.Random(name), a.hard_budget)
                build = time.process_time() - t
                if a.save:
                    write_grid(os.path.join(a.save, name + ".txt"), g)
                runs = {nm: [] for nm in names}
                verdicts = []
                run_all(g, runs, verdicts)
                givens = sum(v != 0 for row in g for v in row)
                print(
                    f"| {n} | {name} | {givens} ({100 * givens / n / n:.0f}%) | {build:.1f} | {over} | "
                    + " | ".join(cell(runs[nm], 1) for nm in names)
                    + f" | {verdicts[0]} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
