//! The second engine: clause learning (CaDiCaL, or batsat on loose states) on the problem
//! our propagation leaves.
//!
//! Where depth-first search keeps failing (see [`Tuning::sat_after`](super::Tuning)), the
//! state at the root (after singles, locked candidates and failed-literal probing) is
//! handed to a CDCL SAT solver: one variable per candidate of an empty cell, and exactly
//! one per empty cell and per open house-digit. Placed cells and candidates already ruled
//! out never reach it, which keeps the encoding small (64x64-1: ~6k variables). Counting
//! goes on incrementally: each solution found is blocked by one clause over its cells and
//! the solver asked again, keeping what it learned.
//!
//! # batsat for loose states (issue 22)
//!
//! On the loose states (28% of the digits or more still open per cell: random-holed
//! grids at 30% givens) MiniSat-style search beat CaDiCaL. `batsat` 0.6 (MIT, MiniSat's
//! design in pure Rust: seconds to build, clauses added between calls, a stop callback)
//! takes those states up to [`BATSAT_UP_TO`], with geometric restarts instead of Luby's
//! ([`batsat_options`]: that cut its time by a third to a half). All the work is the
//! first solution; the uniqueness call takes a hundredth of it. batsat gets each group's
//! at-least-one as a clause and its at-most-one as a theory ([`super::amo`]): as pairs,
//! loading them took longer than its search. The theory hands back as clauses the pairs
//! conflict analysis runs through, so that minimisation can look through them.
//!
//! MiniSat itself (`rustsat-minisat`, which needs cmake and libclang to build) searches
//! exactly as batsat does on the same CNF (the same conflicts, to the unit) and took
//! 33.8 s over 36 of them (49x49, both on MiniSat's defaults) where three runs of batsat
//! took 29.8–37.1 s. Through PySAT, which numbers one unused variable first, its path
//! changes, which on small samples looked like a factor of two. It was not worth the
//! build.
//!
//! # The back end: `cadical-sys`, CaDiCaL 2.1.3 with `chrono=0` (issue 22)
//!
//! Until 2026-12-04 the `cadical` crate (CaDiCaL 1.9.5), which sets only CaDiCaL's four
//! named configurations. `cadical-sys` 0.7 (MIT; CaDiCaL's C++ built through `cxx`, a C++
//! compiler and no libclang) sets single options too, and on top of the `sat`
//! configuration `chrono=0` (`cadical.rs`) was the one of ten that stood out (below).
//! It was first dropped because CaDiCaL 2.1.3's *defaults*, which the tightest states
//! then ran, lost the rkkautsar 64x64-1 file, and because it lost on 64x64 at 30% givens;
//! since then every tight state runs `sat` and loose ones up to 81x81 run batsat, so it
//! was measured again (Stop 61, `scripts/giant_bench.py --no-sat --before`, the same
//! instances for both builds in one run, CPU seconds summed over the copies answered):
//!
//! | instances | 1.9.5, `sat` | 2.1.3, `sat`, `chrono=0` (kept) |
//! |---|---:|---:|
//! | rkkautsar 64x64-1 and seven copies, 40 s | 7 answered, 108.3 s | 7 answered, 84.1 s |
//! | rkkautsar 64x64-2 and seven copies | 2.48 s | 2.25 s |
//! | hard 25x25, 36x36 and `minimal-25-2`, six copies each | 7.39 s | 7.11 s |
//! | structure-free 36x36 at 42%, three grids and a copy each, 20 s | 1.33 s | 0.84 s |
//! | the same at 46% | 19.9 s | 21.8 s |
//! | structure-free 49x49 at 42% | 45.3 s, 1 time-out | 35.4 s |
//! | the same at 46% | 18.5 s, 1 time-out | 24.6 s |
//!
//! The files alone: 64x64-1 5.69 → 4.22 s, 64x64-2 0.31 → 0.22 s. CaDiCaL's defaults (the
//! race's partner) are 2.1.3's too, which on the 64x64-2 copies take 1.9.5's path.
//! Its `connect_terminator` keeps a raw pointer to the callback without tying their
//! lifetimes, so `cadical.rs` connects one for each call.
//!
//! # Other back ends compared (issue 22)
//!
//! (batsat on tight states lost too: 36x36 at 42%, three time-outs of eight at 10 s where
//! CaDiCaL had none.)
//!
//! Run on the CNFs this module hands over (dumped with `sat-dump`), each run a solve and
//! the uniqueness call with the solution blocked, CPU seconds summed over isomorphic
//! copies (`scripts/giant_bench.py --copies`), 10 s of CPU a run:
//!
//! | back end | hard 25x25 (17) | hard 36x36 (8) | 36x36 at 42% (9) | 49x49 at 30% (9) |
//! |---|---:|---:|---:|---:|
//! | `cadical` 0.1.16 (CaDiCaL 1.9.5), `sat` (this module until Stop 61) | 4.26 | 2.04 | 17.6 | 14.1 |
//! | `cadical-sys` 0.7 (CaDiCaL 2.1.3), `sat` | 4.30 | 2.15 | 17.4 | 14.2 |
//! | `cadical-sys`, `sat` and the single option `chrono=0` (kept since Stop 61) | 4.26 | 1.56 | 4.3 against 9.4 (5) | 7.1 |
//! | `rustsat-cadical` 0.7 (CaDiCaL 2.2.1), `sat` | 4.10 | 3.01 | 12.4 | 26.6, 1 time-out |
//! | `rustsat-kissat` 0.7 (Kissat 4.0.4), then CaDiCaL 1.9.5 for uniqueness | 8.00 | 4.39 | 38.6 | |
//! | Kissat, then a fresh Kissat with the solution blocked | 9.05 | 5.53 | 37.9, 1 time-out | |
//! | `varisat` 0.2.2 (pure Rust) | 4.98 | 1.97 | 20.8, 3 time-outs | |
//!
//! * **`chrono=0`** (no chronological backtracking; single options need `cadical-sys`,
//!   this crate sets only the four configurations) was the one option of ten that stood
//!   out. It was not kept then (it is now: above): CaDiCaL 2.1.3 on its defaults, which the tight rkkautsar
//!   states then kept, does not answer 64x64-1 as handed over in 10 s (1.9.5:
//!   7.2 s; the file itself: 6.4 s before, a time-out after), and on 64x64 at 30% givens
//!   `chrono=0` answered three of six copies where 1.9.5's `sat` answered five.
//! * **Kissat** is not incremental (a new solver per call: the uniqueness call learns
//!   nothing from the first) and was twice as slow. The `rustsat` back ends also generate
//!   their bindings with `bindgen`, which needs libclang at build time.
//! * **Pure Rust**: `varisat` has no terminate callback for `--max-time` and no release
//!   since 2020; `splr` (MPL-2.0) is not incremental (0.56 s on hard-25-3 against 0.16).
//!
//! # Against CaDiCaL through PySAT (issue 22)
//!
//! The bench's CaDiCaL (`scripts/giant_bench.py`) is 1.9.5 (ours until Stop 61) with its
//! defaults, on an encoding that drops only what the givens rule out and numbers cells in
//! row order.
//! Built with the dev-time feature `sat-dump` and run with `SUDOKU_SAT_DUMP=PATH`,
//! [`Cnf::of`] writes the CNF it builds to `PATH` (and each variable's cell and digit to
//! `PATH.map`), so the two can be run side by side; without the feature the library reads
//! no environment.
//! What that showed (CPU seconds of CaDiCaL alone, summed over isomorphic copies of each
//! puzzle: digits relabelled, rows, columns, bands and stacks shuffled, a transposition at
//! random; 10 s limit):
//!
//! * **The build is not it.** The crate's CaDiCaL and PySAT's take the same time on the
//!   same CNF.
//! * **Neither is our encoding.** On the hard 25x25/36x36 puzzles the bench's encoding, ours
//!   sorted and ours in row order, all on CaDiCaL's defaults, sum to 7.0, 7.1 and 6.7 s over
//!   26 copies. The 20–45% lost on the three 25x25 files was their luck: CaDiCaL's path
//!   changes with any renumbering, often by a factor of two or more.
//! * **CaDiCaL's `sat` configuration** (stable mode only, no focused phases) is what
//!   helped. Same copies, our encoding, default → `sat`: hard 25x25 3.4 → 2.3 s (9
//!   copies), hard 36x36 0.80 → 0.62 (4), random-holed 36x36 at 50% 17.9 → 8.3 (3),
//!   49x49 at 30% 34.8 → 15.6 (15; yet on the bench's own three the median went 1.0 →
//!   2.0 s), 49x49 at 42% 23.3 → 19.0 (3), 36x36 at 42% 8.2 → 8.3 (6). The rkkautsar
//!   64x64 states (the tightest seen: 0.09–0.12 of the side open per cell, every other
//!   one 0.16 or more) lose on the files (64x64-2 0.23 → 0.34 s, 64x64-1 5.1 → 6.8 s),
//!   so until 2026-12-04 they kept the defaults. Over isomorphic copies `sat` wins there
//!   too (40 s limit): of 24 copies of 64x64-1 it answered 21 (402 s) where the defaults
//!   answered 13 (348 s), both with the sort of [`SORTED_FROM`] (in row order, of 16:
//!   12 each); eight copies of 64x64-2 took 2.9 s against 4.3. So every state that is
//!   not batsat's runs `sat`, and the defaults are the portfolio's partner.
//! * **Tried, not kept.** Other options (same copies): `stabilizeint=100` (hard 25x25 as
//!   good as `sat`, 36x36 at 50% worse: 22 s), `target=2`, `phase=0` (36x36 at 50%: three
//!   time-outs); on the original instances only, no copies: the `unsat` configuration
//!   (all eight random-holed instances tried timed out), `plain`, `chrono=0`, `walk=0`,
//!   `lucky=0`, `elim=0`, `forcephase=1` (mixed, none better than `sat` overall). Options
//!   other than the four configurations are not reachable through the `cadical` crate
//!   (see the back ends compared above).
//!   Keeping the all-different filter's eliminations in the CNF: a tie on the hard
//!   puzzles and 36x36 at 42%, worse at 36x36 at 50% (14.3 s against 8.0, one time-out).
//!   One more variable per box-line intersection and digit (true when the digit is in
//!   that segment; exactly one segment per line-digit and box-digit): 8.0 s against 5.6
//!   on the hard copies. Handing over sooner at 25x25 (after 100 failures, as from
//!   36x36): 0.02–0.03 s off the hard 25x25 puzzles, as much added on random-holed 25x25
//!   at 50%; measured again on grids with no structure to fit, about even.
//!   Leaving out the pairs a box's group shares with a line's (a tenth of the clauses, a
//!   tenth of the loading) and counters for batsat's bigger groups: no gain
//!   (`docs/giant-grids.md`).

use super::amo::AtMostOne;
use super::cadical::Cadical;
use super::{Solver, MAXW};
use crate::stop::Stop;
use batsat::SolverInterface;

/// Groups up to this size get pairwise at-most-one clauses; bigger ones a sequential
/// counter (3k clauses and k−1 helper variables instead of k²/2 clauses). Pairwise
/// throughout solved 64x64-2 in 0.24–0.29 s of CPU where a counter from 7 up took 2.8 s;
/// on 64x64-1 a counter from 17 up did not finish in 33 s where pairwise took 24 s. Up to
/// 64 keeps the clause count bounded on 225x225 (a counter past 64 members).
pub(super) const PAIRWISE_MAX: usize = 64;

/// A state is loose (batsat's up to [`BATSAT_UP_TO`]; its cells keep row order) when its
/// open cells keep, on average, at least this share of the digits, in thousandths. The
/// states first measured fell in two groups: 0.37–0.42 (random-holed grids at 30% givens,
/// where row order won) and 0.26 or less (42% givens and more, the rkkautsar 64x64 files,
/// the SAT-proven hard puzzles, where sorting won or tied), and a third was the line. Grids
/// with no structure at 34% and 38% givens fall between (0.28–0.36); taken as loose (batsat
/// up to 64x64, and the longer search below 49x49 of `tuning.rs`) they went, over
/// structure-free grids, 36x36 at 34% 11.7 → 4.6 s (24 grids), 38% 39.3 → 39.4; 49x49 at
/// 34% 32.6 s and two time-outs → 25.8 s and none (12), at 38% five time-outs → six but
/// 44.4 → 10.8 s for the rest; 64x64 at 34% none of six answered in 15 s → two
/// (`docs/giant-grids.md`).
const LOOSE_FROM_PERMILLE: usize = 280;

/// Whether a state of side `n` whose `cells` empty cells hold `open` candidates in all is
/// loose (see [`LOOSE_FROM_PERMILLE`]).
fn loose(n: usize, cells: usize, open: usize) -> bool {
    open * 1000 >= cells * n * LOOSE_FROM_PERMILLE
}

/// Tight states of grids from this side up number their cells fewest-candidates-last
/// (see [`Cnf::of`]); every other state keeps row order. On structure-free 36x36 grids
/// at 42% givens (0.22–0.27 of the side open per cell, tight) row order halved
/// CaDiCaL's time: 12.6 s against 25.4 s and a time-out over 16 grids, 16.9 against 34.3
/// over 16 more (CaDiCaL through PySAT 27.7 and 25.7 + 1 time-out, same runs). At 45–48%
/// and on the hard 25x25 and 36x36 puzzles it tied, as on random 25x25 at 42–46%
/// (0.37 against 0.51 s over 12). At 49x49 and 42% it answered other grids than sorting
/// did and no more (three of eight each at 15 s; Stop 49's run: two fewer of four), and
/// the rkkautsar 64x64 states (the tightest seen) need the sort (`docs/giant-grids.md`).
const SORTED_FROM: usize = 49;

/// Whether the CNF of a state of side `n` whose `cells` empty cells hold `open`
/// candidates numbers its cells fewest-candidates-last (see [`SORTED_FROM`]).
fn sorted(n: usize, cells: usize, open: usize) -> bool {
    n >= SORTED_FROM && !loose(n, cells, open)
}

/// Loose states (see [`LOOSE_FROM_PERMILLE`]) of grids up to this side go to batsat, the
/// others to CaDiCaL. On the CNFs handed over from random-holed grids at 30% givens (three
/// seeds and three isomorphic copies of each, CPU seconds summed, solve and uniqueness
/// call), batsat (with [`batsat_options`]) against CaDiCaL's `sat` configuration: 64x64
/// 48.5 s against 107 s and a time-out of 12 at 15 s (with Luby restarts batsat had lost
/// there: six time-outs against two). At 81x81 and 30% the two tie (one grid of three
/// each in 30 s); sparse 81x81 grids (12–22% givens) need batsat, with the pairs it hands
/// back (`amo.rs`): it answered 7 of 12 in 30 s, CaDiCaL only the two the search answers
/// alone. On tight states batsat lost everywhere (36x36 at 42%: three time-outs of eight
/// at 10 s, CaDiCaL none).
const BATSAT_UP_TO: usize = 81;

/// batsat's options: MiniSat's defaults, but geometric restarts from 300 conflicts (300,
/// 600, 1,200, …) instead of Luby's from 100. A loose state has many solutions and all
/// the work goes to the first one; frequent restarts throw its partial fills away. On the
/// CNFs handed over from random-holed grids at 30% givens (solve and uniqueness call, CPU
/// seconds summed over each seed and three isomorphic copies of it), Luby against
/// geometric: 49x49 26.4 → 12.6 s (24 CNFs) and 30 → 20 s (36, another seed series),
/// 36x36 3.2 → 2.0 s (20) and 5.5 → 4.0 s (36). Geometric from 200 to 500 tie; no
/// restarts at all has a heavy tail (49x49: 28 s).
fn batsat_options() -> batsat::SolverOpts {
    batsat::SolverOpts {
        luby_restart: false,
        restart_first: 300,
        restart_inc: 2.0,
        ..batsat::SolverOpts::default()
    }
}

/// The stop for batsat (CaDiCaL's is in `cadical.rs`), which asks before every decision:
/// the clock is read on the first call and every [`BatBound::EVERY`] after, and once
/// reached the answer stays (batsat asks again after stopping, to end its restart loop).
struct BatBound<'s> {
    stop: &'s Stop,
    calls: std::cell::Cell<u32>,
    reached: std::cell::Cell<bool>,
}

impl BatBound<'_> {
    const EVERY: u32 = 256;
}

impl batsat::Callbacks for BatBound<'_> {
    fn stop(&self) -> bool {
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        if !self.reached.get() && calls % Self::EVERY == 1 && self.stop.reached() {
            self.reached.set(true);
        }
        self.reached.get()
    }
}

/// The clause-learning solver a state goes to: CaDiCaL, or batsat (MiniSat's design in
/// Rust) on loose states up to [`BATSAT_UP_TO`]. Literals are DIMACS-style: variable `v`
/// (from 1) is `v`, its negation `-v`.
pub(super) struct Backend<'s> {
    engine: Engine<'s>,
    stop: &'s Stop,
    /// batsat's exactly-one groups whose at-most-one half it propagates as a theory
    /// ([`Backend::add_groups`]).
    groups: Option<Box<AtMostOne>>,
    /// CaDiCaL's variables from 1 to this one have their phases set
    /// ([`Backend::prefer`]), for [`NEAR_CONFLICTS`] a call.
    preferred: i32,
}

/// Conflicts a CaDiCaL call may take with its decisions set to a known solution
/// ([`Backend::prefer`]) before they are left to CaDiCaL's own phases again, for good.
/// The second solution of a random-holed grid, next to the fitted one, comes within 30
/// (25x25 at 46% givens, 30 grids: the same instructions with 30 to 1,000, 2.70G with
/// none against 0.74G; 49x49 at 42–50%: the same times). A proof that there is none (a
/// unique puzzle) went on a fifth longer with the phases kept to the end (the hard 36x36
/// puzzles over copies, 1.30 → 1.55 s); with this budget it costs 5–13% (7.85G → 8.5–8.8G
/// instructions, by the budget's draw of CaDiCaL's path), and counting the fitted
/// solution alone 2.6% (`docs/giant-grids.md`, Stop 83).
const NEAR_CONFLICTS: i32 = 100;

enum Engine<'s> {
    Cadical(Cadical),
    /// The solver, its variables (`vars[v - 1]` for variable `v`) and a clause buffer
    /// reused for every clause (an allocation per clause cost about 3% of the CPU time of
    /// 60 loose 36x36 grids).
    Batsat(
        Box<batsat::Solver<BatBound<'s>>>,
        Vec<batsat::Var>,
        Vec<batsat::Lit>,
    ),
}

impl<'s> Backend<'s> {
    /// The solver `choice` names, bounded by `stop`.
    pub(super) fn new(choice: Choice, stop: &'s Stop) -> Backend<'s> {
        match choice {
            Choice::Batsat => Backend::batsat(stop),
            Choice::BatsatShifted => {
                let mut backend = Backend::batsat(stop);
                if let Engine::Batsat(sat, ..) = &mut backend.engine {
                    sat.new_var_default();
                }
                backend
            }
            Choice::CadicalStable => match Cadical::new(true) {
                Some(sat) => Self::of(Engine::Cadical(sat), stop),
                None => Backend::batsat(stop),
            },
            Choice::Cadical => Backend::cadical(stop),
        }
    }

    /// CaDiCaL on its defaults, bounded by `stop` (batsat without the `cadical` feature).
    pub(super) fn cadical(stop: &'s Stop) -> Backend<'s> {
        match Cadical::new(false) {
            Some(sat) => Self::of(Engine::Cadical(sat), stop),
            None => Backend::batsat(stop),
        }
    }

    fn of(engine: Engine<'s>, stop: &'s Stop) -> Backend<'s> {
        Backend {
            engine,
            stop,
            groups: None,
            preferred: 0,
        }
    }

    /// batsat, bounded by `stop`, on MiniSat's defaults but for its restarts (see
    /// [`batsat_options`]).
    pub(super) fn batsat(stop: &'s Stop) -> Backend<'s> {
        let opts = batsat_options();
        let bound = BatBound {
            stop,
            calls: Default::default(),
            reached: Default::default(),
        };
        let sat = Box::new(batsat::Solver::new(opts, bound));
        Self::of(Engine::Batsat(sat, Vec::new(), Vec::new()), stop)
    }

    /// Sets each decision on variable `v` to `prefer[v - 1]` (true: the literal `v`),
    /// wherever the choice is still open: a search that starts from, and keeps coming back
    /// to, one assignment finds the solutions next to it first. Call it before any clause.
    pub(super) fn prefer(&mut self, prefer: &[bool]) {
        match &mut self.engine {
            Engine::Cadical(sat) => {
                for (v, &p) in (1..).zip(prefer) {
                    sat.phase(if p { v } else { -v });
                    self.preferred = v;
                }
            }
            Engine::Batsat(sat, vars, _) => {
                debug_assert!(vars.is_empty(), "preferences come before the clauses");
                vars.extend(
                    prefer
                        .iter()
                        .map(|&p| sat.new_var(batsat::lbool::new(p), true)),
                );
            }
        }
    }

    /// Whether CaDiCaL's decisions still follow the preferred phases ([`NEAR_CONFLICTS`]).
    #[cfg(test)]
    pub(super) fn preferring(&self) -> bool {
        self.preferred > 0
    }

    /// Makes at most one member of each group of `groups` (each ended by a 0) true, for
    /// the rest of this solver's life: batsat propagates them as a theory
    /// ([`AtMostOne`]), CaDiCaL gets their pairs. Call it once, after the clauses that name
    /// every member.
    pub(super) fn add_groups(&mut self, groups: &[i32]) {
        if groups.is_empty() {
            return;
        }
        match &mut self.engine {
            Engine::Batsat(_, vars, _) => {
                debug_assert!(self.groups.is_none(), "groups are added once");
                self.groups = Some(Box::new(AtMostOne::new(groups, vars)));
            }
            Engine::Cadical(_) => {
                let mut pairs = Vec::new();
                for group in each_clause(groups) {
                    at_most_one_pairs(&mut pairs, group);
                }
                self.add_clauses(&pairs);
            }
        }
    }

    /// Adds every clause of `clauses`, each ended by a 0.
    pub(super) fn add_clauses(&mut self, clauses: &[i32]) {
        for clause in each_clause(clauses) {
            self.add_clause(clause);
        }
    }

    /// As [`add_clauses`](Self::add_clauses), looking at the stop every
    /// [`CLAUSES_BETWEEN_LOOKS`] clauses: `false` when it came (the solver then holds only
    /// some of them and must not be asked). Loading a loose 225x225 took a minute.
    pub(super) fn add_clauses_until_stop(&mut self, clauses: &[i32]) -> bool {
        for (k, clause) in each_clause(clauses).enumerate() {
            self.add_clause(clause);
            if (k + 1).is_multiple_of(CLAUSES_BETWEEN_LOOKS) && self.stop.reached() {
                return false;
            }
        }
        true
    }

    pub(super) fn add_clause(&mut self, lits: &[i32]) {
        match &mut self.engine {
            Engine::Cadical(sat) => sat.add_clause(lits),
            Engine::Batsat(sat, vars, clause) => {
                clause.clear();
                clause.extend(lits.iter().map(|&x| {
                    // Variables come into being as clauses name them.
                    let v = x.unsigned_abs() as usize;
                    while vars.len() < v {
                        vars.push(sat.new_var_default());
                    }
                    batsat::Lit::new(vars[v - 1], x > 0)
                }));
                sat.add_clause_reuse(clause);
            }
        }
    }

    /// `Some(true)` with a model, `Some(false)` when there is none, `None` when stopped.
    pub(super) fn solve(&mut self) -> Option<bool> {
        self.solve_assuming(&[])
    }

    /// [`solve`](Self::solve) with `assumptions` true for this call only.
    pub(super) fn solve_assuming(&mut self, assumptions: &[i32]) -> Option<bool> {
        match &mut self.engine {
            Engine::Cadical(sat) if self.preferred > 0 => {
                sat.limit_conflicts(NEAR_CONFLICTS);
                let answer = sat.solve(assumptions, self.stop);
                if answer.is_some() || self.stop.reached() {
                    return answer;
                }
                for v in 1..=std::mem::take(&mut self.preferred) {
                    sat.unphase(v);
                }
                sat.solve(assumptions, self.stop)
            }
            Engine::Cadical(sat) => sat.solve(assumptions, self.stop),
            Engine::Batsat(sat, vars, _) => {
                let assumed: Vec<batsat::Lit> = assumptions
                    .iter()
                    .map(|&x| batsat::Lit::new(vars[x.unsigned_abs() as usize - 1], x > 0))
                    .collect();
                let r = match &mut self.groups {
                    Some(theory) => sat.solve_limited_th(&mut **theory, &assumed),
                    None => sat.solve_limited(&assumed),
                };
                if r == batsat::lbool::TRUE {
                    Some(true)
                } else if r == batsat::lbool::FALSE {
                    Some(false)
                } else {
                    None
                }
            }
        }
    }

    /// Whether variable `x` is true in the last model.
    pub(super) fn is_true(&mut self, x: i32) -> bool {
        match &mut self.engine {
            Engine::Cadical(sat) => sat.is_true(x),
            Engine::Batsat(sat, vars, _) => vars
                .get(x.unsigned_abs() as usize - 1)
                .is_some_and(|&v| sat.value_var(v) == batsat::lbool::TRUE),
        }
    }
}

/// The clauses of `clauses`, each ended by a 0 (anything after the last 0 is not one).
fn each_clause(clauses: &[i32]) -> impl Iterator<Item = &[i32]> {
    clauses
        .split_inclusive(|&x| x == 0)
        .filter_map(|c| c.strip_suffix(&[0]))
}

/// Clauses loaded between two looks at the clock (see
/// [`Backend::add_clauses_until_stop`]).
const CLAUSES_BETWEEN_LOOKS: usize = 1 << 14;

/// The solver a state goes to, and how it is configured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// Loose states up to [`BATSAT_UP_TO`].
    Batsat,
    /// batsat given one unused variable first, which numbers every other one further:
    /// as strong, but another path (the portfolio's partner of [`Choice::Batsat`]).
    BatsatShifted,
    /// CaDiCaL's `sat` configuration: every state not loose enough for batsat.
    CadicalStable,
    /// CaDiCaL's defaults (the portfolio's partner of [`Choice::CadicalStable`]).
    Cadical,
}

impl Choice {
    /// The choice for a state of side `n` with `cells` empty cells holding `open`
    /// candidates in all.
    pub(super) fn of(n: usize, cells: usize, open: usize) -> Choice {
        if loose(n, cells, open) && n <= BATSAT_UP_TO {
            Choice::Batsat
        } else {
            Choice::CadicalStable
        }
    }

    /// Whether the choice is batsat (its CNF's at-most-one groups go to a theory).
    pub(super) fn is_batsat(self) -> bool {
        matches!(self, Choice::Batsat | Choice::BatsatShifted)
    }

    /// The other solver of the two-core portfolio, the one that took least time in a race
    /// against this one (`docs/giant-grids-learning.md`). Run times on one state spread by
    /// factors of two and more, so a partner needs another path more than a better
    /// average.
    pub(super) fn partner(self) -> Choice {
        match self {
            Choice::Batsat => Choice::BatsatShifted,
            Choice::BatsatShifted => Choice::Batsat,
            Choice::CadicalStable => Choice::Cadical,
            Choice::Cadical => Choice::CadicalStable,
        }
    }

    /// The choice for `st` as it stands.
    #[cfg(test)]
    pub(super) fn for_state(st: &Solver) -> Choice {
        let (cells, open) = open_of(st);
        Choice::of(st.geo.n, cells, open)
    }
}

/// The empty cells of `st` and the candidates they hold in all.
fn open_of(st: &Solver) -> (usize, usize) {
    let empty = (0..st.value.len()).filter(|&c| st.value[c] == 0);
    let open = empty.clone().map(|c| usize::from(st.ncand[c])).sum();
    (empty.count(), open)
}

/// Whether `st` as it stands is loose (see [`LOOSE_FROM_PERMILLE`]).
pub(super) fn is_loose(st: &Solver) -> bool {
    let (cells, open) = open_of(st);
    loose(st.geo.n, cells, open)
}

/// What the SAT engine found beyond the solutions already known.
pub(super) struct Found {
    /// Cell values (1-based, whole grid) of each new solution.
    pub solutions: Vec<Vec<u16>>,
    /// The stop came first: more solutions may exist.
    pub stopped: bool,
}

impl Found {
    /// Nothing found: the stop came first.
    pub(super) fn stopped() -> Found {
        Found {
            solutions: Vec::new(),
            stopped: true,
        }
    }
}

/// A state as handed over: its CNF, built once (the portfolio gives it to two solvers),
/// and what it takes to read a model back and block it.
pub(super) struct Cnf {
    /// Every clause, each ended by a 0 (DIMACS's layout, one buffer).
    clauses: Vec<i32>,
    /// For batsat ([`Choice::is_batsat`]): the exactly-one groups of two members or more,
    /// each ended by a 0, whose at-least-one is in `clauses` and whose at-most-one is
    /// not ([`Backend::add_groups`]).
    groups: Vec<i32>,
    /// The cell and digit of each candidate variable.
    lits: Vec<(u32, u16)>,
    /// The variable of (cell, digit) at `cell * n + digit`, 1-based; 0 for none.
    var: Vec<i32>,
    /// The side.
    n: usize,
    /// The state's cell values (0 for empty).
    value: Vec<u16>,
    /// The solver the state suits (by side and looseness).
    pub(super) choice: Choice,
}

impl Cnf {
    /// The CNF of `st`'s current state with the solutions `known` blocked, `None` if
    /// `stop` came first.
    pub(super) fn of(st: &Solver, known: &[Vec<u16>], stop: &Stop) -> Option<Cnf> {
        let n = st.geo.n;
        let wpc = st.geo.wpc;
        let nn = n * n;
        // How loose the state is: the candidates of its open cells against the whole side.
        let mut order: Vec<usize> = (0..nn).filter(|&c| st.value[c] == 0).collect();
        let open: usize = order.iter().map(|&c| usize::from(st.ncand[c])).sum();
        let mut cnf = Cnf {
            clauses: Vec::new(),
            groups: Vec::new(),
            lits: Vec::new(),
            var: vec![0i32; nn * n],
            n,
            value: st.value.clone(),
            choice: Choice::of(n, order.len(), open),
        };
        let mut next = 1i32;
        let mut group: Vec<i32> = Vec::with_capacity(n);
        let as_groups = cnf.choice.is_batsat();
        let mut groups = Vec::new();
        // Each group's exactly-one: whole as clauses, or for batsat its at-least-one as a
        // clause and the group kept for the theory.
        let mut add_group = |clauses: &mut Vec<i32>, group: &[i32], next: &mut i32| {
            if as_groups {
                clauses.extend_from_slice(group);
                clauses.push(0);
                if group.len() > 1 {
                    groups.extend_from_slice(group);
                    groups.push(0);
                }
            } else {
                exactly_one(clauses, group, next);
            }
        };
        // The variable order. CaDiCaL's first decisions go to the variables enqueued last. On a
        // tight state from 49x49 up, cells with most candidates come first, so that the
        // fewest-candidate cells get the highest numbers and its start is a
        // fewest-candidates-first search (64x64-1: 5 s of CPU, against 19.5 s in row order;
        // but three isomorphic copies of it, sorted, take over 30 s, so that was partly luck).
        // Every other state keeps row order, which makes its start a fill of the grid cell
        // after cell (random-holed 49x49 at 30% givens: 0.9-1.1 s against 3.6-5.7 s sorted;
        // 64x64 at 30%: one of three answered in 15 s, none sorted; 36x36 at 42%: see
        // `SORTED_FROM`).
        if sorted(n, order.len(), open) {
            order.sort_by_key(|&c| std::cmp::Reverse(st.ncand[c]));
        }
        for (i, &cell) in order.iter().enumerate() {
            if i % 1024 == 0 && stop.reached() {
                return None;
            }
            group.clear();
            let words: [u64; MAXW] = Solver::words(&st.cand, cell * wpc, wpc);
            super::for_bits(&words, wpc, |d| {
                cnf.var[cell * n + d] = next;
                cnf.lits.push((cell as u32, d as u16));
                group.push(next);
                next += 1;
                true
            });
            add_group(&mut cnf.clauses, &group, &mut next);
        }
        for hd in 0..3 * nn {
            if hd % 1024 == 0 && stop.reached() {
                return None;
            }
            if st.placed[hd] {
                continue;
            }
            let (h, d) = (hd / n, hd % n);
            group.clear();
            let words: [u64; MAXW] = Solver::words(&st.pos, hd * wpc, wpc);
            super::for_bits(&words, wpc, |p| {
                let cell = st.geo.house_cells[h * n + p] as usize;
                let v = cnf.var[cell * n + d];
                if v != 0 {
                    group.push(v);
                }
                true
            });
            // A house-digit open at the root with no empty cell left for it has no solution.
            add_group(&mut cnf.clauses, &group, &mut next);
        }
        cnf.groups = groups;
        for k in known {
            if let Some(clause) = cnf.blocking(k) {
                cnf.clauses.extend(clause);
                cnf.clauses.push(0);
            }
        }
        // Once, however many solvers it goes to.
        #[cfg(feature = "sat-dump")]
        if let Some(path) = std::env::var_os("SUDOKU_SAT_DUMP") {
            cnf.dump(&path);
        }
        Some(cnf)
    }

    /// The state's value of `cell` (0 when open).
    pub(super) fn value_of(&self, cell: usize) -> u16 {
        self.value[cell]
    }

    /// The variable of `cell` holding digit `d` (0-based), 0 when the state has no such
    /// candidate (or the cell is decided).
    pub(super) fn var_of(&self, cell: usize, d: usize) -> i32 {
        self.var[cell * self.n + d]
    }

    /// For each variable (variable `v` at `v - 1`), whether it is the candidate that
    /// `values` (whole-grid digits, 0 for none) puts in its cell.
    pub(super) fn agreeing(&self, values: &[u16]) -> Vec<bool> {
        let vars = self.clauses.iter().map(|x| x.unsigned_abs()).max();
        let mut agree = vec![false; vars.unwrap_or(0) as usize];
        for (cell, &v) in values.iter().enumerate() {
            let x = match v {
                0 => 0,
                v => self.var_of(cell, usize::from(v) - 1),
            };
            if x > 0 {
                agree[x as usize - 1] = true;
            }
        }
        agree
    }

    /// The solver `choice` names for this CNF, bounded by `stop`, its decisions following
    /// `near` (whole-grid values) when given ([`Backend::prefer`]).
    pub(super) fn backend<'s>(
        &self,
        choice: Choice,
        near: Option<&[u16]>,
        stop: &'s Stop,
    ) -> Backend<'s> {
        let mut sat = Backend::new(choice, stop);
        if let Some(near) = near {
            sat.prefer(&self.agreeing(near));
        }
        sat
    }

    /// Gives every clause to `sat` and frees them: a solver kept for many questions
    /// ([`super::oracle`]) needs only the variables after that.
    pub(super) fn load(&mut self, sat: &mut Backend) {
        sat.add_clauses(&std::mem::take(&mut self.clauses));
        sat.add_groups(&std::mem::take(&mut self.groups));
    }

    /// The clause that rules out the solution `values`, or `None` if the state already
    /// does (a known solution found before a refutation at the root).
    fn blocking(&self, values: &[u16]) -> Option<Vec<i32>> {
        let mut clause = Vec::new();
        for (cell, (&v, &now)) in values.iter().zip(&self.value).enumerate() {
            if now != 0 {
                if now != v {
                    return None;
                }
                continue;
            }
            match self.var[cell * self.n + v as usize - 1] {
                0 => return None,
                x => clause.push(-x),
            }
        }
        Some(clause)
    }

    /// Up to `want` solutions from `sat`, given this CNF (and nothing else before): each
    /// one found is blocked and the solver asked again, keeping what it learned.
    pub(super) fn solve(&self, mut sat: Backend, want: usize) -> Found {
        if !sat.add_clauses_until_stop(&self.clauses) {
            return Found::stopped();
        }
        sat.add_groups(&self.groups);
        let mut found = Found {
            solutions: Vec::new(),
            stopped: false,
        };
        while found.solutions.len() < want {
            match sat.solve() {
                Some(true) => {
                    let mut values = self.value.clone();
                    for &(c, d) in &self.lits {
                        if sat.is_true(self.var[c as usize * self.n + d as usize]) {
                            values[c as usize] = d + 1;
                        }
                    }
                    let block = self.blocking(&values);
                    sat.add_clause(&block.expect("a model is a solution of the state"));
                    found.solutions.push(values);
                }
                Some(false) => break,
                None => {
                    found.stopped = true;
                    break;
                }
            }
        }
        found
    }

    /// Writes the CNF to `path` (DIMACS) and, to `path.map`, one line `variable cell
    /// digit` (0-based) per candidate: the debugging aid behind the comparison in the
    /// module doc. Errors are ignored: the solve goes on without the files.
    #[cfg(feature = "sat-dump")]
    fn dump(&self, path: &std::ffi::OsStr) {
        use std::fmt::Write;
        // batsat's groups written out as pairs: the file holds the whole problem.
        let mut clauses = self.clauses.clone();
        for group in each_clause(&self.groups) {
            at_most_one_pairs(&mut clauses, group);
        }
        let vars = clauses.iter().map(|x| x.unsigned_abs()).max();
        let count = clauses.iter().filter(|&&x| x == 0).count();
        let mut cnf = format!("p cnf {} {count}\n", vars.unwrap_or(0));
        for &x in &clauses {
            if x == 0 {
                cnf.push_str("0\n");
            } else {
                let _ = write!(cnf, "{x} ");
            }
        }
        let _ = std::fs::write(path, cnf);
        let mut map = String::new();
        for &(c, d) in &self.lits {
            let v = self.var[c as usize * self.n + usize::from(d)];
            let _ = writeln!(map, "{v} {c} {d}");
        }
        let mut to = path.to_os_string();
        to.push(".map");
        let _ = std::fs::write(to, map);
    }
}

/// Finds up to `want` solutions of `st`'s current state other than those in `known`
/// (whole-grid values, each an extension of the state), with the solver its
/// [`Choice`] names, looking next to `near` (whole-grid values) first when given.
pub(super) fn search(
    st: &Solver,
    known: &[Vec<u16>],
    want: usize,
    stop: &Stop,
    near: Option<&[u16]>,
) -> Found {
    match Cnf::of(st, known, stop) {
        Some(cnf) => cnf.solve(cnf.backend(cnf.choice, near, stop), want),
        None => Found::stopped(),
    }
}

/// Appends to `clauses` (each ended by a 0) exactly one of `xs` (an empty `xs` is the
/// empty clause: no solution); `next` is the first free variable, for a counter's.
pub(super) fn exactly_one(clauses: &mut Vec<i32>, xs: &[i32], next: &mut i32) {
    let mut add = |lits: &[i32]| {
        clauses.extend_from_slice(lits);
        clauses.push(0);
    };
    add(xs);
    if xs.len() <= PAIRWISE_MAX {
        at_most_one_pairs(clauses, xs);
        return;
    }
    // Sequential counter: s_i says "one of x_1..x_i is true".
    let k = xs.len();
    let s0 = *next;
    *next += k as i32 - 1;
    let s = |i: usize| s0 + i as i32;
    add(&[-xs[0], s(0)]);
    for (i, &x) in xs.iter().enumerate().take(k - 1).skip(1) {
        add(&[-x, s(i)]);
        add(&[-s(i - 1), s(i)]);
        add(&[-x, -s(i - 1)]);
    }
    add(&[-xs[k - 1], -s(k - 2)]);
}

/// Appends to `clauses` a binary clause for every pair of `xs`: at most one is true.
fn at_most_one_pairs(clauses: &mut Vec<i32>, xs: &[i32]) {
    for (i, &a) in xs.iter().enumerate() {
        for &b in &xs[i + 1..] {
            clauses.extend_from_slice(&[-a, -b, 0]);
        }
    }
}
