//! Sukaku (pencil-mark sudoku) lines (docs/formats.md): `n³` characters, a block of `n`
//! per cell, row-major; position k of a block holds digit k if it is a candidate, else `.`
//! or `0`. 729 characters for 9x9 (SukakuExplainer's `serate --input`); other sizes use
//! the standard alphabet (`1-9A-Z`), up to 35x35.
//!
//! A block with one digit is a value unless that digit is still a candidate of a cell
//! that sees it (the pm rule of docs/formats.md); values become givens. The writer leaves
//! out marks a peer's value rules out and refuses a puzzle that rule would read back
//! otherwise.

use super::{Format, ParseError, ParseErrorKind, Puzzle, ReadOptions, WriteError};
use crate::index::{Cell, Digit};
use crate::set::DigitSet;

fn cube_side(len: usize) -> Option<usize> {
    (4..=35).find(|n| n * n * n == len)
}

/// Whether `text` looks like a Sukaku line: a cube length whose characters sit where their
/// digit belongs (so a 27x27 line of 729 cells is not taken for one). A length that is
/// also a line length of another size (64: a 4x4 Sukaku or an 8x8 line) is Sukaku when
/// more than `m` characters are digits (`m` the other side): a line of `m` cells in that
/// pattern holds each digit only in the `m/n` columns where it sits, at most once each, so
/// at most `m` digits, while a Sukaku block has a digit in every cell.
pub(crate) fn looks_like(text: &str) -> bool {
    let t = super::line::cell_field(text);
    let len = t.chars().count();
    let Some(n) = cube_side(len) else {
        return false;
    };
    let fits = t.chars().enumerate().all(|(i, c)| {
        c == '.' || c == '0' || super::symbol(i % n + 1) == Some(c.to_ascii_uppercase())
    });
    match super::line::side_of_len(len) {
        Some(m) if n != 9 => fits && t.chars().filter(|&c| c != '.' && c != '0').count() > m,
        _ => fits,
    }
}

/// Parses one Sukaku line. Errors are on line 1.
pub(crate) fn parse(text: &str, opts: &ReadOptions) -> Result<Puzzle, ParseError> {
    let text = text.trim_end_matches(['\r', '\n']);
    let body = text.trim_start();
    let lead = text.chars().count() - body.chars().count();
    let field = super::line::cell_field(body);
    let chars: Vec<char> = field.chars().collect();
    let n = match opts.shape {
        Some(s) if s.side().pow(3) == chars.len() => Some(s.side()),
        Some(_) => None,
        None => cube_side(chars.len()),
    };
    let shape = n.and_then(|n| opts.shape_for(n));
    if let Some((col, kind)) = super::stray_char(field, lead) {
        return Err(ParseError::at(1, col, kind));
    }
    let Some(shape) = shape else {
        return Err(ParseError::at(
            1,
            lead + chars.len() + 1,
            ParseErrorKind::Length {
                expected: match opts.shape {
                    Some(s) => format!("{} characters (Sukaku, boxes {s})", s.side().pow(3)),
                    None => "729 characters (Sukaku: 9 per cell)".into(),
                },
                found: chars.len(),
            },
        ));
    };
    let n = shape.side();
    let mut groups = vec![DigitSet::EMPTY; shape.cell_count()];
    for (i, &ch) in chars.iter().enumerate() {
        if ch == '.' || ch == '0' {
            continue;
        }
        let k = i % n + 1;
        if super::symbol(k) != Some(ch.to_ascii_uppercase()) {
            return Err(ParseError::at(
                1,
                lead + i + 1,
                ParseErrorKind::BadChar {
                    ch,
                    expected: format!(
                        "{} (candidate {k} of the cell) or .",
                        super::symbol(k).unwrap_or('?')
                    ),
                },
            ));
        }
        groups[i / n].insert(Digit::new(k));
    }
    Ok(super::grid_from_groups(shape, &groups))
}

/// Writes `p` as one Sukaku line: values as one-digit blocks, empty cells with their marks
/// (the rules' candidates when the puzzle has none) less those a peer's value rules out. A
/// puzzle the one-digit rule would read back otherwise (a cell with one candidate as a
/// given) is refused.
pub fn write(p: &Puzzle) -> Result<String, WriteError> {
    let s = p.shape();
    let n = s.side();
    if super::symbol(n).is_none() {
        return Err(WriteError::new(
            Format::Sukaku,
            "grids larger than 35x35 (no one-character digits)",
        ));
    }
    let groups = super::shown_groups(p, &p.marks_or_rules());
    super::refuse_misread(p, &groups, Format::Sukaku)?;
    let mut out = String::with_capacity(n * n * n);
    for cell in Cell::all(s) {
        let g = groups[cell.index()];
        for k in 1..=n {
            out.push(if g.contains(Digit::new(k)) {
                super::symbol(k).expect("checked")
            } else {
                '.'
            });
        }
    }
    Ok(out)
}
