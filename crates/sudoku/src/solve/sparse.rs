//! Nearly empty giant grids (at most a tenth of the cells given, square boxes, side 36
//! and up), answered without search when the givens fit the formula grid.
//!
//! The formula grid puts `(a(r) + t(c)) mod n` in row `r`, column `c`, where `a` numbers
//! the rows so that rows of one band share `a mod b` (band `a mod b`, row `a div b` inside
//! it) and `t` numbers the columns so that columns of one stack share `t div b`: any such
//! numbering is a valid grid, and a digit relabelling `v` on top of it too. Fitting the
//! givens is finding `a`, `t` and `v`, each one-to-one, with `a(r) + t(c) = v(d)` for
//! every given: a small search over the givens, each fixing what it can. Grids cut from
//! such a grid (every formula grid, every grid shuffled by bands, rows, stacks, columns
//! and digits) fit; others may not, and go to the general engine.
//!
//! Two solutions prove "multiple" without search: the second is the first with two
//! digits swapped along a cycle of cells (row to row through the columns) that holds no
//! given and leaves every box with one of each.

use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::stop::Stop;

use super::Outcome;

/// Search nodes of one attempt at fitting the formula grid, and attempts (each with its
/// own order of values: a wrong early guess is found late, a fresh start is cheaper).
const BUDGET: usize = 20_000;
const ATTEMPTS: u64 = 16;
/// Digit pairs tried for the second solution before giving up.
const PAIRS: usize = 20_000;

/// `Some` outcome (always multiple, with two checked solutions) when the grid is sparse
/// enough and both solutions were found; `None` sends it to the general engine.
pub(crate) fn solve(grid: &Grid, stop: &Stop) -> Option<Outcome> {
    let shape = grid.shape();
    let n = shape.side();
    let b = shape.box_rows();
    if n < 36 || b != shape.box_cols() || grid.given_count() * 10 > n * n {
        return None;
    }
    let first = fit(grid, stop)?;
    if !first.is_solution() {
        return None;
    }
    let second = swap_cycle(grid, &first, stop)?;
    (second.is_solution() && second != first).then_some(Outcome::Multiple(first, second))
}

const UNSET: usize = usize::MAX;

struct Fit<'a> {
    n: usize,
    b: usize,
    givens: &'a [(usize, usize, usize)],
    a: Vec<usize>,
    t: Vec<usize>,
    v: Vec<usize>,
    a_used: Vec<bool>,
    t_used: Vec<bool>,
    v_used: Vec<bool>,
    /// Band → class (`a mod b`) and class → taken; stack → class (`t div b`) likewise.
    band: Vec<usize>,
    band_used: Vec<bool>,
    stack: Vec<usize>,
    stack_used: Vec<bool>,
    trail: Vec<Undo>,
    nodes: usize,
    /// xorshift state for the order of values.
    rng: u64,
}

#[derive(Clone, Copy)]
enum Undo {
    A(usize),
    T(usize),
    V(usize),
    Band(usize),
    Stack(usize),
}

impl Fit<'_> {
    fn shuffle(&mut self, xs: &mut [usize]) {
        for i in (1..xs.len()).rev() {
            self.rng ^= self.rng << 13;
            self.rng ^= self.rng >> 7;
            self.rng ^= self.rng << 17;
            xs.swap(i, (self.rng % (i as u64 + 1)) as usize);
        }
    }
    fn set_a(&mut self, r: usize, x: usize) -> bool {
        if self.a[r] != UNSET {
            return self.a[r] == x;
        }
        if self.a_used[x] {
            return false;
        }
        let band = r / self.b;
        let class = x % self.b;
        if self.band[band] == UNSET {
            if self.band_used[class] {
                return false;
            }
            self.band[band] = class;
            self.band_used[class] = true;
            self.trail.push(Undo::Band(band));
        } else if self.band[band] != class {
            return false;
        }
        self.a[r] = x;
        self.a_used[x] = true;
        self.trail.push(Undo::A(r));
        true
    }
    fn set_t(&mut self, c: usize, x: usize) -> bool {
        if self.t[c] != UNSET {
            return self.t[c] == x;
        }
        if self.t_used[x] {
            return false;
        }
        let stack = c / self.b;
        let class = x / self.b;
        if self.stack[stack] == UNSET {
            if self.stack_used[class] {
                return false;
            }
            self.stack[stack] = class;
            self.stack_used[class] = true;
            self.trail.push(Undo::Stack(stack));
        } else if self.stack[stack] != class {
            return false;
        }
        self.t[c] = x;
        self.t_used[x] = true;
        self.trail.push(Undo::T(c));
        true
    }
    fn set_v(&mut self, d: usize, x: usize) -> bool {
        if self.v[d] != UNSET {
            return self.v[d] == x;
        }
        if self.v_used[x] {
            return false;
        }
        self.v[d] = x;
        self.v_used[x] = true;
        self.trail.push(Undo::V(d));
        true
    }
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("above the mark") {
                Undo::A(r) => {
                    self.a_used[self.a[r]] = false;
                    self.a[r] = UNSET;
                }
                Undo::T(c) => {
                    self.t_used[self.t[c]] = false;
                    self.t[c] = UNSET;
                }
                Undo::V(d) => {
                    self.v_used[self.v[d]] = false;
                    self.v[d] = UNSET;
                }
                Undo::Band(k) => {
                    self.band_used[self.band[k]] = false;
                    self.band[k] = UNSET;
                }
                Undo::Stack(k) => {
                    self.stack_used[self.stack[k]] = false;
                    self.stack[k] = UNSET;
                }
            }
        }
    }
    /// Values row `r` may take: its own, or the free ones of its band's class (of any
    /// free class when the band has none yet).
    fn a_options(&self, r: usize) -> Vec<usize> {
        if self.a[r] != UNSET {
            return vec![self.a[r]];
        }
        let class = self.band[r / self.b];
        (0..self.n)
            .filter(|&x| !self.a_used[x])
            .filter(|&x| {
                if class == UNSET {
                    !self.band_used[x % self.b]
                } else {
                    x % self.b == class
                }
            })
            .collect()
    }
    /// Places givens `k..` (depth first, undoing on failure); `None` when out of budget.
    fn search(&mut self, k: usize, stop: &Stop) -> Option<bool> {
        if k == self.givens.len() {
            return Some(true);
        }
        self.nodes += 1;
        if self.nodes > BUDGET || (self.nodes.is_multiple_of(1024) && stop.reached()) {
            return None;
        }
        let (r, c, d) = self.givens[k];
        let n = self.n;
        let mark = self.trail.len();
        let mut xs = self.a_options(r);
        self.shuffle(&mut xs);
        for x in xs {
            if !self.set_a(r, x) {
                continue;
            }
            // t(c) fixed by v(d) when that is known; else every free value that fits.
            let mut ts: Vec<usize> = if self.t[c] != UNSET {
                vec![self.t[c]]
            } else if self.v[d] != UNSET {
                vec![(self.v[d] + n - x) % n]
            } else {
                (0..n).filter(|&y| !self.t_used[y]).collect()
            };
            self.shuffle(&mut ts);
            for y in ts {
                let m2 = self.trail.len();
                if self.set_t(c, y) && self.set_v(d, (x + y) % n) {
                    match self.search(k + 1, stop) {
                        Some(false) => {}
                        other => return other,
                    }
                }
                self.undo_to(m2);
            }
            self.undo_to(mark);
        }
        Some(false)
    }
}

/// The formula grid fitted to the givens, or `None`.
fn fit(grid: &Grid, stop: &Stop) -> Option<Grid> {
    let n = grid.shape().side();
    // Givens in an order where each shares a row, column or digit with earlier ones
    // when it can: the search then fixes rather than guesses.
    let mut raw: Vec<(usize, usize, usize)> = Vec::new();
    for (i, &v) in grid.values().iter().enumerate() {
        if v != 0 {
            raw.push((i / n, i % n, v as usize - 1));
        }
    }
    let givens = connected_order(raw, n);
    (1..=ATTEMPTS).find_map(|k| fit_once(grid, &givens, k, stop))
}

/// One attempt at [`fit`], with the order of values drawn from `seed`.
fn fit_once(grid: &Grid, givens: &[(usize, usize, usize)], seed: u64, stop: &Stop) -> Option<Grid> {
    let n = grid.shape().side();
    let b = grid.shape().box_rows();
    let mut f = Fit {
        n,
        b,
        givens,
        a: vec![UNSET; n],
        t: vec![UNSET; n],
        v: vec![UNSET; n],
        a_used: vec![false; n],
        t_used: vec![false; n],
        v_used: vec![false; n],
        band: vec![UNSET; b],
        band_used: vec![false; b],
        stack: vec![UNSET; b],
        stack_used: vec![false; b],
        trail: Vec::new(),
        nodes: 0,
        rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
    };
    if f.search(0, stop)? {
        // The rest, free: every band and stack a class, every row, column and digit a value.
        for r in 0..n {
            if f.a[r] == UNSET {
                let x = *f.a_options(r).first()?;
                f.set_a(r, x);
            }
        }
        for c in 0..n {
            if f.t[c] == UNSET {
                let class = f.stack[c / b];
                let x = (0..n).find(|&y| {
                    !f.t_used[y]
                        && if class == UNSET {
                            !f.stack_used[y / b]
                        } else {
                            y / b == class
                        }
                })?;
                f.set_t(c, x);
            }
        }
        for d in 0..n {
            if f.v[d] == UNSET {
                let x = (0..n).find(|&y| !f.v_used[y])?;
                f.set_v(d, x);
            }
        }
        let mut digit_of = vec![0; n];
        for d in 0..n {
            digit_of[f.v[d]] = d + 1;
        }
        let mut out = grid.clone();
        for r in 0..n {
            for c in 0..n {
                let cell = Cell::new(r * n + c);
                if grid.get(cell).is_none() {
                    out.set(cell, Some(Digit::new(digit_of[(f.a[r] + f.t[c]) % n])));
                }
            }
        }
        Some(out)
    } else {
        None
    }
}

/// Breadth first over shared rows, columns and digits, component after component.
fn connected_order(givens: Vec<(usize, usize, usize)>, n: usize) -> Vec<(usize, usize, usize)> {
    let mut by_row = vec![Vec::new(); n];
    let mut by_col = vec![Vec::new(); n];
    let mut by_digit = vec![Vec::new(); n];
    for (i, &(r, c, d)) in givens.iter().enumerate() {
        by_row[r].push(i);
        by_col[c].push(i);
        by_digit[d].push(i);
    }
    let mut seen = vec![false; givens.len()];
    let mut order = Vec::with_capacity(givens.len());
    for s in 0..givens.len() {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let start = order.len();
        order.push(s);
        let mut head = start;
        while head < order.len() {
            let (r, c, d) = givens[order[head]];
            head += 1;
            for &j in by_row[r].iter().chain(&by_col[c]).chain(&by_digit[d]) {
                if !seen[j] {
                    seen[j] = true;
                    order.push(j);
                }
            }
        }
    }
    order.into_iter().map(|i| givens[i]).collect()
}

/// A second solution: `first` with two digits swapped along a cycle of cells that holds no
/// given and keeps every box with one of each.
fn swap_cycle(grid: &Grid, first: &Grid, stop: &Stop) -> Option<Grid> {
    let shape = first.shape();
    let n = shape.side();
    let vals = first.values();
    // col_of[d][r]: the column of digit d in row r; row_of[d][c]: its row in column c.
    let mut col_of = vec![vec![0usize; n]; n];
    let mut row_of = vec![vec![0usize; n]; n];
    for r in 0..n {
        for c in 0..n {
            let d = vals[r * n + c] as usize - 1;
            col_of[d][r] = c;
            row_of[d][c] = r;
        }
    }
    let mut balance = vec![0i32; n];
    let mut tries = 0;
    for x in 0..n {
        for y in x + 1..n {
            tries += 1;
            if tries > PAIRS || (tries.is_multiple_of(256) && stop.reached()) {
                return None;
            }
            let mut done = vec![false; n];
            for r0 in 0..n {
                if done[r0] {
                    continue;
                }
                // Rows of the cycle through row r0: x's cell, then y's cell in the same row,
                // then the row of x in that column, until back at r0.
                let mut cells = Vec::new();
                let mut r = r0;
                loop {
                    done[r] = true;
                    cells.push((r, col_of[x][r], y));
                    cells.push((r, col_of[y][r], x));
                    r = row_of[x][col_of[y][r]];
                    if r == r0 {
                        break;
                    }
                }
                if cells.len() == 2 * n {
                    continue; // every x and y: a relabelling, and it holds givens anyway
                }
                if cells
                    .iter()
                    .any(|&(r, c, _)| grid.get(Cell::new(r * n + c)).is_some())
                {
                    continue;
                }
                // Each box must lose as many x as it gains.
                let boxes: Vec<usize> = cells
                    .iter()
                    .map(|&(r, c, _)| Cell::new(r * n + c).block(shape).index())
                    .collect();
                for (k, &(_, _, to)) in cells.iter().enumerate() {
                    balance[boxes[k]] += if to == y { 1 } else { -1 };
                }
                let ok = boxes.iter().all(|&k| balance[k] == 0);
                for &k in &boxes {
                    balance[k] = 0;
                }
                if ok {
                    let mut second = first.clone();
                    for &(r, c, to) in &cells {
                        second.set(Cell::new(r * n + c), Some(Digit::new(to + 1)));
                    }
                    return Some(second);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn dense_or_small_grids_are_left_to_the_engine() {
        let g = Grid::empty(Shape::from_side(25).unwrap());
        assert!(solve(&g, &Stop::never()).is_none());
    }

    #[test]
    fn an_empty_36x36_grid_gets_two_solutions() {
        let g = Grid::empty(Shape::from_side(36).unwrap());
        match solve(&g, &Stop::never()) {
            Some(Outcome::Multiple(a, b)) => {
                assert!(a.is_solution() && b.is_solution());
                assert_ne!(a, b);
            }
            other => panic!("{other:?}"),
        }
    }
}
