//! Empty and sparse grids of every size through the general solver: time and guesses.
//! `cargo run --release -p sudoku-core --example sparse_solve [max_side]`
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::time::Instant;
use sudoku::solve::general;
use sudoku::{Grid, Shape, Stop};

fn main() {
    let max: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(400);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let shapes: Vec<(usize, usize)> = (4..=20)
        .map(|b| (b, b))
        .chain([(1, 16), (16, 1), (2, 8), (5, 20), (10, 40), (1, 100)])
        .filter(|&(r, c)| r * c <= max && r * c >= 16)
        .collect();
    for (br, bc) in shapes {
        let shape = Shape::new(br, bc).unwrap();
        let n = shape.side();
        let stop = Stop::after(std::time::Duration::from_secs(30));
        let t = Instant::now();
        let s = general::search_with(
            &Grid::empty(shape),
            None,
            2,
            2,
            &stop,
            general::Options::default(),
        );
        let empty = t.elapsed();
        assert!(s.solutions.iter().all(|g| g.is_solution()));
        // A random solution: the empty grid's, rows and columns shuffled inside bands and
        // stacks, digits relabelled.
        let Some(first) = s.solutions.first() else {
            println!("{br}x{bc}: no answer for the empty grid");
            continue;
        };
        let base = first.values().to_vec();
        let mut rows: Vec<usize> = Vec::new();
        for b in 0..n / br {
            let mut inner: Vec<usize> = (b * br..(b + 1) * br).collect();
            inner.shuffle(&mut rng);
            rows.extend(inner);
        }
        let mut cols: Vec<usize> = Vec::new();
        for b in 0..n / bc {
            let mut inner: Vec<usize> = (b * bc..(b + 1) * bc).collect();
            inner.shuffle(&mut rng);
            cols.extend(inner);
        }
        let mut relabel: Vec<usize> = (1..=n).collect();
        relabel.shuffle(&mut rng);
        let mut v = vec![0usize; n * n];
        for r in 0..n {
            for c in 0..n {
                v[r * n + c] = relabel[base[rows[r] * n + cols[c]] as usize - 1];
            }
        }
        let sol = Grid::from_values(shape, &v).unwrap();
        print!(
            "{br}x{bc} ({n}): empty {:.3}s count {}",
            empty.as_secs_f64(),
            s.count
        );
        for k in [1, n / 2, n, 2 * n, n * n / 100, n * n / 20] {
            let mut v: Vec<usize> = vec![0; n * n];
            for _ in 0..k {
                let i = rng.gen_range(0..n * n);
                v[i] = sol.values()[i] as usize;
            }
            let p = Grid::from_values(shape, &v).unwrap();
            let t = Instant::now();
            let stop = Stop::after(std::time::Duration::from_secs(30));
            let r = general::search_with(&p, None, 2, 2, &stop, general::Options::default());
            for x in &r.solutions {
                assert!(sudoku::verify::check_solution_of(&p, x).is_ok());
            }
            print!(
                " | {k} givens {:.3}s {}g{}",
                t.elapsed().as_secs_f64(),
                r.guesses,
                if r.stopped { " STOPPED" } else { "" }
            );
        }
        println!();
    }
}
