//! Canonical forms of puzzles of every shape: one representative per class of equivalent
//! puzzles, so that two puzzles are the same up to relabelling and re-orientation exactly
//! when their canonical forms are equal.
//!
//! The class of a puzzle is everything the geometric maps that keep a sudoku valid give
//! (bands in any order, rows in any order inside a band, stacks and columns likewise, and
//! transposition: 2 × 6⁸ maps for 9x9), each followed by relabelling digits. Transposing
//! turns boxes taller than wide into boxes wider than tall (a 6x6 of 3x2 boxes into one of
//! 2x3), so a puzzle of either is first transposed to wide boxes: a puzzle and its
//! transpose share one form, written with wide boxes. Two forms:
//!
//! * [`minlex`]: the smallest of them all, read row by row, an empty cell counting as 0
//!   (so empty cells come first), digits named in order of first appearance. Rows are
//!   chosen one at a time, keeping only the partial transforms whose rows so far are the
//!   smallest, each with the column orders still tied (`nine` for 9x9 on arrays, `any` for
//!   the rest). Ties multiply on grids with many symmetries: past `any::MAX_WORK` the
//!   answer is [`CanonicalError::TooSymmetric`] (a 16x16 with two givens; most puzzles
//!   past 16x16).
//! * [`refined`]: the smallest of the few grids that colour refinement and
//!   individualisation single out (`refine`, the method of graph canonisers), found in
//!   milliseconds on puzzles of every size and on most solved grids; bounded too.
//!
//! [`form`] is the one the faces use: minlex for 9x9, as the minlex lists write it (81
//! characters, `0` for empty cells), refined for every other shape, in the line format
//! (`.` for empty cells, the puzzle's side and boxes readable back).
//!
//! The map that gives a form is a [`Transform`] (the `transform` module's, re-exported
//! here). Depends on [`crate::grid`], [`crate::format`] and below.

mod any;
mod nine;
mod refine;

use crate::grid::Grid;
use crate::shape::Shape;

pub use crate::transform::Transform;

/// `t` after transposing: the transform of a grid whose transpose `t` applies to (`t`
/// itself does not transpose).
fn after_transposing(t: Transform) -> Transform {
    Transform {
        shape: t.shape.transposed(),
        transpose: true,
        ..t
    }
}

/// Whether `shape`'s boxes are taller than wide: its grids' forms are those of their
/// transposes (module doc).
fn tall(shape: Shape) -> bool {
    shape.box_rows() > shape.box_cols()
}

/// The form `find` gives `grid`'s transpose, as a form of `grid` (its transform
/// transposes first): the form of a grid in tall boxes (module doc).
fn through_transpose(
    grid: &Grid,
    find: fn(&Grid) -> Result<Canonical, CanonicalError>,
) -> Result<Canonical, CanonicalError> {
    let wide = find(&transposed(grid))?;
    Ok(Canonical::of(grid, after_transposing(wide.transform), None))
}

/// `grid` transposed: rows become columns, and the shape's boxes turn with them.
fn transposed(grid: &Grid) -> Grid {
    let flip = Transform {
        transpose: true,
        ..Transform::identity(grid.shape())
    };
    flip.apply(grid)
}

/// A puzzle's canonical form and the transform that gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The form as a line: 81 characters with `0` for empty cells for 9x9, the line format
    /// for other shapes.
    pub line: String,
    /// `transform.apply(puzzle)` is the canonical grid.
    pub transform: Transform,
    grid: Grid,
}

impl Canonical {
    /// `transform` applied to `source`, written as `line` or else in the line format (`.`
    /// for empty cells, the side and boxes readable back).
    fn of(source: &Grid, transform: Transform, line: Option<String>) -> Canonical {
        let grid = transform.apply(source);
        let line = line.unwrap_or_else(|| {
            crate::format::write_grid(&grid, crate::format::Format::Line)
                .expect("the line format writes every shape")
        });
        Canonical {
            line,
            transform,
            grid,
        }
    }

    /// The canonical form as a grid.
    pub fn grid(&self) -> Grid {
        self.grid.clone()
    }
}

/// Why [`minlex`] gave no form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CanonicalError {
    /// The search outgrew its bound (`any::MAX_WORK` for [`minlex`], `refine::MAX_WORK` for
    /// [`refined`]): a grid with that many ties (for minlex a nearly empty 16x16, for the
    /// refined form a solved 144x144 with few symmetries, say).
    #[error(
        "no canonical form for this {} grid: its re-orientations tie too often for the \
         search's bounds (as on some solved or very regular grids from 144x144 up)",
        .0.grid_name()
    )]
    TooSymmetric(Shape),
}

/// The minlex canonical form of a grid of any shape (its filled cells, givens or not).
///
/// ```
/// use sudoku::{canonical, Grid};
/// let p = Grid::from_line(
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let c = canonical::minlex(&p)?;
/// assert_eq!(c.line.len(), 81);
/// assert_eq!(c.transform.apply(&p), c.grid());
/// // Relabelling or re-orienting the puzzle changes nothing.
/// let identity = canonical::Transform::identity(p.shape());
/// let moved = canonical::Transform { transpose: true, ..identity };
/// assert_eq!(canonical::minlex(&moved.apply(&p))?.line, c.line);
/// // Any shape: a 6x6 puzzle and its copy with two bands swapped.
/// let six = sudoku::format::parse_str("1.....4..2....3..4....5..6....1.....", None)?.grid;
/// let swapped = canonical::Transform {
///     rows: vec![2, 3, 0, 1, 4, 5],
///     ..canonical::Transform::identity(six.shape())
/// };
/// assert_eq!(canonical::minlex(&swapped.apply(&six))?.line, canonical::minlex(&six)?.line);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minlex(grid: &Grid) -> Result<Canonical, CanonicalError> {
    let shape = grid.shape();
    if tall(shape) {
        return through_transpose(grid, minlex);
    }
    // 9x9 keeps the minlex lists' 81 digits; other shapes are written from the canonical
    // grid as a line that reads back.
    let (transform, nine_line) = if shape.is_nine() {
        let (line, transform) = nine::minlex(grid);
        (transform, Some(line))
    } else {
        let transform = any::minlex(grid).ok_or(CanonicalError::TooSymmetric(shape))?;
        (transform, None)
    };
    Ok(Canonical::of(grid, transform, nine_line))
}

/// The canonical form of a grid of any shape: [`minlex`] for 9x9 (the form the minlex
/// lists of 9x9 puzzles use), [`refined`] for every other shape, where no list sets a
/// standard and the minlex search ties past its bounds on nearly empty grids from 12x12
/// up and on most puzzles past 16x16.
///
/// ```
/// use sudoku::canonical;
/// let gen = sudoku::generate::Generator::new(sudoku::Shape::new(5, 5)?).givens(320..=340);
/// let p = gen.seed(3).generate(0)?;
/// let c = canonical::form(&p.puzzle)?;
/// assert_eq!(c.transform.apply(&p.puzzle), c.grid());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn form(grid: &Grid) -> Result<Canonical, CanonicalError> {
    if grid.shape().is_nine() {
        minlex(grid)
    } else {
        refined(grid)
    }
}

/// A canonical form for every shape found by colour refinement (`refine.rs`): two puzzles
/// are equivalent exactly when their forms are equal, as with [`minlex`], but the form is
/// the smallest of a few candidate grids rather than of every re-orientation, so it is
/// not the minlex form. It takes milliseconds where the minlex search ties past its
/// bounds (most puzzles past 16x16) and at most about a second on solved grids to
/// 400x400; a few very regular grids still run past its bound (a 400x400 with one full
/// row and nothing else).
pub fn refined(grid: &Grid) -> Result<Canonical, CanonicalError> {
    if tall(grid.shape()) {
        return through_transpose(grid, refined);
    }
    let transform = refine::canonical(grid).ok_or(CanonicalError::TooSymmetric(grid.shape()))?;
    Ok(Canonical::of(grid, transform, None))
}

/// The canonical line of a grid: [`form`] without the transform.
pub fn canonical_line(grid: &Grid) -> Result<String, CanonicalError> {
    form(grid).map(|c| c.line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::{Cell, Digit};

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn transform_round_trips() {
        let g = Grid::from_line(P).unwrap();
        let t = Transform {
            shape: Shape::NINE,
            transpose: true,
            rows: vec![5, 3, 4, 8, 6, 7, 1, 2, 0],
            cols: vec![2, 0, 1, 6, 8, 7, 4, 5, 3],
            digits: vec![0, 3, 1, 2, 9, 8, 7, 5, 4, 6],
        };
        assert!(t.is_valid());
        assert_eq!(t.inverse().apply(&t.apply(&g)), g);
        assert_eq!(t.apply(&t.inverse().apply(&g)), g);
        let broken = Transform {
            rows: vec![5, 3, 0, 8, 6, 7, 1, 2, 4],
            ..t.clone()
        };
        assert!(!broken.is_valid(), "row 0 moved out of its band");
        let six = Shape::new(2, 3).unwrap();
        let flipped = Transform {
            transpose: true,
            rows: vec![2, 1, 0, 5, 4, 3],
            cols: vec![1, 0, 3, 2, 5, 4],
            ..Transform::identity(six)
        };
        assert!(
            flipped.is_valid(),
            "rows in bands of three, columns in stacks of two"
        );
        assert_eq!(flipped.result_shape(), Shape::new(3, 2).unwrap());
        let made = crate::generate::Generator::new(six)
            .seed(5)
            .generate(0)
            .unwrap();
        let back = flipped.inverse();
        assert_eq!(back.shape, Shape::new(3, 2).unwrap());
        assert_eq!(back.apply(&flipped.apply(&made.puzzle)), made.puzzle);
        let solved = flipped.apply(&made.solution);
        assert!(
            solved.is_full() && solved.conflicts().is_empty(),
            "still a solution"
        );
        let out_of_band = Transform {
            rows: vec![1, 0, 3, 2, 5, 4],
            ..flipped
        };
        assert!(
            !out_of_band.is_valid(),
            "3x2 boxes: rows move in bands of three"
        );
    }

    #[test]
    fn canonical_is_applied_transform() {
        let g = Grid::from_line(P).unwrap();
        let c = minlex(&g).unwrap();
        assert!(c.transform.is_valid());
        assert_eq!(
            crate::format::line::write_line(&c.transform.apply(&g)).replace('.', "0"),
            c.line
        );
        assert_eq!(minlex(&c.grid()).unwrap().line, c.line);
    }

    #[test]
    fn the_general_search_agrees_with_the_nine_by_nine_one() {
        let g = Grid::from_line(P).unwrap();
        let fast = minlex(&g).unwrap();
        let general = any::minlex(&g).unwrap();
        assert_eq!(general.apply(&g), fast.grid());
    }

    /// Puzzles of many shapes, their solutions, a sparse cut of each and the empty grid.
    fn refined_cases() -> Vec<Grid> {
        use crate::generate::Generator;
        let mut grids = Vec::new();
        for (br, bc) in [
            (2, 3),
            (3, 2),
            (3, 3),
            (4, 4),
            (3, 6),
            (4, 5),
            (5, 4),
            (5, 5),
            (6, 6),
        ] {
            let shape = Shape::new(br, bc).unwrap();
            let n = shape.side();
            let made = Generator::new(shape)
                .seed(11)
                .givens(n * n / 2..=n * n * 11 / 20)
                .generate(0)
                .unwrap();
            let mut sparse = made.puzzle.clone();
            for i in (0..n * n).filter(|i| i % 7 != 0) {
                sparse.set(Cell::new(i), None);
            }
            grids.extend([made.puzzle, made.solution, sparse, Grid::empty(shape)]);
        }
        grids
    }

    #[test]
    fn the_refined_form_ignores_reorientation_and_relabelling() {
        for g in refined_cases() {
            let c = refined(&g).unwrap();
            assert!(c.transform.is_valid());
            assert_eq!(c.transform.apply(&g), c.grid());
            assert_eq!(
                refined(&c.grid()).unwrap().line,
                c.line,
                "the form is its own form"
            );
            for seed in 1..=4 {
                let moved = crate::transform::Transform::seeded(g.shape(), seed).apply(&g);
                assert_eq!(refined(&moved).unwrap().line, c.line, "{}", c.line);
            }
            // 3x2 boxes and 2x3 ones: a grid and its transpose share the form, wide boxes.
            assert_eq!(refined(&transposed(&g)).unwrap().line, c.line);
            assert!(c.grid().shape().box_rows() <= c.grid().shape().box_cols());
        }
    }

    #[test]
    fn refined_forms_match_exactly_when_minlex_forms_do() {
        // Nine-by-nine puzzles, cuts of the most symmetric grid (the formula's: its many
        // symmetries are what the refined search prunes by) and re-oriented copies of
        // each: equal refined forms must mean equivalent grids, which minlex decides.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/puzzles/17clue-200.txt"
        ))
        .unwrap();
        let mut grids: Vec<Grid> = text
            .lines()
            .take(30)
            .map(|line| Grid::from_line(line.trim()).unwrap())
            .collect();
        let formula = |i: usize| ((i / 9 % 3) * 3 + i / 27 + i % 9) % 9 + 1;
        for cut in 0..12 {
            let line: String = (0..81)
                .map(|i| match (i * 7 + cut * 5) % (2 + cut % 4) {
                    0 if cut > 0 => '.',
                    _ => char::from(b'0' + formula(i) as u8),
                })
                .collect();
            grids.push(Grid::from_line(&line).unwrap());
        }
        for i in 0..grids.len() {
            for seed in 0..2 {
                let moved = crate::transform::Transform::seeded(Shape::NINE, (i * 2 + seed) as u64);
                grids.push(moved.apply(&grids[i]));
            }
        }
        let forms: Vec<(String, String)> = grids
            .iter()
            .map(|g| (minlex(g).unwrap().line, refined(g).unwrap().line))
            .collect();
        let classes = forms
            .iter()
            .map(|f| &f.0)
            .collect::<std::collections::HashSet<_>>();
        assert!(classes.len() > 32, "{} classes", classes.len());
        for a in &forms {
            for b in &forms {
                assert_eq!(a.0 == b.0, a.1 == b.1, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn the_form_is_minlex_for_nine_by_nine_and_refined_for_the_rest() {
        let made = crate::generate::Generator::new(Shape::new(5, 5).unwrap())
            .seed(2)
            .givens(320..=340)
            .generate(0)
            .unwrap();
        assert_eq!(form(&made.puzzle).unwrap(), refined(&made.puzzle).unwrap());
        let g = Grid::from_line(P).unwrap();
        assert_eq!(form(&g).unwrap(), minlex(&g).unwrap());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 48,
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Random grids of small shapes, cut from the formula grid (many symmetries) or
        /// filled at random (clashes included), at every density: a re-oriented and
        /// relabelled copy has the same refined form, and the form is the grid moved.
        #[test]
        fn refined_forms_survive_random_moves(
            seed in proptest::prelude::any::<u64>(),
            which in 0usize..8,
            keep in 0u64..=100,
            noisy in proptest::prelude::any::<bool>(),
        ) {
            use rand::{Rng, SeedableRng};
            let (br, bc) = [(2, 2), (1, 4), (2, 3), (3, 2), (2, 4), (3, 3), (1, 7), (3, 4)][which];
            let shape = Shape::new(br, bc).unwrap();
            let n = shape.side();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut g = Grid::empty(shape);
            for i in 0..n * n {
                let (r, c) = (i / n, i % n);
                let formula = ((r % br) * bc + r / br + c) % n + 1;
                let d = if noisy { rng.gen_range(1..=n) } else { formula };
                if rng.gen_range(0..100) < keep {
                    g.set(Cell::new(i), Some(Digit::new(d)));
                }
            }
            let g = crate::transform::Transform::seeded(shape, seed ^ 1).apply(&g);
            let c = refined(&g).unwrap();
            proptest::prop_assert_eq!(c.transform.apply(&g), c.grid());
            let moved = crate::transform::Transform::seeded(shape, seed ^ 2).apply(&g);
            proptest::prop_assert_eq!(&refined(&moved).unwrap().line, &c.line);
            proptest::prop_assert_eq!(refined(&transposed(&moved)).unwrap().line, c.line);
        }
    }

    #[test]
    fn a_puzzle_and_its_transpose_share_the_minlex_form() {
        for (br, bc) in [(2, 3), (3, 2), (3, 4), (4, 3)] {
            let shape = Shape::new(br, bc).unwrap();
            let made = crate::generate::Generator::new(shape)
                .seed(9)
                .generate(0)
                .unwrap();
            let c = minlex(&made.puzzle).unwrap();
            assert!(c.transform.is_valid());
            assert_eq!(c.transform.apply(&made.puzzle), c.grid());
            assert_eq!(
                c.grid().shape(),
                Shape::new(br.min(bc), br.max(bc)).unwrap()
            );
            let flipped = transposed(&made.puzzle);
            assert_eq!(flipped.shape(), shape.transposed());
            assert_eq!(minlex(&flipped).unwrap().line, c.line);
            assert_eq!(
                form(&flipped).unwrap().line,
                form(&made.puzzle).unwrap().line
            );
        }
    }
}
