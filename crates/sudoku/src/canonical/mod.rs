//! The minlex canonical form of puzzles of every shape: one representative per class of
//! equivalent puzzles, so that two puzzles are the same up to relabelling and
//! re-orientation exactly when their canonical forms are equal.
//!
//! The class of a puzzle is everything the geometric maps that keep a sudoku valid give
//! (bands in any order, rows in any order inside a band, stacks and columns likewise, and
//! transposition when boxes are square: 2 × 6⁸ maps for 9x9), each followed by relabelling
//! digits in order of first appearance. The canonical form is the smallest of them, read
//! row by row, an empty cell counting as 0 (so empty cells come first). Written as a line:
//! 81 characters with `0` for empty cells for 9x9, as the minlex lists write it; the line
//! format otherwise (`.` for empty cells, the puzzle's side and boxes readable back).
//!
//! Rows are chosen one at a time, keeping only the partial transforms whose rows so far are
//! the smallest, each with the column orders still tied (`nine` for 9x9 on arrays,
//! `any` for the rest). Ties can multiply on a grid with many symmetries (nearly empty
//! giants): past `any::MAX_WORK` the answer is [`CanonicalError::TooSymmetric`] rather
//! than minutes of work and gigabytes of ties.
//!
//! Owns the [`Transform`] it uses (the `transform` module does random re-orientation for
//! other purposes). Depends on [`crate::grid`], [`crate::format`] and below.

mod any;
mod nine;

use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::shape::Shape;

/// A geometric map of a grid followed by a relabelling of digits:
/// `out[i][j] = digits[src[rows[i]][cols[j]]]`, where `src` is the grid, transposed first
/// when `transpose` is set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// The grids' shape.
    pub shape: Shape,
    /// Transpose the grid (rows become columns) before moving rows and columns; square
    /// boxes only.
    pub transpose: bool,
    /// Row `i` of the result is row `rows[i]` of the (transposed) source (0-based).
    pub rows: Vec<usize>,
    /// Column `j` of the result is column `cols[j]` of the (transposed) source.
    pub cols: Vec<usize>,
    /// Digit `d` becomes `digits[d]`; `digits[0]` is 0 (empty stays empty).
    pub digits: Vec<usize>,
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

    /// Whether this transform keeps every valid sudoku of its shape valid: rows and
    /// columns move with their bands and stacks, digits are a permutation, and only square
    /// boxes are transposed.
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
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        (!self.transpose || br == bc)
            && lines_ok(&self.rows, br)
            && lines_ok(&self.cols, bc)
            && digits_ok
    }

    /// Applies the transform to a grid of its shape; filled cells of the result are givens
    /// where the source's were. Panics on another shape.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.shape(), self.shape, "a transform applies to its shape");
        let n = self.shape.side();
        let mut out = Grid::empty(self.shape);
        for i in 0..n {
            for j in 0..n {
                let (r, c) = (self.rows[i], self.cols[j]);
                let src = Cell::new(if self.transpose { c * n + r } else { r * n + c });
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

    /// The transform that undoes this one: `t.inverse().apply(&t.apply(&g)) == g`.
    pub fn inverse(&self) -> Transform {
        let inv = crate::transform::invert;
        let (rows, cols) = if self.transpose {
            (inv(&self.cols), inv(&self.rows))
        } else {
            (inv(&self.rows), inv(&self.cols))
        };
        Transform {
            shape: self.shape,
            transpose: self.transpose,
            rows,
            cols,
            digits: inv(&self.digits),
        }
    }
}

/// A puzzle's canonical form and the transform that gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The form as a line: 81 characters with `0` for empty cells for 9x9, the line format
    /// for other shapes.
    pub line: String,
    /// `transform.apply(puzzle)` is the canonical grid.
    pub transform: Transform,
    grid: Grid,
}

impl Canonical {
    /// The canonical form as a grid.
    pub fn grid(&self) -> Grid {
        self.grid.clone()
    }
}

/// Why [`minlex`] gave no form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CanonicalError {
    /// The partial transforms tied at some row outgrew the search's bound
    /// (`any::MAX_WORK`): a grid with that many symmetries (a nearly empty giant, say).
    #[error(
        "no canonical form for this {} grid: its re-orientations tie too often for the \
         search's bounds (as they do on nearly empty grids, and on most grids past 16x16)",
        .0.grid_name()
    )]
    TooSymmetric(Shape),
}

/// The minlex canonical form of a grid of any shape (its filled cells, givens or not).
///
/// ```
/// use sudoku::{canonical, Grid};
/// let p = Grid::from_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let c = canonical::minlex(&p)?;
/// assert_eq!(c.line.len(), 81);
/// assert_eq!(c.transform.apply(&p), c.grid());
/// // Relabelling or re-orienting the puzzle changes nothing.
/// let identity = canonical::Transform::identity(p.shape());
/// let moved = canonical::Transform { transpose: true, ..identity };
/// assert_eq!(canonical::minlex(&moved.apply(&p))?.line, c.line);
/// // Any shape: a 6x6 puzzle and its copy with two bands swapped.
/// let six = sudoku::format::parse_str("1.....4..2....3..4....5..6....1.....", None)?.grid;
/// let swapped = canonical::Transform {
///     rows: vec![2, 3, 0, 1, 4, 5],
///     ..canonical::Transform::identity(six.shape())
/// };
/// assert_eq!(canonical::minlex(&swapped.apply(&six))?.line, canonical::minlex(&six)?.line);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minlex(grid: &Grid) -> Result<Canonical, CanonicalError> {
    let shape = grid.shape();
    // 9x9 keeps the minlex lists' 81 digits; other shapes are written from the canonical
    // grid as a line that reads back.
    let (transform, nine_line) = if shape.is_nine() {
        let (line, transform) = nine::minlex(grid);
        (transform, Some(line))
    } else {
        let transform = any::minlex(grid).ok_or(CanonicalError::TooSymmetric(shape))?;
        (transform, None)
    };
    let grid = transform.apply(grid);
    let line = nine_line.unwrap_or_else(|| {
        crate::format::write_grid(&grid, crate::format::Format::Line)
            .expect("the line format writes every shape")
    });
    Ok(Canonical {
        line,
        transform,
        grid,
    })
}

/// The canonical line of a grid: [`minlex`] without the transform.
pub fn canonical_line(grid: &Grid) -> Result<String, CanonicalError> {
    minlex(grid).map(|c| c.line)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn transform_round_trips() {
        let g = Grid::from_line(P).unwrap();
        let t = Transform {
            shape: Shape::NINE,
            transpose: true,
            rows: vec![5, 3, 4, 8, 6, 7, 1, 2, 0],
            cols: vec![2, 0, 1, 6, 8, 7, 4, 5, 3],
            digits: vec![0, 3, 1, 2, 9, 8, 7, 5, 4, 6],
        };
        assert!(t.is_valid());
        assert_eq!(t.inverse().apply(&t.apply(&g)), g);
        assert_eq!(t.apply(&t.inverse().apply(&g)), g);
        let broken = Transform {
            rows: vec![5, 3, 0, 8, 6, 7, 1, 2, 4],
            ..t.clone()
        };
        assert!(!broken.is_valid(), "row 0 moved out of its band");
        let six = Shape::new(2, 3).unwrap();
        let flipped = Transform {
            transpose: true,
            ..Transform::identity(six)
        };
        assert!(!flipped.is_valid(), "2x3 boxes do not transpose");
    }

    #[test]
    fn canonical_is_applied_transform() {
        let g = Grid::from_line(P).unwrap();
        let c = minlex(&g).unwrap();
        assert!(c.transform.is_valid());
        assert_eq!(
            crate::format::line::write_line(&c.transform.apply(&g)).replace('.', "0"),
            c.line
        );
        assert_eq!(minlex(&c.grid()).unwrap().line, c.line);
    }

    #[test]
    fn the_general_search_agrees_with_the_nine_by_nine_one() {
        let g = Grid::from_line(P).unwrap();
        let fast = minlex(&g).unwrap();
        let general = any::minlex(&g).unwrap();
        assert_eq!(general.apply(&g), fast.grid());
    }
}
