//! The integer matrix (docs/formats.md, files A and B of `data/large/`): one grid row per
//! line, numbers separated by blanks, `,` or `;` (or `|`, see [`super::pipe`]), `0` or `.`
//! for empty, every size up to 400x400. The first row gives the side; `#` comments and blank
//! lines between rows are skipped, so bands may be set apart. With `,`/`;`/`|` an empty
//! field is an empty cell (Kennett's CSV); `|` rows may also start and end with one.

use super::source::Source;
use super::{ParseError, ParseErrorKind, Puzzle, ReadOptions};
use crate::grid::Grid;
use std::io::BufRead;

/// A row without its trailing `# comment` (a row number, say: `5 3 0 … 9 #1`).
pub(crate) fn strip_comment(text: &str) -> &str {
    match text.find([' ', '\t']).and_then(|_| {
        text.char_indices()
            .find(|&(i, c)| c == '#' && text[..i].ends_with([' ', '\t']))
    }) {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

/// Whether a row surely has more fields than the widest grid: counted without building
/// them, since a line may be megabytes long.
fn too_many_fields(text: &str) -> bool {
    let limit = crate::shape::MAX_SIDE + 2;
    match ['|', ',', ';'].into_iter().find(|&c| text.contains(c)) {
        Some(sep) => text.matches(sep).nth(limit).is_some(),
        None => text.split_whitespace().nth(limit).is_some(),
    }
}

/// The fields of a row with their 1-based columns.
pub(crate) fn split_row(text: &str) -> Vec<(usize, String)> {
    let text = strip_comment(text);
    let sep = ['|', ',', ';'].into_iter().find(|&c| text.contains(c));
    let Some(sep) = sep else {
        // Columns counted on from the last token, not from the row's start: a 400x400 row
        // has 400 tokens.
        let (mut byte, mut chars) = (0, 0);
        return super::line::tokens_with_offsets(text)
            .into_iter()
            .map(|(off, t)| {
                chars += text[byte..off].chars().count();
                byte = off;
                (chars + 1, t.to_string())
            })
            .collect();
    };
    let mut out = Vec::new();
    let mut col = 0;
    for f in text.split(sep) {
        let lead = f.chars().count() - f.trim_start().chars().count();
        out.push((col + lead + 1, f.trim().to_string()));
        col += f.chars().count() + 1;
    }
    let t = text.trim();
    // `|` rows may end (and start) with a separator; in `,`/`;` rows an empty last field
    // is an empty cell, as in any CSV.
    if sep == '|' && t.ends_with(sep) && out.last().is_some_and(|f| f.1.is_empty()) {
        out.pop();
    }
    if sep == '|' && t.starts_with(sep) && out.first().is_some_and(|f| f.1.is_empty()) {
        out.remove(0);
    }
    out
}

/// Appends the `n` cells of a plain row (numbers `0..=n` or `.`, apart by blanks, nothing
/// else: no separator, no comment, no other character) to `values`, and says whether it
/// could. Most rows of a giant grid are plain, and reading them in one pass without a
/// string a field is what makes a 400x400 file quick to read; any other row is left as it
/// was for [`split_row`] and the checks after it, which say what is wrong and where.
fn plain_row(text: &str, n: usize, values: &mut Vec<usize>) -> bool {
    let start = values.len();
    // Cells past the `n`th are counted, not kept: a row of millions stays small.
    let mut count = 0;
    let ok = super::line::plain_numbers(text, |v| {
        if count < n {
            values.push(v);
        }
        count += 1;
    }) && count == n
        && values[start..].iter().all(|&v| v <= n);
    if !ok {
        values.truncate(start);
    }
    ok
}

/// The first character of a row's fields that is no cell ([`super::stray_char`]), or a
/// control character in its trailing `# comment` ([`super::stray_after_cells`]).
fn stray_field(text: &str, row: &[(usize, String)]) -> Option<(usize, ParseErrorKind)> {
    let kept = strip_comment(text);
    row.iter()
        .find_map(|(col, f)| super::stray_char(f, col - 1))
        .or_else(|| super::stray_after_cells(&text[kept.len()..], kept.chars().count()))
}

fn cell_value(field: &str, col: usize, n: usize) -> Result<usize, (usize, ParseErrorKind)> {
    if field.is_empty() || field == "." {
        return Ok(0);
    }
    if let Some((i, ch)) = field.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err((
            col + field[..i].chars().count(),
            ParseErrorKind::BadChar {
                ch,
                expected: format!("a number 0-{n} (0 or . for empty)"),
            },
        ));
    }
    match field.parse::<usize>() {
        Ok(v) if v <= n => Ok(v),
        _ => Err((
            col,
            ParseErrorKind::Invalid(format!("number {field} is out of range 0..={n}")),
        )),
    }
}

/// Reads the next matrix (all its rows, even past an error, so the next one starts clean).
pub(crate) fn read<R: BufRead>(
    src: &mut Source<R>,
    opts: &ReadOptions,
) -> Option<Result<Puzzle, ParseError>> {
    let first = match src.next_significant()? {
        Ok(l) => l,
        Err(e) => return Some(Err(e)),
    };
    if too_many_fields(&first.text) {
        return Some(Err(src.err(
            first.no,
            0,
            ParseErrorKind::Invalid(format!(
                "a row of more than {} numbers: no grid is that wide",
                crate::shape::MAX_SIDE
            )),
        )));
    }
    let row0 = split_row(&first.text);
    let stray0 = stray_field(&first.text, &row0).map(|(col, kind)| src.err(first.no, col, kind));
    let n = row0.len();
    let Some(shape) = opts.shape_for(n) else {
        if let Some(e) = stray0 {
            return Some(Err(e));
        }
        return Some(Err(src.err(
            first.no,
            0,
            ParseErrorKind::Invalid(match opts.shape {
                Some(s) => format!("a row of {n} numbers, expected {} (boxes {s})", s.side()),
                None => format!(
                    "a row of {n} numbers: no grid has that side (4, 6, 8, 9, 10, 12 … 400)"
                ),
            }),
        )));
    };
    let mut values = Vec::with_capacity(n * n);
    // The rows are read even past an error (the first row's included).
    let mut err: Option<ParseError> = stray0;
    let mut row = row0;
    let mut line = first.clone();
    for r in 0..n {
        if r > 0 {
            line = match src.next_row(line.no, r, true, || format!("{n} rows")) {
                Ok(l) => l,
                Err(e) => {
                    err.get_or_insert(e);
                    break;
                }
            };
            if err.is_none() && plain_row(&line.text, n, &mut values) {
                continue;
            }
            if err.is_none() && too_many_fields(&line.text) {
                err = Some(src.err(
                    line.no,
                    0,
                    ParseErrorKind::Invalid(format!("more than {n} numbers in this row")),
                ));
            }
        }
        if err.is_some() {
            continue;
        }
        if r > 0 {
            row = split_row(&line.text);
        }
        if let Some((col, kind)) = stray_field(&line.text, &row) {
            err = Some(src.err(line.no, col, kind));
            continue;
        }
        if row.len() != n {
            let col = match row.get(n) {
                Some(f) => f.0,
                None => line.text.trim_end().chars().count() + 1,
            };
            err = Some(src.err(
                line.no,
                col,
                ParseErrorKind::Length {
                    expected: format!("{n} numbers in this row"),
                    found: row.len(),
                },
            ));
            continue;
        }
        for (col, f) in &row {
            match cell_value(f, *col, n) {
                Ok(v) => values.push(v),
                Err((c, kind)) => {
                    err = Some(src.err(line.no, c, kind));
                    break;
                }
            }
        }
    }
    if let Some(e) = err {
        return Some(Err(e));
    }
    let grid = Grid::from_values(shape, &values).expect("values checked against the shape");
    Some(Ok(Puzzle {
        line: first.no,
        ..Puzzle::new(grid)
    }))
}

/// Rows of numbers right-aligned to the widest, joined by `sep`.
pub(crate) fn write_rows(grid: &Grid, sep: &str, end: &str) -> String {
    let n = grid.shape().side();
    let w = n.to_string().len();
    let mut out = String::with_capacity(n * n * (w + sep.len()) + n);
    for row in grid.values().chunks(n) {
        super::push_numbers(&mut out, row, sep, w);
        out += end;
        out.push('\n');
    }
    out
}

/// Writes `grid` as a matrix: numbers separated by a blank (right-aligned from 10x10 on),
/// `0` for empty.
pub fn write(grid: &Grid) -> String {
    write_rows(grid, " ", "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What the general path makes of one row of a side-`n` grid: its cells, or `None`
    /// where it finds an error.
    fn general(text: &str, n: usize) -> Option<Vec<usize>> {
        let row = split_row(text);
        if too_many_fields(text) || stray_field(text, &row).is_some() || row.len() != n {
            return None;
        }
        row.iter()
            .map(|(col, f)| cell_value(f, *col, n).ok())
            .collect()
    }

    /// [`plain_row`] after a cell of an earlier row, which it must leave alone.
    fn plain(text: &str, n: usize) -> Option<Vec<usize>> {
        let mut values = vec![7];
        let read = plain_row(text, n, &mut values);
        assert_eq!(values[0], 7, "{text:?}");
        if read {
            Some(values[1..].to_vec())
        } else {
            assert_eq!(values.len(), 1, "{text:?}: cells left behind");
            None
        }
    }

    /// Numbers written in every format that writes them as `format!` would: right-aligned
    /// in a matrix, a boxed grid's rows as wide as its rules, plain in a line and in JSON.
    #[test]
    fn numbers_are_written_as_format_would_write_them() -> Result<(), Box<dyn std::error::Error>> {
        use crate::format::{boxed, json, line};
        for side in [16usize, 36] {
            let shape = crate::Shape::from_side(side)?;
            let values: Vec<usize> = (0..side * side)
                .map(|i| (i * 7 + i / side) % (side + 1))
                .collect();
            let grid = Grid::from_values(shape, &values)?;
            let w = side.to_string().len();
            let rows: Vec<Vec<String>> = values
                .chunks(side)
                .map(|r| r.iter().map(|v| format!("{v:>w$}")).collect())
                .collect();
            let matrix: String = rows.iter().map(|r| r.join(" ") + "\n").collect();
            assert_eq!(write(&grid), matrix);

            let boxed = boxed::write_boxed(&grid);
            let rule = boxed.lines().next().ok_or("no rule")?.len();
            assert!(boxed.lines().all(|l| l.len() == rule), "{boxed}");
            let cells: Vec<String> = boxed
                .split_whitespace()
                .filter(|t| !t.starts_with(['|', '+']))
                .map(|t| t.replace('.', "0"))
                .collect();
            let plain: Vec<String> = values.iter().map(usize::to_string).collect();
            assert_eq!(cells, plain);

            if side > 35 {
                assert_eq!(line::write_line(&grid), plain.join(" "));
            }
            let record: serde_json::Value = serde_json::from_str(&json::write(&Puzzle::new(grid)))?;
            let back: Vec<Vec<usize>> = serde_json::from_value(record["grid"].clone())?;
            assert_eq!(back.concat(), values);
        }
        Ok(())
    }

    /// Fields that are no plain cell of a side-4 grid, or of any.
    const ODD: [&str; 14] = [
        "5", "13", "0012", "..", "1.", "x", "é", "\u{7}", "#", "-1", "", "5\r", "+1", "٣",
    ];
    /// Gaps between fields: blanks, and (as the odd one) a separator.
    const GAPS: [&str; 3] = [" ", "\t", "   "];
    const ODD_GAPS: [&str; 3] = [",", " | ", ";"];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn a_plain_row_reads_as_the_general_path_reads_it(
            n in prop::sample::select(vec![4usize, 9, 12]),
            extra in -1i32..=1,
            cells in prop::collection::vec(0usize..=13, 13),
            odd in prop::option::weighted(0.5, (0usize..13, prop::sample::select(ODD.to_vec()))),
            mut gaps in prop::collection::vec(prop::sample::select(GAPS.to_vec()), 14),
            odd_gap in prop::option::weighted(0.2, (0usize..14, prop::sample::select(ODD_GAPS.to_vec()))),
            comment in prop::bool::weighted(0.2),
        ) {
            let count = (n as i32 + extra) as usize;
            // Mostly cells of the grid: numbers up to `n`, some with a leading zero, and `.`.
            let mut fields: Vec<String> = cells[..count]
                .iter()
                .map(|&v| match v {
                    13 => ".".to_string(),
                    12 => format!("0{}", v % (n + 1)),
                    _ => (v % (n + 1)).to_string(),
                })
                .collect();
            if let Some((i, f)) = odd.filter(|&(i, _)| i < count) {
                fields[i] = f.to_string();
            }
            if let Some((i, g)) = odd_gap {
                gaps[i] = g;
            }
            let mut text = gaps[13].to_string();
            for (i, f) in fields.iter().enumerate() {
                if i > 0 {
                    text += gaps[i];
                }
                text += f;
            }
            if comment {
                text += " # a row";
            }
            let fast = plain(&text, n);
            if fast.is_some() {
                prop_assert_eq!(&fast, &general(&text, n), "{:?}", text);
            }
            let cells_plain = fields.iter().all(|f| {
                f == "."
                    || (f.len() <= 3
                        && f.bytes().all(|b| b.is_ascii_digit())
                        && f.parse::<usize>().is_ok_and(|v| v <= n))
            });
            let gaps_plain = gaps[1..count.max(1)]
                .iter()
                .chain([&gaps[13]])
                .all(|g| !g.contains([',', '|', ';']));
            if cells_plain && gaps_plain && count == n && !comment {
                prop_assert!(fast.is_some(), "a plain row left to the general path: {:?}", text);
            }
        }
    }
}
