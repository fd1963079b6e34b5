//! `sudoku hint`: the next step for a puzzle or a pencil-mark grid, from a nudge to the
//! step in full. A player's own pencil marks are used as they are (never completed); when
//! the puzzle's solution can be found, marks that exclude it and wrong digits are pointed
//! out first, since no logic is sound on top of them.

use super::explain::{parse_order, solver};
use super::{Outcome, Status};
use crate::batch;
use crate::input::InputArgs;
use clap::Args;
use serde_json::{json, Value};
use std::process::ExitCode;
use sudoku::format::json::PuzzleHeader;
use sudoku::format::Puzzle;
use sudoku::logic::{HintLevel, Order, Position};
use sudoku::Stop;

/// Arguments of `sudoku hint`.
#[derive(Debug, Args, Clone, Default)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Give the step in full (technique, pattern, eliminations) with its explanation.
    #[arg(long, conflicts_with = "technique_only")]
    pub full: bool,
    /// Name the technique only, not where to look.
    #[arg(long)]
    pub technique_only: bool,
    /// Write one JSON object per puzzle: the puzzle's fields as every command writes them
    /// (`marks` too, for a pencil-mark grid), then `status` (unique; multiple, none,
    /// invalid or timeout, with `message`, when there is no hint), `hint`, `technique`, `code`, `text`,
    /// `explanation`, `placements`, `eliminations` ([row, col, digit], 1-based),
    /// `mistakes`, `solved`.
    #[arg(long)]
    pub json: bool,
    /// Techniques to use (as for `sudoku explain --techniques`).
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    pub techniques: Option<String>,
    /// The order techniques are tried in: hodoku or explainer.
    #[arg(long, value_name = "ORDER", default_value = "hodoku", value_parser = parse_order)]
    pub order: Order,
    /// Stop after this many seconds for the whole run: a puzzle whose uniqueness check or
    /// step search is still running then gets `No hint: ... (timeout)`, later puzzles get
    /// no hint (counted on stderr), and the exit code is 1.
    #[arg(long, value_name = "SECS", value_parser = crate::limits::parse_max_time)]
    pub max_time: Option<std::time::Duration>,
    /// Worker threads (0 = every core); the hints come out in input order whatever the
    /// number. A file of one puzzle past 9x9 runs its nested forcing chains on them, with
    /// the same hint.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// The start of a puzzle's JSON record: the fields every command writes for its puzzle
/// (with a pencil-mark grid's `marks`), so that the record is the position the hint is
/// for, as input to any command.
fn record_of(puzzle: &Puzzle) -> Value {
    serde_json::to_value(PuzzleHeader::of(puzzle)).expect("a plain record")
}

/// Runs `sudoku hint`.
pub fn run(args: &HintArgs) -> anyhow::Result<ExitCode> {
    let solver = solver(args.techniques.as_deref(), args.order, true)?;
    let level = if args.full {
        HintLevel::Full
    } else if args.technique_only {
        HintLevel::Technique
    } else {
        HintLevel::Vague
    };
    let mut status = Status::Ok;
    let stop = args.max_time.map_or_else(Stop::never, Stop::after);
    let mut skipped = 0usize;
    let jobs = crate::limits::jobs(args.jobs);
    let (mut records, feed) = args.input.batch_records(jobs * 4);
    let mut out = batch::stdout_for(&feed);
    // A hint on a hard giant may take a while: a lone puzzle gets a spinner on a terminal,
    // and the threads a batch would have shared for its nested forcing chains (past 9x9;
    // the same hint).
    let (head, lone) = batch::read_ahead(&mut records, &feed);
    let spinner = batch::spinner_for_one(lone, "finding a hint");
    let solver = solver.with_threads(if lone { jobs } else { 1 });
    batch::ordered_batch(
        head.into_iter().chain(records),
        jobs,
        // A uniqueness check and a step search: milliseconds, seconds on a giant.
        feed,
        |_, record| hint_record(args, &solver, level, &stop, record.parse()),
        &mut out,
        |out, outcome| {
            if let Some(text) = outcome.settle(args.json, &mut status, &mut skipped) {
                batch::put(out, &text)?;
            }
            Ok(())
        },
    )?;
    drop(spinner);
    std::io::Write::flush(&mut out)?;
    if skipped > 0 {
        status = status.worst(Status::Negative);
        batch::report_skipped(skipped, args.max_time, "without a hint");
    }
    Ok(status.code())
}

/// The hint line of one record.
fn hint_record(
    args: &HintArgs,
    solver: &sudoku::logic::LogicSolver,
    level: HintLevel,
    stop: &Stop,
    record: Result<Puzzle, sudoku::format::ParseError>,
) -> Outcome {
    if stop.reached() {
        return Outcome::Late {
            counted: record.is_ok(),
        };
    }
    let puzzle = match record {
        Ok(p) => p,
        Err(e) => return Outcome::Unread(e),
    };
    // A hint only makes sense on a puzzle with one solution: say first when it has not.
    let position = Position::from_puzzle(&puzzle);
    let hint = match position.hint_until(solver, level, stop) {
        Ok(h) => h,
        Err(p) => {
            let message = format!("No hint: {}.", p.message);
            let text = if args.json {
                // The body every command's record of such a puzzle has (`status`, the
                // problem's `message`, `conflicts`), and the hint's sentence.
                let mut v = record_of(&puzzle);
                let body = super::verdict::ProblemRecord::new(&p, &puzzle);
                if let (Some(obj), Ok(Value::Object(b))) =
                    (v.as_object_mut(), serde_json::to_value(body))
                {
                    obj.extend(b);
                }
                v["hint"] = json!(message);
                v.to_string()
            } else {
                message
            };
            return Outcome::Written {
                text: text + "\n",
                negative: true,
            };
        }
    };
    let negative = hint.is_negative();
    let text = if args.json {
        let mut v = record_of(&puzzle);
        let obj = v.as_object_mut().expect("an object");
        obj.insert("status".into(), json!(super::verdict::UNIQUE));
        obj.insert("hint".into(), json!(hint.hint));
        obj.insert("solved".into(), json!(hint.solved));
        obj.insert("mistakes".into(), json!(hint.mistakes));
        if let (Some(t), Some(c)) = (hint.technique, hint.code) {
            obj.insert("technique".into(), json!(t));
            obj.insert("code".into(), json!(c));
        }
        if let Some(step) = hint.step {
            // The fields `explain --json` gives a step, and the explanation.
            obj.insert("placements".into(), json!(step.placements));
            obj.insert("eliminations".into(), json!(step.eliminations));
            obj.insert("text".into(), json!(step.text));
            obj.insert("explanation".into(), json!(step.explanation));
        }
        v.to_string()
    } else {
        hint.hint
    };
    Outcome::Written {
        text: text + "\n",
        negative,
    }
}
