//! How a branch holds its position's candidates ([`Store`]): per-cell digit sets with each
//! house-digit's places as a mask up to 64x64 and as a count past it ([`Sets`], HoDoKu's
//! finders past 32x32 and kraken fish), or bit masks over the box-first geometry for sides
//! up to 32 ([`Bits`], SE's producers and HoDoKu's finders: one word a cell, one a
//! house-digit, so a single, a peer walk, a locked candidate or SE's basics stall is a few
//! mask operations).
//! The branch (`forcing::Branch`) is written once over this trait; both stores give it the
//! same answers, and a test runs it on both and compares the tables.
//!
//! A house is named by one of its cells and its kind (0 box, 1 row, 2 column, the box-first
//! order), together with its index in the geometry ([`Geometry::cell_houses`]), so that
//! each store can number houses its own way.

use super::{basics, Masks, Nodes, PeerOrder};
use crate::logic::geometry::{BoxFirst, Geometry, PlaceMasks, PLACE_MASKS_MAX_SIDE};
use crate::set::DigitSet;

/// What is left of a cell's candidates, or of a digit's places in a house, besides one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Left {
    /// Nothing.
    None,
    /// One: the digit (of a cell) or the cell (of a house).
    One(usize),
    /// Two or more.
    Many,
}

impl Left {
    #[inline(always)]
    fn of_mask(m: u64) -> (Left, u32) {
        if m == 0 {
            (Left::None, 0)
        } else if m & (m - 1) == 0 {
            (Left::One(0), m.trailing_zeros())
        } else {
            (Left::Many, 0)
        }
    }
}

/// A position's candidates as a branch reads and changes them (see the module docs).
pub(crate) trait Store: Clone {
    /// The store of a position: each cell's candidates (empty for a filled cell).
    fn new(g: &Geometry, cells: &[DigitSet]) -> Self;
    /// Whether digit `d` (index) is a candidate of `cell`.
    fn has(&self, cell: usize, d: usize) -> bool;
    /// The candidates of `cell`, ascending.
    fn digits(&self, cell: usize) -> impl Iterator<Item = usize>;
    /// How many candidates `cell` has.
    fn len(&self, cell: usize) -> usize;
    /// Whether `cell` has no candidate.
    fn is_empty(&self, cell: usize) -> bool;
    /// The candidates of `cell` besides `d`.
    fn others(&self, cell: usize, d: usize) -> Left;
    /// How many places digit `d` has in house `h` (geometry index).
    fn count(&self, g: &Geometry, h: usize, d: usize) -> usize;
    /// The places of `d` besides `cell` in `cell`'s house `h` (geometry index) of kind `kind`.
    fn house_others(&self, g: &Geometry, h: usize, kind: usize, cell: usize, d: usize) -> Left;
    /// Removes candidate `d` of `cell`.
    fn remove(&mut self, g: &Geometry, cell: usize, d: usize);
    /// The places of `d` besides `cell` in `cell`'s house of kind `kind` (0 box, 1 row, 2
    /// column).
    #[inline(always)]
    fn left_in(&self, g: &Geometry, cell: usize, kind: usize, d: usize) -> Left {
        // Geometry houses are row, column, box.
        let h = g.cell_houses(cell)[(kind + 2) % 3] as usize;
        self.house_others(g, h, kind, cell, d)
    }
    /// Removes candidate `d` of `cell` and tells what is left of the cell's candidates and
    /// of `d`'s places in the cell's box, row and column (SE's false taking effect when
    /// followed: one pass over the cell's houses).
    #[inline(always)]
    fn remove_then_left(&mut self, g: &Geometry, cell: usize, d: usize) -> (Left, [Left; 3]) {
        self.remove(g, cell, d);
        let houses = [0, 1, 2].map(|kind| self.left_in(g, cell, kind, d));
        (self.others(cell, d), houses)
    }
    /// Puts back, as in `orig`, the candidates of `cell` and the places of `d` in its houses.
    fn restore(&mut self, orig: &Self, g: &Geometry, cell: usize, d: usize);
    /// Puts back everything as in `orig` (a store of the same shape): cheaper than
    /// [`Self::restore`] per fact once a branch has taken off more than a few candidates.
    fn restore_all(&mut self, orig: &Self);
    /// Calls `f` on each peer of `cell` where `d` is a candidate, in `order`'s order.
    fn peers_with(
        &self,
        g: &Geometry,
        cell: usize,
        d: usize,
        order: PeerOrder,
        f: impl FnMut(usize),
    );
    /// Calls `f` on each candidate of `cell` that `orig` has and this store lacks.
    fn gone_in_cell(&self, orig: &Self, cell: usize, f: impl FnMut(usize));
    /// Calls `f` on each place of `d` that `orig` has and this store lacks, in `cell`'s
    /// house of kind `kind`, in the box-first house order.
    fn gone_in_house(
        &self,
        orig: &Self,
        g: &Geometry,
        cell: usize,
        kind: usize,
        d: usize,
        f: impl FnMut(usize),
    );
    /// SE's basics ([`basics`](fn@super::basics)) on this position reached from `orig`.
    fn basics(&self, orig: &Self, g: &Geometry, table: &Nodes) -> Vec<(u32, Vec<u32>)>;
    /// The places of `d` in house `h` (geometry index) as a mask over the house's positions
    /// in the geometry's order, if the store keeps them (sides up to 64).
    fn place_mask(&self, h: usize, d: usize) -> Option<u64>;
    /// The house other than `h` that holds every place of `d` in house `h`, when there are
    /// two or more (geometry indices): a box's line or a line's box, which the digit is
    /// then locked in (pointing, claiming). Two places share at most one other house.
    #[inline]
    fn locking_house(&self, g: &Geometry, h: usize, d: usize) -> Option<usize> {
        let Some(m) = self.place_mask(h, d) else {
            return locking_house_walked(self, g, h, d);
        };
        if m & m.wrapping_sub(1) == 0 {
            return None;
        }
        let (n, first, kind) = (g.side(), m.trailing_zeros() as usize, g.kind_of(h));
        let share = &g.place_masks().share[(kind * n + first) * 3..][..3];
        // Two cells of a line share no other line: a line's places lock only into a box,
        // a box's into a row, else a column.
        let other = match kind {
            2 if m & !share[0] == 0 => 0,
            2 if m & !share[1] == 0 => 1,
            0 | 1 if m & !share[2] == 0 => 2,
            _ => return None,
        };
        Some(g.cell_houses(g.house_ids(h)[first] as usize)[other] as usize)
    }
    /// Calls `f` on each place of `d` in house `other` that is outside house `h` (geometry
    /// indices), in the house's order.
    #[inline]
    fn places_outside(
        &self,
        g: &Geometry,
        other: usize,
        h: usize,
        d: usize,
        mut f: impl FnMut(usize),
    ) {
        let Some(mut m) = self.place_mask(other, d) else {
            return places_outside_walked(self, g, other, h, d, f);
        };
        let cells = g.house_ids(other);
        while m != 0 {
            let c = cells[m.trailing_zeros() as usize] as usize;
            m &= m - 1;
            if !g.cell_houses(c).contains(&(h as u32)) {
                f(c);
            }
        }
    }
}

/// [`Store::locking_house`], cell by cell.
fn locking_house_walked<S: Store>(s: &S, g: &Geometry, h: usize, d: usize) -> Option<usize> {
    let mut places = (g.house_ids(h).iter().map(|&c| c as usize)).filter(|&c| s.has(c, d));
    let (first, second) = (places.next()?, places.next()?);
    let (a, b) = (g.cell_houses(first), g.cell_houses(second));
    let other = *a.iter().find(|&&x| x as usize != h && b.contains(&x))?;
    places
        .all(|c| g.cell_houses(c).contains(&other))
        .then_some(other as usize)
}

/// [`Store::places_outside`], cell by cell.
fn places_outside_walked<S: Store>(
    s: &S,
    g: &Geometry,
    other: usize,
    h: usize,
    d: usize,
    mut f: impl FnMut(usize),
) {
    for &c in g.house_ids(other) {
        if s.has(c as usize, d) && !g.cell_houses(c as usize).contains(&(h as u32)) {
            f(c as usize);
        }
    }
}

/// Per-cell digit sets and per house-digit places (any side). A cell's set is as many
/// words as the side needs, one up to 64x64: a nested branch copies the store for every
/// inner branch, and seven words a cell (a [`DigitSet`]'s) made that copy a third of a
/// 36x36's `explain`.
#[derive(Clone)]
pub(crate) struct Sets {
    /// Each cell's candidates: `words` words a cell, bit `d % 64` of word `d / 64`.
    cands: Vec<u64>,
    /// How many places each digit has in each house (`house * n + digit`, geometry
    /// indices), past 64x64 (else empty: the masks count them).
    count: Vec<u16>,
    /// The places themselves as masks over the house's positions, up to 64x64 (else
    /// empty): a house's last place, a true's peers, pointing and claiming in a branch
    /// are then a few word operations.
    places: Vec<u64>,
    /// Where each cell is in its houses, and which positions share a house (up to 64x64).
    masks: Option<&'static PlaceMasks>,
    n: usize,
    words: usize,
}

impl Sets {
    /// The words of `cell`'s candidates.
    #[inline(always)]
    fn cell(&self, cell: usize) -> &[u64] {
        &self.cands[cell * self.words..(cell + 1) * self.words]
    }
    /// `cell`'s position in its house of geometry kind `kind` (row, column, box); masks
    /// only.
    #[inline(always)]
    fn pos(&self, cell: usize, kind: usize) -> u32 {
        self.masks.map_or(0, |pm| u32::from(pm.pos[cell][kind]))
    }
    /// Where candidate `d` of `cell` is: its word's index and its bit.
    #[inline(always)]
    fn at(&self, cell: usize, d: usize) -> (usize, u64) {
        (cell * self.words + d / 64, 1 << (d % 64))
    }
}

impl Store for Sets {
    fn new(g: &Geometry, cells: &[DigitSet]) -> Sets {
        let n = g.side();
        let words = n.div_ceil(64);
        let masks = (n <= PLACE_MASKS_MAX_SIDE).then(|| g.place_masks());
        let (with_masks, hds) = (masks.is_some(), 3 * n * n);
        let mut count = vec![0u16; if with_masks { 0 } else { hds }];
        let mut places = vec![0u64; if with_masks { hds } else { 0 }];
        for (c, set) in cells.iter().enumerate() {
            for d in set.iter() {
                for (kind, &h) in g.cell_houses(c).iter().enumerate() {
                    let hd = h as usize * n + d.index();
                    match masks {
                        Some(masks) => places[hd] |= 1 << masks.pos[c][kind],
                        None => count[hd] += 1,
                    }
                }
            }
        }
        let cands = cells
            .iter()
            .flat_map(|set| set.words()[..words].iter().copied());
        Sets {
            cands: cands.collect(),
            count,
            places,
            masks,
            n,
            words,
        }
    }
    #[inline(always)]
    fn has(&self, cell: usize, d: usize) -> bool {
        let (w, bit) = self.at(cell, d);
        self.cands[w] & bit != 0
    }
    #[inline(always)]
    fn digits(&self, cell: usize) -> impl Iterator<Item = usize> {
        let words = self.cell(cell);
        let (mut i, mut m) = (0, words[0]);
        std::iter::from_fn(move || {
            while m == 0 {
                i += 1;
                m = *words.get(i)?;
            }
            let d = i * 64 + m.trailing_zeros() as usize;
            m &= m - 1;
            Some(d)
        })
    }
    #[inline(always)]
    fn len(&self, cell: usize) -> usize {
        self.cell(cell)
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }
    #[inline(always)]
    fn is_empty(&self, cell: usize) -> bool {
        self.cell(cell).iter().all(|&w| w == 0)
    }
    #[inline(always)]
    fn others(&self, cell: usize, d: usize) -> Left {
        let mut rest = self.digits(cell).filter(|&e| e != d);
        match (rest.next(), rest.next()) {
            (None, _) => Left::None,
            (Some(e), None) => Left::One(e),
            _ => Left::Many,
        }
    }
    #[inline(always)]
    fn count(&self, _g: &Geometry, h: usize, d: usize) -> usize {
        match self.masks {
            Some(_) => self.places[h * self.n + d].count_ones() as usize,
            None => usize::from(self.count[h * self.n + d]),
        }
    }
    #[inline(always)]
    fn house_others(&self, g: &Geometry, h: usize, _kind: usize, cell: usize, d: usize) -> Left {
        if self.masks.is_some() {
            let m = self.places[h * self.n + d] & !(1u64 << self.pos(cell, g.kind_of(h)));
            return match Left::of_mask(m) {
                (Left::One(_), i) => Left::One(g.house_ids(h)[i as usize] as usize),
                (l, _) => l,
            };
        }
        let here = usize::from(self.has(cell, d));
        match usize::from(self.count[h * self.n + d]) - here {
            0 => Left::None,
            1 => g
                .house_ids(h)
                .iter()
                .map(|&c| c as usize)
                .find(|&c| c != cell && self.has(c, d))
                .map_or(Left::None, Left::One),
            _ => Left::Many,
        }
    }
    #[inline(always)]
    fn remove(&mut self, g: &Geometry, cell: usize, d: usize) {
        let (w, bit) = self.at(cell, d);
        self.cands[w] &= !bit;
        for (kind, &h) in g.cell_houses(cell).iter().enumerate() {
            let hd = h as usize * self.n + d;
            match self.masks {
                Some(masks) => self.places[hd] &= !(1 << masks.pos[cell][kind]),
                None => self.count[hd] -= 1,
            }
        }
    }
    #[inline(always)]
    fn restore(&mut self, orig: &Sets, g: &Geometry, cell: usize, d: usize) {
        let at = cell * self.words..(cell + 1) * self.words;
        self.cands[at.clone()].copy_from_slice(&orig.cands[at]);
        for &h in g.cell_houses(cell) {
            let hd = h as usize * self.n + d;
            match self.masks {
                Some(_) => self.places[hd] = orig.places[hd],
                None => self.count[hd] = orig.count[hd],
            }
        }
    }
    fn restore_all(&mut self, orig: &Sets) {
        self.cands.clone_from(&orig.cands);
        self.count.clone_from(&orig.count);
        self.places.clone_from(&orig.places);
    }
    #[inline(always)]
    fn peers_with(
        &self,
        g: &Geometry,
        cell: usize,
        d: usize,
        order: PeerOrder,
        mut f: impl FnMut(usize),
    ) {
        if let (PeerOrder::CellThenPeers, Some(pm)) = (order, self.masks) {
            // The geometry's peer order from the place masks: the row's places, the
            // column's, then the box's outside both.
            let (n, pos) = (self.n, pm.pos[cell]);
            let share = &pm.share[(2 * n + usize::from(pos[2])) * 3..][..2];
            let [row, col, bx] = *g.cell_houses(cell);
            for (h, skip) in [
                (row, 1u64 << pos[0]),
                (col, 1 << pos[1]),
                (bx, share[0] | share[1]),
            ] {
                let mut m = self.places[h as usize * n + d] & !skip;
                let cells = g.house_ids(h as usize);
                while m != 0 {
                    f(cells[m.trailing_zeros() as usize] as usize);
                    m &= m - 1;
                }
            }
            return;
        }
        let mut visit = |p: usize| {
            if self.has(p, d) {
                f(p);
            }
        };
        match order {
            PeerOrder::CellThenPeers => g.peers(cell).iter().for_each(|&p| visit(p as usize)),
            PeerOrder::CellThenBoxRowColumn => g.box_first().peers[cell]
                .iter()
                .for_each(|&p| visit(p as usize)),
        }
    }
    fn gone_in_cell(&self, orig: &Sets, cell: usize, mut f: impl FnMut(usize)) {
        for (i, (&was, &now)) in orig.cell(cell).iter().zip(self.cell(cell)).enumerate() {
            let mut m = was & !now;
            while m != 0 {
                f(i * 64 + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
    }
    fn gone_in_house(
        &self,
        orig: &Sets,
        g: &Geometry,
        cell: usize,
        kind: usize,
        d: usize,
        mut f: impl FnMut(usize),
    ) {
        let bf = g.box_first();
        let h = bf.houses[cell][kind] as usize;
        for &c in &bf.house_cells[h] {
            let c = c as usize;
            if orig.has(c, d) && !self.has(c, d) {
                f(c);
            }
        }
    }
    #[inline(always)]
    fn place_mask(&self, h: usize, d: usize) -> Option<u64> {
        self.masks.map(|_| self.places[h * self.n + d])
    }
    fn basics(&self, orig: &Sets, g: &Geometry, table: &Nodes) -> Vec<(u32, Vec<u32>)> {
        // Sides up to 32: a word a cell, the masks' own.
        let bits = |s: &Sets| Bits::from_masks(g.box_first(), s.cands.clone());
        let (o, c) = (bits(orig), bits(self));
        c.basics(&o, g, table)
    }
}

/// Candidate and place bit masks over the box-first geometry (sides up to 32).
#[derive(Clone)]
pub(crate) struct Bits {
    bf: &'static BoxFirst,
    /// Its tables the hot paths read, borrowed once (one indirection less).
    houses: &'static [[u16; 3]],
    hpos: &'static [[u8; 3]],
    n: usize,
    /// Each cell's candidates (bit `d`).
    pub(crate) cells: Vec<u64>,
    /// The places of each digit in each box-first house (`house * n + digit`, bit `i`
    /// for the house's `i`-th cell).
    pub(crate) places: Vec<u32>,
}

impl Bits {
    /// The store of a position given as each cell's candidate mask.
    pub(crate) fn from_masks(bf: &'static BoxFirst, cells: Vec<u64>) -> Bits {
        let n = bf.house_cells.len() / 3;
        let places = bf.place_masks(&cells);
        Bits {
            bf,
            houses: &bf.houses,
            hpos: &bf.hpos,
            n,
            cells,
            places,
        }
    }
    /// The side.
    #[inline]
    pub(crate) fn side(&self) -> usize {
        self.n
    }
    /// This position reached from `orig`, as the masks SE's basics read.
    #[inline]
    pub(crate) fn masks<'a>(&'a self, orig: &'a Bits) -> Masks<'a> {
        Masks::new(
            self.bf,
            self.n,
            (&orig.cells, &self.cells),
            (&orig.places, &self.places),
        )
    }
    #[inline(always)]
    fn at(&self, cell: usize, kind: usize) -> usize {
        self.houses[cell][kind] as usize
    }
    /// The box-first index of house `h` (geometry index): geometry houses are rows,
    /// columns, boxes; box-first ones boxes, rows, columns. (No division: this is on the
    /// locked candidates' hot path.)
    #[inline(always)]
    fn box_first(&self, h: usize) -> usize {
        if h >= 2 * self.n {
            h - 2 * self.n
        } else {
            h + self.n
        }
    }
}

impl Store for Bits {
    fn new(g: &Geometry, cells: &[DigitSet]) -> Bits {
        Bits::from_masks(g.box_first(), cells.iter().map(|c| c.words()[0]).collect())
    }
    #[inline(always)]
    fn has(&self, cell: usize, d: usize) -> bool {
        self.cells[cell] >> d & 1 == 1
    }
    #[inline(always)]
    fn digits(&self, cell: usize) -> impl Iterator<Item = usize> {
        let mut m = self.cells[cell];
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                d
            })
        })
    }
    #[inline(always)]
    fn len(&self, cell: usize) -> usize {
        self.cells[cell].count_ones() as usize
    }
    #[inline(always)]
    fn is_empty(&self, cell: usize) -> bool {
        self.cells[cell] == 0
    }
    #[inline(always)]
    fn others(&self, cell: usize, d: usize) -> Left {
        match Left::of_mask(self.cells[cell] & !(1u64 << d)) {
            (Left::One(_), e) => Left::One(e as usize),
            (l, _) => l,
        }
    }
    #[inline(always)]
    fn count(&self, _g: &Geometry, h: usize, d: usize) -> usize {
        let b = self.box_first(h);
        self.places[b * self.n + d].count_ones() as usize
    }
    #[inline(always)]
    fn house_others(&self, _g: &Geometry, _h: usize, kind: usize, cell: usize, d: usize) -> Left {
        let h = self.at(cell, kind);
        let m = self.places[h * self.n + d] & !(1u32 << self.hpos[cell][kind]);
        match Left::of_mask(u64::from(m)) {
            (Left::One(_), i) => Left::One(self.bf.house_cells[h][i as usize] as usize),
            (l, _) => l,
        }
    }
    #[inline(always)]
    fn remove(&mut self, _g: &Geometry, cell: usize, d: usize) {
        self.cells[cell] &= !(1u64 << d);
        for kind in 0..3 {
            let h = self.at(cell, kind);
            self.places[h * self.n + d] &= !(1u32 << self.hpos[cell][kind]);
        }
    }
    #[inline(always)]
    fn left_in(&self, _g: &Geometry, cell: usize, kind: usize, d: usize) -> Left {
        self.house_others(_g, 0, kind, cell, d)
    }
    #[inline(always)]
    fn remove_then_left(&mut self, _g: &Geometry, cell: usize, d: usize) -> (Left, [Left; 3]) {
        let rest = self.cells[cell] & !(1u64 << d);
        self.cells[cell] = rest;
        let (hs, hp) = (self.houses[cell], self.hpos[cell]);
        let mut houses = [Left::None; 3];
        for kind in 0..3 {
            let h = hs[kind] as usize;
            let Some(places) = self.places.get_mut(h * self.n + d) else {
                continue;
            };
            let m = *places & !(1u32 << hp[kind]);
            *places = m;
            houses[kind] = match Left::of_mask(u64::from(m)) {
                (Left::One(_), i) => Left::One(self.bf.house_cells[h][i as usize] as usize),
                (l, _) => l,
            };
        }
        let cell_left = match Left::of_mask(rest) {
            (Left::One(_), e) => Left::One(e as usize),
            (l, _) => l,
        };
        (cell_left, houses)
    }
    #[inline(always)]
    fn restore(&mut self, orig: &Bits, _g: &Geometry, cell: usize, d: usize) {
        self.cells[cell] = orig.cells[cell];
        for kind in 0..3 {
            let hd = self.at(cell, kind) * self.n + d;
            self.places[hd] = orig.places[hd];
        }
    }
    fn restore_all(&mut self, orig: &Bits) {
        self.cells.clone_from(&orig.cells);
        self.places.clone_from(&orig.places);
    }
    #[inline(always)]
    fn place_mask(&self, h: usize, d: usize) -> Option<u64> {
        Some(u64::from(self.places[self.box_first(h) * self.n + d]))
    }
    #[inline(always)]
    fn peers_with(
        &self,
        g: &Geometry,
        cell: usize,
        d: usize,
        order: PeerOrder,
        mut f: impl FnMut(usize),
    ) {
        match order {
            PeerOrder::CellThenPeers => {
                // The geometry's peer order: the row's places, the column's, then the
                // box's outside both.
                let bf = self.bf;
                let (hs, hp) = (bf.houses[cell], bf.hpos[cell]);
                let at = (hs[0] as usize * self.n + hp[0] as usize) * 3;
                let in_box = bf.inter[at + 1] | bf.inter[at + 2];
                let [row, col, bx] = *g.cell_houses(cell);
                for (kind, skip, h) in [
                    (1, 1u32 << hp[1], row),
                    (2, 1 << hp[2], col),
                    (0, in_box, bx),
                ] {
                    let mut m = self.places[hs[kind] as usize * self.n + d] & !skip;
                    let cells = g.house_ids(h as usize);
                    while m != 0 {
                        f(cells[m.trailing_zeros() as usize] as usize);
                        m &= m - 1;
                    }
                }
            }
            PeerOrder::CellThenBoxRowColumn => {
                // The box's places, then the row's and the column's outside the box.
                let bf = self.bf;
                let (hs, hp, near) = (bf.houses[cell], bf.hpos[cell], bf.near[cell]);
                for (kind, skip) in [(0, 1u32 << hp[0]), (1, near[0]), (2, near[1])] {
                    let h = hs[kind] as usize;
                    let mut m = self.places[h * self.n + d] & !skip;
                    let hc = &bf.house_cells[h];
                    while m != 0 {
                        f(hc[m.trailing_zeros() as usize] as usize);
                        m &= m - 1;
                    }
                }
            }
        }
    }
    #[inline(always)]
    fn gone_in_cell(&self, orig: &Bits, cell: usize, mut f: impl FnMut(usize)) {
        let mut m = orig.cells[cell] & !self.cells[cell];
        while m != 0 {
            f(m.trailing_zeros() as usize);
            m &= m - 1;
        }
    }
    #[inline(always)]
    fn gone_in_house(
        &self,
        orig: &Bits,
        _g: &Geometry,
        cell: usize,
        kind: usize,
        d: usize,
        mut f: impl FnMut(usize),
    ) {
        let h = self.at(cell, kind);
        let mut m = orig.places[h * self.n + d] & !self.places[h * self.n + d];
        let hc = &self.bf.house_cells[h];
        while m != 0 {
            f(hc[m.trailing_zeros() as usize] as usize);
            m &= m - 1;
        }
    }
    fn basics(&self, orig: &Bits, _g: &Geometry, table: &Nodes) -> Vec<(u32, Vec<u32>)> {
        basics(&self.masks(orig), table)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::shape::Shape;
    use rand::{Rng, SeedableRng};

    /// [`Store::locking_house`] and [`Store::places_outside`] of every house-digit of `cur`,
    /// against the houses every place of the digit shares and the places outside, found
    /// cell by cell (no count or mask consulted).
    /// Gives how many house-digits lock.
    pub(crate) fn locking_as_found_cell_by_cell<S: Store>(
        cur: &S,
        g: &Geometry,
        at: &str,
    ) -> usize {
        let mut locking = 0;
        for h in 0..g.shape().house_count() {
            for d in 0..g.side() {
                let places: Vec<usize> = (g.house_ids(h).iter())
                    .map(|&c| c as usize)
                    .filter(|&c| cur.has(c, d))
                    .collect();
                let shared: Vec<usize> = (0..g.shape().house_count())
                    .filter(|&x| x != h && places.len() >= 2)
                    .filter(|&x| places.iter().all(|&c| g.house_ids(x).contains(&(c as u32))))
                    .collect();
                assert!(shared.len() <= 1, "{at}: house {h}, digit {d}");
                let other = cur.locking_house(g, h, d);
                assert_eq!(other, shared.first().copied(), "{at}: house {h}, digit {d}");
                let Some(other) = other else { continue };
                locking += 1;
                let outside: Vec<usize> = (g.house_ids(other).iter())
                    .map(|&c| c as usize)
                    .filter(|&c| cur.has(c, d) && !places.contains(&c))
                    .collect();
                let mut given = Vec::new();
                cur.places_outside(g, other, h, d, |c| given.push(c));
                assert_eq!(given, outside, "{at}: house {h} in {other}, digit {d}");
            }
        }
        locking
    }

    /// The digit sets store, at sides of one, two and seven words a cell, reads and changes
    /// candidates as a [`DigitSet`] does and keeps the house counts it is built with.
    #[test]
    fn sets_hold_what_digit_sets_hold() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for (r, c) in [(3, 3), (3, 4), (6, 6), (10, 10), (20, 20)] {
            let g = &*Geometry::of(Shape::new(r, c).unwrap());
            let n = g.side();
            let cells = g.shape().cell_count();
            let mut model: Vec<DigitSet> = (0..cells)
                .map(|_| {
                    let mut set = DigitSet::EMPTY;
                    for d in 0..n {
                        if rng.gen_bool(3.0 / n as f64) {
                            set.insert(crate::index::Digit::from_index(d));
                        }
                    }
                    set
                })
                .collect();
            let orig = Sets::new(g, &model);
            let mut cur = orig.clone();
            let check = |cur: &Sets, model: &[DigitSet], cell: usize| {
                let want: Vec<usize> = model[cell].iter().map(|d| d.index()).collect();
                assert_eq!(cur.digits(cell).collect::<Vec<_>>(), want, "{n}: {cell}");
                assert_eq!(cur.len(cell), want.len());
                assert_eq!(cur.is_empty(cell), want.is_empty());
                for d in [0, n / 2, n - 1] {
                    assert_eq!(cur.has(cell, d), want.contains(&d), "{n}: {cell} {d}");
                    let rest: Vec<usize> = want.iter().copied().filter(|&e| e != d).collect();
                    let left = match rest[..] {
                        [] => Left::None,
                        [e] => Left::One(e),
                        _ => Left::Many,
                    };
                    assert_eq!(cur.others(cell, d), left, "{n}: {cell} {d}");
                    let has = |p: usize| model[p].contains(crate::index::Digit::from_index(d));
                    let peers = g.peers(cell).iter().map(|&p| p as usize);
                    let peers: Vec<usize> = peers.filter(|&p| has(p)).collect();
                    let mut walked = Vec::new();
                    cur.peers_with(g, cell, d, PeerOrder::CellThenPeers, |p| walked.push(p));
                    assert_eq!(walked, peers, "{n}: {cell} {d}");
                    for (kind, &h) in g.cell_houses(cell).iter().enumerate() {
                        let ids = g.house_ids(h as usize).iter().map(|&p| p as usize);
                        let rest: Vec<usize> = ids.filter(|&p| p != cell && has(p)).collect();
                        let left = match rest[..] {
                            [] => Left::None,
                            [p] => Left::One(p),
                            _ => Left::Many,
                        };
                        let got = cur.house_others(g, h as usize, (kind + 1) % 3, cell, d);
                        assert_eq!(got, left, "{n}: {cell} {d} {h}");
                    }
                }
            };
            // Past 64x64 the walk, up to it the masks; sparse, so that some digits lock.
            if n <= 100 {
                let locking = locking_as_found_cell_by_cell(&orig, g, &format!("{n}"));
                assert!(locking > 0, "{n}");
            }
            let mut removed = Vec::new();
            for _ in 0..200 {
                let cell = rng.gen_range(0..cells);
                let members: Vec<_> = model[cell].iter().collect();
                if !members.is_empty() {
                    let d = members[rng.gen_range(0..members.len())];
                    model[cell].remove(d);
                    cur.remove(g, cell, d.index());
                    removed.push((cell, d.index()));
                }
                check(&cur, &model, cell);
            }
            let mut gone = Vec::new();
            for &(cell, _) in &removed {
                cur.gone_in_cell(&orig, cell, |d| gone.push((cell, d)));
            }
            gone.sort_unstable();
            gone.dedup();
            removed.sort_unstable();
            assert_eq!(gone, removed, "{n}");
            for h in 0..3 * n {
                for d in 0..n {
                    let places = g.house_ids(h).iter().filter(|&&x| cur.has(x as usize, d));
                    assert_eq!(cur.count(g, h, d), places.count(), "{n}: {h} {d}");
                }
            }
            for &(cell, d) in &removed {
                cur.restore(&orig, g, cell, d);
            }
            assert!(cur.cands == orig.cands, "{n}");
            assert!(cur.count == orig.count && cur.places == orig.places, "{n}");
        }
    }
}
