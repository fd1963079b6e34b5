//! Where hints come from: the [`HintSource`] trait, and [`Singles`], the built-in source that
//! finds naked and hidden singles with the library's [`Board`] candidates.
//!
//! The logic solver (`sudoku::logic`) plugs in here when it lands: an adapter turning its
//! explained `Step` into a [`Hint`] (technique name, the vague sentence from the step's
//! house, placements, eliminations, highlighted cells) is all the game needs.

use sudoku::{Board, Candidate, Cell, Digit, House, Shape};

/// An explained step, as the game shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// "Hidden Single".
    pub technique: String,
    /// The first, vague stage: "there is a hidden single in row 4".
    pub vague: String,
    /// The concrete stage: "In row 4, 7 fits only r4c2: r4c2 = 7".
    pub explanation: String,
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    /// Cells to highlight as the reason (the house, the cell).
    pub cells: Vec<Cell>,
}

/// Finds the next explained step of a position. Takes a [`Board`] (digits and candidates),
/// the same input as the logic solver's `next_step`, so that steps which only eliminate
/// candidates carry on along a path.
pub trait HintSource {
    /// The next step from `board`, or `None` when this source is stuck (or it is solved).
    fn next(&self, board: &Board) -> Option<Hint>;

    /// The whole path from `board`: steps applied one after the other until solved or stuck.
    fn path(&self, board: &Board, limit: usize) -> Vec<Hint> {
        let mut b = board.clone();
        let mut out = Vec::new();
        while out.len() < limit {
            let Some(h) = self.next(&b) else { break };
            if !apply(&mut b, &h) {
                break; // a step that changes nothing would repeat for ever
            }
            out.push(h);
        }
        out
    }
}

/// Applies a hint's placements and eliminations to `board`; returns whether it changed.
pub fn apply(board: &mut Board, h: &Hint) -> bool {
    sudoku::logic::apply_changes(board, &h.placements, &h.eliminations)
}

/// Naked and hidden singles: enough for easy puzzles, and for the game until the logic
/// solver lands.
#[derive(Clone, Copy, Debug, Default)]
pub struct Singles;

fn house_words(h: House) -> String {
    let n = match h {
        House::Row(r) => r.number(),
        House::Col(c) => c.number(),
        House::Block(b) => b.number(),
    };
    format!("{} {n}", h.kind_name())
}

/// The symbol people type for digit `d`: 1-9, then A-Z.
pub fn symbol(d: usize) -> char {
    sudoku::format::Alphabet::Standard.symbol(d).unwrap_or('?')
}

impl HintSource for Singles {
    fn next(&self, board: &Board) -> Option<Hint> {
        let s: Shape = board.shape();
        if !board.grid().conflicts().is_empty() {
            return None;
        }
        // Hidden singles first in boxes, then rows and columns (how people scan), then naked.
        let houses = House::all(s)
            .filter(|h| matches!(h, House::Block(_)))
            .chain(House::all(s).filter(|h| !matches!(h, House::Block(_))));
        for h in houses {
            for d in Digit::all(s) {
                let mut spots = h.cells(s).filter(|&c| board.has(c, d));
                if let (Some(cell), None) = (spots.next(), spots.next()) {
                    let name = cell.name(s);
                    let hw = house_words(h);
                    return Some(Hint {
                        technique: "Hidden Single".into(),
                        vague: format!("There is a hidden single in {hw}."),
                        explanation: format!(
                            "Hidden Single: in {hw}, {} fits only in {name}, so {name} = {}.",
                            symbol(d.get()),
                            symbol(d.get())
                        ),
                        placements: vec![Candidate::new(cell, d)],
                        eliminations: vec![],
                        cells: h.cells(s).collect(),
                    });
                }
            }
        }
        for cell in board.empty_cells() {
            if let Some(d) = board.candidates(cell).single_member() {
                let name = cell.name(s);
                let mut cells: Vec<Cell> = vec![cell];
                cells.extend(cell.peers(s).filter(|&p| board.value(p).is_some()));
                return Some(Hint {
                    technique: "Naked Single".into(),
                    vague: format!(
                        "There is a naked single in {}.",
                        house_words(House::Row(cell.row(s)))
                    ),
                    explanation: format!(
                        "Naked Single: every digit but {} is already in the row, column or box of {name}, so {name} = {}.",
                        symbol(d.get()),
                        symbol(d.get())
                    ),
                    placements: vec![Candidate::new(cell, d)],
                    eliminations: vec![],
                    cells,
                });
            }
        }
        None
    }
}

/// Hints from the library's logic solver: every technique of HoDoKu's default set plus the
/// dynamic and nested forcing chains, never backtracking. Works from the player's own marks
/// as they are (see [`HintSource`]).
pub struct Logic {
    solver: sudoku::logic::LogicSolver,
}

impl Logic {
    pub fn new() -> Logic {
        let solver =
            sudoku::logic::LogicSolver::for_faces(sudoku::logic::Order::Hodoku, None, false)
                .expect("known technique codes");
        Logic { solver }
    }
}

impl Default for Logic {
    fn default() -> Logic {
        Logic::new()
    }
}

impl HintSource for Logic {
    fn next(&self, board: &Board) -> Option<Hint> {
        if !board.grid().conflicts().is_empty() {
            return None;
        }
        let step = self.solver.next_step(board)?;
        let shape = board.shape();
        Some(Hint {
            technique: step.technique.name().to_string(),
            vague: step.hint(shape, sudoku::logic::HintLevel::Vague),
            explanation: format!("{} ({})", step.explain(shape), step.text(shape)),
            placements: step.placements.clone(),
            eliminations: step.eliminations.clone(),
            cells: step.cells(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use sudoku::Grid;

    #[test]
    fn finds_a_hidden_single_and_walks_an_easy_puzzle() {
        let g = Grid::from_line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let h = Singles.next(&Board::new(&g)).unwrap();
        assert!(h.vague.starts_with("There is a"), "{}", h.vague);
        let path = Singles.path(&Board::new(&g), 100);
        assert_eq!(path.len(), 51, "the whole puzzle falls to singles");
    }

    #[test]
    fn says_nothing_on_a_clash() {
        let g = Grid::from_line("11..............").unwrap();
        assert!(Singles.next(&Board::new(&g)).is_none());
    }
}
