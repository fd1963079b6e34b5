//! Reads the big files of the shared data folder (not in the repository: `shared/data/`)
//! and checks what is known of them: the giant grids of `large/` (formats A, B and C; D is
//! dubious and skipped) with their sides and givens, and the collections other programs
//! wrote, each read with no error and its puzzles counted. Prints each file's time.
//!
//! ```text
//! cargo run --release -p sudoku-core --example read_shared -- ../shared/data
//! ```

use std::error::Error;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;
use std::time::Instant;
use sudoku::format::{Puzzle, ReadOptions, Reader};

fn read(dir: &Path, file: &str) -> Result<Vec<Puzzle>, Box<dyn Error>> {
    let t = Instant::now();
    let f = File::open(dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
    let all = Reader::new(BufReader::new(f), file, ReadOptions::default())
        .collect::<Result<Vec<Puzzle>, _>>()?;
    println!("{file}: {} puzzles in {:?}", all.len(), t.elapsed());
    Ok(all)
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args()
        .nth(1)
        .ok_or("usage: read_shared SHARED_DATA_DIR")?;
    let dir = Path::new(&dir);
    for (file, side, givens, count) in [
        ("rkkautsar-sudoku-64-1.txt", 64, 2400, 1),
        ("rkkautsar-sudoku-64-2.txt", 64, 2504, 1),
        ("rkkautsar-sudoku-81-1.txt", 81, 3958, 1),
        ("rkkautsar-sudoku-144-1.txt", 144, 13490, 1),
        ("rkkautsar-sudoku-225-2.txt", 225, 40385, 1),
        ("rkkautsar-sudoku-400-1.txt", 400, 115529, 1),
        ("kociemba-h_singles400x400.txt", 400, 116143, 1),
        ("kociemba-n_singles_400x400_fewclues.txt", 400, 40000, 2),
    ] {
        let all = read(&dir.join("large"), file)?;
        let ok = all.len() == count
            && all[0].shape().side() == side
            && all.iter().any(|p| p.grid.given_count() == givens);
        if !ok {
            return Err(
                format!("{file}: expected {count} of side {side} with {givens} givens").into(),
            );
        }
    }
    for (file, count) in [
        ("top1465.txt", 1465),
        ("hardest1106.txt", 375),
        ("collections/qqwing_expert.sdm", 1000),
        ("collections/sudocue_learningcurve.sdm", 2500),
        ("rated/sudoku_exchange_diabolical.txt", 39719),
    ] {
        let n = read(dir, file)?.len();
        if n != count {
            return Err(format!("{file}: {n} puzzles, expected {count}").into());
        }
    }
    // The two big line files: timing only.
    for file in ["17clue.txt", "hardest1905_11plus.txt"] {
        read(dir, file)?;
    }
    Ok(())
}
