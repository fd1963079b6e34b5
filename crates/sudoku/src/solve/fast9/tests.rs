use super::*;
use crate::verify::check_solution_of;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn cells(line: &str) -> Cells {
    let mut p = [0u8; 81];
    for (c, ch) in p.iter_mut().zip(line.bytes()) {
        *c = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    p
}

fn grid(c: &Cells) -> Grid {
    let v: Vec<usize> = c.iter().map(|&x| x as usize).collect();
    Grid::from_values(crate::Shape::NINE, &v).unwrap()
}

#[test]
fn fast9_classic_unique() {
    let p = cells(CLASSIC);
    let c = count(&p, 2);
    assert_eq!(c.count, 1);
    let (s, _) = solve(&p);
    let s = s.unwrap();
    assert!(check_solution_of(&grid(&p), &grid(&s)).is_ok());
}

#[test]
fn fast9_empty_grid_has_many() {
    let (sols, guesses) = solutions(&[0; 81], 10);
    assert_eq!(sols.len(), 10);
    assert!(guesses > 0);
    for (i, s) in sols.iter().enumerate() {
        assert!(grid(s).is_solution());
        for t in &sols[..i] {
            assert_ne!(s, t);
        }
    }
}

#[test]
fn fast9_clashes_give_zero() {
    let mut p = [0u8; 81];
    p[0] = 3;
    p[80] = 3;
    p[8] = 3; // same row as cell 0
    assert_eq!(count(&p, 2).count, 0);
    let mut p = [0u8; 81];
    p[0] = 4;
    p[10] = 4; // same box
    assert_eq!(count(&p, 2).count, 0);
    let mut p = [0u8; 81];
    p[4] = 7;
    p[76] = 7; // same column
    assert_eq!(count(&p, 2).count, 0);
    let mut p = [0u8; 81];
    p[4] = 12;
    assert_eq!(count(&p, 2).count, 0);
}

#[test]
fn fast9_full_solution_and_limit_zero() {
    let p = cells(CLASSIC);
    let (s, _) = solve(&p);
    let s = s.unwrap();
    let c = count(&s, 5);
    assert_eq!(
        c,
        Count {
            count: 1,
            guesses: 0
        }
    );
    assert_eq!(count(&p, 0).count, 0);
}

#[test]
fn fast9_engine_keeps_givens_and_marks() {
    let g = Grid::from_line(CLASSIC).unwrap();
    let s = Fast9.search(&g, None, 2, 2);
    assert_eq!(s.count, 1);
    let sol = &s.solutions[0];
    for c in 0..81 {
        let cell = Cell::new(c);
        assert_eq!(sol.is_given(cell), g.is_given(cell));
    }
    // Marks that exclude the true digit of an empty cell leave no solution.
    let mut marks = Candidates::full(g.shape());
    let empty = (0..81).find(|&c| g.value(Cell::new(c)) == 0).unwrap();
    let d = sol.get(Cell::new(empty)).unwrap();
    let mut set = crate::DigitSet::full(9);
    set.remove(d);
    marks.set(Cell::new(empty), set);
    assert_eq!(Fast9.search(&g, Some(&marks), 2, 2).count, 0);
    assert_eq!(
        super::super::general::search(&g, Some(&marks), 2, 2).count,
        0
    );
}

#[test]
fn fast9_stack_closure_matches_the_table() {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    for _ in 0..50_000 {
        let seed: u64 = rng.gen();
        let m = (1u32 << 27) - 1;
        let w = [
            seed as u32 & m,
            (seed >> 20) as u32 & m,
            (seed >> 37) as u32 & m,
        ];
        // Sparser words, so that columns empty out and contradictions occur.
        let w = w.map(|x| x & (x >> 3 | x >> 11 | x << 5));
        engine::tests_support::check_stacks(w);
    }
}

#[test]
fn fast9_bit_parallel_mates_match_the_tables() {
    engine::tests_support::check_mates();
}

#[test]
fn fast9_exclusions_match_marks() {
    // A sparse puzzle (many solutions) and the classic one (one): for every empty cell and
    // digit, excluding the placement counts what the general engine counts with marks.
    let sparse = "1...............2.........3.....4.......................5.........6..........7.";
    for line in [CLASSIC, sparse] {
        let p = cells(line);
        let g = grid(&p);
        for c in (0..81).filter(|&c| p[c] == 0).step_by(7) {
            for d in 1..=9u8 {
                let mut marks = Candidates::full(g.shape());
                let mut set = crate::DigitSet::full(9);
                set.remove(Digit::new(d as usize));
                marks.set(Cell::new(c), set);
                let want = super::super::general::search(&g, Some(&marks), 3, 0).count;
                assert_eq!(count_excluding(&p, &[(c, d)], 3).count, want, "{c} {d}");
            }
        }
        // Excluding a given's own digit leaves nothing; another digit there changes nothing.
        let given = (0..81).find(|&c| p[c] != 0).unwrap();
        assert_eq!(count_excluding(&p, &[(given, p[given])], 2).count, 0);
        let other = p[given] % 9 + 1;
        assert_eq!(
            count_excluding(&p, &[(given, other)], 2).count,
            count(&p, 2).count
        );
    }
}

/// The sample puzzles of every benchmark set, and variants of them: some givens moved,
/// digits clashing, values above 9, so that contradictions and odd states occur too.
fn sample_and_variants() -> Vec<Cells> {
    let text = [
        include_str!("../../../../../testdata/puzzles/17clue-200.txt"),
        include_str!("../../../../../testdata/puzzles/serg-200.txt"),
        include_str!("../../../../../testdata/puzzles/top1465-200.txt"),
        include_str!("../../../../../testdata/puzzles/hardest1106-200.txt"),
        include_str!("../../../../../testdata/puzzles/hardest1905_11plus-200.txt"),
    ];
    let mut out: Vec<Cells> = text
        .iter()
        .flat_map(|t| t.lines())
        .filter(|l| l.len() >= 81)
        .map(cells)
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(0x9e37_79b9_7f4a_7c15);
    let mut next = move || rng.gen::<u64>();
    for i in 0..out.len() {
        let mut p = out[i];
        for _ in 0..(1 + next() % 4) {
            let r = next();
            p[(r % 81) as usize] = ((r >> 8) % 10) as u8;
        }
        if i % 50 == 0 {
            p[(next() % 81) as usize] = 10 + (next() % 200) as u8;
        }
        out.push(p);
    }
    out
}

/// The givens placed one by one with [`State::assign`]: the reference for
/// [`State::from_givens`].
fn givens_one_by_one(p: &Cells) -> Option<State> {
    let mut st = State::new();
    for (cell, &v) in p.iter().enumerate() {
        if v != 0 && (v > 9 || !st.assign(cell, v as usize - 1)) {
            return None;
        }
    }
    Some(st)
}

#[test]
fn fast9_every_givens_path_matches_one_by_one() {
    let paths = simd::available();
    assert!(paths.len() >= 2 || !cfg!(target_arch = "x86_64"));
    let puzzles = sample_and_variants();
    let mut none = 0;
    for p in &puzzles {
        let want = givens_one_by_one(p);
        none += want.is_none() as usize;
        for (name, path) in &paths {
            assert_eq!(path(p), want, "{name}: {p:?}");
        }
        assert_eq!(simd::givens(p), want);
    }
    // The variants include enough contradictions, and enough puzzles that are not.
    assert!(none > 50 && none < puzzles.len() / 2, "{none}");
}

#[test]
fn fast9_sweep_reaches_the_worklist_fixed_point() {
    let puzzles = sample_and_variants();
    let mut rng = ChaCha8Rng::seed_from_u64(12345);
    let (mut agreed, mut contradictions) = (0, 0);
    for p in &puzzles {
        let Some(root) = givens_one_by_one(p) else {
            continue;
        };
        // The root, and the root with a few candidates removed (as guesses do).
        for k in 0..4 {
            let mut st = root;
            for _ in 0..k * 3 {
                let seed: u64 = rng.gen();
                st.remove((seed % 81) as usize, (seed >> 8) as usize % 9);
            }
            let mut by_worklist = st;
            let ok = by_worklist.propagate(engine::ALL_DIGITS);
            for (name, sweep) in simd::sweeps() {
                let mut swept = st;
                assert_eq!(sweep(&mut swept), ok, "{name}: {p:?} {k}");
                if ok {
                    assert_eq!(swept, by_worklist, "{name}: {p:?} {k}");
                }
            }
            agreed += 1;
            contradictions += !ok as usize;
        }
    }
    assert!(
        agreed > 2000 && contradictions > 100,
        "{agreed} {contradictions}"
    );
}

#[test]
fn a_long_count_ends_at_the_stop() {
    // The empty grid's 6.7e21 solutions: a count with no limit ends only at the stop
    // (looked at between solutions), with what it found so far; a stop already reached
    // leaves a search for two alone.
    let empty = grid(&[0u8; 81]);
    let stop = Stop::after(std::time::Duration::from_millis(50));
    let s = Fast9.search_with(&empty, None, usize::MAX, 1, &stop, Default::default());
    assert!(s.stopped && s.count >= 1 << 14, "{} {}", s.stopped, s.count);
    let s = Fast9.search_with(
        &empty,
        None,
        2,
        0,
        &Stop::at(std::time::Instant::now()),
        Default::default(),
    );
    assert!(!s.stopped && s.count == 2);
}
