//! Every command that reads puzzles, on the inputs users bring: a unique puzzle, one with
//! several solutions, one with none, clashing givens, an empty file, a binary file, 6x6
//! grids in 2x3 and 3x2 boxes, 16x16 and 25x25. For each, the exit code `--help` promises
//! (0 success, 1 a negative answer, 2 input errors) and the words the user sees.
//!
//! The inputs are in `testdata/cli/`.

use assert_cmd::Command;

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/testdata/cli/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The inputs, in the order of the expectation tables below.
const INPUTS: [&str; 10] = [
    "unique.txt",
    "multiple.txt",
    "none.txt",
    "invalid.txt",
    "empty.txt",
    "binary.bin",
    "six-2x3.txt",
    "six-3x2.json",
    "sixteen.txt",
    "twentyfive.txt",
];

/// What a run must give: the exit code, and words that must appear on stdout or stderr.
struct Expect {
    code: i32,
    words: &'static [&'static str],
}

const fn ok(words: &'static [&'static str]) -> Expect {
    Expect { code: 0, words }
}
const fn negative(words: &'static [&'static str]) -> Expect {
    Expect { code: 1, words }
}
const fn input_error(words: &'static [&'static str]) -> Expect {
    Expect { code: 2, words }
}

const EMPTY: Expect = input_error(&["empty.txt: no puzzle found"]);
const BINARY: Expect = input_error(&["binary.bin: not a text file"]);
const MULTIPLE: &[&str] = &["multiple solutions"];
const NONE: &[&str] = &["no solution"];
const INVALID: &[&str] = &["invalid givens", "digit 5 2 times in row 1: r1c1, r1c2"];

fn run_table(args: &[&str], table: [Expect; 10]) {
    let mut failures = Vec::new();
    for (input, expect) in INPUTS.iter().zip(table) {
        let out = sudoku().args(args).arg(data(input)).output().unwrap();
        let code = out.status.code().unwrap_or(-1);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let missing: Vec<&&str> = expect
            .words
            .iter()
            .filter(|w| !text.contains(**w))
            .collect();
        let stderr_lines = String::from_utf8_lossy(&out.stderr).lines().count();
        if code != expect.code || !missing.is_empty() || stderr_lines > 3 {
            failures.push(format!(
                "sudoku {} {input}: exit {code} (expected {}), missing {missing:?}, \
                 {stderr_lines} stderr lines:\n{text}",
                args.join(" "),
                expect.code
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

#[test]
fn solve() {
    run_table(
        &["solve"],
        [
            ok(&["| 5 3 4 | 6 7 8 | 9 1 2 |"]),
            negative(MULTIPLE),
            negative(NONE),
            negative(INVALID),
            EMPTY,
            BINARY,
            ok(&["| 3 1 6 | 2 4 5 |"]),
            // 3x2 boxes: three boxes across, two numbers each.
            ok(&["+-----+-----+-----+", "| 6 5 | 4 2 | 3 1 |"]),
            ok(&["| 15 10  6  7 |"]),
            // A 25x25 read in letters answers in letters.
            ok(&["| S M W J R | D Q I F E |"]),
        ],
    );
}

#[test]
fn solve_json_says_the_status() {
    run_table(
        &["solve", "--json"],
        [
            ok(&["\"status\":\"unique\""]),
            negative(&["\"status\":\"multiple\""]),
            negative(&["\"status\":\"none\""]),
            negative(&["\"status\":\"invalid\"", "r1c1, r1c2"]),
            input_error(&["\"status\":\"error\"", "no puzzle found"]),
            input_error(&["\"status\":\"error\"", "not a text file"]),
            ok(&["\"box\":[2,3]"]),
            ok(&["\"box\":[3,2]"]),
            ok(&["\"size\":16"]),
            ok(&["\"size\":25"]),
        ],
    );
}

#[test]
fn hint() {
    run_table(
        &["hint"],
        [
            ok(&["Naked Single"]),
            negative(&["No hint: multiple solutions."]),
            negative(&["No hint: no solution."]),
            negative(&["No hint: invalid givens", "r1c1, r1c2"]),
            EMPTY,
            BINARY,
            ok(&["Look at"]),
            ok(&["Look at"]),
            ok(&["Look at"]),
            ok(&["Look at"]),
        ],
    );
}

#[test]
fn explain() {
    run_table(
        &["explain"],
        [
            ok(&["1. Naked Single", "solved by logic"]),
            negative(&["not explained: multiple solutions"]),
            negative(&["not explained: no solution"]),
            negative(&["not explained: invalid givens", "r1c1, r1c2"]),
            EMPTY,
            BINARY,
            ok(&["solved by logic"]),
            ok(&["solved by logic"]),
            ok(&["solved by logic"]),
            ok(&["solved by logic"]),
        ],
    );
}

#[test]
fn rate() {
    run_table(
        &["rate"],
        [
            ok(&["ED=1.2/1.2/1.2"]),
            negative(&["not rated: multiple solutions"]),
            negative(&["not rated: no solution"]),
            negative(&["not rated: invalid givens", "r1c1, r1c2"]),
            EMPTY,
            BINARY,
            ok(&["ED="]),
            ok(&["ED="]),
            ok(&["ED="]),
            ok(&["ED="]),
        ],
    );
}

#[test]
fn animate_without_a_terminal() {
    run_table(
        &["solve", "--animate", "--delay", "0", "--method", "logic"],
        [
            ok(&["solved"]),
            negative(&["not animated: multiple solutions"]),
            negative(&["not animated: no solution"]),
            negative(&["not animated: invalid givens", "r1c1, r1c2"]),
            input_error(&["no puzzle found"]),
            input_error(&["not a text file"]),
            ok(&["solved"]),
            ok(&["solved"]),
            ok(&["solved"]),
            ok(&["solved"]),
        ],
    );
}

#[test]
fn convert() {
    // Converting judges nothing: every readable puzzle converts.
    run_table(
        &["convert", "--to", "line"],
        [
            ok(&["53..7....6..195"]),
            ok(&["8.........95"]),
            ok(&["531.7"]),
            ok(&["55..7"]),
            EMPTY,
            BINARY,
            ok(&["......42.6"]),
            ok(&["..4........5"]),
            ok(&["F.6..4C1"]),
            ok(&[".."]),
        ],
    );
}

#[test]
fn check() {
    // None of these is a filled grid: each check fails, and says why.
    let not_solution = || negative(&["not a valid solution", "cells are empty: "]);
    run_table(
        &["check"],
        [
            not_solution(),
            not_solution(),
            not_solution(),
            not_solution(),
            EMPTY,
            BINARY,
            not_solution(),
            not_solution(),
            not_solution(),
            not_solution(),
        ],
    );
}

#[test]
fn canonical() {
    // Every shape has a form: minlex for 9x9, refined for the rest, boxes taller than wide
    // turned wide (a 3x2 puzzle's form is its transpose's, in 2x3).
    // Clashing givens get theirs too, named as every command names them.
    run_table(
        &["canonical"],
        [
            ok(&["000000001000002034156000270"]),
            ok(&["000000001"]),
            ok(&["000000001"]),
            negative(&[
                "000000001",
                "invalid givens",
                "digit 5 2 times in row 1: r1c1, r1c2",
            ]),
            EMPTY,
            BINARY,
            ok(&["..1..23...4...5..4..4....6.35......."]),
            ok(&["...12..32......34.5.......651......."]),
            ok(&["1.....234..5.6.78...6.....7....9.A.3B"]),
            ok(&["A.B..CDE.FG...H..IJ...KLM.M...INO.ACP"]),
        ],
    );
}

#[test]
fn bench() {
    // Every shape: 9x9 on the 9x9 engine, the rest on the general one.
    let timed = || ok(&["puzzles/s"]);
    // Clashing givens: timed, but named and counted apart (they were counted as "none"
    // and the exit code was 0).
    let invalid = || {
        negative(&[
            "puzzles/s",
            "invalid givens: digit 5 2 times in row 1: r1c1, r1c2",
            "1 puzzle with clashing givens",
        ])
    };
    run_table(
        &["bench"],
        [
            timed(),
            timed(),
            timed(),
            invalid(),
            EMPTY,
            BINARY,
            timed(),
            timed(),
            timed(),
            timed(),
        ],
    );
    // A file it can't read is the whole output: no table header above the error.
    for bad in ["empty.txt", "binary.bin"] {
        let out = sudoku().arg("bench").arg(data(bad)).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{bad}");
    }
    let fast9_only = || input_error(&["the fast9 engine solves 9x9 grids only"]);
    run_table(
        &["bench", "--engine", "fast9"],
        [
            timed(),
            timed(),
            timed(),
            invalid(),
            EMPTY,
            BINARY,
            fast9_only(),
            fast9_only(),
            fast9_only(),
            fast9_only(),
        ],
    );
}

#[test]
fn bench_reads_any_format_from_stdin_and_counts_what_it_timed() {
    // A classic grid of rows (the README's example) and a 6x6 in 3x2 boxes, from stdin.
    for (input, engine) in [
        (include_str!("../examples/classic.txt"), "fast9"),
        (include_str!("../testdata/cli/six-3x2.json"), "general"),
    ] {
        let out = sudoku()
            .args(["bench", "--json", "--permute", "7"])
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["file"], "<stdin>");
        assert_eq!(v["engine"], engine);
        assert_eq!(v["counts"]["one"], 1, "{v}");
        assert_eq!(v["timeouts"], 0);
    }
}

#[test]
fn bench_json_counts_invalid_puzzles_apart_from_none() {
    // The same givens, once clashing and once without a solution: "invalid" and "none"
    // are told apart in the counts, whichever engine times them.
    let none = std::fs::read_to_string(data("none.txt")).unwrap();
    let invalid = std::fs::read_to_string(data("invalid.txt")).unwrap();
    for engine in ["fast9", "general"] {
        let out = sudoku()
            .args(["bench", "--json", "--engine", engine])
            .write_stdin(format!("{none}{invalid}{none}"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{engine}: {out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["puzzles"], 3, "{v}");
        assert_eq!(
            (&v["counts"]["none"], &v["counts"]["invalid"]),
            (&2.into(), &1.into())
        );
    }
}

#[test]
fn bench_repeat_0_is_a_usage_error() {
    // 0 ran one pass, as if asked for one; a million passes is the most taken.
    for bad in ["0", "1000001"] {
        let out = sudoku()
            .args(["bench", "--repeat", bad, &data("unique.txt")])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--repeat {bad}: {err}");
        assert!(err.contains("--repeat"), "{err}");
        assert!(out.stdout.is_empty(), "--repeat {bad}: timed anyway");
    }
    sudoku()
        .args(["bench", "--repeat", "2", &data("unique.txt")])
        .assert()
        .success();
}

#[test]
fn play_reads_the_file_before_asking_for_a_terminal() {
    let dir = tempfile_dir();
    let save = format!("{dir}/game.json");
    let needs_terminal = || input_error(&["needs a terminal"]);
    run_table(
        &["play", "--save", &save],
        [
            needs_terminal(),
            needs_terminal(),
            needs_terminal(),
            needs_terminal(),
            EMPTY,
            BINARY,
            needs_terminal(),
            needs_terminal(),
            needs_terminal(),
            needs_terminal(),
        ],
    );
}

#[test]
fn generate_pattern() {
    // A pattern is the positions of a puzzle's givens: their digits do not matter.
    let made = || ok(&["."]);
    let mut table = [
        made(),
        made(),
        made(),
        made(),
        input_error(&["no pattern", "no puzzle found"]),
        input_error(&["no pattern", "not a text file"]),
        made(),
        made(),
        made(),
        made(),
    ];
    // The 17-clue serg puzzle's positions admit no unique puzzle that the search finds
    // quickly: take a pattern of the unique puzzle in its place.
    table[1] = made();
    let mut failures = Vec::new();
    for (input, expect) in INPUTS.iter().zip(table) {
        let pattern = if *input == "multiple.txt" {
            "unique.txt"
        } else {
            input
        };
        let out = sudoku()
            .args(["generate", "--seed", "1", "--to", "line", "--pattern"])
            .arg(data(pattern))
            .output()
            .unwrap();
        let code = out.status.code().unwrap_or(-1);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        if code != expect.code || !expect.words.iter().all(|w| text.contains(w)) {
            failures.push(format!("generate --pattern {pattern}: exit {code}\n{text}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

/// A fresh directory under the target dir, for save files.
fn tempfile_dir() -> String {
    let dir = format!(
        "{}/conformance-{}",
        env!("CARGO_TARGET_TMPDIR"),
        std::process::id()
    );
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_file_of_prose_gets_one_short_error() {
    let out = sudoku()
        .arg("solve")
        .write_stdin("Dear reader,\nthis is a letter\nand not a puzzle file\nat all.\nYours.\n")
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.lines().count() <= 3, "{err}");
    assert!(err.contains("no puzzle found"), "{err}");
}

#[test]
fn closed_pipes_are_quiet() {
    // `sudoku … | head -1`: the reader goes away early; the command must neither panic nor
    // complain. A reader that takes nothing and closes is the surest way to get there.
    let many: String = std::iter::repeat_n(
        format!("{}\n", include_str!("../testdata/cli/unique.txt").trim()),
        3000,
    )
    .collect();
    let cases: Vec<(Vec<String>, Option<String>)> = vec![
        (vec!["bench".into(), data("unique.txt")], None),
        (vec!["play".into(), "--keys".into()], None),
        (vec!["solve".into()], Some(many.clone())),
        (
            vec!["convert".into(), "--to".into(), "boxed".into()],
            Some(many.clone()),
        ),
        (vec!["canonical".into()], Some(many.clone())),
        (vec!["generate".into(), "-n".into(), "200".into()], None),
    ];
    for (args, stdin) in cases {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(&args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Close our end of stdout at once: every write the command makes hits a closed pipe.
        drop(child.stdout.take());
        if let Some(text) = stdin {
            use std::io::Write;
            let mut input = child.stdin.take().unwrap();
            // The command may stop reading once its output is gone.
            let _ = input.write_all(text.as_bytes());
        } else {
            drop(child.stdin.take());
        }
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && err.is_empty(),
            "sudoku {}: {:?}, stderr: {err}",
            args.join(" "),
            out.status
        );
    }
}

#[test]
fn a_dead_stderr_keeps_the_exit_code() {
    // stderr is a pipe whose reader is gone before the command starts (as under a closed
    // terminal or `2>&1 | true`): every message fails to write. The message is lost; the
    // exit code is not, and nothing panics (a panic is exit 101).
    let cases: Vec<(Vec<String>, i32)> = vec![
        (vec!["solve".into(), data("no-such-file.txt")], 2),
        (vec!["solve".into(), "--no-such-option".into()], 2),
        (
            vec![
                "convert".into(),
                "--to".into(),
                "classic".into(),
                data("sixteen.txt"),
            ],
            2,
        ),
        (vec!["generate".into(), "-n".into(), "0".into()], 2),
        (vec!["rate".into(), data("binary.bin")], 2),
    ];
    for (args, code) in cases {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(&args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(writer)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "sudoku {}", args.join(" "));
    }
}

#[test]
fn a_position_whose_marks_rule_out_the_solution_has_no_path_but_its_puzzle_is_solved() {
    // HoDoKu's library example: the player placed digits and took 6 and 7 out of r1c2,
    // and 7 is the solution's digit there. The puzzle is its givens, which have one
    // solution: `solve` and `rate` answer for them (placed digits and marks are the
    // player's). From the position there is no path: `explain` says none, naming the
    // mistake; `hint` points at it (a player's help).
    let path = format!(
        "{}/testdata/formats/hodoku/library.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    for (cmd, code, status) in [
        ("solve", 0, "unique"),
        ("rate", 0, "unique"),
        ("explain", 1, "none"),
    ] {
        let out = sudoku().args([cmd, "--json", &path]).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(code), "{cmd}: {text}");
        assert!(
            text.contains(&format!("\"status\":\"{status}\"")),
            "{cmd}: {text}"
        );
        assert!(text.contains("\"placed\":"), "{cmd}: {text}");
    }
    let out = sudoku().args(["explain", &path]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "not explained: no solution from this position: r1c2 lacks the pencil mark 7"
        ),
        "{text}"
    );
    let out = sudoku().args(["hint", &path]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("pencil mark"), "{text}");
}

/// `explain`'s reason for refusing a position and `hint --full`'s sentence on it.
fn explain_and_full_hint(input: &str) -> (String, String) {
    let run = |args: &[&str]| {
        let out = sudoku().args(args).write_stdin(input).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v
    };
    let explained = run(&["explain", "--json"]);
    assert_eq!(explained["status"], "none", "{explained}");
    let hint = run(&["hint", "--json", "--full"]);
    let text = |v: &serde_json::Value, key: &str| v[key].as_str().unwrap_or_default().to_string();
    (text(&explained, "message"), text(&hint, "hint"))
}

#[test]
fn explain_gives_the_full_hints_words_for_a_position_with_mistakes() {
    // The reason a path is refused is the clause a full hint makes its sentence of, the
    // same words in the same case (it was the hint with its first letter lowercased).
    let marks = std::fs::read_to_string(format!(
        "{}/testdata/formats/hodoku/library.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // Two wrong digits placed in the classic (each cell given another digit than its
    // solution's: the next one round).
    let classic = std::fs::read_to_string(data("unique.txt")).unwrap();
    let out = sudoku()
        .args(["solve", "--json"])
        .write_stdin(classic.clone())
        .output()
        .unwrap();
    let solution: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let givens: Vec<Vec<u64>> = classic
        .trim()
        .as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|&b| u64::from(b.saturating_sub(b'0')))
                .collect()
        })
        .collect();
    let mut grid = givens.clone();
    let mut wrong = 0;
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, v) in row.iter_mut().enumerate() {
            if *v == 0 && wrong < 2 {
                let right = solution["solution"][r][c].as_u64().unwrap();
                *v = right % 9 + 1;
                wrong += 1;
            }
        }
    }
    let played = serde_json::json!({"size": 9, "grid": grid, "givens": givens}).to_string();
    for (input, many) in [(marks, false), (played + "\n", true)] {
        let (reason, hint) = explain_and_full_hint(&input);
        let clause = reason
            .strip_prefix("no solution from this position: ")
            .unwrap_or_else(|| panic!("{reason}"));
        assert_eq!(format!("{clause}."), hint, "{input}");
        assert_eq!(clause.ends_with(" mistakes in all)"), many, "{clause}");
    }
}

#[test]
fn every_json_record_of_clashing_givens_lists_the_clashes_alike() {
    // `solve --json` lists the clashes under `conflicts`; rate, explain and hint gave only
    // the status and a message.
    let mut seen = Vec::new();
    for cmd in ["solve", "rate", "explain", "hint", "canonical"] {
        let out = sudoku()
            .args([cmd, "--json", &data("invalid.txt")])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["status"], "invalid", "{cmd}: {v}");
        seen.push((cmd, v["conflicts"].clone()));
    }
    assert_eq!(seen[0].1.as_array().map(Vec::len), Some(2), "{:?}", seen[0]);
    for (cmd, conflicts) in &seen[1..] {
        assert_eq!(conflicts, &seen[0].1, "{cmd}");
    }
}

#[test]
fn rate_and_explain_word_a_puzzle_without_one_solution_alike() {
    // `rate --json` said "not rated: multiple solutions" where `explain --json` said
    // "multiple solutions"; the text lines are "not rated: …" and "not explained: …" after
    // the same words.
    for (input, words) in [
        ("multiple.txt", "multiple solutions"),
        ("none.txt", "no solution"),
        (
            "invalid.txt",
            "invalid givens: digit 5 2 times in row 1: r1c1, r1c2",
        ),
    ] {
        let mut messages = Vec::new();
        for cmd in ["rate", "explain", "hint"] {
            let out = sudoku()
                .args([cmd, "--json", &data(input)])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(1), "{cmd} {input}");
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            messages.push(v["message"].as_str().unwrap_or_default().to_string());
            if cmd == "hint" {
                // hint's record had `status` and its sentence, no `message`.
                assert_eq!(v["hint"], format!("No hint: {}.", messages[2]), "{v}");
                continue;
            }
            let text = sudoku().args([cmd, &data(input)]).output().unwrap();
            let text = String::from_utf8_lossy(&text.stdout).into_owned();
            let verb = if cmd == "rate" { "rated" } else { "explained" };
            assert!(
                text.contains(&format!("not {verb}: {words}")),
                "{cmd} {input}: {text}"
            );
        }
        assert_eq!(messages[0], messages[1], "{input}");
        assert_eq!(messages[0], messages[2], "{input}");
        assert!(messages[0].starts_with(words), "{input}: {messages:?}");
    }
}

#[test]
fn bench_answer_mode_times_what_solve_answers() {
    // `--mode answer` runs `solve`'s whole answer (its check of the givens, its answers
    // without search on giant grids), so its counts are `solve`'s verdicts, puzzle for
    // puzzle; a 64x64 cut from a formula grid is answered without the search the other
    // modes time.
    let files = [
        data("none.txt"),
        data("invalid.txt"),
        data("unique.txt"),
        data("multiple.txt"),
        data("six-3x2.json"),
        format!(
            "{}/testdata/large/random-64-42-1.txt",
            env!("CARGO_MANIFEST_DIR")
        ),
    ];
    for file in files {
        let out = sudoku().args(["solve", "--json", &file]).output().unwrap();
        let mut want = serde_json::Map::new();
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            let key = match r["status"].as_str().unwrap() {
                "unique" => "one",
                "multiple" => "more",
                "none" => "none",
                "invalid" => "invalid",
                other => panic!("{file}: {other}"),
            };
            let n = want.get(key).and_then(|v| v.as_u64()).unwrap_or(0);
            want.insert(key.to_string(), (n + 1).into());
        }
        let out = sudoku()
            .args(["bench", "--json", "--mode", "answer", &file])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            (&v["mode"], &v["engine"]),
            (&"answer".into(), &"solve".into())
        );
        assert!(v["guesses_per_puzzle"].is_null(), "{v}");
        for (key, got) in v["counts"].as_object().unwrap() {
            let expected = want.get(key).cloned().unwrap_or(0.into());
            assert_eq!(got, &expected, "{file}: {key} in {v}");
        }
        let invalid = want.contains_key("invalid");
        assert_eq!(
            out.status.code(),
            Some(i32::from(invalid)),
            "{file}: {out:?}"
        );
    }
    let out = sudoku()
        .args(["bench", "--mode", "answer", "--engine", "general"])
        .arg(data("unique.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--engine"));
}
