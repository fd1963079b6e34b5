//! `sudoku rate` as users run it: serate-style lines, JSON fields, order, exit codes.

use assert_cmd::Command;
use serde_json::Value;

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Needs chains (sudoku_exchange diabolical, rated 7.1 by Sukaku Explainer).
const DIABOLICAL: &str =
    "..6...2..9.......4243...896...591.....2.8.3..4..2.3..13.......7...9.7....1.4.8.2.";
const SERG: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").unwrap()
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8(out.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn serate_style_line_with_hodoku_level() {
    let out = sudoku()
        .arg("rate")
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let fields: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(fields[0], CLASSIC);
    let ratings: Vec<f32> = fields[1]
        .strip_prefix("ED=")
        .expect("ED= field")
        .split('/')
        .map(|x| x.parse().unwrap())
        .collect();
    // ER >= EP >= ED, and singles alone solve the classic puzzle (at most 2.3).
    assert!(
        ratings[0] >= ratings[1] && ratings[1] >= ratings[2],
        "{text}"
    );
    assert!(ratings[0] <= 2.3, "{text}");
    assert_eq!(fields[2], "Easy", "{text}");
    assert!(fields[3].parse::<u32>().unwrap() > 0);
}

#[test]
fn json_has_both_scales_in_input_order() {
    let out = sudoku()
        .args(["rate", "--json", "--jobs", "2"])
        .write_stdin(format!("{DIABOLICAL}\n{CLASSIC}\n"))
        .assert()
        .success();
    let v = json_lines(&out.get_output().stdout);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["puzzle"], DIABOLICAL);
    assert_eq!(v[1]["puzzle"], CLASSIC);
    for key in ["er", "ep", "ed", "level", "score", "hardest", "preset"] {
        assert!(v[0].get(key).is_some(), "{key} missing: {}", v[0]);
    }
    let er = v[0]["er"].as_f64().unwrap();
    assert!(er > 6.0, "a chain puzzle rates above 6: {}", v[0]);
    assert_eq!(v[0]["preset"], "diabolical");
    assert!(v[1]["er"].as_f64().unwrap() < er);
    assert_eq!(v[1]["level"], "Easy");
}

#[test]
fn one_scale_only() {
    let out = sudoku()
        .args(["rate", "--json", "--scale", "hodoku"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .success();
    let v = &json_lines(&out.get_output().stdout)[0];
    assert!(v.get("er").is_none() && v.get("level").is_some(), "{v}");
    let out = sudoku()
        .args(["rate", "--scale", "se"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.split_whitespace().count(), 2, "{text}");
}

#[test]
fn puzzle_without_unique_solution_is_not_rated() {
    sudoku()
        .arg("rate")
        .write_stdin(format!("{SERG}\n"))
        .assert()
        .code(1)
        .stdout(predicates::str::contains("not rated: multiple solutions"));
}

#[test]
fn time_limit_marks_the_line() {
    // A limit far below one step: the rating stops at once and says so.
    let out = sudoku()
        .args(["rate", "--max-time", "0.000001"])
        .write_stdin(format!("{DIABOLICAL}\n"))
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    // No rating of 0.0 (below SE's scale) or level for a rating that made no step.
    assert_eq!(
        text,
        format!("{DIABOLICAL} timeout before a step was rated\n"),
        "{text}"
    );
}

#[test]
fn every_json_record_says_what_the_puzzle_is_as_solve_does() {
    // Rated records said `timed_out` but not what the puzzle is; the records of puzzles not
    // rated, and every record of explain and hint, carry solve's `status`.
    let invalid = format!("55{}", &CLASSIC[2..]);
    let input = format!("{CLASSIC}\n{SERG}\n{invalid}\n");
    let statuses = |cmd: &str| -> Vec<Value> {
        let out = sudoku()
            .args([cmd, "--json"])
            .write_stdin(input.clone())
            .assert()
            .code(1);
        let records = json_lines(&out.get_output().stdout);
        records.iter().map(|r| r["status"].clone()).collect()
    };
    let solved = statuses("solve");
    assert_eq!(solved.len(), 3, "{solved:?}");
    for cmd in ["rate", "explain", "hint"] {
        assert_eq!(statuses(cmd), solved, "{cmd}");
    }
    // A rating cut short still says what the puzzle is: unique when the check came first,
    // else timeout.
    let out = sudoku()
        .args(["rate", "--json", "--max-time", "0.000001"])
        .write_stdin(format!("{DIABOLICAL}\n"))
        .assert()
        .code(1);
    let v = json_lines(&out.get_output().stdout).remove(0);
    match v["status"].as_str() {
        Some("unique") => assert_eq!(v["timed_out"], true, "{v}"),
        Some("timeout") => assert!(v["message"].is_string(), "{v}"),
        _ => panic!("no status: {v}"),
    }
}

#[test]
fn bad_input_is_a_usage_error() {
    sudoku().arg("rate").write_stdin("12345\n").assert().code(2);
    sudoku()
        .args(["rate", "--max-time", "-1"])
        .write_stdin(format!("{CLASSIC}\n"))
        .assert()
        .code(2);
}

/// Rates `puzzle` with `sudoku rate --json`.
fn rate_json(puzzle: &str) -> Value {
    let out = sudoku()
        .args(["rate", "--json"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success();
    json_lines(&out.get_output().stdout).remove(0)
}

#[test]
fn generate_to_a_hodoku_level() {
    let out = sudoku()
        .args([
            "generate",
            "-n",
            "2",
            "--seed",
            "5",
            "--difficulty",
            "hard",
            "--json",
        ])
        .assert()
        .success();
    for v in json_lines(&out.get_output().stdout) {
        assert_eq!(v["level"], "Hard", "{v}");
        // HoDoKu's rule: a Hard puzzle scores at least Medium's maximum.
        assert!(v["score"].as_u64().unwrap() >= 1000, "{v}");
        // And `rate`, run separately, agrees.
        let r = rate_json(v["puzzle"].as_str().unwrap());
        assert_eq!(r["level"], "Hard");
    }
}

#[test]
fn generate_to_an_explainer_range_and_with_a_technique() {
    let out = sudoku()
        .args([
            "generate", "-n", "2", "--seed", "9", "--rating", "fiendish", "--json",
        ])
        .assert()
        .success();
    for v in json_lines(&out.get_output().stdout) {
        let er = rate_json(v["puzzle"].as_str().unwrap())["er"]
            .as_f64()
            .unwrap();
        assert!((2.6..=6.0).contains(&er), "{v}");
    }
    let out = sudoku()
        .args(["generate", "--seed", "3", "--require", "x-wing"])
        .assert()
        .success();
    let puzzle = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let out = sudoku()
        .args(["explain", "--json"])
        .write_stdin(puzzle)
        .assert()
        .success();
    let path = &json_lines(&out.get_output().stdout)[0];
    let steps = path["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| s["technique"] == "X-Wing"), "{path}");
}

#[test]
fn generate_rejects_bad_targets() {
    for args in [
        vec!["generate", "--difficulty", "nightmare"],
        vec!["generate", "--rating", "7..6"],
        vec!["generate", "--require", "no-such-wing"],
    ] {
        sudoku().args(&args).assert().code(2);
    }
    sudoku()
        .args(["generate", "--size", "25", "--difficulty", "easy"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "difficulty targets are for grids up to 16x16",
        ));
}

#[test]
fn generate_to_a_target_at_every_size_up_to_16x16() {
    // Each puzzle rated again by `rate`: the level or SE range asked, its box shape kept.
    for (shape, target) in [
        ("2x3", ["--difficulty", "hard"]),
        ("3x2", ["--rating", "3.0..6.0"]),
        ("2x4", ["--difficulty", "hard"]),
        ("3x4", ["--difficulty", "medium"]),
        ("2x7", ["--difficulty", "hard"]),
        ("4x4", ["--difficulty", "hard"]),
        ("4x4", ["--rating", "3.0..5.0"]),
        ("4x4", ["--difficulty", "easy"]),
    ] {
        let out = sudoku()
            .args(["generate", "--box", shape, "--seed", "1", "--json"])
            .args(target)
            .assert()
            .success();
        let v = &json_lines(&out.get_output().stdout)[0];
        let rated = sudoku()
            .args(["rate", "--json"])
            .write_stdin(v.to_string())
            .assert()
            .success();
        let r = &json_lines(&rated.get_output().stdout)[0];
        let (rows, cols) = shape.split_once('x').unwrap();
        let want_box =
            serde_json::json!([rows.parse::<u64>().unwrap(), cols.parse::<u64>().unwrap()]);
        assert_eq!(r["box"], want_box, "{shape}: {r}");
        match target {
            ["--difficulty", level] => {
                let level = format!("{}{}", level[..1].to_uppercase(), &level[1..]);
                assert_eq!(r["level"], level, "{shape} {target:?}: {r}");
                assert_eq!(v["level"], level, "{shape} {target:?}: {v}");
            }
            [_, range] => {
                let (lo, hi) = range.split_once("..").unwrap();
                let er = r["er"].as_f64().unwrap();
                let (lo, hi) = (lo.parse::<f64>().unwrap(), hi.parse::<f64>().unwrap());
                assert!(lo <= er && er <= hi, "{shape} {target:?}: {r}");
            }
        }
    }
}
