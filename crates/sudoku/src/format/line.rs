//! The one-line format: `n²` cell characters, row-major (2.1 and 2.8 of FORMATS.md).
//!
//! Alphabets: up to 9x9 `1-9`; up to 35 `1-9` then `A-Z` (the web and print convention, so
//! 16x16 uses `1-9A-G`); hex `0-F` for 16x16 when `0` is a digit; `A-Y` for 25x25. Empty
//! cells are `.` or `0` (when `0` is not a digit), or Sudopedia's "one other character".

use super::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::shape::Shape;

/// How symbols map to digits in one-line and character-grid formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// `1-9`, then `A-Z` (10..=35); `0` and `.` are empty. The default.
    Standard,
    /// `0-9A-F` for 16x16 (value = symbol + 1); only `.` is empty.
    Hex,
    /// `A-Z` (1..=26), e.g. `A-Y` for 25x25 or `A-P` for 16x16; `.` and `0` are empty.
    Letters,
}

impl Alphabet {
    /// The digit value (1-based) of `ch`, or `None` if `ch` is no digit of this alphabet.
    pub fn value(self, ch: char) -> Option<usize> {
        let up = ch.to_ascii_uppercase();
        match self {
            Alphabet::Standard => match up {
                '1'..='9' => Some(up as usize - '0' as usize),
                'A'..='Z' => Some(up as usize - 'A' as usize + 10),
                _ => None,
            },
            Alphabet::Hex => match up {
                '0'..='9' => Some(up as usize - '0' as usize + 1),
                'A'..='F' => Some(up as usize - 'A' as usize + 11),
                _ => None,
            },
            Alphabet::Letters => match up {
                'A'..='Z' => Some(up as usize - 'A' as usize + 1),
                _ => None,
            },
        }
    }
    /// The symbol for 1-based digit value `v`.
    pub fn symbol(self, v: usize) -> Option<char> {
        match self {
            Alphabet::Standard => match v {
                1..=9 => Some((b'0' + v as u8) as char),
                10..=35 => Some((b'A' + (v - 10) as u8) as char),
                _ => None,
            },
            Alphabet::Hex => match v {
                1..=10 => Some((b'0' + (v - 1) as u8) as char),
                11..=16 => Some((b'A' + (v - 11) as u8) as char),
                _ => None,
            },
            Alphabet::Letters => match v {
                1..=26 => Some((b'A' + (v - 1) as u8) as char),
                _ => None,
            },
        }
    }
    /// Whether `ch` marks an empty cell in this alphabet.
    pub fn is_empty_marker(self, ch: char) -> bool {
        match self {
            Alphabet::Hex => ch == '.',
            _ => ch == '.' || ch == '0',
        }
    }
    /// The alphabet a grid of side `n` is written in by default.
    pub fn default_for(side: usize) -> Option<Alphabet> {
        match side {
            0..=35 => Some(Alphabet::Standard),
            _ => None,
        }
    }
    /// Picks an alphabet for a line of cells of side `side`, as FORMATS.md 2.8 says:
    /// letters beyond `G` in a 16x16 line → standard; `0` used while `.` marks empties → hex;
    /// a 25x25 line of `A-Y` with no digits → letters.
    pub fn detect(side: usize, cells: &str) -> Alphabet {
        let has_digit = cells.chars().any(|c| c.is_ascii_digit() && c != '0');
        let has_zero = cells.contains('0');
        let has_dot = cells.contains('.');
        if side == 16 && has_zero && has_dot && !cells.chars().any(|c| c.eq_ignore_ascii_case(&'g')) {
            return Alphabet::Hex;
        }
        if side > 9 && !has_digit && cells.chars().any(|c| c.is_ascii_alphabetic()) {
            // Letters only: `A-Y` for 25x25 and `A-P` for 16x16.
            let max = cells.chars().filter_map(|c| Alphabet::Standard.value(c)).max().unwrap_or(0);
            if max > side || side == 25 || side == 16 && max <= 25 {
                return Alphabet::Letters;
            }
        }
        Alphabet::Standard
    }
}

/// Parses a one-line puzzle of `n²` cells (shape from the length, boxes wider than tall).
/// Trailing text after whitespace, `,`, `;` or `#` is ignored.
pub fn parse_line(line: &str) -> Result<Grid, ParseError> {
    parse_line_with(line, None, None)
}

/// The cell part of a line: up to the first space, tab, `,`, `;` or `#` after at least one
/// cell, with `\r` stripped. Returns the text and whether something followed.
pub fn cell_field(line: &str) -> &str {
    let line = line.trim_end_matches(['\r', '\n']);
    let line = line.trim_start();
    match line.find([' ', '\t', ',', ';', '#']) {
        Some(0) | None => line,
        Some(i) => &line[..i],
    }
}

/// Whether `len` is a perfect square whose root is a possible side: the length of a line.
pub fn side_of_len(len: usize) -> Option<usize> {
    let r = (len as f64).sqrt().round() as usize;
    (r * r == len && (4..=35).contains(&r)).then_some(r)
}

/// Parses a one-line puzzle with an optional forced shape and alphabet.
pub fn parse_line_with(
    line: &str,
    shape: Option<Shape>,
    alphabet: Option<Alphabet>,
) -> Result<Grid, ParseError> {
    let cells = cell_field(line);
    let offset = line.len() - line.trim_start().len();
    let len = cells.chars().count();
    let shape = match shape {
        Some(s) if s.cell_count() == len => s,
        Some(s) => {
            return Err(ParseError::at(1, offset + len + 1, ParseErrorKind::Length {
                expected: s.cell_count().to_string(),
                found: len,
            }))
        }
        None => match side_of_len(len).and_then(|n| Shape::from_side(n).ok()) {
            Some(s) => s,
            None => {
                return Err(ParseError::at(1, offset + len + 1, ParseErrorKind::Length {
                    expected: "81 (or 16, 36, 64, 100, 144, 256, 625 …) cells".into(),
                    found: len,
                }))
            }
        },
    };
    let n = shape.side();
    let alphabet = alphabet.unwrap_or_else(|| Alphabet::detect(n, cells));
    // Sudopedia's rule: with only digits and one other character, that character is empty.
    let odd: Vec<char> = {
        let mut v: Vec<char> = cells
            .chars()
            .filter(|&c| alphabet.value(c).is_none() && !alphabet.is_empty_marker(c))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let extra_empty = if odd.len() == 1 && "*X_x-".contains(odd[0]) { Some(odd[0]) } else { None };
    let mut values = Vec::with_capacity(len);
    for (i, ch) in cells.chars().enumerate() {
        let v = if alphabet.is_empty_marker(ch) || Some(ch) == extra_empty {
            0
        } else {
            match alphabet.value(ch) {
                Some(v) if v <= n => v,
                _ => {
                    return Err(ParseError::at(1, offset + i + 1, ParseErrorKind::BadChar {
                        ch,
                        expected: format!("a digit 1-{} or . for empty", symbol_max(alphabet, n)),
                    }))
                }
            }
        };
        values.push(v);
    }
    Ok(Grid::from_values(shape, &values).expect("values checked against the shape"))
}

fn symbol_max(alphabet: Alphabet, n: usize) -> String {
    alphabet.symbol(n).map_or(n.to_string(), |c| c.to_string())
}

/// Writes a grid as one line: `.` for empty, the standard alphabet (`1-9A-Z`).
///
/// Grids larger than 35x35 have no one-character alphabet: they are written as
/// space-separated numbers (`0` empty) on one line.
pub fn write_line(grid: &Grid) -> String {
    write_line_with(grid, Alphabet::Standard, '.')
}

/// Writes a grid as one line in `alphabet`, with `empty` for empty cells.
pub fn write_line_with(grid: &Grid, alphabet: Alphabet, empty: char) -> String {
    let n = grid.shape().side();
    if alphabet.symbol(n).is_none() {
        return grid.values().iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ");
    }
    grid.values()
        .iter()
        .map(|&v| if v == 0 { empty } else { alphabet.symbol(v as usize).expect("checked") })
        .collect()
}
