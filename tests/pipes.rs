//! Pipes between commands: every `--json` record that carries a puzzle is input to every
//! command, with its box shape; solution counts say "exactly" or "at least".

use crate::common;

use assert_cmd::Command;
use serde_json::{json, Value};

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/testdata/cli/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn stdout(args: &[&str], stdin: &str) -> (i32, String) {
    let out = sudoku().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// `sudoku ARGS` on `stdin`: its exit code and what it said on stderr.
fn stderr(args: &[&str], stdin: &str) -> (i32, String) {
    let out = sudoku().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The JSON record each producer writes for `input`.
fn producers(input: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(data(input)).unwrap();
    let mut out = Vec::new();
    for args in [
        vec!["solve", "--json"],
        vec!["rate", "--json"],
        vec!["explain", "--json"],
        vec!["hint", "--json"],
        vec!["convert", "--to", "json"],
    ] {
        let (_, json) = stdout(&args, &text);
        out.push((args.join(" "), json));
    }
    out
}

#[test]
fn every_json_record_is_input_to_every_command() {
    for input in ["unique.txt", "six-3x2.json", "sixteen.txt"] {
        let expected = stdout(
            &["convert", "--to", "json"],
            &std::fs::read_to_string(data(input)).unwrap(),
        )
        .1;
        let want: Value = serde_json::from_str(&expected).unwrap();
        for (producer, json) in producers(input) {
            // Read back, the record is the same puzzle in the same boxes.
            let (code, back) = stdout(&["convert", "--to", "json"], &json);
            assert_eq!(code, 0, "{producer} | convert: {back}");
            let got: Value = serde_json::from_str(&back).unwrap();
            assert_eq!(got["grid"], want["grid"], "{producer} of {input}");
            assert_eq!(got["box"], want["box"], "{producer} of {input}");
            for consumer in [
                vec!["solve", "--json"],
                vec!["rate"],
                vec!["explain"],
                vec!["hint"],
            ] {
                let (code, text) = stdout(&consumer, &json);
                assert_eq!(code, 0, "{producer} | {}: {text}", consumer.join(" "));
            }
        }
    }
    // generate's records, for a shape that only the box says.
    let (_, json) = stdout(&["generate", "--box", "3x2", "--seed", "4", "--json"], "");
    let (code, text) = stdout(&["solve", "--json"], &json);
    assert_eq!(code, 0, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["box"], serde_json::json!([3, 2]));
}

#[test]
fn a_hint_record_of_a_pencil_mark_grid_is_that_position() {
    // `hint --json` of a pencil-mark grid carries the marks the hint was for: read on, the
    // record is the same position and gets the same hint.
    let text = std::fs::read_to_string(data("sixteen.txt")).unwrap();
    let (code, pm) = stdout(&["convert", "--to", "pm"], &text);
    assert_eq!(code, 0, "{pm}");
    let (code, first) = stdout(&["hint", "--json", "--full"], &pm);
    assert_eq!(code, 0, "{first}");
    let v: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(v["size"], 16, "{first}");
    assert!(v["marks"].is_array(), "{first}");
    let (code, again) = stdout(&["hint", "--json", "--full"], &first);
    assert_eq!(code, 0, "{again}");
    assert_eq!(again, first);
    let (_, marks_then) = stdout(&["convert", "--to", "pm"], &first);
    assert_eq!(marks_then, pm);
}

#[test]
fn small_prime_and_giant_sides_survive_a_line_pipe() {
    // Sides below 4 (a line as short as a grid row) and prime sides (no usual box shape):
    // what generate writes, solve reads back in the same boxes, two puzzles a stream.
    // Past 35x35 a line is numbers, the note after them (9x4, 1x49), and two lines of as
    // many numbers are two puzzles, not the rows of a matrix (6x6 too).
    for boxes in [
        "1x2", "2x1", "1x3", "3x1", "1x5", "7x1", "9x4", "1x49", "6x6",
    ] {
        let (code, lines) = stdout(
            &["generate", "--box", boxes, "--count", "2", "--seed", "5"],
            "",
        );
        assert_eq!(code, 0, "{boxes}: {lines}");
        let (code, out) = stdout(&["solve", "--json"], &lines);
        assert_eq!(code, 0, "{boxes}: {lines} -> {out}");
        let records: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records.len(), 2, "{boxes}: {out}");
        let (r, c) = boxes.split_once('x').unwrap();
        let want = json!([r.parse::<usize>().unwrap(), c.parse::<usize>().unwrap()]);
        for v in &records {
            assert_eq!(v["status"], "unique", "{boxes}: {out}");
            assert_eq!(v["box"], want, "{boxes}: {out}");
        }
    }
    // Lines without the note, the shape given: one puzzle a line, not the rows of a 4x4.
    let (code, out) = stdout(&["solve", "--box", "1x2", "--to", "line"], "1...\n..1.\n");
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().count(), 2, "{out}");
    // A format that writes a grid a row a line refuses a 2x2 grid, and says why.
    let (code, err) = stderr(&["convert", "--to", "sdk"], "1... # box 1x2\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot hold 2x2 grids"), "{err}");
}

#[test]
fn convert_writes_in_the_symbols_asked_for() {
    // A 16x16 read in the standard symbols, written in hex and in letters: each reads
    // back as the same puzzle, and solves to the same grid in its own symbols.
    let text = std::fs::read_to_string(data("sixteen.txt")).unwrap();
    let (_, plain) = stdout(&["convert", "--to", "json"], &text);
    let plain: Value = serde_json::from_str(&plain).unwrap();
    // Hex writes digit 1 as `0` and nothing past `F`; letters write no digit at all.
    let hex = |c: char| c == '.' || c.is_ascii_digit() || ('A'..='F').contains(&c);
    let letters = |c: char| c == '.' || c.is_ascii_uppercase();
    for (alphabet, symbol) in [
        ("hex", &hex as &dyn Fn(char) -> bool),
        ("letters", &letters),
    ] {
        let (code, line) = stdout(
            &["convert", "--to", "line", "--to-alphabet", alphabet],
            &text,
        );
        assert_eq!(code, 0, "{alphabet}: {line}");
        let cells = line.split_whitespace().next().unwrap();
        assert!(cells.chars().all(symbol), "{alphabet}: {line}");
        let (code, back) = stdout(&["convert", "--to", "json"], &line);
        assert_eq!(code, 0, "{alphabet}: {back}");
        let back: Value = serde_json::from_str(&back).unwrap();
        assert_eq!(back["grid"], plain["grid"], "{alphabet}: {line}");
        assert_eq!(back["alphabet"], alphabet, "{alphabet}: {line}");
    }
    // Symbols that have none for the side: refused, with the reason.
    let big = std::fs::read_to_string(data("twentyfive.txt")).unwrap();
    let (code, err) = stderr(&["convert", "--to", "line", "--to-alphabet", "hex"], &big);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the hex symbols have none for 25"), "{err}");
    // Hex off 16x16 would write digit 1 as `0`, which reads back as an empty cell (a 9x9
    // came back with fewer givens and several solutions): refused too.
    for name in ["unique.txt", "six-2x3.txt"] {
        let text = std::fs::read_to_string(data(name)).unwrap();
        let (code, err) = stderr(&["convert", "--to", "line", "--to-alphabet", "hex"], &text);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains("are for 16x16 grids only"), "{err}");
    }
    let (code, err) = stderr(&["generate", "--size", "12", "--to-alphabet", "hex"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("are for 16x16 grids only"), "{err}");
    // Formats that write numbers or fixed symbols wrote them whatever was asked for: the
    // request is refused now, before any work. The standard symbols are theirs already.
    let sixteen = stdout(&["generate", "--size", "16", "--seed", "1"], "").1;
    for to in ["sukaku", "matrix", "pipe"] {
        let (code, err) = stderr(&["convert", "--to", to, "--to-alphabet", "hex"], &sixteen);
        assert_eq!(code, 2, "{to}: {err}");
        assert!(
            err.contains(&format!("the {to} format does not write")),
            "{err}"
        );
        assert_eq!(
            stdout(
                &["convert", "--to", to, "--to-alphabet", "standard"],
                &sixteen
            ),
            stdout(&["convert", "--to", to], &sixteen),
        );
    }
    let (code, err) = stderr(
        &[
            "generate",
            "--size",
            "16",
            "--to",
            "matrix",
            "--to-alphabet",
            "hex",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the matrix format does not write"), "{err}");
}

#[test]
fn reading_in_letters_past_26x26_is_refused_as_hex_is_off_16x16() {
    // The 26 letters can't spell a 27x27 to 35x35 grid: `--alphabet letters` read a grid
    // of letters there as another puzzle (`A` as 1, where the standard alphabet has 10),
    // or failed on the first digit with no word of why.
    for n in [27, 30, 35] {
        let line = format!("A{}R\n", ".".repeat(n * n - 2));
        let sdk = stdout(&["convert", "--to", "sdk"], &line).1;
        let json = stdout(&["convert", "--to", "json"], &line).1;
        let named = json
            .trim_end()
            .replace("\"size\"", "\"alphabet\":\"letters\",\"size\"");
        for (args, input) in [
            (
                vec!["convert", "--to", "line", "--alphabet", "letters"],
                &line,
            ),
            (
                vec!["convert", "--to", "line", "--alphabet", "letters"],
                &sdk,
            ),
            (vec!["convert", "--to", "line"], &named),
        ] {
            let (code, err) = stderr(&args, input);
            assert_eq!(code, 2, "{n}x{n} {args:?}: {err}");
            assert!(err.contains("26 symbols, too few for a"), "{args:?}: {err}");
        }
    }
    // Up to 26x26 as before: 25x25 in A-Y.
    let big = std::fs::read_to_string(data("twentyfive.txt")).unwrap();
    let (code, out) = stdout(&["convert", "--to", "line", "--alphabet", "letters"], &big);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn reading_in_hex_off_16x16_is_refused_as_writing_in_it_is() {
    // Hex spells digit 1 as `0`: a 4x4 or 9x9 read in it had every digit one too high (or
    // its 0s, empty cells, taken for 1s), a silent wrong answer. In every format of one
    // character a cell, and through a JSON record that names hex (grids of numbers are
    // in no alphabet: `--alphabet` leaves them alone).
    let small = "1.3..........2..\n".to_string();
    let nine = std::fs::read_to_string(data("unique.txt")).unwrap();
    let nine_zeros = nine.replace('.', "0");
    let mut inputs = vec![small.clone(), nine.clone(), nine_zeros];
    for to in ["boxed", "sdk", "ss"] {
        inputs.push(stdout(&["convert", "--to", to], &small).1);
    }
    for input in &inputs {
        let (code, err) = stderr(&["solve", "--alphabet", "hex"], input);
        assert_eq!(code, 2, "{input}: {err}");
        assert!(err.contains("are for 16x16 grids only"), "{input}: {err}");
    }
    let json = stdout(&["convert", "--to", "json"], &nine).1;
    let named = json
        .trim_end()
        .replace("\"size\"", "\"alphabet\":\"hex\",\"size\"");
    for cmd in ["solve", "rate", "canonical"] {
        let (code, err) = stderr(&[cmd], &named);
        assert_eq!(code, 2, "{cmd}: {named}: {err}");
        assert!(err.contains("are for 16x16 grids only"), "{cmd}: {err}");
    }
    // At 16x16 hex reads as before: the same answer as the puzzle in its own symbols.
    let sixteen = std::fs::read_to_string(data("sixteen.txt")).unwrap();
    let hex = stdout(
        &["convert", "--to", "line", "--to-alphabet", "hex"],
        &sixteen,
    )
    .1;
    let answer = |args: &[&str], input: &str| {
        let (code, json) = stdout(args, input);
        assert_eq!(code, 0, "{json}");
        serde_json::from_str::<Value>(&json).unwrap()["solution"].clone()
    };
    assert_eq!(
        answer(&["solve", "--json", "--alphabet", "hex"], &hex),
        answer(&["solve", "--json"], &sixteen)
    );
}

#[test]
fn a_twenty_five_in_the_standard_symbols_stays_in_them_through_json() {
    // 25x25 is written in letters unless told otherwise: a record in the standard symbols
    // must say so, or the next command answers in letters.
    let generate = [
        "generate",
        "--box",
        "5x5",
        "--seed",
        "5",
        "--to-alphabet",
        "standard",
    ];
    let (code, line) = stdout(&generate, "");
    assert_eq!(code, 0, "{line}");
    let cells = line.split_whitespace().next().unwrap().to_string();
    assert!(cells.chars().any(|c| c.is_ascii_digit()), "{cells}");
    let (_, json) = stdout(&["convert", "--to", "json"], &line);
    let (_, generated) = stdout(&[&generate[..], &["--json"]].concat(), "");
    for record in [json, generated] {
        let v: Value = serde_json::from_str(&record).unwrap();
        assert_eq!(v["alphabet"], "standard", "{record}");
        let (code, solved) = stdout(&["solve", "--json"], &record);
        assert_eq!(code, 0, "{solved}");
        let s: Value = serde_json::from_str(&solved).unwrap();
        assert_eq!(s["puzzle"].as_str(), Some(cells.as_str()), "{solved}");
        let (_, back) = stdout(&["solve", "--to", "line"], &record);
        assert!(back.chars().take(625).any(|c| c.is_ascii_digit()), "{back}");
    }
}

#[test]
fn six_by_six_in_3x2_boxes_survives_a_line_pipe() {
    // `generate --box 3x2 | sudoku` said "invalid givens": the line lost the boxes.
    let (_, line) = stdout(&["generate", "--box", "3x2", "--seed", "4"], "");
    assert!(line.contains("# box 3x2"), "{line}");
    let (code, json) = stdout(&["solve", "--json"], &line);
    assert_eq!(code, 0, "{json}");
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["status"], "unique");
    assert_eq!(v["box"], serde_json::json!([3, 2]));
}

#[test]
fn counts_say_exactly_or_at_least() {
    let two = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8....";
    let (code, text) = stdout(&["solve", "--count", "1000", "--to", "line"], two);
    assert_eq!(code, 1);
    assert!(text.contains("exactly 2 solutions"), "{text}");
    // The largest count there is: counting one past it must not wrap to "no solution".
    let (code, text) = stdout(
        &["solve", "--count", &u64::MAX.to_string(), "--to", "line"],
        two,
    );
    assert_eq!(code, 1);
    assert!(text.contains("exactly 2 solutions"), "{text}");
    let (_, text) = stdout(&["solve", "--json", "--count", "1000"], two);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["count_exact"].as_bool()),
        (Some(2), Some(true))
    );
    let many = std::fs::read_to_string(data("multiple.txt")).unwrap();
    let (_, text) = stdout(&["solve", "--json", "--count", "5"], &many);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["count_exact"].as_bool()),
        (Some(5), Some(false))
    );
    let (_, text) = stdout(&["solve", "--count", "5", "--to", "line"], &many);
    assert!(text.contains("at least 5 solutions"), "{text}");
}

#[test]
fn solve_all_lists_every_solution() {
    let many = std::fs::read_to_string(data("multiple.txt")).unwrap();
    let (code, text) = stdout(&["solve", "--all", "--count", "7", "--json"], &many);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&text).unwrap();
    let sols = v["solutions"].as_array().unwrap();
    assert_eq!(sols.len(), 7);
    let distinct: std::collections::HashSet<String> = sols.iter().map(|s| s.to_string()).collect();
    assert_eq!(distinct.len(), 7, "solutions repeat");
    let (_, text) = stdout(&["solve", "--all", "--count", "7", "--to", "line"], &many);
    // The puzzle with its comment, then the seven solutions, each a check passes.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    for l in &lines[1..] {
        sudoku()
            .args(["check", "--puzzle", many.trim()])
            .write_stdin(*l)
            .assert()
            .success();
    }
}

#[test]
fn solve_all_refuses_a_listing_past_what_memory_holds() {
    let many = std::fs::read_to_string(data("multiple.txt")).unwrap();
    let out = sudoku()
        .args(["solve", "--all", "--count", "1000000000"])
        .write_stdin(many.as_str())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--all lists at most 1000000 solutions"),
        "{err}"
    );
    // Counting alone holds two, whatever the count: the same exact count as a listing's.
    let (code, text) = stdout(&["solve", "--count", "1000000000", "--json"], &many);
    assert_eq!(code, 1);
    let counted: Value = serde_json::from_str(&text).unwrap();
    let (_, text) = stdout(&["solve", "--all", "--count", "100000", "--json"], &many);
    let listed: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(counted["count_exact"], true, "{counted}");
    assert_eq!(
        counted["count"].as_u64(),
        listed["solutions"].as_array().map(|a| a.len() as u64)
    );
}

#[test]
fn solve_all_lists_no_more_than_the_count_asked_for() {
    // The verdict needs two solutions, so the search keeps two whatever the count; the
    // listing holds the count asked for, and the heading says how many are shown.
    let many = std::fs::read_to_string(data("multiple.txt")).unwrap();
    for n in [1usize, 3] {
        let count = n.to_string();
        let (code, text) = stdout(&["solve", "--all", "--count", &count, "--json"], &many);
        assert_eq!(code, 1, "{text}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["status"], "multiple", "{text}");
        assert_eq!(v["solutions"].as_array().map(Vec::len), Some(n), "{text}");
        assert_eq!(v["count_exact"], false, "{text}");
        let (_, text) = stdout(
            &["solve", "--all", "--count", &count, "--to", "line"],
            &many,
        );
        assert_eq!(text.lines().count(), 1 + n, "{text}");
        assert!(text.contains("# multiple solutions: at least"), "{text}");
        // One puzzle: a boxed grid per solution under a heading that counts them right
        // (there are more than three: never "all").
        let (_, text) = stdout(&["solve", "--all", "--count", &count], &many);
        let heading = text.lines().next().unwrap_or_default();
        let shown = if n == 1 { "one of them:" } else { "3 of them:" };
        assert!(heading.ends_with(shown), "{text}");
        let borders = text.lines().filter(|l| l.starts_with("+---")).count();
        assert_eq!(borders, 4 * n, "{text}");
    }
}

#[test]
fn opensudoku_stream_is_one_document() {
    let (code, xml) = stdout(
        &["generate", "-n", "3", "--seed", "2", "--to", "opensudoku"],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(xml.matches("<?xml").count(), 1, "{xml}");
    assert_eq!(xml.matches("<game ").count(), 3, "{xml}");
    let (code, lines) = stdout(&["convert", "--to", "line"], &xml);
    assert_eq!((code, lines.lines().count()), (0, 3), "{lines}");
}

#[test]
fn generate_with_solution_keeps_one_record_a_line() {
    let (_, text) = stdout(
        &[
            "generate",
            "-n",
            "2",
            "--seed",
            "2",
            "--with-solution",
            "--to",
            "hodoku",
        ],
        "",
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines.iter().all(|l| l.matches(":0000:").count() == 1),
        "{text}"
    );
}

/// `text` with each symbol of `from` replaced by the one at the same place in `to`.
fn relabel(text: &str, from: &str, to: &str) -> String {
    text.chars()
        .map(|c| from.find(c).map_or(c, |i| to.as_bytes()[i] as char))
        .collect()
}

/// `testdata/cli/sixteen.txt` and its solution, as lines in hex (`0-F`).
fn hex_sixteen() -> (String, String) {
    const STD16: &str = "123456789ABCDEFG";
    const HEX: &str = "0123456789ABCDEF";
    let sixteen = std::fs::read_to_string(data("sixteen.txt")).unwrap();
    let (_, solution) = stdout(&["solve", "--to", "line"], &sixteen);
    (
        relabel(sixteen.trim(), STD16, HEX),
        relabel(solution.trim(), STD16, HEX),
    )
}

#[test]
fn answers_come_in_the_puzzles_alphabet() {
    const STD16: &str = "123456789ABCDEFG";
    const HEX: &str = "0123456789ABCDEF";
    let sixteen = std::fs::read_to_string(data("sixteen.txt")).unwrap();
    let (_, solution) = stdout(&["solve", "--to", "line"], &sixteen);
    let hex = relabel(sixteen.trim(), STD16, HEX);
    let (code, out) = stdout(&["solve", "--to", "line"], &hex);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), relabel(solution.trim(), STD16, HEX));
    // Through a JSON pipe too.
    let (_, json) = stdout(&["solve", "--json"], &hex);
    let (_, out) = stdout(&["solve", "--to", "line"], &json);
    assert_eq!(out.trim(), relabel(solution.trim(), STD16, HEX));

    const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXY";
    const STD25: &str = "123456789ABCDEFGHIJKLMNOP";
    let twentyfive = std::fs::read_to_string(data("twentyfive.txt")).unwrap();
    let (_, solution) = stdout(&["solve", "--to", "line"], &twentyfive);
    let std = relabel(twentyfive.trim(), LETTERS, STD25);
    let (code, out) = stdout(&["solve", "--to", "line"], &std);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), relabel(solution.trim(), LETTERS, STD25));
}

#[test]
fn solve_to_a_document_format_writes_one_document() {
    // unique, multiple (two solutions written), none, invalid: one document of 3 games.
    let mix: String = ["unique.txt", "multiple.txt", "none.txt", "invalid.txt"]
        .iter()
        .map(|f| std::fs::read_to_string(data(f)).unwrap())
        .collect();
    let (code, xml) = stdout(&["solve", "--to", "opensudoku"], &mix);
    assert_eq!(code, 1, "{xml}");
    assert_eq!(xml.matches("<?xml").count(), 1, "{xml}");
    assert_eq!(xml.matches("</opensudoku>").count(), 1, "{xml}");
    assert!(xml.trim_end().ends_with("</opensudoku>"), "{xml}");
    assert_eq!(xml.matches("<game ").count(), 3, "{xml}");
    // The statuses are XML comments, not `#` lines.
    assert!(!xml.lines().any(|l| l.starts_with('#')), "{xml}");
    assert!(
        xml.contains("<!-- puzzle at <stdin>:3: no solution -->"),
        "{xml}"
    );
    // It reads back: the three solutions, each one a check passes.
    let (code, lines) = stdout(&["convert", "--to", "line"], &xml);
    assert_eq!(code, 0, "{lines}");
    assert_eq!(lines.lines().count(), 3, "{lines}");
    let (code, _) = stdout(&["check"], &lines);
    assert_eq!(code, 0);
    // One puzzle alone is one document too.
    let unique = std::fs::read_to_string(data("unique.txt")).unwrap();
    let (code, xml) = stdout(&["solve", "--to", "opensudoku"], &unique);
    assert_eq!(code, 0);
    assert_eq!(xml.matches("<?xml").count(), 1, "{xml}");
    assert_eq!(xml.matches("<game ").count(), 1, "{xml}");
}

#[test]
fn a_record_naming_one_alphabet_read_in_another_is_refused_naming_both() {
    // `solve --json` on hex names `"alphabet":"hex"`; read back with `--alphabet letters`
    // it was "unexpected character", and in `standard` a hex line without a `0` would name
    // other digits. Its own alphabet, asked for again, still reads.
    let (hex, hex_solution) = hex_sixteen();
    let (code, record) = stdout(&["solve", "--json"], &hex);
    assert_eq!(code, 0, "{record}");
    let (code, err) = stderr(&["solve", "--alphabet", "letters"], &record);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "\"alphabet\" is \"hex\", which disagrees with the alphabet asked for (letters)"
        ),
        "{err}"
    );
    let (code, out) = stdout(&["solve", "--alphabet", "hex", "--to", "line"], &record);
    assert_eq!((code, out.trim()), (0, hex_solution.as_str()));
}

#[test]
fn multi_line_writers_keep_the_alphabet() {
    let (hex, hex_solution) = hex_sixteen();
    for to in ["boxed", "sdk", "ss", "pm", "json"] {
        // The puzzle written, then read back auto-detected: the same hex line.
        let (code, text) = stdout(&["convert", "--to", to], &hex);
        assert_eq!(code, 0, "{to}: {text}");
        if to != "json" {
            assert!(text.contains('F') && !text.contains('G'), "{to}: {text}");
        }
        let (code, back) = stdout(&["convert", "--to", "line"], &text);
        assert_eq!((code, back.trim()), (0, hex.as_str()), "{to}: {text}");
        // The answer written in it, read back: the solution in hex.
        let (code, text) = stdout(&["solve", "--to", to], &hex);
        assert_eq!(code, 0, "{to}: {text}");
        let (code, back) = stdout(&["convert", "--to", "line"], &text);
        assert_eq!(
            (code, back.trim()),
            (0, hex_solution.as_str()),
            "{to}: {text}"
        );
    }
    // A hex solution (no `.` left) as a line reads back in hex, not as a puzzle with
    // empty `0`s.
    let (code, back) = stdout(&["convert", "--to", "line"], &hex_solution);
    assert_eq!((code, back.trim()), (0, hex_solution.as_str()));

    // 25x25 in 1-9A-P through boxed and sdk comes back in 1-9A-P.
    const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXY";
    const STD25: &str = "123456789ABCDEFGHIJKLMNOP";
    let twentyfive = std::fs::read_to_string(data("twentyfive.txt")).unwrap();
    let std25 = relabel(twentyfive.trim(), LETTERS, STD25);
    for to in ["boxed", "sdk", "ss"] {
        let (_, text) = stdout(&["convert", "--to", to], &std25);
        let (code, back) = stdout(&["convert", "--to", "line"], &text);
        assert_eq!((code, back.trim()), (0, std25.as_str()), "{to}: {text}");
    }
    // And in letters: written in them (boxed wrote numbers, and `--to-alphabet letters`
    // was ignored there), and read back in them.
    for to in ["boxed", "sdk", "ss"] {
        let (_, text) = stdout(&["convert", "--to", to], twentyfive.trim());
        assert!(!text.chars().any(|c| c.is_ascii_digit()), "{to}: {text}");
        let (code, back) = stdout(&["convert", "--to", "line"], &text);
        assert_eq!((code, back.trim()), (0, twentyfive.trim()), "{to}: {text}");
        let asked = ["generate", "--size", "25", "--seed", "1", "--to", to];
        let (code, text) = stdout(&[&asked[..], &["--to-alphabet", "letters"]].concat(), "");
        assert_eq!(code, 0, "{to}: {text}");
        assert!(!text.chars().any(|c| c.is_ascii_digit()), "{to}: {text}");
    }
}

#[test]
fn a_9x9_in_letters_keeps_them_through_every_json_record() {
    // Letters for 1-9 are read only with `--alphabet letters`: each record must say so
    // (`alphabet`), or the next command reads `E` as 14 and refuses the grid.
    const STD9: &str = "123456789";
    const LETTERS9: &str = "ABCDEFGHI";
    let unique = std::fs::read_to_string(data("unique.txt")).unwrap();
    let (_, solution) = stdout(&["solve", "--to", "line"], &unique);
    let want = relabel(solution.trim(), STD9, LETTERS9);
    let letters = relabel(unique.trim(), STD9, LETTERS9);
    for producer in [
        ["solve", "--json"],
        ["rate", "--json"],
        ["explain", "--json"],
    ] {
        let mut args = producer.to_vec();
        args.extend(["--alphabet", "letters"]);
        let (code, json) = stdout(&args, &letters);
        assert_eq!(code, 0, "{json}");
        let v: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["alphabet"], "letters", "{json}");
        let (code, out) = stdout(&["solve", "--to", "line"], &json);
        assert_eq!(code, 0, "{} | solve: {out}", producer.join(" "));
        // The line says its symbols: letters for 1-9 would read back as 10-18.
        let want_line = format!("{want} # alphabet letters");
        assert_eq!(out.trim(), want_line, "{}", producer.join(" "));
        let (code, back) = stdout(&["solve", "--json"], &out);
        assert_eq!(code, 0, "{back}");
        let back: Value = serde_json::from_str(&back).unwrap();
        assert_eq!(back["alphabet"], "letters", "{back}");
    }
}

#[test]
fn an_error_record_piped_on_is_named_as_such() {
    // `solve --json` of unreadable input writes an error record; the next command in the
    // pipe says it got that record, and what it reported, not that a field is missing.
    let (code, record) = stdout(&["solve", "--json"], "12345\n");
    assert_eq!(code, 2, "{record}");
    let reported = serde_json::from_str::<Value>(&record).unwrap()["message"]
        .as_str()
        .unwrap()
        .to_string();
    for command in ["check", "solve", "rate"] {
        let (code, err) = stderr(&[command], &record);
        assert_eq!(code, 2, "{command}: {err}");
        assert!(
            err.contains("an error record, not a puzzle"),
            "{command}: {err}"
        );
        assert!(err.contains(&reported), "{command}: {err}");
    }
}

/// Input that can't be read gets the same `--json` record from every command, and a
/// header line's record (skipped, with a note) is skipped again down the pipe.
#[test]
fn every_command_writes_the_same_error_record() {
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let input = format!("Puzzle,Solution\n12345\n{puzzle}\n");
    let mut first: Option<Vec<Value>> = None;
    for command in ["solve", "rate", "explain", "hint", "check", "canonical"] {
        let (code, out) = stdout(&[command, "--json"], &input);
        assert_eq!(code, 2, "{command}: {out}");
        let records: Vec<Value> = out
            .lines()
            .take(2)
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .collect();
        assert_eq!(records[0]["status"], "skipped", "{command}: {out}");
        assert_eq!(records[1]["status"], "error", "{command}: {out}");
        assert_eq!(
            (records[1]["line"].as_u64(), records[1]["column"].as_u64()),
            (Some(2), Some(6)),
            "{command}: {out}"
        );
        match &first {
            None => first = Some(records),
            Some(f) => assert_eq!(&records, f, "{command}"),
        }
    }
    // Down the pipe: the header's record is a note (exit 0), the puzzle is rated.
    let (_, records) = stdout(
        &["solve", "--json"],
        &format!("Puzzle,Solution\n{puzzle}\n"),
    );
    let (code, err) = stderr(&["rate"], &records);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("note: <stdin>:1:1: skipped"), "{err}");
}

#[test]
fn check_checks_every_solution_a_solve_record_lists() {
    // A puzzle with several solutions: `solve --json` lists some under `solutions`, and
    // check checks each against the givens instead of the puzzle's empty cells. Plain and
    // through `convert --to json`, which carries them on.
    let text = std::fs::read_to_string(data("multiple.txt")).unwrap();
    for count in ["2", "4"] {
        let (code, record) = stdout(&["solve", "--json", "--all", "--count", count], &text);
        assert_eq!(code, 1, "{record}");
        let r: Value = serde_json::from_str(&record).unwrap();
        let listed = r["solutions"].as_array().unwrap().len();
        assert!(listed >= 2, "{record}");
        let (_, converted) = stdout(&["convert", "--to", "json"], &record);
        for input in [&record, &converted] {
            let (code, out) = stdout(&["check", "--json"], input);
            assert_eq!(code, 0, "{out}");
            let v: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(v["valid"], true, "{out}");
            assert_eq!(v["solutions"], listed, "{out}");
            let (code, out) = stdout(&["check"], input);
            assert_eq!(
                (code, out.trim()),
                (0, &*format!("valid solutions, all {listed} listed"))
            );
        }
        // The last listed solution with one given changed: that one is reported, by number.
        let mut bad = r.clone();
        let puzzle = bad["puzzle"].as_str().unwrap().to_string();
        let given = puzzle
            .find(|c: char| c.is_ascii_digit() && c != '0')
            .unwrap();
        let (row, col) = (given / 9, given % 9);
        let last = bad["solutions"].as_array_mut().unwrap().last_mut().unwrap();
        let cell = &mut last[row][col];
        *cell = json!(cell.as_u64().unwrap() % 9 + 1);
        let (code, out) = stdout(&["check", "--json"], &bad.to_string());
        assert_eq!(code, 1, "{out}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["valid"], false, "{out}");
        let problems = v["problems"].as_array().unwrap();
        assert!(!problems.is_empty(), "{out}");
        let prefix = format!("solution {listed}: ");
        assert!(
            problems
                .iter()
                .all(|p| p.as_str().unwrap().starts_with(&prefix)),
            "{out}"
        );
    }
}

#[test]
fn check_checks_the_solution_a_solve_record_carries() {
    for input in ["unique.txt", "six-3x2.json", "sixteen.txt"] {
        let text = std::fs::read_to_string(data(input)).unwrap();
        let (code, record) = stdout(&["solve", "--json"], &text);
        assert_eq!(code, 0, "{input}: {record}");
        // The record's solution is checked against its givens, not its empty cells.
        let (code, out) = stdout(&["check", "--json"], &record);
        assert_eq!(code, 0, "{input}: {out}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["valid"], true, "{input}: {out}");
        // The check's record names the puzzle as every command's does, and reads back.
        let r: Value = serde_json::from_str(&record).unwrap();
        for field in ["line", "puzzle", "size", "box"] {
            assert_eq!(v[field], r[field], "{input}: {field} in {out}");
        }
        let (code, again) = stdout(&["solve", "--json"], &out);
        assert_eq!(code, 0, "{input}: {again}");
        let again: Value = serde_json::from_str(&again).unwrap();
        assert_eq!(again["solution"], r["solution"], "{input}");
        // Two cells of the first row swapped: a grid that keeps the rules of the row but
        // not those of the columns, which check reports.
        let mut r: Value = serde_json::from_str(&record).unwrap();
        let row = r["solution"][0].as_array_mut().unwrap();
        row.swap(0, 1);
        let (code, out) = stdout(&["check", "--json"], &r.to_string());
        assert_eq!(code, 1, "{input}: {out}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["valid"], false, "{input}: {out}");
    }
}

/// Two files of two puzzles, the second of each with clashing givens: every per-puzzle
/// message and record says which file and line it is about.
#[test]
fn per_puzzle_messages_and_records_name_file_and_line() {
    let dir = common::TempDir::new("places");
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let clash = format!("11{}", ".".repeat(79));
    let files: Vec<String> = ["a.txt", "b.txt"]
        .iter()
        .map(|name| {
            let path = dir.join(name);
            std::fs::write(&path, format!("{puzzle}\n{clash}\n")).unwrap();
            path.display().to_string()
        })
        .collect();
    let (a, b) = (files[0].as_str(), files[1].as_str());
    // Records: `source` beside `line`, from every command that writes one (the JSON
    // format, `convert --to json`, holds puzzles, not where they came from).
    for args in [
        vec!["solve", "--json"],
        vec!["rate", "--json"],
        vec!["check", "--json"],
        vec!["canonical", "--json"],
        vec!["explain", "--json"],
        vec!["hint", "--json"],
    ] {
        let mut all = args.clone();
        all.extend([a, b]);
        let (_, out) = stdout(&all, "");
        let places: Vec<(String, u64)> = out
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                let source = v["source"].as_str().unwrap_or_else(|| panic!("{l}"));
                (source.to_string(), v["line"].as_u64().unwrap())
            })
            .collect();
        let want: Vec<(String, u64)> = [(a, 1), (a, 2), (b, 1), (b, 2)]
            .iter()
            .map(|&(f, l)| (f.to_string(), l))
            .collect();
        assert_eq!(places, want, "{args:?}");
    }
    // Piped on, a record is read from standard input, and says so.
    let (_, record) = stdout(&["solve", "--json", a], "");
    let (_, again) = stdout(&["rate", "--json"], &record);
    let v: Value = serde_json::from_str(again.lines().nth(1).unwrap()).unwrap();
    assert_eq!(
        (v["source"].as_str(), v["line"].as_u64()),
        (Some("<stdin>"), Some(2))
    );
    // Text: the labels of several puzzles, and the messages on stderr.
    let (_, out) = stdout(&["solve", "--to", "sdk", a, b], "");
    assert!(out.contains(&format!("puzzle at {b}:2: invalid")), "{out}");
    let pdf = dir.join("p.pdf").display().to_string();
    let (code, err) = stderr(&["print", "-o", &pdf, a, b], "");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!(
            "{b}:2: printed, but has no unique solution: invalid"
        )),
        "{err}"
    );
    // With answer keys asked for, the warning says which key is missing.
    let (code, err) = stderr(&["print", "--solutions", "-o", &pdf, a, b], "");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!("{b}:2: printed without an answer key: invalid")),
        "{err}"
    );
    // check: the clash first, the empty cells in one line after it.
    let (code, out) = stdout(&["check", b], "");
    assert_eq!(code, 1, "{out}");
    let second = out.split(&format!("({b}:2):\n")).nth(1).unwrap();
    let lines: Vec<&str> = second.lines().collect();
    assert_eq!(lines[0].trim(), "row 1 repeats 1", "{out}");
    assert_eq!(lines[1].trim(), "box 1 repeats 1", "{out}");
    assert!(
        lines[2]
            .trim()
            .starts_with("79 cells are empty: r1c3, r1c4,"),
        "{out}"
    );
}

#[test]
fn canonical_writes_its_forms_in_the_format_asked() {
    // `--to` as every command that writes grids has it: the form as a grid, which reads
    // back to the same form, boxes kept.
    for name in ["unique.txt", "six-3x2.json", "sixteen.txt"] {
        let text = std::fs::read_to_string(data(name)).unwrap();
        let (code, form) = stdout(&["canonical"], &text);
        assert_eq!(code, 0, "{name}: {form}");
        // (sdk has no way to say 3x2 boxes: refused there, as `convert` refuses it.)
        for to in ["line", "boxed", "json", "pm"] {
            let (code, grid) = stdout(&["canonical", "--to", to], &text);
            assert_eq!(code, 0, "{name} --to {to}: {grid}");
            let (code, again) = stdout(&["canonical"], &grid);
            assert_eq!((code, &again), (0, &form), "{name} --to {to}: {grid}");
        }
    }
    let (code, err) = stderr(
        &["canonical", "--to", "opensudoku"],
        &std::fs::read_to_string(data("unique.txt")).unwrap(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("sudoku convert --to opensudoku"), "{err}");
}

#[test]
fn a_pencil_mark_grid_keeps_its_marks_through_every_record() {
    // Its marks rule out the solution of its givens (r1c3 lacks its 4): "none", where the
    // bare givens have one solution. Every record of it must be that position again.
    let pm = std::fs::read_to_string(data("marks-rule-out-the-solution.txt")).unwrap();
    let (code, direct) = stdout(&["solve", "--json"], &pm);
    assert_eq!(code, 1, "{direct}");
    let v: Value = serde_json::from_str(&direct).unwrap();
    assert_eq!(v["status"], "none", "{direct}");
    for (producer, json) in producers("marks-rule-out-the-solution.txt") {
        let record: Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
        assert!(record["marks"].is_array(), "{producer}: {json}");
        let (code, again) = stdout(&["solve", "--json"], &json);
        assert_eq!(code, 1, "{producer} | solve: {again}");
        let again: Value = serde_json::from_str(&again).unwrap();
        assert_eq!(again["status"], "none", "{producer} | solve");
    }
}

#[test]
fn solve_to_json_keeps_its_notes_inside_the_record() {
    // A puzzle with no unique answer is written back with why, as a line's `#` comment
    // would say it; in JSON that is the record's comment, so the line still reads back.
    for (input, note, status) in [
        ("multiple.txt", "multiple solutions", "multiple"),
        ("none.txt", "no solution", "none"),
        ("invalid.txt", "invalid: ", "invalid"),
    ] {
        let text = std::fs::read_to_string(data(input)).unwrap();
        let (code, out) = stdout(&["solve", "--to", "json"], &text);
        assert_eq!(code, 1, "{input}: {out}");
        let v: Value = serde_json::from_str(out.trim_end()).expect("one JSON record");
        let comment = v["info"]["comment"].as_str().unwrap_or_default();
        assert!(comment.starts_with(note), "{input}: {out}");
        let (code, again) = stdout(&["solve", "--json"], &out);
        assert_eq!(code, 1, "{input}: {again}");
        let again: Value = serde_json::from_str(&again).unwrap();
        assert_eq!(again["status"], status, "{input}: {again}");
    }
}

#[test]
fn check_checks_the_solution_generate_writes() {
    // `generate --with-solution --json` writes the solution as a line in the puzzle's
    // symbols: check reads it in them and checks it against the givens.
    for args in [
        vec!["--seed", "2"],
        vec!["--size", "16", "--to-alphabet", "hex", "--seed", "3"],
        vec!["--box", "3x2", "--to-alphabet", "letters", "--seed", "4"],
    ] {
        let mut gen = vec!["generate", "--with-solution", "--json"];
        gen.extend(&args);
        let (code, record) = stdout(&gen, "");
        assert_eq!(code, 0, "{record}");
        let (code, out) = stdout(&["check", "--json"], &record);
        assert_eq!(code, 0, "{args:?}: {out}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["valid"], true, "{args:?}: {out}");
        // One symbol of the solution changed: no longer its solution, and check says so.
        let mut r: Value = serde_json::from_str(&record).unwrap();
        let sol = r["solution"].as_str().unwrap().to_string();
        let at = sol.find(|c: char| c != '.' && c != ' ').unwrap();
        let first = sol[at..].chars().next().unwrap();
        let other = sol[at + 1..]
            .chars()
            .find(|&c| c != first && c != ' ')
            .unwrap();
        let mut changed = sol.clone();
        changed.replace_range(at..at + first.len_utf8(), &other.to_string());
        r["solution"] = json!(changed);
        let (code, out) = stdout(&["check", "--json"], &r.to_string());
        assert_eq!(code, 1, "{args:?}: {out}");
        // `--to json` keeps the solution in the puzzle's record too: it was written as a
        // record of its own, a second "puzzle" that check found full of empty cells.
        let mut gen = vec!["generate", "--with-solution", "--to", "json", "-n", "2"];
        gen.extend(&args);
        let (code, records) = stdout(&gen, "");
        assert_eq!((code, records.lines().count()), (0, 2), "{records}");
        let (code, out) = stdout(&["check", "--json"], &records);
        assert_eq!(code, 0, "{args:?}: {out}");
        assert_eq!(out.matches("\"valid\":true").count(), 2, "{args:?}: {out}");
    }
}

#[test]
fn a_box_shape_the_input_contradicts_is_an_error() {
    // A 6x6 in 3x2 boxes read as 2x3 is another puzzle (here: one with no solution), so
    // `--box 2x3` against a note, a record's `box` or a drawn frame saying 3x2 is refused
    // where it stands, and agreeing with them it reads as before.
    let json = std::fs::read_to_string(data("six-3x2.json")).unwrap();
    for to in ["json", "line", "boxed", "pm"] {
        let (code, text) = stdout(&["convert", "--to", to], &json);
        assert_eq!(code, 0, "{to}: {text}");
        let (code, err) = stderr(&["solve", "--box", "2x3"], &text);
        assert_eq!(code, 2, "{to}: {err}");
        assert!(
            err.contains("<stdin>:1") && err.contains("disagrees"),
            "{to}: {err}"
        );
        let says = err.contains("3x2") || err.contains("[3, 2]");
        assert!(says && err.contains("(2x3)"), "{to}: {err}");
        let (code, out) = stdout(&["solve", "--box", "3x2", "--json"], &text);
        assert_eq!(code, 0, "{to}: {out}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["box"], json!([3, 2]), "{to}");
    }
}

#[test]
fn a_line_whose_cells_would_read_in_other_symbols_says_its_own() {
    // A 16x16 in hex that never uses `0` reads, by its cells alone, as the standard symbols
    // with every digit one too low: its line carries `# alphabet hex` and reads back as
    // the same puzzle; told another alphabet, the reader refuses.
    let (code, line) = stdout(
        &[
            "generate",
            "--size",
            "16",
            "--to-alphabet",
            "hex",
            "--seed",
            "5",
            "--to",
            "line",
        ],
        "",
    );
    assert_eq!(code, 0, "{line}");
    let no_zero = line.trim().replace('0', ".");
    let (code, direct) = stdout(&["convert", "--alphabet", "hex", "--to", "json"], &no_zero);
    assert_eq!(code, 0, "{direct}");
    let (code, written) = stdout(&["convert", "--to", "line"], &direct);
    assert_eq!(code, 0, "{written}");
    assert!(written.trim_end().ends_with(" # alphabet hex"), "{written}");
    let (code, back) = stdout(&["convert", "--to", "json"], &written);
    assert_eq!(code, 0, "{back}");
    let (direct, back): (Value, Value) = (
        serde_json::from_str(&direct).unwrap(),
        serde_json::from_str(&back).unwrap(),
    );
    assert_eq!(back["grid"], direct["grid"]);
    assert_eq!(back["alphabet"], "hex");
    let (code, err) = stderr(
        &["convert", "--alphabet", "standard", "--to", "line"],
        &written,
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("<stdin>:1:") && err.contains("disagrees"),
        "{err}"
    );
}

#[test]
fn a_program_that_waits_for_each_answer_gets_it() {
    // A program that writes a puzzle down a pipe and waits for its answer before writing
    // the next (a co-process) waited forever: the batch waited for a thousand puzzles,
    // `solve` for a second one, and the answers sat in a 64 KiB buffer.
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    use std::time::Duration;
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let record = format!(r#"{{"puzzle":"{puzzle}"}}"#);
    for (args, puzzle) in [
        // A line of 36 cells or more is a puzzle alone: detection reads no further.
        (&["solve", "--to", "line"][..], puzzle),
        (&["solve", "-f", "line", "--json", "--jobs", "1"], puzzle),
        (&["rate"], puzzle),
        (&["hint", "-f", "line"], puzzle),
        (&["explain", "-f", "line", "--json"], puzzle),
        (&["canonical", "-f", "line"], puzzle),
        (&["check", "-f", "line", "--json"], puzzle),
        (&["convert", "--to", "json"], puzzle),
        // So is a JSON record (`{` opens nothing else): no `-f json` needed.
        (&["solve", "--json"], record.as_str()),
    ] {
        let bin = assert_cmd::cargo::cargo_bin("sudoku");
        let mut child = std::process::Command::new(bin)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        for turn in 1..=3 {
            writeln!(stdin, "{puzzle}").unwrap();
            stdin.flush().unwrap();
            // Generous: a loaded machine; the failure was no answer at all.
            let answer = rx.recv_timeout(Duration::from_secs(60));
            let answer = answer.unwrap_or_else(|_| panic!("{args:?}: no answer to puzzle {turn}"));
            assert!(!answer.trim().is_empty(), "{args:?}");
        }
        drop(stdin);
        assert!(
            child.wait().unwrap().code().is_some_and(|c| c <= 1),
            "{args:?}"
        );
        // One line an answer: none was left to be read as the next one's.
        let rest: Vec<String> = rx.iter().collect();
        assert!(rest.is_empty(), "{args:?}: {rest:?}");
    }
}

#[test]
fn a_game_in_progress_is_the_same_position_through_every_record() {
    // Placed digits are the player's: every command answers for the givens, and a record
    // read on keeps the placed digits placed (not turned into givens, another puzzle).
    for name in ["in-progress-several.json", "in-progress-wrong-digit.json"] {
        let text = std::fs::read_to_string(data(name)).unwrap();
        let (_, direct) = stdout(&["convert", "--to", "json"], &text);
        let want: Value = serde_json::from_str(&direct).unwrap();
        assert!(want["givens"].is_array(), "{name}: {direct}");
        // The verdict of the givens alone, as a puzzle of their own.
        let bare = json!({"size": want["size"], "box": want["box"], "grid": want["givens"]});
        let (_, alone) = stdout(&["solve", "--json"], &bare.to_string());
        let verdict = serde_json::from_str::<Value>(&alone).unwrap()["status"].clone();
        let (_, form) = stdout(&["canonical", "--json"], &bare.to_string());
        let form = serde_json::from_str::<Value>(&form).unwrap()["canonical"].clone();
        let (_, givens_line) = stdout(&["convert", "--to", "line"], &bare.to_string());
        for (producer, json) in producers(name) {
            let (code, back) = stdout(&["convert", "--to", "json"], &json);
            assert_eq!(code, 0, "{producer} | convert: {back}");
            let got: Value = serde_json::from_str(&back).unwrap();
            assert_eq!(got["grid"], want["grid"], "{producer} of {name}");
            assert_eq!(got["givens"], want["givens"], "{producer} of {name}");
            for consumer in ["solve", "rate", "hint", "explain"] {
                let (_, said) = stdout(&[consumer, "--json"], &json);
                let said: Value = serde_json::from_str(&said).unwrap();
                if consumer == "explain" && said["status"] == "none" {
                    // No path from a position with a wrong digit: named, not a verdict.
                    let m = said["message"].as_str().unwrap();
                    assert!(m.contains("which is wrong"), "{producer} | explain: {m}");
                } else {
                    assert_eq!(said["status"], verdict, "{producer} | {consumer} of {name}");
                }
            }
            // Rate's text line shows what it rated: the givens, not the position.
            let (_, rated) = stdout(&["rate"], &json);
            assert_eq!(
                rated.split_whitespace().next(),
                givens_line.split_whitespace().next(),
                "{producer} | rate of {name}: {rated}"
            );
            // The puzzle's canonical form is its givens'.
            let (_, c) = stdout(&["canonical", "--json"], &json);
            let c: Value = serde_json::from_str(&c).unwrap();
            assert_eq!(c["canonical"], form, "{producer} | canonical of {name}");
        }
    }
    // `placed` beside a given is refused, naming the cell.
    let bad = r#"{"size":4,"puzzle":"1...............","placed":"2..............."}"#;
    let (code, err) = stderr(&["solve"], bad);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("r1c1"), "{err}");
}

#[test]
fn convert_json_is_to_json_with_error_records() {
    let text = std::fs::read_to_string(data("unique.txt")).unwrap();
    let (code, to_json) = stdout(&["convert", "--to", "json"], &text);
    assert_eq!(code, 0, "{to_json}");
    let (code, json) = stdout(&["convert", "--json"], &text);
    assert_eq!((code, &json), (0, &to_json));
    // Input that can't be read is a record in the stream, as every command's --json says
    // it, and the run ends with exit 2.
    let (code, json) = stdout(&["convert", "--json"], &format!("{text}12x\n"));
    assert_eq!(code, 2, "{json}");
    let last: Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(
        (&last["status"], &last["line"]),
        (&json!("error"), &json!(2))
    );
    let (code, err) = stderr(&["convert", "--json", "--to", "line"], &text);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_record_error_points_at_its_field() {
    // The column is the field's key, not the record's `{`; the field is named as written.
    for (record, field, says) in [
        (
            r#"{"size": 4, "box": [2, 2], "puzzle": "1x.............."}"#,
            "\"puzzle\"",
            "\"puzzle\" string",
        ),
        (
            r#"{"grid": "1...............", "size": 1e100}"#,
            "\"size\"",
            "whole number",
        ),
    ] {
        let (code, err) = stderr(&["solve"], record);
        assert_eq!(code, 2, "{err}");
        let col = record.find(field).unwrap() + 1;
        assert!(
            err.contains(&format!("<stdin>:1:{col}: ")),
            "{record}: {err}"
        );
        assert!(err.contains(says), "{record}: {err}");
    }
    // Spread over lines: the key's own line and column.
    let record = "{\"size\": 4,\n  \"box\": [2, 7],\n \"puzzle\": \"1...............\"}";
    let (code, err) = stderr(&["solve"], record);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("<stdin>:2:3: "), "{err}");
}

#[test]
fn a_refused_output_format_names_the_puzzle() {
    // A 6x6 in 3x2 boxes has no `.sdk` form: said for that puzzle, file and line.
    let (_, six) = stdout(&["generate", "--box", "3x2", "--seed", "4"], "");
    let (code, err) = stderr(&["solve", "--to", "sdk"], &six);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("<stdin>:1: the sdk format cannot hold"),
        "{err}"
    );
    // A prime side has no usual boxes to read back in: said as such.
    let (code, err) = stderr(
        &["generate", "--box", "1x5", "--seed", "1", "--to", "sdk"],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("would not read back"), "{err}");
    assert!(!err.contains("in  boxes"), "{err}");
}

#[test]
fn check_reads_the_grids_in_the_puzzle_s_symbols() {
    let (hex, hex_solution) = hex_sixteen();
    let (code, out) = stdout(&["check", "--puzzle", &hex], &hex_solution);
    assert_eq!((code, out.trim()), (0, "valid solution"));
    // One slip in the first cell: the 0s are no longer as many as each other symbol, and
    // detection alone read the grid as standard symbols with empty cells (and every cell
    // one digit off the puzzle's).
    let first = if hex_solution.starts_with('0') {
        "1"
    } else {
        "0"
    };
    let slipped = format!("{first}{}", &hex_solution[1..]);
    let (code, out) = stdout(&["check", "--puzzle", &hex], &slipped);
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("empty") && !out.contains("r2c"), "{out}");
    // Named in the grid's symbols, not by digit number.
    let was = &hex_solution[..1];
    let want = format!("row 1 misses {was} and repeats {first}");
    assert!(out.contains(&want), "{want}: {out}");
}

#[test]
fn clashes_are_named_in_the_puzzle_s_symbols() {
    // A hex 16x16 (its 0 says so) with 7 twice: the file's 7 is digit 8.
    let hex = format!("77{}0", ".".repeat(253));
    // A 12x12 with C twice (digit 12), and a 25x25 in letters with B twice (digit 2).
    let twelve = format!("CC{}", ".".repeat(142));
    let letters = format!("BB{}", ".".repeat(623));
    for (line, want) in [
        (&hex, "digit 7 2 times in row 1"),
        (&twelve, "digit C 2 times in row 1"),
        (&letters, "digit B 2 times in row 1"),
    ] {
        for command in ["solve", "rate", "hint", "explain"] {
            let (code, text) = stdout(&[command], line);
            let (_, err) = stderr(&[command], line);
            assert_eq!(code, 1, "{command}: {text}{err}");
            assert!(
                text.contains(want) || err.contains(want),
                "{command}: {text}{err}"
            );
        }
        let (_, json) = stdout(&["solve", "--json"], line);
        let record: Value = serde_json::from_str(&json).unwrap();
        assert!(
            record["conflicts"][0]["text"]
                .as_str()
                .unwrap()
                .contains(want),
            "{json}"
        );
    }
}

#[test]
fn symbols_that_would_read_back_as_others_are_refused_not_written() {
    // A 16x16 in letters that stops at G reads back as the standard 1-9A-G, and one in
    // hex that never uses 0 as the standard symbols too: every digit another. sdk, ss and
    // boxed have no place to say theirs, so they refuse (exit 2); line says it in a note.
    let letters = format!("ABCDEFG{}", ".".repeat(249));
    let hex = format!("123456789ABCDEF{}", ".".repeat(241));
    for (line, alphabet) in [(&letters, "letters"), (&hex, "hex")] {
        for to in ["sdk", "ss", "boxed"] {
            let (code, err) = stderr(&["convert", "--alphabet", alphabet, "--to", to], line);
            assert_eq!(code, 2, "{alphabet} {to}: {err}");
            assert!(
                err.contains("would read back in the standard symbols"),
                "{err}"
            );
        }
        let (code, text) = stdout(&["convert", "--alphabet", alphabet, "--to", "line"], line);
        assert_eq!(code, 0, "{text}");
        assert!(
            text.trim().ends_with(&format!("# alphabet {alphabet}")),
            "{text}"
        );
        let (_, json) = stdout(&["convert", "--to", "json"], &text);
        let (_, want) = stdout(&["convert", "--alphabet", alphabet, "--to", "json"], line);
        assert_eq!(json, want);
    }
}

#[test]
fn small_generated_puzzles_with_their_solutions_read_back() {
    // `generate --size 4 -n 2 --with-solution` writes 33-character lines, the length of a
    // 3x11 grid's row: they were taken for one, and no command read them.
    for size in ["4", "6", "9"] {
        let args = ["generate", "--size", size, "-n", "2", "--seed", "2"];
        let (code, made) = stdout(&[&args[..], &["--with-solution"]].concat(), "");
        assert_eq!(code, 0, "{made}");
        let (code, out) = stdout(&["check"], &made);
        assert_eq!(
            (code, out.matches("valid solution").count()),
            (0, 2),
            "{made}: {out}"
        );
    }
}

#[test]
fn check_with_a_puzzle_checks_the_solution_a_record_carries() {
    // With --puzzle, a `solve --json` record's solution was ignored and its givens
    // checked: "51 cells are empty", exit 1.
    let classic = std::fs::read_to_string(data("unique.txt")).unwrap();
    let dir = common::TempDir::new("check-puzzle");
    let path = dir.join("p.txt");
    std::fs::write(&path, &classic).unwrap();
    let puzzle = path.to_str().unwrap();
    let (code, record) = stdout(&["solve", "--json"], &classic);
    assert_eq!(code, 0, "{record}");
    let (code, out) = stdout(&["check", "--puzzle", puzzle], &record);
    assert_eq!((code, out.as_str()), (0, "valid solution\n"));
    // Against another puzzle's givens, the carried solution breaks them.
    let other = format!(
        "{}{}",
        if classic.starts_with('1') { "2" } else { "1" },
        &classic[1..]
    );
    std::fs::write(&path, other).unwrap();
    let (code, out) = stdout(&["check", "--puzzle", puzzle], &record);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("r1c1 holds"), "{out}");
}
