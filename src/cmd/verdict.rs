//! The first question of every command that works on a puzzle: has it exactly one
//! solution? When not, which of the other three outcomes (invalid givens, no solution,
//! several), said in the same words by `solve`, `hint`, `explain`, `rate`, `play` and
//! `solve --animate`. The words are the library's ([`sudoku::logic::Problem`]), which the
//! other faces share.

use sudoku::format::Puzzle;
pub use sudoku::logic::Problem;
use sudoku::solve::Outcome;
use sudoku::symbols::Notation;
use sudoku::{Candidates, Grid};

/// The problem of an outcome, or `None` when it is unique; digits named as `n` says (a
/// puzzle's [`Notation`], or numbers from a bare shape).
pub fn problem(outcome: &Outcome, n: impl Into<Notation>) -> Option<Problem> {
    Problem::of(outcome, n)
}

/// Solves the givens of `grid` (inside `marks` where given): the solution when unique,
/// else what is wrong.
pub fn unique(grid: &Grid, marks: Option<&Candidates>) -> Result<Grid, Problem> {
    sudoku::logic::unique_solution(grid, marks)
}

/// The clashes of `grid`'s givens as `solve --json` lists them under `conflicts`: a record
/// of an invalid puzzle from any command carries them (empty when none).
pub fn conflict_records(grid: &Grid, n: Notation) -> Vec<sudoku::solve::ConflictRecord> {
    grid.conflicts()
        .iter()
        .map(|c| sudoku::solve::ConflictRecord::new(c, n))
        .collect()
}

/// The `status` of a record of a puzzle with exactly one solution, `solve --json`'s word
/// for it ([`Outcome::UNIQUE`]).
pub const UNIQUE: &str = Outcome::UNIQUE;

/// A face's record body for a puzzle with exactly one solution: `status` (`unique`) beside
/// the face's own fields (a rating, a path), as [`ProblemRecord`] gives the other outcomes
/// theirs, so that every record says what the puzzle is.
#[derive(serde::Serialize)]
pub struct Unique<T> {
    pub status: &'static str,
    #[serde(flatten)]
    pub body: T,
}

impl<T> Unique<T> {
    /// `body` with `status: unique`.
    pub fn new(body: T) -> Unique<T> {
        Unique {
            status: UNIQUE,
            body,
        }
    }
}

/// A problem as the body of a record: `status`, `message` (the problem's own, the same
/// words from every command) and, for clashing givens, `conflicts` as `solve --json`
/// lists them.
#[derive(serde::Serialize)]
pub struct ProblemRecord {
    pub status: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<sudoku::solve::ConflictRecord>,
}

impl ProblemRecord {
    /// `problem` of `puzzle`.
    pub fn new(problem: &Problem, puzzle: &Puzzle) -> ProblemRecord {
        let conflicts = if problem.status == "invalid" {
            conflict_records(&puzzle.grid, puzzle.notation())
        } else {
            Vec::new()
        };
        ProblemRecord {
            status: problem.status,
            message: problem.message.clone(),
            conflicts,
        }
    }
}
