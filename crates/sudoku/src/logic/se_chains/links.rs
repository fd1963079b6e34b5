//! Static links: the breadth-first search of cycles and chains, the bivalue and
//! conjugate links of a position, and their reach (which potentials lead to their own
//! negation, which groups' nets can meet).

use super::*;

/// A static breadth-first search for cycles and forcing chains, one parent per node.
pub(super) struct Bfs {
    /// The potential of each node.
    pub(super) potentials: Vec<u32>,
    pub(super) parent: Vec<u32>,
    pub(super) seen_on: Vec<u32>,
    pub(super) seen_off: Vec<u32>,
    pub(super) gen: u32,
    /// Scratch space of [`forcing_chain`].
    pub(super) pend_on: Vec<u32>,
    pub(super) pend_off: Vec<u32>,
    pub(super) next: Vec<u32>,
    pub(super) buf: Vec<u32>,
}

impl Bfs {
    pub(super) fn new(npot: usize) -> Bfs {
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
    pub(super) fn push(&mut self, pot: u32, parent: u32) -> u32 {
        self.potentials.push(pot);
        self.parent.push(parent);
        (self.potentials.len() - 1) as u32
    }
    pub(super) fn is_ancestor(&self, mut k: u32, pot: u32) -> bool {
        while self.parent[k as usize] != NONE {
            k = self.parent[k as usize];
            if self.potentials[k as usize] == pot {
                return true;
            }
        }
        false
    }
    pub(super) fn path(&self, mut k: u32) -> Vec<u32> {
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
pub(super) struct Static {
    /// Per candidate, the offs an on gives (flat, from `at[k]`): the cell's other
    /// candidates (up to `mid[k]`), then the digit's places among the cell's peers (box,
    /// row, column). Nested chains build this thousands of times: one allocation each.
    pub(super) offs: Vec<u32>,
    pub(super) at: Vec<u32>,
    pub(super) mid: Vec<u32>,
    /// The other candidate of a bivalue cell, as an on.
    pub(super) y_on: Vec<u32>,
    /// The digit's other place in each house where it has two (box, row, column), as ons.
    pub(super) x_on: Vec<[u32; 3]>,
}

impl Static {
    pub(super) fn new(pos: &Pos) -> Static {
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
pub(super) struct Reach {
    /// Per candidate, its index `i` among the position's (`NONE` when not in it): its off
    /// and on are nodes `2i` and `2i + 1`.
    pub(super) ix: Vec<u32>,
    /// Per node, its potential.
    pub(super) pots: Vec<u32>,
    /// Per node, its component (`NONE` for an off without links out, and for an on that
    /// no link leads to until [`Reach::complete`]).
    pub(super) comp: Vec<u32>,
    /// The links, as lists of nodes (node `v`'s from `at[v]` to `at[v + 1]`).
    pub(super) at: Vec<u32>,
    pub(super) adj: Vec<u32>,
    /// Per node: an on no link leads to (it starts no component until
    /// [`Reach::complete`]; its reach is its links' reach).
    pub(super) source: Vec<bool>,
    /// Words per node set.
    pub(super) words: usize,
    /// Per component, the nodes it reaches (`words` words each).
    pub(super) sets: Vec<u64>,
    /// Per node: whether it leads to its own negation (a forcing chain).
    pub(super) negated: Vec<bool>,
}

/// The most nodes [`Reach`] makes sets for (a 16x16 position; the sets take the square).
pub(super) const REACH_NODES: usize = 2 * 16 * 16 * 16;

impl Reach {
    /// The reach of the X and Y links of `pos` (the links of [`Static`]).
    pub(super) fn new(pos: &Pos) -> Reach {
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
    pub(super) fn lone(&self, v: usize) -> bool {
        v & 1 == 0 && self.at[v] == self.at[v + 1]
    }
    /// Whether node `b` is in the set of node `w`'s component.
    #[inline]
    pub(super) fn in_set(&self, w: usize, b: usize) -> bool {
        let c = self.comp[w] as usize;
        self.sets[c * self.words + b / 64] >> (b % 64) & 1 == 1
    }
    /// Gives the sources their sets too (for [`Reach::may_agree`]).
    pub(super) fn complete(&mut self) {
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
    pub(super) fn may_agree(&self, pos: &Pos, members: &[usize]) -> bool {
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
    pub(super) fn negated(&self, a: u32) -> bool {
        self.negated[(2 * self.ix[a as usize / 2] + (a & 1)) as usize]
    }
}

pub(super) fn static_offs(st: &Static, pot: u32, y: bool, out: &mut Vec<u32>) {
    out.clear();
    let k = pot as usize / 2;
    let from = if y { st.at[k] } else { st.mid[k] };
    out.extend_from_slice(&st.offs[from as usize..st.at[k + 1] as usize]);
}

pub(super) fn static_ons(st: &Static, pot: u32, y: bool, x: bool, out: &mut Vec<u32>) {
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
