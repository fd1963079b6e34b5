//! The cells the first pass leaves open, searched on their own when they are few.
//!
//! On a nearly full grid singles and locked candidates leave a few dozen to a few hundred
//! cells open, most with two candidates: the swaps that give a random-holed grid at 70%
//! givens its many solutions (100x100: 99 to 139 cells of 3,000 empty). Building the dense
//! state for them (`4n²·⌈n/64⌉` words, its geometry, its zeroed tables) was most of the
//! answer. Here the open cells are an exact cover problem of their own:
//!
//! ```text
//!   rows:    one per candidate (open cell, digit)
//!   columns: one per open cell, one per house-digit still missing
//!   a row covers its cell's column and its digit's column in each of the cell's houses;
//!   a solution covers every column exactly once
//! ```
//!
//! The search is Algorithm X without the links: a row removed is marked dead and the
//! counts of its columns drop; a column down to one row is taken at once (a single), and
//! otherwise the search branches on the column with fewest rows. Every change goes on a
//! trail and is undone from it. The pass has already reached the fixed point of singles
//! and locked candidates, so the columns are small and branching is mostly between the two
//! digits of a swap.
//!
//! It is a plain complete search with no learning, so a state that takes more than
//! `budget` row removals goes back to the dense engine as it was ([`search`] answers
//! `None`): that costs at most about what building the dense state would.
//!
//! When it runs ([`RESIDUAL_MAX_PERMILLE`](super::tuning::RESIDUAL_MAX_PERMILLE)): the
//! candidates left on random-holed grids at 70% givens from 64x64 to 100x100 number
//! 0.4–2.9% of the cells, and at 60% from 64x64 up, where the pass settles little, over
//! twice the cells; a tenth of the cells lies between. Instructions an answer, before →
//! after: 100x100 at 70% 12.8M → 7.5M, 81x81 at 70% 7.9M → 4.4M (with the first pass's
//! wider limit up to 64x64, 64x64 at 70% 5.0M → 2.7M).

use super::first_pass::Left;
use super::{Geometry, Search};
use crate::stop::Stop;

/// Row removals between two looks at the stop.
const TICK: u64 = 4096;

/// Every solution of `left` up to `limit`, the first `keep` of them as full value
/// vectors in `values`; `None` once the search has removed more than `budget` rows.
pub(super) fn search(
    geo: &Geometry,
    left: &Left,
    limit: usize,
    keep: usize,
    budget: u64,
    stop: &Stop,
) -> Option<Found> {
    let mut cover = Cover::new(geo, left);
    let mut found = Found::default();
    if limit == 0 || !cover.start() {
        return Some(found);
    }
    // A branch: the trail's length when it was opened, its column, and the position in
    // the column's rows of the next one to try.
    let mut frames: Vec<(Mark, u32, u32)> = Vec::new();
    // The stop is looked at first, then every [`TICK`] removals.
    let mut next_tick = 0;
    let mut alive = cover.propagate();
    loop {
        if cover.removals > budget {
            return None;
        }
        if cover.removals >= next_tick {
            next_tick = cover.removals + TICK;
            if stop.reached() {
                found.stopped = true;
                return Some(found);
            }
        }
        if alive {
            match cover.choose() {
                None => {
                    found.count += 1;
                    if found.values.len() < keep {
                        found.values.push(cover.values(left));
                    }
                    if found.count >= limit {
                        return Some(found);
                    }
                }
                Some(u) => frames.push((cover.mark(), u, cover.unit_start[u as usize])),
            }
        }
        // The next row of the innermost branch with one left.
        alive = false;
        while let Some((mark, u, at)) = frames.last_mut() {
            cover.undo(*mark);
            let end = cover.unit_start[*u as usize + 1];
            let next = (*at..end).find(|&j| cover.alive[cover.unit_rows[j as usize] as usize]);
            let Some(j) = next else {
                frames.pop();
                continue;
            };
            *at = j + 1;
            found.guesses += 1;
            let r = cover.unit_rows[j as usize];
            alive = cover.take(r) && cover.propagate();
            break;
        }
        if frames.is_empty() && !alive {
            return Some(found);
        }
    }
}

/// What [`search`] found.
#[derive(Debug, Default)]
pub(super) struct Found {
    /// Solutions, up to the limit.
    pub(super) count: usize,
    /// The first ones kept: every cell's value.
    pub(super) values: Vec<Vec<u16>>,
    /// Branches tried.
    pub(super) guesses: u64,
    /// The stop came first: `count` is a lower bound.
    pub(super) stopped: bool,
}

impl Found {
    /// The answer for `grid`, whose open cells these values fill.
    pub(super) fn into_search(self, grid: &crate::Grid) -> Search {
        Search {
            count: self.count,
            solutions: self
                .values
                .iter()
                .map(|v| super::grid_of(grid, v))
                .collect(),
            guesses: self.guesses,
            stopped: self.stopped,
        }
    }
}

/// The trail's lengths at a branch.
#[derive(Clone, Copy, Debug)]
struct Mark {
    removed: u32,
    chosen: u32,
}

/// The exact cover problem and the search's state. Columns `0..k` are the open cells
/// (numbered as in [`Left::open`]), the rest the missing house-digits.
struct Cover {
    /// Per row: its cell and digit (0-based).
    row_cell: Vec<u32>,
    row_digit: Vec<u16>,
    /// Per row: the four columns it covers (its cell's first).
    row_units: Vec<[u32; 4]>,
    /// Per column, its rows: `unit_rows[unit_start[u]..unit_start[u + 1]]`.
    unit_start: Vec<u32>,
    unit_rows: Vec<u32>,
    /// Rows not removed.
    alive: Vec<bool>,
    /// Per column, its rows not removed.
    count: Vec<u32>,
    covered: Vec<bool>,
    /// Columns not covered.
    open_units: usize,
    /// The trails: rows removed, and rows taken (whose columns are the ones covered).
    removed: Vec<u32>,
    chosen: Vec<u32>,
    /// Columns down to one row, to take.
    forced: Vec<u32>,
    /// A column not covered has no row left.
    dead: bool,
    removals: u64,
}

impl Cover {
    fn new(geo: &Geometry, left: &Left) -> Cover {
        let (n, wpc) = (geo.n, geo.wpc);
        let k = left.open.len();
        let mut row_cell = Vec::new();
        let mut row_digit = Vec::new();
        // The cells' columns hold their rows in order; the house-digits' come from these
        // pairs (house-digit, row), sorted.
        let mut unit_start = Vec::with_capacity(k + 1);
        let mut keys: Vec<(u32, u32)> = Vec::new();
        for (i, &houses) in left.houses.iter().enumerate() {
            unit_start.push(row_cell.len() as u32);
            for (w, &word) in left.cand[i * wpc..(i + 1) * wpc].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let d = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let r = row_cell.len() as u32;
                    row_cell.push(i as u32);
                    row_digit.push(d as u16);
                    for &h in &houses {
                        keys.push(((h as usize * n + d) as u32, r));
                    }
                }
            }
        }
        let rows = row_cell.len();
        let mut unit_rows: Vec<u32> = (0..rows as u32).collect();
        let mut row_units: Vec<[u32; 4]> = row_cell.iter().map(|&i| [i, 0, 0, 0]).collect();
        let mut slot = vec![1u8; rows];
        keys.sort_unstable();
        for group in keys.chunk_by(|a, b| a.0 == b.0) {
            let u = unit_start.len() as u32;
            unit_start.push(unit_rows.len() as u32);
            for &(_, r) in group {
                unit_rows.push(r);
                let r = r as usize;
                row_units[r][slot[r] as usize] = u;
                slot[r] += 1;
            }
        }
        let units = unit_start.len();
        unit_start.push(unit_rows.len() as u32);
        let count = unit_start.windows(2).map(|w| w[1] - w[0]).collect();
        Cover {
            row_cell,
            row_digit,
            row_units,
            unit_start,
            unit_rows,
            alive: vec![true; rows],
            count,
            covered: vec![false; units],
            open_units: units,
            removed: Vec::new(),
            chosen: Vec::new(),
            forced: Vec::new(),
            dead: false,
            removals: 0,
        }
    }

    /// Queues the columns with one row; false if one has none.
    fn start(&mut self) -> bool {
        for (u, &c) in self.count.iter().enumerate() {
            match c {
                0 => return false,
                1 => self.forced.push(u as u32),
                _ => {}
            }
        }
        true
    }

    fn mark(&self) -> Mark {
        Mark {
            removed: self.removed.len() as u32,
            chosen: self.chosen.len() as u32,
        }
    }

    fn undo(&mut self, mark: Mark) {
        while self.removed.len() > mark.removed as usize {
            let r = self.removed.pop().expect("above the mark") as usize;
            self.alive[r] = true;
            for &u in &self.row_units[r] {
                self.count[u as usize] += 1;
            }
        }
        while self.chosen.len() > mark.chosen as usize {
            let r = self.chosen.pop().expect("above the mark") as usize;
            for &u in &self.row_units[r] {
                self.covered[u as usize] = false;
            }
            self.open_units += 4;
        }
        self.forced.clear();
        self.dead = false;
    }

    fn remove(&mut self, r: usize) {
        self.alive[r] = false;
        self.removed.push(r as u32);
        self.removals += 1;
        for &u in &self.row_units[r] {
            let u = u as usize;
            self.count[u] -= 1;
            if !self.covered[u] {
                match self.count[u] {
                    0 => self.dead = true,
                    1 => self.forced.push(u as u32),
                    _ => {}
                }
            }
        }
    }

    /// Takes row `r` (alive, its columns open): covers its columns and removes every row
    /// that shares one. False if that leaves a column with no row.
    fn take(&mut self, r: u32) -> bool {
        self.chosen.push(r);
        let units = self.row_units[r as usize];
        for &u in &units {
            self.covered[u as usize] = true;
        }
        self.open_units -= 4;
        for &u in &units {
            let (a, b) = (self.unit_start[u as usize], self.unit_start[u as usize + 1]);
            for j in a..b {
                let r2 = self.unit_rows[j as usize] as usize;
                if self.alive[r2] {
                    self.remove(r2);
                }
            }
        }
        !self.dead
    }

    /// Takes the rows of forced columns until none is left; false on a dead column.
    fn propagate(&mut self) -> bool {
        while let Some(u) = self.forced.pop() {
            let u = u as usize;
            if self.covered[u] {
                continue;
            }
            let (a, b) = (self.unit_start[u], self.unit_start[u + 1]);
            let Some(r) = (a..b)
                .map(|j| self.unit_rows[j as usize])
                .find(|&r| self.alive[r as usize])
            else {
                return false;
            };
            if !self.take(r) {
                return false;
            }
        }
        !self.dead
    }

    /// The open column with fewest rows (the first of them), `None` when all are covered.
    fn choose(&self) -> Option<u32> {
        if self.open_units == 0 {
            return None;
        }
        let mut best = (u32::MAX, 0u32);
        for (u, (&c, &covered)) in self.count.iter().zip(&self.covered).enumerate() {
            if !covered && c < best.0 {
                best = (c, u as u32);
                if c <= 2 {
                    break;
                }
            }
        }
        Some(best.1)
    }

    /// Every cell's value with the rows taken.
    fn values(&self, left: &Left) -> Vec<u16> {
        let mut value = left.value.clone();
        for &r in &self.chosen {
            let r = r as usize;
            value[left.open[self.row_cell[r] as usize] as usize] = self.row_digit[r] + 1;
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::super::drive::{run, Question};
    use super::super::first_pass::{fill, FirstPass};
    use super::super::tests::{by_value, keeping_some, random_solution};
    use super::super::tuning::Tuning;
    use super::super::Options;
    use super::*;
    use crate::Shape;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Nearly full random-holed grids that singles leave open, of several shapes.
    fn left_open() -> Vec<(crate::Grid, Left)> {
        let mut out = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        for (br, bc) in [(2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5), (6, 6)] {
            let shape = Shape::new(br, bc).unwrap();
            let geo = Geometry::new(shape);
            for round in 0..24 {
                let sol = random_solution(shape, &mut rng);
                let share = [0.45, 0.55, 0.65, 0.75][round % 4];
                let g = keeping_some(&sol, share, &mut rng);
                if let FirstPass::Open(left) = fill(&geo, &g, &Stop::never()) {
                    out.push((g, left));
                }
            }
        }
        out
    }

    #[test]
    fn the_residual_counts_and_lists_what_the_dense_engine_does() {
        let (limit, never) = (30, Stop::never());
        let on = Tuning {
            first_pass_from_side: 0,
            residual_max_permille: usize::MAX,
            ..Tuning::default()
        };
        let off = Tuning {
            residual_max_permille: 0,
            ..on
        };
        let (mut answered, mut several, mut all) = (0, 0, 0);
        for (g, left) in left_open() {
            let geo = Geometry::new(g.shape());
            let budget = u64::MAX;
            let found = search(&geo, &left, limit, limit, budget, &never).expect("no budget");
            answered += 1;
            assert!(!found.stopped && found.guesses > 0, "{g:?}");
            let mine = found.into_search(&g);
            let q = Question::new(&g, limit, limit);
            assert_eq!(run(q, on, &never, Options::default()).count, mine.count);
            let dense = run(q, off, &never, Options::default());
            assert_eq!(mine.count, dense.count, "{g:?}");
            assert_eq!(mine.solutions.len(), mine.count, "{g:?}");
            for s in &mine.solutions {
                assert!(crate::verify::check_solution_of(&g, s).is_ok(), "{g:?}");
            }
            let sorted = by_value(&mine.solutions);
            assert!(sorted.windows(2).all(|w| w[0] != w[1]), "distinct: {g:?}");
            several += usize::from(mine.count >= 2);
            if mine.count < limit {
                // Every solution found: the same ones.
                all += 1;
                assert_eq!(sorted, by_value(&dense.solutions), "{g:?}");
            }
        }
        assert!(
            answered >= 40 && several >= 10 && all >= 20,
            "{answered} answered, {several} with several solutions, {all} listed in full"
        );
    }

    #[test]
    fn past_its_budget_or_at_the_stop_the_residual_gives_up() {
        let never = Stop::never();
        let (g, left) = left_open()
            .into_iter()
            .find(|(g, _)| g.shape().side() == 16)
            .expect("a 16x16 left open");
        let geo = Geometry::new(g.shape());
        assert!(search(&geo, &left, 2, 0, 0, &never).is_none());
        let found = search(&geo, &left, 2, 0, u64::MAX, &never).expect("no budget");
        assert!(found.count >= 1 && found.values.is_empty());
        let stopped = search(
            &geo,
            &left,
            2,
            1,
            u64::MAX,
            &Stop::at(std::time::Instant::now()),
        );
        let stopped = stopped.expect("no budget");
        assert!(stopped.stopped && stopped.count == 0);
    }
}
