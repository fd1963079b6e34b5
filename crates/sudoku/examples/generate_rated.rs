//! Generates puzzles of a chosen difficulty and rates them: five 9x9 puzzles at HoDoKu's
//! "hard" level, symmetric, from a fixed seed (the same puzzles every run), each printed
//! with its Sudoku Explainer rating and HoDoKu level and score.
//!
//! ```text
//! cargo run --release -p sudoku-core --example generate_rated
//! ```

use std::error::Error;
use sudoku::format::line::write_line;
use sudoku::generate::{Generator, Symmetry};
use sudoku::logic::Level;
use sudoku::rate::{Rater, Target};
use sudoku::Shape;

fn main() -> Result<(), Box<dyn Error>> {
    let generator = Generator::new(Shape::NINE)
        .symmetry(Symmetry::Rotational180)
        .difficulty(Target {
            level: Some(Level::Hard),
            ..Target::default()
        })
        .seed(7);
    let rater = Rater::new();
    for index in 0..5 {
        let made = generator.generate(index)?;
        let se = rater.rate_se(&made.puzzle);
        let hodoku = rater.rate_hodoku(&made.puzzle);
        println!(
            "{}  ER {:.1}  {} {}",
            write_line(&made.puzzle),
            se.er,
            hodoku.level.name(),
            hodoku.score
        );
    }
    Ok(())
}
