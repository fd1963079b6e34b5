//! Big-grid generation figures: time of a random solution grid and of a puzzle, givens.
//! `cargo run --release -p sudoku-core --example gen_giant [sides...]`
use rand::SeedableRng;
use std::time::{Duration, Instant};
use sudoku::generate::{random_solution, Generator};
use sudoku::{Shape, Stop};

fn main() {
    let sides: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    for n in sides {
        let shape = Shape::from_side(n).expect("a known side");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let t = Instant::now();
        let g = random_solution(shape, &mut rng);
        assert!(g.is_solution());
        let fill = t.elapsed();
        let t = Instant::now();
        let stop = Stop::after(Duration::from_secs(60));
        let r = Generator::new(shape)
            .seed(1)
            .max_attempts(1)
            .generate_until(0, &stop);
        match r {
            Ok(p) => println!(
                "{n}x{n}: solution grid {:.3}s, puzzle {:.3}s, {} givens ({:.1}%)",
                fill.as_secs_f64(),
                t.elapsed().as_secs_f64(),
                p.puzzle.given_count(),
                100.0 * p.puzzle.given_count() as f64 / (n * n) as f64
            ),
            Err(e) => println!(
                "{n}x{n}: solution grid {:.3}s, {:.3}s: {e}",
                fill.as_secs_f64(),
                t.elapsed().as_secs_f64()
            ),
        }
    }
}
