//! Messages into `update` ([`Msg`]) and commands out of it ([`Cmd`]): what happened in the
//! world, and what the loop in `tui/mod.rs` should do about it (the only side effects).

use super::keys::Key;
use std::path::PathBuf;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    Key(Key),
    /// A left click at a terminal position.
    Click {
        x: u16,
        y: u16,
    },
    /// The terminal's new size.
    Resize(u16, u16),
    /// Time passed (milliseconds) since the last tick.
    Tick(u64),
    /// A puzzle file was read (after [`Cmd::Open`]).
    Loaded(Result<Loaded, String>),
    /// A line for the status bar (export done, save failed, …).
    Status(String),
}

/// A puzzle read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The puzzle as the file gave it: givens, digits placed since and pencil marks.
    pub puzzle: Box<sudoku::format::Puzzle>,
    pub source: String,
}

/// A side effect for the loop to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cmd {
    /// Save and leave.
    Quit,
    /// Read the first puzzle of this file, then send [`Msg::Loaded`].
    Open(PathBuf),
    /// Write the `.sdk` export to this path and the pencil-mark grid beside it.
    Export(PathBuf),
}
