//! The catalogue of techniques: [`Technique`] (every technique the toolkit knows by name,
//! implemented or not yet), its [`Family`], its HoDoKu level/score/order and its Sudoku
//! Explainer rating, and [`TechniqueSet`] (a set of techniques, as given to the solver).
//! Every per-technique fact the solver acts on is here, so the driver derives its orders,
//! its pick rules ([`Pick`]) and which SE producer runs ([`ExplainerProducer`]) from it.
//!
//! The figures are those of `shared/TECHNIQUES.md` (HoDoKu 2.2 defaults, SE 1.2.1). Where
//! HoDoKu has no order index for a technique (the fish above size 4, the SE-only direct
//! hints, the Sukaku wings), the index given here is our own placement and says so in
//! [`HodokuInfo::index_is_ours`].
//!
//! Depends on nothing else in `logic`.

use std::fmt;

/// The family of a technique: the file in `logic/` whose finder finds it, and the variant
/// of [`super::Evidence`] its steps carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Full house, naked and hidden singles, and SE's direct hints.
    Singles,
    /// Locked candidates (pointing, claiming), locked pair and triple.
    Intersections,
    /// Naked and hidden pairs, triples, quads.
    Subsets,
    /// Basic, finned, sashimi, Franken, mutant and kraken fish.
    Fish,
    /// Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.
    SingleDigitPatterns,
    /// XY-, XYZ-, W-, WXYZ-Wing.
    Wings,
    /// Unique and avoidable rectangles, hidden rectangle, BUG+1.
    Uniqueness,
    /// Simple colors and multi-colors.
    Coloring,
    /// Remote pairs, X-/XY-chains, nice loops and AICs.
    Chains,
    /// Almost locked sets.
    Als,
    /// Sue de Coq and aligned exclusion.
    Miscellaneous,
    /// Forcing chains and nets, Nishio.
    Forcing,
    /// Templates and brute force (backtracking).
    LastResort,
}

impl Family {
    /// Every family, in the order of the list above.
    pub const ALL: &'static [Family] = &[
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::Fish,
        Family::SingleDigitPatterns,
        Family::Wings,
        Family::Uniqueness,
        Family::Coloring,
        Family::Chains,
        Family::Als,
        Family::Miscellaneous,
        Family::Forcing,
        Family::LastResort,
    ];

    /// The family's display name.
    pub fn name(self) -> &'static str {
        match self {
            Family::Singles => "Singles",
            Family::Intersections => "Intersections",
            Family::Subsets => "Subsets",
            Family::Fish => "Fish",
            Family::SingleDigitPatterns => "Single Digit Patterns",
            Family::Wings => "Wings",
            Family::Uniqueness => "Uniqueness",
            Family::Coloring => "Coloring",
            Family::Chains => "Chains and Loops",
            Family::Als => "Almost Locked Sets",
            Family::Miscellaneous => "Miscellaneous",
            Family::Forcing => "Forcing Chains and Nets",
            Family::LastResort => "Last Resort",
        }
    }
}

/// HoDoKu's difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Up to intersections and subsets.
    Medium,
    /// Up to basic fish, wings and single-digit patterns.
    Hard,
    /// Chains, ALS, uniqueness and harder fish.
    Unfair,
    /// Forcing chains, nets and the rest.
    Extreme,
}

impl Level {
    /// The level's name as HoDoKu shows it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }
    /// The next harder level (none after Extreme).
    pub fn next(self) -> Option<Level> {
        match self {
            Level::Easy => Some(Level::Medium),
            Level::Medium => Some(Level::Hard),
            Level::Hard => Some(Level::Unfair),
            Level::Unfair => Some(Level::Extreme),
            Level::Extreme => None,
        }
    }
    /// Parses a level's name (any case).
    pub fn from_name(s: &str) -> Option<Level> {
        [
            Level::Easy,
            Level::Medium,
            Level::Hard,
            Level::Unfair,
            Level::Extreme,
        ]
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(s))
    }
    /// The largest score a puzzle of this level may have (HoDoKu's `maxScore`).
    pub fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }
    /// [`Level::max_score`] for a grid of `shape`: HoDoKu's on 9x9, scaled by the number of
    /// cells elsewhere. A score sums every step, so a 25x25 solved by singles alone scores
    /// eight times a 9x9's; unscaled, its level would be Extreme.
    pub fn max_score_for(self, shape: crate::Shape) -> u32 {
        match self {
            Level::Extreme => u32::MAX,
            _ => (u64::from(self.max_score()) * shape.cell_count() as u64 / 81)
                .min(u64::from(u32::MAX - 1)) as u32,
        }
    }
}

/// What HoDoKu 2.2 says of a technique by default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HodokuInfo {
    /// The level the technique raises a puzzle to.
    pub level: Level,
    /// The score added for every step of this technique on a path.
    pub base_score: u32,
    /// The solver's order: lower indices are tried first.
    pub index: u32,
    /// Whether HoDoKu's solver uses it by default.
    pub enabled: bool,
    /// True when HoDoKu gives no index and the one above is our placement.
    pub index_is_ours: bool,
    /// How HoDoKu's solver picks among the steps of one search ([`Pick::First`] or
    /// [`Pick::Best`]).
    pub pick: Pick,
}

/// How an order picks the step it applies among those one search of a technique finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pick {
    /// The first step found.
    First,
    /// Every step, the best by HoDoKu's sort of chain steps (its chain finders sort their
    /// results). Techniques HoDoKu finds in one search (the same index) are searched
    /// together and compared as one.
    Best,
    /// Every step, the cheapest by SE rating, then the one removing the most candidates
    /// (Sukaku Explainer's own producers sort their hints so).
    Cheapest,
}

/// Everything the catalogue says of one technique.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TechniqueInfo {
    /// The display name, as in HoDoKu where it has one (`"Hidden Single"`).
    pub name: &'static str,
    /// The short code (HoDoKu's library code where it has one: `h1`, `lc1`, `bf2`).
    pub code: &'static str,
    /// The family.
    pub family: Family,
    /// HoDoKu's defaults, if HoDoKu knows the technique.
    pub hodoku: Option<HodokuInfo>,
    /// The Sudoku Explainer base rating, if SE (or Sukaku Explainer, for the wings it adds)
    /// rates the technique.
    pub se_rating: Option<f32>,
    /// Where Sudoku Explainer's producer order runs it, if it has a producer for it.
    pub explainer: Option<ExplainerInfo>,
    /// Our place in HoDoKu's order for a technique HoDoKu lacks (`None`: after the rest).
    pub hodoku_place: Option<u32>,
}

/// Sudoku Explainer's facts about a technique (see [`super::Order::Explainer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExplainerInfo {
    /// Its place in SE's producer order (smaller first; chaining producers after every
    /// technique SE lacks, the others before).
    pub rank: u8,
    /// One of SE's chaining producers (`se_chains` runs them in the Explainer order).
    pub chaining: bool,
    /// Only Sukaku Explainer has it (not in SE 1.2.1's own set).
    pub sukaku_only: bool,
    /// How the Explainer order picks among the steps of one search ([`Pick::First`] or
    /// [`Pick::Cheapest`]). A producer ([`Self::producer`]) gives its cheapest step itself.
    pub pick: Pick,
    /// The SE chaining producer that runs for the technique in the Explainer order, if one
    /// does (instead of the technique's own finder).
    pub producer: Option<ExplainerProducer>,
}

/// One of Sudoku Explainer's chaining producers (`se_chains`): in the Explainer order it
/// runs once per position for all the techniques that name it, and gives its cheapest step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExplainerProducer {
    /// Forcing chains and bidirectional cycles (X-Chain, XY-Chain, nice loops, AIC).
    Cycles,
    /// Nishio forcing chains.
    Nishio,
    /// Cell and region forcing chains.
    Multiple,
    /// Dynamic forcing chains.
    Dynamic,
    /// Dynamic forcing chains (+).
    Plus,
    /// Nested forcing chains, SE's levels 2 to 5 (the first level with a step wins).
    Nested,
}

impl ExplainerProducer {
    /// Every producer, in SE's order.
    pub const ALL: &'static [ExplainerProducer] = &[
        ExplainerProducer::Cycles,
        ExplainerProducer::Nishio,
        ExplainerProducer::Multiple,
        ExplainerProducer::Dynamic,
        ExplainerProducer::Plus,
        ExplainerProducer::Nested,
    ];
}

/// SE's rating of a hidden single in a row or column (the catalogue's rating of
/// [`Technique::HiddenSingle`] is the one in a box).
pub(crate) const SE_HIDDEN_SINGLE_IN_LINE_RATING: f32 = 1.5;
/// SE's base rating of the cycles and static forcing chains of
/// [`ExplainerProducer::Cycles`] that use both cell and house links (no technique of the
/// catalogue stands for these alone; one kind of link rates as its technique).
pub(crate) const SE_XY_LINKS_RATING: f32 = 7.0;
/// SE's nested forcing chain levels. The first is rated as
/// [`Technique::NestedForcingChain`] (9.5), each next one [`SE_NESTED_LEVEL_STEP`] more.
pub(crate) const SE_NESTED_LEVELS: std::ops::RangeInclusive<u8> = 2..=5;
/// How much SE's base rating rises from one nested level to the next.
pub(crate) const SE_NESTED_LEVEL_STEP: f32 = 0.5;

const fn se_info(
    rank: u8,
    chaining: bool,
    sukaku_only: bool,
    pick: Pick,
    producer: Option<ExplainerProducer>,
) -> Option<ExplainerInfo> {
    Some(ExplainerInfo {
        rank,
        chaining,
        sukaku_only,
        pick,
        producer,
    })
}
const fn se(rank: u8) -> Option<ExplainerInfo> {
    se_info(rank, false, false, Pick::First, None)
}
/// A technique only Sukaku Explainer's producers have.
const fn se_sukaku(rank: u8) -> Option<ExplainerInfo> {
    se_info(rank, false, true, Pick::First, None)
}
/// A technique only Sukaku Explainer has, whose producer sorts its hints.
const fn se_sukaku_sorted(rank: u8) -> Option<ExplainerInfo> {
    se_info(rank, false, true, Pick::Cheapest, None)
}
/// A chaining technique SE finds with its own finder.
const fn se_chaining(rank: u8) -> Option<ExplainerInfo> {
    se_info(rank, true, false, Pick::First, None)
}
/// A chaining technique SE's chaining `producer` finds.
const fn se_produced(rank: u8, producer: ExplainerProducer) -> Option<ExplainerInfo> {
    se_info(rank, true, false, Pick::First, Some(producer))
}

const fn hd_info(
    level: Level,
    base_score: u32,
    index: u32,
    enabled: bool,
    index_is_ours: bool,
    pick: Pick,
) -> Option<HodokuInfo> {
    Some(HodokuInfo {
        level,
        base_score,
        index,
        enabled,
        index_is_ours,
        pick,
    })
}
const fn hd(level: Level, base_score: u32, index: u32, enabled: bool) -> Option<HodokuInfo> {
    hd_info(level, base_score, index, enabled, false, Pick::First)
}
/// A HoDoKu entry whose order index is our choice.
const fn hd_ours(level: Level, base_score: u32, index: u32, enabled: bool) -> Option<HodokuInfo> {
    hd_info(level, base_score, index, enabled, true, Pick::First)
}
/// A HoDoKu chain technique: its finder sorts the steps and the best is applied.
const fn hd_best(level: Level, base_score: u32, index: u32, enabled: bool) -> Option<HodokuInfo> {
    hd_info(level, base_score, index, enabled, false, Pick::Best)
}

macro_rules! techniques {
    ($( $(#[$doc:meta])* $v:ident = $name:literal, $code:literal, $fam:ident, $hd:expr, $se:expr, $ex:expr, $place:expr; )*) => {
        /// A solving technique. Every technique of `shared/TECHNIQUES.md` has a variant,
        /// whether or not a finder implements it yet ([`Technique::is_implemented`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Technique { $( #[doc = concat!($name, " (`", $code, "`).")] #[doc = ""] $(#[$doc])* $v, )* }

        impl Technique {
            /// Every technique, in declaration order (grouped by family).
            pub const ALL: &'static [Technique] = &[ $( Technique::$v, )* ];

            /// The catalogue entry.
            pub fn info(self) -> &'static TechniqueInfo {
                match self {
                    $( Technique::$v => {
                        const I: TechniqueInfo = TechniqueInfo {
                            name: $name, code: $code, family: Family::$fam, hodoku: $hd, se_rating: $se,
                            explainer: $ex, hodoku_place: $place,
                        };
                        &I
                    } )*
                }
            }
        }
    };
}

use Level::*;

techniques! {
    // ---- singles
    /// The last empty cell of a house.
    FullHouse = "Full House", "fh", Singles, hd(Easy, 4, 100, true), Some(1.0), se(0), None;
    /// A cell with one candidate left.
    NakedSingle = "Naked Single", "n1", Singles, hd(Easy, 4, 200, true), Some(2.3), se(5), None;
    /// A digit with one place left in a house.
    HiddenSingle = "Hidden Single", "h1", Singles, hd(Easy, 14, 300, true), Some(1.2), se(1), None;
    /// SE: a pointing intersection that leaves a hidden single.
    DirectPointing = "Direct Pointing", "dp", Singles, hd_ours(Easy, 14, 310, false), Some(1.7), se(2), None;
    /// SE: a claiming intersection that leaves a hidden single.
    DirectClaiming = "Direct Claiming", "dc", Singles, hd_ours(Easy, 14, 320, false), Some(1.9), se(3), None;
    /// SE: a hidden pair that leaves a hidden single.
    DirectHiddenPair = "Direct Hidden Pair", "dh2", Singles, hd_ours(Easy, 14, 330, false), Some(2.0), se(4), None;
    /// SE: a hidden triple that leaves a hidden single.
    DirectHiddenTriple = "Direct Hidden Triple", "dh3", Singles, hd_ours(Easy, 14, 340, false), Some(2.5), se(6), None;
    // ---- intersections
    /// Two cells of a box and a line holding the same two digits only.
    LockedPair = "Locked Pair", "l2", Intersections, hd(Medium, 40, 1000, true), Some(3.0), None, None;
    /// Three cells of a box and a line holding the same three digits only.
    LockedTriple = "Locked Triple", "l3", Intersections, hd(Medium, 60, 1100, true), Some(3.6), None, None;
    /// A digit confined to one line inside a box leaves the rest of the line.
    LockedCandidatesPointing = "Locked Candidates Type 1 (Pointing)", "lc1", Intersections, hd(Medium, 50, 1200, true), Some(2.6), se(7), None;
    /// A digit confined to one box inside a line leaves the rest of the box.
    LockedCandidatesClaiming = "Locked Candidates Type 2 (Claiming)", "lc2", Intersections, hd(Medium, 50, 1210, true), Some(2.8), se(8), None;
    // ---- subsets
    NakedPair = "Naked Pair", "n2", Subsets, hd(Medium, 60, 1300, true), Some(3.0), se(9), None;
    NakedTriple = "Naked Triple", "n3", Subsets, hd(Medium, 80, 1400, true), Some(3.6), se(12), None;
    NakedQuad = "Naked Quadruple", "n4", Subsets, hd(Hard, 120, 2000, true), Some(5.0), se(31), None;
    HiddenPair = "Hidden Pair", "h2", Subsets, hd(Medium, 70, 1500, true), Some(3.4), se(11), None;
    HiddenTriple = "Hidden Triple", "h3", Subsets, hd(Medium, 100, 1600, true), Some(4.0), se(14), None;
    HiddenQuad = "Hidden Quadruple", "h4", Subsets, hd(Hard, 150, 2100, true), Some(5.4), se(33), None;
    // ---- basic fish
    XWing = "X-Wing", "bf2", Fish, hd(Hard, 140, 2200, true), Some(3.2), se(10), None;
    Swordfish = "Swordfish", "bf3", Fish, hd(Hard, 150, 2300, true), Some(3.8), se(13), None;
    Jellyfish = "Jellyfish", "bf4", Fish, hd(Hard, 160, 2400, true), Some(5.2), se(32), None;
    Squirmbag = "Squirmbag", "bf5", Fish, hd_ours(Unfair, 470, 2500, false), None, None, None;
    Whale = "Whale", "bf6", Fish, hd_ours(Unfair, 470, 2600, false), None, None, None;
    Leviathan = "Leviathan", "bf7", Fish, hd_ours(Unfair, 470, 2700, false), None, None, None;
    // ---- finned and sashimi fish
    FinnedXWing = "Finned X-Wing", "fbf2", Fish, hd(Hard, 130, 4100, true), None, None, None;
    SashimiXWing = "Sashimi X-Wing", "sbf2", Fish, hd(Hard, 150, 4200, true), None, None, None;
    FinnedSwordfish = "Finned Swordfish", "fbf3", Fish, hd(Unfair, 200, 4300, true), None, None, None;
    SashimiSwordfish = "Sashimi Swordfish", "sbf3", Fish, hd(Unfair, 240, 4400, true), None, None, None;
    FinnedJellyfish = "Finned Jellyfish", "fbf4", Fish, hd(Unfair, 250, 4500, true), None, None, None;
    SashimiJellyfish = "Sashimi Jellyfish", "sbf4", Fish, hd(Unfair, 260, 4600, true), None, None, None;
    FinnedSquirmbag = "Finned Squirmbag", "fbf5", Fish, hd_ours(Unfair, 470, 4700, false), None, None, None;
    SashimiSquirmbag = "Sashimi Squirmbag", "sbf5", Fish, hd_ours(Unfair, 470, 4710, false), None, None, None;
    FinnedWhale = "Finned Whale", "fbf6", Fish, hd_ours(Unfair, 470, 4720, false), None, None, None;
    SashimiWhale = "Sashimi Whale", "sbf6", Fish, hd_ours(Unfair, 470, 4730, false), None, None, None;
    FinnedLeviathan = "Finned Leviathan", "fbf7", Fish, hd_ours(Unfair, 470, 4740, false), None, None, None;
    SashimiLeviathan = "Sashimi Leviathan", "sbf7", Fish, hd_ours(Unfair, 470, 4750, false), None, None, None;
    // ---- Franken and mutant fish (off by default, as in HoDoKu)
    FrankenXWing = "Franken X-Wing", "ff2", Fish, hd(Unfair, 300, 6100, false), None, None, None;
    FrankenSwordfish = "Franken Swordfish", "ff3", Fish, hd(Unfair, 350, 6200, false), None, None, None;
    FrankenJellyfish = "Franken Jellyfish", "ff4", Fish, hd(Unfair, 370, 6300, false), None, None, None;
    FinnedFrankenXWing = "Finned Franken X-Wing", "fff2", Fish, hd_ours(Unfair, 390, 6400, false), None, None, None;
    FinnedFrankenSwordfish = "Finned Franken Swordfish", "fff3", Fish, hd_ours(Unfair, 410, 6500, false), None, None, None;
    FinnedFrankenJellyfish = "Finned Franken Jellyfish", "fff4", Fish, hd_ours(Unfair, 430, 6600, false), None, None, None;
    MutantXWing = "Mutant X-Wing", "mf2", Fish, hd_ours(Extreme, 450, 6700, false), None, None, None;
    MutantSwordfish = "Mutant Swordfish", "mf3", Fish, hd_ours(Extreme, 450, 6800, false), None, None, None;
    MutantJellyfish = "Mutant Jellyfish", "mf4", Fish, hd_ours(Extreme, 450, 6900, false), None, None, None;
    FinnedMutantXWing = "Finned Mutant X-Wing", "fmf2", Fish, hd_ours(Extreme, 470, 7000, false), None, None, None;
    FinnedMutantSwordfish = "Finned Mutant Swordfish", "fmf3", Fish, hd_ours(Extreme, 470, 7100, false), None, None, None;
    FinnedMutantJellyfish = "Finned Mutant Jellyfish", "fmf4", Fish, hd_ours(Extreme, 470, 7200, false), None, None, None;
    /// A finned fish tied by forcing chains to what it can't remove alone (`logic/fish/kraken.rs`).
    KrakenFish = "Kraken Fish", "kf", Fish, hd(Extreme, 500, 8450, false), None, None, None;
    // ---- single-digit patterns
    Skyscraper = "Skyscraper", "sk", SingleDigitPatterns, hd(Hard, 130, 3000, true), Some(4.0), se_sukaku(15), None;
    TwoStringKite = "2-String Kite", "2sk", SingleDigitPatterns, hd(Hard, 150, 3100, true), Some(4.1), se_sukaku(16), None;
    TurbotFish = "Turbot Fish", "tf", SingleDigitPatterns, hd(Hard, 120, 3120, true), Some(4.2), se_sukaku(17), None;
    EmptyRectangle = "Empty Rectangle", "er", SingleDigitPatterns, hd(Hard, 120, 3170, true), Some(4.3), se_sukaku(18), None;
    /// Zambon's "rectangle" ("Sudoku Programming with C"): a digit followed through four
    /// boxes at the corners of a rectangle, each step avoiding the previous cell's row and
    /// column; a start cell from which every path dies loses the digit. Not in HoDoKu or
    /// SE: index (after Empty Rectangle) and score ours, off in HoDoKu's default set.
    FourBoxRectangle = "Four-Box Rectangle", "4br", SingleDigitPatterns, hd_ours(Hard, 120, 3180, false), None, None, None;
    /// Sukaku Explainer's three strong links: a digit's chain of three strong links (houses
    /// where it has two places) joined end to end by cells that see each other; one end of
    /// the chain holds the digit. HoDoKu finds it as an X-Chain (index ours, just before
    /// X-Chain; off in its default set); Sukaku rates it 5.4 and up.
    ThreeStrongLinks = "3 Strong Links", "sl3", SingleDigitPatterns, hd_ours(Hard, 140, 5390, false), Some(5.4), se_sukaku_sorted(34), None;
    // ---- wings
    WWing = "W-Wing", "w", Wings, hd(Hard, 150, 3200, true), None, None, None;
    XyWing = "XY-Wing", "xy", Wings, hd(Hard, 160, 3300, true), Some(4.2), se(19), None;
    XyzWing = "XYZ-Wing", "xyz", Wings, hd(Hard, 180, 3400, true), Some(4.4), se(20), None;
    WxyzWing = "WXYZ-Wing", "wxyz", Wings, None, Some(5.5), se_sukaku_sorted(35), Some(3450);
    /// Sukaku Explainer's VWXYZ-Wing: a four-cell almost locked set in a house and a
    /// bivalue cell sharing a restricted digit with it. Not in HoDoKu (an ALS-XZ there).
    VwxyzWing = "VWXYZ-Wing", "vwxyz", Wings, None, Some(6.2), se_sukaku_sorted(40), Some(3460);
    // ---- uniqueness
    UniqueRectangle1 = "Uniqueness Test 1", "u1", Uniqueness, hd(Hard, 100, 3500, true), Some(4.5), se(21), None;
    UniqueRectangle2 = "Uniqueness Test 2", "u2", Uniqueness, hd(Hard, 100, 3600, true), Some(4.5), se(22), None;
    UniqueRectangle3 = "Uniqueness Test 3", "u3", Uniqueness, hd(Hard, 100, 3700, true), Some(4.5), se(23), None;
    UniqueRectangle4 = "Uniqueness Test 4", "u4", Uniqueness, hd(Hard, 100, 3800, true), Some(4.5), se(24), None;
    UniqueRectangle5 = "Uniqueness Test 5", "u5", Uniqueness, hd(Hard, 100, 3900, true), Some(4.5), se(25), None;
    UniqueRectangle6 = "Uniqueness Test 6", "u6", Uniqueness, hd(Hard, 100, 4000, true), Some(4.5), se(26), None;
    HiddenRectangle = "Hidden Rectangle", "hr", Uniqueness, hd(Hard, 100, 4010, true), None, None, None;
    AvoidableRectangle1 = "Avoidable Rectangle Type 1", "ar1", Uniqueness, hd(Hard, 100, 4020, true), None, None, None;
    AvoidableRectangle2 = "Avoidable Rectangle Type 2", "ar2", Uniqueness, hd(Hard, 100, 4030, true), None, None, None;
    BugPlusOne = "Bivalue Universal Grave + 1", "bug1", Uniqueness, hd(Hard, 100, 2900, true), Some(5.6), se(36), None;
    /// SE: a unique loop (6, 8, … cells; rectangles are the Uniqueness Tests) with one
    /// extra cell. SE rates loops 4.5 + 0.1 (6 cells), + 0.2 (8), + 0.5 (10 or more): see
    /// [`super::Step::se_difficulty`]. HoDoKu lacks unique loops (index ours).
    UniqueLoop1 = "Unique Loop Type 1", "ul1", Uniqueness, hd_ours(Hard, 100, 4040, false), Some(4.5), se(27), None;
    /// SE: a unique loop whose extra cells all hold the same one extra digit.
    UniqueLoop2 = "Unique Loop Type 2", "ul2", Uniqueness, hd_ours(Hard, 100, 4050, false), Some(4.5), se(28), None;
    /// SE: a unique loop whose two extra cells form a naked set with other cells of a
    /// house (+0.1 per digit of the set beyond one).
    UniqueLoop3 = "Unique Loop Type 3", "ul3", Uniqueness, hd_ours(Hard, 100, 4060, false), Some(4.5), se(29), None;
    /// SE: a unique loop whose two extra cells hold a loop digit as a conjugate pair.
    UniqueLoop4 = "Unique Loop Type 4", "ul4", Uniqueness, hd_ours(Hard, 100, 4070, false), Some(4.5), se(30), None;
    /// SE: BUG whose extra candidates are all one digit (HoDoKu lacks it; index ours).
    BugType2 = "Bivalue Universal Grave Type 2", "bug2", Uniqueness, hd_ours(Hard, 100, 2910, false), Some(5.7), se(37), None;
    /// SE: BUG whose extra cells form a naked set with other cells of a house (5.7 + 0.1 per
    /// digit of the set beyond one).
    BugType3 = "Bivalue Universal Grave Type 3", "bug3", Uniqueness, hd_ours(Hard, 100, 2920, false), Some(5.8), se(38), None;
    /// SE: BUG with two extra cells that hold a BUG digit as a conjugate pair.
    BugType4 = "Bivalue Universal Grave Type 4", "bug4", Uniqueness, hd_ours(Hard, 100, 2930, false), Some(5.7), se(39), None;
    // ---- coloring
    SimpleColorsTrap = "Simple Colors Trap", "sc1", Coloring, hd(Hard, 150, 5330, true), None, None, None;
    SimpleColorsWrap = "Simple Colors Wrap", "sc2", Coloring, hd_ours(Hard, 150, 5340, true), None, None, None;
    MultiColors1 = "Multi Colors 1", "mc1", Coloring, hd_ours(Hard, 200, 5350, true), None, None, None;
    MultiColors2 = "Multi Colors 2", "mc2", Coloring, hd(Hard, 200, 5360, true), None, None, None;
    /// Coloring across digits through bivalue cells and conjugate pairs. Neither HoDoKu
    /// nor SE has it: the index (after multi-colors) and the score (as multi-colors) are
    /// ours, and it is off in HoDoKu's default set.
    Medusa3D = "3D Medusa", "3dm", Coloring, hd_ours(Hard, 200, 5370, false), None, None, None;
    // ---- chains and loops
    RemotePair = "Remote Pair", "rp", Chains, hd_best(Hard, 110, 2800, true), None, None, None;
    XChain = "X-Chain", "x", Chains, hd_best(Unfair, 260, 5400, true), Some(6.6), se_produced(42, ExplainerProducer::Cycles), None;
    XyChain = "XY-Chain", "xyc", Chains, hd_best(Unfair, 260, 5500, true), Some(6.6), se_produced(43, ExplainerProducer::Cycles), None;
    ContinuousNiceLoop = "Continuous Nice Loop", "cnl", Chains, hd_best(Unfair, 280, 5600, true), Some(6.5), se_produced(44, ExplainerProducer::Cycles), None;
    DiscontinuousNiceLoop = "Discontinuous Nice Loop", "dnl", Chains, hd_best(Unfair, 280, 5600, true), Some(6.6), se_produced(45, ExplainerProducer::Cycles), None;
    Aic = "AIC", "aic", Chains, hd_best(Unfair, 280, 5600, true), Some(6.6), se_produced(46, ExplainerProducer::Cycles), None;
    GroupedContinuousNiceLoop = "Grouped Continuous Nice Loop", "gcnl", Chains, hd_best(Unfair, 300, 5650, true), None, None, None;
    GroupedDiscontinuousNiceLoop = "Grouped Discontinuous Nice Loop", "gdnl", Chains, hd_best(Unfair, 300, 5650, true), None, None, None;
    GroupedAic = "Grouped AIC", "gaic", Chains, hd_best(Unfair, 300, 5650, true), None, None, None;
    // ---- almost locked sets
    AlsXz = "Almost Locked Set XZ-Rule", "axz", Als, hd(Unfair, 300, 5700, true), None, None, None;
    AlsXyWing = "Almost Locked Set XY-Wing", "axy", Als, hd(Unfair, 320, 5800, true), None, None, None;
    AlsXyChain = "Almost Locked Set XY-Chain", "ach", Als, hd(Unfair, 340, 5900, true), None, None, None;
    DeathBlossom = "Death Blossom", "db", Als, hd(Unfair, 360, 6000, false), None, None, None;
    // ---- miscellaneous
    SueDeCoq = "Sue de Coq", "sdc", Miscellaneous, hd(Unfair, 250, 5300, true), None, None, None;
    AlignedPairExclusion = "Aligned Pair Exclusion", "ape", Miscellaneous, None, Some(6.2), se(41), Some(5310);
    AlignedTripleExclusion = "Aligned Triple Exclusion", "ate", Miscellaneous, None, Some(7.5), se_chaining(47), Some(5320);
    // ---- forcing chains and nets
    ForcingChainContradiction = "Forcing Chain Contradiction", "fcc", Forcing, hd(Extreme, 500, 8500, true), None, None, None;
    ForcingChainVerity = "Forcing Chain Verity", "fcv", Forcing, hd(Extreme, 500, 8500, true), None, None, None;
    ForcingNetContradiction = "Forcing Net Contradiction", "fnc", Forcing, hd(Extreme, 700, 8600, true), None, None, None;
    ForcingNetVerity = "Forcing Net Verity", "fnv", Forcing, hd(Extreme, 700, 8600, true), None, None, None;
    Nishio = "Nishio Forcing Chain", "nfc", Forcing, None, Some(7.5), se_produced(48, ExplainerProducer::Nishio), Some(8480);
    MultipleForcingChain = "Cell/Region Forcing Chain", "mfc", Forcing, None, Some(8.0), se_produced(49, ExplainerProducer::Multiple), Some(8490);
    DynamicForcingChain = "Dynamic Forcing Chain", "dfc", Forcing, None, Some(8.5), se_produced(50, ExplainerProducer::Dynamic), Some(8610);
    DynamicForcingChainPlus = "Dynamic Forcing Chain (+)", "dfc+", Forcing, None, Some(9.0), se_produced(51, ExplainerProducer::Plus), Some(8620);
    /// Nested forcing chains. In the Explainer order SE's levels 2 to 5 (bases 9.5, 10.0,
    /// 10.5 and 11.0; the step's SE difficulty says which, with the length bonus), see
    /// `se_chains`; elsewhere the forcing finder's nested net, rated at the base.
    NestedForcingChain = "Nested Forcing Chain", "nfc2", Forcing, None, Some(9.5), se_produced(52, ExplainerProducer::Nested), Some(8630);
    // ---- last resort
    TemplateSet = "Template Set", "ts", LastResort, hd(Extreme, 10000, 8700, false), None, None, None;
    TemplateDelete = "Template Delete", "td", LastResort, hd(Extreme, 10000, 8800, false), None, None, None;
    /// Backtracking: the solution's digit placed in a cell, found by exhaustive search.
    /// Never a human technique; always tried last.
    BruteForce = "Brute Force", "brute", LastResort, hd(Extreme, 10000, 8900, true), None, None, None;
}

impl Technique {
    /// The display name (`"Hidden Single"`).
    pub fn name(self) -> &'static str {
        self.info().name
    }
    /// The short code (`"h1"`).
    pub fn code(self) -> &'static str {
        self.info().code
    }
    /// The family.
    pub fn family(self) -> Family {
        self.info().family
    }
    /// HoDoKu's defaults, if HoDoKu knows it.
    pub fn hodoku(self) -> Option<HodokuInfo> {
        self.info().hodoku
    }
    /// The Sudoku Explainer base rating, if SE rates it. A hidden single rates 1.2 here (in a
    /// box); see [`super::Step::se_rating`] for the rating of one step.
    pub fn se_rating(self) -> Option<f32> {
        self.info().se_rating
    }
    /// Sudoku Explainer's producer facts, if it has a producer for it.
    pub fn explainer(self) -> Option<ExplainerInfo> {
        self.info().explainer
    }
    /// Whether only Sukaku Explainer (not SE 1.2.1) has it.
    pub fn sukaku_only(self) -> bool {
        self.explainer().is_some_and(|e| e.sukaku_only)
    }
    /// Whether a finder exists for this technique in this build.
    pub fn is_implemented(self) -> bool {
        super::registry::supports(self)
    }
    /// Finds a technique by display name or short code, ignoring case, spaces, `-` and `_`
    /// (`"x-wing"`, `"XWing"`, `"bf2"`, `"hidden single"`). A few common synonyms are
    /// accepted too (`"pointing"`, `"claiming"`, `"y-wing"`, `"bug"`, `"backtracking"`,
    /// `"pom"` and `"pattern overlay"` for Template Delete).
    ///
    /// ```
    /// use sudoku::logic::Technique;
    /// assert_eq!(Technique::from_name("x-wing"), Some(Technique::XWing));
    /// assert_eq!(Technique::from_name("lc1"), Some(Technique::LockedCandidatesPointing));
    /// assert_eq!(Technique::from_name("nope"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Technique> {
        let key = normalize(name);
        if key.is_empty() {
            return None;
        }
        let synonym = match key.as_str() {
            "pointing" | "lockedcandidates1" | "lockedcandidatestype1" => {
                Some(Technique::LockedCandidatesPointing)
            }
            "claiming" | "boxline" | "lockedcandidates2" | "lockedcandidatestype2" => {
                Some(Technique::LockedCandidatesClaiming)
            }
            "ywing" => Some(Technique::XyWing),
            "bug" | "bug1" | "bugplus1" => Some(Technique::BugPlusOne),
            "backtracking" | "bruteforce" | "bf" => Some(Technique::BruteForce),
            // The pattern overlay method finds both; alone, the name means the eliminations
            // (a technique list takes it as both, see `TechniqueSet::parse`).
            "pom" | "patternoverlay" | "patternoverlaymethod" => Some(Technique::TemplateDelete),
            "nakedquad" => Some(Technique::NakedQuad),
            "hiddenquad" => Some(Technique::HiddenQuad),
            _ => None,
        };
        synonym.or_else(|| {
            Technique::ALL
                .iter()
                .copied()
                .find(|t| normalize(t.name()) == key || normalize(t.code()) == key)
        })
    }
}

fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric() || *c == '+')
        .flat_map(char::to_lowercase)
        .collect()
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of techniques (a bitset over [`Technique`]).
///
/// ```
/// use sudoku::logic::{Technique, TechniqueSet};
/// let set = TechniqueSet::parse("singles,x-wing,n2")?;
/// assert!(set.contains(Technique::HiddenSingle) && set.contains(Technique::NakedPair));
/// assert!(!set.contains(Technique::Swordfish));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TechniqueSet(u128);

impl TechniqueSet {
    /// No technique.
    pub const EMPTY: TechniqueSet = TechniqueSet(0);

    /// Every technique in the catalogue.
    pub fn all() -> TechniqueSet {
        Technique::ALL.iter().copied().collect()
    }
    /// HoDoKu's default selection: every technique HoDoKu enables by default.
    pub fn hodoku_defaults() -> TechniqueSet {
        Technique::ALL
            .iter()
            .copied()
            .filter(|t| t.hodoku().is_some_and(|h| h.enabled))
            .collect()
    }
    /// Sudoku Explainer's selection: every technique SE 1.2.1 rates (not the Sukaku
    /// additions), plus brute force as the last resort.
    pub fn explainer_defaults() -> TechniqueSet {
        use Technique::*;
        Technique::ALL
            .iter()
            .copied()
            // SE's unique loops have types 1 to 4 (its type 2 covers HoDoKu's type 5);
            // HoDoKu's type 6 (the X-Wing inside the rectangle) is not among them.
            .filter(|&t| t != UniqueRectangle6)
            .filter(|t| t.se_rating().is_some() && !t.sukaku_only())
            .chain([BruteForce])
            .collect()
    }
    /// The techniques of one family.
    pub fn family(family: Family) -> TechniqueSet {
        Technique::ALL
            .iter()
            .copied()
            .filter(|t| t.family() == family)
            .collect()
    }
    /// Whether `t` is in the set.
    pub fn contains(self, t: Technique) -> bool {
        self.0 >> (t as u8) & 1 == 1
    }
    /// Adds `t`.
    pub fn insert(&mut self, t: Technique) {
        self.0 |= 1 << (t as u8);
    }
    /// Removes `t`.
    pub fn remove(&mut self, t: Technique) {
        self.0 &= !(1 << (t as u8));
    }
    /// The union.
    pub fn union(self, o: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 | o.0)
    }
    /// The techniques in both.
    pub fn intersection(self, o: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 & o.0)
    }
    /// The techniques in `self` and not in `o`.
    pub fn difference(self, o: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 & !o.0)
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// How many techniques.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// The members, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL
            .iter()
            .copied()
            .filter(move |&t| self.contains(t))
    }

    /// Parses a comma-separated list of technique names or codes, family names (`singles`,
    /// `subsets`, `fish`, …), or the words `all`, `hodoku`, `explainer`, `templates` (also
    /// `pom`, `pattern overlay`: Template Set and Delete). An item prefixed
    /// with `-` is removed; a list that starts with `+` extends `base` rather than replacing
    /// it (see [`TechniqueSet::parse_with_base`]).
    pub fn parse(list: &str) -> Result<TechniqueSet, String> {
        TechniqueSet::parse_with_base(list, TechniqueSet::EMPTY)
    }

    /// As [`TechniqueSet::parse`]; the set starts as `base` when the list starts with `+` or
    /// `-` (so `+swordfish,-xwing` edits the defaults), and empty otherwise.
    pub fn parse_with_base(list: &str, base: TechniqueSet) -> Result<TechniqueSet, String> {
        let list = list.trim();
        // An empty list would leave nothing but brute force: more likely a slip.
        if list.split(',').all(|item| item.trim().is_empty()) {
            return Err("no technique named (e.g. `singles,x-wing`, or `all`)".into());
        }
        let mut set = if list.starts_with('+') || list.starts_with('-') {
            base
        } else {
            TechniqueSet::EMPTY
        };
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (remove, name) = match item.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, item.strip_prefix('+').unwrap_or(item)),
            };
            let group = match normalize(name).as_str() {
                "all" => Some(TechniqueSet::all()),
                "hodoku" | "default" | "defaults" => Some(TechniqueSet::hodoku_defaults()),
                "explainer" | "se" => Some(TechniqueSet::explainer_defaults()),
                "templates" | "pom" | "patternoverlay" | "patternoverlaymethod" => Some(
                    [Technique::TemplateSet, Technique::TemplateDelete]
                        .into_iter()
                        .collect(),
                ),
                key => Family::ALL
                    .iter()
                    .find(|f| {
                        normalize(f.name()) == key || format!("{:?}", f).to_lowercase() == key
                    })
                    .map(|&f| TechniqueSet::family(f)),
            };
            let items = match group.or_else(|| Technique::from_name(name).map(TechniqueSet::from)) {
                Some(s) => s,
                None => return Err(format!("unknown technique `{name}`")),
            };
            set = if remove {
                set.difference(items)
            } else {
                set.union(items)
            };
        }
        Ok(set)
    }
}

impl From<Technique> for TechniqueSet {
    fn from(t: Technique) -> TechniqueSet {
        let mut s = TechniqueSet::EMPTY;
        s.insert(t);
        s
    }
}

impl FromIterator<Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = Technique>>(iter: I) -> TechniqueSet {
        let mut s = TechniqueSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

impl fmt::Debug for TechniqueSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Technique::code))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_is_consistent() {
        assert!(Technique::ALL.len() <= 128, "TechniqueSet is a u128");
        for &t in Technique::ALL {
            assert_eq!(Technique::from_name(t.code()), Some(t), "code {}", t.code());
            assert_eq!(Technique::from_name(t.name()), Some(t), "name {}", t.name());
        }
        let mut codes: Vec<_> = Technique::ALL.iter().map(|t| t.code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), Technique::ALL.len());
    }

    #[test]
    fn parse_lists() {
        let s = TechniqueSet::parse("singles, -hidden single, xwing").unwrap();
        assert!(s.contains(Technique::NakedSingle) && !s.contains(Technique::HiddenSingle));
        assert!(s.contains(Technique::XWing));
        let base = TechniqueSet::hodoku_defaults();
        let t = TechniqueSet::parse_with_base("+franken x-wing,-x-wing", base).unwrap();
        assert!(t.contains(Technique::FrankenXWing) && !t.contains(Technique::XWing));
        assert!(t.contains(Technique::Swordfish));
        assert!(TechniqueSet::parse("x-wing,bogus").is_err());
        assert!(TechniqueSet::parse(" , ").is_err());
        let pom = TechniqueSet::parse("pattern overlay").unwrap();
        assert!(pom.contains(Technique::TemplateSet) && pom.contains(Technique::TemplateDelete));
        assert_eq!(Technique::from_name("POM"), Some(Technique::TemplateDelete));
    }
}
