//! Givens a fitted grid misses, put in by trades of cells.
//!
//! A fit ([`product`](super::product)) may have to leave out a few givens that contradict
//! its family. The grid it builds is still a solution of every other given, and a valid
//! grid has trades that keep it valid: two rows of one band swapping their cells along a
//! cycle (the columns where each holds what the other holds elsewhere), or two columns of
//! one stack along a cycle of rows. To put digit `d` in cell `(r, c)`, take the `d` of
//! that cell's box, at `(r2, c2)`:
//!
//! ```text
//! row trade (r, r2) through c2, then column trade (c, c2) through r     (route A)
//! column trade (c, c2) through r2, then row trade (r, r2) through c     (route B)
//! ```
//!
//! (one trade when `r2 = r` or `c2 = c`). Each trade moves other cells too; the route
//! that puts out the fewest other givens is taken, and those it puts out are repaired in
//! turn, up to a bound. The caller checks the result.

use crate::shape::Shape;
use crate::stop::Stop;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Routes taken per given missed at the start (and at least this many).
const STEPS_PER_MISS: usize = 64;

/// Shakes tried before a route that puts out another given is taken.
const SHAKES: usize = 64;

/// A trade: cells (row-major) and the digits they take.
type Trade = Vec<(usize, usize)>;

/// One trade of a route: two rows (or columns) and the position on them its cycle goes
/// through, computed on the grid the trades before it left.
#[derive(Clone, Copy)]
struct Step {
    columns: bool,
    a: usize,
    b: usize,
    at: usize,
}

/// Makes `digits` (a valid grid, 0-based, row-major) agree with every given (`givens[i]`
/// the given digit 0-based, or `None`), by trades; `false` when the bound ran out or the
/// stop came first (`digits` is then still a valid grid).
pub(super) fn repair(
    digits: &mut [usize],
    givens: &[Option<usize>],
    shape: Shape,
    rng: &mut ChaCha8Rng,
    stop: &Stop,
) -> bool {
    let n = shape.side();
    let missed = |digits: &[usize]| -> Vec<usize> {
        (0..n * n)
            .filter(|&i| givens[i].is_some_and(|g| g != digits[i]))
            .collect()
    };
    let mut pending = missed(digits);
    let bound = STEPS_PER_MISS * pending.len().max(1);
    let mut steps = 0;
    let mut undo = Vec::new();
    while let Some(cell) = pending.pop() {
        let Some(want) = givens[cell] else { continue };
        if digits[cell] == want {
            continue;
        }
        steps += 1;
        if steps > bound || stop.reached() {
            return false;
        }
        // The route that puts out the fewest other givens (ties drawn). While every
        // route puts one out, a trade that keeps every given (a shake) changes them.
        let mut best = None;
        for shake in 0..=SHAKES {
            best = None;
            for route in routes(digits, cell, want, shape) {
                run(digits, &route, n, &mut undo);
                let broken = undo
                    .iter()
                    .filter(|&&(i, _)| givens[i].is_some_and(|g| g != digits[i]))
                    .count();
                let reached = digits[cell] == want;
                back(digits, &mut undo);
                let tie: u64 = rng.gen();
                if reached
                    && best
                        .as_ref()
                        .is_none_or(|&(b, t, _)| (broken, tie) < (b, t))
                {
                    best = Some((broken, tie, route));
                }
            }
            if best.as_ref().is_none_or(|&(b, _, _)| b == 0) {
                break;
            }
            if shake < SHAKES {
                self::shake(digits, givens, cell, shape, rng);
            }
        }
        let Some((_, _, route)) = best else {
            return false;
        };
        run(digits, &route, n, &mut undo);
        for &(i, _) in &undo {
            if givens[i].is_some_and(|g| g != digits[i]) {
                pending.push(i);
            }
        }
        undo.clear();
        if pending.is_empty() {
            pending = missed(digits);
        }
    }
    true
}

/// Applies a route's trades, each computed on the grid the one before left, pushing
/// every changed cell's digit before onto `undo`.
fn run(digits: &mut [usize], route: &[Step], n: usize, undo: &mut Vec<(usize, usize)>) {
    for step in route {
        for (i, v) in lines(digits, n, step) {
            undo.push((i, digits[i]));
            digits[i] = v;
        }
    }
}

/// Takes back what [`run`] did.
fn back(digits: &mut [usize], undo: &mut Vec<(usize, usize)>) {
    while let Some((i, v)) = undo.pop() {
        digits[i] = v;
    }
}

/// The routes that bring `want` into `cell` (see the module notes).
fn routes(digits: &[usize], cell: usize, want: usize, shape: Shape) -> Vec<Vec<Step>> {
    let n = shape.side();
    let (p, q) = (shape.box_rows(), shape.box_cols());
    let (r, c) = (cell / n, cell % n);
    let (top, left) = (r / p * p, c / q * q);
    let Some((r2, c2)) = (top..top + p)
        .flat_map(|rr| (left..left + q).map(move |cc| (rr, cc)))
        .find(|&(rr, cc)| digits[rr * n + cc] == want)
    else {
        return Vec::new();
    };
    let rows = |a, b, at| Step {
        columns: false,
        a,
        b,
        at,
    };
    let cols = |a, b, at| Step {
        columns: true,
        a,
        b,
        at,
    };
    if r2 == r {
        vec![vec![cols(c, c2, r)]]
    } else if c2 == c {
        vec![vec![rows(r, r2, c)]]
    } else {
        vec![
            vec![rows(r, r2, c2), cols(c, c2, r)],
            vec![cols(c, c2, r2), rows(r, r2, c)],
        ]
    }
}

/// A trade of two rows of `cell`'s band or two columns of its stack, along a cycle
/// drawn at random, applied when it changes no given that holds.
fn shake(
    digits: &mut [usize],
    givens: &[Option<usize>],
    cell: usize,
    shape: Shape,
    rng: &mut ChaCha8Rng,
) {
    let n = shape.side();
    let columns: bool = rng.gen();
    let (line, width) = if columns {
        (cell % n, shape.box_cols())
    } else {
        (cell / n, shape.box_rows())
    };
    let first = line / width * width;
    let a = first + rng.gen_range(0..width);
    let b = first + rng.gen_range(0..width);
    if a == b {
        return;
    }
    let at = rng.gen_range(0..n);
    let trade = lines(digits, n, &Step { columns, a, b, at });
    let keeps = trade
        .iter()
        .all(|&(i, v)| givens[i].is_none_or(|g| g != digits[i] || g == v));
    if keeps {
        for (i, v) in trade {
            digits[i] = v;
        }
    }
}

/// The trade of lines `a` and `b` (rows, or columns when `columns`) along the cycle
/// through position `at` on them: from `at`, on to where `a` holds what `b` holds there.
fn lines(g: &[usize], n: usize, step: &Step) -> Trade {
    let &Step { columns, a, b, at } = step;
    let cell = |line: usize, k: usize| if columns { k * n + line } else { line * n + k };
    let mut place = vec![0usize; n];
    for k in 0..n {
        place[g[cell(a, k)]] = k;
    }
    let mut trade = Vec::new();
    let mut k = at;
    loop {
        trade.push((cell(a, k), g[cell(b, k)]));
        trade.push((cell(b, k), g[cell(a, k)]));
        k = place[g[cell(b, k)]];
        if k == at {
            return trade;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Whether `g` holds every digit once in each row, column and box.
    fn valid(g: &[usize], shape: Shape) -> bool {
        let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
        let houses = (0..n).flat_map(|h| {
            [
                (0..n).map(|k| h * n + k).collect::<Vec<_>>(),
                (0..n).map(|k| k * n + h).collect(),
                (0..n)
                    .map(|k| (h / (n / q) * p + k / q) * n + h % (n / q) * q + k % q)
                    .collect(),
            ]
        });
        houses.into_iter().all(|cells| {
            let mut seen = vec![false; n];
            cells
                .iter()
                .all(|&i| !std::mem::replace(&mut seen[g[i]], true))
        })
    }

    #[test]
    fn givens_a_grid_misses_are_traded_in() {
        // Six digits scattered at random: the trades put them all in nearly always (97-99%
        // of 300 seeds a shape), and a grid they leave short is still a grid (the fit then
        // tries again).
        const SEEDS: u64 = 40;
        for (p, q) in [(4, 4), (3, 5), (5, 3)] {
            let shape = Shape::new(p, q).expect("a shape");
            let n = shape.side();
            let mut repaired = 0;
            for seed in 1..=SEEDS {
                // A formula grid, and digits scattered over it without a clash.
                let mut digits: Vec<usize> = (0..n * n)
                    .map(|i| ((i / n % p) * q + i / n / p + i % n) % n)
                    .collect();
                assert!(valid(&digits, shape));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut givens = vec![None; n * n];
                let mut placed = 0;
                while placed < 6 {
                    let cell = rng.gen_range(0..n * n);
                    let d = rng.gen_range(0..n);
                    let (r, c) = (cell / n, cell % n);
                    let clash = (0..n * n).any(|i| {
                        let (r2, c2) = (i / n, i % n);
                        givens[i].is_some()
                            && (i == cell
                                || (givens[i] == Some(d)
                                    && (r2 == r
                                        || c2 == c
                                        || (r2 / p == r / p && c2 / q == c / q))))
                    });
                    if !clash {
                        givens[cell] = Some(d);
                        placed += 1;
                    }
                }
                let missed = (0..n * n)
                    .filter(|&i| givens[i].is_some_and(|g| g != digits[i]))
                    .count();
                assert!(missed > 0, "{p}x{q}, seed {seed}: something to repair");
                let done = repair(&mut digits, &givens, shape, &mut rng, &Stop::never());
                assert!(valid(&digits, shape), "{p}x{q}, seed {seed}: still a grid");
                if done {
                    repaired += 1;
                    assert!((0..n * n).all(|i| givens[i].is_none_or(|g| g == digits[i])));
                }
            }
            assert!(repaired >= SEEDS * 9 / 10, "{p}x{q}: {repaired} of {SEEDS}");
        }
    }
}
