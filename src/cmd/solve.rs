//! `sudoku solve`: for each puzzle, unique (with the solution), multiple (two solutions),
//! none, or invalid (the clashing givens). Batches run on every core, output in input order.

use super::Status;
use crate::io::{self, InputArgs};
use clap::Args;
use serde_json::{json, Value};
use std::process::ExitCode;
use sudoku::format::{self, Format, ParseError, Puzzle};
use sudoku::solve::{self, Outcome};
use sudoku::{Grid, Shape};

#[derive(Debug, Args, Clone, Default)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Write solutions in this format (default: a boxed grid for one puzzle, lines for many).
    #[arg(long, short = 't', value_name = "FORMAT", value_parser = io::parse_format)]
    pub to: Option<Format>,
    /// Write JSON Lines: one object per puzzle with `status` (unique, multiple, none, invalid,
    /// error), `solution`, `solutions`, `count`, `conflicts`, `message`, `line`.
    #[arg(long)]
    pub json: bool,
    /// For puzzles with several solutions, count them up to N.
    #[arg(long, value_name = "N")]
    pub count: Option<usize>,
    /// Worker threads (0 = every core).
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    #[command(flatten)]
    pub animate: super::play::AnimateArgs,
}

/// What solving one record gave.
enum Answer {
    Solved {
        puzzle: Box<Puzzle>,
        outcome: Outcome,
        count: Option<usize>,
    },
    Error(ParseError),
}

impl Answer {
    fn status(&self) -> Status {
        match self {
            Answer::Solved {
                outcome: Outcome::Unique(_),
                ..
            } => Status::Ok,
            Answer::Solved { .. } => Status::Negative,
            Answer::Error(e) if e.is_skip() => Status::Ok,
            Answer::Error(_) => Status::InputError,
        }
    }
}

fn solve_record(record: Result<Puzzle, ParseError>, count_limit: Option<usize>) -> Answer {
    match record {
        Err(e) => Answer::Error(e),
        Ok(puzzle) => {
            let outcome = solve::solve_with(&puzzle.grid, puzzle.marks.as_ref());
            let count = match (&outcome, count_limit) {
                (Outcome::Multiple(..), Some(limit)) => Some(
                    solve::engine_for(&puzzle.grid)
                        .search(&puzzle.grid, puzzle.marks.as_ref(), limit.max(2), 0)
                        .count,
                ),
                _ => None,
            };
            Answer::Solved {
                puzzle: Box::new(puzzle),
                outcome,
                count,
            }
        }
    }
}

pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    if args.animate.animate {
        let puzzle = match args.input.records().next() {
            Some(Ok(p)) => p,
            Some(Err(e)) => anyhow::bail!("{}", io::describe_error(&e)),
            None => anyhow::bail!("no puzzle to animate"),
        };
        return super::play::run_animate(&puzzle.grid, &args.animate);
    }
    if args.input.files.is_empty() && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!("sudoku: reading puzzles from standard input (Ctrl-D to end; --help for usage)");
    }
    let mut records = args.input.unparsed_records();
    // One puzzle alone is shown as a boxed grid; a stream as one line per puzzle.
    let mut head = Vec::new();
    for _ in 0..2 {
        match records.next() {
            Some(r) => head.push(r),
            None => break,
        }
    }
    let single = head.len() == 1;
    let to = args
        .to
        .unwrap_or(if single { Format::Boxed } else { Format::Line });
    let mut out = io::stdout();
    let mut status = Status::Ok;
    let count_limit = args.count;
    // Workers solve and render; the calling thread only reports errors and writes, so it
    // is no bottleneck with several jobs.
    io::ordered_batch(
        head.into_iter().chain(records),
        crate::limits::jobs(args.jobs),
        |_, record| {
            let answer = solve_record(record.parse(), count_limit);
            let text = if args.json {
                json_line(&answer)
            } else {
                text(&answer, to, single)
            };
            let status = answer.status();
            let error = match answer {
                Answer::Error(e) => Some(e),
                Answer::Solved { .. } => None,
            };
            (status, error, text)
        },
        |(answer_status, error, text)| {
            status = status.worst(answer_status);
            if let Some(e) = &error {
                io::report(e);
            }
            io::put(&mut out, &text)
        },
    )?;
    std::io::Write::flush(&mut out)?;
    Ok(status.code())
}

fn rows(g: &Grid) -> Value {
    json!(g.rows())
}

fn json_line(answer: &Answer) -> String {
    let v = match answer {
        Answer::Error(e) => json!({
            "status": if e.is_skip() { "skipped" } else { "error" },
            "source": e.source,
            "line": e.line,
            "column": e.col,
            "message": io::describe_error(e),
        }),
        Answer::Solved {
            puzzle,
            outcome,
            count,
        } => {
            let shape = puzzle.shape();
            let mut v = json!({
                "status": outcome.status(),
                "line": puzzle.line,
                "size": shape.side(),
                "box": [shape.box_rows(), shape.box_cols()],
                "givens": puzzle.grid.given_count(),
            });
            match outcome {
                Outcome::Unique(s) => v["solution"] = rows(s),
                Outcome::Multiple(a, b) => {
                    v["solutions"] = json!([rows(a), rows(b)]);
                    if let Some(c) = count {
                        v["count"] = json!(c);
                    }
                }
                Outcome::NoSolution => {}
                Outcome::Invalid(conflicts) => {
                    v["conflicts"] = json!(conflicts
                        .iter()
                        .map(|c| json!({
                            "house": c.house.to_string(),
                            "digit": c.digit.get(),
                            "cells": c.cells.iter().map(|&x| [x.row(shape).number(), x.col(shape).number()]).collect::<Vec<_>>(),
                            "text": c.describe(shape),
                        }))
                        .collect::<Vec<_>>());
                }
            }
            v
        }
    };
    format!("{v}\n")
}

fn grid_text(g: &Grid, to: Format) -> String {
    match format::write_grid(g, to) {
        Ok(s) if s.ends_with('\n') => s,
        Ok(s) => s + "\n",
        Err(e) => format!("# {e}\n"),
    }
}

/// Whether a format writes one line per puzzle. Found by writing an empty grid, once per
/// format and shape on each thread (a batch rarely mixes shapes).
fn is_line_format(to: Format, shape: Shape) -> bool {
    thread_local! {
        static LAST: std::cell::Cell<Option<(Format, Shape, bool)>> = const { std::cell::Cell::new(None) };
    }
    LAST.with(|last| match last.get() {
        Some((f, s, answer)) if f == to && s == shape => answer,
        _ => {
            let answer = format::write_grid(&Grid::empty(shape), to)
                .is_ok_and(|s| !s.trim_end().contains('\n'));
            last.set(Some((to, shape, answer)));
            answer
        }
    })
}

fn text(answer: &Answer, to: Format, single: bool) -> String {
    let Answer::Solved {
        puzzle,
        outcome,
        count,
    } = answer
    else {
        return String::new(); // errors go to stderr
    };
    let shape = puzzle.shape();
    let many = |n: &Option<usize>| match n {
        Some(c) => format!("{c} solutions (counted up to the limit)"),
        None => "multiple solutions".to_string(),
    };
    if is_line_format(to, shape) {
        // One line per puzzle, so output lines match input lines.
        let line = |g: &Grid| grid_text(g, to).trim_end().to_string();
        return match outcome {
            Outcome::Unique(s) => line(s) + "\n",
            Outcome::Multiple(..) => format!("{} # {}\n", line(&puzzle.grid), many(count)),
            Outcome::NoSolution => format!("{} # no solution\n", line(&puzzle.grid)),
            Outcome::Invalid(c) => {
                let why: Vec<String> = c.iter().map(|c| c.describe(shape)).collect();
                format!("{} # invalid: {}\n", line(&puzzle.grid), why.join("; "))
            }
        };
    }
    let mut s = String::new();
    let label = if single {
        String::new()
    } else {
        format!("puzzle at line {}: ", puzzle.line)
    };
    match outcome {
        Outcome::Unique(g) => {
            if !single {
                s += &format!("# {label}unique\n");
            }
            s += &grid_text(g, to);
        }
        Outcome::Multiple(a, b) => {
            s += &format!("# {label}{}; two of them:\n", many(count));
            s += &grid_text(a, to);
            s += "\n";
            s += &grid_text(b, to);
        }
        Outcome::NoSolution => s += &format!("# {label}no solution\n"),
        Outcome::Invalid(c) => {
            s += &format!("# {label}invalid givens:\n");
            for c in c {
                s += &format!("#   {}\n", c.describe(shape));
            }
        }
    }
    if !single {
        s += "\n";
    }
    s
}
