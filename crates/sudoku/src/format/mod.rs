//! Reading and writing puzzles in every common format.
//!
//! * [`Reader`] streams [`Puzzle`]s out of any `BufRead` (a file of millions of lines keeps
//!   memory flat), detecting the format unless [`ReadOptions::format`] forces one. A bad
//!   record yields a [`ParseError`] naming line and column, and reading goes on with the
//!   next record.
//! * [`write`] renders a puzzle in any [`Format`].
//!
//! Depends on [`crate::grid`] only: no solver is ever called from here.

pub mod boxed;
pub mod line;

pub use line::{parse_line, Alphabet};

use crate::grid::{Candidates, Grid};
use crate::shape::Shape;
use std::fmt;
use std::io::BufRead;

/// The formats we read and write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One puzzle per line, `n²` characters (`.sdm`, `.txt` collections).
    Line,
    /// A readable boxed grid (`+-------+` frames, `|` between boxes), for people.
    Boxed,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: &'static [Format] = &[Format::Line, Format::Boxed];

    /// The name used by `--format` and `--to`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Boxed => "boxed",
        }
    }
    /// The format named `name` (as [`Format::name`] gives, or a common alias).
    pub fn from_name(name: &str) -> Option<Format> {
        let lower = name.to_ascii_lowercase();
        Format::ALL.iter().copied().find(|f| f.name() == lower).or(match lower.as_str() {
            "sdm" | "txt" | "81" => Some(Format::Line),
            "grid" | "pretty" => Some(Format::Boxed),
            _ => None,
        })
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a file says about a puzzle besides its cells (`.sdk` headers, OpenSudoku
/// attributes, a rating after the line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub title: Option<String>,
    pub author: Option<String>,
    pub description: Option<String>,
    pub comment: Option<String>,
    pub date: Option<String>,
    pub source: Option<String>,
    pub level: Option<String>,
    pub url: Option<String>,
}

/// One puzzle as read from a file: the grid (givens, and any digits placed since), the
/// pencil marks if the file had them, and what else it said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub grid: Grid,
    pub marks: Option<Candidates>,
    pub info: Info,
    /// 1-based line where the record starts in its source.
    pub line: usize,
}

impl Puzzle {
    /// A puzzle of this grid, with nothing else known.
    pub fn new(grid: Grid) -> Puzzle {
        Puzzle { grid, marks: None, info: Info::default(), line: 0 }
    }
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }
}

/// What went wrong in the input, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// File name, or `<stdin>`; empty when parsing a string.
    pub source: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters); 0 when the error is about a whole line or record.
    pub col: usize,
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A character that is neither a digit of the grid nor an empty marker.
    BadChar { ch: char, expected: String },
    /// A line or record with the wrong number of cells.
    Length { expected: String, found: usize },
    /// A number out of range, a missing section, …: said in words.
    Invalid(String),
    /// Reading failed (an I/O error, or bytes that are not UTF-8).
    Io(String),
}

impl ParseError {
    pub fn at(line: usize, col: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { source: String::new(), line, col, kind }
    }
    /// The same error, moved to start at `line` (1-based) of `source`.
    pub fn located(mut self, source: &str, first_line: usize) -> ParseError {
        self.source = source.to_string();
        self.line += first_line - 1;
        self
    }
    /// The message without the location.
    pub fn message(&self) -> String {
        match &self.kind {
            ParseErrorKind::BadChar { ch, expected } => {
                format!("unexpected character {ch:?}, expected {expected}")
            }
            ParseErrorKind::Length { expected, found } => {
                format!("expected {expected}, found {found}")
            }
            ParseErrorKind::Invalid(s) | ParseErrorKind::Io(s) => s.clone(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.source.is_empty() {
            write!(f, "{}:", self.source)?;
        }
        write!(f, "{}:", self.line)?;
        if self.col > 0 {
            write!(f, "{}:", self.col)?;
        }
        write!(f, " {}", self.message())
    }
}

impl std::error::Error for ParseError {}

/// How to read: forced format, shape and alphabet (all detected when `None`).
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    pub format: Option<Format>,
    pub shape: Option<Shape>,
    pub alphabet: Option<Alphabet>,
}

/// Streams puzzles out of text, one record at a time.
///
/// ```
/// use sudoku::format::{Reader, ReadOptions};
/// let text = "1234341221434321\n# a comment\n12.4.4122143432x\n";
/// let got: Vec<_> = Reader::new(text.as_bytes(), "mem", ReadOptions::default()).collect();
/// assert!(got[0].is_ok());
/// let err = got[1].as_ref().unwrap_err();
/// assert_eq!((err.line, err.col), (3, 16));
/// ```
pub struct Reader<R> {
    input: R,
    source: String,
    opts: ReadOptions,
    line_no: usize,
    buf: String,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`, whose errors name `source` (a file name, or `<stdin>`).
    pub fn new(input: R, source: &str, opts: ReadOptions) -> Reader<R> {
        Reader { input, source: source.to_string(), opts, line_no: 0, buf: String::new() }
    }

    fn next_line(&mut self) -> Option<Result<(), ParseError>> {
        self.buf.clear();
        match self.input.read_line(&mut self.buf) {
            Ok(0) => None,
            Ok(_) => {
                self.line_no += 1;
                Some(Ok(()))
            }
            Err(e) => {
                self.line_no += 1;
                Some(Err(ParseError::at(self.line_no, 0, ParseErrorKind::Io(e.to_string()))
                    .located(&self.source, 1)))
            }
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.next_line()? {
                Err(e) => return Some(Err(e)),
                Ok(()) => {}
            }
            let text = self.buf.trim_end_matches(['\r', '\n']);
            if text.trim().is_empty() || text.starts_with('#') {
                continue;
            }
            let line = self.line_no;
            return Some(
                line::parse_line_with(text, self.opts.shape, self.opts.alphabet)
                    .map(|grid| Puzzle { line, ..Puzzle::new(grid) })
                    .map_err(|e| e.located(&self.source, line)),
            );
        }
    }
}

/// Reads every puzzle in `text` (a convenience over [`Reader`]).
pub fn read_str(text: &str, opts: ReadOptions) -> Vec<Result<Puzzle, ParseError>> {
    Reader::new(text.as_bytes(), "", opts).collect()
}

/// Why a puzzle can't be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {format} format cannot hold {what}")]
pub struct WriteError {
    pub format: Format,
    pub what: String,
}

/// Renders `puzzle` in `format`. Single-line formats end without a newline; multi-line ones
/// end with one.
pub fn write(puzzle: &Puzzle, format: Format) -> Result<String, WriteError> {
    match format {
        Format::Line => Ok(line::write_line(&puzzle.grid)),
        Format::Boxed => Ok(boxed::write_boxed(&puzzle.grid)),
    }
}

/// Renders a bare grid in `format`.
pub fn write_grid(grid: &Grid, format: Format) -> Result<String, WriteError> {
    write(&Puzzle::new(grid.clone()), format)
}
