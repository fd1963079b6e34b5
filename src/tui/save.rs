//! The save file: the game as JSON (puzzle, every move, pencil marks, checkpoints, trial,
//! time played), written atomically: a temporary file beside the target, flushed to disk,
//! then renamed over it. A crash at any moment leaves either the old file or the new one.
//!
//! Default place: `$XDG_DATA_HOME/sudoku/game.json`, else `~/.local/share/sudoku/game.json`.

use super::game::{CellState, Change, Checkpoint, Game, Trial};
use super::model::Model;
use anyhow::{bail, Context as _};
use serde::{Deserialize, Serialize};
use std::fs;
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
    /// The symbols the game shows (`hex`, `letters`) when not `1-9A-Z`: the puzzle's file
    /// used them. Older saves have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alphabet: Option<String>,
}

const KIND: &str = sudoku::format::json::PLAY_SAVE;

/// The most time played a save may say: a century. More is damage, and adding to it
/// could overflow.
pub const MAX_ELAPSED_MS: u64 = 100 * 366 * 24 * 3600 * 1000;

/// The largest save file read: a game of 25x25 with a long history is well under a
/// megabyte.
pub const MAX_SAVE_BYTES: u64 = 64 << 20;

/// A cell's digit and marks within the grid's digits.
fn check_cell(c: &CellState, side: usize) -> Result<(), String> {
    if c.value as usize > side {
        return Err(format!("digit {} is out of range 1..={side}", c.value));
    }
    let all = if side >= 64 {
        u64::MAX
    } else {
        (1u64 << side) - 1
    };
    if c.marks & !all != 0 {
        return Err(format!(
            "pencil marks {:#x} name digits beyond {side}",
            c.marks
        ));
    }
    Ok(())
}

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
            // Always `1-9A-Z` (the line writer's default is `A-Y` at 25x25).
            puzzle: sudoku::format::line::write_line_with(
                &g.puzzle,
                sudoku::format::Alphabet::Standard,
                '.',
            ),
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
            alphabet: (g.alphabet != sudoku::format::Alphabet::Standard)
                .then(|| g.alphabet.name().to_string()),
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
        if let Some(why) = super::game::unplayable(shape) {
            bail!("{why}");
        }
        let grid = sudoku::format::line::parse_line_with(
            &self.puzzle,
            Some(shape),
            Some(sudoku::format::Alphabet::Standard),
        )
        .map_err(|e| anyhow::anyhow!("puzzle: {}", e.message()))?;
        if self.elapsed_ms > MAX_ELAPSED_MS {
            bail!(
                "time played {} ms is beyond any game (at most {MAX_ELAPSED_MS})",
                self.elapsed_ms
            );
        }
        let side = shape.side();
        let cells = side * side;
        if self.selected >= cells {
            bail!("selected cell {} is off the grid", self.selected);
        }
        for (i, change) in self.history.iter().enumerate() {
            for e in &change.edits {
                let what = || format!("move {} ({})", i + 1, change.what);
                if e.cell as usize >= cells {
                    bail!("{}: cell {} is off the grid", what(), e.cell);
                }
                check_cell(&e.before, side).map_err(|m| anyhow::anyhow!("{}: {m}", what()))?;
                check_cell(&e.after, side).map_err(|m| anyhow::anyhow!("{}: {m}", what()))?;
            }
        }
        for c in &self.checkpoints {
            if c.cells.len() != cells {
                bail!("checkpoint {:?} does not fit the grid", c.name);
            }
            for (i, state) in c.cells.iter().enumerate() {
                check_cell(state, side)
                    .map_err(|m| anyhow::anyhow!("checkpoint {:?}, cell {i}: {m}", c.name))?;
            }
        }
        if let Some(t) = &self.trial {
            if t.base.len() != cells || t.start > self.pos {
                bail!("the trial does not fit the moves");
            }
            for (i, state) in t.base.iter().enumerate() {
                check_cell(state, side).map_err(|m| anyhow::anyhow!("trial, cell {i}: {m}"))?;
            }
        }
        let alphabet = match self.alphabet.as_deref() {
            None => sudoku::format::Alphabet::Standard,
            Some(name) => sudoku::format::Alphabet::from_name(name)
                .filter(|a| a.symbol(side).is_some())
                .ok_or_else(|| {
                    anyhow::anyhow!("alphabet {name:?} can't write a {side}x{side} grid")
                })?,
        };
        let mut game = Game::new(&grid, &self.source, self.level);
        game.alphabet = alphabet;
        game.history = self.history;
        game.pos = self.pos;
        game.checkpoints = self.checkpoints;
        game.elapsed_ms = self.elapsed_ms;
        game.trial = self.trial;
        // Every move must fit, the ones that can be redone too: replay them all, then
        // back to the position saved.
        let pos = game.pos;
        game.pos = game.history.len();
        game.replay().map_err(|e| anyhow::anyhow!(e))?;
        game.pos = pos;
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

/// Saves the model's game to `path`.
pub fn save(m: &Model, path: &Path) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(&SaveFile::of(m))?;
    // The save's directory is ours (the data directory, or --save's): made when missing.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    crate::atomic::write_atomic(path, &(text + "\n"))
}

/// Removes the temporary files [`crate::atomic::write_atomic`] left beside `path` when a process was
/// killed mid-save (`.NAME.tmpPID.N`, or `.NAME.tmpPID` from older versions), unless that
/// process still runs. Returns how many were removed.
pub fn clean_orphans(path: &Path) -> usize {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return 0;
    };
    let prefix = format!(".{name}.tmp");
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let pid = rest.split('.').next().unwrap_or("");
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        let alive = pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists();
        if !alive
            && entry.file_type().is_ok_and(|t| t.is_file())
            && fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// Loads a saved game into `m`. Anything wrong is an error naming it; the file is left as
/// it is.
pub fn load(m: &mut Model, path: &Path) -> anyhow::Result<()> {
    let meta = fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    if !meta.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    if meta.len() > MAX_SAVE_BYTES {
        bail!(
            "{} is {} MiB, larger than any save ({} MiB at most)",
            path.display(),
            meta.len() >> 20,
            MAX_SAVE_BYTES >> 20
        );
    }
    let text =
        fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let file: SaveFile = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a save file", path.display()))?;
    file.restore_into(m)
        .with_context(|| format!("{} is damaged", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::msg::Msg;
    use crate::tui::update::update;
    use sudoku::Grid;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("sudoku-save-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    /// A saved game with two moves (the second undone), as JSON.
    fn saved() -> serde_json::Value {
        let mut m = Model::from_grid(&Grid::from_line(EASY).unwrap(), "test");
        for (cell, d) in [(2usize, '4'), (3, '6')] {
            m.sel = cell;
            update(&mut m, Msg::Key(crate::tui::keys::Key::Char(d)));
        }
        update(&mut m, Msg::Key(crate::tui::keys::Key::Char('u')));
        update(&mut m, Msg::Tick(1500));
        serde_json::to_value(SaveFile::of(&m)).unwrap()
    }

    /// Loads `v` from a file; the error's whole text.
    fn load_err(v: &serde_json::Value) -> String {
        let dir = temp_dir("load");
        let path = dir.join("game.json");
        fs::write(&path, v.to_string()).unwrap();
        let mut m = Model::from_grid(&Grid::from_line(EASY).unwrap(), "x");
        let r = load(&mut m, &path);
        // The damaged file is left as it was.
        assert_eq!(fs::read_to_string(&path).unwrap(), v.to_string());
        fs::remove_dir_all(dir).unwrap();
        match r {
            Ok(()) => String::new(),
            Err(e) => format!("{e:#}"),
        }
    }

    #[test]
    fn a_good_save_loads() {
        let v = saved();
        assert_eq!(v["history"].as_array().unwrap().len(), 2);
        assert_eq!(load_err(&v), "");
    }

    #[test]
    fn damaged_saves_are_refused_naming_what_is_wrong() {
        type Damage = Box<dyn Fn(&mut serde_json::Value)>;
        let cases: Vec<(&str, Damage)> = vec![
            (
                "digit 60000 is out of range 1..=9",
                Box::new(|v| v["history"][0]["edits"][0]["after"]["value"] = 60000.into()),
            ),
            (
                // The move that can be redone is checked too.
                "move 2 (",
                Box::new(|v| v["history"][1]["edits"][0]["after"]["value"] = 10.into()),
            ),
            (
                "pencil marks 0x200 name digits beyond 9",
                Box::new(|v| v["history"][0]["edits"][0]["after"]["marks"] = 512.into()),
            ),
            (
                "cell 81 is off the grid",
                Box::new(|v| v["history"][0]["edits"][0]["cell"] = 81.into()),
            ),
            (
                "time played 18446744073709551615 ms is beyond any game",
                Box::new(|v| v["elapsed_ms"] = u64::MAX.into()),
            ),
            (
                "the game plays sizes 4x4 to 25x25",
                Box::new(|v| v["shape"] = "8x8".into()),
            ),
            (
                "position 5 beyond 2 moves",
                Box::new(|v| v["pos"] = 5.into()),
            ),
            (
                "selected cell 81 is off the grid",
                Box::new(|v| v["selected"] = 81.into()),
            ),
            ("not a save file", Box::new(|v| v["history"] = "x".into())),
        ];
        for (want, damage) in cases {
            let mut v = saved();
            damage(&mut v);
            let err = load_err(&v);
            assert!(err.contains(want), "want {want:?}, got {err:?}");
        }
    }

    /// Every number of a save, set to each extreme in turn: loading answers Ok or Err, never
    /// panics (a hostile save can't crash the game or wrap its clock).
    #[test]
    fn extreme_numbers_anywhere_in_a_save_never_panic() {
        fn numbers(v: &serde_json::Value, path: String, out: &mut Vec<String>) {
            match v {
                serde_json::Value::Number(_) => out.push(path),
                serde_json::Value::Array(a) => {
                    for (i, x) in a.iter().enumerate() {
                        numbers(x, format!("{path}/{i}"), out);
                    }
                }
                serde_json::Value::Object(o) => {
                    for (k, x) in o {
                        numbers(x, format!("{path}/{k}"), out);
                    }
                }
                _ => {}
            }
        }
        let mut v = saved();
        // A checkpoint and a trial too, so that their cells are reached.
        let cells = v["history"][0]["edits"][0]["after"].clone();
        v["checkpoints"] = serde_json::json!([{"name": "a", "cells": vec![cells.clone(); 81]}]);
        v["trial"] = serde_json::json!({"start": 1, "base": vec![cells; 81]});
        let mut paths = Vec::new();
        numbers(&v, String::new(), &mut paths);
        assert!(paths.len() > 300, "{}", paths.len());
        let dir = temp_dir("extreme");
        let path = dir.join("game.json");
        let extremes = [
            serde_json::json!(0),
            serde_json::json!(26),
            serde_json::json!(65535),
            serde_json::json!(u32::MAX),
            serde_json::json!(u64::MAX),
            serde_json::json!(-1),
            serde_json::json!(1e300),
        ];
        let mut refused = 0;
        // Every 7th number (the cells of checkpoints and trial repeat), each extreme.
        for p in paths.iter().step_by(7) {
            for x in &extremes {
                let mut w = v.clone();
                *w.pointer_mut(p).expect("a path found above") = x.clone();
                fs::write(&path, w.to_string()).unwrap();
                let mut m = Model::from_grid(&Grid::from_line(EASY).unwrap(), "x");
                refused += usize::from(load(&mut m, &path).is_err());
            }
        }
        assert!(refused > 0);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_save_that_is_no_regular_file_or_too_big_is_refused() {
        let dir = temp_dir("kinds");
        let mut m = Model::from_grid(&Grid::from_line(EASY).unwrap(), "x");
        let err = load(&mut m, &dir).unwrap_err();
        assert!(
            format!("{err:#}").contains("is not a regular file"),
            "{err:#}"
        );
        let big = dir.join("big.json");
        let f = fs::File::create(&big).unwrap();
        f.set_len(MAX_SAVE_BYTES + 1).unwrap();
        let err = load(&mut m, &big).unwrap_err();
        assert!(
            format!("{err:#}").contains("larger than any save"),
            "{err:#}"
        );
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn orphan_temp_files_of_dead_processes_are_removed() {
        let dir = temp_dir("orphans");
        let path = dir.join("game.json");
        fs::write(&path, "{}").unwrap();
        // pid 4194305 is past Linux's largest pid: never running.
        let dead = [".game.json.tmp4194305", ".game.json.tmp4194305.3"];
        let mine = format!(".game.json.tmp{}.0", std::process::id());
        for f in dead
            .iter()
            .copied()
            .chain([mine.as_str(), ".other.json.tmp4194305"])
        {
            fs::write(dir.join(f), "partial").unwrap();
        }
        assert_eq!(clean_orphans(&path), 2);
        for f in dead {
            assert!(!dir.join(f).exists(), "{f} left");
        }
        assert!(
            dir.join(&mine).exists(),
            "a live process's temp file is kept"
        );
        assert!(
            dir.join(".other.json.tmp4194305").exists(),
            "other saves' files are kept"
        );
        assert!(path.exists());
        fs::remove_dir_all(dir).unwrap();
    }
}
