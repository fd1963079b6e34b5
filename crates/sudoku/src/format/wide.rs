//! The 64x64 layout of shnarazk/sudoku_sat's `sudoku64.txt` (docs/formats.md): 64 rows of
//! 64 characters, one a cell, a blank for an empty cell, each row perhaps ending in a
//! literal `\n` (the two characters, left over from a string constant). Its alphabet,
//! case-sensitive: `A-Z` (1..=26), `a-z` without `l` (27..=51), `1-9` (52..=60), then
//! `#`, `?`, `+`, `$` (61..=64). Read only: answers are written like every grid past
//! 35x35, in numbers.

use super::source::{Line, Source};
use super::{ParseError, ParseErrorKind, ReadOptions};
use crate::grid::Grid;
use crate::index::{Cell, Digit};
use std::io::BufRead;

/// The side of the grids in this layout.
pub(crate) const SIDE: usize = 64;

/// The 1-based value of `ch` in the 64-symbol alphabet.
pub(crate) fn value(ch: char) -> Option<usize> {
    match ch {
        'A'..='Z' => Some(ch as usize - 'A' as usize + 1),
        'a'..='k' => Some(ch as usize - 'a' as usize + 27),
        'm'..='z' => Some(ch as usize - 'm' as usize + 38),
        '1'..='9' => Some(ch as usize - '1' as usize + 52),
        '#' => Some(61),
        '?' => Some(62),
        '+' => Some(63),
        '$' => Some(64),
        _ => None,
    }
}

/// The cells of a row in this layout: the text without its literal `\n` (and `\r`), when
/// that is 64 characters of the alphabet and blanks, and the row shows it is one of
/// these (the literal `\n`, or a symbol no other one-character alphabet has: a lower
/// case letter or one of `#?+$`). `None` for any other line.
pub(crate) fn row_cells(text: &str) -> Option<Vec<char>> {
    let t = text.trim_end_matches('\r');
    let (body, marked) = match t.strip_suffix("\\n") {
        Some(b) => (b, true),
        None => (t, false),
    };
    // No row of 64 characters is longer than 256 bytes: a giant grid's line of numbers
    // (megabytes) is turned down before its characters are collected.
    if body.len() > SIDE * 4 {
        return None;
    }
    let cells: Vec<char> = body.chars().collect();
    let ok = cells.len() == SIDE
        && cells.iter().all(|&c| c == ' ' || value(c).is_some())
        && cells.iter().any(|&c| c != ' ');
    let own = marked
        || cells
            .iter()
            .any(|&c| c.is_ascii_lowercase() || matches!(c, '#' | '?' | '+' | '$'));
    (ok && own && cells.contains(&' ')).then_some(cells)
}

/// Whether the first significant lines of a file are rows of this layout.
pub(crate) fn looks_like(lines: &[String]) -> bool {
    !lines.is_empty() && lines.iter().all(|l| row_cells(l).is_some())
}

/// Reads the 64 rows starting with `first` (a row of this layout) into a grid of givens.
/// A row cut short or a symbol outside the alphabet is an error at its line and column.
pub(crate) fn read_grid<R: BufRead>(
    src: &mut Source<R>,
    first: Line,
    opts: &ReadOptions,
) -> Result<Grid, ParseError> {
    let shape = opts.shape_for(SIDE).ok_or_else(|| {
        src.err(
            first.no,
            0,
            ParseErrorKind::Invalid("this 64x64 layout needs 8x8 boxes".into()),
        )
    })?;
    let mut grid = Grid::empty(shape);
    let mut line = first;
    for r in 0..SIDE {
        if r > 0 {
            line = src.next_row(line.no, r, false, || format!("{SIDE} rows"))?;
        }
        let t = line.text.trim_end_matches('\r');
        let body = t.strip_suffix("\\n").unwrap_or(t);
        if let Some((col, kind)) = super::stray_char(body, 0) {
            return Err(src.err(line.no, col, kind));
        }
        let mut count = 0;
        for (c, ch) in body.chars().enumerate() {
            count += 1;
            if c >= SIDE || ch == ' ' {
                continue;
            }
            match value(ch) {
                Some(v) => grid.set_given(Cell::new(r * SIDE + c), Digit::new(v)),
                None => {
                    return Err(src.err(
                        line.no,
                        c + 1,
                        ParseErrorKind::BadChar {
                            ch,
                            expected: "a symbol of the 64-symbol alphabet (A-Z, a-z but l, \
                                       1-9, #?+$) or a blank for empty"
                                .into(),
                        },
                    ))
                }
            }
        }
        if count != SIDE {
            return Err(src.err(
                line.no,
                count.min(SIDE) + 1,
                ParseErrorKind::Length {
                    expected: format!("{SIDE} cells in this row"),
                    found: count,
                },
            ));
        }
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_alphabet_has_64_distinct_symbols() {
        let syms: Vec<char> = ('A'..='Z')
            .chain(('a'..='z').filter(|&c| c != 'l'))
            .chain('1'..='9')
            .chain("#?+$".chars())
            .collect();
        let vals: Vec<usize> = syms.iter().map(|&c| value(c).unwrap()).collect();
        assert_eq!(vals, (1..=64).collect::<Vec<_>>());
        assert_eq!(value('l'), None);
        assert_eq!(value('0'), None);
        assert_eq!(value('.'), None);
    }

    #[test]
    fn rows_of_other_layouts_are_not_taken() {
        // An 8x8 puzzle on one line: 64 characters, but `.` and no blank.
        let line8 = "1.3.....".repeat(8);
        assert!(row_cells(&line8).is_none());
        let row = format!("{}\\n", "aB ".repeat(21) + "c");
        assert_eq!(row_cells(&row).map(|c| c.len()), Some(64));
        assert!(row_cells(&row[..row.len() - 3]).is_none());
    }
}
