//! Helpers shared by the app's integration tests.
// Each test binary uses a part of these.
#![allow(dead_code)]

pub mod tmux;

/// A directory of a test's own under the system's temp dir, emptied at creation and
/// removed when dropped, so that runs leave nothing behind, passing or failing.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    /// `sudoku-{name}-{pid}` under the temp dir: one per test binary run and name.
    pub fn new(name: &str) -> TempDir {
        let d = std::env::temp_dir().join(format!("sudoku-{name}-{}", std::process::id()));
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
