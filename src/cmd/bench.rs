//! `sudoku bench`: time the 9x9 engines on puzzle files, tdoku-style.
//!
//! Puzzles are read and parsed (and re-oriented with `--permute`) before the clock starts;
//! only solving is timed. A second, untimed pass checks every answer with the independent
//! verifier and fails the command on any wrong one.

use anyhow::{bail, Context, Result};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudoku::solve::{fast9, Engine, General};
use sudoku::transform::Transform;
use sudoku::{Grid, Shape};

/// What each solve answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Stop at the first solution.
    Solve,
    /// Count solutions up to 2 (the uniqueness check).
    Count2,
}

/// Which engine to time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineName {
    /// The 9x9 band-bitboard engine.
    Fast9,
    /// The engine for every shape.
    General,
}

/// Options of `sudoku bench`.
#[derive(clap::Args, Debug, Clone)]
pub struct BenchArgs {
    /// Files of 9x9 puzzles, one 81-character line each; blank and `#` lines are skipped.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Stop at the first solution (`solve`) or count up to two (`count2`).
    #[arg(long, value_enum, default_value_t = Mode::Count2)]
    pub mode: Mode,
    /// Re-orient every puzzle with a random symmetry drawn from this seed.
    #[arg(long, value_name = "SEED")]
    pub permute: Option<u64>,
    /// Threads; above 1 the whole batch runs on rayon and throughput is for the batch.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Print one JSON object per file instead of a table.
    #[arg(long)]
    pub json: bool,
    /// The engine to time.
    #[arg(long, value_enum, default_value_t = EngineName::Fast9)]
    pub engine: EngineName,
    /// Time this many passes over each file (for small sets).
    #[arg(long, default_value_t = 1)]
    pub repeat: usize,
}

/// One timed puzzle: the solution count found and the guesses made.
#[derive(Clone, Copy, Default)]
struct Answer {
    count: usize,
    guesses: u64,
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
}

fn read_puzzles(path: &Path, permute: Option<u64>) -> Result<Vec<[u8; 81]>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let mut out = Vec::new();
    let mut rng_seed = permute;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let grid = sudoku::format::parse_line(line)
            .with_context(|| format!("{}:{}: not a puzzle", path.display(), i + 1))?;
        if !grid.shape().is_nine() {
            bail!("{}:{}: not a 9x9 puzzle", path.display(), i + 1);
        }
        let mut cells = [0u8; 81];
        for (c, &v) in cells.iter_mut().zip(grid.values()) {
            *c = v as u8;
        }
        if let Some(seed) = rng_seed.as_mut() {
            cells = Transform::seeded(Shape::NINE, *seed).apply_cells(&cells);
            *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        }
        out.push(cells);
    }
    Ok(out)
}

fn to_grid(cells: &[u8; 81]) -> Grid {
    let v: Vec<usize> = cells.iter().map(|&x| x as usize).collect();
    Grid::from_values(Shape::NINE, &v).expect("values 0-9")
}

fn answer(engine: EngineName, limit: usize, cells: &[u8; 81], grid: Option<&Grid>) -> Answer {
    match engine {
        EngineName::Fast9 => {
            let c = fast9::count(cells, limit);
            Answer {
                count: c.count,
                guesses: c.guesses,
            }
        }
        EngineName::General => {
            let s = General.search(grid.expect("grids prepared"), None, limit, 0);
            Answer {
                count: s.count,
                guesses: s.guesses,
            }
        }
    }
}

fn time_file(args: &BenchArgs, path: &Path, pool: Option<&rayon::ThreadPool>) -> Result<Report> {
    let puzzles = read_puzzles(path, args.permute)?;
    let grids: Vec<Grid> = match args.engine {
        EngineName::General => puzzles.iter().map(to_grid).collect(),
        EngineName::Fast9 => Vec::new(),
    };
    let limit = match args.mode {
        Mode::Solve => 1,
        Mode::Count2 => 2,
    };
    let engine = args.engine;
    let mut answers = vec![Answer::default(); puzzles.len()];
    let passes = args.repeat.max(1);
    let cpu_start = if pool.is_none() { thread_cpu() } else { None };
    let start = Instant::now();
    for _ in 0..passes {
        match pool {
            None => {
                for (i, (a, p)) in answers.iter_mut().zip(&puzzles).enumerate() {
                    *a = answer(engine, limit, p, grids.get(i));
                }
            }
            Some(pool) => pool.install(|| {
                answers
                    .par_iter_mut()
                    .zip(puzzles.par_iter())
                    .enumerate()
                    .for_each(|(i, (a, p))| *a = answer(engine, limit, p, grids.get(i)));
            }),
        }
    }
    let elapsed = start.elapsed();
    let cpu = cpu_start.and_then(|s| Some(thread_cpu()? - s));
    verify(path, &puzzles, &answers, args.mode)?;
    let mut counts = [0; 3];
    for a in &answers {
        counts[a.count.min(2)] += 1;
    }
    Ok(Report {
        file: path.display().to_string(),
        puzzles: puzzles.len(),
        elapsed,
        cpu,
        passes,
        guesses: answers.iter().map(|a| a.guesses).sum(),
        no_guess: answers.iter().filter(|a| a.guesses == 0).count(),
        counts,
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
/// counts must match the timed run and the solutions must differ.
fn verify(path: &Path, puzzles: &[[u8; 81]], answers: &[Answer], mode: Mode) -> Result<()> {
    for (i, (p, a)) in puzzles.iter().zip(answers).enumerate() {
        let grid = to_grid(p);
        let limit = if mode == Mode::Solve { 1 } else { 2 };
        let (sols, _) = fast9::solutions(p, limit);
        if sols.len() != a.count {
            bail!(
                "{}: puzzle {}: count {} then {}",
                path.display(),
                i + 1,
                a.count,
                sols.len()
            );
        }
        for s in &sols {
            if let Err(v) = sudoku::verify::check_solution_of(&grid, &to_grid(s)) {
                let why: Vec<String> = v.iter().map(|v| v.describe(Shape::NINE)).collect();
                bail!(
                    "{}: puzzle {}: wrong solution: {}",
                    path.display(),
                    i + 1,
                    why.join("; ")
                );
            }
        }
        if sols.len() == 2 && sols[0] == sols[1] {
            bail!(
                "{}: puzzle {}: the same solution twice",
                path.display(),
                i + 1
            );
        }
        if a.count == 0 && grid.conflicts().is_empty() {
            // Cross-check claimed impossibility with the other engine.
            if General.search(&grid, None, 1, 0).count != 0 {
                bail!(
                    "{}: puzzle {}: reported unsolvable but has a solution",
                    path.display(),
                    i + 1
                );
            }
        }
    }
    Ok(())
}

/// Runs `sudoku bench`.
pub fn run(args: &BenchArgs) -> Result<ExitCode> {
    let jobs = crate::limits::jobs(args.jobs.max(1));
    let pool = if jobs > 1 {
        Some(rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?)
    } else {
        None
    };
    if !args.json {
        println!(
            "{:<28} {:>8} {:>10} {:>10} {:>10} {:>9} {:>12}",
            "file", "puzzles", "puzzles/s", "µs/puzzle", "guesses/p", "no_guess", "cpu puzzles/s"
        );
    }
    for path in &args.files {
        let r = time_file(args, path, pool.as_ref())?;
        let secs = r.elapsed.as_secs_f64();
        let solved = (r.puzzles * r.passes) as f64;
        let rate = if secs > 0.0 {
            solved / secs
        } else {
            f64::INFINITY
        };
        let us = secs * 1e6 / solved.max(1.0);
        let gpp = r.guesses as f64 / r.puzzles.max(1) as f64;
        let no_guess = 100.0 * r.no_guess as f64 / r.puzzles.max(1) as f64;
        let cpu_rate = r.cpu.map(|c| solved / c.as_secs_f64().max(1e-9));
        if args.json {
            let v = serde_json::json!({
                "file": r.file,
                "engine": format!("{:?}", args.engine).to_lowercase(),
                "mode": format!("{:?}", args.mode).to_lowercase(),
                "permute": args.permute,
                "jobs": jobs,
                "repeat": r.passes,
                "puzzles": r.puzzles,
                "seconds": secs,
                "puzzles_per_sec": rate,
                "us_per_puzzle": us,
                "guesses_per_puzzle": gpp,
                "no_guess_pct": no_guess,
                "cpu_seconds": r.cpu.map(|c| c.as_secs_f64()),
                "cpu_puzzles_per_sec": cpu_rate,
                "counts": { "none": r.counts[0], "one": r.counts[1], "more": r.counts[2] },
            });
            println!("{v}");
        } else {
            let name = std::path::Path::new(&r.file)
                .file_name()
                .map_or(r.file.clone(), |n| n.to_string_lossy().into_owned());
            let cpu = cpu_rate.map_or("-".to_string(), |c| format!("{c:.0}"));
            println!(
                "{:<28} {:>8} {:>10.0} {:>10.2} {:>10.2} {:>8.1}% {:>12}",
                name, r.puzzles, rate, us, gpp, no_guess, cpu
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
