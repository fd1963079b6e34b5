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
use sudoku::format::{ParseError, Puzzle};

#[derive(Debug, Args, Clone, Default)]
pub struct CanonicalArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Write JSON Lines: the puzzle's fields (`line`, `puzzle`, `size`, `box`), `canonical`,
    /// and the `transform` that maps one to the other (`transpose`, `rows`, `cols`: 1-based
    /// source lines; `digits`: the new name of digits 1 to n).
    #[arg(long)]
    pub json: bool,
    /// Worker threads (0 = every core); the forms come out in input order whatever the
    /// number.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// What one record gives: its output line, input that could not be read (with its
/// `--json` line), or a message for a grid with no form.
enum Answer {
    Line(String),
    Unread(ParseError, Option<String>),
    NoForm(String),
}

pub fn run(args: &CanonicalArgs) -> anyhow::Result<ExitCode> {
    let mut out = batch::stdout();
    let mut status = Status::Ok;
    batch::ordered_batch(
        args.input.unparsed_records(),
        crate::limits::jobs(args.jobs),
        |_, record| answer(args, record.parse()),
        |answer| {
            match answer {
                Answer::Line(line) => batch::put(&mut out, &line)?,
                Answer::Unread(e, line) => {
                    status = status.worst(input::report(&e));
                    if let Some(line) = line {
                        batch::put(&mut out, &line)?;
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
    let c = match canonical::form(&puzzle.grid) {
        Ok(c) => c,
        Err(e) => return Answer::NoForm(format!("sudoku: {}: {e}", puzzle.place())),
    };
    if !args.json {
        return Answer::Line(format!("{}\n", c.line));
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
    Answer::Line(format!("{obj}\n"))
}
