//! The two-core portfolio: at the hand-over, two SAT solvers race on the same CNF; on
//! sparse grids from 81x81 up, two fills race instead.
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
//! **Sparse fills** (under 25% givens, side 81 and up) go to two searches instead
//! ([`race_fills`]): the single engine's (which from 100x100 up never hands over, and at
//! 81x81 hands over to batsat), and a fill with another salt to break ties between equal
//! choices, which never hands over. At 81x81 each answers grids the other does not (of
//! twelve at 12–22% givens, in 30 s: the hand-over six, two fills raced five, three of
//! them the same). Such a fill fails near its end and restarts, each restart a refill of
//! every cell, and how many it needs is a lottery drawn by the salts: a 400x400 with 2,000
//! random digits took one restart with one salt and eight with another. Two draws answer
//! when the luckier does: over seven such grids, 110 s of wall time against 142 s
//! (`docs/giant-grids-sparse.md`). Only counts up to two race, so the answer (none,
//! unique, or multiple) is the same whoever wins; with multiple, the two solutions shown
//! are the winner's.

use super::sat::{Choice, Cnf, Found};
use super::tuning::{races_fills_at, Tuning};
use super::{run_search, Options, Question, Search, Solver};
use crate::solve::sparse::Fitted;
use crate::stop::Stop;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Up to `want` solutions of `st`'s current state other than those in `known`, as
/// [`sat::search`](super::sat::search) finds them (both solvers looking next to `near`
/// first, when given), from whichever of two solvers answers first.
pub(super) fn race(
    st: &Solver,
    known: &[Vec<u16>],
    want: usize,
    stop: &Stop,
    near: Option<&[u16]>,
) -> Found {
    let Some(cnf) = Cnf::of(st, known, stop) else {
        return Found::stopped();
    };
    let cnf = &cnf;
    let solver =
        |choice: Choice| move |raced: &Stop| cnf.solve(cnf.backend(choice, near, raced), want);
    first_of_two(
        stop,
        solver(cnf.choice),
        solver(cnf.choice.partner()),
        |found| !found.stopped,
        |found| found.solutions.len(),
    )
}

/// The seed of the second fill's salts (the first keeps the single engine's, so that it
/// takes the same path as without the race).
const SECOND_FILL_SEED: u64 = 0x005e_ed0f_f111;

/// Whether [`super::run`] races two fills for `question` ([`race_fills`]): a sparse grid from
/// 81x81 up (`tuning::races_fills_at`), not empty, without marks, asked for at most two
/// solutions.
pub(super) fn races_fills(question: Question<'_>) -> bool {
    let givens = question.grid.filled_count();
    question.marks.is_none()
        && (1..=2).contains(&question.limit)
        && givens > 0
        && races_fills_at(question.grid.shape(), givens)
}

/// [`run_search`] of `question` twice at once, as [`first_of_two`] races them: the first as
/// the single engine runs it (at 81x81 it hands over to batsat), the second with its own
/// salts ([`SECOND_FILL_SEED`]) and never handing over, a fill to the end. `fitted` gets
/// the answering search's fit, as [`run_search`]'s.
pub(super) fn race_fills(
    question: Question<'_>,
    tuning: Tuning,
    stop: &Stop,
    fitted: &mut Fitted,
) -> Search {
    let fill = |tuning: Tuning| {
        move |raced: &Stop| {
            let mut fit = Fitted::default();
            let options = Options::default();
            let found = run_search(question, tuning, raced, options, &mut fit);
            (found, fit)
        }
    };
    let second = Tuning {
        seed: SECOND_FILL_SEED,
        sat_after: u64::MAX,
        ..tuning
    };
    let (found, fit) = first_of_two(
        stop,
        fill(tuning),
        fill(second),
        |(found, _)| !found.stopped,
        |(found, _)| found.count,
    );
    *fitted = fit;
    found
}

/// Runs `mine` in this thread and `theirs` in a second, each given `stop` with a flag that
/// the first complete answer (`complete`) sets, so that the other stops; the second thread
/// is always joined before the answer is returned. The answer: `mine` when complete (both
/// at once: the single engine's), else `theirs` when complete, else (the caller's stop
/// ended both) whichever `found` more.
fn first_of_two<T: Send>(
    stop: &Stop,
    mine: impl FnOnce(&Stop) -> T,
    theirs: impl FnOnce(&Stop) -> T + Send,
    complete: impl Fn(&T) -> bool + Sync,
    found: impl Fn(&T) -> usize,
) -> T {
    let flag = Arc::new(AtomicBool::new(false));
    let raced = stop.clone().with_cancel(flag.clone());
    let (raced, flag, complete) = (&raced, &flag, &complete);
    let finish = move |answer: T| {
        if complete(&answer) {
            flag.store(true, Ordering::Relaxed);
        }
        answer
    };
    std::thread::scope(|scope| {
        let other = scope.spawn(move || finish(theirs(raced)));
        let mine = finish(mine(raced));
        let theirs = match other.join() {
            Ok(answer) => answer,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        match (complete(&mine), complete(&theirs)) {
            (true, _) => mine,
            (false, true) => theirs,
            (false, false) if found(&theirs) > found(&mine) => theirs,
            (false, false) => mine,
        }
    })
}
