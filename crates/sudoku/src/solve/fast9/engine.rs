//! The state, its propagation and the search. See the module docs of [`super`] for the
//! layout.

use super::tables::{BAND, BAND_PEERS, COLUMN, CONFIGS, EXPAND, PERMS, PERM_LIST, ROW_TRIADS};
use crate::stop::Stop;

/// One position of the search: 27 band words (digit-major) and the unsolved cells. Small
/// and `Copy`, so a guess is a copy on the stack, never an allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// `cand[b][d]`: cells of band `b` where digit `d` may still go. A placed digit keeps
    /// its cell; the other digits lose it. Band-major, so that placing a cell touches nine
    /// adjacent words (see [`clear_cells`]).
    pub(super) cand: [[u32; 9]; 3],
    /// `seen[b][d]`: the band word as last propagated; equal means nothing to redo. (Band
    /// by band like `cand`, so that `simd`'s sweep stores a register to each.)
    pub(super) seen: [[u32; 9]; 3],
    /// `cols[d]`: [`columns`] of digit `d`'s words in `seen`, for the stack pass test and
    /// the vertical triad masks.
    pub(super) cols: [u32; 9],
    /// `tri[b][d]`: the triad mask of `seen[b][d]`, left by the band pass, so that
    /// the triad rule and the branch choice need not recompute it.
    pub(super) tri: [[u16; 9]; 3],
    /// Cells of each band not yet placed.
    pub(super) unsolved: [u32; 3],
}

/// Repeat propagation and the triad rule until neither changes anything. Measured: 63.8
/// guesses instead of 64.0 on hardest 11+, at ~15% more time; so the rule runs once per node.
const TRIAD_FIXPOINT: bool = false;

/// Every digit, as a `dirty` mask for [`State::propagate`].
pub(super) const ALL_DIGITS: u32 = 511;

/// The bands other than `b`.
const OTHERS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// Eliminates triads that fit no permutation (zero means contradiction); also returns the
/// triad mask of the result.
#[inline(always)]
fn shrink_band_tri(w: u32) -> (u32, u16) {
    let t = ROW_TRIADS[(w & 511) as usize] as usize
        | (ROW_TRIADS[((w >> 9) & 511) as usize] as usize) << 3
        | (ROW_TRIADS[(w >> 18 & 511) as usize] as usize) << 6;
    // Every triad kept was non-empty, so the kept triads are the new word's triad mask.
    let a = PERMS[t & 511] & 511;
    (w & EXPAND[a as usize], a)
}

/// The stack pass with the `PERMS` table, as it was before [`stack_closure`]: kept to
/// check that one. In each stack the digit takes one column per band and one band per
/// column. Returns `None` on contradiction.
#[cfg(test)]
fn shrink_stacks(w: [u32; 3]) -> Option<[u32; 3]> {
    // Row b of `x` is the set of columns band b still has.
    let x = columns(w);
    let mut allow = 0u32;
    for s in 0..3 {
        let y = (x >> (3 * s)) & (7 | 7 << 9 | 7 << 18);
        let m = (y & 7) | (y >> 6 & 0o70) | (y >> 12 & 0o700);
        let a = PERMS[(m & 511) as usize] as u32;
        if a == 0 {
            return None;
        }
        allow |= ((a & 7) | (a & 0o70) << 6 | (a & 0o700) << 12) << (3 * s);
    }
    Some([
        w[0] & ((allow & 511) * COLUMN),
        w[1] & ((allow >> 9 & 511) * COLUMN),
        w[2] & ((allow >> 18) * COLUMN),
    ])
}

/// Keeps the entries of a 3x3 0/1 matrix that lie on a permutation inside it. Rows are
/// 9 bits apart in `g`; `c1` and `c2` rotate the columns of every row by one and by two.
/// Entry `(i, j)` stays when one of the two permutations of its 2x2 minor (rows `i+1`,
/// `i+2`, columns `j+1`, `j+2`, cyclically) is there.
#[inline(always)]
fn perm_closure(g: u32, c1: impl Fn(u32) -> u32, c2: impl Fn(u32) -> u32) -> u32 {
    let r1 = (g >> 9 | g << 18) & BAND;
    let r2 = (g >> 18 | g << 9) & BAND;
    g & (c1(r1) & c2(r2) | c2(r1) & c1(r2))
}

/// The stack pass without tables, on the packed columns of [`columns`]: the (band, column)
/// pairs of each stack on no permutation go.
#[inline(always)]
fn stack_closure(x: u32) -> u32 {
    perm_closure(
        x,
        |x| x >> 1 & 0o333_333_333 | x << 2 & 0o444_444_444,
        |x| x >> 2 & 0o111_111_111 | x << 1 & 0o666_666_666,
    )
}

/// The triad mask of a band word (the hot path keeps masks in `State::tri`).
#[inline(always)]
fn triad_mask(w: u32) -> u16 {
    ROW_TRIADS[(w & 511) as usize] as u16
        | (ROW_TRIADS[(w >> 9 & 511) as usize] as u16) << 3
        | (ROW_TRIADS[(w >> 18 & 511) as usize] as u16) << 6
}

/// Removes cells `s` from the nine digits' words of one band; returns the digits that lost
/// a candidate (bit `e`). (LLVM vectorizes this loop well enough: hand-written SSE2 saved
/// 0.5% of instructions.)
#[inline(always)]
fn clear_cells(words: &mut [u32; 9], s: u32) -> u32 {
    let mut lost = 0;
    for (e, x) in words.iter_mut().enumerate() {
        lost |= ((*x & s != 0) as u32) << e;
        *x &= !s;
    }
    lost
}

/// The columns a band word has.
#[inline(always)]
fn column_set(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 511
}

/// The columns each band word has, packed 9 bits per band.
#[inline(always)]
fn columns(w: [u32; 3]) -> u32 {
    column_set(w[0]) | column_set(w[1]) << 9 | column_set(w[2]) << 18
}

/// The bits of `w` alone in their row. Branch-free: a loop with a test per row cost a fifth
/// of propagation time.
#[inline(always)]
fn row_singles(w: u32) -> u32 {
    let single = |x: u32| x & ((x & x.wrapping_sub(1) == 0) as u32).wrapping_neg();
    single(w & 511) | single(w >> 9 & 511) << 9 | single(w >> 18) << 18
}

impl State {
    /// Every digit possible everywhere.
    pub(super) fn new() -> State {
        State {
            cand: [[BAND; 9]; 3],
            seen: [[0; 9]; 3],
            cols: [0; 9],
            tri: [[0; 9]; 3],
            unsolved: [BAND; 3],
        }
    }

    /// The state with the givens placed, from where each digit is given (`masks[d]` bit
    /// `i`: cell `i` holds digit `d + 1`), all digits at once; `None` when two givens of a
    /// digit share a house. The same state as [`State::assign`] of each given in turn
    /// (tested), without its branch per cell.
    ///
    /// Written as the same steps on 16 lanes (digits, the last 7 empty), so that LLVM
    /// vectorizes it to whatever the caller's `target_feature` allows: one AVX-512
    /// register per band, two AVX2 registers, or four SSE2 ones (see `simd`).
    #[inline(always)]
    pub(super) fn from_givens(masks: &[u128; 9]) -> Option<State> {
        const L: usize = 16;
        let mut g = [[0u32; L]; 3];
        for (b, gb) in g.iter_mut().enumerate() {
            for (d, m) in masks.iter().enumerate() {
                gb[d] = (m >> (27 * b)) as u32 & BAND;
            }
        }
        let given = g.map(|w| w.iter().fold(0, |a, &x| a | x));
        // Lanes nonzero when a house holds two givens of the lane's digit. (Branch-free
        // and without `count_ones`, which is no instruction on baseline x86-64.)
        let mut clash = [0u32; L];
        let mut houses = [[0u32; L]; 3];
        let mut cols = [[0u32; L]; 3];
        for b in 0..3 {
            for i in 0..L {
                let w = g[b][i];
                let rows = [w & 511, w >> 9 & 511, w >> 18];
                // Two in a row; two in a column of the band.
                let mut c = rows[0] & rows[1] | rows[0] & rows[2] | rows[1] & rows[2];
                for x in rows {
                    c |= x & x.wrapping_sub(1);
                }
                // Bit 3·k of row r: the triad (r, k) has a given; two in a box of the band.
                let t = (w | w >> 1 | w >> 2) & 0o111_111_111;
                let tr = [t & 0o111, t >> 9 & 0o111, t >> 18];
                clash[i] |= c | tr[0] & tr[1] | tr[0] & tr[2] | tr[1] & tr[2];
                // Rows (bits 0, 9, 18) and boxes (bits 0, 3, 6) with a given, made whole.
                let r = (t | t >> 3 | t >> 6) & COLUMN;
                let x = tr[0] | tr[1] | tr[2];
                let x = (x << 3) - x;
                cols[b][i] = rows[0] | rows[1] | rows[2];
                houses[b][i] = ((r << 9) - r) | x | x << 9 | x << 18;
            }
        }
        let mut st = State::new();
        for i in 0..L {
            let (c0, c1, c2) = (cols[0][i], cols[1][i], cols[2][i]);
            // Two in a column across bands.
            clash[i] |= c0 & c1 | c0 & c2 | c1 & c2;
            let c = c0 | c1 | c2;
            let c = c | c << 9 | c << 18;
            if i < 9 {
                for b in 0..3 {
                    st.cand[b][i] = BAND & !given[b] & !(houses[b][i] | c) | g[b][i];
                }
            }
        }
        if clash.iter().fold(0, |a, &x| a | x) != 0 {
            return None;
        }
        st.unsolved = given.map(|x| BAND & !x);
        Some(st)
    }

    /// Whether digit `d` (0-based) may go in `cell`.
    #[inline]
    pub(super) fn has(&self, cell: usize, d: usize) -> bool {
        self.cand[cell / 27][d] >> (cell % 27) & 1 == 1
    }

    /// Removes digit `d` from `cell`; propagation notices the change.
    #[inline]
    pub(super) fn remove(&mut self, cell: usize, d: usize) {
        self.cand[cell / 27][d] &= !(1 << (cell % 27));
    }

    /// Places digit `d` at bit `i` of band `b`. The caller makes sure the candidate is there.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, i: u32) {
        let bit = 1u32 << i;
        self.unsolved[b] &= !bit;
        for e in 0..9 {
            self.cand[b][e] &= !bit;
        }
        self.cand[b][d] = (self.cand[b][d] & !BAND_PEERS[i as usize]) | bit;
        let col = COLUMN << (i % 9);
        for o in OTHERS[b] {
            self.cand[o][d] &= !col;
        }
    }

    /// Places a given or a guess: `false` if `d` is no longer possible in `cell`.
    #[inline]
    pub(super) fn assign(&mut self, cell: usize, d: usize) -> bool {
        if !self.has(cell, d) {
            return false;
        }
        self.place(d, cell / 27, (cell % 27) as u32);
        true
    }

    /// Propagates to a fixed point. `false` on contradiction. `dirty` has bit `d` set for
    /// every digit whose words may have changed since the last propagation (the caller
    /// knows; scanning all 27 words for it cost more than the scan saved).
    ///
    /// A worklist of digits whose words differ from `seen`: each visit brings the digit to
    /// a fixed point of the band and stack passes and places its row singles, which may add
    /// other digits to the list. When the list is empty, naked singles are looked for in
    /// the bands whose words changed since the last look; placing one adds its digit.
    #[inline(never)]
    pub(super) fn propagate(&mut self, mut dirty: u32) -> bool {
        debug_assert!((0..9)
            .all(|d| dirty >> d & 1 == 1 || (0..3).all(|b| self.cand[b][d] == self.seen[b][d])));
        // Bands with a word changed since the last naked-single look.
        let mut touched = 0u32;
        loop {
            while dirty != 0 {
                let d = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let seen = [self.seen[0][d], self.seen[1][d], self.seen[2][d]];
                let mut w = [self.cand[0][d], self.cand[1][d], self.cand[2][d]];
                let mut tri = [self.tri[0][d], self.tri[1][d], self.tri[2][d]];
                // `seen` is a fixed point: unchanged words need no band pass, and the
                // stack pass only reads which columns each band has.
                let mut changed = 0u32;
                // The columns of `w`, updated word by word.
                let mut c = self.cols[d];
                for j in 0..3 {
                    if w[j] != seen[j] {
                        changed |= 1 << j;
                        (w[j], tri[j]) = shrink_band_tri(w[j]);
                        if w[j] == 0 {
                            return false;
                        }
                        c = c & !(511 << (9 * j)) | column_set(w[j]) << (9 * j);
                    }
                }
                if c != self.cols[d] {
                    // Both passes are idempotent, so the pair is at a fixed point as soon
                    // as one of them changes nothing after the other. (Running the stack
                    // pass again to confirm cost a pass per digit visit.)
                    loop {
                        let kept = stack_closure(c);
                        let u = [
                            w[0] & ((kept & 511) * COLUMN),
                            w[1] & ((kept >> 9 & 511) * COLUMN),
                            w[2] & ((kept >> 18) * COLUMN),
                        ];
                        if u == w {
                            break;
                        }
                        for j in 0..3 {
                            if u[j] != w[j] {
                                changed |= 1 << j;
                                (w[j], tri[j]) = shrink_band_tri(u[j]);
                                c = c & !(511 << (9 * j)) | column_set(w[j]) << (9 * j);
                            }
                        }
                        if w[0] == 0 || w[1] == 0 || w[2] == 0 {
                            return false;
                        }
                        if w == u {
                            break;
                        }
                    }
                }
                self.cols[d] = c;
                touched |= changed;
                for (b, &wb) in w.iter().enumerate() {
                    self.cand[b][d] = wb;
                }
                for b in 0..3 {
                    self.seen[b][d] = w[b];
                    self.tri[b][d] = tri[b];
                }
                // Rows left with one cell: place them. At this fixed point the digit's own
                // word has already lost the cells' row, box and column mates, so only the
                // other digits need to lose the cells.
                while changed != 0 {
                    let b = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    let wb = w[b];
                    let s = row_singles(wb) & self.unsolved[b];
                    if s != 0 {
                        self.unsolved[b] &= !s;
                        dirty |= clear_cells(&mut self.cand[b], s);
                        self.cand[b][d] = wb;
                        dirty &= !(1 << d);
                    }
                }
            }
            if touched == 0 {
                return true;
            }
            // Naked singles, and cells left without a candidate, in the bands that changed.
            while touched != 0 {
                let b = touched.trailing_zeros() as usize;
                touched &= touched - 1;
                let (mut one, mut two) = (0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[b][d];
                    two |= one & x;
                    one |= x;
                }
                let u = self.unsolved[b];
                if u & !one != 0 {
                    return false;
                }
                let naked = u & !two;
                if naked != 0 {
                    // Each of these cells has one digit left: only that digit's words
                    // change (the cells' mates go). A naked cell that loses its digit to
                    // another one's mates is a contradiction.
                    self.unsolved[b] = u & !naked;
                    for e in 0..9 {
                        let n = self.cand[b][e] & naked;
                        if n != 0 {
                            let mut peers = 0;
                            let mut cols = 0;
                            let mut m = n;
                            while m != 0 {
                                let i = m.trailing_zeros();
                                m &= m - 1;
                                peers |= BAND_PEERS[i as usize];
                                cols |= COLUMN << (i % 9);
                            }
                            let w = self.cand[b][e] & !peers;
                            if w & n != n {
                                return false;
                            }
                            self.cand[b][e] = w;
                            for o in OTHERS[b] {
                                self.cand[o][e] &= !cols;
                            }
                            dirty |= 1 << e;
                        }
                    }
                }
            }
            if dirty == 0 {
                return true;
            }
        }
    }

    /// The triad masks of digit `d`, all six units in one word (see [`Masks`]).
    #[inline(always)]
    fn unit_masks(&self, d: usize) -> u64 {
        self.tri[0][d] as u64
            | (self.tri[1][d] as u64) << 9
            | (self.tri[2][d] as u64) << 18
            | (transpose_blocks(self.cols[d]) as u64) << 27
    }

    /// The triad rule: the three cells of a triad hold three different digits. A triad with
    /// three possible digits takes all three (they leave the triad's row and box mates); a
    /// triad that three digits are forced into takes no other. Applied to the horizontal
    /// triads of each band and the vertical triads (three cells of a column in a box) of
    /// each stack, all six at once: one 54-bit word per digit. `None` on contradiction,
    /// else the digits that changed (bit `d`).
    #[inline(never)]
    fn triads(&mut self, masks: &mut Masks) -> Option<u32> {
        // Called right after `propagate`: every word equals `seen`, so `tri` is current.
        debug_assert!(
            (0..27).all(|k| self.cand[k % 3][k / 3] == self.seen[k % 3][k / 3]
                && self.tri[k % 3][k / 3] == triad_mask(self.seen[k % 3][k / 3]))
        );
        debug_assert!((0..9)
            .all(|d| self.cols[d] == columns([self.cand[0][d], self.cand[1][d], self.cand[2][d]])));
        let mut t = [0u64; 9];
        for (d, td) in t.iter_mut().enumerate() {
            *td = self.unit_masks(d);
        }
        masks.m = t;
        let before = t;
        if !triad_rule(&mut t) {
            return None;
        }
        let mut changed = 0;
        for d in 0..9 {
            if t[d] != before[d] {
                changed |= 1 << d;
                let h = t[d];
                // Vertical triads gone, back in band-major column order.
                let gone = transpose_blocks(((before[d] & !h) >> 27) as u32);
                for b in 0..3 {
                    self.cand[b][d] &=
                        EXPAND[(h >> (9 * b) & 511) as usize] & !((gone >> (9 * b) & 511) * COLUMN);
                }
            }
        }
        Some(changed)
    }

    /// [`State::propagate`] and the triad rule, to a fixed point of both.
    ///
    /// On success `masks` holds the triad masks of the result.
    pub(super) fn propagate_all(&mut self, masks: &mut Masks, dirty: u32) -> bool {
        self.propagate_with(masks, TRIAD_FIXPOINT, dirty)
    }

    /// [`State::propagate_all`], repeating the triad rule until it finds nothing when
    /// `fixpoint` (worth it once per puzzle, at the root: top1465 solved without guessing
    /// 6.9% -> 7.9%).
    pub(super) fn propagate_with(&mut self, masks: &mut Masks, fixpoint: bool, dirty: u32) -> bool {
        if !self.propagate(dirty) {
            return false;
        }
        loop {
            if self.unsolved == [0; 3] {
                // Solved: the triad rule has nothing to add and no branch needs the masks.
                return true;
            }
            match self.triads(masks) {
                None => return false,
                Some(0) => return true,
                Some(changed) => {
                    if !self.propagate(changed) {
                        return false;
                    }
                    if !fixpoint {
                        self.fill_masks(masks);
                        return true;
                    }
                }
            }
        }
    }

    /// The triad masks of the current state.
    fn fill_masks(&self, masks: &mut Masks) {
        // Called right after `propagate`: every word equals `seen`, so `tri` is current.
        for d in 0..9 {
            masks.m[d] = self.unit_masks(d);
        }
    }

    /// The grid of a solved state, values 1-9.
    pub(super) fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut w = self.cand[b][d];
                while w != 0 {
                    let i = w.trailing_zeros() as usize;
                    w &= w - 1;
                    out[27 * b + i] = d as u8 + 1;
                }
            }
        }
        out
    }

    /// The band or stack and digit to branch on: in the band or stack with the fewest
    /// configurations (over all digits) that is not fixed, the digit with the fewest
    /// configurations above one. `None` when every band and stack is fixed.
    fn branch_band(masks: &Masks) -> Option<Branch> {
        let mut best: Option<(u32, usize)> = None;
        for u in 0..6 {
            let mut total = 0u32;
            for d in 0..9 {
                total += CONFIGS[(masks.m[d] >> (9 * u) & 511) as usize] as u32;
            }
            if total > 9 && best.is_none_or(|(t, _)| total < t) {
                best = Some((total, u));
            }
        }
        let (_, u) = best?;
        let mut pick = (u8::MAX, 0, 0u16);
        for d in 0..9 {
            let m = (masks.m[d] >> (9 * u) & 511) as u16;
            let n = CONFIGS[m as usize];
            if n >= 2 && n < pick.0 {
                pick = (n, d, m);
                if n == 2 {
                    break;
                }
            }
        }
        Some(Branch {
            vertical: u >= 3,
            index: u % 3,
            digit: pick.1,
            triads: pick.2,
        })
    }

    /// Restricts digit `br.digit` in the branch's band or stack to configuration `p`.
    fn restrict(&mut self, br: &Branch, p: u16) {
        let d = br.digit;
        if br.vertical {
            let s = br.index;
            for b in 0..3 {
                let j = (p >> (3 * b) & 7) as u32;
                let keep = (511 & !(7 << (3 * s))) | j << (3 * s);
                self.cand[b][d] &= keep * COLUMN;
            }
        } else {
            self.cand[br.index][d] &= EXPAND[(p & 511) as usize];
        }
    }

    /// The cell to branch on: a bivalue cell if there is one, else one with the fewest
    /// candidates. `None` when solved.
    fn branch_cell(&self) -> Option<usize> {
        for b in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[b][d];
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            // After propagation no unsolved cell has fewer than two candidates.
            let bi = self.unsolved[b] & !three;
            if bi != 0 {
                return Some(27 * b + bi.trailing_zeros() as usize);
            }
        }
        let mut best = None;
        let mut best_len = u32::MAX;
        for b in 0..3 {
            let mut u = self.unsolved[b];
            while u != 0 {
                let i = u.trailing_zeros() as usize;
                u &= u - 1;
                let len = (0..9).filter(|&d| self.cand[b][d] >> i & 1 == 1).count() as u32;
                if len < best_len {
                    best_len = len;
                    best = Some(27 * b + i);
                }
            }
        }
        best
    }
}

/// Bits 0, 3, 6, ... of a 54-bit unit word: the first triad of each group of three.
const P0: u64 = 0o111_111_111_111_111_111;
/// The first row of each 9-bit unit.
const R0: u64 = 0o007_007_007_007_007_007;
/// All six units.
const ALL: u64 = (1 << 54) - 1;

/// The triads that share a group of three (row of a band's triad mask) with a triad of `f`,
/// not counting a triad as its own mate.
#[inline(always)]
fn row_mates(f: u64) -> u64 {
    ((f & P0) * 6) | ((f >> 1 & P0) * 5) | ((f >> 2 & P0) * 3)
}

/// The triads that share a position in the group (box of a band's triad mask) with a triad
/// of `f`, not counting a triad as its own mate.
#[inline(always)]
fn box_mates(f: u64) -> u64 {
    ((f & R0) * 72) | ((f >> 3 & R0) * 65) | ((f >> 6 & R0) * 9)
}

/// Swaps the 3-bit blocks `(i, j)` and `(j, i)` of a 27-bit word laid out as three 9-bit
/// rows of three blocks: the columns of each band (band-major) become the (band, column)
/// matrix of each stack (stack-major), and back.
#[inline(always)]
fn transpose_blocks(x: u32) -> u32 {
    const D: u32 = 7 | 7 << 12 | 7 << 24;
    const U1: u32 = 7 << 3 | 7 << 15;
    const L1: u32 = 7 << 9 | 7 << 21;
    x & D | (x & U1) << 6 | (x & L1) >> 6 | (x & 7 << 6) << 12 | (x & 7 << 18) >> 12
}

/// The triad rule on nine digits' triad masks of all six units (see [`Masks`]), in place.
/// `false` on contradiction: a triad with fewer than three possible digits, or more than
/// three forced into it.
#[inline(always)]
fn triad_rule(t: &mut [u64; 9]) -> bool {
    let (mut a1, mut a2, mut a3, mut a4) = (0u64, 0u64, 0u64, 0u64);
    let (mut h1, mut h2, mut h3, mut h4) = (0u64, 0u64, 0u64, 0u64);
    let mut alone = [0u64; 9];
    for (al, &x) in alone.iter_mut().zip(t.iter()) {
        a4 |= a3 & x;
        a3 |= a2 & x;
        a2 |= a1 & x;
        a1 |= x;
        // The triads alone in their row of the mask: forced.
        let f = x & !row_mates(x);
        *al = f;
        h4 |= h3 & f;
        h3 |= h2 & f;
        h2 |= h1 & f;
        h1 |= f;
    }
    if a3 != ALL || h4 != 0 {
        return false;
    }
    // A triad both naked and hidden has its three digits forced into it, which the band
    // and stack passes have already cleared from its mates: nothing to do there.
    let naked = a3 & !a4 & !h3;
    let hidden = h3 & !(a3 & !a4);
    if naked | hidden != 0 {
        for (x, &al) in t.iter_mut().zip(alone.iter()) {
            let f = *x & naked;
            *x &= !(row_mates(f) | box_mates(f)) & !(hidden & !al);
        }
    }
    true
}

/// The triad masks of every digit, all six units in one word: `m[d]` bits `9·b..9·b + 9`
/// for band `b` (bit `3·row + box`), bits `27 + 9·s..` for stack `s` (bit `3·band +
/// column`).
#[derive(Default)]
pub(super) struct Masks {
    m: [u64; 9],
}

/// A branch on a digit's configuration in one band or stack.
pub(super) struct Branch {
    vertical: bool,
    index: usize,
    digit: usize,
    triads: u16,
}

/// Branch on band configurations (tdoku's way) rather than on cells. Cell branching
/// (bivalue first) needs 130 guesses/puzzle on hardest 11+ against 64.
const BAND_BRANCHING: bool = true;

/// What a search calls with each solution it finds.
pub(super) type OnSolution<'f> = &'f mut dyn FnMut(&[u8; 81]);

/// Counts and hands over solutions during a search.
pub(super) struct Search<'f, 's> {
    pub(super) count: usize,
    pub(super) limit: usize,
    pub(super) guesses: u64,
    /// Called with each solution; `None` when only counting (no grid is built).
    pub(super) on_solution: Option<OnSolution<'f>>,
    /// The triad masks left by the latest propagation.
    pub(super) masks: Masks,
    /// Looked at every [`STOP_EVERY`] solutions: only a long count gets that far.
    pub(super) stop: &'s Stop,
    /// The stop ended the search before the limit.
    pub(super) stopped: bool,
}

/// Solutions between looks at the stop: a count of an empty grid finds about 2.4M a
/// second, so a look every 7 ms or so, and none in a search for one or two.
const STOP_EVERY: usize = 1 << 14;

impl Search<'_, '_> {
    /// Counts a solution and hands it over: `true` once the search is to end (the limit
    /// reached, or the stop).
    #[inline]
    fn found(&mut self, st: &State) -> bool {
        self.count += 1;
        if let Some(f) = self.on_solution.as_mut() {
            f(&st.values());
        }
        if self.count >= self.limit {
            return true;
        }
        if self.count.is_multiple_of(STOP_EVERY) && self.stop.reached() {
            self.stopped = true;
            return true;
        }
        false
    }

    /// Searches below a propagated state. Returns `true` once `limit` solutions are found.
    pub(super) fn run(&mut self, st: State) -> bool {
        if BAND_BRANCHING {
            self.run_bands(st)
        } else {
            self.run_cells(st)
        }
    }

    /// [`Search::run`] branching on cells: a binary split on a bivalue cell, else on the
    /// cell with fewest candidates.
    fn run_cells(&mut self, mut st: State) -> bool {
        loop {
            let Some(cell) = st.branch_cell() else {
                return self.found(&st);
            };
            let d = (0..9)
                .find(|&d| st.has(cell, d))
                .expect("unsolved cells keep a candidate");
            self.guesses += 1;
            let mut child = st;
            if child.assign(cell, d)
                && child.propagate_all(&mut self.masks, ALL_DIGITS)
                && self.run(child)
            {
                return true;
            }
            st.remove(cell, d);
            if !st.propagate_all(&mut self.masks, ALL_DIGITS) {
                return false;
            }
        }
    }

    /// [`Search::run`] branching on configurations: each configuration of the chosen digit
    /// in the chosen band or stack is tried in turn (they exclude each other and cover every
    /// case); each but the last counts as a guess.
    fn run_bands(&mut self, st: State) -> bool {
        if st.unsolved == [0; 3] {
            return self.found(&st);
        }
        let Some(br) = State::branch_band(&self.masks) else {
            if st.unsolved != [0; 3] {
                // Not expected: with every band and stack fixed, propagation has placed
                // every cell. Branch on cells rather than trust that.
                return self.run_cells(st);
            }
            return self.found(&st);
        };
        let mut left = CONFIGS[(br.triads & 511) as usize];
        for &p in PERM_LIST.iter() {
            if br.triads & p != p {
                continue;
            }
            left -= 1;
            let mut child = st;
            if left > 0 {
                self.guesses += 1;
            }
            child.restrict(&br, p);
            if child.propagate_all(&mut self.masks, 1 << br.digit) && self.run_bands(child) {
                return true;
            }
            if left == 0 {
                break;
            }
        }
        false
    }
}

/// Checks of the table-free passes against the table ones, for the unit tests.
#[cfg(test)]
pub(super) mod tests_support {
    use super::*;

    /// [`row_mates`], [`box_mates`] and the forced-triad test of [`triad_rule`] agree with
    /// the `MATES` and `ALONE` tables in every unit of the 54-bit word.
    pub(in super::super) fn check_mates() {
        use super::super::tables::{ALONE, MATES};
        for f in 0..512u64 {
            for u in 0..6 {
                let x = f << (9 * u);
                assert_eq!(
                    row_mates(x) | box_mates(x),
                    (MATES[f as usize] as u64) << (9 * u)
                );
                assert_eq!(x & !row_mates(x), (ALONE[f as usize] as u64) << (9 * u));
            }
        }
    }

    /// [`stack_closure`] agrees with [`shrink_stacks`] on `w` (when it finds no
    /// contradiction; on one, some band loses every cell of a stack).
    pub(in super::super) fn check_stacks(w: [u32; 3]) {
        let kept = stack_closure(columns(w));
        let u = [0, 1, 2].map(|b| w[b] & ((kept >> (9 * b) & 511) * COLUMN));
        match shrink_stacks(w) {
            Some(v) => assert_eq!(u, v, "words {w:?}"),
            None => assert!(
                (0..3).any(|s| (0..3).any(|b| kept >> (9 * b + 3 * s) & 7 == 0)),
                "words {w:?}"
            ),
        }
    }
}
