//! The boxed grid for people, correct for every shape:
//!
//! ```text
//! +-------+-------+-------+
//! | 5 3 . | . 7 . | . . . |
//! ```
//!
//! Up to 9x9 cells are one character; larger grids print numbers (or the letters their
//! file was written in: hex, `A-Y`) right-aligned in columns as
//! wide as the largest (`10`, `400`), so every size reads the same way (docs/formats.md, and
//! a warning about the classic program's broken frame). The reader (shared with
//! [`super::ss`] and [`super::pm`]) accepts what the writer writes, Simple Sudoku's frames,
//! `|`-only rows without spaces (`|2..|1.5|..3|`), the `+---+` 400x400 files with their
//! trailer text, and most other frames; the side is the number of rows.

use super::{Alphabet, Puzzle};
use crate::grid::Grid;
use crate::index::{Cell, Col, Row};

/// Writes `grid` as a boxed grid, ending with a newline.
pub fn write_boxed(grid: &Grid) -> String {
    write_boxed_in(grid, None)
}

/// Writes `p` as a boxed grid: past 9x9 in numbers, unless it has symbols of its own (read
/// in them, or respelled by `--to-alphabet`): hex, letters, or `1-9A-P` at 25x25, where
/// lines write letters. Then in those, one character a cell, so that they come back (a
/// grid of letters only reads as letters, hex by its `0`).
pub(crate) fn write(p: &Puzzle) -> String {
    write_boxed_in(&p.grid, kept(p))
}

/// The symbols [`write`] spells `p` in, one character a cell; `None`: numbers.
pub(crate) fn kept(p: &Puzzle) -> Option<Alphabet> {
    let n = p.shape().side();
    p.alphabet
        .filter(|&a| a.symbol(n).is_some() && a.named_in_records(n))
}

/// A boxed grid, one character a cell in `alphabet` when there is one.
fn write_boxed_in(grid: &Grid, alphabet: Option<Alphabet>) -> String {
    let s = grid.shape();
    let n = s.side();
    let w = if alphabet.is_some() {
        1
    } else {
        n.to_string().len()
    };
    let stacks = n / s.box_cols();
    let seg = "-".repeat(s.box_cols() * (w + 1) + 1);
    let rule = format!("+{}\n", vec![seg; stacks].join("+") + "+");
    let mut out = String::with_capacity((n + stacks + 1) * rule.len());
    for r in 0..n {
        if r % s.box_rows() == 0 {
            out += &rule;
        }
        for c in 0..n {
            if c % s.box_cols() == 0 {
                out += if c == 0 { "|" } else { " |" };
            }
            let v = grid.value(Cell::at(s, Row::new(r), Col::new(c)));
            out.push(' ');
            if v == 0 {
                super::push_aligned(&mut out, ".", w);
            } else if let Some(a) = alphabet {
                out.push(a.symbol(v).expect("checked"));
            } else {
                super::push_number(&mut out, v as u16, w);
            }
        }
        out += " |\n";
    }
    out += &rule;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read_str, Format, ReadOptions};

    #[test]
    fn nine_by_nine() {
        let g = Grid::from_line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let text = write_boxed(&g);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[0], "+-------+-------+-------+");
        assert_eq!(lines[1], "| 5 3 . | . 7 . | . . . |");
        let back = read_str(
            &text,
            ReadOptions {
                format: Some(Format::Boxed),
                ..Default::default()
            },
        );
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].as_ref().unwrap().grid, g);
    }

    #[test]
    fn six_by_six_has_two_stacks_and_three_bands() {
        let g = Grid::empty(crate::Shape::new(2, 3).unwrap());
        let text = write_boxed(&g);
        assert_eq!(text.lines().next().unwrap(), "+-------+-------+");
        assert_eq!(text.lines().filter(|l| l.starts_with('+')).count(), 4);
    }
}
