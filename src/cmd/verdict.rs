//! The first question of every command that works on a puzzle: has it exactly one
//! solution? When not, which of the other three outcomes (invalid givens, no solution,
//! several), said in the same words by `solve`, `hint`, `explain`, `rate`, `play` and
//! `solve --animate`. The words are the library's ([`sudoku::logic::Problem`]), which the
//! other faces share.

pub use sudoku::logic::Problem;
use sudoku::{Candidates, Grid};

/// Solves the givens of `grid` (inside `marks` where given): the solution when unique,
/// else what is wrong.
pub fn unique(grid: &Grid, marks: Option<&Candidates>) -> Result<Grid, Problem> {
    sudoku::logic::unique_solution(grid, marks)
}
