//! The last resorts: the template techniques ([`templates`]) and
//! [`Technique::BruteForce`], a step that places the solution's digit in
//! one cell, the solution found by exhaustive search (backtracking). It is not a human
//! technique; the driver tries it only after every other technique has failed, and the
//! path records it as such (`SolvePath::used_backtracking`).
//!
//! The only part of `logic` that calls [`crate::solve`].

use super::registry::Sink;
use super::step::{Evidence, Step};
use super::technique::Technique;
use super::Context;
use crate::index::Candidate;
use crate::solve;
use std::ops::ControlFlow;

pub(crate) mod templates;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::TemplateSet,
    Technique::TemplateDelete,
    Technique::BruteForce,
];

/// Finds the brute-force step: the empty cell with the fewest candidates (the first such),
/// and the digit the solution has there. The search respects the board's candidates, so a
/// step is only given when the marks still allow a solution.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    if technique != Technique::BruteForce {
        return templates::find(ctx, technique, sink);
    }
    let board = ctx.board();
    let Some(cell) = board
        .empty_cells()
        .min_by_key(|&c| (board.candidates(c).len(), c))
    else {
        return ControlFlow::Continue(());
    };
    let grid = board.grid();
    // The path's stop bounds the search: on a giant grid it can take long. Stopped, it
    // finds nothing, and the driver, seeing the stop, takes no step.
    let stop = ctx.se_search().stop();
    let found =
        solve::engine_for(grid).search_until(grid, Some(board.all_candidates()), 1, 1, stop);
    let Some(solution) = found.solutions.first() else {
        return ControlFlow::Continue(());
    };
    let Some(digit) = solution.get(cell) else {
        return ControlFlow::Continue(());
    };
    let mut step = Step::new(Technique::BruteForce, Evidence::BruteForce);
    step.placements.push(Candidate::new(cell, digit));
    sink(step)
}
