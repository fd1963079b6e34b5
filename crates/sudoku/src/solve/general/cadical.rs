//! CaDiCaL for the SAT hand-over ([`super::sat`]), behind the `cadical` feature (on by
//! default).
//!
//! The fuzz targets build without it: `cadical-sys` also compiles CaDiCaL's model-based
//! tester, whose `main` the linker took in place of libFuzzer's. Without the feature
//! [`Cadical::new`] gives nothing and the hand-over runs batsat on every state.

use crate::stop::Stop;

/// One CaDiCaL instance. Literals are DIMACS-style: variable `v` (from 1) is `v`, its
/// negation `-v`.
#[cfg(feature = "cadical")]
pub(super) struct Cadical(cadical_sys::CaDiCal);

/// Without the feature there is no instance to make (see the module notes).
#[cfg(not(feature = "cadical"))]
pub(super) enum Cadical {}

/// Single CaDiCaL options set on top of its `sat` configuration: chronological
/// backtracking off. Over isomorphic copies (`sat.rs`'s module notes) it took a fifth off
/// the rkkautsar 64x64-1 copies and a tenth off 64x64-2's, and a third off structure-free
/// 36x36 and 49x49 grids at 42% givens.
#[cfg(feature = "cadical")]
const SAT_OPTIONS: &[(&str, i32)] = &[("chrono", 0)];

/// Stops CaDiCaL when the [`Stop`] is reached (it asks between conflicts).
#[cfg(feature = "cadical")]
struct Bound<'s>(&'s Stop);

#[cfg(feature = "cadical")]
impl cadical_sys::Terminator for Bound<'_> {
    fn terminated(&mut self) -> bool {
        self.0.reached()
    }
}

#[cfg(feature = "cadical")]
impl Cadical {
    /// A new instance: with `sat_config` its `sat` configuration and [`SAT_OPTIONS`], else
    /// its defaults.
    pub(super) fn new(sat_config: bool) -> Option<Cadical> {
        let mut sat = cadical_sys::CaDiCal::new();
        if sat_config {
            // A name CaDiCaL does not know is refused and leaves its default.
            sat.configure("sat".to_owned());
            for &(name, value) in SAT_OPTIONS {
                sat.set(name.to_owned(), value);
            }
        }
        Some(Cadical(sat))
    }

    pub(super) fn add_clause(&mut self, lits: &[i32]) {
        self.0.clause6(lits);
    }

    /// Decisions on `lit`'s variable set it to `lit` from now on.
    pub(super) fn phase(&mut self, lit: i32) {
        self.0.phase(lit);
    }

    /// Decisions on `lit`'s variable follow CaDiCaL's own phases again.
    pub(super) fn unphase(&mut self, lit: i32) {
        self.0.unphase(lit);
    }

    /// The next call to [`solve`](Self::solve) gives up (`None`) after `n` conflicts.
    pub(super) fn limit_conflicts(&mut self, n: i32) {
        self.0.limit("conflicts".to_owned(), n);
    }

    /// `Some(true)` with a model, `Some(false)` when there is none, `None` when stopped.
    pub(super) fn solve(&mut self, assumptions: &[i32], stop: &Stop) -> Option<bool> {
        for &a in assumptions {
            self.0.assume(a);
        }
        // Connected for this call only: the solver keeps a raw pointer to it, and
        // `connect_terminator` does not tie the two lifetimes together.
        let mut bound = Bound(stop);
        self.0.connect_terminator(&mut bound);
        let status = self.0.solve();
        self.0.disconnect_terminator();
        match status {
            cadical_sys::Status::SATISFIABLE => Some(true),
            cadical_sys::Status::UNSATISFIABLE => Some(false),
            _ => None,
        }
    }

    /// Whether variable `x` is true in the last model.
    pub(super) fn is_true(&mut self, x: i32) -> bool {
        self.0.val(x) > 0
    }
}

#[cfg(not(feature = "cadical"))]
impl Cadical {
    pub(super) fn new(_sat_config: bool) -> Option<Cadical> {
        None
    }

    pub(super) fn add_clause(&mut self, _lits: &[i32]) {
        match *self {}
    }

    pub(super) fn phase(&mut self, _lit: i32) {
        match *self {}
    }

    pub(super) fn unphase(&mut self, _lit: i32) {
        match *self {}
    }

    pub(super) fn limit_conflicts(&mut self, _n: i32) {
        match *self {}
    }

    pub(super) fn solve(&mut self, _assumptions: &[i32], _stop: &Stop) -> Option<bool> {
        match *self {}
    }

    pub(super) fn is_true(&mut self, _x: i32) -> bool {
        match *self {}
    }
}
