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

#[derive(Debug, Args, Clone, Default)]
pub struct CanonicalArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Write JSON Lines: the puzzle's fields (`line`, `puzzle`, `size`, `box`), `canonical`,
    /// and the `transform` that maps one to the other (`transpose`, `rows`, `cols`: 1-based
    /// source lines; `digits`: the new name of digits 1 to n).
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &CanonicalArgs) -> anyhow::Result<ExitCode> {
    let mut out = batch::stdout();
    let mut status = Status::Ok;
    for record in args.input.records() {
        let puzzle = match record {
            Ok(p) => p,
            Err(e) => {
                status = status.worst(input::report(&e));
                if args.json {
                    batch::put(&mut out, &format!("{}\n", input::error_record(&e)))?;
                }
                continue;
            }
        };
        let c = match canonical::form(&puzzle.grid) {
            Ok(c) => c,
            Err(e) => {
                warn!("sudoku: {}: {e}", puzzle.place());
                status = status.worst(Status::InputError);
                continue;
            }
        };
        if args.json {
            let t = &c.transform;
            let lines = |p: &[usize]| p.iter().map(|&x| x + 1).collect::<Vec<_>>();
            // The puzzle's fields first, as every command writes them.
            let mut obj = serde_json::to_value(PuzzleHeader::of(&puzzle))?;
            obj["canonical"] = json!(c.line);
            obj["transform"] = json!({
                "transpose": t.transpose,
                "rows": lines(&t.rows),
                "cols": lines(&t.cols),
                "digits": t.digits[1..].to_vec(),
            });
            batch::put(&mut out, &format!("{obj}\n"))?;
        } else {
            batch::put(&mut out, &c.line)?;
            batch::put(&mut out, "\n")?;
        }
    }
    std::io::Write::flush(&mut out)?;
    Ok(status.code())
}
