//! `generate`, `generate_array`: the library's `Generator`, one index per puzzle, so a
//! seed gives the same puzzles whatever the thread count (and the same as `sudoku generate
//! --seed`).

use crate::{
    array_shape_arg, deadline_after, interruptible, max_time_arg, shape_arg, value_error,
    with_jobs, BoxArg,
};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2};
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use sudoku::format::{self, Format};
use sudoku::generate::{GenerateError, Generated, Generator, Symmetry};
use sudoku::logic::{Level, Technique};
use sudoku::rate::{Preset, Target};
use sudoku::Shape;

/// `rating=`: an SE preset's name, one rating, or an inclusive `(lo, hi)` range.
#[derive(FromPyObject)]
enum RatingArg {
    Range(f32, f32),
    Exact(f32),
    Name(String),
}

impl RatingArg {
    fn range(&self) -> PyResult<(f32, f32)> {
        let (lo, hi) = match self {
            RatingArg::Range(lo, hi) => (*lo, *hi),
            RatingArg::Exact(x) => (*x, *x),
            RatingArg::Name(s) => Preset::from_name(s.trim())
                .ok_or_else(|| {
                    value_error(format!(
                        "{s:?} is not a rating preset (easy, medium, hard, fiendish, \
                         diabolical); give a (lo, hi) range for others"
                    ))
                })?
                .se_range(),
        };
        if !(lo.is_finite() && hi.is_finite() && lo >= 0.0 && lo <= hi) {
            return Err(value_error(format!("({lo}, {hi}) is not a rating range")));
        }
        Ok((lo, hi))
    }
}

/// `require=`: one technique or a list of them, by name or code.
#[derive(FromPyObject)]
enum RequireArg {
    One(String),
    Many(Vec<String>),
}

fn techniques(req: Option<RequireArg>) -> PyResult<Vec<Technique>> {
    let names = match req {
        None => Vec::new(),
        Some(RequireArg::One(s)) => s.split(',').map(str::to_string).collect(),
        Some(RequireArg::Many(v)) => v,
    };
    names
        .iter()
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .map(|t| {
            Technique::from_name(t).ok_or_else(|| value_error(format!("unknown technique {t:?}")))
        })
        .collect()
}

/// What the keyword arguments of `generate` ask for.
struct Ask {
    start: u64,
    count: u64,
    gen: Generator,
    jobs: usize,
    /// `max_time=` as given (for the message), and the deadline it sets for the call.
    max_time: Option<f64>,
    deadline: Option<Instant>,
}

#[allow(clippy::too_many_arguments)]
fn build(
    start: u64,
    count: u64,
    seed: Option<u64>,
    size: Option<usize>,
    boxed: Option<BoxArg>,
    symmetry: Option<&str>,
    difficulty: Option<&str>,
    rating: Option<RatingArg>,
    require: Option<RequireArg>,
    minimal: bool,
    givens: Option<(usize, usize)>,
    jobs: usize,
    max_attempts: Option<usize>,
    max_time: Option<f64>,
    array: bool,
) -> PyResult<Ask> {
    // The whole call's time, from now (as `sudoku generate --max-time`).
    let deadline = deadline_after(max_time_arg(max_time)?);
    // An array's grids are uint8: its own limit, said in every refusal.
    let shape = if array {
        array_shape_arg(size, boxed.as_ref(), "generate")?
    } else {
        shape_arg(size, boxed.as_ref())?
    }
    .unwrap_or(Shape::NINE);
    let symmetry = match symmetry {
        None => Symmetry::None,
        Some(s) => s.parse::<Symmetry>().map_err(value_error)?,
    };
    let level = difficulty
        .map(|s| {
            Level::from_name(s).ok_or_else(|| {
                value_error(format!(
                    "unknown level {s:?}; use easy, medium, hard, unfair or extreme"
                ))
            })
        })
        .transpose()?;
    let target = Target {
        level,
        se: rating.map(|r| r.range()).transpose()?,
        require: techniques(require)?,
    };
    let mut gen = Generator::new(shape)
        .symmetry(symmetry)
        .minimal(minimal)
        .seed(seed.unwrap_or_else(sudoku::generate::random_seed));
    // As `sudoku generate`: without a range, the library's default for the size and
    // target (minimal up to 12x12).
    if let Some((lo, hi)) = givens {
        gen = gen.givens(lo..=hi.min(shape.cell_count()));
    }
    gen = gen.difficulty(target);
    if let Some(n) = max_attempts {
        gen = gen.max_attempts(n);
    }
    gen.check().map_err(value_error)?;
    let end = start
        .checked_add(count)
        .ok_or_else(|| value_error("start + count overflows"))?;
    Ok(Ask {
        start,
        count: end - start,
        gen,
        jobs,
        max_time,
        deadline,
    })
}

/// Makes the puzzles asked for, in order. The first failure ends the call: past
/// `max_time`, `TimeoutError` saying how many of how many were made (as `sudoku generate
/// --max-time` says it: a list silently short would be worse); a puzzle that
/// `max_attempts` attempts did not make, `RuntimeError` naming it.
fn run(py: Python<'_>, ask: &Ask) -> PyResult<Vec<Generated>> {
    let (made, count) = interruptible(py, |i| {
        let stop = i.stop_at(ask.deadline);
        let count = AtomicU64::new(0);
        let made: Result<Vec<Generated>, (u64, GenerateError)> = with_jobs(ask.jobs, || {
            (ask.start..ask.start + ask.count)
                .into_par_iter()
                .map(|i| {
                    let g = ask.gen.generate_until(i, &stop).map_err(|e| (i, e))?;
                    count.fetch_add(1, Ordering::Relaxed);
                    Ok(g)
                })
                .collect()
        })?;
        Ok::<_, PyErr>((made, count.into_inner()))
    })??;
    made.map_err(|(i, e)| match e {
        GenerateError::Stopped { .. } => PyTimeoutError::new_err(format!(
            "time limit reached ({} s): puzzles made: {count} of {}",
            ask.max_time.unwrap_or_default(),
            ask.count
        )),
        e => PyRuntimeError::new_err(format!("puzzle {}: {e}", i.saturating_add(1))),
    })
}

/// Declares a generating function: the keyword arguments both `generate` and
/// `generate_array` take, written once, turned into an [`Ask`] by [`build`] (`array`:
/// whether it makes uint8 arrays, whose sides stop at 255); the body gets `py` and the
/// `ask`.
macro_rules! generating_fn {
    ($(#[$doc:meta])* fn $name:ident<$lt:lifetime>($py:ident, $ask:ident, array = $array:expr) -> $ret:ty $body:block) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (count=1, seed=None, size=None, r#box=None, symmetry=None,
            difficulty=None, rating=None, require=None, minimal=false, *, givens=None,
            start=0, jobs=0, max_attempts=None, max_time=None))]
        #[allow(clippy::too_many_arguments)]
        fn $name<$lt>(
            $py: Python<$lt>,
            #[pyo3(from_py_with = crate::arg::count)] count: u64,
            #[pyo3(from_py_with = crate::arg::optional_seed)] seed: Option<u64>,
            #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
            r#box: Option<BoxArg>,
            symmetry: Option<&str>,
            difficulty: Option<&str>,
            rating: Option<RatingArg>,
            require: Option<RequireArg>,
            minimal: bool,
            #[pyo3(from_py_with = crate::arg::givens)] givens: Option<(usize, usize)>,
            #[pyo3(from_py_with = crate::arg::start)] start: u64,
            #[pyo3(from_py_with = crate::arg::jobs)] jobs: usize,
            #[pyo3(from_py_with = crate::arg::max_attempts)] max_attempts: Option<usize>,
            max_time: Option<f64>,
        ) -> PyResult<$ret> {
            let $ask = build(
                start, count, seed, size, r#box, symmetry, difficulty, rating, require,
                minimal, givens, jobs, max_attempts, max_time, $array,
            )?;
            $body
        }
    };
}

/// Two `(count, cells)` uint8 arrays: puzzles and solutions.
type Arrays<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray2<u8>>);

generating_fn! {
    /// Makes `count` puzzles with a unique solution, as one-line strings, on every core
    /// (`jobs`); the same `seed` gives the same puzzles whatever `jobs`. Puzzle `i` of a seed
    /// is always the same: `start` skips to it, so chunks made apart join up.
    /// `max_attempts` solution grids are tried a puzzle (`RuntimeError` past them);
    /// `max_time` seconds bound the whole call (`TimeoutError` past them, saying how many
    /// puzzles were made), as `sudoku generate --max-attempts/--max-time`.
    fn generate<'py>(py, ask, array = false) -> Vec<String> {
        run(py, &ask)?
            .iter()
            .map(|g| format::write_grid(&g.puzzle, Format::Line).map_err(value_error))
            .collect()
    }
}

generating_fn! {
    /// As `generate`, as two `(count, cells)` uint8 arrays: puzzles (0 = empty) and their
    /// solutions.
    fn generate_array<'py>(py, ask, array = true) -> Arrays<'py> {
        let shape = ask.gen.shape();
        let made = run(py, &ask)?;
        let cells = shape.cell_count();
        let to_array = |pick: fn(&Generated) -> &sudoku::Grid| {
            let values: Vec<u8> = made
                .iter()
                .flat_map(|g| pick(g).values().iter().map(|&v| v as u8))
                .collect();
            Array2::from_shape_vec((made.len(), cells), values)
                .expect("count × cells values")
                .into_pyarray(py)
        };
        Ok((to_array(|g| &g.puzzle), to_array(|g| &g.solution)))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(generate_array, m)?)?;
    Ok(())
}
