//! The two-core portfolio: where the search would hand over to CaDiCaL, both run at once.
//!
//! At the hand-over point (see the module docs of [`super`]) a copy of the root state goes
//! to a second thread, which runs the all-different filter and CaDiCaL on it exactly as
//! the single-engine hand-over does, while this thread goes on with the depth-first
//! search where it was. The first engine to finish sets a shared flag that the other's
//! [`Stop`](crate::Stop) looks at, and the other thread is always joined before the
//! answer is returned: nothing runs on after it.
//!
//! Answers do not depend on which engine wins:
//! * a count below the limit (none, unique, or every solution listed) is the same set of
//!   solutions for both; the listing is put in value order (row by row), so it is the same
//!   whoever wins, and the same as the single engine's after its hand-over;
//! * a count that reaches the limit (`multiple`) would show different solutions depending
//!   on the winner, so there the SAT engine's answer is taken, which is exactly what the
//!   single engine gives: when the search gets there first, it waits for CaDiCaL. Only a
//!   time limit reached while waiting lets the search's own solutions through.

use super::{grid_of, sat, Search, Solver};
use crate::grid::Grid;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{Scope, ScopedJoinHandle};

/// What the start of the race gave.
pub(super) enum Start<'scope> {
    /// CaDiCaL runs in this thread; the search goes on.
    Racing(ScopedJoinHandle<'scope, sat::Found>),
    /// The all-different filter decided the root (filled it, refuted it, or was stopped):
    /// no race, this is the answer beyond the solutions already known.
    Decided(sat::Found),
}

/// Starts the SAT engine on a copy of `st`'s root (the state under the first frame of
/// `stack`) in a thread of `scope`, leaving `st` as it is; the thread sets `flag` when it
/// is done. `known` are the solutions found so far, `want` how many more are asked.
pub(super) fn start<'scope, 'g: 'scope>(
    scope: &'scope Scope<'scope, '_>,
    st: &Solver<'g>,
    stack: &[(usize, u32, u16)],
    known: &[Vec<u16>],
    want: usize,
    flag: &Arc<AtomicBool>,
) -> Start<'scope> {
    let mut root = st.clone();
    if let Some(&(mark, ..)) = stack.first() {
        root.undo_to(mark);
    }
    // As the single engine: the all-different filter first, kept only when it decides.
    let mark = root.trail.len();
    if !root.all_different() {
        return Start::Decided(sat::Found {
            solutions: Vec::new(),
            stopped: root.stopped,
        });
    }
    if root.empty == 0 {
        return Start::Decided(sat::search(&root, known, want, root.stop));
    }
    root.undo_to(mark);
    let known = known.to_vec();
    let flag = flag.clone();
    Start::Racing(scope.spawn(move || {
        let found = sat::search(&root, &known, want, root.stop);
        flag.store(true, Ordering::Relaxed);
        found
    }))
}

/// `result` (what the search found before the hand-over, `known` the values of every
/// solution it found) with the SAT engine's `found` after it: the single engine's answer.
/// A complete listing (a count below the limit) is in value order, as the race gives it.
pub(super) fn handed_over(
    mut result: Search,
    known: &[Vec<u16>],
    found: sat::Found,
    asked: Asked,
) -> Search {
    let count = result.count + found.solutions.len();
    if !found.stopped && count < asked.limit {
        let mut all: Vec<&Vec<u16>> = known.iter().chain(&found.solutions).collect();
        all.sort_unstable();
        result.solutions = all
            .into_iter()
            .take(asked.keep)
            .map(|v| grid_of(asked.grid, v))
            .collect();
        result.count = count;
        result.stopped = false;
        return result;
    }
    for values in &found.solutions {
        result.count += 1;
        if result.solutions.len() < asked.keep {
            result.solutions.push(grid_of(asked.grid, values));
        }
    }
    result.stopped = found.stopped;
    result
}

/// The question asked of the search.
pub(super) struct Asked<'a> {
    pub grid: &'a Grid,
    pub limit: usize,
    pub keep: usize,
}

/// Ends the race: `searched` is the search's own answer (stopped when CaDiCaL finished
/// first), `known` every solution the search found (the first `at_start` of them before
/// the SAT thread started). Joins the SAT thread before answering.
pub(super) fn finish(
    searched: Search,
    handle: ScopedJoinHandle<'_, sat::Found>,
    flag: &AtomicBool,
    known: &[Vec<u16>],
    at_start: usize,
    asked: Asked,
) -> Search {
    let search_done = !searched.stopped;
    // A count below the limit is the answer, the same one CaDiCaL would give: stop it. At
    // the limit, wait for CaDiCaL's solutions (see the module docs).
    if search_done && searched.count < asked.limit {
        flag.store(true, Ordering::Relaxed);
    }
    let found = match handle.join() {
        Ok(found) => found,
        Err(panic) => std::panic::resume_unwind(panic),
    };
    let listing = |all: Vec<&Vec<u16>>, count: usize| {
        let mut all = all;
        if count < asked.limit {
            all.sort_unstable();
        }
        Search {
            count,
            solutions: all
                .into_iter()
                .take(asked.keep)
                .map(|v| grid_of(asked.grid, v))
                .collect(),
            guesses: searched.guesses,
            stopped: false,
        }
    };
    if search_done && searched.count < asked.limit {
        return listing(known.iter().collect(), searched.count);
    }
    if !found.stopped {
        let all: Vec<&Vec<u16>> = known[..at_start].iter().chain(&found.solutions).collect();
        let count = all.len();
        return listing(all, count);
    }
    if search_done {
        // CaDiCaL was cut short by the caller's stop while the search had its answer.
        return searched;
    }
    Search {
        count: searched.count.max(at_start + found.solutions.len()),
        stopped: true,
        ..searched
    }
}
