//! Random solution grids: the first step of every puzzle ([`random_solution`]).

use super::nine;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::solve;
use rand::seq::SliceRandom;
use rand::Rng;

/// A random solution grid of `shape`, every cell a given.
///
/// 9x9: random permutations in the three diagonal boxes, completed by the fast engine's
/// first solution. Other shapes up to 64x64: a randomised depth-first fill (the cell with
/// the fewest candidates first, a random candidate each time) that restarts after a budget
/// of steps, so that an unlucky start never costs more than a restart. Larger grids put
/// random permutations in the diagonal boxes (they share no row or column) and let the
/// exhaustive solver complete the rest. Either way, a random relabelling of digits, random
/// orders of bands, stacks, rows inside bands and columns inside stacks, and (square boxes)
/// a random transpose then spread any positional preference over the whole grid.
///
/// ```
/// use rand::SeedableRng;
/// use sudoku::{generate::random_solution, Shape};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let g = random_solution(Shape::new(3, 4)?, &mut rng);
/// assert!(g.is_solution());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn random_solution(shape: Shape, rng: &mut impl Rng) -> Grid {
    let n = shape.side();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let solved: Vec<u16> = if shape.is_nine() {
        nine::random_grid(rng)
    } else if n <= 25 {
        let budget = 4 * shape.cell_count() + 1000;
        loop {
            if let Some(v) = random_fill(shape, rng, budget) {
                break v;
            }
        }
    } else {
        // A search from seeded diagonal boxes can run for minutes here: start from the
        // formula's solution; the shuffles below randomise it.
        solve::general::pattern_solution(shape)
    };
    let src = &solved;
    // Random relabelling and line permutations that keep the grid valid.
    let mut relabel: Vec<usize> = (0..=n).collect();
    relabel[1..].shuffle(rng);
    let rows = line_order(n, br, rng);
    let cols = line_order(n, bc, rng);
    let transpose = br == bc && rng.gen_bool(0.5);
    let mut values = vec![0usize; n * n];
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            values[r * n + c] = relabel[src[sr * n + sc] as usize];
        }
    }
    Grid::from_values(shape, &values).expect("permuted solution in range")
}

/// One randomised depth-first fill of an empty grid of side at most 64, giving up (`None`)
/// after `budget` steps. Row-major values, 1-based.
fn random_fill(shape: Shape, rng: &mut impl Rng, budget: usize) -> Option<Vec<u16>> {
    let n = shape.side();
    let full: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
    let per_band = n / shape.box_cols();
    let block = |r: usize, c: usize| (r / shape.box_rows()) * per_band + c / shape.box_cols();
    let (mut rows, mut cols, mut boxes) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    let mut vals = vec![0u16; n * n];
    // Cells tried so far, each with the candidates it has not tried yet.
    let mut stack: Vec<(usize, u64)> = Vec::with_capacity(n * n);
    let mut steps = 0;
    loop {
        // The empty cell with the fewest candidates.
        let mut best: Option<(usize, u64)> = None;
        let mut best_len = u32::MAX;
        for (i, &v) in vals.iter().enumerate() {
            if v == 0 {
                let (r, c) = (i / n, i % n);
                let m = full & !(rows[r] | cols[c] | boxes[block(r, c)]);
                if m.count_ones() < best_len {
                    best_len = m.count_ones();
                    best = Some((i, m));
                    if best_len <= 1 {
                        break;
                    }
                }
            }
        }
        match best {
            None => return Some(vals),
            Some(b) => stack.push(b),
        }
        // Give the top cell its next candidate, backtracking while none is left.
        loop {
            steps += 1;
            if steps > budget {
                return None;
            }
            let (cell, rem) = stack.last_mut()?;
            let (cell, (r, c)) = (*cell, (*cell / n, *cell % n));
            if vals[cell] != 0 {
                let bit = !(1u64 << (vals[cell] - 1));
                rows[r] &= bit;
                cols[c] &= bit;
                boxes[block(r, c)] &= bit;
                vals[cell] = 0;
            }
            if *rem == 0 {
                stack.pop();
                continue;
            }
            let mut pick = rng.gen_range(0..rem.count_ones());
            let mut m = *rem;
            while pick > 0 {
                m &= m - 1;
                pick -= 1;
            }
            let d = m.trailing_zeros();
            *rem &= !(1u64 << d);
            rows[r] |= 1 << d;
            cols[c] |= 1 << d;
            boxes[block(r, c)] |= 1 << d;
            vals[cell] = d as u16 + 1;
            break;
        }
    }
}

/// A random order of `n` lines in groups of `group` (bands or stacks): groups shuffled, and
/// lines shuffled inside each group. `order[i]` is the source line of line `i`.
fn line_order(n: usize, group: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..n / group).collect();
    groups.shuffle(rng);
    let mut within: Vec<usize> = (0..group).collect();
    let mut order = Vec::with_capacity(n);
    for g in groups {
        within.shuffle(rng);
        order.extend(within.iter().map(|&w| g * group + w));
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_solutions_are_valid_for_every_shape() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for (r, c) in [
            (1, 2),
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (3, 3),
            (3, 4),
            (4, 4),
        ] {
            let s = Shape::new(r, c).unwrap();
            for _ in 0..3 {
                assert!(random_solution(s, &mut rng).is_solution(), "{s}");
            }
        }
    }
}
