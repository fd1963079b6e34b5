//! Coverage and speed of the part-1 families (singles, intersections, subsets, fish,
//! single-digit patterns, wings, uniqueness, coloring; no chains, no forcing, no
//! backtracking) over the sudoku exchange "diabolical" puzzles rated ER ≤ 6.0 among lines
//! 1–20,000: first the sample of every 10th of them, then all of them.
//!
//! `cargo run --release -p sudoku-core --example part1_bench -- [FILE] [hodoku|explainer]
//! [--failures]`
//!
//! FILE defaults to `../shared/data/rated/sudoku_exchange_diabolical.txt`. Prints, for each
//! set, the puzzles solved, the CPU-bound mean time per puzzle (one thread), and how many
//! puzzles used each technique; `--failures` lists the unsolved puzzles of the sample,
//! `--sample` skips the full set, and `--set=+x-chain,-w-wing` edits the technique set.

use std::collections::BTreeMap;
use std::time::Instant;
use sudoku::logic::apply;
use sudoku::logic::{Family, LogicSolver, Order, Technique, TechniqueSet};
use sudoku::{Board, Grid};

/// The part-1 technique set: every technique of the part-1 families that is on by default
/// in HoDoKu, plus the ones HoDoKu lacks (WXYZ-Wing, 3D Medusa, SE's unique loops and BUG
/// types, the four-box rectangle).
fn part1() -> TechniqueSet {
    use Technique::*;
    let families = [
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::Fish,
        Family::SingleDigitPatterns,
        Family::Wings,
        Family::Uniqueness,
        Family::Coloring,
    ];
    let mut set = TechniqueSet::EMPTY;
    for f in families {
        for t in TechniqueSet::family(f).iter() {
            let on = t.hodoku().is_some_and(|h| h.enabled)
                || [
                    WxyzWing,
                    UniqueLoop1,
                    UniqueLoop2,
                    UniqueLoop3,
                    UniqueLoop4,
                    BugType2,
                    BugType3,
                    BugType4,
                    Medusa3D,
                    FourBoxRectangle,
                    ThreeStrongLinks,
                ]
                .contains(&t);
            if on && t.is_implemented() {
                set.insert(t);
            }
        }
    }
    set.insert(RemotePair);
    set
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let failures = args.iter().any(|a| a == "--failures");
    let sample_only = args.iter().any(|a| a == "--sample");
    // `--set=+x-chain,-wxyz` edits the part-1 set (to measure what a technique adds).
    let set = match args.iter().find_map(|a| a.strip_prefix("--set=")) {
        Some(list) => TechniqueSet::parse_with_base(list, part1()).expect("technique list"),
        None => part1(),
    };
    let rest: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let default = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/rated/sudoku_exchange_diabolical.txt"
    );
    let file = rest.first().map_or(default, |s| s.as_str());
    let order = rest
        .get(1)
        .and_then(|s| Order::from_name(s))
        .unwrap_or(Order::Hodoku);
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let all: Vec<(Grid, &str)> = text
        .lines()
        .take(20_000)
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let rating: f32 = f.get(2)?.parse().ok()?;
            (rating <= 6.0).then(|| Some((Grid::from_line(f.get(1)?).ok()?, l)))?
        })
        .collect();
    let sample: Vec<(Grid, &str)> = all.iter().step_by(10).cloned().collect();
    let solver = LogicSolver::builder()
        .order(order)
        .techniques(set)
        .backtracking(false)
        .build();
    println!("part-1 set ({}): {:?}", order.name(), set);
    run(
        "sample (every 10th, ER <= 6.0, lines 1-20000)",
        &solver,
        &sample,
        failures,
    );
    if args.iter().any(|a| a == "--profile") {
        profile(&solver, &sample);
    }
    if !sample_only {
        run("all ER <= 6.0 of lines 1-20000", &solver, &all, false);
    }
}

fn run(label: &str, solver: &LogicSolver, grids: &[(Grid, &str)], failures: bool) {
    let mut used: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    let mut solved = 0;
    let start = Instant::now();
    let cpu0 = cpu_ns();
    for (g, line) in grids {
        let path = solver.solve(g);
        if path.solved && !path.used_backtracking {
            solved += 1;
        } else if failures {
            println!("unsolved: {line}");
        }
        let mut seen: Vec<&'static str> = Vec::new();
        for s in &path.steps {
            let e = used.entry(s.technique.name()).or_default();
            e.1 += 1;
            if !seen.contains(&s.technique.name()) {
                seen.push(s.technique.name());
                e.0 += 1;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = match (cpu0, cpu_ns()) {
        (Some(a), Some(b)) => format!("{:.3}", (b - a) as f64 / 1e6 / grids.len().max(1) as f64),
        _ => "?".to_string(),
    };
    let n = grids.len().max(1) as f64;
    println!(
        "{label}: {solved}/{} solved ({:.1}%), {cpu} ms/puzzle CPU, {:.3} ms/puzzle wall",
        grids.len(),
        100.0 * solved as f64 / n,
        1000.0 * secs / n
    );
    for (k, (puzzles, steps)) in used {
        println!("  {k}: {puzzles} puzzles, {steps} steps");
    }
}

/// This thread's CPU time in nanoseconds (Linux: `/proc/thread-self/schedstat`), so the
/// figure does not depend on what else the machine runs.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// CPU time per technique along the paths (each technique timed alone at every position
/// where the driver tries it, context tables included).
fn profile(solver: &LogicSolver, grids: &[(Grid, &str)]) {
    let singles: Vec<(Technique, LogicSolver)> = solver
        .sequence()
        .iter()
        .map(|&t| {
            let one = LogicSolver::builder()
                .techniques(TechniqueSet::from(t))
                .backtracking(false)
                .build();
            (t, one)
        })
        .collect();
    let mut time: BTreeMap<&'static str, (u64, usize)> = BTreeMap::new();
    for (g, _) in grids {
        let mut board = Board::new(g);
        while !board.is_solved() {
            let mut found = None;
            for (t, one) in &singles {
                let a = cpu_ns().unwrap_or(0);
                let step = one.next_step(&board);
                let b = cpu_ns().unwrap_or(0);
                let e = time.entry(t.name()).or_default();
                e.0 += b - a;
                e.1 += 1;
                if step.is_some() {
                    found = step;
                    break;
                }
            }
            match found {
                Some(step) => {
                    apply(&mut board, &step);
                }
                None => break,
            }
        }
    }
    let mut rows: Vec<_> = time.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1 .0));
    for (name, (ns, calls)) in rows {
        println!(
            "  {name}: {:.3} ms/puzzle, {calls} calls, {:.1} us/call",
            ns as f64 / 1e6 / grids.len().max(1) as f64,
            ns as f64 / 1e3 / calls.max(1) as f64
        );
    }
}
