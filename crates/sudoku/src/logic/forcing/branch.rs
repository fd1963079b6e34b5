//! One branch of a forcing chain or net: a premise's facts, derived by [`Rules`] over a
//! candidate store, with their causes in the node table; and the position's tables the
//! branches share ([`Tables`]). The finders that start branches and read their ends are
//! in the parent module.

use super::Mode;
use crate::index::{Candidate, Cell};
use crate::logic::geometry::{Geometry, BOX_FIRST_MAX_SIDE};
use crate::logic::propagation::{
    Bits, Cause, Contradiction, Effect, InnerRule, Left, Node, Nodes, PeerOrder, Queue, Rules,
    Sets, Stall, Store, NO_NODE,
};
use crate::logic::step::Link;
use crate::logic::Context;
use crate::set::DigitSet;
use crate::shape::Shape;
use std::sync::Arc;
use std::sync::OnceLock;

/// A branch of more facts than this is put back by copying the whole store.
const RESTORE_ALL_PAST: usize = 16;

/// The tables of one position: the shape's shared geometry, and the position's
/// candidates ([`Store`]: box-first masks up to 32x32, digit sets for any side) and
/// which digits its houses hold.
pub(crate) struct Tables<S = Sets> {
    pub(super) shape: Shape,
    pub(super) n: usize,
    pub(super) geometry: Arc<Geometry>,
    /// The position's candidates.
    pub(crate) orig: S,
    /// Per house and digit (`house * n + digit`, geometry indices): placed already.
    pub(super) placed: Vec<bool>,
    /// Per house and digit: its places lock the digit out of cells of another house in
    /// the position itself. A branch's locked candidates start from these
    /// ([`Branch::moved`]): any other house-digit locks nothing new until its places move.
    /// Found at the first branch that stalls on locked candidates: SE's producers never do.
    locks: OnceLock<Vec<u64>>,
    /// Each candidate id's cell and digit, from the box-first tables (sides up to 32;
    /// empty past them): SE's loop reads them instead of dividing.
    split: &'static [(u16, u8)],
}

impl<S: Store> Tables<S> {
    pub fn new(ctx: &Context<'_>) -> Tables<S> {
        let shape = ctx.shape();
        let n = ctx.side();
        let cands: Vec<DigitSet> = Cell::all(shape).map(|c| ctx.candidates(c)).collect();
        let mut placed = vec![false; shape.house_count() * n];
        for h in ctx.houses() {
            let hi = h.index(shape);
            for d in ctx.placed(h) {
                placed[hi * n + d.index()] = true;
            }
        }
        let geometry = ctx.geometry().clone();
        Tables {
            shape,
            n,
            orig: S::new(&geometry, &cands),
            locks: OnceLock::new(),
            split: split_table(&geometry),
            geometry,
            placed,
        }
    }

    /// The cell and digit of candidate id `cand`.
    #[inline(always)]
    fn split(&self, cand: usize) -> (usize, usize) {
        match self.split.get(cand) {
            Some(&(c, d)) => (c as usize, d as usize),
            None => self.geometry.split(cand),
        }
    }

    pub(super) fn cand(&self, cell: usize, d: usize) -> u32 {
        self.geometry.candidate_id(cell, d)
    }
    pub(super) fn candidate(&self, id: u32) -> Candidate {
        self.geometry.candidate(id)
    }
    pub(super) fn house(&self, h: usize) -> &[u32] {
        self.geometry.house_ids(h)
    }
    fn cell_houses(&self, cell: usize) -> &[u32; 3] {
        self.geometry.cell_houses(cell)
    }
    /// The shape's geometry.
    pub(crate) fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }
    pub(super) fn cells(&self) -> usize {
        self.shape.cell_count()
    }
    /// [`Tables::locks`], found on first use, a bit a house-digit.
    fn locks(&self) -> &[u64] {
        self.locks
            .get_or_init(|| locks(&self.orig, &self.geometry, &self.placed))
    }
}

/// A false an inner chain gives in a branch stalled under [`Stall::Inner`]: the fact, the
/// branch's nodes the inner chain relies on, its complexity, the number of its inner hint
/// and its producer.
pub(crate) type InnerOff = (u32, Vec<u32>, u32, u32, InnerRule);

/// What a branch stalled under [`Stall::Inner`] asks at that level, in its position, once
/// the basics give nothing: the falses SE's inner producers give (they are `se_chains`').
pub(crate) type InnerStall<'a, S> = &'a mut dyn FnMut(u8, &S, &Nodes) -> Vec<InnerOff>;

/// The box-first candidate table of `g` if its side has one, else none.
fn split_table(g: &Geometry) -> &'static [(u16, u8)] {
    if g.side() <= BOX_FIRST_MAX_SIDE {
        &g.box_first().cand
    } else {
        &[]
    }
}

impl Tables<Bits> {
    /// These tables moved to another position of the same shape, given as a masks store,
    /// nothing placed (a pooled position reused).
    pub(crate) fn set_position(&mut self, cur: &Bits) {
        self.orig.restore_all(cur);
        self.placed.fill(false);
        self.locks = OnceLock::new();
    }

    /// The tables of a position given as a masks store, nothing placed (the positions SE's
    /// nested chains reach).
    pub(crate) fn from_store(geometry: Arc<Geometry>, orig: Bits) -> Tables<Bits> {
        let shape = geometry.shape();
        let n = orig.side();
        Tables {
            shape,
            n,
            orig,
            placed: vec![false; shape.house_count() * n],
            locks: OnceLock::new(),
            split: split_table(&geometry),
            geometry,
        }
    }
}

/// [`Tables::locks`] of the position `cur` whose houses hold `placed`, a bit a
/// house-digit.
fn locks<S: Store>(cur: &S, g: &Geometry, placed: &[bool]) -> Vec<u64> {
    let n = g.side();
    let mut locks = vec![0u64; placed.len().div_ceil(64)];
    for hd in 0..placed.len() {
        let (h, d) = (hd / n, hd % n);
        if placed[hd] || cur.count(g, h, d) < 2 {
            continue;
        }
        let mut lock = false;
        if let Some(other) = cur.locking_house(g, h, d) {
            cur.places_outside(g, other, h, d, |_| lock = true);
        }
        locks[hd / 64] |= u64::from(lock) << (hd % 64);
    }
    locks
}

/// Why a branch failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clash {
    /// A candidate forced both true (`on`) and false; `by` is the fact that would have
    /// made the second one.
    Both { cand: u32, by: u32, on: bool },
    /// A cell left without candidates.
    EmptyCell(u32),
    /// A digit left without a place in a house: house index, digit index.
    NoPlace(u32, u32),
}

/// One branch's state, over the candidates of store `S`. Facts are
/// `cand * 2 + (1 if true)`.
pub(crate) struct Branch<S = Sets> {
    cur: S,
    done: Vec<bool>,
    cell_on: Vec<bool>,
    /// The house-digits (`house * n + digit`) whose places changed since
    /// [`Self::locked_candidates`] last looked at them, a bit each: only those can lock
    /// anything new (places only go, cells only turn on), so the stall skips the rest.
    /// Marking one too many costs a look, never a different answer. Bits, not flags: a
    /// 25x25 has 1,875 house-digits and a stall finds a few moved, a word at a time.
    moved: Vec<u64>,
    /// The position's own locks ([`Tables::locks`]) are still to be added to `moved`: the
    /// branch went back to the position since the stall last ran.
    fresh: bool,
    /// Tests: the stall looks at every house-digit, as it did before `moved`.
    #[cfg(test)]
    everywhere: bool,
    /// Tests: every inner branch of [`Self::nested`] starts from a copy, as before
    /// [`Self::rewind_to`], and every candidate of a two-candidate cell gets one, as
    /// before [`Self::covered`].
    #[cfg(test)]
    copy_inner: bool,
    /// [`Self::nested`]: the candidates an inner branch made true without a clash, since
    /// the outer branch last changed, a bit each. Each one's own inner branch cannot clash
    /// either (see there), so it is not run.
    covered: Vec<u64>,
    /// [`Self::start_within`]: the candidates false at the end of an earlier nested branch
    /// that holds this one's premise, a bit each (empty: none known, every inner branch
    /// is run).
    within: Vec<u64>,
    /// The facts, in the order they were derived, with their causes (also the work
    /// queue: node indices). Under [`Effect::WhenFollowed`] a dynamic single keeps, after
    /// the false that made it, the falses followed before it that left it single (SE's
    /// hidden causes); under [`Effect::WhenDerived`] only the fact that made it.
    pub table: Nodes,
    /// The next fact to follow ([`Queue::Fifo`]), or where to look for the next false
    /// ([`Queue::TruesFirst`]).
    head: usize,
    /// Where to look for the next true ([`Queue::TruesFirst`]).
    head_on: usize,
    /// Facts at this depth are not followed (a shorter result is known).
    pub(super) limit: u16,
    pub(super) clash: Option<Clash>,
    pub(super) clash_depth: u16,
    /// A false leaves the candidates when it is followed ([`Effect::WhenFollowed`]), not
    /// when it is derived.
    deferred: bool,
    /// The digits a house holds are kept (`done`): only a contradiction rule that sees a
    /// digit without a place needs them ([`Contradiction::AnyClash`]); under SE's, a single
    /// in a house that holds its digit is a fact held already, so they are not kept.
    track_done: bool,
    /// Scratch space: a single's causes.
    causes: Vec<u32>,
}

impl<S: Store> Branch<S> {
    pub fn new(t: &Tables<S>) -> Branch<S> {
        let total = t.cells() * t.n;
        Branch {
            cur: t.orig.clone(),
            done: t.placed.clone(),
            cell_on: vec![false; t.cells()],
            moved: vec![0; (t.shape.house_count() * t.n).div_ceil(64)],
            fresh: true,
            #[cfg(test)]
            everywhere: false,
            #[cfg(test)]
            copy_inner: false,
            covered: Vec::new(),
            within: Vec::new(),
            table: Nodes::new(total * 2),
            head: 0,
            head_on: 0,
            limit: u16::MAX,
            clash: None,
            clash_depth: 0,
            deferred: false,
            track_done: true,
            causes: Vec::new(),
        }
    }

    /// On the position of `t`, whatever position the branch was on before (a pooled
    /// branch reused for another position of the same shape).
    pub(crate) fn rebase(&mut self, t: &Tables<S>) {
        self.cur.restore_all(&t.orig);
        self.done.clone_from(&t.placed);
        self.cell_on.fill(false);
        self.fresh = true;
        self.table.clear();
        self.head = 0;
        self.head_on = 0;
        self.clash = None;
    }

    /// Back to the position of `t`.
    fn reset(&mut self, t: &Tables<S>) {
        self.restore(t);
        self.table.clear();
        self.head = 0;
        self.head_on = 0;
        self.clash = None;
    }

    /// Back to the candidates and counts of `t` (the table kept).
    fn restore(&mut self, t: &Tables<S>) {
        self.fresh = true;
        // Past a few facts the whole store is copied back (SE's nets: no houses' digits
        // kept).
        if !self.track_done && self.table.nodes.len() > RESTORE_ALL_PAST {
            self.cur.restore_all(&t.orig);
            self.cell_on.fill(false);
            return;
        }
        // A false changed only its candidate in the store, a true only its cell's flag and
        // its digit's entries in the cell's houses.
        for nd in &self.table.nodes {
            let (c, d) = t.split(nd.fact as usize / 2);
            if nd.fact & 1 == 0 {
                self.cur.restore(&t.orig, &t.geometry, c, d);
                continue;
            }
            self.cell_on[c] = false;
            if self.track_done {
                for &h in t.cell_houses(c) {
                    let hd = h as usize * t.n + d;
                    self.done[hd] = t.placed[hd];
                }
            }
        }
    }

    /// What ended the branch, if anything did.
    #[cfg(test)]
    pub(crate) fn clash(&self) -> Option<Clash> {
        self.clash
    }

    #[inline]
    pub(super) fn is_set(&self, fact: u32) -> bool {
        self.table.has(fact)
    }

    /// The links from the premise to `fact` (a fact the branch holds).
    pub(super) fn depth_of(&self, fact: u32) -> u16 {
        self.table.nodes[self.table.node(fact) as usize].depth
    }

    fn fail(&mut self, c: Clash, depth: u16) {
        if self.clash.is_none() {
            self.clash = Some(c);
            self.clash_depth = depth;
        }
    }

    /// Derives `fact` from node `by` ([`NO_NODE`] for a premise).
    #[inline]
    fn set(&mut self, t: &Tables<S>, fact: u32, by: u32) {
        if by == NO_NODE {
            self.set_with(t, fact, &[], Cause::Other);
        } else {
            self.set_with(t, fact, &[by], Cause::Other);
        }
    }

    /// Derives `fact` from the nodes `causes` (the first the one that made it; none for a
    /// premise). A clash with the fact's negation keeps the second half as a node not
    /// held (as SE's nets do).
    #[inline(always)]
    fn set_with(&mut self, t: &Tables<S>, fact: u32, causes: &[u32], cause: Cause) {
        if self.clash.is_some() || self.is_set(fact) {
            return;
        }
        if self.is_set(fact ^ 1) {
            let k = self.table.push_with(fact, causes, cause, 0);
            let by = self.table.first_parent_fact(k);
            let d = self.table.nodes[k as usize].depth;
            self.fail(
                Clash::Both {
                    cand: fact / 2,
                    by,
                    on: fact & 1 == 1,
                },
                d,
            );
            return;
        }
        self.table.add_with(fact, causes, cause, 0);
        if fact & 1 == 0 && self.deferred {
            return;
        }
        let (cell, digit) = t.split((fact / 2) as usize);
        if fact & 1 == 1 {
            self.cell_on[cell] = true;
            if self.track_done {
                for &h in t.cell_houses(cell) {
                    self.done[h as usize * t.n + digit] = true;
                }
            }
        } else if !self.deferred {
            self.take_off(t, cell, digit);
        }
    }

    /// Runs the queue to its end (or a clash). Stalls as [`Stall::Stop`],
    /// [`Stall::LockedCandidates`], [`Stall::FailingBivalues`] (its locked candidates
    /// here) or [`Stall::Basics`]; under [`Stall::Inner`], when the basics give nothing,
    /// asks `inner` (SE's inner producers, `se_chains`'; none, nothing more).
    fn run(&mut self, t: &Tables<S>, rules: Rules, inner: Option<InnerStall<'_, S>>) {
        // SE's engine values take a loop of their own, with its rules' checks compiled out.
        let se = rules.queue == Queue::TruesFirst
            && rules.peers == PeerOrder::CellThenBoxRowColumn
            && rules.contradiction == Contradiction::BothOnly
            && rules.effect == Effect::WhenFollowed;
        if se {
            self.run_by::<true>(t, rules, inner);
        } else {
            self.run_by::<false>(t, rules, inner);
        }
    }

    /// [`Self::run`], `SE` telling whether `rules` are SE's engine values.
    fn run_by<const SE: bool>(
        &mut self,
        t: &Tables<S>,
        rules: Rules,
        mut inner: Option<InnerStall<'_, S>>,
    ) {
        loop {
            let mut scratch = std::mem::take(&mut self.causes);
            self.run_queue::<SE>(t, rules, &mut scratch);
            self.causes = scratch;
            if self.clash.is_some() || rules.stall == Stall::Stop {
                return;
            }
            let before = self.table.nodes.len();
            match rules.stall {
                Stall::Basics | Stall::Inner(_) => self.basics(t),
                _ => self.locked_candidates(t),
            }
            if let (Stall::Inner(level), Some(f)) = (rules.stall, inner.as_mut()) {
                if self.table.nodes.len() == before {
                    for (off, causes, weight, hint, rule) in f(level, &self.cur, &self.table) {
                        if !self.is_set(off) {
                            let k = self
                                .table
                                .add_with(off, &causes, Cause::Inner(rule), weight);
                            self.table.nodes[k as usize].hint = hint;
                            if !self.deferred {
                                let cand = (off / 2) as usize;
                                self.take_off(t, cand / t.n, cand % t.n);
                            }
                        }
                    }
                }
            }
            if self.table.nodes.len() == before {
                return;
            }
        }
    }

    /// Removes a false candidate from the branch's candidates and house counts.
    #[inline]
    fn take_off(&mut self, t: &Tables<S>, cell: usize, digit: usize) {
        self.cur.remove(&t.geometry, cell, digit);
        self.moved_at(t, cell, digit);
    }

    /// Marks the places of `digit` in `cell`'s houses as changed.
    #[inline(always)]
    fn moved_at(&mut self, t: &Tables<S>, cell: usize, digit: usize) {
        for &h in t.cell_houses(cell) {
            let hd = h as usize * t.n + digit;
            self.moved[hd / 64] |= 1 << (hd % 64);
        }
    }

    /// The next node to follow, by the queue rule.
    #[inline]
    fn next(&mut self, queue: Queue) -> Option<u32> {
        let nodes = &self.table.nodes;
        if queue == Queue::TruesFirst {
            while let Some(nd) = nodes.get(self.head_on) {
                self.head_on += 1;
                if nd.fact & 1 == 1 {
                    return Some(self.head_on as u32 - 1);
                }
            }
            while let Some(nd) = nodes.get(self.head) {
                self.head += 1;
                if nd.fact & 1 == 0 {
                    return Some(self.head as u32 - 1);
                }
            }
            return None;
        }
        if self.head < nodes.len() {
            self.head += 1;
            return Some(self.head as u32 - 1);
        }
        None
    }

    /// Follows the queue by `rules`; `SE` says they are SE's engine values (trues first,
    /// box-row-column order, a contradiction only a candidate both true and false, a
    /// false taking effect when followed), which the loop then reads as constants.
    /// `scratch` is space for a true's falses and a single's causes.
    fn run_queue<const SE: bool>(&mut self, t: &Tables<S>, rules: Rules, scratch: &mut Vec<u32>) {
        let queue = if SE { Queue::TruesFirst } else { rules.queue };
        let peers = if SE {
            PeerOrder::CellThenBoxRowColumn
        } else {
            rules.peers
        };
        while self.clash.is_none() {
            let Some(k) = self.next(queue) else {
                return;
            };
            let Node { fact: f, depth, .. } = self.table.nodes[k as usize];
            let (cell, digit) = t.split((f / 2) as usize);
            if depth >= self.limit {
                self.head = self.table.nodes.len();
                self.head_on = self.table.nodes.len();
                return;
            }
            if f & 1 == 1 {
                // The offs, gathered first: the store is read while the table grows.
                let offs = &mut *scratch;
                offs.clear();
                if rules.cell_links {
                    offs.extend(
                        self.cur
                            .digits(cell)
                            .filter(|&e| e != digit)
                            .map(|e| t.cand(cell, e) * 2),
                    );
                }
                self.cur.peers_with(&t.geometry, cell, digit, peers, |p| {
                    offs.push(t.cand(p, digit) * 2)
                });
                for &off in offs.iter() {
                    self.set(t, off, k);
                }
                continue;
            }
            // A false candidate.
            if SE {
                self.follow_false_se(t, rules, scratch, k, cell, digit);
                continue;
            }
            if self.deferred {
                self.take_off(t, cell, digit);
            }
            let any_clash = rules.contradiction == Contradiction::AnyClash;
            // A dynamic single also keeps the falses followed before it that left it single.
            let hidden = rules.dynamic && self.deferred;
            if rules.cell_links && !self.cell_on[cell] {
                if any_clash && self.cur.is_empty(cell) {
                    self.fail(Clash::EmptyCell(cell as u32), depth);
                    return;
                }
                let left = if rules.dynamic {
                    self.cur.others(cell, digit)
                } else {
                    t.orig.others(cell, digit)
                };
                if let Left::One(only) = left {
                    let on = t.cand(cell, only) * 2 + 1;
                    if hidden {
                        let (on_cell, on_digit) = (cell, only);
                        let at = ((on_cell, on_digit), (cell, digit));
                        self.single_with_causes(t, scratch, on, k, at, Cause::Cell);
                    } else {
                        self.set_with(t, on, &[k], Cause::Cell);
                    }
                }
            }
            let &[row, col, bx] = t.cell_houses(cell);
            // The houses in the rule's order, each with its place among box, row, column.
            let houses = match rules.peers {
                PeerOrder::CellThenPeers => [(row, 1), (col, 2), (bx, 0)],
                PeerOrder::CellThenBoxRowColumn => [(bx, 0), (row, 1), (col, 2)],
            };
            for (h, hi) in houses {
                if self.track_done && self.done[h as usize * t.n + digit] {
                    continue;
                }
                let (g, h) = (&t.geometry, h as usize);
                let now = self.cur.house_others(g, h, hi as usize, cell, digit);
                if now == Left::None {
                    if any_clash {
                        self.fail(Clash::NoPlace(h as u32, digit as u32), depth);
                        return;
                    }
                    continue;
                }
                let left = if rules.dynamic {
                    now
                } else {
                    t.orig.house_others(g, h, hi as usize, cell, digit)
                };
                if let Left::One(o) = left {
                    let on = t.cand(o, digit) * 2 + 1;
                    if hidden {
                        let at = ((o, digit), (cell, digit));
                        self.single_with_causes(t, scratch, on, k, at, Cause::House(hi));
                    } else {
                        self.set_with(t, on, &[k], Cause::House(hi));
                    }
                }
            }
        }
    }

    /// Follows false node `k` (candidate `digit` of `cell`) by SE's engine values: it
    /// leaves the candidates now, and the singles it leaves (the cell's, then the box's,
    /// row's and column's) become true, each with its hidden causes when dynamic.
    #[inline(always)]
    fn follow_false_se(
        &mut self,
        t: &Tables<S>,
        rules: Rules,
        scratch: &mut Vec<u32>,
        k: u32,
        cell: usize,
        digit: usize,
    ) {
        let g = &t.geometry;
        let (in_cell, in_houses) = self.cur.remove_then_left(g, cell, digit);
        self.moved_at(t, cell, digit);
        if rules.cell_links && !self.cell_on[cell] {
            let left = if rules.dynamic {
                in_cell
            } else {
                t.orig.others(cell, digit)
            };
            if let Left::One(only) = left {
                let on = t.cand(cell, only) * 2 + 1;
                if rules.dynamic {
                    let at = ((cell, only), (cell, digit));
                    self.single_with_causes(t, scratch, on, k, at, Cause::Cell);
                } else {
                    self.set_with(t, on, &[k], Cause::Cell);
                }
            }
        }
        for (kind, now) in in_houses.into_iter().enumerate() {
            if now == Left::None {
                continue;
            }
            let left = if rules.dynamic {
                now
            } else {
                t.orig.left_in(g, cell, kind, digit)
            };
            if let Left::One(o) = left {
                let on = t.cand(o, digit) * 2 + 1;
                if rules.dynamic {
                    let (at, cause) = (((o, digit), (cell, digit)), Cause::House(kind as u8));
                    self.single_with_causes(t, scratch, on, k, at, cause);
                } else {
                    self.set_with(t, on, &[k], Cause::House(kind as u8));
                }
            }
        }
    }

    /// Derives the single `on` (made by `cause`) from node `by`, the false followed last,
    /// and from the falses followed before it that left it single: the cell's other
    /// candidates, or the digit's other places in the house in the box-first geometry's
    /// order (as SE's nets keep them; under [`Effect::WhenFollowed`], so sides up to 32).
    /// `at` holds the cell and digit of `on` and of `by`; the causes are gathered in
    /// `causes`.
    #[inline(always)]
    fn single_with_causes(
        &mut self,
        t: &Tables<S>,
        causes: &mut Vec<u32>,
        on: u32,
        by: u32,
        at: ((usize, usize), (usize, usize)),
        cause: Cause,
    ) {
        let ((cell, digit), (off_cell, off_digit)) = at;
        causes.clear();
        causes.push(by);
        let table = &self.table;
        match cause {
            Cause::House(hi) => {
                let g = &t.geometry;
                self.cur
                    .gone_in_house(&t.orig, g, cell, hi as usize, digit, |c| {
                        if c != off_cell {
                            causes.push(table.node(t.cand(c, digit) * 2));
                        }
                    });
            }
            _ => self.cur.gone_in_cell(&t.orig, cell, |e| {
                if e != off_digit {
                    causes.push(table.node(t.cand(cell, e) * 2));
                }
            }),
        }
        self.set_with(t, on, causes, cause);
    }

    /// SE's basic techniques inside the branch ([`basics`](fn@super::propagation::basics), over the box-first geometry:
    /// sides up to 32): queues the falses they give, each with the falses it relies on as
    /// causes, and (as SE's nets) without testing them against the trues.
    fn basics(&mut self, t: &Tables<S>) {
        let n = t.n;
        for (off, causes) in self.cur.basics(&t.orig, &t.geometry, &self.table) {
            if !self.is_set(off) {
                self.table.add(off, &causes);
                if !self.deferred {
                    let cand = (off / 2) as usize;
                    self.take_off(t, cand / n, cand % n);
                }
            }
        }
    }

    /// Pointing and claiming inside the branch: queues the facts they give.
    fn locked_candidates(&mut self, t: &Tables<S>) {
        let s = t.shape;
        let n = t.n;
        let last = self.table.nodes.len() as u32 - 1;
        if std::mem::take(&mut self.fresh) {
            for (moved, &lock) in self.moved.iter_mut().zip(t.locks()) {
                *moved |= lock;
            }
        }
        let total = s.house_count() * n;
        #[cfg(test)]
        if self.everywhere {
            self.moved.fill(!0);
            if !total.is_multiple_of(64) {
                *self.moved.last_mut().expect("a word") = (1 << (total % 64)) - 1;
            }
        }
        // In increasing order, each bit cleared as it is taken: a house-digit that moves
        // while this runs is looked at in this pass if it comes later, in the next if not,
        // as a pass over every house-digit in turn would.
        let mut next = 0;
        while next < total {
            let (w, b) = (next / 64, next % 64);
            let bits = self.moved[w] >> b;
            if bits == 0 {
                next = (w + 1) * 64;
                continue;
            }
            let hd = next + bits.trailing_zeros() as usize;
            next = hd + 1;
            self.moved[hd / 64] &= !(1 << (hd % 64));
            let (h, d) = t.geometry.split(hd);
            if self.done[hd] {
                continue;
            }
            // Fewer than two places lock nothing: `locking_house` says so.
            let Some(other) = self.cur.locking_house(&t.geometry, h, d) else {
                continue;
            };
            // Gathered first: each false found changes the store.
            let mut off = std::mem::take(&mut self.causes);
            off.clear();
            self.cur
                .places_outside(&t.geometry, other, h, d, |c| off.push(c as u32));
            for &c in &off {
                if !self.cell_on[c as usize] {
                    self.set(t, t.cand(c as usize, d) * 2, last);
                }
            }
            self.causes = off;
        }
    }

    /// Nested: drops every live candidate of a cell with two candidates left whose own
    /// `Plus` branch fails, until a whole pass drops none. (Testing every live candidate
    /// was tried first: hundreds of inner branches per outer branch, seconds per step.)
    ///
    /// An inner branch is not run for a candidate that an earlier inner branch, on the
    /// same outer position, made true without a clash ([`Self::covered`]). HoDoKu's rules
    /// only add facts as facts are added (a cell or a house with one place left, a
    /// digit's places inside one house, a clash of any kind: each still holds, or is
    /// held already, with more facts), so the facts that follow from that candidate are
    /// among the earlier branch's, which held no clash. On the positions where a hard
    /// 36x36 had to guess, nearly nine tenths of its `explain` was these inner branches.
    fn nested(&mut self, t: &Tables<S>, inner: &mut Branch<S>, rules: Rules) {
        let plus = Rules {
            stall: Stall::LockedCandidates,
            ..rules
        };
        #[cfg(test)]
        let every_inner = self.copy_inner;
        #[cfg(not(test))]
        let every_inner = false;
        let mut covered = std::mem::take(&mut self.covered);
        covered.resize((t.cells() * t.n).div_ceil(64), 0);
        loop {
            self.run(t, plus, None);
            if self.clash.is_some() {
                break;
            }
            let last = self.table.nodes.len() as u32 - 1;
            let mut dropped = false;
            covered.fill(0);
            // Whether `inner` holds this branch's position, but for what its last run
            // derived: it then goes back by those facts alone, not by a copy of the store
            // (the copies were 15% of a hard 36x36's `explain`).
            let mut synced = false;
            for cell in 0..t.cells() {
                if self.cell_on[cell] || self.cur.len(cell) != 2 {
                    continue;
                }
                let (a, b) = {
                    let mut two = self.cur.digits(cell);
                    (two.next(), two.next())
                };
                for d in [a, b].into_iter().flatten() {
                    let x = t.cand(cell, d) as usize;
                    // Cannot clash: true or tested at the end that bounds this branch.
                    let outside = self
                        .within
                        .get(x / 64)
                        .is_some_and(|w| w >> (x % 64) & 1 == 0);
                    if (outside || covered[x / 64] >> (x % 64) & 1 == 1) && !every_inner {
                        continue;
                    }
                    if synced && !every_inner {
                        inner.rewind_to(t, self);
                    } else {
                        inner.copy_from(self);
                        synced = true;
                    }
                    inner.set(t, x as u32 * 2 + 1, NO_NODE);
                    inner.run(t, plus, None);
                    if inner.clash.is_some() {
                        self.set(t, x as u32 * 2, last);
                        synced = false;
                        dropped = true;
                        // The outer position changed: what was covered may clash now.
                        covered.fill(0);
                        break;
                    }
                    for nd in &inner.table.nodes[self.table.nodes.len()..] {
                        if nd.fact & 1 == 1 {
                            let y = nd.fact as usize / 2;
                            covered[y / 64] |= 1 << (y % 64);
                        }
                    }
                }
            }
            if !dropped {
                break;
            }
        }
        self.covered = covered;
    }

    /// Back to `o`'s position from a run that started on a copy of it ([`Self::copy_from`],
    /// `o` unchanged since): each fact the run derived puts back what it changed, from `o`.
    fn rewind_to(&mut self, t: &Tables<S>, o: &Branch<S>) {
        let keep = o.table.nodes.len();
        for nd in &self.table.nodes[keep..] {
            let (c, d) = t.split(nd.fact as usize / 2);
            if nd.fact & 1 == 0 {
                self.cur.restore(&o.cur, &t.geometry, c, d);
                continue;
            }
            self.cell_on[c] = o.cell_on[c];
            for &h in t.cell_houses(c) {
                let hd = h as usize * t.n + d;
                self.done[hd] = o.done[hd];
            }
        }
        self.table.truncate(keep);
        self.moved.clone_from(&o.moved);
        self.fresh = o.fresh;
        self.head = keep;
        self.head_on = keep;
        self.clash = None;
    }

    fn copy_from(&mut self, o: &Branch<S>) {
        self.cur.clone_from(&o.cur);
        self.done.clone_from(&o.done);
        self.cell_on.clone_from(&o.cell_on);
        // What `o` has not yet looked at: its last stall found every lock before.
        self.moved.clone_from(&o.moved);
        self.fresh = o.fresh;
        #[cfg(test)]
        {
            self.everywhere = o.everywhere;
        }
        self.table.clear();
        for nd in &o.table.nodes {
            self.table.add(nd.fact, &[]);
        }
        self.head = self.table.nodes.len();
        self.head_on = self.table.nodes.len();
        self.clash = None;
        self.deferred = o.deferred;
        self.track_done = o.track_done;
    }

    /// Starts from `fact` in the position of `t` and propagates.
    pub fn start(&mut self, t: &Tables<S>, fact: u32, mode: Mode, inner: &mut Option<Branch<S>>) {
        self.start_with(t, fact, mode.rules(), inner);
    }

    /// [`Self::start`] at [`Mode::Nested`], given the false candidates of the end of an
    /// earlier nested branch, in the same position, that held no clash and holds `fact`
    /// (if one is known). This branch then stays inside that end: each of its states
    /// holds only facts of the end (HoDoKu's rules, nested ones included, only add facts
    /// as facts are added), so an inner branch can clash only for a candidate false
    /// there; for any other, the end itself, with that candidate true or a two-candidate
    /// cell's whose inner branch it ran, held none. Only those inner branches are run:
    /// the same facts as [`Self::start`] gives, in the same order.
    pub(super) fn start_within(
        &mut self,
        t: &Tables<S>,
        fact: u32,
        inner: &mut Option<Branch<S>>,
        falses: Option<&[u32]>,
    ) {
        self.within.clear();
        if let Some(falses) = falses {
            self.within.resize((t.cells() * t.n).div_ceil(64), 0);
            for &c in falses {
                self.within[c as usize / 64] |= 1 << (c % 64);
            }
        }
        self.start_with(t, fact, Mode::Nested.rules(), inner);
        self.within.clear();
    }

    /// Starts from `fact` in the position of `t` and propagates by `rules` (SE's peer
    /// order walks the box-first geometry: sides up to 32).
    pub fn start_with(
        &mut self,
        t: &Tables<S>,
        fact: u32,
        rules: Rules,
        inner: &mut Option<Branch<S>>,
    ) {
        self.reset(t);
        self.deferred = rules.effect == Effect::WhenFollowed;
        self.track_done = rules.contradiction == Contradiction::AnyClash;
        self.set(t, fact, NO_NODE);
        if rules.stall == Stall::FailingBivalues {
            let inner = inner.get_or_insert_with(|| Branch::new(t));
            self.nested(t, inner, rules);
        } else {
            self.run(t, rules, None);
        }
    }

    /// [`Self::start_with`] on the loop written for any rules, even SE's engine values (a
    /// test holds SE's own loop to it).
    #[cfg(test)]
    pub(crate) fn start_generic(&mut self, t: &Tables<S>, fact: u32, rules: Rules) {
        self.reset(t);
        self.deferred = rules.effect == Effect::WhenFollowed;
        self.track_done = rules.contradiction == Contradiction::AnyClash;
        self.set(t, fact, NO_NODE);
        self.run_by::<false>(t, rules, None);
    }

    /// Starts from `fact` in the position of `t`, propagates by `rules` into `table` (its
    /// nodes replaced), and leaves the branch as it found it: SE's producers keep a table
    /// per assumption and run them all on one branch. Gives the contradiction, if the
    /// branch ended in one, as the nodes of its candidate's true and false (the second
    /// half not held, as in [`Self::set_with`]); `rules` stall as [`Self::run`] does.
    pub(crate) fn run_into(
        &mut self,
        t: &Tables<S>,
        fact: u32,
        rules: Rules,
        table: &mut Nodes,
        inner: Option<InnerStall<'_, S>>,
    ) -> Option<(u32, u32)> {
        self.reset(t);
        table.clear();
        std::mem::swap(&mut self.table, table);
        self.deferred = rules.effect == Effect::WhenFollowed;
        self.track_done = rules.contradiction == Contradiction::AnyClash;
        self.set(t, fact, NO_NODE);
        self.run(t, rules, inner);
        let absurd = match self.clash {
            Some(Clash::Both { .. }) => {
                let v = self.table.nodes.len() as u32 - 1;
                let f = self.table.nodes[v as usize].fact;
                let other = self.table.node(f ^ 1);
                Some(if f & 1 == 1 { (v, other) } else { (other, v) })
            }
            _ => None,
        };
        self.restore(t);
        std::mem::swap(&mut self.table, table);
        absurd
    }

    /// Starts from `premise` in the position of `t` and keeps everything it implies in
    /// `mode`, through chains of at most `max_links` links.
    pub fn implied(&mut self, t: &Tables<S>, premise: u32, mode: Mode, max_links: u16) -> Implied {
        let keep = self.limit;
        self.limit = max_links;
        self.start(t, premise, mode, &mut None);
        self.limit = keep;
        let table = &self.table;
        let mut facts: Vec<(u32, u32, u16)> = (0..table.nodes.len() as u32)
            .filter(|&k| table.node(table.nodes[k as usize].fact) == k)
            .map(|k| {
                let nd = table.nodes[k as usize];
                (nd.fact, table.first_parent_fact(k), nd.depth)
            })
            .collect();
        facts.sort_unstable();
        Implied { premise, facts }
    }

    /// The chain of facts from the premise to `fact`, as links.
    pub(super) fn chain_to(&self, t: &Tables<S>, fact: u32) -> Vec<Link> {
        let k = self.table.node(fact);
        if k == NO_NODE {
            return Vec::new();
        }
        self.table
            .path_to(k)
            .windows(2)
            .map(|w| Link::new(t.candidate(w[0] / 2), t.candidate(w[1] / 2), w[1] & 1 == 1))
            .collect()
    }

    /// The branches that show the clash.
    pub(super) fn clash_chains(&self, t: &Tables<S>) -> Vec<Vec<Link>> {
        match self.clash {
            None => Vec::new(),
            Some(Clash::Both { cand, by, on }) => {
                let mut second = self.chain_to(t, by);
                second.push(Link::new(t.candidate(by / 2), t.candidate(cand), on));
                vec![self.chain_to(t, cand * 2 + u32::from(!on)), second]
            }
            Some(Clash::EmptyCell(cell)) => t
                .orig
                .digits(cell as usize)
                .map(|d| self.chain_to(t, t.cand(cell as usize, d) * 2))
                .collect(),
            Some(Clash::NoPlace(h, d)) => t
                .house(h as usize)
                .iter()
                .filter(|&&c| t.orig.has(c as usize, d as usize))
                .map(|&c| self.chain_to(t, t.cand(c as usize, d as usize) * 2))
                .collect(),
        }
    }
}

/// Everything one premise implies (see [`Branch::implied`]): its facts with the fact each
/// came from, kept so that the chain to any of them can be drawn later without running the
/// branch again (kraken fish ask many premises about many targets).
pub(crate) struct Implied {
    premise: u32,
    /// (fact, parent fact, depth), sorted by fact; the premise is its own parent.
    facts: Vec<(u32, u32, u16)>,
}

impl Implied {
    fn get(&self, fact: u32) -> Option<(u32, u16)> {
        self.facts
            .binary_search_by_key(&fact, |e| e.0)
            .ok()
            .map(|i| (self.facts[i].1, self.facts[i].2))
    }

    /// The links from the premise to `fact`, if it is implied.
    pub fn depth(&self, fact: u32) -> Option<u16> {
        self.get(fact).map(|(_, d)| d)
    }

    /// The facts implied (the premise included), as `candidate * 2 + (1 if true)`, each
    /// with its number of links from the premise.
    pub fn facts(&self) -> impl Iterator<Item = (u32, u16)> + '_ {
        self.facts.iter().map(|e| (e.0, e.2))
    }

    /// The chain from the premise to `fact` (empty when `fact` is not implied).
    pub fn chain_to(&self, t: &Tables, fact: u32) -> Vec<Link> {
        let mut facts = Vec::new();
        let mut f = fact;
        while let Some((parent, _)) = self.get(f) {
            facts.push(f);
            if f == self.premise || parent == f {
                break;
            }
            f = parent;
        }
        facts.reverse();
        facts
            .windows(2)
            .map(|w| Link {
                from: t.candidate(w[0] / 2).into(),
                to: t.candidate(w[1] / 2).into(),
                strong: w[1] & 1 == 1,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Format;
    use crate::grid::{Board, Grid};

    /// Every node of a table: its fact and its causes' facts.
    fn rows(t: &Nodes) -> Vec<(u32, Vec<u32>)> {
        (0..t.nodes.len() as u32)
            .map(|k| {
                let causes = t.parents(k).iter().map(|&p| t.nodes[p as usize].fact);
                (t.nodes[k as usize].fact, causes.collect())
            })
            .collect()
    }

    /// From every candidate of `line`'s raw position (locked candidates of its own), at the
    /// Plus and Nested scales: the stall that looks only where places moved, with nested
    /// inner branches rewound, derives what a look at every house-digit on inner
    /// branches copied afresh derives, node for node. Gives the starts compared and
    /// whether the position locks anything itself.
    fn same_as_looking_everywhere<S: Store>(line: &str, nested_every: usize) -> (usize, bool) {
        let board = Board::new(&Grid::from_line(line).unwrap());
        let ctx = Context::new(&board);
        let t: Tables<S> = Tables::new(&ctx);
        let (mut moved, mut everywhere) = (Branch::new(&t), Branch::new(&t));
        everywhere.everywhere = true;
        everywhere.copy_inner = true;
        let (mut inner, mut inner_everywhere) = (None, None);
        let mut compared = 0;
        for cand in 0..t.cells() * t.n {
            let (cell, d) = (cand / t.n, cand % t.n);
            if !t.orig.has(cell, d) {
                continue;
            }
            for mode in [Mode::Plus, Mode::Nested] {
                if mode == Mode::Nested && cand % nested_every != 0 {
                    continue;
                }
                for start in [t.cand(cell, d) * 2 + 1, t.cand(cell, d) * 2] {
                    moved.start(&t, start, mode, &mut inner);
                    everywhere.start(&t, start, mode, &mut inner_everywhere);
                    let at = format!("{line}, {mode:?} from {start}");
                    assert_eq!(rows(&moved.table), rows(&everywhere.table), "{at}");
                    assert_eq!(moved.clash(), everywhere.clash(), "{at}");
                    if compared % 7 == 0 {
                        crate::logic::propagation::locking_as_found_cell_by_cell(
                            &moved.cur,
                            &t.geometry,
                            &at,
                        );
                    }
                    compared += 1;
                }
            }
        }
        (compared, t.locks().iter().any(|&w| w != 0))
    }

    /// From every `every`-th candidate of `line`'s raw position, in the nested finder's
    /// order (cells with few candidates first), both ways: a nested branch started inside
    /// the smallest end that holds its premise ([`Branch::start_within`]) derives what one
    /// that runs every inner branch derives, node for node. Gives how many were bounded.
    fn nested_inside_ends_as_found<S: Store>(line: &str, every: usize) -> usize {
        let board = Board::new(&Grid::from_line(line).unwrap());
        let ctx = Context::new(&board);
        let t: Tables<S> = Tables::new(&ctx);
        let (mut within, mut plain) = (Branch::new(&t), Branch::new(&t));
        plain.copy_inner = true;
        let (mut inner, mut inner_plain) = (None, None);
        let mut ends = super::super::nested::Ends::new(t.cells() * t.n);
        let mut live: Vec<u32> = (0..t.cells() * t.n)
            .filter(|&x| t.orig.has(x / t.n, x % t.n))
            .map(|x| x as u32)
            .collect();
        live.sort_by_key(|&x| t.orig.len(x as usize / t.n));
        let mut bounded = 0;
        for &x in live.iter().step_by(every) {
            for start in [x * 2 + 1, x * 2] {
                let end = ends.holding(start);
                bounded += usize::from(end.is_some());
                within.start_within(&t, start, &mut inner, end);
                plain.start(&t, start, Mode::Nested, &mut inner_plain);
                let at = format!("{line}, nested from {start}");
                assert_eq!(rows(&within.table), rows(&plain.table), "{at}");
                assert_eq!(within.clash(), plain.clash(), "{at}");
                if within.clash().is_none() {
                    ends.add(&within.table);
                }
            }
        }
        bounded
    }

    #[test]
    fn nested_branches_inside_earlier_ends_derive_the_same() {
        let nines = [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        ];
        let mut bounded = 0;
        for line in nines {
            bounded += nested_inside_ends_as_found::<Sets>(line, 2);
            bounded += nested_inside_ends_as_found::<Bits>(line, 2);
        }
        assert!(bounded > 50, "{bounded}");
    }

    #[test]
    fn locked_candidates_look_only_where_places_moved() {
        let nines = [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        ];
        let (mut compared, mut locking) = (0, 0);
        let mut count = |(n, locks): (usize, bool)| {
            compared += n;
            locking += usize::from(locks);
        };
        for line in nines {
            count(same_as_looking_everywhere::<Sets>(line, 3));
            count(same_as_looking_everywhere::<Bits>(line, 3));
        }
        // A generated puzzle of `shape` as a line.
        let generated = |shape: Shape, seed: u64| {
            let p = crate::generate::Generator::new(shape)
                .seed(seed)
                .generate(0)
                .unwrap()
                .puzzle;
            crate::format::write(&crate::format::Puzzle::new(p), Format::Line).unwrap()
        };
        let sixteen = generated(Shape::new(4, 4).unwrap(), 1);
        count(same_as_looking_everywhere::<Bits>(sixteen.trim(), 29));
        // Boxes wider than tall: a row crosses a box in four cells, a column in three.
        let twelve = generated(Shape::new(3, 4).unwrap(), 2);
        count(same_as_looking_everywhere::<Sets>(twelve.trim(), 13));
        count(same_as_looking_everywhere::<Bits>(twelve.trim(), 13));
        assert!(compared > 2000 && locking >= 2, "{compared} {locking}");
    }
}
