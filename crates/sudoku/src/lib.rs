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
//! # Examples
//! Solve a puzzle written on one line:
//! ```
//! use sudoku::{format, solve::{self, Outcome}};
//! let puzzle = format::parse_line(
//!     "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1",
//! )?;
//! let Outcome::Unique(solution) = solve::solve(&puzzle) else {
//!     return Err("expected one solution".into());
//! };
//! assert!(solution.is_solution());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Explain it step by step, as a person would solve it, and rate it:
//! ```
//! use sudoku::{format, logic::LogicSolver, rate::Rater};
//! let puzzle = format::parse_line(
//!     "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1",
//! )?;
//! let path = LogicSolver::new().solve(&puzzle);
//! assert!(path.solved);
//! let first = path.steps[0].text(puzzle.shape());
//! assert!(!first.is_empty()); // e.g. "Full House: r1c2=..." in HoDoKu's notation
//! let rating = Rater::new().rate_se(&puzzle);
//! assert!(rating.er >= 1.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Runnable programs: `crates/sudoku/examples/` (`solve_line`, `explain_steps`,
//! `generate_rated`).
//!
//! # Layers
//! `shape → index → set → grid → verify → {format, solve, transform}`; each module only uses
//! the ones before it. `format` never calls a solver and `solve` never reads text.

// Every public item says what it is for (ARCHITECTURE.md maps the modules).
#![warn(missing_docs)]

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
pub mod symbols;
pub mod transform;
pub mod verify;

pub use grid::{Board, Candidates, Conflict, Grid, GridError};
pub use index::{Block, Candidate, Cell, Col, Digit, House, Row};
pub use set::{CellSet, DigitSet, PosSet, Set};
pub use shape::{Shape, ShapeError, MAX_SIDE};
pub use stop::{Stop, Stopped};
