//! `format::parse_line_record`, the per-line parse of line-based files on its own: it
//! must give what a `Reader` gives for every line of such a file (puzzles and errors).

use sudoku::format::{self, ReadOptions, Reader};

fn check_file(path: &str, opts: ReadOptions) -> usize {
    let text = std::fs::read_to_string(format!(
        "{}/../../testdata/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    let read: Vec<_> = Reader::new(text.as_bytes(), "", opts.clone()).collect();
    assert_eq!(read.len(), lines.len(), "{path}: one record a line");
    for ((no, line), by_reader) in lines.iter().zip(&read) {
        let alone = format::parse_line_record(line, &opts);
        match (by_reader, &alone) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a.grid, b.grid, "{path}:{}", no + 1);
                assert_eq!(a.marks, b.marks, "{path}:{}", no + 1);
                assert_eq!(a.alphabet, b.alphabet, "{path}:{}", no + 1);
            }
            (Err(a), Err(b)) => {
                // The same error, the reader's on its line of the file.
                assert_eq!(
                    (a.col, a.message()),
                    (b.col, b.message()),
                    "{path}:{}",
                    no + 1
                );
                assert_eq!((a.line, b.line), (no + 1, 1));
            }
            _ => panic!("{path}:{}: reader {by_reader:?}, alone {alone:?}", no + 1),
        }
    }
    read.len()
}

#[test]
fn agrees_with_the_reader_on_line_based_files() {
    let mut n = 0;
    for path in [
        "formats/line/tolerated.txt",
        "formats/line/sudoku_exchange.txt",
        "formats/line/hodoku_values.txt",
        "formats/line/hardest_database_csv.txt",
        "formats/hodoku/library.txt",
        "puzzles/17clue-200.txt",
        "cli/sixteen.txt",
        "cli/twentyfive.txt",
    ] {
        n += check_file(path, ReadOptions::default());
    }
    assert!(n > 100, "{n} lines checked");
}

#[test]
fn forced_shape_and_errors() {
    let six = ".".repeat(36);
    let opts = ReadOptions {
        shape: Some(sudoku::Shape::new(3, 2).unwrap()),
        ..ReadOptions::default()
    };
    let p = format::parse_line_record(&six, &opts).unwrap();
    assert_eq!(p.shape(), sudoku::Shape::new(3, 2).unwrap());
    let err = format::parse_line_record("12", &ReadOptions::default()).unwrap_err();
    assert_eq!((err.line, err.col), (1, 3));
}
