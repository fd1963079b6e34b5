//! The SAT back ends behind the hand-over (`sat.rs`, `cadical.rs`, `amo.rs`): each finds
//! checked solutions of the states it is given, follows preferred phases, and stops when
//! told.

use super::tests::{at_root, brute_count, holed, keeping_some, kept_values, random_solution};
use super::*;
use crate::Shape;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[test]
fn sat_engine_honours_a_reached_stop() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    // 16x16 with a third of a solution given: search to the end would find many.
    let g = Grid::empty(Shape::new(4, 4).unwrap());
    let full = search(&g, None, 1, 1).solutions.remove(0);
    let values: Vec<usize> = full
        .values()
        .iter()
        .enumerate()
        .map(|(i, &v)| if i % 3 == 0 { v as usize } else { 0 })
        .collect();
    let g = Grid::from_values(g.shape(), &values).unwrap();
    let (stopped, found) = at_root(&g, |st| {
        let stop = Stop::never().with_cancel(Arc::new(AtomicBool::new(true)));
        // Unbounded, the same state gives two different solutions of the puzzle.
        (
            sat::search(st, &[], 2, &stop, None),
            sat::search(st, &[], 2, &Stop::never(), None),
        )
    })
    .expect("the root propagates");
    assert!(stopped.stopped && stopped.solutions.is_empty());
    assert!(!found.stopped);
    assert_eq!(found.solutions.len(), 2);
    assert_ne!(found.solutions[0], found.solutions[1]);
    for v in &found.solutions {
        let sol = grid_of(&g, v);
        assert!(crate::verify::check_solution_of(&g, &sol).is_ok());
    }
}

#[test]
fn sat_exactly_one_holds_for_pairwise_and_counter_groups() {
    // Groups on both sides of the pairwise limit: exactly one member true, any one may be.
    // On both back ends, and on batsat with the at-most-one as a theory (`amo.rs`).
    let never = Stop::never();
    for b in ["CaDiCaL", "batsat", "batsat theory"] {
        for k in [2usize, 5, sat::PAIRWISE_MAX, sat::PAIRWISE_MAX + 1, 100] {
            let xs: Vec<i32> = (1..=k as i32).collect();
            let mut solver = match b {
                "CaDiCaL" => sat::Backend::cadical(&never),
                _ => sat::Backend::batsat(&never),
            };
            if b == "batsat theory" {
                let mut group = xs.clone();
                group.push(0);
                solver.add_clauses(&group);
                solver.add_groups(&group);
            } else {
                let (mut next, mut cnf) = (k as i32 + 1, Vec::new());
                sat::exactly_one(&mut cnf, &xs, &mut next);
                solver.add_clauses(&cnf);
            }
            assert_eq!(solver.solve(), Some(true), "back end {b}, k {k}");
            let trues = xs.iter().filter(|&&x| solver.is_true(x)).count();
            assert_eq!(trues, 1, "back end {b}, k {k}");
            for &(a, c) in &[(1, 2), (1, k as i32), (k as i32 - 1, k as i32)] {
                let r = solver.solve_assuming(&[a, c]);
                assert_eq!(r, Some(false), "back end {b}, k {k}: {a} and {c}");
            }
            for x in [1, k as i32] {
                let r = solver.solve_assuming(&[x]);
                assert_eq!(r, Some(true), "back end {b}, k {k}: {x} alone");
                assert!(solver.is_true(x), "back end {b}, k {k}: {x} alone");
            }
            let all_false: Vec<i32> = xs.iter().map(|&x| -x).collect();
            let r = solver.solve_assuming(&all_false);
            assert_eq!(r, Some(false), "back end {b}, k {k}: none");
        }
    }
}

#[test]
fn the_at_most_one_theory_counts_every_solution() {
    use rand::SeedableRng;
    // Loose 6x6 states (their CNF's at-most-one groups go to batsat's theory), counted to
    // the end by blocking each solution and asking again: as many as plain backtracking
    // finds, on batsat with the theory and on CaDiCaL given the groups as pairs. Each
    // count runs hundreds of incremental calls, each backtracking the theory's trail.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
    let never = Stop::never();
    let mut counted = 0;
    for shape in [Shape::new(2, 3).unwrap(), Shape::new(3, 2).unwrap()] {
        for _ in 0..6 {
            let g = holed(shape, 0.35, &mut rng);
            let want = brute_count(&g, None, 5000);
            assert!(want < 5000, "a count to the end");
            let Some(cnf) = at_root(&g, |st| sat::Cnf::of(st, &[], &never).unwrap()) else {
                assert_eq!(want, 0);
                continue;
            };
            assert!(cnf.choice.is_batsat(), "{g:?}");
            for backend in [
                sat::Backend::batsat(&never),
                sat::Backend::new(sat::Choice::BatsatShifted, &never),
                sat::Backend::cadical(&never),
            ] {
                let found = cnf.solve(backend, 5000);
                assert!(!found.stopped);
                assert_eq!(found.solutions.len(), want, "{g:?}");
                for v in &found.solutions {
                    let sol = grid_of(&g, v);
                    assert!(crate::verify::check_solution_of(&g, &sol).is_ok(), "{g:?}");
                }
                let distinct: std::collections::HashSet<&Vec<u16>> =
                    found.solutions.iter().collect();
                assert_eq!(distinct.len(), want, "{g:?}");
            }
            counted += want;
        }
    }
    assert!(counted > 100, "the grids had solutions to count: {counted}");
}

#[test]
fn both_back_ends_find_checked_solutions_of_the_states_they_are_given() {
    use rand::SeedableRng;
    // A loose state (a 25x25 with 30% of its cells given) goes to batsat, a tight one
    // (the same grid with 50%) to CaDiCaL; each search gives two different solutions of
    // the grid (or, if it is unique, the one it was cut from), every one checked against
    // the rules and the givens.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
    let shape = Shape::new(5, 5).unwrap();
    let sol = crate::generate::random_solution(shape, &mut rng);
    for (keep, want) in [
        (0.3, sat::Choice::Batsat),
        (0.5, sat::Choice::CadicalStable),
    ] {
        let values = kept_values(&sol, keep, &mut rng);
        let g = Grid::from_values(shape, &values).unwrap();
        let (choice, found) = at_root(&g, |st| {
            (
                sat::Choice::for_state(st),
                sat::search(st, &[], 2, &Stop::never(), None),
            )
        })
        .expect("the root propagates");
        assert_eq!(choice, want, "{keep}");
        assert!(!found.stopped, "{keep}");
        for v in &found.solutions {
            let s = grid_of(&g, v);
            assert!(crate::verify::check_solution_of(&g, &s).is_ok(), "{keep}");
        }
        if found.solutions.len() == 2 {
            assert_ne!(found.solutions[0], found.solutions[1], "{keep}");
        } else {
            // Unique: the one solution is the grid it was cut from.
            assert_eq!(found.solutions.len(), 1, "{keep}");
            assert_eq!(grid_of(&g, &found.solutions[0]), sol, "{keep}");
        }
    }
}

/// A back end told to prefer a solution of the state finds it first: every decision
/// follows it and none can clash. Without the preference each finds another one first,
/// so the test tells the two apart.
#[test]
fn each_back_end_finds_the_solution_it_is_told_to_prefer_first() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let shape = Shape::new(4, 4).unwrap();
    let sol = random_solution(shape, &mut rng);
    let g = keeping_some(&sol, 0.3, &mut rng);
    let never = Stop::never();
    at_root(&g, |st| {
        let cnf = sat::Cnf::of(st, &[], &never).expect("no stop");
        for choice in [
            sat::Choice::Batsat,
            sat::Choice::BatsatShifted,
            sat::Choice::CadicalStable,
            sat::Choice::Cadical,
        ] {
            let first = |near: Option<&[u16]>| {
                let found = cnf.solve(cnf.backend(choice, near, &never), 1);
                found.solutions[0].clone()
            };
            assert_ne!(first(None), sol.values(), "{choice:?}");
            assert_eq!(first(Some(sol.values())), sol.values(), "{choice:?}");
        }
    })
    .expect("the root propagates");
}

/// CaDiCaL follows the preferred phases for [`sat::NEAR_CONFLICTS`] conflicts a call, then
/// its own: a pigeonhole problem (seven pigeons, six holes) takes more conflicts than that
/// to refute, and is still refuted, and a problem answered at once keeps them.
#[test]
fn cadical_lets_the_preferred_phases_go_after_its_budget() {
    let never = Stop::never();
    let var = |p: i32, h: i32| p * 6 + h + 1;
    let mut holes: Vec<i32> = Vec::new();
    for p in 0..7 {
        holes.extend((0..6).map(|h| var(p, h)));
        holes.push(0);
        for q in p + 1..7 {
            for h in 0..6 {
                holes.extend([-var(p, h), -var(q, h), 0]);
            }
        }
    }
    let mut sat = sat::Backend::new(sat::Choice::CadicalStable, &never);
    sat.prefer(&[true; 42]);
    sat.add_clauses(&holes);
    assert!(sat.preferring());
    assert_eq!(sat.solve(), Some(false));
    assert!(!sat.preferring(), "the budget ran out");
    let mut easy = sat::Backend::new(sat::Choice::CadicalStable, &never);
    easy.prefer(&[true; 2]);
    easy.add_clauses(&[1, 2, 0, -1, -2, 0]);
    assert_eq!(easy.solve(), Some(true));
    assert!(easy.is_true(1) != easy.is_true(2));
    assert!(easy.preferring());
}

#[test]
fn the_back_end_follows_the_looseness_and_the_side() {
    use sat::Choice;
    // 36 empty cells of a 36x36: 11 candidates each (0.31 of the side) is loose, 10 (0.28
    // less a little) not.
    assert_eq!(Choice::of(36, 36, 36 * 11), Choice::Batsat);
    assert_eq!(Choice::of(36, 36, 36 * 10), Choice::CadicalStable);
    // Over 81x81 a loose state stays with CaDiCaL.
    assert_eq!(Choice::of(81, 10, 10 * 27), Choice::Batsat);
    assert_eq!(Choice::of(100, 10, 10 * 33), Choice::CadicalStable);
    // Under an eighth of the side (the rkkautsar 64x64 files' states) too: `sat`.
    assert_eq!(Choice::of(64, 10, 10 * 7), Choice::CadicalStable);
}

#[test]
fn only_tight_states_from_49x49_up_sort_their_cells() {
    use rand::SeedableRng;
    // Random-holed grids at 60% givens are tight: a 36x36's CNF numbers its cells in row
    // order, a 49x49's fewest-candidates-last; at 30% (loose) both keep row order.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(36);
    for (box_side, fill, want_rows) in [(6, 0.6, true), (7, 0.6, false), (7, 0.3, true)] {
        let g = holed(Shape::new(box_side, box_side).unwrap(), fill, &mut rng);
        let cnf = at_root(&g, |st| sat::Cnf::of(st, &[], &Stop::never()).unwrap())
            .expect("the root propagates");
        // Each open cell's first variable, in cell order.
        let n = g.shape().side();
        let firsts: Vec<i32> = (0..n * n)
            .filter_map(|c| (0..n).map(|d| cnf.var_of(c, d)).find(|&v| v != 0))
            .collect();
        assert!(firsts.len() > n, "{box_side}: {fill}");
        let rows = firsts.windows(2).all(|w| w[0] < w[1]);
        assert_eq!(rows, want_rows, "{box_side}: {fill}");
    }
}

#[test]
fn loading_a_huge_cnf_looks_at_the_stop() {
    // A loose 225x225 handed over took a minute to load into CaDiCaL under a 20 s limit.
    let (mut next, mut cnf) = (641, Vec::new());
    for group in 0..10 {
        let xs: Vec<i32> = (1..=64).map(|x| group * 64 + x).collect();
        sat::exactly_one(&mut cnf, &xs, &mut next);
    }
    assert!(cnf.iter().filter(|&&x| x == 0).count() > 16_384);
    let stop = Stop::never().with_cancel(Arc::new(AtomicBool::new(true)));
    assert!(!sat::Backend::cadical(&stop).add_clauses_until_stop(&cnf));
    let never = Stop::never();
    let mut solver = sat::Backend::cadical(&never);
    assert!(solver.add_clauses_until_stop(&cnf));
    assert_eq!(solver.solve(), Some(true));
}

#[test]
fn batsat_stops_when_told_and_stays_stopped() {
    // A cancelled stop is seen on batsat's first question, and on every call after.
    let stop = Stop::never().with_cancel(Arc::new(AtomicBool::new(true)));
    let mut solver = sat::Backend::batsat(&stop);
    let xs: Vec<i32> = (1..=40).collect();
    let (mut next, mut cnf) = (41, Vec::new());
    sat::exactly_one(&mut cnf, &xs, &mut next);
    solver.add_clauses(&cnf);
    assert_eq!(solver.solve(), None);
    assert_eq!(solver.solve(), None);
    // The same formula, unbounded, has a model.
    let never = Stop::never();
    let mut solver = sat::Backend::batsat(&never);
    solver.add_clauses(&cnf);
    assert_eq!(solver.solve(), Some(true));
}
