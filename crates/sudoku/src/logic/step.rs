//! The explained step as data: [`Step`] (technique, placements, eliminations, and the
//! [`Evidence`] that justifies them). Its text (one-liner, explanation, hints) is rendered
//! in `explain`.
//!
//! Steps are data: a finder builds them from a [`super::Context`] and never changes the
//! board; the driver applies them. The text is generated from the data, never stored.
//!
//! Depends on the grid's index types and [`super::technique`].

use super::technique::Technique;
use crate::index::{Block, Candidate, Cell, Digit, House};
use crate::set::DigitSet;

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
    /// One candidate.
    Candidate(Candidate),
    /// One digit in two or more cells of a box–line intersection.
    Group {
        /// The group's digit.
        digit: Digit,
        /// Its cells, in cell order.
        cells: Vec<Cell>,
    },
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
    /// Where the link starts.
    pub from: Node,
    /// Where it ends.
    pub to: Node,
    /// Strong (one of the two is true) or weak (not both true).
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
    /// The set's cells.
    pub cells: Vec<Cell>,
    /// The digits they hold: one more than cells.
    pub digits: DigitSet,
}

/// The data that explains a step: one variant per family (with [`Evidence::Direct`] for
/// SE's direct hints, which are singles reached through another pattern).
#[derive(Clone, Debug, PartialEq)]
pub enum Evidence {
    /// Full house, naked single, hidden single: the house that makes it a single (`None`
    /// for a naked single, which is about the cell alone).
    Single {
        /// The house, or `None` for a naked single.
        house: Option<House>,
    },
    /// A direct hint (SE): the pattern `via` (an intersection or a subset) would remove
    /// `cleared` from `house`, leaving the placed digit a single place there. The
    /// eliminations themselves are not part of the step, only the placement.
    Direct {
        /// The pattern that clears the house.
        via: Box<Evidence>,
        /// The house where the digit is left a single place.
        house: House,
        /// The candidates the pattern would remove there.
        cleared: Vec<Candidate>,
    },
    /// Locked candidates: `digit` is confined to the intersection of `block` and `line`
    /// (in `cells`). Pointing (type 1): confined within the box, so it leaves the line;
    /// claiming (type 2): confined within the line, so it leaves the box.
    Intersection {
        /// The confined digit.
        digit: Digit,
        /// The box of the intersection.
        block: Block,
        /// The row or column of the intersection.
        line: House,
        /// Pointing (type 1) or claiming (type 2).
        pointing: bool,
        /// The digit's cells in the intersection.
        cells: Vec<Cell>,
    },
    /// A naked or hidden subset: `cells` of `houses[0]` (and of `houses[1]` too for a
    /// locked pair or triple) hold `digits`. Naked: the cells have no other digit. Hidden:
    /// the digits have no other place in the house.
    Subset {
        /// The house (two for a locked pair or triple).
        houses: Vec<House>,
        /// The subset's cells.
        cells: Vec<Cell>,
        /// The subset's digits.
        digits: DigitSet,
        /// Hidden (the digits have no other place) or naked.
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
        /// The pattern's digit.
        digit: Digit,
        /// Its cells.
        cells: Vec<Cell>,
        /// Its houses.
        houses: Vec<House>,
        /// Its links, in order.
        links: Vec<Link>,
    },
    /// A wing: `pivot` (none for a W-Wing) and `pincers` on `digits`, eliminating `z`.
    Wing {
        /// The digits of the wing's cells.
        digits: DigitSet,
        /// The pivot cell (none for a W-Wing).
        pivot: Option<Cell>,
        /// The pincer cells.
        pincers: Vec<Cell>,
        /// The digit eliminated.
        z: Option<Digit>,
        /// The links that join the cells.
        links: Vec<Link>,
    },
    /// A uniqueness pattern: the rectangle, loop (in loop order) or BUG `cells` on `digits`,
    /// with the `extra` candidates that break the deadly pattern, and, for the types that
    /// combine them with a naked set (type 3), the `subset` cells of that set.
    Uniqueness {
        /// The deadly pattern's digits.
        digits: DigitSet,
        /// Its cells (a loop in loop order).
        cells: Vec<Cell>,
        /// The candidates that break the pattern.
        extra: Vec<Candidate>,
        /// The naked set's cells, for the types that use one.
        subset: Vec<Cell>,
    },
    /// Coloring: each entry a pair of color classes (the two colors of one cluster).
    Coloring {
        /// The colored digit.
        digit: Digit,
        /// The two color classes of each cluster.
        colors: Vec<[Vec<Cell>; 2]>,
    },
    /// 3D Medusa: one cluster of candidates (of any digits) joined by strong links (bivalue
    /// cells and conjugate pairs), in its two colours; one colour is all true, the other
    /// all false. `rule` says what the colours show.
    Medusa {
        /// The cluster's candidates, by color.
        colors: [Vec<Candidate>; 2],
        /// What the colors show.
        rule: MedusaRule,
    },
    /// A chain or loop: the links in order.
    Chain {
        /// The links, in chain order.
        links: Vec<Link>,
    },
    /// Almost locked sets and their restricted common digits. ALS-XZ: sets `[A, B]`, one
    /// entry of `restricted` (the RCC, two digits when doubly linked). ALS-XY-Wing: sets
    /// `[A, B, C]`, `restricted` `[A–C, B–C]`. ALS-XY-Chain: the sets in chain order, one
    /// entry per link. Death Blossom: the `stem` cell, one petal per stem digit, and
    /// `restricted[i]` the stem digit petal `i` answers. `z`: the digits eliminated.
    Als {
        /// The almost locked sets.
        sets: Vec<AlsSet>,
        /// The restricted common digits, one entry per link.
        restricted: Vec<DigitSet>,
        /// The digits eliminated.
        z: DigitSet,
        /// The stem cell of a Death Blossom.
        stem: Option<Cell>,
    },
    /// Sue de Coq: the intersection `cells` holding `digits`, its `line` part and its
    /// `block` part.
    SueDeCoq {
        /// The intersection's cells.
        cells: Vec<Cell>,
        /// The digits they hold.
        digits: DigitSet,
        /// The line part.
        line: AlsSet,
        /// The box part.
        block: AlsSet,
    },
    /// Aligned pair or triple exclusion: the base `cells` (holding `digits` between them)
    /// and the `excluders`, one set per excluding cell.
    AlignedExclusion {
        /// The base cells.
        cells: Vec<Cell>,
        /// The digits between them.
        digits: DigitSet,
        /// One set per excluding cell.
        excluders: Vec<AlsSet>,
    },
    /// A forcing chain or net: from the `premise` candidates, one chain per branch.
    /// Nested forcing chains also name the `inner` chains whose eliminations the
    /// branches use (empty otherwise).
    Forcing {
        /// The candidates assumed, one branch each.
        premise: Vec<Candidate>,
        /// One chain per branch.
        branches: Vec<Vec<Link>>,
        /// The inner chains nested forcing chains use.
        inner: Vec<InnerChain>,
    },
    /// Templates (pattern overlay): `digit` has `templates` complete placements left (one
    /// cell per row, column and box, on its candidates and placed cells, each leaving room
    /// for every other digit); the step's cells are used by all of them (Template Set) or
    /// by none (Template Delete).
    Template {
        /// The digit the templates place.
        digit: Digit,
        /// How many complete placements are left for it.
        templates: usize,
    },
    /// No pattern: backtracking (an exhaustive search) gave the solution's digit.
    BruteForce,
}

/// An elimination that an inner chain made inside a branch of a nested forcing chain (in
/// the position the branch had reached), see [`Evidence::Forcing`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InnerChain {
    /// The candidate the inner chain removed.
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
    /// The fish's digit.
    pub digit: Digit,
    /// The base houses, whose candidates the cover must hold.
    pub base: Vec<House>,
    /// The cover houses, where eliminations happen.
    pub cover: Vec<House>,
    /// Base candidates outside the cover (finned fish).
    pub fins: Vec<Cell>,
    /// Base candidates in two base houses (endo fins).
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
    /// Type 1 or 2, see above.
    pub kind: KrakenType,
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

/// What a 3D Medusa cluster shows (the first that applies, in this order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MedusaRule {
    /// A colour appears twice in a cell: that colour is false.
    TwiceInCell = 1,
    /// A colour has one digit twice in a house: that colour is false.
    TwiceInHouse,
    /// A cell holds both colours: its other candidates go.
    BothInCell,
    /// A candidate sees both colours of its digit.
    SeesBoth,
    /// A candidate sees one colour of its digit and shares its cell with the other.
    SeesOneBesideOther,
    /// Every candidate of an uncoloured cell sees one colour: that colour is false.
    EmptiesCell,
}

/// The type of a kraken fish (see [`KrakenEvidence`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KrakenType {
    /// Each fin forces the eliminated candidate false.
    One = 1,
    /// Each base candidate of a cover house, and each fin, forces it false.
    Two = 2,
}

impl KrakenType {
    /// 1 or 2.
    pub fn number(self) -> u8 {
        self as u8
    }
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
            ) => self.technique.se_rating(),
            (Technique::HiddenSingle, _) => Some(super::technique::SE_HIDDEN_SINGLE_IN_LINE_RATING),
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
            Evidence::SueDeCoq {
                cells, line, block, ..
            } => v.extend(cells.iter().chain(&line.cells).chain(&block.cells)),
            Evidence::AlignedExclusion {
                cells, excluders, ..
            } => v.extend(cells.iter().chain(excluders.iter().flat_map(|g| &g.cells))),
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
