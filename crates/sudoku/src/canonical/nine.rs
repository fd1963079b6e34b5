//! The 9x9 search of [`super::minlex`], on fixed-size arrays: the general search
//! ([`super::any`]) with everything sized for nine, which keeps a typical puzzle at tens
//! of microseconds. Rows are chosen one at a time, keeping only the partial transforms
//! whose rows so far are the smallest; each keeps the set of column orders still tied.
//! The first row's digits are all different, so its string depends only on where the
//! givens stand, and an empty row leaves the column orders untouched.

use super::Transform;
use crate::grid::Grid;
use crate::shape::Shape;

/// The canonical line of a 9x9 grid and the transform that gives it.
pub(super) fn minlex(grid: &Grid) -> (String, Transform) {
    let mut src = [[0u8; 81]; 2];
    for (i, &v) in grid.values().iter().enumerate() {
        src[0][i] = v as u8;
        src[1][(i % 9) * 9 + i / 9] = v as u8;
    }
    let (line, t) = search(&src);
    let wide = |p: &[u8]| p.iter().map(|&x| x as usize).collect();
    let transform = Transform {
        shape: Shape::NINE,
        transpose: t.transpose,
        rows: wide(&t.rows),
        cols: wide(&t.cols),
        digits: wide(&t.digits),
    };
    (line, transform)
}

/// [`Transform`] in arrays.
struct Nine {
    transpose: bool,
    rows: [u8; 9],
    cols: [u8; 9],
    digits: [u8; 10],
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

fn search(src: &[[u8; 81]; 2]) -> (String, Nine) {
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
        Nine {
            transpose: st.t == 1,
            rows: st.rows,
            cols,
            digits,
        },
    )
}
