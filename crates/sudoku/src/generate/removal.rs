//! The puzzle being dug: the removal loop's working state behind one trait, and its
//! implementation for every shape (the general engine's count to two, and propagation for
//! cells that need no search).

use crate::grid::{Candidates, Grid};
use crate::index::{Cell, Digit, House};
use crate::set::DigitSet;
use crate::shape::Shape;
use crate::solve;
use crate::solve::general::oracle::Oracle;
use crate::stop::Stop;

/// The removal loop's working state, one implementation per representation: [`Work`] for
/// every shape, [`super::nine::Work9`] for 9x9.
pub(super) trait Removal {
    /// Starts from the full grid `solution`.
    fn start(&mut self, solution: &Grid);
    /// Empties `cells`.
    fn remove(&mut self, cells: &[Cell]);
    /// Puts back the solution's digits in `cells`.
    fn restore(&mut self, cells: &[Cell]);
    /// Whether the puzzle, whose cells `removed` were just emptied (and which had our
    /// solution as its only one before), has another solution. Leaves the puzzle as it was
    /// (what it learns of the grid may stay, see [`super::nine::Work9`]).
    fn has_other_solution(&mut self, removed: &[Cell]) -> bool;
    /// [`Removal::has_other_solution`], the questions put to `oracle`, which was built on
    /// a puzzle whose givens this one holds (all but those of a run still to be decided).
    fn has_other_solution_asking(&mut self, removed: &[Cell], oracle: &mut Oracle) -> bool {
        let _ = oracle;
        self.has_other_solution(removed)
    }
    /// Whether the puzzle has exactly one solution.
    fn is_unique(&self) -> bool;
    /// Whether `cell` (empty) is a naked or hidden single of the givens alone (false when
    /// the state can't tell cheaply).
    fn forced(&self, cell: Cell) -> bool {
        let _ = cell;
        false
    }
    /// Asks [`Removal::has_other_solution`] to remember, until the next start, what the
    /// other solutions it finds teach about the grid, where it can: worth it when removals
    /// are tried again after givens were put back.
    fn remember_other_solutions(&mut self) {}
    /// The puzzle, every filled cell a given.
    fn puzzle(&self) -> Grid;
}

/// The removal loop's working state: the puzzle so far, its solution, which digits are
/// given in each house (for the single-forcing shortcut), and a reusable set of marks.
pub(super) struct Work {
    n: usize,
    puzzle: Grid,
    solution: Vec<u16>,
    /// `3n × n`: the digit (0-based) is a given in the house.
    present: Vec<bool>,
    cell_houses: Vec<[u32; 3]>,
    house_cells: Vec<u32>,
    /// Every digit everywhere, except while one search runs.
    marks: Candidates,
    full: DigitSet,
    /// Cuts the uniqueness searches short; a search cut short counts as "another solution"
    /// (the given stays), and the generator gives up after the attempt.
    stop: Stop,
}

impl Work {
    /// The working state for `shape`, its uniqueness searches cut short by `stop`.
    pub(super) fn new(shape: Shape, stop: Stop) -> Work {
        let n = shape.side();
        let cell_houses = Cell::all(shape)
            .map(|c| c.houses(shape).map(|h| h.index(shape) as u32))
            .collect();
        let mut house_cells = Vec::with_capacity(3 * n * n);
        for h in House::all(shape) {
            house_cells.extend(h.cells(shape).map(|c| c.index() as u32));
        }
        Work {
            n,
            puzzle: Grid::empty(shape),
            solution: Vec::new(),
            present: vec![true; 3 * n * n],
            cell_houses,
            house_cells,
            marks: Candidates::full(shape),
            full: DigitSet::full(n),
            stop,
        }
    }

    /// Starts from the full grid `solution`.
    fn start(&mut self, solution: &Grid) {
        self.puzzle = solution.clone();
        self.puzzle.make_all_given();
        self.solution.clear();
        self.solution.extend_from_slice(solution.values());
        self.present.iter_mut().for_each(|p| *p = true);
    }

    #[inline]
    fn digit(&self, cell: Cell) -> usize {
        self.solution[cell.index()] as usize - 1
    }

    fn remove(&mut self, cells: &[Cell]) {
        for &c in cells {
            let d = self.digit(c);
            for h in self.cell_houses[c.index()] {
                self.present[h as usize * self.n + d] = false;
            }
            self.puzzle.set(c, None);
        }
    }

    fn restore(&mut self, cells: &[Cell]) {
        for &c in cells {
            let d = self.digit(c);
            for h in self.cell_houses[c.index()] {
                self.present[h as usize * self.n + d] = true;
            }
            self.puzzle.set_given(c, Digit::from_index(d));
        }
    }

    /// Whether the givens force `cell`'s solution digit: every other digit is given in one
    /// of its houses (naked single), or in one of its houses every other empty cell sees the
    /// digit given (hidden single). Either way, every solution agrees with ours there.
    fn forced(&self, cell: Cell) -> bool {
        let n = self.n;
        let d = self.digit(cell);
        let [a, b, c] = self.cell_houses[cell.index()].map(|h| h as usize * n);
        if (0..n)
            .all(|e| e == d || self.present[a + e] || self.present[b + e] || self.present[c + e])
        {
            return true;
        }
        self.cell_houses[cell.index()].iter().any(|&h| {
            let h = h as usize;
            self.house_cells[h * n..(h + 1) * n].iter().all(|&o| {
                let o = o as usize;
                o == cell.index()
                    || self.puzzle.values()[o] != 0
                    || self.cell_houses[o]
                        .iter()
                        .any(|&oh| self.present[oh as usize * n + d])
            })
        })
    }

    /// Whether the puzzle, whose cells `removed` were just emptied, has a solution other than
    /// ours. Before the removal ours was the only one, so another solution must differ from
    /// ours in a removed cell: search for one where the `i`-th removed cell differs and the
    /// earlier ones agree, for each `i` in turn (cells forced by a single are skipped).
    fn has_other_solution(&mut self, removed: &[Cell]) -> bool {
        let engine = solve::engine_for(&self.puzzle);
        self.has_other_solution_by(removed, |w, cell, d| {
            w.marks.set(cell, w.full - DigitSet::single(d));
            // The solver may fill the cell by propagation from the givens before it reads
            // the marks, and then ignores them: a solution that keeps our digit there only
            // shows that the givens force it.
            let mut s = engine.search_until(&w.puzzle, Some(&w.marks), 1, 1, &w.stop);
            w.marks.set(cell, w.full);
            s.stopped || s.solutions.pop().is_some_and(|g| g.get(cell) != Some(d))
        })
    }

    /// [`Work::has_other_solution`], each cell's question (is there a solution without
    /// our digit `d` in `cell`, given the puzzle as it stands?) answered by `other`.
    fn has_other_solution_by(
        &mut self,
        removed: &[Cell],
        mut other: impl FnMut(&mut Work, Cell, Digit) -> bool,
    ) -> bool {
        let open: Vec<Cell> = removed
            .iter()
            .copied()
            .filter(|&c| !self.forced(c))
            .collect();
        let mut found = false;
        let mut fixed = 0;
        for (i, &cell) in open.iter().enumerate() {
            let d = Digit::from_index(self.digit(cell));
            found = other(self, cell, d);
            if found || i + 1 == open.len() {
                break;
            }
            // Solutions that differ here are ruled out: fix this cell for the next searches.
            self.restore(&[cell]);
            fixed = i + 1;
        }
        self.remove(&open[..fixed]);
        found
    }
}

impl Removal for Work {
    fn start(&mut self, solution: &Grid) {
        Work::start(self, solution)
    }
    fn remove(&mut self, cells: &[Cell]) {
        Work::remove(self, cells)
    }
    fn restore(&mut self, cells: &[Cell]) {
        Work::restore(self, cells)
    }
    fn has_other_solution(&mut self, removed: &[Cell]) -> bool {
        Work::has_other_solution(self, removed)
    }
    fn has_other_solution_asking(&mut self, removed: &[Cell], oracle: &mut Oracle) -> bool {
        // A question cut short counts as another solution (the given stays).
        self.has_other_solution_by(removed, |w, cell, d| {
            oracle.solution_without(&w.puzzle, cell, d).unwrap_or(true)
        })
    }
    fn is_unique(&self) -> bool {
        solve::count_until(&self.puzzle, None, 2, &self.stop) == Ok(1)
    }
    fn forced(&self, cell: Cell) -> bool {
        Work::forced(self, cell)
    }
    fn puzzle(&self) -> Grid {
        self.puzzle.clone()
    }
}
