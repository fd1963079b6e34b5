//! Reading errors against docs/formats.md: exact lines and columns, a bad record in a
//! stream that reading goes on past, and odd input that never panics.

use sudoku::format::{self, Format, ParseErrorKind};

use crate::common::formats::*;

#[test]
fn short_line_is_an_error_at_its_end_and_reading_goes_on() {
    let text = format!("{EX}\n2..1.5..3\n\n{EX}\n");
    let all = read(&text, None);
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok());
    assert_eq!(err_at(&all[1]), (2, 10));
    let e = all[1].as_ref().unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::Length { found: 9, .. }));
    assert_eq!(e.to_string().split(": ").next(), Some("t:2:10"));
    assert!(all[2].is_ok());
    assert_eq!(all[2].as_ref().unwrap().line, 4);
}

#[test]
fn bad_character_is_located() {
    let bad = format!("  {}z{}", &EX[..40], &EX[41..]);
    let all = read(&format!("{EX}\n{bad}\n{EX}\n"), None);
    assert_eq!(err_at(&all[1]), (2, 43));
    assert!(matches!(
        all[1].as_ref().unwrap_err().kind,
        ParseErrorKind::BadChar { ch: 'z', .. }
    ));
    assert!(all[0].is_ok() && all[2].is_ok());
}

#[test]
fn a_wide_character_in_a_framed_row_of_runs_is_located_in_characters() {
    // Rows of runs (`|12|34|`) are read a character a cell; a cell of two bytes is one
    // character, at its column, and the cells after it keep theirs.
    let text = "+--+--+\n|12|34|\n|34|12|\n+--+--+\n|2\u{e9}|43|\n|43|2x|\n+--+--+\n";
    let all = read(text, None);
    assert_eq!(err_at(&all[0]), (5, 3));
    assert!(all[0].as_ref().unwrap_err().to_string().contains('\u{e9}'));
    let text = text.replace('\u{e9}', "1");
    assert_eq!(err_at(&read(&text, None)[0]), (6, 6));
}

#[test]
fn a_bad_number_in_a_matrix_row_is_located_in_characters() {
    // Columns count characters, also past a wide space (three bytes) between numbers.
    let text = "1 2 3 4\n3 4 1 2\n2\u{3000}1 4 y\n4 3 2 1\n";
    let all = read(text, Some(Format::Matrix));
    assert_eq!(err_at(&all[0]), (3, 7));
    assert!(matches!(
        all[0].as_ref().unwrap_err().kind,
        ParseErrorKind::BadChar { ch: 'y', .. }
    ));
}

#[test]
fn a_digit_too_large_for_the_grid_is_an_error() {
    let all = read("1234341221434325\n", None);
    assert_eq!(err_at(&all[0]), (1, 16));
}

#[test]
fn sdk_stream_with_a_bad_record_in_the_middle() {
    let rows = |s: &str| {
        s.as_bytes()
            .chunks(9)
            .map(|c| std::str::from_utf8(c).unwrap().to_string() + "\n")
            .collect::<String>()
    };
    let mut bad = rows(EX);
    bad = bad.replacen(".54...71.\n", ".54...71\n", 1);
    let text = format!(
        "#Afirst\n{}\n#Asecond\n{bad}\n#Athird\n{}",
        rows(EX),
        rows(CLASSIC)
    );
    let all = read(&text, Some(Format::Sdk));
    assert_eq!(all.len(), 3);
    assert_eq!(
        all[0].as_ref().unwrap().info.author.as_deref(),
        Some("first")
    );
    assert_eq!(err_at(&all[1]), (14, 9));
    assert_eq!(all[2].as_ref().unwrap().grid, g(CLASSIC));
    assert_eq!(
        all[2].as_ref().unwrap().info.author.as_deref(),
        Some("third")
    );
}

#[test]
fn a_typo_in_the_first_row_is_named_there_and_the_next_grid_is_read() {
    // Detection looked at the first row only: one cell missing there made the file a list
    // of one-line puzzles, each line an error, then "no puzzle found".
    let rows = |s: &str| {
        s.as_bytes()
            .chunks(9)
            .map(|c| std::str::from_utf8(c).unwrap().to_string() + "\n")
            .collect::<String>()
    };
    let good = rows(EX);
    let first = good.lines().next().unwrap();
    for typo in [&first[..8], &first[1..]] {
        let bad = good.replacen(first, typo, 1);
        let all = read(&format!("{bad}\n{good}"), None);
        assert_eq!(all.len(), 2, "{typo}");
        assert_eq!(err_at(&all[0]), (1, 9));
        let e = all[0].as_ref().unwrap_err();
        assert!(
            matches!(e.kind, ParseErrorKind::Length { found: 8, .. }),
            "{e}"
        );
        assert!(e.to_string().contains("9 cells in this row"), "{e}");
        assert_eq!(all[1].as_ref().unwrap().grid, g(EX));
    }
}

#[test]
fn classic_short_row_is_an_error_with_line_and_col() {
    let text = data("classic/dots.txt").replacen("8...6...3\n", "8...6..\n", 1);
    let text = format!("{text}{}", data("classic/dots.txt"));
    let all = read(&text, Some(Format::Classic));
    assert_eq!(all.len(), 2);
    assert_eq!(err_at(&all[0]), (4, 8));
    assert_eq!(all[1].as_ref().unwrap().grid, g(CLASSIC));
}

#[test]
fn matrix_stream_with_a_bad_record_in_the_middle() {
    let good = "0 2 0 1\n0 0 0 0\n0 0 0 0\n4 0 2 0\n";
    let bad = "0 2 0 1\n0 0 x 0\n0 0 0\n4 0 2 0\n";
    let text = format!("{good}\n{bad}\n{good}");
    let all = read(&text, None);
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok());
    assert_eq!(err_at(&all[1]), (7, 5));
    assert!(all[2].is_ok());
    let short = read("1 2 3 4\n3 4 1 2\n2 1 4\n4 3 2 1\n", None);
    assert_eq!(err_at(&short[0]), (3, 6));
    let range = read("1 2 3 4\n3 4 1 2\n2 1 4 9\n4 3 2 1\n", None);
    assert_eq!(err_at(&range[0]), (3, 7));
}

#[test]
fn boxed_stream_with_a_bad_record_in_the_middle() {
    let good = format::write_grid(&g(EX), Format::Boxed).unwrap();
    let bad = good.replacen("| 2 . . |", "| 2 . ? |", 1);
    let text = format!("{good}{bad}{good}");
    let all = read(&text, None);
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok() && all[2].is_ok());
    assert_eq!(err_at(&all[1]), (15, 7));
}

#[test]
fn json_stream_with_a_bad_record_in_the_middle() {
    let text = "{\"grid\":[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2]]}\n{\"grid\":[[1,0,0],[0,0,3,0]]}\n  {\"grid\": [[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2]] x}\n{\"grid\":\"1.....3..4.....2\"}\n";
    let all = read(text, None);
    assert_eq!(all.len(), 4);
    assert!(all[0].is_ok());
    // At the key of the field that is wrong, not the record's `{`.
    assert_eq!(err_at(&all[1]), (2, 2));
    assert_eq!(err_at(&all[2]).0, 3);
    assert!(err_at(&all[2]).1 > 3);
    assert_eq!(all[3].as_ref().unwrap().grid, g("1.....3..4.....2"));
}

#[test]
fn json_record_whose_puzzle_and_grid_disagree_is_refused() {
    // `generate --json` writes both; an edit to one of them is a different puzzle.
    let rows = "[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2]]";
    let same = format!("{{\"puzzle\":\"1.....3..4.....2\",\"grid\":{rows}}}\n");
    let edited = format!("{{\"puzzle\":\"1.....3..4....12\",\"grid\":{rows}}}\n");
    let all = read(&(same + &edited), None);
    assert_eq!(all[0].as_ref().unwrap().grid, g("1.....3..4.....2"));
    let e = all[1].as_ref().unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message().contains("differ at r4c3"), "{}", e.message());
}

#[test]
fn sukaku_bad_char_is_located() {
    let text = data("sukaku/from_pm.txt").replacen(".2.", ".3.", 1);
    let all = read(&text, Some(Format::Sukaku));
    assert_eq!(err_at(&all[0]), (1, 2));
}

#[test]
fn hodoku_bad_deleted_candidate_is_located() {
    let text = data("hodoku/library.txt").replace("612 712", "612 7x2");
    let all = read(&text, None);
    // `:0000:x:` (8), 81 cells and one `+` (cols 9-90), `:`, then `612 7x2` from col 92.
    assert_eq!(err_at(&all[0]), (1, 96));
}

#[test]
fn opensudoku_bad_data_is_an_error_not_a_skip() {
    let text = "<opensudoku><game data=\"37900001406001007008000900543500700009004002000080043690070008004008005085000024x\"/></opensudoku>";
    let all = read(text, None);
    assert_eq!(all.len(), 1);
    let e = all[0].as_ref().unwrap_err();
    assert!(!e.is_skip());
    assert_eq!((e.line, e.col), (1, 13));
}

#[test]
fn never_panics_on_odd_input() {
    for text in [
        "",
        "\n\n",
        "#only\n",
        "|",
        "+--+",
        "{",
        "[",
        "<",
        ":::::::",
        "1 2\n3",
        "\u{feff}1",
        "%\n",
        "\r\n\r",
    ] {
        for &f in Format::ALL {
            let _ = read(text, Some(f));
        }
        let _ = read(text, None);
    }
}

#[test]
fn a_bad_number_in_a_json_record_names_its_field_and_cell() {
    use sudoku::format::{json::from_value, ReadOptions};
    let rows = "[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2]]";
    let bad = [
        (
            "{\"grid\":[[1,0,0,0],[0,0,3,0],[0,4,0,7],[0,0,0,2]]}".to_string(),
            "\"grid\" r3c4: 7 is out of range 0..=4",
        ),
        (
            format!("{{\"grid\":{rows},\"givens\":[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,\"x\",2]]}}"),
            "\"givens\": \"x\" is not a number",
        ),
        (
            format!("{{\"grid\":{rows},\"marks\":[[[]],[[],[],[],[]],[],[]]}}"),
            "\"marks\" row 1 has 1 cells, expected 4",
        ),
        (
            format!("{{\"grid\":{rows},\"solution\":[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,-2,1]]}}"),
            "\"solution\" r4c3: -2 is out of range 0..=4",
        ),
        (
            format!("{{\"grid\":{rows},\"solutions\":[{rows},[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,true]]]}}"),
            "\"solutions\" 2 r4c4: true is not a number",
        ),
    ];
    for (text, said) in bad {
        let v = serde_json::from_str(&text).unwrap();
        let why = from_value(&v, &ReadOptions::default()).unwrap_err();
        assert_eq!(why, said, "{text}");
    }
}

#[test]
fn a_json_records_solutions_are_kept_as_a_banks_column() {
    use sudoku::format::{json::from_value, ReadOptions};
    let text = "{\"grid\":[[1,0,0,0],[0,0,3,0],[0,4,0,0],[0,0,0,2]],\
        \"solution\":[[1,3,2,4],[4,2,3,1],[2,4,1,3],[3,1,4,2]],\
        \"solutions\":[[[1,3,2,4],[4,2,3,1],[2,4,1,3],[3,1,4,2]],[[1,2,4,3],[4,3,2,1],[2,4,1,3],[3,1,4,2]]]}";
    let v = serde_json::from_str(text).unwrap();
    let p = from_value(&v, &ReadOptions::default()).unwrap();
    let first = "1 3 2 4 4 2 3 1 2 4 1 3 3 1 4 2";
    assert_eq!(p.info.get("solution"), Some(first));
    let both = format!("{first}; 1 2 4 3 4 3 2 1 2 4 1 3 3 1 4 2");
    assert_eq!(p.info.get("solutions"), Some(both.as_str()));
    // (The second is no solution of these givens: reading keeps what it is given; `check`
    // is what judges it.) A string solution, as `generate --with-solution` writes it, is
    // kept the same way.
    let text = "{\"puzzle\":\"1.....3..4.....2\",\"solution\":\"1324423124133142\"}";
    let v = serde_json::from_str(text).unwrap();
    let p = from_value(&v, &ReadOptions::default()).unwrap();
    assert_eq!(p.info.get("solution"), Some(first));
}
