//! Almost locked sets, Sue de Coq and aligned exclusion (their technique cases, positions
//! taken from hodoku-py's solve paths with HoDoKu's exact first step, are in
//! `testdata/techniques/{als,misc}.cases`, run by `logic_techniques.rs`): the one-line
//! notation; every step on solve paths of samples is checked against the solution.

use crate::common;

use crate::common::walk;
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

/// Aligned pair and triple exclusion against a plain reading of their rule, along walks of
/// 9x9 and 16x16 minimal puzzles: every pair (triple) of base cells with two excluders in
/// common, every combination of their candidates tried. The finder skips combinations and
/// pairs that cannot matter and meets each triple once by the order it comes in; it must
/// give exactly these steps.
#[test]
fn aligned_exclusion_finds_what_the_plain_rule_finds() {
    use sudoku::generate::Generator;
    use sudoku::{Cell, Shape};
    type Found = std::collections::BTreeSet<(Vec<usize>, Vec<(usize, usize)>)>;
    // A set of up to 256 cells.
    type Cells = [u64; 4];
    let has = |s: &Cells, c: usize| s[c / 64] >> (c % 64) & 1 == 1;
    let meet = |a: &Cells, b: &Cells| -> Cells { [0, 1, 2, 3].map(|i| a[i] & b[i]) };
    let count = |s: &Cells| s.iter().map(|w| w.count_ones()).sum::<u32>();
    let plain = |board: &Board, degree: usize| -> Found {
        let shape = board.shape();
        let cells = shape.cell_count();
        let cand: Vec<u32> = (0..cells)
            .map(|c| match board.value(Cell::new(c)) {
                Some(_) => 0,
                None => (board.candidates(Cell::new(c)).iter()).fold(0, |m, d| m | 1 << d.index()),
            })
            .collect();
        let mut excluders = vec![[0u64; 4]; cells];
        let mut base = Vec::new();
        for c in 0..cells {
            if cand[c].count_ones() < 2 {
                continue;
            }
            let mut single = false;
            for p in Cell::new(c).peers(shape).map(|p| p.index()) {
                match cand[p].count_ones() as usize {
                    1 => single = true,
                    k if k >= 2 && k <= degree => excluders[c][p / 64] |= 1 << (p % 64),
                    _ => {}
                }
            }
            if !single && count(&excluders[c]) > 0 {
                base.push(c);
            }
        }
        let mut found = Found::new();
        let mut try_cells = |set: &[usize], excl: &Cells| {
            let ex: Vec<u32> = (0..cells)
                .filter(|&c| has(excl, c))
                .map(|c| cand[c])
                .collect();
            let mut allowed = vec![0u32; set.len()];
            // Every combination, by counting through the candidates of each cell.
            let choices: Vec<Vec<usize>> = set
                .iter()
                .map(|&c| (0..32).filter(|d| cand[c] >> d & 1 == 1).collect())
                .collect();
            let total: usize = choices.iter().map(Vec::len).product();
            for mut k in 0..total {
                let pick: Vec<usize> = choices
                    .iter()
                    .map(|ch| {
                        let d = ch[k % ch.len()];
                        k /= ch.len();
                        d
                    })
                    .collect();
                let clash = (0..set.len()).any(|i| {
                    (0..i).any(|j| {
                        pick[i] == pick[j] && Cell::new(set[i]).sees(Cell::new(set[j]), shape)
                    })
                });
                let used = pick.iter().fold(0u32, |m, &d| m | 1 << d);
                if !clash && ex.iter().all(|&e| e & !used != 0) {
                    for (a, &d) in allowed.iter_mut().zip(&pick) {
                        *a |= 1 << d;
                    }
                }
            }
            let mut elims = Vec::new();
            for (i, &c) in set.iter().enumerate() {
                elims.extend(
                    (0..32)
                        .filter(|d| (cand[c] & !allowed[i]) >> d & 1 == 1)
                        .map(|d| (c, d)),
                );
            }
            if !elims.is_empty() {
                let mut sorted = set.to_vec();
                sorted.sort_unstable();
                elims.sort_unstable();
                found.insert((sorted, elims));
            }
        };
        for (i, &a) in base.iter().enumerate() {
            for (j, &b) in base.iter().enumerate().skip(i + 1) {
                let common = meet(&excluders[a], &excluders[b]);
                if count(&common) < 2 {
                    continue;
                }
                if degree == 2 {
                    try_cells(&[a, b], &common);
                    continue;
                }
                for &c in &base[j + 1..] {
                    // The third cell is an excluder of the other two, for some order of them.
                    let joins = |x: usize, y: usize, z: usize| {
                        has(&excluders[x], z) || has(&excluders[y], z)
                    };
                    let excl = meet(&common, &excluders[c]);
                    if count(&excl) >= 2 && (joins(a, b, c) || joins(a, c, b) || joins(b, c, a)) {
                        try_cells(&[a, b, c], &excl);
                    }
                }
            }
        }
        found
    };
    let mut compared = [0usize; 2];
    let mut firing = [0usize; 2];
    for (shape, puzzles, every) in [(Shape::NINE, 6, 1), (Shape::new(4, 4).unwrap(), 1, 8)] {
        let generator = Generator::new(shape).minimal(true).seed(5);
        for index in 0..puzzles {
            let mut board = Board::new(&generator.generate(index).unwrap().puzzle);
            let walker = LogicSolver::builder()
                .techniques(basic())
                .backtracking(false)
                .build();
            for at in 0..300 {
                if at % every == 0 {
                    for (k, (t, degree)) in [
                        (Technique::AlignedPairExclusion, 2),
                        (Technique::AlignedTripleExclusion, 3),
                    ]
                    .into_iter()
                    .enumerate()
                    {
                        let finder = LogicSolver::builder()
                            .order(Order::Explainer)
                            .techniques(TechniqueSet::from(t))
                            .backtracking(false)
                            .build();
                        let mut got = Found::new();
                        for step in finder.all_steps(&board) {
                            let Evidence::AlignedExclusion { cells, .. } = &step.evidence else {
                                panic!("{step:?}");
                            };
                            let mut set: Vec<usize> = cells.iter().map(|c| c.index()).collect();
                            set.sort_unstable();
                            let mut elims: Vec<(usize, usize)> = (step.eliminations.iter())
                                .map(|e| (e.cell.index(), e.digit.index()))
                                .collect();
                            elims.sort_unstable();
                            // Each base is met once.
                            assert!(got.insert((set, elims)), "{step:?} twice");
                        }
                        let want = plain(&board, degree);
                        assert_eq!(got, want, "{} at step {at} of puzzle {index}", t.name());
                        compared[k] += 1;
                        firing[k] += usize::from(!want.is_empty());
                    }
                }
                // Walk on with the basics, else with an exclusion step of the position.
                let next = walker.next_step(&board).or_else(|| {
                    let both = TechniqueSet::from(Technique::AlignedPairExclusion)
                        .union(TechniqueSet::from(Technique::AlignedTripleExclusion));
                    let finder = LogicSolver::builder()
                        .order(Order::Explainer)
                        .techniques(both);
                    finder.backtracking(false).build().next_step(&board)
                });
                match next {
                    Some(step) if sudoku::logic::apply(&mut board, &step) => {}
                    _ => break,
                }
            }
        }
    }
    // Positions were compared, and both techniques fired on some of them.
    assert!(compared.iter().all(|&c| c > 20), "{compared:?}");
    assert!(firing.iter().all(|&f| f > 0), "{firing:?}");
}
