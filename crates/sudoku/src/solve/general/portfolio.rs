//! The two-core portfolio: at the hand-over, two SAT solvers race on the same CNF; on
//! sparse grids, which never hand over, two fills race instead.
//!
//! Where the search hands over (see the module docs of [`super`]), the state's CNF is built
//! once and given to two differently configured solvers (see [`Choice::partner`]), one in
//! this thread and one in a second. The first to answer sets a flag that the other's
//! [`Stop`] looks at, and the second thread is always joined before the answer is
//! returned: nothing runs on after it.
//!
//! Which solver answers first changes with the machine's load, so the answer must not
//! depend on it where it can be helped:
//! * a count below the limit (none, unique, or every solution listed) is the same set of
//!   solutions from either solver, and the listing is put in value order (row by row) as
//!   the single engine's is after its hand-over;
//! * a count that reaches the limit (`multiple`) is the same count, but the solutions shown
//!   are the winner's, which may differ from run to run.
//!
//! **Sparse fills** (under 25% givens, side 81 and up) never hand over (`tuning.rs`), so
//! the second core would sit idle. They go to two searches that differ only in the salt
//! that breaks ties between equal choices ([`race_fills`]). Such a fill fails near its
//! end and restarts, each restart a refill of every cell, and how many it needs is a
//! lottery drawn by the salts: a 400x400 with 2,000 random digits took one restart with
//! one salt and eight with another. Two draws answer when the luckier does: over seven
//! such grids, 110 s of wall time against 142 s (`docs/giant-grids-sparse.md`). Only
//! counts up to two race, so the answer (none, unique, or multiple) is the same whoever
//! wins; with multiple, the two solutions shown are the winner's.

use super::sat::{Backend, Choice, Cnf, Found};
use super::tuning::{never_hands_over, Tuning};
use super::{run_search, Options, Search, Solver};
use crate::grid::{Candidates, Grid};
use crate::solve::sparse::Fitted;
use crate::stop::Stop;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Up to `want` solutions of `st`'s current state other than those in `known`, as
/// [`sat::search`](super::sat::search) finds them, from whichever of two solvers answers
/// first.
pub(super) fn race(st: &Solver, known: &[Vec<u16>], want: usize, stop: &Stop) -> Found {
    let Some(cnf) = Cnf::of(st, known, stop) else {
        return Found::stopped();
    };
    let flag = Arc::new(AtomicBool::new(false));
    let raced = stop.clone().with_cancel(flag.clone());
    let (cnf, raced, flag) = (&cnf, &raced, &flag);
    let run = move |choice: Choice| {
        let found = cnf.solve(Backend::new(choice, raced), want);
        if !found.stopped {
            flag.store(true, Ordering::Relaxed);
        }
        found
    };
    std::thread::scope(|scope| {
        let other = scope.spawn(move || run(cnf.choice.partner()));
        let mine = run(cnf.choice);
        let theirs = match other.join() {
            Ok(found) => found,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        // Both answered (at once): the single engine's. Both stopped (the caller's stop):
        // whichever had found more.
        match (mine.stopped, theirs.stopped) {
            (false, _) => mine,
            (true, false) => theirs,
            (true, true) if theirs.solutions.len() > mine.solutions.len() => theirs,
            (true, true) => mine,
        }
    })
}

/// The seed of the second fill's salts (the first keeps the single engine's, so that it
/// takes the same path as without the race).
const SECOND_FILL_SEED: u64 = 0x005e_ed0f_f111;

/// Whether [`super::run`] races two fills of `grid` ([`race_fills`]): a sparse grid big
/// enough that it never hands over (`tuning::never_hands_over`), not empty, without
/// marks, asked for at most two solutions.
pub(super) fn races_fills(grid: &Grid, marks: Option<&Candidates>, limit: usize) -> bool {
    let shape = grid.shape();
    let givens = grid.values().iter().filter(|&&v| v != 0).count();
    marks.is_none() && (1..=2).contains(&limit) && givens > 0 && never_hands_over(shape, givens)
}

/// [`run_search`] of `grid` twice at once, the second with its own salts
/// ([`SECOND_FILL_SEED`]): the first to answer stops the other, which is joined before the
/// answer is returned. `fitted` gets the answering search's fit, as [`run_search`]'s.
pub(super) fn race_fills(
    grid: &Grid,
    limit: usize,
    keep: usize,
    tuning: Tuning,
    stop: &Stop,
    fitted: &mut Fitted,
) -> Search {
    let flag = Arc::new(AtomicBool::new(false));
    let raced = stop.clone().with_cancel(flag.clone());
    let (raced, flag) = (&raced, &flag);
    let run = move |tuning: Tuning| {
        let mut fit = Fitted::default();
        let options = Options::default();
        let found = run_search(grid, None, limit, keep, tuning, raced, options, &mut fit);
        if !found.stopped {
            flag.store(true, Ordering::Relaxed);
        }
        (found, fit)
    };
    let second = Tuning {
        seed: SECOND_FILL_SEED,
        ..tuning
    };
    std::thread::scope(|scope| {
        let other = scope.spawn(move || run(second));
        let mine = run(tuning);
        let theirs = match other.join() {
            Ok(found) => found,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        // As in `race`: the first search's answer when it has one; when the caller's stop
        // ended both, whichever had found more.
        let (found, fit) = match (mine.0.stopped, theirs.0.stopped) {
            (false, _) => mine,
            (true, false) => theirs,
            (true, true) if theirs.0.count > mine.0.count => theirs,
            (true, true) => mine,
        };
        *fitted = fit;
        found
    })
}
