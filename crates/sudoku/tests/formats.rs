//! The format layer against docs/formats.md: every example in its own format, the sample files
//! of `testdata/formats/`, exact error locations, streaming, and round trips of every
//! writer over random grids of many shapes.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, BufReader, Read};
use sudoku::format::{self, detect, line::write_line, Format, Puzzle, ReadOptions, Reader};
use sudoku::solve::{self, Outcome};
use sudoku::{Candidates, Cell, Col, Digit, DigitSet, Grid, Row, Shape};

use crate::common::formats::*;

fn cell(r: usize, c: usize) -> Cell {
    Cell::at(Shape::NINE, Row::new(r - 1), Col::new(c - 1))
}

fn digits(s: DigitSet) -> Vec<usize> {
    s.iter().map(Digit::get).collect()
}

fn solution(grid: &Grid) -> String {
    match solve::solve(grid) {
        Outcome::Unique(s) => write_line(&s),
        other => panic!("expected a unique solution, got {}", other.status()),
    }
}

// ---------------------------------------------------------------- docs/formats.md examples

#[test]
fn line_example_2_1() {
    let p = one(&format!("{EX}\n"), None);
    assert_eq!(write_line(&p.grid), EX);
    assert_eq!(
        p.grid.given_count(),
        EX.chars().filter(|c| c.is_ascii_digit()).count()
    );
    assert_eq!(p.line, 1);
}

#[test]
fn line_tolerances_2_1() {
    let text = data("line/tolerated.txt");
    assert_eq!(detect(&text), Some(Format::Line));
    let all = read_ok(&text, None);
    assert_eq!(all.len(), 8);
    for p in &all {
        assert_eq!(p.grid, g(EX), "line {}", p.line);
    }
    assert_eq!(all[1].info.rating.as_deref(), Some("ED=7.1/1.2/1.2"));
    // Digits in a comment are never read (QQWing's bug).
    assert_eq!(all[2].info.comment.as_deref(), Some("comment 123456789"));
    assert_eq!(all[5].info.comment.as_deref(), Some("l2(10) s"));
    assert_eq!(all[7].info.get("id"), Some("0123456789ab"));
    assert_eq!(all[7].info.rating.as_deref(), Some("7.2"));
}

#[test]
fn hodoku_values_variant_marks_placed_digits() {
    let p = one(&data("line/hodoku_values.txt"), None);
    assert_eq!(p.grid.get(cell(4, 2)), Some(Digit::new(9)));
    assert!(!p.grid.is_given(cell(4, 2)));
    assert_eq!(p.grid.givens(), g(EX));
}

#[test]
fn sdm_with_crlf_streams_every_line() {
    let text = data("line/qqwing_easy_crlf.sdm");
    assert!(text.contains("\r\n"));
    let all = read_ok(&text, None);
    let expected: Vec<&str> = text.lines().map(str::trim_end).collect();
    assert_eq!(all.len(), expected.len());
    for (p, l) in all.iter().zip(expected) {
        assert_eq!(p.grid, g(l));
    }
}

#[test]
fn hardest_database_csv_rows_take_field_one() {
    let text = data("line/hardest_database_csv.txt");
    let all = read(&text, None);
    assert_eq!(all.len(), 3);
    // The title line is not a puzzle, and says so.
    assert_eq!(all[0].as_ref().unwrap_err().line, 1);
    let rows: Vec<&str> = text.lines().skip(2).collect();
    for (r, row) in all[1..].iter().zip(rows) {
        assert_eq!(write_line(&r.as_ref().unwrap().grid), row[..81]);
    }
}

#[test]
fn gsf_rows_take_field_five() {
    let text = format!("1,2,3,4,{EX},6,7\n");
    assert_eq!(one(&text, None).grid, g(EX));
}

#[test]
fn sudoku_exchange_rows() {
    let text = data("line/sudoku_exchange.txt");
    let all = read_ok(&text, None);
    assert_eq!(all.len(), 3);
    for (p, l) in all.iter().zip(text.lines()) {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(p.grid, g(f[1]));
        assert_eq!(p.info.get("id"), Some(f[0]));
        assert_eq!(p.info.rating.as_deref(), Some(f[2]));
    }
}

#[test]
fn hodoku_exemplar_sections_and_comments() {
    let all = read_ok(&data("line/hodoku_exemplars.txt"), None);
    assert_eq!(all.len(), 3);
    assert_eq!(all[0].info.comment.as_deref(), Some("s lc2(1) s"));
    assert_eq!(all[1].line, 4);
}

#[test]
fn sdk_example_2_2_with_headers_and_crlf() {
    let text = data("sdk/sudocue_crlf.sdk");
    assert_eq!(detect(&text), Some(Format::Sdk));
    let p = one(&text, None);
    assert_eq!(p.grid, g(EX));
    assert_eq!(p.info.author.as_deref(), Some("Ruud"));
    assert_eq!(
        p.info.description.as_deref(),
        Some("A random puzzle created by SudoCue")
    );
    assert_eq!(p.info.date.as_deref(), Some("03-08-2006"));
    assert_eq!(p.info.level.as_deref(), Some("Easy"));
    assert_eq!(p.line, 1);
}

#[test]
fn titles_in_words_do_not_hide_the_format() {
    let rows: String = EX
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let text = format!("Puzzle 1\n{rows}\nPuzzle 2\n{rows}");
    assert_eq!(detect(&text), Some(Format::Sdk));
    let all = read_ok(&text, None);
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].info.title.as_deref(), Some("Puzzle 2"));
    assert_eq!(all[1].grid, g(EX));
    let csv = data("line/hardest_database_csv.txt");
    assert_eq!(detect(&csv), Some(Format::Line));
}

#[test]
fn sdk_state_section_holds_placed_digits() {
    let p = one(&data("sdk/state.sdk"), None);
    assert_eq!(p.grid.givens(), g(EX));
    assert_eq!(p.grid.get(cell(4, 2)), Some(Digit::new(9)));
    assert!(!p.grid.is_given(cell(4, 2)));
    assert_eq!(p.info.author.as_deref(), Some("Example"));
}

#[test]
fn simple_sudoku_example_2_4() {
    let text = data("ss/simple.ss");
    assert_eq!(detect(&text), Some(Format::Ss));
    assert_eq!(one(&text, None).grid, g(EX));
}

#[test]
fn simple_sudoku_saved_game_has_state_and_marks() {
    let text = data("ss/saved_game.ss");
    let p = one(&text, None);
    assert_eq!(p.grid.givens(), g(EX));
    assert_eq!(p.grid.get(cell(4, 2)), Some(Digit::new(9)));
    assert!(!p.grid.is_given(cell(4, 2)));
    let m = p.marks.expect("candidate grid");
    assert_eq!(digits(m.get(cell(1, 2))), vec![6, 7, 9]);
    assert_eq!(digits(m.get(cell(1, 8))), vec![9]);
    assert_eq!(digits(m.get(cell(4, 8))), vec![5, 9]);
    assert!(m.get(cell(4, 2)).is_empty(), "filled cells keep no marks");
}

#[test]
fn pm_grid_example_2_5_single_digit_rule() {
    let text = data("pm/hodoku_pm.txt");
    assert_eq!(detect(&text), Some(Format::Pm));
    let p = one(&text, None);
    // One-digit cells whose digit is still a candidate nearby are naked singles, the rest
    // values: that gives back exactly the puzzle of 2.2.
    assert_eq!(p.grid, g(EX));
    let m = p.marks.unwrap();
    assert_eq!(digits(m.get(cell(1, 2))), vec![6, 7, 9]);
    assert_eq!(digits(m.get(cell(1, 8))), vec![9]);
    assert_eq!(digits(m.get(cell(4, 2))), vec![9]);
    assert_eq!(digits(m.get(cell(5, 5))), vec![1, 2, 4, 5, 6]);
}

#[test]
fn pm_grid_markup_and_other_frames() {
    let text = data("pm/hodoku_pm.txt")
        .replace("| 2     679 ", "| 2     *679")
        .replace("12456 ", "#12-456")
        .replace('.', "*")
        .replace(':', "|")
        .replace('\'', "*");
    let p = one(&text, Some(Format::Pm));
    assert_eq!(p.grid, g(EX));
    assert_eq!(
        digits(p.marks.unwrap().get(cell(5, 5))),
        vec![1, 2, 4, 5, 6]
    );
}

#[test]
fn hodoku_library_example_2_5() {
    let text = data("hodoku/library.txt");
    let p = one(&text, None);
    assert_eq!(p.grid.givens(), g(EX));
    assert_eq!(p.grid.get(cell(4, 2)), Some(Digit::new(9)));
    assert!(!p.grid.is_given(cell(4, 2)));
    let m = p.marks.clone().unwrap();
    let rules = Candidates::from_grid(&p.grid);
    assert!(!m.get(cell(1, 2)).contains(Digit::new(6)));
    assert!(!m.get(cell(1, 2)).contains(Digit::new(7)));
    assert_eq!(m.get(cell(1, 3)), rules.get(cell(1, 3)));
    assert_eq!(format::write(&p, Format::Hodoku).unwrap(), text.trim_end());
}

#[test]
fn sukaku_example_2_6() {
    let text = data("sukaku/from_pm.txt");
    assert!(text.starts_with(".2............67.9"));
    assert_eq!(text.trim_end().len(), 729);
    let p = one(&text, None);
    let pm = one(&data("pm/hodoku_pm.txt"), None);
    assert_eq!(p.grid, pm.grid);
    assert_eq!(p.marks, pm.marks);
    assert_eq!(format::write(&pm, Format::Sukaku).unwrap(), text.trim_end());
}

#[test]
fn opensudoku_v2_skips_unsupported_games() {
    let text = data("opensudoku/v2.opensudoku");
    assert_eq!(detect(&text), Some(Format::OpenSudoku));
    let all = read(&text, None);
    assert_eq!(all.len(), 3);
    let first = all[0].as_ref().unwrap();
    let data = "379000014060010070080009005435007000090040020000800436900700080040080050850000249";
    assert_eq!(write_line(&first.grid), data.replace('0', "."));
    assert_eq!(first.info.get("folder"), Some("Easy"));
    assert_eq!(first.info.comment.as_deref(), Some("first & easy"));
    assert_eq!(first.line, 4);
    let skipped = all[1].as_ref().unwrap_err();
    assert!(skipped.is_skip());
    assert_eq!(skipped.line, 6);
    let third = all[2].as_ref().unwrap();
    assert_eq!(third.grid, g(EX));
    assert_eq!(third.info.get("folder"), Some("Hard"));
}

#[test]
fn opensudoku_v1() {
    let all = read_ok(&data("opensudoku/v1.opensudoku"), None);
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].grid, g(EX));
}

#[test]
fn classic_2_9a_examples_solve_to_the_quoted_solutions() {
    let text = data("classic/sudoku_puzzlefile.txt");
    assert_eq!(detect(&text), Some(Format::Classic));
    let p = one(&text, None);
    assert_eq!(p.grid.given_count(), 2 + 4 + 4 + 3 + 5 + 3 + 4 + 4 + 2);
    assert_eq!(
        solution(&p.grid),
        "421967853675318492389245617198734526742856139563129748216573984837491265954682371"
    );
    let dots = one(&data("classic/dots.txt"), Some(Format::Classic));
    assert_eq!(dots.grid, g(CLASSIC));
}

#[test]
fn classic_zero_and_any_other_char_are_empty() {
    let text = "53007    \n6__195xxx\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    assert_eq!(one(text, Some(Format::Classic)).grid, g(CLASSIC));
}

#[test]
fn kennett_compact_boards_with_titles() {
    let board: String = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let text = format!("% first\n{board}%\n{board}");
    assert_eq!(detect(&text), Some(Format::Classic));
    let all = read_ok(&text, None);
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].info.title.as_deref(), Some("first"));
    assert_eq!((all[0].line, all[1].line), (2, 12));
    assert!(all.iter().all(|p| p.grid == g(CLASSIC)));
}

/// Kennett's compact format as its description gives it (the format Debian's `sudoku`
/// reads): for each board a `%` line holding the title, if any, then 9 lines of 9
/// characters, `1`-`9` a clue and `.` an empty cell; boards follow each other directly.
#[test]
fn kennett_writer_exact_output() {
    let rows: Vec<&str> = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    assert_eq!(rows[0], "53..7....");
    let board = rows.join("\n") + "\n";
    let mut titled = Puzzle::new(g(CLASSIC));
    titled.info.title = Some("first".into());
    let plain = Puzzle::new(g(CLASSIC));
    assert_eq!(
        format::write(&titled, Format::Kennett).unwrap(),
        format!("%first\n{board}")
    );
    // Many boards: one `%` line before each, nothing between.
    let mut w = format::StreamWriter::new(Format::Kennett);
    let text = w.record(&titled).unwrap() + &w.record(&plain).unwrap() + &w.finish();
    assert_eq!(text, format!("%first\n{board}%\n{board}"));
    assert_eq!(text.lines().count(), 20);
    assert!(text
        .lines()
        .filter(|l| !l.starts_with('%'))
        .all(|l| l.len() == 9 && l.chars().all(|c| c == '.' || ('1'..='9').contains(&c))));
    // A title of several lines stays on its `%` line.
    titled.info.title = Some("two\nlines".into());
    assert!(format::write(&titled, Format::Kennett)
        .unwrap()
        .starts_with("%two lines\n53..7....\n"));
    // Read back: the same boards and titles.
    let back = read_ok(&text, None);
    assert_eq!(back.len(), 2);
    assert_eq!(back[0].info.title.as_deref(), Some("first"));
    assert_eq!(back[1].info.title, None);
    assert!(back.iter().all(|p| p.grid == g(CLASSIC)));
    // Other sizes are refused, not written.
    let four = Puzzle::new(g("1234341221434321"));
    assert!(format::write(&four, Format::Kennett).is_err());
}

/// docs/formats.md, classic: whether a short row is padded is decided over the whole
/// grid: padded when any row shows a blank among its cells, whichever row that is; an
/// error naming line and column in a grid of `.` or `0`.
#[test]
fn classic_short_rows_padded_only_in_a_grid_of_blanks() {
    let blank_rows: Vec<String> = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap().replace('.', " "))
        .collect();
    // Editors cut trailing blanks: every row loses its end.
    let cut: Vec<String> = blank_rows
        .iter()
        .map(|r| r.trim_end().to_string())
        .collect();
    let mut text = cut.join("\n") + "\n";
    assert!(text.starts_with("53  7\n"));
    assert_eq!(one(&text, Some(Format::Classic)).grid, g(CLASSIC));
    assert_eq!(one(&text, None).grid, g(CLASSIC));
    // A first row that shows no blank at all ("5"): padded too, as later rows show blanks.
    let mut first_plain = cut.clone();
    first_plain[0] = "5".into();
    let want = g(&format!("5........{}", &CLASSIC[9..]));
    text = first_plain.join("\n") + "\n";
    assert_eq!(one(&text, Some(Format::Classic)).grid, want);
    // The same short row in a grid of dots is an error at its end, line and column.
    let mut dots: Vec<String> = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap().to_string())
        .collect();
    dots[0] = "5".into();
    let got = read(&(dots.join("\n") + "\n"), Some(Format::Classic));
    assert_eq!(got.len(), 1);
    assert_eq!(err_at(&got[0]), (1, 2));
}

#[test]
fn leptonica_2_9b_file_and_string() {
    let file = data("leptonica/sudoku.txt");
    assert_eq!(one(&file, None).grid, g(CLASSIC));
    assert_eq!(one(&file, Some(Format::Leptonica)).grid, g(CLASSIC));
    let string = data("leptonica/string.txt");
    assert_eq!(detect(&string), Some(Format::Leptonica));
    assert_eq!(one(&string, None).grid, g(CLASSIC));
    assert_eq!(
        format::leptonica::write_string(&g(CLASSIC)).unwrap(),
        string.trim_end_matches('\n')
    );
}

#[test]
fn pipe_2_9c_solves_to_the_quoted_solution() {
    let text = data("pipe/nearly_solved.txt");
    assert_eq!(detect(&text), Some(Format::Pipe));
    let p = one(&text, None);
    assert_eq!(p.grid.filled_count(), 81 - 6);
    assert_eq!(
        solution(&p.grid),
        "235689471491572863768134529159723648326841795847956312682397154574218936913465287"
    );
    assert_eq!(format::write(&p, Format::Pipe).unwrap(), text);
}

#[test]
fn comma_matrix_with_empty_fields_and_crlf() {
    let text = data("matrix/kennett_crlf.csv");
    assert_eq!(detect(&text), Some(Format::Matrix));
    assert_eq!(one(&text, None).grid, g(CLASSIC));
}

#[test]
fn matrix_samples_of_every_size() {
    for (file, side, givens) in [
        ("rkkautsar-sudoku-4-1.txt", 4, 4),
        ("rkkautsar-sudoku-16-1.txt", 16, 116),
        ("rkkautsar-sudoku-25-1.txt", 25, 253),
        ("rkkautsar-sudoku-100-1.txt", 100, 6585),
    ] {
        let text = data(&format!("matrix/{file}"));
        assert_eq!(detect(&text), Some(Format::Matrix), "{file}");
        let p = one(&text, None);
        assert_eq!(p.shape().side(), side, "{file}");
        assert_eq!(p.grid.given_count(), givens, "{file}");
    }
}

#[test]
fn small_matrices_solve() {
    for file in ["rkkautsar-sudoku-4-1.txt", "rkkautsar-sudoku-16-1.txt"] {
        let p = one(&data(&format!("matrix/{file}")), None);
        let Outcome::Unique(s) = solve::solve(&p.grid) else {
            panic!("{file}")
        };
        assert!(s.is_solution());
    }
}

#[test]
fn json_samples() {
    let text = data("json/puzzles.json");
    assert_eq!(detect(&text), Some(Format::Json));
    let all = read_ok(&text, None);
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].grid, g("1.....3..4.....2"));
    assert_eq!(all[1].grid, g(EX));
    assert_eq!(all[1].info.title.as_deref(), Some("from FORMATS.md 2.1"));
    assert_eq!(all[1].info.get("id"), Some("x1"));
    assert_eq!(all[1].line, 3);
}

#[test]
fn boxed_six_by_six() {
    let text = data("boxed/boxed_6x6.txt");
    assert_eq!(detect(&text), Some(Format::Boxed));
    let p = one(&text, None);
    assert_eq!(p.shape(), Shape::new(2, 3).unwrap());
    assert_eq!(write_line(&p.grid), "1....6..61...1..6..6..1...16..6....1");
    assert_eq!(format::write(&p, Format::Boxed).unwrap(), text);
}

#[test]
fn emerentius_block_format_reads_as_boxed() {
    let rows: Vec<String> = EX
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = std::str::from_utf8(r).unwrap();
            format!("{}|{}|{}", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    let sep = "---+---+---";
    let text = format!(
        "{}\n{sep}\n{}\n{sep}\n{}\n",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    assert_eq!(detect(&text), Some(Format::Boxed));
    assert_eq!(one(&text, None).grid, g(EX));
}

#[test]
fn box_option_picks_tall_boxes() {
    let text = "1....6..61...1..6..6..1...16..6....1\n";
    let opts = ReadOptions {
        shape: Some(Shape::new(3, 2).unwrap()),
        ..Default::default()
    };
    let p = Reader::new(text.as_bytes(), "t", opts)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(p.shape(), Shape::new(3, 2).unwrap());
}

#[test]
fn a_grid_of_another_side_than_the_box_asked_for_is_refused_in_every_format() {
    // A 9x9 read with boxes 2x3 forced: not quietly read as the 9x9 (the line format
    // refused it, the drawn and row formats did not), whatever the format.
    let p = Puzzle::new(g(EX));
    let opts = ReadOptions {
        shape: Some(Shape::new(2, 3).unwrap()),
        ..Default::default()
    };
    for &f in Format::ALL {
        let Ok(text) = format::write(&p, f) else {
            continue;
        };
        let read: Vec<_> = Reader::new(text.as_bytes(), "t", opts.clone()).collect();
        assert!(
            read.iter().all(|r| r.is_err()) && !read.is_empty(),
            "{f}: {read:?}"
        );
    }
}

#[test]
fn alphabets_of_2_8() {
    // 16x16 in 1-9A-G, in hex 0-F (with . empty), and 25x25 in A-Y.
    let std16 = format!("G{}", ".".repeat(255));
    assert_eq!(one(&std16, None).grid.value(Cell::new(0)), 16);
    let hex16 = format!("0F{}", ".".repeat(254));
    let p = one(&hex16, None);
    assert_eq!(
        (p.grid.value(Cell::new(0)), p.grid.value(Cell::new(1))),
        (1, 16)
    );
    let y25 = format!("AY{}", ".".repeat(623));
    let p = one(&y25, None);
    assert_eq!(
        (p.grid.value(Cell::new(0)), p.grid.value(Cell::new(1))),
        (1, 25)
    );
}

#[test]
fn detection_of_every_sample() {
    for (file, f) in [
        ("line/qqwing_easy_crlf.sdm", Format::Line),
        ("line/sudoku_exchange.txt", Format::Line),
        ("hodoku/library.txt", Format::Hodoku),
        ("sukaku/from_pm.txt", Format::Sukaku),
        ("sdk/state.sdk", Format::Sdk),
        ("ss/saved_game.ss", Format::Ss),
        ("opensudoku/v1.opensudoku", Format::OpenSudoku),
        ("leptonica/sudoku.txt", Format::Matrix),
        ("classic/dots.txt", Format::Sdk),
    ] {
        assert_eq!(detect(&data(file)), Some(f), "{file}");
    }
}

#[test]
fn format_names_round_trip() {
    for &f in Format::ALL {
        assert_eq!(Format::from_name(f.name()), Some(f));
        assert!(!f.description().is_empty());
    }
    assert_eq!(Format::from_name("SDM"), Some(Format::Line));
    assert_eq!(Format::from_name("nope"), None);
}

// ---------------------------------------------------------------- streaming

/// An endless source of puzzle lines: reading must not try to hold it all.
struct Endless {
    line: Vec<u8>,
    pos: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < buf.len() {
            buf[n] = self.line[self.pos];
            self.pos = (self.pos + 1) % self.line.len();
            n += 1;
        }
        Ok(n)
    }
}

#[test]
fn reading_is_streamed_record_by_record() {
    let src = BufReader::new(Endless {
        line: format!("{EX}\r\n").into_bytes(),
        pos: 0,
    });
    let mut reader = Reader::new(src, "endless", ReadOptions::default());
    let mut count = 0;
    for p in reader.by_ref().take(20_000) {
        assert!(p.is_ok());
        count += 1;
    }
    assert_eq!(count, 20_000);
    assert_eq!(reader.format(), Some(Format::Line));
    // Multi-line records too.
    let boxed = format::write_grid(&g(EX), Format::Boxed).unwrap();
    let src = BufReader::new(Endless {
        line: boxed.into_bytes(),
        pos: 0,
    });
    let got = Reader::new(src, "endless", ReadOptions::default())
        .take(500)
        .filter(|r| r.is_ok())
        .count();
    assert_eq!(got, 500);
}

#[test]
fn reader_works_over_any_bufread() {
    let cursor = std::io::Cursor::new(format!("{EX}\n{EX}\n").into_bytes());
    let lines = cursor.lines().count();
    assert_eq!(lines, 2);
}

// ---------------------------------------------------------------- round trips

const SHAPES: &[(usize, usize)] = &[
    (2, 2),
    (2, 3),
    (3, 2),
    (3, 3),
    (3, 4),
    (4, 4),
    (5, 5),
    // Boxes one cell wide: a Simple Sudoku frame then has a band line between every two
    // rows, or a bar between every two cells (see `USER_SHAPES` for the detected shape).
    (1, 4),
    (1, 9),
    (9, 1),
    (1, 12),
];

/// A random puzzle: some givens, some placed digits, and pencil marks that keep to the
/// rules (with two candidates or more where the rules allow two).
fn random_puzzle(shape: Shape, seed: u64, marks: bool) -> Puzzle {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = shape.side();
    let mut grid = Grid::empty(shape);
    let density = rng.gen_range(0.0..0.5);
    for c in Cell::all(shape) {
        if rng.gen_bool(density) {
            let d = Digit::new(rng.gen_range(1..=n));
            if rng.gen_bool(0.25) {
                grid.set(c, Some(d));
            } else {
                grid.set_given(c, d);
            }
        }
    }
    let mut p = Puzzle::new(grid);
    if marks {
        let mut m = Candidates::from_grid(&p.grid);
        for c in Cell::all(shape) {
            for d in m.get(c).iter() {
                if m.get(c).len() > 2 && rng.gen_bool(0.3) {
                    m.remove(sudoku::Candidate::new(c, d));
                }
            }
        }
        p.marks = Some(m);
    }
    p
}

/// What a format keeps of `p`: givens vs placed, marks, and for candidate grids the
/// single-digit rule of docs/formats.md applied to what was written (an independent
/// statement of the rule, as an oracle).
fn expected(p: &Puzzle, f: Format) -> (Grid, Option<Candidates>) {
    let mut grid = p.grid.clone();
    if !f.carries_placed() {
        grid.make_all_given();
    }
    let s = grid.shape();
    match f {
        Format::Pm | Format::Sukaku => {
            // Marks a peer's value rules out are left out.
            let marks = p.marks_or_rules();
            let shown = |c: Cell| match grid.get(c) {
                Some(d) => vec![d],
                None => (marks.get(c).iter())
                    .filter(|&d| !c.peers(s).any(|q| grid.get(q) == Some(d)))
                    .collect(),
            };
            let mut out_grid = grid.clone();
            let mut out = Candidates::none(s);
            for c in Cell::all(s) {
                let here = shown(c);
                let value = here.len() == 1
                    && !c.peers(s).any(|q| {
                        let there = shown(q);
                        there.len() >= 2 && there.contains(&here[0])
                    });
                if value {
                    out_grid.set_given(c, here[0]);
                } else {
                    out.set(c, here.into_iter().collect());
                }
            }
            (out_grid, Some(out))
        }
        Format::Hodoku => (grid.clone(), Some(p.marks_or_rules())),
        f if f.carries_marks() => (grid, p.marks.clone()),
        _ => (grid, None),
    }
}

/// Whether a candidate grid of `p` would read back as another puzzle (a cell with one
/// candidate as a given, a value as a candidate): such a puzzle is refused, never changed.
fn misread(p: &Puzzle, f: Format) -> bool {
    let mut values = p.grid.clone();
    values.make_all_given();
    matches!(f, Format::Pm | Format::Sukaku) && expected(p, f).0 != values
}

fn got(p: &Puzzle, f: Format) -> (Grid, Option<Candidates>) {
    match f {
        Format::Hodoku => (p.grid.clone(), Some(p.marks_or_rules())),
        _ => (p.grid.clone(), p.marks.clone()),
    }
}

fn round_trip(f: Format, shape: Shape, seed: u64) -> Result<(), TestCaseError> {
    let p = random_puzzle(shape, seed, f.carries_marks() && !seed.is_multiple_of(3));
    if !f.keeps_box_shape() && Shape::from_side(shape.side()).unwrap() != shape {
        // Boxes this format can't show: refused, never changed.
        prop_assert!(format::write(&p, f).is_err(), "{} {}", f, shape);
        return Ok(());
    }
    if misread(&p, f) {
        let why = format::write(&p, f).map(|_| ()).unwrap_err().to_string();
        prop_assert!(
            why.contains("it would read back as"),
            "{} {}: {}",
            f,
            shape,
            why
        );
        return Ok(());
    }
    let text = format::write(&p, f).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let opts = ReadOptions {
        format: Some(f),
        shape: Some(shape),
        alphabet: None,
    };
    let back: Vec<_> = Reader::new(text.as_bytes(), "rt", opts).collect();
    prop_assert_eq!(back.len(), 1, "{} {}: {}", f, shape, text);
    let q = back[0]
        .as_ref()
        .map_err(|e| TestCaseError::fail(format!("{f} {shape}: {e}\n{text}")))?;
    prop_assert_eq!(q.shape(), shape);
    prop_assert_eq!(got(q, f), expected(&p, f), "{} {}:\n{}", f, shape, text);
    if matches!(f, Format::Json | Format::Sdk) {
        prop_assert_eq!(&q.info, &p.info);
    }
    Ok(())
}

fn shapes_for(f: Format) -> Vec<Shape> {
    let max = match f {
        Format::Hodoku | Format::Classic => 9,
        Format::OpenSudoku | Format::Leptonica | Format::Kennett => return vec![Shape::NINE],
        _ => 35,
    };
    SHAPES
        .iter()
        .map(|&(r, c)| Shape::new(r, c).unwrap())
        .filter(|s| s.side() <= max)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn every_writer_round_trips(seed in any::<u64>()) {
        for &f in Format::ALL {
            for shape in shapes_for(f) {
                round_trip(f, shape, seed)?;
            }
        }
    }

    #[test]
    fn big_grids_round_trip(seed in any::<u64>(), k in 0usize..3) {
        let shape = [Shape::new(6, 6), Shape::new(6, 7), Shape::new(8, 8)][k].clone().unwrap();
        for f in [Format::Line, Format::Boxed, Format::Matrix, Format::Pipe, Format::Json] {
            round_trip(f, shape, seed)?;
        }
    }

    #[test]
    fn written_text_is_detected_back(seed in any::<u64>()) {
        for (f, detected) in [
            (Format::Line, Format::Line),
            (Format::Boxed, Format::Boxed),
            (Format::Sdk, Format::Sdk),
            (Format::Ss, Format::Ss),
            (Format::Pm, Format::Pm),
            (Format::Hodoku, Format::Hodoku),
            (Format::Sukaku, Format::Sukaku),
            (Format::OpenSudoku, Format::OpenSudoku),
            (Format::Matrix, Format::Matrix),
            (Format::Pipe, Format::Pipe),
            (Format::Json, Format::Json),
        ] {
            let p = random_puzzle(Shape::NINE, seed, f.carries_marks());
            if misread(&p, f) {
                continue;
            }
            let text = format::write(&p, f).unwrap();
            prop_assert_eq!(detect(&text), Some(detected), "{}:\n{}", f, text);
            let q = Reader::new(text.as_bytes(), "d", ReadOptions::default()).next().unwrap();
            let q = q.map_err(|e| TestCaseError::fail(format!("{f}: {e}\n{text}")))?;
            prop_assert_eq!(got(&q, f), expected(&p, f), "{}", f);
        }
    }
}

/// A random puzzle of `shape` spelled in `alphabet`, with what docs/formats.md says
/// detection needs to see: a hex grid uses `0` (digit 1) and has an empty cell; a 16x16
/// in letters shows a letter past `G`; a 25x25 in letters shows a letter past `I` (with
/// givens 1 to 9 only, `boxed` writes numbers that read back as standard digits).
fn puzzle_in(shape: Shape, alphabet: format::Alphabet, seed: u64) -> Puzzle {
    let mut p = random_puzzle(shape, seed, false);
    let n = shape.side();
    let (first, last) = (Cell::new(0), Cell::new(n * n - 1));
    p.grid.set(first, None);
    let needed = match alphabet {
        format::Alphabet::Hex => Some(Digit::new(1)),
        format::Alphabet::Letters if n == 16 => Some(Digit::new(16)),
        format::Alphabet::Letters if n == 25 => Some(Digit::new(25)),
        _ => None,
    };
    if let Some(d) = needed {
        p.grid.set(last, None);
        p.grid.set_given(last, d);
    }
    p.alphabet = Some(alphabet);
    p
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Every writer of one character a cell writes the alphabet the puzzle was read in,
    /// and reading back, auto-detected, gives the same cells in the same alphabet.
    #[test]
    fn alphabets_survive_every_character_writer(seed in any::<u64>()) {
        use format::Alphabet;
        let cases = [
            (Shape::new(4, 4).unwrap(), Alphabet::Hex),
            (Shape::new(4, 4).unwrap(), Alphabet::Letters),
            (Shape::new(4, 4).unwrap(), Alphabet::Standard),
            (Shape::new(5, 5).unwrap(), Alphabet::Letters),
        ];
        for (shape, alphabet) in cases {
            for f in [Format::Line, Format::Sdk, Format::Ss, Format::Boxed, Format::Pm, Format::Json] {
                let p = puzzle_in(shape, alphabet, seed);
                if misread(&p, f) {
                    // A cell left one candidate by the random digits: refused, never changed.
                    let why = format::write(&p, f).map(|_| ()).unwrap_err().to_string();
                    prop_assert!(why.contains("it would read back as"), "{} {:?}: {}", f, alphabet, why);
                    continue;
                }
                let text = format::write(&p, f).unwrap();
                // Boxed writes numbers in the side's usual alphabet (they read back to it).
                let numbers = f == Format::Boxed && alphabet == Alphabet::written(shape.side(), None);
                if f != Format::Json && alphabet != Alphabet::Standard && !numbers {
                    // The cells are written in the puzzle's own symbols.
                    let shown = p.grid.values().iter().find(|&&v| v > 9).copied();
                    if let Some(v) = shown {
                        let ch = alphabet.symbol(v as usize).unwrap();
                        prop_assert!(text.contains(ch), "{} {:?}: no {:?} in\n{}", f, alphabet, ch, text);
                    }
                }
                let back = format::read_str(&text, ReadOptions::default());
                prop_assert_eq!(back.len(), 1, "{} {:?}:\n{}", f, alphabet, text);
                let q = back[0]
                    .as_ref()
                    .map_err(|e| TestCaseError::fail(format!("{f} {alphabet:?}: {e}\n{text}")))?;
                prop_assert_eq!(got(q, f), expected(&p, f), "{} {:?}:\n{}", f, alphabet, text);
                // Written again, the same symbols (for the grid the format keeps).
                let kept = Puzzle { alphabet: p.alphabet, ..Puzzle::new(expected(&p, f).0) };
                prop_assert_eq!(
                    format::write(q, Format::Line).unwrap(),
                    format::write(&kept, Format::Line).unwrap(),
                    "{} {:?}", f, alphabet
                );
            }
        }
    }
}

/// A full 16x16 in hex (a solution) has no `.` to tell its alphabet by: it still reads
/// back in hex, through a line and through `.sdk` rows.
#[test]
fn a_full_hex_grid_reads_back_in_hex() {
    let shape = Shape::new(4, 4).unwrap();
    // The textbook filled grid: row r shifted by 4r + r/4.
    let mut grid = Grid::empty(shape);
    for c in Cell::all(shape) {
        let (r, k) = (c.index() / 16, c.index() % 16);
        grid.set_given(c, Digit::new((r * 4 + r / 4 + k) % 16 + 1));
    }
    assert!(grid.is_solution());
    let p = Puzzle {
        alphabet: Some(format::Alphabet::Hex),
        ..Puzzle::new(grid.clone())
    };
    for f in [Format::Line, Format::Sdk, Format::Ss] {
        let text = format::write(&p, f).unwrap();
        assert!(text.contains('0'), "{f}: {text}");
        let q = one(&text, None);
        assert_eq!(q.grid, grid, "{f}: {text}");
        assert_eq!(q.alphabet, Some(format::Alphabet::Hex), "{f}");
    }
}

/// Hex off 16x16 is refused when reading as when writing ([`format::Puzzle::respell`]):
/// it spells digit 1 as `0`, an empty cell on every other side, so a 9x9 read in it was
/// another puzzle. In every format of one character a cell, forced or named by a record.
#[test]
fn hex_is_read_at_16x16_only() {
    let hex = ReadOptions {
        alphabet: Some(format::Alphabet::Hex),
        ..ReadOptions::default()
    };
    let p = Puzzle::new(g(&CLASSIC.replace('9', "8")));
    let mut texts: Vec<String> = [Format::Line, Format::Boxed, Format::Sdk, Format::Ss]
        .iter()
        .map(|&f| format::write(&p, f).unwrap())
        .collect();
    texts.push(CLASSIC.replace(['9', '.'], "0"));
    for text in &texts {
        let got = format::read_str(text, hex.clone());
        let err = got[0].as_ref().expect_err(text);
        assert!(err.message().contains("16x16 grids only"), "{text}: {err}");
    }
    let record = format::write(&p, Format::Json).unwrap();
    let named = record.replacen('{', r#"{"alphabet": "hex", "#, 1);
    let err = format::parse_str(&named, None).expect_err(&named);
    assert!(err.message().contains("16x16 grids only"), "{named}: {err}");
    // At 16x16, as before.
    let sixteen = format!("0F{}", ".".repeat(254));
    let got = format::read_str(&sixteen, hex);
    assert_eq!(got[0].as_ref().map(|p| p.grid.given_count()).ok(), Some(2));
}

#[test]
fn info_round_trips_through_sdk_and_json() {
    let mut p = Puzzle::new(g(EX));
    p.info.author = Some("Ruud".into());
    p.info.comment = Some("two\nlines".into());
    p.info.extra.push(("hints".into(), "3".into()));
    for f in [Format::Sdk, Format::Json] {
        let text = format::write(&p, f).unwrap();
        let q = one(&text, Some(f));
        assert_eq!(q.info, p.info, "{f}");
    }
}

// ---------------------------------------------------------------- mutation smoke test

/// The body of `fuzz/fuzz_targets/parse_any.rs`, run on stable over mutated samples: no
/// panic, and what is read is written and read back in every format.
fn parse_any(data: &[u8]) {
    let reader = Reader::new(data, "fuzz", ReadOptions::default());
    for item in reader.take(16) {
        let Ok(p) = item else { continue };
        for &f in Format::ALL {
            let Ok(text) = format::write(&p, f) else {
                continue;
            };
            let opts = ReadOptions {
                format: Some(f),
                shape: Some(p.shape()),
                alphabet: None,
            };
            let q = match Reader::new(text.as_bytes(), "rt", opts).next() {
                Some(Ok(q)) => q,
                other => panic!("{f}: written text did not read back: {other:?}\n{text}"),
            };
            assert_eq!(q.shape(), p.shape(), "{f}");
            if matches!(f, Format::Pm | Format::Sukaku) {
                continue;
            }
            assert_eq!(q.grid.values(), p.grid.values(), "{f}\n{text}");
            if f.carries_placed() {
                assert_eq!(q.grid, p.grid, "{f}\n{text}");
            }
            if f == Format::Json {
                assert_eq!(q.marks, p.marks, "{f}\n{text}");
            }
        }
    }
}

#[test]
fn mutated_samples_never_panic_and_round_trip() {
    let files = [
        "line/tolerated.txt",
        "line/hodoku_values.txt",
        "sdk/state.sdk",
        "ss/saved_game.ss",
        "pm/hodoku_pm.txt",
        "hodoku/library.txt",
        "sukaku/from_pm.txt",
        "opensudoku/v2.opensudoku",
        "matrix/rkkautsar-sudoku-16-1.txt",
        "matrix/kennett_crlf.csv",
        "classic/sudoku_puzzlefile.txt",
        "leptonica/sudoku.txt",
        "pipe/nearly_solved.txt",
        "json/puzzles.json",
        "boxed/boxed_6x6.txt",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let alphabet = b"0123456789.|+-*#:,; \n\r{}[]\"<>=/xAGPYz";
    for file in files {
        let original = data(file).into_bytes();
        parse_any(&original);
        for _ in 0..150 {
            let mut m = original.clone();
            for _ in 0..rng.gen_range(1..4) {
                let i = rng.gen_range(0..m.len());
                match rng.gen_range(0..4) {
                    0 => m[i] = alphabet[rng.gen_range(0..alphabet.len())],
                    1 => {
                        m.remove(i);
                    }
                    2 => m.insert(i, alphabet[rng.gen_range(0..alphabet.len())]),
                    _ => m.truncate(i),
                }
                if m.is_empty() {
                    break;
                }
            }
            parse_any(&m);
        }
    }
}

// ------------------------------------------- auto-detected round trips, streams of puzzles

/// Every shape users meet: 4x4, 6x6 both ways, 8x8 both ways, 9x9, 12x12 both ways, 16x16,
/// 25x25.
const USER_SHAPES: &[(usize, usize)] = &[
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (3, 4),
    (4, 3),
    (4, 4),
    (5, 5),
    (1, 6),
    (6, 1),
    (1, 9),
    (9, 1),
    // Sides below 4 and prime sides, which `generate --box` makes: no usual box shape,
    // or a line too short to be told from a grid row by its length.
    (1, 2),
    (2, 1),
    (1, 3),
    (3, 1),
    (1, 5),
    (7, 1),
];

/// Why `f` may refuse a puzzle of `shape`, if it may.
fn may_refuse(f: Format, shape: Shape) -> bool {
    let usual = shape.side() >= 4 && Shape::from_side(shape.side()).ok() == Some(shape);
    let too_big = match f {
        Format::Hodoku | Format::Classic => shape.side() > 9,
        Format::OpenSudoku | Format::Leptonica | Format::Kennett => !shape.is_nine(),
        _ => false,
    };
    too_big || !usual && !f.keeps_box_shape()
}

/// Three puzzles written as one stream (as `convert` writes them) read back with nothing
/// forced: the same count and order, shape, digits, givens and marks.
fn detected_round_trip(f: Format, shape: Shape, seed: u64) -> Result<(), TestCaseError> {
    let puzzles: Vec<Puzzle> = (0..3)
        .map(|k| {
            let s = seed.wrapping_add(k);
            random_puzzle(shape, s, f.carries_marks() && !s.is_multiple_of(3))
        })
        .collect();
    let mut w = format::StreamWriter::new(f);
    let mut text = String::new();
    for p in &puzzles {
        match w.record(p) {
            Ok(t) => text += &t,
            Err(e) => {
                prop_assert!(
                    may_refuse(f, shape) || misread(p, f),
                    "{} {}: refused: {}",
                    f,
                    shape,
                    e
                );
                return Ok(());
            }
        }
    }
    prop_assert!(!may_refuse(f, shape), "{} {}: wrote\n{}", f, shape, text);
    text += &w.finish();
    let back: Vec<_> = Reader::new(text.as_bytes(), "rt", ReadOptions::default()).collect();
    prop_assert_eq!(back.len(), puzzles.len(), "{} {}:\n{}", f, shape, text);
    for (p, q) in puzzles.iter().zip(&back) {
        let q = q
            .as_ref()
            .map_err(|e| TestCaseError::fail(format!("{f} {shape}: {e}\n{text}")))?;
        prop_assert_eq!(q.shape(), shape, "{} {}:\n{}", f, shape, text);
        prop_assert_eq!(got(q, f), expected(p, f), "{} {}:\n{}", f, shape, text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn every_writer_round_trips_detected(seed in any::<u64>()) {
        for &f in Format::ALL {
            for &(r, c) in USER_SHAPES {
                detected_round_trip(f, Shape::new(r, c).unwrap(), seed)?;
            }
        }
    }
}

// ------------------------------------------------------- misreads seen, one test each

#[test]
fn ss_boxes_one_row_high_read_back_as_written() {
    // With 1xN boxes each row is one group between `|`: only the band lines tell the
    // shape (read back as 2x3 and 3x3 boxes, and so as invalid puzzles, before).
    for (r, c) in [(1, 6), (1, 9)] {
        let shape = Shape::new(r, c).unwrap();
        let mut grid = Grid::empty(shape);
        grid.set_given(Cell::all(shape).nth(1).unwrap(), Digit::new(2));
        let text = format::write_grid(&grid, Format::Ss).unwrap();
        let got = read_ok(&text, None);
        assert_eq!(got.len(), 1, "{text}");
        assert_eq!(got[0].shape(), shape, "{text}");
        assert_eq!(got[0].grid, grid);
    }
}

#[test]
fn ss_game_after_an_empty_puzzle_in_boxes_one_column_wide_is_not_its_state() {
    // With Nx1 boxes a row of values has a token a cell, like a candidate grid: a game's
    // state grid was taken for the candidates of the empty puzzle before it.
    let shape = Shape::new(6, 1).unwrap();
    let empty = Puzzle::new(Grid::empty(shape));
    let mut grid = Grid::empty(shape);
    let cells: Vec<Cell> = Cell::all(shape).collect();
    grid.set_given(cells[3], Digit::new(5));
    grid.set(cells[20], Some(Digit::new(1)));
    let game = Puzzle::new(grid);
    let mut w = format::StreamWriter::new(Format::Ss);
    let text = w.record(&empty).unwrap() + &w.record(&game).unwrap() + &w.finish();
    let got = read_ok(&text, None);
    assert_eq!(got.len(), 2, "{text}");
    assert_eq!(
        (&got[0].grid, &got[1].grid),
        (&empty.grid, &game.grid),
        "{text}"
    );
}

#[test]
fn ss_puzzle_holding_the_one_before_is_not_its_state() {
    let a = g(EX);
    let mut b = a.clone();
    let empty = Cell::all(Shape::NINE)
        .find(|&c| a.get(c).is_none())
        .unwrap();
    b.set_given(empty, Digit::new(1));
    let text = format!(
        "{}\n{}",
        format::write_grid(&a, Format::Ss).unwrap(),
        format::write_grid(&b, Format::Ss).unwrap()
    );
    let got = read_ok(&text, None);
    assert_eq!(got.len(), 2, "{text}");
    assert_eq!((got[0].grid.clone(), got[1].grid.clone()), (a, b));
}

#[test]
fn four_by_four_sukaku_is_not_an_eight_by_eight_line() {
    let p = Puzzle {
        marks: Some(Candidates::from_grid(
            &Grid::from_line("1...........2...").unwrap(),
        )),
        ..Puzzle::new(Grid::from_line("1...........2...").unwrap())
    };
    let text = format::write(&p, Format::Sukaku).unwrap();
    assert_eq!(text.len(), 64);
    let q = one(&text, None);
    assert_eq!(q.shape(), Shape::new(2, 2).unwrap(), "{text}");
}

#[test]
fn six_by_six_in_3x2_boxes_reads_back_in_3x2() {
    let shape = Shape::new(3, 2).unwrap();
    let grid = Grid::from_values(
        shape,
        &[
            1, 2, 0, 0, 0, 0, //
            0, 0, 0, 0, 0, 0, //
            0, 0, 0, 0, 0, 0, //
            2, 1, 0, 0, 0, 0, //
            0, 0, 0, 0, 0, 0, //
            0, 0, 0, 0, 0, 0,
        ],
    )
    .unwrap();
    for f in [
        Format::Boxed,
        Format::Ss,
        Format::Pm,
        Format::Line,
        Format::Json,
    ] {
        let text = format::write_grid(&grid, f).unwrap();
        let q = one(&text, None);
        assert_eq!(q.shape(), shape, "{f}:\n{text}");
    }
    for f in [Format::Classic, Format::Sdk, Format::Matrix, Format::Sukaku] {
        let e = format::write_grid(&grid, f).unwrap_err();
        assert!(e.to_string().contains("3x2"), "{f}: {e}");
    }
}

#[test]
fn big_grids_one_row_a_line_are_detected() {
    for (r, c) in [(3, 4), (4, 4), (5, 5)] {
        let shape = Shape::new(r, c).unwrap();
        let mut grid = Grid::empty(shape);
        for (i, cell) in Cell::all(shape).enumerate().step_by(7) {
            grid.set_given(cell, Digit::new(i % shape.side() + 1));
        }
        let text = format::write_grid(&grid, Format::Sdk).unwrap();
        assert_eq!(detect(&text), Some(Format::Sdk), "{text}");
        assert_eq!(one(&text, None).grid, grid, "{text}");
    }
}

#[test]
fn a_bad_character_names_the_alphabets_own_symbols() {
    // Letters for 9x9 are A-I: the message said "1-I".
    let line = format!("ABC{}9", ".".repeat(77));
    let opts = ReadOptions {
        alphabet: Some(sudoku::format::Alphabet::Letters),
        ..ReadOptions::default()
    };
    let err = sudoku::format::read_str(&line, opts).remove(0).unwrap_err();
    assert!(
        err.to_string()
            .contains("expected a digit A-I or . for empty"),
        "{err}"
    );
}

#[test]
fn a_box_note_is_read_in_any_case_and_a_broken_one_is_an_error() {
    // `# BOX 3x2` is the note `# box 3x2`; `# box 0x6` left the usual 2x3 boxes (another
    // puzzle) without a word; `# box of six` is a comment.
    let cells = ".....326.....1..2.4..63.....51..41..";
    let shape_of = |note: &str| {
        let p = read(&format!("{cells} # {note}\n"), None)
            .remove(0)
            .unwrap();
        (p.shape().box_rows(), p.shape().box_cols())
    };
    assert_eq!(shape_of("BOX 3x2"), (3, 2));
    assert_eq!(shape_of("box 3x2"), (3, 2));
    assert_eq!(shape_of("box of six"), (2, 3));
    let err = read(&format!("{cells} # box 0x6\n"), None)
        .remove(0)
        .unwrap_err();
    assert_eq!(err_at(&Err(err.clone())), (1, 38));
    assert!(err.to_string().contains("the note `# box 0x6`"), "{err}");
}

/// `refusal` answers boxed, line and JSON without writing: it says what writing an empty grid
/// says, on every format, for shapes from 2x2 to 400x400 (tall boxes, primes, past 35).
#[test]
fn a_formats_refusal_is_what_writing_says() {
    let shapes = [
        (1, 2),
        (2, 1),
        (1, 5),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (4, 2),
        (3, 4),
        (4, 4),
        (1, 13),
        (5, 5),
        (6, 6),
        (5, 8),
        (7, 7),
        (20, 20),
    ];
    let mut refused = 0;
    for (r, c) in shapes {
        let shape = Shape::new(r, c).unwrap();
        for &f in Format::ALL {
            let written = format::write_grid(&Grid::empty(shape), f).err();
            let said = format::refusal(shape, f);
            assert_eq!(
                said.as_ref().map(ToString::to_string),
                written.as_ref().map(ToString::to_string),
                "{f:?} {shape}"
            );
            refused += usize::from(said.is_some());
        }
    }
    assert!(
        refused > 20,
        "only {refused} refusals: the shapes test too little"
    );
}
