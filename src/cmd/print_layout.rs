//! Page layout for `sudoku print`: paper sizes, margins and bleed, puzzles in a grid of
//! slots with their labels, section headings, answer keys. Every page comes out as one SVG
//! document (in points), which the renderer turns into PDF, PNG or leaves as SVG.

use super::print_render::text_width;
use std::fmt::Write as _;
use sudoku::draw::{self, escape, grid_group, num, DrawOptions};
use sudoku::format::Alphabet;
use sudoku::{Candidates, Grid};

/// Points in a millimetre and in an inch.
pub const MM: f64 = 72.0 / 25.4;
pub const INCH: f64 = 72.0;

/// The printed font's family name (see `print_render`).
const FONT: &str = draw::FONT_FAMILY;

/// A paper size in points (the trim size: bleed is added around it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    pub width: f64,
    pub height: f64,
}

/// `a4`, `a5`, `letter`, or `WxH` with `mm` (the default) or `in`: `6x9in`, `152x229mm`.
pub fn parse_paper(s: &str) -> Result<Paper, String> {
    let lower = s.trim().to_ascii_lowercase();
    let (w, h) = match lower.as_str() {
        "a4" => (210.0 * MM, 297.0 * MM),
        "a5" => (148.0 * MM, 210.0 * MM),
        "a3" => (297.0 * MM, 420.0 * MM),
        "letter" => (8.5 * INCH, 11.0 * INCH),
        "legal" => (8.5 * INCH, 14.0 * INCH),
        other => {
            let (body, unit) = split_unit(other);
            let (w, h) = body.split_once('x').ok_or_else(|| {
                format!("unknown paper {s:?}: use a4, a5, a3, letter, legal or WxH in mm or in (e.g. 6x9in)")
            })?;
            let (w, h) = (number(w, s)?, number(h, s)?);
            (w * unit, h * unit)
        }
    };
    if !(w >= 30.0 * MM && h >= 30.0 * MM && w <= 2000.0 * MM && h <= 2000.0 * MM) {
        return Err(format!(
            "paper {s:?} is {:.0}x{:.0} mm: between 30 and 2000 mm a side, please",
            w / MM,
            h / MM
        ));
    }
    Ok(Paper {
        width: w,
        height: h,
    })
}

/// A length with `mm` (the default), `in` or `pt`: margins and bleed.
pub fn parse_length(s: &str) -> Result<f64, String> {
    let lower = s.trim().to_ascii_lowercase();
    let (body, unit) = split_unit(&lower);
    let v = number(body, s)? * unit;
    if v > 200.0 * MM {
        return Err(format!("{s:?} is more than 200 mm"));
    }
    Ok(v)
}

fn split_unit(s: &str) -> (&str, f64) {
    if let Some(b) = s.strip_suffix("mm") {
        (b, MM)
    } else if let Some(b) = s.strip_suffix("in") {
        (b, INCH)
    } else if let Some(b) = s.strip_suffix("pt") {
        (b, 1.0)
    } else {
        (s, MM)
    }
}

fn number(s: &str, whole: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{whole:?}: {s:?} is not a number"))?;
    if v.is_finite() && v >= 0.0 {
        Ok(v)
    } else if v < 0.0 {
        Err(format!("{whole:?} is negative: lengths are 0 or more"))
    } else {
        Err(format!("{whole:?}: {s:?} is not a length"))
    }
}

/// How the pages are set.
#[derive(Clone, Debug)]
pub struct Layout {
    pub paper: Paper,
    pub margin: f64,
    pub bleed: f64,
    pub large: bool,
    pub title: Option<String>,
}

impl Layout {
    /// Font sizes: labels, headings, the title, page numbers.
    pub(super) fn fonts(&self) -> (f64, f64, f64, f64) {
        if self.large {
            (15.0, 22.0, 30.0, 12.0)
        } else {
            (9.0, 15.0, 22.0, 8.0)
        }
    }
    /// The title's lines, wrapped to the width inside the margins: a long title took one
    /// line centred on the page, cut off at both edges.
    pub(super) fn title_lines(&self) -> Vec<String> {
        let (_, _, title, _) = self.fonts();
        let width = self.paper.width - 2.0 * self.margin;
        self.title
            .as_deref()
            .map_or_else(Vec::new, |t| wrap(t, title, true, width))
    }
    /// Sets the title's lines, centred, below `y` (moved to the last line's baseline).
    pub(super) fn set_title(&self, body: &mut String, y: &mut f64) {
        let (_, _, title, _) = self.fonts();
        for (i, line) in self.title_lines().iter().enumerate() {
            *y += if i == 0 { title } else { title * TITLE_LEADING };
            let x = self.bleed + self.paper.width / 2.0;
            text(body, x, *y, title, "middle", "bold", line);
        }
    }
    /// The smallest cell a puzzle may have: 5 mm, 9 mm in large print.
    pub fn min_cell(&self) -> f64 {
        if self.large {
            9.0 * MM
        } else {
            5.0 * MM
        }
    }
    /// The smallest cell of an answer key.
    fn min_key_cell(&self) -> f64 {
        if self.large {
            4.5 * MM
        } else {
            2.5 * MM
        }
    }
}

/// The title's line spacing, in title sizes.
const TITLE_LEADING: f64 = 1.2;

/// Words wrapped to `width` points at `size` (long words broken where they must be).
pub(super) fn wrap(s: &str, size: f64, bold: bool, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in s.split_whitespace() {
        let candidate = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if text_width(&candidate, size, bold) <= width {
            cur = candidate;
            continue;
        }
        if !cur.is_empty() {
            lines.push(std::mem::take(&mut cur));
        }
        // A word wider than the line: broken between characters.
        for ch in word.chars() {
            let mut next = cur.clone();
            next.push(ch);
            if !cur.is_empty() && text_width(&next, size, bold) > width {
                lines.push(std::mem::take(&mut cur));
                next = ch.to_string();
            }
            cur = next;
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

/// `s` on one line of at most `width` points: as it is when it fits, else cut and ended
/// with `…`. A label or heading wider than its room ran over the next grid or off the page.
fn fit(s: &str, size: f64, bold: bool, width: f64) -> String {
    if text_width(s, size, bold) <= width {
        return s.to_string();
    }
    let mut kept: Vec<char> = s.chars().collect();
    while !kept.is_empty() {
        kept.pop();
        let cut: String = kept.iter().collect::<String>().trim_end().to_string() + "…";
        if text_width(&cut, size, bold) <= width {
            return cut;
        }
    }
    "…".to_string()
}

/// One grid to print, with the line above it.
#[derive(Clone, Debug)]
pub struct Item {
    pub label: String,
    pub grid: Grid,
    pub alphabet: Option<Alphabet>,
    pub marks: Option<Candidates>,
    /// Draw placed (not given) digits too, lighter.
    pub state: bool,
}

/// Grids under one heading, starting on a new page.
#[derive(Clone, Debug, Default)]
pub struct Section {
    pub heading: Option<String>,
    pub items: Vec<Item>,
}

/// One finished page: its size in points (bleed included), its trim box (x, y, w, h) when
/// there is bleed, and its SVG.
#[derive(Clone, Debug)]
pub struct Page {
    pub width: f64,
    pub height: f64,
    pub trim: Option<(f64, f64, f64, f64)>,
    pub svg: String,
}

/// Columns and rows of the slots for `n` a page (more rows than columns on a tall page).
fn arrangement(n: usize, landscape: bool) -> (usize, usize) {
    let (c, r) = match n {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        6 => (2, 3),
        8 => (2, 4),
        9 => (3, 3),
        12 => (3, 4),
        16 => (4, 4),
        20 => (4, 5),
        _ => {
            let c = (n as f64).sqrt().floor().max(1.0) as usize;
            (c, n.div_ceil(c))
        }
    };
    if landscape {
        (r, c)
    } else {
        (c, r)
    }
}

/// Where grids go on every page of one kind (puzzles, or answer keys).
#[derive(Clone, Debug)]
struct Frame {
    cols: usize,
    slot_w: f64,
    slot_h: f64,
    /// The grid's side, its border's half-width left out.
    grid: f64,
    /// Content's top-left corner below the header.
    left: f64,
    top: f64,
    label_font: f64,
}

impl Layout {
    fn header_height(&self, headings: bool) -> f64 {
        let (_, heading, title, _) = self.fonts();
        let mut h = 0.0;
        let lines = self.title_lines().len();
        if lines > 0 {
            h += title * 1.6 + title * TITLE_LEADING * (lines - 1) as f64;
        }
        if headings {
            h += heading * 1.7;
        }
        h
    }

    /// The frame for `per_page` grids of side `side`, or why they don't fit.
    fn frame(
        &self,
        per_page: usize,
        side: usize,
        headings: bool,
        label_font: f64,
    ) -> Result<Frame, f64> {
        let (_, _, _, footer) = self.fonts();
        let content_w = self.paper.width - 2.0 * self.margin;
        let top = self.bleed + self.margin + self.header_height(headings);
        let content_h = self.paper.height
            - self.margin
            - self.header_height(headings)
            - self.margin
            - footer * 2.0;
        let (cols, rows) = arrangement(per_page, self.paper.width > self.paper.height);
        let gap = gap_of(self);
        let slot_w = (content_w - gap * (cols - 1) as f64) / cols as f64;
        let slot_h = (content_h - gap * (rows - 1) as f64) / rows as f64;
        let label_h = label_font * 1.8;
        // Room for the border's stroke on both sides.
        let (_, thick) = draw::line_widths(slot_w.min(slot_h), side);
        let grid = (slot_w.min(slot_h - label_h) - thick).max(0.0);
        let cell = grid / side as f64;
        if content_w <= 0.0 || content_h <= 0.0 {
            return Err(0.0);
        }
        Ok(Frame {
            cols,

            slot_w: slot_w + gap,
            slot_h: slot_h + gap,
            grid,
            left: self.bleed + self.margin,
            top,
            label_font,
        })
        .and_then(|f| if cell > 0.0 { Ok(f) } else { Err(cell) })
    }
}

/// Whether grids of side `side` can be printed `per_page` a page at all (with no section
/// headings, the most room a page gives): a puzzle that can't is not worth solving first.
pub fn fits(layout: &Layout, side: usize, per_page: usize) -> bool {
    let (label, ..) = layout.fonts();
    layout
        .frame(per_page, side, false, label)
        .is_ok_and(|f| f.grid / side as f64 >= layout.min_cell())
}

/// Why a page can't hold what was asked, and what would help: fewer a page only when
/// there is more than one.
pub fn too_small(layout: &Layout, side: usize, per_page: usize, cell: f64, min: f64) -> String {
    let fewer = if per_page == 1 { "" } else { "fewer a page, " };
    let lines = layout.title_lines().len();
    let shorter = if lines > 1 { "a shorter --title, " } else { "" };
    format!(
        "the page is too small for {per_page} {side}x{side} grid{} a page{}: cells would be \
         {:.1} mm, at least {:.1} mm are needed{} (ask for {fewer}{shorter}a bigger --paper or \
         smaller --margin)",
        if per_page == 1 { "" } else { "s" },
        if lines > 1 {
            format!(" below a title of {lines} lines")
        } else {
            String::new()
        },
        cell / MM,
        min / MM,
        if layout.large { " in large print" } else { "" }
    )
}

/// The largest side of the items' grids.
fn max_side(sections: &[Section]) -> usize {
    sections
        .iter()
        .flat_map(|s| &s.items)
        .map(|i| i.grid.shape().side())
        .max()
        .unwrap_or(9)
}

/// How many puzzles a page holds when none was asked for: the most of 4, 2 and 1 (1 in
/// large print) whose cells are big enough, and no more than there are puzzles.
pub fn auto_per_page(layout: &Layout, sections: &[Section]) -> usize {
    let count: usize = sections.iter().map(|s| s.items.len()).sum();
    let side = max_side(sections);
    let headings = sections.iter().any(|s| s.heading.is_some());
    let choices: &[usize] = if layout.large { &[1] } else { &[4, 2, 1] };
    let (label, ..) = layout.fonts();
    // Halving from 4: the first count that holds every puzzle is as far as it goes.
    for &n in choices.iter().filter(|&&n| n == 1 || n / 2 < count) {
        if let Ok(f) = layout.frame(n, side, headings, label) {
            if f.grid / side as f64 >= layout.min_cell() {
                return n;
            }
        }
    }
    1
}

/// A section of puzzles, or of answer keys (smaller, as many a page as fit legibly).
#[derive(Clone, Debug)]
pub struct Block {
    pub section: Section,
    pub keys: bool,
}

/// Where a block's grids went: its first page (1-based) and how many grids a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub first_page: usize,
    pub per_page: usize,
}

impl Placed {
    /// The page of the block's `i`-th grid (0-based).
    pub fn page_of(self, i: usize) -> usize {
        self.first_page + i / self.per_page
    }
}

/// Lays out the blocks in order, puzzles `per_page` a page, each block from a new page;
/// says where each block went. Fails when a puzzle's cells would be smaller than the
/// smallest legible cell.
pub fn pages(
    layout: &Layout,
    blocks: &[Block],
    per_page: usize,
) -> Result<(Vec<Page>, Vec<Placed>), String> {
    let of = |keys: bool| -> Vec<Section> {
        blocks
            .iter()
            .filter(|b| b.keys == keys)
            .map(|b| b.section.clone())
            .collect()
    };
    let (puzzles, keys) = (of(false), of(true));
    let side = max_side(&puzzles);
    let headings = blocks.iter().any(|b| b.section.heading.is_some());
    let (label, ..) = layout.fonts();
    let frame = match layout.frame(per_page, side, headings, label) {
        Ok(f) if f.grid / side as f64 >= layout.min_cell() => f,
        Ok(f) => {
            return Err(too_small(
                layout,
                side,
                per_page,
                f.grid / side as f64,
                layout.min_cell(),
            ))
        }
        Err(cell) => return Err(too_small(layout, side, per_page, cell, layout.min_cell())),
    };
    let mut key_frame = None;
    if keys.iter().any(|s| !s.items.is_empty()) {
        let key_side = max_side(&keys);
        key_frame = [12, 8, 6, 4, 2, 1].into_iter().find_map(|n| {
            let f = layout.frame(n, key_side, headings, label * 0.85).ok()?;
            (f.grid / key_side as f64 >= layout.min_key_cell()).then_some((n, f))
        });
        if key_frame.is_none() {
            return Err(format!(
                "the page is too small for the answer keys of {key_side}x{key_side} grids"
            ));
        }
    }
    let mut out = Vec::new();
    let mut placed = Vec::new();
    let mut first = true;
    for b in blocks {
        let (n, f) = match (&key_frame, b.keys) {
            (Some((n, f)), true) => (*n, f),
            _ => (per_page, &frame),
        };
        placed.push(Placed {
            first_page: out.len() + 1,
            per_page: n,
        });
        set_section(layout, &b.section, f, n, &mut first, &mut out);
    }
    let total = out.len();
    let pages = out
        .into_iter()
        .enumerate()
        .map(|(i, body)| page(layout, body, i + 1, total))
        .collect();
    Ok((pages, placed))
}

/// The bodies of one section's pages, appended to `out`: the title on the very first page,
/// the heading on the section's first.
fn set_section(
    layout: &Layout,
    s: &Section,
    frame: &Frame,
    per_page: usize,
    first: &mut bool,
    out: &mut Vec<String>,
) {
    let (_, heading_font, title_font, _) = layout.fonts();
    for (k, chunk) in s.items.chunks(per_page.max(1)).enumerate() {
        let mut body = String::new();
        let mut y = layout.bleed + layout.margin;
        if *first {
            if layout.title.is_some() {
                layout.set_title(&mut body, &mut y);
                y += title_font * 0.6;
            }
            *first = false;
        }
        if k == 0 {
            if let Some(h) = &s.heading {
                y += heading_font * 1.2;
                let width = layout.paper.width - 2.0 * layout.margin;
                let h = fit(h, heading_font, true, width);
                text(&mut body, frame.left, y, heading_font, "start", "bold", &h);
            }
        }
        for (i, item) in chunk.iter().enumerate() {
            let (col, row) = (i % frame.cols, i / frame.cols);
            let slot_x = frame.left + col as f64 * frame.slot_w;
            let slot_y = frame.top + row as f64 * frame.slot_h;
            // Centred across the slot (slot_w counts the gap after it).
            let inner_w = frame.slot_w - gap_of(layout);
            let x = slot_x + (inner_w - frame.grid) / 2.0;
            // Centred down the slot too: label and grid together.
            let inner_h = frame.slot_h - gap_of(layout);
            let slot_y = slot_y + ((inner_h - frame.label_font * 1.8 - frame.grid) / 2.0).max(0.0);
            let label_y = slot_y + frame.label_font;
            // From the grid's left edge to the slot's right one.
            let room = inner_w - (x - slot_x);
            text(
                &mut body,
                x,
                label_y,
                frame.label_font,
                "start",
                "normal",
                &fit(&item.label, frame.label_font, false, room),
            );
            let grid_y = slot_y + frame.label_font * 1.8;
            let marks = item.marks.as_ref();
            let opts = DrawOptions {
                size: frame.grid,
                alphabet: item.alphabet,
                state: item.state,
                marks,
                font_family: FONT,
                highlight: None,
            };
            body.push_str(&grid_group(&item.grid, &opts, x, grid_y));
        }
        out.push(body);
    }
}

fn gap_of(layout: &Layout) -> f64 {
    if layout.large {
        10.0 * MM
    } else {
        7.0 * MM
    }
}

/// One page document: white background, the body, the page number at the foot.
pub(super) fn page(layout: &Layout, body: String, number: usize, total: usize) -> Page {
    let (_, _, _, footer) = layout.fonts();
    let width = layout.paper.width + 2.0 * layout.bleed;
    let height = layout.paper.height + 2.0 * layout.bleed;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="{h}pt" viewBox="0 0 {w} {h}">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(
        svg,
        r#"<rect x="0" y="0" width="{}" height="{}" fill="white"/>"#,
        num(width),
        num(height)
    );
    svg.push_str(&body);
    if total > 1 {
        text(
            &mut svg,
            width / 2.0,
            layout.bleed + layout.paper.height - layout.margin + footer * 1.5,
            footer,
            "middle",
            "normal",
            &format!("{number} / {total}"),
        );
    }
    svg.push_str("</svg>\n");
    Page {
        width,
        height,
        trim: (layout.bleed > 0.0).then_some((
            layout.bleed,
            layout.bleed,
            layout.paper.width,
            layout.paper.height,
        )),
        svg,
    }
}

pub(super) fn text(
    out: &mut String,
    x: f64,
    y: f64,
    size: f64,
    anchor: &str,
    weight: &str,
    s: &str,
) {
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-family="{FONT}" font-size="{}" font-weight="{weight}" text-anchor="{anchor}">{}</text>"#,
        num(x),
        num(y),
        num(size),
        escape(s)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn papers() {
        let a4 = parse_paper("A4").unwrap();
        assert!((a4.width - 595.28).abs() < 0.01);
        let six = parse_paper("6x9in").unwrap();
        assert_eq!((six.width, six.height), (432.0, 648.0));
        let mm = parse_paper("152x229").unwrap();
        assert!((mm.width / MM - 152.0).abs() < 1e-9);
        assert!(parse_paper("huge").is_err());
        assert!(parse_paper("1x1mm").is_err());
        assert!(parse_paper("axbin").is_err());
        assert_eq!(parse_length("1in").unwrap(), 72.0);
        assert!(parse_length("-3mm").is_err());
    }

    #[test]
    fn long_titles_wrap_and_long_labels_are_cut_to_their_room() {
        let layout = Layout {
            paper: parse_paper("a5").unwrap(),
            margin: 12.0 * MM,
            bleed: 0.0,
            large: false,
            title: Some("A long title that goes on and on ".repeat(8)),
        };
        let (label, _, title, _) = layout.fonts();
        let width = layout.paper.width - 2.0 * layout.margin;
        let lines = layout.title_lines();
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|l| text_width(l, title, true) <= width));
        let words: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
        let asked = layout.title.as_deref().unwrap();
        assert_eq!(words, asked.split_whitespace().collect::<Vec<_>>());
        // The header makes room for every line.
        assert!(layout.header_height(false) >= title * 1.2 * lines.len() as f64);
        let long = format!("#1 · Easy · ER 1.2 · {}", "Puzzle from a book ".repeat(6));
        let cut = fit(&long, label, false, 100.0);
        assert!(text_width(&cut, label, false) <= 100.0, "{cut}");
        assert!(cut.starts_with("#1 · Easy") && cut.ends_with('…'), "{cut}");
        assert_eq!(fit("#1", label, false, 100.0), "#1");
    }

    #[test]
    fn arrangements_hold_what_they_say() {
        for n in [1, 2, 4, 6, 8, 12] {
            let (c, r) = arrangement(n, false);
            assert_eq!(c * r, n);
            assert!(r >= c);
        }
    }
}
