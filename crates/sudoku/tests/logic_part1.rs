//! The part-1 families (singles, intersections, subsets, fish, single-digit patterns,
//! wings, uniqueness, coloring; no chains, forcing or backtracking) on a sample of the
//! sudoku exchange "diabolical" puzzles rated ER ≤ 6.0 (100 puzzles from lines 1–20,000,
//! `testdata/logic/diabolical_le6_100.txt`): every step is checked against the solution,
//! and nearly all puzzles must be solved. The full figures come from the `part1_bench`
//! example.

use crate::common;

use sudoku::logic::{Family, LogicSolver, Order, Technique, TechniqueSet};

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
    let solver = LogicSolver::builder()
        .order(order)
        .techniques(part1())
        .backtracking(false)
        .build();
    let mut solved = 0;
    for e in common::corpus("logic/diabolical_le6_100.txt") {
        let what = format!("{} {}", e.at, order.name());
        let (ok, _) = common::walk(&solver, &e.grid, e.solution(), None, &what);
        if ok {
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
