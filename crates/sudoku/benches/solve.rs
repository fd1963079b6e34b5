//! Criterion benchmarks of the 9x9 engines on the testdata samples (200 puzzles per set).
//! `cargo bench -p sudoku-core --bench solve`; the `sudoku bench` command is the tool for
//! whole datasets.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;
use sudoku::solve::{fast9, Engine, General};
use sudoku::Grid;

fn load(name: &str) -> Vec<[u8; 81]> {
    let path = format!(
        "{}/../../testdata/puzzles/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| l.len() == 81)
        .map(|l| {
            let mut p = [0u8; 81];
            for (c, b) in p.iter_mut().zip(l.bytes()) {
                *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            p
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for set in ["17clue", "top1465", "hardest1905_11plus", "serg"] {
        let puzzles = load(&format!("{set}-200.txt"));
        let mut g = c.benchmark_group(set);
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.bench_function("fast9 count2", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| fast9::count(black_box(p), 2).count)
                    .sum::<usize>()
            })
        });
        g.bench_function("fast9 solve", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter(|p| fast9::solve(black_box(p)).0.is_some())
                    .count()
            })
        });
        if set == "17clue" {
            let grids: Vec<Grid> = puzzles
                .iter()
                .map(|p| {
                    let v: Vec<usize> = p.iter().map(|&x| x as usize).collect();
                    Grid::from_values(sudoku::Shape::NINE, &v).unwrap()
                })
                .collect();
            g.sample_size(10);
            g.bench_function("general count2", |b| {
                b.iter_batched(
                    || grids.clone(),
                    |gs| {
                        gs.iter()
                            .map(|g| General.search(g, None, 2, 0).count)
                            .sum::<usize>()
                    },
                    BatchSize::LargeInput,
                )
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
