//! `sudoku canonical`: the canonical form of each puzzle ([`canonical::form`]: minlex for
//! 9x9, refined for other shapes), so that equivalent puzzles (relabelled, rotated, with
//! rows or bands swapped) print the same line.

use super::Status;
use crate::batch;
use crate::input::{self, InputArgs};
use clap::Args;
use serde_json::json;
use std::process::ExitCode;
use sudoku::canonical;
use sudoku::format::json::PuzzleHeader;
use sudoku::format::{self, Format, ParseError, Puzzle};

#[derive(Debug, Args, Clone, Default)]
#[command(mut_arg("max_time", |a| a.help(
    "Stop after this many seconds for the whole run: the forms found so far are written \
     in input order, then a message, and the exit code is 1")))]
#[command(mut_arg("jobs", |a| a.help(
    "Worker threads (0 = every core); the forms come out in input order whatever the \
     number")))]
pub struct CanonicalArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Write JSON Lines: the puzzle's fields (`line`, `puzzle`, `size`, `box`), `canonical`,
    /// and the `transform` that maps one to the other (`transpose`, `rows`, `cols`: 1-based
    /// source lines, of the transpose when `transpose`, which turns 3x2 boxes into 2x3;
    /// `digits`: the new name of digits 1 to n); for clashing givens also
    /// `status` (`invalid`) and `conflicts`, as `solve` writes them.
    #[arg(long)]
    pub json: bool,
    /// Write each form as a grid in this format instead of its canonical line: line,
    /// boxed, sdk, ss, pm, hodoku, sukaku, matrix, classic, kennett, leptonica, pipe, json
    /// (docs/formats.md; not with --json, whose `canonical` is the line).
    #[arg(long, short = 't', value_name = "FORMAT", value_parser = input::parse_format,
        conflicts_with = "json")]
    pub to: Option<Format>,
    #[command(flatten)]
    pub batch: crate::limits::BatchArgs,
}

/// What one record gives: its output line, input that could not be read (with its
/// `--json` line), or a message for a grid with no form.
enum Answer {
    /// The output line, and for a puzzle with clashing givens what clashes (its form is
    /// written all the same, the clash named on stderr in text, and the run ends with exit
    /// code 1, as other commands do).
    Line(String, Option<String>),
    Unread(ParseError, Option<String>),
    NoForm(String),
    /// The run's time limit came first.
    Stopped,
}

pub fn run(args: &CanonicalArgs) -> anyhow::Result<ExitCode> {
    if let Some(to) = args.to.filter(|f| f.is_document()) {
        anyhow::bail!(
            "--to {}: a document of many puzzles; write lines here and `sudoku convert --to {}` them",
            to.name(),
            to.name()
        );
    }
    let mut status = Status::Ok;
    let stop = args
        .batch
        .max_time
        .map_or_else(sudoku::Stop::never, sudoku::Stop::after);
    let (mut done, mut stopped) = (0usize, 0usize);
    let (records, feed) = args.input.batch_records(batch::CHUNK);
    let mut out = batch::stdout_for(&feed);
    batch::ordered_batch(
        records,
        crate::limits::jobs(args.batch.jobs),
        feed,
        |_, record| {
            if stop.reached() {
                Answer::Stopped
            } else {
                answer(args, record.parse())
            }
        },
        &mut out,
        |out, answer| {
            // Once one record is cut, the rest are held back too, so the output stays a
            // prefix of the input in its order.
            if stopped > 0 || matches!(answer, Answer::Stopped) {
                stopped += 1;
                return Ok(());
            }
            done += 1;
            match answer {
                Answer::Stopped => {}
                Answer::Line(line, invalid) => {
                    batch::put(out, &line)?;
                    if let Some(message) = invalid {
                        // `--json` says it in the record, as `solve` and `rate` do.
                        if !args.json {
                            warn!("{message}");
                        }
                        status = status.worst(Status::Negative);
                    }
                }
                Answer::Unread(e, line) => {
                    status = status.worst(input::report(&e));
                    if let Some(line) = line {
                        batch::put(out, &line)?;
                    }
                }
                Answer::NoForm(message) => {
                    warn!("{message}");
                    status = status.worst(Status::InputError);
                }
            }
            Ok(())
        },
    )?;
    std::io::Write::flush(&mut out)?;
    if stopped > 0 {
        warn!(
            "sudoku: time limit reached ({} s): puzzles done: {done} of {}",
            args.batch.max_time.map_or(0.0, |t| t.as_secs_f64()),
            done + stopped
        );
        status = status.worst(Status::Negative);
    }
    Ok(status.code())
}

fn answer(args: &CanonicalArgs, record: Result<Puzzle, ParseError>) -> Answer {
    let puzzle = match record {
        Ok(p) => p,
        Err(e) => {
            let line = args.json.then(|| format!("{}\n", input::error_record(&e)));
            return Answer::Unread(e, line);
        }
    };
    // The puzzle's form: its givens (a game's placed digits are the player's).
    let givens = puzzle.grid.givens();
    let c = match canonical::form(&givens) {
        Ok(c) => c,
        Err(e) => return Answer::NoForm(format!("sudoku: {}: {e}", puzzle.place())),
    };
    let conflicts = givens.conflicts();
    let clashing = !conflicts.is_empty();
    let invalid = clashing.then(|| {
        let message = sudoku::solve::Outcome::Invalid(conflicts).message(puzzle.notation());
        format!("sudoku: {}: {message}", puzzle.place())
    });
    if let Some(to) = args.to {
        // The form as a grid in the format asked; its boxes go with it where the format
        // can say them.
        return match format::write(&Puzzle::new(c.grid()), to) {
            Ok(text) if text.ends_with('\n') => Answer::Line(text, invalid),
            Ok(text) => Answer::Line(format!("{text}\n"), invalid),
            Err(e) => Answer::NoForm(format!("sudoku: {}: {e}", puzzle.place())),
        };
    }
    if !args.json {
        return Answer::Line(format!("{}\n", c.line), invalid);
    }
    let t = &c.transform;
    let lines = |p: &[usize]| p.iter().map(|&x| x + 1).collect::<Vec<_>>();
    // The puzzle's fields first, as every command writes them.
    let Ok(mut obj) = serde_json::to_value(PuzzleHeader::of(&puzzle)) else {
        return Answer::NoForm(format!(
            "sudoku: {}: no JSON for this puzzle",
            puzzle.place()
        ));
    };
    obj["canonical"] = json!(c.line);
    obj["transform"] = json!({
        "transpose": t.transpose,
        "rows": lines(&t.rows),
        "cols": lines(&t.cols),
        "digits": t.digits[1..].to_vec(),
    });
    if clashing {
        // As `solve --json` says it: the status and the clashes.
        obj["status"] = json!("invalid");
        obj["conflicts"] = json!(super::verdict::conflict_records(&givens, puzzle.notation()));
    }
    Answer::Line(format!("{obj}\n"), invalid)
}
