//! End to end: the real binary in a pseudo-terminal (tmux), driven by keys. Puzzles typed
//! into `solve` are answered as they come. Starts a game
//! from a file, places digits, undoes, makes and restores a checkpoint, asks for a hint,
//! quits, resumes, and checks the screen and the save file.
//!
//! Needs `tmux` (`scripts/setup-tmux.sh` installs it) and fails without it. Uses its own tmux server socket and a temporary HOME, so it touches nothing else.

use crate::common::tmux::{require_tmux, Tmux};
use std::path::{Path, PathBuf};
use std::process::Command;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Starts the game in the session, with `args` after `play`.
fn start(t: &Tmux, home: &Path, args: &str) {
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let cmd = format!(
        "exec env HOME={h} XDG_DATA_HOME={h}/data XDG_CONFIG_HOME={h}/config TERM=xterm-256color {bin} play {args} 2>{h}/stderr",
        h = home.display()
    );
    t.start(&[&cmd]);
}

fn temp_home() -> PathBuf {
    let d = std::env::temp_dir().join(format!("sudoku-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn play_in_a_real_terminal() {
    require_tmux();
    let home = temp_home();
    let puzzle = home.join("easy.txt");
    std::fs::write(&puzzle, format!("{EASY}\n")).unwrap();
    let save = home.join("data/sudoku/game.json");
    let t = Tmux::new("e2e", "e2e");

    start(&t, &home, &puzzle.display().to_string());
    t.wait_for("sudoku 9x9");
    // r1c3 = 4, then undo it.
    t.keys(&["l", "l", "4"]);
    t.wait_for("moves: 1");
    t.keys(&["u"]);
    t.wait_for("Undid r1c3 = 4");
    // Place again, checkpoint it, play on, restore.
    t.keys(&["4", "c", "Enter"]);
    t.wait_for("Checkpoint 1 saved");
    t.keys(&["l", "6"]);
    t.wait_for("r1c4: 6");
    t.keys(&["b", "Enter"]);
    t.wait_for("Restored checkpoint 1");
    t.wait_for("r1c4: empty");
    // A hint, vague then concrete.
    t.keys(&["i"]);
    t.wait_for("Hint: Look at");
    t.keys(&["i"]);
    t.wait_for("Single:");
    t.keys(&["q"]);
    t.wait_gone();

    let text = std::fs::read_to_string(&save).expect("the game was saved");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["kind"], "sudoku-play");
    assert_eq!(
        v["pos"], 3,
        "4, undo (cut off by the next move), 4, 6, restore: {text}"
    );
    assert_eq!(v["checkpoints"][0]["name"], "1");
    assert!(v["puzzle"].as_str().unwrap().starts_with("53..7"));
    let stderr = std::fs::read_to_string(home.join("stderr")).unwrap();
    assert!(stderr.contains("Game saved"), "{stderr}");

    // Resume: the same position, the history still there.
    start(&t, &home, "--resume");
    let s = t.wait_for("Resumed.");
    assert!(s.contains("moves: 3 (redo 0)"), "{s}");
    t.keys(&["u"]);
    t.wait_for("Undid restore checkpoint 1");
    t.wait_for("moves: 2 (redo 1)");
    t.keys(&["q"]);
    t.wait_gone();
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(
        (v["pos"].as_u64(), v["history"].as_array().map(Vec::len)),
        (Some(2), Some(3))
    );

    // SIGTERM (a closing session, a `kill`): the game saves and puts the terminal back.
    start(&t, &home, "--resume");
    t.wait_for("Resumed.");
    t.keys(&["u"]);
    t.wait_for("moves: 1 (redo 2)");
    let pid = String::from_utf8_lossy(
        &t.cmd(&["list-panes", "-t", "e2e", "-F", "#{pane_pid}"])
            .stdout,
    )
    .trim()
    .to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    t.wait_gone();
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(v["pos"].as_u64(), Some(1), "the last move was saved");
    let stderr = std::fs::read_to_string(home.join("stderr")).unwrap();
    assert!(stderr.contains("Game saved"), "{stderr}");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn puzzles_typed_into_solve_are_answered_as_they_come() {
    // From a terminal, each answer comes when its puzzle is typed, not all at the end of
    // the input; a line of 81 cells tells the format alone, so the first comes at once.
    require_tmux();
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let answer = Command::new(bin)
        .args(["solve", "--to", "line", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child.stdin.take().unwrap().write_all(EASY.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let solution = String::from_utf8(answer.stdout).unwrap().trim().to_string();
    assert_eq!(solution.len(), 81, "{solution}");
    let t = Tmux::new("typed", "typed");
    t.start(&[&format!("exec {bin} solve --to line 2>/dev/null")]);
    t.keys(&[EASY, "Enter"]);
    // Still reading (no end of input typed), yet answering.
    let screen = t.wait_for(&solution);
    assert!(t.running(), "{screen}");
    for _ in 0..4 {
        t.keys(&[EASY, "Enter"]);
    }
    let screen = t.wait_for_count(&solution, 5);
    assert!(t.running(), "{screen}");
    t.keys(&["C-d"]);
    t.wait_gone();
}
