//! The loader of technique cases (`testdata/techniques/*.cases`, format in that folder's
//! README): each line a whole position (grid with givens and placed digits, deleted
//! candidates), a technique, and what the technique must do there.

use std::collections::BTreeSet;
use sudoku::format::Alphabet;
use sudoku::logic::{Family, Step, Technique};
use sudoku::{Board, Candidate, Candidates, Cell, Col, Digit, Grid, Row, Shape};

/// What a step does, as sets of single facts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Digits placed.
    pub placements: BTreeSet<Candidate>,
    /// Candidates removed.
    pub eliminations: BTreeSet<Candidate>,
}

impl Outcome {
    /// The outcome of `step`.
    pub fn of(step: &Step) -> Outcome {
        Outcome {
            placements: step.placements.iter().copied().collect(),
            eliminations: step.eliminations.iter().copied().collect(),
        }
    }

    /// The facts in the cases' notation (`r4c5=7 r1c2<>3`), one per candidate.
    pub fn write(&self, shape: Shape) -> String {
        let fact = |c: &Candidate, op: &str| {
            let d = Alphabet::Standard.symbol(c.digit.get()).unwrap_or('?');
            format!("{}{op}{d}", c.cell.name(shape))
        };
        let v: Vec<String> = self
            .placements
            .iter()
            .map(|c| fact(c, "="))
            .chain(self.eliminations.iter().map(|c| fact(c, "<>")))
            .collect();
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(" ")
        }
    }
}

/// What the technique must do at the case's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Find no step.
    Nothing,
    /// The first step (`next_step`) has exactly this outcome.
    First(Outcome),
    /// Some step of `all_steps` has exactly this outcome.
    Any(Outcome),
}

/// One technique case.
#[derive(Clone, Debug)]
pub struct Case {
    /// `file:line`, for messages.
    pub at: String,
    /// The technique under test.
    pub technique: Technique,
    /// The position: the grid's digits and its candidates.
    pub board: Board,
    /// What the technique must do there.
    pub expect: Expect,
    /// The exact one-line text of the expected step, when the case gives it.
    pub text: Option<String>,
}

/// The file a family's cases live in (`testdata/techniques/<name>.cases`): the family's
/// module in `logic/`.
pub fn file_of(family: Family) -> &'static str {
    match family {
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

/// A 1-based number from the cases' notation, in `1..=max`.
fn number(s: &str, max: usize, at: &str, what: &str) -> usize {
    match s.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => n,
        _ => panic!("{at}: {what} {s:?} is not in 1..={max}"),
    }
}

/// A cell written `r4c12`.
fn cell(name: &str, shape: Shape, at: &str) -> Cell {
    let rest = name
        .strip_prefix('r')
        .unwrap_or_else(|| panic!("{at}: cell {name:?} is not rNcM"));
    let (r, c) = rest
        .split_once('c')
        .unwrap_or_else(|| panic!("{at}: cell {name:?} is not rNcM"));
    let n = shape.side();
    let row = Row::new(number(r, n, at, "row") - 1);
    let col = Col::new(number(c, n, at, "column") - 1);
    Cell::at(shape, row, col)
}

/// A digit in the standard alphabet.
fn digit(ch: char, shape: Shape, at: &str) -> Digit {
    Alphabet::Standard
        .value(ch)
        .and_then(|v| Digit::try_new(v, shape))
        .unwrap_or_else(|| panic!("{at}: {ch:?} is no digit of a {shape} grid"))
}

/// Parses a list of facts (`r4c5=7 r1c2,r1c5<>38`; `-` is the empty list).
pub fn parse_facts(text: &str, shape: Shape, at: &str) -> Outcome {
    let mut out = Outcome::default();
    if text.trim() == "-" {
        return out;
    }
    for part in text.split_whitespace() {
        let part = part.trim_end_matches(',');
        let (cells, placed, digits) = match part.split_once("<>") {
            Some((c, d)) => (c, false, d),
            None => match part.split_once('=') {
                Some((c, d)) => (c, true, d),
                None => panic!("{at}: {part:?} is neither cells<>digits nor cell=digit"),
            },
        };
        assert!(!digits.is_empty(), "{at}: {part:?} names no digit");
        for name in cells.split(',') {
            let c = cell(name, shape, at);
            for ch in digits.chars() {
                let cand = Candidate::new(c, digit(ch, shape, at));
                if placed {
                    assert!(out.placements.insert(cand), "{at}: {part:?} twice");
                } else {
                    assert!(out.eliminations.insert(cand), "{at}: {part:?} twice");
                }
            }
        }
    }
    out
}

/// Parses one case line; `at` names it in errors. Bad data fails the test with its place.
pub fn parse_case(line: &str, at: String) -> Case {
    let f: Vec<&str> = line.splitn(5, '|').map(str::trim).collect();
    assert!(
        f.len() >= 4,
        "{at}: expected technique | grid | deleted | expected [| text]"
    );
    let technique =
        Technique::from_name(f[0]).unwrap_or_else(|| panic!("{at}: no technique {:?}", f[0]));
    let grid = Grid::from_line(f[1]).unwrap_or_else(|e| panic!("{at}: grid: {e}"));
    let shape = grid.shape();
    let mut marks = Candidates::from_grid(&grid);
    let deleted = parse_facts(f[2], shape, &at);
    assert!(
        deleted.placements.is_empty(),
        "{at}: the deleted candidates place nothing"
    );
    for &c in &deleted.eliminations {
        assert!(
            marks.remove(c),
            "{at}: deletes {}<>{}, which the grid's digits already exclude",
            c.cell.name(shape),
            c.digit
        );
    }
    let expect = match f[3].strip_prefix("any ") {
        _ if f[3] == "-" => Expect::Nothing,
        Some(rest) => Expect::Any(parse_facts(rest, shape, &at)),
        None => Expect::First(parse_facts(f[3], shape, &at)),
    };
    if let Expect::First(o) | Expect::Any(o) = &expect {
        assert!(
            !o.placements.is_empty() || !o.eliminations.is_empty(),
            "{at}: an expected step that does nothing"
        );
    }
    let text = f.get(4).map(|t| t.to_string());
    assert!(
        text.is_none() || expect != Expect::Nothing,
        "{at}: a text for a step that must not exist"
    );
    Case {
        at,
        technique,
        board: sudoku::Board::with_candidates(&grid, &marks),
        expect,
        text,
    }
}

/// The cases of `testdata/<rel>`; an empty file fails.
pub fn load(rel: &str) -> Vec<Case> {
    let cases: Vec<Case> = super::testdata(rel)
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| parse_case(l, format!("{rel}:{}", i + 1)))
        .collect();
    assert!(!cases.is_empty(), "{rel}: no cases");
    cases
}

/// The cases of one family (`testdata/techniques/<family>.cases`); each case's technique
/// must belong to the family.
pub fn family(family: Family) -> Vec<Case> {
    let cases = load(&format!("techniques/{}.cases", file_of(family)));
    for c in &cases {
        assert_eq!(
            c.technique.family(),
            family,
            "{}: {} is not of the file's family",
            c.at,
            c.technique.name()
        );
    }
    cases
}

/// Every case of `testdata/techniques/`: each family has its file, and there is no other
/// `.cases` file.
pub fn all() -> Vec<Case> {
    let known: Vec<String> = Family::ALL
        .iter()
        .map(|&f| format!("{}.cases", file_of(f)))
        .collect();
    let dir = super::path("techniques");
    for entry in std::fs::read_dir(&dir).expect("testdata/techniques") {
        let name = entry.expect("a directory entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            !name.ends_with(".cases") || known.iter().any(|k| *k == name),
            "testdata/techniques/{name}: not the file of a family"
        );
    }
    Family::ALL.iter().flat_map(|&f| family(f)).collect()
}

/// The first case of `technique` that must fire and gives a text (for tests of the text,
/// hints and evidence of a known step).
pub fn with_text(technique: Technique) -> Case {
    family(technique.family())
        .into_iter()
        .find(|c| c.technique == technique && c.text.is_some())
        .unwrap_or_else(|| panic!("no case of {} with a text", technique.name()))
}
