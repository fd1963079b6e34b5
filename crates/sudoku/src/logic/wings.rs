//! Wings: XY-Wing, XYZ-Wing, W-Wing, WXYZ-Wing and VWXYZ-Wing, in any shape.
//!
//! - XY-Wing: a bivalue pivot `{x,y}` sees two bivalue pincers `{x,z}` and `{y,z}`. Whatever
//!   the pivot holds, one pincer is `z`, so a cell that sees both pincers is not `z`.
//! - XYZ-Wing: the same with a pivot `{x,y,z}`; the pivot may be `z` too, so the victims
//!   must see the pivot as well.
//! - W-Wing: two bivalue cells `{x,y}` that don't see each other, joined by a strong link
//!   on `x` (a house where `x` has two places, one seeing each cell). One of the two cells
//!   is `y`, so a cell seeing both is not `y`.
//! - WXYZ-Wing: four cells (a pivot and three cells it sees) holding four digits between
//!   them, where every digit but one (`z`) is restricted (its cells in the pattern all see
//!   each other). Without `z` the four cells would hold three digits at most once each, so
//!   one of the pattern's `z` cells is `z`: a cell seeing all of them is not `z`.
//! - VWXYZ-Wing (Sukaku Explainer's): an almost locked set of four cells in one house
//!   (five digits) and a bivalue cell `{x,z}` outside it that sees every cell of the set
//!   holding `x`. If the bivalue cell is `x`, the set loses `x` and becomes locked, so it
//!   holds `z`: either way `z` is in the bivalue cell or in the set, and a cell seeing all
//!   of those `z` cells is not `z`. When `z` is restricted too, the five cells are a
//!   locked set: each of their digits leaves the cells that see all its places there.
//!
//! Depends on [`super::Context`] and the step model.

use super::registry::Sink;
use super::step::{Evidence, Link, Step};
use super::technique::Technique;
use super::Context;
use crate::index::{Candidate, Cell, Digit, House};
use crate::set::DigitSet;
use std::ops::ControlFlow;

pub(crate) const TECHNIQUES: &[Technique] = &[
    Technique::XyWing,
    Technique::XyzWing,
    Technique::WWing,
    Technique::WxyzWing,
    Technique::VwxyzWing,
];

/// Finds wings of the kind `technique` names.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::XyWing => xy_wing(ctx, sink, false),
        Technique::XyzWing => xy_wing(ctx, sink, true),
        Technique::WWing => w_wing(ctx, sink),
        Technique::WxyzWing => wxyz_wing(ctx, sink),
        Technique::VwxyzWing => als_wing(ctx, sink, 4, Technique::VwxyzWing),
        _ => ControlFlow::Continue(()),
    }
}

/// The candidates `digit` of the cells (other than `pattern`) that see every cell of
/// `sees`.
pub(crate) fn seeing_all(
    ctx: &Context<'_>,
    sees: &[Cell],
    pattern: &[Cell],
    digit: Digit,
) -> Vec<Candidate> {
    let s = ctx.shape();
    let Some(&first) = sees.first() else {
        return Vec::new();
    };
    let mut out: Vec<Candidate> = first
        .peers(s)
        .filter(|&c| {
            ctx.has(c, digit)
                && !pattern.contains(&c)
                && sees.iter().all(|&o| o == c || o.sees(c, s))
                && !sees.contains(&c)
        })
        .map(|c| Candidate::new(c, digit))
        .collect();
    out.sort_by_key(|c| c.cell);
    out
}

fn empty_with(ctx: &Context<'_>, len: std::ops::RangeInclusive<usize>) -> Vec<Cell> {
    Cell::all(ctx.shape())
        .filter(|&c| ctx.value(c).is_none() && len.contains(&ctx.candidates(c).len()))
        .collect()
}

fn xy_wing(ctx: &Context<'_>, sink: &mut Sink<'_>, xyz: bool) -> ControlFlow<()> {
    let s = ctx.shape();
    let technique = if xyz {
        Technique::XyzWing
    } else {
        Technique::XyWing
    };
    let bivalue = ctx.bivalue_cells();
    let pivots: Vec<Cell> = if xyz {
        empty_with(ctx, 3..=3)
    } else {
        bivalue.to_vec()
    };
    for &pivot in &pivots {
        let pc = ctx.candidates(pivot);
        let wings: Vec<Cell> = bivalue
            .iter()
            .copied()
            .filter(|&c| c != pivot && c.sees(pivot, s))
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            let ca = ctx.candidates(a);
            for &b in &wings[i + 1..] {
                let cb = ctx.candidates(b);
                if ca == cb {
                    continue;
                }
                let common = ca & cb;
                let Some(z) = common.single_member() else {
                    continue;
                };
                let ok = if xyz {
                    (ca | cb) == pc
                } else {
                    !pc.contains(z) && ((ca | cb) - DigitSet::single(z)) == pc
                };
                if !ok {
                    continue;
                }
                let sees: Vec<Cell> = if xyz { vec![pivot, a, b] } else { vec![a, b] };
                let elims = seeing_all(ctx, &sees, &[pivot, a, b], z);
                if elims.is_empty() {
                    continue;
                }
                // Pincers listed so that the one holding the pivot's smaller digit is first.
                let (x, y) = {
                    let mut it = (pc - DigitSet::single(z)).iter();
                    (it.next().unwrap(), it.next().unwrap())
                };
                let (p1, p2) = if ca.contains(x) { (a, b) } else { (b, a) };
                let links = vec![
                    Link::new(Candidate::new(p1, z), Candidate::new(p1, x), true),
                    Link::new(Candidate::new(p1, x), Candidate::new(pivot, x), false),
                    Link::new(Candidate::new(pivot, x), Candidate::new(pivot, y), true),
                    Link::new(Candidate::new(pivot, y), Candidate::new(p2, y), false),
                    Link::new(Candidate::new(p2, y), Candidate::new(p2, z), true),
                ];
                sink(Step {
                    se_difficulty: None,
                    technique,
                    placements: vec![],
                    eliminations: elims,
                    evidence: Evidence::Wing {
                        digits: pc | DigitSet::single(z),
                        pivot: Some(pivot),
                        pincers: vec![p1, p2],
                        z: Some(z),
                        links,
                    },
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn w_wing(ctx: &Context<'_>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let s = ctx.shape();
    let bivalue = ctx.bivalue_cells();
    for (i, &a) in bivalue.iter().enumerate() {
        let pair = ctx.candidates(a);
        for &b in &bivalue[i + 1..] {
            if ctx.candidates(b) != pair || a.sees(b, s) {
                continue;
            }
            for x in pair {
                let y = (pair - DigitSet::single(x)).first().unwrap();
                let elims = seeing_all(ctx, &[a, b], &[a, b], y);
                if elims.is_empty() {
                    continue;
                }
                // A strong link on x: a house where x has two places, one seeing a, the
                // other seeing b (neither being a or b).
                for house in ctx.houses() {
                    if ctx.positions(x, house).len() != 2 {
                        continue;
                    }
                    let mut it = ctx.cells_with(x, house);
                    let (p, q) = (it.next().unwrap(), it.next().unwrap());
                    if [p, q].iter().any(|c| *c == a || *c == b) {
                        continue;
                    }
                    let (p, q) = if p.sees(a, s) && q.sees(b, s) {
                        (p, q)
                    } else if q.sees(a, s) && p.sees(b, s) {
                        (q, p)
                    } else {
                        continue;
                    };
                    let links = vec![
                        Link::new(Candidate::new(a, y), Candidate::new(a, x), true),
                        Link::new(Candidate::new(a, x), Candidate::new(p, x), false),
                        Link::new(Candidate::new(p, x), Candidate::new(q, x), true),
                        Link::new(Candidate::new(q, x), Candidate::new(b, x), false),
                        Link::new(Candidate::new(b, x), Candidate::new(b, y), true),
                    ];
                    sink(Step {
                        se_difficulty: None,
                        technique: Technique::WWing,
                        placements: vec![],
                        eliminations: elims,
                        evidence: Evidence::Wing {
                            digits: pair,
                            pivot: None,
                            pincers: vec![a, b],
                            z: Some(y),
                            links,
                        },
                    })?;
                    break;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn wxyz_wing(ctx: &Context<'_>, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let s = ctx.shape();
    let small = empty_with(ctx, 2..=4);
    let mut seen_sets: Vec<[Cell; 4]> = Vec::new();
    for &pivot in &small {
        let pc = ctx.candidates(pivot);
        let wings: Vec<Cell> = small
            .iter()
            .copied()
            .filter(|&c| c != pivot && c.sees(pivot, s) && (ctx.candidates(c) | pc).len() <= 4)
            .collect();
        let n = wings.len();
        for i in 0..n {
            let u1 = pc | ctx.candidates(wings[i]);
            for j in i + 1..n {
                let u2 = u1 | ctx.candidates(wings[j]);
                if u2.len() > 4 {
                    continue;
                }
                for k in j + 1..n {
                    let all = u2 | ctx.candidates(wings[k]);
                    if all.len() != 4 {
                        continue;
                    }
                    let cells = [pivot, wings[i], wings[j], wings[k]];
                    // The pairs of wings that don't see each other (the pivot sees all),
                    // as masks over the four cells.
                    let apart: Vec<u8> = [(1, 2), (1, 3), (2, 3)]
                        .into_iter()
                        .filter(|&(m, n)| !cells[m].sees(cells[n], s))
                        .map(|(m, n)| 1u8 << m | 1 << n)
                        .collect();
                    // Exactly one digit whose cells in the pattern don't all see each other.
                    let mut z = None;
                    let mut unrestricted = 0;
                    for d in all {
                        let mask = (0..4)
                            .filter(|&m| ctx.has(cells[m], d))
                            .fold(0u8, |acc, m| acc | 1 << m);
                        // Unrestricted: two of its cells don't see each other.
                        let restricted = apart.iter().all(|&p| mask & p != p);
                        if !restricted {
                            unrestricted += 1;
                            let with: Vec<Cell> = (0..4)
                                .filter(|&m| mask >> m & 1 == 1)
                                .map(|m| cells[m])
                                .collect();
                            z = Some((d, with));
                            if unrestricted > 1 {
                                break;
                            }
                        }
                    }
                    // One unrestricted digit `z`: one of its cells is `z`. None (the doubly
                    // linked case): the four cells hold the four digits once each, so every
                    // digit leaves the cells that see all of its cells in the pattern.
                    let (elims, z) = match (unrestricted, z) {
                        (1, Some((z, zcells))) => (seeing_all(ctx, &zcells, &cells, z), Some(z)),
                        // Four cells of one house: a naked quad, not a wing.
                        (0, _)
                            if !pivot
                                .houses(s)
                                .iter()
                                .any(|h| cells.iter().all(|c| c.houses(s).contains(h))) =>
                        {
                            let mut out = Vec::new();
                            for d in all {
                                let with: Vec<Cell> =
                                    cells.iter().copied().filter(|&c| ctx.has(c, d)).collect();
                                out.extend(seeing_all(ctx, &with, &cells, d));
                            }
                            (out, None)
                        }
                        _ => continue,
                    };
                    if elims.is_empty() {
                        continue;
                    }
                    let mut key = cells;
                    key.sort();
                    if seen_sets.contains(&key) {
                        continue;
                    }
                    seen_sets.push(key);
                    // Sukaku Explainer's rating: 5.5, or 5.6 when the fullest cell holds
                    // three digits (a pivot missing one digit is the harder to see).
                    let fullest = cells.iter().map(|&c| ctx.candidates(c).len()).max();
                    sink(Step {
                        se_difficulty: Some(if fullest == Some(3) { 5.6 } else { 5.5 }),
                        technique: Technique::WxyzWing,
                        placements: vec![],
                        eliminations: elims,
                        evidence: Evidence::Wing {
                            digits: all,
                            pivot: Some(pivot),
                            pincers: cells[1..].to_vec(),
                            z,
                            links: vec![],
                        },
                    })?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Sukaku Explainer's wings of an `n`-cell almost locked set in a house and a bivalue cell
/// (see the module docs), rated as Sukaku does from the fullest cell of the set.
fn als_wing(
    ctx: &Context<'_>,
    sink: &mut Sink<'_>,
    n: usize,
    technique: Technique,
) -> ControlFlow<()> {
    let mut seen_sets: Vec<Vec<Cell>> = Vec::new();
    for house in ctx.houses() {
        for (set, union) in als_sets(ctx, house, n) {
            let mut key = set.clone();
            key.sort();
            if seen_sets.contains(&key) {
                continue;
            }
            seen_sets.push(key);
            als_wing_with(ctx, sink, &set, union, technique)?;
        }
    }
    ControlFlow::Continue(())
}

/// The sets of `n` open cells of `house` holding `n + 1` digits between them, with those
/// digits, in the order of their cells in the house.
fn als_sets(ctx: &Context<'_>, house: House, n: usize) -> Vec<(Vec<Cell>, DigitSet)> {
    // A cell of such a set holds at most `n + 1` digits.
    let open: Vec<Cell> = ctx
        .house_cells(house)
        .iter()
        .copied()
        .filter(|&c| ctx.value(c).is_none() && (2..=n + 1).contains(&ctx.candidates(c).len()))
        .collect();
    let mut out = Vec::new();
    if open.len() >= n {
        let mut set = Vec::with_capacity(n);
        sets_of(
            ctx,
            &open,
            n,
            0,
            DigitSet::EMPTY,
            &mut set,
            &mut |set, union| out.push((set.to_vec(), union)),
        );
    }
    out
}

/// Calls `f` with each set of `n` cells of `open` (those from `from` on added to `set`,
/// whose cells hold `union`) that holds `n + 1` digits, in the order of their positions in
/// `open`; a part that already holds more goes no further.
fn sets_of(
    ctx: &Context<'_>,
    open: &[Cell],
    n: usize,
    from: usize,
    union: DigitSet,
    set: &mut Vec<Cell>,
    f: &mut dyn FnMut(&[Cell], DigitSet),
) {
    if set.len() == n {
        if union.len() == n + 1 {
            f(set, union);
        }
        return;
    }
    for i in from..=open.len() - (n - set.len()) {
        let with = union | ctx.candidates(open[i]);
        if with.len() <= n + 1 {
            set.push(open[i]);
            sets_of(ctx, open, n, i + 1, with, set, f);
            set.pop();
        }
    }
}

/// The wings of the almost locked set `set` (holding `union`) with every bivalue cell.
fn als_wing_with(
    ctx: &Context<'_>,
    sink: &mut Sink<'_>,
    set: &[Cell],
    union: DigitSet,
    technique: Technique,
) -> ControlFlow<()> {
    let s = ctx.shape();
    let fullest = set
        .iter()
        .map(|&c| ctx.candidates(c).len())
        .max()
        .unwrap_or(0) as f32;
    let rating = match technique {
        // 6.2, plus 0.1 for a fullest cell of 2 or 4 digits, 0.2 for 3.
        Technique::VwxyzWing => 6.2 + 0.1 * (2.0 - (3.0 - fullest).abs()),
        _ => 5.5 + 0.1 * (1.0 - (3.0 - fullest).abs()),
    };
    let rating = (rating * 10.0).round() / 10.0;
    let with = |d: Digit| -> Vec<Cell> { set.iter().copied().filter(|&c| ctx.has(c, d)).collect() };
    for &yz in ctx.bivalue_cells() {
        let pair = ctx.candidates(yz);
        if set.contains(&yz) || !pair.is_subset(union) {
            continue;
        }
        let restricted = |d: Digit| with(d).iter().all(|&c| c.sees(yz, s));
        let digits: Vec<Digit> = pair.iter().collect();
        let (a, b) = (digits[0], digits[1]);
        let mut pattern: Vec<Cell> = set.to_vec();
        pattern.push(yz);
        let elims_of = |d: Digit| {
            let mut sees = with(d);
            sees.push(yz);
            seeing_all(ctx, &sees, &pattern, d)
        };
        let mut steps: Vec<(Vec<Candidate>, Option<Digit>)> = Vec::new();
        match (restricted(a), restricted(b)) {
            (true, true) => {
                // Doubly linked: the five cells hold their digits once each.
                let mut out = elims_of(a);
                out.extend(elims_of(b));
                for d in union.iter().filter(|&d| d != a && d != b) {
                    out.extend(seeing_all(ctx, &with(d), &pattern, d));
                }
                out.sort();
                out.dedup();
                steps.push((out, None));
            }
            (true, false) => steps.push((elims_of(b), Some(b))),
            (false, true) => steps.push((elims_of(a), Some(a))),
            (false, false) => {}
        }
        for (elims, z) in steps {
            if elims.is_empty() {
                continue;
            }
            sink(Step {
                se_difficulty: Some(rating),
                technique,
                placements: vec![],
                eliminations: elims,
                evidence: Evidence::Wing {
                    digits: union,
                    pivot: Some(yz),
                    pincers: set.to_vec(),
                    z,
                    links: vec![],
                },
            })?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The almost locked sets of a house that the VWXYZ-Wing builds on (four cells; three
    /// too, as the finder takes any size) are every set of that many open cells holding one
    /// digit more, as a plain walk through every combination finds them: on the positions
    /// of the first 60 steps of a minimal 16x16 (cells of up to 16 candidates, sets with a
    /// cell of five).
    #[test]
    fn almost_locked_sets_are_every_combination() -> Result<(), Box<dyn std::error::Error>> {
        let grid = crate::logic::tests::large_testdata("minimal-16-11-6.txt")?;
        let path = crate::logic::tests::path_boards(&crate::logic::LogicSolver::new(), &grid, 59)?;
        let (mut sets, mut with_five) = (0, 0);
        for board in &path {
            let ctx = Context::new(board);
            for n in [3, 4] {
                for house in ctx.houses() {
                    let open: Vec<Cell> = (ctx.house_cells(house).iter().copied())
                        .filter(|&c| ctx.value(c).is_none() && ctx.candidates(c).len() >= 2)
                        .collect();
                    let mut plain = Vec::new();
                    for mask in 0u32..1 << open.len() {
                        if mask.count_ones() as usize != n {
                            continue;
                        }
                        let set: Vec<Cell> = (0..open.len())
                            .filter(|&i| mask >> i & 1 == 1)
                            .map(|i| open[i])
                            .collect();
                        let union =
                            (set.iter()).fold(DigitSet::EMPTY, |u, &c| u | ctx.candidates(c));
                        if union.len() == n + 1 {
                            plain.push((set, union));
                        }
                    }
                    plain.sort_by(|a, b| a.0.cmp(&b.0));
                    let found = als_sets(&ctx, house, n);
                    let mut sorted = found.clone();
                    sorted.sort_by(|a, b| a.0.cmp(&b.0));
                    assert_eq!(sorted, plain, "{house:?}, {n} cells");
                    sets += found.len();
                    with_five += found
                        .iter()
                        .filter(|(set, _)| set.iter().any(|&c| ctx.candidates(c).len() == 5))
                        .count();
                }
            }
        }
        assert!(
            sets >= 50 && with_five >= 5,
            "{sets} sets, {with_five} with a cell of five"
        );
        Ok(())
    }
}
