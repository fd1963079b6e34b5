//! What the library's tests share: the loaders of `testdata/` (the corpus format of
//! `testdata/corpus/README.md`, matrices, and in [`cases`] the technique cases of
//! `testdata/techniques/README.md`) and the checked walk (every logic step checked against
//! the known solution). Each test module uses a part, hence `dead_code`.
#![allow(dead_code)]

pub mod cases;
pub mod formats;

use std::path::PathBuf;
use sudoku::logic::{apply, LogicSolver, Step};
use sudoku::{Board, Grid, Shape};

/// `testdata/<rel>`.
pub fn path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(rel)
}

/// The text of `testdata/<rel>`; a missing file fails the test.
pub fn testdata(rel: &str) -> String {
    let path = path(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// How many solutions a corpus puzzle has, counted up to two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many (0 or 1).
    Exactly(usize),
    /// Two or more (`2+`).
    Several,
}

impl Count {
    /// The count a search capped at two finds.
    pub fn capped(self) -> usize {
        match self {
            Count::Exactly(n) => n,
            Count::Several => 2,
        }
    }
}

/// One line of a corpus file: the puzzle and its expected answers.
#[derive(Clone, Debug)]
pub struct Entry {
    /// `file:line`, for messages.
    pub at: String,
    pub grid: Grid,
    pub count: Count,
    /// Present exactly when `count` is one.
    pub solution: Option<Grid>,
    /// `key=value` facts (`id`, `er`, …).
    pub tags: Vec<(String, String)>,
}

impl Entry {
    /// The value of tag `key`.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The solution of a puzzle known to be unique.
    pub fn solution(&self) -> &Grid {
        self.solution
            .as_ref()
            .unwrap_or_else(|| panic!("{}: no unique solution in the data", self.at))
    }
}

/// Parses one corpus line (`puzzle:count[:solution[:tags]]`); `at` names it in errors.
pub fn parse_entry(line: &str, at: String) -> Entry {
    let fields: Vec<&str> = line.trim().split(':').collect();
    assert!(
        (2..=4).contains(&fields.len()),
        "{at}: expected puzzle:count[:solution[:tags]]"
    );
    let grid = Grid::from_line(fields[0]).unwrap_or_else(|e| panic!("{at}: puzzle: {e}"));
    let count = match fields[1] {
        "0" => Count::Exactly(0),
        "1" => Count::Exactly(1),
        "2+" => Count::Several,
        other => panic!("{at}: count {other:?} is not 0, 1 or 2+"),
    };
    let solution = fields
        .get(2)
        .filter(|s| !s.is_empty())
        .map(|s| Grid::from_line(s).unwrap_or_else(|e| panic!("{at}: solution: {e}")));
    assert_eq!(
        solution.is_some(),
        count == Count::Exactly(1),
        "{at}: a solution is given exactly when the count is 1"
    );
    if let Some(s) = &solution {
        assert!(s.is_full(), "{at}: the solution is not full");
        sudoku::verify::check_solution_of(&grid, s)
            .unwrap_or_else(|v| panic!("{at}: the solution is not one of the puzzle: {v:?}"));
    }
    let tags = fields
        .get(3)
        .map(|t| {
            t.split_whitespace()
                .map(|kv| {
                    let (k, v) = kv
                        .split_once('=')
                        .unwrap_or_else(|| panic!("{at}: tag {kv:?} is not key=value"));
                    (k.to_string(), v.to_string())
                })
                .collect()
        })
        .unwrap_or_default();
    Entry {
        at,
        grid,
        count,
        solution,
        tags,
    }
}

/// Every entry of the corpus file `testdata/<rel>` (comments skipped); an empty file fails.
pub fn corpus(rel: &str) -> Vec<Entry> {
    let entries: Vec<Entry> = testdata(rel)
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| parse_entry(l, format!("{rel}:{}", i + 1)))
        .collect();
    assert!(!entries.is_empty(), "{rel}: no puzzles");
    entries
}

/// The puzzles of a corpus file, without their answers.
pub fn puzzles(rel: &str) -> Vec<Grid> {
    corpus(rel).into_iter().map(|e| e.grid).collect()
}

/// The corpus files of `testdata/corpus/` (every `.txt`), by name.
pub fn corpus_files() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(path("corpus"))
        .expect("testdata/corpus")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .map(|n| format!("corpus/{n}"))
        .collect();
    names.sort();
    assert!(!names.is_empty(), "testdata/corpus holds no corpus file");
    names
}

/// A grid written as a matrix of whitespace-separated numbers (`0` or `.` empty), one row
/// a line, as in `testdata/large/`.
pub fn matrix(rel: &str) -> Grid {
    let values: Vec<usize> = testdata(rel)
        .split_whitespace()
        .map(|t| {
            if t == "." {
                0
            } else {
                t.parse().unwrap_or_else(|_| panic!("{rel}: {t:?}"))
            }
        })
        .collect();
    let n = (values.len() as f64).sqrt().round() as usize;
    assert_eq!(n * n, values.len(), "{rel}: not a square matrix");
    Grid::from_values(Shape::from_side(n).unwrap(), &values).unwrap()
}

/// Checks that `step` is sound on `board` for the known `solution` (the library's
/// [`sudoku::logic::check_step`]: no placement differs from the solution, every elimination
/// removes a candidate that is there and is not the solution's digit), that it changes
/// something, and that it has text.
pub fn check_step(board: &Board, step: &Step, solution: &Grid, what: &str) {
    let s = board.shape();
    assert!(
        !step.placements.is_empty() || !step.eliminations.is_empty(),
        "{what}: empty step"
    );
    if let Err(e) = sudoku::logic::check_step(board, step, solution) {
        panic!("{what}: {e}\n{:?}", board.grid());
    }
    assert!(
        !step.text(s).is_empty() && !step.explain(s).is_empty(),
        "{what}: a step without text"
    );
}

/// Walks the path of `solver` from `board`, checking each step against `solution`; with
/// `every`, also checks every step `every` lists at every position. Returns whether the
/// path solved the grid, and its length.
pub fn walk_board(
    solver: &LogicSolver,
    mut board: Board,
    solution: &Grid,
    every: Option<&LogicSolver>,
    what: &str,
) -> (bool, usize) {
    let mut count = 0;
    let cells = board.shape().cell_count();
    while !board.is_solved() {
        if let Some(all) = every {
            for step in all.all_steps(&board) {
                check_step(&board, &step, solution, what);
            }
        }
        let Some(step) = solver.next_step(&board) else {
            break;
        };
        check_step(&board, &step, solution, what);
        assert!(apply(&mut board, &step), "{what}: a step changed nothing");
        count += 1;
        assert!(count <= cells * cells, "{what}: runaway path");
    }
    if board.is_solved() {
        assert_eq!(
            board.grid().values(),
            solution.values(),
            "{what}: solved to another grid"
        );
    }
    (board.is_solved(), count)
}

/// [`walk_board`] from the puzzle's own candidates.
pub fn walk(
    solver: &LogicSolver,
    grid: &Grid,
    solution: &Grid,
    every: Option<&LogicSolver>,
    what: &str,
) -> (bool, usize) {
    walk_board(solver, Board::new(grid), solution, every, what)
}

/// The unique solution of `grid` by the exhaustive solver, for grids made in a test.
pub fn solve_unique(grid: &Grid, what: &str) -> Grid {
    match sudoku::solve::solve(grid) {
        sudoku::solve::Outcome::Unique(s) => s,
        other => panic!("{what}: expected unique, got {}", other.status()),
    }
}
