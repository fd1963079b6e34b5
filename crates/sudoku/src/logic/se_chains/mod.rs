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
//! # Producers ([`ExplainerProducer`]), each yielding its cheapest step
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
//!   potential (2% do), so only their nets are made. Only bivalue cells and two-place
//!   digits have links into an on or out of an off, so the components are made over
//!   their candidates alone (a tenth of a 25x25 position's), and each set keeps a mask of
//!   its words in use (unions and intersections skip the empty ones).
//! - Nets keep a bit set of their potentials: groups and double implications whose nets
//!   share nothing are skipped at once (97% of groups in inner dynamic chains).
//! - Nets run on the one propagation engine (`forcing::Branch`) over its box-first masks
//!   store (`propagation::Bits`): they walk place masks and candidate bits, not peer
//!   lists, and Dynamic (+) locked candidates are one mask test per house and digit. The
//!   engine follows SE's values on a loop compiled with them as constants.
//! - Inner positions take their tables and branch from a pool the [`Search`] keeps
//!   (`Pos::derived`, `Pos::release`) rather than allocating them per position.
//!
//! Tried without gain: bounding inner offs by the best step's complexity (the bounds are
//! loose: at level 4 almost every inner search runs with a limit over 160); resuming level
//! L-1 nets at level L (the rerun is mostly cached inner hints); precomputed on-link
//! tables; an 8x larger inner-hint cache (10% fewer misses). Cutting inner dynamic nets at
//! the limit is not exact (a pruned node changes which parents later nodes get).
//!
//! # Files
//! `position` (a position over the shape's geometry, with its branch of the one
//! propagation engine), `net` (nets of one assumption: the one node table as the engine
//! fills it (`propagate`, which also gives the nested levels' hook), and the complexity
//! count; Dynamic (+)'s basic techniques are `propagation`'s), `links` (static links, the
//! BFS and their reach), `cycles` (cycles and static forcing chains), `forcing` (multiple,
//! dynamic and nested forcing), `nested` (inner producers and what they rely on), `rank`
//! (sorting hints). The geometry is the shape's one ([`super::geometry::BoxFirst`]); the
//! state kept along a solve path (inner hints, the pools of nets and of inner positions,
//! the deadline) is a [`Search`] the driver owns and passes down.
//!
//! Depends on [`super::Context`] and the step model.

use super::forcing::{Branch, InnerOff, Tables};
use super::geometry::BOX_FIRST_MAX_SIDE;
use super::propagation::{ones, several, two, Bits, Cause, InnerRule, Nodes, Rules, Stall};
use super::registry::Sink;
use super::step::{Evidence, InnerChain, Link, Step};
use super::technique::{
    ExplainerProducer, Technique, SE_NESTED_LEVELS, SE_NESTED_LEVEL_STEP, SE_XY_LINKS_RATING,
};
use super::Context;
use crate::index::{Candidate, Cell, Digit};
use crate::stop::Stop;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

mod cycles;
mod forcing;
mod links;
mod nested;
mod net;
mod position;
mod rank;

use cycles::*;
use forcing::*;
use links::*;
use nested::*;
use net::*;
use position::*;
use rank::*;

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

/// The nested levels SE rates (9.5 to 11.0), each a base [`NESTED_LEVEL_STEP`] above the
/// one before (the catalogue's figures).
const FIRST_NESTED_LEVEL: u8 = *SE_NESTED_LEVELS.start();
const LAST_NESTED_LEVEL: u8 = *SE_NESTED_LEVELS.end();
const NESTED_LEVEL_STEP: f64 = SE_NESTED_LEVEL_STEP as f64;

/// The catalogue's SE base rating of `t`, as the decimal it stands for (an `f32` widened
/// to `f64` is off in the last places, and difficulties are compared exactly).
fn se_base(t: Technique) -> f64 {
    (f64::from(t.se_rating().expect("SE rates its producers' techniques")) * 10.0).round() / 10.0
}

/// SE's base for cycles and static forcing chains that use both X and Y links (the
/// catalogue's [`SE_XY_LINKS_RATING`], exact as an `f64`).
const Y_LINKS_BASE: f64 = SE_XY_LINKS_RATING as f64;

/// What SE's producers keep along one solve path, owned by the driver: the inner hints of
/// the positions nested chains reached (levels and the next steps run much the same nets
/// again), pools of nets and of inner positions' parts (nested chains run many thousands),
/// and the stop the nested producer watches (it can take seconds for one step).
pub(crate) struct Search {
    inner_cache: RefCell<InnerCache>,
    nets: RefCell<Vec<Net>>,
    /// The parts of inner positions given back, for the next ones.
    positions: RefCell<Vec<PosParts>>,
    /// The static links and search of the last inner position, for the next one.
    links: RefCell<Option<(Static, Bfs)>>,
    stop: Stop,
}

impl Search {
    /// A fresh search; once `stop` is reached the nested producer stops and gives no step.
    pub(crate) fn new(stop: Stop) -> Search {
        Search {
            inner_cache: RefCell::new(HashMap::new()),
            nets: RefCell::new(Vec::new()),
            positions: RefCell::new(Vec::new()),
            links: RefCell::new(None),
            stop,
        }
    }
    /// The static links of `pos` and a search over them, on the tables given back last
    /// if there are any.
    fn static_links(&self, pos: &Pos) -> (Static, Bfs) {
        match self.links.borrow_mut().take() {
            Some((mut st, bfs)) if bfs.seen_on.len() == pos.npot() / 2 => {
                st.rebuild(pos);
                (st, bfs)
            }
            _ => (Static::new(pos), Bfs::new(pos.npot())),
        }
    }
    /// Gives static links back for the next position.
    fn release_links(&self, links: (Static, Bfs)) {
        *self.links.borrow_mut() = Some(links);
    }
    /// A net from the pool, or a new one.
    fn net(&self, npot: usize) -> Net {
        self.nets
            .borrow_mut()
            .pop()
            .filter(|net| net.table.idx.len() == npot)
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
    /// Whether the path's stop is reached (its deadline, a cancel, an interrupt): long
    /// finders look, and give up.
    pub(crate) fn past_deadline(&self) -> bool {
        self.stop.reached()
    }
    /// The path's stop, for the searches a step runs (Brute Force's).
    pub(crate) fn stop(&self) -> &Stop {
        &self.stop
    }
}

/// The finders of SE's producers, one per [`ExplainerProducer`] (see the registry): each
/// runs its producer once per position, for the first of the techniques that name it, on
/// the path's state ([`Context::se_search`]), and gives its cheapest step.
macro_rules! producer_finders {
    ($($name:ident: $p:ident;)*) => {$(
        #[doc = concat!("The [`ExplainerProducer::", stringify!($p), "`] producer's finder.")]
        pub(crate) fn $name(
            ctx: &Context<'_>,
            _technique: Technique,
            sink: &mut Sink<'_>,
        ) -> ControlFlow<()> {
            run_once(ctx, ExplainerProducer::$p, sink)
        }
    )*};
}
producer_finders! {
    find_cycles: Cycles;
    find_nishio: Nishio;
    find_multiple: Multiple;
    find_dynamic: Dynamic;
    find_plus: Plus;
    find_nested: Nested;
}

/// Runs `producer` on `ctx` unless it already ran there.
fn run_once(
    ctx: &Context<'_>,
    producer: ExplainerProducer,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    if !ctx.first_run_of(producer) {
        return ControlFlow::Continue(());
    }
    find(ctx, ctx.se_search(), producer, sink)
}

/// Runs one SE producer on `ctx` and gives its cheapest step.
fn find(
    ctx: &Context<'_>,
    search: &Search,
    producer: ExplainerProducer,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    if ctx.side() > BOX_FIRST_MAX_SIDE {
        return ControlFlow::Continue(());
    }
    let mut pos = Pos::new(ctx, search);
    let mut best = Best::new();
    match producer {
        ExplainerProducer::Cycles => cycles(&pos, &mut best),
        ExplainerProducer::Nishio => multiple(&mut pos, &mut best, Mode::Nishio),
        ExplainerProducer::Multiple => multiple(&mut pos, &mut best, Mode::Multiple),
        ExplainerProducer::Dynamic => multiple(&mut pos, &mut best, Mode::Dynamic),
        ExplainerProducer::Plus => multiple(&mut pos, &mut best, Mode::Plus),
        ExplainerProducer::Nested => {
            for level in FIRST_NESTED_LEVEL..=LAST_NESTED_LEVEL {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Board, Grid};
    use crate::logic::propagation::Store;

    /// The reach pass against plain searches, on positions with candidates removed (as
    /// nested chains see them): a potential leads to its negation exactly when a forcing
    /// chain search without bound finds one (X and Y links; X links only find no more),
    /// and a cell or region may agree exactly when what its ons reach along the links
    /// shares a potential that removes something (every group whose static nets share
    /// one among them).
    #[test]
    fn reach_matches_searches() {
        let line =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let board = Board::new(&Grid::from_line(line).unwrap());
        let ctx = Context::new(&board);
        let search = Search::new(Stop::never());
        let root = Pos::new(&ctx, &search);
        let outer = &root.branch.0;
        let mut cur = outer.orig.clone();
        let mut seed = 7u64;
        let (mut chains, mut groups, mut apart) = (0, 0, 0);
        for round in 0..12 {
            // Remove a few candidates of cells with three or more (more each round).
            for _ in 0..4 * round {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let cell = (seed >> 33) as usize % cur.cells.len();
                let m = cur.cells[cell];
                if m.count_ones() >= 3 {
                    let d = (seed >> 40) as usize % root.n;
                    if m >> d & 1 == 1 {
                        cur.remove(outer.geometry(), cell, d);
                    }
                }
            }
            let mut pos = Pos::derived(&search, outer, &cur);
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
            reach.complete(&pos);
            let rules = Mode::Multiple.rules();
            let net_of = |pos: &mut Pos, cand: usize| {
                let mut net = Net::new(pos.npot());
                propagate(pos, &mut net, (cand * 2 + 1) as u32, rules, usize::MAX);
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
            // Every potential the on of candidate `m` reaches along the static links.
            let npot = pos.npot();
            let walk = |m: usize| {
                let mut seen = vec![false; npot];
                let mut todo = vec![(2 * m + 1) as u32];
                let mut next = Vec::new();
                while let Some(p) = todo.pop() {
                    if std::mem::replace(&mut seen[p as usize], true) {
                        continue;
                    }
                    if p & 1 == 1 {
                        static_offs(&st, p, true, &mut next);
                    } else {
                        static_ons(&st, p, true, true, &mut next);
                    }
                    todo.extend_from_slice(&next);
                }
                seen
            };
            for members in all {
                let nets: Vec<Net> = members.iter().map(|&m| net_of(&mut pos, m)).collect();
                let common = nets[0].nodes.iter().any(|nd| {
                    nets[0].node(nd.fact) != NONE
                        && nets.iter().all(|net| net.has(nd.fact))
                        && worth(&pos, nd.fact)
                });
                // The reach is what the links lead to, no more: a group may agree when,
                // and only when, what its ons reach along the static links (followed one
                // by one here) shares a potential that removes something. Every group
                // whose nets share one is among them.
                let reached: Vec<Vec<bool>> = members.iter().map(|&m| walk(m)).collect();
                let linked =
                    (0..npot).any(|p| reached.iter().all(|r| r[p]) && worth(&pos, p as u32));
                assert_eq!(
                    reach.may_agree(&pos, &members),
                    linked,
                    "round {round}, {members:?}"
                );
                assert!(linked || !common, "round {round}, {members:?}");
                groups += usize::from(common);
                apart += usize::from(!linked);
            }
        }
        // The positions have chains to find, and groups that agree and that do not.
        assert!(
            chains > 0 && groups > 0 && apart > 0,
            "{chains} {groups} {apart}"
        );
    }

    /// The scales HoDoKu's and SE's engines share follow the same links; what differs is
    /// the engine's (and the stall rule from Dynamic (+) on).
    #[test]
    fn scales_agree_with_hodoku_engine() {
        use crate::logic::forcing::Mode as Hodoku;
        for (ours, theirs) in [
            (Mode::Nishio, Hodoku::Digit),
            (Mode::Multiple, Hodoku::Static),
            (Mode::Dynamic, Hodoku::Dynamic),
            (Mode::Plus, Hodoku::Plus),
            (Mode::Nested(2), Hodoku::Nested),
        ] {
            let (a, b) = (ours.rules(), theirs.rules());
            assert_eq!(
                (a.cell_links, a.dynamic),
                (b.cell_links, b.dynamic),
                "{theirs:?}"
            );
            assert_eq!(a.dynamic, ours.dynamic(), "{theirs:?}");
            assert_eq!(a.stall == Stall::Stop, b.stall == Stall::Stop, "{theirs:?}");
            let engine = |r: Rules| (r.queue, r.peers, r.contradiction, r.effect);
            assert_eq!(engine(a), engine(Rules::EXPLAINER), "{theirs:?}");
            assert_eq!(engine(b), engine(Rules::HODOKU), "{theirs:?}");
        }
    }

    /// The branch on HoDoKu's digit-set store, run with SE's engine values, derives at the
    /// static and dynamic scales, and with SE's basics stall (Dynamic (+)), what SE's nets
    /// (the branch on the box-first masks store, [`propagate`]) derive, on SE's own loop
    /// and on the loop written for any rules, in one node table:
    /// the same facts in the same order, each with the same causes (a dynamic single's
    /// hidden falses included) and the same kind of cause, and the same contradiction.
    /// The two stores agree node for node under HoDoKu's values too (locked candidates as
    /// the stall rule where SE's has its basics); with HoDoKu's values the branch derives
    /// something else than with SE's on these positions.
    #[test]
    fn sets_and_masks_give_the_same_tables() {
        use crate::logic::forcing::{Branch, Clash, Tables};
        let lines = [
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        ];
        // Every node of a table: its fact, its causes' facts, how it was derived.
        let rows = |t: &Nodes| -> Vec<(u32, Vec<u32>, Cause)> {
            (0..t.nodes.len() as u32)
                .map(|k| {
                    let causes = t.parents(k).iter().map(|&p| t.nodes[p as usize].fact);
                    (
                        t.nodes[k as usize].fact,
                        causes.collect(),
                        t.nodes[k as usize].cause,
                    )
                })
                .collect()
        };
        let (mut compared, mut clashes, mut hidden, mut hodoku_differs) = (0, 0, 0, 0);
        for line in lines {
            let board = Board::new(&Grid::from_line(line).unwrap());
            let ctx = Context::new(&board);
            let search = Search::new(Stop::never());
            let mut pos = Pos::new(&ctx, &search);
            let t: Tables = Tables::new(&ctx);
            let mut branch = Branch::new(&t);
            let bits_t: Tables<Bits> = Tables::new(&ctx);
            let mut bits = Branch::new(&bits_t);
            let mut net = Net::new(pos.npot());
            for (cell_links, dynamic, stall) in [
                (true, false, Stall::Stop),
                (false, false, Stall::Stop),
                (true, true, Stall::Stop),
                (false, true, Stall::Stop),
                (true, true, Stall::Basics),
            ] {
                let rules = Rules::EXPLAINER.scale(cell_links, dynamic, stall);
                let hodoku = Rules::HODOKU.scale(cell_links, dynamic, Stall::Stop);
                let hodoku_stall = match stall {
                    Stall::Basics => Stall::LockedCandidates,
                    other => other,
                };
                let hodoku_full = Rules::HODOKU.scale(cell_links, dynamic, hodoku_stall);
                for cand in 0..pos.orig.len() * pos.n {
                    if pos.orig[cand / pos.n] >> (cand % pos.n) & 1 == 0 {
                        continue;
                    }
                    for start in [cand * 2 + 1, cand * 2] {
                        let start = start as u32;
                        propagate(&mut pos, &mut net, start, rules, usize::MAX);
                        let theirs = rows(&net);
                        // The node of a contradiction's second half is the last, not held.
                        let their_clash = net.absurd.map(|_| {
                            let v = net.nodes.len() as u32 - 1;
                            let fact = net.nodes[v as usize].fact;
                            Clash::Both {
                                cand: fact / 2,
                                by: net.first_parent_fact(v),
                                on: fact & 1 == 1,
                            }
                        });
                        branch.start_with(&t, start, rules, &mut None);
                        let at = format!("{line}, {cell_links} {dynamic} {stall:?}, from {start}");
                        assert_eq!(rows(&branch.table), theirs, "{at}");
                        assert_eq!(branch.clash(), their_clash, "{at}");
                        bits.start_with(&bits_t, start, rules, &mut None);
                        assert_eq!(rows(&bits.table), theirs, "masks, {at}");
                        assert_eq!(bits.clash(), their_clash, "masks, {at}");
                        // SE's own loop against the one written for any rules.
                        branch.start_generic(&t, start, rules);
                        assert_eq!(rows(&branch.table), theirs, "any rules, {at}");
                        assert_eq!(branch.clash(), their_clash, "any rules, {at}");
                        bits.start_generic(&bits_t, start, rules);
                        assert_eq!(rows(&bits.table), theirs, "any rules, masks, {at}");
                        assert_eq!(bits.clash(), their_clash, "any rules, masks, {at}");
                        branch.start_with(&t, start, hodoku_full, &mut None);
                        bits.start_with(&bits_t, start, hodoku_full, &mut None);
                        assert_eq!(rows(&bits.table), rows(&branch.table), "HoDoKu's, {at}");
                        assert_eq!(bits.clash(), branch.clash(), "HoDoKu's, {at}");
                        let firsts = |r: &[(u32, Vec<u32>, Cause)]| -> Vec<(u32, Option<u32>)> {
                            r.iter().map(|(f, c, _)| (*f, c.first().copied())).collect()
                        };
                        branch.start_with(&t, start, hodoku, &mut None);
                        hodoku_differs +=
                            usize::from(firsts(&rows(&branch.table)) != firsts(&theirs));
                        compared += 1;
                        clashes += usize::from(their_clash.is_some());
                        hidden += theirs.iter().filter(|(_, c, _)| c.len() > 1).count();
                    }
                }
            }
        }
        assert!(
            compared > 1000 && clashes > 0 && hidden > 0,
            "{compared} {clashes} {hidden}"
        );
        assert!(hodoku_differs > 0);
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
