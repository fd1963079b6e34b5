//! The classic programs' format (docs/formats.md): 9 lines of exactly 9 characters,
//! `1`-`9` clues and every other character (`.`, `0`, `-`, `_`, `x`, space) empty; `\r`
//! stripped; when any row of a grid shows a blank among its cells, its short rows are
//! padded with blanks (editors cut trailing blanks), else a short row is an error with its
//! line and column; trailing blanks past the ninth character are dropped; lines after the
//! ninth start the next puzzle. Smaller grids work the same way (4, 6 or 8 characters a
//! line, from the first row). Blank lines and `#` lines between puzzles are skipped, and a
//! `%` line before one (Kennett's compact format) gives its title.

use super::source::Source;
use super::{Format, ParseError, ParseErrorKind, Puzzle, ReadOptions, WriteError};
use crate::grid::Grid;
use crate::index::{Cell, Digit};
use std::io::BufRead;

pub(crate) fn read<R: BufRead>(
    src: &mut Source<R>,
    opts: &ReadOptions,
) -> Option<Result<Puzzle, ParseError>> {
    let mut title = None;
    let first = loop {
        match src.next_line()? {
            Err(e) => return Some(Err(e)),
            Ok(l) if l.text.is_empty() || l.text.starts_with('#') => continue,
            Ok(l) if l.text.starts_with('%') => {
                let t = l.text[1..].trim();
                title = (!t.is_empty()).then(|| t.to_string());
            }
            Ok(l) => break l,
        }
    };
    let len = first.text.chars().count();
    let n = match opts.shape {
        Some(s) => s.side(),
        None if matches!(len, 4 | 6 | 8) => len,
        None => 9,
    };
    let shape = opts.shape_for(n).expect("4, 6, 8 and 9 have boxes");
    let mut grid = Grid::empty(shape);
    let mut err = None;
    // Every row first: whether the grid uses blanks for empty cells is decided over all
    // of its rows (docs/formats.md, classic), whichever row shows the first blank.
    let mut rows = vec![first.clone()];
    for r in 1..n {
        let prev = rows[r - 1].no;
        match src.next_row(prev, r, false, || format!("{n} lines of {n} characters")) {
            Ok(l) => rows.push(l),
            Err(e) => return Some(Err(e)),
        }
    }
    let cells: Vec<Vec<char>> = rows
        .iter()
        .map(|line| {
            // Blanks past the row's end are dropped (editors and `printf` leave them).
            let mut chars: Vec<char> = line.text.chars().collect();
            if chars.len() > n && chars[n..].iter().all(|c| c.is_whitespace()) {
                chars.truncate(n);
            }
            chars
        })
        .collect();
    // A grid that shows blanks as empty cells lost the last ones of a short row to an
    // editor: it is padded. A grid of `.` or `0` has no such excuse: a short row is an
    // error, never a guess.
    let blanks = cells.iter().any(|c| c.contains(&' '));
    for (r, (line, mut chars)) in rows.iter().zip(cells).enumerate() {
        if let Some((col, kind)) = super::stray_char(&line.text, 0) {
            err = Some(src.err(line.no, col, kind));
            break;
        }
        if chars.len() < n && blanks {
            chars.resize(n, ' ');
        }
        if chars.len() != n {
            err = Some(src.err(
                line.no,
                chars.len().min(n) + 1,
                ParseErrorKind::Length {
                    expected: format!("{n} characters in this row"),
                    found: chars.len(),
                },
            ));
            break;
        }
        for (c, &ch) in chars.iter().enumerate() {
            if let Some(v) = ch.to_digit(10).filter(|&v| v >= 1) {
                let v = v as usize;
                if v > n {
                    err = Some(src.err(
                        line.no,
                        c + 1,
                        ParseErrorKind::BadChar {
                            ch,
                            expected: format!("a digit 1-{n}, or any other character for empty"),
                        },
                    ));
                    break;
                }
                grid.set_given(Cell::new(r * n + c), Digit::new(v));
            }
        }
        if err.is_some() {
            break;
        }
    }
    if let Some(e) = err {
        return Some(Err(e));
    }
    let mut p = Puzzle {
        line: first.no,
        ..Puzzle::new(grid)
    };
    p.info.title = title;
    Some(Ok(p))
}

/// Writes `n` lines of `n` characters, `.` empty (grids up to 9x9).
pub fn write(grid: &Grid) -> Result<String, WriteError> {
    let n = grid.shape().side();
    if n > 9 {
        return Err(WriteError::new(Format::Classic, "grids larger than 9x9"));
    }
    Ok(super::sdk::rows(grid))
}

/// Writes Kennett's compact format, as Debian's `sudoku` reads it: a `%` line (the title,
/// if any), then 9 lines of 9 characters with `.` empty. 9x9 only.
pub fn write_kennett(p: &Puzzle) -> Result<String, WriteError> {
    if p.shape().side() != 9 {
        return Err(WriteError::new(Format::Kennett, "grids other than 9x9"));
    }
    let title = p.info.title.as_deref().unwrap_or("").replace('\n', " ");
    Ok(format!("%{title}\n{}", super::sdk::rows(&p.grid)))
}
