//! The game in a real pseudo-terminal: a tmux server of the test's own (`-L SOCKET`) with one
//! session, driven by keys and read back from the screen. The server is ended on drop.

use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// One tmux server and the name of its session.
pub struct Tmux {
    pub socket: String,
    pub session: &'static str,
}

/// Fails the test with what to do when tmux is missing (`scripts/setup-tmux.sh` installs it):
/// a test that needs a tool never passes without running.
pub fn require_tmux() {
    let ok = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "tmux is not installed: the game's end-to-end tests need it (scripts/setup-tmux.sh, or apt-get install -y tmux)"
    );
}

impl Tmux {
    /// A server on its own socket, named after `name` and this process.
    pub fn new(name: &str, session: &'static str) -> Tmux {
        Tmux {
            socket: format!("sudoku-{name}-{}", std::process::id()),
            session,
        }
    }
    pub fn cmd(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }
    /// Starts `command` (tmux's words after the session options) in a new 120x40 session,
    /// ending the session of that name first.
    pub fn start(&self, command: &[&str]) {
        let _ = self.cmd(&["kill-session", "-t", self.session]);
        let mut args = vec![
            "new-session",
            "-d",
            "-s",
            self.session,
            "-x",
            "120",
            "-y",
            "40",
        ];
        args.extend_from_slice(command);
        // Killing the last session ends the server; a new session asked for while it is still
        // going away can fail with "server exited unexpectedly" (seen under load): try again.
        let mut tries = 0;
        let out = loop {
            let out = self.cmd(&args);
            tries += 1;
            if out.status.success() || tries == 10 {
                break out;
            }
            sleep(Duration::from_millis(200));
        };
        assert!(
            out.status.success(),
            "tmux: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.cmd(&["capture-pane", "-p", "-t", self.session]).stdout)
            .into_owned()
    }
    pub fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.cmd(&["send-keys", "-t", self.session, k]);
            sleep(Duration::from_millis(60));
        }
    }
    /// Waits until the screen shows `text`; panics with the screen after 15 s.
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_for_count(text, 1)
    }
    /// Waits until the screen shows `text` at least `n` times; panics after 15 s.
    pub fn wait_for_count(&self, text: &str, n: usize) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.matches(text).count() >= n {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "screen never showed {text:?} {n} times:\n{s}"
            );
            sleep(Duration::from_millis(100));
        }
    }
    /// A tmux format (`#{pane_pid}`, `#{alternate_on}`, …) of the session.
    pub fn format(&self, f: &str) -> String {
        String::from_utf8_lossy(
            &self
                .cmd(&["display-message", "-p", "-t", self.session, f])
                .stdout,
        )
        .trim()
        .to_string()
    }
    pub fn running(&self) -> bool {
        self.cmd(&["has-session", "-t", self.session])
            .status
            .success()
    }
    /// Waits until the session has ended; panics after 10 s.
    pub fn wait_gone(&self) {
        let start = Instant::now();
        while self.running() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the game did not quit"
            );
            sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.cmd(&["kill-server"]);
    }
}
