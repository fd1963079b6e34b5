//! Forcing chains and nets: assume a candidate true (or false), follow what it forces, and
//! conclude from a contradiction or from what every branch of a choice agrees on.
//!
//! # Propagation
//! A *branch* starts from one premise (a candidate assumed true or false) and derives
//! facts ("r1c2 is 5", "r1c2 is not 5") until nothing more follows:
//! - a true candidate makes false the cell's other candidates and its digit in every peer;
//! - a false candidate makes a candidate true when it leaves a single one in its cell or
//!   a single place for its digit in a house. [`Mode::Static`] only uses the strong links
//!   of the position (bivalue cells, conjugate pairs), which makes forcing *chains*;
//!   [`Mode::Dynamic`] uses the singles as they appear in the branch (forcing *nets*,
//!   SE's dynamic chains); [`Mode::Plus`] adds locked candidates (pointing and claiming)
//!   inside the branch; [`Mode::Nested`] also drops, inside the branch, every candidate
//!   whose own `Plus` branch ends in a contradiction. [`Mode::Digit`] follows one digit only
//!   (Nishio).
//!
//! Every fact keeps the fact it came from, so each conclusion comes with its chain back to
//! the premise; the facts go in the shared node table ([`Nodes`]).
//!
//! How a branch propagates is its [`Rules`]: the scale ([`Mode::rules`]) and the engine
//! values. HoDoKu's finders run with [`Rules::HODOKU`]'s. The branch also follows SE's
//! ([`Rules::EXPLAINER`]: trues first, box-row-column order, only a candidate both true and
//! false as a contradiction, a false taking effect when followed, a dynamic single keeping
//! its hidden causes, SE's basics and nested levels as stall rules): every SE producer
//! runs its nets on it ([`Branch::run_into`]). The branch is generic over its candidate
//! store ([`Store`]): box-first masks ([`Bits`]) up to 32x32, for SE's producers and
//! HoDoKu's finders alike, digit sets ([`Sets`], any side) past that and for kraken fish;
//! a test runs both stores on the same branches and compares their tables. SE's engine
//! values run on a copy of the queue loop made by the compiler with them as constants
//! (`run_queue::<true>`), which the same test holds to the loop for any rules.
//!
//! # Conclusions
//! - Contradiction: a branch makes a candidate both true and false, empties a cell or
//!   leaves a digit no place in a house; the premise is then wrong.
//! - Verity: every candidate of a cell (cell forcing) or every place of a digit in a house
//!   (region/unit forcing) forces the same fact, or a candidate and its negation both
//!   force it (double implication); the fact is then true.
//!
//! The branch engine is `branch.rs`; the nested forcing chains' sweep (`nested.rs`) runs
//! each branch inside the end of an earlier one that holds its premise, and past 9x9 on
//! as many threads as the context allows ([`Context::with_threads`]), with the same steps.
//!
//! Depends on [`super::Context`], the step model and [`super::chains`] for rendering.

use super::geometry::BOX_FIRST_MAX_SIDE;
use super::propagation::{Bits, Rules, Sets, Stall, Store};
use super::registry::Sink;
use super::step::{Evidence, Step};
use super::technique::Technique;
use super::Context;
use crate::index::House;
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::ForcingChainContradiction,
    Technique::ForcingChainVerity,
    Technique::ForcingNetContradiction,
    Technique::ForcingNetVerity,
    Technique::Nishio,
    Technique::MultipleForcingChain,
    Technique::DynamicForcingChain,
    Technique::DynamicForcingChainPlus,
    Technique::NestedForcingChain,
];

/// The scale a branch propagates at (its [`Rules`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    Digit,
    Static,
    Dynamic,
    Plus,
    Nested,
}

impl Mode {
    /// HoDoKu's propagation rules at this scale.
    pub(crate) const fn rules(self) -> Rules {
        let (cell_links, dynamic, stall) = match self {
            Mode::Digit => (false, true, Stall::Stop),
            Mode::Static => (true, false, Stall::Stop),
            Mode::Dynamic => (true, true, Stall::Stop),
            Mode::Plus => (true, true, Stall::LockedCandidates),
            Mode::Nested => (true, true, Stall::FailingBivalues),
        };
        Rules::HODOKU.scale(cell_links, dynamic, stall)
    }
}

const NONE: u32 = u32::MAX;

mod branch;
mod nested;

#[cfg(test)]
pub(crate) use branch::Clash;
pub(crate) use branch::{Branch, Implied, InnerOff, Tables};

/// What a technique looks for.
struct Plan {
    mode: Mode,
    contradiction: bool,
    verity: bool,
    double: bool,
}

fn plan(t: Technique) -> Option<Plan> {
    use Technique::*;
    let p = |mode, contradiction, verity, double| Plan {
        mode,
        contradiction,
        verity,
        double,
    };
    Some(match t {
        ForcingChainContradiction => p(Mode::Static, true, false, false),
        ForcingChainVerity => p(Mode::Static, false, true, true),
        ForcingNetContradiction => p(Mode::Dynamic, true, false, false),
        ForcingNetVerity => p(Mode::Dynamic, false, true, true),
        Nishio => p(Mode::Digit, true, false, false),
        MultipleForcingChain => p(Mode::Static, false, true, false),
        DynamicForcingChain => p(Mode::Dynamic, true, true, true),
        DynamicForcingChainPlus => p(Mode::Plus, true, true, true),
        NestedForcingChain => p(Mode::Nested, true, true, true),
        _ => return None,
    })
}

/// A conclusion found: (cost, premises as facts, conclusion fact or NONE for a
/// contradiction).
type Found = (u32, Vec<u32>, u32);

/// The verity technique that follows a contradiction-only technique of the same mode.
fn verity_partner(t: Technique) -> Option<Technique> {
    match t {
        Technique::ForcingChainContradiction => Some(Technique::ForcingChainVerity),
        Technique::ForcingNetContradiction => Some(Technique::ForcingNetVerity),
        _ => None,
    }
}

/// Finds steps of one forcing technique, the shortest first.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let Some(plan) = plan(technique) else {
        return ControlFlow::Continue(());
    };
    if let Some(steps) = ctx.take_found_ahead(technique) {
        for step in steps {
            sink(step)?;
        }
        return ControlFlow::Continue(());
    }
    // The two stores give the same branches (a test holds them node for node); the masks
    // are a third of the digit sets' bytes at 25x25, and a nested branch copies its store
    // for every inner branch.
    if ctx.side() <= BOX_FIRST_MAX_SIDE {
        find_on::<Bits>(ctx, technique, plan, sink)
    } else {
        find_on::<Sets>(ctx, technique, plan, sink)
    }
}

/// [`find`] on the candidate store `S`.
fn find_on<S: Store + Sync>(
    ctx: &Context<'_>,
    technique: Technique,
    plan: Plan,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let t: Tables<S> = Tables::new(ctx);
    let mut b = Branch::new(&t);
    let mut inner = None;
    let mut live: Vec<u32> = (0..t.cells())
        .flat_map(|c| t.orig.digits(c).map(move |d| (c, d)))
        .map(|(c, d)| t.cand(c, d))
        .collect();
    // Nested branches cost hundreds of inner branches each: the first contradiction found
    // is taken at once (premises in cells with few candidates first) instead of searching
    // for the shortest.
    let eager = plan.mode == Mode::Nested;
    if eager {
        live.sort_by_key(|&x| t.orig.len(x as usize / t.n));
    }
    let mut found: Vec<Found> = Vec::new();
    // Facts of each true premise, for the verities.
    let mut on_facts: Vec<Option<Vec<(u32, u16)>>> = vec![None; t.cells() * t.n];
    let polarities: &[u32] = if plan.mode == Mode::Digit {
        &[1]
    } else {
        &[1, 0]
    };
    // A contradiction-only search stops following a branch beyond the shortest clash.
    let only_clash = !plan.verity && !plan.double;
    // Until it meets a clash, a contradiction-only search follows the same branches in
    // full as the verity technique of its mode (which comes next when it finds nothing):
    // it gathers that technique's conclusions on the way, for the context.
    let mut partner = verity_partner(technique).map(|p| (p, Vec::<Found>::new()));
    if eager {
        // `nested.rs`: inside earlier ends, on several threads past 9x9.
        let mut clash_step = |b: &mut Branch<S>, inner: &mut Option<Branch<S>>, premise: u32| {
            sink(build(&t, b, inner, technique, plan.mode, &[premise], NONE))
        };
        let sweep = nested::Sweep {
            ctx,
            t: &t,
            live: &live,
        };
        sweep.run(
            &mut b,
            &mut inner,
            &mut on_facts,
            &mut found,
            &mut clash_step,
        )?;
    } else {
        for &x in &live {
            // A branch of a 25x25 grid costs about a millisecond, a sweep of them seconds.
            if ctx.past_deadline() {
                return ControlFlow::Break(());
            }
            for &pol in polarities {
                let premise = x * 2 + pol;
                b.start(&t, premise, plan.mode, &mut inner);
                if b.clash.is_some() {
                    if plan.contradiction {
                        found.push((u32::from(b.clash_depth), vec![premise], NONE));
                        partner = None;
                        if only_clash {
                            b.limit = b.limit.min(b.clash_depth + 1);
                        }
                    }
                    continue;
                }
                if pol == 1 && (plan.verity || partner.is_some()) {
                    on_facts[x as usize] = Some(facts_after_premise(&b));
                }
                if pol == 0 && (plan.double || partner.is_some()) {
                    let out = if plan.double {
                        Some(&mut found)
                    } else {
                        partner.as_mut().map(|(_, v)| v)
                    };
                    if let (Some(out), Some(Some(on))) = (out, on_facts.get(x as usize)) {
                        doubles(&b, x, on, out);
                    }
                }
            }
        }
    }
    if plan.verity {
        verities(&t, &on_facts, &mut found);
    }
    if let Some((p, mut pfound)) = partner {
        verities(&t, &on_facts, &mut pfound);
        let steps = shortest_distinct(pfound)
            .into_iter()
            .map(|(premises, conclusion)| {
                build(&t, &mut b, &mut inner, p, plan.mode, &premises, conclusion)
            })
            .collect();
        ctx.put_found_ahead(p, steps);
    }
    for (premises, conclusion) in shortest_distinct(found) {
        let step = build(
            &t, &mut b, &mut inner, technique, plan.mode, &premises, conclusion,
        );
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// The facts of a branch after its premise, with their depths: a true premise's, kept
/// for the verities and for the double implications of its candidate.
fn facts_after_premise<S: Store>(b: &Branch<S>) -> Vec<(u32, u16)> {
    b.table.nodes[1..]
        .iter()
        .map(|nd| (nd.fact, nd.depth))
        .collect()
}

/// Adds to `out` the double implications of candidate `x`: each fact of its true premise,
/// `on` ([`facts_after_premise`]), that branch `b` (its false premise) also holds.
fn doubles<S: Store>(b: &Branch<S>, x: u32, on: &[(u32, u16)], out: &mut Vec<Found>) {
    for &(f, d) in on {
        if b.is_set(f) && f / 2 != x {
            let cost = u32::from(d) + u32::from(b.depth_of(f));
            out.push((cost, vec![x * 2 + 1, x * 2], f));
        }
    }
}

/// Adds the verities: a fact that every candidate of a cell, or every place of a digit in
/// a house, forces (from the facts of each true premise, `on_facts`).
fn verities<S: Store>(t: &Tables<S>, on_facts: &[Option<Vec<(u32, u16)>>], found: &mut Vec<Found>) {
    let s = t.shape;
    let mut tally: Vec<(u16, u32)> = vec![(0, 0); t.cells() * t.n * 2];
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for c in 0..t.cells() {
        if t.orig.len(c) >= 2 {
            groups.push(t.orig.digits(c).map(|d| t.cand(c, d)).collect());
        }
    }
    for h in House::all(s) {
        let hi = h.index(s);
        for d in 0..t.n {
            if t.placed[hi * t.n + d] || t.orig.count(&t.geometry, hi, d) < 2 {
                continue;
            }
            groups.push(
                t.house(hi)
                    .iter()
                    .filter(|&&c| t.orig.has(c as usize, d))
                    .map(|&c| t.cand(c as usize, d))
                    .collect(),
            );
        }
    }
    let mut touched = Vec::new();
    for g in groups {
        if g.iter().any(|&x| on_facts[x as usize].is_none()) {
            continue;
        }
        for &x in &g {
            for &(f, d) in on_facts[x as usize].as_ref().unwrap() {
                let e = &mut tally[f as usize];
                if e.0 == 0 {
                    touched.push(f);
                }
                e.0 += 1;
                e.1 += u32::from(d);
            }
        }
        for &f in &touched {
            let (k, cost) = tally[f as usize];
            if k as usize == g.len() {
                found.push((cost, g.iter().map(|&x| x * 2 + 1).collect(), f));
            }
            tally[f as usize] = (0, 0);
        }
        touched.clear();
    }
}

/// The conclusions, cheapest first (fewer premises among equals), one per concluded fact:
/// (premises, conclusion).
fn shortest_distinct(mut found: Vec<Found>) -> Vec<(Vec<u32>, u32)> {
    found.sort_by_key(|(cost, premises, _)| (*cost, premises.len()));
    let mut seen = std::collections::HashSet::new();
    found
        .into_iter()
        .filter(|(_, premises, conclusion)| {
            let key = if *conclusion == NONE {
                premises[0] ^ 1
            } else {
                *conclusion
            };
            seen.insert(key)
        })
        .map(|(_, premises, conclusion)| (premises, conclusion))
        .collect()
}

fn build<S: Store>(
    t: &Tables<S>,
    b: &mut Branch<S>,
    inner: &mut Option<Branch<S>>,
    technique: Technique,
    mode: Mode,
    premises: &[u32],
    conclusion: u32,
) -> Step {
    let mut branches = Vec::new();
    let result;
    b.limit = u16::MAX;
    if conclusion == NONE {
        b.start(t, premises[0], mode, inner);
        branches = b.clash_chains(t);
        result = premises[0] ^ 1;
    } else {
        for &p in premises {
            b.start(t, p, mode, inner);
            branches.push(b.chain_to(t, conclusion));
        }
        result = conclusion;
    }
    let c = t.candidate(result / 2);
    let (placements, eliminations) = if result & 1 == 1 {
        (vec![c], Vec::new())
    } else {
        (Vec::new(), vec![c])
    };
    Step {
        se_difficulty: None,
        technique,
        placements,
        eliminations,
        evidence: Evidence::Forcing {
            premise: premises.iter().map(|&p| t.candidate(p / 2)).collect(),
            branches,
            inner: Vec::new(),
        },
    }
}
