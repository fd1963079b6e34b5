//! Format detection from the first lines of a file (docs/formats.md).
//!
//! Looks at the first few lines that are neither blank nor `#` comments (remembering
//! whether `.sdk` headers like `#A…` came first) and never reads further than that: the
//! lines are given back to the reader. A file that starts line-based stays line-based:
//! when detection says [`Format::Line`], [`Format::Hodoku`] or [`Format::Sukaku`], the
//! reader classifies each line on its own among those three.

use super::line::{cell_field, is_number_token, is_whole_line, side_of_len};
use super::source::{Source, MAX_RECORD_BYTES};
use super::Format;
use crate::Shape;
use std::io::BufRead;

/// How many significant lines detection may look at.
const LOOKAHEAD: usize = 4;
/// How many lines in all (comments included) detection may read.
const MAX_LINES: usize = 256;

/// Guesses the format of `text` from its first lines; `None` when there is nothing to read.
///
/// ```
/// use sudoku::format::{detect, Format};
/// assert_eq!(detect("53..7....\n6..195...\n"), Some(Format::Sdk));
/// assert_eq!(detect("*-----------*\n|2..|1.5|..3|\n"), Some(Format::Ss));
/// assert_eq!(detect("0 2 0 1\n0 0 0 0\n"), Some(Format::Matrix));
/// ```
pub fn detect(text: &str) -> Option<Format> {
    let mut src = Source::new(text.as_bytes(), "");
    detect_source(&mut src, None)
}

/// Detection over a source: reads a few lines and gives them all back. `shape`, when the
/// user gave it, tells a one-line grid of a small side (2x2: four cells) from a grid row.
pub(crate) fn detect_source<R: BufRead>(
    src: &mut Source<R>,
    shape: Option<Shape>,
) -> Option<Format> {
    let mut taken = Vec::new();
    let mut significant: Vec<String> = Vec::new();
    let mut sdk_header = false;
    let mut percent = false;
    // Bounded even on a file of nothing but comments, or of very long lines.
    let mut bytes = 0;
    while (significant.len() < LOOKAHEAD || all_small_rows(&significant))
        && taken.len() < MAX_LINES
        && bytes <= MAX_RECORD_BYTES
    {
        let Some(item) = src.next_line() else { break };
        let stop = item.is_err();
        if let Ok(l) = &item {
            bytes += l.text.len();
            let t = l.text.trim_start();
            if t.starts_with('#') {
                let mut cs = t.chars().skip(1);
                if matches!(
                    cs.next(),
                    Some('A' | 'B' | 'C' | 'D' | 'S' | 'L' | 'U' | 'H' | 'N')
                ) && significant.is_empty()
                {
                    sdk_header = true;
                }
            } else if t.starts_with('%') && significant.is_empty() {
                percent = true;
            } else if !t.is_empty() {
                significant.push(l.text.clone());
            }
        }
        taken.push(item);
        // A puzzle pasted at a terminal, or written down a pipe by a program waiting for
        // its answer, is answered without waiting for three more lines.
        let alone = significant.len() == 1 && !sdk_header && !percent;
        if stop || alone && decides_alone(&significant[0]) {
            break;
        }
    }
    let had_any = !taken.is_empty();
    for item in taken.into_iter().rev() {
        src.push_back_result(item);
    }
    if significant.is_empty() {
        return had_any.then_some(Format::Line);
    }
    // shnarazk's 64x64 layout (blanks for empty cells, lower case letters) before its
    // rows could pass for titles or classic rows.
    if super::wide::looks_like(&significant) {
        return Some(Format::Sdk);
    }
    // A title line in words ("Puzzle 1", "HardestDatabase110626") says nothing of the
    // format: look past it when something else follows.
    let skip = significant.iter().take_while(|l| is_title(l)).count();
    let rest = if skip < significant.len() {
        &significant[skip..]
    } else {
        &significant[..]
    };
    // A line of a grid's cells and its `# box RxC` note, or of as many cells as the given
    // shape has: one puzzle a line, however short or whatever its length says.
    if is_whole_line(&rest[0], shape) {
        return Some(Format::Line);
    }
    Some(classify(rest, sdk_header, percent))
}

/// Whether every line so far could be a 4x4 puzzle or a row of a 16x16 whose digits so
/// far are 1-4 (sixteen of `1-4`, `.`, `0`): then up to 16 lines are looked at, a whole
/// grid, for a digit that only a 16x16 has.
fn all_small_rows(lines: &[String]) -> bool {
    lines.len() < 16
        && lines.iter().all(|l| {
            let t = l.trim_end();
            t.chars().count() == 16 && t.chars().all(|c| matches!(c, '1'..='4' | '.' | '0'))
        })
}

/// Whether a first line is a puzzle whatever lines follow: 36 cells or more in one-character
/// symbols (no grid's row is that long in them: they number 35), in upper case, digits and
/// `.` only (rows of shnarazk's 64-symbol layout have lower case letters or blanks), and not
/// a sukaku line, as the lines together would say. A JSON object (`solve --json`'s records
/// written down a pipe one at a time) decides alone too: `{` opens nothing else.
fn decides_alone(line: &str) -> bool {
    if line.trim_start().starts_with('{') {
        return true;
    }
    let field = cell_field(line);
    let cells = field.chars().count();
    cells >= 36
        && side_of_len(cells).is_some()
        && field
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase() || c == '.')
        && classify(&[line.to_string()], false, false) == Format::Line
}

/// Words rather than cells: a run of three letters with a lowercase one or a blank in the
/// line (cells in letters are upper case and unspaced).
pub(crate) fn is_title(line: &str) -> bool {
    let t = line.trim();
    super::framed::is_prose(t)
        && !t.starts_with(['<', '{', '[', ':', '|', '*', '+', '.'])
        && (t.contains(' ') || t.chars().any(|c| c.is_ascii_lowercase()))
        && side_of_len(cell_field(t).chars().count()).is_none()
}

fn is_frame(t: &str) -> bool {
    super::framed::is_frame_line(t)
}

fn classify(lines: &[String], sdk_header: bool, percent: bool) -> Format {
    let first = lines[0].trim_end();
    let t = first.trim_start();
    if t.starts_with('<') {
        return Format::OpenSudoku;
    }
    let lower = t.to_ascii_lowercase();
    if lower.starts_with("[puzzle]") || lower.starts_with("[state]") {
        return Format::Sdk;
    }
    if t.starts_with('{') || t.starts_with('[') {
        return Format::Json;
    }
    if t.starts_with(':') && (6..=7).contains(&t.matches(':').count()) {
        return Format::Hodoku;
    }
    if super::sukaku::looks_like(t) {
        return Format::Sukaku;
    }
    if is_frame(t) || t.starts_with('|') {
        let top = if is_frame(t) { t.chars().next() } else { None };
        return match top {
            Some('*') => Format::Ss,
            Some('.') => Format::Pm,
            _ => {
                let row = lines.iter().map(|l| l.trim()).find(|l| l.starts_with('|'));
                match row {
                    Some(r) if super::framed::row_looks_like_pm(r) => Format::Pm,
                    _ => Format::Boxed,
                }
            }
        };
    }
    if t.contains('|') {
        // `2 | 3 | 5 |` has one number a field; `2..|1.5|..3` is a block row.
        let first_field = t.split('|').next().unwrap_or("").trim();
        return if is_number_token(first_field) || first_field.is_empty() {
            Format::Pipe
        } else {
            Format::Boxed
        };
    }
    // The classic programs' own layout: rows of at most 9 characters where a blank is an
    // empty cell (trailing blanks perhaps cut). A matrix row that short has one number per
    // cell, the same count on every row.
    // A control character is no cell and no part of a number in any format: it is taken
    // as a separator here, so that rows of numbers with one in them are still a matrix, and
    // the matrix reader names it where it stands (not a length error from another reader).
    let fields = |l: &'_ str| {
        l.split(|c: char| c.is_whitespace() || c.is_control())
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let short = lines.iter().all(|l| l.trim_end().chars().count() <= 9);
    let spaced = lines.iter().any(|l| l.trim().contains(' '));
    if short && spaced && lines.len() >= 2 {
        let counts: Vec<usize> = lines.iter().map(|l| fields(l).len()).collect();
        let matrix_like = counts[0] == counts[1]
            && (4..=9).contains(&counts[0])
            && lines.iter().all(|l| fields(l).iter().all(|t| t.len() == 1));
        if !matrix_like {
            return Format::Classic;
        }
    }
    // Rows of numbers: a matrix, or a line of n² numbers (leptonica's string, big grids).
    // Counted without building the tokens: a line may be megabytes long.
    let numeric = |s: &str| {
        let mut k = 0;
        // Numbers and blanks only, in one pass over the bytes (a giant grid's line).
        if super::line::plain_numbers(s, |_| k += 1) {
            return (k >= 2).then_some(k);
        }
        k = 0;
        for t in super::matrix::strip_comment(s)
            .split(|c: char| c.is_whitespace() || c.is_control() || c == ',' || c == ';')
            .filter(|t| !t.is_empty())
        {
            if !is_number_token(t) {
                return None;
            }
            k += 1;
        }
        (k >= 2).then_some(k)
    };
    if let Some(k) = numeric(t) {
        let next = lines.get(1).and_then(|l| numeric(l.trim()));
        let square = side_of_len(k).is_some() || {
            let r = (k as f64).sqrt().round() as usize;
            r * r == k && r > 35
        };
        // Lines of the same count are the rows of a matrix, unless no grid is that wide:
        // then they are one puzzle a line (`generate --size 36 --count 2`).
        if square && (next != Some(k) || k > crate::shape::MAX_SIDE) {
            return if k == 81 {
                Format::Leptonica
            } else {
                Format::Line
            };
        }
        // Sudopedia's blanks as empty cells (`53  7    6  195…`, 81 characters): no matrix
        // row, whose numbers would be at most as many as the row has; one puzzle a line.
        let chars = first.chars().count();
        if side_of_len(chars).is_some() && t.contains(' ') {
            let largest = t
                .split_whitespace()
                .filter_map(|w| w.parse::<usize>().ok())
                .max()
                .unwrap_or(0);
            if largest > k || crate::Shape::from_side(k).is_err() {
                return Format::Line;
            }
        }
        return Format::Matrix;
    }
    // One grid row per line: `.sdk` (digits, `.`, `0`) or classic (any non-digit empty).
    // Trailing blanks count: in the classic format a blank is an empty cell; but a
    // row of 9 characters and then blanks (an editor's) is a row of 9.
    let row_len = |l: &str| {
        let n = l.chars().count();
        let t = l.trim_end().chars().count();
        if n > 9 && t <= 9 {
            t
        } else {
            n
        }
    };
    // A cell typed too few or too many in the first row is a typo, not a change of format:
    // when that row is no whole puzzle and the rows after it agree on a length, theirs is
    // the rows' length, and the reader names the short row where it stands.
    let first_len = row_len(&lines[0]);
    let typo_first = lines.len() >= 3
        && side_of_len(cell_field(&lines[0]).chars().count()).is_none()
        && row_len(&lines[1]) != first_len
        && lines[2..].iter().all(|l| row_len(l) == row_len(&lines[1]))
        && row_len(&lines[1]).abs_diff(first_len) <= 2;
    let (len, rows) = if typo_first {
        (row_len(&lines[1]), &lines[1..])
    } else {
        (first_len, lines)
    };
    let rowlike = |l: &str| row_len(l) == len;
    // A lone short line is no grid of rows (a title, a word): the line reader says so.
    if (4..=9).contains(&len) && rows.len() >= 2 && rows.iter().take(2).all(|l| rowlike(l)) {
        if sdk_header {
            return Format::Sdk;
        }
        if percent || first.chars().any(|c| !c.is_ascii_digit() && c != '.') {
            return Format::Classic;
        }
        return Format::Sdk;
    }
    // Rows of 10 to 35 characters, one grid row a line (12x12, 16x16, 25x25 as `--to sdk`
    // writes them). Sixteen characters are also a 4x4 line: rows of a 16x16 show digits
    // past 4 or letters of its alphabets (`A-G`, hex `A-F`, letters `A-P`).
    let big_row = (10..=35).contains(&len)
        && crate::Shape::from_side(len).is_ok()
        && rows.len() >= 2
        && rows.iter().all(|l| rowlike(l))
        // A row is cells alone: `1.4..4.3.1...... easy` or `…,solution` is a 4x4 line
        // with a comment or its solution, however long the whole line.
        && rows.iter().all(|l| cell_field(l).len() == l.trim().len())
        && (len != 16
            || sdk_header
            || rows.iter().any(|l| {
                l.chars()
                    .any(|c| matches!(c.to_ascii_uppercase(), '5'..='9' | 'A'..='P'))
            }));
    if big_row {
        return Format::Sdk;
    }
    if sdk_header
        && (4..=35).contains(&cell_field(first).chars().count())
        && side_of_len(cell_field(first).len()).is_none()
    {
        return Format::Sdk;
    }
    if percent {
        return Format::Classic;
    }
    Format::Line
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line, then a reader that fails the test if it is asked for more.
    struct OneLine(&'static [u8]);

    impl std::io::Read for OneLine {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            unreachable!("read through fill_buf")
        }
    }

    impl BufRead for OneLine {
        fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
            assert!(!self.0.is_empty(), "detection waited for a second line");
            Ok(self.0)
        }
        fn consume(&mut self, n: usize) {
            self.0 = &self.0[n..];
        }
    }

    #[test]
    fn a_long_first_line_is_a_puzzle_without_reading_on() {
        const NINE: &[u8] =
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
        let mut src = Source::new(OneLine(NINE), "t");
        assert_eq!(detect_source(&mut src, None), Some(Format::Line));
        // The line was given back to the reader.
        assert_eq!(src.next_line().map(|l| l.map(|l| l.no)), Some(Ok(1)));
        // Sixteen cells could be a row of a 16x16: more lines are looked at.
        assert!(!decides_alone("1234341221434321"));
        // A sukaku line, a row of shnarazk's layout, words: not taken alone.
        assert!(!decides_alone(&".".repeat(729)));
        assert!(!decides_alone(&format!("a{}", ".".repeat(63))));
        assert!(!decides_alone("Puzzle 1"));
        // A JSON record, whatever follows it.
        assert!(decides_alone(r#"{"puzzle":"1..."}"#));
        assert_eq!(
            classify(&[r#"{"puzzle":"1..."}"#.into()], false, false),
            Format::Json
        );
    }

    #[test]
    fn four_by_four_lines_with_a_comment_or_their_solution_are_lines() {
        // 21 and 33 characters are the lengths of 3x7 and 3x11 rows, but a row is cells
        // alone: `generate --size 4 -n 2 --with-solution` could not be read back.
        for text in [
            "1.4..4.3.1...... 1342241331244231\n.....43...1..2.. 3124243143121243\n",
            "1.4..4.3.1...... easy\n.....43...1..2.. hard\n",
            "1.4..4.3.1......,1342241331244231\n.....43...1..2..,3124243143121243\n",
        ] {
            assert_eq!(detect(text), Some(Format::Line), "{text}");
        }
        // A 16x16 whose first four rows hold only 1-4 was read as four 4x4 puzzles, then
        // an error a row: detection looks on, over a whole grid, for a digit past 4.
        let mut sixteen = String::new();
        for r in 0..16 {
            let row: String = (0..16)
                .map(|c| {
                    if r < 4 {
                        b"1234"[(r + c) % 4] as char
                    } else if c == r {
                        'G'
                    } else {
                        '.'
                    }
                })
                .collect();
            sixteen += &row;
            sixteen.push('\n');
        }
        assert_eq!(detect(&sixteen), Some(Format::Sdk));
        let fours = "1234341221434321\n".repeat(5);
        assert_eq!(detect(&fours), Some(Format::Line));
        // Rows of a 12x12 are still rows.
        let rows = "1.4..4.3.1..\n.....43...1.\n..2.........\n";
        assert_eq!(detect(rows), Some(Format::Sdk));
    }
}
