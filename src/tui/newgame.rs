//! Where new games come from: the [`NewGame`] trait; [`Generated`], fresh 9x9 puzzles from
//! the library's generator at HoDoKu's levels (easy … extreme), with the bundled puzzles of
//! other sizes after them; and [`Bundled`], a small list of puzzles by level shipped in the
//! binary (`puzzles.txt`), the fallback when generation gives up.

use sudoku::generate::Generator;
use sudoku::logic::Level;
use sudoku::rate::{Rater, Target};
use sudoku::{Grid, Shape};

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

/// HoDoKu's levels, easiest first, as the menu shows them.
const LEVELS: [Level; 5] = [
    Level::Easy,
    Level::Medium,
    Level::Hard,
    Level::Unfair,
    Level::Extreme,
];

/// New 9x9 puzzles from the generator at a HoDoKu level (or an SE range), rated on both
/// scales; other sizes from the bundle.
#[derive(Clone, Debug, Default)]
pub struct Generated {
    /// Attempts per game before falling back to the bundle (0: the generator's default).
    pub max_attempts: usize,
}

impl Generated {
    /// A puzzle meeting `target`, made from `seed`: the puzzle, its source and its rating.
    pub fn with_target(&self, target: Target, seed: u64) -> Option<(Grid, String, String)> {
        let what = describe(&target);
        let mut gen = Generator::new(Shape::NINE).seed(seed).difficulty(target);
        if self.max_attempts > 0 {
            gen = gen.max_attempts(self.max_attempts);
        }
        let made = gen.generate(0).ok()?;
        let rating = rating_text(&made.puzzle);
        Some((
            made.puzzle,
            format!("generated {what}, seed {seed}"),
            rating,
        ))
    }
}

/// `Hard 1240, SE 4.2`: both scales, as the status line shows them.
pub fn rating_text(grid: &Grid) -> String {
    let rater = Rater::new();
    let hd = rater.rate_hodoku(grid);
    let se = rater.rate_se(grid);
    format!("{} {}, SE {:.1}", hd.level.name(), hd.score, se.er)
}

fn describe(t: &Target) -> String {
    match (t.level, t.se) {
        (Some(l), _) => l.name().to_lowercase(),
        (None, Some((lo, hi))) if hi >= 20.0 => format!("SE {lo:.1}+"),
        (None, Some((lo, hi))) => format!("SE {lo:.1}-{hi:.1}"),
        _ => "puzzle".into(),
    }
}

impl NewGame for Generated {
    fn levels(&self) -> Vec<String> {
        let mut out: Vec<String> = LEVELS.iter().map(|l| l.name().to_lowercase()).collect();
        // The bundle's other sizes (its 9x9 levels are covered by the generator).
        out.extend(Bundled.levels().into_iter().filter(|l| {
            l.split_once('-')
                .is_some_and(|(size, _)| size.contains('x'))
        }));
        out
    }

    fn game(&self, level: &str, seed: u64) -> Option<(Grid, String, Option<String>)> {
        match Level::from_name(level) {
            Some(l) => {
                let target = Target {
                    level: Some(l),
                    ..Target::default()
                };
                match self.with_target(target, seed) {
                    Some((g, source, rating)) => Some((g, source, Some(rating))),
                    // Never leave the player without a game.
                    None => Bundled.game(if l <= Level::Hard { "easy" } else { "expert" }, seed),
                }
            }
            None => Bundled.game(level, seed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_games_meet_their_level() {
        let g = Generated::default();
        let levels = g.levels();
        assert_eq!(&levels[..3], ["easy", "medium", "hard"]);
        assert!(levels.iter().any(|l| l == "16x16-easy"));
        let (grid, source, rating) = g.game("hard", 11).unwrap();
        assert!(sudoku::solve::solve(&grid).unique().is_some());
        assert_eq!(Rater::new().rate_hodoku(&grid).level, Level::Hard);
        assert!(source.contains("seed 11"), "{source}");
        assert!(rating.unwrap().starts_with("Hard "));
        // The same seed gives the same game.
        assert_eq!(g.game("hard", 11).unwrap().0, grid);
        // Other sizes come from the bundle.
        assert_eq!(g.game("16x16-easy", 3).unwrap().0.shape().side(), 16);
    }

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
