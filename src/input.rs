//! Where puzzles come from: the shared input options (`--format`, `--box`, `--alphabet`),
//! records from files or standard input (a file that holds no puzzle said once), and bad
//! records reported the same way by every command.

use clap::Args;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use sudoku::format::{
    Alphabet, Format, ParseError, ParseErrorKind, Puzzle, ReadOptions, Reader, Record, Utf16Aware,
};
use sudoku::Shape;

/// Where puzzles come from and how to read them.
#[derive(Debug, Args, Clone, Default)]
pub struct InputArgs {
    /// Puzzle files; standard input when none or `-`.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Read this format instead of detecting it: line, boxed, sdk, ss, pm, hodoku, sukaku, opensudoku, matrix, classic, kennett, leptonica, pipe, json (docs/formats.md).
    #[arg(long, short = 'f', value_name = "FORMAT", value_parser = parse_format)]
    pub format: Option<Format>,
    /// Box shape RxC (rows x columns of a box) where the size alone is ambiguous, e.g. 3x2.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_shape)]
    pub shape: Option<Shape>,
    /// Symbols of one-character formats: standard (1-9A-Z), hex (0-F, 16x16 grids only), letters (A-Z, grids up to 26x26).
    #[arg(long, value_name = "ALPHABET", value_parser = parse_alphabet)]
    pub alphabet: Option<Alphabet>,
}

pub fn parse_format(s: &str) -> Result<Format, String> {
    Format::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        format!("unknown format {s:?}; known formats: {}", names.join(", "))
    })
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    Shape::parse(s).map_err(|e| e.to_string())
}

pub fn parse_alphabet(s: &str) -> Result<Alphabet, String> {
    s.parse()
}

/// Refuses `--to-alphabet` for a format that would not write it (exit 2, before any work):
/// the matrix would come out in numbers all the same. The standard symbols are every
/// format's own, so asking for them is never refused.
pub fn check_to_alphabet(to: Format, alphabet: Option<Alphabet>) -> anyhow::Result<()> {
    match alphabet.map(|a| to.check_alphabet(a)) {
        Some(Err(why)) => anyhow::bail!("--to-alphabet: {why}"),
        _ => Ok(()),
    }
}

impl InputArgs {
    /// Whether the input is typed as it is read: standard input (no files, or `-`) from a
    /// terminal. Its answers are then handed out one at a time
    /// ([`InputArgs::batch_records`], [`crate::batch::stdout_for`]) instead of a thousand at
    /// a time, so that each comes when its puzzle does (once the first lines have told the
    /// format). A pipe keeps the batches, cut where its reads end: one at a time made `cat
    /// 17clue.txt | sudoku solve` four times slower (a write and a hand-over for each 2 µs
    /// puzzle).
    pub fn is_live(&self) -> bool {
        self.reads_stdin() && std::io::IsTerminal::is_terminal(&io::stdin())
    }

    /// Whether standard input is one of the inputs: no files, or `-` among them.
    pub fn reads_stdin(&self) -> bool {
        self.files.is_empty() || self.files.iter().any(|f| f.as_os_str() == "-")
    }

    pub fn read_options(&self) -> ReadOptions {
        ReadOptions {
            format: self.format,
            shape: self.shape,
            alphabet: self.alphabet,
        }
    }

    /// Every record of every input, lazily, in order. A file that can't be opened yields one
    /// error record and reading goes on with the next file.
    pub fn records(&self) -> impl Iterator<Item = Result<Puzzle, ParseError>> + Send + '_ {
        self.unparsed_records().map(Record::parse)
    }

    /// [`InputArgs::records`] with one-line records left unparsed, so that a batch parses
    /// them on its workers ([`crate::batch::ordered_batch`]).
    pub fn unparsed_records(&self) -> impl Iterator<Item = Record> + Send + '_ {
        self.records_watched(None)
    }

    /// [`InputArgs::unparsed_records`] and how a batch takes them: `chunk` at a time, one
    /// at a time when typed ([`InputArgs::is_live`]). From a pipe (another program writing
    /// as it goes), a chunk ends where the records read so far do: a program that writes
    /// a puzzle and waits for its answer gets it (it waited for a thousand puzzles that
    /// never came), while `cat` keeps the chunks full.
    pub fn batch_records(
        &self,
        chunk: usize,
    ) -> (impl Iterator<Item = Record> + Send + '_, crate::batch::Feed) {
        if self.is_live() {
            return (self.records_watched(None), crate::batch::Feed::typed());
        }
        // Not typed (above), so standard input is no terminal.
        let only_stdin = self.files.iter().all(|f| f.as_os_str() == "-") && self.files.len() <= 1;
        let pipe = only_stdin && !stdin_is_a_file();
        let held = pipe.then(|| Arc::new(AtomicUsize::new(0)));
        (
            self.records_watched(held.clone()),
            crate::batch::Feed::pausing(chunk, held),
        )
    }

    /// The records, standard input counting in `held` what it has read and not given out.
    fn records_watched(
        &self,
        held: Option<Arc<AtomicUsize>>,
    ) -> impl Iterator<Item = Record> + Send + '_ {
        let sources: Vec<PathBuf> = if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        };
        let opts = self.read_options();
        sources.into_iter().flat_map(move |path| {
            let (name, input): (String, io::Result<Box<dyn BufRead + Send>>) =
                if path.as_os_str() == "-" {
                    let stdin = BufReader::new(io::stdin());
                    let input: Box<dyn BufRead + Send> = match held.clone() {
                        Some(held) => Box::new(Watched { inner: stdin, held }),
                        None => Box::new(stdin),
                    };
                    (source_name(&path), Ok(input))
                } else {
                    let f = File::open(&path).map(|f| Box::new(BufReader::new(f)) as Box<_>);
                    (source_name(&path), f)
                };
            let items: Box<dyn Iterator<Item = Record> + Send> = match input {
                Ok(r) => guarded(name, r, opts.clone()),
                Err(e) => Box::new(std::iter::once(whole_file_error(
                    name,
                    format!("cannot open: {e}"),
                ))),
            };
            items
        })
    }
}

/// Buffered input that publishes how many bytes it holds ([`InputArgs::batch_records`]).
struct Watched<R> {
    inner: BufReader<R>,
    held: Arc<AtomicUsize>,
}

impl<R: io::Read> io::Read for Watched<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.held
            .store(self.inner.buffer().len(), Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: io::Read> BufRead for Watched<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let buf = self.inner.fill_buf()?;
        self.held.store(buf.len(), Ordering::Relaxed);
        Ok(buf)
    }

    fn consume(&mut self, n: usize) {
        self.inner.consume(n);
        self.held
            .store(self.inner.buffer().len(), Ordering::Relaxed);
    }
}

/// Whether standard input is a file on disk (`sudoku solve < file`), which never pauses.
#[cfg(unix)]
fn stdin_is_a_file() -> bool {
    use std::os::fd::AsFd;
    io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .and_then(|fd| File::from(fd).metadata())
        .is_ok_and(|m| m.is_file())
}

#[cfg(not(unix))]
fn stdin_is_a_file() -> bool {
    false
}

/// How an input is named in messages and records: `<stdin>` for `-`, else its path.
pub fn source_name(path: &std::path::Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// How many bad records may open a file, before any puzzle, until it is taken for
/// something else than a puzzle file and left with one short error.
const GIVE_UP: usize = 3;

/// An error about a whole input (no line).
fn whole_file_error(source: String, message: String) -> Record {
    Record::Parsed(Box::new(Err(ParseError {
        source,
        line: 0,
        col: 0,
        kind: ParseErrorKind::Io(message),
    })))
}

/// Why the first bytes of an input are not text: UTF-16 without its mark, or many control
/// bytes (one in twenty).
fn not_text(head: &[u8]) -> Option<String> {
    if head.contains(&0) {
        // Every other byte NUL, the rest printable: UTF-16 that lost its byte-order mark.
        let units = head.len() / 2;
        let nul_at = |parity: usize| {
            (0..units).all(|k| head[2 * k + parity] == 0)
                && (0..units).all(|k| head[2 * k + 1 - parity] != 0)
        };
        if units >= 2 && (nul_at(0) || nul_at(1)) {
            return Some(
                "not a text file: UTF-16 without a byte-order mark (save it as UTF-8, or as UTF-16 with its mark)"
                    .into(),
            );
        }
    }
    // A stray NUL in text is an unexpected character at its line and column, wherever it is
    // (it refused the whole file only when it came in the first read): a file is binary by
    // its share of control bytes, NUL among them.
    let control = head
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)) || b == 0x7f)
        .count();
    (control * 20 > head.len()).then(|| {
        format!(
            "not a text file ({control} control bytes in the first {})",
            head.len()
        )
    })
}

/// The records of one input, with the three ways a file can hold no puzzle said once:
/// not text, empty (or only comments), or opening with [`GIVE_UP`] bad records in a row.
/// The first records are parsed here until one is a puzzle (cheap: usually the first).
fn guarded(
    name: String,
    input: Box<dyn BufRead + Send>,
    opts: ReadOptions,
) -> Box<dyn Iterator<Item = Record> + Send> {
    // UTF-16 text (with its mark) is decoded before it is judged.
    let mut input = Utf16Aware::new(input);
    match input.fill_buf() {
        Ok(head) => {
            if let Some(why) = not_text(head) {
                return Box::new(std::iter::once(whole_file_error(name, why)));
            }
        }
        Err(e) => {
            let why = format!("cannot read: {e}");
            return Box::new(std::iter::once(whole_file_error(name, why)));
        }
    }
    let mut records = Reader::new(input, &name, opts).records();
    let (mut found, mut bad, mut errors, mut done) = (false, 0, 0, false);
    Box::new(std::iter::from_fn(move || {
        if done {
            return None;
        }
        let Some(record) = records.next() else {
            done = true;
            // Nothing at all, or only lines passed over with a note (headers, titles): an
            // error of its own. Errors already said why there is no puzzle.
            return (!found && errors == 0)
                .then(|| whole_file_error(name.clone(), "no puzzle found".into()));
        };
        if found {
            return Some(record);
        }
        let parsed = record.parse();
        match &parsed {
            Ok(_) => found = true,
            Err(e) => {
                // Notes count too: a letter is not a file of titles.
                bad += 1;
                errors += usize::from(!e.is_skip());
                if bad == GIVE_UP {
                    done = true;
                    return Some(whole_file_error(
                        name.clone(),
                        format!("no puzzle found (the first {GIVE_UP} records are not puzzles: is this a puzzle file?)"),
                    ));
                }
            }
        }
        Some(Record::Parsed(Box::new(parsed)))
    }))
}

/// The first puzzle of the file at `path` (`-`: standard input), read as every command
/// reads: an error that says why when there is none (empty, not text, not puzzles).
pub fn first_puzzle(path: &std::path::Path, opts: ReadOptions) -> anyhow::Result<Puzzle> {
    let input = InputArgs {
        files: vec![path.to_path_buf()],
        format: opts.format,
        shape: opts.shape,
        alphabet: opts.alphabet,
    };
    let first = input.records().next();
    match first {
        Some(Ok(p)) => Ok(p),
        Some(Err(e)) => anyhow::bail!("{}", describe_error(&e)),
        None => anyhow::bail!("{}: no puzzle found", path.display()),
    }
}

/// Reports a bad record on stderr and says what it does to the exit status: a record the
/// format can't hold for us (an OpenSudoku game saved with notes) is a note and leaves the
/// status alone; anything else is an input error.
pub fn report(e: &ParseError) -> crate::cmd::Status {
    if e.is_skip() {
        warn!("sudoku: note: {}", describe_error(e));
        crate::cmd::Status::Ok
    } else {
        warn!("sudoku: {}", describe_error(e));
        crate::cmd::Status::InputError
    }
}

/// The `--json` record of input that could not be read, the same from every command:
/// `status` (`error`, or `skipped` for a line passed over with a note), `source`, `line`,
/// `column` and `message`. Read on, an error's record is reported as an error with its
/// message, a skipped line's is skipped again with a note.
pub fn error_record(e: &ParseError) -> serde_json::Value {
    serde_json::json!({
        "status": if e.is_skip() { "skipped" } else { "error" },
        "source": e.source,
        "line": e.line,
        "column": e.col,
        "message": describe_error(e),
    })
}

/// Formats a parse error for people: `file:line:col: message` (no line for open errors).
pub fn describe_error(e: &ParseError) -> String {
    if e.line == 0 {
        format!("{}: {}", e.source, e.message())
    } else {
        e.to_string()
    }
}
