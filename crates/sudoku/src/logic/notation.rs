//! [`Notation`]: what step text ([`super::explain`]) needs to name things: the grid's shape
//! (cells, houses) and the symbols its digits are written in, so that a step on a puzzle
//! written in hex (`0-F`) or letters (`A-P`, `A-Y`) names its digits as the puzzle does.

use crate::format::Alphabet;
use crate::index::Digit;
use crate::set::DigitSet;
use crate::shape::Shape;

/// The shape of a grid and the symbols of its digits in step text. From a bare [`Shape`]
/// (a grid of numbers), digits are numbers (`r10c11<>12`); a puzzle read in symbols has
/// them in its own (`r2c7=4` in hex, `r10c11<>C` in the standard `1-9A-Z`), and numbers
/// where those have none. Up to 9x9 the standard symbols are the numbers.
///
/// ```
/// use sudoku::{format::Alphabet, logic::Notation, Digit, Shape};
/// let hex = Notation::new(Shape::new(4, 4).unwrap(), Some(Alphabet::Hex));
/// assert_eq!(hex.digit(Digit::new(5)), "4");
/// assert_eq!(hex.digit(Digit::new(16)), "F");
/// let standard = Notation::new(Shape::new(4, 4).unwrap(), Some(Alphabet::Standard));
/// assert_eq!(standard.digit(Digit::new(16)), "G");
/// assert_eq!(Notation::from(Shape::new(4, 4).unwrap()).digit(Digit::new(16)), "16");
/// assert_eq!(Notation::from(Shape::NINE).digit(Digit::new(5)), "5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notation {
    /// The grid's shape.
    pub shape: Shape,
    /// The symbols digits are written in; `None`: numbers.
    symbols: Option<Alphabet>,
}

impl Notation {
    /// Step text for a grid of `shape` read in `alphabet` (a puzzle's
    /// [`crate::format::Puzzle::alphabet`]): numbers for none, or for one without a symbol
    /// for every digit of the side.
    pub fn new(shape: Shape, alphabet: Option<Alphabet>) -> Notation {
        let covers = |a: &Alphabet| a.symbol(shape.side()).is_some();
        Notation {
            shape,
            symbols: alphabet.filter(covers),
        }
    }

    /// Digit `d` as people read it: its symbol, else its number.
    pub fn digit(self, d: Digit) -> String {
        match self.symbols.and_then(|a| a.symbol(d.get())) {
            Some(ch) => ch.to_string(),
            None => d.to_string(),
        }
    }

    /// `3,7`: the digits of `ds`, comma-separated.
    pub fn digit_list(self, ds: DigitSet) -> String {
        self.joined(ds, ",")
    }

    /// `379`: the digits of `ds` run together when each is one character, else
    /// comma-separated (as [`DigitSet`] displays).
    pub fn digits(self, ds: DigitSet) -> String {
        let wide = ds.iter().any(|d| self.digit(d).len() > 1);
        self.joined(ds, if wide { "," } else { "" })
    }

    fn joined(self, ds: DigitSet, sep: &str) -> String {
        ds.iter()
            .map(|d| self.digit(d))
            .collect::<Vec<_>>()
            .join(sep)
    }
}

impl From<Shape> for Notation {
    fn from(shape: Shape) -> Notation {
        Notation::new(shape, None)
    }
}
