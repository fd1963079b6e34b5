//! Patterns that can't hold a unique puzzle whatever digits they get, found before a
//! single grid is tried (docs/giant-grids.md, Patterns): each check is a proof, not a
//! guess.
//!
//! * Too few givens. With fewer than `n - 1` givens two digits are absent, and swapping
//!   them in a solution gives another. For 4x4, 6x6 and 9x9 the least number of givens of
//!   a unique puzzle is known from exhaustive searches (4, 8 and 17).
//! * Two rows of one band (or two columns of one stack) without a given: swapping them
//!   in a solution keeps every given and the rules, so it gives another solution.

use crate::shape::Shape;

/// The least number of givens of a unique puzzle of `shape` that we can vouch for.
pub fn least_givens(shape: Shape) -> usize {
    let n = shape.side();
    match n {
        // Exhaustive searches: 4x4 (4), 6x6 in 2x3 or 3x2 boxes (8), 9x9 (17, McGuire,
        // Tugemann and Civario, 2012).
        4 => 4,
        6 => 8,
        9 if shape.is_nine() => 17,
        _ => n.saturating_sub(1),
    }
}

/// Why the pattern `mask` (given cells `true`, row-major) can't hold a unique puzzle of
/// `shape`, if one of the checks above proves it.
///
/// ```
/// use sudoku::{generate::pattern_flaw, Shape};
/// let mut mask = vec![true; 81];
/// assert_eq!(pattern_flaw(Shape::NINE, &mask), None);
/// for c in 9..27 {
///     mask[c] = false; // rows 2 and 3, both in the first band
/// }
/// let flaw = pattern_flaw(Shape::NINE, &mask).ok_or("expected a flaw")?;
/// assert!(flaw.contains("rows 2 and 3"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pattern_flaw(shape: Shape, mask: &[bool]) -> Option<String> {
    let n = shape.side();
    let givens = mask.iter().filter(|&&g| g).count();
    let least = least_givens(shape);
    if givens < least {
        return Some(format!(
            "it has {givens} givens, and no {n}x{n} puzzle with fewer than {least} has a \
             unique solution"
        ));
    }
    let row_empty = |r: usize| (0..n).all(|c| !mask[r * n + c]);
    let col_empty = |c: usize| (0..n).all(|r| !mask[r * n + c]);
    let twin = |empty: &dyn Fn(usize) -> bool, group: usize| {
        (0..n).step_by(group).find_map(|start| {
            let mut found = (start..start + group).filter(|&i| empty(i));
            Some((found.next()?, found.next()?))
        })
    };
    if let Some((a, b)) = twin(&row_empty, shape.box_rows()) {
        return Some(format!(
            "rows {} and {} have no givens and lie in the same band: swapping them in a \
             solution gives another",
            a + 1,
            b + 1
        ));
    }
    if let Some((a, b)) = twin(&col_empty, shape.box_cols()) {
        return Some(format!(
            "columns {} and {} have no givens and lie in the same stack: swapping them in \
             a solution gives another",
            a + 1,
            b + 1
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask_of(line: &str) -> Vec<bool> {
        line.chars().map(|c| c != '.').collect()
    }

    #[test]
    fn counts_and_twins() {
        let nine = Shape::NINE;
        // 16 givens, spread out: too few for 9x9 (and nothing else wrong).
        let mut m = vec![false; 81];
        for i in 0..16 {
            m[(i % 9) * 9 + (i * 4) % 9] = true;
        }
        assert!(pattern_flaw(nine, &m).unwrap().contains("fewer than 17"));
        // Columns 1 and 3 in the first stack empty, every row used.
        let mut m = vec![true; 81];
        for r in 0..9 {
            m[r * 9] = false;
            m[r * 9 + 2] = false;
        }
        assert!(pattern_flaw(nine, &m).unwrap().contains("columns 1 and 3"));
        // Empty rows in different bands prove nothing.
        let mut m = vec![true; 81];
        for c in 0..9 {
            m[c] = false;
            m[36 + c] = false;
        }
        assert_eq!(pattern_flaw(nine, &m), None);
        // 6x6 in 3x2 boxes: bands are three rows tall.
        let six = Shape::new(3, 2).unwrap();
        let m = mask_of("123456............123456123456123456");
        assert!(pattern_flaw(six, &m).unwrap().contains("rows 2 and 3"));
        let two_by_three = Shape::new(2, 3).unwrap();
        assert_eq!(pattern_flaw(two_by_three, &m), None);
    }
}
