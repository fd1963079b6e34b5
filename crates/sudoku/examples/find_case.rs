//! Makes technique cases for `testdata/techniques/*.cases` (format in that folder's
//! README): walks the path of a prelude technique set over a puzzle file and prints, as case
//! lines, the first positions where a technique fires: the position in full (givens, `+`
//! placed digits, deleted candidates), the facts of the step the technique takes there and
//! its text. The prelude only finds the position; the case does not depend on it.
//!
//! `cargo run --release -p sudoku-core --example find_case -- CODE PRELUDE FILE [COUNT]`,
//! e.g. `find_case bug4 hodoku ../shared/data/rated/sudoku_exchange_diabolical.txt 2`.
//! PRELUDE is a technique list as `sudoku explain --techniques` takes it (`hodoku`,
//! `explainer`, `singles`, ...); the path stops where CODE first finds a step. With a `!`
//! after the list (`hodoku,-forcing!`), CODE is only tried where the prelude stalls.
//! FILE holds one puzzle a line, in any one-line form (`.` for empty cells), first field.
//! Each line found is printed after a comment naming the puzzle's line in FILE.

use sudoku::format::line::write_line_placed;
use sudoku::format::Alphabet;
use sudoku::logic::{apply, LogicSolver, Order, Technique, TechniqueSet};
use sudoku::{Board, Candidate, Candidates, Cell, Shape};

/// Candidates in the cases' notation: placements (`r5c5=2`), then the cells that lose the
/// same digits together (`r1c3,r4c3<>38`), or `-` for none.
fn facts(s: Shape, placed: &[Candidate], removed: &[Candidate]) -> String {
    let symbol = |c: &Candidate| Alphabet::Standard.symbol(c.digit.get()).unwrap_or('?');
    let mut parts: Vec<String> = placed
        .iter()
        .map(|p| format!("{}={}", p.cell.name(s), symbol(p)))
        .collect();
    let mut sorted = removed.to_vec();
    sorted.sort();
    // Each cell's digits, then the cells with the same digits, in the order first met.
    let mut per_cell: Vec<(Cell, String)> = Vec::new();
    for c in &sorted {
        match per_cell.last_mut() {
            Some((cell, ds)) if *cell == c.cell => ds.push(symbol(c)),
            _ => per_cell.push((c.cell, symbol(c).to_string())),
        }
    }
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for (cell, ds) in per_cell {
        let name = cell.name(s).to_string();
        match groups.iter_mut().find(|(d, _)| *d == ds) {
            Some((_, cells)) => cells.push(name),
            None => groups.push((ds, vec![name])),
        }
    }
    parts.extend(
        groups
            .into_iter()
            .map(|(ds, cells)| format!("{}<>{ds}", cells.join(","))),
    );
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(" ")
    }
}

/// The case line of `code` at `board`, where `step` is what the technique takes first.
fn case_line(code: &str, board: &Board, step: &sudoku::logic::Step) -> String {
    let s = board.shape();
    let rules = Candidates::from_grid(board.grid());
    let deleted: Vec<Candidate> = Cell::all(s)
        .flat_map(|c| {
            (rules.get(c) - board.candidates(c))
                .iter()
                .map(move |d| Candidate::new(c, d))
        })
        .collect();
    let grid = write_line_placed(board.grid()).expect("a grid of at most 35x35");
    format!(
        "{code} | {grid} | {} | {} | {}",
        facts(s, &[], &deleted),
        facts(s, &step.placements, &step.eliminations),
        step.text(s)
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [code, prelude, file, rest @ ..] = args.as_slice() else {
        eprintln!("usage: find_case CODE PRELUDE FILE [COUNT]");
        std::process::exit(2);
    };
    let count: usize = rest.first().and_then(|s| s.parse().ok()).unwrap_or(1);
    let Some(t) = Technique::from_name(code) else {
        eprintln!("find_case: no technique {code:?}");
        std::process::exit(2);
    };
    let (prelude, to_stall) = match prelude.strip_suffix('!') {
        Some(list) => (list, true),
        None => (prelude.as_str(), false),
    };
    let order = if prelude == "explainer" || prelude == "singles" {
        Order::Explainer
    } else {
        Order::Hodoku
    };
    let techniques = match TechniqueSet::parse(prelude) {
        Ok(set) => set,
        Err(e) => {
            eprintln!("find_case: {e}");
            std::process::exit(2);
        }
    };
    let prelude_solver = LogicSolver::builder()
        .techniques(techniques)
        .order(order)
        .backtracking(false)
        .build();
    let finder = LogicSolver::builder()
        .techniques(t.into())
        .backtracking(false)
        .build();
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("find_case: {file}: {e}");
            std::process::exit(2);
        }
    };
    let mut found = 0;
    for (n, line) in text.lines().enumerate() {
        // The first field that reads as a grid (of any shape the line reader knows).
        let Some(grid) = line
            .split([' ', ':', '|', '\t'])
            .filter(|f| f.len() >= 16)
            .find_map(|f| sudoku::Grid::from_line(f).ok())
        else {
            continue;
        };
        let mut board = Board::new(&grid);
        loop {
            let next = prelude_solver.next_step(&board);
            if !to_stall || next.is_none() {
                if let Some(step) = finder.next_step(&board) {
                    println!("# {file}:{}", n + 1);
                    println!("{}", case_line(code, &board, &step));
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
