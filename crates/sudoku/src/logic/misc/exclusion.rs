//! Aligned Pair Exclusion and Aligned Triple Exclusion, as Sudoku Explainer defines them.
//!
//! Take two (three) cells with at least two candidates each, and the cells that see all of
//! them holding only two (two or three) candidates, the *excluders*; at least two are
//! needed. Try every combination of one candidate per base cell: it is impossible when two
//! base cells sharing a house get the same digit, or when it covers every candidate of an
//! excluder (that cell would be left empty). A candidate of a base cell that appears in no
//! possible combination is false.
//!
//! As in SE: a base cell needs at least one excluder among its peers and no unsolved peer
//! with a single candidate; the base cells need not see each other; for three cells, the
//! third is taken among the excluders of the first two that are base cells themselves.
//!
//! Runs on grids up to 32x32 (cell sets from [`crate::logic::cellbits`]).
//!
//! Depends on the context, the step model and the grid's index types.

use crate::index::{Candidate, Cell, Digit};
use crate::logic::cellbits::{with_cell_bits, CellBits};
use crate::logic::step::{AlsSet, Evidence, Step};
use crate::logic::technique::Technique;
use crate::logic::Context;
use crate::set::DigitSet;
use std::collections::HashSet;
use std::ops::ControlFlow;

/// The techniques of this family file.
fn digits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

struct Exclusion<'a, B> {
    ctx: &'a Context<'a>,
    cand: Vec<u32>,
    /// Per cell: its excluders (peers with 2..=degree candidates).
    excluders: Vec<B>,
}

impl<B: CellBits> Exclusion<'_, B> {
    /// The step for base `cells` and their common `excl`uders, if it removes anything.
    fn check(&self, technique: Technique, cells: &[usize], excl: B) -> Option<Step> {
        let shape = self.ctx.shape();
        let k = cells.len();
        let ex: Vec<u32> = excl.ones().map(|c| self.cand[c]).collect();
        let sees: Vec<Vec<bool>> = cells
            .iter()
            .map(|&a| {
                cells
                    .iter()
                    .map(|&b| Cell::new(a).sees(Cell::new(b), shape))
                    .collect()
            })
            .collect();
        let mut allowed = vec![0u32; k];
        let mut values = vec![0usize; k];
        self.combos(cells, &ex, &sees, 0, 0, &mut values, &mut allowed);
        let mut elims = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            for d in digits(self.cand[c] & !allowed[i]) {
                elims.push(Candidate::new(Cell::new(c), Digit::from_index(d)));
            }
        }
        if elims.is_empty() {
            return None;
        }
        let to_set = |m: u32| -> DigitSet { digits(m).map(Digit::from_index).collect() };
        let mut step = Step::new(
            technique,
            Evidence::AlignedExclusion {
                cells: cells.iter().map(|&c| Cell::new(c)).collect(),
                digits: to_set(cells.iter().fold(0, |m, &c| m | self.cand[c])),
                excluders: excl
                    .ones()
                    .map(|c| AlsSet {
                        cells: vec![Cell::new(c)],
                        digits: to_set(self.cand[c]),
                    })
                    .collect(),
            },
        );
        step.eliminations = elims;
        Some(step)
    }

    /// Walks every combination of candidates of `cells` from position `i` on, recording
    /// in `allowed` the digits of the possible ones (`used` holds the digits chosen so far).
    #[allow(clippy::too_many_arguments)]
    fn combos(
        &self,
        cells: &[usize],
        ex: &[u32],
        sees: &[Vec<bool>],
        i: usize,
        used: u32,
        values: &mut Vec<usize>,
        allowed: &mut Vec<u32>,
    ) {
        if i == cells.len() {
            if ex.iter().all(|&e| e & !used != 0) {
                for (j, &v) in values.iter().enumerate() {
                    allowed[j] |= 1 << v;
                }
            }
            return;
        }
        for v in digits(self.cand[cells[i]]) {
            if (0..i).any(|j| values[j] == v && sees[i][j]) {
                continue;
            }
            values[i] = v;
            self.combos(cells, ex, sees, i + 1, used | 1 << v, values, allowed);
        }
    }
}

/// The finder.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut crate::logic::Sink<'_>,
) -> ControlFlow<()> {
    let shape = ctx.shape();
    let degree = match technique {
        Technique::AlignedPairExclusion => 2,
        Technique::AlignedTripleExclusion => 3,
        _ => return ControlFlow::Continue(()),
    };
    if ctx.side() > 32 {
        return ControlFlow::Continue(());
    }
    with_cell_bits!(shape.cell_count(), ControlFlow::Continue(()), |B| {
        find_with::<B>(ctx, technique, degree, sink)
    })
}

/// The finder over cell sets of type `B`.
fn find_with<B: CellBits>(
    ctx: &Context<'_>,
    technique: Technique,
    degree: usize,
    sink: &mut crate::logic::Sink<'_>,
) -> ControlFlow<()> {
    let shape = ctx.shape();
    let cand: Vec<u32> = Cell::all(shape)
        .map(|c| {
            if ctx.value(c).is_some() {
                0
            } else {
                ctx.candidates(c).iter().fold(0, |m, d| m | 1 << d.index())
            }
        })
        .collect();
    let geometry = ctx.geometry();
    let mut excluders = vec![B::ZERO; cand.len()];
    let mut base: Vec<usize> = Vec::new();
    for (i, &m) in cand.iter().enumerate() {
        if m.count_ones() < 2 {
            continue;
        }
        let mut single = false;
        for &p in geometry.peers(i) {
            let p = p as usize;
            let k = cand[p].count_ones() as usize;
            if k == 1 {
                single = true;
            } else if k >= 2 && k <= degree {
                excluders[i] |= B::bit(p);
            }
        }
        if !single && !excluders[i].is_zero() {
            base.push(i);
        }
    }
    let x = Exclusion {
        ctx,
        cand,
        excluders,
    };
    let base_bits = base.iter().fold(B::ZERO, |b, &c| b | B::bit(c));
    let mut seen: HashSet<[usize; 3]> = HashSet::new();
    for (i, &c0) in base.iter().enumerate() {
        for &c1 in &base[i + 1..] {
            let common = x.excluders[c0] & x.excluders[c1];
            if degree == 2 {
                if common.count() >= 2 {
                    if let Some(step) = x.check(technique, &[c0, c1], common) {
                        sink(step)?;
                    }
                }
                continue;
            }
            let twin = (x.excluders[c0] | x.excluders[c1]) & base_bits & !(B::bit(c0) | B::bit(c1));
            for c2 in twin.ones() {
                let mut key = [c0, c1, c2];
                key.sort_unstable();
                let excl = common & x.excluders[c2];
                if excl.count() < 2 || !seen.insert(key) {
                    continue;
                }
                if let Some(step) = x.check(technique, &[c0, c1, c2], excl) {
                    sink(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
