//! The CLI on giant grids: empty grids answered at once, `--max-time` on solve, rate and
//! generate (a `timeout` answer, a message and exit code 1), big-grid generation.

use assert_cmd::Command;

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/testdata/large/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn empty_matrix(n: usize) -> String {
    let row = vec!["0"; n].join(" ");
    (0..n).map(|_| row.clone() + "\n").collect()
}

#[test]
fn empty_giant_grids_have_several_solutions() {
    for n in [64, 100, 400] {
        let out = sudoku()
            .args(["solve", "--json"])
            .write_stdin(empty_matrix(n))
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone();
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v["status"], "multiple", "{n}");
        assert_eq!(v["solutions"].as_array().unwrap().len(), 2);
        assert_ne!(v["solutions"][0], v["solutions"][1]);
    }
}

#[test]
fn solve_stops_at_the_time_limit() {
    // 64-1 has several solutions that no engine here finds within seconds.
    let out = sudoku()
        .args([
            "solve",
            "--json",
            "--max-time",
            "0.3",
            &data("rkkautsar-sudoku-64-1.txt"),
        ])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "timeout");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("time limit reached"), "{err}");
    // Text output says so too.
    let out = sudoku()
        .args([
            "solve",
            "--max-time",
            "0.3",
            &data("rkkautsar-sudoku-64-1.txt"),
        ])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert!(String::from_utf8_lossy(&out).contains("timeout"));
}

#[test]
fn solve_rejects_a_bad_time_limit() {
    for bad in ["0", "-1", "nan", "inf"] {
        sudoku()
            .args([
                "solve",
                "--max-time",
                bad,
                &data("rkkautsar-sudoku-4-1.txt"),
            ])
            .assert()
            .code(2);
    }
}

#[test]
fn rate_stops_at_the_time_limit_in_the_solve() {
    let out = sudoku()
        .args([
            "rate",
            "--max-time",
            "0.3",
            &data("rkkautsar-sudoku-64-1.txt"),
        ])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert!(String::from_utf8_lossy(&out).contains("timeout"));
}

#[test]
fn generate_stops_at_the_time_limit() {
    let out = sudoku()
        .args([
            "generate",
            "--size",
            "25",
            "--minimal",
            "--seed",
            "1",
            "--max-time",
            "0.2",
        ])
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("time limit reached") && err.contains("0 of 1"),
        "{err}"
    );
}

#[test]
fn generate_makes_unique_giant_puzzles() {
    for shape in [["--size", "36"], ["--box", "20x20"]] {
        let out = sudoku()
            .args(["generate", "--seed", "2", "--symmetry", "rot180"])
            .args(shape)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let v = sudoku()
            .args(["solve", "--json"])
            .write_stdin(out)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let v: serde_json::Value = serde_json::from_slice(&v).unwrap();
        assert_eq!(v["status"], "unique", "{shape:?}");
    }
}

#[test]
fn solve_all_stops_at_the_time_limit_and_says_at_least() {
    // An empty 12x12 has far more solutions than can be listed in 0.05 s: the listing is cut
    // short by the limit, and its count is a lower bound.
    let out = sudoku()
        .args([
            "solve",
            "--all",
            "--count",
            "2000000",
            "--max-time",
            "0.05",
            "--json",
            "-",
        ])
        .write_stdin(format!("{}\n", ".".repeat(144)))
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["status"], "multiple");
    assert_eq!(v["count_exact"], false);
    let count = v["count"].as_u64().unwrap();
    assert!(count < 2_000_000, "{count}");
    assert_eq!(v["solutions"].as_array().unwrap().len() as u64, count);
}
