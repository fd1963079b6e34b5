//! Giant and sparse grids: empty grids answered from patterns, time limits and cancels that
//! cut the general solver and the generator short, and big-grid generation whose puzzles
//! propagation alone solves (so they are unique).

use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use sudoku::generate::{GenerateError, Generator, Symmetry};
use sudoku::solve::{self, general, Outcome};
use sudoku::{Grid, Shape, Stop};

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).unwrap()
}

/// A stop that is reached already (a cancel flag set).
fn cancelled() -> Stop {
    Stop::never().with_cancel(Arc::new(AtomicBool::new(true)))
}

#[test]
fn empty_grids_have_two_valid_different_solutions_at_every_size() {
    for (r, c) in [
        (4, 4),
        (2, 8),
        (1, 16),
        (5, 5),
        (4, 5),
        (6, 6),
        (8, 8),
        (10, 10),
        (5, 20),
        (20, 20),
        (1, 400),
    ] {
        let g = Grid::empty(shape(r, c));
        let s = general::search(&g, None, 2, 2);
        assert_eq!(s.count, 2, "{r}x{c}");
        assert_eq!(s.solutions.len(), 2);
        assert_ne!(s.solutions[0], s.solutions[1], "{r}x{c}");
        for sol in &s.solutions {
            assert!(sol.is_solution(), "{r}x{c}");
            assert_eq!(sol.given_count(), 0, "{r}x{c}: no givens to keep");
        }
        assert!(matches!(solve::solve(&g), Outcome::Multiple(..)), "{r}x{c}");
    }
}

#[test]
fn empty_grid_counts_reach_the_limit_with_distinct_solutions() {
    let g = Grid::empty(shape(4, 4));
    let s = general::search(&g, None, 40, 40);
    assert_eq!(s.count, 40);
    for (i, a) in s.solutions.iter().enumerate() {
        assert!(a.is_solution());
        assert!(
            s.solutions[..i].iter().all(|b| b != a),
            "solution {i} repeats"
        );
    }
    // The 4x4 count is exact (not the shortcut): 288.
    assert_eq!(
        general::search(&Grid::empty(shape(2, 2)), None, 1000, 0).count,
        288
    );
}

#[test]
fn grids_with_one_given_are_solved() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
    for (r, c) in [(4, 4), (8, 8), (10, 10), (20, 20)] {
        let sh = shape(r, c);
        let n = sh.side();
        let mut values = vec![0usize; n * n];
        values[rng.gen_range(0..n * n)] = rng.gen_range(1..=n);
        let g = Grid::from_values(sh, &values).unwrap();
        let s = general::search(&g, None, 2, 2);
        assert_eq!(s.count, 2, "{r}x{c}");
        for sol in &s.solutions {
            assert!(
                sudoku::verify::check_solution_of(&g, sol).is_ok(),
                "{r}x{c}"
            );
        }
        assert_ne!(s.solutions[0], s.solutions[1]);
    }
}

#[test]
fn a_reached_stop_cuts_the_search_short() {
    // 49x49 with a few givens: propagation alone takes thousands of steps.
    let sh = shape(7, 7);
    let n = sh.side();
    let solution = general::search(&Grid::empty(sh), None, 1, 1)
        .solutions
        .remove(0);
    let values: Vec<usize> = solution
        .values()
        .iter()
        .enumerate()
        .map(|(i, &v)| if i % 7 == 0 { v as usize } else { 0 })
        .collect();
    let g = Grid::from_values(sh, &values).unwrap();
    assert_eq!(values.len(), n * n);
    let s = general::search_with(&g, None, 2, 2, &cancelled(), general::Options::default());
    assert!(s.stopped);
    assert!(solve::solve_until(&g, None, &cancelled()).is_err());
    assert!(solve::count_until(&g, None, 2, &cancelled()).is_err());
    // Without the stop the same grid is answered (and `stopped` stays false).
    let s = general::search_with(&g, None, 1, 1, &Stop::never(), general::Options::default());
    assert!(!s.stopped);
    assert_eq!(s.count, 1);
    assert!(sudoku::verify::check_solution_of(&g, &s.solutions[0]).is_ok());
}

#[test]
fn a_reached_stop_stops_the_generator() {
    for sh in [Shape::NINE, shape(4, 4), shape(6, 6)] {
        let err = Generator::new(sh)
            .seed(1)
            .generate_until(0, &cancelled())
            .unwrap_err();
        assert_eq!(err, GenerateError::Stopped { attempts: 0 }, "{sh}");
    }
}

/// Checks a generated puzzle: its givens agree with the solution, the solution is valid,
/// propagation alone fills the puzzle, and the exhaustive count agrees it is unique.
fn check_generated(p: &sudoku::generate::Generated, count_too: bool) {
    assert!(p.solution.is_solution());
    assert!(sudoku::verify::check_solution_of(&p.puzzle, &p.solution).is_ok());
    assert!(general::fills_by_propagation(&p.puzzle, &Stop::never()).unwrap());
    if count_too {
        assert_eq!(solve::count_solutions(&p.puzzle, 2), 1);
    }
}

#[test]
fn big_grids_are_generated_unique_by_propagation() {
    let p = Generator::new(shape(6, 6)).seed(3).generate(0).unwrap();
    check_generated(&p, true);
    // Well below the full grid.
    assert!(
        p.puzzle.given_count() < 36 * 36 * 3 / 4,
        "{}",
        p.puzzle.given_count()
    );
    let p = Generator::new(shape(7, 7))
        .symmetry(Symmetry::Rotational180)
        .seed(4)
        .generate(0)
        .unwrap();
    check_generated(&p, true);
    assert!(p.symmetries.contains(&Symmetry::Rotational180));
    // A givens range is honoured.
    let cells = 36 * 36;
    let p = Generator::new(shape(6, 6))
        .givens(cells * 6 / 10..=cells * 7 / 10)
        .seed(5)
        .generate(0)
        .unwrap();
    check_generated(&p, true);
    assert!((cells * 6 / 10..=cells * 7 / 10).contains(&p.puzzle.given_count()));
}

#[test]
fn shapes_off_the_search_path_are_generated_by_propagation() {
    // From 26x26 up, and Latin-square boxes (one cell wide) from 16x16 up, a removal by
    // searches to 50-55% givens lands on the hardness peak: there is no default range, and
    // the puzzles propagation fills. 5x5 and 2x12 boxes keep the search and its range.
    for sh in [
        shape(4, 8),
        shape(7, 5),
        shape(2, 13),
        shape(1, 24),
        shape(20, 1),
    ] {
        assert_eq!(sudoku::generate::default_givens(sh), None, "{sh}");
        let p = Generator::new(sh).seed(2).generate(0).unwrap();
        check_generated(&p, true);
        let cells = sh.cell_count();
        assert!(
            p.puzzle.given_count() < cells * 3 / 5,
            "{sh}: {}",
            p.puzzle.given_count()
        );
    }
    for sh in [shape(5, 5), shape(2, 12), shape(4, 4)] {
        let cells = sh.cell_count();
        let range = Some(cells / 2..=cells * 55 / 100);
        assert_eq!(sudoku::generate::default_givens(sh), range, "{sh}");
    }
}

#[test]
fn minimal_big_puzzles_are_minimal_for_propagation() {
    // From 26x26 up (smaller minimal puzzles are truly minimal, by searches too slow for
    // a debug build; the generator's unit tests check that pass at 16x16).
    for (sh, sym) in [
        (shape(4, 8), Symmetry::None),
        (shape(6, 6), Symmetry::None),
        (shape(6, 6), Symmetry::Rotational90),
        (shape(6, 6), Symmetry::Diagonal),
    ] {
        let p = Generator::new(sh)
            .minimal(true)
            .symmetry(sym)
            .seed(12)
            .generate(0)
            .unwrap();
        check_generated(&p, true);
        assert!(
            sym == Symmetry::None || p.symmetries.contains(&sym),
            "{sh} {sym:?}"
        );
        // No orbit can go with propagation still filling the grid.
        for orbit in sym.orbits(sh) {
            if p.puzzle.value(orbit[0]) == 0 {
                continue;
            }
            let mut g = p.puzzle.clone();
            for &c in &orbit {
                g.set(c, None);
            }
            assert!(
                !general::fills_by_propagation(&g, &Stop::never()).unwrap(),
                "{sh} {sym:?}: {orbit:?} could go"
            );
        }
    }
}

#[test]
fn a_stop_during_removal_stops_the_generator() {
    // 100x100 takes seconds in a debug build: a stop after 50 ms comes inside the removal.
    let stop = Stop::after(std::time::Duration::from_millis(50));
    let err = Generator::new(shape(10, 10))
        .seed(1)
        .generate_until(0, &stop)
        .unwrap_err();
    assert!(matches!(err, GenerateError::Stopped { .. }), "{err}");
}

#[test]
fn giant_grids_are_generated_from_singles() {
    for (r, c) in [(20, 20), (1, 400)] {
        let p = Generator::new(shape(r, c)).seed(6).generate(0).unwrap();
        check_generated(&p, false);
        assert!(p.puzzle.given_count() < 400 * 400, "{r}x{c}: some cells go");
    }
}

#[test]
fn propagation_proof_agrees_with_counting() {
    // Puzzles from 16x16 solutions with random holes: where propagation fills them, the
    // count must be one; puzzles it does not fill can be anything.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let sh = shape(4, 4);
    let mut filled = 0;
    for round in 0..60 {
        let sol = Generator::new(sh).seed(round).generate(0).unwrap().solution;
        let keep: f64 = rng.gen_range(0.3..0.9);
        let values: Vec<usize> = sol
            .values()
            .iter()
            .map(|&v| if rng.gen_bool(keep) { v as usize } else { 0 })
            .collect();
        let g = Grid::from_values(sh, &values).unwrap();
        if general::fills_by_propagation(&g, &Stop::never()).unwrap() {
            filled += 1;
            assert_eq!(solve::count_solutions(&g, 2), 1, "{g:?}");
        }
    }
    assert!(
        filled > 0 && filled < 60,
        "{filled}: both kinds should come up"
    );
}

/// A solved `n`x`n` grid (square boxes) shuffled by bands, rows, stacks, columns and
/// digits, then holed: each cell kept with probability `keep`.
fn random_holed(b: usize, keep: f64, seed: u64) -> Grid {
    use rand::seq::SliceRandom;
    let n = b * b;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let full = solve::solution(&Grid::empty(shape(b, b))).unwrap();
    let order = |rng: &mut rand_chacha::ChaCha8Rng| {
        let mut bands: Vec<usize> = (0..b).collect();
        bands.shuffle(rng);
        let mut out = Vec::new();
        for g in bands {
            let mut inner: Vec<usize> = (g * b..(g + 1) * b).collect();
            inner.shuffle(rng);
            out.extend(inner);
        }
        out
    };
    let (rows, cols) = (order(&mut rng), order(&mut rng));
    let mut digits: Vec<usize> = (1..=n).collect();
    digits.shuffle(&mut rng);
    let v = full.values();
    let mut values = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            if rng.gen_bool(keep) {
                values[r * n + c] = digits[v[rows[r] * n + cols[c]] as usize - 1];
            }
        }
    }
    Grid::from_values(shape(b, b), &values).unwrap()
}

#[test]
fn nearly_empty_64x64_grids_get_two_checked_solutions() {
    for (keep, seed) in [(0.01, 1), (0.05, 2), (0.10, 3)] {
        let g = random_holed(8, keep, seed);
        assert!(g.given_count() > 0);
        // A bound, not a timing assertion: the answer is expected at once.
        let out = solve::solve_until(&g, None, &Stop::after(std::time::Duration::from_secs(120)))
            .expect("answered");
        let Outcome::Multiple(a, b) = out else {
            panic!("{keep}: {}", out.status());
        };
        for s in [&a, &b] {
            sudoku::verify::check_solution_of(&g, s).unwrap();
        }
        assert_ne!(a, b, "{keep}");
    }
}

#[test]
fn nearly_empty_grids_of_odd_boxes_get_two_checked_solutions() {
    // 81x81: no two-by-two swap in the formula grid; the second solution is a longer cycle.
    let g = random_holed(9, 0.03, 4);
    let out = solve::solve_until(&g, None, &Stop::after(std::time::Duration::from_secs(120)))
        .expect("answered");
    let Outcome::Multiple(a, b) = out else {
        panic!("{}", out.status());
    };
    sudoku::verify::check_solution_of(&g, &a).unwrap();
    sudoku::verify::check_solution_of(&g, &b).unwrap();
    assert_ne!(a, b);
}
