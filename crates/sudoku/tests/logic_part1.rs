//! The part-1 families (singles, intersections, subsets, fish, single-digit patterns,
//! wings, uniqueness, coloring; no chains, forcing or backtracking) on a sample of the
//! sudoku exchange "diabolical" puzzles rated ER ≤ 6.0 (100 puzzles from lines 1–20,000,
//! `testdata/logic/diabolical_le6_100.txt`): every step is checked against the solution,
//! and nearly all puzzles must be solved. The full figures come from the `part1_bench`
//! example.

use sudoku::logic::{apply, Family, LogicSolver, Order, Technique, TechniqueSet};
use sudoku::solve::{self, Outcome};
use sudoku::{Board, Grid};

/// The part-1 set, as in `examples/part1_bench.rs`.
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
    let ours = [
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
    ];
    let mut set: TechniqueSet = families
        .iter()
        .flat_map(|&f| TechniqueSet::family(f).iter())
        .filter(|t| t.hodoku().is_some_and(|h| h.enabled) || ours.contains(t))
        .collect();
    set.insert(RemotePair);
    set
}

fn run(order: Order) -> usize {
    let path = format!(
        "{}/../../testdata/logic/diabolical_le6_100.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let solver = LogicSolver::builder()
        .order(order)
        .techniques(part1())
        .backtracking(false)
        .build();
    let mut solved = 0;
    for (i, line) in text.lines().enumerate() {
        let field = line.split_whitespace().nth(1).unwrap();
        let grid = Grid::from_line(field).unwrap();
        let Outcome::Unique(solution) = solve::solve(&grid) else {
            panic!("#{i}: not unique")
        };
        let mut board = Board::new(&grid);
        while let Some(step) = solver.next_step(&board) {
            let what = format!("#{} {}: {}", i + 1, order.name(), step.text(grid.shape()));
            for p in &step.placements {
                assert_eq!(solution.get(p.cell), Some(p.digit), "{what}");
            }
            for e in &step.eliminations {
                assert!(board.has(e.cell, e.digit), "{what}: not a candidate");
                assert_ne!(
                    solution.get(e.cell),
                    Some(e.digit),
                    "{what}: true candidate"
                );
            }
            assert!(!step.explain(grid.shape()).is_empty());
            assert!(apply(&mut board, &step), "{what}: changed nothing");
        }
        if board.is_solved() {
            solved += 1;
        }
    }
    solved
}

#[test]
fn part1_solves_the_le6_sample_soundly() {
    let solved = run(Order::Hodoku);
    eprintln!("part-1 families, HoDoKu order: {solved}/100 solved");
    assert!(solved >= 99, "only {solved}/100 solved");
}

#[test]
fn part1_in_explainer_order_is_sound() {
    let solved = run(Order::Explainer);
    eprintln!("part-1 families, SE order: {solved}/100 solved");
    assert!(solved >= 99, "only {solved}/100 solved");
}
