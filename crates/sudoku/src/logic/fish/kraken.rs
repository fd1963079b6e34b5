//! Kraken fish: a fish with fins, tied by forcing chains to candidates the fish alone can't
//! remove.
//!
//! A basic fish on digit `d` (base rows against cover columns, or the transpose; size at
//! most [`MAX_SIZE`]) with fins (base candidates outside the cover, at most [`MAX_FINS`],
//! anywhere in the base lines): either a fin is true, or the fish holds, and then each cover
//! line gets its `d` from a base line.
//! - **Type 1**: a candidate `t` of `d` in a cover line, outside the base lines, that not
//!   every fin sees (else it is a plain finned fish). The fish removes `t` when no fin is
//!   true; when each fin, assumed true, forces `t` false through a chain, `t` is false
//!   either way.
//! - **Type 2**: a cover line `C` that holds `d` outside the base as well (else its base
//!   candidates are all its places, and the step is a plain region forcing chain): one of
//!   the base candidates of `C` or a fin is true. A candidate `t` of any digit that each of
//!   them, assumed true, forces false is false.
//!
//! The chains are the static forcing chains of [`crate::logic::forcing`] (the strong links of the
//! position: bivalue cells and conjugate pairs), at most [`MAX_LINKS`] links long. What a
//! premise implies is worked out once per position, when a fish first needs it, and kept
//! with a bitset of the candidates it makes false, so a fish tests a target with a lookup
//! and a cover line with a few word ANDs. One step per eliminated candidate: the one with
//! the fewest links in all, smaller fish first among equals.
//!
//! The limits are HoDoKu's defaults for kraken fish: size at most 4, at most 2 fins. Only
//! basic (row and column) fish, so it runs on every shape; Franken and mutant kraken fish
//! (which HoDoKu can be set to search) are not.
//!
//! Depends on [`crate::logic::Context`], [`crate::logic::forcing`] and the step model.

use crate::index::{Candidate, Cell, Col, Digit, House, Row};
use crate::logic::chains::MAX_LINKS;
use crate::logic::forcing::{Branch, Implied, Mode, Tables};
use crate::logic::registry::Sink;
use crate::logic::step::{Evidence, FishEvidence, KrakenEvidence, KrakenType, Link, Step};
use crate::logic::technique::Technique;
use crate::logic::Context;
use crate::set::PosSet;
use crate::shape::Shape;
use std::ops::ControlFlow;

/// The largest fish searched (HoDoKu's default for kraken fish).
pub const MAX_SIZE: usize = 4;
/// The most fins a kraken fish may have (HoDoKu's default for kraken fish).
pub const MAX_FINS: usize = 2;

/// Finds kraken fish, one step per eliminated candidate, the shortest chains first.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    if technique != Technique::KrakenFish {
        return ControlFlow::Continue(());
    }
    let mut search = Search::new(ctx);
    for digit in Digit::all(ctx.shape()) {
        for rows in [true, false] {
            search.digit(digit, rows);
        }
    }
    let mut found = std::mem::take(&mut search.found);
    found.sort_by_key(|f| (f.key(), f.target));
    for f in &found {
        sink(search.step(f))?;
    }
    ControlFlow::Continue(())
}

/// What one candidate implies when true.
struct Premise {
    implied: Implied,
    /// The candidates it makes false, one bit per candidate id.
    falses: Vec<u64>,
    /// The links to each candidate it makes false (0: not false), on grids of at most
    /// [`DENSE`] candidates; larger ones look the depth up in `implied`.
    links: Vec<u8>,
}

/// The most candidates for which premises keep a dense table of chain lengths (16x16 has
/// 4096): looking lengths up in the sorted facts took a third of the search's time.
const DENSE: usize = 8192;

/// No entry (in the slot tables).
const NONE: u32 = u32::MAX;

/// A kraken fish found, before its chains are drawn.
struct Found {
    kind: KrakenType,
    /// Links of all the chains together.
    cost: u32,
    fish_technique: Technique,
    fish: FishEvidence,
    cover: Option<House>,
    /// Candidate ids, one chain each.
    premises: Vec<u32>,
    target: u32,
}

impl Found {
    /// Better first: fewer links, smaller fish, type 1, fewer chains.
    fn key(&self) -> (u32, usize, KrakenType, usize) {
        (
            self.cost,
            self.fish.base.len(),
            self.kind,
            self.premises.len(),
        )
    }
}

/// The search of one position. Candidates are numbered `cell * side + digit`, as in
/// [`crate::logic::forcing`].
struct Search<'c, 'a> {
    ctx: &'c Context<'a>,
    shape: Shape,
    n: usize,
    tables: Tables,
    branch: Branch,
    /// For each candidate id, its slot in `premises` (or [`NONE`]).
    memo: Vec<u32>,
    premises: Vec<Premise>,
    words: usize,
    /// For each candidate id, its slot in `found` (or [`NONE`]): the best step for it.
    best: Vec<u32>,
    found: Vec<Found>,
    scratch: Vec<u64>,
}

/// One fish: its digit, orientation, base lines and cover indices, and each base line's
/// candidate positions.
struct Fish<'p> {
    digit: Digit,
    rows: bool,
    base: &'p [usize],
    cover: PosSet,
    pos: &'p [PosSet],
}

/// Row `i` (when `rows`) or column `i`.
fn line(rows: bool, i: usize) -> House {
    if rows {
        House::Row(Row::new(i))
    } else {
        House::Col(Col::new(i))
    }
}

impl<'c, 'a> Search<'c, 'a> {
    fn new(ctx: &'c Context<'a>) -> Self {
        let tables = Tables::new(ctx);
        let branch = Branch::new(&tables);
        let shape = ctx.shape();
        let total = shape.cell_count() * ctx.side();
        let words = total.div_ceil(64);
        Search {
            ctx,
            shape,
            n: ctx.side(),
            tables,
            branch,
            memo: vec![NONE; total],
            premises: Vec::new(),
            words,
            best: vec![NONE; total],
            found: Vec::new(),
            scratch: vec![0; words],
        }
    }

    fn id(&self, c: Cell, d: Digit) -> u32 {
        (c.index() * self.n + d.index()) as u32
    }

    fn candidate(&self, id: u32) -> Candidate {
        let id = id as usize;
        Candidate::new(Cell::new(id / self.n), Digit::from_index(id % self.n))
    }

    /// Works out what `id` implies, once.
    fn ensure(&mut self, id: u32) {
        if self.memo[id as usize] != NONE {
            return;
        }
        let implied = self
            .branch
            .implied(&self.tables, id * 2 + 1, Mode::Static, MAX_LINKS as u16);
        let mut falses = vec![0u64; self.words];
        let dense = self.memo.len() <= DENSE;
        let mut links = vec![0u8; if dense { self.memo.len() } else { 0 }];
        for (f, d) in implied.facts().filter(|(f, _)| f & 1 == 0) {
            let c = (f / 2) as usize;
            falses[c / 64] |= 1 << (c % 64);
            if dense {
                links[c] = u8::try_from(d).unwrap_or(u8::MAX);
            }
        }
        self.memo[id as usize] = self.premises.len() as u32;
        self.premises.push(Premise {
            implied,
            falses,
            links,
        });
    }

    fn premise(&self, id: u32) -> &Premise {
        &self.premises[self.memo[id as usize] as usize]
    }

    /// Links from `premise` (true) to `target` false, if it is forced.
    fn links(&self, premise: u32, target: u32) -> Option<u16> {
        let p = self.premise(premise);
        if p.links.is_empty() {
            p.implied.depth(target * 2)
        } else {
            Some(u16::from(p.links[target as usize])).filter(|&d| d > 0)
        }
    }

    /// The links from every premise to `target` false, in all: `None` when some premise
    /// doesn't force it, or when the step can't beat the best one for `target` (looking
    /// lengths up is most of the search's time, so it stops as soon as it knows).
    fn cost(&self, premises: &[u32], target: u32) -> Option<u32> {
        let slot = self.best[target as usize];
        let bound = if slot == NONE {
            u32::MAX
        } else {
            self.found[slot as usize].cost
        };
        let mut sum = 0u32;
        for &p in premises {
            sum += u32::from(self.links(p, target)?);
            if sum > bound {
                return None;
            }
        }
        Some(sum)
    }

    /// Every fish of `digit` with base lines of one orientation.
    fn digit(&mut self, digit: Digit, rows: bool) {
        let n = self.n;
        let pos: Vec<PosSet> = (0..n)
            .map(|i| {
                let h = line(rows, i);
                if self.ctx.placed(h).contains(digit) {
                    PosSet::EMPTY
                } else {
                    self.ctx.positions(digit, h)
                }
            })
            .collect();
        for k in 2..=MAX_SIZE.min(n - 1) {
            let lines: Vec<usize> = (0..n)
                // A line with one place is a hidden single, not a base line.
                .filter(|&i| (2..=k + MAX_FINS).contains(&pos[i].len()))
                .collect();
            if lines.len() < k {
                continue;
            }
            let mut base = Vec::with_capacity(k);
            self.choose_base(digit, rows, &pos, k, &lines, 0, PosSet::EMPTY, &mut base);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn choose_base(
        &mut self,
        digit: Digit,
        rows: bool,
        pos: &[PosSet],
        k: usize,
        lines: &[usize],
        start: usize,
        union: PosSet,
        base: &mut Vec<usize>,
    ) {
        if base.len() == k {
            if union.len() < k {
                return;
            }
            // Every k-subset of the base's cover indices is a cover.
            let spots: Vec<usize> = union.iter().collect();
            let mut pick = Vec::with_capacity(k);
            self.choose_cover(digit, rows, pos, base, &spots, 0, &mut pick);
            return;
        }
        for idx in start..lines.len() {
            if lines.len() - idx < k - base.len() {
                break;
            }
            let i = lines[idx];
            let u = union | pos[i];
            // Each cover index left out holds at least one fin.
            if u.len() > k + MAX_FINS {
                continue;
            }
            base.push(i);
            self.choose_base(digit, rows, pos, k, lines, idx + 1, u, base);
            base.pop();
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn choose_cover(
        &mut self,
        digit: Digit,
        rows: bool,
        pos: &[PosSet],
        base: &[usize],
        spots: &[usize],
        start: usize,
        pick: &mut Vec<usize>,
    ) {
        if pick.len() == base.len() {
            let cover: PosSet = pick.iter().copied().collect();
            let mut fins = 0;
            for &i in base {
                // A base line must have a place in the cover.
                if !pos[i].intersects(cover) {
                    return;
                }
                fins += (pos[i] - cover).len();
            }
            if fins <= MAX_FINS {
                self.fish(&Fish {
                    digit,
                    rows,
                    base,
                    cover,
                    pos,
                });
            }
            return;
        }
        for idx in start..spots.len() {
            if spots.len() - idx < base.len() - pick.len() {
                break;
            }
            pick.push(spots[idx]);
            self.choose_cover(digit, rows, pos, base, spots, idx + 1, pick);
            pick.pop();
        }
    }

    fn cell(&self, rows: bool, i: usize, j: usize) -> Cell {
        if rows {
            Cell::at(self.shape, Row::new(i), Col::new(j))
        } else {
            Cell::at(self.shape, Row::new(j), Col::new(i))
        }
    }

    /// Looks for both types on one fish.
    fn fish(&mut self, f: &Fish<'_>) {
        let s = self.shape;
        let d = f.digit;
        let base_set: PosSet = f.base.iter().copied().collect();
        let fins: Vec<Cell> = f
            .base
            .iter()
            .flat_map(|&i| (f.pos[i] - f.cover).iter().map(move |j| (i, j)))
            .map(|(i, j)| self.cell(f.rows, i, j))
            .collect();
        let fin_ids: Vec<u32> = fins.iter().map(|&c| self.id(c, d)).collect();
        // The cover lines' candidates outside the base, and the ones the fish removes
        // without chains (all of them when it has no fins, else those seeing every fin).
        let mut outside: Vec<(usize, Vec<Cell>)> = Vec::new();
        let mut plain: Vec<u32> = Vec::new();
        for j in f.cover {
            let cells: Vec<Cell> = (self.ctx.positions(d, line(!f.rows, j)) - base_set)
                .iter()
                .map(|i| self.cell(f.rows, i, j))
                .collect();
            for &c in &cells {
                if fins.iter().all(|&x| x.sees(c, s)) {
                    plain.push(self.id(c, d));
                }
            }
            if !cells.is_empty() {
                outside.push((j, cells));
            }
        }
        if outside.is_empty() {
            return;
        }
        for &x in &fin_ids {
            self.ensure(x);
        }
        // Type 1: every fin forces the target false.
        if !fins.is_empty() {
            for (_, cells) in &outside {
                for &c in cells {
                    let t = self.id(c, d);
                    if plain.contains(&t) {
                        continue;
                    }
                    if let Some(cost) = self.cost(&fin_ids, t) {
                        self.record(f, KrakenType::One, None, fin_ids.clone(), t, cost);
                    }
                }
            }
        }
        // Type 2: the base candidates of a cover line and the fins all force it false.
        for (j, _) in &outside {
            let mut premises: Vec<u32> = f
                .base
                .iter()
                .filter(|&&i| f.pos[i].contains(*j))
                .map(|&i| self.id(self.cell(f.rows, i, *j), d))
                .collect();
            premises.extend(&fin_ids);
            for &p in &premises {
                self.ensure(p);
            }
            let mut acc = std::mem::take(&mut self.scratch);
            acc.copy_from_slice(&self.premise(premises[0]).falses);
            for &p in &premises[1..] {
                for (a, b) in acc.iter_mut().zip(&self.premise(p).falses) {
                    *a &= b;
                }
            }
            for &x in premises.iter().chain(&plain) {
                acc[x as usize / 64] &= !(1 << (x % 64));
            }
            for (w, &word) in acc.iter().enumerate() {
                let mut m = word;
                while m != 0 {
                    let t = (w * 64 + m.trailing_zeros() as usize) as u32;
                    m &= m - 1;
                    if let Some(cost) = self.cost(&premises, t) {
                        self.record(
                            f,
                            KrakenType::Two,
                            Some(line(!f.rows, *j)),
                            premises.clone(),
                            t,
                            cost,
                        );
                    }
                }
            }
            self.scratch = acc;
        }
    }

    /// Keeps the step if it is the best for its target so far.
    fn record(
        &mut self,
        f: &Fish<'_>,
        kind: KrakenType,
        cover: Option<House>,
        premises: Vec<u32>,
        target: u32,
        cost: u32,
    ) {
        let key = (cost, f.base.len(), kind, premises.len());
        let slot = self.best[target as usize];
        if slot != NONE && self.found[slot as usize].key() <= key {
            return;
        }
        let fins: Vec<Cell> = f
            .base
            .iter()
            .flat_map(|&i| (f.pos[i] - f.cover).iter().map(move |j| (i, j)))
            .map(|(i, j)| self.cell(f.rows, i, j))
            .collect();
        let sashimi = f.base.iter().any(|&i| (f.pos[i] & f.cover).len() <= 1);
        let fish_technique = fish_technique(f.base.len(), !fins.is_empty(), sashimi);
        let fish = FishEvidence {
            digit: f.digit,
            base: f.base.iter().map(|&i| line(f.rows, i)).collect(),
            cover: f.cover.iter().map(|j| line(!f.rows, j)).collect(),
            fins,
            endo_fins: Vec::new(),
        };
        let found = Found {
            kind,
            cost,
            fish_technique,
            fish,
            cover,
            premises,
            target,
        };
        if slot == NONE {
            self.best[target as usize] = self.found.len() as u32;
            self.found.push(found);
        } else {
            self.found[slot as usize] = found;
        }
    }

    fn step(&self, f: &Found) -> Step {
        let branches: Vec<Vec<Link>> = f
            .premises
            .iter()
            .map(|&p| self.premise(p).implied.chain_to(&self.tables, f.target * 2))
            .collect();
        Step {
            se_difficulty: None,
            technique: Technique::KrakenFish,
            placements: Vec::new(),
            eliminations: vec![self.candidate(f.target)],
            evidence: Evidence::Kraken(KrakenEvidence {
                kind: f.kind,
                fish_technique: f.fish_technique,
                fish: f.fish.clone(),
                cover: f.cover,
                premise: f.premises.iter().map(|&p| self.candidate(p)).collect(),
                branches,
            }),
        }
    }
}

/// The fish technique of size `k`: basic, finned or sashimi.
fn fish_technique(k: usize, finned: bool, sashimi: bool) -> Technique {
    use Technique::*;
    let row = match (finned, sashimi) {
        (false, _) => [XWing, Swordfish, Jellyfish],
        (true, false) => [FinnedXWing, FinnedSwordfish, FinnedJellyfish],
        (true, true) => [SashimiXWing, SashimiSwordfish, SashimiJellyfish],
    };
    row[k - 2]
}
