//! The minlex canonical form of 9x9 puzzles: one representative per class of equivalent
//! puzzles, so that two puzzles are the same up to relabelling and re-orientation exactly
//! when their canonical forms are equal.
//!
//! The class of a puzzle is everything the 2 × 6⁸ geometric maps that keep a sudoku valid
//! (transpose or not; bands in any order; rows in any order inside a band; stacks and
//! columns likewise) give, each followed by relabelling digits in order of first appearance.
//! The canonical form is the smallest of them as an 81-character string, with `0` for an
//! empty cell (so empty cells come first).
//!
//! # How it is fast
//! Rows are chosen one at a time, keeping only the partial transforms whose rows so far are
//! the smallest; each partial transform keeps the set of column orders still tied. The first
//! row's digits are all different, so its string depends only on where the givens stand, and
//! an empty row leaves the column orders untouched. A typical puzzle takes tens of
//! microseconds.
//!
//! Owns the [`Transform`] it uses (a colleague's `transform` module does random
//! re-orientation for other purposes). Depends on [`crate::grid`] and below.

use crate::grid::Grid;
use crate::shape::Shape;

/// A geometric map of a 9x9 grid followed by a relabelling of digits:
/// `out[i][j] = digits[src[rows[i]][cols[j]]]`, where `src` is the grid, transposed first
/// when `transpose` is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Transpose the grid (rows become columns) before moving rows and columns.
    pub transpose: bool,
    /// Row `i` of the result is row `rows[i]` of the (transposed) source.
    pub rows: [u8; 9],
    /// Column `j` of the result is column `cols[j]` of the (transposed) source.
    pub cols: [u8; 9],
    /// Digit `d` becomes `digits[d]`; `digits[0]` is 0 (empty stays empty).
    pub digits: [u8; 10],
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// Whether this transform keeps every valid sudoku valid: rows and columns move with
    /// their bands and stacks, and digits are a permutation.
    pub fn is_valid(&self) -> bool {
        let lines_ok = |p: &[u8; 9]| {
            let mut seen = [false; 9];
            p.iter()
                .all(|&x| x < 9 && !std::mem::replace(&mut seen[x as usize], true))
                && (0..3).all(|b| (0..3).all(|k| p[3 * b + k] / 3 == p[3 * b] / 3))
        };
        let mut seen = [false; 10];
        let digits_ok = self.digits[0] == 0
            && self.digits[1..]
                .iter()
                .all(|&d| (1..=9).contains(&d) && !std::mem::replace(&mut seen[d as usize], true));
        lines_ok(&self.rows) && lines_ok(&self.cols) && digits_ok
    }

    /// Applies the transform to a 9x9 grid; filled cells of the result are givens where the
    /// source's were. Panics if `grid` is not 9x9.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert!(grid.shape().is_nine(), "transforms apply to 9x9 grids");
        let mut out = Grid::empty(Shape::NINE);
        for i in 0..9 {
            for j in 0..9 {
                let (r, c) = (self.rows[i] as usize, self.cols[j] as usize);
                let src = crate::Cell::new(if self.transpose { c * 9 + r } else { r * 9 + c });
                let v = grid.value(src);
                if v != 0 {
                    let d = crate::Digit::new(self.digits[v] as usize);
                    let dst = crate::Cell::new(i * 9 + j);
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
        let inv = |p: &[u8; 9]| {
            let mut q = [0u8; 9];
            for (i, &x) in p.iter().enumerate() {
                q[x as usize] = i as u8;
            }
            q
        };
        let mut digits = [0u8; 10];
        for (d, &to) in self.digits.iter().enumerate() {
            digits[to as usize] = d as u8;
        }
        let (rows, cols) = if self.transpose {
            (inv(&self.cols), inv(&self.rows))
        } else {
            (inv(&self.rows), inv(&self.cols))
        };
        Transform {
            transpose: self.transpose,
            rows,
            cols,
            digits,
        }
    }
}

/// A puzzle's canonical form and the transform that gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The 81 characters, `0` for empty cells.
    pub line: String,
    /// `transform.apply(puzzle)` is the canonical grid.
    pub transform: Transform,
}

impl Canonical {
    /// The canonical form as a grid.
    pub fn grid(&self) -> Grid {
        let values: Vec<usize> = self.line.bytes().map(|b| (b - b'0') as usize).collect();
        Grid::from_values(Shape::NINE, &values).expect("canonical line is a 9x9 grid")
    }
}

/// Error for [`minlex`]: only 9x9 grids have a canonical form here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the canonical form is defined for 9x9 grids only, not for a {} grid", .0.grid_name())]
pub struct CanonicalError(pub Shape);

/// The minlex canonical form of a 9x9 grid (its filled cells, givens or not).
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
/// let moved = canonical::Transform { transpose: true, ..canonical::Transform::IDENTITY };
/// assert_eq!(canonical::minlex(&moved.apply(&p))?.line, c.line);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minlex(grid: &Grid) -> Result<Canonical, CanonicalError> {
    if !grid.shape().is_nine() {
        return Err(CanonicalError(grid.shape()));
    }
    let mut src = [[0u8; 81]; 2];
    for (i, &v) in grid.values().iter().enumerate() {
        src[0][i] = v as u8;
        src[1][(i % 9) * 9 + i / 9] = v as u8;
    }
    let (line, transform) = search(&src);
    Ok(Canonical { line, transform })
}

/// The canonical line of a 9x9 grid: [`minlex`] without the transform.
pub fn canonical_line(grid: &Grid) -> Result<String, CanonicalError> {
    minlex(grid).map(|c| c.line)
}

/// A column order: `order[j]` is the source column of column `j`.
type Order = [u8; 9];

/// A partial transform: the orientation, the source rows of the canonical rows so far, the
/// labels given so far, and the column orders still tied (`None`: every order that keeps
/// stacks together, 6 × 6³ of them).
#[derive(Clone)]
struct Partial {
    t: u8,
    rows: [u8; 9],
    used_rows: u16,
    bands: [u8; 3],
    labels: [u8; 10],
    next: u8,
    cols: Option<Vec<Order>>,
}

/// The search of one canonical row: the smallest string so far and the partial transforms
/// that reach it.
struct Level {
    best: Option<[u8; 9]>,
    states: Vec<Partial>,
    /// Where the children of the (state, row) being tried begin in `states`.
    first_child: usize,
}

impl Level {
    /// Offers the string `s` of the current (state, row) under column order `order`, which
    /// labelled the digits as `labels`; `make` builds the child when it is new.
    fn offer(
        &mut self,
        s: [u8; 9],
        labels: [u8; 10],
        order: Order,
        make: impl FnOnce() -> Partial,
    ) {
        match self.best.map(|b| s.cmp(&b)) {
            Some(std::cmp::Ordering::Greater) => return,
            Some(std::cmp::Ordering::Equal) => {}
            _ => {
                self.best = Some(s);
                self.states.clear();
                self.first_child = 0;
            }
        }
        if let Some(c) = self.states[self.first_child..]
            .iter_mut()
            .find(|c| c.labels == labels)
        {
            c.cols
                .as_mut()
                .expect("children list their orders")
                .push(order);
        } else {
            let mut c = make();
            c.cols = Some(vec![order]);
            self.states.push(c);
        }
    }
}

/// The labelled string of source row `row` under column order `order`, with `labels`
/// extended as new digits appear.
#[inline]
fn label_row(row: &[u8], order: &Order, labels: &mut [u8; 10], next: &mut u8) -> [u8; 9] {
    let mut out = [0u8; 9];
    for j in 0..9 {
        let d = row[order[j] as usize] as usize;
        if d != 0 {
            if labels[d] == 0 {
                labels[d] = *next;
                *next += 1;
            }
            out[j] = labels[d];
        }
    }
    out
}

/// Depth-first choice of the column order for one row when every order is still open:
/// column `j` takes, among the source columns the stack structure allows, only those with
/// the smallest value there (an empty cell, then an old label, then a new one), and the
/// branch stops as soon as its prefix exceeds the level's best.
struct Dfs<'a> {
    row: &'a [u8],
    order: Order,
    out: [u8; 9],
    labels: [u8; 10],
    next: u8,
}

impl Dfs<'_> {
    fn value(&self, col: u8) -> u8 {
        match self.row[col as usize] as usize {
            0 => 0,
            d if self.labels[d] != 0 => self.labels[d],
            _ => self.next,
        }
    }

    fn go(
        &mut self,
        j: usize,
        used_stacks: u8,
        used_cols: u16,
        level: &mut Level,
        make: &dyn Fn([u8; 10], u8) -> Partial,
    ) {
        if j == 9 {
            let (labels, next) = (self.labels, self.next);
            level.offer(self.out, labels, self.order, || make(labels, next));
            return;
        }
        // The source columns allowed at position j.
        let mut options = [0u8; 9];
        let mut count = 0;
        if j.is_multiple_of(3) {
            for s in 0..3u8 {
                if used_stacks >> s & 1 == 0 {
                    for c in 3 * s..3 * s + 3 {
                        options[count] = c;
                        count += 1;
                    }
                }
            }
        } else {
            let s = self.order[j - 1] / 3;
            for c in 3 * s..3 * s + 3 {
                if used_cols >> c & 1 == 0 {
                    options[count] = c;
                    count += 1;
                }
            }
        }
        let min = options[..count]
            .iter()
            .map(|&c| self.value(c))
            .min()
            .expect("a column is left");
        if let Some(b) = level.best {
            match self.out[..j].cmp(&b[..j]) {
                std::cmp::Ordering::Greater => return,
                std::cmp::Ordering::Equal if min > b[j] => return,
                _ => {}
            }
        }
        for &c in &options[..count] {
            if self.value(c) != min {
                continue;
            }
            let d = self.row[c as usize] as usize;
            let new_label = d != 0 && self.labels[d] == 0;
            if new_label {
                self.labels[d] = self.next;
                self.next += 1;
            }
            self.order[j] = c;
            self.out[j] = min;
            self.go(
                j + 1,
                used_stacks | 1 << (c / 3),
                used_cols | 1 << c,
                level,
                make,
            );
            if new_label {
                self.next -= 1;
                self.labels[d] = 0;
            }
        }
    }
}

fn search(src: &[[u8; 81]; 2]) -> (String, Transform) {
    let root = |t| Partial {
        t,
        rows: [0; 9],
        used_rows: 0,
        bands: [0; 3],
        labels: [0; 10],
        next: 1,
        cols: None,
    };
    let mut states = vec![root(0), root(1)];
    let mut result = String::with_capacity(81);
    let mut level = Level {
        best: None,
        states: Vec::new(),
        first_child: 0,
    };
    for i in 0..9 {
        let (band, first_of_band) = (i / 3, i % 3 == 0);
        level.best = None;
        level.states.clear();
        for st in &states {
            let used_bands: u8 = (0..band).fold(0, |m, b| m | 1 << st.bands[b]);
            for r in 0..9u8 {
                if st.used_rows >> r & 1 == 1 {
                    continue;
                }
                let ok = if first_of_band {
                    used_bands >> (r / 3) & 1 == 0
                } else {
                    r / 3 == st.bands[band]
                };
                if !ok {
                    continue;
                }
                let row = &src[st.t as usize][r as usize * 9..r as usize * 9 + 9];
                let make = |labels: [u8; 10], next: u8| {
                    let mut c = Partial {
                        t: st.t,
                        rows: st.rows,
                        used_rows: st.used_rows | 1 << r,
                        bands: st.bands,
                        labels,
                        next,
                        cols: None,
                    };
                    c.rows[i] = r;
                    if first_of_band {
                        c.bands[band] = r / 3;
                    }
                    c
                };
                level.first_child = level.states.len();
                if row.iter().all(|&d| d == 0) {
                    // An empty row: every column order gives zeros and keeps its ties.
                    let zeros = [0u8; 9];
                    if level.best.is_some_and(|b| b < zeros) {
                        continue;
                    }
                    if level.best != Some(zeros) {
                        level.best = Some(zeros);
                        level.states.clear();
                    }
                    let mut c = make(st.labels, st.next);
                    c.cols = st.cols.clone();
                    level.states.push(c);
                    continue;
                }
                match &st.cols {
                    None => {
                        let mut dfs = Dfs {
                            row,
                            order: [0; 9],
                            out: [0; 9],
                            labels: st.labels,
                            next: st.next,
                        };
                        dfs.go(0, 0, 0, &mut level, &make);
                    }
                    Some(orders) => {
                        for order in orders {
                            let (mut labels, mut next) = (st.labels, st.next);
                            let s = label_row(row, order, &mut labels, &mut next);
                            level.offer(s, labels, *order, || make(labels, next));
                        }
                    }
                }
            }
        }
        let b = level.best.expect("some row is always available");
        result.extend(b.iter().map(|&v| (b'0' + v) as char));
        std::mem::swap(&mut states, &mut level.states);
    }
    let st = &states[0];
    let cols = match &st.cols {
        None => [0, 1, 2, 3, 4, 5, 6, 7, 8],
        Some(orders) => orders[0],
    };
    // Digits that never appear take the remaining labels in increasing order.
    let mut digits = st.labels;
    let mut next = st.next;
    for d in digits.iter_mut().skip(1) {
        if *d == 0 {
            *d = next;
            next += 1;
        }
    }
    (
        result,
        Transform {
            transpose: st.t == 1,
            rows: st.rows,
            cols,
            digits,
        },
    )
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
            transpose: true,
            rows: [5, 3, 4, 8, 6, 7, 1, 2, 0],
            cols: [2, 0, 1, 6, 8, 7, 4, 5, 3],
            digits: [0, 3, 1, 2, 9, 8, 7, 5, 4, 6],
        };
        assert!(t.is_valid());
        assert_eq!(t.inverse().apply(&t.apply(&g)), g);
        assert_eq!(t.apply(&t.inverse().apply(&g)), g);
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
    fn other_sizes_are_refused() {
        let g = Grid::from_line("1234341221434321").unwrap();
        assert!(minlex(&g).is_err());
    }
}
