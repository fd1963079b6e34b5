//! Intersections of a box and a line (row or column): locked candidates type 1
//! (pointing) and type 2 (claiming), and locked pairs and triples (a naked pair or triple
//! inside the intersection, which clears both houses). Any shape: an intersection has
//! `box_cols` cells on a row and `box_rows` cells on a column.
//!
//! Depends on [`super::Context`], the step model, and the subset enumerator.

use super::registry::Sink;
use super::step::{Evidence, Step};
use super::subsets::{naked_eliminations, naked_subsets};
use super::technique::Technique;
use super::Context;
use crate::index::{Block, Candidate, Cell, Digit, House};
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::LockedPair,
    Technique::LockedTriple,
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
];

/// Finds steps of one intersection technique.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::LockedCandidatesPointing => locked_candidates(ctx, true, &mut |i| {
            sink(i.step(Technique::LockedCandidatesPointing))
        }),
        Technique::LockedCandidatesClaiming => locked_candidates(ctx, false, &mut |i| {
            sink(i.step(Technique::LockedCandidatesClaiming))
        }),
        Technique::LockedPair => locked_subsets(ctx, 2, technique, sink),
        Technique::LockedTriple => locked_subsets(ctx, 3, technique, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// A locked-candidates pattern, before it becomes a step.
pub(crate) struct Locked {
    pub digit: Digit,
    pub block: Block,
    pub line: House,
    pub pointing: bool,
    pub cells: Vec<Cell>,
    pub eliminations: Vec<Candidate>,
}

impl Locked {
    pub(crate) fn evidence(&self) -> Evidence {
        Evidence::Intersection {
            digit: self.digit,
            block: self.block,
            line: self.line,
            pointing: self.pointing,
            cells: self.cells.clone(),
        }
    }
    fn step(self, technique: Technique) -> Step {
        Step {
            se_difficulty: None,
            technique,
            placements: vec![],
            evidence: self.evidence(),
            eliminations: self.eliminations,
        }
    }
}

/// Every pointing (`pointing`) or claiming pattern with at least one elimination.
/// Pointing: boxes in order, digits in order, rows before columns. Claiming: rows, then
/// columns, digits in order.
pub(crate) fn locked_candidates(
    ctx: &Context<'_>,
    pointing: bool,
    found: &mut dyn FnMut(Locked) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let s = ctx.shape();
    let n = ctx.side();
    let digits = || crate::index::Digit::all(s);
    if pointing {
        for b in 0..n {
            let block = House::Block(Block::new(b));
            for d in digits() {
                // One cell would be a hidden single, not an intersection. (Counted before
                // the cells are listed: at 400x400 most box-digits have none.)
                let places = ctx.positions(d, block);
                let Some(first) = places.first().filter(|_| places.len() >= 2) else {
                    continue;
                };
                // Box positions run row by row, `bc` a row: neither one row nor one column
                // of the box, no line to point at.
                let bc = s.box_cols();
                if !places.into_iter().all(|p| p / bc == first / bc)
                    && !places.into_iter().all(|p| p % bc == first % bc)
                {
                    continue;
                }
                let cells: Vec<Cell> = ctx.cells_with(d, block).collect();
                for line in [House::Row(cells[0].row(s)), House::Col(cells[0].col(s))] {
                    if !cells.iter().all(|&c| line.contains(s, c)) {
                        continue;
                    }
                    let elims: Vec<Candidate> = ctx
                        .cells_with(d, line)
                        .filter(|c| c.block(s).index() != b)
                        .map(|c| Candidate::new(c, d))
                        .collect();
                    if !elims.is_empty() {
                        found(Locked {
                            digit: d,
                            block: Block::new(b),
                            line,
                            pointing: true,
                            cells: cells.clone(),
                            eliminations: elims,
                        })?;
                    }
                }
            }
        }
    } else {
        for line in ctx.houses().filter(|h| !matches!(h, House::Block(_))) {
            for d in digits() {
                let places = ctx.positions(d, line);
                let Some(first) = places.first().filter(|_| places.len() >= 2) else {
                    continue;
                };
                // A row's places are columns, `bc` a box; a column's are rows, `br` a box.
                let width = match line {
                    House::Row(_) => s.box_cols(),
                    _ => s.box_rows(),
                };
                if !places.into_iter().all(|p| p / width == first / width) {
                    continue;
                }
                // Two or more cells, all in one box (checked on the places above).
                let cells: Vec<Cell> = ctx.cells_with(d, line).collect();
                let block = cells[0].block(s);
                let elims: Vec<Candidate> = ctx
                    .cells_with(d, House::Block(block))
                    .filter(|&c| !line.contains(s, c))
                    .map(|c| Candidate::new(c, d))
                    .collect();
                if !elims.is_empty() {
                    found(Locked {
                        digit: d,
                        block,
                        line,
                        pointing: false,
                        cells,
                        eliminations: elims,
                    })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Locked pairs/triples: a naked subset of size `k` inside a box-line intersection clears
/// both the box and the line.
fn locked_subsets(
    ctx: &Context<'_>,
    k: usize,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let s = ctx.shape();
    for b in 0..ctx.side() {
        let block = House::Block(Block::new(b));
        let bcells = ctx.house_cells(block).to_vec();
        let origin = bcells[0];
        let rows = (0..s.box_rows())
            .map(|i| House::Row(crate::index::Row::new(origin.row(s).index() + i)));
        let cols = (0..s.box_cols())
            .map(|i| House::Col(crate::index::Col::new(origin.col(s).index() + i)));
        for line in rows.chain(cols) {
            let inter: Vec<Cell> = bcells
                .iter()
                .copied()
                .filter(|&c| line.contains(s, c))
                .collect();
            if inter.len() < k {
                continue;
            }
            let line_cells = ctx.house_cells(line).to_vec();
            naked_subsets(ctx, &inter, k, &mut |subset, digits| {
                let in_box = naked_eliminations(ctx, &bcells, subset, digits);
                let mut elims: Vec<Candidate> =
                    naked_eliminations(ctx, &line_cells, subset, digits)
                        .into_iter()
                        .filter(|e| !block.contains(s, e.cell))
                        .collect();
                // As HoDoKu defines it, a locked subset clears both houses; one that clears
                // only one is a naked subset.
                if elims.is_empty() || in_box.is_empty() {
                    return ControlFlow::Continue(());
                }
                elims.extend(in_box);
                elims.sort();
                elims.dedup();
                sink(Step {
                    se_difficulty: None,
                    technique,
                    placements: vec![],
                    eliminations: elims,
                    evidence: Evidence::Subset {
                        houses: vec![line, block],
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
