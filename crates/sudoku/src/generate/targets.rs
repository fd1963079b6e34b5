//! Difficulty targets as the generator takes them: which shapes take one, which targets
//! guide clue removal, the givens they start from, and the targets no puzzle of a shape
//! can meet ([`super::Generator::check`]).

use super::default_givens;
use crate::shape::Shape;
use std::ops::RangeInclusive;

/// The biggest side a difficulty target ([`super::Generator::difficulty`]) is taken for.
/// Rating is a logic solve per puzzle tried, several per attempt: a 16x16 Hard or SE
/// 3.0-5.0 takes 0.1-8 s (guided), while one explanation of a hard 25x25 alone can take
/// minutes.
pub const TARGET_MAX_SIDE: usize = 16;

/// From this side up every target beyond singles with a direction (a level, or an SE range
/// alone) guides clue removal, not only Medium ([`super::Generator::difficulty`]): there
/// minimal puzzles are mostly Extreme, and rating them one after another found a 16x16
/// Hard or an SE 3.0-5.0 in no less than 40 s (seeds 1-2), and a 14x14 Hard in no less
/// than 20 s, where guided removal takes 0.4-8 s and 0.2-0.8 s. From 10x10 to 15x15,
/// seeds 1-2, Medium, Hard, Extreme and SE 3.0-5.0 each come guided in 0.01-4 s. 9x9
/// keeps the choice measured there (Medium alone).
pub(super) const GUIDE_EVERY_LEVEL_FROM_SIDE: usize = 10;

/// [`default_givens`] for a generator with a difficulty `target`: `None` (removal as far
/// as the target allows) for a target singles can't meet, whose puzzles are sparse, and
/// the default otherwise. At 16x16 the default's half of the cells given makes every
/// puzzle Easy, while minimal ones are seldom Easy.
///
/// ```
/// use sudoku::{generate::default_givens_for, logic::Level, rate::Target, Shape};
/// let sixteen = Shape::new(4, 4)?;
/// let easy = Target { level: Some(Level::Easy), ..Target::default() };
/// let hard = Target { level: Some(Level::Hard), ..Target::default() };
/// assert_eq!(default_givens_for(sixteen, &easy), Some(128..=140));
/// assert_eq!(default_givens_for(sixteen, &hard), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn default_givens_for(
    shape: Shape,
    target: &crate::rate::Target,
) -> Option<RangeInclusive<usize>> {
    if beyond_singles(target) {
        None
    } else {
        default_givens(shape)
    }
}

/// Whether `target` asks for more than singles: a level above Easy, an SE range above a
/// naked single's rating, or required techniques.
pub(super) fn beyond_singles(target: &crate::rate::Target) -> bool {
    !target.require.is_empty()
        || target.level.is_some_and(|l| l != crate::logic::Level::Easy)
        || target.se.is_some_and(|(lo, _)| lo > SINGLES_MAX_ER)
}

/// What `target` asks of a `shape` puzzle that none has, if anything. Every 4x4 puzzle
/// with one solution rates Easy, ER 1.2 at most (full houses and hidden singles), whatever
/// its boxes. With 2x2 boxes, checked on all 13,579,680 of them (each of the 288 grids
/// with each of its 65,536 subsets of givens, kept when the solution stays unique;
/// 2026-11-30, four minutes). With 1x4 (or 4x1) boxes, whose grids are the 576 Latin
/// squares of order 4, each a row, column and digit permutation of one of two: checked on
/// the 84,370 unique puzzles of those two (2026-11-30). A test checks the sparse ones of
/// both shapes again. Without this,
/// `generate --box 2x2 --difficulty medium` tried 10,000 grids for 35 s before saying no.
pub(super) fn out_of_reach(shape: Shape, target: &crate::rate::Target) -> Option<String> {
    use crate::logic::{Level, Technique};
    if shape.side() != 4 {
        return None;
    }
    if let Some(level) = target.level.filter(|&l| l != Level::Easy) {
        return Some(format!("is rated {}", level.name()));
    }
    if let Some((lo, _)) = target.se.filter(|&(lo, _)| lo > SMALLEST_MAX_ER) {
        return Some(format!("is rated ER {lo:.1} or more"));
    }
    let singles = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ];
    target
        .require
        .iter()
        .find(|t| !singles.contains(t))
        .map(|t| format!("needs {}", t.name()))
}

/// The highest SE rating of any 4x4 puzzle ([`out_of_reach`]).
const SMALLEST_MAX_ER: f32 = 1.2;

/// The highest SE rating of a puzzle that singles solve (a naked single).
const SINGLES_MAX_ER: f32 = 2.3;
