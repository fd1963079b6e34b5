//! The grid and its candidates: [`Grid`] (values, and which are givens), [`Candidates`]
//! (pencil marks) and [`Board`] (a grid in play, where [`Board::place`] and
//! [`Board::eliminate`] are the only ways to make progress).
//!
//! Depends on [`crate::shape`], [`crate::index`], [`crate::set`].

use crate::index::{Candidate, Cell, Digit, House};
use crate::set::DigitSet;
use crate::shape::Shape;
use crate::symbols::Notation;
use std::fmt;

/// A grid of any shape: each cell empty or holding a digit, and for each filled cell whether
/// it is a given (part of the puzzle) or was placed later (by a player or a solver).
///
/// ```
/// use sudoku::{Grid, Shape, Cell, Digit};
/// let mut g = Grid::empty(Shape::new(2, 2)?);
/// g.set_given(Cell::new(0), Digit::new(3));
/// assert_eq!(g.get(Cell::new(0)), Some(Digit::new(3)));
/// assert_eq!(g.filled_count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    /// 0 = empty, else the digit's 1-based value.
    values: Vec<u16>,
    given: Vec<bool>,
}

/// Error for [`Grid::from_values`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The number of values is not the shape's cell count.
    #[error("expected {expected} cells for a {} grid, found {found}", .shape.grid_name())]
    WrongLength {
        /// The grid's shape.
        shape: Shape,
        /// Its cell count.
        expected: usize,
        /// How many values were given.
        found: usize,
    },
    /// A value above the grid's side.
    #[error("value {value} at cell {cell} is out of range 0..={max}")]
    OutOfRange {
        /// The cell's index, 0-based in reading order.
        cell: usize,
        /// The value found.
        value: usize,
        /// The largest value allowed (the side).
        max: usize,
    },
}

impl Grid {
    /// A grid with every cell empty.
    pub fn empty(shape: Shape) -> Grid {
        let n = shape.cell_count();
        Grid {
            shape,
            values: vec![0; n],
            given: vec![false; n],
        }
    }

    /// A grid from row-major values (`0` = empty); every filled cell is a given.
    pub fn from_values(shape: Shape, values: &[usize]) -> Result<Grid, GridError> {
        let expected = shape.cell_count();
        if values.len() != expected {
            return Err(GridError::WrongLength {
                shape,
                expected,
                found: values.len(),
            });
        }
        let max = shape.side();
        let mut g = Grid::empty(shape);
        for (i, &v) in values.iter().enumerate() {
            if v > max {
                return Err(GridError::OutOfRange {
                    cell: i,
                    value: v,
                    max,
                });
            }
            g.values[i] = v as u16;
            g.given[i] = v != 0;
        }
        Ok(g)
    }

    /// Parses one line of `n²` cells in the usual alphabet (`1-9`, then `A-Z` for 10 and up;
    /// `.` or `0` empty). A convenience for examples and tests: use [`crate::format`] for input.
    ///
    /// ```
    /// use sudoku::Grid;
    /// let g = Grid::from_line("1.3.....").is_err(); // 8 cells is no square
    /// assert!(g);
    /// assert!(Grid::from_line("12343412.1.34321").is_ok());
    /// ```
    pub fn from_line(line: &str) -> Result<Grid, crate::format::ParseError> {
        crate::format::parse_line(line)
    }

    #[inline]
    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The digit in `cell`, if any.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        match self.values[cell.index()] {
            0 => None,
            v => Some(Digit::new(v as usize)),
        }
    }
    /// The value of `cell` as a number, `0` for empty.
    #[inline]
    pub fn value(&self, cell: Cell) -> usize {
        self.values[cell.index()] as usize
    }
    /// All values, row-major, `0` for empty.
    #[inline]
    pub fn values(&self) -> &[u16] {
        &self.values
    }
    /// Whether `cell` holds a given.
    #[inline]
    pub fn is_given(&self, cell: Cell) -> bool {
        self.given[cell.index()]
    }
    /// Puts a placed (non-given) digit in `cell`, or empties it with `None`.
    #[inline]
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.values[cell.index()] = digit.map_or(0, |d| d.get() as u16);
        self.given[cell.index()] = false;
    }
    /// Puts a given in `cell`.
    #[inline]
    pub fn set_given(&mut self, cell: Cell, digit: Digit) {
        self.values[cell.index()] = digit.get() as u16;
        self.given[cell.index()] = true;
    }
    /// `puzzle` with its open cells filled from `values` (one per cell, 1-based), its
    /// givens kept as givens: a solver's answer. The values are the solver's, in range.
    pub(crate) fn filled_from(puzzle: &Grid, values: &[u16]) -> Grid {
        debug_assert!(values.len() == puzzle.values.len());
        debug_assert!(values
            .iter()
            .all(|&v| usize::from(v) <= puzzle.shape.side()));
        Grid {
            shape: puzzle.shape,
            values: values.to_vec(),
            given: puzzle.given.clone(),
        }
    }

    /// Marks every filled cell as a given (a solved grid read as a puzzle, say).
    pub fn make_all_given(&mut self) {
        for (g, &v) in self.given.iter_mut().zip(&self.values) {
            *g = v != 0;
        }
    }
    /// The grid of the givens alone.
    pub fn givens(&self) -> Grid {
        let mut g = self.clone();
        for (v, &given) in g.values.iter_mut().zip(&self.given) {
            if !given {
                *v = 0;
            }
        }
        g
    }
    /// The puzzle a position was played from, which every command solves, rates and
    /// judges: its givens, inside `marks` only when no digit was placed (a pencil-mark
    /// puzzle's marks are part of it; a game in progress's are the player's notes, as its
    /// placed digits are, and either may be wrong).
    ///
    /// ```
    /// use sudoku::{format, Grid};
    /// let mut g = format::parse_line(&format!("1{}", ".".repeat(15)))?;
    /// g.set(sudoku::Cell::new(5), Some(sudoku::Digit::new(1)));
    /// let (puzzle, marks) = g.unplayed(None);
    /// assert_eq!((puzzle.filled_count(), marks.is_none()), (1, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unplayed<'a>(
        &'a self,
        marks: Option<&'a Candidates>,
    ) -> (std::borrow::Cow<'a, Grid>, Option<&'a Candidates>) {
        if self.has_placed() {
            (std::borrow::Cow::Owned(self.givens()), None)
        } else {
            (std::borrow::Cow::Borrowed(self), marks)
        }
    }
    /// Whether any cell holds a digit that is not a given.
    pub fn has_placed(&self) -> bool {
        self.values
            .iter()
            .zip(&self.given)
            .any(|(&v, &g)| v != 0 && !g)
    }
    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }
    /// How many cells hold a given.
    pub fn given_count(&self) -> usize {
        self.given.iter().filter(|&&g| g).count()
    }
    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }
    /// The rows as vectors of numbers (`0` empty): the shape JSON output uses.
    pub fn rows(&self) -> Vec<Vec<usize>> {
        self.values
            .chunks(self.shape.side())
            .map(|r| r.iter().map(|&v| v as usize).collect())
            .collect()
    }

    /// Every digit that appears twice or more in a house, with the cells that hold it.
    /// Empty when the digits present break no rule.
    pub fn conflicts(&self) -> Vec<Conflict> {
        if !self.has_clash() {
            return Vec::new();
        }
        let s = self.shape;
        let mut out = Vec::new();
        let mut seen: Vec<Vec<Cell>> = vec![Vec::new(); s.side()];
        for house in House::distinct(s) {
            for v in seen.iter_mut() {
                v.clear();
            }
            for cell in house.cells(s) {
                if let Some(d) = self.get(cell) {
                    seen[d.index()].push(cell);
                }
            }
            for (i, cells) in seen.iter().enumerate() {
                if cells.len() > 1 {
                    out.push(Conflict {
                        house,
                        digit: Digit::from_index(i),
                        cells: cells.clone(),
                    });
                }
            }
        }
        out
    }

    /// Whether some digit stands twice in a house: one pass with a bitmask per house, so
    /// that the common case (no clash) costs no allocation. [`Grid::conflicts`] runs first
    /// through here; the detailed pass only runs when there is something to report.
    pub fn has_clash(&self) -> bool {
        let s = self.shape;
        let side = s.side();
        if side > 64 {
            return self.clash_by_words();
        }
        let (mut rows, mut cols, mut boxes) = ([0u64; 64], [0u64; 64], [0u64; 64]);
        let (br, bc) = (s.box_rows(), s.box_cols());
        let stacks = side / bc;
        for (i, &v) in self.values.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (r, c) = (i / side, i % side);
            let b = (r / br) * stacks + c / bc;
            let bit = 1u64 << (v - 1);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return true;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        false
    }

    /// [`Grid::has_clash`] for sides above 64.
    fn clash_by_words(&self) -> bool {
        self.digits_by_house().is_none()
    }

    /// The digits present in each house as bit words, `None` if one stands twice in a
    /// house: `3n` houses (rows, then columns, then boxes numbered band by band), each
    /// `⌈n/64⌉` words, digit `d` (from 0) bit `d % 64` of word `d / 64`. The one builder
    /// behind [`Grid::has_clash`] past side 64 and the general solver's first state. It
    /// walks row by row so that no cell's houses cost a division (typed digit sets and
    /// `Cell::houses` took a twentieth of a 225x225 answer).
    pub(crate) fn digits_by_house(&self) -> Option<Vec<u64>> {
        let s = self.shape;
        let n = s.side();
        let wpc = n.div_ceil(64);
        let (br, bc) = (s.box_rows(), s.box_cols());
        let stack: Vec<usize> = (0..n).map(|c| c / bc).collect();
        let mut seen = vec![0u64; 3 * n * wpc];
        for (r, row) in self.values.chunks_exact(n).enumerate() {
            let band = (r / br) * (n / bc);
            for (c, &v) in row.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                let d = v as usize - 1;
                let (word, bit) = (d / 64, 1u64 << (d % 64));
                for h in [r, n + c, 2 * n + band + stack[c]] {
                    let w = &mut seen[h * wpc + word];
                    if *w & bit != 0 {
                        return None;
                    }
                    *w |= bit;
                }
            }
        }
        Some(seen)
    }

    /// Whether this grid is a complete, valid solution. See [`crate::verify`] for the
    /// detailed report.
    pub fn is_solution(&self) -> bool {
        // Full with no repeat: each house's `n` cells then hold `n` different digits, every
        // one. The report's per-house counts cost the formula fit a seventh of a 36x36
        // answer, where it checks each solution it lists.
        !self.values.contains(&0) && !self.has_clash()
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Grid({}, {})",
            self.shape,
            crate::format::line::write_line(self)
        )
    }
}

/// A digit repeated in a house: the proof that a grid's digits break the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The house where the digit repeats.
    pub house: House,
    /// The repeated digit.
    pub digit: Digit,
    /// The cells that hold it there.
    pub cells: Vec<Cell>,
}

impl Conflict {
    /// "digit 5 twice in row 1: r1c1, r1c4", the digit in the puzzle's symbols when `n`
    /// says them (a [`Notation`]; a bare [`Shape`] names digits by number).
    pub fn describe(&self, n: impl Into<Notation>) -> String {
        let n: Notation = n.into();
        let shape = n.shape;
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|c| c.name(shape).to_string())
            .collect();
        format!(
            "digit {} {} times in {} {}: {}",
            n.digit(self.digit),
            self.cells.len(),
            self.house.kind_name(),
            match self.house {
                House::Row(r) => r.number(),
                House::Col(c) => c.number(),
                House::Block(b) => b.number(),
            },
            cells.join(", ")
        )
    }
}

/// Pencil marks: for each cell, the digits still thought possible there.
///
/// A candidate set says nothing of the cell's value: a solved cell may keep an empty set or
/// just its digit, depending on where the marks came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Candidates {
    shape: Shape,
    sets: Vec<DigitSet>,
}

impl Candidates {
    /// Every digit possible in every cell.
    pub fn full(shape: Shape) -> Candidates {
        Candidates {
            shape,
            sets: vec![DigitSet::full(shape.side()); shape.cell_count()],
        }
    }
    /// No candidate anywhere.
    pub fn none(shape: Shape) -> Candidates {
        Candidates {
            shape,
            sets: vec![DigitSet::EMPTY; shape.cell_count()],
        }
    }
    /// The candidates the rules allow: for each empty cell, the digits none of its peers hold;
    /// for each filled cell, nothing.
    pub fn from_grid(grid: &Grid) -> Candidates {
        let s = grid.shape();
        let n = s.side();
        let full = DigitSet::full(n);
        let mut used = vec![DigitSet::EMPTY; s.house_count()];
        for cell in Cell::all(s) {
            if let Some(d) = grid.get(cell) {
                for h in cell.houses(s) {
                    used[h.index(s)].insert(d);
                }
            }
        }
        let sets = Cell::all(s)
            .map(|cell| match grid.get(cell) {
                Some(_) => DigitSet::EMPTY,
                None => {
                    let [a, b, c] = cell.houses(s).map(|h| used[h.index(s)]);
                    full - (a | b | c)
                }
            })
            .collect();
        Candidates { shape: s, sets }
    }
    #[inline]
    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    #[inline]
    /// The candidates of `cell`.
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.sets[cell.index()]
    }
    #[inline]
    /// Sets the candidates of `cell`.
    pub fn set(&mut self, cell: Cell, digits: DigitSet) {
        self.sets[cell.index()] = digits;
    }
    #[inline]
    /// Whether the candidate is marked.
    pub fn contains(&self, c: Candidate) -> bool {
        self.sets[c.cell.index()].contains(c.digit)
    }
    /// Removes a candidate; returns whether it was there.
    #[inline]
    pub fn remove(&mut self, c: Candidate) -> bool {
        self.sets[c.cell.index()].remove(c.digit)
    }
    /// Adds a candidate; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, c: Candidate) -> bool {
        self.sets[c.cell.index()].insert(c.digit)
    }
    /// Total number of candidates.
    pub fn count(&self) -> usize {
        self.sets.iter().map(|s| s.len()).sum()
    }
}

/// A grid in play: the values and the candidates of the empty cells, kept consistent.
///
/// [`Board::place`] and [`Board::eliminate`] are the only operations that change it: every
/// solver step, every player's move and every reader goes through them.
///
/// ```
/// use sudoku::{Board, Grid, Candidate, Cell, Digit};
/// let grid = Grid::from_line("1...............")?;
/// let mut board = Board::new(&grid);
/// assert!(!board.candidates(Cell::new(1)).contains(Digit::new(1)));
/// board.place(Cell::new(5), Digit::new(2));
/// assert!(!board.candidates(Cell::new(4)).contains(Digit::new(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    grid: Grid,
    cands: Candidates,
}

impl Board {
    /// The board of a grid, with the candidates the rules allow.
    pub fn new(grid: &Grid) -> Board {
        Board {
            cands: Candidates::from_grid(grid),
            grid: grid.clone(),
        }
    }
    /// A board with pencil marks of the user's own (say, read from a file mid-solve). Filled
    /// cells lose their marks; marks are otherwise kept as they are, not completed.
    pub fn with_candidates(grid: &Grid, marks: &Candidates) -> Board {
        let mut cands = marks.clone();
        for cell in Cell::all(grid.shape()) {
            if grid.get(cell).is_some() {
                cands.set(cell, DigitSet::EMPTY);
            }
        }
        Board {
            grid: grid.clone(),
            cands,
        }
    }
    #[inline]
    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }
    #[inline]
    /// The digits as they stand: givens and placed digits.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
    #[inline]
    /// The candidates of every cell.
    pub fn all_candidates(&self) -> &Candidates {
        &self.cands
    }
    /// The candidates of `cell` (empty for a filled cell).
    #[inline]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands.get(cell)
    }
    #[inline]
    /// The digit in `cell`, if it is filled.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.grid.get(cell)
    }
    /// Whether `digit` is still a candidate in `cell`.
    #[inline]
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.cands.get(cell).contains(digit)
    }
    /// Puts `digit` in `cell` and removes it from the candidates of every peer.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        let s = self.shape();
        self.grid.set(cell, Some(digit));
        self.cands.set(cell, DigitSet::EMPTY);
        for p in cell.peers(s) {
            self.cands.remove(Candidate::new(p, digit));
        }
    }
    /// Removes `digit` from the candidates of `cell`; returns whether it was there.
    #[inline]
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        self.cands.remove(Candidate::new(cell, digit))
    }
    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.grid.is_full()
    }
    /// The empty cells.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::all(self.shape()).filter(|&c| self.grid.get(c).is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two filled cells that see each other and hold the same digit, by brute force.
    fn naive_clash(g: &Grid) -> bool {
        let s = g.shape();
        let n = s.cell_count();
        (0..n).any(|a| {
            (a + 1..n).any(|b| {
                let (ca, cb) = (Cell::new(a), Cell::new(b));
                g.value(ca) != 0 && g.value(ca) == g.value(cb) && ca.sees(cb, s)
            })
        })
    }

    #[test]
    fn clash_check_agrees_with_brute_force() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        // Sides 4, 6, 9, 12, and 72 and 81 (above 64: the word-set path, with boxes of
        // both orientations).
        let shapes = [
            (2, 2, 6),
            (2, 3, 8),
            (3, 3, 14),
            (3, 4, 20),
            (8, 9, 80),
            (9, 8, 80),
            (9, 9, 90),
        ];
        for (br, bc, fill) in shapes {
            let s = Shape::new(br, bc).unwrap();
            let (mut with, mut without) = (0, 0);
            for _ in 0..200 {
                let mut g = Grid::empty(s);
                for _ in 0..rng.gen_range(0..fill) {
                    let cell = Cell::new(rng.gen_range(0..s.cell_count()));
                    g.set_given(cell, Digit::new(rng.gen_range(1..=s.side())));
                }
                let expected = naive_clash(&g);
                assert_eq!(g.has_clash(), expected, "{g:?}");
                assert_eq!(g.conflicts().is_empty(), !expected);
                if expected {
                    with += 1;
                } else {
                    without += 1;
                }
            }
            assert!(with > 0 && without > 0, "{s}: both cases drawn");
        }
    }

    /// The quick check says what the detailed report says: on solved grids, and on them
    /// with a cell emptied, two cells of a row swapped (the row still full and distinct),
    /// or a cell changed, at sides on both sides of 64.
    #[test]
    fn is_solution_agrees_with_the_report() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for (br, bc) in [(2, 3), (3, 2), (3, 3), (3, 4), (8, 9), (9, 9)] {
            let s = Shape::new(br, bc).unwrap();
            let n = s.side();
            let solved: Vec<usize> = (0..n * n)
                .map(|i| {
                    let (r, c) = (i / n, i % n);
                    ((r % br) * bc + r / br + c) % n + 1
                })
                .collect();
            let mut verdicts = [0; 2];
            for round in 0..40 {
                let mut v = solved.clone();
                let (a, b) = (rng.gen_range(0..n * n), rng.gen_range(0..n * n));
                match round % 4 {
                    0 => {}
                    1 => v[a] = 0,
                    2 => v.swap(a, a - a % n + (a + 1 + b % (n - 1)) % n),
                    _ => v[a] = rng.gen_range(1..=n),
                }
                let g = Grid::from_values(s, &v).unwrap();
                let expected = crate::verify::check_solution(&g).is_ok();
                assert_eq!(g.is_solution(), expected, "{s}, round {round}");
                verdicts[usize::from(expected)] += 1;
            }
            assert!(verdicts[0] > 0 && verdicts[1] > 0, "{s}: {verdicts:?}");
        }
    }

    #[test]
    fn conflicts_name_house_and_cells() {
        let g = Grid::from_line("11..............").unwrap();
        let c = g.conflicts();
        assert_eq!(c.len(), 2); // row 1 and box 1
        assert_eq!(
            c[0].describe(g.shape()),
            "digit 1 2 times in row 1: r1c1, r1c2"
        );
        assert!(matches!(c[1].house, House::Block(_)));
    }

    #[test]
    fn candidates_follow_the_rules() {
        let g = Grid::from_line("1234............").unwrap();
        let c = Candidates::from_grid(&g);
        let digits = |i| {
            c.get(Cell::new(i))
                .iter()
                .map(Digit::get)
                .collect::<Vec<_>>()
        };
        assert_eq!(digits(4), vec![3, 4]);
        assert_eq!(digits(0), Vec::<usize>::new());
    }
}
