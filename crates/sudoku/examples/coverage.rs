//! Coverage and speed of the human-style solver:
//!
//! ```text
//! cargo run --release -p sudoku-core --example coverage [-- path/to/sudoku_exchange_diabolical.txt]
//! ```
//!
//! Reports, for each set, how many puzzles the default technique sets (HoDoKu's and
//! Explainer's, brute force off) solve without backtracking, the milliseconds per puzzle,
//! and which techniques the paths used. The main figure is the share of sudoku exchange
//! "diabolical" puzzles rated ER ≤ 6.0 that are solved: it uses lines 1–20,000 of the file
//! named (`shared/data/rated/sudoku_exchange_diabolical.txt`; the rest is kept for
//! evaluation), and the 300-puzzle sample in `testdata/logic` without one.

use std::collections::BTreeMap;
use std::time::Instant;
use sudoku::logic::{LogicSolver, Order, TechniqueSet};
use sudoku::Grid;

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `(grid, rating)` pairs of a rated file (`<id> <81 digits> <rating>`), at most `limit`
/// lines read.
fn rated(text: &str, limit: usize) -> Vec<(Grid, f32)> {
    text.lines()
        .take(limit)
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let grid = Grid::from_line(f.get(1)?).ok()?;
            Some((grid, f.get(2)?.parse().ok()?))
        })
        .collect()
}

fn run(label: &str, solver: &LogicSolver, grids: &[Grid]) {
    let start = Instant::now();
    let mut solved = 0;
    let mut used: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut steps = 0;
    for g in grids {
        let path = solver.solve(g);
        steps += path.steps.len();
        if path.solved && !path.used_backtracking {
            solved += 1;
        }
        let mut seen: Vec<&str> = path.steps.iter().map(|s| s.technique.code()).collect();
        seen.sort();
        seen.dedup();
        for t in seen {
            *used.entry(t).or_default() += 1;
        }
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0 / grids.len().max(1) as f64;
    println!(
        "{label}: {solved}/{} solved without backtracking ({:.1}%), {ms:.3} ms/puzzle, {:.1} steps/puzzle",
        grids.len(),
        100.0 * solved as f64 / grids.len().max(1) as f64,
        steps as f64 / grids.len().max(1) as f64
    );
    let list: Vec<String> = used.iter().map(|(k, v)| format!("{k}:{v}")).collect();
    println!("  puzzles using each technique: {}", list.join(" "));
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let hodoku = LogicSolver::builder().backtracking(false).build();
    let explainer = LogicSolver::builder()
        .order(Order::Explainer)
        .backtracking(false)
        .build();
    let (text, source) = match std::env::args().nth(1) {
        Some(path) => (std::fs::read_to_string(path)?, "lines 1-20000"),
        None => (
            std::fs::read_to_string(root().join("testdata/logic/diabolical_300.txt"))?,
            "testdata sample",
        ),
    };
    let all = rated(&text, 20_000);
    let easy: Vec<Grid> = all
        .iter()
        .filter(|(_, r)| *r <= 6.0)
        .map(|(g, _)| g.clone())
        .collect();
    let hard: Vec<Grid> = all
        .iter()
        .filter(|(_, r)| *r > 6.0)
        .take(2000)
        .map(|(g, _)| g.clone())
        .collect();
    println!(
        "diabolical ({source}): {} rated <= 6.0, first {} rated > 6.0",
        easy.len(),
        hard.len()
    );
    run("diabolical ER<=6.0, hodoku defaults", &hodoku, &easy);
    run("diabolical ER<=6.0, explainer defaults", &explainer, &easy);
    run("diabolical ER>6.0, hodoku defaults", &hodoku, &hard);
    // Corpus lines: the puzzle is the first `:` field.
    let top = std::fs::read_to_string(root().join("testdata/corpus/top1465-200.txt"))?
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Grid::from_line(l.split(':').next().unwrap_or_default()))
        .collect::<Result<Vec<Grid>, _>>()?;
    run("top1465 first 200, hodoku defaults", &hodoku, &top);
    let every = LogicSolver::builder()
        .techniques(TechniqueSet::all())
        .backtracking(false)
        .build();
    run(
        "top1465 first 200, every implemented technique",
        &every,
        &top,
    );
    let with_brute = LogicSolver::builder().build();
    run(
        "top1465 first 200, hodoku defaults + brute force",
        &with_brute,
        &top,
    );
    Ok(())
}
