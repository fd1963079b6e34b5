//! Finds regression cases for `testdata/techniques/*.txt`: walks the path of a prelude
//! technique set over a puzzle file and prints, in the cases' format, the first positions
//! where a technique fires.
//!
//! `cargo run --release -p sudoku-core --example find_case -- CODE PRELUDE FILE [COUNT]`,
//! e.g. `find_case bug4 hodoku ../shared/data/rated/sudoku_exchange_diabolical.txt 2`.
//! PRELUDE is a technique list as `sudoku explain --techniques` takes it (`hodoku`,
//! `explainer`, `singles`, ...); the path stops where CODE first finds a step. With a `!`
//! after the list (`hodoku,-forcing!`), CODE is only tried where the prelude stalls.

use sudoku::logic::{apply, LogicSolver, Order, Technique, TechniqueSet};
use sudoku::{Board, Grid};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [code, prelude, file, rest @ ..] = args.as_slice() else {
        eprintln!("usage: find_case CODE PRELUDE FILE [COUNT]");
        std::process::exit(2);
    };
    let count: usize = rest.first().and_then(|s| s.parse().ok()).unwrap_or(1);
    let t = Technique::from_name(code).expect("a technique code or name");
    let (prelude, to_stall) = match prelude.strip_suffix('!') {
        Some(list) => (list, true),
        None => (prelude.as_str(), false),
    };
    let order = if prelude == "explainer" || prelude == "singles" {
        Order::Explainer
    } else {
        Order::Hodoku
    };
    let prelude_solver = LogicSolver::builder()
        .techniques(TechniqueSet::parse(prelude).expect("a technique list"))
        .order(order)
        .backtracking(false)
        .build();
    let finder = LogicSolver::builder()
        .techniques(t.into())
        .backtracking(false)
        .build();
    let text = std::fs::read_to_string(file).expect("a readable file");
    let mut found = 0;
    for line in text.lines() {
        let Some(field) = line.split_whitespace().find(|f| f.len() == 81) else {
            continue;
        };
        let Ok(grid) = Grid::from_line(field) else {
            continue;
        };
        let mut board = Board::new(&grid);
        loop {
            let next = prelude_solver.next_step(&board);
            if !to_stall || next.is_none() {
                if let Some(step) = finder.next_step(&board) {
                    let bang = if to_stall { "!" } else { "" };
                    let text = step.text(grid.shape());
                    println!("{code} | {field} | {prelude}{bang} | {text}");
                    found += 1;
                    break;
                }
            }
            match next {
                Some(step) => {
                    apply(&mut board, &step);
                }
                None => break,
            }
        }
        if found >= count {
            break;
        }
    }
}
