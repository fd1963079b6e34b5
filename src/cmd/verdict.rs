//! The first question of every command that works on a puzzle: has it exactly one
//! solution? When not, which of the other three outcomes (invalid givens, no solution,
//! several), said in the same words by `solve`, `hint`, `explain`, `rate`, `play` and
//! `solve --animate`.

use sudoku::solve::{self, Outcome};
use sudoku::{Candidates, Grid, Shape};

/// Why a puzzle has no single answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// `invalid`, `none` or `multiple`, as `solve --json` says it.
    pub status: &'static str,
    /// "invalid givens: digit 5 2 times in row 1: r1c1, r1c2", "no solution", …
    pub message: String,
}

/// The problem of an outcome, or `None` when it is unique.
pub fn problem(outcome: &Outcome, shape: Shape) -> Option<Problem> {
    let message = match outcome {
        Outcome::Unique(_) => return None,
        Outcome::Multiple(..) => "multiple solutions".to_string(),
        Outcome::NoSolution => "no solution".to_string(),
        Outcome::Invalid(c) => {
            let why: Vec<String> = c.iter().map(|c| c.describe(shape)).collect();
            format!("invalid givens: {}", why.join("; "))
        }
    };
    Some(Problem {
        status: outcome.status(),
        message,
    })
}

/// Solves the givens of `grid` (inside `marks` where given): the solution when unique,
/// else what is wrong.
pub fn unique(grid: &Grid, marks: Option<&Candidates>) -> Result<Grid, Problem> {
    let outcome = solve::solve_with(grid, marks);
    match problem(&outcome, grid.shape()) {
        None => Ok(outcome.unique().expect("unique").clone()),
        Some(p) => Err(p),
    }
}
