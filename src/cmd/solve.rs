//! `sudoku solve`: for each puzzle, unique (with the solution), multiple (two solutions),
//! none, or invalid (the clashing givens). Batches run on every core, output in input order.

use super::Status;
use crate::batch;
use crate::input::{self, InputArgs};
use clap::Args;
use serde::Serialize;
use serde_json::json;
use std::process::ExitCode;
use sudoku::format::json::Headed;
use sudoku::format::{self, Format, ParseError, Puzzle};
use sudoku::solve::{self, Outcome, OutcomeRecord};
use sudoku::Grid;

#[derive(Debug, Args, Clone, Default)]
#[command(mut_arg("max_time", |a| a.help(
    "Stop after this many seconds for the whole run: puzzles not answered by then are \
     reported as `timeout` (exit code 1)")))]
#[command(mut_arg("jobs", |a| a.help(
    "Worker threads (0 = every core). A single puzzle with --jobs 2 or more races two \
     SAT solvers on a hard giant grid, or two fills of a sparse one (the same verdict \
     whichever is first; with several solutions, the ones shown may differ from run to \
     run)")))]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Write solutions in this format (default: a boxed grid for one puzzle, lines for many):
    /// line, boxed, sdk, ss, pm, hodoku, sukaku, opensudoku, matrix, classic, kennett, leptonica, pipe, json (docs/formats.md).
    #[arg(long, short = 't', value_name = "FORMAT", value_parser = input::parse_format,
        conflicts_with_all = ["animate", "json"])]
    pub to: Option<Format>,
    /// Write JSON Lines: one object per puzzle with `status` (unique, multiple, none, invalid,
    /// error), `solution`, `solutions`, `count`, `conflicts`, `message`, `line`.
    #[arg(long, conflicts_with = "animate")]
    pub json: bool,
    /// For puzzles with several solutions, count them up to N: "exactly k solutions" below
    /// N, "at least N" at it (JSON: `count` and `count_exact`).
    #[arg(long, value_name = "N", value_parser = crate::limits::parse_count::<usize>, conflicts_with = "animate")]
    pub count: Option<usize>,
    /// For puzzles with several solutions, write every solution (up to --count, default
    /// 1000, at most 1000000: they are held in memory) instead of two.
    #[arg(long, conflicts_with = "animate")]
    pub all: bool,
    #[command(flatten)]
    pub batch: crate::limits::BatchArgs,
    #[command(flatten)]
    pub animate: super::play::AnimateArgs,
}

/// What solving one record gave.
enum Answer {
    Solved {
        puzzle: Box<Puzzle>,
        outcome: Outcome,
        count: Option<Count>,
    },
    /// The time limit came first.
    TimedOut(Box<Puzzle>),
    Error(ParseError),
}

impl Answer {
    fn status(&self) -> Status {
        match self {
            Answer::Solved {
                outcome: Outcome::Unique(_),
                ..
            } => Status::Ok,
            Answer::Solved { .. } | Answer::TimedOut(_) => Status::Negative,
            Answer::Error(e) if e.is_skip() => Status::Ok,
            Answer::Error(_) => Status::InputError,
        }
    }
}

/// Solutions counted up to a limit: all of them when fewer than the limit.
struct Count {
    count: usize,
    exact: bool,
    /// Every solution found, with `--all`.
    solutions: Vec<Grid>,
}

impl Count {
    fn words(&self) -> String {
        if self.exact {
            format!("exactly {} solutions", self.count)
        } else {
            format!("at least {} solutions", self.count)
        }
    }
}

/// The default limit of `--all` without `--count`.
const ALL_LIMIT: usize = 1000;

/// The most solutions `--all` lists: a listing is held in memory until its puzzle is
/// written (a million 25x25 solutions are about 1.3 GB; `--count 1e9` ran out of memory).
const MAX_LISTED: usize = 1_000_000;

fn solve_record(
    record: Result<Puzzle, ParseError>,
    count_limit: Option<usize>,
    all: bool,
    stop: &sudoku::Stop,
    options: solve::general::Options,
) -> Answer {
    match record {
        Err(e) => Answer::Error(e),
        Ok(puzzle) => {
            // The puzzle, not the play: placed digits are the player's (as every command
            // takes them).
            let (grid, marks) = puzzle.grid.unplayed(puzzle.marks.as_ref());
            let grid = &*grid;
            let Some(limit) = count_limit.or(all.then_some(ALL_LIMIT)) else {
                return match solve::solve_until_with(grid, marks, stop, options) {
                    Ok(outcome) => Answer::Solved {
                        puzzle: Box::new(puzzle),
                        outcome,
                        count: None,
                    },
                    Err(_) => Answer::TimedOut(Box::new(puzzle)),
                };
            };
            // The answer and the count (or listing) from one search.
            let keep = if all { limit } else { 2 };
            let Ok(c) = solve::solve_and_count(grid, marks, limit, keep, stop, options) else {
                return Answer::TimedOut(Box::new(puzzle));
            };
            // A count goes with several solutions only: one or none says it all. The
            // search keeps two whatever the limit (they prove "multiple"), but a listing
            // holds no more than the count asked for (`--all --count 1`: one).
            let count = matches!(c.outcome, Outcome::Multiple(..)).then(|| Count {
                count: c.count,
                exact: c.exact,
                solutions: if all {
                    let mut listed = c.solutions;
                    listed.truncate(limit);
                    listed
                } else {
                    Vec::new()
                },
            });
            Answer::Solved {
                puzzle: Box::new(puzzle),
                outcome: c.outcome,
                count,
            }
        }
    }
}

pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    if args.animate.animate {
        // Notes (titles, headers) are passed over, as every reader does.
        let mut records = args
            .input
            .records()
            .filter(|got| !matches!(got, Err(e) if e.is_skip()));
        let puzzle = match records.next() {
            Some(Ok(p)) => p,
            Some(Err(e)) => anyhow::bail!("{}", input::describe_error(&e)),
            None => anyhow::bail!("no puzzle to animate"),
        };
        // One puzzle is animated: the others are not dropped without a word.
        if let Some(next) = records.next() {
            let at = match &next {
                Ok(p) => format!("{}:{}", p.source.as_deref().unwrap_or("<stdin>"), p.line),
                Err(e) => format!("{}:{}", e.source, e.line),
            };
            anyhow::bail!(
                "--animate shows one puzzle, and the input holds another ({at}): give the one \
                 to animate"
            );
        }
        return super::play::run_animate(&puzzle, &args.animate, args.batch.max_time);
    }
    if let Some(n) = args.count.filter(|&n| args.all && n > MAX_LISTED) {
        warn!(
            "sudoku: --all lists at most {MAX_LISTED} solutions (they are held in memory), not \
             {n}: --count alone counts past it"
        );
        return Ok(Status::InputError.code());
    }
    if args.input.files.is_empty() && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        warn!("sudoku: reading puzzles from standard input (Ctrl-D to end; --help for usage)");
    }
    let (mut records, feed) = args.input.batch_records(batch::CHUNK);
    let mut out = batch::stdout_for(&feed);
    // One puzzle alone is shown as a boxed grid; a stream as one line per puzzle. Typed, or
    // from a pipe, with `--json` or a one-line `--to`, nothing written depends on it, and the
    // second puzzle is not waited for: a program that writes one and waits for its answer
    // gets it. (A single puzzle then runs on one core: the race needs to know it is alone.)
    let mut head = Vec::new();
    let one_line = args.json || args.to.is_some_and(Format::is_single_line);
    let peek = if feed.pauses() && one_line { 0 } else { 2 };
    for _ in 0..peek {
        match records.next() {
            Some(r) => head.push(r),
            None => break,
        }
    }
    let single = peek == 2 && head.len() == 1;
    let to = args
        .to
        .unwrap_or(if single { Format::Boxed } else { Format::Line });
    let mut status = Status::Ok;
    let count_limit = args.count;
    let stop = args
        .batch
        .max_time
        .map_or_else(sudoku::Stop::never, sudoku::Stop::after);
    let mut timed_out = 0usize;
    let jobs = crate::limits::jobs(args.batch.jobs);
    // A batch already keeps every core busy with a puzzle each. A single puzzle races two
    // SAT solvers where the search hands over, or two fills of a sparse giant (first
    // answer wins), only when asked with `--jobs 2` or more: it spends a second core, and
    // with several solutions the ones shown depend on the winner
    // (docs/giant-grids-learning.md, docs/giant-grids-sparse.md).
    let options = solve::general::Options::default()
        .with_portfolio(single && args.batch.jobs >= 2 && jobs >= 2);
    // One puzzle that takes more than a moment gets a spinner on a terminal (a batch has
    // the batch's counter).
    let spinner = batch::spinner_for_one(single, "solving");
    // A document format (OpenSudoku) is one document for the whole run: its header before
    // the first answer, its footer at the end.
    let document = to.is_document() && !args.json;
    let mut started = false;
    // Workers solve and render; the calling thread only reports errors and writes, so it
    // is no bottleneck with several jobs.
    batch::ordered_batch(
        head.into_iter().chain(records),
        jobs,
        feed,
        |_, record| {
            let answer = solve_record(record.parse(), count_limit, args.all, &stop, options);
            // A format that can't hold this grid (a size, a box shape) is said once per
            // puzzle, as an error: exit 2.
            let refused = match &answer {
                Answer::Solved { puzzle, .. } if !args.json => format::refusal(puzzle.shape(), to)
                    .map(|e| match puzzle.place() {
                        p if p.is_empty() => e.to_string(),
                        p => format!("{p}: {e}"),
                    }),
                _ => None,
            };
            if let Some(e) = refused {
                return (Status::InputError, None, String::new(), false, Some(e));
            }
            let text = if args.json {
                json_line(&answer)
            } else {
                text(&answer, to, single, to.is_single_line())
            };
            let status = answer.status();
            let late = matches!(answer, Answer::TimedOut(_));
            let error = match answer {
                Answer::Error(e) => Some(e),
                _ => None,
            };
            (status, error, text, late, None)
        },
        &mut out,
        |out, (answer_status, error, text, late, refused)| {
            status = status.worst(answer_status);
            timed_out += usize::from(late);
            if let Some(e) = &error {
                input::report(e);
            }
            if let Some(e) = refused {
                warn!("sudoku: {e}");
            }
            if document && !started && !text.is_empty() {
                started = true;
                batch::put(out, &format::document_start(to, "sudoku"))?;
            }
            batch::put(out, &text)
        },
    )?;
    drop(spinner);
    if started {
        batch::put(&mut out, format::document_end(to))?;
    }
    std::io::Write::flush(&mut out)?;
    if timed_out > 0 {
        warn!(
            "sudoku: time limit reached (--max-time {}): {timed_out} puzzle{} not answered",
            args.batch.max_time.unwrap_or_default().as_secs_f64(),
            if timed_out == 1 { "" } else { "s" }
        );
    }
    Ok(status.code())
}

/// What `solve --json` writes for a solved puzzle besides the puzzle's header.
#[derive(Serialize)]
struct SolvedRecord {
    /// How many digits are given.
    givens: usize,
    /// The library's record of the outcome.
    #[serde(flatten)]
    outcome: OutcomeRecord,
}

fn json_line(answer: &Answer) -> String {
    match answer {
        Answer::Error(e) => super::json_line(&input::error_record(e)),
        // With the puzzle, so that the records of those not answered are input to a rerun.
        Answer::TimedOut(puzzle) => super::json_line(&Headed::new(
            puzzle,
            json!({
                "status": "timeout",
                "message": "no answer within the time limit (--max-time)",
            }),
        )),
        Answer::Solved {
            puzzle,
            outcome,
            count,
        } => {
            let mut record = OutcomeRecord::new(outcome, puzzle.notation());
            if let Some(c) = count {
                record = record.counted(c.count, c.exact, &c.solutions);
            }
            let body = SolvedRecord {
                givens: puzzle.grid.given_count(),
                outcome: record,
            };
            super::json_line(&Headed::new(puzzle, body))
        }
    }
}

/// `g` in `to`, in the symbols of the puzzle it answers.
fn grid_text(g: &Grid, to: Format, like: &Puzzle) -> String {
    let p = Puzzle {
        alphabet: like.alphabet,
        ..Puzzle::new(g.clone())
    };
    // In a document (OpenSudoku) the record alone: the run writes one header and footer.
    match format::write_record(&p, to) {
        Ok(s) if s.ends_with('\n') => s,
        Ok(s) => s + "\n",
        Err(e) => format::note(to, &e.to_string()),
    }
}

/// `g` in `to` on one line with `note` after it: a `#` comment, or in JSON (where a
/// comment would not read back) the record's `comment` field.
fn noted_line(g: &Grid, to: Format, like: &Puzzle, note: &str) -> String {
    if to == Format::Json {
        let mut p = Puzzle {
            alphabet: like.alphabet,
            ..Puzzle::new(g.clone())
        };
        p.info.comment = Some(note.to_string());
        if let Ok(s) = format::write_record(&p, to) {
            return s.trim_end().to_string() + "\n";
        }
    }
    format!("{} # {note}\n", grid_text(g, to, like).trim_end())
}

/// The text of one answer in `to`; `one_line` is whether `to` writes each puzzle on one
/// line ([`Format::is_single_line`]), so that output lines match input lines.
fn text(answer: &Answer, to: Format, single: bool, one_line: bool) -> String {
    if let Answer::TimedOut(puzzle) = answer {
        return if one_line {
            noted_line(&puzzle.grid, to, puzzle, Outcome::TIMEOUT_NOTE)
        } else if single {
            format::note(to, Outcome::TIMEOUT_NOTE)
        } else {
            format::note(to, &format!("puzzle at {}: timeout", puzzle.place())) + "\n"
        };
    }
    let Answer::Solved {
        puzzle,
        outcome,
        count,
    } = answer
    else {
        return String::new(); // errors go to stderr
    };
    let note = outcome.line_note(puzzle.notation()).unwrap_or_default();
    let many = |n: &Option<Count>| match n {
        Some(c) => format!("{note}: {}", c.words()),
        None => note.clone(),
    };
    let listed = |a: &Grid, b: &Grid| -> Vec<Grid> {
        match count {
            Some(c) if !c.solutions.is_empty() => c.solutions.clone(),
            _ => vec![a.clone(), b.clone()],
        }
    };
    if one_line {
        // One line per puzzle, so output lines match input lines.
        let line = |g: &Grid| grid_text(g, to, puzzle).trim_end().to_string();
        return match outcome {
            Outcome::Unique(s) => line(s) + "\n",
            Outcome::Multiple(a, b) if count.as_ref().is_some_and(|c| !c.solutions.is_empty()) => {
                // `--all`: the comment line, then one solution a line.
                let mut t = noted_line(&puzzle.grid, to, puzzle, &many(count));
                for g in listed(a, b) {
                    t += &line(&g);
                    t.push('\n');
                }
                t
            }
            Outcome::Multiple(..) => noted_line(&puzzle.grid, to, puzzle, &many(count)),
            Outcome::NoSolution | Outcome::Invalid(_) => {
                noted_line(&puzzle.grid, to, puzzle, &note)
            }
        };
    }
    let mut s = String::new();
    let label = if single {
        String::new()
    } else {
        format!("puzzle at {}: ", puzzle.place())
    };
    match outcome {
        Outcome::Unique(g) => {
            if !single {
                s += &format::note(to, &format!("{label}unique"));
            }
            s += &grid_text(g, to, puzzle);
        }
        Outcome::Multiple(a, b) => {
            let shown = listed(a, b);
            let which = match shown.len() {
                n if count.as_ref().is_some_and(|c| c.exact && c.count == n) => format!("all {n}"),
                1 => "one of them".to_string(),
                2 => "two of them".to_string(),
                n => format!("{n} of them"),
            };
            s += &format::note(to, &format!("{label}{}; {which}:", many(count)));
            for (i, g) in shown.iter().enumerate() {
                if i > 0 {
                    s += "\n";
                }
                s += &grid_text(g, to, puzzle);
            }
        }
        Outcome::NoSolution => s += &format::note(to, &format!("{label}no solution")),
        Outcome::Invalid(c) => {
            // Said with its place even alone: the cells named next are in that puzzle.
            let head = if single && !puzzle.place().is_empty() {
                format!("invalid givens ({}):", puzzle.place())
            } else {
                format!("{label}invalid givens:")
            };
            s += &format::note(to, &head);
            for c in c {
                s += &format::note(to, &format!("  {}", c.describe(puzzle.notation())));
            }
        }
    }
    if !single {
        s += "\n";
    }
    s
}
