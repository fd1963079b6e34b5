//! Where the game's hints come from: the [`HintSource`] trait and [`Logic`], the library's
//! logic solver with its graded hint words and step texts. The game holds a step as a
//! [`Hint`] (its outcome and words), and applies it with the library's
//! [`sudoku::logic::apply_changes`].

use sudoku::logic::{HintLevel, LogicSolver, Notation, Order, Step};
use sudoku::{Board, Candidate, Cell};

/// An explained step, as the game shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// "Hidden Single".
    pub technique: String,
    /// The first, vague stage: "Look at row 4 for a Hidden Single."
    pub vague: String,
    /// The concrete stage: the library's explanation, then the step's one-line text.
    pub explanation: String,
    pub placements: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    /// Cells to highlight as the reason.
    pub cells: Vec<Cell>,
}

impl Hint {
    /// The game's hint for a step of the library's solver, its words in notation `n` (the
    /// grid's symbols).
    pub fn of(n: Notation, step: &Step) -> Hint {
        Hint {
            technique: step.technique.name().to_string(),
            vague: step.hint(n, HintLevel::Vague),
            explanation: format!("{} ({})", step.explain(n), step.text(n)),
            placements: step.placements.clone(),
            eliminations: step.eliminations.clone(),
            cells: step.cells(),
        }
    }
}

/// Finds the next explained step of a position. Takes a [`Board`] (digits and candidates),
/// the same input as the logic solver's `next_step`, so that steps which only eliminate
/// candidates carry on along a path.
/// Hints name digits in notation `n`: the grid's shape and the symbols it is written in.
pub trait HintSource {
    /// The next step from `board`, or `None` when this source is stuck (or it is solved).
    fn next(&self, n: Notation, board: &Board) -> Option<Hint>;

    /// The whole path from `board`, at most `limit` steps, until solved or stuck.
    fn path(&self, n: Notation, board: &Board, limit: usize) -> Vec<Hint>;
}

/// Hints from the library's logic solver: every technique of HoDoKu's default set plus the
/// dynamic and nested forcing chains (the faces' solver), never backtracking. Works from
/// the player's own marks as they are (see [`HintSource`]).
pub struct Logic {
    solver: LogicSolver,
}

impl Logic {
    pub fn new() -> Logic {
        Logic::with_techniques(None)
    }

    /// The solver with `--techniques`-style `list` applied to HoDoKu's defaults (`None`:
    /// the faces' defaults).
    pub fn with_techniques(list: Option<&str>) -> Logic {
        let solver =
            LogicSolver::for_faces(Order::Hodoku, list, false).expect("known technique codes");
        Logic { solver }
    }
}

impl Default for Logic {
    fn default() -> Logic {
        Logic::new()
    }
}

impl HintSource for Logic {
    fn next(&self, n: Notation, board: &Board) -> Option<Hint> {
        if !board.grid().conflicts().is_empty() {
            return None;
        }
        let step = self.solver.next_step(board)?;
        Some(Hint::of(n, &step))
    }

    fn path(&self, n: Notation, board: &Board, limit: usize) -> Vec<Hint> {
        if !board.grid().conflicts().is_empty() {
            return Vec::new();
        }
        // The library's path: a step's words need no board, only the notation.
        let path = self.solver.solve_board(board.clone());
        path.steps
            .iter()
            .take(limit)
            .map(|step| Hint::of(n, step))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use sudoku::Grid;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn hints_are_the_librarys_steps_and_walk_an_easy_puzzle() {
        let g = Grid::from_line(EASY).unwrap();
        let board = Board::new(&g);
        let n = Notation::from(g.shape());
        let h = Logic::new().next(n, &board).unwrap();
        let step = LogicSolver::for_faces(Order::Hodoku, None, false)
            .unwrap()
            .next_step(&board)
            .unwrap();
        assert_eq!(h, Hint::of(n, &step));
        assert_eq!(h.vague, step.hint(g.shape(), HintLevel::Vague));
        let path = Logic::new().path(n, &board, 100);
        assert_eq!(path.len(), 51, "the whole puzzle falls to singles");
        let mut b = board.clone();
        for h in &path {
            let changed = sudoku::logic::apply_changes(&mut b, &h.placements, &h.eliminations);
            assert!(changed, "{} changed nothing", h.explanation);
        }
        assert!(b.is_solved());
        assert_eq!(
            Logic::new().path(n, &board, 10).len(),
            10,
            "the limit holds"
        );
    }

    #[test]
    fn says_nothing_on_a_clash() {
        let g = Grid::from_line("11..............").unwrap();
        let n = Notation::from(g.shape());
        assert!(Logic::new().next(n, &Board::new(&g)).is_none());
        assert!(Logic::new().path(n, &Board::new(&g), 10).is_empty());
    }
}
