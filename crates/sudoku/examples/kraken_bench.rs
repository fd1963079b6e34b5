//! Cost and yield of the kraken fish finder: walks the path of HoDoKu's defaults plus
//! dynamic forcing chains (+) (brute force where they stall) of each puzzle and, at every position, times the kraken finder's first step and all its
//! steps, and checks every step against the solution.
//! `cargo run --release -p sudoku-core --example kraken_bench -- FILE [COUNT]`.

use std::time::Instant;
use sudoku::logic::{apply, LogicSolver, Technique, TechniqueSet};
use sudoku::solve::{self, Outcome};
use sudoku::{Board, Grid};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = &args[1];
    let count: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let text = std::fs::read_to_string(file).unwrap();
    let grids: Vec<Grid> = text
        .lines()
        .filter_map(|l| l.split_whitespace().find(|f| f.len() == 81))
        .take(count)
        .filter_map(|f| Grid::from_line(f).ok())
        .collect();
    let mut set = TechniqueSet::hodoku_defaults();
    set.insert(Technique::DynamicForcingChainPlus);
    let path = LogicSolver::builder().techniques(set).build();
    let kraken = LogicSolver::builder()
        .techniques(Technique::KrakenFish.into())
        .backtracking(false)
        .build();
    let (mut positions, mut fired, mut steps) = (0usize, 0usize, 0usize);
    let (mut first_time, mut all_time, mut worst) = (0.0f64, 0.0f64, 0.0f64);
    let (mut type1, mut type2) = (0usize, 0usize);
    for g in &grids {
        let Outcome::Unique(solution) = solve::solve(g) else {
            panic!("not unique")
        };
        let mut board = Board::new(g);
        while !board.is_solved() {
            let t = Instant::now();
            let first = kraken.next_step(&board);
            let dt = t.elapsed().as_secs_f64();
            first_time += dt;
            worst = worst.max(dt);
            let t = Instant::now();
            let all = kraken.all_steps(&board);
            all_time += t.elapsed().as_secs_f64();
            positions += 1;
            if first.is_some() {
                fired += 1;
            }
            steps += all.len();
            for s in &all {
                for e in &s.eliminations {
                    assert!(board.has(e.cell, e.digit));
                    assert_ne!(
                        solution.get(e.cell),
                        Some(e.digit),
                        "unsound: {}",
                        s.text(g.shape())
                    );
                }
                if s.text(g.shape()).starts_with("Kraken Fish Type 1") {
                    type1 += 1;
                } else {
                    type2 += 1;
                }
            }
            let Some(step) = path.next_step(&board) else {
                break;
            };
            apply(&mut board, &step);
        }
    }
    let p = positions.max(1) as f64;
    println!(
        "{file}: {} puzzles, {positions} positions; kraken fires at {fired} ({:.1}%), \
         {steps} steps in all (type 1 {type1}, type 2 {type2}); first step {:.2} ms mean \
         ({:.1} ms worst), all steps {:.2} ms mean",
        grids.len(),
        100.0 * fired as f64 / p,
        1000.0 * first_time / p,
        1000.0 * worst,
        1000.0 * all_time / p
    );
}
