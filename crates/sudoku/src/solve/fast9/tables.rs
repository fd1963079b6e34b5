//! Lookup tables for the band bitboards, all computed at compile time.
//!
//! A *band word* holds one digit's candidates in one band: bit `9·r + c` is row `r` (0..3)
//! of the band, column `c` (0..9). A *triad* is the three cells of one row inside one box;
//! a band has 9 triads, and a *triad mask* has bit `3·r + k` for the triad of row `r` in
//! box `k` of the band.

/// `ROW_TRIADS[x]`: for the 9 bits `x` of one row, bit `k` set when box `k` of the row holds
/// a bit.
pub(super) static ROW_TRIADS: [u8; 512] = row_triads();

/// `PERMS[m]`: for a 3x3 matrix `m` (bit `3·i + j`), the union of the permutation matrices
/// contained in `m`; zero when `m` contains none.
///
/// In a band, a digit takes exactly one triad per row and one per box, so the triads it
/// takes form a permutation matrix; the same holds in a stack for (band, column) pairs.
/// Triads outside every permutation that fits are eliminated: that single lookup performs
/// pointing and claiming (locked candidates), hidden singles in boxes, and spots rows or
/// boxes left without the digit.
pub(super) static PERMS: [u16; 512] = perms();

/// The six permutation matrices of a 3x3 triad matrix (bit `3·i + j`).
pub(super) const PERM_LIST: [u16; 6] = perm_list();

/// `CONFIGS[m]`: how many permutation matrices `m` contains: a digit's *configurations* in
/// a band (or stack).
pub(super) static CONFIGS: [u8; 512] = configs();

/// `MATES[f]`: the triads that share a row or a box with some triad of `f` (a triad is no
/// mate of itself, but two triads of `f` in one row or box are each other's mates). The
/// engine computes this with shifts on all six units at once; the table checks it.
#[cfg(test)]
pub(super) static MATES: [u16; 512] = mates();

/// `ALONE[t]`: the triads of `t` that are the only one of `t` in their row (test reference,
/// as `MATES`).
#[cfg(test)]
pub(super) static ALONE: [u16; 512] = alone();

/// `EXPAND[t]`: the 27 cells of the triads in triad mask `t`.
pub(super) static EXPAND: [u32; 512] = expand();

/// `BAND_PEERS[i]`: the cells of the band that share a row or a box with cell `i`, not `i`.
pub(super) static BAND_PEERS: [u32; 27] = band_peers();

/// The three cells of column 0 in a band word; shift left by `c` for column `c`.
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

const fn row_triads() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn perms() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let pm = PERMUTATIONS[p];
            let bits = (1 << pm[0]) | (1 << (3 + pm[1])) | (1 << (6 + pm[2]));
            if m & bits == bits {
                t[m] |= bits as u16;
            }
            p += 1;
        }
        m += 1;
    }
    t
}

const fn perm_list() -> [u16; 6] {
    let mut t = [0u16; 6];
    let mut p = 0;
    while p < 6 {
        let pm = PERMUTATIONS[p];
        t[p] = (1 << pm[0]) | (1 << (3 + pm[1])) | (1 << (6 + pm[2]));
        p += 1;
    }
    t
}

const fn configs() -> [u8; 512] {
    let list = perm_list();
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            if m as u16 & list[p] == list[p] {
                t[m] += 1;
            }
            p += 1;
        }
        m += 1;
    }
    t
}

#[cfg(test)]
const fn mates() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut f = 0;
    while f < 512 {
        let mut i = 0;
        while i < 9 {
            if f >> i & 1 == 1 {
                let mut j = 0;
                while j < 9 {
                    if j != i && (j / 3 == i / 3 || j % 3 == i % 3) {
                        t[f] |= 1 << j;
                    }
                    j += 1;
                }
            }
            i += 1;
        }
        f += 1;
    }
    t
}

#[cfg(test)]
const fn alone() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut r = 0;
        while r < 3 {
            let x = (m >> (3 * r)) & 7;
            if x == 1 || x == 2 || x == 4 {
                t[m] |= (x << (3 * r)) as u16;
            }
            r += 1;
        }
        m += 1;
    }
    t
}

const fn expand() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 9 {
            if m >> i & 1 == 1 {
                let (r, k) = (i / 3, i % 3);
                t[m] |= 7 << (9 * r + 3 * k);
            }
            i += 1;
        }
        m += 1;
    }
    t
}

const fn band_peers() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 / 3 == c / 3) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perms_keep_only_permutations() {
        assert_eq!(PERMS[0x1FF], 0x1FF);
        // Identity alone.
        assert_eq!(PERMS[0b100_010_001], 0b100_010_001);
        // Row 0 forced to column 0: the other rows lose column 0.
        assert_eq!(PERMS[0b111_111_001], 0b110_110_001);
        // Two rows forced to the same column: nothing fits.
        assert_eq!(PERMS[0b111_001_001], 0);
        // A row with no bit.
        assert_eq!(PERMS[0b111_111_000], 0);
    }

    #[test]
    fn configs_count_permutations() {
        assert_eq!(CONFIGS[0x1FF], 6);
        assert_eq!(CONFIGS[0b100_010_001], 1);
        assert_eq!(CONFIGS[0b110_110_001], 2);
        assert_eq!(CONFIGS[0b111_001_001], 0);
        assert!(PERM_LIST.iter().all(|&p| PERMS[p as usize] == p));
    }

    #[test]
    fn mates_and_alone() {
        assert_eq!(MATES[1], 0b001_001_110);
        assert_eq!(MATES[0b11], 0b011_011_111);
        assert_eq!(ALONE[0b011_100_010], 0b000_100_010);
    }

    #[test]
    fn geometry() {
        assert_eq!(ROW_TRIADS[0b100_000_010], 0b101);
        assert_eq!(EXPAND[1 << 4], 7 << 12);
        assert_eq!(BAND_PEERS[0].count_ones(), 8 + 6);
        assert_eq!(BAND_PEERS[13] & (1 << 13), 0);
    }
}
