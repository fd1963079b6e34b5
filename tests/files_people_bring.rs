//! Files as other programs and puzzle banks write them: CSV banks with a header line and a
//! solution column, rated lists with a title, the classic 9-line layout with blanks as
//! empty cells, matrix rows with a trailing comment, `*` as empty; Kennett's format out;
//! UTF-16 as Windows PowerShell writes it; frames in box-drawing characters and full-width
//! digits, as grids copied from terminals and web pages have them; numbered lists and
//! Markdown fences, as chats and READMEs hold puzzles; quoted and semicolon CSV, as R and
//! spreadsheets save banks; a JSON list of puzzle strings; bare JSON grids, as
//! `json.dumps` writes them, and sugoku's `board`.

use crate::common;

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

/// `convert --to line` of `input` on standard input: it must succeed without a word on
/// stderr and give the classic puzzle on every line, at least `min` times.
fn reads_as_classic(input: &str, min: usize) {
    let out = sudoku()
        .args(["convert", "--to", "line"])
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!((out.status.code(), err.as_str()), (Some(0), ""), "{input}");
    let lines = String::from_utf8(out.stdout).unwrap();
    assert!(lines.lines().count() >= min, "{input}: {lines}");
    assert!(lines.lines().all(|l| l == CLASSIC), "{input}: {lines}");
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

/// `text` in UTF-16 with its byte-order mark (`None`: without).
fn utf16(text: &str, big_endian: Option<bool>) -> Vec<u8> {
    let mark: &[u8] = match big_endian {
        Some(false) => &[0xFF, 0xFE],
        Some(true) => &[0xFE, 0xFF],
        None => &[],
    };
    let units = text.encode_utf16().flat_map(|u| match big_endian {
        Some(true) => u.to_be_bytes(),
        _ => u.to_le_bytes(),
    });
    mark.iter().copied().chain(units).collect()
}

#[test]
fn utf16_files_read_as_their_text() {
    // Windows PowerShell 5's `>` and Notepad's "Unicode" write UTF-16 with a byte-order
    // mark and CRLF ends. Such a file was "not a text file (a NUL byte at offset 3)".
    let text = std::fs::read_to_string(data("rated-titled.txt")).unwrap();
    let (code, want, err) = to_line("rated-titled.txt");
    assert_eq!(code, 0, "{err}");
    let dir = common::TempDir::new("utf16");
    for big_endian in [false, true] {
        let bytes = utf16(&text.replace('\n', "\r\n"), Some(big_endian));
        let file = dir.join(format!("puzzles-{big_endian}.txt"));
        std::fs::write(&file, &bytes).unwrap();
        let out = sudoku()
            .args(["convert", "--to", "line"])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{big_endian}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), want, "{big_endian}");
        let notes = err.replace(&data("rated-titled.txt"), &file.display().to_string());
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            notes,
            "the same notes"
        );
        // Piped in too, and as the puzzle `check --puzzle` reads (past the title line).
        let piped = sudoku()
            .args(["convert", "--to", "line"])
            .write_stdin(bytes)
            .output()
            .unwrap();
        assert_eq!(String::from_utf8(piped.stdout).unwrap(), want);
    }
    let first = want.lines().next().unwrap();
    let solved = sudoku()
        .args(["solve", "--to", "line"])
        .write_stdin(first)
        .output()
        .unwrap();
    let puzzle = dir.join("one.txt");
    std::fs::write(
        &puzzle,
        utf16(&format!("My puzzle\r\n{first}\r\n"), Some(false)),
    )
    .unwrap();
    sudoku()
        .args(["check", "--puzzle"])
        .arg(&puzzle)
        .write_stdin(solved.stdout)
        .assert()
        .success()
        .stdout("valid solution\n");
    // Without its mark it can't be told from binary: said so, with what to do.
    sudoku()
        .arg("solve")
        .write_stdin(utf16(first, None))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "UTF-16 without a byte-order mark (save it as UTF-8",
        ));
}

#[test]
fn box_drawing_frames_and_full_width_digits_read_as_their_ascii() {
    // `┌─┬─┐ │` frames were "expected 25 rows, found 13"; full-width digits an
    // unexpected character at column 1.
    for file in [
        "box-drawing.txt",
        "box-drawing-double.txt",
        "full-width.txt",
    ] {
        let (code, out, err) = to_line(file);
        assert_eq!(
            (code, out.as_str()),
            (0, format!("{CLASSIC}\n").as_str()),
            "{file}: {err}"
        );
    }
    // A bad cell inside such a frame is still named at its column, counted in characters.
    let text = std::fs::read_to_string(data("box-drawing.txt")).unwrap();
    let bad = text.replacen("│ 5 3 .", "│ 5 3 x", 1);
    let out = sudoku().args(["solve"]).write_stdin(bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("<stdin>:2:7:"), "{err}");
}

#[test]
fn numbered_lists_and_markdown_fences_read_as_their_puzzles() {
    // `1. <cells>` was "expected 81 cells … found 2", a fence "found 3" and a line in
    // quotes (a string literal pasted) "unexpected character", one error each.
    let grid = |format: &str| {
        let out = sudoku()
            .args(["convert", "--to", format])
            .write_stdin(CLASSIC)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let listed = format!("1. {CLASSIC}\n2) {CLASSIC}\n10: {CLASSIC}\n");
    // One layout an input, as always; each fenced twice, a blank line between.
    let fenced = |open: &str, close: &str, body: String| {
        format!("{open}\n{body}{close}\n\n{open}\n{body}{close}\n")
    };
    let quoted = format!("\"{CLASSIC}\"\n'{CLASSIC}'\n");
    let inputs = [
        listed,
        quoted,
        fenced("```", "```", format!("{CLASSIC}\n{CLASSIC}\n")),
        fenced("```text", "```", grid("boxed")),
        fenced("~~~", "~~~", grid("sdk")),
        fenced("```json", "```", grid("json")),
    ];
    for text in inputs {
        reads_as_classic(&text, 2);
    }
    // A quote whose partner was lost in the copy is named where it stands (it was counted
    // as a cell: "found 82").
    for (bad, col) in [(format!("\"{CLASSIC}"), 1), (format!("{CLASSIC}'"), 82)] {
        let out = sudoku().arg("solve").write_stdin(bad).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(&format!("<stdin>:1:{col}: a quote without its partner")),
            "{err}"
        );
    }
}

#[test]
fn quoted_and_semicolon_csv_and_json_lists_of_strings_read_their_puzzles() {
    // R's write.csv quotes every field; spreadsheets where the comma is the decimal mark
    // separate by semicolons; programs dump a list of puzzles as a JSON array of strings.
    // Each was "expected 81 cells … found 1" (or "expected '{'").
    for file in ["bank-r.csv", "bank-semicolon.csv", "puzzles-array.json"] {
        let (code, out, err) = to_line(file);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(
            !out.is_empty() && out.lines().all(|l| l == CLASSIC),
            "{file}: {out}"
        );
        assert!(err.lines().all(|l| l.contains("note")), "{file}: {err}");
    }
    // Their solution columns are checked: the R bank's second row has two digits swapped.
    sudoku()
        .arg("check")
        .arg(data("bank-semicolon.csv"))
        .assert()
        .success()
        .stdout("valid solution\n");
    let out = sudoku()
        .arg("check")
        .arg(data("bank-r.csv"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("valid solution\nnot a valid solution"),
        "{text}"
    );
    // A bad cell in a quoted field or a JSON string is named at its own column.
    let bad = format!("\"1\",\"{}x\"\n", &CLASSIC[..80]);
    let out = sudoku().arg("solve").write_stdin(bad).output().unwrap();
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("<stdin>:1:86:"));
    let bad = format!("[\"{}x\"]\n", &CLASSIC[..80]);
    let out = sudoku().arg("solve").write_stdin(bad).output().unwrap();
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("<stdin>:1:83:"));
}

#[test]
fn a_line_with_blanks_as_empty_cells_is_one_puzzle() {
    // Sudopedia's line layout (`53  7    6  195…`): read as a matrix row of 20 numbers,
    // it was "number 53 is out of range 0..=20".
    let spaced = CLASSIC.replace('.', " ");
    reads_as_classic(&format!("{spaced}\n"), 1);
    reads_as_classic(&format!("{spaced}\n{spaced}\n"), 2);
}

#[test]
fn bare_json_grids_and_boards_read_as_grids() {
    // `json.dumps(grid)` (and `indent=2`, a number a line), a list of such grids, a flat
    // list of 81, and web APIs' `{"board": …}`: each was "expected '{'" or "missing grid".
    for file in ["grid-bare.json", "grid-board.json"] {
        let (code, out, err) = to_line(file);
        assert_eq!(
            (code, out.as_str()),
            (0, format!("{CLASSIC}\n").as_str()),
            "{file}: {err}"
        );
    }
    let text = std::fs::read_to_string(data("grid-board.json")).unwrap();
    let rows = &text[text.find('[').unwrap()..text.rfind(']').unwrap() + 1];
    let flat = format!("[{}]\n", rows.replace(['[', ']'], ""));
    reads_as_classic(&format!("{rows}\n"), 1);
    reads_as_classic(&format!("[{rows},\n {rows}]\n"), 2);
    reads_as_classic(&flat, 1);
    // A grid that is no square is refused where it starts, naming what is wrong.
    sudoku()
        .arg("solve")
        .write_stdin("[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2],[0,0,0,0]]\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "<stdin>:1:2: a bare grid: \"grid\" row 1 has 4 cells, expected 5",
        ));
}
