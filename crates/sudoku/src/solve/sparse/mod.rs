//! Giant grids (side 25 and up: [`FIT_MIN_SIDE`]; nearly empty ones from 36) cut from a
//! formula grid (square boxes) or fitting a product of Latin squares (any boxes, a few
//! givens traded back in), answered "multiple" without search: before the general engine
//! when at most a tenth of the cells is given, after its root propagation otherwise.
//!
//! The formula grid puts `(a(r) + t(c)) mod n` in row `r`, column `c`, digit `v⁻¹` of
//! that: it is valid whenever `a`, `t` and `v` are one-to-one, the rows of each band
//! share `a mod b` (a band's numbers are a coset of `bZ_n`) and the columns of each stack
//! differ mod `b` (one of each coset). Fitting the givens is finding such `a`, `t` and
//! `v` with `a(r) + t(c) = v(d)` for every given: linear algebra over `Z_n` first
//! ([`linear`]: it pins the numbers when the givens are many enough), then a small search
//! over the givens for whatever it left open. Grids cut from such a grid (every formula
//! grid, every grid shuffled by bands, rows, stacks, columns and digits) fit, transposed
//! ones by rows and columns swapped. Givens that do not fit it (a few hundred digits
//! typed at random, or a formula grid after trades of cells) are fitted next to grids
//! built from small Latin squares ([`product`]); the rest go to the general engine.
//!
//! Two solutions prove "multiple" without search: the second is the first with a trade
//! of cells that holds no given: two rows of one band or two columns of one stack
//! swapping their cells along a cycle, or two digits swapped along a cycle that leaves
//! every box one of each. Trades that share no cell combine, so `k` of them answer a
//! count of up to `2^k` ([`solutions`]). A unique grid, or one whose other solutions are
//! far from the fitted one, goes on to the search.

mod linear;
mod product;
mod repair;

use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::stop::Stop;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::Outcome;

/// Search nodes of one attempt at fitting the formula grid (beyond one a given), and
/// attempts (each with its own order of values: a wrong early guess is found late, a
/// fresh start is cheaper): from the numbers the linear part pinned (a grid that fits
/// all but a few, 400x400 at 1% givens, needs the larger budget), and from nothing, in
/// each orientation. A grid that does not fit pays the second: 20,000 nodes and 16
/// attempts there cost a non-formula 64x64 with 5% givens 0.1 s more with two
/// orientations (0.23 s against the engine's 0.12 s).
const PINNED: (usize, u64) = (20_000, 16);
const UNPINNED: (usize, u64) = (5_000, 8);
/// The smallest side fitted. Below it the search answers random-holed grids in a
/// fraction of a millisecond; at 25x25 it fails a thousand times and more on some
/// formula grids at 42–50% givens (up to 70 ms), which the fit answers in about 1 ms
/// (after the search's first failures there: `general::tuning::FIT_FIRST_SIDE`).
pub(crate) const FIT_MIN_SIDE: usize = 25;

/// The smallest side of nearly empty grids fitted ([`nearly_empty`]: before the general
/// engine). A 25x25 grid with 10–62 random digits, or 5–10% of a formula grid, is the
/// search's in about 1 ms, where the fit's attempts from nothing cost 5–30 ms.
const SPARSE_FIT_MIN_SIDE: usize = 36;

/// Digit pairs tried for the second solution before giving up.
const PAIRS: usize = 20_000;

/// `Some` outcome (always multiple, with two checked solutions) when the grid is sparse
/// enough and both solutions were found; `None` sends it to the general engine.
pub(crate) fn solve(grid: &Grid, stop: &Stop) -> Option<Outcome> {
    if !nearly_empty(grid) {
        return None;
    }
    let (first, second) = two_solutions(grid, stop)?;
    Some(Outcome::Multiple(first, second))
}

/// Two checked solutions when the givens fit the formula grid and a second solution was
/// found along a cycle; `None` otherwise. Past a tenth of the cells given, only the linear
/// part is tried: the general engine calls this when its root propagation leaves cells
/// open (a grid propagation fills is unique: nothing to gain here).
pub(crate) fn two_solutions(grid: &Grid, stop: &Stop) -> Option<(Grid, Grid)> {
    let mut both = solutions(grid, 2, 2, stop).solutions.into_iter();
    Some((both.next()?, both.next()?))
}

/// Solutions of a grid cut from a formula grid, found without search.
#[derive(Debug, Default)]
pub(crate) struct Fitted {
    /// How many: at most the number asked for.
    pub(crate) count: usize,
    /// The first few of them, each checked (all of them up to the number asked to keep).
    pub(crate) solutions: Vec<Grid>,
}

/// Up to `want` solutions, `keep` of them listed, when the givens fit the formula grid:
/// the fitted one, then it with each combination of trades that touch no given and no
/// cell of another. Each trade is checked alone; any set of cell-disjoint ones keeps every
/// house one of each too, since each only moves digits inside the houses it touches, and
/// every listed combination is checked again. Fewer when the trades run out: a count of
/// more than two on a grid at the hardness peak (`solve --count 5`) is answered "at
/// least 5" this way.
pub(crate) fn solutions(grid: &Grid, want: usize, keep: usize, stop: &Stop) -> Fitted {
    let shape = grid.shape();
    let n = shape.side();
    let mut fitted = Fitted::default();
    let sparse = nearly_empty(grid);
    if want == 0 || n < FIT_MIN_SIDE || sparse && n < SPARSE_FIT_MIN_SIDE {
        return fitted;
    }
    let square = shape.box_rows() == shape.box_cols();
    let first = square
        .then(|| fit(grid, sparse, stop))
        .flatten()
        .filter(Grid::is_solution)
        .or_else(|| product::fit(grid, stop))
        .filter(Grid::is_solution);
    let Some(first) = first else {
        return fitted;
    };
    // Trades enough for `want` combinations: k of them give 2^k.
    let needed = (usize::BITS - (want - 1).leading_zeros()) as usize;
    let mut trades = Vec::new();
    let mut taken = vec![false; n * n];
    line_trades(grid, &first, false, &mut taken, &mut trades, needed);
    line_trades(grid, &first, true, &mut taken, &mut trades, needed);
    digit_trades(grid, &first, stop, &mut taken, &mut trades, needed);
    let traded = |set: usize| {
        let mut other = first.clone();
        for (k, trade) in trades.iter().enumerate() {
            if set >> k & 1 == 1 {
                apply(trade, &mut other);
            }
        }
        other
    };
    if !(0..trades.len()).all(|k| traded(1 << k).is_solution()) {
        return fitted;
    }
    fitted.count = 1usize
        .checked_shl(trades.len() as u32)
        .unwrap_or(usize::MAX)
        .min(want);
    for set in 0..fitted.count.min(keep) {
        let other = traded(set);
        if !other.is_solution() {
            return Fitted::default();
        }
        fitted.solutions.push(other);
    }
    fitted
}

/// Cells and the digits (1-based) they take instead: none of them a given.
type Trade = Vec<(usize, usize)>;

/// Gives `grid` the trade's digits in its cells.
fn apply(trade: &Trade, grid: &mut Grid) {
    for &(cell, digit) in trade {
        grid.set(Cell::new(cell), Some(Digit::new(digit)));
    }
}

/// Adds `trade` to `out` unless it touches a `taken` cell, and takes its cells.
fn add_trade(trade: Trade, taken: &mut [bool], out: &mut Vec<Trade>) {
    if trade.iter().all(|&(cell, _)| !taken[cell]) {
        for &(cell, _) in &trade {
            taken[cell] = true;
        }
        out.push(trade);
    }
}

/// At most a tenth of the cells given: tried before the general engine, and searched for
/// a fit even when the linear part pins nothing.
pub(crate) fn nearly_empty(grid: &Grid) -> bool {
    grid.given_count() * 10 <= grid.shape().cell_count()
}

const UNSET: usize = usize::MAX;

struct Fit<'a> {
    n: usize,
    b: usize,
    givens: &'a [(usize, usize, usize)],
    a: Vec<usize>,
    t: Vec<usize>,
    v: Vec<usize>,
    a_used: Vec<bool>,
    t_used: Vec<bool>,
    v_used: Vec<bool>,
    /// Band → class (`a mod b`) and class → taken.
    band: Vec<usize>,
    band_used: Vec<bool>,
    /// Stack `s`, class `x mod b` at `s * b + x % b`: taken by one of its columns.
    stack_class: Vec<bool>,
    trail: Vec<Undo>,
    nodes: usize,
    /// Nodes this attempt may take beyond one a given.
    budget: usize,
    /// The order of values.
    rng: ChaCha8Rng,
}

#[derive(Clone, Copy)]
enum Undo {
    A(usize),
    T(usize),
    V(usize),
    Band(usize),
}

impl Fit<'_> {
    fn set_a(&mut self, r: usize, x: usize) -> bool {
        if self.a[r] != UNSET {
            return self.a[r] == x;
        }
        if self.a_used[x] {
            return false;
        }
        let band = r / self.b;
        let class = x % self.b;
        if self.band[band] == UNSET {
            if self.band_used[class] {
                return false;
            }
            self.band[band] = class;
            self.band_used[class] = true;
            self.trail.push(Undo::Band(band));
        } else if self.band[band] != class {
            return false;
        }
        self.a[r] = x;
        self.a_used[x] = true;
        self.trail.push(Undo::A(r));
        true
    }
    fn set_t(&mut self, c: usize, x: usize) -> bool {
        if self.t[c] != UNSET {
            return self.t[c] == x;
        }
        if self.t_used[x] {
            return false;
        }
        let class = (c / self.b) * self.b + x % self.b;
        if self.stack_class[class] {
            return false;
        }
        self.stack_class[class] = true;
        self.t[c] = x;
        self.t_used[x] = true;
        self.trail.push(Undo::T(c));
        true
    }
    fn set_v(&mut self, d: usize, x: usize) -> bool {
        if self.v[d] != UNSET {
            return self.v[d] == x;
        }
        if self.v_used[x] {
            return false;
        }
        self.v[d] = x;
        self.v_used[x] = true;
        self.trail.push(Undo::V(d));
        true
    }
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("above the mark") {
                Undo::A(r) => {
                    self.a_used[self.a[r]] = false;
                    self.a[r] = UNSET;
                }
                Undo::T(c) => {
                    self.t_used[self.t[c]] = false;
                    self.stack_class[(c / self.b) * self.b + self.t[c] % self.b] = false;
                    self.t[c] = UNSET;
                }
                Undo::V(d) => {
                    self.v_used[self.v[d]] = false;
                    self.v[d] = UNSET;
                }
                Undo::Band(k) => {
                    self.band_used[self.band[k]] = false;
                    self.band[k] = UNSET;
                }
            }
        }
    }
    /// Values row `r` may take: its own, or the free ones of its band's class (of any
    /// free class when the band has none yet).
    fn a_options(&self, r: usize) -> Vec<usize> {
        if self.a[r] != UNSET {
            return vec![self.a[r]];
        }
        let class = self.band[r / self.b];
        (0..self.n)
            .filter(|&x| !self.a_used[x])
            .filter(|&x| {
                if class == UNSET {
                    !self.band_used[x % self.b]
                } else {
                    x % self.b == class
                }
            })
            .collect()
    }
    /// Places every given (depth first, undoing on failure); `None` when out of budget.
    /// Iterative: a grid holds thousands of givens, one level each.
    fn search(&mut self, stop: &Stop) -> Option<bool> {
        let n = self.n;
        let mut frames: Vec<Frame> = Vec::new();
        let mut k = 0;
        loop {
            // Descend to given k.
            if k == self.givens.len() {
                return Some(true);
            }
            self.nodes += 1;
            if self.nodes > self.budget + self.givens.len()
                || (self.nodes.is_multiple_of(1024) && stop.reached())
            {
                return None;
            }
            let mut xs = self.a_options(self.givens[k].0);
            xs.shuffle(&mut self.rng);
            let mark = self.trail.len();
            frames.push(Frame {
                k,
                mark,
                xs,
                next_x: 0,
                mark_x: mark,
                ts: Vec::new(),
                next_t: 0,
            });
            // Advance the innermost frame to its next pair (a(r), t(c)) that fits.
            loop {
                let Some(f) = frames.last_mut() else {
                    return Some(false);
                };
                let (r, c, d) = self.givens[f.k];
                if f.next_t < f.ts.len() {
                    let y = f.ts[f.next_t];
                    f.next_t += 1;
                    self.undo_to(f.mark_x);
                    if self.set_t(c, y) && self.set_v(d, (self.a[r] + y) % n) {
                        k = f.k + 1;
                        break;
                    }
                    continue;
                }
                self.undo_to(f.mark);
                if f.next_x == f.xs.len() {
                    frames.pop();
                    continue;
                }
                let x = f.xs[f.next_x];
                f.next_x += 1;
                if !self.set_a(r, x) {
                    continue;
                }
                f.mark_x = self.trail.len();
                // t(c) fixed by v(d) when that is known; else every free value.
                f.ts = if self.t[c] != UNSET {
                    vec![self.t[c]]
                } else if self.v[d] != UNSET {
                    vec![(self.v[d] + n - x) % n]
                } else {
                    (0..n).filter(|&y| !self.t_used[y]).collect()
                };
                f.next_t = 0;
                let mut ts = std::mem::take(&mut f.ts);
                ts.shuffle(&mut self.rng);
                frames.last_mut().expect("just used").ts = ts;
            }
        }
    }
}

/// One given's place in [`Fit::search`]: the values of its row still to try, and for the
/// current one the values of its column.
struct Frame {
    k: usize,
    /// The trail before this given, and after its row's value.
    mark: usize,
    mark_x: usize,
    xs: Vec<usize>,
    next_x: usize,
    ts: Vec<usize>,
    next_t: usize,
}

/// The formula grid fitted to the givens, or `None`. Without the linear part's numbers
/// only a `sparse` grid is searched: with more givens, a grid the linear part cannot
/// pin is not cut from a formula grid, and the search would only spend its budget.
fn fit(grid: &Grid, sparse: bool, stop: &Stop) -> Option<Grid> {
    let n = grid.shape().side();
    let b = grid.shape().box_rows();
    let mut givens: Vec<(usize, usize, usize)> = Vec::new();
    for (i, &v) in grid.values().iter().enumerate() {
        if v != 0 {
            givens.push((i / n, i % n, v as usize - 1));
        }
    }
    // Orientations to try (transposed: rows and columns swapped, so that the columns'
    // numbers hold the bands' cosets), each with the numbers the linear part pinned.
    let mut tries: Vec<(bool, Option<linear::Numbers>)> = Vec::new();
    if let Some(numbers) = linear::numbers(&givens, n, stop) {
        if cosets_by_band(&numbers.a, b) {
            tries.push((false, Some(numbers)));
        } else {
            let mut t = vec![None; n];
            for &(r, c, d) in &givens {
                if let (Some(x), Some(z)) = (numbers.a[r], numbers.v[d]) {
                    t[c] = Some((z + n - x) % n);
                }
            }
            if cosets_by_band(&t, b) {
                tries.push((true, Some(linear::Numbers { a: t, v: numbers.v })));
            }
        }
    }
    if sparse {
        tries.push((false, None));
        tries.push((true, None));
    }
    for (transposed, numbers) in tries {
        let oriented: Vec<_> = if transposed {
            givens.iter().map(|&(r, c, d)| (c, r, d)).collect()
        } else {
            givens.clone()
        };
        // Givens in an order where each shares a row, column or digit with earlier ones
        // when it can: the search then fixes rather than guesses.
        let order = connected_order(oriented, n);
        let (budget, attempts) = if numbers.is_some() { PINNED } else { UNPINNED };
        let found =
            (1..=attempts).find_map(|k| fit_once(n, b, &order, numbers.as_ref(), k, budget, stop));
        let Some((a, t, digit_of)) = found else {
            if stop.reached() {
                return None;
            }
            continue;
        };
        let mut out = grid.clone();
        for r in 0..n {
            for c in 0..n {
                let cell = Cell::new(r * n + c);
                let (x, y) = if transposed { (c, r) } else { (r, c) };
                if grid.get(cell).is_none() {
                    out.set(cell, Some(Digit::new(digit_of[(a[x] + t[y]) % n])));
                }
            }
        }
        return Some(out);
    }
    None
}

/// Whether the known numbers of each band's rows share their class mod `b`.
fn cosets_by_band(numbers: &[Option<usize>], b: usize) -> bool {
    numbers.chunks(b).all(|band| {
        let mut known = band.iter().flatten().map(|x| x % b);
        let first = known.next();
        known.all(|x| Some(x) == first)
    })
}

/// Rows' and columns' numbers, and the digit of each number.
type Numbering = (Vec<usize>, Vec<usize>, Vec<usize>);

/// One attempt at [`fit`], with the order of values drawn from `seed` and a `budget` of
/// nodes, starting from the numbers the linear part pinned.
fn fit_once(
    n: usize,
    b: usize,
    givens: &[(usize, usize, usize)],
    pinned: Option<&linear::Numbers>,
    seed: u64,
    budget: usize,
    stop: &Stop,
) -> Option<Numbering> {
    let mut f = Fit {
        n,
        b,
        givens,
        a: vec![UNSET; n],
        t: vec![UNSET; n],
        v: vec![UNSET; n],
        a_used: vec![false; n],
        t_used: vec![false; n],
        v_used: vec![false; n],
        band: vec![UNSET; b],
        band_used: vec![false; b],
        stack_class: vec![false; n],
        trail: Vec::new(),
        nodes: 0,
        budget,
        rng: ChaCha8Rng::seed_from_u64(seed),
    };
    if let Some(p) = pinned {
        for (r, x) in p.a.iter().enumerate() {
            if x.is_some_and(|x| !f.set_a(r, x)) {
                return None;
            }
        }
        for (d, x) in p.v.iter().enumerate() {
            if x.is_some_and(|x| !f.set_v(d, x)) {
                return None;
            }
        }
    }
    if !f.search(stop)? {
        return None;
    }
    // The rest, free: every band a class, every row, column and digit a value.
    for r in 0..n {
        if f.a[r] == UNSET {
            let x = *f.a_options(r).first()?;
            f.set_a(r, x);
        }
    }
    for c in 0..n {
        if f.t[c] == UNSET {
            let stack = (c / b) * b;
            let x = (0..n).find(|&y| !f.t_used[y] && !f.stack_class[stack + y % b])?;
            f.set_t(c, x);
        }
    }
    for d in 0..n {
        if f.v[d] == UNSET {
            let x = (0..n).find(|&y| !f.v_used[y])?;
            f.set_v(d, x);
        }
    }
    let mut digit_of = vec![0; n];
    for d in 0..n {
        digit_of[f.v[d]] = d + 1;
    }
    Some((f.a, f.t, digit_of))
}

/// Breadth first over shared rows, columns and digits, component after component.
fn connected_order(givens: Vec<(usize, usize, usize)>, n: usize) -> Vec<(usize, usize, usize)> {
    let mut by_row = vec![Vec::new(); n];
    let mut by_col = vec![Vec::new(); n];
    let mut by_digit = vec![Vec::new(); n];
    for (i, &(r, c, d)) in givens.iter().enumerate() {
        by_row[r].push(i);
        by_col[c].push(i);
        by_digit[d].push(i);
    }
    let mut seen = vec![false; givens.len()];
    let mut order = Vec::with_capacity(givens.len());
    for s in 0..givens.len() {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let start = order.len();
        order.push(s);
        let mut head = start;
        while head < order.len() {
            let (r, c, d) = givens[order[head]];
            head += 1;
            for &j in by_row[r].iter().chain(&by_col[c]).chain(&by_digit[d]) {
                if !seen[j] {
                    seen[j] = true;
                    order.push(j);
                }
            }
        }
    }
    order.into_iter().map(|i| givens[i]).collect()
}

/// Trades of `first` (into `out`, up to `max` in all): two rows of one band (`columns`:
/// two columns of one stack) trading their cells in a set of columns that holds the same
/// digits in both, none of those cells a given. Each column (row) only swaps two of its
/// cells, and both lie in one box, so every house keeps one of each.
fn line_trades(
    grid: &Grid,
    first: &Grid,
    columns: bool,
    taken: &mut [bool],
    out: &mut Vec<Trade>,
    max: usize,
) {
    if out.len() >= max {
        return;
    }
    let shape = first.shape();
    let n = shape.side();
    // Lines of one band (rows) or one stack (columns).
    let b = if columns {
        shape.box_cols()
    } else {
        shape.box_rows()
    };
    let at = |line: usize, k: usize| if columns { k * n + line } else { line * n + k };
    let vals = first.values();
    let given = |i: usize| grid.values()[i] != 0;
    let mut place = vec![0usize; n + 1];
    for l1 in 0..n {
        // place[x]: where line l1 holds digit x.
        for k in 0..n {
            place[vals[at(l1, k)] as usize] = k;
        }
        for l2 in l1 + 1..(l1 / b + 1) * b {
            let mut done = vec![false; n];
            for k0 in 0..n {
                if done[k0] {
                    continue;
                }
                // The cycle: from k, to where l1 holds the digit l2 has at k.
                let mut ks = Vec::new();
                let mut k = k0;
                let mut free = true;
                while !done[k] {
                    done[k] = true;
                    free &= !given(at(l1, k)) && !given(at(l2, k));
                    ks.push(k);
                    k = place[vals[at(l2, k)] as usize];
                }
                if free && ks.len() < n {
                    let trade = ks
                        .iter()
                        .flat_map(|&k| {
                            [
                                (at(l1, k), vals[at(l2, k)] as usize),
                                (at(l2, k), vals[at(l1, k)] as usize),
                            ]
                        })
                        .collect();
                    add_trade(trade, taken, out);
                    if out.len() >= max {
                        return;
                    }
                }
            }
        }
    }
}

/// Trades of `first` (into `out`, up to `max` in all): two digits swapped along a cycle of
/// cells that holds no given and keeps every box with one of each.
fn digit_trades(
    grid: &Grid,
    first: &Grid,
    stop: &Stop,
    taken: &mut [bool],
    out: &mut Vec<Trade>,
    max: usize,
) {
    if out.len() >= max {
        return;
    }
    let shape = first.shape();
    let n = shape.side();
    let vals = first.values();
    // col_of[d][r]: the column of digit d in row r; row_of[d][c]: its row in column c.
    let mut col_of = vec![vec![0usize; n]; n];
    let mut row_of = vec![vec![0usize; n]; n];
    for r in 0..n {
        for c in 0..n {
            let d = vals[r * n + c] as usize - 1;
            col_of[d][r] = c;
            row_of[d][c] = r;
        }
    }
    let mut balance = vec![0i32; n];
    let mut tries = 0;
    for x in 0..n {
        for y in x + 1..n {
            tries += 1;
            if tries > PAIRS || (tries.is_multiple_of(256) && stop.reached()) {
                return;
            }
            let mut done = vec![false; n];
            for r0 in 0..n {
                if done[r0] {
                    continue;
                }
                // Rows of the cycle through row r0: x's cell, then y's cell in the same row,
                // then the row of x in that column, until back at r0.
                let mut cells = Vec::new();
                let mut r = r0;
                loop {
                    done[r] = true;
                    cells.push((r, col_of[x][r], y));
                    cells.push((r, col_of[y][r], x));
                    r = row_of[x][col_of[y][r]];
                    if r == r0 {
                        break;
                    }
                }
                if cells.len() == 2 * n {
                    continue; // every x and y: a relabelling, and it holds givens anyway
                }
                if cells
                    .iter()
                    .any(|&(r, c, _)| grid.get(Cell::new(r * n + c)).is_some())
                {
                    continue;
                }
                // Each box must lose as many x as it gains.
                let boxes: Vec<usize> = cells
                    .iter()
                    .map(|&(r, c, _)| Cell::new(r * n + c).block(shape).index())
                    .collect();
                for (k, &(_, _, to)) in cells.iter().enumerate() {
                    balance[boxes[k]] += if to == y { 1 } else { -1 };
                }
                let ok = boxes.iter().all(|&k| balance[k] == 0);
                for &k in &boxes {
                    balance[k] = 0;
                }
                if ok {
                    let trade = cells
                        .iter()
                        .map(|&(r, c, to)| (r * n + c, to + 1))
                        .collect();
                    add_trade(trade, taken, out);
                    if out.len() >= max {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A shuffled formula grid (the generator's; `transpose` swaps rows and columns on top
    /// of its own random transposition, so the two values of it give both orientations)
    /// with each cell kept at `fill` percent.
    fn holed(side: usize, fill: u32, transpose: bool, seed: u64) -> (Grid, Grid) {
        let shape = Shape::from_side(side).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let full = crate::generate::random_solution(shape, &mut rng);
        let at = |r: usize, c: usize| {
            if transpose {
                c * side + r
            } else {
                r * side + c
            }
        };
        let solved: Vec<usize> = (0..side * side)
            .map(|i| full.values()[at(i / side, i % side)] as usize)
            .collect();
        let kept: Vec<usize> = solved
            .iter()
            .map(|&v| if rng.gen_range(0..100) < fill { v } else { 0 })
            .collect();
        let g = Grid::from_values(shape, &kept).unwrap();
        (g, Grid::from_values(shape, &solved).unwrap())
    }

    fn keeps_givens(puzzle: &Grid, solved: &Grid) -> bool {
        puzzle
            .values()
            .iter()
            .zip(solved.values())
            .all(|(&g, &v)| g == 0 || g == v)
    }

    #[test]
    fn grids_cut_from_formula_grids_get_two_solutions_at_every_fill() {
        // From nearly empty (the search fits it) to past the hardness peak (the linear
        // part pins every number), in both orientations.
        for (side, fill) in [
            (36, 2),
            (36, 30),
            (36, 50),
            (49, 8),
            (49, 30),
            (64, 42),
            (81, 60),
        ] {
            for transpose in [false, true] {
                let (g, _) = holed(side, fill, transpose, side as u64 * 100 + u64::from(fill));
                let (a, b) = two_solutions(&g, &Stop::never())
                    .unwrap_or_else(|| panic!("{side} at {fill}%, transposed {transpose}"));
                assert!(a.is_solution() && b.is_solution(), "{side} at {fill}%");
                assert!(
                    keeps_givens(&g, &a) && keeps_givens(&g, &b),
                    "{side} at {fill}%"
                );
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn the_linear_part_pins_every_number_of_a_formula_grid() {
        let n = 49;
        for transpose in [false, true] {
            let (g, solved) = holed(n, 30, transpose, 7);
            let givens: Vec<(usize, usize, usize)> = (0..n * n)
                .filter(|&i| g.values()[i] != 0)
                .map(|i| (i / n, i % n, g.values()[i] as usize - 1))
                .collect();
            let numbers = linear::numbers(&givens, n, &Stop::never()).expect("pinned");
            let a: Vec<usize> = numbers.a.iter().map(|x| x.expect("every row")).collect();
            let v: Vec<usize> = numbers.v.iter().map(|x| x.expect("every digit")).collect();
            // One-to-one, and one column number per column fits every cell of the solution.
            for xs in [&a, &v] {
                let mut sorted = xs.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..n).collect::<Vec<_>>());
            }
            for c in 0..n {
                let t = (v[solved.values()[c] as usize - 1] + n - a[0]) % n;
                for r in 0..n {
                    assert_eq!((a[r] + t) % n, v[solved.values()[r * n + c] as usize - 1]);
                }
            }
        }
    }

    #[test]
    fn combined_trades_list_many_different_solutions() {
        for (side, fill) in [(36, 30), (64, 42), (81, 50)] {
            let (g, _) = holed(side, fill, false, side as u64 * 7 + u64::from(fill));
            let all = solutions(&g, 40, 40, &Stop::never());
            assert_eq!(
                (all.count, all.solutions.len()),
                (40, 40),
                "{side} at {fill}%"
            );
            let mut distinct = all.solutions.clone();
            distinct.sort_by(|a, b| a.values().cmp(b.values()));
            distinct.dedup();
            assert_eq!(distinct.len(), 40, "{side} at {fill}%");
            for s in &all.solutions {
                assert!(s.is_solution() && keeps_givens(&g, s), "{side} at {fill}%");
            }
            // A count past what is listed: counted, not built.
            let many = solutions(&g, 1 << 12, 3, &Stop::never());
            assert_eq!(many.solutions, all.solutions[..3].to_vec());
            assert!(many.count > 40 && many.count <= 1 << 12, "{}", many.count);
        }
    }

    /// Up to `max` cell-disjoint trades of two rows of one band in `solved`.
    fn row_trades(solved: &Grid, max: usize) -> Vec<Trade> {
        let mut trades = Vec::new();
        let mut taken = vec![false; solved.shape().cell_count()];
        let anything = Grid::empty(solved.shape());
        line_trades(&anything, solved, false, &mut taken, &mut trades, max);
        trades
    }

    #[test]
    fn a_grid_not_cut_from_a_formula_grid_is_left_to_the_engine() {
        // Two rows of one band trade a cycle of cells: still a valid grid, but row pairs
        // no longer differ by one shift. Those two rows stay given.
        let n = 36;
        let (_, solved) = holed(n, 100, false, 3);
        let trades = row_trades(&solved, 1);
        let mut traded = solved.clone();
        apply(trades.first().expect("a trade"), &mut traded);
        assert!(traded.is_solution());
        let rows: Vec<usize> = (0..n * n)
            .filter(|&i| traded.values()[i] != solved.values()[i])
            .map(|i| i / n)
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let kept: Vec<usize> = (0..n * n)
            .map(|i| {
                let keep = rows.contains(&(i / n)) || rng.gen_range(0..100) < 40;
                if keep {
                    traded.values()[i] as usize
                } else {
                    0
                }
            })
            .collect();
        let g = Grid::from_values(solved.shape(), &kept).unwrap();
        assert!(two_solutions(&g, &Stop::never()).is_none());
    }

    #[test]
    fn a_traded_grid_at_the_hardness_peak_is_fitted_by_the_product_family() {
        // A formula grid with eight trades of cells, 42% of it kept: the formula does not
        // fit it, our search and the SAT engine time out on such grids (64x64), and the
        // product family, with the givens it leaves out traded back in, answers.
        let n = 64;
        let (_, solved) = holed(n, 100, false, 5);
        let trades = row_trades(&solved, 64);
        // One cycle of each of eight pairs of rows (all of one pair's cycles would swap
        // the rows: a formula grid again).
        let mut traded = solved.clone();
        for trade in trades.iter().step_by(8) {
            apply(trade, &mut traded);
        }
        assert!(traded.is_solution());
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let kept: Vec<usize> = traded
            .values()
            .iter()
            .map(|&v| {
                if rng.gen_range(0..100) < 42 {
                    v as usize
                } else {
                    0
                }
            })
            .collect();
        let g = Grid::from_values(solved.shape(), &kept).unwrap();
        let stop = Stop::never();
        assert!(fit(&g, false, &stop).is_none_or(|f| !f.is_solution()));
        let found = solutions(&g, 2, 2, &stop);
        assert_eq!((found.count, found.solutions.len()), (2, 2));
        assert!(found.solutions[0] != found.solutions[1]);
        for full in &found.solutions {
            assert!(crate::verify::check_solution_of(&g, full).is_ok());
        }
    }

    #[test]
    fn the_engine_answers_a_grid_at_the_hardness_peak_from_the_fit() {
        // 64x64 at 42% givens: no answer from our search or four SAT solvers in 60 s on
        // some seeds before the fit.
        let (g, _) = holed(64, 42, false, 11);
        let stop = Stop::after(std::time::Duration::from_secs(60));
        let s = crate::solve::general::search_with(&g, None, 2, 2, &stop, Default::default());
        assert!(!s.stopped);
        assert_eq!((s.count, s.solutions.len()), (2, 2));
        assert!(s
            .solutions
            .iter()
            .all(|x| x.is_solution() && keeps_givens(&g, x)));
    }

    #[test]
    fn dense_or_small_grids_are_left_to_the_engine() {
        let g = Grid::empty(Shape::from_side(25).unwrap());
        assert!(solve(&g, &Stop::never()).is_none());
        // A formula grid of side 25 is fitted with half its cells given, not nearly empty
        // (its fit from nothing costs more than the search); side 16 not at all.
        let cut = |side: usize, fill: u32| {
            let shape = Shape::from_side(side).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(4);
            let kept: Vec<usize> = crate::solve::general::pattern_solution(shape)
                .into_iter()
                .map(|v| {
                    if rng.gen_range(0..100) < fill {
                        v as usize
                    } else {
                        0
                    }
                })
                .collect();
            Grid::from_values(shape, &kept).unwrap()
        };
        let g = cut(25, 8);
        assert!(nearly_empty(&g) && g.given_count() > 0);
        assert_eq!(solutions(&g, 2, 2, &Stop::never()).count, 0);
        assert_eq!(solutions(&cut(25, 40), 2, 2, &Stop::never()).count, 2);
        assert_eq!(solutions(&cut(16, 40), 2, 2, &Stop::never()).count, 0);
    }

    #[test]
    fn an_empty_36x36_grid_gets_two_solutions() {
        let g = Grid::empty(Shape::from_side(36).unwrap());
        match solve(&g, &Stop::never()) {
            Some(Outcome::Multiple(a, b)) => {
                assert!(a.is_solution() && b.is_solution());
                assert_ne!(a, b);
            }
            other => panic!("{other:?}"),
        }
    }
}
