//! Symbols: how digits are spelled. [`Alphabet`] maps the characters of one-character
//! formats to digits and back (standard `1-9A-Z`, hex `0-F`, letters `A-Z`); [`Notation`]
//! is a grid's shape with the symbols its digits are named in, so that every message about
//! a puzzle (a step, a clash, a broken house) names its digits as the puzzle writes them.
//! Below the grid, so that the grid, the verifier and the solver's outcomes can use it.

use crate::index::Digit;
use crate::set::DigitSet;
use crate::shape::Shape;

/// How symbols map to digits in one-line and character-grid formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// `1-9`, then `A-Z` (10..=35); `0` and `.` are empty. The default.
    Standard,
    /// `0-9A-F` for 16x16 (value = symbol + 1); only `.` is empty.
    Hex,
    /// `A-Z` (1..=26), e.g. `A-Y` for 25x25 or `A-P` for 16x16; `.` and `0` are empty.
    Letters,
}

impl Alphabet {
    /// The digit value (1-based) of `ch`, or `None` if `ch` is no digit of this alphabet.
    pub fn value(self, ch: char) -> Option<usize> {
        let up = ch.to_ascii_uppercase();
        match self {
            Alphabet::Standard => match up {
                '1'..='9' => Some(up as usize - '0' as usize),
                'A'..='Z' => Some(up as usize - 'A' as usize + 10),
                _ => None,
            },
            Alphabet::Hex => match up {
                '0'..='9' => Some(up as usize - '0' as usize + 1),
                'A'..='F' => Some(up as usize - 'A' as usize + 11),
                _ => None,
            },
            Alphabet::Letters => match up {
                'A'..='Z' => Some(up as usize - 'A' as usize + 1),
                _ => None,
            },
        }
    }
    /// The symbol for 1-based digit value `v`.
    pub fn symbol(self, v: usize) -> Option<char> {
        match self {
            Alphabet::Standard => match v {
                1..=9 => Some((b'0' + v as u8) as char),
                10..=35 => Some((b'A' + (v - 10) as u8) as char),
                _ => None,
            },
            Alphabet::Hex => match v {
                1..=10 => Some((b'0' + (v - 1) as u8) as char),
                11..=16 => Some((b'A' + (v - 11) as u8) as char),
                _ => None,
            },
            Alphabet::Letters => match v {
                1..=26 => Some((b'A' + (v - 1) as u8) as char),
                _ => None,
            },
        }
    }
    /// The name `--alphabet` and JSON's `"alphabet"` use.
    pub fn name(self) -> &'static str {
        match self {
            Alphabet::Standard => "standard",
            Alphabet::Hex => "hex",
            Alphabet::Letters => "letters",
        }
    }
    /// The alphabet named `name` ([`Alphabet::name`], or `std`, `alpha`).
    pub fn from_name(name: &str) -> Option<Alphabet> {
        match name.to_ascii_lowercase().as_str() {
            "standard" | "std" => Some(Alphabet::Standard),
            "hex" => Some(Alphabet::Hex),
            "letters" | "alpha" => Some(Alphabet::Letters),
            _ => None,
        }
    }
    /// Whether a grid of side `n` spelled in these symbols, one character a cell, means
    /// what it says: hex only at 16x16, since it spells digit 1 as `0`, which a grid of any
    /// other side takes for an empty cell (a 9x9 read in hex has every digit one too
    /// high; one written in hex reads back with its 1s gone). The one rule for reading
    /// (`--alphabet`, JSON's `"alphabet"`) and for writing ([`crate::format::Puzzle::respell`]).
    /// Nor can symbols too few for the side spell it: the 26 letters stop short of the
    /// grids from 27x27 to 35x35, whose cells the standard alphabet (`1-9A-Z`) spells.
    ///
    /// ```
    /// use sudoku::format::Alphabet;
    /// assert!(Alphabet::Hex.spells_side(16).is_ok());
    /// assert!(Alphabet::Hex.spells_side(9).unwrap_err().contains("16x16 grids only"));
    /// assert!(Alphabet::Letters.spells_side(9).is_ok());
    /// assert!(Alphabet::Letters.spells_side(26).is_ok());
    /// assert!(Alphabet::Letters.spells_side(30).unwrap_err().contains("26 symbols"));
    /// ```
    pub fn spells_side(self, n: usize) -> Result<(), String> {
        if self == Alphabet::Hex && n != 16 {
            return Err(format!(
                "the hex symbols (0-F) are for 16x16 grids only: they spell digit 1 as 0, \
                 which a {n}x{n} grid takes for an empty cell"
            ));
        }
        // Past 35x35 grids are numbers, in no alphabet.
        if self == Alphabet::Letters && (27..=35).contains(&n) {
            return Err(format!(
                "the letters (A-Z) are 26 symbols, too few for a {n}x{n} grid: read it in \
                 the standard alphabet (1-9, then A-Z for 10 to 35)"
            ));
        }
        Ok(())
    }
    /// The alphabet a grid of side `n` is read in: `forced` (`--alphabet`, or the one a
    /// record names) when it [spells the side](Alphabet::spells_side), else the one
    /// `detect` picks from the cells.
    pub(crate) fn read_as(
        forced: Option<Alphabet>,
        n: usize,
        detect: impl FnOnce() -> Alphabet,
    ) -> Result<Alphabet, String> {
        match forced {
            Some(a) => a.spells_side(n).map(|()| a),
            None => Ok(detect()),
        }
    }
    /// Whether `ch` marks an empty cell in this alphabet.
    pub fn is_empty_marker(self, ch: char) -> bool {
        match self {
            Alphabet::Hex => ch == '.',
            _ => ch == '.' || ch == '0',
        }
    }
    /// The alphabet a grid of side `n` is written in, one character a cell: `read` (the
    /// one its file used) when it has a symbol for `n`, else `A-Y` for 25x25 (the printed
    /// convention, and never read as anything else), else the standard one.
    pub fn written(n: usize, read: Option<Alphabet>) -> Alphabet {
        match read.filter(|a| a.symbol(n).is_some()) {
            Some(a) => a,
            None if n == 25 => Alphabet::Letters,
            None => Alphabet::Standard,
        }
    }
    /// Whether a record of a side-`n` grid (JSON's `"alphabet"`) names this alphabet: all
    /// but the standard one where [`Alphabet::written`] picks it unasked, so that a
    /// 25x25 record in the standard symbols is not read back as one in letters.
    ///
    /// ```
    /// use sudoku::format::Alphabet;
    /// assert!(!Alphabet::Standard.named_in_records(9));
    /// assert!(Alphabet::Standard.named_in_records(25));
    /// assert!(Alphabet::Letters.named_in_records(25));
    /// ```
    pub fn named_in_records(self, n: usize) -> bool {
        self != Alphabet::Standard || Alphabet::written(n, None) != Alphabet::Standard
    }
    /// The alphabet a grid of side `n` is written in by default.
    pub fn default_for(side: usize) -> Option<Alphabet> {
        match side {
            0..=35 => Some(Alphabet::Standard),
            _ => None,
        }
    }
    /// Picks an alphabet for the cells of a grid of side `side`, as docs/formats.md says:
    /// `G` in a 16x16 grid → standard; `0` used while `.` marks empties, or a full grid
    /// using `0` as often as every other symbol → hex; a 25x25 grid of `A-Y` with no
    /// digits, or a 16x16 one with a letter past `G` → letters.
    pub fn detect(side: usize, cells: &str) -> Alphabet {
        let has_digit = cells.chars().any(|c| c.is_ascii_digit() && c != '0');
        let has_zero = cells.contains('0');
        let has_dot = cells.contains('.');
        let max_std = cells
            .chars()
            .filter_map(|c| Alphabet::Standard.value(c))
            .max()
            .unwrap_or(0);
        // Letters only: `A-Y` for 25x25, `A-P` for 16x16 (when a letter is past `G`, which
        // no other alphabet of the side has).
        if side > 9
            && !has_digit
            && cells.chars().any(|c| c.is_ascii_alphabetic())
            && (side == 25 || max_std > side)
        {
            return Alphabet::Letters;
        }
        if side == 16 && cells.chars().any(|c| c.eq_ignore_ascii_case(&'g')) {
            return Alphabet::Standard;
        }
        if side == 16 && has_zero && has_dot {
            return Alphabet::Hex;
        }
        // A full 16x16 grid in hex (a solution) has no `.` to tell: `0` as often as each
        // of the other fifteen symbols says it is a digit.
        if side == 16 && has_zero && !has_dot {
            let mut counts = [0usize; 16];
            let mut other = false;
            for c in cells.chars() {
                match Alphabet::Hex.value(c) {
                    Some(v) => counts[v - 1] += 1,
                    None => other = true,
                }
            }
            if !other && counts.iter().all(|&k| k == counts[0]) {
                return Alphabet::Hex;
            }
        }
        Alphabet::Standard
    }
}

/// An alphabet by name ([`Alphabet::from_name`]), the error saying which names there are.
///
/// ```
/// use sudoku::format::Alphabet;
/// assert_eq!("hex".parse::<Alphabet>(), Ok(Alphabet::Hex));
/// assert!("greek".parse::<Alphabet>().unwrap_err().contains("use standard, hex or letters"));
/// ```
impl std::str::FromStr for Alphabet {
    type Err = String;
    fn from_str(name: &str) -> Result<Alphabet, String> {
        Alphabet::from_name(name)
            .ok_or_else(|| format!("unknown alphabet {name:?}; use standard, hex or letters"))
    }
}

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
