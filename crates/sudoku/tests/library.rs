//! The library's integration tests, one binary: each file beside this one is a module of
//! it, so the suite links the library (and CaDiCaL) once, not once a file. A new test file
//! joins with a `#[path]` line below; the app's `every_test_file_is_a_module_of_its_harness`
//! (`tests/app.rs`) fails until it does.

#[path = "common/mod.rs"]
mod common;

#[path = "corpus.rs"]
mod corpus;
#[path = "draw.rs"]
mod draw;
#[path = "fast9.rs"]
mod fast9;
#[path = "format_errors.rs"]
mod format_errors;
#[path = "formats.rs"]
mod formats;
#[path = "formats_marks.rs"]
mod formats_marks;
#[path = "generate.rs"]
mod generate;
#[path = "giant.rs"]
mod giant;
#[path = "hostile.rs"]
mod hostile;
#[path = "large.rs"]
mod large;
#[path = "line_record.rs"]
mod line_record;
#[path = "logic.rs"]
mod logic;
#[path = "logic_als.rs"]
mod logic_als;
#[path = "logic_b.rs"]
mod logic_b;
#[path = "logic_chains.rs"]
mod logic_chains;
#[path = "logic_part1.rs"]
mod logic_part1;
#[path = "logic_techniques.rs"]
mod logic_techniques;
#[path = "rate.rs"]
mod rate;
#[path = "rate_hodoku_reference.rs"]
mod rate_hodoku_reference;
#[path = "rate_levels.rs"]
mod rate_levels;
