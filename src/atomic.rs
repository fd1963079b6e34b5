//! Saves that never leave a half-written file: what `play` saves and exports, and what
//! `print` writes.

use anyhow::Context as _;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Writes `text` (any bytes: a game, a PDF) to `path` atomically: temp file in the same
/// directory, fsync, rename, and fsync of the directory so the rename itself survives a
/// power cut. The directory must exist: a mistyped path is an error, not a new folder.
///
/// What is at `path` is written to, not replaced: a symbolic link is followed (the file it
/// points to is saved atomically, the link stays), an existing file keeps its permissions,
/// and what is no regular file (`/dev/null`, a named pipe, a terminal) is written straight
/// into, as nothing there can be half written. (Renaming over them replaced the link, the
/// pipe, even `/dev/full`, with a new file.) A file with several hard links is split off
/// from the others, as every atomic save splits it.
pub fn write_atomic(path: &Path, text: impl AsRef<[u8]>) -> anyhow::Result<()> {
    let target = followed(path);
    let existing = fs::metadata(&target).ok();
    if existing
        .as_ref()
        .is_some_and(|m| !m.is_file() && !m.is_dir())
    {
        return fs::OpenOptions::new()
            .write(true)
            .open(&target)
            .and_then(|mut f| f.write_all(text.as_ref()))
            .with_context(|| format!("cannot save to {}", path.display()));
    }
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target
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
        if let Some(m) = &existing {
            f.set_permissions(m.permissions())?;
        }
        drop(f);
        fs::rename(&tmp, &target)?;
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

/// `path` with symbolic links followed, to the file they name even when it does not exist
/// yet (a link to a file about to be made); `path` itself when it is no link.
fn followed(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    // Bounded: a loop of links is left to the write to report.
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => match fs::read_link(&p) {
                Ok(to) => {
                    p = match p.parent() {
                        Some(dir) if to.is_relative() => dir.join(to),
                        _ => to,
                    }
                }
                Err(_) => break,
            },
            _ => break,
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("sudoku-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_and_permissions_kept() {
        use std::os::unix::fs::{symlink, PermissionsExt};
        let d = scratch("links");
        fs::create_dir(d.join("real")).unwrap();
        fs::write(d.join("real/t.pdf"), "old").unwrap();
        fs::set_permissions(d.join("real/t.pdf"), fs::Permissions::from_mode(0o600)).unwrap();
        symlink("real/t.pdf", d.join("link.pdf")).unwrap();
        write_atomic(&d.join("link.pdf"), "new").unwrap();
        assert!(fs::symlink_metadata(d.join("link.pdf"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(d.join("real/t.pdf")).unwrap(), "new");
        let mode = fs::metadata(d.join("real/t.pdf"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        // A link to a file not made yet makes it.
        symlink("real/new.pdf", d.join("ahead.pdf")).unwrap();
        write_atomic(&d.join("ahead.pdf"), "made").unwrap();
        assert_eq!(fs::read_to_string(d.join("real/new.pdf")).unwrap(), "made");
        // No temp file is left behind.
        assert_eq!(fs::read_dir(d.join("real")).unwrap().count(), 2);
        fs::remove_dir_all(&d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn what_is_no_file_is_written_into_not_replaced() {
        let d = scratch("special");
        write_atomic(Path::new("/dev/null"), "into the void").unwrap();
        assert!(!fs::metadata("/dev/null").unwrap().is_file());
        // A named pipe, read as it is written.
        let fifo = d.join("f.pdf");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo is needed here");
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        write_atomic(&fifo, "through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        assert!(!fs::metadata(&fifo).unwrap().is_file());
        fs::remove_dir_all(&d).unwrap();
    }
}
