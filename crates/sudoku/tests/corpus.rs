//! The one corpus test: every puzzle of `testdata/corpus/` (format in its README) through
//! every engine — fast9, the general solver, counting, and the logic solver in HoDoKu's and
//! Sudoku Explainer's orders — each held to the answers written in the data. Also: every
//! shape solves, and clashing givens are invalid.

use crate::common;

use crate::common::{corpus, corpus_files, walk, Count};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku::logic::{LogicSolver, Order, Technique, TechniqueSet};
use sudoku::solve::{self, fast9::Fast9, general, Engine, General, Outcome};
use sudoku::{verify, Grid, Shape};

/// One engine's search (capped at two) against the entry's answers: the count, the
/// solution when unique, two valid distinct solutions that keep the givens when several.
fn check_search(e: &common::Entry, engine: &str, found: &general::Search) {
    let at = format!("{} ({engine})", e.at);
    assert_eq!(found.count, e.count.capped(), "{at}: count");
    assert_eq!(found.solutions.len(), found.count, "{at}: solutions kept");
    for s in &found.solutions {
        verify::check_solution_of(&e.grid, s).unwrap_or_else(|v| panic!("{at}: {v:?}"));
        for c in sudoku::Cell::all(e.grid.shape()) {
            assert_eq!(s.is_given(c), e.grid.is_given(c), "{at}: givens kept");
        }
    }
    match e.count {
        Count::Exactly(1) => assert_eq!(found.solutions[0].values(), e.solution().values(), "{at}"),
        Count::Several => assert_ne!(found.solutions[0], found.solutions[1], "{at}"),
        Count::Exactly(_) => {}
    }
}

/// The logic solvers take every `LOGIC_STRIDE`-th unique puzzle of each file.
const LOGIC_STRIDE: usize = 50;

#[test]
fn every_engine_gives_the_corpus_answers() {
    let hodoku = LogicSolver::builder().backtracking(true).build();
    // Nested forcing chains (over a second a puzzle on the hardest) are left to `logic.rs`
    // and `rate.rs`: brute force ends those paths here.
    let explainer = LogicSolver::builder()
        .order(Order::Explainer)
        .techniques(
            TechniqueSet::explainer_defaults()
                .difference(TechniqueSet::from(Technique::NestedForcingChain)),
        )
        .backtracking(true)
        .build();
    let mut logic_walks = 0;
    for file in corpus_files() {
        let entries = corpus(&file);
        for (i, e) in entries.iter().enumerate() {
            check_search(e, "fast9", &Fast9.search(&e.grid, None, 2, 2));
            check_search(e, "general", &General.search(&e.grid, None, 2, 2));
            assert_eq!(
                solve::count_solutions(&e.grid, 2),
                e.count.capped(),
                "{}: counting",
                e.at
            );
            match (solve::solve(&e.grid), e.count) {
                (Outcome::Unique(s), Count::Exactly(1)) => {
                    assert_eq!(s.values(), e.solution().values(), "{}", e.at)
                }
                (Outcome::Multiple(..), Count::Several)
                | (Outcome::NoSolution, Count::Exactly(0)) => {}
                (other, _) => panic!("{}: solve says {}", e.at, other.status()),
            }
            if e.count == Count::Exactly(1) && i % LOGIC_STRIDE == 0 {
                for (label, solver) in [("hodoku", &hodoku), ("explainer", &explainer)] {
                    let what = format!("{} ({label})", e.at);
                    let (solved, _) = walk(solver, &e.grid, e.solution(), None, &what);
                    assert!(solved, "{what}: the path with brute force must finish");
                    logic_walks += 1;
                }
            }
        }
    }
    assert!(logic_walks >= 30, "only {logic_walks} logic paths walked");
}

/// For every shape from 4x4 to 25x25: a full grid from the solver, seeded random clues
/// removed, and the result solved again; solutions must be valid and keep the givens, and
/// a unique solution must be the grid the clues were cut from.
#[test]
fn every_shape_solves() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let shapes = [
        (2, 2, 0.3),
        (2, 3, 0.4),
        (3, 2, 0.4),
        (2, 4, 0.45),
        (2, 5, 0.5),
        (3, 3, 0.35),
        (3, 4, 0.55),
        (4, 3, 0.55),
        (4, 4, 0.6),
        (5, 5, 0.75),
    ];
    for (r, c, keep) in shapes {
        let shape = Shape::new(r, c).unwrap();
        let full = solve::solution(&Grid::empty(shape)).expect("an empty grid has solutions");
        verify::check_solution(&full).unwrap_or_else(|v| panic!("{shape}: {v:?}"));
        for _ in 0..3 {
            let values: Vec<usize> = full
                .values()
                .iter()
                .map(|&v| if rng.gen_bool(keep) { v as usize } else { 0 })
                .collect();
            let puzzle = Grid::from_values(shape, &values).unwrap();
            let found = general::search(&puzzle, None, 2, 2);
            assert!(
                found.count >= 1,
                "{shape}: a puzzle cut from a solution has one"
            );
            for s in &found.solutions {
                verify::check_solution_of(&puzzle, s).unwrap_or_else(|v| panic!("{shape}: {v:?}"));
            }
            if found.count == 1 {
                assert_eq!(found.solutions[0].values(), full.values(), "{shape}");
            }
        }
    }
}

#[test]
fn clashing_givens_are_invalid_not_unsolvable() {
    let mut values = vec![0; 81];
    values[0] = 5;
    values[8] = 5;
    let g = Grid::from_values(Shape::NINE, &values).unwrap();
    let Outcome::Invalid(c) = solve::solve(&g) else {
        panic!("expected invalid")
    };
    assert_eq!(c.len(), 1);
    // No clash, yet no solution: row 1 leaves r1c9 only 9, and column 9 already holds a 9.
    let g = Grid::from_line(
        "12345678.........9...............................................................",
    )
    .unwrap();
    assert_eq!(solve::solve(&g), Outcome::NoSolution);
}
