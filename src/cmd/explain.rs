//! `sudoku explain`: the human-style solve path of each puzzle, one step a line in the
//! notation players know (`--verbose` adds the plain-language explanation), or JSON Lines.
//! A step found by backtracking is labelled "Brute Force" and the summary says where it
//! guessed. A puzzle without exactly one solution is named as such (invalid givens with the
//! clashes, none, multiple) and not explained: exit 1, as when the techniques stall with
//! brute force off.

use super::Status;
use crate::io::{self, InputArgs};
use clap::Args;
use serde_json::{json, Value};
use std::process::ExitCode;
use sudoku::format::{self, Format, ParseError, Puzzle};
use sudoku::logic::{LogicSolver, Order, Step, TechniqueSet};
use sudoku::{Board, Shape};

/// Arguments of `sudoku explain`.
#[derive(Debug, Args, Clone, Default)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print the plain-language explanation of each step under its one-line text.
    #[arg(long, short = 'v')]
    pub verbose: bool,
    /// Write JSON Lines: one object per puzzle with `steps` (each with `technique`, `code`,
    /// `placements` and `eliminations` as [row, col, digit] arrays, 1-based, and `text`),
    /// `solved`, `used_backtracking`, `score` (HoDoKu's) and `line`.
    #[arg(long)]
    pub json: bool,
    /// Techniques to use, comma-separated: names or short codes (x-wing, bf2), family names
    /// (singles, subsets, fish), `all`, `hodoku`, `explainer`. Start the list with + or - to
    /// add to or remove from the order's defaults (e.g. `+franken x-wing,-jellyfish`).
    #[arg(long, value_name = "LIST")]
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
}

/// What `explain` and `hint` add to the order's defaults when `--techniques` is not given.
const DEFAULT_EXTRA: &str = "+dfc+,+nfc2";

/// Parses `--order`.
pub fn parse_order(s: &str) -> Result<Order, String> {
    Order::from_name(s).ok_or_else(|| format!("unknown order {s:?}; use hodoku or explainer"))
}

/// Builds the solver `--techniques`, `--order` and `--no-backtracking` ask for.
pub fn solver(
    techniques: Option<&str>,
    order: Order,
    backtracking: bool,
) -> anyhow::Result<LogicSolver> {
    let mut builder = LogicSolver::builder().order(order);
    // By default the order's own set, plus Explainer's Dynamic (+) and nested forcing chains
    // before brute force, so that no puzzle we know needs guessing. `--techniques hodoku` or
    // `explainer` gives the programs' exact sets (what their ratings are based on).
    let list = techniques.unwrap_or(DEFAULT_EXTRA);
    let set = TechniqueSet::parse_with_base(list, order.default_techniques())
        .map_err(|e| anyhow::anyhow!("--techniques: {e}"))?;
    builder = builder.techniques(set);
    Ok(builder.backtracking(backtracking).build())
}

/// The board a puzzle starts from: its own pencil marks when it has them.
pub fn board_of(puzzle: &Puzzle) -> Board {
    match &puzzle.marks {
        Some(marks) => Board::with_candidates(&puzzle.grid, marks),
        None => Board::new(&puzzle.grid),
    }
}

/// `[[row, col, digit], …]`, 1-based.
pub fn triples(shape: Shape, cands: &[sudoku::Candidate]) -> Value {
    json!(cands.iter().map(|c| c.triple(shape)).collect::<Vec<_>>())
}

/// One step as JSON.
pub fn step_json(shape: Shape, step: &Step) -> Value {
    json!({
        "technique": step.technique.name(),
        "code": step.technique.code(),
        "placements": triples(shape, &step.placements),
        "eliminations": triples(shape, &step.eliminations),
        "text": step.text(shape),
    })
}

/// Runs `sudoku explain`.
pub fn run(args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    let solver = solver(
        args.techniques.as_deref(),
        args.order,
        !args.no_backtracking,
    )?;
    let mut out = io::stdout();
    let mut status = Status::Ok;
    let mut first = true;
    let deadline = args.max_time.map(|t| std::time::Instant::now() + t);
    let late = || deadline.is_some_and(|d| std::time::Instant::now() >= d);
    let mut skipped = 0usize;
    // A file of hard puzzles takes a while: a spinner on a terminal after two seconds.
    let spinner = std::io::IsTerminal::is_terminal(&std::io::stderr())
        .then(|| io::delayed_spinner("explaining"));
    for record in args.input.records() {
        if late() {
            skipped += usize::from(record.is_ok());
            continue;
        }
        let puzzle = match record {
            Ok(p) => p,
            Err(e) => {
                status = status.worst(io::report(&e));
                if args.json {
                    io::put(&mut out, &format!("{}\n", error_json(&e)))?;
                }
                continue;
            }
        };
        let shape = puzzle.shape();
        let line = format::write(&puzzle, Format::Line).unwrap_or_default();
        // Invalid, none or multiple are said first: no path means anything on those.
        if let Err(p) = super::verdict::unique(&puzzle.grid.givens(), None) {
            status = status.worst(Status::Negative);
            let text = if args.json {
                json!({"line": puzzle.line, "puzzle": line, "size": shape.side(),
                    "box": [shape.box_rows(), shape.box_cols()], "status": p.status,
                    "message": p.message})
                .to_string()
            } else {
                format!(
                    "{}# {line}\nnot explained: {}",
                    if first { "" } else { "\n" },
                    p.message
                )
            };
            first = false;
            io::put(&mut out, &format!("{text}\n"))?;
            continue;
        }
        let path = solver.solve_board_until(board_of(&puzzle), deadline);
        if !path.solved {
            status = status.worst(Status::Negative);
        }
        let text = if args.json {
            json!({
                "line": puzzle.line,
                "puzzle": line,
                "size": shape.side(),
                "box": [shape.box_rows(), shape.box_cols()],
                "status": "unique",
                "steps": path.steps.iter().map(|s| step_json(shape, s)).collect::<Vec<_>>(),
                "solved": path.solved,
                "used_backtracking": path.used_backtracking,
                "score": path.hodoku_score(),
            })
            .to_string()
        } else {
            let mut t = String::new();
            if !first {
                t.push('\n');
            }
            t += &format!("# {line}\n");
            let width = path.steps.len().to_string().len();
            for (i, step) in path.steps.iter().enumerate() {
                t += &format!("{:>width$}. {}\n", i + 1, step.text(shape));
                if args.verbose {
                    t += &format!("{:>width$}  {}\n", "", step.explain(shape));
                }
            }
            t += &path.summary(shape, !args.no_backtracking);
            t
        };
        first = false;
        io::put(&mut out, &format!("{text}\n"))?;
    }
    drop(spinner);
    std::io::Write::flush(&mut out)?;
    if skipped > 0 {
        status = status.worst(Status::Negative);
        eprintln!(
            "sudoku: time limit reached (--max-time {}): {skipped} puzzle{} not explained",
            args.max_time.unwrap_or_default().as_secs_f64(),
            if skipped == 1 { "" } else { "s" }
        );
    }
    Ok(status.code())
}

fn error_json(e: &ParseError) -> String {
    json!({ "line": e.line, "error": io::describe_error(e) }).to_string()
}
