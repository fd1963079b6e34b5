//! Sudoku of every size, from 4x4 to 400x400: the grid model, the file formats, exhaustive
//! solvers, and (in later modules) human-style solving, rating and generation.
//!
//! # Vocabulary
//! A grid of side `n` has `n` **rows**, `n` **columns** (`Col`) and `n` **boxes** (the type
//! is [`Block`], since `Box` is taken), each of `box_rows × box_cols` cells (the [`Shape`]).
//! Rows, columns and boxes are **houses**. A **digit** is one of the `n` symbols; a
//! **candidate** is a digit that may still go in a cell; the puzzle's digits are **givens**.
//! Synonyms elsewhere: box = block, square, region; house = unit, group.
//!
//! # Example
//! ```
//! use sudoku::{format, solve::{self, Outcome}};
//! let puzzle = format::parse_line(
//!     "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1",
//! ).unwrap();
//! let Outcome::Unique(solution) = solve::solve(&puzzle) else { panic!() };
//! assert!(solution.is_solution());
//! ```
//!
//! # Layers
//! `shape → index → set → grid → verify → {format, solve, transform}`; each module only uses
//! the ones before it. `format` never calls a solver and `solve` never reads text.

pub mod canonical;
pub mod draw;
pub mod format;
pub mod generate;
pub mod grid;
pub mod index;
pub mod logic;
pub mod rate;
pub mod set;
pub mod shape;
pub mod solve;
pub mod stop;
pub mod transform;
pub mod verify;

pub use grid::{Board, Candidates, Conflict, Grid, GridError};
pub use index::{Block, Candidate, Cell, Col, Digit, House, Row};
pub use set::{CellSet, DigitSet, PosSet, Set};
pub use shape::{Shape, ShapeError, MAX_SIDE};
pub use stop::{Stop, Stopped};
