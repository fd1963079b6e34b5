//! Coloring: simple colors (trap and wrap) and multi-colors (types 1 and 2), in any shape.
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
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::step::{Evidence, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit};
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::MultiColors1,
    Technique::MultiColors2,
];

/// Finds coloring steps of the kind `technique` names.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
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
