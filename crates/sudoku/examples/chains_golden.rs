//! Prints golden lines for `testdata/techniques/chains.txt`: for each chain or forcing
//! technique, the first puzzle of the input (after the basic techniques stall) where it
//! fires, with its outcome, and the first where it does not. Development tool.
//! `cargo run --release -p sudoku-core --example chains_golden -- FILE...`

use sudoku::logic::{Family, LogicSolver, Technique, TechniqueSet};
use sudoku::{Board, Grid};

fn main() {
    let mut lines = Vec::new();
    for f in std::env::args().skip(1) {
        for l in std::fs::read_to_string(&f).unwrap().lines() {
            if let Some(p) = l.split_whitespace().find(|x| x.len() == 81) {
                if !l.starts_with('#') {
                    lines.push(p.to_string());
                }
            }
        }
    }
    let basic = TechniqueSet::family(Family::Singles)
        .union(TechniqueSet::family(Family::Intersections))
        .union(TechniqueSet::family(Family::Subsets));
    let basic_solver = LogicSolver::builder()
        .techniques(basic)
        .backtracking(false)
        .build();
    let list = [
        Technique::XChain,
        Technique::XyChain,
        Technique::ContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop,
        Technique::Aic,
        Technique::GroupedContinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
        Technique::GroupedAic,
        Technique::ForcingChainContradiction,
        Technique::ForcingChainVerity,
        Technique::ForcingNetContradiction,
        Technique::ForcingNetVerity,
        Technique::Nishio,
        Technique::MultipleForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
    ];
    let stalled: Vec<(String, Board)> = lines
        .iter()
        .map(|p| {
            let g = Grid::from_line(p).unwrap();
            (p.clone(), basic_solver.solve(&g).board)
        })
        .filter(|(_, b)| !b.is_solved())
        .collect();
    for t in list {
        let solver = LogicSolver::builder()
            .techniques(TechniqueSet::from(t))
            .backtracking(false)
            .build();
        let mut yes = false;
        let mut no = false;
        for (p, b) in &stalled {
            match solver.next_step(b) {
                Some(step) if !yes => {
                    yes = true;
                    println!("{} | {p} | {}", t.code(), step.outcome_text(b.shape()));
                    eprintln!("  {}", step.text(b.shape()));
                    eprintln!("  {}", step.explain(b.shape()));
                }
                None if !no => {
                    no = true;
                    println!("{} | {p} | none", t.code());
                }
                _ => {}
            }
            if yes && no {
                break;
            }
        }
    }
}
