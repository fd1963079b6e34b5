//! `sudoku rate`: difficulty on Sudoku Explainer's scale (ER/EP/ED, serate's style) and
//! HoDoKu's (level and score), one line per puzzle, in input order on every core.

use super::explain::board_of;
use super::Status;
use crate::io::{self, InputArgs};
use clap::{Args, ValueEnum};
use serde_json::{json, Value};
use std::process::ExitCode;
use std::time::Duration;
use sudoku::format::{self, Format, ParseError, Puzzle};
use sudoku::rate::{HodokuRating, Preset, Rater, SeRating, SE_FAILED};
use sudoku::solve::{self, Outcome};

/// Which scales to rate on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Scale {
    /// Sudoku Explainer: ER/EP/ED.
    Se,
    /// HoDoKu: level and score.
    Hodoku,
    /// Both.
    #[default]
    Both,
}

/// Arguments of `sudoku rate`.
#[derive(Debug, Args, Clone, Default)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The scale: se (Sudoku Explainer's ER/EP/ED), hodoku (level and score) or both.
    #[arg(long, value_enum, default_value_t = Scale::Both)]
    pub scale: Scale,
    /// Write JSON Lines: one object per puzzle with `er`, `ep`, `ed`, `preset`, `hardest`
    /// (SE's hardest technique), `level`, `score`, `hodoku_hardest`, `solved`, `timed_out`,
    /// `line`, `puzzle` (fields of a scale not asked for are left out).
    #[arg(long)]
    pub json: bool,
    /// Worker threads (0 = every core).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// Give up rating a puzzle after this many seconds (per scale); its line is marked
    /// `timeout` and its ER is then only a lower bound.
    #[arg(long, value_name = "SECS", value_parser = crate::limits::parse_max_time)]
    pub max_time: Option<Duration>,
}

/// What rating one record gave.
enum Answer {
    Rated {
        puzzle: Box<Puzzle>,
        se: Option<SeRating>,
        hodoku: Option<HodokuRating>,
    },
    /// Not rated: the puzzle has no unique solution.
    Unrateable {
        puzzle: Box<Puzzle>,
        outcome: &'static str,
    },
    Error(ParseError),
}

impl Answer {
    fn status(&self) -> Status {
        match self {
            Answer::Rated { se, hodoku, .. } => {
                let incomplete = se.is_some_and(|r| !r.solved || r.timed_out)
                    || hodoku.is_some_and(|r| !r.solved || r.timed_out);
                if incomplete {
                    Status::Negative
                } else {
                    Status::Ok
                }
            }
            Answer::Unrateable { .. } => Status::Negative,
            Answer::Error(e) if e.is_skip() => Status::Ok,
            Answer::Error(_) => Status::InputError,
        }
    }
}

fn rate_record(rater: &Rater, scale: Scale, record: Result<Puzzle, ParseError>) -> Answer {
    let puzzle = match record {
        Ok(p) => p,
        Err(e) => return Answer::Error(e),
    };
    let outcome = solve::solve_with(&puzzle.grid, puzzle.marks.as_ref());
    if !matches!(outcome, Outcome::Unique(_)) {
        return Answer::Unrateable {
            puzzle: Box::new(puzzle),
            outcome: outcome.status(),
        };
    }
    let board = board_of(&puzzle);
    let se = (scale != Scale::Hodoku).then(|| rater.rate_se_board(board.clone()));
    let hodoku = (scale != Scale::Se).then(|| rater.rate_hodoku_board(board));
    Answer::Rated {
        puzzle: Box::new(puzzle),
        se,
        hodoku,
    }
}

fn puzzle_line(p: &Puzzle) -> String {
    format::write_grid(&p.grid, Format::Line).unwrap_or_default()
}

/// `ED=7.1/1.2/1.2` as serate prints it (20.0 when the techniques stall).
fn se_text(r: &SeRating) -> String {
    format!("ED={:.1}/{:.1}/{:.1}", r.er, r.ep, r.ed)
}

fn text_line(answer: &Answer) -> Option<String> {
    match answer {
        Answer::Rated { puzzle, se, hodoku } => {
            let mut line = puzzle_line(puzzle);
            if let Some(r) = se {
                line.push(' ');
                line.push_str(&se_text(r));
            }
            if let Some(r) = hodoku {
                line.push_str(&format!(" {} {}", r.level.name(), r.score));
            }
            let timed_out = se.is_some_and(|r| r.timed_out) || hodoku.is_some_and(|r| r.timed_out);
            if timed_out {
                line.push_str(" timeout");
            }
            Some(line + "\n")
        }
        Answer::Unrateable { puzzle, outcome } => Some(format!(
            "{} not rated: {}\n",
            puzzle_line(puzzle),
            match *outcome {
                "multiple" => "more than one solution",
                "none" => "no solution",
                _ => "the givens clash",
            }
        )),
        Answer::Error(_) => None,
    }
}

fn json_line(answer: &Answer) -> String {
    let v: Value = match answer {
        Answer::Rated { puzzle, se, hodoku } => {
            let mut v = json!({
                "line": puzzle.line,
                "puzzle": puzzle_line(puzzle),
            });
            let obj = v.as_object_mut().expect("an object");
            let mut solved = true;
            let mut timed_out = false;
            if let Some(r) = se {
                obj.insert("er".into(), json!(round1(r.er)));
                obj.insert("ep".into(), json!(round1(r.ep)));
                obj.insert("ed".into(), json!(round1(r.ed)));
                obj.insert(
                    "preset".into(),
                    json!(Preset::of_er(r.er).map(Preset::name)),
                );
                obj.insert("hardest".into(), json!(r.hardest.map(|t| t.name())));
                solved &= r.solved && r.er < SE_FAILED;
                timed_out |= r.timed_out;
            }
            if let Some(r) = hodoku {
                obj.insert("level".into(), json!(r.level.name()));
                obj.insert("score".into(), json!(r.score));
                obj.insert("hodoku_hardest".into(), json!(r.hardest.map(|t| t.name())));
                solved &= r.solved;
                timed_out |= r.timed_out;
            }
            obj.insert("solved".into(), json!(solved));
            obj.insert("timed_out".into(), json!(timed_out));
            v
        }
        Answer::Unrateable { puzzle, outcome } => json!({
            "line": puzzle.line,
            "puzzle": puzzle_line(puzzle),
            "status": outcome,
            "message": "not rated: the puzzle has no unique solution",
        }),
        Answer::Error(e) => json!({
            "status": if e.is_skip() { "skipped" } else { "error" },
            "source": e.source,
            "line": e.line,
            "message": io::describe_error(e),
        }),
    };
    format!("{v}\n")
}

/// One decimal, as the scale is printed (avoids 7.099999 in JSON).
fn round1(x: f32) -> f64 {
    (f64::from(x) * 10.0).round() / 10.0
}

/// Runs `sudoku rate`.
pub fn run(args: &RateArgs) -> anyhow::Result<ExitCode> {
    let rater = Rater::new().max_time(args.max_time);
    if args.input.files.is_empty() && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!("sudoku: reading puzzles from standard input (Ctrl-D to end; --help for usage)");
    }
    let jobs = crate::limits::jobs(args.jobs);
    let mut out = io::stdout();
    let mut status = Status::Ok;
    io::ordered_batch_by(
        args.input.records(),
        jobs,
        // Rating takes milliseconds to seconds a puzzle: hand out a few at a time so lines
        // appear as they are rated.
        jobs * 4,
        |_, record| rate_record(&rater, args.scale, record),
        |answer| {
            status = status.worst(answer.status());
            if let Answer::Error(e) = &answer {
                io::report(e);
            }
            let text = if args.json {
                Some(json_line(&answer))
            } else {
                text_line(&answer)
            };
            if let Some(text) = text {
                io::put(&mut out, &text)?;
                // A slow stream should show each line as it comes.
                std::io::Write::flush(&mut out)?;
            }
            Ok(())
        },
    )?;
    std::io::Write::flush(&mut out)?;
    Ok(status.code())
}
