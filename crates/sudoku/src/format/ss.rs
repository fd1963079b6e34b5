//! Simple Sudoku `.ss` (docs/formats.md): a `*-----------*` framed grid with `|` between
//! boxes and `|---+---+---|` band lines; a saved game holds up to three grids: the givens,
//! then givens and solved cells, then a candidate grid.
//!
//! Reading (in the shared framed-grid reader): a grid followed by one that keeps all its digits is a
//! saved game (the second grid's extra digits are placed, not given); a candidate grid after
//! that gives the pencil marks. A lone candidate grid reads as [`super::pm`] does. Prose
//! lines (the "Simple Sudoku Version 4.2n" line) are skipped. Every size up to 35x35 is
//! written the same way; the reader also accepts the [`super::boxed`] frames.

use super::{Alphabet, Format, Puzzle, WriteError};
use crate::grid::Grid;
use crate::index::{Cell, Col, Row};

fn write_grid(grid: &Grid, alphabet: Alphabet) -> String {
    let s = grid.shape();
    let n = s.side();
    let stacks = n / s.box_cols();
    let width = n + stacks - 1;
    let mut out = format!("*{}*\n", "-".repeat(width));
    let band = format!("|{}|\n", vec!["-".repeat(s.box_cols()); stacks].join("+"));
    for r in 0..n {
        if r > 0 && r % s.box_rows() == 0 {
            out += &band;
        }
        out.push('|');
        for c in 0..n {
            let v = grid.value(Cell::at(s, Row::new(r), Col::new(c)));
            out.push(if v == 0 {
                '.'
            } else {
                alphabet.symbol(v).expect("checked")
            });
            if (c + 1) % s.box_cols() == 0 {
                out.push('|');
            }
        }
        out.push('\n');
    }
    out += &format!("*{}*\n", "-".repeat(width));
    out
}

/// Writes `p`: the givens grid; for a game in progress (placed digits or pencil marks) also
/// the state grid, and the candidate grid when there are marks.
pub fn write(p: &Puzzle) -> Result<String, WriteError> {
    if super::symbol(p.shape().side()).is_none() {
        return Err(WriteError::new(
            Format::Ss,
            "grids larger than 35x35 (no one-character digits)",
        ));
    }
    let alphabet = Alphabet::written(p.shape().side(), p.alphabet);
    let mut out = write_grid(&p.grid.givens(), alphabet);
    if p.grid.has_placed() || p.marks.is_some() {
        out += &write_grid(&p.grid, alphabet);
    }
    if p.marks.is_some() {
        out += &super::pm::write_frame(
            p,
            Format::Ss,
            ['*', '-', '*'],
            ['|', '+', '|'],
            ['*', '-', '*'],
        )?;
    }
    Ok(out)
}
