//! Times the general solver on one big puzzle, or on a file of one-line puzzles.
//!
//! ```text
//! matrix_solve FILE [GRID]   # a matrix file (formats A, B, C of data/large); GRID picks
//!                            # the 0-based grid when the file holds several
//! matrix_solve --lines FILE  # one puzzle per line (81 characters for 9x9): puzzles/s
//! ```
//!
//! The count is taken up to 2 (the uniqueness check). The matrix reader is ad hoc: lines of
//! integers and `.` (empty), with `|` and `+---+` box drawing ignored and text lines skipped.
use std::time::{Duration, Instant};

/// CPU time of this thread (the machine is shared: wall time says little).
fn cpu() -> Duration {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    Duration::from_nanos(
        s.split_whitespace()
            .next()
            .and_then(|t| t.parse().ok())
            .unwrap_or(0),
    )
}

fn read_matrices(text: &str) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    for line in text.lines() {
        let tokens: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == '|')
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.is_empty()
            || tokens
                .iter()
                .all(|t| t.starts_with('+') || t.starts_with('-'))
        {
            continue;
        }
        if !tokens
            .iter()
            .all(|t| *t == "." || t.chars().all(|c| c.is_ascii_digit()))
        {
            continue; // a text line
        }
        rows.push(
            tokens
                .iter()
                .map(|t| if *t == "." { 0 } else { t.parse().unwrap() })
                .collect(),
        );
    }
    let mut grids = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let n = rows[i].len();
        if i + n > rows.len() {
            break;
        }
        grids.push(rows[i..i + n].iter().flatten().copied().collect());
        i += n;
    }
    grids
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args[0] == "--lines" {
        let text = std::fs::read_to_string(&args[1]).unwrap();
        let grids: Vec<sudoku::Grid> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| sudoku::Grid::from_line(l.trim()).unwrap())
            .collect();
        let (t, c) = (Instant::now(), cpu());
        let (mut guesses, mut unique) = (0, 0);
        for g in &grids {
            let s = sudoku::solve::general::search(g, None, 2, 1);
            guesses += s.guesses;
            unique += usize::from(s.count == 1);
        }
        let (e, ce) = (t.elapsed(), cpu() - c);
        println!(
            "{} puzzles ({} unique) in {:?} (cpu {:?}): {:.0} puzzles/s of cpu, {:.1} guesses/puzzle",
            grids.len(),
            unique,
            e,
            ce,
            grids.len() as f64 / ce.as_secs_f64(),
            guesses as f64 / grids.len() as f64
        );
        return;
    }
    let text = std::fs::read_to_string(&args[0]).unwrap();
    let which: usize = args.get(1).map_or(0, |a| a.parse().unwrap());
    let vals = &read_matrices(&text)[which];
    let n = (vals.len() as f64).sqrt() as usize;
    let shape = sudoku::Shape::from_side(n).unwrap();
    let g = sudoku::Grid::from_values(shape, vals).unwrap();
    let (t, c) = (Instant::now(), cpu());
    let s = sudoku::solve::general::search(&g, None, 2, 1);
    let (e, ce) = (t.elapsed(), cpu() - c);
    println!(
        "{n}x{n}: count {} guesses {} in {:?} (cpu {:?}); valid {}",
        s.count,
        s.guesses,
        e,
        ce,
        s.solutions
            .first()
            .is_some_and(|x| sudoku::verify::check_solution_of(&g, x).is_ok())
    );
}
