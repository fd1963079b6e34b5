//! The terminal game (`sudoku play`) and the animated solver (`sudoku solve --animate`), in
//! the Elm style: all state in a model ([`model::Model`], [`animate::Anim`]), a pure
//! `update`, a `view` that only draws, and here the only code that touches the terminal:
//! [`play`] and [`animate`] read events, call `update`, draw with `view`, and carry out the
//! [`msg::Cmd`]s (save, open, export, quit).
//!
//! The terminal is restored on every way out: normal exit, error, panic (a hook puts it
//! back before the panic message prints) and the terminating signals (SIGINT, SIGQUIT,
//! SIGHUP, SIGTERM; [`SIGNALS`]). The game is saved after every change, so a crash or a
//! killed terminal loses nothing. Files open on a thread of their own: a FIFO with no
//! writer never freezes the game.

pub mod animate;
pub mod export;
pub mod game;
pub mod hint;
pub mod keys;
pub mod layout;
pub mod model;
pub mod msg;
pub mod newgame;
pub mod save;
pub mod update;
pub mod view;

#[cfg(test)]
mod tests;

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use keys::Key;
use model::Model;
use msg::{Cmd, Loaded, Msg};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Stdout, Write as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

type Term = Terminal<CrosstermBackend<Stdout>>;

/// The signals that end a game: each sets [`TERMINATE`], the loops end at their next turn,
/// and the terminal is put back and the game saved, as on a normal quit. (In raw mode
/// Ctrl-C is a key, not SIGINT; these come from `kill`, a closing terminal (SIGHUP) or a
/// closing session.)
const SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGTERM,
];

/// How long a signalled loop has to end by itself before the watcher ends the process: a
/// hung-up terminal can keep crossterm's poll from returning.
const GRACE: Duration = Duration::from_secs(3);

/// Set by any of [`SIGNALS`]. Forcing it also starts the watcher: if the process is still
/// there [`GRACE`] after a signal, it puts the terminal back and exits with 128 + the
/// signal. The game is saved after every change, so nothing but the last seconds of the
/// clock is lost then.
static TERMINATE: std::sync::LazyLock<std::sync::Arc<std::sync::atomic::AtomicBool>> =
    std::sync::LazyLock::new(|| {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        for sig in SIGNALS {
            let _ = signal_hook::flag::register(sig, std::sync::Arc::clone(&flag));
        }
        if let Ok(mut signals) = signal_hook::iterator::Signals::new(SIGNALS) {
            let _ = std::thread::Builder::new()
                .name("signals".into())
                .spawn(move || {
                    if let Some(sig) = signals.forever().next() {
                        std::thread::sleep(GRACE);
                        restore_terminal();
                        // Not `eprintln!`: on a hung-up terminal stderr fails, and a panic
                        // here would end this thread and leave the game spinning on the
                        // dead tty for good.
                        let _ = writeln!(io::stderr(), "sudoku: ended by signal {sig}");
                        std::process::exit(128 + sig);
                    }
                });
        }
        flag
    });

fn terminated() -> bool {
    TERMINATE.load(std::sync::atomic::Ordering::Relaxed)
}

/// Puts the terminal back: raw mode off, main screen, no mouse capture, cursor shown.
fn restore_terminal() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

/// Raw mode, alternate screen and mouse; a panic hook that undoes them first.
fn setup_terminal() -> anyhow::Result<Term> {
    std::sync::LazyLock::force(&TERMINATE);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        previous(info);
    }));
    terminal::enable_raw_mode()?;
    let mut out = io::stdout();
    if let Err(e) = execute!(out, EnterAlternateScreen, EnableMouseCapture) {
        restore_terminal();
        return Err(e.into());
    }
    Ok(Terminal::new(CrosstermBackend::new(out))?)
}

/// Our key from crossterm's.
fn key_of(k: event::KeyEvent) -> Option<Key> {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    Some(match k.code {
        KeyCode::Char(c) if ctrl => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Tab => Key::Tab,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Delete => Key::Delete,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::F(n) => Key::F(n),
        _ => return None,
    })
}

/// Our message from a terminal event.
fn msg_of(e: Event) -> Option<Msg> {
    match e {
        Event::Key(k) if k.kind != KeyEventKind::Release => key_of(k).map(Msg::Key),
        Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => Some(Msg::Click {
            x: m.column,
            y: m.row,
        }),
        Event::Resize(w, h) => Some(Msg::Resize(w, h)),
        _ => None,
    }
}

/// Whether colours are off (<https://no-color.org>: any non-empty `NO_COLOR`).
pub fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// How long the game waits for a file being opened (a pipe with no writer never opens).
const OPEN_WAIT: Duration = Duration::from_secs(3);

/// The answer to come of a file being opened.
type Opening = std::sync::mpsc::Receiver<Result<Loaded, String>>;

/// Opens `path` on a thread of its own, so that the game goes on while it opens (a FIFO
/// blocks until someone writes to it): the answer comes on the channel.
fn open_in_background(path: PathBuf) -> Opening {
    let (tx, rx) = std::sync::mpsc::channel();
    let _ = std::thread::Builder::new()
        .name("open".into())
        .spawn(move || {
            let _ = tx.send(read_puzzle(&path));
        });
    rx
}

/// Reads the first puzzle of a file, detecting its format.
pub fn read_puzzle(path: &Path) -> Result<Loaded, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let name = path.display().to_string();
    let mut reader = sudoku::format::Reader::new(
        io::BufReader::new(file),
        &name,
        sudoku::format::ReadOptions::default(),
    );
    match reader.next() {
        Some(Ok(p)) => match game::unplayable(p.shape()) {
            Some(why) => Err(format!("{name}: {why}")),
            None => Ok(Loaded {
                puzzle: Box::new(p),
                source: path
                    .file_name()
                    .map_or(name.clone(), |f| f.to_string_lossy().into_owned()),
            }),
        },
        Some(Err(e)) => Err(e.to_string()),
        None => Err(format!("{name}: no puzzle found")),
    }
}

/// Writes both exports; returns the status line. A position the pencil-mark grid can't
/// hold (a cell with one mark no other cell lists) still gets its `.sdk`, and the line says
/// why the grid was not written.
fn export(m: &Model, path: &Path) -> String {
    let pm = path.with_extension("pm.txt");
    let sdk = export::sdk(&m.game)
        .map_err(anyhow::Error::from)
        .and_then(|sdk| crate::atomic::write_atomic(path, &sdk));
    if let Err(e) = sdk {
        return format!("Export failed: {e:#}");
    }
    let marks = export::pencil_marks(&m.game);
    match marks.map(|marks| crate::atomic::write_atomic(&pm, &marks)) {
        Ok(Ok(())) => format!("Exported {} and {}.", path.display(), pm.display()),
        Ok(Err(e)) => format!(
            "Exported {}; {} failed: {e:#}",
            path.display(),
            pm.display()
        ),
        Err(e) => format!("Exported {}; no pencil-mark grid: {e}", path.display()),
    }
}

/// Plays `model` until the player quits, saving to `save_path` after every change.
pub fn play(mut model: Model, save_path: PathBuf) -> anyhow::Result<()> {
    model.save_path = save_path.display().to_string();
    model.mono = no_color();
    save::clean_orphans(&save_path);
    save::save(&model, &save_path)?;
    let mut term = setup_terminal()?;
    let result = play_loop(&mut term, &mut model, &save_path);
    restore_terminal();
    // A terminated game ends as a quit does, whatever drawing on the way out said.
    let result = if terminated() { Ok(()) } else { result };
    let saved = save::save(&model, &save_path);
    result.and(saved)
}

fn play_loop(term: &mut Term, model: &mut Model, save_path: &Path) -> anyhow::Result<()> {
    let size = term.size()?;
    update::update(model, Msg::Resize(size.width, size.height));
    let mut saved_rev = model.revision;
    let mut saved_at = model.game.elapsed_ms;
    let mut last = Instant::now();
    // A file being opened: its answer, and when it was asked for.
    let mut opening: Option<(Opening, Instant, PathBuf)> = None;
    loop {
        if terminated() {
            return Ok(());
        }
        term.draw(|f| view::view(model, f))?;
        let mut msgs = Vec::new();
        if let Some((rx, asked, path)) = &opening {
            match rx.try_recv() {
                Ok(loaded) => {
                    msgs.push(Msg::Loaded(loaded));
                    opening = None;
                }
                Err(std::sync::mpsc::TryRecvError::Empty) if asked.elapsed() < OPEN_WAIT => {}
                Err(_) => {
                    msgs.push(Msg::Status(format!(
                        "Gave up opening {}: nothing came in {} s (a pipe with no writer?).",
                        path.display(),
                        OPEN_WAIT.as_secs()
                    )));
                    opening = None;
                }
            }
        }
        if event::poll(Duration::from_millis(250))? {
            msgs.extend(msg_of(event::read()?));
            // Bounded, and cut short by SIGTERM.
            let mut more = 0;
            while more < 1000 && !terminated() && event::poll(Duration::ZERO)? {
                more += 1;
                msgs.extend(msg_of(event::read()?));
            }
        }
        let now = Instant::now();
        msgs.push(Msg::Tick(now.duration_since(last).as_millis() as u64));
        last = now;
        for msg in msgs {
            let mut next = update::update(model, msg);
            while let Some(cmd) = next.take() {
                match cmd {
                    Cmd::Quit => return Ok(()),
                    Cmd::Open(p) => {
                        let status = format!("Opening {}…", p.display());
                        opening = Some((open_in_background(p.clone()), Instant::now(), p));
                        next = update::update(model, Msg::Status(status));
                    }
                    Cmd::Export(p) => next = update::update(model, Msg::Status(export(model, &p))),
                }
            }
        }
        // Save on every change, and every 10 s of play for the clock.
        if model.revision != saved_rev || model.game.elapsed_ms >= saved_at + 10_000 {
            if let Err(e) = save::save(model, save_path) {
                model.message = format!("{e:#}");
            }
            saved_rev = model.revision;
            saved_at = model.game.elapsed_ms;
        }
    }
}

/// Runs an animation to its end (or until `q`) in the terminal.
pub fn animate(mut anim: animate::Anim) -> anyhow::Result<()> {
    anim.mono = no_color();
    let mut term = setup_terminal()?;
    let result = (|| -> anyhow::Result<()> {
        let mut last = Instant::now();
        while !anim.quit && !terminated() {
            term.draw(|f| animate::view(&anim, f))?;
            let wait = if anim.delay_ms == 0 {
                16
            } else {
                anim.delay_ms.clamp(5, 100)
            };
            if event::poll(Duration::from_millis(wait))? {
                if let Some(Msg::Key(k)) = msg_of(event::read()?) {
                    animate::update(&mut anim, animate::AnimMsg::Key(k));
                }
            }
            let now = Instant::now();
            let ms = now.duration_since(last).as_millis() as u64;
            last = now;
            animate::update(&mut anim, animate::AnimMsg::Tick(ms));
        }
        Ok(())
    })();
    restore_terminal();
    result
}
