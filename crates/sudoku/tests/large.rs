//! Big puzzles from `testdata/large/` (five made hard by SAT-proven removal): each has
//! exactly one solution (proved by counting up to two) and the solution keeps the givens
//! and breaks no rule.
//!
//! The matrix is read by a small helper here; it will switch to the format reader.

use sudoku::solve::general;
use sudoku::{Grid, Shape};

/// Reads a matrix of whitespace-separated integers (`0` or `.` empty), one row per line.
fn read_matrix(name: &str) -> Grid {
    let path = format!("{}/../../testdata/large/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let values: Vec<usize> = text
        .split_whitespace()
        .map(|t| {
            if t == "." {
                0
            } else {
                t.parse().unwrap_or_else(|_| panic!("{path}: {t:?}"))
            }
        })
        .collect();
    let n = (values.len() as f64).sqrt().round() as usize;
    assert_eq!(n * n, values.len(), "{path}: not a square matrix");
    Grid::from_values(Shape::from_side(n).unwrap(), &values).unwrap()
}

fn unique(name: &str) {
    let g = read_matrix(name);
    let s = general::search(&g, None, 2, 2);
    assert_eq!(s.count, 1, "{name}: expected a unique solution");
    let sol = &s.solutions[0];
    assert!(
        sudoku::verify::check_solution_of(&g, sol).is_ok(),
        "{name}: bad solution"
    );
    for c in sudoku::Cell::all(g.shape()) {
        assert_eq!(
            sol.is_given(c),
            g.is_given(c),
            "{name}: givens must stay givens"
        );
    }
}

#[test]
fn four_by_four() {
    unique("rkkautsar-sudoku-4-1.txt");
}

#[test]
fn sixteen_by_sixteen() {
    unique("rkkautsar-sudoku-16-1.txt");
}

#[test]
fn twenty_five_by_twenty_five() {
    unique("rkkautsar-sudoku-25-1.txt");
}

#[test]
fn hundred_by_hundred() {
    unique("rkkautsar-sudoku-100-1.txt");
}

/// Made by SAT-proven removal (`scripts/giant_bench.py --hard`, see the README): CaDiCaL
/// proved each unique; these are the puzzles the bench calls hard.
#[test]
fn hard_twenty_five_by_twenty_five() {
    for k in 1..=3 {
        unique(&format!("hard-25-{k}.txt"));
    }
}

#[test]
fn hard_thirty_six_by_thirty_six() {
    for k in 1..=2 {
        unique(&format!("hard-36-{k}.txt"));
    }
}
