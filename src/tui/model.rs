//! All the state of `sudoku play`, in one [`Model`]. No terminal types: `update` changes it,
//! `view` draws it, and tests build one with [`Model::new`].

use super::game::Game;
use super::hint::{Hint, HintSource, Logic};
use super::keys::Keymap;
use super::newgame::{Bundled, NewGame};
use sudoku::Grid;

/// A window over the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    Help {
        scroll: u16,
    },
    Prompt {
        kind: PromptKind,
        text: String,
        /// The text is the suggestion as offered: the first character typed replaces it
        /// (as a selected default does); Backspace starts editing it instead.
        fresh: bool,
    },
    Checkpoints {
        sel: usize,
    },
    NewGame {
        sel: usize,
    },
    /// The whole solving path, one line per step.
    Path {
        lines: Vec<String>,
        scroll: u16,
    },
}

/// What a text prompt asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKind {
    CheckpointName,
    OpenFile,
    ExportPath,
    /// The size of a puzzle to type in (entry mode).
    EntrySize,
}

impl PromptKind {
    pub fn title(self) -> &'static str {
        match self {
            PromptKind::CheckpointName => "Checkpoint name",
            PromptKind::OpenFile => "Open puzzle file",
            PromptKind::ExportPath => "Export to (.sdk; the pencil-mark grid goes beside it)",
            PromptKind::EntrySize => {
                "Size of the puzzle to type in (4, 6, 8, 9, 12, 16, 25 or RxC)"
            }
        }
    }
}

/// A hint on screen: vague first, then concrete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintState {
    pub hint: Hint,
    pub concrete: bool,
}

/// Everything the game knows.
pub struct Model {
    pub game: Game,
    /// The selected cell.
    pub sel: usize,
    /// Digits toggle pencil marks instead of placing.
    pub pencil: bool,
    /// Pencil marks kept up to date as digits are placed.
    pub auto: bool,
    pub paused: bool,
    /// Typing in a puzzle: digits become givens when done.
    pub entry: bool,
    pub overlay: Overlay,
    pub hint: Option<HintState>,
    /// The status line.
    pub message: String,
    /// The digit highlighted everywhere (the last one typed or selected).
    pub focus: Option<u16>,
    pub keymap: Keymap,
    /// No colours (NO_COLOR): modifiers only.
    pub mono: bool,
    /// Terminal size, for layout and mouse clicks.
    pub size: (u16, u16),
    /// Bumped on every change worth saving.
    pub revision: u64,
    /// Picks the next bundled puzzle.
    pub seed: u64,
    /// Where the game is saved (shown in the help).
    pub save_path: String,
    pub hints: Box<dyn HintSource>,
    pub games: Box<dyn NewGame>,
}

impl Model {
    /// A model playing `game`, with the built-in hint and new-game sources.
    pub fn new(game: Game) -> Model {
        Model {
            game,
            sel: 0,
            pencil: false,
            auto: false,
            paused: false,
            entry: false,
            overlay: Overlay::None,
            hint: None,
            message: String::new(),
            focus: None,
            keymap: Keymap::default(),
            mono: false,
            size: (100, 40),
            revision: 0,
            seed: 1,
            save_path: String::new(),
            hints: Box::new(Logic::new()),
            games: Box::new(Bundled),
        }
    }

    /// A model for `grid` (its digits are the givens).
    pub fn from_grid(grid: &Grid, source: &str) -> Model {
        Model::new(Game::new(grid, source, None))
    }

    /// Marks a change: the loop saves, and a hint about the old position goes away.
    pub fn changed(&mut self) {
        self.revision += 1;
        self.hint = None;
    }

    /// Whether the puzzle is solved (the timer stops).
    pub fn solved(&self) -> bool {
        !self.entry && self.game.is_solved()
    }
}
