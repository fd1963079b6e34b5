#!/usr/bin/env python3
"""Dev-time reference: rate puzzles with hodoku-py (a port of HoDoKu 2.2).

Not used by the build or the tests; it makes the reference files that
`examples/rate_bench.rs` compares against (testdata/rating/hodoku_*.txt).

    python3 -m venv venv && venv/bin/pip install hodoku-py
    venv/bin/python scripts/hodoku_ref.py FILE [EVERY] [LIMIT] > out.txt

Each input line's first 81-character puzzle (0 or . for empty) is rated; the
output line is `puzzle level score TECH:count,...` (HoDoKu's technique names).
"""
import re
import sys
from collections import Counter

from hodoku import Solver


def main():
    path = sys.argv[1]
    every = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 10**9
    solver = Solver()
    done = 0
    with open(path) as f:
        for i, line in enumerate(f):
            if i % every:
                continue
            m = re.search(r"[0-9.]{81}", line)
            if not m:
                continue
            p = m.group(0).replace("0", ".")
            r = solver.solve(p)
            counts = Counter(s.type.name for s in r.steps)
            techs = ",".join(f"{k}:{v}" for k, v in counts.items())
            level = r.level.name if r.solved else "UNSOLVED"
            print(p, level, r.score, techs, flush=True)
            done += 1
            if done >= limit:
                break


if __name__ == "__main__":
    main()
