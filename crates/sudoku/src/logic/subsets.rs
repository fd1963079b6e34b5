//! Subsets: naked and hidden pairs, triples and quads, in any house of any shape.
//!
//! A naked subset is `k` cells of a house whose candidates, together, are `k` digits: those
//! digits leave the house's other cells. A hidden subset is `k` digits of a house that,
//! together, have `k` places: those cells lose their other candidates. The enumerators
//! [`naked_subsets`] and [`hidden_subsets`] are shared with the locked pairs
//! (`intersections`) and SE's direct hidden pairs (`singles`).
//!
//! Depends on [`super::Context`] and the step model.

use super::context::FEW;
use super::registry::Sink;
use super::step::{Evidence, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit, House};
use crate::set::{DigitSet, PosSet};
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::NakedQuad,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::HiddenQuad,
];

/// Finds naked or hidden subsets of the size `technique` names.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    use Technique::*;
    let (k, hidden) = match technique {
        NakedPair => (2, false),
        NakedTriple => (3, false),
        NakedQuad => (4, false),
        HiddenPair => (2, true),
        HiddenTriple => (3, true),
        HiddenQuad => (4, true),
        _ => return ControlFlow::Continue(()),
    };
    for house in ctx.houses() {
        if hidden {
            hidden_subsets(ctx, house, k, &mut |cells, digits| {
                let elims = hidden_eliminations(ctx, cells, digits);
                if elims.is_empty() {
                    return ControlFlow::Continue(());
                }
                sink(Step {
                    se_difficulty: None,
                    technique,
                    placements: vec![],
                    eliminations: elims,
                    evidence: Evidence::Subset {
                        houses: vec![house],
                        cells: cells.to_vec(),
                        digits,
                        hidden: true,
                    },
                })
            })?;
        } else {
            let cells = ctx.house_cells(house);
            naked_subsets(ctx, cells, k, &mut |subset, digits| {
                let elims = naked_eliminations(ctx, cells, subset, digits);
                if elims.is_empty() {
                    return ControlFlow::Continue(());
                }
                sink(Step {
                    se_difficulty: None,
                    technique,
                    placements: vec![],
                    eliminations: elims,
                    evidence: Evidence::Subset {
                        houses: vec![house],
                        cells: subset.to_vec(),
                        digits,
                        hidden: false,
                    },
                })
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// The candidates of `digits` in `cells` outside `subset`.
pub(crate) fn naked_eliminations(
    ctx: &Context<'_>,
    cells: &[Cell],
    subset: &[Cell],
    digits: DigitSet,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    for &c in cells {
        if subset.contains(&c) {
            continue;
        }
        for d in ctx.candidates(c) & digits {
            out.push(Candidate::new(c, d));
        }
    }
    out
}

/// The candidates of `cells` other than `digits`.
pub(crate) fn hidden_eliminations(
    ctx: &Context<'_>,
    cells: &[Cell],
    digits: DigitSet,
) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|&c| {
            (ctx.candidates(c) - digits)
                .into_iter()
                .map(move |d| Candidate::new(c, d))
        })
        .collect()
}

/// Calls `found(subset, digits)` for every set of `k` empty cells among `cells` whose
/// candidates together number exactly `k` (each cell having two to `k`).
pub(crate) fn naked_subsets(
    ctx: &Context<'_>,
    cells: &[Cell],
    k: usize,
    found: &mut dyn FnMut(&[Cell], DigitSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let pool: Vec<(Cell, DigitSet)> = cells
        .iter()
        .map(|&c| (c, ctx.candidates(c)))
        .filter(|(c, s)| ctx.value(*c).is_none() && (2..=k).contains(&s.len()))
        .collect();
    if pool.len() < k {
        return ControlFlow::Continue(());
    }
    let mut chosen = Vec::with_capacity(k);
    naked_rec(&pool, 0, k, DigitSet::EMPTY, &mut chosen, found)
}

fn naked_rec(
    pool: &[(Cell, DigitSet)],
    start: usize,
    k: usize,
    union: DigitSet,
    chosen: &mut Vec<Cell>,
    found: &mut dyn FnMut(&[Cell], DigitSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if chosen.len() == k {
        return if union.len() == k {
            found(chosen, union)
        } else {
            ControlFlow::Continue(())
        };
    }
    for i in start..pool.len() {
        if pool.len() - i < k - chosen.len() {
            break;
        }
        let u = union | pool[i].1;
        if u.len() > k {
            continue;
        }
        chosen.push(pool[i].0);
        let r = naked_rec(pool, i + 1, k, u, chosen, found);
        chosen.pop();
        r?;
    }
    ControlFlow::Continue(())
}

/// Calls `found(cells, digits)` for every set of `k` digits, not yet placed in `house`,
/// whose places in `house` together number exactly `k` (each digit having two to `k`).
/// The cells are in house order.
pub(crate) fn hidden_subsets(
    ctx: &Context<'_>,
    house: House,
    k: usize,
    found: &mut dyn FnMut(&[Cell], DigitSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // The digits with two to `k` places, from the context's table of them: on a giant
    // grid each look-up of a position set is a cache miss, and most digits have more.
    let few = if k <= FEW {
        (2..=k).fold(DigitSet::EMPTY, |acc, m| {
            acc | ctx.digits_with_places(house, m)
        })
    } else {
        DigitSet::full(ctx.side())
    };
    let pool: Vec<(Digit, PosSet)> = (few - ctx.placed(house))
        .iter()
        .map(|d| (d, ctx.positions(d, house)))
        .filter(|(_, p)| (2..=k).contains(&p.len()))
        .collect();
    if pool.len() < k {
        return ControlFlow::Continue(());
    }
    let mut chosen = DigitSet::EMPTY;
    hidden_rec(
        ctx,
        house,
        &pool,
        0,
        k,
        0,
        PosSet::EMPTY,
        &mut chosen,
        found,
    )
}

#[allow(clippy::too_many_arguments)]
fn hidden_rec(
    ctx: &Context<'_>,
    house: House,
    pool: &[(Digit, PosSet)],
    start: usize,
    k: usize,
    depth: usize,
    union: PosSet,
    chosen: &mut DigitSet,
    found: &mut dyn FnMut(&[Cell], DigitSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if depth == k {
        if union.len() != k {
            return ControlFlow::Continue(());
        }
        let cells: Vec<Cell> = union.iter().map(|p| ctx.cell(house, p)).collect();
        return found(&cells, *chosen);
    }
    for i in start..pool.len() {
        if pool.len() - i < k - depth {
            break;
        }
        let u = union | pool[i].1;
        if u.len() > k {
            continue;
        }
        chosen.insert(pool[i].0);
        let r = hidden_rec(ctx, house, pool, i + 1, k, depth + 1, u, chosen, found);
        chosen.remove(pool[i].0);
        r?;
    }
    ControlFlow::Continue(())
}
