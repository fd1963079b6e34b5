//! The checks behind the fuzz targets, kept in a library so that each target is one line
//! and the same checks run over the seed corpus where libFuzzer cannot fuzz (stable Rust:
//! the targets then run each seed once, see `docs/fuzzing.md`).

use std::io::{BufReader, Read};
use sudoku::format::{self, Format, ReadOptions, Reader};
use sudoku::logic::{apply, check_step, LogicSolver, Order};
use sudoku::solve::{self, Outcome};
use sudoku::{Board, Grid, Shape};

/// Records read from one input at most (each may be costly to write back in every format).
const RECORDS: usize = 16;

/// A reader that hands out at most `step` bytes a read, as a pipe or a device may.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.data.len().min(buf.len()).min(self.step);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Reads `data` with `opts`: no panic; the same records whether read from memory or in
/// small pieces; reading work linear in the input; and every puzzle read written in each
/// format and read back to what that format keeps of it.
pub fn check_reader(data: &[u8], opts: ReadOptions) {
    let mut reader = Reader::new(data, "fuzz", opts.clone());
    let read: Vec<_> = reader.by_ref().take(RECORDS).collect();
    let work = reader.work();
    // Each byte is read once, scanned at most once more and stepped over once.
    assert!(
        work <= 4 * data.len() as u64 + 4096,
        "reading {} bytes took {work} bytes of work",
        data.len()
    );
    let step = 1 + data.first().map_or(0, |b| *b as usize % 7);
    let trickle = BufReader::with_capacity(8, Trickle { data, step });
    let streamed: Vec<_> = Reader::new(trickle, "fuzz", opts).take(RECORDS).collect();
    assert_eq!(read, streamed, "memory and stream disagree");
    for p in read.into_iter().flatten() {
        round_trip(&p);
    }
}

/// `p` written in each format that can hold it and read back (forced format and shape).
fn round_trip(p: &format::Puzzle) {
    for &f in Format::ALL {
        let Ok(text) = format::write(p, f) else {
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
        // Candidate grids turn lone candidates into values (FORMATS.md 2.5).
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

/// Box shapes a forced read may be given: none, or one of the common ones.
const SHAPES: [Option<(usize, usize)>; 6] = [
    None,
    Some((2, 2)),
    Some((2, 3)),
    Some((3, 2)),
    Some((3, 3)),
    Some((4, 4)),
];

/// The first byte picks the format forced on the reader, the second a box shape; the rest
/// is the input. Every reader is reached this way, not only the ones detection picks.
pub fn check_forced(data: &[u8]) {
    let [f, s, rest @ ..] = data else { return };
    let format = Format::ALL[*f as usize % Format::ALL.len()];
    let shape = SHAPES[*s as usize % SHAPES.len()].map(|(r, c)| Shape::new(r, c).expect("valid"));
    check_reader(
        rest,
        ReadOptions {
            format: Some(format),
            shape,
            alphabet: None,
        },
    );
}

/// A valid 9x9 solution to derive puzzles from.
const BASE: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A puzzle from bytes: the first 9 relabel the digits (a permutation drawn from them),
/// the next 11 say which cells are givens (one bit a cell), the next picks the order.
/// Only puzzles with a unique solution are walked. Every step of the logic solver's path
/// must be sound against the solution (no wrong placement, no true candidate removed,
/// never an empty step), and the path must end solved or stuck, never loop.
pub fn check_logic(data: &[u8]) {
    if data.len() < 21 {
        return;
    }
    let mut digits: Vec<usize> = (1..=9).collect();
    for (i, b) in data[..9].iter().enumerate() {
        digits.swap(i, i + *b as usize % (9 - i));
    }
    let base: Vec<usize> = BASE.bytes().map(|b| digits[(b - b'1') as usize]).collect();
    let mask = &data[9..20];
    let values: Vec<usize> = base
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if mask[i / 8] >> (i % 8) & 1 == 1 {
                v
            } else {
                0
            }
        })
        .collect();
    let grid = Grid::from_values(Shape::NINE, &values).expect("values 0-9");
    let Outcome::Unique(solution) = solve::solve(&grid) else {
        return;
    };
    let order = if data[20] & 1 == 0 {
        Order::Hodoku
    } else {
        Order::Explainer
    };
    let solver = LogicSolver::builder().order(order).build();
    let mut board = Board::new(&grid);
    let mut steps = 0;
    while !board.is_solved() {
        let Some(step) = solver.next_step(&board) else {
            break;
        };
        if let Err(e) = check_step(&board, &step, &solution) {
            panic!("unsound step on {grid:?}: {e}");
        }
        assert!(apply(&mut board, &step), "a step that changes nothing");
        steps += 1;
        assert!(steps <= 81 * 9, "runaway path");
    }
}
