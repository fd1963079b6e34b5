//! A position as SE's producers see it: candidates and place masks over the shape's
//! geometry, numbered boxes first ([`crate::logic::geometry::BoxFirst`]).

use super::*;

/// The candidates of one position over the shape's geometry, numbered boxes first (the
/// geometry shared with the positions nested chains derive from it).
pub(super) struct Pos<'s> {
    /// The search this position belongs to (its caches, pool and deadline).
    pub(super) search: &'s Search,
    pub(super) n: usize,
    /// The box-first geometry whole (its tables also borrowed one by one below).
    pub(super) geometry: &'static BoxFirst,
    /// The shape's houses, peers and place tables, boxes first ([`crate::logic::geometry::BoxFirst`], whose
    /// fields these are: borrowed slices, as the hot loops read them).
    pub(super) houses: &'static [[u16; 3]],
    pub(super) house_cells: &'static [Vec<u16>],
    pub(super) peers: &'static [Vec<u16>],
    pub(super) hpos: &'static [[u8; 3]],
    pub(super) near: &'static [[u32; 2]],
    pub(super) inter: &'static [u32],
    pub(super) cand: &'static [(u16, u8)],
    pub(super) orig: Vec<u64>,
    pub(super) cur: Vec<u64>,
    pub(super) touched: Vec<u16>,
    /// The places of each digit in each house (`house * n + digit`), in `orig` and `cur`.
    pub(super) pl_orig: Vec<u32>,
    pub(super) pl_cur: Vec<u32>,
    /// The one propagation engine's branch over this position, when the producer's nets
    /// run on it ([`propagate`]); else `None` and the nets run on these masks
    /// ([`run_net`]).
    pub(super) branch: Option<Box<(Tables<Bits>, Branch<Bits>)>>,
}

impl<'s> Pos<'s> {
    pub(super) fn new(ctx: &Context<'_>, search: &'s Search) -> Pos<'s> {
        let n = ctx.side();
        let ncell = ctx.shape().cell_count();
        let geo = ctx.geometry().box_first();
        let orig: Vec<u64> = (0..ncell)
            .map(|c| {
                let mut m = 0u64;
                for d in ctx.candidates(Cell::new(c)) {
                    m |= 1 << d.index();
                }
                if ctx.value(Cell::new(c)).is_some() {
                    0
                } else {
                    m
                }
            })
            .collect();
        let mut pos = Pos {
            search,
            n,
            geometry: geo,
            houses: &geo.houses,
            house_cells: &geo.house_cells,
            peers: &geo.peers,
            hpos: &geo.hpos,
            near: &geo.near,
            inter: &geo.inter,
            cand: &geo.cand,
            cur: orig.clone(),
            orig,
            touched: Vec::new(),
            pl_orig: Vec::new(),
            pl_cur: Vec::new(),
            branch: None,
        };
        pos.pl_orig = geo.place_masks(&pos.orig);
        pos.pl_cur = pos.pl_orig.clone();
        pos
    }

    pub(super) fn pot(&self, cell: usize, d: usize, on: bool) -> u32 {
        ((cell * self.n + d) * 2 + usize::from(on)) as u32
    }
    pub(super) fn cell_of(&self, pot: u32) -> usize {
        self.cand[pot as usize / 2].0 as usize
    }
    pub(super) fn digit_of(&self, pot: u32) -> usize {
        self.cand[pot as usize / 2].1 as usize
    }
    pub(super) fn candidate(&self, pot: u32) -> Candidate {
        Candidate::new(
            Cell::new(self.cell_of(pot)),
            Digit::from_index(self.digit_of(pot)),
        )
    }
    pub(super) fn npot(&self) -> usize {
        self.orig.len() * self.n * 2
    }
    /// The position as an outer net left it, as a position of its own (nested chains).
    pub(super) fn derived(&self) -> Pos<'s> {
        Pos {
            search: self.search,
            n: self.n,
            geometry: self.geometry,
            houses: self.houses,
            house_cells: self.house_cells,
            peers: self.peers,
            hpos: self.hpos,
            near: self.near,
            inter: self.inter,
            cand: self.cand,
            orig: self.cur.clone(),
            cur: self.cur.clone(),
            touched: Vec::new(),
            pl_orig: self.pl_cur.clone(),
            pl_cur: self.pl_cur.clone(),
            branch: None,
        }
    }
    pub(super) fn restore(&mut self) {
        if self.touched.is_empty() {
            return;
        }
        for &c in &self.touched {
            self.cur[c as usize] = self.orig[c as usize];
        }
        self.touched.clear();
        self.pl_cur.copy_from_slice(&self.pl_orig);
    }
    /// This position as the masks SE's basic techniques read ([`Masks`]).
    pub(super) fn masks(&self) -> Masks<'_> {
        Masks::new(
            self.geometry,
            self.n,
            (&self.orig, &self.cur),
            (&self.pl_orig, &self.pl_cur),
        )
    }
    /// The places of digit `d` in house `h` (as positions in the house), in `grid`.
    pub(super) fn places_orig(&self, h: usize, d: usize) -> u32 {
        self.pl_orig[h * self.n + d]
    }
    pub(super) fn places_cur(&self, h: usize, d: usize) -> u32 {
        self.pl_cur[h * self.n + d]
    }
    /// Removes a candidate from `cur` (restored by [`Pos::restore`]).
    pub(super) fn remove(&mut self, cell: usize, d: usize) {
        self.cur[cell] &= !(1u64 << d);
        self.touched.push(cell as u16);
        for hi in 0..3 {
            let h = self.houses[cell][hi] as usize;
            self.pl_cur[h * self.n + d] &= !(1u32 << self.hpos[cell][hi]);
        }
    }
    /// The places of digit `d` in house `h` of `grid` (each cell's candidate mask).
    pub(super) fn places(&self, grid: &[u64], h: usize, d: usize) -> u32 {
        let mut m = 0u32;
        for (i, &c) in self.house_cells[h].iter().enumerate() {
            if grid[c as usize] >> d & 1 == 1 {
                m |= 1 << i;
            }
        }
        m
    }
}
