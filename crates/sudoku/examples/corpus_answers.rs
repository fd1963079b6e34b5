//! Writes the expected answers of a test corpus file (`testdata/corpus/README.md`): reads
//! 9x9 puzzles, one a line (bare 81 characters, `<id> <puzzle> <rating>`, or a corpus line
//! whose answers are recomputed), counts each with the fast 9x9 engine and the general one,
//! refuses to write anything when they disagree, and prints `puzzle:count[:solution][:tags]`.
//!
//! ```text
//! cargo run --release -p sudoku-core --example corpus_answers -- < in.txt > out.txt
//! ```

use std::error::Error;
use std::io::{self, BufRead, Write};
use sudoku::solve::{fast9::Fast9, Engine, General};
use sudoku::Grid;

fn line_of(grid: &Grid) -> String {
    grid.values()
        .iter()
        .map(|&v| {
            if v == 0 {
                '.'
            } else {
                char::from(b'0' + v as u8)
            }
        })
        .collect()
}

fn main() -> Result<(), Box<dyn Error>> {
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            writeln!(out, "{line}")?;
            continue;
        }
        // `<id> <puzzle> <rating>` keeps its id and rating as tags.
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (puzzle, tags) = match fields.as_slice() {
            [id, puzzle, rating] => (*puzzle, format!("id={id} er={rating}")),
            _ => {
                let mut parts = text.split(':');
                let puzzle = parts.next().unwrap_or_default();
                (puzzle, parts.nth(2).unwrap_or_default().to_string())
            }
        };
        let grid = Grid::from_line(puzzle).map_err(|e| format!("line {}: {e}", n + 1))?;
        let fast = Fast9.search(&grid, None, 2, 2);
        let general = General.search(&grid, None, 2, 2);
        if fast.count != general.count || (fast.count == 1 && fast.solutions != general.solutions) {
            return Err(format!("line {}: the engines disagree on {puzzle}", n + 1).into());
        }
        let mut record = line_of(&grid);
        match fast.count {
            0 => record.push_str(":0"),
            1 => {
                record.push_str(":1:");
                record.push_str(&line_of(&fast.solutions[0]));
            }
            _ => record.push_str(":2+"),
        }
        if !tags.is_empty() {
            if fast.count != 1 {
                record.push(':');
            }
            record.push(':');
            record.push_str(&tags);
        }
        writeln!(out, "{record}")?;
    }
    Ok(())
}
