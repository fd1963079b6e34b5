//! Helpers shared by the app's integration tests.
// Each test module uses a part of these.
#![allow(dead_code)]

pub mod tmux;

/// A directory of a test's own under the system's temp dir, emptied at creation and
/// removed when dropped, so that runs leave nothing behind, passing or failing.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    /// `sudoku-{name}-{pid}-{n}` under the temp dir, `n` counting the directories made in
    /// this run: the tests share one process, so two tests may ask for the same name.
    pub fn new(name: &str) -> TempDir {
        static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let d = std::env::temp_dir().join(format!("sudoku-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        TempDir(d)
    }
}

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for TempDir {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
