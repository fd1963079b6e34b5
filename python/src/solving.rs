//! `solve`, `count`, `solve_batch`, `solve_array`, and the lines of `chunks.solve_lines`.

use crate::{
    array_refusal, deadline_after, interruptible, line_like, max_time_arg, reduce,
    too_big_for_uint8, value_error, with_jobs, BoxArg, Input, ARRAY_MAX_SIDE,
};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray2};
use pyo3::exceptions::{PyTimeoutError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use rayon::prelude::*;
use sudoku::format::{self, Alphabet, Puzzle, ReadOptions};
use sudoku::shape::MAX_SIDE;
use sudoku::solve::{self, ConflictRecord, Outcome, OutcomeRecord, Rows};
use sudoku::{Grid, Shape, Stop};

/// One clash of givens: a digit twice or more in a house, as `sudoku solve --json` gives
/// it (the library's [`ConflictRecord`]). Equal when every field is; pickles.
#[pyclass(module = "sudokit", frozen, get_all, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The house as cells name it: `"r1"`, `"c4"`, `"b2"`.
    house: String,
    digit: usize,
    /// `(row, col)` pairs, 1-based.
    cells: Vec<(usize, usize)>,
    /// The CLI's words: "digit 5 2 times in row 1: r1c1, r1c4".
    text: String,
}

impl From<ConflictRecord> for Conflict {
    fn from(r: ConflictRecord) -> Conflict {
        Conflict {
            house: r.house,
            digit: r.digit,
            cells: r.cells.iter().map(|&[row, col]| (row, col)).collect(),
            text: r.text,
        }
    }
}

#[pymethods]
impl Conflict {
    fn __repr__(&self) -> String {
        format!("Conflict({:?})", self.text)
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let state = (&self.house, self.digit, self.cells.clone(), &self.text);
        reduce(py, "Conflict", state)
    }
}

impl From<&Conflict> for ConflictRecord {
    fn from(c: &Conflict) -> ConflictRecord {
        ConflictRecord {
            house: c.house.clone(),
            digit: c.digit,
            cells: c.cells.iter().map(|&(row, col)| [row, col]).collect(),
            text: c.text.clone(),
        }
    }
}

/// What `sudoku solve --json` says of a puzzle not answered within its time limit (the
/// CLI's words: the record is the CLI's).
const TIMEOUT_MESSAGE: &str = "no answer within the time limit (--max-time)";

/// What solving one puzzle gave. Equal when every field is; pickles.
#[pyclass(module = "sudokit", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SolveResult {
    /// `"unique"`, `"multiple"`, `"none"`, `"invalid"`, or `"timeout"` past `max_time`.
    #[pyo3(get)]
    status: &'static str,
    /// The solution when unique, in the puzzle's symbols (one line, with ` # box 3x2`
    /// after the cells when the boxes are not the size's usual ones, as the CLI writes
    /// it); else `None`.
    #[pyo3(get)]
    solution: Option<String>,
    /// Two solutions when several (the `solutions` property adds the unique one).
    two: Vec<String>,
    /// The clashing givens when invalid.
    #[pyo3(get)]
    conflicts: Vec<Conflict>,
    /// The puzzle's shape, and the symbols the solutions are written in: what reads them
    /// back as grids (`to_dict`'s rows of numbers). The symbols as written, not as read
    /// (a JSON record names none, a line has them), so that the same answer is equal.
    shape: Shape,
    alphabet: Alphabet,
}

impl SolveResult {
    /// A solution line read back as rows of numbers, as the CLI's record has it.
    fn rows(&self, line: &str) -> PyResult<Rows> {
        let opts = ReadOptions {
            format: None,
            shape: Some(self.shape),
            alphabet: Some(self.alphabet),
        };
        let p = format::parse_line_record(line, &opts).map_err(value_error)?;
        Ok(p.grid.rows())
    }

    /// The record `sudoku solve --json` writes of the outcome (the library's
    /// [`OutcomeRecord`], or the CLI's for a timeout), as JSON.
    fn record_json(&self) -> PyResult<String> {
        if self.status == "timeout" {
            let record = serde_json::json!({"status": "timeout", "message": TIMEOUT_MESSAGE});
            return Ok(record.to_string());
        }
        // Every field `None`, kept so for the fields that are not the outcome's.
        let empty = OutcomeRecord::new(&Outcome::NoSolution, self.shape);
        let record = OutcomeRecord {
            status: self.status,
            solution: self.solution.as_deref().map(|s| self.rows(s)).transpose()?,
            solutions: (self.status == "multiple")
                .then(|| self.two.iter().map(|s| self.rows(s)).collect())
                .transpose()?,
            conflicts: (self.status == "invalid")
                .then(|| self.conflicts.iter().map(ConflictRecord::from).collect()),
            ..empty
        };
        serde_json::to_string(&record).map_err(value_error)
    }
}

#[pymethods]
impl SolveResult {
    fn __repr__(&self) -> String {
        match &self.solution {
            Some(s) => format!("SolveResult(status='unique', solution={s:?})"),
            None => format!("SolveResult(status={:?})", self.status),
        }
    }
    /// The solutions found: the unique one, two of several, or none.
    #[getter]
    fn solutions(&self) -> Vec<String> {
        match &self.solution {
            Some(s) => vec![s.clone()],
            None => self.two.clone(),
        }
    }
    /// Whether the puzzle has exactly one solution.
    fn __bool__(&self) -> bool {
        self.status == "unique"
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let state = (
            self.status,
            &self.solution,
            &self.two,
            self.conflicts.clone(),
            (self.shape.box_rows(), self.shape.box_cols()),
            self.alphabet.name(),
        );
        reduce(py, "SolveResult", state)
    }
    /// The record `sudoku solve --json` writes for the puzzle, without the fields that
    /// describe the puzzle read (`source`, `line`, `puzzle`, `size`, `box`, `givens`):
    /// `status`, and `solution` (rows of numbers), `solutions` (two grids),
    /// `conflicts` or `message` as the CLI gives them.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        Ok(crate::from_json(py, &self.record_json()?)?.cast_into::<PyDict>()?)
    }
}

fn result_of(puzzle: &Puzzle, outcome: Outcome) -> SolveResult {
    let shape = puzzle.shape();
    let line = |g: &Grid| line_like(g, puzzle.alphabet);
    let (solution, two, conflicts) = match &outcome {
        Outcome::Unique(g) => (Some(line(g)), Vec::new(), Vec::new()),
        Outcome::Multiple(a, b) => (None, vec![line(a), line(b)], Vec::new()),
        Outcome::NoSolution => (None, Vec::new(), Vec::new()),
        Outcome::Invalid(cs) => (
            None,
            Vec::new(),
            cs.iter()
                .map(|c| ConflictRecord::new(c, puzzle.notation()).into())
                .collect(),
        ),
    };
    SolveResult {
        status: outcome.status(),
        solution,
        two,
        conflicts,
        shape,
        alphabet: written(puzzle),
    }
}

/// The statuses of a [`SolveResult`], for one read back from a pickle.
const STATUSES: [&str; 5] = ["unique", "multiple", "none", "invalid", "timeout"];

/// The symbols `puzzle`'s answers are written in ([`line_like`]).
fn written(puzzle: &Puzzle) -> Alphabet {
    Alphabet::written(puzzle.shape().side(), puzzle.alphabet)
}

/// A `"timeout"` result for a puzzle of `shape`.
fn timed_out(shape: Shape, alphabet: Alphabet) -> SolveResult {
    SolveResult {
        status: "timeout",
        solution: None,
        two: Vec::new(),
        conflicts: Vec::new(),
        shape,
        alphabet,
    }
}

/// One puzzle until `stop`: a `"timeout"` result when it comes first.
fn solve_puzzle(puzzle: &Puzzle, stop: &Stop) -> SolveResult {
    let (grid, marks) = puzzle.grid.unplayed(puzzle.marks.as_ref());
    match solve::solve_until(&grid, marks, stop) {
        Ok(outcome) => result_of(puzzle, outcome),
        Err(_) => timed_out(puzzle.shape(), written(puzzle)),
    }
}

/// The result classes of this module from their pickled state (`None`: not one of them).
pub(crate) fn restored(
    py: Python<'_>,
    kind: &str,
    state: &Bound<'_, PyAny>,
) -> PyResult<Option<Py<PyAny>>> {
    let made = match kind {
        "Conflict" => {
            let (house, digit, cells, text) = state.extract()?;
            let c = Conflict {
                house,
                digit,
                cells,
                text,
            };
            Py::new(py, c)?.into_any()
        }
        "SolveResult" => {
            let (status, solution, two, conflicts, (rows, cols), alphabet): (
                String,
                _,
                _,
                _,
                (usize, usize),
                String,
            ) = state.extract()?;
            let status = STATUSES
                .into_iter()
                .find(|&s| s == status)
                .ok_or_else(|| value_error(format!("no such status: {status:?}")))?;
            let r = SolveResult {
                status,
                solution,
                two,
                conflicts,
                shape: Shape::new(rows, cols).map_err(value_error)?,
                alphabet: alphabet.parse::<Alphabet>().map_err(value_error)?,
            };
            Py::new(py, r)?.into_any()
        }
        _ => return Ok(None),
    };
    Ok(Some(made))
}

/// Solves one puzzle (any format, any size): status, solution(s), conflicts; status
/// `"timeout"` past `max_time` seconds.
#[pyfunction]
#[pyo3(signature = (puzzle, *, max_time=None, size=None, r#box=None, format=None))]
#[pyo3(name = "solve")]
fn py_solve(
    py: Python<'_>,
    puzzle: &str,
    max_time: Option<f64>,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<SolveResult> {
    let deadline = deadline_after(max_time_arg(max_time)?);
    let input = Input::new(size, r#box.as_ref(), format)?;
    let p = input.parse_py(puzzle)?;
    interruptible(py, |i| solve_puzzle(&p, &i.stop_at(deadline)))
}

/// Counts solutions up to `limit` (0 for invalid givens). Past `max_time` seconds raises
/// `TimeoutError`, saying how many were found: a count cut short is no count.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=2, *, max_time=None, size=None, r#box=None, format=None))]
fn count(
    py: Python<'_>,
    puzzle: &str,
    #[pyo3(from_py_with = crate::arg::limit)] limit: usize,
    max_time: Option<f64>,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<usize> {
    // A limit of 0 was taken as 1: a count of 1 for a puzzle with many solutions.
    if limit == 0 {
        return Err(value_error(
            "limit must be at least 1 (as `sudoku solve --count`), got 0",
        ));
    }
    let deadline = deadline_after(max_time_arg(max_time)?);
    let input = Input::new(size, r#box.as_ref(), format)?;
    let p = input.parse_py(puzzle)?;
    // The puzzle's solutions, as `solve` counts them: its givens (a game's placed digits
    // are the player's).
    let (grid, marks) = p.grid.unplayed(p.marks.as_ref());
    let counted = interruptible(py, |i| {
        if grid.has_clash() {
            return Ok(0);
        }
        solve::count_until(&grid, marks, limit, &i.stop_at(deadline))
    })?;
    counted.map_err(|found| {
        PyTimeoutError::new_err(format!(
            "no count within the time limit ({found} solutions found by then)"
        ))
    })
}

/// Solves many puzzles on `jobs` threads (0 = every core), GIL released: one result per
/// string, in order. `puzzles` is any iterable of strings (a list, a tuple, a generator,
/// an open file's lines), read whole before solving starts. A string that is no puzzle
/// raises `ValueError` naming its index. `max_time` bounds each puzzle (its result is
/// then `"timeout"`), as `rate_batch`.
#[pyfunction]
#[pyo3(signature = (puzzles, jobs=0, *, max_time=None, size=None, r#box=None, format=None))]
fn solve_batch(
    py: Python<'_>,
    #[pyo3(from_py_with = crate::arg::puzzles)] puzzles: Vec<String>,
    #[pyo3(from_py_with = crate::arg::jobs)] jobs: usize,
    max_time: Option<f64>,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<Vec<SolveResult>> {
    let limit = max_time_arg(max_time)?;
    let input = Input::new(size, r#box.as_ref(), format)?;
    let parse = input.batch(&puzzles);
    let results: Vec<Result<SolveResult, String>> = interruptible(py, |i| {
        let shared = i.stop_at(None);
        with_jobs(jobs, || {
            puzzles
                .par_iter()
                .with_min_len(64)
                .map(|text| {
                    // Interrupted, the rest is skipped (the answer is thrown away).
                    if i.reached() {
                        return Ok(timed_out(Shape::NINE, Alphabet::Standard));
                    }
                    let p = parse(text)?;
                    Ok(i.each(&shared, limit, |stop| solve_puzzle(&p, stop)))
                })
                .collect()
        })
    })??;
    crate::numbered(results, "puzzle")
}

/// Status codes of `solve_array`.
pub const UNIQUE: i8 = 0;
pub const MULTIPLE: i8 = 1;
pub const NONE: i8 = 2;
pub const INVALID: i8 = 3;
/// Past `max_time`: no answer (the row of solutions stays zero).
pub const TIMEOUT: i8 = 4;

/// The shape of rows of `cells` cells: `box=` when given, else the conventional one.
pub(crate) fn array_shape(cells: usize, boxed: Option<&BoxArg>) -> PyResult<Shape> {
    let side = (cells as f64).sqrt().round() as usize;
    if side * side != cells {
        return Err(value_error(format!(
            "rows of {cells} cells are no grid (the cell count must be a square)"
        )));
    }
    // A solution's digits past 255 would wrap in uint8 (256 as 0, 300 as 44): a wrong
    // answer, as generate_array refuses to give. Said before the boxes, whatever they are.
    if (ARRAY_MAX_SIDE + 1..=MAX_SIDE).contains(&side) {
        return Err(too_big_for_uint8(side, "solve_batch"));
    }
    let shape = match boxed {
        Some(b) => b.shape(),
        None => Shape::from_side(side),
    }
    .map_err(|e| array_refusal(&e, "solve_batch"))?;
    if shape.side() != side {
        return Err(value_error(format!(
            "box {shape} makes {}x{} grids, not {side}x{side}",
            shape.side(),
            shape.side()
        )));
    }
    Ok(shape)
}

/// Reads row `i` (0-based) of an array as a grid (0 = empty), with the error of a value
/// out of range: rows and cells counted from 1 as in every message, with numpy's index.
pub(crate) fn grid_of_row(shape: Shape, row: &[u8], i: usize) -> Result<Grid, String> {
    let values: Vec<usize> = row.iter().map(|&v| v as usize).collect();
    Grid::from_values(shape, &values).map_err(|e| {
        let side = shape.side();
        match values.iter().position(|&v| v > side) {
            Some(j) => format!(
                "row {} (a[{i}]): value {} in cell {} (a[{i}, {j}]) is out of range 0..={side}",
                i + 1,
                values[j],
                j + 1
            ),
            None => format!("row {} (a[{i}]): {e}", i + 1),
        }
    })
}

/// What `solve_array` takes, said when it gets something else (numpy's own message named
/// only the dtypes or the dimensions that did not match).
fn array_arg<'py>(a: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArray2<'py, u8>> {
    a.extract::<PyReadonlyArray2<'py, u8>>().map_err(|_| {
        let shown =
            |o: PyResult<Bound<'py, PyAny>>| o.and_then(|o| o.str().map(|s| s.to_string())).ok();
        let (ndim, dtype) = (shown(a.getattr("ndim")), shown(a.getattr("dtype")));
        let got = match (&ndim, &dtype) {
            (Some(n), Some(d)) => format!("a {n}-D array of {d}"),
            _ => a
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| format!("a {n}")),
        };
        let fix = match (ndim.as_deref(), dtype.as_deref()) {
            (Some("1"), _) => " (one puzzle: a.reshape(1, -1))",
            (Some("2"), Some(_)) => " (a.astype(np.uint8) converts it)",
            (Some(_), _) => "",
            (None, _) => " (np.array(rows, dtype=np.uint8) makes one)",
        };
        PyTypeError::new_err(format!(
            "a must be a 2-D numpy array of uint8, shape (count, cells): one puzzle a row, \
             0 for an empty cell; got {got}{fix}"
        ))
    })
}

/// Solves an `(N, cells)` uint8 array (0 = empty) on `jobs` threads, GIL released:
/// `(solutions, status)`, solutions zero where not unique; status 0 unique, 1 multiple,
/// 2 none, 3 invalid, 4 timeout (past `max_time` seconds, which bounds each puzzle).
#[pyfunction]
#[pyo3(signature = (a, jobs=0, *, max_time=None, r#box=None))]
#[allow(clippy::type_complexity)]
fn solve_array<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    #[pyo3(from_py_with = crate::arg::jobs)] jobs: usize,
    max_time: Option<f64>,
    r#box: Option<BoxArg>,
) -> PyResult<(Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<i8>>)> {
    let limit = max_time_arg(max_time)?;
    let a = array_arg(a)?;
    let view = a.as_array();
    let (n, cells) = view.dim();
    let shape = array_shape(cells, r#box.as_ref())?;
    let owned;
    // Row by row: `as_slice` also takes a column-major (Fortran) array's memory, which is
    // the puzzles' cells out of order.
    let data: &[u8] = match view.as_slice() {
        Some(s) => s,
        None => {
            owned = view.iter().copied().collect::<Vec<u8>>();
            &owned
        }
    };
    let (solutions, status) = interruptible(py, |i| {
        let shared = i.stop_at(None);
        with_jobs(jobs, || -> Result<(Vec<u8>, Vec<i8>), String> {
            let mut solutions = vec![0u8; n * cells];
            let mut status = vec![0i8; n];
            if cells > 0 {
                solutions
                    .par_chunks_mut(cells)
                    .zip(status.par_iter_mut())
                    .zip(data.par_chunks(cells))
                    .enumerate()
                    .with_min_len(64)
                    .try_for_each(|(i_row, ((out, code), row))| {
                        if i.reached() {
                            *code = TIMEOUT;
                            return Ok(());
                        }
                        let grid = grid_of_row(shape, row, i_row)?;
                        let outcome =
                            i.each(&shared, limit, |stop| solve::solve_until(&grid, None, stop));
                        *code = match outcome {
                            Ok(Outcome::Unique(s)) => {
                                for (o, &v) in out.iter_mut().zip(s.values()) {
                                    *o = v as u8;
                                }
                                UNIQUE
                            }
                            Ok(Outcome::Multiple(..)) => MULTIPLE,
                            Ok(Outcome::NoSolution) => NONE,
                            Ok(Outcome::Invalid(_)) => INVALID,
                            Err(_) => TIMEOUT,
                        };
                        Ok::<(), String>(())
                    })?;
            }
            Ok((solutions, status))
        })
    })??
    .map_err(value_error)?;
    let solutions = Array2::from_shape_vec((n, cells), solutions)
        .expect("n × cells values")
        .into_pyarray(py);
    Ok((solutions, status.into_pyarray(py)))
}

/// The lines of `sudokit.chunks.solve_lines`, as `sudoku solve --to line` writes them:
/// the solution, or the puzzle (in the line format, its own symbols) and `# multiple
/// solutions`, `# no solution`, `# invalid: ...` or `# timeout: ...`. Blank strings stay
/// blank; a string that is no puzzle raises `ValueError` naming its index.
#[pyfunction]
#[pyo3(signature = (lines, jobs=1))]
fn _solve_lines(
    py: Python<'_>,
    #[pyo3(from_py_with = crate::arg::puzzles)] lines: Vec<String>,
    #[pyo3(from_py_with = crate::arg::jobs)] jobs: usize,
) -> PyResult<Vec<String>> {
    let input = Input::default();
    let parse = input.batch(&lines);
    let written: Vec<Result<String, String>> = interruptible(py, |i| {
        let stop = i.stop_at(None);
        with_jobs(jobs, || {
            lines
                .par_iter()
                .with_min_len(64)
                .map(|text| {
                    if text.trim().is_empty() || i.reached() {
                        return Ok(String::new());
                    }
                    let p = parse(text)?;
                    let (grid, marks) = p.grid.unplayed(p.marks.as_ref());
                    Ok(line_of(&p, solve::solve_until(&grid, marks, &stop)))
                })
                .collect()
        })
    })??;
    crate::numbered(written, "line")
}

/// One answer as `sudoku solve --to line` writes it (without the newline).
fn line_of(p: &Puzzle, outcome: Result<Outcome, sudoku::Stopped>) -> String {
    let note = match outcome {
        Ok(Outcome::Unique(g)) => return line_like(&g, p.alphabet),
        Ok(o) => o.line_note(p.notation()).unwrap_or_default(),
        Err(_) => Outcome::TIMEOUT_NOTE.to_string(),
    };
    format!("{} # {note}", line_like(&p.grid, p.alphabet))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SolveResult>()?;
    m.add_class::<Conflict>()?;
    m.add_function(wrap_pyfunction!(py_solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(solve_array, m)?)?;
    m.add_function(wrap_pyfunction!(_solve_lines, m)?)?;
    m.add("UNIQUE", UNIQUE)?;
    m.add("MULTIPLE", MULTIPLE)?;
    m.add("NONE", NONE)?;
    m.add("INVALID", INVALID)?;
    m.add("TIMEOUT", TIMEOUT)?;
    Ok(())
}
