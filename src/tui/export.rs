//! Exports of the game in progress: SudoCue's `.sdk` with a `[State]` section, and a
//! pencil-mark grid (every cell's digit or candidates, boxes framed).
//!
//! The library's `format` module writes only the line and boxed formats so far; these two
//! small writers live here until its `.sdk` and pencil-mark writers land, then the game
//! should call `sudoku::format::write` instead.

use super::game::{bit, Game};
use super::hint::symbol;

fn rows(game: &Game, f: impl Fn(usize) -> char) -> String {
    let n = game.side();
    let mut s = String::new();
    for r in 0..n {
        s.extend((0..n).map(|c| f(r * n + c)));
        s.push('\n');
    }
    s
}

/// `.sdk`: header lines, the givens under `[Puzzle]`, the digits so far under `[State]`.
pub fn sdk(game: &Game) -> String {
    let mut s = String::new();
    s += &format!("#D {}\n", game.source);
    if let Some(l) = &game.level {
        s += &format!("#L {l}\n");
    }
    s += "#C exported by sudoku play\n[Puzzle]\n";
    s += &rows(game, |i| {
        if game.is_given(i) {
            symbol(game.value(i) as usize)
        } else {
            '.'
        }
    });
    s += "[State]\n";
    s += &rows(game, |i| match game.value(i) {
        0 => '.',
        v => symbol(v as usize),
    });
    s
}

/// A pencil-mark grid: placed digits alone, empty cells with their pencil marks (`.` when
/// a cell has none), columns padded to the widest cell of the grid.
pub fn pencil_marks(game: &Game) -> String {
    let shape = game.shape();
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let text: Vec<String> = (0..n * n)
        .map(|i| match game.value(i) {
            0 if game.marks(i) == 0 => ".".to_string(),
            0 => (1..=n as u16)
                .filter(|&d| game.marks(i) & bit(d) != 0)
                .map(|d| symbol(d as usize))
                .collect(),
            v => symbol(v as usize).to_string(),
        })
        .collect();
    let w = text.iter().map(String::len).max().unwrap_or(1);
    let rule = {
        let mut r = String::from("+");
        for _ in 0..n / bc {
            r += &"-".repeat(bc * (w + 1) + 1);
            r.push('+');
        }
        r + "\n"
    };
    let mut s = rule.clone();
    for r in 0..n {
        s.push('|');
        for c in 0..n {
            s += &format!(" {:<w$}", text[r * n + c]);
            if (c + 1) % bc == 0 {
                s += " |";
            }
        }
        s.push('\n');
        if (r + 1) % br == 0 {
            s += &rule;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::game::CellState;
    use sudoku::Grid;

    #[test]
    fn sdk_has_puzzle_and_state() {
        let mut g = Game::new(&Grid::from_line("1.3..4..2..3.4.1").unwrap(), "t", None);
        let e = g.edit(1, CellState { value: 2, marks: 0 });
        g.apply("r1c2 = 2", vec![e]);
        let s = sdk(&g);
        assert!(s.contains("[Puzzle]\n1.3.\n"), "{s}");
        assert!(s.contains("[State]\n123.\n"), "{s}");
    }

    #[test]
    fn pencil_grid_lines_up() {
        let mut g = Game::new(&Grid::from_line("1.3..4..2..3.4.1").unwrap(), "t", None);
        let e = g.edit(
            1,
            CellState {
                value: 0,
                marks: 0b1010,
            },
        );
        g.apply("marks", vec![e]);
        let s = pencil_marks(&g);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "+-------+-------+");
        assert_eq!(lines[1], "| 1  24 | 3  .  |");
        assert!(lines
            .iter()
            .all(|l| l.chars().count() == lines[0].chars().count()));
    }
}
