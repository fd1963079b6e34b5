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
    /// The stamp of a new search (the seen marks of earlier ones no longer count).
    pub(super) fn next_gen(&mut self) -> u32 {
        if self.gen == u32::MAX {
            self.seen_on.fill(0);
            self.seen_off.fill(0);
            self.gen = 0;
        }
        self.gen += 1;
        self.gen
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

/// The static links of a position, per candidate (`cell * n + digit`). Only the entries
/// of the position's candidates are written ([`Static::rebuild`]); the others are stale
/// and never read.
pub(super) struct Static {
    /// Per candidate, the offs an on gives (flat, from `at[k]` to `end[k]`): the cell's
    /// other candidates (up to `mid[k]`), then the digit's places among the cell's peers
    /// (box, row, column). Nested chains need it for thousands of positions: the search
    /// keeps one and rebuilds it ([`Search`]).
    pub(super) offs: Vec<u32>,
    pub(super) at: Vec<u32>,
    pub(super) mid: Vec<u32>,
    pub(super) end: Vec<u32>,
    /// The other candidate of a bivalue cell, as an on.
    pub(super) y_on: Vec<u32>,
    /// The digit's other place in each house where it has two (box, row, column), as ons.
    pub(super) x_on: Vec<[u32; 3]>,
}

impl Static {
    pub(super) fn new(pos: &Pos) -> Static {
        let mut st = Static {
            offs: Vec::new(),
            at: Vec::new(),
            mid: Vec::new(),
            end: Vec::new(),
            y_on: Vec::new(),
            x_on: Vec::new(),
        };
        st.rebuild(pos);
        st
    }

    /// The links of `pos` in place of those held (of a position of the same shape, or
    /// not: the tables grow to fit).
    pub(super) fn rebuild(&mut self, pos: &Pos) {
        let ncand = pos.orig.len() * pos.n;
        if self.at.len() < ncand {
            self.at.resize(ncand, 0);
            self.mid.resize(ncand, 0);
            self.end.resize(ncand, 0);
            self.y_on.resize(ncand, NONE);
            self.x_on.resize(ncand, [NONE; 3]);
        }
        let st = self;
        st.offs.clear();
        for cell in 0..pos.orig.len() {
            let m = pos.orig[cell];
            for d in ones(m) {
                let k = cell * pos.n + d;
                st.at[k] = st.offs.len() as u32;
                for e in ones(m & !(1u64 << d)) {
                    st.offs.push(pos.pot(cell, e, false));
                }
                st.mid[k] = st.offs.len() as u32;
                peer_places(pos, cell, d, |c| st.offs.push(pos.pot(c, d, false)));
                st.end[k] = st.offs.len() as u32;
                st.y_on[k] = if two(m) {
                    let other = (m & !(1u64 << d)).trailing_zeros() as usize;
                    pos.pot(cell, other, true)
                } else {
                    NONE
                };
                for hi in 0..3 {
                    let h = pos.houses[cell][hi] as usize;
                    let places = pos.places_orig(h, d);
                    st.x_on[k][hi] = if two(u64::from(places)) {
                        let i = (places & !(1 << pos.hpos[cell][hi])).trailing_zeros();
                        pos.pot(pos.house_cells[h][i as usize] as usize, d, true)
                    } else {
                        NONE
                    };
                }
            }
        }
    }
}

/// Which potentials each potential reaches along the static X and Y links of a position.
/// Nested chains use it to run only the searches that can succeed (a static net holds only
/// what its assumption reaches), so the results are the same.
///
/// Links lead into an on, and out of an off, only for the *core*: the candidates of a
/// bivalue cell or of a digit with two places in a house. Every other on is a source
/// (nothing leads to it) and every other off a leaf (it leads nowhere). So the strongly
/// connected components (Tarjan's algorithm) are made over the core's nodes alone, each
/// with the set of what it reaches: any off of the position, and the core's ons. A source
/// on is in no set but its own, so no group of two or more shares it and the sets leave
/// it out; its reach is its links' ([`Reach::complete`]).
pub(super) struct Reach {
    /// Per candidate id (`cell * n + digit`), its index `i` among the position's
    /// candidates (`NONE` when not in it). Bit `i` of a set is its off.
    ix: Vec<u32>,
    /// Per index, its candidate id.
    ids: Vec<u32>,
    /// Per index, its core number `j` (`NONE` outside the core): graph nodes `2j` (its
    /// off) and `2j + 1` (its on). Bit `ids.len() + j` of a set is its on.
    core: Vec<u32>,
    /// Per core number, its index.
    core_ix: Vec<u32>,
    /// Per graph node, its component's set.
    comp: Vec<u32>,
    /// Per index, the set its on reaches (a core on's component's; the others' once
    /// [`Reach::complete`] made them).
    on_set: Vec<u32>,
    /// The sets (none when the position was too big for them: every search runs).
    sets: Sets,
    /// Per index: whether its on leads to its off (bit 0), and its off to its on (bit 1).
    negated: Vec<u8>,
}

/// The most nodes [`Reach`] makes sets for (a 16x16 position; the sets take the square).
pub(super) const REACH_NODES: usize = 2 * 16 * 16 * 16;

/// Bit sets of one width, each with a mask of its words in use (unions and
/// intersections skip the empty ones: most sets are sparse). The default has none, of
/// no width.
#[derive(Default)]
struct Sets {
    words: usize,
    bits: Vec<u64>,
    used: Vec<u128>,
}

/// The most words a set of [`Sets`] has (the `used` mask's width).
const MAX_WORDS: usize = 128;

impl Sets {
    fn new(bits: usize) -> Sets {
        let words = bits.div_ceil(64).max(1);
        debug_assert!(words <= MAX_WORDS);
        Sets {
            words,
            bits: Vec::new(),
            used: Vec::new(),
        }
    }
    /// Makes room for `more` sets.
    fn reserve(&mut self, more: usize) {
        self.bits.reserve(more * self.words);
        self.used.reserve(more);
    }
    /// A new empty set.
    fn open(&mut self) -> u32 {
        self.bits.resize(self.bits.len() + self.words, 0);
        self.used.push(0);
        (self.used.len() - 1) as u32
    }
    fn insert(&mut self, s: u32, b: usize) {
        self.bits[s as usize * self.words + b / 64] |= 1 << (b % 64);
        self.used[s as usize] |= 1 << (b / 64);
    }
    fn has(&self, s: u32, b: usize) -> bool {
        self.bits[s as usize * self.words + b / 64] >> (b % 64) & 1 == 1
    }
    /// Adds set `from` to set `to` (made after it).
    fn union(&mut self, to: u32, from: u32) {
        let (to, from) = (to as usize, from as usize);
        let mut used = self.used[from];
        self.used[to] |= used;
        let (head, tail) = self.bits.split_at_mut(to * self.words);
        let from = &head[from * self.words..(from + 1) * self.words];
        while used != 0 {
            let w = used.trailing_zeros() as usize;
            used &= used - 1;
            tail[w] |= from[w];
        }
    }
}

/// A leaf off in a core on's links: the off's index, marked.
const LEAF: u32 = 1 << 31;

/// The cells of `cell`'s peers where digit `d` has a place, in the order of
/// [`Pos::peers`] (box, then row and column outside the box, each in house order).
fn peer_places(pos: &Pos, cell: usize, d: usize, mut f: impl FnMut(usize)) {
    let (hs, hp, near) = (pos.houses[cell], pos.hpos[cell], pos.near[cell]);
    for (hi, skip) in [(0, 1u32 << hp[0]), (1, near[0]), (2, near[1])] {
        let h = hs[hi] as usize;
        let mut o = pos.places_orig(h, d) & !skip;
        let hc = &pos.house_cells[h];
        while o != 0 {
            f(hc[o.trailing_zeros() as usize] as usize);
            o &= o - 1;
        }
    }
}

/// The offs an on gives along static links, by index (`ix`): the cell's other candidates,
/// then the digit's places among the cell's peers.
fn on_links(pos: &Pos, ix: &[u32], cell: usize, d: usize, mut f: impl FnMut(u32)) {
    let n = pos.n;
    for e in ones(pos.orig[cell] & !(1u64 << d)) {
        f(ix[cell * n + e]);
    }
    peer_places(pos, cell, d, |c| f(ix[c * n + d]));
}

impl Reach {
    /// The reach of the X and Y links of `pos` (the links of [`Static`]).
    pub(super) fn new(pos: &Pos) -> Reach {
        let n = pos.n;
        let mut ix = vec![NONE; pos.orig.len() * n];
        let mut ids: Vec<u32> = Vec::new();
        for (cell, &m) in pos.orig.iter().enumerate() {
            for d in ones(m) {
                ix[cell * n + d] = ids.len() as u32;
                ids.push((cell * n + d) as u32);
            }
        }
        let count = ids.len();
        let mut r = Reach {
            ix,
            ids,
            core: vec![NONE; count],
            core_ix: Vec::new(),
            comp: Vec::new(),
            on_set: vec![NONE; count],
            sets: Sets::default(),
            negated: vec![3; count],
        };
        if 2 * count > REACH_NODES {
            // Too big for a set per component: every search runs, as without the pass.
            return r;
        }
        // The core, numbered in index order.
        let mut strong = vec![false; count];
        for (cell, &m) in pos.orig.iter().enumerate() {
            if two(m) {
                let d = m.trailing_zeros() as usize;
                strong[r.ix[cell * n + d] as usize] = true;
                let e = (m & (m - 1)).trailing_zeros() as usize;
                strong[r.ix[cell * n + e] as usize] = true;
            }
        }
        for (h, hc) in pos.house_cells.iter().enumerate() {
            for d in 0..n {
                let places = pos.places_orig(h, d);
                if two(u64::from(places)) {
                    let a = places.trailing_zeros() as usize;
                    let b = (places & (places - 1)).trailing_zeros() as usize;
                    strong[r.ix[hc[a] as usize * n + d] as usize] = true;
                    strong[r.ix[hc[b] as usize * n + d] as usize] = true;
                }
            }
        }
        for (i, _) in strong.iter().enumerate().filter(|(_, &s)| s) {
            r.core[i] = r.core_ix.len() as u32;
            r.core_ix.push(i as u32);
        }
        let k = r.core_ix.len();
        // The links of the core's nodes: an off, the other candidate of its cell and the
        // other place of its digit in its houses, where there are two (ons of the core);
        // an on, the offs `on_links` gives (of the core, or leaves).
        let mut at: Vec<u32> = Vec::with_capacity(2 * k + 1);
        let mut adj: Vec<u32> = Vec::with_capacity(k * 16);
        for &i in &r.core_ix {
            let (cell, d) = pos.cand[r.ids[i as usize] as usize];
            let (cell, d) = (cell as usize, d as usize);
            let node = |x: u32| 2 * r.core[x as usize];
            at.push(adj.len() as u32);
            let cm = pos.orig[cell];
            if two(cm) {
                let e = (cm & !(1u64 << d)).trailing_zeros() as usize;
                adj.push(node(r.ix[cell * n + e]) + 1);
            }
            for hi in 0..3 {
                let h = pos.houses[cell][hi] as usize;
                let places = pos.places_orig(h, d);
                if two(u64::from(places)) {
                    let o = (places & !(1 << pos.hpos[cell][hi])).trailing_zeros();
                    let other = pos.house_cells[h][o as usize] as usize;
                    adj.push(node(r.ix[other * n + d]) + 1);
                }
            }
            at.push(adj.len() as u32);
            on_links(pos, &r.ix, cell, d, |x| {
                let j = r.core[x as usize];
                adj.push(if j == NONE { LEAF | x } else { 2 * j });
            });
        }
        at.push(adj.len() as u32);
        r.sets = Sets::new(count + k);
        let bit = |v: u32| {
            if v & 1 == 0 {
                r.core_ix[v as usize / 2] as usize
            } else {
                count + v as usize / 2
            }
        };
        // Tarjan's algorithm, iterative; a component's set is made when it is complete,
        // after those of every component its links lead out to.
        let m = 2 * k;
        let mut comp = vec![NONE; m];
        let mut index = vec![NONE; m];
        let mut low = vec![0u32; m];
        let mut on_stack = vec![false; m];
        let mut stack: Vec<u32> = Vec::new();
        let mut calls: Vec<(u32, u32)> = Vec::new();
        let mut next = 0u32;
        let mut members: Vec<u32> = Vec::new();
        // Per component: which component last took its set (each is added once).
        let mut seen: Vec<u32> = Vec::new();
        for s in 0..m as u32 {
            if index[s as usize] != NONE {
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
                    if w & LEAF != 0 {
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
                let c = r.sets.open();
                members.clear();
                loop {
                    let x = stack.pop().unwrap();
                    on_stack[x as usize] = false;
                    comp[x as usize] = c;
                    members.push(x);
                    if x == v {
                        break;
                    }
                }
                seen.push(NONE);
                for &x in &members {
                    r.sets.insert(c, bit(x));
                    for &w in &adj[at[x as usize] as usize..at[x as usize + 1] as usize] {
                        if w & LEAF != 0 {
                            r.sets.insert(c, (w & !LEAF) as usize);
                            continue;
                        }
                        let cw = comp[w as usize];
                        if cw == c || seen[cw as usize] == c {
                            continue;
                        }
                        seen[cw as usize] = c;
                        r.sets.union(c, cw);
                    }
                }
            }
        }
        r.comp = comp;
        // Negations: a core node's is in its set. A source on leads to its off only
        // through a core off it links to (its cell's, or its digit's in a peer), whose set
        // then holds that off.
        r.negated.fill(0);
        for (j, &i) in r.core_ix.iter().enumerate() {
            let i = i as usize;
            if r.sets.has(r.comp[2 * j + 1], i) {
                r.negated[i] |= 1;
            }
            if r.sets.has(r.comp[2 * j], count + j) {
                r.negated[i] |= 2;
            }
            r.on_set[i] = r.comp[2 * j + 1];
        }
        let mut negated = std::mem::take(&mut r.negated);
        for (j, &i) in r.core_ix.iter().enumerate() {
            // Static links are symmetric: the ons that link to this off are the offs its
            // on links to.
            let (cell, d) = pos.cand[r.ids[i as usize] as usize];
            let set = r.comp[2 * j];
            on_links(pos, &r.ix, cell as usize, d as usize, |b| {
                if r.sets.has(set, b as usize) {
                    negated[b as usize] |= 1;
                }
            });
        }
        r.negated = negated;
        r
    }

    /// Gives the source ons their sets too (for [`Reach::may_agree`]): what their links
    /// lead to.
    pub(super) fn complete(&mut self, pos: &Pos) {
        if self.sets.words == 0 {
            return;
        }
        // Per component: the set that took it last (each is added once per set).
        let mut taken = vec![NONE; self.sets.used.len()];
        // A set a source, made room for at once (growing by one set at a time moved the
        // sets made so far again and again).
        let sources = self.on_set.iter().filter(|&&s| s == NONE).count();
        self.sets.reserve(sources);
        for i in 0..self.ids.len() {
            if self.on_set[i] != NONE {
                continue;
            }
            let s = self.sets.open();
            self.on_set[i] = s;
            let (cell, d) = pos.cand[self.ids[i] as usize];
            let (sets, core, comp) = (&mut self.sets, &self.core, &self.comp);
            on_links(pos, &self.ix, cell as usize, d as usize, |x| {
                let j = core[x as usize];
                if j == NONE {
                    sets.insert(s, x as usize);
                } else {
                    let c = comp[2 * j as usize];
                    if taken[c as usize] != s {
                        taken[c as usize] = s;
                        sets.union(s, c);
                    }
                }
            });
        }
    }

    /// Whether the on potentials of candidates `members` all lead to some potential that
    /// would remove a candidate (cell or region forcing can give a step).
    pub(super) fn may_agree(&self, pos: &Pos, members: &[usize]) -> bool {
        let words = self.sets.words;
        if words == 0 {
            return true;
        }
        let mut sets = [0u32; 64];
        let mut used = !0u128;
        for (s, &m) in sets.iter_mut().zip(members) {
            *s = self.on_set[self.ix[m] as usize];
            used &= self.sets.used[*s as usize];
        }
        // (A group has at most a side's members; past 64 the filter would only be looser.)
        let sets = &sets[..members.len().min(64)];
        let count = self.ids.len();
        while used != 0 {
            let w = used.trailing_zeros() as usize;
            used &= used - 1;
            let mut x = sets
                .iter()
                .fold(!0u64, |x, &s| x & self.sets.bits[s as usize * words + w]);
            // An off always removes a candidate.
            let first = w * 64;
            if first < count {
                let offs = if count - first >= 64 {
                    !0
                } else {
                    (1u64 << (count - first)) - 1
                };
                if x & offs != 0 {
                    return true;
                }
                x &= !offs;
            }
            while x != 0 {
                let j = first + x.trailing_zeros() as usize - count;
                let on = 2 * self.ids[self.core_ix[j] as usize] + 1;
                if worth(pos, on) {
                    return true;
                }
                x &= x - 1;
            }
        }
        false
    }

    /// The candidate ids whose on or off may lead to its negation, in order, with
    /// [`Reach::negated`]'s flags: bit 0 its on, bit 1 its off.
    pub(super) fn negations(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.ids
            .iter()
            .zip(&self.negated)
            .filter(|(_, &f)| f != 0)
            .map(|(&id, &f)| (id as usize, f))
    }

    /// Whether potential `a` leads to its negation (a potential of the position).
    #[cfg(test)]
    pub(super) fn negated(&self, a: u32) -> bool {
        let flag = if a & 1 == 1 { 1 } else { 2 };
        self.negated[self.ix[a as usize / 2] as usize] & flag != 0
    }
}

pub(super) fn static_offs(st: &Static, pot: u32, y: bool, out: &mut Vec<u32>) {
    out.clear();
    let k = pot as usize / 2;
    let from = if y { st.at[k] } else { st.mid[k] };
    out.extend_from_slice(&st.offs[from as usize..st.end[k] as usize]);
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
