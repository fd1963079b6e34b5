//! SE's basic techniques inside a branch ([`super::Stall::Basics`], Dynamic (+)): what
//! locked candidates, hidden and naked pairs and X-Wings remove from the position a branch
//! has reached, each removal with the branch's falses it relies on as causes. One
//! implementation for both engines: each shows its position as the same masks
//! ([`Masks`]), over the box-first geometry (sides up to 32).

use super::Nodes;
use crate::logic::geometry::BoxFirst;

/// Whether `x` has exactly two bits set (without `count_ones`, which is no single
/// instruction on the baseline x86-64 target, and these tests are in the hottest loops).
#[inline]
pub(crate) fn two(x: u64) -> bool {
    let rest = x & x.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// The set bits of `m`, lowest first (a cell's candidates, a house-digit's places).
#[inline]
pub(crate) fn ones(m: impl Into<u64>) -> impl Iterator<Item = usize> {
    let mut m: u64 = m.into();
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// Whether `x` has two bits set or more.
#[inline]
pub(crate) fn several(x: u64) -> bool {
    x & x.wrapping_sub(1) != 0
}

/// A branch's position as masks over the box-first geometry: the candidates of each cell
/// and the places of each digit in each house (`house * n + digit`), before the branch
/// (`orig`) and where it is (`cur`).
pub(crate) struct Masks<'a> {
    pub(crate) n: usize,
    /// The box-first geometry's tables ([`BoxFirst`]'s fields).
    pub(crate) houses: &'a [[u16; 3]],
    pub(crate) house_cells: &'a [Vec<u16>],
    pub(crate) hpos: &'a [[u8; 3]],
    pub(crate) inter: &'a [u32],
    pub(crate) orig: &'a [u64],
    pub(crate) cur: &'a [u64],
    pub(crate) pl_orig: &'a [u32],
    pub(crate) pl_cur: &'a [u32],
}

impl<'a> Masks<'a> {
    /// The tables of `geometry`, with these masks.
    #[inline]
    pub(crate) fn new(
        geometry: &'a BoxFirst,
        n: usize,
        (orig, cur): (&'a [u64], &'a [u64]),
        (pl_orig, pl_cur): (&'a [u32], &'a [u32]),
    ) -> Masks<'a> {
        Masks {
            n,
            houses: &geometry.houses,
            house_cells: &geometry.house_cells,
            hpos: &geometry.hpos,
            inter: &geometry.inter,
            orig,
            cur,
            pl_orig,
            pl_cur,
        }
    }

    #[inline]
    fn places_orig(&self, h: usize, d: usize) -> u32 {
        self.pl_orig[h * self.n + d]
    }
    #[inline]
    fn places_cur(&self, h: usize, d: usize) -> u32 {
        self.pl_cur[h * self.n + d]
    }
    #[inline]
    fn pot(&self, cell: usize, d: usize, on: bool) -> u32 {
        ((cell * self.n + d) * 2 + usize::from(on)) as u32
    }
}

/// The falses that locked candidates, hidden pairs, naked pairs or X-Wings give in a
/// branch's current position (the first of these that gives any step that depends on
/// the branch), each with the falses it depends on (nodes of `net`) as causes.
pub(crate) fn basics(pos: &Masks<'_>, net: &Nodes) -> Vec<(u32, Vec<u32>)> {
    let n = pos.n;
    let mut out: Vec<(u32, Vec<u32>)> = Vec::new();
    // The removed places of `d` in house `h`, as off nodes.
    let gone_in = |h: usize, d: usize| -> Vec<u32> {
        let g = pos.places_orig(h, d) & !pos.places_cur(h, d);
        pos.house_cells[h]
            .iter()
            .enumerate()
            .filter(|(i, _)| g >> i & 1 == 1)
            .map(|(_, &c)| net.node(pos.pot(c as usize, d, false)))
            .collect()
    };
    // Locked candidates: pointing (box → line) then claiming (line → box).
    for h in 0..3 * n {
        let hc = &pos.house_cells[h];
        // Only box → line and line → box: the kinds of house to look in.
        let kinds: &[usize] = if h < n { &[1, 2] } else { &[0] };
        for d in 0..n {
            let places = pos.places_cur(h, d);
            if !several(u64::from(places)) {
                continue;
            }
            let fi = places.trailing_zeros() as usize;
            let first = hc[fi] as usize;
            for &k in kinds {
                if places & !pos.inter[(h * n + fi) * 3 + k] != 0 {
                    continue;
                }
                // The places of `d` in `other` outside `h` (the places in both houses are
                // all of `h`'s places).
                let other = pos.houses[first][k] as usize;
                let j = pos.hpos[first][k] as usize;
                let elim = pos.places_cur(other, d) & !pos.inter[(other * n + j) * 3 + h / n];
                if elim == 0 {
                    continue;
                }
                let ps = gone_in(h, d);
                if ps.is_empty() {
                    continue;
                }
                let oc = &pos.house_cells[other];
                let mut e = elim;
                while e != 0 {
                    let c = oc[e.trailing_zeros() as usize] as usize;
                    out.push((pos.pot(c, d, false), ps.clone()));
                    e &= e - 1;
                }
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    // Hidden pairs.
    for h in 0..3 * n {
        for d1 in 0..n {
            let p1 = pos.places_cur(h, d1);
            if !two(u64::from(p1)) {
                continue;
            }
            for d2 in d1 + 1..n {
                if pos.places_cur(h, d2) != p1 {
                    continue;
                }
                let hc = &pos.house_cells[h];
                let mut elim = Vec::new();
                for (i, &c) in hc.iter().enumerate() {
                    if p1 >> i & 1 == 1 {
                        let c = c as usize;
                        let rest = pos.cur[c] & !(1u64 << d1) & !(1u64 << d2);
                        for e in 0..n {
                            if rest >> e & 1 == 1 {
                                elim.push(pos.pot(c, e, false));
                            }
                        }
                    }
                }
                emit(&mut out, elim, || {
                    let mut ps = gone_in(h, d1);
                    ps.extend(gone_in(h, d2));
                    ps
                });
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    // Naked pairs.
    for h in 0..3 * n {
        let hc = &pos.house_cells[h];
        for i in 0..n {
            let ci = hc[i] as usize;
            let m = pos.cur[ci];
            if !two(m) {
                continue;
            }
            for j in i + 1..n {
                let cj = hc[j] as usize;
                if pos.cur[cj] != m {
                    continue;
                }
                let mut elim = Vec::new();
                for &c in hc {
                    let c = c as usize;
                    if c == ci || c == cj {
                        continue;
                    }
                    for e in 0..n {
                        if m >> e & 1 == 1 && pos.cur[c] >> e & 1 == 1 {
                            elim.push(pos.pot(c, e, false));
                        }
                    }
                }
                emit(&mut out, elim, || {
                    let mut ps = Vec::new();
                    for c in [ci, cj] {
                        let gone = pos.orig[c] & !pos.cur[c];
                        for e in 0..n {
                            if gone >> e & 1 == 1 {
                                ps.push(net.node(pos.pot(c, e, false)));
                            }
                        }
                    }
                    ps
                });
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    // X-Wings: rows as base, then columns.
    for (base, cover) in [(n, 2 * n), (2 * n, n)] {
        for d in 0..n {
            for a in 0..n {
                let pa = pos.places_cur(base + a, d);
                if !two(u64::from(pa)) {
                    continue;
                }
                for b in a + 1..n {
                    if pos.places_cur(base + b, d) != pa {
                        continue;
                    }
                    let mut elim = Vec::new();
                    for i in 0..n {
                        if pa >> i & 1 == 0 {
                            continue;
                        }
                        for (k, &c) in pos.house_cells[cover + i].iter().enumerate() {
                            if k != a && k != b && pos.cur[c as usize] >> d & 1 == 1 {
                                elim.push(pos.pot(c as usize, d, false));
                            }
                        }
                    }
                    emit(&mut out, elim, || {
                        let mut ps = gone_in(base + a, d);
                        ps.extend(gone_in(base + b, d));
                        ps
                    });
                }
            }
        }
    }
    out
}

/// Adds the falses `elim` of one basic step, each with the causes `causes` gives, unless
/// the step removes nothing or relies on nothing the branch removed (then it is no
/// consequence of the branch).
fn emit(out: &mut Vec<(u32, Vec<u32>)>, elim: Vec<u32>, causes: impl FnOnce() -> Vec<u32>) {
    if elim.is_empty() {
        return;
    }
    let ps = causes();
    if ps.is_empty() {
        return;
    }
    out.extend(elim.into_iter().map(|e| (e, ps.clone())));
}
