//! Sue de Coq, with the extensions HoDoKu finds.
//!
//! Take 2 or 3 empty cells `C` where a line crosses a box, holding the digits `V` with
//! `|V| ≥ |C| + 2`. Add cells `A` of the line (outside `C`) and cells `B` of the box (outside
//! `C` and `A`) such that `B` holds none of the digits of `V` that `A` holds, both hold some
//! digit of `V`, and the cells number exactly the digits counted this way: `|C| + |A| +
//! |B| = |V| + |A's digits outside V| + |B's digits outside V|` (a digit outside `V` held by
//! both `A` and `B` counts twice). Each digit can then go at most once in the pattern (twice
//! for those shared extra digits: once in the line, once in the box), and the pattern has
//! exactly as many cells as those places, so every digit takes its places there: the line's
//! digits (of `V` not held by `B`, of `A`, and the shared extras) leave the rest of the line,
//! the box's digits (of `V` not held by `A`, of `B`, and the shared extras) leave the rest of
//! the box.
//!
//! The search runs in HoDoKu's order (rows then columns, boxes, cell subsets depth first),
//! so that the first step is HoDoKu's.
//!
//! Runs on grids up to 32x32 (cell sets from [`crate::logic::cellbits`]). Past 9x9 the line
//! and box parts hold at most [`BIG_GRID_PART_MAX`] cells each, and the search gives up at
//! the path's deadline: a line of a 25x25 grid has up to 23 cells besides the core, and all
//! their subsets, for each of thousands of cores, took a single step search past 20 s.
//!
//! Depends on the context, the step model and the grid's index types.

use crate::index::{Block, Candidate, Cell, Col, Digit, House, Row};
use crate::logic::cellbits::{with_cell_bits, CellBits};
use crate::logic::step::{AlsSet, Evidence, Step};
use crate::logic::technique::Technique;
use crate::logic::Context;
use std::ops::ControlFlow;

/// The most cells of a line or box part past 9x9 (on 9x9 HoDoKu's search runs unbounded,
/// at most 7 cells each). A 25x25 step search that took over 20 s takes under a second.
const BIG_GRID_PART_MAX: usize = 3;

/// Parts tried between two looks at the deadline.
const DEADLINE_EVERY: u32 = 1 << 12;

/// The techniques of this family file.
struct Search<'a, B> {
    ctx: &'a Context<'a>,
    /// The most cells of a line or box part.
    part_max: usize,
    /// Parts tried since the deadline was last looked at.
    tried: std::cell::Cell<u32>,
    cand: Vec<u32>,
    line: B,
    block: B,
    c_cells: B,
    v: u32,
}

impl<B: CellBits> Search<'_, B> {
    fn house_bits(&self, h: House) -> B {
        self.ctx
            .house_cells(h)
            .iter()
            .filter(|&c| self.cand[c.index()] != 0)
            .fold(B::ZERO, |b, c| b | B::bit(c.index()))
    }

    /// Counts a part tried; true once the deadline has passed (looked at now and then).
    fn out_of_time(&self) -> bool {
        let t = self.tried.get().wrapping_add(1);
        self.tried.set(t);
        t.is_multiple_of(DEADLINE_EVERY) && self.ctx.past_deadline()
    }

    fn digits_of(&self, cells: B) -> u32 {
        cells.ones().fold(0, |m, c| m | self.cand[c])
    }

    /// The line part `A`, depth first over `source` from `from`; each viable `A` is tried
    /// with the box parts of `boxes` (see [`box_parts`]).
    #[allow(clippy::too_many_arguments)]
    fn line_part(
        &self,
        source: &[usize],
        from: usize,
        (a, size_a): (B, usize),
        va: u32,
        n_plus: usize,
        boxes: &[Vec<BoxPart<B>>],
        sink: &mut crate::logic::Sink<'_>,
    ) -> ControlFlow<()> {
        for k in from..source.len() {
            if self.out_of_time() {
                return ControlFlow::Break(());
            }
            let c = source[k];
            // The cells come in increasing order: `c` is not in `a` yet.
            let (a2, size) = (a.with(c), size_a + 1);
            let va2 = va | self.cand[c];
            let extra = (va2 & !self.v).count_ones() as usize;
            if va2 & self.v != 0 && size > extra && size - extra < n_plus {
                let rest = n_plus - (size - extra);
                let banned = va2 & self.v;
                for bp in boxes.get(rest).map_or(&[][..], |v| &v[..]) {
                    if (bp.cells & a2).is_zero() && bp.digits & banned == 0 && bp.need <= rest {
                        if let Some(step) = self.step(a2, va2, bp.cells, bp.digits) {
                            sink(step)?;
                        }
                    }
                }
            }
            if size < self.part_max {
                self.line_part(source, k + 1, (a2, size), va2, n_plus, boxes, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn step(&self, a: B, va: u32, b: B, vb: u32) -> Option<Step> {
        let shared = va & vb & !self.v;
        let line_digits = ((self.v | va) & !vb) | shared;
        let box_digits = ((self.v | vb) & !va) | shared;
        let mut elims = Vec::new();
        for (region, digits) in [
            (self.line & !self.c_cells & !a, line_digits),
            (self.block & !self.c_cells & !b, box_digits),
        ] {
            for c in region.ones() {
                let hit = self.cand[c] & digits;
                for d in 0..32 {
                    if hit >> d & 1 == 1 {
                        elims.push(Candidate::new(Cell::new(c), Digit::from_index(d)));
                    }
                }
            }
        }
        if elims.is_empty() {
            return None;
        }
        elims.sort_by_key(|e| (e.digit, e.cell));
        elims.dedup();
        let set = |cells: B, d: u32| AlsSet {
            cells: cells.ones().map(Cell::new).collect(),
            digits: (0..32)
                .filter(|i| d >> i & 1 == 1)
                .map(Digit::from_index)
                .collect(),
        };
        let core = set(self.c_cells, self.v);
        let mut step = Step::new(
            Technique::SueDeCoq,
            Evidence::SueDeCoq {
                cells: core.cells,
                digits: core.digits,
                line: set(a, va),
                block: set(b, vb),
            },
        );
        step.eliminations = elims;
        Some(step)
    }
}

/// The finder.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut crate::logic::Sink<'_>,
) -> ControlFlow<()> {
    let shape = ctx.shape();
    if technique != Technique::SueDeCoq || ctx.side() > 32 {
        return ControlFlow::Continue(());
    }
    with_cell_bits!(shape.cell_count(), ControlFlow::Continue(()), |B| {
        find_with::<B>(ctx, sink)
    })
}

/// The finder over cell sets of type `B`.
fn find_with<B: CellBits>(ctx: &Context<'_>, sink: &mut crate::logic::Sink<'_>) -> ControlFlow<()> {
    let shape = ctx.shape();
    let n = ctx.side();
    let cand: Vec<u32> = Cell::all(shape)
        .map(|c| {
            if ctx.value(c).is_some() {
                0
            } else {
                ctx.candidates(c).iter().fold(0, |m, d| m | 1 << d.index())
            }
        })
        .collect();
    let mut s = Search {
        ctx,
        part_max: if n > 9 { BIG_GRID_PART_MAX } else { usize::MAX },
        tried: std::cell::Cell::new(0),
        cand,
        line: B::ZERO,
        block: B::ZERO,
        c_cells: B::ZERO,
        v: 0,
    };
    let lines = (0..n)
        .map(|i| House::Row(Row::new(i)))
        .chain((0..n).map(|i| House::Col(Col::new(i))));
    for line in lines {
        s.line = s.house_bits(line);
        for bi in 0..n {
            s.block = s.house_bits(House::Block(Block::new(bi)));
            let inter: Vec<usize> = (s.line & s.block).ones().collect();
            if inter.len() < 2 {
                continue;
            }
            for i1 in 0..inter.len() {
                for i2 in i1 + 1..inter.len() {
                    let pair = B::bit(inter[i1]) | B::bit(inter[i2]);
                    try_core(&mut s, pair, sink)?;
                    for &c3 in &inter[i2 + 1..] {
                        try_core(&mut s, pair | B::bit(c3), sink)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn try_core<B: CellBits>(
    s: &mut Search<'_, B>,
    core: B,
    sink: &mut crate::logic::Sink<'_>,
) -> ControlFlow<()> {
    let v = s.digits_of(core);
    let size = core.count() as usize;
    let vn = v.count_ones() as usize;
    if vn < size + 2 {
        return ControlFlow::Continue(());
    }
    s.c_cells = core;
    s.v = v;
    let source: Vec<usize> = (s.line & !core).ones().collect();
    let box_source: Vec<usize> = (s.block & !core).ones().collect();
    if source.is_empty() || box_source.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut boxes: Vec<Vec<BoxPart<B>>> = vec![Vec::new(); vn - size + 1];
    box_parts(s, &box_source, 0, (B::ZERO, 0), 0, 0, &mut boxes);
    s.line_part(&source, 0, (B::ZERO, 0), 0, vn - size, &boxes, sink)
}

/// A candidate box part `B`: its cells and digits, and the largest `size - extra` over
/// the sets on its depth-first path (HoDoKu stops descending past the needed count).
#[derive(Clone, Copy)]
struct BoxPart<B> {
    cells: B,
    digits: u32,
    need: usize,
}

/// Every box part over `source`, depth first, filed by `size - extra` (the number of the
/// core's spare digits it takes), keeping only those holding a core digit.
fn box_parts<B: CellBits>(
    s: &Search<'_, B>,
    source: &[usize],
    from: usize,
    (b, size_b): (B, usize),
    vb: u32,
    need: usize,
    out: &mut Vec<Vec<BoxPart<B>>>,
) {
    for k in from..source.len() {
        let c = source[k];
        // The cells come in increasing order: `c` is not in `b` yet.
        let (b2, size) = (b.with(c), size_b + 1);
        let vb2 = vb | s.cand[c];
        let extra = (vb2 & !s.v).count_ones() as usize;
        if vb2 & s.v != 0 && size >= extra && size - extra < out.len() {
            out[size - extra].push(BoxPart {
                cells: b2,
                digits: vb2,
                need,
            });
        }
        let key = size as isize - extra as isize;
        if key < out.len() as isize && size < s.part_max {
            box_parts(
                s,
                source,
                k + 1,
                (b2, size),
                vb2,
                need.max(key.max(0) as usize),
                out,
            );
        }
    }
}
