//! The explained step: [`Step`] (technique, placements, eliminations, and the
//! [`Evidence`] that justifies them) and its renderings: [`Step::text`] (the one-line
//! notation players know, HoDoKu style), [`Step::explain`] (a plain-language sentence) and
//! [`Step::hint`] (vague to concrete, for a player who asks for help).
//!
//! Steps are data: a finder builds them from a [`super::Context`] and never changes the
//! board; the driver applies them. The text is generated from the data, never stored.
//!
//! Depends on the grid's index types and [`super::technique`].

use super::technique::Technique;
use crate::index::{Block, Candidate, Cell, Digit, House};
use crate::set::DigitSet;
use crate::shape::Shape;

/// One step of a solve path: what it places and eliminates, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The technique that found it.
    pub technique: Technique,
    /// Digits placed (one for a single; a direct hint also places one).
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// The pattern that proves it.
    pub evidence: Evidence,
    /// Sudoku Explainer's difficulty of this very step, where it depends on more than the
    /// technique (a chain's length, a loop's size, a subset's size); `None` means the
    /// technique's base rating. See [`Step::se_rating`].
    pub se_difficulty: Option<f32>,
}

/// One end of a link: a candidate, or a group node (grouped chains, 3 Strong Links): one
/// digit's candidates in two or more cells of a box–line intersection, true when any of
/// them is (so it sees only the cells that see all of its cells).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Candidate(Candidate),
    Group { digit: Digit, cells: Vec<Cell> },
}

impl Node {
    /// The node's digit.
    pub fn digit(&self) -> Digit {
        match self {
            Node::Candidate(c) => c.digit,
            Node::Group { digit, .. } => *digit,
        }
    }
    /// The node's cells (one for a candidate), in cell order.
    pub fn cells(&self) -> &[Cell] {
        match self {
            Node::Candidate(c) => std::slice::from_ref(&c.cell),
            Node::Group { cells, .. } => cells,
        }
    }
    /// The candidate, when the node is a single one.
    pub fn candidate(&self) -> Option<Candidate> {
        match self {
            Node::Candidate(c) => Some(*c),
            Node::Group { .. } => None,
        }
    }
    /// Whether it is a group node.
    pub fn is_group(&self) -> bool {
        matches!(self, Node::Group { .. })
    }
    /// Whether `c` is one of the node's candidates.
    pub fn contains(&self, c: Candidate) -> bool {
        c.digit == self.digit() && self.cells().contains(&c.cell)
    }
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

impl From<Candidate> for Node {
    fn from(c: Candidate) -> Node {
        Node::Candidate(c)
    }
}

/// A link between two nodes in a chain or single-digit pattern: strong ("if one is false
/// the other is true") or weak ("they can't both be true").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub from: Node,
    pub to: Node,
    pub strong: bool,
}

impl Link {
    /// A link between two candidates.
    pub fn new(from: Candidate, to: Candidate, strong: bool) -> Link {
        Link {
            from: Node::Candidate(from),
            to: Node::Candidate(to),
            strong,
        }
    }
}

/// An almost locked set: `cells` holding `digits`, one digit more than cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlsSet {
    pub cells: Vec<Cell>,
    pub digits: DigitSet,
}

/// The data that explains a step: one variant per family (with [`Evidence::Direct`] for
/// SE's direct hints, which are singles reached through another pattern).
#[derive(Clone, Debug, PartialEq)]
pub enum Evidence {
    /// Full house, naked single, hidden single: the house that makes it a single (`None`
    /// for a naked single, which is about the cell alone).
    Single { house: Option<House> },
    /// A direct hint (SE): the pattern `via` (an intersection or a subset) would remove
    /// `cleared` from `house`, leaving the placed digit a single place there. The
    /// eliminations themselves are not part of the step, only the placement.
    Direct {
        via: Box<Evidence>,
        house: House,
        cleared: Vec<Candidate>,
    },
    /// Locked candidates: `digit` is confined to the intersection of `block` and `line`
    /// (in `cells`). Pointing (type 1): confined within the box, so it leaves the line;
    /// claiming (type 2): confined within the line, so it leaves the box.
    Intersection {
        digit: Digit,
        block: Block,
        line: House,
        pointing: bool,
        cells: Vec<Cell>,
    },
    /// A naked or hidden subset: `cells` of `houses[0]` (and of `houses[1]` too for a
    /// locked pair or triple) hold `digits`. Naked: the cells have no other digit. Hidden:
    /// the digits have no other place in the house.
    Subset {
        houses: Vec<House>,
        cells: Vec<Cell>,
        digits: DigitSet,
        hidden: bool,
    },
    /// A fish on `digit`: the `base` houses' candidates all lie in the `cover` houses,
    /// except the `fins`. Endo fins are base candidates that lie in two base houses.
    Fish(FishEvidence),
    /// A kraken fish: a fish and forcing chains that remove what the fish alone can't.
    Kraken(KrakenEvidence),
    /// Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle: one digit, some cells and
    /// houses, joined by `links`.
    SingleDigit {
        digit: Digit,
        cells: Vec<Cell>,
        houses: Vec<House>,
        links: Vec<Link>,
    },
    /// A wing: `pivot` (none for a W-Wing) and `pincers` on `digits`, eliminating `z`.
    Wing {
        digits: DigitSet,
        pivot: Option<Cell>,
        pincers: Vec<Cell>,
        z: Option<Digit>,
        links: Vec<Link>,
    },
    /// A uniqueness pattern: the rectangle, loop (in loop order) or BUG `cells` on `digits`,
    /// with the `extra` candidates that break the deadly pattern, and, for the types that
    /// combine them with a naked set (type 3), the `subset` cells of that set.
    Uniqueness {
        digits: DigitSet,
        cells: Vec<Cell>,
        extra: Vec<Candidate>,
        subset: Vec<Cell>,
    },
    /// Coloring: each entry a pair of color classes (the two colors of one cluster).
    Coloring {
        digit: Digit,
        colors: Vec<[Vec<Cell>; 2]>,
    },
    /// 3D Medusa: one cluster of candidates (of any digits) joined by strong links (bivalue
    /// cells and conjugate pairs), in its two colours; one colour is all true, the other
    /// all false. `rule` says what the colours show (see `medusa_rule_text`):
    /// 1 a colour twice in a cell, 2 a colour twice on one digit in a house, 3 a cell with
    /// both colours, 4 a candidate seeing both colours of its digit, 5 a candidate seeing
    /// one colour of its digit in a cell with the other colour, 6 a cell whose every
    /// candidate sees one colour.
    Medusa {
        colors: [Vec<Candidate>; 2],
        rule: u8,
    },
    /// A chain or loop: the links in order.
    Chain { links: Vec<Link> },
    /// Almost locked sets and their restricted common digits. ALS-XZ: sets `[A, B]`, one
    /// entry of `restricted` (the RCC, two digits when doubly linked). ALS-XY-Wing: sets
    /// `[A, B, C]`, `restricted` `[A–C, B–C]`. ALS-XY-Chain: the sets in chain order, one
    /// entry per link. Death Blossom: the `stem` cell, one petal per stem digit, and
    /// `restricted[i]` the stem digit petal `i` answers. `z`: the digits eliminated.
    Als {
        sets: Vec<AlsSet>,
        restricted: Vec<DigitSet>,
        z: DigitSet,
        stem: Option<Cell>,
    },
    /// Sue de Coq: the intersection `cells` holding `digits`, and `groups` `[line part,
    /// box part]`. Aligned exclusion: the base `cells` (holding `digits` between them) and
    /// `groups` the excluding cells, one group per cell.
    Misc {
        cells: Vec<Cell>,
        digits: DigitSet,
        groups: Vec<AlsSet>,
    },
    /// A forcing chain or net: from the `premise` candidates, one chain per branch.
    /// Nested forcing chains also name the `inner` chains whose eliminations the
    /// branches use (empty otherwise).
    Forcing {
        premise: Vec<Candidate>,
        branches: Vec<Vec<Link>>,
        inner: Vec<InnerChain>,
    },
    /// Templates (pattern overlay): `digit` has `templates` complete placements left (one
    /// cell per row, column and box, on its candidates and placed cells, each leaving room
    /// for every other digit); the step's cells are used by all of them (Template Set) or
    /// by none (Template Delete).
    Template { digit: Digit, templates: usize },
    /// No pattern: backtracking (an exhaustive search) gave the solution's digit.
    BruteForce,
}

/// An elimination that an inner chain made inside a branch of a nested forcing chain (in
/// the position the branch had reached), see [`Evidence::Forcing`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InnerChain {
    pub eliminated: Candidate,
    /// The inner producer: a forcing chain ([`Technique::XChain`] or
    /// [`Technique::DiscontinuousNiceLoop`]), or a multiple, dynamic or Dynamic (+) one.
    pub technique: Technique,
    /// Its SE complexity (nodes), which the outer proof's complexity includes.
    pub complexity: usize,
}

/// A fish's evidence, see [`Evidence::Fish`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FishEvidence {
    pub digit: Digit,
    pub base: Vec<House>,
    pub cover: Vec<House>,
    pub fins: Vec<Cell>,
    pub endo_fins: Vec<Cell>,
}

/// A kraken fish's evidence, see [`Evidence::Kraken`].
///
/// Either a fin is true or the fish holds. Type 1: each fin, assumed true, forces the
/// eliminated candidate (the fish digit in a cover house, outside the base) false, and the
/// fish removes it when no fin is true. Type 2: the base candidates of the `cover` house and
/// the fins hold a true one between them (the fish gives that house its digit from the
/// base), and each of them, assumed true, forces the eliminated candidate (any digit) false.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KrakenEvidence {
    /// 1 or 2, see above.
    pub kind: u8,
    /// The fish's own technique (Finned X-Wing, Sashimi Swordfish, Jellyfish, …).
    pub fish_technique: Technique,
    /// The fish.
    pub fish: FishEvidence,
    /// Type 2: the cover house whose base candidates start chains.
    pub cover: Option<House>,
    /// The candidates assumed true, one per chain: the fins (type 1), or the cover house's
    /// base candidates and then the fins (type 2).
    pub premise: Vec<Candidate>,
    /// One chain per premise, from it (true) to the eliminated candidate (false).
    pub branches: Vec<Vec<Link>>,
}

/// How much a hint gives away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HintLevel {
    /// The technique only: "try a Hidden Single".
    Technique,
    /// The technique and where: "look at row 4 for a Hidden Single".
    Vague,
    /// The step itself, in full.
    Full,
}

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

/// `3,7`.
pub(crate) fn digit_list(digits: DigitSet) -> String {
    digits
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `r1,r7` / `c3,b5`.
pub(crate) fn house_list(houses: &[House]) -> String {
    houses
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `row 4`, `column 3`, `box 1`.
pub(crate) fn house_long(h: House) -> String {
    let number = match h {
        House::Row(r) => r.number(),
        House::Col(c) => c.number(),
        House::Block(b) => b.number(),
    };
    format!("{} {}", h.kind_name(), number)
}

/// `r1c4,r1c7<>5, r2c3<>67`: eliminations grouped HoDoKu style: the cells that lose the
/// same digits together, groups ordered by their smallest digit.
pub fn eliminations_text(shape: Shape, elims: &[Candidate]) -> String {
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
                digit_list(*ds)
            } else {
                ds.to_string()
            };
            format!("{}<>{}", cell_list(shape, cells), digits)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `r4c5=7, r1c1=2`.
pub fn placements_text(shape: Shape, places: &[Candidate]) -> String {
    places
        .iter()
        .map(|c| format!("{}={}", cell_name(shape, c.cell), c.digit))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Step {
    /// A step with no evidence beyond its technique's name, for tests and simple callers.
    pub fn new(technique: Technique, evidence: Evidence) -> Step {
        Step {
            se_difficulty: None,
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            evidence,
        }
    }

    /// The outcome part of the one-liner: `r1c8<>3` or `r4c5=7`.
    pub fn outcome_text(&self, shape: Shape) -> String {
        match (self.placements.is_empty(), self.eliminations.is_empty()) {
            (false, true) => placements_text(shape, &self.placements),
            (true, _) => eliminations_text(shape, &self.eliminations),
            (false, false) => format!(
                "{}, {}",
                placements_text(shape, &self.placements),
                eliminations_text(shape, &self.eliminations)
            ),
        }
    }

    /// The one-line explanation in the notation players know (HoDoKu style):
    /// `Naked Pair: 3,7 in r1c2,r1c5 => r1c8<>3`, `Hidden Single: r4c5=7 (row 4)`,
    /// `Locked Candidates Type 1 (Pointing): 5 in b1 => r1c4,r1c7<>5`,
    /// `X-Wing: 4 r2,r7 c3,c8 => r5c3<>4`.
    pub fn text(&self, shape: Shape) -> String {
        let name = self.technique.name();
        let out = self.outcome_text(shape);
        match &self.evidence {
            Evidence::Single { house: Some(h) } if self.technique == Technique::HiddenSingle => {
                format!("{name}: {out} ({})", house_long(*h))
            }
            Evidence::Single { .. } | Evidence::BruteForce | Evidence::Template { .. } => {
                format!("{name}: {out}")
            }
            Evidence::Direct { via, house, .. } => {
                format!(
                    "{name}: {} => {out} ({})",
                    pattern_text(shape, via),
                    house_long(*house)
                )
            }
            Evidence::Kraken(k) => format!(
                "{name} Type {}: {}: {} => {out}; {}",
                k.kind,
                k.fish_technique.name(),
                fish_text(shape, &k.fish),
                super::kraken::chains_text(shape, k)
            ),
            other => format!("{name}: {} => {out}", pattern_text(shape, other)),
        }
    }

    /// A longer explanation in plain language.
    pub fn explain(&self, shape: Shape) -> String {
        let out = self.outcome_text(shape);
        let first = self.placements.first().copied();
        let place = |what: &str| match first {
            Some(p) => format!(
                "{what}, so {} goes in {}.",
                p.digit,
                cell_name(shape, p.cell)
            ),
            None => format!("{what}."),
        };
        match &self.evidence {
            Evidence::Single { house: Some(h) } if self.technique == Technique::FullHouse => {
                place(&format!(
                    "{} is the last empty cell of {}: it takes the one digit {} is missing",
                    first.map_or(String::new(), |p| cell_name(shape, p.cell)),
                    house_long(*h),
                    house_long(*h)
                ))
            }
            Evidence::Single { house: Some(h) } => place(&format!(
                "In {}, digit {} has a single place left, {}",
                house_long(*h),
                first.map_or(String::new(), |p| p.digit.to_string()),
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
                let how = explain_pattern(shape, via, &eliminations_text(shape, cleared));
                place(&format!(
                    "{how} That leaves digit {} a single place in {}",
                    first.map_or(String::new(), |p| p.digit.to_string()),
                    house_long(*house)
                ))
            }
            Evidence::BruteForce => format!(
                "No technique in use applies here. By backtracking (trying digits and undoing \
                 the ones that lead to a contradiction), the solution has {out}. This is a guess \
                 confirmed by search, not a logical step."
            ),
            Evidence::Template { digit, templates } => {
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
                        .map(|c| format!("{} in {}", c.digit, cell_name(shape, c.cell)))
                        .collect::<Vec<_>>()
                        .join(", "),
                    cell_list(shape, cells)
                )
            }
            Evidence::Misc {
                cells,
                digits,
                groups,
            } => {
                super::sue_de_coq::explain_misc(shape, self.technique, cells, *digits, groups, &out)
            }
            other => explain_pattern(shape, other, &out),
        }
    }

    /// A hint for a player: from the technique alone, through where to look, to the full
    /// step.
    pub fn hint(&self, shape: Shape, level: HintLevel) -> String {
        let name = self.technique.name();
        let article = if name.starts_with(['A', 'E', 'I', 'O', 'U', 'X']) {
            "an"
        } else {
            "a"
        };
        match level {
            HintLevel::Technique => format!("Try {article} {name}."),
            HintLevel::Vague => match self.focus(shape) {
                Some(place) => format!("Look at {place} for {article} {name}."),
                None => format!("Try {article} {name}."),
            },
            HintLevel::Full => self.text(shape),
        }
    }

    /// Where a player should look, in words (`row 4`, `digit 4 in the rows`), for
    /// [`HintLevel::Vague`].
    pub fn focus(&self, shape: Shape) -> Option<String> {
        match &self.evidence {
            Evidence::Single { house: Some(h) } => Some(house_long(*h)),
            Evidence::Single { house: None } => self
                .placements
                .first()
                .map(|p| house_long(House::Row(p.cell.row(shape)))),
            Evidence::Direct { house, .. } => Some(house_long(*house)),
            Evidence::Intersection {
                digit,
                block,
                line,
                pointing,
                ..
            } => Some(if *pointing {
                format!("digit {digit} in {}", house_long(House::Block(*block)))
            } else {
                format!("digit {digit} in {}", house_long(*line))
            }),
            Evidence::Subset { houses, .. } => houses.first().map(|h| house_long(*h)),
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
                Some(format!("digit {} in the {}", f.digit, kinds.join(" and ")))
            }
            Evidence::SingleDigit { digit, .. }
            | Evidence::Coloring { digit, .. }
            | Evidence::Template { digit, .. } => Some(format!("digit {digit}")),
            Evidence::Wing { digits, .. } | Evidence::Uniqueness { digits, .. } => {
                Some(format!("digits {}", digit_list(*digits)))
            }
            _ => None,
        }
    }

    /// The Sudoku Explainer difficulty of this step, where SE rates its technique: the
    /// technique's base rating, with the hidden single's distinction (1.2 in a box, 1.5 in
    /// a row or column), or the finder's own figure ([`Step::se_difficulty`]) where the
    /// instance matters (chain length bonuses, loop sizes).
    pub fn se_rating(&self) -> Option<f32> {
        if let Some(d) = self.se_difficulty {
            return Some(d);
        }
        match (&self.technique, &self.evidence) {
            (
                Technique::HiddenSingle,
                Evidence::Single {
                    house: Some(House::Block(_)),
                },
            ) => Some(1.2),
            (Technique::HiddenSingle, _) => Some(1.5),
            (t, _) => t.se_rating(),
        }
    }

    /// Every cell the step touches (its pattern and its outcome), without repeats, for UIs
    /// that highlight.
    pub fn cells(&self) -> Vec<Cell> {
        let mut v: Vec<Cell> = self
            .placements
            .iter()
            .chain(&self.eliminations)
            .map(|c| c.cell)
            .collect();
        match &self.evidence {
            Evidence::Intersection { cells, .. }
            | Evidence::Subset { cells, .. }
            | Evidence::SingleDigit { cells, .. }
            | Evidence::Uniqueness { cells, .. } => v.extend(cells),
            Evidence::Misc { cells, groups, .. } => {
                v.extend(cells.iter().chain(groups.iter().flat_map(|g| &g.cells)))
            }
            Evidence::Fish(f) => v.extend(f.fins.iter().chain(&f.endo_fins)),
            Evidence::Kraken(k) => v.extend(
                k.fish
                    .fins
                    .iter()
                    .copied()
                    .chain(k.premise.iter().map(|p| p.cell)),
            ),
            Evidence::Wing { pivot, pincers, .. } => v.extend(pivot.iter().chain(pincers)),
            Evidence::Medusa { colors, .. } => {
                v.extend(colors.iter().flatten().map(|c| c.cell));
            }
            Evidence::Als { sets, stem, .. } => {
                v.extend(stem.iter().chain(sets.iter().flat_map(|s| &s.cells)))
            }
            // A chain's nodes, group nodes with all their cells.
            Evidence::Chain { links } => v.extend(link_cells(links)),
            _ => {}
        }
        let mut seen = std::collections::HashSet::new();
        v.retain(|c| seen.insert(*c));
        v
    }
}

/// The cells of the nodes of `links`, in chain order (with repeats).
fn link_cells(links: &[Link]) -> impl Iterator<Item = Cell> + '_ {
    links
        .first()
        .map(|l| &l.from)
        .into_iter()
        .chain(links.iter().map(|l| &l.to))
        .flat_map(|n| n.cells().iter().copied())
}

/// The pattern part of the one-liner (before `=>`).
fn pattern_text(shape: Shape, e: &Evidence) -> String {
    match e {
        Evidence::Single { house } => house.map(|h| h.to_string()).unwrap_or_default(),
        Evidence::Direct { via, .. } => pattern_text(shape, via),
        Evidence::Intersection {
            digit,
            block,
            line,
            pointing,
            ..
        } => {
            if *pointing {
                format!("{digit} in {block}")
            } else {
                format!("{digit} in {line}")
            }
        }
        Evidence::Subset { cells, digits, .. } => {
            format!("{} in {}", digit_list(*digits), cell_list(shape, cells))
        }
        Evidence::Fish(f) => fish_text(shape, f),
        Evidence::Kraken(k) => format!(
            "{} {} ({})",
            k.fish_technique.name(),
            fish_text(shape, &k.fish),
            super::kraken::chains_text(shape, k)
        ),
        Evidence::SingleDigit {
            digit,
            cells,
            houses,
            ..
        } => match (cells.len(), houses.first()) {
            // Empty Rectangle: the box, then the conjugate pair.
            (2, Some(House::Block(b))) => format!("{digit} in {b} ({})", cell_list(shape, cells)),
            // Skyscraper, kite, turbot: the two ends, then the two cells joining them.
            // Four-Box Rectangle: the four boxes, in cycle order.
            (0, _) => format!("{digit} in {}", house_list(houses)),
            (4 | 6, _) => format!(
                "{digit} in {} (connected by {})",
                cell_list(shape, &cells[..2]),
                cell_list(shape, &cells[2..])
            ),
            _ => format!("{digit} in {}", cell_list(shape, cells)),
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
            let mut ds: Vec<String> = others.map(|d| d.to_string()).collect();
            ds.extend(z.map(|d| d.to_string()));
            if pivot.is_none() && links.len() >= 3 && z.is_some() {
                ds.rotate_right(1);
                let strong = &links[links.len() / 2];
                format!(
                    "{} in {} connected by {} in {},{}",
                    ds.join("/"),
                    cell_list(shape, &cells),
                    strong.from.digit(),
                    strong.from.cells_name(shape),
                    strong.to.cells_name(shape)
                )
            } else {
                format!("{} in {}", ds.join("/"), cell_list(shape, &cells))
            }
        }
        Evidence::Uniqueness { digits, cells, .. } => {
            let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
            format!("{} in {}", ds.join("/"), cell_list(shape, cells))
        }
        Evidence::Misc {
            cells,
            digits,
            groups,
        } => {
            let braced = |d: DigitSet| {
                if shape.side() > 9 {
                    format!("{{{}}}", digit_list(d))
                } else {
                    format!("{{{d}}}")
                }
            };
            let cl = |c: &[Cell]| super::als::compact_cells(shape, c);
            let parts: Vec<String> = groups
                .iter()
                .map(|g| format!("{} - {}", cl(&g.cells), braced(g.digits)))
                .collect();
            format!("{} - {} ({})", cl(cells), braced(*digits), parts.join(", "))
        }
        Evidence::Coloring { digit, colors } => {
            let parts: Vec<String> = colors
                .iter()
                .map(|[a, b]| format!("({}),({})", cell_list(shape, a), cell_list(shape, b)))
                .collect();
            format!("{digit} {}", parts.join(" "))
        }
        Evidence::Medusa { colors, .. } => {
            let side = |v: &[Candidate]| {
                v.iter()
                    .map(|c| format!("{}{}", c.digit, cell_name(shape, c.cell)))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!("({}),({})", side(&colors[0]), side(&colors[1]))
        }
        Evidence::Chain { links } => chain_text(shape, links),
        Evidence::Als {
            sets,
            restricted,
            z,
            stem,
        } => super::als::als_text(shape, sets, restricted, *z, *stem),
        Evidence::Forcing {
            premise,
            branches,
            inner,
        } => {
            let mut s = super::forcing::forcing_text(shape, premise, branches);
            if !inner.is_empty() {
                let parts: Vec<String> = inner.iter().map(|i| inner_text(shape, i)).collect();
                s += &format!(" [inner: {}]", parts.join(", "));
            }
            s
        }
        Evidence::Template { digit, templates } => format!("{digit} ({templates} templates)"),
        Evidence::BruteForce => String::new(),
    }
}

/// An inner chain of a nested forcing chain: `r1c2<>5 by Multiple Forcing Chain (14 nodes)`.
fn inner_text(shape: Shape, i: &InnerChain) -> String {
    format!(
        "{}<>{} by {} ({} nodes)",
        cell_name(shape, i.eliminated.cell),
        i.eliminated.digit,
        i.technique.name(),
        i.complexity
    )
}

/// A fish's pattern: `5 r1,r9 c2,c8 fr9c3`.
fn fish_text(shape: Shape, f: &FishEvidence) -> String {
    let mut s = format!(
        "{} {} {}",
        f.digit,
        house_list(&f.base),
        house_list(&f.cover)
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
pub fn medusa_rule_text(rule: u8) -> &'static str {
    match rule {
        1 => "One colour appears twice in a cell, so that colour is false.",
        2 => "One colour has the same digit twice in a house, so that colour is false.",
        3 => "A cell holds both colours: one of them is its digit, so its other candidates go.",
        4 => "A candidate sees both colours of its digit: whichever colour is true, it is false.",
        5 => {
            "A candidate sees one colour of its digit and shares its cell with the other \
              colour: whichever colour is true, it is false."
        }
        6 => {
            "Every candidate of an uncoloured cell sees the same colour on its digit: were \
              that colour true, the cell would be empty, so that colour is false."
        }
        _ => "",
    }
}

/// `(4)r1c2=r1c5-(4)r3c5`: a chain in Eureka-like notation.
fn chain_text(shape: Shape, links: &[Link]) -> String {
    super::chains::eureka(shape, links)
}

/// The plain-language sentence for a pattern, ending with what it removes (`out`).
fn explain_pattern(shape: Shape, e: &Evidence, out: &str) -> String {
    match e {
        Evidence::Intersection {
            digit,
            block,
            line,
            pointing,
            cells,
        } => {
            let (b, l) = (house_long(House::Block(*block)), house_long(*line));
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
                .map(|&h| house_long(h))
                .collect::<Vec<_>>()
                .join(" and ");
            let (cells, digits) = (cell_list(shape, cells), digit_list(*digits));
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
            let (base, cover) = (house_list(&f.base), house_list(&f.cover));
            let k = f.base.len();
            let mut s = format!(
                "Digit {} must go once in each of the {k} houses {base}, and all their places lie in \
                 the {k} houses {cover}",
                f.digit
            );
            if f.fins.is_empty() {
                s += &format!(
                    ". So those {k} digits fill {cover}, and {} can go nowhere else in them: {out}.",
                    f.digit
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
        Evidence::Direct { via, .. } => explain_pattern(shape, via, out),
        Evidence::Wing {
            pivot: Some(p),
            pincers,
            z: Some(z),
            ..
        } => format!(
            "Whatever {} holds, one of the wing cells {} (or the pivot itself) ends up as {z}, so a cell that sees all the cells of the pattern holding {z} can't be {z}: {out}.",
            cell_name(shape, *p),
            cell_list(shape, pincers)
        ),
        Evidence::Wing {
            pivot: None,
            pincers,
            digits,
            z,
            ..
        } => match z {
            Some(z) => format!(
                "The cells {} hold the same two digits {} and are joined by a strong link on the                  other digit, so one of them is {z}: a cell seeing both can't be {z}: {out}.",
                cell_list(shape, pincers),
                digit_list(*digits)
            ),
            None => format!(
                "The cells {} all hold the two digits {} and form a chain of cells that see each                  other, so linked cells alternate. A cell that sees two cells of different parity                  can hold neither digit: {out}.",
                cell_list(shape, pincers),
                digit_list(*digits)
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
            house_list(houses)
        ),
        Evidence::SingleDigit { digit, links, .. } => format!(
            "Digit {digit} is joined by strong links (houses where it has only two places): {}. Whichever way it goes, one end holds {digit}, so a cell that sees the ends can't: {out}.",
            chain_text(shape, links)
        ),
        Evidence::Uniqueness { digits, cells, .. } => format!(
            "Assuming the puzzle has a single solution: the cells {} must not end as a pattern of {} that could be swapped (that would give two solutions). That rules out {out}.",
            cell_list(shape, cells),
            digit_list(*digits)
        ),
        Evidence::Coloring { digit, .. } => format!(
            "Colouring digit {digit} along its conjugate pairs (houses with two places) splits its cells into two colours per cluster, one all true and one all false. The colours show: {out}."
        ),
        Evidence::Medusa { rule, .. } => format!(
            "Colouring candidates of every digit along strong links (a cell with two \
             candidates, a digit with two places in a house) splits them into two colours, \
             one all true and one all false. {} So: {out}.",
            medusa_rule_text(*rule)
        ),
        Evidence::Single { .. } | Evidence::BruteForce => out.to_string(),
        Evidence::Chain { links } => super::chains::explain_chain(shape, links, out),
        Evidence::Als {
            sets,
            restricted,
            z,
            stem,
        } => super::als::explain_als(shape, sets, restricted, *z, *stem, out),
        Evidence::Forcing {
            premise,
            branches,
            inner,
        } => {
            let mut s = super::forcing::explain_forcing(shape, premise, branches, out);
            if !inner.is_empty() {
                let parts: Vec<String> = inner.iter().map(|i| inner_text(shape, i)).collect();
                s += &format!(
                    " Inside the branches, chains in the position each branch has reached \
                     remove: {}.",
                    parts.join("; ")
                );
            }
            s
        }
        Evidence::Kraken(k) => super::kraken::explain_kraken(shape, k, out),
        other => format!("The pattern {} proves {out}.", pattern_text(shape, other)),
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
        assert_eq!(
            super::super::chains::eureka(s, &links),
            "(5)r1c2=r1c7-r23c8"
        );
    }

    #[test]
    fn one_liners() {
        let s = Shape::NINE;
        let c = |r: usize, col: usize| Cell::at(s, Row::new(r - 1), Col::new(col - 1));
        let mut step = Step::new(
            Technique::NakedPair,
            Evidence::Subset {
                houses: vec![House::Row(Row::new(0))],
                cells: vec![c(1, 2), c(1, 5)],
                digits: [3, 7].into_iter().map(Digit::new).collect(),
                hidden: false,
            },
        );
        step.eliminations
            .push(Candidate::new(c(1, 8), Digit::new(3)));
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
}
