//! Fish: basic (X-Wing, Swordfish, Jellyfish, Squirmbag, Whale, Leviathan), finned and
//! sashimi, Franken and mutant (plain and finned).
//!
//! A fish of size `k` on a digit: `k` **base** houses whose candidates for the digit all lie
//! in `k` **cover** houses. Each base house needs the digit once, and the base houses share
//! no cell, so the `k` placements fill the cover houses: any other candidate in a cover
//! house is false. **Fins** are base candidates outside the cover: then either a fin is
//! true or the fish holds, so only candidates that also see every fin go.
//!
//! - Basic, finned and sashimi fish use rows against columns (or columns against rows) and
//!   work on every shape, with position bitsets per line. The fins of a finned fish lie in
//!   one box, whose cells in the cover lines are the ones that can go. A finned fish is
//!   *sashimi* when some base line has at most one candidate inside the cover.
//! - Franken fish add boxes to the base or cover sets (base rows+boxes against columns+boxes,
//!   or the transpose); mutant fish mix freely. They use cell bitmasks of 128 bits and so
//!   run on grids of at most 128 cells (9x9 and smaller); on bigger grids they find nothing.
//!   Cannibalism (a base candidate in two cover houses) and endo fins (a candidate in two
//!   base houses, at most [`MAX_ENDO_FINS`]) are handled as HoDoKu does. At most
//!   [`MAX_FINS`] fins, HoDoKu's default.
//!
//! Kraken fish, fish tied to targets by forcing chains, are in [`kraken`].
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::step::{Evidence, FishEvidence, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Block, Candidate, Cell, Col, Digit, House, Row};
use crate::set::PosSet;
use std::cell::RefCell;
use std::ops::ControlFlow;

mod kraken;

/// The most fins a fish may have (HoDoKu's default).
pub const MAX_FINS: usize = 5;
/// The most endo fins a Franken or mutant fish may have (HoDoKu's default).
pub const MAX_ENDO_FINS: usize = 2;

pub(crate) const TECHNIQUES: &[Technique] = {
    use Technique::*;
    &[
        KrakenFish,
        XWing,
        Swordfish,
        Jellyfish,
        Squirmbag,
        Whale,
        Leviathan,
        FinnedXWing,
        SashimiXWing,
        FinnedSwordfish,
        SashimiSwordfish,
        FinnedJellyfish,
        SashimiJellyfish,
        FinnedSquirmbag,
        SashimiSquirmbag,
        FinnedWhale,
        SashimiWhale,
        FinnedLeviathan,
        SashimiLeviathan,
        FrankenXWing,
        FrankenSwordfish,
        FrankenJellyfish,
        FinnedFrankenXWing,
        FinnedFrankenSwordfish,
        FinnedFrankenJellyfish,
        MutantXWing,
        MutantSwordfish,
        MutantJellyfish,
        FinnedMutantXWing,
        FinnedMutantSwordfish,
        FinnedMutantJellyfish,
    ]
};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Basic,
    Finned,
    Sashimi,
    Franken,
    FinnedFranken,
    Mutant,
    FinnedMutant,
}

fn classify(t: Technique) -> Option<(Kind, usize)> {
    use Kind::*;
    use Technique::*;
    Some(match t {
        XWing => (Basic, 2),
        Swordfish => (Basic, 3),
        Jellyfish => (Basic, 4),
        Squirmbag => (Basic, 5),
        Whale => (Basic, 6),
        Leviathan => (Basic, 7),
        FinnedXWing => (Finned, 2),
        FinnedSwordfish => (Finned, 3),
        FinnedJellyfish => (Finned, 4),
        FinnedSquirmbag => (Finned, 5),
        FinnedWhale => (Finned, 6),
        FinnedLeviathan => (Finned, 7),
        SashimiXWing => (Sashimi, 2),
        SashimiSwordfish => (Sashimi, 3),
        SashimiJellyfish => (Sashimi, 4),
        SashimiSquirmbag => (Sashimi, 5),
        SashimiWhale => (Sashimi, 6),
        SashimiLeviathan => (Sashimi, 7),
        FrankenXWing => (Franken, 2),
        FrankenSwordfish => (Franken, 3),
        FrankenJellyfish => (Franken, 4),
        FinnedFrankenXWing => (FinnedFranken, 2),
        FinnedFrankenSwordfish => (FinnedFranken, 3),
        FinnedFrankenJellyfish => (FinnedFranken, 4),
        MutantXWing => (Mutant, 2),
        MutantSwordfish => (Mutant, 3),
        MutantJellyfish => (Mutant, 4),
        FinnedMutantXWing => (FinnedMutant, 2),
        FinnedMutantSwordfish => (FinnedMutant, 3),
        FinnedMutantJellyfish => (FinnedMutant, 4),
        _ => return None,
    })
}

/// The sashimi technique of size `k`.
fn sashimi_of(k: usize) -> Technique {
    use Technique::*;
    [
        SashimiXWing,
        SashimiSwordfish,
        SashimiJellyfish,
        SashimiSquirmbag,
        SashimiWhale,
        SashimiLeviathan,
    ][k - 2]
}

/// Finds fish of the kind and size `technique` names.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    if technique == Technique::KrakenFish {
        return kraken::find(ctx, technique, sink);
    }
    let Some((kind, k)) = classify(technique) else {
        return ControlFlow::Continue(());
    };
    if k >= ctx.side() {
        return ControlFlow::Continue(());
    }
    match kind {
        Kind::Sashimi => {
            if let Some(steps) = ctx.take_found_ahead(technique) {
                for step in steps {
                    sink(step)?;
                }
                return ControlFlow::Continue(());
            }
            for digit in ctx.live_digits(&[technique]) {
                for rows in [true, false] {
                    LineFish::new(ctx, digit, rows, kind, k, technique).search(sink)?;
                }
            }
            ControlFlow::Continue(())
        }
        Kind::Basic | Kind::Finned => {
            // The finned search meets the sashimi fish of its size too (same bases, boxes
            // and covers, in the same order): it keeps them, and when it runs to its end
            // the sashimi technique takes them from the context instead of searching again.
            let sashimi = (kind == Kind::Finned).then(|| (sashimi_of(k), RefCell::new(Vec::new())));
            // A digit is skipped only when quiet for the sashimi technique too, whose steps
            // this search hands on.
            let quiet_for = match &sashimi {
                Some((t, _)) => vec![technique, *t],
                None => vec![technique],
            };
            for digit in ctx.live_digits(&quiet_for) {
                for rows in [true, false] {
                    let mut fish = LineFish::new(ctx, digit, rows, kind, k, technique);
                    fish.sashimi = sashimi.as_ref().map(|(t, v)| (*t, v));
                    fish.search(sink)?;
                }
            }
            if let Some((t, steps)) = sashimi {
                ctx.put_found_ahead(t, steps.into_inner());
            }
            ControlFlow::Continue(())
        }
        _ if ctx.shape().cell_count() <= 128 => {
            for digit in ctx.live_digits(&[technique]) {
                MaskFish::new(ctx, digit, kind, k, technique).search(sink)?;
            }
            ControlFlow::Continue(())
        }
        _ => ControlFlow::Continue(()),
    }
}

// ---------------------------------------------------------------------------------------
// Rows against columns: basic, finned, sashimi.

/// The search for one digit and one orientation. "Line `i`" is a base line (row `i` when
/// `rows`), "index `j`" a cover line (column `j`).
struct LineFish<'c, 'a> {
    ctx: &'c Context<'a>,
    digit: Digit,
    rows: bool,
    kind: Kind,
    k: usize,
    technique: Technique,
    /// Candidate positions of the digit in each base line (empty when placed or absent).
    pos: Vec<PosSet>,
    /// The most cover indices a base set may span.
    max_union: usize,
    /// How many base lines a box spans (its band), and the cover indices of each box
    /// stack (for the finned kinds).
    band_width: usize,
    stack_bits: Vec<u64>,
    /// In a finned search: the sashimi technique of the size, and where its steps go.
    sashimi: Option<(Technique, &'c RefCell<Vec<Step>>)>,
}

impl<'c, 'a> LineFish<'c, 'a> {
    fn new(
        ctx: &'c Context<'a>,
        digit: Digit,
        rows: bool,
        kind: Kind,
        k: usize,
        technique: Technique,
    ) -> Self {
        let n = ctx.side();
        let pos = (0..n)
            .map(|i| {
                let h = line(rows, i);
                if ctx.placed(h).contains(digit) {
                    PosSet::EMPTY
                } else {
                    ctx.positions(digit, h)
                }
            })
            .collect();
        let s = ctx.shape();
        let fin_width = if rows { s.box_cols() } else { s.box_rows() };
        let max_union = if kind == Kind::Basic {
            k
        } else {
            k + fin_width
        };
        let band_width = if rows { s.box_rows() } else { s.box_cols() };
        let stack_bits = (0..n / fin_width)
            .map(|t| {
                (t * fin_width..(t + 1) * fin_width)
                    .filter(|&j| j < 64)
                    .fold(0u64, |m, j| m | 1 << j)
            })
            .collect();
        LineFish {
            sashimi: None,
            band_width,
            stack_bits,
            ctx,
            digit,
            rows,
            kind,
            k,
            technique,
            pos,
            max_union,
        }
    }

    /// The cell at base line `i`, cover index `j`.
    fn cell(&self, i: usize, j: usize) -> Cell {
        let s = self.ctx.shape();
        if self.rows {
            Cell::at(s, Row::new(i), Col::new(j))
        } else {
            Cell::at(s, Row::new(j), Col::new(i))
        }
    }

    fn search(&self, sink: &mut Sink<'_>) -> ControlFlow<()> {
        let lines: Vec<usize> = (0..self.pos.len())
            .filter(|&i| {
                // A basic fish's base line has two places at least (one is a single).
                let min = if self.kind == Kind::Basic { 2 } else { 1 };
                (min..=self.max_union).contains(&self.pos[i].len())
            })
            .collect();
        if lines.len() < self.k {
            return ControlFlow::Continue(());
        }
        let mut chosen = Vec::with_capacity(self.k);
        self.choose(&lines, 0, PosSet::EMPTY, &mut chosen, sink)
    }

    fn choose(
        &self,
        lines: &[usize],
        start: usize,
        union: PosSet,
        chosen: &mut Vec<usize>,
        sink: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        if chosen.len() == self.k {
            return self.evaluate(chosen, union, sink);
        }
        for idx in start..lines.len() {
            if lines.len() - idx < self.k - chosen.len() {
                break;
            }
            let i = lines[idx];
            let u = union | self.pos[i];
            if u.len() > self.max_union {
                continue;
            }
            chosen.push(i);
            if self.kind != Kind::Basic && !self.fin_box_possible(chosen, u) {
                chosen.pop();
                continue;
            }
            let r = self.choose(lines, idx + 1, u, chosen, sink);
            chosen.pop();
            r?;
        }
        ControlFlow::Continue(())
    }

    /// The cover indices a finned fish on `base` (spanning `union`) must cover when its fins
    /// lie in a box of `band` and `stack`: the base candidates outside the stack, and all of
    /// the base lines outside the band (only base lines in the fin box's band hold fins).
    fn forced_cover(&self, base: &[usize], union: PosSet, band: usize, stack: PosSet) -> PosSet {
        base.iter()
            .filter(|&&i| i / self.band_width != band)
            .fold(union - stack, |m, &i| m | self.pos[i])
    }

    /// Whether some box could hold the fins of a finned fish whose base includes `base`
    /// (spanning `union`): its forced cover fits in `k` indices. Adding base lines only
    /// grows the forced cover, so a partial base that fails can be dropped. On sides above
    /// 64 (no word masks) it does not prune.
    fn fin_box_possible(&self, base: &[usize], union: PosSet) -> bool {
        if self.pos.len() > 64 {
            return true;
        }
        let u = union.low_bits();
        let bands = self.pos.len() / self.band_width;
        (0..bands).any(|band| {
            let outside = base
                .iter()
                .filter(|&&i| i / self.band_width != band)
                .fold(0u64, |m, &i| m | self.pos[i].low_bits());
            outside.count_ones() as usize <= self.k
                && self
                    .stack_bits
                    .iter()
                    .any(|&st| ((u & !st) | outside).count_ones() as usize <= self.k)
        })
    }

    fn evaluate(&self, base: &[usize], union: PosSet, sink: &mut Sink<'_>) -> ControlFlow<()> {
        let base_set: PosSet = base.iter().copied().collect();
        if self.kind == Kind::Basic {
            if union.len() != self.k {
                return ControlFlow::Continue(());
            }
            let mut elims = Vec::new();
            for j in union {
                let cover = line(!self.rows, j);
                for i in self.ctx.positions(self.digit, cover) - base_set {
                    elims.push(Candidate::new(self.cell(i, j), self.digit));
                }
            }
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            return sink(self.step(base, union, vec![], elims));
        }
        if union.len() <= self.k {
            return ControlFlow::Continue(());
        }
        // Finned: the fins lie in one box; try each box holding a base candidate.
        let s = self.ctx.shape();
        let mut boxes: Vec<Block> = Vec::new();
        for &i in base {
            for j in self.pos[i] {
                let b = self.cell(i, j).block(s);
                if !boxes.contains(&b) {
                    boxes.push(b);
                }
            }
        }
        for b in boxes {
            let origin = b.origin(s);
            let (r0, c0) = (origin.row(s).index(), origin.col(s).index());
            let (base_span, cover_span) = if self.rows {
                ((r0, s.box_rows()), (c0, s.box_cols()))
            } else {
                ((c0, s.box_cols()), (r0, s.box_rows()))
            };
            let box_cover: PosSet = (cover_span.0..cover_span.0 + cover_span.1).collect();
            let box_base: PosSet = (base_span.0..base_span.0 + base_span.1).collect();
            // Cover subsets without the forced cover yield no fish (see `finned`); skipping
            // them keeps the order of the others.
            let mandatory =
                self.forced_cover(base, union, base_span.0 / self.band_width, box_cover);
            if mandatory.len() > self.k {
                continue;
            }
            let optional: Vec<usize> = (union - mandatory).iter().collect();
            let need = self.k - mandatory.len();
            if need > optional.len() {
                continue;
            }
            let mut pick = Vec::with_capacity(need);
            let r = self.cover_subsets(&optional, 0, need, &mut pick, &mut |extra| {
                let cover: PosSet = mandatory | extra.iter().copied().collect::<PosSet>();
                self.finned(base, base_set, cover, box_base, box_cover, sink)
            });
            r?;
        }
        ControlFlow::Continue(())
    }

    fn cover_subsets(
        &self,
        items: &[usize],
        start: usize,
        need: usize,
        pick: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if pick.len() == need {
            return f(pick);
        }
        for idx in start..items.len() {
            pick.push(items[idx]);
            let r = self.cover_subsets(items, idx + 1, need, pick, f);
            pick.pop();
            r?;
        }
        ControlFlow::Continue(())
    }

    fn finned(
        &self,
        base: &[usize],
        base_set: PosSet,
        cover: PosSet,
        box_base: PosSet,
        box_cover: PosSet,
        sink: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        let mut fins = Vec::new();
        let mut sashimi = false;
        for &i in base {
            let inside = self.pos[i] & cover;
            if inside.is_empty() {
                return ControlFlow::Continue(());
            }
            sashimi |= inside.len() <= 1;
            let out = self.pos[i] - cover;
            if out.is_empty() {
                continue;
            }
            if !box_base.contains(i) || !out.is_subset(box_cover) {
                return ControlFlow::Continue(());
            }
            fins.extend(out.iter().map(|j| self.cell(i, j)));
        }
        if fins.is_empty() || fins.len() > MAX_FINS {
            return ControlFlow::Continue(());
        }
        let aside = match self.sashimi {
            Some((t, out)) if sashimi => Some((t, out)),
            _ if sashimi != (self.kind == Kind::Sashimi) => return ControlFlow::Continue(()),
            _ => None,
        };
        let mut elims = Vec::new();
        for j in cover & box_cover {
            let cover_line = line(!self.rows, j);
            for i in (self.ctx.positions(self.digit, cover_line) - base_set) & box_base {
                elims.push(Candidate::new(self.cell(i, j), self.digit));
            }
        }
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let step = self.step(base, cover, fins, elims);
        if let Some((t, out)) = aside {
            out.borrow_mut().push(Step {
                technique: t,
                ..step
            });
            return ControlFlow::Continue(());
        }
        sink(step)
    }

    fn step(&self, base: &[usize], cover: PosSet, fins: Vec<Cell>, elims: Vec<Candidate>) -> Step {
        Step {
            se_difficulty: None,
            technique: self.technique,
            placements: vec![],
            eliminations: elims,
            evidence: Evidence::Fish(FishEvidence {
                digit: self.digit,
                base: base.iter().map(|&i| line(self.rows, i)).collect(),
                cover: cover.iter().map(|j| line(!self.rows, j)).collect(),
                fins,
                endo_fins: vec![],
            }),
        }
    }
}

/// Row `i` (when `rows`) or column `i`.
fn line(rows: bool, i: usize) -> House {
    if rows {
        House::Row(Row::new(i))
    } else {
        House::Col(Col::new(i))
    }
}

// ---------------------------------------------------------------------------------------
// Franken and mutant fish, on cell masks (grids of at most 128 cells).

fn bit(c: Cell) -> u128 {
    1u128 << c.index()
}

fn cells_of(mask: u128) -> impl Iterator<Item = Cell> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Cell::new(i)
        })
    })
}

/// What kinds of houses a set holds: rows, columns, boxes.
#[derive(Clone, Copy, Default)]
struct Kinds {
    rows: bool,
    cols: bool,
    boxes: bool,
}

impl Kinds {
    fn of(houses: &[House]) -> Kinds {
        let mut k = Kinds::default();
        for h in houses {
            match h {
                House::Row(_) => k.rows = true,
                House::Col(_) => k.cols = true,
                House::Block(_) => k.boxes = true,
            }
        }
        k
    }
}

/// The state of one cover search: the base set, and the covers chosen so far.
struct CoverSearch<'s> {
    base: &'s [usize],
    union: u128,
    endo: u128,
    covers: &'s mut Vec<usize>,
    /// Cover sets already evaluated, as bitmasks of house indices.
    seen: &'s mut std::collections::HashSet<u64>,
}

struct MaskFish<'c, 'a> {
    ctx: &'c Context<'a>,
    digit: Digit,
    kind: Kind,
    k: usize,
    technique: Technique,
    houses: Vec<House>,
    /// The digit's candidates in each house (indexed like `houses`).
    masks: Vec<u128>,
    /// Each cell's peers.
    peers: Vec<u128>,
    /// Every candidate of the digit.
    all: u128,
}

impl<'c, 'a> MaskFish<'c, 'a> {
    fn new(ctx: &'c Context<'a>, digit: Digit, kind: Kind, k: usize, technique: Technique) -> Self {
        let houses: Vec<House> = ctx.houses().collect();
        let masks: Vec<u128> = houses
            .iter()
            .map(|&h| {
                if ctx.placed(h).contains(digit) {
                    0
                } else {
                    ctx.cells_with(digit, h).fold(0u128, |m, c| m | bit(c))
                }
            })
            .collect();
        let s = ctx.shape();
        let house_all: Vec<u128> = houses
            .iter()
            .map(|&h| ctx.house_cells(h).iter().fold(0u128, |m, &c| m | bit(c)))
            .collect();
        let peers = Cell::all(s)
            .map(|c| {
                c.houses(s)
                    .iter()
                    .fold(0u128, |m, h| m | house_all[h.index(s)])
                    & !bit(c)
            })
            .collect();
        let all = masks.iter().fold(0u128, |m, &x| m | x);
        MaskFish {
            all,
            ctx,
            digit,
            kind,
            k,
            technique,
            houses,
            masks,
            peers,
        }
    }

    fn finned(&self) -> bool {
        matches!(self.kind, Kind::FinnedFranken | Kind::FinnedMutant)
    }

    fn search(&self, sink: &mut Sink<'_>) -> ControlFlow<()> {
        let candidates: Vec<usize> = (0..self.houses.len())
            .filter(|&h| self.masks[h] != 0)
            .collect();
        let mut base = Vec::with_capacity(self.k);
        self.choose_base(&candidates, 0, 0, 0, &mut base, sink)
    }

    fn choose_base(
        &self,
        candidates: &[usize],
        start: usize,
        union: u128,
        endo: u128,
        base: &mut Vec<usize>,
        sink: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        if base.len() == self.k {
            let houses: Vec<House> = base.iter().map(|&h| self.houses[h]).collect();
            let kinds = Kinds::of(&houses);
            // A Franken base holds one kind of line (and boxes); a mutant base anything.
            let franken = matches!(self.kind, Kind::Franken | Kind::FinnedFranken);
            if franken && kinds.rows && kinds.cols {
                return ControlFlow::Continue(());
            }
            // Fins (endo fins included) must have a common peer for anything to go.
            let seers = cells_of(endo).fold(!0u128, |m, c| m & self.peers[c.index()]);
            if seers & self.all == 0 {
                return ControlFlow::Continue(());
            }
            let mut seen = std::collections::HashSet::new();
            let mut covers = Vec::with_capacity(self.k);
            let mut search = CoverSearch {
                base,
                union,
                endo,
                covers: &mut covers,
                seen: &mut seen,
            };
            return self.choose_cover(&mut search, 0, 0, seers, sink);
        }
        for idx in start..candidates.len() {
            if candidates.len() - idx < self.k - base.len() {
                break;
            }
            let h = candidates[idx];
            let m = self.masks[h];
            let new_endo = endo | (union & m);
            if new_endo != 0 && (!self.finned() || new_endo.count_ones() as usize > MAX_ENDO_FINS) {
                continue;
            }
            base.push(h);
            let r = self.choose_base(candidates, idx + 1, union | m, new_endo, base, sink);
            base.pop();
            r?;
        }
        ControlFlow::Continue(())
    }

    fn choose_cover(
        &self,
        st: &mut CoverSearch<'_>,
        covered: u128,
        fins: u128,
        seers: u128,
        sink: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        let uncovered = st.union & !covered & !fins;
        if uncovered == 0 || st.covers.len() == self.k {
            if st.covers.len() != self.k {
                return ControlFlow::Continue(());
            }
            let all_fins = fins | uncovered;
            if all_fins != 0 && !self.finned() {
                return ControlFlow::Continue(());
            }
            if (all_fins & !st.endo).count_ones() as usize > MAX_FINS {
                return ControlFlow::Continue(());
            }
            let key = st.covers.iter().fold(0u64, |m, &h| m | 1 << h);
            if !st.seen.insert(key) {
                return ControlFlow::Continue(());
            }
            return self.evaluate(
                st.base,
                st.union,
                st.endo,
                st.covers,
                all_fins & !st.endo,
                sink,
            );
        }
        let c = Cell::new(uncovered.trailing_zeros() as usize);
        let s = self.ctx.shape();
        for h in c.houses(s) {
            let hi = h.index(s);
            if st.base.contains(&hi) || st.covers.contains(&hi) {
                continue;
            }
            st.covers.push(hi);
            let r = self.choose_cover(st, covered | self.masks[hi], fins, seers, sink);
            st.covers.pop();
            r?;
        }
        if self.finned() && ((fins | bit(c)) & !st.endo).count_ones() as usize <= MAX_FINS {
            let seers = seers & self.peers[c.index()];
            if seers & self.all != 0 {
                self.choose_cover(st, covered, fins | bit(c), seers, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn evaluate(
        &self,
        base: &[usize],
        union: u128,
        endo: u128,
        covers: &[usize],
        exo: u128,
        sink: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        let base_houses: Vec<House> = base.iter().map(|&h| self.houses[h]).collect();
        let cover_houses: Vec<House> = covers.iter().map(|&h| self.houses[h]).collect();
        let (bk, ck) = (Kinds::of(&base_houses), Kinds::of(&cover_houses));
        // Which fish is it? Basic: lines against the other lines only.
        let basic = !bk.boxes
            && !ck.boxes
            && ((bk.rows && !bk.cols && ck.cols && !ck.rows)
                || (bk.cols && !bk.rows && ck.rows && !ck.cols));
        let franken =
            !basic && ((!bk.cols && !ck.rows) || (!bk.rows && !ck.cols)) && (bk.boxes || ck.boxes);
        let mut cover_union = 0u128;
        let mut twice = 0u128;
        for &h in covers {
            twice |= cover_union & self.masks[h];
            cover_union |= self.masks[h];
        }
        // Cells set aside as fins during the search may have been covered since.
        let exo = exo & !cover_union & !endo;
        let fins = exo | endo;
        let kind = match (basic, franken, fins != 0) {
            (true, _, _) => return ControlFlow::Continue(()),
            (false, true, false) => Kind::Franken,
            (false, true, true) => Kind::FinnedFranken,
            (false, false, false) => Kind::Mutant,
            (false, false, true) => Kind::FinnedMutant,
        };
        if kind != self.kind {
            return ControlFlow::Continue(());
        }
        let mut targets = (cover_union & !union) | (twice & union & !fins);
        for f in cells_of(fins) {
            targets &= self.peers[f.index()];
        }
        if targets == 0 {
            return ControlFlow::Continue(());
        }
        sink(Step {
            se_difficulty: None,
            technique: self.technique,
            placements: vec![],
            eliminations: cells_of(targets)
                .map(|c| Candidate::new(c, self.digit))
                .collect(),
            evidence: Evidence::Fish(FishEvidence {
                digit: self.digit,
                base: base_houses,
                cover: cover_houses,
                fins: cells_of(exo).collect(),
                endo_fins: cells_of(endo).collect(),
            }),
        })
    }
}
