//! Symmetries of a grid: relabel digits, permute bands, rows within bands, stacks, columns
//! within stacks, and transpose (when boxes are square). They map puzzles to puzzles with
//! the same number of solutions, so benchmarks use them to re-orient puzzles and the
//! generator to vary its output.
//!
//! This module owns [`Transform`]: a symmetry as a value, made at random from a seed or an
//! RNG, applied with [`Transform::apply`] and undone with [`Transform::inverse`].
//!
//! Depends on [`crate::grid`] and [`crate::shape`].

use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::shape::Shape;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A symmetry of the grids of one shape.
///
/// Cell (row `r`, column `c`) holding digit `v` goes to row `rows[r]`, column `cols[c]` with
/// digit `digits[v]`; then, if `transpose`, rows and columns swap.
///
/// ```
/// use sudoku::{Grid, transform::Transform, solve::count_solutions};
/// let g = Grid::from_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let t = Transform::seeded(g.shape(), 7);
/// let h = t.apply(&g);
/// assert_eq!(t.inverse().apply(&h), g);
/// assert_eq!(count_solutions(&h, 2), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    shape: Shape,
    /// Old row → new row (before transposition).
    rows: Vec<usize>,
    /// Old column → new column (before transposition).
    cols: Vec<usize>,
    /// Old digit index → new digit index.
    digits: Vec<usize>,
    transpose: bool,
}

/// A random permutation of `groups` blocks of `size` consecutive indices, each block also
/// shuffled inside: the row (or column) permutations that keep bands (stacks) whole.
fn block_permutation(rng: &mut impl Rng, groups: usize, size: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    let mut out = vec![0; groups * size];
    for (g, &to) in order.iter().enumerate() {
        let mut inner: Vec<usize> = (0..size).collect();
        inner.shuffle(rng);
        for (i, &j) in inner.iter().enumerate() {
            out[g * size + i] = to * size + j;
        }
    }
    out
}

/// The inverse permutation: `invert(p)[p[i]] == i`.
pub(crate) fn invert(p: &[usize]) -> Vec<usize> {
    let mut inv = vec![0; p.len()];
    for (i, &j) in p.iter().enumerate() {
        inv[j] = i;
    }
    inv
}

impl Transform {
    /// The transform that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.side();
        Transform {
            shape,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (0..n).collect(),
            transpose: false,
        }
    }

    /// A uniformly random transform of the kinds listed in the module docs.
    pub fn random(shape: Shape, rng: &mut impl Rng) -> Transform {
        let n = shape.side();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        // Bands are `br` rows high and there are `n / br` of them; likewise for stacks.
        let rows = block_permutation(rng, n / br, br);
        let cols = block_permutation(rng, n / bc, bc);
        let mut digits: Vec<usize> = (0..n).collect();
        digits.shuffle(rng);
        let transpose = br == bc && rng.gen_bool(0.5);
        Transform {
            shape,
            rows,
            cols,
            digits,
            transpose,
        }
    }

    /// [`Transform::random`] from a ChaCha8 generator seeded with `seed`.
    pub fn seeded(shape: Shape, seed: u64) -> Transform {
        Transform::random(shape, &mut ChaCha8Rng::seed_from_u64(seed))
    }

    /// The shape this transform applies to.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether the transform swaps rows and columns.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// Where cell `(r, c)` goes, as a cell index.
    #[inline]
    fn target(&self, r: usize, c: usize) -> usize {
        let (r2, c2) = (self.rows[r], self.cols[c]);
        let n = self.shape.side();
        if self.transpose {
            c2 * n + r2
        } else {
            r2 * n + c2
        }
    }

    /// The transformed grid; givens stay givens. Panics if the grid has another shape.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.shape(), self.shape, "transform and grid shapes differ");
        let n = self.shape.side();
        let mut out = Grid::empty(self.shape);
        for r in 0..n {
            for c in 0..n {
                let cell = Cell::new(r * n + c);
                if let Some(d) = grid.get(cell) {
                    let to = Cell::new(self.target(r, c));
                    let d = Digit::from_index(self.digits[d.index()]);
                    if grid.is_given(cell) {
                        out.set_given(to, d);
                    } else {
                        out.set(to, Some(d));
                    }
                }
            }
        }
        out
    }

    /// [`Transform::apply`] on 81 row-major values (`0` empty, `1`-`9`), for the 9x9
    /// engine and benchmarks. Panics unless the shape is 9x9.
    pub fn apply_cells(&self, cells: &[u8; 81]) -> [u8; 81] {
        assert!(self.shape.is_nine(), "apply_cells needs a 9x9 transform");
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let v = cells[9 * r + c];
                if (1..=9).contains(&v) {
                    out[self.target(r, c)] = self.digits[v as usize - 1] as u8 + 1;
                }
            }
        }
        out
    }

    /// The transform that undoes this one.
    pub fn inverse(&self) -> Transform {
        let (rows, cols) = if self.transpose {
            // (r, c) → (cols[c], rows[r]); back: (R, C) → (rows⁻¹[C], cols⁻¹[R]), which is
            // a transposing transform with rows' = cols⁻¹ and cols' = rows⁻¹.
            (invert(&self.cols), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.cols))
        };
        Transform {
            shape: self.shape,
            rows,
            cols,
            digits: invert(&self.digits),
            transpose: self.transpose,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::count_solutions;

    const CLASSIC: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn inverse_undoes_apply_every_shape() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for (br, bc) in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 4), (3, 5)] {
            let shape = Shape::new(br, bc).unwrap();
            let n = shape.side();
            // A grid with a value in about a third of the cells, some of them not givens.
            let mut g = Grid::empty(shape);
            for i in 0..shape.cell_count() {
                let v: usize = rng.gen_range(0..3 * n);
                if v < n {
                    if i % 2 == 0 {
                        g.set_given(Cell::new(i), Digit::from_index(v));
                    } else {
                        g.set(Cell::new(i), Some(Digit::from_index(v)));
                    }
                }
            }
            for _ in 0..20 {
                let t = Transform::random(shape, &mut rng);
                let h = t.apply(&g);
                assert_eq!(t.inverse().apply(&h), g);
                assert_eq!(t.apply(&t.inverse().apply(&g)), g);
                assert_eq!(h.filled_count(), g.filled_count());
                assert_eq!(h.given_count(), g.given_count());
            }
        }
    }

    #[test]
    fn solutions_stay_solutions_and_counts_hold() {
        let g = Grid::from_line(CLASSIC).unwrap();
        let Some(sol) = crate::solve::solution(&g) else {
            panic!("classic is solvable")
        };
        let mut transposed = 0;
        for seed in 0..40 {
            let t = Transform::seeded(g.shape(), seed);
            transposed += t.transposes() as usize;
            let h = t.apply(&g);
            assert_ne!(h, g);
            assert_eq!(count_solutions(&h, 2), 1);
            let s = t.apply(&sol);
            assert!(crate::verify::check_solution_of(&h, &s).is_ok());
        }
        assert!(transposed > 5 && transposed < 35);
        // A puzzle with two solutions keeps two; an invalid one stays invalid.
        let mut two = g.clone();
        two.set(Cell::new(0), None);
        two.set(Cell::new(1), None);
        two.set(Cell::new(4), None);
        let c = count_solutions(&two, 3);
        let t = Transform::seeded(g.shape(), 99);
        assert_eq!(count_solutions(&t.apply(&two), 3), c);
        let bad = Grid::from_line(&CLASSIC.replacen('.', "5", 1)).unwrap();
        assert!(!bad.conflicts().is_empty());
        assert_eq!(t.apply(&bad).conflicts().len(), bad.conflicts().len());
    }

    #[test]
    fn seeds_are_reproducible_and_cells_match_grids() {
        let s = Shape::NINE;
        assert_eq!(Transform::seeded(s, 5), Transform::seeded(s, 5));
        assert_ne!(Transform::seeded(s, 5), Transform::seeded(s, 6));
        let g = Grid::from_line(CLASSIC).unwrap();
        let t = Transform::seeded(s, 11);
        let mut cells = [0u8; 81];
        for (c, &v) in cells.iter_mut().zip(g.values()) {
            *c = v as u8;
        }
        let h = t.apply(&g);
        let hv: Vec<u8> = h.values().iter().map(|&v| v as u8).collect();
        assert_eq!(t.apply_cells(&cells).to_vec(), hv);
        assert_eq!(Transform::identity(s).apply(&g), g);
    }
}
