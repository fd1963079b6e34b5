//! Where each digit is given: the puzzle's 81 bytes compared with each digit at once.
//!
//! Reading the givens one cell at a time cost a tenth of the time on quick puzzles (serg:
//! 0.25 µs of 2.5), mostly branch mispredictions on which cells are empty. Here nine byte
//! compares per vector give each digit's cells as a bit mask, with no branch on the
//! puzzle. The widest path the CPU has is picked at run time (AVX-512BW, then AVX2, then
//! the SSE2 every x86-64 has); other targets take the portable loop. Every path returns
//! the same masks, and the tests run each one the CPU can against the portable loop.
//!
//! This is the only `unsafe` in the crate: the intrinsics behind a `target_feature`, each
//! call made after the feature was detected.

use super::{Cells, State};

/// `masks[d]` bit `i`: cell `i` (row-major) holds digit `d + 1`. `None` when a cell holds
/// a value above 9.
pub(super) type DigitMasks = [u128; 9];

/// The state with the givens placed ([`State::from_givens`]) on the widest path this CPU
/// runs; `None` for a value above 9 or two givens of a digit in a house.
pub(super) fn givens(p: &Cells) -> Option<State> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512bw") {
            // SAFETY: the CPU has AVX-512F and BW (checked just above; BW implies F).
            return unsafe { x86::givens_avx512(p) };
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above).
            return unsafe { x86::givens_avx2(p) };
        }
        // SAFETY: SSE2 is part of x86-64: every CPU this code runs on has it.
        unsafe { x86::givens_sse2(p) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        State::from_givens(&portable(p)?)
    }
}

/// [`State::propagate`] of every digit (the root's propagation): sweeps over all 27 words
/// at once in three AVX-512 registers where the CPU has them (see [`x86::sweep_avx512`]),
/// else the worklist. Both reach the same fixed point (tested).
pub(super) fn propagate_all_digits(st: &mut State) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512bw") {
            // SAFETY: the CPU has AVX-512F and BW (checked just above).
            return unsafe { x86::sweep_avx512(st) };
        }
    }
    st.propagate(super::engine::ALL_DIGITS)
}

/// One cell at a time, without a branch on the cell's value: the path off x86-64, and the
/// reference the tests hold the others to.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(super) fn portable(p: &Cells) -> Option<DigitMasks> {
    // Slot 0 collects the empty cells, slots 10.. whatever is too large.
    let mut m = [0u128; 16];
    for (i, &v) in p.iter().enumerate() {
        m[(v as usize).min(15)] |= 1 << i;
    }
    if m[10..].iter().any(|&x| x != 0) {
        return None;
    }
    let mut out = [0u128; 9];
    out.copy_from_slice(&m[1..10]);
    Some(out)
}

/// A way to place the givens, for the tests.
#[cfg(test)]
type GivensPath = fn(&Cells) -> Option<State>;

/// A sweep, for the tests.
#[cfg(test)]
type SweepPath = fn(&mut State) -> bool;

/// Every way to place the givens this CPU can run, by name, for the tests.
#[cfg(test)]
pub(super) fn available() -> Vec<(&'static str, GivensPath)> {
    let mut v: Vec<(&'static str, GivensPath)> =
        vec![("portable", |p| State::from_givens(&portable(p)?))];
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of x86-64.
        v.push(("sse2", |p| unsafe { x86::givens_sse2(p) }));
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: only called on a CPU with AVX2 (checked here).
            v.push(("avx2", |p| unsafe { x86::givens_avx2(p) }));
        }
        if std::arch::is_x86_feature_detected!("avx512bw") {
            // SAFETY: only called on a CPU with AVX-512BW (checked here).
            v.push(("avx512", |p| unsafe { x86::givens_avx512(p) }));
        }
    }
    v
}

/// Every sweep this CPU can run, by name, for the tests (none without AVX-512).
#[cfg(test)]
pub(super) fn sweeps() -> Vec<(&'static str, SweepPath)> {
    let mut v: Vec<(&'static str, SweepPath)> = Vec::new();
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512bw") {
        // SAFETY: only called on a CPU with AVX-512F and BW (checked here).
        v.push(("avx512", |st| unsafe { x86::sweep_avx512(st) }));
    }
    v
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::tables;
    use super::{Cells, DigitMasks, State};
    use std::arch::x86_64::*;

    /// [`super::givens`] with AVX-512: the masks from byte compares, and
    /// [`State::from_givens`] compiled for 16-lane registers.
    ///
    /// # Safety
    /// The CPU must have AVX-512F and AVX-512BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn givens_avx512(p: &Cells) -> Option<State> {
        // SAFETY: the caller vouches for the features.
        State::from_givens(&unsafe { avx512(p) }?)
    }

    /// Every digit propagated to the fixed point of [`State::propagate`], as sweeps over
    /// all 27 words at once: band `b` is one register, lane `d` its word for digit `d`
    /// (lanes 9-15 stay zero). A sweep runs, on every word, the band pass (triads on a
    /// permutation, from shifts instead of the `PERMS` table), the stack pass, row singles
    /// (their cells leave the other digits) and naked singles (their mates leave the
    /// digit); sweeps repeat until one changes nothing. Each rule only removes candidates
    /// that it would also remove from any smaller state, so the fixed point is the one the
    /// worklist reaches, in whatever order. `false` on contradiction.
    ///
    /// # Safety
    /// The CPU must have AVX-512F and AVX-512BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn sweep_avx512(st: &mut State) -> bool {
        // SAFETY: each load reads the 9 words of `cand[b]` (mask 0x1ff); masked-off lanes of
        // an AVX-512 load never touch memory.
        let mut w = [0, 1, 2]
            .map(|b| unsafe { _mm512_maskz_loadu_epi32(0x1ff, st.cand[b].as_ptr().cast()) });
        let u = st.unsolved;
        let mut uv = u.map(|x| _mm512_set1_epi32(x as i32));
        let ok = loop {
            let before = w;
            let before_u = uv;
            for x in w.iter_mut() {
                *x = band_pass(*x);
            }
            w = stack_pass(w);
            // Row singles: their cells leave the other digits. A cell two digits claim
            // stays with both, and is caught by the last check below.
            for b in 0..3 {
                let s = row_singles(w[b], uv[b]);
                let all = lanes_or(s);
                // w & !(all & !s)
                w[b] = _mm512_ternarylogic_epi32::<0xB0>(w[b], all, s);
            }
            // Naked singles: their mates leave the digit.
            let mut dead = _mm512_setzero_si512();
            let mut cols = [_mm512_setzero_si512(); 3];
            for b in 0..3 {
                let (one, two) = lanes_one_two(w[b]);
                // Unsolved cells with no candidate.
                dead = _mm512_ternarylogic_epi32::<0xF4>(dead, uv[b], one);
                // Unsolved cells with one candidate.
                let naked = _mm512_ternarylogic_epi32::<0x20>(uv[b], two, one);
                uv[b] = _mm512_andnot_si512(naked, uv[b]);
                let n = _mm512_and_si512(w[b], naked);
                cols[b] = column_set(n);
                let mates = mates(n);
                // w & (!mates | n)
                w[b] = _mm512_ternarylogic_epi32::<0xB0>(w[b], mates, n);
            }
            for b in 0..3 {
                let (o1, o2) = [(1, 2), (0, 2), (0, 1)][b];
                let c = _mm512_or_si512(cols[o1], cols[o2]);
                w[b] = _mm512_andnot_si512(spread_columns(c), w[b]);
            }
            if _mm512_test_epi32_mask(dead, dead) != 0 {
                break false;
            }
            let zero = _mm512_setzero_si512();
            if w.iter()
                .any(|&x| _mm512_mask_cmpeq_epi32_mask(0x1ff, x, zero) != 0)
            {
                break false;
            }
            let same = (0..3).all(|b| {
                _mm512_cmpneq_epi32_mask(w[b], before[b]) == 0
                    && _mm512_cmpneq_epi32_mask(uv[b], before_u[b]) == 0
            });
            if same {
                break true;
            }
        };
        if !ok || !consistent(w, uv) {
            return false;
        }
        // What the worklist keeps of a propagated state: the words as `seen`, their triad
        // masks (bit 3·r + k), and each digit's columns.
        let cols = or3(
            column_set(w[0]),
            _mm512_slli_epi32::<9>(column_set(w[1])),
            _mm512_slli_epi32::<18>(column_set(w[2])),
        );
        for b in 0..3 {
            let tri = triad_mask(w[b]);
            // SAFETY: each store writes the 9 entries of one row of `cand`, `seen` or
            // `tri` (mask 0x1ff) and nothing else; masked-off lanes are never written.
            unsafe {
                _mm512_mask_storeu_epi32(st.cand[b].as_mut_ptr().cast(), 0x1ff, w[b]);
                _mm512_mask_storeu_epi32(st.seen[b].as_mut_ptr().cast(), 0x1ff, w[b]);
                _mm512_mask_cvtepi32_storeu_epi16(st.tri[b].as_mut_ptr().cast(), 0x1ff, tri);
            }
            st.unsolved[b] = _mm_cvtsi128_si32(_mm512_castsi512_si128(uv[b])) as u32;
        }
        // SAFETY: writes the 9 entries of `cols` (mask 0x1ff) and nothing else.
        unsafe { _mm512_mask_storeu_epi32(st.cols.as_mut_ptr().cast(), 0x1ff, cols) };
        true
    }

    /// Every lane `x` as a 32-bit constant.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn k(x: u32) -> __m512i {
        _mm512_set1_epi32(x as i32)
    }

    /// `a | b | c`.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn or3(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
        _mm512_ternarylogic_epi32::<0xFE>(a, b, c)
    }

    /// Bitwise `m ? a : b`.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn select(m: __m512i, a: __m512i, b: __m512i) -> __m512i {
        _mm512_ternarylogic_epi32::<0xE4>(a, b, m)
    }

    /// The entries of each lane's 3x3 0/1 matrix `g` (rows 9 bits apart) on a
    /// permutation inside it, as `engine::perm_closure`; `c1` and `c2` rotate the columns
    /// by one and two. Bits of the rotations outside the matrix are dropped by the final
    /// AND with `g`.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn perm_closure(
        g: __m512i,
        c1: impl Fn(__m512i) -> __m512i,
        c2: impl Fn(__m512i) -> __m512i,
    ) -> __m512i {
        let r1 = _mm512_or_si512(_mm512_srli_epi32::<9>(g), _mm512_slli_epi32::<18>(g));
        let r2 = _mm512_or_si512(_mm512_srli_epi32::<18>(g), _mm512_slli_epi32::<9>(g));
        let p = _mm512_and_si512(c1(r1), c2(r2));
        // g & (c2(r1) & c1(r2) | p)
        _mm512_and_si512(g, _mm512_ternarylogic_epi32::<0xEA>(c2(r1), c1(r2), p))
    }

    /// The band pass: the triads of each word (bit `9·r + 3·k`) on no permutation go.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn band_pass(x: __m512i) -> __m512i {
        let t = _mm512_and_si512(
            or3(x, _mm512_srli_epi32::<1>(x), _mm512_srli_epi32::<2>(x)),
            k(0o111_111_111),
        );
        let a = perm_closure(
            t,
            |y| {
                select(
                    k(0o011_011_011),
                    _mm512_srli_epi32::<3>(y),
                    _mm512_slli_epi32::<6>(y),
                )
            },
            |y| {
                select(
                    k(0o110_110_110),
                    _mm512_slli_epi32::<3>(y),
                    _mm512_srli_epi32::<6>(y),
                )
            },
        );
        // x & (a | a << 1 | a << 2)
        _mm512_and_si512(
            x,
            or3(a, _mm512_slli_epi32::<1>(a), _mm512_slli_epi32::<2>(a)),
        )
    }

    /// The triad mask (bit `3·r + k`: row `r` of the band has the digit in box `k`) of
    /// each word.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn triad_mask(x: __m512i) -> __m512i {
        let t = or3(x, _mm512_srli_epi32::<1>(x), _mm512_srli_epi32::<2>(x));
        // Bit 9·r + 3·k to 9·r + k, then to 3·r + k.
        let y = or3(
            _mm512_and_si512(t, k(0o001_001_001)),
            _mm512_and_si512(_mm512_srli_epi32::<2>(t), k(0o002_002_002)),
            _mm512_and_si512(_mm512_srli_epi32::<4>(t), k(0o004_004_004)),
        );
        or3(
            _mm512_and_si512(y, k(0o7)),
            _mm512_and_si512(_mm512_srli_epi32::<6>(y), k(0o70)),
            _mm512_and_si512(_mm512_srli_epi32::<12>(y), k(0o700)),
        )
    }

    /// The columns each word has (9 bits).
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn column_set(x: __m512i) -> __m512i {
        _mm512_and_si512(
            or3(x, _mm512_srli_epi32::<9>(x), _mm512_srli_epi32::<18>(x)),
            k(511),
        )
    }

    /// Columns (9 bits) made into whole columns of a band word.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn spread_columns(c: __m512i) -> __m512i {
        or3(c, _mm512_slli_epi32::<9>(c), _mm512_slli_epi32::<18>(c))
    }

    /// The stack pass on the three bands' words of every digit.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn stack_pass(w: [__m512i; 3]) -> [__m512i; 3] {
        let c = or3(
            column_set(w[0]),
            _mm512_slli_epi32::<9>(column_set(w[1])),
            _mm512_slli_epi32::<18>(column_set(w[2])),
        );
        let kept = perm_closure(
            c,
            |y| {
                select(
                    k(0o333_333_333),
                    _mm512_srli_epi32::<1>(y),
                    _mm512_slli_epi32::<2>(y),
                )
            },
            |y| {
                select(
                    k(0o111_111_111),
                    _mm512_srli_epi32::<2>(y),
                    _mm512_slli_epi32::<1>(y),
                )
            },
        );
        let k0 = _mm512_and_si512(kept, k(511));
        let k1 = _mm512_and_si512(_mm512_srli_epi32::<9>(kept), k(511));
        let k2 = _mm512_srli_epi32::<18>(kept);
        [
            _mm512_and_si512(w[0], spread_columns(k0)),
            _mm512_and_si512(w[1], spread_columns(k1)),
            _mm512_and_si512(w[2], spread_columns(k2)),
        ]
    }

    /// Rows (bits 0, 9, 18) and boxes (bits 0, 3, 6) of the triads `t` (bit `9·r + 3·k`).
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn rows_boxes(t: __m512i) -> (__m512i, __m512i) {
        let r = _mm512_and_si512(
            or3(t, _mm512_srli_epi32::<3>(t), _mm512_srli_epi32::<6>(t)),
            k(tables::COLUMN),
        );
        let x = _mm512_and_si512(
            or3(t, _mm512_srli_epi32::<9>(t), _mm512_srli_epi32::<18>(t)),
            k(0o111),
        );
        (r, x)
    }

    /// The cells of `x` alone in their row, among the unsolved cells `u`. Every row of
    /// `x` is expected to be non-empty: one that is not (a contradiction, which the band
    /// pass then finds) can give wrong singles, which do not matter then.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn row_singles(x: __m512i, u: __m512i) -> __m512i {
        // Each row without its lowest bit.
        let z = _mm512_and_si512(x, _mm512_sub_epi32(x, k(tables::COLUMN)));
        let t = or3(z, _mm512_srli_epi32::<1>(z), _mm512_srli_epi32::<2>(z));
        let t = _mm512_and_si512(t, k(0o111_111_111));
        let (r, _) = rows_boxes(t);
        let full = _mm512_sub_epi32(_mm512_slli_epi32::<9>(r), r);
        // x & !full & u
        _mm512_ternarylogic_epi32::<0x20>(x, full, u)
    }

    /// The row and box mates of the cells `n` of each word (the cells themselves too).
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn mates(n: __m512i) -> __m512i {
        let t = _mm512_and_si512(
            or3(n, _mm512_srli_epi32::<1>(n), _mm512_srli_epi32::<2>(n)),
            k(0o111_111_111),
        );
        let (r, x) = rows_boxes(t);
        let rows = _mm512_sub_epi32(_mm512_slli_epi32::<9>(r), r);
        let boxes = _mm512_sub_epi32(_mm512_slli_epi32::<3>(x), x);
        or3(
            rows,
            boxes,
            _mm512_or_si512(
                _mm512_slli_epi32::<9>(boxes),
                _mm512_slli_epi32::<18>(boxes),
            ),
        )
    }

    /// The OR of all lanes, in every lane.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn lanes_or(x: __m512i) -> __m512i {
        let x = _mm512_or_si512(x, _mm512_shuffle_i32x4::<0x4E>(x, x));
        let x = _mm512_or_si512(x, _mm512_shuffle_i32x4::<0xB1>(x, x));
        let x = _mm512_or_si512(x, _mm512_shuffle_epi32::<0x4E>(x));
        _mm512_or_si512(x, _mm512_shuffle_epi32::<0xB1>(x))
    }

    /// The bits set in at least one lane and in at least two, in every lane.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn lanes_one_two(x: __m512i) -> (__m512i, __m512i) {
        let (mut one, mut two) = (x, _mm512_setzero_si512());
        macro_rules! step {
            ($swap:expr) => {{
                let (o, t) = ($swap(one), $swap(two));
                two = or3(two, t, _mm512_and_si512(one, o));
                one = _mm512_or_si512(one, o);
            }};
        }
        step!(|v| _mm512_shuffle_i32x4::<0x4E>(v, v));
        step!(|v| _mm512_shuffle_i32x4::<0xB1>(v, v));
        step!(|v| _mm512_shuffle_epi32::<0x4E>(v));
        step!(|v| _mm512_shuffle_epi32::<0xB1>(v));
        (one, two)
    }

    /// The checks the sweep leaves to the end: no row single left on an unsolved cell
    /// (two digits claiming one cell), every solved cell with exactly one candidate, and
    /// no digit solved twice in a row, box or column.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn consistent(w: [__m512i; 3], u: [__m512i; 3]) -> bool {
        let mut bad = _mm512_setzero_si512();
        let mut cols = [_mm512_setzero_si512(); 3];
        for b in 0..3 {
            bad = _mm512_or_si512(bad, row_singles(w[b], u[b]));
            let (one, two) = lanes_one_two(w[b]);
            let solved = _mm512_andnot_si512(u[b], k(tables::BAND));
            // solved & (two | !one)
            bad = or3(
                bad,
                _mm512_and_si512(solved, _mm512_ternarylogic_epi32::<0xF3>(two, one, one)),
                bad,
            );
            // Each digit's solved cells: at most one per row, box and column.
            let p = _mm512_andnot_si512(u[b], w[b]);
            let rows = [
                _mm512_and_si512(p, k(511)),
                _mm512_and_si512(_mm512_srli_epi32::<9>(p), k(511)),
                _mm512_srli_epi32::<18>(p),
            ];
            for y in rows {
                bad = _mm512_ternarylogic_epi32::<0xF8>(bad, y, _mm512_sub_epi32(y, k(1)));
            }
            // Two rows sharing a column within the band share a box too.
            let t = _mm512_and_si512(
                or3(p, _mm512_srli_epi32::<1>(p), _mm512_srli_epi32::<2>(p)),
                k(0o111_111_111),
            );
            let tr = [
                _mm512_and_si512(t, k(0o111)),
                _mm512_and_si512(_mm512_srli_epi32::<9>(t), k(0o111)),
                _mm512_srli_epi32::<18>(t),
            ];
            bad = or3(
                bad,
                _mm512_and_si512(tr[0], tr[1]),
                _mm512_ternarylogic_epi32::<0xE0>(tr[2], tr[0], tr[1]),
            );
            cols[b] = column_set(p);
        }
        let [c0, c1, c2] = cols;
        bad = or3(
            bad,
            _mm512_and_si512(c0, c1),
            _mm512_ternarylogic_epi32::<0xE0>(c2, c0, c1),
        );
        _mm512_test_epi32_mask(bad, bad) == 0
    }

    /// [`super::givens`] with AVX2.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn givens_avx2(p: &Cells) -> Option<State> {
        // SAFETY: the caller vouches for the feature.
        State::from_givens(&unsafe { avx2(p) }?)
    }

    /// [`super::givens`] with SSE2.
    ///
    /// # Safety
    /// The CPU must have SSE2, as every x86-64 CPU does.
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn givens_sse2(p: &Cells) -> Option<State> {
        // SAFETY: the caller vouches for the feature.
        State::from_givens(&unsafe { sse2(p) }?)
    }

    /// 64 + 17 bytes in two registers; one compare per digit and register.
    ///
    /// # Safety
    /// The CPU must have AVX-512BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    #[inline]
    pub(super) unsafe fn avx512(p: &Cells) -> Option<DigitMasks> {
        let base = p.as_ptr();
        // SAFETY: bytes 0..64 of the 81 are read; the second load reads bytes 64..81 only,
        // the mask keeping the 47 bytes past the end from being touched (masked-off lanes
        // of an AVX-512 load never fault).
        let (lo, hi) = unsafe {
            (
                _mm512_loadu_si512(base.cast()),
                _mm512_maskz_loadu_epi8((1 << 17) - 1, base.add(64).cast()),
            )
        };
        let nine = _mm512_set1_epi8(9);
        if _mm512_cmpgt_epu8_mask(lo, nine) | _mm512_cmpgt_epu8_mask(hi, nine) != 0 {
            return None;
        }
        let mut out = [0u128; 9];
        for (d, m) in out.iter_mut().enumerate() {
            let k = _mm512_set1_epi8(d as i8 + 1);
            *m = _mm512_cmpeq_epi8_mask(lo, k) as u128
                | (_mm512_cmpeq_epi8_mask(hi, k) as u128) << 64;
        }
        Some(out)
    }

    /// Bytes 0..32, 32..64 and 49..81 (overlapping, so nothing past the end is read).
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) unsafe fn avx2(p: &Cells) -> Option<DigitMasks> {
        let base = p.as_ptr();
        // SAFETY: three unaligned 32-byte loads at offsets 0, 32 and 49, all inside the
        // 81 bytes of `p`.
        let x = unsafe {
            [
                _mm256_loadu_si256(base.cast()),
                _mm256_loadu_si256(base.add(32).cast()),
                _mm256_loadu_si256(base.add(49).cast()),
            ]
        };
        let nine = _mm256_set1_epi8(9);
        let over = x.iter().fold(0, |a, &v| {
            a | !_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(v, nine), nine))
        });
        if over != 0 {
            return None;
        }
        let mut out = [0u128; 9];
        for (d, m) in out.iter_mut().enumerate() {
            let k = _mm256_set1_epi8(d as i8 + 1);
            let e = x.map(|v| _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, k)) as u32 as u128);
            // The third load starts at cell 49: its bits 15.. are cells 64..81.
            *m = e[0] | e[1] << 32 | (e[2] >> 15) << 64;
        }
        Some(out)
    }

    /// Bytes in five 16-byte loads and one at 65..81 (overlapping, nothing past the end).
    /// SSE2 is part of x86-64, so no detection is needed.
    ///
    /// # Safety
    /// The CPU must have SSE2, as every x86-64 CPU does.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) unsafe fn sse2(p: &Cells) -> Option<DigitMasks> {
        let base = p.as_ptr();
        // SAFETY: six unaligned 16-byte loads at offsets 0, 16, 32, 48, 64 and 65, all
        // inside the 81 bytes of `p`; SSE2 is always there on x86-64.
        let x = unsafe { [0, 16, 32, 48, 64, 65].map(|o| _mm_loadu_si128(base.add(o).cast())) };
        let nine = _mm_set1_epi8(9);
        let over = x.iter().fold(0, |a, &v| {
            a | (!_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, nine), nine)) & 0xffff)
        });
        if over != 0 {
            return None;
        }
        let mut out = [0u128; 9];
        for (d, m) in out.iter_mut().enumerate() {
            let k = _mm_set1_epi8(d as i8 + 1);
            let e = x.map(|v| _mm_movemask_epi8(_mm_cmpeq_epi8(v, k)) as u32 as u128);
            // The sixth load starts at cell 65: its bit 15 is cell 80.
            *m = e[0] | e[1] << 16 | e[2] << 32 | e[3] << 48 | e[4] << 64 | (e[5] >> 15) << 80;
        }
        Some(out)
    }
}
