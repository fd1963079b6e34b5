//! The product family: grids built from small Latin squares, fitted to the givens of a
//! nearly empty grid that the formula over `Z_n` does not fit (digits typed at random
//! into an empty 400x400, or cut from some other grid).
//!
//! With boxes of `p` rows and `q` columns, write a row as band `R` and row `r'` in it, a
//! column as stack `C` and column `c'` in it, and a digit as a pair `(x, y)` in
//! `Z_p × Z_q`. Then
//!
//! ```text
//! cell (R r', C c')  holds  ( σ[R][y](A_R[r'][C]) , y )   where y = B_C[R][c']
//! ```
//!
//! is a solution whenever every `A_R` (a `p × p` square, one a band) and every `B_C` (a
//! `q × q` square, one a stack) is a Latin square and every `σ[R][y]` a permutation of
//! `Z_p`. Along a row, `C` and `c'` meet each `y` once a box, and for one `y` the boxes'
//! `x` run through a row of `A_R`; down a column the bands give different `y`, and in one
//! band the rows run through a column of `A_R`; across a box the columns give different
//! `y`, the rows every `x` for each. Fitting the givens takes three steps:
//!
//! 1. *Pairs.* Each digit given gets its `(x, y)`, different digits different pairs. Two
//!    givens in one box and one column share `y` (one cell of `B_C`); in one box and two
//!    columns, or one column and two boxes, their `y` differ (a row or a column of
//!    `B_C`). A colouring of the digits with `q` colours, at most `p` digits each; the `x`
//!    then only tell apart the digits of one `y`.
//! 2. *Bands.* Each given of band `R` gets the symbol it sits on in `A_R`: givens in one
//!    row and one box, or of one digit, share it; givens in one row or one box, or of one
//!    `y`, of different digits don't. Another colouring, with `p` colours; each `σ[R][y]`
//!    then maps the symbols of that `y`'s givens to their `x` (one-to-one by the above)
//!    and the rest as they come.
//! 3. *Squares.* Each `A_R` and `B_C` holds what the givens put in it and is completed to
//!    a Latin square: a grid whose boxes are whole rows, which the general engine fills.
//!
//! Without the permutations (one `x` a digit whatever the band) givens in one row and
//! one box must share `x` wherever else their digits meet. Random digits contradict that
//! from a few hundred on: 300 on a 100x100, about 1,000 on a 400x400. With them only
//! contradictions inside one band remain on that side, and a transposition (tried in
//! turn) moves the permutations to the columns' side. So 400 random digits on a 400x400,
//! or on a 225x225, fit in 10–40 ms, and 1,000 on a 400x400 in two seeds of three;
//! from about 1% of the cells given they contradict both ways, and a failed fit costs
//! 1–150 ms (measured on random digits, 36x36 to 400x400). Grids cut from a formula grid
//! scrambled by trades of cells fit up to about 2% of the cells given.

use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::shape::Shape;
use crate::solve::{Engine, General};
use crate::stop::Stop;
use std::time::Duration;

/// Attempts (each with its own order of colours), and nodes each colouring may take
/// beyond one a group.
const ATTEMPTS: u64 = 8;
const BUDGET: usize = 20_000;

const UNSET: usize = usize::MAX;

/// A given: row, column, digit (0-based).
type Given = (usize, usize, usize);

/// Time the whole fit may take: the colourings have node budgets, but a square the
/// colourings allow may have no completion, which the general engine could take long to
/// prove. Every fit measured took under 0.2 s.
const TIME: Duration = Duration::from_secs(2);

/// The grid completed from the product family, or `None` when the givens do not fit it
/// (within the searches' budgets and [`TIME`]) or the stop came.
pub(super) fn fit(grid: &Grid, stop: &Stop) -> Option<Grid> {
    let stop = &stop.within(TIME);
    let shape = grid.shape();
    let n = shape.side();
    let givens: Vec<Given> = grid
        .values()
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .map(|(i, &v)| (i / n, i % n, v as usize - 1))
        .collect();
    // Transposed, the permutations' freedom is on the columns' side: the givens that
    // contradict one side often fit the other.
    let transposed: Vec<Given> = givens.iter().map(|&(r, c, d)| (c, r, d)).collect();
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    for attempt in 0..2 * ATTEMPTS {
        if stop.reached() {
            return None;
        }
        let flip = attempt % 2 == 1;
        let (givens, oriented) = if flip {
            (&transposed, shape.transposed())
        } else {
            (&givens, shape)
        };
        let Some(digits) = fit_oriented(givens, oriented, &mut rng, stop) else {
            continue;
        };
        let mut out = grid.clone();
        for r in 0..n {
            for c in 0..n {
                let cell = Cell::new(r * n + c);
                if grid.get(cell).is_none() {
                    let d = if flip {
                        digits[c * n + r]
                    } else {
                        digits[r * n + c]
                    };
                    out.set(cell, Some(Digit::new(d + 1)));
                }
            }
        }
        return Some(out);
    }
    None
}

/// One attempt at the three steps: every cell's digit (0-based, row-major), or `None`.
fn fit_oriented(givens: &[Given], shape: Shape, rng: &mut u64, stop: &Stop) -> Option<Vec<usize>> {
    let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
    let pairs = pairs(givens, shape, rng, stop)?;
    let bands = bands(givens, &pairs, shape, rng, stop)?;
    let stacks = stacks(givens, &pairs, shape, stop)?;
    let mut digit_of = vec![UNSET; n];
    for (d, &(x, y)) in pairs.iter().enumerate() {
        if x != UNSET {
            digit_of[x * q + y] = d;
        }
    }
    let mut unpaired = (0..n).filter(|&d| pairs[d].0 == UNSET);
    for slot in digit_of.iter_mut().filter(|s| **s == UNSET) {
        *slot = unpaired.next().expect("as many digits as pairs");
    }
    let mut digits = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let y = stacks[c / q][(r / p) * q + c % q];
            let band = &bands[r / p];
            let x = band.sigma[y][band.square[(r % p) * p + c / q]];
            digits[r * n + c] = digit_of[x * q + y];
        }
    }
    Some(digits)
}

/// What step 1 asks of the digits' `y`: the digits given (0-based, each once), and pairs
/// of indices into them that must share `y` or must not.
struct YConstraints {
    digits: Vec<usize>,
    equal: Vec<(usize, usize)>,
    differ: Vec<(usize, usize)>,
}

impl YConstraints {
    fn of(givens: &[Given], shape: Shape) -> YConstraints {
        let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
        let mut index = vec![UNSET; n];
        let mut digits = Vec::new();
        for &(_, _, d) in givens {
            if index[d] == UNSET {
                index[d] = digits.len();
                digits.push(d);
            }
        }
        // One cell of `B_C` is a box's column: (band, column in stack).
        let mut by_stack = vec![Vec::new(); n / q];
        for &(r, c, d) in givens {
            by_stack[c / q].push(((r / p, c % q), index[d]));
        }
        let (mut equal, mut differ) = (Vec::new(), Vec::new());
        for stack in &by_stack {
            for (k, &((r1, c1), i)) in stack.iter().enumerate() {
                for &((r2, c2), j) in &stack[k + 1..] {
                    if r1 == r2 && c1 == c2 {
                        equal.push((i, j));
                    } else if r1 == r2 || c1 == c2 {
                        differ.push((i, j));
                    }
                }
            }
        }
        YConstraints {
            digits,
            equal,
            differ,
        }
    }
}

/// The representative of `i`'s set (union-find, halving the path).
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Step 1: each digit's pair `(x, y)` (`UNSET` for digits not given).
fn pairs(
    givens: &[Given],
    shape: Shape,
    rng: &mut u64,
    stop: &Stop,
) -> Option<Vec<(usize, usize)>> {
    let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
    let c = YConstraints::of(givens, shape);
    let digits = &c.digits;
    let ys = colour(digits.len(), &c.equal, &c.differ, q, p, rng, stop)?;
    // x: the digits of one y told apart, in an order drawn from the attempt.
    let mut order: Vec<usize> = (0..digits.len()).collect();
    shuffle(&mut order, rng);
    let mut next_x = vec![0; q];
    let mut pairs = vec![(UNSET, UNSET); n];
    for i in order {
        let y = ys[i];
        pairs[digits[i]] = (next_x[y], y);
        next_x[y] += 1;
    }
    Some(pairs)
}

/// One band's part: its square `A_R` (row in band, stack; row-major, 0-based) and, for
/// each `y`, the permutation from the square's symbols to `x`.
struct Band {
    square: Vec<usize>,
    sigma: Vec<Vec<usize>>,
}

/// Step 2 and half of step 3: every band's square and permutations.
fn bands(
    givens: &[Given],
    pairs: &[(usize, usize)],
    shape: Shape,
    rng: &mut u64,
    stop: &Stop,
) -> Option<Vec<Band>> {
    let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
    let mut by_band = vec![Vec::new(); n / p];
    for &(r, c, d) in givens {
        by_band[r / p].push((r % p, c / q, d));
    }
    let mut out = Vec::with_capacity(by_band.len());
    for band in &by_band {
        let (mut equal, mut differ) = (Vec::new(), Vec::new());
        for (k, &(r1, c1, d1)) in band.iter().enumerate() {
            for (l, &(r2, c2, d2)) in band.iter().enumerate().skip(k + 1) {
                if (r1 == r2 && c1 == c2) || d1 == d2 {
                    equal.push((k, l));
                } else if r1 == r2 || c1 == c2 || pairs[d1].1 == pairs[d2].1 {
                    differ.push((k, l));
                }
            }
        }
        let symbols = colour(band.len(), &equal, &differ, p, usize::MAX, rng, stop)?;
        let mut square = vec![0; p * p];
        for (&(r, c, _), &s) in band.iter().zip(&symbols) {
            square[r * p + c] = s + 1;
        }
        latin(&mut square, p, stop)?;
        let mut sigma = vec![vec![UNSET; p]; q];
        for (&(_, _, d), &s) in band.iter().zip(&symbols) {
            let (x, y) = pairs[d];
            sigma[y][s] = x;
        }
        for perm in &mut sigma {
            let mut taken = vec![false; p];
            perm.iter()
                .filter(|&&x| x != UNSET)
                .for_each(|&x| taken[x] = true);
            let mut free = (0..p).filter(|&x| !taken[x]);
            for x in perm.iter_mut().filter(|x| **x == UNSET) {
                *x = free.next().expect("as many values as symbols");
            }
        }
        out.push(Band { square, sigma });
    }
    Some(out)
}

/// The other half of step 3: every stack's square `B_C` (band, column in stack), holding
/// the `y` of the givens' digits.
fn stacks(
    givens: &[Given],
    pairs: &[(usize, usize)],
    shape: Shape,
    stop: &Stop,
) -> Option<Vec<Vec<usize>>> {
    let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
    let mut squares = vec![vec![0; q * q]; n / q];
    for &(r, c, d) in givens {
        squares[c / q][(r / p) * q + c % q] = pairs[d].1 + 1;
    }
    for square in &mut squares {
        latin(square, q, stop)?;
    }
    Some(squares)
}

/// Completes a `side × side` square holding symbols 1..=side (0 empty) to a Latin square
/// of symbols 0..side: a grid of that side whose boxes are its rows.
fn latin(cells: &mut [usize], side: usize, stop: &Stop) -> Option<()> {
    let shape = Shape::new(1, side).ok()?;
    let square = Grid::from_values(shape, cells).ok()?;
    let found = General.search_until(&square, None, 1, 1, stop);
    let full = found.solutions.into_iter().next()?;
    for (out, &v) in cells.iter_mut().zip(full.values()) {
        *out = v as usize - 1;
    }
    Some(())
}

/// Colours `items` items with `colours` colours, `equal` pairs sharing one, `differ`
/// pairs not, and at most `cap` items a colour: depth first over the groups of equal
/// items (the most constrained first, then breadth first from each), colours tried in an
/// order drawn from `rng`. `None` when none exists, the budget runs out or the stop came.
fn colour(
    items: usize,
    equal: &[(usize, usize)],
    differ: &[(usize, usize)],
    colours: usize,
    cap: usize,
    rng: &mut u64,
    stop: &Stop,
) -> Option<Vec<usize>> {
    let mut parent: Vec<usize> = (0..items).collect();
    for &(i, j) in equal {
        let (a, b) = (root(&mut parent, i), root(&mut parent, j));
        parent[a] = b;
    }
    let mut group = vec![UNSET; items];
    let mut weight = Vec::new();
    for i in 0..items {
        let r = root(&mut parent, i);
        if group[r] == UNSET {
            group[r] = weight.len();
            weight.push(0);
        }
        group[i] = group[r];
        weight[group[i]] += 1;
    }
    let groups = weight.len();
    let mut near = vec![Vec::new(); groups];
    for &(i, j) in differ {
        let (a, b) = (group[i], group[j]);
        if a == b {
            return None;
        }
        near[a].push(b);
        near[b].push(a);
    }
    // The order: the heaviest groups first (the colours' room is the tight part when
    // nearly every digit is given), then the most neighbours.
    let mut order: Vec<usize> = (0..groups).collect();
    order.sort_by_key(|&g| std::cmp::Reverse((weight[g], near[g].len())));
    let mut of = vec![UNSET; groups];
    let mut count = vec![0usize; colours];
    // Per depth: the colours still to try for that group.
    let mut options: Vec<Vec<usize>> = Vec::with_capacity(groups);
    let mut nodes = 0usize;
    while options.len() < groups {
        nodes += 1;
        if nodes > BUDGET + groups || (nodes.is_multiple_of(1024) && stop.reached()) {
            return None;
        }
        let g = order[options.len()];
        let mut here: Vec<usize> = (0..colours)
            .filter(|&c| count[c] + weight[g] <= cap && near[g].iter().all(|&h| of[h] != c))
            .collect();
        // Tried last to first: the least used colours last, ties in a drawn order.
        shuffle(&mut here, rng);
        here.sort_by_key(|&c| std::cmp::Reverse(count[c]));
        options.push(here);
        // Take the next colour at the deepest level that has one.
        loop {
            let level = options.len() - 1;
            let g = order[level];
            if of[g] != UNSET {
                count[of[g]] -= weight[g];
                of[g] = UNSET;
            }
            if let Some(c) = options[level].pop() {
                of[g] = c;
                count[c] += weight[g];
                break;
            }
            options.pop();
            if options.is_empty() {
                return None;
            }
        }
    }
    Some((0..items).map(|i| of[group[i]]).collect())
}

/// xorshift: the order of values of one attempt.
fn shuffle<T>(xs: &mut [T], rng: &mut u64) {
    for i in (1..xs.len()).rev() {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        xs.swap(i, (*rng % (i as u64 + 1)) as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digits scattered without a clash over an empty grid: `count` tries at random cells
    /// and digits, each kept when it clashes with none kept before.
    pub(super) fn scattered(shape: Shape, count: usize, seed: u64) -> Grid {
        let n = shape.side();
        let mut grid = Grid::empty(shape);
        let mut rng = seed | 1;
        let mut next = |below: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % below as u64) as usize
        };
        for _ in 0..count {
            let cell = Cell::new(next(n * n));
            let digit = Digit::new(next(n) + 1);
            if grid.get(cell).is_none() {
                grid.set_given(cell, digit);
                if grid.has_clash() {
                    grid.set(cell, None);
                }
            }
        }
        grid
    }

    #[test]
    fn scattered_digits_fit() {
        for (p, q, count) in [(6, 6, 20), (10, 10, 100), (20, 20, 400)] {
            for seed in 1..=3 {
                let grid = scattered(Shape::new(p, q).expect("a shape"), count, seed);
                assert!(grid.given_count() > count / 2, "{p}x{q}: givens kept");
                let full = fit(&grid, &Stop::never())
                    .unwrap_or_else(|| panic!("{p}x{q}, seed {seed}: no fit"));
                let checked = crate::verify::check_solution_of(&grid, &full);
                assert!(checked.is_ok(), "{p}x{q}: a solution keeping the givens");
            }
        }
    }

    #[test]
    fn scattered_digits_on_a_giant_have_two_solutions_without_search() {
        let stop = Stop::never();
        for (p, q, count) in [(15, 15, 400), (8, 10, 120), (10, 8, 120)] {
            let grid = scattered(Shape::new(p, q).expect("a giant"), count, 5);
            assert!(super::super::nearly_empty(&grid));
            if p == q {
                // Not a grid the formula over `Z_n` fits: the product family answers.
                assert!(super::super::fit(&grid, true, &stop).is_none());
            }
            let found = super::super::solutions(&grid, 2, 2, &stop);
            assert_eq!(found.count, 2, "{p}x{q}");
            let [a, b] = &found.solutions[..] else {
                panic!("{p}x{q}: two solutions kept");
            };
            assert!(a != b, "{p}x{q}");
            for full in [a, b] {
                let checked = crate::verify::check_solution_of(&grid, full);
                assert!(checked.is_ok(), "{p}x{q}: a solution keeping the givens");
            }
        }
    }

    #[test]
    fn contradictions_one_way_are_fitted_the_other() {
        let shape = Shape::new(3, 3).expect("9x9");
        let grid_of = |givens: &[(usize, usize, usize)]| {
            let mut grid = Grid::empty(shape);
            for &(r, c, digit) in givens {
                grid.set_given(Cell::new(r * 9 + c), Digit::new(digit));
            }
            assert!(!grid.has_clash());
            grid
        };
        // Digits 1 and 2 share a box's column (equal y) and, in another box, lie in two
        // columns (different y): transposed, the permutations take it.
        let one_way = grid_of(&[(0, 0, 1), (1, 0, 2), (3, 3, 1), (4, 4, 2)]);
        assert!(fit(&one_way, &Stop::never()).is_some_and(|g| g.is_solution()));
        // Digits 3 and 4 share a box's row, and each sits again in one band, in one stack
        // and two rows: one band's square must give them one symbol and two. Transposed,
        // the same holds of a stack's square.
        let both_ways = grid_of(&[(6, 6, 3), (6, 7, 4), (8, 3, 3), (7, 5, 4)]);
        assert!(fit(&both_ways, &Stop::never()).is_none());
    }
}
