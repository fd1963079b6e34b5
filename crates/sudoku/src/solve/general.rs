//! The general exhaustive solver: any shape from 4x4 to 400x400.
//!
//! Constraint propagation plus depth-first search.
//!
//! * **State.** Two views of the same candidates, kept in step: per cell, a bitset of digits
//!   (`⌈n/64⌉` words) and its size; per house and digit, a bitset of the positions in the
//!   house where the digit may still go, and its size. A placed cell keeps its digit as its
//!   only candidate, so a house-digit of size one is either placed or a hidden single.
//! * **Propagation.** Every change is an elimination of one candidate, which updates the four
//!   bitsets and their counters in O(1) and queues what it uncovered: a cell down to one
//!   candidate (naked single), a house-digit down to one place (hidden single), zero of
//!   either (contradiction), or a house-digit down to few places (a check for *locked
//!   candidates*: all places of a digit in a row inside one box, and the other three cases).
//!   Placing a digit walks the position bitsets of its three houses, so it costs what it
//!   eliminates, not `3n` peers.
//! * **Undo.** Changes go on a trail; backtracking pops it. Nothing is copied per guess.
//! * **Search.** Branch where the choice is narrowest, as DLX picks its column: the empty
//!   cell with the fewest candidates, or the house and digit with the fewest places left.
//!   Try one candidate; on failure, eliminate it and go on (a binary split, so the
//!   elimination itself propagates). The stack of choices is explicit, so deep searches on
//!   big grids cannot overflow the call stack.
//! * **Start.** The initial state is built in one pass from the givens (used digits per
//!   house, then candidates, then positions), not by placing the givens one by one.
//!
//! Measurements and what did or did not help are in the notes at the end of this file's
//! docs (see `NOTES` below).

use crate::grid::{Candidates, Grid};
use crate::index::{Cell, Digit};

/// Words in the biggest bitset (400 digits or positions).
const MAXW: usize = 7;

/// Precomputed geometry of one shape.
struct Geometry {
    n: usize,
    br: usize,
    bc: usize,
    /// Words per bitset of `n` bits.
    wpc: usize,
    /// Cells of each house by position, `3n × n`: rows, then columns, then boxes.
    house_cells: Vec<u32>,
    /// Houses of each cell: row, `n` + column, `2n` + box.
    cell_houses: Vec<[u32; 3]>,
    /// Position of each cell inside its three houses.
    cell_pos: Vec<[u16; 3]>,
    /// Locked candidates are possible once a house-digit has at most this many places
    /// (by house kind: row, column, box).
    lock_limit: [u16; 3],
}

impl Geometry {
    fn new(shape: crate::Shape) -> Geometry {
        let n = shape.side();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let stacks = n / bc;
        let mut house_cells = vec![0u32; 3 * n * n];
        let mut cell_houses = Vec::with_capacity(n * n);
        let mut cell_pos = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                let cell = (r * n + c) as u32;
                let b = (r / br) * stacks + c / bc;
                let pb = (r % br) * bc + c % bc;
                house_cells[r * n + c] = cell;
                house_cells[(n + c) * n + r] = cell;
                house_cells[(2 * n + b) * n + pb] = cell;
                cell_houses.push([r as u32, (n + c) as u32, (2 * n + b) as u32]);
                cell_pos.push([c as u16, r as u16, pb as u16]);
            }
        }
        Geometry {
            n,
            br,
            bc,
            wpc: n.div_ceil(64),
            house_cells,
            cell_houses,
            cell_pos,
            lock_limit: [bc as u16, br as u16, br.max(bc) as u16],
        }
    }
}

/// Something propagation must look at.
#[derive(Clone, Copy)]
enum Pending {
    /// A cell down to one candidate.
    Naked(u32),
    /// A house-digit (`house · n + digit`) down to one place.
    Hidden(u32),
}

/// A trail entry: an eliminated candidate or a placed cell.
#[derive(Clone, Copy)]
enum Change {
    Elim(u32, u16),
    Place(u32),
}

/// The search state, changed in place and restored from the trail.
struct Solver<'g> {
    geo: &'g Geometry,
    /// `N × wpc` candidate words. A placed cell keeps its digit.
    cand: Vec<u64>,
    ncand: Vec<u16>,
    /// 0 empty, else 1-based digit.
    value: Vec<u16>,
    /// `3n·n × wpc`: positions of the house where the digit may go (`(house·n + digit)·wpc`).
    pos: Vec<u64>,
    npos: Vec<u16>,
    /// `3n × n`: the digit is placed in the house.
    placed: Vec<bool>,
    empty: usize,
    trail: Vec<Change>,
    singles: Vec<Pending>,
    /// House-digits to check for locked candidates.
    locked: Vec<u32>,
}

/// Calls `f` with the index of every set bit of `words` (a copy, so `f` may change the
/// original).
#[inline]
fn for_bits(words: &[u64; MAXW], wpc: usize, mut f: impl FnMut(usize) -> bool) -> bool {
    for (i, &w0) in words[..wpc].iter().enumerate() {
        let mut w = w0;
        while w != 0 {
            let b = i * 64 + w.trailing_zeros() as usize;
            w &= w - 1;
            if !f(b) {
                return false;
            }
        }
    }
    true
}

#[inline]
fn first_bit(words: &[u64]) -> Option<usize> {
    words
        .iter()
        .enumerate()
        .find(|(_, &w)| w != 0)
        .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
}

#[inline]
fn last_bit(words: &[u64]) -> Option<usize> {
    words
        .iter()
        .enumerate()
        .rev()
        .find(|(_, &w)| w != 0)
        .map(|(i, w)| i * 64 + 63 - w.leading_zeros() as usize)
}

impl<'g> Solver<'g> {
    /// The state of `grid`'s givens, built in one pass; `None` if two givens clash.
    fn new(geo: &'g Geometry, grid: &Grid) -> Option<Solver<'g>> {
        let (n, wpc) = (geo.n, geo.wpc);
        let cells = n * n;
        let mut used = vec![0u64; 3 * n * wpc];
        let mut value = vec![0u16; cells];
        let mut placed = vec![false; 3 * n * n];
        let mut empty = cells;
        for (cell, &v) in grid.values().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let d = v as usize - 1;
            for &h in &geo.cell_houses[cell] {
                let w = &mut used[h as usize * wpc + d / 64];
                if *w >> (d % 64) & 1 == 1 {
                    return None;
                }
                *w |= 1 << (d % 64);
                placed[h as usize * n + d] = true;
            }
            value[cell] = v;
            empty -= 1;
        }
        let mut cand = vec![0u64; cells * wpc];
        let mut ncand = vec![0u16; cells];
        let mut pos = vec![0u64; 3 * n * n * wpc];
        let mut npos = vec![0u16; 3 * n * n];
        for cell in 0..cells {
            let cw = &mut cand[cell * wpc..(cell + 1) * wpc];
            if value[cell] != 0 {
                let d = value[cell] as usize - 1;
                cw[d / 64] = 1 << (d % 64);
            } else {
                let [a, b, c] = geo.cell_houses[cell].map(|h| h as usize * wpc);
                for (i, w) in cw.iter_mut().enumerate() {
                    let full = if n >= i * 64 + 64 {
                        !0
                    } else {
                        (1u64 << (n - i * 64)) - 1
                    };
                    *w = full & !(used[a + i] | used[b + i] | used[c + i]);
                }
            }
            let mut k = 0;
            for (i, &w0) in cw.iter().enumerate() {
                let mut w = w0;
                while w != 0 {
                    let d = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    k += 1;
                    for (&h, &p) in geo.cell_houses[cell].iter().zip(&geo.cell_pos[cell]) {
                        let hd = h as usize * n + d;
                        pos[hd * wpc + p as usize / 64] |= 1 << (p % 64);
                        npos[hd] += 1;
                    }
                }
            }
            ncand[cell] = k;
        }
        Some(Solver {
            geo,
            cand,
            ncand,
            value,
            pos,
            npos,
            placed,
            empty,
            trail: Vec::new(),
            singles: Vec::new(),
            locked: Vec::new(),
        })
    }

    /// Queues every single and locked-candidate check of the fresh state. Returns false on
    /// an obvious contradiction (a cell or a house-digit with no place).
    fn queue_all(&mut self) -> bool {
        let n = self.geo.n;
        for cell in 0..n * n {
            if self.value[cell] == 0 {
                match self.ncand[cell] {
                    0 => return false,
                    1 => self.singles.push(Pending::Naked(cell as u32)),
                    _ => {}
                }
            }
        }
        for hd in 0..3 * n * n {
            if !self.placed[hd] {
                match self.npos[hd] {
                    0 => return false,
                    1 => self.singles.push(Pending::Hidden(hd as u32)),
                    c if c <= self.geo.lock_limit[hd / (n * n)] => self.locked.push(hd as u32),
                    _ => {}
                }
            }
        }
        true
    }

    #[inline]
    fn has(&self, cell: usize, d: usize) -> bool {
        self.cand[cell * self.geo.wpc + d / 64] >> (d % 64) & 1 == 1
    }

    #[inline]
    fn words(src: &[u64], at: usize, wpc: usize) -> [u64; MAXW] {
        let mut w = [0u64; MAXW];
        w[..wpc].copy_from_slice(&src[at..at + wpc]);
        w
    }

    /// Removes candidate `d` (0-based) from `cell`. Returns false on contradiction; the
    /// state stays consistent either way.
    #[inline]
    fn eliminate(&mut self, cell: usize, d: usize) -> bool {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let w = &mut self.cand[cell * wpc + d / 64];
        let bit = 1u64 << (d % 64);
        if *w & bit == 0 {
            return true;
        }
        *w &= !bit;
        self.ncand[cell] -= 1;
        self.trail.push(Change::Elim(cell as u32, d as u16));
        let mut ok = true;
        for k in 0..3 {
            let hd = geo.cell_houses[cell][k] as usize * n + d;
            let p = geo.cell_pos[cell][k] as usize;
            self.pos[hd * wpc + p / 64] &= !(1u64 << (p % 64));
            self.npos[hd] -= 1;
            if !self.placed[hd] {
                match self.npos[hd] {
                    0 => ok = false,
                    1 => self.singles.push(Pending::Hidden(hd as u32)),
                    c if c <= geo.lock_limit[k] => self.locked.push(hd as u32),
                    _ => {}
                }
            }
        }
        match self.ncand[cell] {
            0 => false,
            1 if self.value[cell] == 0 => {
                self.singles.push(Pending::Naked(cell as u32));
                ok
            }
            _ => ok,
        }
    }

    /// Places digit `d` (0-based) in `cell`. Returns false on contradiction.
    fn assign(&mut self, cell: usize, d: usize) -> bool {
        if self.value[cell] != 0 {
            return self.value[cell] as usize == d + 1;
        }
        if !self.has(cell, d) {
            return false;
        }
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let others = Self::words(&self.cand, cell * wpc, wpc);
        if !for_bits(&others, wpc, |e| e == d || self.eliminate(cell, e)) {
            return false;
        }
        let houses = geo.cell_houses[cell];
        if houses.iter().any(|&h| self.placed[h as usize * n + d]) {
            return false;
        }
        for &h in &houses {
            self.placed[h as usize * n + d] = true;
        }
        self.value[cell] = (d + 1) as u16;
        self.empty -= 1;
        self.trail.push(Change::Place(cell as u32));
        for &h in &houses {
            let h = h as usize;
            let peers = Self::words(&self.pos, (h * n + d) * wpc, wpc);
            let ok = for_bits(&peers, wpc, |p| {
                let c = geo.house_cells[h * n + p] as usize;
                c == cell || self.eliminate(c, d)
            });
            if !ok {
                return false;
            }
        }
        true
    }

    /// Eliminates `d` from the cells of house `h` at the positions in `words` for which
    /// `skip` is false.
    fn eliminate_at(&mut self, h: usize, d: usize, skip: impl Fn(usize) -> bool) -> bool {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let words = Self::words(&self.pos, (h * n + d) * wpc, wpc);
        for_bits(&words, wpc, |p| {
            skip(p) || self.eliminate(geo.house_cells[h * n + p] as usize, d)
        })
    }

    /// Locked candidates for house-digit `hd`: when every place of the digit in a row or
    /// column lies in one box, the digit leaves the rest of the box, and when every place in
    /// a box lies in one row or column, it leaves the rest of that line.
    fn locked_candidates(&mut self, hd: usize) -> bool {
        let geo = self.geo;
        let (n, wpc, br, bc) = (geo.n, geo.wpc, geo.br, geo.bc);
        let kind = hd / (n * n);
        if self.placed[hd] || self.npos[hd] < 2 || self.npos[hd] > geo.lock_limit[kind] {
            return true;
        }
        let (h, d) = (hd / n, hd % n);
        let w = &self.pos[hd * wpc..(hd + 1) * wpc];
        let (Some(p0), Some(p1)) = (first_bit(w), last_bit(w)) else {
            return false;
        };
        let stacks = n / bc;
        match kind {
            0 => {
                // Row r: places are columns.
                if p0 / bc != p1 / bc {
                    return true;
                }
                let r = h;
                let b = 2 * n + (r / br) * stacks + p0 / bc;
                let ir = r % br;
                if self.npos[b * n + d] == self.npos[hd] {
                    return true;
                }
                self.eliminate_at(b, d, |p| p / bc == ir)
            }
            1 => {
                // Column c: places are rows.
                if p0 / br != p1 / br {
                    return true;
                }
                let c = h - n;
                let b = 2 * n + (p0 / br) * stacks + c / bc;
                let ic = c % bc;
                if self.npos[b * n + d] == self.npos[hd] {
                    return true;
                }
                self.eliminate_at(b, d, |p| p % bc == ic)
            }
            _ => {
                // Box: places are in-box row · bc + in-box column.
                let b = h - 2 * n;
                let (band, stack) = (b / stacks, b % stacks);
                if p0 / bc == p1 / bc {
                    let r = band * br + p0 / bc;
                    if self.npos[r * n + d] == self.npos[hd] {
                        return true;
                    }
                    return self.eliminate_at(r, d, |p| p / bc == stack);
                }
                let ic = p0 % bc;
                let mut same = true;
                let words = Self::words(&self.pos, hd * wpc, wpc);
                for_bits(&words, wpc, |p| {
                    same &= p % bc == ic;
                    same
                });
                if !same {
                    return true;
                }
                let c = n + stack * bc + ic;
                if self.npos[c * n + d] == self.npos[hd] {
                    return true;
                }
                self.eliminate_at(c, d, |p| p / br == band)
            }
        }
    }

    /// Applies singles, then locked candidates, until nothing is left. Returns false on
    /// contradiction (and empties the queues).
    fn propagate(&mut self) -> bool {
        let n = self.geo.n;
        let wpc = self.geo.wpc;
        loop {
            let ok = if let Some(p) = self.singles.pop() {
                match p {
                    Pending::Naked(cell) => {
                        let cell = cell as usize;
                        if self.value[cell] != 0 {
                            true
                        } else {
                            match first_bit(&self.cand[cell * wpc..(cell + 1) * wpc]) {
                                Some(d) => self.assign(cell, d),
                                None => false,
                            }
                        }
                    }
                    Pending::Hidden(hd) => {
                        let hd = hd as usize;
                        if self.placed[hd] {
                            true
                        } else {
                            match first_bit(&self.pos[hd * wpc..(hd + 1) * wpc]) {
                                Some(p) => {
                                    let cell = self.geo.house_cells[(hd / n) * n + p] as usize;
                                    self.assign(cell, hd % n)
                                }
                                None => false,
                            }
                        }
                    }
                }
            } else if let Some(hd) = self.locked.pop() {
                self.locked_candidates(hd as usize)
            } else {
                return true;
            };
            if !ok {
                self.singles.clear();
                self.locked.clear();
                return false;
            }
        }
    }

    /// Undoes every change after the first `mark` of the trail.
    fn undo_to(&mut self, mark: usize) {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        self.singles.clear();
        self.locked.clear();
        while self.trail.len() > mark {
            match self.trail.pop().expect("trail longer than mark") {
                Change::Elim(cell, d) => {
                    let (cell, d) = (cell as usize, d as usize);
                    self.cand[cell * wpc + d / 64] |= 1u64 << (d % 64);
                    self.ncand[cell] += 1;
                    for k in 0..3 {
                        let hd = geo.cell_houses[cell][k] as usize * n + d;
                        let p = geo.cell_pos[cell][k] as usize;
                        self.pos[hd * wpc + p / 64] |= 1u64 << (p % 64);
                        self.npos[hd] += 1;
                    }
                }
                Change::Place(cell) => {
                    let cell = cell as usize;
                    let d = self.value[cell] as usize - 1;
                    for &h in &geo.cell_houses[cell] {
                        self.placed[h as usize * n + d] = false;
                    }
                    self.value[cell] = 0;
                    self.empty += 1;
                }
            }
        }
    }

    /// The choice to branch on, as DLX would pick its column: the empty cell with the fewest
    /// candidates, or the house and digit with the fewest places left, whichever is smaller.
    /// Returns the cell and digit to try first.
    fn branch_choice(&self) -> Option<(usize, usize)> {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let mut best_cell = None;
        let mut best_len = u16::MAX;
        for (cell, (&v, &l)) in self.value.iter().zip(&self.ncand).enumerate() {
            if v == 0 && l < best_len {
                best_len = l;
                best_cell = Some(cell);
                if l <= 2 {
                    break;
                }
            }
        }
        if best_len > 2 {
            let mut best_hd = None;
            let mut best_count = best_len;
            for (hd, (&count, &placed)) in self.npos.iter().zip(&self.placed).enumerate() {
                if !placed && count < best_count {
                    best_count = count;
                    best_hd = Some(hd);
                    if count <= 2 {
                        break;
                    }
                }
            }
            if let Some(hd) = best_hd {
                let p = first_bit(&self.pos[hd * wpc..(hd + 1) * wpc])?;
                return Some((geo.house_cells[(hd / n) * n + p] as usize, hd % n));
            }
        }
        let cell = best_cell?;
        Some((cell, first_bit(&self.cand[cell * wpc..(cell + 1) * wpc])?))
    }

    fn solution(&self, grid: &Grid) -> Grid {
        let values: Vec<usize> = self.value.iter().map(|&v| v as usize).collect();
        let shape = grid.shape();
        let mut g = Grid::from_values(shape, &values).expect("solver values in range");
        // Keep the puzzle's givens marked as such.
        for c in Cell::all(shape) {
            if !grid.is_given(c) {
                g.set(c, Digit::try_new(values[c.index()], shape));
            }
        }
        g
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
    let mut result = Search::default();
    if limit == 0 {
        return result;
    }
    let shape = grid.shape();
    let geo = Geometry::new(shape);
    let Some(mut st) = Solver::new(&geo, grid) else {
        return result;
    };
    if !st.queue_all() {
        return result;
    }
    if let Some(m) = marks {
        if m.shape() != shape {
            return result;
        }
        for cell in Cell::all(shape) {
            if grid.value(cell) == 0 {
                let keep_set = m.get(cell);
                for d in Digit::all(shape) {
                    if !keep_set.contains(d) && !st.eliminate(cell.index(), d.index()) {
                        return result;
                    }
                }
            }
        }
    }

    // Binary branching: a frame is a trail mark and the candidate to eliminate when we come
    // back to it.
    let mut stack: Vec<(usize, u32, u16)> = Vec::new();
    let mut alive = st.propagate();
    loop {
        if alive {
            if st.empty == 0 {
                result.count += 1;
                if result.solutions.len() < keep {
                    result.solutions.push(st.solution(grid));
                }
                if result.count >= limit {
                    return result;
                }
                // Fall through to backtrack.
            } else {
                let (cell, d) = st.branch_choice().expect("an empty cell with candidates");
                result.guesses += 1;
                stack.push((st.trail.len(), cell as u32, d as u16));
                alive = st.assign(cell, d) && st.propagate();
                continue;
            }
        }
        match stack.pop() {
            None => return result,
            Some((mark, cell, d)) => {
                st.undo_to(mark);
                alive = st.eliminate(cell as usize, d as usize) && st.propagate();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

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
    fn clash_means_no_solution() {
        let g = Grid::from_line("11..............").unwrap();
        assert_eq!(search(&g, None, 2, 0).count, 0);
    }
}
