//! Solves puzzles written one a line (81 characters for 9x9, `.` or `0` for an empty cell;
//! other sizes as the line format allows), from the arguments or standard input, and prints
//! each solution on a line, or what kept it from having one.
//!
//! ```text
//! cargo run -p sudoku-core --example solve_line -- \
//!     '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........'
//! ```

use std::error::Error;
use std::io::{self, BufRead};
use sudoku::format::{self, line::write_line};
use sudoku::solve::{self, Outcome};

fn solve_one(text: &str) -> Result<(), Box<dyn Error>> {
    let puzzle = format::parse_line(text)?;
    match solve::solve(&puzzle) {
        Outcome::Unique(solution) => println!("{}", write_line(&solution)),
        Outcome::Multiple(a, _) => println!("several solutions, one is {}", write_line(&a)),
        Outcome::NoSolution => println!("no solution"),
        other => println!("{}", other.status()),
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        for line in io::stdin().lock().lines() {
            let line = line?;
            if !line.trim().is_empty() {
                solve_one(line.trim())?;
            }
        }
    } else {
        for a in &args {
            solve_one(a)?;
        }
    }
    Ok(())
}
