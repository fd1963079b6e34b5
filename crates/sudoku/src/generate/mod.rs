//! Puzzle generation: random solution grids, clue removal that keeps the solution unique,
//! symmetric patterns, minimal puzzles, fixed patterns of givens, and a hook for the rater.
//!
//! [`Generator`] is a builder. Each puzzle comes from its own seed, derived from the
//! generator's seed and the puzzle's index ([`Generator::puzzle_seed`]), so puzzle `i` is
//! the same whichever thread makes it and however many threads there are.
//!
//! # How a puzzle is made
//! 1. **A random solution grid** ([`random_solution`]): for 9x9, random diagonal boxes
//!    completed by the fast engine; otherwise a randomised depth-first fill with restarts
//!    (random candidate order, fewest candidates first). Then a random relabelling
//!    of digits, random orders of bands, rows inside bands, stacks and columns inside
//!    stacks, and (square boxes) a random transpose.
//! 2. **Clue removal**: the orbits of the chosen [`Symmetry`] are tried once each, in random
//!    order. An orbit is removed when the puzzle keeps its unique solution. One pass makes a
//!    *minimal* puzzle (within the symmetry): if removing an orbit gave a second solution,
//!    it still does once more givens are gone.
//! 3. **The uniqueness test** knows the solution, so it only asks whether *another* solution
//!    exists. A removed cell forced by a naked or hidden single needs no search; otherwise
//!    one search per removed cell with limit 1, the cell's own digit excluded from its
//!    candidates (and the orbit's earlier cells put back, so the cases don't overlap). That
//!    proves the same thing as counting to two, at a fraction of the cost. 9x9 grids keep
//!    this state as bitboards and search with [`solve::fast9::count_excluding`], without an
//!    allocation per test. Tried and dropped: running singles from the givens until the
//!    removed cell is placed, before the search (Medium generation 75 -> 58/s: the
//!    propagation costs more than the searches it saves); reusing a solution grid across
//!    attempts (more attempts per puzzle, no gain; with the memory of other solutions
//!    below, 4 passes per grid were 6% faster, within noise). For a Medium target,
//!    counted: about 4 ratings per attempt, most of them in the bisections of too-hard
//!    chains, which give only 1 puzzle in 6 directly but keep the attempt going; without
//!    the bisection an attempt ends at its first too-hard puzzle: 185 attempts per puzzle
//!    instead of 93, and 64 puzzles/s instead of 83. For a Medium target on 9x9 the other
//!    solutions the searches find are kept for the grid: the cells where one differs from
//!    ours must keep a given, so a removal that empties them all is refused unsearched. In
//!    one pass that never happens (the cell just tried is that given, and stays), but
//!    removals tried again after givens were put back (the bisection, the climb below)
//!    meet them: this halves the time of the climb. (Kept in every pass, the bookkeeping
//!    made minimal generation 5% slower.)
//! 4. **Acceptance**: the givens range, minimality, and the [`Generator::filter`] hook (for
//!    difficulty, filled in by the rater; HoDoKu level Medium instead guides step 2, and
//!    so does every target beyond singles from 10x10 up, see [`Generator::difficulty`];
//!    targets are taken up to [`TARGET_MAX_SIDE`]). A rejected puzzle costs one attempt;
//!    after [`Generator::max_attempts`] the generator stops with
//!    [`GenerateError::TooManyAttempts`].
//! 5. **Medium: the climb.** Guided removal (see [`Generator::difficulty`]) ends most
//!    attempts with a puzzle that no removal makes harder but that scores under Easy's
//!    maximum: a hill climb on the HoDoKu score goes on from there (`Generator::climb`),
//!    a move putting back one to three removed orbits and removing what it can. Measured
//!    on 500 Medium puzzles of seed 1, in CPU time: 6.6-7.0 s before (74 puzzles/s on a
//!    busy machine, 83 on a quiet one; 94 attempts per puzzle), 5.8 s with the faster
//!    rating alone, 1.3 s with the climb (380 puzzles/s; 1.5 attempts per puzzle). Same
//!    scores (most within 100 of the floor, as before), half a given fewer on average
//!    (23.8 instead of 24.3, range 21-27 instead of 22-28). Dropped with it: the
//!    prefilter that called a puzzle singles solve with 24 givens or more too easy without
//!    a rating, since the climb needs the score; the rating walks runs of singles at once
//!    ([`crate::rate::TargetRater`]) and costs about what the prefilter did.
//!
//! **Big grids** (side [`PROPAGATION_FROM_SIDE`] and up, Latin-square boxes from 16x16
//! up, minimal puzzles from side 17 up): solution grids are the formula's pattern,
//! shuffled as in step 1 (a random fill took 5 s at 36x36 and a search from seeded boxes
//! never ended at 64x64 and up), and step 2 removes an orbit only while propagation alone
//! (singles, locked candidates) still solves the puzzle (`Generator::by_propagation`):
//! uniqueness without a search, so no puzzle lands on the hardness peak of the searches.
//! The tests run on one state undone with the trail, by divide and conquer over the
//! orbits (`solve::general::reduce`): the same puzzles as one propagation from scratch
//! per test, 3-4x faster (seed 7, CPU: 36x36 0.15 → 0.05 s, 49x49 0.74 → 0.16 s, 64x64
//! 2.25 → 0.51 s, 81x81 9.2 → 1.6 s, 100x100 no puzzle in 70 s → 3.3-4.1 s). With no
//! givens range, removal goes as far as that allows: 47% givens at 36x36, 50% at 49x49,
//! 54% at 64x64, 57% at 81x81, 59% at 100x100. Above side [`FULL_PROPAGATION_MAX_SIDE`]
//! only cells that are singles of the givens left go (400x400: 78% givens in 0.5 s).
//! Minimal puzzles from 17x17 to 25x25 then get an exact pass (`Generator::exact_minimal`):
//! each given left goes if no other solution exists without it, so they are truly
//! minimal; the questions of every eight givens go to one incremental SAT solver that
//! looks near our solution first (`solve::general::oracle`). From side
//! [`MINIMAL_BY_PROPAGATION_FROM_SIDE`] up they stay minimal for propagation.
//! Every attempt watches a [`Stop`] ([`Generator::generate_until`]).
//!
//! With a [`Generator::pattern`], step 2 is replaced by "keep the givens of the pattern" and
//! random grids are tried until one makes the pattern's puzzle unique.
//!
//! Exhaustive solving goes through [`crate::solve::engine_for`], except on 9x9 where the
//! removal loop calls [`crate::solve::fast9`] directly (its exclusion search, on arrays).
//! Depends on [`crate::solve`], [`crate::grid`] and below, and on [`crate::rate`] for
//! [`Generator::difficulty`].

mod nine;
mod pattern;
mod removal;
mod solution;
mod symmetry;
mod targets;

pub use pattern::{least_givens, pattern_flaw};

pub use solution::random_solution;
pub use symmetry::{symmetries_of, Symmetry, SymmetryError};
use targets::{beyond_singles, out_of_reach, GUIDE_EVERY_LEVEL_FROM_SIDE};
pub use targets::{default_givens_for, TARGET_MAX_SIDE};

use removal::{Removal, Work};

use crate::grid::Grid;
use crate::index::Cell;
use crate::shape::Shape;
use crate::solve;
use crate::solve::general::oracle::Oracle;
use crate::stop::Stop;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A predicate on finished puzzles (the givens alone); `false` rejects the puzzle and costs
/// an attempt. This is where a difficulty rating or a required technique plugs in.
pub type Filter = Arc<dyn Fn(&Grid) -> bool + Send + Sync>;

/// A puzzle maker. Build one, then ask for puzzles by index.
///
/// ```
/// use sudoku::{generate::{Generator, Symmetry}, solve, Shape};
/// let gen = Generator::new(Shape::NINE).symmetry(Symmetry::Rotational180).seed(7);
/// let p = gen.generate(0)?;
/// assert_eq!(solve::count_solutions(&p.puzzle, 2), 1);
/// assert!(p.symmetries.contains(&Symmetry::Rotational180));
/// assert_eq!(gen.generate(0)?.puzzle, p.puzzle); // same seed, same puzzle
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Generator {
    shape: Shape,
    symmetry: Symmetry,
    givens: Option<RangeInclusive<usize>>,
    minimal: bool,
    pattern: Option<Vec<bool>>,
    seed: u64,
    max_attempts: usize,
    filter: Option<Filter>,
    /// Set by [`Generator::difficulty`] for level Medium, and from 10x10 up for every
    /// target beyond singles with a direction: the rater that guides clue removal (unless
    /// [`Generator::minimal`] or a pattern is asked).
    guide: Option<Arc<crate::rate::TargetRater>>,
    /// The difficulty target set by [`Generator::difficulty`], for [`Generator::check`].
    target: Option<crate::rate::Target>,
    /// Counts every solution grid tried, by every thread ([`Generator::count_attempts`]).
    tried: Option<Arc<AtomicU64>>,
    /// Counts every given the exact minimality pass has tested ([`Generator::count_checks`]).
    checked: Option<Arc<AtomicU64>>,
}

impl fmt::Debug for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Generator")
            .field("shape", &self.shape)
            .field("symmetry", &self.symmetry)
            .field("givens", &self.givens)
            .field("minimal", &self.minimal)
            .field(
                "pattern",
                &self
                    .pattern
                    .as_ref()
                    .map(|p| p.iter().filter(|&&b| b).count()),
            )
            .field("seed", &self.seed)
            .field("max_attempts", &self.max_attempts)
            .field("filter", &self.filter.is_some())
            .field("guide", &self.guide.as_ref().map(|r| r.target()))
            .finish()
    }
}

/// A generated puzzle, with its solution and how to make it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: every filled cell is a given.
    pub puzzle: Grid,
    /// Its unique solution (every cell a given).
    pub solution: Grid,
    /// The seed that makes this puzzle again with [`Generator::generate_seeded`].
    pub seed: u64,
    /// The symmetries the pattern of givens has (see [`symmetries_of`]).
    pub symmetries: Vec<Symmetry>,
    /// How many attempts it took (1 = the first grid gave it).
    pub attempts: usize,
}

/// The fewest givens a puzzle of `shape` with one solution has, and why: 17 for 9x9 (an
/// exhaustive computer search, McGuire, Tugemann and Civario, 2012), 4 for 4x4 with 2x2
/// boxes (a test checks it); otherwise one digit may be missing from the givens but not
/// two (their places could swap), so `side - 1`.
///
/// ```
/// use sudoku::{generate::fewest_givens, Shape};
/// assert_eq!(fewest_givens(Shape::NINE).0, 17);
/// assert_eq!(fewest_givens(Shape::new(4, 4)?).0, 15);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fewest_givens(shape: Shape) -> (usize, &'static str) {
    match (shape.box_rows(), shape.box_cols()) {
        (3, 3) => (17, "McGuire, Tugemann and Civario's search, 2012"),
        (2, 2) => (4, "every sparse 4x4 puzzle checked"),
        _ => (
            shape.side() - 1,
            "with two digits missing from the givens, they could swap",
        ),
    }
}

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The givens range is empty or larger than the grid.
    #[error("givens range {min}..{max} is impossible for a {} grid of {cells} cells", .shape.grid_name())]
    BadGivens {
        /// The fewest givens asked.
        min: usize,
        /// The most givens asked.
        max: usize,
        /// The grid's shape.
        shape: Shape,
        /// Its cell count.
        cells: usize,
    },
    /// A givens range below the fewest any puzzle of the shape with one solution has
    /// ([`fewest_givens`]).
    #[error("no {} puzzle with one solution has fewer than {fewest} givens ({why}), and the range asks for {max} at most", .shape.grid_name())]
    TooFewGivens {
        /// The most givens asked.
        max: usize,
        /// The fewest a puzzle of the shape has.
        fewest: usize,
        /// Why.
        why: &'static str,
        /// The grid's shape.
        shape: Shape,
    },
    /// The pattern's shape is not the generator's.
    #[error("the pattern is a {found} grid but the generator makes {expected} grids")]
    PatternShape {
        /// The generator's shape.
        expected: Shape,
        /// The pattern's shape.
        found: Shape,
    },
    /// A pattern fixes the givens, so a symmetry or a givens range can't also be asked.
    #[error("a pattern fixes where the givens stand: {0} can't be asked as well")]
    PatternConflict(&'static str),
    /// The pattern provably can't hold a unique puzzle, whatever its digits
    /// ([`pattern_flaw`]).
    #[error("the pattern can't hold a unique puzzle: {0}")]
    PatternUnusable(String),
    /// The [`Stop`] (a time limit, a cancel) came before a puzzle.
    #[error("stopped (time limit) after {attempts} attempts, before a puzzle was made")]
    Stopped {
        /// Attempts made before the stop.
        attempts: usize,
    },
    /// A difficulty target on a grid bigger than [`TARGET_MAX_SIDE`].
    #[error("difficulty targets are for grids up to {max}x{max}: rating a {} puzzle can take minutes", .shape.grid_name())]
    TargetTooBig {
        /// The biggest side taken ([`TARGET_MAX_SIDE`]).
        max: usize,
        /// The generator's shape.
        shape: Shape,
    },
    /// An SE rating range that no puzzle of any shape is rated in.
    #[error("no puzzle is rated ER {range}: Sudoku Explainer's ratings run from {:.1} to {:.1}", crate::rate::SE_SCALE.0, crate::rate::SE_SCALE.1)]
    RatingOffScale {
        /// The range asked for, `13.0-20.0`.
        range: String,
    },
    /// A difficulty target that no puzzle of the shape meets (4x4 targets beyond singles).
    #[error("no {} puzzle {why}: every one yields to singles (ER 1.0-1.2, Easy)", .shape.grid_name())]
    TargetUnreachable {
        /// The generator's shape.
        shape: Shape,
        /// What the target asks that no puzzle has.
        why: String,
    },
    /// Every attempt was rejected.
    #[error("no puzzle after {attempts} attempts ({})", .rejections)]
    TooManyAttempts {
        /// Attempts made.
        attempts: usize,
        /// Why they were rejected.
        rejections: Rejections,
    },
}

/// How many attempts were rejected, and why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rejections {
    /// Too many givens left (the puzzle could not be brought down to the range).
    pub too_many_givens: usize,
    /// Too few givens (a minimal puzzle fell below the range).
    pub too_few_givens: usize,
    /// The fewest givens an attempt with too many came down to: how far the range is.
    pub fewest_givens: Option<usize>,
    /// The most givens an attempt with too few kept.
    pub most_givens: Option<usize>,
    /// The pattern's puzzle had several solutions.
    pub not_unique: usize,
    /// The pattern's puzzle was unique but not minimal.
    pub not_minimal: usize,
    /// The filter said no.
    pub filtered: usize,
}

impl Rejections {
    /// An attempt that ended with `count` givens, above the range.
    fn too_many(&mut self, count: usize) {
        self.too_many_givens += 1;
        self.fewest_givens = Some(self.fewest_givens.map_or(count, |k| k.min(count)));
    }

    /// An attempt that ended with `count` givens, below the range.
    fn too_few(&mut self, count: usize) {
        self.too_few_givens += 1;
        self.most_givens = Some(self.most_givens.map_or(count, |k| k.max(count)));
    }
}

impl fmt::Display for Rejections {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let many = match self.fewest_givens {
            Some(k) => format!("had too many givens, {k} at the fewest"),
            None => "had too many givens".into(),
        };
        let few = match self.most_givens {
            Some(k) => format!("had too few givens, {k} at the most"),
            None => "had too few givens".into(),
        };
        let parts: Vec<String> = [
            (self.too_many_givens, many.as_str()),
            (self.too_few_givens, few.as_str()),
            (self.not_unique, "made the pattern ambiguous"),
            (self.not_minimal, "were not minimal"),
            (self.filtered, "were rejected by the filter"),
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, why)| format!("{n} {why}"))
        .collect();
        if parts.is_empty() {
            f.write_str("none finished")
        } else {
            f.write_str(&parts.join("; "))
        }
    }
}

impl Generator {
    /// Attempts per puzzle unless [`Generator::max_attempts`] says otherwise.
    pub const DEFAULT_MAX_ATTEMPTS: usize = 10_000;

    /// A generator of `shape` puzzles as `sudoku generate` makes them by default: no
    /// symmetry, seed 0, and the givens of [`default_givens_for`] the shape and target
    /// (50-55% from 16x16 to 25x25, with removal by search): minimal where that gives no
    /// range (up to 12x12, and from 26x26 up minimal for propagation). A range set with
    /// [`Generator::givens`], or minimal puzzles or a pattern asked, replace the default.
    ///
    /// ```
    /// use sudoku::{generate::Generator, Shape};
    /// let p = Generator::new(Shape::new(4, 4)?).seed(1).generate(0)?;
    /// assert!((128..=140).contains(&p.puzzle.given_count()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(shape: Shape) -> Generator {
        Generator {
            shape,
            symmetry: Symmetry::None,
            givens: None,
            minimal: false,
            pattern: None,
            seed: 0,
            max_attempts: Self::DEFAULT_MAX_ATTEMPTS,
            filter: None,
            guide: None,
            target: None,
            tried: None,
            checked: None,
        }
    }

    /// Adds one to `counter` for every solution grid tried, so that a caller can show
    /// progress while a hard pattern or target takes many attempts.
    pub fn count_attempts(mut self, counter: Arc<AtomicU64>) -> Generator {
        self.tried = Some(counter);
        self
    }

    /// Adds one to `counter` for every given (orbit) whose removal a search tests after
    /// propagation-keeping removal, when [`Generator::minimal`] asks a truly minimal
    /// puzzle of side 25 and up: the progress of the slow part of such a puzzle.
    pub fn count_checks(mut self, counter: Arc<AtomicU64>) -> Generator {
        self.checked = Some(counter);
        self
    }

    /// The symmetry of the pattern of givens: cells are removed by orbits of this group.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self
    }

    /// How many givens the puzzle may have. Removal stops at a random target inside the
    /// range (unless [`Generator::minimal`] asks for every removable orbit to go); puzzles
    /// that end outside the range are rejected.
    pub fn givens(mut self, range: RangeInclusive<usize>) -> Generator {
        self.givens = Some(range);
        self
    }

    /// Require minimal puzzles: no given (no orbit of the symmetry) can be removed without
    /// losing uniqueness. Where no givens range applies (none asked and none by default:
    /// see [`Generator::new`]) every puzzle is minimal anyway, because removal tries every
    /// orbit; with one asked, this makes removal go all the way and keeps only the puzzles
    /// that land in the range. With none asked it also sets the shape's default aside.
    ///
    /// From 17x17 to 25x25 removal first keeps the puzzle solvable by propagation, then
    /// asks of each given left whether another solution exists without it (seconds: 25x25
    /// 4-18 s of CPU for seeds 1-5 in release; removal by searches from the full grid down
    /// gave no 25x25 puzzle in 90 s).
    ///
    /// From side [`MINIMAL_BY_PROPAGATION_FROM_SIDE`] (26x26) up, *minimal* means minimal
    /// among the puzzles that propagation (naked and hidden singles, locked candidates)
    /// solves: no orbit can go without propagation failing to fill the grid. Such a puzzle
    /// is unique, proven without search; a given may still be removable with uniqueness
    /// kept, but the searches that would tell sit on the hardness peak (the exact pass
    /// gave no 32x32 puzzle in 400 s, nor a 36x36 one in 600 s; this takes well under a
    /// second).
    pub fn minimal(mut self, minimal: bool) -> Generator {
        self.minimal = minimal;
        self
    }

    /// Fix where the givens stand: the filled cells of `mask` (any puzzle; its digits are
    /// ignored). Random solution grids are tried until one makes the pattern's puzzle
    /// unique.
    pub fn pattern(mut self, mask: &Grid) -> Result<Generator, GenerateError> {
        if mask.shape() != self.shape {
            return Err(GenerateError::PatternShape {
                expected: self.shape,
                found: mask.shape(),
            });
        }
        self.pattern = Some(mask.values().iter().map(|&v| v != 0).collect());
        Ok(self)
    }

    /// The seed from which every puzzle's seed is derived.
    pub fn seed(mut self, seed: u64) -> Generator {
        self.seed = seed;
        self
    }

    /// How many solution grids to try for one puzzle before giving up.
    pub fn max_attempts(mut self, attempts: usize) -> Generator {
        self.max_attempts = attempts.max(1);
        self
    }

    /// Keep only puzzles for which `filter` returns `true` (the hook for difficulty targets
    /// and required techniques).
    ///
    /// ```
    /// use sudoku::{generate::Generator, Shape};
    /// let gen = Generator::new(Shape::new(2, 2)?).filter(|g| g.given_count() <= 5);
    /// assert!(gen.generate(0)?.puzzle.given_count() <= 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn filter(mut self, filter: impl Fn(&Grid) -> bool + Send + Sync + 'static) -> Generator {
        self.filter = Some(Arc::new(filter));
        self.guide = None;
        self.target = None;
        self
    }

    /// Keep only puzzles that meet a difficulty [`crate::rate::Target`] (HoDoKu level, SE
    /// range, required techniques); replaces any [`Generator::filter`]. An empty target
    /// clears the filter.
    ///
    /// With HoDoKu level Medium, and unless [`Generator::minimal`] or a pattern is
    /// asked, the rating guides clue removal ([`crate::rate::TargetRater::verdict`]) instead
    /// of judging finished minimal puzzles: givens go (by orbits of the symmetry, keeping the
    /// solution unique) until the puzzle fits, and the first puzzle that fits is the result,
    /// so it need not be minimal (HoDoKu's own puzzles aren't all minimal either). A removal
    /// that makes the puzzle too hard is undone and the other orbits are tried; a puzzle
    /// still too easy once nothing more can go is the start of a hill climb on its score
    /// (put a few givens back, take what can go), and costs an attempt if that finds
    /// nothing. Medium needs a score of at least Easy's maximum, so these puzzles are
    /// sparse anyway (24 or so givens). Only about 1 minimal puzzle in 185 is Medium;
    /// guided, 1 attempt in 90 gives one, and with the climb 2 attempts in 3. The other
    /// levels rate minimal puzzles as before (guided, Hard took half the attempts but ran
    /// about 4% slower: more ratings per attempt), as does any level with `minimal(true)`.
    ///
    /// ```
    /// use sudoku::{generate::Generator, logic::Level, rate::{Rater, Target}, Shape};
    /// let target = Target { level: Some(Level::Medium), ..Target::default() };
    /// let p = Generator::new(Shape::NINE).seed(3).difficulty(target).generate(0)?;
    /// assert_eq!(Rater::new().rate_hodoku(&p.puzzle).level, Level::Medium);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn difficulty(self, target: crate::rate::Target) -> Generator {
        if target.is_empty() {
            return self.filter_arc(None);
        }
        let rater = Arc::new(crate::rate::TargetRater::new(target));
        let big = self.shape.side() >= GUIDE_EVERY_LEVEL_FROM_SIDE;
        let t = rater.target();
        let guided = match t.level {
            Some(l) => l == crate::logic::Level::Medium || big && beyond_singles(t),
            None => big && t.se.is_some() && t.require.is_empty() && beyond_singles(t),
        };
        let guide = guided.then(|| rater.clone());
        let target = rater.target().clone();
        let mut gen = self.filter(move |g| rater.accepts(g));
        gen.guide = guide;
        gen.target = Some(target);
        gen
    }

    /// Sets or clears the filter from a shared value.
    pub fn filter_arc(mut self, filter: Option<Filter>) -> Generator {
        self.filter = filter;
        self.guide = None;
        self.target = None;
        self
    }

    /// The givens range removal works to: the one asked ([`Generator::givens`]), else,
    /// unless minimal puzzles or a pattern are asked, the default for the shape and the
    /// target ([`default_givens_for`]).
    fn givens_range(&self) -> Option<RangeInclusive<usize>> {
        if self.givens.is_some() || self.minimal || self.pattern.is_some() {
            return self.givens.clone();
        }
        let none = crate::rate::Target::default();
        default_givens_for(self.shape, self.target.as_ref().unwrap_or(&none))
    }

    /// The shape of the grids it makes.
    pub fn shape(&self) -> Shape {
        self.shape
    }
    /// The symmetry asked of the pattern of givens.
    pub fn symmetry_asked(&self) -> Symmetry {
        self.symmetry
    }

    /// The seed of puzzle `index`: a mix of the generator's seed and the index.
    pub fn puzzle_seed(&self, index: u64) -> u64 {
        splitmix(self.seed ^ splitmix(index.wrapping_add(0x5851_f42d_4c95_7f2d)))
    }

    /// Puzzle number `index` of this generator's seed.
    pub fn generate(&self, index: u64) -> Result<Generated, GenerateError> {
        self.generate_seeded(self.puzzle_seed(index))
    }

    /// The puzzle of a given puzzle seed (as reported in [`Generated::seed`]).
    pub fn generate_seeded(&self, seed: u64) -> Result<Generated, GenerateError> {
        self.generate_seeded_until(seed, &Stop::never())
    }

    /// [`Generator::generate`], giving up with [`GenerateError::Stopped`] once `stop` is
    /// reached (checked between attempts and inside the uniqueness searches).
    pub fn generate_until(&self, index: u64, stop: &Stop) -> Result<Generated, GenerateError> {
        self.generate_seeded_until(self.puzzle_seed(index), stop)
    }

    /// [`Generator::generate_seeded`] with a [`Stop`].
    pub fn generate_seeded_until(
        &self,
        seed: u64,
        stop: &Stop,
    ) -> Result<Generated, GenerateError> {
        self.check()?;
        if self.shape.is_nine() {
            self.generate_with(seed, &mut nine::Work9::new(), stop)
        } else {
            let mut work = Work::new(self.shape, stop.clone());
            self.generate_with(seed, &mut work, stop)
        }
    }

    /// [`Generator::generate_seeded`] with the removal state `work` (per shape).
    fn generate_with(
        &self,
        seed: u64,
        work: &mut impl Removal,
        stop: &Stop,
    ) -> Result<Generated, GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut orbits = match self.pattern {
            None => self.symmetry.orbits(self.shape),
            Some(_) => Vec::new(),
        };
        let mut rejections = Rejections::default();
        let guide = self
            .guide
            .as_deref()
            .filter(|_| !self.minimal && self.pattern.is_none());
        let stopped = |attempts| Err(GenerateError::Stopped { attempts });
        for attempt in 1..=self.max_attempts {
            if stop.reached() {
                return stopped(attempt - 1);
            }
            if let Some(tried) = &self.tried {
                tried.fetch_add(1, Ordering::Relaxed);
            }
            let solution = random_solution(self.shape, &mut rng);
            let made = match (&self.pattern, guide) {
                (Some(mask), _) => self.on_pattern(work, &solution, mask, &mut rejections),
                (None, Some(rater)) => {
                    let args = (&solution, &mut orbits[..], &mut rng);
                    self.by_rating(work, args, rater, &mut rejections)
                }
                (None, None) if self.by_propagation_only() => {
                    let args = (&solution, &mut orbits[..], &mut rng);
                    match self.by_propagation(work, args, &mut rejections, stop) {
                        Ok(made) => made,
                        Err(_) => return stopped(attempt),
                    }
                }
                (None, None) => {
                    self.by_removal(work, &solution, &mut orbits, &mut rng, &mut rejections)
                }
            };
            // A search cut short keeps givens it could have removed: the puzzle is unique
            // but may miss the range or minimality, so it is not offered.
            if stop.reached() {
                return stopped(attempt);
            }
            let Some(puzzle) = made else { continue };
            // A guided puzzle was rated when it was made.
            if let (Some(f), None) = (&self.filter, guide) {
                if !f(&puzzle) {
                    rejections.filtered += 1;
                    continue;
                }
            }
            let symmetries = symmetries_of(&puzzle);
            return Ok(Generated {
                puzzle,
                solution,
                seed,
                symmetries,
                attempts: attempt,
            });
        }
        Err(GenerateError::TooManyAttempts {
            attempts: self.max_attempts,
            rejections,
        })
    }

    /// Puzzles `0, 1, 2, …` in order, on this thread.
    pub fn iter(&self) -> impl Iterator<Item = Result<Generated, GenerateError>> + '_ {
        (0u64..).map(move |i| self.generate(i))
    }

    /// Checks the settings without generating: the errors [`Generator::generate`] would
    /// give for any index before trying a single grid.
    pub fn check(&self) -> Result<(), GenerateError> {
        let cells = self.shape.cell_count();
        if let Some(r) = &self.givens {
            if r.is_empty() || *r.start() > cells {
                return Err(GenerateError::BadGivens {
                    min: *r.start(),
                    max: *r.end(),
                    shape: self.shape,
                    cells,
                });
            }
            let (fewest, why) = fewest_givens(self.shape);
            if *r.end() < fewest {
                return Err(GenerateError::TooFewGivens {
                    max: *r.end(),
                    fewest,
                    why,
                    shape: self.shape,
                });
            }
        }
        if self.pattern.is_some() {
            if self.symmetry != Symmetry::None {
                return Err(GenerateError::PatternConflict("a symmetry"));
            }
            if self.givens.is_some() {
                return Err(GenerateError::PatternConflict("a givens range"));
            }
        }
        if let Some(flaw) = self
            .pattern
            .as_deref()
            .and_then(|mask| pattern_flaw(self.shape, mask))
        {
            return Err(GenerateError::PatternUnusable(flaw));
        }
        if self.target.is_some() && self.shape.side() > TARGET_MAX_SIDE {
            return Err(GenerateError::TargetTooBig {
                max: TARGET_MAX_SIDE,
                shape: self.shape,
            });
        }
        let (least, most) = crate::rate::SE_SCALE;
        if let Some((lo, hi)) = self.target.as_ref().and_then(|t| t.se) {
            if lo > most || hi < least {
                return Err(GenerateError::RatingOffScale {
                    range: format!("{lo:.1}-{hi:.1}"),
                });
            }
        }
        if let Some(why) = self
            .target
            .as_ref()
            .and_then(|t| out_of_reach(self.shape, t))
        {
            return Err(GenerateError::TargetUnreachable {
                shape: self.shape,
                why,
            });
        }
        Ok(())
    }

    /// Whether clue removal keeps the puzzle solvable by propagation
    /// (`Generator::by_propagation`): where default generation does
    /// ([`removal_keeps_propagation`]), and for minimal puzzles from side
    /// [`MINIMAL_BY_PROPAGATION_FIRST_FROM_SIDE`] up (followed by the exact pass below side
    /// [`MINIMAL_BY_PROPAGATION_FROM_SIDE`]).
    fn by_propagation_only(&self) -> bool {
        removal_keeps_propagation(self.shape)
            || (self.minimal && self.shape.side() >= MINIMAL_BY_PROPAGATION_FIRST_FROM_SIDE)
    }

    /// Clue removal for big grids, where a search that proves uniqueness can take minutes
    /// near the hardness peak: an orbit goes only if propagation alone (singles, locked
    /// candidates) still solves the puzzle, which proves it unique without any search.
    /// Orbits are tried once each, in random order, as in [`Generator::by_removal`]; up to
    /// side [`FULL_PROPAGATION_MAX_SIDE`] by `solve::general::reduce` (one state, undone
    /// with the trail, divide and conquer over the orbits), above it only the orbits whose
    /// cells are singles of the givens left go. With [`Generator::minimal`] removal goes
    /// all the way (no orbit can go without propagation failing to fill the puzzle; below
    /// side [`MINIMAL_BY_PROPAGATION_FROM_SIDE`], then none without a second solution,
    /// by [`Generator::exact_minimal`]) and a givens range only accepts or rejects. `Err`
    /// when `stop` came first.
    fn by_propagation<W: Removal>(
        &self,
        work: &mut W,
        (solution, orbits, rng): (&Grid, &mut [Vec<Cell>], &mut ChaCha8Rng),
        rejections: &mut Rejections,
        stop: &Stop,
    ) -> Result<Option<Grid>, crate::Stopped> {
        let cells = self.shape.cell_count();
        let givens = self.givens_range();
        let (lo, hi) = match &givens {
            Some(r) => (*r.start(), (*r.end()).min(cells)),
            None => (0, cells),
        };
        let target = match &givens {
            Some(_) if !self.minimal => rng.gen_range(lo..=hi),
            _ => 0,
        };
        let min_givens = if self.minimal { 0 } else { lo };
        orbits.shuffle(rng);
        work.start(solution);
        let mut count = cells;
        if self.shape.side() <= FULL_PROPAGATION_MAX_SIDE {
            let bounds = solve::general::reduce::Bounds { min_givens, target };
            let kept = solve::general::reduce::reduce(solution, orbits, bounds, stop)?;
            for (orbit, _) in orbits.iter().zip(&kept).filter(|(_, &k)| !k) {
                work.remove(orbit);
                count -= orbit.len();
            }
            if self.minimal && self.shape.side() < MINIMAL_BY_PROPAGATION_FROM_SIDE {
                let left = orbits.iter().zip(&kept).filter(|(_, &k)| k);
                count = self.exact_minimal(work, solution, left.map(|(o, _)| o), count, stop)?;
            }
        } else {
            // Too big for the trail of a whole propagation: only singles of the givens go.
            for orbit in orbits.iter() {
                if count <= target {
                    break;
                }
                if count < min_givens + orbit.len() {
                    continue;
                }
                work.remove(orbit);
                if orbit.iter().all(|&c| work.forced(c)) {
                    count -= orbit.len();
                } else {
                    work.restore(orbit);
                }
            }
        }
        if count > hi {
            rejections.too_many(count);
            return Ok(None);
        }
        if count < lo {
            rejections.too_few(count);
            return Ok(None);
        }
        Ok(Some(work.puzzle()))
    }

    /// The exact pass after propagation-keeping removal, below side
    /// [`MINIMAL_BY_PROPAGATION_FROM_SIDE`]: each orbit still given (in the order removal
    /// tried them) goes when the puzzle keeps its unique solution without it. The orbits go
    /// in runs of [`ORACLE_RUN`]; each run's questions (is there a solution with another
    /// digit in this cell?) go to one [`Oracle`] built on the puzzle without the run's
    /// givens, which looks near `solution` first. Starting from a puzzle propagation solves,
    /// most of the givens are settled without a search and the searches start from few
    /// open cells. Returns the givens left; `Err` when `stop` came first (a question cut
    /// short keeps its given, so the puzzle is unique but may not be minimal).
    fn exact_minimal<'o, W: Removal>(
        &self,
        work: &mut W,
        solution: &Grid,
        left: impl Iterator<Item = &'o Vec<Cell>>,
        mut count: usize,
        stop: &Stop,
    ) -> Result<usize, crate::Stopped> {
        let left: Vec<&Vec<Cell>> = left.collect();
        for run in left.chunks(ORACLE_RUN) {
            // The run's base: the puzzle without any of its givens. Every puzzle asked
            // about below holds the base's givens.
            run.iter().for_each(|orbit| work.remove(orbit));
            let base = work.puzzle();
            run.iter().for_each(|orbit| work.restore(orbit));
            let mut oracle = Oracle::new(&base, solution, stop)?;
            for orbit in run {
                if stop.reached() {
                    return Err(crate::Stopped);
                }
                if let Some(checked) = &self.checked {
                    checked.fetch_add(1, Ordering::Relaxed);
                }
                work.remove(orbit);
                if work.has_other_solution_asking(orbit, &mut oracle) {
                    work.restore(orbit);
                } else {
                    count -= orbit.len();
                }
            }
        }
        if stop.reached() {
            return Err(crate::Stopped);
        }
        Ok(count)
    }

    /// One removal pass over the orbits in random order. `None` if the result is rejected.
    fn by_removal(
        &self,
        work: &mut impl Removal,
        solution: &Grid,
        orbits: &mut [Vec<Cell>],
        rng: &mut ChaCha8Rng,
        rejections: &mut Rejections,
    ) -> Option<Grid> {
        let cells = self.shape.cell_count();
        let givens = self.givens_range();
        let (lo, hi) = match &givens {
            Some(r) => (*r.start(), (*r.end()).min(cells)),
            None => (0, cells),
        };
        // Without `minimal`, stop at a random target inside the range.
        let target = if self.minimal || givens.is_none() {
            0
        } else {
            rng.gen_range(lo..=hi)
        };
        orbits.shuffle(rng);
        work.start(solution);
        let mut count = cells;
        for orbit in orbits.iter() {
            if count <= target {
                break;
            }
            if !self.minimal && count - orbit.len() < lo {
                continue;
            }
            work.remove(orbit);
            if work.has_other_solution(orbit) {
                work.restore(orbit);
            } else {
                count -= orbit.len();
                if self.minimal && count < lo {
                    rejections.too_few(count);
                    return None;
                }
            }
        }
        if count > hi {
            rejections.too_many(count);
            return None;
        }
        if count < lo {
            rejections.too_few(count);
            return None;
        }
        Some(work.puzzle())
    }

    /// Clue removal guided by the rating. The orbits are removed in random order while the
    /// puzzle stays unique (a chain of ever sparser puzzles, down to a minimal one), and the
    /// last puzzle of the chain is rated: too easy ends the attempt, a fit is the result.
    /// Too hard: a bisection of the chain (puzzles get harder as givens go, near enough)
    /// finds the removal that made it too hard, unless it meets a fit on the way; that orbit
    /// is put back for good, and removal goes on from there with the orbits after it. So a
    /// puzzle that fits is emitted as the first one met, and only a few puzzles per attempt
    /// are rated, instead of every one of the chain. A chain that ends too easy goes on to
    /// [`Generator::climb`].
    fn by_rating<W: Removal>(
        &self,
        work: &mut W,
        (solution, orbits, rng): (&Grid, &mut [Vec<Cell>], &mut ChaCha8Rng),
        rater: &crate::rate::TargetRater,
        rejections: &mut Rejections,
    ) -> Option<Grid> {
        use crate::rate::Verdict;
        let cells = self.shape.cell_count();
        let (lo, hi) = match &self.givens_range() {
            Some(r) => (*r.start(), (*r.end()).min(cells)),
            None => (0, cells),
        };
        let scored = |work: &W, count: usize| match rater.verdict_scored(&work.puzzle()) {
            (Verdict::Fits, s) if count > hi => (Verdict::TooEasy, s),
            v => v,
        };
        let verdict = |work: &W, count: usize| scored(work, count).0;
        orbits.shuffle(rng);
        work.start(solution);
        work.remember_other_solutions();
        // The chain: the orbits removed (as positions in `orbits`), in order; puzzle `k` of
        // the chain has the first `k` removed. `easy` is known too easy (the full grid is:
        // this path is for levels above Easy), `at` the puzzle `work` holds.
        let mut chain: Vec<usize> = Vec::new();
        let mut kept: Vec<usize> = Vec::new();
        let (mut easy, mut next) = (0, 0);
        let mut count = cells;
        // The score of the too easy puzzle the loop ends with, when rated.
        let mut score = None;
        loop {
            for (p, orbit) in orbits.iter().enumerate().skip(next) {
                if count - orbit.len() < lo {
                    continue;
                }
                work.remove(orbit);
                if work.has_other_solution(orbit) {
                    work.restore(orbit);
                } else {
                    count -= orbit.len();
                    chain.push(p);
                }
            }
            let mut at = chain.len();
            if at == easy {
                break;
            }
            match scored(work, count) {
                (Verdict::Fits, _) => return Some(work.puzzle()),
                (Verdict::TooEasy, s) => {
                    score = s;
                    break;
                }
                (Verdict::TooHard, _) => {}
            }
            // Bisect between puzzle `lo_k` (too easy) and `hi_k` (too hard).
            let (mut lo_k, mut hi_k) = (easy, at);
            // Moves `work` to puzzle `k` of the chain.
            let mut goto = |work: &mut W, at: &mut usize, k: usize| {
                for &p in chain.get(k..*at).unwrap_or(&[]) {
                    work.restore(&orbits[p]);
                    count += orbits[p].len();
                }
                for &p in chain.get(*at..k).unwrap_or(&[]) {
                    work.remove(&orbits[p]);
                    count -= orbits[p].len();
                }
                *at = k;
                count
            };
            while hi_k - lo_k > 1 {
                let mid = (lo_k + hi_k) / 2;
                let c = goto(work, &mut at, mid);
                match verdict(work, c) {
                    Verdict::Fits => return Some(work.puzzle()),
                    Verdict::TooEasy => lo_k = mid,
                    Verdict::TooHard => hi_k = mid,
                }
            }
            goto(work, &mut at, lo_k);
            // Orbit `chain[lo_k]` made it too hard: it stays. Those after it are tried again
            // (with it given, some may go that could not before).
            next = chain[lo_k] + 1;
            kept.push(chain[lo_k]);
            chain.truncate(lo_k);
            easy = lo_k;
        }
        let from = (chain, &kept[..], count, score);
        if let Some(p) = self.climb(work, (orbits, rng), from, &scored) {
            return Some(p);
        }
        rejections.filtered += 1;
        None
    }

    /// The local search that ends an attempt [`Generator::by_rating`] found too easy: the
    /// puzzle in `work` (`count` givens, with the orbits `removed` empty and the orbits
    /// `kept` given because removing them made it too hard; its score if known) is minimal
    /// or nearly, and still under the level's score floor. A move puts back one to [`CLIMB_BACK`] removed orbits
    /// at random, then removes every given orbit it can (in random order, keeping the
    /// solution unique), and is kept when the new puzzle fits (the result), or is still too
    /// easy with a HoDoKu score at least as high; otherwise it is undone. At most
    /// [`CLIMB_MOVES`] moves. Most of a move's uniqueness tests are settled by
    /// [`Removal::has_other_solution`]'s memory of the other solutions found on this grid,
    /// so a move costs little more than its rating.
    fn climb<W: Removal>(
        &self,
        work: &mut W,
        (orbits, rng): (&[Vec<Cell>], &mut ChaCha8Rng),
        (mut removed, kept, mut count, known): (Vec<usize>, &[usize], usize, Option<u32>),
        scored: &Scored<'_, W>,
    ) -> Option<Grid> {
        use crate::rate::Verdict;
        if removed.is_empty() {
            return None;
        }
        let lo = self.givens_range().map_or(0, |r| *r.start());
        let mut given: Vec<usize> = (0..orbits.len())
            .filter(|p| !removed.contains(p) && !kept.contains(p))
            .collect();
        let (v, s) = match known {
            Some(s) => (Verdict::TooEasy, Some(s)),
            None => scored(work, count),
        };
        if v == Verdict::Fits {
            return Some(work.puzzle());
        }
        let mut score = s?;
        let mut out: Vec<usize> = Vec::new();
        for _ in 0..CLIMB_MOVES {
            let k = rng.gen_range(1..=CLIMB_BACK).min(removed.len());
            let mut back = Vec::with_capacity(k);
            for _ in 0..k {
                let p = removed.swap_remove(rng.gen_range(0..removed.len()));
                work.restore(&orbits[p]);
                count += orbits[p].len();
                back.push(p);
            }
            given.shuffle(rng);
            out.clear();
            for (g, &p) in given.iter().enumerate() {
                if count - orbits[p].len() < lo {
                    continue;
                }
                work.remove(&orbits[p]);
                if work.has_other_solution(&orbits[p]) {
                    work.restore(&orbits[p]);
                } else {
                    count -= orbits[p].len();
                    out.push(g);
                }
            }
            let better = !out.is_empty() && {
                match scored(work, count) {
                    (Verdict::Fits, _) => return Some(work.puzzle()),
                    (Verdict::TooEasy, Some(s)) if s >= score => {
                        score = s;
                        true
                    }
                    _ => false,
                }
            };
            if better {
                for &g in out.iter().rev() {
                    removed.push(given.swap_remove(g));
                }
                given.extend_from_slice(&back);
            } else {
                for &g in &out {
                    work.restore(&orbits[given[g]]);
                    count += orbits[given[g]].len();
                }
                for &p in &back {
                    work.remove(&orbits[p]);
                    count -= orbits[p].len();
                }
                removed.extend_from_slice(&back);
            }
        }
        None
    }

    /// The puzzle of `solution` on the pattern `mask`, if it is unique (and minimal, when
    /// asked).
    fn on_pattern(
        &self,
        work: &mut impl Removal,
        solution: &Grid,
        mask: &[bool],
        rejections: &mut Rejections,
    ) -> Option<Grid> {
        work.start(solution);
        let holes: Vec<Cell> = Cell::all(self.shape).filter(|c| !mask[c.index()]).collect();
        work.remove(&holes);
        // Most random grids leave a pattern ambiguous: one count to two settles it.
        if !work.is_unique() {
            rejections.not_unique += 1;
            return None;
        }
        if self.minimal {
            for cell in Cell::all(self.shape).filter(|c| mask[c.index()]) {
                let one = [cell];
                work.remove(&one);
                let removable = !work.has_other_solution(&one);
                work.restore(&one);
                if removable {
                    rejections.not_minimal += 1;
                    return None;
                }
            }
        }
        Some(work.puzzle())
    }
}

/// From this side up, default generation removes clues only while propagation solves the
/// puzzle (`Generator::by_propagation`), as it does for Latin-square boxes from 16x16 up.
pub const PROPAGATION_FROM_SIDE: usize = 26;

/// From this side up, default generation stops at a share of givens ([`default_givens`])
/// or at what propagation still solves; below it, puzzles are minimal (milliseconds).
const STOP_SHORT_FROM_SIDE: usize = 16;

/// From this side up, [`Generator::minimal`] means minimal among the puzzles propagation
/// solves (see [`Generator::minimal`]). Below it the exact pass asks about every given
/// left: 30x30 took 56 s (5x6 boxes) and 108 s (6x5) on seed 3; 32x32 and 35x35 gave
/// no puzzle in 400 s.
pub const MINIMAL_BY_PROPAGATION_FROM_SIDE: usize = 26;

/// The givens (orbits) of the exact minimality pass whose questions go to one incremental
/// SAT solver ([`Oracle`]), built on the puzzle without all of them. `--size 25 --minimal`,
/// seeds 1-3, CPU: 4.3 / 4.8 / 17.7 s with runs of 8 (runs of one: 5.5 / 6.0 s on the
/// first two; of 32: 4.1 / 5.8 / 26.5 s; of 128: 11.4 s on the first). The old way, a
/// search from scratch per question (our solver, then CaDiCaL): 8.1 / 8.6 / 32.2 s.
const ORACLE_RUN: usize = 8;

/// From this side up, minimal puzzles are made by propagation-keeping removal first
/// (`Generator::by_propagation`), then (below [`MINIMAL_BY_PROPAGATION_FROM_SIDE`]) by
/// an exact pass over the givens left (`Generator::exact_minimal`): a question per given
/// from a puzzle propagation solves starts from few open cells, where searches from the
/// full grid down land on the hardness peak (no minimal 25x25 puzzle in 90 s that way).
/// Seeds 1-3, CPU seconds, 20 s limit, searches from the full grid against this way:
/// 24x24 (4x6 boxes) three time-outs against 1.6-10.8 s; 6x4 three time-outs against
/// 1.3 s, 3.0 s and 54 s; 3x8 one time-out, 19 s, 19 s against 0.9-4.1 s; 20x20 (4x5)
/// 1.2-9.4 s against 0.4-0.7 s. At 16x16 searches stay (0.03-0.09 s against 0.07-0.08 s).
const MINIMAL_BY_PROPAGATION_FIRST_FROM_SIDE: usize = 17;

/// Above this side the trail of a whole-grid propagation (`solve::general::reduce`)
/// takes too much memory (`n³` entries: 90 MB at 225x225, 500 MB at 400x400): removal
/// takes only the cells that are singles of the givens left (one pass, no search).
pub const FULL_PROPAGATION_MAX_SIDE: usize = 100;

/// The rating of the puzzle in the removal state, given its number of givens: the verdict,
/// and the HoDoKu score unless too hard.
type Scored<'a, W> = dyn Fn(&W, usize) -> (crate::rate::Verdict, Option<u32>) + 'a;

/// The most moves of [`Generator::climb`] per attempt: with 30, 5.2 attempts per Medium
/// puzzle; 100, 1.5; 300, 1.1, for about the same time per puzzle from 100 on.
const CLIMB_MOVES: usize = 100;

/// The most orbits one move of [`Generator::climb`] puts back (one to this many, at
/// random). At most one: 2.3 attempts per Medium puzzle (100 moves), 35% slower than with
/// three; four is 10% slower than three.
const CLIMB_BACK: usize = 3;

/// A seed for runs that were given none: the process's random hasher keys and the clock.
/// Below 2^53, so that a seed shown to a person or a JavaScript page survives as a number.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish() & ((1 << 53) - 1)
}

/// The givens range `sudoku generate` asks by default, for callers that have no range of
/// their own: `None` below 16x16 (minimal puzzles take milliseconds); 50-55% of the cells
/// from 16x16 to 25x25, where removal proves uniqueness by search and sparser puzzles
/// take far longer to prove; `None` again where removal keeps the puzzle solvable by
/// propagation (from [`PROPAGATION_FROM_SIDE`] up, and for boxes one cell wide from
/// 16x16 up), where 50-55% would sit on the hardness peak of the searches.
///
/// ```
/// use sudoku::{generate::default_givens, Shape};
/// assert_eq!(default_givens(Shape::NINE), None);
/// assert_eq!(default_givens(Shape::new(4, 4)?), Some(128..=140));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn default_givens(shape: Shape) -> Option<RangeInclusive<usize>> {
    let cells = shape.cell_count();
    (shape.side() >= STOP_SHORT_FROM_SIDE && !removal_keeps_propagation(shape))
        .then(|| cells / 2..=cells * 55 / 100)
}

/// Whether default generation removes clues only while propagation solves the puzzle
/// (`Generator::by_propagation`): from side [`PROPAGATION_FROM_SIDE`] up, and from 16x16
/// up for boxes one cell wide (Latin squares). Elsewhere from 16x16 up, removal to 50-55%
/// givens proves uniqueness by search; on these shapes such searches sit on the hardness
/// peak. `--seed 1` to `4`, 20 s limit each, before: `--box 4x8`, `5x7`, `7x5`, `3x11`,
/// `2x17`, `3x10`, `2x15` and `1x24` ran out of time on some or all seeds (`1x23`: 1.5 s
/// to over 10 s; `1x22` up to 4.8 s); now each takes under 0.1 s with 45-57% givens.
fn removal_keeps_propagation(shape: Shape) -> bool {
    let side = shape.side();
    side >= PROPAGATION_FROM_SIDE
        || (side >= STOP_SHORT_FROM_SIDE && shape.box_rows().min(shape.box_cols()) == 1)
}

/// SplitMix64's finaliser: a fast, well-mixed hash of a 64-bit value.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_depend_on_index_and_seed() {
        let a = Generator::new(Shape::NINE).seed(1);
        let b = Generator::new(Shape::NINE).seed(2);
        assert_ne!(a.puzzle_seed(0), a.puzzle_seed(1));
        assert_ne!(a.puzzle_seed(0), b.puzzle_seed(0));
    }

    #[test]
    fn forced_cells_need_no_search() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let sol = random_solution(Shape::NINE, &mut rng);
        let mut w = Work::new(Shape::NINE, Stop::never());
        w.start(&sol);
        let c = [Cell::new(40)];
        w.remove(&c);
        assert!(w.forced(c[0]));
        assert!(!w.has_other_solution(&c));
    }

    #[test]
    fn other_solution_test_agrees_with_counting() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        for shape in [Shape::NINE, Shape::new(2, 3).unwrap()] {
            let sol = random_solution(shape, &mut rng);
            let mut w = Work::new(shape, Stop::never());
            w.start(&sol);
            let mut orbits = Symmetry::Rotational180.orbits(shape);
            orbits.shuffle(&mut rng);
            for orbit in &orbits {
                w.remove(orbit);
                let other = w.has_other_solution(orbit);
                let before = w.puzzle();
                assert_eq!(
                    other,
                    solve::count_solutions(&w.puzzle(), 2) >= 2,
                    "{:?}",
                    w.puzzle()
                );
                assert_eq!(w.puzzle(), before);
                if other {
                    w.restore(orbit);
                }
            }
        }
    }

    /// The exact pass after propagation-keeping removal (the path of `--minimal` at 25x25),
    /// run at 16x16 to stay quick in debug builds: every given left is necessary.
    #[test]
    fn exact_pass_after_propagation_leaves_every_given_necessary() {
        let shape = Shape::new(4, 4).unwrap();
        let gen = Generator::new(shape).minimal(true);
        let mut removed_by_search = 0;
        for (seed, symmetry) in
            (0..3).flat_map(|s| [(s, Symmetry::None), (s, Symmetry::Rotational180)])
        {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = random_solution(shape, &mut rng);
            let mut orbits = symmetry.orbits(shape);
            orbits.shuffle(&mut rng);
            let bounds = solve::general::reduce::Bounds {
                min_givens: 0,
                target: 0,
            };
            let kept =
                solve::general::reduce::reduce(&solution, &orbits, bounds, &Stop::never()).unwrap();
            let mut work = Work::new(shape, Stop::never());
            work.start(&solution);
            let mut count = shape.cell_count();
            for (orbit, _) in orbits.iter().zip(&kept).filter(|(_, &k)| !k) {
                work.remove(orbit);
                count -= orbit.len();
            }
            let by_propagation = count;
            let left = orbits.iter().zip(&kept).filter(|(_, &k)| k).map(|(o, _)| o);
            let count = gen
                .exact_minimal(&mut work, &solution, left, count, &Stop::never())
                .unwrap();
            removed_by_search += by_propagation - count;
            let p = work.puzzle();
            assert_eq!(p.given_count(), count);
            assert_eq!(solve::count_solutions(&p, 2), 1, "{p:?}");
            for c in Cell::all(shape).filter(|&c| p.get(c).is_some()) {
                // The orbit of `c` is what removal tried.
                let orbit = orbits.iter().find(|o| o.contains(&c)).unwrap();
                let mut g = p.clone();
                orbit.iter().for_each(|&o| g.set(o, None));
                assert_eq!(
                    solve::count_solutions(&g, 2),
                    2,
                    "{orbit:?} could go in {p:?}"
                );
            }
        }
        // Propagation-minimal is not minimal: the searches had something to remove.
        assert!(removed_by_search > 0);
    }

    #[test]
    fn rejections_are_reported() {
        // Minimal 4x4 puzzles have 4 to 6 givens: 12..=16 is out of reach.
        let gen = Generator::new(Shape::new(2, 2).unwrap())
            .givens(12..=16)
            .minimal(true)
            .max_attempts(5);
        let err = gen.generate(0).unwrap_err();
        assert!(err.to_string().contains("5 attempts"), "{err}");
    }
}
