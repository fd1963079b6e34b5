//! Drawing a grid as SVG: a plain string, no dependency, for every shape and alphabet.
//!
//! Print pages, the browser's print view and anything else that shows a grid on paper draw it
//! here, so that every face draws the same lines and digits. Digits are `<text>` in reading
//! order (row by row), so a PDF made from the SVG gives them back as text in that order.

use crate::format::Alphabet;
use crate::{Candidate, Candidates, Cell, Digit, Grid, Shape};
use std::fmt::Write as _;

mod step;
pub use step::highlight_of;

/// The family name the SVG asks for; the print face embeds a font of that name.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// What to draw besides the lines and the givens.
#[derive(Clone, Debug)]
pub struct DrawOptions<'a> {
    /// Width and height of the grid, in SVG user units (points on a printed page).
    pub size: f64,
    /// Symbols of the digits; the standard `1-9A-Z` when `None`.
    pub alphabet: Option<Alphabet>,
    /// Draw the digits placed since the givens too (lighter), not only the givens.
    pub state: bool,
    /// Pencil marks to draw in the empty cells.
    pub marks: Option<&'a Candidates>,
    /// Font family of the digits.
    pub font_family: &'a str,
    /// Cells and candidates to pick out (a step being shown).
    pub highlight: Option<&'a Highlight>,
}

/// What a drawing of one step picks out: the pattern's cells (shaded) and candidates
/// (blue, on a disc), the candidates the step removes (red, struck through) and the digits
/// it places (green, on a disc). Candidates are drawn only where the marks have them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// The pattern's cells, shaded.
    pub cells: Vec<Cell>,
    /// The pattern's candidates, blue on a disc.
    pub pattern: Vec<Candidate>,
    /// The candidates the step removes, red and struck through.
    pub eliminated: Vec<Candidate>,
    /// The digits the step places, green on a disc.
    pub placed: Vec<Candidate>,
}

/// Colours of a highlight: shaded cell, pattern disc and digit, removed, placed disc and
/// digit.
const SHADE: &str = "#fff2b3";
const PATTERN_DISC: &str = "#cfe0ff";
const PATTERN_INK: &str = "#1f4fbf";
const REMOVED_INK: &str = "#d11a1a";
const PLACED_DISC: &str = "#c8efc8";
const PLACED_INK: &str = "#0b6e0b";

impl Default for DrawOptions<'_> {
    fn default() -> Self {
        DrawOptions {
            size: 360.0,
            alphabet: None,
            state: false,
            marks: None,
            font_family: FONT_FAMILY,
            highlight: None,
        }
    }
}

/// The symbol of digit value `v` (1-based) in `alphabet`; its number when the alphabet has
/// no symbol that far (grids wider than 35).
pub fn symbol(alphabet: Option<Alphabet>, v: usize) -> String {
    let a = alphabet.unwrap_or(Alphabet::Standard);
    match a.symbol(v).or_else(|| Alphabet::Standard.symbol(v)) {
        Some(c) => c.to_string(),
        None => v.to_string(),
    }
}

/// Stroke widths of cell lines and of box lines (and the border) for a grid of `size`
/// units and `side` cells: box lines three times thicker, both thinner on big grids.
pub fn line_widths(size: f64, side: usize) -> (f64, f64) {
    let cell = size / side as f64;
    let thin = (cell * 0.03).clamp(0.3, 1.0);
    (thin, thin * 3.0)
}

/// A whole SVG document of the grid, `size` units square plus room for the border.
pub fn grid_svg(grid: &Grid, opts: &DrawOptions) -> String {
    let (_, thick) = line_widths(opts.size, grid.shape().side());
    let pad = thick / 2.0;
    let full = opts.size + thick;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{w}" viewBox="0 0 {w} {w}">"#,
        w = num(full)
    );
    out.push_str(&grid_group(grid, opts, pad, pad));
    out.push_str("</svg>\n");
    out
}

/// The grid as an SVG `<g>` fragment with its top-left corner at (`x`, `y`), to place on a
/// page. The border's stroke reaches half its width outside the square.
pub fn grid_group(grid: &Grid, opts: &DrawOptions, x: f64, y: f64) -> String {
    let shape = grid.shape();
    let side = shape.side();
    let size = opts.size;
    let cell = size / side as f64;
    let (thin, thick) = line_widths(size, side);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<g class="grid" transform="translate({} {})">"#,
        num(x),
        num(y)
    );
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{s}" height="{s}" fill="white"/>"#,
        s = num(size)
    );
    if let Some(h) = opts.highlight {
        shade(&mut out, shape, &h.cells, cell);
    }
    lines(&mut out, shape, size, thin, thick);
    digits(&mut out, grid, opts, cell);
    out.push_str("</g>\n");
    out
}

/// Cell lines first, then box lines over them, then the border.
fn lines(out: &mut String, shape: Shape, size: f64, thin: f64, thick: f64) {
    let side = shape.side();
    let cell = size / side as f64;
    let path = |out: &mut String, width: f64, every: (usize, usize), boxes: bool| {
        let mut d = String::new();
        for i in 1..side {
            let at = num(i as f64 * cell);
            let (on_row_box, on_col_box) = (i % every.0 == 0, i % every.1 == 0);
            // Horizontal line below row i-1: a box line when i is a multiple of box rows.
            if on_row_box == boxes {
                let _ = write!(d, "M0 {at}H{} ", num(size));
            }
            if on_col_box == boxes {
                let _ = write!(d, "M{at} 0V{} ", num(size));
            }
        }
        if !d.is_empty() {
            let _ = writeln!(
                out,
                r#"<path d="{}" stroke="black" stroke-width="{}" fill="none"/>"#,
                d.trim_end(),
                num(width)
            );
        }
    };
    path(out, thin, (shape.box_rows(), shape.box_cols()), false);
    path(out, thick, (shape.box_rows(), shape.box_cols()), true);
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{s}" height="{s}" stroke="black" stroke-width="{}" fill="none"/>"#,
        num(thick),
        s = num(size)
    );
}

/// The digits row by row (reading order); pencil marks in the empty cells, small, laid out
/// as the box is (box_cols across, box_rows down).
fn digits(out: &mut String, grid: &Grid, opts: &DrawOptions, cell: f64) {
    let shape = grid.shape();
    let font = opts.font_family;
    // Wide symbols (two-digit numbers past the alphabet) need a smaller size.
    let big = cell * 0.62;
    let (mr, mc) = (shape.box_rows(), shape.box_cols());
    // A mark's square is a box side's part of the cell: from 16x16 up it is small enough
    // that the mark fills more of it (at 25x25 on A4, 0.78 of it was under a millimetre).
    let fill = if mr.max(mc) >= 4 { 0.95 } else { 0.78 };
    let room = cell / mr.max(mc) as f64;
    let small = room * fill;
    for c in Cell::all(shape) {
        let (row, col) = (c.row(shape).index(), c.col(shape).index());
        let (x0, y0) = (col as f64 * cell, row as f64 * cell);
        match grid.get(c) {
            Some(d) if grid.is_given(c) || opts.state => {
                let fill = if grid.is_given(c) { "black" } else { "#555555" };
                text(
                    out,
                    x0 + cell / 2.0,
                    y0 + cell / 2.0,
                    big,
                    fill,
                    font,
                    &symbol(opts.alphabet, d.get()),
                );
            }
            Some(_) => {}
            None => {
                let Some(marks) = opts.marks else { continue };
                let set = marks.get(c);
                for i in 0..shape.side() {
                    let digit = Digit::from_index(i);
                    if !set.contains(digit) {
                        continue;
                    }
                    let (r, k) = (i / mc, i % mc);
                    let cx = x0 + (k as f64 + 0.5) * cell / mc as f64;
                    let cy = y0 + (r as f64 + 0.5) * cell / mr as f64;
                    let s = symbol(opts.alphabet, i + 1);
                    let role = opts
                        .highlight
                        .map_or(Role::Plain, |h| Role::of(h, Candidate::new(c, digit)));
                    mark(out, (cx, cy), (small, room), role, font, &s);
                }
            }
        }
    }
}

/// What a pencil mark is in a highlighted step.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Plain,
    Pattern,
    Removed,
    Placed,
}

impl Role {
    fn of(h: &Highlight, c: Candidate) -> Role {
        if h.placed.contains(&c) {
            Role::Placed
        } else if h.eliminated.contains(&c) {
            Role::Removed
        } else if h.pattern.contains(&c) {
            Role::Pattern
        } else {
            Role::Plain
        }
    }
}

/// The shaded backgrounds of highlighted cells, under the lines.
fn shade(out: &mut String, shape: Shape, cells: &[Cell], cell: f64) {
    for &c in cells {
        let (row, col) = (c.row(shape).index(), c.col(shape).index());
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{s}" height="{s}" fill="{SHADE}"/>"#,
            num(col as f64 * cell),
            num(row as f64 * cell),
            s = num(cell)
        );
    }
}

/// One pencil mark of font `size` in its role: a disc under pattern and placed marks, a
/// stroke through removed ones, neither wider than the mark's square (`room` a side).
fn mark(
    out: &mut String,
    (cx, cy): (f64, f64),
    (size, room): (f64, f64),
    role: Role,
    font: &str,
    s: &str,
) {
    let r = (size * 0.62).min(room * 0.5);
    let ink = match role {
        Role::Plain => "#333333",
        Role::Pattern => PATTERN_INK,
        Role::Removed => REMOVED_INK,
        Role::Placed => PLACED_INK,
    };
    let disc = match role {
        Role::Pattern => Some(PATTERN_DISC),
        Role::Placed => Some(PLACED_DISC),
        _ => None,
    };
    if let Some(fill) = disc {
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}"/>"#,
            num(cx),
            num(cy),
            num(r)
        );
    }
    text(out, cx, cy, size, ink, font, s);
    if role == Role::Removed {
        let _ = writeln!(
            out,
            r#"<path d="M{} {}L{} {}" stroke="{REMOVED_INK}" stroke-width="{}"/>"#,
            num(cx - r),
            num(cy + r),
            num(cx + r),
            num(cy - r),
            num((size * 0.09).max(0.2))
        );
    }
}

/// One centred symbol. The baseline sits 0.36 em below the centre: half the height of
/// DejaVu's digits and capitals, so that they look centred without `dominant-baseline`
/// (which not every renderer reads).
fn text(out: &mut String, cx: f64, cy: f64, size: f64, fill: &str, font: &str, s: &str) {
    let size = if s.chars().count() > 1 {
        size * 0.7
    } else {
        size
    };
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-family="{}" font-size="{}" fill="{}" text-anchor="middle">{}</text>"#,
        num(cx),
        num(cy + size * 0.36),
        escape(font),
        num(size),
        fill,
        escape(s)
    );
}

/// A number with at most two decimals and no trailing zeros: short, stable SVG.
pub fn num(x: f64) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// Text made safe inside an SVG element or attribute.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.25), "1.25");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn symbols_follow_the_alphabet() {
        assert_eq!(symbol(None, 10), "A");
        assert_eq!(symbol(Some(Alphabet::Hex), 1), "0");
        assert_eq!(symbol(Some(Alphabet::Letters), 25), "Y");
        assert_eq!(symbol(None, 40), "40");
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn box_lines_are_thicker_and_counted() {
        let g = Grid::empty(Shape::new(2, 3).unwrap());
        let svg = grid_svg(&g, &DrawOptions::default());
        let (thin, thick) = line_widths(360.0, 6);
        assert!(thick > thin);
        // A 6x6 of 2x3 boxes: 5 inner rows lines of which 2 are box lines, 5 column lines
        // of which 1 is a box line.
        let thick_path = svg
            .lines()
            .find(|l| {
                l.contains(&format!("stroke-width=\"{}\"", num(thick))) && l.starts_with("<path")
            })
            .unwrap();
        assert_eq!(thick_path.matches('M').count(), 3);
        let thin_path = svg
            .lines()
            .find(|l| l.contains(&format!("stroke-width=\"{}\"", num(thin))))
            .unwrap();
        assert_eq!(thin_path.matches('M').count(), 7);
    }
}
