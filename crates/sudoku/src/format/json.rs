//! JSON: one object per puzzle, written on one line (so a stream is JSON Lines):
//!
//! ```text
//! {"size":4,"box":[2,2],"grid":[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2]]}
//! ```
//!
//! `grid` holds every digit (`0` empty; the reader also takes `null`, or a string in the
//! line format). Optional: `givens` (same shape; present when some digits were placed, its
//! non-zero cells are the givens; beside a `puzzle` string of the givens, `placed` is a
//! line of the placed digits), `marks` (for each row, for each cell, the list of
//! candidates of an empty cell), `info` (string fields of [`super::Info`], `extra` an
//! object), `solution` (rows, kept in `info` as a bank's solution column). The reader takes objects one after another (whitespace or commas between, a
//! top-level `[...]` array too), each parsed as it closes: memory holds one object.

use super::source::{Scan, Source};
use super::{Alphabet, Info, ParseError, ParseErrorKind, Puzzle, ReadOptions};
use crate::grid::{Candidates, Grid};
use crate::index::{Cell, Digit};
use crate::set::DigitSet;
use crate::shape::MAX_SIDE;
use serde_json::Value;
use std::io::BufRead;

/// How deep a JSON record may nest: a puzzle needs 4 levels (`marks`: rows, cells,
/// digits); deeper input is refused before it reaches the JSON parser.
pub const MAX_DEPTH: usize = 32;

/// Scanner state kept between records: the current line (or lines, for an object spread
/// over several) and how much of it has been read, and the rows of a bare grid
/// (`[[5,3,0,…],…]`) read so far, with where the first began.
#[derive(Default)]
pub(crate) struct State {
    cur: super::source::LineCursor,
    rows: Vec<Value>,
    rows_at: (usize, usize),
    /// The bytes of `rows`' text: a bare grid is one record, bounded as every record is.
    rows_bytes: usize,
    /// A bare grid past the bounds was refused: its remaining rows are passed over, and
    /// counted here, so that an endless one is refused again every [`MAX_SIDE`] rows (a
    /// stream never goes silent). `None` while no grid is being passed over.
    passing: Option<usize>,
    /// How many arrays around records are open: passed over, but no deeper than
    /// [`MAX_DEPTH`].
    outer: usize,
}

/// Finds the `}` closing the object whose `{` is the first byte fed, across pieces.
#[derive(Default)]
struct ObjectEnd {
    depth: usize,
    deepest: usize,
    in_str: bool,
    esc: bool,
}

impl Scan for ObjectEnd {
    fn feed(&mut self, piece: &str) -> Option<usize> {
        // The bytes looked for are ASCII: never part of a multi-byte character.
        for (i, b) in piece.bytes().enumerate() {
            if self.in_str {
                match (self.esc, b) {
                    (true, _) => self.esc = false,
                    (false, b'\\') => self.esc = true,
                    (false, b'"') => self.in_str = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.in_str = true,
                b'{' | b'[' => {
                    self.depth += 1;
                    self.deepest = self.deepest.max(self.depth);
                }
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }
}

pub(crate) fn read<R: BufRead>(
    src: &mut Source<R>,
    opts: &ReadOptions,
    state: &mut State,
) -> Option<Result<Puzzle, ParseError>> {
    let State {
        cur: st,
        rows,
        rows_at,
        rows_bytes,
        passing,
        outer,
    } = state;
    loop {
        let rest = &st.buf[st.pos..];
        let skip = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_whitespace() || c == ',')
                .len();
        st.advance(skip, src);
        if st.pos == st.buf.len() {
            match src.next_line() {
                Some(Ok(l)) => {
                    st.buf = l.text;
                    st.pos = 0;
                    st.line = l.no;
                    st.col = 1;
                }
                Some(Err(e)) => return Some(Err(e)),
                None if rows.is_empty() => return None,
                None => return Some(bare_grid(src, opts, rows, *rows_at)),
            }
            continue;
        }
        // Arrays around objects are passed over; an array of numbers is a row of a bare
        // grid, which ends with the array around its rows.
        let rest = &st.buf[st.pos..];
        if rest.starts_with(']') {
            st.advance(1, src);
            *outer = outer.saturating_sub(1);
            *passing = None;
            if !rows.is_empty() {
                return Some(bare_grid(src, opts, rows, *rows_at));
            }
            continue;
        }
        if let Some(after) = rest.strip_prefix('[') {
            let first = after.trim_start();
            let row = if first.is_empty() {
                // `[` alone on its line, as `json.dumps(grid, indent=2)` writes each row.
                next_line_opens_a_row(src)
            } else {
                opens_a_row(first)
            };
            if row {
                if rows.is_empty() {
                    *rows_at = (st.line, st.col);
                    *rows_bytes = 0;
                }
                match (json_value(src, st, "JSON array"), passing.as_mut()) {
                    (Ok(_), Some(passed)) => {
                        *passed += 1;
                        if *passed == MAX_SIDE {
                            *passed = 0;
                            let e = src.err(
                                rows_at.0,
                                rows_at.1,
                                ParseErrorKind::Invalid(format!(
                                    "a bare grid past the largest grid ({MAX_SIDE} rows): \
                                     {MAX_SIDE} more of its rows passed over"
                                )),
                            );
                            return Some(Err(e));
                        }
                    }
                    (Ok((row, text)), None) => {
                        rows.push(row);
                        *rows_bytes += text.len();
                        if rows.len() > MAX_SIDE || *rows_bytes > super::MAX_RECORD_BYTES {
                            let e = src.err(
                                rows_at.0,
                                rows_at.1,
                                ParseErrorKind::Invalid(format!(
                                    "a bare grid of {} rows ({} bytes) so far: past the \
                                     largest grid ({MAX_SIDE} rows) or the limit for one \
                                     record ({} MiB); its other rows are passed over",
                                    rows.len(),
                                    *rows_bytes,
                                    super::MAX_RECORD_BYTES >> 20
                                )),
                            );
                            rows.clear();
                            *passing = Some(0);
                            return Some(Err(e));
                        }
                    }
                    (Err(e), _) => {
                        rows.clear();
                        return Some(Err(e));
                    }
                }
            } else if *outer == MAX_DEPTH {
                let e = src.err(
                    st.line,
                    st.col,
                    ParseErrorKind::Invalid(format!(
                        "JSON nested more than {MAX_DEPTH} levels deep; a puzzle needs 4, at \
                         most {MAX_DEPTH} are read"
                    )),
                );
                *outer = 0;
                st.drop_line();
                return Some(Err(e));
            } else {
                *outer += 1;
                st.advance(1, src);
            }
            continue;
        }
        *passing = None;
        if !rows.is_empty() {
            return Some(bare_grid(src, opts, rows, *rows_at));
        }
        if st.buf[st.pos..].starts_with('"') {
            return Some(string_puzzle(src, opts, st));
        }
        if !st.buf[st.pos..].starts_with('{') {
            let ch = st.buf[st.pos..].chars().next().expect("not empty");
            let expected = if ch.is_ascii_digit() || ch == '-' {
                "'{' (a JSON object), a puzzle as a string, or a grid as rows of numbers, each \
                 opening on its line ([5, 3, 0, …])"
            } else {
                "'{' (a JSON object), a puzzle as a string, or a grid as rows of numbers"
            };
            let e = src.err(
                st.line,
                st.col,
                ParseErrorKind::BadChar {
                    ch,
                    expected: expected.into(),
                },
            );
            st.drop_line();
            return Some(Err(e));
        }
        let (line, col) = (st.line, st.col);
        let (value, text) = match json_value(src, st, "JSON object") {
            Ok(read) => read,
            Err(e) => return Some(Err(e)),
        };
        // A command's record of a line it passed over with a note (a header) is passed
        // over again, with the same note.
        if value.get("status").and_then(Value::as_str) == Some("skipped") {
            let said = value.get("message").and_then(Value::as_str).unwrap_or("");
            return Some(Err(src.err(
                line,
                col,
                ParseErrorKind::Unsupported(format!("a skipped line's record ({said})")),
            )));
        }
        return Some(
            from_value(&value, opts)
                .map(|p| Puzzle { line, ..p })
                .map_err(|m| {
                    let (l, c) = field_at(&text, &m).map_or((line, col), |(dl, c)| {
                        (line + dl, if dl == 0 { col + c } else { c + 1 })
                    });
                    src.err(l, c, ParseErrorKind::Invalid(m))
                }),
        );
    }
}

/// A puzzle as a JSON string (`["53..7…", "4...3…"]`, a list of puzzles as programs dump
/// it), read as a line of any line-based layout (plain, Sukaku, HoDoKu), its errors placed
/// in the file. Strings do not span lines in JSON.
fn string_puzzle<R: BufRead>(
    src: &mut Source<R>,
    opts: &ReadOptions,
    st: &mut super::source::LineCursor,
) -> Result<Puzzle, ParseError> {
    let (line, col) = (st.line, st.col);
    let rest = &st.buf[st.pos..];
    let mut esc = false;
    let end = rest.bytes().enumerate().skip(1).find_map(|(i, b)| {
        match (esc, b) {
            (true, _) => esc = false,
            (false, b'\\') => esc = true,
            (false, b'"') => return Some(i + 1),
            _ => {}
        }
        None
    });
    let Some(end) = end else {
        st.drop_line();
        return Err(src.err(
            line,
            col,
            ParseErrorKind::Invalid("unterminated JSON string".into()),
        ));
    };
    let token = rest[..end].to_string();
    st.advance(end, src);
    let text: String = serde_json::from_str(&token).map_err(|e| {
        src.err(
            line,
            col,
            ParseErrorKind::Invalid(format!("bad JSON string: {e}")),
        )
    })?;
    super::line::parse_any(&text, opts)
        .map(|p| Puzzle { line, ..p })
        .map_err(|e| {
            // The string's text starts a column past its quote.
            let at = if e.col == 0 { 0 } else { col + e.col };
            src.err(line, at, e.kind)
        })
}

/// The balanced JSON value (an array or an object) that starts at the cursor, read across
/// lines as far as [`MAX_RECORD_BYTES`](super::MAX_RECORD_BYTES): parsed, and its text.
fn json_value<R: BufRead>(
    src: &mut Source<R>,
    st: &mut super::source::LineCursor,
    what: &str,
) -> Result<(Value, String), ParseError> {
    let (line, col) = (st.line, st.col);
    let mut scan = ObjectEnd::default();
    let end = match src.extend_until(&mut st.buf, st.pos, &mut scan, what, st.line) {
        Ok(Some(end)) => end,
        Err(e) => {
            st.drop_line();
            return Err(e);
        }
        Ok(None) => {
            st.drop_line();
            return Err(src.err(
                line,
                col,
                ParseErrorKind::Invalid(format!("unterminated {what}")),
            ));
        }
    };
    let text = st.buf[st.pos..end].to_string();
    st.advance(end - st.pos, src);
    if scan.deepest > MAX_DEPTH {
        return Err(src.err(
            line,
            col,
            ParseErrorKind::Invalid(format!(
                "JSON nested {} levels deep; a puzzle needs 4, at most {MAX_DEPTH} are read",
                scan.deepest
            )),
        ));
    }
    match serde_json::from_str(&text) {
        Ok(value) => Ok((value, text)),
        Err(e) => {
            let (l, c) = (
                line + e.line().max(1) - 1,
                if e.line() <= 1 {
                    col + e.column().max(1) - 1
                } else {
                    e.column()
                },
            );
            Err(src.err(l, c, ParseErrorKind::Invalid(format!("bad JSON: {e}"))))
        }
    }
}

/// Whether JSON text starts with a number (or `null`): the first cell of a grid's row.
fn opens_a_row(t: &str) -> bool {
    t.starts_with(|c: char| c.is_ascii_digit() || c == '-') || t.starts_with("null")
}

/// Whether the next line that is not blank (among the next few) opens with a row's first
/// cell; the lines looked at are given back.
fn next_line_opens_a_row<R: BufRead>(src: &mut Source<R>) -> bool {
    let mut taken = Vec::new();
    let mut row = false;
    while taken.len() < 64 {
        let Some(item) = src.next_line() else { break };
        let text = item.as_ref().ok().map(|l| l.text.trim_start().to_string());
        taken.push(item);
        match text {
            Some(t) if t.is_empty() => continue,
            Some(t) => row = opens_a_row(&t),
            None => {}
        }
        break;
    }
    for item in taken.into_iter().rev() {
        src.push_back_result(item);
    }
    row
}

/// A bare grid, as `json.dumps` writes a list of rows (`[[5,3,0,…],…]`) or a flat list of
/// `n²` numbers (`[5,3,0,…]`): read as a record's `grid`, its errors at its first row.
fn bare_grid<R: BufRead>(
    src: &mut Source<R>,
    opts: &ReadOptions,
    rows: &mut Vec<Value>,
    (line, col): (usize, usize),
) -> Result<Puzzle, ParseError> {
    let mut rows = std::mem::take(rows);
    let flat = match rows.as_slice() {
        [Value::Array(cells)] => super::line::side_of_len(cells.len()).filter(|&n| n >= 4),
        _ => None,
    };
    if let Some(n) = flat {
        if let Some(Value::Array(cells)) = rows.pop() {
            rows = cells.chunks(n).map(|r| Value::Array(r.to_vec())).collect();
        }
    }
    let record = serde_json::json!({ "grid": rows });
    from_value(&record, opts)
        .map(|p| Puzzle { line, ..p })
        .map_err(|m| {
            src.err(
                line,
                col,
                ParseErrorKind::Invalid(format!("a bare grid: {m}")),
            )
        })
}

/// Where in a record's `text` the field an error `message` starts with (`"size" must
/// be …`) is: lines down from its first and the 0-based character column in that line,
/// so that the error points at the key rather than at the record's `{`.
fn field_at(text: &str, message: &str) -> Option<(usize, usize)> {
    let name = message.strip_prefix('"')?.split('"').next()?;
    let key = format!("\"{name}\"");
    let at = text
        .match_indices(&key)
        .map(|(i, _)| i)
        .find(|&i| text[i + key.len()..].trim_start().starts_with(':'))?;
    let before = &text[..at];
    let down = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Some((down, before[line_start..].chars().count()))
}

/// The rows of a square array of arrays (`n` of them when given), borrowed from `v`.
fn matrix<'v>(v: &'v Value, n: Option<usize>, what: &str) -> Result<Vec<&'v [Value]>, String> {
    let rows = v
        .as_array()
        .ok_or_else(|| format!("{what} must be an array of rows"))?;
    let n = n.unwrap_or(rows.len());
    if rows.len() != n {
        return Err(format!("{what} has {} rows, expected {n}", rows.len()));
    }
    rows.iter()
        .enumerate()
        .map(|(r, row)| {
            let cells = row
                .as_array()
                .ok_or_else(|| format!("{what} row {} must be an array", r + 1))?;
            if cells.len() != n {
                return Err(format!(
                    "{what} row {} has {} cells, expected {n}",
                    r + 1,
                    cells.len()
                ));
            }
            Ok(cells.as_slice())
        })
        .collect()
}

/// What kind of JSON value `v` is, for messages: "a number", "an array", ….
fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A cell's number (`null` for an empty cell), or what is wrong with it; the caller says
/// where, so that a good cell costs no message.
fn number(v: &Value, n: usize) -> Result<usize, String> {
    match v {
        Value::Null => Ok(0),
        Value::Number(x) => match x.as_u64() {
            Some(k) if k as usize <= n => Ok(k as usize),
            _ => Err(format!("{x} is out of range 0..={n}")),
        },
        other => Err(format!("{other} is not a number")),
    }
}

/// A puzzle from a parsed JSON object.
///
/// ```
/// use sudoku::format::{json::from_value, ReadOptions};
/// let six = r#"{"size": 6, "box": [4, 2], "grid": [[0,0,0,0,0,0],[0,0,0,0,0,0],
///     [0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,1]]}"#;
/// let v = serde_json::from_str(six)?;
/// let why = from_value(&v, &ReadOptions::default()).unwrap_err();
/// assert_eq!(why, "\"box\" [4, 2] makes 8x8 grids, but \"size\" is 6");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_value(v: &Value, opts: &ReadOptions) -> Result<Puzzle, String> {
    let obj = v.as_object().ok_or("a puzzle must be a JSON object")?;
    if obj.get("kind").and_then(Value::as_str) == Some(PLAY_SAVE) {
        return play_save(obj, opts);
    }
    // Records of our commands' `--json` carry the puzzle as a line in `puzzle` (with
    // `grid` rows too from `generate`): either will do.
    // `board` is sugoku's name (and other web APIs') for `grid`.
    let grid_v = match (
        obj.get("grid").or_else(|| obj.get("board")),
        obj.get("puzzle"),
    ) {
        (Some(g), _) => Some(g),
        (None, Some(p)) if !p.is_string() => {
            return Err(format!(
                "\"puzzle\" must be a string (the puzzle as a line), not {}",
                json_kind(p)
            ))
        }
        (None, p) => p,
    };
    let Some(grid_v) = grid_v else {
        // A command's report of input it could not read (`"status": "error"`) carries
        // no puzzle: say what it reported.
        if let (Some("error"), Some(m)) = (
            obj.get("status").and_then(Value::as_str),
            obj.get("message").and_then(Value::as_str),
        ) {
            return Err(format!("an error record, not a puzzle ({m})"));
        }
        return Err("missing \"grid\" (or \"puzzle\")".into());
    };
    let size = obj
        .get("size")
        .map(|s| {
            s.as_u64()
                .and_then(|x| usize::try_from(x).ok())
                .ok_or_else(|| format!("\"size\" must be a whole number (the side), not {s}"))
        })
        .transpose()?;
    let box_shape = match obj.get("box") {
        None => None,
        Some(b) => {
            let a = b
                .as_array()
                .filter(|a| a.len() == 2)
                .ok_or("\"box\" must be [rows, cols]")?;
            let (r, c) = (
                a[0].as_u64().unwrap_or(0) as usize,
                a[1].as_u64().unwrap_or(0) as usize,
            );
            Some(crate::Shape::new(r, c).map_err(|e| e.to_string())?)
        }
    };
    // Read in either shape it would be another puzzle: neither is taken quietly.
    if let (Some(b), Some(asked)) = (box_shape, opts.shape) {
        if b != asked {
            return Err(format!(
                "\"box\" [{}, {}] disagrees with the box shape asked for ({}x{})",
                b.box_rows(),
                b.box_cols(),
                asked.box_rows(),
                asked.box_cols()
            ));
        }
    }
    // Said as such: the rows were counted against the box's side ("expected 64 cells for
    // a 8x8 (4x2 boxes) grid, found 36" of a record whose `size` is 6).
    if let (Some(n), Some(b)) = (size, box_shape) {
        if b.side() != n {
            return Err(format!(
                "\"box\" [{}, {}] makes {m}x{m} grids, but \"size\" is {n}",
                b.box_rows(),
                b.box_cols(),
                m = b.side()
            ));
        }
    }
    // The symbols the puzzle's file used (so answers are written in them), and those its
    // `grid` string is in.
    let mut alphabet = match obj.get("alphabet") {
        None => None,
        Some(a) => Some(
            a.as_str()
                .and_then(Alphabet::from_name)
                .ok_or("\"alphabet\" must be \"standard\", \"hex\" or \"letters\"")?,
        ),
    };
    // Read in other symbols, the record's strings would fail or, worse, name other digits
    // (hex without a `0` reads as standard, every digit one higher): as a line's note.
    if let (Some(named), Some(asked)) = (alphabet, opts.alphabet) {
        if named != asked && grid_v.is_string() {
            return Err(format!(
                "\"alphabet\" is \"{}\", which disagrees with the alphabet asked for ({})",
                named.name(),
                asked.name()
            ));
        }
    }
    let mut grid = if let Some(s) = grid_v.as_str() {
        let o = ReadOptions {
            shape: box_shape.or(opts.shape),
            alphabet: opts.alphabet.or(alphabet),
            ..opts.clone()
        };
        let field = if obj.contains_key("grid") {
            "grid"
        } else {
            "puzzle"
        };
        let p = super::line::parse_record(s, &o)
            .map_err(|e| format!("\"{field}\" string: {}", e.message()))?;
        alphabet = p.alphabet;
        p.grid
    } else {
        let rows = matrix(grid_v, size.or(box_shape.map(|s| s.side())), "\"grid\"")?;
        let n = rows.len();
        let shape = match box_shape {
            Some(s) => s,
            None => opts.shape_for(n).ok_or_else(|| match opts.shape {
                Some(s) => format!("a grid of side {n}, expected {} for boxes {s}", s.side()),
                None => format!("no grid of side {n}"),
            })?,
        };
        let mut values = Vec::with_capacity(n * n);
        for (r, row) in rows.iter().enumerate() {
            for (c, x) in row.iter().enumerate() {
                values
                    .push(number(x, n).map_err(|e| format!("\"grid\" r{}c{}: {e}", r + 1, c + 1))?);
            }
        }
        Grid::from_values(shape, &values).map_err(|e| e.to_string())?
    };
    // A record with both (`generate --json` writes both) is read as one puzzle only if
    // they agree: an edited `puzzle` beside stale `grid` rows is not quietly dropped.
    if let (Some(_), Some(Value::String(line))) = (obj.get("grid"), obj.get("puzzle")) {
        let o = ReadOptions {
            shape: Some(grid.shape()),
            alphabet: opts.alphabet.or(alphabet),
            ..opts.clone()
        };
        let other = super::line::parse_record(line, &o)
            .map_err(|e| format!("\"puzzle\" string: {}", e.message()))?;
        if let Some(i) = (grid.values().iter())
            .zip(other.grid.values())
            .position(|(a, b)| a != b)
        {
            return Err(format!(
                "\"puzzle\" and \"grid\" are different puzzles (they differ at {})",
                Cell::new(i).name(grid.shape())
            ));
        }
    }
    let s = grid.shape();
    let n = s.side();
    // A grid of numbers in a record that names hex: its answers would be written in it.
    if let Some(a) = alphabet {
        a.spells_side(n)?;
    }
    if let Some(sz) = size {
        if sz != n {
            return Err(format!("\"size\" is {sz} but the grid is {n}x{n}"));
        }
    }
    // `givens` as a number is a count (`generate --json`, `solve --json`), not a grid.
    if let Some(g) = obj.get("givens").filter(|g| !g.is_number()) {
        let rows = matrix(g, Some(n), "\"givens\"")?;
        let all = grid.clone();
        for (i, x) in rows.iter().copied().flatten().enumerate() {
            let cell = Cell::new(i);
            let v = number(x, n).map_err(|e| format!("\"givens\": {e}"))?;
            match (v, all.get(cell)) {
                (0, Some(d)) => grid.set(cell, Some(d)),
                (0, None) => {}
                (v, Some(d)) if d.get() == v => {}
                (v, _) => {
                    return Err(format!(
                        "\"givens\" has {v} at {} where \"grid\" differs",
                        cell.name(s)
                    ))
                }
            }
        }
    }
    // A position's placed digits beside the `puzzle` line of its givens (records'
    // `placed`); `grid` rows hold every digit, `givens` rows telling which are given.
    match (obj.get("placed"), obj.get("grid")) {
        (None | Some(Value::Null), _) => {}
        (Some(_), Some(_)) => {
            return Err(
                "\"placed\" goes with a \"puzzle\" string: beside \"grid\" rows, \
                        \"givens\" rows tell the givens"
                    .into(),
            )
        }
        (Some(Value::String(text)), None) => {
            let placed = line_field(text, "placed", s, alphabet, opts)?;
            for cell in Cell::all(s) {
                match (placed.get(cell), grid.get(cell)) {
                    (Some(d), None) => grid.set(cell, Some(d)),
                    (Some(d), Some(_)) => {
                        return Err(format!(
                            "\"placed\" has {} at {} where \"puzzle\" has a given",
                            d.get(),
                            cell.name(s)
                        ))
                    }
                    (None, _) => {}
                }
            }
        }
        (Some(p), None) => {
            return Err(format!(
                "\"placed\" must be a string (the placed digits as a line), not {}",
                json_kind(p)
            ))
        }
    }
    let marks = match obj.get("marks") {
        None | Some(Value::Null) => None,
        Some(m) => {
            let rows = matrix(m, Some(n), "\"marks\"")?;
            let mut marks = Candidates::none(s);
            for (i, x) in rows.iter().copied().flatten().enumerate() {
                let list = x
                    .as_array()
                    .ok_or("\"marks\" cells must be arrays of digits")?;
                let mut set = DigitSet::EMPTY;
                for d in list {
                    match number(d, n).map_err(|e| format!("\"marks\": {e}"))? {
                        0 => return Err("\"marks\" digits start at 1".into()),
                        d => {
                            set.insert(Digit::new(d));
                        }
                    }
                }
                if grid.get(Cell::new(i)).is_none() {
                    marks.set(Cell::new(i), set);
                }
            }
            Some(marks)
        }
    };
    let mut info = Info::default();
    if let Some(Value::Object(m)) = obj.get("info") {
        let text = |k: &str| m.get(k).and_then(|v| v.as_str()).map(str::to_string);
        info.title = text("title");
        info.author = text("author");
        info.description = text("description");
        info.comment = text("comment");
        info.date = text("date");
        info.source = text("source");
        info.level = text("level");
        info.url = text("url");
        info.rating = text("rating");
        if let Some(Value::Object(x)) = m.get("extra") {
            for (k, v) in x {
                info.extra.push((
                    k.clone(),
                    v.as_str().map_or_else(|| v.to_string(), str::to_string),
                ));
            }
        }
    }
    // `solve --json`'s answer: kept as a puzzle bank's solution column is (numbers, space
    // separated), so that `sudoku check` checks it against the givens. A puzzle with
    // several solutions lists some under `solutions`: kept the same way, `;` between them.
    // `generate --json --with-solution` writes it as a string in the puzzle's symbols.
    let solution = match obj.get("solution") {
        Some(sol @ Value::Array(_)) => Some(solution_cells(sol, n, "\"solution\"")?),
        Some(Value::String(text)) => {
            let grid = line_field(text, "solution", s, alphabet, opts)?;
            let mut cells = String::with_capacity(grid.values().len() * 4);
            super::push_numbers(&mut cells, grid.values(), " ", 0);
            Some(cells)
        }
        _ => None,
    };
    if let Some(cells) = solution.filter(|_| info.get("solution").is_none()) {
        info.extra.push(("solution".into(), cells));
    }
    if let Some(Value::Array(list)) = obj.get("solutions") {
        let mut all = Vec::with_capacity(list.len());
        for (k, sol) in list.iter().enumerate() {
            all.push(solution_cells(sol, n, &format!("\"solutions\" {}", k + 1))?);
        }
        if !all.is_empty() && info.get("solutions").is_none() {
            info.extra.push(("solutions".into(), all.join("; ")));
        }
    }
    Ok(Puzzle {
        grid,
        marks,
        info,
        line: 0,
        source: None,
        alphabet,
    })
}

/// A record's string `field` in the line format, read in its `shape` and symbols.
fn line_field(
    text: &str,
    field: &str,
    shape: crate::Shape,
    alphabet: Option<Alphabet>,
    opts: &ReadOptions,
) -> Result<Grid, String> {
    let o = ReadOptions {
        shape: Some(shape),
        alphabet: alphabet.or(opts.alphabet),
        ..opts.clone()
    };
    super::line::parse_record(text, &o)
        .map(|p| p.grid)
        .map_err(|e| format!("\"{field}\" string: {}", e.message()))
}

/// The `kind` of a `sudoku play` save file.
pub const PLAY_SAVE: &str = "sudoku-play";

/// A `sudoku play` save file read as its puzzle (the givens; the moves are the game's):
/// its box shape is `shape` (`"3x2"`), and its `puzzle` line is always in the standard
/// symbols, `alphabet` naming the ones the game shows (answers are written in them).
fn play_save(obj: &serde_json::Map<String, Value>, opts: &ReadOptions) -> Result<Puzzle, String> {
    let text = |k: &str| {
        obj.get(k)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("\"{k}\" must be a string in a play save file"))
    };
    let shape = crate::Shape::parse(text("shape")?).map_err(|e| format!("\"shape\": {e}"))?;
    let alphabet = match obj.get("alphabet") {
        None | Some(Value::Null) => None,
        Some(a) => Some(
            a.as_str()
                .and_then(Alphabet::from_name)
                .ok_or("\"alphabet\" must be \"standard\", \"hex\" or \"letters\"")?,
        ),
    };
    let record = serde_json::json!({
        "puzzle": text("puzzle")?,
        "box": [shape.box_rows(), shape.box_cols()],
    });
    let standard = ReadOptions {
        alphabet: Some(Alphabet::Standard),
        ..opts.clone()
    };
    let mut p = from_value(&record, &standard)?;
    if let Some(a) = alphabet {
        a.spells_side(shape.side())?;
    }
    p.alphabet = alphabet.or(opts.alphabet);
    Ok(p)
}

/// The cells of a solution grid (rows of numbers), space separated as a bank's column.
fn solution_cells(sol: &Value, n: usize, what: &str) -> Result<String, String> {
    let rows = matrix(sol, Some(n), what)?;
    let mut cells = String::with_capacity(n * n * 4);
    for (r, row) in rows.iter().enumerate() {
        for (c, x) in row.iter().enumerate() {
            let v = number(x, n).map_err(|e| format!("{what} r{}c{}: {e}", r + 1, c + 1))?;
            if !cells.is_empty() {
                cells.push(' ');
            }
            super::push_number(&mut cells, v as u16, 0);
        }
    }
    Ok(cells)
}

/// A pencil-mark grid's candidates as its `marks` field holds them: rows of cells, each the
/// list of its candidates (empty for a filled cell); `None` when the puzzle has no marks.
pub fn marks_rows(p: &Puzzle) -> Option<Vec<Vec<Vec<usize>>>> {
    let m = p.marks.as_ref()?;
    let n = p.shape().side();
    let cell = |i: usize| match p.grid.get(Cell::new(i)) {
        Some(_) => Vec::new(),
        None => m.get(Cell::new(i)).iter().map(Digit::get).collect(),
    };
    Some(
        (0..n)
            .map(|r| (0..n).map(|c| cell(r * n + c)).collect())
            .collect(),
    )
}

/// The `marks` field as JSON text ([`marks_rows`]).
pub fn marks_json(p: &Puzzle) -> Option<String> {
    marks_rows(p).map(|rows| serde_json::to_string(&rows).expect("numbers serialise"))
}

fn rows_json(values: &[u16], n: usize) -> String {
    let mut out = String::with_capacity(values.len() * 4 + 2);
    out.push('[');
    for (r, row) in values.chunks(n).enumerate() {
        out += if r > 0 { ",[" } else { "[" };
        super::push_numbers(&mut out, row, ",", 0);
        out.push(']');
    }
    out.push(']');
    out
}

fn string(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialise")
}

/// Writes `p` as one JSON object on one line.
pub fn write(p: &Puzzle) -> String {
    let s = p.shape();
    let n = s.side();
    let mut out = format!(
        "{{\"size\":{n},\"box\":[{},{}],\"grid\":{}",
        s.box_rows(),
        s.box_cols(),
        rows_json(p.grid.values(), n)
    );
    if p.grid.has_placed() {
        out += &format!(",\"givens\":{}", rows_json(p.grid.givens().values(), n));
    }
    if let Some(a) = p.alphabet.filter(|&a| a.named_in_records(n)) {
        out += &format!(",\"alphabet\":\"{}\"", a.name());
    }
    if let Some(marks) = marks_json(p) {
        out += &format!(",\"marks\":{marks}");
    }
    if !p.info.is_empty() {
        let i = &p.info;
        let mut fields = Vec::new();
        for (k, v) in [
            ("title", &i.title),
            ("author", &i.author),
            ("description", &i.description),
            ("comment", &i.comment),
            ("date", &i.date),
            ("source", &i.source),
            ("level", &i.level),
            ("url", &i.url),
            ("rating", &i.rating),
        ] {
            if let Some(v) = v {
                fields.push(format!("\"{k}\":{}", string(v)));
            }
        }
        if !i.extra.is_empty() {
            let x: Vec<String> = i
                .extra
                .iter()
                .map(|(k, v)| format!("{}:{}", string(k), string(v)))
                .collect();
            fields.push(format!("\"extra\":{{{}}}", x.join(",")));
        }
        out += &format!(",\"info\":{{{}}}", fields.join(","));
    }
    out.push('}');
    out
}

/// The fields every `--json` record that carries a puzzle starts from: where it was read
/// (`source` and `line`), the puzzle as a line (`puzzle`), `size`, `box` and, when not the
/// standard symbols, `alphabet`, and a pencil-mark grid's `marks`. Since [`from_value`] reads them back, such a record is input to
/// every command with its box shape and symbols; [`Headed`] puts a face's own fields
/// beside them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PuzzleHeader {
    /// The input the puzzle was read from ([`Puzzle::source`]: a file name, `<stdin>`),
    /// as error records name it; none for a puzzle read from no input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// 1-based line where the puzzle starts in its input (0 when it has none).
    pub line: usize,
    /// The puzzle in the line format, in its own symbols: its givens.
    pub puzzle: String,
    /// A position's digits placed since the givens, in the line format (the other cells
    /// empty); none when it has none. Without them a record of a game in progress would
    /// read back with its placed digits as givens: another puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placed: Option<String>,
    /// The grid's side.
    pub size: usize,
    /// The box shape, `[rows, cols]`.
    #[serde(rename = "box")]
    pub box_shape: [usize; 2],
    /// The symbols' name ([`Alphabet::name`]) when not the standard ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alphabet: Option<&'static str>,
    /// A pencil-mark grid's candidates ([`marks_json`]), so that the record is the same
    /// position: without them a grid whose marks rule out its solution would read back as
    /// the bare givens, with another answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks: Option<Vec<Vec<Vec<usize>>>>,
}

impl PuzzleHeader {
    /// The header of `p`.
    ///
    /// ```
    /// use sudoku::format::{self, json::PuzzleHeader, Alphabet, ReadOptions};
    /// let mut p = format::parse_str(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ///     None,
    /// )?;
    /// p.alphabet = Some(Alphabet::Letters);
    /// let h = PuzzleHeader::of(&p);
    /// assert_eq!((h.size, h.box_shape, h.alphabet), (9, [3, 3], Some("letters")));
    /// assert!(h.puzzle.starts_with("EC..G"));
    /// let back = format::json::from_value(&serde_json::to_value(&h)?, &ReadOptions::default())?;
    /// assert_eq!((back.grid, back.alphabet), (p.grid, p.alphabet));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(p: &Puzzle) -> PuzzleHeader {
        let s = p.shape();
        let line = |grid: Grid| {
            let only = Puzzle {
                alphabet: p.alphabet,
                ..Puzzle::new(grid)
            };
            super::write(&only, super::Format::Line).unwrap_or_default()
        };
        let placed = p.grid.has_placed().then(|| {
            let mut g = p.grid.clone();
            for cell in Cell::all(s).filter(|&c| p.grid.is_given(c)) {
                g.set(cell, None);
            }
            line(g)
        });
        PuzzleHeader {
            source: p.source.as_deref().map(str::to_owned),
            line: p.line,
            puzzle: line(p.grid.givens()),
            placed,
            size: s.side(),
            box_shape: [s.box_rows(), s.box_cols()],
            alphabet: p
                .alphabet
                .filter(|&a| a.named_in_records(s.side()))
                .map(Alphabet::name),
            marks: marks_rows(p),
        }
    }
}

/// A face's record of a puzzle: the [`PuzzleHeader`] and the face's own fields (`body`,
/// a record that serialises as a map) side by side in one JSON object.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Headed<T> {
    /// The puzzle's fields.
    #[serde(flatten)]
    pub header: PuzzleHeader,
    /// The face's fields.
    #[serde(flatten)]
    pub body: T,
}

impl<T> Headed<T> {
    /// `body` beside the header of `p`.
    pub fn new(p: &Puzzle, body: T) -> Headed<T> {
        Headed {
            header: PuzzleHeader::of(p),
            body,
        }
    }
}
