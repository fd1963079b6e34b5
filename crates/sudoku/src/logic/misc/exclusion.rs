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
//! Runs on grids up to 32x32 (cell sets from [`crate::logic::cellbits`]). Along a solve
//! path, the groups that cannot have changed since the finder last found nothing are not
//! checked again (`Fresh`): SE's path runs it at every hard step, and a step changes a few
//! cells.
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

/// What changed since the finder last ran without a result on this path
/// ([`Context::cells_changed`]). A base group's outcome reads the candidates of its cells and
/// excluders, and, through which peers are excluders or singles, the candidate counts of
/// their peers up to three. An excluder has at most three, so a change to it is one of
/// those. A group none of whose cells has lost a candidate, and none of whose cells has a
/// peer newly left with three or fewer, would remove nothing again.
enum Fresh<B> {
    /// Every group may change: no run without a result to compare with.
    All,
    /// The cells whose candidates or whose peers' counts changed.
    Since(B),
}

impl<B: CellBits> Fresh<B> {
    fn of(ctx: &Context<'_>, technique: Technique) -> Fresh<B> {
        let geometry = ctx.geometry();
        let mut changed = B::ZERO;
        let kept = ctx.cells_changed(technique, |cell, few| {
            changed |= B::bit(cell);
            if few {
                for &p in geometry.peers(cell) {
                    changed |= B::bit(p as usize);
                }
            }
        });
        if kept {
            Fresh::Since(changed)
        } else {
            Fresh::All
        }
    }

    /// Whether a group of base `cells` may remove something it did not the last time.
    fn may_change(&self, cells: &[usize]) -> bool {
        match self {
            Fresh::All => true,
            Fresh::Since(changed) => cells.iter().any(|&c| !(*changed & B::bit(c)).is_zero()),
        }
    }

    /// The third cells that may make a triple that changed with the pair `cells`: every
    /// cell if the pair may change, else those that changed.
    fn thirds(&self, cells: &[usize]) -> B {
        match self {
            Fresh::Since(changed) if !self.may_change(cells) => *changed,
            _ => !B::ZERO,
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
    let fresh = Fresh::<B>::of(ctx, technique);
    let mut ex = Vec::new();
    // Whether cell `c` joins the pair `(a, b)` as a third: it is one of their excluders.
    let joins =
        |a: usize, b: usize, c: usize| !((x.excluders[a] | x.excluders[b]) & B::bit(c)).is_zero();
    for (i, &c0) in base.iter().enumerate() {
        for &c1 in &base[i + 1..] {
            let common = x.excluders[c0] & x.excluders[c1];
            if degree == 2 {
                if common.count() >= 2 && fresh.may_change(&[c0, c1]) {
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
            // A pair that has not changed has thirds that may.
            let twin = twin & fresh.thirds(&[c0, c1]);
            if twin.is_zero() {
                continue;
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::context::{Changed, Changes, FEW_CANDIDATES};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every step `find` gives on `ctx`, in order.
    fn steps(ctx: &Context<'_>, technique: Technique) -> Vec<Step> {
        let mut out = Vec::new();
        let _ = find(ctx, technique, &mut |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }

    /// A group may change when any of its cells did, and an unchanged pair's thirds are the
    /// cells that changed (each is needed by a group the walk below rarely meets: a pair
    /// whose second cell alone lost the one candidate that its first cell's digit paired
    /// with, a third let in by its own peer's change).
    #[test]
    fn a_group_changes_with_any_of_its_cells() {
        let changed = Fresh::Since(u128::bit(5) | u128::bit(9));
        for cells in [[5, 1], [1, 5], [9, 5]] {
            assert!(changed.may_change(&cells), "{cells:?}");
            assert_eq!(changed.thirds(&cells), !0);
        }
        assert!(!changed.may_change(&[1, 2]));
        assert_eq!(changed.thirds(&[1, 2]), u128::bit(5) | u128::bit(9));
        assert!(Fresh::<u128>::All.may_change(&[1, 2]));
        assert_eq!(Fresh::<u128>::All.thirds(&[1, 2]), !0);
    }

    /// A finder told what changed since it last found nothing ([`Fresh`]) gives the steps
    /// a full search gives: from positions of SE's path through a minimal 16x16 where it
    /// finds nothing, to those a few steps on (placements among them: a peer single filled
    /// lets a base cell in) with a few more wrong candidates taken out (excluders changed,
    /// cells left with few), or to the same position with one cell's wrong candidates
    /// thinned, the cells that changed told as the driver tells them.
    #[test]
    fn skipping_unchanged_groups_misses_no_step() -> Result<(), Box<dyn std::error::Error>> {
        let grid = crate::logic::tests::large_testdata("minimal-16-11-6.txt")?;
        let solution = crate::solve::solution(&grid).ok_or("no solution")?;
        let shape = grid.shape();
        let (n, cells) = (shape.side(), shape.cell_count());
        // SE's path, from its first steps to its chains.
        let solver = crate::logic::LogicSolver::builder()
            .order(crate::logic::Order::Explainer)
            .build();
        let path = crate::logic::tests::path_boards(&solver, &grid, 49)?;
        // The candidates not in the solution.
        let wrong: Vec<(Cell, Digit)> = Cell::all(shape)
            .flat_map(|c| Digit::all(shape).map(move |d| (c, d)))
            .filter(|&(c, d)| solution.get(c) != Some(d))
            .collect();
        let all_changed = vec![1u32; 3 * n * n];
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut compared, mut found) = (0, 0);
        for i in 0..path.len() - 4 {
            let before = &path[i];
            for technique in [
                Technique::AlignedPairExclusion,
                Technique::AlignedTripleExclusion,
            ] {
                if !steps(&Context::new(before), technique).is_empty() {
                    continue;
                }
                for trial in 0..40 {
                    let mut after;
                    if trial % 2 == 0 {
                        after = path[i + rng.gen_range(0..=4)].clone();
                        for _ in 0..rng.gen_range(0..=16) {
                            let (c, d) = wrong[rng.gen_range(0..wrong.len())];
                            after.eliminate(c, d);
                        }
                    } else {
                        // One cell alone changed (the others' groups with it must see it).
                        after = before.clone();
                        let tight: Vec<Cell> = Cell::all(shape)
                            .filter(|&c| (3..=6).contains(&after.candidates(c).len()))
                            .collect();
                        let cell = tight[rng.gen_range(0..tight.len())];
                        let out: Vec<Digit> = (after.candidates(cell).iter())
                            .filter(|&d| solution.get(cell) != Some(d))
                            .collect();
                        after.eliminate(cell, out[rng.gen_range(0..out.len())]);
                    }
                    // As the driver records them: a cell that lost a candidate (or was
                    // filled), and whether it was left with few.
                    let (mut at, mut few) = (vec![0u32; cells], vec![0u32; cells]);
                    for c in Cell::all(shape) {
                        if after.candidates(c) != before.candidates(c) {
                            at[c.index()] = 1;
                            if after.candidates(c).len() <= FEW_CANDIDATES {
                                few[c.index()] = 1;
                            }
                        }
                    }
                    let mut quiet_since = vec![None; Technique::ALL.len()];
                    quiet_since[technique as usize] = Some(0);
                    let changes = Changes {
                        changed: Changed {
                            digits: &all_changed[..n],
                            places: &all_changed,
                            cells: &at,
                            few: &few,
                        },
                        quiet_since: &quiet_since,
                    };
                    let fresh = steps(&Context::new(&after), technique);
                    let kept = steps(&Context::new(&after).with_changes(changes), technique);
                    assert_eq!(kept, fresh, "{technique:?}");
                    compared += 1;
                    found += usize::from(!fresh.is_empty());
                }
            }
        }
        assert!(
            compared >= 400 && found >= 30,
            "{compared} compared, {found} found"
        );
        Ok(())
    }
}
