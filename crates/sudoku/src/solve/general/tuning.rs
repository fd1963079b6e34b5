//! The knobs of the general engine's search and the thresholds it switches on.

/// Failed branches before the SAT engine takes over (see [`Tuning::sat_after`]).
pub(super) const SAT_AFTER: u64 = 2000;

/// The knobs of the search, fixed in [`search`](super::search); tests run the variants against each other.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tuning {
    /// Luby restarts with this many failures per unit, until the first solution (0: none).
    pub(super) restart_unit: u64,
    /// With the size buckets (sparse grids), every restart but each this-many-th keeps the
    /// first [`PARTIAL_KEEP_PERMILLE`] of its choices and undoes the rest
    /// ([`partial_restart`](super::partial_restart); 0 or 1: every restart goes to the root).
    pub(super) full_restart_every: u64,
    /// Failed-literal probing at the root from this side up (`usize::MAX`: never)...
    pub(super) probe_min_side: usize,
    /// ... of the cells and house-digits with at most this many candidates or places.
    pub(super) probe_max_size: u16,
    /// From this side up the probing runs before the search; below it, at the search's
    /// first restart or the hand-over, whichever comes first, so a grid the search answers
    /// before either never pays for it ([`BIG_SIDE`]).
    pub(super) probe_first_side: usize,
    /// Least-constraining value first.
    pub(super) lcv: bool,
    /// Grids with fewer givens than this share of the cells (in percent) try a pattern
    /// solution's digit first until the search's first failure (0: never). An empty grid
    /// of side 16 and up is answered from patterns without any search.
    pub(super) phase_below_percent: usize,
    /// After this many failed branches in all, the rest of the search goes to the SAT
    /// engine ([`sat`](super::sat)) from the root state (`u64::MAX`: never).
    pub(super) sat_after: u64,
    /// From this side up, [`SAT_AFTER_BIG`] failed branches are enough for the hand-over...
    pub(super) sat_early_side: usize,
    /// ... but below this side a loose state at the root (`sat.rs`: 28% of the digits or
    /// more still open per cell, on average) keeps [`Tuning::sat_after`]
    /// ([`LOOSE_SEARCH_BELOW`]).
    pub(super) loose_search_below: usize,
    /// After the root propagation, try the formula fit (`sparse::two_solutions`) on grids
    /// it leaves open; tests of the search and the SAT engines turn it off, since their
    /// random-holed grids are cut from formula grids.
    pub(super) formula_fit: bool,
    /// From this share of the cells open after the root propagation (thousandths) the fit
    /// and root probing come before the search; below it (and from
    /// [`FIT_MIN_OPEN_PERMILLE`]) the fit waits for [`FIT_AFTER_FAILS`] failures and
    /// probing for the first restart or the hand-over.
    pub(super) fit_first_open_permille: usize,
    /// Below this side the fit always waits for [`FIT_AFTER_FAILS`] failures, however
    /// many cells are open ([`FIT_FIRST_SIDE`]).
    pub(super) fit_first_side: usize,
    /// Grids with fewer givens than this share of the cells (in percent) keep their open
    /// cells and house-digits in size buckets (`buckets.rs`): the same choices, without a
    /// scan of everything open (0: never).
    pub(super) buckets_below: usize,
    /// With the size buckets on, once fewer cells than this share of them (in thousandths)
    /// are open, every [`Tuning::endgame_filter_every`]-th guess runs the all-different
    /// filter first ([`Solver::all_different`](super::Solver)), which fails the branch at
    /// once when some house can no longer take its digits (0: never).
    pub(super) endgame_filter_below: usize,
    /// See [`Tuning::endgame_filter_below`] (0 counts as 1: every guess).
    pub(super) endgame_filter_every: u64,
    /// From this side up, propagation runs over the open cells alone (`first_pass.rs`)
    /// before the dense state is built; a grid it fills is answered without it
    /// (`usize::MAX`: never).
    pub(super) first_pass_from_side: usize,
    /// When the first pass leaves open cells with at most this many candidates per
    /// thousand cells, they are searched on their own (`residual.rs`) before the dense
    /// state is built (0: never).
    pub(super) residual_max_permille: usize,
    /// The seed of the salts that break ties between equal choices (0: the first salt is
    /// 0 and the restarts draw from a fixed stream). The race of sparse fills
    /// (`portfolio::race_fills`) gives its second search another one.
    pub(super) seed: u64,
}

/// A sparse fill (random digits typed into an empty grid, a non-formula grid at 2-5%)
/// runs its singles to within 1-2% of the last cell and then fails there a hundred times
/// over: some house's open cells no longer take its open digits one each, which singles
/// and locked candidates see only when the last of them comes down. Checking the houses'
/// matchings (`alldiff`) every 64 guesses from 2% of the cells open, the fill fails at
/// the first check after it was cornered, near the choice that did it, and goes around:
/// 225x225 with 1,000 random digits 5.8 → 2.2 s of CPU, with 1,500 8.1 → 3.2 s, 400x400
/// with 2,000 or 3,000 time-outs at 20 s → 14-19 s, a 225x225 at 5% of a random grid a
/// time-out → 2.0 s (`docs/giant-grids-sparse.md`). A share of 5% did the same; a check
/// every 16 guesses cost more than it found.
pub(super) const ENDGAME_FILTER_PERMILLE: usize = 20;
pub(super) const ENDGAME_FILTER_EVERY: u64 = 64;

/// See [`Tuning::first_pass_from_side`]. Measured in `first_pass.rs`.
pub(super) const FIRST_PASS_FROM_SIDE: usize = 36;

/// See [`Tuning::residual_max_permille`]. Measured in `residual.rs`.
pub(super) const RESIDUAL_MAX_PERMILLE: usize = 100;

/// The formula fit after the root propagation (`drive.rs`) waits for at least this share
/// of the cells still open, in thousandths. Below it the search answers at once (a few
/// dozen cells open, no guess or a handful), where the fit costs 0.5–2 ms whatever it
/// finds: random-holed grids at 70% givens (three seeds, in process) 36x36 0.82 → 0.17
/// ms, 49x49 1.49 → 0.31, 64x64 2.46 → 0.66, 81x81 5.5 → 1.4, 100x100 9.0 → 2.1; 36x36
/// and 49x49 at 60% (1–4% open) 0.93 → 0.69 and 2.33 → 0.71. At the peak, and from 64x64
/// at 60%, nearly half the cells stay open: nothing changes there.
pub(super) const FIT_MIN_OPEN_PERMILLE: usize = 50;

/// From this share of the cells open after the root propagation (thousandths) the fit
/// and root probing come before the search; below it the fit waits for
/// [`FIT_AFTER_FAILS`] failures and probing for the first restart or the hand-over. The
/// share is bimodal on random-holed grids from 36x36 to 100x100 at 42–70% givens: at
/// most 9% open (propagation cascades; the search answers in a few guesses) or at least
/// 31% (the peak, where only the fit answers in time). Instructions per answer before →
/// after (cachegrind, `bench --mode answer`): 36x36 at 58–62% (5–9% open) 7.0–8.0M →
/// 2.1–2.5M; under 5% open, where only probing moves, 49x49 at 60% 5.4–5.7M → 4.0–4.2M,
/// 64x64 at 62% 13.7M → 7.9M, at 70% 1–15% less; the peak and the files unchanged
/// (Stop 69).
pub(super) const FIT_FIRST_OPEN_PERMILLE: usize = 200;

/// The formula fit comes before the search only from this side up (given
/// [`FIT_FIRST_OPEN_PERMILLE`]); at 25x25, the smallest side it is tried on
/// (`sparse::FIT_MIN_SIDE`), it waits for [`FIT_AFTER_FAILS`] failures. There a fit that
/// finds nothing costs about 0.5 ms, more than the search of most random-holed grids
/// (0.1–0.4 ms at 50% givens), while the grids the fit answers are those the search
/// fails on: 27 formula grids at 42–50% givens, in process, 216 ms in all → 43 ms with
/// the fit first, 51 ms after 32 failures; 24 grids with no structure (our answers to
/// random digits, holed at 38–50%) 280 ms → 281 ms after failures, 290 ms first, where
/// the quickest grids of every kind doubled (`docs/giant-grids.md`, Stop 77).
pub(super) const FIT_FIRST_SIDE: usize = 36;

/// See [`FIT_FIRST_OPEN_PERMILLE`]. Deferred by failures at the peak, the fit cost 2–5
/// times its time at 36x36 and 3–10 at 64x64 and up (a failure there costs as much as
/// the fit), so only the nearly full states wait.
pub(super) const FIT_AFTER_FAILS: u64 = 32;

/// What a partial restart keeps of the stack of choices, in thousandths: the first 90%.
/// A fill of a sparse grid fails near its end, far below the choices that cornered it;
/// redoing the last tenth of a fill (the failures' weights now choosing first) is cheaper
/// than redoing all of it, and every second restart still goes to the root (`partial_restart`).
pub(super) const PARTIAL_KEEP_PERMILLE: usize = 900;

/// Failed branches before the hand-over on grids of side [`Tuning::sat_early_side`] and up
/// (but loose states below [`LOOSE_SEARCH_BELOW`]): there depth-first search that fails a
/// hundred times at the root is lost, and the 2000 failures cost 64x64-2 a fifth of its
/// time (0.33–0.35 s → 0.27–0.30 s of CPU).
pub(super) const SAT_AFTER_BIG: u64 = 100;

/// From this side up a tight state hands over after [`SAT_AFTER_BIG`] failures
/// ([`Tuning::sat_early_side`]). At 25x25 the random-holed grids the search answers after
/// a few hundred failures are formula grids, which the fit answers after
/// [`FIT_AFTER_FAILS`] since Stop 77; with it, 100 failures lose on some of them and gain
/// on more (instructions of `bench --mode answer`, 2,000 → 100 failures): 48 formula
/// grids at 38–50% givens 971M → 865M (but one 50% grid 16 → 40 ms, its set of 30 481M →
/// 517M), 30 grids with no structure (our answers to random digits, holed) 3.92G → 3.67G,
/// 45 scrambled ones the same, and the four hard 25x25 puzzles of `testdata/large` with
/// seven copies each 40.3G → 32.5G. 28x28 to 32x32 grids, holed at 38–50%, never got that
/// far (the same counts). Before the fit, 100 here tripled the formula grids' medians
/// (`docs/giant-grids.md`, Stops 64 and 82).
pub(super) const SAT_EARLY_SIDE: usize = 25;

/// Big grids: from this side up root probing runs before the search. Below it the search
/// probes at its first restart or the hand-over: most random-holed grids it answers need
/// no probing, and 25x25 ones with 42–50% givens take 25–35% less CPU that way (a sweep
/// there costs up to 30 ms, more than their search), while the hard puzzles made by
/// SAT-proven removal, which go on to the hand-over, take the same time
/// (`docs/giant-grids-learning.md`).
pub(super) const BIG_SIDE: usize = 36;

/// Loose states at the root (28% of the digits or more still open per cell, on average:
/// `sat.rs`) of sides from [`SAT_EARLY_SIDE`] to below this one keep the search for
/// [`SAT_AFTER`] failures: on them depth-first search found solutions that batsat paid
/// for in loading alone (60 ms of 160 on a 36x36 at 30% givens). Over 24 structure-free
/// 36x36 grids a row, CPU s, 100 failures against 2,000: 26% givens 1.79 → 0.86, 30%
/// 3.24 → 2.64, 34% 11.7 → 11.1 (and 5,000 to 20,000 failures the same as 2,000); tight
/// states lose with it (the hard 36x36 puzzles: a tenth more), and so do loose 49x49 ones
/// (30%: 13.7 → 18.2 s over 12) (`docs/giant-grids.md`). Since batsat's at-most-one is a
/// theory (`amo.rs`) that loading is gone, and the two tie (30%: 1.88 s against 1.87).
pub(super) const LOOSE_SEARCH_BELOW: usize = 49;

/// Counts up to this limit go to the SAT engine once the search has failed
/// [`Tuning::sat_after`] times in all. Bigger ones (`solve --all`, long counts) go only
/// when the search is stuck: that many failures since its last solution. A listing of many
/// solutions of a small grid, with failures spread between them, thus stays with
/// depth-first search, which enumerates without a clause per solution, while a hard giant
/// grid with a few solutions is listed by CaDiCaL (64x64-2, four solutions: listed in
/// 0.9 s, where depth-first search found two in 20 s and no more).
pub(super) const SAT_MAX_LIMIT: usize = 64;

/// The most cell values (solutions found × cells) a count may have to keep for the
/// hand-over to block them: 128 MB (`solve --all`'s 1000 solutions up to 256x256).
pub(super) const SAT_MAX_KEPT_VALUES: usize = 1 << 26;

/// Grids with fewer givens than this share of the cells (in percent) are sparse: the
/// search keeps them for [`SAT_AFTER`] failures at every side (their many solutions are
/// near at hand for it: a 49x49 with 14% givens took 28 s of CPU in CaDiCaL after 100,
/// where search alone answers), and from [`SPARSE_SAT_BELOW`] up for good.
pub(super) const SAT_MIN_GIVENS_PERCENT: usize = 25;

/// Sparse grids ([`SAT_MIN_GIVENS_PERCENT`]) below this side hand over too, after
/// [`SAT_AFTER`] failures. On grids with no structure to find (our answers to random
/// digits, holed), the search's time there has a heavy tail that batsat's learning cuts:
/// 49x49 at 18–24% givens, 18 grids, 52.7 s and five time-outs at 15 s → 19.9 s and none
/// (MiniSat 12.6 s, its loading not counted); 64x64 at 8–22%, nine grids, five time-outs
/// → none (25.9 s); sparser 49x49 and 36x36 grids the same but for one 0.7 → 1.2 s
/// (`docs/giant-grids-sparse.md`). At 81x81 (12–22%, about 200k open candidates) batsat
/// answered 7 grids of 12 in 30 s since it hands back the pairs it explains (`amo.rs`),
/// the search 3, and nothing the search answered was lost. At 100x100 (up to 600k) it
/// answered nothing the search did not: from there up the race of two fills is theirs
/// (`portfolio.rs`).
pub(super) const SPARSE_SAT_BELOW: usize = 100;

/// Whether a grid of `shape` with `givens` is sparse (see [`SAT_MIN_GIVENS_PERCENT`]).
pub(super) fn is_sparse(shape: crate::Shape, givens: usize) -> bool {
    givens * 100 < SAT_MIN_GIVENS_PERCENT * shape.cell_count()
}

/// Whether a grid of `shape` with `givens` is sparse and big enough that its search never
/// hands over ([`SPARSE_SAT_BELOW`]).
pub(super) fn never_hands_over(shape: crate::Shape, givens: usize) -> bool {
    is_sparse(shape, givens) && shape.side() >= SPARSE_SAT_BELOW
}

/// Sparse grids from this side up race a fill that never hands over on a second core
/// (`portfolio.rs`): at 81x81 the hand-over and the fills answer different grids.
pub(super) const SPARSE_RACE_FROM: usize = 81;

/// Whether a grid of `shape` with `givens` is sparse and big enough that a second core
/// races a fill ([`SPARSE_RACE_FROM`]).
pub(super) fn races_fills_at(shape: crate::Shape, givens: usize) -> bool {
    is_sparse(shape, givens) && shape.side() >= SPARSE_RACE_FROM
}

impl Tuning {
    /// Whether the search of a grid of `shape` with `givens`, counting to `limit`, may
    /// hand over at all: not with the hand-over off, nor for a count too long to block
    /// every solution found ([`SAT_MAX_KEPT_VALUES`]: `--count 1000000` of an easy grid),
    /// nor for sparse grids from [`SPARSE_SAT_BELOW`] up.
    pub(super) fn hands_over(&self, shape: crate::Shape, givens: usize, limit: usize) -> bool {
        self.sat_after < u64::MAX
            && limit.saturating_mul(shape.cell_count()) <= SAT_MAX_KEPT_VALUES
            && (self.sat_after == 0 || !never_hands_over(shape, givens))
    }

    /// Failed branches before the hand-over to the SAT engine, for `st` as the search
    /// starts: [`SAT_AFTER_BIG`] from [`Tuning::sat_early_side`] up, but for loose states
    /// below [`Tuning::loose_search_below`] and `sparse` grids
    /// ([`SAT_MIN_GIVENS_PERCENT`]).
    pub(super) fn sat_after_for(&self, st: &super::Solver, sparse: bool) -> u64 {
        let n = st.geo.n;
        let loose_kept = sparse || n < self.loose_search_below && super::sat::is_loose(st);
        if n >= self.sat_early_side && !loose_kept {
            self.sat_after.min(SAT_AFTER_BIG)
        } else {
            self.sat_after
        }
    }
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            restart_unit: 100,
            full_restart_every: 2,
            probe_min_side: 25,
            probe_max_size: 3,
            probe_first_side: BIG_SIDE,
            lcv: true,
            phase_below_percent: 1,
            sat_after: SAT_AFTER,
            sat_early_side: SAT_EARLY_SIDE,
            loose_search_below: LOOSE_SEARCH_BELOW,
            formula_fit: true,
            fit_first_open_permille: FIT_FIRST_OPEN_PERMILLE,
            fit_first_side: FIT_FIRST_SIDE,
            buckets_below: SAT_MIN_GIVENS_PERCENT,
            endgame_filter_below: ENDGAME_FILTER_PERMILLE,
            endgame_filter_every: ENDGAME_FILTER_EVERY,
            first_pass_from_side: FIRST_PASS_FROM_SIDE,
            residual_max_permille: RESIDUAL_MAX_PERMILLE,
            seed: 0,
        }
    }
}
