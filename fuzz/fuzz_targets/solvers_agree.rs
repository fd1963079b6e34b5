//! The 9x9 engine and the general engine must agree on the number of solutions (up to 2) of
//! any grid, valid or not, and neither may panic. Each byte gives one cell: values 1-9 are
//! clues, anything else is empty, so most inputs are sparse enough to be interesting.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::solve::{fast9, general};
use sudoku::{Grid, Shape};

fuzz_target!(|data: &[u8]| {
    if data.len() < 81 {
        return;
    }
    let mut cells = [0u8; 81];
    for (c, &b) in cells.iter_mut().zip(data) {
        // Keep about one clue in four: b % 36 in 1..=9.
        let v = b % 36;
        *c = if (1..=9).contains(&v) { v } else { 0 };
    }
    let values: Vec<usize> = cells.iter().map(|&v| v as usize).collect();
    let grid = Grid::from_values(Shape::NINE, &values).expect("values in range");
    let fast = fast9::count(&cells, 2).count;
    let slow = general::search(&grid, None, 2, 0).count;
    assert_eq!(fast, slow, "engines disagree on {cells:?}");
});
