//! Almost locked sets: ALS-XZ (singly and doubly linked), ALS-XY-Wing, ALS-XY-Chain and
//! Death Blossom, as HoDoKu defines them.
//!
//! An almost locked set (ALS) is `N` empty cells of one house holding `N + 1` digits between
//! them (a bivalue cell is an ALS of one cell). If any one of its digits is taken out, the
//! rest are locked in it. A digit `x` is a *restricted common candidate* (RCC) of two
//! disjoint ALSes when both hold it and every cell of either holding `x` sees every cell of
//! the other holding `x`: then at most one of the two can hold `x`.
//!
//! - ALS-XZ: ALSes `A`, `B` with an RCC `x`; any other common digit `z` is in `A` or in `B`,
//!   so a cell seeing every `z` of both can't be `z`. With two RCCs (doubly linked) both
//!   sets are locked on their other digits too, and the RCCs leave every cell seeing all
//!   their places in either set.
//! - ALS-XY-Wing: `A`–`C` with RCC `x`, `B`–`C` with RCC `y ≠ x`; `z` common to `A`, `B`.
//! - ALS-XY-Chain: `A1 … Ak` (k ≥ 4), consecutive RCCs differ; `z` common to the ends.
//! - Death Blossom: a stem cell whose every digit `d` sees all `d` of one petal ALS; a digit
//!   `z` of every petal (not of the stem) leaves the cells seeing all its places.
//!
//! The sets are collected in HoDoKu's order (rows, columns, boxes; subsets of each house in
//! depth-first order), the restricted commons are taken between disjoint sets only, and
//! chains run forward (each set after the previous one in that order), as HoDoKu's
//! defaults do, so that the solver's first step is HoDoKu's where possible. The
//! collection is built once per position and shared by the four techniques.
//!
//! Cell sets are `u128` up to 128 cells (9x9 and smaller) and wider ones beyond
//! ([`super::cellbits`]): ALS-XZ and ALS-XY-Wing run on grids up to 16x16; the chain and
//! Death Blossom searches, exponential in the sets, on grids of at most 128 cells.
//!
//! Depends on the context, the step model and the grid's index types.

use super::cellbits::{CellBits, Wide};
use super::propagation::ones;
use super::step::{AlsSet, Evidence, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit, House};
use crate::set::DigitSet;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::ops::ControlFlow;

/// The techniques of this family.
pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsXyChain,
    Technique::DeathBlossom,
];

/// The longest ALS-XY-Chain searched, in restricted commons (HoDoKu's limit).
const MAX_RC: usize = 50;

/// One almost locked set.
struct Als<B> {
    cells: B,
    /// Digit indices as bits.
    digits: u32,
    /// Union of `seen` over its digits.
    buddies: B,
}

/// A restricted common between sets `a < b`: one or two digit indices.
#[derive(Clone, Copy)]
struct Rc {
    a: usize,
    b: usize,
    d1: usize,
    d2: Option<usize>,
}

impl Rc {
    fn mask(&self) -> u32 {
        (1 << self.d1) | self.d2.map_or(0, |d| 1 << d)
    }
}

/// The per-position tables the ALS techniques share.
pub(crate) struct Tables<B> {
    n: usize,
    cand: Vec<u32>,
    alses: Vec<Als<B>>,
    /// `with[i * n + d]`: the cells of set `i` holding digit `d`.
    with: Vec<B>,
    /// `seen[i * n + d]`: the cells outside set `i` holding `d` that see every `d` of it.
    seen: Vec<B>,
    /// The peers of each cell.
    peer_bits: Vec<B>,
    /// The cells holding each digit.
    digit_cells: Vec<B>,
    rcs: OnceCell<Rcs>,
}

struct Rcs {
    list: Vec<Rc>,
    /// `start[i]..start[i + 1]`: the restricted commons whose first set is `i`.
    start: Vec<usize>,
    /// The restricted commons each set takes part in, ascending.
    by_als: Vec<Vec<usize>>,
}

impl<B: CellBits> Tables<B> {
    fn build(ctx: &Context<'_>) -> Option<Tables<B>> {
        let shape = ctx.shape();
        let n = ctx.side();
        if shape.cell_count() > B::CAPACITY || n > 32 {
            return None;
        }
        let cells = shape.cell_count();
        let cand: Vec<u32> = (0..cells)
            .map(|i| {
                let c = Cell::new(i);
                if ctx.value(c).is_some() {
                    0
                } else {
                    ctx.candidates(c).iter().fold(0, |m, d| m | 1 << d.index())
                }
            })
            .collect();
        let mut digit_cells = vec![B::ZERO; n];
        for (i, &m) in cand.iter().enumerate() {
            for d in ones(m) {
                digit_cells[d] |= B::bit(i);
            }
        }
        let geometry = ctx.geometry();
        let peers: Vec<B> = (0..cells)
            .map(|i| {
                geometry
                    .peers(i)
                    .iter()
                    .fold(B::ZERO, |b, &p| b | B::bit(p as usize))
            })
            .collect();
        // Every ALS, house by house, subsets in depth-first order, each cell set once.
        let mut found: Vec<(B, u32)> = Vec::new();
        let mut seen_sets = std::collections::HashSet::new();
        let max_size = if n <= 9 { n - 1 } else { 4.min(n - 1) };
        for h in House::all(shape) {
            let hc: Vec<usize> = h
                .cells(shape)
                .map(|c| c.index())
                .filter(|&i| cand[i] != 0)
                .collect();
            collect(
                &hc,
                0,
                0,
                B::ZERO,
                0,
                max_size,
                &cand,
                &mut seen_sets,
                &mut found,
            );
        }
        let mut alses = Vec::with_capacity(found.len());
        let mut with = Vec::with_capacity(found.len() * n);
        let mut seen = Vec::with_capacity(found.len() * n);
        for (cells, digits) in found {
            let mut buddies = B::ZERO;
            for &dc in &digit_cells {
                let w = cells & dc;
                let s = if w.is_zero() {
                    B::ZERO
                } else {
                    w.ones().fold(!B::ZERO, |acc, c| acc & peers[c]) & !cells & dc
                };
                with.push(w);
                seen.push(s);
                buddies |= s;
            }
            alses.push(Als {
                cells,
                digits,
                buddies,
            });
        }
        Some(Tables {
            n,
            cand,
            alses,
            with,
            seen,
            peer_bits: peers,
            digit_cells,
            rcs: OnceCell::new(),
        })
    }

    #[inline]
    fn with(&self, i: usize, d: usize) -> B {
        self.with[i * self.n + d]
    }
    #[inline]
    fn seen(&self, i: usize, d: usize) -> B {
        self.seen[i * self.n + d]
    }

    /// Restricted commons between disjoint sets, each pair once (`a < b`), at most two
    /// digits per pair.
    fn rcs(&self) -> &Rcs {
        self.rcs.get_or_init(|| {
            let m = self.alses.len();
            let mut list = Vec::new();
            let mut start = Vec::with_capacity(m + 1);
            let mut by_als = vec![Vec::new(); m];
            for i in 0..m {
                start.push(list.len());
                let a = &self.alses[i];
                for j in i + 1..m {
                    let b = &self.alses[j];
                    let common = a.digits & b.digits;
                    // A restricted common needs `a`'s cells with it among those `b` sees.
                    if common == 0
                        || !(a.cells & b.cells).is_zero()
                        || (a.cells & b.buddies).is_zero()
                    {
                        continue;
                    }
                    let mut rc: Option<Rc> = None;
                    for d in ones(common) {
                        if !(self.with(i, d) & !self.seen(j, d)).is_zero() {
                            continue;
                        }
                        match &mut rc {
                            None => {
                                rc = Some(Rc {
                                    a: i,
                                    b: j,
                                    d1: d,
                                    d2: None,
                                })
                            }
                            Some(r) => {
                                r.d2 = Some(d);
                                break;
                            }
                        }
                    }
                    if let Some(r) = rc {
                        by_als[i].push(list.len());
                        by_als[j].push(list.len());
                        list.push(r);
                    }
                }
            }
            start.push(list.len());
            Rcs {
                list,
                start,
                by_als,
            }
        })
    }

    /// Cells holding `z` that see every `z` of sets `a` and `b`, for every digit common to
    /// both but outside `exclude`, as per-digit bits.
    fn common_elims(&self, a: usize, b: usize, exclude: u32, out: &mut [B]) -> bool {
        let (sa, sb) = (&self.alses[a], &self.alses[b]);
        let zs = sa.digits & sb.digits & !exclude;
        if zs == 0 || (sa.buddies & sb.buddies).is_zero() {
            return false;
        }
        let mut any = false;
        for z in ones(zs) {
            let e = self.seen(a, z) & self.seen(b, z);
            if !e.is_zero() {
                out[z] |= e;
                any = true;
            }
        }
        any
    }

    fn als_set(&self, i: usize) -> AlsSet {
        let a = &self.alses[i];
        AlsSet {
            cells: a.cells.ones().map(Cell::new).collect(),
            digits: digits_of(a.digits),
        }
    }
}

fn digits_of(m: u32) -> DigitSet {
    ones(m).map(Digit::from_index).collect()
}

#[allow(clippy::too_many_arguments)]
fn collect<B: CellBits>(
    hc: &[usize],
    from: usize,
    count: usize,
    cells: B,
    digits: u32,
    max_size: usize,
    cand: &[u32],
    seen: &mut std::collections::HashSet<B>,
    out: &mut Vec<(B, u32)>,
) {
    if count >= max_size {
        return;
    }
    for k in from..hc.len() {
        let c = hc[k];
        let cells2 = cells | B::bit(c);
        let digits2 = digits | cand[c];
        if digits2.count_ones() as usize == count + 2 && seen.insert(cells2) {
            out.push((cells2, digits2));
        }
        collect(
            hc,
            k + 1,
            count + 1,
            cells2,
            digits2,
            max_size,
            cand,
            seen,
            out,
        );
    }
}

/// The tables of a position, in the narrowest cell sets that hold its grid.
pub(crate) enum AnyTables {
    Narrow(Tables<u128>),
    Wide4(Tables<Wide<4>>),
}

impl AnyTables {
    fn build(ctx: &Context<'_>) -> Option<AnyTables> {
        let cells = ctx.shape().cell_count();
        if cells <= u128::CAPACITY {
            Tables::build(ctx).map(AnyTables::Narrow)
        } else if cells <= Wide::<4>::CAPACITY {
            Tables::build(ctx).map(AnyTables::Wide4)
        } else {
            // Past 16x16 the sets and their restricted commons grow too many to search.
            None
        }
    }
}

/// The shared tables of `ctx`'s position (`None` on shapes too large).
fn tables<'c>(ctx: &'c Context<'_>) -> Option<&'c AnyTables> {
    ctx.als_tables(|| AnyTables::build(ctx))
}

/// The candidates of per-digit elimination bits, digit by digit then cell by cell.
fn to_candidates<B: CellBits>(elims: &[B]) -> Vec<Candidate> {
    let mut v = Vec::new();
    for (d, &b) in elims.iter().enumerate() {
        for c in b.ones() {
            v.push(Candidate::new(Cell::new(c), Digit::from_index(d)));
        }
    }
    v
}

fn elim_digits<B: CellBits>(elims: &[B]) -> DigitSet {
    elims
        .iter()
        .enumerate()
        .filter(|(_, &b)| !b.is_zero())
        .map(|(d, _)| Digit::from_index(d))
        .collect()
}

fn make_step<B: CellBits>(
    t: &Tables<B>,
    technique: Technique,
    sets: &[usize],
    restricted: Vec<u32>,
    stem: Option<Cell>,
    elims: &[B],
) -> Step {
    let mut step = Step::new(
        technique,
        Evidence::Als {
            sets: sets.iter().map(|&i| t.als_set(i)).collect(),
            restricted: restricted.into_iter().map(digits_of).collect(),
            z: elim_digits(elims),
            stem,
        },
    );
    step.eliminations = to_candidates(elims);
    step
}

/// The family's finder.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut super::Sink<'_>,
) -> ControlFlow<()> {
    match tables(ctx) {
        None => ControlFlow::Continue(()),
        Some(AnyTables::Narrow(t)) => find_in(t, technique, sink),
        Some(AnyTables::Wide4(t)) => find_in(t, technique, sink),
    }
}

/// The finder over tables of cell sets of type `B`.
fn find_in<B: CellBits>(
    t: &Tables<B>,
    technique: Technique,
    sink: &mut super::Sink<'_>,
) -> ControlFlow<()> {
    // The chain and Death Blossom searches grow exponentially with the sets: they run on
    // grids of at most 128 cells, as they always did.
    let narrow = t.cand.len() <= u128::CAPACITY;
    match technique {
        Technique::AlsXz => find_xz(t, sink),
        Technique::AlsXyWing => find_xy_wing(t, sink),
        Technique::AlsXyChain if narrow => find_chain(t, sink),
        Technique::DeathBlossom if narrow => find_death_blossom(t, sink),
        _ => ControlFlow::Continue(()),
    }
}

fn find_xz<B: CellBits>(t: &Tables<B>, sink: &mut super::Sink<'_>) -> ControlFlow<()> {
    let rcs = t.rcs();
    let mut elims = vec![B::ZERO; t.n];
    for rc in &rcs.list {
        elims.iter_mut().for_each(|e| *e = B::ZERO);
        let mut any = t.common_elims(rc.a, rc.b, 1 << rc.d1, &mut elims);
        if let Some(d2) = rc.d2 {
            any |= t.common_elims(rc.a, rc.b, 1 << d2, &mut elims);
            // Doubly linked: each set is locked on its other digits.
            for (x, y) in [(rc.a, rc.b), (rc.b, rc.a)] {
                let rest = t.alses[x].digits & !rc.mask();
                for d in ones(rest) {
                    let e = t.seen(x, d) & !t.alses[y].cells;
                    if !e.is_zero() {
                        elims[d] |= e;
                        any = true;
                    }
                }
            }
        }
        if any {
            sink(make_step(
                t,
                Technique::AlsXz,
                &[rc.a, rc.b],
                vec![rc.mask()],
                None,
                &elims,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

fn find_xy_wing<B: CellBits>(t: &Tables<B>, sink: &mut super::Sink<'_>) -> ControlFlow<()> {
    let rcs = t.rcs();
    let mut elims = vec![B::ZERO; t.n];
    let mut partners: Vec<usize> = Vec::new();
    for (i, rc1) in rcs.list.iter().enumerate() {
        partners.clear();
        partners.extend(rcs.by_als[rc1.a].iter().filter(|&&j| j > i));
        partners.extend(rcs.by_als[rc1.b].iter().filter(|&&j| j > i));
        partners.sort_unstable();
        for &j in &partners {
            let rc2 = &rcs.list[j];
            if rc1.d2.is_none() && rc2.d2.is_none() && rc1.d1 == rc2.d1 {
                continue;
            }
            // The pivot C is the set both restricted commons share.
            let (c, a, b) = if rc1.a == rc2.a && rc1.b != rc2.b {
                (rc1.a, rc1.b, rc2.b)
            } else if rc1.a == rc2.b && rc1.b != rc2.a {
                (rc1.a, rc1.b, rc2.a)
            } else if rc1.b == rc2.a && rc1.a != rc2.b {
                (rc1.b, rc1.a, rc2.b)
            } else if rc1.b == rc2.b && rc1.a != rc2.a {
                (rc1.b, rc1.a, rc2.a)
            } else {
                continue;
            };
            if !(t.alses[a].cells & t.alses[b].cells).is_zero() {
                continue;
            }
            elims.iter_mut().for_each(|e| *e = B::ZERO);
            if t.common_elims(a, b, rc1.mask() | rc2.mask(), &mut elims) {
                // restricted: A–C, then B–C.
                let (ra, rb) = if rc1.a == a || rc1.b == a {
                    (rc1.mask(), rc2.mask())
                } else {
                    (rc2.mask(), rc1.mask())
                };
                sink(make_step(
                    t,
                    Technique::AlsXyWing,
                    &[a, b, c],
                    vec![ra, rb],
                    None,
                    &elims,
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A chain step found, with what HoDoKu sorts by.
struct ChainFound<B> {
    sets: Vec<usize>,
    restricted: Vec<u32>,
    elims: Vec<B>,
    count: usize,
    cells: u32,
}

struct ChainSearch<'t, B> {
    t: &'t Tables<B>,
    rcs: &'t Rcs,
    in_chain: Vec<bool>,
    /// The sets of the chain, then the active digits of each link.
    sets: Vec<usize>,
    active: Vec<u32>,
    found: HashMap<Vec<(usize, usize)>, ChainFound<B>>,
    elims: Vec<B>,
}

impl<B: CellBits> ChainSearch<'_, B> {
    fn extend(&mut self, from: usize) {
        if self.active.len() >= MAX_RC {
            return;
        }
        let (lo, hi) = (self.rcs.start[from], self.rcs.start[from + 1]);
        for k in lo..hi {
            let rc = self.rcs.list[k];
            if self.in_chain[rc.b] {
                continue;
            }
            // The digits that can pass this link: its digits less the previous link's
            // (only the first of two, as HoDoKu does: two active digits there already make
            // the set before it impossible, so any continuation is sound). A doubly linked
            // first link is tried with each of its digits.
            let tries: Vec<u32> = match self.active.last() {
                None => match rc.d2 {
                    None => vec![1 << rc.d1],
                    Some(d2) => vec![1 << rc.d1, 1 << d2],
                },
                Some(&prev) => {
                    let first_prev = prev & prev.wrapping_neg();
                    let act = rc.mask() & !first_prev;
                    if act == 0 {
                        continue;
                    }
                    vec![act]
                }
            };
            for act in tries {
                self.in_chain[rc.b] = true;
                self.sets.push(rc.b);
                self.active.push(act);
                if self.active.len() >= 3 {
                    self.check();
                }
                self.extend(rc.b);
                self.active.pop();
                self.sets.pop();
                self.in_chain[rc.b] = false;
            }
        }
    }

    fn check(&mut self) {
        let t = self.t;
        let (first, last) = (self.sets[0], *self.sets.last().unwrap());
        let exclude = self.active[0] | self.active.last().unwrap();
        self.elims.iter_mut().for_each(|e| *e = B::ZERO);
        if !t.common_elims(first, last, exclude, &mut self.elims) {
            return;
        }
        let key: Vec<(usize, usize)> = to_candidates(&self.elims)
            .iter()
            .map(|c| (c.cell.index(), c.digit.index()))
            .collect();
        let cells: u32 = self.sets.iter().map(|&i| t.alses[i].cells.count()).sum();
        if self.found.get(&key).is_some_and(|f| f.cells <= cells) {
            return;
        }
        let count = key.len();
        self.found.insert(
            key,
            ChainFound {
                sets: self.sets.clone(),
                restricted: self.active.clone(),
                elims: self.elims.clone(),
                count,
                cells,
            },
        );
    }
}

/// HoDoKu's tie-break among steps with different eliminations: a weighted sum of the
/// eliminated candidates, ordered by digit then cell.
fn index_sum<B: CellBits>(elims: &[B]) -> u64 {
    let mut total = 0u64;
    let mut offset = 1u64;
    for (d, &b) in elims.iter().enumerate() {
        for c in b.ones() {
            total += c as u64 * offset + d as u64 + 1;
            offset += 80;
        }
    }
    total
}

fn find_chain<B: CellBits>(t: &Tables<B>, sink: &mut super::Sink<'_>) -> ControlFlow<()> {
    let rcs = t.rcs();
    let mut search = ChainSearch {
        t,
        rcs,
        in_chain: vec![false; t.alses.len()],
        sets: Vec::new(),
        active: Vec::new(),
        found: HashMap::new(),
        elims: vec![B::ZERO; t.n],
    };
    for i in 0..t.alses.len() {
        search.in_chain[i] = true;
        search.sets.push(i);
        search.extend(i);
        search.sets.pop();
        search.in_chain[i] = false;
    }
    // HoDoKu's order: most eliminations, then its index sum, then fewer sets and cells.
    let mut found: Vec<ChainFound<B>> = search.found.into_values().collect();
    found.sort_by_key(|f| {
        (
            std::cmp::Reverse(f.count),
            index_sum(&f.elims),
            f.sets.len(),
            f.cells,
        )
    });
    for f in found {
        sink(make_step(
            t,
            Technique::AlsXyChain,
            &f.sets,
            f.restricted,
            None,
            &f.elims,
        ))?;
    }
    ControlFlow::Continue(())
}

fn find_death_blossom<B: CellBits>(t: &Tables<B>, sink: &mut super::Sink<'_>) -> ControlFlow<()> {
    let n = t.n;
    // For each stem cell and digit, the sets all of whose `d` the cell sees.
    let cells = t.cand.len();
    let mut petals: Vec<Vec<usize>> = vec![Vec::new(); cells * n];
    for i in 0..t.alses.len() {
        for d in ones(t.alses[i].digits) {
            for c in t.seen(i, d).ones() {
                petals[c * n + d].push(i);
            }
        }
    }
    let mut elims = vec![B::ZERO; n];
    for stem in 0..cells {
        let digits = t.cand[stem];
        if digits == 0 || ones(digits).any(|d| petals[stem * n + d].is_empty()) {
            continue;
        }
        let ds: Vec<usize> = ones(digits).collect();
        let mut chosen = vec![0usize; ds.len()];
        let stem_bit = B::bit(stem);
        blossom(
            t,
            &petals,
            stem,
            &ds,
            0,
            stem_bit,
            u32::MAX >> (32 - n),
            &mut chosen,
            &mut elims,
            &mut |chosen, elims| {
                let step = make_step(
                    t,
                    Technique::DeathBlossom,
                    chosen,
                    ds.iter().map(|&d| 1 << d).collect(),
                    Some(Cell::new(stem)),
                    elims,
                );
                sink(step)
            },
        )?;
    }
    ControlFlow::Continue(())
}

/// Where a Death Blossom's petals and eliminations go.
type Emit<'e, B> = dyn FnMut(&[usize], &[B]) -> ControlFlow<()> + 'e;

#[allow(clippy::too_many_arguments)]
fn blossom<B: CellBits>(
    t: &Tables<B>,
    petals: &[Vec<usize>],
    stem: usize,
    ds: &[usize],
    k: usize,
    used: B,
    common: u32,
    chosen: &mut Vec<usize>,
    elims: &mut Vec<B>,
    emit: &mut Emit<'_, B>,
) -> ControlFlow<()> {
    let n = t.n;
    if k == ds.len() {
        // z: a digit of every petal that is not a stem digit.
        let zs = common & !t.cand[stem];
        elims.iter_mut().for_each(|e| *e = B::ZERO);
        let mut any = false;
        for z in ones(zs) {
            let mut e = !B::ZERO;
            let mut has = false;
            for &p in chosen.iter() {
                for c in t.with(p, z).ones() {
                    has = true;
                    e &= t.seen_cell(c);
                }
            }
            if !has {
                continue;
            }
            let e = e & !used & t.digit_bits(z);
            if !e.is_zero() {
                elims[z] = e;
                any = true;
            }
        }
        if any {
            return emit(chosen, elims);
        }
        return ControlFlow::Continue(());
    }
    for &p in &petals[stem * n + ds[k]] {
        let a = &t.alses[p];
        if !(a.cells & used).is_zero() || a.digits & common == 0 {
            continue;
        }
        chosen[k] = p;
        blossom(
            t,
            petals,
            stem,
            ds,
            k + 1,
            used | a.cells,
            common & a.digits,
            chosen,
            elims,
            emit,
        )?;
    }
    ControlFlow::Continue(())
}

impl<B: CellBits> Tables<B> {
    /// The peers of cell `c`.
    fn seen_cell(&self, c: usize) -> B {
        self.peer_bits[c]
    }
    fn digit_bits(&self, d: usize) -> B {
        self.digit_cells[d]
    }
}
