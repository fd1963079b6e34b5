//! Chains, loops, forcing chains/nets and kraken fish (their technique cases, where each
//! fires with its exact outcome or must not fire, are in `testdata/techniques/*.cases`, run
//! by `logic_techniques.rs`): the notation and evidence of a few steps, and every
//! step on the solve paths of samples (top1465, sudoku exchange diabolical, hardest 11+,
//! other shapes) is checked against the solution: no true candidate eliminated, no wrong
//! digit placed.

use crate::common;

use crate::common::walk;
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

/// The case of `t` with a text (`testdata/techniques/*.cases`), and the first step of `t`
/// at its position, which must have that text.
fn case_step(t: Technique) -> (common::cases::Case, sudoku::logic::Step) {
    let case = common::cases::with_text(t);
    let step = LogicSolver::builder()
        .techniques(TechniqueSet::from(t))
        .build()
        .next_step(&case.board)
        .unwrap_or_else(|| panic!("{}: no step", case.at));
    assert_eq!(
        Some(step.text(case.board.shape())),
        case.text.clone(),
        "{}",
        case.at
    );
    (case, step)
}

#[test]
fn eureka_notation() {
    let (_, step) = case_step(Technique::XChain);
    assert!(matches!(&step.evidence, Evidence::Chain { links } if links.len() == 5));
    assert_eq!(chain_length(&step), Some(5));
}

/// Kraken fish in its place on HoDoKu's path without the grouped chains (after everything
/// else but the forcing chains and brute force): the first one met in a diabolical puzzle, a
/// finned X-Wing whose fins both chain to the target. A path test: its position and text
/// are also a case of `testdata/techniques/fish.cases`, which holds without the path.
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
    let path = logic_only(set).solve(&grid);
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

/// HoDoKu exemplars #0709 (Grouped Continuous Nice Loop), first and third puzzles (the
/// cases hold the one-line texts; HoDoKu's own loop in the first removes the same eleven
/// candidates).
#[test]
fn grouped_chains_print_group_nodes() {
    let (case, cnl) = case_step(Technique::GroupedContinuousNiceLoop);
    let s = case.board.shape();
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
    let (_, aic) = case_step(Technique::GroupedAic);
    assert!(
        matches!(&aic.evidence, Evidence::Chain { links } if links.iter().any(|l| l.to.is_group()))
    );
    let (_, dnl) = case_step(Technique::GroupedDiscontinuousNiceLoop);
    assert_eq!(dnl.placements.len(), 1);
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

#[test]
fn a_supposition_that_fails_at_once_is_told_the_right_way_round() {
    // Without singles a cell's last candidate is placed by a forcing step with no chain:
    // it supposes the candidate false. It was told "r9c7=1 => r9c7=1" and "Suppose r9c7
    // is 1: . ... so the supposition is wrong: r9c7=1".
    let grid = Grid::from_line(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let set = TechniqueSet::parse_with_base("-singles", TechniqueSet::hodoku_defaults()).unwrap();
    let path = logic_only(set).solve(&grid);
    assert!(path.solved);
    let s = grid.shape();
    let mut told = 0;
    for step in &path.steps {
        let Evidence::Forcing {
            premise, branches, ..
        } = &step.evidence
        else {
            continue;
        };
        if premise.len() != 1 || !branches.iter().all(Vec::is_empty) {
            continue;
        }
        let c = premise[0];
        let (text, explain) = (step.text(s), step.explain(s));
        let name = format!(
            "r{}c{}",
            c.cell.row(s).index() + 1,
            c.cell.col(s).index() + 1
        );
        if step.placements.contains(&c) {
            assert!(
                text.contains(&format!("{name}<>{} => {name}={}", c.digit, c.digit)),
                "{text}"
            );
            assert!(
                explain.starts_with(&format!("Suppose {name} is not {}:", c.digit)),
                "{explain}"
            );
        } else {
            assert!(text.contains(&format!("{name}={} => ", c.digit)), "{text}");
            assert!(
                explain.starts_with(&format!("Suppose {name} is {}:", c.digit)),
                "{explain}"
            );
        }
        assert!(!explain.contains(": ."), "{explain}");
        told += 1;
    }
    assert!(told > 0, "no forcing step without a chain on the path");
}

/// A logic solver with `set`, never guessing.
fn logic_only(set: TechniqueSet) -> LogicSolver {
    LogicSolver::builder()
        .techniques(set)
        .backtracking(false)
        .build()
}
