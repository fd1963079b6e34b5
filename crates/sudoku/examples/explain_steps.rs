//! Explains how a person could solve a puzzle: the human-style solver's path, one step a
//! line in HoDoKu's notation, each followed by its explanation, and the ratings of the
//! path (Sudoku Explainer's ER/EP/ED and HoDoKu's level and score).
//!
//! ```text
//! cargo run -p sudoku-core --example explain_steps -- \
//!     '..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2'
//! ```

use std::error::Error;
use sudoku::format;
use sudoku::logic::{LogicSolver, Order};
use sudoku::rate::Rater;

fn main() -> Result<(), Box<dyn Error>> {
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"
            .to_string()
    });
    let puzzle = format::parse_line(&text)?;
    let shape = puzzle.shape();
    // Sudoku Explainer's order: the easiest step first, as a person would look.
    let solver = LogicSolver::builder().order(Order::Explainer).build();
    let path = solver.solve(&puzzle);
    for (i, step) in path.steps.iter().enumerate() {
        println!("{:>3}. {}", i + 1, step.text(shape));
        println!("     {}", step.explain(shape));
    }
    if !path.solved {
        return Err("the path stalled before the end".into());
    }
    let rater = Rater::new();
    let se = rater.rate_se(&puzzle);
    let hodoku = rater.rate_hodoku(&puzzle);
    println!(
        "ER/EP/ED {:.1}/{:.1}/{:.1}; HoDoKu {} ({})",
        se.er,
        se.ep,
        se.ed,
        hodoku.level.name(),
        hodoku.score
    );
    Ok(())
}
