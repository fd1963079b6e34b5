//! Exports of the game in progress, written by the library's own writers: SudoCue's `.sdk`
//! with a `[State]` section (givens and the digits placed so far), and HoDoKu's pencil-mark
//! grid (each cell's digit, or the player's own marks; `.` for a cell with none).

use super::game::{bit, Game};
use sudoku::format::{self, Format, Info, Puzzle, WriteError};
use sudoku::{Candidate, Candidates, Cell, Digit};

/// The game as a [`Puzzle`]: givens and placed digits, the player's marks, where it came
/// from and its level.
pub fn puzzle(game: &Game) -> Puzzle {
    let shape = game.shape();
    let mut marks = Candidates::none(shape);
    for i in 0..shape.cell_count() {
        if game.value(i) != 0 {
            continue;
        }
        for d in 1..=shape.side() as u16 {
            if game.marks(i) & bit(d) != 0 {
                marks.insert(Candidate::new(Cell::new(i), Digit::new(d as usize)));
            }
        }
    }
    Puzzle {
        grid: game.grid(),
        marks: Some(marks),
        info: Info {
            description: Some(game.source.clone()),
            level: game.level.clone(),
            comment: Some("exported by sudoku play".into()),
            ..Info::default()
        },
        line: 0,
        source: None,
        alphabet: Some(game.alphabet),
    }
}

/// `.sdk`: header lines, the givens under `[Puzzle]`, the digits so far under `[State]`.
pub fn sdk(game: &Game) -> Result<String, WriteError> {
    format::write(&puzzle(game), Format::Sdk)
}

/// A pencil-mark grid of the position, marks as the player left them.
pub fn pencil_marks(game: &Game) -> Result<String, WriteError> {
    format::write(&puzzle(game), Format::Pm)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::game::CellState;
    use sudoku::format::parse_str;
    use sudoku::Grid;

    fn game_with_a_move_and_marks() -> Game {
        let mut g = Game::new(&Grid::from_line("1.3..4..2..3.4.1").unwrap(), "t", None);
        let e = g.edit(1, CellState { value: 2, marks: 0 });
        g.apply("r1c2 = 2", vec![e]);
        let e = g.edit(
            6,
            CellState {
                value: 0,
                marks: 0b11,
            },
        );
        g.apply("marks", vec![e]);
        g
    }

    #[test]
    fn sdk_has_puzzle_and_state_and_reads_back() {
        let g = game_with_a_move_and_marks();
        let s = sdk(&g).unwrap();
        assert!(s.contains("[Puzzle]\n1.3.\n"), "{s}");
        assert!(s.contains("[State]\n123.\n"), "{s}");
        let back = parse_str(&s, None).unwrap();
        assert_eq!(back.grid, g.grid());
        assert!(back.grid.is_given(Cell::new(0)) && !back.grid.is_given(Cell::new(1)));
    }

    #[test]
    fn pencil_grid_keeps_the_players_marks() {
        let g = game_with_a_move_and_marks();
        let s = pencil_marks(&g).unwrap();
        let back = parse_str(&s, None).unwrap();
        let marks = back.marks.expect("a pencil-mark grid has marks");
        let r2c3: Vec<usize> = marks.get(Cell::new(6)).iter().map(|d| d.get()).collect();
        assert_eq!(r2c3, [1, 2], "{s}");
        // A cell the player never marked stays without candidates.
        assert!(marks.get(Cell::new(4)).is_empty(), "{s}");
    }

    #[test]
    fn exports_come_back_as_the_same_position() {
        let g = game_with_a_move_and_marks();
        let back = Game::from_puzzle(&parse_str(&sdk(&g).unwrap(), None).unwrap(), "t");
        assert_eq!(back.puzzle, g.puzzle, "the player's digit is no given");
        assert_eq!(back.value(1), 2);
        let back = Game::from_puzzle(&parse_str(&pencil_marks(&g).unwrap(), None).unwrap(), "t");
        assert_eq!(back.marks(6), 0b11, "pencil marks kept");
        assert_eq!(back.value(1), 2);
    }

    #[test]
    fn stale_marks_leave_the_digits_digits_and_a_lone_mark_is_refused() {
        // r2c1 marked 2 and 4, both taken by its peers r1c2 and r2c2: written, they made
        // those digits read back as cells with one candidate.
        let mut g = game_with_a_move_and_marks();
        let e = g.edit(
            4,
            CellState {
                value: 0,
                marks: 0b1010,
            },
        );
        g.apply("marks", vec![e]);
        let back = parse_str(&pencil_marks(&g).unwrap(), None).unwrap();
        assert_eq!(back.grid.get(Cell::new(1)), Some(sudoku::Digit::new(2)));
        assert_eq!(back.grid.get(Cell::new(5)), Some(sudoku::Digit::new(4)));
        // A cell marked with one digit no other cell lists would read back as a given.
        let e = g.edit(
            9,
            CellState {
                value: 0,
                marks: 0b1,
            },
        );
        g.apply("marks", vec![e]);
        let why = pencil_marks(&g).unwrap_err().to_string();
        assert!(why.contains("r3c2's one candidate 1"), "{why}");
        assert!(sdk(&g).is_ok());
    }
}
