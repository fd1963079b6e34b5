//! Generation rates, one thread:
//! `cargo run --release -p sudoku-core --example gen_bench [SECONDS [MODE-SUBSTRING]]`.
//!
//! Prints puzzles/s and the mean number of givens per mode, each mode run for about
//! `SECONDS` (default 2) of wall time, then the time of the minlex canonical form. Wall time:
//! on a busy machine, compare with CPU time (`/usr/bin/time`).

use std::time::{Duration, Instant};
use sudoku::generate::{Generator, Symmetry};
use sudoku::logic::Level;
use sudoku::rate::Target;
use sudoku::Shape;

fn run(name: &str, gen: &Generator, budget: Duration) {
    if let Some(only) = std::env::args().nth(2) {
        if !name.contains(&only) {
            return;
        }
    }
    let start = Instant::now();
    let (mut count, mut givens, mut attempts) = (0u64, 0usize, 0usize);
    while start.elapsed() < budget || count == 0 {
        let p = gen.generate(count).expect("a puzzle");
        givens += p.puzzle.given_count();
        attempts += p.attempts;
        count += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name:<34} {:>10.1} puzzles/s  {:>6.1} givens  {:>5.2} attempts/puzzle  ({count} in {secs:.1}s)",
        count as f64 / secs,
        givens as f64 / count as f64,
        attempts as f64 / count as f64,
    );
}

fn main() {
    let secs: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let budget = Duration::from_secs_f64(secs);
    let nine = Generator::new(Shape::NINE).seed(1);
    run("9x9 minimal", &nine, budget);
    run(
        "9x9 rot180 minimal",
        &nine.clone().symmetry(Symmetry::Rotational180),
        budget,
    );
    run(
        "9x9 full symmetry",
        &nine.clone().symmetry(Symmetry::Full).max_attempts(100_000),
        budget,
    );
    run("9x9 givens 30..=35", &nine.clone().givens(30..=35), budget);
    for level in [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ] {
        let target = Target {
            level: Some(level),
            ..Target::default()
        };
        run(
            &format!("9x9 HoDoKu {}", level.name()),
            &nine.clone().difficulty(target).max_attempts(1_000_000),
            budget,
        );
    }
    run(
        "9x9 SE rating 8.0..",
        &nine
            .clone()
            .difficulty(Target {
                se: Some((8.0, 20.0)),
                ..Target::default()
            })
            .max_attempts(1_000_000),
        budget,
    );
    run(
        "6x6 minimal",
        &Generator::new(Shape::new(2, 3).unwrap()),
        budget,
    );
    run(
        "12x12 minimal",
        &Generator::new(Shape::new(3, 4).unwrap()),
        budget,
    );
    run(
        "16x16 givens 128..=140",
        &Generator::new(Shape::new(4, 4).unwrap()).givens(128..=140),
        budget,
    );
    run(
        "16x16 unique (minimal)",
        &Generator::new(Shape::new(4, 4).unwrap()).minimal(true),
        budget,
    );
    run(
        "16x16 rot180 minimal",
        &Generator::new(Shape::new(4, 4).unwrap())
            .symmetry(Symmetry::Rotational180)
            .minimal(true),
        budget,
    );
    run(
        "25x25 givens 320..=340",
        &Generator::new(Shape::new(5, 5).unwrap()).givens(320..=340),
        budget,
    );
    // 25x25 minimal is left out: its last uniqueness proofs take the general solver hours.
    if std::env::args()
        .nth(2)
        .is_none_or(|m| "canonical".contains(&m))
    {
        let puzzles: Vec<_> = (0..2000)
            .map(|i| nine.generate(i).unwrap().puzzle)
            .collect();
        let start = Instant::now();
        for p in &puzzles {
            std::hint::black_box(sudoku::canonical::minlex(p).unwrap());
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64;
        println!(
            "{:<34} {us:>10.1} us/puzzle (minimal 9x9 puzzles)",
            "canonical minlex"
        );
    }
}
