//! SadMan Sudoku `.sdk` and SudoCue's extension (docs/formats.md): optional `#` + letter
//! header lines (`#A` author, `#D` description, `#C` comment, `#B` date, `#S` source, `#L`
//! level, `#U` URL, `#H` hints → `extra` "hints", `#N` → title), then 9 lines of 9
//! characters (`.` or `0` empty), or the sections `[Puzzle]` and `[State]` (the player's
//! progress: its extra digits are placed, not given). Other sections (pencil marks,
//! colours: their names were never verified) are skipped. Several puzzles may follow each
//! other, and a title line in words before a grid is kept as the title. Other sizes: `n`
//! lines of `n` characters in the standard alphabet.

use super::source::{Line, Source};
use super::{Alphabet, Format, Info, ParseError, ParseErrorKind, Puzzle, ReadOptions, WriteError};
use crate::grid::Grid;
use crate::index::{Cell, Digit};
use std::io::BufRead;

fn is_section(t: &str, name: &str) -> bool {
    t.trim().eq_ignore_ascii_case(name)
}

/// Reads `n` rows (`n` from the first one) into a grid of givens, in `alphabet` or the one
/// detected over all the rows (docs/formats.md): the alphabet is returned with the grid.
fn read_rows<R: BufRead>(
    src: &mut Source<R>,
    first: Line,
    n_hint: Option<usize>,
    opts: &ReadOptions,
    alphabet: Option<Alphabet>,
) -> Result<(Grid, Alphabet), ParseError> {
    let len = first.text.trim_end().chars().count();
    let n = n_hint.unwrap_or(len);
    let Some(shape) = opts.shape_for(n).filter(|_| n <= 35) else {
        if let Some((col, kind)) = super::stray_char(first.text.trim_end(), 0) {
            return Err(src.err(first.no, col, kind));
        }
        return Err(src.err(
            first.no,
            len + 1,
            ParseErrorKind::Length {
                expected: match opts.shape {
                    Some(s) => format!("{} cells in a row (boxes {s})", s.side()),
                    None => "9 cells in a row (or 4, 6, 8, 12, 16 …)".into(),
                },
                found: len,
            },
        ));
    };
    // Every row first, so that the alphabet is decided over the whole grid.
    let mut rows = vec![first];
    for r in 1..n {
        let prev = rows[r - 1].no;
        rows.push(src.next_row(prev, r, false, || format!("{n} rows"))?);
    }
    let cells: Vec<Vec<char>> = rows
        .iter()
        .map(|l| l.text.trim_end().chars().collect())
        .collect();
    let alphabet = Alphabet::read_as(alphabet.or(opts.alphabet), n, || {
        let all: String = cells.iter().flatten().collect();
        Alphabet::detect(n, &all)
    })
    .map_err(|why| src.err(rows[0].no, 1, ParseErrorKind::Invalid(why)))?;
    // The rows agree on a length that the first row lacks: the typo is in the first row.
    let rest = cells[1..].first().map_or(n, Vec::len);
    if n_hint.is_none()
        && cells.len() >= 3
        && rest != n
        && cells[1..].iter().all(|c| c.len() == rest)
    {
        // The grid's last rows are part of this error, not the next record.
        for _ in n..rest {
            if src.next_line().is_none() {
                break;
            }
        }
        return Err(src.err(
            rows[0].no,
            len.min(rest) + 1,
            ParseErrorKind::Length {
                expected: format!("{rest} cells in this row, as in the rows below it"),
                found: len,
            },
        ));
    }
    let mut grid = Grid::empty(shape);
    for (r, (line, chars)) in rows.iter().zip(&cells).enumerate() {
        if let Some((col, kind)) = super::stray_char(line.text.trim_end(), 0) {
            return Err(src.err(line.no, col, kind));
        }
        if chars.len() != n {
            return Err(src.err(
                line.no,
                chars.len().min(n) + 1,
                ParseErrorKind::Length {
                    expected: format!("{n} cells in this row"),
                    found: chars.len(),
                },
            ));
        }
        for (c, &ch) in chars.iter().enumerate() {
            if alphabet.is_empty_marker(ch) {
                continue;
            }
            match alphabet.value(ch) {
                Some(v) if v <= n => grid.set_given(Cell::new(r * n + c), Digit::new(v)),
                _ => {
                    return Err(src.err(
                        line.no,
                        c + 1,
                        ParseErrorKind::BadChar {
                            ch,
                            expected: format!(
                                "a digit {}-{} or . for empty",
                                alphabet.symbol(1).unwrap_or('?'),
                                alphabet.symbol(n).unwrap_or('?')
                            ),
                        },
                    ))
                }
            }
        }
    }
    Ok((grid, alphabet))
}

fn header(info: &mut Info, t: &str) {
    let mut cs = t.chars();
    cs.next();
    let Some(letter) = cs.next() else { return };
    let value = cs.as_str().trim().to_string();
    if value.is_empty() {
        return;
    }
    let slot = match letter {
        'A' => &mut info.author,
        'D' => &mut info.description,
        'C' => &mut info.comment,
        'B' => &mut info.date,
        'S' => &mut info.source,
        'L' => &mut info.level,
        'U' => &mut info.url,
        'N' => &mut info.title,
        // Headers are kept up to the limit for one record; the rest are dropped.
        'H' if info.extra.len() < 1024 => {
            info.extra.push(("hints".into(), value));
            return;
        }
        _ => return,
    };
    match slot {
        Some(old) if old.len() + value.len() > super::MAX_RECORD_BYTES => {}
        Some(old) => {
            old.push('\n');
            old.push_str(&value);
        }
        None => *slot = Some(value),
    }
}

/// Skips the lines of an unknown `[Section]` up to a blank line, a header, another section
/// or the end.
fn skip_section<R: BufRead>(src: &mut Source<R>) {
    while let Some(item) = src.next_line() {
        match item {
            Ok(l)
                if l.is_blank()
                    || l.text.starts_with('#')
                    || l.text.trim_start().starts_with('[') =>
            {
                src.push_back(l);
                return;
            }
            Ok(_) => {}
            Err(e) => {
                src.push_back_result(Err(e));
                return;
            }
        }
    }
}

pub(crate) fn read<R: BufRead>(
    src: &mut Source<R>,
    opts: &ReadOptions,
) -> Option<Result<Puzzle, ParseError>> {
    let mut info = Info::default();
    let mut start = None;
    let first = loop {
        let line = match src.next_line()? {
            Ok(l) => l,
            Err(e) => return Some(Err(e)),
        };
        let t = line.text.trim();
        if t.is_empty() {
            continue;
        }
        start.get_or_insert(line.no);
        if t.starts_with('#') {
            header(&mut info, t);
        } else if is_section(t, "[puzzle]") {
        } else if super::wide::row_cells(&line.text).is_some() {
            // shnarazk's 64x64 layout: its rows have blanks and lower case letters.
            break line;
        } else if super::detect::is_title(t) {
            // A title line in words before the grid (no row of cells has those).
            if info.title.is_none() {
                info.title = Some(t.to_string());
            }
        } else if t.starts_with('[') {
            skip_section(src);
        } else {
            break line;
        }
    };
    let start = start.unwrap_or(first.no);
    if super::wide::row_cells(&first.text).is_some() {
        return Some(super::wide::read_grid(src, first, opts).map(|grid| Puzzle {
            grid,
            marks: None,
            info,
            line: start,
            source: None,
            alphabet: None,
        }));
    }
    let (mut grid, mut alphabet) = match read_rows(src, first, None, opts, None) {
        Ok(g) => g,
        Err(e) => return Some(Err(e)),
    };
    // A [State] section and unknown ones may follow.
    loop {
        let line = match src.next_line() {
            None => break,
            Some(Err(e)) => {
                src.push_back_result(Err(e));
                break;
            }
            Some(Ok(l)) => l,
        };
        let t = line.text.trim();
        if is_section(t, "[state]") {
            let Some(Ok(row)) = src.next_line() else {
                return Some(Err(src.err(
                    line.no,
                    0,
                    ParseErrorKind::Invalid("[State] without a grid".into()),
                )));
            };
            let state_line = row.no;
            // In the givens' alphabet, unless they show none (no givens).
            let known = Some(alphabet).filter(|_| grid.given_count() > 0);
            let state = match read_rows(src, row, Some(grid.shape().side()), opts, known) {
                Ok((g, a)) => {
                    alphabet = a;
                    g
                }
                Err(e) => return Some(Err(e)),
            };
            for cell in Cell::all(grid.shape()) {
                match (grid.get(cell), state.get(cell)) {
                    (None, Some(d)) => grid.set(cell, Some(d)),
                    (Some(g), Some(d)) if g != d => {
                        let s = grid.shape();
                        return Some(Err(src.err(
                            state_line + cell.row(s).index(),
                            cell.col(s).number(),
                            ParseErrorKind::Invalid(format!(
                                "[State] has {d} where the puzzle gives {g}"
                            )),
                        )));
                    }
                    _ => {}
                }
            }
        } else if t.starts_with('[') && !is_section(t, "[puzzle]") {
            skip_section(src);
        } else {
            src.push_back(line);
            break;
        }
    }
    Some(Ok(Puzzle {
        grid,
        marks: None,
        info,
        line: start,
        source: None,
        alphabet: Some(alphabet),
    }))
}

/// `n` lines of `n` characters in the standard alphabet, `.` for empty.
pub(crate) fn rows(grid: &Grid) -> String {
    rows_in(grid, Alphabet::Standard)
}

/// `n` lines of `n` characters in `alphabet`, `.` for empty (`n` at most what it spells).
pub(crate) fn rows_in(grid: &Grid, alphabet: Alphabet) -> String {
    let n = grid.shape().side();
    let mut out = String::with_capacity(n * (n + 1));
    for row in grid.values().chunks(n) {
        out.extend(row.iter().map(|&v| {
            if v == 0 {
                '.'
            } else {
                alphabet.symbol(v as usize).expect("checked by the writer")
            }
        }));
        out.push('\n');
    }
    out
}

/// Writes the headers of `p.info`, then the grid; a game in progress (placed digits) as
/// `[Puzzle]` and `[State]` sections. Up to 35x35.
pub fn write(p: &Puzzle) -> Result<String, WriteError> {
    if super::symbol(p.shape().side()).is_none() {
        return Err(WriteError::new(
            Format::Sdk,
            "grids larger than 35x35 (no one-character digits)",
        ));
    }
    let mut out = String::new();
    let i = &p.info;
    let hints = i.get("hints").map(str::to_string);
    for (letter, value) in [
        ('N', &i.title),
        ('A', &i.author),
        ('D', &i.description),
        ('C', &i.comment),
        ('B', &i.date),
        ('S', &i.source),
        ('L', &i.level),
        ('U', &i.url),
        ('H', &hints),
    ] {
        if let Some(v) = value {
            for l in v.lines() {
                out += &format!("#{letter}{l}\n");
            }
        }
    }
    let alphabet = Alphabet::written(p.shape().side(), p.alphabet);
    if p.grid.has_placed() {
        out += "[Puzzle]\n";
        out += &rows_in(&p.grid.givens(), alphabet);
        out += "[State]\n";
        out += &rows_in(&p.grid, alphabet);
    } else {
        // Rows of a 16x16 that show no digit past 4 at the top look like 4x4 lines to
        // detection: the section header says what they are.
        let text = rows_in(&p.grid, alphabet);
        let top: String = text.lines().take(4).collect();
        if p.shape().side() == 16 && top.chars().all(|c| matches!(c, '0'..='4' | '.')) {
            out += "[Puzzle]\n";
        }
        out += &text;
    }
    Ok(out)
}
