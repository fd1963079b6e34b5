//! Difficulty ratings, as enthusiasts compute them: Sudoku Explainer's ER/EP/ED and
//! HoDoKu's score and level. Both come from the same step finders ([`crate::logic`]); only
//! the order, the technique set and the arithmetic differ.
//!
//! # Sudoku Explainer (SE)
//! Solve with [`Order::Explainer`] and SE's techniques, taking the first step the producers
//! give each time ([`LogicSolver`] does exactly that). Every step has a difficulty
//! ([`Step::se_rating`]: the technique's rating, or the instance's where a chain's length or
//! a loop's size adds to it). Then
//! - **ER** is the hardest step on the path,
//! - **EP** the hardest up to and including the first step that places a digit,
//! - **ED** the first step's.
//!
//! A puzzle the techniques cannot finish rates 20.0, as in serate.
//!
//! # HoDoKu
//! Solve with [`Order::Hodoku`] and HoDoKu's default techniques. The **score** is the sum of
//! the steps' base scores; the **level** is the hardest technique's, then raised one level
//! while the score is above the level's maximum (800, 1000, 1600, 1800 on 9x9; scaled by
//! the number of cells on other grids, [`Level::max_score_for`]).
//!
//! ```
//! use sudoku::{Grid, rate::{Rater, Preset}, logic::Level};
//! let g = Grid::from_line(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! let rater = Rater::new();
//! let se = rater.rate_se(&g);
//! assert!(se.er <= 2.0 && se.ed <= se.ep && se.ep <= se.er);
//! assert_eq!(Preset::of_er(1.2), Some(Preset::Easy));
//! assert_eq!(Preset::of_er(7.1), Some(Preset::Diabolical));
//! let hd = rater.rate_hodoku(&g);
//! assert_eq!(hd.level, Level::Easy);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Depends on [`crate::logic`] and the grid model.

use crate::grid::{Board, Grid};
use crate::logic::{
    Level, LogicSolver, Order, PathProgress, Position, Problem, SolvePath, Step, Technique,
    TechniqueSet,
};
use crate::stop::Stop;
use serde::Serialize;
use std::time::{Duration, Instant};

/// The rating serate gives a puzzle it cannot solve.
pub const SE_FAILED: f32 = 20.0;

/// The ratings of puzzles the techniques finish: from a full house (1.0) to the longest
/// nested forcing chains (the hardest known puzzles rate 11.9). A target outside them is
/// met by no puzzle.
pub const SE_SCALE: (f32, f32) = (1.0, 12.0);

/// Sudoku Explainer's rating of one puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeRating {
    /// Explainer rating: the hardest step.
    pub er: f32,
    /// Pearl: the hardest step up to the first placement.
    pub ep: f32,
    /// Diamond: the first step.
    pub ed: f32,
    /// The technique of the hardest step (the first one rated `er`).
    pub hardest: Option<Technique>,
    /// The number of steps on the path.
    pub steps: usize,
    /// Whether the path reached the solution. When not, `er` is [`SE_FAILED`] (the
    /// techniques stalled) or a lower bound (the time ran out, see `timed_out`).
    pub solved: bool,
    /// Whether the rating stopped at the time limit.
    pub timed_out: bool,
}

/// HoDoKu's rating of one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HodokuRating {
    /// The level (Easy … Extreme): Extreme when the techniques stall; when the time limit
    /// cut the path short, the level of the steps made (a lower bound).
    pub level: Level,
    /// The sum of the steps' base scores.
    pub score: u32,
    /// The hardest technique used (highest level, then highest base score).
    pub hardest: Option<Technique>,
    /// The number of steps on the path.
    pub steps: usize,
    /// Whether the techniques solved it (HoDoKu rates an unsolved puzzle Extreme).
    pub solved: bool,
    /// Whether the rating stopped at the time limit.
    pub timed_out: bool,
}

/// Sudoku Explainer's difficulty presets (its generator's ranges of ER), which our
/// generator and game use as difficulty names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Preset {
    /// ER 1.0–1.2: hidden singles.
    Easy,
    /// ER 1.3–1.5.
    Medium,
    /// ER 1.6–2.5: direct hints and naked singles.
    Hard,
    /// ER 2.6–6.0: intersections, subsets, fish, wings, uniqueness.
    Fiendish,
    /// ER 6.1 and above: exclusion, chains and forcing chains.
    Diabolical,
}

impl Preset {
    /// Every preset, easiest first.
    pub const ALL: [Preset; 5] = [
        Preset::Easy,
        Preset::Medium,
        Preset::Hard,
        Preset::Fiendish,
        Preset::Diabolical,
    ];

    /// The lowercase name: `easy`, `medium`, `hard`, `fiendish`, `diabolical`.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Easy => "easy",
            Preset::Medium => "medium",
            Preset::Hard => "hard",
            Preset::Fiendish => "fiendish",
            Preset::Diabolical => "diabolical",
        }
    }

    /// Parses a preset's name (any case).
    pub fn from_name(s: &str) -> Option<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
    }

    /// SE's range of ER for the preset, inclusive (Diabolical's upper end is SE's 11.0,
    /// though [`Preset::of_er`] puts anything harder there too).
    pub fn se_range(self) -> (f32, f32) {
        match self {
            Preset::Easy => (1.0, 1.2),
            Preset::Medium => (1.3, 1.5),
            Preset::Hard => (1.6, 2.5),
            Preset::Fiendish => (2.6, 6.0),
            Preset::Diabolical => (6.1, 11.0),
        }
    }

    /// The preset whose range holds `er` (ratings above 11.0 count as diabolical; a failed
    /// rating, [`SE_FAILED`], has none).
    pub fn of_er(er: f32) -> Option<Preset> {
        if er >= SE_FAILED {
            return None;
        }
        // Ratings are multiples of 0.1: compare in tenths to dodge float edges.
        let tenths = (er * 10.0).round() as i32;
        Preset::ALL.into_iter().find(|p| {
            let (lo, hi) = p.se_range();
            let (lo, hi) = ((lo * 10.0).round() as i32, (hi * 10.0).round() as i32);
            tenths >= lo && (tenths <= hi || *p == Preset::Diabolical)
        })
    }
}

impl std::fmt::Display for Preset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Rates puzzles on both scales. Build once, rate many (it is `Sync`).
#[derive(Clone, Debug)]
pub struct Rater {
    se: LogicSolver,
    hodoku: LogicSolver,
    max_time: Option<Duration>,
    side_by_side: bool,
}

impl Default for Rater {
    fn default() -> Self {
        Rater::new()
    }
}

impl Rater {
    /// SE's and HoDoKu's default technique sets, no time limit.
    pub fn new() -> Rater {
        Rater {
            se: LogicSolver::builder()
                .order(Order::Explainer)
                .techniques(Rater::se_techniques())
                .backtracking(false)
                .build(),
            hodoku: LogicSolver::builder()
                .order(Order::Hodoku)
                .techniques(TechniqueSet::hodoku_defaults())
                .build(),
            max_time: None,
            side_by_side: false,
        }
    }

    /// The techniques the SE rating uses: every technique SE rates, plus the ones only
    /// Sukaku Explainer has ([`Technique::sukaku_only`] in the catalogue: its one-digit
    /// "Turbot" family, three strong links, WXYZ- and VWXYZ-Wing), no brute force.
    /// Today's reference ratings come from Sukaku Explainer, and its extra techniques
    /// change the path (and so ER) of many puzzles.
    pub fn se_techniques() -> TechniqueSet {
        let mut set = TechniqueSet::explainer_defaults();
        set.remove(Technique::BruteForce);
        for &t in Technique::ALL.iter().filter(|t| t.sukaku_only()) {
            set.insert(t);
        }
        set
    }

    /// Stops each rating after `limit` (checked between steps; a rating cut short is
    /// marked `timed_out`).
    pub fn max_time(mut self, limit: Option<Duration>) -> Rater {
        self.max_time = limit;
        self
    }

    /// Rates the two scales on two threads even without a time limit (they always are
    /// under one): for a lone puzzle with a core to spare, where one scale's path can
    /// take minutes and the other need not wait for it. A batch is better served by a
    /// puzzle a core.
    pub fn side_by_side(mut self, yes: bool) -> Rater {
        self.side_by_side = yes;
        self
    }

    /// The same rater, each scale's path reporting to its own progress as it goes (see
    /// [`LogicSolver::with_progress`]): a face shows it while a long rating runs.
    pub fn with_progress(mut self, se: PathProgress, hodoku: PathProgress) -> Rater {
        self.se = self.se.with_progress(se);
        self.hodoku = self.hodoku.with_progress(hodoku);
        self
    }

    /// Uses `solver` for the SE scale instead of the default (for experiments with other
    /// technique sets; its order should be [`Order::Explainer`]).
    pub fn with_se_solver(mut self, solver: LogicSolver) -> Rater {
        self.se = solver;
        self
    }

    fn deadline(&self) -> Option<Instant> {
        self.max_time.map(|d| Instant::now() + d)
    }

    /// SE's ER/EP/ED of `grid`.
    pub fn rate_se(&self, grid: &Grid) -> SeRating {
        self.rate_se_board(Board::new(grid))
    }

    /// SE's ER/EP/ED from a board as it is (pencil marks included).
    pub fn rate_se_board(&self, board: Board) -> SeRating {
        self.rate_se_board_until(board, self.deadline())
    }

    /// [`Rater::rate_se_board`] with an explicit deadline (instead of the rater's
    /// `max_time` from now): one deadline can then bound both scales and a solve.
    pub fn rate_se_board_until(&self, board: Board, deadline: Option<Instant>) -> SeRating {
        let path = self.se.solve_board_until(board, deadline);
        se_rating_of(&path)
    }

    /// [`Rater::rate_hodoku_board`] with an explicit deadline.
    pub fn rate_hodoku_board_until(&self, board: Board, deadline: Option<Instant>) -> HodokuRating {
        let path = self.hodoku.solve_board_until(board, deadline);
        hodoku_rating_of(&path)
    }

    /// HoDoKu's level and score of `grid`.
    pub fn rate_hodoku(&self, grid: &Grid) -> HodokuRating {
        self.rate_hodoku_board(Board::new(grid))
    }

    /// HoDoKu's level and score from a board as it is.
    pub fn rate_hodoku_board(&self, board: Board) -> HodokuRating {
        let path = self.hodoku.solve_board_until(board, self.deadline());
        hodoku_rating_of(&path)
    }
}

/// Which scales to rate on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Scales {
    /// Sudoku Explainer's ER/EP/ED only.
    Se,
    /// HoDoKu's level and score only.
    Hodoku,
    /// Both.
    #[default]
    Both,
}

impl Scales {
    /// Whether the SE scale is asked for.
    pub fn se(self) -> bool {
        self != Scales::Hodoku
    }
    /// Whether HoDoKu's scale is asked for.
    pub fn hodoku(self) -> bool {
        self != Scales::Se
    }
}

/// The ratings of one position on the scales asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// SE's, when asked for.
    pub se: Option<SeRating>,
    /// HoDoKu's, when asked for.
    pub hodoku: Option<HodokuRating>,
}

impl Rating {
    /// Whether every scale rated the puzzle to the end (solved, in time).
    pub fn is_complete(&self) -> bool {
        !(self.se.is_some_and(|r| !r.solved || r.timed_out)
            || self.hodoku.is_some_and(|r| !r.solved || r.timed_out))
    }
    /// Whether a scale stopped at the time limit.
    pub fn timed_out(&self) -> bool {
        self.se.is_some_and(|r| r.timed_out) || self.hodoku.is_some_and(|r| r.timed_out)
    }
    /// The record the faces send (what `rate --json` writes besides the puzzle).
    pub fn record(&self) -> RatingRecord {
        let mut solved = true;
        let mut timed_out = false;
        let se = self.se.map(|r| {
            solved &= r.solved && r.er < SE_FAILED;
            timed_out |= r.timed_out;
            SeRecord {
                er: round1(r.er),
                ep: round1(r.ep),
                ed: round1(r.ed),
                preset: Preset::of_er(r.er).map(Preset::name),
                hardest: r.hardest.map(|t| t.name()),
            }
        });
        let hodoku = self.hodoku.map(|r| {
            solved &= r.solved;
            timed_out |= r.timed_out;
            HodokuRecord {
                level: r.level.name(),
                score: r.score,
                hodoku_hardest: r.hardest.map(|t| t.name()),
            }
        });
        RatingRecord {
            se,
            hodoku,
            solved,
            timed_out,
        }
    }
}

/// One decimal, as the scale is printed (avoids 7.099999 in JSON).
fn round1(x: f32) -> f64 {
    (f64::from(x) * 10.0).round() / 10.0
}

/// A rating as the faces send it: `er`, `ep`, `ed`, `preset`, `hardest` (SE's), `level`,
/// `score`, `hodoku_hardest` (HoDoKu's; the fields of a scale not asked for are left out),
/// `solved` and `timed_out`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingRecord {
    /// SE's fields.
    #[serde(flatten)]
    pub se: Option<SeRecord>,
    /// HoDoKu's fields.
    #[serde(flatten)]
    pub hodoku: Option<HodokuRecord>,
    /// Whether every scale asked for solved the puzzle.
    pub solved: bool,
    /// Whether a scale stopped at the time limit.
    pub timed_out: bool,
}

/// SE's part of a [`RatingRecord`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeRecord {
    /// ER, one decimal.
    pub er: f64,
    /// EP, one decimal.
    pub ep: f64,
    /// ED, one decimal.
    pub ed: f64,
    /// The [`Preset`] ER falls in, by name.
    pub preset: Option<&'static str>,
    /// The hardest technique's name.
    pub hardest: Option<&'static str>,
}

/// HoDoKu's part of a [`RatingRecord`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HodokuRecord {
    /// The level's name.
    pub level: &'static str,
    /// The score.
    pub score: u32,
    /// The hardest technique's name.
    pub hodoku_hardest: Option<&'static str>,
}

impl Rater {
    /// Rates `position` on `scales`, all of it (the uniqueness check and each scale)
    /// bounded by `stop`: the ratings, or what is wrong with the puzzle (no single
    /// solution, or no answer in time).
    ///
    /// ```
    /// use sudoku::{format, logic::Position, rate::{Rater, Scales}, Stop};
    /// let p = format::Puzzle::new(format::parse_line(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?);
    /// let r = Rater::new().rate_position(&Position::from_puzzle(&p), Scales::Both, &Stop::never())?;
    /// let rec = r.record();
    /// assert!(rec.solved && rec.se.ok_or("no SE rating")?.er <= 2.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rate_position(
        &self,
        position: &Position,
        scales: Scales,
        stop: &Stop,
    ) -> Result<Rating, Problem> {
        // The puzzle's rating, not the play's: a game in progress is rated from its givens.
        let (grid, marks) = position.grid().unplayed(position.marks());
        let outcome =
            crate::solve::solve_until(&grid, marks, stop).map_err(|_| Problem::timeout())?;
        if let Some(problem) = Problem::of(&outcome, position.notation()) {
            return Err(problem);
        }
        let unplayed;
        let position = if position.grid().has_placed() {
            unplayed = Position::new(&grid, None);
            &unplayed
        } else {
            position
        };
        Ok(self.rate_unique_board(position.board(), scales, stop))
    }

    /// Rates `board`, whose puzzle is known to have one solution (a caller that solved
    /// it already, as the printer does for its answer keys), on `scales`, bounded by
    /// `stop`.
    pub fn rate_unique_board(&self, board: &Board, scales: Scales, stop: &Stop) -> Rating {
        let se = || se_rating_of(&self.se.solve_board_stopping(board.clone(), stop));
        let hodoku = || hodoku_rating_of(&self.hodoku.solve_board_stopping(board.clone(), stop));
        // Both scales under a time limit: side by side, so that each has all of it (one
        // after the other, a limit that cut SE's path short would leave HoDoKu's none);
        // without one, when asked.
        // The stop's deadline, flags and interrupts end both.
        if scales.se() && scales.hodoku() && (self.side_by_side || stop.deadline().is_some()) {
            return std::thread::scope(|scope| {
                let se = scope.spawn(se);
                let hodoku = hodoku();
                let se = se.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
                Rating {
                    se: Some(se),
                    hodoku: Some(hodoku),
                }
            });
        }
        Rating {
            se: scales.se().then(se),
            hodoku: scales.hodoku().then(hodoku),
        }
    }
}

/// SE's ER/EP/ED of a path solved in [`Order::Explainer`] (steps SE does not rate count
/// as 0).
pub fn se_rating_of(path: &SolvePath) -> SeRating {
    let rate = |s: &Step| s.se_rating().unwrap_or(0.0);
    let mut er = 0.0f32;
    let mut hardest = None;
    let mut ep = None;
    for s in &path.steps {
        let r = rate(s);
        if r > er || hardest.is_none() {
            er = er.max(r);
            hardest = Some(s.technique);
        }
        if ep.is_none() && !s.placements.is_empty() {
            ep = Some(er);
        }
    }
    let ed = path.steps.first().map_or(0.0, rate);
    let stalled = !path.solved && !path.timed_out;
    if stalled {
        er = SE_FAILED;
    }
    SeRating {
        er,
        ep: ep.unwrap_or(er),
        ed,
        hardest,
        steps: path.steps.len(),
        solved: path.solved,
        timed_out: path.timed_out,
    }
}

/// HoDoKu's level and score of a path solved in [`Order::Hodoku`].
pub fn hodoku_rating_of(path: &SolvePath) -> HodokuRating {
    let mut level = Level::Easy;
    let mut hardest: Option<(Level, u32, Technique)> = None;
    for s in &path.steps {
        if let Some(h) = s.technique.hodoku() {
            level = level.max(h.level);
            let key = (h.level, h.base_score, s.technique);
            if hardest.is_none_or(|(l, b, _)| (h.level, h.base_score) > (l, b)) {
                hardest = Some(key);
            }
        }
    }
    let score = path.hodoku_score();
    // Stalled: the techniques ran out, as HoDoKu's do on its extreme puzzles. Cut short by
    // the time limit: nothing is known past the steps made, which give a lower bound.
    if !path.solved && !path.timed_out {
        level = Level::Extreme;
    }
    HodokuRating {
        level: raised(level, score, path.board.shape()),
        score,
        hardest: hardest.map(|(_, _, t)| t),
        steps: path.steps.len(),
        solved: path.solved,
        timed_out: path.timed_out,
    }
}

/// `level` raised one level while `score` is above the level's maximum on `shape`
/// (HoDoKu's rule).
fn raised(mut level: Level, score: u32, shape: crate::Shape) -> Level {
    while score > level.max_score_for(shape) {
        match level.next() {
            Some(next) => level = next,
            None => break,
        }
    }
    level
}

/// What a puzzle must rate to be kept: the generator's difficulty target. Every part is
/// optional; an empty target accepts everything.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Target {
    /// HoDoKu's level, with HoDoKu's generator rule: above Easy, the score must also reach
    /// the previous level's maximum (so a "Hard" puzzle is not an Easy one with one X-Wing).
    pub level: Option<Level>,
    /// Sudoku Explainer's ER, inclusive (multiples of 0.1).
    pub se: Option<(f32, f32)>,
    /// Techniques the HoDoKu-order path must use (added to HoDoKu's set when it lacks
    /// them).
    pub require: Vec<Technique>,
}

impl Target {
    /// Whether the target asks for nothing.
    pub fn is_empty(&self) -> bool {
        self.level.is_none() && self.se.is_none() && self.require.is_empty()
    }
}

/// Decides whether puzzles meet a [`Target`], stopping each rating as soon as the puzzle is
/// known to be too hard (as HoDoKu's generator does).
#[derive(Clone, Debug)]
pub struct TargetRater {
    target: Target,
    se: LogicSolver,
    hodoku: LogicSolver,
}

impl TargetRater {
    /// A rater for `target`.
    pub fn new(target: Target) -> TargetRater {
        let mut set = TechniqueSet::hodoku_defaults();
        for &t in &target.require {
            set.insert(t);
        }
        // Techniques above the level asked for can only make a puzzle too hard. Those that
        // come after every technique kept (by HoDoKu's index) are left out: when the kept
        // ones stall, the puzzle is too hard, and the path is the one HoDoKu would take.
        // That spares the chains and forcing chains on most rejected puzzles.
        if let Some(cap) = target.level {
            let index = |t: Technique| t.hodoku().map_or(u32::MAX, |h| h.index);
            let level = |t: Technique| t.hodoku().map_or(Level::Extreme, |h| h.level);
            let last_kept = set
                .iter()
                .filter(|&t| level(t) <= cap && t != Technique::BruteForce)
                .map(index)
                .max()
                .unwrap_or(0);
            for t in set.iter().collect::<Vec<_>>() {
                if level(t) > cap && index(t) > last_kept && !target.require.contains(&t) {
                    set.remove(t);
                }
            }
        }
        // Likewise SE's exclusion and chaining techniques, which come after all the others
        // in SE's order, when the range ends below them.
        let mut se_set = Rater::se_techniques();
        if let Some((_, hi)) = target.se {
            // The exclusion and chaining techniques rate from Aligned Pair Exclusion's base.
            let late = Technique::AlignedPairExclusion
                .se_rating()
                .expect("SE rates aligned pair exclusion");
            for t in se_set.iter().collect::<Vec<_>>() {
                if t.se_rating().is_some_and(|r| r >= late && r > hi + 0.01) {
                    se_set.remove(t);
                }
            }
        }
        TargetRater {
            se: LogicSolver::builder()
                .order(Order::Explainer)
                .techniques(se_set)
                .backtracking(false)
                .build(),
            hodoku: LogicSolver::builder()
                .order(Order::Hodoku)
                .techniques(set)
                .build(),
            target,
        }
    }

    /// The target.
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// HoDoKu's level (raised by the score) and score of `grid`'s path, and the techniques
    /// it used; `None` when the path stalls, or needs brute force the target does not
    /// require, or gets too hard for the target's level (a technique above it, or a score
    /// beyond its maximum: the walk stops there, as HoDoKu's generator does). Without
    /// required techniques, Easy and Medium paths (singles and basic techniques only) are
    /// walked without making their steps ([`LogicSolver::walk_basic`]).
    fn hodoku_tally(&self, grid: &Grid) -> Option<(Level, u32, TechniqueSet)> {
        let (cap, require) = (self.target.level, &self.target.require);
        let shape = grid.shape();
        let (mut level, mut score, mut used) = (Level::Easy, 0u32, TechniqueSet::default());
        let mut tally = |technique: Technique, n: u32| {
            used.insert(technique);
            if let Some(h) = technique.hodoku() {
                level = level.max(h.level);
                score += n * h.base_score;
            }
            cap.is_none_or(|c| level <= c && score <= c.max_score_for(shape))
        };
        let board = Board::new(grid);
        // The fast walk reports full houses as naked singles: only without requirements.
        let fast = match require.is_empty() {
            true => self.hodoku.walk_basic(&board, &mut tally),
            false => None,
        };
        let solved = match fast {
            Some(solved) => solved,
            None => walk(&self.hodoku, board, |s| !tally(s.technique, 1)).is_some_and(|path| {
                path.solved && (!path.used_backtracking || require.contains(&Technique::BruteForce))
            }),
        };
        solved.then(|| (raised(level, score, shape), score, used))
    }

    /// Whether `grid` meets the target.
    pub fn accepts(&self, grid: &Grid) -> bool {
        let t = &self.target;
        if t.level.is_some() || !t.require.is_empty() {
            let Some((level, score, used)) = self.hodoku_tally(grid) else {
                return false;
            };
            if let Some(want) = t.level {
                if level != want || score < self.score_floor(grid.shape()) {
                    return false;
                }
            }
            if !t.require.iter().all(|&need| used.contains(need)) {
                return false;
            }
        }
        t.se.is_none_or(|range| self.se_verdict(grid, range) == Verdict::Fits)
    }

    /// Where `grid`'s SE rating stands against the range `(lo, hi)`: the walk stops at the
    /// first step rated above `hi` (too hard, as is a path the techniques can't finish).
    fn se_verdict(&self, grid: &Grid, (lo, hi): (f32, f32)) -> Verdict {
        let hi_tenths = (hi * 10.0).round() as i32;
        let Some(path) = walk(&self.se, Board::new(grid), |s| {
            ((s.se_rating().unwrap_or(0.0) * 10.0).round() as i32) > hi_tenths
        }) else {
            return Verdict::TooHard;
        };
        let r = se_rating_of(&path);
        if !r.solved {
            Verdict::TooHard
        } else if (r.er * 10.0).round() < (lo * 10.0).round() {
            Verdict::TooEasy
        } else {
            Verdict::Fits
        }
    }
}

fn previous(l: Level) -> Level {
    match l {
        Level::Easy | Level::Medium => Level::Easy,
        Level::Hard => Level::Medium,
        Level::Unfair => Level::Hard,
        Level::Extreme => Level::Unfair,
    }
}

/// Solves step by step like [`LogicSolver::solve_board`], but gives up (`None`) as soon as
/// `too_hard` says so of a step, or when the techniques stall.
fn walk(
    solver: &LogicSolver,
    board: Board,
    too_hard: impl FnMut(&Step) -> bool,
) -> Option<SolvePath> {
    let mut too_hard = too_hard;
    let (path, stopped) = solver.solve_board_while(board, None, |s| !too_hard(s));
    (!stopped && path.board.is_solved()).then_some(path)
}

/// Where a puzzle stands against a [`Target`]'s level: what guides the generator's clue
/// removal ([`crate::generate::Generator::difficulty`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Below the level, or under its score floor, or (with SE or required techniques in the
    /// target too) at the level but not meeting the rest: fewer givens may get there.
    TooEasy,
    /// Meets the whole target ([`TargetRater::accepts`] says yes).
    Fits,
    /// Above the level: a technique or the score beyond it, or unsolved by the techniques.
    TooHard,
}

impl TargetRater {
    /// Whether `grid` is too easy for the target, fits it, or is too hard. `Fits` exactly when
    /// [`TargetRater::accepts`] is `true`. A target with neither a level nor an SE range
    /// (required techniques alone) has no direction: what it does not accept is `TooEasy`.
    pub fn verdict(&self, grid: &Grid) -> Verdict {
        self.verdict_scored(grid).0
    }

    /// [`TargetRater::verdict`], and HoDoKu's score of the puzzle when its path was walked
    /// to the end (`None` when too hard, or when the target has no level). The generator
    /// climbs this score towards a level's floor.
    pub fn verdict_scored(&self, grid: &Grid) -> (Verdict, Option<u32>) {
        let t = &self.target;
        let Some(want) = t.level else {
            // An SE range alone has a direction too.
            if let (Some(range), true) = (t.se, t.require.is_empty()) {
                return (self.se_verdict(grid, range), None);
            }
            return match self.accepts(grid) {
                true => (Verdict::Fits, None),
                false => (Verdict::TooEasy, None),
            };
        };
        let Some((level, score, _)) = self.hodoku_tally(grid) else {
            return (Verdict::TooHard, None);
        };
        let verdict = if level > want {
            Verdict::TooHard
        } else if level < want || score < self.score_floor(grid.shape()) {
            Verdict::TooEasy
        } else if t.se.is_none() && t.require.is_empty() || self.accepts(grid) {
            Verdict::Fits
        } else {
            Verdict::TooEasy
        };
        (verdict, Some(score))
    }

    /// The least HoDoKu score the target's level accepts on a grid of `shape` (HoDoKu's
    /// generator rule: the previous level's maximum; 0 for Easy or no level).
    pub fn score_floor(&self, shape: crate::Shape) -> u32 {
        match self.target.level {
            None | Some(Level::Easy) => 0,
            Some(l) => previous(l).max_score_for(shape),
        }
    }
}

#[cfg(test)]
mod record_tests {
    use super::*;
    use crate::format::{parse_line, Puzzle};

    fn position(line: &str) -> Position {
        Position::from_puzzle(&Puzzle::new(parse_line(line).unwrap()))
    }

    #[test]
    fn a_rating_record_holds_the_scales_asked_for() {
        let pos = position(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let rater = Rater::new();
        let both = rater
            .rate_position(&pos, Scales::Both, &Stop::never())
            .unwrap();
        let se = rater.rate_se_board(pos.board().clone());
        let hd = rater.rate_hodoku_board(pos.board().clone());
        assert_eq!(both.se, Some(se));
        assert_eq!(both.hodoku, Some(hd));
        assert!(both.is_complete() && !both.timed_out());
        let v = serde_json::to_value(both.record()).unwrap();
        assert_eq!(v["er"], round1(se.er));
        assert_eq!(v["score"], hd.score);
        assert_eq!(v["solved"], true);
        let only_se = rater
            .rate_position(&pos, Scales::Se, &Stop::never())
            .unwrap();
        let v = serde_json::to_value(only_se.record()).unwrap();
        assert!(v.get("er").is_some() && v.get("score").is_none() && v.get("level").is_none());
    }

    #[test]
    fn a_puzzle_without_one_solution_is_not_rated() {
        let p = Rater::new()
            .rate_position(&position(&".".repeat(81)), Scales::Both, &Stop::never())
            .unwrap_err();
        assert_eq!(p.status, "multiple");
    }
}
