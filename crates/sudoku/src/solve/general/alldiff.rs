//! All-different reasoning on every house, before the SAT hand-over: each house's open
//! cells must take its open digits one each, so a candidate that no such assignment uses
//! can go (Régin's filter). It covers naked and hidden subsets of every size at once: the
//! pigeonhole reasoning clause learning is weakest at.
//!
//! Per house: a perfect matching of open cells to open digits (greedy, then augmenting
//! paths); then, on the graph with an edge from cell `a` to cell `b` when `a` has `b`'s
//! matched digit as a candidate, a candidate digit of a cell stays only if it is the cell's
//! own match or its owner lies in the same strongly connected component (an alternating
//! cycle swaps it in). No perfect matching: a contradiction.

use super::{for_bits, Change, Solver, MAXW};

/// No cell or digit.
const NONE: u32 = u32::MAX;

/// Scratch space for one house.
struct House {
    /// The open cells (grid indices).
    cells: Vec<usize>,
    /// Their candidates, as word arrays.
    cands: Vec<[u64; MAXW]>,
    /// The digit matched to each open cell.
    mate: Vec<u32>,
    /// The open cell (local index) matched to each digit.
    owner: Vec<u32>,
    /// Visit stamps for the augmenting paths.
    seen: Vec<u32>,
    stamp: u32,
    /// Tarjan's state per local cell.
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    comp: Vec<u32>,
    next_index: u32,
    next_comp: u32,
}

impl House {
    /// An augmenting path from local cell `i` (Kuhn's algorithm): true if `i` got a digit.
    fn augment(&mut self, i: usize, wpc: usize) -> bool {
        let words = self.cands[i];
        let mut done = false;
        for_bits(&words, wpc, |d| {
            if self.seen[d] == self.stamp {
                return true;
            }
            self.seen[d] = self.stamp;
            let o = self.owner[d];
            if o == NONE || self.augment(o as usize, wpc) {
                self.owner[d] = i as u32;
                self.mate[i] = d as u32;
                done = true;
                return false;
            }
            true
        });
        done
    }

    /// Tarjan's strongly connected components from local cell `v`.
    fn connect(&mut self, v: usize, wpc: usize) {
        self.index[v] = self.next_index;
        self.low[v] = self.next_index;
        self.next_index += 1;
        self.stack.push(v as u32);
        self.on_stack[v] = true;
        let words = self.cands[v];
        for_bits(&words, wpc, |d| {
            let w = self.owner[d] as usize;
            if w == v {
                return true;
            }
            if self.index[w] == NONE {
                self.connect(w, wpc);
                self.low[v] = self.low[v].min(self.low[w]);
            } else if self.on_stack[w] {
                self.low[v] = self.low[v].min(self.index[w]);
            }
            true
        });
        if self.low[v] == self.index[v] {
            while let Some(w) = self.stack.pop() {
                self.on_stack[w as usize] = false;
                self.comp[w as usize] = self.next_comp;
                if w as usize == v {
                    break;
                }
            }
            self.next_comp += 1;
        }
    }
}

impl Solver<'_> {
    /// Runs the filter on every house, with propagation after each sweep that removed
    /// something, until a sweep removes nothing; after the first sweep only on the houses
    /// whose candidates changed (read off the trail when it is recorded). Returns false on contradiction (or when
    /// the stop was reached).
    pub(super) fn all_different(&mut self) -> bool {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let mut hs = House {
            cells: Vec::with_capacity(n),
            cands: Vec::with_capacity(n),
            mate: Vec::with_capacity(n),
            owner: vec![NONE; n],
            seen: vec![0; n],
            stamp: 0,
            index: Vec::with_capacity(n),
            low: Vec::with_capacity(n),
            on_stack: Vec::with_capacity(n),
            stack: Vec::with_capacity(n),
            comp: Vec::with_capacity(n),
            next_index: 0,
            next_comp: 0,
        };
        let mut out: Vec<(usize, usize)> = Vec::new();
        // Houses whose candidates changed since their last filter (all at first).
        let mut dirty = vec![true; 3 * n];
        loop {
            out.clear();
            let mark = self.trail.len();
            for (h, dirty) in dirty.iter_mut().enumerate() {
                if !std::mem::take(dirty) {
                    continue;
                }
                if self.tick() {
                    return false;
                }
                hs.cells.clear();
                hs.cands.clear();
                for p in 0..n {
                    let c = geo.house_cells[h * n + p] as usize;
                    if self.value[c] == 0 {
                        hs.cells.push(c);
                        hs.cands.push(Self::words(&self.cand, c * wpc, wpc));
                    }
                }
                let k = hs.cells.len();
                if k < 2 {
                    continue;
                }
                hs.owner.iter_mut().for_each(|o| *o = NONE);
                hs.mate.clear();
                hs.mate.resize(k, NONE);
                // Greedy first, then augmenting paths for the cells left over.
                for i in 0..k {
                    let words = hs.cands[i];
                    for_bits(&words, wpc, |d| {
                        if hs.owner[d] == NONE {
                            hs.owner[d] = i as u32;
                            hs.mate[i] = d as u32;
                            return false;
                        }
                        true
                    });
                }
                for i in 0..k {
                    if hs.mate[i] == NONE {
                        hs.stamp = hs.stamp.wrapping_add(1);
                        if hs.stamp == 0 {
                            hs.seen.iter_mut().for_each(|s| *s = 0);
                            hs.stamp = 1;
                        }
                        if !hs.augment(i, wpc) {
                            return false;
                        }
                    }
                }
                hs.index.clear();
                hs.index.resize(k, NONE);
                hs.low.clear();
                hs.low.resize(k, 0);
                hs.on_stack.clear();
                hs.on_stack.resize(k, false);
                hs.comp.clear();
                hs.comp.resize(k, NONE);
                hs.stack.clear();
                hs.next_index = 0;
                hs.next_comp = 0;
                for v in 0..k {
                    if hs.index[v] == NONE {
                        hs.connect(v, wpc);
                    }
                }
                for i in 0..k {
                    let words = hs.cands[i];
                    for_bits(&words, wpc, |d| {
                        let o = hs.owner[d] as usize;
                        if o != i && hs.comp[o] != hs.comp[i] {
                            out.push((hs.cells[i], d));
                        }
                        true
                    });
                }
            }
            if out.is_empty() {
                return true;
            }
            for &(c, d) in &out {
                if self.value[c] == 0 && !self.eliminate(c, d) {
                    self.singles.clear();
                    self.locked.clear();
                    return false;
                }
            }
            if !self.propagate() {
                return false;
            }
            if self.recording {
                for ch in &self.trail[mark..] {
                    let (Change::Elim(c, _) | Change::Place(c)) = *ch;
                    for &h in &geo.cell_houses[c as usize] {
                        dirty[h as usize] = true;
                    }
                }
            } else {
                dirty.iter_mut().for_each(|d| *d = true);
            }
        }
    }
}
