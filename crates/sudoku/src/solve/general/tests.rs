use super::*;
use crate::index::{Cell, Digit};
use crate::Shape;

#[test]
fn classic_unique() {
    let g = Grid::from_line(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let s = search(&g, None, 2, 2);
    assert_eq!(s.count, 1);
    assert!(crate::verify::check_solution_of(&g, &s.solutions[0]).is_ok());
}

#[test]
fn empty_six_by_six_has_many() {
    let g = Grid::empty(Shape::new(2, 3).unwrap());
    let s = search(&g, None, 5, 5);
    assert_eq!(s.count, 5);
    for sol in &s.solutions {
        assert!(sol.is_solution());
    }
    assert_ne!(s.solutions[0], s.solutions[1]);
}

#[test]
fn clash_means_no_solution() {
    let g = Grid::from_line("11..............").unwrap();
    assert_eq!(search(&g, None, 2, 0).count, 0);
}

/// Counts solutions by plain cell-by-cell backtracking, up to `limit`, inside `marks`.
pub(super) fn brute_count(grid: &Grid, marks: Option<&Candidates>, limit: usize) -> usize {
    fn ok(v: &[usize], shape: Shape, cell: usize, d: usize) -> bool {
        let c = Cell::new(cell);
        c.peers(shape).all(|p| v[p.index()] != d)
    }
    fn go(
        v: &mut Vec<usize>,
        shape: Shape,
        marks: Option<&Candidates>,
        at: usize,
        limit: usize,
    ) -> usize {
        let Some(cell) = (at..v.len()).find(|&i| v[i] == 0) else {
            return 1;
        };
        let mut count = 0;
        for d in 1..=shape.side() {
            let allowed = marks.is_none_or(|m| m.get(Cell::new(cell)).contains(Digit::new(d)));
            if allowed && ok(v, shape, cell, d) {
                v[cell] = d;
                count += go(v, shape, marks, cell + 1, limit - count);
                v[cell] = 0;
                if count >= limit {
                    break;
                }
            }
        }
        count
    }
    if !grid.conflicts().is_empty() {
        return 0;
    }
    let mut v: Vec<usize> = grid.values().iter().map(|&x| x as usize).collect();
    go(&mut v, grid.shape(), marks, 0, limit)
}

/// What `f` makes of `g`'s root state, its givens placed and propagated; `None` when
/// that already refutes the grid.
pub(super) fn at_root<R>(g: &Grid, f: impl FnOnce(&mut Solver<'_>) -> R) -> Option<R> {
    let geo = Geometry::new(g.shape());
    let never = Stop::never();
    let mut st = Solver::new(&geo, g, &never)?;
    (st.queue_all() && st.propagate()).then(|| f(&mut st))
}

/// A random solved grid: the first solution of an empty grid, with digits relabelled and
/// rows permuted inside their bands and columns inside their stacks.
pub(super) fn random_solution(shape: Shape, rng: &mut rand_chacha::ChaCha8Rng) -> Grid {
    use rand::seq::SliceRandom;
    let n = shape.side();
    let base = search(&Grid::empty(shape), None, 1, 1)
        .solutions
        .pop()
        .unwrap();
    let mut relabel: Vec<usize> = (1..=n).collect();
    relabel.shuffle(rng);
    let perm = |size: usize, group: usize, rng: &mut rand_chacha::ChaCha8Rng| {
        let mut p: Vec<usize> = Vec::with_capacity(size);
        for g in 0..size / group {
            let mut inner: Vec<usize> = (g * group..(g + 1) * group).collect();
            inner.shuffle(rng);
            p.extend(inner);
        }
        p
    };
    let rows = perm(n, shape.box_rows(), rng);
    let cols = perm(n, shape.box_cols(), rng);
    let mut values = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            values[r * n + c] = relabel[base.values()[rows[r] * n + cols[c]] as usize - 1];
        }
    }
    let g = Grid::from_values(shape, &values).unwrap();
    assert!(g.is_solution());
    g
}

#[test]
fn random_puzzles_match_brute_force() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261122);
    let shapes = [
        (2, 2, 300),
        (2, 3, 200),
        (2, 4, 60),
        (3, 4, 30),
        (4, 4, 12),
        (1, 4, 50),
        (3, 2, 50),
        (1, 2, 10),
        (2, 1, 10),
        (6, 1, 20),
    ];
    for (br, bc, rounds) in shapes {
        let shape = Shape::new(br, bc).unwrap();
        let n = shape.side();
        let tiny = n <= 6;
        for round in 0..rounds {
            let sol = random_solution(shape, &mut rng);
            let keep: f64 = rng.gen_range(0.15..0.8);
            let mut values = kept_values(&sol, keep, &mut rng);
            if tiny && round % 3 == 0 {
                // Some noise, so that unsolvable and clashing puzzles come up too.
                let i = rng.gen_range(0..n * n);
                values[i] = rng.gen_range(1..=n);
            }
            let g = Grid::from_values(shape, &values).unwrap();
            let limit = 40;
            let s = search(&g, None, limit, 3);
            assert!(s.count <= limit);
            assert_eq!(s.solutions.len(), s.count.min(3));
            for x in &s.solutions {
                assert!(crate::verify::check_solution_of(&g, x).is_ok(), "{g:?}");
            }
            if s.solutions.len() > 1 {
                assert_ne!(s.solutions[0], s.solutions[1]);
            }
            // Restarting after every failure, probing (before the search, or at its first
            // restart), plain value order, the size buckets, the singles pass at every side
            // or none, and other salts count the same.
            let other = Tuning {
                restart_unit: 1,
                full_restart_every: if round % 3 == 0 {
                    1
                } else {
                    2 + round as u64 % 3
                },
                probe_min_side: 0,
                probe_max_size: 4,
                probe_first_side: if round % 2 == 0 { 0 } else { usize::MAX },
                lcv: false,
                phase_below_percent: 1,
                sat_after: u64::MAX,
                sat_early_side: usize::MAX,
                loose_search_below: 0,
                formula_fit: false,
                fit_first_open_permille: if round % 2 == 0 { 0 } else { 1001 },
                fit_first_side: if round % 2 == 0 { 0 } else { usize::MAX },
                buckets_below: 101,
                endgame_filter_below: if round % 2 == 0 { 1000 } else { 0 },
                endgame_filter_every: round as u64 % 3,
                first_pass_from_side: if round % 2 == 0 { 0 } else { usize::MAX },
                residual_max_permille: if round % 3 == 0 { 0 } else { 1000 },
                seed: round as u64 % 4,
            };
            assert_eq!(
                run(
                    Question::new(&g, limit, 0),
                    other,
                    &Stop::never(),
                    Options::default()
                )
                .count,
                s.count,
                "{g:?}"
            );
            // The SAT engine from the root, and after a few failures (blocking what
            // depth-first search already found), counts the same distinct solutions; in
            // odd rounds the root is probed at the hand-over first.
            for sat_after in [0, 3] {
                let t = Tuning {
                    sat_after,
                    probe_min_side: if round % 2 == 0 { usize::MAX } else { 0 },
                    probe_first_side: usize::MAX,
                    ..Tuning::default()
                };
                let x = run(
                    Question::new(&g, limit, limit),
                    t,
                    &Stop::never(),
                    Options::default(),
                );
                assert_eq!(x.count, s.count, "sat_after {sat_after}: {g:?}");
                for sol in &x.solutions {
                    assert!(crate::verify::check_solution_of(&g, sol).is_ok(), "{g:?}");
                }
                let mut seen = by_value(&x.solutions);
                seen.dedup();
                assert_eq!(seen.len(), x.count, "distinct solutions: {g:?}");
            }
            if tiny {
                assert_eq!(s.count, brute_count(&g, None, limit), "{g:?}");
                // Random pencil marks, always keeping the solution's digit.
                let mut marks = Candidates::full(shape);
                for c in Cell::all(shape) {
                    let mut set = crate::DigitSet::EMPTY;
                    for d in Digit::all(shape) {
                        if rng.gen_bool(0.6) || d.get() == sol.value(c) {
                            set.insert(d);
                        }
                    }
                    marks.set(c, set);
                }
                let m = search(&g, Some(&marks), limit, 1);
                assert_eq!(m.count, brute_count(&g, Some(&marks), limit), "{g:?}");
            } else if values
                .iter()
                .zip(sol.values())
                .all(|(&a, &b)| a == 0 || a == b as usize)
            {
                assert!(s.count >= 1, "{g:?}");
            }
        }
    }
}

#[test]
fn limit_zero_and_keep_zero() {
    let g = Grid::empty(Shape::new(2, 2).unwrap());
    assert_eq!(search(&g, None, 0, 5).count, 0);
    let s = search(&g, None, 1000, 0);
    assert_eq!((s.count, s.solutions.len()), (288, 0));
}

#[test]
fn givens_stay_givens() {
    let g = Grid::from_line("1...............").unwrap();
    let s = search(&g, None, 1, 1);
    let sol = &s.solutions[0];
    assert!(sol.is_given(Cell::new(0)));
    assert!(Cell::all(g.shape()).skip(1).all(|c| !sol.is_given(c)));
}
#[test]
fn failed_guess_leaves_no_stale_singles() {
    // top1465 #47: an older version reported 0 solutions, because singles queued by a
    // guess that failed were applied to the state restored after it.
    let g = Grid::from_line(
        "...9.3.5.2.....7............59..1......4..6...43......4..67...........91....2....",
    )
    .unwrap();
    assert_eq!(search(&g, None, 2, 0).count, 1);
}

#[test]
fn marks_apply_to_cells_filled_by_propagation() {
    let g = Grid::from_line(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    // Singles fill r1c3 with 4; marks without 4 there leave no solution.
    let mut marks = crate::Candidates::full(g.shape());
    let mut set = crate::DigitSet::full(9);
    set.remove(crate::Digit::new(4));
    marks.set(crate::Cell::new(2), set);
    assert_eq!(search(&g, Some(&marks), 2, 0).count, 0);
}

#[test]
fn all_different_keeps_every_solution_and_removes_more_than_propagation() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let mut removed = 0;
    for round in 0..120 {
        let shape = if round % 2 == 0 {
            Shape::NINE
        } else {
            Shape::new(2, 3).unwrap()
        };
        let sol = crate::generate::random_solution(shape, &mut rng);
        let keep: f64 = rng.gen_range(0.2..0.6);
        let mut values = kept_values(&sol, keep, &mut rng);
        // Now and then a wrong given, so that some grids have no solution.
        if round % 5 == 0 {
            let i = rng.gen_range(0..values.len());
            values[i] = rng.gen_range(1..=shape.side());
        }
        let Ok(g) = Grid::from_values(shape, &values) else {
            continue;
        };
        let all = search(&g, None, 50, 50);
        let geo = Geometry::new(shape);
        let stop = Stop::never();
        let Some(mut st) = Solver::new(&geo, &g, &stop) else {
            assert_eq!(all.count, 0);
            continue;
        };
        // With a trail, sweeps after the first look only at the houses it shows changed.
        st.recording = round % 3 == 0;
        if !(st.queue_all() && st.propagate()) {
            assert_eq!(all.count, 0);
            continue;
        }
        let before: usize = st.ncand.iter().map(|&k| k as usize).sum();
        if !st.all_different() {
            assert_eq!(all.count, 0, "{g:?}");
            continue;
        }
        removed += before - st.ncand.iter().map(|&k| k as usize).sum::<usize>();
        for s in &all.solutions {
            for c in Cell::all(shape) {
                let d = s.get(c).expect("solved").index();
                assert!(st.has(c.index(), d), "{g:?}: {c:?} lost its solution digit");
            }
        }
        if st.empty == 0 {
            assert_eq!(all.count, 1, "{g:?}");
        }
    }
    assert!(removed > 0, "the filter removed nothing propagation left");
}

#[test]
fn all_different_refutes_three_cells_with_two_digits() {
    let shape = Shape::NINE;
    let geo = Geometry::new(shape);
    let stop = Stop::never();
    let mut st = Solver::new(&geo, &Grid::empty(shape), &stop).unwrap();
    assert!(st.queue_all());
    // r1c1, r1c2, r1c3 may only hold 1 or 2: no singles, no locked candidates, but no
    // way to give the three cells different digits.
    for cell in 0..3 {
        for d in 2..9 {
            assert!(st.eliminate(cell, d));
        }
    }
    assert!(st.propagate());
    assert!(!st.all_different());
    // Two cells with two digits are a naked pair: the digits leave the rest of the row.
    let mut st = Solver::new(&geo, &Grid::empty(shape), &stop).unwrap();
    assert!(st.queue_all());
    for cell in 0..2 {
        for d in 2..9 {
            assert!(st.eliminate(cell, d));
        }
    }
    assert!(st.propagate() && st.all_different());
    for cell in 3..9 {
        assert!(!st.has(cell, 0) && !st.has(cell, 1), "r1c{}", cell + 1);
    }
}

/// The puzzle of `solution` that keeps the groups marked in `kept` (and every cell in no
/// group).
fn keeping(solution: &Grid, groups: &[Vec<Cell>], kept: &[bool]) -> Grid {
    let mut g = solution.clone();
    for (group, _) in groups.iter().zip(kept).filter(|(_, &k)| !k) {
        for &c in group {
            g.set(c, None);
        }
    }
    g
}

#[test]
fn reduction_on_the_trail_is_sequential_deletion() {
    use super::reduce::{reduce, Bounds};
    use crate::generate::Symmetry;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for (sh, sym, bounds) in [
        (Shape::new(4, 4).unwrap(), Symmetry::None, (0, 0)),
        (Shape::new(5, 5).unwrap(), Symmetry::Rotational180, (0, 0)),
        (Shape::new(4, 4).unwrap(), Symmetry::None, (120, 0)),
        (Shape::new(4, 4).unwrap(), Symmetry::Vertical, (0, 150)),
    ] {
        let solution = crate::generate::random_solution(sh, &mut rng);
        let mut groups = sym.orbits(sh);
        groups.shuffle(&mut rng);
        let (min_givens, target) = bounds;
        let kept = reduce(
            &solution,
            &groups,
            Bounds { min_givens, target },
            &Stop::never(),
        )
        .unwrap();
        // The same, one propagation from scratch per group.
        let mut naive = vec![true; groups.len()];
        let mut count = sh.cell_count();
        for i in 0..groups.len() {
            if count <= target || count < min_givens + groups[i].len() {
                continue;
            }
            naive[i] = false;
            let g = keeping(&solution, &groups, &naive);
            if fills_by_propagation(&g, &Stop::never()).unwrap() {
                count -= groups[i].len();
            } else {
                naive[i] = true;
            }
        }
        assert_eq!(kept, naive, "{sh} {sym:?} {bounds:?}");
        assert!(kept.iter().any(|&k| !k), "{sh}: some groups go");
        let puzzle = keeping(&solution, &groups, &kept);
        assert!(puzzle.given_count() >= min_givens);
        assert!(fills_by_propagation(&puzzle, &Stop::never()).unwrap());
    }
}

/// Random-holed puzzles (a random solution, each cell kept with probability `fill`).
pub(super) fn holed(shape: Shape, fill: f64, rng: &mut rand_chacha::ChaCha8Rng) -> Grid {
    let sol = random_solution(shape, rng);
    keeping_some(&sol, fill, rng)
}

/// `sol` with each cell kept with probability `fill`.
pub(super) fn keeping_some(sol: &Grid, fill: f64, rng: &mut rand_chacha::ChaCha8Rng) -> Grid {
    Grid::from_values(sol.shape(), &kept_values(sol, fill, rng)).unwrap()
}

/// The values of `sol` with each cell kept with probability `fill` (0: empty): tests that
/// add noise before building their grid.
pub(super) fn kept_values(sol: &Grid, fill: f64, rng: &mut impl rand::Rng) -> Vec<usize> {
    sol.values()
        .iter()
        .map(|&v| if rng.gen_bool(fill) { v as usize } else { 0 })
        .collect()
}

#[test]
fn portfolio_answers_as_the_single_engine() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261127);
    let mut raced = [0usize; 3];
    let mut sorted = [0usize; 2];
    for (br, bc, rounds) in [(2, 2, 30), (2, 3, 30), (3, 3, 30), (3, 4, 10), (4, 4, 10)] {
        let shape = Shape::new(br, bc).unwrap();
        for _ in 0..rounds {
            let g = holed(shape, rng.gen_range(0.2..0.6), &mut rng);
            // The race starts at once (0) or after a few failures (3), on small grids too.
            for sat_after in [0, 3] {
                let t = Tuning {
                    sat_after,
                    ..Tuning::default()
                };
                let on = Options::default().with_portfolio(true);
                for (limit, keep) in [(2, 2), (5, 5)] {
                    let one = run(
                        Question::new(&g, limit, keep),
                        t,
                        &Stop::never(),
                        Options::default(),
                    );
                    let two = run(Question::new(&g, limit, keep), t, &Stop::never(), on);
                    assert!(!one.stopped && !two.stopped);
                    assert_eq!(two.count, one.count, "{g:?}");
                    raced[one.count.min(2)] += 1;
                    if one.count < limit {
                        // Every solution in the same order (value order once handed over,
                        // the search's when it answered before).
                        assert_eq!(two.solutions, one.solutions, "{g:?}");
                        if one.count > 1 {
                            sorted[usize::from(is_sorted(&one.solutions))] += 1;
                        }
                    } else {
                        // At the limit, the winner's solutions: as many, all different, all
                        // solutions of the grid.
                        assert_eq!(two.solutions.len(), one.solutions.len(), "{g:?}");
                        assert_eq!(
                            by_value(&two.solutions)
                                .windows(2)
                                .filter(|w| w[0] == w[1])
                                .count(),
                            0
                        );
                        for s in &two.solutions {
                            assert!(crate::verify::check_solution_of(&g, s).is_ok(), "{g:?}");
                        }
                    }
                }
            }
        }
    }
    // Both kinds of answer came up: unique and several; and complete listings of several
    // solutions both in value order (handed over) and not (the search's own).
    assert!(raced[1] > 0 && raced[2] > 0, "{raced:?}");
    assert!(sorted[0] > 0 && sorted[1] > 0, "{sorted:?}");
}

#[test]
fn every_pair_of_the_race_finds_the_solutions() {
    use rand::SeedableRng;
    // A 16x16 with 30% of its cells given (many solutions): every solver of every pair
    // finds three, each checked against the rules and the givens, and so does the race.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
    let g = holed(Shape::new(4, 4).unwrap(), 0.3, &mut rng);
    let never = Stop::never();
    let (cnf, raced) = at_root(&g, |st| {
        let cnf = sat::Cnf::of(st, &[], &never).unwrap();
        (cnf, portfolio::race(st, &[], 3, &never, None))
    })
    .expect("the root propagates");
    for choice in [
        sat::Choice::Batsat,
        sat::Choice::CadicalStable,
        sat::Choice::Cadical,
    ] {
        for c in [choice, choice.partner()] {
            let found = cnf.solve(sat::Backend::new(c, &never), 3);
            assert!(!found.stopped, "{c:?}");
            assert_eq!(found.solutions.len(), 3, "{c:?}");
            for v in &found.solutions {
                assert!(crate::verify::check_solution_of(&g, &grid_of(&g, v)).is_ok());
            }
        }
        assert_ne!(choice.partner(), choice);
    }
    assert!(!raced.stopped);
    assert_eq!(raced.solutions.len(), 3);
}

#[test]
fn loose_states_below_49x49_keep_the_search_longer() {
    use rand::SeedableRng;
    // Random-holed grids: at 30% givens the root state is loose, at 60% tight. From 25x25
    // a tight state hands over early, a loose one only from 49x49; below 25x25 every
    // state keeps the search, and so does a sparse grid (under 25% givens) at every side.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(49);
    let t = Tuning::default();
    for (box_side, fill, loose, after) in [
        (4, 0.6, false, SAT_AFTER),
        (5, 0.6, false, SAT_AFTER_BIG),
        (5, 0.3, true, SAT_AFTER),
        (6, 0.3, true, SAT_AFTER),
        (6, 0.6, false, SAT_AFTER_BIG),
        (7, 0.3, true, SAT_AFTER_BIG),
        (7, 0.15, true, SAT_AFTER),
        (8, 0.15, true, SAT_AFTER),
    ] {
        let g = holed(Shape::new(box_side, box_side).unwrap(), fill, &mut rng);
        let sparse = fill < 0.25;
        let (is_loose, sat_after) =
            at_root(&g, |st| (sat::is_loose(st), t.sat_after_for(st, sparse)))
                .expect("the root propagates");
        assert_eq!(is_loose, loose, "{box_side}: {fill}");
        assert_eq!(sat_after, after, "{box_side}: {fill}");
    }
}

/// Up to `limit` solutions of `g`, every one kept, handed over to the SAT engine after
/// `sat_after` failures (`u64::MAX`: never).
fn listing(g: &Grid, limit: usize, sat_after: u64) -> Search {
    let t = Tuning {
        sat_after,
        ..Tuning::default()
    };
    run(
        Question::new(g, limit, limit),
        t,
        &Stop::never(),
        Options::default(),
    )
}

/// `grids` in value order (row by row).
pub(super) fn by_value(grids: &[Grid]) -> Vec<Grid> {
    let mut v = grids.to_vec();
    v.sort_by(|a, b| a.values().cmp(b.values()));
    v
}

fn is_sorted(grids: &[Grid]) -> bool {
    grids.windows(2).all(|w| w[0].values() <= w[1].values())
}

#[test]
fn portfolio_keeps_a_time_limit_and_ends_both_engines() {
    use rand::SeedableRng;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    // 36x36 with half its cells given: the hardness peak, which neither engine answers in
    // a fraction of a second (the answer is checked only when one comes).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(36);
    let g = holed(Shape::new(6, 6).unwrap(), 0.5, &mut rng);
    let t = Tuning {
        sat_after: 0,
        formula_fit: false,
        ..Tuning::default()
    };
    let on = Options::default().with_portfolio(true);
    let flag = Arc::new(AtomicBool::new(false));
    let stop = Stop::after(std::time::Duration::from_millis(300)).with_cancel(flag.clone());
    let s = run(Question::new(&g, 2, 2), t, &stop, on);
    if s.stopped {
        assert!(stop.reached());
    } else {
        assert!(s.count >= 1, "a random-holed puzzle has its solution");
        assert!(s.solutions.iter().all(|x| x.is_solution()));
    }
    // Both threads are gone: only this test and its stop hold the caller's flag (the
    // race's copy of the stop is dropped).
    assert_eq!(Arc::strong_count(&flag), 2);
    // A stop already reached answers nothing, with or without the race.
    flag.store(true, Ordering::Relaxed);
    let s = run(Question::new(&g, 2, 2), t, &stop, on);
    assert!(s.stopped);
    assert_eq!(Arc::strong_count(&flag), 2);
}

#[test]
fn a_long_listing_goes_to_the_sat_engine_only_when_stuck() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261128);
    let limit = SAT_MAX_LIMIT + 36;
    let (mut handed_over, mut kept) = (0, 0);
    for (br, bc, rounds) in [(2, 3, 40), (3, 3, 40), (3, 4, 20)] {
        let shape = Shape::new(br, bc).unwrap();
        for _ in 0..rounds {
            let g = holed(shape, rng.gen_range(0.3..0.6), &mut rng);
            let own = listing(&g, limit, u64::MAX);
            // Three failures since the last solution hand over, whatever the limit.
            let x = listing(&g, limit, 3);
            assert_eq!(x.count, own.count, "{g:?}");
            if own.count < limit {
                // A complete listing is the same set of solutions.
                assert_eq!(by_value(&x.solutions), by_value(&own.solutions), "{g:?}");
            }
            for s in &x.solutions {
                assert!(crate::verify::check_solution_of(&g, s).is_ok(), "{g:?}");
            }
            // Handed over, a complete listing comes in value order, unlike the search's.
            if x.solutions != own.solutions {
                handed_over += 1;
            } else {
                kept += 1;
            }
        }
    }
    // Some listings were handed over (before, none above the limit was), some not.
    assert!(handed_over > 0 && kept > 0, "{handed_over} {kept}");
}

/// Failed-literal probing as it was before it skipped anything: every narrow candidate,
/// once per cell or house it is narrow in, every sweep.
fn probe_every_candidate(st: &mut Solver<'_>, max: u16) -> bool {
    let (n, wpc) = (st.geo.n, st.geo.wpc);
    loop {
        let mut lits: Vec<(usize, usize)> = Vec::new();
        for &cell in &st.open_cells[..st.n_open_cells] {
            let cell = cell as usize;
            if st.ncand[cell] <= max {
                for d in 0..n {
                    if st.has(cell, d) {
                        lits.push((cell, d));
                    }
                }
            }
        }
        for &hd in &st.open_hds[..st.n_open_hds] {
            let hd = hd as usize;
            if st.npos[hd] <= max {
                for p in 0..n {
                    if st.pos[hd * wpc + p / 64] >> (p % 64) & 1 == 1 {
                        lits.push((st.geo.house_cells[(hd / n) * n + p] as usize, hd % n));
                    }
                }
            }
        }
        let mut changed = false;
        for (cell, d) in lits {
            if st.value[cell] != 0 || !st.has(cell, d) {
                continue;
            }
            let mark = st.trail.len();
            let ok = st.assign(cell, d) && st.propagate();
            st.undo_to(mark);
            if !ok {
                st.fail_at_conflict();
                changed = true;
                if !(st.eliminate(cell, d) && st.propagate()) {
                    return false;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

#[test]
fn probing_that_skips_reaches_the_same_state() {
    // Each candidate once per sweep, and not what a successful probe placed: the same
    // state as probing everything. (Not always the same weights: a probe, even undone,
    // reorders the open cells, and so the next sweep's order.)
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20261129);
    let stop = Stop::never();
    let mut failures = 0;
    for (br, bc, fill) in [
        (3, 3, 0.3),
        (4, 4, 0.45),
        (4, 4, 0.5),
        (5, 5, 0.45),
        (5, 5, 0.5),
    ] {
        let shape = Shape::new(br, bc).unwrap();
        let geo = Geometry::new(shape);
        for _ in 0..6 {
            let g = holed(shape, fill, &mut rng);
            let Some(mut a) = Solver::new(&geo, &g, &stop) else {
                continue;
            };
            if !(a.queue_all() && a.propagate()) {
                continue;
            }
            a.recording = true;
            let mut b = a.clone();
            let ok = a.probe(3);
            assert_eq!(ok, probe_every_candidate(&mut b, 3));
            assert_eq!(a.cand, b.cand);
            assert_eq!(a.value, b.value);
            failures += a.weight.iter().sum::<u32>();
        }
    }
    // Probing found something to refute, or the comparison says little.
    assert!(failures > 20, "only {failures} failed probes");
}

#[test]
fn the_oracle_answers_as_a_search_from_scratch() {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let never = Stop::never();
    let (mut yes, mut no) = (0, 0);
    for (rows, cols, fill) in [(3, 3, 0.5), (3, 4, 0.6), (4, 4, 0.65), (2, 3, 0.4)] {
        let shape = Shape::new(rows, cols).unwrap();
        for _ in 0..4 {
            let near = random_solution(shape, &mut rng);
            let puzzle = keeping_some(&near, fill, &mut rng);
            // A run of givens the base lacks.
            let mut givens: Vec<Cell> =
                Cell::all(shape).filter(|&c| puzzle.value(c) != 0).collect();
            givens.shuffle(&mut rng);
            let run = &givens[..givens.len().min(8)];
            let mut base = puzzle.clone();
            run.iter().for_each(|&c| base.set(c, None));
            let mut oracle = oracle::Oracle::new(&base, &near, &never).unwrap();
            for _ in 0..12 {
                let mut asked = base.clone();
                for &c in run.iter().filter(|_| rng.gen_bool(0.5)) {
                    asked.set_given(c, Digit::from_index(near.value(c) - 1));
                }
                let empty: Vec<Cell> = Cell::all(shape).filter(|&c| asked.value(c) == 0).collect();
                let cell = *empty.choose(&mut rng).unwrap();
                // Mostly the question of minimal generation: another digit than `near`'s.
                let digit = match rng.gen_bool(0.7) {
                    true => Digit::from_index(near.value(cell) - 1),
                    false => Digit::from_index(rng.gen_range(0..shape.side())),
                };
                let mut marks = Candidates::full(shape);
                marks.set(
                    cell,
                    crate::DigitSet::full(shape.side()) - crate::DigitSet::single(digit),
                );
                let expected = search(&asked, Some(&marks), 1, 0).count > 0;
                let got = oracle.solution_without(&asked, cell, digit).unwrap();
                assert_eq!(got, expected, "{cell:?} without {digit:?} in {asked:?}");
                if got {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
    }
    // Both answers were put to the test.
    assert!(yes > 20 && no > 20, "{yes} with, {no} without");
}

#[test]
fn the_oracle_of_a_base_without_solutions_says_no() {
    let g = Grid::from_line("123....4........").unwrap();
    let near = Grid::from_line("1234341221434321").unwrap();
    let never = Stop::never();
    let mut oracle = oracle::Oracle::new(&g, &near, &never).unwrap();
    assert!(!oracle
        .solution_without(&g, Cell::new(15), Digit::from_index(0))
        .unwrap());
}

#[test]
fn size_buckets_make_the_same_choices_as_the_scan() {
    use rand::SeedableRng;
    let shape = Shape::new(6, 6).unwrap();
    let mut guesses = 0;
    for (seed, fill) in [(1, 0.03), (2, 0.10), (3, 0.20), (4, 0.24)] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let g = holed(shape, fill, &mut rng);
        let with = |buckets_below| {
            // Restarts to the root on both sides: a partial one is the buckets' alone.
            let t = Tuning {
                formula_fit: false,
                buckets_below,
                full_restart_every: 1,
                ..Tuning::default()
            };
            run(
                Question::new(&g, 2, 2),
                t,
                &Stop::never(),
                Options::default(),
            )
        };
        let (scan, bucketed) = (with(0), with(100));
        assert_eq!(scan.count, 2, "seed {seed}");
        assert_eq!(
            (scan.count, scan.guesses, &scan.solutions),
            (bucketed.count, bucketed.guesses, &bucketed.solutions),
            "seed {seed}"
        );
        for s in &bucketed.solutions {
            assert!(crate::verify::check_solution_of(&g, s).is_ok());
        }
        guesses += bucketed.guesses;
    }
    assert!(guesses > 0);
}

/// Runs `plain` and `other(round)` on `rounds` random 16x16 grids (25-50% of a random
/// solution kept, a wrong given every fourth round: dense enough to fail often and have few
/// solutions) and checks that both find the same count and, below the limit, the same
/// solutions. Returns how many grids were compared (unreadable ones are skipped).
fn same_answers_on_few_solution_grids(
    seed: u64,
    rounds: usize,
    plain: Tuning,
    other: impl Fn(usize) -> Tuning,
) -> usize {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let shape = Shape::new(4, 4).unwrap();
    let limit = 10;
    let mut compared = 0;
    for round in 0..rounds {
        let sol = random_solution(shape, &mut rng);
        let mut values = kept_values(&sol, rng.gen_range(0.25..0.5), &mut rng);
        if round % 4 == 0 {
            let i = rng.gen_range(0..values.len());
            values[i] = rng.gen_range(1..=shape.side());
        }
        let Ok(g) = Grid::from_values(shape, &values) else {
            continue;
        };
        let never = Stop::never();
        let a = run(
            Question::new(&g, limit, limit),
            plain,
            &never,
            Options::default(),
        );
        let b = run(
            Question::new(&g, limit, limit),
            other(round),
            &never,
            Options::default(),
        );
        assert_eq!(a.count, b.count, "{g:?}");
        for x in &b.solutions {
            assert!(crate::verify::check_solution_of(&g, x).is_ok(), "{g:?}");
        }
        if a.count < limit {
            assert_eq!(by_value(&a.solutions), by_value(&b.solutions), "{g:?}");
        }
        compared += 1;
    }
    compared
}

/// The formula fit answers as it does first when it comes after the search has failed a
/// while (the search's state kept, the fit's answer returned from inside it), and root
/// probing deferred with it changes no count: 36x36 formula grids cut from the hardness
/// peak (the fit answers after 32 failures) to nearly full (the search answers first).
#[test]
fn the_fit_answers_the_same_first_or_after_failures() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let shape = Shape::from_side(36).unwrap();
    let never = Stop::never();
    let mut fitted_inside = 0;
    for fill in [0.45, 0.5, 0.55, 0.58, 0.6, 0.62, 0.65] {
        let g = keeping_some(&random_solution(shape, &mut rng), fill, &mut rng);
        for limit in [2, 3] {
            let answer = |fit_first_open_permille| {
                let t = Tuning {
                    fit_first_open_permille,
                    ..Tuning::default()
                };
                run(
                    Question::new(&g, limit, limit),
                    t,
                    &never,
                    Options::default(),
                )
            };
            let first = answer(0);
            let after = answer(1001);
            assert_eq!(first.count, after.count, "{fill}, limit {limit}");
            assert!(!after.stopped);
            for x in first.solutions.iter().chain(&after.solutions) {
                assert!(crate::verify::check_solution_of(&g, x).is_ok(), "{fill}");
            }
            if after.guesses >= super::tuning::FIT_AFTER_FAILS {
                fitted_inside += 1;
            }
        }
    }
    // The peak grids reach the fit from inside the search.
    assert!(fitted_inside >= 2, "{fitted_inside}");
}

/// At 25x25 the fit waits for the search's first failures (`FIT_FIRST_SIDE`) and then
/// answers the formula grids the search alone fails on hundreds of times: the same
/// count, in fewer guesses (the hand-over off in both, which would answer them too).
#[test]
fn at_25x25_the_fit_answers_after_the_searchs_first_failures() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
    let shape = Shape::from_side(25).unwrap();
    let never = Stop::never();
    let answer = |g: &Grid, t: Tuning| run(Question::new(g, 2, 2), t, &never, Options::default());
    let fit = Tuning {
        sat_after: u64::MAX,
        ..Tuning::default()
    };
    let alone = Tuning {
        formula_fit: false,
        ..fit
    };
    let mut hard = 0;
    for _ in 0..40 {
        let g = keeping_some(&random_solution(shape, &mut rng), 0.46, &mut rng);
        let searched = answer(&g, alone);
        if searched.guesses < 300 {
            continue;
        }
        hard += 1;
        let fitted = answer(&g, fit);
        assert_eq!(fitted.count, searched.count, "{g:?}");
        for x in &fitted.solutions {
            assert!(crate::verify::check_solution_of(&g, x).is_ok(), "{g:?}");
        }
        assert!(fitted.guesses >= super::tuning::FIT_AFTER_FAILS, "{g:?}");
        assert!(
            fitted.guesses * 4 < searched.guesses,
            "{} {}",
            fitted.guesses,
            searched.guesses
        );
        if hard == 3 {
            break;
        }
    }
    assert_eq!(hard, 3);
}

/// Where the fit finds only the grid a 25x25 was cut from and the search keeps failing,
/// the hand-over comes at the fit and counts that grid: the same count as the engine
/// without the fit, the fitted grid among the solutions shown, and the other one found
/// next to it (a few cells' swap, not a grid apart).
#[test]
fn a_lone_fitted_solution_is_counted_and_searched_next_to() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(82);
    let shape = Shape::from_side(25).unwrap();
    let never = Stop::never();
    let answer = |g: &Grid, t: Tuning| run(Question::new(g, 2, 2), t, &never, Options::default());
    let mut seen = 0;
    for _ in 0..60 {
        let sol = random_solution(shape, &mut rng);
        let g = keeping_some(&sol, 0.46, &mut rng);
        if crate::solve::sparse::solutions(&g, 2, 1, &never).count != 1 {
            continue;
        }
        let fitted = answer(&g, Tuning::default());
        if fitted.guesses < super::tuning::FIT_AFTER_FAILS {
            continue; // the search answered before the fit
        }
        let alone = answer(
            &g,
            Tuning {
                formula_fit: false,
                ..Tuning::default()
            },
        );
        assert_eq!(fitted.count, alone.count, "{g:?}");
        assert!(!fitted.stopped);
        for x in &fitted.solutions {
            assert!(crate::verify::check_solution_of(&g, x).is_ok(), "{g:?}");
        }
        assert!(
            fitted.solutions.iter().any(|x| x.values() == sol.values()),
            "{g:?}"
        );
        // The hand-over came at the fit, not after the search's usual failures.
        assert!(
            fitted.guesses < super::tuning::SAT_AFTER_BIG,
            "{}",
            fitted.guesses
        );
        if fitted.count == 2 {
            let other = fitted.solutions.iter().find(|x| x.values() != sol.values());
            let other = other.expect("two solutions");
            let apart = Cell::all(shape)
                .filter(|&c| other.value(c) != sol.value(c))
                .count();
            assert!(apart <= 2 * shape.side(), "{apart} cells apart");
            seen += 1;
        }
        if seen == 3 {
            break;
        }
    }
    assert_eq!(seen, 3);
}

/// Partial restarts (every other restart, one after each failure, the size buckets on
/// whatever the givens) find the same solutions as a search that never restarts.
#[test]
fn partial_restarts_find_what_a_search_without_restarts_finds() {
    let plain = Tuning {
        restart_unit: 0,
        sat_after: u64::MAX,
        formula_fit: false,
        ..Tuning::default()
    };
    let partial = Tuning {
        restart_unit: 1,
        full_restart_every: 2,
        buckets_below: 101,
        ..plain
    };
    let compared = same_answers_on_few_solution_grids(43, 400, plain, |_| partial);
    assert!(compared >= 300, "{compared} grids compared");
}

/// The all-different filter before guesses (at every guess, or every third, whatever is
/// open; the size buckets on) finds the same solutions as a search without it.
#[test]
fn the_endgame_filter_finds_what_a_search_without_it_finds() {
    let plain = Tuning {
        restart_unit: 0,
        sat_after: u64::MAX,
        formula_fit: false,
        buckets_below: 101,
        endgame_filter_below: 0,
        ..Tuning::default()
    };
    let filtered = |round: usize| Tuning {
        endgame_filter_below: 1000,
        endgame_filter_every: 1 + round as u64 % 3,
        restart_unit: round as u64 % 2,
        ..plain
    };
    let compared = same_answers_on_few_solution_grids(47, 300, plain, filtered);
    assert!(compared >= 200, "{compared} grids compared");
}

/// Sparse grids from 81x81 up race two fills with the portfolio on: the same count as one
/// search, two checked solutions of the grid, both threads gone at the end; and a stop
/// already reached answers nothing. At 81x81 the first search may hand over (the second
/// never does); below, sparse grids only hand over, as dense ones do.
#[test]
fn sparse_fills_race_and_answer_as_one_search() {
    use rand::{Rng, SeedableRng};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(52);
    let t = Tuning {
        formula_fit: false,
        ..Tuning::default()
    };
    let on = Options::default().with_portfolio(true);
    let flag = Arc::new(AtomicBool::new(false));
    let stop = Stop::never().with_cancel(flag.clone());
    let big = Shape::new(10, 10).unwrap();
    for _ in 0..3 {
        let g = holed(big, rng.gen_range(0.02..0.2), &mut rng);
        for limit in [1, 2] {
            assert!(portfolio::races_fills(Question::new(&g, limit, 0)));
            assert!(!t.hands_over(big, g.given_count(), limit));
            let one = run(
                Question::new(&g, limit, limit),
                t,
                &stop,
                Options::default(),
            );
            let two = run(Question::new(&g, limit, limit), t, &stop, on);
            assert!(!one.stopped && !two.stopped);
            assert_eq!((one.count, two.count), (limit, limit), "{g:?}");
            assert_eq!(two.solutions.len(), limit);
            for s in &two.solutions {
                assert!(crate::verify::check_solution_of(&g, s).is_ok(), "{g:?}");
            }
            if limit == 2 {
                assert_ne!(two.solutions[0], two.solutions[1]);
            }
            assert_eq!(Arc::strong_count(&flag), 2);
        }
        // Not raced: with marks, or counting further.
        let marks = Candidates::from_grid(&g);
        assert!(!portfolio::races_fills(Question {
            marks: Some(&marks),
            ..Question::new(&g, 2, 0)
        }));
        assert!(!portfolio::races_fills(Question::new(&g, 3, 0)));
    }
    // A sparse 81x81 races and its first search may hand over.
    let g = holed(Shape::new(9, 9).unwrap(), 0.15, &mut rng);
    assert!(portfolio::races_fills(Question::new(&g, 2, 0)));
    assert!(t.hands_over(g.shape(), g.given_count(), 2));
    // A sparse 64x64 and a quarter of a 100x100 given hand over instead.
    for (shape, fill) in [(Shape::new(8, 8).unwrap(), 0.15), (big, 0.3)] {
        let g = holed(shape, fill, &mut rng);
        assert!(!portfolio::races_fills(Question::new(&g, 2, 0)));
        assert!(t.hands_over(shape, g.given_count(), 2));
    }
    let sparse = holed(big, 0.1, &mut rng);
    flag.store(true, Ordering::Relaxed);
    let s = run(Question::new(&sparse, 2, 2), t, &stop, on);
    assert!(s.stopped);
    assert_eq!(Arc::strong_count(&flag), 2);
}

/// The multiply-and-shift that splits a house-digit into house and digit is exact for
/// every house-digit of every side, 2 to the largest.
#[test]
fn house_digits_split_exactly_at_every_side() {
    for side in 2..=crate::shape::MAX_SIDE {
        let geo = Geometry::new(Shape::new(1, side).expect("a 1 x side box"));
        for hd in 0..3 * side * side {
            assert_eq!(
                geo.split(hd),
                (hd / side, hd % side),
                "side {side}, hd {hd}"
            );
        }
    }
}

/// The geometry's tables, built in two steps (the light part, then the dense state's),
/// say what rows, columns and boxes are: each cell's three houses and its place in each,
/// and each house's cells by place, on square and oblong boxes.
#[test]
fn geometry_tables_name_each_cells_houses_and_places() {
    for (br, bc) in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 5), (5, 3), (8, 9)] {
        let shape = Shape::new(br, bc).unwrap();
        let n = shape.side();
        let mut geo = Geometry::light(shape);
        assert!(geo.house_cells.is_empty() && geo.cell_pos.is_empty());
        assert!(geo.cell_houses.is_empty());
        let light = Geometry::light(shape);
        geo.complete();
        let whole = Geometry::new(shape);
        assert_eq!(geo.house_cells, whole.house_cells);
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            let b = (r / br) * (n / bc) + c / bc;
            let houses = [r, n + c, 2 * n + b].map(|h| h as u32);
            let places = [c, r, (r % br) * bc + c % bc].map(|p| p as u16);
            assert_eq!(geo.cell_houses[cell], houses, "{shape}, cell {cell}");
            assert_eq!(light.houses_at(r, c), houses, "{shape}, cell {cell}");
            assert_eq!(geo.cell_pos[cell], places, "{shape}, cell {cell}");
            for k in 0..3 {
                let at = houses[k] as usize * n + places[k] as usize;
                assert_eq!(geo.house_cells[at] as usize, cell, "{shape}, cell {cell}");
            }
        }
    }
}

/// Singles and locked candidates on boxes taller than wide and wider than tall never take
/// a digit of the solution the givens were cut from.
#[test]
fn locked_candidates_hold_on_oblong_boxes() {
    for (br, bc) in [(2, 3), (3, 2), (3, 4), (4, 3), (2, 5)] {
        let shape = Shape::new(br, bc).expect("a shape");
        let geo = Geometry::new(shape);
        let full = pattern_solution(shape);
        let mut values: Vec<usize> = full.iter().map(|&v| v as usize).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(br as u64 * 10 + bc as u64);
        for v in values.iter_mut() {
            if rand::Rng::gen_bool(&mut rng, 0.6) {
                *v = 0;
            }
        }
        let g = Grid::from_values(shape, &values).expect("a grid");
        let stop = Stop::never();
        let mut s = Solver::new(&geo, &g, &stop).expect("no clash");
        assert!(s.queue_all() && s.propagate(), "{br}x{bc}");
        for (cell, &v) in full.iter().enumerate() {
            assert!(
                s.has(cell, v as usize - 1),
                "{br}x{bc}: cell {cell} lost its digit"
            );
        }
    }
}
