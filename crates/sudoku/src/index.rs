//! The glossary of the grid, one type per word: [`Digit`], [`Row`], [`Col`], [`Block`],
//! [`House`], [`Cell`] and [`Candidate`].
//!
//! Every type is a small index (`Copy`, no allocation). Because shapes are chosen at run
//! time, an index does not know its shape: the functions that need one take a [`Shape`].
//! Indices are 0-based inside the library; [`Digit::get`], [`Row::number`] and friends give
//! the 1-based numbers people use (`r1c1`, digit 1).
//!
//! Depends on [`crate::shape`] only.

use crate::shape::Shape;
use std::fmt;

/// A digit (a symbol) of the grid: `1..=n`. Stored 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digit(u16);

impl Digit {
    /// The digit with 1-based value `value`. Panics on 0 (there is no digit 0): use
    /// [`Digit::try_new`] for input.
    #[inline]
    pub fn new(value: usize) -> Digit {
        assert!(value >= 1, "digits start at 1");
        Digit((value - 1) as u16)
    }
    /// The digit with 1-based value `value`, if it exists in `shape`.
    #[inline]
    pub fn try_new(value: usize, shape: Shape) -> Option<Digit> {
        (1..=shape.side())
            .contains(&value)
            .then(|| Digit((value - 1) as u16))
    }
    /// The digit with 0-based index `index`.
    #[inline]
    pub fn from_index(index: usize) -> Digit {
        Digit(index as u16)
    }
    /// The 1-based value: 1 for the first digit.
    #[inline]
    pub fn get(self) -> usize {
        self.0 as usize + 1
    }
    /// The 0-based index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// All digits of a shape, in order.
    pub fn all(shape: Shape) -> impl Iterator<Item = Digit> + Clone {
        (0..shape.side()).map(Digit::from_index)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

macro_rules! line_index {
    ($name:ident, $what:literal, $letter:literal) => {
        #[doc = concat!("A ", $what, " of the grid, `0..n` (written `", $letter, "1` for the first).")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u16);

        impl $name {
            #[doc = concat!("The ", $what, " with 0-based index `index`.")]
            #[inline]
            pub fn new(index: usize) -> $name {
                $name(index as u16)
            }
            /// The 0-based index.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
            /// The 1-based number people use.
            #[inline]
            pub fn number(self) -> usize {
                self.0 as usize + 1
            }
            #[doc = concat!("Every ", $what, " of a shape.")]
            pub fn all(shape: Shape) -> impl Iterator<Item = $name> + Clone {
                (0..shape.side()).map($name::new)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($letter, "{}"), self.number())
            }
        }
    };
}

line_index!(Row, "row", "r");
line_index!(Col, "column", "c");
line_index!(Block, "box", "b");

impl Block {
    /// The box holding cell (`row`, `col`).
    #[inline]
    pub fn of(shape: Shape, row: Row, col: Col) -> Block {
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let boxes_per_band = shape.side() / bc;
        Block::new((row.index() / br) * boxes_per_band + col.index() / bc)
    }
    /// The first (top-left) cell of this box.
    #[inline]
    pub fn origin(self, shape: Shape) -> Cell {
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let boxes_per_band = shape.side() / bc;
        let r = (self.index() / boxes_per_band) * br;
        let c = (self.index() % boxes_per_band) * bc;
        Cell::at(shape, Row::new(r), Col::new(c))
    }
}

/// A house (unit, group, region): a row, a column or a box; `n` cells that hold each digit
/// once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum House {
    /// A row.
    Row(Row),
    /// A column.
    Col(Col),
    /// A box.
    Block(Block),
}

impl House {
    /// The house with flat index `index` in `0..3n`: rows, then columns, then boxes.
    #[inline]
    pub fn from_index(shape: Shape, index: usize) -> House {
        let n = shape.side();
        match index / n {
            0 => House::Row(Row::new(index)),
            1 => House::Col(Col::new(index - n)),
            _ => House::Block(Block::new(index - 2 * n)),
        }
    }
    /// The flat index in `0..3n`: rows, then columns, then boxes.
    #[inline]
    pub fn index(self, shape: Shape) -> usize {
        let n = shape.side();
        match self {
            House::Row(r) => r.index(),
            House::Col(c) => n + c.index(),
            House::Block(b) => 2 * n + b.index(),
        }
    }
    /// The same cells as a person names them: a box that is a whole row (boxes 1xN) or a
    /// whole column (Nx1) is that row or column; any other house is itself.
    ///
    /// ```
    /// use sudoku::{Block, House, Row, Shape};
    /// let latin = Shape::new(1, 6)?;
    /// assert_eq!(House::Block(Block::new(3)).named(latin), House::Row(Row::new(3)));
    /// assert_eq!(House::distinct(latin).count(), 12);
    /// assert_eq!(House::distinct(Shape::NINE).count(), 27);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn named(self, shape: Shape) -> House {
        match self {
            House::Block(b) if shape.box_rows() == 1 => House::Row(Row::new(b.index())),
            House::Block(b) if shape.box_cols() == 1 => House::Col(Col::new(b.index())),
            h => h,
        }
    }
    /// Every house of a shape: rows, then columns, then boxes.
    pub fn all(shape: Shape) -> impl Iterator<Item = House> + Clone {
        (0..shape.house_count()).map(move |i| House::from_index(shape, i))
    }
    /// Every set of cells that is a house, once: [`House::all`] without the boxes that are
    /// a whole row or column (boxes 1xN or Nx1), for reports that would say the same twice.
    pub fn distinct(shape: Shape) -> impl Iterator<Item = House> + Clone {
        House::all(shape).filter(move |&h| h.named(shape) == h)
    }
    /// The `pos`-th cell of this house (`0..n`): left to right, top to bottom.
    #[inline]
    pub fn cell(self, shape: Shape, pos: usize) -> Cell {
        match self {
            House::Row(r) => Cell::at(shape, r, Col::new(pos)),
            House::Col(c) => Cell::at(shape, Row::new(pos), c),
            House::Block(b) => {
                let o = b.origin(shape);
                let bc = shape.box_cols();
                Cell::at(
                    shape,
                    Row::new(o.row(shape).index() + pos / bc),
                    Col::new(o.col(shape).index() + pos % bc),
                )
            }
        }
    }
    /// The cells of this house, in order.
    pub fn cells(self, shape: Shape) -> impl Iterator<Item = Cell> + Clone {
        (0..shape.side()).map(move |p| self.cell(shape, p))
    }
    /// Whether `cell` lies in this house.
    #[inline]
    pub fn contains(self, shape: Shape, cell: Cell) -> bool {
        match self {
            House::Row(r) => cell.row(shape) == r,
            House::Col(c) => cell.col(shape) == c,
            House::Block(b) => cell.block(shape) == b,
        }
    }
    /// Where `cell` stands inside this house (`0..n`); meaningless if it is not in it.
    #[inline]
    pub fn position_of(self, shape: Shape, cell: Cell) -> usize {
        match self {
            House::Row(_) => cell.col(shape).index(),
            House::Col(_) => cell.row(shape).index(),
            House::Block(_) => {
                let (r, c) = (cell.row(shape).index(), cell.col(shape).index());
                (r % shape.box_rows()) * shape.box_cols() + c % shape.box_cols()
            }
        }
    }
    /// "row", "column" or "box".
    pub fn kind_name(self) -> &'static str {
        match self {
            House::Row(_) => "row",
            House::Col(_) => "column",
            House::Block(_) => "box",
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(r) => r.fmt(f),
            House::Col(c) => c.fmt(f),
            House::Block(b) => b.fmt(f),
        }
    }
}

/// A cell: the flat row-major index `row · n + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u32);

impl Cell {
    /// The cell with flat index `index` (row-major).
    #[inline]
    pub fn new(index: usize) -> Cell {
        Cell(index as u32)
    }
    /// The cell at `row`, `col`.
    #[inline]
    pub fn at(shape: Shape, row: Row, col: Col) -> Cell {
        Cell((row.index() * shape.side() + col.index()) as u32)
    }
    /// The flat row-major index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    /// The cell's row.
    pub fn row(self, shape: Shape) -> Row {
        Row::new(self.index() / shape.side())
    }
    #[inline]
    /// The cell's column.
    pub fn col(self, shape: Shape) -> Col {
        Col::new(self.index() % shape.side())
    }
    #[inline]
    /// The cell's box.
    pub fn block(self, shape: Shape) -> Block {
        Block::of(shape, self.row(shape), self.col(shape))
    }
    /// The three houses of this cell: its row, column and box.
    #[inline]
    pub fn houses(self, shape: Shape) -> [House; 3] {
        [
            House::Row(self.row(shape)),
            House::Col(self.col(shape)),
            House::Block(self.block(shape)),
        ]
    }
    /// Whether two different cells share a house (they "see" each other).
    #[inline]
    pub fn sees(self, other: Cell, shape: Shape) -> bool {
        self != other
            && (self.row(shape) == other.row(shape)
                || self.col(shape) == other.col(shape)
                || self.block(shape) == other.block(shape))
    }
    /// Every other cell that shares a house with this one, each once.
    pub fn peers(self, shape: Shape) -> impl Iterator<Item = Cell> {
        let (row, col, block) = (self.row(shape), self.col(shape), self.block(shape));
        let in_row = House::Row(row).cells(shape).filter(move |&c| c != self);
        let in_col = House::Col(col).cells(shape).filter(move |&c| c != self);
        let in_box = House::Block(block)
            .cells(shape)
            .filter(move |&c| c.row(shape) != row && c.col(shape) != col);
        in_row.chain(in_col).chain(in_box)
    }
    /// Every cell of a shape.
    pub fn all(shape: Shape) -> impl Iterator<Item = Cell> + Clone {
        (0..shape.cell_count()).map(Cell::new)
    }
    /// The cell written `rXcY`, ready to display.
    pub fn name(self, shape: Shape) -> CellName {
        CellName(self.row(shape), self.col(shape))
    }
}

/// A cell's `r1c1` name, from [`Cell::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName(pub Row, pub Col);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0, self.1)
    }
}

/// A candidate: a digit that may still go in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// Where.
    pub cell: Cell,
    /// Which digit.
    pub digit: Digit,
}

impl Candidate {
    #[inline]
    /// The candidate `digit` in `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
    /// `[row, col, digit]`, all 1-based: the form JSON output uses.
    pub fn triple(self, shape: Shape) -> [usize; 3] {
        [
            self.cell.row(shape).number(),
            self.cell.col(shape).number(),
            self.digit.get(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_of_non_square_shapes() {
        let s = Shape::new(2, 3).unwrap(); // 6x6: boxes 2 tall, 3 wide; 2 boxes per band
        assert_eq!(Block::of(s, Row::new(0), Col::new(3)).index(), 1);
        assert_eq!(Block::of(s, Row::new(2), Col::new(0)).index(), 2);
        assert_eq!(
            Block::new(3).origin(s),
            Cell::at(s, Row::new(2), Col::new(3))
        );
        let cells: Vec<usize> = House::Block(Block::new(1))
            .cells(s)
            .map(Cell::index)
            .collect();
        assert_eq!(cells, vec![3, 4, 5, 9, 10, 11]);
    }

    #[test]
    fn peers_are_distinct_and_counted() {
        for s in [
            Shape::NINE,
            Shape::new(2, 3).unwrap(),
            Shape::new(4, 4).unwrap(),
        ] {
            let n = s.side();
            let expected = 3 * n - s.box_rows() - s.box_cols() - 1;
            for cell in Cell::all(s) {
                let mut p: Vec<Cell> = cell.peers(s).collect();
                assert_eq!(p.len(), expected);
                assert!(p.iter().all(|&q| q.sees(cell, s)));
                p.sort();
                p.dedup();
                assert_eq!(p.len(), expected);
            }
        }
    }

    #[test]
    fn house_positions_round_trip() {
        let s = Shape::new(3, 4).unwrap();
        for h in House::all(s) {
            assert_eq!(House::from_index(s, h.index(s)), h);
            for (pos, cell) in h.cells(s).enumerate() {
                assert!(h.contains(s, cell));
                assert_eq!(h.position_of(s, cell), pos);
            }
        }
    }
}
