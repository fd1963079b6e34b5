//! `sudoku bench`: time the engines on puzzle files, tdoku-style.
//!
//! Puzzles are read (in any format, as every command reads them) and re-oriented with
//! `--permute` before the clock starts; only solving is timed. A second, untimed pass checks
//! every answer with the independent verifier and fails the command on any wrong one.
//! Puzzles with clashing givens are timed like the others (the engines answer "no
//! solution") but counted apart, as `invalid`, named on stderr, and make the exit code 1.

use crate::input::{self, InputArgs};
use anyhow::{bail, Result};
use rayon::prelude::*;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudoku::solve::{fast9, Engine, General, Outcome};
use sudoku::transform::Transform;
use sudoku::{Grid, Shape, Stop};

/// What each solve answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Stop at the first solution.
    Solve,
    /// Count solutions up to 2 (the uniqueness check).
    Count2,
    /// Answer as `sudoku solve` does (unique, several, none): its check of the givens and
    /// its answers without search on giant grids included, as a SAT solver's time is its
    /// whole answer. Guesses are not counted.
    Answer,
}

impl Mode {
    /// The solutions each answer looks for: one to stop at the first, two otherwise.
    fn limit(self) -> usize {
        if self == Mode::Solve {
            1
        } else {
            2
        }
    }
}

/// Which engine to time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineName {
    /// The 9x9 band-bitboard engine (9x9 grids only).
    Fast9,
    /// The engine for every shape.
    General,
}

/// Options of `sudoku bench`.
#[derive(clap::Args, Debug, Clone)]
pub struct BenchArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop at the first solution (`solve`), count up to two (`count2`), or answer as
    /// `sudoku solve` does (`answer`: what it runs before and beside the engine included).
    #[arg(long, value_enum, default_value_t = Mode::Count2)]
    pub mode: Mode,
    /// Re-orient every puzzle with a random symmetry drawn from this seed.
    #[arg(long, value_name = "SEED")]
    pub permute: Option<u64>,
    /// Threads; above 1 the whole batch runs on rayon and throughput is for the batch.
    #[arg(long, short = 'j', default_value_t = 1)]
    pub jobs: usize,
    /// Print one JSON object per file instead of a table.
    #[arg(long)]
    pub json: bool,
    /// The engine to time. Default: fast9 for 9x9 grids, general for the others.
    #[arg(long, value_enum)]
    pub engine: Option<EngineName>,
    /// Time this many passes over each file (for small sets): 1 to 1,000,000.
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    pub repeat: usize,
    /// Give up on a puzzle after this many seconds (the general engine; fast9 answers in
    /// microseconds): it is counted as a time-out, and the exit code is 1.
    #[arg(long, value_name = "SECS", value_parser = crate::limits::parse_max_time)]
    pub max_time: Option<Duration>,
}

/// One puzzle to time: the grid, its 81 values when the 9x9 engine times it, and whether
/// its givens clash (invalid: no solution, counted apart from those that have none).
struct Item {
    grid: Grid,
    cells: Option<[u8; 81]>,
    invalid: bool,
}

/// One timed puzzle: the solution count found, the guesses made, whether the time limit
/// cut it short, and in `--mode answer` the solutions the answer gave (for the check).
#[derive(Clone, Default)]
struct Answer {
    count: usize,
    guesses: u64,
    stopped: bool,
    solutions: Vec<Grid>,
}

struct Report {
    file: String,
    puzzles: usize,
    elapsed: Duration,
    /// CPU time of the timing thread, when the OS tells it (one job only).
    cpu: Option<Duration>,
    passes: usize,
    guesses: u64,
    no_guess: usize,
    counts: [usize; 3],
    /// Puzzles with clashing givens (not in `counts`).
    invalid: usize,
    timeouts: usize,
    engines: Vec<EngineName>,
}

/// The puzzles of one input, read as every command reads them, re-oriented with
/// `--permute` and given to `--engine` (or the best one for their shape).
fn read_puzzles(args: &BenchArgs, path: &std::path::Path) -> Result<Vec<Item>> {
    let input = InputArgs {
        files: vec![path.to_path_buf()],
        ..args.input.clone()
    };
    let mut out = Vec::new();
    let mut seed = args.permute;
    for record in input.records() {
        let puzzle = match record {
            Ok(p) => p,
            Err(e) if e.is_skip() => {
                warn!("sudoku: note: {}", input::describe_error(&e));
                continue;
            }
            Err(e) => bail!("{}", input::describe_error(&e)),
        };
        let at = || format!("{}:{}", input::source_name(path), puzzle.line);
        if puzzle.marks.is_some() {
            bail!(
                "{}: pencil marks: bench times puzzles from their givens alone",
                at()
            );
        }
        // Named where the file has it, before a re-orientation moves its cells.
        let mut grid = puzzle.grid.givens();
        let conflicts = grid.conflicts();
        let invalid = !conflicts.is_empty();
        if invalid {
            let message = sudoku::solve::Outcome::Invalid(conflicts).message(puzzle.notation());
            warn!("sudoku: {}: {message}", at());
        }
        if let Some(s) = seed.as_mut() {
            grid = Transform::seeded(grid.shape(), *s).apply(&grid);
            *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        }
        let nine = grid.shape().is_nine();
        let cells = match args.engine {
            // What `solve` runs, whatever the shape.
            _ if args.mode == Mode::Answer => None,
            Some(EngineName::Fast9) if !nine => {
                let n = grid.shape().side();
                bail!(
                    "{}: the fast9 engine solves 9x9 grids only, not {n}x{n} (--engine general)",
                    at()
                )
            }
            Some(EngineName::General) => None,
            _ if nine => Some(nine_cells(&grid)),
            _ => None,
        };
        out.push(Item {
            grid,
            cells,
            invalid,
        });
    }
    Ok(out)
}

/// A 9x9 grid's 81 values, for fast9.
fn nine_cells(grid: &Grid) -> [u8; 81] {
    std::array::from_fn(|i| grid.values()[i] as u8)
}

/// The stop for one puzzle under `--max-time`.
fn stop_after(max_time: Option<Duration>) -> Stop {
    max_time.map_or_else(Stop::never, Stop::after)
}

fn answer(item: &Item, mode: Mode, max_time: Option<Duration>) -> Answer {
    let limit = mode.limit();
    if mode == Mode::Answer {
        return match sudoku::solve::solve_until(&item.grid, None, &stop_after(max_time)) {
            Err(_) => Answer {
                stopped: true,
                ..Answer::default()
            },
            Ok(outcome) => {
                let solutions = match outcome {
                    Outcome::Unique(g) => vec![g],
                    Outcome::Multiple(a, b) => vec![a, b],
                    Outcome::NoSolution | Outcome::Invalid(_) => Vec::new(),
                };
                Answer {
                    count: solutions.len(),
                    solutions,
                    ..Answer::default()
                }
            }
        };
    }
    match &item.cells {
        Some(cells) => {
            let c = fast9::count(cells, limit);
            Answer {
                count: c.count,
                guesses: c.guesses,
                ..Answer::default()
            }
        }
        None => {
            let s = General.search_until(&item.grid, None, limit, 0, &stop_after(max_time));
            Answer {
                count: s.count,
                guesses: s.guesses,
                stopped: s.stopped,
                ..Answer::default()
            }
        }
    }
}

fn time_file(
    args: &BenchArgs,
    path: &std::path::Path,
    pool: Option<&rayon::ThreadPool>,
) -> Result<Report> {
    let puzzles = read_puzzles(args, path)?;
    let max_time = args.max_time;
    let mut answers: Vec<Answer> = vec![Answer::default(); puzzles.len()];
    let passes = args.repeat;
    let cpu_start = if pool.is_none() { thread_cpu() } else { None };
    let start = Instant::now();
    for _ in 0..passes {
        match pool {
            None => {
                for (a, p) in answers.iter_mut().zip(&puzzles) {
                    *a = answer(p, args.mode, max_time);
                }
            }
            Some(pool) => pool.install(|| {
                answers
                    .par_iter_mut()
                    .zip(puzzles.par_iter())
                    .for_each(|(a, p)| *a = answer(p, args.mode, max_time));
            }),
        }
    }
    let elapsed = start.elapsed();
    let cpu = cpu_start.and_then(|s| Some(thread_cpu()? - s));
    verify(path, &puzzles, &answers, args.mode, max_time)?;
    let mut counts = [0; 3];
    let mut invalid = 0;
    for (a, p) in answers.iter().zip(&puzzles).filter(|(a, _)| !a.stopped) {
        if p.invalid {
            invalid += 1;
        } else {
            counts[a.count.min(2)] += 1;
        }
    }
    let mut engines = Vec::new();
    for p in &puzzles {
        let e = if p.cells.is_some() {
            EngineName::Fast9
        } else {
            EngineName::General
        };
        if !engines.contains(&e) {
            engines.push(e);
        }
    }
    Ok(Report {
        file: input::source_name(path),
        puzzles: puzzles.len(),
        elapsed,
        cpu,
        passes,
        guesses: answers.iter().map(|a| a.guesses).sum(),
        no_guess: answers
            .iter()
            .filter(|a| a.guesses == 0 && !a.stopped)
            .count(),
        counts,
        invalid,
        timeouts: answers.iter().filter(|a| a.stopped).count(),
        engines,
    })
}

/// CPU time of the calling thread (Linux: `/proc/thread-self/schedstat`, nanoseconds).
/// On a shared machine wall-clock time includes time spent waiting for a core; this does not.
fn thread_cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// The untimed check: solutions found again (two at most) and checked by the verifier; the
/// counts must match the timed run and the solutions must differ. A 9x9 grid is answered
/// again by the other engine than the one timed; other shapes by the general engine again
/// (the verifier is what is independent there). In `--mode answer` the answer's own
/// solutions are checked (a search again could take what the answer saved), and "none"
/// is searched again.
fn verify(
    path: &std::path::Path,
    puzzles: &[Item],
    answers: &[Answer],
    mode: Mode,
    max_time: Option<Duration>,
) -> Result<()> {
    let limit = mode.limit();
    for (i, (p, a)) in puzzles.iter().zip(answers).enumerate() {
        if a.stopped {
            continue;
        }
        let at = || format!("{}: puzzle {}", input::source_name(path), i + 1);
        let grid = &p.grid;
        // 9x9 timed on the general engine: fast9 checks it. Everything else: the general
        // engine (again, for other shapes).
        let found: Vec<Grid>;
        let sols: &[Grid] = if mode == Mode::Answer && (a.count > 0 || p.invalid) {
            &a.solutions
        } else if p.cells.is_none() && grid.shape().is_nine() {
            let v = |s: &[u8; 81]| s.iter().map(|&x| x as usize).collect::<Vec<_>>();
            let (sols, _) = fast9::solutions(&nine_cells(grid), limit);
            found = sols
                .iter()
                .map(|s| Grid::from_values(Shape::NINE, &v(s)))
                .collect::<Result<_, _>>()?;
            &found
        } else {
            let s = General.search_until(grid, None, limit, limit, &stop_after(max_time));
            if s.stopped {
                continue;
            }
            found = s.solutions;
            &found
        };
        if sols.len() != a.count {
            bail!("{}: count {} then {}", at(), a.count, sols.len());
        }
        for s in sols {
            if let Err(v) = sudoku::verify::check_solution_of(grid, s) {
                let why: Vec<String> = v.iter().map(|v| v.describe(grid.shape())).collect();
                bail!("{}: wrong solution: {}", at(), why.join("; "));
            }
        }
        if sols.len() == 2 && sols[0] == sols[1] {
            bail!("{}: the same solution twice", at());
        }
    }
    Ok(())
}

/// Runs `sudoku bench`.
pub fn run(args: &BenchArgs) -> Result<ExitCode> {
    if args.mode == Mode::Answer && args.engine.is_some() {
        bail!("--engine: --mode answer times what `sudoku solve` runs, its engine by shape");
    }
    let jobs = crate::limits::jobs(args.jobs.max(1));
    let pool = if jobs > 1 {
        Some(rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?)
    } else {
        None
    };
    // The header comes with the first row: a file that can't be read is the only line.
    let mut header = !args.json;
    let files: Vec<PathBuf> = if args.input.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.input.files.clone()
    };
    let (mut timeouts, mut invalid) = (0, 0);
    for path in &files {
        let r = time_file(args, path, pool.as_ref())?;
        if std::mem::take(&mut header) {
            writeln!(
                std::io::stdout(),
                "{:<28} {:>8} {:>10} {:>10} {:>10} {:>9} {:>12}",
                "file",
                "puzzles",
                "puzzles/s",
                "µs/puzzle",
                "guesses/p",
                "no_guess",
                "cpu puzzles/s"
            )?;
        }
        timeouts += r.timeouts;
        invalid += r.invalid;
        let secs = r.elapsed.as_secs_f64();
        // A puzzle cut short by --max-time was not solved: its time counts, it does not.
        let solved = (r.puzzles.saturating_sub(r.timeouts) * r.passes) as f64;
        let rate = if secs > 0.0 {
            solved / secs
        } else {
            f64::INFINITY
        };
        let us = secs * 1e6 / solved.max(1.0);
        // `--mode answer` counts no guesses: shown as unknown, not as none.
        let counted = args.mode != Mode::Answer;
        let gpp = counted.then(|| r.guesses as f64 / r.puzzles.max(1) as f64);
        let no_guess = counted.then(|| 100.0 * r.no_guess as f64 / r.puzzles.max(1) as f64);
        // The kernel adds to a thread's CPU time at ticks and switches: under a millisecond
        // it says nothing.
        let cpu_rate = r
            .cpu
            .filter(|c| *c >= Duration::from_millis(1))
            .map(|c| solved / c.as_secs_f64());
        let engines: Vec<String> = if args.mode == Mode::Answer {
            vec!["solve".to_string()]
        } else {
            r.engines
                .iter()
                .map(|e| format!("{e:?}").to_lowercase())
                .collect()
        };
        if args.json {
            let v = serde_json::json!({
                "file": r.file,
                "engine": engines.join("+"),
                "mode": format!("{:?}", args.mode).to_lowercase(),
                "permute": args.permute,
                "jobs": jobs,
                "repeat": r.passes,
                "puzzles": r.puzzles,
                "answered": r.puzzles - r.timeouts,
                "seconds": secs,
                "puzzles_per_sec": rate,
                "us_per_puzzle": us,
                "guesses_per_puzzle": gpp,
                "no_guess_pct": no_guess,
                "cpu_seconds": r.cpu.map(|c| c.as_secs_f64()),
                "cpu_puzzles_per_sec": cpu_rate,
                "counts": {
                    "none": r.counts[0],
                    "one": r.counts[1],
                    "more": r.counts[2],
                    "invalid": r.invalid,
                },
                "timeouts": r.timeouts,
            });
            writeln!(std::io::stdout(), "{v}")?;
        } else {
            let name = std::path::Path::new(&r.file)
                .file_name()
                .map_or(r.file.clone(), |n| n.to_string_lossy().into_owned());
            let cpu = cpu_rate.map_or("-".to_string(), |c| format!("{c:.0}"));
            let gpp = gpp.map_or("-".to_string(), |g| format!("{g:.2}"));
            let no_guess = no_guess.map_or("-".to_string(), |n| format!("{n:.1}%"));
            writeln!(
                std::io::stdout(),
                "{:<28} {:>8} {:>10.0} {:>10.2} {:>10} {:>9} {:>12}",
                name,
                r.puzzles,
                rate,
                us,
                gpp,
                no_guess,
                cpu
            )?;
        }
    }
    let puzzles = |n: usize| if n == 1 { "puzzle" } else { "puzzles" };
    if invalid > 0 {
        warn!(
            "sudoku: {invalid} {} with clashing givens (invalid: timed, counted apart from \
             those with no solution)",
            puzzles(invalid)
        );
    }
    if timeouts > 0 {
        warn!(
            "sudoku: {timeouts} {} cut short by --max-time (not in the counts; their time is \
             in puzzles/s, they are not)",
            puzzles(timeouts)
        );
    }
    Ok(ExitCode::from(u8::from(invalid + timeouts > 0)))
}
