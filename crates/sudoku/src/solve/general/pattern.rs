//! Solutions of the empty grid by a formula, and the patterns that give sparse grids a
//! first phase: no search.

use super::Search;
use crate::grid::Grid;
use crate::index::{Cell, Digit};

/// The solution of the empty grid given by a formula: row `r` is the first row shifted by
/// `(r mod br)·bc + r div br` places. Every row is a shift, so rows hold every digit; a
/// column steps through `(r mod br)·bc + r div br`, which takes each value below `n` once;
/// a box's rows are shifts by `bc` of each other (plus a band constant), so it holds `n`
/// consecutive values. Digits are 1-based, relabelled by `perm` (0-based, `perm[d]`).
pub(super) fn pattern_values(shape: crate::Shape, perm: &[u16]) -> Vec<u16> {
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let mut v = vec![0u16; n * n];
    for r in 0..n {
        let shift = (r % br) * bc + r / br;
        for c in 0..n {
            v[r * n + c] = perm[(shift + c) % n] + 1;
        }
    }
    v
}

/// The formula's solution of the empty grid (digits 1-based, row by row): the start of
/// big random solution grids.
pub fn pattern_solution(shape: crate::Shape) -> Vec<u16> {
    pattern_values(shape, &(0..shape.side() as u16).collect::<Vec<_>>())
}

/// Permutation number `i` of `0..n` (factorial number system), so that different `i`
/// below `n!` give different permutations.
fn nth_permutation(n: usize, mut i: u128) -> Vec<u16> {
    let mut left: Vec<u16> = (0..n as u16).collect();
    let mut out = Vec::with_capacity(n);
    for k in (1..=n).rev() {
        let j = (i % k as u128) as usize;
        i /= k as u128;
        out.push(left.remove(j));
    }
    out
}

/// The pattern solution relabelled to agree with as many of `grid`'s digits as a greedy
/// matching of pattern digits to given digits allows: the phase of a sparse grid.
pub(super) fn agreeing_pattern(grid: &Grid) -> Vec<u16> {
    let shape = grid.shape();
    let n = shape.side();
    let base = pattern_values(shape, &(0..n as u16).collect::<Vec<_>>());
    let mut votes = vec![0u32; n * n];
    for (i, &v) in grid.values().iter().enumerate() {
        if v != 0 {
            votes[(base[i] as usize - 1) * n + v as usize - 1] += 1;
        }
    }
    let mut pairs: Vec<(u32, usize)> = (0..n * n)
        .filter(|&k| votes[k] > 0)
        .map(|k| (votes[k], k))
        .collect();
    pairs.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut perm = vec![u16::MAX; n];
    let mut used = vec![false; n];
    for (_, k) in pairs {
        let (p, d) = (k / n, k % n);
        if perm[p] == u16::MAX && !used[d] {
            perm[p] = d as u16;
            used[d] = true;
        }
    }
    let mut free = (0..n).filter(|&d| !used[d]);
    for p in perm.iter_mut().filter(|p| **p == u16::MAX) {
        *p = free.next().expect("as many digits as pattern digits") as u16;
    }
    pattern_values(shape, &perm)
}

/// The empty grid of side 16 and up: more solutions than any count can ask, so the count is
/// the limit and the solutions kept are relabelled patterns, all different.
pub(super) fn empty_grid(grid: &Grid, limit: usize, keep: usize) -> Search {
    let shape = grid.shape();
    let n = shape.side();
    let keep = keep.min(limit);
    let solutions = (0..keep)
        .map(|i| {
            let v = pattern_values(shape, &nth_permutation(n, i as u128));
            let values: Vec<usize> = v.iter().map(|&x| x as usize).collect();
            let mut g = Grid::from_values(shape, &values).expect("pattern digits in range");
            for c in Cell::all(shape) {
                g.set(c, Digit::try_new(values[c.index()], shape));
            }
            g
        })
        .collect();
    Search {
        count: limit,
        solutions,
        guesses: 0,
        stopped: false,
    }
}
