//! Reading puzzle streams from files or standard input, and the shared input options
//! (`--format`, `--box`, `--alphabet`); ordered parallel batches; quiet broken pipes.

use anyhow::Context as _;
use clap::Args;
use rayon::prelude::*;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use sudoku::format::{
    Alphabet, Format, ParseError, ParseErrorKind, Puzzle, ReadOptions, Reader, Record,
};
use sudoku::Shape;

/// Where puzzles come from and how to read them.
#[derive(Debug, Args, Clone, Default)]
pub struct InputArgs {
    /// Puzzle files; standard input when none or `-`.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Read this format instead of detecting it.
    #[arg(long, short = 'f', value_name = "FORMAT", value_parser = parse_format)]
    pub format: Option<Format>,
    /// Box shape RxC (rows x columns of a box) where the size alone is ambiguous, e.g. 3x2.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_shape)]
    pub shape: Option<Shape>,
    /// Symbols of one-character formats: standard (1-9A-Z), hex (0-F), letters (A-Z).
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

fn parse_alphabet(s: &str) -> Result<Alphabet, String> {
    match s.to_ascii_lowercase().as_str() {
        "standard" | "std" => Ok(Alphabet::Standard),
        "hex" => Ok(Alphabet::Hex),
        "letters" | "alpha" => Ok(Alphabet::Letters),
        _ => Err(format!(
            "unknown alphabet {s:?}; use standard, hex or letters"
        )),
    }
}

impl InputArgs {
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
    /// them on its workers ([`ordered_batch`]).
    pub fn unparsed_records(&self) -> impl Iterator<Item = Record> + Send + '_ {
        let sources: Vec<PathBuf> = if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        };
        let opts = self.read_options();
        sources.into_iter().flat_map(move |path| {
            let (name, input): (String, io::Result<Box<dyn BufRead + Send>>) =
                if path.as_os_str() == "-" {
                    ("<stdin>".into(), Ok(Box::new(BufReader::new(io::stdin()))))
                } else {
                    let name = path.display().to_string();
                    let f = File::open(&path).map(|f| Box::new(BufReader::new(f)) as Box<_>);
                    (name, f)
                };
            let items: Box<dyn Iterator<Item = Record> + Send> = match input {
                Ok(r) => Box::new(Reader::new(r, &name, opts.clone()).records()),
                Err(e) => Box::new(std::iter::once(Record::Parsed(Box::new(Err(ParseError {
                    source: name,
                    line: 0,
                    col: 0,
                    kind: ParseErrorKind::Io(format!("cannot open: {e}")),
                }))))),
            };
            items
        })
    }
}

/// Reports a bad record on stderr and says what it does to the exit status: a record the
/// format can't hold for us (an OpenSudoku game saved with notes) is a note and leaves the
/// status alone; anything else is an input error.
pub fn report(e: &ParseError) -> crate::cmd::Status {
    if e.is_skip() {
        eprintln!("sudoku: note: {}", describe_error(e));
        crate::cmd::Status::Ok
    } else {
        eprintln!("sudoku: {}", describe_error(e));
        crate::cmd::Status::InputError
    }
}

/// Formats a parse error for people: `file:line:col: message` (no line for open errors).
pub fn describe_error(e: &ParseError) -> String {
    if e.line == 0 {
        format!("{}: {}", e.source, e.message())
    } else {
        e.to_string()
    }
}

/// Whether an error comes from writing to a closed pipe.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Buffered standard output.
pub fn stdout() -> io::BufWriter<io::StdoutLock<'static>> {
    io::BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// How many puzzles go to the worker threads at once: big enough to keep every core busy,
/// small enough that memory stays flat on endless input.
const CHUNK: usize = 4096;

/// Runs `work` over every record on `jobs` threads (0 = all cores) and hands the results to
/// `emit` in input order, a chunk at a time. Shows a progress counter on stderr when it is a
/// terminal and the run is long.
///
/// With one job everything runs on the calling thread. With more, reading, solving and
/// writing overlap: a reader thread reads the next chunks while the pool works on one and
/// the calling thread emits the one before. Whatever can run on the workers should: given
/// [`InputArgs::unparsed_records`], the reader only splits lines and the workers parse
/// them. (Reading and writing in turn with the solving, as this did first, left `--jobs 2`
/// at about 1.2 times `--jobs 1` on 17-clue puzzles, where parsing and formatting take as
/// long as solving; parsing on the reader thread, at about 1.3 to 1.5.)
pub fn ordered_batch<I, T, W, E>(
    records: impl Iterator<Item = I> + Send,
    jobs: usize,
    work: W,
    emit: E,
) -> anyhow::Result<()>
where
    I: Send,
    T: Send,
    W: Fn(usize, I) -> T + Sync,
    E: FnMut(T) -> anyhow::Result<()>,
{
    ordered_batch_by(records, jobs, CHUNK, work, emit)
}

/// [`ordered_batch`] with `chunk` records at a time: small chunks for slow work (rating),
/// so results appear as they come rather than thousands at once.
pub fn ordered_batch_by<I, T, W, E>(
    records: impl Iterator<Item = I> + Send,
    jobs: usize,
    chunk: usize,
    work: W,
    mut emit: E,
) -> anyhow::Result<()>
where
    I: Send,
    T: Send,
    W: Fn(usize, I) -> T + Sync,
    E: FnMut(T) -> anyhow::Result<()>,
{
    let chunk_size = chunk.max(1);
    let progress = io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {pos} puzzles ({per_sec}) {elapsed}",
            )
            .expect("valid template"),
        );
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        bar
    });
    let started = std::time::Instant::now();
    let tick = |n: u64| {
        if let Some(bar) = &progress {
            if started.elapsed().as_secs_f32() > 1.0 && bar.is_hidden() {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
            bar.inc(n);
        }
    };
    if jobs == 1 {
        for (i, r) in records.enumerate() {
            emit(work(i, r))?;
            if i % chunk_size == chunk_size - 1 {
                tick(chunk_size as u64);
            }
        }
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .context("cannot start worker threads")?;
        type Chunk<I> = Vec<(usize, I)>;
        std::thread::scope(|threads| -> anyhow::Result<()> {
            let (chunks_tx, chunks) = std::sync::mpsc::sync_channel::<Chunk<I>>(2);
            threads.spawn(move || {
                let mut records = records.enumerate();
                loop {
                    let chunk: Chunk<I> = records.by_ref().take(chunk_size).collect();
                    // A closed channel means the writer stopped (a broken pipe): stop too.
                    if chunk.is_empty() || chunks_tx.send(chunk).is_err() {
                        break;
                    }
                }
            });
            let work = &work;
            pool.in_place_scope(|pending_work| -> anyhow::Result<()> {
                let mut pending: Option<std::sync::mpsc::Receiver<Vec<T>>> = None;
                let mut emit_all = |results: std::sync::mpsc::Receiver<Vec<T>>| {
                    let results = results.recv().expect("a worker sends every chunk");
                    let n = results.len() as u64;
                    for r in results {
                        emit(r)?;
                    }
                    tick(n);
                    anyhow::Ok(())
                };
                for chunk in chunks.iter() {
                    let (done, results) = std::sync::mpsc::sync_channel(1);
                    pending_work.spawn(move |_| {
                        let out: Vec<T> = chunk.into_par_iter().map(|(i, r)| work(i, r)).collect();
                        // The receiver is gone only when emitting failed; nothing to do then.
                        let _ = done.send(out);
                    });
                    if let Some(previous) = pending.replace(results) {
                        emit_all(previous)?;
                    }
                }
                if let Some(last) = pending {
                    emit_all(last)?;
                }
                Ok(())
            })
        })?;
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(())
}

/// Writes `text`, mapping errors to anyhow (so a broken pipe ends the run quietly).
pub fn put(out: &mut impl Write, text: &str) -> anyhow::Result<()> {
    out.write_all(text.as_bytes())?;
    Ok(())
}
