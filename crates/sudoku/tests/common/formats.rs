//! What the format tests share (`formats.rs`, `format_errors.rs`): the examples of
//! docs/formats.md, the samples of `testdata/formats/`, and readers of a text.

use sudoku::format::{Format, ParseError, Puzzle, ReadOptions, Reader};
use sudoku::Grid;

/// The puzzle of docs/formats.md (SudoCue's example).
pub const EX: &str =
    "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";
/// The classic program's first example, 2.9 a (also leptonica's, 2.9 b).
pub const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The text of `testdata/formats/<path>`.
pub fn data(path: &str) -> String {
    super::testdata(&format!("formats/{path}"))
}

/// Every record of `text`, read as `format` (`None`: detected).
pub fn read(text: &str, format: Option<Format>) -> Vec<Result<Puzzle, ParseError>> {
    Reader::new(
        text.as_bytes(),
        "t",
        ReadOptions {
            format,
            ..Default::default()
        },
    )
    .collect()
}

/// [`read`], every record a puzzle.
pub fn read_ok(text: &str, format: Option<Format>) -> Vec<Puzzle> {
    read(text, format)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The one puzzle of `text`.
pub fn one(text: &str, format: Option<Format>) -> Puzzle {
    let mut all = read_ok(text, format);
    assert_eq!(all.len(), 1, "expected one puzzle");
    all.pop().unwrap()
}

/// A 9x9 from its 81-character line.
pub fn g(line: &str) -> Grid {
    Grid::from_line(line).unwrap()
}

/// The line and column of a record read as an error.
pub fn err_at(r: &Result<Puzzle, ParseError>) -> (usize, usize) {
    let e = r.as_ref().expect_err("an error");
    (e.line, e.col)
}
