//! The `sudoku` binary as users run it: exit codes, output formats, JSON, errors.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SERG: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").unwrap()
}

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The first `n` puzzles of a corpus file (`testdata/corpus/README.md`: the puzzle is the
/// first `:` field), one a line.
fn corpus_puzzles(name: &str, n: usize) -> String {
    let text = std::fs::read_to_string(repo(&format!("testdata/corpus/{name}"))).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(n)
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(lines.len(), n, "{name}");
    lines.join("\n") + "\n"
}

#[test]
fn bare_file_argument_solves_it() {
    let out = sudoku()
        .arg(repo("examples/classic.txt"))
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.starts_with("+-------+-------+-------+\n| 5 3 4 | 6 7 8 | 9 1 2 |"),
        "{text}"
    );
}

#[test]
fn unique_puzzle_as_line_and_json() {
    sudoku()
        .args(["solve", "--to", "line"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .success()
        .stdout(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n",
        );
    let out = sudoku()
        .args(["solve", "--json", "-"])
        .write_stdin(CLASSIC)
        .assert()
        .success();
    let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["status"], "unique");
    assert_eq!(
        v["solution"][0],
        serde_json::json!([5, 3, 4, 6, 7, 8, 9, 1, 2])
    );
}

#[test]
fn multiple_solutions_exit_1_with_two_shown() {
    let out = sudoku()
        .args(["solve", "--json", "--count", "5"])
        .write_stdin(SERG)
        .assert()
        .code(1);
    let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["status"], "multiple");
    assert_eq!(v["solutions"].as_array().unwrap().len(), 2);
    assert_ne!(v["solutions"][0], v["solutions"][1]);
    assert!(v["count"].as_u64().unwrap() >= 2);
}

#[test]
fn a_puzzle_its_marks_define_has_one_verdict() {
    // A pencil-mark grid whose lone 9 in r1c4 is still a candidate in r1c1, so it is a
    // one-candidate cell, not a given: by its givens alone several solutions, by its
    // marks one. solve and rate said unique, hint and explain "multiple solutions".
    let file = format!("{}/testdata/cli/stray-mark.pm", env!("CARGO_MANIFEST_DIR"));
    let run = |args: &[&str]| {
        let out = sudoku().args(args).arg(&file).output().unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let (code, solved) = run(&["solve", "--json"]);
    assert_eq!(code, Some(0), "{solved}");
    assert!(solved.contains("\"status\":\"unique\""), "{solved}");
    let (code, hint) = run(&["hint"]);
    assert_eq!(code, Some(0), "{hint}");
    assert!(hint.contains("Naked Single"), "{hint}");
    let (code, path) = run(&["explain"]);
    assert_eq!(code, Some(0), "{path}");
    assert!(path.contains("r1c4=9"), "{path}");
}

#[test]
fn clashing_givens_are_named() {
    let bad = format!("55{}", &CLASSIC[2..]);
    sudoku()
        .arg("solve")
        .write_stdin(bad.clone())
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "# invalid givens (<stdin>:1):\n#   digit 5 2 times in row 1: r1c1, r1c2",
        ));
    let out = sudoku()
        .args(["solve", "--json"])
        .write_stdin(bad)
        .assert()
        .code(1);
    let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["status"], "invalid");
    assert_eq!(
        v["conflicts"][0]["cells"],
        serde_json::json!([[1, 1], [1, 2]])
    );
}

#[test]
fn bad_line_reports_line_and_column_and_goes_on() {
    let input = format!("{CLASSIC}\n{}x\n{CLASSIC}\n", &CLASSIC[..80]);
    let out = sudoku()
        .args(["solve", "--json"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "<stdin>:2:81: unexpected character 'x'",
        ));
    let lines: Vec<Value> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let statuses: Vec<&str> = lines
        .iter()
        .map(|v| v["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["unique", "error", "unique"]);
    assert_eq!(lines[1]["line"], 2);
}

/// `sudoku ARGS` on `stdin`: the exit code and stderr.
fn run_err(args: &[&str], stdin: impl Into<Vec<u8>>) -> (Option<i32>, String) {
    let out = sudoku().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn control_bytes_are_bad_characters_not_cells() {
    // A control byte is no cell in any format: it was counted as one, and a line or row
    // it made too long got a length error ("found 82") instead of the byte's place. A byte
    // that is not UTF-8 is read as U+FFFD, and is no cell either.
    let converted = |to: &str| {
        let out = sudoku()
            .args(["convert", "--to", to])
            .write_stdin(CLASSIC)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    // The text with `bad` put at the end of line `at` (1-based), just before `before`
    // when the line ends with it.
    let spoiled = |text: &str, at: usize, before: &str, bad: &str| -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let l = &mut lines[at - 1];
        let cut = l.strip_suffix(before).map_or(l.len(), str::len);
        l.insert_str(cut, bad);
        lines.join("\n") + "\n"
    };
    let mid = format!("{}\u{7f}{}", &CLASSIC[..40], &CLASSIC[40..]);
    let cases: Vec<(Vec<&str>, String)> = vec![
        (vec!["solve"], format!("{CLASSIC}\u{1}\n")),
        (vec!["solve"], format!("{mid}\n")),
        (
            vec!["solve", "-f", "sdk"],
            spoiled(&converted("sdk"), 2, "", "\u{1}"),
        ),
        (
            vec!["solve", "-f", "classic"],
            spoiled(&converted("classic"), 3, "", "\u{1b}"),
        ),
        (
            vec!["solve"],
            spoiled(&converted("boxed"), 3, " |", "\u{1}"),
        ),
        (
            vec!["solve", "-f", "matrix"],
            spoiled(&converted("matrix"), 1, "", " \u{1}"),
        ),
        (
            vec!["check", "-f", "matrix"],
            spoiled(&converted("matrix"), 4, "", " \u{7f}"),
        ),
    ];
    for (args, input) in cases {
        let (line, col, ch) = first_control(&input);
        let (code, err) = run_err(&args, input.clone());
        assert_eq!(code, Some(2), "{args:?} {input:?}: {err}");
        let want = format!("<stdin>:{line}:{col}: unexpected character {ch:?}");
        assert!(
            err.contains(&want),
            "{args:?} {input:?}: {err}\nwanted {want}"
        );
    }
    let mut bytes = CLASSIC.as_bytes().to_vec();
    bytes.extend_from_slice(b"\xff\n");
    let (code, err) = run_err(&["solve"], bytes);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("<stdin>:1:82: unexpected character"), "{err}");
    assert!(err.contains("not UTF-8"), "{err}");
}

/// Where the first control character of `input` is: its line and column (characters,
/// 1-based), and the character.
fn first_control(input: &str) -> (usize, usize, char) {
    input
        .split('\n')
        .enumerate()
        .find_map(|(i, l)| {
            let (c, ch) = l.chars().enumerate().find(|(_, c)| c.is_control())?;
            Some((i + 1, c + 1, ch))
        })
        .expect("a control character in the input")
}

#[test]
fn control_bytes_after_the_cells_or_among_numbers_are_named_where_they_stand() {
    // A control byte in a line's comment (after `#`, `,` or a blank) was kept silently as
    // part of the comment; rows of numbers with one in them were taken for another format
    // (a classic grid: "expected 9 lines of 9 characters"; lines: "expected 81 cells").
    let matrix = "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n";
    let in_row = |row: usize, at: usize, bad: &str| -> String {
        let mut lines: Vec<String> = matrix.lines().map(str::to_string).collect();
        lines[row - 1].insert_str(at, bad);
        lines.join("\n") + "\n"
    };
    let nine = sudoku()
        .args(["convert", "--to", "matrix"])
        .write_stdin(CLASSIC)
        .output()
        .unwrap()
        .stdout;
    let nine = String::from_utf8(nine).unwrap().replacen(" 3", " \u{1}", 1);
    let cases = [
        format!("{CLASSIC} # from a book\u{1}\n"),
        format!("{CLASSIC},\u{1}\n"),
        format!("{CLASSIC} \u{7f} ED=1.2/1.2/1.2\n"),
        format!("{CLASSIC}\n{CLASSIC} #2\u{1b}[31m\n"),
        in_row(4, 7, "\u{1}"),
        in_row(3, 0, "\u{1}"),
        in_row(1, 1, "\u{1}"),
        in_row(2, 7, " # row 2\u{1}"),
        nine,
    ];
    for input in cases {
        let (line, col, ch) = first_control(&input);
        let (code, err) = run_err(&["solve"], input.clone());
        assert_eq!(code, Some(2), "{input:?}: {err}");
        let want = format!("<stdin>:{line}:{col}: unexpected character {ch:?}");
        assert!(err.contains(&want), "{input:?}: {err}\nwanted {want}");
    }
    // A tab is a blank, in a comment as anywhere.
    let (code, err) = run_err(&["solve"], format!("{CLASSIC} #\tfrom a book\n"));
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_json_puzzle_field_that_is_no_string_is_named() {
    // `{"puzzle": 5}` was "missing grid": the field is there, of the wrong kind. The error
    // is where the JSON reader puts every error of a record: its line and column.
    let at = |record: &str| {
        let (code, err) = run_err(&["solve"], format!("\n  {record}\n"));
        assert_eq!(code, Some(2), "{record}: {err}");
        let place = err.split(' ').nth(1).unwrap_or_default().to_string();
        (place, err)
    };
    let (place, _) = at(r#"{"grid": 5}"#);
    for record in [
        r#"{"puzzle": 5}"#,
        r#"{"puzzle": ["5"]}"#,
        r#"{"puzzle": null}"#,
    ] {
        let (here, err) = at(record);
        assert_eq!(here, place, "{record}: {err}");
        assert!(
            err.contains(r#""puzzle" must be a string"#),
            "{record}: {err}"
        );
    }
}

#[test]
fn batch_output_keeps_input_order() {
    let puzzles = corpus_puzzles("top1465-200.txt", 100);
    let run = |jobs: &str| {
        let out = sudoku()
            .args(["solve", "--to", "line", "--jobs", jobs])
            .write_stdin(puzzles.clone())
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 100);
    assert_eq!(one, run("2"));
    for (p, s) in puzzles.lines().zip(one.lines()) {
        assert!(
            p.chars().zip(s.chars()).all(|(a, b)| a == '.' || a == b),
            "{p} -> {s}"
        );
    }
}

#[test]
fn batch_parses_on_workers_and_still_locates_errors() {
    let puzzles = corpus_puzzles("top1465-200.txt", 100);
    let mut lines: Vec<String> = puzzles.lines().map(String::from).collect();
    lines[49].replace_range(10..11, "x");
    let input = lines.join("\n") + "\n";
    for jobs in ["1", "2"] {
        let out = sudoku()
            .args(["solve", "--to", "line", "--jobs", jobs])
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "<stdin>:50:11: unexpected character 'x'",
            ));
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert_eq!(
            text.lines().count(),
            99,
            "jobs {jobs}: every other line solved"
        );
    }
}

#[test]
fn check_names_broken_houses() {
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    sudoku()
        .arg("check")
        .write_stdin(solved)
        .assert()
        .success()
        .stdout("valid solution\n");
    let broken = format!("{}{}", &solved[..79], "97");
    sudoku()
        .arg("check")
        .write_stdin(broken)
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("row 9")
                .not()
                .and(predicate::str::contains("column 8")),
        );
    // Keeps the givens?
    sudoku()
        .args(["check", "--puzzle", CLASSIC])
        .write_stdin(solved)
        .assert()
        .success();
    let other = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    sudoku()
        .args(["check", "--puzzle", CLASSIC])
        .write_stdin(other)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "r1c1 holds 1 but the puzzle gives 5",
        ));
    // A puzzle with clashing givens is invalid, as every command says it; a name that is
    // neither a file nor a puzzle is a missing file.
    let clashing = format!("55{}", &CLASSIC[2..]);
    sudoku()
        .args(["check", "--puzzle", &clashing])
        .write_stdin(solved)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "--puzzle: invalid givens: digit 5 2 times in row 1",
        ));
    sudoku()
        .args(["check", "--puzzle", "no-such-puzzle.txt"])
        .write_stdin(solved)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--puzzle no-such-puzzle.txt: no such file",
        ));
    // A file of several puzzles does not say which one: refused (it took the first).
    sudoku()
        .args(["check", "--puzzle", &repo("testdata/cli/two-puzzles.txt")])
        .write_stdin(solved)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "more than one puzzle (lines 1 and 2)",
        ));
    // A grid of another shape is named with both shapes.
    sudoku()
        .args(["check", "--puzzle", &repo("testdata/cli/six-2x3.txt")])
        .write_stdin(solved)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "the grid is 9x9 in 3x3 boxes and the puzzle 6x6 in 2x3 boxes",
        ));
}

#[test]
fn check_lists_a_giant_puzzles_problems_briefly() {
    // A 36x36 puzzle checked as a solution: 680 empty cells, said in one line.
    let file = repo("testdata/large/hard-36-1.txt");
    let out = sudoku().args(["check", &file]).assert().code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "a head line, the empty cells: {text}");
    let empty: usize = lines[1]
        .trim()
        .split_once(" cells are empty: ")
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    let out = sudoku().args(["check", "--json", &file]).assert().code(1);
    let record: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let problems = record["problems"].as_array().unwrap();
    assert_eq!(problems.len(), empty);
    assert!(problems
        .iter()
        .all(|p| p.as_str().unwrap().ends_with(" is empty")));
    // One character a cell holds up to 35x35: a 36x36 line of them is refused, saying how
    // such a grid is written.
    sudoku()
        .args(["check"])
        .write_stdin("12".repeat(648))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "at most 1225 cells in one character a cell (35x35; a 36x36 grid is written as numbers",
        ));
    // A full 36x36 grid of two numbers: all 108 houses broken, 20 shown, the rest counted.
    let grid: String = vec!["1 2"; 648].join(" ");
    let out = sudoku()
        .args(["check"])
        .write_stdin(grid.clone())
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22, "a head line, 20 problems, a count: {text}");
    assert_eq!(lines[21].trim(), "... and 88 more (--json lists them all)");
    let out = sudoku()
        .args(["check", "--json"])
        .write_stdin(grid)
        .assert()
        .code(1);
    let record: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let problems = record["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 108);
    assert_eq!(problems[0].as_str().unwrap(), lines[1].trim());
}

#[test]
fn ranges_that_start_with_a_minus_reach_their_own_parser() {
    // clap took `-1..2` for an option and said "unexpected argument '-1' found".
    for (flag, words) in [
        ("--rating", "is not a rating range"),
        ("--givens", "is not a range of givens"),
    ] {
        sudoku()
            .args(["generate", flag, "-1..2"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("\"-1..2\" {words}")));
    }
    sudoku()
        .args(["play", "--rating", "-1..2"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("-1..2").and(predicate::str::contains("unexpected").not()),
        );
}

#[test]
fn messages_name_a_grid_by_its_side() {
    // A shape's Display is its box (`6x6`); a message about the grid names the grid.
    sudoku()
        .args(["generate", "--size", "36", "--givens", "2000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "givens range 2000..2000 is impossible for a 36x36 grid",
        ));
    sudoku()
        .args(["generate", "--box", "3x2", "--givens", "100"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "givens range 100..100 is impossible for a 6x6 (3x2 boxes) grid",
        ));
}

#[test]
fn convert_line_to_boxed_and_back() {
    let out = sudoku()
        .args(["convert", "--to", "boxed"])
        .write_stdin(CLASSIC)
        .assert()
        .success();
    let boxed = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(boxed.contains("| 5 3 . | . 7 . | . . . |"));
    sudoku()
        .args(["convert", "--to", "line"])
        .write_stdin(boxed)
        .assert()
        .success()
        .stdout(format!("{CLASSIC}\n"));
}

#[test]
fn usage_errors_exit_2() {
    sudoku()
        .args(["solve", "--to", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("known formats"));
    sudoku()
        .args(["solve", "/no/such/file"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/no/such/file"));
    sudoku()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit codes"));
}

#[test]
fn closed_pipe_is_quiet() {
    // Writing a large batch into a pipe that closes early must not print an error.
    let puzzles = corpus_puzzles("17clue-200.txt", 100).repeat(20);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["solve", "--to", "boxed"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(puzzles.as_bytes());
    });
    drop(child.stdout.take()); // close the read end at once
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "status {:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn generate_refuses_a_pattern_that_cannot_be_unique_at_once() {
    for (file, words) in [
        ("pattern-too-few.txt", "it has 2 givens"),
        ("pattern-twin-rows.txt", "rows 2 and 3 have no givens"),
    ] {
        let out = sudoku()
            .args(["generate", "--seed", "1", "--pattern"])
            .arg(repo(&format!("testdata/cli/{file}")))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{file}: {err}");
        assert!(out.stdout.is_empty(), "{file}");
        assert!(
            err.contains("can't hold a unique puzzle") && err.contains(words),
            "{file}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{file}: {err}");
    }
    // A pattern that can hold one still runs, bounded by --max-attempts: exit 1 and why.
    let out = sudoku()
        .args([
            "generate",
            "--seed",
            "1",
            "--max-attempts",
            "1",
            "--pattern",
        ])
        .arg(repo("testdata/cli/none.txt"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("no puzzle after 1 attempts"), "{err}");
}

#[test]
fn hint_stops_at_max_time() {
    // Full hints in the Explainer order on 40 of the hardest known puzzles take about a
    // second (their first steps are chains): a tenth of a second gives a few at most. The
    // one cut short says so; those never started are counted; none is lost.
    let out = sudoku()
        .args(["hint", "--json", "--full", "--order", "explainer"])
        .args(["--max-time", "0.1"])
        .write_stdin(corpus_puzzles("hardest1905-40.txt", 40))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for r in &records {
        match r["status"].as_str() {
            Some("unique") => assert_ne!(r["technique"], "Brute Force", "{r}"),
            Some("timeout") => assert!(r["hint"].as_str().unwrap().contains("timeout"), "{r}"),
            other => panic!("{other:?}: {r}"),
        }
    }
    let skipped: usize = err
        .split("(--max-time 0.1): ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .map_or(0, |n| n.parse().unwrap());
    assert!(skipped > 0, "{err}");
    assert_eq!(records.len() + skipped, 40, "{err}");
    sudoku()
        .args(["hint", "--max-time", "0"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .code(2);
}

#[test]
fn explain_stops_at_max_time() {
    // 40 of the hardest known puzzles take about half a second each: a quarter of a
    // second explains a few at most, then the rest are named as not explained.
    let out = sudoku()
        .args(["explain", "--max-time", "0.25"])
        .write_stdin(corpus_puzzles("hardest1905-40.txt", 40))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("time limit reached (--max-time 0.25)"),
        "{err}"
    );
    assert!(err.contains("not explained"), "{err}");
    sudoku()
        .args(["explain", "--max-time", "-1"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .code(2);
}

#[test]
fn a_mistyped_command_is_named_as_one() {
    // With no subcommand the arguments are files to solve; a bare word that is no file is
    // a command mistyped, and said so (with the nearest command when one is near).
    let dir = std::env::temp_dir();
    for (word, want) in [
        ("slove", "did you mean `sudoku solve`?"),
        ("genrate", "did you mean `sudoku generate`?"),
        ("count", "is neither a command nor a file (commands: solve,"),
    ] {
        let out = sudoku()
            .current_dir(&dir)
            .args([word, "x.txt"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{word}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(want), "{word}: {err}");
    }
}

#[test]
fn canonical_json_names_the_puzzle_and_reads_back() {
    let out = sudoku()
        .args(["canonical", "--json", &repo("examples/classic.txt")])
        .assert()
        .success();
    let record: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(
        (&record["line"], &record["size"], &record["box"]),
        (&Value::from(1), &Value::from(9), &serde_json::json!([3, 3]))
    );
    assert_eq!(record["puzzle"], CLASSIC);
    // The record is a puzzle to every command: canonical again gives the same form, and
    // the canonical form of the canonical form is itself.
    let canonical = record["canonical"].as_str().unwrap().to_string();
    for input in [record.to_string(), canonical.clone()] {
        sudoku()
            .arg("canonical")
            .write_stdin(input)
            .assert()
            .success()
            .stdout(format!("{canonical}\n"));
    }
}

#[test]
fn canonical_forms_of_a_puzzle_and_its_transpose_agree() {
    // 3x2 boxes transposed are 2x3 boxes: one puzzle, one form, written with wide boxes.
    let tall = "..4........5.3...2.......1.62..4.51.";
    let cells: Vec<char> = tall.chars().collect();
    let wide: String = (0..36).map(|i| cells[(i % 6) * 6 + i / 6]).collect();
    let form = |input: String| {
        let out = sudoku()
            .args(["canonical", "--json"])
            .write_stdin(input)
            .assert()
            .success();
        let record: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        (record["box"].clone(), record["canonical"].clone())
    };
    let (tall_box, tall_form) = form(format!("{tall} # box 3x2\n"));
    let (wide_box, wide_form) = form(format!("{wide}\n"));
    assert_eq!(
        (tall_box, wide_box),
        (serde_json::json!([3, 2]), serde_json::json!([2, 3]))
    );
    assert_eq!(tall_form, wide_form);
    assert!(
        !tall_form.as_str().unwrap().contains("# box"),
        "{tall_form}"
    );
}

#[test]
fn canonical_on_two_jobs_keeps_input_order_and_errors() {
    // A batch of 9x9 puzzles with a bad line in the middle: the forms come in input order
    // whatever --jobs, the bad line is named, and the exit code says so.
    let lines: Vec<String> = std::fs::read_to_string(repo("testdata/puzzles/17clue-200.txt"))
        .unwrap()
        .lines()
        .take(60)
        .map(String::from)
        .collect();
    let mut input = lines[..30].join("\n");
    input.push_str("\n12345\n");
    input.push_str(&lines[30..].join("\n"));
    input.push('\n');
    let run = |jobs: &str| {
        let out = sudoku()
            .args(["canonical", "--jobs", jobs])
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stderr(predicate::str::contains("<stdin>:31:"));
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 60);
    assert_eq!(run("2"), one);
    let first = sudoku()
        .arg("canonical")
        .write_stdin(lines[0].clone())
        .assert()
        .success();
    let first = String::from_utf8(first.get_output().stdout.clone()).unwrap();
    assert_eq!(one.lines().next(), first.lines().next());
}

#[test]
fn check_on_two_jobs_keeps_input_order_and_errors() {
    // Solutions from `solve`, one of them broken and a bad line among them: the verdicts
    // come in input order whatever --jobs, the broken grid is the one reported invalid,
    // the bad line is named, and the exit code says so.
    let solved = sudoku()
        .args(["solve", "--to", "line"])
        .arg(repo("testdata/puzzles/17clue-200.txt"))
        .assert()
        .success();
    let mut lines: Vec<String> = String::from_utf8(solved.get_output().stdout.clone())
        .unwrap()
        .lines()
        .take(60)
        .map(String::from)
        .collect();
    // Grid 41's first cell swapped with the one below it: the column stays whole, the
    // two rows each hold a digit twice.
    let g: Vec<char> = lines[40].chars().collect();
    let mut broken = g.clone();
    broken.swap(0, 9);
    lines[40] = broken.into_iter().collect();
    let mut input = lines[..30].join("\n");
    input.push_str("\n12345\n");
    input.push_str(&lines[30..].join("\n"));
    input.push('\n');
    let run = |jobs: &str, json: bool| {
        let mut cmd = sudoku();
        cmd.args(["check", "--jobs", jobs]);
        if json {
            cmd.arg("--json");
        }
        let out = cmd
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stderr(predicate::str::contains("<stdin>:31:"));
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let one = run("1", true);
    let records: Vec<serde_json::Value> = one
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 61);
    let invalid: Vec<u64> = records
        .iter()
        .filter(|r| r["valid"] == false)
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(invalid, vec![42], "the broken grid, after the bad line");
    // The unreadable line's record is the error record every command writes.
    assert_eq!(records[30]["status"], "error");
    assert_eq!(records[30]["line"], 31);
    assert!(records[30].get("valid").is_none(), "{}", records[30]);
    assert_eq!(run("2", true), one);
    assert_eq!(run("2", false), run("1", false));
}

#[test]
fn canonical_of_clashing_givens_says_invalid_as_solve_does() {
    // Two 1s in row 1 (and box 1): the form is still written (it is well defined), but
    // the clash is named on stderr with its place (in text), `--json` carries `solve`'s
    // status and conflicts, and the exit code is 1, as for `solve`, `rate` and `check`.
    let clash = format!("11{}\n", ".".repeat(79));
    let valid = sudoku()
        .arg("canonical")
        .write_stdin(format!("12{}\n", ".".repeat(79)))
        .assert()
        .success();
    assert!(valid.get_output().stderr.is_empty());
    let text = sudoku()
        .arg("canonical")
        .write_stdin(clash.clone())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:1: invalid givens: digit 1 2 times in row 1: r1c1, r1c2",
        ));
    let form = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    assert_eq!(form.trim().len(), 81);
    let json = sudoku()
        .args(["canonical", "--json"])
        .write_stdin(clash.clone())
        .assert()
        .code(1);
    assert!(json.get_output().stderr.is_empty(), "the record says it");
    let record: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!(record["status"], "invalid");
    assert_eq!(record["canonical"], form.trim());
    let solved = sudoku()
        .args(["solve", "--json"])
        .write_stdin(clash)
        .assert()
        .code(1);
    let solved: serde_json::Value = serde_json::from_slice(&solved.get_output().stdout).unwrap();
    assert_eq!(record["conflicts"], solved["conflicts"]);
    assert_eq!(record["conflicts"].as_array().unwrap().len(), 2);
}

#[test]
fn canonical_stops_at_max_time_with_a_prefix_of_the_forms() {
    // 2,000 puzzles take far longer than a millisecond (the limit counts from the start,
    // before any is read), so the run is cut: what it wrote is the start of the full run's
    // output, a message says how far it got, and the exit code is 1.
    let text = std::fs::read_to_string(repo("testdata/puzzles/17clue-200.txt")).unwrap();
    let input = text
        .lines()
        .cycle()
        .take(2000)
        .collect::<Vec<_>>()
        .join("\n");
    let full = sudoku()
        .args(["canonical", "--jobs", "1"])
        .write_stdin(input.clone())
        .assert()
        .success();
    let full = String::from_utf8(full.get_output().stdout.clone()).unwrap();
    let cut = sudoku()
        .args(["canonical", "--jobs", "2", "--max-time", "0.001"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "time limit reached (0.001 s): puzzles done:",
        ));
    let cut = String::from_utf8(cut.get_output().stdout.clone()).unwrap();
    assert!(cut.lines().count() < 2000);
    assert!(full.starts_with(&cut));
}

#[test]
fn explain_and_hint_on_two_jobs_keep_input_order_and_errors() {
    // Twelve puzzles, a bad line and a puzzle with two solutions among them: the answers
    // come in input order whatever --jobs, the bad line is named, and the exit code says
    // the worst.
    let text = std::fs::read_to_string(repo("testdata/puzzles/17clue-200.txt")).unwrap();
    let lines: Vec<&str> = text.lines().take(12).collect();
    let mut input = lines[..6].join("\n");
    input.push_str("\n12345\n");
    input.push_str(&".".repeat(81));
    input.push('\n');
    input.push_str(&lines[6..].join("\n"));
    input.push('\n');
    let run = |args: &[&str]| {
        let out = sudoku()
            .args(args)
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stderr(predicate::str::contains("<stdin>:7:"));
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    for cmd in ["explain", "hint"] {
        for format in [&[][..], &["--json"]] {
            let one = run(&[&[cmd][..], format, &["--jobs", "1"]].concat());
            let two = run(&[&[cmd][..], format, &["--jobs", "2"]].concat());
            assert!(one == two, "{cmd} {format:?}");
        }
        let json = run(&[cmd, "--json", "--jobs", "2"]);
        let statuses: Vec<String> = json
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["status"].to_string())
            .collect();
        assert_eq!(statuses.len(), 14, "{cmd}");
        assert_eq!(statuses[7], "\"multiple\"", "{cmd}");
        assert!(statuses[..6].iter().all(|s| s == "\"unique\""), "{cmd}");
    }
    let text = run(&["explain", "--jobs", "2"]);
    assert_eq!(text.matches("not explained").count(), 1);
    assert_eq!(text.matches("\n# ").count() + 1, 13);
    assert_eq!(run(&["hint", "--jobs", "2"]).lines().count(), 13);
}

#[test]
fn generate_takes_a_size_and_a_box_that_agree() {
    let out = sudoku()
        .args(["generate", "--size", "6", "--box", "3x2", "--seed", "4"])
        .assert()
        .success();
    let alone = sudoku()
        .args(["generate", "--box", "3x2", "--seed", "4"])
        .assert()
        .success();
    assert_eq!(out.get_output().stdout, alone.get_output().stdout);
    sudoku()
        .args(["generate", "--size", "9", "--box", "2x3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--box 2x3 makes a 6x6 grid, not --size 9",
        ));
}

#[test]
fn play_refuses_a_grid_the_game_cannot_show() {
    // Before, a 36x36 file started a game that drew digit 36 as `?` and saved a game that
    // would not load again.
    let dir = std::env::temp_dir().join(format!("sudoku-play-36-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.json");
    sudoku()
        .args(["play", "--save", save.to_str().unwrap()])
        .arg(repo("testdata/large/hard-36-1.txt"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a 36x36 grid: the game plays sizes 4x4 to 25x25",
        ));
    assert!(!save.exists(), "no game, so no save");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_writes_the_symbols_asked_for() {
    let generate = |alphabet: &str, flag: &str| {
        let args = [
            "generate",
            "--size",
            "16",
            "--seed",
            "4",
            "--to-alphabet",
            alphabet,
            flag,
        ];
        let out = sudoku().args(args).assert().success();
        out.get_output().stdout.clone()
    };
    // 16x16 in hex (0-F): puzzle and solution, which solve reads back as one grid.
    let text = String::from_utf8(generate("hex", "--with-solution")).unwrap();
    let (puzzle, solution) = text.trim().split_once(' ').unwrap();
    assert_eq!((puzzle.len(), solution.len()), (256, 256), "{text}");
    assert!(
        solution.contains('0') && !solution.contains('G'),
        "{solution}"
    );
    let solved = sudoku()
        .args(["solve", "--alphabet", "hex", "--to", "line"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success();
    let answer = String::from_utf8(solved.get_output().stdout.clone()).unwrap();
    assert_eq!(answer.trim(), solution);
    // A JSON record names its symbols, and they survive the next command.
    let out = generate("letters", "--json");
    let record: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(record["alphabet"], "letters");
    assert!(record["puzzle"].as_str().unwrap().contains('P'), "{record}");
    let solved = sudoku()
        .args(["solve", "--json"])
        .write_stdin(out)
        .assert()
        .success();
    let answer: Value = serde_json::from_slice(&solved.get_output().stdout).unwrap();
    assert_eq!(
        (&answer["alphabet"], &answer["puzzle"]),
        (&record["alphabet"], &record["puzzle"])
    );
    // Symbols too few for the side: refused before any work.
    sudoku()
        .args(["generate", "--size", "25", "--to-alphabet", "hex"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the hex symbols have none for 25"));
}

#[test]
fn a_box_that_is_a_row_is_named_as_the_row() {
    // Boxes 1x6: every box is a whole row. Steps name the row, and a clash is told once.
    let out = sudoku()
        .arg("explain")
        .write_stdin(".....326.....1..2.4..63.....51..41.. # box 1x6\n")
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("Hidden Single: r4c3=1 (row 4)"), "{text}");
    // The header line repeats the puzzle and its `# box 1x6` note; no step says "box".
    assert!(!text.lines().skip(1).any(|l| l.contains("box")), "{text}");
    let out = sudoku()
        .arg("check")
        .write_stdin("554362653124126543235416461235342651 # box 1x6\n")
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("row 1 misses 1 and repeats 5"), "{text}");
    assert!(!text.contains("box 1"), "{text}");
}

#[test]
fn a_prime_size_names_the_boxes_it_can_have() {
    // 7 has no usual boxes: the refusal says which ones it can have, and those work.
    sudoku()
        .args(["generate", "--size", "7"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("7 is prime").and(predicate::str::contains("--box 1x7")));
    let out = sudoku()
        .args(["generate", "--box", "1x7", "--seed", "1"])
        .assert()
        .success();
    let line = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(line.trim_end().ends_with("# box 1x7"), "{line}");
}

/// The placements step text names, `((row, col), symbol)`: `r2c7=4` in one-liners, and
/// `so 4 goes in r2c7` in explanations.
fn placements_named(text: &str) -> Vec<((usize, usize), String)> {
    let cell = |s: &str| -> Option<(usize, usize)> {
        let (r, c) = s.strip_prefix('r')?.split_once('c')?;
        Some((r.parse().ok()?, c.parse().ok()?))
    };
    let mut named = Vec::new();
    for token in text.split(|ch: char| ch.is_whitespace() || ",;:()".contains(ch)) {
        let token = token.trim_end_matches('.');
        if let Some((at, sym)) = token.split_once('=') {
            // `r1c2=r1c7` is a chain's link, `=>` no placement.
            if let (Some(at), 1) = (cell(at), sym.chars().count()) {
                named.push((at, sym.to_string()));
            }
        }
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    for w in words.windows(5) {
        if let ["so", sym, "goes", "in", at] = w {
            if let Some(at) = cell(at.trim_end_matches('.')) {
                named.push((at, sym.to_string()));
            }
        }
    }
    named
}

#[test]
fn steps_name_digits_in_the_symbols_of_the_puzzle() {
    // 16x16 puzzles written in hex (`0` is digit 1) and in letters (`A-P`): explain and hint
    // name each placement's digit as `solve` writes that cell of the same puzzle, and
    // `--json` keeps the numbers beside its text.
    for (name, symbols) in [
        ("testdata/cli/sixteen-hex.txt", "0123456789ABCDEF"),
        ("testdata/cli/sixteen-letters.txt", "ABCDEFGHIJKLMNOP"),
    ] {
        let file = repo(name);
        let run = |args: &[&str]| {
            let out = sudoku().args(args).arg(&file).assert().success();
            String::from_utf8(out.get_output().stdout.clone()).unwrap()
        };
        let solution: Vec<char> = run(&["solve", "--to", "line"]).trim().chars().collect();
        assert_eq!(solution.len(), 256, "{name}");
        assert!(solution.iter().all(|&c| symbols.contains(c)), "{name}");
        let at = |(r, c): (usize, usize)| solution[(r - 1) * 16 + c - 1].to_string();
        for args in [&["explain", "--verbose"][..], &["hint", "--full"]] {
            let text = run(args);
            let named = placements_named(&text);
            assert!(named.len() >= 2, "{name} {args:?}: {text}");
            for (cell, sym) in named {
                assert_eq!(
                    sym,
                    at(cell),
                    "{name} {args:?}: r{}c{}\n{text}",
                    cell.0,
                    cell.1
                );
            }
        }
        let json: Value = serde_json::from_str(&run(&["explain", "--json"])).unwrap();
        let step = &json["steps"][0];
        let p = &step["placements"][0];
        let (r, c) = (p[0].as_u64().unwrap(), p[1].as_u64().unwrap());
        let sym = at((r as usize, c as usize));
        let digit = symbols.find(&sym).unwrap() + 1;
        assert_eq!(p[2].as_u64(), Some(digit as u64), "{name}: {step}");
        let text = step["text"].as_str().unwrap();
        assert!(text.ends_with(&format!("r{r}c{c}={sym}")), "{name}: {text}");
    }
}

#[test]
fn json_and_another_format_are_refused_together() {
    // `--json` writes records, `--to` grids: asked for both, solve and generate wrote the
    // records and dropped `--to` without a word.
    for args in [
        vec!["solve", "--json", "--to", "line"],
        vec!["generate", "--json", "--to", "sdk"],
    ] {
        sudoku()
            .args(&args)
            .write_stdin(format!("{CLASSIC}\n"))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("cannot be used with"));
    }
}

#[test]
fn a_generated_record_says_how_to_make_it_again() {
    let records = |args: &[&str]| -> Vec<Value> {
        let out = sudoku().args(args).assert().success();
        String::from_utf8(out.get_output().stdout.clone())
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let run = records(&["generate", "--json", "--count", "3", "--seed", "11"]);
    assert_eq!(run.len(), 3);
    // Without --seed the record still carries one, small enough for JavaScript's numbers.
    let unseeded = records(&["generate", "--json", "--size", "4"]);
    let seed = unseeded[0]["seed"].as_u64().unwrap();
    assert!(seed < 1 << 53, "{seed}");
    for r in run.iter().chain(&unseeded) {
        let (seed, index) = (r["seed"].to_string(), r["index"].to_string());
        let size = r["size"].to_string();
        let again = records(&[
            "generate", "--json", "--size", &size, "--seed", &seed, "--from", &index,
        ]);
        assert_eq!(again.len(), 1);
        assert_eq!(
            again[0]["puzzle"], r["puzzle"],
            "seed {seed}, index {index}"
        );
        assert_eq!(again[0]["index"], r["index"]);
    }
}

#[test]
fn completions_and_manual_pages_come_from_the_help() {
    // Each shell's script names the commands and their options.
    for (shell, mark) in [
        ("bash", "_sudoku()"),
        ("zsh", "#compdef sudoku"),
        ("fish", "complete -c sudoku"),
        ("elvish", "edit:completion:arg-completer[sudoku]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = sudoku().args(["completions", shell]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.contains(mark), "{shell}: {mark}");
        for word in ["solve", "generate", "max-time", "symmetry"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
    }
    sudoku()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'tcsh'"));
    // The pages: sudoku(1) lists the commands, a command's page its options.
    let page = |args: &[&str]| {
        let out = sudoku().arg("man").args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let top = page(&[]);
    assert!(top.contains(".TH sudoku 1"), "{top}");
    for command in ["solve", "print", "serve", "completions"] {
        assert!(top.contains(command), "{command}");
    }
    let solve = page(&["solve"]);
    assert!(solve.contains(".TH sudoku-solve 1"), "{solve}");
    // One preamble a page, however many sections.
    assert_eq!(solve.matches(".ds Aq").count(), 2, "{solve}");
    assert!(solve.contains("max\\-time"), "{solve}");
    sudoku()
        .args(["man", "slove"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "no command \"slove\": one of solve, check",
        ));
}

#[test]
fn generate_refuses_indices_past_the_largest() {
    let from_last = |count: &str| {
        let mut c = sudoku();
        c.args([
            "generate",
            "--seed",
            "1",
            "--from",
            &u64::MAX.to_string(),
            "-n",
            count,
        ]);
        c
    };
    // Two puzzles from the last index: the second has none (it was the first again).
    from_last("2")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("past 18446744073709551615"));
    // The last index alone is a puzzle.
    from_last("1")
        .arg("--json")
        .assert()
        .success()
        .stdout(predicate::str::contains("\"index\":18446744073709551615"));
}

#[test]
fn generate_off_a_terminal_says_once_how_far_a_slow_run_has_come() {
    // 60 givens is below what a 16x16 allows in practice: the run made nothing and said
    // nothing until its attempts ran out (minutes). After 30 s it says how far it is.
    let out = sudoku()
        .args(["generate", "--size", "16", "--givens", "60", "--seed", "1"])
        .args(["--max-time", "31"])
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.matches("note: 0 of 1 puzzles made in 30 s").count(),
        1,
        "{err}"
    );
    assert!(err.contains("fewer than this size allows"), "{err}");
    assert!(err.contains("time limit reached"), "{err}");
}
