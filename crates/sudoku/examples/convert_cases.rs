//! One-off converter (issue 17, item 6): reads the technique cases of the three old formats
//! (`testdata/techniques/{singles,…}.txt` with a prelude, `techniques/logic_b.txt` and
//! `techniques/chains.txt` after the basic techniques, `als/cases.txt` with candidate masks),
//! replays each prelude once with today's code, checks that the old expectation holds
//! there, and writes every case as an explicit position in the format of
//! `testdata/techniques/README.md`, one file per family (`<family>.cases`).
//!
//! `cargo run --release -p sudoku-core --example convert_cases`

use std::collections::BTreeMap;
use std::fmt::Write as _;
use sudoku::format::line::write_line_placed;
use sudoku::format::Alphabet;
use sudoku::grid::Candidates;
use sudoku::logic::{apply, Family, LogicSolver, Order, Step, Technique, TechniqueSet};
use sudoku::{Board, Candidate, Cell, Digit, Grid, Shape};

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn only(t: Technique) -> LogicSolver {
    LogicSolver::builder()
        .techniques(t.into())
        .backtracking(false)
        .build()
}

/// What the old test checked at the position.
enum Old {
    /// Some step of `all_steps` has this exact text.
    Text(String),
    /// `all_steps[0]` has these facts.
    FirstListed(Vec<String>),
    /// `next_step` has these facts.
    Next(Vec<String>),
    /// The technique finds nothing.
    Nothing,
}

struct Case {
    source: String,
    comments: Vec<String>,
    technique: Technique,
    board: Board,
    old: Old,
    /// A text the inline one-liner tests checked at this position.
    text: Option<String>,
}

/// Single facts (`r1c2<>3`, `r4c5=7`) of a grouped outcome text (`r1c1,r1c2<>38, r4c5=7`).
fn facts_of_text(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in text.split_whitespace() {
        let part = part.trim_end_matches(',');
        let (cells, op, digits) = match part.split_once("<>") {
            Some((c, d)) => (c, "<>", d),
            None => {
                let (c, d) = part.split_once('=').expect("cell=digit");
                (c, "=", d)
            }
        };
        for cell in cells.split(',') {
            for d in digits.chars() {
                out.push(format!("{cell}{op}{d}"));
            }
        }
    }
    out.sort();
    out
}

fn symbol(d: Digit) -> char {
    Alphabet::Standard
        .symbol(d.get())
        .expect("a digit of the standard alphabet")
}

/// Single facts of a step.
fn facts_of_step(step: &Step, s: Shape) -> Vec<String> {
    let mut out: Vec<String> = step
        .placements
        .iter()
        .map(|p| format!("{}={}", p.cell.name(s), symbol(p.digit)))
        .chain(
            step.eliminations
                .iter()
                .map(|e| format!("{}<>{}", e.cell.name(s), symbol(e.digit))),
        )
        .collect();
    out.sort();
    out
}

/// Candidates written as `r1c2=5 r1c3,r4c3<>38`: placements first, then the cells that lose
/// the same digits together, in cell order.
fn write_facts(s: Shape, placed: &[Candidate], removed: &[Candidate]) -> String {
    let mut parts: Vec<String> = placed
        .iter()
        .map(|p| format!("{}={}", p.cell.name(s), symbol(p.digit)))
        .collect();
    let mut by_cell: BTreeMap<usize, Vec<Digit>> = BTreeMap::new();
    for c in removed {
        by_cell.entry(c.cell.index()).or_default().push(c.digit);
    }
    // Digit sets in the order of their first cell, each with its cells.
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for (cell, mut digits) in by_cell {
        digits.sort();
        digits.dedup();
        let ds: String = digits.into_iter().map(symbol).collect();
        let name = Cell::new(cell).name(s).to_string();
        match groups.iter_mut().find(|(d, _)| *d == ds) {
            Some((_, cells)) => cells.push(name),
            None => groups.push((ds, vec![name])),
        }
    }
    for (ds, cells) in groups {
        parts.push(format!("{}<>{ds}", cells.join(",")));
    }
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(" ")
    }
}

/// The candidates the rules allow that the board no longer has (the position's deletions);
/// panics if the board has a candidate the rules forbid.
fn removed_of(board: &Board) -> Vec<Candidate> {
    let rules = Candidates::from_grid(board.grid());
    let mut out = Vec::new();
    for cell in Cell::all(board.shape()) {
        let have = board.candidates(cell);
        let allowed = rules.get(cell);
        assert!(
            (have - allowed).is_empty(),
            "a candidate the rules forbid at {}",
            cell.name(board.shape())
        );
        for d in (allowed - have).iter() {
            out.push(Candidate::new(cell, d));
        }
    }
    out
}

fn advance(grid: &Grid, prelude: &LogicSolver, stop: Option<&LogicSolver>) -> Board {
    let mut board = Board::new(grid);
    loop {
        if stop.is_some_and(|s| s.next_step(&board).is_some()) {
            return board;
        }
        match prelude.next_step(&board) {
            Some(step) => {
                apply(&mut board, &step);
            }
            None => return board,
        }
    }
}

/// Lines of an old file with the comments gathered before each case.
fn cases_of(rel: &str, header: usize) -> Vec<(String, Vec<String>, String)> {
    let mut out = Vec::new();
    let mut pending = Vec::new();
    for (n, line) in read(rel).lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            pending.clear();
            continue;
        }
        if line.starts_with('#') {
            if n >= header {
                pending.push(line.to_string());
            }
            continue;
        }
        out.push((
            format!("{rel}:{}", n + 1),
            std::mem::take(&mut pending),
            line.to_string(),
        ));
    }
    out
}

fn prelude_cases(out: &mut Vec<Case>) {
    for (file, header) in [
        ("singles.txt", 3),
        ("intersections.txt", 3),
        ("subsets.txt", 3),
        ("fish.txt", 3),
        ("uniqueness.txt", 4),
        ("coloring.txt", 2),
        ("single_digit.txt", 3),
        ("wings.txt", 3),
        ("templates.txt", 6),
    ] {
        for (source, comments, line) in cases_of(&format!("techniques/{file}"), header) {
            let f: Vec<&str> = line.splitn(4, '|').map(str::trim).collect();
            let t = Technique::from_name(f[0]).unwrap();
            let grid = Grid::from_line(f[1]).unwrap();
            let (prelude_list, to_stall) = match f[2].strip_suffix('!') {
                Some(list) => (list, true),
                None => (f[2], false),
            };
            let (list, at) = match prelude_list.split_once('@') {
                Some((list, at)) => (list, Some(Technique::from_name(at).unwrap())),
                None => (prelude_list, None),
            };
            let prelude = LogicSolver::builder()
                .techniques(TechniqueSet::parse(list).unwrap())
                .order(if list == "explainer" || list == "singles" {
                    Order::Explainer
                } else {
                    Order::Hodoku
                })
                .backtracking(false)
                .build();
            let stop = only(at.unwrap_or(t));
            let board = advance(&grid, &prelude, (!to_stall).then_some(&stop));
            let old = if f[3] == "-" {
                Old::Nothing
            } else {
                Old::Text(f[3].to_string())
            };
            out.push(Case {
                source,
                comments,
                technique: t,
                board,
                old,
                text: None,
            });
        }
    }
}

fn after(set: TechniqueSet, grid: &Grid) -> Board {
    LogicSolver::builder()
        .techniques(set)
        .backtracking(false)
        .build()
        .solve(grid)
        .board
}

fn basic() -> TechniqueSet {
    TechniqueSet::family(Family::Singles)
        .union(TechniqueSet::family(Family::Intersections))
        .union(TechniqueSet::family(Family::Subsets))
}

fn logic_b_cases(out: &mut Vec<Case>) {
    let set = TechniqueSet::parse("singles,intersections,subsets").unwrap();
    for (source, comments, line) in cases_of("techniques/logic_b.txt", 4) {
        let f: Vec<&str> = line.split(':').collect();
        let (neg, code) = match f[0].strip_prefix('!') {
            Some(c) => (true, c),
            None => (false, f[0]),
        };
        let board = after(set, &Grid::from_line(f[1]).unwrap());
        let old = if neg {
            Old::Nothing
        } else {
            Old::FirstListed(facts_of_text(f[2]))
        };
        out.push(Case {
            source,
            comments,
            technique: Technique::from_name(code).unwrap(),
            board,
            old,
            text: None,
        });
    }
}

fn chain_cases(out: &mut Vec<Case>) {
    for (source, comments, line) in cases_of("techniques/chains.txt", 5) {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let board = after(basic(), &Grid::from_line(f[1]).unwrap());
        let old = if f[2] == "none" {
            Old::Nothing
        } else {
            Old::Next(facts_of_text(f[2]))
        };
        out.push(Case {
            source,
            comments,
            technique: Technique::from_name(f[0]).unwrap(),
            board,
            old,
            text: None,
        });
    }
}

fn als_cases(out: &mut Vec<Case>) {
    for (source, comments, line) in cases_of("als/cases.txt", 9) {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let grid = Grid::from_line(f[1]).unwrap();
        let mut marks = Candidates::none(grid.shape());
        for (i, m) in f[2].split(',').enumerate() {
            let m: usize = m.parse().unwrap();
            let ds = (0..9)
                .filter(|b| m >> b & 1 == 1)
                .map(|b| Digit::new(b + 1))
                .collect();
            marks.set(Cell::new(i), ds);
        }
        let board = Board::with_candidates(&grid, &marks);
        let old = if f[3] == "none" {
            Old::Nothing
        } else {
            Old::Next(facts_of_text(f[3]))
        };
        out.push(Case {
            source,
            comments,
            technique: Technique::from_name(f[0]).unwrap(),
            board,
            old,
            text: None,
        });
    }
}

/// The texts the inline one-liner tests checked, at positions after the basic techniques.
fn inline_texts() -> Vec<(Technique, &'static str, &'static str)> {
    vec![
        (
            Technique::XyWing,
            ".7..2958.94..............6.4.16......239.....5....24......6814..........35..4...7",
            "XY-Wing: 1/3/5 in r6c9,r5c8,r7c9 => r4c9,r8c8<>5",
        ),
        (
            Technique::Skyscraper,
            "...28.754.9.4.38............397..28.84......3.5.....7...8..1.9......5..23.6......",
            "Skyscraper: 6 in r5c6,r6c9 (connected by r3c6,r3c9) => r5c7,r5c8,r6c4,r6c5<>6",
        ),
        (
            Technique::EmptyRectangle,
            "7...56.381.842.............5..3......4..8.7....1...24...3.........1....5.5...7.6.",
            "Empty Rectangle: 2 in b4 (r5c4,r9c4) => r9c3<>2",
        ),
        (
            Technique::WWing,
            "9...627....5..3...........67...3.........9...8.2.45..9..35.1.28.4......5.1.......",
            "W-Wing: 1/4 in r1c4,r5c1 connected by 4 in r1c3,r2c1 => r5c4<>1",
        ),
        (
            Technique::UniqueRectangle4,
            "............3.9........7149.......31.2...89.4.96.7...8..8.......326........9..72.",
            "Uniqueness Test 4: 1/4 in r2c2,r2c3,r9c2,r9c3 => r2c2,r2c3<>1",
        ),
        (
            Technique::XChain,
            "....5..8...7.293..1...74..25.91.2..4....4.........816.718....2...........6......7",
            "X-Chain: (3)r4c2=r4c8-r8c8=r7c9-r7c5=r6c5 => r6c1,r6c2,r6c3<>3",
        ),
        (
            Technique::GroupedContinuousNiceLoop,
            "3.2....1....97.............5...8.6....15...7..8..4....9....1.27.1.4.......5..79..",
            "Grouped Continuous Nice Loop: (6=8)r1c4-r123c6=(8-5)r8c6=r123c6-(5=6)r1c5-r1c4 \
             => r8c6<>2369, r1c2,r1c6,r1c9,r2c6,r3c6<>6, r3c4<>68",
        ),
        (
            Technique::GroupedAic,
            "3.2....1....97.............5...8.6....15...7..8..4....9....1.27.1.4.......5..79..",
            "Grouped AIC: (6=8)r1c4-r123c6=(8-5)r8c6=r123c6-(5=6)r1c5 => r1c2,r1c6,r1c9,r2c6,r3c4,\
             r3c6<>6",
        ),
        (
            Technique::GroupedDiscontinuousNiceLoop,
            "....7..9.429.5...16..........1..4.2.95..63......8.......6..5....3.2.1..7........4",
            "Grouped Discontinuous Nice Loop: (4)r6c2=r6c3-r8c3=(4-8)r8c5=r8c13-(8=7)r9c3-r7c12\
             =(7-9)r7c4=(9-4)r7c2=r6c2 => r6c2=4",
        ),
    ]
}

fn file_of(f: Family) -> &'static str {
    match f {
        Family::Singles => "singles",
        Family::Intersections => "intersections",
        Family::Subsets => "subsets",
        Family::Fish => "fish",
        Family::SingleDigitPatterns => "single_digit",
        Family::Wings => "wings",
        Family::Uniqueness => "uniqueness",
        Family::Coloring => "coloring",
        Family::Chains => "chains",
        Family::Als => "als",
        Family::Miscellaneous => "misc",
        Family::Forcing => "forcing",
        Family::LastResort => "last_resort",
    }
}

/// The comment that opens each family's file: where its positions came from.
fn header(file: &str) -> String {
    let lines: &[&str] = match file {
        "singles" | "intersections" | "subsets" | "fish" => &[
            "Positions on HoDoKu-order paths (Sudoku Explainer order for the direct hints) of",
            "puzzles from HoDoKu's exemplar library (hodoku-exemplars-1.0.txt, the technique's",
            "section) or top1465, where the technique first fires; the must-not-fire lines are",
            "where a neighbour technique (finned where basic must not fire, …) fires first.",
        ],
        "single_digit" | "wings" | "coloring" | "uniqueness" => &[
            "Positions on HoDoKu-order paths of puzzles from HoDoKu's exemplar library (line and",
            "section cited: `L370 #0400`) after singles, intersections and subsets, or of the sudoku",
            "exchange diabolical bank (lines 1-20000) where the technique first fires.",
        ],
        "chains" | "forcing" => &[
            "Positions after singles, intersections and subsets of puzzles from HoDoKu's exemplar",
            "library (sections #0701-#0711), the sudoku exchange diabolical bank and top1465; the",
            "expected outcome is the step the solver takes (in HoDoKu's order, for chains: the one",
            "that removes the most, the shortest among equals). The empty grid: nothing may fire.",
        ],
        "als" | "misc" => &[
            "axz/axy/ach/sdc: positions where hodoku-py (HoDoKu 2.2's solver) takes that step on",
            "puzzles of HoDoKu's exemplar library (sections #0901-#0903, #1101) and top1465, with",
            "HoDoKu's own candidates; the outcome is HoDoKu's first step there. The must-not-fire",
            "lines are the same positions for the technique just before in HoDoKu's order.",
            "ape/ate: positions on Sudoku Explainer-order paths of the diabolical bank. db: Death",
            "Blossom on a HoDoKu-order path with it enabled.",
        ],
        "last_resort" => &[
            "Template Set and Delete where HoDoKu's default set without forcing chains and nets and",
            "without grouped chains stalls (on top1465 and hardest puzzles): at any earlier",
            "position templates would fire on what a single shows.",
        ],
        _ => &[],
    };
    let mut out = format!("# {file}: technique cases, format in README.md.\n");
    for l in lines {
        out.push_str(&format!("# {l}\n"));
    }
    out.push('\n');
    out
}

fn main() {
    let mut cases = Vec::new();
    prelude_cases(&mut cases);
    logic_b_cases(&mut cases);
    chain_cases(&mut cases);
    als_cases(&mut cases);
    // Attach the inline one-liners' texts to the converted case of the same position.
    let basics = TechniqueSet::parse("singles,intersections,subsets").unwrap();
    let mut texts_used = 0;
    for (t, puzzle, text) in inline_texts() {
        let a = after(basics, &Grid::from_line(puzzle).unwrap());
        let b = after(basic(), &Grid::from_line(puzzle).unwrap());
        assert_eq!(a, b, "the two basic sets reach the same position");
        let case = cases
            .iter_mut()
            .find(|c| c.technique == t && c.board == a && !matches!(c.old, Old::Nothing))
            .unwrap_or_else(|| panic!("no case for {text}"));
        let first = only(t).next_step(&case.board).unwrap();
        assert_eq!(first.text(a.shape()), text);
        case.text = Some(text.to_string());
        texts_used += 1;
    }
    let mut files: BTreeMap<&str, String> = BTreeMap::new();
    let mut counts: BTreeMap<(String, &str), usize> = BTreeMap::new();
    let mut any_mode = Vec::new();
    let mut timing = Vec::new();
    for case in &cases {
        let t = case.technique;
        let s = case.board.shape();
        let finder = only(t);
        let start = std::time::Instant::now();
        let all = finder.all_steps(&case.board);
        let next = finder.next_step(&case.board);
        timing.push((start.elapsed(), case.source.clone()));
        let (expect, text) = match &case.old {
            Old::Nothing => {
                assert!(all.is_empty() && next.is_none(), "{}: fires", case.source);
                ("-".to_string(), None)
            }
            Old::Text(text) => {
                let step = all
                    .iter()
                    .find(|st| st.text(s) == *text)
                    .unwrap_or_else(|| panic!("{}: {text} not found", case.source));
                let next = next.unwrap();
                let mode = if next.text(s) == *text { "" } else { "any " };
                if !mode.is_empty() {
                    any_mode.push(case.source.clone());
                }
                let facts = write_facts(s, &step.placements, &step.eliminations);
                (format!("{mode}{facts}"), Some(text.clone()))
            }
            Old::FirstListed(facts) | Old::Next(facts) => {
                let checked = match &case.old {
                    Old::FirstListed(_) => all.first().unwrap().clone(),
                    _ => next.clone().unwrap(),
                };
                assert_eq!(&facts_of_step(&checked, s), facts, "{}", case.source);
                let next = next.unwrap();
                let mode = if facts_of_step(&next, s) == *facts {
                    ""
                } else {
                    any_mode.push(case.source.clone());
                    "any "
                };
                let facts = write_facts(s, &checked.placements, &checked.eliminations);
                (format!("{mode}{facts}"), case.text.clone())
            }
        };
        let grid = write_line_placed(case.board.grid()).unwrap();
        let removed = write_facts(s, &[], &removed_of(&case.board));
        let file = file_of(t.family());
        let out = files.entry(file).or_default();
        for c in &case.comments {
            writeln!(out, "{c}").unwrap();
        }
        write!(out, "{} | {grid} | {removed} | {expect}", t.code()).unwrap();
        if let Some(text) = text {
            write!(out, " | {text}").unwrap();
        }
        out.push('\n');
        let family_source = case.source.split(':').next().unwrap().to_string();
        *counts.entry((family_source, file)).or_default() += 1;
    }
    for (file, body) in &files {
        let body = format!("{}{body}", header(file));
        let path = root().join(format!("techniques/{file}.cases"));
        std::fs::write(&path, body).unwrap();
    }
    for ((src, file), n) in &counts {
        println!("{src} -> {file}.cases: {n}");
    }
    println!("{} cases, {texts_used} inline texts attached", cases.len());
    println!("not the first step (written `any`): {any_mode:?}");
    timing.sort();
    timing.reverse();
    let total: std::time::Duration = timing.iter().map(|t| t.0).sum();
    println!(
        "all_steps + next_step: {total:?} in all; slowest {:?}",
        &timing[..5]
    );
}
