//! Per-technique tests.
//!
//! 1. Regression cases in `testdata/techniques/*.txt` (HoDoKu reglib in spirit, one case a
//!    line, documented in `testdata/techniques/README.md`): a position where a technique
//!    fires with its exact step text (placements and eliminations included), and positions
//!    where it must not fire.
//! 2. HoDoKu's exemplar library (`testdata/techniques/hodoku-exemplars-1.0.txt`, puzzles
//!    grouped by the technique HoDoKu's solver meets in them): for each section of a
//!    technique we implement, the technique must fire somewhere along our solve path in
//!    most of its puzzles. Paths differ from HoDoKu's, so a few misses are expected; the
//!    table printed with `--nocapture` shows them.

use sudoku::logic::{apply, LogicSolver, Order, Step, Technique, TechniqueSet};
use sudoku::{Board, Grid};

fn testdata(name: &str) -> String {
    let path = format!(
        "{}/../../testdata/techniques/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn only(t: Technique) -> LogicSolver {
    LogicSolver::builder()
        .techniques(t.into())
        .backtracking(false)
        .build()
}

/// The board reached from `grid` by applying steps of `prelude` until it stalls or `stop`
/// finds a step.
fn advance(grid: &Grid, prelude: &LogicSolver, stop: Option<&LogicSolver>) -> Board {
    let mut board = Board::new(grid);
    loop {
        if stop.is_some_and(|s| s.next_step(&board).is_some()) {
            return board;
        }
        match prelude.next_step(&board) {
            Some(step) => {
                apply(&mut board, &step);
            }
            None => return board,
        }
    }
}

/// A regression case: `code | puzzle | prelude | expected` (see the README).
#[test]
fn regression_cases() {
    let mut cases = 0;
    // Every failing case is listed, not only the first.
    let mut failures = Vec::new();
    for file in [
        "singles.txt",
        "intersections.txt",
        "subsets.txt",
        "fish.txt",
        "uniqueness.txt",
        "coloring.txt",
        "single_digit.txt",
        "wings.txt",
    ] {
        for (n, line) in testdata(file).lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 4, "{file}:{}: four fields expected", n + 1);
            let what = format!("{file}:{}", n + 1);
            let t =
                Technique::from_name(f[0]).unwrap_or_else(|| panic!("{what}: technique {}", f[0]));
            let grid = Grid::from_line(f[1]).unwrap();
            let (list, at) = match f[2].split_once('@') {
                Some((list, at)) => (list, Some(Technique::from_name(at).unwrap())),
                None => (f[2], None),
            };
            let prelude = LogicSolver::builder()
                .techniques(TechniqueSet::parse(list).unwrap())
                .order(if list == "explainer" || list == "singles" {
                    Order::Explainer
                } else {
                    Order::Hodoku
                })
                .backtracking(false)
                .build();
            let finder = only(t);
            let stop = only(at.unwrap_or(t));
            let board = advance(&grid, &prelude, Some(&stop));
            let found: Vec<Step> = finder.all_steps(&board);
            let texts: Vec<String> = found.iter().map(|s| s.text(grid.shape())).collect();
            if f[3] == "-" {
                if !texts.is_empty() {
                    failures.push(format!(
                        "{what}: {} must not fire, found {texts:?}",
                        t.name()
                    ));
                }
            } else if !texts.iter().any(|x| x == f[3]) {
                failures.push(format!("{what}: expected `{}`, found {texts:?}", f[3]));
            }
            cases += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(cases >= 20, "only {cases} regression cases");
}

/// The exemplar sections we implement, with the share of puzzles in which the technique
/// must be met.
#[test]
fn hodoku_exemplars_fire() {
    let text = testdata("hodoku-exemplars-1.0.txt");
    let mut sections: Vec<(String, Vec<Grid>)> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix('#') {
            if let Some((num, name)) = rest.split_once(": ") {
                if num.len() == 4 && num.chars().all(|c| c.is_ascii_digit()) {
                    sections.push((name.trim().to_string(), Vec::new()));
                }
            }
            continue;
        }
        let Some(tok) = line.split_whitespace().next() else {
            continue;
        };
        if tok.len() == 81 {
            if let (Some(last), Ok(g)) = (sections.last_mut(), Grid::from_line(tok)) {
                last.1.push(g);
            }
        }
    }
    let rename = |name: &str| match name {
        "Locked Candidate Type 1" => Some(Technique::LockedCandidatesPointing),
        "Locked Candidate Type 2" => Some(Technique::LockedCandidatesClaiming),
        "ALS-XZ rule" => Some(Technique::AlsXz),
        "ALS-XY-Wing rule" => Some(Technique::AlsXyWing),
        "ALS-XY-Chain" => Some(Technique::AlsXyChain),
        "Alternating Interference Chain" => Some(Technique::Aic),
        "Grouped Alternating Interference Chain" => Some(Technique::GroupedAic),
        other => Technique::from_name(other),
    };
    let mut report = Vec::new();
    let mut failures = Vec::new();
    for (name, grids) in &sections {
        let Some(t) = rename(name) else { continue };
        if !t.is_implemented() || grids.is_empty() {
            continue;
        }
        // The costly fish are searched on a few puzzles only.
        let costly = t.hodoku().is_some_and(|h| h.index >= 6100);
        let take = if costly { 2 } else { grids.len() };
        let mut set = TechniqueSet::hodoku_defaults();
        set.insert(t);
        let path = LogicSolver::builder()
            .techniques(set)
            .backtracking(true)
            .build();
        let finder = only(t);
        let mut hit = 0;
        for grid in grids.iter().take(take) {
            let board = advance(grid, &path, Some(&finder));
            if finder.next_step(&board).is_some() {
                hit += 1;
            }
        }
        let tried = take.min(grids.len());
        report.push(format!("{name}: {hit}/{tried}"));
        // Most of a section's puzzles must show the technique on our path.
        if hit * 10 < tried * 6 {
            failures.push(format!("{name}: {hit}/{tried}"));
        }
    }
    eprintln!(
        "exemplar sections (hits/puzzles):\n  {}",
        report.join("\n  ")
    );
    assert!(report.len() >= 20, "too few sections matched: {report:?}");
    assert!(failures.is_empty(), "sections below 60%: {failures:?}");
}
