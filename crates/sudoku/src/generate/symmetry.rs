//! Symmetries of the pattern of givens: the eight geometric maps of the square (rotations
//! and mirrors), the groups a generator can ask for ([`Symmetry`]), the orbits of cells
//! under a group, and which symmetries a puzzle has ([`symmetries_of`]).
//!
//! A symmetry here is a property of *where* the givens stand, not of their digits: the
//! pattern is invariant when every map of the group sends a given's cell to a given's cell.
//! Every grid is square (`n × n`), so every map, the quarter turn included, applies to every
//! shape; for boxes that are not square (2x3) a quarter turn does not map boxes to boxes,
//! which does not matter for a pattern of cells.

use crate::grid::Grid;
use crate::index::Cell;
use crate::shape::Shape;
use std::fmt;

/// One of the eight geometric maps of the square grid onto itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Map {
    Identity,
    /// Quarter turn clockwise.
    Rotate90,
    Rotate180,
    Rotate270,
    /// Top and bottom swap (mirror in the horizontal axis).
    FlipRows,
    /// Left and right swap (mirror in the vertical axis).
    FlipCols,
    /// Mirror in the main diagonal (r1c1 to r9c9): rows become columns.
    Transpose,
    /// Mirror in the anti-diagonal (r1c9 to r9c1).
    AntiTranspose,
}

impl Map {
    /// Where cell (`r`, `c`) goes, in a grid of side `n`.
    #[inline]
    fn apply(self, n: usize, r: usize, c: usize) -> (usize, usize) {
        let m = n - 1;
        match self {
            Map::Identity => (r, c),
            Map::Rotate90 => (c, m - r),
            Map::Rotate180 => (m - r, m - c),
            Map::Rotate270 => (m - c, r),
            Map::FlipRows => (m - r, c),
            Map::FlipCols => (r, m - c),
            Map::Transpose => (c, r),
            Map::AntiTranspose => (m - c, m - r),
        }
    }
}

/// A symmetry of the pattern of givens, as a group of geometric maps.
///
/// ```
/// use sudoku::generate::Symmetry;
/// let s: Symmetry = "rot180".parse()?;
/// assert_eq!(s, Symmetry::Rotational180);
/// assert_eq!(s.name(), "rot180");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// Invariant under a half turn (the usual newspaper symmetry).
    Rotational180,
    /// Invariant under a quarter turn (and so under every rotation).
    Rotational90,
    /// Mirror in the horizontal axis: row `r` and row `n-1-r` match.
    Horizontal,
    /// Mirror in the vertical axis: column `c` and column `n-1-c` match.
    Vertical,
    /// Mirror in the main diagonal (r1c1 to rncn).
    Diagonal,
    /// Mirror in the anti-diagonal (r1cn to rnc1).
    AntiDiagonal,
    /// Both diagonal mirrors (and so the half turn).
    BothDiagonals,
    /// Both axis mirrors (and so the half turn).
    BothMirrors,
    /// All eight maps of the square: every rotation and every mirror.
    Full,
}

impl Symmetry {
    /// Every symmetry, strongest groups first; [`symmetries_of`] lists them in this order.
    pub const ALL: &'static [Symmetry] = &[
        Symmetry::Full,
        Symmetry::Rotational90,
        Symmetry::BothDiagonals,
        Symmetry::BothMirrors,
        Symmetry::Rotational180,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::None,
    ];

    /// The name used by `--symmetry` and in JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational180 => "rot180",
            Symmetry::Rotational90 => "rot90",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::BothDiagonals => "bidiagonal",
            Symmetry::BothMirrors => "orthogonal",
            Symmetry::Full => "full",
        }
    }

    /// The symmetry named `name` ([`Symmetry::name`] or a common alias), case-insensitive.
    pub fn from_name(name: &str) -> Option<Symmetry> {
        let lower = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Symmetry::ALL
            .iter()
            .copied()
            .find(|s| s.name() == lower)
            .or(match lower.as_str() {
                "" | "no" | "asymmetric" => Some(Symmetry::None),
                "180" | "rotational" | "rotational180" | "rotational-180" | "r180" | "central" => {
                    Some(Symmetry::Rotational180)
                }
                "90" | "rotational90" | "rotational-90" | "r90" => Some(Symmetry::Rotational90),
                "mirror-h" | "h" | "horizontal-mirror" => Some(Symmetry::Horizontal),
                "mirror-v" | "v" | "vertical-mirror" => Some(Symmetry::Vertical),
                "diag" | "d" => Some(Symmetry::Diagonal),
                "anti-diagonal" | "antidiag" | "a" => Some(Symmetry::AntiDiagonal),
                "both-diagonals" | "bi-diagonal" | "diagonals" => Some(Symmetry::BothDiagonals),
                "both-mirrors" | "mirrors" | "dihedral4" => Some(Symmetry::BothMirrors),
                "all" | "dihedral" | "d4" => Some(Symmetry::Full),
                _ => None,
            })
    }

    /// The maps of the group, identity first.
    fn maps(self) -> &'static [Map] {
        use Map::*;
        match self {
            Symmetry::None => &[Identity],
            Symmetry::Rotational180 => &[Identity, Rotate180],
            Symmetry::Rotational90 => &[Identity, Rotate90, Rotate180, Rotate270],
            Symmetry::Horizontal => &[Identity, FlipRows],
            Symmetry::Vertical => &[Identity, FlipCols],
            Symmetry::Diagonal => &[Identity, Transpose],
            Symmetry::AntiDiagonal => &[Identity, AntiTranspose],
            Symmetry::BothDiagonals => &[Identity, Transpose, AntiTranspose, Rotate180],
            Symmetry::BothMirrors => &[Identity, FlipRows, FlipCols, Rotate180],
            Symmetry::Full => &[
                Identity,
                Rotate90,
                Rotate180,
                Rotate270,
                FlipRows,
                FlipCols,
                Transpose,
                AntiTranspose,
            ],
        }
    }

    /// The orbits of the cells of `shape` under this group: sets of cells that the group
    /// maps onto each other, so that a symmetric pattern holds all of an orbit or none. Each
    /// orbit lists its cells in increasing order; orbits come in order of their first cell.
    ///
    /// ```
    /// use sudoku::{generate::Symmetry, Shape};
    /// let orbits = Symmetry::Rotational180.orbits(Shape::NINE);
    /// assert_eq!(orbits.len(), 41); // 40 pairs and the centre
    /// assert_eq!(orbits[0].iter().map(|c| c.index()).collect::<Vec<_>>(), vec![0, 80]);
    /// ```
    pub fn orbits(self, shape: Shape) -> Vec<Vec<Cell>> {
        let n = shape.side();
        let mut seen = vec![false; shape.cell_count()];
        let mut out = Vec::new();
        for start in 0..shape.cell_count() {
            if seen[start] {
                continue;
            }
            let (r, c) = (start / n, start % n);
            let mut orbit: Vec<Cell> = self
                .maps()
                .iter()
                .map(|m| {
                    let (r2, c2) = m.apply(n, r, c);
                    Cell::new(r2 * n + c2)
                })
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for cell in &orbit {
                seen[cell.index()] = true;
            }
            out.push(orbit);
        }
        out
    }

    /// Whether the cells where `filled` is true form a pattern invariant under this group.
    /// `filled` is row-major, `n²` long.
    pub fn holds_for(self, n: usize, filled: &[bool]) -> bool {
        self.maps().iter().all(|m| {
            (0..n * n).all(|i| {
                let (r, c) = m.apply(n, i / n, i % n);
                filled[i] == filled[r * n + c]
            })
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for [`Symmetry::from_str`](std::str::FromStr).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry {0:?}; known: none, rot180, rot90, horizontal, vertical, diagonal, antidiagonal, bidiagonal, orthogonal, full")]
pub struct SymmetryError(pub String);

impl std::str::FromStr for Symmetry {
    type Err = SymmetryError;
    fn from_str(s: &str) -> Result<Symmetry, SymmetryError> {
        Symmetry::from_name(s).ok_or_else(|| SymmetryError(s.to_string()))
    }
}

/// The symmetries the pattern of `grid`'s filled cells has, strongest first (in the order
/// of [`Symmetry::ALL`]), without [`Symmetry::None`]: empty when the pattern has none.
///
/// ```
/// use sudoku::{generate::{symmetries_of, Symmetry}, Grid};
/// let g = Grid::from_line("1..2............")?; // r1c1 and r1c4 only
/// assert_eq!(symmetries_of(&g), vec![Symmetry::Vertical]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn symmetries_of(grid: &Grid) -> Vec<Symmetry> {
    let n = grid.shape().side();
    let filled: Vec<bool> = grid.values().iter().map(|&v| v != 0).collect();
    Symmetry::ALL
        .iter()
        .copied()
        .filter(|&s| s != Symmetry::None && s.holds_for(n, &filled))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_are_bijections_and_groups_close() {
        let n = 6;
        for s in Symmetry::ALL {
            for &m in s.maps() {
                let mut hit = vec![false; n * n];
                for i in 0..n * n {
                    let (r, c) = m.apply(n, i / n, i % n);
                    hit[r * n + c] = true;
                }
                assert!(hit.iter().all(|&h| h), "{m:?}");
            }
            // Every orbit is closed under every map of the group.
            let shape = Shape::new(2, 3).unwrap();
            for orbit in s.orbits(shape) {
                let mut filled = vec![false; n * n];
                orbit.iter().for_each(|c| filled[c.index()] = true);
                assert!(s.holds_for(n, &filled), "{s}");
            }
        }
    }

    #[test]
    fn orbit_counts_on_nine() {
        let count = |s: Symmetry| s.orbits(Shape::NINE).len();
        assert_eq!(count(Symmetry::None), 81);
        assert_eq!(count(Symmetry::Rotational90), 21);
        assert_eq!(count(Symmetry::Diagonal), 45);
        assert_eq!(count(Symmetry::BothMirrors), 25);
        assert_eq!(count(Symmetry::Full), 15);
    }

    #[test]
    fn names_round_trip() {
        for &s in Symmetry::ALL {
            assert_eq!(Symmetry::from_name(s.name()), Some(s));
        }
        assert!(Symmetry::from_name("spiral").is_none());
    }
}
