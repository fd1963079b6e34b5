//! The rating arithmetic: HoDoKu's level bumps, SE's ER/EP/ED over a path, the presets.

use sudoku::logic::{Level, LogicSolver, Order, SolvePath, Step, Technique};
use sudoku::rate::{hodoku_rating_of, se_rating_of, Preset, Rater, SE_FAILED};
use sudoku::{Board, Grid};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn path_of(techniques: &[Technique], solved: bool) -> SolvePath {
    let board = Board::new(&Grid::from_line(CLASSIC).unwrap());
    SolvePath {
        steps: techniques
            .iter()
            .map(|&t| Step::new(t, sudoku::logic::Evidence::BruteForce))
            .collect(),
        solved,
        used_backtracking: false,
        board,
        timed_out: false,
    }
}

#[test]
fn hodoku_level_is_raised_by_the_score() {
    // Hidden singles are Easy, 14 points each: 57 of them score 798 (still Easy), 58 score
    // 812, over Easy's 800, so the level becomes Medium.
    for (n, want) in [(57, Level::Easy), (58, Level::Medium)] {
        let r = hodoku_rating_of(&path_of(&vec![Technique::HiddenSingle; n], true));
        assert_eq!(r.score, 14 * n as u32);
        assert_eq!(r.level, want, "{n} hidden singles");
    }
    // A Hard technique with a small score stays Hard; enough points make it Unfair.
    let mut steps = vec![Technique::XWing];
    let r = hodoku_rating_of(&path_of(&steps, true));
    assert_eq!((r.level, r.hardest), (Level::Hard, Some(Technique::XWing)));
    steps.extend(vec![Technique::NakedPair; 25]);
    let r = hodoku_rating_of(&path_of(&steps, true));
    assert!(r.score > Level::Hard.max_score());
    assert_eq!(r.level, Level::Unfair);
    // Stalled is Extreme; cut short by the time limit, the steps made give a lower bound.
    let r = hodoku_rating_of(&path_of(&[Technique::NakedSingle], false));
    assert_eq!(r.level, Level::Extreme);
    assert!(!r.solved);
    let cut = SolvePath {
        timed_out: true,
        ..path_of(&[Technique::NakedSingle, Technique::XWing], false)
    };
    let r = hodoku_rating_of(&cut);
    assert_eq!((r.level, r.solved, r.timed_out), (Level::Hard, false, true));
}

#[test]
fn score_maxima_scale_with_the_number_of_cells() {
    // A 25x25 has 625/81 times a 9x9's cells, and its score maxima are scaled by as much:
    // hidden singles (14 points) up to Easy's maximum stay Easy, one more is Medium.
    let big = Board::new(&Grid::empty(sudoku::Shape::new(5, 5).unwrap()));
    let max = Level::Easy.max_score_for(big.shape());
    assert_eq!(max, 800 * 625 / 81);
    assert_eq!(Level::Easy.max_score_for(sudoku::Shape::NINE), 800);
    let singles = |n: usize| SolvePath {
        board: big.clone(),
        ..path_of(&vec![Technique::HiddenSingle; n], true)
    };
    let under = max as usize / 14;
    assert_eq!(hodoku_rating_of(&singles(under)).level, Level::Easy);
    assert_eq!(hodoku_rating_of(&singles(under + 1)).level, Level::Medium);
    // The same steps on a 9x9 board would be raised to Extreme.
    assert_eq!(
        hodoku_rating_of(&path_of(&vec![Technique::HiddenSingle; under], true)).level,
        Level::Extreme
    );
}

#[test]
fn se_er_ep_ed_over_a_path() {
    // ED is the first step, EP the hardest up to the first placement, ER the hardest.
    let mut path = path_of(
        &[
            Technique::XWing,
            Technique::NakedPair,
            Technique::HiddenSingle,
            Technique::Jellyfish,
        ],
        true,
    );
    let cell = sudoku::Cell::new(2);
    path.steps[2].placements = vec![sudoku::Candidate::new(cell, sudoku::Digit::from_index(3))];
    let r = se_rating_of(&path);
    let rating = |t: Technique| t.se_rating().unwrap();
    assert_eq!(r.ed, rating(Technique::XWing));
    assert_eq!(
        r.ep,
        rating(Technique::XWing).max(rating(Technique::NakedPair))
    );
    assert_eq!(r.er, rating(Technique::Jellyfish));
    assert_eq!(r.hardest, Some(Technique::Jellyfish));
    // A stalled path rates 20.0, as serate does.
    let r = se_rating_of(&path_of(&[Technique::XWing], false));
    assert_eq!(r.er, SE_FAILED);
    assert_eq!(Preset::of_er(r.er), None);
}

#[test]
fn ratings_of_real_puzzles_are_consistent() {
    let rater = Rater::new();
    let solver = LogicSolver::builder().order(Order::Explainer).build();
    for line in include_str!("../../../testdata/corpus/top1465-200.txt")
        .lines()
        .take(12)
    {
        let g = Grid::from_line(line.split(':').next().unwrap()).unwrap();
        let se = rater.rate_se(&g);
        assert!(se.solved && !se.timed_out, "{line}");
        assert!(se.ed <= se.ep && se.ep <= se.er, "{line}: {se:?}");
        // ER is the maximum over the path the solver itself takes.
        let path = solver.solve(&g);
        if !path.used_backtracking {
            assert_eq!(Some(se.er), path.max_se_rating(), "{line}");
        }
        let hd = rater.rate_hodoku(&g);
        assert!(hd.solved);
        assert!(hd.level >= hd.hardest.unwrap().hodoku().unwrap().level);
    }
}

#[test]
fn presets_cover_the_scale_without_gaps() {
    let mut er = 1.0f32;
    let mut last = Preset::Easy;
    while er <= 11.95 {
        let p = Preset::of_er(er).expect("every rating has a preset");
        assert!(p >= last, "{er}");
        let (lo, hi) = p.se_range();
        assert!(er >= lo - 1e-4 && (er <= hi + 1e-4 || p == Preset::Diabolical));
        last = p;
        er += 0.1;
    }
    assert_eq!(Preset::from_name("Fiendish"), Some(Preset::Fiendish));
    assert_eq!(Preset::of_er(6.0), Some(Preset::Fiendish));
    assert_eq!(Preset::of_er(6.1), Some(Preset::Diabolical));
}

#[test]
fn level_targets_agree_with_the_full_rating() {
    use sudoku::rate::{Target, TargetRater, Verdict};
    // Every level, and scores on both sides of Easy's and Medium's maximum.
    let text = include_str!("../../../testdata/rating/hodoku_generated.txt");
    let rater = Rater::new();
    let targets = [Level::Easy, Level::Medium, Level::Hard].map(|l| {
        let target = Target {
            level: Some(l),
            ..Target::default()
        };
        (l, TargetRater::new(target))
    });
    let mut fits = [0; 3];
    for line in text.lines() {
        let g = Grid::from_line(line.split(':').next().unwrap()).unwrap();
        let hd = rater.rate_hodoku(&g);
        for (k, (want, target)) in targets.iter().enumerate() {
            let floor = match want {
                Level::Easy => 0,
                Level::Medium => Level::Easy.max_score(),
                _ => Level::Medium.max_score(),
            };
            let expect = if hd.level > *want {
                Verdict::TooHard
            } else if hd.level < *want || hd.score < floor {
                Verdict::TooEasy
            } else {
                Verdict::Fits
            };
            assert_eq!(target.verdict(&g), expect, "{want:?} {line}");
            assert_eq!(
                target.accepts(&g),
                expect == Verdict::Fits,
                "{want:?} {line}"
            );
            fits[k] += usize::from(expect == Verdict::Fits);
        }
    }
    // The file's Medium puzzles are mostly under Easy's maximum: one fits.
    assert!(fits[0] > 100 && fits[1] > 0 && fits[2] > 5, "{fits:?}");
}
