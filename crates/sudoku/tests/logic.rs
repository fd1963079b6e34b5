//! Soundness of the human-style solver: every step of every path, in both orders and with
//! every implemented technique, is checked against the puzzle's unique solution (from the
//! corpus data, or the exhaustive solver for grids made here; `common::check_step`): no placement of a wrong digit, no elimination of a true
//! candidate, and no step that changes nothing. Puzzles: samples of top1465, the sudoku
//! exchange "diabolical" bank (development lines only), hardest 11+, and puzzles of other
//! shapes (4x4 to 25x25), generated here or copied from shared data.

use crate::common;

use crate::common::{check_step, solve_unique, walk};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use sudoku::logic::{apply, Family, LogicSolver, Order, Technique, TechniqueSet};
use sudoku::solve;
use sudoku::{Board, Cell, Digit, Grid, Shape};

/// A corpus file of `testdata/`: each puzzle with its known solution.
fn sample(name: &str) -> Vec<(Grid, Grid)> {
    common::corpus(name)
        .into_iter()
        .map(|e| {
            let s = e.solution().clone();
            (e.grid, s)
        })
        .collect()
}

/// The costly fish: Franken and mutant (plain and finned). Their search grows fast with
/// the size, so they are checked on fewer puzzles (see `franken_and_mutant_are_sound_in`).
fn costly() -> TechniqueSet {
    use Technique::*;
    [
        FrankenXWing,
        FrankenSwordfish,
        FrankenJellyfish,
        FinnedFrankenXWing,
        FinnedFrankenSwordfish,
        FinnedFrankenJellyfish,
        MutantXWing,
        MutantSwordfish,
        MutantJellyfish,
        FinnedMutantXWing,
        FinnedMutantSwordfish,
        FinnedMutantJellyfish,
    ]
    .into_iter()
    .collect()
}

/// Every implemented technique but brute force, the costly fish and the forcing family
/// (forcing chains and nets are checked in `logic_chains.rs`; listing every one of them at
/// every position would take minutes here).
fn every_technique() -> TechniqueSet {
    TechniqueSet::all()
        .difference(TechniqueSet::from(Technique::BruteForce))
        .difference(costly())
        .difference(TechniqueSet::family(Family::Forcing))
}

fn solvers() -> Vec<(&'static str, LogicSolver)> {
    let all = every_technique();
    vec![
        ("hodoku", LogicSolver::builder().backtracking(false).build()),
        (
            "explainer",
            LogicSolver::builder()
                .order(Order::Explainer)
                .backtracking(false)
                .build(),
        ),
        ("all-hodoku", LogicSolver::builder().techniques(all).build()),
        (
            "all-explainer",
            LogicSolver::builder()
                .order(Order::Explainer)
                .techniques(all)
                .build(),
        ),
    ]
}

/// Runs every solver over every `stride`-th puzzle of a sample; checks all steps at every
/// position for the first `every_first` of them. Returns how many the full technique set
/// solved.
fn run_sample(name: &str, stride: usize, every_first: usize) -> usize {
    run_sample_with(name, stride, every_first, |_, _| true)
}

/// [`run_sample`] with the solvers that `take(label, index)` allows on each puzzle.
fn run_sample_with(
    name: &str,
    stride: usize,
    every_first: usize,
    take: impl Fn(&str, usize) -> bool,
) -> usize {
    let every = LogicSolver::builder().techniques(every_technique()).build();
    let mut solved = 0;
    for (i, (grid, solution)) in sample(name).iter().enumerate().step_by(stride) {
        for (label, solver) in solvers() {
            if !take(label, i) {
                continue;
            }
            let what = format!("{name} #{} ({label})", i + 1);
            let extra = (i < every_first * stride && label == "all-hodoku").then_some(&every);
            let (ok, _) = walk(&solver, grid, solution, extra, &what);
            if ok && label == "all-hodoku" {
                solved += 1;
            }
        }
    }
    solved
}

// The default runs take every 10th puzzle of each sample so that the suite stays within
// minutes on two cores; the `full_` variants take all of them, for a release run:
// `cargo test --release -p sudoku-core --test logic -- --ignored`.

#[test]
fn top1465_sample_is_sound() {
    let solved = run_sample("corpus/top1465-200.txt", 10, 3);
    eprintln!("top1465, 20 of the first 200: {solved} solved without guessing (all techniques)");
}

#[test]
fn diabolical_sample_is_sound() {
    let solved = run_sample("corpus/diabolical-300.txt", 10, 3);
    eprintln!("diabolical, 30 of 300: {solved} solved without guessing (all techniques)");
}

#[test]
#[ignore = "minutes: run with --release --ignored"]
fn full_top1465_sample_is_sound() {
    let solved = run_sample("corpus/top1465-200.txt", 1, 30);
    eprintln!("top1465 first 200: {solved} solved without guessing (all techniques)");
}

#[test]
#[ignore = "minutes: run with --release --ignored"]
fn full_diabolical_sample_is_sound() {
    let solved = run_sample("corpus/diabolical-300.txt", 1, 30);
    eprintln!("diabolical 300: {solved} solved without guessing (all techniques)");
}

/// Franken and mutant fish (plain and finned), at every position of the first puzzle of
/// the sample `name`: every X-Wing and Swordfish of theirs, and the first Jellyfish of each
/// kind (listing every finned mutant jellyfish is too slow for a test).
fn franken_and_mutant_are_sound_in(name: &str) {
    use Technique::*;
    let small: TechniqueSet = [
        FrankenXWing,
        FrankenSwordfish,
        FinnedFrankenXWing,
        FinnedFrankenSwordfish,
        MutantXWing,
        MutantSwordfish,
        FinnedMutantXWing,
        FinnedMutantSwordfish,
    ]
    .into_iter()
    .collect();
    let small = LogicSolver::builder()
        .techniques(small)
        .backtracking(false)
        .build();
    let jellyfish: Vec<LogicSolver> = [
        FrankenJellyfish,
        FinnedFrankenJellyfish,
        MutantJellyfish,
        FinnedMutantJellyfish,
    ]
    .into_iter()
    .map(|t| {
        LogicSolver::builder()
            .techniques(t.into())
            .backtracking(false)
            .build()
    })
    .collect();
    let basic = LogicSolver::builder().techniques(every_technique()).build();
    let mut found = 0;
    let (grid, solution) = &sample(name)[0];
    let what = format!("{name} #1");
    let mut board = Board::new(grid);
    while !board.is_solved() {
        let mut steps = small.all_steps(&board);
        steps.extend(jellyfish.iter().filter_map(|j| j.next_step(&board)));
        found += steps.len();
        for step in &steps {
            check_step(&board, step, solution, &what);
        }
        let Some(step) = steps.into_iter().next().or_else(|| basic.next_step(&board)) else {
            break;
        };
        apply(&mut board, &step);
    }
    assert!(found > 0, "{what}: no Franken or mutant fish found at all");
}

// One test a sample, so that the two run side by side.

#[test]
fn franken_and_mutant_are_sound_in_top1465() {
    franken_and_mutant_are_sound_in("corpus/top1465-200.txt");
}

#[test]
fn franken_and_mutant_are_sound_in_diabolical() {
    franken_and_mutant_are_sound_in("corpus/diabolical-300.txt");
}

#[test]
fn hardest_sample_is_sound() {
    // The Explainer order runs SE's nested chains on these (over a second a puzzle): its
    // solvers take the first puzzle only (`tests/rate.rs` checks more nested paths).
    run_sample_with("logic/hardest11plus_10.txt", 1, 10, |label, i| {
        !label.contains("explainer") || i == 0
    });
}

/// Brute force completes every path and is labelled; without it the path stalls honestly.
#[test]
fn brute_force_finishes_and_is_labelled() {
    for (grid, solution) in sample("logic/hardest11plus_10.txt").iter().take(3) {
        let path = LogicSolver::builder()
            .backtracking(true)
            .build()
            .solve(grid);
        assert!(path.solved);
        assert_eq!(path.board.grid().values(), solution.values());
        let brute: Vec<_> = path
            .steps
            .iter()
            .filter(|s| s.technique == Technique::BruteForce)
            .collect();
        assert!(path.used_backtracking && !brute.is_empty());
        for s in brute {
            assert!(s.text(grid.shape()).starts_with("Brute Force: "));
        }
        let singles_only = LogicSolver::builder()
            .techniques(TechniqueSet::family(Family::Singles))
            .build();
        let p = singles_only.solve(grid);
        assert!(!p.solved && !p.used_backtracking);
    }
}

/// A puzzle of `shape` with a unique solution: a random solution grid with givens removed
/// one at a time, each removal kept only if the solution stays unique; at most `tries`
/// removals are attempted.
fn generated(shape: Shape, seed: u64, tries: usize) -> Grid {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut first_row = Grid::empty(shape);
    let mut digits: Vec<usize> = (1..=shape.side()).collect();
    digits.shuffle(&mut rng);
    for (c, &d) in digits.iter().enumerate() {
        first_row.set_given(Cell::new(c), Digit::new(d));
    }
    let mut grid = solve::solution(&first_row).expect("a first row always completes");
    grid.make_all_given();
    let mut cells: Vec<usize> = (0..shape.cell_count()).collect();
    cells.shuffle(&mut rng);
    for &c in cells.iter().take(tries) {
        let cell = Cell::new(c);
        let keep = grid.get(cell).unwrap();
        grid.set(cell, None);
        if solve::count_solutions(&grid, 2) != 1 {
            grid.set_given(cell, keep);
        }
    }
    grid.make_all_given();
    grid
}

/// Every shape from 4x4 to 25x25, walked by each solver; every step at every position is
/// listed and checked up to 16x16, except that the wide searches (ALS, Sue de Coq, aligned
/// exclusion) are listed up to 12x12 only: on 16x16 they took most of a minute here, and
/// `logic_als.rs` checks them on 12x12 and 16x16 walks of their own.
#[test]
fn other_shapes_are_sound() {
    let every = LogicSolver::builder().techniques(every_technique()).build();
    let narrow = LogicSolver::builder()
        .techniques(
            every_technique()
                .difference(TechniqueSet::family(Family::Als))
                .difference(TechniqueSet::family(Family::Miscellaneous)),
        )
        .build();
    let cases: &[(usize, usize, usize, u64)] = &[
        (2, 2, 16, 4),
        (2, 3, 36, 6),
        (3, 2, 36, 3),
        (2, 4, 64, 4),
        (3, 4, 144, 3),
        (4, 4, 120, 2),
        (5, 5, 200, 1),
    ];
    for &(r, c, tries, count) in cases {
        let shape = Shape::new(r, c).unwrap();
        for seed in 0..count {
            let grid = generated(shape, seed, tries);
            let solution = solve_unique(&grid, &format!("{shape} seed {seed}"));
            for (label, solver) in solvers() {
                let what = format!("{shape} seed {seed} ({label})");
                let extra = match shape.side() {
                    _ if label != "all-hodoku" => None,
                    side if side <= 12 => Some(&every),
                    16 => Some(&narrow),
                    _ => None,
                };
                walk(&solver, &grid, &solution, extra, &what);
            }
        }
    }
}

/// The 16x16 puzzle of the shared large set, checked step by step against the solution.
#[test]
fn big_16x16_from_file() {
    let grid = common::matrix("logic/rkkautsar-sudoku-16-1.txt");
    let solution = solve_unique(&grid, "16x16");
    let (solved, steps) = walk(&LogicSolver::new(), &grid, &solution, None, "16x16");
    assert!(solved, "16x16: stalled after {steps} steps");
}

/// The 25x25 puzzle of the shared large set (unique according to its README). The general
/// exhaustive solver takes minutes on it, so here the logic path's end is checked instead:
/// a full grid that keeps every given and breaks no rule is the solution of a unique
/// puzzle, and every step of a path that ends there kept the true candidates.
#[test]
fn big_25x25_from_file() {
    let grid = common::matrix("logic/rkkautsar-sudoku-25-1.txt");
    let path = LogicSolver::builder()
        .backtracking(false)
        .build()
        .solve(&grid);
    assert!(path.solved);
    assert!(sudoku::verify::check_solution_of(&grid, path.board.grid()).is_ok());
    let solution = path.board.grid().clone();
    let mut board = Board::new(&grid);
    for step in &path.steps {
        check_step(&board, step, &solution, "25x25");
        apply(&mut board, step);
    }
}

/// A player's own pencil marks: stale marks (digits already placed in a peer) are never
/// taken for singles, and marks with candidates removed (soundly) are used as they are.
#[test]
fn pencil_marks_are_used_as_they_are() {
    let (grid, solution) = sample("corpus/top1465-200.txt")[0].clone();
    let s = grid.shape();
    // Stale marks: every digit marked in every empty cell.
    let mut marks = sudoku::Candidates::none(s);
    for c in Cell::all(s) {
        if grid.get(c).is_none() {
            marks.set(c, sudoku::DigitSet::full(s.side()));
        }
    }
    let board = Board::with_candidates(&grid, &marks);
    let solver = LogicSolver::builder().techniques(every_technique()).build();
    for step in solver.all_steps(&board) {
        check_step(&board, &step, &solution, "stale marks");
    }
    // Marks thinned to the truth plus one other digit per cell: still sound, and solved.
    let mut thin = sudoku::Candidates::none(s);
    for c in Cell::all(s) {
        if grid.get(c).is_none() {
            let truth = solution.get(c).unwrap();
            let mut set = sudoku::DigitSet::single(truth);
            set.insert(Digit::from_index((truth.index() + 1) % s.side()));
            thin.set(c, set);
        }
    }
    let mut board = Board::with_candidates(&grid, &thin);
    while let Some(step) = solver.next_step(&board) {
        check_step(&board, &step, &solution, "thin marks");
        apply(&mut board, &step);
    }
    assert!(board.is_solved());
}
