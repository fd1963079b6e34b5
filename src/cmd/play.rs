//! `sudoku play`: the terminal game; and `sudoku solve --animate`: a solver at work on
//! screen. Both are thin: they pick the puzzle and the save file, then hand over to
//! `crate::tui`.

use crate::tui::{self, animate, hint, model::Model, save};
use anyhow::{bail, Context as _};
use clap::{Args, ValueEnum};
use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use sudoku::Grid;

/// Play in the terminal: arrows/hjkl/mouse move, digits place, p pencil, i hint, u undo,
/// ? lists every key. The game saves itself after every move.
#[derive(Debug, Args, Clone, Default)]
pub struct PlayArgs {
    /// A puzzle file to play (any format `sudoku` reads; the first puzzle in it), 4x4 to
    /// 25x25.
    #[arg(value_name = "FILE", conflicts_with_all = ["resume", "new"])]
    pub file: Option<PathBuf>,
    /// Continue the saved game.
    #[arg(long, conflicts_with = "new")]
    pub resume: bool,
    /// Start a new game at LEVEL (default: easy): a fresh puzzle from the generator at
    /// HoDoKu's levels easy, medium, hard, unfair, extreme, or a bundled one of another size
    /// (`--new list` lists the levels).
    #[arg(long, value_name = "LEVEL", num_args = 0..=1, default_missing_value = "easy")]
    pub new: Option<String>,
    /// Start a new generated game at this HoDoKu level (easy, medium, hard, unfair,
    /// extreme).
    #[arg(long, value_name = "LEVEL", conflicts_with_all = ["file", "resume", "new", "rating"])]
    pub difficulty: Option<String>,
    /// Start a new generated game with a Sudoku Explainer rating in A..B (e.g. 4.0..6.0) or
    /// at an SE preset (easy, medium, hard, fiendish, diabolical).
    #[arg(long, value_name = "A..B", allow_hyphen_values = true, conflicts_with_all = ["file", "resume", "new"])]
    pub rating: Option<String>,
    /// Seed for new games (the same seed gives the same puzzles). Random when absent.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Save file (default: $XDG_DATA_HOME/sudoku/game.json or ~/.local/share/sudoku/game.json).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Print the key bindings (after the config file) and the action names, then exit.
    #[arg(long)]
    pub keys: bool,
}

fn keymap(model: &mut Model) -> Vec<String> {
    let Some(path) = save::keys_file() else {
        return vec![];
    };
    // A regular file of reasonable size: a FIFO or a device there must not hang the start.
    match std::fs::metadata(&path) {
        Ok(m) if m.is_file() && m.len() <= 1 << 20 => {}
        Ok(_) => {
            return vec![format!(
                "{}: not a key config file, ignored",
                path.display()
            )]
        }
        Err(_) => return vec![],
    }
    let Ok(text) = std::fs::read_to_string(&path) else {
        return vec![];
    };
    let (km, errors) = tui::keys::Keymap::with_config(&text);
    model.keymap = km;
    errors
        .iter()
        .map(|e| format!("{}: {e}", path.display()))
        .collect()
}

pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let save_path = match &args.save {
        Some(p) => p.clone(),
        None => save::default_save_file()
            .context("no place for the save file: set HOME or XDG_DATA_HOME, or use --save")?,
    };
    let games = tui::newgame::Generated::default();
    let levels = tui::newgame::NewGame::levels(&games);
    if args.new.as_deref() == Some("list") {
        writeln!(std::io::stdout(), "{}", levels.join("\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut model = Model::from_grid(&Grid::empty(sudoku::Shape::NINE), "empty");
    model.games = Box::new(games.clone());
    let warnings = keymap(&mut model);
    if args.keys {
        for line in tui::view::help_lines(&model) {
            writeln!(std::io::stdout(), "{line}")?;
        }
        writeln!(std::io::stdout(), "\nAction names for keys.conf:")?;
        for a in tui::keys::Action::ALL {
            writeln!(std::io::stdout(), "  {:<16} {}", a.name(), a.doc())?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    model.seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let new_game = |model: &mut Model, level: &str| -> anyhow::Result<()> {
        if !levels.iter().any(|l| l == level) {
            bail!("no level {level:?}; levels: {}", levels.join(", "));
        }
        let (grid, source, rating) = tui::newgame::NewGame::game(&games, level, model.seed)
            .with_context(|| format!("no puzzle at level {level}"))?;
        model.game = tui::game::Game::new(&grid, &source, rating);
        Ok(())
    };
    let target = match (&args.difficulty, &args.rating) {
        (Some(l), _) => Some(sudoku::rate::Target {
            level: Some(sudoku::logic::Level::from_name(l).with_context(|| {
                format!("no level {l:?}; use easy, medium, hard, unfair or extreme")
            })?),
            ..Default::default()
        }),
        (None, Some(r)) => Some(sudoku::rate::Target {
            se: Some(super::generate::parse_rating(r).map_err(|e| anyhow::anyhow!(e))?),
            ..Default::default()
        }),
        (None, None) => None,
    };
    if let Some(target) = target {
        let (grid, source, rating) = games
            .with_target(target, model.seed)
            .context("the generator found no such puzzle; try another range")?;
        model.game = tui::game::Game::new(&grid, &source, Some(rating));
    } else if let Some(file) = &args.file {
        let p = crate::input::first_puzzle(file, Default::default())?;
        if let Some(why) = tui::game::unplayable(p.shape()) {
            bail!("{}: {why}", file.display());
        }
        let source = file.file_name().map_or(file.display().to_string(), |f| {
            f.to_string_lossy().into_owned()
        });
        model.game = tui::game::Game::from_puzzle(&p, &source);
    } else if let Some(level) = &args.new {
        new_game(&mut model, level)?;
    } else if save_path.exists() {
        // --resume, or nothing said: carry on the saved game.
        save::load(&mut model, &save_path).map_err(|e| {
            anyhow::anyhow!("{e:#}\n(`sudoku play --new` starts afresh and replaces the save)")
        })?;
        model.message = "Resumed.".into();
    } else if args.resume {
        bail!("no saved game at {}", save_path.display());
    } else {
        new_game(&mut model, "easy")?;
    }
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        bail!("sudoku play needs a terminal (standard input and output)");
    }
    keep_damaged_save(&save_path, &mut model);
    // A puzzle without one solution is said at once, before the player starts.
    let mut notes = warnings;
    if !model.message.is_empty() {
        notes.insert(0, std::mem::take(&mut model.message));
    }
    if let Err(p) = super::verdict::unique(&model.game.puzzle, None) {
        notes.insert(0, format!("Warning: this puzzle has {}.", p.message));
    }
    if !notes.is_empty() {
        model.message = notes.join("; ");
    }
    tui::play(model, save_path.clone())?;
    // The terminal may be gone (a closed window): the game is saved all the same.
    let _ = writeln!(
        std::io::stderr(),
        "Game saved to {} (sudoku play --resume continues).",
        save_path.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// A new game is about to replace the save: if that save is damaged (it does not load),
/// it is kept beside as `NAME.damaged` (or `NAME.damaged-2`, …: an earlier one is never
/// replaced) rather than lost, and the game says so.
fn keep_damaged_save(save_path: &std::path::Path, model: &mut Model) {
    if !save_path.is_file() {
        return;
    }
    let mut scratch = Model::from_grid(&Grid::empty(sudoku::Shape::NINE), "scratch");
    if save::load(&mut scratch, save_path).is_ok() {
        return;
    }
    model.message = match keep_aside(save_path) {
        Ok(kept) => format!("The old save did not load; kept as {}.", kept.display()),
        Err(e) => format!(
            "The old save did not load and could not be kept aside ({e}): copy {} before \
             this game is saved over it.",
            save_path.display()
        ),
    };
}

/// Moves `path` to the first free name of `NAME.damaged`, `NAME.damaged-2`, …: linked under
/// the new name first (which fails rather than replace a file), then unlinked.
fn keep_aside(path: &std::path::Path) -> std::io::Result<PathBuf> {
    for n in 1..1000 {
        let mut kept = path.as_os_str().to_owned();
        kept.push(if n == 1 {
            ".damaged".to_string()
        } else {
            format!(".damaged-{n}")
        });
        let kept = PathBuf::from(kept);
        match std::fs::hard_link(path, &kept) {
            Ok(()) => {
                std::fs::remove_file(path)?;
                return Ok(kept);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            // No hard links here (some file systems): a rename, once the name is seen free.
            Err(_) if !kept.exists() => {
                std::fs::rename(path, &kept)?;
                return Ok(kept);
            }
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("999 damaged saves are kept already"))
}

/// Which solver the animation shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Digits tried and withdrawn cell by cell (naive backtracking).
    #[default]
    Backtrack,
    /// One explained step at a time, from the logic solver.
    Logic,
}

/// Flags of `sudoku solve --animate`.
#[derive(Debug, Args, Clone, Default)]
pub struct AnimateArgs {
    /// Show the solver at work in the terminal (one line per step when not a terminal).
    #[arg(long)]
    pub animate: bool,
    /// Milliseconds between steps of the animation (0: as fast as possible; +/- change it).
    #[arg(long, value_name = "MS", default_value_t = 30, requires = "animate")]
    pub delay: u64,
    /// What to animate.
    #[arg(long, value_enum, default_value_t = Method::Backtrack, requires = "animate")]
    pub method: Method,
}

/// Animates solving `grid`. On a terminal: the grid redrawn at each step (space pauses,
/// +/- change speed, q stops). Otherwise one line per event, no escape codes, then the grid;
/// there `max_time` bounds the run (a step of the logic solver on a giant grid, or the
/// naive backtracker's millions of tries, can take longer than anyone waits).
pub fn run_animate(
    puzzle: &sudoku::format::Puzzle,
    args: &AnimateArgs,
    max_time: Option<std::time::Duration>,
) -> anyhow::Result<ExitCode> {
    let grid = &puzzle.grid;
    // Digits in the puzzle's own symbols: the grid's, and the steps' text.
    let alphabet = animate::symbols(grid.shape().side(), puzzle.alphabet);
    let notation = sudoku::logic::Notation::new(grid.shape(), puzzle.alphabet);
    let deadline = max_time.map(|t| std::time::Instant::now() + t);
    let timed_out = |steps: u64| {
        let secs = max_time.unwrap_or_default().as_secs_f64();
        eprintln!(
            "sudoku: time limit reached (--max-time {secs}): animation stopped after {steps} steps"
        );
        Ok(ExitCode::from(1))
    };
    // Invalid, none or multiple: said first, as `solve` says it, and nothing to animate.
    let stop = deadline.map_or_else(sudoku::Stop::never, sudoku::Stop::at);
    let Ok(outcome) = sudoku::solve::solve_until(grid, None, &stop) else {
        return timed_out(0);
    };
    if let Some(p) = sudoku::logic::Problem::of(&outcome, grid.shape()) {
        let mut out = crate::batch::stdout();
        writeln!(out, "# {}", p.not_done("animated"))?;
        out.flush()?;
        return Ok(ExitCode::from(1));
    }
    let method = args.method;
    let solver_for = move |grid: &Grid| -> Box<dyn animate::Solver> {
        match method {
            Method::Backtrack => Box::new(animate::Backtracker::new(grid)),
            Method::Logic => Box::new(animate::LogicSteps::new(
                grid,
                notation,
                Box::new(hint::Logic::new()),
            )),
        }
    };
    if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
        tui::animate(animate::Anim::new(
            grid,
            alphabet,
            solver_for(grid),
            args.delay,
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    // The solver works in a thread of its own and sends each event's line; this one
    // writes them and, past the deadline, stops waiting (the process then ends, and the
    // solver with it, even inside a long step).
    let shape = grid.shape();
    let (tx, rx) = std::sync::mpsc::sync_channel::<(String, bool)>(4096);
    let start = grid.clone();
    let worker = std::thread::spawn(move || {
        let mut solver = solver_for(&start);
        while let Some(e) = solver.next_event() {
            let solved = e == animate::Event::Solved;
            if tx.send((e.line(shape, alphabet), solved)).is_err() {
                return None;
            }
        }
        Some(solver.values().to_vec())
    });
    let mut out = crate::batch::stdout();
    let mut solved = false;
    let mut n = 0u64;
    loop {
        let next = match deadline {
            Some(d) => rx.recv_timeout(d.saturating_duration_since(std::time::Instant::now())),
            None => rx
                .recv()
                .map_err(|_| std::sync::mpsc::RecvTimeoutError::Disconnected),
        };
        match next {
            Ok((line, done)) => {
                n += 1;
                solved |= done;
                writeln!(out, "{n}: {line}")?;
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                out.flush()?;
                return timed_out(n);
            }
        }
    }
    let Some(values) = worker
        .join()
        .map_err(|_| anyhow::anyhow!("the animation's solver failed"))?
    else {
        bail!("the animation's solver stopped early");
    };
    let mut g = grid.clone();
    for (i, &v) in values.iter().enumerate() {
        if v != 0 && g.get(sudoku::Cell::new(i)).is_none() {
            g.set(sudoku::Cell::new(i), Some(sudoku::Digit::new(v as usize)));
        }
    }
    // The solved grid as `solve` writes it, in the puzzle's symbols.
    let mut solved_puzzle = sudoku::format::Puzzle::new(g);
    solved_puzzle.alphabet = puzzle.alphabet;
    write!(
        out,
        "{}",
        sudoku::format::write(&solved_puzzle, sudoku::format::Format::Boxed)?
    )?;
    out.flush()?;
    Ok(if solved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_save_never_replaces_one_kept_before() {
        let dir = std::env::temp_dir().join(format!("sudoku-keep-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let save = dir.join("game.json");
        for (n, text) in ["first", "second", "third"].iter().enumerate() {
            std::fs::write(&save, text).unwrap();
            let kept = keep_aside(&save).unwrap();
            let name = if n == 0 {
                "game.json.damaged".to_string()
            } else {
                format!("game.json.damaged-{}", n + 1)
            };
            assert_eq!(kept, dir.join(name));
            assert!(!save.exists());
        }
        assert_eq!(
            std::fs::read_to_string(dir.join("game.json.damaged")).unwrap(),
            "first"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("game.json.damaged-3")).unwrap(),
            "third"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
