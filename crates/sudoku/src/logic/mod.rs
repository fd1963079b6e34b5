//! Human-style solving: techniques a person uses, each step explained.
//!
//! # The model
//! - [`Technique`] names every technique the toolkit knows (implemented or not yet), with
//!   its [`Family`], HoDoKu level/score/order and Sudoku Explainer rating.
//! - A [`Step`] is data: the technique, the placements, the eliminations, and the
//!   [`Evidence`] (one variant per family) from which [`Step::text`], [`Step::explain`] and
//!   [`Step::hint`] are generated.
//! - A [`Context`] caches what finders share about one position (digit positions per
//!   house, placed digits, bivalue cells), computed on first use.
//! - Each family lives in its own file with a [`Finder`]:
//!   `fn find(ctx: &Context, technique: Technique, sink: &mut Sink) -> ControlFlow<()>`.
//!   It searches for steps of one technique of its family and hands each to the sink until
//!   the sink breaks. Finders never change the board.
//! - [`LogicSolver`] runs the finders in an [`Order`] and applies steps through
//!   [`Board::place`] and [`Board::eliminate`].
//!
//! # Adding a family
//! Write `logic/<family>.rs` with `pub(crate) const TECHNIQUES: &[Technique]` (the
//! techniques it implements) and `pub(crate) fn find` (a [`Finder`]); add `mod <family>;`
//! below and one line to the registry (`logic/registry.rs`). The order, the CLI's
//! `--techniques` and the tests pick it up from there. Its steps use the family's
//! [`Evidence`] variant; refine the variant and its text in `step.rs` if it needs more.
//!
//! # Orders
//! - [`Order::Hodoku`]: HoDoKu's solver order: enabled techniques by ascending HoDoKu index
//!   (e.g. Locked Pair 1000 < Locked Candidates 1200 < Naked Pair 1300 < … < X-Wing 2200 <
//!   … < Uniqueness 3500 < Finned X-Wing 4100). Techniques HoDoKu lacks get an index of
//!   ours beside their nearest kin (see [`HodokuInfo::index_is_ours`]).
//! - [`Order::Explainer`]: Sudoku Explainer's producer order: Full House and Hidden Single,
//!   Direct Pointing/Claiming, Direct Hidden Pair, Naked Single, Direct Hidden Triple,
//!   Pointing/Claiming, Naked Pair, X-Wing, Hidden Pair, Naked Triple, Swordfish, Hidden
//!   Triple, XY-Wing, XYZ-Wing, Unique Rectangles and Loops, Naked Quad, Jellyfish, Hidden Quad, BUG (types 1
//!   to 4),
//!   Aligned Pair Exclusion, then the chains and forcing chains. Sukaku Explainer's
//!   one-digit patterns (Skyscraper … Empty Rectangle) come after Hidden Triple and its
//!   WXYZ-Wing after Hidden Quad, when enabled. Other techniques SE does not have (finned
//!   fish, …), when enabled, come after Aligned Pair Exclusion and before the chains, in
//!   HoDoKu order. In this order the chain techniques stand for SE's chaining producers
//!   (`se_chains`): X-Chain, XY-Chain, the nice loops and AIC for "Forcing Chains &
//!   Cycles", then Nishio, Cell/Region (multiple), Dynamic, Dynamic (+) and nested forcing
//!   chains (levels 2 to 5, the first level with a step wins); each producer runs once per
//!   position and gives its cheapest step (SE's difficulty with the length bonus in
//!   [`Step::se_difficulty`]).
//!
//! In both orders the first step found is taken, and [`Technique::BruteForce`] (when in the
//! set) is always tried last, whatever the order says.
//!
//! ```
//! use sudoku::{Grid, logic::LogicSolver};
//! let g = Grid::from_line(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! let path = LogicSolver::new().solve(&g);
//! assert!(path.solved && !path.used_backtracking);
//! assert!(path.steps[0].text(g.shape()).contains("Single"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Depends on the grid model; only `last_resort` calls [`crate::solve`].

mod als;
mod basic9;
mod cellbits;
mod chains;
mod coloring;
mod context;
mod explain;
mod fish;
mod forcing;
mod geometry;
mod hints;
mod intersections;
mod last_resort;
mod misc;
mod position;
mod progress;
mod propagation;
mod record;
mod registry;
mod se_chains;
mod single_digit;
mod singles;
mod singles_any;
mod step;
mod subsets;
mod technique;
mod uniqueness;
mod wings;

pub use crate::symbols::Notation;
pub use chains::{chain_length, MAX_LINKS};
pub use context::Context;
pub use explain::{eliminations_text, eureka, mistake_text, placements_text};
pub use hints::{GradedHint, Hint, HintKind, FACE_EXTRA_TECHNIQUES};
pub use position::{unique_solution, Mistake, MistakeKind, MistakeRecord, Position, Problem};
pub use progress::PathProgress;
pub use record::{
    step_links, triples, DrawRecord, HouseRecord, LinkRecord, NodeRecord, PathRecord, Role,
    StepRecord, Triple,
};
pub use registry::{Finder, Sink};
pub use step::{
    AlsSet, Evidence, FishEvidence, HintLevel, InnerChain, KrakenEvidence, KrakenType, Link,
    MedusaRule, Node, Step,
};
pub use technique::{
    ExplainerInfo, ExplainerProducer, Family, HodokuInfo, Level, Pick, Technique, TechniqueInfo,
    TechniqueSet,
};

use crate::grid::{Board, Grid};
use crate::index::Cell;
use std::ops::ControlFlow;

/// The order in which the solver tries techniques (the first step found is taken).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// HoDoKu's order (by its step index).
    #[default]
    Hodoku,
    /// Sudoku Explainer's producer order.
    Explainer,
}

impl Order {
    /// `hodoku` or `explainer`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Hodoku => "hodoku",
            Order::Explainer => "explainer",
        }
    }
    /// Parses `hodoku` / `explainer` (also `se`).
    pub fn from_name(s: &str) -> Option<Order> {
        match s.to_ascii_lowercase().as_str() {
            "hodoku" => Some(Order::Hodoku),
            "explainer" | "se" => Some(Order::Explainer),
            _ => None,
        }
    }
    /// The default technique set of this order: HoDoKu's defaults, or SE's techniques.
    pub fn default_techniques(self) -> TechniqueSet {
        match self {
            Order::Hodoku => TechniqueSet::hodoku_defaults(),
            Order::Explainer => TechniqueSet::explainer_defaults(),
        }
    }

    /// How this order picks among the steps of `t` (the catalogue's pick rule for the
    /// order; [`Pick::First`] where it has none).
    pub fn pick(self, t: Technique) -> Pick {
        match self {
            Order::Hodoku => t.hodoku().map_or(Pick::First, |h| h.pick),
            Order::Explainer => t.explainer().map_or(Pick::First, |e| e.pick),
        }
    }

    /// The SE chaining producer that runs for `t` in this order instead of its finder
    /// (only in the Explainer order, from the catalogue).
    pub fn producer(self, t: Technique) -> Option<ExplainerProducer> {
        match self {
            Order::Hodoku => None,
            Order::Explainer => t.explainer().and_then(|e| e.producer),
        }
    }

    /// The sort key of `t` in this order (smaller first).
    fn rank(self, t: Technique) -> (u32, u64) {
        let declared = t as u64;
        match self {
            Order::Hodoku => (hodoku_rank(t), declared),
            // SE's producers by their rank in the catalogue, the techniques SE lacks (in
            // HoDoKu's order) after the direct and indirect ones, the chaining last.
            Order::Explainer => match t.explainer() {
                Some(e) if !e.chaining => (u32::from(e.rank), 0),
                Some(e) => (EXPLAINER_CHAINING + u32::from(e.rank), 0),
                None => (
                    EXPLAINER_CHAINING - 1,
                    u64::from(hodoku_rank(t)) * 1000 + declared,
                ),
            },
        }
    }
}

/// The length of a step's chain (links), for tie-breaks among chains.
fn step_size(s: &Step) -> usize {
    match &s.evidence {
        Evidence::Chain { links } => links.len(),
        _ => 0,
    }
}

/// Whether HoDoKu finds `a` and `b` in one search and configures them as one step (its
/// nice-loop step covers continuous and discontinuous loops and AICs, and likewise the
/// grouped one), so that its sort picks the best step among all of them.
fn hodoku_same_step(a: Technique, b: Technique) -> bool {
    Order::Hodoku.pick(a) == Pick::Best
        && Order::Hodoku.pick(b) == Pick::Best
        && matches!((a.hodoku(), b.hodoku()), (Some(x), Some(y)) if x.index == y.index)
}

/// How HoDoKu ranks the steps of a chain search (it sorts them and applies the first;
/// smaller is better): the most candidates removed, a placement counting as the removal of
/// its cell's other candidates (which is how HoDoKu writes it); then, between steps that
/// remove different candidates, the smaller weighted sum of the removed candidates, sorted
/// by digit and cell (HoDoKu's fixed, arbitrary tie-break); then the shorter chain.
fn hodoku_chain_rank(ctx: &Context<'_>, s: &Step) -> (std::cmp::Reverse<usize>, u64, usize) {
    let mut removed: Vec<(usize, usize)> = s
        .eliminations
        .iter()
        .map(|c| (c.digit.get(), c.cell.index()))
        .collect();
    for p in &s.placements {
        let others = ctx.candidates(p.cell).iter().filter(|&d| d != p.digit);
        removed.extend(others.map(|d| (d.get(), p.cell.index())));
    }
    removed.sort_unstable();
    let sum = removed
        .iter()
        .enumerate()
        .fold(0u64, |sum, (k, &(digit, cell))| {
            let weight = 1 + 80 * k as u64;
            sum.wrapping_add((cell as u64).wrapping_mul(weight))
                .wrapping_add(digit as u64)
        });
    (std::cmp::Reverse(removed.len()), sum, step_size(s))
}

/// HoDoKu's index, or our place for the techniques HoDoKu lacks (from the catalogue).
fn hodoku_rank(t: Technique) -> u32 {
    if t == Technique::BruteForce {
        return u32::MAX;
    }
    match t.hodoku() {
        Some(h) => h.index,
        None => t.info().hodoku_place.unwrap_or(9000),
    }
}

/// Where the Explainer order puts SE's chaining producers: past every rank (`u8`) of the
/// others and the techniques SE lacks.
const EXPLAINER_CHAINING: u32 = 1 << 9;

/// The human-style solver: a technique set and an order. Build it with
/// [`LogicSolver::builder`], or [`LogicSolver::new`] for HoDoKu's defaults.
#[derive(Clone, Debug)]
pub struct LogicSolver {
    techniques: TechniqueSet,
    order: Order,
    /// The implemented techniques of the set, in order, brute force last.
    sequence: Vec<Technique>,
    /// How many leading techniques of `sequence` have a fast 9x9 finder
    /// ([`basic9`]) that stands in for the general one on 9x9 boards.
    fast_prefix: usize,
    /// How many leading techniques of `sequence` are singles, which
    /// [`singles_any`] keeps up to date on boards of other shapes.
    singles_prefix: usize,
    /// Threads a step's search may run at once ([`LogicSolver::with_threads`]).
    threads: usize,
    /// Where each path reports its steps ([`LogicSolver::with_progress`]).
    progress: Option<PathProgress>,
}

/// Builder for [`LogicSolver`].
#[derive(Clone, Debug, Default)]
pub struct LogicSolverBuilder {
    techniques: Option<TechniqueSet>,
    order: Order,
    backtracking: Option<bool>,
}

impl LogicSolverBuilder {
    /// The order (default HoDoKu). Without [`Self::techniques`], the order's default set
    /// is used.
    pub fn order(mut self, order: Order) -> Self {
        self.order = order;
        self
    }
    /// The technique set.
    pub fn techniques(mut self, set: TechniqueSet) -> Self {
        self.techniques = Some(set);
        self
    }
    /// Whether brute force may end the path when the techniques stall (adds or removes
    /// [`Technique::BruteForce`]). By default it is in both orders' sets.
    pub fn backtracking(mut self, on: bool) -> Self {
        self.backtracking = Some(on);
        self
    }
    /// The solver.
    pub fn build(self) -> LogicSolver {
        let mut set = self
            .techniques
            .unwrap_or_else(|| self.order.default_techniques());
        match self.backtracking {
            Some(true) => set.insert(Technique::BruteForce),
            Some(false) => set.remove(Technique::BruteForce),
            None => {}
        }
        let mut sequence: Vec<Technique> = set.iter().filter(|t| t.is_implemented()).collect();
        sequence.sort_by_key(|&t| (t == Technique::BruteForce, self.order.rank(t)));
        // The fast finders give the first step only: they stand in where the driver takes
        // the first step found (not where it compares several, or runs SE's producers).
        let leading = |fast: &[Technique]| {
            sequence
                .iter()
                .take_while(|&&t| {
                    fast.contains(&t)
                        && self.order.pick(t) == Pick::First
                        && self.order.producer(t).is_none()
                })
                .count()
        };
        let fast_prefix = leading(basic9::BASIC);
        let singles_prefix = leading(&basic9::SINGLES);
        LogicSolver {
            techniques: set,
            order: self.order,
            sequence,
            fast_prefix,
            singles_prefix,
            threads: 1,
            progress: None,
        }
    }
}

impl Default for LogicSolver {
    fn default() -> Self {
        LogicSolver::new()
    }
}

/// The path a solve took.
#[derive(Clone, Debug)]
pub struct SolvePath {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Whether the grid was completed (and is a valid solution).
    pub solved: bool,
    /// Whether any step is [`Technique::BruteForce`].
    pub used_backtracking: bool,
    /// The board where the path ended.
    pub board: Board,
    /// Whether the path stopped at a deadline ([`LogicSolver::solve_board_until`]).
    pub timed_out: bool,
}

impl SolvePath {
    /// HoDoKu's score: the sum of the base scores of the steps' techniques.
    pub fn hodoku_score(&self) -> u32 {
        self.steps
            .iter()
            .filter_map(|s| s.technique.hodoku())
            .map(|h| h.base_score)
            .sum()
    }
    /// The hardest SE rating on the path (Explainer's ER, without chain length bonuses),
    /// over the steps SE rates.
    pub fn max_se_rating(&self) -> Option<f32> {
        self.steps
            .iter()
            .filter_map(Step::se_rating)
            .fold(None, |m, r| Some(m.map_or(r, |m: f32| m.max(r))))
    }
}

impl LogicSolver {
    /// HoDoKu's order and default techniques.
    pub fn new() -> LogicSolver {
        LogicSolver::builder().build()
    }
    /// A builder.
    pub fn builder() -> LogicSolverBuilder {
        LogicSolverBuilder::default()
    }
    /// The same solver, a step's search allowed `threads` threads at once (at least one;
    /// by default one). The steps are the same whatever the number: only the nested
    /// forcing chains' sweep on grids past 9x9 runs its premises on several, where a hard
    /// 36x36 spends most of its path.
    pub fn with_threads(mut self, threads: usize) -> LogicSolver {
        self.threads = threads.max(1);
        self
    }
    /// The same solver, each path reporting to `progress` as it goes (steps taken, cells
    /// left): a face shows it while a long path runs. The steps are the same.
    pub fn with_progress(mut self, progress: PathProgress) -> LogicSolver {
        self.progress = Some(progress);
        self
    }
    /// The technique set (including techniques without a finder yet).
    pub fn techniques(&self) -> TechniqueSet {
        self.techniques
    }
    /// The order.
    pub fn order(&self) -> Order {
        self.order
    }
    /// The implemented techniques that will be tried, in order.
    pub fn sequence(&self) -> &[Technique] {
        &self.sequence
    }

    /// The next step: the first step of the first technique (in order) that has one.
    pub fn next_step(&self, board: &Board) -> Option<Step> {
        self.next_step_with(board, &se_chains::Search::new(crate::Stop::never()))
    }

    /// [`Self::next_step`] within `search` (the SE producers' state along a path).
    fn next_step_with(&self, board: &Board, search: &se_chains::Search) -> Option<Step> {
        let mut skip = 0;
        if self.fast_prefix > 0 {
            if let Some(fast) = basic9::Basic9::new(board) {
                let lead = &self.sequence[..self.fast_prefix];
                if let Some(step) = lead.iter().find_map(|&t| fast.find(t)) {
                    return Some(step);
                }
                skip = self.fast_prefix;
            }
        }
        let ctx = Context::new(board)
            .with_missing_candidates(self.order == Order::Hodoku)
            .with_se_search(search)
            .with_threads(self.threads);
        self.next_step_in(&ctx, skip).map(|(step, _)| step)
    }

    /// The next step from the techniques of the sequence after the first `skip`, and the
    /// index in the sequence of the technique (or run of chain techniques) that found it:
    /// every technique before it found nothing.
    fn next_step_in(&self, ctx: &Context<'_>, skip: usize) -> Option<(Step, usize)> {
        let mut found = None;
        let mut i = skip;
        let mut at = skip;
        while i < self.sequence.len() {
            at = i;
            // A finder cut short at the deadline leaves the rest unrun: the step would not
            // be taken anyway.
            if ctx.past_deadline() {
                return None;
            }
            let t = self.sequence[i];
            i += 1;
            if self.order.pick(t) == Pick::Cheapest {
                // Sukaku Explainer's own producers sort their hints: the cheapest first,
                // then the one removing the most candidates.
                let _ = self.find(ctx, t, &mut |step| {
                    let key = |s: &Step| {
                        (
                            s.se_rating().unwrap_or(0.0),
                            usize::MAX - s.eliminations.len(),
                        )
                    };
                    if found
                        .as_ref()
                        .is_none_or(|best: &Step| key(&step) < key(best))
                    {
                        found = Some(step);
                    }
                    ControlFlow::Continue(())
                });
                if found.is_some() {
                    break;
                }
                continue;
            }
            if self.order.pick(t) == Pick::Best {
                // HoDoKu gathers every chain of its step (the nice loops and AICs together:
                // they follow one another in the sequence) and applies the best one.
                let mut run = vec![t];
                while i < self.sequence.len() && hodoku_same_step(t, self.sequence[i]) {
                    run.push(self.sequence[i]);
                    i += 1;
                }
                let mut best_rank = None;
                for u in run {
                    let _ = self.find(ctx, u, &mut |step| {
                        let rank = hodoku_chain_rank(ctx, &step);
                        if best_rank.as_ref().is_none_or(|best| rank < *best) {
                            best_rank = Some(rank);
                            found = Some(step);
                        }
                        ControlFlow::Continue(())
                    });
                }
                if found.is_some() {
                    break;
                }
                continue;
            }
            let _ = self.find(ctx, t, &mut |step| {
                found = Some(step);
                ControlFlow::Break(())
            });
            if found.is_some() {
                break;
            }
        }
        found.map(|step| (step, at))
    }

    /// Runs the finder the registry names for `t` in this order (in the Explainer order,
    /// SE's chaining producer for the chaining techniques).
    fn find(&self, ctx: &Context<'_>, t: Technique, sink: &mut Sink<'_>) -> ControlFlow<()> {
        let find =
            registry::finder_in(self.order, t).expect("sequence holds implemented techniques");
        find(ctx, t, sink)
    }

    /// Every step available now, of every technique of the set, in order (brute force
    /// excluded). Several may overlap.
    pub fn all_steps(&self, board: &Board) -> Vec<Step> {
        let ctx = Context::new(board).with_missing_candidates(self.order == Order::Hodoku);
        let mut out = Vec::new();
        for &t in self
            .sequence
            .iter()
            .filter(|&&t| t != Technique::BruteForce)
        {
            let _ = self.find(&ctx, t, &mut |step| {
                out.push(step);
                ControlFlow::Continue(())
            });
        }
        out
    }

    /// Walks the path from `board` like [`Self::solve_board_while`], without making the
    /// steps: `keep(technique, n)` sees the techniques of the steps (`n` at a time for runs
    /// of naked singles and full houses, reported as naked singles) and stops the walk when
    /// it says no. Gives whether the grid got solved, or `None` when the fast walk does not
    /// apply: a 9x9 board, HoDoKu's order, and a sequence of the singles (all three)
    /// followed by other techniques with a fast finder only. This is the rater's shortcut
    /// for targets of level Easy and Medium, whose paths are almost all singles.
    pub(crate) fn walk_basic(
        &self,
        board: &Board,
        keep: &mut dyn FnMut(Technique, u32) -> bool,
    ) -> Option<bool> {
        let fits = self.order == Order::Hodoku
            && self.fast_prefix == self.sequence.len()
            && self.sequence.starts_with(&basic9::SINGLES);
        if !fits {
            return None;
        }
        let fast = basic9::Basic9::new(board)?;
        Some(fast.walk(&self.sequence, keep))
    }

    /// Solves `grid` step by step from its rule-given candidates.
    pub fn solve(&self, grid: &Grid) -> SolvePath {
        self.solve_board(Board::new(grid))
    }

    /// Solves from `board` as it is (a player's pencil marks, say). The path stops when the
    /// grid is full or no technique of the set applies.
    pub fn solve_board(&self, board: Board) -> SolvePath {
        self.solve_board_until(board, None)
    }

    /// Like [`Self::solve_board`], but stops between steps once `deadline` has passed
    /// ([`SolvePath::timed_out`]). Only the nested forcing chains of the Explainer order,
    /// which can take seconds for one step, watch it inside a step (and then give none).
    pub fn solve_board_until(
        &self,
        board: Board,
        deadline: Option<std::time::Instant>,
    ) -> SolvePath {
        self.solve_board_while(board, deadline, |_| true).0
    }

    /// Like [`Self::solve_board_until`], stopping once `stop` is reached (its deadline,
    /// a cancel flag, an interrupt): the finders that watch a deadline watch all of it,
    /// and Brute Force's search too.
    pub fn solve_board_stopping(&self, board: Board, stop: &crate::Stop) -> SolvePath {
        self.solve_path(board, stop, |_| true).0
    }

    /// Like [`Self::solve_board_until`], showing each step to `keep` before it is applied:
    /// the path stops, without that step, as soon as `keep` says no (the `bool` returned
    /// says whether it did). The rater stops this way once a puzzle is known too hard.
    pub fn solve_board_while(
        &self,
        board: Board,
        deadline: Option<std::time::Instant>,
        keep: impl FnMut(&Step) -> bool,
    ) -> (SolvePath, bool) {
        let stop = deadline.map_or_else(crate::Stop::never, crate::Stop::at);
        self.solve_path(board, &stop, keep)
    }

    /// The path of [`Self::solve_board_while`]; one SE search state serves its steps.
    fn solve_path(
        &self,
        mut board: Board,
        stop: &crate::Stop,
        mut keep: impl FnMut(&Step) -> bool,
    ) -> (SolvePath, bool) {
        let search = se_chains::Search::new(stop.clone());
        let mut steps = Vec::new();
        let (mut timed_out, mut stopped) = (false, false);
        // The masks of the fast finders, kept up to date step by step; the board lags
        // behind them (`stale`) while only fast steps are taken, and is brought up to
        // date when a general finder needs it, and at the end. `singles_any` keeps a
        // board of its own, which general finders read instead: then `board` is brought
        // up to date only at the end (a copy costs the whole board).
        let mut fast = Fast::new(self, &board);
        let mut stale = false;
        // By technique, the step after which it last found nothing ([`context::Changes`]).
        let mut quiet_since: Vec<Option<u32>> = vec![None; Technique::ALL.len()];
        // Every productive step removes at least one candidate; this bounds a buggy loop.
        let limit = board.shape().cell_count() * board.shape().side() + 1;
        if let Some(p) = &self.progress {
            p.start(board.grid().values().iter().filter(|&&v| v == 0).count());
        }
        while steps.len() < limit {
            if fast
                .as_ref()
                .map_or_else(|| board.is_solved(), |(f, _)| f.is_solved())
            {
                break;
            }
            if stop.reached() {
                timed_out = true;
                break;
            }
            let next = match &fast {
                Some((f, prefix)) => {
                    let lead = &self.sequence[..*prefix];
                    match lead.iter().find_map(|&t| f.find(t)) {
                        Some(step) => Some((step, true)),
                        None => {
                            let current = match f.board() {
                                Some(kept) => kept,
                                None => {
                                    if stale {
                                        f.write_to(&mut board);
                                        stale = false;
                                    }
                                    &board
                                }
                            };
                            let mut ctx = Context::new(current)
                                .with_missing_candidates(self.order == Order::Hodoku)
                                .with_se_search(&search)
                                .with_threads(self.threads);
                            if let Some(kept) = f.tables() {
                                ctx = ctx.with_tables(kept);
                            }
                            let changes = f.changes();
                            if let Some((_, changed)) = changes {
                                ctx = ctx.with_changes(context::Changes {
                                    changed,
                                    quiet_since: &quiet_since,
                                });
                            }
                            let next = self.next_step_in(&ctx, *prefix);
                            drop(ctx);
                            if let (Some((_, at)), Some((applied, ..))) = (&next, changes) {
                                for &t in &self.sequence[*prefix..*at] {
                                    quiet_since[t as usize] = Some(applied);
                                }
                            }
                            next.map(|(s, _)| (s, false))
                        }
                    }
                }
                None => self.next_step_with(&board, &search).map(|s| (s, false)),
            };
            // Past the deadline, a step found may be one a cut-short search let through
            // (Brute Force after the nested chains gave up): it is not taken.
            if stop.reached() {
                timed_out = true;
                break;
            }
            let Some((step, from_fast)) = next else {
                break;
            };
            if !keep(&step) {
                stopped = true;
                break;
            }
            let keeps_board = fast.as_ref().is_some_and(|(f, _)| f.board().is_some());
            if from_fast || keeps_board {
                stale = true;
            } else if !apply(&mut board, &step) {
                debug_assert!(false, "step changed nothing: {step:?}");
                break;
            }
            if let Some((f, _)) = &mut fast {
                if !f.apply(&step) && keeps_board {
                    debug_assert!(false, "step changed nothing: {step:?}");
                    break;
                }
            }
            if let Some(p) = &self.progress {
                p.step(step.technique, step.placements.len());
            }
            steps.push(step);
        }
        if let Some(p) = &self.progress {
            p.finish();
        }
        if let (true, Some((f, _))) = (stale, &fast) {
            f.write_to(&mut board);
        }
        let used_backtracking = steps.iter().any(|s| s.technique == Technique::BruteForce);
        let solved = board.is_solved() && board.grid().is_solution();
        let path = SolvePath {
            steps,
            solved,
            used_backtracking,
            board,
            timed_out,
        };
        (path, stopped)
    }
}

/// The driver's fast finders for the leading techniques of its sequence: the basic set on
/// 9x9 ([`basic9`]), the singles on every other shape ([`singles_any`]).
enum Fast {
    Nine(Box<basic9::Basic9>),
    Any(Box<singles_any::SinglesAny>),
}

impl Fast {
    /// The fast finders of `board` and how many leading techniques of the solver's
    /// sequence they serve, or `None` when they serve none.
    fn new(solver: &LogicSolver, board: &Board) -> Option<(Fast, usize)> {
        if board.shape().is_nine() {
            let prefix = solver.fast_prefix;
            (prefix > 0)
                .then(|| basic9::Basic9::new(board))
                .flatten()
                .map(|f| (Fast::Nine(Box::new(f)), prefix))
        } else {
            let prefix = solver.singles_prefix;
            (prefix > 0)
                .then(|| singles_any::SinglesAny::new(board))
                .flatten()
                .map(|f| (Fast::Any(Box::new(f)), prefix))
        }
    }

    fn find(&self, t: Technique) -> Option<Step> {
        match self {
            Fast::Nine(f) => f.find(t),
            Fast::Any(f) => f.find(t),
        }
    }

    /// Applies `step`; false when it changed nothing (known where the board is kept).
    fn apply(&mut self, step: &Step) -> bool {
        match self {
            Fast::Nine(f) => {
                f.apply(step);
                true
            }
            Fast::Any(f) => f.apply(step),
        }
    }

    fn is_solved(&self) -> bool {
        match self {
            Fast::Nine(f) => f.is_solved(),
            Fast::Any(f) => f.is_solved(),
        }
    }

    fn write_to(&self, board: &mut Board) {
        match self {
            Fast::Nine(f) => f.write_to(board),
            Fast::Any(f) => f.write_to(board),
        }
    }

    /// Steps applied and where candidates last changed, where kept.
    fn changes(&self) -> Option<(u32, context::Changed<'_>)> {
        match self {
            Fast::Nine(_) => None,
            Fast::Any(f) => Some(f.changes()),
        }
    }

    /// The current board, where it is kept whole.
    fn board(&self) -> Option<&Board> {
        match self {
            Fast::Nine(_) => None,
            Fast::Any(f) => Some(f.board()),
        }
    }

    /// The board's tables a context borrows, where they are kept up to date.
    fn tables(&self) -> Option<context::Kept<'_>> {
        match self {
            Fast::Nine(_) => None,
            Fast::Any(f) => Some(f.tables()),
        }
    }
}

/// Applies `step` to `board` through [`Board::place`] and [`Board::eliminate`]; returns
/// whether anything changed.
pub fn apply(board: &mut Board, step: &Step) -> bool {
    apply_changes(board, &step.placements, &step.eliminations)
}

/// Places `placements` (in cells still empty) and removes `eliminations` from `board`;
/// returns whether anything changed. For faces that hold a step's outcome without the
/// step (a hint shown earlier, a record sent back).
pub fn apply_changes(
    board: &mut Board,
    placements: &[crate::index::Candidate],
    eliminations: &[crate::index::Candidate],
) -> bool {
    let mut changed = false;
    for p in placements {
        if board.value(p.cell).is_none() {
            board.place(p.cell, p.digit);
            changed = true;
        }
    }
    for e in eliminations {
        changed |= board.eliminate(e.cell, e.digit);
    }
    changed
}

/// Checks `step` against the known `solution` of the position `board`: every placement is
/// the solution's digit, and every elimination removes a candidate that is there and is not
/// the solution's. The error says which and how. This is how the tests and benchmarks hold
/// every technique to the rule that it never removes a true candidate.
///
/// ```
/// use sudoku::logic::{check_step, LogicSolver};
/// use sudoku::{Board, Grid};
/// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let grid = Grid::from_line(line)?;
/// let solution = sudoku::solve::solution(&grid).ok_or("no solution")?;
/// let board = Board::new(&grid);
/// let step = LogicSolver::new().next_step(&board).ok_or("no step")?;
/// assert_eq!(check_step(&board, &step, &solution), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_step(board: &Board, step: &Step, solution: &Grid) -> Result<(), String> {
    let shape = board.shape();
    let name = |c: Cell| c.name(shape).to_string();
    for p in &step.placements {
        if solution.get(p.cell) != Some(p.digit) {
            return Err(format!(
                "{}: places {} in {}, not the solution's digit",
                step.text(shape),
                p.digit,
                name(p.cell)
            ));
        }
    }
    for e in &step.eliminations {
        if !board.has(e.cell, e.digit) {
            return Err(format!(
                "{}: removes {} from {}, which is not a candidate there",
                step.text(shape),
                e.digit,
                name(e.cell)
            ));
        }
        if solution.get(e.cell) == Some(e.digit) {
            return Err(format!(
                "{}: removes {} from {}, the solution's digit",
                step.text(shape),
                e.digit,
                name(e.cell)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Explainer order and the HoDoKu fallback places as they were kept by hand
    /// before the catalogue held them (frozen here to check the derived orders).
    const EXPLAINER_BY_HAND: &[Technique] = {
        use Technique::*;
        &[
            FullHouse,
            HiddenSingle,
            DirectPointing,
            DirectClaiming,
            DirectHiddenPair,
            NakedSingle,
            DirectHiddenTriple,
            LockedCandidatesPointing,
            LockedCandidatesClaiming,
            NakedPair,
            XWing,
            HiddenPair,
            NakedTriple,
            Swordfish,
            HiddenTriple,
            Skyscraper,
            TwoStringKite,
            TurbotFish,
            EmptyRectangle,
            XyWing,
            XyzWing,
            UniqueRectangle1,
            UniqueRectangle2,
            UniqueRectangle3,
            UniqueRectangle4,
            UniqueRectangle5,
            UniqueRectangle6,
            UniqueLoop1,
            UniqueLoop2,
            UniqueLoop3,
            UniqueLoop4,
            NakedQuad,
            Jellyfish,
            HiddenQuad,
            ThreeStrongLinks,
            WxyzWing,
            BugPlusOne,
            BugType2,
            BugType3,
            BugType4,
            VwxyzWing,
            AlignedPairExclusion,
            XChain,
            XyChain,
            ContinuousNiceLoop,
            DiscontinuousNiceLoop,
            Aic,
            AlignedTripleExclusion,
            Nishio,
            MultipleForcingChain,
            DynamicForcingChain,
            DynamicForcingChainPlus,
            NestedForcingChain,
        ]
    };
    const INDIRECT_END_BY_HAND: usize = 42;

    fn hodoku_rank_by_hand(t: Technique) -> u32 {
        use Technique::*;
        if t == BruteForce {
            return u32::MAX;
        }
        match t.hodoku() {
            Some(h) => h.index,
            None => match t {
                WxyzWing => 3450,
                VwxyzWing => 3460,
                AlignedPairExclusion => 5310,
                AlignedTripleExclusion => 5320,
                Nishio => 8480,
                MultipleForcingChain => 8490,
                DynamicForcingChain => 8610,
                DynamicForcingChainPlus => 8620,
                NestedForcingChain => 8630,
                _ => 9000,
            },
        }
    }

    fn rank_by_hand(order: Order, t: Technique) -> (u32, u64) {
        let declared = t as u64;
        match order {
            Order::Hodoku => (hodoku_rank_by_hand(t), declared),
            Order::Explainer => match EXPLAINER_BY_HAND.iter().position(|&x| x == t) {
                Some(i) if i < INDIRECT_END_BY_HAND => (i as u32, 0),
                Some(i) => (INDIRECT_END_BY_HAND as u32 + 1 + i as u32, 0),
                None => (
                    INDIRECT_END_BY_HAND as u32,
                    u64::from(hodoku_rank_by_hand(t)) * 1000 + declared,
                ),
            },
        }
    }

    #[test]
    fn orders_derived_from_the_catalogue_equal_the_hand_kept_ones() {
        for order in [Order::Hodoku, Order::Explainer] {
            let sorted = |key: &dyn Fn(Technique) -> (u32, u64)| {
                let mut v = Technique::ALL.to_vec();
                v.sort_by_key(|&t| (t == Technique::BruteForce, key(t)));
                v
            };
            let derived = sorted(&|t| order.rank(t));
            let by_hand = sorted(&|t| rank_by_hand(order, t));
            assert_eq!(derived, by_hand, "{order:?}");
            for set in [TechniqueSet::all(), order.default_techniques()] {
                let solver = LogicSolver::builder().order(order).techniques(set).build();
                let expected: Vec<Technique> = by_hand
                    .iter()
                    .copied()
                    .filter(|&t| set.contains(t) && t.is_implemented())
                    .collect();
                assert_eq!(solver.sequence(), expected.as_slice(), "{order:?}");
            }
        }
        // The catalogue's SE producers are exactly the hand list, chaining from X-Chain on.
        let mut listed: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|t| t.explainer().is_some())
            .collect();
        listed.sort_by_key(|t| t.explainer().unwrap().rank);
        assert_eq!(listed, EXPLAINER_BY_HAND);
        for (i, t) in EXPLAINER_BY_HAND.iter().enumerate() {
            assert_eq!(
                t.explainer().unwrap().chaining,
                i >= INDIRECT_END_BY_HAND,
                "{t:?}"
            );
        }
        use Technique::*;
        let sukaku: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|t| t.sukaku_only())
            .collect();
        let mut expected = vec![
            Skyscraper,
            TwoStringKite,
            TurbotFish,
            EmptyRectangle,
            WxyzWing,
            VwxyzWing,
            ThreeStrongLinks,
        ];
        expected.sort();
        assert_eq!(sukaku, expected);
    }

    /// The pick rules and SE producers of the catalogue keep to the techniques they fit,
    /// so the driver can follow them without special cases.
    #[test]
    fn pick_rules_and_producers_fit_their_techniques() {
        let explainer: Vec<Technique> = {
            let mut v: Vec<Technique> = Technique::ALL
                .iter()
                .copied()
                .filter(|t| t.explainer().is_some())
                .collect();
            v.sort_by_key(|&t| Order::Explainer.rank(t));
            v
        };
        for &t in Technique::ALL {
            if let Some(h) = t.hodoku() {
                // HoDoKu sorts the steps of its chain finders only.
                assert_ne!(h.pick, Pick::Cheapest, "{t:?}");
                if h.pick == Pick::Best {
                    assert_eq!(t.family(), Family::Chains, "{t:?}");
                    // What HoDoKu finds in one search (one index) is picked from together.
                    for &u in Technique::ALL {
                        if u.hodoku().is_some_and(|x| x.index == h.index) {
                            assert_eq!(Order::Hodoku.pick(u), Pick::Best, "{t:?} {u:?}");
                        }
                    }
                }
            }
            let Some(e) = t.explainer() else {
                assert_eq!(Order::Explainer.pick(t), Pick::First, "{t:?}");
                assert_eq!(Order::Explainer.producer(t), None, "{t:?}");
                continue;
            };
            assert_ne!(e.pick, Pick::Best, "{t:?}");
            if e.pick == Pick::Cheapest {
                // Only Sukaku Explainer's own producers sort their hints.
                assert!(e.sukaku_only && !e.chaining, "{t:?}");
            }
            if let Some(p) = e.producer {
                // A producer stands for chaining techniques SE rates, and gives its
                // cheapest step itself.
                assert!(e.chaining && e.pick == Pick::First, "{t:?}");
                assert!(t.se_rating().is_some(), "{t:?}");
                assert_eq!(Order::Hodoku.producer(t), None, "{t:?}");
                assert_eq!(Order::Explainer.producer(t), Some(p), "{t:?}");
            }
        }
        // Every producer stands for at least one technique, and its techniques follow one
        // another in the Explainer order (it runs once, at the first of them).
        for &p in ExplainerProducer::ALL {
            let at: Vec<usize> = (0..explainer.len())
                .filter(|&i| explainer[i].explainer().unwrap().producer == Some(p))
                .collect();
            assert!(!at.is_empty(), "{p:?} stands for no technique");
            assert_eq!(at.last().unwrap() - at[0] + 1, at.len(), "{p:?}");
        }
        // The fast finders stand only where the first step found is taken.
        for order in [Order::Hodoku, Order::Explainer] {
            for &t in basic9::BASIC {
                assert_eq!(order.pick(t), Pick::First, "{order:?} {t:?}");
                assert_eq!(order.producer(t), None, "{order:?} {t:?}");
            }
        }
    }

    #[test]
    fn check_step_catches_a_wrong_placement_and_a_true_candidate_removed() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = Grid::from_line(line).unwrap();
        let solution = crate::solve::solution(&grid).unwrap();
        let board = Board::new(&grid);
        let good = LogicSolver::new().next_step(&board).unwrap();
        assert_eq!(check_step(&board, &good, &solution), Ok(()));
        // r1c2 (empty) with its own digit removed, and with another digit placed.
        let cell = Cell::new(1);
        let digit = solution.get(cell).unwrap();
        let mut removes_truth = good.clone();
        removes_truth.eliminations = vec![crate::index::Candidate::new(cell, digit)];
        let err = check_step(&board, &removes_truth, &solution).unwrap_err();
        assert!(err.contains("the solution's digit"), "{err}");
        let other = crate::index::Digit::all(grid.shape())
            .find(|&d| d != digit)
            .unwrap();
        let mut places_wrong = good.clone();
        places_wrong.placements = vec![crate::index::Candidate::new(cell, other)];
        let err = check_step(&board, &places_wrong, &solution).unwrap_err();
        assert!(err.contains("not the solution's digit"), "{err}");
    }

    type Steps = Vec<Step>;

    /// The `steps` steps after the first `from` of `solver`'s path through `grid`, as the
    /// driver takes them (its kept tables and records of what changed) and as fresh
    /// contexts find them one by one.
    fn driven_and_fresh(
        solver: &LogicSolver,
        grid: &Grid,
        from: usize,
        steps: usize,
    ) -> Result<(Steps, Steps), Box<dyn std::error::Error>> {
        let upto = |board: Board, steps: usize| {
            let mut taken = 0;
            solver
                .solve_board_while(board, None, |_| {
                    taken += 1;
                    taken <= steps
                })
                .0
        };
        let start = upto(Board::new(grid), from).board;
        let driven = upto(start.clone(), steps).steps;
        let mut board = start;
        let mut fresh = Vec::new();
        while fresh.len() < steps {
            let step = solver.next_step(&board).ok_or("the path stalls")?;
            assert!(apply(&mut board, &step));
            fresh.push(step);
        }
        Ok((driven, fresh))
    }

    /// The boards of `solver`'s path through `grid`, from the start, `steps` steps on
    /// (the logic's unit tests walk it).
    pub(crate) fn path_boards(
        solver: &LogicSolver,
        grid: &Grid,
        steps: usize,
    ) -> Result<Vec<Board>, Box<dyn std::error::Error>> {
        let mut path = vec![Board::new(grid)];
        while path.len() <= steps {
            let mut board = path[path.len() - 1].clone();
            let step = solver.next_step(&board).ok_or("the path stalls")?;
            assert!(apply(&mut board, &step));
            path.push(board);
        }
        Ok(path)
    }

    /// The first puzzle of `testdata/large/<name>` (the logic's unit tests share it).
    pub(crate) fn large_testdata(name: &str) -> Result<Grid, Box<dyn std::error::Error>> {
        let path = format!("{}/../../testdata/large/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path)?;
        let record = crate::format::Reader::new(text.as_bytes(), &path, Default::default())
            .next()
            .ok_or("no record")??;
        Ok(record.grid)
    }

    /// The driver borrows the tables `singles_any` keeps and skips the digits quiet for a
    /// technique ([`context::Changes`]): its path is step for step the one fresh contexts
    /// give, in both orders, on a 25x25 whose path needs locked candidates and their
    /// direct forms.
    #[test]
    fn kept_tables_and_quiet_digits_change_no_step() -> Result<(), Box<dyn std::error::Error>> {
        let grid = large_testdata("rkkautsar-sudoku-25-1.txt")?;
        let mut intersections = 0;
        for order in [Order::Hodoku, Order::Explainer] {
            let solver = LogicSolver::builder().order(order).build();
            let driven = solver.solve(&grid).steps;
            let mut board = Board::new(&grid);
            let mut fresh = Vec::new();
            while let Some(step) = solver.next_step(&board) {
                assert!(apply(&mut board, &step));
                fresh.push(step);
            }
            assert!(board.is_solved(), "{order:?}");
            assert_eq!(driven, fresh, "{order:?}");
            intersections += driven
                .iter()
                .filter(|s| {
                    matches!(s.evidence, step::Evidence::Direct { .. })
                        || matches!(s.evidence, step::Evidence::Intersection { .. })
                })
                .count();
        }
        assert!(intersections > 20, "{intersections} intersection steps");
        Ok(())
    }

    /// The same for the single-digit techniques of HoDoKu's order (fish, kites,
    /// skyscrapers, turbot fish, empty rectangles), which skip quiet digits too: from the
    /// board a 100x100's path reaches at step 925, the next 12 (nine of them fish and
    /// kites), driven and fresh.
    #[test]
    fn quiet_digits_change_no_fish_step() -> Result<(), Box<dyn std::error::Error>> {
        let grid = large_testdata("rkkautsar-sudoku-100-1.txt")?;
        let (driven, fresh) = driven_and_fresh(&LogicSolver::new(), &grid, 925, 12)?;
        assert_eq!(driven, fresh);
        let single_digit = driven
            .iter()
            .filter(|s| {
                matches!(
                    s.technique.family(),
                    technique::Family::Fish | technique::Family::SingleDigitPatterns
                )
            })
            .count();
        assert!(single_digit >= 7, "{single_digit} single-digit steps");
        Ok(())
    }

    /// The same for aligned exclusion, which skips the base groups that have not changed
    /// since it last found nothing ([`context::Context::cells_changed`]): on a minimal
    /// 16x16, the board SE's path reaches at step 30, then the next 12 steps (two aligned
    /// triple exclusions among them, the second after a run without a result), driven and
    /// fresh.
    #[test]
    fn unchanged_groups_change_no_exclusion_step() -> Result<(), Box<dyn std::error::Error>> {
        let grid = large_testdata("minimal-16-11-6.txt")?;
        let solver = LogicSolver::builder().order(Order::Explainer).build();
        let (driven, fresh) = driven_and_fresh(&solver, &grid, 30, 12)?;
        assert_eq!(driven, fresh);
        let exclusions = driven
            .iter()
            .filter(|s| s.technique == Technique::AlignedTripleExclusion)
            .count();
        assert_eq!(exclusions, 2);
        Ok(())
    }

    #[test]
    fn orders_put_brute_force_last() {
        for order in [Order::Hodoku, Order::Explainer] {
            let s = LogicSolver::builder()
                .order(order)
                .techniques(TechniqueSet::all())
                .build();
            assert_eq!(s.sequence().last(), Some(&Technique::BruteForce));
        }
        let se = LogicSolver::builder().order(Order::Explainer).build();
        assert_eq!(
            &se.sequence()[..3],
            &[
                Technique::FullHouse,
                Technique::HiddenSingle,
                Technique::DirectPointing
            ]
        );
        let pos = |t| se.sequence().iter().position(|&x| x == t).unwrap();
        assert!(pos(Technique::NakedPair) < pos(Technique::XWing));
        assert!(pos(Technique::XWing) < pos(Technique::HiddenPair));
        let hd = LogicSolver::new();
        let pos = |t| hd.sequence().iter().position(|&x| x == t).unwrap();
        assert!(pos(Technique::LockedPair) < pos(Technique::LockedCandidatesPointing));
        assert!(pos(Technique::Jellyfish) < pos(Technique::FinnedXWing));
        assert!(!hd.sequence().contains(&Technique::FrankenXWing));
    }
}
