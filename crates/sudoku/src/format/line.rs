//! The one-line format: `n²` cell characters, row-major (docs/formats.md).
//!
//! Alphabets: up to 9x9 `1-9`; up to 35 `1-9` then `A-Z` (the web and print convention, so
//! 16x16 uses `1-9A-G`); hex `0-F` for 16x16 when `0` is a digit; `A-Y` for 25x25. Empty
//! cells are `.` or `0` (when `0` is not a digit), or Sudopedia's "one other character":
//! when a line holds no `.`/`0` and all its non-digits are one character, that character
//! is the empty marker (`X`, `*`, `_`, `-`, space …).
//!
//! What the reader tolerates around the cells:
//! * a comment or rating after a space, tab, `,`, `;` or `#` (kept in [`Info::comment`] /
//!   [`Info::rating`]; serate's `<81> ED=7.1/1.2/1.2`); digits in comments are never read;
//! * CSV rows: the puzzle is the first field that has the length of a grid (field 5 first
//!   when the row has six commas or more, as gsf's q1/q2 lists; field 1 in
//!   HardestDatabase110626 rows);
//! * sudoku-exchange rows `<hex id> <81 digits> <rating>` (id in `extra` as `id`);
//! * HoDoKu's values variant: `+d` is a placed (non-given) digit;
//! * grids beyond 35x35 (and leptonica's `"d d d …"` string): a line of `n²`
//!   whitespace-separated numbers.
//!
//! The writer writes the standard alphabet with `.` for empty (`A-Y` for 25x25), and
//! numbers beyond 35x35.

use super::{Alphabet, Info, ParseError, ParseErrorKind, Puzzle, ReadOptions, WriteError};
use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::shape::Shape;

/// Parses a one-line puzzle of `n²` cells (shape from the length, boxes wider than tall).
/// Trailing text after whitespace, `,`, `;` or `#` is ignored.
pub fn parse_line(line: &str) -> Result<Grid, ParseError> {
    parse_line_with(line, None, None)
}

/// The cell part of a line: up to the first space, tab, `,`, `;` or `#` after at least one
/// cell, with `\r` and leading blanks stripped.
pub fn cell_field(line: &str) -> &str {
    let line = line.trim_end_matches(['\r', '\n']);
    let line = line.trim_start();
    match line.find([' ', '\t', ',', ';', '#']) {
        Some(0) | None => line,
        Some(i) => &line[..i],
    }
}

/// Whether `line` is one puzzle whatever its length says: cells and a `# box RxC` note of
/// that many cells (as [`write_line`] writes boxes that are not the usual ones, and every
/// side below 4), or as many cells as the `shape` given has.
pub(crate) fn is_whole_line(line: &str, shape: Option<Shape>) -> bool {
    let field = cell_field(line);
    let cells = cell_count(field);
    let rest = &line.trim_start()[field.len()..];
    field
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '_'))
        && (box_note(rest).is_some_and(|s| s.is_ok_and(|s| s.cell_count() == cells))
            || shape.is_some_and(|s| s.cell_count() == cells))
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
    parse_record(
        line,
        &ReadOptions {
            format: None,
            shape,
            alphabet,
        },
    )
    .map(|p| p.grid)
}

/// Number of cells in a field (`+` marks a placed digit and is no cell).
fn cell_count(field: &str) -> usize {
    field.chars().filter(|&c| c != '+').count()
}

/// Whether `count` cells make a grid (of the forced shape, if any).
fn fits(count: usize, opts: &ReadOptions) -> bool {
    match opts.shape {
        Some(s) => s.cell_count() == count,
        None => side_of_len(count).is_some_and(|n| Shape::from_side(n).is_ok()),
    }
}

/// The lengths a line may have, for an error about one of `found` cells: a square too big
/// for one character a cell is named as such.
fn expected_cells(opts: &ReadOptions, found: usize) -> String {
    let r = (found as f64).sqrt().round() as usize;
    if opts.shape.is_none() && r * r == found && r > 35 {
        return format!(
            "at most 1225 cells in one character a cell (35x35; a {r}x{r} grid is written \
             as numbers: `1 . {r} …`)"
        );
    }
    match opts.shape {
        Some(s) => format!(
            "{} cells (a {}x{} grid, boxes {s})",
            s.cell_count(),
            s.side(),
            s.side()
        ),
        None => "81 cells (or 16, 36, 64, 144, 256, 625 …)".into(),
    }
}

/// Character column (0-based) of byte offset `byte` in `text`.
fn char_col(text: &str, byte: usize) -> usize {
    text[..byte].chars().count()
}

/// Parses one line of the line family (see the module docs) into a puzzle. Errors are on
/// line 1: the caller moves them.
pub(crate) fn parse_record(text: &str, opts: &ReadOptions) -> Result<Puzzle, ParseError> {
    let text = text.trim_end_matches(['\r', '\n']);
    // A CSV row with quoted fields (`"1","53..7…"`, as R's write.csv and spreadsheets save
    // banks): the quotes stand for blanks, so that columns stay where they were.
    // A whole line in quotes (`"53..7…"`, `'53..7…'`, as a program's string literal is
    // pasted) likewise.
    let unquoted;
    let text = if is_quoted_csv(text) {
        unquoted = text.replace('"', " ");
        unquoted.as_str()
    } else if let Some(q) = whole_line_quote(text) {
        unquoted = text.replace(q, " ");
        unquoted.as_str()
    } else {
        text
    };
    let body = text.trim_start();
    let lead = char_col(text, text.len() - body.len());
    let cut = match body.find([' ', '\t', ',', ';', '#']) {
        Some(0) | None => body.len(),
        Some(i) => i,
    };
    let (field, rest) = body.split_at(cut);
    // A quote left among the cells is half of a pair: the other was lost in the copy
    // (cells never hold one). Counted as a cell it made "found 82" of a good line.
    if let Some(i) = field.find(['"', '\'']) {
        let why = "a quote without its partner (a puzzle in quotes needs one at each end)";
        return Err(ParseError::at(
            1,
            lead + char_col(field, i) + 1,
            ParseErrorKind::Invalid(why.to_string()),
        ));
    }
    // A control character after the cells (in a comment, a rating, another CSV field) is
    // named where it stands; one among the cells is named below, as a cell it is not.
    if let Some((col, kind)) = super::stray_after_cells(rest, lead + field.chars().count()) {
        return Err(ParseError::at(1, col, kind));
    }
    // 1. The usual case: cells first, then perhaps a comment or rating; a `# box RxC` note
    //    (what [`write_line`] adds for boxes other than the usual ones) gives the shape,
    //    and for a side no box shape is usual for (a prime: 1x5 boxes) or too short for
    //    its line to be told from a grid row (2x2, 3x3), the side too.
    let note = match box_note(rest) {
        Some(Err(why)) => {
            let note = rest.trim_start_matches([' ', '\t', ',', ';']);
            let col = lead + char_col(body, body.len() - note.len()) + 1;
            return Err(ParseError::at(1, col, ParseErrorKind::Invalid(why)));
        }
        note => note.and_then(Result::ok),
    };
    let spelled = alphabet_note(rest);
    let disagreeing = note
        .and_then(|noted| disagreeing_note(noted, opts))
        .or_else(|| spelled.and_then(|a| disagreeing_alphabet(a, opts)));
    if let Some(why) = disagreeing {
        let note = rest.trim_start_matches([' ', '\t', ',', ';']);
        let col = lead + char_col(body, body.len() - note.len()) + 1;
        return Err(ParseError::at(1, col, ParseErrorKind::Invalid(why)));
    }
    let noted_fits =
        opts.shape.is_none() && note.is_some_and(|s| s.cell_count() == cell_count(field));
    if noted_fits || fits(cell_count(field), opts) {
        let noted;
        let o = if note.is_some() && opts.shape.is_none() || spelled.is_some() {
            noted = ReadOptions {
                shape: opts.shape.or(note),
                alphabet: opts.alphabet.or(spelled),
                ..opts.clone()
            };
            &noted
        } else {
            opts
        };
        let grid = parse_cells(field, lead, o)?;
        let mut info = trailing_info(rest);
        solution_column(rest, grid.shape(), o, &mut info);
        if note.is_some() || spelled.is_some() {
            info.comment = info
                .comment
                .as_deref()
                .and_then(|c| c.split_once('#'))
                .map(|(_, more)| more.trim().to_string())
                .filter(|c| !c.is_empty());
        }
        let side = grid.shape().side();
        let alphabet = o.alphabet.unwrap_or_else(|| Alphabet::detect(side, field));
        return Ok(Puzzle {
            info,
            alphabet: Some(alphabet),
            ..Puzzle::new(grid)
        });
    }
    // 2. A line of n² numbers (grids beyond 35x35, leptonica's string).
    // More tokens than the largest grid has cells: none of the cases below (counted
    // first, so that a line of millions of tokens allocates nothing).
    let cells_max = crate::shape::MAX_SIDE * crate::shape::MAX_SIDE;
    // Boxes that are not the usual ones (`--box 2x32`) end the numbers with their note.
    if let Some(hash) = body.find('#') {
        let (numbers, note) = body.split_at(hash);
        let noted = box_note(note).and_then(Result::ok);
        if let Some(why) = noted.and_then(|noted| disagreeing_note(noted, opts)) {
            let col = lead + char_col(body, hash) + 1;
            return Err(ParseError::at(1, col, ParseErrorKind::Invalid(why)));
        }
        if let Some(shape) = opts.shape.or(noted) {
            if numbers.split_whitespace().nth(shape.cell_count()).is_none() {
                let tokens = tokens_with_offsets(numbers);
                if tokens.len() == shape.cell_count()
                    && tokens.len() >= 16
                    && tokens.iter().all(|(_, t)| is_number_token(t))
                {
                    let noted = ReadOptions {
                        shape: Some(shape),
                        ..opts.clone()
                    };
                    return parse_numbers(&tokens, lead, &noted).map(Puzzle::new);
                }
            }
        }
    }
    // Numbers and blanks only (a giant grid's line, what `--to line` and `--json` write
    // past 35x35): read in one pass. Any other line, or a number past the grid's side,
    // takes the general path below.
    let mut values = Vec::new();
    if plain_numbers(body, |v| values.push(v)) {
        let count = values.len();
        let r = (count as f64).sqrt().round() as usize;
        if (16..=cells_max).contains(&count) && r * r == count {
            if let Some(shape) = opts.shape_for(r).filter(|_| values.iter().all(|&v| v <= r)) {
                let grid = Grid::from_values(shape, &values).expect("values checked");
                return Ok(Puzzle::new(grid));
            }
        }
    }
    drop(values);
    let tokens: Vec<(usize, &str)> = if body.split_whitespace().nth(cells_max).is_some() {
        Vec::new()
    } else {
        tokens_with_offsets(body)
    };
    let square = |k: usize| {
        let r = (k as f64).sqrt().round() as usize;
        r * r == k && opts.shape_for(r).is_some()
    };
    if tokens.len() >= 16 && square(tokens.len()) && tokens.iter().all(|(_, t)| is_number_token(t))
    {
        return parse_numbers(&tokens, lead, opts).map(Puzzle::new);
    }
    // 3. sudoku-exchange: `<hex id> <cells> <rating>`; a numbered list: `12. <cells>`,
    //    `12) <cells>`, `12: <cells>` (the number is no puzzle's cell, whatever follows).
    let hex_id = |t: &str| t.chars().all(|c| c.is_ascii_hexdigit());
    let number = |t: &str| {
        t.strip_suffix(['.', ')', ':'])
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    };
    if tokens.len() >= 2
        && (hex_id(tokens[0].1) || number(tokens[0].1))
        && fits(cell_count(tokens[1].1), opts)
    {
        let (off, f) = tokens[1];
        let grid = parse_cells(f, lead + char_col(body, off), opts)?;
        let mut info = Info::default();
        if hex_id(tokens[0].1) {
            info.extra.push(("id".into(), tokens[0].1.to_string()));
        }
        let rating: Vec<&str> = tokens[2..].iter().map(|t| t.1).collect();
        if !rating.is_empty() {
            info.rating = Some(rating.join(" "));
        }
        return Ok(Puzzle {
            info,
            ..Puzzle::new(grid)
        });
    }
    // 4. CSV rows (gsf q1/q2 lists, HardestDatabase110626), separated by commas or, as
    //    spreadsheets save them where the comma is the decimal mark, by semicolons.
    let sep = if body.contains(',') { ',' } else { ';' };
    if body.contains(sep) {
        // Fields with their byte offsets, walked lazily: a row may hold millions of them.
        let fields = || {
            body.split(sep).scan(0, |off, f| {
                let at = *off;
                *off += f.len() + 1;
                Some((at, f))
            })
        };
        let fifth_first = body.bytes().filter(|&b| b == sep as u8).nth(5).is_some();
        let first = fields().nth(4).filter(|_| fifth_first);
        let rest = fields()
            .enumerate()
            .filter(move |(i, _)| !(fifth_first && *i == 4))
            .map(|(_, f)| f);
        for (off, f) in first.into_iter().chain(rest) {
            let t = f.trim();
            if !t.is_empty() && !t.contains(char::is_whitespace) && fits(cell_count(t), opts) {
                let at = off;
                let off = off + (f.len() - f.trim_start().len());
                let grid = parse_cells(t, lead + char_col(body, off), opts)?;
                let mut info = Info::default();
                // A solution column is among the first few others.
                let others: Vec<&str> = fields()
                    .filter(|&(o, _)| o != at)
                    .map(|(_, f)| f)
                    .take(8)
                    .collect();
                solution_column(&others.join(","), grid.shape(), opts, &mut info);
                return Ok(Puzzle {
                    info,
                    ..Puzzle::new(grid)
                });
            }
        }
    }
    // 5. A header of column names (`quizzes,solutions`, `Puzzle,Solution,`) or a title in
    //    words (`Café sudoku`, `Sudoku: hard`, `Puzzles for Anna`, as long as a 4x4's
    //    line): no puzzle, and no error either.
    if is_header(body) || is_words(body) && !fits(cell_count(field), opts) {
        return Err(ParseError::at(
            1,
            0,
            ParseErrorKind::Unsupported("a header or title line, not a puzzle".into()),
        ));
    }
    // 6. Sudopedia: blanks as the empty marker, over the whole line.
    if text.contains(' ') && fits(text.chars().count(), opts) {
        let grid = parse_cells(text, 0, opts)?;
        return Ok(Puzzle::new(grid));
    }
    if let Some((col, kind)) = super::stray_char(field, lead) {
        return Err(ParseError::at(1, col, kind));
    }
    let len = cell_count(field);
    Err(ParseError::at(
        1,
        lead + field.chars().count() + 1,
        ParseErrorKind::Length {
            expected: expected_cells(opts, len),
            found: len,
        },
    ))
}

/// A CSV row whose fields are quoted: a first field in quotes, or a quote after a
/// separator. Cells never hold a `"`.
fn is_quoted_csv(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('"') && t.contains([',', ';']) || t.contains(",\"") || t.contains(";\"")
}

/// The quote around a whole line (`"…"` or `'…'`), with none inside.
fn whole_line_quote(text: &str) -> Option<char> {
    let t = text.trim();
    let q = t.chars().next().filter(|c| matches!(c, '"' | '\''))?;
    (t.len() >= 2 && t.ends_with(q) && t.matches(q).count() == 2).then_some(q)
}

/// Parses a line in whichever line-based format it is: HoDoKu library (`:` first),
/// Sukaku (a candidate block per cell), or the plain line.
pub(crate) fn parse_any(text: &str, opts: &ReadOptions) -> Result<Puzzle, ParseError> {
    if text.trim_start().starts_with(':') {
        super::hodoku::parse(text, opts)
    } else if super::sukaku::looks_like(text) {
        super::sukaku::parse(text, opts)
    } else {
        parse_record(text, opts)
    }
}

/// Words, not cells: a run of three letters, one of them lower case (cells in letters are
/// upper case), or any letter outside ASCII.
fn is_words(body: &str) -> bool {
    let mut run = (0, false);
    for c in body.chars() {
        if !c.is_ascii() && c.is_alphabetic() {
            return true;
        }
        run = match (c.is_ascii_alphabetic(), run) {
            (true, (k, lower)) => (k + 1, lower || c.is_ascii_lowercase()),
            (false, _) => (0, false),
        };
        if run.0 >= 3 && run.1 {
            return true;
        }
    }
    false
}

/// Column names or a title: words only (letters, digits after a letter, `_`, `-`, `.`,
/// blanks), separated by commas or not, and no field of cells.
fn is_header(body: &str) -> bool {
    let t = body.trim().trim_end_matches(',');
    let fields: Vec<&str> = t.split([',', ';', '\t']).map(str::trim).collect();
    !t.is_empty()
        && fields.iter().all(|f| {
            f.chars().next().is_none_or(|c| c.is_ascii_alphabetic())
                && f.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | '.'))
        })
        && fields.iter().any(|f| {
            f.chars().filter(|c| c.is_ascii_alphabetic()).count() >= 3
                && f.chars().any(|c| c.is_ascii_lowercase())
        })
}

/// A filled grid of the same side among the other fields of a row (a puzzle bank's
/// solution column), kept as `info.extra` `solution` for `sudoku check`.
fn solution_column(rest: &str, shape: Shape, opts: &ReadOptions, info: &mut Info) {
    let n2 = shape.cell_count();
    for t in rest.split([',', ';', ' ', '\t']).map(str::trim) {
        if cell_count(t) == n2 {
            if let Ok(g) = parse_cells(t, 0, opts) {
                if g.filled_count() == n2 && g.shape() == shape {
                    info.extra.push(("solution".into(), t.to_string()));
                    return;
                }
            }
        }
    }
}

/// Why a `# box RxC` note that says `noted` cannot stand with `opts` (whose shape, when it
/// has one, was asked for: `--box`, or a JSON record's `box`): read in either shape it would
/// be another puzzle, so neither is taken quietly.
fn disagreeing_note(noted: Shape, opts: &ReadOptions) -> Option<String> {
    let asked = opts.shape.filter(|&asked| asked != noted)?;
    Some(format!(
        "the note `# box {}x{}` disagrees with the box shape asked for ({}x{})",
        noted.box_rows(),
        noted.box_cols(),
        asked.box_rows(),
        asked.box_cols()
    ))
}

/// Why an `alphabet NAME` note that says `spelled` cannot stand with the alphabet `opts`
/// asks for (`--alphabet`, a JSON record's `alphabet`).
fn disagreeing_alphabet(spelled: Alphabet, opts: &ReadOptions) -> Option<String> {
    let asked = opts.alphabet.filter(|&asked| asked != spelled)?;
    Some(format!(
        "the note `alphabet {}` disagrees with the alphabet asked for ({})",
        spelled.name(),
        asked.name()
    ))
}

/// The alphabet of a trailing `# alphabet NAME` note, or of `alphabet NAME` after a box
/// note (`# box 3x2 alphabet letters`): what [`write`] adds when the cells alone would be
/// read in other symbols (a 16x16 in hex with no `0`). An unknown name leaves the note a
/// comment (`# alphabet soup`).
fn alphabet_note(rest: &str) -> Option<Alphabet> {
    let r = rest.trim_start_matches([' ', '\t', ',', ';']).trim_start();
    let mut words = r.strip_prefix('#')?.split_whitespace();
    let mut word = words.next()?;
    if word.eq_ignore_ascii_case("box") {
        words.next()?;
        word = words.next()?;
    }
    if !word.eq_ignore_ascii_case("alphabet") {
        return None;
    }
    Alphabet::from_name(words.next()?)
}

/// The box shape of a trailing `# box RxC` note (docs/formats.md, `box` in any case), if
/// there is one; `Err` saying why for a note whose `RxC` is no box shape (`# box 0x6`),
/// which would otherwise leave the usual boxes, another puzzle.
fn box_note(rest: &str) -> Option<Result<Shape, String>> {
    let r = rest.trim_start_matches([' ', '\t', ',', ';']).trim_start();
    let c = r.strip_prefix('#')?.trim_start();
    let word = c.get(..4)?;
    if !word.eq_ignore_ascii_case("box ") {
        return None;
    }
    let spec = c[4..].split_whitespace().next()?;
    // `# box of 50 puzzles` is a comment; `# box 0x6` is a note gone wrong.
    if !spec.starts_with(|ch: char| ch.is_ascii_digit()) || !spec.contains(['x', 'X']) {
        return None;
    }
    Some(Shape::parse(spec).map_err(|e| format!("the note `# box {spec}`: {e}")))
}

/// The note [`write_line`] adds after the cells of a grid whose boxes are not the usual
/// ones for its side (6x6 in 3x2 boxes): `" # box 3x2"`, else nothing.
pub fn box_note_for(shape: Shape) -> String {
    if shape.side() >= 4 && Shape::from_side(shape.side()).ok() == Some(shape) {
        String::new()
    } else {
        format!(" # box {}x{}", shape.box_rows(), shape.box_cols())
    }
}

fn trailing_info(rest: &str) -> Info {
    let mut info = Info::default();
    let r = rest.trim_start_matches([' ', '\t', ',', ';']).trim();
    if let Some(c) = r.strip_prefix('#') {
        let c = c.trim();
        if !c.is_empty() {
            info.comment = Some(c.to_string());
        }
    } else if !r.is_empty() {
        let first = r.split_whitespace().next().unwrap_or("");
        if ["ED=", "ER=", "EP="].iter().any(|p| first.starts_with(p))
            || first.parse::<f64>().is_ok()
        {
            info.rating = Some(r.to_string());
        } else {
            info.comment = Some(r.to_string());
        }
    }
    info
}

/// Whitespace-separated tokens with their byte offsets.
pub(crate) fn tokens_with_offsets(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(st)) => {
                out.push((st, &s[st..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push((st, &s[st..]));
    }
    out
}

/// A number (up to 3 digits) or `.`: a cell of a matrix.
pub(crate) fn is_number_token(t: &str) -> bool {
    t == "." || (!t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit()))
}

/// Reads a text of number tokens ([`is_number_token`], `.` as 0) apart by blanks and tabs
/// in one pass over its bytes, handing each value to `each`; `false` as soon as the text
/// holds any other byte, or a token that is no number. A giant grid's line is megabytes
/// of such tokens: this is how it is counted and read, and a text it turns down goes to
/// the general path, which says what is wrong and where.
pub(crate) fn plain_numbers(text: &str, mut each: impl FnMut(usize)) -> bool {
    // The token being read: its length, its value, whether it is `.`.
    let (mut len, mut value, mut dot) = (0usize, 0usize, false);
    for &b in text.as_bytes() {
        match b {
            b'0'..=b'9' if !dot && len < 3 => {
                value = value * 10 + usize::from(b - b'0');
                len += 1;
            }
            b'.' if len == 0 => {
                dot = true;
                len = 1;
            }
            b' ' | b'\t' => {
                if len > 0 {
                    each(value);
                }
                (len, value, dot) = (0, 0, false);
            }
            _ => return false,
        }
    }
    if len > 0 {
        each(value);
    }
    true
}

fn parse_numbers(
    tokens: &[(usize, &str)],
    lead: usize,
    opts: &ReadOptions,
) -> Result<Grid, ParseError> {
    let count = tokens.len();
    let r = (count as f64).sqrt().round() as usize;
    let shape = if r * r == count {
        opts.shape_for(r)
    } else {
        None
    };
    let Some(shape) = shape else {
        let (off, t) = tokens[count - 1];
        return Err(ParseError::at(
            1,
            lead + off + t.len() + 1,
            ParseErrorKind::Length {
                expected: expected_cells(opts, count).replace("cells", "numbers"),
                found: count,
            },
        ));
    };
    let n = shape.side();
    let mut values = Vec::with_capacity(count);
    for &(off, t) in tokens {
        let v = if t == "." {
            0
        } else {
            t.parse::<usize>().unwrap_or(usize::MAX)
        };
        if v > n {
            // A number up to the count: a row of a grid wider than the largest, not a grid
            // on one line.
            let why = if v <= count && count > crate::shape::MAX_SIDE {
                format!(
                    "number {t} is out of range 0..={n} (read as a {n}x{n} grid on one line; \
                     as a row of a {count}x{count} grid it is past the largest grid, {}x{})",
                    crate::shape::MAX_SIDE,
                    crate::shape::MAX_SIDE
                )
            } else {
                format!("number {t} is out of range 0..={n}")
            };
            return Err(ParseError::at(
                1,
                lead + off + 1,
                ParseErrorKind::Invalid(why),
            ));
        }
        values.push(v);
    }
    Ok(Grid::from_values(shape, &values).expect("values checked against the shape"))
}

/// Parses the cells of `field` (which starts at 0-based character column `col0`).
pub(crate) fn parse_cells(
    field: &str,
    col0: usize,
    opts: &ReadOptions,
) -> Result<Grid, ParseError> {
    match parse_plain_digits(field, opts) {
        Some(grid) => Ok(grid),
        None => parse_cells_general(field, col0, opts),
    }
}

/// [`parse_cells`] for every line the quick path doesn't take.
fn parse_cells_general(field: &str, col0: usize, opts: &ReadOptions) -> Result<Grid, ParseError> {
    // Never a cell, nor the empty marker of Sudopedia's rule below.
    if let Some((col, kind)) = super::stray_char(field, col0) {
        return Err(ParseError::at(1, col, kind));
    }
    // (char, placed, 0-based column)
    let mut cells: Vec<(char, bool, usize)> = Vec::with_capacity(field.len());
    let mut plus = false;
    for (i, ch) in field.chars().enumerate() {
        if ch == '+' && !plus {
            plus = true;
            continue;
        }
        cells.push((ch, plus, col0 + i));
        plus = false;
    }
    if plus {
        let at = col0 + field.chars().count();
        return Err(ParseError::at(
            1,
            at,
            ParseErrorKind::BadChar {
                ch: '+',
                expected: "a digit after + (a placed digit)".into(),
            },
        ));
    }
    let len = cells.len();
    let shape = match opts.shape {
        Some(s) if s.cell_count() == len => Some(s),
        Some(_) => None,
        None => side_of_len(len).and_then(|n| Shape::from_side(n).ok()),
    };
    let Some(shape) = shape else {
        return Err(ParseError::at(
            1,
            col0 + field.chars().count() + 1,
            ParseErrorKind::Length {
                expected: expected_cells(opts, len),
                found: len,
            },
        ));
    };
    let n = shape.side();
    let plain: String = cells.iter().map(|c| c.0).collect();
    let alphabet = Alphabet::read_as(opts.alphabet, n, || Alphabet::detect(n, &plain))
        .map_err(|why| ParseError::at(1, col0 + 1, ParseErrorKind::Invalid(why)))?;
    let is_digit = |c: char| alphabet.value(c).is_some_and(|v| v <= n);
    // Sudopedia's rule: with no `.`/`0` and only one other character, that one is empty.
    let has_std_empty = cells.iter().any(|c| alphabet.is_empty_marker(c.0));
    let mut odd: Vec<char> = cells
        .iter()
        .map(|c| c.0)
        .filter(|&c| !is_digit(c) && !alphabet.is_empty_marker(c))
        .collect();
    odd.sort_unstable();
    odd.dedup();
    let extra_empty = match odd.as_slice() {
        [c] if !has_std_empty && !c.is_ascii_digit() && (n <= 9 || !c.is_ascii_alphanumeric()) => {
            Some(*c)
        }
        _ => None,
    };
    let mut grid = Grid::empty(shape);
    for (i, &(ch, placed, col)) in cells.iter().enumerate() {
        if !placed && (alphabet.is_empty_marker(ch) || Some(ch) == extra_empty) {
            continue;
        }
        match alphabet.value(ch) {
            Some(v) if v <= n && v >= 1 => {
                let cell = Cell::new(i);
                if placed {
                    grid.set(cell, Some(Digit::new(v)));
                } else {
                    grid.set_given(cell, Digit::new(v));
                }
            }
            _ => {
                return Err(ParseError::at(
                    1,
                    col + 1,
                    ParseErrorKind::BadChar {
                        ch,
                        expected: if placed {
                            format!("a digit {} after +", symbol_range(alphabet, n))
                        } else {
                            format!("a digit {} or . for empty", symbol_range(alphabet, n))
                        },
                    },
                ))
            }
        }
    }
    Ok(grid)
}

/// The usual line, quickly: nothing but `.`, `0` and digits `1`-`n` for a side `n` of at
/// most 9, in the standard alphabet. `None` for anything else, which [`parse_cells`] reads
/// the long way (to the same grid: on such a line its rules add nothing).
fn parse_plain_digits(field: &str, opts: &ReadOptions) -> Option<Grid> {
    if !matches!(opts.alphabet, None | Some(Alphabet::Standard)) {
        return None;
    }
    let bytes = field.as_bytes();
    let shape = match opts.shape {
        Some(s) if s.cell_count() == bytes.len() => s,
        Some(_) => return None,
        None => Shape::from_side(side_of_len(bytes.len())?).ok()?,
    };
    let n = shape.side();
    if n > 9 {
        return None;
    }
    let top = b'0' + n as u8;
    let mut grid = Grid::empty(shape);
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'.' | b'0' => {}
            b'1'..=b'9' if b <= top => {
                grid.set_given(Cell::new(i), Digit::new((b - b'0') as usize))
            }
            _ => return None,
        }
    }
    Some(grid)
}

/// The symbols of digits 1 to `n` in `alphabet`, as messages name them: `1-9`, `A-I`
/// (letters), `0-F` (hex), `1-25` where the alphabet has too few.
fn symbol_range(alphabet: Alphabet, n: usize) -> String {
    match (alphabet.symbol(1), alphabet.symbol(n)) {
        (Some(a), Some(b)) => format!("{a}-{b}"),
        _ => format!("1-{n}"),
    }
}

/// Writes a grid as one line: `.` for empty, the standard alphabet (`1-9A-Z`, so 16x16 in
/// `1-9A-G`), except 25x25 in `A-Y`, the printed convention (docs/formats.md), which also
/// reads back without doubt (a 25x25 line of `1-9A-P` with no digit below 10 would read as
/// `A-Y`).
///
/// Grids larger than 35x35 have no one-character alphabet: they are written as
/// space-separated numbers (`0` empty) on one line, which the reader reads back.
pub fn write_line(grid: &Grid) -> String {
    write_line_with(grid, Alphabet::written(grid.shape().side(), None), '.')
}

/// Writes a grid as one line in `alphabet`, with `empty` for empty cells.
pub fn write_line_with(grid: &Grid, alphabet: Alphabet, empty: char) -> String {
    let n = grid.shape().side();
    if alphabet.symbol(n).is_none() {
        let mut out = String::with_capacity(grid.values().len() * 4);
        super::push_numbers(&mut out, grid.values(), " ", 0);
        return out;
    }
    grid.values()
        .iter()
        .map(|&v| {
            if v == 0 {
                empty
            } else {
                alphabet.symbol(v as usize).expect("checked")
            }
        })
        .collect()
}

/// Writes a grid as one line with placed (non-given) digits as `+d` (HoDoKu's values
/// variant). `None` beyond 35x35.
pub fn write_line_placed(grid: &Grid) -> Option<String> {
    let s = grid.shape();
    super::symbol(s.side())?;
    let mut out = String::with_capacity(s.cell_count() + 8);
    for cell in Cell::all(s) {
        match grid.get(cell) {
            None => out.push('.'),
            Some(d) => {
                if !grid.is_given(cell) {
                    out.push('+');
                }
                out.push(super::symbol(d.get()).expect("checked"));
            }
        }
    }
    Some(out)
}

/// The symbols detection would read `grid`'s cells in when written in `alphabet`, when
/// they would give other digits (a 16x16 in hex that never uses `0`: every digit one too
/// low; one in letters that stops at `G`: read as the standard `1-9A-G`). An empty grid
/// reads the same in any. Up to 9x9 the standard symbols are always read as such: no
/// scan of the cells there (a tenth of a 17-clue puzzle's solve).
pub(crate) fn misread_as(grid: &Grid, alphabet: Alphabet) -> Option<Alphabet> {
    let n = grid.shape().side();
    if (alphabet == Alphabet::Standard && n <= 9) || alphabet.symbol(n).is_none() {
        return None;
    }
    let cells = write_line_with(grid, alphabet, '.');
    let read = Alphabet::detect(n, &cells);
    let differs = cells
        .chars()
        .zip(grid.values())
        .any(|(ch, &v)| v != 0 && read.value(ch) != Some(v as usize));
    (read != alphabet && differs).then_some(read)
}

pub(crate) fn write(p: &Puzzle) -> Result<String, WriteError> {
    let n = p.shape().side();
    let alphabet = Alphabet::written(n, p.alphabet);
    let cells = write_line_with(&p.grid, alphabet, '.');
    let mut note = box_note_for(p.shape());
    // Cells that detection would read in other symbols say theirs.
    if misread_as(&p.grid, alphabet).is_some() {
        if note.is_empty() {
            note.push_str(" #");
        }
        note += &format!(" alphabet {}", alphabet.name());
    }
    Ok(cells + &note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The quick path reads every line it takes exactly as the general rules do.
    #[test]
    fn quick_path_agrees_with_the_general_rules() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let symbols = b".0123456789+xA";
        let mut taken = 0;
        for len in [16, 36, 81, 82, 80] {
            for _ in 0..3000 {
                // Mostly plain cells, now and then a character the quick path refuses.
                let field: String = (0..len)
                    .map(|_| {
                        let k = if rng.gen_bool(0.98) {
                            11
                        } else {
                            symbols.len()
                        };
                        symbols[rng.gen_range(0..k)] as char
                    })
                    .collect();
                let opts = ReadOptions::default();
                let general = parse_cells_general(&field, 0, &opts).ok();
                if let Some(quick) = parse_plain_digits(&field, &opts) {
                    taken += 1;
                    assert_eq!(Some(quick), general, "{field}");
                }
            }
        }
        assert!(taken > 1000, "the quick path took only {taken} lines");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// The one-pass reading of numbers takes a text exactly when its tokens are all
        /// numbers and it holds nothing but them and blanks, and reads them as they read.
        #[test]
        fn plain_numbers_read_as_their_tokens_do(
            text in "[0-9. \t]{0,40}|[0-9. \tx#,;\u{a0}é]{0,24}"
        ) {
            let mut got = Vec::new();
            let took = plain_numbers(&text, |v| got.push(v));
            let plain = text.bytes().all(|b| b.is_ascii_digit() || b" .\t".contains(&b));
            let tokens: Vec<&str> = text.split([' ', '\t']).filter(|t| !t.is_empty()).collect();
            proptest::prop_assert_eq!(took, plain && tokens.iter().all(|t| is_number_token(t)));
            if took {
                let values: Vec<usize> =
                    tokens.iter().map(|t| t.parse().unwrap_or(0)).collect();
                proptest::prop_assert_eq!(got, values);
            }
        }
    }

    /// A line of numbers is read in one pass when it can be; one with a number past the
    /// side is not, and is refused where that number stands, as before.
    #[test]
    fn a_line_of_numbers_is_read_or_refused_where_it_goes_wrong() {
        let values: Vec<usize> = (0..256).map(|i| (i * 7 + i / 16) % 17).collect();
        let line: Vec<String> = values.iter().map(usize::to_string).collect();
        let line = line.join(" ");
        let p = parse_record(&line, &ReadOptions::default()).unwrap();
        let read: Vec<usize> = p.grid.values().iter().map(|&v| usize::from(v)).collect();
        assert_eq!(read, values);
        assert_eq!(p.grid.shape().side(), 16);
        // Tabs and `.` for an empty cell read the same.
        let dotted = line.replace(" 0 ", "\t.\t");
        let q = parse_record(&dotted, &ReadOptions::default()).unwrap();
        assert_eq!(q.grid, p.grid);
        let bad = line.replacen(" 5 ", " 17 ", 1);
        let at = bad.find(" 17 ").unwrap() + 2;
        let e = parse_record(&bad, &ReadOptions::default()).unwrap_err();
        assert_eq!(e.col, at);
        assert!(
            e.message().contains("17 is out of range 0..=16"),
            "{}",
            e.message()
        );
    }
}
