//! The independent verifier: is a grid a valid solution, and does it keep a puzzle's givens?
//!
//! Written apart from every solver, with nothing but counting, so that solver results can be
//! checked by code that shares none of their logic. Depends on [`crate::grid`] only.

use crate::grid::Grid;
use crate::index::{Cell, House};
use crate::symbols::Notation;

/// Why a grid is not a valid solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The grids have different shapes.
    ShapeMismatch {
        /// The shape of the grid checked.
        grid: crate::Shape,
        /// The shape of the puzzle it was to solve.
        puzzle: crate::Shape,
    },
    /// A cell is empty.
    Empty(Cell),
    /// A house does not hold every digit exactly once; `missing` lists its absent digits
    /// (1-based) and `repeated` the doubled ones.
    BrokenHouse {
        /// The house.
        house: House,
        /// Its absent digits, 1-based.
        missing: Vec<usize>,
        /// Its doubled digits, 1-based.
        repeated: Vec<usize>,
    },
    /// The solution changes one of the puzzle's givens.
    ChangedGiven {
        /// The given's cell.
        cell: Cell,
        /// The puzzle's digit there.
        given: usize,
        /// The solution's digit there.
        found: usize,
    },
}

impl Violation {
    /// A sentence for people: "row 3 misses 4 and repeats 7", digits in the puzzle's
    /// symbols when `n` says them (a [`Notation`]; a bare [`crate::Shape`] names them by
    /// number).
    pub fn describe(&self, n: impl Into<Notation>) -> String {
        let n: Notation = n.into();
        let shape = n.shape;
        let digit = |d: usize| n.digit(crate::Digit::new(d));
        match self {
            Violation::ShapeMismatch { grid, puzzle } => {
                let name = |s: &crate::Shape| format!("{0}x{0} in {s} boxes", s.side());
                format!("the grid is {} and the puzzle {}", name(grid), name(puzzle))
            }
            Violation::Empty(c) => format!("{} is empty", c.name(shape)),
            Violation::BrokenHouse {
                house,
                missing,
                repeated,
            } => {
                let list =
                    |v: &Vec<usize>| v.iter().map(|&d| digit(d)).collect::<Vec<_>>().join(", ");
                let mut s = format!("{} {}", house.kind_name(), house_number(*house));
                if !missing.is_empty() {
                    s += &format!(" misses {}", list(missing));
                }
                if !repeated.is_empty() {
                    s += &format!(
                        "{} repeats {}",
                        if missing.is_empty() { "" } else { " and" },
                        list(repeated)
                    );
                }
                s
            }
            Violation::ChangedGiven { cell, given, found } => {
                format!(
                    "{} holds {} but the puzzle gives {}",
                    cell.name(shape),
                    digit(*found),
                    digit(*given)
                )
            }
        }
    }
}

fn house_number(h: House) -> usize {
    match h {
        House::Row(r) => r.number(),
        House::Col(c) => c.number(),
        House::Block(b) => b.number(),
    }
}

/// Checks that `grid` is full and every house holds each digit exactly once. On failure,
/// lists every broken row, column and box, then every empty cell: a house repeats a digit,
/// or (when full) misses one; the digits a house misses for its empty cells are not
/// listed again, the cells are.
///
/// ```
/// use sudoku::{Grid, verify};
/// let good = Grid::from_line("1234341221434321")?;
/// assert!(verify::check_solution(&good).is_ok());
/// let bad = Grid::from_line("1234341221434312")?;
/// assert_eq!(verify::check_solution(&bad).unwrap_err().len(), 2); // columns 3 and 4
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_solution(grid: &Grid) -> Result<(), Vec<Violation>> {
    let s = grid.shape();
    let n = s.side();
    let mut out: Vec<Violation> = Vec::new();
    let mut count = vec![0u32; n + 1];
    for house in House::distinct(s) {
        count.iter_mut().for_each(|c| *c = 0);
        for cell in house.cells(s) {
            count[grid.value(cell)] += 1;
        }
        let full = count[0] == 0;
        let missing: Vec<usize> = (1..=n).filter(|&d| full && count[d] == 0).collect();
        let repeated: Vec<usize> = (1..=n).filter(|&d| count[d] > 1).collect();
        if !missing.is_empty() || !repeated.is_empty() {
            out.push(Violation::BrokenHouse {
                house,
                missing,
                repeated,
            });
        }
    }
    out.extend(
        Cell::all(s)
            .filter(|&c| grid.value(c) == 0)
            .map(Violation::Empty),
    );
    if out.is_empty() {
        Ok(())
    } else {
        Err(out)
    }
}

/// Checks that `solution` is valid (see [`check_solution`]) and holds every given of
/// `puzzle` where the puzzle has it.
pub fn check_solution_of(puzzle: &Grid, solution: &Grid) -> Result<(), Vec<Violation>> {
    if puzzle.shape() != solution.shape() {
        return Err(vec![Violation::ShapeMismatch {
            grid: solution.shape(),
            puzzle: puzzle.shape(),
        }]);
    }
    let mut out = check_solution(solution).err().unwrap_or_default();
    for cell in Cell::all(puzzle.shape()) {
        let (given, found) = (puzzle.value(cell), solution.value(cell));
        // A given left empty is said once, as an empty cell.
        if given != 0 && found != 0 && given != found {
            out.push(Violation::ChangedGiven { cell, given, found });
        }
    }
    // Empty cells last, as `check_solution` lists them.
    out.sort_by_key(|v| matches!(v, Violation::Empty(_)));
    if out.is_empty() {
        Ok(())
    } else {
        Err(out)
    }
}
