//! The general exhaustive solver: any shape from 4x4 to 400x400.
//!
//! Constraint propagation plus depth-first search.
//!
//! * **State.** Two views of the same candidates, kept in step: per cell, a bitset of digits
//!   (`⌈n/64⌉` words) and its size; per house and digit, a bitset of the positions in the
//!   house where the digit may still go, and its size. A placed cell keeps its digit as its
//!   only candidate, so a house-digit of size one is either placed or a hidden single.
//! * **Propagation.** Every change is the elimination of one candidate, which updates the
//!   four bitsets and their counters in O(1) and queues what it uncovered: a cell down to one
//!   candidate (naked single), a house-digit down to one place (hidden single), zero of
//!   either (contradiction), or a house-digit down to few places (a check for *locked
//!   candidates*: all places of a digit in a row or column inside one box, or all places in
//!   a box on one line). Placing a digit walks the position bitsets of its three houses, so
//!   it costs what it eliminates, not `3n` peers.
//! * **Undo.** Changes go on a trail and backtracking pops it: nothing is copied per guess.
//! * **A first pass without the state** (`first_pass.rs`, from side 36). Propagation
//!   (the same singles and locked candidates) runs over the open cells alone, with a
//!   count and a list of cells per house-digit; a grid it fills is answered (unique) with
//!   no dense state, which on a nearly full grid cost most of the answer, and a grid it
//!   leaves open starts below from the state it reached.
//! * **The few cells left** (`residual.rs`). When the pass leaves few candidates (at most
//!   a tenth of the cell count), the open cells are searched on their own as an exact
//!   cover (a row per candidate, a column per open cell and per missing house-digit),
//!   still with no dense state; past a budget of removals the dense engine takes them.
//! * **Start.** The initial state is built in one pass from the givens (digits used per
//!   house, then candidates, then positions), not by placing the givens one at a time;
//!   from 64x64 up a house's positions are its candidates transposed, 64x64 bits at a
//!   time (`places.rs`: the few-clue 400x400 files 1.02-1.11 → 0.91-0.92 s), or set one
//!   by one in a house with few candidates (225x225-2, 80% givens: 10.4 → 9.7 ms).
//! * **Root probing** (sides 25 and up): every candidate of a cell with at most three
//!   candidates or a house-digit with at most three places is tried; those whose singles and
//!   locked candidates lead to a contradiction are eliminated, until a sweep finds nothing
//!   (failed-literal probing).
//! * **Search.** Binary branching on one candidate (place it; on failure eliminate it, which
//!   propagates too), chosen as DLX picks a column, among the empty cells (size: candidates)
//!   and the open house-digits (size: places), but weighted by failures (dom/wdeg): each
//!   cell or house-digit counts the contradictions it caused, and the choice is the
//!   smallest size / (1 + weight). Open cells and house-digits live in sparse sets undone
//!   with the trail, so the scan skips what is placed. Ties go to a hash of the index,
//!   salted per restart. The value tried first is the least constraining one (fewest peers
//!   losing a candidate). Until the first solution, the search restarts on a Luby schedule
//!   (100 failures per unit), keeping what was refuted at the root; after it, the current
//!   tree runs to the end, so counts stay exact. Everything is deterministic. The stack of
//!   choices is explicit, so deep searches on big grids cannot overflow the call stack.
//! * **Empty and sparse grids.** An empty grid of side 16 and up has more solutions than
//!   any count can ask: it is answered from a formula (row `r` is the first row shifted by
//!   `(r mod br)·bc + r div br`) relabelled, with no search. A grid with fewer givens than
//!   1% of its cells gets that pattern, relabelled to agree with as many givens as a greedy
//!   matching allows, as its *phase*: the digit tried first in each cell, and the next
//!   choice is the next empty cell in row order whose phase digit is still open, found
//!   without scanning the open cells (400x400 with one given: 2.7 s instead of no answer).
//!   The phase goes at the search's first failure: kept, it lost every grid below 1% that
//!   the formula fit leaves (100x100 and 144x144 at 1%: no answer in 20 s, 0.35 and 1.4 s
//!   without it). Above 1% it did more harm than good (below). Below 25% givens the open
//!   cells and house-digits sit in size buckets kept in step with the trail
//!   (`buckets.rs`), and the choice looks only at the smallest and the weighted ones: the
//!   same choices as the scan, which on such grids cost most of the time (225x225 with 3%
//!   givens: 45k guesses, no failure, 8 s → 1.2 s). A restart there, after a fill of
//!   nearly every cell, copies back the root state (`root.rs`) instead of undoing tens of
//!   millions of eliminations; every other restart there goes back only a tenth of the
//!   stack of choices (`partial_restart`: a sparse fill fails near its end). From 2% of
//!   the cells open, every 64th guess there runs the all-different filter first, so a
//!   fill that some house can no longer finish fails near the choice that cornered it
//!   (`tuning.rs`, `endgame_filter`).
//! * **Grids cut from a formula grid.** Random-holed giant grids, the big puzzles of most
//!   generators (ours from 26x26 up, rkkautsar's, Kociemba's 400x400) are cut from a
//!   shuffled formula grid. From 36x36 up, when the root propagation leaves cells open,
//!   `sparse::two_solutions` fits the formula to the givens by linear algebra over `Z_n`
//!   and, when a trade of cells gives a second solution, answers "multiple" with no
//!   search: 36x36 to 100x100 at 30–60% givens, the hardness peak, in about 10 ms
//!   (`docs/giant-grids.md`). A unique puzzle, or one whose other solutions are far from
//!   the fitted one, goes on to the search.
//! * **Learning, by hand-over.** After 2000 failed branches (100 from side 25 up on tight
//!   states of grids with at least 25% givens), the rest goes to CaDiCaL or batsat
//!   (`sat.rs`): the state at the root (with what was refuted there) becomes a CNF of the
//!   open cells and house-digits, the solutions already found are blocked, and each new
//!   one is blocked in turn (incremental counting). Sparser grids from 100x100 up stay
//!   here, and so do listings of more than 64 solutions until the search is stuck (as many
//!   failures since its last solution).
//!   Before the hand-over, the all-different filter (`alldiff`: Régin's matching
//!   reasoning on every house, naked and hidden subsets of every size) runs on the root
//!   state; it answers 225x225-1 outright (unique, 2.0 s of CPU, where no SAT solver here
//!   answers in 60 s). When it leaves cells open, its eliminations are undone: they are
//!   few (64x64-1: 32 of 14k), and kept in the CNF they tied on the hard puzzles and on
//!   36x36 at 42% and lost on 36x36 at 50% (14.3 s against 8.0 over isomorphic copies,
//!   one time-out; `sat.rs`); single instances swing either way (64x64-1 went 6.7 s →
//!   32–37 s with them, and three copies of it take over 30 s without). Run at the
//!   root before the search they won no random-holed peak instance (36x36 at 42–50%,
//!   49x49 at 30–50%, 64x64 at 50–60%, two seeds each: the same answers and time-outs,
//!   one 49x49 at 30% lost).
//! * **Portfolio** (opt-in, [`Options::with_portfolio`]; `portfolio.rs`). At the hand-over,
//!   the CNF goes to two differently configured solvers at once, one per thread (CaDiCaL's
//!   `sat` configuration and its defaults; on loose states batsat twice, its variables
//!   numbered one further in the second): their times on one state differ by factors of
//!   two either way, so the first answer comes 14–23% sooner on random-holed grids from
//!   36x36 up (`docs/giant-grids-learning.md`). Sparse grids (under 25% givens, side 81
//!   and up) race two fills with different tie-break salts instead, for counts up to
//!   two: the single engine's (at 81x81 it hands over) and one that never hands over. The first to answer stops the other, which is joined
//!   before the answer is returned. A count below the limit is the same set whoever wins,
//!   listed in value order; at the limit the solutions shown are the winner's. The library
//!   never turns it on by itself; the CLI does for a single puzzle given `--jobs 2` or
//!   more. (Until 2026-11-29 the race was our search against CaDiCaL: it won nothing.)
//! * **Stops.** A [`Stop`] (deadline, cancel flag) is looked at every 1024 steps of
//!   propagation and search, and in root probing; a search cut short says so
//!   ([`Search::stopped`]). [`fills_by_propagation`] runs propagation alone: the
//!   generator's proof of uniqueness on big grids; `reduce` removes givens while it
//!   holds, on one state undone with the trail.
//!
//! # Measurements
//!
//! CPU time of `examples/matrix_solve` (count up to 2) on a shared, loaded 2-core machine
//! (wall time was 2–10× higher); "—" is no answer within 20–30 s of CPU (or 60 s of wall).
//! "Before" is the copy-per-guess solver with singles only and cell or house-digit
//! min-size branching.
//!
//! | puzzle (data/large) | givens | before | after | guesses after |
//! |---|---|---|---|---|
//! | rkkautsar 4-1, 16-1 | 25%, 45% | 35 µs, 0.25 ms (wall) | 27 µs, 0.11 ms (wall) | 0 |
//! | rkkautsar 25-1 | 40% | — | 0.9 ms (wall) | 0 |
//! | rkkautsar 64-1 (not unique), 64-2 | 59%, 61% | — | — | |
//! | rkkautsar 81-1 | 60% | — | 86 ms | 0 |
//! | rkkautsar 100-1 | 66% | — | 22 ms | 0 |
//! | rkkautsar 144-1, 144-2 | 65% | 81 ms, — | 12 ms, 37 ms | 0 |
//! | rkkautsar 225-1, 225-2 | 67%, 80% | —, 466 ms | —, 24 ms | |
//! | rkkautsar 400-1 = kociemba hn_singles | 72% | 3.4 s | 0.19 s | 0 |
//! | kociemba h_singles | 73% | ≈3.4 s (9–11 s wall) | 0.18 s | 0 |
//! | kociemba hn_singles fewclues, n_singles fewclues | 36%, 25% | 12 s, 10 s (wall) | 1.2 s, 2.1 s | 0 |
//!
//! What helped, in order:
//! 1. The trail and the position bitsets: placing costs what it eliminates, nothing is
//!    copied per guess (400x400 singles puzzles 3.4 s → 0.19 s). Not recording the trail
//!    before the first choice: another ~10% on the few-clue 400x400 puzzles.
//! 2. Locked candidates, checked when a house-digit drops to a box side of places: 25x25
//!    from a time-out to 105 guesses (3 ms).
//! 3. dom/wdeg weights: 100x100 solved (6.8k guesses); keeping open columns in undoable
//!    sparse sets cut a guess from 265 µs to 100 µs there.
//! 4. Least-constraining value first: 100x100 from 6.6k guesses to 382.
//! 5. Luby restarts (unit 100): 144x144-2 from 944 guesses to 367; 100x100 6.6k → 5.1k.
//! 6. Root probing: of two-option columns, 100x100 and 144x144-2 with 0 guesses; also of
//!    three-option columns, 81x81 from no answer to 0 guesses in 0.1 s. Each candidate
//!    at most once between changes, and none that a successful probe placed (2026-11-29):
//!    on 64x64-2 5.6k probes instead of 10k, its root from 53 to 35 ms (10% of the
//!    process's instructions), 81x81 6%.
//!
//! What did not: probing at every node, or down to depth 3 or 8 (far fewer guesses per
//! second; no new puzzle solved); probing again at each restart, or probing four-option
//! columns (64x64 and 225x225-1 still unsolved); random value order; restart units of 30
//! or 1000. Root probing costs more than it saves on 9x9 (top1465
//! 6.3k → 2.7k puzzles/s), hence only from side 25.
//!
//! Left: 64x64-2 and 64x64-1 are answered by the SAT hand-over (0.3 s and ~6 s of CPU;
//! `docs/giant-grids.md`); 225x225-1 by the all-different filter at the hand-over. The
//! few-clue 400x400 puzzles spend their time on 18–27M single eliminations (cache misses
//! in the position bitsets). Empty grids got worse: 49x49 takes 102k guesses (1.7 s) where
//! plain min-size branching took 6.5k (0.19 s); without restarts it does not finish, and
//! empty 100x100 finishes with neither. Filling big empty grids (a generator's first step)
//! wants its own greedy strategy or a tuning for it.
//!
//! Sparse grids (`examples/sparse_solve`, 30 s limit; givens sampled from a shuffled
//! pattern solution): with the pattern phase below 1% of givens and plain search above,
//! 36x36 to 100x100 with 1 to 5% givens answer in 0.01–2.5 s, except one 64x64 with 32
//! givens (no answer). The phase at every sparsity (20% and up): 64x64 to 100x100 with
//! 40+ givens had no answer at all; phase saving (the last digit placed becomes the
//! phase) was worse still (49x49 with 120 givens: 0.02 s plain, 13 s with saving).
//!
//! On 9x9 (CPU, count up to 2, same machine and load, side by side): top1465 4.1–5.9k →
//! 7.6–8.8k puzzles/s (43.6 → 11.7 guesses per puzzle), hardest1106 700–760 → 990–1180
//! puzzles/s (363 → 129 guesses). The solver before also counted other than 1 on 36 of
//! top1465 and 3 of hardest1106; an independent brute force finds every puzzle of
//! hardest1106 unique (top1465 was not rechecked), as the new solver does.

pub use pattern::pattern_solution;

use crate::grid::{Candidates, Grid};
use crate::shape::SideDivisor;
use crate::stop::Stop;
use buckets::Buckets;
use drive::{run, run_search, Question};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tuning::*;

/// Words in the biggest bitset (400 digits or positions).
const MAXW: usize = 7;

/// Precomputed geometry of one shape.
struct Geometry {
    n: usize,
    br: usize,
    bc: usize,
    /// Words per bitset of `n` bits.
    wpc: usize,
    /// Cells of each house by position, `3n × n`: rows, then columns, then boxes (empty
    /// until [`Geometry::complete`]).
    house_cells: Vec<u32>,
    /// Houses of each cell: row, `n` + column, `2n` + box (empty until
    /// [`Geometry::complete`]).
    cell_houses: Vec<[u32; 3]>,
    /// Position of each cell inside its three houses (empty until
    /// [`Geometry::complete`]).
    cell_pos: Vec<[u16; 3]>,
    /// Locked candidates are possible once a house-digit has at most this many places
    /// (by house kind: row, column, box).
    lock_limit: [u16; 3],
    /// `(x / bc, x % bc)` and `(x / br, x % br)` for every `x < n` (a position, a line, a
    /// box): looked up, since a division by a side known only at run time costs tens of
    /// cycles and a locked-candidates check took several (a fifth of propagation's time).
    by_bc: Vec<(u16, u16)>,
    by_br: Vec<(u16, u16)>,
    /// Division by the side, for [`Self::split`] (exact below `2^32`; a house-digit is
    /// below `3n²`).
    divisor: SideDivisor,
}

impl Geometry {
    fn new(shape: crate::Shape) -> Geometry {
        let mut geo = Geometry::light(shape);
        geo.complete();
        geo
    }

    /// The geometry without `cell_houses`, `house_cells` and `cell_pos`, which only the
    /// dense state reads: the first pass keeps its open cells' houses itself
    /// ([`Geometry::houses_at`]), and on a grid it fills the three were a tenth of the
    /// answer (225x225-2, with 600 KB of fresh memory for `cell_houses` alone).
    /// [`Geometry::complete`] adds them.
    fn light(shape: crate::Shape) -> Geometry {
        let n = shape.side();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let by_bc: Vec<(u16, u16)> = (0..n).map(|x| ((x / bc) as u16, (x % bc) as u16)).collect();
        let by_br: Vec<(u16, u16)> = (0..n).map(|x| ((x / br) as u16, (x % br) as u16)).collect();
        Geometry {
            n,
            br,
            bc,
            wpc: n.div_ceil(64),
            house_cells: Vec::new(),
            cell_houses: Vec::new(),
            cell_pos: Vec::new(),
            lock_limit: [bc as u16, br as u16, br.max(bc) as u16],
            by_bc,
            by_br,
            divisor: SideDivisor::new(n),
        }
    }

    /// The row, column and box (house numbers) of the cell at row `r`, column `c`.
    #[inline]
    fn houses_at(&self, r: usize, c: usize) -> [u32; 3] {
        let n = self.n;
        let b = usize::from(self.by_br[r].0) * (n / self.bc) + usize::from(self.by_bc[c].0);
        [r as u32, (n + c) as u32, (2 * n + b) as u32]
    }

    /// Adds what [`Geometry::light`] leaves out (once: a second call does nothing).
    fn complete(&mut self) {
        if !self.house_cells.is_empty() {
            return;
        }
        let (n, bc) = (self.n, self.bc);
        let mut house_cells = vec![0u32; 3 * n * n];
        let mut cell_houses = Vec::with_capacity(n * n);
        let mut cell_pos = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                let cell = (r * n + c) as u32;
                let houses = self.houses_at(r, c);
                let pb = usize::from(self.by_br[r].1) * bc + usize::from(self.by_bc[c].1);
                house_cells[r * n + c] = cell;
                house_cells[(n + c) * n + r] = cell;
                house_cells[houses[2] as usize * n + pb] = cell;
                cell_houses.push(houses);
                cell_pos.push([c as u16, r as u16, pb as u16]);
            }
        }
        self.house_cells = house_cells;
        self.cell_houses = cell_houses;
        self.cell_pos = cell_pos;
    }

    /// The house and the digit of house-digit `hd` (`house · n + digit`).
    #[inline]
    fn split(&self, hd: usize) -> (usize, usize) {
        self.divisor.split(hd)
    }

    /// Word `i` of a set holding every digit (or position) `0..n`.
    #[inline]
    fn full_word(&self, i: usize) -> u64 {
        if self.n >= i * 64 + 64 {
            !0
        } else {
            (1u64 << (self.n - i * 64)) - 1
        }
    }

    /// The kind of house-digit `hd`'s house: 0 a row, 1 a column, 2 a box.
    #[inline]
    fn kind(&self, hd: usize) -> usize {
        let nn = self.n * self.n;
        usize::from(hd >= nn) + usize::from(hd >= 2 * nn)
    }
}

/// Something propagation must look at.
#[derive(Clone, Copy)]
enum Pending {
    /// A cell down to one candidate.
    Naked(u32),
    /// A house-digit (`house · n + digit`) down to one place.
    Hidden(u32),
}

/// A trail entry: an eliminated candidate or a placed cell.
#[derive(Clone, Copy)]
enum Change {
    Elim(u32, u16),
    Place(u32),
}

/// The search state, changed in place and restored from the trail. (A clone serves the
/// tests, which run two probings from one state.)
#[derive(Clone)]
struct Solver<'g> {
    geo: &'g Geometry,
    /// `N × wpc` candidate words. A placed cell keeps its digit.
    cand: Vec<u64>,
    ncand: Vec<u16>,
    /// 0 empty, else 1-based digit.
    value: Vec<u16>,
    /// `3n·n × wpc`: positions of the house where the digit may go (`(house·n + digit)·wpc`).
    pos: Vec<u64>,
    npos: Vec<u16>,
    /// `3n × n`: the digit is placed in the house.
    placed: Vec<bool>,
    empty: usize,
    trail: Vec<Change>,
    /// Whether changes go on the trail: not before the first choice, as they are never
    /// undone (on a 400x400 grid with few clues that is 27M eliminations).
    recording: bool,
    singles: Vec<Pending>,
    /// House-digits to check for locked candidates.
    locked: Vec<u32>,
    /// The constraint that failed last: a cell, or `N` + house-digit.
    conflict: usize,
    /// Failures per constraint (cells, then house-digits), for branching.
    weight: Vec<u32>,
    /// Sparse sets of the empty cells and open house-digits (`N` + house-digit), in one
    /// array with a split: `open[..open_cells]` are cells, then come house-digits. Removal
    /// swaps to the end of its part, so undo in trail order just grows the part back.
    open_cells: Vec<u32>,
    open_hds: Vec<u32>,
    n_open_cells: usize,
    n_open_hds: usize,
    /// Where each cell / house-digit stands in its sparse set.
    at: Vec<u32>,
    /// Salt of the tie-breaking hash (drawn from `rng` at each restart).
    salt: u64,
    rng: ChaCha8Rng,
    /// Order values least-constraining first (else: first candidate or place).
    lcv: bool,
    /// The digit (1-based) to try first in each cell when it is still a candidate, 0 for
    /// none: a pattern solution on sparse grids, so that they fill without search; dropped
    /// at the first failure.
    phase: Vec<u16>,
    /// Cells before this one (row by row) are filled: where the next phase choice is looked
    /// for, so that following the phase costs no scan of the open cells. Back to 0 on undo.
    phase_cursor: usize,
    /// Open cells and house-digits by size on sparse grids ([`Tuning::buckets_below`]), so
    /// that the choice looks only at the smallest and the weighted (`buckets.rs`).
    buckets: Option<Buckets>,
    /// The cells and house-digits with a weight, each listed when it gets its first: the
    /// bucketed choice looks at them beside the smallest bucket.
    weighted: Vec<u32>,
    /// A copy of the root state for restarts (`root.rs`), on the size buckets' grids.
    root: Option<Box<root::RootCopy>>,
    /// When to give up, checked every [`TICK`] propagation steps and guesses.
    stop: &'g Stop,
    ticks: u32,
    /// The stop was reached: the answer is incomplete.
    stopped: bool,
}

/// Steps between two looks at the clock (a step is a placement, a locked-candidates
/// check or a guess: microseconds at most, even on 400x400).
const TICK: u32 = 1024;

/// Calls `f` with the index of every set bit of `words` (a copy, so `f` may change the
/// original).
#[inline]
fn for_bits(words: &[u64; MAXW], wpc: usize, mut f: impl FnMut(usize) -> bool) -> bool {
    for (i, &w0) in words[..wpc].iter().enumerate() {
        let mut w = w0;
        while w != 0 {
            let b = i * 64 + w.trailing_zeros() as usize;
            w &= w - 1;
            if !f(b) {
                return false;
            }
        }
    }
    true
}

#[inline]
fn first_bit(words: &[u64]) -> Option<usize> {
    words
        .iter()
        .enumerate()
        .find(|(_, &w)| w != 0)
        .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
}

#[inline]
fn last_bit(words: &[u64]) -> Option<usize> {
    words
        .iter()
        .enumerate()
        .rev()
        .find(|(_, &w)| w != 0)
        .map(|(i, w)| i * 64 + 63 - w.leading_zeros() as usize)
}

impl<'g> Solver<'g> {
    /// The state of `grid`'s givens; `None` if two givens clash.
    fn new(geo: &'g Geometry, grid: &Grid, stop: &'g Stop) -> Option<Solver<'g>> {
        let (n, wpc) = (geo.n, geo.wpc);
        let used = grid.digits_by_house()?;
        let value = grid.values().to_vec();
        let mut cand = vec![0u64; n * n * wpc];
        let mut ncand = vec![0u16; n * n];
        for (cell, (cw, &v)) in cand.chunks_exact_mut(wpc).zip(&value).enumerate() {
            // A given has one candidate, counted without a popcount (no `popcnt` in the
            // baseline x86-64 build).
            if v != 0 {
                let d = v as usize - 1;
                cw[d / 64] = 1 << (d % 64);
                ncand[cell] = 1;
            } else {
                let [a, b, c] = geo.cell_houses[cell].map(|h| h as usize * wpc);
                for (i, w) in cw.iter_mut().enumerate() {
                    *w = geo.full_word(i) & !(used[a + i] | used[b + i] | used[c + i]);
                }
                ncand[cell] = cw.iter().map(|w| w.count_ones() as u16).sum();
            }
        }
        Some(Solver::with_values(geo, value, cand, ncand, stop))
    }

    /// The state the first pass reached (`first_pass.rs`): its values and candidates as
    /// they are, the rest built from them.
    fn reached(geo: &'g Geometry, reached: first_pass::Reached, stop: &'g Stop) -> Solver<'g> {
        let first_pass::Reached { value, cand, ncand } = reached;
        Solver::with_values(geo, value, cand, ncand, stop)
    }

    /// The state of these values and candidates, the house-digits placed and the cells
    /// open counted from the values.
    fn with_values(
        geo: &'g Geometry,
        value: Vec<u16>,
        cand: Vec<u64>,
        ncand: Vec<u16>,
        stop: &'g Stop,
    ) -> Solver<'g> {
        let n = geo.n;
        let mut placed = vec![false; 3 * n * n];
        let mut empty = value.len();
        for (cell, &v) in value.iter().enumerate() {
            if v != 0 {
                for &h in &geo.cell_houses[cell] {
                    placed[h as usize * n + v as usize - 1] = true;
                }
                empty -= 1;
            }
        }
        Solver::with_candidates(geo, value, placed, empty, cand, ncand, stop)
    }

    /// The state of these values and candidates (`placed`: the house-digits placed,
    /// `empty`: the cells open), its place words built from the candidates.
    fn with_candidates(
        geo: &'g Geometry,
        value: Vec<u16>,
        placed: Vec<bool>,
        empty: usize,
        cand: Vec<u64>,
        ncand: Vec<u16>,
        stop: &'g Stop,
    ) -> Solver<'g> {
        let (n, cells) = (geo.n, value.len());
        let (pos, npos) = places::of(geo, &cand, &ncand);
        Solver {
            geo,
            cand,
            ncand,
            value,
            pos,
            npos,
            placed,
            empty,
            trail: Vec::new(),
            recording: false,
            singles: Vec::new(),
            locked: Vec::new(),
            conflict: 0,
            weight: vec![0; cells + 3 * n * n],
            open_cells: Vec::new(),
            open_hds: Vec::new(),
            n_open_cells: 0,
            n_open_hds: 0,
            at: vec![0; cells + 3 * n * n],
            salt: 0,
            rng: ChaCha8Rng::seed_from_u64(0x9e37_79b9_7f4a_7c15),
            lcv: true,
            phase: Vec::new(),
            phase_cursor: 0,
            buckets: None,
            weighted: Vec::new(),
            root: None,
            stop,
            ticks: 0,
            stopped: false,
        }
    }

    /// Queues every single and locked-candidate check of the fresh state. Returns false on
    /// an obvious contradiction (a cell or a house-digit with no place).
    fn queue_all(&mut self) -> bool {
        let n = self.geo.n;
        let nn = n * n;
        // The sparse sets are filled without a branch: every index is written at the end,
        // and only an open one moves the end on. On a nearly full grid the open ones come
        // at random, and guessing them cost this function most of its time.
        self.open_cells.clear();
        self.open_cells.resize(nn, 0);
        let mut k = 0;
        for cell in 0..nn {
            self.open_cells[k] = cell as u32;
            self.at[cell] = k as u32;
            k += usize::from(self.value[cell] == 0);
        }
        self.open_cells.truncate(k);
        self.open_hds.clear();
        self.open_hds.resize(3 * nn, 0);
        let mut k = 0;
        for hd in 0..3 * nn {
            self.open_hds[k] = hd as u32;
            self.at[nn + hd] = k as u32;
            k += usize::from(!self.placed[hd]);
        }
        self.open_hds.truncate(k);
        self.n_open_cells = self.open_cells.len();
        self.n_open_hds = self.open_hds.len();
        for i in 0..self.n_open_cells {
            let cell = self.open_cells[i] as usize;
            match self.ncand[cell] {
                0 => return false,
                1 => self.singles.push(Pending::Naked(cell as u32)),
                _ => {}
            }
        }
        for i in 0..self.n_open_hds {
            let hd = self.open_hds[i] as usize;
            match self.npos[hd] {
                0 => return false,
                1 => self.singles.push(Pending::Hidden(hd as u32)),
                c if c <= self.geo.lock_limit[self.geo.kind(hd)] => self.locked.push(hd as u32),
                _ => {}
            }
        }
        true
    }

    /// Puts every open cell and house-digit in size buckets, in step with the trail: from
    /// now on the choice looks only at the smallest and the weighted (sparse grids).
    fn use_buckets(&mut self) {
        let nn = self.geo.n * self.geo.n;
        let cells = (0..nn).map(|c| (self.value[c] == 0).then_some(self.ncand[c]));
        let hds = (0..3 * nn).map(|hd| (!self.placed[hd]).then_some(self.npos[hd]));
        let b = Buckets::new(cells.chain(hds), self.trail.len());
        self.buckets = Some(b);
    }

    /// Counts a failure against the constraint that failed last (dom/wdeg).
    fn fail_at_conflict(&mut self) {
        let w = &mut self.weight[self.conflict];
        if *w == 0 {
            self.weighted.push(self.conflict as u32);
        }
        *w += 1;
    }

    #[inline]
    fn has(&self, cell: usize, d: usize) -> bool {
        self.cand[cell * self.geo.wpc + d / 64] >> (d % 64) & 1 == 1
    }

    /// A copy of the `wpc` words at `at`, the rest zero. Copied word by word: a slice copy
    /// of a length known only at run time is a call to `memcpy`, which on a 225x225 grid
    /// nearly full was 5% of the time to answer.
    #[inline]
    fn words(src: &[u64], at: usize, wpc: usize) -> [u64; MAXW] {
        let src = &src[at..at + wpc];
        std::array::from_fn(|i| if i < wpc { src[i] } else { 0 })
    }

    /// Removes candidate `d` (0-based) from `cell`. Returns false on contradiction; the
    /// state stays consistent either way.
    #[inline]
    fn eliminate(&mut self, cell: usize, d: usize) -> bool {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let w = &mut self.cand[cell * wpc + d / 64];
        let bit = 1u64 << (d % 64);
        if *w & bit == 0 {
            return true;
        }
        *w &= !bit;
        self.ncand[cell] -= 1;
        if self.recording {
            self.trail.push(Change::Elim(cell as u32, d as u16));
        }
        let mut ok = true;
        for k in 0..3 {
            let hd = geo.cell_houses[cell][k] as usize * n + d;
            let p = geo.cell_pos[cell][k] as usize;
            self.pos[hd * wpc + p / 64] &= !(1u64 << (p % 64));
            self.npos[hd] -= 1;
            if !self.placed[hd] {
                match self.npos[hd] {
                    0 => {
                        ok = false;
                        self.conflict = n * n + hd;
                    }
                    1 => self.singles.push(Pending::Hidden(hd as u32)),
                    c if c <= geo.lock_limit[k] => self.locked.push(hd as u32),
                    _ => {}
                }
            }
        }
        match self.ncand[cell] {
            0 => {
                self.conflict = cell;
                false
            }
            1 if self.value[cell] == 0 => {
                self.singles.push(Pending::Naked(cell as u32));
                ok
            }
            _ => ok,
        }
    }

    /// Places digit `d` (0-based) in `cell`. Returns false on contradiction.
    fn assign(&mut self, cell: usize, d: usize) -> bool {
        if self.value[cell] != 0 {
            return self.value[cell] as usize == d + 1;
        }
        if !self.has(cell, d) {
            return false;
        }
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let others = Self::words(&self.cand, cell * wpc, wpc);
        if !for_bits(&others, wpc, |e| e == d || self.eliminate(cell, e)) {
            return false;
        }
        let houses = geo.cell_houses[cell];
        if houses.iter().any(|&h| self.placed[h as usize * n + d]) {
            return false;
        }
        for &h in &houses {
            self.placed[h as usize * n + d] = true;
        }
        let nn = n * n;
        {
            let i = self.at[cell] as usize;
            let last = self.open_cells[self.n_open_cells - 1] as usize;
            self.open_cells.swap(i, self.n_open_cells - 1);
            self.at[last] = i as u32;
            self.at[cell] = (self.n_open_cells - 1) as u32;
            self.n_open_cells -= 1;
        }
        for &h in &houses {
            let hd = h as usize * n + d;
            let i = self.at[nn + hd] as usize;
            let last = self.open_hds[self.n_open_hds - 1] as usize;
            self.open_hds.swap(i, self.n_open_hds - 1);
            self.at[nn + last] = i as u32;
            self.at[nn + hd] = (self.n_open_hds - 1) as u32;
            self.n_open_hds -= 1;
        }
        self.value[cell] = (d + 1) as u16;
        self.empty -= 1;
        if self.recording {
            self.trail.push(Change::Place(cell as u32));
        }
        for &h in &houses {
            let h = h as usize;
            let peers = Self::words(&self.pos, (h * n + d) * wpc, wpc);
            let ok = for_bits(&peers, wpc, |p| {
                let c = geo.house_cells[h * n + p] as usize;
                c == cell || self.eliminate(c, d)
            });
            if !ok {
                return false;
            }
        }
        true
    }

    /// Eliminates `d` from the cells of house `h` at the positions in `words` for which
    /// `skip` is false.
    fn eliminate_at(&mut self, h: usize, d: usize, skip: impl Fn(usize) -> bool) -> bool {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let words = Self::words(&self.pos, (h * n + d) * wpc, wpc);
        for_bits(&words, wpc, |p| {
            skip(p) || self.eliminate(geo.house_cells[h * n + p] as usize, d)
        })
    }

    /// Locked candidates for house-digit `hd`: when every place of the digit in a row or
    /// column lies in one box, the digit leaves the rest of the box, and when every place in
    /// a box lies in one row or column, it leaves the rest of that line.
    fn locked_candidates(&mut self, hd: usize) -> bool {
        let geo = self.geo;
        let (n, wpc, br, bc) = (geo.n, geo.wpc, geo.br, geo.bc);
        let kind = geo.kind(hd);
        if self.placed[hd] || self.npos[hd] < 2 || self.npos[hd] > geo.lock_limit[kind] {
            return true;
        }
        let (h, d) = geo.split(hd);
        let w = &self.pos[hd * wpc..(hd + 1) * wpc];
        let (Some(p0), Some(p1)) = (first_bit(w), last_bit(w)) else {
            return false;
        };
        // Boxes are numbered band by band, `br` to a band (`n / bc` stacks).
        let (by_bc, by_br) = (&geo.by_bc, &geo.by_br);
        match kind {
            0 => {
                // Row r: places are columns.
                let stack = by_bc[p0].0;
                if by_bc[p1].0 != stack {
                    return true;
                }
                let (band, ir) = by_br[h];
                let b = 2 * n + band as usize * br + stack as usize;
                if self.npos[b * n + d] == self.npos[hd] {
                    return true;
                }
                self.eliminate_at(b, d, |p| by_bc[p].0 == ir)
            }
            1 => {
                // Column c: places are rows.
                let band = by_br[p0].0;
                if by_br[p1].0 != band {
                    return true;
                }
                let (stack, ic) = by_bc[h - n];
                let b = 2 * n + band as usize * br + stack as usize;
                if self.npos[b * n + d] == self.npos[hd] {
                    return true;
                }
                self.eliminate_at(b, d, |p| by_bc[p].1 == ic)
            }
            _ => {
                // Box: places are in-box row · bc + in-box column.
                let (band, stack) = by_br[h - 2 * n];
                let (ir, ic) = by_bc[p0];
                if by_bc[p1].0 == ir {
                    let r = band as usize * br + ir as usize;
                    if self.npos[r * n + d] == self.npos[hd] {
                        return true;
                    }
                    return self.eliminate_at(r, d, |p| by_bc[p].0 == stack);
                }
                let mut same = true;
                let words = Self::words(&self.pos, hd * wpc, wpc);
                for_bits(&words, wpc, |p| {
                    same &= by_bc[p].1 == ic;
                    same
                });
                if !same {
                    return true;
                }
                let c = n + stack as usize * bc + ic as usize;
                if self.npos[c * n + d] == self.npos[hd] {
                    return true;
                }
                self.eliminate_at(c, d, |p| by_br[p].0 == band)
            }
        }
    }

    /// Applies singles, then locked candidates, until nothing is left. Returns false on
    /// contradiction (and empties the queues).
    fn propagate(&mut self) -> bool {
        let n = self.geo.n;
        let wpc = self.geo.wpc;
        loop {
            if self.tick() {
                self.singles.clear();
                self.locked.clear();
                return false;
            }
            let ok = if let Some(p) = self.singles.pop() {
                match p {
                    Pending::Naked(cell) => {
                        let cell = cell as usize;
                        if self.value[cell] != 0 {
                            true
                        } else {
                            match first_bit(&self.cand[cell * wpc..(cell + 1) * wpc]) {
                                Some(d) => self.assign(cell, d),
                                None => false,
                            }
                        }
                    }
                    Pending::Hidden(hd) => {
                        let hd = hd as usize;
                        if self.placed[hd] {
                            true
                        } else {
                            match first_bit(&self.pos[hd * wpc..(hd + 1) * wpc]) {
                                Some(p) => {
                                    let (h, d) = self.geo.split(hd);
                                    self.assign(self.geo.house_cells[h * n + p] as usize, d)
                                }
                                None => false,
                            }
                        }
                    }
                }
            } else if let Some(hd) = self.locked.pop() {
                self.locked_candidates(hd as usize)
            } else {
                return true;
            };
            if !ok {
                self.singles.clear();
                self.locked.clear();
                return false;
            }
        }
    }

    /// Undoes every change after the first `mark` of the trail.
    fn undo_to(&mut self, mark: usize) {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        self.singles.clear();
        self.locked.clear();
        self.phase_cursor = 0;
        if let Some(b) = &mut self.buckets {
            b.unsync_to(mark, &self.trail, geo, &self.value);
        }
        while self.trail.len() > mark {
            match self.trail.pop().expect("trail longer than mark") {
                Change::Elim(cell, d) => {
                    let (cell, d) = (cell as usize, d as usize);
                    self.cand[cell * wpc + d / 64] |= 1u64 << (d % 64);
                    self.ncand[cell] += 1;
                    for k in 0..3 {
                        let hd = geo.cell_houses[cell][k] as usize * n + d;
                        let p = geo.cell_pos[cell][k] as usize;
                        self.pos[hd * wpc + p / 64] |= 1u64 << (p % 64);
                        self.npos[hd] += 1;
                    }
                }
                Change::Place(cell) => {
                    let cell = cell as usize;
                    let d = self.value[cell] as usize - 1;
                    for &h in &geo.cell_houses[cell] {
                        self.placed[h as usize * n + d] = false;
                    }
                    self.n_open_hds += 3;
                    self.n_open_cells += 1;
                    self.value[cell] = 0;
                    self.empty += 1;
                }
            }
        }
    }

    /// Failed-literal probing on the narrow choices (cells with at most `max` candidates,
    /// house-digits with at most `max` places): a candidate whose placement propagates to a
    /// contradiction is eliminated. Repeats until a sweep finds nothing. Returns false on
    /// contradiction.
    ///
    /// Between two changes of the state, a candidate is probed at most once, though it may
    /// be narrow in its cell and in three houses, and not at all if a successful probe
    /// placed it: propagation is monotone, so what it derives is a part of what that probe
    /// derived, which held no contradiction.
    fn probe(&mut self, max: u16) -> bool {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let mut lits: Vec<(u32, u16)> = Vec::new();
        // The sweep's candidates, each once, by cell; where each cell's first is.
        let mut keys: Vec<(u32, u16)> = Vec::new();
        let mut first = vec![0u32; n * n];
        // The state's generation when the candidate was last probed or placed by a
        // successful probe (0: never); a failed probe starts a new generation.
        let mut holds: Vec<u32> = Vec::new();
        let mut generation = 1u32;
        let find = |keys: &[(u32, u16)], first: &[u32], cell: u32, d: u16| {
            let mut j = first[cell as usize] as usize;
            while j < keys.len() && keys[j].0 == cell {
                if keys[j].1 == d {
                    return Some(j);
                }
                j += 1;
            }
            None
        };
        loop {
            lits.clear();
            for &cell in &self.open_cells[..self.n_open_cells] {
                let cell = cell as usize;
                if self.ncand[cell] <= max {
                    let cw = Self::words(&self.cand, cell * wpc, wpc);
                    for_bits(&cw, wpc, |d| {
                        lits.push((cell as u32, d as u16));
                        true
                    });
                }
            }
            for &hd in &self.open_hds[..self.n_open_hds] {
                let hd = hd as usize;
                if self.npos[hd] <= max {
                    let pw = Self::words(&self.pos, hd * wpc, wpc);
                    for_bits(&pw, wpc, |p| {
                        lits.push((geo.house_cells[(hd / n) * n + p], (hd % n) as u16));
                        true
                    });
                }
            }
            // In the order found (it decides which failures come first, and so the
            // weights the search starts with), each candidate once.
            keys.clear();
            keys.extend_from_slice(&lits);
            keys.sort_unstable();
            keys.dedup();
            for (j, &(cell, _)) in keys.iter().enumerate().rev() {
                first[cell as usize] = j as u32;
            }
            holds.clear();
            holds.resize(keys.len(), 0);
            let mut changed = false;
            for &(cell, d) in &lits {
                let i = find(&keys, &first, cell, d).expect("every candidate is a key");
                let (cell, d) = (cell as usize, d as usize);
                if holds[i] == generation || self.value[cell] != 0 || !self.has(cell, d) {
                    continue;
                }
                holds[i] = generation;
                let mark = self.trail.len();
                let ok = self.assign(cell, d) && self.propagate();
                if ok {
                    for change in &self.trail[mark..] {
                        if let Change::Place(c) = *change {
                            let v = self.value[c as usize] - 1;
                            if let Some(j) = find(&keys, &first, c, v) {
                                holds[j] = generation;
                            }
                        }
                    }
                }
                self.undo_to(mark);
                if self.stopped {
                    return false;
                }
                if !ok {
                    self.fail_at_conflict();
                    changed = true;
                    generation += 1;
                    if !(self.eliminate(cell, d) && self.propagate()) {
                        return false;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Counts a step; every [`TICK`] steps looks at the stop. True once it is reached.
    #[inline]
    fn tick(&mut self) -> bool {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks.is_multiple_of(TICK) && !self.stopped && self.stop.reached() {
            self.stopped = true;
        }
        self.stopped
    }

    /// The choice to branch on, as DLX would pick its column but weighted by past failures
    /// (dom/wdeg): among the empty cells (size: candidates) and the open house-digits (size:
    /// places), the one with the smallest size / (1 + weight), ties broken at random.
    /// Returns the cell and digit to try first.
    fn branch_choice(&mut self) -> Option<(usize, usize)> {
        let geo = self.geo;
        let (n, wpc) = (geo.n, geo.wpc);
        let nn = n * n;
        // Following the phase: the next empty cell in row order, while its phase digit is
        // still a candidate (a sparse grid fills this way without a scan per choice).
        if !self.phase.is_empty() {
            while self.phase_cursor < nn {
                let cell = self.phase_cursor;
                if self.value[cell] == 0 {
                    let v = self.phase[cell] as usize;
                    if v != 0 && self.has(cell, v - 1) {
                        return Some((cell, v - 1));
                    }
                    break;
                }
                self.phase_cursor += 1;
            }
        }
        let mut best = usize::MAX;
        let (mut bsize, mut bw, mut bh) = (u64::MAX, 0u64, 0u64);
        let salt = self.salt;
        let mut consider = |col: usize, size: u16, w: u32| {
            let (size, w) = (size as u64, w as u64 + 1);
            let (a, b) = (size * bw, bsize.saturating_mul(w));
            if a < b || best == usize::MAX {
                best = col;
                bsize = size;
                bw = w;
                bh = (col as u64 ^ salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            } else if a == b {
                let h = (col as u64 ^ salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                if h < bh {
                    best = col;
                    bsize = size;
                    bw = w;
                    bh = h;
                }
            }
        };
        if let Some(b) = &mut self.buckets {
            // The best is of the smallest size or has a weight (`buckets.rs`).
            b.sync(&self.trail, geo, &self.value);
            b.each_smallest(|i, size| consider(i, size, self.weight[i]));
            for &i in &self.weighted {
                let i = i as usize;
                if i < nn && self.value[i] == 0 {
                    consider(i, self.ncand[i], self.weight[i]);
                } else if i >= nn && !self.placed[i - nn] {
                    consider(i, self.npos[i - nn], self.weight[i]);
                }
            }
        } else {
            for &cell in &self.open_cells[..self.n_open_cells] {
                let cell = cell as usize;
                consider(cell, self.ncand[cell], self.weight[cell]);
            }
            for &hd in &self.open_hds[..self.n_open_hds] {
                let hd = hd as usize;
                consider(nn + hd, self.npos[hd], self.weight[nn + hd]);
            }
        }
        if best == usize::MAX {
            return None;
        }
        let lcv = self.lcv;
        // Value order: the least constraining (fewest peers lose a candidate), or the first.
        let mut pick = None;
        let mut best_impact = u32::MAX;
        if best < nn {
            let cell = best;
            if let Some(&v) = self.phase.get(cell) {
                if v != 0 && self.has(cell, v as usize - 1) {
                    return Some((cell, v as usize - 1));
                }
            }
            let cw = Self::words(&self.cand, cell * wpc, wpc);
            for_bits(&cw, wpc, |d| {
                if lcv {
                    let impact: u32 = geo.cell_houses[cell]
                        .iter()
                        .map(|&h| self.npos[h as usize * n + d] as u32)
                        .sum();
                    if impact < best_impact {
                        best_impact = impact;
                        pick = Some(d);
                    }
                    return true;
                }
                pick = Some(d);
                false
            });
            return Some((cell, pick?));
        }
        let hd = best - nn;
        let d = hd % n;
        let pw = Self::words(&self.pos, hd * wpc, wpc);
        let phased = !self.phase.is_empty();
        for_bits(&pw, wpc, |p| {
            if phased && self.phase[geo.house_cells[(hd / n) * n + p] as usize] as usize == d + 1 {
                pick = Some(p);
                best_impact = 0;
                return false;
            }
            if lcv {
                let c = geo.house_cells[(hd / n) * n + p] as usize;
                let impact: u32 = self.ncand[c] as u32
                    + geo.cell_houses[c]
                        .iter()
                        .map(|&h| self.npos[h as usize * n + d] as u32)
                        .sum::<u32>();
                if impact < best_impact {
                    best_impact = impact;
                    pick = Some(p);
                }
                return true;
            }
            pick = Some(p);
            false
        });
        Some((geo.house_cells[(hd / n) * n + pick?] as usize, d))
    }

    fn solution(&self, grid: &Grid) -> Grid {
        grid_of(grid, &self.value)
    }
}

/// The solution grid of whole-grid `values` (1-based), keeping the puzzle's givens marked
/// as such.
fn grid_of(grid: &Grid, values: &[u16]) -> Grid {
    Grid::filled_from(grid, values)
}

/// What a search found: how many solutions (up to the limit asked), the first few, and how
/// many guesses it took.
#[derive(Clone, Debug, Default)]
pub struct Search {
    /// Solutions found, up to the limit asked.
    pub count: usize,
    /// The solutions kept, up to the number asked.
    pub solutions: Vec<Grid>,
    /// Branching decisions taken.
    pub guesses: u64,
    /// The [`Stop`] was reached before the search ended: `count` is only a lower bound
    /// (and a count of 0 says nothing).
    pub stopped: bool,
}

/// Counts the solutions of `grid` up to `limit`, keeping the first `keep` of them.
///
/// `marks`, when given, restricts each empty cell to its pencil marks (a Sukaku or a position
/// mid-solve): only solutions inside the marks count. Digits already in the grid that clash
/// simply make the count zero; callers that want to tell "invalid" from "no solution" check
/// [`Grid::conflicts`] first.
///
/// ```
/// use sudoku::{Grid, solve::general};
/// let g = Grid::from_line("1...............")?;
/// let s = general::search(&g, None, 1000, 0);
/// assert_eq!(s.count, 72); // 4x4 grids with a 1 in the corner
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search(grid: &Grid, marks: Option<&Candidates>, limit: usize, keep: usize) -> Search {
    search_with(grid, marks, limit, keep, &Stop::never(), Options::default())
}

/// As [`search`], giving up once `stop` is reached (then [`Search::stopped`] is set), with
/// the caller's choices in `options` (e.g. the two-core portfolio,
/// [`Options::with_portfolio`]).
///
/// ```
/// use sudoku::{Grid, Stop, solve::general};
/// let g = Grid::from_line("1...............")?;
/// let on_two_cores = general::Options::default().with_portfolio(true);
/// let s = general::search_with(&g, None, 1000, 0, &Stop::never(), on_two_cores);
/// assert_eq!(s.count, 72);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search_with(
    grid: &Grid,
    marks: Option<&Candidates>,
    limit: usize,
    keep: usize,
    stop: &Stop,
    options: Options,
) -> Search {
    let question = Question {
        grid,
        marks,
        limit,
        keep,
    };
    run(question, Tuning::default(), stop, options)
}

/// What a caller lets the general engine do beyond its defaults. The library never reads
/// the environment: a front end decides (the CLI turns the portfolio on for a single
/// puzzle given `--jobs 2` or more).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Race two SAT solvers where the search hands over (the module docs, *Portfolio*):
    /// one more thread, the first complete answer wins. Off by default; worth it only
    /// with a spare core.
    pub portfolio: bool,
}

impl Options {
    /// These options with the two-core portfolio on or off.
    pub fn with_portfolio(mut self, on: bool) -> Options {
        self.portfolio = on;
        self
    }
}

/// Whether propagation alone (naked and hidden singles, locked candidates; no guess)
/// fills `grid`. Propagation is sound, so a grid it fills has exactly that solution: this
/// proves uniqueness without search. `Err` when `stop` was reached first.
pub fn fills_by_propagation(grid: &Grid, stop: &Stop) -> Result<bool, crate::Stopped> {
    let geo = Geometry::new(grid.shape());
    let Some(mut st) = Solver::new(&geo, grid, stop) else {
        return Ok(false);
    };
    let ok = st.queue_all() && st.propagate();
    if st.stopped {
        return Err(crate::Stopped);
    }
    Ok(ok && st.empty == 0)
}

mod alldiff;
mod amo;
mod buckets;
mod cadical;
mod drive;
mod first_pass;
pub(crate) mod oracle;
mod pattern;
mod places;
mod portfolio;
pub(crate) mod reduce;
mod residual;
mod root;
mod sat;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_sat;
mod tuning;
