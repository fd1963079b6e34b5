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
//!   In HoDoKu's order ([`Context::with_missing_candidates`]) a corner may have lost `a`
//!   or `b` to an earlier step, as HoDoKu allows: the deadly pattern's other solution
//!   doesn't care about candidates, only about givens. Sudoku Explainer's order keeps the
//!   strict form (every corner holds both).
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
use crate::set::{DigitSet, PosSet};
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
    Technique::UniqueLoop1,
    Technique::UniqueLoop2,
    Technique::UniqueLoop3,
    Technique::UniqueLoop4,
    Technique::BugType2,
    Technique::BugType3,
    Technique::BugType4,
];

/// Finds uniqueness steps of the kind `technique` names.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::BugPlusOne => bug_plus_one(ctx, sink),
        Technique::BugType2 | Technique::BugType3 | Technique::BugType4 => {
            bug_types(ctx, technique, sink)
        }
        Technique::UniqueLoop1
        | Technique::UniqueLoop2
        | Technique::UniqueLoop3
        | Technique::UniqueLoop4 => unique_loops(ctx, technique, sink),
        Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2 => {
            avoidable(ctx, technique, sink)
        }
        _ => rectangles(ctx, technique, sink),
    }
}

/// Every rectangle of four cells on two rows, two columns and exactly two boxes whose
/// corners are all `usable`, corners in the order `(r1,c1), (r1,c2), (r2,c1), (r2,c2)`.
/// Columns come from each row pair's usable columns in common: a giant grid has
/// `n^4 / 4` rectangles, few of them with four usable corners.
fn for_rectangles(
    ctx: &Context<'_>,
    usable: &dyn Fn(Cell) -> bool,
    f: &mut dyn FnMut([Cell; 4]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let s = ctx.shape();
    let n = ctx.side();
    let at = |r, c| Cell::at(s, Row::new(r), Col::new(c));
    let rows: Vec<PosSet> = (0..n)
        .map(|r| (0..n).filter(|&c| usable(at(r, c))).collect())
        .collect();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            let common = rows[r1] & rows[r2];
            if common.len() < 2 {
                continue;
            }
            let band = r1 / s.box_rows() == r2 / s.box_rows();
            for c1 in common {
                for c2 in common.into_iter().filter(|&c2| c2 > c1) {
                    // Two boxes: the rows share a band or the columns a stack, not both.
                    let stack = c1 / s.box_cols() == c2 / s.box_cols();
                    if band != stack {
                        f([at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2)])?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The cells of a pattern on digits `ab` that hold more than `ab`, and those more digits.
fn beyond(ctx: &Context<'_>, cells: &[Cell], ab: DigitSet) -> (Vec<Cell>, DigitSet) {
    let extra: Vec<Cell> = (cells.iter().copied())
        .filter(|&c| ctx.candidates(c) != ab)
        .collect();
    let digits = (extra.iter()).fold(DigitSet::EMPTY, |m, &c| m | ctx.candidates(c)) - ab;
    (extra, digits)
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
            subset: vec![],
        },
    }
}

/// Whether `d`'s places in `house` are exactly two, both among `cells`.
fn only_at(ctx: &Context<'_>, d: Digit, house: House, cells: &[Cell]) -> bool {
    let places = ctx.positions(d, house);
    places.len() == 2 && places.iter().all(|p| cells.contains(&ctx.cell(house, p)))
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
    for_rectangles(ctx, &|c| ctx.value(c).is_none(), &mut |cells| {
        // The pairs `a`, `b` of a bivalue corner that every corner holds. With missing
        // candidates (HoDoKu's rule), every corner need only hold one of them: a corner
        // that lost `a` or `b` to earlier steps (never a given) still can't be part of the
        // deadly pattern's other solution, so the rectangle's logic stands.
        let missing = ctx.missing_candidates();
        let mut pairs: Vec<DigitSet> = Vec::new();
        for &c in &cells {
            let ab = ctx.candidates(c);
            let holds = |x: Cell| {
                let have = ctx.candidates(x) & ab;
                have == ab || (missing && !have.is_empty())
            };
            if ab.len() == 2 && !pairs.contains(&ab) && cells.iter().all(|&x| holds(x)) {
                pairs.push(ab);
            }
        }
        for ab in pairs {
            let mut digits = ab.iter();
            let (Some(a), Some(b)) = (digits.next(), digits.next()) else {
                continue;
            };
            {
                let floor: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&c| ctx.candidates(c) == ab)
                    .collect();
                let (roof, extras) = beyond(ctx, &cells, ab);
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
                            || roof.iter().any(|&r| ctx.candidates(r) - ab != extras)
                        {
                            continue;
                        }
                        elims = seeing_all(ctx, &roof, &cells, c);
                    }
                    UniqueRectangle3 if adjacent && extras.len() >= 2 => {
                        for h in shared_houses(ctx, roof[0], roof[1]) {
                            if let Some(t3) = type3(ctx, h, &roof, extras) {
                                let mut st = step(technique, ab, cells, t3.elims);
                                st.se_difficulty =
                                    Some(se_loop(4) + 0.1 * (t3.digits.len() - 1) as f32);
                                if let Evidence::Uniqueness { subset, .. } = &mut st.evidence {
                                    *subset = t3.cells;
                                }
                                sink(st)?;
                                break;
                            }
                        }
                        continue;
                    }
                    UniqueRectangle4 if adjacent => {
                        'houses: for h in shared_houses(ctx, roof[0], roof[1]) {
                            for (u, v) in [(a, b), (b, a)] {
                                if only_at(ctx, u, h, &roof) {
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
                                .all(|c| only_at(ctx, u, House::Row(c.row(s)), &cells));
                            let cols = [cells[0], cells[3]]
                                .iter()
                                .all(|c| only_at(ctx, u, House::Col(c.col(s)), &cells));
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
                                if only_at(ctx, u, row, &cells) && only_at(ctx, u, col, &cells) {
                                    elims = vec![Candidate::new(opp, v)];
                                    break 'corners;
                                }
                            }
                        }
                    }
                    _ => {}
                }
                // A corner may lack `a` or `b`: only what is there goes.
                elims.retain(|e| ctx.candidates(e.cell).contains(e.digit));
                if !elims.is_empty() {
                    sink(step(technique, ab, cells, elims))?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// A naked set made with the extra digits of a deadly pattern (type 3).
struct Type3 {
    elims: Vec<Candidate>,
    /// The cells of the house that join the extra cells' "virtual cell".
    cells: Vec<Cell>,
    /// The digits of the set.
    digits: DigitSet,
}

/// Type 3: one of the `roof` cells (all in `house`) holds one of the extra digits
/// `extras`, so they act as one cell holding `extras`; with `k - 1` more cells of `house`
/// they hold `k` digits, which leave the rest of the house.
fn type3(ctx: &Context<'_>, house: House, roof: &[Cell], extras: DigitSet) -> Option<Type3> {
    let others: Vec<Cell> = ctx
        .house_cells(house)
        .iter()
        .copied()
        .filter(|&c| ctx.value(c).is_none() && !roof.contains(&c))
        .collect();
    // Subsets of 1 to 3 of the first 20 cells, in the order of their bitmasks over
    // `others` (the highest cell first, then the next, then the lowest): the first that
    // works is the step. A union past four digits fits no subset that contains it.
    let try_subset = |chosen: &[usize], digits: DigitSet| -> Option<Type3> {
        if digits.len() != chosen.len() + 1 {
            return None;
        }
        let elims: Vec<Candidate> = others
            .iter()
            .enumerate()
            .filter(|(i, _)| !chosen.contains(i))
            .flat_map(|(_, &c)| {
                (ctx.candidates(c) & digits)
                    .into_iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect();
        (!elims.is_empty()).then(|| Type3 {
            elims,
            cells: chosen.iter().map(|&i| others[i]).collect(),
            digits,
        })
    };
    let cands = |i: usize| ctx.candidates(others[i]);
    for hi in 0..others.len().min(20) {
        let one = extras | cands(hi);
        if one.len() > 4 {
            continue;
        }
        if let Some(t) = try_subset(&[hi], one) {
            return Some(t);
        }
        for mid in 0..hi {
            let two = one | cands(mid);
            if two.len() > 4 {
                continue;
            }
            if let Some(t) = try_subset(&[mid, hi], two) {
                return Some(t);
            }
            for lo in 0..mid {
                if let Some(t) = try_subset(&[lo, mid, hi], two | cands(lo)) {
                    return Some(t);
                }
            }
        }
    }
    None
}

fn avoidable(ctx: &Context<'_>, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let grid = ctx.board().grid();
    for_rectangles(ctx, &|c| !grid.is_given(c), &mut |cells| {
        // Solved corners, none a given; the deadly completion of each corner is the digit
        // of its diagonal opposite (or the other digit of an adjacent solved corner).
        let solved: Vec<usize> = (0..4).filter(|&i| ctx.value(cells[i]).is_some()).collect();
        if solved.len() < 2 {
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
                    subset: vec![],
                },
            });
        }
    }
    ControlFlow::Continue(())
}

/// SE's difficulty of a unique rectangle or loop of `len` cells (before the type 3 bonus).
fn se_loop(len: usize) -> f32 {
    4.5 + match len {
        0..=5 => 0.0,
        6..=7 => 0.1,
        8..=9 => 0.2,
        _ => 0.5,
    }
}

/// The longest unique loop searched for.
const MAX_LOOP: usize = 16;

/// Sudoku Explainer's unique loops of 6 cells or more (4-cell loops are the rectangles of
/// the Uniqueness Tests): empty cells all holding the digits `a` and `b`, each joined to
/// the next through a house, such that every house holding a cell of the loop holds
/// exactly two of them, one at an even and one at an odd place. Were every cell `{a,b}`,
/// `a` and `b` could be swapped along the loop: a deadly pattern. So one of the extra
/// candidates of the cells that hold more is true.
///
/// - Type 1: one extra cell: it is not `a` nor `b`.
/// - Type 2: every extra cell holds the one same extra digit `x`: one of them is `x`, so a
///   cell seeing them all is not `x`.
/// - Type 3: two extra cells in one house act as one cell holding their extra digits, and
///   form a naked set with other cells of the house.
/// - Type 4: two extra cells in one house where `a` has no other place: one of them is
///   `a`, and neither can be `b` (that would leave the other `a` and the loop deadly).
fn unique_loops(ctx: &Context<'_>, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for found in ctx.unique_loops() {
        let (ab, lp) = (found.digits, &found.cells);
        let (extra, extras) = beyond(ctx, lp, ab);
        let extra_cands: Vec<Candidate> = extra
            .iter()
            .flat_map(|&c| {
                (ctx.candidates(c) - ab)
                    .into_iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect();
        let mut subset = Vec::new();
        let mut bonus = 0.0;
        let elims: Vec<Candidate> = match technique {
            Technique::UniqueLoop1 if extra.len() == 1 => {
                ab.iter().map(|d| Candidate::new(extra[0], d)).collect()
            }
            Technique::UniqueLoop2 if extra.len() >= 2 && extras.len() == 1 => {
                seeing_all(ctx, &extra, lp, extras.first().unwrap())
            }
            Technique::UniqueLoop3 if extra.len() == 2 && extras.len() >= 2 => {
                let mut out = Vec::new();
                for h in shared_houses(ctx, extra[0], extra[1]) {
                    if let Some(t3) = type3(ctx, h, &extra, extras) {
                        bonus = 0.1 * (t3.digits.len() - 1) as f32;
                        subset = t3.cells;
                        out = t3.elims;
                        break;
                    }
                }
                out
            }
            Technique::UniqueLoop4 if extra.len() == 2 => {
                let mut out = Vec::new();
                'houses: for h in shared_houses(ctx, extra[0], extra[1]) {
                    for u in ab {
                        if ctx.positions(u, h).len() == 2 {
                            let v = (ab - DigitSet::single(u)).first().unwrap();
                            out = extra.iter().map(|&r| Candidate::new(r, v)).collect();
                            break 'houses;
                        }
                    }
                }
                out
            }
            _ => Vec::new(),
        };
        if elims.is_empty() {
            continue;
        }
        sink(Step {
            se_difficulty: Some(se_loop(lp.len()) + bonus),
            technique,
            placements: vec![],
            eliminations: elims,
            evidence: Evidence::Uniqueness {
                digits: ab,
                cells: lp.clone(),
                extra: extra_cands,
                subset,
            },
        })?;
    }
    ControlFlow::Continue(())
}

/// A unique loop: its two digits and its cells, in loop order from a bivalue cell.
pub(crate) struct Loop {
    digits: DigitSet,
    cells: Vec<Cell>,
}

/// Every unique loop of the position, each once (the first way round it is found), from
/// each bivalue cell in turn: what the four types of unique loop look through
/// ([`Context::unique_loops`]).
pub(crate) fn all_loops(ctx: &Context<'_>) -> Vec<Loop> {
    let mut seen: Vec<Vec<Cell>> = Vec::new();
    let mut out = Vec::new();
    for &start in ctx.bivalue_cells() {
        let ab = ctx.candidates(start);
        // A loop of 6 cells or more needs that many cells holding both digits.
        let holders = ctx
            .board()
            .empty_cells()
            .filter(|&c| ab.is_subset(ctx.candidates(c)))
            .count();
        if holders < 6 {
            continue;
        }
        let mut loops = Vec::new();
        let mut path = vec![start];
        loop_search(ctx, ab, &mut path, None, &mut loops);
        for lp in loops {
            let mut key = lp.clone();
            key.sort();
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            out.push(Loop {
                digits: ab,
                cells: lp,
            });
        }
    }
    out
}

/// Whether `cell` may join the loop `path` at its end: no house of it already holds two
/// cells of the path, or one at the same parity as the new place.
fn fits(ctx: &Context<'_>, path: &[Cell], cell: Cell) -> bool {
    let s = ctx.shape();
    let parity = path.len() % 2;
    cell.houses(s).iter().all(|h| {
        let mut count = 0;
        for (i, &p) in path.iter().enumerate() {
            if p.houses(s).contains(h) {
                count += 1;
                if i % 2 == parity || count == 2 {
                    return false;
                }
            }
        }
        true
    })
}

/// Whether the closed loop `path` is a deadly pattern: every house holding a cell of it
/// holds exactly two, at places of different parity.
fn valid_loop(ctx: &Context<'_>, path: &[Cell]) -> bool {
    let s = ctx.shape();
    path.iter().enumerate().all(|(i, &c)| {
        c.houses(s).iter().all(|h| {
            let others: Vec<usize> = (0..path.len())
                .filter(|&j| j != i && path[j].houses(s).contains(h))
                .collect();
            others.len() == 1 && others[0] % 2 != i % 2
        })
    })
}

/// Extends `path` (starting at a bivalue cell `ab`) through houses of a kind other than
/// the last one used, collecting the closed loops of 6 cells or more. At most two cells
/// may hold extra digits, unless all extra cells hold the same single extra digit.
fn loop_search(
    ctx: &Context<'_>,
    ab: DigitSet,
    path: &mut Vec<Cell>,
    last_kind: Option<usize>,
    out: &mut Vec<Vec<Cell>>,
) {
    let s = ctx.shape();
    let cur = *path.last().unwrap();
    let start = path[0];
    for (kind, h) in cur.houses(s).into_iter().enumerate() {
        if Some(kind) == last_kind {
            continue;
        }
        for &next in ctx.house_cells(h) {
            if next == start {
                if path.len() >= 6 && path.len().is_multiple_of(2) && valid_loop(ctx, path) {
                    out.push(path.clone());
                }
                continue;
            }
            let cands = ctx.candidates(next);
            if ctx.value(next).is_some()
                || !ab.is_subset(cands)
                || path.contains(&next)
                || path.len() >= MAX_LOOP
            {
                continue;
            }
            if cands != ab {
                let extra_cells: Vec<Cell> = path
                    .iter()
                    .copied()
                    .filter(|&c| ctx.candidates(c) != ab)
                    .collect();
                let extras = extra_cells
                    .iter()
                    .fold(cands, |m, &c| m | ctx.candidates(c))
                    - ab;
                if extra_cells.len() >= 2 && extras.len() != 1 {
                    continue;
                }
            }
            if !fits(ctx, path, next) {
                continue;
            }
            path.push(next);
            loop_search(ctx, ab, path, Some(kind), out);
            path.pop();
        }
    }
}

/// The extra candidates of a BUG: removing them would leave every empty cell with two
/// candidates and every digit with two places or none in every house. `None` when the
/// position is not one extra set away from a BUG (or is a BUG already).
fn bug_extras(ctx: &Context<'_>) -> Option<Vec<Candidate>> {
    let s = ctx.shape();
    let mut extras = Vec::new();
    for c in ctx.board().empty_cells() {
        let cands = ctx.candidates(c);
        match cands.len() {
            0 | 1 => return None,
            2 => continue,
            _ => {}
        }
        let mine: Vec<Candidate> = cands
            .into_iter()
            .filter(|&d| c.houses(s).iter().all(|&h| ctx.positions(d, h).len() > 2))
            .map(|d| Candidate::new(c, d))
            .collect();
        if cands.len() - mine.len() != 2 {
            return None;
        }
        extras.extend(mine);
    }
    if extras.is_empty() {
        return None;
    }
    for h in ctx.houses() {
        for d in Digit::all(s) {
            let removed = extras
                .iter()
                .filter(|e| e.digit == d && e.cell.houses(s).contains(&h))
                .count();
            let left = ctx.positions(d, h).len() - removed;
            if left != 0 && left != 2 {
                return None;
            }
        }
    }
    Some(extras)
}

/// Sudoku Explainer's BUG types 2 to 4 (type 1 is [`Technique::BugPlusOne`]). Without its
/// extra candidates the position would be a bivalue universal grave, which has no single
/// solution; so one of the extras is true.
///
/// - Type 2: the extras are all one digit `x`: a cell seeing every extra cell is not `x`.
/// - Type 3: the extra cells share a house: together they act as one cell holding the
///   extra digits, which forms a naked set with other cells of the house.
/// - Type 4: two extra cells share a house where a digit `u` of both their BUG pairs has
///   no other place: one of them is `u` and the other takes its extra, so each cell keeps
///   only `u` and its extras.
fn bug_types(ctx: &Context<'_>, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(extras) = bug_extras(ctx) else {
        return ControlFlow::Continue(());
    };
    let mut cells: Vec<Cell> = extras.iter().map(|e| e.cell).collect();
    cells.dedup();
    if extras.len() < 2 {
        return ControlFlow::Continue(());
    }
    let digits: DigitSet = extras.iter().map(|e| e.digit).collect();
    let extra_of = |c: Cell| -> DigitSet {
        extras
            .iter()
            .filter(|e| e.cell == c)
            .map(|e| e.digit)
            .collect()
    };
    let mut subset = Vec::new();
    let mut se = None;
    let mut shown = digits;
    let elims: Vec<Candidate> = match technique {
        Technique::BugType2 if digits.len() == 1 => {
            seeing_all(ctx, &cells, &cells, digits.first().unwrap())
        }
        Technique::BugType3 if cells.len() >= 2 && digits.len() >= 2 => {
            let houses: Vec<House> = ctx
                .houses()
                .filter(|&h| cells.iter().all(|c| c.houses(ctx.shape()).contains(&h)))
                .collect();
            let mut out = Vec::new();
            for h in houses {
                if let Some(t3) = type3(ctx, h, &cells, digits) {
                    se = Some(5.7 + 0.1 * (t3.digits.len() - 1) as f32);
                    shown = t3.digits;
                    subset = t3.cells;
                    out = t3.elims;
                    break;
                }
            }
            out
        }
        Technique::BugType4 if cells.len() == 2 => {
            let (c1, c2) = (cells[0], cells[1]);
            let pair = (ctx.candidates(c1) - extra_of(c1)) & (ctx.candidates(c2) - extra_of(c2));
            let mut out = Vec::new();
            'houses: for h in shared_houses(ctx, c1, c2) {
                for u in pair {
                    if ctx.positions(u, h).len() == 2 {
                        for c in [c1, c2] {
                            let keep = extra_of(c) | DigitSet::single(u);
                            out.extend(
                                (ctx.candidates(c) - keep)
                                    .into_iter()
                                    .map(|d| Candidate::new(c, d)),
                            );
                        }
                        shown = DigitSet::single(u) | digits;
                        break 'houses;
                    }
                }
            }
            out
        }
        _ => Vec::new(),
    };
    if elims.is_empty() {
        return ControlFlow::Continue(());
    }
    sink(Step {
        se_difficulty: se,
        technique,
        placements: vec![],
        eliminations: elims,
        evidence: Evidence::Uniqueness {
            digits: shown,
            cells,
            extra: extras,
            subset,
        },
    })
}
