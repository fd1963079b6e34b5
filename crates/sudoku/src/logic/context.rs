//! [`Context`]: the derived data of one board position that several finders need (where
//! each digit may go in each house, which digits each house already holds, the cells of
//! each house, the bivalue cells), computed once per position and only when first asked.
//!
//! A context borrows the board and never changes it. The driver builds a fresh one after
//! every step; building one costs nothing until a finder asks for a table.
//!
//! Depends on the grid model only.

use crate::grid::Board;
use crate::index::{Cell, Digit, House};
use crate::set::{DigitSet, PosSet};
use crate::shape::Shape;
use std::cell::OnceCell;

/// The shared, lazily computed view of one position.
pub struct Context<'a> {
    board: &'a Board,
    shape: Shape,
    n: usize,
    house_cells: OnceCell<Vec<Cell>>,
    positions: OnceCell<Vec<PosSet>>,
    placed: OnceCell<Vec<DigitSet>>,
    bivalue: OnceCell<Vec<Cell>>,
    als: OnceCell<Option<super::als::Tables>>,
}

impl<'a> Context<'a> {
    /// The context of `board`. Cheap: tables are built on first use.
    pub fn new(board: &'a Board) -> Context<'a> {
        let shape = board.shape();
        Context {
            board,
            shape,
            n: shape.side(),
            house_cells: OnceCell::new(),
            positions: OnceCell::new(),
            placed: OnceCell::new(),
            bivalue: OnceCell::new(),
            als: OnceCell::new(),
        }
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

    fn house_table(&self) -> &[Cell] {
        self.house_cells.get_or_init(|| {
            let s = self.shape;
            House::all(s).flat_map(|h| h.cells(s)).collect()
        })
    }

    /// The cells of `house`, in position order (`house_cells(h)[p]` is at position `p`).
    #[inline]
    pub fn house_cells(&self, house: House) -> &[Cell] {
        let i = house.index(self.shape);
        &self.house_table()[i * self.n..(i + 1) * self.n]
    }
    /// The cell at position `pos` of `house`.
    #[inline]
    pub fn cell(&self, house: House, pos: usize) -> Cell {
        self.house_cells(house)[pos]
    }

    fn position_table(&self) -> &[PosSet] {
        self.positions.get_or_init(|| {
            let n = self.n;
            let hc = self.shape.house_count();
            let mut t = vec![PosSet::EMPTY; n * hc];
            for hi in 0..hc {
                let cells = &self.house_table()[hi * n..(hi + 1) * n];
                for (pos, &cell) in cells.iter().enumerate() {
                    for d in self.board.candidates(cell) {
                        t[d.index() * hc + hi].insert(pos);
                    }
                }
            }
            t
        })
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
        let t = self.placed.get_or_init(|| {
            let n = self.n;
            (0..self.shape.house_count())
                .map(|hi| {
                    self.house_table()[hi * n..(hi + 1) * n]
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

    /// The almost locked sets of this position (shared by the ALS techniques).
    pub(crate) fn als_tables(
        &self,
        build: impl FnOnce() -> Option<super::als::Tables>,
    ) -> Option<&super::als::Tables> {
        self.als.get_or_init(build).as_ref()
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.board.has(cell, digit)
    }
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
