//! A position as SE's producers see it: candidates and place masks over a geometry
//! made once per shape (houses, peers, positions in houses).

use super::*;

/// The fixed geometry and the candidates of one position (the geometry shared with the
/// positions nested chains derive from it).
pub(super) struct Pos<'s> {
    /// The search this position belongs to (its caches, pool and deadline).
    pub(super) search: &'s Search,
    pub(super) n: usize,
    /// Per cell: its box, row and column (indices into `house_cells`).
    pub(super) houses: Rc<[[u16; 3]]>,
    /// Boxes `0..n`, rows `n..2n`, columns `2n..3n`, each cell list in house order.
    pub(super) house_cells: Rc<[Vec<u16>]>,
    /// Per cell: its box's other cells, then its row's and its column's outside the box.
    pub(super) peers: Rc<[Vec<u16>]>,
    pub(super) orig: Vec<u64>,
    pub(super) cur: Vec<u64>,
    pub(super) touched: Vec<u16>,
    /// The places of each digit in each house (`house * n + digit`), in `orig` and `cur`.
    pub(super) pl_orig: Vec<u32>,
    pub(super) pl_cur: Vec<u32>,
    /// Per cell: its position in its box, row and column.
    pub(super) hpos: Rc<[[u8; 3]]>,
    /// Per cell: the positions in its row, and in its column, of the cells in its box.
    pub(super) near: Rc<[[u32; 2]]>,
    /// Per house, position in it and kind of house (box, row, column): the positions of
    /// the house that share that kind of house with it (`(house * n + i) * 3 + kind`).
    pub(super) inter: Rc<[u32]>,
    /// Per candidate (`cell * n + digit`): its cell and digit (no division in hot loops).
    pub(super) cand: Rc<[(u16, u8)]>,
}

/// The fixed geometry of a shape that positions share (see [`Pos`]), made once per shape
/// and thread: producers run on every step of every rating.
#[derive(Clone)]
pub(super) struct Geometry {
    pub(super) houses: Rc<[[u16; 3]]>,
    pub(super) house_cells: Rc<[Vec<u16>]>,
    pub(super) peers: Rc<[Vec<u16>]>,
    pub(super) hpos: Rc<[[u8; 3]]>,
    pub(super) near: Rc<[[u32; 2]]>,
    pub(super) inter: Rc<[u32]>,
    pub(super) cand: Rc<[(u16, u8)]>,
}

impl Geometry {
    pub(super) fn new(shape: Shape) -> Geometry {
        let n = shape.side();
        let ncell = shape.cell_count();
        let mut house_cells = Vec::with_capacity(3 * n);
        for kind in 0..3 {
            for i in 0..n {
                let h = match kind {
                    0 => House::Block(crate::index::Block::new(i)),
                    1 => House::Row(crate::index::Row::new(i)),
                    _ => House::Col(crate::index::Col::new(i)),
                };
                house_cells.push(h.cells(shape).map(|c| c.index() as u16).collect::<Vec<_>>());
            }
        }
        let mut houses = Vec::with_capacity(ncell);
        let mut peers = Vec::with_capacity(ncell);
        for c in 0..ncell {
            let cell = Cell::new(c);
            let b = cell.block(shape).index();
            let r = cell.row(shape).index();
            let co = cell.col(shape).index();
            let hs = [b as u16, (n + r) as u16, (2 * n + co) as u16];
            let mut ps: Vec<u16> = Vec::new();
            for (k, &h) in hs.iter().enumerate() {
                for &x in &house_cells[h as usize] {
                    if x as usize == c {
                        continue;
                    }
                    if k > 0 && Cell::new(x as usize).block(shape).index() == b {
                        continue;
                    }
                    ps.push(x);
                }
            }
            houses.push(hs);
            peers.push(ps);
        }
        let mut hpos = vec![[0u8; 3]; ncell];
        for (h, cells) in house_cells.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                hpos[c as usize][h / n] = i as u8;
            }
        }
        let near: Vec<[u32; 2]> = (0..ncell)
            .map(|c| {
                let mut m = [0u32; 2];
                for (k, mk) in m.iter_mut().enumerate() {
                    for (i, &x) in house_cells[houses[c][k + 1] as usize].iter().enumerate() {
                        if houses[x as usize][0] == houses[c][0] {
                            *mk |= 1 << i;
                        }
                    }
                }
                m
            })
            .collect();
        let mut inter = vec![0u32; 3 * n * n * 3];
        for (h, cells) in house_cells.iter().enumerate() {
            for (i, &a) in cells.iter().enumerate() {
                for k in 0..3 {
                    for (j, &b) in cells.iter().enumerate() {
                        if houses[a as usize][k] == houses[b as usize][k] {
                            inter[(h * n + i) * 3 + k] |= 1 << j;
                        }
                    }
                }
            }
        }
        Geometry {
            houses: houses.into(),
            house_cells: house_cells.into(),
            peers: peers.into(),
            hpos: hpos.into(),
            near: near.into(),
            inter: inter.into(),
            cand: (0..ncell * n)
                .map(|k| ((k / n) as u16, (k % n) as u8))
                .collect(),
        }
    }
}

impl<'s> Pos<'s> {
    pub(super) fn new(ctx: &Context<'_>, search: &'s Search) -> Pos<'s> {
        let n = ctx.side();
        let ncell = ctx.shape().cell_count();
        let geo = search.geometry(ctx.shape());
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
            near: geo.near,
            inter: geo.inter,
            houses: geo.houses,
            house_cells: geo.house_cells,
            peers: geo.peers,
            cur: orig.clone(),
            orig,
            touched: Vec::new(),
            pl_orig: Vec::new(),
            pl_cur: Vec::new(),
            hpos: geo.hpos,
            cand: geo.cand,
        };
        pos.pl_orig = pos.place_masks(&pos.orig);
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
            houses: self.houses.clone(),
            house_cells: self.house_cells.clone(),
            peers: self.peers.clone(),
            orig: self.cur.clone(),
            cur: self.cur.clone(),
            touched: Vec::new(),
            pl_orig: self.pl_cur.clone(),
            pl_cur: self.pl_cur.clone(),
            hpos: self.hpos.clone(),
            near: self.near.clone(),
            inter: self.inter.clone(),
            cand: self.cand.clone(),
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
    /// The place masks of `grid`, see `pl_orig`.
    pub(super) fn place_masks(&self, grid: &[u64]) -> Vec<u32> {
        let mut v = vec![0u32; 3 * self.n * self.n];
        for h in 0..3 * self.n {
            for d in 0..self.n {
                v[h * self.n + d] = self.places(grid, h, d);
            }
        }
        v
    }
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
