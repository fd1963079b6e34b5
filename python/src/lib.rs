//! `sudokit._sudokit`: the Python face of the toolkit, a thin layer over `sudoku-core`.
//!
//! Every function converts its arguments, releases the GIL, calls the library and converts
//! the answer back; batches run on rayon. No solving, rating or generating logic lives
//! here: what a face needs that the library lacks belongs in the library. The work of a
//! call runs through [`interruptible`], so that Ctrl-C ends it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use sudoku::format::{self, Alphabet, Format, ParseError, Puzzle, ReadOptions, Reader};
use sudoku::shape::{ShapeError, MAX_SIDE};
use sudoku::{Grid, Shape, Stop};

mod formats;
mod generating;
mod logic;
mod solving;

/// `box=`: `"3x2"` or `(3, 2)` (rows × columns of a box).
pub(crate) enum BoxArg {
    Text(String),
    Pair(usize, usize),
}

impl<'a, 'py> FromPyObject<'a, 'py> for BoxArg {
    type Error = PyErr;

    /// A string or a pair of box sides; anything else is told in one sentence (pyo3's
    /// derived message listed both variants' failures, a page of `BoxArg::Text.0`).
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<BoxArg> {
        if let Ok(s) = obj.extract::<String>() {
            return Ok(BoxArg::Text(s));
        }
        let why = || {
            PyValueError::new_err(format!(
                "box must be \"RxC\" or (rows, cols), two box sides from 1 to 400; got {}",
                obj.repr()
                    .map_or_else(|_| "?".to_string(), |r| r.to_string())
            ))
        };
        let pair: (Bound<'py, PyAny>, Bound<'py, PyAny>) = obj.extract().map_err(|_| why())?;
        match (pair.0.extract::<usize>(), pair.1.extract::<usize>()) {
            (Ok(r), Ok(c)) => Ok(BoxArg::Pair(r, c)),
            _ => Err(why()),
        }
    }
}

impl BoxArg {
    /// The shape, or the library's reason (an array function says it with its own limit).
    pub(crate) fn shape(&self) -> Result<Shape, ShapeError> {
        match self {
            BoxArg::Text(s) => Shape::parse(s),
            BoxArg::Pair(r, c) => Shape::new(*r, *c),
        }
    }
}

/// The largest side of a grid in a uint8 array (`solve_array`, `generate_array`): its
/// digits are bytes. The library's limit, [`sudoku::shape::MAX_SIDE`], is for strings.
pub(crate) const ARRAY_MAX_SIDE: usize = u8::MAX as usize;

/// A side an array can't hold, as the array functions say it: one that strings take
/// (256 to 400) points to the string function `instead`; any other is told the array's
/// limit, not the library's 400 (which an array never reaches).
pub(crate) fn array_refusal(e: &ShapeError, instead: &str) -> PyErr {
    let beyond = |side: usize| (ARRAY_MAX_SIDE + 1..=MAX_SIDE).contains(&side);
    match *e {
        ShapeError::OutOfRange(r, c) if r > 0 && c > 0 && beyond(r.saturating_mul(c)) => {
            too_big_for_uint8(r * c, instead)
        }
        ShapeError::NoBoxes(side) if beyond(side) => too_big_for_uint8(side, instead),
        ShapeError::OutOfRange(r, c) => value_error(format!(
            "box of {r}x{c} is not allowed: both sides must be at least 1 and the grid side at \
             least 2 and at most {ARRAY_MAX_SIDE} in an array (uint8 holds no bigger digit)"
        )),
        ShapeError::NoBoxes(side) => value_error(format!(
            "no grid of side {side}: it must be the product of two box sides (at most \
             {ARRAY_MAX_SIDE} in an array: uint8 holds no bigger digit)"
        )),
        _ => value_error(e),
    }
}

/// The refusal of a grid of `side` 256 to 400 in an array: its digits would wrap in uint8
/// (256 as 0, 300 as 44), a wrong answer; the string function `instead` takes it.
pub(crate) fn too_big_for_uint8(side: usize, instead: &str) -> PyErr {
    value_error(format!(
        "{side}x{side} grids have digits beyond {ARRAY_MAX_SIDE}, which uint8 can't hold: use \
         {instead}() for them"
    ))
}

pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Whole-number arguments (`size=`, `jobs=`, `limit=`, `count=`, `seed=`, `start=`,
/// `givens=`), read by `#[pyo3(from_py_with = ...)]`: a negative or too big int raises
/// `ValueError` naming the argument, where pyo3's own extraction raised a bare
/// `OverflowError` ("can't convert negative int to unsigned"). What is no int at all
/// stays pyo3's `TypeError`.
pub(crate) mod arg {
    use super::value_error;
    use pyo3::exceptions::PyTypeError;
    use pyo3::prelude::*;
    use pyo3::types::{PyInt, PyString};

    /// `obj` as a whole number from 0 to `max`, or a `ValueError` saying `name` and the
    /// value given.
    fn whole(obj: &Bound<'_, PyAny>, name: &str, max: u64) -> PyResult<u64> {
        let shown = || {
            obj.repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string())
        };
        let n: i128 = match obj.extract() {
            Ok(n) => n,
            // An int past i128 either way; anything else is pyo3's TypeError.
            Err(e) if !obj.is_instance_of::<PyInt>() => return Err(e),
            Err(_) if obj.lt(0)? => -1,
            Err(_) => i128::MAX,
        };
        if n < 0 {
            return Err(value_error(format!(
                "{name} must be a non-negative integer, got {}",
                shown()
            )));
        }
        u64::try_from(n)
            .ok()
            .filter(|&n| n <= max)
            .ok_or_else(|| value_error(format!("{name} must be at most {max}, got {}", shown())))
    }

    fn optional<T>(
        obj: &Bound<'_, PyAny>,
        read: impl FnOnce(&Bound<'_, PyAny>) -> PyResult<T>,
    ) -> PyResult<Option<T>> {
        if obj.is_none() {
            Ok(None)
        } else {
            read(obj).map(Some)
        }
    }

    fn index(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
        let n = whole(obj, name, u64::try_from(usize::MAX).unwrap_or(u64::MAX))?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    pub(crate) fn size(obj: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        optional(obj, |o| index(o, "size"))
    }

    pub(crate) fn jobs(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
        index(obj, "jobs")
    }

    pub(crate) fn limit(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
        index(obj, "limit")
    }

    pub(crate) fn count(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
        whole(obj, "count", u64::MAX)
    }

    pub(crate) fn start(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
        whole(obj, "start", u64::MAX)
    }

    /// `max_attempts=` of `generate`: at least 1, as `sudoku generate --max-attempts`.
    pub(crate) fn max_attempts(obj: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        optional(obj, |o| match index(o, "max_attempts")? {
            0 => Err(value_error(
                "max_attempts must be at least 1 (as `sudoku generate --max-attempts`), got 0",
            )),
            n => Ok(n),
        })
    }

    pub(crate) fn seed(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
        whole(obj, "seed", u64::MAX)
    }

    pub(crate) fn optional_seed(obj: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        optional(obj, seed)
    }

    /// `puzzles=` of the batch functions: any iterable of strings (a list, a tuple, a
    /// generator, a file's lines…), where pyo3's `Vec` took only sequences. One string is
    /// refused: it would be read as puzzles of one character each.
    pub(crate) fn puzzles(obj: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "puzzles must be an iterable of puzzle strings, not one string",
            ));
        }
        let mut out = Vec::with_capacity(obj.len().unwrap_or(0));
        for (n, item) in (1_usize..).zip(obj.try_iter()?) {
            let item = item?;
            let text = item.extract::<String>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "puzzle {n} is not a string but {}",
                    item.get_type()
                        .name()
                        .map_or_else(|_| "?".to_string(), |n| n.to_string())
                ))
            })?;
            out.push(text);
        }
        Ok(out)
    }

    /// `givens=(lo, hi)`.
    pub(crate) fn givens(obj: &Bound<'_, PyAny>) -> PyResult<Option<(usize, usize)>> {
        optional(obj, |o| {
            let (lo, hi): (Bound<'_, PyAny>, Bound<'_, PyAny>) = o.extract()?;
            Ok((index(&lo, "givens")?, index(&hi, "givens")?))
        })
    }
}

/// The longest `max_time=` kept: 100 years. Longer, up to `float("inf")`, is no limit in
/// practice and is taken as this (the CLI refuses past 1e7 seconds; a script that writes
/// `max_time=1e300` for "no limit" means no harm).
pub(crate) const MAX_TIME: Duration = Duration::from_secs(100 * 36_525 * 864);

/// `max_time=`: a positive number of seconds, or `None` for no limit. Past [`MAX_TIME`] it
/// is [`MAX_TIME`]; below a nanosecond, a nanosecond.
pub(crate) fn max_time_arg(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    let Some(s) = seconds else {
        return Ok(None);
    };
    if s.is_nan() || s <= 0.0 {
        return Err(value_error(format!(
            "max_time must be a positive number of seconds (or None for no limit), got {s:?}"
        )));
    }
    Ok(Some(if s >= MAX_TIME.as_secs_f64() {
        MAX_TIME
    } else {
        Duration::from_secs_f64(s).max(Duration::from_nanos(1))
    }))
}

/// The deadline `limit` from now (none past what the clock holds).
pub(crate) fn deadline_after(limit: Option<Duration>) -> Option<Instant> {
    limit.and_then(|l| Instant::now().checked_add(l))
}

/// How long a call first runs on the calling thread, where it can't watch for Ctrl-C.
/// Most calls end sooner (one 9x9 puzzle takes microseconds, a thread to run it on ten
/// times that); a call still running then is interrupted, its answer thrown away, and run
/// again on a thread of its own while this one watches for signals. The most this
/// wastes is this, once.
const TRY_HERE: Duration = Duration::from_millis(1);

/// How often the calling thread looks for signals while the work runs elsewhere.
const SIGNAL_TICK: Duration = Duration::from_millis(50);

/// The worker thread's stack: as much as the main thread's, which ran the work before.
const WORKER_STACK: usize = 8 << 20;

/// What the work of an [`interruptible`] call stops on: the call's limits, and its
/// interrupt (Ctrl-C, or the end of the try on the calling thread). The interrupt never
/// counts as a time limit ([`Stop::with_interrupt`]): until it comes, the work is as
/// without it.
pub(crate) struct Interrupt {
    flag: Arc<AtomicBool>,
    /// The end of the try on the calling thread, if this is it.
    until: Option<Instant>,
}

impl Interrupt {
    /// A stop at `deadline` (none: no time limit), ended early by the interrupt.
    pub(crate) fn stop_at(&self, deadline: Option<Instant>) -> Stop {
        let stop = deadline
            .map_or_else(Stop::never, Stop::at)
            .with_interrupt(self.flag.clone());
        match self.until {
            Some(t) => stop.with_interrupt_at(t),
            None => stop,
        }
    }

    /// A stop `limit` from now (a bound on one puzzle of a batch).
    pub(crate) fn stop_after(&self, limit: Option<Duration>) -> Stop {
        self.stop_at(deadline_after(limit))
    }

    /// Runs `f` with the stop of one puzzle of a batch: `limit` from now, or with no
    /// limit `shared` (made once by [`Interrupt::stop_at`] with no deadline: one stop for
    /// every puzzle, not one each).
    pub(crate) fn each<R>(
        &self,
        shared: &Stop,
        limit: Option<Duration>,
        f: impl FnOnce(&Stop) -> R,
    ) -> R {
        match limit {
            None => f(shared),
            Some(_) => f(&self.stop_after(limit)),
        }
    }

    /// Whether the interrupt has come: work with no [`Stop`] of its own (one puzzle after
    /// another) looks between its parts; what it answers then is thrown away.
    pub(crate) fn reached(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.until.is_some_and(|t| Instant::now() >= t)
    }
}

/// Runs the work of a call with the GIL released, so that Ctrl-C (any signal whose Python
/// handler raises) ends it: `work` builds its stops with the [`Interrupt`] it is given.
///
/// It first runs on this thread for up to [`TRY_HERE`]; if it is not done by then, its
/// answer is thrown away and it runs again on a worker thread, while this one wakes every
/// [`SIGNAL_TICK`] to take the GIL and run Python's signal handlers. When one raises, the
/// interrupt is set, the worker is waited for (it stops at its next look at the stop) and
/// the exception (`KeyboardInterrupt`) is returned. `work` must answer the same when run
/// again (a seeded generator does; a time limit is a deadline taken before the call).
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl Fn(&Interrupt) -> T + Sync,
) -> PyResult<T> {
    let flag = Arc::new(AtomicBool::new(false));
    let until = Instant::now() + TRY_HERE;
    let here = Interrupt {
        flag: flag.clone(),
        until: Some(until),
    };
    let answer = py.detach(|| work(&here));
    if Instant::now() < until {
        return Ok(answer);
    }
    drop(answer);
    let there = Interrupt {
        flag: flag.clone(),
        until: None,
    };
    py.detach(|| {
        std::thread::scope(|s| {
            let (done, finished) = mpsc::channel::<()>();
            let (work, there) = (&work, &there);
            let worker = std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(s, move || {
                    let answer = work(there);
                    let _ = done.send(());
                    answer
                })
                .map_err(|e| {
                    pyo3::exceptions::PyRuntimeError::new_err(format!(
                        "cannot start a worker thread: {e}"
                    ))
                })?;
            let signal = loop {
                match finished.recv_timeout(SIGNAL_TICK) {
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            flag.store(true, Ordering::Relaxed);
                            break Some(e);
                        }
                    }
                    // Done, or gone (a panic, given back below).
                    _ => break None,
                }
            };
            let answer = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            match signal {
                Some(e) => Err(e),
                None => Ok(answer),
            }
        })
    })
}

/// The shape asked by `size=` and/or `box=` (`None` when neither is given).
pub(crate) fn shape_arg(size: Option<usize>, boxed: Option<&BoxArg>) -> PyResult<Option<Shape>> {
    shape_arg_or(size, boxed, value_error)
}

/// [`shape_arg`] for a function that makes uint8 arrays: sides up to [`ARRAY_MAX_SIDE`],
/// every refusal with that limit ([`array_refusal`]).
pub(crate) fn array_shape_arg(
    size: Option<usize>,
    boxed: Option<&BoxArg>,
    instead: &str,
) -> PyResult<Option<Shape>> {
    let shape = shape_arg_or(size, boxed, |e| array_refusal(&e, instead))?;
    match shape {
        Some(s) if s.side() > ARRAY_MAX_SIDE => Err(too_big_for_uint8(s.side(), instead)),
        _ => Ok(shape),
    }
}

fn shape_arg_or(
    size: Option<usize>,
    boxed: Option<&BoxArg>,
    refuse: impl Fn(ShapeError) -> PyErr,
) -> PyResult<Option<Shape>> {
    let shape = match (size, boxed) {
        (_, Some(b)) => b.shape().map_err(&refuse)?,
        (Some(n), None) => Shape::from_side(n).map_err(&refuse)?,
        (None, None) => return Ok(None),
    };
    if let Some(n) = size {
        if n != shape.side() {
            return Err(value_error(format!(
                "size {n} does not match box {shape} (side {})",
                shape.side()
            )));
        }
    }
    Ok(Some(shape))
}

/// A format by name, with the CLI's message for an unknown one.
pub(crate) fn format_arg(name: Option<&str>) -> PyResult<Option<Format>> {
    name.map(|s| {
        Format::from_name(s).ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            value_error(format!(
                "unknown format {s:?}; known formats: {}",
                names.join(", ")
            ))
        })
    })
    .transpose()
}

/// How to read puzzles given as text (`box=`, `format=`).
#[derive(Clone, Default)]
pub(crate) struct Input {
    pub opts: ReadOptions,
    /// `size=`: puzzles of another side are refused.
    side: Option<usize>,
}

impl Input {
    pub(crate) fn new(
        size: Option<usize>,
        boxed: Option<&BoxArg>,
        format: Option<&str>,
    ) -> PyResult<Input> {
        Ok(Input {
            opts: ReadOptions {
                format: format_arg(format)?,
                shape: shape_arg(size, boxed)?,
                alphabet: None,
            },
            side: size,
        })
    }

    /// The one puzzle `text` holds (its one record, past a title or header line), as the
    /// CLI reads it; the error in the CLI's words (`line:col: message`). The records are
    /// the reader's (a grid over nine lines, an .sdk file with its comments, a JSON record
    /// over lines: one each), not lines: a second puzzle, or an unreadable record after
    /// the first, is an error (the CLI would solve the first and go on), not passed over.
    pub(crate) fn parse(&self, text: &str) -> Result<Puzzle, String> {
        let mut records = Reader::new(text.as_bytes(), "", self.opts.clone())
            .filter(|r| !matches!(r, Err(e) if e.is_skip()));
        let puzzle = match records.next() {
            Some(Ok(p)) => p,
            Some(Err(e)) => return Err(describe(&e)),
            // No record: the library's words for it (naming a title passed over, if any).
            None => {
                return Err(format::parse_first(text, self.opts.clone())
                    .err()
                    .map_or_else(|| "no puzzle found".to_string(), |e| describe(&e)))
            }
        };
        match records.next() {
            None => self.check_shape(puzzle),
            Some(Ok(second)) => Err(format!(
                "the text holds more than one puzzle (the first at line {}, another at line \
                 {}): this call takes one; sudokit.read() gives every puzzle of a text, for \
                 solve_batch() and the other batch calls",
                puzzle.line, second.line
            )),
            Some(Err(e)) => Err(format!(
                "{} (after the puzzle at line {}: this call takes a text of one puzzle; \
                 sudokit.read() reads a text of several, for solve_batch() and the other \
                 batch calls)",
                describe(&e),
                puzzle.line
            )),
        }
    }

    pub(crate) fn parse_py(&self, text: &str) -> PyResult<Puzzle> {
        self.parse(text).map_err(value_error)
    }

    /// A parser for a batch of strings: when the first is a line of a line-based format
    /// (as most batches are), each one-line string is parsed as a line of one file, without
    /// a reader of its own; anything else, and any line that fails so, goes through
    /// [`Input::parse`] (which detects the format of each string on its own).
    pub(crate) fn batch<'a>(
        &'a self,
        texts: &[String],
    ) -> impl Fn(&str) -> Result<Puzzle, String> + Sync + 'a {
        let line_based = self.opts.format.is_none()
            && texts
                .iter()
                .find(|t| !t.trim().is_empty())
                .is_some_and(|t| {
                    matches!(
                        format::detect(t),
                        Some(Format::Line | Format::Sukaku | Format::Hodoku)
                    )
                });
        move |text: &str| {
            let t = text.trim_end_matches(['\r', '\n']);
            let plain = line_based
                && !t.is_empty()
                && !t.contains('\n')
                && !t.trim_start().starts_with('#');
            if !plain {
                return self.parse(text);
            }
            match format::parse_line_record(t, &self.opts) {
                Ok(p) => self.check_shape(p),
                Err(_) => self.parse(text),
            }
        }
    }

    fn check_shape(&self, puzzle: Puzzle) -> Result<Puzzle, String> {
        let side = puzzle.shape().side();
        if let Some(n) = self.side.filter(|&n| n != side) {
            return Err(format!(
                "the puzzle is {side}x{side}, not {n}x{n} (size={n})"
            ));
        }
        if let Some(want) = self.opts.shape {
            if want.side() == puzzle.shape().side() && want != puzzle.shape() {
                return Err(format!("the puzzle is {}, not {want}", puzzle.shape()));
            }
        }
        Ok(puzzle)
    }
}

/// A parse error as the CLI says it: `source:line:col: message` (no line for whole-input
/// errors).
pub(crate) fn describe(e: &ParseError) -> String {
    if e.line == 0 {
        if e.source.is_empty() {
            e.message()
        } else {
            format!("{}: {}", e.source, e.message())
        }
    } else {
        e.to_string()
    }
}

/// The answers of a batch, in order, or the first error as `ValueError` naming its item
/// (`"puzzle 3: 1:3: ..."`, `"line 3: ..."`): items are counted from 1 in every message,
/// as `generate` counts its puzzles and the CLI its lines.
pub(crate) fn numbered<T>(answers: Vec<Result<T, String>>, item: &str) -> PyResult<Vec<T>> {
    (1_usize..)
        .zip(answers)
        .map(|(n, r)| r.map_err(|e| value_error(format!("{item} {n}: {e}"))))
        .collect()
}

/// `grid` as one line in the symbols of the puzzle it answers.
pub(crate) fn line_like(grid: &Grid, alphabet: Option<Alphabet>) -> String {
    let p = Puzzle {
        alphabet,
        ..Puzzle::new(grid.clone())
    };
    format::write(&p, Format::Line).unwrap_or_else(|_| {
        format::write_grid(grid, Format::Line).expect("the line format holds every grid")
    })
}

/// The puzzle as one line (givens, placed digits), in its own symbols.
pub(crate) fn puzzle_line(p: &Puzzle) -> String {
    format::write(p, Format::Line).unwrap_or_default()
}

/// Runs `work` on a pool of `jobs` threads (0, or more than the cores: rayon's global
/// pool, every core). More threads than cores buy nothing, and `jobs=10**6` started a
/// million threads (a hang), where the CLI caps `--jobs` at the cores.
pub(crate) fn with_jobs<T: Send>(jobs: usize, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if jobs == 0 || jobs >= cores {
        return Ok(work());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| value_error(format!("cannot start worker threads: {e}")))?;
    Ok(pool.install(work))
}

/// A record the library serialises (`OutcomeRecord`, `ConflictRecord`), as the Python
/// objects `json.loads` makes of it: the CLI's `--json` record, field for field.
pub(crate) fn from_json<'py>(py: Python<'py>, json: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (json,))
}

/// `__reduce__` of a result class: pickle stores `_restore(kind, state)`, and finds
/// `_restore` by its name in `sudokit._sudokit` when it loads (every worker that unpickles
/// needs sudokit, as for the chunk functions).
pub(crate) fn reduce<'py>(
    py: Python<'py>,
    kind: &'static str,
    state: impl IntoPyObject<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let restore = py.import("sudokit._sudokit")?.getattr("_restore")?;
    use pyo3::BoundObject;
    let state = state
        .into_pyobject(py)
        .map_err(Into::into)?
        .into_bound()
        .into_any();
    let args = PyTuple::new(py, [kind.into_pyobject(py)?.into_any(), state])?;
    PyTuple::new(py, [restore, args.into_any()])
}

/// A result object from its pickled state (see [`reduce`]).
#[pyfunction]
fn _restore(py: Python<'_>, kind: &str, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    match solving::restored(py, kind, state)? {
        Some(made) => Ok(made),
        None => logic::restored(py, kind, state)?
            .ok_or_else(|| value_error(format!("no sudokit class {kind:?} to restore"))),
    }
}

/// Python bindings of the sudoku toolkit.
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(_restore, m)?)?;
    solving::register(m)?;
    logic::register(m)?;
    generating::register(m)?;
    formats::register(m)?;
    Ok(())
}
