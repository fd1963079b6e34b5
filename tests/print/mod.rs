//! `sudoku print` read back for real: PDFs through poppler (`pdfinfo` for page counts,
//! `pdftotext` for text), PNGs decoded, SVGs read. poppler-utils come from
//! `scripts/setup-print.sh`; without them these tests fail, they never skip. One module for
//! the face, one submodule a subject; the helpers they share are here.

use crate::common;

mod fonts;
mod layout;
mod path;

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use common::TempDir;
use std::path::{Path, PathBuf};

/// A puzzle file of `testdata/print/`.
fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/print")
        .join(name)
}

/// A test's own empty folder (names are unique across the modules).
fn temp(name: &str) -> TempDir {
    TempDir::new(&format!("print-{name}"))
}

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").unwrap()
}

/// Runs `sudoku print ARGS -o OUT INPUT`.
fn print_run(args: &[&str], out: &Path, input: &Path) -> Assert {
    sudoku()
        .arg("print")
        .args(args)
        .arg("-o")
        .arg(out)
        .arg(input)
        .assert()
}

/// Runs `sudoku print ARGS -o OUT INPUT` and checks that it succeeds.
fn printed(args: &[&str], out: &Path, input: &Path) {
    print_run(args, out, input).success();
}

/// Runs `sudoku print ARGS -o OUT INPUT` and checks that it is refused as the user's error
/// (exit 2) with nothing written to OUT; returns the run for what stderr should say.
fn refused(args: &[&str], out: &Path, input: &Path) -> Assert {
    let run = print_run(args, out, input).code(2);
    assert!(!out.exists(), "{args:?}: {} was written", out.display());
    run
}

/// Runs a poppler tool; a missing tool is a failure that says how to install it.
fn poppler(tool: &str, args: &[&str]) -> String {
    let out = std::process::Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{tool} not runnable ({e}): run scripts/setup-print.sh"));
    assert!(out.status.success(), "{tool} {args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn page_count(pdf: &Path) -> usize {
    let info = poppler("pdfinfo", &[pdf.to_str().unwrap()]);
    let line = info.lines().find(|l| l.starts_with("Pages:")).unwrap();
    line["Pages:".len()..].trim().parse().unwrap()
}

/// The PDF's text, page by page as `pdftotext` lays it out.
fn pdftotext(pdf: &Path) -> String {
    poppler("pdftotext", &[pdf.to_str().unwrap(), "-"])
}
