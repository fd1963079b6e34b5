//! Singles: full house, naked single, hidden single (in a box, row or column), and Sudoku
//! Explainer's direct hints: direct pointing and claiming, direct hidden pair and triple
//! (an intersection or hidden subset whose eliminations would leave a hidden single; the
//! step places that single and applies nothing else).
//!
//! The finders read the board's candidates as they are, so they work on a player's own
//! pencil marks; a digit already placed in a house is never placed there again, even when
//! a stale mark says it could be.
//!
//! Depends on [`super::Context`], the step model, and the intersection and subset
//! enumerators.

use super::intersections::locked_candidates;
use super::registry::Sink;
use super::step::{Evidence, Step};
use super::subsets::{hidden_eliminations, hidden_subsets};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit, House};
use crate::set::DigitSet;
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
    Technique::DirectPointing,
    Technique::DirectClaiming,
    Technique::DirectHiddenPair,
    Technique::DirectHiddenTriple,
];

/// Finds steps of one single technique.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::FullHouse => full_house(ctx, sink),
        Technique::NakedSingle => naked_single(ctx, sink),
        Technique::HiddenSingle => hidden_single(ctx, sink),
        Technique::DirectPointing | Technique::DirectClaiming => {
            direct_intersection(ctx, technique, sink)
        }
        Technique::DirectHiddenPair => direct_hidden(ctx, 2, technique, sink),
        Technique::DirectHiddenTriple => direct_hidden(ctx, 3, technique, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The step of a single: `digit` placed in `cell`, found in `house` (none for a naked
/// single).
pub(super) fn single(technique: Technique, cell: Cell, digit: Digit, house: Option<House>) -> Step {
    Step {
        se_difficulty: None,
        technique,
        placements: vec![Candidate::new(cell, digit)],
        eliminations: vec![],
        evidence: Evidence::Single { house },
    }
}

/// Whether `digit` may be placed in `cell`: no house of the cell holds it yet.
fn placeable(ctx: &Context<'_>, cell: Cell, digit: Digit) -> bool {
    cell.houses(ctx.shape())
        .iter()
        .all(|&h| !ctx.placed(h).contains(digit))
}

/// The houses in the order a person scans for singles: boxes, rows, columns.
fn boxes_first(ctx: &Context<'_>) -> impl Iterator<Item = House> {
    let (n, shape) = (ctx.side(), ctx.shape());
    (2 * n..3 * n)
        .chain(0..2 * n)
        .map(move |i| House::from_index(shape, i))
}

fn full_house(ctx: &Context<'_>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut seen = Vec::new();
    for house in boxes_first(ctx) {
        let mut empty = ctx
            .house_cells(house)
            .iter()
            .filter(|&&c| ctx.value(c).is_none());
        let (Some(&cell), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let missing = DigitSet::full(ctx.side()) - ctx.placed(house);
        let Some(digit) = missing.single_member() else {
            continue;
        };
        if !ctx.has(cell, digit) || !placeable(ctx, cell, digit) || seen.contains(&cell) {
            continue;
        }
        seen.push(cell);
        sink(single(Technique::FullHouse, cell, digit, Some(house)))?;
    }
    ControlFlow::Continue(())
}

fn naked_single(ctx: &Context<'_>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for cell in ctx.board().empty_cells() {
        if let Some(digit) = ctx.candidates(cell).single_member() {
            if placeable(ctx, cell, digit) {
                sink(single(Technique::NakedSingle, cell, digit, None))?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn hidden_single(ctx: &Context<'_>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut seen: Vec<Candidate> = Vec::new();
    for house in boxes_first(ctx) {
        let placed = ctx.placed(house);
        for digit in Digit::all(ctx.shape()) {
            if placed.contains(digit) {
                continue;
            }
            let Some(pos) = ctx.positions(digit, house).single_member() else {
                continue;
            };
            let cell = ctx.cell(house, pos);
            let c = Candidate::new(cell, digit);
            if !placeable(ctx, cell, digit) || seen.contains(&c) {
                continue;
            }
            seen.push(c);
            sink(single(Technique::HiddenSingle, cell, digit, Some(house)))?;
        }
    }
    ControlFlow::Continue(())
}

/// The hidden singles that removing `cleared` (and nothing else) would create: for each
/// house touching a cleared cell and each digit, a single remaining place where there were
/// several.
fn singles_after(ctx: &Context<'_>, cleared: &[Candidate]) -> Vec<(House, Candidate)> {
    let s = ctx.shape();
    let mut out: Vec<(House, Candidate)> = Vec::new();
    let mut houses: Vec<House> = cleared.iter().flat_map(|c| c.cell.houses(s)).collect();
    houses.sort_by_key(|h| (!matches!(h, House::Block(_)), h.index(s)));
    houses.dedup();
    let mut digits: Vec<Digit> = cleared.iter().map(|c| c.digit).collect();
    digits.sort();
    digits.dedup();
    for &house in &houses {
        if ctx.placed(house).len() == ctx.side() {
            continue;
        }
        for &d in &digits {
            if ctx.placed(house).contains(d) {
                continue;
            }
            let before = ctx.positions(d, house);
            let mut after = before;
            for c in cleared
                .iter()
                .filter(|c| c.digit == d && house.contains(s, c.cell))
            {
                after.remove(house.position_of(s, c.cell));
            }
            if before.len() > 1 && after.len() == 1 {
                let cell = ctx.cell(house, after.first().expect("one position"));
                let cand = Candidate::new(cell, d);
                if placeable(ctx, cell, d) && !out.iter().any(|(_, c)| *c == cand) {
                    out.push((house, cand));
                }
            }
        }
    }
    out
}

fn direct_step(
    technique: Technique,
    via: Evidence,
    house: House,
    place: Candidate,
    cleared: &[Candidate],
) -> Step {
    Step {
        se_difficulty: None,
        technique,
        placements: vec![place],
        eliminations: vec![],
        evidence: Evidence::Direct {
            via: Box::new(via),
            house,
            cleared: cleared.to_vec(),
        },
    }
}

fn direct_intersection(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let pointing = technique == Technique::DirectPointing;
    locked_candidates(ctx, technique, pointing, &mut |locked| {
        for (house, place) in singles_after(ctx, &locked.eliminations) {
            sink(direct_step(
                technique,
                locked.evidence(),
                house,
                place,
                &locked.eliminations,
            ))?;
        }
        ControlFlow::Continue(())
    })
}

fn direct_hidden(
    ctx: &Context<'_>,
    k: usize,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for house in ctx.houses() {
        hidden_subsets(ctx, house, k, &mut |cells, digits| {
            let cleared = hidden_eliminations(ctx, cells, digits);
            if cleared.is_empty() {
                return ControlFlow::Continue(());
            }
            let via = Evidence::Subset {
                houses: vec![house],
                cells: cells.to_vec(),
                digits,
                hidden: true,
            };
            for (h, place) in singles_after(ctx, &cleared) {
                sink(direct_step(technique, via.clone(), h, place, &cleared))?;
            }
            ControlFlow::Continue(())
        })?;
    }
    ControlFlow::Continue(())
}
