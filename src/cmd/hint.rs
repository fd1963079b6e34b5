//! `sudoku hint`: the next step for a puzzle or a pencil-mark grid, from a nudge to the
//! step in full. A player's own pencil marks are used as they are (never completed); when
//! the puzzle's solution can be found, marks that exclude it and wrong digits are pointed
//! out first, since no logic is sound on top of them.

use super::explain::{board_of, parse_order, solver, step_json};
use super::Status;
use crate::io::{self, InputArgs};
use clap::Args;
use serde_json::json;
use std::process::ExitCode;
use sudoku::format::Puzzle;
use sudoku::logic::{HintLevel, Order};
use sudoku::{Board, Cell, Digit, Grid};

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
    /// Write one JSON object per puzzle: `hint`, `technique`, `code`, `text`, `explanation`,
    /// `placements`, `eliminations` ([row, col, digit], 1-based), `mistakes`, `solved`.
    #[arg(long)]
    pub json: bool,
    /// Techniques to use (as for `sudoku explain --techniques`).
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,
    /// The order techniques are tried in: hodoku or explainer.
    #[arg(long, value_name = "ORDER", default_value = "hodoku", value_parser = parse_order)]
    pub order: Order,
}

/// A player's mistake: a wrong digit, or a pencil mark missing the solution's digit.
struct Mistake {
    cell: Cell,
    digit: Digit,
    placed: bool,
}

/// The mistakes on `board` against the puzzle's (unique) solution.
fn mistakes(puzzle: &Puzzle, solution: &Grid, board: &Board) -> Vec<Mistake> {
    let mut out = Vec::new();
    for cell in Cell::all(puzzle.shape()) {
        let Some(truth) = solution.get(cell) else {
            continue;
        };
        match board.value(cell) {
            Some(d) if d != truth => out.push(Mistake {
                cell,
                digit: d,
                placed: true,
            }),
            Some(_) => {}
            None if !board.has(cell, truth) => out.push(Mistake {
                cell,
                digit: truth,
                placed: false,
            }),
            None => {}
        }
    }
    out
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
    let mut out = io::stdout();
    let mut status = Status::Ok;
    for record in args.input.records() {
        let puzzle = match record {
            Ok(p) => p,
            Err(e) => {
                status = status.worst(io::report(&e));
                continue;
            }
        };
        let shape = puzzle.shape();
        // A hint only makes sense on a puzzle with one solution: say first when it has not.
        let solution = match super::verdict::unique(&puzzle.grid.givens(), None) {
            Ok(s) => s,
            Err(p) => {
                status = status.worst(Status::Negative);
                let message = format!("No hint: {}.", p.message);
                let text = if args.json {
                    json!({"line": puzzle.line, "status": p.status, "hint": message}).to_string()
                } else {
                    message
                };
                io::put(&mut out, &format!("{text}\n"))?;
                continue;
            }
        };
        let board = board_of(&puzzle);
        let errors = mistakes(&puzzle, &solution, &board);
        let step = if errors.is_empty() && !board.is_solved() {
            solver.next_step(&board)
        } else {
            None
        };
        let message = if !errors.is_empty() {
            status = status.worst(Status::Negative);
            let m = &errors[0];
            let name = m.cell.name(shape);
            let first = match (level, m.placed) {
                (HintLevel::Full, true) => format!("{name} holds {}, which is wrong.", m.digit),
                (HintLevel::Full, false) => {
                    format!(
                        "The pencil marks of {name} lack {}, which belongs there.",
                        m.digit
                    )
                }
                (_, true) => "A placed digit is wrong.".to_string(),
                (_, false) => "A pencil mark was removed that should not have been.".to_string(),
            };
            if errors.len() > 1 {
                format!("{first} ({} mistakes in all.)", errors.len())
            } else {
                first
            }
        } else if board.is_solved() {
            "The puzzle is solved.".to_string()
        } else {
            match &step {
                Some(s) if level == HintLevel::Full => {
                    format!("{}\n{}", s.text(shape), s.explain(shape))
                }
                Some(s) => s.hint(shape, level),
                None => {
                    status = status.worst(Status::Negative);
                    "No step found: the pencil marks leave no solution.".to_string()
                }
            }
        };
        let text = if args.json {
            let mut v = json!({
                "line": puzzle.line,
                "status": "unique",
                "hint": message,
                "solved": board.is_solved(),
                "mistakes": errors.iter().map(|m| json!({
                    "cell": [m.cell.row(shape).number(), m.cell.col(shape).number()],
                    "digit": m.digit.get(),
                    "kind": if m.placed { "wrong digit" } else { "missing mark" },
                })).collect::<Vec<_>>(),
            });
            if let Some(s) = &step {
                let obj = v.as_object_mut().expect("an object");
                obj.insert("technique".into(), json!(s.technique.name()));
                obj.insert("code".into(), json!(s.technique.code()));
                if level == HintLevel::Full {
                    if let serde_json::Value::Object(full) = step_json(shape, s) {
                        obj.extend(full);
                    }
                    obj.insert("explanation".into(), json!(s.explain(shape)));
                }
            }
            v.to_string()
        } else {
            message
        };
        io::put(&mut out, &format!("{text}\n"))?;
    }
    std::io::Write::flush(&mut out)?;
    Ok(status.code())
}
