//! Generated puzzles checked by code that shares nothing with the generator: uniqueness by
//! the general solver's own count, solutions by the verifier, symmetry by mapping cells,
//! minimality by removing each given (orbit) and counting again.

use sudoku::generate::{symmetries_of, GenerateError, Generated, Generator, Rejections, Symmetry};
use sudoku::logic::Level;
use sudoku::rate::{Rater, Target};
use sudoku::solve::general;
use sudoku::{verify, Cell, Grid, Shape};

fn count(g: &Grid) -> usize {
    general::search(g, None, 2, 0).count
}

/// Unique, solution verified, givens kept.
fn check_unique(p: &Generated) {
    assert_eq!(count(&p.puzzle), 1, "{:?}", p.puzzle);
    verify::check_solution_of(&p.puzzle, &p.solution).expect("solution verifies");
    let s = general::search(&p.puzzle, None, 1, 1)
        .solutions
        .pop()
        .unwrap();
    assert_eq!(s.values(), p.solution.values());
}

/// No orbit of `sym` among the givens can go without a second solution.
fn check_minimal(p: &Generated, sym: Symmetry) {
    for orbit in sym.orbits(p.puzzle.shape()) {
        if p.puzzle.get(orbit[0]).is_none() {
            continue;
        }
        let mut g = p.puzzle.clone();
        orbit.iter().for_each(|&c| g.set(c, None));
        assert!(
            count(&g) >= 2,
            "orbit {:?} of {:?} could go",
            orbit,
            p.puzzle
        );
    }
}

fn check_symmetric(p: &Generated, sym: Symmetry) {
    let filled: Vec<bool> = p.puzzle.values().iter().map(|&v| v != 0).collect();
    for orbit in sym.orbits(p.puzzle.shape()) {
        let first = filled[orbit[0].index()];
        assert!(
            orbit.iter().all(|c| filled[c.index()] == first),
            "{sym} broken in {:?}",
            p.puzzle
        );
    }
    if sym != Symmetry::None {
        assert!(symmetries_of(&p.puzzle).contains(&sym));
    }
}

#[test]
fn nine_by_nine_every_symmetry_unique_symmetric_minimal() {
    for (k, &sym) in Symmetry::ALL.iter().enumerate() {
        let gen = Generator::new(Shape::NINE).symmetry(sym).seed(k as u64);
        for i in 0..3 {
            let p = gen.generate(i).unwrap();
            check_unique(&p);
            check_symmetric(&p, sym);
            check_minimal(&p, sym);
        }
    }
}

#[test]
fn every_small_shape() {
    for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 4)] {
        let shape = Shape::new(r, c).unwrap();
        for sym in [
            Symmetry::None,
            Symmetry::Rotational180,
            Symmetry::Rotational90,
            Symmetry::Diagonal,
        ] {
            let gen = Generator::new(shape).symmetry(sym).seed(11);
            let p = gen.generate(0).unwrap();
            check_unique(&p);
            check_symmetric(&p, sym);
            check_minimal(&p, sym);
        }
    }
}

#[test]
fn new_keeps_the_default_givens_of_the_shape_unless_asked_otherwise() {
    // As `sudoku generate` makes them: 16x16 with 50-55% givens by default ...
    let shape = Shape::new(4, 4).unwrap();
    let range = sudoku::generate::default_givens(shape).expect("16x16 has a default range");
    let p = Generator::new(shape).seed(3).generate(0).unwrap();
    check_unique(&p);
    assert!(
        range.contains(&p.puzzle.given_count()),
        "{}",
        p.puzzle.given_count()
    );
    // ... and minimal ones (fewer givens) when asked, the default set aside.
    let m = Generator::new(shape)
        .minimal(true)
        .seed(3)
        .generate(0)
        .unwrap();
    check_minimal(&m, Symmetry::None);
    assert!(
        m.puzzle.given_count() < *range.start(),
        "{}",
        m.puzzle.given_count()
    );
    // A range asked wins over the default.
    let asked = Generator::new(shape)
        .givens(150..=160)
        .seed(3)
        .generate(0)
        .unwrap();
    assert!((150..=160).contains(&asked.puzzle.given_count()));
}

#[test]
fn sixteen_by_sixteen() {
    let p = Generator::new(Shape::new(4, 4).unwrap())
        .symmetry(Symmetry::Rotational180)
        .seed(2)
        .generate(0)
        .unwrap();
    check_unique(&p);
    check_symmetric(&p, Symmetry::Rotational180);
}

#[test]
fn givens_range_is_kept() {
    let gen = Generator::new(Shape::NINE).givens(30..=34).seed(5);
    for i in 0..5 {
        let p = gen.generate(i).unwrap();
        check_unique(&p);
        assert!(
            (30..=34).contains(&p.puzzle.given_count()),
            "{}",
            p.puzzle.given_count()
        );
    }
    let gen = gen.minimal(true).givens(22..=26);
    for i in 0..3 {
        let p = gen.generate(i).unwrap();
        assert!((22..=26).contains(&p.puzzle.given_count()));
        check_minimal(&p, Symmetry::None);
    }
}

#[test]
fn same_seed_same_puzzles_on_any_thread() {
    let gen = Generator::new(Shape::NINE)
        .symmetry(Symmetry::Rotational180)
        .seed(99);
    let one: Vec<Grid> = (0..6).map(|i| gen.generate(i).unwrap().puzzle).collect();
    // Two threads taking the indices in a different order.
    let (even, odd) = std::thread::scope(|s| {
        let a = s.spawn(|| {
            (0..6)
                .rev()
                .filter(|i| i % 2 == 0)
                .map(|i| (i, gen.generate(i).unwrap().puzzle))
                .collect::<Vec<_>>()
        });
        let b = s.spawn(|| {
            (0..6)
                .filter(|i| i % 2 == 1)
                .map(|i| (i, gen.generate(i).unwrap().puzzle))
                .collect::<Vec<_>>()
        });
        (a.join().unwrap(), b.join().unwrap())
    });
    for (i, g) in even.into_iter().chain(odd) {
        assert_eq!(g, one[i as usize]);
    }
    let p = gen.generate(3).unwrap();
    assert_eq!(gen.generate_seeded(p.seed).unwrap().puzzle, p.puzzle);
    assert_ne!(one[0], one[1]);
}

#[test]
fn pattern_is_kept() {
    // The pattern of a known 9x9 puzzle: random grids until one makes it unique.
    let mask = Grid::from_line(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let gen = Generator::new(Shape::NINE).pattern(&mask).unwrap().seed(1);
    let p = gen.generate(0).unwrap();
    check_unique(&p);
    for c in Cell::all(Shape::NINE) {
        assert_eq!(p.puzzle.value(c) != 0, mask.value(c) != 0);
    }
}

/// The rejections of `gen`, which must give up after exactly `attempts` attempts, every
/// one with too many givens.
fn too_many_givens_every_time(gen: &Generator, attempts: usize) -> Rejections {
    match gen.generate(0) {
        Err(GenerateError::TooManyAttempts {
            attempts: a,
            rejections,
        }) if a == attempts => {
            assert_eq!(rejections.too_many_givens, attempts);
            rejections
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn impossible_requests_fail_clearly() {
    // No 9x9 puzzle with 16 givens or fewer is unique: refused before any attempt, as is
    // a 16x16 range below 15 (two digits missing could swap).
    for (shape, range, fewest) in [
        (Shape::NINE, 5..=16, 17),
        (Shape::new(4, 4).unwrap(), 1..=14, 15),
    ] {
        let err = Generator::new(shape).givens(range).check().unwrap_err();
        assert!(matches!(err, GenerateError::TooFewGivens { .. }), "{err}");
        assert!(
            err.to_string()
                .contains(&format!("fewer than {fewest} givens")),
            "{err}"
        );
    }
    let gen = Generator::new(Shape::NINE)
        .givens(17..=17)
        .minimal(true)
        .max_attempts(3);
    let rejections = too_many_givens_every_time(&gen, 3);
    let fewest = rejections.fewest_givens.unwrap();
    assert!(fewest > 17, "{fewest}");
    let why = rejections.to_string();
    assert!(why.contains(&format!("{fewest} at the fewest")), "{why}");
    // Where removal keeps the puzzle solvable by propagation, a range below what it
    // reaches says how far it got.
    let cells = 36 * 36;
    let gen = Generator::new(Shape::new(6, 6).unwrap())
        .givens(300..=400)
        .seed(1)
        .max_attempts(2);
    let fewest = too_many_givens_every_time(&gen, 2).fewest_givens.unwrap();
    assert!((401..cells).contains(&fewest), "{fewest}");
    let gen = Generator::new(Shape::NINE)
        .filter(|_| false)
        .max_attempts(2);
    assert!(gen
        .generate(0)
        .unwrap_err()
        .to_string()
        .contains("rejected by the filter"));
    let four = Grid::empty(Shape::new(2, 2).unwrap());
    assert!(Generator::new(Shape::NINE).pattern(&four).is_err());
}

/// The least score HoDoKu's generator rule lets a level have: the previous level's maximum.
fn score_floor(level: Level) -> u32 {
    match level {
        Level::Easy => 0,
        Level::Medium => Level::Easy.max_score(),
        Level::Hard => Level::Medium.max_score(),
        Level::Unfair => Level::Hard.max_score(),
        Level::Extreme => Level::Unfair.max_score(),
    }
}

#[test]
fn difficulty_levels_are_honest() {
    // Guided removal (Medium) stops at the first puzzle that fits: the full
    // rating must agree, level and score floor, with and without a symmetry.
    let rater = Rater::new();
    let levels = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];
    for (k, &level) in levels.iter().enumerate() {
        for sym in [Symmetry::None, Symmetry::Rotational180] {
            let target = Target {
                level: Some(level),
                ..Target::default()
            };
            let gen = Generator::new(Shape::NINE)
                .symmetry(sym)
                .seed(40 + k as u64)
                .difficulty(target)
                .max_attempts(100_000);
            for i in 0..3 {
                let p = gen.generate(i).unwrap();
                check_unique(&p);
                check_symmetric(&p, sym);
                let r = rater.rate_hodoku(&p.puzzle);
                assert_eq!(r.level, level, "{sym} {:?}", p.puzzle);
                assert!(r.score >= score_floor(level), "{r:?} {:?}", p.puzzle);
                assert_eq!(gen.generate(i).unwrap().puzzle, p.puzzle);
            }
        }
    }
    // Minimal and a level: minimal puzzles, filtered by the rating.
    let target = Target {
        level: Some(Level::Medium),
        ..Target::default()
    };
    let gen = Generator::new(Shape::NINE)
        .seed(3)
        .minimal(true)
        .difficulty(target)
        .max_attempts(100_000);
    let p = gen.generate(0).unwrap();
    check_minimal(&p, Symmetry::None);
    assert_eq!(rater.rate_hodoku(&p.puzzle).level, Level::Medium);
}

mod canonical {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use sudoku::canonical::{minlex, Transform};
    use sudoku::Grid;

    /// The first 17-clue puzzles of Gordon Royle's list (via `shared/data/17clue.txt`), which
    /// the list already gives in minlex form: pairwise non-isomorphic.
    const SEVENTEEN: [&str; 6] = [
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
        ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
        ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
        ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..",
        ".................1.....2.3.....1...4..3.5.....26....7.14...8...5........7....6.2.",
    ];
    /// From `shared/data/top1465.txt`: not in canonical form.
    const OTHERS: [&str; 2] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    ];

    fn random_transform(rng: &mut impl Rng) -> Transform {
        let mut lines = || {
            let mut bands = [0u8, 1, 2];
            bands.shuffle(rng);
            let mut p = [0u8; 9];
            for (k, &b) in bands.iter().enumerate() {
                let mut inner = [0u8, 1, 2];
                inner.shuffle(rng);
                for m in 0..3 {
                    p[3 * k + m] = 3 * b + inner[m];
                }
            }
            p
        };
        let (rows, cols) = (lines(), lines());
        let mut digits = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        digits[1..].shuffle(rng);
        let wide = |p: &[u8]| p.iter().map(|&x| x as usize).collect();
        Transform {
            shape: sudoku::Shape::NINE,
            transpose: rng.gen_bool(0.5),
            rows: wide(&rows),
            cols: wide(&cols),
            digits: wide(&digits),
        }
    }

    #[test]
    fn known_minlex_forms_are_reproduced() {
        for p in SEVENTEEN {
            let c = minlex(&Grid::from_line(p).unwrap()).unwrap();
            assert_eq!(c.line, p.replace('.', "0"));
        }
    }

    #[test]
    fn every_reorientation_has_the_same_form() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for p in SEVENTEEN.iter().chain(&OTHERS) {
            let g = Grid::from_line(p).unwrap();
            let c = minlex(&g).unwrap();
            assert_eq!(c.transform.apply(&g), c.grid());
            assert_eq!(c.transform.inverse().apply(&c.grid()), g);
            for _ in 0..20 {
                let t = random_transform(&mut rng);
                assert!(t.is_valid());
                let moved = t.apply(&g);
                let m = minlex(&moved).unwrap();
                assert_eq!(m.line, c.line, "{p} moved by {t:?}");
                assert_eq!(m.transform.apply(&moved), c.grid());
            }
        }
    }

    /// Every shape but 9x9 takes the general search: puzzles of each, moved by random
    /// symmetries (transposed too where boxes are square), keep their form, and the form's
    /// transform gives it; tall boxes are written wide.
    #[test]
    fn every_shape_has_a_form_that_reorientation_keeps() {
        let shapes = [
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (4, 2),
            (3, 4),
            (4, 3),
            (2, 5),
            (4, 4),
        ];
        for (br, bc) in shapes {
            let shape = sudoku::Shape::new(br, bc).unwrap();
            let gen = sudoku::generate::Generator::new(shape).seed(5);
            let mut forms = Vec::new();
            for i in 0..4 {
                let g = gen.generate(i).unwrap().puzzle;
                let c = minlex(&g).unwrap();
                assert!(c.transform.is_valid(), "{br}x{bc}: {:?}", c.transform);
                assert_eq!(c.transform.apply(&g), c.grid());
                assert_eq!(c.transform.inverse().apply(&c.grid()), g);
                // The line reads back as the form, box shape included: tall boxes turned
                // wide (a 3x2 puzzle's form is its transpose's, in 2x3).
                let back = sudoku::format::parse_str(&c.line, None).unwrap().grid;
                assert_eq!(back.values(), c.grid().values(), "{}", c.line);
                let wide = sudoku::Shape::new(br.min(bc), br.max(bc)).unwrap();
                assert_eq!(back.shape(), wide, "{}", c.line);
                for k in 0..6 {
                    let moved = sudoku::transform::Transform::seeded(shape, 100 * i + k).apply(&g);
                    assert_eq!(
                        minlex(&moved).unwrap().line,
                        c.line,
                        "{br}x{bc} puzzle {i}, move {k}"
                    );
                }
                forms.push(c.line);
            }
            forms.sort();
            forms.dedup();
            assert_eq!(forms.len(), 4, "{br}x{bc}: different puzzles share a form");
        }
    }

    #[test]
    fn different_puzzles_differ() {
        let mut forms: Vec<String> = SEVENTEEN
            .iter()
            .chain(&OTHERS)
            .map(|p| minlex(&Grid::from_line(p).unwrap()).unwrap().line)
            .collect();
        let gen = sudoku::generate::Generator::new(sudoku::Shape::NINE).seed(3);
        forms.extend((0..10).map(|i| minlex(&gen.generate(i).unwrap().puzzle).unwrap().line));
        let n = forms.len();
        forms.sort();
        forms.dedup();
        assert_eq!(forms.len(), n);
    }
}

#[test]
fn unusable_patterns_are_refused_before_any_attempt() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    // Rows 4 and 6 (one band) without givens; every other cell given.
    let mut mask = Grid::empty(Shape::NINE);
    for c in Cell::all(Shape::NINE) {
        let r = c.index() / 9;
        if r != 3 && r != 5 {
            mask.set_given(c, sudoku::Digit::new(1));
        }
    }
    let tried = Arc::new(AtomicU64::new(0));
    let gen = Generator::new(Shape::NINE)
        .pattern(&mask)
        .unwrap()
        .count_attempts(tried.clone());
    match gen.check() {
        Err(GenerateError::PatternUnusable(why)) => assert!(why.contains("rows 4 and 6"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        gen.generate(0),
        Err(GenerateError::PatternUnusable(_))
    ));
    assert_eq!(tried.load(Ordering::Relaxed), 0, "no grid was tried");
    // A usable pattern: the counter counts the grids tried.
    let mask = Grid::from_line(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let gen = Generator::new(Shape::NINE)
        .pattern(&mask)
        .unwrap()
        .seed(1)
        .count_attempts(tried.clone());
    let p = gen.generate(0).unwrap();
    assert_eq!(tried.load(Ordering::Relaxed), p.attempts as u64);
}

/// Every 4x4 puzzle with one solution yields to singles, whatever its boxes, so targets
/// beyond them are refused before any attempt. The claim was checked over all their grids
/// and all their subsets of givens; here, over the puzzles of two grids of each box shape
/// (2x2: one of each of the two kinds under the grids' symmetries, 96 and 192 grids; 1x4:
/// the two Latin squares that every one is a permutation of) with at most six givens, the
/// sparsest and so the hardest.
#[test]
fn four_by_four_targets_beyond_singles_are_refused_at_once() {
    use sudoku::logic::Technique;
    let four = Shape::new(2, 2).unwrap();
    let rows = Shape::new(1, 4).unwrap();
    let rater = Rater::new();
    let mut rated = 0;
    for (shape, line) in [
        (four, "1234341221434321"),
        (four, "1234341223414123"),
        (rows, "1234234134124123"),
        (rows, "1234214334124321"),
    ] {
        let values: Vec<usize> = line.bytes().map(|b| usize::from(b - b'0')).collect();
        let grid = Grid::from_values(shape, &values).unwrap();
        assert!(verify::check_solution(&grid).is_ok(), "{line}");
        for mask in 0u32..1 << 16 {
            if mask.count_ones() > 6 {
                continue;
            }
            let mut p = Grid::empty(shape);
            for i in (0..16).filter(|i| mask >> i & 1 == 1) {
                let cell = Cell::new(i);
                p.set_given(cell, grid.get(cell).unwrap());
            }
            if count(&p) != 1 {
                continue;
            }
            let fewest = sudoku::generate::fewest_givens(shape).0;
            assert!(mask.count_ones() as usize >= fewest, "{p:?}");
            rated += 1;
            let er = rater.rate_se(&p).er;
            assert!(er <= 1.2, "{p:?}: ER {er}");
            assert_eq!(rater.rate_hodoku(&p).level, Level::Easy, "{p:?}");
        }
    }
    assert!(rated > 2000, "{rated}");
    let refused = |target: Target| {
        assert!(Generator::new(rows)
            .difficulty(target.clone())
            .check()
            .is_err());
        let err = Generator::new(four).difficulty(target).check().unwrap_err();
        assert!(
            matches!(err, GenerateError::TargetUnreachable { .. }),
            "{err}"
        );
        err.to_string()
    };
    let medium = Target {
        level: Some(Level::Medium),
        ..Target::default()
    };
    assert!(refused(medium.clone()).contains("rated Medium"));
    let se = Target {
        se: Some((1.5, 3.0)),
        ..Target::default()
    };
    assert!(refused(se).contains("ER 1.5"));
    let wing = Target {
        require: vec![Technique::XWing],
        ..Target::default()
    };
    assert!(refused(wing).contains("X-Wing"));
    // What 4x4 puzzles can be, and other shapes, are taken.
    let easy = Target {
        level: Some(Level::Easy),
        se: Some((1.0, 1.2)),
        ..Target::default()
    };
    assert!(Generator::new(four).difficulty(easy).check().is_ok());
    let six = Shape::new(2, 3).unwrap();
    assert!(Generator::new(six).difficulty(medium).check().is_ok());
}

/// An SE range off the scale (above the hardest puzzles' 11.9, below a full house's 1.0)
/// is met by no puzzle of any shape: refused before any attempt, where the generator
/// rated ten thousand puzzles (or ran until `--max-time`) looking for one.
#[test]
fn ratings_off_the_scale_are_refused_at_once() {
    for (lo, hi) in [(13.0, 20.0), (100.0, 200.0), (0.0, 0.5)] {
        let target = Target {
            se: Some((lo, hi)),
            ..Target::default()
        };
        let err = Generator::new(Shape::NINE)
            .difficulty(target)
            .check()
            .unwrap_err();
        assert!(matches!(err, GenerateError::RatingOffScale { .. }), "{err}");
        assert!(err.to_string().contains("run from 1.0 to 12.0"), "{err}");
    }
    for (lo, hi) in [(11.0, 13.0), (0.0, 1.0), (1.0, 12.0)] {
        let target = Target {
            se: Some((lo, hi)),
            ..Target::default()
        };
        assert!(Generator::new(Shape::NINE)
            .difficulty(target)
            .check()
            .is_ok());
    }
}
