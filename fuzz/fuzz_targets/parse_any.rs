//! Arbitrary bytes through format detection and every reader: no panic, ever; and every
//! puzzle read is written in each format and read back (forced format and shape) to what
//! that format keeps of it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::format::{self, Format, ReadOptions, Reader};

fuzz_target!(|data: &[u8]| {
    let reader = Reader::new(data, "fuzz", ReadOptions::default());
    for item in reader.take(16) {
        let Ok(p) = item else { continue };
        for &f in Format::ALL {
            let Ok(text) = format::write(&p, f) else {
                continue;
            };
            let opts = ReadOptions {
                format: Some(f),
                shape: Some(p.shape()),
                alphabet: None,
            };
            let back = Reader::new(text.as_bytes(), "rt", opts).next();
            let q = match back {
                Some(Ok(q)) => q,
                other => panic!("{f}: written text did not read back: {other:?}\n{text}"),
            };
            assert_eq!(q.shape(), p.shape(), "{f}");
            // Candidate grids turn lone candidates into values (docs/formats.md).
            if matches!(f, Format::Pm | Format::Sukaku) {
                continue;
            }
            assert_eq!(q.grid.values(), p.grid.values(), "{f}\n{text}");
            if f.carries_placed() {
                assert_eq!(q.grid, p.grid, "{f}\n{text}");
            }
            if f == Format::Json {
                assert_eq!(q.marks, p.marks, "{f}\n{text}");
            }
        }
    }
});
