//! How far a path has come, for a face that shows it while the path runs (a hard giant's
//! path, or its SE rating, runs for minutes).

use super::Technique;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// A path's progress, shared between the solver that walks it and a face that reads it
/// (another thread): the steps taken, the cells still open, the last technique. Cloning
/// shares it. Give it to [`LogicSolver::with_progress`](super::LogicSolver::with_progress)
/// or [`Rater::with_progress`](crate::rate::Rater::with_progress).
///
/// ```
/// use sudoku::logic::{LogicSolver, PathProgress};
/// use sudoku::Grid;
///
/// let grid = Grid::from_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let progress = PathProgress::new();
/// let path = LogicSolver::new().with_progress(progress.clone()).solve(&grid);
/// assert_eq!(progress.steps(), path.steps.len());
/// assert_eq!(progress.open_cells(), 0);
/// assert!(progress.finished());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct PathProgress(Arc<Shared>);

#[derive(Debug, Default)]
struct Shared {
    steps: AtomicUsize,
    open: AtomicUsize,
    /// The last step's technique, as its index in [`Technique::ALL`] plus one (0: none).
    last: AtomicUsize,
    started: AtomicBool,
    finished: AtomicBool,
}

impl PathProgress {
    /// A progress no path has reported to yet.
    pub fn new() -> PathProgress {
        PathProgress::default()
    }
    /// Steps taken on the current (or last) path.
    pub fn steps(&self) -> usize {
        self.0.steps.load(Ordering::Relaxed)
    }
    /// Empty cells left on the board after the last step.
    pub fn open_cells(&self) -> usize {
        self.0.open.load(Ordering::Relaxed)
    }
    /// The technique of the last step taken.
    pub fn last_technique(&self) -> Option<Technique> {
        let i = self.0.last.load(Ordering::Relaxed);
        i.checked_sub(1)
            .and_then(|i| Technique::ALL.get(i).copied())
    }
    /// Whether a path has started reporting.
    pub fn started(&self) -> bool {
        self.0.started.load(Ordering::Relaxed)
    }
    /// Whether the path has ended (solved, stalled or stopped).
    pub fn finished(&self) -> bool {
        self.0.finished.load(Ordering::Relaxed)
    }

    /// A path starts with `open` empty cells.
    pub(super) fn start(&self, open: usize) {
        let s = &self.0;
        s.steps.store(0, Ordering::Relaxed);
        s.open.store(open, Ordering::Relaxed);
        s.last.store(0, Ordering::Relaxed);
        s.finished.store(false, Ordering::Relaxed);
        s.started.store(true, Ordering::Relaxed);
    }
    /// A step was taken that placed `placed` digits.
    pub(super) fn step(&self, technique: Technique, placed: usize) {
        let s = &self.0;
        s.steps.fetch_add(1, Ordering::Relaxed);
        // Saturating: a step never places more than is open, but a reader is no judge.
        let open = s.open.load(Ordering::Relaxed);
        s.open.store(open.saturating_sub(placed), Ordering::Relaxed);
        s.last.store(technique as usize + 1, Ordering::Relaxed);
    }
    /// The path ended.
    pub(super) fn finish(&self) {
        self.0.finished.store(true, Ordering::Relaxed);
    }
}
