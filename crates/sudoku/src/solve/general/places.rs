//! The starting state's place words (per house and digit, the positions where the digit
//! may go), built from the candidate words (per cell, the digits it may take).
//!
//! A house's candidate words, position by position, form a bit matrix (positions ×
//! digits); its place words are that matrix transposed (digits × positions). Transposed
//! 64x64 blocks at a time, the build costs a few word operations per 64 bits instead of
//! three scattered writes per candidate: on a 400x400 with 2,000 givens (64M candidates)
//! setting each bit took about half a second, spread over 27 MB of place words.

use super::Geometry;

/// Transposes a 64x64 bit matrix in place: bit `c` of row `r` becomes bit `r` of row `c`.
/// Six rounds, each swapping the off-diagonal blocks of every 2j x 2j block (j = 32, 16,
/// ..., 1) with masks.
fn transpose64(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut m: u64 = 0x0000_0000_ffff_ffff;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = ((k | j) + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
}

/// From this side up the place words are built house by house, each by transposition or
/// bit by bit, whichever its candidates make cheaper; below it bit by bit over the whole
/// grid, which costs what the candidates number, where a block costs the same however few
/// of its bits are used (generating 25x25 puzzles, whose states are mostly filled, took a
/// fifth longer with transposition).
const TRANSPOSE_FROM_SIDE: usize = 64;

/// A house whose candidates number fewer than this per 64x64 block is built bit by bit:
/// the six rounds of [`transpose64`] cost several hundred operations whatever a block
/// holds, a candidate a few. Most houses of a nearly full grid are, since its givens have
/// one candidate each (225x225-2, 80% givens: 1.6 candidates a cell).
const SPARSE_BLOCK_BITS: usize = 128;

/// The place words (`3n·n × wpc`, at `(house·n + digit)·wpc`) and their counts for the
/// candidate words `cand` (`n·n × wpc`, at `cell·wpc`) and their counts `ncand`.
pub(super) fn of(geo: &Geometry, cand: &[u64], ncand: &[u16]) -> (Vec<u64>, Vec<u16>) {
    if geo.n < TRANSPOSE_FROM_SIDE {
        return bit_by_bit(geo, cand);
    }
    let (n, wpc) = (geo.n, geo.wpc);
    // Zeroed a house at a time, just before its bits are set, while its words are in cache.
    let mut pos = Vec::with_capacity(3 * n * n * wpc);
    let mut npos = vec![0u16; 3 * n * n];
    let mut block = [0u64; 64];
    for h in 0..3 * n {
        let cells = &geo.house_cells[h * n..(h + 1) * n];
        pos.resize((h + 1) * n * wpc, 0);
        let out = &mut pos[h * n * wpc..];
        let counts = &mut npos[h * n..(h + 1) * n];
        let bits: usize = cells.iter().map(|&c| ncand[c as usize] as usize).sum();
        if bits < wpc * wpc * SPARSE_BLOCK_BITS {
            house_bit_by_bit(cells, cand, ncand, wpc, out, counts);
            continue;
        }
        for pb in 0..wpc {
            let rows = &cells[pb * 64..n.min(pb * 64 + 64)];
            for db in 0..wpc {
                block.fill(0);
                for (row, &cell) in block.iter_mut().zip(rows) {
                    *row = cand[cell as usize * wpc + db];
                }
                transpose64(&mut block);
                for (j, &word) in block.iter().enumerate().take(n.saturating_sub(db * 64)) {
                    out[(db * 64 + j) * wpc + pb] = word;
                    counts[db * 64 + j] += word.count_ones() as u16;
                }
            }
        }
    }
    (pos, npos)
}

/// One house's place words `out` (`n × wpc`, zero on entry) and their counts `counts`
/// (zero on entry) from its cells' candidates, one candidate at a time: counted as set,
/// since a popcount of every place word (without the `popcnt` instruction in the
/// baseline x86-64 build) cost a 100x100 at 70% givens 7% of its answer. A cell with one
/// candidate (a given, mostly) finds it without a loop whose end the branch predictor
/// would miss.
fn house_bit_by_bit(
    cells: &[u32],
    cand: &[u64],
    ncand: &[u16],
    wpc: usize,
    out: &mut [u64],
    counts: &mut [u16],
) {
    for (p, &cell) in cells.iter().enumerate() {
        let (cell, bit) = (cell as usize, 1u64 << (p % 64));
        let words = &cand[cell * wpc..(cell + 1) * wpc];
        if ncand[cell] == 1 {
            let d: usize = words
                .iter()
                .enumerate()
                .map(|(i, &w)| {
                    if w != 0 {
                        i * 64 + w.trailing_zeros() as usize
                    } else {
                        0
                    }
                })
                .sum();
            out[d * wpc + p / 64] |= bit;
            counts[d] += 1;
            continue;
        }
        for (i, &w0) in words.iter().enumerate() {
            let mut w = w0;
            while w != 0 {
                let d = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                out[d * wpc + p / 64] |= bit;
                counts[d] += 1;
            }
        }
    }
}

/// [`of`], one candidate at a time.
fn bit_by_bit(geo: &Geometry, cand: &[u64]) -> (Vec<u64>, Vec<u16>) {
    let (n, wpc) = (geo.n, geo.wpc);
    let mut pos = vec![0u64; 3 * n * n * wpc];
    let mut npos = vec![0u16; 3 * n * n];
    for (cell, cw) in cand.chunks_exact(wpc).enumerate() {
        for (i, &w0) in cw.iter().enumerate() {
            let mut w = w0;
            while w != 0 {
                let d = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                for (&h, &p) in geo.cell_houses[cell].iter().zip(&geo.cell_pos[cell]) {
                    let hd = h as usize * n + d;
                    pos[hd * wpc + p as usize / 64] |= 1 << (p % 64);
                    npos[hd] += 1;
                }
            }
        }
    }
    (pos, npos)
}

#[cfg(test)]
mod tests {
    use super::{bit_by_bit, transpose64, Geometry};
    use crate::Shape;
    use rand::{Rng, SeedableRng};

    #[test]
    fn transposing_moves_every_bit_across_the_diagonal() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut a = [0u64; 64];
        a.iter_mut().for_each(|w| *w = rng.gen());
        let before = a;
        transpose64(&mut a);
        for (r, row) in before.iter().enumerate() {
            for (c, column) in a.iter().enumerate() {
                assert_eq!(column >> r & 1, row >> c & 1, "({r}, {c})");
            }
        }
        transpose64(&mut a);
        assert_eq!(a, before);
    }

    /// Every build gives the same words as bit by bit over the grid: on random candidates
    /// (houses transposed) and on a nearly full grid's (most cells one candidate: houses
    /// bit by bit), at a side with a part-used last word and at one whose houses are a
    /// whole number of words.
    #[test]
    fn house_builds_give_the_grid_bit_by_bit_places() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for side in [100, 64] {
            let geo = Geometry::new(Shape::from_side(side).expect("a square side"));
            for full in [false, true] {
                let mut cand = vec![0u64; side * side * geo.wpc];
                for (cell, cw) in cand.chunks_exact_mut(geo.wpc).enumerate() {
                    if full && rng.gen_bool(0.8) {
                        let d = (cell * 7 + cell / side) % side;
                        cw[d / 64] = 1 << (d % 64);
                        continue;
                    }
                    for (i, w) in cw.iter_mut().enumerate() {
                        let used = side - i * 64;
                        let keep = if full {
                            rng.gen::<u64>() & rng.gen::<u64>()
                        } else {
                            rng.gen()
                        };
                        *w = keep & rng.gen::<u64>() & (u64::MAX >> 64usize.saturating_sub(used));
                    }
                }
                let ncand: Vec<u16> = cand
                    .chunks_exact(geo.wpc)
                    .map(|cw| cw.iter().map(|w| w.count_ones() as u16).sum())
                    .collect();
                let want = bit_by_bit(&geo, &cand);
                assert_eq!(super::of(&geo, &cand, &ncand), want, "{side}, full {full}");
            }
        }
    }
}
