//! The play and animate commands without a terminal: `solve --animate` prints one line per
//! event (no escape codes), and `play` refuses politely.

use assert_cmd::Command;
use predicates::prelude::PredicateBooleanExt as _;

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn bin() -> Command {
    Command::cargo_bin("sudoku").unwrap()
}

#[test]
fn animate_without_a_terminal_prints_steps() {
    let out = bin()
        .args(["solve", "--animate", "--method", "logic"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(!text.contains('\x1b'), "no escape codes");
    // One explained step per line, from the logic solver, until solved.
    assert!(text.starts_with("1: "), "{text}");
    assert!(text.contains("(Naked Single: r5c5=5)"), "{text}");
    assert!(text.contains(": solved\n"), "{text}");
    assert!(text.contains("| 5 3 4 | 6 7 8 | 9 1 2 |"), "{text}");

    let out = bin()
        .args(["solve", "--animate", "--delay", "0"])
        .write_stdin("123............4\n")
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("try r1c4") || text.contains("no solution"),
        "{text}"
    );
    assert!(text.contains(": no solution\n"), "{text}");
}

#[test]
fn animate_stops_at_the_time_limit() {
    // The naive backtracker on a hard 25x25 makes millions of tries, and one step of the
    // logic solver there can take seconds: --max-time ends either, with what was shown.
    let hard = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/large/hard-25-1.txt");
    for method in ["backtrack", "logic"] {
        let out = bin()
            .args([
                "solve",
                "--animate",
                "--delay",
                "0",
                "--max-time",
                "1",
                "--method",
                method,
                hard,
            ])
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .code(1)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("time limit reached (--max-time 1)"),
            "{method}: {err}"
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.contains(": solved"), "{method}: {text}");
    }
}

#[test]
fn play_needs_a_terminal_and_lists_levels() {
    let home = std::env::temp_dir().join(format!("sudoku-play-cli-{}", std::process::id()));
    bin()
        .args(["play", "--new", "list"])
        .env("HOME", &home)
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "easy\nmedium\nhard\nunfair\nextreme\n4x4-easy",
        ));
    bin()
        .args(["play", "--new", "easy"])
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("needs a terminal"));
    bin()
        .args(["play", "--resume", "--save"])
        .arg(home.join("none.json"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no saved game"));
    bin()
        .args(["play", "--keys"])
        .env("HOME", &home)
        .assert()
        .success()
        .stdout(
            predicates::str::contains("auto-candidates")
                .and(predicates::str::contains("trial-drop")),
        );
    let _ = std::fs::remove_dir_all(home);
}

#[test]
fn new_game_levels_and_targets() {
    let out = bin().args(["play", "--new", "list"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let levels: Vec<&str> = text.lines().collect();
    assert_eq!(
        &levels[..5],
        ["easy", "medium", "hard", "unfair", "extreme"]
    );
    assert!(levels.contains(&"16x16-easy"));
    bin()
        .args(["play", "--difficulty", "bogus"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no level"));
    bin().args(["play", "--rating", "9..8"]).assert().code(2);
}

#[test]
fn animate_refuses_what_it_would_not_write() {
    // An animation writes steps, not records or grids in a format: asked for those too,
    // it says so instead of ignoring them.
    for extra in [
        vec!["--json"],
        vec!["--to", "line"],
        vec!["--count", "5"],
        vec!["--all"],
    ] {
        let mut args = vec!["solve", "--animate", "--delay", "0"];
        args.extend(&extra);
        bin()
            .args(&args)
            .write_stdin(format!("{EASY}\n"))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains("cannot be used with"));
    }
    // One puzzle is animated: a second is not dropped without a word (it exited 0).
    bin()
        .args(["solve", "--animate", "--delay", "0"])
        .write_stdin(format!("# a title\n{EASY}\n{EASY}\n"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "--animate shows one puzzle, and the input holds another (<stdin>:3)",
        ));
}

/// The `try`/`withdraw` symbols of an animation's lines.
fn tried(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains(": try ") || l.contains(": withdraw "))
        .filter_map(|l| l.rsplit_once(" = ").map(|(_, s)| s))
        .collect()
}

#[test]
fn animate_writes_digits_as_the_puzzle_does() {
    let run = |name: &str| {
        let file = format!("{}/testdata/cli/{name}", env!("CARGO_MANIFEST_DIR"));
        let out = bin()
            .args([
                "solve",
                "--animate",
                "--delay",
                "0",
                "--max-time",
                "1",
                &file,
            ])
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    // Hex (`0-F`): never the standard alphabet's `G` for 16.
    let hex = run("sixteen-hex.txt");
    assert!(!hex.contains('G'), "{hex}");
    let syms = tried(&hex);
    assert!(!syms.is_empty(), "{hex}");
    assert!(
        syms.iter()
            .all(|s| s.len() == 1 && "0123456789ABCDEF".contains(*s)),
        "{hex}"
    );
    // 49x49: numbers, as its grids are written, never `?` past 35.
    let big = run("fortynine.txt");
    assert!(!big.contains('?'), "{}", &big[..big.len().min(2000)]);
    let syms = tried(&big);
    assert!(syms.iter().all(|s| s.parse::<usize>().is_ok()), "{syms:?}");
    assert!(
        syms.iter().any(|s| s.parse::<usize>().unwrap() > 35),
        "{syms:?}"
    );
}
