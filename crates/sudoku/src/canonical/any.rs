//! The search of [`super::minlex`] for every shape: canonical rows one at a time, keeping
//! the partial transforms whose rows so far are the smallest, each with the column orders
//! still tied (or "every order", until a row with a given ties them down).
//!
//! A row's string under a column order labels new digits in order of appearance; its
//! smallest string takes, position by position, the smallest value the stack structure
//! allows (an empty cell, then an old label, then a new one), so the orders worth keeping
//! are found depth first with those choices only ([`Dfs`]). Everything is bounded by
//! [`MAX_WORK`].

use super::Transform;
use crate::grid::Grid;
use std::collections::HashMap;

/// The most row labellings (one per partial transform, source row and column order tried)
/// a search may make before it gives up: 16x16 puzzles from the generator took up to 5.3
/// million (a second), most far fewer (120 puzzles, default and minimal); 25x25 ones run
/// past it, as do grids with huge symmetry groups, where ties multiply.
pub(super) const MAX_WORK: usize = 32_000_000;

/// The most entries (column orders and rows chosen) the partial transforms of one row may
/// hold, about 64 MB of them: a 25x25 puzzle held 580 MB at 4 million labellings, and an
/// empty 16x16 grid ran out of memory, its empty rows tying every way.
const MAX_HELD: usize = 32_000_000;

/// The source grid in both orientations.
struct Src {
    n: usize,
    /// Row-major values, then the transposed ones (square boxes only).
    grids: Vec<Vec<u16>>,
}

impl Src {
    fn row(&self, t: usize, r: usize) -> &[u16] {
        &self.grids[t][r * self.n..(r + 1) * self.n]
    }
}

/// A partial transform: the orientation, the source rows of the canonical rows so far, the
/// labels given so far, and the column orders still tied (`None`: every order that keeps
/// stacks together).
#[derive(Clone)]
struct Partial {
    t: usize,
    rows: Vec<usize>,
    used_rows: Vec<bool>,
    /// The source band of each canonical band so far.
    bands: Vec<usize>,
    labels: Vec<u16>,
    next: u16,
    cols: Option<Vec<Vec<u16>>>,
}

/// The search of one canonical row: the smallest string so far and the partial transforms
/// that reach it.
struct Level {
    best: Option<Vec<u16>>,
    states: Vec<Partial>,
    /// The children of the (state, row) being tried, by their labels (a row with many new
    /// digits has many labellings: a scan of them per offer was quadratic).
    children: HashMap<Vec<u16>, usize>,
    /// Row labellings made so far, against [`MAX_WORK`].
    work: usize,
    /// Entries held by `states` (column orders, rows, labels), against [`MAX_HELD`].
    held: usize,
}

impl Level {
    /// Offers the string `s` of the current (state, row) under column order `order`, which
    /// labelled the digits as `labels`; `make` builds the child when it is new.
    fn offer(
        &mut self,
        s: &[u16],
        labels: &[u16],
        next: u16,
        order: &[u16],
        make: &dyn Fn(Vec<u16>, u16) -> Partial,
    ) {
        self.work += 1;
        match self.best.as_deref().map(|b| s.cmp(b)) {
            Some(std::cmp::Ordering::Greater) => return,
            Some(std::cmp::Ordering::Equal) => {}
            _ => {
                self.best = Some(s.to_vec());
                self.clear();
            }
        }
        self.held += order.len();
        if let Some(&i) = self.children.get(labels) {
            self.states[i]
                .cols
                .as_mut()
                .expect("children list their orders")
                .push(order.to_vec());
        } else {
            let mut c = make(labels.to_vec(), next);
            self.held += 3 * labels.len();
            c.cols = Some(vec![order.to_vec()]);
            self.children.insert(labels.to_vec(), self.states.len());
            self.states.push(c);
        }
    }

    /// Drops every child: a smaller string was found.
    fn clear(&mut self) {
        self.states.clear();
        self.held = 0;
        self.start_group();
    }

    /// Whether the search has outgrown its bounds.
    fn over(&self) -> bool {
        self.work > MAX_WORK || self.held > MAX_HELD
    }

    /// The children offered from here on are a new (state, row)'s.
    fn start_group(&mut self) {
        self.children.clear();
    }
}

/// The labelled string of `row` under column order `order`, with `labels` extended as new
/// digits appear.
fn label_row(row: &[u16], order: &[u16], labels: &mut [u16], next: &mut u16) -> Vec<u16> {
    order
        .iter()
        .map(|&c| match row[c as usize] as usize {
            0 => 0,
            d => {
                if labels[d] == 0 {
                    labels[d] = *next;
                    *next += 1;
                }
                labels[d]
            }
        })
        .collect()
}

/// Depth-first choice of the column order for one row when every order is still open:
/// position `j` takes, among the source columns the stack structure allows, only those
/// with the smallest value there, and a branch stops as soon as its prefix exceeds the
/// level's best.
struct Dfs<'a> {
    row: &'a [u16],
    bc: usize,
    order: Vec<u16>,
    out: Vec<u16>,
    labels: Vec<u16>,
    next: u16,
    used_stacks: Vec<bool>,
    used_cols: Vec<bool>,
}

impl Dfs<'_> {
    fn value(&self, col: usize) -> u16 {
        match self.row[col] as usize {
            0 => 0,
            d if self.labels[d] != 0 => self.labels[d],
            _ => self.next,
        }
    }

    fn go(&mut self, j: usize, level: &mut Level, make: &dyn Fn(Vec<u16>, u16) -> Partial) {
        let n = self.row.len();
        level.work += 1;
        if level.over() {
            return;
        }
        if j == n {
            level.offer(&self.out, &self.labels, self.next, &self.order, make);
            return;
        }
        let bc = self.bc;
        let options: Vec<usize> = if j.is_multiple_of(bc) {
            (0..n / bc)
                .filter(|&s| !self.used_stacks[s])
                .flat_map(|s| s * bc..(s + 1) * bc)
                .collect()
        } else {
            let s = self.order[j - 1] as usize / bc;
            (s * bc..(s + 1) * bc)
                .filter(|&c| !self.used_cols[c])
                .collect()
        };
        let min = options
            .iter()
            .map(|&c| self.value(c))
            .min()
            .expect("a column is left");
        if let Some(b) = &level.best {
            match self.out[..j].cmp(&b[..j]) {
                std::cmp::Ordering::Greater => return,
                std::cmp::Ordering::Equal if min > b[j] => return,
                _ => {}
            }
        }
        for c in options {
            if self.value(c) != min {
                continue;
            }
            let d = self.row[c] as usize;
            let new_label = d != 0 && self.labels[d] == 0;
            if new_label {
                self.labels[d] = self.next;
                self.next += 1;
            }
            self.order[j] = c as u16;
            self.out[j] = min;
            let opens_stack = j.is_multiple_of(bc);
            if opens_stack {
                self.used_stacks[c / bc] = true;
            }
            self.used_cols[c] = true;
            self.go(j + 1, level, make);
            self.used_cols[c] = false;
            if opens_stack {
                self.used_stacks[c / bc] = false;
            }
            if new_label {
                self.next -= 1;
                self.labels[d] = 0;
            }
        }
    }
}

/// The canonical transform of `grid`, or `None` past [`MAX_WORK`].
pub(super) fn minlex(grid: &Grid) -> Option<Transform> {
    let shape = grid.shape();
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let values = grid.values();
    if values.iter().all(|&v| v == 0) {
        // Every row empty: every transform ties, and the grid is its own form.
        return Some(Transform::identity(shape));
    }
    let mut grids = vec![values.to_vec()];
    if br == bc {
        grids.push((0..n * n).map(|i| values[(i % n) * n + i / n]).collect());
    }
    let src = Src { n, grids };
    let root = |t| Partial {
        t,
        rows: Vec::with_capacity(n),
        used_rows: vec![false; n],
        bands: Vec::new(),
        labels: vec![0; n + 1],
        next: 1,
        cols: None,
    };
    let mut states: Vec<Partial> = (0..src.grids.len()).map(root).collect();
    let mut level = Level {
        best: None,
        states: Vec::new(),
        children: HashMap::new(),
        work: 0,
        held: 0,
    };
    for i in 0..n {
        let (band, first_of_band) = (i / br, i % br == 0);
        level.best = None;
        level.clear();
        for st in &states {
            for r in 0..n {
                let ok = !st.used_rows[r]
                    && if first_of_band {
                        !st.bands.contains(&(r / br))
                    } else {
                        r / br == st.bands[band]
                    };
                if !ok {
                    continue;
                }
                let row = src.row(st.t, r);
                let make = |labels: Vec<u16>, next: u16| {
                    let mut c = Partial {
                        t: st.t,
                        rows: st.rows.clone(),
                        used_rows: st.used_rows.clone(),
                        bands: st.bands.clone(),
                        labels,
                        next,
                        cols: None,
                    };
                    c.rows.push(r);
                    c.used_rows[r] = true;
                    if first_of_band {
                        c.bands.push(r / br);
                    }
                    c
                };
                level.start_group();
                if row.iter().all(|&d| d == 0) {
                    // An empty row: every column order gives zeros and keeps its ties.
                    level.work += 1;
                    let zeros = vec![0u16; n];
                    if level.best.as_ref().is_some_and(|b| *b < zeros) {
                        continue;
                    }
                    if level.best.as_ref() != Some(&zeros) {
                        level.best = Some(zeros);
                        level.clear();
                    }
                    let mut c = make(st.labels.clone(), st.next);
                    c.cols = st.cols.clone();
                    level.held += 3 * n + c.cols.as_ref().map_or(0, |o| o.len() * n);
                    level.states.push(c);
                    if level.over() {
                        return None;
                    }
                    continue;
                }
                match &st.cols {
                    None => {
                        let mut dfs = Dfs {
                            row,
                            bc,
                            order: vec![0; n],
                            out: vec![0; n],
                            labels: st.labels.clone(),
                            next: st.next,
                            used_stacks: vec![false; n / bc],
                            used_cols: vec![false; n],
                        };
                        dfs.go(0, &mut level, &make);
                    }
                    Some(orders) => {
                        for order in orders {
                            let (mut labels, mut next) = (st.labels.clone(), st.next);
                            let s = label_row(row, order, &mut labels, &mut next);
                            level.offer(&s, &labels, next, order, &make);
                        }
                    }
                }
                if level.over() {
                    return None;
                }
            }
        }
        std::mem::swap(&mut states, &mut level.states);
    }
    let st = &states[0];
    let cols = match &st.cols {
        None => (0..n).collect(),
        Some(orders) => orders[0].iter().map(|&c| c as usize).collect(),
    };
    // Digits that never appear take the remaining labels in increasing order.
    let mut next = st.next as usize;
    let digits = st
        .labels
        .iter()
        .enumerate()
        .map(|(d, &l)| match (d, l) {
            (0, _) => 0,
            (_, 0) => {
                next += 1;
                next - 1
            }
            (_, l) => l as usize,
        })
        .collect();
    Some(Transform {
        shape,
        transpose: st.t == 1,
        rows: st.rows.clone(),
        cols,
        digits,
    })
}
