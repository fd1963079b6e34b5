//! The two-core portfolio: at the hand-over, two SAT solvers race on the same CNF.
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

use super::sat::{Backend, Choice, Cnf, Found};
use super::Solver;
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
