//! Files as other programs and puzzle banks write them: CSV banks with a header line and a
//! solution column, rated lists with a title, the classic 9-line layout with blanks as
//! empty cells, matrix rows with a trailing comment, `*` as empty; Kennett's format out.

use assert_cmd::Command;

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn sudoku() -> Command {
    Command::cargo_bin("sudoku").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/testdata/cli/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `convert --to line FILE`: exit code, stdout, stderr.
fn to_line(file: &str) -> (i32, String, String) {
    let out = sudoku()
        .args(["convert", "--to", "line"])
        .arg(data(file))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn csv_banks_with_a_header_line_read_with_a_note() {
    for file in ["bank-kaggle.csv", "bank-qqwing.csv", "bank-id.csv"] {
        let (code, out, err) = to_line(file);
        assert_eq!(code, 0, "{file}: {err}");
        assert_eq!(out.lines().next(), Some(CLASSIC), "{file}");
        assert!(
            err.lines().count() <= 1 && err.contains("note"),
            "{file}: {err}"
        );
    }
}

#[test]
fn a_solution_column_is_checked() {
    sudoku()
        .arg("check")
        .arg(data("bank-kaggle.csv"))
        .assert()
        .success()
        .stdout("valid solution\n");
    // The second row's solution has two digits swapped.
    let out = sudoku()
        .arg("check")
        .arg(data("bank-qqwing.csv"))
        .assert()
        .code(1);
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.starts_with(&format!(
            "valid solution\nnot a valid solution ({}:3)",
            data("bank-qqwing.csv")
        )),
        "{text}"
    );
}

#[test]
fn rated_list_with_a_title_line() {
    let (code, out, err) = to_line("rated-titled.txt");
    assert_eq!((code, out.trim()), (0, CLASSIC), "{err}");
}

#[test]
fn classic_layout_with_blanks_and_trailing_whitespace() {
    for file in ["classic-spaces.txt", "classic-trailing.txt"] {
        let (code, out, err) = to_line(file);
        assert_eq!((code, out.trim()), (0, CLASSIC), "{file}: {err}");
    }
}

#[test]
fn old_mac_line_ends_are_line_ends() {
    // Lines ended by a lone `\r` (classic Mac OS, some old puzzle banks) were one line
    // with control characters in it: refused at column 82. Every layout reads now, and a
    // bad cell is found on its own line.
    let rows: Vec<&str> = (0..9).map(|r| &CLASSIC[9 * r..9 * r + 9]).collect();
    let solved = |text: String| {
        let out = sudoku()
            .args(["solve", "--to", "line"])
            .write_stdin(text)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, lines, err) = solved(format!("{CLASSIC}\r{CLASSIC}\r"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(lines.lines().count(), 2, "{lines}");
    let (code, grid, err) = solved(rows.join("\r") + "\r");
    assert_eq!(
        (code, grid.lines().next()),
        (Some(0), lines.lines().next()),
        "{err}"
    );
    // Mixed ends, as files edited on two systems have.
    let (code, mixed, err) = solved(format!("{CLASSIC}\r\n{CLASSIC}\r{CLASSIC}\n"));
    assert_eq!((code, mixed.lines().count()), (Some(0), 3), "{err}");
    let bad = format!("{CLASSIC}\r{}x\r", &CLASSIC[..80]);
    let (code, _, err) = solved(bad);
    assert_eq!(code, Some(2));
    assert!(err.contains("<stdin>:2:81:"), "{err}");
}

#[test]
fn matrix_rows_with_a_trailing_comment() {
    let (code, out, err) = to_line("matrix-comments.txt");
    assert_eq!((code, out.trim()), (0, CLASSIC), "{err}");
}

#[test]
fn stars_as_empty_cells() {
    let (code, out, err) = to_line("sixteen-stars.txt");
    let (_, plain, _) = to_line("sixteen.txt");
    assert_eq!((code, out), (0, plain), "{err}");
}

#[test]
fn kennett_compact_format_out_and_back() {
    let out = sudoku()
        .args(["convert", "--to", "kennett"])
        .write_stdin(format!("{CLASSIC}\n{CLASSIC}\n"))
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    // `%` before each board, 9 rows of 9, nothing else (Debian's `sudoku` reads this).
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20, "{text}");
    assert!(
        lines[0].starts_with('%') && lines[10].starts_with('%'),
        "{text}"
    );
    assert!(lines
        .iter()
        .filter(|l| !l.starts_with('%'))
        .all(|l| l.len() == 9));
    sudoku()
        .args(["convert", "--to", "line"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(format!("{CLASSIC}\n{CLASSIC}\n"));
}

#[test]
fn dropping_pencil_marks_is_said() {
    let pm = sudoku()
        .args(["convert", "--to", "pm"])
        .write_stdin(CLASSIC)
        .output()
        .unwrap()
        .stdout;
    let out = sudoku()
        .args(["convert", "--to", "line"])
        .write_stdin(pm)
        .assert()
        .success();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("holds no pencil marks"), "{err}");
}

#[test]
fn help_and_docs_name_every_format() {
    let docs =
        std::fs::read_to_string(format!("{}/docs/formats.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for cmd in ["convert", "solve", "generate"] {
        let out = sudoku().args([cmd, "--help"]).assert().success();
        let help = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        for f in sudoku::format::Format::ALL {
            assert!(help.contains(f.name()), "{cmd} --help lacks {f}");
            assert!(
                docs.contains(&format!("### {}", f.name())),
                "docs/formats.md lacks {f}"
            );
        }
    }
}

#[test]
fn a_title_in_words_is_passed_over_with_a_note() {
    for title in [
        "Sudoku: hard",
        "Café sudoku",
        "Sudoku (hard)",
        "Sudoku — hard",
        "Hard puzzles, 2024 edition",
        // As long as a 4x4's line, and spaced as Sudopedia's lines are.
        "Puzzles for Anna",
    ] {
        let out = sudoku()
            .args(["convert", "--to", "line"])
            .write_stdin(format!("{title}\n{CLASSIC}\n"))
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(0), "{title}: {err}");
        assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), CLASSIC);
        assert!(err.contains("<stdin>:1: skipped"), "{title}: {err}");
    }
    // A puzzle line with a stray letter is still an error at that letter.
    let typo = format!("{}x", &CLASSIC[..80]);
    let out = sudoku().args(["solve"]).write_stdin(typo).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("<stdin>:1:81:"), "{err}");
}

#[test]
fn a_frame_whose_bands_and_stacks_disagree_is_refused() {
    // A 6x6 drawn in 3x3 (or 2x2) boxes: read as 3x2 or 2x3 it would be another puzzle.
    for file in ["six-drawn-3x3.txt", "six-drawn-2x2.txt"] {
        let (code, out, err) = to_line(file);
        assert_eq!(code, 2, "{file}: {out}");
        assert!(err.contains(&format!("{file}:1: the frame draws")), "{err}");
    }
}

#[test]
fn a_short_row_in_a_frame_is_named_where_it_ends() {
    let row = "| 4 2 . | 6 . |";
    let text = format!(
        "+-------+-------+\n| . . . | . . . |\n{row}\n+-------+-------+\n| . . 3 | . 2 . |\n\
         | . . . | . 3 . |\n+-------+-------+\n| . 3 . | . . 4 |\n| . . 1 | . 5 . |\n\
         +-------+-------+\n"
    );
    let out = sudoku().arg("solve").write_stdin(text).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    // Just past its last cell.
    let col = row.rfind('.').unwrap() + 2;
    assert!(err.contains(&format!("<stdin>:3:{col}: ")), "{err}");
}
