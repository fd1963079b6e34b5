//! The 9x9 path of generation: the removal loop's state as bitboards, the uniqueness test
//! through [`fast9::solution_excluding`] (no allocation per test; the other solutions it
//! finds are remembered for the grid), and random solution grids from the fast engine.
//!
//! Everything here gives the same answers as the general path in [`super`]; only the
//! representation differs: the puzzle is a [`fast9::Cells`] array and the givens of each
//! digit an 81-bit set (`u128`), so that the single-forcing shortcut is a few ANDs.

use super::Removal;
use crate::grid::Grid;
use crate::index::Cell;
use crate::shape::Shape;
use crate::solve::fast9;
use rand::seq::SliceRandom;
use rand::Rng;

/// Bit `i` set for every cell `i` of the grid.
const ALL: u128 = (1 << 81) - 1;

/// The cells of each house: rows 0-8, columns 9-17, boxes 18-26.
const HOUSES: [u128; 27] = houses();
/// The three houses of each cell (row, column, box).
const CELL_HOUSES: [[u8; 3]; 81] = cell_houses();
/// The peers of each cell (every cell sharing a house with it, itself excluded).
const PEERS: [u128; 81] = peers();

const fn cell_houses() -> [[u8; 3]; 81] {
    let mut out = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        out[i] = [r as u8, 9 + c as u8, 18 + (3 * (r / 3) + c / 3) as u8];
        i += 1;
    }
    out
}

const fn houses() -> [u128; 27] {
    let hs = cell_houses();
    let mut out = [0u128; 27];
    let mut i = 0;
    while i < 81 {
        let mut k = 0;
        while k < 3 {
            out[hs[i][k] as usize] |= 1 << i;
            k += 1;
        }
        i += 1;
    }
    out
}

const fn peers() -> [u128; 81] {
    let hs = cell_houses();
    let h = houses();
    let mut out = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        out[i] = (h[hs[i][0] as usize] | h[hs[i][1] as usize] | h[hs[i][2] as usize]) & !(1 << i);
        i += 1;
    }
    out
}

/// The removal loop's state for 9x9 grids.
pub(super) struct Work9 {
    /// The puzzle so far: `0` empty, `1`-`9` a given.
    puzzle: fast9::Cells,
    /// Its solution.
    solution: fast9::Cells,
    /// `given[d]`: the cells where digit `d + 1` is a given.
    given: [u128; 9],
    /// `swaps[i][e]`: the cells of the solution's digit-pair swap through cell `i` and digit
    /// `e + 1` (see [`Work9::find_swaps`]); unused where `e + 1` is cell `i`'s own digit.
    swaps: [[u128; 9]; 81],
    /// The cells where the other solutions found by the searches differ from ours: while
    /// one of these sets has no given, the puzzle has a second solution. Only a removal
    /// retried after givens were put back (the Medium bisection and climb, see
    /// [`super::Generator::difficulty`]) can meet one: when found, each has a single given,
    /// the cell just tried, which stays.
    found: Vec<u128>,
    /// Whether to fill `found` (removals tried again only happen with a Medium target; in
    /// one pass, the bookkeeping made minimal generation 5% slower).
    remember: bool,
}

impl Work9 {
    pub(super) fn new() -> Work9 {
        Work9 {
            puzzle: [0; 81],
            solution: [0; 81],
            given: [0; 9],
            swaps: [[0; 9]; 81],
            found: Vec::new(),
            remember: false,
        }
    }

    /// The unavoidable sets of two digits of the solution. For digits `a` and `b`, link an
    /// `a` cell and a `b` cell when they share a house; swapping `a` and `b` on a connected
    /// part of their 18 cells gives another solution grid (each house it meets keeps one
    /// `a` and one `b`). So while such a part has no given, the puzzle has a second
    /// solution: a removal that empties one is refused without a search. (The smallest, of
    /// four cells, are the deadly rectangles.)
    fn find_swaps(&mut self) {
        let mut cells = [0u128; 9];
        for (i, &v) in self.solution.iter().enumerate() {
            cells[v as usize - 1] |= 1 << i;
        }
        for a in 0..9 {
            for b in a + 1..9 {
                let both = cells[a] | cells[b];
                let mut rest = both;
                while rest != 0 {
                    // One connected part, grown from its lowest cell.
                    let mut part = rest & rest.wrapping_neg();
                    let mut frontier = part;
                    while frontier != 0 {
                        let x = frontier.trailing_zeros() as usize;
                        frontier &= frontier - 1;
                        let new = PEERS[x] & both & !part;
                        part |= new;
                        frontier |= new;
                    }
                    rest &= !part;
                    let mut m = part;
                    while m != 0 {
                        let x = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let other = if cells[a] >> x & 1 == 1 { b } else { a };
                        self.swaps[x][other] = part;
                    }
                }
            }
        }
    }

    /// Whether a digit-pair swap through the empty cell `i` has no given left: then the
    /// puzzle has a second solution.
    fn open_swap(&self, i: usize, filled: u128) -> bool {
        let own = self.solution[i] as usize - 1;
        self.swaps[i]
            .iter()
            .enumerate()
            .any(|(e, &u)| e != own && u & filled == 0)
    }

    /// Whether the givens force the solution digit of the empty cell `i` by a naked single
    /// (every other digit is given among its peers) or a hidden single (in one of its houses
    /// every other cell is filled or sees the digit given). Either way every solution agrees
    /// with ours there.
    fn forced(&self, i: usize) -> bool {
        let d = self.solution[i] as usize - 1;
        let peers = PEERS[i];
        if (0..9).all(|e| e == d || self.given[e] & peers != 0) {
            return true;
        }
        let mut covered = self.given.iter().fold(0, |a, &g| a | g);
        let mut m = self.given[d];
        while m != 0 {
            covered |= PEERS[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        let open = ALL & !covered;
        CELL_HOUSES[i]
            .iter()
            .any(|&h| open & HOUSES[h as usize] == 1 << i)
    }

    #[inline]
    fn clear(&mut self, i: usize) {
        let d = self.solution[i] as usize - 1;
        self.given[d] &= !(1 << i);
        self.puzzle[i] = 0;
    }

    #[inline]
    fn fill(&mut self, i: usize) {
        let d = self.solution[i] as usize - 1;
        self.given[d] |= 1 << i;
        self.puzzle[i] = d as u8 + 1;
    }
}

impl Removal for Work9 {
    fn start(&mut self, solution: &Grid) {
        for (s, &v) in self.solution.iter_mut().zip(solution.values()) {
            *s = v as u8;
        }
        self.puzzle = self.solution;
        self.given = [0; 9];
        for (i, &v) in self.solution.iter().enumerate() {
            self.given[v as usize - 1] |= 1 << i;
        }
        self.find_swaps();
        self.found.clear();
        self.remember = false;
    }

    fn remember_other_solutions(&mut self) {
        self.remember = true;
    }

    fn remove(&mut self, cells: &[Cell]) {
        cells.iter().for_each(|c| self.clear(c.index()));
    }

    fn restore(&mut self, cells: &[Cell]) {
        cells.iter().for_each(|c| self.fill(c.index()));
    }

    /// As [`super::Work`]'s, after the digit-pair swaps ([`Work9::find_swaps`]), which
    /// settle two in five of the removals that fail, and the other solutions found before
    /// on this grid (`found`): another solution differs from ours in a removed cell; for each
    /// removed cell in turn, one search for a solution with another digit there, the
    /// earlier cells put back (so the cases don't overlap). A cell forced by a single, given
    /// the cells put back so far, needs no search.
    fn has_other_solution(&mut self, removed: &[Cell]) -> bool {
        let filled = self.given.iter().fold(0, |a, &g| a | g);
        if removed.iter().any(|c| self.open_swap(c.index(), filled))
            || self.found.iter().any(|&u| u & filled == 0)
        {
            return true;
        }
        let mut found = false;
        let mut fixed = 0;
        for (k, c) in removed.iter().enumerate() {
            let i = c.index();
            if !self.forced(i) {
                let excluded = [(i, self.solution[i])];
                if !self.remember {
                    if fast9::count_excluding(&self.puzzle, &excluded, 1).count > 0 {
                        found = true;
                        break;
                    }
                } else if let Some(other) = fast9::solution_excluding(&self.puzzle, &excluded) {
                    let differ = (0..81)
                        .filter(|&j| other[j] != self.solution[j])
                        .fold(0u128, |u, j| u | 1 << j);
                    self.found.push(differ);
                    found = true;
                    break;
                }
            }
            if k + 1 < removed.len() {
                self.fill(i);
                fixed = k + 1;
            }
        }
        removed[..fixed].iter().for_each(|c| self.clear(c.index()));
        found
    }

    fn is_unique(&self) -> bool {
        fast9::count(&self.puzzle, 2).count == 1
    }

    fn puzzle(&self) -> Grid {
        let v: Vec<usize> = self.puzzle.iter().map(|&x| x as usize).collect();
        let mut g = Grid::from_values(Shape::NINE, &v).expect("digits 0-9");
        g.make_all_given();
        g
    }
}

/// A random 9x9 solution grid, row-major, before the relabelling and line permutations of
/// [`super::random_solution`]: the three diagonal boxes (which share no row or column) get
/// random permutations, and the fast engine's first solution completes them (any filling
/// of the diagonal boxes can be completed).
pub(super) fn random_grid(rng: &mut impl Rng) -> Vec<u16> {
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    loop {
        let mut p = [0u8; 81];
        for b in 0..3 {
            digits.shuffle(rng);
            for (k, &d) in digits.iter().enumerate() {
                p[(3 * b + k / 3) * 9 + 3 * b + k % 3] = d;
            }
        }
        if let (Some(s), _) = fast9::solve(&p) {
            return s.iter().map(|&v| v as u16).collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn tables_are_consistent() {
        for i in 0..81 {
            assert_eq!(PEERS[i].count_ones(), 20);
            for h in CELL_HOUSES[i] {
                assert_eq!(HOUSES[h as usize].count_ones(), 9);
                assert!(HOUSES[h as usize] >> i & 1 == 1);
            }
        }
    }

    #[test]
    fn forced_agrees_with_the_general_work() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        for _ in 0..20 {
            let sol = super::super::random_solution(Shape::NINE, &mut rng);
            let mut a = Work9::new();
            let mut b = super::super::Work::new(Shape::NINE, crate::Stop::never());
            a.start(&sol);
            b.start(&sol);
            let mut cells: Vec<Cell> = Cell::all(Shape::NINE).collect();
            cells.shuffle(&mut rng);
            for &c in &cells[..50] {
                a.remove(&[c]);
                b.remove(&[c]);
            }
            for &c in &cells[..50] {
                assert_eq!(a.forced(c.index()), b.forced(c), "{c:?}");
            }
            assert_eq!(a.puzzle(), b.puzzle());
        }
    }

    #[test]
    fn other_solution_test_agrees_with_counting() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..5 {
            let sol = super::super::random_solution(Shape::NINE, &mut rng);
            let mut w = Work9::new();
            w.start(&sol);
            w.remember_other_solutions();
            let mut orbits = super::super::Symmetry::Rotational180.orbits(Shape::NINE);
            orbits.shuffle(&mut rng);
            // A pass, then (as the Medium climb does) a few removed orbits put back and the
            // others tried again, which the other solutions found in the pass may settle.
            let mut removed = Vec::new();
            for round in 0..3 {
                for orbit in &orbits {
                    if w.puzzle[orbit[0].index()] == 0 {
                        continue;
                    }
                    w.remove(orbit);
                    let before = w.puzzle;
                    let other = w.has_other_solution(orbit);
                    assert_eq!(w.puzzle, before);
                    assert_eq!(other, solve::count_solutions(&w.puzzle(), 2) >= 2);
                    assert_eq!(other, !w.is_unique());
                    if other {
                        w.restore(orbit);
                    } else {
                        removed.push(orbit);
                    }
                }
                assert!(round > 0 || !w.found.is_empty());
                removed.shuffle(&mut rng);
                for orbit in removed.drain(..).take(2) {
                    w.restore(orbit);
                }
            }
        }
    }

    #[test]
    fn digit_pair_swaps_make_other_solutions() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut rectangles = 0;
        for _ in 0..20 {
            let sol = super::super::random_solution(Shape::NINE, &mut rng);
            let mut w = Work9::new();
            w.start(&sol);
            for i in 0..81 {
                let own = w.solution[i];
                for e in (1..=9u8).filter(|&e| e != own) {
                    let part = w.swaps[i][e as usize - 1];
                    assert!(part >> i & 1 == 1 && part.count_ones() >= 4);
                    rectangles += (part.count_ones() == 4) as usize;
                    let mut other = w.solution;
                    for (j, v) in other.iter_mut().enumerate() {
                        if part >> j & 1 == 1 {
                            assert!(*v == own || *v == e);
                            *v = if *v == own { e } else { own };
                        }
                    }
                    assert_eq!(fast9::count(&other, 2).count, 1);
                    assert_ne!(other, w.solution);
                }
            }
            // Emptying a whole swap leaves two solutions, which the test sees unsearched.
            let part = w.swaps[0][(w.solution[0] % 9) as usize];
            let cells: Vec<Cell> = (0..81)
                .filter(|&j| part >> j & 1 == 1)
                .map(Cell::new)
                .collect();
            w.remove(&cells);
            assert!(w.open_swap(0, w.given.iter().fold(0, |a, &g| a | g)));
            assert!(w.has_other_solution(&cells));
            assert!(!w.is_unique());
        }
        assert!(rectangles > 0);
    }

    #[test]
    fn random_grids_are_solutions() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for _ in 0..50 {
            let v: Vec<usize> = random_grid(&mut rng).iter().map(|&x| x as usize).collect();
            assert!(Grid::from_values(Shape::NINE, &v).unwrap().is_solution());
        }
    }
}
