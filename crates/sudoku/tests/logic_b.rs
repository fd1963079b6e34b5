//! Tests of the wings, single-digit patterns, uniqueness and coloring families.
//!
//! - Technique cases (`testdata/techniques/logic_b.txt`): `code:puzzle:expected` fires the
//!   technique on the position the puzzle reaches with singles, intersections and subsets, and
//!   checks the first step's eliminations (`r3c6<>3 r4c2<>8`, or a
//!   placement `r5c5=2`); `!code:puzzle` checks that the technique finds nothing there.
//!   Puzzles are from HoDoKu's exemplar library (`shared/data/hodoku/exemplars-1.0.txt`,
//!   section and line cited in comments).
//! - Soundness: every step of these families, at every position of solve paths over 200
//!   sudoku exchange "diabolical" puzzles (lines 1–20,000, every 100th), never removes the
//!   solution's digit nor places a wrong one.

mod common;

use common::{check_step, solve_unique, testdata};
use sudoku::logic::{apply, Family, LogicSolver, Order, Step, Technique, TechniqueSet};
use sudoku::{Board, Grid};

fn our_families() -> TechniqueSet {
    [
        Family::Wings,
        Family::SingleDigitPatterns,
        Family::Uniqueness,
        Family::Coloring,
    ]
    .into_iter()
    .map(TechniqueSet::family)
    .fold(TechniqueSet::EMPTY, TechniqueSet::union)
    .union(TechniqueSet::from(Technique::RemotePair))
}

fn ours() -> Vec<Technique> {
    let set = our_families();
    Technique::ALL
        .iter()
        .copied()
        .filter(|&t| set.contains(t) && t.is_implemented())
        .collect()
}

/// The position `puzzle` reaches with singles, intersections and subsets.
fn after_basics(puzzle: &str) -> Board {
    let grid = Grid::from_line(puzzle).unwrap();
    let singles = LogicSolver::builder()
        .techniques(TechniqueSet::parse("singles,intersections,subsets").unwrap())
        .backtracking(false)
        .build();
    singles.solve(&grid).board
}

/// The steps of `t` alone at `board`.
fn steps_of(board: &Board, t: Technique) -> Vec<Step> {
    LogicSolver::builder()
        .techniques(TechniqueSet::from(t))
        .backtracking(false)
        .build()
        .all_steps(board)
}

fn outcome(step: &Step, board: &Board) -> String {
    let s = board.shape();
    let mut v: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("{}={}", p.cell.name(s), p.digit))
        .chain(
            step.eliminations
                .iter()
                .map(|e| format!("{}<>{}", e.cell.name(s), e.digit)),
        )
        .collect();
    v.sort();
    v.join(" ")
}

#[test]
fn technique_cases() {
    let mut fired = 0;
    let mut silent = 0;
    for line in testdata("techniques/logic_b.txt").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(':').collect();
        let (neg, code) = match fields[0].strip_prefix('!') {
            Some(c) => (true, c),
            None => (false, fields[0]),
        };
        let t = Technique::from_name(code).unwrap_or_else(|| panic!("technique {code}"));
        assert!(t.is_implemented(), "{code}");
        let board = after_basics(fields[1]);
        let steps = steps_of(&board, t);
        let sol = solve_unique(&Grid::from_line(fields[1]).unwrap(), line);
        for st in &steps {
            check_step(&board, st, &sol, line);
            assert_eq!(st.technique, t);
        }
        if neg {
            assert!(
                steps.is_empty(),
                "{line}: fired: {}",
                steps[0].text(board.shape())
            );
            silent += 1;
        } else {
            assert!(!steps.is_empty(), "{line}: nothing found");
            let got = outcome(&steps[0], &board);
            assert_eq!(got, fields[2], "{line}: {}", steps[0].text(board.shape()));
            fired += 1;
        }
    }
    eprintln!("technique cases: {fired} fire, {silent} silent");
    assert!(fired >= 15 && silent >= 10);
}

/// Every step of our finders at every position of the paths of two solvers (all our
/// techniques added to each order's defaults), over the 200 diabolical puzzles.
#[test]
fn diabolical_sample_is_sound() {
    let ours = ours();
    let mut count = vec![0usize; ours.len()];
    for order in [Order::Hodoku, Order::Explainer] {
        let solver = LogicSolver::builder()
            .order(order)
            .techniques(order.default_techniques().union(our_families()))
            .backtracking(false)
            .build();
        for e in common::corpus("techniques/diabolical_b_200.txt") {
            let (id, sol) = (&e.at, e.solution());
            let mut board = Board::new(&e.grid);
            while !board.is_solved() {
                for (k, &t) in ours.iter().enumerate() {
                    for st in steps_of(&board, t) {
                        check_step(&board, &st, sol, id);
                        count[k] += 1;
                    }
                }
                let Some(step) = solver.next_step(&board) else {
                    break;
                };
                check_step(&board, &step, sol, id);
                assert!(apply(&mut board, &step));
            }
        }
    }
    for (t, n) in ours.iter().zip(&count) {
        eprintln!("{:>30}: {n} steps checked", t.name());
    }
    assert!(count.iter().filter(|&&n| n > 0).count() >= ours.len() - 3);
}

/// The one-liners, in HoDoKu's notation, and the hints.
#[test]
fn one_liners() {
    use sudoku::logic::HintLevel;
    let cases = [
        (
            // exemplars L188, #0300
            ".7..2958.94..............6.4.16......239.....5....24......6814..........35..4...7",
            Technique::XyWing,
            "XY-Wing: 1/3/5 in r6c9,r5c8,r7c9 => r4c9,r8c8<>5",
        ),
        (
            // exemplars L370, #0400
            "...28.754.9.4.38............397..28.84......3.5.....7...8..1.9......5..23.6......",
            Technique::Skyscraper,
            "Skyscraper: 6 in r5c6,r6c9 (connected by r3c6,r3c9) => r5c7,r5c8,r6c4,r6c5<>6",
        ),
        (
            // exemplars L391, #0402
            "7...56.381.842.............5..3......4..8.7....1...24...3.........1....5.5...7.6.",
            Technique::EmptyRectangle,
            "Empty Rectangle: 2 in b4 (r5c4,r9c4) => r9c3<>2",
        ),
        (
            // exemplars L185, #0300
            "9...627....5..3...........67...3.........9...8.2.45..9..35.1.28.4......5.1.......",
            Technique::WWing,
            "W-Wing: 1/4 in r1c4,r5c1 connected by 4 in r1c3,r2c1 => r5c4<>1",
        ),
        (
            // exemplars L498, #0603
            "............3.9........7149.......31.2...89.4.96.7...8..8.......326........9..72.",
            Technique::UniqueRectangle4,
            "Uniqueness Test 4: 1/4 in r2c2,r2c3,r9c2,r9c3 => r2c2,r2c3<>1",
        ),
    ];
    for (puzzle, t, text) in cases {
        let board = after_basics(puzzle);
        let steps = steps_of(&board, t);
        let s = board.shape();
        assert_eq!(steps[0].text(s), text);
        assert!(steps[0].explain(s).len() > 40);
        assert_eq!(steps[0].hint(s, HintLevel::Full), text);
        assert!(steps[0].hint(s, HintLevel::Vague).contains("digit"));
    }
}
