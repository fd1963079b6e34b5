//! Agreement of our Sudoku Explainer rating with the reference ratings on a small sample
//! (`testdata/rating/`), and soundness of the SE path: every step of the SE rater's solve
//! is checked against the solution.
//!
//! The thresholds are the agreement reached when the sample was taken (a regression guard):
//! raise them when the rating improves, never lower them to make a change pass.

use sudoku::logic::{apply, check_step, LogicSolver, Order, Technique};
use sudoku::rate::Rater;
use sudoku::solve::{self, Outcome};
use sudoku::{Board, Grid};

fn testdata(name: &str) -> String {
    let path = format!("{}/../../testdata/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `(puzzle, reference ER)` of the sudoku_exchange sample (`hash puzzle ER` lines).
fn diabolical() -> Vec<(Grid, f32)> {
    testdata("rating/diabolical_60.txt")
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (Grid::from_line(f[1]).unwrap(), f[2].parse().unwrap())
        })
        .collect()
}

/// `(puzzle, reference ER)` of the HardestDatabase sample (CSV, ER in the sixth field).
fn hardest() -> Vec<(Grid, f32)> {
    testdata("rating/hardest_10.txt")
        .lines()
        .skip(2)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (Grid::from_line(f[0]).unwrap(), f[5].parse().unwrap())
        })
        .collect()
}

fn tenths(x: f32) -> i32 {
    (x * 10.0).round() as i32
}

/// The SE rater's solver (its order and technique set).
fn se_solver() -> LogicSolver {
    LogicSolver::builder()
        .order(Order::Explainer)
        .techniques(Rater::se_techniques())
        .backtracking(false)
        .build()
}

/// Walks the SE path of `grid`, checking every step against the solution; at most
/// `max_steps` steps of the chaining producers (which are slow on the hardest puzzles).
fn walk(solver: &LogicSolver, grid: &Grid, what: &str) {
    let Outcome::Unique(solution) = solve::solve(grid) else {
        panic!("{what}: not unique")
    };
    let mut board = Board::new(grid);
    let mut steps = 0;
    while !board.is_solved() {
        let Some(step) = solver.next_step(&board) else {
            panic!("{what}: stalled");
        };
        if let Err(e) = check_step(&board, &step, &solution) {
            panic!("{what}: {e}");
        }
        assert!(
            step.se_rating().is_some(),
            "{what}: {}",
            step.text(board.shape())
        );
        assert!(apply(&mut board, &step));
        steps += 1;
        assert!(steps < 1000, "{what}: runaway");
    }
}

#[test]
fn se_path_is_sound_on_the_diabolical_sample() {
    let solver = se_solver();
    for (i, (g, _)) in diabolical().iter().enumerate().step_by(3) {
        walk(&solver, g, &format!("diabolical #{}", i + 1));
    }
}

#[test]
fn se_rating_agrees_with_the_reference_on_the_diabolical_sample() {
    let rater = Rater::new();
    let cases = diabolical();
    let (mut exact, mut near, mut sum) = (0, 0, 0.0f64);
    for (g, er) in &cases {
        let r = rater.rate_se(g);
        assert!(r.solved, "{g:?}");
        assert!(r.ed <= r.ep && r.ep <= r.er, "{g:?}");
        let d = (tenths(r.er) - tenths(*er)).abs();
        exact += usize::from(d == 0);
        near += usize::from(d <= 1);
        sum += f64::from(d) / 10.0;
    }
    let n = cases.len();
    let mean = sum / n as f64;
    eprintln!("diabolical sample: exact {exact}/{n}, within 0.1 {near}/{n}, mean |dER| {mean:.3}");
    // Reached when the sample was taken: exact 40/60, within 0.1 47/60, mean 0.155 (the
    // misses were mostly Sukaku Explainer techniques we lacked: its WXYZ-Wing sizes,
    // VWXYZ-Wing, strong-linked fishes). With Sukaku's WXYZ/3-link ratings and its
    // VWXYZ-Wing: exact 55/60, within 0.1 57/60, mean 0.017. With lines in two boxes as
    // group links of 3 Strong Links: exact 59/60, within 0.1 60/60, mean 0.002.
    assert!(exact >= 58, "exact ER {exact}/{n}");
    assert!(near >= 59, "within 0.1 {near}/{n}");
    assert!(mean <= 0.01, "mean |dER| {mean:.3}");
}

#[test]
fn nested_chains_rate_the_hardest_sample_near_the_reference_and_soundly() {
    // Puzzles whose hardest steps are nested forcing chains of level 2 (about a second
    // each): SE's rating within a tenth of the reference, every step checked against the
    // solution.
    let solver = se_solver();
    let cases = hardest();
    assert_eq!(cases.len(), 10);
    for i in [0, 3] {
        let (g, er) = &cases[i];
        let what = format!("hardest #{}", i + 1);
        let Outcome::Unique(solution) = solve::solve(g) else {
            panic!("{what}: not unique")
        };
        let path = solver.solve_board(Board::new(g));
        let mut board = Board::new(g);
        for step in &path.steps {
            if let Err(e) = check_step(&board, step, &solution) {
                panic!("{what}: {e}");
            }
            assert!(apply(&mut board, step));
        }
        let r = sudoku::rate::se_rating_of(&path);
        assert!(r.solved, "{what}");
        assert_eq!(r.hardest, Some(Technique::NestedForcingChain), "{what}");
        let d = (tenths(r.er) - tenths(*er)).abs();
        assert!(d <= 1, "{what}: ours {} ref {er}", r.er);
    }
}

#[test]
fn the_time_limit_cuts_a_nested_search_short() {
    // Hardest #2 needs level-4 nested chains (seconds a step): with 50 ms the rater
    // stops inside the first nested search and says so.
    let (g, _) = &hardest()[1];
    let rater = Rater::new().max_time(Some(std::time::Duration::from_millis(50)));
    let t = std::time::Instant::now();
    let r = rater.rate_se(g);
    assert!(r.timed_out && !r.solved, "{r:?}");
    assert!(
        t.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        t.elapsed()
    );
}

/// A time limit that cuts a rating of both scales short leaves HoDoKu's a share of it, and
/// its level is then what the steps made show (a lower bound), not the level of a stall.
#[test]
fn a_cut_short_rating_of_both_scales_gives_each_a_share() {
    use sudoku::rate::Scales;
    let text = testdata("large/rkkautsar-sudoku-100-1.txt");
    let p = sudoku::format::parse_str(&text, None).unwrap();
    let position = sudoku::logic::Position::from_puzzle(&p);
    let stop = sudoku::Stop::after(std::time::Duration::from_millis(1500));
    let r = Rater::new()
        .rate_position(&position, Scales::Both, &stop)
        .unwrap();
    let (se, hodoku) = (r.se.unwrap(), r.hodoku.unwrap());
    // SE's path stalls on this grid (ER 20.0) at about the time limit: on a quick machine
    // before it, so either is its share; HoDoKu's runs on well past it.
    assert!(!se.solved && (se.timed_out || se.er == 20.0), "{se:?}");
    assert!(hodoku.timed_out, "{hodoku:?}");
    assert!(hodoku.steps > 0 && hodoku.score > 0, "{hodoku:?}");
    let hardest = hodoku.hardest.and_then(|t| t.hodoku()).unwrap().level;
    assert!(hodoku.level >= hardest, "{hodoku:?}");
    assert!(hodoku.level < sudoku::logic::Level::Extreme, "{hodoku:?}");
}

/// Each scale's path reports to its own progress as it goes: its steps, the cells it left
/// and its last technique, the same as the rating says; a path cut short says it ended
/// where it stopped.
#[test]
fn each_scale_reports_its_progress() {
    use sudoku::logic::PathProgress;
    use sudoku::rate::Scales;
    let (g, _) = &diabolical()[0];
    let (se, hodoku) = (PathProgress::new(), PathProgress::new());
    assert!(!se.started() && se.last_technique().is_none());
    let rater = Rater::new().with_progress(se.clone(), hodoku.clone());
    let board = Board::new(g);
    let r = rater.rate_unique_board(&board, Scales::Both, &sudoku::Stop::never());
    let (ser, hr) = (r.se.unwrap(), r.hodoku.unwrap());
    assert!(ser.solved && hr.solved);
    for (p, steps) in [(&se, ser.steps), (&hodoku, hr.steps)] {
        assert!(p.started() && p.finished());
        assert_eq!((p.steps(), p.open_cells()), (steps, 0));
        assert!(steps > 0 && p.last_technique().is_some());
    }
    // A path cut short: fewer steps, cells left, and ended. The same progress again starts
    // from the new path's first step.
    let stopped = sudoku::Stop::after(std::time::Duration::from_millis(50));
    let (hard, _) = &hardest()[1];
    let cut = rater.rate_unique_board(&Board::new(hard), Scales::Se, &stopped);
    let cut = cut.se.unwrap();
    assert!(cut.timed_out);
    assert!(se.finished() && se.steps() == cut.steps);
    let hard_open = hard.values().iter().filter(|&&v| v == 0).count();
    assert!(se.open_cells() > 0 && se.open_cells() <= hard_open);
}

/// Side by side, without a time limit, HoDoKu's path starts while SE's runs, and the
/// ratings are the ones made one after the other.
#[test]
fn side_by_side_scales_run_together_and_rate_the_same() {
    use sudoku::logic::PathProgress;
    use sudoku::rate::Scales;
    let never = sudoku::Stop::never();
    for (g, _) in diabolical().iter().take(3) {
        let board = Board::new(g);
        let one_by_one = Rater::new().rate_unique_board(&board, Scales::Both, &never);
        let together =
            Rater::new()
                .side_by_side(true)
                .rate_unique_board(&board, Scales::Both, &never);
        assert!(one_by_one.se.is_some() && one_by_one.hodoku.is_some());
        assert_eq!(one_by_one, together);
    }
    // SE's path of a nested-chain puzzle takes far longer than HoDoKu's starts.
    let (hard, _) = &hardest()[1];
    let board = Board::new(hard);
    let (se, hodoku) = (PathProgress::new(), PathProgress::new());
    let rater = Rater::new()
        .side_by_side(true)
        .with_progress(se.clone(), hodoku.clone());
    std::thread::scope(|scope| {
        let rating = scope.spawn(|| rater.rate_unique_board(&board, Scales::Both, &never));
        while !hodoku.started() && !se.finished() {
            std::thread::yield_now();
        }
        assert!(hodoku.started() && !se.finished(), "HoDoKu waited for SE");
        let r = rating.join().unwrap();
        assert!(r.se.unwrap().solved && r.hodoku.unwrap().solved);
    });
}

/// The SE path of the hardest sample, checked step by step (slow: `--ignored`).
#[test]
#[ignore]
fn se_path_is_sound_on_the_hardest_sample() {
    let solver = se_solver();
    for (i, (g, _)) in hardest().iter().enumerate().take(3) {
        walk(&solver, g, &format!("hardest #{}", i + 1));
    }
}
