//! Chains and loops: X-Chain, XY-Chain, AIC and nice loops (continuous and
//! discontinuous), found by breadth-first search so the shortest chains come first.
//!
//! # The candidate graph
//! A candidate is a node. Two candidates are *weakly* linked when they cannot both be true
//! (same cell, or same digit in two cells that see each other), and *strongly* linked when
//! they cannot both be false (the two digits of a bivalue cell, or the two places of a
//! digit in a house). A strong link is also a weak link.
//!
//! # The search
//! From every start candidate `s`, assumed false, the search alternates strong links (the
//! next candidate is then true) and weak links (the next one is then false), never longer
//! than [`MAX_LINKS`]. Every candidate `t` reached as true gives "`s` or `t` is true":
//! - `t` is `s`: `s` is true (a discontinuous nice loop closing on two strong links);
//! - otherwise every candidate weakly linked to both ends is false (an AIC; type 1 when
//!   the ends share a digit, type 2 when they don't);
//! - when `t` is weakly linked to `s` and the chain repeats no candidate, the chain is a
//!   continuous nice loop: on every link of the loop exactly one end is true, so any
//!   candidate weakly linked to both ends of a link is false.
//!
//! The X-Chain search uses the links of one digit only, the XY-Chain search the strong
//! links of bivalue cells and the weak links between cells on one digit.
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::step::{cell_name, Evidence, Link, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit};
use crate::shape::Shape;
use std::collections::VecDeque;
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::XChain,
    Technique::XyChain,
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
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
    pub shape: Shape,
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
        let total = shape.cell_count() * n;
        let mut strong = vec![Vec::new(); total];
        let mut weak = vec![Vec::new(); total];
        for cell in Cell::all(shape) {
            let cands = ctx.candidates(cell);
            for d in cands {
                let id = cell.index() * n + d.index();
                for e in cands {
                    if e != d {
                        weak[id].push((cell.index() * n + e.index()) as u32);
                        if cands.len() == 2 {
                            strong[id].push(((cell.index() * n + e.index()) as u32, true));
                        }
                    }
                }
                for p in cell.peers(shape) {
                    if ctx.has(p, d) {
                        weak[id].push((p.index() * n + d.index()) as u32);
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
                    let (ia, ib) = (ca.index() * n + d.index(), cb.index() * n + d.index());
                    // Two cells can share two houses (a row and a box): keep one link.
                    if !strong[ia].iter().any(|&(x, _)| x as usize == ib) {
                        strong[ia].push((ib as u32, false));
                        strong[ib].push((ia as u32, false));
                    }
                }
            }
        }
        Graph {
            shape,
            n,
            strong,
            weak,
        }
    }

    pub fn candidate(&self, id: u32) -> Candidate {
        let id = id as usize;
        Candidate::new(Cell::new(id / self.n), Digit::from_index(id % self.n))
    }

    /// Whether `a` and `b` cannot both be true.
    pub fn sees(&self, a: Candidate, b: Candidate) -> bool {
        if a == b {
            return false;
        }
        if a.cell == b.cell {
            return true;
        }
        a.digit == b.digit && a.cell.sees(b.cell, self.shape)
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

/// The techniques that search every link (one search serves them all).
const ALL_LINKS: [Technique; 3] = [
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
];

/// Finds steps of one chain technique.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let kind = match technique {
        Technique::XChain => Kind::X,
        Technique::XyChain => Kind::Xy,
        Technique::ContinuousNiceLoop | Technique::DiscontinuousNiceLoop | Technique::Aic => {
            Kind::All
        }
        _ => return ControlFlow::Continue(()),
    };
    let mut steps = match ctx.take_found_ahead(technique) {
        Some(steps) => steps,
        None if kind == Kind::All => {
            // The nice loops and AICs come from the same search: keep the others' steps
            // for their turn in this position.
            let mut lists = search(ctx, ctx.chain_graph(), kind, &ALL_LINKS).into_iter();
            let mut own = Vec::new();
            for t in ALL_LINKS {
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
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Place,
    Aic,
    Loop,
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
                        if let Some(step) = conclude(ctx, g, &parent, start, st, kind, technique) {
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

fn conclude(
    ctx: &Context<'_>,
    g: &Graph,
    parent: &[u32],
    start: usize,
    end: usize,
    kind: Kind,
    technique: Technique,
) -> Option<Step> {
    let s = g.candidate((start / 2) as u32);
    let t = g.candidate((end / 2) as u32);
    // Cheap tests first: most chains prove nothing this technique wants.
    let general = matches!(kind, Kind::X | Kind::Xy);
    let want_place = general || technique == Technique::DiscontinuousNiceLoop;
    let want_loop = general || technique == Technique::ContinuousNiceLoop;
    let want_aic = general || technique == Technique::Aic;
    if s == t {
        if !want_place {
            return None;
        }
    } else if !(want_loop && g.sees(s, t) || want_aic && any_seeing_both(ctx, s, t)) {
        return None;
    }
    let states = path(parent, end);
    let links: Vec<Link> = states
        .windows(2)
        .map(|w| Link {
            from: g.candidate((w[0] / 2) as u32),
            to: g.candidate((w[1] / 2) as u32),
            strong: w[1] % 2 == 1,
        })
        .collect();
    let (outcome, placements, eliminations) = if s == t {
        (Outcome::Place, vec![s], Vec::new())
    } else {
        let mut elims = if want_aic {
            seeing_both(ctx, s, t)
        } else {
            Vec::new()
        };
        let mut outcome = Outcome::Aic;
        if want_loop && g.sees(s, t) {
            // A loop: valid only when no candidate repeats.
            let mut nodes: Vec<Candidate> = states
                .iter()
                .map(|&x| g.candidate((x / 2) as u32))
                .collect();
            nodes.sort();
            nodes.dedup();
            if nodes.len() == states.len() {
                let mut all = elims.clone();
                for l in links.iter().chain(std::iter::once(&Link {
                    from: t,
                    to: s,
                    strong: false,
                })) {
                    all.extend(seeing_both(ctx, l.from, l.to));
                }
                all.retain(|z| !nodes.contains(z));
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
    let fits = match (kind, technique) {
        (Kind::All, Technique::DiscontinuousNiceLoop) => outcome == Outcome::Place,
        (Kind::All, Technique::ContinuousNiceLoop) => outcome == Outcome::Loop,
        (Kind::All, Technique::Aic) => outcome == Outcome::Aic,
        _ => true,
    };
    if !fits {
        return None;
    }
    let mut links = links;
    if outcome == Outcome::Loop {
        links.push(Link {
            from: t,
            to: s,
            strong: false,
        });
    }
    Some(Step {
        se_difficulty: None,
        technique,
        placements,
        eliminations,
        evidence: Evidence::Chain { links },
    })
}

/// A chain in Eureka notation: `(5)r1c2=r1c7-(5=3)r2c8-(3)r5c8`. A node is written
/// `(digit)cell`; the digit is left out when it is the previous node's, and consecutive
/// nodes in one cell are written together, `(5=3)r2c8`.
pub fn eureka(shape: Shape, links: &[Link]) -> String {
    let sym = |strong: bool| if strong { "=" } else { "-" };
    let Some(first) = links.first() else {
        return String::new();
    };
    // Nodes, and the symbol that leads into each (none for the first).
    let mut nodes: Vec<(Candidate, &str)> = vec![(first.from, "")];
    nodes.extend(links.iter().map(|l| (l.to, sym(l.strong))));
    let mut s = String::new();
    let mut prev: Option<Digit> = None;
    let mut i = 0;
    while i < nodes.len() {
        let mut j = i + 1;
        while j < nodes.len() && nodes[j].0.cell == nodes[i].0.cell {
            j += 1;
        }
        s += nodes[i].1;
        let cell = nodes[i].0.cell;
        if j - i > 1 {
            s += "(";
            for (k, (c, into)) in nodes[i..j].iter().enumerate() {
                if k > 0 {
                    s += into;
                }
                s += &c.digit.to_string();
            }
            s += ")";
        } else if prev != Some(nodes[i].0.digit) {
            s += &format!("({})", nodes[i].0.digit);
        }
        s += &cell_name(shape, cell);
        prev = Some(nodes[j - 1].0.digit);
        i = j;
    }
    s
}

/// A chain in plain words: "if r1c2 is not 5, then r1c7 is 5, so r2c8 is not 5, ...".
pub fn chain_words(shape: Shape, links: &[Link]) -> String {
    let mut parts = Vec::new();
    let Some(first) = links.first() else {
        return String::new();
    };
    let first_true = !first.strong;
    parts.push(format!(
        "if {} {} {}",
        cell_name(shape, first.from.cell),
        if first_true { "is" } else { "is not" },
        first.from.digit
    ));
    for l in links {
        parts.push(format!(
            "{} {} {}",
            cell_name(shape, l.to.cell),
            if l.strong { "is" } else { "is not" },
            l.to.digit
        ));
    }
    parts.join(", then ")
}

/// The plain-language explanation of a chain step.
pub(crate) fn explain_chain(shape: Shape, links: &[Link], out: &str) -> String {
    let closes = links.len() >= 2 && links.first().map(|l| l.from) == links.last().map(|l| l.to);
    let places =
        closes && links.first().is_some_and(|l| l.strong) && links.last().is_some_and(|l| l.strong);
    let start = links.first().map(|l| l.from);
    let end = links.last().map(|l| l.to);
    let words = chain_words(shape, links);
    match (start, end) {
        (Some(s), Some(_)) if places => format!(
            "Suppose {} is not {}: {words}. The chain returns to its start and contradicts the \
             supposition, so {out}.",
            cell_name(shape, s.cell),
            s.digit
        ),
        (Some(_), Some(_)) if closes => format!(
            "The chain {} is a closed loop of alternating links: {words}. On each link exactly \
             one end is true, so a candidate that sees both ends of a link is false: {out}.",
            eureka(shape, links)
        ),
        (Some(s), Some(t)) => format!(
            "In the chain {}, {words}. So {} is {} or {} is {}; either way, {out}.",
            eureka(shape, links),
            cell_name(shape, s.cell),
            s.digit,
            cell_name(shape, t.cell),
            t.digit
        ),
        _ => out.to_string(),
    }
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
