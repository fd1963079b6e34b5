//! Level agreement with HoDoKu: solves each puzzle of a reference file (lines
//! `puzzle LEVEL score TECH:count,...`, as `scripts/hodoku_ref.py` writes them) with
//! `Order::Hodoku` and HoDoKu's default techniques, and counts how often our path's level
//! (the hardest technique's HoDoKu level, raised while the score exceeds the level's
//! maximum, as HoDoKu does) equals the reference's. Every step is checked against the
//! solution. Prints the agreement, the CPU time per puzzle, and the disagreements by pair.
//!
//! `cargo run --release -p sudoku-core --example als_bench -- REF [without-als] [LIMIT]`
//! (`without-als` leaves out the ALS family and Sue de Coq, for a before/after figure).

use std::collections::BTreeMap;
use std::time::Instant;
use sudoku::logic::{apply, Family, Level, LogicSolver, Technique, TechniqueSet};
use sudoku::solve::{self, Outcome};
use sudoku::{Board, Grid};

fn level_name(l: Level) -> &'static str {
    match l {
        Level::Easy => "EASY",
        Level::Medium => "MEDIUM",
        Level::Hard => "HARD",
        Level::Unfair => "UNFAIR",
        Level::Extreme => "EXTREME",
    }
}

fn next(l: Level) -> Level {
    match l {
        Level::Easy => Level::Medium,
        Level::Medium => Level::Hard,
        Level::Hard => Level::Unfair,
        _ => Level::Extreme,
    }
}

/// The process's user + system CPU time in seconds (Linux `/proc/self/stat`, clock ticks
/// of 1/100 s), or 0 elsewhere.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let without = args.iter().any(|a| a == "without-als");
    let limit: usize = args
        .iter()
        .skip(2)
        .find_map(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let mut set = TechniqueSet::hodoku_defaults();
    if without {
        set = set.difference(TechniqueSet::family(Family::Als));
        set.remove(Technique::SueDeCoq);
    }
    // `without=code,code`: leave out single techniques (for timing).
    for a in &args {
        if let Some(list) = a.strip_prefix("with=") {
            for code in list.split(',') {
                set.insert(Technique::from_name(code).expect("technique"));
            }
        }
        if let Some(list) = a.strip_prefix("without=") {
            for code in list.split(',') {
                set.remove(Technique::from_name(code).expect("technique"));
            }
        }
    }
    let solver = if args.iter().any(|a| a == "explainer") {
        LogicSolver::builder()
            .order(sudoku::logic::Order::Explainer)
            .build()
    } else {
        LogicSolver::builder().techniques(set).build()
    };
    if args.iter().any(|a| a == "pos") {
        // Lines `code values masks`: the first step of that technique alone in that position.
        for line in text.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let grid = Grid::from_line(f[1]).unwrap();
            let mut marks = sudoku::grid::Candidates::none(grid.shape());
            for (i, m) in f[2].split(',').enumerate() {
                let m: usize = m.parse().unwrap();
                let ds = (0..9)
                    .filter(|b| m >> b & 1 == 1)
                    .map(|b| sudoku::Digit::new(b + 1))
                    .collect();
                marks.set(sudoku::Cell::new(i), ds);
            }
            let board = Board::with_candidates(&grid, &marks);
            let t = Technique::from_name(f[0]).unwrap();
            let one = LogicSolver::builder()
                .techniques(TechniqueSet::from(t))
                .backtracking(false)
                .build();
            match one.next_step(&board) {
                Some(s) => println!("{}|{}", s.outcome_text(grid.shape()), s.text(grid.shape())),
                None => println!("none|none"),
            }
        }
        return;
    }
    if args.iter().any(|a| a == "dump") {
        // One line per step: `name|outcome`, a blank line after each puzzle.
        for line in text.lines().take(limit) {
            let Some(p) = line.split_whitespace().next() else {
                continue;
            };
            let grid = Grid::from_line(p).unwrap();
            for s in solver.solve(&grid).steps {
                println!(
                    "{}|{}|{}",
                    s.technique.name(),
                    s.outcome_text(grid.shape()),
                    s.text(grid.shape())
                );
            }
            println!();
        }
        return;
    }
    let cpu0 = cpu_seconds();
    let (mut total, mut agree) = (0, 0);
    let mut pairs: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut uses: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut cpu = std::time::Duration::ZERO;
    let mut worst = std::time::Duration::ZERO;
    for line in text.lines().take(limit) {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 2 {
            continue;
        }
        let grid = Grid::from_line(f[0]).unwrap();
        let Outcome::Unique(solution) = solve::solve(&grid) else {
            continue;
        };
        let t = Instant::now();
        let path = solver.solve(&grid);
        let dt = t.elapsed();
        cpu += dt;
        worst = worst.max(dt);
        // Check every step against the solution.
        let mut board = Board::new(&grid);
        for s in &path.steps {
            for p in &s.placements {
                assert_eq!(solution.get(p.cell), Some(p.digit), "{}", f[0]);
            }
            for e in &s.eliminations {
                assert_ne!(
                    solution.get(e.cell),
                    Some(e.digit),
                    "{} {}",
                    f[0],
                    s.text(grid.shape())
                );
            }
            apply(&mut board, s);
            *uses.entry(s.technique.name()).or_default() += 1;
        }
        let mut level = path
            .steps
            .iter()
            .filter_map(|s| s.technique.hodoku())
            .map(|h| h.level)
            .max()
            .unwrap_or(Level::Easy);
        let score = path.hodoku_score();
        while level != Level::Extreme && score > level.max_score() {
            level = next(level);
        }
        let ours = if path.solved {
            level_name(level).to_string()
        } else {
            "UNSOLVED".to_string()
        };
        total += 1;
        if ours == f[1] {
            agree += 1;
        } else {
            if std::env::var_os("VERBOSE").is_some() {
                let mut ts: BTreeMap<&str, usize> = BTreeMap::new();
                for s in &path.steps {
                    *ts.entry(s.technique.code()).or_default() += 1;
                }
                println!(
                    "{} hodoku {} {} | ours {ours} {score} {:?}",
                    f[0],
                    f[1],
                    f.get(3).unwrap_or(&""),
                    ts
                );
            }
            *pairs.entry((f[1].to_string(), ours)).or_default() += 1;
        }
    }
    let cpu_total = cpu_seconds() - cpu0;
    println!(
        "{} puzzles, level agrees on {} ({:.1}%), {:.1} ms CPU per puzzle ({:.1} ms wall, worst {:.1} ms wall){}",
        total,
        agree,
        100.0 * agree as f64 / total.max(1) as f64,
        cpu_total * 1000.0 / total.max(1) as f64,
        cpu.as_secs_f64() * 1000.0 / total.max(1) as f64,
        worst.as_secs_f64() * 1000.0,
        if without { ", without ALS/SdC" } else { "" }
    );
    for ((theirs, ours), n) in &pairs {
        println!("  hodoku {theirs} / ours {ours}: {n}");
    }
    let als: Vec<String> = uses
        .iter()
        .filter(|(k, _)| {
            k.contains("Almost")
                || k.contains("Sue")
                || k.contains("Death")
                || k.contains("Forcing")
        })
        .map(|(k, v)| format!("{k}: {v}"))
        .collect();
    println!("  uses: {}", als.join(", "));
}
