//! The shape of a grid: how many rows and columns each box has.
//!
//! A sudoku of side `n` has `n` rows, `n` columns and `n` boxes of `box_rows × box_cols`
//! cells, with `n = box_rows · box_cols`. The classic 9x9 is `3x3`; a 6x6 is `2x3` (boxes
//! two rows tall and three columns wide). Owns nothing else; depends on nothing.

use std::fmt;

/// The largest side supported: 400x400 grids with 20x20 boxes, the largest public puzzles.
pub const MAX_SIDE: usize = 400;

/// The shape of a grid: box height and width. The side is their product.
///
/// # Example
/// ```
/// use sudoku::Shape;
/// let s = Shape::new(2, 3)?;
/// assert_eq!((s.side(), s.cell_count()), (6, 36));
/// assert_eq!(Shape::NINE.to_string(), "3x3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u16,
    box_cols: u16,
}

/// Error for [`Shape::new`], [`Shape::from_side`] and [`Shape::parse`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// Box sides out of range (given as rows, columns).
    #[error("box of {0}x{1} is not allowed: both sides must be at least 1 and the grid side at least 2 and at most {MAX_SIDE}")]
    OutOfRange(usize, usize),
    /// A side that is no product of two box sides.
    #[error("no grid of side {0}: it must be the product of two box sides (at most {MAX_SIDE})")]
    NoBoxes(usize),
    /// A prime side, whose only boxes are its rows: taken when named (`1xN`), never
    /// chosen for it.
    #[error("no usual boxes for side {0}: {0} is prime, so its only boxes are its rows (1x{0}), taken only when named")]
    PrimeSide(usize),
    /// Text that is not `RxC`.
    #[error("{0:?} is not a box shape: write it as RxC, e.g. 2x3")]
    Syntax(String),
}

impl Shape {
    /// The classic 9x9 grid with 3x3 boxes.
    pub const NINE: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A shape with boxes of `box_rows` rows and `box_cols` columns.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        let side = box_rows.saturating_mul(box_cols);
        if box_rows == 0 || box_cols == 0 || !(2..=MAX_SIDE).contains(&side) {
            return Err(ShapeError::OutOfRange(box_rows, box_cols));
        }
        Ok(Shape {
            box_rows: box_rows as u16,
            box_cols: box_cols as u16,
        })
    }

    /// The conventional shape for a side: square boxes where the side is a square, otherwise
    /// the factorisation closest to square with boxes wider than tall (6 → 2x3, 12 → 3x4,
    /// 8 → 2x4, 10 → 2x5). Sides that are prime have no boxes and are refused.
    ///
    /// ```
    /// use sudoku::Shape;
    /// assert_eq!(Shape::from_side(12)?, Shape::new(3, 4)?);
    /// assert!(Shape::from_side(7).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_side(side: usize) -> Result<Shape, ShapeError> {
        if !(2..=MAX_SIDE).contains(&side) {
            return Err(ShapeError::NoBoxes(side));
        }
        let mut best = None;
        let mut r = 1;
        while r * r <= side {
            if side.is_multiple_of(r) {
                best = Some(r);
            }
            r += 1;
        }
        match best {
            Some(r) if r > 1 || side == 2 => Shape::new(r, side / r),
            _ => Err(ShapeError::PrimeSide(side)),
        }
    }

    /// Parses `RxC` (e.g. `2x3`), as given to `--box`.
    pub fn parse(s: &str) -> Result<Shape, ShapeError> {
        let bad = || ShapeError::Syntax(s.to_string());
        let (r, c) = s.trim().split_once(['x', 'X', '*']).ok_or_else(bad)?;
        let r: usize = r.trim().parse().map_err(|_| bad())?;
        let c: usize = c.trim().parse().map_err(|_| bad())?;
        Shape::new(r, c)
    }

    /// Rows in a box.
    #[inline]
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }
    /// Columns in a box.
    #[inline]
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }
    /// The side `n`: rows, columns, boxes and digits all number `n`.
    #[inline]
    pub fn side(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }
    /// The number of cells, `n²`.
    #[inline]
    pub fn cell_count(self) -> usize {
        self.side() * self.side()
    }
    /// The number of houses, `3n` (rows, then columns, then boxes).
    #[inline]
    pub fn house_count(self) -> usize {
        3 * self.side()
    }
    /// The grid's name in messages: `36x36`, with its boxes when they are not the side's
    /// conventional ones (`6x6 (3x2 boxes)`). `Display` gives the box shape (`6x6` for a
    /// 36x36 grid), as `--box` takes it.
    ///
    /// ```
    /// use sudoku::Shape;
    /// assert_eq!(Shape::NINE.grid_name(), "9x9");
    /// assert_eq!(Shape::new(3, 2)?.grid_name(), "6x6 (3x2 boxes)");
    /// assert_eq!(Shape::new(6, 6)?.grid_name(), "36x36");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid_name(self) -> String {
        let n = self.side();
        if Shape::from_side(n) == Ok(self) {
            format!("{n}x{n}")
        } else {
            format!("{n}x{n} ({self} boxes)")
        }
    }
    /// Whether this is the classic 9x9.
    #[inline]
    pub fn is_nine(self) -> bool {
        self == Shape::NINE
    }
    /// The shape with boxes turned a quarter (2x3 becomes 3x2): the shape of the transpose.
    pub fn transposed(self) -> Shape {
        Shape {
            box_rows: self.box_cols,
            box_cols: self.box_rows,
        }
    }
}

/// Division by a side known only at run time, as a multiply by its rounded-up reciprocal
/// `⌈2^64 / n⌉`: the engines split ids (a candidate into cell and digit, a house-digit
/// into house and digit) in their innermost loops, where a division instruction cost tens
/// of cycles (a twentieth of a 36x36's `explain`, a fifth of propagation's locked
/// candidates).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SideDivisor {
    n: usize,
    reciprocal: u128,
}

impl SideDivisor {
    pub(crate) fn new(n: usize) -> SideDivisor {
        assert!(n > 0, "a side of at least one");
        SideDivisor {
            n,
            reciprocal: (1u128 << 64).div_ceil(n as u128),
        }
    }

    /// `(x / n, x % n)`, exact for every `x < 2^32`: the reciprocal's error `e < 1` adds
    /// `x·e / 2^64` to `x / n`, less than `1/n`, so the floor is the quotient's.
    #[inline(always)]
    pub(crate) fn split(self, x: usize) -> (usize, usize) {
        debug_assert!(x < 1 << 32);
        let q = ((x as u128 * self.reciprocal) >> 64) as usize;
        (q, x - q * self.n)
    }
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::NINE
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl std::str::FromStr for Shape {
    type Err = ShapeError;
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        Shape::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_divisor_divides() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for n in 1..=super::MAX_SIDE {
            let by = super::SideDivisor::new(n);
            let small = 0..(4 * n * n * n).min(1 << 16);
            let large = (0..64).map(|_| rng.gen_range(0..1usize << 32));
            for x in small.chain(large).chain([(1 << 32) - 1]) {
                assert_eq!(by.split(x), (x / n, x % n), "{n}: {x}");
            }
        }
    }

    #[test]
    fn sides_map_to_conventional_boxes() {
        let cases = [
            (4, (2, 2)),
            (6, (2, 3)),
            (8, (2, 4)),
            (9, (3, 3)),
            (10, (2, 5)),
            (12, (3, 4)),
        ];
        for (side, (r, c)) in cases {
            let s = Shape::from_side(side).unwrap();
            assert_eq!((s.box_rows(), s.box_cols()), (r, c), "side {side}");
        }
        assert_eq!(Shape::from_side(400).unwrap(), Shape::new(20, 20).unwrap());
        assert!(Shape::from_side(13).is_err());
        assert!(Shape::from_side(401).is_err());
    }

    #[test]
    fn parse_box_spec() {
        assert_eq!(Shape::parse("3x2").unwrap(), Shape::new(3, 2).unwrap());
        assert!(Shape::parse("3-2").is_err());
        assert!(Shape::parse("0x9").is_err());
        assert!(Shape::parse("21x20").is_err());
    }
}
