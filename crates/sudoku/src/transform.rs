//! Symmetries of a grid: relabel digits, permute bands, rows within bands, stacks, columns
//! within stacks, and transpose. They map puzzles to puzzles with the same number of
//! solutions, so benchmarks use them to re-orient puzzles, the generator to vary its
//! output, and canonical forms to name the map that gives the form.
//!
//! This module owns [`Transform`]: a symmetry as a value, made at random from a seed or an
//! RNG ([`Transform::seeded`]), written out field by field (as [`crate::canonical`] does),
//! applied with [`Transform::apply`] and undone with [`Transform::inverse`].
//!
//! Depends on [`crate::grid`] and [`crate::shape`].

use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::shape::Shape;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A geometric map of a grid followed by a relabelling of digits:
/// `out[i][j] = digits[src[rows[i]][cols[j]]]`, where `src` is the grid, transposed first
/// when `transpose` is set (so that grids in 3x2 boxes come out in 2x3 boxes: see
/// [`Transform::result_shape`]).
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// The shape of the grids it applies to.
    pub shape: Shape,
    /// Transpose the grid (rows become columns) before moving rows and columns; the result
    /// then has the transposed shape (3x2 boxes become 2x3, square ones stay).
    pub transpose: bool,
    /// Row `i` of the result is row `rows[i]` of the (transposed) source (0-based).
    pub rows: Vec<usize>,
    /// Column `j` of the result is column `cols[j]` of the (transposed) source.
    pub cols: Vec<usize>,
    /// Digit `d` becomes `digits[d]`; `digits[0]` is 0 (empty stays empty).
    pub digits: Vec<usize>,
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
fn invert(p: &[usize]) -> Vec<usize> {
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
            transpose: false,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (0..=n).collect(),
        }
    }

    /// A uniformly random transform of the kinds listed in the module docs that keeps the
    /// shape: it transposes (at random) only grids whose boxes are square.
    pub fn random(shape: Shape, rng: &mut impl Rng) -> Transform {
        let n = shape.side();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        // Bands are `br` rows high and there are `n / br` of them; likewise for stacks.
        let rows = block_permutation(rng, n / br, br);
        let cols = block_permutation(rng, n / bc, bc);
        let mut digits: Vec<usize> = (1..=n).collect();
        digits.shuffle(rng);
        digits.insert(0, 0);
        let transpose = br == bc && rng.gen_bool(0.5);
        Transform {
            shape,
            transpose,
            rows,
            cols,
            digits,
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

    /// The shape of the grids it makes: [`Transform::shape`], transposed with the grid.
    pub fn result_shape(&self) -> Shape {
        if self.transpose {
            self.shape.transposed()
        } else {
            self.shape
        }
    }

    /// Whether this transform keeps every valid sudoku of its shape valid: rows and
    /// columns move with the bands and stacks of the result, and digits are a permutation.
    pub fn is_valid(&self) -> bool {
        let n = self.shape.side();
        let lines_ok = |p: &[usize], group: usize| {
            let mut seen = vec![false; n];
            p.len() == n
                && p.iter()
                    .all(|&x| x < n && !std::mem::replace(&mut seen[x], true))
                && p.chunks(group)
                    .all(|g| g.iter().all(|&x| x / group == g[0] / group))
        };
        let mut seen = vec![false; n + 1];
        let digits_ok = self.digits.len() == n + 1
            && self.digits[0] == 0
            && self.digits[1..]
                .iter()
                .all(|&d| (1..=n).contains(&d) && !std::mem::replace(&mut seen[d], true));
        let out = self.result_shape();
        lines_ok(&self.rows, out.box_rows()) && lines_ok(&self.cols, out.box_cols()) && digits_ok
    }

    /// The source cell of cell (`i`, `j`) of the result, as a cell index.
    #[inline]
    fn source(&self, i: usize, j: usize) -> usize {
        let (r, c) = (self.rows[i], self.cols[j]);
        let n = self.shape.side();
        if self.transpose {
            c * n + r
        } else {
            r * n + c
        }
    }

    /// Applies the transform to a grid of its shape, giving one of
    /// [`Transform::result_shape`]; filled cells of the result are givens where the
    /// source's were. Panics on another shape.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.shape(), self.shape, "a transform applies to its shape");
        let n = self.shape.side();
        let mut out = Grid::empty(self.result_shape());
        for i in 0..n {
            for j in 0..n {
                let src = Cell::new(self.source(i, j));
                let v = grid.value(src);
                if v != 0 {
                    let d = Digit::new(self.digits[v]);
                    let dst = Cell::new(i * n + j);
                    if grid.is_given(src) {
                        out.set_given(dst, d);
                    } else {
                        out.set(dst, Some(d));
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
        for i in 0..9 {
            for j in 0..9 {
                let v = cells[self.source(i, j)];
                if (1..=9).contains(&v) {
                    out[9 * i + j] = self.digits[usize::from(v)] as u8;
                }
            }
        }
        out
    }

    /// The transform that undoes this one: `t.inverse().apply(&t.apply(&g)) == g`.
    pub fn inverse(&self) -> Transform {
        // Result (i, j) is source (rows[i], cols[j]) of the grid, transposed first or not;
        // back, the grid's (r, c) is (rows⁻¹[r], cols⁻¹[c]) of the result, which for a
        // transposing map is the result's transpose at (cols⁻¹[c], rows⁻¹[r]).
        let (rows, cols) = if self.transpose {
            (invert(&self.cols), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.cols))
        };
        Transform {
            shape: self.result_shape(),
            transpose: self.transpose,
            rows,
            cols,
            digits: invert(&self.digits),
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
