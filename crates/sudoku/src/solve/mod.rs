//! Exhaustive solvers: how many solutions, and which.
//!
//! [`solve`] answers the question a user asks of a puzzle with an [`Outcome`]: unique (with
//! the solution), multiple (with two different solutions), none, or invalid (the givens
//! clash, with the clashes). [`count_solutions`], [`solution`] and [`solutions`] are the
//! building blocks under it.
//!
//! Two engines implement [`Engine`]: [`general`] (any shape) and the 9x9 engine
//! [`fast9`], to which every 9x9 grid is sent. Tests check that they agree on every puzzle we hold.
//!
//! Depends on [`crate::grid`]; never on `format` or `logic`.

pub mod fast9;
pub mod general;
mod record;
mod sparse;

use crate::grid::{Candidates, Conflict, Grid};
use crate::stop::{Stop, Stopped};
use crate::symbols::Notation;

pub use general::Search;
pub use record::{ConflictRecord, OutcomeRecord, Rows};

/// What a puzzle is, as far as solving goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions; here are two different ones.
    Multiple(Grid, Grid),
    /// No solution, although no two givens clash.
    NoSolution,
    /// Two or more givens clash in a house.
    Invalid(Vec<Conflict>),
}

impl Outcome {
    /// The [`Outcome::status`] of a puzzle with exactly one solution: what a face's record
    /// of such a puzzle says it is, whatever else it holds (a rating, a path, a hint).
    pub const UNIQUE: &'static str = "unique";

    /// `unique`, `multiple`, `none` or `invalid`: the words the CLI prints.
    pub fn status(&self) -> &'static str {
        match self {
            Outcome::Unique(_) => Self::UNIQUE,
            Outcome::Multiple(..) => "multiple",
            Outcome::NoSolution => "none",
            Outcome::Invalid(_) => "invalid",
        }
    }
    /// The outcome in words, the same for every face: "unique solution", "multiple
    /// solutions", "no solution", or "invalid givens: " and the clashes.
    pub fn message(&self, n: impl Into<Notation>) -> String {
        let n: Notation = n.into();
        match self {
            Outcome::Unique(_) => "unique solution".to_string(),
            Outcome::Invalid(c) => format!("invalid givens: {}", clashes(c, n)),
            other => other.line_note(n).unwrap_or_default(),
        }
    }
    /// The note that line-per-puzzle output writes after a puzzle without one solution
    /// (`PUZZLE # NOTE`): "multiple solutions", "no solution", or "invalid: " and the
    /// clashes; `None` for a unique one, whose line is its solution.
    pub fn line_note(&self, n: impl Into<Notation>) -> Option<String> {
        match self {
            Outcome::Unique(_) => None,
            Outcome::Multiple(..) => Some("multiple solutions".to_string()),
            Outcome::NoSolution => Some("no solution".to_string()),
            Outcome::Invalid(c) => Some(format!("invalid: {}", clashes(c, n.into()))),
        }
    }
    /// The note of [`Outcome::line_note`] for a puzzle not answered within its time limit.
    pub const TIMEOUT_NOTE: &'static str = "timeout: no answer within the time limit";
    /// The solution, if unique.
    pub fn unique(&self) -> Option<&Grid> {
        match self {
            Outcome::Unique(g) => Some(g),
            _ => None,
        }
    }
}

/// Clashing givens in words, one after another.
fn clashes(c: &[Conflict], n: Notation) -> String {
    let why: Vec<String> = c.iter().map(|c| c.describe(n)).collect();
    why.join("; ")
}

/// An exhaustive search engine. Both engines implement it, which lets tests and the
/// benchmark run them side by side. An engine implements [`Engine::search_with`]; the
/// other two are its defaults.
pub trait Engine {
    /// Counts solutions up to `limit`, keeping the first `keep` (see [`general::search`]),
    /// giving up once `stop` is reached ([`Search::stopped`]), with the general engine's
    /// [`general::Options`]. The 9x9 engine answers in microseconds, ignores `options` and
    /// looks at `stop` only between solutions of a long count.
    fn search_with(
        &self,
        grid: &Grid,
        marks: Option<&Candidates>,
        limit: usize,
        keep: usize,
        stop: &Stop,
        options: general::Options,
    ) -> Search;
    /// [`Engine::search_with`] without a stop and with the default options.
    fn search(&self, grid: &Grid, marks: Option<&Candidates>, limit: usize, keep: usize) -> Search {
        self.search_with(grid, marks, limit, keep, &Stop::never(), Default::default())
    }
    /// [`Engine::search_with`] with the default options.
    fn search_until(
        &self,
        grid: &Grid,
        marks: Option<&Candidates>,
        limit: usize,
        keep: usize,
        stop: &Stop,
    ) -> Search {
        self.search_with(grid, marks, limit, keep, stop, Default::default())
    }
}

/// The general engine, for every shape.
#[derive(Clone, Copy, Debug, Default)]
pub struct General;

impl Engine for General {
    fn search_with(
        &self,
        grid: &Grid,
        marks: Option<&Candidates>,
        limit: usize,
        keep: usize,
        stop: &Stop,
        options: general::Options,
    ) -> Search {
        general::search_with(grid, marks, limit, keep, stop, options)
    }
}

/// The best engine for the grid's shape: [`fast9::Fast9`] for 9x9 (pencil marks
/// included), [`General`] otherwise.
pub fn engine_for(grid: &Grid) -> &'static dyn Engine {
    if grid.shape().is_nine() {
        &fast9::Fast9
    } else {
        &General
    }
}

/// Solves `grid`, telling apart unique, multiple, none and invalid.
///
/// ```
/// use sudoku::{Grid, solve::{solve, Outcome}};
/// let g = Grid::from_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// match solve(&g) {
///     Outcome::Unique(s) => assert!(s.is_solution()),
///     other => panic!("expected a unique solution, got {}", other.status()),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(grid: &Grid) -> Outcome {
    solve_with(grid, None)
}

/// As [`solve`], inside the pencil marks `marks` where given.
pub fn solve_with(grid: &Grid, marks: Option<&Candidates>) -> Outcome {
    solve_until(grid, marks, &Stop::never()).expect("no stop, no early end")
}

/// As [`solve_with`], giving up once `stop` is reached.
pub fn solve_until(
    grid: &Grid,
    marks: Option<&Candidates>,
    stop: &Stop,
) -> Result<Outcome, Stopped> {
    solve_until_with(grid, marks, stop, general::Options::default())
}

/// As [`solve_until`], with the general engine's `options` (e.g. the two-core portfolio).
/// The outcome is the same with or without them.
pub fn solve_until_with(
    grid: &Grid,
    marks: Option<&Candidates>,
    stop: &Stop,
    options: general::Options,
) -> Result<Outcome, Stopped> {
    if let Some(conflicts) = clashes_first(grid) {
        return Ok(Outcome::Invalid(conflicts));
    }
    if let Some(o) = marks.is_none().then(|| sparse::solve(grid, stop)).flatten() {
        return Ok(o);
    }
    let mut s = engine_for(grid).search_with(grid, marks, 2, 2, stop, options);
    if let Some(conflicts) = clashes_after(grid, &s) {
        return Ok(Outcome::Invalid(conflicts));
    }
    if s.stopped {
        return Err(Stopped);
    }
    Ok(match s.count {
        0 => Outcome::NoSolution,
        1 => Outcome::Unique(s.solutions.pop().expect("one solution kept")),
        _ => {
            let second = s.solutions.pop().expect("two kept");
            let first = s.solutions.pop().expect("two kept");
            Outcome::Multiple(first, second)
        }
    })
}

/// The clashes of `grid`'s givens, looked for before the search on 9x9 grids, whose
/// engine takes valid givens only. `None` when there are none or they are not looked for.
fn clashes_first(grid: &Grid) -> Option<Vec<Conflict>> {
    let conflicts = grid.shape().is_nine().then(|| grid.conflicts())?;
    (!conflicts.is_empty()).then_some(conflicts)
}

/// The clashes of `grid`'s givens after the general engine's search `s`. That engine
/// answers "no solution" for clashing givens (no solution can hold them), so "invalid" is
/// told from "none" (or from a stop) only when it found nothing: looked for before every
/// search, the clashes cost a nearly full giant grid a tenth of its answer (225x225-2:
/// 2.1M of 24M instructions).
fn clashes_after(grid: &Grid, s: &general::Search) -> Option<Vec<Conflict>> {
    if grid.shape().is_nine() || s.count > 0 && !s.stopped {
        return None;
    }
    let conflicts = grid.conflicts();
    (!conflicts.is_empty()).then_some(conflicts)
}

/// An outcome with its solutions counted in the same search ([`solve_and_count`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// What the puzzle is, as [`solve_until_with`] tells it.
    pub outcome: Outcome,
    /// Solutions counted, up to the limit asked (0 for invalid givens).
    pub count: usize,
    /// Whether `count` is every solution (else "at least": the limit was reached or the
    /// stop came first).
    pub exact: bool,
    /// The first solutions found, as many as asked to keep, and never fewer than the two
    /// of a [`Outcome::Multiple`].
    pub solutions: Vec<Grid>,
}

/// Solves `grid` and counts its solutions up to `limit` (at least 2) in one search,
/// keeping the first `keep`: one search where [`solve_until_with`] and a count after it
/// would take two (on a giant grid handed over to CaDiCaL, twice the time).
///
/// A stop reached after two solutions leaves the outcome known ("multiple") and the count
/// "at least" what was found; reached before, the answer is `Err`.
///
/// ```
/// use sudoku::{solve::{self, Outcome}, Grid, Stop};
/// let g = Grid::from_line(&".".repeat(16))?;
/// let c = solve::solve_and_count(&g, None, 1000, 1000, &Stop::never(), Default::default())?;
/// assert!(matches!(c.outcome, Outcome::Multiple(..)));
/// assert_eq!((c.count, c.exact, c.solutions.len()), (288, true, 288));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_and_count(
    grid: &Grid,
    marks: Option<&Candidates>,
    limit: usize,
    keep: usize,
    stop: &Stop,
    options: general::Options,
) -> Result<Counted, Stopped> {
    let limit = limit.max(2);
    let invalid = |conflicts| Counted {
        outcome: Outcome::Invalid(conflicts),
        count: 0,
        exact: true,
        solutions: Vec::new(),
    };
    if let Some(conflicts) = clashes_first(grid) {
        return Ok(invalid(conflicts));
    }
    // The sparse path proves "multiple" without search; the count still needs one.
    let sparse = marks.is_none().then(|| sparse::solve(grid, stop)).flatten();
    // One more than the limit tells "exactly the limit" from "more".
    let s = engine_for(grid).search_with(
        grid,
        marks,
        limit.saturating_add(1),
        keep.max(2),
        stop,
        options,
    );
    if let Some(conflicts) = clashes_after(grid, &s) {
        return Ok(invalid(conflicts));
    }
    let outcome = match sparse {
        Some(o) => o,
        None if s.stopped && s.count < 2 => return Err(Stopped),
        None => match &s.solutions[..] {
            [] => Outcome::NoSolution,
            [one] => Outcome::Unique(one.clone()),
            [a, b, ..] => Outcome::Multiple(a.clone(), b.clone()),
        },
    };
    let mut solutions = s.solutions;
    let mut count = s.count.min(limit);
    if let Outcome::Multiple(a, b) = &outcome {
        if solutions.len() < 2 {
            solutions = vec![a.clone(), b.clone()];
        }
        count = count.max(2);
    }
    solutions.truncate(keep.max(match outcome {
        Outcome::Multiple(..) => 2,
        _ => 0,
    }));
    Ok(Counted {
        outcome,
        count,
        exact: s.count <= limit && !s.stopped,
        solutions,
    })
}

/// Counts solutions up to `limit`, giving up once `stop` is reached: `Err` carries the
/// count reached so far (a lower bound).
pub fn count_until(
    grid: &Grid,
    marks: Option<&Candidates>,
    limit: usize,
    stop: &Stop,
) -> Result<usize, usize> {
    let s = engine_for(grid).search_until(grid, marks, limit, 0, stop);
    if s.stopped {
        Err(s.count)
    } else {
        Ok(s.count)
    }
}

/// The number of solutions, counting no further than `limit`.
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    engine_for(grid).search(grid, None, limit, 0).count
}

/// The first solution found, if any (whether or not it is unique).
pub fn solution(grid: &Grid) -> Option<Grid> {
    engine_for(grid).search(grid, None, 1, 1).solutions.pop()
}

/// Up to `limit` solutions.
pub fn solutions(grid: &Grid, limit: usize) -> Vec<Grid> {
    engine_for(grid).search(grid, None, limit, limit).solutions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn a_count_past_the_stop_comes_from_the_formula_fit() -> Result<(), Box<dyn std::error::Error>>
    {
        // Nearly empty and 36x36: the sparse path proves "multiple" without search, and
        // counts to the limit by combining trades, though the stop was reached from the
        // start (it used to cut the count short at the outcome's two).
        let shape = Shape::new(6, 6)?;
        let mut values = vec![0; shape.cell_count()];
        values[..6].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
        let g = Grid::from_values(shape, &values)?;
        let reached = Stop::at(std::time::Instant::now());
        let c = solve_and_count(&g, None, 1000, 1000, &reached, Default::default())?;
        let Outcome::Multiple(a, b) = &c.outcome else {
            return Err(format!("expected multiple, got {}", c.outcome.status()).into());
        };
        assert_eq!((c.count, c.exact, c.solutions.len()), (1000, false, 1000));
        assert_eq!(c.solutions[..2], [a.clone(), b.clone()]);
        let mut distinct = c.solutions.clone();
        distinct.sort_by(|x, y| x.values().cmp(y.values()));
        distinct.dedup();
        assert_eq!(distinct.len(), 1000);
        assert!(c
            .solutions
            .iter()
            .all(|s| s.is_solution() && s.values()[..6] == [1, 2, 3, 4, 5, 6]));
        Ok(())
    }

    #[test]
    fn one_search_answers_and_counts() -> Result<(), Box<dyn std::error::Error>> {
        let never = Stop::never();
        let opts = general::Options::default();
        // Several: the outcome's two are the listing's first two.
        let empty = Grid::empty(Shape::new(2, 2)?);
        let c = solve_and_count(&empty, None, 300, 300, &never, opts)?;
        assert_eq!((c.count, c.exact, c.solutions.len()), (288, true, 288));
        assert_eq!(
            c.outcome,
            Outcome::Multiple(c.solutions[0].clone(), c.solutions[1].clone())
        );
        // At the limit: "at least"; only the two asked for are kept.
        let c = solve_and_count(&empty, None, 100, 2, &never, opts)?;
        assert_eq!((c.count, c.exact, c.solutions.len()), (100, false, 2));
        // Exactly the limit is told from more.
        let c = solve_and_count(&empty, None, 288, 0, &never, opts)?;
        assert_eq!((c.count, c.exact), (288, true));
        // Unique, none and invalid, as `solve` tells them.
        let unique = Grid::from_line("12343412214334.1")?;
        let none = Grid::from_line("12..34....4....3")?;
        let invalid = Grid::from_line("11..............")?;
        for g in [unique, none, invalid] {
            let c = solve_and_count(&g, None, 10, 10, &never, opts)?;
            assert_eq!(c.outcome, solve(&g), "{g:?}");
            let n = usize::from(matches!(c.outcome, Outcome::Unique(_)));
            assert_eq!((c.count, c.exact, c.solutions.len()), (n, true, n));
        }
        Ok(())
    }

    #[test]
    fn clashing_givens_are_invalid_whether_looked_for_before_or_after(
    ) -> Result<(), Box<dyn std::error::Error>> {
        let opts = general::Options::default();
        let mut grids = Vec::new();
        for (br, bc) in [(3, 3), (4, 4), (6, 6)] {
            let shape = Shape::new(br, bc)?;
            let n = shape.side();
            let full = solution(&Grid::empty(shape)).ok_or("an empty grid has a solution")?;
            // Nearly empty (the sparse path on 36x36), nearly full (the first pass), and
            // half full: each with the first row's first digit again at its end.
            for keep_every in [n * n, 1, 2] {
                let mut values: Vec<usize> = full.values().iter().map(|&v| v as usize).collect();
                for (i, v) in values.iter_mut().enumerate() {
                    if i % keep_every != 0 {
                        *v = 0;
                    }
                }
                values[n - 1] = values[0].max(1);
                values[0] = values[n - 1];
                grids.push(Grid::from_values(shape, &values)?);
            }
        }
        for g in &grids {
            let conflicts = g.conflicts();
            assert!(!conflicts.is_empty(), "{g:?}");
            for stop in [Stop::never(), Stop::at(std::time::Instant::now())] {
                let o = solve_until_with(g, None, &stop, opts)?;
                assert_eq!(o, Outcome::Invalid(conflicts.clone()), "{g:?}");
                let c = solve_and_count(g, None, 10, 10, &stop, opts)?;
                assert_eq!(c.outcome, o, "{g:?}");
                assert_eq!((c.count, c.exact, c.solutions.len()), (0, true, 0));
            }
        }
        Ok(())
    }
}
