//! The SVG drawing of grids: snapshots of a 9x9, a 6x6 of 3x2 boxes and a 16x16, and the
//! properties every drawing keeps (digits in reading order, alphabet, box lines).

use sudoku::draw::{grid_svg, line_widths, num, DrawOptions};
use sudoku::format::{self, Alphabet, Puzzle};
use sudoku::{Board, Cell, Digit};

fn read(name: &str) -> Puzzle {
    let path = format!("{}/../../testdata/print/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("test data");
    format::parse_str(&text, None).expect("a puzzle")
}

/// The symbols of the `<text>` elements, in document order.
fn texts(svg: &str) -> Vec<String> {
    svg.lines()
        .filter_map(|l| {
            let start = l.find('>')? + 1;
            l.starts_with("<text")
                .then(|| l[start..l.len() - "</text>".len()].to_string())
        })
        .collect()
}

fn givens_in_reading_order(p: &Puzzle) -> Vec<String> {
    Cell::all(p.shape())
        .filter_map(|c| p.grid.get(c).filter(|_| p.grid.is_given(c)))
        .map(|d| sudoku::draw::symbol(p.alphabet, d.get()))
        .collect()
}

#[test]
fn nine_by_nine() {
    let p = read("unique.txt");
    let svg = grid_svg(&p.grid, &DrawOptions::default());
    assert_eq!(texts(&svg), givens_in_reading_order(&p));
    insta::assert_snapshot!("nine", svg);
}

#[test]
fn six_by_six_of_three_by_two_boxes() {
    let p = read("six-3x2.json");
    assert_eq!((p.shape().box_rows(), p.shape().box_cols()), (3, 2));
    let svg = grid_svg(&p.grid, &DrawOptions::default());
    assert_eq!(texts(&svg), givens_in_reading_order(&p));
    // Box lines: two across (after rows 3), two down (after columns 2 and 4).
    let (_, thick) = line_widths(360.0, 6);
    let box_path = svg
        .lines()
        .find(|l| l.starts_with("<path") && l.contains(&format!("\"{}\"", num(thick))))
        .expect("box lines");
    assert_eq!(box_path.matches('M').count(), 3);
    assert!(box_path.contains("M0 180H360"), "{box_path}");
    insta::assert_snapshot!("six_3x2", svg);
}

#[test]
fn sixteen_in_its_alphabet() {
    let mut p = read("sixteen.txt");
    let svg = grid_svg(&p.grid, &DrawOptions::default());
    assert!(texts(&svg).iter().any(|s| s == "G"));
    assert_eq!(texts(&svg), givens_in_reading_order(&p));
    insta::assert_snapshot!("sixteen", svg);
    // The same grid in hex symbols: 0-F.
    p.alphabet = Some(Alphabet::Hex);
    let hex = grid_svg(
        &p.grid,
        &DrawOptions {
            alphabet: p.alphabet,
            ..DrawOptions::default()
        },
    );
    assert!(texts(&hex).iter().any(|s| s == "0"));
    assert!(!texts(&hex).iter().any(|s| s == "G"));
}

#[test]
fn givens_only_unless_the_state_is_asked_for() {
    let p = read("unique.txt");
    let mut grid = p.grid.clone();
    let empty = Cell::all(grid.shape())
        .find(|&c| grid.get(c).is_none())
        .unwrap();
    grid.set(empty, Some(Digit::new(4)));
    let givens = texts(&grid_svg(&grid, &DrawOptions::default()));
    let state = texts(&grid_svg(
        &grid,
        &DrawOptions {
            state: true,
            ..DrawOptions::default()
        },
    ));
    assert_eq!(state.len(), givens.len() + 1);
}

#[test]
fn pencil_marks_in_empty_cells() {
    let p = read("unique.txt");
    let board = Board::new(&p.grid);
    let marks = board.all_candidates().clone();
    let svg = grid_svg(
        &p.grid,
        &DrawOptions {
            marks: Some(&marks),
            ..DrawOptions::default()
        },
    );
    let expected: usize = Cell::all(p.shape())
        .filter(|&c| p.grid.get(c).is_none())
        .map(|c| marks.get(c).len())
        .sum();
    assert_eq!(texts(&svg).len(), p.grid.given_count() + expected);
}

#[test]
fn big_grids_marks_fill_their_squares_and_discs_stay_inside() {
    // At 25x25 a mark's square is a fifth of a cell: on A4 marks were under a millimetre
    // at 0.78 of it. They fill 0.95 now, and a pattern's disc stays within the square.
    let p = read("twentyfive.txt");
    assert_eq!(p.shape().side(), 25);
    let board = Board::new(&p.grid);
    let marks = board.all_candidates().clone();
    let empty = Cell::all(p.shape())
        .find(|&c| p.grid.get(c).is_none())
        .unwrap();
    let pattern: Vec<_> = marks
        .get(empty)
        .iter()
        .map(|d| sudoku::Candidate::new(empty, d))
        .collect();
    let highlight = sudoku::draw::Highlight {
        pattern,
        ..Default::default()
    };
    let opts = DrawOptions {
        marks: Some(&marks),
        highlight: Some(&highlight),
        ..DrawOptions::default()
    };
    let svg = grid_svg(&p.grid, &opts);
    let room = opts.size / 25.0 / 5.0;
    let attr = |l: &str, name: &str| -> f64 {
        let at = l.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        l[at..].split('"').next().unwrap().parse().unwrap()
    };
    let sizes: Vec<f64> = (svg.lines())
        .filter(|l| l.starts_with("<text"))
        .map(|l| attr(l, "font-size"))
        .collect();
    let smallest = sizes.iter().copied().fold(f64::INFINITY, f64::min);
    assert!(smallest >= 0.9 * room, "{smallest} of a {room} square");
    let discs: Vec<f64> = (svg.lines())
        .filter(|l| l.starts_with("<circle"))
        .map(|l| attr(l, "r"))
        .collect();
    assert_eq!(discs.len(), marks.get(empty).len());
    assert!(
        discs.iter().all(|&r| 2.0 * r <= room + 1e-9),
        "{discs:?} {room}"
    );
}

#[test]
fn every_size_draws_every_given() {
    for (r, c) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (3, 4),
        (4, 3),
        (4, 4),
        (5, 5),
    ] {
        let shape = sudoku::Shape::new(r, c).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
        let full = sudoku::generate::random_solution(shape, &mut rng);
        let svg = grid_svg(&full, &DrawOptions::default());
        assert_eq!(texts(&svg).len(), shape.cell_count(), "{r}x{c}");
    }
}
