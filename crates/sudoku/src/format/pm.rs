//! Pencil-mark (candidate) grids, HoDoKu's `PM_GRID` style (docs/formats.md):
//!
//! ```text
//! .------------------.----------------.------------------.
//! | 2     679   6789 | 1    46789  5  | 469   9     3    |
//! :------------------+----------------+------------------:
//! '------------------'----------------'------------------'
//! ```
//!
//! Each cell shows its value or its candidates (standard alphabet `1-9A-Z`, so up to 35x35;
//! `A-Y` at 25x25, or the puzzle's own: hex, letters).
//! The reader takes any frame (`.---.`, `*---*`, `+---+`, `|---+---|`), drops HoDoKu's step
//! markup (`*`, `#`, `@`, ALS letters; `-d` keeps d, the grid being shown before the step)
//! and ignores the step text after the grid. A cell showing one digit is a value unless that
//! digit is still a candidate of a cell that sees it (the rule of docs/formats.md, pm); values become givens, so
//! givens and placed digits are not told apart. A cell with no candidate is written `.`.
//! The writer leaves out the marks a peer's value rules out, and refuses a puzzle that rule
//! would read back otherwise (a cell with one candidate no peer shares).

use super::{Alphabet, Format, Puzzle, WriteError};
use crate::index::{Cell, Col, Row};
use crate::set::DigitSet;

/// The cell strings of `p`: its values, else its marks (the rules' candidates if none).
pub(crate) fn cell_strings(p: &Puzzle, format: Format) -> Result<Vec<String>, WriteError> {
    let s = p.shape();
    if super::symbol(s.side()).is_none() {
        return Err(WriteError::new(
            format,
            "grids larger than 35x35 (no one-character digits)",
        ));
    }
    let marks = p.marks_or_rules();
    let alphabet = Alphabet::written(s.side(), p.alphabet);
    // pm shows the candidates a value leaves its peers, and refuses what its one-digit
    // rule would read back otherwise; ss holds values apart and writes the marks as they are.
    let groups: Vec<DigitSet> = if format == Format::Ss {
        Cell::all(s)
            .map(|cell| super::group_of(p, &marks, cell))
            .collect()
    } else {
        let shown = super::shown_groups(p, &marks);
        super::refuse_misread(p, &shown, format)?;
        shown
    };
    Ok(Cell::all(s)
        .map(|cell| {
            let g = groups[cell.index()];
            if g.is_empty() {
                ".".to_string()
            } else {
                g.iter()
                    .map(|d| alphabet.symbol(d.get()).expect("checked"))
                    .collect()
            }
        })
        .collect())
}

/// Writes the candidate grid with the given frame corners: `top` (left, joint, right),
/// `band`, `bottom`. HoDoKu's are `.` `.` `.`, `:` `+` `:`, `'` `'` `'`.
pub(crate) fn write_frame(
    p: &Puzzle,
    format: Format,
    top: [char; 3],
    band: [char; 3],
    bottom: [char; 3],
) -> Result<String, WriteError> {
    let s = p.shape();
    let n = s.side();
    let cells = cell_strings(p, format)?;
    let width: Vec<usize> = (0..n)
        .map(|c| {
            (0..n)
                .map(|r| cells[r * n + c].chars().count())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let stacks = n / s.box_cols();
    let seg: Vec<usize> = (0..stacks)
        .map(|b| {
            let cols = b * s.box_cols()..(b + 1) * s.box_cols();
            cols.clone().map(|c| width[c]).sum::<usize>() + 2 * (s.box_cols() - 1) + 2
        })
        .collect();
    let rule = |[l, j, r]: [char; 3]| {
        let mut out = String::new();
        out.push(l);
        for (i, w) in seg.iter().enumerate() {
            if i > 0 {
                out.push(j);
            }
            out += &"-".repeat(*w);
        }
        out.push(r);
        out.push('\n');
        out
    };
    let mut out = rule(top);
    for r in 0..n {
        if r > 0 && r % s.box_rows() == 0 {
            out += &rule(band);
        }
        out.push('|');
        for b in 0..stacks {
            out.push(' ');
            for k in 0..s.box_cols() {
                let c = b * s.box_cols() + k;
                let cell = Cell::at(s, Row::new(r), Col::new(c));
                let text = &cells[cell.index()];
                out += text;
                let pad =
                    width[c] - text.chars().count() + if k + 1 < s.box_cols() { 2 } else { 1 };
                out += &" ".repeat(pad);
            }
            out.push('|');
        }
        out.push('\n');
    }
    out += &rule(bottom);
    Ok(out)
}

/// Writes `p` as a HoDoKu-style candidate grid (up to 35x35). A puzzle it would not read
/// back as (a cell with one candidate taken for a given) is refused.
pub fn write(p: &Puzzle) -> Result<String, WriteError> {
    write_frame(
        p,
        Format::Pm,
        ['.', '.', '.'],
        [':', '+', ':'],
        ['\'', '\'', '\''],
    )
}
