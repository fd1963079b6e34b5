//! When long work gives up: a deadline and a cancel flag, passed down explicitly to the
//! loops that can run for seconds (the general solver's search, propagation and probing,
//! the generator's attempts and removals).
//!
//! A [`Stop`] is cheap to clone and to check; loops look at the clock every few hundred
//! steps, so a deadline is kept to within a millisecond or so of work.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A deadline and/or a cancel flag. The default never stops.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    deadline: Option<Instant>,
    /// Cancel flags: any one set stops (a caller's flag, and a portfolio's own to end the
    /// losing engine).
    cancel: Vec<Arc<AtomicBool>>,
}

impl Stop {
    /// Never stops.
    pub fn never() -> Stop {
        Stop::default()
    }

    /// Stops at `deadline`.
    pub fn at(deadline: Instant) -> Stop {
        Stop {
            deadline: Some(deadline),
            cancel: Vec::new(),
        }
    }

    /// Stops `limit` from now (never, if that is past what the clock can hold).
    pub fn after(limit: Duration) -> Stop {
        Stop {
            deadline: Instant::now().checked_add(limit),
            cancel: Vec::new(),
        }
    }

    /// Also stops once `flag` is set (by another thread, a signal handler, a UI). Flags
    /// add up: a stop with two flags stops when either is set.
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Stop {
        self.cancel.push(flag);
        self
    }

    /// This stop, and also `limit` from now if that comes sooner: a bound on one part of
    /// the work that the caller's stop still cuts short.
    pub(crate) fn within(&self, limit: Duration) -> Stop {
        let sooner = Instant::now().checked_add(limit);
        Stop {
            deadline: match (self.deadline, sooner) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            cancel: self.cancel.clone(),
        }
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether this can ever stop (a deadline or a flag is set).
    pub fn is_bounded(&self) -> bool {
        self.deadline.is_some() || !self.cancel.is_empty()
    }

    /// Whether the deadline has passed or the flag is set.
    pub fn reached(&self) -> bool {
        self.cancel.iter().any(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Work cut short by a [`Stop`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped before the answer: the time limit was reached or the work was cancelled")]
pub struct Stopped;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_and_past() {
        assert!(!Stop::never().reached());
        assert!(!Stop::never().is_bounded());
        assert!(Stop::at(Instant::now()).reached());
        assert!(!Stop::after(Duration::from_secs(3600)).reached());
        // Too far to represent: never.
        assert!(!Stop::after(Duration::MAX).reached());
    }

    #[test]
    fn cancel_flag() {
        let flag = Arc::new(AtomicBool::new(false));
        let s = Stop::never().with_cancel(flag.clone());
        assert!(s.is_bounded() && !s.reached());
        flag.store(true, Ordering::Relaxed);
        assert!(s.reached());
    }

    #[test]
    fn within_keeps_the_sooner_deadline_and_the_flags() {
        let soon = Stop::after(Duration::from_secs(3600)).within(Duration::ZERO);
        assert!(soon.reached());
        let later = Stop::at(Instant::now()).within(Duration::from_secs(3600));
        assert!(later.reached());
        let flag = Arc::new(AtomicBool::new(false));
        let s = Stop::never()
            .with_cancel(flag.clone())
            .within(Duration::from_secs(3600));
        assert!(!s.reached());
        flag.store(true, Ordering::Relaxed);
        assert!(s.reached());
    }

    #[test]
    fn flags_add_up() {
        let (a, b) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        let s = Stop::never().with_cancel(a.clone()).with_cancel(b.clone());
        assert!(!s.reached());
        b.store(true, Ordering::Relaxed);
        assert!(s.reached());
        b.store(false, Ordering::Relaxed);
        a.store(true, Ordering::Relaxed);
        assert!(s.reached());
    }
}
