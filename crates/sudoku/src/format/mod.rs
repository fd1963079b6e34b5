//! Reading and writing puzzles in every common format (docs/formats.md).
//!
//! * [`Reader`] streams [`Puzzle`]s out of any `BufRead` (a file of millions of lines keeps
//!   memory flat: records are read one at a time), detecting the format unless
//!   [`ReadOptions::format`] forces one. A bad record yields a [`ParseError`] naming source,
//!   line and column, and reading goes on with the next record.
//! * [`write()`] renders a puzzle in any [`Format`]; [`detect`](fn@detect) guesses a format from text.
//!
//! One file per format: [`mod@line`], [`sdk`], [`ss`], [`pm`] and
//! [`hodoku`], [`sukaku`], [`opensudoku`], [`matrix`], [`classic`],
//! [`leptonica`] and [`pipe`], [`boxed`], [`json`].
//!
//! # Detection
//! From the first lines that are neither blank nor `#` comments: `<` → OpenSudoku; `{`/`[`
//! → JSON (`[Puzzle]`/`[State]` → sdk); `:` with 6-7 colons → HoDoKu library; a frame line
//! or a `|` row → Simple Sudoku (`*---*` top), pencil marks (`.---.` top, or cells of
//! several digits) or boxed; `2 | 3 | 5 |` → pipe; rows of numbers → matrix (a single line
//! of `n²` numbers: leptonica's string or a big-grid line); rows of 4-9 characters → sdk
//! (classic when a row has characters other than digits and `.`); otherwise the line
//! format. Line-based files stay line-based: each line is then read as a plain line, a
//! Sukaku line or a HoDoKu library line, whichever it is.
//!
//! # Limits
//! Reading is linear in the input and memory stays bounded whatever the input: a line
//! longer than [`MAX_LINE_BYTES`] (16 MiB) is refused before more of it is buffered and
//! ends that input; a record spread over lines (a JSON object, an XML tag, a framed grid,
//! `.sdk` headers) past [`MAX_RECORD_BYTES`] is refused and skipped; JSON and XML nest at
//! most [`json::MAX_DEPTH`] and [`opensudoku::MAX_DEPTH`] levels. [`Reader::work`]
//! counts the bytes read and scanned. Devices and pipes are read as streams.
//!
//! # Errors
//! Every error names the source, the 1-based line and column (0 for a whole line) and what
//! was expected. Multi-line records are read to their end even after an error, so the next
//! record starts clean. Records that are well-formed but unsupported (OpenSudoku games with
//! notes in `data`) are [`ParseErrorKind::Unsupported`]: show them as notes
//! ([`ParseError::is_skip`]).
//!
//! Depends on [`crate::grid`] only: no solver is ever called from here.

pub mod boxed;
pub mod classic;
mod detect;
mod framed;
pub mod hodoku;
pub mod json;
pub mod leptonica;
pub mod line;
pub mod matrix;
pub mod opensudoku;
pub mod pipe;
pub mod pm;
pub mod sdk;
mod source;
pub mod ss;
pub mod sukaku;
mod utf16;
mod wide;

pub use crate::symbols::Alphabet;
pub use detect::detect;
pub use line::parse_line;
pub use source::{MAX_LINE_BYTES, MAX_RECORD_BYTES};
pub use utf16::Utf16Aware;

use crate::grid::{Candidates, Grid};
use crate::shape::Shape;
use source::Source;
use std::fmt;
use std::io::BufRead;
use std::sync::Arc;

/// The formats we read and write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One puzzle per line, `n²` characters (`.sdm`, `.txt` collections, serate output,
    /// gsf CSV rows, sudoku-exchange rows, HoDoKu `+d` values).
    Line,
    /// A readable boxed grid (`+-------+` frames, `|` between boxes), for people; every size.
    Boxed,
    /// SadMan `.sdk`: `#A`… headers, `[Puzzle]`/`[State]` sections, one row per line.
    Sdk,
    /// Simple Sudoku `.ss`: `*-----------*` framed grid, saved games with state and
    /// candidate grids.
    Ss,
    /// A pencil-mark (candidate) grid, HoDoKu style, any frame.
    Pm,
    /// HoDoKu's library line `:0000:x:<grid with +d>:<deleted drc>::`.
    Hodoku,
    /// Sukaku: one line of `n³` characters, a candidate block per cell.
    Sukaku,
    /// OpenSudoku XML, versions 1 and 2, many games per file.
    OpenSudoku,
    /// Integer matrix: one grid row per line, whitespace- or comma-separated, `0` or `.`
    /// empty; every size up to 400x400.
    Matrix,
    /// Classic: `n` lines of `n` characters, any non-digit empty.
    Classic,
    /// Kennett's compact format (Debian's `sudoku`): a `%` line with the title, then 9
    /// lines of 9 characters, `.` empty; read as [`Format::Classic`].
    Kennett,
    /// leptonica: `#` comments and 9 lines of 9 space-separated integers; also its
    /// 81-digit `"d d d …"` string.
    Leptonica,
    /// `|`-separated integer matrix.
    Pipe,
    /// JSON: one object per puzzle, `{"size":9,"box":[3,3],"grid":[[…]]}` plus optional
    /// `givens`, `marks`, `info`.
    Json,
}

impl Format {
    /// Every format, in the order `--help` lists them.
    pub const ALL: &'static [Format] = &[
        Format::Line,
        Format::Boxed,
        Format::Sdk,
        Format::Ss,
        Format::Pm,
        Format::Hodoku,
        Format::Sukaku,
        Format::OpenSudoku,
        Format::Matrix,
        Format::Classic,
        Format::Kennett,
        Format::Leptonica,
        Format::Pipe,
        Format::Json,
    ];

    /// The name used by `--format` and `--to`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Boxed => "boxed",
            Format::Sdk => "sdk",
            Format::Ss => "ss",
            Format::Pm => "pm",
            Format::Hodoku => "hodoku",
            Format::Sukaku => "sukaku",
            Format::OpenSudoku => "opensudoku",
            Format::Matrix => "matrix",
            Format::Classic => "classic",
            Format::Kennett => "kennett",
            Format::Leptonica => "leptonica",
            Format::Pipe => "pipe",
            Format::Json => "json",
        }
    }

    /// One line for `--help`.
    pub fn description(self) -> &'static str {
        match self {
            Format::Line => "one puzzle per line, n² characters (.sdm, .txt)",
            Format::Boxed => "boxed grid with +---+ frames, any size",
            Format::Sdk => "SadMan .sdk: #A/#D/... headers, [Puzzle]/[State] sections",
            Format::Ss => "Simple Sudoku .ss, saved games included",
            Format::Pm => "pencil-mark (candidate) grid, HoDoKu style",
            Format::Hodoku => "HoDoKu library line :0000:x:<grid>:<deleted>::",
            Format::Sukaku => "Sukaku: n³ characters per line, candidates per cell",
            Format::OpenSudoku => "OpenSudoku XML (v1 and v2)",
            Format::Matrix => "integer matrix, one row per line (any size up to 400x400)",
            Format::Classic => "n lines of n characters, any non-digit empty",
            Format::Kennett => "Kennett's compact format (Debian's sudoku): % title, 9 lines of 9",
            Format::Leptonica => "leptonica: # comments, 9 lines of 9 integers",
            Format::Pipe => "|-separated integer matrix",
            Format::Json => "JSON object per puzzle: size, box, grid, marks",
        }
    }

    /// The format named `name` (as [`Format::name`] gives, or a common alias).
    ///
    /// ```
    /// use sudoku::format::Format;
    /// assert_eq!(Format::from_name("SS"), Some(Format::Ss));
    /// assert_eq!(Format::from_name("sdm"), Some(Format::Line));
    /// assert_eq!(Format::Pm.to_string(), "pm");
    /// ```
    pub fn from_name(name: &str) -> Option<Format> {
        let lower = name.to_ascii_lowercase();
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.name() == lower)
            .or(match lower.as_str() {
                "sdm" | "txt" | "81" => Some(Format::Line),
                "grid" | "pretty" => Some(Format::Boxed),
                "simplesudoku" | "simple-sudoku" => Some(Format::Ss),
                "pencilmarks" | "candidates" | "pmgrid" => Some(Format::Pm),
                "library" | "hodoku-library" => Some(Format::Hodoku),
                "729" => Some(Format::Sukaku),
                "xml" => Some(Format::OpenSudoku),
                "csv" | "numbers" | "ints" => Some(Format::Matrix),
                "lept" => Some(Format::Leptonica),
                _ => None,
            })
    }

    /// Whether the format can hold pencil marks ([`Puzzle::marks`]).
    pub fn carries_marks(self) -> bool {
        matches!(
            self,
            Format::Ss | Format::Pm | Format::Hodoku | Format::Sukaku | Format::Json
        )
    }

    /// Whether the format writes a puzzle in the symbols it is given
    /// ([`Puzzle::respell`]): one character a cell, or JSON, whose records name their
    /// alphabet. The others write numbers (matrix, pipe) or fixed symbols: sukaku's
    /// positions and the 9x9 formats' `1-9`.
    pub fn spells_alphabet(self) -> bool {
        matches!(
            self,
            Format::Line | Format::Boxed | Format::Sdk | Format::Ss | Format::Pm | Format::Json
        )
    }

    /// Refuses `alphabet` as this format's symbols when it can't write them
    /// ([`Format::spells_alphabet`]; `standard` is every format's), naming the formats
    /// that can: a request for symbols is refused, not ignored.
    ///
    /// ```
    /// use sudoku::format::{Alphabet, Format};
    /// assert!(Format::Sdk.check_alphabet(Alphabet::Hex).is_ok());
    /// let why = Format::Matrix.check_alphabet(Alphabet::Hex).unwrap_err();
    /// assert!(why.starts_with("the matrix format does not write"), "{why}");
    /// ```
    pub fn check_alphabet(self, alphabet: Alphabet) -> Result<(), String> {
        if alphabet == Alphabet::Standard || self.spells_alphabet() {
            return Ok(());
        }
        Err(format!(
            "the {self} format does not write puzzles in other symbols: {} applies to line, \
             boxed, sdk, ss, pm and json",
            alphabet.name()
        ))
    }

    /// Whether the format keeps placed (non-given) digits apart from givens.
    pub fn carries_placed(self) -> bool {
        matches!(
            self,
            Format::Sdk | Format::Ss | Format::Hodoku | Format::Json
        )
    }

    /// Whether the box shape survives a round trip whatever it is (6x6 in 3x2 boxes): the
    /// format draws the boxes, or says the shape (`# box 3x2` after a line). The others
    /// hold only the usual shape of each side (boxes wider than tall).
    pub fn keeps_box_shape(self) -> bool {
        matches!(
            self,
            Format::Line | Format::Boxed | Format::Ss | Format::Pm | Format::Json
        )
    }

    /// Whether a stream of puzzles in this format is one document: a header before the
    /// first record and a footer after the last ([`document_start`], [`document_end`]),
    /// notes in its own comment syntax ([`note`]). OpenSudoku's XML.
    pub fn is_document(self) -> bool {
        self == Format::OpenSudoku
    }

    /// Whether each puzzle is one line (so a written stream is one puzzle per line).
    pub fn is_single_line(self) -> bool {
        matches!(
            self,
            Format::Line | Format::Hodoku | Format::Sukaku | Format::Json
        )
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a file says about a puzzle besides its cells (`.sdk` headers, OpenSudoku
/// attributes, a rating after the line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// A title or name (`.sdk` `#N`, Kennett's `%` line, JSON).
    pub title: Option<String>,
    /// `.sdk` `#A`.
    pub author: Option<String>,
    /// `.sdk` `#D`.
    pub description: Option<String>,
    /// `.sdk` `#C`, a line's trailing comment, OpenSudoku's `note`.
    pub comment: Option<String>,
    /// `.sdk` `#B` (date published).
    pub date: Option<String>,
    /// `.sdk` `#S`.
    pub source: Option<String>,
    /// `.sdk` `#L` (difficulty level as the file says it).
    pub level: Option<String>,
    /// `.sdk` `#U`.
    pub url: Option<String>,
    /// A rating as the file gave it (`ED=7.1/1.2/1.2`, `7.2`, …).
    pub rating: Option<String>,
    /// Anything else, as `(key, value)` in file order: OpenSudoku `folder`, `state`,
    /// `time`, `created`, `last_played`; `.sdk` `hints`; sudoku-exchange `id`; HoDoKu
    /// library `technique`, `eliminations` ….
    pub extra: Vec<(String, String)>,
}

impl Info {
    /// Whether nothing is known.
    pub fn is_empty(&self) -> bool {
        *self == Info::default()
    }
    /// The value of an `extra` key.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.extra
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// One puzzle as read from a file: the grid (givens, and any digits placed since), the
/// pencil marks if the file had them, and what else it said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Givens, and digits placed since (not given) when the format tells them apart.
    pub grid: Grid,
    /// Candidates of the empty cells as the file gave them (filled cells hold no marks).
    pub marks: Option<Candidates>,
    /// What else the file said (title, rating, …).
    pub info: Info,
    /// 1-based line where the record starts in its source.
    pub line: usize,
    /// The input the record was read from, as its [`Reader`] was named (a file name,
    /// `<stdin>`); `None` for a string or a puzzle made in memory.
    pub source: Option<Arc<str>>,
    /// The symbols the file wrote digits in, when a one-character format read them (or
    /// `--alphabet` forced them): answers are written in the same ones.
    pub alphabet: Option<Alphabet>,
}

impl Puzzle {
    /// How messages about this puzzle name its cells and digits: in the symbols it was read
    /// in (a clash in a hex 16x16 names `7`, the symbol in the file, not digit 8).
    pub fn notation(&self) -> crate::symbols::Notation {
        crate::symbols::Notation::new(self.shape(), self.alphabet)
    }

    /// Has the puzzle written in `alphabet` from now on (one-character formats, and JSON's
    /// `"alphabet"`), or says why it cannot be: the symbols have none for its side, or
    /// (hex off 16x16) a file in them would not read back as the same puzzle.
    ///
    /// ```
    /// use sudoku::format::{parse_str, write, Alphabet, Format};
    /// let mut p = parse_str(&format!("{}G", ".".repeat(255)), None)?;
    /// p.respell(Alphabet::Hex)?;
    /// // With no `0` the cells alone would read back in the standard symbols: the line
    /// // says its own.
    /// assert!(write(&p, Format::Line)?.ends_with("F # alphabet hex"));
    /// assert!(p.respell(Alphabet::Letters).is_ok()); // A-P
    /// let mut big = parse_str(&".".repeat(625), None)?;
    /// assert!(big.respell(Alphabet::Hex).is_err());
    /// let mut nine = parse_str(&format!("1{}", ".".repeat(80)), None)?;
    /// assert!(nine.respell(Alphabet::Hex).is_err()); // its 1 would be written 0
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn respell(&mut self, alphabet: Alphabet) -> Result<(), String> {
        let n = self.shape().side();
        if alphabet.symbol(n).is_none() {
            return Err(format!(
                "the {} symbols have none for {n} ({n}x{n} grids)",
                alphabet.name()
            ));
        }
        // Hex writes 1 as `0`, which every other side reads as an empty cell: a 9x9 or
        // 12x12 written so would come back as another puzzle.
        alphabet.spells_side(n)?;
        self.alphabet = Some(alphabet);
        Ok(())
    }

    /// A puzzle of this grid, with nothing else known.
    pub fn new(grid: Grid) -> Puzzle {
        Puzzle {
            grid,
            marks: None,
            info: Info::default(),
            line: 0,
            source: None,
            alphabet: None,
        }
    }

    /// Where the puzzle was read, for messages: `file:line` as parse errors say it, `line
    /// N` without a source, empty for a puzzle not read from anywhere.
    ///
    /// ```
    /// use sudoku::format::{parse_str, Reader, ReadOptions};
    /// let text = "# two\n1234341221434321\n";
    /// let p = Reader::new(text.as_bytes(), "a.txt", ReadOptions::default())
    ///     .next()
    ///     .ok_or("no puzzle")??;
    /// assert_eq!(p.place(), "a.txt:2");
    /// assert_eq!(parse_str(text, None)?.place(), "line 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn place(&self) -> String {
        match (&self.source, self.line) {
            (_, 0) => String::new(),
            (Some(s), l) => format!("{s}:{l}"),
            (None, l) => format!("line {l}"),
        }
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }
    /// The pencil marks to show or write: the file's, else the candidates the rules allow.
    pub fn marks_or_rules(&self) -> Candidates {
        match &self.marks {
            Some(m) => m.clone(),
            None => Candidates::from_grid(&self.grid),
        }
    }
}

/// What went wrong in the input, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// File name, or `<stdin>`; empty when parsing a string.
    pub source: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters); 0 when the error is about a whole line or record.
    pub col: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A character that is neither a digit of the grid nor an empty marker.
    BadChar {
        /// The character found.
        ch: char,
        /// What was expected, in words.
        expected: String,
    },
    /// A line or record with the wrong number of cells.
    Length {
        /// The lengths allowed, in words.
        expected: String,
        /// The number of cells found.
        found: usize,
    },
    /// A number out of range, a missing section, …: said in words.
    Invalid(String),
    /// Reading failed (an I/O error).
    Io(String),
    /// A well-formed record this reader does not support (an OpenSudoku game whose `data`
    /// is not 81 cells, say): skipped with a note, not a sign of a broken file. See
    /// [`ParseError::is_skip`].
    Unsupported(String),
}

impl ParseError {
    /// An error at `line` and `col` (1-based; col 0 for a whole line), with no source yet.
    pub fn at(line: usize, col: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            source: String::new(),
            line,
            col,
            kind,
        }
    }
    /// The same error, moved to start at `line` (1-based) of `source`.
    pub fn located(mut self, source: &str, first_line: usize) -> ParseError {
        self.source = source.to_string();
        self.line += first_line - 1;
        self
    }
    /// Whether this is a record skipped as unsupported (a note for the user) rather than
    /// malformed input.
    pub fn is_skip(&self) -> bool {
        matches!(self.kind, ParseErrorKind::Unsupported(_))
    }
    /// The message without the location.
    pub fn message(&self) -> String {
        match &self.kind {
            ParseErrorKind::BadChar { ch, expected } => {
                format!("unexpected character {ch:?}, expected {expected}")
            }
            ParseErrorKind::Length { expected, found } => {
                format!("expected {expected}, found {found}")
            }
            ParseErrorKind::Invalid(s) | ParseErrorKind::Io(s) => s.clone(),
            ParseErrorKind::Unsupported(s) => format!("skipped: {s}"),
        }
    }
}

/// The first character of `text` that is no cell in any format, whatever a count of the
/// line's cells would say: a control character, or U+FFFD, what a byte that is not UTF-8
/// is read as (`source`). Its error, a bad character at its 1-based column (`col0`: the
/// 0-based column of `text`'s first character), comes before any count of cells, rows of
/// cells or numbers that would count it: one rule for every reader.
///
/// ```
/// use sudoku::format::{parse_str, ParseErrorKind};
/// let line = format!("{}\u{1}", ".".repeat(81));
/// let err = parse_str(&line, None).unwrap_err();
/// assert_eq!((err.line, err.col), (1, 82));
/// assert!(matches!(err.kind, ParseErrorKind::BadChar { ch: '\u{1}', .. }));
/// ```
pub(crate) fn stray_char(text: &str, col0: usize) -> Option<(usize, ParseErrorKind)> {
    let (i, ch) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| c.is_control() || c == char::REPLACEMENT_CHARACTER)?;
    let what = if ch.is_control() {
        "a control character"
    } else {
        "a byte that is not UTF-8"
    };
    Some((
        col0 + i + 1,
        ParseErrorKind::BadChar {
            ch,
            expected: format!("a digit or an empty cell ({what} is neither)"),
        },
    ))
}

/// The first control character (a tab apart) in the text that follows a line's cells (a
/// comment, a rating, a puzzle bank's other fields), at its 1-based column (`col0`: the
/// 0-based column of `text`'s first character). Such text is written out again (a comment
/// is kept), and a control character there is a sign of a file that is not what it seems:
/// it is refused where it stands, as among the cells ([`stray_char`]), never kept silently.
pub(crate) fn stray_after_cells(text: &str, col0: usize) -> Option<(usize, ParseErrorKind)> {
    // Printable ASCII and tabs (a giant grid's numbers, megabytes) hold no control
    // character: known in one pass over the bytes.
    if text
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) || b == b'\t')
    {
        return None;
    }
    let (i, ch) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| c.is_control() && c != '\t')?;
    Some((
        col0 + i + 1,
        ParseErrorKind::BadChar {
            ch,
            expected: "text of a comment or rating after the cells (a control character is \
                       none)"
                .into(),
        },
    ))
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.source.is_empty() {
            write!(f, "{}:", self.source)?;
        }
        write!(f, "{}:", self.line)?;
        if self.col > 0 {
            write!(f, "{}:", self.col)?;
        }
        write!(f, " {}", self.message())
    }
}

impl std::error::Error for ParseError {}

/// How to read: forced format, shape and alphabet (all detected when `None`).
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The format (`--format`); detected from the first lines when `None`.
    pub format: Option<Format>,
    /// The box shape (`--box RxC`), for sizes whose boxes are ambiguous (6x6 as 2x3 or
    /// 3x2). Used whenever the grid's side matches it.
    pub shape: Option<Shape>,
    /// The alphabet of one-character cells (`--alphabet`); detected per line when `None`.
    pub alphabet: Option<Alphabet>,
}

impl ReadOptions {
    /// The shape for a grid of side `n`: the forced one when its side is `n`, none when
    /// another is forced, else the conventional one (boxes wider than tall).
    pub(crate) fn shape_for(&self, n: usize) -> Option<Shape> {
        match self.shape {
            Some(s) if s.side() == n => Some(s),
            // A grid of another side than the shape forced: read as its own side it would
            // quietly be another puzzle than the one asked for (the line format said so,
            // the drawn and row formats did not).
            Some(_) => None,
            None => Shape::from_side(n).ok(),
        }
    }
}

/// Streams puzzles out of text, one record at a time.
///
/// ```
/// use sudoku::format::{Reader, ReadOptions};
/// let text = "1234341221434321\n# a comment\n12.4.4122143432x\n";
/// let got: Vec<_> = Reader::new(text.as_bytes(), "mem", ReadOptions::default()).collect();
/// assert!(got[0].is_ok());
/// let err = got[1].as_ref().unwrap_err();
/// assert_eq!((err.line, err.col), (3, 16));
/// ```
pub struct Reader<R> {
    /// The lines, UTF-16 input decoded first ([`Utf16Aware`]).
    src: Source<Utf16Aware<R>>,
    opts: ReadOptions,
    /// The format in use, once forced or detected.
    format: Option<Format>,
    /// Detected as line-based: each line is classified on its own (plain, Sukaku, HoDoKu
    /// library, leptonica string).
    auto_lines: bool,
    framed: framed::State,
    xml: opensudoku::State,
    json: json::State,
    /// How one-line records are parsed, shared by the records left unparsed.
    line_rules: Option<Arc<LineRules>>,
    /// The source's name for its puzzles ([`Puzzle::source`]); `None` when empty.
    file: Option<Arc<str>>,
}

/// Lines longer than this are parsed as they are read rather than left for a worker.
const LONG_LINE: usize = 64 << 10;

/// One record as read: parsed already, or a one-line record whose parsing was left for
/// later ([`Reader::next_record`]), so that a batch can parse on its worker threads.
#[derive(Clone, Debug)]
pub enum Record {
    /// A record of a multi-line format (or a read error), boxed: it is the rare case.
    Parsed(Box<Result<Puzzle, ParseError>>),
    /// A one-line record, left unparsed for a worker thread.
    Line(LineRecord),
}

/// A line of a line-based file (plain, Sukaku or HoDoKu library), not parsed yet.
#[derive(Clone, Debug)]
pub struct LineRecord {
    text: String,
    line: usize,
    rules: Arc<LineRules>,
}

/// What parsing a line needs besides its text: the source's name and the format.
#[derive(Debug)]
struct LineRules {
    source: String,
    /// `source` for the puzzles ([`Puzzle::source`]).
    file: Option<Arc<str>>,
    format: Format,
    /// Detected as line-based: each line is classified on its own.
    auto: bool,
    opts: ReadOptions,
}

impl Record {
    /// The puzzle, or why there is none.
    pub fn parse(self) -> Result<Puzzle, ParseError> {
        match self {
            Record::Parsed(r) => *r,
            Record::Line(l) => l.parse(),
        }
    }
}

impl LineRecord {
    /// The puzzle on this line, or the error located in its source.
    pub fn parse(&self) -> Result<Puzzle, ParseError> {
        let (text, rules) = (&self.text, &*self.rules);
        let parsed = if rules.auto {
            line::parse_any(text, &rules.opts)
        } else {
            match rules.format {
                Format::Sukaku => sukaku::parse(text, &rules.opts),
                Format::Hodoku => hodoku::parse(text, &rules.opts),
                _ => line::parse_record(text, &rules.opts),
            }
        };
        parsed
            .map(|p| Puzzle {
                line: self.line,
                source: rules.file.clone(),
                ..p
            })
            .map_err(|e| e.located(&rules.source, self.line))
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`, whose errors name `source` (a file name, or `<stdin>`).
    pub fn new(input: R, source: &str, opts: ReadOptions) -> Reader<R> {
        Reader {
            src: Source::new(Utf16Aware::new(input), source),
            format: opts.format,
            opts,
            auto_lines: false,
            framed: Default::default(),
            xml: Default::default(),
            json: Default::default(),
            line_rules: None,
            file: (!source.is_empty()).then(|| Arc::from(source)),
        }
    }

    /// The format being read: the forced one, or the detected one once the first record
    /// has been asked for (`None` before, or for empty input).
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// The reading work done so far: bytes read plus bytes looked at again by the
    /// scanners of records spread over lines. Deterministic, and linear in the input for
    /// every format, which is what tests check (rather than timing).
    pub fn work(&self) -> u64 {
        self.src.work()
    }

    /// The next record, leaving a one-line record unparsed ([`Record::Line`]): reading
    /// stays on one thread (it must, to follow the file), parsing need not.
    ///
    /// ```
    /// use sudoku::format::{Reader, ReadOptions, Record};
    /// let mut reader = Reader::new("1234341221434321\n".as_bytes(), "mem", ReadOptions::default());
    /// let record = reader.next_record().ok_or("no record")?;
    /// assert!(matches!(record, Record::Line(_)));
    /// assert_eq!(record.parse()?.grid.given_count(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn next_record(&mut self) -> Option<Record> {
        let format = match self.format {
            Some(f) => f,
            None => {
                let f = detect::detect_source(&mut self.src, self.opts.shape)?;
                self.auto_lines = matches!(f, Format::Line | Format::Sukaku | Format::Hodoku);
                self.format = Some(f);
                f
            }
        };
        let (src, opts) = (&mut self.src, &self.opts);
        let parsed = match format {
            Format::Line | Format::Sukaku | Format::Hodoku => {
                let line = match src.next_significant()? {
                    Ok(l) => l,
                    Err(e) => return Some(Record::Parsed(Box::new(Err(e)))),
                };
                // A long line is parsed here: what stays in flight in a batch is then the
                // puzzle or the error, not megabytes of text (a file of 16 MiB lines would
                // otherwise hold a chunk of them at once).
                let long = line.text.len() > LONG_LINE;
                let rules = self.line_rules.get_or_insert_with(|| {
                    Arc::new(LineRules {
                        source: src.name.clone(),
                        file: self.file.clone(),
                        format,
                        auto: self.auto_lines,
                        opts: opts.clone(),
                    })
                });
                let record = LineRecord {
                    text: line.text,
                    line: line.no,
                    rules: rules.clone(),
                };
                if long {
                    return Some(Record::Parsed(Box::new(record.parse())));
                }
                return Some(Record::Line(record));
            }
            Format::Boxed | Format::Ss | Format::Pm => {
                framed::read(src, opts, &mut self.framed, format)?
            }
            Format::Sdk => sdk::read(src, opts)?,
            Format::Classic | Format::Kennett => classic::read(src, opts)?,
            Format::Matrix | Format::Pipe => matrix::read(src, opts)?,
            Format::Leptonica => leptonica::read(src, opts)?,
            Format::OpenSudoku => opensudoku::read(src, &mut self.xml)?,
            Format::Json => json::read(src, opts, &mut self.json)?,
        };
        let file = &self.file;
        // Whatever the format: a grid of another shape than the one asked for is not
        // quietly read (OpenSudoku holds 9x9 only, for one).
        let parsed = parsed.and_then(|p| match opts.shape {
            Some(s) if s != p.shape() => Err(src.err(
                p.line,
                0,
                ParseErrorKind::Invalid(format!(
                    "a {} grid, not the {} grid of boxes {s} asked for",
                    p.shape().grid_name(),
                    s.grid_name()
                )),
            )),
            _ => Ok(p),
        });
        Some(Record::Parsed(Box::new(parsed.map(|p| Puzzle {
            source: file.clone(),
            ..p
        }))))
    }

    /// Records from here on, parsing left to the caller ([`Reader::next_record`]).
    pub fn records(self) -> impl Iterator<Item = Record> {
        let mut reader = self;
        std::iter::from_fn(move || reader.next_record())
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().map(Record::parse)
    }
}

/// Reads every puzzle in `text` (a convenience over [`Reader`]).
pub fn read_str(text: &str, opts: ReadOptions) -> Vec<Result<Puzzle, ParseError>> {
    Reader::new(text.as_bytes(), "", opts).collect()
}

/// Reads the one puzzle `text` holds in `format` (detected when `None`): the first record,
/// or its error; an error too when there is none. Lines passed over with a note (a title
/// above the grid) are passed over here too; when nothing else follows, the error names
/// the first of them.
///
/// ```
/// use sudoku::format::{parse_str, Format};
/// let p = parse_str("5 3 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 1\n", None);
/// assert!(p.is_err()); // 5 is no digit of a 4x4 grid
/// let err = p.unwrap_err();
/// assert_eq!((err.line, err.col), (1, 1));
/// let p = parse_str("# leptonica\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n", None)?;
/// assert_eq!(p.grid.given_count(), 2);
/// assert_eq!(p.line, 2);
/// let p = parse_str("My first puzzle\n1...\n....\n....\n...2\n", None)?;
/// assert_eq!(p.grid.given_count(), 2);
/// let err = parse_str("nonsense", None).unwrap_err();
/// assert!(err.message().starts_with("no puzzle found"), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_str(text: &str, format: Option<Format>) -> Result<Puzzle, ParseError> {
    let opts = ReadOptions {
        format,
        ..Default::default()
    };
    parse_first(text, opts)
}

/// [`parse_str`] with every reading option (a box shape, an alphabet): the first puzzle
/// `text` holds, past lines passed over with a note.
pub fn parse_first(text: &str, opts: ReadOptions) -> Result<Puzzle, ParseError> {
    let mut passed = None;
    for record in Reader::new(text.as_bytes(), "", opts) {
        match record {
            Err(e) if e.is_skip() => {
                passed.get_or_insert(e);
            }
            other => return other,
        }
    }
    let (line, why) = match passed {
        Some(e) => {
            let why = match &e.kind {
                ParseErrorKind::Unsupported(s) => s.clone(),
                _ => e.message(),
            };
            (e.line, format!("no puzzle found (line {}: {why})", e.line))
        }
        // Nothing at all: no line to name (line 0), as the CLI says of an empty file.
        None => (0, "no puzzle found".into()),
    };
    Err(ParseError::at(line, 0, ParseErrorKind::Invalid(why)))
}

/// Parses one line of a line-based file (plain line, Sukaku candidates or HoDoKu library),
/// as [`Reader`] parses each line once it has detected such a file: for batches of
/// one-line strings, where building a reader for each would cost more than the parse.
/// Errors are on line 1, with no source.
///
/// ```
/// use sudoku::format::{parse_line_record, ReadOptions};
/// let opts = ReadOptions::default();
/// let p = parse_line_record("1234341221434321 # a comment", &opts)?;
/// assert_eq!(p.grid.given_count(), 16);
/// let err = parse_line_record("1254341221434321", &opts).unwrap_err();
/// assert_eq!((err.line, err.col), (1, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_line_record(text: &str, opts: &ReadOptions) -> Result<Puzzle, ParseError> {
    line::parse_any(text, opts)
}

/// Why a puzzle can't be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {format} format cannot hold {what}")]
pub struct WriteError {
    /// The format asked for.
    pub format: Format,
    /// What it cannot hold ("grids larger than 9x9", …).
    pub what: String,
}

impl WriteError {
    pub(crate) fn new(format: Format, what: impl Into<String>) -> WriteError {
        WriteError {
            format,
            what: what.into(),
        }
    }
}

/// Renders `puzzle` in `format`. Single-line formats ([`Format::is_single_line`]) end
/// without a newline; multi-line ones end with one. Fails when the format cannot hold the
/// puzzle (a size it has no symbols for, say).
///
/// ```
/// use sudoku::format::{parse_str, write, Format};
/// let p = parse_str("1234341221434321", None)?;
/// assert_eq!(write(&p, Format::Sdk)?, "1234\n3412\n2143\n4321\n");
/// assert_eq!(write(&p, Format::Pipe)?.lines().next(), Some("1 | 2 | 3 | 4 |"));
/// assert!(write(&p, Format::OpenSudoku).is_err()); // 9x9 only
/// // A size the format never holds is said before boxes it would lose.
/// let six = parse_str("..4........5.3...2.......1.62..4.51. # box 3x2", None)?;
/// let why = write(&six, Format::OpenSudoku).unwrap_err().to_string();
/// assert!(why.ends_with("grids other than 9x9"), "{why}");
/// assert!(write(&six, Format::Sdk).unwrap_err().to_string().contains("3x2 boxes"));
/// // And a 9x9 in rows for boxes is 9x9: OpenSudoku refuses the boxes, not the size.
/// let rows = parse_str(&format!("123456789{} # box 1x9", ".".repeat(72)), None)?;
/// for f in [Format::OpenSudoku, Format::Kennett, Format::Leptonica] {
///     let why = write(&rows, f).unwrap_err().to_string();
///     assert!(why.contains("in 1x9 boxes"), "{why}");
///     let why = sudoku::format::write_record(&rows, f).unwrap_err().to_string();
///     assert!(why.contains("in 1x9 boxes"), "{why}");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(puzzle: &Puzzle, format: Format) -> Result<String, WriteError> {
    let shape = puzzle.shape();
    // A 2x2 or 3x3 grid written a row a line reads back as the first rows of a bigger one.
    if !format.keeps_box_shape() && shape.side() < 4 {
        let n = shape.side();
        return Err(WriteError::new(
            format,
            format!(
                "{n}x{n} grids: their rows would read back as part of a bigger grid \
                 (line, boxed, ss, pm and json hold them)"
            ),
        ));
    }
    // The format's own refusal first (OpenSudoku's "grids other than 9x9" for a 6x6 in
    // 3x2 boxes, not that it would lose the boxes), then the boxes it would lose.
    let written = match format {
        Format::Line => line::write(puzzle),
        Format::Boxed => Ok(boxed::write(puzzle)),
        Format::Sdk => sdk::write(puzzle),
        Format::Ss => ss::write(puzzle),
        Format::Pm => pm::write(puzzle),
        Format::Hodoku => hodoku::write(puzzle),
        Format::Sukaku => sukaku::write(puzzle),
        Format::OpenSudoku => opensudoku::write(puzzle),
        Format::Matrix => Ok(matrix::write(&puzzle.grid)),
        Format::Classic => classic::write(&puzzle.grid),
        Format::Kennett => classic::write_kennett(puzzle),
        Format::Leptonica => leptonica::write(&puzzle.grid),
        Format::Pipe => Ok(pipe::write(&puzzle.grid)),
        Format::Json => Ok(json::write(puzzle)),
    }?;
    refuse_lost_boxes(shape, format)?;
    refuse_misread_symbols(puzzle, format)?;
    Ok(written)
}

/// The refusal of symbols that `format` (one character a cell, and no place to name them)
/// would read back as others: a 16x16 in letters that stops at `G` reads as the standard
/// `1-9A-G`, every digit another. A line names its symbols in a note, JSON in a field.
fn refuse_misread_symbols(p: &Puzzle, format: Format) -> Result<(), WriteError> {
    let alphabet = match format {
        Format::Sdk | Format::Ss => Alphabet::written(p.shape().side(), p.alphabet),
        Format::Boxed => match boxed::kept(p) {
            Some(a) => a,
            None => return Ok(()),
        },
        _ => return Ok(()),
    };
    match line::misread_as(&p.grid, alphabet) {
        None => Ok(()),
        Some(read) => Err(WriteError::new(
            format,
            format!(
                "a grid in {} that would read back in the {} symbols, another puzzle \
                 (line and json name their symbols)",
                alphabet.name(),
                read.name()
            ),
        )),
    }
}

/// The refusal of a grid whose boxes `format` can't show (a 6x6 in 3x2 boxes in `sdk`):
/// it would read back as another puzzle, in the usual boxes.
fn refuse_lost_boxes(shape: Shape, format: Format) -> Result<(), WriteError> {
    let usual = Shape::from_side(shape.side()).ok();
    if format.keeps_box_shape() || usual == Some(shape) {
        return Ok(());
    }
    let n = shape.side();
    // A prime side has no usual boxes: it would not read back at all.
    let back = usual.map_or(format!("a {n}x{n} grid would not read back"), |u| {
        format!("they would read back in {u} boxes")
    });
    Err(WriteError::new(
        format,
        format!(
            "{n}x{n} grids in {shape} boxes: {back} (line, boxed, ss, pm and json keep the \
             boxes)"
        ),
    ))
}

/// What starts a stream of records in `format`: a document's header (empty for the
/// formats that are not documents). `folder` names OpenSudoku's folder.
pub fn document_start(format: Format, folder: &str) -> String {
    match format {
        Format::OpenSudoku => opensudoku::write_header(folder),
        _ => String::new(),
    }
}

/// What ends a stream started by [`document_start`].
pub fn document_end(format: Format) -> &'static str {
    match format {
        Format::OpenSudoku => opensudoku::write_footer(),
        _ => "",
    }
}

/// `puzzle` as one record inside a stream: as [`write()`], except that in a document it
/// is the record alone (an OpenSudoku `<game>`), for between [`document_start`] and
/// [`document_end`].
pub fn write_record(puzzle: &Puzzle, format: Format) -> Result<String, WriteError> {
    match format {
        Format::OpenSudoku => {
            let game = opensudoku::write_game(puzzle)?;
            refuse_lost_boxes(puzzle.shape(), format)?;
            Ok(game)
        }
        _ => write(puzzle, format),
    }
}

/// A line of free text (a status, a remark) in `format`'s comment syntax, ending with a
/// newline: `# text`, or an XML comment in a document, so the stream stays readable.
pub fn note(format: Format, text: &str) -> String {
    let text = text.replace('\n', " ");
    match format {
        // `--` may not appear inside an XML comment.
        Format::OpenSudoku => format!("  <!-- {} -->\n", text.replace("--", "- -")),
        _ => format!("# {text}\n"),
    }
}

/// Writes many puzzles in one format as one file: records that take several lines apart
/// by a blank line, OpenSudoku games in one document (a header before the first, the
/// footer from [`StreamWriter::finish`]).
///
/// ```
/// use sudoku::format::{parse_str, Format, StreamWriter};
/// let p = parse_str(&"0".repeat(81), None)?;
/// let mut w = StreamWriter::new(Format::OpenSudoku);
/// let text = w.record(&p)? + &w.record(&p)? + &w.finish();
/// assert_eq!(text.matches("<opensudoku").count(), 1);
/// assert_eq!(text.matches("<game").count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct StreamWriter {
    format: Format,
    written: usize,
}

impl StreamWriter {
    /// A writer of `format`, before its first puzzle.
    pub fn new(format: Format) -> StreamWriter {
        StreamWriter { format, written: 0 }
    }

    /// The text of the next puzzle, ending with a newline.
    pub fn record(&mut self, puzzle: &Puzzle) -> Result<String, WriteError> {
        let mut out = String::new();
        if self.format.is_document() {
            let game = write_record(puzzle, self.format)?;
            if self.written == 0 {
                out += &document_start(self.format, puzzle.info.get("folder").unwrap_or("sudoku"));
            }
            out += &game;
        } else {
            let text = write(puzzle, self.format)?;
            // Kennett's `%` line parts boards already.
            if self.written > 0 && text.trim_end().contains('\n') && self.format != Format::Kennett
            {
                out.push('\n');
            }
            out += &text;
            if !out.ends_with('\n') {
                out.push('\n');
            }
        }
        self.written += 1;
        Ok(out)
    }

    /// The format written.
    pub fn format(&self) -> Format {
        self.format
    }

    /// What ends the stream: the OpenSudoku footer when a game was written, else nothing.
    pub fn finish(&self) -> String {
        if self.written > 0 {
            document_end(self.format).to_string()
        } else {
            String::new()
        }
    }
}

/// Renders a bare grid in `format`.
pub fn write_grid(grid: &Grid, format: Format) -> Result<String, WriteError> {
    write(&Puzzle::new(grid.clone()), format)
}

/// Why `format` can't write grids of `shape` (a size, a box shape it would lose), or
/// `None` when it can. Boxed, line and JSON hold every shape and answer at once; the others
/// write an empty grid to know, as a giant grid's answer would be written. (A test holds
/// the answer to the writing's on every format and many shapes.)
///
/// ```
/// use sudoku::format::{self, Format};
/// use sudoku::Shape;
/// let six_tall = Shape::new(3, 2)?;
/// assert!(format::refusal(six_tall, Format::Boxed).is_none());
/// assert!(format::refusal(six_tall, Format::Matrix).is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn refusal(shape: Shape, format: Format) -> Option<WriteError> {
    if matches!(format, Format::Boxed | Format::Line | Format::Json) {
        return None;
    }
    write_grid(&Grid::empty(shape), format).err()
}

/// Appends `text` right-aligned to `width` characters (ASCII).
pub(crate) fn push_aligned(out: &mut String, text: &str, width: usize) {
    for _ in text.len()..width {
        out.push(' ');
    }
    out.push_str(text);
}

/// Appends the number `v` right-aligned to `width`: a giant grid has up to 160,000 of
/// them, and a `format!` each was most of the time spent writing one.
pub(crate) fn push_number(out: &mut String, v: u16, width: usize) {
    push_aligned(out, itoa::Buffer::new().format(v), width);
}

/// Appends `values` as numbers ([`push_number`]) with `sep` between them.
pub(crate) fn push_numbers(out: &mut String, values: &[u16], sep: &str, width: usize) {
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        push_number(out, v, width);
    }
}

/// The symbol of 1-based value `v` in the standard alphabet (`1-9A-Z`), or `None` past 35.
pub(crate) fn symbol(v: usize) -> Option<char> {
    Alphabet::Standard.symbol(v)
}

/// Values, givens and marks from per-cell candidate groups, by the rule of docs/formats.md
/// (HoDoKu and SukakuExplainer agree): a cell showing one digit holds that digit as a
/// value unless the digit is still a candidate (in a group of two or more) of a cell that
/// sees it; then it is a one-candidate cell. Values become givens.
pub(crate) fn grid_from_groups(shape: Shape, groups: &[crate::DigitSet]) -> Puzzle {
    use crate::index::Cell;
    let mut grid = Grid::empty(shape);
    let mut marks = Candidates::none(shape);
    for cell in Cell::all(shape) {
        let g = groups[cell.index()];
        let value = g.single_member().filter(|&d| {
            !cell.peers(shape).any(|p| {
                let pg = groups[p.index()];
                pg.len() >= 2 && pg.contains(d)
            })
        });
        match value {
            Some(d) => grid.set_given(cell, d),
            None => marks.set(cell, g),
        }
    }
    Puzzle {
        marks: Some(marks),
        ..Puzzle::new(grid)
    }
}

/// The candidate groups a candidate grid (pm, sukaku) shows: each value, and each empty
/// cell's marks less the digits its peers hold. Such a mark is no candidate by the rules,
/// and shown it would make the peer's value read back as a candidate (the one-digit rule
/// of [`grid_from_groups`]).
pub(crate) fn shown_groups(p: &Puzzle, marks: &Candidates) -> Vec<crate::DigitSet> {
    use crate::index::Cell;
    let shape = p.shape();
    Cell::all(shape)
        .map(|cell| match p.grid.get(cell) {
            Some(d) => crate::DigitSet::single(d),
            None => {
                let taken: crate::DigitSet =
                    cell.peers(shape).filter_map(|q| p.grid.get(q)).collect();
                marks.get(cell) - taken
            }
        })
        .collect()
}

/// Refuses `p` when the candidate grid showing `groups` (pm, sukaku: a value and a cell
/// with one candidate look the same) would read back as another puzzle by the one-digit
/// rule of [`grid_from_groups`]: a cell whose one candidate no peer shares would come back
/// a given. Said of the first such cell, with the formats that keep it.
pub(crate) fn refuse_misread(
    p: &Puzzle,
    groups: &[crate::DigitSet],
    format: Format,
) -> Result<(), WriteError> {
    use crate::index::Cell;
    let shape = p.shape();
    let back = grid_from_groups(shape, groups).grid;
    let Some(cell) = Cell::all(shape).find(|&c| p.grid.get(c).is_some() != back.get(c).is_some())
    else {
        return Ok(());
    };
    let name = cell.name(shape);
    let n = p.notation();
    let what = match p.grid.get(cell) {
        // Not met while `groups` are `shown_groups`: no peer of a value shows its digit.
        Some(d) => format!(
            "the {} of {name}: it would read back as a candidate",
            n.digit(d)
        ),
        None => {
            let d = groups[cell.index()].first().expect("one candidate");
            let d = n.digit(d);
            format!("{name}'s one candidate {d}: it would read back as a given")
        }
    };
    Err(WriteError::new(
        format,
        format!("{what} (ss and json keep it)"),
    ))
}

/// The candidate group shown for `cell`: its value, or its marks.
pub(crate) fn group_of(
    p: &Puzzle,
    marks: &Candidates,
    cell: crate::index::Cell,
) -> crate::DigitSet {
    match p.grid.get(cell) {
        Some(d) => crate::DigitSet::single(d),
        None => marks.get(cell),
    }
}
