//! Nets: the potentials one assumption leads to, with their parents and causes, and
//! the counting of a proof's complexity.

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
/// ([`Nodes`], which a net derefs to) and the scratch space of [`run_net`].
pub(super) struct Net {
    pub(super) table: Nodes,
    /// The contradiction that stopped the net: the on and the off node of one candidate.
    pub(super) absurd: Option<(u32, u32)>,
    /// Scratch space of [`run_net`]: the queues of ons and offs to follow, a buffer, and
    /// the ons an off makes (potential, cause, range of parents in the buffer).
    pub(super) q_on: VecDeque<u32>,
    pub(super) q_off: VecDeque<u32>,
    pub(super) buf: Vec<u32>,
    pub(super) made: Vec<(u32, Cause, u32, u32)>,
    /// The number of inner hints used so far (nested levels).
    pub(super) next_hint: u32,
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
            q_on: VecDeque::new(),
            q_off: VecDeque::new(),
            buf: Vec::new(),
            made: Vec::new(),
            next_hint: 0,
        }
    }
    pub(super) fn reset(&mut self) {
        self.table.clear();
        self.absurd = None;
        self.next_hint = 0;
    }
    /// An off that inner hint `hint` of complexity `weight` gave (nested levels).
    pub(super) fn add_nested(
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

/// Fills `net` from `start` by `rules` on the position's branch of the one propagation
/// engine if it has one (the top-level Dynamic producer's nets), else on its masks
/// ([`run_net`]).
pub(super) fn propagate(pos: &mut Pos, net: &mut Net, start: u32, rules: Rules, bound: usize) {
    match pos.branch.as_deref_mut() {
        Some((tables, branch)) if !matches!(rules.stall, Stall::Inner(_)) => {
            net.reset();
            net.absurd = branch.run_into(tables, start, rules, &mut net.table);
        }
        _ => run_net(pos, net, start, rules, bound),
    }
}

/// Fills `net` from `start` (SE's chaining of one assumption) by `rules`, which keep SE's
/// engine values ([`Rules::EXPLAINER`]: trues first, box, row and column order, a
/// contradiction is a candidate both true and false, a false takes effect when followed);
/// inner chains more complex than `bound` are of no use (nested levels).
pub(super) fn run_net(pos: &mut Pos, net: &mut Net, start: u32, rules: Rules, bound: usize) {
    let engine = |r: Rules| (r.queue, r.peers, r.contradiction, r.effect);
    debug_assert_eq!(engine(rules), engine(Rules::EXPLAINER));
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
            let pot = net.nodes[p as usize].fact;
            let (cell, d) = (pos.cell_of(pot), pos.digit_of(pot));
            buf.clear();
            if rules.cell_links {
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
            let pot = net.nodes[p as usize].fact;
            let (cell, d) = (pos.cell_of(pot), pos.digit_of(pot));
            // (on, cause, parents: p then the hidden ones in `buf` from `start`)
            made.clear();
            buf.clear();
            if rules.cell_links && two(pos.cur[cell]) {
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
        if rules.stall != Stall::Stop && q_on.is_empty() && q_off.is_empty() {
            for (off, ps) in basics(&pos.masks(), net) {
                if !net.has(off) {
                    let k = net.add(off, &ps);
                    q_off.push_back(k);
                }
            }
            if let (true, Stall::Inner(level)) = (q_off.is_empty(), rules.stall) {
                let first = net.next_hint;
                for (off, ps, weight, h, t) in nested_offs(pos, net, level, bound) {
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
