//! `rate`, `rate_batch`, `explain`, `hint`: the library's faces API (`logic::Position`,
//! `LogicSolver::for_faces`, `Rater::rate_position`, the records), converted to Python
//! objects.

use crate::{max_time_arg, stop_after, value_error, with_jobs, BoxArg, Input};
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use std::time::Duration;
use sudoku::format::Puzzle;
use sudoku::logic::{HintLevel, LogicSolver, Order, Position, Problem, StepRecord};
use sudoku::rate::{Rater, RatingRecord, Scales};
use sudoku::solve::Outcome;

type Triple = (usize, usize, usize);

fn tuples(t: &[[usize; 3]]) -> Vec<Triple> {
    t.iter().map(|&[r, c, d]| (r, c, d)).collect()
}

/// A puzzle's difficulty, as `sudoku rate` gives it.
#[pyclass(module = "sudokit", frozen, get_all)]
#[derive(Clone, Default)]
pub struct RateResult {
    /// `"unique"` when rated; else `"multiple"`, `"none"`, `"invalid"` (not rated).
    status: String,
    /// Why it was not rated ("multiple solutions", as `rate --json` and `explain --json`
    /// say it); `None` when rated.
    message: Option<String>,
    /// Sudoku Explainer's rating (the hardest step), pearl and diamond.
    er: Option<f64>,
    ep: Option<f64>,
    ed: Option<f64>,
    /// SE's preset of `er` (easy … diabolical).
    preset: Option<&'static str>,
    /// SE's hardest technique.
    hardest: Option<&'static str>,
    /// HoDoKu's level (Easy … Extreme) and score.
    level: Option<&'static str>,
    score: Option<u32>,
    /// HoDoKu's hardest technique.
    hodoku_hardest: Option<&'static str>,
    /// Whether the techniques solved it on every scale asked for.
    solved: bool,
    /// Whether `max_time` ran out (the ratings are then lower bounds).
    timed_out: bool,
}

impl RateResult {
    fn rated(r: &RatingRecord) -> RateResult {
        let (se, hd) = (r.se.as_ref(), r.hodoku.as_ref());
        RateResult {
            status: Outcome::UNIQUE.into(),
            message: None,
            er: se.map(|s| s.er),
            ep: se.map(|s| s.ep),
            ed: se.map(|s| s.ed),
            preset: se.and_then(|s| s.preset),
            hardest: se.and_then(|s| s.hardest),
            level: hd.map(|h| h.level),
            score: hd.map(|h| h.score),
            hodoku_hardest: hd.and_then(|h| h.hodoku_hardest),
            solved: r.solved,
            timed_out: r.timed_out,
        }
    }

    fn unrated(p: Problem) -> RateResult {
        RateResult {
            status: p.status.into(),
            message: Some(p.message),
            ..RateResult::default()
        }
    }
}

#[pymethods]
impl RateResult {
    fn __repr__(&self) -> String {
        match (self.er, self.level, self.score) {
            (Some(er), Some(level), Some(score)) => {
                format!("RateResult(er={er:.1}, level={level:?}, score={score})")
            }
            _ => format!("RateResult(status={:?})", self.status),
        }
    }
    /// As `sudoku rate --json` writes it (without `line`, `size`, `box`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        if let Some(m) = &self.message {
            d.set_item("status", &self.status)?;
            d.set_item("message", m)?;
            return Ok(d);
        }
        d.set_item("status", &self.status)?;
        d.set_item("er", self.er)?;
        d.set_item("ep", self.ep)?;
        d.set_item("ed", self.ed)?;
        d.set_item("preset", self.preset)?;
        d.set_item("hardest", self.hardest)?;
        d.set_item("level", self.level)?;
        d.set_item("score", self.score)?;
        d.set_item("hodoku_hardest", self.hodoku_hardest)?;
        d.set_item("solved", self.solved)?;
        d.set_item("timed_out", self.timed_out)?;
        Ok(d)
    }
}

/// One step of a solve path.
#[pyclass(module = "sudokit", frozen, get_all)]
#[derive(Clone)]
pub struct Step {
    /// The technique's name ("X-Wing").
    technique: &'static str,
    /// Its short code ("bf2").
    code: &'static str,
    /// Digits placed, as 1-based `(row, col, digit)`.
    placements: Vec<Triple>,
    /// Candidates removed, as 1-based `(row, col, digit)`.
    eliminations: Vec<Triple>,
    /// The step in one line, in Eureka notation.
    text: String,
    /// The step in plain words.
    explanation: String,
}

impl Step {
    fn of(r: StepRecord) -> Step {
        Step {
            technique: r.technique,
            code: r.code,
            placements: tuples(&r.placements),
            eliminations: tuples(&r.eliminations),
            text: r.text,
            explanation: r.explanation.unwrap_or_default(),
        }
    }
}

#[pymethods]
impl Step {
    fn __repr__(&self) -> String {
        format!("Step({:?})", self.text)
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// A player's mistake in a position: a wrong digit, or a pencil mark missing the
/// solution's digit.
#[pyclass(module = "sudokit", frozen, get_all)]
#[derive(Clone)]
pub struct Mistake {
    /// 1-based `(row, col)`.
    cell: (usize, usize),
    digit: usize,
    /// `"wrong digit"` or `"missing mark"`.
    kind: &'static str,
}

#[pymethods]
impl Mistake {
    fn __repr__(&self) -> String {
        format!(
            "Mistake(r{}c{}, {}, {:?})",
            self.cell.0, self.cell.1, self.digit, self.kind
        )
    }
}

/// The next step for a puzzle or a position, as `sudoku hint` gives it.
#[pyclass(module = "sudokit", frozen, get_all)]
#[derive(Clone, Default)]
pub struct Hint {
    /// `"unique"`, or why there is no hint (`"multiple"`, `"none"`, `"invalid"`, `"timeout"`).
    status: String,
    /// The hint in words, at the level asked.
    text: String,
    /// The step's technique, when there is one.
    technique: Option<&'static str>,
    code: Option<&'static str>,
    /// With `level="full"`: the step's placements and eliminations, 1-based.
    placements: Vec<Triple>,
    eliminations: Vec<Triple>,
    /// With `level="full"`: the step in plain words.
    explanation: Option<String>,
    /// Wrong digits and missing pencil marks, the first one in `text`.
    mistakes: Vec<Mistake>,
    /// Whether the position is already solved.
    solved: bool,
}

#[pymethods]
impl Hint {
    fn __repr__(&self) -> String {
        format!("Hint({:?})", self.text)
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
}

fn scales(scale: &str) -> PyResult<Scales> {
    match scale.to_ascii_lowercase().as_str() {
        "both" => Ok(Scales::Both),
        "se" => Ok(Scales::Se),
        "hodoku" => Ok(Scales::Hodoku),
        _ => Err(value_error(format!(
            "unknown scale {scale:?}; use se, hodoku or both"
        ))),
    }
}

fn rate_one(rater: &Rater, scales: Scales, limit: Option<Duration>, puzzle: &Puzzle) -> RateResult {
    // One deadline a puzzle bounds its uniqueness check and both scales, as `sudoku rate`.
    let stop = stop_after(limit);
    match rater.rate_position(&Position::from_puzzle(puzzle), scales, &stop) {
        Ok(r) => RateResult::rated(&r.record()),
        Err(p) => RateResult::unrated(p),
    }
}

/// Rates one puzzle as `sudoku rate` does: Sudoku Explainer's ER/EP/ED and HoDoKu's level
/// and score (`scale="se"` or `"hodoku"` for one of them). A puzzle without exactly one
/// solution is not rated (its `status` and `message` say why).
#[pyfunction]
#[pyo3(signature = (puzzle, *, scale="both", max_time=None, size=None, r#box=None, format=None))]
fn rate(
    py: Python<'_>,
    puzzle: &str,
    scale: &str,
    max_time: Option<f64>,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<RateResult> {
    let (scales, limit) = (scales(scale)?, max_time_arg(max_time)?);
    let p = Input::new(size, r#box.as_ref(), format)?.parse_py(puzzle)?;
    let rater = Rater::new().max_time(limit);
    Ok(py.detach(|| rate_one(&rater, scales, limit, &p)))
}

/// Rates many puzzles (any iterable of strings) on `jobs` threads (0 = every core), GIL
/// released, in order.
#[pyfunction]
#[pyo3(signature = (puzzles, jobs=0, *, scale="both", max_time=None, size=None, r#box=None, format=None))]
#[allow(clippy::too_many_arguments)]
fn rate_batch(
    py: Python<'_>,
    #[pyo3(from_py_with = crate::arg::puzzles)] puzzles: Vec<String>,
    #[pyo3(from_py_with = crate::arg::jobs)] jobs: usize,
    scale: &str,
    max_time: Option<f64>,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<Vec<RateResult>> {
    let (scales, limit) = (scales(scale)?, max_time_arg(max_time)?);
    let input = Input::new(size, r#box.as_ref(), format)?;
    let parse = input.batch(&puzzles);
    let rater = Rater::new().max_time(limit);
    let rated: Vec<Result<RateResult, String>> = py.detach(|| {
        with_jobs(jobs, || {
            puzzles
                .par_iter()
                .with_max_len(1)
                .map(|t| parse(t).map(|p| rate_one(&rater, scales, limit, &p)))
                .collect()
        })
    })?;
    rated
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| value_error(format!("puzzle {i}: {e}"))))
        .collect()
}

fn order(name: &str) -> PyResult<Order> {
    Order::parse(name).map_err(value_error)
}

fn solver(order: Order, techniques: Option<&str>, backtracking: bool) -> PyResult<LogicSolver> {
    LogicSolver::for_faces(order, techniques, backtracking)
        .map_err(|e| value_error(format!("techniques: {e}")))
}

/// The human-style solve path of a puzzle, one `Step` each, as `sudoku explain` gives it
/// (`order="hodoku"` or `"explainer"`; `techniques` as `--techniques` takes them). A
/// puzzle without exactly one solution raises `ValueError` ("not explained: ..."); past
/// `max_time` seconds (the uniqueness check or the path) `TimeoutError`.
#[pyfunction]
#[pyo3(signature = (puzzle, order="hodoku", *, techniques=None, backtracking=true, max_time=None, size=None, r#box=None, format=None))]
#[allow(clippy::too_many_arguments)]
fn explain(
    py: Python<'_>,
    puzzle: &str,
    order: &str,
    techniques: Option<&str>,
    backtracking: bool,
    max_time: Option<f64>,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<Vec<Step>> {
    let solver = solver(self::order(order)?, techniques, backtracking)?;
    let deadline = stop_after(max_time_arg(max_time)?).deadline();
    let p = Input::new(size, r#box.as_ref(), format)?.parse_py(puzzle)?;
    let position = Position::from_puzzle(&p);
    // Step text in the puzzle's own symbols.
    let n = position.notation();
    let path = match py.detach(|| position.explain_until(&solver, deadline)) {
        Ok(path) if path.timed_out => {
            return Err(PyTimeoutError::new_err(format!(
                "not explained: the time limit came after {} steps",
                path.steps.len()
            )))
        }
        Ok(path) => path,
        Err(e) if e.is_timeout() => return Err(PyTimeoutError::new_err(e.not_done("explained"))),
        Err(e) => return Err(value_error(e.not_done("explained"))),
    };
    Ok(path
        .steps
        .iter()
        .map(|s| Step::of(StepRecord::full(n, s)))
        .collect())
}

/// The next step for a puzzle or a position (placed digits and pencil marks in formats
/// that carry them), as `sudoku hint` gives it: `level="vague"` (where to look),
/// `"technique"` (what to use) or `"full"` (the step and its explanation). Mistakes in the
/// position come first. Past `max_time` seconds its `status` is `"timeout"`.
#[pyfunction]
#[pyo3(signature = (puzzle_or_position, level="vague", *, order="hodoku", techniques=None, max_time=None, size=None, r#box=None, format=None))]
#[allow(clippy::too_many_arguments)]
fn hint(
    py: Python<'_>,
    puzzle_or_position: &str,
    level: &str,
    order: &str,
    techniques: Option<&str>,
    max_time: Option<f64>,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<Hint> {
    let level = match level.to_ascii_lowercase().as_str() {
        "vague" => HintLevel::Vague,
        "technique" => HintLevel::Technique,
        "full" => HintLevel::Full,
        _ => {
            return Err(value_error(format!(
                "unknown hint level {level:?}; use vague, technique or full"
            )))
        }
    };
    let solver = solver(self::order(order)?, techniques, true)?;
    let stop = stop_after(max_time_arg(max_time)?);
    let p = Input::new(size, r#box.as_ref(), format)?.parse_py(puzzle_or_position)?;
    let found = py.detach(|| Position::from_puzzle(&p).hint_until(&solver, level, &stop));
    let h = match found {
        Ok(h) => h,
        Err(problem) => {
            return Ok(Hint {
                status: problem.status.to_string(),
                text: format!("No hint: {}.", problem.message),
                ..Hint::default()
            })
        }
    };
    let full = h.step.map(Step::of);
    Ok(Hint {
        status: Outcome::UNIQUE.into(),
        text: h.hint,
        technique: h.technique,
        code: h.code,
        placements: full
            .as_ref()
            .map(|s| s.placements.clone())
            .unwrap_or_default(),
        eliminations: full
            .as_ref()
            .map(|s| s.eliminations.clone())
            .unwrap_or_default(),
        explanation: full.map(|s| s.explanation),
        mistakes: h
            .mistakes
            .iter()
            .map(|m| Mistake {
                cell: (m.cell[0], m.cell[1]),
                digit: m.digit,
                kind: m.kind,
            })
            .collect(),
        solved: h.solved,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RateResult>()?;
    m.add_class::<Step>()?;
    m.add_class::<Hint>()?;
    m.add_class::<Mistake>()?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(rate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    Ok(())
}
