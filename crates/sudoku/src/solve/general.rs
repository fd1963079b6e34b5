//! The general exhaustive solver: any shape from 4x4 to 400x400.
//!
//! Constraint propagation plus depth-first search, in the spirit of Norvig's essay:
//!
//! * **State.** Per cell, a bitset of candidates (`⌈n/64⌉` words); per house and digit, how
//!   many empty cells of the house may still take the digit, and whether it is placed.
//! * **Propagation.** Placing a digit eliminates it from every peer. Each elimination
//!   updates the three house counters: a cell left with one candidate is a *naked single*,
//!   a house-digit count of one is a *hidden single*, zero of either is a contradiction.
//!   Singles wait in a queue and are placed until it drains, so one pass costs
//!   `O(placements · 3n)`, which keeps 400x400 grids solved by singles well under a second.
//! * **Search.** Branch where the choice is narrowest, as DLX picks its column: the empty
//!   cell with the fewest candidates, or the house and digit with the fewest places left.
//!   Try one candidate on a copy of the state; on failure, eliminate it and go on (a binary
//!   split, so the elimination itself propagates). House-digit branching is what makes
//!   25x25 puzzles at 40% givens take milliseconds instead of minutes. The stack of saved states is
//!   explicit, so deep searches on big grids cannot overflow the call stack.
//!
//! Not done (measured unnecessary for the sets we hold): locked candidates in propagation;
//! undo trails instead of copies (copies are cheap below 100x100, and big public puzzles need
//! few guesses). The 9x9 case has its own engine ([`super::fast9`]).

use crate::grid::{Candidates, Grid};
use crate::index::{Cell, Digit, House};
use crate::shape::Shape;

/// Precomputed geometry shared by every state of one search.
struct Geometry {
    n: usize,
    /// Cells of each house, `3n × n`.
    house_cells: Vec<u32>,
    /// Houses of each cell, `N × 3`.
    cell_houses: Vec<[u32; 3]>,
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.side();
        let mut house_cells = Vec::with_capacity(3 * n * n);
        for h in House::all(shape) {
            house_cells.extend(h.cells(shape).map(|c| c.index() as u32));
        }
        let cell_houses = Cell::all(shape)
            .map(|c| c.houses(shape).map(|h| h.index(shape) as u32))
            .collect();
        Geometry {
            n,
            house_cells,
            cell_houses,
        }
    }
    #[inline]
    fn cells_of(&self, house: usize) -> &[u32] {
        &self.house_cells[house * self.n..(house + 1) * self.n]
    }
}

#[derive(Clone)]
struct State {
    /// `N × wpc` candidate words; all zero for a filled cell.
    cand: Vec<u64>,
    /// 0 empty, else 1-based digit.
    value: Vec<u16>,
    /// `3n × n`: empty cells of the house where the digit is still a candidate.
    count: Vec<u16>,
    /// `3n × n`: the digit is placed in the house.
    placed: Vec<bool>,
    empty: usize,
}

enum Pending {
    Naked(u32),
    Hidden(u32, u16),
}

struct Engine<'g> {
    geo: &'g Geometry,
    wpc: usize,
    queue: Vec<Pending>,
}

impl Engine<'_> {
    #[inline]
    fn cand<'s>(&self, st: &'s State, cell: usize) -> &'s [u64] {
        &st.cand[cell * self.wpc..(cell + 1) * self.wpc]
    }

    #[inline]
    fn has(&self, st: &State, cell: usize, d: usize) -> bool {
        st.cand[cell * self.wpc + d / 64] >> (d % 64) & 1 == 1
    }

    fn cand_len(&self, st: &State, cell: usize) -> u32 {
        self.cand(st, cell).iter().map(|w| w.count_ones()).sum()
    }

    fn first_cand(&self, st: &State, cell: usize) -> Option<usize> {
        self.cand(st, cell)
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// Removes candidate `d` from `cell` (0-based digit). Returns false on contradiction.
    fn eliminate(&mut self, st: &mut State, cell: usize, d: usize) -> bool {
        let w = &mut st.cand[cell * self.wpc + d / 64];
        let bit = 1u64 << (d % 64);
        if *w & bit == 0 {
            return true;
        }
        *w &= !bit;
        let n = self.geo.n;
        for &h in &self.geo.cell_houses[cell] {
            let k = h as usize * n + d;
            st.count[k] -= 1;
            if !st.placed[k] {
                match st.count[k] {
                    0 => return false,
                    1 => self.queue.push(Pending::Hidden(h, d as u16)),
                    _ => {}
                }
            }
        }
        match self.cand_len(st, cell) {
            0 => false,
            1 => {
                self.queue.push(Pending::Naked(cell as u32));
                true
            }
            _ => true,
        }
    }

    /// Places digit `d` (0-based) in `cell`. Returns false on contradiction.
    fn assign(&mut self, st: &mut State, cell: usize, d: usize) -> bool {
        if st.value[cell] != 0 {
            return st.value[cell] as usize == d + 1;
        }
        if !self.has(st, cell, d) {
            return false;
        }
        let n = self.geo.n;
        // The cell leaves the counts of every digit it could still take.
        for wi in 0..self.wpc {
            let mut w = st.cand[cell * self.wpc + wi];
            while w != 0 {
                let e = wi * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                for &h in &self.geo.cell_houses[cell] {
                    let k = h as usize * n + e;
                    st.count[k] -= 1;
                    if e != d && !st.placed[k] {
                        match st.count[k] {
                            0 => return false,
                            1 => self.queue.push(Pending::Hidden(h, e as u16)),
                            _ => {}
                        }
                    }
                }
            }
            st.cand[cell * self.wpc + wi] = 0;
        }
        st.value[cell] = (d + 1) as u16;
        st.empty -= 1;
        let houses = self.geo.cell_houses[cell];
        for &h in &houses {
            let k = h as usize * n + d;
            if st.placed[k] {
                return false;
            }
            st.placed[k] = true;
        }
        for &h in &houses {
            for &p in self.geo.cells_of(h as usize) {
                let p = p as usize;
                if p != cell && !self.eliminate(st, p, d) {
                    return false;
                }
            }
        }
        true
    }

    /// Places singles until none is left. Returns false on contradiction.
    fn propagate(&mut self, st: &mut State) -> bool {
        while let Some(p) = self.queue.pop() {
            let ok = match p {
                Pending::Naked(cell) => {
                    let cell = cell as usize;
                    match self.first_cand(st, cell) {
                        Some(d) => self.assign(st, cell, d),
                        None => st.value[cell] != 0,
                    }
                }
                Pending::Hidden(h, d) => {
                    let (h, d) = (h as usize, d as usize);
                    if st.placed[h * self.geo.n + d] {
                        true
                    } else {
                        match self
                            .geo
                            .cells_of(h)
                            .iter()
                            .find(|&&c| self.has(st, c as usize, d))
                        {
                            Some(&c) => self.assign(st, c as usize, d),
                            None => false,
                        }
                    }
                }
            };
            if !ok {
                self.queue.clear();
                return false;
            }
        }
        true
    }

    /// The choice to branch on, as DLX would pick its column: the empty cell with the fewest
    /// candidates, or the house and digit with the fewest places left, whichever is smaller.
    /// Returns the cell and digit to try first.
    fn branch_choice(&self, st: &State) -> Option<(usize, usize)> {
        let mut best_cell = None;
        let mut best_len = u32::MAX;
        for cell in 0..st.value.len() {
            if st.value[cell] == 0 {
                let l = self.cand_len(st, cell);
                if l < best_len {
                    best_len = l;
                    best_cell = Some(cell);
                    if l <= 2 {
                        break;
                    }
                }
            }
        }
        if best_len > 2 {
            let n = self.geo.n;
            let mut best_house = None;
            let mut best_count = best_len as u16;
            for (k, (&count, &placed)) in st.count.iter().zip(&st.placed).enumerate() {
                if !placed && count < best_count {
                    best_count = count;
                    best_house = Some(k);
                    if count <= 2 {
                        break;
                    }
                }
            }
            if let Some(k) = best_house {
                let (h, d) = (k / n, k % n);
                let cell = *self
                    .geo
                    .cells_of(h)
                    .iter()
                    .find(|&&c| self.has(st, c as usize, d))?;
                return Some((cell as usize, d));
            }
        }
        let cell = best_cell?;
        Some((cell, self.first_cand(st, cell)?))
    }
}

/// What a search found: how many solutions (up to the limit asked), the first few, and how
/// many guesses it took.
#[derive(Clone, Debug, Default)]
pub struct Search {
    pub count: usize,
    pub solutions: Vec<Grid>,
    pub guesses: u64,
}

/// Counts the solutions of `grid` up to `limit`, keeping the first `keep` of them.
///
/// `marks`, when given, restricts each empty cell to its pencil marks (a Sukaku or a position
/// mid-solve): only solutions inside the marks count. Digits already in the grid that clash
/// simply make the count zero; callers that want to tell "invalid" from "no solution" check
/// [`Grid::conflicts`] first.
///
/// ```
/// use sudoku::{Grid, solve::general};
/// let g = Grid::from_line("1...............").unwrap();
/// let s = general::search(&g, None, 1000, 0);
/// assert_eq!(s.count, 72); // 4x4 grids with a 1 in the corner
/// ```
pub fn search(grid: &Grid, marks: Option<&Candidates>, limit: usize, keep: usize) -> Search {
    let shape = grid.shape();
    let geo = Geometry::new(shape);
    let n = geo.n;
    let wpc = n.div_ceil(64);
    let cells = shape.cell_count();
    let mut full = vec![0u64; wpc];
    for (i, w) in full.iter_mut().enumerate() {
        let lo = i * 64;
        *w = if n >= lo + 64 {
            !0
        } else {
            (1u64 << (n - lo)) - 1
        };
    }
    let mut st = State {
        cand: full.iter().copied().cycle().take(cells * wpc).collect(),
        value: vec![0; cells],
        count: vec![n as u16; 3 * n * n],
        placed: vec![false; 3 * n * n],
        empty: cells,
    };
    let mut eng = Engine {
        geo: &geo,
        wpc,
        queue: Vec::new(),
    };
    let mut result = Search::default();
    if limit == 0 {
        return result;
    }
    let mut ok = true;
    for cell in 0..cells {
        let v = grid.values()[cell] as usize;
        if v != 0 {
            ok = ok && eng.assign(&mut st, cell, v - 1) && eng.propagate(&mut st);
        }
        if !ok {
            return result;
        }
    }
    if let Some(m) = marks {
        for cell in Cell::all(shape) {
            if grid.value(cell) == 0 {
                let keep_set = m.get(cell);
                // Propagating the givens may already have filled the cell.
                let v = st.value[cell.index()] as usize;
                if v != 0 && !keep_set.contains(Digit::new(v)) {
                    return result;
                }
                for d in Digit::all(shape) {
                    if !keep_set.contains(d) && !eng.eliminate(&mut st, cell.index(), d.index()) {
                        return result;
                    }
                }
            }
        }
        if !eng.propagate(&mut st) {
            return result;
        }
    }

    // Binary branching: a frame is a saved state in which `digit` must be eliminated from
    // `cell` when we come back to it.
    let mut stack: Vec<(State, usize, usize)> = Vec::new();
    let mut alive = true;
    loop {
        if alive {
            if st.empty == 0 {
                result.count += 1;
                if result.solutions.len() < keep {
                    let values: Vec<usize> = st.value.iter().map(|&v| v as usize).collect();
                    let mut g = Grid::from_values(shape, &values).expect("solver values in range");
                    // Keep the puzzle's givens marked as such.
                    for c in Cell::all(shape) {
                        if !grid.is_given(c) {
                            g.set(c, Digit::try_new(values[c.index()], shape));
                        }
                    }
                    result.solutions.push(g);
                }
                if result.count >= limit {
                    return result;
                }
                // Fall through to backtrack.
            } else {
                let (cell, d) = eng
                    .branch_choice(&st)
                    .expect("an empty cell with candidates");
                result.guesses += 1;
                stack.push((st.clone(), cell, d));
                alive = eng.assign(&mut st, cell, d) && eng.propagate(&mut st);
                continue;
            }
        }
        match stack.pop() {
            None => return result,
            Some((saved, cell, d)) => {
                // A branch that failed inside `assign` may leave singles queued: they belong
                // to the abandoned state.
                eng.queue.clear();
                st = saved;
                // A failed `assign` returns before `propagate` could drain the queue: its
                // singles belong to the abandoned state.
                eng.queue.clear();
                alive = eng.eliminate(&mut st, cell, d) && eng.propagate(&mut st);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_unique() {
        let g = Grid::from_line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let s = search(&g, None, 2, 2);
        assert_eq!(s.count, 1);
        assert!(crate::verify::check_solution_of(&g, &s.solutions[0]).is_ok());
    }

    #[test]
    fn empty_six_by_six_has_many() {
        let g = Grid::empty(Shape::new(2, 3).unwrap());
        let s = search(&g, None, 5, 5);
        assert_eq!(s.count, 5);
        for sol in &s.solutions {
            assert!(sol.is_solution());
        }
        assert_ne!(s.solutions[0], s.solutions[1]);
    }

    #[test]
    fn failed_guess_leaves_no_stale_singles() {
        // top1465 #47: once reported 0 solutions, because singles queued by a guess that
        // failed inside `assign` were applied to the state restored after it.
        let g = Grid::from_line(
            "...9.3.5.2.....7............59..1......4..6...43......4..67...........91....2....",
        )
        .unwrap();
        assert_eq!(search(&g, None, 2, 0).count, 1);
    }

    #[test]
    fn marks_apply_to_cells_filled_by_propagation() {
        let g = Grid::from_line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        // Singles fill r1c3 with 4; marks without 4 there leave no solution.
        let mut marks = Candidates::full(g.shape());
        let mut set = crate::DigitSet::full(9);
        set.remove(Digit::new(4));
        marks.set(Cell::new(2), set);
        assert_eq!(search(&g, Some(&marks), 2, 0).count, 0);
    }

    #[test]
    fn clash_means_no_solution() {
        let g = Grid::from_line("11..............").unwrap();
        assert_eq!(search(&g, None, 2, 0).count, 0);
    }
}
