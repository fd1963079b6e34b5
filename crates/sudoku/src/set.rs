//! Typed bitsets, so that a set of digits can't be mistaken for a set of rows.
//!
//! [`Set<T>`] holds up to [`Set::CAPACITY`] (448) members of one index type: digits
//! ([`DigitSet`]), rows, columns, boxes, or positions inside a house ([`PosSet`]). That
//! covers every shape up to 400x400, so digit sets are never limited to 32 or 64 bits. It
//! is a plain `Copy` value of seven words; operations touch all seven, which the compiler
//! vectorises. [`CellSet`] is a heap bitset over all cells of a grid.
//!
//! Depends on [`crate::index`] only.

use crate::index::{Block, Cell, Col, Digit, Row};
use std::fmt;
use std::marker::PhantomData;

const WORDS: usize = 7;

/// An index type that can live in a [`Set`].
pub trait SetMember: Copy {
    /// The member's bit: its 0-based index.
    fn to_bit(self) -> usize;
    /// The member of bit `bit`.
    fn from_bit(bit: usize) -> Self;
}

impl SetMember for Digit {
    #[inline]
    fn to_bit(self) -> usize {
        self.index()
    }
    #[inline]
    fn from_bit(bit: usize) -> Digit {
        Digit::from_index(bit)
    }
}

macro_rules! member {
    ($t:ty) => {
        impl SetMember for $t {
            #[inline]
            fn to_bit(self) -> usize {
                self.index()
            }
            #[inline]
            fn from_bit(bit: usize) -> $t {
                <$t>::new(bit)
            }
        }
    };
}
member!(Row);
member!(Col);
member!(Block);

impl SetMember for usize {
    #[inline]
    fn to_bit(self) -> usize {
        self
    }
    #[inline]
    fn from_bit(bit: usize) -> usize {
        bit
    }
}

/// A set of up to 448 members of type `T`, as a bitset.
///
/// ```
/// use sudoku::{Digit, DigitSet};
/// let s: DigitSet = [1, 5, 9].into_iter().map(Digit::new).collect();
/// assert_eq!(s.len(), 3);
/// assert!(s.contains(Digit::new(5)));
/// assert_eq!(s.iter().map(Digit::get).collect::<Vec<_>>(), vec![1, 5, 9]);
/// ```
pub struct Set<T> {
    words: [u64; WORDS],
    _t: PhantomData<T>,
}

/// A set of digits: the candidates of a cell.
pub type DigitSet = Set<Digit>;
/// A set of positions inside a house (`0..n`): where a digit may go in that house.
pub type PosSet = Set<usize>;

impl<T> Clone for Set<T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Set<T> {}
impl<T> PartialEq for Set<T> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.words == o.words
    }
}
impl<T> Eq for Set<T> {}
impl<T> std::hash::Hash for Set<T> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.words.hash(h)
    }
}
impl<T> Default for Set<T> {
    fn default() -> Self {
        Set::EMPTY
    }
}

impl<T> Set<T> {
    /// How many members a set can hold.
    pub const CAPACITY: usize = 64 * WORDS;
    /// The empty set.
    pub const EMPTY: Set<T> = Set {
        words: [0; WORDS],
        _t: PhantomData,
    };

    /// The set `{0, 1, …, count-1}` (for digits: all digits of a shape of side `count`).
    pub fn full(count: usize) -> Set<T> {
        let mut words = [0u64; WORDS];
        for (i, w) in words.iter_mut().enumerate() {
            let lo = i * 64;
            if count >= lo + 64 {
                *w = !0;
            } else if count > lo {
                *w = (1u64 << (count - lo)) - 1;
            }
        }
        Set {
            words,
            _t: PhantomData,
        }
    }
    /// The set whose bits are `bits` (bit `i` = member with index `i`); for the first 64.
    #[inline]
    pub fn from_bits(bits: u64) -> Set<T> {
        let mut s = Set::EMPTY;
        s.words[0] = bits;
        s
    }
    /// The low 64 bits (enough for every shape up to 64x64).
    #[inline]
    pub fn low_bits(self) -> u64 {
        self.words[0]
    }
    /// The raw words.
    #[inline]
    pub fn words(&self) -> &[u64; WORDS] {
        &self.words
    }
    /// Builds a set from raw words (missing words are zero).
    pub fn from_words(src: &[u64]) -> Set<T> {
        let mut s = Set::EMPTY;
        s.words[..src.len()].copy_from_slice(src);
        s
    }
    #[inline]
    /// How many members.
    pub fn len(self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    #[inline]
    /// Whether it has no member.
    pub fn is_empty(self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    #[inline]
    /// The members of either set.
    pub fn union(self, o: Set<T>) -> Set<T> {
        let mut words = self.words;
        for (w, x) in words.iter_mut().zip(o.words) {
            *w |= x;
        }
        Set {
            words,
            _t: PhantomData,
        }
    }
    #[inline]
    /// The members of both sets.
    pub fn intersection(self, o: Set<T>) -> Set<T> {
        let mut words = self.words;
        for (w, x) in words.iter_mut().zip(o.words) {
            *w &= x;
        }
        Set {
            words,
            _t: PhantomData,
        }
    }
    #[inline]
    /// The members of `self` not in `o`.
    pub fn difference(self, o: Set<T>) -> Set<T> {
        let mut words = self.words;
        for (w, x) in words.iter_mut().zip(o.words) {
            *w &= !x;
        }
        Set {
            words,
            _t: PhantomData,
        }
    }
    #[inline]
    /// Whether every member is in `o`.
    pub fn is_subset(self, o: Set<T>) -> bool {
        self.difference(o).is_empty()
    }
    #[inline]
    /// Whether the sets share a member.
    pub fn intersects(self, o: Set<T>) -> bool {
        !self.intersection(o).is_empty()
    }
}

impl<T: SetMember> Set<T> {
    /// The set with one member.
    #[inline]
    pub fn single(t: T) -> Set<T> {
        let mut s = Set::EMPTY;
        s.insert(t);
        s
    }
    #[inline]
    /// Whether `t` is a member.
    pub fn contains(self, t: T) -> bool {
        let b = t.to_bit();
        b < Self::CAPACITY && self.words[b / 64] >> (b % 64) & 1 == 1
    }
    /// Adds `t`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, t: T) -> bool {
        let b = t.to_bit();
        let was = self.words[b / 64] >> (b % 64) & 1;
        self.words[b / 64] |= 1 << (b % 64);
        was == 0
    }
    /// Removes `t`; returns whether it was there.
    #[inline]
    pub fn remove(&mut self, t: T) -> bool {
        let b = t.to_bit();
        let was = self.words[b / 64] >> (b % 64) & 1;
        self.words[b / 64] &= !(1 << (b % 64));
        was == 1
    }
    /// The smallest member.
    #[inline]
    pub fn first(self) -> Option<T> {
        for (i, &w) in self.words.iter().enumerate() {
            if w != 0 {
                return Some(T::from_bit(i * 64 + w.trailing_zeros() as usize));
            }
        }
        None
    }
    /// The only member, if there is exactly one.
    #[inline]
    pub fn single_member(self) -> Option<T> {
        if self.len() == 1 {
            self.first()
        } else {
            None
        }
    }
    /// The members in increasing order.
    #[inline]
    pub fn iter(self) -> SetIter<T> {
        SetIter {
            words: self.words,
            word: 0,
            _t: PhantomData,
        }
    }
}

/// Iterator over a [`Set`], smallest first.
pub struct SetIter<T> {
    words: [u64; WORDS],
    word: usize,
    _t: PhantomData<T>,
}

impl<T: SetMember> Iterator for SetIter<T> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(T::from_bit(self.word * 64 + w.trailing_zeros() as usize));
            }
            self.word += 1;
        }
        None
    }
}

impl<T: SetMember> IntoIterator for Set<T> {
    type Item = T;
    type IntoIter = SetIter<T>;
    fn into_iter(self) -> SetIter<T> {
        self.iter()
    }
}

impl<T: SetMember> FromIterator<T> for Set<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Set<T> {
        let mut s = Set::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

impl<T> std::ops::BitOr for Set<T> {
    type Output = Set<T>;
    fn bitor(self, o: Set<T>) -> Set<T> {
        self.union(o)
    }
}
impl<T> std::ops::BitAnd for Set<T> {
    type Output = Set<T>;
    fn bitand(self, o: Set<T>) -> Set<T> {
        self.intersection(o)
    }
}
impl<T> std::ops::Sub for Set<T> {
    type Output = Set<T>;
    fn sub(self, o: Set<T>) -> Set<T> {
        self.difference(o)
    }
}
impl<T> std::ops::BitOrAssign for Set<T> {
    fn bitor_assign(&mut self, o: Set<T>) {
        *self = self.union(o)
    }
}
impl<T> std::ops::BitAndAssign for Set<T> {
    fn bitand_assign(&mut self, o: Set<T>) {
        *self = self.intersection(o)
    }
}
impl<T> std::ops::SubAssign for Set<T> {
    fn sub_assign(&mut self, o: Set<T>) {
        *self = self.difference(o)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|d| d.get())).finish()
    }
}
impl fmt::Debug for PosSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
macro_rules! dbg_line {
    ($t:ty) => {
        impl fmt::Debug for Set<$t> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_set()
                    .entries(self.iter().map(|x| x.number()))
                    .finish()
            }
        }
    };
}
dbg_line!(Row);
dbg_line!(Col);
dbg_line!(Block);

impl fmt::Display for DigitSet {
    /// Digits run together when every digit is one character (`379`), else comma-separated.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wide = self.iter().any(|d| d.get() > 9);
        for (i, d) in self.iter().enumerate() {
            if wide && i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A set of cells of one grid (any size), as a heap bitset.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    /// An empty set able to hold cells `0..cell_count`.
    pub fn new(cell_count: usize) -> CellSet {
        CellSet {
            words: vec![0; cell_count.div_ceil(64)],
        }
    }
    #[inline]
    /// Whether `c` is a member.
    pub fn contains(&self, c: Cell) -> bool {
        let i = c.index();
        self.words
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    /// Adds `c`; returns whether it was new. Panics if `c` is beyond the capacity.
    #[inline]
    pub fn insert(&mut self, c: Cell) -> bool {
        let i = c.index();
        let was = self.words[i / 64] >> (i % 64) & 1;
        self.words[i / 64] |= 1 << (i % 64);
        was == 0
    }
    #[inline]
    /// Removes `c`; whether it was a member.
    pub fn remove(&mut self, c: Cell) -> bool {
        let i = c.index();
        match self.words.get_mut(i / 64) {
            Some(w) => {
                let was = *w >> (i % 64) & 1;
                *w &= !(1 << (i % 64));
                was == 1
            }
            None => false,
        }
    }
    /// How many cells.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// Whether it has no cell.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Cell::new(i * 64 + b)
                })
            })
        })
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Cell::index)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_digit_sets() {
        let full = DigitSet::full(400);
        assert_eq!(full.len(), 400);
        assert!(full.contains(Digit::new(400)));
        assert!(!full.contains(Digit::new(401)));
        let mut s = DigitSet::EMPTY;
        assert!(s.insert(Digit::new(300)));
        assert!(!s.insert(Digit::new(300)));
        s.insert(Digit::new(2));
        assert_eq!(s.iter().map(Digit::get).collect::<Vec<_>>(), vec![2, 300]);
        assert_eq!((full - s).len(), 398);
        assert!(s.is_subset(full));
        assert_eq!(s.to_string(), "2,300");
        assert_eq!(DigitSet::full(9).to_string(), "123456789");
    }

    #[test]
    fn cell_sets() {
        let mut s = CellSet::new(160_000);
        s.insert(Cell::new(159_999));
        s.insert(Cell::new(3));
        assert_eq!(
            s.iter().map(Cell::index).collect::<Vec<_>>(),
            vec![3, 159_999]
        );
        assert!(s.remove(Cell::new(3)));
        assert_eq!(s.len(), 1);
    }
}
