//! [`Context`]: the derived data of one board position that several finders need (where
//! each digit may go in each house, which digits each house already holds, the cells of
//! each house, the bivalue cells), computed once per position and only when first asked.
//!
//! A context borrows the board and never changes it. The driver builds a fresh one after
//! every step; building one costs nothing until a finder asks for a table. It is also the
//! step's search context: what finders note about the position while the driver tries them
//! (steps found ahead, which SE producers ran), and the SE producers' state along the path.
//!
//! Depends on the grid model only.

use super::geometry::Geometry;
use crate::grid::Board;
use crate::index::{Cell, Digit, House};
use crate::set::{DigitSet, PosSet};
use crate::shape::Shape;
use std::cell::{OnceCell, RefCell};
use std::sync::Arc;

/// The shared, lazily computed view of one position.
pub struct Context<'a> {
    board: &'a Board,
    shape: Shape,
    n: usize,
    geometry: OnceCell<Arc<Geometry>>,
    positions: OnceCell<Vec<PosSet>>,
    placed: OnceCell<Vec<DigitSet>>,
    few_places: OnceCell<Vec<DigitSet>>,
    /// The tables kept by the driver, when it keeps them ([`Self::with_tables`]). A plain
    /// borrow beside the cells keeps `Context` covariant in `'a`.
    kept: Option<Kept<'a>>,
    bivalue: OnceCell<Vec<Cell>>,
    strong: OnceCell<Vec<Vec<(House, Cell, Cell)>>>,
    als: OnceCell<Option<super::als::AnyTables>>,
    graph: OnceCell<super::chains::Graph>,
    templates: OnceCell<super::last_resort::templates::Tables>,
    group_graph: OnceCell<super::chains::GroupGraph>,
    unique_loops: OnceCell<Vec<super::uniqueness::Loop>>,
    /// Steps of techniques found ahead of their turn by another technique's complete
    /// search of this position (finned fish find the sashimi ones, a nice-loop search the
    /// AICs), each list in the order its own finder would give it.
    found_ahead: RefCell<Vec<(super::Technique, Vec<super::Step>)>>,
    /// Whether uniqueness rectangles may have corners that lost one of the two digits
    /// (HoDoKu allows it; Sudoku Explainer does not).
    missing_candidates: bool,
    /// The state SE's chaining producers keep along a solve path (the driver's), if the
    /// position belongs to one ([`Self::with_se_search`]).
    se_path: Option<&'a super::se_chains::Search>,
    /// This position's own SE state, made on first use when it belongs to no path.
    se_own: OnceCell<super::se_chains::Search>,
    /// The SE producers that already ran on this position (a bit per
    /// [`super::ExplainerProducer`]): each runs once, for all the techniques that name it.
    producers_run: std::cell::Cell<u32>,
    /// What changed since each technique last found nothing on this path, when the
    /// driver keeps that ([`Self::with_changes`]).
    changes: Option<Changes<'a>>,
    /// Threads a finder may run at once ([`Self::with_threads`]).
    threads: usize,
}

/// What the driver knows of the path up to this position: the step at which each digit
/// last lost a candidate (overall, and in each house), and each cell, and the step at
/// which each technique last ran without a result. A finder whose result depends on one
/// digit's candidates alone (locked candidates, their direct forms) skips a digit that has
/// lost none since then, a pattern whose houses have not, and one whose cells have not:
/// its scan would find nothing again.
#[derive(Clone, Copy)]
pub(crate) struct Changes<'a> {
    /// Where the path's candidates last changed ([`Changed`]).
    pub changed: Changed<'a>,
    /// By technique (`Technique as usize`): the step after which it last found nothing.
    pub quiet_since: &'a [Option<u32>],
}

/// The step (counted from 1 along the path) at which candidates last left each digit,
/// house-digit and cell; 0 for none since the start.
#[derive(Clone, Copy)]
pub(crate) struct Changed<'a> {
    /// By digit index.
    pub digits: &'a [u32],
    /// By digit and house, laid out as the position table.
    pub places: &'a [u32],
    /// By cell index (a cell filled loses every candidate).
    pub cells: &'a [u32],
    /// By cell index, only when the cell was left with [`FEW_CANDIDATES`] or fewer: what
    /// a finder that reads its cells' candidate counts up to that many (the excluders of
    /// aligned exclusion, a peer with one) needs to know of them.
    pub few: &'a [u32],
}

/// A cell's candidate count up to this many is tracked in [`Changed::few`].
pub(crate) const FEW_CANDIDATES: usize = 3;

impl<'a> Context<'a> {
    /// The context of `board`. Cheap: tables are built on first use.
    pub fn new(board: &'a Board) -> Context<'a> {
        let shape = board.shape();
        Context {
            board,
            shape,
            n: shape.side(),
            geometry: OnceCell::new(),
            positions: OnceCell::new(),
            few_places: OnceCell::new(),
            kept: None,
            placed: OnceCell::new(),
            bivalue: OnceCell::new(),
            strong: OnceCell::new(),
            als: OnceCell::new(),
            graph: OnceCell::new(),
            templates: OnceCell::new(),
            group_graph: OnceCell::new(),
            unique_loops: OnceCell::new(),
            found_ahead: RefCell::new(Vec::new()),
            missing_candidates: false,
            se_path: None,
            se_own: OnceCell::new(),
            producers_run: std::cell::Cell::new(0),
            changes: None,
            threads: 1,
        }
    }

    /// The same context, its finders allowed `threads` threads at once (at least one; by
    /// default one). Only the nested forcing chains' sweep past 9x9 uses more.
    pub(crate) fn with_threads(mut self, threads: usize) -> Context<'a> {
        self.threads = threads.max(1);
        self
    }

    /// Threads a finder may run at once.
    pub(crate) fn threads(&self) -> usize {
        self.threads
    }

    /// The same context, on a solve path whose SE producer state is `search` (their
    /// caches and the deadline they watch carry over from step to step).
    pub(crate) fn with_se_search(mut self, search: &'a super::se_chains::Search) -> Context<'a> {
        self.se_path = Some(search);
        self
    }

    /// The same context, with tables of this board kept up to date elsewhere (the
    /// driver's `singles_any`) instead of built from the board at first use.
    pub(crate) fn with_tables(mut self, kept: Kept<'a>) -> Context<'a> {
        let hc = self.shape.house_count();
        debug_assert_eq!(kept.positions.len(), self.n * hc);
        debug_assert_eq!(kept.placed.len(), hc);
        debug_assert_eq!(kept.few_places.len(), hc * (FEW + 1));
        self.kept = Some(kept);
        self
    }

    /// The same context, with what changed along its path (see [`Changes`]).
    pub(crate) fn with_changes(mut self, changes: Changes<'a>) -> Context<'a> {
        self.changes = Some(changes);
        self
    }

    /// Whether `digit` has lost no candidate since `technique` last ran here without a
    /// result: a scan of that digit alone would find nothing again.
    pub(crate) fn digit_quiet(&self, technique: super::Technique, digit: Digit) -> bool {
        self.changes.is_some_and(|c| {
            c.quiet_since[technique as usize].is_some_and(|q| c.changed.digits[digit.index()] <= q)
        })
    }

    /// The digits not quiet for every one of `techniques` ([`Self::digit_quiet`]), in
    /// order: what a finder of one-digit patterns (fish, kites, locked candidates)
    /// searches. Several techniques when a finder's steps also stand for another's (a
    /// finned fish hands on its sashimi ones).
    pub(crate) fn live_digits<'c>(
        &'c self,
        techniques: &'c [super::Technique],
    ) -> impl Iterator<Item = Digit> + 'c {
        Digit::all(self.shape).filter(move |&d| !techniques.iter().all(|&t| self.digit_quiet(t, d)))
    }

    /// Whether the places of `digit` in `house` are as they were when `technique` last ran
    /// here without a result.
    pub(crate) fn places_quiet(
        &self,
        technique: super::Technique,
        digit: Digit,
        house: House,
    ) -> bool {
        self.changes.is_some_and(|c| {
            c.quiet_since[technique as usize].is_some_and(|q| {
                let at = digit.index() * self.shape.house_count() + house.index(self.shape);
                c.changed.places[at] <= q
            })
        })
    }

    /// The cells that lost a candidate since `technique` last ran here without a result
    /// (`cells`), and those of them left with [`FEW_CANDIDATES`] or fewer (`few`), as
    /// `f(cell, few)` for each; `false` (and no call) when the driver keeps no changes or
    /// the technique has not run quiet on this path: then every cell counts as changed.
    pub(crate) fn cells_changed(
        &self,
        technique: super::Technique,
        mut f: impl FnMut(usize, bool),
    ) -> bool {
        let Some(c) = self.changes else {
            return false;
        };
        let Some(q) = c.quiet_since[technique as usize] else {
            return false;
        };
        for (cell, (&at, &few)) in c.changed.cells.iter().zip(c.changed.few).enumerate() {
            if at > q {
                f(cell, few > q);
            }
        }
        true
    }

    /// The SE producers' state: the path's, or this position's own.
    pub(crate) fn se_search(&self) -> &super::se_chains::Search {
        self.se_path.unwrap_or_else(|| {
            self.se_own
                .get_or_init(|| super::se_chains::Search::new(crate::Stop::never()))
        })
    }

    /// Whether the path's deadline has passed (never without one): a finder that can run
    /// for seconds on a big grid looks now and then and gives up, and the driver takes no
    /// step found after it.
    pub(crate) fn past_deadline(&self) -> bool {
        self.se_search().past_deadline()
    }

    /// Records that `producer` runs on this position now; false when it already has.
    pub(crate) fn first_run_of(&self, producer: super::ExplainerProducer) -> bool {
        let bit = 1 << producer as u32;
        let run = self.producers_run.get();
        self.producers_run.set(run | bit);
        run & bit == 0
    }

    /// The same context, with uniqueness rectangles allowed to have corners that lost one
    /// of their two digits to earlier steps (HoDoKu's rule) or not (Sudoku Explainer's).
    pub fn with_missing_candidates(mut self, allow: bool) -> Context<'a> {
        self.missing_candidates = allow;
        self
    }

    /// See [`Self::with_missing_candidates`].
    pub(crate) fn missing_candidates(&self) -> bool {
        self.missing_candidates
    }
    /// The board.
    #[inline]
    pub fn board(&self) -> &'a Board {
        self.board
    }
    /// The shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The side `n` (digits, houses of each kind, cells of a house).
    #[inline]
    pub fn side(&self) -> usize {
        self.n
    }
    /// The candidates of `cell` (empty when it is filled).
    #[inline]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.board.candidates(cell)
    }
    /// The digit in `cell`, if filled.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.board.value(cell)
    }
    /// Every house of the shape: rows, columns, boxes.
    pub fn houses(&self) -> impl Iterator<Item = House> + Clone {
        House::all(self.shape)
    }

    /// The shape's geometry (shared by every position of the shape).
    pub(crate) fn geometry(&self) -> &Arc<Geometry> {
        self.geometry.get_or_init(|| Geometry::of(self.shape))
    }

    /// The cells of `house`, in position order (`house_cells(h)[p]` is at position `p`).
    #[inline]
    pub fn house_cells(&self, house: House) -> &[Cell] {
        self.geometry().house_cells(house.index(self.shape))
    }
    /// The cell at position `pos` of `house`.
    #[inline]
    pub fn cell(&self, house: House, pos: usize) -> Cell {
        self.house_cells(house)[pos]
    }

    fn position_table(&self) -> &[PosSet] {
        match self.kept {
            Some(k) => k.positions,
            None => self.positions.get_or_init(|| position_table(self.board)),
        }
    }

    /// The digits with exactly `count` places left in `house` (`count` at most [`FEW`];
    /// placed digits have none): what subset finders start from, without looking at
    /// every digit of every house.
    pub(crate) fn digits_with_places(&self, house: House, count: usize) -> DigitSet {
        debug_assert!(count <= FEW);
        let t = match self.kept {
            Some(k) => k.few_places,
            None => self
                .few_places
                .get_or_init(|| few_places_table(self.position_table(), self.shape.house_count())),
        };
        t[house.index(self.shape) * (FEW + 1) + count]
    }

    /// The positions in `house` where `digit` is still a candidate.
    #[inline]
    pub fn positions(&self, digit: Digit, house: House) -> PosSet {
        let hc = self.shape.house_count();
        self.position_table()[digit.index() * hc + house.index(self.shape)]
    }

    /// The cells of `house` where `digit` is still a candidate.
    pub fn cells_with(&self, digit: Digit, house: House) -> impl Iterator<Item = Cell> + '_ {
        let cells = self.house_cells(house);
        self.positions(digit, house)
            .into_iter()
            .map(move |p| cells[p])
    }

    /// The digits already placed (given or solved) in `house`.
    #[inline]
    pub fn placed(&self, house: House) -> DigitSet {
        if let Some(k) = self.kept {
            return k.placed[house.index(self.shape)];
        }
        let t = self.placed.get_or_init(|| {
            let geometry = self.geometry();
            (0..self.shape.house_count())
                .map(|hi| {
                    geometry
                        .house_cells(hi)
                        .iter()
                        .filter_map(|&c| self.board.value(c))
                        .collect()
                })
                .collect()
        });
        t[house.index(self.shape)]
    }

    /// The empty cells with exactly two candidates, in cell order.
    pub fn bivalue_cells(&self) -> &[Cell] {
        self.bivalue.get_or_init(|| {
            Cell::all(self.shape)
                .filter(|&c| self.board.value(c).is_none() && self.board.candidates(c).len() == 2)
                .collect()
        })
    }

    /// The strong links on `digit`: the houses where it has exactly two places, with those
    /// two cells (in house order), houses in [`House::all`] order.
    pub fn strong_links(&self, digit: Digit) -> &[(House, Cell, Cell)] {
        let t = self.strong.get_or_init(|| {
            Digit::all(self.shape)
                .map(|d| {
                    self.houses()
                        .filter(|&h| self.positions(d, h).len() == 2)
                        .map(|h| {
                            let mut it = self.cells_with(d, h);
                            (h, it.next().unwrap(), it.next().unwrap())
                        })
                        .collect()
                })
                .collect()
        });
        &t[digit.index()]
    }

    /// The almost locked sets of this position (shared by the ALS techniques).
    pub(crate) fn als_tables(
        &self,
        build: impl FnOnce() -> Option<super::als::AnyTables>,
    ) -> Option<&super::als::AnyTables> {
        self.als.get_or_init(build).as_ref()
    }

    /// The candidate graph of this position (shared by the chain techniques).
    pub(crate) fn chain_graph(&self) -> &super::chains::Graph {
        self.graph.get_or_init(|| super::chains::Graph::new(self))
    }

    /// The unique loops of this position (shared by the four types of unique loop).
    pub(crate) fn unique_loops(&self) -> &[super::uniqueness::Loop] {
        self.unique_loops
            .get_or_init(|| super::uniqueness::all_loops(self))
    }

    /// The templates of every digit in this position (shared by Template Set and Delete).
    pub(crate) fn template_tables(&self) -> &super::last_resort::templates::Tables {
        self.templates
            .get_or_init(|| super::last_resort::templates::Tables::new(self))
    }

    /// The group nodes of this position and their links (shared by the grouped chains).
    pub(crate) fn group_graph(&self) -> &super::chains::GroupGraph {
        self.group_graph
            .get_or_init(|| super::chains::GroupGraph::new(self))
    }

    /// Records every step of `technique` in this position, in its finder's order, found by
    /// another finder's search (see [`Self::take_found_ahead`]).
    pub(crate) fn put_found_ahead(&self, technique: super::Technique, steps: Vec<super::Step>) {
        let mut v = self.found_ahead.borrow_mut();
        v.retain(|(t, _)| *t != technique);
        v.push((technique, steps));
    }

    /// The steps of `technique` recorded by [`Self::put_found_ahead`], if any (taken out:
    /// a second call searches again).
    pub(crate) fn take_found_ahead(&self, technique: super::Technique) -> Option<Vec<super::Step>> {
        let mut v = self.found_ahead.borrow_mut();
        let i = v.iter().position(|(t, _)| *t == technique)?;
        Some(v.swap_remove(i).1)
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.board.has(cell, digit)
    }
}

/// The largest place count [`Context::digits_with_places`] answers for.
pub(crate) const FEW: usize = 4;

/// Tables of a board kept up to date by the driver, laid out as [`Context`] lays out its
/// own: the position table ([`position_table`]), the placed digits by house, and the
/// digits with few places by house ([`few_places_table`]).
#[derive(Clone, Copy)]
pub(crate) struct Kept<'a> {
    pub positions: &'a [PosSet],
    pub placed: &'a [DigitSet],
    pub few_places: &'a [DigitSet],
}

/// For each house and each count up to [`FEW`], the digits with that many places, at
/// `house * (FEW + 1) + count`, from a position table (`digit * houses + house`).
pub(crate) fn few_places_table(positions: &[PosSet], houses: usize) -> Vec<DigitSet> {
    let mut t = vec![DigitSet::EMPTY; houses * (FEW + 1)];
    for (i, places) in positions.iter().enumerate() {
        let count = places.len();
        if count <= FEW {
            t[(i % houses) * (FEW + 1) + count].insert(Digit::from_index(i / houses));
        }
    }
    t
}

/// The position table of `board`: for each digit and house (at `digit * houses +
/// house`, houses by [`House::index`]), the positions where the digit is a candidate.
pub(crate) fn position_table(board: &Board) -> Vec<PosSet> {
    let s = board.shape();
    let n = s.side();
    let hc = s.house_count();
    let (br, bc) = (s.box_rows(), s.box_cols());
    let mut t = vec![PosSet::EMPTY; n * hc];
    // One pass over the cells: each candidate marks its place in its row, column and box
    // (a box's positions run row by row).
    for cell in Cell::all(s) {
        let cands = board.candidates(cell);
        if cands.is_empty() {
            continue;
        }
        let (r, c) = (cell.index() / n, cell.index() % n);
        let b = cell.block(s).index();
        let bpos = (r % br) * bc + c % bc;
        for d in cands {
            let base = d.index() * hc;
            t[base + r].insert(c);
            t[base + n + c].insert(r);
            t[base + 2 * n + b].insert(bpos);
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn positions_follow_candidates() {
        let g = Grid::from_line("1...............").unwrap();
        let b = Board::new(&g);
        let ctx = Context::new(&b);
        let s = ctx.shape();
        for h in ctx.houses() {
            for d in Digit::all(s) {
                let slow: PosSet = (0..ctx.side())
                    .filter(|&p| b.has(h.cell(s, p), d))
                    .collect();
                assert_eq!(ctx.positions(d, h), slow);
            }
        }
        let row0 = House::from_index(s, 0);
        assert!(ctx.positions(Digit::new(1), row0).is_empty());
        assert_eq!(ctx.positions(Digit::new(2), row0).len(), 3);
        assert!(ctx.placed(row0).contains(Digit::new(1)));
        for h in ctx.houses() {
            for (p, &c) in ctx.house_cells(h).iter().enumerate() {
                assert_eq!(h.cell(s, p), c);
            }
        }
    }
}
