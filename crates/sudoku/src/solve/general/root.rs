//! A copy of the search's root state, so that a restart on a big sparse grid is a copy
//! rather than an undo of the whole fill.
//!
//! On sparse grids (the size buckets' grids, [`Tuning::buckets_below`](super::Tuning))
//! every restart comes after a fill of nearly every cell: tens of millions of
//! eliminations on the trail at 225x225 and 400x400. Taking them back one by one, with
//! the buckets following each, took seconds (400x400 with 1,000 givens: up to 7 s a
//! restart), during which the [`Stop`](crate::Stop) went unseen: `--max-time 20` ended
//! after 25–49 s. A copy of the state is a few tens of MB (400x400: the candidate and
//! place words, 36 MB, and the buckets), copied back in milliseconds.
//!
//! The root only grows: a restart goes back to the mark before the first choice, and
//! what was refuted there (or probed) stays. So a copy taken with the trail at `mark`
//! is the state whenever the trail is back at `mark`; when the root has grown since,
//! the copy is stale, the undo runs as before and the next descent takes a new copy.

use super::buckets::Buckets;
use super::Solver;

/// The state at the root, as of a trail of `mark` changes.
#[derive(Clone, Default)]
pub(super) struct RootCopy {
    mark: usize,
    cand: Vec<u64>,
    ncand: Vec<u16>,
    value: Vec<u16>,
    pos: Vec<u64>,
    npos: Vec<u16>,
    placed: Vec<bool>,
    empty: usize,
    open_cells: Vec<u32>,
    open_hds: Vec<u32>,
    n_open_cells: usize,
    n_open_hds: usize,
    at: Vec<u32>,
    buckets: Option<Buckets>,
}

/// Copies the state a restart needs from `$src` to `$dst` (a [`Solver`] and a
/// [`RootCopy`], either way): the one list of what a copy holds.
macro_rules! copy_state {
    ($dst:expr, $src:expr) => {
        $dst.cand.clone_from(&$src.cand);
        $dst.ncand.clone_from(&$src.ncand);
        $dst.value.clone_from(&$src.value);
        $dst.pos.clone_from(&$src.pos);
        $dst.npos.clone_from(&$src.npos);
        $dst.placed.clone_from(&$src.placed);
        $dst.empty = $src.empty;
        $dst.open_cells.clone_from(&$src.open_cells);
        $dst.open_hds.clone_from(&$src.open_hds);
        $dst.n_open_cells = $src.n_open_cells;
        $dst.n_open_hds = $src.n_open_hds;
        $dst.at.clone_from(&$src.at);
        $dst.buckets.clone_from(&$src.buckets);
    };
}

impl Solver<'_> {
    /// Before a descent from the root: copies the state, unless the copy is of this root
    /// already. Only when copies are kept ([`Solver::root`] is `Some`).
    pub(super) fn keep_root(&mut self) {
        let mark = self.trail.len();
        let Some(copy) = self.root.as_deref_mut() else {
            return;
        };
        if copy.mark == mark && !copy.cand.is_empty() {
            return;
        }
        copy.mark = mark;
        copy_state!(copy, self);
    }

    /// Back to the root at `mark` (a restart): from the copy when it is of that root,
    /// else by undo.
    pub(super) fn back_to_root(&mut self, mark: usize) {
        match self.root.take() {
            Some(copy) if copy.mark == mark && !copy.cand.is_empty() => {
                self.trail.truncate(mark);
                self.singles.clear();
                self.locked.clear();
                self.phase_cursor = 0;
                copy_state!(self, copy);
                self.root = Some(copy);
            }
            stale => {
                self.root = stale;
                self.undo_to(mark);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::kept_values;
    use super::super::{Geometry, Solver};
    use crate::{Grid, Shape, Stop};
    use rand::SeedableRng;

    /// What a restart copies back is what undo gives back: every candidate, place, count
    /// and open set, and the same next choice from the buckets. Twice, with the root grown
    /// in between, so the second restart finds its copy stale, undoes, and the next
    /// descent copies the new root.
    #[test]
    fn a_restart_from_the_copy_is_the_undo() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let shape = Shape::new(5, 5).unwrap();
        let sol = crate::generate::random_solution(shape, &mut rng);
        let values = kept_values(&sol, 0.05, &mut rng);
        let g = Grid::from_values(shape, &values).unwrap();
        let geo = Geometry::new(shape);
        let never = Stop::never();
        let mut st = Solver::new(&geo, &g, &never).unwrap();
        assert!(st.queue_all() && st.propagate());
        st.recording = true;
        st.use_buckets();
        st.root = Some(Box::default());
        for round in 0..2 {
            let mark = st.trail.len();
            st.keep_root();
            for _ in 0..40 {
                let Some((cell, d)) = st.branch_choice() else {
                    break;
                };
                if !(st.assign(cell, d) && st.propagate()) {
                    break;
                }
            }
            assert!(st.trail.len() > mark + 200, "round {round}: a long descent");
            let mut undone = st.clone();
            undone.undo_to(mark);
            st.back_to_root(mark);
            assert_eq!(st.trail.len(), mark);
            assert_eq!(st.cand, undone.cand);
            assert_eq!(st.ncand, undone.ncand);
            assert_eq!(st.value, undone.value);
            assert_eq!(st.pos, undone.pos);
            assert_eq!(st.npos, undone.npos);
            assert_eq!(st.placed, undone.placed);
            assert_eq!(st.empty, undone.empty);
            let open = |s: &Solver| {
                let mut cells = s.open_cells[..s.n_open_cells].to_vec();
                let mut hds = s.open_hds[..s.n_open_hds].to_vec();
                cells.sort_unstable();
                hds.sort_unstable();
                (cells, hds)
            };
            assert_eq!(open(&st), open(&undone));
            assert_eq!(st.branch_choice(), undone.branch_choice());
            // The root grows: the copy of it is stale from here.
            let (cell, d) = st.branch_choice().expect("an open cell");
            assert!(st.eliminate(cell, d) && st.propagate());
        }
        // The copy is stale now: a restart undoes, and the copy stays for the next root.
        let mark = st.trail.len();
        let (cell, d) = st.branch_choice().expect("an open cell");
        assert!(st.assign(cell, d));
        let mut undone = st.clone();
        undone.undo_to(mark);
        st.back_to_root(mark);
        assert_eq!(
            (&st.cand, &st.pos, st.empty),
            (&undone.cand, &undone.pos, undone.empty)
        );
        st.keep_root();
        assert_eq!(st.root.as_ref().map(|c| c.mark), Some(mark));
    }
}
