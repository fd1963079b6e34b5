//! Per-technique tests.
//!
//! 1. The technique cases, `testdata/techniques/*.cases` (format in that folder's README):
//!    each a whole position, a technique, and the step it must find there or that it must
//!    find nothing; the one harness for every family.
//! 2. HoDoKu's exemplar library (`testdata/techniques/hodoku-exemplars-1.0.txt`, puzzles
//!    grouped by the technique HoDoKu's solver meets in them): for each section of a
//!    technique we implement, the technique must fire somewhere along our solve path in
//!    most of its puzzles. Paths differ from HoDoKu's, so a few misses are expected; the
//!    table printed with `--nocapture` shows them.

use crate::common;

use sudoku::logic::{apply, chain_length, Family, LogicSolver, Technique, TechniqueSet};
use sudoku::{Board, Grid};

/// A file of `testdata/techniques/`.
fn testdata(name: &str) -> String {
    common::testdata(&format!("techniques/{name}"))
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

/// Every technique case of `testdata/techniques/*.cases` (format and checks in that folder's
/// README): at the case's own position, the technique alone must find nothing, or the
/// expected step (the first it takes, or one among all it finds), with the expected text
/// when the case gives one; every step it finds there is of that technique and checked
/// against the solution. Every failing case is listed, not only the first.
#[test]
fn technique_cases() {
    use common::cases::{Expect, Outcome};
    use std::collections::BTreeMap;
    let mut failures = Vec::new();
    // Per family: cases that must fire, and cases that must not.
    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for case in common::cases::all() {
        let (t, board, at) = (case.technique, &case.board, case.at.as_str());
        let s = board.shape();
        let finder = only(t);
        let count = counts
            .entry(common::cases::file_of(t.family()))
            .or_default();
        let outcome = match &case.expect {
            Expect::Nothing => {
                count.1 += 1;
                if let Some(step) = finder.next_step(board) {
                    failures.push(format!(
                        "{at}: {} must not fire, found {}",
                        t.name(),
                        step.text(s)
                    ));
                }
                continue;
            }
            Expect::First(o) | Expect::Any(o) => o,
        };
        count.0 += 1;
        // A firing case is a sound position of a unique puzzle: the solution's digits are
        // still candidates, so every step can be checked against it.
        let solution = common::solve_unique(board.grid(), at);
        for cell in board.empty_cells() {
            let d = solution.get(cell).expect("a full solution");
            assert!(
                board.has(cell, d),
                "{at}: bad case, the position lost the solution's {d} in {}",
                cell.name(s)
            );
        }
        let all = finder.all_steps(board);
        // Chains and forcing steps tell their length (what their rating grows with); Remote
        // Pair, of the chains family, shows its cells instead of links.
        let chain =
            matches!(t.family(), Family::Chains | Family::Forcing) && t != Technique::RemotePair;
        for step in &all {
            assert_eq!(step.technique, t, "{at}: a step of another technique");
            common::check_step(board, step, &solution, at);
            assert!(
                !chain || chain_length(step).is_some_and(|n| n > 0),
                "{at}: a chain step without a length: {}",
                step.text(s)
            );
        }
        let found = match &case.expect {
            Expect::First(_) => finder.next_step(board),
            _ => all.iter().find(|st| Outcome::of(st) == *outcome).cloned(),
        };
        let Some(step) = found else {
            failures.push(format!(
                "{at}: expected {}, found {:?}",
                outcome.write(s),
                all.iter().map(|st| st.text(s)).collect::<Vec<_>>()
            ));
            continue;
        };
        // The first step may come from a search of its own (the best of several).
        assert_eq!(step.technique, t, "{at}: a step of another technique");
        common::check_step(board, &step, &solution, at);
        if Outcome::of(&step) != *outcome {
            failures.push(format!(
                "{at}: expected {}, the first step is {}",
                outcome.write(s),
                step.text(s)
            ));
        } else if let Some(text) = case.text.as_ref().filter(|&x| *x != step.text(s)) {
            failures.push(format!(
                "{at}: expected the text `{text}`, found `{}`",
                step.text(s)
            ));
        }
    }
    let table: Vec<String> = counts
        .iter()
        .map(|(f, (fire, silent))| format!("{f}: {fire} fire, {silent} silent"))
        .collect();
    eprintln!("technique cases:\n  {}", table.join("\n  "));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every family has a case that fires; none of the 319 cases converted from the old
    // formats (issue 17) is lost.
    assert_eq!(counts.len(), Family::ALL.len(), "{table:?}");
    assert!(counts.values().all(|&(fire, _)| fire > 0), "{table:?}");
    let total: usize = counts.values().map(|(fire, silent)| fire + silent).sum();
    assert!(total >= 319, "only {total} cases");
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
    let mut empty = Vec::new();
    for (name, grids) in &sections {
        let Some(t) = rename(name) else { continue };
        if !t.is_implemented() {
            continue;
        }
        if grids.is_empty() {
            // HoDoKu's library has no puzzle for some sections (Kraken Fish among them).
            empty.push(name.as_str());
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
        "exemplar sections (hits/puzzles):\n  {}\nimplemented, no puzzles in the library: {}",
        report.join("\n  "),
        empty.join(", ")
    );
    assert!(report.len() >= 20, "too few sections matched: {report:?}");
    assert!(failures.is_empty(), "sections below 60%: {failures:?}");
}

/// Template Set and Delete are sound: where HoDoKu's set without forcing and grouped chains
/// stalls on
/// a sample of hard puzzles (top1465, hardest), every template step agrees with the
/// solution; the steps are applied and the set resumes, as long as templates fire.
#[test]
fn templates_are_sound() {
    let prelude = LogicSolver::builder()
        .techniques(
            TechniqueSet::hodoku_defaults()
                .difference(TechniqueSet::family(Family::Forcing))
                .difference(TechniqueSet::parse("gcnl,gdnl,gaic").unwrap()),
        )
        .backtracking(false)
        .build();
    let templates = LogicSolver::builder()
        .techniques(TechniqueSet::parse("templates").unwrap())
        .backtracking(false)
        .build();
    let mut entries = common::corpus("chains/top1465_50.txt");
    entries.extend(common::corpus("chains/hardest_10.txt"));
    assert_eq!(entries.len(), 59);
    let (mut fired, mut steps) = (0, 0);
    for e in &entries {
        let (grid, solution) = (&e.grid, e.solution());
        let mut board = Board::new(grid);
        let mut any = false;
        loop {
            if let Some(step) = prelude.next_step(&board) {
                apply(&mut board, &step);
                continue;
            }
            let found = templates.all_steps(&board);
            for s in &found {
                common::check_step(&board, s, solution, &e.at);
            }
            let Some(first) = found.first() else { break };
            any = true;
            steps += found.len();
            assert!(apply(&mut board, first));
        }
        fired += usize::from(any);
    }
    // Measured: templates fire in 10 of the 59 puzzles (none of the hardest).
    assert!(
        fired >= 8 && steps >= 10,
        "fired in {fired} puzzles, {steps} steps"
    );
}

/// Templates on other shapes: every step holds in every solution (small grids with few
/// givens and many solutions), and on a 16x16 puzzle solved by naked singles and
/// templates every step agrees with the solution.
#[test]
fn templates_on_other_shapes() {
    use sudoku::solve;
    let templates = LogicSolver::builder()
        .techniques(TechniqueSet::parse("templates").unwrap())
        .backtracking(false)
        .build();
    let mut checked = 0;
    for line in [
        "1...............",
        "..3......1......2...........4.5.....",
        "6.....................1......2.....4",
        "1.......2.......3.......4.......5.......6.......7.......8.......",
    ] {
        let g = Grid::from_line(line).unwrap();
        let board = Board::new(&g);
        for step in templates.all_steps(&board) {
            let text = step.text(g.shape());
            // No solution puts a placed digit elsewhere or keeps an eliminated one.
            for p in &step.placements {
                for d in board.candidates(p.cell).iter().filter(|&d| d != p.digit) {
                    let mut test = g.clone();
                    test.set(p.cell, Some(d));
                    assert_eq!(solve::count_solutions(&test, 1), 0, "{line}: {text}");
                }
            }
            for e in &step.eliminations {
                let mut test = g.clone();
                test.set(e.cell, Some(e.digit));
                assert_eq!(solve::count_solutions(&test, 1), 0, "{line}: {text}");
            }
            checked += 1;
        }
    }
    assert!(checked > 0);
    let grid = common::matrix("logic/rkkautsar-sudoku-16-1.txt");
    let solution = common::solve_unique(&grid, "16x16");
    let solver = LogicSolver::builder()
        .techniques(TechniqueSet::parse("n1,templates").unwrap())
        .backtracking(false)
        .build();
    let path = solver.solve(&grid);
    assert!(
        path.solved,
        "16x16 not solved by naked singles and templates"
    );
    let mut board = Board::new(&grid);
    for s in &path.steps {
        common::check_step(&board, s, &solution, "16x16");
        apply(&mut board, s);
    }
}
