//! The binary on hostile input and options (issue 21): out-of-range `--max-time` is a usage
//! error, `--jobs` is capped at the cores, endless and over-long input is refused, FIFOs
//! are read as streams. Timeouts here only stop a hung test; nothing asserts a duration.

use crate::common;
use assert_cmd::Command;
use std::time::Duration;

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn sudoku() -> Command {
    let mut c = Command::cargo_bin("sudoku").unwrap();
    c.timeout(Duration::from_secs(120));
    c
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn out_of_range_max_time_is_a_usage_error_not_a_panic() {
    for bad in ["1e20", "-1", "0", "NaN", "inf", "1e400", "soon"] {
        let out = sudoku()
            .args(["rate", &format!("--max-time={bad}")])
            .write_stdin(CLASSIC)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "--max-time {bad}: {err}");
        assert!(!err.contains("panicked"), "--max-time {bad}: {err}");
        assert!(err.contains("--max-time"), "--max-time {bad}: {err}");
    }
    // In range: taken.
    sudoku()
        .args(["rate", "--max-time", "30"])
        .write_stdin(CLASSIC)
        .assert()
        .success();
}

#[test]
fn jobs_above_the_cores_are_capped_with_a_note_and_change_nothing() {
    let one = sudoku()
        .args(["generate", "-n", "3", "--seed", "7", "--jobs", "1"])
        .output()
        .unwrap();
    let many = sudoku()
        .args(["generate", "-n", "3", "--seed", "7", "--jobs", "3000"])
        .output()
        .unwrap();
    assert!(one.status.success() && many.status.success());
    assert_eq!(one.stdout, many.stdout, "same puzzles whatever --jobs");
    let err = stderr(&many);
    assert!(
        err.contains("note: --jobs 3000 is more than the") && err.contains("cores; using"),
        "{err}"
    );
    assert!(!stderr(&one).contains("--jobs"));
    for cmd in ["solve", "rate"] {
        let out = sudoku()
            .args([cmd, "--jobs", "3000"])
            .write_stdin(format!("{CLASSIC}\n"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{cmd}: {}", stderr(&out));
        assert!(stderr(&out).contains("note: --jobs 3000"), "{cmd}");
    }
}

#[test]
fn endless_input_without_line_breaks_is_refused() {
    // `sudoku solve /dev/zero` grew past 2.9 GB before; now it is refused at once as not
    // text, and text without line breaks stops at the line limit.
    let out = sudoku().args(["solve", "/dev/zero"]).output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("/dev/zero: not a text file"), "{err}");
    let out = sudoku()
        .arg("solve")
        .write_stdin("5".repeat(17 << 20))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("<stdin>:1: line longer than 16 MiB"), "{err}");
}

#[test]
fn a_puzzle_file_for_check_is_read_as_every_input_is() {
    // `check --puzzle /dev/zero` read 7.9 GB before; now it is the input's refusal.
    let out = sudoku()
        .args(["check", "--puzzle", "/dev/zero"])
        .write_stdin(CLASSIC)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--puzzle /dev/zero: not a text file"), "{err}");
    // `-` is standard input, for the puzzle when the grids are files.
    let dir = common::TempDir::new("hostile-check-puzzle");
    let grids = dir.join("solution.txt");
    let solved = sudoku()
        .args(["solve", "--to", "line"])
        .write_stdin(CLASSIC)
        .output()
        .unwrap();
    std::fs::write(&grids, &solved.stdout).unwrap();
    let out = sudoku()
        .args(["check", "--puzzle", "-"])
        .arg(&grids)
        .write_stdin(CLASSIC)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // A solution of another puzzle fails against the puzzle read from stdin.
    let other = CLASSIC.replacen("53", "35", 1);
    let out = sudoku()
        .args(["check", "--puzzle", "-"])
        .arg(&grids)
        .write_stdin(other)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // Both from standard input is a usage error.
    let out = sudoku()
        .args(["check", "--puzzle", "-"])
        .write_stdin(CLASSIC)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("so do the grids"), "{}", stderr(&out));
}

#[test]
fn a_stray_nul_is_named_at_its_place_wherever_it_is() {
    // A NUL in the first read refused the whole file ("not a text file"), one further on
    // was an error at its line: now both are, and the puzzles around it are answered.
    for before in [0, 500] {
        let mut text = format!("{CLASSIC}\n").repeat(before + 1);
        text += &format!("{}\0\n{CLASSIC}\n", &CLASSIC[..40]);
        let out = sudoku()
            .args(["solve", "--to", "line"])
            .write_stdin(text)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        let line = before + 2;
        assert!(
            err.contains(&format!("<stdin>:{line}:41: unexpected character '\\0'")),
            "{before}: {err}"
        );
        let answered = String::from_utf8_lossy(&out.stdout).lines().count();
        assert_eq!(answered, before + 2, "{before}");
    }
}

#[test]
fn a_fifo_is_read_as_a_stream() {
    let dir = common::TempDir::new("fifo");
    let fifo = dir.join("in.fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            use std::io::Write;
            let mut f = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
            for _ in 0..3 {
                writeln!(f, "{CLASSIC}").unwrap();
            }
        })
    };
    let out = sudoku()
        .args(["solve", "--to", "line"])
        .arg(&fifo)
        .output()
        .unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
}

#[test]
fn counts_of_nothing_are_usage_errors() {
    // `--max-attempts 0` was taken and meant one attempt; `--count 0` wrote nothing.
    for args in [
        &["generate", "--count", "0"][..],
        &["generate", "--max-attempts", "0"],
        &["solve", "--count", "0"],
    ] {
        let out = sudoku().args(args).write_stdin(CLASSIC).output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("a count is at least 1"), "{args:?}: {err}");
    }
}
