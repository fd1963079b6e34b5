//! Chains and loops: X-Chain, XY-Chain, AIC and nice loops (continuous and
//! discontinuous), plain and grouped, found by breadth-first search so the shortest chains
//! come first; and Remote Pair.
//!
//! # The candidate graph
//! A candidate is a node. Two candidates are *weakly* linked when they cannot both be true
//! (same cell, or same digit in two cells that see each other), and *strongly* linked when
//! they cannot both be false (the two digits of a bivalue cell, or the two places of a
//! digit in a house). A strong link is also a weak link.
//!
//! # Group nodes
//! The grouped techniques add *group nodes*: a digit's candidates in two or more cells of
//! one box–line intersection, true when one of them is ([`GroupGraph`]). A node is weakly
//! linked to every node of its digit whose cells all see all of its cells, and two nodes
//! of a digit (group–cell or group–group) are strongly linked when together they hold
//! every place of the digit in a house. A chain or loop is grouped (HoDoKu's rule) when it
//! goes through at least one group node; the plain techniques never see groups, so they
//! find exactly what they would without them.
//!
//! # The search
//! From every start candidate `s`, assumed false, the search alternates strong links (the
//! next node is then true) and weak links (the next one is then false), never longer
//! than [`MAX_LINKS`]. Every candidate `t` reached as true gives "`s` or `t` is true":
//! - `t` is `s`: `s` is true (a discontinuous nice loop closing on two strong links);
//! - otherwise every candidate weakly linked to both ends is false (an AIC; type 1 when
//!   the ends share a digit, type 2 when they don't);
//! - when `t` is weakly linked to `s` and the chain repeats no candidate, the chain is a
//!   continuous nice loop: on every link of the loop exactly one end is true, so any
//!   candidate weakly linked to both ends of a link is false (for a group, one that sees
//!   all of its cells).
//!
//! The ends of a chain are always single candidates (as in HoDoKu, whose chains start and
//! end at a candidate); group nodes stand inside.
//!
//! The X-Chain search uses the links of one digit only, the XY-Chain search the strong
//! links of bivalue cells and the weak links between cells on one digit.
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::step::{Evidence, Link, Node, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit, House};
use std::collections::VecDeque;
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::XChain,
    Technique::XyChain,
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
    Technique::GroupedContinuousNiceLoop,
    Technique::GroupedDiscontinuousNiceLoop,
    Technique::GroupedAic,
    Technique::RemotePair,
];

/// The longest chain searched (HoDoKu's limit for chains).
pub const MAX_LINKS: usize = 20;

/// Which links a search may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// One digit: conjugate pairs and same-digit weak links (X-Chain).
    X,
    /// Bivalue cells for strong links, same-digit links between cells for weak (XY-Chain).
    Xy,
    /// Everything (AIC and nice loops).
    All,
}

/// The candidate graph of one position: candidates numbered `cell * n + digit`.
pub(crate) struct Graph {
    pub n: usize,
    /// Strong links of each candidate, with whether the link is a bivalue cell's.
    pub strong: Vec<Vec<(u32, bool)>>,
    /// Weak links of each candidate (every candidate it cannot be true together with).
    pub weak: Vec<Vec<u32>>,
}

impl Graph {
    pub fn new(ctx: &Context<'_>) -> Graph {
        let shape = ctx.shape();
        let n = ctx.side();
        let geo = ctx.geometry();
        let total = shape.cell_count() * n;
        let mut strong = vec![Vec::new(); total];
        let mut weak = vec![Vec::new(); total];
        for cell in Cell::all(shape) {
            let c = cell.index();
            let cands = ctx.candidates(cell);
            for d in cands {
                let id = geo.candidate_id(c, d.index()) as usize;
                for e in cands {
                    if e != d {
                        weak[id].push(geo.candidate_id(c, e.index()));
                        if cands.len() == 2 {
                            strong[id].push((geo.candidate_id(c, e.index()), true));
                        }
                    }
                }
                for &p in geo.peers(c) {
                    if ctx.has(Cell::new(p as usize), d) {
                        weak[id].push(geo.candidate_id(p as usize, d.index()));
                    }
                }
            }
        }
        for h in ctx.houses() {
            for d in Digit::all(shape) {
                let pos = ctx.positions(d, h);
                if pos.len() == 2 {
                    let mut it = pos.iter();
                    let (a, b) = (it.next().unwrap(), it.next().unwrap());
                    let (ca, cb) = (ctx.cell(h, a), ctx.cell(h, b));
                    let ia = geo.candidate_id(ca.index(), d.index()) as usize;
                    let ib = geo.candidate_id(cb.index(), d.index()) as usize;
                    // Two cells can share two houses (a row and a box): keep one link.
                    if !strong[ia].iter().any(|&(x, _)| x as usize == ib) {
                        strong[ia].push((ib as u32, false));
                        strong[ib].push((ia as u32, false));
                    }
                }
            }
        }
        Graph { n, strong, weak }
    }

    pub fn candidate(&self, id: u32) -> Candidate {
        let id = id as usize;
        Candidate::new(Cell::new(id / self.n), Digit::from_index(id % self.n))
    }
}

/// The group nodes of one position and the links that involve them, for the grouped
/// techniques. Node ids continue those of [`Graph`]: candidates `0..base`, then group `k`
/// as `base + k`. The links between candidates stay in [`Graph`]; here are only those with
/// a group at one end (or both), in compressed rows: the neighbours of node `u` are
/// `targets[offsets[u]..offsets[u + 1]]`.
pub(crate) struct GroupGraph {
    base: usize,
    /// Each group's digit and cells (in cell order).
    groups: Vec<(Digit, Vec<Cell>)>,
    strong_offsets: Vec<u32>,
    strong_targets: Vec<u32>,
    weak_offsets: Vec<u32>,
    weak_targets: Vec<u32>,
}

/// Compressed rows from an edge list over `nodes` nodes.
fn compress(nodes: usize, mut edges: Vec<(u32, u32)>) -> (Vec<u32>, Vec<u32>) {
    edges.sort_unstable();
    edges.dedup();
    let mut offsets = vec![0u32; nodes + 1];
    for &(a, _) in &edges {
        offsets[a as usize + 1] += 1;
    }
    for i in 0..nodes {
        offsets[i + 1] += offsets[i];
    }
    (offsets, edges.into_iter().map(|(_, b)| b).collect())
}

impl GroupGraph {
    pub fn new(ctx: &Context<'_>) -> GroupGraph {
        let shape = ctx.shape();
        let n = ctx.side();
        let base = shape.cell_count() * n;
        let geo = ctx.geometry();
        let cand = |c: Cell, d: Digit| geo.candidate_id(c.index(), d.index());
        // The groups, each with its line and box; and the groups of each house.
        let mut groups: Vec<(Digit, Vec<Cell>)> = Vec::new();
        let mut homes: Vec<[House; 2]> = Vec::new();
        let mut by_house: Vec<Vec<usize>> = vec![Vec::new(); shape.house_count()];
        for b in ctx.houses().filter(|h| matches!(h, House::Block(_))) {
            for d in Digit::all(shape) {
                let cells: Vec<Cell> = ctx.cells_with(d, b).collect();
                if cells.len() < 2 {
                    continue;
                }
                let mut lines: Vec<House> = Vec::new();
                for &c in &cells {
                    for line in [House::Row(c.row(shape)), House::Col(c.col(shape))] {
                        if !lines.contains(&line) {
                            lines.push(line);
                        }
                    }
                }
                for line in lines {
                    let part: Vec<Cell> = cells
                        .iter()
                        .copied()
                        .filter(|&c| line.contains(shape, c))
                        .collect();
                    if part.len() >= 2 {
                        let k = groups.len();
                        by_house[line.index(shape)].push(k);
                        by_house[b.index(shape)].push(k);
                        groups.push((d, part));
                        homes.push([line, b]);
                    }
                }
            }
        }
        let nodes = base + groups.len();
        let gid = |k: usize| (base + k) as u32;
        let disjoint = |p: &[Cell], q: &[Cell]| p.iter().all(|c| !q.contains(c));
        let mut weak: Vec<(u32, u32)> = Vec::new();
        let mut strong: Vec<(u32, u32)> = Vec::new();
        for (k, (d, cells)) in groups.iter().enumerate() {
            for home in homes[k] {
                // Every other place of the digit in the group's line and box sees the
                // whole group.
                for c in ctx.cells_with(*d, home) {
                    if !cells.contains(&c) {
                        weak.push((gid(k), cand(c, *d)));
                        weak.push((cand(c, *d), gid(k)));
                    }
                }
                // So does every group of the digit in them that shares no cell.
                for &j in &by_house[home.index(shape)] {
                    if j != k && groups[j].0 == *d && disjoint(cells, &groups[j].1) {
                        weak.push((gid(k), gid(j)));
                    }
                }
            }
        }
        // Strong links: two nodes, one of them a group, that hold every place of a digit
        // in a house between them.
        for h in ctx.houses() {
            for &k in &by_house[h.index(shape)] {
                let (d, cells) = &groups[k];
                let places = ctx.positions(*d, h).len();
                if places <= cells.len() {
                    continue;
                }
                if places == cells.len() + 1 {
                    let c = ctx
                        .cells_with(*d, h)
                        .find(|c| !cells.contains(c))
                        .expect("one place outside the group");
                    strong.push((gid(k), cand(c, *d)));
                    strong.push((cand(c, *d), gid(k)));
                }
                for &j in &by_house[h.index(shape)] {
                    let (e, other) = &groups[j];
                    if j != k
                        && e == d
                        && cells.len() + other.len() == places
                        && disjoint(cells, other)
                    {
                        strong.push((gid(k), gid(j)));
                    }
                }
            }
        }
        let (strong_offsets, strong_targets) = compress(nodes, strong);
        let (weak_offsets, weak_targets) = compress(nodes, weak);
        GroupGraph {
            base,
            groups,
            strong_offsets,
            strong_targets,
            weak_offsets,
            weak_targets,
        }
    }

    /// The strong links of node `u` that involve a group.
    fn strong(&self, u: usize) -> &[u32] {
        &self.strong_targets[self.strong_offsets[u] as usize..self.strong_offsets[u + 1] as usize]
    }

    /// The weak links of node `u` that involve a group.
    fn weak(&self, u: usize) -> &[u32] {
        &self.weak_targets[self.weak_offsets[u] as usize..self.weak_offsets[u + 1] as usize]
    }

    /// Node `id` (a candidate or a group).
    fn node(&self, g: &Graph, id: usize) -> Node {
        if id < self.base {
            Node::Candidate(g.candidate(id as u32))
        } else {
            let (digit, cells) = &self.groups[id - self.base];
            Node::Group {
                digit: *digit,
                cells: cells.clone(),
            }
        }
    }
}

/// The candidates of `ctx` weakly linked to both `a` and `b` (neither of them).
pub(crate) fn seeing_both(ctx: &Context<'_>, a: Candidate, b: Candidate) -> Vec<Candidate> {
    let s = ctx.shape();
    let mut out = Vec::new();
    if a == b {
        return out;
    }
    if a.cell == b.cell {
        for d in ctx.candidates(a.cell) {
            if d != a.digit && d != b.digit {
                out.push(Candidate::new(a.cell, d));
            }
        }
    } else if a.digit == b.digit {
        if a.cell.sees(b.cell, s) {
            // Every other place of the digit in a shared house.
            for h in a.cell.houses(s) {
                if h.contains(s, b.cell) {
                    for c in ctx.cells_with(a.digit, h) {
                        let z = Candidate::new(c, a.digit);
                        if c != a.cell && c != b.cell && !out.contains(&z) {
                            out.push(z);
                        }
                    }
                }
            }
        } else {
            for p in a.cell.peers(s) {
                if p != b.cell && p.sees(b.cell, s) && ctx.has(p, a.digit) {
                    out.push(Candidate::new(p, a.digit));
                }
            }
        }
    } else if a.cell.sees(b.cell, s) {
        if ctx.has(a.cell, b.digit) {
            out.push(Candidate::new(a.cell, b.digit));
        }
        if ctx.has(b.cell, a.digit) {
            out.push(Candidate::new(b.cell, a.digit));
        }
    }
    out
}

/// Whether some candidate is weakly linked to both `a` and `b` (as [`seeing_both`],
/// without building the list).
fn any_seeing_both(ctx: &Context<'_>, a: Candidate, b: Candidate) -> bool {
    let s = ctx.shape();
    if a == b {
        return false;
    }
    if a.cell == b.cell {
        return ctx.candidates(a.cell).len() > 2;
    }
    if a.digit == b.digit {
        if a.cell.sees(b.cell, s) {
            return a
                .cell
                .houses(s)
                .into_iter()
                .any(|h| h.contains(s, b.cell) && ctx.positions(a.digit, h).len() > 2);
        }
        return a
            .cell
            .peers(s)
            .any(|p| p != b.cell && ctx.has(p, a.digit) && p.sees(b.cell, s));
    }
    a.cell.sees(b.cell, s) && (ctx.has(a.cell, b.digit) || ctx.has(b.cell, a.digit))
}

/// The candidates of `ctx` weakly linked to both nodes `a` and `b` (in neither of them):
/// [`seeing_both`] for two candidates; for a group, the other candidates of its digit that
/// see every cell of both.
fn node_seeing_both(ctx: &Context<'_>, a: &Node, b: &Node) -> Vec<Candidate> {
    if let (Some(x), Some(y)) = (a.candidate(), b.candidate()) {
        return seeing_both(ctx, x, y);
    }
    let d = a.digit();
    if b.digit() != d {
        return Vec::new();
    }
    let s = ctx.shape();
    let sees_all = |c: Cell, n: &Node| n.cells().iter().all(|&x| x.sees(c, s));
    a.cells()[0]
        .peers(s)
        .filter(|&c| ctx.has(c, d) && sees_all(c, a) && sees_all(c, b))
        .map(|c| Candidate::new(c, d))
        .collect()
}

/// The techniques that search every link (one search serves them all).
const ALL_LINKS: [Technique; 3] = [
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
];

/// The grouped techniques (one search with group nodes serves them all).
const GROUPED: [Technique; 3] = [
    Technique::GroupedContinuousNiceLoop,
    Technique::GroupedDiscontinuousNiceLoop,
    Technique::GroupedAic,
];

/// Finds steps of one chain technique.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let kind = match technique {
        Technique::RemotePair => return remote_pair(ctx, sink),
        Technique::XChain => Kind::X,
        Technique::XyChain => Kind::Xy,
        t if ALL_LINKS.contains(&t) || GROUPED.contains(&t) => Kind::All,
        _ => return ControlFlow::Continue(()),
    };
    let mut steps = match ctx.take_found_ahead(technique) {
        Some(steps) => steps,
        None if kind == Kind::All => {
            // The nice loops and AICs (plain or grouped) come from the same search: keep
            // the others' steps for their turn in this position.
            let (family, found) = if GROUPED.contains(&technique) {
                let found = search_grouped(ctx, ctx.chain_graph(), ctx.group_graph(), &GROUPED);
                (GROUPED, found)
            } else {
                let found = search(ctx, ctx.chain_graph(), kind, &ALL_LINKS);
                (ALL_LINKS, found)
            };
            let mut lists = found.into_iter();
            let mut own = Vec::new();
            for t in family {
                let list = order_found(lists.next().expect("one list per technique"));
                if t == technique {
                    own = list;
                } else {
                    ctx.put_found_ahead(t, list);
                }
            }
            own
        }
        None => {
            let found = search(ctx, ctx.chain_graph(), kind, &[technique]);
            order_found(found.into_iter().next().expect("one list"))
        }
    };
    for step in steps.drain(..) {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// The steps found, shortest first and, among equals, the most productive; a step that
/// repeats an earlier one's placements and eliminations is left out.
fn order_found(mut found: Vec<(usize, Step)>) -> Vec<Step> {
    found.sort_by_key(|(len, step)| {
        (
            *len,
            std::cmp::Reverse(step.placements.len() * 100 + step.eliminations.len()),
        )
    });
    let mut seen = std::collections::HashSet::new();
    found
        .into_iter()
        .map(|(_, step)| step)
        .filter(|step| seen.insert((step.placements.clone(), step.eliminations.clone())))
        .collect()
}

/// What a chain proves, to tell nice loops from AICs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Place,
    Aic,
    Loop,
}

/// The outcome a technique stands for (`None`: X- and XY-Chains, which take any).
fn wanted(technique: Technique) -> Option<Outcome> {
    use Technique::*;
    match technique {
        ContinuousNiceLoop | GroupedContinuousNiceLoop => Some(Outcome::Loop),
        DiscontinuousNiceLoop | GroupedDiscontinuousNiceLoop => Some(Outcome::Place),
        Aic | GroupedAic => Some(Outcome::Aic),
        _ => None,
    }
}

/// The chains of `kind` that give steps of each of `techniques` (one list for each, with
/// each chain's length, in search order).
fn search(
    ctx: &Context<'_>,
    g: &Graph,
    kind: Kind,
    techniques: &[Technique],
) -> Vec<Vec<(usize, Step)>> {
    let total = g.strong.len();
    let mut out: Vec<Vec<(usize, Step)>> = techniques.iter().map(|_| Vec::new()).collect();
    // state = candidate * 2 + (1 if true); parent state, depth.
    let mut parent = vec![u32::MAX; total * 2];
    let mut depth = vec![0u8; total * 2];
    let mut touched: Vec<usize> = Vec::new();
    let mut queue = VecDeque::new();
    for s in 0..total {
        if g.strong[s].is_empty() {
            continue;
        }
        if kind == Kind::Xy && !g.strong[s].iter().any(|&(_, bv)| bv) {
            continue;
        }
        for &t in &touched {
            parent[t] = u32::MAX;
        }
        touched.clear();
        let start = s * 2;
        parent[start] = start as u32;
        depth[start] = 0;
        touched.push(start);
        queue.clear();
        queue.push_back(start);
        let sc = g.candidate(s as u32);
        while let Some(st) = queue.pop_front() {
            let u = st / 2;
            let on = st % 2 == 1;
            let d = depth[st] as usize;
            if on && st != start {
                let tc = g.candidate(u as u32);
                let chain_ok = match kind {
                    Kind::X | Kind::Xy => tc.digit == sc.digit,
                    Kind::All => true,
                };
                if chain_ok {
                    for (&technique, out) in techniques.iter().zip(&mut out) {
                        let links = || {
                            path_links(&parent, st, |id| Node::Candidate(g.candidate(id as u32)))
                        };
                        if let Some(step) = conclude(ctx, sc, tc, technique, links) {
                            out.push((d, step));
                        }
                    }
                }
            }
            if d >= MAX_LINKS {
                continue;
            }
            let u_c = g.candidate(u as u32);
            if on {
                for &v in &g.weak[u] {
                    let vc = g.candidate(v);
                    let ok = match kind {
                        Kind::X => vc.digit == u_c.digit,
                        Kind::Xy => vc.digit == u_c.digit,
                        Kind::All => true,
                    };
                    let ns = v as usize * 2;
                    if ok && parent[ns] == u32::MAX {
                        parent[ns] = st as u32;
                        depth[ns] = (d + 1) as u8;
                        touched.push(ns);
                        queue.push_back(ns);
                    }
                }
            } else {
                for &(v, bivalue) in &g.strong[u] {
                    let vc = g.candidate(v);
                    let ok = match kind {
                        Kind::X => vc.digit == u_c.digit,
                        Kind::Xy => bivalue,
                        Kind::All => true,
                    };
                    let ns = v as usize * 2 + 1;
                    if ok && parent[ns] == u32::MAX {
                        parent[ns] = st as u32;
                        depth[ns] = (d + 1) as u8;
                        touched.push(ns);
                        queue.push_back(ns);
                    }
                }
            }
        }
    }
    out
}

/// The grouped chains that give steps of each of `techniques`: the search of [`search`]
/// over candidates and group nodes, keeping the chains that go through a group.
fn search_grouped(
    ctx: &Context<'_>,
    g: &Graph,
    gg: &GroupGraph,
    techniques: &[Technique],
) -> Vec<Vec<(usize, Step)>> {
    let mut out: Vec<Vec<(usize, Step)>> = techniques.iter().map(|_| Vec::new()).collect();
    if gg.groups.is_empty() {
        return out;
    }
    let base = gg.base;
    let states = (base + gg.groups.len()) * 2;
    // state = node * 2 + (1 if true); parent state, depth, whether the path has a group.
    let mut parent = vec![u32::MAX; states];
    let mut depth = vec![0u8; states];
    let mut grouped = vec![false; states];
    let mut touched: Vec<usize> = Vec::new();
    let mut queue = VecDeque::new();
    for s in 0..base {
        if g.strong[s].is_empty() && gg.strong(s).is_empty() {
            continue;
        }
        for &t in &touched {
            parent[t] = u32::MAX;
        }
        touched.clear();
        let start = s * 2;
        parent[start] = start as u32;
        depth[start] = 0;
        grouped[start] = false;
        touched.push(start);
        queue.clear();
        queue.push_back(start);
        let sc = g.candidate(s as u32);
        while let Some(st) = queue.pop_front() {
            let u = st / 2;
            let on = st % 2 == 1;
            let d = depth[st] as usize;
            // Chains end on a candidate; a chain without a group is a plain technique's.
            if on && st != start && u < base && grouped[st] {
                let tc = g.candidate(u as u32);
                for (&technique, out) in techniques.iter().zip(&mut out) {
                    let links = || path_links(&parent, st, |id| gg.node(g, id));
                    if let Some(step) = conclude(ctx, sc, tc, technique, links) {
                        out.push((d, step));
                    }
                }
            }
            if d >= MAX_LINKS {
                continue;
            }
            let has_group = grouped[st];
            let mut visit = |v: u32, next_on: bool| {
                let ns = v as usize * 2 + usize::from(next_on);
                if parent[ns] == u32::MAX {
                    parent[ns] = st as u32;
                    depth[ns] = (d + 1) as u8;
                    grouped[ns] = has_group || v as usize >= base;
                    touched.push(ns);
                    queue.push_back(ns);
                }
            };
            if on {
                if u < base {
                    g.weak[u].iter().for_each(|&v| visit(v, false));
                }
                gg.weak(u).iter().for_each(|&v| visit(v, false));
            } else {
                if u < base {
                    g.strong[u].iter().for_each(|&(v, _)| visit(v, true));
                }
                gg.strong(u).iter().for_each(|&v| visit(v, true));
            }
        }
    }
    out
}

/// The path of states from the start to `end`.
fn path(parent: &[u32], end: usize) -> Vec<usize> {
    let mut v = vec![end];
    let mut x = end;
    while parent[x] as usize != x {
        x = parent[x] as usize;
        v.push(x);
    }
    v.reverse();
    v
}

/// The links of the path from the start to `end`, with `node` naming each node id.
fn path_links(parent: &[u32], end: usize, node: impl Fn(usize) -> Node) -> Vec<Link> {
    path(parent, end)
        .windows(2)
        .map(|w| Link {
            from: node(w[0] / 2),
            to: node(w[1] / 2),
            strong: w[1] % 2 == 1,
        })
        .collect()
}

/// Whether a chain uses a candidate twice (a lasso: it proves something, but is no chain
/// a player would draw), other than a discontinuous loop's start at its end; a group's
/// candidates all count. BFS paths may be lassos where a group makes a detour shorter.
fn is_lasso(links: &[Link]) -> bool {
    let Some(first) = links.first() else {
        return false;
    };
    let mut nodes: Vec<&Node> = std::iter::once(&first.from)
        .chain(links.iter().map(|l| &l.to))
        .collect();
    if nodes.len() > 1 && nodes.last() == nodes.first() {
        nodes.pop();
    }
    let mut cands: Vec<Candidate> = nodes
        .iter()
        .flat_map(|n| n.cells().iter().map(|&c| Candidate::new(c, n.digit())))
        .collect();
    let count = cands.len();
    cands.sort_unstable();
    cands.dedup();
    cands.len() != count
}

/// The step of `technique` that the chain from `s` (false) to `t` (true) gives, if any;
/// `links` builds the chain, only once the ends show it may give one.
fn conclude(
    ctx: &Context<'_>,
    s: Candidate,
    t: Candidate,
    technique: Technique,
    links: impl FnOnce() -> Vec<Link>,
) -> Option<Step> {
    let want = wanted(technique);
    // Cheap tests first: most chains prove nothing this technique wants.
    let general = want.is_none();
    let want_place = general || want == Some(Outcome::Place);
    let want_loop = general || want == Some(Outcome::Loop);
    let want_aic = general || want == Some(Outcome::Aic);
    let closes =
        s != t && (s.cell == t.cell || s.digit == t.digit && s.cell.sees(t.cell, ctx.shape()));
    if s == t {
        if !want_place {
            return None;
        }
    } else if !(want_loop && closes || want_aic && any_seeing_both(ctx, s, t)) {
        return None;
    }
    let mut links = links();
    if GROUPED.contains(&technique) && is_lasso(&links) {
        return None;
    }
    let (outcome, placements, eliminations) = if s == t {
        (Outcome::Place, vec![s], Vec::new())
    } else {
        let mut elims = if want_aic {
            seeing_both(ctx, s, t)
        } else {
            Vec::new()
        };
        let mut outcome = Outcome::Aic;
        if want_loop && closes {
            // A loop: valid only when no candidate repeats (a group's candidates count).
            let nodes = std::iter::once(&links[0].from).chain(links.iter().map(|l| &l.to));
            let mut cands: Vec<Candidate> = nodes
                .flat_map(|n| n.cells().iter().map(|&c| Candidate::new(c, n.digit())))
                .collect();
            let count = cands.len();
            cands.sort();
            cands.dedup();
            if cands.len() == count {
                let mut all = elims.clone();
                for l in &links {
                    all.extend(node_seeing_both(ctx, &l.from, &l.to));
                }
                all.extend(seeing_both(ctx, t, s));
                all.retain(|z| cands.binary_search(z).is_err());
                all.sort();
                all.dedup();
                if all.len() > elims.len() {
                    outcome = Outcome::Loop;
                    elims = all;
                }
            }
        }
        elims.sort();
        elims.dedup();
        (outcome, Vec::new(), elims)
    };
    if placements.is_empty() && eliminations.is_empty() {
        return None;
    }
    if want.is_some_and(|w| w != outcome) {
        return None;
    }
    if outcome == Outcome::Loop {
        links.push(Link::new(t, s, false));
    }
    Some(Step {
        se_difficulty: None,
        technique,
        placements,
        eliminations,
        evidence: Evidence::Chain { links },
    })
}

/// The number of links of a chain or forcing step (the SE length bonus counts them), or
/// `None` for steps that are not chains.
pub fn chain_length(step: &Step) -> Option<usize> {
    match &step.evidence {
        Evidence::Chain { links } => Some(links.len()),
        Evidence::Forcing { branches, .. } => Some(branches.iter().map(Vec::len).sum()),
        Evidence::Kraken(k) => Some(k.branches.iter().map(Vec::len).sum()),
        _ => None,
    }
}

/// Remote Pair: bivalue cells with the same two digits, linked by seeing each other. Two
/// linked cells hold different digits, so cells an odd number of links apart do too; a
/// cell seeing two of them (that don't see each other) holds neither digit.
fn remote_pair(ctx: &Context<'_>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let s = ctx.shape();
    let bivalue = ctx.bivalue_cells();
    let mut done = vec![false; bivalue.len()];
    for start in 0..bivalue.len() {
        if done[start] {
            continue;
        }
        let pair = ctx.candidates(bivalue[start]);
        // The component of `start` among the bivalue cells with the same pair, 2-coloured.
        let mut comp: Vec<(usize, bool)> = vec![(start, false)];
        done[start] = true;
        let mut head = 0;
        let mut bipartite = true;
        while head < comp.len() {
            let (i, color) = comp[head];
            head += 1;
            for j in 0..bivalue.len() {
                if j == i || ctx.candidates(bivalue[j]) != pair || !bivalue[i].sees(bivalue[j], s) {
                    continue;
                }
                match comp.iter().find(|(k, _)| *k == j) {
                    Some(&(_, c)) => bipartite &= c != color,
                    None => {
                        done[j] = true;
                        comp.push((j, !color));
                    }
                }
            }
        }
        if !bipartite || comp.len() < 4 {
            continue;
        }
        let cells: Vec<Cell> = comp.iter().map(|&(i, _)| bivalue[i]).collect();
        let colors: Vec<bool> = comp.iter().map(|&(_, c)| c).collect();
        let mut elims = Vec::new();
        for target in Cell::all(s) {
            if cells.contains(&target) || (ctx.candidates(target) & pair).is_empty() {
                continue;
            }
            let seen: Vec<usize> = (0..cells.len())
                .filter(|&k| cells[k].sees(target, s))
                .collect();
            let hit = seen.iter().any(|&p| {
                seen.iter()
                    .any(|&q| colors[p] != colors[q] && !cells[p].sees(cells[q], s))
            });
            if hit {
                for d in ctx.candidates(target) & pair {
                    elims.push(Candidate::new(target, d));
                }
            }
        }
        if elims.is_empty() {
            continue;
        }
        sink(Step {
            se_difficulty: None,
            technique: Technique::RemotePair,
            placements: vec![],
            eliminations: elims,
            evidence: Evidence::Wing {
                digits: pair,
                pivot: None,
                pincers: cells,
                z: None,
                links: vec![],
            },
        })?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Board, Grid};

    /// Every link of a group node holds by definition, on 9x9 and 6x6 (2x3 boxes): weak
    /// ends share a digit and every cell of one sees every cell of the other; strong ends
    /// share a digit and hold between them every place of it in some house.
    #[test]
    fn group_links_follow_their_definition() {
        for line in [
            "3.2....1....97.............5...8.6....15...7..8..4....9....1.27.1.4.......5..79..",
            "..3......1......2...........4.5.....",
        ] {
            let board = Board::new(&Grid::from_line(line).unwrap());
            let ctx = Context::new(&board);
            let s = ctx.shape();
            let (g, gg) = (ctx.chain_graph(), ctx.group_graph());
            assert!(!gg.groups.is_empty(), "{line}");
            let mut strong_links = 0;
            for u in 0..gg.base + gg.groups.len() {
                let a = gg.node(g, u);
                for &v in gg.weak(u) {
                    let b = gg.node(g, v as usize);
                    assert!(a.is_group() || b.is_group());
                    assert_eq!(a.digit(), b.digit());
                    assert!(a
                        .cells()
                        .iter()
                        .all(|x| b.cells().iter().all(|y| x.sees(*y, s))));
                }
                for &v in gg.strong(u) {
                    let b = gg.node(g, v as usize);
                    assert_eq!(a.digit(), b.digit());
                    let mut both: Vec<Cell> = a.cells().iter().chain(b.cells()).copied().collect();
                    both.sort();
                    let holds = ctx.houses().any(|h| {
                        let places: Vec<Cell> = ctx.cells_with(a.digit(), h).collect();
                        places == both
                    });
                    assert!(holds, "{a:?} = {b:?}");
                    strong_links += 1;
                }
            }
            assert!(strong_links > 0, "{line}");
        }
    }
}
