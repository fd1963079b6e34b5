//! Naked and hidden singles over the open cells alone, before the dense state is built.
//!
//! The dense state ([`Solver::new`](super::Solver)) holds every cell's candidates and every
//! house-digit's places, `4n²·⌈n/64⌉` words, whatever is given: on a nearly full grid
//! building it is most of the answer (225x225-2, 80% givens: the place words alone were a
//! third of its time). Many big puzzles are made to fall to singles (rkkautsar's 225x225-2,
//! Kociemba's 400x400 files, our own from 26x26 up), and then nothing dense is needed:
//! this pass keeps candidate words for the open cells only, and per house-digit a count
//! of its places and a list of the cells that took it at the start.
//!
//! Singles are sound, so a grid they fill has exactly that solution: the answer is
//! "unique" with no search. A grid they do not fill (or a contradiction) goes to the
//! dense engine from its givens, as before: what the pass did is dropped, so the engine's
//! choices, which depend on the givens (their share, the formula fit), are unchanged.

use super::{first_bit, Geometry, Pending};
use crate::grid::Grid;
use crate::stop::Stop;

/// Placements between two looks at the stop.
const TICK: usize = 4096;

/// The values of every cell (1-based) when naked and hidden singles fill `grid`; `None`
/// when they stall, meet a contradiction or clashing givens, or `stop` is reached.
pub(super) fn fill(geo: &Geometry, grid: &Grid, stop: &Stop) -> Option<Vec<u16>> {
    // Each candidate costs the pass about seven words (its bit, three counts, three list
    // entries); the dense state costs `4n²·wpc` words whatever it holds. Past this many
    // candidates the dense engine is the cheaper way (Kociemba's few-clue 400x400 files,
    // 18–28M candidates: 1.3 and 1.7 s here against 1.0 and 1.3 s).
    fill_within(geo, grid, stop, geo.n * geo.n * geo.wpc)
}

/// [`fill`], giving up on a grid whose open cells have more than `max_candidates`.
fn fill_within(
    geo: &Geometry,
    grid: &Grid,
    stop: &Stop,
    max_candidates: usize,
) -> Option<Vec<u16>> {
    let mut pass = Pass::new(geo, grid, max_candidates)?;
    let mut placed = 0usize;
    while let Some(p) = pass.queue.pop() {
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
                let i = pass.place_of(h, d)?;
                pass.place(i, d)
            }
        };
        if !ok {
            return None;
        }
        placed += 1;
        if placed.is_multiple_of(TICK) && stop.reached() {
            return None;
        }
    }
    (placed == pass.open.len()).then_some(pass.value)
}

/// The pass's state. Open cells are numbered `0..open.len()` (`i`), in cell order.
struct Pass<'g> {
    geo: &'g Geometry,
    /// Every cell's value, 0 while open.
    value: Vec<u16>,
    /// `3n × wpc`: the digits not yet placed in each house.
    missing: Vec<u64>,
    /// The cell of each open cell.
    open: Vec<u32>,
    /// `open.len() × wpc`: each open cell's candidates.
    cand: Vec<u64>,
    /// How many: 0 once the cell is filled.
    ncand: Vec<u16>,
    /// Per house-digit (`house·n + digit`, and one more at the end): where its list in
    /// `taking` starts, and how many open cells of the house take the digit (kept while
    /// the digit is missing there, then frozen). One entry, so that a placement's visit
    /// to a house-digit misses the cache once.
    hds: Vec<[u32; 2]>,
    /// The open cells that took each house-digit at the start. Filled cells and lost
    /// candidates are passed over when read, never removed: a placement visits the few
    /// cells that took its digit in its houses (3.8 a house-digit on 225x225-2), not
    /// every open peer.
    taking: Vec<u32>,
    queue: Vec<Pending>,
}

impl<'g> Pass<'g> {
    /// The pass's state for `grid`, its first singles queued; `None` on clashing givens, a
    /// cell or house-digit with no candidate, or more than `max_candidates`.
    fn new(geo: &'g Geometry, grid: &Grid, max_candidates: usize) -> Option<Pass<'g>> {
        let (n, wpc) = (geo.n, geo.wpc);
        let value = grid.values().to_vec();
        let mut missing = vec![0u64; 3 * n * wpc];
        for words in missing.chunks_exact_mut(wpc) {
            for (i, w) in words.iter_mut().enumerate() {
                *w = if n >= i * 64 + 64 {
                    !0
                } else {
                    (1u64 << (n - i * 64)) - 1
                };
            }
        }
        let mut open = Vec::new();
        for (cell, &v) in value.iter().enumerate() {
            if v == 0 {
                open.push(cell as u32);
                continue;
            }
            let d = v as usize - 1;
            for &h in &geo.cell_houses[cell] {
                let w = &mut missing[h as usize * wpc + d / 64];
                if *w >> (d % 64) & 1 == 0 {
                    return None;
                }
                *w &= !(1 << (d % 64));
            }
        }
        let m = open.len();
        let mut cand = vec![0u64; m * wpc];
        let mut ncand = vec![0u16; m];
        for (i, &cell) in open.iter().enumerate() {
            let [a, b, c] = geo.cell_houses[cell as usize].map(|h| h as usize * wpc);
            let words = &mut cand[i * wpc..(i + 1) * wpc];
            for (k, w) in words.iter_mut().enumerate() {
                *w = missing[a + k] & missing[b + k] & missing[c + k];
            }
            ncand[i] = words.iter().map(|w| w.count_ones() as u16).sum();
        }
        let total: usize = ncand.iter().map(|&c| usize::from(c)).sum();
        if total > max_candidates {
            return None;
        }
        let mut places = vec![0u32; 3 * n * n];
        for (i, &cell) in open.iter().enumerate() {
            let houses = geo.cell_houses[cell as usize];
            for k in 0..wpc {
                let mut bits = cand[i * wpc + k];
                while bits != 0 {
                    let d = k * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for &h in &houses {
                        places[h as usize * n + d] += 1;
                    }
                }
            }
        }
        let mut hds = Vec::with_capacity(3 * n * n + 1);
        let mut total = 0u32;
        for &p in &places {
            hds.push([total, p]);
            total += p;
        }
        hds.push([total, 0]);
        drop(places);
        let mut taking = vec![0u32; total as usize];
        let mut next: Vec<u32> = hds.iter().map(|e| e[0]).collect();
        for (i, &cell) in open.iter().enumerate() {
            let houses = geo.cell_houses[cell as usize];
            for k in 0..wpc {
                let mut bits = cand[i * wpc + k];
                while bits != 0 {
                    let d = k * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for &h in &houses {
                        let at = &mut next[h as usize * n + d];
                        taking[*at as usize] = i as u32;
                        *at += 1;
                    }
                }
            }
        }
        let mut pass = Pass {
            geo,
            value,
            missing,
            open,
            cand,
            ncand,
            hds,
            taking,
            queue: Vec::new(),
        };
        for i in 0..m {
            match pass.ncand[i] {
                0 => return None,
                1 => pass.queue.push(Pending::Naked(i as u32)),
                _ => {}
            }
        }
        for h in 0..3 * n {
            for d in 0..n {
                if pass.missing(h, d) {
                    match pass.hds[h * n + d][1] {
                        0 => return None,
                        1 => pass.queue.push(Pending::Hidden((h * n + d) as u32)),
                        _ => {}
                    }
                }
            }
        }
        Some(pass)
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
    /// none left.
    fn lose_place(&mut self, h: usize, d: usize) -> bool {
        if !self.missing(h, d) {
            return true;
        }
        let hd = h * self.geo.n + d;
        let places = &mut self.hds[hd][1];
        *places -= 1;
        match *places {
            0 => false,
            1 => {
                self.queue.push(Pending::Hidden(hd as u32));
                true
            }
            _ => true,
        }
    }

    /// Places `d` in open cell `i`: its other candidates go, and the cells that take `d`
    /// in its houses lose it. `false` on a contradiction.
    fn place(&mut self, i: usize, d: usize) -> bool {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let cell = self.open[i] as usize;
        let houses = geo.cell_houses[cell].map(|h| h as usize);
        if !self.has(i, d) || houses.iter().any(|&h| !self.missing(h, d)) {
            return false;
        }
        self.value[cell] = (d + 1) as u16;
        self.ncand[i] = 0;
        for &h in &houses {
            self.missing[h * wpc + d / 64] &= !(1 << (d % 64));
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
        let (word, bit) = (d / 64, 1u64 << (d % 64));
        for &h in &houses {
            for at in self.taking(h * n + d) {
                let j = self.taking[at] as usize;
                if !self.is_open(j) || self.cand[j * wpc + word] & bit == 0 {
                    continue;
                }
                self.cand[j * wpc + word] &= !bit;
                self.ncand[j] -= 1;
                match self.ncand[j] {
                    0 => return false,
                    1 => self.queue.push(Pending::Naked(j as u32)),
                    _ => {}
                }
                for h2 in geo.cell_houses[self.open[j] as usize] {
                    if !self.lose_place(h2 as usize, d) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::drive::{run, Question};
    use super::super::tests::{keeping_some, random_solution};
    use super::super::tuning::Tuning;
    use super::super::{grid_of, Options};
    use super::*;
    use crate::Shape;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Naked and hidden singles the slow way: candidates from scratch after each
    /// placement. The values when they fill `grid`, `None` when they stall or meet a cell
    /// or a house-digit with nowhere to go.
    fn by_sweeps(grid: &Grid) -> Option<Vec<u16>> {
        let shape = grid.shape();
        let n = shape.side();
        let houses: Vec<Vec<usize>> = crate::House::distinct(shape)
            .map(|h| h.cells(shape).map(|c| c.index()).collect())
            .collect();
        let mut value = grid.values().to_vec();
        'sweep: loop {
            let takes = |value: &[u16], cell: usize, d: u16| {
                value[cell] == 0
                    && houses
                        .iter()
                        .filter(|h| h.contains(&cell))
                        .all(|h| h.iter().all(|&c| value[c] != d))
            };
            for cell in (0..n * n).filter(|&c| value[c] == 0) {
                let ds: Vec<u16> = (1..=n as u16).filter(|&d| takes(&value, cell, d)).collect();
                match ds[..] {
                    [] => return None,
                    [d] => {
                        value[cell] = d;
                        continue 'sweep;
                    }
                    _ => {}
                }
            }
            for h in &houses {
                for d in (1..=n as u16).filter(|&d| h.iter().all(|&c| value[c] != d)) {
                    let at: Vec<usize> =
                        h.iter().copied().filter(|&c| takes(&value, c, d)).collect();
                    match at[..] {
                        [] => return None,
                        [c] => {
                            value[c] = d;
                            continue 'sweep;
                        }
                        _ => {}
                    }
                }
            }
            return value.iter().all(|&v| v != 0).then_some(value);
        }
    }

    /// Random-holed grids of `shape`, some with wrong digits typed into empty cells
    /// (no clash with the givens, but often no solution), with their solution when they
    /// were left alone.
    fn grids(shape: Shape, seed: u64) -> Vec<(Grid, Option<Grid>)> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut out = Vec::new();
        for fill in [0.3, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95] {
            let sol = random_solution(shape, &mut rng);
            let g = keeping_some(&sol, fill, &mut rng);
            let mut noisy = g.clone();
            for _ in 0..3 {
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
    fn the_pass_fills_exactly_what_singles_fill() {
        let (mut filled, mut not) = (0, 0);
        for (br, bc) in [(3, 4), (4, 3), (4, 4), (5, 5), (2, 5)] {
            let shape = Shape::new(br, bc).unwrap();
            let geo = Geometry::new(shape);
            for (g, sol) in grids(shape, (br * 10 + bc) as u64) {
                let got = fill_within(&geo, &g, &Stop::never(), usize::MAX);
                assert_eq!(got, by_sweeps(&g), "{shape:?} {g:?}");
                match got {
                    Some(values) => {
                        filled += 1;
                        let grid = grid_of(&g, &values);
                        assert!(grid.is_solution());
                        if let Some(sol) = sol {
                            assert_eq!(grid.values(), sol.values());
                        }
                    }
                    None => not += 1,
                }
            }
        }
        assert!(filled >= 10 && not >= 10, "{filled} filled, {not} not");
    }

    #[test]
    fn the_engine_answers_as_it_did_without_the_pass() {
        let without = Tuning {
            singles_from_side: usize::MAX,
            ..Tuning::default()
        };
        let mut by_pass = 0;
        for (br, bc) in [(6, 6), (6, 7)] {
            let shape = Shape::new(br, bc).unwrap();
            let geo = Geometry::new(shape);
            for (g, _) in grids(shape, 7) {
                let never = Stop::never();
                by_pass += usize::from(fill(&geo, &g, &never).is_some());
                let q = Question::new(&g, 2, 2);
                let a = run(q, Tuning::default(), &never, Options::default());
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
        assert!(fill(&geo, &g, &Stop::never()).is_some());
        // A third of the cells given: more candidates than the pass takes on.
        let sparse = keeping_some(&sol, 0.33, &mut rng);
        assert!(fill(&geo, &sparse, &Stop::never()).is_none());
        assert!(fill_within(&geo, &sparse, &Stop::never(), 0).is_none());
    }
}
