use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let rows: Vec<Vec<usize>> = text
        .lines()
        .filter(|l| l.chars().any(|c| c.is_ascii_digit()) && !l.contains("givens"))
        .map(|l| {
            l.split(|c: char| c.is_whitespace() || c == '|')
                .filter(|t| !t.is_empty() && !t.starts_with('+') && !t.starts_with('-'))
                .map(|t| if t == "." { 0 } else { t.parse().unwrap() })
                .collect()
        })
        .filter(|r: &Vec<usize>| !r.is_empty())
        .collect();
    let n = rows[0].len();
    let vals: Vec<usize> = rows.iter().take(n).flatten().copied().collect();
    let shape = sudoku::Shape::from_side(n).unwrap();
    let g = sudoku::Grid::from_values(shape, &vals).unwrap();
    let t = Instant::now();
    let s = sudoku::solve::general::search(&g, None, 2, 1);
    println!(
        "{n}x{n}: count {} guesses {} in {:?}; valid {}",
        s.count,
        s.guesses,
        t.elapsed(),
        s.solutions
            .first()
            .map(|x| sudoku::verify::check_solution_of(&g, x).is_ok())
            .unwrap_or(false)
    );
}
