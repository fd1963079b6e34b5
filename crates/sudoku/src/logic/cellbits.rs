//! Fixed-size cell bitsets for the finders that combine many cell sets per position (ALS,
//! Sue de Coq, aligned exclusion): [`CellBits`], with `u128` for grids up to 128 cells
//! (9x9 and smaller, the hot case, unchanged) and [`Wide`] for larger ones, so that those
//! finders are written once and run on 12x12, 16x16 and up to 32x32 (1,024 cells).
//! [`with_cell_bits!`] picks the smallest type that fits a shape.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of cell indices `0..CAPACITY` as a `Copy` bitset.
pub(crate) trait CellBits:
    Copy
    + Eq
    + Hash
    + Debug
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + Not<Output = Self>
    + BitOrAssign
    + BitAndAssign
{
    /// How many cells it can hold.
    const CAPACITY: usize;
    /// The empty set.
    const ZERO: Self;
    /// The set of cell `i` alone.
    fn bit(i: usize) -> Self;
    /// The set with cell `i` added (on [`Wide`], one word written instead of an `or` of
    /// every word: Sue de Coq's parts are built a cell at a time).
    #[inline]
    fn with(self, i: usize) -> Self {
        self | Self::bit(i)
    }
    /// How many cells it holds.
    fn count(self) -> u32;
    /// Whether it holds no cell.
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    /// The lowest cell, if any.
    fn lowest(self) -> Option<usize>;
    /// The set without its lowest cell.
    fn without_lowest(self) -> Self;
    /// The cells in increasing order.
    fn ones(self) -> impl Iterator<Item = usize> {
        let mut b = self;
        std::iter::from_fn(move || {
            let i = b.lowest()?;
            b = b.without_lowest();
            Some(i)
        })
    }
}

impl CellBits for u128 {
    const CAPACITY: usize = 128;
    const ZERO: u128 = 0;
    #[inline]
    fn bit(i: usize) -> u128 {
        1 << i
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> Option<usize> {
        (self != 0).then(|| self.trailing_zeros() as usize)
    }
    #[inline]
    fn without_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
}

/// `64 * W` cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Wide<const W: usize>([u64; W]);

impl<const W: usize> BitOr for Wide<W> {
    type Output = Self;
    #[inline]
    fn bitor(mut self, o: Self) -> Self {
        self |= o;
        self
    }
}

impl<const W: usize> BitAnd for Wide<W> {
    type Output = Self;
    #[inline]
    fn bitand(mut self, o: Self) -> Self {
        self &= o;
        self
    }
}

impl<const W: usize> BitOrAssign for Wide<W> {
    #[inline]
    fn bitor_assign(&mut self, o: Self) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a |= b;
        }
    }
}

impl<const W: usize> BitAndAssign for Wide<W> {
    #[inline]
    fn bitand_assign(&mut self, o: Self) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a &= b;
        }
    }
}

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for a in &mut self.0 {
            *a = !*a;
        }
        self
    }
}

impl<const W: usize> CellBits for Wide<W> {
    const CAPACITY: usize = 64 * W;
    const ZERO: Self = Wide([0; W]);
    #[inline]
    fn bit(i: usize) -> Self {
        let mut w = [0; W];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    #[inline]
    fn with(mut self, i: usize) -> Self {
        self.0[i / 64] |= 1 << (i % 64);
        self
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|k| k * 64 + self.0[k].trailing_zeros() as usize)
    }
    #[inline]
    fn without_lowest(mut self) -> Self {
        if let Some(w) = self.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        self
    }
}

/// The most cells a [`CellBits`] type here holds (a 32x32 grid).
pub(crate) const MAX_CELLS: usize = 1024;

/// Runs `$body` with `$B` bound to the smallest [`CellBits`] type holding `$cells` cells
/// (`u128`, `Wide<4>`, `Wide<16>`); evaluates to `$none` past [`MAX_CELLS`].
macro_rules! with_cell_bits {
    ($cells:expr, $none:expr, |$B:ident| $body:expr) => {{
        let cells: usize = $cells;
        if cells <= 128 {
            type $B = u128;
            $body
        } else if cells <= 256 {
            type $B = $crate::logic::cellbits::Wide<4>;
            $body
        } else if cells <= $crate::logic::cellbits::MAX_CELLS {
            type $B = $crate::logic::cellbits::Wide<16>;
            $body
        } else {
            $none
        }
    }};
}
pub(crate) use with_cell_bits;

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: CellBits>() {
        let cells = [0, 5, 63, 64, B::CAPACITY - 1];
        let s = cells.iter().fold(B::ZERO, |s, &i| s | B::bit(i));
        assert_eq!(s.count(), 5);
        assert_eq!(s.ones().collect::<Vec<_>>(), cells);
        assert!(!(s & B::bit(64)).is_zero() && (s & B::bit(65)).is_zero());
        assert_eq!((s & !B::bit(5)).count(), 4);
        assert_eq!(s.lowest(), Some(0));
        let with = cells.iter().fold(B::ZERO, |s, &i| s.with(i));
        assert_eq!(with, s);
        assert_eq!(s.with(64), s);
        assert_eq!(s.with(65).ones().filter(|&i| i == 65).count(), 1);
        assert!(B::ZERO.is_zero() && B::ZERO.lowest().is_none());
    }

    #[test]
    fn every_width_holds_its_cells() {
        check::<u128>();
        check::<Wide<4>>();
        check::<Wide<16>>();
    }
}
