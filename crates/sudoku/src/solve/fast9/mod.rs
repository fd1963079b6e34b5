//! The 9x9 engine: band bitboards, bit-parallel propagation, branching on band
//! configurations.
//!
//! This module owns everything specific to solving 9x9 grids fast: the representation, the
//! propagation, the search, and the [`Fast9`] [`Engine`] that [`super::engine_for`] hands
//! every 9x9 grid to. `docs/how-it-works.md` in the repository tells the story with
//! measurements.
//!
//! # Layout
//!
//! The candidates are 27 words of 27 bits: one word per (digit, band). A *band* is three
//! rows; bit `9·r + c` of a band word is row `r` of the band, column `c`, so that cell
//! `27·b + i` of the row-major grid is bit `i` of band `b`:
//!
//! ```text
//!            stack 0     stack 1     stack 2
//!           c0 c1 c2 |  c3 c4 c5 |  c6 c7 c8
//!  band 0   ---------+-----------+----------
//!   row 0:   0  1  2 |   3  4  5 |   6  7  8     word cand[0][d], bits 0..27
//!   row 1:   9 10 11 |  12 13 14 |  15 16 17
//!   row 2:  18 19 20 |  21 22 23 |  24 25 26
//!  band 1   ---------+-----------+----------     word cand[1][d]
//!  band 2   ---------+-----------+----------     word cand[2][d]
//!
//!  triads of a band (3 cells of a row inside a box), triad mask bit 3·r + k:
//!   row 0:  [t0      ][t1        ][t2      ]
//!   row 1:  [t3      ][t4        ][t5      ]
//!   row 2:  [t6      ][t7        ][t8      ]
//! ```
//!
//! A placed digit keeps its bit in its own word and is cleared from the other eight, so a
//! solved grid is nine words per band with one bit per row each. A second array of 3 words
//! (`unsolved`) says which cells are not yet placed.
//!
//! # Propagation
//!
//! A worklist of the digits whose words changed; for each:
//! * **band pass**: the triads a digit still has in a band must contain a permutation
//!   (one triad per row and per box); triads in no fitting permutation go
//!   (`tables::PERMS`). That is pointing and claiming inside the band, hidden singles in
//!   boxes, and the empty-row / empty-box contradiction, in three lookups and an AND.
//! * **stack pass**: the same on (band, column) pairs of each stack: the digit takes one
//!   column per band and one band per column of the stack (shifts and masks, no table).
//!   Locked candidates across bands, and with the band pass, hidden singles in columns.
//! * **row singles**: a row with one bit left is placed: the cell leaves the other digits'
//!   words (nine adjacent words, since the words are stored band by band), which puts
//!   those digits on the worklist. The digit's own peers are already gone at this point.
//!
//! When the worklist is empty, **naked singles** in the bands that changed: a bit-sliced
//! count of the nine words of a band gives the cells with exactly one candidate, and
//! those with none.
//!
//! Last, once per node, the **triad rule**: a triad's three cells hold three different
//! digits, so a triad with three possible digits takes them (they leave its row and box
//! mates), and a triad three digits are forced into takes no other. Applied to horizontal
//! triads per band and vertical triads per stack, all six units at once in one 54-bit word
//! per digit.
//!
//! # Search
//!
//! A digit's *configurations* in a band are the permutations its triad mask contains (at
//! most six). The search picks the band or stack with the fewest configurations over all
//! digits that is not yet fixed, and in it the digit with the fewest configurations above
//! one, then tries each configuration on a copy of the state (318 bytes). Trying one of `n`
//! counts as a guess, except the last. No allocation happens per puzzle.
//!
//! # The root, in SIMD
//!
//! A puzzle starts where every digit has changed, and quick puzzles spend most of their
//! time there (17-clue: 80%, serg: 23%). So the root alone has vector code, in `simd`,
//! picked at run time:
//! * **the givens**: nine byte compares per register give each digit's cells as a mask
//!   (AVX-512BW: two registers; AVX2: three; SSE2: six), and the start state is built from
//!   the masks a band at a time in 16 lanes, with no branch per cell;
//! * **the root propagation** (AVX-512 only): *sweeps* over all 27 words at once, band `b`
//!   one 16-lane register (lane = digit): the band pass without tables, the stack pass, row
//!   and naked singles, until a sweep changes nothing. Below the root one digit changes at a
//!   time, and the worklist does less work than a sweep.
//!
//! Every path reaches the same state as the portable code (tested on every CPU path the
//! machine running the tests has), so results and guess counts do not depend on the CPU.
//! The `unsafe` of the crate is there: target-feature calls after detection, and masked
//! loads and stores, each with a `// SAFETY:` line.

mod engine;
mod simd;
mod tables;

use super::{Engine, Search, Stop};
use crate::grid::{Candidates, Grid};
use crate::index::{Cell, Digit};
use engine::State;

/// A puzzle as the engine takes it: 81 cells row-major, `0` for empty, `1`-`9` for a digit.
pub type Cells = [u8; 81];

/// How a search went: the solutions counted (up to the limit asked) and the guesses made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, never more than the limit.
    pub count: usize,
    /// Guesses: each configuration tried at a branch point, except the last one (so a
    /// two-way branch is one guess, as in tdoku).
    pub guesses: u64,
}

/// The propagated starting state of a puzzle, or `None` when the givens contradict each
/// other (a digit twice in a house, a value above 9), a given is one of the `excluded`
/// placements, or propagation alone finds no solution.
fn start(
    puzzle: &Cells,
    marks: Option<&Candidates>,
    excluded: &[(usize, u8)],
    masks: &mut engine::Masks,
) -> Option<State> {
    let mut st = simd::givens(puzzle)?;
    for &(cell, v) in excluded {
        assert!(
            cell < 81 && (1..=9).contains(&v),
            "excluded placement ({cell}, {v}) out of range"
        );
        match puzzle[cell] {
            0 => st.remove(cell, v as usize - 1),
            g if g == v => return None,
            _ => {}
        }
    }
    if let Some(m) = marks {
        for (cell, &v) in puzzle.iter().enumerate() {
            if v == 0 {
                let keep = m.get(Cell::new(cell));
                for d in 0..9 {
                    if !keep.contains(Digit::from_index(d)) {
                        st.remove(cell, d);
                    }
                }
            }
        }
    }
    if simd::propagate_all_digits(&mut st) && st.propagate_with(masks, true, 0) {
        Some(st)
    } else {
        None
    }
}

/// Counts the solutions of `puzzle` up to `limit`, calling `on_solution` with each one
/// found (in search order). The core of every other function here.
///
/// ```
/// use sudoku::solve::fast9;
/// let mut puzzle = [0u8; 81];
/// puzzle[0] = 1;
/// let mut seen = 0;
/// let c = fast9::search(&puzzle, 3, &mut |s| {
///     assert_eq!(s[0], 1);
///     seen += 1;
/// });
/// assert_eq!((c.count, seen), (3, 3));
/// ```
pub fn search(puzzle: &Cells, limit: usize, on_solution: &mut dyn FnMut(&Cells)) -> Count {
    search_marked(puzzle, None, &[], limit, Some(on_solution), &Stop::never()).0
}

/// The search behind every function here; with `true` when `stop` ended it before the
/// limit (it is looked at only between solutions, every few thousand of them: a long
/// count is the only 9x9 search that takes long).
fn search_marked(
    puzzle: &Cells,
    marks: Option<&Candidates>,
    excluded: &[(usize, u8)],
    limit: usize,
    on_solution: Option<&mut dyn FnMut(&Cells)>,
    stop: &Stop,
) -> (Count, bool) {
    if limit == 0 {
        return (Count::default(), false);
    }
    let mut masks = engine::Masks::default();
    let Some(st) = start(puzzle, marks, excluded, &mut masks) else {
        return (Count::default(), false);
    };
    let mut s = engine::Search {
        count: 0,
        limit,
        guesses: 0,
        on_solution,
        masks,
        stop,
        stopped: false,
    };
    s.run(st);
    let count = Count {
        count: s.count,
        guesses: s.guesses,
    };
    (count, s.stopped)
}

/// The number of solutions of `puzzle`, counting no further than `limit`, and the guesses
/// it took. `count(p, 2).count == 1` is the uniqueness check.
///
/// ```
/// use sudoku::solve::fast9;
/// let mut p = [0u8; 81];
/// p[0] = 5;
/// p[1] = 5; // a clash: no solution, no panic
/// assert_eq!(fast9::count(&p, 2).count, 0);
/// ```
pub fn count(puzzle: &Cells, limit: usize) -> Count {
    search_marked(puzzle, None, &[], limit, None, &Stop::never()).0
}

/// As [`count`], counting only the solutions in which none of the `excluded` placements
/// `(cell, digit)` holds (cells 0-80 row-major, digits 1-9; panics outside). An excluded
/// placement that is a given leaves no solution. No allocation.
///
/// This is the generator's uniqueness test: when `s` is the only solution of a puzzle and
/// cell `c` is emptied, the new puzzle is still unique exactly when
/// `count_excluding(&p, &[(c, s[c])], 1).count == 0`: one search for one solution, instead
/// of counting to two.
///
/// ```
/// use sudoku::solve::fast9;
/// let mut p = [0u8; 81];
/// p[0] = 1;
/// assert_eq!(fast9::count_excluding(&p, &[(0, 1)], 1).count, 0);
/// // Digit 2 kept out of cell 1: solutions remain.
/// assert_eq!(fast9::count_excluding(&p, &[(1, 2)], 1).count, 1);
/// ```
pub fn count_excluding(puzzle: &Cells, excluded: &[(usize, u8)], limit: usize) -> Count {
    search_marked(puzzle, None, excluded, limit, None, &Stop::never()).0
}

/// As [`count_excluding`] with limit 1, giving the solution found: a solution in which
/// none of the `excluded` placements holds, if there is one.
///
/// ```
/// use sudoku::solve::fast9;
/// let mut p = [0u8; 81];
/// p[0] = 1;
/// let s = fast9::solution_excluding(&p, &[(1, 2)]).ok_or("no solution")?;
/// assert!(s[0] == 1 && s[1] != 2);
/// assert_eq!(fast9::solution_excluding(&p, &[(0, 1)]), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solution_excluding(puzzle: &Cells, excluded: &[(usize, u8)]) -> Option<Cells> {
    let mut out = None;
    search_marked(
        puzzle,
        None,
        excluded,
        1,
        Some(&mut |s| out = Some(*s)),
        &Stop::never(),
    );
    out
}

/// The first solution found, if any (whether or not it is unique), and the guesses made.
pub fn solve(puzzle: &Cells) -> (Option<Cells>, u64) {
    let mut out = None;
    let c = search(puzzle, 1, &mut |s| out = Some(*s));
    (out, c.guesses)
}

/// Up to `limit` solutions, in search order, and the guesses made.
pub fn solutions(puzzle: &Cells, limit: usize) -> (Vec<Cells>, u64) {
    let mut out = Vec::new();
    let c = search(puzzle, limit, &mut |s| out.push(*s));
    (out, c.guesses)
}

/// The 9x9 engine behind [`super::engine_for`] for 9x9 grids (pencil marks included).
#[derive(Clone, Copy, Debug, Default)]
pub struct Fast9;

impl Engine for Fast9 {
    /// As [`super::general::search`]; panics if `grid` is not 9x9. It answers in
    /// microseconds, so `options` are not read, and `stop` only between solutions of a
    /// long count.
    fn search_with(
        &self,
        grid: &Grid,
        marks: Option<&Candidates>,
        limit: usize,
        keep: usize,
        stop: &Stop,
        _options: super::general::Options,
    ) -> Search {
        assert!(
            grid.shape().is_nine(),
            "the fast9 engine only takes 9x9 grids"
        );
        let mut puzzle = [0u8; 81];
        for (p, &v) in puzzle.iter_mut().zip(grid.values()) {
            // Values above 9 make the puzzle unsolvable; keep them so `start` says so.
            *p = v.min(10) as u8;
        }
        let mut solutions = Vec::new();
        let mut keep_one = |s: &Cells| {
            if solutions.len() < keep {
                let mut g = grid.clone();
                for (i, &v) in s.iter().enumerate() {
                    let cell = Cell::new(i);
                    if !grid.is_given(cell) {
                        g.set(cell, Some(Digit::new(v as usize)));
                    }
                }
                solutions.push(g);
            }
        };
        let on_solution: Option<&mut dyn FnMut(&Cells)> =
            if keep > 0 { Some(&mut keep_one) } else { None };
        let (c, stopped) = search_marked(&puzzle, marks, &[], limit, on_solution, stop);
        Search {
            count: c.count,
            solutions,
            guesses: c.guesses,
            stopped,
        }
    }
}

#[cfg(test)]
mod tests;
