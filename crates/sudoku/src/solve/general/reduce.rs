//! Clue removal that keeps a puzzle solvable by propagation, for the generator on big
//! grids: which groups of givens (orbits of a symmetry) can go, tried one after the other,
//! while singles and locked candidates still fill the grid.
//!
//! Tried naively this is one propagation from scratch per group tried (the generator did
//! that until 2026-11-27, with batches that grew after a success): at 100x100 about 4,000
//! propagations of a million candidates each for the groups that stay, 18 s to over 100 s
//! a puzzle. Here the same answer comes from one state, changed in place and undone with
//! the trail, by divide and conquer over the list of groups:
//!
//! * Propagation is monotone: more givens never derive less. So "the puzzle without group
//!   `i`" (the groups kept before `i`, every group after `i`) holds everything that a state
//!   built from *fewer* of those givens holds.
//! * `reduce(lo, hi)` starts from the closure of the groups kept before `lo` and every group
//!   from `hi` on. For the first half it adds the groups `mid..hi` (all still there when
//!   those of `lo..mid` are tried) and recurses; it undoes that, adds the groups of
//!   `lo..mid` that stayed, and recurses on the second half. A leaf `i` holds exactly the
//!   closure of the puzzle without group `i`: filled means the group goes.
//! * A node whose state is already filled settles all its groups at once (they all go),
//!   and deep nodes start from nearly filled states, so most of the work is small: each
//!   level of the recursion costs about one propagation of the whole grid.
//!
//! The result is the one sequential deletion gives, test for test (`tests.rs` holds the
//! two against each other).

use super::{Geometry, Solver};
use crate::grid::Grid;
use crate::index::Cell;
use crate::stop::{Stop, Stopped};

/// Where removal must stop: never below `min_givens` givens, and no further once the count
/// is at most `target`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    /// A group is not removed if that would leave fewer givens than this.
    pub(crate) min_givens: usize,
    /// Removal stops once the puzzle has at most this many givens.
    pub(crate) target: usize,
}

/// Tries the `groups` of cells (disjoint; cells in no group stay given) in order, starting
/// from the full grid `solution`, and removes a group when propagation alone (naked and
/// hidden singles, locked candidates) still fills the puzzle without it, within `bounds`.
/// Returns, per group, whether it stays. The puzzle left (the solution's digits in the
/// kept groups and in the cells of no group) is unique: propagation is sound and fills it.
/// `Err` when `stop` came first. The caller (the generator) passes a valid solution grid
/// and disjoint groups of its cells.
pub(crate) fn reduce(
    solution: &Grid,
    groups: &[Vec<Cell>],
    bounds: Bounds,
    stop: &Stop,
) -> Result<Vec<bool>, Stopped> {
    let shape = solution.shape();
    let cells = shape.cell_count();
    // The givens outside every group are there from the start.
    let mut base = solution.clone();
    for g in groups {
        for &c in g {
            base.set(c, None);
        }
    }
    let geo = Geometry::new(shape);
    let mut st = Solver::new(&geo, &base, stop).ok_or(Stopped)?;
    st.recording = true;
    if !(st.queue_all() && st.propagate()) {
        // Only a stop can make a part of a solution inconsistent.
        return Err(Stopped);
    }
    let mut walk = Walk {
        digits: solution.values(),
        groups,
        keep: vec![true; groups.len()],
        count: cells,
        bounds,
    };
    walk.reduce(&mut st, 0, groups.len())?;
    Ok(walk.keep)
}

/// The recursion's fixed data and its results so far.
struct Walk<'a> {
    digits: &'a [u16],
    groups: &'a [Vec<Cell>],
    keep: Vec<bool>,
    /// Givens of the puzzle so far (groups after the current one counted as given).
    count: usize,
    bounds: Bounds,
}

impl Walk<'_> {
    /// Whether group `i` may be removed as far as the bounds go.
    fn allowed(&self, i: usize) -> bool {
        let len = self.groups[i].len();
        self.count > self.bounds.target && self.count >= self.bounds.min_givens + len
    }

    /// Adds the solution's digits of `group` to the state and propagates.
    fn add(&self, st: &mut Solver, group: usize) -> Result<(), Stopped> {
        for &c in &self.groups[group] {
            let d = self.digits[c.index()] as usize - 1;
            if !st.assign(c.index(), d) {
                return Err(Stopped);
            }
        }
        Ok(())
    }

    /// Settles groups `lo..hi`; `st` holds the closure of the groups kept before `lo` and
    /// of every group from `hi` on, and is left as it was.
    fn reduce(&mut self, st: &mut Solver, lo: usize, hi: usize) -> Result<(), Stopped> {
        if lo >= hi {
            return Ok(());
        }
        if st.empty == 0 || hi - lo == 1 {
            // Filled without any of these groups: each may go (bounds permitting). A leaf
            // that is not filled keeps its group.
            let filled = st.empty == 0;
            for i in lo..hi {
                if filled && self.allowed(i) {
                    self.keep[i] = false;
                    self.count -= self.groups[i].len();
                }
            }
            return Ok(());
        }
        if (lo..hi).all(|i| !self.allowed(i)) {
            return Ok(());
        }
        let mid = lo + (hi - lo) / 2;
        let mark = st.trail.len();
        for g in mid..hi {
            self.add(st, g)?;
        }
        if !st.propagate() {
            return Err(Stopped);
        }
        self.reduce(st, lo, mid)?;
        st.undo_to(mark);
        for g in lo..mid {
            if self.keep[g] {
                self.add(st, g)?;
            }
        }
        if !st.propagate() {
            return Err(Stopped);
        }
        self.reduce(st, mid, hi)?;
        st.undo_to(mark);
        Ok(())
    }
}
