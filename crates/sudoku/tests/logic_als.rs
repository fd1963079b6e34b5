//! Almost locked sets, Sue de Coq and aligned exclusion (their technique cases, positions
//! taken from hodoku-py's solve paths with HoDoKu's exact first step, are in
//! `testdata/techniques/{als,misc}.cases`, run by `logic_techniques.rs`): the one-line
//! notation; every step on solve paths of samples is checked against the solution.

mod common;

use common::walk;
use sudoku::logic::{Evidence, Family, LogicSolver, Order, Technique, TechniqueSet};
use sudoku::solve;
use sudoku::{Board, Grid};

fn basic() -> TechniqueSet {
    TechniqueSet::family(Family::Singles)
        .union(TechniqueSet::family(Family::Intersections))
        .union(TechniqueSet::family(Family::Subsets))
}

#[test]
fn one_line_notation() {
    // The first firing case of each technique (positions where hodoku-py takes these steps).
    let first = |t: Technique| {
        let case = common::cases::family(t.family())
            .into_iter()
            .find(|c| c.technique == t && c.expect != common::cases::Expect::Nothing)
            .unwrap_or_else(|| panic!("no firing case of {}", t.name()));
        LogicSolver::builder()
            .techniques(TechniqueSet::from(t))
            .build()
            .next_step(&case.board)
            .unwrap_or_else(|| panic!("{}: no step", case.at))
    };
    let s = first(Technique::AlsXz);
    let text = s.text(sudoku::Shape::NINE);
    assert!(
        text.starts_with("Almost Locked Set XZ-Rule: A=")
            && text.contains(", X=")
            && text.contains(", Z="),
        "{text}"
    );
    assert!(
        matches!(&s.evidence, Evidence::Als { sets, restricted, .. } if sets.len() == 2 && restricted.len() == 1)
    );
    let s = first(Technique::AlsXyWing);
    let text = s.text(sudoku::Shape::NINE);
    assert!(text.contains(", C=") && text.contains("X,Y="), "{text}");
    let s = first(Technique::AlsXyChain);
    assert!(
        matches!(&s.evidence, Evidence::Als { sets, restricted, .. } if sets.len() >= 4 && restricted.len() == sets.len() - 1)
    );
    let s = first(Technique::SueDeCoq);
    let text = s.text(sudoku::Shape::NINE);
    assert!(
        text.starts_with("Sue de Coq: r") && text.contains(" ("),
        "{text}"
    );
}

fn mine() -> TechniqueSet {
    TechniqueSet::family(Family::Als).union(TechniqueSet::family(Family::Miscellaneous))
}

fn solvers() -> Vec<(&'static str, LogicSolver)> {
    let mut hodoku = TechniqueSet::hodoku_defaults();
    hodoku.insert(Technique::DeathBlossom);
    // The family alone after the basics (and brute force to go on when it stalls), so that
    // each finder meets many positions.
    let only = |set: TechniqueSet| {
        LogicSolver::builder()
            .techniques(basic().union(set))
            .backtracking(true)
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
        ("als", only(TechniqueSet::family(Family::Als))),
        (
            "sdc+exclusion",
            only(TechniqueSet::family(Family::Miscellaneous)),
        ),
    ]
}

fn sample(name: &str, limit: usize) -> (usize, usize) {
    let solvers = solvers();
    let mut used = (0, 0);
    for (i, e) in common::corpus(name).iter().take(limit).enumerate() {
        let g = &e.grid;
        for (label, solver) in &solvers {
            let what = format!("{name} #{} ({label})", i + 1);
            let (ok, _) = walk(solver, g, e.solution(), None, &what);
            if *label == "hodoku" || *label == "explainer" {
                assert!(ok, "{name} #{} ({label}) stalled", i + 1);
            }
            if *label == "hodoku" {
                let path = solver.solve(g);
                used.0 += path
                    .steps
                    .iter()
                    .filter(|s| mine().contains(s.technique))
                    .count();
                used.1 += path.steps.len();
            }
        }
    }
    used
}

#[test]
fn diabolical_sample_is_sound_and_solved() {
    let (mine, _) = sample("chains/diabolical_100.txt", 12);
    assert!(mine > 0);
}

#[test]
fn top1465_sample_is_sound() {
    sample("chains/top1465_50.txt", 3);
}

/// The full samples, for a release run: `cargo test --release --test logic_als -- --ignored`.
#[test]
#[ignore]
fn full_samples_are_sound() {
    sample("chains/diabolical_100.txt", 100);
    sample("chains/top1465_50.txt", 50);
}

#[test]
fn other_shapes_are_sound() {
    // 4x4 and 6x6 puzzles with few givens: every step of the family must hold in every
    // solution.
    let solver = LogicSolver::builder()
        .techniques(mine().union(TechniqueSet::from(Technique::NakedSingle)))
        .backtracking(false)
        .build();
    for line in [
        "1...............",
        "..3......1......2...........4.5.....",
        "6.....................1......2.....4",
    ] {
        let g = Grid::from_line(line).unwrap();
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

/// ALS, Sue de Coq and aligned exclusion past 128 cells (12x12 and 16x16, wide cell sets):
/// along a walk of generated puzzles with the basic techniques, every step they find is
/// checked against the solution, and each finds some (on 16x16 the two that such walks
/// reach: the basic techniques leave too few crowded positions for the others).
#[test]
fn als_sue_de_coq_and_exclusion_work_past_128_cells() {
    use sudoku::generate::Generator;
    use sudoku::Shape;
    let targets = [
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::SueDeCoq,
        Technique::AlignedPairExclusion,
    ];
    let mut target_set = TechniqueSet::EMPTY;
    for t in targets {
        target_set.insert(t);
    }
    let walker = LogicSolver::builder()
        .techniques(basic())
        .backtracking(false)
        .build();
    let finder = LogicSolver::builder()
        .techniques(target_set)
        .backtracking(false)
        .build();
    for (box_rows, box_cols, puzzles, expected) in [
        (3, 4, 3, &targets[..]),
        (
            4,
            4,
            1,
            &[Technique::AlsXz, Technique::AlignedPairExclusion][..],
        ),
    ] {
        let shape = Shape::new(box_rows, box_cols).unwrap();
        assert!(shape.cell_count() > 128);
        // Minimal puzzles, the hardest: at 16x16 the default would keep 50-55% givens.
        let generator = Generator::new(shape).minimal(true).seed(17);
        let mut found = std::collections::BTreeMap::new();
        for index in 0..puzzles {
            let g = generator.generate(index).unwrap();
            let mut board = Board::new(&g.puzzle);
            for _ in 0..400 {
                let steps = finder.all_steps(&board);
                for step in &steps {
                    let what = format!("{}x{} puzzle {index}", shape.side(), shape.side());
                    common::check_step(&board, step, &g.solution, &what);
                    *found.entry(step.technique).or_insert(0) += 1;
                }
                let next = walker
                    .next_step(&board)
                    .or_else(|| steps.into_iter().next());
                match next {
                    Some(step) if sudoku::logic::apply(&mut board, &step) => {}
                    _ => break,
                }
            }
        }
        for &t in expected {
            assert!(
                found.contains_key(&t),
                "{}x{}: no {} step found ({found:?})",
                shape.side(),
                shape.side(),
                t.name()
            );
        }
    }
}
