//! Saves that never leave a half-written file: what `play` saves and exports, and what
//! `print` writes.

use anyhow::Context as _;
use std::fs;
use std::io::Write as _;
use std::path::Path;

/// Writes `text` (any bytes: a game, a PDF) to `path` atomically: temp file in the same
/// directory, fsync, rename, and fsync of the directory so the rename itself survives a
/// power cut. The directory must exist: a mistyped path is an error, not a new folder.
pub fn write_atomic(path: &Path, text: impl AsRef<[u8]>) -> anyhow::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .context("save path has no file name")?
        .to_string_lossy();
    // Unique per write: a signal's watcher and the game loop never share a temp file.
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.tmp{}.{n}", std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_ref())?;
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
