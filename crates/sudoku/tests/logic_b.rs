//! Tests of the wings, single-digit patterns, uniqueness and coloring families.
//!
//! Their technique cases are in `testdata/techniques/*.cases`, run by
//! `logic_techniques.rs`; here:
//!
//! - Soundness: every step of these families, at every position of solve paths over 200
//!   sudoku exchange "diabolical" puzzles (lines 1–20,000, every 100th), never removes the
//!   solution's digit nor places a wrong one.

use crate::common;

use crate::common::check_step;
use sudoku::logic::{apply, Family, LogicSolver, Order, Step, Technique, TechniqueSet};
use sudoku::Board;

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

/// The steps of `t` alone at `board`.
fn steps_of(board: &Board, t: Technique) -> Vec<Step> {
    LogicSolver::builder()
        .techniques(TechniqueSet::from(t))
        .backtracking(false)
        .build()
        .all_steps(board)
}

/// Every step of our finders at every position of the path of `order`'s solver (all our
/// techniques added to its defaults), over the 200 diabolical puzzles. Returns how many
/// steps of each of [`ours`] were checked.
fn diabolical_sample_is_sound_in(order: Order) -> Vec<usize> {
    let ours = ours();
    let mut count = vec![0usize; ours.len()];
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
    for (t, n) in ours.iter().zip(&count) {
        eprintln!("{order:?} {:>30}: {n} steps checked", t.name());
    }
    // All but a few rare patterns turn up on these paths.
    assert!(count.iter().filter(|&&n| n > 0).count() >= ours.len() - 3);
    count
}

// One test an order, so that the two run side by side.

#[test]
fn diabolical_sample_is_sound_in_hodoku_order() {
    diabolical_sample_is_sound_in(Order::Hodoku);
}

#[test]
fn diabolical_sample_is_sound_in_explainer_order() {
    diabolical_sample_is_sound_in(Order::Explainer);
}

/// The hints of a few steps, at the positions of their technique cases
/// (`testdata/techniques/*.cases`, which hold the one-line texts): the full hint is the
/// one-liner, the vaguest names a digit, the explanation is more than a line.
#[test]
fn one_liners() {
    use sudoku::logic::HintLevel;
    for t in [
        Technique::XyWing,
        Technique::Skyscraper,
        Technique::EmptyRectangle,
        Technique::WWing,
        Technique::UniqueRectangle4,
    ] {
        let case = common::cases::with_text(t);
        let steps = steps_of(&case.board, t);
        let s = case.board.shape();
        let text = case.text.as_deref().expect("a case with a text");
        assert_eq!(steps[0].text(s), text, "{}", case.at);
        assert!(steps[0].explain(s).len() > 40, "{}", case.at);
        assert_eq!(steps[0].hint(s, HintLevel::Full), text, "{}", case.at);
        assert!(
            steps[0].hint(s, HintLevel::Vague).contains("digit"),
            "{}",
            case.at
        );
    }
}
