//! `rate`, `rate_batch`, `explain`, `hint`: the library's faces API (`logic::Position`,
//! `LogicSolver::for_faces`, `Rater::rate_position`, the records), converted to Python
//! objects. Every result class compares equal field by field and pickles.

use crate::solving::Conflict;
use crate::{
    deadline_after, interruptible, max_time_arg, reduce, value_error, with_jobs, BoxArg, Input,
};
use pyo3::exceptions::{PyIndexError, PyTimeoutError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice, PyTuple};
use rayon::prelude::*;
use std::hash::{Hash, Hasher};
use sudoku::format::Puzzle;
use sudoku::logic::{HintLevel, LogicSolver, Order, Position, Problem, StepRecord};
use sudoku::rate::{Rater, RatingRecord, Scales};
use sudoku::solve::{ConflictRecord, Outcome};
use sudoku::Stop;

type Triple = (usize, usize, usize);

fn tuples(t: &[[usize; 3]]) -> Vec<Triple> {
    t.iter().map(|&[r, c, d]| (r, c, d)).collect()
}

/// A puzzle's difficulty, as `sudoku rate` gives it.
#[pyclass(module = "sudokit", frozen, get_all, eq, hash)]
#[derive(Clone, Default, PartialEq)]
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
    preset: Option<String>,
    /// SE's hardest technique.
    hardest: Option<String>,
    /// HoDoKu's level (Easy … Extreme) and score.
    level: Option<String>,
    score: Option<u32>,
    /// HoDoKu's hardest technique.
    hodoku_hardest: Option<String>,
    /// Whether the techniques solved it on every scale asked for.
    solved: bool,
    /// Whether `max_time` ran out (the ratings are then lower bounds).
    timed_out: bool,
    /// The clashing givens when `"invalid"`, as `sudoku rate --json` lists them.
    conflicts: Vec<Conflict>,
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
            preset: se.and_then(|s| s.preset).map(str::to_string),
            hardest: se.and_then(|s| s.hardest).map(str::to_string),
            level: hd.map(|h| h.level.to_string()),
            score: hd.map(|h| h.score),
            hodoku_hardest: hd.and_then(|h| h.hodoku_hardest).map(str::to_string),
            solved: r.solved,
            timed_out: r.timed_out,
            conflicts: Vec::new(),
        }
    }

    /// Not rated, for `p` of `puzzle`: invalid givens listed as the CLI lists them.
    fn unrated(p: Problem, puzzle: &Puzzle) -> RateResult {
        let conflicts = if p.status == "invalid" {
            let records = puzzle.grid.conflicts();
            records
                .iter()
                .map(|c| ConflictRecord::new(c, puzzle.notation()).into())
                .collect()
        } else {
            Vec::new()
        };
        RateResult {
            status: p.status.into(),
            message: Some(p.message),
            conflicts,
            ..RateResult::default()
        }
    }
}

// Ratings are finite numbers (never NaN): equality is an equivalence.
impl Eq for RateResult {}

impl Hash for RateResult {
    fn hash<H: Hasher>(&self, h: &mut H) {
        // `+ 0.0` makes -0.0 the 0.0 it equals.
        let bits = |x: Option<f64>| x.map(|x| (x + 0.0).to_bits());
        (
            &self.status,
            &self.message,
            bits(self.er),
            bits(self.ep),
            bits(self.ed),
        )
            .hash(h);
        (&self.preset, &self.hardest, &self.level, self.score).hash(h);
        (&self.hodoku_hardest, self.solved, self.timed_out).hash(h);
        self.conflicts.hash(h);
    }
}

impl RateResult {
    /// Its fields, for pickle.
    #[allow(clippy::type_complexity)]
    fn state(
        &self,
    ) -> (
        String,
        Option<String>,
        (Option<f64>, Option<f64>, Option<f64>),
        Option<String>,
        Option<String>,
        Option<String>,
        Option<u32>,
        Option<String>,
        (bool, bool),
        Vec<Conflict>,
    ) {
        (
            self.status.clone(),
            self.message.clone(),
            (self.er, self.ep, self.ed),
            self.preset.clone(),
            self.hardest.clone(),
            self.level.clone(),
            self.score,
            self.hodoku_hardest.clone(),
            (self.solved, self.timed_out),
            self.conflicts.clone(),
        )
    }
}

#[pymethods]
impl RateResult {
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        reduce(py, "RateResult", self.state())
    }
    fn __repr__(&self) -> String {
        match (self.er, &self.level, self.score) {
            (Some(er), Some(level), Some(score)) => {
                format!("RateResult(er={er:.1}, level={level:?}, score={score})")
            }
            _ => format!("RateResult(status={:?})", self.status),
        }
    }
    /// The record `sudoku rate --json` writes for the puzzle, without the fields that
    /// describe the puzzle read (`source`, `line`, `puzzle`, `size`, `box`): the fields of
    /// a scale not asked for are left out, as the CLI leaves them out (the library's
    /// `RatingRecord`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        if let Some(m) = &self.message {
            d.set_item("status", &self.status)?;
            d.set_item("message", m)?;
            if !self.conflicts.is_empty() {
                let records: Vec<ConflictRecord> =
                    self.conflicts.iter().map(ConflictRecord::from).collect();
                let json = serde_json::to_string(&records).map_err(value_error)?;
                d.set_item("conflicts", crate::from_json(py, &json)?)?;
            }
            return Ok(d);
        }
        d.set_item("status", &self.status)?;
        // SE's fields when rated on its scale (`er` is then set), HoDoKu's on its.
        if self.er.is_some() {
            d.set_item("er", self.er)?;
            d.set_item("ep", self.ep)?;
            d.set_item("ed", self.ed)?;
            d.set_item("preset", &self.preset)?;
            d.set_item("hardest", &self.hardest)?;
        }
        if self.level.is_some() {
            d.set_item("level", &self.level)?;
            d.set_item("score", self.score)?;
            d.set_item("hodoku_hardest", &self.hodoku_hardest)?;
        }
        d.set_item("solved", self.solved)?;
        d.set_item("timed_out", self.timed_out)?;
        Ok(d)
    }
}

/// One step of a solve path.
#[pyclass(module = "sudokit", frozen, get_all, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Step {
    /// The technique's name ("X-Wing").
    technique: String,
    /// Its short code ("bf2").
    code: String,
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
            technique: r.technique.to_string(),
            code: r.code.to_string(),
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
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let state = (
            &self.technique,
            &self.code,
            self.placements.clone(),
            self.eliminations.clone(),
            &self.text,
            &self.explanation,
        );
        reduce(py, "Step", state)
    }
}

impl Step {
    /// As a step of `sudoku explain --json` (without the explanation).
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let lists = |t: &[Triple]| t.iter().map(|&(r, c, n)| [r, c, n]).collect::<Vec<_>>();
        d.set_item("technique", &self.technique)?;
        d.set_item("code", &self.code)?;
        d.set_item("placements", lists(&self.placements))?;
        d.set_item("eliminations", lists(&self.eliminations))?;
        d.set_item("text", &self.text)?;
        Ok(d)
    }
}

/// The solve path `explain` gives: a sequence of [`Step`]s (`len`, indexing, slices,
/// iteration), and what `sudoku explain --json` says of the path.
#[pyclass(module = "sudokit", frozen, eq, hash, sequence)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Explanation {
    steps: Vec<Step>,
    /// Whether the path reached the solution: false when the techniques stalled with
    /// `backtracking=False` (the CLI's `solved`, and its exit code 1).
    #[pyo3(get)]
    solved: bool,
    /// Whether a step is Brute Force (a guess checked by search).
    #[pyo3(get)]
    used_backtracking: bool,
    /// HoDoKu's score of the path.
    #[pyo3(get)]
    score: u32,
}

#[pymethods]
impl Explanation {
    /// The steps, as a list.
    #[getter]
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.steps.iter().cloned())
    }
    fn __len__(&self) -> usize {
        self.steps.len()
    }
    /// A step, or a list of them for a slice.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if key.is_instance_of::<PySlice>() {
            return self.steps(py)?.as_any().get_item(key);
        }
        let i: isize = key.extract()?;
        let n = self.steps.len() as isize;
        let at = if i < 0 { i + n } else { i };
        if !(0..n).contains(&at) {
            return Err(PyIndexError::new_err("step index out of range"));
        }
        Ok(Py::new(py, self.steps[at as usize].clone())?
            .into_bound(py)
            .into_any())
    }
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.steps(py)?.as_any().try_iter()?.into_any())
    }
    fn __repr__(&self) -> String {
        let how = if self.solved { "solved" } else { "stalled" };
        format!("Explanation({} steps, {how})", self.steps.len())
    }
    /// As `sudoku explain --json` writes it (without `line`, `size`, `box`, `puzzle`):
    /// `status`, `steps` (each without its explanation), `solved`, `used_backtracking`,
    /// `timed_out` (always false: a path cut short raises `TimeoutError`), `score`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("status", Outcome::UNIQUE)?;
        let steps = self.steps.iter().map(|s| s.record(py));
        d.set_item("steps", steps.collect::<PyResult<Vec<_>>>()?)?;
        d.set_item("solved", self.solved)?;
        d.set_item("used_backtracking", self.used_backtracking)?;
        // A path cut short raises TimeoutError instead of being returned.
        d.set_item("timed_out", false)?;
        d.set_item("score", self.score)?;
        Ok(d)
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let state = (
            self.steps.clone(),
            self.solved,
            self.used_backtracking,
            self.score,
        );
        reduce(py, "Explanation", state)
    }
}

/// A player's mistake in a position: a wrong digit, or a pencil mark missing the
/// solution's digit.
#[pyclass(module = "sudokit", frozen, get_all, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Mistake {
    /// 1-based `(row, col)`.
    cell: (usize, usize),
    digit: usize,
    /// `"wrong digit"` or `"missing mark"`.
    kind: String,
}

#[pymethods]
impl Mistake {
    fn __repr__(&self) -> String {
        format!(
            "Mistake(r{}c{}, {}, {:?})",
            self.cell.0, self.cell.1, self.digit, self.kind
        )
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        reduce(py, "Mistake", (self.cell, self.digit, &self.kind))
    }
}

/// The next step for a puzzle or a position, as `sudoku hint` gives it.
#[pyclass(module = "sudokit", frozen, get_all, eq, hash)]
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Hint {
    /// `"unique"`, or why there is no hint (`"multiple"`, `"none"`, `"invalid"`, `"timeout"`).
    status: String,
    /// The hint in words, at the level asked.
    text: String,
    /// The step's technique, when there is one.
    technique: Option<String>,
    code: Option<String>,
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
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let state = (
            (&self.status, &self.text, &self.technique, &self.code),
            (self.placements.clone(), self.eliminations.clone()),
            &self.explanation,
            self.mistakes.clone(),
            self.solved,
        );
        reduce(py, "Hint", state)
    }
}

/// The result classes of this module from their pickled state (`None`: not one of them).
pub(crate) fn restored(
    py: Python<'_>,
    kind: &str,
    state: &Bound<'_, PyAny>,
) -> PyResult<Option<Py<PyAny>>> {
    fn made<T: pyo3::PyClass + Into<pyo3::PyClassInitializer<T>>>(
        py: Python<'_>,
        value: T,
    ) -> PyResult<Option<Py<PyAny>>> {
        Ok(Some(Py::new(py, value)?.into_any()))
    }
    match kind {
        "RateResult" => {
            let (status, message, (er, ep, ed), preset, hardest, level, score, hd, (s, t), c) =
                state.extract()?;
            made(
                py,
                RateResult {
                    status,
                    message,
                    er,
                    ep,
                    ed,
                    preset,
                    hardest,
                    level,
                    score,
                    hodoku_hardest: hd,
                    solved: s,
                    timed_out: t,
                    conflicts: c,
                },
            )
        }
        "Step" => {
            let (technique, code, placements, eliminations, text, explanation) = state.extract()?;
            made(
                py,
                Step {
                    technique,
                    code,
                    placements,
                    eliminations,
                    text,
                    explanation,
                },
            )
        }
        "Explanation" => {
            let (steps, solved, used_backtracking, score) = state.extract()?;
            made(
                py,
                Explanation {
                    steps,
                    solved,
                    used_backtracking,
                    score,
                },
            )
        }
        "Mistake" => {
            let (cell, digit, kind) = state.extract()?;
            made(py, Mistake { cell, digit, kind })
        }
        "Hint" => {
            let ((status, text, technique, code), (placements, eliminations), e, m, solved) =
                state.extract()?;
            made(
                py,
                Hint {
                    status,
                    text,
                    technique,
                    code,
                    placements,
                    eliminations,
                    explanation: e,
                    mistakes: m,
                    solved,
                },
            )
        }
        _ => Ok(None),
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

/// One puzzle rated until `stop`: one deadline a puzzle bounds its uniqueness check and
/// both scales, as `sudoku rate`.
fn rate_one(rater: &Rater, scales: Scales, stop: &Stop, puzzle: &Puzzle) -> RateResult {
    match rater.rate_position(&Position::from_puzzle(puzzle), scales, stop) {
        Ok(r) => RateResult::rated(&r.record()),
        Err(p) => RateResult::unrated(p, puzzle),
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
    let deadline = deadline_after(limit);
    interruptible(py, |i| rate_one(&rater, scales, &i.stop_at(deadline), &p))
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
    let rated: Vec<Result<RateResult, String>> = interruptible(py, |i| {
        let shared = i.stop_at(None);
        with_jobs(jobs, || {
            puzzles
                .par_iter()
                .with_max_len(1)
                .map(|t| {
                    // Interrupted, the rest is skipped (the answer is thrown away).
                    if i.reached() {
                        return Ok(RateResult::default());
                    }
                    let p = parse(t)?;
                    Ok(i.each(&shared, limit, |stop| rate_one(&rater, scales, stop, &p)))
                })
                .collect()
        })
    })??;
    crate::numbered(rated, "puzzle")
}

/// The ratings of `sudokit.chunks.rate_lines`: one a line, in order, `None` for a blank
/// line; a line that holds no puzzle raises `ValueError` naming it (`line 3: ...`, counted
/// from 1 as `_solve_lines` counts them).
#[pyfunction]
#[pyo3(signature = (lines, jobs=1))]
fn _rate_lines(
    py: Python<'_>,
    #[pyo3(from_py_with = crate::arg::puzzles)] lines: Vec<String>,
    #[pyo3(from_py_with = crate::arg::jobs)] jobs: usize,
) -> PyResult<Vec<Option<RateResult>>> {
    let input = Input::default();
    let parse = input.batch(&lines);
    let rater = Rater::new();
    let rated: Vec<Result<Option<RateResult>, String>> = interruptible(py, |i| {
        let stop = i.stop_at(None);
        with_jobs(jobs, || {
            lines
                .par_iter()
                .with_max_len(1)
                .map(|text| {
                    if text.trim().is_empty() || i.reached() {
                        return Ok(None);
                    }
                    let p = parse(text)?;
                    Ok(Some(rate_one(&rater, Scales::Both, &stop, &p)))
                })
                .collect()
        })
    })??;
    crate::numbered(rated, "line")
}

fn order(name: &str) -> PyResult<Order> {
    Order::parse(name).map_err(value_error)
}

fn solver(order: Order, techniques: Option<&str>, backtracking: bool) -> PyResult<LogicSolver> {
    LogicSolver::for_faces(order, techniques, backtracking)
        .map_err(|e| value_error(format!("techniques: {e}")))
}

/// The human-style solve path of a puzzle, as `sudoku explain` gives it: an `Explanation`,
/// a sequence of `Step`s with `solved` (false when the techniques stalled with
/// `backtracking=False`), `used_backtracking` and `score` (`order="hodoku"` or
/// `"explainer"`; `techniques` as `--techniques` takes them). A puzzle without exactly one
/// solution raises `ValueError` ("not explained: ..."); past `max_time` seconds (the
/// uniqueness check or the path) `TimeoutError`.
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
) -> PyResult<Explanation> {
    let solver = solver(self::order(order)?, techniques, backtracking)?;
    let deadline = deadline_after(max_time_arg(max_time)?);
    let p = Input::new(size, r#box.as_ref(), format)?.parse_py(puzzle)?;
    let position = Position::from_puzzle(&p);
    // Step text in the puzzle's own symbols.
    let n = position.notation();
    let explained = interruptible(py, |i| {
        position.explain_stopping(&solver, &i.stop_at(deadline))
    })?;
    let path = match explained {
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
    Ok(Explanation {
        steps: path
            .steps
            .iter()
            .map(|s| Step::of(StepRecord::full(n, s)))
            .collect(),
        solved: path.solved,
        used_backtracking: path.used_backtracking,
        score: path.hodoku_score(),
    })
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
    let deadline = deadline_after(max_time_arg(max_time)?);
    let p = Input::new(size, r#box.as_ref(), format)?.parse_py(puzzle_or_position)?;
    let found = interruptible(py, |i| {
        Position::from_puzzle(&p).hint_until(&solver, level, &i.stop_at(deadline))
    })?;
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
        technique: h.technique.map(str::to_string),
        code: h.code.map(str::to_string),
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
                kind: m.kind.to_string(),
            })
            .collect(),
        solved: h.solved,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RateResult>()?;
    m.add_class::<Step>()?;
    m.add_class::<Explanation>()?;
    m.add_class::<Hint>()?;
    m.add_class::<Mistake>()?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(rate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(_rate_lines, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    Ok(())
}
