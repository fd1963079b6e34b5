//! `sudoku print --path`: each puzzle's explained solve path on paper, as HoDoKu prints
//! it. The numbered steps in the explainer's words (technique, one-line text, explanation),
//! and at the chosen steps the grid as it stands before the step, pencil marks drawn and
//! the step picked out (`sudoku::draw::highlight_of`). The text flows down the page and
//! over as many pages as the path needs; nothing is shrunk or clipped.

use super::print_layout::{self as layout, text, wrap, Layout, Page, MM};
use super::print_render::text_width;
use sudoku::draw::{self, grid_group, highlight_of, DrawOptions, Highlight};
use sudoku::format::Alphabet;
use sudoku::logic::{apply, Family, SolvePath, Step};
use sudoku::{Board, Grid};

/// At which steps `--path` draws the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathGrids {
    /// Before every step that is not a single; runs of singles are listed on one line.
    NonSingle,
    /// Before every step.
    Every,
    /// Never (the steps alone).
    None,
    /// Before the steps with these numbers (1-based).
    Steps(Vec<usize>),
}

/// Parses `--path-grids`: nonsingle, every, none, or step numbers `3,7,12`.
pub fn parse_path_grids(s: &str) -> Result<PathGrids, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "nonsingle" | "non-single" => Ok(PathGrids::NonSingle),
        "every" | "all" => Ok(PathGrids::Every),
        "none" => Ok(PathGrids::None),
        list => {
            let steps: Result<Vec<usize>, _> = list
                .split(',')
                .map(|n| match n.trim().parse::<usize>() {
                    Ok(k) if k > 0 => Ok(k),
                    _ => Err(format!(
                        "{s:?}: say nonsingle, every, none, or step numbers such as 3,7,12"
                    )),
                })
                .collect();
            steps.map(PathGrids::Steps)
        }
    }
}

/// One puzzle's path to print.
pub struct PathPuzzle<'a> {
    /// `#1 · Hard · ER 4.2`.
    pub label: String,
    /// The puzzle as one line (written under the label).
    pub line: String,
    pub alphabet: Option<Alphabet>,
    /// The board the path starts from.
    pub start: Board,
    /// The path, or why there is none ("multiple solutions").
    pub path: Result<&'a SolvePath, String>,
    /// Whether brute force was allowed (for the summary's words).
    pub backtracking: bool,
}

/// What flows down a page.
enum Piece {
    /// A line of text: size, bold, indent.
    Line(String, f64, bool, f64),
    /// A grid as it stands, with what to pick out.
    Grid(Board, Option<Highlight>),
    /// Blank space.
    Gap(f64),
}

fn is_single(step: &Step) -> bool {
    step.technique.family() == Family::Singles
}

/// Font sizes of a path page: step lines, explanations.
fn sizes(lay: &Layout) -> (f64, f64) {
    if lay.large {
        (14.0, 12.5)
    } else {
        (9.5, 8.5)
    }
}

/// The side of a path grid for `side` cells: 7 mm cells (10 in large print), no wider
/// than the text and no taller than 70% of it; an error when the cells would come out
/// smaller than the smallest legible cell.
fn grid_size(lay: &Layout, side: usize, width: f64, height: f64) -> Result<f64, String> {
    let want = side as f64 * if lay.large { 10.0 * MM } else { 7.0 * MM };
    let (_, thick) = draw::line_widths(want, side);
    let size = want.min(width - thick).min(height * 0.7);
    if size / side as f64 >= lay.min_cell() {
        Ok(size)
    } else {
        Err(layout::too_small(
            lay,
            side,
            1,
            size / side as f64,
            lay.min_cell(),
        ))
    }
}

/// The pieces of one puzzle's path, in blocks that stay together on a page.
fn pieces(p: &PathPuzzle, grids: &PathGrids, lay: &Layout, width: f64) -> Vec<Vec<Piece>> {
    let (_, heading, _, _) = lay.fonts();
    let (step_size, note_size) = sizes(lay);
    // Steps name digits in the puzzle's own symbols, as its grids show them.
    let n = sudoku::logic::Notation::new(p.start.shape(), p.alphabet);
    let line = |s: &str, size: f64, bold: bool, indent: f64| -> Vec<Piece> {
        wrap(s, size, bold, width - indent)
            .into_iter()
            .map(|l| Piece::Line(l, size, bold, indent))
            .collect()
    };
    let mut head = line(&p.label, heading, true, 0.0);
    head.extend(line(&p.line, note_size, false, 0.0));
    head.push(Piece::Gap(note_size * 0.6));
    head.push(Piece::Grid(p.start.clone(), None));
    let mut blocks = vec![head];
    let path = match &p.path {
        Ok(path) => path,
        Err(why) => {
            blocks.push(line(
                &format!("Not explained: {why}."),
                step_size,
                false,
                0.0,
            ));
            return blocks;
        }
    };
    let mut board = p.start.clone();
    let width_of_numbers = path.steps.len().to_string().len();
    let indent = text_width(&"0".repeat(width_of_numbers + 2), step_size, true);
    let mut i = 0;
    while i < path.steps.len() {
        let step = &path.steps[i];
        // A run of singles on one line, in the default mode.
        if *grids == PathGrids::NonSingle && is_single(step) {
            let start = i;
            let mut places = Vec::new();
            while i < path.steps.len() && is_single(&path.steps[i]) {
                places.extend(path.steps[i].placements.iter().copied());
                apply(&mut board, &path.steps[i]);
                i += 1;
            }
            let numbers = if i - start == 1 {
                format!("{}.", start + 1)
            } else {
                format!("{}–{}.", start + 1, i)
            };
            let singles = sudoku::logic::placements_text(n, &places);
            blocks.push(line(
                &format!("{numbers} Singles: {singles}"),
                step_size,
                false,
                0.0,
            ));
            continue;
        }
        let draw = match grids {
            PathGrids::NonSingle | PathGrids::Every => true,
            PathGrids::None => false,
            PathGrids::Steps(v) => v.contains(&(i + 1)),
        };
        let mut block = Vec::new();
        block.push(Piece::Gap(step_size * 0.4));
        block.extend(line(
            &format!("{}. {}", i + 1, step.text(n)),
            step_size,
            true,
            0.0,
        ));
        block.extend(line(&step.explain(n), note_size, false, indent));
        if draw {
            block.push(Piece::Gap(note_size * 0.5));
            block.push(Piece::Grid(board.clone(), Some(highlight_of(step, &board))));
        }
        blocks.push(block);
        apply(&mut board, step);
        i += 1;
    }
    let mut end = vec![Piece::Gap(step_size * 0.6)];
    end.extend(line(
        &format!("{}.", path.summary(n, p.backtracking)),
        step_size,
        false,
        0.0,
    ));
    blocks.push(end);
    blocks
}

/// Whether a path page can hold a grid of side `side` at all (checked before any puzzle
/// is solved and explained, as [`layout::fits`] is for puzzle pages).
pub fn fits(lay: &Layout, side: usize) -> bool {
    let (width, height) = text_area(lay);
    grid_size(lay, side, width, height).is_ok()
}

/// The width and height a path page's text and grids have.
fn text_area(lay: &Layout) -> (f64, f64) {
    let (_, _, _, footer) = lay.fonts();
    let width = lay.paper.width - 2.0 * lay.margin;
    let height = lay.paper.height - 2.0 * lay.margin - footer * 2.0;
    (width, height)
}

/// The pages of every puzzle's path, each puzzle from a new page; also each puzzle's
/// first page (1-based).
pub fn pages(
    lay: &Layout,
    puzzles: &[PathPuzzle],
    grids: &PathGrids,
) -> Result<(Vec<Page>, Vec<usize>), String> {
    let (_, _, title_font, _) = lay.fonts();
    let left = lay.bleed + lay.margin;
    let (width, height) = text_area(lay);
    let top = lay.bleed + lay.margin;
    let bottom = top + height;
    let mut bodies: Vec<String> = Vec::new();
    let mut firsts = Vec::new();
    let mut first_page = true;
    for p in puzzles {
        let side = p.start.shape().side();
        let grid = grid_size(lay, side, width, bottom - top)?;
        let (_, thick) = draw::line_widths(grid, side);
        let grid_h = grid + thick + 2.0 * MM;
        let height = |piece: &Piece| match piece {
            Piece::Line(_, size, ..) => size * 1.35,
            Piece::Grid(..) => grid_h,
            Piece::Gap(g) => *g,
        };
        let mut body = String::new();
        let mut y = top;
        if first_page {
            if lay.title.is_some() {
                lay.set_title(&mut body, &mut y);
                y += title_font * 0.8;
            }
            first_page = false;
        }
        firsts.push(bodies.len() + 1);
        for block in pieces(p, grids, lay, width) {
            let h: f64 = block.iter().map(height).sum();
            // A block that fits on a page is kept together; a longer one flows.
            if y + h > bottom && y > top && h <= bottom - top {
                bodies.push(std::mem::take(&mut body));
                y = top;
            }
            for piece in &block {
                let ph = height(piece);
                if y + ph > bottom && y > top {
                    bodies.push(std::mem::take(&mut body));
                    y = top;
                }
                match piece {
                    Piece::Line(s, size, bold, indent) => {
                        text(
                            &mut body,
                            left + indent,
                            y + size,
                            *size,
                            "start",
                            if *bold { "bold" } else { "normal" },
                            s,
                        );
                    }
                    Piece::Grid(board, highlight) => {
                        let marks = board.all_candidates().clone();
                        let opts = DrawOptions {
                            size: grid,
                            alphabet: p.alphabet,
                            state: true,
                            marks: Some(&marks),
                            highlight: highlight.as_ref(),
                            ..DrawOptions::default()
                        };
                        let g: &Grid = board.grid();
                        body.push_str(&grid_group(g, &opts, left + thick / 2.0, y + thick / 2.0));
                    }
                    Piece::Gap(_) => {}
                }
                y += ph;
            }
        }
        bodies.push(body);
    }
    let total = bodies.len();
    let pages = bodies
        .into_iter()
        .enumerate()
        .map(|(i, b)| layout::page(lay, b, i + 1, total))
        .collect();
    Ok((pages, firsts))
}
