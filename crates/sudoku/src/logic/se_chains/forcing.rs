//! Multiple, dynamic and nested forcing chains: contradictions, double implications,
//! cell and region forcing, over nets of each mode's rules.

use super::*;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Nishio,
    Multiple,
    Dynamic,
    Plus,
    /// Nested forcing chains of level 2 to 5.
    Nested(u8),
}

impl Mode {
    /// The SE base rating: the catalogue's for the technique, and [`NESTED_LEVEL_STEP`]
    /// more for each nested level past the first.
    pub(super) fn base(self) -> f64 {
        let base = se_base(self.technique());
        match self {
            Mode::Nested(level) => base + NESTED_LEVEL_STEP * f64::from(level - FIRST_NESTED_LEVEL),
            _ => base,
        }
    }
    pub(super) fn technique(self) -> Technique {
        match self {
            Mode::Nishio => Technique::Nishio,
            Mode::Multiple => Technique::MultipleForcingChain,
            Mode::Dynamic => Technique::DynamicForcingChain,
            Mode::Plus => Technique::DynamicForcingChainPlus,
            Mode::Nested(_) => Technique::NestedForcingChain,
        }
    }
    /// SE's propagation rules for this producer's nets.
    pub(super) fn rules(self) -> Rules {
        let stall = match self {
            Mode::Plus => Stall::Basics,
            Mode::Nested(level) => Stall::Inner(level),
            _ => Stall::Stop,
        };
        Rules::EXPLAINER.scale(self != Mode::Nishio, self != Mode::Multiple, stall)
    }
    pub(super) fn dynamic(self) -> bool {
        self != Mode::Multiple
    }
}

/// The step of a multiple or dynamic producer: `from` are the branches' last nodes.
pub(super) fn forcing_step(
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
pub(super) fn worth(pos: &Pos, target: u32) -> bool {
    if target & 1 == 1 {
        let cell = pos.cell_of(target);
        pos.orig[cell] & !(1u64 << pos.digit_of(target)) != 0
    } else {
        true
    }
}

pub(super) fn multiple(pos: &mut Pos, best: &mut Best, mode: Mode) {
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
            propagate(pos, &mut net, (cand * 2 + 1) as u32, mode.rules(), limit);
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
        for d in ones(pos.orig[cell]) {
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
                propagate(
                    pos,
                    &mut off_net,
                    on_pot ^ 1,
                    mode.rules(),
                    best.limit(base),
                );
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
                            let pot = net.nodes[k as usize].fact;
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
                let hc = pos.house_cells[h].as_slice();
                let first = places.trailing_zeros() as usize;
                if hc[first] as usize != cell {
                    continue;
                }
                members.clear();
                members.extend(ones(u64::from(places)).map(|i| hc[i] as usize * n + d));
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
            members.extend(ones(pos.orig[cell]).map(|e| cell * n + e));
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
pub(super) struct OnNets {
    pub(super) slot: Vec<u32>,
    pub(super) nets: Vec<Net>,
}

impl OnNets {
    pub(super) fn new(ncand: usize) -> OnNets {
        OnNets {
            slot: vec![NONE; ncand],
            nets: Vec::new(),
        }
    }
    pub(super) fn get(&self, cand: usize) -> Option<&Net> {
        let s = self.slot[cand];
        (s != NONE).then(|| &self.nets[s as usize])
    }
    /// The net of `cand` (made already).
    pub(super) fn net(&self, cand: usize) -> &Net {
        &self.nets[self.slot[cand] as usize]
    }
    pub(super) fn insert(&mut self, cand: usize, net: Net) {
        self.slot[cand] = self.nets.len() as u32;
        self.nets.push(net);
    }
}

/// Cell or region forcing: what every member's on net derives.
#[allow(clippy::too_many_arguments)]
pub(super) fn agree(
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
            let pot = first.nodes[k as usize].fact;
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
