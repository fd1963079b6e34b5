//! Reading puzzle streams from files or standard input, and the shared input options
//! (`--format`, `--box`, `--alphabet`); ordered parallel batches; quiet broken pipes.

use anyhow::Context as _;
use clap::Args;
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
    /// Read this format instead of detecting it: line, boxed, sdk, ss, pm, hodoku, sukaku, opensudoku, matrix, classic, kennett, leptonica, pipe, json (docs/formats.md).
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
    Alphabet::from_name(s)
        .ok_or_else(|| format!("unknown alphabet {s:?}; use standard, hex or letters"))
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

/// Why the first bytes of an input are not text: a NUL byte, or many control bytes.
fn not_text(head: &[u8]) -> Option<String> {
    if let Some(at) = head.iter().position(|&b| b == 0) {
        return Some(format!("not a text file (a NUL byte at offset {at})"));
    }
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
    mut input: Box<dyn BufRead + Send>,
    opts: ReadOptions,
) -> Box<dyn Iterator<Item = Record> + Send> {
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
    let (mut any, mut found, mut bad, mut done) = (false, false, 0, false);
    Box::new(std::iter::from_fn(move || {
        if done {
            return None;
        }
        let Some(record) = records.next() else {
            done = true;
            // Nothing at all, or only lines passed over with a note (headers, titles).
            return (!any || !found && bad == 0)
                .then(|| whole_file_error(name.clone(), "no puzzle found".into()));
        };
        any = true;
        if found {
            return Some(record);
        }
        let parsed = record.parse();
        match &parsed {
            Ok(_) => found = true,
            Err(_) => {
                // Notes count too: a letter is not a file of titles.
                bad += 1;
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

/// How many puzzles are out to the workers at once, all workers together: big enough that
/// taking a chunk costs nothing, small enough that the workers finish together (on 17-clue
/// puzzles, 4,096 left `--jobs 2` at 1.78x one job, 1,024 gives 1.88x, 512 no better) and
/// that memory stays flat on endless input.
const CHUNK: usize = 1024;

/// Runs `work` over every record on `jobs` threads (0 = all cores) and hands the results to
/// `emit` in input order, a chunk at a time. Shows a progress counter on stderr when it is a
/// terminal and the run is long.
///
/// With one job everything runs on the calling thread. With more, each worker reads its
/// own chunks and the calling thread only writes (see [`parallel_in_order`]). Whatever can
/// run on the workers should: given [`InputArgs::unparsed_records`], the workers also
/// parse. (Reading and writing in turn with the solving, as this did first, left `--jobs 2`
/// at about 1.2 times `--jobs 1` on 17-clue puzzles, where parsing and formatting take as
/// long as solving; parsing on a reader thread, at about 1.4 to 1.5.)
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
    let jobs = match jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    if jobs == 1 {
        for (i, r) in records.enumerate() {
            emit(work(i, r))?;
            if i % chunk_size == chunk_size - 1 {
                tick(chunk_size as u64);
            }
        }
    } else {
        let per_worker = chunk_size.div_ceil(jobs).max(1);
        parallel_in_order(records, jobs, per_worker, &work, |results: Vec<T>| {
            let n = results.len() as u64;
            for r in results {
                emit(r)?;
            }
            tick(n);
            Ok(())
        })?;
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(())
}

/// The work of [`ordered_batch_by`] with several jobs. Each of `jobs` worker threads takes
/// the next `chunk` records from the shared reader (under a lock: reading must follow the
/// file), works through them and sends the results, numbered, to the calling thread, which
/// hands them to `emit` in input order. At most `2 * jobs` chunks are out at once, so memory
/// stays flat even when one chunk is slow. (A rayon pool fed by a reader thread, as this
/// was, spent 10-20% more CPU than one job: four threads on two cores, and idle workers
/// spinning between chunks.)
fn parallel_in_order<I, T, W>(
    records: impl Iterator<Item = I> + Send,
    jobs: usize,
    chunk: usize,
    work: &W,
    mut emit: impl FnMut(Vec<T>) -> anyhow::Result<()>,
) -> anyhow::Result<()>
where
    I: Send,
    T: Send,
    W: Fn(usize, I) -> T + Sync,
{
    use std::sync::{Condvar, Mutex};
    /// The shared reader: records numbered from 0, chunks numbered from 0.
    struct Source<It> {
        records: std::iter::Enumerate<It>,
        next_chunk: usize,
    }
    /// Chunks that may still be taken before the calling thread emits one (`None`: stop).
    struct Slots {
        free: Mutex<Option<usize>>,
        changed: Condvar,
    }
    impl Slots {
        /// Waits for a free slot; `false` when the run is stopping.
        fn take(&self) -> bool {
            let mut free = self.free.lock().expect("no worker panics holding it");
            loop {
                match *free {
                    None => return false,
                    Some(0) => free = self.changed.wait(free).expect("lock"),
                    Some(ref mut n) => {
                        *n -= 1;
                        return true;
                    }
                }
            }
        }
        fn give_back(&self) {
            let mut free = self.free.lock().expect("lock");
            if let Some(n) = free.as_mut() {
                *n += 1;
            }
            self.changed.notify_one();
        }
        fn stop(&self) {
            *self.free.lock().expect("lock") = None;
            self.changed.notify_all();
        }
    }
    let source = Mutex::new(Source {
        records: records.enumerate(),
        next_chunk: 0,
    });
    let slots = Slots {
        free: Mutex::new(Some(2 * jobs)),
        changed: Condvar::new(),
    };
    let (done_tx, done) = std::sync::mpsc::channel::<(usize, Vec<T>)>();
    std::thread::scope(|threads| -> anyhow::Result<()> {
        for _ in 0..jobs {
            let (source, slots, done_tx) = (&source, &slots, done_tx.clone());
            std::thread::Builder::new()
                .spawn_scoped(threads, move || {
                    /// Stops the run when this worker ends, even by a panic (which the
                    /// scope then passes on), so that nobody waits for it.
                    struct StopOnExit<'a>(&'a Slots);
                    impl Drop for StopOnExit<'_> {
                        fn drop(&mut self) {
                            self.0.stop();
                        }
                    }
                    let _stop = StopOnExit(slots);
                    while slots.take() {
                        let (k, records) = {
                            let mut src = source.lock().expect("no worker panics reading");
                            let records: Vec<(usize, I)> =
                                src.records.by_ref().take(chunk).collect();
                            src.next_chunk += 1;
                            (src.next_chunk - 1, records)
                        };
                        if records.is_empty() {
                            break;
                        }
                        let out: Vec<T> = records.into_iter().map(|(i, r)| work(i, r)).collect();
                        // The receiver is gone only when emitting failed: stop then.
                        if done_tx.send((k, out)).is_err() {
                            break;
                        }
                    }
                })
                .context("cannot start worker threads")?;
        }
        drop(done_tx);
        // Results that came early, by chunk number.
        let mut early: std::collections::BTreeMap<usize, Vec<T>> = Default::default();
        let mut next = 0;
        let result = (|| {
            for (k, out) in done.iter() {
                early.insert(k, out);
                while let Some(out) = early.remove(&next) {
                    emit(out)?;
                    slots.give_back();
                    next += 1;
                }
            }
            anyhow::Ok(())
        })();
        slots.stop();
        drop(done);
        result
    })
}

/// Writes `text`, mapping errors to anyhow (so a broken pipe ends the run quietly).
pub fn put(out: &mut impl Write, text: &str) -> anyhow::Result<()> {
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// A spinner on stderr that shows itself only if it is still alive after two seconds
/// (`{msg} {elapsed}`), and goes away when dropped: for one long piece of work.
pub struct DelayedSpinner {
    bar: indicatif::ProgressBar,
    done: std::sync::Arc<(std::sync::Mutex<bool>, std::sync::Condvar)>,
    waker: Option<std::thread::JoinHandle<()>>,
}

/// Starts a [`DelayedSpinner`] with the message `msg`.
pub fn delayed_spinner(msg: &'static str) -> DelayedSpinner {
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden());
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} {elapsed}")
            .expect("valid template"),
    );
    bar.set_message(msg);
    let done = std::sync::Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
    let (b, d) = (bar.clone(), done.clone());
    let waker = std::thread::spawn(move || {
        let (lock, cv) = &*d;
        let guard = lock.lock().unwrap_or_else(|e| e.into_inner());
        let (guard, _) = cv
            .wait_timeout_while(guard, std::time::Duration::from_secs(2), |done| !*done)
            .unwrap_or_else(|e| e.into_inner());
        if !*guard {
            b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            b.enable_steady_tick(std::time::Duration::from_millis(200));
        }
    });
    DelayedSpinner {
        bar,
        done,
        waker: Some(waker),
    }
}

impl Drop for DelayedSpinner {
    fn drop(&mut self) {
        let (lock, cv) = &*self.done;
        *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
        cv.notify_all();
        if let Some(w) = self.waker.take() {
            let _ = w.join();
        }
        self.bar.finish_and_clear();
    }
}
