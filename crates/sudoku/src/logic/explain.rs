//! Text of a step, rendered from its data: [`Step::text`] (the one-line notation players
//! know, HoDoKu style, chains in Eureka notation), [`Step::explain`] (a plain-language
//! sentence), [`Step::hint`] (vague to concrete) and [`Step::focus`]; and a player's
//! mistakes ([`mistake_text`]). The one renderer: finders build data, and no finder file is
//! imported for text.
//!
//! Depends on the step model and the grid's index types.

use super::position::{Mistake, MistakeKind, Position};
use super::step::*;
use super::technique::Technique;
use crate::index::{Candidate, Cell, Digit, House};
use crate::set::DigitSet;
use crate::shape::Shape;
use crate::symbols::Notation;

/// `r1c2`.
pub(crate) fn cell_name(shape: Shape, c: Cell) -> String {
    c.name(shape).to_string()
}

/// `r1c2,r1c5`.
pub(crate) fn cell_list(shape: Shape, cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(shape, c))
        .collect::<Vec<_>>()
        .join(",")
}

/// `r1,r7` / `c3,b5` (each as [`House::named`] names it).
pub(crate) fn house_list(shape: Shape, houses: &[House]) -> String {
    houses
        .iter()
        .map(|h| h.named(shape).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `row 4`, `column 3`, `box 1` (as [`House::named`] names it).
pub(crate) fn house_long(shape: Shape, h: House) -> String {
    let h = h.named(shape);
    let number = match h {
        House::Row(r) => r.number(),
        House::Col(c) => c.number(),
        House::Block(b) => b.number(),
    };
    format!("{} {}", h.kind_name(), number)
}

/// `r1c4,r1c7<>5, r2c3<>67`: eliminations grouped HoDoKu style: the cells that lose the
/// same digits together, groups ordered by their smallest digit.
pub fn eliminations_text(n: impl Into<Notation>, elims: &[Candidate]) -> String {
    let n = n.into();
    let shape = n.shape;
    let mut by_cell: Vec<(Cell, DigitSet)> = Vec::new();
    for e in elims {
        match by_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, ds)) => {
                ds.insert(e.digit);
            }
            None => by_cell.push((e.cell, DigitSet::single(e.digit))),
        }
    }
    // Cells with the same digits form a group; a cell whose digits differ is split per digit
    // only when that lets it join a group of one digit.
    let mut groups: Vec<(DigitSet, Vec<Cell>)> = Vec::new();
    for (cell, ds) in by_cell {
        match groups.iter_mut().find(|(g, _)| *g == ds) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((ds, vec![cell])),
        }
    }
    // Prefer per-digit groups when every cell loses one digit of a shared set: keeps
    // `r1c4,r1c7<>5` instead of merging unrelated digits.
    let mut singles: Vec<(DigitSet, Vec<Cell>)> = Vec::new();
    for (ds, cells) in groups {
        singles.push((ds, cells));
    }
    singles.iter_mut().for_each(|(_, cells)| cells.sort());
    singles.sort_by_key(|(ds, cells)| (ds.first(), cells.first().copied()));
    let wide = singles.iter().any(|(ds, _)| ds.iter().any(|d| d.get() > 9));
    singles
        .iter()
        .map(|(ds, cells)| {
            let digits = if wide {
                n.digit_list(*ds)
            } else {
                n.digits(*ds)
            };
            format!("{}<>{}", cell_list(shape, cells), digits)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `r4c5=7, r1c1=2`.
pub fn placements_text(n: impl Into<Notation>, places: &[Candidate]) -> String {
    let n = n.into();
    let shape = n.shape;
    places
        .iter()
        .map(|c| format!("{}={}", cell_name(shape, c.cell), n.digit(c.digit)))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Node {
    /// The cells in HoDoKu's notation: `r1c2`, and for a group `r1c23` (one row) or
    /// `r12c3` (one column); above 9x9 the numbers are comma-separated (`r10c11,12`).
    pub fn cells_name(&self, shape: Shape) -> String {
        let cells = self.cells();
        if cells.len() == 1 {
            return cell_name(shape, cells[0]);
        }
        let sep = if shape.side() > 9 { "," } else { "" };
        let join = |v: Vec<usize>| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(sep)
        };
        let row = cells[0].row(shape);
        let col = cells[0].col(shape);
        if cells.iter().all(|c| c.row(shape) == row) {
            let cols = cells.iter().map(|c| c.col(shape).number()).collect();
            format!("r{}c{}", row.number(), join(cols))
        } else if cells.iter().all(|c| c.col(shape) == col) {
            let rows = cells.iter().map(|c| c.row(shape).number()).collect();
            format!("r{}c{}", join(rows), col.number())
        } else {
            cell_list(shape, cells)
        }
    }
}

impl Step {
    /// The outcome part of the one-liner: `r1c8<>3` or `r4c5=7`.
    pub fn outcome_text(&self, n: impl Into<Notation>) -> String {
        let n = n.into();
        match (self.placements.is_empty(), self.eliminations.is_empty()) {
            (false, true) => placements_text(n, &self.placements),
            (true, _) => eliminations_text(n, &self.eliminations),
            (false, false) => format!(
                "{}, {}",
                placements_text(n, &self.placements),
                eliminations_text(n, &self.eliminations)
            ),
        }
    }

    /// A forcing step on one supposition that contradicts itself at once, with no chain
    /// (every branch empty: when singles are left out of the techniques, a cell's last
    /// candidate is placed this way): the supposed candidate, and whether it was supposed
    /// false (the step then places it) rather than true (the step removes it).
    fn immediate_contradiction(&self) -> Option<(Candidate, bool)> {
        let Evidence::Forcing {
            premise, branches, ..
        } = &self.evidence
        else {
            return None;
        };
        match premise.as_slice() {
            [c] if branches.iter().all(Vec::is_empty) => Some((*c, self.placements.contains(c))),
            _ => None,
        }
    }

    /// The one-line explanation in the notation players know (HoDoKu style):
    /// `Naked Pair: 3,7 in r1c2,r1c5 => r1c8<>3`, `Hidden Single: r4c5=7 (row 4)`,
    /// `Locked Candidates Type 1 (Pointing): 5 in b1 => r1c4,r1c7<>5`,
    /// `X-Wing: 4 r2,r7 c3,c8 => r5c3<>4`.
    pub fn text(&self, n: impl Into<Notation>) -> String {
        let n = n.into();
        let shape = n.shape;
        let name = self.technique.name();
        let out = self.outcome_text(n);
        if let Some((c, false_)) = self.immediate_contradiction() {
            let op = if false_ { "<>" } else { "=" };
            return format!(
                "{name}: {}{op}{} => {out}",
                cell_name(shape, c.cell),
                n.digit(c.digit)
            );
        }
        match &self.evidence {
            Evidence::Single { house: Some(h) } if self.technique == Technique::HiddenSingle => {
                format!("{name}: {out} ({})", house_long(shape, *h))
            }
            Evidence::Single { .. } | Evidence::BruteForce | Evidence::Template { .. } => {
                format!("{name}: {out}")
            }
            Evidence::Direct { via, house, .. } => {
                format!(
                    "{name}: {} => {out} ({})",
                    pattern_text(n, via),
                    house_long(shape, *house)
                )
            }
            Evidence::Kraken(k) => format!(
                "{name} Type {}: {}: {} => {out}; {}",
                k.kind.number(),
                k.fish_technique.name(),
                fish_text(n, &k.fish),
                chains_text(n, k)
            ),
            other => format!("{name}: {} => {out}", pattern_text(n, other)),
        }
    }

    /// A longer explanation in plain language.
    pub fn explain(&self, n: impl Into<Notation>) -> String {
        let n = n.into();
        let shape = n.shape;
        let out = self.outcome_text(n);
        if let Some((c, false_)) = self.immediate_contradiction() {
            return format!(
                "Suppose {} {} {}: at once a cell is left with no candidate, or a house with \
                 no place for a digit. So the supposition is wrong: {out}.",
                cell_name(shape, c.cell),
                if false_ { "is not" } else { "is" },
                n.digit(c.digit)
            );
        }
        let first = self.placements.first().copied();
        let place = |what: &str| match first {
            Some(p) => format!(
                "{what}, so {} goes in {}.",
                n.digit(p.digit),
                cell_name(shape, p.cell)
            ),
            None => format!("{what}."),
        };
        match &self.evidence {
            Evidence::Single { house: Some(h) } if self.technique == Technique::FullHouse => {
                place(&format!(
                    "{} is the last empty cell of {}: it takes the one digit {} is missing",
                    first.map_or(String::new(), |p| cell_name(shape, p.cell)),
                    house_long(shape, *h),
                    house_long(shape, *h)
                ))
            }
            Evidence::Single { house: Some(h) } => place(&format!(
                "In {}, digit {} has a single place left, {}",
                house_long(shape, *h),
                first.map_or(String::new(), |p| n.digit(p.digit)),
                first.map_or(String::new(), |p| cell_name(shape, p.cell))
            )),
            Evidence::Single { house: None } => place(&format!(
                "{} has a single candidate left",
                first.map_or(String::new(), |p| cell_name(shape, p.cell))
            )),
            Evidence::Direct {
                via,
                house,
                cleared,
            } => {
                let how = explain_pattern(n, via, &eliminations_text(n, cleared));
                place(&format!(
                    "{how} That leaves digit {} a single place in {}",
                    first.map_or(String::new(), |p| n.digit(p.digit)),
                    house_long(shape, *house)
                ))
            }
            Evidence::BruteForce => format!(
                "No technique in use applies here. By backtracking (trying digits and undoing \
                 the ones that lead to a contradiction), the solution has {out}. This is a guess \
                 confirmed by search, not a logical step."
            ),
            Evidence::Template { digit, templates } => {
                let digit = n.digit(*digit);
                let (what, cells) = if self.placements.is_empty() {
                    (
                        "None of them",
                        self.eliminations.iter().map(|c| c.cell).collect::<Vec<_>>(),
                    )
                } else {
                    (
                        "Every one of them",
                        self.placements.iter().map(|c| c.cell).collect(),
                    )
                };
                let remain = if *templates == 1 {
                    "One template remains".to_string()
                } else {
                    format!("{templates} templates remain")
                };
                format!(
                    "A template of digit {digit} places all its copies at once: one in every row, \
                     column and box, covering the {digit}s already placed and otherwise only cells \
                     where {digit} is a candidate; the solution's {digit}s form one. {remain} once \
                     those that overlap every template of some other digit are dropped. {what} \
                     puts {digit} in {}, so: {out}.",
                    cell_list(shape, &cells)
                )
            }
            Evidence::Uniqueness {
                cells,
                extra,
                subset,
                ..
            } if matches!(
                self.technique,
                Technique::BugType2 | Technique::BugType3 | Technique::BugType4
            ) =>
            {
                let how = match self.technique {
                    Technique::BugType2 => {
                        "They are all the same digit, so a cell that sees all of them can't \
                         hold it"
                            .to_string()
                    }
                    Technique::BugType3 => format!(
                        "Those cells share a house, so together they act as one cell holding \
                         the extra digits, which with {} makes a naked set",
                        cell_list(shape, subset)
                    ),
                    _ => "Those two cells share a house where a digit of both their pairs has \
                          no other place: one of them takes it and the other its extra digit"
                        .to_string(),
                };
                format!(
                    "Assuming the puzzle has a single solution: without the extra candidates {} \
                     of {}, every empty cell would have two candidates and every digit two \
                     places in each house (a bivalue universal grave, which has two solutions \
                     or none), so one of them is true. {how}: {out}.",
                    extra
                        .iter()
                        .map(|c| format!("{} in {}", n.digit(c.digit), cell_name(shape, c.cell)))
                        .collect::<Vec<_>>()
                        .join(", "),
                    cell_list(shape, cells)
                )
            }
            Evidence::SueDeCoq {
                cells,
                digits,
                line,
                block,
            } => explain_misc(
                n,
                self.technique,
                cells,
                *digits,
                &[line.clone(), block.clone()],
                &out,
            ),
            Evidence::AlignedExclusion {
                cells,
                digits,
                excluders,
            } => explain_misc(n, self.technique, cells, *digits, excluders, &out),
            other => explain_pattern(n, other, &out),
        }
    }

    /// A hint for a player: from the technique alone, through where to look, to the full
    /// step.
    pub fn hint(&self, n: impl Into<Notation>, level: HintLevel) -> String {
        let n = n.into();
        let name = self.technique.name();
        let article = if name.starts_with(['A', 'E', 'I', 'O', 'U', 'X']) {
            "an"
        } else {
            "a"
        };
        match level {
            HintLevel::Technique => format!("Try {article} {name}."),
            HintLevel::Vague => match self.focus(n) {
                Some(place) => format!("Look at {place} for {article} {name}."),
                None => format!("Try {article} {name}."),
            },
            HintLevel::Full => self.text(n),
        }
    }

    /// Where a player should look, in words (`row 4`, `digit 4 in the rows`), for
    /// [`HintLevel::Vague`].
    pub fn focus(&self, n: impl Into<Notation>) -> Option<String> {
        let n = n.into();
        let shape = n.shape;
        match &self.evidence {
            Evidence::Single { house: Some(h) } => Some(house_long(shape, *h)),
            Evidence::Single { house: None } => self
                .placements
                .first()
                .map(|p| house_long(shape, House::Row(p.cell.row(shape)))),
            Evidence::Direct { house, .. } => Some(house_long(shape, *house)),
            Evidence::Intersection {
                digit,
                block,
                line,
                pointing,
                ..
            } => Some(if *pointing {
                format!(
                    "digit {} in {}",
                    n.digit(*digit),
                    house_long(shape, House::Block(*block))
                )
            } else {
                format!("digit {} in {}", n.digit(*digit), house_long(shape, *line))
            }),
            Evidence::Subset { houses, .. } => houses.first().map(|h| house_long(shape, *h)),
            Evidence::Fish(f) | Evidence::Kraken(KrakenEvidence { fish: f, .. }) => {
                let kind = |h: &House| match h {
                    House::Row(_) => "rows",
                    House::Col(_) => "columns",
                    House::Block(_) => "boxes",
                };
                let kinds: Vec<&str> = {
                    let mut k: Vec<&str> = f.base.iter().map(kind).collect();
                    k.dedup();
                    k
                };
                Some(format!(
                    "digit {} in the {}",
                    n.digit(f.digit),
                    kinds.join(" and ")
                ))
            }
            Evidence::SingleDigit { digit, .. }
            | Evidence::Coloring { digit, .. }
            | Evidence::Template { digit, .. } => Some(format!("digit {}", n.digit(*digit))),
            Evidence::Wing { digits, .. } | Evidence::Uniqueness { digits, .. } => {
                Some(format!("digits {}", n.digit_list(*digits)))
            }
            _ => None,
        }
    }
}

/// The pattern part of the one-liner (before `=>`).
/// The pattern of Sue de Coq and aligned exclusion: the base `cells` and their `digits`,
/// then each group's cells and digits: `r1c12 - {1234} (r1c5 - {15}, r2c1 - {24})`.
fn group_pattern_text(n: Notation, cells: &[Cell], digits: DigitSet, groups: &[AlsSet]) -> String {
    let shape = n.shape;
    let braced = |d: DigitSet| digits_braced(n, d);
    let cl = |c: &[Cell]| compact_cells(shape, c);
    let parts: Vec<String> = groups
        .iter()
        .map(|g| format!("{} - {}", cl(&g.cells), braced(g.digits)))
        .collect();
    format!("{} - {} ({})", cl(cells), braced(digits), parts.join(", "))
}

fn pattern_text(n: Notation, e: &Evidence) -> String {
    let shape = n.shape;
    match e {
        Evidence::Single { house } => house
            .map(|h| h.named(shape).to_string())
            .unwrap_or_default(),
        Evidence::Direct { via, .. } => pattern_text(n, via),
        Evidence::Intersection {
            digit,
            block,
            line,
            pointing,
            ..
        } => {
            let digit = n.digit(*digit);
            if *pointing {
                format!("{digit} in {block}")
            } else {
                format!("{digit} in {line}")
            }
        }
        Evidence::Subset { cells, digits, .. } => {
            format!("{} in {}", n.digit_list(*digits), cell_list(shape, cells))
        }
        Evidence::Fish(f) => fish_text(n, f),
        Evidence::Kraken(k) => format!(
            "{} {} ({})",
            k.fish_technique.name(),
            fish_text(n, &k.fish),
            chains_text(n, k)
        ),
        Evidence::SingleDigit {
            digit,
            cells,
            houses,
            ..
        } => match (cells.len(), houses.first(), n.digit(*digit)) {
            // Empty Rectangle: the box, then the conjugate pair.
            (2, Some(House::Block(b)), digit) => {
                format!("{digit} in {b} ({})", cell_list(shape, cells))
            }
            // Skyscraper, kite, turbot: the two ends, then the two cells joining them.
            // Four-Box Rectangle: the four boxes, in cycle order.
            (0, _, digit) => format!("{digit} in {}", house_list(shape, houses)),
            (4 | 6, _, digit) => format!(
                "{digit} in {} (connected by {})",
                cell_list(shape, &cells[..2]),
                cell_list(shape, &cells[2..])
            ),
            (_, _, digit) => format!("{digit} in {}", cell_list(shape, cells)),
        },
        Evidence::Wing {
            digits,
            pivot,
            pincers,
            z,
            links,
        } => {
            let mut cells: Vec<Cell> = pivot.iter().copied().collect();
            cells.extend(pincers);
            // `x/y/z`, the eliminated digit last; a W-Wing: `z/x ... connected by x in p,q`.
            let others = digits.iter().filter(|d| Some(*d) != *z);
            let mut ds: Vec<String> = others.map(|d| n.digit(d)).collect();
            ds.extend(z.map(|d| n.digit(d)));
            if pivot.is_none() && links.len() >= 3 && z.is_some() {
                ds.rotate_right(1);
                let strong = &links[links.len() / 2];
                format!(
                    "{} in {} connected by {} in {},{}",
                    ds.join("/"),
                    cell_list(shape, &cells),
                    n.digit(strong.from.digit()),
                    strong.from.cells_name(shape),
                    strong.to.cells_name(shape)
                )
            } else {
                format!("{} in {}", ds.join("/"), cell_list(shape, &cells))
            }
        }
        Evidence::Uniqueness { digits, cells, .. } => {
            let ds: Vec<String> = digits.iter().map(|d| n.digit(d)).collect();
            format!("{} in {}", ds.join("/"), cell_list(shape, cells))
        }
        Evidence::SueDeCoq {
            cells,
            digits,
            line,
            block,
        } => group_pattern_text(n, cells, *digits, &[line.clone(), block.clone()]),
        Evidence::AlignedExclusion {
            cells,
            digits,
            excluders,
        } => group_pattern_text(n, cells, *digits, excluders),
        Evidence::Coloring { digit, colors } => {
            let parts: Vec<String> = colors
                .iter()
                .map(|[a, b]| format!("({}),({})", cell_list(shape, a), cell_list(shape, b)))
                .collect();
            format!("{} {}", n.digit(*digit), parts.join(" "))
        }
        Evidence::Medusa { colors, .. } => {
            let side = |v: &[Candidate]| {
                v.iter()
                    .map(|c| format!("{}{}", n.digit(c.digit), cell_name(shape, c.cell)))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!("({}),({})", side(&colors[0]), side(&colors[1]))
        }
        Evidence::Chain { links } => chain_text(n, links),
        Evidence::Als {
            sets,
            restricted,
            z,
            stem,
        } => als_text(n, sets, restricted, *z, *stem),
        Evidence::Forcing {
            premise,
            branches,
            inner,
        } => {
            let mut s = forcing_text(n, premise, branches);
            if !inner.is_empty() {
                let parts: Vec<String> = inner.iter().map(|i| inner_text(n, i)).collect();
                s += &format!(" [inner: {}]", parts.join(", "));
            }
            s
        }
        Evidence::Template { digit, templates } => {
            format!("{} ({templates} templates)", n.digit(*digit))
        }
        Evidence::BruteForce => String::new(),
    }
}

/// An inner chain of a nested forcing chain: `r1c2<>5 by Multiple Forcing Chain (14 nodes)`.
fn inner_text(n: Notation, i: &InnerChain) -> String {
    let shape = n.shape;
    format!(
        "{}<>{} by {} ({} nodes)",
        cell_name(shape, i.eliminated.cell),
        n.digit(i.eliminated.digit),
        i.technique.name(),
        i.complexity
    )
}

/// A fish's pattern: `5 r1,r9 c2,c8 fr9c3`.
fn fish_text(n: Notation, f: &FishEvidence) -> String {
    let shape = n.shape;
    let mut s = format!(
        "{} {} {}",
        n.digit(f.digit),
        house_list(shape, &f.base),
        house_list(shape, &f.cover)
    );
    if !f.fins.is_empty() {
        s += &format!(" f{}", cell_list(shape, &f.fins));
    }
    if !f.endo_fins.is_empty() {
        s += &format!(" ef{}", cell_list(shape, &f.endo_fins));
    }
    s
}

/// What a 3D Medusa rule shows, in words (see [`Evidence::Medusa`]).
pub fn medusa_rule_text(rule: MedusaRule) -> &'static str {
    match rule {
        MedusaRule::TwiceInCell => "One colour appears twice in a cell, so that colour is false.",
        MedusaRule::TwiceInHouse => {
            "One colour has the same digit twice in a house, so that colour is false."
        }
        MedusaRule::BothInCell => {
            "A cell holds both colours: one of them is its digit, so its other candidates go."
        }
        MedusaRule::SeesBoth => {
            "A candidate sees both colours of its digit: whichever colour is true, it is false."
        }
        MedusaRule::SeesOneBesideOther => {
            "A candidate sees one colour of its digit and shares its cell with the other \
              colour: whichever colour is true, it is false."
        }
        MedusaRule::EmptiesCell => {
            "Every candidate of an uncoloured cell sees the same colour on its digit: were \
              that colour true, the cell would be empty, so that colour is false."
        }
    }
}

/// `(4)r1c2=r1c5-(4)r3c5`: a chain in Eureka-like notation.
fn chain_text(n: Notation, links: &[Link]) -> String {
    eureka(n, links)
}

/// The plain-language sentence for a pattern, ending with what it removes (`out`).
fn explain_pattern(n: Notation, e: &Evidence, out: &str) -> String {
    let shape = n.shape;
    match e {
        Evidence::Intersection {
            digit,
            block,
            line,
            pointing,
            cells,
        } => {
            let digit = n.digit(*digit);
            let (b, l) = (house_long(shape, House::Block(*block)), house_long(shape, *line));
            let cells = cell_list(shape, cells);
            if *pointing {
                format!(
                    "In {b}, digit {digit} can only go in {cells}, all in {l}. Whichever it is, \
                     {l} gets its {digit} inside {b}, so {digit} can be removed from the rest of {l}: {out}."
                )
            } else {
                format!(
                    "In {l}, digit {digit} can only go in {cells}, all in {b}. Whichever it is, \
                     {b} gets its {digit} inside {l}, so {digit} can be removed from the rest of {b}: {out}."
                )
            }
        }
        Evidence::Subset {
            houses,
            cells,
            digits,
            hidden,
        } => {
            let k = cells.len();
            let where_ = houses
                .iter()
                .map(|&h| house_long(shape, h))
                .collect::<Vec<_>>()
                .join(" and ");
            let (cells, digits) = (cell_list(shape, cells), n.digit_list(*digits));
            if *hidden {
                format!(
                    "In {where_}, the {k} digits {digits} can only go in the {k} cells {cells}. \
                     Those cells must hold exactly these digits, so their other candidates go: {out}."
                )
            } else {
                format!(
                    "The {k} cells {cells} of {where_} hold only the {k} digits {digits} between them. \
                     Those digits are therefore used up there and leave the other cells of {where_}: {out}."
                )
            }
        }
        Evidence::Fish(f) => {
            let (base, cover) = (house_list(shape, &f.base), house_list(shape, &f.cover));
            let k = f.base.len();
            let mut s = format!(
                "Digit {} must go once in each of the {k} houses {base}, and all their places lie in \
                 the {k} houses {cover}",
                n.digit(f.digit)
            );
            if f.fins.is_empty() {
                s += &format!(
                    ". So those {k} digits fill {cover}, and {} can go nowhere else in them: {out}.",
                    n.digit(f.digit)
                );
            } else {
                s += &format!(
                    ", except the fins {}. Either a fin is true, or the fish holds; a candidate that \
                     sees every fin and lies in the cover is false either way: {out}.",
                    cell_list(shape, &f.fins)
                );
            }
            s
        }
        Evidence::Direct { via, .. } => explain_pattern(n, via, out),
        Evidence::Wing {
            pivot: Some(p),
            pincers,
            z: Some(z),
            ..
        } => format!(
            "Whatever {} holds, one of the wing cells {} (or the pivot itself) ends up as {z}, so a cell that sees all the cells of the pattern holding {z} can't be {z}: {out}.",
            cell_name(shape, *p),
            cell_list(shape, pincers),
            z = n.digit(*z),
        ),
        Evidence::Wing {
            pivot: None,
            pincers,
            digits,
            z,
            ..
        } => match z.map(|z| n.digit(z)) {
            Some(z) => format!(
                "The cells {} hold the same two digits {} and are joined by a strong link on the                  other digit, so one of them is {z}: a cell seeing both can't be {z}: {out}.",
                cell_list(shape, pincers),
                n.digit_list(*digits)
            ),
            None => format!(
                "The cells {} all hold the two digits {} and form a chain of cells that see each                  other, so linked cells alternate. A cell that sees two cells of different parity                  can hold neither digit: {out}.",
                cell_list(shape, pincers),
                n.digit_list(*digits)
            ),
        },
        Evidence::SingleDigit {
            digit,
            cells,
            houses,
            links,
        } if cells.is_empty() && links.is_empty() => format!(
            "Going round the boxes {} (each shares a band or a stack with the next), their \
             copies of {digit} must lie in different rows or columns from one box to the next. \
             From the candidates that go, no choice of places in the other boxes fits all the \
             way round: {out}.",
            house_list(shape, houses),
            digit = n.digit(*digit)
        ),
        Evidence::SingleDigit { digit, links, .. } => format!(
            "Digit {digit} is joined by strong links (houses where it has only two places): {}. Whichever way it goes, one end holds {digit}, so a cell that sees the ends can't: {out}.",
            chain_text(n, links),
            digit = n.digit(*digit)
        ),
        Evidence::Uniqueness { digits, cells, .. } => format!(
            "Assuming the puzzle has a single solution: the cells {} must not end as a pattern of {} that could be swapped (that would give two solutions). That rules out {out}.",
            cell_list(shape, cells),
            n.digit_list(*digits)
        ),
        Evidence::Coloring { digit, .. } => format!(
            "Colouring digit {digit} along its conjugate pairs (houses with two places) splits its cells into two colours per cluster, one all true and one all false. The colours show: {out}.",
            digit = n.digit(*digit)
        ),
        Evidence::Medusa { rule, .. } => format!(
            "Colouring candidates of every digit along strong links (a cell with two \
             candidates, a digit with two places in a house) splits them into two colours, \
             one all true and one all false. {} So: {out}.",
            medusa_rule_text(*rule)
        ),
        Evidence::Single { .. } | Evidence::BruteForce => out.to_string(),
        Evidence::Chain { links } => explain_chain(n, links, out),
        Evidence::Als {
            sets,
            restricted,
            z,
            stem,
        } => explain_als(n, sets, restricted, *z, *stem, out),
        Evidence::Forcing {
            premise,
            branches,
            inner,
        } => {
            let mut s = explain_forcing(n, premise, branches, out);
            if !inner.is_empty() {
                let parts: Vec<String> = inner.iter().map(|i| inner_text(n, i)).collect();
                s += &format!(
                    " Inside the branches, chains in the position each branch has reached \
                     remove: {}.",
                    parts.join("; ")
                );
            }
            s
        }
        Evidence::Kraken(k) => explain_kraken(n, k, out),
        other => format!("The pattern {} proves {out}.", pattern_text(n, other)),
    }
}

/// A chain in Eureka notation: `(5)r1c2=r1c7-(5=3)r2c8-(3)r5c8`. A node is written
/// `(digit)cells`; the digit is left out when it is the previous node's, and consecutive
/// candidates in one cell are written together, `(5=3)r2c8`. A group node's cells are
/// written HoDoKu's way, `(5)r1c78` (row 1, columns 7 and 8) or `r78c1`.
pub fn eureka(n: impl Into<Notation>, links: &[Link]) -> String {
    let n = n.into();
    let shape = n.shape;
    let sym = |strong: bool| if strong { "=" } else { "-" };
    let Some(first) = links.first() else {
        return String::new();
    };
    // Nodes, and the symbol that leads into each (none for the first).
    let mut nodes: Vec<(&Node, &str)> = vec![(&first.from, "")];
    nodes.extend(links.iter().map(|l| (&l.to, sym(l.strong))));
    let same_cell = |a: &Node, b: &Node| !a.is_group() && !b.is_group() && a.cells() == b.cells();
    let mut s = String::new();
    let mut prev: Option<Digit> = None;
    let mut i = 0;
    while i < nodes.len() {
        let mut j = i + 1;
        while j < nodes.len() && same_cell(nodes[j].0, nodes[i].0) {
            j += 1;
        }
        s += nodes[i].1;
        if j - i > 1 {
            s += "(";
            for (k, (c, into)) in nodes[i..j].iter().enumerate() {
                if k > 0 {
                    s += into;
                }
                s += &n.digit(c.digit());
            }
            s += ")";
        } else if prev != Some(nodes[i].0.digit()) {
            s += &format!("({})", n.digit(nodes[i].0.digit()));
        }
        s += &nodes[i].0.cells_name(shape);
        prev = Some(nodes[j - 1].0.digit());
        i = j;
    }
    s
}

/// A node in words: `r1c2 is 5` / `r1c2 is not 5`, for a group `5 is in r1c78` /
/// `5 is not in r1c78`.
fn node_words(n: Notation, node: &Node, true_: bool) -> String {
    let shape = n.shape;
    if node.is_group() {
        format!(
            "{} {} {}",
            n.digit(node.digit()),
            if true_ { "is in" } else { "is not in" },
            node.cells_name(shape)
        )
    } else {
        format!(
            "{} {} {}",
            node.cells_name(shape),
            if true_ { "is" } else { "is not" },
            n.digit(node.digit())
        )
    }
}

/// A chain in plain words: "if r1c2 is not 5, then r1c7 is 5, so r2c8 is not 5, ...".
pub fn chain_words(n: impl Into<Notation>, links: &[Link]) -> String {
    let n = n.into();
    let mut parts = Vec::new();
    let Some(first) = links.first() else {
        return String::new();
    };
    parts.push(format!("if {}", node_words(n, &first.from, !first.strong)));
    for l in links {
        parts.push(node_words(n, &l.to, l.strong));
    }
    parts.join(", then ")
}

/// The plain-language explanation of a chain step.
pub(crate) fn explain_chain(n: Notation, links: &[Link], out: &str) -> String {
    let (Some(first), Some(last)) = (links.first(), links.last()) else {
        return out.to_string();
    };
    let (s, t) = (&first.from, &last.to);
    let closes = links.len() >= 2 && s == t;
    let places = closes && first.strong && last.strong;
    let words = chain_words(n, links);
    let grouped = if links.iter().any(|l| l.to.is_group()) {
        " (a group node is true when one of its cells holds its digit)"
    } else {
        ""
    };
    if places {
        format!(
            "Suppose {}: {words}{grouped}. The chain returns to its start and contradicts the \
             supposition, so {out}.",
            node_words(n, s, false)
        )
    } else if closes {
        format!(
            "The chain {} is a closed loop of alternating links: {words}{grouped}. On each link \
             exactly one end is true, so a candidate that sees both ends of a link is false: \
             {out}.",
            eureka(n, links)
        )
    } else {
        format!(
            "In the chain {}, {words}{grouped}. So {} or {}; either way, {out}.",
            eureka(n, links),
            node_words(n, s, true),
            node_words(n, t, true)
        )
    }
}

/// The pattern part of a forcing step's one-liner: each branch in Eureka notation.
pub fn forcing_text(
    n: impl Into<Notation>,
    premise: &[Candidate],
    branches: &[Vec<Link>],
) -> String {
    let n = n.into();
    let shape = n.shape;
    let parts: Vec<String> = branches
        .iter()
        .zip(premise.iter().cycle())
        .map(|(b, p)| {
            if b.is_empty() {
                format!("{}={}", cell_name(shape, p.cell), n.digit(p.digit))
            } else {
                eureka(n, b)
            }
        })
        .collect();
    parts.join(" | ")
}

/// A forcing step in plain words.
pub(crate) fn explain_forcing(
    n: Notation,
    premise: &[Candidate],
    branches: &[Vec<Link>],
    out: &str,
) -> String {
    let shape = n.shape;
    let words: Vec<String> = branches
        .iter()
        .filter(|b| !b.is_empty())
        .map(|b| chain_words(n, b))
        .collect();
    let names: Vec<String> = premise
        .iter()
        .map(|p| format!("{} is {}", cell_name(shape, p.cell), n.digit(p.digit)))
        .collect();
    if premise.len() == 1 {
        format!(
            "Suppose {} {} {}: {}. The branches contradict each other, so the \
             supposition is wrong: {out}.",
            cell_name(shape, premise[0].cell),
            if branches
                .first()
                .and_then(|b| b.first())
                .is_some_and(|l| l.strong)
            {
                "is not"
            } else {
                "is"
            },
            n.digit(premise[0].digit),
            words.join("; and ")
        )
    } else if premise.len() == 2 && premise[0] == premise[1] {
        format!(
            "Whether or not {}, the same follows: {}. So {out}.",
            names[0],
            words.join("; and ")
        )
    } else {
        format!(
            "One of {} must hold, and each forces the same: {}. So {out}.",
            names.join(", "),
            words.join("; and ")
        )
    }
}

/// The chains of a kraken step in Eureka notation, ` | ` between them; type 2 names the
/// cover house first: `c2: (5)r1c2-… | (5)r9c2-… | (5)r9c3-…`.
pub(crate) fn chains_text(n: Notation, k: &KrakenEvidence) -> String {
    let shape = n.shape;
    let chains: Vec<String> = k.branches.iter().map(|b| eureka(n, b)).collect();
    match k.cover {
        Some(h) => format!("{}: {}", h.named(shape), chains.join(" | ")),
        None => chains.join(" | "),
    }
}

/// A kraken step in plain words.
pub(crate) fn explain_kraken(n: Notation, k: &KrakenEvidence, out: &str) -> String {
    let shape = n.shape;
    let f = &k.fish;
    let size = f.base.len();
    let d = n.digit(f.digit);
    let (base, cover) = (house_list(shape, &f.base), house_list(shape, &f.cover));
    let mut s = format!(
        "Digit {d} must go once in each of the {size} houses {base}, and all their places lie \
         in the {size} houses {cover}"
    );
    if f.fins.is_empty() {
        s += ". So the fish holds";
    } else {
        s += &format!(
            ", except the fins {}. Either a fin is {d}, or the fish holds",
            cell_list(shape, &f.fins)
        );
    }
    let words: Vec<String> = k.branches.iter().map(|b| chain_words(n, b)).collect();
    let words = words.join("; and ");
    match k.cover {
        None => {
            let target = k.branches.first().and_then(|b| b.last()).map(|l| &l.to);
            let name = target.map_or(String::new(), |t| cell_list(shape, t.cells()));
            format!(
                "{s}: then {cover} get their {d} from {base}, so {name}, in a cover house outside \
                 the base, is not {d}. Each fin, if it is {d}, forces the same: {words}. Either \
                 way, {out}."
            )
        }
        Some(h) => {
            let from: Vec<Cell> = k
                .premise
                .iter()
                .map(|p| p.cell)
                .filter(|c| !f.fins.contains(c))
                .collect();
            format!(
                "{s}: then {h} gets its {d} from {}. So one of {} is {d}, and each of them forces \
                 the same: {words}. So {out}.",
                cell_list(shape, &from),
                cell_list(shape, &k.premise.iter().map(|p| p.cell).collect::<Vec<_>>())
            )
        }
    }
}

/// `r1c23`, `r12c4`, `r1c2,r3c4` (HoDoKu's compact cell lists; plain lists above 9x9).
pub(crate) fn compact_cells(shape: crate::shape::Shape, cells: &[Cell]) -> String {
    if shape.side() > 9 {
        return cell_list(shape, cells);
    }
    let mut cells = cells.to_vec();
    cells.sort();
    let rows: Vec<usize> = cells.iter().map(|c| c.row(shape).number()).collect();
    let cols: Vec<usize> = cells.iter().map(|c| c.col(shape).number()).collect();
    let join = |v: &[usize]| v.iter().map(|x| x.to_string()).collect::<String>();
    if rows.iter().all(|&r| r == rows[0]) {
        return format!("r{}c{}", rows[0], join(&cols));
    }
    if cols.iter().all(|&c| c == cols[0]) {
        let mut rs = rows.clone();
        rs.sort();
        return format!("r{}c{}", join(&rs), cols[0]);
    }
    let mut parts = Vec::new();
    let mut k = 0;
    while k < cells.len() {
        let r = rows[k];
        let mut cs = Vec::new();
        while k < cells.len() && rows[k] == r {
            cs.push(cols[k]);
            k += 1;
        }
        parts.push(format!("r{r}c{}", join(&cs)));
    }
    parts.join(",")
}

fn set_text(n: Notation, s: &AlsSet) -> String {
    let shape = n.shape;
    format!(
        "{} {}",
        compact_cells(shape, &s.cells),
        digits_braced(n, s.digits)
    )
}

/// The pattern part of an ALS step's one-liner, in HoDoKu's notation:
/// `A=r1c23 {125}, B=r4c2 {25}, X=2, Z=5` (XZ), `A=…, B=…, C=…, X,Y=2,5, Z=7` (XY-Wing),
/// `r1c2 {12} -1- r3c4 {134} -3- … , Z=2` (chain), `r1c1 {123}: -1- r2c3 {14}, …, Z=4`
/// (Death Blossom).
pub(crate) fn als_text(
    n: Notation,
    sets: &[AlsSet],
    restricted: &[DigitSet],
    z: DigitSet,
    stem: Option<Cell>,
) -> String {
    let shape = n.shape;
    let dl = |d: DigitSet| n.digit_list(d);
    let zs = format!("Z={}", dl(z));
    if let Some(stem) = stem {
        let petals: Vec<String> = sets
            .iter()
            .zip(restricted)
            .map(|(s, r)| format!("-{}- {}", dl(*r), set_text(n, s)))
            .collect();
        let stem_digits: DigitSet = restricted.iter().fold(DigitSet::EMPTY, |a, &b| a | b);
        return format!(
            "{} {}: {}, {zs}",
            stem.name(shape),
            digits_braced(n, stem_digits),
            petals.join(", ")
        );
    }
    match (sets.len(), restricted.len()) {
        (2, 1) => format!(
            "A={}, B={}, X={}, {zs}",
            set_text(n, &sets[0]),
            set_text(n, &sets[1]),
            dl(restricted[0])
        ),
        (3, 2) => format!(
            "A={}, B={}, C={}, X,Y={},{}, {zs}",
            set_text(n, &sets[0]),
            set_text(n, &sets[1]),
            set_text(n, &sets[2]),
            dl(restricted[0]),
            dl(restricted[1])
        ),
        _ => {
            let mut s = set_text(n, &sets[0]);
            for (set, r) in sets[1..].iter().zip(restricted) {
                s += &format!(" -{}- {}", dl(*r), set_text(n, set));
            }
            format!("{s}, {zs}")
        }
    }
}

/// The plain-language explanation of an ALS step.
pub(crate) fn explain_als(
    n: Notation,
    sets: &[AlsSet],
    restricted: &[DigitSet],
    z: DigitSet,
    stem: Option<Cell>,
    out: &str,
) -> String {
    let shape = n.shape;
    let dl = |d: DigitSet| n.digit_list(d);
    let set = |s: &AlsSet| {
        format!(
            "the {} cell{} {} (digits {})",
            s.cells.len(),
            if s.cells.len() == 1 { "" } else { "s" },
            compact_cells(shape, &s.cells),
            dl(s.digits)
        )
    };
    let intro = "An almost locked set is N cells of a house holding N+1 digits: take any one \
                 digit away and the others are locked in it.";
    if let Some(stem) = stem {
        let petals: Vec<String> = sets
            .iter()
            .zip(restricted)
            .map(|(s, r)| format!("if it is {}, {} lose it", dl(*r), set(s)))
            .collect();
        return format!(
            "{intro} The stem {} must take one of its digits: {}. Each such set is then locked \
             and holds {}, so a cell seeing all those places can't be {}: {out}.",
            stem.name(shape),
            petals.join("; "),
            dl(z),
            dl(z)
        );
    }
    match (sets.len(), restricted.len()) {
        (2, 1) => format!(
            "{intro} {} and {} share digit {} only in cells that see each other, so at most one \
             of them holds it, and the other is locked. Either way digit {} lies in one of the \
             two sets: a cell seeing all its places in both can't be {}: {out}.",
            set(&sets[0]),
            set(&sets[1]),
            dl(restricted[0]),
            dl(z),
            dl(z)
        ),
        (3, 2) => format!(
            "{intro} The pivot {} is linked to {} by digit {} and to {} by digit {}: it can't \
             lose both, so one of the two wings is locked and holds {}. A cell seeing all its \
             places in both wings can't be {}: {out}.",
            set(&sets[2]),
            set(&sets[0]),
            dl(restricted[0]),
            set(&sets[1]),
            dl(restricted[1]),
            dl(z),
            dl(z)
        ),
        _ => {
            let parts: Vec<String> = sets.iter().map(set).collect();
            format!(
                "{intro} The sets {} are linked in turn by the digits {}, each shared only in \
                 cells that see each other. If the first set lacks {}, each set in turn is \
                 locked and pushes the next digit out of the next one, so the last set holds {}. \
                 A cell seeing all places of {} in both end sets can't be {}: {out}.",
                parts.join(", "),
                restricted
                    .iter()
                    .map(|r| dl(*r))
                    .collect::<Vec<_>>()
                    .join(", "),
                dl(z),
                dl(z),
                dl(z),
                dl(z)
            )
        }
    }
}

/// The plain-language explanation of a Sue de Coq or an aligned exclusion step.
pub(crate) fn explain_misc(
    n: Notation,
    technique: Technique,
    cells: &[Cell],
    digits: crate::set::DigitSet,
    groups: &[AlsSet],
    out: &str,
) -> String {
    let shape = n.shape;
    let cl = |c: &[Cell]| compact_cells(shape, c);
    let dl = |d: DigitSet| n.digit_list(d);
    if technique == Technique::SueDeCoq && groups.len() == 2 {
        let (a, b) = (&groups[0], &groups[1]);
        return format!(
            "The cells {} where a line crosses a box hold the digits {}. With {} of the line \
             (digits {}) and {} of the box (digits {}), these cells have exactly as many places \
             as the digits can take, once each in the line and in the box: every digit is used \
             up there, so the line's digits leave the rest of the line and the box's digits the \
             rest of the box: {out}.",
            cl(cells),
            dl(digits),
            cl(&a.cells),
            dl(a.digits),
            cl(&b.cells),
            dl(b.digits)
        );
    }
    let ex: Vec<String> = groups
        .iter()
        .map(|g| format!("{} ({})", cl(&g.cells), dl(g.digits)))
        .collect();
    format!(
        "Try every combination of digits for the cells {}: a combination is impossible if two \
         of them that see each other get the same digit, or if it would leave no digit for a \
         cell that sees them all ({}). A digit that appears in no possible combination can be \
         removed: {out}.",
        cell_list(shape, cells),
        ex.join(", ")
    )
}

impl Mistake {
    /// The mistake in words, as a clause that starts with its cell, so that it opens a
    /// sentence or follows a colon as it stands: "r1c3 holds 2, which is wrong", "r1c3
    /// lacks the pencil mark 5, which belongs there".
    pub(crate) fn describe(&self, n: Notation) -> String {
        let (name, digit) = (cell_name(n.shape, self.cell), n.digit(self.digit));
        match self.kind {
            MistakeKind::WrongDigit => format!("{name} holds {digit}, which is wrong"),
            MistakeKind::MissingMark => {
                format!("{name} lacks the pencil mark {digit}, which belongs there")
            }
        }
    }
}

/// " (3 mistakes in all)" after the first of several mistakes; nothing after the only one.
fn in_all(mistakes: &[Mistake]) -> String {
    match mistakes.len() {
        0 | 1 => String::new(),
        n => format!(" ({n} mistakes in all)"),
    }
}

/// The first of `mistakes` (not empty) and how many there are, as a clause
/// ([`Mistake::describe`]): a full hint is this sentence, and a path asked for from the
/// position says it has no solution because of it ([`Position::explain`]).
pub(crate) fn mistakes_clause(n: Notation, mistakes: &[Mistake]) -> String {
    format!("{}{}", mistakes[0].describe(n), in_all(mistakes))
}

/// The sentence pointing out the first of `mistakes` (not empty), at `level`: in full the
/// cell and the digit (the clause a path from the position gives as the reason it has
/// none), below that only the kind of mistake.
pub fn mistake_text(position: &Position, mistakes: &[Mistake], level: HintLevel) -> String {
    if level == HintLevel::Full {
        return format!("{}.", mistakes_clause(position.notation(), mistakes));
    }
    let what = match mistakes[0].kind {
        MistakeKind::WrongDigit => "A placed digit is wrong",
        MistakeKind::MissingMark => "A pencil mark was removed that should not have been",
    };
    format!("{what}{}.", in_all(mistakes))
}

/// `{125}` (or `{1,2,5}` above 9x9).
fn digits_braced(n: Notation, d: DigitSet) -> String {
    if n.shape.side() > 9 {
        format!("{{{}}}", n.digit_list(d))
    } else {
        format!("{{{}}}", n.digits(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::{Col, Row};

    #[test]
    fn group_nodes_are_named_hodokus_way() {
        let at = |s: Shape, r: usize, col: usize| Cell::at(s, Row::new(r - 1), Col::new(col - 1));
        let group = |s: Shape, cells: &[(usize, usize)]| Node::Group {
            digit: Digit::new(5),
            cells: cells.iter().map(|&(r, c)| at(s, r, c)).collect(),
        };
        let s = Shape::NINE;
        assert_eq!(group(s, &[(1, 2), (1, 3)]).cells_name(s), "r1c23");
        assert_eq!(group(s, &[(4, 7), (5, 7), (6, 7)]).cells_name(s), "r456c7");
        let one = Node::from(Candidate::new(at(s, 2, 8), Digit::new(5)));
        assert_eq!(one.cells_name(s), "r2c8");
        let big = Shape::new(4, 4).unwrap();
        assert_eq!(
            group(big, &[(10, 11), (10, 12)]).cells_name(big),
            "r10c11,12"
        );
        let links = vec![
            Link::new(
                Candidate::new(at(s, 1, 2), Digit::new(5)),
                Candidate::new(at(s, 1, 7), Digit::new(5)),
                true,
            ),
            Link {
                from: Node::from(Candidate::new(at(s, 1, 7), Digit::new(5))),
                to: group(s, &[(2, 8), (3, 8)]),
                strong: false,
            },
        ];
        assert_eq!(eureka(s, &links), "(5)r1c2=r1c7-r23c8");
    }

    /// A Naked Pair of `digits` in r1c2,r1c5 that takes the first of them from r1c8.
    fn naked_pair(s: Shape, digits: [usize; 2]) -> Step {
        let c = |col: usize| Cell::at(s, Row::new(0), Col::new(col - 1));
        let mut step = Step::new(
            Technique::NakedPair,
            Evidence::Subset {
                houses: vec![House::Row(Row::new(0))],
                cells: vec![c(2), c(5)],
                digits: digits.into_iter().map(Digit::new).collect(),
                hidden: false,
            },
        );
        step.eliminations
            .push(Candidate::new(c(8), Digit::new(digits[0])));
        step
    }

    #[test]
    fn one_liners() {
        let s = Shape::NINE;
        let c = |r: usize, col: usize| Cell::at(s, Row::new(r - 1), Col::new(col - 1));
        let step = naked_pair(s, [3, 7]);
        assert_eq!(step.text(s), "Naked Pair: 3,7 in r1c2,r1c5 => r1c8<>3");
        let mut hs = Step::new(
            Technique::HiddenSingle,
            Evidence::Single {
                house: Some(House::Row(Row::new(3))),
            },
        );
        hs.placements.push(Candidate::new(c(4, 5), Digit::new(7)));
        assert_eq!(hs.text(s), "Hidden Single: r4c5=7 (row 4)");
        assert_eq!(
            hs.hint(s, HintLevel::Vague),
            "Look at row 4 for a Hidden Single."
        );
        let e = [
            Candidate::new(c(1, 7), Digit::new(5)),
            Candidate::new(c(1, 4), Digit::new(5)),
            Candidate::new(c(2, 1), Digit::new(6)),
        ];
        assert_eq!(eliminations_text(s, &e), "r1c4,r1c7<>5, r2c1<>6");
        let f = [
            Candidate::new(c(2, 4), Digit::new(6)),
            Candidate::new(c(2, 4), Digit::new(5)),
            Candidate::new(c(1, 1), Digit::new(7)),
        ];
        assert_eq!(eliminations_text(s, &f), "r2c4<>56, r1c1<>7");
    }

    #[test]
    fn digits_are_named_in_the_puzzles_symbols() {
        use crate::format::Alphabet;
        let s = Shape::new(4, 4).unwrap();
        let step = naked_pair(s, [16, 1]);
        let hex = Notation::new(s, Some(Alphabet::Hex));
        assert_eq!(step.text(hex), "Naked Pair: 0,F in r1c2,r1c5 => r1c8<>F");
        let letters = Notation::new(s, Some(Alphabet::Letters));
        assert_eq!(
            step.text(letters),
            "Naked Pair: A,P in r1c2,r1c5 => r1c8<>P"
        );
        // A grid of numbers: numbers. The standard symbols past 9: theirs, as the grid
        // shows them (`r4c7=13` was said of a cell drawn `D`).
        assert_eq!(step.text(s), "Naked Pair: 1,16 in r1c2,r1c5 => r1c8<>16");
        let std = Notation::new(s, Some(Alphabet::Standard));
        assert_eq!(step.text(std), "Naked Pair: 1,G in r1c2,r1c5 => r1c8<>G");
        let nine = naked_pair(Shape::NINE, [9, 1]);
        assert_eq!(
            nine.text(Notation::new(Shape::NINE, Some(Alphabet::Standard))),
            nine.text(Shape::NINE)
        );
    }
}
