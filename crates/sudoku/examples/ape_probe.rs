//! Dev probe: positions on Explainer-order paths where aligned exclusion fires, printed as
//! `testdata/als/cases.txt` lines.
use sudoku::logic::{LogicSolver, Order, Technique, TechniqueSet};
use sudoku::{Board, Cell, Grid};

fn line(code: &str, b: &Board, out: &str) -> String {
    let s = b.shape();
    let vals: String = Cell::all(s)
        .map(|c| b.value(c).map_or('.', |d| char::from(b'0' + d.get() as u8)))
        .collect();
    let masks: Vec<String> = Cell::all(s)
        .map(|c| {
            if b.value(c).is_some() {
                "0".to_string()
            } else {
                b.candidates(c)
                    .iter()
                    .fold(0usize, |m, d| m | 1 << d.index())
                    .to_string()
            }
        })
        .collect();
    format!("{code} | {vals} | {} | {out}", masks.join(","))
}

fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    if std::env::args().any(|a| a == "db") {
        // Death Blossom on HoDoKu-order paths (it is off by default there).
        let mut set = TechniqueSet::hodoku_defaults();
        set.insert(Technique::DeathBlossom);
        let hd = LogicSolver::builder()
            .techniques(set)
            .backtracking(false)
            .build();
        let mut found = 0;
        for l in text.lines() {
            let g = Grid::from_line(l.split_whitespace().next().unwrap()).unwrap();
            let mut b = Board::new(&g);
            while let Some(s) = hd.next_step(&b) {
                if s.technique == Technique::DeathBlossom && found < 3 {
                    found += 1;
                    println!("{}", line("db", &b, &s.outcome_text(g.shape())));
                    eprintln!("{}", s.text(g.shape()));
                }
                sudoku::logic::apply(&mut b, &s);
            }
        }
        return;
    }
    let se = LogicSolver::builder()
        .order(Order::Explainer)
        .backtracking(false)
        .build();
    let (mut ape, mut ate, mut none_ape, mut none_ate) = (0, 0, 0, 0);
    for l in text.lines().take(200) {
        let g = Grid::from_line(l.split_whitespace().next().unwrap()).unwrap();
        let mut b = Board::new(&g);
        while let Some(s) = se.next_step(&b) {
            if s.technique.se_rating().unwrap_or(0.0) >= 6.0 {
                for (t, code) in [
                    (Technique::AlignedPairExclusion, "ape"),
                    (Technique::AlignedTripleExclusion, "ate"),
                ] {
                    let one = LogicSolver::builder()
                        .techniques(TechniqueSet::from(t))
                        .backtracking(false)
                        .build();
                    let (n, nn) = if code == "ape" {
                        (&mut ape, &mut none_ape)
                    } else {
                        (&mut ate, &mut none_ate)
                    };
                    match one.next_step(&b) {
                        Some(x) if *n < 4 => {
                            *n += 1;
                            println!("{}", line(code, &b, &x.outcome_text(g.shape())));
                            eprintln!("{}", x.text(g.shape()));
                        }
                        None if *nn < 2 => {
                            *nn += 1;
                            println!("{}", line(code, &b, "none"));
                        }
                        _ => {}
                    }
                }
            }
            sudoku::logic::apply(&mut b, &s);
        }
    }
}
