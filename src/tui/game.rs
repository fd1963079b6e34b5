//! The game being played: the puzzle, the cells as they stand (digits and pencil marks), the
//! history of changes (undo and redo without limit), named checkpoints and the trial layer.
//!
//! Every change to the cells is a [`Change`]: a list of [`Edit`]s, each saying what one cell
//! held before and after. Undo applies the `before`s, redo the `after`s. Restoring a
//! checkpoint and throwing a trial away are changes too, so they can be undone like any
//! move. The save file keeps the history itself, and [`Game::replay`] rebuilds the cells
//! from the puzzle and the history, so a resumed game undoes as far back as the original.
//!
//! Pencil marks are a `u64` bitmask per cell (bit `d-1` for digit `d`): the game plays grids
//! up to 25x25. No terminal types here.

use serde::{Deserialize, Serialize};
use sudoku::format::Alphabet;
use sudoku::{Cell, Digit, Grid, Shape};

/// The sides the game plays: its symbols (`1-9A-Z`) name 35 digits, and a cell's pencil
/// marks are a `u64`; the smallest grid with boxes is 4x4.
pub const SIDES: std::ops::RangeInclusive<usize> = 4..=25;

/// Why a grid of `shape` cannot be played, if it cannot: every way into the game (a file,
/// a saved game, a size typed in) says it in these words.
pub fn unplayable(shape: Shape) -> Option<String> {
    let n = shape.side();
    (!SIDES.contains(&n)).then(|| {
        format!(
            "a {n}x{n} grid: the game plays sizes {0}x{0} to {1}x{1}",
            SIDES.start(),
            SIDES.end()
        )
    })
}

/// What one cell holds: a digit (`0` for none) and pencil marks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellState {
    pub value: u16,
    pub marks: u64,
}

/// One cell's change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    pub cell: u32,
    pub before: CellState,
    pub after: CellState,
}

/// One undoable step: what the player did, and every cell it changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// For people: "r1c2 = 5", "restore checkpoint a".
    pub what: String,
    pub edits: Vec<Edit>,
}

/// A named snapshot of the cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub name: String,
    pub cells: Vec<CellState>,
}

/// A guess being followed: where it started, and the cells as they were then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trial {
    /// History position when the trial started: discarding undoes back to it.
    pub start: usize,
    pub base: Vec<CellState>,
}

/// The whole game: everything the save file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The givens alone.
    pub puzzle: Grid,
    /// The solution, when the puzzle has exactly one.
    pub solution: Option<Grid>,
    pub cells: Vec<CellState>,
    pub history: Vec<Change>,
    /// How many changes of `history` are applied; the rest can be redone.
    pub pos: usize,
    pub checkpoints: Vec<Checkpoint>,
    pub trial: Option<Trial>,
    /// Time played, in milliseconds.
    pub elapsed_ms: u64,
    /// Where the puzzle came from ("bundled easy #3", a file name).
    pub source: String,
    /// Its rating or level, when known.
    pub level: Option<String>,
    /// The symbols digits are shown and typed in: the file's (hex, `A-Y`), else `1-9A-Z`.
    pub alphabet: Alphabet,
}

/// The bit of digit `d` (1-based) in a mark mask.
#[inline]
pub fn bit(d: u16) -> u64 {
    1u64 << (d - 1)
}

impl Game {
    /// A fresh game of `puzzle` (its filled cells are the givens).
    pub fn new(puzzle: &Grid, source: &str, level: Option<String>) -> Game {
        let mut givens = puzzle.clone();
        givens.make_all_given();
        let givens = givens.givens();
        let solution = sudoku::solve::solve(&givens).unique().cloned();
        let cells = givens
            .values()
            .iter()
            .map(|&v| CellState { value: v, marks: 0 })
            .collect();
        Game {
            puzzle: givens,
            solution,
            cells,
            history: Vec::new(),
            pos: 0,
            checkpoints: Vec::new(),
            trial: None,
            elapsed_ms: 0,
            source: source.to_string(),
            level,
            alphabet: Alphabet::Standard,
        }
    }

    /// How hints and steps name this grid's cells and digits (in its symbols).
    pub fn notation(&self) -> sudoku::logic::Notation {
        sudoku::logic::Notation::new(self.shape(), Some(self.alphabet))
    }

    /// The symbol shown for digit `d` (1-based).
    pub fn symbol(&self, d: u16) -> char {
        self.alphabet.symbol(d as usize).unwrap_or('?')
    }

    /// The digit the character `c` types, if it is one of this grid's.
    pub fn digit_of(&self, c: char) -> Option<u16> {
        // Lower-case keys are commands: only upper-case letters type digits.
        if c.is_ascii_lowercase() {
            return None;
        }
        self.alphabet
            .value(c)
            .filter(|&v| v <= self.side())
            .map(|v| v as u16)
    }

    /// A game from a file: its givens, and where the file says so (an exported game), the
    /// digits placed and the pencil marks as the starting position.
    pub fn from_puzzle(p: &sudoku::format::Puzzle, source: &str) -> Game {
        let mut game = Game::new(&p.grid.givens(), source, p.info.level.clone());
        let n = p.shape().side();
        game.alphabet = p
            .alphabet
            .filter(|a| a.symbol(n).is_some())
            .unwrap_or(Alphabet::Standard);
        for (i, cell) in game.cells.iter_mut().enumerate() {
            if cell.value != 0 {
                continue;
            }
            let at = sudoku::Cell::new(i);
            match p.grid.get(at) {
                Some(d) => cell.value = d.get() as u16,
                None => {
                    if let Some(m) = &p.marks {
                        cell.marks = m.get(at).iter().fold(0, |acc, d| acc | bit(d.get() as u16));
                    }
                }
            }
        }
        game
    }

    pub fn shape(&self) -> Shape {
        self.puzzle.shape()
    }
    pub fn side(&self) -> usize {
        self.shape().side()
    }
    pub fn is_given(&self, cell: usize) -> bool {
        self.puzzle.is_given(Cell::new(cell))
    }
    pub fn value(&self, cell: usize) -> u16 {
        self.cells[cell].value
    }
    pub fn marks(&self, cell: usize) -> u64 {
        self.cells[cell].marks
    }

    /// The digits as a [`Grid`] (givens marked as such).
    pub fn grid(&self) -> Grid {
        let mut g = self.puzzle.clone();
        for (i, c) in self.cells.iter().enumerate() {
            if !self.is_given(i) {
                g.set(
                    Cell::new(i),
                    (c.value != 0).then(|| Digit::new(c.value as usize)),
                );
            }
        }
        g
    }

    /// Whether every cell is filled and the grid is a valid solution.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|c| c.value != 0) && self.grid().is_solution()
    }

    /// The cells whose digit clashes with another in a house.
    pub fn conflicts(&self) -> Vec<bool> {
        let mut bad = vec![false; self.cells.len()];
        for c in self.grid().conflicts() {
            for cell in c.cells {
                bad[cell.index()] = true;
            }
        }
        bad
    }

    /// Records and applies a change made of `edits` (edits that change nothing are dropped;
    /// an empty change is not recorded). Cuts off whatever could have been redone. Returns
    /// whether anything changed.
    pub fn apply(&mut self, what: impl Into<String>, edits: Vec<Edit>) -> bool {
        let edits: Vec<Edit> = edits.into_iter().filter(|e| e.before != e.after).collect();
        if edits.is_empty() {
            return false;
        }
        for e in &edits {
            self.cells[e.cell as usize] = e.after;
        }
        self.history.truncate(self.pos);
        self.history.push(Change {
            what: what.into(),
            edits,
        });
        self.pos += 1;
        true
    }

    /// An edit of `cell` from what it holds now to `after`.
    pub fn edit(&self, cell: usize, after: CellState) -> Edit {
        Edit {
            cell: cell as u32,
            before: self.cells[cell],
            after,
        }
    }

    /// Edits that take every cell to `target`.
    pub fn edits_to(&self, target: &[CellState]) -> Vec<Edit> {
        (0..self.cells.len())
            .map(|i| self.edit(i, target[i]))
            .collect()
    }

    /// The lowest history position undo may reach: a trial's start while one runs.
    pub fn undo_floor(&self) -> usize {
        self.trial.as_ref().map_or(0, |t| t.start)
    }

    /// Undoes the last change; returns what it was.
    pub fn undo(&mut self) -> Option<String> {
        if self.pos <= self.undo_floor() {
            return None;
        }
        self.pos -= 1;
        let change = &self.history[self.pos];
        for e in change.edits.iter().rev() {
            self.cells[e.cell as usize] = e.before;
        }
        Some(change.what.clone())
    }

    /// Redoes the next change; returns what it was.
    pub fn redo(&mut self) -> Option<String> {
        let change = self.history.get(self.pos)?;
        for e in &change.edits {
            self.cells[e.cell as usize] = e.after;
        }
        self.pos += 1;
        Some(change.what.clone())
    }

    /// Saves the cells under `name` (replacing a checkpoint of that name).
    pub fn checkpoint(&mut self, name: &str) {
        let cp = Checkpoint {
            name: name.to_string(),
            cells: self.cells.clone(),
        };
        match self.checkpoints.iter_mut().find(|c| c.name == name) {
            Some(old) => *old = cp,
            None => self.checkpoints.push(cp),
        }
    }

    /// Brings the cells back to checkpoint `index`, as one undoable change.
    pub fn restore(&mut self, index: usize) -> bool {
        let Some(cp) = self.checkpoints.get(index) else {
            return false;
        };
        let what = format!("restore checkpoint {}", cp.name);
        let edits = self.edits_to(&cp.cells.clone());
        self.apply(what, edits);
        true
    }

    /// Starts a trial (one at a time).
    pub fn start_trial(&mut self) -> bool {
        if self.trial.is_some() {
            return false;
        }
        self.trial = Some(Trial {
            start: self.pos,
            base: self.cells.clone(),
        });
        true
    }

    /// Keeps the trial's moves as ordinary moves.
    pub fn commit_trial(&mut self) -> bool {
        self.trial.take().is_some()
    }

    /// Throws the trial away: undoes to where it started and forgets its moves.
    pub fn discard_trial(&mut self) -> bool {
        let Some(t) = self.trial.take() else {
            return false;
        };
        while self.pos > t.start {
            self.pos -= 1;
            for e in self.history[self.pos].edits.iter().rev() {
                self.cells[e.cell as usize] = e.before;
            }
        }
        self.history.truncate(t.start);
        debug_assert_eq!(self.cells, t.base);
        true
    }

    /// Whether `cell` was changed by the running trial.
    pub fn in_trial(&self, cell: usize) -> bool {
        self.trial
            .as_ref()
            .is_some_and(|t| t.base[cell] != self.cells[cell])
    }

    /// Rebuilds the cells from the puzzle and `history[..pos]`; checks every edit's `before`
    /// against the cells, so a damaged save file is refused rather than misread.
    pub fn replay(&mut self) -> Result<(), String> {
        let n = self.cells.len();
        self.cells = self
            .puzzle
            .values()
            .iter()
            .map(|&v| CellState { value: v, marks: 0 })
            .collect();
        if self.pos > self.history.len() {
            return Err(format!(
                "position {} beyond {} moves",
                self.pos,
                self.history.len()
            ));
        }
        for (i, change) in self.history[..self.pos].iter().enumerate() {
            for e in &change.edits {
                let c = e.cell as usize;
                if c >= n || self.cells[c] != e.before {
                    return Err(format!(
                        "move {} ({}) does not fit the cells",
                        i + 1,
                        change.what
                    ));
                }
                if self.is_given(c) && e.after.value != self.puzzle.value(Cell::new(c)) as u16 {
                    return Err(format!("move {} ({}) changes a given", i + 1, change.what));
                }
                self.cells[c] = e.after;
            }
        }
        Ok(())
    }

    /// The digits allowed in each empty cell by the digits placed (0 for filled cells).
    pub fn allowed(&self) -> Vec<u64> {
        let c = sudoku::Candidates::from_grid(&self.grid());
        (0..self.cells.len())
            .map(|i| c.get(Cell::new(i)).low_bits())
            .collect()
    }

    /// Cells sharing a house with `cell`.
    pub fn peers(&self, cell: usize) -> impl Iterator<Item = usize> {
        Cell::new(cell).peers(self.shape()).map(Cell::index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::new(&Grid::from_line("1.3..4..2..3.4.1").unwrap(), "test", None)
    }

    fn place(g: &mut Game, cell: usize, v: u16) {
        let e = g.edit(cell, CellState { value: v, marks: 0 });
        g.apply(format!("{cell}={v}"), vec![e]);
    }

    #[test]
    fn undo_redo_and_cut_off() {
        let mut g = game();
        place(&mut g, 1, 2);
        place(&mut g, 3, 4);
        assert_eq!(g.undo().as_deref(), Some("3=4"));
        assert_eq!(g.value(3), 0);
        assert_eq!(g.redo().as_deref(), Some("3=4"));
        g.undo();
        place(&mut g, 4, 3);
        assert_eq!(g.redo(), None, "a new move cuts off the redo branch");
        assert_eq!(g.history.len(), 2);
    }

    #[test]
    fn restoring_a_checkpoint_is_undoable() {
        let mut g = game();
        place(&mut g, 1, 2);
        g.checkpoint("a");
        place(&mut g, 3, 4);
        assert!(g.restore(0));
        assert_eq!(g.value(3), 0);
        g.undo();
        assert_eq!(g.value(3), 4);
    }

    #[test]
    fn trial_discard_and_commit() {
        let mut g = game();
        place(&mut g, 1, 2);
        g.start_trial();
        place(&mut g, 3, 4);
        assert!(g.in_trial(3));
        assert!(g.discard_trial());
        assert_eq!((g.value(3), g.history.len()), (0, 1));
        g.start_trial();
        place(&mut g, 3, 4);
        g.commit_trial();
        assert!(!g.in_trial(3));
        assert_eq!(g.value(3), 4);
    }

    #[test]
    fn replay_rebuilds_and_refuses_damage() {
        let mut g = game();
        place(&mut g, 1, 2);
        place(&mut g, 3, 4);
        g.undo();
        let cells = g.cells.clone();
        g.replay().unwrap();
        assert_eq!(g.cells, cells);
        g.history[0].edits[0].before.value = 9;
        assert!(g.replay().is_err());
    }
}
