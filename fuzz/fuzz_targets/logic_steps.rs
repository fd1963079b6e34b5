//! The logic solver on 9x9 puzzles made from the bytes: every step sound against the
//! solution (see `sudoku_fuzz::check_logic`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_fuzz::check_logic(data));
