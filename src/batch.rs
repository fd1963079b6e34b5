//! Where results go, in input order: batches of records worked on every core, written to
//! buffered standard output; a progress counter or a spinner on a terminal for long runs;
//! a closed pipe ends the run quietly.

use anyhow::Context as _;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

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

/// Standard output for the answers of a batch fed by `feed`: buffered, but written as each
/// answer comes when the input is typed (its answers would otherwise come in one go at the
/// end; from a pipe, [`ordered_batch`] flushes where the input pauses).
pub fn stdout_for(feed: &Feed) -> io::BufWriter<io::StdoutLock<'static>> {
    let capacity = if feed.typed { 0 } else { 1 << 16 };
    io::BufWriter::with_capacity(capacity, io::stdout().lock())
}

/// How a batch takes its records ([`ordered_batch`]): how many at a time, and, for input
/// that may pause, how to tell where it has.
#[derive(Clone, Debug)]
pub struct Feed {
    /// Records out to the workers at once, all workers together.
    chunk: usize,
    /// Bytes of standard input read from the pipe and not yet taken
    /// ([`crate::input::InputArgs::batch_records`]). When none are, the next record may be
    /// long in coming: a chunk ends there and the answers so far are written out.
    held: Option<Arc<AtomicUsize>>,
    /// Typed at a terminal: one record at a time, and it may pause anywhere.
    typed: bool,
}

impl Feed {
    /// `chunk` records at a time, whatever the input does.
    pub fn fixed(chunk: usize) -> Feed {
        Feed {
            chunk: chunk.max(1),
            held: None,
            typed: false,
        }
    }

    /// One record at a time, typed at a terminal.
    pub fn typed() -> Feed {
        Feed {
            typed: true,
            ..Feed::fixed(1)
        }
    }

    /// `chunk` records at a time, fewer where the input pauses (`held` falls to zero).
    pub fn pausing(chunk: usize, held: Option<Arc<AtomicUsize>>) -> Feed {
        Feed {
            chunk: chunk.max(1),
            held,
            typed: false,
        }
    }

    /// Whether the input may pause between records (typed, or a pipe): nothing should wait
    /// for a record that is not needed yet.
    pub fn pauses(&self) -> bool {
        self.typed || self.held.is_some()
    }

    /// Up to `chunk` records (fewer where the input pauses, or where reading them has taken
    /// [`SLOW_CHUNK`]), and whether the answers should be written out after them (the input
    /// paused or ended, or was slow). Empty at the end.
    fn take<I>(&self, records: &mut impl Iterator<Item = I>) -> (Vec<I>, bool) {
        let paused = || {
            self.held
                .as_ref()
                .is_some_and(|h| h.load(Ordering::Relaxed) == 0)
        };
        let started = std::time::Instant::now();
        let mut slow = false;
        let mut out = Vec::new();
        while out.len() < self.chunk {
            if !out.is_empty() {
                slow = started.elapsed() > SLOW_CHUNK;
                if slow || paused() {
                    break;
                }
            }
            match records.next() {
                Some(r) => out.push(r),
                None => break,
            }
        }
        (out, slow || paused())
    }
}

/// How long a chunk may take to read before it goes to the workers as it is: records that
/// come slowly (an endless grid refused every 400 rows, giant grids) are answered as they
/// come, not after a thousand of them.
const SLOW_CHUNK: std::time::Duration = std::time::Duration::from_millis(500);

/// How many puzzles are out to the workers at once, all workers together: big enough that
/// taking a chunk costs nothing, small enough that the workers finish together (on 17-clue
/// puzzles, 4,096 left `--jobs 2` at 1.78x one job, 1,024 gives 1.88x, 512 no better) and
/// that memory stays flat on endless input.
pub const CHUNK: usize = 1024;

/// Runs `work` over every record on `jobs` threads (0 = all cores) and hands the results,
/// with `out`, to `emit` in input order, as `feed` says
/// ([`crate::input::InputArgs::batch_records`]: small chunks for slow work such as rating,
/// so results appear as they come rather than thousands at once; one for typed input; what
/// has come, from a pipe). `out` is flushed wherever the input pauses. Shows a progress
/// counter on stderr when it is a terminal and the run is long.
///
/// With one job everything runs on the calling thread. With more, each worker takes its
/// own chunks and the calling thread only writes (see [`parallel_in_order`]). Whatever can
/// run on the workers should: given [`crate::input::InputArgs::unparsed_records`], the
/// workers also parse. (Reading and writing in turn with the solving, as this did first,
/// left `--jobs 2` at about 1.2 times `--jobs 1` on 17-clue puzzles, where parsing and
/// formatting take as long as solving; parsing on a reader thread, at about 1.4 to 1.5. A
/// thread reading ahead for pipes, so that a chunk could take what had come, cost a fifth
/// more wall time on `cat 17clue.txt |`: the chunks end where the pipe's read buffer does
/// instead.)
pub fn ordered_batch<I, T, O, W, E>(
    records: impl Iterator<Item = I> + Send,
    jobs: usize,
    feed: Feed,
    work: W,
    out: &mut O,
    mut emit: E,
) -> anyhow::Result<()>
where
    I: Send,
    T: Send,
    O: Write,
    W: Fn(usize, I) -> T + Sync,
    E: FnMut(&mut O, T) -> anyhow::Result<()>,
{
    let progress = io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} puzzles done: {pos} ({per_sec}) {elapsed}",
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
    let mut records = records.enumerate();
    if jobs == 1 {
        loop {
            let (taken, paused) = feed.take(&mut records);
            if taken.is_empty() {
                break;
            }
            let n = taken.len() as u64;
            for (i, r) in taken {
                emit(out, work(i, r))?;
            }
            if paused {
                out.flush()?;
            }
            tick(n);
        }
    } else {
        let per_worker = Feed {
            chunk: feed.chunk.div_ceil(jobs).max(1),
            ..feed
        };
        parallel_in_order(
            records,
            jobs,
            &per_worker,
            &work,
            |results: Vec<T>, paused| {
                let n = results.len() as u64;
                for r in results {
                    emit(out, r)?;
                }
                if paused {
                    out.flush()?;
                }
                tick(n);
                Ok(())
            },
        )?;
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(())
}

/// The work of [`ordered_batch`] with several jobs. Each of `jobs` worker threads takes
/// the next `chunk` records from the shared source (under a lock: reading must follow the
/// file), works through them and sends the results, numbered, to the calling thread, which
/// hands them to `emit` in input order, with whether the input ran dry after them. At most
/// `2 * jobs` chunks are out at once, so memory stays flat even when one chunk is slow. (A
/// rayon pool fed by a reader thread, as this was, spent 10-20% more CPU than one job: four
/// threads on two cores, and idle workers spinning between chunks.)
fn parallel_in_order<I, T, W>(
    records: impl Iterator<Item = (usize, I)> + Send,
    jobs: usize,
    feed: &Feed,
    work: &W,
    mut emit: impl FnMut(Vec<T>, bool) -> anyhow::Result<()>,
) -> anyhow::Result<()>
where
    I: Send,
    T: Send,
    W: Fn(usize, I) -> T + Sync,
{
    use std::sync::{Condvar, Mutex};
    /// The shared source: records numbered from 0, chunks numbered from 0.
    struct Source<It> {
        records: It,
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
        records,
        next_chunk: 0,
    });
    let slots = Slots {
        free: Mutex::new(Some(2 * jobs)),
        changed: Condvar::new(),
    };
    let (done_tx, done) = std::sync::mpsc::channel::<(usize, Vec<T>, bool)>();
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
                        let (k, records, dry) = {
                            let mut src = source.lock().expect("no worker panics reading");
                            let (records, dry) = feed.take(&mut src.records);
                            src.next_chunk += 1;
                            (src.next_chunk - 1, records, dry)
                        };
                        if records.is_empty() {
                            break;
                        }
                        let out: Vec<T> = records.into_iter().map(|(i, r)| work(i, r)).collect();
                        // The receiver is gone only when emitting failed: stop then.
                        if done_tx.send((k, out, dry)).is_err() {
                            break;
                        }
                    }
                })
                .context("cannot start worker threads")?;
        }
        drop(done_tx);
        // Results that came early, by chunk number.
        let mut early: std::collections::BTreeMap<usize, (Vec<T>, bool)> = Default::default();
        let mut next = 0;
        let result = (|| {
            for (k, out, dry) in done.iter() {
                early.insert(k, (out, dry));
                while let Some((out, dry)) = early.remove(&next) {
                    emit(out, dry)?;
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

/// Says on stderr how many puzzles a `--max-time` left undone (`what` ends the line,
/// e.g. "not explained"), so every batch command words its time-out the same way.
pub fn report_skipped(skipped: usize, max_time: Option<std::time::Duration>, what: &str) {
    warn!(
        "sudoku: time limit reached (--max-time {}): {skipped} puzzle{} {what}",
        max_time.unwrap_or_default().as_secs_f64(),
        if skipped == 1 { "" } else { "s" }
    );
}

/// A spinner on stderr that shows itself only if it is still alive after two seconds
/// (`{msg} {elapsed}`), and goes away when dropped: for one long piece of work.
pub struct DelayedSpinner {
    bar: indicatif::ProgressBar,
    done: std::sync::Arc<(std::sync::Mutex<bool>, std::sync::Condvar)>,
    waker: Option<std::thread::JoinHandle<()>>,
}

/// The records read ahead of a batch, and whether they are its only one: a lone puzzle
/// gets a spinner ([`spinner_for_one`]) and the threads a batch would share. Input that
/// may pause (typed, or a pipe: a program may write one puzzle and wait for its answer)
/// is not read ahead, and is never lone.
pub fn read_ahead<I: Iterator>(records: &mut I, feed: &Feed) -> (Vec<I::Item>, bool) {
    let peek = if feed.pauses() { 0 } else { 2 };
    let head: Vec<_> = records.by_ref().take(peek).collect();
    let lone = head.len() == 1;
    (head, lone)
}

/// A [`DelayedSpinner`] with the message `msg` for a run of one puzzle (`single`) when
/// standard error is a terminal: one slow puzzle shows it is alive, while a batch has
/// [`ordered_batch`]'s counter.
pub fn spinner_for_one(single: bool, msg: &'static str) -> Option<DelayedSpinner> {
    (single && io::stderr().is_terminal()).then(|| delayed_spinner(msg))
}

/// Starts a [`DelayedSpinner`] with the message `msg`.
pub fn delayed_spinner(msg: &'static str) -> DelayedSpinner {
    spinner_with(msg.to_string(), None)
}

/// Where a path is, for a spinner: `step 95, 230 cells open (Nested Forcing Chain)`.
pub fn path_progress(p: &sudoku::logic::PathProgress) -> String {
    if !p.started() {
        return "waiting".to_string();
    }
    let at = format!("step {}, {} cells open", p.steps(), p.open_cells());
    match p.last_technique() {
        _ if p.finished() => format!("{at}, done"),
        Some(t) => format!("{at} ({})", t.name()),
        None => at,
    }
}

/// A message a spinner asks for again while it shows (a long path's step count).
pub type Watch = Box<dyn Fn() -> String + Send>;

/// [`spinner_for_one`], its message `watch`'s, asked again every half second.
pub fn watching_spinner_for_one(single: bool, watch: Watch) -> Option<DelayedSpinner> {
    (single && io::stderr().is_terminal()).then(|| spinner_with(watch(), Some(watch)))
}

fn spinner_with(msg: String, watch: Option<Watch>) -> DelayedSpinner {
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden());
    // A message that changes may outgrow the line: it goes last, cut to the terminal.
    let template = match watch {
        Some(_) => "{spinner} {elapsed} {wide_msg}",
        None => "{spinner} {msg} {elapsed}",
    };
    bar.set_style(indicatif::ProgressStyle::with_template(template).expect("valid template"));
    bar.set_message(msg);
    let done = std::sync::Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
    let (b, d) = (bar.clone(), done.clone());
    let waker = std::thread::spawn(move || {
        let (lock, cv) = &*d;
        let guard = lock.lock().unwrap_or_else(|e| e.into_inner());
        let (mut guard, _) = cv
            .wait_timeout_while(guard, std::time::Duration::from_secs(2), |done| !*done)
            .unwrap_or_else(|e| e.into_inner());
        if *guard {
            return;
        }
        b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        b.enable_steady_tick(std::time::Duration::from_millis(200));
        let Some(watch) = watch else { return };
        while !*guard {
            b.set_message(watch());
            (guard, _) = cv
                .wait_timeout_while(guard, std::time::Duration::from_millis(500), |done| !*done)
                .unwrap_or_else(|e| e.into_inner());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paths_progress_reads_as_its_step_and_cells_left() {
        use sudoku::logic::{LogicSolver, PathProgress};
        let p = PathProgress::new();
        assert_eq!(path_progress(&p), "waiting");
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid = sudoku::Grid::from_line(line).unwrap();
        let path = LogicSolver::new().with_progress(p.clone()).solve(&grid);
        let steps = path.steps.len();
        assert_eq!(
            path_progress(&p),
            format!("step {steps}, 0 cells open, done")
        );
    }

    #[test]
    fn only_one_record_of_input_that_does_not_pause_is_lone() {
        let file = Feed::fixed(8);
        let mut one = vec!["a"].into_iter();
        assert_eq!(read_ahead(&mut one, &file), (vec!["a"], true));
        // Two read, both handed back and the rest left to come.
        let mut three = vec!["a", "b", "c"].into_iter();
        assert_eq!(read_ahead(&mut three, &file), (vec!["a", "b"], false));
        assert_eq!(three.next(), Some("c"));
        let mut none = Vec::<&str>::new().into_iter();
        assert_eq!(read_ahead(&mut none, &file), (vec![], false));
        // A pipe or a terminal is not read ahead: its next record may be long in coming.
        let pipe = Feed::pausing(8, Some(Arc::new(AtomicUsize::new(0))));
        for feed in [pipe, Feed::typed()] {
            let mut one = vec!["a"].into_iter();
            assert_eq!(read_ahead(&mut one, &feed), (vec![], false));
            assert_eq!(one.next(), Some("a"));
        }
    }

    #[test]
    fn a_chunk_of_slow_records_goes_out_as_it_is() {
        // Records a fifth of a second apart: a chunk of a thousand is cut where reading it
        // has taken half a second, and its answers are written out.
        let mut slow = (0..1000).inspect(|&i| {
            if i > 0 {
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
        });
        let (taken, flush) = Feed::fixed(1000).take(&mut slow);
        assert!(flush);
        assert!((2..1000).contains(&taken.len()), "{} taken", taken.len());
        // Quick records fill the chunk.
        let (taken, flush) = Feed::fixed(1000).take(&mut (0..5000));
        assert_eq!((taken.len(), flush), (1000, false));
    }
}
