//! The product family: grids built from small Latin squares, fitted to the givens of a
//! grid that the formula over `Z_n` does not fit (digits typed at random into an empty
//! 400x400, or cut from a formula grid after trades of cells, at any fill).
//!
//! With boxes of `p` rows and `q` columns, write a row as band `R` and row `r'` in it, a
//! column as stack `C` and column `c'` in it, and a digit as a pair `(x, y)` in
//! `Z_p × Z_q`. Then
//!
//! ```text
//! cell (R r', C c')  holds  ( X[R][y][r'][C] , y )   where y = B_C[R][c']
//! ```
//!
//! is a solution whenever every `B_C` (a `q × q` square, one a stack) and every
//! `X[R][y]` (a `p × p` square, one for each band and `y`) is a Latin square. Along a
//! row, `C` and `c'` meet each `y` once a box, and for one `y` the boxes' `x` run through
//! a row of `X[R][y]`; down a column the bands give different `y`, and in one band the
//! rows run through a column of `X[R][y]`; across a box the columns give different `y`,
//! the rows every `x` for each. Fitting the givens takes three steps:
//!
//! 1. *Pairs.* Each digit given gets its `(x, y)`, different digits different pairs. Two
//!    givens in one box and one column share `y` (one cell of `B_C`); in one box and two
//!    columns, or one column and two boxes, their `y` differ (a row or a column of
//!    `B_C`). A colouring of the digits with `q` colours, at most `p` digits each; the `x`
//!    then only tell apart the digits of one `y`. Givens that contradict the ones kept
//!    before them (a few, at most one in [`LEFT_OUT_PER`]) are left out.
//! 2. *Bands.* Each `X[R][y]` holds the `x` of that `y`'s givens in band `R`, which never
//!    clash (below), and is completed to a Latin square.
//! 3. *Stacks.* Each `B_C` holds the `y` of its givens and is completed the same way: a
//!    grid whose boxes are whole rows, which the general engine fills.
//!
//! Then the givens left out are put in by trades of cells ([`repair`]).
//!
//! The first form of the family had one square `A_R` a band and a permutation `σ[R][y]`
//! of its symbols for each `y` (`X[R][y] = σ[R][y] ∘ A_R`): givens in one row and one
//! box then shared a symbol of `A_R`, which random digits contradicted from about 1% of
//! the cells given. The squares `X[R][y]` drop that step. What is left contradicts
//! itself where many givens share boxes' columns (those of one column of a box share `y`,
//! and the groups grow past `p` digits): random digits from about 2% of a 400x400
//! (3,000), or 1,000 on a 225x225, still fail, and go to the general engine.

use super::repair;
use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::shape::Shape;
use crate::solve::{Engine, General};
use crate::stop::Stop;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
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
    // Transposed, a box's rows share `y` instead of its columns: the givens that
    // contradict one side often fit the other.
    let transposed: Vec<Given> = givens.iter().map(|&(r, c, d)| (c, r, d)).collect();
    // Each cell's given (0-based), for the repair of the givens a fit left out.
    let wanted: Vec<Option<usize>> = grid
        .values()
        .iter()
        .map(|&v| (v != 0).then(|| v as usize - 1))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(0x9E37_79B9_7F4A_7C15);
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
        let Some(oriented_digits) = fit_oriented(givens, oriented, &mut rng, stop) else {
            continue;
        };
        let mut digits = if flip {
            (0..n * n)
                .map(|i| oriented_digits[i % n * n + i / n])
                .collect()
        } else {
            oriented_digits
        };
        if !repair::repair(&mut digits, &wanted, shape, &mut rng, stop) {
            continue;
        }
        let mut out = grid.clone();
        for (i, &d) in digits.iter().enumerate() {
            let cell = Cell::new(i);
            if grid.get(cell).is_none() {
                out.set(cell, Some(Digit::new(d + 1)));
            }
        }
        return Some(out);
    }
    None
}

/// One attempt at the three steps: every cell's digit (0-based, row-major), or `None`.
fn fit_oriented(
    givens: &[Given],
    shape: Shape,
    rng: &mut ChaCha8Rng,
    stop: &Stop,
) -> Option<Vec<usize>> {
    let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
    let kept = consistent(givens, shape, rng)?;
    let givens = &kept[..];
    let pairs = pairs(givens, shape, rng, stop)?;
    let bands = bands(givens, &pairs, shape, stop)?;
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
            let x = bands[(r / p) * q + y][(r % p) * p + c / q];
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

/// Givens left out at most (beyond [`LEFT_OUT_MIN`]): one in this many. Each costs the
/// repair a trade or two ([`repair`]).
const LEFT_OUT_PER: usize = 50;
const LEFT_OUT_MIN: usize = 4;

/// The givens step 1 can take, in an order drawn from `rng`: each one kept unless, with
/// those kept before it, it would put two digits that must differ in one `y`, or more
/// than a box's rows of digits in one `y`. `None` when too many are left out.
fn consistent(givens: &[Given], shape: Shape, rng: &mut ChaCha8Rng) -> Option<Vec<Given>> {
    let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
    let mut order: Vec<usize> = (0..givens.len()).collect();
    order.shuffle(rng);
    // Union-find over digits, each set's digits, and each digit's `y` opponents.
    let mut parent: Vec<usize> = (0..n).collect();
    let mut members: Vec<Vec<usize>> = (0..n).map(|d| vec![d]).collect();
    let mut near: Vec<Vec<usize>> = vec![Vec::new(); n];
    // Which pairs `near` already holds (digit × digit bits), so each is listed once.
    let words = n.div_ceil(64);
    let mut is_near = vec![0u64; n * words];
    // Buffers of one given's groups and opponents, cleared for each.
    let (mut merged, mut against) = (Vec::with_capacity(n), Vec::with_capacity(n));
    // Kept givens by box (band, stack) with their column in the stack, and by column
    // with their band.
    let mut by_box: Vec<Vec<(usize, usize)>> = vec![Vec::new(); (n / p) * (n / q)];
    let mut by_column: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    let mut kept = Vec::with_capacity(givens.len());
    let mut left_out = 0;
    let most = LEFT_OUT_MIN + givens.len() / LEFT_OUT_PER;
    for i in order {
        let (r, c, d) = givens[i];
        let (band, stack, col) = (r / p, c / q, c % q);
        let boxed = &by_box[band * (n / q) + stack];
        merged.clear();
        against.clear();
        merged.push(root(&mut parent, d));
        for &(c2, e) in boxed {
            if c2 == col {
                merged.push(root(&mut parent, e));
            } else {
                against.push(e);
            }
        }
        against.extend(
            by_column[c]
                .iter()
                .filter(|&&(b, _)| b != band)
                .map(|&(_, e)| e),
        );
        merged.sort_unstable();
        merged.dedup();
        let weight: usize = merged.iter().map(|&g| members[g].len()).sum();
        let fits = weight <= p
            && against
                .iter()
                .all(|&e| !merged.contains(&root(&mut parent, e)))
            && merged.iter().skip(1).all(|&g| {
                members[g].iter().all(|&m| {
                    near[m].iter().all(|&x| {
                        !merged.contains(&root(&mut parent, x)) || root(&mut parent, x) == g
                    })
                })
            });
        if !fits {
            left_out += 1;
            if left_out > most {
                return None;
            }
            continue;
        }
        let into = merged[0];
        for &g in &merged[1..] {
            parent[g] = into;
            let moved = std::mem::take(&mut members[g]);
            members[into].extend(moved);
        }
        for &e in &against {
            if is_near[d * words + e / 64] >> (e % 64) & 1 == 0 {
                is_near[d * words + e / 64] |= 1 << (e % 64);
                is_near[e * words + d / 64] |= 1 << (d % 64);
                near[d].push(e);
                near[e].push(d);
            }
        }
        by_box[band * (n / q) + stack].push((col, d));
        by_column[c].push((band, d));
        kept.push(givens[i]);
    }
    Some(kept)
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
    rng: &mut ChaCha8Rng,
    stop: &Stop,
) -> Option<Vec<(usize, usize)>> {
    let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
    let c = YConstraints::of(givens, shape);
    let digits = &c.digits;
    let ys = colour(digits.len(), &c.equal, &c.differ, q, p, rng, stop)?;
    // x: the digits of one y told apart, in an order drawn from the attempt.
    let mut order: Vec<usize> = (0..digits.len()).collect();
    order.shuffle(rng);
    let mut next_x = vec![0; q];
    let mut pairs = vec![(UNSET, UNSET); n];
    for i in order {
        let y = ys[i];
        pairs[digits[i]] = (next_x[y], y);
        next_x[y] += 1;
    }
    Some(pairs)
}

/// Step 2: for each band `R` and each `y`, the square `X[R][y]` (row in band, stack;
/// row-major, 0-based) holding the `x` of that `y`'s digits, completed to a Latin square.
/// Its entries never clash: two in one row of it would be one digit twice in a row, two
/// in one column one digit twice in a box, and two in one cell two givens of one row and
/// one box with one `y`, which step 1 forbids. A square no given touches is the cyclic one.
fn bands(
    givens: &[Given],
    pairs: &[(usize, usize)],
    shape: Shape,
    stop: &Stop,
) -> Option<Vec<Vec<usize>>> {
    let (n, p, q) = (shape.side(), shape.box_rows(), shape.box_cols());
    let mut squares = vec![Vec::new(); (n / p) * q];
    for &(r, c, d) in givens {
        let (x, y) = pairs[d];
        let square = &mut squares[(r / p) * q + y];
        if square.is_empty() {
            square.resize(p * p, 0);
        }
        square[(r % p) * p + c / q] = x + 1;
    }
    for square in &mut squares {
        if square.is_empty() {
            square.extend((0..p * p).map(|i| (i / p + i % p) % p));
        } else {
            latin(square, p, stop)?;
        }
    }
    Some(squares)
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
    rng: &mut ChaCha8Rng,
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
    for list in &mut near {
        list.sort_unstable();
        list.dedup();
    }
    // Depth first, the next group the one with the fewest colours its neighbours leave
    // (DSatur; ties: the heaviest, then the most neighbours), its colours tried least
    // used first, ties in a drawn order.
    let mut paint = Paint {
        colours,
        of: vec![UNSET; groups],
        count: vec![0; colours],
        seen: vec![0; groups * colours],
        blocked: vec![0; groups],
    };
    // Per depth: the group and the colours still to try for it.
    let mut stack: Vec<(usize, Vec<usize>)> = Vec::with_capacity(groups);
    let mut nodes = 0usize;
    while stack.len() < groups {
        nodes += 1;
        if nodes > BUDGET + groups || (nodes.is_multiple_of(1024) && stop.reached()) {
            return None;
        }
        let g = (0..groups)
            .filter(|&g| paint.of[g] == UNSET)
            .min_by_key(|&g| {
                (
                    colours - paint.blocked[g],
                    std::cmp::Reverse((weight[g], near[g].len())),
                )
            })
            .expect("a group left");
        let mut here: Vec<usize> = (0..colours)
            .filter(|&c| paint.seen[g * colours + c] == 0 && paint.count[c] + weight[g] <= cap)
            .collect();
        here.shuffle(rng);
        here.sort_by_key(|&c| std::cmp::Reverse(paint.count[c]));
        stack.push((g, here));
        // Take the next colour at the deepest level that has one.
        loop {
            let (g, options) = stack.last_mut().expect("a level");
            let g = *g;
            if paint.of[g] != UNSET {
                paint.set(g, weight[g], &near[g], false);
            }
            if let Some(c) = options.pop() {
                paint.of[g] = c;
                paint.set(g, weight[g], &near[g], true);
                break;
            }
            stack.pop();
            if stack.is_empty() {
                return None;
            }
        }
    }
    let of = paint.of;
    Some((0..items).map(|i| of[group[i]]).collect())
}

/// The colouring's state: each group's colour, each colour's weight, and for each group
/// how many neighbours hold each colour and how many colours they hold.
struct Paint {
    colours: usize,
    of: Vec<usize>,
    count: Vec<usize>,
    seen: Vec<u32>,
    blocked: Vec<usize>,
}

impl Paint {
    /// Puts group `g`'s colour (`of[g]`) on (`on`) or takes it off, for its neighbours.
    fn set(&mut self, g: usize, weight: usize, near: &[usize], on: bool) {
        let c = self.of[g];
        for &h in near {
            let seen = &mut self.seen[h * self.colours + c];
            if on {
                *seen += 1;
                if *seen == 1 {
                    self.blocked[h] += 1;
                }
            } else {
                *seen -= 1;
                if *seen == 0 {
                    self.blocked[h] -= 1;
                }
            }
        }
        if on {
            self.count[c] += weight;
        } else {
            self.count[c] -= weight;
            self.of[g] = UNSET;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// Digits scattered without a clash over an empty grid: `count` tries at random cells
    /// and digits, each kept when it clashes with none kept before.
    pub(super) fn scattered(shape: Shape, count: usize, seed: u64) -> Grid {
        let n = shape.side();
        let mut grid = Grid::empty(shape);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut next = |below: usize| rng.gen_range(0..below);
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
        // and two rows: with one square a band they needed one symbol of it and two;
        // with a square for each `y` they fit.
        let one_square = grid_of(&[(6, 6, 3), (6, 7, 4), (8, 3, 3), (7, 5, 4)]);
        assert!(fit(&one_square, &Stop::never()).is_some_and(|g| g.is_solution()));
        // Both ways at once: 1 and 2 in one box's column and in one box's two columns;
        // 3 and 4, transposed, the same. Each orientation keeps all but one given, and
        // the trades put that one back.
        let both_ways = grid_of(&[
            (0, 0, 1),
            (1, 0, 2),
            (3, 3, 1),
            (4, 4, 2),
            (6, 6, 3),
            (6, 7, 4),
            (7, 3, 3),
            (8, 4, 4),
        ]);
        let full = fit(&both_ways, &Stop::never()).expect("a fit with a given put back");
        assert!(crate::verify::check_solution_of(&both_ways, &full).is_ok());
    }
}
