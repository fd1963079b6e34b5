//! `sudoku generate`: new puzzles with a unique solution, on every core, streamed in index
//! order so that a seed gives the same output whatever the number of jobs.

use super::Status;
use crate::input;
use anyhow::{bail, Context as _};
use clap::Args;
use serde_json::json;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use sudoku::format::{self, Alphabet, Format, ReadOptions};
use sudoku::generate::{GenerateError, Generated, Generator, Symmetry};
use sudoku::logic::{Level, Technique};
use sudoku::rate::{Preset, Rater, Target};
use sudoku::Shape;

#[derive(Debug, Args, Clone)]
#[command(mut_arg("max_time", |a| a.help(
    "Stop after this many seconds for the whole run: the puzzles made so far are written, \
     then a message, and the exit code is 1")))]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1,
          value_parser = crate::limits::parse_count::<u64>)]
    pub count: u64,
    /// Box shape RxC (rows x columns of a box), e.g. 2x3 for 6x6 or 4x4 for 16x16; with
    /// --size, the two must agree.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_shape)]
    pub shape: Option<Shape>,
    /// Grid side N, with the conventional boxes (6 → 2x3, 12 → 3x4). Default 9.
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
    /// Symmetry of the givens: none, rot180, rot90, horizontal, vertical, diagonal,
    /// antidiagonal, bidiagonal (both diagonals), orthogonal (both mirrors), full.
    #[arg(long, short = 's', value_name = "S", default_value = "none", value_parser = parse_symmetry)]
    pub symmetry: Symmetry,
    /// Number of givens, as A..B (inclusive), A.., ..B or A. Default: as few as possible
    /// (minimal puzzles) up to 12x12; 50-55% of the cells from 16x16 to 25x25 (uniqueness
    /// proven by search, which sparser puzzles make far slower); from 26x26 up, and for
    /// boxes one cell wide (1xN) from 16x16 up, as few as leave the puzzle solvable by
    /// propagation (singles, locked candidates), which proves it unique without search
    /// (above 100x100, only givens that are singles of the others go).
    #[arg(long, value_name = "A..B", value_parser = parse_range, allow_hyphen_values = true)]
    pub givens: Option<RangeInclusive<usize>>,
    /// Only minimal puzzles: no given (no symmetric group of givens) can be removed. Up to
    /// 25x25 that means with the solution kept unique (20x20 to 25x25: seconds to a
    /// minute, with a progress line); from 26x26 up, with the puzzle kept solvable by
    /// propagation (singles, locked candidates), which proves it unique without search (a
    /// truly minimal puzzle there needs a search on the hardness peak per given).
    /// Always true without --givens up to 12x12; with --givens, removal goes all the way
    /// and puzzles outside the range are retried.
    #[arg(long)]
    pub minimal: bool,
    /// Put the givens where a puzzle in FILE has its filled cells (any format; the first
    /// puzzle is used); random grids are tried until one makes the pattern unique. A
    /// pattern that provably can't hold a unique puzzle (too few givens; two rows of a band
    /// or two columns of a stack without one) is refused at once (exit code 2).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["givens"])]
    pub pattern: Option<PathBuf>,
    /// Seed: the same seed gives the same puzzles, whatever --jobs. Random when absent.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Start at puzzle N of the seed's sequence (the `index` of a --json record): with the
    /// record's `seed` and --count 1, that one puzzle is made again.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub from: u64,
    #[command(flatten)]
    pub batch: crate::limits::BatchArgs,
    /// Output format: line, boxed, sdk, ss, pm, hodoku, sukaku, opensudoku, matrix, classic, kennett, leptonica, pipe, json
    /// (docs/formats.md). Default: line.
    #[arg(long, short = 't', value_name = "FORMAT", value_parser = input::parse_format,
        conflicts_with = "json")]
    pub to: Option<Format>,
    /// Write the one-character formats in these symbols: standard (1-9A-Z), hex (0-F, for
    /// 16x16) or letters (A-Z, up to 26x26); JSON records name them (`alphabet`).
    #[arg(long, value_name = "ALPHABET", value_parser = input::parse_alphabet)]
    pub to_alphabet: Option<Alphabet>,
    /// Print each puzzle's solution too: on the same line in the line format, in the
    /// record with --json or --to json (`solution`, which `check` checks), else as the
    /// next grid.
    #[arg(long)]
    pub with_solution: bool,
    /// Write JSON Lines: `index`, `puzzle`, `grid` (rows), `givens`, `symmetry` (asked),
    /// `symmetries` (found), `seed` (the run's: `--seed SEED --from INDEX` makes the puzzle
    /// again), `attempts`, `solution` with
    /// --with-solution, and with a difficulty target `er`, `level` and `score`.
    #[arg(long)]
    pub json: bool,
    /// HoDoKu difficulty level: easy, medium, hard, unfair or extreme (with HoDoKu's rule:
    /// above easy, the score also reaches the previous level's maximum). Difficulty targets
    /// (this, --rating, --require) are taken for grids up to 16x16; beyond easy they make
    /// sparse puzzles (minimal, unless --givens says otherwise).
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    pub difficulty: Option<Level>,
    /// Sudoku Explainer rating (ER), as A..B (e.g. 6.5..7.5, 8.0..), or one of SE's
    /// presets: easy (1.0-1.2), medium (1.3-1.5), hard (1.6-2.5), fiendish (2.6-6.0),
    /// diabolical (6.1-11.0).
    #[arg(long, value_name = "A..B", value_parser = parse_rating, allow_hyphen_values = true)]
    pub rating: Option<(f32, f32)>,
    /// Techniques the solve path (HoDoKu's order) must use, comma-separated names or codes
    /// (x-wing, xy-chain, bf2); techniques HoDoKu leaves off are switched on for this.
    #[arg(long, value_name = "LIST", value_parser = parse_require)]
    pub require: Option<TechniqueList>,
    /// Solution grids to try per puzzle before giving up with an error (exit code 1, as
    /// for a time limit reached).
    #[arg(long, value_name = "N", default_value_t = Generator::DEFAULT_MAX_ATTEMPTS,
        value_parser = crate::limits::parse_count::<usize>)]
    pub max_attempts: usize,
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    Shape::parse(s).map_err(|e| e.to_string())
}

fn parse_level(s: &str) -> Result<Level, String> {
    Level::from_name(s)
        .ok_or_else(|| format!("unknown level {s:?}; use easy, medium, hard, unfair or extreme"))
}

/// `A..B`, `A..`, `..B`, `A` (ratings with one decimal) or an SE preset's name.
pub fn parse_rating(s: &str) -> Result<(f32, f32), String> {
    if let Some(p) = Preset::from_name(s.trim()) {
        return Ok(p.se_range());
    }
    let bad = || {
        format!(
            "{s:?} is not a rating range: write A..B (e.g. 6.5..7.5), A.., ..B, or a preset \
             (easy, medium, hard, fiendish, diabolical)"
        )
    };
    let num = |t: &str, d: f32| -> Result<f32, String> {
        let t = t.trim();
        if t.is_empty() {
            return Ok(d);
        }
        t.parse::<f32>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(bad)
    };
    let (lo, hi) = match s.split_once("..") {
        Some((a, b)) => (num(a, 0.0)?, num(b.strip_prefix('=').unwrap_or(b), 20.0)?),
        None => {
            let x = num(s, f32::NAN)?;
            (x, x)
        }
    };
    if lo.is_nan() || lo > hi {
        return Err(bad());
    }
    Ok((lo, hi))
}

/// A comma-separated list of techniques (one clap value).
#[derive(Clone, Debug)]
pub struct TechniqueList(pub Vec<Technique>);

fn parse_require(s: &str) -> Result<TechniqueList, String> {
    s.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| Technique::from_name(t).ok_or_else(|| format!("unknown technique {t:?}")))
        .collect::<Result<Vec<_>, _>>()
        .map(TechniqueList)
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse::<Symmetry>().map_err(|e| e.to_string())
}

/// `A..B`, `A..=B`, `A-B`, `A..`, `..B` or `A`.
fn parse_range(s: &str) -> Result<RangeInclusive<usize>, String> {
    let bad = || format!("{s:?} is not a range of givens: write A..B, A.., ..B or A");
    let num = |t: &str| t.trim().parse::<usize>().map_err(|_| bad());
    let t = s.trim();
    let (a, b) = if let Some((a, b)) = t.split_once("..") {
        (a, b.strip_prefix('=').unwrap_or(b))
    } else if let Some((a, b)) = t.split_once('-') {
        (a, b)
    } else {
        let n = num(t)?;
        return Ok(n..=n);
    };
    let lo = if a.trim().is_empty() { 0 } else { num(a)? };
    let hi = if b.trim().is_empty() {
        usize::MAX
    } else {
        num(b)?
    };
    if lo > hi {
        return Err(format!("{s:?} is an empty range"));
    }
    Ok(lo..=hi)
}

/// The generator the arguments describe.
fn build(args: &GenerateArgs, seed: u64) -> anyhow::Result<Generator> {
    let pattern = match &args.pattern {
        None => None,
        Some(path) => {
            let opts = ReadOptions {
                shape: args.shape,
                ..ReadOptions::default()
            };
            let first = input::first_puzzle(path, opts).context("no pattern")?;
            Some(first.grid)
        }
    };
    let shape = match (args.shape, args.size, &pattern) {
        (Some(s), Some(n), _) if s.side() != n => bail!(
            "--box {}x{} makes a {}x{} grid, not --size {n}",
            s.box_rows(),
            s.box_cols(),
            s.side(),
            s.side()
        ),
        (Some(s), _, _) => s,
        (None, Some(n), _) => match Shape::from_side(n) {
            Err(e @ sudoku::shape::ShapeError::PrimeSide(_)) => {
                anyhow::bail!("{e}: --box 1x{n} asks for them")
            }
            r => r?,
        },
        (None, None, Some(p)) => p.shape(),
        (None, None, None) => Shape::NINE,
    };
    let mut gen = Generator::new(shape)
        .symmetry(args.symmetry)
        .minimal(args.minimal)
        .seed(seed)
        .max_attempts(args.max_attempts);
    let target = target(args);
    // Without a range the library's default for the shape and target applies.
    if let Some(r) = args.givens.clone() {
        let cells = shape.cell_count();
        // A range past the cell count is left whole, for the error to quote it.
        let end = if *r.start() <= cells {
            (*r.end()).min(cells)
        } else {
            *r.end()
        };
        gen = gen.givens(*r.start()..=end);
    }
    if let Some(p) = &pattern {
        if p.shape() != shape {
            bail!(
                "the pattern is a {} grid, not {}",
                p.shape().grid_name(),
                shape.grid_name()
            );
        }
        gen = gen.pattern(p)?;
    }
    // Each puzzle has its own index: past the largest there is none (it made the last one
    // again for every puzzle asked past it).
    if args
        .from
        .checked_add(args.count.saturating_sub(1))
        .is_none()
    {
        bail!(
            "--from {} with --count {}: the last index would be past {}, the largest",
            args.from,
            args.count,
            u64::MAX
        );
    }
    input::check_to_alphabet(args.to.unwrap_or(Format::Line), args.to_alphabet)?;
    if let Some(a) = args.to_alphabet {
        // Refused before any work, with convert's words.
        sudoku::format::Puzzle::new(sudoku::Grid::empty(shape))
            .respell(a)
            .map_err(anyhow::Error::msg)?;
    }
    gen = gen.difficulty(target);
    gen.check()?;
    Ok(gen)
}

/// How long a run off a terminal goes on before it says how far it has come, once.
const SLOW_NOTE: Duration = Duration::from_secs(30);

fn target(args: &GenerateArgs) -> Target {
    Target {
        level: args.difficulty,
        se: args.rating,
        require: args.require.clone().map(|l| l.0).unwrap_or_default(),
    }
}

fn render(
    args: &GenerateArgs,
    stream: &mut format::StreamWriter,
    (seed, index): (u64, u64),
    p: &Generated,
) -> anyhow::Result<String> {
    // The grid as a record in the symbols asked for.
    let record = |g: &sudoku::Grid| sudoku::format::Puzzle {
        alphabet: args.to_alphabet,
        ..sudoku::format::Puzzle::new(g.clone())
    };
    let line = |g: &sudoku::Grid| format::write(&record(g), Format::Line);
    if args.json {
        let mut obj = json!({
            "index": index,
            "puzzle": line(&p.puzzle)?,
            "grid": p.puzzle.rows(),
            "size": p.puzzle.shape().side(),
            "box": [p.puzzle.shape().box_rows(), p.puzzle.shape().box_cols()],
            "givens": p.puzzle.given_count(),
            "symmetry": args.symmetry.name(),
            "symmetries": p.symmetries.iter().map(|s| s.name()).collect::<Vec<_>>(),
            "seed": seed,
            "attempts": p.attempts,
        });
        let side = p.puzzle.shape().side();
        if let Some(a) = args.to_alphabet.filter(|&a| a.named_in_records(side)) {
            obj["alphabet"] = json!(a.name());
        }
        if args.with_solution {
            obj["solution"] = json!(line(&p.solution)?);
        }
        if !target(args).is_empty() {
            // Rated again for the record (the filter stops early on rejects); only accepted
            // puzzles get here, so this is a small share of the work.
            let rater = Rater::new();
            let se = rater.rate_se(&p.puzzle);
            let hd = rater.rate_hodoku(&p.puzzle);
            obj["er"] = json!((f64::from(se.er) * 10.0).round() / 10.0);
            obj["level"] = json!(hd.level.name());
            obj["score"] = json!(hd.score);
        }
        return Ok(format!("{obj}\n"));
    }
    // The solution after its puzzle: on the same line in the line format (the two
    // columns of a puzzle bank), in the record in JSON (where `check` reads it), else as
    // the next record.
    if args.with_solution && stream.format() == Format::Json {
        let mut puzzle = record(&p.puzzle);
        let cells: Vec<String> = p.solution.values().iter().map(u16::to_string).collect();
        puzzle.info.extra.push(("solution".into(), cells.join(" ")));
        return Ok(stream.record(&puzzle)?);
    }
    let mut text = stream.record(&record(&p.puzzle))?;
    if args.with_solution {
        let solution = record(&p.solution);
        if stream.format() == Format::Line {
            text.pop();
            text += &format!(" {}\n", format::write(&solution, Format::Line)?);
        } else {
            text += &stream.record(&solution)?;
        }
    }
    Ok(text)
}

pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(sudoku::generate::random_seed);
    if args.seed.is_none() && std::io::stderr().is_terminal() {
        warn!("sudoku: seed {seed}");
    }
    let stop = args
        .batch
        .max_time
        .map_or_else(sudoku::Stop::never, sudoku::Stop::after);
    // Solution grids tried so far, by every worker: the progress line shows them, since
    // one puzzle on a hard pattern or target can take thousands.
    let tried = std::sync::Arc::new(AtomicU64::new(0));
    // Givens tested one by one by a search (a truly minimal puzzle from 25x25 up).
    let checked = std::sync::Arc::new(AtomicU64::new(0));
    let gen = build(args, seed)?
        .count_attempts(tried.clone())
        .count_checks(checked.clone());
    let to = args.to.unwrap_or(Format::Line);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(crate::limits::jobs(args.batch.jobs))
        .build()
        .context("cannot start worker threads")?;
    let workers = pool.current_num_threads();
    // Workers run at most this far ahead of the output, so memory stays flat.
    let window = 4 * workers as u64 + 4;
    let next = AtomicU64::new(0);
    let printed = AtomicU64::new(0);
    let stop_at = stop;
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(u64, Result<Generated, GenerateError>)>();

    let progress = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(args.count);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {bar:30} {pos}/{len} puzzles ({per_sec}, {elapsed} so far; {msg})",
            )
            .expect("valid template"),
        );
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        bar
    });
    let started = Instant::now();

    let mut status = Status::Ok;
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let (gen, next, printed, stop, limit) = (&gen, &next, &printed, &stop, &stop_at);
        let pool = &pool;
        let worker_tx = tx.clone();
        scope.spawn(move || {
            pool.scope(|ps| {
                for _ in 0..workers {
                    let tx = worker_tx.clone();
                    ps.spawn(move |_| loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= args.count {
                            break;
                        }
                        while i >= printed.load(Ordering::Acquire) + window
                            && !stop.load(Ordering::Relaxed)
                        {
                            std::thread::sleep(Duration::from_millis(1));
                        }
                        if stop.load(Ordering::Relaxed)
                            || tx
                                .send((i, gen.generate_until(args.from.saturating_add(i), limit)))
                                .is_err()
                        {
                            break;
                        }
                    });
                }
            });
        });
        drop(tx);
        let mut out = std::io::stdout().lock();
        let mut stream = format::StreamWriter::new(to);
        let mut pending = BTreeMap::new();
        let mut want = 0u64;
        // Off a terminal there is no progress line: a run that has made nothing for a
        // while says so once (`--givens 60` at 16x16 was silent for minutes).
        let mut told_slow = false;
        let result = (|| -> anyhow::Result<()> {
            loop {
                // Wake up now and then, so the progress line shows up (and ticks) while
                // one slow puzzle is being made.
                match rx.recv_timeout(Duration::from_millis(200)) {
                    Ok((i, r)) => {
                        pending.insert(i, r);
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
                if let Some(bar) = &progress {
                    if bar.is_hidden() && started.elapsed() > Duration::from_secs(1) {
                        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                        bar.enable_steady_tick(Duration::from_millis(200));
                    }
                    let n = tried.load(Ordering::Relaxed);
                    let mut msg = format!("{n} grid{} tried", if n == 1 { "" } else { "s" });
                    let k = checked.load(Ordering::Relaxed);
                    if k > 0 {
                        msg += &format!(", {k} given{} checked", if k == 1 { "" } else { "s" });
                    }
                    bar.set_message(msg);
                }
                if progress.is_none() && !told_slow && started.elapsed() > SLOW_NOTE {
                    told_slow = true;
                    let n = tried.load(Ordering::Relaxed);
                    let hint = if args.givens.is_some() {
                        " (the givens asked for may be fewer than this size allows)"
                    } else {
                        ""
                    };
                    warn!(
                        "sudoku: note: {want} of {} puzzles made in {} s, {n} grids tried{hint}; \
                         --max-time bounds the run",
                        args.count,
                        SLOW_NOTE.as_secs()
                    );
                }
                while let Some(r) = pending.remove(&want) {
                    match r {
                        Ok(p) => {
                            let at = (seed, args.from.saturating_add(want));
                            out.write_all(render(args, &mut stream, at, &p)?.as_bytes())?;
                            out.flush()?;
                        }
                        Err(e) => {
                            if let Some(bar) = &progress {
                                bar.finish_and_clear();
                            }
                            match e {
                                GenerateError::Stopped { .. } => warn!(
                                    "sudoku: time limit reached ({} s): puzzles made: {want} \
                                     of {}",
                                    args.batch.max_time.map_or(0.0, |t| t.as_secs_f64()),
                                    args.count
                                ),
                                e => warn!(
                                    "sudoku: puzzle {}: {e}",
                                    args.from.saturating_add(want).saturating_add(1)
                                ),
                            }
                            status = Status::Negative;
                            return Ok(());
                        }
                    }
                    want += 1;
                    printed.store(want, Ordering::Release);
                    if let Some(bar) = &progress {
                        bar.set_position(want);
                    }
                }
            }
            Ok(())
        })()
        .and_then(|()| Ok(out.write_all(stream.finish().as_bytes())?));
        stop.store(true, Ordering::Relaxed);
        // Unblock workers waiting on the window, and let senders fail fast.
        printed.store(u64::MAX / 2, Ordering::Release);
        drop(rx);
        result
    })?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(status.code())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("22..26").unwrap(), 22..=26);
        assert_eq!(parse_range("22..=26").unwrap(), 22..=26);
        assert_eq!(parse_range("22-26").unwrap(), 22..=26);
        assert_eq!(parse_range("30").unwrap(), 30..=30);
        assert_eq!(parse_range("..30").unwrap(), 0..=30);
        assert!(parse_range("30..20").is_err());
        assert!(parse_range("x").is_err());
    }
}
