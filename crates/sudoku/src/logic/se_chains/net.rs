//! Nets: the potentials one assumption leads to, with their parents and causes, as the one
//! propagation engine derives them on a position's masks, and the counting of a proof's
//! complexity.

use super::*;

impl InnerRule {
    /// The technique a step names for inner chains of this rule.
    pub(super) fn technique(self) -> Technique {
        match self {
            InnerRule::XChain => Technique::XChain,
            InnerRule::ForcingChain => Technique::DiscontinuousNiceLoop,
            InnerRule::Multiple => Technique::MultipleForcingChain,
            InnerRule::Dynamic => Technique::DynamicForcingChain,
            InnerRule::Plus => Technique::DynamicForcingChainPlus,
        }
    }
}

/// The potentials one assumption leads to (SE's on and off sets): the shared node table
/// ([`Nodes`], which a net derefs to), as the one propagation engine fills it
/// ([`propagate`]).
pub(super) struct Net {
    pub(super) table: Nodes,
    /// The contradiction that stopped the net: the on and the off node of one candidate.
    pub(super) absurd: Option<(u32, u32)>,
}

impl std::ops::Deref for Net {
    type Target = Nodes;
    fn deref(&self) -> &Nodes {
        &self.table
    }
}

impl std::ops::DerefMut for Net {
    fn deref_mut(&mut self) -> &mut Nodes {
        &mut self.table
    }
}

impl Net {
    pub(super) fn new(npot: usize) -> Net {
        Net {
            table: Nodes::new(npot),
            absurd: None,
        }
    }
    pub(super) fn reset(&mut self) {
        self.table.clear();
        self.absurd = None;
    }
    /// The chain from the assumption to node `k` along first parents, as links.
    pub(super) fn links(&self, pos: &Pos, k: u32) -> Vec<Link> {
        self.path_to(k)
            .windows(2)
            .map(|w| Link::new(pos.candidate(w[0]), pos.candidate(w[1]), w[1] & 1 == 1))
            .collect()
    }
}

/// Counts distinct potentials among ancestors, with a generation stamp per potential.
pub(super) struct Counter {
    pub(super) stamp: Vec<u32>,
    pub(super) gen: u32,
    pub(super) stack: Vec<u32>,
    pub(super) hints: Vec<u32>,
}

impl Counter {
    pub(super) fn new(npot: usize) -> Counter {
        Counter {
            stamp: vec![0; npot],
            gen: 0,
            stack: Vec::new(),
            hints: Vec::new(),
        }
    }
    pub(super) fn count(&mut self, net: &Nodes, k: u32) -> usize {
        self.hints.clear();
        self.count_more(net, k)
    }
    /// Like [`Counter::count`], but inner hints already counted (in the same net) count
    /// no more.
    pub(super) fn count_more(&mut self, net: &Nodes, k: u32) -> usize {
        self.gen += 1;
        let g = self.gen;
        let mut n = 0;
        self.stack.clear();
        self.stack.push(k);
        while let Some(x) = self.stack.pop() {
            let p = net.nodes[x as usize].fact as usize;
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

/// Fills `net` from `start` (SE's chaining of one assumption) by `rules`, which keep SE's
/// engine values ([`Rules::EXPLAINER`]: trues first, box, row and column order, a
/// contradiction is a candidate both true and false, a false takes effect when followed),
/// on the position's branch of the one propagation engine. At a nested level
/// ([`Stall::Inner`]) the inner producers run on the positions the net reaches; inner
/// chains more complex than `bound` are of no use there.
pub(super) fn propagate(pos: &mut Pos, net: &mut Net, start: u32, rules: Rules, bound: usize) {
    let engine = |r: Rules| (r.queue, r.peers, r.contradiction, r.effect);
    debug_assert_eq!(engine(rules), engine(Rules::EXPLAINER));
    net.reset();
    let search = pos.search;
    let (tables, branch) = &mut *pos.branch;
    let tables = &*tables;
    // Inner hints are numbered per net, each stall's after the last one's.
    let mut next_hint = 0u32;
    let mut inner = |level: u8, cur: &Bits, table: &Nodes| {
        let first = next_hint;
        let mut offs = nested_offs(search, tables, cur, table, level, bound);
        for off in &mut offs {
            next_hint = next_hint.max(first + off.3 + 1);
            off.3 += first;
        }
        offs
    };
    net.absurd = branch.run_into(tables, start, rules, &mut net.table, Some(&mut inner));
}
