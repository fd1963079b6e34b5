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
use crate::index::{Block, Candidate, Cell, Col, Digit, House, Row};
use crate::set::PosSet;
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
        Technique::LockedCandidatesPointing => locked_candidates(ctx, technique, true, &mut |i| {
            sink(i.step(Technique::LockedCandidatesPointing))
        }),
        Technique::LockedCandidatesClaiming => locked_candidates(ctx, technique, false, &mut |i| {
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
///
/// Whatever `technique` makes of a pattern, it depends on the candidates of the pattern's
/// digit alone: digits quiet for it ([`Context::digit_quiet`]) are not scanned.
pub(crate) fn locked_candidates(
    ctx: &Context<'_>,
    technique: Technique,
    pointing: bool,
    found: &mut dyn FnMut(Locked) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let s = ctx.shape();
    let n = ctx.side();
    let live: Vec<Digit> = ctx.live_digits(&[technique]).collect();
    if live.is_empty() {
        return ControlFlow::Continue(());
    }
    // First the house-digits whose places lie in one intersection, digit by digit: the
    // position table is laid out by digit, so this reads it in order (house by house,
    // each look-up is a cache miss at 400x400). Then those few, in the scan order.
    let houses: Vec<House> = if pointing {
        (0..n).map(|b| House::Block(Block::new(b))).collect()
    } else {
        ctx.houses()
            .filter(|h| !matches!(h, House::Block(_)))
            .collect()
    };
    let mut locked: Vec<(usize, Digit)> = Vec::new();
    for &d in &live {
        for (i, &house) in houses.iter().enumerate() {
            // One cell would be a hidden single, not an intersection.
            let places = ctx.positions(d, house);
            let Some(first) = places.first().filter(|_| places.len() >= 2) else {
                continue;
            };
            let in_one = match house {
                // Box positions run row by row, `bc` a row: one row or one column of the
                // box, a line to point at.
                House::Block(_) => {
                    let bc = s.box_cols();
                    places.into_iter().all(|p| p / bc == first / bc)
                        || places.into_iter().all(|p| p % bc == first % bc)
                }
                // A row's places are columns, `bc` a box; a column's are rows, `br` a box.
                House::Row(_) => places
                    .into_iter()
                    .all(|p| p / s.box_cols() == first / s.box_cols()),
                House::Col(_) => places
                    .into_iter()
                    .all(|p| p / s.box_rows() == first / s.box_rows()),
            };
            if in_one {
                locked.push((i, d));
            }
        }
    }
    locked.sort_unstable();
    // Positions `lo..lo + len` of a house, and every `step`-th from `lo`, `count` of them.
    let span = |lo: usize, len: usize| PosSet::full(lo + len) - PosSet::full(lo);
    let stride = |lo: usize, step: usize, count: usize| -> PosSet {
        (0..count).map(|k| lo + k * step).collect()
    };
    let (br, bc) = (s.box_rows(), s.box_cols());
    for (i, d) in locked {
        let house = houses[i];
        // The other house of the intersection, and the places there the pattern clears
        // (position sets, before any cell is listed).
        let places = ctx.positions(d, house);
        let first = places.first().expect("two places or more");
        let corner = ctx.cell(house, 0);
        let (other, cleared) = match house {
            House::Block(_) if places.into_iter().all(|p| p / bc == first / bc) => {
                let row = House::Row(Row::new(corner.row(s).index() + first / bc));
                (row, ctx.positions(d, row) - span(corner.col(s).index(), bc))
            }
            House::Block(_) => {
                let col = House::Col(Col::new(corner.col(s).index() + first % bc));
                (col, ctx.positions(d, col) - span(corner.row(s).index(), br))
            }
            House::Row(r) => {
                let block = House::Block(ctx.cell(house, first).block(s));
                let line = span((r.index() % br) * bc, bc);
                (block, ctx.positions(d, block) - line)
            }
            House::Col(c) => {
                let block = House::Block(ctx.cell(house, first).block(s));
                let line = stride(c.index() % bc, bc, br);
                (block, ctx.positions(d, block) - line)
            }
        };
        if cleared.is_empty() {
            continue;
        }
        // What the technique makes of the pattern depends on the places of its digit in
        // its two houses and in the houses of the cells it clears: when none changed
        // since the technique last found nothing, nor does it now.
        let quiet = |h: House| ctx.places_quiet(technique, d, h);
        if quiet(house)
            && quiet(other)
            && cleared
                .into_iter()
                .all(|p| ctx.cell(other, p).houses(s).iter().all(|&h| quiet(h)))
        {
            continue;
        }
        if pointing {
            let b = i;
            let cells: Vec<Cell> = ctx.cells_with(d, house).collect();
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
        } else {
            // Two or more cells, all in one box (checked on the places above).
            let line = house;
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
        let bcells = ctx.house_cells(block);
        let (r0, c0) = (bcells[0].row(s).index(), bcells[0].col(s).index());
        let at =
            |r: usize, c: usize| Cell::at(s, crate::index::Row::new(r), crate::index::Col::new(c));
        // Each line through the box with the cells it shares with it, in the box's order:
        // a row's run of `box_cols` cells, a column's of `box_rows`.
        let rows = (0..s.box_rows()).map(|i| {
            let inter: Vec<Cell> = (0..s.box_cols()).map(|j| at(r0 + i, c0 + j)).collect();
            (House::Row(crate::index::Row::new(r0 + i)), inter)
        });
        let cols = (0..s.box_cols()).map(|j| {
            let inter: Vec<Cell> = (0..s.box_rows()).map(|i| at(r0 + i, c0 + j)).collect();
            (House::Col(crate::index::Col::new(c0 + j)), inter)
        });
        for (line, inter) in rows.chain(cols) {
            if inter.len() < k {
                continue;
            }
            let line_cells = ctx.house_cells(line);
            naked_subsets(ctx, &inter, k, &mut |subset, digits| {
                let in_box = naked_eliminations(ctx, bcells, subset, digits);
                let mut elims: Vec<Candidate> = naked_eliminations(ctx, line_cells, subset, digits)
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
