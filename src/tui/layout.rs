//! Where things go on screen, as plain arithmetic shared by `view` (to draw) and `update`
//! (to map a mouse click to a cell). The largest grid that fits is chosen: with candidate
//! mini-grids inside the cells when there is room, down to one character per cell.

use sudoku::Shape;

/// Width of the side panel when it sits beside the grid.
pub const PANEL_W: u16 = 34;
/// Rows the panel needs when it sits below the grid.
pub const PANEL_MIN_H: u16 = 6;

/// A rectangle (ours, so that this module needs no terminal library).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub x: u16,
    pub y: u16,
    pub w: u16,
    pub h: u16,
}

/// The geometry of the grid on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridGeom {
    pub n: u16,
    pub br: u16,
    pub bc: u16,
    /// Inner size of one cell.
    pub cw: u16,
    pub ch: u16,
    /// Thin lines between cells of a box (columns, rows); box lines are always drawn.
    pub inner_v: bool,
    pub inner_h: bool,
    /// Candidates drawn as a mini-grid inside empty cells.
    pub minis: bool,
    pub x0: u16,
    pub y0: u16,
}

impl GridGeom {
    fn line_v(&self, k: u16) -> bool {
        k.is_multiple_of(self.bc) || self.inner_v
    }
    fn line_h(&self, k: u16) -> bool {
        k.is_multiple_of(self.br) || self.inner_h
    }
    /// Whether a vertical line stands before column `k` (`k = n`: the right edge), and
    /// whether it is a box line.
    pub fn vline(&self, k: u16) -> Option<bool> {
        self.line_v(k).then_some(k.is_multiple_of(self.bc))
    }
    pub fn hline(&self, k: u16) -> Option<bool> {
        self.line_h(k).then_some(k.is_multiple_of(self.br))
    }
    /// Screen x of the line before column `k` (or of the column's first character when
    /// there is no line there, minus one).
    pub fn line_x(&self, k: u16) -> u16 {
        self.x0
            + (0..k)
                .map(|i| u16::from(self.line_v(i)) + self.cw)
                .sum::<u16>()
    }
    pub fn line_y(&self, k: u16) -> u16 {
        self.y0
            + (0..k)
                .map(|i| u16::from(self.line_h(i)) + self.ch)
                .sum::<u16>()
    }
    /// Screen x of column `c`'s first character.
    pub fn col_x(&self, c: u16) -> u16 {
        self.line_x(c) + u16::from(self.line_v(c))
    }
    pub fn row_y(&self, r: u16) -> u16 {
        self.line_y(r) + u16::from(self.line_h(r))
    }
    pub fn width(&self) -> u16 {
        self.line_x(self.n) + 1 - self.x0
    }
    pub fn height(&self) -> u16 {
        self.line_y(self.n) + 1 - self.y0
    }
    /// The cell (row-major index) under a screen position.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<usize> {
        let c = (0..self.n).find(|&c| (self.col_x(c)..self.col_x(c) + self.cw).contains(&x))?;
        let r = (0..self.n).find(|&r| (self.row_y(r)..self.row_y(r) + self.ch).contains(&y))?;
        Some(r as usize * self.n as usize + c as usize)
    }
}

/// The whole screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    pub grid: GridGeom,
    pub panel: Area,
    /// The status line (last row).
    pub status: Area,
}

/// The grid configurations tried, largest first: `(cw, ch, inner_v, inner_h, minis)`.
fn configs(br: u16, bc: u16) -> Vec<(u16, u16, bool, bool, bool)> {
    vec![
        (2 * bc + 1, br, true, true, true),
        (bc + 2, br, true, true, true),
        (bc, br, true, true, true),
        (bc, br, true, false, true),
        (3, 1, true, false, false),
        (3, 1, false, false, false),
        (2, 1, false, false, false),
        (1, 1, false, false, false),
    ]
}

/// Lays out a `size` terminal for a grid of `shape`; `None` when even the smallest grid
/// does not fit.
pub fn screen(size: (u16, u16), shape: Shape) -> Option<Screen> {
    let (w, h) = size;
    let (br, bc) = (shape.box_rows() as u16, shape.box_cols() as u16);
    let n = br * bc;
    for (cw, ch, inner_v, inner_h, minis) in configs(br, bc) {
        let g = GridGeom {
            n,
            br,
            bc,
            cw,
            ch,
            inner_v,
            inner_h,
            minis,
            x0: 1,
            y0: 1,
        };
        let (gw, gh) = (g.width(), g.height());
        // One title row above, one status row below.
        if gw + 2 + PANEL_W <= w && gh + 2 <= h {
            let panel = Area {
                x: gw + 2,
                y: 1,
                w: w - gw - 2,
                h: h - 2,
            };
            return Some(Screen {
                grid: g,
                panel,
                status: Area {
                    x: 0,
                    y: h - 1,
                    w,
                    h: 1,
                },
            });
        }
        if gw + 2 <= w && gh + 2 + PANEL_MIN_H <= h {
            let panel = Area {
                x: 1,
                y: gh + 1,
                w: w - 2,
                h: h - gh - 2,
            };
            return Some(Screen {
                grid: g,
                panel,
                status: Area {
                    x: 0,
                    y: h - 1,
                    w,
                    h: 1,
                },
            });
        }
    }
    None
}

/// The smallest terminal the grid fits in, for the "too small" message.
pub fn minimum(shape: Shape) -> (u16, u16) {
    let (br, bc) = (shape.box_rows() as u16, shape.box_cols() as u16);
    let (cw, ch, inner_v, inner_h, minis) = *configs(br, bc).last().expect("configs");
    let g = GridGeom {
        n: br * bc,
        br,
        bc,
        cw,
        ch,
        inner_v,
        inner_h,
        minis,
        x0: 1,
        y0: 1,
    };
    (g.width() + 2, g.height() + 2 + PANEL_MIN_H)
}

/// The cell under a click, if any.
pub fn cell_at(size: (u16, u16), shape: Shape, x: u16, y: u16) -> Option<usize> {
    screen(size, shape)?.grid.cell_at(x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_gets_mini_grids_on_a_big_terminal() {
        let s = screen((120, 40), Shape::NINE).unwrap();
        assert!(s.grid.minis);
        assert_eq!((s.grid.width(), s.grid.height()), (73, 37));
        let s = screen((80, 24), Shape::NINE).unwrap();
        assert!(!s.grid.minis);
        assert!(screen((12, 8), Shape::NINE).is_none());
    }

    #[test]
    fn clicks_map_to_cells() {
        let g = screen((120, 40), Shape::NINE).unwrap().grid;
        assert_eq!(g.cell_at(g.col_x(0), g.row_y(0)), Some(0));
        assert_eq!(g.cell_at(g.col_x(4) + 2, g.row_y(8) + 1), Some(8 * 9 + 4));
        assert_eq!(
            g.cell_at(g.line_x(3), g.row_y(0)),
            None,
            "a line is no cell"
        );
    }

    #[test]
    fn twenty_five_fits_a_large_terminal() {
        let s = Shape::new(5, 5).unwrap();
        assert!(screen((120, 45), s).is_some());
        let (w, h) = minimum(s);
        assert!(screen((w, h), s).is_some());
        assert!(screen((w - 1, h), s).is_none());
    }
}
