//! Many questions about one puzzle's givens, answered by one incremental SAT solver.
//!
//! Minimal generation asks, given after given, whether the puzzle without it still has one
//! solution: whether some solution puts another digit in its cell. Asked one by one, each
//! question is a search from scratch, and near minimality each is a hard instance.
//!
//! The questions about a run of givens share a *base*: the puzzle without all of them.
//! Every puzzle asked about holds the base's givens, so each of its solutions is one of the
//! base's. The oracle propagates the base once (singles, locked candidates, failed-literal
//! probing from 25x25 up), hands the CNF of what is left to one SAT solver, and puts each
//! question as assumptions: the run's givens the puzzle still holds, and the asked
//! cell's digit false. Assumptions are not clauses, so what the solver learns follows from
//! the base alone and serves every later question.
//!
//! Most questions have the answer yes (of 262 in `generate --size 25 --minimal --seed 1`,
//! 255: the given is needed), and that solution is most often near the known one. So the
//! solver is batsat with its decisions set to the known solution's digits: it goes back to
//! that assignment after every conflict and finds the solutions next to it first. On that
//! run (runs of 8 givens, CPU of the whole process, side by side): CaDiCaL's defaults
//! 10.3 s, its `sat` configuration 6.2 s, batsat on its own phases 5.5 s, batsat near the
//! solution 4.2 s; a search from scratch per question, as before, 8.1-9.5 s. At 36x36
//! single questions take up to 96 s either way (runs of one given too), and 32x32 gave no
//! puzzle in 400 s, so from 26x26 up minimal stays minimal for propagation (the
//! generator's module doc).

use super::sat::{Backend, Cnf};
use super::{Geometry, Solver, Tuning};
use crate::stop::Stop;
use crate::{Cell, Digit, Grid};

/// One incremental SAT solver over a base puzzle's CNF (module doc).
pub(crate) struct Oracle<'s> {
    /// `None` when the base has no solution: then no puzzle holding its givens has one.
    inner: Option<(Cnf, Backend<'s>)>,
    /// The base's givens (0 for an empty cell), to check the questions against.
    base: Vec<u16>,
}

impl<'s> Oracle<'s> {
    /// The oracle for puzzles that hold every given of `base`, which looks for solutions
    /// near `near` (a solution of the base) first. `Err` when `stop` came first.
    pub(crate) fn new(
        base: &Grid,
        near: &Grid,
        stop: &'s Stop,
    ) -> Result<Oracle<'s>, crate::Stopped> {
        let geo = Geometry::new(base.shape());
        let tuning = Tuning::default();
        let mut inner = None;
        if let Some(mut st) = Solver::new(&geo, base, stop) {
            st.recording = true;
            let alive = st.queue_all()
                && st.propagate()
                && (geo.n < tuning.probe_min_side || st.probe(tuning.probe_max_size));
            if st.stopped {
                return Err(crate::Stopped);
            }
            if alive {
                let mut cnf = Cnf::of(&st, &[], stop).ok_or(crate::Stopped)?;
                let mut sat = Backend::batsat(stop);
                sat.prefer(&cnf.agreeing(near.values()));
                cnf.load(&mut sat);
                inner = Some((cnf, sat));
            }
        }
        Ok(Oracle {
            inner,
            base: base.values().to_vec(),
        })
    }

    /// Whether `puzzle` (which holds every given of the base, and perhaps more) has a
    /// solution without `digit` in `cell`. `Err` when the stop came first.
    pub(crate) fn solution_without(
        &mut self,
        puzzle: &Grid,
        cell: Cell,
        digit: Digit,
    ) -> Result<bool, crate::Stopped> {
        let Some((cnf, sat)) = &mut self.inner else {
            return Ok(false);
        };
        let mut assumed = Vec::new();
        for (c, (&v, &b)) in puzzle.values().iter().zip(&self.base).enumerate() {
            debug_assert!(b == 0 || b == v, "the puzzle holds the base's givens");
            if v == 0 || b != 0 {
                continue;
            }
            match cnf.value_of(c) {
                // Open in the base's state: assume the given, unless the state ruled it out.
                0 => match cnf.var_of(c, usize::from(v) - 1) {
                    0 => return Ok(false),
                    x => assumed.push(x),
                },
                // Decided there: every base solution has that digit, so another one has none.
                now if now != v => return Ok(false),
                _ => {}
            }
        }
        let d = digit.index();
        // The asked cell's digit false, if the base's state still leaves it open.
        match cnf.value_of(cell.index()) {
            0 => match cnf.var_of(cell.index(), d) {
                0 => {}
                x => assumed.push(-x),
            },
            now if usize::from(now) == d + 1 => return Ok(false),
            _ => {}
        }
        sat.solve_assuming(&assumed).ok_or(crate::Stopped)
    }
}
