//! A position as SE's producers see it: candidates and place masks over the shape's
//! geometry, numbered boxes first ([`crate::logic::geometry::BoxFirst`]).

use super::*;

/// The candidates of one position over the shape's geometry, numbered boxes first (the
/// geometry shared with the positions nested chains derive from it).
pub(super) struct Pos<'s> {
    /// The search this position belongs to (its caches, pool and deadline).
    pub(super) search: &'s Search,
    pub(super) n: usize,
    /// The shape's houses, peers and place tables, boxes first ([`crate::logic::geometry::BoxFirst`], whose
    /// fields these are: borrowed slices, as the hot loops read them).
    pub(super) houses: &'static [[u16; 3]],
    pub(super) house_cells: &'static [Vec<u16>],
    pub(super) peers: &'static [Vec<u16>],
    pub(super) hpos: &'static [[u8; 3]],
    pub(super) near: &'static [[u32; 2]],
    pub(super) cand: &'static [(u16, u8)],
    /// Each cell's candidates (bit `d`).
    pub(super) orig: Vec<u64>,
    /// The places of each digit in each house (`house * n + digit`).
    pub(super) pl_orig: Vec<u32>,
    /// The one propagation engine's branch over this position (masks store), which the
    /// producers' nets run on ([`propagate`]).
    pub(super) branch: Box<(Tables<Bits>, Branch<Bits>)>,
}

/// What a position owns (its masks and its branch), kept by the search between derived
/// positions ([`Pos::derived`], [`Pos::release`]).
pub(super) struct PosParts {
    orig: Vec<u64>,
    pl_orig: Vec<u32>,
    branch: Box<(Tables<Bits>, Branch<Bits>)>,
}

/// Position parts a search keeps at most (one per nesting depth is in use at a time).
const POSITION_POOL: usize = 8;

impl<'s> Pos<'s> {
    pub(super) fn new(ctx: &Context<'_>, search: &'s Search) -> Pos<'s> {
        Pos::of(search, Tables::new(ctx))
    }

    /// The position of `tables`.
    fn of(search: &'s Search, tables: Tables<Bits>) -> Pos<'s> {
        let branch = Branch::new(&tables);
        let parts = PosParts {
            orig: tables.orig.cells.clone(),
            pl_orig: tables.orig.places.clone(),
            branch: Box::new((tables, branch)),
        };
        Pos::assemble(search, parts)
    }

    /// The position made of `parts`, with its geometry's tables at hand.
    fn assemble(search: &'s Search, parts: PosParts) -> Pos<'s> {
        let tables = &parts.branch.0;
        let geo = tables.geometry().box_first();
        Pos {
            search,
            n: tables.orig.side(),
            houses: &geo.houses,
            house_cells: &geo.house_cells,
            peers: &geo.peers,
            hpos: &geo.hpos,
            near: &geo.near,
            cand: &geo.cand,
            orig: parts.orig,
            pl_orig: parts.pl_orig,
            branch: parts.branch,
        }
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
    /// The position a net reached (`cur`) from the position of `outer`, as a position of
    /// its own (nested chains), on the parts of a position given back before if the
    /// search keeps one ([`Pos::release`]).
    pub(super) fn derived(search: &'s Search, outer: &Tables<Bits>, cur: &Bits) -> Pos<'s> {
        let reused = search.positions.borrow_mut().pop();
        let Some(mut parts) = reused.filter(|p| p.branch.0.orig.side() == cur.side()) else {
            let geometry = outer.geometry().clone();
            return Pos::of(search, Tables::from_store(geometry, cur.clone()));
        };
        let (tables, branch) = &mut *parts.branch;
        tables.set_position(cur);
        branch.rebase(tables);
        parts.orig.clone_from(&cur.cells);
        parts.pl_orig.clone_from(&cur.places);
        Pos::assemble(search, parts)
    }

    /// Gives this position's tables and branch to its search, for the next derived
    /// position (nested chains derive hundreds of thousands).
    pub(super) fn release(self) {
        let mut pool = self.search.positions.borrow_mut();
        if pool.len() < POSITION_POOL {
            pool.push(PosParts {
                orig: self.orig,
                pl_orig: self.pl_orig,
                branch: self.branch,
            });
        }
    }
    /// The places of digit `d` in house `h` (as positions in the house), in `grid`.
    pub(super) fn places_orig(&self, h: usize, d: usize) -> u32 {
        self.pl_orig[h * self.n + d]
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
