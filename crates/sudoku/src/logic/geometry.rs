//! The fixed geometry of a shape, built once per shape and shared by every position and
//! finder: the houses as data (each house's cells, each cell's houses), each cell's
//! peers, and candidate ids (`cell * n + digit`). Houses are a list here rather than
//! arithmetic in the finders, so that extra houses (diagonals, windows, irregular regions)
//! can be added in one place.

use crate::index::{Candidate, Cell, Digit, House};
use crate::shape::{Shape, SideDivisor};
use std::sync::{Arc, Mutex, OnceLock};

/// The largest side [`BoxFirst`] tables serve: places in a house are `u32` masks.
pub(crate) const BOX_FIRST_MAX_SIDE: usize = 32;

/// The geometry of one shape (see the module docs).
#[derive(Debug)]
pub(crate) struct Geometry {
    shape: Shape,
    n: usize,
    /// Every house's cells, house after house in [`House::index`] order, each in position
    /// order.
    house_cells: Vec<Cell>,
    /// The same, as cell indices.
    house_ids: Vec<u32>,
    /// Each cell's houses (indices): row, column, box.
    cell_houses: Vec<[u32; 3]>,
    /// Each cell's peers (indices), `npeer` a cell, in [`Cell::peers`] order; made at the
    /// first use, since most finders never ask and at 400x400 the table is 750 MB.
    peers: OnceLock<Vec<u32>>,
    npeer: usize,
    /// The same houses numbered boxes first, for chain searches (made at first use, and
    /// kept for the process like the geometry itself: positions borrow its tables).
    box_first: OnceLock<&'static BoxFirst>,
    /// Positions in houses as masks, for sides up to 64 (made at first use).
    place_masks: OnceLock<&'static PlaceMasks>,
    /// Division by the side, for [`Self::split`].
    divisor: SideDivisor,
}

/// The largest side [`PlaceMasks`] serve: places in a house are `u64` masks.
pub(crate) const PLACE_MASKS_MAX_SIDE: usize = 64;

/// Where each cell is in its houses, and which positions of a house share another house,
/// as bit masks over a house's positions (sides up to 64; geometry house order).
#[derive(Debug)]
pub(crate) struct PlaceMasks {
    /// Per cell: its position in its row, column and box.
    pub(crate) pos: Vec<[u8; 3]>,
    /// Per kind of house (row, column, box), position in it and other kind: the positions
    /// of the house that share that kind of house with it (`(kind * n + i) * 3 + other`).
    /// Every house of a kind crosses the others the same way.
    pub(crate) share: Vec<u64>,
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.side();
        let house_cells: Vec<Cell> = House::all(shape).flat_map(|h| h.cells(shape)).collect();
        let house_ids = house_cells.iter().map(|c| c.index() as u32).collect();
        let npeer = Cell::new(0).peers(shape).count();
        let cell_houses = Cell::all(shape)
            .map(|c| c.houses(shape).map(|h| h.index(shape) as u32))
            .collect();
        Geometry {
            shape,
            n,
            house_cells,
            house_ids,
            cell_houses,
            peers: OnceLock::new(),
            npeer,
            box_first: OnceLock::new(),
            place_masks: OnceLock::new(),
            divisor: SideDivisor::new(n),
        }
    }

    /// `(x / n, x % n)`: a candidate id's cell and digit, a house-digit's house and digit,
    /// without a division ([`SideDivisor`]; the chain engines split ids in their innermost
    /// loops).
    #[inline(always)]
    pub(crate) fn split(&self, x: usize) -> (usize, usize) {
        self.divisor.split(x)
    }
    /// The kind of house index `h` (0 row, 1 column, 2 box): `h / n`.
    #[inline(always)]
    pub(crate) fn kind_of(&self, h: usize) -> usize {
        usize::from(h >= self.n) + usize::from(h >= 2 * self.n)
    }

    /// [`PlaceMasks`] of this shape, made at the first use; sides up to
    /// [`PLACE_MASKS_MAX_SIDE`].
    pub(crate) fn place_masks(&self) -> &'static PlaceMasks {
        self.place_masks.get_or_init(|| {
            let n = self.n;
            assert!(
                n <= PLACE_MASKS_MAX_SIDE,
                "place masks serve sides up to 64"
            );
            let mut pos = vec![[0u8; 3]; self.cell_houses.len()];
            for h in 0..3 * n {
                for (i, &c) in self.house_ids(h).iter().enumerate() {
                    pos[c as usize][h / n] = i as u8;
                }
            }
            let mut share = vec![0u64; 3 * n * 3];
            for kind in 0..3 {
                let cells = self.house_ids(kind * n);
                for (i, &a) in cells.iter().enumerate() {
                    for other in 0..3 {
                        for (j, &b) in cells.iter().enumerate() {
                            let (ha, hb) =
                                (self.cell_houses(a as usize), self.cell_houses(b as usize));
                            if ha[other] == hb[other] {
                                share[(kind * n + i) * 3 + other] |= 1 << j;
                            }
                        }
                    }
                }
            }
            Box::leak(Box::new(PlaceMasks { pos, share }))
        })
    }

    /// The geometry of `shape`, built at its first use in the process.
    pub(crate) fn of(shape: Shape) -> Arc<Geometry> {
        static CACHE: OnceLock<Mutex<Vec<Arc<Geometry>>>> = OnceLock::new();
        let mut cache = CACHE
            .get_or_init(|| Mutex::new(Vec::new()))
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(g) = cache.iter().find(|g| g.shape == shape) {
            return g.clone();
        }
        let g = Arc::new(Geometry::new(shape));
        cache.push(g.clone());
        g
    }

    /// The shape.
    #[inline]
    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }
    /// The side: digits per cell, cells per house.
    #[inline]
    pub(crate) fn side(&self) -> usize {
        self.n
    }
    /// The cells of the house of index `h`, in position order.
    #[inline]
    pub(crate) fn house_cells(&self, h: usize) -> &[Cell] {
        &self.house_cells[h * self.n..(h + 1) * self.n]
    }
    /// The same, as cell indices.
    #[inline]
    pub(crate) fn house_ids(&self, h: usize) -> &[u32] {
        &self.house_ids[h * self.n..(h + 1) * self.n]
    }
    /// The houses (indices) of cell index `c`: row, column, box.
    #[inline]
    pub(crate) fn cell_houses(&self, c: usize) -> &[u32; 3] {
        &self.cell_houses[c]
    }
    /// The peers (indices) of cell index `c`.
    #[inline]
    pub(crate) fn peers(&self, c: usize) -> &[u32] {
        let peers = self.peers.get_or_init(|| {
            let mut peers = Vec::with_capacity(self.shape.cell_count() * self.npeer);
            for c in Cell::all(self.shape) {
                peers.extend(c.peers(self.shape).map(|p| p.index() as u32));
            }
            peers
        });
        &peers[c * self.npeer..(c + 1) * self.npeer]
    }
    /// The id of candidate `d` (index) of cell index `c`.
    #[inline]
    pub(crate) fn candidate_id(&self, c: usize, d: usize) -> u32 {
        (c * self.n + d) as u32
    }
    /// The candidate of an id.
    #[inline]
    pub(crate) fn candidate(&self, id: u32) -> Candidate {
        let id = id as usize;
        Candidate::new(Cell::new(id / self.n), Digit::from_index(id % self.n))
    }
    /// The houses numbered boxes first (see [`BoxFirst`]), made at the first use; sides up
    /// to [`BOX_FIRST_MAX_SIDE`].
    pub(crate) fn box_first(&self) -> &'static BoxFirst {
        self.box_first
            .get_or_init(|| Box::leak(Box::new(BoxFirst::new(self))))
    }
}

/// The same geometry numbered as Sudoku Explainer's chain searches walk it: houses boxes
/// first (boxes `0..n`, rows `n..2n`, columns `2n..3n`), each cell's peers box first, and
/// the position tables their place masks need. The order decides which of equally cheap
/// proofs is found first, so it is kept here rather than derived in the searches.
#[derive(Debug)]
pub(crate) struct BoxFirst {
    /// Per cell: its box, row and column (box-first house indices).
    pub(crate) houses: Vec<[u16; 3]>,
    /// Per box-first house: its cells in position order.
    pub(crate) house_cells: Vec<Vec<u16>>,
    /// Per cell: its box's other cells, then its row's and its column's outside the box.
    pub(crate) peers: Vec<Vec<u16>>,
    /// Per cell: its position in its box, row and column.
    pub(crate) hpos: Vec<[u8; 3]>,
    /// Per cell: the positions in its row, and in its column, of the cells in its box.
    pub(crate) near: Vec<[u32; 2]>,
    /// Per house, position in it and kind of house (box, row, column): the positions of
    /// the house that share that kind of house with it (`(house * n + i) * 3 + kind`).
    pub(crate) inter: Vec<u32>,
    /// Per candidate id: its cell and digit (no division in hot loops).
    pub(crate) cand: Vec<(u16, u8)>,
}

impl BoxFirst {
    /// The places of each digit in each house (`house * n + digit`, bit `i` for the house's
    /// `i`-th cell) of a position given as each cell's candidate mask.
    pub(crate) fn place_masks(&self, cells: &[u64]) -> Vec<u32> {
        let n = self.house_cells.len() / 3;
        let mut places = vec![0u32; 3 * n * n];
        for (h, hc) in self.house_cells.iter().enumerate() {
            for (i, &c) in hc.iter().enumerate() {
                let mut m = cells[c as usize];
                while m != 0 {
                    places[h * n + m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
        }
        places
    }

    fn new(geo: &Geometry) -> BoxFirst {
        let n = geo.n;
        assert!(
            n <= BOX_FIRST_MAX_SIDE,
            "box-first tables serve sides up to 32"
        );
        let ncell = geo.cell_houses.len();
        // `House::index` order is rows, columns, boxes: box-first index `k` is
        // `(k + 2n) % 3n` there.
        let house_cells: Vec<Vec<u16>> = (0..3 * n)
            .map(|k| {
                let h = (k + 2 * n) % (3 * n);
                geo.house_ids(h).iter().map(|&c| c as u16).collect()
            })
            .collect();
        let to_box_first = |h: u32| ((h as usize + n) % (3 * n)) as u16;
        let houses: Vec<[u16; 3]> = (0..ncell)
            .map(|c| {
                let [r, co, b] = geo.cell_houses[c];
                [to_box_first(b), to_box_first(r), to_box_first(co)]
            })
            .collect();
        let peers = (0..ncell)
            .map(|c| {
                let hs = houses[c];
                let mut ps: Vec<u16> = Vec::new();
                for (k, &h) in hs.iter().enumerate() {
                    for &x in &house_cells[h as usize] {
                        if x as usize != c && (k == 0 || houses[x as usize][0] != hs[0]) {
                            ps.push(x);
                        }
                    }
                }
                ps
            })
            .collect();
        let mut hpos = vec![[0u8; 3]; ncell];
        for (h, cells) in house_cells.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                hpos[c as usize][h / n] = i as u8;
            }
        }
        let near = (0..ncell)
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
        let cand = (0..ncell * n)
            .map(|k| ((k / n) as u16, (k % n) as u8))
            .collect();
        BoxFirst {
            houses,
            house_cells,
            peers,
            hpos,
            near,
            inter,
            cand,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_divides_by_the_side() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for (r, c) in [(2, 2), (2, 3), (3, 3), (5, 7), (6, 6), (8, 8), (20, 20)] {
            let g = Geometry::of(Shape::new(r, c).unwrap());
            let n = g.side();
            // Every fact id (two a candidate), then anything below 2^32.
            let facts = 2 * n * n * n;
            let xs = (0..facts.min(1 << 20)).chain((0..1 << 16).map(|_| rng.gen_range(0..1 << 32)));
            for x in xs.chain([(1 << 32) - 1]) {
                assert_eq!(g.split(x), (x / n, x % n), "{n}: {x}");
            }
            for h in 0..3 * n {
                assert_eq!(g.kind_of(h), h / n, "{n}: {h}");
            }
        }
    }

    #[test]
    fn the_tables_agree_with_the_index_types() {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let g = Geometry::of(shape);
            assert!(Arc::ptr_eq(&g, &Geometry::of(shape)), "built once");
            for h in House::all(shape) {
                let cells: Vec<Cell> = h.cells(shape).collect();
                assert_eq!(g.house_cells(h.index(shape)), &cells[..]);
            }
            for cell in Cell::all(shape) {
                let i = cell.index();
                let peers: Vec<u32> = cell.peers(shape).map(|p| p.index() as u32).collect();
                assert_eq!(g.peers(i), &peers[..]);
                for &h in g.cell_houses(i) {
                    assert!(g.house_ids(h as usize).contains(&(i as u32)));
                }
                for d in Digit::all(shape) {
                    let id = g.candidate_id(i, d.index());
                    assert_eq!(g.candidate(id), Candidate::new(cell, d));
                }
            }
        }
    }

    /// The box-first numbering against the index types: boxes, rows, columns; peers box
    /// first; positions and intersections consistent with the house lists.
    #[test]
    fn box_first_tables_follow_the_index_types() {
        use crate::index::{Block, Col, Row};
        for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let n = shape.side();
            let g = Geometry::of(shape);
            let t = g.box_first();
            assert!(
                std::ptr::eq(t, Geometry::of(shape).box_first()),
                "built once"
            );
            for k in 0..3 * n {
                let h = match k / n {
                    0 => House::Block(Block::new(k % n)),
                    1 => House::Row(Row::new(k % n)),
                    _ => House::Col(Col::new(k % n)),
                };
                let cells: Vec<u16> = h.cells(shape).map(|c| c.index() as u16).collect();
                assert_eq!(t.house_cells[k], cells);
            }
            for cell in Cell::all(shape) {
                let i = cell.index();
                let b = cell.block(shape);
                let hs = t.houses[i];
                assert_eq!(hs[0] as usize, b.index());
                assert_eq!(hs[1] as usize, n + cell.row(shape).index());
                assert_eq!(hs[2] as usize, 2 * n + cell.col(shape).index());
                let mut peers: Vec<u16> = House::Block(b)
                    .cells(shape)
                    .filter(|&p| p != cell)
                    .map(|p| p.index() as u16)
                    .collect();
                for line in [House::Row(cell.row(shape)), House::Col(cell.col(shape))] {
                    peers.extend(
                        line.cells(shape)
                            .filter(|p| p.block(shape) != b)
                            .map(|p| p.index() as u16),
                    );
                }
                assert_eq!(t.peers[i], peers);
                for k in 0..3 {
                    let h = hs[k] as usize;
                    let at = t.hpos[i][k] as usize;
                    assert_eq!(t.house_cells[h][at] as usize, i);
                    for (j, &x) in t.house_cells[h].iter().enumerate() {
                        for (kind, &home) in hs.iter().enumerate() {
                            let shares = t.houses[x as usize][kind] == home;
                            let bit = t.inter[(h * n + at) * 3 + kind] >> j & 1 == 1;
                            assert_eq!(bit, shares);
                        }
                    }
                }
                for (k, &m) in t.near[i].iter().enumerate() {
                    let line = &t.house_cells[hs[k + 1] as usize];
                    for (j, &x) in line.iter().enumerate() {
                        let in_box = t.houses[x as usize][0] == hs[0];
                        assert_eq!(m >> j & 1 == 1, in_box);
                    }
                }
                for d in Digit::all(shape) {
                    let id = g.candidate_id(i, d.index()) as usize;
                    assert_eq!(t.cand[id], (i as u16, d.index() as u8));
                }
            }
        }
    }
}
