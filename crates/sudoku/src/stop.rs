//! When long work gives up: a deadline and a cancel flag, passed down explicitly to the
//! loops that can run for seconds (the general solver's search, propagation and probing,
//! the generator's attempts and removals).
//!
//! A [`Stop`] is cheap to clone and to check; loops look at the clock every few hundred
//! steps, so a deadline is kept to within a millisecond or so of work.
//!
//! Two kinds of stop: a *bound* (a deadline, a cancel flag) is part of the question, and
//! work may plan around it ([`Stop::is_bounded`], [`Stop::deadline`]: the rater runs its two
//! scales side by side under one); an *interrupt* ([`Stop::with_interrupt`],
//! [`Stop::with_interrupt_at`]) only ends the work early, for a caller that throws away
//! whatever an interrupted call answers (a Ctrl-C in the Python package). Until it comes,
//! the work runs exactly as it would without it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A deadline and/or a cancel flag, and interrupts. The default never stops.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    deadline: Option<Instant>,
    /// Cancel flags: any one set stops (a caller's flag, and a portfolio's own to end the
    /// losing engine).
    cancel: Vec<Arc<AtomicBool>>,
    /// Interrupt flags: they stop as cancel flags do, but bound nothing.
    interrupts: Vec<Arc<AtomicBool>>,
    /// An interrupt at a time: it stops as a deadline does, but bounds nothing.
    interrupt_at: Option<Instant>,
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
            ..Stop::default()
        }
    }

    /// Stops `limit` from now (never, if that is past what the clock can hold).
    pub fn after(limit: Duration) -> Stop {
        Stop {
            deadline: Instant::now().checked_add(limit),
            ..Stop::default()
        }
    }

    /// Also stops once `flag` is set (by another thread, a signal handler, a UI). Flags
    /// add up: a stop with two flags stops when either is set.
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Stop {
        self.cancel.push(flag);
        self
    }

    /// Also stops once `flag` is set, as [`Stop::with_cancel`] does, but without bounding
    /// the work: [`Stop::is_bounded`] and [`Stop::deadline`] stay as they were, so the work
    /// runs as it would without the flag until it is set. For a caller that throws away
    /// what an interrupted call answers (a Ctrl-C): the answer may be cut short anywhere.
    pub fn with_interrupt(mut self, flag: Arc<AtomicBool>) -> Stop {
        self.interrupts.push(flag);
        self
    }

    /// Also stops at `at` (the sooner of two such times), without bounding the work, as
    /// [`Stop::with_interrupt`]: for a caller that tries work for a while and, when it is
    /// not done by then, throws the answer away and runs it again some other way.
    pub fn with_interrupt_at(mut self, at: Instant) -> Stop {
        self.interrupt_at = Some(self.interrupt_at.map_or(at, |t| t.min(at)));
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
            interrupts: self.interrupts.clone(),
            interrupt_at: self.interrupt_at,
        }
    }

    /// The deadline, if any (an interrupt's time is none).
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the work is bounded: a deadline or a cancel flag is set (interrupts do not
    /// count).
    pub fn is_bounded(&self) -> bool {
        self.deadline.is_some() || !self.cancel.is_empty()
    }

    /// Whether the deadline has passed, a flag is set or an interrupt has come.
    pub fn reached(&self) -> bool {
        let set = |flags: &[Arc<AtomicBool>]| flags.iter().any(|f| f.load(Ordering::Relaxed));
        if set(&self.cancel) || set(&self.interrupts) {
            return true;
        }
        let first = match (self.deadline, self.interrupt_at) {
            (Some(a), Some(b)) => a.min(b),
            (Some(t), None) | (None, Some(t)) => t,
            (None, None) => return false,
        };
        Instant::now() >= first
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
    fn interrupts_stop_without_bounding() {
        let flag = Arc::new(AtomicBool::new(false));
        let s = Stop::never().with_interrupt(flag.clone());
        assert!(!s.is_bounded() && !s.reached() && s.deadline().is_none());
        flag.store(true, Ordering::Relaxed);
        assert!(s.reached() && !s.is_bounded());
        // At a time: reached then, with no deadline to plan around.
        let past = Stop::never().with_interrupt_at(Instant::now());
        assert!(past.reached() && !past.is_bounded() && past.deadline().is_none());
        let later = Instant::now() + Duration::from_secs(3600);
        let s = Stop::never().with_interrupt_at(later);
        assert!(!s.reached() && !s.is_bounded());
        // The sooner time wins; a bound keeps its own deadline.
        assert!(s.clone().with_interrupt_at(Instant::now()).reached());
        let bounded = Stop::at(later).with_interrupt_at(Instant::now());
        assert!(bounded.reached() && bounded.is_bounded());
        assert_eq!(bounded.deadline(), Some(later));
        // `within` keeps them.
        let flag = Arc::new(AtomicBool::new(false));
        let s = Stop::never()
            .with_interrupt(flag.clone())
            .within(Duration::from_secs(3600));
        assert!(!s.reached());
        flag.store(true, Ordering::Relaxed);
        assert!(s.reached());
        assert!(Stop::never()
            .with_interrupt_at(Instant::now())
            .within(Duration::from_secs(3600))
            .reached());
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
