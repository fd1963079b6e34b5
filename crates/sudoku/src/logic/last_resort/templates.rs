//! Templates: HoDoKu's Template Set and Template Delete, the pattern overlay method.
//!
//! A *template* of digit `d` is one complete placement of `d`: one cell in every row,
//! column and box, covering every cell that already holds `d` and otherwise only cells
//! where `d` is a candidate. The solution's cells of `d` form one of them. So a cell that
//! every template of `d` uses must hold `d` (Template Set), and a candidate of `d` that
//! no template uses is false (Template Delete).
//!
//! The lists are refined across digits before they are read. In the solution, the
//! templates of two digits share no cell; so a template of `d` that overlaps every
//! template of some other digit `e` can't be the solution's and is dropped. Dropping
//! templates may leave others without a partner, so the rule is repeated until nothing
//! changes. (HoDoKu's documentation describes the single-digit rule only; its solver also
//! drops the templates of `d` that use a cell every template of another digit uses, the
//! special case of this rule that is checked first here because it is cheap. The full
//! rule finds about twice as many steps on top1465, for about twice the time.)
//!
//! The enumeration is a depth-first search over rows with bitsets: at each node the
//! remaining row with the fewest open columns is filled next (a row with none ends the
//! branch), a column is open when no earlier row took it and no template cell already
//! lies in its box. The position's steps come from one computation, cached in the
//! [`Context`] and shared by both techniques.
//!
//! Limits, so that a big or empty grid can't stall the solver: shapes up to 64x64; per
//! digit at most [`MAX_TEMPLATES`] templates (fewer on large shapes, see
//! [`MAX_WORDS`]) and [`MAX_NODES`] search nodes, beyond which the digit is skipped (no
//! steps for it, and it constrains no other); at most [`MAX_TESTS`] overlap tests in the
//! refinement, after which it stops where it is (every template dropped so far was proven
//! impossible, so what is left is still sound). A 9x9 digit has at most 46,656
//! templates and never meets a limit.
//!
//! The techniques belong to the Last Resort family, as in HoDoKu, but live apart from
//! the brute force in `last_resort`: they never search for the solution.
//!
//! Depends on the context, the step model and the grid's index types.

use crate::index::{Candidate, Cell, Digit};
use crate::logic::registry::Sink;
use crate::logic::step::{Evidence, Step};
use crate::logic::technique::Technique;
use crate::logic::Context;
use std::ops::ControlFlow;

/// Templates kept per digit at most; a digit with more is skipped.
pub(crate) const MAX_TEMPLATES: usize = 100_000;
/// Words (64 cells each) of template storage over all digits: on large shapes the cap per
/// digit is `MAX_WORDS / (side * words per template)` when that is below
/// [`MAX_TEMPLATES`] (16,777 templates per digit on 25x25), to bound memory.
pub(crate) const MAX_WORDS: usize = 1 << 22;
/// Search nodes per digit at most; a digit that needs more is skipped.
pub(crate) const MAX_NODES: usize = 4_000_000;
/// Overlap tests in the cross-digit refinement at most.
pub(crate) const MAX_TESTS: usize = 20_000_000;

/// What the templates of one position say, per digit.
pub(crate) struct Tables {
    /// Per digit: its templates after refinement, or `None` when it was skipped.
    digits: Vec<Option<Summary>>,
    /// False when some digit has no template left: the position has no solution, and no
    /// step is given.
    consistent: bool,
}

/// The templates of one digit, summarised.
struct Summary {
    /// How many templates are left.
    count: usize,
    /// The cells every template uses (bitset over cells).
    all: Vec<u64>,
    /// The cells some template uses.
    any: Vec<u64>,
}

/// A template: a bitset over the cells, `W` words (the smallest of 1, 2, 4, 10, 64 that
/// holds the shape's cells, so that 9x9 tests overlap with two ANDs).
type Tpl<const W: usize> = [u64; W];

#[inline]
fn disjoint<const W: usize>(a: &Tpl<W>, b: &Tpl<W>) -> bool {
    (0..W).all(|w| a[w] & b[w] == 0)
}

#[inline]
fn bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 == 1
}

/// The depth-first enumeration of one digit's templates.
struct Enumerator<const W: usize> {
    n: usize,
    box_rows: usize,
    box_cols: usize,
    /// Per row: the columns where the digit may go.
    allowed: Vec<u64>,
    /// Per box column (`c / box_cols`): the mask of its columns.
    stack_mask: Vec<u64>,
    /// The cells chosen so far.
    current: Tpl<W>,
    /// The templates found.
    out: Vec<Tpl<W>>,
    cap: usize,
    nodes: usize,
    /// Set when a limit was met: the list is incomplete.
    over: bool,
}

impl<const W: usize> Enumerator<W> {
    /// Fills the rows of `left` (a row bitset); `band_closed[b]` holds the columns closed in
    /// band `b` by the boxes its chosen cells lie in.
    fn dfs(&mut self, left: u64, used: u64, band_closed: &mut [u64]) {
        if left == 0 {
            if self.out.len() == self.cap {
                self.over = true;
            } else {
                self.out.push(self.current);
            }
            return;
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            self.over = true;
            return;
        }
        // The remaining row with the fewest open columns; none open ends the branch.
        let (mut best, mut best_open, mut best_len) = (0, 0u64, u32::MAX);
        let mut rows = left;
        while rows != 0 {
            let r = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let open = self.allowed[r] & !used & !band_closed[r / self.box_rows];
            let len = open.count_ones();
            if len == 0 {
                return;
            }
            if len < best_len {
                (best, best_open, best_len) = (r, open, len);
            }
        }
        let band = best / self.box_rows;
        let saved = band_closed[band];
        let mut open = best_open;
        while open != 0 {
            let c = open.trailing_zeros() as usize;
            open &= open - 1;
            let cell = best * self.n + c;
            self.current[cell / 64] |= 1 << (cell % 64);
            band_closed[band] = saved | self.stack_mask[c / self.box_cols];
            self.dfs(left & !(1 << best), used | 1 << c, band_closed);
            self.current[cell / 64] &= !(1 << (cell % 64));
            if self.over {
                break;
            }
        }
        band_closed[band] = saved;
    }
}

/// Every template of `digit` in the position, or `None` when a limit was met.
fn enumerate<const W: usize>(ctx: &Context<'_>, digit: Digit, cap: usize) -> Option<Vec<Tpl<W>>> {
    let shape = ctx.shape();
    let n = shape.side();
    let allowed: Vec<u64> = (0..n)
        .map(|r| {
            (0..n).fold(0u64, |m, c| {
                let cell = Cell::new(r * n + c);
                let ok = match ctx.value(cell) {
                    Some(v) => v == digit,
                    None => ctx.has(cell, digit),
                };
                if ok {
                    m | 1 << c
                } else {
                    m
                }
            })
        })
        .collect();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let mut e = Enumerator::<W> {
        n,
        box_rows: br,
        box_cols: bc,
        allowed,
        stack_mask: (0..n / bc)
            .map(|s| (u64::MAX >> (64 - bc)) << (s * bc))
            .collect(),
        current: [0; W],
        out: Vec::new(),
        cap,
        nodes: 0,
        over: false,
    };
    let all_rows = u64::MAX >> (64 - n);
    let mut band_closed = vec![0u64; n / br];
    e.dfs(all_rows, 0, &mut band_closed);
    (!e.over).then_some(e.out)
}

/// Drops, until nothing changes, every template of a digit that overlaps every template
/// of another digit. Returns false when a digit is left without templates. Stops early
/// (keeping what is left) after [`MAX_TESTS`] overlap tests.
fn refine<const W: usize>(lists: &mut [Option<Vec<Tpl<W>>>]) -> bool {
    let active: Vec<usize> = (0..lists.len()).filter(|&d| lists[d].is_some()).collect();
    let nd = lists.len();
    // A list's version goes up when it shrinks; `checked[d * nd + e]` is the version of
    // `e` against which every template of `d` last found a partner.
    let mut version = vec![0u32; nd];
    let mut checked = vec![u32::MAX; nd * nd];
    let mut tests = 0usize;
    loop {
        let mut changed = false;
        // The cheap rule first: a template using a cell that every template of another
        // digit uses.
        let must: Vec<Tpl<W>> = lists
            .iter()
            .map(|l| match l {
                Some(l) => l.iter().fold([u64::MAX; W], |mut m, t| {
                    (0..W).for_each(|w| m[w] &= t[w]);
                    m
                }),
                None => [0; W],
            })
            .collect();
        for &d in &active {
            let list = lists[d].as_mut().expect("active");
            let before = list.len();
            list.retain(|t| active.iter().all(|&e| e == d || disjoint(t, &must[e])));
            if list.is_empty() {
                return false;
            }
            if list.len() < before {
                version[d] += 1;
                changed = true;
            }
        }
        // The pairwise rule.
        for &d in &active {
            for &e in &active {
                if e == d || checked[d * nd + e] == version[e] {
                    continue;
                }
                let (ld, le) = two_lists(lists, d, e);
                let m = le.len();
                let before = ld.len();
                let mut hint = 0;
                let mut out_of_budget = false;
                ld.retain(|t| {
                    if out_of_budget {
                        return true;
                    }
                    // From the last partner found on, wrapping round.
                    let found = le[hint..]
                        .iter()
                        .chain(&le[..hint])
                        .position(|u| disjoint(t, u));
                    if let Some(k) = found {
                        tests += k + 1;
                        hint = (hint + k) % m;
                        return true;
                    }
                    tests += m;
                    if tests > MAX_TESTS {
                        // Unproven: keep it, and stop refining.
                        out_of_budget = true;
                        return true;
                    }
                    false
                });
                if ld.is_empty() {
                    return false;
                }
                if ld.len() < before {
                    version[d] += 1;
                    changed = true;
                }
                if out_of_budget || tests > MAX_TESTS {
                    return true;
                }
                checked[d * nd + e] = version[e];
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The lists of `d` (mutable) and `e`, both present.
fn two_lists<T>(lists: &mut [Option<Vec<T>>], d: usize, e: usize) -> (&mut Vec<T>, &Vec<T>) {
    let (ld, le) = if d < e {
        let (a, b) = lists.split_at_mut(e);
        (&mut a[d], &b[0])
    } else {
        let (a, b) = lists.split_at_mut(d);
        (&mut b[0], &a[e])
    };
    (ld.as_mut().expect("active"), le.as_ref().expect("active"))
}

impl Tables {
    /// The templates of the position of `ctx`, refined.
    pub(crate) fn new(ctx: &Context<'_>) -> Tables {
        let shape = ctx.shape();
        if shape.side() > 64 {
            return Tables {
                digits: (0..shape.side()).map(|_| None).collect(),
                consistent: true,
            };
        }
        match shape.cell_count().div_ceil(64) {
            1 => Tables::with::<1>(ctx),
            2 => Tables::with::<2>(ctx),
            3..=4 => Tables::with::<4>(ctx),
            5..=10 => Tables::with::<10>(ctx),
            _ => Tables::with::<64>(ctx),
        }
    }

    fn with<const W: usize>(ctx: &Context<'_>) -> Tables {
        let shape = ctx.shape();
        let n = shape.side();
        let cap = MAX_TEMPLATES.min(MAX_WORDS / (n * W));
        let mut lists: Vec<Option<Vec<Tpl<W>>>> = Digit::all(shape)
            .map(|d| enumerate::<W>(ctx, d, cap))
            .collect();
        let consistent = !lists.iter().flatten().any(Vec::is_empty) && refine(&mut lists);
        let digits = lists
            .iter()
            .map(|l| {
                l.as_ref().map(|l| {
                    let mut all = vec![u64::MAX; W];
                    let mut any = vec![0; W];
                    for t in l {
                        for w in 0..W {
                            all[w] &= t[w];
                            any[w] |= t[w];
                        }
                    }
                    Summary {
                        count: l.len(),
                        all,
                        any,
                    }
                })
            })
            .collect();
        Tables { digits, consistent }
    }

    /// How many templates `digit` has left (after refinement), or `None` when it was
    /// skipped or the position has no solution.
    #[cfg(test)]
    pub(crate) fn count(&self, digit: Digit) -> Option<usize> {
        if !self.consistent {
            return None;
        }
        self.digits[digit.index()].as_ref().map(|s| s.count)
    }
}

/// The finder: one step per digit, Template Set placing the digit in every empty cell all
/// its templates use, Template Delete removing it from every cell none uses.
pub(crate) fn find(
    ctx: &Context<'_>,
    technique: Technique,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    if !matches!(
        technique,
        Technique::TemplateSet | Technique::TemplateDelete
    ) {
        return ControlFlow::Continue(());
    }
    let tables = ctx.template_tables();
    if !tables.consistent {
        return ControlFlow::Continue(());
    }
    let shape = ctx.shape();
    for digit in Digit::all(shape) {
        let Some(s) = &tables.digits[digit.index()] else {
            continue;
        };
        let mut step = Step::new(
            technique,
            Evidence::Template {
                digit,
                templates: s.count,
            },
        );
        for cell in Cell::all(shape) {
            if ctx.value(cell).is_some() || !ctx.has(cell, digit) {
                continue;
            }
            let i = cell.index();
            match technique {
                Technique::TemplateSet if bit(&s.all, i) => {
                    step.placements.push(Candidate::new(cell, digit));
                }
                Technique::TemplateDelete if !bit(&s.any, i) => {
                    step.eliminations.push(Candidate::new(cell, digit));
                }
                _ => {}
            }
        }
        if !step.placements.is_empty() || !step.eliminations.is_empty() {
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Board, Grid};

    #[test]
    fn empty_nine_has_46656_templates_per_digit() {
        let g = Grid::empty(crate::shape::Shape::NINE);
        let b = Board::new(&g);
        let ctx = Context::new(&b);
        let t = Tables::new(&ctx);
        for d in Digit::all(ctx.shape()) {
            assert_eq!(t.count(d), Some(46_656));
        }
    }

    #[test]
    fn small_shapes_count_and_skip() {
        // Empty 4x4 (16 templates), 6x6 and 8x8 (2x3, 2x4 boxes; 3x2 transposed):
        // counted again by trying every permutation of columns.
        for (br, bc) in [(2, 2), (2, 3), (3, 2), (2, 4)] {
            let s = crate::shape::Shape::new(br, bc).unwrap();
            let g = Grid::empty(s);
            let b = Board::new(&g);
            let ctx = Context::new(&b);
            let t = Tables::new(&ctx);
            assert_eq!(t.count(Digit::new(1)), Some(brute_count(s)), "{br}x{bc}");
        }
        // 16x16 empty: far more than the cap, so every digit is skipped.
        let g = Grid::empty(crate::shape::Shape::new(4, 4).unwrap());
        let b = Board::new(&g);
        let ctx = Context::new(&b);
        let t = Tables::new(&ctx);
        assert_eq!(t.count(Digit::new(1)), None);
    }

    /// Templates on an empty grid of `s`, by trying every permutation of columns.
    fn brute_count(s: crate::shape::Shape) -> usize {
        fn go(s: crate::shape::Shape, r: usize, cols: &mut Vec<usize>) -> usize {
            let n = s.side();
            if r == n {
                return 1;
            }
            let mut total = 0;
            for c in 0..n {
                let clash = cols.iter().enumerate().any(|(r2, &c2)| {
                    c2 == c
                        || (r2 / s.box_rows() == r / s.box_rows()
                            && c2 / s.box_cols() == c / s.box_cols())
                });
                if !clash {
                    cols.push(c);
                    total += go(s, r + 1, cols);
                    cols.pop();
                }
            }
            total
        }
        go(s, 0, &mut Vec::new())
    }
}
