//! Framed grids, shared by [`super::boxed`], [`super::ss`] and [`super::pm`]: blocks of
//! rows with `|` (first, or only between boxes) between frame lines (`+---+`, `*---*`, `.---.`, `:---+---:`, `'---'`,
//! `|---+---|`), in any size. A block is read whole (so its row count gives the side),
//! then turned into values (boxed, Simple Sudoku) or candidate groups (pencil marks).
//!
//! Outside blocks, blank lines, `#` comments and prose (a line with a word of three or more
//! letters: Simple Sudoku's version line, a PM grid's step text, the trailer of kociemba's
//! 400x400 files) are skipped; any other line is an error.

use super::source::{Source, MAX_RECORD_BYTES};
use super::{Alphabet, Format, ParseError, ParseErrorKind, Puzzle, ReadOptions};
use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::set::DigitSet;
use crate::shape::MAX_SIDE;
use std::io::BufRead;

/// Reader state: a block read ahead and given back.
#[derive(Default)]
pub(crate) struct State {
    /// Blocks read ahead and given back, the next one last.
    pending: Vec<Result<Block, ParseError>>,
    /// A block past the bounds was refused: its remaining rows are passed over.
    passing: bool,
}

/// One framed grid as read: the rows, split into tokens.
#[derive(Clone, Debug)]
pub(crate) struct Block {
    pub first_line: usize,
    /// First character of the top frame line, if there was one.
    pub top: Option<char>,
    pub rows: Vec<Row>,
    /// Rows above the first frame line inside the block: the height of a box.
    pub band: Option<usize>,
    /// Groups of cells between `|` in the first row: how many boxes across.
    pub stacks: Option<usize>,
    /// The last line of the block (its bottom frame, or last row).
    pub last_line: usize,
}

#[derive(Clone, Debug)]
pub(crate) struct Row {
    pub line: usize,
    /// The row's text.
    pub text: String,
    /// Its tokens' 1-based columns and byte ranges in `text` ([`Row::tokens`]).
    pub spans: Vec<(usize, std::ops::Range<usize>)>,
    /// Whether blanks stand inside the row: a candidate grid is padded, a row of values in
    /// boxes one column wide (`|.|5|.|`) is not.
    pub spaced: bool,
}

impl Row {
    /// The tokens (cells, or candidate groups) between blanks and `|`, with their 1-based
    /// columns.
    pub fn tokens(&self) -> impl Iterator<Item = (usize, &str)> + '_ {
        self.spans
            .iter()
            .map(|(col, r)| (*col, &self.text[r.clone()]))
    }
}

/// A frame line: only frame characters, with a run of `--`.
pub(crate) fn is_frame_line(t: &str) -> bool {
    let t = t.trim();
    t.contains("--") && t.chars().all(|c| "-+*.:'=|".contains(c) || c == ' ')
}

/// A grid row: starts with `|`, or has `|` between boxes (Emerentius's block format,
/// `2..|1.5|..3`).
pub(crate) fn is_row(t: &str) -> bool {
    let t = t.trim();
    t.starts_with('|') || t.contains('|') && !is_prose(t)
}

/// Prose: some word of three or more ASCII letters.
pub(crate) fn is_prose(t: &str) -> bool {
    let mut run = 0;
    // Bytes, not characters: every byte of a character past ASCII breaks a run, as the
    // character would (a line of a giant grid's numbers is megabytes long).
    for c in t.bytes() {
        if c.is_ascii_alphabetic() {
            run += 1;
            if run >= 3 {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// The tokens of a row, between blanks and `|`: each one's 1-based column and byte range.
/// Ranges, not strings: a 400x400 grid has 160,000 tokens, and a string each was most of
/// the time spent reading it.
fn tokens_of(text: &str) -> Vec<(usize, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    // The token being read: its first byte and 1-based column.
    let mut start: Option<(usize, usize)> = None;
    for (col0, (i, c)) in text.char_indices().enumerate() {
        match (c == '|' || c.is_whitespace(), start) {
            (true, Some((b, col))) => {
                out.push((col, b..i));
                start = None;
            }
            (false, None) => start = Some((i, col0 + 1)),
            _ => {}
        }
    }
    if let Some((b, col)) = start {
        out.push((col, b..text.len()));
    }
    out
}

/// A 9x9-or-smaller row whose cells are candidate strings (some cell shows two digits).
pub(crate) fn row_looks_like_pm(row: &str) -> bool {
    let toks = tokens_of(row);
    toks.len() <= 9
        && toks.len() >= 4
        && toks.iter().any(|(_, t)| {
            let core = strip_markup(&row[t.clone()], true);
            core.len() >= 2 && core.chars().all(|c| c.is_ascii_digit())
        })
}

/// Reads the next block. `None` at the end of input. A block past the bounds is refused as
/// soon as it is (an endless one was read to its end, silently), and `passing` then passes
/// over its other rows at the next call.
fn read_block<R: BufRead>(
    src: &mut Source<R>,
    passing: &mut bool,
) -> Option<Result<Block, ParseError>> {
    if std::mem::take(passing) {
        // As many rows as a grid may have at most: an endless block is then refused again,
        // an error each time, so that a stream never goes silent.
        let mut bytes = 0;
        for _ in 0..MAX_SIDE {
            let line = match src.next_line()? {
                Ok(l) => l,
                Err(e) => return Some(Err(e)),
            };
            let t = line.text.trim();
            bytes += line.text.len();
            if !(is_frame_line(t) || is_row(t)) || bytes > MAX_RECORD_BYTES {
                src.push_back(line);
                break;
            }
        }
    }
    // Skip to the start of a block.
    let first = loop {
        let line = match src.next_line()? {
            Ok(l) => l,
            Err(e) => return Some(Err(e)),
        };
        let t = line.text.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if is_frame_line(t) || is_row(t) {
            break line;
        }
        if is_prose(t) {
            continue;
        }
        return Some(Err(src.err(
            line.no,
            0,
            ParseErrorKind::Invalid(
                "expected a grid: a frame line like +---+ or a row starting with |".into(),
            ),
        )));
    };
    let mut block = Block {
        first_line: first.no,
        top: None,
        rows: Vec::new(),
        band: None,
        stacks: None,
        last_line: first.no,
    };
    let mut line = first;
    // Rows past the largest grid, or past the record limit in bytes: the block is refused.
    let mut bytes = 0usize;
    // A band line inside the frame (`|---+---|`, Simple Sudoku's), until a row follows it:
    // with boxes one row high it is the only sign of their shape (one group across).
    let mut inner_band = None;
    loop {
        let t = line.text.trim();
        if is_frame_line(t) || is_row(t) {
            block.last_line = line.no;
        }
        if is_frame_line(t) {
            if block.rows.is_empty() && block.top.is_none() {
                block.top = t.chars().next();
            } else if !block.rows.is_empty() && !t.starts_with('|') {
                // Could be a band line or the bottom frame: look at the next line.
                match src.next_line() {
                    None => break,
                    Some(Err(e)) => {
                        src.push_back_result(Err(e));
                        break;
                    }
                    Some(Ok(next)) => {
                        let nt = next.text.trim();
                        let continues = is_row(nt) && !is_frame_line(nt);
                        src.push_back(next);
                        if !continues {
                            break;
                        }
                        block.band.get_or_insert(block.rows.len());
                    }
                }
            } else if !block.rows.is_empty() {
                inner_band = Some(block.rows.len());
            }
        } else if is_row(t) {
            if let Some(r) = inner_band.take() {
                block.band.get_or_insert(r);
            }
            if block.rows.is_empty() {
                let groups = t.split('|').filter(|g| !g.trim().is_empty()).count();
                block.stacks = Some(groups);
            }
            bytes += line.text.len();
            if block.rows.len() >= MAX_SIDE || bytes > MAX_RECORD_BYTES {
                *passing = true;
                return Some(Err(src.err(
                    block.first_line,
                    0,
                    ParseErrorKind::Invalid(format!(
                        "a grid of {} rows ({bytes} bytes) so far: past the largest grid \
                         ({MAX_SIDE} rows) or the limit for one record ({} MiB); its other \
                         rows are passed over",
                        block.rows.len() + 1,
                        MAX_RECORD_BYTES >> 20
                    )),
                )));
            }
            block.rows.push(Row {
                line: line.no,
                spans: tokens_of(&line.text),
                text: line.text.clone(),
                spaced: t.contains(char::is_whitespace),
            });
        } else {
            src.push_back(line);
            break;
        }
        line = match src.next_line() {
            None => break,
            Some(Ok(l)) => l,
            Some(Err(e)) => {
                src.push_back_result(Err(e));
                break;
            }
        };
    }
    Some(Ok(block))
}

impl Block {
    fn side(&self) -> usize {
        self.rows.len()
    }

    /// The cells of each row: tokens when a row has `n` of them, else characters.
    fn cells(&self, src_name: &str) -> Result<Vec<Vec<(usize, &str)>>, ParseError> {
        let n = self.side();
        let mut out = Vec::with_capacity(n);
        for row in &self.rows {
            for (col, t) in row.tokens() {
                if let Some((col, kind)) = super::stray_char(t, col - 1) {
                    return Err(ParseError {
                        source: src_name.to_string(),
                        line: row.line,
                        col,
                        kind,
                    });
                }
            }
            if row.spans.len() == n {
                out.push(row.tokens().collect());
                continue;
            }
            let chars: Vec<(usize, &str)> = row
                .tokens()
                .flat_map(|(col, t)| {
                    t.char_indices()
                        .enumerate()
                        .map(move |(i, (b, c))| (col + i, &t[b..b + c.len_utf8()]))
                })
                .collect();
            if chars.len() == n {
                out.push(chars);
                continue;
            }
            // At the first cell too many, or just past the last of too few.
            let col = chars
                .get(n)
                .or(chars.last())
                .map_or(1, |&(c, _)| c + usize::from(chars.len() < n));
            return Err(ParseError {
                source: src_name.to_string(),
                line: row.line,
                col,
                kind: ParseErrorKind::Length {
                    expected: format!("{n} cells in this row (the grid has {n} rows)"),
                    found: row.spans.len(),
                },
            });
        }
        Ok(out)
    }

    /// Whether the block reads as a candidate grid: side up to 9 and some cell showing two
    /// digits or more.
    fn is_pm(&self) -> bool {
        self.side() <= 9 && self.has_groups()
    }

    /// After a Simple Sudoku state grid: a candidate grid, even one where every cell shows
    /// a single digit, when it is spaced (a token a cell, blanks between) inside a `*---*`
    /// frame. Boxes one column wide put a token in each cell of a grid of values too.
    fn reads_as_candidates(&self) -> bool {
        let n = self.side();
        self.has_groups()
            || self.top == Some('*') && self.rows.iter().all(|r| r.spans.len() == n && r.spaced)
    }

    /// Whether every row has `n` tokens and some token shows two candidates or more.
    fn has_groups(&self) -> bool {
        let n = self.side();
        let letters = n <= 9;
        self.rows.iter().all(|r| r.spans.len() == n)
            && self.rows.iter().any(|r| {
                r.tokens()
                    .any(|(_, t)| strip_markup(t, letters).chars().count() >= 2)
            })
    }

    /// The box shape the frame draws (rows to the first band line, groups between `|`),
    /// when it is one of side `n`.
    fn drawn_shape(&self) -> Option<crate::Shape> {
        let n = self.side();
        let from_band = self
            .band
            .filter(|&r| r > 0 && n.is_multiple_of(r))
            .map(|r| (r, n / r));
        let from_stacks = self
            .stacks
            .filter(|&k| k > 1 && n.is_multiple_of(k))
            .map(|k| (k, n / k));
        let (r, c) = from_band.or(from_stacks)?;
        crate::Shape::new(r, c).ok().filter(|s| s.side() == n)
    }

    /// Why the frame draws no box shape of its side, when its bands and stacks each draw
    /// one but not the same (a 6x6 in 3x3 boxes): read in either it would be another
    /// puzzle.
    fn drawn_conflict(&self) -> Option<String> {
        let n = self.side();
        let (r, k) = (self.band?, self.stacks?);
        let fits = |x: usize| x > 1 && x < n && n.is_multiple_of(x);
        (fits(r) && fits(k) && r != k).then(|| {
            format!(
                "the frame draws boxes {r} rows high and {} columns wide, which no {n}x{n} \
                 grid has (its bands say {r}x{}, its stacks {k}x{})",
                n / k,
                n / r,
                n / k
            )
        })
    }

    /// An error about the whole block (no column), at its first line.
    fn error(&self, src_name: &str, why: String) -> ParseError {
        ParseError {
            source: src_name.to_string(),
            line: self.first_line,
            col: 0,
            kind: ParseErrorKind::Invalid(why),
        }
    }

    fn shape(&self, src_name: &str, opts: &ReadOptions) -> Result<crate::Shape, ParseError> {
        let n = self.side();
        let forced = opts.shape.filter(|s| s.side() == n);
        if let Some(why) = self.drawn_conflict() {
            return Err(self.error(src_name, why));
        }
        // A grid of another side than the shape asked for is not read as its own side.
        if let Some(s) = opts.shape.filter(|s| s.side() != n) {
            let why = format!(
                "found a grid of {n} rows, expected {} for boxes {s}",
                s.side()
            );
            return Err(self.error(src_name, why));
        }
        // Read in either shape it would be another puzzle: neither is taken quietly.
        if let (Some(asked), Some(drawn)) = (forced, self.drawn_shape()) {
            if asked != drawn {
                let why = format!(
                    "the frame draws {}x{} boxes, which disagrees with the box shape asked for \
                     ({}x{})",
                    drawn.box_rows(),
                    drawn.box_cols(),
                    asked.box_rows(),
                    asked.box_cols()
                );
                return Err(self.error(src_name, why));
            }
        }
        forced
            .or_else(|| self.drawn_shape())
            .or_else(|| opts.shape_for(n))
            .ok_or_else(|| {
                self.error(
                    src_name,
                    match opts.shape {
                        Some(s) => format!(
                            "found a grid of {n} rows, expected {} for boxes {s}",
                            s.side()
                        ),
                        None => format!(
                            "a grid of {n} rows has no boxes (its side must be 4, 6, 8, 9, 10, \
                             12 …)"
                        ),
                    },
                )
            })
    }

    /// The block as a grid of values (every digit a given), and the alphabet of its cells
    /// when each is one character (`None` for a grid of numbers).
    fn values(
        &self,
        src_name: &str,
        opts: &ReadOptions,
    ) -> Result<(Grid, Option<Alphabet>), ParseError> {
        let shape = self.shape(src_name, opts)?;
        let n = shape.side();
        let cells = self.cells(src_name)?;
        // One character a cell: the alphabet is the forced one, or the one detected over
        // the whole grid (docs/formats.md); else the cells are numbers.
        let chars = cells.iter().flatten().all(|(_, t)| t.chars().count() == 1);
        let alphabet = if chars {
            let a = Alphabet::read_as(opts.alphabet, n, || {
                let all: String = cells.iter().flatten().map(|&(_, t)| t).collect();
                Alphabet::detect(n, &all)
            })
            .map_err(|why| self.error(src_name, why))?;
            Some(a)
        } else {
            None
        };
        let numbers = alphabet.is_none() || alphabet == Some(Alphabet::Standard) && n > 9;
        let alphabet_or_std = alphabet.unwrap_or(Alphabet::Standard);
        let mut grid = Grid::empty(shape);
        for (r, row) in cells.iter().enumerate() {
            for (c, &(col, tok)) in row.iter().enumerate() {
                let v = if tok == "." || tok == "0" && alphabet != Some(Alphabet::Hex) {
                    0
                } else if tok.len() > 1 || numbers && tok.bytes().all(|b| b.is_ascii_digit()) {
                    match tok.parse::<usize>() {
                        Ok(v) if v <= n => v,
                        _ => {
                            return Err(ParseError {
                                source: src_name.to_string(),
                                line: self.rows[r].line,
                                col,
                                kind: ParseErrorKind::Invalid(format!(
                                    "{tok:?} is no cell: expected a number 1-{n} or ."
                                )),
                            })
                        }
                    }
                } else {
                    let ch = tok.chars().next().expect("tokens are not empty");
                    match alphabet_or_std.value(ch) {
                        Some(v) if v <= n => v,
                        _ => {
                            return Err(ParseError {
                                source: src_name.to_string(),
                                line: self.rows[r].line,
                                col,
                                kind: ParseErrorKind::BadChar {
                                    ch,
                                    expected: format!(
                                        "a digit {}-{} or . for empty",
                                        alphabet_or_std.symbol(1).unwrap_or('?'),
                                        alphabet_or_std.symbol(n).unwrap_or('?')
                                    ),
                                },
                            })
                        }
                    }
                };
                if v != 0 {
                    grid.set_given(Cell::new(r * n + c), Digit::new(v));
                }
            }
        }
        // A grid with no digit says nothing of its alphabet.
        Ok((grid.clone(), alphabet.filter(|_| grid.given_count() > 0)))
    }

    /// The block as candidate groups, then values and marks by the single-digit rule.
    fn pencil_marks(&self, src_name: &str, opts: &ReadOptions) -> Result<Puzzle, ParseError> {
        let shape = self.shape(src_name, opts)?;
        let n = shape.side();
        let cells = self.cells(src_name)?;
        // The alphabet, over the whole grid (docs/formats.md): a `0` in a 16x16 grid is
        // hex (no other alphabet writes one in a candidate list); else as for values.
        let all: String = cells
            .iter()
            .flatten()
            .map(|(_, t)| strip_markup(t, n <= 9))
            .filter(|t| t != ".")
            .collect();
        let alphabet = Alphabet::read_as(opts.alphabet, n, || {
            if n == 16 && all.contains('0') {
                Alphabet::Hex
            } else {
                Alphabet::detect(n, &all)
            }
        })
        .map_err(|why| self.error(src_name, why))?;
        let mut groups = vec![DigitSet::EMPTY; shape.cell_count()];
        for (r, row) in cells.iter().enumerate() {
            for (c, (col, tok)) in row.iter().enumerate() {
                let core = strip_markup(tok, n <= 9);
                let mut set = DigitSet::EMPTY;
                if core != "." && !(core == "0" && alphabet != Alphabet::Hex) {
                    for (i, ch) in core.chars().enumerate() {
                        match alphabet.value(ch) {
                            Some(v) if v <= n => {
                                set.insert(Digit::new(v));
                            }
                            _ => {
                                return Err(ParseError {
                                    source: src_name.to_string(),
                                    line: self.rows[r].line,
                                    col: col + i + (tok.len() - core.len()).min(tok.len()),
                                    kind: ParseErrorKind::BadChar {
                                        ch,
                                        expected: format!(
                                            "candidates {}-{}",
                                            alphabet.symbol(1).unwrap_or('?'),
                                            alphabet.symbol(n).unwrap_or('?')
                                        ),
                                    },
                                })
                            }
                        }
                    }
                }
                groups[r * n + c] = set;
            }
        }
        Ok(Puzzle {
            alphabet: Some(alphabet),
            ..super::grid_from_groups(shape, &groups)
        })
    }
}

/// A PM cell without HoDoKu's step markup: leading `*`, `#`, `@` (and, for grids up to
/// 9x9, ALS letters `A`, `B` …) dropped; `-d` (d is eliminated by the step shown) kept as
/// the candidate d, since the grid is shown before the step.
fn strip_markup(tok: &str, letters: bool) -> String {
    tok.chars()
        .filter(|&c| !(matches!(c, '*' | '#' | '@' | '-') || letters && c.is_ascii_alphabetic()))
        .collect()
}

fn finish(
    block: &Block,
    src_name: &str,
    r: Result<Puzzle, ParseError>,
) -> Option<Result<Puzzle, ParseError>> {
    Some(
        r.map(|p| Puzzle {
            line: block.first_line,
            ..p
        })
        .map_err(|e| ParseError {
            source: src_name.to_string(),
            ..e
        }),
    )
}

/// Reads the next puzzle of a framed format.
pub(crate) fn read<R: BufRead>(
    src: &mut Source<R>,
    opts: &ReadOptions,
    state: &mut State,
    format: Format,
) -> Option<Result<Puzzle, ParseError>> {
    let block = match next_block(state, src)? {
        Ok(b) => b,
        Err(e) => return Some(Err(e)),
    };
    let name = src.name.clone();
    if format == Format::Pm || block.is_pm() {
        return finish(&block, &name, block.pencil_marks(&name, opts));
    }
    let (mut grid, alphabet) = match block.values(&name, opts) {
        Ok(g) => g,
        Err(e) => return Some(Err(e)),
    };
    let mut puzzle = Puzzle {
        alphabet,
        ..Puzzle::new(grid.clone())
    };
    // The state grid is read in the givens' alphabet, when they show one (an empty
    // givens grid tells nothing).
    let state_opts = ReadOptions {
        alphabet: opts
            .alphabet
            .or(alphabet.filter(|_| grid.given_count() > 0)),
        ..opts.clone()
    };
    if format == Format::Ss {
        // A saved game: the state grid (a superset of the givens), then candidates. A grid
        // that keeps this one's digits after a blank line, with no candidate grid after
        // it, is the next puzzle rather than a state (one puzzle's givens can hold
        // another's): the grids of a game we write follow each other without blank lines,
        // and Simple Sudoku's own saves end with the candidate grid.
        match next_block(state, src) {
            Some(Ok(next)) => {
                let n = grid.shape().side();
                let state_grid = (!next.is_pm())
                    .then(|| next.values(&name, &state_opts).ok())
                    .flatten()
                    .map(|(g, a)| {
                        // The state's alphabet holds for the candidate grid too.
                        puzzle.alphabet = a.or(puzzle.alphabet);
                        g
                    })
                    .filter(|sg| sg.shape() == grid.shape() && extends(&grid, sg));
                match state_grid {
                    None => state.pending.push(Ok(next)),
                    Some(sg) => {
                        let third = next_block(state, src);
                        let candidates = match &third {
                            Some(Ok(t)) if t.side() == n && t.reads_as_candidates() => {
                                let o = ReadOptions {
                                    alphabet: opts.alphabet.or(puzzle.alphabet),
                                    ..opts.clone()
                                };
                                t.pencil_marks(&name, &o).ok()
                            }
                            _ => None,
                        };
                        let contiguous = next.first_line == block.last_line + 1;
                        if candidates.is_none() && !contiguous {
                            state.pending.extend(third);
                            state.pending.push(Ok(next));
                        } else {
                            for cell in Cell::all(grid.shape()) {
                                if grid.get(cell).is_none() {
                                    if let Some(d) = sg.get(cell) {
                                        grid.set(cell, Some(d));
                                    }
                                }
                            }
                            puzzle.grid = grid.clone();
                            match candidates {
                                Some(pm) => {
                                    let mut marks = pm.marks.expect("pencil marks");
                                    for cell in Cell::all(grid.shape()) {
                                        if grid.get(cell).is_some() {
                                            marks.set(cell, DigitSet::EMPTY);
                                        } else if let Some(d) = pm.grid.get(cell) {
                                            marks.set(cell, DigitSet::single(d));
                                        }
                                    }
                                    puzzle.marks = Some(marks);
                                }
                                None => state.pending.extend(third),
                            }
                        }
                    }
                }
            }
            Some(Err(e)) => state.pending.push(Err(e)),
            None => {}
        }
    }
    finish(&block, &name, Ok(puzzle))
}

/// The next block: one given back, else a new one.
fn next_block<R: BufRead>(
    state: &mut State,
    src: &mut Source<R>,
) -> Option<Result<Block, ParseError>> {
    state
        .pending
        .pop()
        .or_else(|| read_block(src, &mut state.passing))
}

/// Whether `later` keeps every digit of `earlier` in place.
fn extends(earlier: &Grid, later: &Grid) -> bool {
    Cell::all(earlier.shape()).all(|c| earlier.get(c).is_none() || earlier.get(c) == later.get(c))
}
