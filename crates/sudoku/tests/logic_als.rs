//! Almost locked sets, Sue de Coq and aligned exclusion: each technique fires where it
//! should, with HoDoKu's exact first step, and not where it must not
//! (`testdata/als/cases.txt`, positions taken from hodoku-py's solve paths); every step on
//! solve paths of samples is checked against the solution; the one-line notation.

mod common;

use common::{testdata, walk};
use sudoku::grid::Candidates;
use sudoku::logic::{Evidence, Family, LogicSolver, Order, Technique, TechniqueSet};
use sudoku::solve;
use sudoku::{Board, Cell, Digit, Grid};

fn basic() -> TechniqueSet {
    TechniqueSet::family(Family::Singles)
        .union(TechniqueSet::family(Family::Intersections))
        .union(TechniqueSet::family(Family::Subsets))
}

/// The board of `values` (81 characters) with the candidate `masks` (81 comma-separated
/// bit masks, bit 0 for digit 1), as hodoku-py had it.
fn position(values: &str, masks: &str) -> Board {
    let grid = Grid::from_line(values).unwrap();
    let mut marks = Candidates::none(grid.shape());
    for (i, m) in masks.split(',').enumerate() {
        let m: usize = m.parse().unwrap();
        let ds = (0..9)
            .filter(|b| m >> b & 1 == 1)
            .map(|b| Digit::new(b + 1))
            .collect();
        marks.set(Cell::new(i), ds);
    }
    Board::with_candidates(&grid, &marks)
}

/// The outcome text as a set of single facts (`r1c2<>3`).
fn outcome_set(text: &str) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    for part in text.split(", ") {
        match part.split_once("<>") {
            Some((cells, digits)) => {
                for cell in cells.split(',') {
                    for d in digits.chars() {
                        out.insert(format!("{cell}<>{d}"));
                    }
                }
            }
            None => {
                out.insert(part.to_string());
            }
        }
    }
    out
}

#[test]
fn techniques_fire_exactly_where_expected() {
    let mut cases = 0;
    let mut fired = std::collections::BTreeMap::new();
    for line in testdata("als/cases.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let t = Technique::from_name(f[0]).unwrap_or_else(|| panic!("technique {}", f[0]));
        let board = position(f[1], f[2]);
        let shape = board.shape();
        let solver = LogicSolver::builder()
            .techniques(TechniqueSet::from(t))
            .backtracking(false)
            .build();
        let step = solver.next_step(&board);
        let got = step.as_ref().map_or("none".to_string(), |s| {
            assert_eq!(s.technique, t);
            assert!(!s.text(shape).is_empty() && !s.explain(shape).is_empty());
            s.outcome_text(shape)
        });
        assert_eq!(outcome_set(&got), outcome_set(f[3]), "{line}");
        if let Some(step) = step {
            *fired.entry(t).or_insert(0) += 1;
            // No true candidate removed.
            let solution = common::solve_unique(board.grid(), line);
            common::check_step(&board, &step, &solution, line);
        }
        cases += 1;
    }
    assert!(cases >= 30, "{cases} cases");
    for t in [
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsXyChain,
        Technique::SueDeCoq,
    ] {
        assert!(
            fired.get(&t).copied().unwrap_or(0) >= 3,
            "{t} fired {fired:?}"
        );
    }
}

#[test]
fn one_line_notation() {
    // Positions where hodoku-py takes these steps (from testdata/als/cases.txt).
    let cases = testdata("als/cases.txt");
    let first = |code: &str| {
        let line = cases
            .lines()
            .find(|l| l.starts_with(&format!("{code} |")) && !l.ends_with("none"))
            .unwrap();
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let board = position(f[1], f[2]);
        let t = Technique::from_name(code).unwrap();
        LogicSolver::builder()
            .techniques(TechniqueSet::from(t))
            .build()
            .next_step(&board)
            .unwrap()
    };
    let s = first("axz");
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
    let s = first("axy");
    let text = s.text(sudoku::Shape::NINE);
    assert!(text.contains(", C=") && text.contains("X,Y="), "{text}");
    let s = first("ach");
    assert!(
        matches!(&s.evidence, Evidence::Als { sets, restricted, .. } if sets.len() >= 4 && restricted.len() == sets.len() - 1)
    );
    let s = first("sdc");
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
        let generator = Generator::new(shape).seed(17);
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
