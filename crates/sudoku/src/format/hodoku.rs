//! HoDoKu's library line (docs/formats.md):
//! `:<technique>:<digits>:<grid>:<deleted candidates>:<eliminations>:<placements>[:<extra>]`.
//!
//! The grid has `n²` cells with placed (non-given) digits written `+d`; the deleted
//! candidates are `drc` triples (digit, row, column, 1-based) that the player or solver
//! removed although the rules allow them: the marks are the rules' candidates minus those.
//! Without a step the line is `:0000:x:<grid>:<deleted>::`, which is what we write. The
//! step fields are kept in [`super::Info::extra`] (`technique`, `digits`, `eliminations`,
//! `placements`, `extra`). Digits and coordinates are one character each, so grids up to
//! 9x9.

use super::{Format, ParseError, ParseErrorKind, Puzzle, ReadOptions, WriteError};
use crate::grid::Candidates;
use crate::index::{Candidate, Cell, Col, Digit, Row};

/// Parses one library line. Errors are on line 1.
pub(crate) fn parse(text: &str, opts: &ReadOptions) -> Result<Puzzle, ParseError> {
    let text = text.trim_end_matches(['\r', '\n']);
    let body = text.trim_start();
    let lead = text.chars().count() - body.chars().count();
    if !body.starts_with(':') {
        return Err(ParseError::at(
            1,
            lead + 1,
            ParseErrorKind::BadChar {
                ch: body.chars().next().unwrap_or(' '),
                expected: "':' (a HoDoKu library line starts :0000:x:)".into(),
            },
        ));
    }
    let fields: Vec<&str> = body.split(':').collect();
    let colons = fields.len() - 1;
    if !(6..=7).contains(&colons) {
        return Err(ParseError::at(
            1,
            0,
            ParseErrorKind::Length {
                expected: "6 or 7 ':' separators (HoDoKu library line)".into(),
                found: colons,
            },
        ));
    }
    // Column (0-based) where field i starts.
    let start = |i: usize| {
        lead + fields[..i]
            .iter()
            .map(|f| f.chars().count() + 1)
            .sum::<usize>()
    };
    let grid = super::line::parse_cells(fields[3], start(3), opts)?;
    let s = grid.shape();
    let n = s.side();
    let mut marks = Candidates::from_grid(&grid);
    let mut deleted = 0;
    let mut col = start(4);
    for tok in fields[4].split(' ') {
        if tok.is_empty() {
            col += 1;
            continue;
        }
        let d: Vec<usize> = tok
            .chars()
            .map(|c| c.to_digit(10).map_or(0, |v| v as usize))
            .collect();
        if d.len() != 3 || d.iter().any(|&v| v == 0 || v > n) {
            return Err(ParseError::at(
                1,
                col + 1,
                ParseErrorKind::Invalid(format!(
                    "{tok:?} is no deleted candidate: expected digit, row, column (1-{n} each)"
                )),
            ));
        }
        let cell = Cell::at(s, Row::new(d[1] - 1), Col::new(d[2] - 1));
        marks.remove(Candidate::new(cell, Digit::new(d[0])));
        deleted += 1;
        col += tok.chars().count() + 1;
    }
    let mut p = Puzzle::new(grid);
    if deleted > 0 {
        p.marks = Some(marks);
    }
    for (i, key) in [
        (1, "technique"),
        (2, "digits"),
        (5, "eliminations"),
        (6, "placements"),
        (7, "extra"),
    ] {
        if let Some(v) = fields.get(i).filter(|v| !v.is_empty()) {
            if !(i == 1 && *v == "0000" || i == 2 && *v == "x") {
                p.info.extra.push((key.to_string(), v.to_string()));
            }
        }
    }
    Ok(p)
}

/// Writes `:0000:x:<grid with +d>:<deleted>::`. Fails beyond 9x9, and when the marks hold
/// a candidate the rules exclude (the format can only delete).
pub fn write(p: &Puzzle) -> Result<String, WriteError> {
    let s = p.shape();
    if s.side() > 9 {
        return Err(WriteError::new(Format::Hodoku, "grids larger than 9x9"));
    }
    let grid = super::line::write_line_placed(&p.grid).expect("9x9 or smaller");
    let mut deleted = Vec::new();
    if let Some(marks) = &p.marks {
        let rules = Candidates::from_grid(&p.grid);
        for cell in Cell::all(s).filter(|&c| p.grid.get(c).is_none()) {
            let (have, allowed) = (marks.get(cell), rules.get(cell));
            if let Some(d) = (have - allowed).first() {
                return Err(WriteError::new(
                    Format::Hodoku,
                    format!("candidate {d} in {}, which the rules exclude", cell.name(s)),
                ));
            }
            for d in (allowed - have).iter() {
                deleted.push(format!(
                    "{}{}{}",
                    d.get(),
                    cell.row(s).number(),
                    cell.col(s).number()
                ));
            }
        }
    }
    Ok(format!(":0000:x:{grid}:{}::", deleted.join(" ")))
}
