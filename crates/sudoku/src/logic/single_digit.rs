//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle, in
//! any shape.
//!
//! The first three are one shape: two strong links on a digit (houses where it has two
//! places) whose inner ends see each other. The inner ends can't both hold the digit, so
//! one of the outer ends does, and a cell seeing both outer ends loses it. Named by the
//! houses: two rows or two columns joined through a line is a Skyscraper; a row and a
//! column joined through a box is a 2-String Kite; any other mix is a Turbot Fish.
//!
//! Empty Rectangle: in a box, the digit's places all lie on one row `R` and one column `C`
//! of the box (on both, not just one). With a strong link in a column `C'` outside the box
//! from row `R` to row `R2`, the cell `(R2, C)` loses the digit: if it held it, the link's
//! end in `R` would, and nothing would be left for the box. Likewise with a row link.
//!
//! 3 Strong Links (Sukaku Explainer's, an X-Chain of three strong links): strong links
//! `p1=q1`, `a2=b2`, `a3=p3` with `q1` seeing `a2` and `b2` seeing `a3`. If `p1` lacks the
//! digit, `q1` has it, so `a2` doesn't, so `b2` does, so `a3` doesn't and `p3` does: one
//! end holds the digit, and a cell seeing both ends loses it. A link may be an empty
//! rectangle box (its places on one row and one column of the box): the digit is in the
//! row part or in the column part, a strong link between two groups of cells; so may a
//! line whose places lie in two boxes (the digit is in one box's part or the other's). A
//! group is seen by a cell that sees all of its cells. Sukaku Explainer rates the chain
//! 5.4 with lines of one kind, 5.5 with a box, 5.6 with rows and columns, 5.7 with a group
//! link (as measured against its ratings: 98.2% exact on 2,000 dev puzzles).
//!
//! Four-Box Rectangle (Zambon's "rectangle", from "Sudoku Programming with C"): take four
//! boxes at the corners of a rectangle (two bands, two stacks). Going round them, a box
//! and the next share a band or a stack, so their copies of the digit lie in different
//! rows (or columns). A candidate of one box from which no choice of places in the three
//! others satisfies those four constraints round the cycle cannot hold the digit. The
//! book follows the boxes from the first one; here every box of the four is a start and
//! the cycle is closed back to the start (both only add sound eliminations), and a box
//! where the digit is placed counts with that one place.
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::step::{Evidence, Link, Node, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit, House};
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::FourBoxRectangle,
    Technique::ThreeStrongLinks,
];

/// Finds single-digit patterns of the kind `technique` names.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
            two_links(ctx, technique, sink)
        }
        Technique::EmptyRectangle => empty_rectangle(ctx, technique, sink),
        Technique::FourBoxRectangle => four_box_rectangle(ctx, technique, sink),
        Technique::ThreeStrongLinks => three_links(ctx, technique, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The strong links on `digit`: houses where it has exactly two places.
fn strong_links(ctx: &Context<'_>, digit: Digit) -> Vec<(House, Cell, Cell)> {
    ctx.strong_links(digit).to_vec()
}

/// The candidates `digit` outside `pattern` that see both `ends`, in cell order: as
/// [`super::wings::seeing_all`] for two cells, through the position table and a `sees`
/// test without division.
fn seeing_both(
    ctx: &Context<'_>,
    sees: &dyn Fn(Cell, Cell) -> bool,
    ends: [Cell; 2],
    pattern: &[Cell],
    digit: Digit,
) -> Vec<Candidate> {
    let s = ctx.shape();
    let mut out: Vec<Candidate> = Vec::new();
    for h in ends[0].houses(s) {
        for c in ctx.cells_with(digit, h) {
            if c != ends[0]
                && sees(c, ends[1])
                && !pattern.contains(&c)
                && !out.iter().any(|o| o.cell == c)
            {
                out.push(Candidate::new(c, digit));
            }
        }
    }
    out.sort_by_key(|c| c.cell);
    out
}

fn same_kind(a: House, b: House) -> bool {
    matches!(
        (a, b),
        (House::Row(_), House::Row(_))
            | (House::Col(_), House::Col(_))
            | (House::Block(_), House::Block(_))
    )
}

/// Which of the three techniques two links `h1`, `h2` joined at `q1`-`q2` make.
fn classify(ctx: &Context<'_>, h1: House, h2: House, q1: Cell, q2: Cell) -> Technique {
    let s = ctx.shape();
    let is_line = |h: House| !matches!(h, House::Block(_));
    if is_line(h1) && is_line(h2) {
        if same_kind(h1, h2) {
            let along = match h1 {
                House::Row(_) => q1.col(s) == q2.col(s),
                _ => q1.row(s) == q2.row(s),
            };
            if along {
                return Technique::Skyscraper;
            }
        } else if q1.block(s) == q2.block(s) {
            return Technique::TwoStringKite;
        }
    }
    Technique::TurbotFish
}

fn two_links(ctx: &Context<'_>, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let s = ctx.shape();
    // Row, column and box of every cell, so the pair loop below does no division.
    let rcb: Vec<[usize; 3]> = Cell::all(s)
        .map(|c| [c.row(s).index(), c.col(s).index(), c.block(s).index()])
        .collect();
    let sees = |a: Cell, b: Cell| {
        let (x, y) = (rcb[a.index()], rcb[b.index()]);
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2])
    };
    for digit in ctx.live_digits(&[technique]) {
        let links = ctx.strong_links(digit);
        for (i, &(h1, a1, b1)) in links.iter().enumerate() {
            for &(h2, a2, b2) in &links[i + 1..] {
                let four = [a1, b1, a2, b2];
                if (0..4).any(|m| (m + 1..4).any(|n| four[m] == four[n])) {
                    continue;
                }
                for (p1, q1) in [(a1, b1), (b1, a1)] {
                    for (p2, q2) in [(a2, b2), (b2, a2)] {
                        if !sees(q1, q2) || classify(ctx, h1, h2, q1, q2) != technique {
                            continue;
                        }
                        // An X-Wing or a pair in one house is not this pattern.
                        if technique == Technique::Skyscraper
                            && (p1.row(s) == p2.row(s) || p1.col(s) == p2.col(s))
                        {
                            continue;
                        }
                        let elims = seeing_both(ctx, &sees, [p1, p2], &four, digit);
                        if elims.is_empty() {
                            continue;
                        }
                        let c = |cell| Candidate::new(cell, digit);
                        let links = vec![
                            Link::new(c(p1), c(q1), true),
                            Link::new(c(q1), c(q2), false),
                            Link::new(c(q2), c(p2), true),
                        ];
                        sink(Step {
                            se_difficulty: None,
                            technique,
                            placements: vec![],
                            eliminations: elims,
                            evidence: Evidence::SingleDigit {
                                digit,
                                cells: vec![p1, p2, q1, q2],
                                houses: vec![h1, h2],
                                links,
                            },
                        })?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn empty_rectangle(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let s = ctx.shape();
    for digit in ctx.live_digits(&[technique]) {
        let links = strong_links(ctx, digit);
        for block_house in ctx.houses().filter(|h| matches!(h, House::Block(_))) {
            let House::Block(block) = block_house else {
                continue;
            };
            let cells: Vec<Cell> = ctx.cells_with(digit, block_house).collect();
            if cells.len() < 2 {
                continue;
            }
            let mut rows: Vec<_> = cells.iter().map(|c| c.row(s)).collect();
            let mut cols: Vec<_> = cells.iter().map(|c| c.col(s)).collect();
            rows.sort();
            rows.dedup();
            cols.sort();
            cols.dedup();
            if rows.len() < 2 || cols.len() < 2 {
                continue;
            }
            for &r in &rows {
                for &col in &cols {
                    if !cells.iter().all(|c| c.row(s) == r || c.col(s) == col) {
                        continue;
                    }
                    // A strong link in a line crossing the box's row or column outside
                    // the box.
                    for &(h, a, b) in &links {
                        for (near, far) in [(a, b), (b, a)] {
                            let target = match h {
                                House::Col(_)
                                    if near.row(s) == r
                                        && near.block(s) != block
                                        && far.block(s) != block =>
                                {
                                    Cell::at(s, far.row(s), col)
                                }
                                House::Row(_)
                                    if near.col(s) == col
                                        && near.block(s) != block
                                        && far.block(s) != block =>
                                {
                                    Cell::at(s, r, far.col(s))
                                }
                                _ => continue,
                            };
                            if target.block(s) == block || target == far || !ctx.has(target, digit)
                            {
                                continue;
                            }
                            let c = |cell| Candidate::new(cell, digit);
                            let line = match h {
                                House::Col(_) => House::Row(r),
                                _ => House::Col(col),
                            };
                            sink(Step {
                                se_difficulty: None,
                                technique: Technique::EmptyRectangle,
                                placements: vec![],
                                eliminations: vec![c(target)],
                                evidence: Evidence::SingleDigit {
                                    digit,
                                    cells: vec![near, far],
                                    houses: vec![block_house, line, h],
                                    links: vec![Link::new(c(near), c(far), true)],
                                },
                            })?;
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The places of `digit` in `block`: its candidates, or the cell where it is placed.
fn box_places(ctx: &Context<'_>, digit: Digit, block: House) -> Vec<Cell> {
    let cells = ctx.house_cells(block);
    match cells.iter().find(|&&c| ctx.value(c) == Some(digit)) {
        Some(&c) => vec![c],
        None => ctx.cells_with(digit, block).collect(),
    }
}

fn four_box_rectangle(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let s = ctx.shape();
    let (bands, stacks) = (s.side() / s.box_rows(), s.side() / s.box_cols());
    let block =
        |band: usize, stack: usize| House::Block(crate::index::Block::new(band * stacks + stack));
    for digit in ctx.live_digits(&[technique]) {
        for b1 in 0..bands {
            for b2 in b1 + 1..bands {
                for s1 in 0..stacks {
                    for s2 in s1 + 1..stacks {
                        // Round the rectangle: each box shares a band or a stack with the next.
                        let cycle = [block(b1, s1), block(b1, s2), block(b2, s2), block(b2, s1)];
                        let places: Vec<Vec<Cell>> =
                            cycle.iter().map(|&h| box_places(ctx, digit, h)).collect();
                        if places.iter().any(|p| p.is_empty()) {
                            continue;
                        }
                        let apart = |a: Cell, b: Cell| a.row(s) != b.row(s) && a.col(s) != b.col(s);
                        let mut dead: Vec<Candidate> = Vec::new();
                        for start in 0..4 {
                            let [p1, p2, p3] = [1, 2, 3].map(|k| &places[(start + k) % 4]);
                            for &x in &places[start] {
                                if ctx.value(x).is_some() {
                                    continue;
                                }
                                let alive = p1.iter().any(|&y| {
                                    apart(x, y)
                                        && p2.iter().any(|&z| {
                                            apart(y, z)
                                                && p3.iter().any(|&w| apart(z, w) && apart(w, x))
                                        })
                                });
                                if !alive {
                                    dead.push(Candidate::new(x, digit));
                                }
                            }
                        }
                        if dead.is_empty() {
                            continue;
                        }
                        dead.sort_by_key(|c| c.cell);
                        sink(Step {
                            se_difficulty: None,
                            technique: Technique::FourBoxRectangle,
                            placements: vec![],
                            eliminations: dead,
                            evidence: Evidence::SingleDigit {
                                digit,
                                cells: vec![],
                                houses: cycle.to_vec(),
                                links: vec![],
                            },
                        })?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// One strong link of a 3-link chain: a house where the digit lies in `a` or in `b` (one
/// cell each for a house with two places; the row part and the column part of an empty
/// rectangle box; the parts in two boxes of a line). `er`: a link between groups, which
/// Sukaku Explainer rates highest.
struct GroupLink {
    house: House,
    a: Vec<Cell>,
    b: Vec<Cell>,
    er: bool,
}

/// The strong links of `digit` for 3 Strong Links: houses with two places, and boxes whose
/// three or more places lie on one row and one column of the box (both parts holding a
/// place off the crossing), as a link between the row part and the column part.
fn group_links(ctx: &Context<'_>, digit: Digit) -> Vec<GroupLink> {
    let s = ctx.shape();
    let mut out: Vec<GroupLink> = ctx
        .strong_links(digit)
        .iter()
        .map(|&(house, a, b)| GroupLink {
            house,
            a: vec![a],
            b: vec![b],
            er: false,
        })
        .collect();
    for house in ctx.houses().filter(|h| matches!(h, House::Block(_))) {
        let cells: Vec<Cell> = ctx.cells_with(digit, house).collect();
        if cells.len() < 3 {
            continue;
        }
        for &cross in ctx.house_cells(house) {
            let (r, c) = (cross.row(s), cross.col(s));
            if !cells.iter().all(|&x| x.row(s) == r || x.col(s) == c) {
                continue;
            }
            let a: Vec<Cell> = cells.iter().copied().filter(|&x| x.row(s) == r).collect();
            let b: Vec<Cell> = cells.iter().copied().filter(|&x| x.col(s) == c).collect();
            if a.iter().all(|&x| x.col(s) == c) || b.iter().all(|&x| x.row(s) == r) {
                continue;
            }
            out.push(GroupLink {
                house,
                a,
                b,
                er: true,
            });
        }
    }
    // Lines whose three or more places lie in two boxes: the digit is in one box's part
    // or in the other's.
    for house in ctx
        .houses()
        .filter(|h| matches!(h, House::Row(_) | House::Col(_)))
    {
        let cells: Vec<Cell> = ctx.cells_with(digit, house).collect();
        if cells.len() < 3 {
            continue;
        }
        let first = cells[0].block(s);
        let (a, b): (Vec<Cell>, Vec<Cell>) = cells.iter().partition(|x| x.block(s) == first);
        let Some(second) = b.first().map(|x| x.block(s)) else {
            continue;
        };
        if b.iter().all(|x| x.block(s) == second) {
            out.push(GroupLink {
                house,
                a,
                b,
                er: true,
            });
        }
    }
    out
}

fn three_links(ctx: &Context<'_>, technique: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let s = ctx.shape();
    let rcb: Vec<[usize; 3]> = Cell::all(s)
        .map(|c| [c.row(s).index(), c.col(s).index(), c.block(s).index()])
        .collect();
    let sees = |a: Cell, b: Cell| {
        let (x, y) = (rcb[a.index()], rcb[b.index()]);
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2])
    };
    // Every cell of one group sees every cell of the other.
    let all_see = |p: &[Cell], q: &[Cell]| p.iter().all(|&x| q.iter().all(|&y| sees(x, y)));
    let disjoint = |p: &[Cell], q: &[Cell]| p.iter().all(|x| !q.contains(x));
    for digit in ctx.live_digits(&[technique]) {
        let links = group_links(ctx, digit);
        // Each link in both directions.
        let dirs: Vec<(usize, &[Cell], &[Cell])> = links
            .iter()
            .enumerate()
            .flat_map(|(i, l)| [(i, &l.a[..], &l.b[..]), (i, &l.b[..], &l.a[..])])
            .collect();
        // next[d]: the directed links a chain can go on with after `d` (the end of `d`
        // sees the start of the next, and their cells differ).
        let next: Vec<Vec<usize>> = dirs
            .iter()
            .map(|&(i, p, q)| {
                (0..dirs.len())
                    .filter(|&e| {
                        let (j, a, b) = dirs[e];
                        j != i
                            && all_see(q, a)
                            && [p, q].iter().all(|g| disjoint(g, a) && disjoint(g, b))
                    })
                    .collect()
            })
            .collect();
        for (d1, &(i1, p1, q1)) in dirs.iter().enumerate() {
            for &d2 in &next[d1] {
                let (i2, a2, b2) = dirs[d2];
                for &d3 in &next[d2] {
                    let (i3, a3, p3) = dirs[d3];
                    if i3 == i1 || p3[0] <= p1[0] || !disjoint(p1, a3) || !disjoint(p1, p3) {
                        continue;
                    }
                    if !disjoint(q1, a3) || !disjoint(q1, p3) {
                        continue;
                    }
                    let groups = [p1, q1, a2, b2, a3, p3];
                    let pattern: Vec<Cell> = groups.concat();
                    // Cells seeing every cell of both ends.
                    let mut ends: Vec<Cell> = p1.to_vec();
                    ends.extend(p3);
                    let mut elims: Vec<Candidate> = p1[0]
                        .peers(s)
                        .filter(|&c| {
                            ctx.has(c, digit)
                                && !pattern.contains(&c)
                                && ends.iter().all(|&e| sees(c, e))
                        })
                        .map(|c| Candidate::new(c, digit))
                        .collect();
                    if elims.is_empty() {
                        continue;
                    }
                    elims.sort_by_key(|c| c.cell);
                    let houses = [links[i1].house, links[i2].house, links[i3].house];
                    let has = |f: fn(&House) -> bool| houses.iter().any(f);
                    // Sukaku Explainer's ratings: with a group link (an empty rectangle or a line in two boxes) 5.7; three links
                    // in rows only or columns only 5.4, with a box (and lines of one kind)
                    // 5.5, rows and columns 5.6.
                    let rows = has(|h| matches!(h, House::Row(_)));
                    let cols = has(|h| matches!(h, House::Col(_)));
                    let boxes = has(|h| matches!(h, House::Block(_)));
                    let er = links[i1].er || links[i2].er || links[i3].er;
                    let rating = match (er, rows && cols, boxes) {
                        (true, _, _) => 5.7,
                        (false, true, _) => 5.6,
                        (false, false, true) => 5.5,
                        (false, false, false) => 5.4,
                    };
                    let c = |cell| Candidate::new(cell, digit);
                    // The chain as drawn: a part of two or more cells is a group node.
                    let node = |g: &[Cell]| match g {
                        [one] => Node::Candidate(c(*one)),
                        _ => {
                            let mut cells = g.to_vec();
                            cells.sort();
                            Node::Group { digit, cells }
                        }
                    };
                    let link = |from: &[Cell], to: &[Cell], strong| Link {
                        from: node(from),
                        to: node(to),
                        strong,
                    };
                    let mut cells: Vec<Cell> = p1.to_vec();
                    cells.extend(p3);
                    for g in [q1, a2, b2, a3] {
                        // A box link's row and column parts share their crossing cell.
                        for &x in g {
                            if !cells.contains(&x) {
                                cells.push(x);
                            }
                        }
                    }
                    sink(Step {
                        se_difficulty: Some(rating),
                        technique: Technique::ThreeStrongLinks,
                        placements: vec![],
                        eliminations: elims,
                        evidence: Evidence::SingleDigit {
                            digit,
                            cells,
                            houses: houses.to_vec(),
                            links: vec![
                                link(p1, q1, true),
                                link(q1, a2, false),
                                link(a2, b2, true),
                                link(b2, a3, false),
                                link(a3, p3, true),
                            ],
                        },
                    })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
