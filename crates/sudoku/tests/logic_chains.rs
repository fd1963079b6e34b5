//! Chains, loops, forcing chains/nets and kraken fish: each technique fires where it should (with its
//! exact outcome) and not where it must not (`testdata/techniques/chains.txt`), and every
//! step on the solve paths of samples (top1465, sudoku exchange diabolical, hardest 11+,
//! other shapes) is checked against the solution: no true candidate eliminated, no wrong
//! digit placed.

mod common;

use common::{testdata, walk};
use sudoku::logic::{chain_length, Evidence, Family, LogicSolver, Order, Technique, TechniqueSet};
use sudoku::solve::{self, Outcome};
use sudoku::{Board, Grid};

/// The puzzles of a corpus sample with their solutions, the first `limit` of them.
fn sample_of(name: &str, limit: usize) -> Vec<(Grid, Grid)> {
    common::corpus(name)
        .into_iter()
        .take(limit)
        .map(|e| {
            let s = e.solution().clone();
            (e.grid, s)
        })
        .collect()
}

fn basic() -> TechniqueSet {
    TechniqueSet::family(Family::Singles)
        .union(TechniqueSet::family(Family::Intersections))
        .union(TechniqueSet::family(Family::Subsets))
}

fn chain_and_forcing() -> TechniqueSet {
    TechniqueSet::family(Family::Chains).union(TechniqueSet::family(Family::Forcing))
}

/// The outcome text as a set of single facts (`r1c2<>3`, `r4c5=7`), so that grouping
/// (`r7c9<>59` or `r7c9<>5, r7c9<>9`) doesn't matter.
fn outcome_set(text: &str) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    for part in text.split(", ") {
        let (cells, op, digits) = match part.split_once("<>") {
            Some((c, d)) => (c, "<>", d),
            None => match part.split_once('=') {
                Some((c, d)) => (c, "=", d),
                None => {
                    out.insert(part.to_string());
                    continue;
                }
            },
        };
        for cell in cells.split(',') {
            for d in digits.chars() {
                out.insert(format!("{cell}{op}{d}"));
            }
        }
    }
    out
}

#[test]
fn techniques_fire_exactly_where_expected() {
    let basic_solver = LogicSolver::builder()
        .techniques(basic())
        .backtracking(false)
        .build();
    let mut cases = 0;
    for line in testdata("techniques/chains.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let t = Technique::from_name(f[0]).unwrap_or_else(|| panic!("technique {}", f[0]));
        let grid = Grid::from_line(f[1]).unwrap();
        let board = basic_solver.solve(&grid).board;
        let solver = LogicSolver::builder()
            .techniques(TechniqueSet::from(t))
            .backtracking(false)
            .build();
        let got = solver.next_step(&board).map_or("none".to_string(), |s| {
            assert_eq!(s.technique, t);
            assert!(chain_length(&s).is_some_and(|n| n > 0));
            assert!(!s.text(board.shape()).is_empty() && !s.explain(board.shape()).is_empty());
            s.outcome_text(board.shape())
        });
        assert_eq!(outcome_set(&got), outcome_set(f[2]), "{line}");
        if got != "none" {
            if let Outcome::Unique(solution) = solve::solve(&grid) {
                let step = solver.next_step(&board).unwrap();
                for p in &step.placements {
                    assert_eq!(solution.get(p.cell), Some(p.digit), "{line}");
                }
                for e in &step.eliminations {
                    assert_ne!(solution.get(e.cell), Some(e.digit), "{line}");
                }
            }
        }
        cases += 1;
    }
    assert!(cases >= 25);
}

#[test]
fn eureka_notation() {
    let grid = Grid::from_line(
        "....5..8...7.293..1...74..25.91.2..4....4.........816.718....2...........6......7",
    )
    .unwrap();
    let board = LogicSolver::builder()
        .techniques(basic())
        .backtracking(false)
        .build()
        .solve(&grid)
        .board;
    let step = LogicSolver::builder()
        .techniques(TechniqueSet::from(Technique::XChain))
        .build()
        .next_step(&board)
        .unwrap();
    assert_eq!(
        step.text(board.shape()),
        "X-Chain: (3)r4c2=r4c8-r8c8=r7c9-r7c5=r6c5 => r6c1,r6c2,r6c3<>3"
    );
    assert!(matches!(&step.evidence, Evidence::Chain { links } if links.len() == 5));
    assert_eq!(chain_length(&step), Some(5));
}

/// Kraken fish in its place on HoDoKu's path without the grouped chains (after everything
/// else but the forcing chains and brute force): the first one met in a diabolical puzzle, a
/// finned X-Wing whose fins both chain to the target.
#[test]
fn kraken_fish_on_the_hodoku_path() {
    let grid = Grid::from_line(
        "7...4...6...759...9..8.1..3...524....3.....2.4.......75.1...2.8.8.....1.2.9...3.4",
    )
    .unwrap();
    let mut set = TechniqueSet::hodoku_defaults();
    set.insert(Technique::KrakenFish);
    // The grouped chains come first and would take this position themselves.
    set.remove(Technique::GroupedContinuousNiceLoop);
    set.remove(Technique::GroupedDiscontinuousNiceLoop);
    set.remove(Technique::GroupedAic);
    let path = LogicSolver::builder()
        .techniques(set)
        .backtracking(false)
        .build()
        .solve(&grid);
    assert!(path.solved);
    let step = path
        .steps
        .iter()
        .find(|s| s.technique == Technique::KrakenFish)
        .expect("a kraken fish on the path");
    let s = grid.shape();
    assert_eq!(
        step.text(s),
        "Kraken Fish Type 1: Finned X-Wing: 6 c3,c7 r6,r8 fr5c3,r4c7 => r6c8<>6; \
         (6)r5c3-r4c1=r4c7-r6c8 | (6)r4c7-r6c8"
    );
    assert!(
        matches!(&step.evidence, Evidence::Kraken(k) if k.kind == sudoku::logic::KrakenType::One && k.branches.len() == 2)
    );
    assert_eq!(chain_length(step), Some(4));
    assert!(step.explain(s).contains("Either way, r6c8<>6."));
}

/// The board after the basic techniques, and the first step of `t` there.
fn first_step(line: &str, t: Technique) -> (Board, sudoku::logic::Step) {
    let board = LogicSolver::builder()
        .techniques(basic())
        .backtracking(false)
        .build()
        .solve(&Grid::from_line(line).unwrap())
        .board;
    let step = LogicSolver::builder()
        .techniques(TechniqueSet::from(t))
        .build()
        .next_step(&board)
        .unwrap();
    (board, step)
}

#[test]
fn grouped_chains_print_group_nodes() {
    // HoDoKu exemplars #0709 (Grouped Continuous Nice Loop), first and third puzzles; HoDoKu's
    // own loop in the first removes the same eleven candidates.
    let first = "3.2....1....97.............5...8.6....15...7..8..4....9....1.27.1.4.......5..79..";
    let third = "....7..9.429.5...16..........1..4.2.95..63......8.......6..5....3.2.1..7........4";
    let (board, cnl) = first_step(first, Technique::GroupedContinuousNiceLoop);
    let s = board.shape();
    assert_eq!(
        cnl.text(s),
        "Grouped Continuous Nice Loop: (6=8)r1c4-r123c6=(8-5)r8c6=r123c6-(5=6)r1c5-r1c4 \
         => r8c6<>2369, r1c2,r1c6,r1c9,r2c6,r3c6<>6, r3c4<>68"
    );
    assert!(cnl
        .explain(s)
        .contains("then 8 is not in r123c6, then r8c6 is 8"));
    // The group's cells are among the step's cells (what the game highlights).
    let cells: Vec<String> = cnl.cells().iter().map(|c| c.name(s).to_string()).collect();
    for c in ["r1c6", "r2c6", "r3c6", "r1c4", "r1c5"] {
        assert!(cells.iter().any(|x| x == c), "{c} in {cells:?}");
    }
    assert!(
        matches!(&cnl.evidence, Evidence::Chain { links } if links.iter().any(|l| l.to.is_group()))
    );
    let (_, aic) = first_step(first, Technique::GroupedAic);
    assert_eq!(
        aic.text(s),
        "Grouped AIC: (6=8)r1c4-r123c6=(8-5)r8c6=r123c6-(5=6)r1c5 => r1c2,r1c6,r1c9,r2c6,r3c4,\
         r3c6<>6"
    );
    let (_, dnl) = first_step(third, Technique::GroupedDiscontinuousNiceLoop);
    assert_eq!(
        dnl.text(s),
        "Grouped Discontinuous Nice Loop: (4)r6c2=r6c3-r8c3=(4-8)r8c5=r8c13-(8=7)r9c3-r7c12\
         =(7-9)r7c4=(9-4)r7c2=r6c2 => r6c2=4"
    );
}

fn solvers() -> Vec<(&'static str, LogicSolver)> {
    let mut hodoku = TechniqueSet::hodoku_defaults();
    hodoku.insert(Technique::DynamicForcingChainPlus);
    // Each chain family on its own after the basics, so that every finder meets many positions.
    let only = |set: TechniqueSet| {
        LogicSolver::builder()
            .techniques(basic().union(set))
            .backtracking(false)
            .build()
    };
    vec![
        (
            "hodoku",
            LogicSolver::builder()
                .techniques(hodoku)
                .backtracking(false)
                .build(),
        ),
        (
            "explainer",
            LogicSolver::builder()
                .order(Order::Explainer)
                .backtracking(false)
                .build(),
        ),
        (
            "chains+fcc",
            only(
                TechniqueSet::family(Family::Chains)
                    .union(Technique::ForcingChainContradiction.into()),
            ),
        ),
        (
            "verity",
            only(
                [
                    Technique::ForcingChainVerity,
                    Technique::MultipleForcingChain,
                    Technique::ForcingNetVerity,
                    Technique::DynamicForcingChain,
                ]
                .into_iter()
                .collect(),
            ),
        ),
        (
            "nishio+dfc+",
            only(
                [Technique::Nishio, Technique::DynamicForcingChainPlus]
                    .into_iter()
                    .collect(),
            ),
        ),
        // Kraken fish right after the basics: it takes most steps of the path.
        ("kraken", only(Technique::KrakenFish.into())),
    ]
}

fn sample(name: &str, limit: usize) {
    let solvers = solvers();
    for (i, (g, solution)) in sample_of(name, limit).iter().enumerate() {
        for (label, solver) in &solvers {
            let what = format!("{name} #{} ({label})", i + 1);
            let (ok, _) = walk(solver, g, solution, None, &what);
            if *label == "hodoku" || *label == "explainer" {
                assert!(ok, "{name} #{} ({label}) stalled", i + 1);
            }
        }
    }
}

#[test]
fn top1465_sample_is_sound_and_solved() {
    sample("chains/top1465_50.txt", 4);
}

#[test]
fn diabolical_sample_is_sound_and_solved() {
    sample("chains/diabolical_100.txt", 8);
}

#[test]
fn hardest_sample_is_sound() {
    let set = chain_and_forcing().union(basic());
    let solver = LogicSolver::builder()
        .techniques(set)
        .order(Order::Explainer)
        .backtracking(false)
        .build();
    for (i, (g, solution)) in sample_of("chains/hardest_10.txt", 1).iter().enumerate() {
        walk(&solver, g, solution, None, &format!("hardest #{}", i + 1));
    }
}

/// The full samples, for a release run: `cargo test --release --test logic_chains -- --ignored`.
#[test]
#[ignore]
fn full_samples_are_sound() {
    sample("chains/top1465_50.txt", 50);
    sample("chains/diabolical_100.txt", 100);
    let set = chain_and_forcing().union(basic());
    let solver = LogicSolver::builder()
        .techniques(set)
        .order(Order::Explainer)
        .backtracking(false)
        .build();
    for (i, (g, solution)) in sample_of("chains/hardest_10.txt", 10).iter().enumerate() {
        let (solved, _) = walk(&solver, g, solution, None, &format!("hardest #{}", i + 1));
        assert!(solved);
    }
}

#[test]
fn other_shapes_are_sound() {
    // 6x6 and 4x4 puzzles with few givens, so that chains and forcing have work to do.
    let solver = LogicSolver::builder()
        .techniques(chain_and_forcing().union(TechniqueSet::from(Technique::NakedSingle)))
        .backtracking(false)
        .build();
    for line in [
        "1...............",
        "..3......1......2...........4.5.....",
        "6.....................1......2.....4",
    ] {
        let g = Grid::from_line(line).unwrap();
        if let Outcome::Unique(solution) = solve::solve(&g) {
            walk(&solver, &g, &solution, None, line);
        } else {
            // Not unique: no step may remove a candidate that some solution uses.
            let board = Board::new(&g);
            for step in solver.all_steps(&board) {
                for e in &step.eliminations {
                    let mut test = g.clone();
                    test.set(e.cell, Some(e.digit));
                    assert!(
                        solve::count_solutions(&test, 1) == 0,
                        "{line}: {}",
                        step.text(g.shape())
                    );
                }
            }
        }
    }
}
