//! Uniqueness: Unique Rectangle types 1–6, Hidden Rectangle, Avoidable Rectangle types 1–2
//! and BUG+1, in any shape.
//!
//! **These techniques assume the puzzle has exactly one solution.** A "deadly pattern" is
//! a set of cells whose digits could be swapped without breaking any rule; if the puzzle
//! ended in one, it would have two solutions. So a candidate whose removal would leave
//! only a deadly pattern must be true, and one whose truth would force it must be false.
//! On a puzzle with several solutions these steps can remove true candidates; the solver
//! uses them only as a human would, on proper (unique) puzzles.
//!
//! - Unique Rectangle: four empty cells at the corners of a rectangle on two rows, two
//!   columns and two boxes, all holding the digits `a` and `b`. Type 1: three corners are
//!   `{a,b}`, so the fourth loses `a` and `b`. Type 2: two corners have one extra digit
//!   `c` (and see each other): one of them is `c`. Type 5: the same with the extra corners
//!   diagonal, or three of them. Type 3: the extra digits of two adjacent corners form a
//!   naked subset with other cells of their house. Type 4: `a` has no other place in the
//!   house of two adjacent extra corners, so `b` leaves them. Type 6: the extra corners
//!   are diagonal and `a` has only the rectangle's places in both rows (or both columns),
//!   so `a` leaves the extra corners.
//! - Hidden Rectangle: one corner is `{a,b}`, and `a` has only the rectangle's places in
//!   the row and the column of the opposite corner, so that corner is not `b`.
//! - Avoidable Rectangle: the same deadly pattern among cells the solver filled (never
//!   givens): type 1 removes the digit that would complete it from the last empty corner;
//!   type 2 has two empty corners `{b,c}` and `{a,c}`, so one is `c`.
//! - BUG+1: every empty cell has two candidates but one, which has three, and every digit
//!   has two places in each house but one digit in that cell's houses: without that digit
//!   the grid would be a bivalue universal grave (two solutions), so the cell takes it.
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::step::{Evidence, Step};
use super::technique::Technique;
use super::wings::seeing_all;
use super::Context;
use crate::index::{Candidate, Cell, Col, Digit, House, Row};
use crate::set::DigitSet;
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::UniqueRectangle5,
    Technique::UniqueRectangle6,
    Technique::HiddenRectangle,
    Technique::AvoidableRectangle1,
    Technique::AvoidableRectangle2,
    Technique::BugPlusOne,
];

/// Finds uniqueness steps of the kind `technique` names.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::BugPlusOne => bug_plus_one(ctx, sink),
        Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2 => {
            avoidable(ctx, technique, sink)
        }
        _ => rectangles(ctx, technique, sink),
    }
}

/// Every rectangle of four cells on two rows, two columns and exactly two boxes, corners
/// in the order `(r1,c1), (r1,c2), (r2,c1), (r2,c2)`.
fn for_rectangles(
    ctx: &Context<'_>,
    f: &mut dyn FnMut([Cell; 4]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let s = ctx.shape();
    let n = ctx.side();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let at = |r, c| Cell::at(s, Row::new(r), Col::new(c));
                    let cells = [at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2)];
                    let mut boxes: Vec<_> = cells.iter().map(|c| c.block(s)).collect();
                    boxes.sort();
                    boxes.dedup();
                    if boxes.len() == 2 {
                        f(cells)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn step(technique: Technique, digits: DigitSet, cells: [Cell; 4], elims: Vec<Candidate>) -> Step {
    Step {
        se_difficulty: None,
        technique,
        placements: vec![],
        eliminations: elims,
        evidence: Evidence::Uniqueness {
            digits,
            cells: cells.to_vec(),
            extra: vec![],
        },
    }
}

/// The houses (row, column or box) that hold both `a` and `b`.
fn shared_houses(ctx: &Context<'_>, a: Cell, b: Cell) -> Vec<House> {
    let s = ctx.shape();
    let hb = b.houses(s);
    a.houses(s).into_iter().filter(|h| hb.contains(h)).collect()
}

fn rectangles(ctx: &Context<'_>, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    use Technique::*;
    let s = ctx.shape();
    for_rectangles(ctx, &mut |cells| {
        if cells.iter().any(|&c| ctx.value(c).is_some()) {
            return ControlFlow::Continue(());
        }
        let common = cells
            .iter()
            .fold(ctx.candidates(cells[0]), |m, &c| m & ctx.candidates(c));
        let common: Vec<Digit> = common.iter().collect();
        for (i, &a) in common.iter().enumerate() {
            for &b in &common[i + 1..] {
                let ab: DigitSet = [a, b].into_iter().collect();
                let floor: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&c| ctx.candidates(c) == ab)
                    .collect();
                let roof: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&c| ctx.candidates(c) != ab)
                    .collect();
                let extras = roof
                    .iter()
                    .fold(DigitSet::EMPTY, |m, &c| m | ctx.candidates(c))
                    - ab;
                let adjacent = roof.len() == 2 && roof[0].sees(roof[1], s);
                let mut elims: Vec<Candidate> = Vec::new();
                match technique {
                    UniqueRectangle1 if floor.len() == 3 => {
                        elims = ab.iter().map(|d| Candidate::new(roof[0], d)).collect();
                    }
                    UniqueRectangle2 | UniqueRectangle5 if roof.len() >= 2 => {
                        let Some(c) = extras.single_member() else {
                            continue;
                        };
                        let type2 = adjacent;
                        if (technique == UniqueRectangle2) != type2
                            || roof.iter().any(|&r| ctx.candidates(r).len() != 3)
                        {
                            continue;
                        }
                        elims = seeing_all(ctx, &roof, &cells, c);
                    }
                    UniqueRectangle3 if adjacent && extras.len() >= 2 => {
                        for h in shared_houses(ctx, roof[0], roof[1]) {
                            elims = type3(ctx, h, &roof, extras);
                            if !elims.is_empty() {
                                break;
                            }
                        }
                    }
                    UniqueRectangle4 if adjacent => {
                        'houses: for h in shared_houses(ctx, roof[0], roof[1]) {
                            for (u, v) in [(a, b), (b, a)] {
                                if ctx.positions(u, h).len() == 2 {
                                    elims = roof.iter().map(|&r| Candidate::new(r, v)).collect();
                                    break 'houses;
                                }
                            }
                        }
                    }
                    UniqueRectangle6 if roof.len() == 2 && !adjacent => {
                        for u in [a, b] {
                            let rows = [cells[0], cells[3]]
                                .iter()
                                .all(|c| ctx.positions(u, House::Row(c.row(s))).len() == 2);
                            let cols = [cells[0], cells[3]]
                                .iter()
                                .all(|c| ctx.positions(u, House::Col(c.col(s))).len() == 2);
                            if rows || cols {
                                elims = roof.iter().map(|&r| Candidate::new(r, u)).collect();
                                break;
                            }
                        }
                    }
                    HiddenRectangle if !floor.is_empty() => {
                        'corners: for &corner in &floor {
                            let opp = cells[3 - cells.iter().position(|&c| c == corner).unwrap()];
                            if floor.contains(&opp) {
                                continue;
                            }
                            for (u, v) in [(a, b), (b, a)] {
                                let row = House::Row(opp.row(s));
                                let col = House::Col(opp.col(s));
                                if ctx.positions(u, row).len() == 2
                                    && ctx.positions(u, col).len() == 2
                                {
                                    elims = vec![Candidate::new(opp, v)];
                                    break 'corners;
                                }
                            }
                        }
                    }
                    _ => {}
                }
                if !elims.is_empty() {
                    sink(step(technique, ab, cells, elims))?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// Type 3: the roof's extra digits `extras` and `k - 1` more cells of `house` hold `k`
/// digits: those digits leave the rest of the house.
fn type3(ctx: &Context<'_>, house: House, roof: &[Cell], extras: DigitSet) -> Vec<Candidate> {
    let others: Vec<Cell> = ctx
        .house_cells(house)
        .iter()
        .copied()
        .filter(|&c| ctx.value(c).is_none() && !roof.contains(&c))
        .collect();
    let n = others.len();
    // Subsets of 1 to 3 cells, as bitmasks over `others`.
    for mask in 1u32..(1 << n.min(20)) {
        let k = mask.count_ones() as usize;
        if k > 3 {
            continue;
        }
        let chosen: Vec<Cell> = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| others[i])
            .collect();
        let digits = chosen.iter().fold(extras, |m, &c| m | ctx.candidates(c));
        if digits.len() != k + 1 {
            continue;
        }
        let elims: Vec<Candidate> = others
            .iter()
            .filter(|c| !chosen.contains(c))
            .flat_map(|&c| {
                (ctx.candidates(c) & digits)
                    .into_iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect();
        if !elims.is_empty() {
            return elims;
        }
    }
    Vec::new()
}

fn avoidable(ctx: &Context<'_>, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let grid = ctx.board().grid();
    for_rectangles(ctx, &mut |cells| {
        // Solved corners, none a given; the deadly completion of each corner is the digit
        // of its diagonal opposite (or the other digit of an adjacent solved corner).
        let solved: Vec<usize> = (0..4).filter(|&i| ctx.value(cells[i]).is_some()).collect();
        if solved.len() < 2 || solved.iter().any(|&i| grid.is_given(cells[i])) {
            return ControlFlow::Continue(());
        }
        let digits: DigitSet = solved
            .iter()
            .map(|&i| ctx.value(cells[i]).unwrap())
            .collect();
        if digits.len() != 2 {
            return ControlFlow::Continue(());
        }
        let i0 = solved[0];
        let a = ctx.value(cells[i0]).unwrap();
        let b = (digits - DigitSet::single(a)).first().unwrap();
        // Diagonal corners hold the same digit, neighbours different ones.
        let mut w = [b; 4];
        w[i0] = a;
        w[3 - i0] = a;
        if solved.iter().any(|&i| ctx.value(cells[i]) != Some(w[i])) {
            return ControlFlow::Continue(());
        }
        let empty: Vec<usize> = (0..4).filter(|&i| ctx.value(cells[i]).is_none()).collect();
        let mut elims = Vec::new();
        match (technique, empty.len()) {
            (Technique::AvoidableRectangle1, 1) => {
                let e = empty[0];
                if ctx.has(cells[e], w[e]) {
                    elims.push(Candidate::new(cells[e], w[e]));
                }
            }
            (Technique::AvoidableRectangle2, 2) => {
                let (e, f) = (empty[0], empty[1]);
                let (ce, cf) = (ctx.candidates(cells[e]), ctx.candidates(cells[f]));
                if ce.len() == 2 && cf.len() == 2 && ce.contains(w[e]) && cf.contains(w[f]) {
                    let xe = (ce - DigitSet::single(w[e])).first().unwrap();
                    let xf = (cf - DigitSet::single(w[f])).first().unwrap();
                    if xe == xf && !digits.contains(xe) {
                        elims = seeing_all(ctx, &[cells[e], cells[f]], &cells, xe);
                    }
                }
            }
            _ => {}
        }
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        sink(step(technique, digits, cells, elims))
    })
}

fn bug_plus_one(ctx: &Context<'_>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let s = ctx.shape();
    let mut three = None;
    for c in ctx.board().empty_cells() {
        match ctx.candidates(c).len() {
            2 => {}
            3 if three.is_none() => three = Some(c),
            _ => return ControlFlow::Continue(()),
        }
    }
    let Some(t) = three else {
        return ControlFlow::Continue(());
    };
    let houses = t.houses(s);
    for d in ctx.candidates(t) {
        let ok = ctx.houses().all(|h| {
            Digit::all(s).all(|e| {
                let n = ctx.positions(e, h).len();
                if e == d && houses.contains(&h) {
                    n == 3
                } else {
                    n == 0 || n == 2
                }
            })
        });
        if ok {
            return sink(Step {
                se_difficulty: None,
                technique: Technique::BugPlusOne,
                placements: vec![Candidate::new(t, d)],
                eliminations: vec![],
                evidence: Evidence::Uniqueness {
                    digits: DigitSet::single(d),
                    cells: vec![t],
                    extra: vec![Candidate::new(t, d)],
                },
            });
        }
    }
    ControlFlow::Continue(())
}
