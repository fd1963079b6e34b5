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
use crate::logic::propagation::ones;
use crate::logic::step::{AlsSet, Evidence, Step};
use crate::logic::technique::Technique;
use crate::logic::Context;
use crate::set::DigitSet;
use std::ops::ControlFlow;

struct Exclusion<'a, B> {
    ctx: &'a Context<'a>,
    cand: Vec<u32>,
    /// Per cell: its excluders (peers with 2..=degree candidates).
    excluders: Vec<B>,
}

impl<B: CellBits> Exclusion<'_, B> {
    /// The step for base `cells` (two or three) and their common `excl`uders, if it
    /// removes anything; `ex` is scratch room.
    fn check(
        &self,
        technique: Technique,
        cells: &[usize],
        excl: B,
        ex: &mut Vec<u32>,
    ) -> Option<Step> {
        // An excluder with a digit none of the cells has is never covered: it rules out
        // nothing, and is not looked at.
        let union = cells.iter().fold(0, |m, &c| m | self.cand[c]);
        ex.clear();
        ex.extend(
            excl.ones()
                .map(|c| self.cand[c])
                .filter(|&e| e & !union == 0),
        );
        let geometry = self.ctx.geometry();
        let mut sees = [[false; 3]; 3];
        for (i, &a) in cells.iter().enumerate() {
            let ha = geometry.cell_houses(a);
            for (j, &b) in cells.iter().enumerate() {
                let hb = geometry.cell_houses(b);
                sees[i][j] = a != b && (0..3).any(|k| ha[k] == hb[k]);
            }
        }
        let allowed = self.allowed(cells, ex, &sees);
        let mut elims = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            for d in ones(self.cand[c] & !allowed[i]) {
                elims.push(Candidate::new(Cell::new(c), Digit::from_index(d)));
            }
        }
        if elims.is_empty() {
            return None;
        }
        let to_set = |m: u32| -> DigitSet { ones(m).map(Digit::from_index).collect() };
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

    /// Records in `allowed` the digits of each of `cells` that some possible combination
    /// gives it. Rather than walking every combination (up to 16^3 a triple on 16x16, and
    /// most bases remove nothing: the walk was 30% of an SE rating there), each candidate
    /// not yet seen in a possible combination looks for one that holds it, and every
    /// combination found counts for all its candidates.
    fn allowed(&self, cells: &[usize], ex: &[u32], sees: &[[bool; 3]; 3]) -> [u32; 3] {
        let mut allowed = [0u32; 3];
        let mut values = [0usize; 3];
        for j in 0..cells.len() {
            for v in ones(self.cand[cells[j]] & !allowed[j]) {
                // Found meanwhile, by another candidate's combination.
                if allowed[j] >> v & 1 == 1 {
                    continue;
                }
                if self.combination(cells, ex, sees, (j, v), 0, 0, &mut values) {
                    for (a, &w) in allowed.iter_mut().zip(&values[..cells.len()]) {
                        *a |= 1 << w;
                    }
                }
            }
        }
        allowed
    }

    /// Whether a possible combination of `cells` from position `i` on gives cell
    /// `fixed.0` digit `fixed.1` (`used` holds the digits chosen so far, `values` the
    /// choices, the combination found when it says yes). A prefix that covers an excluder
    /// already goes no further: more digits only cover more.
    #[allow(clippy::too_many_arguments)]
    fn combination(
        &self,
        cells: &[usize],
        ex: &[u32],
        sees: &[[bool; 3]; 3],
        fixed: (usize, usize),
        i: usize,
        used: u32,
        values: &mut [usize],
    ) -> bool {
        if ex.iter().any(|&e| e & !used == 0) {
            return false;
        }
        if i == cells.len() {
            return true;
        }
        let choices = if i == fixed.0 {
            1 << fixed.1
        } else {
            self.cand[cells[i]]
        };
        for v in ones(choices) {
            if (0..i).any(|j| values[j] == v && sees[i][j]) {
                continue;
            }
            values[i] = v;
            if self.combination(cells, ex, sees, fixed, i + 1, used | 1 << v, values) {
                return true;
            }
        }
        false
    }
}

/// Whether the triple of pair `(c0, c1)` (`c0 < c1`) and third cell `c2` is met here for
/// the first time. The pairs come in order, each with the cells that `joins` it, so the
/// cells `x < y < z` come first as `(x, y)` with `z` when `z` joins `(x, y)`, else as `(x, z)`
/// with `y` when `y` joins that, else as `(y, z)` with `x`. (A set of the triples seen
/// hashed three cells a triple, a tenth of an SE rating on 16x16.)
fn first_time(
    c0: usize,
    c1: usize,
    c2: usize,
    joins: impl Fn(usize, usize, usize) -> bool,
) -> bool {
    if c2 > c1 {
        true
    } else if c2 > c0 {
        !joins(c0, c2, c1)
    } else {
        !joins(c2, c0, c1) && !joins(c2, c1, c0)
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
    // Each cell's peers, for triples: a third cell's excluders among the pair's common
    // ones are those that see it.
    let peers: Vec<B> = if degree == 3 {
        (0..x.cand.len())
            .map(|c| {
                geometry
                    .peers(c)
                    .iter()
                    .fold(B::ZERO, |b, &p| b.with(p as usize))
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut ex = Vec::new();
    // Whether cell `c` joins the pair `(a, b)` as a third: it is one of their excluders.
    let joins =
        |a: usize, b: usize, c: usize| !((x.excluders[a] | x.excluders[b]) & B::bit(c)).is_zero();
    for (i, &c0) in base.iter().enumerate() {
        for &c1 in &base[i + 1..] {
            let common = x.excluders[c0] & x.excluders[c1];
            if degree == 2 {
                if common.count() >= 2 {
                    if let Some(step) = x.check(technique, &[c0, c1], common, &mut ex) {
                        sink(step)?;
                    }
                }
                continue;
            }
            // The triple's excluders are among the pair's: fewer than two, no third helps.
            if common.count() < 2 {
                continue;
            }
            let twin = (x.excluders[c0] | x.excluders[c1]) & base_bits & !(B::bit(c0) | B::bit(c1));
            // The cells that see two or more of the common excluders: the thirds with
            // two excluders left (one set operation a common excluder, not one a third).
            let (mut one, mut two) = (B::ZERO, B::ZERO);
            for e in common.ones() {
                two |= one & peers[e];
                one |= peers[e];
            }
            for c2 in (twin & two).ones() {
                let excl = common & x.excluders[c2];
                if !first_time(c0, c1, c2, joins) {
                    continue;
                }
                if let Some(step) = x.check(technique, &[c0, c1, c2], excl, &mut ex) {
                    sink(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
