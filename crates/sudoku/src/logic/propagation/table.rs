//! The table of what one branch derived: each fact once, in the order it was derived, with
//! all its causes (parents) and how it was derived. The one engine (`forcing::Branch`)
//! writes here for HoDoKu's finders and for SE's nets (`se_chains`) alike, so a proof is
//! read the same way from either: its chain back to the premise along first causes
//! (HoDoKu's single parent), its complexity over all causes (SE's count, which takes in a
//! dynamic single's hidden falses).
//!
//! A fact is `candidate * 2 + (1 if true)`; a node is a fact's index in the table.

/// The node index of a fact the table does not hold.
pub(crate) const NO_NODE: u32 = u32::MAX;

/// One derived fact.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The fact: `candidate * 2 + (1 if true)`.
    pub(crate) fact: u32,
    /// Where the node's causes start in the table's cause list, and how many there are
    /// (none for a premise). The first is the fact that made it; the others are the
    /// falses that left it single (see [`super::Effect::WhenFollowed`]) or that a stall
    /// rule relied on.
    pub(crate) parents_from: u32,
    pub(crate) parents_len: u32,
    /// Links from the premise along first causes.
    pub(crate) depth: u16,
    /// How it was derived (nested chains use it to find what a link relies on).
    pub(crate) cause: Cause,
    /// The complexity of the inner chain that derived this false (SE's nested levels),
    /// else 0.
    pub(crate) weight: u32,
    /// Which inner hint derived it (nested levels; numbered per net), else `u32::MAX`.
    pub(crate) hint: u32,
}

/// How a fact was derived.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cause {
    /// A true, the last place of its digit in house `0..3` of its cell (box, row, column).
    House(u8),
    /// A true, the last candidate of its cell.
    Cell,
    /// A false an inner chain gave (SE's nested levels).
    Inner(InnerRule),
    /// Any other link (and a premise).
    Other,
}

/// The inner producer that gave a false in an SE nested chain.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum InnerRule {
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

/// The facts of one branch with their causes, and which facts it holds.
pub(crate) struct Nodes {
    /// Per fact: its node, or [`NO_NODE`].
    pub(crate) idx: Vec<u32>,
    /// The facts held, as a bit set (to tell quickly whether two tables meet; it stays in
    /// cache where `idx` may not).
    pub(crate) bits: Vec<u64>,
    /// The nodes, in the order they were derived.
    pub(crate) nodes: Vec<Node>,
    /// The causes of all nodes (node indices), each node's a range.
    pub(crate) par: Vec<u32>,
}

impl Nodes {
    /// An empty table over `facts` facts (twice the candidates).
    pub(crate) fn new(facts: usize) -> Nodes {
        Nodes {
            idx: vec![NO_NODE; facts],
            bits: vec![0; facts.div_ceil(64)],
            nodes: Vec::new(),
            par: Vec::new(),
        }
    }

    /// Empties the table (in the time of its nodes, not of its facts).
    #[inline]
    pub(crate) fn clear(&mut self) {
        // Every bit set belongs to a node: a few nodes clear their words, many the lot.
        let by_node = self.nodes.len() < self.bits.len();
        for nd in &self.nodes {
            self.idx[nd.fact as usize] = NO_NODE;
            if by_node {
                self.bits[nd.fact as usize / 64] = 0;
            }
        }
        if !by_node {
            self.bits.fill(0);
        }
        self.nodes.clear();
        self.par.clear();
    }

    /// Keeps the first `len` nodes (in the time of the nodes dropped).
    pub(crate) fn truncate(&mut self, len: usize) {
        let Some(first) = self.nodes.get(len) else {
            return;
        };
        self.par.truncate(first.parents_from as usize);
        for nd in &self.nodes[len..] {
            // A contradiction's second half is not held: its fact's entries are another
            // node's or none.
            if self.idx[nd.fact as usize] as usize >= len {
                self.idx[nd.fact as usize] = NO_NODE;
                self.bits[nd.fact as usize / 64] &= !(1 << (nd.fact % 64));
            }
        }
        self.nodes.truncate(len);
    }

    /// Whether the table holds `fact`.
    #[inline(always)]
    pub(crate) fn has(&self, fact: u32) -> bool {
        self.bits[fact as usize / 64] >> (fact % 64) & 1 == 1
    }

    /// The node of `fact`, or [`NO_NODE`].
    #[inline(always)]
    pub(crate) fn node(&self, fact: u32) -> u32 {
        self.idx[fact as usize]
    }

    /// Appends a node for `fact` with causes `parents` (its first the fact that made it),
    /// without registering the fact as held (a contradiction's second half).
    #[inline(always)]
    pub(crate) fn push_with(
        &mut self,
        fact: u32,
        parents: &[u32],
        cause: Cause,
        weight: u32,
    ) -> u32 {
        let k = self.nodes.len() as u32;
        let depth = match parents.first() {
            Some(&p) => self.nodes[p as usize].depth.saturating_add(1),
            None => 0,
        };
        self.nodes.push(Node {
            fact,
            parents_from: self.par.len() as u32,
            parents_len: parents.len() as u32,
            depth,
            cause,
            weight,
            hint: u32::MAX,
        });
        // Mostly one parent: a push, not a copy call.
        if let [one] = parents {
            self.par.push(*one);
        } else {
            self.par.extend_from_slice(parents);
        }
        k
    }

    /// Appends `fact` with causes `parents` and registers it as held.
    #[inline(always)]
    pub(crate) fn add_with(
        &mut self,
        fact: u32,
        parents: &[u32],
        cause: Cause,
        weight: u32,
    ) -> u32 {
        let k = self.push_with(fact, parents, cause, weight);
        self.idx[fact as usize] = k;
        self.bits[fact as usize / 64] |= 1 << (fact % 64);
        k
    }

    /// Appends `fact`, derived by any other link, and registers it as held.
    #[inline(always)]
    pub(crate) fn add(&mut self, fact: u32, parents: &[u32]) -> u32 {
        self.add_with(fact, parents, Cause::Other, 0)
    }

    /// The causes of node `k`.
    #[inline]
    pub(crate) fn parents(&self, k: u32) -> &[u32] {
        let nd = self.nodes[k as usize];
        &self.par[nd.parents_from as usize..(nd.parents_from + nd.parents_len) as usize]
    }

    /// The fact that made node `k` (its first cause), or its own fact for a premise.
    #[inline]
    pub(crate) fn first_parent_fact(&self, k: u32) -> u32 {
        let p = self.parents(k).first().copied().unwrap_or(k);
        self.nodes[p as usize].fact
    }

    /// Whether this table and `other` hold a fact in common.
    #[inline]
    pub(crate) fn meets(&self, other: &Nodes) -> bool {
        self.bits.iter().zip(&other.bits).any(|(a, b)| a & b != 0)
    }

    /// Calls `f` once on each ancestor of node `k` over all causes (itself included).
    pub(crate) fn for_each_ancestor(&self, k: u32, mut f: impl FnMut(&Node)) {
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

    /// The facts from the premise to node `k` along first causes.
    pub(crate) fn path_to(&self, k: u32) -> Vec<u32> {
        let mut path = vec![self.nodes[k as usize].fact];
        let mut x = k;
        while let Some(&p) = self.parents(x).first() {
            path.push(self.nodes[p as usize].fact);
            x = p;
        }
        path.reverse();
        path
    }
}
