//! Arbitrary bytes through format detection and every reader: no panic, ever; the same
//! records read from memory and in small pieces; reading work linear in the input; and
//! every puzzle read is written in each format and read back (see `sudoku_fuzz`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sudoku_fuzz::check_reader(data, sudoku::format::ReadOptions::default());
});
