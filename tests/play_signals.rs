//! `sudoku play` against its user's terminal (issue 21): SIGINT, SIGQUIT, SIGHUP and SIGTERM
//! each put the terminal back (cooked mode, main screen) and leave the game saved; opening a
//! FIFO with no writer does not freeze the game. Driven in tmux, like `play_e2e.rs`
//! (`scripts/setup-tmux.sh` installs it; the tests fail without it).

use crate::common::tmux::{require_tmux, Tmux};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The pid of the game: the shell's child.
fn game_pid(t: &Tmux) -> String {
    let shell = t.format("#{pane_pid}");
    let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).unwrap();
    children
        .split_whitespace()
        .next()
        .expect("the game runs")
        .to_string()
}

fn temp_home(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sudoku-sig-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The shell script: terminal settings before and after the game, then its exit status.
/// The game's stderr goes to a file.
fn script(home: &Path, args: &str) -> String {
    script_with(home, args, &format!("2>{}/stderr", home.display()))
}

/// [`script`] with the game's stderr redirected as `redirect` says (empty: the terminal).
fn script_with(home: &Path, args: &str, redirect: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let h = home.display();
    format!(
        "stty -g > {h}/stty.before; env HOME={h} XDG_DATA_HOME={h}/data XDG_CONFIG_HOME={h}/config TERM=xterm-256color {bin} play --save {h}/game.json {args} {redirect}; rc=$?; stty -g > {h}/stty.after; echo \"EXITED $rc\"; sleep 60"
    )
}

#[test]
fn every_terminating_signal_restores_the_terminal_and_saves() {
    require_tmux();
    let t = Tmux::new("sig", "sig");
    for sig in ["INT", "QUIT", "HUP", "TERM"] {
        let home = temp_home(sig);
        let puzzle = home.join("easy.txt");
        std::fs::write(&puzzle, format!("{EASY}\n")).unwrap();
        // An orphan of a killed save, from a process long gone.
        let orphan = home.join(".game.json.tmp4194305.0");
        std::fs::write(&orphan, "partial").unwrap();
        t.start(&["sh", "-c", &script(&home, &puzzle.display().to_string())]);
        t.wait_for("sudoku 9x9");
        assert_eq!(
            t.format("#{alternate_on}"),
            "1",
            "{sig}: the game uses the alternate screen"
        );
        assert!(
            !orphan.exists(),
            "{sig}: the orphan temp file is cleaned at start"
        );
        t.keys(&["l", "l", "4"]);
        t.wait_for("moves: 1");
        let pid = game_pid(&t);
        assert!(Command::new("kill")
            .args([&format!("-{sig}"), &pid])
            .status()
            .unwrap()
            .success());
        let screen = t.wait_for("EXITED");
        assert_eq!(
            t.format("#{alternate_on}"),
            "0",
            "{sig}: back on the main screen:\n{screen}"
        );
        let before = std::fs::read_to_string(home.join("stty.before")).unwrap();
        let after = std::fs::read_to_string(home.join("stty.after")).unwrap();
        assert_eq!(
            before, after,
            "{sig}: terminal settings put back (raw mode off)"
        );
        let save: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(home.join("game.json")).expect("saved"))
                .unwrap();
        assert_eq!(save["pos"].as_u64(), Some(1), "{sig}: the move was saved");
        let stderr = std::fs::read_to_string(home.join("stderr")).unwrap();
        assert!(stderr.contains("Game saved"), "{sig}: {stderr}");
        assert!(!stderr.contains("panicked"), "{sig}: {stderr}");
        let leftovers: Vec<_> = std::fs::read_dir(&home)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(".tmp"))
            .collect();
        assert!(
            leftovers.is_empty(),
            "{sig}: temp files left: {leftovers:?}"
        );
        let _ = std::fs::remove_dir_all(&home);
    }
}

#[test]
fn opening_a_fifo_with_no_writer_does_not_freeze_the_game() {
    require_tmux();
    let t = Tmux::new("fifo", "sig");
    let home = temp_home("fifo");
    let puzzle = home.join("easy.txt");
    std::fs::write(&puzzle, format!("{EASY}\n")).unwrap();
    let fifo = home.join("p.fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    t.start(&["sh", "-c", &script(&home, &puzzle.display().to_string())]);
    t.wait_for("sudoku 9x9");
    t.keys(&["o"]);
    t.keys(&[&fifo.display().to_string(), "Enter"]);
    t.wait_for("Opening");
    // The game answers keys while the FIFO waits for a writer.
    t.keys(&["l", "l", "4"]);
    t.wait_for("moves: 1");
    t.wait_for("Gave up opening");
    // And SIGTERM still ends it cleanly (a thread is stuck opening the FIFO).
    let pid = game_pid(&t);
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    t.wait_for("EXITED 0");
    let save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(home.join("game.json")).unwrap()).unwrap();
    assert_eq!(save["pos"].as_u64(), Some(1));
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_terminal_that_goes_away_ends_the_game_saved() {
    require_tmux();
    // Stderr to a file, and to the terminal that goes away: writing there fails, which
    // once ended the watcher thread with a panic and left the game spinning on the dead
    // tty at full CPU, deaf to every signal after.
    for to_file in [true, false] {
        let t = Tmux::new("gone", "sig");
        let home = temp_home(if to_file { "gone" } else { "gone-tty" });
        let puzzle = home.join("easy.txt");
        std::fs::write(&puzzle, format!("{EASY}\n")).unwrap();
        let redirect = if to_file {
            format!("2>{}/stderr", home.display())
        } else {
            String::new()
        };
        t.start(&[
            "sh",
            "-c",
            &script_with(&home, &puzzle.display().to_string(), &redirect),
        ]);
        t.wait_for("sudoku 9x9");
        t.keys(&["l", "l", "4"]);
        t.wait_for("moves: 1");
        let pid = game_pid(&t);
        // The window closes: the terminal hangs up under the game (SIGHUP, then a dead tty
        // that crossterm's poll spins on).
        t.cmd(&["kill-server"]);
        let start = Instant::now();
        let ended = || {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .map_or(true, |s| s.split_whitespace().nth(2) == Some("Z"))
        };
        while !ended() {
            if start.elapsed() > Duration::from_secs(30) {
                let _ = Command::new("kill").args(["-9", &pid]).status();
                panic!("the game never ended (stderr to a file: {to_file})");
            }
            sleep(Duration::from_millis(100));
        }
        if to_file {
            let stderr = std::fs::read_to_string(home.join("stderr")).unwrap();
            assert!(
                stderr.contains("Game saved") || stderr.contains("ended by signal 1"),
                "{stderr}"
            );
        }
        let save: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(home.join("game.json")).unwrap())
                .unwrap();
        assert_eq!(save["pos"].as_u64(), Some(1), "stderr to a file: {to_file}");
        let _ = std::fs::remove_dir_all(&home);
    }
}
