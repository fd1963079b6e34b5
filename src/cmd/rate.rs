//! `sudoku rate`: difficulty on Sudoku Explainer's scale (ER/EP/ED, serate's style) and
//! HoDoKu's (level and score), one line per puzzle, in input order on every core.

use super::Status;
use crate::batch;
use crate::input::{self, InputArgs};
use clap::{Args, ValueEnum};
use std::process::ExitCode;
use std::time::Duration;
use sudoku::format::json::Headed;
use sudoku::format::{self, Format, ParseError, Puzzle};
use sudoku::logic::{PathProgress, Position};
use sudoku::rate::{Rater, Rating, Scales, SeRating};

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
    /// Write JSON Lines: one object per puzzle with `status` (unique when rated; multiple,
    /// none, invalid or timeout, with `message`, when not), `er`, `ep`, `ed`, `preset`,
    /// `hardest` (SE's hardest technique), `level`, `score`, `hodoku_hardest`, `solved`,
    /// `timed_out` (the rating was cut short), `line`, `puzzle` (fields of a scale not
    /// asked for are left out).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub batch: crate::limits::BatchArgs,
}

/// What rating one record gave.
enum Answer {
    Rated {
        puzzle: Box<Puzzle>,
        rating: Rating,
    },
    /// Not rated: the puzzle has no unique solution.
    Unrateable {
        puzzle: Box<Puzzle>,
        problem: super::verdict::Problem,
    },
    Error(ParseError),
}

impl Answer {
    fn status(&self) -> Status {
        match self {
            Answer::Rated { rating, .. } if rating.is_complete() => Status::Ok,
            Answer::Rated { .. } => Status::Negative,
            Answer::Unrateable { .. } => Status::Negative,
            Answer::Error(e) if e.is_skip() => Status::Ok,
            Answer::Error(_) => Status::InputError,
        }
    }
}

impl Scale {
    /// The library's name for the scales asked.
    fn scales(self) -> Scales {
        match self {
            Scale::Se => Scales::Se,
            Scale::Hodoku => Scales::Hodoku,
            Scale::Both => Scales::Both,
        }
    }
}

fn rate_record(
    rater: &Rater,
    scale: Scale,
    max_time: Option<Duration>,
    record: Result<Puzzle, ParseError>,
) -> Answer {
    let puzzle = match record {
        Ok(p) => p,
        Err(e) => return Answer::Error(e),
    };
    // One deadline per puzzle bounds the solve and both scales together.
    let stop = max_time.map_or_else(sudoku::Stop::never, sudoku::Stop::after);
    match rater.rate_position(&Position::from_puzzle(&puzzle), scale.scales(), &stop) {
        Ok(rating) => Answer::Rated {
            puzzle: Box::new(puzzle),
            rating,
        },
        Err(problem) => Answer::Unrateable {
            puzzle: Box::new(puzzle),
            problem,
        },
    }
}

/// The line of what is rated: the puzzle's givens. A game in progress is rated from its
/// givens, so its placed digits stay out of the line (`--json` has them in `placed`).
fn puzzle_line(p: &Puzzle) -> String {
    let givens = Puzzle {
        grid: p.grid.givens(),
        marks: None,
        ..p.clone()
    };
    format::write(&givens, Format::Line).unwrap_or_default()
}

/// `ED=7.1/1.2/1.2` as serate prints it (20.0 when the techniques stall).
fn se_text(r: &SeRating) -> String {
    format!("ED={:.1}/{:.1}/{:.1}", r.er, r.ep, r.ed)
}

fn text_line(answer: &Answer) -> Option<String> {
    match answer {
        Answer::Rated { puzzle, rating } => {
            // Cut short, a scale's figures are lower bounds, and a scale that rated no
            // step has none (its 0.0 is below SE's scale): said so, not printed as a rating.
            let cut = rating.timed_out();
            let mut scales = Vec::new();
            if let Some(r) = rating.se.as_ref().filter(|r| !cut || r.steps > 0) {
                scales.push(se_text(r));
            }
            if let Some(r) = rating.hodoku.as_ref().filter(|r| !cut || r.steps > 0) {
                scales.push(format!("{} {}", r.level.name(), r.score));
            }
            let line = puzzle_line(puzzle);
            Some(match (cut, scales.is_empty()) {
                (false, _) => format!("{line} {}\n", scales.join(" ")),
                (true, true) => format!("{line} timeout before a step was rated\n"),
                (true, false) => format!("{line} timeout, at least {}\n", scales.join(" ")),
            })
        }
        Answer::Unrateable { puzzle, problem } => Some(format!(
            "{} {}\n",
            puzzle_line(puzzle),
            problem.not_done("rated")
        )),
        Answer::Error(_) => None,
    }
}

fn json_line(answer: &Answer) -> String {
    match answer {
        Answer::Rated { puzzle, rating } => {
            let body = super::verdict::Unique::new(rating.record());
            super::json_line(&Headed::new(puzzle, body))
        }
        Answer::Unrateable { puzzle, problem } => {
            let body = super::verdict::ProblemRecord::new(problem, puzzle);
            super::json_line(&Headed::new(puzzle, body))
        }
        Answer::Error(e) => super::json_line(&input::error_record(e)),
    }
}

/// Runs `sudoku rate`.
pub fn run(args: &RateArgs) -> anyhow::Result<ExitCode> {
    let max_time = args.batch.max_time;
    let mut rater = Rater::new().max_time(max_time);
    if args.input.files.is_empty() && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        warn!("sudoku: reading puzzles from standard input (Ctrl-D to end; --help for usage)");
    }
    let jobs = crate::limits::jobs(args.batch.jobs);
    let mut status = Status::Ok;
    // Rating takes milliseconds to seconds a puzzle: a few at a time, so lines appear as
    // they are rated.
    let (records, feed) = args.input.batch_records(jobs * 4);
    let mut out = batch::stdout_for(&feed);
    let mut records = records.map(sudoku::format::Record::parse);
    // One puzzle that takes more than a moment (a hard giant's SE rating: minutes to an
    // hour) gets a spinner on a terminal, with each scale's step; a batch has the batch's
    // counter.
    let (head, lone) = batch::read_ahead(&mut records, &feed);
    let (se, hodoku) = (PathProgress::new(), PathProgress::new());
    if lone {
        // A lone puzzle's scales run side by side when there are two cores for them.
        rater = rater
            .with_progress(se.clone(), hodoku.clone())
            .side_by_side(jobs >= 2);
    }
    let scales = args.scale.scales();
    let watch = move || {
        let mut parts = Vec::new();
        if scales.se() {
            parts.push(format!("SE {}", batch::path_progress(&se)));
        }
        if scales.hodoku() {
            parts.push(format!("HoDoKu {}", batch::path_progress(&hodoku)));
        }
        format!("rating: {}", parts.join("; "))
    };
    let spinner = batch::watching_spinner_for_one(lone, Box::new(watch));
    batch::ordered_batch(
        head.into_iter().chain(records),
        jobs,
        feed,
        |_, record| rate_record(&rater, args.scale, max_time, record),
        &mut out,
        |out, answer| {
            status = status.worst(answer.status());
            if let Answer::Error(e) = &answer {
                input::report(e);
            }
            let text = if args.json {
                Some(json_line(&answer))
            } else {
                text_line(&answer)
            };
            if let Some(text) = text {
                batch::put(out, &text)?;
                // A slow stream should show each line as it comes.
                std::io::Write::flush(out)?;
            }
            Ok(())
        },
    )?;
    drop(spinner);
    std::io::Write::flush(&mut out)?;
    Ok(status.code())
}
