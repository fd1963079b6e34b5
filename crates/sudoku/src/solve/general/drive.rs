//! The search that drives the [`Solver`]: a question's root propagation, the formula fit,
//! depth-first search with Luby restarts (partial ones on sparse grids), the endgame's
//! all-different filter, and the hand-over to the SAT engine ([`super::sat`]) where the
//! search keeps failing. [`super::search_with`] and the portfolio enter here.
//!
//! **A lone fitted solution** (issue 22). On a formula grid with other solutions that its
//! trades do not reach, the fit finds one solution: the grid the puzzle was cut from. The
//! hand-over counts it and hands the SAT engine its values as the phase of every decision
//! ([`sat::Backend::prefer`]; CaDiCaL's for the first 100 conflicts of a call, since a
//! unique puzzle's proof lost with them), with the solution blocked: the other solution is
//! usually a swap of a few cells away (9 of 2,401 cells on a 49x49 at 50% givens), and a
//! solver that keeps coming back to the known one finds it within 30 conflicts, where one
//! left to its own phases wanders the peak. From 25x25 to 35x35 the fit comes after the search's first
//! failures, and the hand-over follows it at once, without the probing still owed: the
//! sweep cost those grids more than the search left for CaDiCaL (instructions, `bench
//! --mode answer`, 30 random-holed 25x25 grids a set: 46% givens 2.16G → 0.74G, 50%
//! 0.52G → 0.25G and 0.74G → 0.35G; 49x49 at 50%, four grids: none in 20 s each → 0.11 s;
//! `docs/giant-grids.md`, Stop 83).

use super::first_pass::{self, FirstPass};
use super::pattern::{agreeing_pattern, empty_grid};
use super::tuning::{
    is_sparse, Tuning, FIT_AFTER_FAILS, FIT_MIN_OPEN_PERMILLE, PARTIAL_KEEP_PERMILLE, SAT_MAX_LIMIT,
};
use super::{grid_of, portfolio, residual, sat, Geometry, Options, Search, Solver};
use crate::grid::{Candidates, Grid};
use crate::index::{Cell, Digit};
use crate::solve::sparse::Fitted;
use crate::stop::Stop;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What the engine is asked: up to `limit` solutions of `grid` (each cell within `marks`,
/// when given), the first `keep` of them listed.
#[derive(Clone, Copy)]
pub(super) struct Question<'a> {
    pub(super) grid: &'a Grid,
    pub(super) marks: Option<&'a Candidates>,
    pub(super) limit: usize,
    pub(super) keep: usize,
}

#[cfg(test)]
impl<'a> Question<'a> {
    /// The question without marks.
    pub(super) fn new(grid: &'a Grid, limit: usize, keep: usize) -> Question<'a> {
        Question {
            grid,
            marks: None,
            limit,
            keep,
        }
    }
}

pub(super) fn run(question: Question<'_>, tuning: Tuning, stop: &Stop, options: Options) -> Search {
    let mut fitted = Fitted::default();
    let mut s = if options.portfolio && portfolio::races_fills(question) {
        portfolio::race_fills(question, tuning, stop, &mut fitted)
    } else {
        run_search(question, tuning, stop, options, &mut fitted)
    };
    // A count the stop cut short before it found as many: the formula fit's solutions say
    // "at least" that many (a count of 100 on a grid at the hardness peak with fewer
    // trades than that).
    if s.stopped && s.count < fitted.count {
        s.count = fitted.count;
        s.solutions = fitted.solutions;
    }
    s
}

/// [`run`]'s search; `fitted` gets the formula fit's solutions (two or more) when it
/// found them but fewer than the question wants.
pub(super) fn run_search(
    question: Question<'_>,
    tuning: Tuning,
    stop: &Stop,
    options: Options,
    fitted: &mut Fitted,
) -> Search {
    let Question {
        grid,
        marks,
        limit,
        keep,
    } = question;
    let mut result = Search::default();
    if limit == 0 {
        return result;
    }
    let shape = grid.shape();
    let givens = grid.filled_count();
    // Side 16 and up has far more than `usize::MAX` solutions (9x9 alone has 6.7e21).
    if givens == 0 && marks.is_none() && shape.side() >= 16 && tuning.phase_below_percent > 0 {
        return empty_grid(grid, limit, keep);
    }
    // Propagation over the open cells alone first (`first_pass.rs`): a grid it fills
    // needs no dense state (nor the dense state's geometry), and one it leaves open
    // starts from what it reached.
    let mut geo = Geometry::light(shape);
    let first = if marks.is_none() && shape.side() >= tuning.first_pass_from_side {
        first_pass::fill(&geo, grid, stop)
    } else {
        FirstPass::Skipped
    };
    let reached = match first {
        FirstPass::Filled(values) => {
            result.count = 1;
            if keep > 0 {
                result.solutions.push(grid_of(grid, &values));
            }
            return result;
        }
        FirstPass::Contradiction => return result,
        FirstPass::Stopped => {
            result.stopped = true;
            return result;
        }
        FirstPass::Open(left) => {
            // A few cells left: an exact cover of their own (`residual.rs`), unless it
            // takes more than building the dense state would.
            let n2 = shape.cell_count();
            if left.candidates() * 1000 <= tuning.residual_max_permille.saturating_mul(n2) {
                let budget = (n2 * geo.wpc) as u64;
                if let Some(found) = residual::search(&geo, &left, limit, keep, budget, stop) {
                    return found.into_search(grid);
                }
            }
            Some(left.reached(geo.wpc))
        }
        FirstPass::Skipped => None,
    };
    geo.complete();
    let geo = geo;
    let mut st = match reached {
        Some(reached) => Solver::reached(&geo, reached, stop),
        None => match Solver::new(&geo, grid, stop) {
            Some(st) => st,
            None => return result,
        },
    };
    st.lcv = tuning.lcv;
    if tuning.seed != 0 {
        st.rng = ChaCha8Rng::seed_from_u64(tuning.seed);
        st.salt = st.rng.gen();
    }
    if givens * 100 < tuning.phase_below_percent * shape.cell_count() && shape.side() >= 16 {
        st.phase = agreeing_pattern(grid);
    }
    if !st.queue_all() {
        return result;
    }
    if let Some(m) = marks {
        if m.shape() != shape {
            return result;
        }
        for cell in Cell::all(shape) {
            if grid.value(cell) == 0 {
                let keep_set = m.get(cell);
                for d in Digit::all(shape) {
                    if !keep_set.contains(d) && !st.eliminate(cell.index(), d.index()) {
                        return result;
                    }
                }
            }
        }
    }

    // Binary branching: a frame is a trail mark and the candidate to eliminate when we come
    // back to it.
    let mut stack: Vec<(usize, u32, u16)> = Vec::new();
    let mut alive = st.propagate();
    if !alive {
        result.stopped = st.stopped;
        return result;
    }
    // Cut from a formula grid (as random-holed giant grids and big generated puzzles
    // are): solutions with no search, when the linear fit and trades of cells find them
    // (`sparse`). Sparse grids were tried before the engine for two; a longer count tries
    // them again. A count the trades do not reach still searches, and falls back on them
    // if the stop comes first. With few cells left open the search is quicker than the
    // fit, which costs 0.5–2 ms whatever it finds: it waits for the search to fail
    // [`FIT_AFTER_FAILS`] times, and below [`FIT_MIN_OPEN_PERMILLE`] never comes. Below
    // [`Tuning::fit_first_side`] it always waits: most grids there are the search's at once.
    let open_permille = st.empty * 1000 / shape.cell_count();
    let mut fit_after = if tuning.formula_fit
        && marks.is_none()
        && st.empty > 0
        && (limit > 2 || !crate::solve::sparse::nearly_empty(grid))
        && open_permille >= FIT_MIN_OPEN_PERMILLE
    {
        Some(
            if open_permille >= tuning.fit_first_open_permille && geo.n >= tuning.fit_first_side {
                0
            } else {
                FIT_AFTER_FAILS
            },
        )
    } else {
        None
    };
    // The fit's solution when it found only that one: the formula grid, on a grid with
    // other solutions its trades do not reach (or none). The hand-over counts it and
    // looks next to it first.
    let mut fitted_one: Option<Vec<u16>> = None;
    if fit_after == Some(0) {
        fit_after = None;
        if fit(question, stop, fitted, &mut fitted_one, &mut result) {
            return result;
        }
    }
    st.recording = true;
    if givens * 100 < tuning.buckets_below * shape.cell_count() {
        st.use_buckets();
        st.root = Some(Box::default());
    }
    let unit = tuning.restart_unit;
    let mut restarts = 0u64;
    let mut fails = 0u64;
    let mut budget = luby(1) * unit;
    // Probing still owed, at the first restart or the hand-over: below
    // `probe_first_side`, and on nearly full states, which the search answers in a few
    // guesses ([`FIT_FIRST_OPEN_PERMILLE`](super::tuning::FIT_FIRST_OPEN_PERMILLE)).
    let mut probe_due = geo.n >= tuning.probe_min_side
        && (geo.n < tuning.probe_first_side || open_permille < tuning.fit_first_open_permille);
    if geo.n >= tuning.probe_min_side && !probe_due && !st.probe(tuning.probe_max_size) {
        result.stopped = st.stopped;
        return result;
    }
    let use_sat = tuning.hands_over(shape, givens, limit);
    let mut sat_after = tuning.sat_after_for(&st, is_sparse(shape, givens));
    let mut known: Vec<Vec<u16>> = Vec::new();
    let mut total_fails = 0u64;
    // Failures since the last solution found: a long listing hands over only when stuck.
    let mut stuck = 0u64;
    let long = limit > SAT_MAX_LIMIT;
    loop {
        if st.stopped || st.tick() {
            result.stopped = true;
            return result;
        }
        if fit_after.is_some_and(|after| total_fails >= after) {
            fit_after = None;
            // A function of the grid alone: the search goes on where it was.
            if fit(question, stop, fitted, &mut fitted_one, &mut result) {
                return result;
            }
            // One solution fitted where the search fails: the hand-over comes now, without
            // the probing still owed (module doc).
            if fitted_one.is_some() && use_sat {
                sat_after = sat_after.min(total_fails);
                probe_due = false;
            }
        }
        let solved_at_root = alive && st.empty == 0 && stack.is_empty();
        if use_sat
            && total_fails >= sat_after
            && (!long || stuck >= sat_after)
            && (alive || !stack.is_empty())
            && !solved_at_root
        {
            // Back to the root, keeping what was refuted there.
            if let Some(&(mark, ..)) = stack.first() {
                st.undo_to(mark);
            }
            // The fitted solution, unless the search found it: no subtree the search left
            // without finding it holds it, so the root still does.
            if let Some(one) = fitted_one.take().filter(|one| !known.contains(one)) {
                result.count += 1;
                if result.solutions.len() < keep {
                    result.solutions.push(grid_of(grid, &one));
                }
                known.push(one);
                if result.count >= limit {
                    return result;
                }
            }
            if std::mem::take(&mut probe_due) && !st.probe(tuning.probe_max_size) {
                let found = sat::Found {
                    solutions: Vec::new(),
                    stopped: st.stopped,
                };
                return handed_over(result, &known, found, grid, limit, keep);
            }
            // All-different reasoning first (`alldiff`): it decides some grids outright
            // (225x225-1, which CaDiCaL does not answer in 60 s, in 2.0 s of CPU). When it
            // leaves cells open its eliminations are undone: over isomorphic copies they tie
            // or lose in the CNF (module doc).
            let mark = st.trail.len();
            if !st.all_different() {
                let found = sat::Found {
                    solutions: Vec::new(),
                    stopped: st.stopped,
                };
                return handed_over(result, &known, found, grid, limit, keep);
            }
            if st.empty > 0 {
                st.undo_to(mark);
            }
            let want = limit - result.count;
            // Solutions next to a known one first: the second solution of a grid is
            // often a few cells' swap away from the first.
            let near = known.first().map(Vec::as_slice);
            let found = if options.portfolio && st.empty > 0 {
                portfolio::race(&st, &known, want, stop, near)
            } else {
                sat::search(&st, &known, want, stop, near)
            };
            return handed_over(result, &known, found, grid, limit, keep);
        }
        if alive {
            if st.empty == 0 {
                result.count += 1;
                stuck = 0;
                if result.solutions.len() < keep {
                    result.solutions.push(st.solution(grid));
                }
                if use_sat {
                    known.push(st.value.clone());
                }
                if result.count >= limit {
                    return result;
                }
                // Fall through to backtrack.
            } else {
                if endgame_filter(&st, &tuning, result.guesses) {
                    if !(st.all_different() && st.propagate()) {
                        alive = false;
                        continue;
                    }
                    if st.empty == 0 {
                        continue;
                    }
                }
                let (cell, d) = st.branch_choice().expect("an empty cell with candidates");
                result.guesses += 1;
                if stack.is_empty() {
                    st.keep_root();
                }
                stack.push((st.trail.len(), cell as u32, d as u16));
                alive = st.assign(cell, d) && st.propagate();
                continue;
            }
        } else {
            // A failure of the filter is charged to the last conflict that propagation
            // met: charging the cell left without a digit, or nothing, lost over the
            // grids measured (225x225 with 1,500 random digits 3.1 → 4.7 and 7.4 s).
            st.fail_at_conflict();
            // The phase is kept only while it never fails (module doc).
            st.phase.clear();
            fails += 1;
            total_fails += 1;
            stuck += 1;
            if unit > 0 && result.count == 0 && fails >= budget && !stack.is_empty() {
                restarts += 1;
                fails = 0;
                st.salt = st.rng.gen();
                budget = luby(restarts + 1) * unit;
                // A restart after a long fill may take a while to undo.
                if st.stop.reached() {
                    result.stopped = true;
                    return result;
                }
                if !probe_due && partial_restart(&mut st, &mut stack, restarts, &tuning) {
                    alive = true;
                    continue;
                }
                // Keep what was proved at the root (refuted first choices).
                st.back_to_root(stack[0].0);
                stack.clear();
                alive = true;
                if std::mem::take(&mut probe_due) && !st.probe(tuning.probe_max_size) {
                    result.stopped = st.stopped;
                    return result;
                }
                continue;
            }
        }
        match stack.pop() {
            None => return result,
            Some((mark, cell, d)) => {
                st.undo_to(mark);
                alive = st.eliminate(cell as usize, d as usize) && st.propagate();
            }
        }
    }
}

/// The formula fit: `true` when its solutions of the question's grid reach its limit,
/// then the answer in `result`; else `fitted` gets them when they are two or more (a count
/// the stop cuts short falls back on them), `one` the values of the only one it found.
fn fit(
    question: Question<'_>,
    stop: &Stop,
    fitted: &mut Fitted,
    one: &mut Option<Vec<u16>>,
    result: &mut Search,
) -> bool {
    let Question {
        grid, limit, keep, ..
    } = question;
    // One listed even when none is kept: the hand-over needs its values.
    let mut found = crate::solve::sparse::solutions(grid, limit, keep.max(1), stop);
    found
        .solutions
        .truncate(keep.max(usize::from(found.count == 1)));
    if found.count >= limit {
        result.count = found.count;
        result.solutions = found.solutions;
        result.solutions.truncate(keep);
        return true;
    }
    match found.count {
        1 => *one = found.solutions.first().map(|g| g.values().to_vec()),
        2.. => *fitted = found,
        _ => {}
    }
    false
}

/// Whether the all-different filter runs before the next guess (the fill's end on sparse
/// grids: [`Tuning::endgame_filter_below`]).
fn endgame_filter(st: &Solver, tuning: &Tuning, guesses: u64) -> bool {
    st.buckets.is_some()
        && st.empty * 1000 < tuning.endgame_filter_below * st.geo.n * st.geo.n
        && guesses.is_multiple_of(tuning.endgame_filter_every.max(1))
}

/// On sparse grids (size buckets on), restart `restarts` undoes only the choices past the
/// first [`PARTIAL_KEEP_PERMILLE`] of the stack, unless it is a full one (every
/// [`Tuning::full_restart_every`]-th): `false` when the restart is to go to the root.
/// The stack keeps its alternatives above the cut, so the search stays complete (restarts
/// come only before the first solution, on growing Luby budgets).
///
/// Measured on 34 sparse grids from 49x49 to 225x225 (random digits, scrambled grids at
/// 10%, holed pattern grids at 0.1–5%; 20 s each; `docs/giant-grids-sparse.md`): 78 s
/// against 95, no new time-out; 225x225 at 0.5% 11.6 → 3.4 s, 2% 8.6 → 5.5 s. On 24 new
/// scrambled grids: 117 s against 163, three of six 225x225 at 10% answered where none
/// was.
fn partial_restart(
    st: &mut Solver,
    stack: &mut Vec<(usize, u32, u16)>,
    restarts: u64,
    tuning: &Tuning,
) -> bool {
    let every = tuning.full_restart_every;
    let keep = stack.len() * PARTIAL_KEEP_PERMILLE / 1000;
    if st.buckets.is_none() || every <= 1 || restarts.is_multiple_of(every) || keep == 0 {
        return false;
    }
    st.undo_to(stack[keep].0);
    stack.truncate(keep);
    true
}

/// `result` (what the search found before the hand-over, `known` the values of every
/// solution it found) with the SAT engine's `found` after it, for a question of up to
/// `limit` solutions of `grid`, `keep` of them listed. A complete listing (a count below
/// the limit) is put in value order: the same whichever solver found what.
fn handed_over(
    mut result: Search,
    known: &[Vec<u16>],
    found: sat::Found,
    grid: &Grid,
    limit: usize,
    keep: usize,
) -> Search {
    let count = result.count + found.solutions.len();
    if !found.stopped && count < limit {
        let mut all: Vec<&Vec<u16>> = known.iter().chain(&found.solutions).collect();
        all.sort_unstable();
        result.solutions = all
            .into_iter()
            .take(keep)
            .map(|v| grid_of(grid, v))
            .collect();
        result.count = count;
        result.stopped = false;
        return result;
    }
    for values in &found.solutions {
        result.count += 1;
        if result.solutions.len() < keep {
            result.solutions.push(grid_of(grid, values));
        }
    }
    result.stopped = found.stopped;
    result
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, … (`i` from 1): restart budgets.
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // Find k with 2^k - 1 >= i.
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}
