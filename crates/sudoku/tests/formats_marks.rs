//! Candidate grids (pm, sukaku) written and read back: a value and a cell with one
//! candidate look the same in them, told apart by the one-digit rule of docs/formats.md
//! (pm). What the writers write reads back as the same puzzle (values stay values,
//! candidates stay candidates); a puzzle the rule would read otherwise is refused.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku::format::{self, parse_str, Format, Puzzle};
use sudoku::{Candidates, Cell, DigitSet, Grid, Shape};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn with_marks(grid: Grid, marks: Candidates) -> Puzzle {
    Puzzle {
        marks: Some(marks),
        ..Puzzle::new(grid)
    }
}

fn digits(s: &[usize]) -> DigitSet {
    s.iter().map(|&d| sudoku::Digit::new(d)).collect()
}

/// The marks of `cell` less the digits its peers hold (no candidates by the rules: a
/// candidate grid leaves them out).
fn live(p: &Puzzle, cell: Cell) -> DigitSet {
    let shape = p.shape();
    let taken: DigitSet = cell.peers(shape).filter_map(|q| p.grid.get(q)).collect();
    p.marks_or_rules().get(cell) - taken
}

/// Values (given or placed: the formats don't tell them apart) and the live marks of the
/// empty cells.
fn same_position(a: &Puzzle, b: &Puzzle) -> Result<(), String> {
    let shape = a.shape();
    let (ma, mb) = (a.marks_or_rules(), b.marks_or_rules());
    for cell in Cell::all(shape) {
        let name = cell.name(shape);
        match (a.grid.get(cell), b.grid.get(cell)) {
            (Some(x), Some(y)) if x == y => {}
            (None, None) if live(a, cell) == mb.get(cell) => {}
            (x, y) => {
                return Err(format!(
                    "{name}: {x:?} {:?} came back as {y:?} {:?}",
                    ma.get(cell),
                    mb.get(cell)
                ))
            }
        }
    }
    Ok(())
}

/// A 4x4 position: r1c1 has the one candidate 1, which no other cell has any more.
fn lone_candidate() -> Puzzle {
    let shape = Shape::new(2, 2).unwrap();
    let grid = Grid::empty(shape);
    let mut marks = Candidates::full(shape);
    for cell in Cell::all(shape) {
        let mut m = marks.get(cell);
        if cell.index() == 0 {
            m = digits(&[1]);
        } else if cell.peers(shape).any(|p| p.index() == 0) {
            m.remove(sudoku::Digit::new(1));
        }
        marks.set(cell, m);
    }
    with_marks(grid, marks)
}

#[test]
fn a_cell_with_one_candidate_is_not_written_as_a_given() {
    // It was: both formats wrote `1` for r1c1, read back as a given 1.
    let p = lone_candidate();
    for f in [Format::Pm, Format::Sukaku] {
        let why = format::write(&p, f).unwrap_err().to_string();
        assert!(
            why.contains("r1c1's one candidate 1: it would read back as a given"),
            "{f:?}: {why}"
        );
        assert!(why.contains("ss and json keep it"), "{why}");
        // The formats that hold it give it back.
        for keep in [Format::Ss, Format::Json] {
            let back = parse_str(&format::write(&p, keep).unwrap(), Some(keep)).unwrap();
            same_position(&p, &back).unwrap();
        }
    }
}

#[test]
fn a_value_beside_a_peer_that_still_lists_it_stays_a_value() {
    // The given 5 of r1c1 while r1c3 still lists 5 (a mark the player never cleared): both
    // formats wrote that 5, and r1c1 read back as a cell with the one candidate 5.
    let grid = Grid::from_line(CLASSIC).unwrap();
    let mut marks = Candidates::from_grid(&grid);
    let r1c3 = Cell::new(2);
    let rules = marks.get(r1c3);
    marks.set(r1c3, rules | digits(&[5]));
    let p = with_marks(grid.clone(), marks);
    for f in [Format::Pm, Format::Sukaku] {
        let back = parse_str(&format::write(&p, f).unwrap(), Some(f)).unwrap();
        assert_eq!(back.grid.get(Cell::new(0)), grid.get(Cell::new(0)), "{f:?}");
        assert_eq!(
            back.marks.unwrap().get(r1c3),
            rules,
            "{f:?}: the stale 5 is left out"
        );
        same_position(
            &p,
            &parse_str(&format::write(&p, f).unwrap(), Some(f)).unwrap(),
        )
        .unwrap();
    }
}

#[test]
fn two_peers_with_the_same_lone_candidate_are_not_two_clashing_givens() {
    let shape = Shape::new(2, 2).unwrap();
    // r1c1 and r1c2 both down to 1 (no solution), every other cell without it: read back
    // as two givens 1, the puzzle was invalid instead.
    let mut marks = Candidates::none(shape);
    for cell in Cell::all(shape) {
        marks.set(
            cell,
            digits(if cell.index() < 2 { &[1] } else { &[2, 3, 4] }),
        );
    }
    let p = with_marks(Grid::empty(shape), marks);
    for f in [Format::Pm, Format::Sukaku] {
        assert!(format::write(&p, f).is_err(), "{f:?}");
    }
}

#[test]
fn what_is_written_reads_back_as_the_same_position() {
    // Positions of many shapes with marks thinned at random (cells down to one candidate,
    // givens beside stale marks, empty cells): each is written as the same position or
    // refused, never changed.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut written, mut refused) = (0, 0);
    for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
        let shape = Shape::new(r, c).unwrap();
        let gen = sudoku::generate::Generator::new(shape).seed(rng.gen());
        for i in 0..60 {
            let solution = gen.generate(i).unwrap().solution;
            let mut grid = Grid::empty(shape);
            for cell in Cell::all(shape) {
                if rng.gen_bool(0.4) {
                    grid.set_given(cell, solution.get(cell).unwrap());
                }
            }
            let mut marks = Candidates::from_grid(&grid);
            for cell in Cell::all(shape) {
                let keep: DigitSet = marks
                    .get(cell)
                    .iter()
                    .filter(|&d| Some(d) == solution.get(cell) || rng.gen_bool(0.85))
                    .collect();
                let stale = if rng.gen_bool(0.02) {
                    digits(&[rng.gen_range(1..=shape.side())])
                } else {
                    DigitSet::EMPTY
                };
                if grid.get(cell).is_none() {
                    marks.set(cell, keep | stale);
                }
            }
            let p = with_marks(grid, marks);
            for f in [Format::Pm, Format::Sukaku] {
                match format::write(&p, f) {
                    Ok(text) => {
                        let back = parse_str(&text, Some(f)).unwrap();
                        same_position(&p, &back).unwrap_or_else(|e| panic!("{f:?}: {e}\n{text}"));
                        written += 1;
                    }
                    Err(_) => refused += 1,
                }
            }
        }
    }
    assert!(
        written > 100 && refused > 100,
        "{written} written, {refused} refused"
    );
}
