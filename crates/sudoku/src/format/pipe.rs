//! The `|`-separated matrix of teaching programs (docs/formats.md):
//! `2 | 3 | 5 | 6 | 0 | 9 | 4 | 7 | 1 |`, one grid row per line, `0` empty, blanks
//! around separators and one trailing `|` allowed. Read by [`super::matrix`] (which also
//! takes `,` and `;`); any size.

use crate::grid::Grid;

/// Writes `grid` as `|`-separated rows with a trailing `|`.
pub fn write(grid: &Grid) -> String {
    super::matrix::write_rows(grid, " | ", " |")
}
