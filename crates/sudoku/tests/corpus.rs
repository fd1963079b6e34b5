//! Every puzzle of the corpus samples through the solvers: counts are what the sets are known
//! to have, and every solution passes the independent verifier and keeps the givens.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use sudoku::solve::{self, general, Outcome};
use sudoku::{format, verify, Grid, Shape};

fn corpus(name: &str) -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/corpus")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let grids: Vec<Grid> = format::read_str(&text, Default::default())
        .into_iter()
        .map(|r| r.expect("corpus parses").grid)
        .collect();
    assert!(!grids.is_empty(), "{name} is empty");
    grids
}

fn assert_unique(name: &str) {
    for (i, g) in corpus(name).iter().enumerate() {
        match solve::solve(g) {
            Outcome::Unique(s) => verify::check_solution_of(g, &s)
                .unwrap_or_else(|v| panic!("{name}:{}: {v:?}", i + 1)),
            other => panic!("{name}:{}: expected unique, got {}", i + 1, other.status()),
        }
    }
}

#[test]
fn seventeen_clue_puzzles_are_unique() {
    assert_unique("17clue-100.txt");
}

#[test]
fn top1465_puzzles_are_unique() {
    assert_unique("top1465-100.txt");
}

#[test]
fn hardest_puzzles_are_unique() {
    assert_unique("hardest1106-30.txt");
    assert_unique("hardest1905-40.txt");
}

#[test]
fn serg_puzzles_have_several_solutions() {
    for (i, g) in corpus("serg-100.txt").iter().enumerate() {
        match solve::solve(g) {
            Outcome::Multiple(a, b) => {
                assert_ne!(a, b, "serg:{}", i + 1);
                for s in [a, b] {
                    verify::check_solution_of(g, &s)
                        .unwrap_or_else(|v| panic!("serg:{}: {v:?}", i + 1));
                }
            }
            other => panic!("serg:{}: expected multiple, got {}", i + 1, other.status()),
        }
    }
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
