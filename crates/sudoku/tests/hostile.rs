//! Hostile input through the readers: reading is linear in the input (counted by
//! `Reader::work`, bytes read and scanned, not timed), lines and records past the limits are
//! refused before they are buffered, and nesting is capped. Each probe of issue 21 is here.

use std::io::{BufReader, Read};
use sudoku::format::{Format, ReadOptions, Reader, MAX_LINE_BYTES};

/// 81 cells, one given.
const DATA: &str =
    "500000000000000000000000000000000000000000000000000000000000000000000000000000000";

fn grid_json() -> String {
    let mut rows = vec![vec![0; 9]; 9];
    rows[0][0] = 5;
    let rows: Vec<String> = rows
        .iter()
        .map(|r| {
            format!(
                "[{}]",
                r.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// Reads everything; returns (puzzles read, errors, work).
fn read_all(text: &str, format: Option<Format>) -> (usize, Vec<String>, u64) {
    let opts = ReadOptions {
        format,
        ..Default::default()
    };
    let mut reader = Reader::new(text.as_bytes(), "t", opts);
    let (mut ok, mut errs) = (0, Vec::new());
    for item in reader.by_ref() {
        match item {
            Ok(_) => ok += 1,
            Err(e) => errs.push(e.to_string()),
        }
    }
    (ok, errs, reader.work())
}

/// Builds the input at sizes 1, 4 and 16 and checks that the work grows in proportion to
/// the input's size (a quadratic reader would do 16 times more per byte at 16x), and that
/// every size reads `expect(k)` puzzles without error.
fn assert_linear(name: &str, make: impl Fn(usize) -> String, expect: impl Fn(usize) -> usize) {
    let mut per_byte = Vec::new();
    for k in [1, 4, 16] {
        let text = make(k);
        let (ok, errs, work) = read_all(&text, None);
        assert!(errs.is_empty(), "{name} x{k}: {errs:?}");
        assert_eq!(ok, expect(k), "{name} x{k}: puzzles read");
        assert!(work >= text.len() as u64, "{name} x{k}: every byte is read");
        per_byte.push(work as f64 / text.len() as f64);
    }
    // Linear: the work per byte stays put (within a quarter) from 1x to 16x.
    assert!(
        per_byte[2] <= per_byte[0] * 1.25 && per_byte[1] <= per_byte[0] * 1.25,
        "{name}: work per byte grows with the input: {per_byte:?}"
    );
    // And no byte is looked at more than a few times.
    assert!(per_byte[2] < 4.0, "{name}: {per_byte:?} reads per byte");
}

#[test]
fn json_object_spread_over_lines_is_linear() {
    assert_linear(
        "json over lines",
        |k| {
            let mut s = String::from("{\"size\":9,\"box\":[3,3],\n");
            for _ in 0..1000 * k {
                s += "   \n";
            }
            s += &format!("\"grid\":{}\n}}\n", grid_json());
            s
        },
        |_| 1,
    );
}

#[test]
fn one_line_json_array_is_linear() {
    assert_linear(
        "json array",
        |k| {
            let obj = format!("{{\"size\":9,\"box\":[3,3],\"grid\":{}}}", grid_json());
            format!("[{}]\n", vec![obj; 200 * k].join(","))
        },
        |k| 200 * k,
    );
}

#[test]
fn opensudoku_comment_over_lines_is_linear() {
    assert_linear(
        "opensudoku comment",
        |k| {
            let mut s = String::from("<?xml version=\"1.0\"?>\n<opensudoku>\n<!--\n");
            for _ in 0..1000 * k {
                s += "a comment line\n";
            }
            s += &format!("-->\n<game data=\"{DATA}\"/>\n</opensudoku>\n");
            s
        },
        |_| 1,
    );
}

#[test]
fn opensudoku_tag_over_lines_is_linear() {
    assert_linear(
        "opensudoku tag",
        |k| {
            let mut s = String::from("<opensudoku>\n<game\n");
            for i in 0..1000 * k {
                s += &format!("  a{i}=\"x\"\n");
            }
            s += &format!("  data=\"{DATA}\"/>\n</opensudoku>\n");
            s
        },
        |_| 1,
    );
}

#[test]
fn opensudoku_many_tags_on_one_line_is_linear() {
    assert_linear(
        "opensudoku one line",
        |k| {
            let games = format!("<game data=\"{DATA}\"/>").repeat(100 * k);
            let tags = "<b></b>".repeat(2000 * k);
            format!("<opensudoku><folder name=\"f\">{tags}{games}</folder></opensudoku>\n")
        },
        |k| 100 * k,
    );
}

#[test]
fn line_based_and_multi_line_formats_are_linear() {
    let line = format!("{DATA}\n");
    assert_linear("line", |k| line.repeat(500 * k), |k| 500 * k);
    let sdk = "5........\n".to_string() + &".........\n".repeat(8) + "\n";
    assert_linear("sdk", |k| sdk.repeat(50 * k), |k| 50 * k);
    let matrix = "1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n".to_string();
    assert_linear("matrix", |k| matrix.repeat(100 * k), |k| 100 * k);
    let boxed = "+-----+-----+\n| 1 . | . . |\n| . . | . . |\n+-----+-----+\n| . . | . . |\n| . . | . 2 |\n+-----+-----+\n\n";
    assert_linear("boxed", |k| boxed.repeat(100 * k), |k| 100 * k);
}

#[test]
fn a_line_past_the_limit_is_refused_and_ends_the_input() {
    // Endless input without a line break (`sudoku solve /dev/zero`): refused once the
    // limit is buffered, and reading stops.
    let endless = BufReader::new(std::io::repeat(b'0'));
    let mut reader = Reader::new(endless, "zero", ReadOptions::default());
    let first = reader.next().expect("an error, not nothing");
    let err = first.expect_err("no puzzle in endless zeros");
    assert_eq!((err.line, err.col), (1, 0));
    assert!(err.message().contains("longer than 16 MiB"), "{err}");
    assert!(
        reader.next().is_none(),
        "reading stops after an over-long line"
    );
    // It was refused with the limit read, not much more.
    assert!(
        reader.work() <= MAX_LINE_BYTES as u64 + (1 << 16),
        "{}",
        reader.work()
    );
}

#[test]
fn a_line_at_the_limit_is_read_and_the_next_one_too() {
    // A long comment after the cells: within the limit, so read.
    let mut text = format!("{DATA} ");
    text += &"x".repeat(MAX_LINE_BYTES - text.len());
    text += &format!("\n{DATA}\n");
    let (ok, errs, _) = read_all(&text, Some(Format::Line));
    assert_eq!((ok, errs.len()), (2, 0), "{errs:?}");
    // One byte more is refused.
    let mut text = format!("{DATA} ");
    text += &"x".repeat(MAX_LINE_BYTES + 1 - text.len());
    text += &format!("\n{DATA}\n");
    let (ok, errs, _) = read_all(&text, Some(Format::Line));
    assert_eq!(ok, 0);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with("t:1: line longer than 16 MiB"),
        "{errs:?}"
    );
}

#[test]
fn a_json_record_past_the_limit_is_refused_and_reading_goes_on() {
    // 17 MiB of lines inside one object, then a good object.
    let mut s = String::from("{\"grid\":\n");
    let filler = " ".repeat(1023) + "\n";
    s += &filler.repeat(17 * 1024);
    s += "[]}\n";
    s += &format!("{{\"size\":9,\"box\":[3,3],\"grid\":{}}}\n", grid_json());
    let (ok, errs, _) = read_all(&s, None);
    assert_eq!(ok, 1, "the object after the long one is read");
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with("t:1: JSON object longer than 16 MiB"),
        "{errs:?}"
    );
}

#[test]
fn an_xml_tag_past_the_limit_is_refused_and_reading_goes_on() {
    let mut s = String::from("<opensudoku>\n<game note=\"\n");
    let filler = "x".repeat(1023) + "\n";
    s += &filler.repeat(17 * 1024);
    s += "\" data=\"0\"/>\n";
    s += &format!("<game data=\"{DATA}\"/>\n</opensudoku>\n");
    let (ok, errs, _) = read_all(&s, None);
    assert_eq!(ok, 1);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].starts_with("t:2: XML tag longer than 16 MiB"),
        "{errs:?}"
    );
}

#[test]
fn json_nesting_is_capped() {
    let deep = format!("{{\"grid\":{}0{}}}\n", "[".repeat(40), "]".repeat(40));
    let ok = format!("{{\"size\":9,\"box\":[3,3],\"grid\":{}}}\n", grid_json());
    let (n, errs, _) = read_all(&(deep + &ok), None);
    assert_eq!(n, 1);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].contains("nested 41 levels deep"), "{errs:?}");
    // 200k levels (serde_json would refuse at 128, we do at 32), still one error.
    let deeper = format!("{{\"grid\":{}\n", "[".repeat(200_000));
    let (n, errs, _) = read_all(&deeper, Some(Format::Json));
    assert_eq!((n, errs.len()), (0, 1), "{errs:?}");
    // Arrays around the records count too: the same limit, not a bare grid of side 1,
    // and the record on the next line is read.
    for depth in [40, 50_000] {
        let around = format!("{}1{}\n", "[".repeat(depth), "]".repeat(depth));
        let (n, errs, _) = read_all(&(around + &ok), None);
        assert_eq!(n, 1, "{errs:?}");
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(
            errs[0].contains("t:1:33: JSON nested more than 32"),
            "{errs:?}"
        );
    }
}

#[test]
fn a_bare_json_grid_of_endless_rows_is_one_bounded_error() {
    // `(echo '['; yes '[1,2,3,4],')` gathered rows without end; now the grid is refused
    // past 400 rows, its other rows passed over, and the record after it is read.
    let rows = "[1,2,3,4],\n".repeat(100_000);
    let ok = format!("{{\"size\":9,\"box\":[3,3],\"grid\":{}}}\n", grid_json());
    let (n, errs, work) = read_all(&format!("[\n{rows}]\n{ok}"), None);
    assert_eq!(n, 1, "{errs:?}");
    assert!(
        errs[0].starts_with("t:2:1: a bare grid of 401 rows"),
        "{errs:?}"
    );
    // Refused again every 400 rows passed over, so an endless one is never silent.
    assert_eq!(errs.len(), 1 + (100_000 - 401) / 400, "{}", errs.len());
    assert!(
        errs[1..]
            .iter()
            .all(|e| e.contains("400 more of its rows passed over")),
        "{:?}",
        &errs[..2]
    );
    assert!(
        work < 10 * rows.len() as u64,
        "{work} work for {} bytes",
        rows.len()
    );
}

#[test]
fn a_matrix_wider_than_the_largest_grid_says_so() {
    // 441 numbers a row is a 21x21 grid on one line, or a row of a 441x441 matrix: the
    // numbers past 21 say which, and the error names the side past the largest.
    let row: Vec<String> = (1..=441).map(|v| v.to_string()).collect();
    let text = format!("{}\n", row.join(" ")).repeat(5);
    let (n, errs, _) = read_all(&text, None);
    assert_eq!(n, 0);
    assert!(!errs.is_empty());
    assert!(
        errs[0].contains("as a row of a 441x441 grid it is past the largest grid, 400x400"),
        "{errs:?}"
    );
}

#[test]
fn xml_nesting_is_capped_and_told_once() {
    // The probe: 200k nested tags on one line, then a game.
    let s = format!(
        "<opensudoku>{}<game data=\"{DATA}\"/>\n",
        "<a>".repeat(200_000)
    );
    let (ok, errs, work) = read_all(&s, None);
    assert_eq!(ok, 0, "a game that deep is not read");
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].contains("nested more than 32 elements deep"),
        "{errs:?}"
    );
    assert!(work < 3 * s.len() as u64, "{work} for {} bytes", s.len());
    // Shallow documents with many closed elements are fine.
    let s = format!(
        "<opensudoku>{}<folder name=\"x\"><game data=\"{DATA}\"/></folder></opensudoku>\n",
        "<a></a>".repeat(1000)
    );
    let (ok, errs, _) = read_all(&s, None);
    assert_eq!((ok, errs.len()), (1, 0), "{errs:?}");
}

#[test]
fn a_framed_grid_of_too_many_rows_is_refused_without_keeping_them() {
    let mut s = String::from("+---+\n");
    s += &"| 1 |\n".repeat(100_000);
    s += "+---+\n";
    let (ok, errs, _) = read_all(&s, Some(Format::Boxed));
    assert_eq!(ok, 0);
    // Refused as soon as it passes 400 rows (an endless one was read to its end in
    // silence), the 400 after it passed over, and so on: an error every 800 rows at most.
    assert!(
        errs[0].starts_with("t:1: a grid of 401 rows"),
        "{:?}",
        &errs[..2]
    );
    assert!(errs.len() <= 100_000 / 800 + 1, "{} errors", errs.len());
    assert!(
        errs.iter().all(|e| e.contains("past the largest grid")),
        "{errs:?}"
    );
    // The grid after it is read.
    let four = "+-----+-----+\n| 1 . | . . |\n| . . | . . |\n+-----+-----+\n| . . | . . |\n| . . | . 2 |\n+-----+-----+\n";
    let (ok, errs_after, _) = read_all(&format!("{s}\n{four}"), Some(Format::Boxed));
    assert_eq!((ok, errs_after.len()), (1, errs.len()), "{errs_after:?}");
}

#[test]
fn a_matrix_row_of_millions_of_numbers_is_refused() {
    let s = "0 ".repeat(1_000_000) + "\n";
    let (ok, errs, _) = read_all(&s, Some(Format::Matrix));
    assert_eq!((ok, errs.len()), (0, 1), "{errs:?}");
    assert!(errs[0].contains("no grid is that wide"), "{errs:?}");
}

#[test]
fn readers_take_a_stream_in_small_reads() {
    // A pipe or a device hands out a few bytes at a time: same records as from memory.
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(3);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let text = format!("{DATA}\r\n{DATA}\n{DATA}");
    let reader = Reader::new(
        BufReader::with_capacity(4, Trickle(text.as_bytes())),
        "pipe",
        ReadOptions::default(),
    );
    let got: Vec<_> = reader.collect();
    assert_eq!(got.len(), 3);
    assert!(got.iter().all(|r| r.is_ok()), "{got:?}");
}

/// Every format's sample file, repeated 1, 4 and 16 times and read with the format forced:
/// k times the records and errors of one copy, and the same work per byte.
#[test]
fn every_format_reads_its_samples_linearly() {
    macro_rules! sample {
        ($f:expr, $path:literal) => {
            (
                $f,
                $path,
                include_str!(concat!("../../../testdata/formats/", $path)),
            )
        };
    }
    let samples = [
        sample!(Format::Line, "line/tolerated.txt"),
        sample!(Format::Boxed, "boxed/boxed_6x6.txt"),
        sample!(Format::Sdk, "sdk/state.sdk"),
        sample!(Format::Ss, "ss/saved_game.ss"),
        sample!(Format::Pm, "pm/hodoku_pm.txt"),
        sample!(Format::Hodoku, "hodoku/library.txt"),
        sample!(Format::Sukaku, "sukaku/from_pm.txt"),
        sample!(Format::OpenSudoku, "opensudoku/v2.opensudoku"),
        sample!(Format::Matrix, "matrix/rkkautsar-sudoku-25-1.txt"),
        sample!(Format::Classic, "classic/dots.txt"),
        sample!(Format::Kennett, "kennett/compact.txt"),
        sample!(Format::Leptonica, "leptonica/sudoku.txt"),
        sample!(Format::Pipe, "pipe/nearly_solved.txt"),
        sample!(Format::Json, "json/puzzles.json"),
    ];
    assert_eq!(samples.len(), Format::ALL.len(), "one sample a format");
    for (format, path, text) in samples {
        let copy = format!("{}\n\n", text.trim_end());
        let (ok1, errs1, _) = read_all(&copy, Some(format));
        assert!(ok1 > 0, "{path}: nothing read: {errs1:?}");
        let mut per_byte = Vec::new();
        for k in [1, 4, 16] {
            let input = copy.repeat(k);
            let (ok, errs, work) = read_all(&input, Some(format));
            assert_eq!((ok, errs.len()), (k * ok1, k * errs1.len()), "{path} x{k}");
            per_byte.push(work as f64 / input.len() as f64);
        }
        assert!(
            per_byte[2] <= per_byte[0] * 1.25 && per_byte[2] < 4.0,
            "{path}: work per byte {per_byte:?}"
        );
    }
}

#[test]
fn long_lines_are_parsed_as_they_are_read_not_left_in_flight() {
    use sudoku::format::Record;
    let long = format!("{DATA} {}\n", "x".repeat(100_000));
    let text = format!("{DATA}\n{long}");
    let mut reader = Reader::new(text.as_bytes(), "t", ReadOptions::default());
    assert!(matches!(reader.next_record(), Some(Record::Line(_))));
    let second = reader.next_record().expect("two records");
    assert!(matches!(second, Record::Parsed(_)), "{second:?}");
    let p = second.parse().expect("a puzzle with a long comment");
    assert_eq!(p.line, 2);
    assert_eq!(p.info.comment.map(|c| c.len()), Some(100_000));
}
