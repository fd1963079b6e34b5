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
use std::sync::OnceLock;

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
            p.iter().all(|&x| x < 9 && !std::mem::replace(&mut seen[x as usize], true))
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
        Transform { transpose: self.transpose, rows, cols, digits }
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
#[error("the canonical form is defined for 9x9 grids only, not {0} grids")]
pub struct CanonicalError(pub Shape);

/// The minlex canonical form of a 9x9 grid (its filled cells, givens or not).
///
/// ```
/// use sudoku::{canonical, Grid};
/// let p = Grid::from_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// ).unwrap();
/// let c = canonical::minlex(&p).unwrap();
/// assert_eq!(c.line.len(), 81);
/// assert_eq!(c.transform.apply(&p), c.grid());
/// // Relabelling or re-orienting the puzzle changes nothing.
/// let moved = canonical::Transform { transpose: true, ..canonical::Transform::IDENTITY };
/// assert_eq!(canonical::minlex(&moved.apply(&p)).unwrap().line, c.line);
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

/// Every column order that keeps stacks together: 6 stack orders × 6³ orders inside them.
fn column_orders() -> &'static [[u8; 9]] {
    static ORDERS: OnceLock<Vec<[u8; 9]>> = OnceLock::new();
    ORDERS.get_or_init(|| {
        const P3: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut out = Vec::with_capacity(1296);
        for s in P3 {
            for a in P3 {
                for b in P3 {
                    for c in P3 {
                        let mut p = [0u8; 9];
                        for (k, inner) in [a, b, c].iter().enumerate() {
                            for m in 0..3 {
                                p[3 * k + m] = 3 * s[k] + inner[m];
                            }
                        }
                        out.push(p);
                    }
                }
            }
        }
        out
    })
}

/// A partial transform: the orientation, the source rows of the canonical rows so far, the
/// labels given so far, and the column orders still tied (`None`: all of them).
#[derive(Clone)]
struct Partial {
    t: u8,
    rows: [u8; 9],
    used_rows: u16,
    bands: [u8; 3],
    labels: [u8; 10],
    next: u8,
    cols: Option<Vec<u16>>,
}

/// The labelled string of source row `row` under column order `order`, with `labels`
/// extended as new digits appear. Stops as soon as it is greater than `best` (returning
/// `None`).
#[inline]
fn label_row(
    row: &[u8],
    order: &[u8; 9],
    labels: &mut [u8; 10],
    next: &mut u8,
    best: Option<&[u8; 9]>,
) -> Option<([u8; 9], bool)> {
    let mut out = [0u8; 9];
    let mut less = best.is_none();
    for j in 0..9 {
        let d = row[order[j] as usize] as usize;
        let v = if d == 0 {
            0
        } else {
            if labels[d] == 0 {
                labels[d] = *next;
                *next += 1;
            }
            labels[d]
        };
        out[j] = v;
        if !less {
            let b = best.expect("compared only with a best")[j];
            if v > b {
                return None;
            }
            less = v < b;
        }
    }
    Some((out, less))
}

fn search(src: &[[u8; 81]; 2]) -> (String, Transform) {
    let orders = column_orders();
    let mut states = vec![
        Partial { t: 0, rows: [0; 9], used_rows: 0, bands: [0; 3], labels: [0; 10], next: 1, cols: None },
        Partial { t: 1, rows: [0; 9], used_rows: 0, bands: [0; 3], labels: [0; 10], next: 1, cols: None },
    ];
    let mut result = String::with_capacity(81);
    let mut next_states: Vec<Partial> = Vec::new();
    for i in 0..9 {
        let (band, first_of_band) = (i / 3, i % 3 == 0);
        let mut best: Option<[u8; 9]> = None;
        next_states.clear();
        for st in &states {
            let used_bands: u8 = (0..band).fold(0, |m, b| m | 1 << st.bands[b]);
            for r in 0..9u8 {
                if st.used_rows >> r & 1 == 1 {
                    continue;
                }
                let ok = if first_of_band { used_bands >> (r / 3) & 1 == 0 } else { r / 3 == st.bands[band] };
                if !ok {
                    continue;
                }
                let row = &src[st.t as usize][r as usize * 9..r as usize * 9 + 9];
                let child = |cols: Option<Vec<u16>>, labels: [u8; 10], next: u8| {
                    let mut c = Partial {
                        t: st.t,
                        rows: st.rows,
                        used_rows: st.used_rows | 1 << r,
                        bands: st.bands,
                        labels,
                        next,
                        cols,
                    };
                    c.rows[i] = r;
                    if first_of_band {
                        c.bands[band] = r / 3;
                    }
                    c
                };
                if row.iter().all(|&d| d == 0) {
                    // An empty row: every column order gives zeros.
                    let zeros = [0u8; 9];
                    match best {
                        Some(b) if b != zeros => {
                            next_states.clear();
                            best = Some(zeros);
                        }
                        None => best = Some(zeros),
                        _ => {}
                    }
                    next_states.push(child(st.cols.clone(), st.labels, st.next));
                    continue;
                }
                // Children of this (state, row), one per distinct labelling.
                let mut first_child = next_states.len();
                let mut eval = |k: u16, next_states: &mut Vec<Partial>, best: &mut Option<[u8; 9]>| {
                    let mut labels = st.labels;
                    let mut next = st.next;
                    let Some((s, less)) =
                        label_row(row, &orders[k as usize], &mut labels, &mut next, best.as_ref())
                    else {
                        return;
                    };
                    if less {
                        next_states.clear();
                        first_child = 0;
                        *best = Some(s);
                    }
                    if let Some(c) = next_states[first_child..].iter_mut().find(|c| c.labels == labels) {
                        c.cols.as_mut().expect("tied orders are listed").push(k);
                    } else {
                        next_states.push(child(Some(vec![k]), labels, next));
                    }
                };
                match &st.cols {
                    None => (0..orders.len() as u16).for_each(|k| eval(k, &mut next_states, &mut best)),
                    Some(ks) => ks.iter().for_each(|&k| eval(k, &mut next_states, &mut best)),
                }
            }
        }
        let b = best.expect("some row is always available");
        result.extend(b.iter().map(|&v| (b'0' + v) as char));
        std::mem::swap(&mut states, &mut next_states);
    }
    let st = &states[0];
    let cols = match &st.cols {
        None => orders[0],
        Some(ks) => orders[ks[0] as usize],
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
    (result, Transform { transpose: st.t == 1, rows: st.rows, cols, digits })
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

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
        assert_eq!(crate::format::line::write_line(&c.transform.apply(&g)).replace('.', "0"), c.line);
        assert_eq!(minlex(&c.grid()).unwrap().line, c.line);
    }

    #[test]
    fn other_sizes_are_refused() {
        let g = Grid::from_line("1234341221434321").unwrap();
        assert!(minlex(&g).is_err());
    }
}
