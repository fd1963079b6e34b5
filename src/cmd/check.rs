//! `sudoku check`: is each filled grid a valid solution (and does it keep a puzzle's givens)?

use super::Status;
use crate::batch;
use crate::input::{self, InputArgs};
use anyhow::bail;
use clap::Args;
use serde_json::json;
use std::process::ExitCode;
use sudoku::format::json::PuzzleHeader;
use sudoku::format::{Alphabet, ParseError, Puzzle, ReadOptions, Reader};
use sudoku::symbols::Notation;
use sudoku::verify::Violation;
use sudoku::{verify, Grid, Shape};

#[derive(Debug, Args, Clone)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The puzzle the grids must solve: a file (`-`: standard input, the grids then given as
    /// files), or the puzzle itself as one line.
    #[arg(long, short = 'p', value_name = "PUZZLE")]
    pub puzzle: Option<String>,
    /// Write JSON Lines: per grid its fields (`line`, `puzzle`, `size`, `box`), `valid` and
    /// `problems` (and `solutions`, how many were checked, for a record listing several).
    #[arg(long)]
    pub json: bool,
    /// Worker threads (0 = every core); the verdicts come out in input order whatever the
    /// number.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
}

/// What one record gives: its output (text or JSON line) and whether it found problems,
/// or input that could not be read (with its `--json` line).
enum Answer {
    Checked(String, bool),
    Unread(ParseError, Option<String>),
}

/// The givens of the `--puzzle` file or line, and the symbols it was read in.
fn load_puzzle(spec: &str, grids: &InputArgs) -> anyhow::Result<(Grid, Option<Alphabet>)> {
    let path = std::path::Path::new(spec);
    if spec == "-" || path.exists() {
        return load_puzzle_file(path, grids);
    }
    let mut r = Reader::new(spec.as_bytes(), "--puzzle", ReadOptions::default());
    // Titles and headers are passed over, as every reader does.
    let first = r.by_ref().find(|got| !matches!(got, Err(e) if e.is_skip()));
    let puzzle = match first {
        Some(Ok(p)) => p,
        // Neither a file nor a puzzle: a file name mistyped, or a puzzle line cut short.
        None => bail!("--puzzle {spec}: no such file (nor a puzzle)"),
        Some(Err(e)) => bail!(
            "--puzzle {spec}: no such file, and as a puzzle: {}",
            input::describe_error(&e)
        ),
    };
    if let Some(Ok(next)) = r.find(|got| !matches!(got, Err(e) if e.is_skip())) {
        bail!(
            "--puzzle: more than one puzzle (lines {} and {}); give the one the grids must solve",
            puzzle.line,
            next.line
        );
    }
    Ok((puzzle.grid.givens(), puzzle.alphabet))
}

/// The one puzzle of a `--puzzle` file (`-`: standard input), read as every input is: the
/// same limits, the same refusal of what is not text (`/dev/zero` was read to 8 GB).
fn load_puzzle_file(
    path: &std::path::Path,
    grids: &InputArgs,
) -> anyhow::Result<(Grid, Option<Alphabet>)> {
    if path.as_os_str() == "-" && grids.reads_stdin() {
        bail!("--puzzle - reads standard input, and so do the grids: give the grids as files");
    }
    let name = input::source_name(path);
    let source = InputArgs {
        files: vec![path.to_path_buf()],
        format: None,
        shape: None,
        alphabet: None,
    };
    // Titles and headers are passed over, as every reader does.
    let mut records = source
        .records()
        .filter(|got| !matches!(got, Err(e) if e.is_skip()));
    let puzzle = match records.next() {
        Some(Ok(p)) => p,
        Some(Err(e)) => bail!("--puzzle {}", input::describe_error(&e)),
        None => bail!("--puzzle {name}: no puzzle found"),
    };
    // A file of several puzzles does not say which the grids must solve.
    if let Some(Ok(next)) = records.next() {
        bail!(
            "--puzzle {name}: more than one puzzle (lines {} and {}); give the one the grids must solve",
            puzzle.line,
            next.line
        );
    }
    Ok((puzzle.grid.givens(), puzzle.alphabet))
}

/// The values of a one-line grid of `shape`, read as the line format reads it.
fn line_values(text: &str, shape: Shape) -> Option<Vec<usize>> {
    let opts = ReadOptions {
        shape: Some(shape),
        ..ReadOptions::default()
    };
    let p = sudoku::format::read_str(text, opts).pop()?.ok()?;
    Some(p.grid.values().iter().map(|&v| v as usize).collect())
}

/// Problems listed per grid in text: a puzzle of a giant grid checked as a solution would
/// otherwise list thousands of empty cells and broken houses.
const SHOWN_PROBLEMS: usize = 20;

pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let loaded = args
        .puzzle
        .as_deref()
        .map(|spec| load_puzzle(spec, &args.input))
        .transpose()?;
    // The grids are read in the puzzle's symbols unless `--alphabet` says otherwise: a hex
    // solution with a slip in it has `0`s in unequal numbers, and detection alone took it
    // for a standard grid with empty cells.
    let mut input = args.input.clone();
    if let Some((_, Some(a))) = &loaded {
        if *a != Alphabet::Standard {
            input.alphabet = input.alphabet.or(Some(*a));
        }
    }
    let puzzle_symbols = loaded.as_ref().and_then(|(_, a)| *a);
    let puzzle = loaded.map(|(grid, _)| grid);
    // Clashing givens have no solution to check against: said as every command says it.
    if let Some(pz) = &puzzle {
        let conflicts = pz.conflicts();
        if !conflicts.is_empty() {
            let n = Notation::new(pz.shape(), puzzle_symbols);
            let message = sudoku::solve::Outcome::Invalid(conflicts).message(n);
            warn!("sudoku: --puzzle: {message}");
            return Ok(Status::Negative.code());
        }
    }
    let mut status = Status::Ok;
    let mut seen = 0;
    let (records, feed) = input.batch_records(batch::CHUNK);
    let mut out = batch::stdout_for(&feed);
    batch::ordered_batch(
        records,
        crate::limits::jobs(args.jobs),
        feed,
        |_, record| match record.parse() {
            Ok(p) => {
                let (text, bad) = check(args, puzzle.as_ref(), &p);
                Answer::Checked(text, bad)
            }
            Err(e) => {
                // The same error record as every command's (docs/formats.md).
                let line = args.json.then(|| format!("{}\n", input::error_record(&e)));
                Answer::Unread(e, line)
            }
        },
        &mut out,
        |out, answer| {
            seen += 1;
            match answer {
                Answer::Checked(text, bad) => {
                    if bad {
                        status = status.worst(Status::Negative);
                    }
                    batch::put(out, &text)
                }
                Answer::Unread(e, line) => {
                    status = status.worst(input::report(&e));
                    line.map_or(Ok(()), |line| batch::put(out, &line))
                }
            }
        },
    )?;
    if seen == 0 {
        bail!("no grid found in the input");
    }
    std::io::Write::flush(&mut out)?;
    Ok(status.code())
}

/// One grid's verdict as written (text or a JSON line), and whether it found problems.
fn check(args: &CheckArgs, puzzle: Option<&Grid>, p: &Puzzle) -> (String, bool) {
    let shape = p.shape();
    // A record that carries its solution (a bank's row, `solve --json`) has it checked,
    // against `--puzzle`'s givens when given, else against its own.
    let unsolved = !p.grid.is_full();
    let stored = |s: &str| Grid::from_values(shape, &line_values(s, shape)?).ok();
    // A puzzle bank's row: the puzzle, and its solution column to check against it.
    let banked = p.info.get("solution").filter(|_| unsolved).and_then(stored);
    // `solve --json`'s answer for a puzzle with several solutions: each one listed.
    let listed: Vec<Grid> = match p.info.get("solutions").filter(|_| unsolved) {
        Some(all) if banked.is_none() => all.split(';').filter_map(stored).collect(),
        _ => Vec::new(),
    };
    // Every problem as JSON lists it, with the cell's name when it is an empty cell of
    // the grid (the text groups those on one line).
    // Digits named as the grid spells them (hex, letters), as every message does.
    let n = Notation::new(shape, p.alphabet);
    let problems: Vec<(String, Option<String>)> = if listed.is_empty() {
        let result = match (puzzle, &banked) {
            (Some(pz), Some(solution)) => verify::check_solution_of(pz, solution),
            (None, Some(solution)) => verify::check_solution_of(&p.grid.givens(), solution),
            (Some(pz), None) => verify::check_solution_of(pz, &p.grid),
            (None, None) => verify::check_solution(&p.grid),
        };
        let found = result.err().unwrap_or_default();
        found
            .iter()
            .map(|v| {
                let empty = match v {
                    Violation::Empty(cell) => Some(cell.name(shape).to_string()),
                    _ => None,
                };
                (v.describe(n), empty)
            })
            .collect()
    } else {
        let givens = puzzle.cloned().unwrap_or_else(|| p.grid.givens());
        let mut all = Vec::new();
        for (k, solution) in listed.iter().enumerate() {
            if let Err(v) = verify::check_solution_of(&givens, solution) {
                let k = k + 1;
                all.extend(
                    v.iter()
                        .map(|v| (format!("solution {k}: {}", v.describe(n)), None)),
                );
            }
        }
        all
    };
    let text = if args.json {
        // The grid's fields first, as every command writes them: a batch's records can be
        // matched to their grids and go on down a pipe.
        let mut j = serde_json::to_value(PuzzleHeader::of(p)).expect("a plain record");
        j["valid"] = json!(problems.is_empty());
        j["problems"] = json!(problems.iter().map(|(text, _)| text).collect::<Vec<_>>());
        if !listed.is_empty() {
            j["solutions"] = json!(listed.len());
        }
        format!("{j}\n")
    } else if problems.is_empty() && listed.len() > 1 {
        format!("valid solutions, all {} listed\n", listed.len())
    } else if problems.is_empty() {
        "valid solution\n".to_string()
    } else {
        let mut s = if listed.len() > 1 {
            format!("not every listed solution is valid ({}):\n", p.place())
        } else {
            format!("not a valid solution ({}):\n", p.place())
        };
        for pr in shown(&problems) {
            s += &format!("  {pr}\n");
        }
        s
    };
    (text, !problems.is_empty())
}

/// The problems as the text output lists them: the first [`SHOWN_PROBLEMS`] that are not
/// an empty cell, the empty cells in one line, and a count of the rest.
fn shown(problems: &[(String, Option<String>)]) -> Vec<String> {
    let others: Vec<&String> = problems
        .iter()
        .filter(|(_, empty)| empty.is_none())
        .map(|(text, _)| text)
        .collect();
    let empty: Vec<&str> = problems.iter().filter_map(|(_, e)| e.as_deref()).collect();
    let mut out: Vec<String> = others
        .iter()
        .take(SHOWN_PROBLEMS)
        .map(|t| t.to_string())
        .collect();
    let more = others.len().saturating_sub(SHOWN_PROBLEMS);
    match empty.len() {
        0 => {}
        1 => out.push(format!("{} is empty", empty[0])),
        k => {
            let first = &empty[..k.min(EMPTY_SHOWN)];
            let rest = if k > EMPTY_SHOWN { ", …" } else { "" };
            out.push(format!("{k} cells are empty: {}{rest}", first.join(", ")));
        }
    }
    if more > 0 {
        out.push(format!("... and {more} more (--json lists them all)"));
    }
    out
}

/// How many empty cells the text output names.
const EMPTY_SHOWN: usize = 8;
