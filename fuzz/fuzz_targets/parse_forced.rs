//! Every reader, forced: the first byte picks the format, the second a box shape, the rest
//! is the input; the checks of `parse_any` (see `sudoku_fuzz::check_forced`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sudoku_fuzz::check_forced(data));
