//! A solve outcome as the faces send it (`solve --json`, the web server's `/api/solve`): a
//! plain serialisable record with 1-based coordinates, grids as rows of numbers (0 empty)
//! and the clashes of invalid givens already in words.

use super::Outcome;
use crate::grid::{Conflict, Grid};
use crate::symbols::Notation;
use serde::Serialize;

/// A grid as rows of numbers, 0 for an empty cell.
pub type Rows = Vec<Vec<usize>>;

/// Two or more givens with the same digit in a house, as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConflictRecord {
    /// The house, as cells name it: `r1`, `c4`, `b2`.
    pub house: String,
    /// The repeated digit, 1-based.
    pub digit: usize,
    /// The cells holding it, `[row, col]`, 1-based.
    pub cells: Vec<[usize; 2]>,
    /// "digit 5 2 times in row 1: r1c1, r1c2" ([`Conflict::describe`]).
    pub text: String,
}

impl ConflictRecord {
    /// The record of `c` in a grid of `n`'s shape, its text in `n`'s symbols.
    pub fn new(c: &Conflict, n: impl Into<Notation>) -> ConflictRecord {
        let n: Notation = n.into();
        let shape = n.shape;
        ConflictRecord {
            house: c.house.to_string(),
            digit: c.digit.get(),
            cells: c
                .cells
                .iter()
                .map(|&x| [x.row(shape).number(), x.col(shape).number()])
                .collect(),
            text: c.describe(n),
        }
    }
}

/// What solving a puzzle gave, as data: `status` (`unique`, `multiple`, `none`,
/// `invalid`) and what goes with it. Fields that do not apply are left out of the JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeRecord {
    /// [`Outcome::status`].
    pub status: &'static str,
    /// The outcome in words ([`Outcome::message`]), for faces that show it as it is
    /// ([`OutcomeRecord::described`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The solution, when unique.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Rows>,
    /// Two different solutions when there are several (every one counted, with
    /// [`OutcomeRecord::counted`] and a listing).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<Rows>>,
    /// How many solutions were counted, up to a limit ([`OutcomeRecord::counted`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// Whether `count` is all of them (else "at least").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_exact: Option<bool>,
    /// The clashes, when the givens are invalid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<Vec<ConflictRecord>>,
}

impl OutcomeRecord {
    /// The record of `outcome` in a grid of `shape`, without the words.
    ///
    /// ```
    /// use sudoku::{solve::{self, OutcomeRecord}, Grid};
    /// let g = Grid::from_line(&".".repeat(16))?;
    /// let r = OutcomeRecord::new(&solve::solve(&g), g.shape());
    /// assert_eq!(r.status, "multiple");
    /// assert_eq!(r.solutions.map(|s| s.len()), Some(2));
    /// assert!(serde_json::to_string(&OutcomeRecord::new(&solve::solve(&g), g.shape()))?
    ///     .starts_with("{\"status\":\"multiple\",\"solutions\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(outcome: &Outcome, n: impl Into<Notation>) -> OutcomeRecord {
        let n: Notation = n.into();
        let mut r = OutcomeRecord {
            status: outcome.status(),
            message: None,
            solution: None,
            solutions: None,
            count: None,
            count_exact: None,
            conflicts: None,
        };
        match outcome {
            Outcome::Unique(s) => r.solution = Some(s.rows()),
            Outcome::Multiple(a, b) => r.solutions = Some(vec![a.rows(), b.rows()]),
            Outcome::NoSolution => {}
            Outcome::Invalid(cs) => {
                r.conflicts = Some(cs.iter().map(|c| ConflictRecord::new(c, n)).collect())
            }
        }
        r
    }

    /// [`OutcomeRecord::new`] with the outcome in words (`message`).
    pub fn described(outcome: &Outcome, n: impl Into<Notation>) -> OutcomeRecord {
        let n: Notation = n.into();
        OutcomeRecord {
            message: Some(outcome.message(n)),
            ..OutcomeRecord::new(outcome, n)
        }
    }

    /// With the solutions counted: `count` of them, all of them when `exact`, and
    /// `listed` in place of the two solutions when not empty.
    pub fn counted(self, count: usize, exact: bool, listed: &[Grid]) -> OutcomeRecord {
        OutcomeRecord {
            solutions: if listed.is_empty() {
                self.solutions
            } else {
                Some(listed.iter().map(Grid::rows).collect())
            },
            count: Some(count),
            count_exact: Some(exact),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve;

    #[test]
    fn invalid_givens_are_listed_with_their_cells() {
        let mut line = ".".repeat(81);
        line.replace_range(0..2, "55");
        let g = Grid::from_line(&line).unwrap();
        let outcome = solve::solve(&g);
        let r = OutcomeRecord::described(&outcome, g.shape());
        let conflicts = r.conflicts.clone().unwrap();
        assert_eq!(conflicts.len(), 2, "the row and the box");
        assert_eq!(conflicts[0].cells, vec![[1, 1], [1, 2]]);
        assert_eq!(conflicts[0].house, "r1");
        assert_eq!(r.message, Some(outcome.message(g.shape())));
        assert!(r.message.unwrap().starts_with("invalid givens: digit 5"));
        assert!(r.solution.is_none() && r.solutions.is_none());
    }

    #[test]
    fn a_count_keeps_or_replaces_the_two_solutions() {
        let g = Grid::from_line(&".".repeat(16)).unwrap();
        let outcome = solve::solve(&g);
        let two = OutcomeRecord::new(&outcome, g.shape()).counted(7, false, &[]);
        assert_eq!(two.solutions.as_ref().map(Vec::len), Some(2));
        assert_eq!((two.count, two.count_exact), (Some(7), Some(false)));
        let all = solve::solutions(&g, 3);
        let listed = OutcomeRecord::new(&outcome, g.shape()).counted(3, true, &all);
        assert_eq!(listed.solutions, Some(all.iter().map(Grid::rows).collect()));
        let json = serde_json::to_value(&listed).unwrap();
        assert!(json.get("message").is_none() && json.get("solution").is_none());
    }
}
