//! Sudoku Explainer's chaining producers, for [`super::Order::Explainer`] and the SE rating.
//!
//! SE rates a chaining step by its producer's base and the *complexity* of the proof, so
//! to agree with its ratings the chains have to be found the way SE finds them. This file
//! follows SE's procedure (reimplemented from its description, not its code):
//!
//! # Potentials
//! A potential is a candidate assumed true ("on") or false ("off"). From an assumption,
//! implications are followed breadth first, each derived potential remembering its
//! parents:
//! - on → off: the cell's other candidates (not for X-only and Nishio searches) and the
//!   digit in the cell's box, row and column (in that order);
//! - off → on: the other candidate of a cell with two left (not for X-only and Nishio),
//!   and the other place of the digit in a box, row or column with two left. Static
//!   searches count in the position as it is (bivalue cells, conjugate pairs); dynamic ones
//!   in the position as modified by the offs derived so far, and then the offs that made
//!   the single are *hidden parents* of the new on.
//!
//! The complexity of a conclusion is the number of distinct potentials among its
//! ancestors (itself included), summed over the branches of a multiple chain. The
//! difficulty is the producer's base plus the length bonus ([`length_bonus`]).
//!
//! # Producers ([`Group`]), each yielding its cheapest step
//! - Forcing chains and cycles (static, one branch): bidirectional cycles (X: one digit,
//!   Y: bivalue cells, XY: both; 6.5, or 7.0 when both kinds of link are allowed) and
//!   forcing chains where a candidate on leads to itself off or off to itself on (6.6 for
//!   X links only, 7.0 otherwise).
//! - Nishio (7.5): dynamic, one digit's links only; a candidate on or off leads to a
//!   contradiction.
//! - Multiple forcing chains (8.0): static; cell forcing (every candidate of a cell with
//!   three or more) and region forcing (every place of a digit in a house) agree.
//! - Dynamic forcing chains (8.5): dynamic; contradictions, double implications (a
//!   candidate on and off agree, cells with three or more candidates), cell and region
//!   forcing.
//! - Dynamic (+) (9.0): dynamic, and when propagation stalls, locked candidates, hidden
//!   and naked pairs and X-Wings inside the branch give more offs.
//! - Nested forcing chains, level 2 (9.5), 3 (10.0), 4 (10.5) and 5 (11.0): the Dynamic (+)
//!   producer whose nets, when propagation and the basic techniques stall, also run inner
//!   producers on the net's position (the candidates it has left): static forcing chains
//!   from level 2, static cell and region forcing from 3, dynamic forcing
//!   chains from 4, Dynamic (+) chains at 5, the first of these that gives anything (see
//!   [`nested_offs`]). An off an inner chain gives has as parents the net's offs that the
//!   inner chain's links need (the cell candidates or house places its singles count on,
//!   which the net removed), and adds the inner chain's complexity to every proof that
//!   passes through it, so nested proofs reach SE's 10.x and 11.x. One technique
//!   ([`Technique::NestedForcingChain`]) stands for all levels; the step's SE difficulty
//!   says which base it had. Levels run the same nets again, so inner hints are kept per
//!   position; the search watches the rater's deadline ([`Search`]).
//!
//! Every producer collects all its steps on the position, sorts them by difficulty, then
//! complexity, then kind, and gives the first.
//!
//! # Speed of the nested levels
//! Nearly all the time of the hardest ratings goes to the inner producers, run on
//! hundreds of thousands of net positions. What makes them cheaper, always with the same
//! steps (the searches and their order are unchanged; only searches that cannot give
//! anything are skipped):
//! - Static links are a 2-SAT implication graph; one pass ([`Reach`]: Tarjan's components,
//!   each with the set of nodes it reaches) tells which potentials lead to their own
//!   negation, so the inner forcing-chain search runs only from those (0.14% of the 168M
//!   searches found a chain before), and which cell/region groups' static nets can share a
//!   potential (2% do), so only their nets are made.
//! - Nets keep a bit set of their potentials: groups and double implications whose nets
//!   share nothing are skipped at once (97% of groups in inner dynamic chains).
//! - Nets walk place masks and candidate bits, not peer lists; Dynamic (+) locked
//!   candidates are one mask test per house and digit.
//!
//! Tried without gain: bounding inner offs by the best step's complexity (the bounds are
//! loose: at level 4 almost every inner search runs with a limit over 160); resuming level
//! L-1 nets at level L (the rerun is mostly cached inner hints); precomputed on-link
//! tables; an 8x larger inner-hint cache (10% fewer misses). Cutting inner dynamic nets at
//! the limit is not exact (a pruned node changes which parents later nodes get).
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::step::{Evidence, InnerChain, Link, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit, House};
use crate::shape::Shape;
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;
use std::rc::Rc;
use std::time::Instant;

/// An SE chaining producer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Group {
    /// Forcing chains and bidirectional cycles.
    Cycles,
    Nishio,
    Multiple,
    Dynamic,
    Plus,
    /// Nested forcing chains, levels 2 to 5 (the first level with a step wins).
    Nested,
}

/// The SE producer a chaining technique stands for in the Explainer order.
pub(crate) fn group_of(t: Technique) -> Option<Group> {
    use Technique::*;
    Some(match t {
        XChain | XyChain | ContinuousNiceLoop | DiscontinuousNiceLoop | Aic => Group::Cycles,
        Nishio => Group::Nishio,
        MultipleForcingChain => Group::Multiple,
        DynamicForcingChain => Group::Dynamic,
        DynamicForcingChainPlus => Group::Plus,
        NestedForcingChain => Group::Nested,
        _ => return None,
    })
}

/// SE's bonus for a proof of `complexity` potentials: 0.1 for each of 4, 6, 8, 12, 16,
/// 24, … (alternately ×3/2 and ×4/3) that `complexity − 2` exceeds. Summed as SE sums it
/// (its sorting compares these sums).
pub fn length_bonus(complexity: usize) -> f64 {
    let len = complexity as i64 - 2;
    let mut added = 0.0;
    let mut ceil = 4i64;
    let mut odd = false;
    while len > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The smallest complexity whose bonus exceeds `bonus` (for bounding searches).
fn complexity_limit(base: f64, best: f64) -> usize {
    if !best.is_finite() || base > best {
        return if base > best { 0 } else { usize::MAX };
    }
    // The bonus steps up just past each ceiling: walk the ceilings.
    let mut ceil = 4usize;
    let mut odd = false;
    loop {
        let c = ceil + 3; // the smallest complexity past this ceiling
        if base + length_bonus(c) > best {
            return c;
        }
        if ceil > 1 << 20 {
            return usize::MAX;
        }
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
}

const NONE: u32 = u32::MAX;

/// Whether `x` has exactly two bits set (without `count_ones`, which is no single
/// instruction on the baseline x86-64 target, and these tests are in the hottest loops).
#[inline]
fn two(x: u64) -> bool {
    let rest = x & x.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// Whether `x` has two bits set or more.
#[inline]
fn several(x: u64) -> bool {
    x & x.wrapping_sub(1) != 0
}

/// The fixed geometry and the candidates of one position (the geometry shared with the
/// positions nested chains derive from it).
struct Pos<'s> {
    /// The search this position belongs to (its caches, pool and deadline).
    search: &'s Search,
    n: usize,
    /// Per cell: its box, row and column (indices into `house_cells`).
    houses: Rc<[[u16; 3]]>,
    /// Boxes `0..n`, rows `n..2n`, columns `2n..3n`, each cell list in house order.
    house_cells: Rc<[Vec<u16>]>,
    /// Per cell: its box's other cells, then its row's and its column's outside the box.
    peers: Rc<[Vec<u16>]>,
    orig: Vec<u64>,
    cur: Vec<u64>,
    touched: Vec<u16>,
    /// The places of each digit in each house (`house * n + digit`), in `orig` and `cur`.
    pl_orig: Vec<u32>,
    pl_cur: Vec<u32>,
    /// Per cell: its position in its box, row and column.
    hpos: Rc<[[u8; 3]]>,
    /// Per cell: the positions in its row, and in its column, of the cells in its box.
    near: Rc<[[u32; 2]]>,
    /// Per house, position in it and kind of house (box, row, column): the positions of
    /// the house that share that kind of house with it (`(house * n + i) * 3 + kind`).
    inter: Rc<[u32]>,
    /// Per candidate (`cell * n + digit`): its cell and digit (no division in hot loops).
    cand: Rc<[(u16, u8)]>,
}

/// The fixed geometry of a shape that positions share (see [`Pos`]), made once per shape
/// and thread: producers run on every step of every rating.
#[derive(Clone)]
struct Geometry {
    houses: Rc<[[u16; 3]]>,
    house_cells: Rc<[Vec<u16>]>,
    peers: Rc<[Vec<u16>]>,
    hpos: Rc<[[u8; 3]]>,
    near: Rc<[[u32; 2]]>,
    inter: Rc<[u32]>,
    cand: Rc<[(u16, u8)]>,
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.side();
        let ncell = shape.cell_count();
        let mut house_cells = Vec::with_capacity(3 * n);
        for kind in 0..3 {
            for i in 0..n {
                let h = match kind {
                    0 => House::Block(crate::index::Block::new(i)),
                    1 => House::Row(crate::index::Row::new(i)),
                    _ => House::Col(crate::index::Col::new(i)),
                };
                house_cells.push(h.cells(shape).map(|c| c.index() as u16).collect::<Vec<_>>());
            }
        }
        let mut houses = Vec::with_capacity(ncell);
        let mut peers = Vec::with_capacity(ncell);
        for c in 0..ncell {
            let cell = Cell::new(c);
            let b = cell.block(shape).index();
            let r = cell.row(shape).index();
            let co = cell.col(shape).index();
            let hs = [b as u16, (n + r) as u16, (2 * n + co) as u16];
            let mut ps: Vec<u16> = Vec::new();
            for (k, &h) in hs.iter().enumerate() {
                for &x in &house_cells[h as usize] {
                    if x as usize == c {
                        continue;
                    }
                    if k > 0 && Cell::new(x as usize).block(shape).index() == b {
                        continue;
                    }
                    ps.push(x);
                }
            }
            houses.push(hs);
            peers.push(ps);
        }
        let mut hpos = vec![[0u8; 3]; ncell];
        for (h, cells) in house_cells.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                hpos[c as usize][h / n] = i as u8;
            }
        }
        let near: Vec<[u32; 2]> = (0..ncell)
            .map(|c| {
                let mut m = [0u32; 2];
                for (k, mk) in m.iter_mut().enumerate() {
                    for (i, &x) in house_cells[houses[c][k + 1] as usize].iter().enumerate() {
                        if houses[x as usize][0] == houses[c][0] {
                            *mk |= 1 << i;
                        }
                    }
                }
                m
            })
            .collect();
        let mut inter = vec![0u32; 3 * n * n * 3];
        for (h, cells) in house_cells.iter().enumerate() {
            for (i, &a) in cells.iter().enumerate() {
                for k in 0..3 {
                    for (j, &b) in cells.iter().enumerate() {
                        if houses[a as usize][k] == houses[b as usize][k] {
                            inter[(h * n + i) * 3 + k] |= 1 << j;
                        }
                    }
                }
            }
        }
        Geometry {
            houses: houses.into(),
            house_cells: house_cells.into(),
            peers: peers.into(),
            hpos: hpos.into(),
            near: near.into(),
            inter: inter.into(),
            cand: (0..ncell * n)
                .map(|k| ((k / n) as u16, (k % n) as u8))
                .collect(),
        }
    }
}

impl<'s> Pos<'s> {
    fn new(ctx: &Context<'_>, search: &'s Search) -> Pos<'s> {
        let n = ctx.side();
        let ncell = ctx.shape().cell_count();
        let geo = search.geometry(ctx.shape());
        let orig: Vec<u64> = (0..ncell)
            .map(|c| {
                let mut m = 0u64;
                for d in ctx.candidates(Cell::new(c)) {
                    m |= 1 << d.index();
                }
                if ctx.value(Cell::new(c)).is_some() {
                    0
                } else {
                    m
                }
            })
            .collect();
        let mut pos = Pos {
            search,
            n,
            near: geo.near,
            inter: geo.inter,
            houses: geo.houses,
            house_cells: geo.house_cells,
            peers: geo.peers,
            cur: orig.clone(),
            orig,
            touched: Vec::new(),
            pl_orig: Vec::new(),
            pl_cur: Vec::new(),
            hpos: geo.hpos,
            cand: geo.cand,
        };
        pos.pl_orig = pos.place_masks(&pos.orig);
        pos.pl_cur = pos.pl_orig.clone();
        pos
    }

    fn pot(&self, cell: usize, d: usize, on: bool) -> u32 {
        ((cell * self.n + d) * 2 + usize::from(on)) as u32
    }
    fn cell_of(&self, pot: u32) -> usize {
        self.cand[pot as usize / 2].0 as usize
    }
    fn digit_of(&self, pot: u32) -> usize {
        self.cand[pot as usize / 2].1 as usize
    }
    fn candidate(&self, pot: u32) -> Candidate {
        Candidate::new(
            Cell::new(self.cell_of(pot)),
            Digit::from_index(self.digit_of(pot)),
        )
    }
    fn npot(&self) -> usize {
        self.orig.len() * self.n * 2
    }
    /// The position as an outer net left it, as a position of its own (nested chains).
    fn derived(&self) -> Pos<'s> {
        Pos {
            search: self.search,
            n: self.n,
            houses: self.houses.clone(),
            house_cells: self.house_cells.clone(),
            peers: self.peers.clone(),
            orig: self.cur.clone(),
            cur: self.cur.clone(),
            touched: Vec::new(),
            pl_orig: self.pl_cur.clone(),
            pl_cur: self.pl_cur.clone(),
            hpos: self.hpos.clone(),
            near: self.near.clone(),
            inter: self.inter.clone(),
            cand: self.cand.clone(),
        }
    }
    fn restore(&mut self) {
        if self.touched.is_empty() {
            return;
        }
        for &c in &self.touched {
            self.cur[c as usize] = self.orig[c as usize];
        }
        self.touched.clear();
        self.pl_cur.copy_from_slice(&self.pl_orig);
    }
    /// The places of digit `d` in house `h` (as positions in the house), in `grid`.
    fn places_orig(&self, h: usize, d: usize) -> u32 {
        self.pl_orig[h * self.n + d]
    }
    fn places_cur(&self, h: usize, d: usize) -> u32 {
        self.pl_cur[h * self.n + d]
    }
    /// Removes a candidate from `cur` (restored by [`Pos::restore`]).
    fn remove(&mut self, cell: usize, d: usize) {
        self.cur[cell] &= !(1u64 << d);
        self.touched.push(cell as u16);
        for hi in 0..3 {
            let h = self.houses[cell][hi] as usize;
            self.pl_cur[h * self.n + d] &= !(1u32 << self.hpos[cell][hi]);
        }
    }
    /// The place masks of `grid`, see `pl_orig`.
    fn place_masks(&self, grid: &[u64]) -> Vec<u32> {
        let mut v = vec![0u32; 3 * self.n * self.n];
        for h in 0..3 * self.n {
            for d in 0..self.n {
                v[h * self.n + d] = self.places(grid, h, d);
            }
        }
        v
    }
    fn places(&self, grid: &[u64], h: usize, d: usize) -> u32 {
        let mut m = 0u32;
        for (i, &c) in self.house_cells[h].iter().enumerate() {
            if grid[c as usize] >> d & 1 == 1 {
                m |= 1 << i;
            }
        }
        m
    }
}

/// Inner hints per (position, inner rule), with the limit they were found under.
type InnerCache = HashMap<(Vec<u64>, u8), (usize, Rc<Vec<Inner>>)>;

/// Positions kept in [`Search::inner_cache`] before it starts again.
const INNER_CACHE_SIZE: usize = 5_000;

/// One potential derived in a net, with its parents (indices into the net's arena).
#[derive(Clone, Copy)]
struct Node {
    potential: u32,
    /// Where the node's parents start in the net's parent list, and how many there are.
    parents_from: u32,
    parents_len: u32,
    /// How it was derived (nested chains use it to find what a link relies on).
    cause: Cause,
    /// The complexity of the inner chain that derived this off (nested levels), else 0.
    weight: u32,
    /// Which inner hint derived it (nested levels; numbered per net), else `NONE`.
    hint: u32,
}

/// How a net derived a potential.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cause {
    /// An on, the last place of its digit in house `0..3` of its cell (box, row, column).
    House(u8),
    /// An on, the last candidate of its cell.
    Cell,
    /// An off an inner chain gave (nested levels).
    Inner(InnerRule),
    /// Any other link.
    Other,
}

/// The inner producer that gave an off in a nested chain.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum InnerRule {
    /// A static forcing chain with X links only (rated 6.6 and up).
    XChain,
    /// A static forcing chain with Y links (7.0 and up).
    ForcingChain,
    /// Static cell or region forcing.
    Multiple,
    /// A dynamic forcing chain.
    Dynamic,
    /// A Dynamic (+) chain.
    Plus,
}

impl InnerRule {
    /// The technique a step names for inner chains of this rule.
    fn technique(self) -> Technique {
        match self {
            InnerRule::XChain => Technique::XChain,
            InnerRule::ForcingChain => Technique::DiscontinuousNiceLoop,
            InnerRule::Multiple => Technique::MultipleForcingChain,
            InnerRule::Dynamic => Technique::DynamicForcingChain,
            InnerRule::Plus => Technique::DynamicForcingChainPlus,
        }
    }
}

/// The potentials one assumption leads to (SE's on and off sets, with parents).
struct Net {
    idx: Vec<u32>,
    /// The potentials in `idx`, as a bit set (to tell quickly whether nets meet).
    bits: Vec<u64>,
    nodes: Vec<Node>,
    par: Vec<u32>,
    /// The contradiction that stopped the net: the on and the off node of one candidate.
    absurd: Option<(u32, u32)>,
    /// Scratch space of [`run_net`]: the queues of ons and offs to follow, a buffer, and
    /// the ons an off makes (potential, cause, range of parents in the buffer).
    q_on: VecDeque<u32>,
    q_off: VecDeque<u32>,
    buf: Vec<u32>,
    made: Vec<(u32, Cause, u32, u32)>,
    /// The number of inner hints used so far (nested levels).
    next_hint: u32,
}

impl Net {
    fn new(npot: usize) -> Net {
        Net {
            idx: vec![NONE; npot],
            bits: vec![0; npot.div_ceil(64)],
            nodes: Vec::new(),
            par: Vec::new(),
            absurd: None,
            q_on: VecDeque::new(),
            q_off: VecDeque::new(),
            buf: Vec::new(),
            made: Vec::new(),
            next_hint: 0,
        }
    }
    fn reset(&mut self) {
        for nd in &self.nodes {
            self.idx[nd.potential as usize] = NONE;
        }
        self.bits.fill(0);
        self.nodes.clear();
        self.par.clear();
        self.absurd = None;
        self.next_hint = 0;
    }
    /// Whether the net holds `pot` (from the bit set: it stays in cache, `idx` may not).
    #[inline]
    fn has(&self, pot: u32) -> bool {
        self.bits[pot as usize / 64] >> (pot % 64) & 1 == 1
    }
    fn node(&self, pot: u32) -> u32 {
        self.idx[pot as usize]
    }
    /// A node not registered in the set (a contradiction's second half).
    fn push(&mut self, pot: u32, parents: &[u32]) -> u32 {
        self.push_with(pot, parents, Cause::Other, 0)
    }
    fn push_with(&mut self, pot: u32, parents: &[u32], cause: Cause, weight: u32) -> u32 {
        let k = self.nodes.len() as u32;
        self.nodes.push(Node {
            potential: pot,
            parents_from: self.par.len() as u32,
            parents_len: parents.len() as u32,
            cause,
            weight,
            hint: NONE,
        });
        // Mostly one parent: a push, not a copy call.
        if let [one] = parents {
            self.par.push(*one);
        } else {
            self.par.extend_from_slice(parents);
        }
        k
    }
    fn add(&mut self, pot: u32, parents: &[u32]) -> u32 {
        self.add_with(pot, parents, Cause::Other, 0)
    }
    #[inline]
    fn add_with(&mut self, pot: u32, parents: &[u32], cause: Cause, weight: u32) -> u32 {
        let k = self.push_with(pot, parents, cause, weight);
        self.idx[pot as usize] = k;
        self.bits[pot as usize / 64] |= 1 << (pot % 64);
        k
    }
    /// Whether this net and `other` hold a potential in common.
    fn meets(&self, other: &Net) -> bool {
        self.bits.iter().zip(&other.bits).any(|(a, b)| a & b != 0)
    }
    /// An off that inner hint `hint` of complexity `weight` gave (nested levels).
    fn add_nested(
        &mut self,
        pot: u32,
        parents: &[u32],
        weight: u32,
        hint: u32,
        rule: InnerRule,
    ) -> u32 {
        let k = self.add_with(pot, parents, Cause::Inner(rule), weight);
        self.nodes[k as usize].hint = hint;
        k
    }
    fn parents(&self, k: u32) -> &[u32] {
        let nd = self.nodes[k as usize];
        &self.par[nd.parents_from as usize..(nd.parents_from + nd.parents_len) as usize]
    }
    /// Calls `f` once on each ancestor of node `k` (itself included).
    fn for_each_ancestor(&self, k: u32, mut f: impl FnMut(&Node)) {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![k];
        while let Some(x) = stack.pop() {
            if std::mem::replace(&mut seen[x as usize], true) {
                continue;
            }
            f(&self.nodes[x as usize]);
            stack.extend_from_slice(self.parents(x));
        }
    }
    /// The chain from the assumption to node `k` along first parents, as links.
    fn links(&self, pos: &Pos, k: u32) -> Vec<Link> {
        let mut path = vec![k];
        let mut x = k;
        while let Some(&p) = self.parents(x).first() {
            path.push(p);
            x = p;
        }
        path.reverse();
        path.windows(2)
            .map(|w| {
                let (a, b) = (
                    self.nodes[w[0] as usize].potential,
                    self.nodes[w[1] as usize].potential,
                );
                Link::new(pos.candidate(a), pos.candidate(b), b & 1 == 1)
            })
            .collect()
    }
}

/// Counts distinct potentials among ancestors, with a generation stamp per potential.
struct Counter {
    stamp: Vec<u32>,
    gen: u32,
    stack: Vec<u32>,
    hints: Vec<u32>,
}

impl Counter {
    fn new(npot: usize) -> Counter {
        Counter {
            stamp: vec![0; npot],
            gen: 0,
            stack: Vec::new(),
            hints: Vec::new(),
        }
    }
    fn count(&mut self, net: &Net, k: u32) -> usize {
        self.hints.clear();
        self.count_more(net, k)
    }
    /// Like [`Counter::count`], but inner hints already counted (in the same net) count
    /// no more.
    fn count_more(&mut self, net: &Net, k: u32) -> usize {
        self.gen += 1;
        let g = self.gen;
        let mut n = 0;
        self.stack.clear();
        self.stack.push(k);
        while let Some(x) = self.stack.pop() {
            let p = net.nodes[x as usize].potential as usize;
            if self.stamp[p] == g {
                continue;
            }
            self.stamp[p] = g;
            n += 1;
            let nd = net.nodes[x as usize];
            // An inner hint counts once however many of its offs the proof uses.
            if nd.weight > 0 && !self.hints.contains(&nd.hint) {
                self.hints.push(nd.hint);
                n += nd.weight as usize;
            }
            self.stack.extend_from_slice(net.parents(x));
        }
        n
    }
}

/// How a net propagates.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Rules {
    /// Cell links (Y): on → the cell's other candidates off; bivalue off → on.
    y: bool,
    /// Singles in the position as modified by the net (SE's dynamic chains).
    dynamic: bool,
    /// When propagation stalls: 1 (Dynamic (+)) the basic techniques, 2 to 5 (nested)
    /// also inner chains on the net's position (see [`nested_offs`]); 0 nothing.
    level: u8,
    /// Inner chains more complex than this are of no use (a bound from the best step).
    limit: usize,
}

/// Fills `net` from `start` (SE's chaining of one assumption).
fn run_net(pos: &mut Pos, net: &mut Net, start: u32, rules: Rules) {
    net.reset();
    let root = net.add(start, &[]);
    // Scratch space kept in the net between runs.
    let mut q_on = std::mem::take(&mut net.q_on);
    let mut q_off = std::mem::take(&mut net.q_off);
    let mut buf = std::mem::take(&mut net.buf);
    let mut made = std::mem::take(&mut net.made);
    q_on.clear();
    q_off.clear();
    if start & 1 == 1 {
        q_on.push_back(root);
    } else {
        q_off.push_back(root);
    }
    'run: loop {
        if let Some(p) = q_on.pop_front() {
            let pot = net.nodes[p as usize].potential;
            let (cell, d) = (pos.cell_of(pot), pos.digit_of(pot));
            buf.clear();
            if rules.y {
                let mut m = pos.cur[cell] & !(1u64 << d);
                while m != 0 {
                    buf.push(pos.pot(cell, m.trailing_zeros() as usize, false));
                    m &= m - 1;
                }
            }
            // The digit's places among the peers, in `peers` order: the box's, then the
            // row's and the column's outside the box.
            let (hs, hp, near) = (pos.houses[cell], pos.hpos[cell], pos.near[cell]);
            for (hi, skip) in [(0, 1u32 << hp[0]), (1, near[0]), (2, near[1])] {
                let h = hs[hi] as usize;
                let mut m = pos.places_cur(h, d) & !skip;
                let hc = &pos.house_cells[h];
                while m != 0 {
                    buf.push(pos.pot(hc[m.trailing_zeros() as usize] as usize, d, false));
                    m &= m - 1;
                }
            }
            for &off in &buf {
                if net.has(off | 1) {
                    let v = net.push(off, &[p]);
                    net.absurd = Some((net.node(off | 1), v));
                    break 'run;
                }
                if !net.has(off) {
                    let k = net.add(off, &[p]);
                    q_off.push_back(k);
                }
            }
        } else if let Some(p) = q_off.pop_front() {
            let pot = net.nodes[p as usize].potential;
            let (cell, d) = (pos.cell_of(pot), pos.digit_of(pot));
            // (on, cause, parents: p then the hidden ones in `buf` from `start`)
            made.clear();
            buf.clear();
            if rules.y && two(pos.cur[cell]) {
                let other = (pos.cur[cell] & !(1u64 << d)).trailing_zeros() as usize;
                let from = buf.len();
                buf.push(p);
                let mut gone = pos.orig[cell] & !pos.cur[cell];
                while gone != 0 {
                    buf.push(net.node(pos.pot(cell, gone.trailing_zeros() as usize, false)));
                    gone &= gone - 1;
                }
                made.push((
                    pos.pot(cell, other, true),
                    Cause::Cell,
                    from as u32,
                    buf.len() as u32,
                ));
            }
            for hi in 0..3 {
                let h = pos.houses[cell][hi] as usize;
                let places = pos.places_cur(h, d);
                if !two(u64::from(places)) {
                    continue;
                }
                let hc = &pos.house_cells[h];
                // The first place that is not this cell.
                let i = (places & !(1 << pos.hpos[cell][hi])).trailing_zeros();
                let other = hc[i as usize] as usize;
                let from = buf.len();
                buf.push(p);
                if rules.dynamic {
                    let mut gone = pos.places_orig(h, d) & !places;
                    while gone != 0 {
                        let c = hc[gone.trailing_zeros() as usize] as usize;
                        buf.push(net.node(pos.pot(c, d, false)));
                        gone &= gone - 1;
                    }
                }
                made.push((
                    pos.pot(other, d, true),
                    Cause::House(hi as u8),
                    from as u32,
                    buf.len() as u32,
                ));
            }
            if rules.dynamic {
                pos.remove(cell, d);
            }
            for &(on, cause, from, to) in &made {
                let ps = &buf[from as usize..to as usize];
                if net.has(on ^ 1) {
                    let v = net.push_with(on, ps, cause, 0);
                    net.absurd = Some((v, net.node(on ^ 1)));
                    break 'run;
                }
                if !net.has(on) {
                    let k = net.add_with(on, ps, cause, 0);
                    q_on.push_back(k);
                }
            }
        } else {
            break;
        }
        if rules.level >= 1 && q_on.is_empty() && q_off.is_empty() {
            for (off, ps) in advanced(pos, net) {
                if !net.has(off) {
                    let k = net.add(off, &ps);
                    q_off.push_back(k);
                }
            }
            if q_off.is_empty() && rules.level >= 2 {
                let first = net.next_hint;
                for (off, ps, weight, h, t) in nested_offs(pos, net, rules.level, rules.limit) {
                    net.next_hint = net.next_hint.max(first + h + 1);
                    if !net.has(off) {
                        let k = net.add_nested(off, &ps, weight, first + h, t);
                        q_off.push_back(k);
                    }
                }
            }
        }
    }
    net.q_on = q_on;
    net.q_off = q_off;
    net.buf = buf;
    net.made = made;
    pos.restore();
}

/// Dynamic (+): the offs that locked candidates, hidden pairs, naked pairs or X-Wings
/// give in the net's current position (the first of these that gives any step that
/// depends on the net), each with the offs it depends on as parents.
fn advanced(pos: &Pos, net: &Net) -> Vec<(u32, Vec<u32>)> {
    let n = pos.n;
    let mut out: Vec<(u32, Vec<u32>)> = Vec::new();
    // The removed places of `d` in house `h`, as off nodes.
    let gone_in = |h: usize, d: usize| -> Vec<u32> {
        let g = pos.places_orig(h, d) & !pos.places_cur(h, d);
        pos.house_cells[h]
            .iter()
            .enumerate()
            .filter(|(i, _)| g >> i & 1 == 1)
            .map(|(_, &c)| net.node(pos.pot(c as usize, d, false)))
            .collect()
    };
    // Locked candidates: pointing (box → line) then claiming (line → box).
    for h in 0..3 * n {
        let hc = &pos.house_cells[h];
        // Only box → line and line → box: the kinds of house to look in.
        let kinds: &[usize] = if h < n { &[1, 2] } else { &[0] };
        for d in 0..n {
            let places = pos.places_cur(h, d);
            if !several(u64::from(places)) {
                continue;
            }
            let fi = places.trailing_zeros() as usize;
            let first = hc[fi] as usize;
            for &k in kinds {
                if places & !pos.inter[(h * n + fi) * 3 + k] != 0 {
                    continue;
                }
                // The places of `d` in `other` outside `h` (the places in both houses are
                // all of `h`'s places).
                let other = pos.houses[first][k] as usize;
                let j = pos.hpos[first][k] as usize;
                let elim = pos.places_cur(other, d) & !pos.inter[(other * n + j) * 3 + h / n];
                if elim == 0 {
                    continue;
                }
                let ps = gone_in(h, d);
                if ps.is_empty() {
                    continue;
                }
                let oc = &pos.house_cells[other];
                let mut e = elim;
                while e != 0 {
                    let c = oc[e.trailing_zeros() as usize] as usize;
                    out.push((pos.pot(c, d, false), ps.clone()));
                    e &= e - 1;
                }
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    // Hidden pairs.
    for h in 0..3 * n {
        for d1 in 0..n {
            let p1 = pos.places_cur(h, d1);
            if !two(u64::from(p1)) {
                continue;
            }
            for d2 in d1 + 1..n {
                if pos.places_cur(h, d2) != p1 {
                    continue;
                }
                let hc = &pos.house_cells[h];
                let mut elim = Vec::new();
                for (i, &c) in hc.iter().enumerate() {
                    if p1 >> i & 1 == 1 {
                        let c = c as usize;
                        let rest = pos.cur[c] & !(1u64 << d1) & !(1u64 << d2);
                        for e in 0..n {
                            if rest >> e & 1 == 1 {
                                elim.push(pos.pot(c, e, false));
                            }
                        }
                    }
                }
                if elim.is_empty() {
                    continue;
                }
                let mut ps = gone_in(h, d1);
                ps.extend(gone_in(h, d2));
                if ps.is_empty() {
                    continue;
                }
                for e in elim {
                    out.push((e, ps.clone()));
                }
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    // Naked pairs.
    for h in 0..3 * n {
        let hc = &pos.house_cells[h];
        for i in 0..n {
            let ci = hc[i] as usize;
            let m = pos.cur[ci];
            if !two(m) {
                continue;
            }
            for j in i + 1..n {
                let cj = hc[j] as usize;
                if pos.cur[cj] != m {
                    continue;
                }
                let mut elim = Vec::new();
                for &c in hc {
                    let c = c as usize;
                    if c == ci || c == cj {
                        continue;
                    }
                    for e in 0..n {
                        if m >> e & 1 == 1 && pos.cur[c] >> e & 1 == 1 {
                            elim.push(pos.pot(c, e, false));
                        }
                    }
                }
                if elim.is_empty() {
                    continue;
                }
                let mut ps = Vec::new();
                for c in [ci, cj] {
                    let gone = pos.orig[c] & !pos.cur[c];
                    for e in 0..n {
                        if gone >> e & 1 == 1 {
                            ps.push(net.node(pos.pot(c, e, false)));
                        }
                    }
                }
                if ps.is_empty() {
                    continue;
                }
                for e in elim {
                    out.push((e, ps.clone()));
                }
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    // X-Wings: rows as base, then columns.
    for (base, cover) in [(n, 2 * n), (2 * n, n)] {
        for d in 0..n {
            for a in 0..n {
                let pa = pos.places_cur(base + a, d);
                if !two(u64::from(pa)) {
                    continue;
                }
                for b in a + 1..n {
                    if pos.places_cur(base + b, d) != pa {
                        continue;
                    }
                    let mut elim = Vec::new();
                    for i in 0..n {
                        if pa >> i & 1 == 0 {
                            continue;
                        }
                        for (k, &c) in pos.house_cells[cover + i].iter().enumerate() {
                            if k != a && k != b && pos.cur[c as usize] >> d & 1 == 1 {
                                elim.push(pos.pot(c as usize, d, false));
                            }
                        }
                    }
                    if elim.is_empty() {
                        continue;
                    }
                    let mut ps = gone_in(base + a, d);
                    ps.extend(gone_in(base + b, d));
                    if ps.is_empty() {
                        continue;
                    }
                    for e in elim {
                        out.push((e, ps.clone()));
                    }
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------- nested chains

/// Inner cycles besides forcing chains at level 2: no rating changed on HardestDatabase
/// (every 10th row), for 10% more time, so they are off.
const INNER_CYCLES: bool = false;

/// Nested levels: the offs that inner chains give in the net's current position, when
/// propagation and the basic techniques stall. The inner producers are tried in turn until
/// one gives anything: static forcing chains (level 2 and up), static cell and region
/// forcing chains (3), dynamic forcing chains (4), Dynamic (+) chains (5). Their hints are
/// sorted cheapest first and each off keeps the first hint that gives it: its parents are
/// the net's offs the inner chain relies on, its weight the inner chain's complexity.
fn nested_offs(
    pos: &mut Pos,
    net: &Net,
    level: u8,
    limit: usize,
) -> Vec<(u32, Vec<u32>, u32, u32, InnerRule)> {
    let mut inner: Option<Pos> = None;
    // What the inner position's static links reach (rules 0 and 1).
    let mut reach: Option<Reach> = None;
    let mut hints: Rc<Vec<Inner>> = Rc::default();
    let mut used = 0u8;
    for rule in 0..4u8 {
        if level < rule + 2 {
            break;
        }
        // Levels, and the next steps, run much the same nets again: the inner hints of a
        // position are kept (what they rely on is told against all candidates, so that
        // they serve any outer position).
        let key = (pos.cur.clone(), rule);
        let cached = pos
            .search
            .inner_cache
            .borrow()
            .get(&key)
            .filter(|(l, _)| *l >= limit)
            .map(|(_, h)| h.clone());
        let found = match cached {
            Some(h) => h,
            None => {
                let inner = inner.get_or_insert_with(|| pos.derived());
                let all = vec![(1u64 << pos.n) - 1; pos.cur.len()];
                let mut v = Vec::new();
                if rule <= 1 && reach.is_none() {
                    reach = Some(Reach::new(inner));
                }
                if rule == 0 && !INNER_CYCLES {
                    inner_chains(inner, reach.as_ref().unwrap(), &all, limit, &mut v);
                } else if rule == 0 {
                    let mut best = Best::collecting_for(all, limit);
                    cycles(inner, &mut best);
                    v = best.collect.map(|c| c.hints).unwrap_or_default();
                } else {
                    let mode = [Mode::Multiple, Mode::Dynamic, Mode::Plus][rule as usize - 1];
                    let mut best = Best::collecting_for(all, limit);
                    if rule == 1 {
                        let mut r = reach.take().unwrap();
                        r.complete();
                        best.reach = Some(Rc::new(r));
                    }
                    multiple(inner, &mut best, mode);
                    v = best.collect.map(|c| c.hints).unwrap_or_default();
                }
                v.sort_by(|a, b| {
                    (a.diff, a.cx)
                        .partial_cmp(&(b.diff, b.cx))
                        .unwrap_or(std::cmp::Ordering::Equal)
                });
                let h = Rc::new(v);
                let mut c = pos.search.inner_cache.borrow_mut();
                if c.len() >= INNER_CACHE_SIZE {
                    c.clear();
                }
                c.insert(key, (limit, h.clone()));
                h
            }
        };
        if found.iter().any(|h| h.cx <= limit) {
            hints = found;
            used = rule;
            break;
        }
    }
    let mut out: Vec<(u32, Vec<u32>, u32, u32, InnerRule)> = Vec::new();
    for (i, h) in hints.iter().enumerate().filter(|(_, h)| h.cx <= limit) {
        for &off in &h.offs {
            if net.has(off) || out.iter().any(|o| o.0 == off) {
                continue;
            }
            let ps: Vec<u32> = h
                .deps
                .iter()
                .map(|&d| net.node(d))
                .filter(|&k| k != NONE)
                .collect();
            // Forcing chains with X links only are rated 6.6 and up, with Y links 7.0.
            let t = match used {
                0 if h.diff < 7.0 => InnerRule::XChain,
                0 => InnerRule::ForcingChain,
                1 => InnerRule::Multiple,
                2 => InnerRule::Dynamic,
                _ => InnerRule::Plus,
            };
            out.push((off, ps, h.cx as u32, i as u32, t));
        }
    }
    out
}

/// Static forcing chains (X links, then X and Y links) on an inner position, every one
/// within `limit` potentials.
fn inner_chains(pos: &Pos, reach: &Reach, outer: &[u64], limit: usize, hints: &mut Vec<Inner>) {
    // Built at the first search (most positions have none).
    let mut links: Option<(Static, Bfs)> = None;
    for (y, base) in [(false, 6.6), (true, 7.0)] {
        for cell in 0..pos.orig.len() {
            if !several(pos.orig[cell]) {
                continue;
            }
            for d in 0..pos.n {
                if pos.orig[cell] >> d & 1 == 0 {
                    continue;
                }
                let on = pos.pot(cell, d, true);
                for src in [on, on ^ 1] {
                    // Almost no potential leads to its own negation: search only where the
                    // links (X and Y, so for X links only too) say one does.
                    if !reach.negated(src) {
                        continue;
                    }
                    let (st, bfs) =
                        links.get_or_insert_with(|| (Static::new(pos), Bfs::new(pos.npot())));
                    let Some(path) = forcing_chain(st, bfs, src, y, limit) else {
                        continue;
                    };
                    let target = *path.last().unwrap();
                    if !worth(pos, target) {
                        continue;
                    }
                    let mut deps = Vec::new();
                    path_relies(pos, outer, &path, &mut deps);
                    deps.sort_unstable();
                    deps.dedup();
                    hints.push(Inner {
                        diff: base + length_bonus(path.len()),
                        cx: path.len(),
                        offs: removable(pos, target),
                        deps,
                    });
                }
            }
        }
    }
}

/// What the off → on links of a static chain or cycle rely on in the outer position.
fn path_relies(pos: &Pos, outer: &[u64], path: &[u32], deps: &mut Vec<u32>) {
    for w in path.windows(2) {
        if w[0] & 1 == 1 || w[1] & 1 == 0 {
            continue;
        }
        let (a, b) = (pos.cell_of(w[0]), pos.cell_of(w[1]));
        let cause = if a == b {
            Cause::Cell
        } else {
            Cause::House(
                (0..3)
                    .find(|&hi| {
                        let h = pos.houses[a][hi];
                        h == pos.houses[b][hi]
                            && pos.places_orig(h as usize, pos.digit_of(w[1])).count_ones() == 2
                    })
                    .unwrap_or(0) as u8,
            )
        };
        relied_on(pos, outer, w[1], cause, deps);
    }
}

/// The outer offs an inner on (`on`, derived by `cause`) relies on: the candidates of its
/// cell, or the places of its digit in its house, that the inner position lacks.
fn relied_on(pos: &Pos, outer: &[u64], on: u32, cause: Cause, deps: &mut Vec<u32>) {
    let (cell, d) = (pos.cell_of(on), pos.digit_of(on));
    if cause == Cause::Cell {
        let gone = outer[cell] & !pos.orig[cell];
        for e in 0..pos.n {
            if gone >> e & 1 == 1 {
                deps.push(pos.pot(cell, e, false));
            }
        }
    } else if let Cause::House(hi) = cause {
        let h = pos.houses[cell][hi as usize] as usize;
        let gone = pos.places(outer, h, d) & !pos.places_orig(h, d);
        for (i, &c) in pos.house_cells[h].iter().enumerate() {
            if gone >> i & 1 == 1 {
                deps.push(pos.pot(c as usize, d, false));
            }
        }
    }
}

/// What the ancestors of node `k` of an inner net rely on in the outer position.
fn net_relies(pos: &Pos, outer: &[u64], net: &Net, k: u32, deps: &mut Vec<u32>) {
    net.for_each_ancestor(k, |nd| {
        if nd.potential & 1 == 1 && nd.cause != Cause::Other {
            relied_on(pos, outer, nd.potential, nd.cause, deps);
        }
    });
}

/// The inner chains whose offs the branches ending at `from` use, by the off they give.
fn inner_used(pos: &Pos, from: &[(&Net, u32)]) -> Vec<InnerChain> {
    let mut out: Vec<InnerChain> = Vec::new();
    for &(net, k) in from {
        net.for_each_ancestor(k, |nd| {
            if let Cause::Inner(rule) = nd.cause {
                let eliminated = pos.candidate(nd.potential);
                if !out.iter().any(|i| i.eliminated == eliminated) {
                    out.push(InnerChain {
                        eliminated,
                        technique: rule.technique(),
                        complexity: nd.weight as usize,
                    });
                }
            }
        });
    }
    out.sort_by_key(|i| (i.eliminated.cell.index(), i.eliminated.digit.index()));
    out
}

/// The offs a conclusion gives: an on removes the cell's other candidates.
fn removable(pos: &Pos, target: u32) -> Vec<u32> {
    if target & 1 == 1 {
        let cell = pos.cell_of(target);
        let d = pos.digit_of(target);
        (0..pos.n)
            .filter(|&e| e != d && pos.orig[cell] >> e & 1 == 1)
            .map(|e| pos.pot(cell, e, false))
            .collect()
    } else {
        vec![target]
    }
}

/// The kind of a hint, its last sort key before discovery order (SE's order of them).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum HintKind {
    /// A candidate on and off lead to the same conclusion.
    DoubleImplication = 1,
    /// A cycle or forcing chain of X links.
    XCycle = 2,
    /// A cycle or forcing chain of Y links.
    YCycle = 3,
    /// A cycle or forcing chain of both.
    XyCycle = 4,
    /// Every candidate of a cell leads to the same conclusion.
    CellForcing = 5,
    /// Every place of a digit in a house leads to the same conclusion.
    RegionForcing = 6,
    /// An assumption leads to a contradiction.
    Contradiction = 7,
}

/// A candidate step and its sort key (difficulty, complexity, kind, discovery order).
struct Best {
    key: Option<(f64, usize, HintKind, u32)>,
    step: Option<Step>,
    order: u32,
    /// Inside a nested chain: every hint is gathered instead.
    collect: Option<Collect>,
    /// The static links' reach, when a static producer runs inside a nested chain: cell
    /// and region forcing then run only where the members' nets can agree.
    reach: Option<Rc<Reach>>,
}

/// The hints of an inner producer (nested chains), on a position that an outer net made.
struct Collect {
    /// The outer position's candidates (what the inner position lacks, the net removed).
    outer: Vec<u64>,
    /// Hints more complex than this are dropped.
    limit: usize,
    hints: Vec<Inner>,
}

/// An inner chain's conclusion: the offs it gives, its rating and complexity, and the
/// candidates it relies on being gone, as off potentials (told against all candidates: the
/// outer net keeps those it removed).
struct Inner {
    diff: f64,
    cx: usize,
    offs: Vec<u32>,
    deps: Vec<u32>,
}

impl Best {
    fn new() -> Best {
        Best {
            key: None,
            step: None,
            order: 0,
            collect: None,
            reach: None,
        }
    }
    fn collecting_for(outer: Vec<u64>, limit: usize) -> Best {
        Best {
            collect: Some(Collect {
                outer,
                limit,
                hints: Vec::new(),
            }),
            ..Best::new()
        }
    }
    fn collecting(&self) -> bool {
        self.collect.is_some()
    }
    fn outer(&self) -> Option<&[u64]> {
        self.collect.as_ref().map(|c| c.outer.as_slice())
    }
    /// Records an inner hint concluding `target` through the nodes `branches`.
    fn gather(
        &mut self,
        pos: &Pos,
        diff: f64,
        cx: usize,
        target: u32,
        branches: &[(&Net, u32)],
        premise_deps: &[u32],
    ) {
        let Some(col) = self.collect.as_mut() else {
            return;
        };
        if cx > col.limit {
            return;
        }
        let mut deps = premise_deps.to_vec();
        for &(net, k) in branches {
            net_relies(pos, &col.outer, net, k, &mut deps);
        }
        deps.sort_unstable();
        deps.dedup();
        col.hints.push(Inner {
            diff,
            cx,
            offs: removable(pos, target),
            deps,
        });
    }
    /// Records an inner hint of a static chain or cycle along `path`.
    fn gather_path(&mut self, pos: &Pos, diff: f64, cx: usize, offs: Vec<u32>, path: &[u32]) {
        let Some(col) = self.collect.as_mut() else {
            return;
        };
        if cx > col.limit {
            return;
        }
        let mut deps = Vec::new();
        path_relies(pos, &col.outer, path, &mut deps);
        deps.sort_unstable();
        deps.dedup();
        col.hints.push(Inner {
            diff,
            cx,
            offs,
            deps,
        });
    }
    /// The difficulty a hint must stay at or under to matter.
    fn bound(&self) -> f64 {
        self.key.map_or(f64::INFINITY, |k| k.0)
    }
    /// The complexity a branch must stay at or under to matter, for a producer of `base`.
    fn limit(&self, base: f64) -> usize {
        match &self.collect {
            Some(c) => c.limit,
            None => complexity_limit(base, self.bound()),
        }
    }
    /// Whether a hint of this difficulty, complexity and kind would be taken; counts it.
    fn better(&mut self, diff: f64, complexity: usize, kind: HintKind) -> bool {
        self.order += 1;
        let key = (diff, complexity, kind, self.order);
        match self.key {
            None => true,
            Some(k) => (key.0, key.1, key.2)
                .partial_cmp(&(k.0, k.1, k.2))
                .is_some_and(|o| o.is_lt()),
        }
    }
    fn take(&mut self, diff: f64, complexity: usize, kind: HintKind, step: Step) {
        self.key = Some((diff, complexity, kind, self.order));
        self.step = Some(step);
    }
}

fn rounded(d: f64) -> f32 {
    ((d * 10.0).round() / 10.0) as f32
}

fn outcome(pos: &Pos, target: u32) -> (Vec<Candidate>, Vec<Candidate>) {
    let c = pos.candidate(target);
    if target & 1 == 1 {
        (vec![c], Vec::new())
    } else {
        (Vec::new(), vec![c])
    }
}

/// What SE's producers keep along one solve path, owned by the driver: the geometry of
/// the shape, the inner hints of the positions nested chains reached (levels and the next
/// steps run much the same nets again), a pool of nets (nested chains run many thousands),
/// and the deadline the nested producer watches (it can take seconds for one step).
pub(crate) struct Search {
    geometry: RefCell<Option<(Shape, Geometry)>>,
    inner_cache: RefCell<InnerCache>,
    nets: RefCell<Vec<Net>>,
    deadline: Option<Instant>,
}

impl Search {
    /// A fresh search; past `deadline` the nested producer stops and gives no step.
    pub(crate) fn new(deadline: Option<Instant>) -> Search {
        Search {
            geometry: RefCell::new(None),
            inner_cache: RefCell::new(HashMap::new()),
            nets: RefCell::new(Vec::new()),
            deadline,
        }
    }
    /// The geometry of `shape`, made at the first use.
    fn geometry(&self, shape: Shape) -> Geometry {
        let mut g = self.geometry.borrow_mut();
        match &*g {
            Some((s, geo)) if *s == shape => geo.clone(),
            _ => {
                let geo = Geometry::new(shape);
                *g = Some((shape, geo.clone()));
                geo
            }
        }
    }
    /// A net from the pool, or a new one.
    fn net(&self, npot: usize) -> Net {
        self.nets
            .borrow_mut()
            .pop()
            .filter(|net| net.idx.len() == npot)
            .unwrap_or_else(|| Net::new(npot))
    }
    /// Gives a net back to the pool.
    fn release(&self, mut net: Net) {
        net.reset();
        let mut p = self.nets.borrow_mut();
        if p.len() < 1024 {
            p.push(net);
        }
    }
    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Runs one SE producer on `ctx` and gives its cheapest step.
pub(crate) fn find(
    ctx: &Context<'_>,
    search: &Search,
    group: Group,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let mut pos = Pos::new(ctx, search);
    if pos.n > 32 {
        return ControlFlow::Continue(());
    }
    let mut best = Best::new();
    match group {
        Group::Cycles => cycles(&pos, &mut best),
        Group::Nishio => multiple(&mut pos, &mut best, Mode::Nishio),
        Group::Multiple => multiple(&mut pos, &mut best, Mode::Multiple),
        Group::Dynamic => multiple(&mut pos, &mut best, Mode::Dynamic),
        Group::Plus => multiple(&mut pos, &mut best, Mode::Plus),
        Group::Nested => {
            for level in 2..=5 {
                multiple(&mut pos, &mut best, Mode::Nested(level));
                if search.past_deadline() {
                    // A search cut short may miss the cheapest step: give none.
                    return ControlFlow::Continue(());
                }
                if best.step.is_some() {
                    break;
                }
            }
        }
    }
    if let Some(step) = best.step {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

// ---------------------------------------------------------------- forcing chains, cycles

/// A static breadth-first search for cycles and forcing chains, one parent per node.
struct Bfs {
    /// The potential of each node.
    potentials: Vec<u32>,
    parent: Vec<u32>,
    seen_on: Vec<u32>,
    seen_off: Vec<u32>,
    gen: u32,
    /// Scratch space of [`forcing_chain`].
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    next: Vec<u32>,
    buf: Vec<u32>,
}

impl Bfs {
    fn new(npot: usize) -> Bfs {
        Bfs {
            potentials: Vec::new(),
            parent: Vec::new(),
            seen_on: vec![0; npot / 2],
            seen_off: vec![0; npot / 2],
            gen: 0,
            pend_on: Vec::new(),
            pend_off: Vec::new(),
            next: Vec::new(),
            buf: Vec::new(),
        }
    }
    fn push(&mut self, pot: u32, parent: u32) -> u32 {
        self.potentials.push(pot);
        self.parent.push(parent);
        (self.potentials.len() - 1) as u32
    }
    fn is_ancestor(&self, mut k: u32, pot: u32) -> bool {
        while self.parent[k as usize] != NONE {
            k = self.parent[k as usize];
            if self.potentials[k as usize] == pot {
                return true;
            }
        }
        false
    }
    fn path(&self, mut k: u32) -> Vec<u32> {
        let mut v = vec![self.potentials[k as usize]];
        while self.parent[k as usize] != NONE {
            k = self.parent[k as usize];
            v.push(self.potentials[k as usize]);
        }
        v.reverse();
        v
    }
}

/// The static links of a position, per candidate (`cell * n + digit`).
struct Static {
    /// Per candidate, the offs an on gives (flat, from `at[k]`): the cell's other
    /// candidates (up to `mid[k]`), then the digit's places among the cell's peers (box,
    /// row, column). Nested chains build this thousands of times: one allocation each.
    offs: Vec<u32>,
    at: Vec<u32>,
    mid: Vec<u32>,
    /// The other candidate of a bivalue cell, as an on.
    y_on: Vec<u32>,
    /// The digit's other place in each house where it has two (box, row, column), as ons.
    x_on: Vec<[u32; 3]>,
}

impl Static {
    fn new(pos: &Pos) -> Static {
        let ncand = pos.orig.len() * pos.n;
        let mut st = Static {
            offs: Vec::with_capacity(ncand * 8),
            at: vec![0; ncand + 1],
            mid: vec![0; ncand],
            y_on: vec![NONE; ncand],
            x_on: vec![[NONE; 3]; ncand],
        };
        for cell in 0..pos.orig.len() {
            let m = pos.orig[cell];
            for d in 0..pos.n {
                let k = cell * pos.n + d;
                st.at[k] = st.offs.len() as u32;
                st.mid[k] = st.offs.len() as u32;
                if m >> d & 1 == 0 {
                    continue;
                }
                for e in 0..pos.n {
                    if e != d && m >> e & 1 == 1 {
                        st.offs.push(pos.pot(cell, e, false));
                    }
                }
                st.mid[k] = st.offs.len() as u32;
                for &c in &pos.peers[cell] {
                    if pos.orig[c as usize] >> d & 1 == 1 {
                        st.offs.push(pos.pot(c as usize, d, false));
                    }
                }
                if two(m) {
                    let other = (m & !(1u64 << d)).trailing_zeros() as usize;
                    st.y_on[k] = pos.pot(cell, other, true);
                }
                for hi in 0..3 {
                    let h = pos.houses[cell][hi] as usize;
                    let places = pos.places_orig(h, d);
                    if two(u64::from(places)) {
                        let hc = &pos.house_cells[h];
                        if let Some(i) =
                            (0..pos.n).find(|&i| places >> i & 1 == 1 && hc[i] as usize != cell)
                        {
                            st.x_on[k][hi] = pos.pot(hc[i] as usize, d, true);
                        }
                    }
                }
            }
        }
        st.at[ncand] = st.offs.len() as u32;
        st
    }
}

/// Which potentials each potential reaches along the static X and Y links of a position:
/// the strongly connected components of the link graph, each with the set of nodes it
/// reaches, in Tarjan's order (a component comes after those it reaches). Nested chains use
/// it to run only the searches that can succeed (a static net holds only what its
/// assumption reaches), so the results are the same.
struct Reach {
    /// Per candidate, its index `i` among the position's (`NONE` when not in it): its off
    /// and on are nodes `2i` and `2i + 1`.
    ix: Vec<u32>,
    /// Per node, its potential.
    pots: Vec<u32>,
    /// Per node, its component (`NONE` for an off without links out, and for an on that
    /// no link leads to until [`Reach::complete`]).
    comp: Vec<u32>,
    /// The links, as lists of nodes (node `v`'s from `at[v]` to `at[v + 1]`).
    at: Vec<u32>,
    adj: Vec<u32>,
    /// Per node: an on no link leads to (it starts no component until
    /// [`Reach::complete`]; its reach is its links' reach).
    source: Vec<bool>,
    /// Words per node set.
    words: usize,
    /// Per component, the nodes it reaches (`words` words each).
    sets: Vec<u64>,
    /// Per node: whether it leads to its own negation (a forcing chain).
    negated: Vec<bool>,
}

/// The most nodes [`Reach`] makes sets for (a 16x16 position; the sets take the square).
const REACH_NODES: usize = 2 * 16 * 16 * 16;

impl Reach {
    /// The reach of the X and Y links of `pos` (the links of [`Static`]).
    fn new(pos: &Pos) -> Reach {
        let n = pos.n;
        let mut ix = vec![NONE; pos.orig.len() * n];
        let mut pots: Vec<u32> = Vec::new();
        for (cell, &m) in pos.orig.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                ix[cell * n + d] = (pots.len() / 2) as u32;
                let p = pos.pot(cell, d, false);
                pots.push(p);
                pots.push(p + 1);
            }
        }
        let m = pots.len();
        if m > REACH_NODES {
            // Too big for a set per component: every search runs, as without the pass.
            return Reach {
                ix,
                pots,
                comp: Vec::new(),
                at: Vec::new(),
                adj: Vec::new(),
                source: Vec::new(),
                words: 0,
                sets: Vec::new(),
                negated: vec![true; m],
            };
        }
        // The links, as lists of nodes: an on, its cell's other candidates and the digit's
        // places among the cell's peers off; an off, the other candidate of its cell and
        // the other place of its digit in its houses on, where there are two.
        let node = |cell: usize, d: usize| 2 * ix[cell * n + d];
        let mut at: Vec<u32> = Vec::with_capacity(m + 1);
        let mut adj: Vec<u32> = Vec::with_capacity(m * 8);
        for &p in &pots {
            at.push(adj.len() as u32);
            let (cell, d) = (pos.cell_of(p), pos.digit_of(p));
            let cm = pos.orig[cell];
            if p & 1 == 1 {
                let mut o = cm & !(1u64 << d);
                while o != 0 {
                    adj.push(node(cell, o.trailing_zeros() as usize));
                    o &= o - 1;
                }
                let (hs, hp, near) = (pos.houses[cell], pos.hpos[cell], pos.near[cell]);
                for (hi, skip) in [(0, 1u32 << hp[0]), (1, near[0]), (2, near[1])] {
                    let h = hs[hi] as usize;
                    let mut o = pos.places_orig(h, d) & !skip;
                    let hc = &pos.house_cells[h];
                    while o != 0 {
                        adj.push(node(hc[o.trailing_zeros() as usize] as usize, d));
                        o &= o - 1;
                    }
                }
            } else {
                if two(cm) {
                    let e = (cm & !(1u64 << d)).trailing_zeros() as usize;
                    adj.push(node(cell, e) + 1);
                }
                for hi in 0..3 {
                    let h = pos.houses[cell][hi] as usize;
                    let places = pos.places_orig(h, d);
                    if two(u64::from(places)) {
                        let i = (places & !(1 << pos.hpos[cell][hi])).trailing_zeros();
                        adj.push(node(pos.house_cells[h][i as usize] as usize, d) + 1);
                    }
                }
            }
        }
        at.push(adj.len() as u32);
        let words = m.div_ceil(64).max(1);
        let mut r = Reach {
            ix,
            pots,
            comp: vec![NONE; m],
            at: Vec::new(),
            adj: Vec::new(),
            source: Vec::new(),
            negated: Vec::new(),
            words,
            sets: Vec::new(),
        };
        // Tarjan's algorithm, iterative. Offs without links out (most) reach only
        // themselves: they stay out of it (no component) and are added as bits.
        let lone = |v: u32| v & 1 == 0 && at[v as usize] == at[v as usize + 1];
        // Ons no link leads to (most) reach what their links reach: they start no
        // component either (see `complete`).
        let mut source = vec![false; m];
        for v in (1..m).step_by(2) {
            source[v] = true;
        }
        for v in (0..m).step_by(2) {
            for &w in &adj[at[v] as usize..at[v + 1] as usize] {
                source[w as usize] = false;
            }
        }
        let mut index = vec![NONE; m];
        let mut low = vec![0u32; m];
        let mut on_stack = vec![false; m];
        let mut stack: Vec<u32> = Vec::new();
        let mut calls: Vec<(u32, u32)> = Vec::new();
        let mut next = 0u32;
        let mut members: Vec<u32> = Vec::new();
        // Per component: whether it is a single node without links out; which component
        // last took its set (each is added once per component).
        let mut sink: Vec<bool> = Vec::new();
        let mut seen = vec![NONE; m];
        for s in 0..m as u32 {
            if index[s as usize] != NONE || lone(s) || source[s as usize] {
                continue;
            }
            index[s as usize] = next;
            low[s as usize] = next;
            next += 1;
            stack.push(s);
            on_stack[s as usize] = true;
            calls.push((s, at[s as usize]));
            while let Some(&mut (v, ref mut e)) = calls.last_mut() {
                if *e < at[v as usize + 1] {
                    let w = adj[*e as usize];
                    *e += 1;
                    if lone(w) {
                        continue;
                    }
                    if index[w as usize] == NONE {
                        index[w as usize] = next;
                        low[w as usize] = next;
                        next += 1;
                        stack.push(w);
                        on_stack[w as usize] = true;
                        calls.push((w, at[w as usize]));
                    } else if on_stack[w as usize] {
                        low[v as usize] = low[v as usize].min(index[w as usize]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(u, _)) = calls.last() {
                    low[u as usize] = low[u as usize].min(low[v as usize]);
                }
                if low[v as usize] != index[v as usize] {
                    continue;
                }
                // A component: its members, then what they and their links reach (every
                // component a link leads out to is done already).
                let c = (r.sets.len() / words) as u32;
                members.clear();
                loop {
                    let x = stack.pop().unwrap();
                    on_stack[x as usize] = false;
                    r.comp[x as usize] = c;
                    members.push(x);
                    if x == v {
                        break;
                    }
                }
                let base = r.sets.len();
                r.sets.resize(base + words, 0);
                let mut out = false;
                for &x in &members {
                    r.sets[base + x as usize / 64] |= 1 << (x % 64);
                    for &w in &adj[at[x as usize] as usize..at[x as usize + 1] as usize] {
                        if lone(w) {
                            r.sets[base + w as usize / 64] |= 1 << (w % 64);
                            out = true;
                            continue;
                        }
                        let cw = r.comp[w as usize];
                        if cw == c || seen[cw as usize] == c {
                            continue;
                        }
                        seen[cw as usize] = c;
                        out = true;
                        if sink[cw as usize] {
                            // A lone node with no links out reaches only itself.
                            r.sets[base + w as usize / 64] |= 1 << (w % 64);
                            continue;
                        }
                        let from = cw as usize * words;
                        for i in 0..words {
                            r.sets[base + i] |= r.sets[from + i];
                        }
                    }
                }
                sink.push(!out && members.len() == 1);
            }
        }
        r.at = at;
        r.adj = adj;
        r.source = source;
        // A source leads to its negation through a link to an off with links out (an off
        // without is never its negation: no link joins a candidate to itself).
        r.negated = (0..m)
            .map(|v| {
                if r.source[v] {
                    r.adj[r.at[v] as usize..r.at[v + 1] as usize]
                        .iter()
                        .any(|&w| !r.lone(w as usize) && r.in_set(w as usize, v ^ 1))
                } else {
                    !r.lone(v) && r.in_set(v, v ^ 1)
                }
            })
            .collect();
        r
    }
    /// Whether node `v` is an off without links out.
    #[inline]
    fn lone(&self, v: usize) -> bool {
        v & 1 == 0 && self.at[v] == self.at[v + 1]
    }
    /// Whether node `b` is in the set of node `w`'s component.
    #[inline]
    fn in_set(&self, w: usize, b: usize) -> bool {
        let c = self.comp[w] as usize;
        self.sets[c * self.words + b / 64] >> (b % 64) & 1 == 1
    }
    /// Gives the sources their sets too (for [`Reach::may_agree`]).
    fn complete(&mut self) {
        let words = self.words;
        for v in 0..self.source.len() {
            if !self.source[v] {
                continue;
            }
            let base = self.sets.len();
            self.comp[v] = (base / words) as u32;
            self.sets.resize(base + words, 0);
            self.sets[base + v / 64] |= 1 << (v % 64);
            for e in self.at[v]..self.at[v + 1] {
                let w = self.adj[e as usize] as usize;
                if self.lone(w) {
                    self.sets[base + w / 64] |= 1 << (w % 64);
                    continue;
                }
                let from = self.comp[w] as usize * words;
                for i in 0..words {
                    self.sets[base + i] |= self.sets[from + i];
                }
            }
            self.source[v] = false;
        }
    }
    /// Whether the on potentials of candidates `members` all lead to some potential that
    /// would remove a candidate (cell or region forcing can give a step).
    fn may_agree(&self, pos: &Pos, members: &[usize]) -> bool {
        if self.words == 0 {
            return true;
        }
        let set = |m: usize| {
            let c = self.comp[2 * self.ix[m] as usize + 1] as usize * self.words;
            &self.sets[c..c + self.words]
        };
        (0..self.words).any(|i| {
            let mut w = members.iter().fold(!0u64, |w, &m| w & set(m)[i]);
            while w != 0 {
                let pot = self.pots[i * 64 + w.trailing_zeros() as usize];
                if worth(pos, pot) {
                    return true;
                }
                w &= w - 1;
            }
            false
        })
    }
    /// Whether potential `a` leads to its negation (a potential of the position).
    fn negated(&self, a: u32) -> bool {
        self.negated[(2 * self.ix[a as usize / 2] + (a & 1)) as usize]
    }
}

fn static_offs(st: &Static, pot: u32, y: bool, out: &mut Vec<u32>) {
    out.clear();
    let k = pot as usize / 2;
    let from = if y { st.at[k] } else { st.mid[k] };
    out.extend_from_slice(&st.offs[from as usize..st.at[k + 1] as usize]);
}

fn static_ons(st: &Static, pot: u32, y: bool, x: bool, out: &mut Vec<u32>) {
    out.clear();
    let k = pot as usize / 2;
    if y && st.y_on[k] != NONE {
        out.push(st.y_on[k]);
    }
    if x {
        for &o in &st.x_on[k] {
            if o != NONE && !out.contains(&o) {
                out.push(o);
            }
        }
    }
}

fn chain_links(pos: &Pos, path: &[u32]) -> Vec<Link> {
    path.windows(2)
        .map(|w| Link::new(pos.candidate(w[0]), pos.candidate(w[1]), w[1] & 1 == 1))
        .collect()
}

fn cycles(pos: &Pos, best: &mut Best) {
    let npot = pos.npot();
    let mut bfs = Bfs::new(npot);
    let st = Static::new(pos);
    let st = &st;
    let ncell = pos.orig.len();
    for (y, x) in [(false, true), (true, false), (true, true)] {
        let kind = if y && x {
            HintKind::XyCycle
        } else if y {
            HintKind::YCycle
        } else {
            HintKind::XCycle
        };
        for cell in 0..ncell {
            let card = pos.orig[cell].count_ones();
            if card < 2 || (card > 2 && !x) {
                continue;
            }
            for d in 0..pos.n {
                if pos.orig[cell] >> d & 1 == 0 {
                    continue;
                }
                let on = pos.pot(cell, d, true);
                let cycle_base = if y && x { 7.0 } else { 6.5 };
                let chain_base = if y && x { 7.0 } else { 6.6 };
                let limit = best.limit(cycle_base);
                if cycle_base <= best.bound() {
                    find_cycles(pos, st, &mut bfs, on, y, x, kind, cycle_base, limit, best);
                }
                if x {
                    for src in [on, on ^ 1] {
                        if chain_base > best.bound() {
                            break;
                        }
                        let limit = best.limit(chain_base);
                        if let Some(path) = forcing_chain(st, &mut bfs, src, y, limit) {
                            let complexity = path.len();
                            let diff = chain_base + length_bonus(complexity);
                            if best.collecting() {
                                let target = *path.last().unwrap();
                                if worth(pos, target) {
                                    let offs = removable(pos, target);
                                    best.gather_path(pos, diff, complexity, offs, &path);
                                }
                            } else if best.better(diff, complexity, kind) {
                                let target = *path.last().unwrap();
                                let (placements, eliminations) = outcome(pos, target);
                                let technique = if y {
                                    Technique::DiscontinuousNiceLoop
                                } else {
                                    Technique::XChain
                                };
                                best.take(
                                    diff,
                                    complexity,
                                    kind,
                                    Step {
                                        technique,
                                        placements,
                                        eliminations,
                                        evidence: Evidence::Chain {
                                            links: chain_links(pos, &path),
                                        },
                                        se_difficulty: Some(rounded(diff)),
                                    },
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

/// SE's bidirectional cycles through `source` (an on potential).
#[allow(clippy::too_many_arguments)]
fn find_cycles(
    pos: &Pos,
    st: &Static,
    bfs: &mut Bfs,
    source: u32,
    y: bool,
    x: bool,
    kind: HintKind,
    base: f64,
    limit: usize,
    best: &mut Best,
) {
    // The offs that make the source on.
    let mut closing = Vec::new();
    static_ons_rev(pos, source, y, x, &mut closing);
    if closing.is_empty() {
        return;
    }
    bfs.potentials.clear();
    bfs.parent.clear();
    bfs.gen += 1;
    let g = bfs.gen;
    let root = bfs.push(source, NONE);
    bfs.seen_on[source as usize / 2] = g;
    let mut pend_on = vec![root];
    let mut pend_off: Vec<u32> = Vec::new();
    let mut next_on: Vec<u32> = Vec::new();
    let mut buf = Vec::new();
    let mut depth = 1usize;
    while !pend_on.is_empty() {
        // On phase.
        for &p in &pend_on {
            static_offs(st, bfs.potentials[p as usize], y, &mut buf);
            for &off in &buf {
                let fresh = bfs.seen_off[off as usize / 2] != g;
                let closes = p != root && closing.contains(&off);
                if !fresh && !closes {
                    continue;
                }
                if closes && bfs.is_ancestor(p, off) {
                    continue;
                }
                if closes && depth + 2 <= limit {
                    // The loop: the path to p, the off, back to the source.
                    let k = bfs.push(off, p);
                    let mut path = bfs.path(k);
                    path.push(source);
                    cycle_hint(pos, &path, kind, base, best);
                    if !fresh {
                        continue;
                    }
                    bfs.seen_off[off as usize / 2] = g;
                    pend_off.push(k);
                    continue;
                }
                if fresh {
                    bfs.seen_off[off as usize / 2] = g;
                    let k = bfs.push(off, p);
                    pend_off.push(k);
                }
            }
        }
        depth += 1;
        if depth + 2 > limit {
            return;
        }
        // Off phase.
        next_on.clear();
        for &p in &pend_off {
            static_ons(st, bfs.potentials[p as usize], y, x, &mut buf);
            for &on in &buf {
                if bfs.seen_on[on as usize / 2] != g {
                    bfs.seen_on[on as usize / 2] = g;
                    let k = bfs.push(on, p);
                    next_on.push(k);
                }
            }
        }
        pend_off.clear();
        depth += 1;
        std::mem::swap(&mut pend_on, &mut next_on);
    }
}

/// The offs whose static off → on rules give `on`.
fn static_ons_rev(pos: &Pos, on: u32, y: bool, x: bool, out: &mut Vec<u32>) {
    out.clear();
    let (cell, d) = (pos.cell_of(on), pos.digit_of(on));
    if y && two(pos.orig[cell]) {
        let other = (pos.orig[cell] & !(1u64 << d)).trailing_zeros() as usize;
        out.push(pos.pot(cell, other, false));
    }
    if x {
        for hi in 0..3 {
            let h = pos.houses[cell][hi] as usize;
            let places = pos.places_orig(h, d);
            if two(u64::from(places)) {
                let hc = &pos.house_cells[h];
                if let Some(i) =
                    (0..pos.n).find(|&i| places >> i & 1 == 1 && hc[i] as usize != cell)
                {
                    let p = pos.pot(hc[i] as usize, d, false);
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
            }
        }
    }
}

fn cycle_hint(pos: &Pos, path: &[u32], kind: HintKind, base: f64, best: &mut Best) {
    // Distinct potentials of the loop (the source closes it).
    let complexity = path.len() - 1;
    let diff = base + length_bonus(complexity);
    // Count it in the order even when it removes nothing? SE drops unworthy hints before
    // sorting, so only worthy ones take an order number.
    if !best.collecting() && !best.better(diff, complexity, kind) {
        return;
    }
    let cells: Vec<usize> = path.iter().map(|&p| pos.cell_of(p)).collect();
    let mut forw: Vec<(usize, usize)> = Vec::new();
    let mut back: Vec<(usize, usize)> = Vec::new();
    for &p in &path[1..] {
        let (cell, d) = (pos.cell_of(p), pos.digit_of(p));
        for &c in &pos.peers[cell] {
            let c = c as usize;
            if cells.contains(&c) || pos.orig[c] >> d & 1 == 0 {
                continue;
            }
            if p & 1 == 1 {
                forw.push((c, d));
            } else {
                back.push((c, d));
            }
        }
    }
    let mut elims: Vec<Candidate> = Vec::new();
    for &(c, d) in &forw {
        if back.contains(&(c, d)) {
            let cand = Candidate::new(Cell::new(c), Digit::from_index(d));
            if !elims.contains(&cand) {
                elims.push(cand);
            }
        }
    }
    if elims.is_empty() {
        return;
    }
    if best.collecting() {
        let offs: Vec<u32> = elims
            .iter()
            .map(|c| pos.pot(c.cell.index(), c.digit.index(), false))
            .collect();
        best.gather_path(pos, diff, complexity, offs, path);
        return;
    }
    {
        elims.sort_by_key(|c| (c.cell.index(), c.digit.index()));
        best.take(
            diff,
            complexity,
            kind,
            Step {
                technique: Technique::ContinuousNiceLoop,
                placements: Vec::new(),
                eliminations: elims,
                evidence: Evidence::Chain {
                    links: chain_links(pos, path),
                },
                se_difficulty: Some(rounded(diff)),
            },
        );
    }
}

/// SE's unary forcing chain from `src`: the shortest path to its own negation.
fn forcing_chain(st: &Static, bfs: &mut Bfs, src: u32, y: bool, limit: usize) -> Option<Vec<u32>> {
    // Scratch space kept in `bfs` between searches (nested chains run millions of them).
    let mut pend_on = std::mem::take(&mut bfs.pend_on);
    let mut pend_off = std::mem::take(&mut bfs.pend_off);
    let mut next = std::mem::take(&mut bfs.next);
    let mut buf = std::mem::take(&mut bfs.buf);
    let found = forcing_search(
        st,
        bfs,
        src,
        y,
        limit,
        [&mut pend_on, &mut pend_off, &mut next, &mut buf],
    );
    bfs.pend_on = pend_on;
    bfs.pend_off = pend_off;
    bfs.next = next;
    bfs.buf = buf;
    found
}

fn forcing_search(
    st: &Static,
    bfs: &mut Bfs,
    src: u32,
    y: bool,
    limit: usize,
    [pend_on, pend_off, next, buf]: [&mut Vec<u32>; 4],
) -> Option<Vec<u32>> {
    bfs.potentials.clear();
    bfs.parent.clear();
    bfs.gen += 1;
    let g = bfs.gen;
    let root = bfs.push(src, NONE);
    let target = src ^ 1;
    pend_on.clear();
    pend_off.clear();
    if src & 1 == 1 {
        bfs.seen_on[src as usize / 2] = g;
        pend_on.push(root);
    } else {
        bfs.seen_off[src as usize / 2] = g;
        pend_off.push(root);
    }
    let mut depth = 1usize;
    while !pend_on.is_empty() || !pend_off.is_empty() {
        if !pend_on.is_empty() {
            if depth + 1 > limit {
                return None;
            }
            next.clear();
            for &p in pend_on.iter() {
                let k = bfs.potentials[p as usize] as usize / 2;
                let from = if y { st.at[k] } else { st.mid[k] };
                for &off in &st.offs[from as usize..st.at[k + 1] as usize] {
                    if off == target {
                        let k = bfs.push(off, p);
                        return Some(bfs.path(k));
                    }
                    if bfs.seen_off[off as usize / 2] != g {
                        bfs.seen_off[off as usize / 2] = g;
                        let k = bfs.push(off, p);
                        next.push(k);
                    }
                }
            }
            pend_on.clear();
            pend_off.extend_from_slice(next);
            depth += 1;
        }
        if !pend_off.is_empty() {
            if depth + 1 > limit {
                return None;
            }
            next.clear();
            for &p in pend_off.iter() {
                static_ons(st, bfs.potentials[p as usize], y, true, buf);
                for &on in buf.iter() {
                    if on == target {
                        let k = bfs.push(on, p);
                        return Some(bfs.path(k));
                    }
                    if bfs.seen_on[on as usize / 2] != g {
                        bfs.seen_on[on as usize / 2] = g;
                        let k = bfs.push(on, p);
                        next.push(k);
                    }
                }
            }
            pend_off.clear();
            pend_on.extend_from_slice(next);
            depth += 1;
        }
    }
    None
}

// ---------------------------------------------------------------- multiple and dynamic

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Nishio,
    Multiple,
    Dynamic,
    Plus,
    /// Nested forcing chains of level 2 to 5.
    Nested(u8),
}

impl Mode {
    fn base(self) -> f64 {
        match self {
            Mode::Nishio => 7.5,
            Mode::Multiple => 8.0,
            Mode::Dynamic => 8.5,
            Mode::Plus => 9.0,
            Mode::Nested(level) => 9.5 + 0.5 * f64::from(level - 2),
        }
    }
    fn technique(self) -> Technique {
        match self {
            Mode::Nishio => Technique::Nishio,
            Mode::Multiple => Technique::MultipleForcingChain,
            Mode::Dynamic => Technique::DynamicForcingChain,
            Mode::Plus => Technique::DynamicForcingChainPlus,
            Mode::Nested(_) => Technique::NestedForcingChain,
        }
    }
    fn rules(self, limit: usize) -> Rules {
        Rules {
            y: self != Mode::Nishio,
            dynamic: self != Mode::Multiple,
            level: match self {
                Mode::Plus => 1,
                Mode::Nested(level) => level,
                _ => 0,
            },
            limit,
        }
    }
    fn dynamic(self) -> bool {
        self != Mode::Multiple
    }
}

/// The step of a multiple or dynamic producer: `from` are the branches' last nodes.
fn forcing_step(
    pos: &Pos,
    mode: Mode,
    diff: f64,
    target: u32,
    premise: Vec<Candidate>,
    from: &[(&Net, u32)],
) -> Step {
    let (placements, eliminations) = outcome(pos, target);
    let branches = from.iter().map(|&(net, k)| net.links(pos, k)).collect();
    let inner = match mode {
        Mode::Nested(_) => inner_used(pos, from),
        _ => Vec::new(),
    };
    Step {
        technique: mode.technique(),
        placements,
        eliminations,
        evidence: Evidence::Forcing {
            premise,
            branches,
            inner,
        },
        se_difficulty: Some(rounded(diff)),
    }
}

/// Whether concluding `target` removes anything (an on removes the cell's others).
fn worth(pos: &Pos, target: u32) -> bool {
    if target & 1 == 1 {
        let cell = pos.cell_of(target);
        pos.orig[cell] & !(1u64 << pos.digit_of(target)) != 0
    } else {
        true
    }
}

fn multiple(pos: &mut Pos, best: &mut Best, mode: Mode) {
    let npot = pos.npot();
    let ncell = pos.orig.len();
    let n = pos.n;
    let base = mode.base();
    let mut counter = Counter::new(npot);
    // The on net of every candidate, computed once (SE recomputes them per region).
    let mut on_nets = OnNets::new(ncell * n);
    // The candidates of a cell or region forcing (one buffer for all).
    let mut members: Vec<usize> = Vec::new();
    let mut off_net = pos.search.net(npot);
    let dynamic = mode.dynamic();
    let multiple = mode != Mode::Nishio;
    let ensure = |pos: &mut Pos, nets: &mut OnNets, cand: usize, limit: usize| {
        if nets.get(cand).is_none() {
            let mut net = pos.search.net(npot);
            run_net(pos, &mut net, (cand * 2 + 1) as u32, mode.rules(limit));
            nets.insert(cand, net);
        }
    };
    for cell in 0..ncell {
        let card = pos.orig[cell].count_ones();
        if !(card > 2 || (card > 1 && dynamic)) {
            continue;
        }
        if matches!(mode, Mode::Nested(_)) && pos.search.past_deadline() {
            break;
        }
        let do_double = card >= 3 && mode != Mode::Nishio && dynamic;
        let do_contradiction = dynamic;
        for d in 0..n {
            if pos.orig[cell] >> d & 1 == 0 {
                continue;
            }
            let cand = cell * n + d;
            if best.reach.is_none() {
                ensure(pos, &mut on_nets, cand, best.limit(base));
            }
            let on_pot = (cand * 2 + 1) as u32;
            let src = pos.candidate(on_pot);
            if do_contradiction {
                let net = on_nets.net(cand);
                if let Some((a, b)) = net.absurd {
                    let cx = counter.count(net, a) + counter.count_more(net, b);
                    let diff = base + length_bonus(cx);
                    if best.collecting() {
                        best.gather(pos, diff, cx, on_pot ^ 1, &[(net, a), (net, b)], &[]);
                    } else if best.better(diff, cx, HintKind::Contradiction) {
                        let step = forcing_step(
                            pos,
                            mode,
                            diff,
                            on_pot ^ 1,
                            vec![src],
                            &[(net, a), (net, b)],
                        );
                        best.take(diff, cx, HintKind::Contradiction, step);
                    }
                }
            }
            if do_contradiction || do_double {
                run_net(pos, &mut off_net, on_pot ^ 1, mode.rules(best.limit(base)));
                if do_contradiction {
                    if let Some((a, b)) = off_net.absurd {
                        let cx = counter.count(&off_net, a) + counter.count_more(&off_net, b);
                        let diff = base + length_bonus(cx);
                        if best.collecting() {
                            if worth(pos, on_pot) {
                                let br = [(&off_net, a), (&off_net, b)];
                                best.gather(pos, diff, cx, on_pot, &br, &[]);
                            }
                        } else if best.better(diff, cx, HintKind::Contradiction)
                            && worth(pos, on_pot)
                        {
                            let step = forcing_step(
                                pos,
                                mode,
                                diff,
                                on_pot,
                                vec![src],
                                &[(&off_net, a), (&off_net, b)],
                            );
                            best.take(diff, cx, HintKind::Contradiction, step);
                        }
                    }
                }
                if do_double && on_nets.net(cand).meets(&off_net) {
                    let net = on_nets.net(cand);
                    for pol in [1u32, 0] {
                        for k in 0..net.nodes.len() as u32 {
                            let pot = net.nodes[k as usize].potential;
                            if pot & 1 != pol || net.node(pot) != k || !off_net.has(pot) {
                                continue;
                            }
                            if !worth(pos, pot) {
                                continue;
                            }
                            let k2 = off_net.node(pot);
                            let cx = counter.count(net, k) + counter.count(&off_net, k2);
                            let diff = base + length_bonus(cx);
                            if best.collecting() {
                                best.gather(pos, diff, cx, pot, &[(net, k), (&off_net, k2)], &[]);
                            } else if best.better(diff, cx, HintKind::DoubleImplication) {
                                let step = forcing_step(
                                    pos,
                                    mode,
                                    diff,
                                    pot,
                                    vec![src, src],
                                    &[(net, k), (&off_net, k2)],
                                );
                                best.take(diff, cx, HintKind::DoubleImplication, step);
                            }
                        }
                    }
                }
            }
            if mode == Mode::Nishio {
                continue;
            }
            // Region forcing, where this cell is the digit's first place in the house.
            for hi in 0..3 {
                let h = pos.houses[cell][hi] as usize;
                let places = pos.places_orig(h, d);
                let k = places.count_ones();
                if !(k == 2 || (multiple && k > 2)) {
                    continue;
                }
                let houses = pos.house_cells.clone();
                let hc = &houses[h];
                let first = places.trailing_zeros() as usize;
                if hc[first] as usize != cell {
                    continue;
                }
                members.clear();
                members.extend(
                    (0..n)
                        .filter(|&i| places >> i & 1 == 1)
                        .map(|i| hc[i] as usize * n + d),
                );
                if best
                    .reach
                    .as_ref()
                    .is_some_and(|r| !r.may_agree(pos, &members))
                {
                    continue;
                }
                for &m in &members {
                    ensure(pos, &mut on_nets, m, best.limit(base));
                }
                // Inside a nested chain, region forcing relies on the places the outer
                // net removed.
                let mut deps = Vec::new();
                if let Some(outer) = best.outer() {
                    let gone = pos.places(outer, h, d) & !places;
                    for (i, &c) in hc.iter().enumerate() {
                        if gone >> i & 1 == 1 {
                            deps.push(pos.pot(c as usize, d, false));
                        }
                    }
                }
                agree(
                    pos,
                    best,
                    &mut counter,
                    &on_nets,
                    &members,
                    &deps,
                    mode,
                    HintKind::RegionForcing,
                );
            }
        }
        if mode != Mode::Nishio && (card == 2 || (multiple && card > 2)) {
            members.clear();
            members.extend(
                (0..n)
                    .filter(|&e| pos.orig[cell] >> e & 1 == 1)
                    .map(|e| cell * n + e),
            );
            if best
                .reach
                .as_ref()
                .is_some_and(|r| !r.may_agree(pos, &members))
            {
                continue;
            }
            for &m in &members {
                ensure(pos, &mut on_nets, m, best.limit(base));
            }
            let mut deps = Vec::new();
            if let Some(outer) = best.outer() {
                let gone = outer[cell] & !pos.orig[cell];
                for e in 0..n {
                    if gone >> e & 1 == 1 {
                        deps.push(pos.pot(cell, e, false));
                    }
                }
            }
            agree(
                pos,
                best,
                &mut counter,
                &on_nets,
                &members,
                &deps,
                mode,
                HintKind::CellForcing,
            );
        }
    }
    pos.search.release(off_net);
    for net in on_nets.nets {
        pos.search.release(net);
    }
}

/// The on nets of a producer's candidates, made on demand: a slot per candidate into a
/// list (a table of nets itself is 150 KB to set up, and inner producers run 100,000s of
/// times).
struct OnNets {
    slot: Vec<u32>,
    nets: Vec<Net>,
}

impl OnNets {
    fn new(ncand: usize) -> OnNets {
        OnNets {
            slot: vec![NONE; ncand],
            nets: Vec::new(),
        }
    }
    fn get(&self, cand: usize) -> Option<&Net> {
        let s = self.slot[cand];
        (s != NONE).then(|| &self.nets[s as usize])
    }
    /// The net of `cand` (made already).
    fn net(&self, cand: usize) -> &Net {
        &self.nets[self.slot[cand] as usize]
    }
    fn insert(&mut self, cand: usize, net: Net) {
        self.slot[cand] = self.nets.len() as u32;
        self.nets.push(net);
    }
}

/// Cell or region forcing: what every member's on net derives.
#[allow(clippy::too_many_arguments)]
fn agree(
    pos: &Pos,
    best: &mut Best,
    counter: &mut Counter,
    nets: &OnNets,
    members: &[usize],
    premise_deps: &[u32],
    mode: Mode,
    kind: HintKind,
) {
    let first = nets.net(members[0]);
    let base = mode.base();
    // Most groups agree on nothing: their nets' bit sets tell at once.
    let common = (0..first.bits.len())
        .any(|i| members.iter().fold(!0u64, |w, &m| w & nets.net(m).bits[i]) != 0);
    if !common {
        return;
    }
    for pol in [1u32, 0] {
        for k in 0..first.nodes.len() as u32 {
            let pot = first.nodes[k as usize].potential;
            if pot & 1 != pol || first.node(pot) != k {
                continue;
            }
            if !members[1..].iter().all(|&m| nets.net(m).has(pot)) {
                continue;
            }
            if !worth(pos, pot) {
                continue;
            }
            let cx: usize = members
                .iter()
                .map(|&m| {
                    let net = nets.net(m);
                    counter.count(net, net.node(pot))
                })
                .sum();
            let diff = base + length_bonus(cx);
            if best.collecting() {
                let br: Vec<(&Net, u32)> = members
                    .iter()
                    .map(|&m| {
                        let net = nets.net(m);
                        (net, net.node(pot))
                    })
                    .collect();
                best.gather(pos, diff, cx, pot, &br, premise_deps);
            } else if best.better(diff, cx, kind) {
                let premise: Vec<Candidate> = members
                    .iter()
                    .map(|&m| pos.candidate((m * 2 + 1) as u32))
                    .collect();
                let from: Vec<(&Net, u32)> = members
                    .iter()
                    .map(|&m| {
                        let net = nets.net(m);
                        (net, net.node(pot))
                    })
                    .collect();
                let step = forcing_step(pos, mode, diff, pot, premise, &from);
                best.take(diff, cx, kind, step);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Board, Grid};

    /// The reach pass against plain searches, on positions with candidates removed (as
    /// nested chains see them): a potential leads to its negation exactly when a forcing
    /// chain search without bound finds one (X and Y links; X links only find no more),
    /// and no cell or region whose static nets share a worthy potential is skipped.
    #[test]
    fn reach_matches_searches() {
        let line =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let board = Board::new(&Grid::from_line(line).unwrap());
        let ctx = Context::new(&board);
        let search = Search::new(None);
        let mut root = Pos::new(&ctx, &search);
        let mut seed = 7u64;
        let (mut chains, mut groups) = (0, 0);
        for round in 0..12 {
            // Remove a few candidates of cells with three or more (more each round).
            for _ in 0..4 * round {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let cell = (seed >> 33) as usize % root.cur.len();
                let m = root.cur[cell];
                if m.count_ones() >= 3 {
                    let d = (seed >> 40) as usize % root.n;
                    if m >> d & 1 == 1 {
                        root.remove(cell, d);
                    }
                }
            }
            let mut pos = root.derived();
            let mut reach = Reach::new(&pos);
            let st = Static::new(&pos);
            let mut bfs = Bfs::new(pos.npot());
            for cell in 0..pos.orig.len() {
                for d in 0..pos.n {
                    if pos.orig[cell] >> d & 1 == 0 {
                        continue;
                    }
                    let on = pos.pot(cell, d, true);
                    for src in [on, on ^ 1] {
                        let xy = forcing_chain(&st, &mut bfs, src, true, usize::MAX).is_some();
                        let x = forcing_chain(&st, &mut bfs, src, false, usize::MAX).is_some();
                        assert_eq!(reach.negated(src), xy, "round {round}, potential {src}");
                        assert!(xy || !x);
                        chains += usize::from(xy);
                    }
                }
            }
            reach.complete();
            let rules = Mode::Multiple.rules(usize::MAX);
            let net_of = |pos: &mut Pos, cand: usize| {
                let mut net = Net::new(pos.npot());
                run_net(pos, &mut net, (cand * 2 + 1) as u32, rules);
                net
            };
            let n = pos.n;
            let mut all: Vec<Vec<usize>> = (0..pos.orig.len())
                .filter(|&c| several(pos.orig[c]))
                .map(|c| {
                    (0..n)
                        .filter(|&e| pos.orig[c] >> e & 1 == 1)
                        .map(|e| c * n + e)
                        .collect()
                })
                .collect();
            for h in 0..3 * n {
                for d in 0..n {
                    let places = pos.places_orig(h, d);
                    if several(u64::from(places)) {
                        let hc = &pos.house_cells[h];
                        let members = (0..n).filter(|&i| places >> i & 1 == 1);
                        all.push(members.map(|i| hc[i] as usize * n + d).collect());
                    }
                }
            }
            for members in all {
                let nets: Vec<Net> = members.iter().map(|&m| net_of(&mut pos, m)).collect();
                let common = nets[0].nodes.iter().any(|nd| {
                    nets[0].node(nd.potential) != NONE
                        && nets.iter().all(|net| net.has(nd.potential))
                        && worth(&pos, nd.potential)
                });
                if common {
                    groups += 1;
                    assert!(
                        reach.may_agree(&pos, &members),
                        "round {round}, {members:?}"
                    );
                }
            }
        }
        // The positions have chains and agreeing groups to find.
        assert!(chains > 0 && groups > 0, "{chains} {groups}");
    }

    #[test]
    fn bonus_thresholds() {
        assert_eq!(length_bonus(6), 0.0);
        assert!((length_bonus(7) - 0.1).abs() < 1e-9);
        assert!((length_bonus(8) - 0.1).abs() < 1e-9);
        assert!((length_bonus(9) - 0.2).abs() < 1e-9);
        assert!((length_bonus(10) - 0.2).abs() < 1e-9);
        assert!((length_bonus(11) - 0.3).abs() < 1e-9);
        assert!((length_bonus(15) - 0.4).abs() < 1e-9);
        // Bounds: the first complexity over a rating.
        assert_eq!(complexity_limit(6.6, 6.6), 7);
        assert_eq!(complexity_limit(7.0, 7.1), 9);
        assert_eq!(complexity_limit(7.0, 6.9), 0);
        assert_eq!(complexity_limit(7.0, f64::INFINITY), usize::MAX);
    }
}
