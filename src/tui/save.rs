//! The save file: the game as JSON (puzzle, every move, pencil marks, checkpoints, trial,
//! time played), written atomically: a temporary file beside the target, flushed to disk,
//! then renamed over it. A crash at any moment leaves either the old file or the new one.
//!
//! Default place: `$XDG_DATA_HOME/sudoku/game.json`, else `~/.local/share/sudoku/game.json`.

use super::game::{Change, Checkpoint, Game, Trial};
use super::model::Model;
use anyhow::{bail, Context as _};
use serde::{Deserialize, Serialize};
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use sudoku::Shape;

/// What a save file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    /// Always `"sudoku-play"`.
    pub kind: String,
    pub version: u32,
    /// Box shape, `RxC`.
    pub shape: String,
    /// The givens, one line (`.` empty).
    pub puzzle: String,
    pub source: String,
    pub level: Option<String>,
    pub history: Vec<Change>,
    /// How many moves of `history` are applied (the rest can be redone).
    pub pos: usize,
    pub checkpoints: Vec<Checkpoint>,
    pub trial: Option<Trial>,
    pub elapsed_ms: u64,
    pub auto: bool,
    pub pencil: bool,
    pub selected: usize,
    pub entry: bool,
    pub seed: u64,
}

const KIND: &str = "sudoku-play";

/// The directory of the default save file.
pub fn data_dir() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    let home = || {
        std::env::var_os("HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    xdg.filter(|p| p.is_absolute())
        .or_else(|| home().map(|h| h.join(".local").join("share")))
        .map(|d| d.join("sudoku"))
}

/// The key config file: `$XDG_CONFIG_HOME/sudoku/keys.conf` or `~/.config/sudoku/keys.conf`.
pub fn keys_file() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    let home = || {
        std::env::var_os("HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    xdg.filter(|p| p.is_absolute())
        .or_else(|| home().map(|h| h.join(".config")))
        .map(|d| d.join("sudoku").join("keys.conf"))
}

/// The default save file.
pub fn default_save_file() -> Option<PathBuf> {
    data_dir().map(|d| d.join("game.json"))
}

impl SaveFile {
    pub fn of(m: &Model) -> SaveFile {
        let g = &m.game;
        SaveFile {
            kind: KIND.into(),
            version: 1,
            shape: g.shape().to_string(),
            puzzle: sudoku::format::line::write_line(&g.puzzle),
            source: g.source.clone(),
            level: g.level.clone(),
            history: g.history.clone(),
            pos: g.pos,
            checkpoints: g.checkpoints.clone(),
            trial: g.trial.clone(),
            elapsed_ms: g.elapsed_ms,
            auto: m.auto,
            pencil: m.pencil,
            selected: m.sel,
            entry: m.entry,
            seed: m.seed,
        }
    }

    /// Rebuilds the game, checking every move against the puzzle.
    pub fn restore_into(self, m: &mut Model) -> anyhow::Result<()> {
        if self.kind != KIND {
            bail!("not a sudoku play save file");
        }
        if self.version != 1 {
            bail!(
                "save file version {} is newer than this program",
                self.version
            );
        }
        let shape = Shape::parse(&self.shape).map_err(|e| anyhow::anyhow!("{e}"))?;
        let grid = sudoku::format::line::parse_line_with(
            &self.puzzle,
            Some(shape),
            Some(sudoku::format::Alphabet::Standard),
        )
        .map_err(|e| anyhow::anyhow!("puzzle: {}", e.message()))?;
        let mut game = Game::new(&grid, &self.source, self.level);
        let cells = game.cells.len();
        if self.selected >= cells {
            bail!("selected cell {} is off the grid", self.selected);
        }
        game.history = self.history;
        game.pos = self.pos;
        game.checkpoints = self.checkpoints;
        game.elapsed_ms = self.elapsed_ms;
        if game.checkpoints.iter().any(|c| c.cells.len() != cells) {
            bail!("a checkpoint does not fit the grid");
        }
        if let Some(t) = &self.trial {
            if t.base.len() != cells || t.start > game.pos {
                bail!("the trial does not fit the moves");
            }
        }
        game.trial = self.trial;
        game.replay().map_err(|e| anyhow::anyhow!(e))?;
        m.game = game;
        m.auto = self.auto;
        m.pencil = self.pencil;
        m.sel = self.selected;
        m.entry = self.entry;
        m.seed = self.seed;
        m.hint = None;
        Ok(())
    }
}

/// Writes `text` to `path` atomically: temp file in the same directory, fsync, rename, and
/// fsync of the directory so the rename itself survives a power cut.
pub fn write_atomic(path: &Path, text: &str) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let name = path
        .file_name()
        .context("save path has no file name")?
        .to_string_lossy();
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all(); // not every platform can sync a directory
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.with_context(|| format!("cannot save to {}", path.display()))
}

/// Saves the model's game to `path`.
pub fn save(m: &Model, path: &Path) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(&SaveFile::of(m))?;
    write_atomic(path, &(text + "\n"))
}

/// Loads a saved game into `m`.
pub fn load(m: &mut Model, path: &Path) -> anyhow::Result<()> {
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let file: SaveFile = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a save file", path.display()))?;
    file.restore_into(m)
        .with_context(|| format!("{} is damaged", path.display()))
}
