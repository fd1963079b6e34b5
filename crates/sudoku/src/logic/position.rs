//! A player's position (givens, placed digits, pencil marks) and what every face asks of
//! it first: has the puzzle one solution, and which of the player's digits and marks
//! contradict it. The CLI's `hint`, `explain` and `rate`, the game, the web server and the
//! Python package all start here, so the answers are said the same way everywhere.

use crate::format::{Alphabet, Puzzle};
use crate::grid::{Board, Candidates, Grid};
use crate::index::{Cell, Digit};
use crate::shape::Shape;
use crate::solve::{self, Outcome};
use crate::symbols::Notation;
use serde::Serialize;

/// A position to solve from: the puzzle's digits (givens and the digits placed since) and
/// the candidates, which are the player's own pencil marks when the puzzle came with them
/// (used as they are, never completed) and otherwise what the rules allow.
#[derive(Clone, Debug)]
pub struct Position {
    grid: Grid,
    marks: Option<Candidates>,
    board: Board,
    /// The symbols the puzzle was written in, for the text of its steps.
    alphabet: Option<Alphabet>,
}

/// Why a puzzle has no single answer: invalid givens, no solution or several.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// `invalid`, `none` or `multiple` (as `solve --json` says it), or `timeout`.
    pub status: &'static str,
    /// "invalid givens: digit 5 2 times in row 1: r1c1, r1c2", "no solution", …
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

impl Problem {
    /// The problem of an outcome, or `None` when it is unique.
    ///
    /// ```
    /// use sudoku::{logic::Problem, solve, Grid};
    /// let g = Grid::from_line(&".".repeat(16))?;
    /// let p = Problem::of(&solve::solve(&g), g.shape()).ok_or("no problem")?;
    /// assert_eq!((p.status, p.message.as_str()), ("multiple", "multiple solutions"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    /// `n` is the grid's shape, or a [`Notation`] that names digits in the puzzle's symbols.
    pub fn of(outcome: &Outcome, n: impl Into<Notation>) -> Option<Problem> {
        (outcome.unique().is_none()).then(|| Problem {
            status: outcome.status(),
            message: outcome.message(n),
        })
    }

    /// The one wording of work a face did not do because of this problem: "not rated:
    /// multiple solutions", "not explained: no solution" (`work` is what was not done).
    /// `rate`, `explain`, `solve --animate` and the Python package all say it so; a
    /// record's `message` is the problem's own message, the same from every face.
    ///
    /// ```
    /// use sudoku::{logic::Problem, solve, Grid};
    /// let g = Grid::from_line(&".".repeat(16))?;
    /// let p = Problem::of(&solve::solve(&g), g.shape()).ok_or("no problem")?;
    /// assert_eq!(p.not_done("rated"), "not rated: multiple solutions");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn not_done(&self, work: &str) -> String {
        format!("not {work}: {}", self.message)
    }

    /// The status of a search stopped at its deadline.
    const TIMEOUT: &'static str = "timeout";

    /// The problem of a search stopped at its deadline.
    pub fn timeout() -> Problem {
        Problem {
            status: Self::TIMEOUT,
            message: "no answer within the time limit (timeout)".into(),
        }
    }

    /// Whether this is the problem of a search stopped at its deadline ([`Problem::timeout`]):
    /// the puzzle may be fine, only the time ran out.
    pub fn is_timeout(&self) -> bool {
        self.status == Self::TIMEOUT
    }
}

/// The solution of `grid`'s digits (inside `marks` where given) when it is unique, else
/// what is wrong.
pub fn unique_solution(grid: &Grid, marks: Option<&Candidates>) -> Result<Grid, Problem> {
    let outcome = solve::solve_with(grid, marks);
    match Problem::of(&outcome, grid.shape()) {
        None => Ok(outcome.unique().expect("unique").clone()),
        Some(p) => Err(p),
    }
}

/// What is wrong with one cell of a position, against the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MistakeKind {
    /// A placed digit that is not the solution's.
    WrongDigit,
    /// The cell's pencil marks lack the solution's digit.
    MissingMark,
}

impl MistakeKind {
    /// `wrong digit` or `missing mark`.
    pub fn name(self) -> &'static str {
        match self {
            MistakeKind::WrongDigit => "wrong digit",
            MistakeKind::MissingMark => "missing mark",
        }
    }
}

/// A player's mistake: a wrong digit (`digit` is the one placed), or a pencil mark missing
/// the solution's digit (`digit` is the solution's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mistake {
    /// The cell.
    pub cell: Cell,
    /// The digit placed, or the solution's digit a mark lacks.
    pub digit: Digit,
    /// A wrong digit or a missing mark.
    pub kind: MistakeKind,
}

/// A mistake as the faces send it: `cell` is `[row, col]`, 1-based.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MistakeRecord {
    /// `[row, col]`, 1-based.
    pub cell: [usize; 2],
    /// As in [`Mistake::digit`], 1-based.
    pub digit: usize,
    /// The kind's name.
    pub kind: &'static str,
}

impl Mistake {
    /// The record of this mistake in a grid of `shape`.
    pub fn record(&self, shape: Shape) -> MistakeRecord {
        MistakeRecord {
            cell: [self.cell.row(shape).number(), self.cell.col(shape).number()],
            digit: self.digit.get(),
            kind: self.kind.name(),
        }
    }
}

impl Position {
    /// The position of `grid` (givens and placed digits), with `marks` as the candidates of
    /// its empty cells when given, else the candidates the rules allow.
    pub fn new(grid: &Grid, marks: Option<&Candidates>) -> Position {
        let board = match marks {
            Some(m) => Board::with_candidates(grid, m),
            None => Board::new(grid),
        };
        Position {
            grid: grid.clone(),
            marks: marks.cloned(),
            board,
            alphabet: None,
        }
    }

    /// The position a parsed puzzle describes (its own pencil marks when it has them).
    ///
    /// ```
    /// use sudoku::{format, logic::Position};
    /// let p = format::parse_line(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let pos = Position::from_puzzle(&format::Puzzle::new(p));
    /// assert!(pos.solution().is_ok() && !pos.board().is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_puzzle(puzzle: &Puzzle) -> Position {
        Position::new(&puzzle.grid, puzzle.marks.as_ref()).spelled(puzzle.alphabet)
    }

    /// The position with its digits named in `alphabet` in step text (a puzzle's
    /// [`Puzzle::alphabet`]; [`Position::from_puzzle`] takes it from the puzzle).
    pub fn spelled(mut self, alphabet: Option<Alphabet>) -> Position {
        self.alphabet = alphabet;
        self
    }

    /// How the text of this position's steps and mistakes names cells and digits.
    pub fn notation(&self) -> Notation {
        Notation::new(self.shape(), self.alphabet)
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }
    /// The digits (givens and placed).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
    /// The pencil marks the position came with, if any.
    pub fn marks(&self) -> Option<&Candidates> {
        self.marks.as_ref()
    }
    /// The board the solvers start from.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The board, taken.
    pub fn into_board(self) -> Board {
        self.board
    }

    /// The solution of the givens alone (placed digits and marks may be wrong) when it is
    /// unique, else what is wrong with the puzzle. A hint only makes sense on such a one.
    ///
    /// A puzzle its pencil marks define (a sukaku, or a pencil-mark grid whose lone digits
    /// are not all givens) has several solutions by its givens alone: when the marks leave
    /// one, that is its solution, as `solve` says. (Hints said "multiple solutions" of a
    /// grid that `solve` and `rate` found unique.)
    pub fn solution(&self) -> Result<Grid, Problem> {
        self.solution_until(&crate::stop::Stop::never())
    }

    /// [`Position::solution`] under `stop`: [`Problem::timeout`] when it comes first.
    pub fn solution_until(&self, stop: &crate::stop::Stop) -> Result<Grid, Problem> {
        let (givens, marks) = self.grid.unplayed(self.marks.as_ref());
        let unique = |marks: Option<&Candidates>| {
            let outcome =
                solve::solve_until(&givens, marks, stop).map_err(|_| Problem::timeout())?;
            Ok::<_, Problem>(match Problem::of(&outcome, self.notation()) {
                None => Ok(outcome.unique().expect("unique").clone()),
                Some(p) => Err(p),
            })
        };
        match unique(None)? {
            Err(p) if p.status == "multiple" && marks.is_some() => unique(marks)?.map_err(|_| p),
            found => found,
        }
    }

    /// The mistakes of the position against `solution`, in cell order: placed digits that
    /// differ from it, and empty cells whose pencil marks lack its digit. Without the
    /// player's own marks the candidates are what the rules allow, and one they lack was
    /// taken by a wrong digit in a peer: that digit is the mistake, not each such cell.
    pub fn mistakes(&self, solution: &Grid) -> Vec<Mistake> {
        let mut out = Vec::new();
        for cell in Cell::all(self.shape()) {
            let Some(truth) = solution.get(cell) else {
                continue;
            };
            match self.board.value(cell) {
                Some(d) if d != truth => out.push(Mistake {
                    cell,
                    digit: d,
                    kind: MistakeKind::WrongDigit,
                }),
                Some(_) => {}
                None if self.marks.is_some() && !self.board.has(cell, truth) => out.push(Mistake {
                    cell,
                    digit: truth,
                    kind: MistakeKind::MissingMark,
                }),
                None => {}
            }
        }
        out
    }
}
