//! The fixed geometry of a shape, built once per shape and shared by every position and
//! finder: the houses as data (each house's cells, each cell's houses), each cell's
//! peers, and candidate ids (`cell * n + digit`). Houses are a list here rather than
//! arithmetic in the finders, so that extra houses (diagonals, windows, irregular regions)
//! can be added in one place.

use crate::index::{Candidate, Cell, Digit, House};
use crate::shape::Shape;
use std::sync::{Arc, Mutex, OnceLock};

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
    /// Each cell's peers (indices), `npeer` a cell, in [`Cell::peers`] order.
    peers: Vec<u32>,
    npeer: usize,
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.side();
        let house_cells: Vec<Cell> = House::all(shape).flat_map(|h| h.cells(shape)).collect();
        let house_ids = house_cells.iter().map(|c| c.index() as u32).collect();
        let npeer = Cell::new(0).peers(shape).count();
        let mut peers = Vec::with_capacity(shape.cell_count() * npeer);
        let mut cell_houses = Vec::with_capacity(shape.cell_count());
        for c in Cell::all(shape) {
            peers.extend(c.peers(shape).map(|p| p.index() as u32));
            cell_houses.push(c.houses(shape).map(|h| h.index(shape) as u32));
        }
        Geometry {
            shape,
            n,
            house_cells,
            house_ids,
            cell_houses,
            peers,
            npeer,
        }
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
        &self.peers[c * self.npeer..(c + 1) * self.npeer]
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
