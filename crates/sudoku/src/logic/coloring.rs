//! Coloring: simple colors (trap and wrap), multi-colors (types 1 and 2) and 3D Medusa,
//! in any shape.
//!
//! For one digit, the conjugate pairs (houses where it has two places) join cells into
//! clusters; each cluster is coloured in two colours so that linked cells differ. In a
//! cluster one colour holds the digit everywhere, the other nowhere.
//!
//! - Simple Colors Wrap: two cells of one colour see each other, so that colour is false.
//! - Simple Colors Trap: a cell outside the cluster that sees both colours is false.
//! - Multi Colors 1: a colour `A1` of one cluster sees a colour `B1` of another: they
//!   can't both be true, so `A2` or `B2` is; a cell seeing both `A2` and `B2` is false.
//! - Multi Colors 2: a colour of one cluster sees both colours of another, so it is
//!   false.
//! - 3D Medusa: the same colouring over the candidates of every digit, joined also through
//!   bivalue cells. A colour is false when it appears twice in a cell, twice on one digit
//!   in a house, or when every candidate of an uncoloured cell sees it on its digit. A
//!   candidate goes when its cell holds both colours, when it sees both colours of its
//!   digit, or when it sees one colour of its digit and its cell holds the other colour.
//!   Neither HoDoKu nor SE has it (our index and score, off in HoDoKu's default set).
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::step::{Evidence, MedusaRule, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit};
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::MultiColors1,
    Technique::MultiColors2,
    Technique::Medusa3D,
];

/// Finds coloring steps of the kind `technique` names.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    if technique == Technique::Medusa3D {
        return medusa(ctx, sink);
    }
    let s = ctx.shape();
    for digit in Digit::all(s) {
        let clusters = clusters(ctx, digit);
        let step = |elims: Vec<Candidate>, colors: Vec<[Vec<Cell>; 2]>| Step {
            se_difficulty: None,
            technique,
            placements: vec![],
            eliminations: elims,
            evidence: Evidence::Coloring { digit, colors },
        };
        let sees_any = |c: Cell, set: &[Cell]| set.iter().any(|&o| o.sees(c, s));
        let outside = |pattern: &[&[Cell]], f: &dyn Fn(Cell) -> bool| -> Vec<Candidate> {
            Cell::all(s)
                .filter(|&c| ctx.has(c, digit) && !pattern.iter().any(|p| p.contains(&c)) && f(c))
                .map(|c| Candidate::new(c, digit))
                .collect()
        };
        match technique {
            Technique::SimpleColorsWrap | Technique::SimpleColorsTrap => {
                for cl in &clusters {
                    let elims = if technique == Technique::SimpleColorsWrap {
                        let bad = cl.iter().position(|side| {
                            side.iter()
                                .enumerate()
                                .any(|(i, &a)| side[i + 1..].iter().any(|&b| a.sees(b, s)))
                        });
                        match bad {
                            Some(i) => cl[i].iter().map(|&c| Candidate::new(c, digit)).collect(),
                            None => vec![],
                        }
                    } else {
                        outside(&[&cl[0], &cl[1]], &|c| {
                            sees_any(c, &cl[0]) && sees_any(c, &cl[1])
                        })
                    };
                    if !elims.is_empty() {
                        sink(step(elims, vec![cl.clone()]))?;
                    }
                }
            }
            Technique::MultiColors1 | Technique::MultiColors2 => {
                for (i, a) in clusters.iter().enumerate() {
                    for (j, b) in clusters.iter().enumerate() {
                        if i == j {
                            continue;
                        }
                        for ai in 0..2 {
                            let a1 = &a[ai];
                            let a2 = &a[1 - ai];
                            let sees_color = |x: &[Cell], y: &[Cell]| {
                                x.iter().any(|&p| y.iter().any(|&q| p.sees(q, s)))
                            };
                            let elims = if technique == Technique::MultiColors2 {
                                if sees_color(a1, &b[0]) && sees_color(a1, &b[1]) {
                                    a1.iter().map(|&c| Candidate::new(c, digit)).collect()
                                } else {
                                    vec![]
                                }
                            } else {
                                if i > j {
                                    continue;
                                }
                                let mut out = vec![];
                                for bi in 0..2 {
                                    if sees_color(a1, &b[bi]) {
                                        let b2 = &b[1 - bi];
                                        out = outside(&[&a[0], &a[1], &b[0], &b[1]], &|c| {
                                            sees_any(c, a2) && sees_any(c, b2)
                                        });
                                        if !out.is_empty() {
                                            break;
                                        }
                                    }
                                }
                                out
                            };
                            if !elims.is_empty() {
                                sink(step(elims, vec![a.clone(), b.clone()]))?;
                            }
                        }
                    }
                }
            }
            _ => return ControlFlow::Continue(()),
        }
    }
    ControlFlow::Continue(())
}

/// The clusters of conjugate pairs on `digit` (two cells or more), each as its two colours.
fn clusters(ctx: &Context<'_>, digit: Digit) -> Vec<[Vec<Cell>; 2]> {
    let s = ctx.shape();
    let mut edges: Vec<(Cell, Cell)> = Vec::new();
    for h in ctx.houses() {
        if ctx.positions(digit, h).len() == 2 {
            let mut it = ctx.cells_with(digit, h);
            let (a, b) = (it.next().unwrap(), it.next().unwrap());
            if !edges.contains(&(a, b)) {
                edges.push((a, b));
            }
        }
    }
    let mut color: Vec<Option<(usize, bool)>> = vec![None; s.cell_count()];
    let mut out: Vec<[Vec<Cell>; 2]> = Vec::new();
    for &(start, _) in &edges {
        if color[start.index()].is_some() {
            continue;
        }
        let id = out.len();
        let mut cl: [Vec<Cell>; 2] = [vec![start], vec![]];
        color[start.index()] = Some((id, false));
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            let (_, col) = color[c.index()].unwrap();
            for &(a, b) in &edges {
                let other = if a == c {
                    b
                } else if b == c {
                    a
                } else {
                    continue;
                };
                if color[other.index()].is_none() {
                    color[other.index()] = Some((id, !col));
                    cl[usize::from(!col)].push(other);
                    stack.push(other);
                }
            }
        }
        for side in &mut cl {
            side.sort();
        }
        out.push(cl);
    }
    out
}

/// 3D Medusa: the clusters of candidates of every digit joined by strong links (the two
/// candidates of a bivalue cell, the two places of a digit in a house), each coloured in
/// two colours; in a cluster one colour is all true and the other all false. A colour that
/// contradicts itself (twice in a cell, twice on a digit in a house, or emptying an
/// uncoloured cell) is false; otherwise candidates that are false whichever colour is
/// true go. One step per cluster, all its eliminations together.
fn medusa(ctx: &Context<'_>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let s = ctx.shape();
    let n = ctx.side();
    let id = |c: Candidate| c.cell.index() * n + c.digit.index();
    let total = s.cell_count() * n;
    let mut adj: Vec<Vec<Candidate>> = vec![Vec::new(); total];
    let mut link = |a: Candidate, b: Candidate| {
        if !adj[id(a)].contains(&b) {
            adj[id(a)].push(b);
            adj[id(b)].push(a);
        }
    };
    for &c in ctx.bivalue_cells() {
        let mut it = ctx.candidates(c).into_iter();
        let (d1, d2) = (it.next().unwrap(), it.next().unwrap());
        link(Candidate::new(c, d1), Candidate::new(c, d2));
    }
    for d in Digit::all(s) {
        for &(_, a, b) in ctx.strong_links(d) {
            link(Candidate::new(a, d), Candidate::new(b, d));
        }
    }
    // colour[i]: the cluster (1-based) and the colour of each candidate.
    let mut color: Vec<(u32, u8)> = vec![(0, 0); total];
    let mut cluster_id = 0;
    for cell in Cell::all(s) {
        for d in ctx.candidates(cell) {
            let start = Candidate::new(cell, d);
            if color[id(start)].0 != 0 || adj[id(start)].is_empty() {
                continue;
            }
            cluster_id += 1;
            let mut sides: [Vec<Candidate>; 2] = [vec![start], vec![]];
            color[id(start)] = (cluster_id, 0);
            let mut stack = vec![start];
            while let Some(x) = stack.pop() {
                let k = color[id(x)].1;
                for &y in &adj[id(x)] {
                    if color[id(y)].0 == 0 {
                        color[id(y)] = (cluster_id, 1 - k);
                        sides[usize::from(1 - k)].push(y);
                        stack.push(y);
                    }
                }
            }
            // Single-digit clusters are simple colours; Medusa needs two digits at least.
            let first = sides[0][0].digit;
            if sides.iter().flatten().all(|c| c.digit == first) {
                continue;
            }
            let col = |c: Candidate| {
                let (cl, k) = color[id(c)];
                (cl == cluster_id).then_some(k)
            };
            if let Some((rule, elims)) = medusa_outcome(ctx, &sides, &col) {
                for side in &mut sides {
                    side.sort_by_key(|c| (c.cell, c.digit));
                }
                sink(Step {
                    se_difficulty: None,
                    technique: Technique::Medusa3D,
                    placements: vec![],
                    eliminations: elims,
                    evidence: Evidence::Medusa {
                        colors: sides,
                        rule,
                    },
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// What one coloured cluster proves: the rule and its eliminations, if any.
fn medusa_outcome(
    ctx: &Context<'_>,
    sides: &[Vec<Candidate>; 2],
    col: &dyn Fn(Candidate) -> Option<u8>,
) -> Option<(MedusaRule, Vec<Candidate>)> {
    let s = ctx.shape();
    let sees_color = |c: Cell, d: Digit, k: usize| {
        sides[k]
            .iter()
            .any(|o| o.digit == d && o.cell != c && o.cell.sees(c, s))
    };
    // A false colour: all its candidates go.
    let false_color = |k: usize| -> Option<MedusaRule> {
        let side = &sides[k];
        for (i, a) in side.iter().enumerate() {
            for b in &side[i + 1..] {
                if a.cell == b.cell {
                    return Some(MedusaRule::TwiceInCell);
                }
                if a.digit == b.digit && a.cell.sees(b.cell, s) {
                    return Some(MedusaRule::TwiceInHouse);
                }
            }
        }
        let emptied = ctx.board().empty_cells().any(|c| {
            let cands = ctx.candidates(c);
            cands
                .into_iter()
                .all(|d| col(Candidate::new(c, d)).is_none() && sees_color(c, d, k))
        });
        emptied.then_some(MedusaRule::EmptiesCell)
    };
    for (k, side) in sides.iter().enumerate() {
        if let Some(rule) = false_color(k) {
            return Some((rule, side.clone()));
        }
    }
    let mut elims: Vec<Candidate> = Vec::new();
    let mut rule: Option<MedusaRule> = None;
    for c in ctx.board().empty_cells() {
        let cands = ctx.candidates(c);
        let here: Vec<u8> = cands
            .into_iter()
            .filter_map(|d| col(Candidate::new(c, d)))
            .collect();
        let both_here = here.contains(&0) && here.contains(&1);
        for d in cands {
            let cand = Candidate::new(c, d);
            if col(cand).is_some() {
                continue;
            }
            let r = if both_here {
                MedusaRule::BothInCell
            } else if sees_color(c, d, 0) && sees_color(c, d, 1) {
                MedusaRule::SeesBoth
            } else if here.iter().any(|&k| sees_color(c, d, 1 - usize::from(k))) {
                MedusaRule::SeesOneBesideOther
            } else {
                continue;
            };
            rule = Some(rule.map_or(r, |q| q.min(r)));
            elims.push(cand);
        }
    }
    rule.filter(|_| !elims.is_empty()).map(|r| (r, elims))
}
