//! The fast 9x9 engine against the general one on random puzzles (the benchmark samples are
//! in `corpus.rs`), its direct API, and reorientation. Every solution is checked by the independent verifier.

use crate::common;

use proptest::prelude::*;
use sudoku::solve::{engine_for, fast9, fast9::Fast9, Engine, General};
use sudoku::transform::Transform;
use sudoku::verify::check_solution_of;
use sudoku::{Candidates, DigitSet, Grid, Shape};

/// The puzzles of a corpus file.
fn load(name: &str) -> Vec<Grid> {
    common::puzzles(&format!("corpus/{name}"))
}

// The fast and general engines on every corpus puzzle, held to the answers in the data:
// `corpus.rs`.

#[test]
fn fast9_is_the_nine_engine() {
    let g = load("top1465-200.txt").remove(0);
    let via = engine_for(&g).search(&g, None, 2, 0);
    let mut cells = [0u8; 81];
    for (c, &v) in cells.iter_mut().zip(g.values()) {
        *c = v as u8;
    }
    let direct = fast9::count(&cells, 2);
    assert_eq!((via.count, via.guesses), (direct.count, direct.guesses));
}

#[test]
fn fast9_solve_finds_one_solution_of_multi_puzzles() {
    for g in load("serg-200.txt").iter().take(50) {
        let mut cells = [0u8; 81];
        for (c, &v) in cells.iter_mut().zip(g.values()) {
            *c = v as u8;
        }
        let (sol, _) = fast9::solve(&cells);
        let sol = sol.expect("serg puzzles have solutions");
        let v: Vec<usize> = sol.iter().map(|&x| x as usize).collect();
        let sol = Grid::from_values(Shape::NINE, &v).unwrap();
        assert!(check_solution_of(g, &sol).is_ok());
    }
}

const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A random grid: a relabelled, row- and column-shuffled solution with some cells emptied,
/// and sometimes a few cells overwritten with random digits (often invalid or unsolvable).
fn random_grid() -> impl Strategy<Value = Grid> {
    (
        Just((1..=9usize).collect::<Vec<_>>()).prop_shuffle(),
        proptest::collection::vec(0..6usize, 6),
        proptest::collection::vec(proptest::bool::weighted(0.7), 81),
        proptest::collection::vec((0..81usize, 1..=9usize), 0..4),
    )
        .prop_map(|(relabel, perms, holes, noise)| {
            const P: [[usize; 3]; 6] = [
                [0, 1, 2],
                [0, 2, 1],
                [1, 0, 2],
                [1, 2, 0],
                [2, 0, 1],
                [2, 1, 0],
            ];
            let base: Vec<usize> = SOLUTION
                .bytes()
                .map(|b| relabel[(b - b'1') as usize])
                .collect();
            // Rows within each band, columns within each stack.
            let row = |r: usize| 3 * (r / 3) + P[perms[r / 3]][r % 3];
            let col = |c: usize| 3 * (c / 3) + P[perms[3 + c / 3]][c % 3];
            let mut v = vec![0usize; 81];
            for r in 0..9 {
                for c in 0..9 {
                    v[9 * r + c] = if holes[9 * r + c] {
                        0
                    } else {
                        base[9 * row(r) + col(c)]
                    };
                }
            }
            for (cell, d) in noise {
                v[cell] = d;
            }
            Grid::from_values(Shape::NINE, &v).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn fast9_agrees_on_random_grids(g in random_grid()) {
        let f = Fast9.search(&g, None, 2, 2);
        let s = General.search(&g, None, 2, 2);
        prop_assert_eq!(f.count, s.count);
        if !g.conflicts().is_empty() {
            prop_assert_eq!(f.count, 0);
        }
        for sol in &f.solutions {
            prop_assert!(check_solution_of(&g, sol).is_ok());
        }
    }
}

/// A random grid with random pencil marks on its empty cells (each candidate kept with
/// probability 0.8, so some marks exclude the solution and some leave cells bare).
fn random_marked() -> impl Strategy<Value = (Grid, Candidates)> {
    (
        random_grid(),
        proptest::collection::vec(proptest::bool::weighted(0.8), 81 * 9),
    )
        .prop_map(|(g, keep)| {
            let mut marks = Candidates::full(g.shape());
            for cell in sudoku::Cell::all(g.shape()) {
                let mut set = DigitSet::EMPTY;
                for d in 0..9 {
                    if keep[cell.index() * 9 + d] {
                        set.insert(sudoku::Digit::from_index(d));
                    }
                }
                marks.set(cell, set);
            }
            (g, marks)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn fast9_agrees_with_marks((g, marks) in random_marked()) {
        let f = Fast9.search(&g, Some(&marks), 2, 2);
        let s = General.search(&g, Some(&marks), 2, 2);
        prop_assert_eq!(f.count, s.count);
        for sol in &f.solutions {
            prop_assert!(check_solution_of(&g, sol).is_ok());
            for cell in sudoku::Cell::all(g.shape()) {
                if g.value(cell) == 0 {
                    prop_assert!(marks.get(cell).contains(sol.get(cell).unwrap()));
                }
            }
        }
    }
}

#[test]
fn fast9_counts_survive_reorientation() {
    for name in ["top1465-200.txt", "serg-200.txt"] {
        for (i, g) in load(name).iter().enumerate().take(60) {
            let t = Transform::seeded(g.shape(), i as u64);
            let h = t.apply(g);
            let (a, b) = (Fast9.search(g, None, 2, 2), Fast9.search(&h, None, 2, 2));
            assert_eq!(a.count, b.count, "{name} #{i}");
            for sol in &b.solutions {
                assert!(check_solution_of(&h, sol).is_ok());
            }
            if a.count == 1 {
                assert_eq!(t.apply(&a.solutions[0]), b.solutions[0]);
            }
        }
    }
}
