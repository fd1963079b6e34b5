//! Propagation (naked and hidden singles, locked candidates) over the open cells alone,
//! before the dense state is built.
//!
//! The dense state ([`Solver::new`](super::Solver)) holds every cell's candidates and every
//! house-digit's places, `4n²·⌈n/64⌉` words, whatever is given: on a nearly full grid
//! building it and propagating in it is most of the answer (225x225-2, 80% givens: the
//! place words alone were a third of its time). Many big puzzles are made to fall to
//! singles (rkkautsar's 225x225-2 and 144x144-1, Kociemba's 400x400 singles files), and
//! then nothing dense is needed: this pass keeps candidate words for the open cells only,
//! and per house-digit a count of its places and a list of the cells that took it at the
//! start (filled cells and lost candidates are passed over when read).
//!
//! It derives what the dense engine's propagation derives (the same rules, to the same
//! fixed point: a test holds the two states equal), and that is sound:
//! - a grid it fills has exactly that solution, "unique" with no search;
//! - a contradiction is "no solution";
//! - a grid it leaves open goes on as the state it reached ([`FirstPass::Open`]): its
//!   few open cells alone to the residual search (`residual.rs`), or else spread out to
//!   the dense engine, whose own propagation then finds nothing left to do.
//!   The engine's choices that depend on the givens (their share, the formula fit) still
//!   read the puzzle's.
//!
//! Singles run alone until they stall, then locked candidates join: checked all along
//! they took 400x400-1, which singles fill, from 90 to 125 ms. A grid whose open cells
//! have more candidates than the dense state has words is left to the dense engine
//! ([`fill`]).
//!
//! Measured (`bench --mode answer`, instructions under cachegrind, before → after): 225x225-2
//! 146M → 104M, 144x144-1 74M → 55M, 400x400-1 647M → 424M (wall time about half); the
//! random-holed grids at 60% and 70% from 36x36 to 100x100, which propagation leaves
//! open, −7% to +1.2%; the other files, generated puzzles and the few-clue 400x400 files
//! within ±1%.

use super::{first_bit, Geometry, Pending};
use crate::grid::Grid;
use crate::stop::Stop;

/// Placements between two looks at the stop.
const TICK: usize = 4096;

/// The place count of a house-digit once its digit is placed: losses (at most one per
/// open cell) never bring it down to 1.
const PLACED: u32 = u32::MAX;

/// What the first pass ended with.
#[derive(Debug)]
pub(super) enum FirstPass {
    /// Propagation filled the grid: every cell's value (1-based).
    Filled(Vec<u16>),
    /// Propagation left cells open: the state it reached.
    Open(Left),
    /// No solution: a cell or a house-digit has nowhere to go, or givens clash.
    Contradiction,
    /// Not run: more candidates than the pass is worth ([`fill`]).
    Skipped,
    /// The stop was reached.
    Stopped,
}

/// The state propagation reached, in the dense engine's layout: every cell's value (0
/// open), candidates (`n² × wpc`; a filled cell has its digit) and their counts.
#[derive(Debug)]
pub(super) struct Reached {
    pub(super) value: Vec<u16>,
    pub(super) cand: Vec<u64>,
    pub(super) ncand: Vec<u16>,
}

/// What the pass left open: the cells, their candidates, and every cell's value.
#[derive(Debug)]
pub(super) struct Left {
    /// Every cell's value (1-based, 0 while open).
    pub(super) value: Vec<u16>,
    /// The cells still open, in cell order...
    pub(super) open: Vec<u32>,
    /// ... their rows, columns and boxes...
    pub(super) houses: Vec<[u32; 3]>,
    /// `open.len() × wpc`: their candidate words.
    pub(super) cand: Vec<u64>,
    /// Their candidates, counted.
    pub(super) ncand: Vec<u16>,
}

impl Left {
    /// How many candidates the open cells have in all.
    pub(super) fn candidates(&self) -> usize {
        self.ncand.iter().map(|&c| usize::from(c)).sum()
    }

    /// The same state spread out to the dense engine's layout.
    pub(super) fn reached(self, wpc: usize) -> Reached {
        let cells = self.value.len();
        let mut cand = vec![0u64; cells * wpc];
        let mut ncand = vec![1u16; cells];
        for (cell, &v) in self.value.iter().enumerate() {
            if v != 0 {
                let d = v as usize - 1;
                cand[cell * wpc + d / 64] = 1 << (d % 64);
            }
        }
        for (i, &cell) in self.open.iter().enumerate() {
            let cell = cell as usize;
            cand[cell * wpc..(cell + 1) * wpc].copy_from_slice(&self.cand[i * wpc..(i + 1) * wpc]);
            ncand[cell] = self.ncand[i];
        }
        Reached {
            value: self.value,
            cand,
            ncand,
        }
    }
}

/// Propagation over `grid`'s open cells, unless they have more candidates than the
/// dense state has words.
pub(super) fn fill(geo: &Geometry, grid: &Grid, stop: &Stop) -> FirstPass {
    // Each candidate costs the pass about seven words (its bit, three counts, three list
    // entries); the dense state costs `4n²·wpc` words whatever it holds. Past this many
    // candidates the dense engine is the cheaper way (Kociemba's few-clue 400x400 files,
    // 18–28M candidates: 1.3 and 1.7 s here against 1.0 and 1.3 s). Up to side 64 (one
    // word a cell) the pass takes two candidates a cell, since a nearly full grid it
    // leaves open may not need the dense state at all (`residual.rs`: 64x64 at 70%
    // givens, 4,600 candidates, 5.0M → 2.7M instructions an answer); at four, the 64x64
    // peak paid the pass for nothing (+20%).
    fill_within(geo, grid, stop, geo.n * geo.n * geo.wpc.max(2))
}

/// [`fill`], skipping a grid whose open cells have more than `max_candidates`.
fn fill_within(geo: &Geometry, grid: &Grid, stop: &Stop, max_candidates: usize) -> FirstPass {
    let mut pass = match Pass::new(geo, grid, max_candidates) {
        Ok(pass) => pass,
        Err(outcome) => return outcome,
    };
    let mut placed = 0usize;
    loop {
        let Some(p) = pass.queue.pop() else {
            // Singles first, alone until they stall (most big puzzles need nothing else:
            // checking locks all along took 400x400-1 from 90 to 125 ms); then a lock only
            // when no single is left.
            match pass.locks.pop() {
                Some(hd) if !pass.lock(hd as usize) => return FirstPass::Contradiction,
                Some(_) => continue,
                None if !pass.locking => pass.start_locking(),
                None => break,
            }
            continue;
        };
        let ok = match p {
            Pending::Naked(i) => {
                let i = i as usize;
                if !pass.is_open(i) {
                    continue;
                }
                let d = first_bit(pass.cand(i)).expect("a naked single has its digit");
                pass.place(i, d)
            }
            Pending::Hidden(hd) => {
                let (h, d) = geo.split(hd as usize);
                if !pass.missing(h, d) {
                    continue;
                }
                match pass.place_of(h, d) {
                    Some(i) => pass.place(i, d),
                    None => false,
                }
            }
        };
        if !ok {
            return FirstPass::Contradiction;
        }
        placed += 1;
        if placed.is_multiple_of(TICK) && stop.reached() {
            return FirstPass::Stopped;
        }
    }
    if placed == pass.open.len() {
        FirstPass::Filled(pass.value)
    } else {
        FirstPass::Open(pass.left())
    }
}

/// Calls `f(i, hd)` for each candidate of each open cell `i` (in the houses `houses[i]`,
/// with candidate words `cand[i·wpc..]`) in each of its three house-digits `hd`; the
/// cells from the last down when `backwards`.
fn each_place(
    geo: &Geometry,
    houses: &[[u32; 3]],
    cand: &[u64],
    backwards: bool,
    mut f: impl FnMut(usize, usize),
) {
    let (n, wpc) = (geo.n, geo.wpc);
    let mut visit = |i: usize| {
        for k in 0..wpc {
            let mut bits = cand[i * wpc + k];
            while bits != 0 {
                let d = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for &h in &houses[i] {
                    f(i, h as usize * n + d);
                }
            }
        }
    };
    if backwards {
        (0..houses.len()).rev().for_each(&mut visit);
    } else {
        (0..houses.len()).for_each(&mut visit);
    }
}

/// The pass's state. Open cells are numbered `0..open.len()` (`i`), in cell order.
struct Pass<'g> {
    geo: &'g Geometry,
    /// Every cell's value, 0 while open.
    value: Vec<u16>,
    /// `3n × wpc`: the digits not yet placed in each house.
    missing: Vec<u64>,
    /// The cell of each open cell...
    open: Vec<u32>,
    /// ... and its row, column and box.
    houses: Vec<[u32; 3]>,
    /// `open.len() × wpc`: each open cell's candidates.
    cand: Vec<u64>,
    /// How many: 0 once the cell is filled.
    ncand: Vec<u16>,
    /// Per house-digit (`house·n + digit`, and one more at the end): where its list in
    /// `taking` starts, and how many open cells of the house take the digit (while the
    /// digit is missing there; [`PLACED`] after). One entry, so that a placement's visit
    /// to a house-digit misses the cache once.
    hds: Vec<[u32; 2]>,
    /// The open cells that took each house-digit at the start. Filled cells and lost
    /// candidates are passed over when read, never removed: a placement visits the few
    /// cells that took its digit in its houses (3.8 a house-digit on 225x225-2), not
    /// every open peer.
    taking: Vec<u32>,
    queue: Vec<Pending>,
    /// House-digits down to few places, to check for locked candidates...
    locks: Vec<u32>,
    /// ... once singles have stalled.
    locking: bool,
}

impl<'g> Pass<'g> {
    /// The pass's state for `grid`, its first singles queued; `Err` on clashing givens or
    /// a cell or house-digit with no candidate (a contradiction), or more than
    /// `max_candidates` (skipped).
    fn new(geo: &'g Geometry, grid: &Grid, max_candidates: usize) -> Result<Pass<'g>, FirstPass> {
        let (n, wpc) = (geo.n, geo.wpc);
        let value = grid.values().to_vec();
        let mut missing = grid.digits_by_house().ok_or(FirstPass::Contradiction)?;
        for words in missing.chunks_exact_mut(wpc) {
            for (i, w) in words.iter_mut().enumerate() {
                *w = geo.full_word(i) & !*w;
            }
        }
        let m = value.iter().filter(|&&v| v == 0).count();
        let mut open = Vec::with_capacity(m);
        let mut houses = Vec::with_capacity(m);
        for (r, row) in value.chunks_exact(n).enumerate() {
            for (c, _) in row.iter().enumerate().filter(|(_, &v)| v == 0) {
                open.push((r * n + c) as u32);
                houses.push(geo.houses_at(r, c));
            }
        }
        let count = |hs: &[u32; 3]| -> usize {
            let [a, b, c] = hs.map(|h| h as usize * wpc);
            (0..wpc)
                .map(|k| (missing[a + k] & missing[b + k] & missing[c + k]).count_ones() as usize)
                .sum()
        };
        // Every eighth open cell first: a grid over the limit by that estimate is skipped
        // for an eighth of the count (random-holed grids at 60% from 36x36 up: it cost
        // them 1–2%).
        if houses.iter().step_by(8).map(count).sum::<usize>() * 8 > max_candidates {
            return Err(FirstPass::Skipped);
        }
        let mut cand = vec![0u64; m * wpc];
        let mut ncand = vec![0u16; m];
        for (i, hs) in houses.iter().enumerate() {
            let [a, b, c] = hs.map(|h| h as usize * wpc);
            let words = &mut cand[i * wpc..(i + 1) * wpc];
            for (k, w) in words.iter_mut().enumerate() {
                *w = missing[a + k] & missing[b + k] & missing[c + k];
            }
            ncand[i] = words.iter().map(|w| w.count_ones() as u16).sum();
        }
        let total: usize = ncand.iter().map(|&c| usize::from(c)).sum();
        if total > max_candidates {
            return Err(FirstPass::Skipped);
        }
        // Counted, then each list's end, used as its cursor while it is filled from the
        // last open cell down, which leaves it at the list's start: no table beside `hds`
        // (two more of `3n²` words were 1.2 MB of fresh memory at 225x225, their page
        // faults paid by every answer) and no pass over it to put the starts back.
        let mut hds = vec![[0u32; 2]; 3 * n * n + 1];
        each_place(geo, &houses, &cand, false, |_, hd| hds[hd][1] += 1);
        let mut total = 0u32;
        for e in &mut hds {
            total += e[1];
            e[0] = total;
        }
        let mut taking = vec![0u32; total as usize];
        each_place(geo, &houses, &cand, true, |i, hd| {
            hds[hd][0] -= 1;
            taking[hds[hd][0] as usize] = i as u32;
        });
        let mut pass = Pass {
            geo,
            value,
            missing,
            open,
            houses,
            cand,
            ncand,
            hds,
            taking,
            queue: Vec::new(),
            locks: Vec::new(),
            locking: false,
        };
        for i in 0..m {
            match pass.ncand[i] {
                0 => return Err(FirstPass::Contradiction),
                1 => pass.queue.push(Pending::Naked(i as u32)),
                _ => {}
            }
        }
        for hd in pass.open_house_digits() {
            match pass.hds[hd][1] {
                0 => return Err(FirstPass::Contradiction),
                1 => pass.queue.push(Pending::Hidden(hd as u32)),
                _ => {}
            }
        }
        Ok(pass)
    }

    /// The cells left open and their candidates.
    fn left(self) -> Left {
        let mut left = Left {
            value: Vec::new(),
            open: Vec::new(),
            houses: Vec::new(),
            cand: Vec::new(),
            ncand: Vec::new(),
        };
        for (i, &cell) in self.open.iter().enumerate() {
            if self.is_open(i) {
                left.open.push(cell);
                left.houses.push(self.houses[i]);
                left.cand.extend_from_slice(self.cand(i));
                left.ncand.push(self.ncand[i]);
            }
        }
        left.value = self.value;
        left
    }

    fn cand(&self, i: usize) -> &[u64] {
        let wpc = self.geo.wpc;
        &self.cand[i * wpc..(i + 1) * wpc]
    }

    fn has(&self, i: usize, d: usize) -> bool {
        self.cand[i * self.geo.wpc + d / 64] >> (d % 64) & 1 == 1
    }

    fn is_open(&self, i: usize) -> bool {
        self.ncand[i] != 0
    }

    fn missing(&self, h: usize, d: usize) -> bool {
        self.missing[h * self.geo.wpc + d / 64] >> (d % 64) & 1 == 1
    }

    /// The open cells that took house-digit `hd` at the start (some since filled, or
    /// without it now).
    fn taking(&self, hd: usize) -> std::ops::Range<usize> {
        self.hds[hd][0] as usize..self.hds[hd + 1][0] as usize
    }

    /// The open cell of house `h` that takes `d` (its one place).
    fn place_of(&self, h: usize, d: usize) -> Option<usize> {
        self.taking(h * self.geo.n + d)
            .map(|at| self.taking[at] as usize)
            .find(|&i| self.is_open(i) && self.has(i, d))
    }

    /// One place of house-digit `hd` fewer; `false` if the digit, still missing there, has
    /// none left. A placed digit's count is [`PLACED`], which no loss brings near 1: no
    /// look at `missing` here (it was the pass's most costly line).
    fn lose_place(&mut self, h: usize, d: usize) -> bool {
        let hd = h * self.geo.n + d;
        let places = &mut self.hds[hd][1];
        *places -= 1;
        match *places {
            0 => false,
            1 => {
                self.queue.push(Pending::Hidden(hd as u32));
                true
            }
            p => {
                if self.locking && p <= u32::from(self.geo.lock_limit[self.geo.kind(hd)]) {
                    self.locks.push(hd as u32);
                }
                true
            }
        }
    }

    /// From now on locked candidates are checked: every open house-digit with few places
    /// is queued.
    fn start_locking(&mut self) {
        self.locking = true;
        let geo = self.geo;
        for hd in self.open_house_digits() {
            let p = self.hds[hd][1];
            if p >= 2 && p <= u32::from(geo.lock_limit[geo.kind(hd)]) {
                self.locks.push(hd as u32);
            }
        }
    }

    /// The house-digits (`house·n + digit`) whose digit is still missing: a few per house
    /// on a nearly full grid, where looking at all `3n²` was a tenth of the pass.
    fn open_house_digits(&self) -> Vec<usize> {
        let (n, wpc) = (self.geo.n, self.geo.wpc);
        let mut out = Vec::new();
        for (h, words) in self.missing.chunks_exact(wpc).enumerate() {
            for (k, &w0) in words.iter().enumerate() {
                let mut w = w0;
                while w != 0 {
                    out.push(h * n + k * 64 + w.trailing_zeros() as usize);
                    w &= w - 1;
                }
            }
        }
        out
    }

    /// `d` leaves open cell `j`; `false` on a contradiction.
    fn eliminate(&mut self, j: usize, d: usize) -> bool {
        let wpc = self.geo.wpc;
        let (word, bit) = (d / 64, 1u64 << (d % 64));
        if self.cand[j * wpc + word] & bit == 0 {
            return true;
        }
        self.cand[j * wpc + word] &= !bit;
        self.ncand[j] -= 1;
        match self.ncand[j] {
            0 => return false,
            1 => self.queue.push(Pending::Naked(j as u32)),
            _ => {}
        }
        let houses = self.houses[j];
        houses.iter().all(|&h| self.lose_place(h as usize, d))
    }

    /// Locked candidates on house-digit `hd`: when the places of a line's digit all lie
    /// in one box, or a box's on one line, the digit leaves that box's or line's other
    /// cells. `false` on a contradiction.
    fn lock(&mut self, hd: usize) -> bool {
        let geo = self.geo;
        let n = geo.n;
        let (h, d) = geo.split(hd);
        let kind = geo.kind(hd);
        let places = self.hds[hd][1];
        if !self.missing(h, d) || places < 2 || places > u32::from(geo.lock_limit[kind]) {
            return true;
        }
        // The row, column and box every place shares, where they share one.
        let mut shared: Option<[Option<u32>; 3]> = None;
        for at in self.taking(hd) {
            let j = self.taking[at] as usize;
            if !self.is_open(j) || !self.has(j, d) {
                continue;
            }
            let houses = self.houses[j];
            shared = Some(match shared {
                None => houses.map(Some),
                Some(s) => [0, 1, 2].map(|k| s[k].filter(|&x| x == houses[k])),
            });
        }
        let Some(shared) = shared else {
            return false;
        };
        let others: &[usize] = if kind == 2 { &[0, 1] } else { &[2] };
        for &k in others {
            let Some(other) = shared[k] else {
                continue;
            };
            let ohd = other as usize * n + d;
            if self.hds[ohd][1] == places {
                continue;
            }
            for at in self.taking(ohd) {
                let j = self.taking[at] as usize;
                let inside = self.houses[j][kind] as usize == h;
                if self.is_open(j) && !inside && !self.eliminate(j, d) {
                    return false;
                }
            }
        }
        true
    }

    /// Places `d` in open cell `i`: its other candidates go, and the cells that take `d`
    /// in its houses lose it. `false` on a contradiction.
    fn place(&mut self, i: usize, d: usize) -> bool {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let cell = self.open[i] as usize;
        let houses = self.houses[i].map(|h| h as usize);
        if !self.has(i, d) || houses.iter().any(|&h| !self.missing(h, d)) {
            return false;
        }
        self.value[cell] = (d + 1) as u16;
        self.ncand[i] = 0;
        for &h in &houses {
            self.missing[h * wpc + d / 64] &= !(1 << (d % 64));
            self.hds[h * n + d][1] = PLACED;
        }
        for k in 0..wpc {
            let mut bits = self.cand[i * wpc + k];
            while bits != 0 {
                let e = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if e != d && !houses.iter().all(|&h| self.lose_place(h, e)) {
                    return false;
                }
            }
        }
        for &h in &houses {
            for at in self.taking(h * n + d) {
                let j = self.taking[at] as usize;
                if self.is_open(j) && !self.eliminate(j, d) {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::drive::{run, Question};
    use super::super::tests::{at_root, keeping_some, random_solution};
    use super::super::tuning::Tuning;
    use super::super::{grid_of, Options};
    use super::*;
    use crate::Shape;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Random-holed grids of `shape`, and each again with up to `noise` digits typed into
    /// empty cells (no clash with the givens, but often no solution), with their solution
    /// when they were left alone.
    fn grids(shape: Shape, seed: u64, noise: usize) -> Vec<(Grid, Option<Grid>)> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut out = Vec::new();
        for fill in [0.3, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95] {
            let sol = random_solution(shape, &mut rng);
            let g = keeping_some(&sol, fill, &mut rng);
            let mut noisy = g.clone();
            for _ in 0..noise {
                let cell = crate::Cell::new(rng.gen_range(0..shape.cell_count()));
                let d = crate::Digit::new(rng.gen_range(1..=shape.side()));
                if noisy.value(cell) == 0 {
                    noisy.set(cell, Some(d));
                    if noisy.has_clash() {
                        noisy.set(cell, None);
                    }
                }
            }
            out.push((g, Some(sol)));
            out.push((noisy, None));
        }
        out
    }

    #[test]
    fn the_pass_reaches_what_propagation_reaches() {
        let (mut filled, mut open, mut contradiction) = (0, 0, 0);
        for (br, bc) in [(3, 4), (4, 3), (4, 4), (5, 5), (2, 5)] {
            let shape = Shape::new(br, bc).unwrap();
            let geo = Geometry::new(shape);
            for (g, sol) in grids(shape, (br * 10 + bc) as u64, shape.side() / 2) {
                // The dense engine's root, propagated: its values and candidates.
                let dense = at_root(&g, |st| (st.value.clone(), st.cand.clone()));
                match fill_within(&geo, &g, &Stop::never(), usize::MAX) {
                    FirstPass::Filled(values) => {
                        filled += 1;
                        let grid = grid_of(&g, &values);
                        assert!(grid.is_solution());
                        if let Some(sol) = sol {
                            assert_eq!(grid.values(), sol.values());
                        }
                        assert_eq!(dense.map(|d| d.0), Some(values));
                    }
                    FirstPass::Open(left) => {
                        open += 1;
                        let reached = left.reached(geo.wpc);
                        assert_eq!(dense, Some((reached.value, reached.cand)), "{g:?}");
                        assert!(reached.ncand.iter().all(|&c| c >= 1));
                    }
                    FirstPass::Contradiction => {
                        contradiction += 1;
                        assert!(dense.is_none(), "{g:?}");
                    }
                    other => panic!("{other:?} with no limit and no stop"),
                }
            }
        }
        assert!(
            filled >= 10 && open >= 10 && contradiction >= 3,
            "{filled} filled, {open} open, {contradiction} contradictions"
        );
    }

    #[test]
    fn the_engine_answers_as_it_did_without_the_pass() {
        // The dense engine after the pass, solution for solution (the residual search,
        // which finds them in another order, is held to it in `residual.rs`).
        let with = Tuning {
            residual_max_permille: 0,
            ..Tuning::default()
        };
        let without = Tuning {
            first_pass_from_side: usize::MAX,
            ..with
        };
        let mut by_pass = 0;
        for (br, bc) in [(6, 6), (6, 7)] {
            let shape = Shape::new(br, bc).unwrap();
            let geo = Geometry::new(shape);
            for (g, _) in grids(shape, 7, 3) {
                let never = Stop::never();
                by_pass += usize::from(matches!(fill(&geo, &g, &never), FirstPass::Filled(_)));
                let q = Question::new(&g, 2, 2);
                let a = run(q, with, &never, Options::default());
                let b = run(q, without, &never, Options::default());
                assert_eq!(a.count, b.count, "{g:?}");
                assert_eq!(a.solutions, b.solutions, "{g:?}");
                for s in &a.solutions {
                    assert_eq!(s.given_count(), g.given_count());
                }
            }
        }
        assert!(by_pass >= 4, "{by_pass} grids filled by the pass");
    }

    #[test]
    fn many_candidates_go_to_the_dense_engine() {
        let shape = Shape::new(6, 6).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let sol = random_solution(shape, &mut rng);
        // One empty cell per row at most: singles fill it, within any budget.
        let mut g = sol.clone();
        for r in 0..36 {
            g.set(crate::Cell::new(r * 36 + (r * 7) % 36), None);
        }
        let geo = Geometry::new(shape);
        let never = Stop::never();
        assert!(matches!(fill(&geo, &g, &never), FirstPass::Filled(_)));
        // A third of the cells given: more candidates than the pass takes on.
        let sparse = keeping_some(&sol, 0.33, &mut rng);
        assert!(matches!(fill(&geo, &sparse, &never), FirstPass::Skipped));
        assert!(matches!(
            fill_within(&geo, &g, &never, 0),
            FirstPass::Skipped
        ));
    }
}
