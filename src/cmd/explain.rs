//! `sudoku explain`: the human-style solve path of each puzzle, one step a line in the
//! notation players know (`--verbose` adds the plain-language explanation), or JSON Lines.
//! A step found by backtracking is labelled "Brute Force" and the summary says where it
//! guessed. A puzzle without exactly one solution is named as such (invalid givens with the
//! clashes, none, multiple) and not explained: exit 1, as when the techniques stall with
//! brute force off.

use super::{Outcome, Status};
use crate::batch;
use crate::input::InputArgs;
use clap::Args;
use std::process::ExitCode;
use sudoku::format::json::{Headed, PuzzleHeader};
use sudoku::format::ParseError;
use sudoku::logic::{LogicSolver, Order, PathProgress, PathRecord, Position};

/// Arguments of `sudoku explain`.
#[derive(Debug, Args, Clone, Default)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print the plain-language explanation of each step under its one-line text.
    #[arg(long, short = 'v')]
    pub verbose: bool,
    /// Write JSON Lines: one object per puzzle with `status` (unique when explained;
    /// multiple, none, invalid or timeout, with `message`, when not), `steps` (each with
    /// `technique`, `code`, `placements` and `eliminations` as [row, col, digit] arrays,
    /// 1-based, and `text`), `solved`, `used_backtracking`, `timed_out` (--max-time cut the
    /// path short), `score` (HoDoKu's) and `line`.
    #[arg(long)]
    pub json: bool,
    /// Techniques to use, comma-separated: names or short codes (x-wing, bf2), family names
    /// (singles, subsets, fish), `all`, `hodoku`, `explainer`. Start the list with + or - to
    /// add to or remove from the order's defaults (e.g. `+franken x-wing,-jellyfish`).
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    pub techniques: Option<String>,
    /// The order techniques are tried in: hodoku or explainer (Sudoku Explainer).
    #[arg(long, value_name = "ORDER", default_value = "hodoku", value_parser = parse_order)]
    pub order: Order,
    /// Never guess: end the path where the techniques stall instead of using brute force.
    #[arg(long)]
    pub no_backtracking: bool,
    /// Stop after this many seconds for the whole run: the path being found ends there
    /// (marked as cut short), later puzzles are not explained, and the exit code is 1.
    #[arg(long, value_name = "SECS", value_parser = crate::limits::parse_max_time)]
    pub max_time: Option<std::time::Duration>,
    /// Worker threads (0 = every core); the paths come out in input order whatever the
    /// number. A file of one puzzle past 9x9 runs its nested forcing chains on them, with
    /// the same steps.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// Parses `--order`.
pub fn parse_order(s: &str) -> Result<Order, String> {
    Order::parse(s)
}

/// The faces' solver ([`LogicSolver::for_faces`]: the order's defaults plus the library's
/// extras unless `--techniques` says otherwise), with `--techniques` named in its error.
pub fn solver(
    techniques: Option<&str>,
    order: Order,
    backtracking: bool,
) -> anyhow::Result<LogicSolver> {
    LogicSolver::for_faces(order, techniques, backtracking)
        .map_err(|e| anyhow::anyhow!("--techniques: {e}"))
}

/// Runs `sudoku explain`.
pub fn run(args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    let solver = solver(
        args.techniques.as_deref(),
        args.order,
        !args.no_backtracking,
    )?;
    let mut status = Status::Ok;
    let mut first = true;
    let deadline = args.max_time.map(|t| std::time::Instant::now() + t);
    let mut skipped = 0usize;
    let jobs = crate::limits::jobs(args.jobs);
    // Seconds a puzzle at times: a few at a time, so paths appear as they are found.
    let (mut records, feed) = args.input.batch_records(jobs);
    let mut out = batch::stdout_for(&feed);
    // One hard puzzle takes a while: a spinner on a terminal after two seconds (a batch
    // has the batch's counter).
    let (head, lone) = batch::read_ahead(&mut records, &feed);
    // A lone puzzle has the threads a batch would have shared: its nested forcing chains
    // (past 9x9) run their premises on them, with the same steps. Its spinner says which
    // step the path is at.
    let mut solver = solver.with_threads(if lone { jobs } else { 1 });
    let progress = PathProgress::new();
    if lone {
        solver = solver.with_progress(progress.clone());
    }
    let watch = move || format!("explaining: {}", batch::path_progress(&progress));
    let spinner = batch::watching_spinner_for_one(lone, Box::new(watch));
    batch::ordered_batch(
        head.into_iter().chain(records),
        jobs,
        feed,
        |_, record| explain_record(args, &solver, deadline, record.parse()),
        &mut out,
        |out, outcome| {
            if let Some(text) = outcome.settle(args.json, &mut status, &mut skipped) {
                // Text blocks are set apart by a blank line.
                if !args.json && !first {
                    batch::put(out, "\n")?;
                }
                first = false;
                batch::put(out, &text)?;
            }
            Ok(())
        },
    )?;
    drop(spinner);
    std::io::Write::flush(&mut out)?;
    if skipped > 0 {
        status = status.worst(Status::Negative);
        batch::report_skipped(skipped, args.max_time, "not explained");
    }
    Ok(status.code())
}

/// The path of one record, as text or JSON.
fn explain_record(
    args: &ExplainArgs,
    solver: &LogicSolver,
    deadline: Option<std::time::Instant>,
    record: Result<sudoku::format::Puzzle, ParseError>,
) -> Outcome {
    if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
        return Outcome::Late {
            counted: record.is_ok(),
        };
    }
    let puzzle = match record {
        Ok(p) => p,
        Err(e) => return Outcome::Unread(e),
    };
    let header = PuzzleHeader::of(&puzzle);
    let line = header.puzzle.clone();
    // Invalid, none or multiple are said first: no path means anything on those.
    let position = Position::from_puzzle(&puzzle);
    // Steps name digits in the puzzle's own symbols.
    let n = position.notation();
    let path = match position.explain_until(solver, deadline) {
        Ok(path) => path,
        Err(p) => {
            let text = if args.json {
                let body = super::verdict::ProblemRecord::new(&p, &puzzle);
                super::json_line(&Headed { header, body })
            } else {
                format!("# {line}\n{}\n", p.not_done("explained"))
            };
            return Outcome::Written {
                text,
                negative: true,
            };
        }
    };
    let text = if args.json {
        // The library's record of the path, and the puzzle it is of (only a puzzle with
        // one solution is explained).
        let body = super::verdict::Unique::new(PathRecord::new(n, &path));
        super::json_line(&Headed { header, body })
    } else {
        let mut t = format!("# {line}\n");
        let width = path.steps.len().to_string().len();
        for (i, step) in path.steps.iter().enumerate() {
            t += &format!("{:>width$}. {}\n", i + 1, step.text(n));
            if args.verbose {
                t += &format!("{:>width$}  {}\n", "", step.explain(n));
            }
        }
        t += &path.summary(n, !args.no_backtracking);
        t + "\n"
    };
    Outcome::Written {
        text,
        negative: !path.solved,
    }
}
