//! Where new games come from: the [`NewGame`] trait and [`Bundled`], a small list of puzzles
//! by level shipped in the binary (`puzzles.txt`).
//!
//! The generator (`sudoku::generate`) plugs in here when it lands: a `NewGame` whose
//! `levels` are the rater's levels and whose `game` asks the generator for one.

use sudoku::Grid;

/// A source of new puzzles.
pub trait NewGame {
    /// The levels offered in the new-game menu, easiest first.
    fn levels(&self) -> Vec<String>;
    /// A puzzle of `level`; `seed` picks which (the same seed gives the same puzzle).
    /// Returns the puzzle, where it came from, and its rating when known.
    fn game(&self, level: &str, seed: u64) -> Option<(Grid, String, Option<String>)>;
}

const BUNDLE: &str = include_str!("puzzles.txt");

/// The bundled puzzles. Each is shown under a random relabelling of its digits, so the
/// same puzzle rarely looks the same twice (a relabelled puzzle is exactly as hard).
#[derive(Clone, Debug, Default)]
pub struct Bundled;

fn entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    BUNDLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once(' '))
}

/// A small, good-enough mixing function (splitmix64) for picking and relabelling.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl NewGame for Bundled {
    fn levels(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (level, _) in entries() {
            if !out.iter().any(|l| l == level) {
                out.push(level.to_string());
            }
        }
        out
    }

    fn game(&self, level: &str, seed: u64) -> Option<(Grid, String, Option<String>)> {
        let list: Vec<&str> = entries()
            .filter(|(l, _)| *l == level)
            .map(|(_, p)| p)
            .collect();
        if list.is_empty() {
            return None;
        }
        let k = (mix(seed) % list.len() as u64) as usize;
        let grid = Grid::from_line(list[k]).ok()?;
        let n = grid.shape().side();
        // Relabel digits with a seeded shuffle.
        let mut perm: Vec<usize> = (1..=n).collect();
        let mut r = mix(seed ^ 0x5EED);
        for i in (1..n).rev() {
            r = mix(r);
            perm.swap(i, (r % (i as u64 + 1)) as usize);
        }
        let values: Vec<usize> = grid
            .values()
            .iter()
            .map(|&v| if v == 0 { 0 } else { perm[v as usize - 1] })
            .collect();
        let g = Grid::from_values(grid.shape(), &values).ok()?;
        let rating = level.rsplit('-').next().map(str::to_string);
        Some((g, format!("bundled {level} #{}", k + 1), rating))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_puzzle_is_unique() {
        for (level, line) in entries() {
            let g = Grid::from_line(line).unwrap();
            assert!(
                sudoku::solve::solve(&g).unique().is_some(),
                "{level} {line} has no unique solution"
            );
        }
    }

    #[test]
    fn games_are_seeded_and_relabelled() {
        let b = Bundled;
        assert!(b.levels().contains(&"easy".to_string()));
        let (a, _, _) = b.game("easy", 1).unwrap();
        let (a2, _, _) = b.game("easy", 1).unwrap();
        assert_eq!(a, a2);
        assert!(sudoku::solve::solve(&a).unique().is_some());
    }
}
