//! leptonica's formats (docs/formats.md): a file of `#` comment lines and blank lines,
//! then 9 lines of 9 whitespace-separated integers (`0` empty); and `sudokuReadString`'s
//! 81 digits each followed by a space, one puzzle per line. Unlike leptonica, out-of-range
//! numbers are errors at read time (a grid cannot hold them). Other sizes read as
//! [`super::matrix`]; only 9x9 is written.

use super::source::Source;
use super::{Format, ParseError, Puzzle, ReadOptions, WriteError};
use crate::grid::Grid;
use std::io::BufRead;

pub(crate) fn read<R: BufRead>(
    src: &mut Source<R>,
    opts: &ReadOptions,
) -> Option<Result<Puzzle, ParseError>> {
    let line = match src.next_significant()? {
        Ok(l) => l,
        Err(e) => return Some(Err(e)),
    };
    let tokens = line.text.split_whitespace().count();
    if tokens >= 16 && super::line::side_of_len(tokens).is_some() {
        return Some(
            super::line::parse_record(&line.text, opts)
                .map(|p| Puzzle { line: line.no, ..p })
                .map_err(|e| e.located(&src.name, line.no)),
        );
    }
    src.push_back(line);
    super::matrix::read(src, opts)
}

/// Writes a 9x9 grid as 9 lines of 9 numbers, `0` empty.
pub fn write(grid: &Grid) -> Result<String, WriteError> {
    if grid.shape().side() != 9 {
        return Err(WriteError::new(Format::Leptonica, "grids other than 9x9"));
    }
    Ok(super::matrix::write(grid))
}

/// Writes a 9x9 grid as `sudokuReadString` reads it: 81 digits, each followed by a space.
pub fn write_string(grid: &Grid) -> Option<String> {
    grid.shape()
        .is_nine()
        .then(|| grid.values().iter().map(|v| format!("{v} ")).collect())
}
