//! How often Template Set / Delete fire where a technique set stalls, and what the
//! template computation costs there.
//!
//! `cargo run --release -p sudoku-core --example templates_bench -- FILE [PRELUDE] [LIMIT]`
//! PRELUDE (default: HoDoKu's set without forcing chains/nets and brute force) is walked
//! until it stalls; at each stall the templates are tried, and when they fire their steps
//! are applied (checked against the solution) and the prelude resumes. Prints per puzzle
//! and a summary: puzzles where templates fired, steps, and the time of one template
//! computation (both techniques share it) at the stall positions (the mean of 20 runs each).

use std::time::{Duration, Instant};
use sudoku::logic::{apply, Family, LogicSolver, Technique, TechniqueSet};
use sudoku::solve::{self, Outcome};
use sudoku::{format, Board, Grid};

/// Template computations timed per stall position.
const REPEAT: u32 = 20;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: templates_bench FILE [PRELUDE] [LIMIT]");
        std::process::exit(2);
    };
    let prelude_set = match args.get(1).map(String::as_str) {
        Some(list) if list != "-" => TechniqueSet::parse(list).expect("a technique list"),
        _ => TechniqueSet::hodoku_defaults().difference(TechniqueSet::family(Family::Forcing)),
    };
    let limit: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let prelude = LogicSolver::builder()
        .techniques(prelude_set)
        .backtracking(false)
        .build();
    let templates = LogicSolver::builder()
        .techniques(
            [Technique::TemplateSet, Technique::TemplateDelete]
                .into_iter()
                .collect(),
        )
        .backtracking(false)
        .build();
    let text = std::fs::read_to_string(file).expect("a readable file");
    let (mut puzzles, mut stalled, mut fired, mut ts_steps, mut td_steps) = (0, 0, 0, 0, 0);
    let mut solved_with = 0;
    let mut times: Vec<Duration> = Vec::new();
    // One puzzle a line, or one puzzle in any format the library reads (large grids).
    let grids: Vec<Grid> = if text
        .lines()
        .all(|l| l.split_whitespace().next().is_some_and(|f| f.len() >= 16))
    {
        text.lines()
            .filter_map(|l| l.split_whitespace().find(|f| f.len() >= 16))
            .filter_map(|f| Grid::from_line(f).ok())
            .collect()
    } else {
        vec![format::parse_str(&text, None).expect("a puzzle").grid]
    };
    for grid in grids {
        if puzzles >= limit {
            break;
        }
        puzzles += 1;
        // Steps are checked against the solution, when it is unique (not searched for
        // above 32x32, where an open grid can take the solver a long time).
        let solution = match grid.shape().side() <= 32 {
            true => match solve::solve(&grid) {
                Outcome::Unique(s) => Some(s),
                _ => None,
            },
            false => None,
        };
        let mut board = Board::new(&grid);
        let (mut did_stall, mut did_fire) = (false, false);
        let (mut ts, mut td) = (0, 0);
        loop {
            if let Some(step) = prelude.next_step(&board) {
                apply(&mut board, &step);
                continue;
            }
            if board.is_solved() {
                break;
            }
            did_stall = true;
            // Repeated, so that the figure is stable on a busy machine.
            let t0 = Instant::now();
            for _ in 0..REPEAT - 1 {
                std::hint::black_box(templates.all_steps(&board));
            }
            let steps = templates.all_steps(&board);
            times.push(t0.elapsed() / REPEAT);
            let Some(step) = steps.first() else {
                break;
            };
            for s in &steps {
                if let Some(sol) = &solution {
                    for p in &s.placements {
                        assert_eq!(sol.get(p.cell), Some(p.digit), "{}", s.text(grid.shape()));
                    }
                    for e in &s.eliminations {
                        assert_ne!(sol.get(e.cell), Some(e.digit), "{}", s.text(grid.shape()));
                    }
                }
            }
            did_fire = true;
            match step.technique {
                Technique::TemplateSet => ts += 1,
                _ => td += 1,
            }
            apply(&mut board, step);
        }
        stalled += usize::from(did_stall);
        fired += usize::from(did_fire);
        ts_steps += ts;
        td_steps += td;
        solved_with += usize::from(did_fire && board.is_solved());
        println!(
            "#{puzzles}: {} ts {ts} td {td}{}",
            if did_stall { "stalled" } else { "solved" },
            if did_fire && board.is_solved() {
                ", solved with templates"
            } else {
                ""
            }
        );
    }
    times.sort();
    let total: Duration = times.iter().sum();
    println!(
        "{puzzles} puzzles, {stalled} stalled; templates fired in {fired} ({ts_steps} set, \
         {td_steps} delete steps); {solved_with} then solved"
    );
    if !times.is_empty() {
        println!(
            "template computation at {} stall positions: mean {:?}, median {:?}, max {:?}",
            times.len(),
            total / times.len() as u32,
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}
