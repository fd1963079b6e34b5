//! Nested forcing chains: the inner producers run on the positions outer nets reach,
//! their hints cached per position, and what an inner chain relies on in the outer one.

use super::*;

/// Inner hints per (position, inner producer), with the limit they were found under.
pub(super) type InnerCache = HashMap<(Vec<u64>, InnerProducer), (usize, Rc<Vec<Inner>>)>;

/// The inner producers of nested chains, in the order they are tried.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum InnerProducer {
    /// Static forcing chains (from level 2).
    Chains,
    /// Static cell and region forcing (from level 3).
    Multiple,
    /// Dynamic forcing chains (from level 4).
    Dynamic,
    /// Dynamic (+) chains (level 5).
    Plus,
}

impl InnerProducer {
    const ALL: [InnerProducer; 4] = [
        InnerProducer::Chains,
        InnerProducer::Multiple,
        InnerProducer::Dynamic,
        InnerProducer::Plus,
    ];
    /// The first nested level that runs it.
    fn level(self) -> u8 {
        FIRST_NESTED_LEVEL + self as u8
    }
    /// Whether it works on static links (and so the reach pass serves it).
    fn is_static(self) -> bool {
        matches!(self, InnerProducer::Chains | InnerProducer::Multiple)
    }
}

/// Positions kept in [`Search::inner_cache`] before it starts again.
pub(super) const INNER_CACHE_SIZE: usize = 5_000;

// ---------------------------------------------------------------- nested chains

/// Inner cycles besides forcing chains at level 2: no rating changed on HardestDatabase
/// (every 10th row), for 10% more time, so they are off.
pub(super) const INNER_CYCLES: bool = false;

/// Nested levels: the offs that inner chains give in the net's current position, when
/// propagation and the basic techniques stall. The inner producers are tried in turn until
/// one gives anything: static forcing chains (level 2 and up), static cell and region
/// forcing chains (3), dynamic forcing chains (4), Dynamic (+) chains (5). Their hints are
/// sorted cheapest first and each off keeps the first hint that gives it: its parents are
/// the net's offs the inner chain relies on, its weight the inner chain's complexity.
pub(super) fn nested_offs(
    search: &Search,
    tables: &Tables<Bits>,
    cur: &Bits,
    net: &Nodes,
    level: u8,
    limit: usize,
) -> Vec<InnerOff> {
    let mut inner: Option<Pos> = None;
    // What the inner position's static links reach (the static inner producers).
    let mut reach: Option<Reach> = None;
    let mut hints: Rc<Vec<Inner>> = Rc::default();
    let mut used = InnerProducer::Chains;
    for producer in InnerProducer::ALL {
        if level < producer.level() {
            break;
        }
        // Levels, and the next steps, run much the same nets again: the inner hints of a
        // position are kept (what they rely on is told against all candidates, so that
        // they serve any outer position).
        let key = (cur.cells.clone(), producer);
        let cached = search
            .inner_cache
            .borrow()
            .get(&key)
            .filter(|(l, _)| *l >= limit)
            .map(|(_, h)| h.clone());
        let found = match cached {
            Some(h) => h,
            None => {
                let inner = inner.get_or_insert_with(|| Pos::derived(search, tables, cur));
                let all = vec![(1u64 << inner.n) - 1; cur.cells.len()];
                let mut v = Vec::new();
                if producer.is_static() && reach.is_none() {
                    reach = Some(Reach::new(inner));
                }
                if producer == InnerProducer::Chains && !INNER_CYCLES {
                    inner_chains(inner, reach.as_ref().unwrap(), &all, limit, &mut v);
                } else if producer == InnerProducer::Chains {
                    let mut best = Best::collecting_for(all, limit);
                    cycles(inner, &mut best);
                    v = best.collect.map(|c| c.hints).unwrap_or_default();
                } else {
                    let mode = match producer {
                        InnerProducer::Multiple => Mode::Multiple,
                        InnerProducer::Dynamic => Mode::Dynamic,
                        _ => Mode::Plus,
                    };
                    let mut best = Best::collecting_for(all, limit);
                    if producer == InnerProducer::Multiple {
                        let mut r = reach.take().unwrap();
                        r.complete(inner);
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
                let mut c = search.inner_cache.borrow_mut();
                if c.len() >= INNER_CACHE_SIZE {
                    c.clear();
                }
                c.insert(key, (limit, h.clone()));
                h
            }
        };
        if found.iter().any(|h| h.cx <= limit) {
            hints = found;
            used = producer;
            break;
        }
    }
    if let Some(inner) = inner {
        inner.release();
    }
    let mut out: Vec<InnerOff> = Vec::new();
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
                InnerProducer::Chains if h.diff < Y_LINKS_BASE => InnerRule::XChain,
                InnerProducer::Chains => InnerRule::ForcingChain,
                InnerProducer::Multiple => InnerRule::Multiple,
                InnerProducer::Dynamic => InnerRule::Dynamic,
                InnerProducer::Plus => InnerRule::Plus,
            };
            out.push((off, ps, h.cx as u32, i as u32, t));
        }
    }
    out
}

/// Static forcing chains (X links, then X and Y links) on an inner position, every one
/// within `limit` potentials.
pub(super) fn inner_chains(
    pos: &Pos,
    reach: &Reach,
    outer: &[u64],
    limit: usize,
    hints: &mut Vec<Inner>,
) {
    // Built at the first search (most positions have none).
    let mut links: Option<(Static, Bfs)> = None;
    for (y, base) in [(false, se_base(Technique::XChain)), (true, Y_LINKS_BASE)] {
        // Almost no potential leads to its own negation: search only where the links (X
        // and Y, so for X links only too) say one does, in the order of the candidates.
        for (id, flags) in reach.negations() {
            let cell = pos.cand[id].0 as usize;
            if !several(pos.orig[cell]) {
                continue;
            }
            let on = (2 * id + 1) as u32;
            for (src, flag) in [(on, 1), (on ^ 1, 2)] {
                if flags & flag == 0 {
                    continue;
                }
                let (st, bfs) = links.get_or_insert_with(|| pos.search.static_links(pos));
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
    if let Some(links) = links {
        pos.search.release_links(links);
    }
}

/// What the off → on links of a static chain or cycle rely on in the outer position.
pub(super) fn path_relies(pos: &Pos, outer: &[u64], path: &[u32], deps: &mut Vec<u32>) {
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
pub(super) fn relied_on(pos: &Pos, outer: &[u64], on: u32, cause: Cause, deps: &mut Vec<u32>) {
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
pub(super) fn net_relies(pos: &Pos, outer: &[u64], net: &Net, k: u32, deps: &mut Vec<u32>) {
    net.for_each_ancestor(k, |nd| {
        if nd.fact & 1 == 1 && nd.cause != Cause::Other {
            relied_on(pos, outer, nd.fact, nd.cause, deps);
        }
    });
}

/// The inner chains whose offs the branches ending at `from` use, by the off they give.
pub(super) fn inner_used(pos: &Pos, from: &[(&Net, u32)]) -> Vec<InnerChain> {
    let mut out: Vec<InnerChain> = Vec::new();
    for &(net, k) in from {
        net.for_each_ancestor(k, |nd| {
            if let Cause::Inner(rule) = nd.cause {
                let eliminated = pos.candidate(nd.fact);
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
pub(super) fn removable(pos: &Pos, target: u32) -> Vec<u32> {
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
