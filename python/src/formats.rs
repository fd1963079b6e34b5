//! `canonical`, `transform`, `read`, `write`: the library's formats, canonical forms and
//! seeded isomorphs.

use crate::{
    describe, format_arg, interruptible, line_like, value_error, with_jobs, BoxArg, Input,
};
use pyo3::exceptions::{
    PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError, PyTypeError,
};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::path::PathBuf;
use sudoku::canonical;
use sudoku::format::{self, Alphabet, Format, Puzzle, Reader, Utf16Aware};
use sudoku::transform::Transform;

/// The canonical form of a puzzle of any shape, as `sudoku canonical` prints it (for 9x9
/// the minlex form, 81 characters with `0` for empty; otherwise the refined form in the
/// line format): equivalent puzzles give the same line. Clashing givens still have a
/// form; they raise a `UserWarning` naming the clashes, as `sudoku canonical` reports
/// them on stderr.
#[pyfunction]
#[pyo3(signature = (puzzle, *, size=None, r#box=None, format=None))]
#[pyo3(name = "canonical")]
fn py_canonical(
    py: Python<'_>,
    puzzle: &str,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<String> {
    let p = Input::new(size, r#box.as_ref(), format)?.parse_py(puzzle)?;
    let line = py
        .detach(|| canonical::form(&p.grid))
        .map(|c| c.line)
        .map_err(value_error)?;
    if let Some(message) = clashes(&p) {
        user_warning(py, message)?;
    }
    Ok(line)
}

/// What `sudoku canonical` reports of `p`'s clashing givens, if it has any.
fn clashes(p: &Puzzle) -> Option<String> {
    let conflicts = p.grid.conflicts();
    (!conflicts.is_empty())
        .then(|| sudoku::solve::Outcome::Invalid(conflicts).message(p.notation()))
}

/// Raises `message` as a `UserWarning` (an error only where warnings are made errors).
fn user_warning(py: Python<'_>, message: String) -> PyResult<()> {
    let message = std::ffi::CString::new(message).map_err(value_error)?;
    let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
    PyErr::warn(py, category.as_any(), &message, 1)
}

/// `canonical` of many puzzles (any iterable of strings) on `jobs` threads (0 = every core), in order; a
/// `UserWarning` for each with clashing givens.
#[pyfunction]
#[pyo3(signature = (puzzles, jobs=0, *, size=None, r#box=None, format=None))]
fn canonical_batch(
    py: Python<'_>,
    #[pyo3(from_py_with = crate::arg::puzzles)] puzzles: Vec<String>,
    #[pyo3(from_py_with = crate::arg::jobs)] jobs: usize,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<Vec<String>> {
    let input = Input::new(size, r#box.as_ref(), format)?;
    type Form = (String, Option<String>);
    let forms: Vec<Result<Form, String>> = interruptible(py, |i| {
        with_jobs(jobs, || {
            puzzles
                .par_iter()
                .map(|t| {
                    // A form is not cut short: an interrupt skips the rest (and the answer
                    // is thrown away).
                    if i.reached() {
                        return Err(String::new());
                    }
                    let p = input.parse(t)?;
                    canonical::form(&p.grid)
                        .map(|c| (c.line, clashes(&p)))
                        .map_err(|e| e.to_string())
                })
                .collect()
        })
    })??;
    let mut lines = Vec::with_capacity(forms.len());
    // Puzzles counted from 1 in every message, as in every other call.
    for (n, form) in (1..).zip(forms) {
        let (line, clash) = form.map_err(|e| value_error(format!("puzzle {n}: {e}")))?;
        if let Some(message) = clash {
            user_warning(py, format!("puzzle {n}: {message}"))?;
        }
        lines.push(line);
    }
    Ok(lines)
}

/// A random isomorph of `puzzle` (relabelled digits, bands, rows, stacks, columns, maybe
/// transposed), the same for the same `seed`: one line in the puzzle's symbols.
#[pyfunction]
#[pyo3(signature = (puzzle, seed, *, size=None, r#box=None, format=None))]
fn transform(
    puzzle: &str,
    #[pyo3(from_py_with = crate::arg::seed)] seed: u64,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    format: Option<&str>,
) -> PyResult<String> {
    let p = Input::new(size, r#box.as_ref(), format)?.parse_py(puzzle)?;
    let moved = Transform::seeded(p.shape(), seed).apply(&p.grid);
    Ok(line_like(&moved, p.alphabet))
}

/// `read`'s argument: a path, or the text itself.
enum Source {
    Text(String),
    Path(PathBuf),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Source {
    type Error = PyErr;

    /// A string or a path (`os.PathLike`); anything else in one sentence (pyo3's derived
    /// message listed both variants' failures, with `Source::Text.0` in it).
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Source> {
        if let Ok(s) = obj.extract::<String>() {
            return Ok(Source::Text(s));
        }
        if obj.hasattr("__fspath__")? {
            return obj.extract::<PathBuf>().map(Source::Path);
        }
        let kind = obj
            .get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string());
        Err(PyTypeError::new_err(format!(
            "path_or_text must be a str (a puzzle text, or the path of a file) or an \
             os.PathLike path, not {kind}"
        )))
    }
}

/// One puzzle as a string that reads back the same: one line, or a Sukaku candidates line
/// when it carries pencil marks, or a JSON line when those are marks Sukaku can't hold (a
/// cell with one candidate that would read back as a given).
fn as_text(p: &Puzzle) -> String {
    if p.marks.is_some() {
        if let Ok(s) = format::write(p, Format::Sukaku).or_else(|_| format::write(p, Format::Json))
        {
            return s.trim_end().to_string();
        }
    }
    crate::puzzle_line(p)
}

/// Every puzzle in a file (a path, or a string naming an existing file) or in a text, in
/// any format (detected unless `format=`), as one-line strings. A bad record raises
/// `ValueError` with the CLI's `source:line:col: message`.
#[pyfunction]
#[pyo3(signature = (path_or_text, *, format=None, size=None, r#box=None))]
fn read(
    py: Python<'_>,
    path_or_text: Source,
    format: Option<&str>,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
) -> PyResult<Vec<String>> {
    let input = Input::new(size, r#box.as_ref(), format)?;
    let mut path_like = None;
    let (name, text) = match path_or_text {
        Source::Path(p) => (p.display().to_string(), file_text(&p)?),
        Source::Text(t) => {
            let p = PathBuf::from(&t);
            let one_line = !t.contains('\n') && !t.is_empty() && t.len() < 4096;
            if one_line && p.exists() {
                (t.clone(), file_text(&p)?)
            } else {
                if one_line && looks_like_path(&t) {
                    path_like = Some(p);
                }
                ("<string>".to_string(), t)
            }
        }
    };
    let read = interruptible(py, |i| {
        let mut out = Vec::new();
        for record in Reader::new(text.as_bytes(), &name, input.opts.clone()) {
            // An interrupt ends the reading (the answer is thrown away).
            if i.reached() {
                break;
            }
            match record {
                Ok(p) => out.push(as_text(&p)),
                Err(e) if e.is_skip() => {}
                Err(e) => return Err(describe(&e)),
            }
        }
        if out.is_empty() {
            return Err(format!("{name}: no puzzle found"));
        }
        Ok(out)
    })?;
    match (read, path_like) {
        (Ok(out), _) => Ok(out),
        // `read("bank.sdk")` with no such file was read as a puzzle and failed on its
        // first character: a missing file is said as one.
        (Err(_), Some(p)) => Err(file_text(&p).expect_err("the path does not exist")),
        (Err(why), None) => Err(value_error(why)),
    }
}

/// Whether a one-line text that is no puzzle was meant as a file's path: it has a path
/// separator (no puzzle line has one) or ends with the extension of a puzzle file.
fn looks_like_path(t: &str) -> bool {
    const EXTENSIONS: [&str; 11] = [
        ".txt",
        ".sdk",
        ".sdm",
        ".ss",
        ".pm",
        ".json",
        ".jsonl",
        ".csv",
        ".xml",
        ".opensudoku",
        ".hdk",
    ];
    let lower = t.to_ascii_lowercase();
    t.contains(['/', '\\']) || EXTENSIONS.iter().any(|e| lower.ends_with(e))
}

/// A file's text; a file that can't be read raises the `OSError` Python would
/// (`FileNotFoundError`, `IsADirectoryError`, `PermissionError`) with the path in its
/// message, one that is not UTF-8 (nor UTF-16 with its mark) `ValueError`.
fn file_text(path: &std::path::Path) -> PyResult<String> {
    let bytes = std::fs::read(path).map_err(|e| {
        let message = format!("{}: cannot open: {e}", path.display());
        match e.kind() {
            std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
            std::io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(message),
            std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
            _ => PyOSError::new_err(message),
        }
    })?;
    // UTF-16 with its byte-order mark is decoded first, as the CLI reads it.
    let mut decoded = Vec::with_capacity(bytes.len());
    std::io::Read::read_to_end(&mut Utf16Aware::new(&bytes[..]), &mut decoded)
        .expect("reading from memory cannot fail");
    String::from_utf8(decoded)
        .map_err(|e| value_error(format!("{}: not UTF-8 text: {e}", path.display())))
}

/// The puzzles (any iterable of strings in any format) written in `format` (line, boxed, sdk, ss, pm,
/// hodoku, sukaku, opensudoku, matrix, classic, kennett, leptonica, pipe, json) as one text;
/// `alphabet` (standard, hex, letters) sets the symbols of the one-character formats, as
/// `sudoku convert --to-alphabet` does.
#[pyfunction]
#[pyo3(signature = (puzzles, format="line", *, size=None, r#box=None, alphabet=None))]
fn write(
    #[pyo3(from_py_with = crate::arg::puzzles)] puzzles: Vec<String>,
    format: &str,
    #[pyo3(from_py_with = crate::arg::size)] size: Option<usize>,
    r#box: Option<BoxArg>,
    alphabet: Option<&str>,
) -> PyResult<String> {
    let to = format_arg(Some(format))?.expect("a format");
    let alphabet = alphabet
        .map(|a| a.parse::<Alphabet>().map_err(value_error))
        .transpose()?;
    if let Some(a) = alphabet {
        to.check_alphabet(a)
            .map_err(|why| value_error(format!("alphabet: {why}")))?;
    }
    let input = Input::new(size, r#box.as_ref(), None)?;
    let mut w = format::StreamWriter::new(to);
    let mut out = String::new();
    for (n, t) in (1..).zip(&puzzles) {
        let mut p = input
            .parse(t)
            .map_err(|e| value_error(format!("puzzle {n}: {e}")))?;
        if let Some(a) = alphabet {
            p.respell(a)
                .map_err(|e| value_error(format!("puzzle {n}: {e}")))?;
        }
        out += &w.record(&p).map_err(value_error)?;
    }
    out += &w.finish();
    Ok(out)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_canonical, m)?)?;
    m.add_function(wrap_pyfunction!(canonical_batch, m)?)?;
    m.add_function(wrap_pyfunction!(transform, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(write, m)?)?;
    Ok(())
}
