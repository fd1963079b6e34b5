//! Benchmark of the logic solver with chains and forcing: solve rate without backtracking
//! and time per puzzle. `cargo run --release -p sudoku-core --example chains_bench --
//! FILE [COUNT] [hodoku|explainer] [SKIP] [EDITS]`; EDITS changes the technique set as
//! `--techniques` does (`-gcnl,-gdnl,-gaic` leaves the grouped chains out).

use std::time::Instant;
use sudoku::logic::{LogicSolver, Order, Technique};
use sudoku::Grid;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = &args[1];
    let count: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let order = args
        .get(3)
        .and_then(|s| Order::from_name(s))
        .unwrap_or(Order::Hodoku);
    let skip: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    let text = std::fs::read_to_string(file).unwrap();
    let grids: Vec<Grid> = text
        .lines()
        .filter_map(|l| l.split_whitespace().find(|f| f.len() == 81))
        .skip(skip)
        .take(count)
        .filter_map(|f| Grid::from_line(f).ok())
        .collect();
    let mut set = order.default_techniques();
    if order == Order::Hodoku {
        // HoDoKu's defaults plus the forcing chains it lacks, for the hardest puzzles.
        set.insert(Technique::DynamicForcingChainPlus);
        set.insert(Technique::NestedForcingChain);
    }
    if let Some(edits) = args.get(5) {
        set = sudoku::logic::TechniqueSet::parse_with_base(edits, set).expect("a technique list");
    }
    let solver = LogicSolver::builder().order(order).techniques(set).build();
    let start = Instant::now();
    let (mut solved, mut worst) = (0, 0.0f64);
    let mut uses = std::collections::BTreeMap::new();
    for (i, g) in grids.iter().enumerate() {
        let t = Instant::now();
        let path = solver.solve(g);
        let dt = t.elapsed().as_secs_f64();
        worst = worst.max(dt);
        if path.solved && !path.used_backtracking {
            solved += 1;
        } else {
            eprintln!(
                "not solved without backtracking: #{} {}",
                i + skip,
                g_line(g)
            );
        }
        for s in &path.steps {
            *uses.entry(s.technique.name()).or_insert(0usize) += 1;
        }
    }
    let total = start.elapsed().as_secs_f64();
    let n = grids.len().max(1);
    println!(
        "{file} ({}): {solved}/{} solved without backtracking ({:.2}%), mean {:.2} ms, worst {:.0} ms, total {:.1} s",
        order.name(),
        grids.len(),
        100.0 * solved as f64 / n as f64,
        1000.0 * total / n as f64,
        1000.0 * worst,
        total
    );
    for (k, v) in uses {
        println!("  {k}: {v}");
    }
}

fn g_line(g: &Grid) -> String {
    g.values()
        .iter()
        .map(|&v| {
            if v == 0 {
                '.'
            } else {
                char::from(b'0' + v as u8)
            }
        })
        .collect()
}
