//! Open cells and house-digits kept in buckets by size, for sparse grids: the choice looks
//! at a few of them instead of scanning all.
//!
//! The search's usual choice scans every open cell and house-digit (dom/wdeg). On a grid
//! with few givens nearly every cell is a guess, so the fill costs cells × open items: on
//! 225x225 with 3% givens 45k guesses with no failure took 8 s, nearly all of it in the
//! scan. Here each open item sits in a doubly linked list of its size (candidates of a
//! cell, places of a house-digit). The choice stays the scan's (smallest size / (1 +
//! weight), ties by the salted hash): it is an item of the smallest size or one with a
//! weight, which are few on such grids, so only these are looked at. (The head of the
//! smallest list alone, with no weights or hash, filled 100x100 and 225x225 at 3% fast and
//! then failed on their last few hundred cells for as long as it was let run.)
//!
//! The buckets follow the trail rather than each elimination: the choice first replays the
//! changes made since the last one, and undo first takes back those it is about to pop.
//! Kept up to date inside `eliminate`, they cost the grids that never use them up to a
//! fifth more time in one run of two (the few-clue 400x400 files, whose time is 27M
//! eliminations): a test in the hottest loop was not worth the doubt.
//!
//! Items are numbered as the solver's weights are: cells `0..N`, then `N` + house-digit.
//! Their fields are kept apart (`next`, `prev`, `size`, `linked`); packing each item's
//! fields into one record, so that a step touches one cache line, measured the same on
//! 400x400 and 225x225 fills (Stop 48: 11.8-13.1 s either way on 2,000 random digits),
//! and so did stacks with stale entries in place of the lists (Stop 49,
//! `docs/giant-grids-sparse.md`).

use super::{Change, Geometry};

/// No item: the end of a list.
const NIL: u32 = u32::MAX;

/// Sizes up to this one have a bucket each; above it a bucket holds [`WIDTH`] sizes,
/// unordered, and the smallest bucket is scanned for its smallest size. Most of a fill's
/// eliminations meet an item while it is big (a 400x400 cell loses hundreds of candidates,
/// the last few in buckets of their own), and a step inside a bucket moves nothing: with
/// a bucket per size, 400x400 with 400 givens spent 59% of its time moving items one
/// bucket down, and sparse grids from 100x100 to 225x225 took about half again as long
/// (`docs/giant-grids-sparse.md`, *Cheaper restarts*). One shared bucket above 32 lost:
/// the first choices of a fill scanned every open item. Exact up to 16 and 16 sizes a
/// bucket above it did as well as this; up to 8 and 32 a bucket took twice as long.
const EXACT_UP_TO: usize = 32;

/// Sizes per bucket above [`EXACT_UP_TO`].
const WIDTH: usize = 8;

/// Buckets for sizes up to 400.
const BUCKETS: usize = EXACT_UP_TO + 2 + 400 / WIDTH;

/// The bucket of an item of size `s`.
#[inline]
fn bucket(s: u16) -> usize {
    let s = s as usize;
    if s <= EXACT_UP_TO {
        s
    } else {
        EXACT_UP_TO + 1 + (s - EXACT_UP_TO - 1) / WIDTH
    }
}

/// Size buckets of the open items, in step with the trail up to `synced`.
#[derive(Clone)]
pub(super) struct Buckets {
    next: Vec<u32>,
    prev: Vec<u32>,
    /// The first item of each bucket ([`bucket`]).
    head: Vec<u32>,
    /// No bucket below this one holds an item.
    min: usize,
    /// Each item's size as the buckets know it, and whether it is in one.
    size: Vec<u16>,
    linked: Vec<bool>,
    /// The trail's changes before this one are in the buckets.
    synced: usize,
}

impl Buckets {
    /// Buckets of `sizes` (one per item; `None` for an item that is not open), in step with
    /// a trail of `synced` changes.
    pub(super) fn new(sizes: impl Iterator<Item = Option<u16>>, synced: usize) -> Buckets {
        let mut b = Buckets {
            next: Vec::new(),
            prev: Vec::new(),
            head: vec![NIL; BUCKETS],
            min: BUCKETS,
            size: Vec::new(),
            linked: Vec::new(),
            synced,
        };
        for (item, s) in sizes.enumerate() {
            b.next.push(NIL);
            b.prev.push(NIL);
            b.size.push(s.unwrap_or(0));
            b.linked.push(false);
            if s.is_some() {
                b.link(item);
            }
        }
        b
    }

    /// Puts `item` in the bucket of its size.
    #[inline]
    fn link(&mut self, item: usize) {
        let s = bucket(self.size[item]);
        let h = self.head[s];
        self.next[item] = h;
        self.prev[item] = NIL;
        if h != NIL {
            self.prev[h as usize] = item as u32;
        }
        self.head[s] = item as u32;
        self.min = self.min.min(s);
        self.linked[item] = true;
    }

    /// Takes `item` out of its bucket.
    #[inline]
    fn unlink(&mut self, item: usize) {
        let (p, x) = (self.prev[item], self.next[item]);
        if p == NIL {
            self.head[bucket(self.size[item])] = x;
        } else {
            self.next[p as usize] = x;
        }
        if x != NIL {
            self.prev[x as usize] = p;
        }
        self.linked[item] = false;
    }

    /// Moves `item`, if it is in a bucket, to the size one below (`down`) or above.
    #[inline]
    fn step(&mut self, item: usize, down: bool) {
        if self.linked[item] {
            let from = self.size[item];
            let to = if down { from - 1 } else { from + 1 };
            if bucket(from) == bucket(to) {
                self.size[item] = to;
            } else {
                self.unlink(item);
                self.size[item] = to;
                self.link(item);
            }
        }
    }

    /// Replays `trail`'s changes since the last sync (`value`: the state's cell values).
    pub(super) fn sync(&mut self, trail: &[Change], geo: &Geometry, value: &[u16]) {
        for &change in &trail[self.synced..] {
            self.apply(change, geo, value, true);
        }
        self.synced = trail.len();
    }

    /// Takes back the synced changes from `mark` on, before undo pops them.
    pub(super) fn unsync_to(
        &mut self,
        mark: usize,
        trail: &[Change],
        geo: &Geometry,
        value: &[u16],
    ) {
        while self.synced > mark {
            self.synced -= 1;
            self.apply(trail[self.synced], geo, value, false);
        }
    }

    /// One change of the trail, made (`forward`) or taken back: an elimination moves its
    /// cell and three house-digits one size down (or up), a placement takes the cell and
    /// the house-digits it fills out of the buckets (or puts them back).
    fn apply(&mut self, change: Change, geo: &Geometry, value: &[u16], forward: bool) {
        let nn = geo.n * geo.n;
        match change {
            Change::Elim(cell, d) => {
                let cell = cell as usize;
                self.step(cell, forward);
                for &h in &geo.cell_houses[cell] {
                    self.step(nn + h as usize * geo.n + d as usize, forward);
                }
            }
            Change::Place(cell) => {
                let cell = cell as usize;
                let d = usize::from(value[cell]) - 1;
                let houses = geo.cell_houses[cell].map(|h| nn + h as usize * geo.n + d);
                for item in std::iter::once(cell).chain(houses) {
                    if forward {
                        self.unlink(item);
                    } else {
                        self.link(item);
                    }
                }
            }
        }
    }

    /// Calls `f` with every item of the smallest size (and that size), if any item is in a
    /// bucket.
    pub(super) fn each_smallest(&mut self, mut f: impl FnMut(usize, u16)) {
        while self.min < self.head.len() && self.head[self.min] == NIL {
            self.min += 1;
        }
        let Some(&first) = self.head.get(self.min) else {
            return;
        };
        let size = if self.min <= EXACT_UP_TO {
            self.min as u16
        } else {
            self.list(first).map(|i| self.size[i]).min().unwrap_or(0)
        };
        self.list(first)
            .filter(|&i| self.size[i] == size)
            .for_each(|i| f(i, size));
    }

    /// The items of a bucket from its first.
    fn list(&self, first: u32) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors((first != NIL).then_some(first as usize), |&i| {
            let x = self.next[i];
            (x != NIL).then_some(x as usize)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Buckets;

    /// The smallest size and its items, sorted.
    fn smallest(b: &mut Buckets) -> Option<(u16, Vec<usize>)> {
        let mut v = Vec::new();
        let mut size = None;
        b.each_smallest(|i, s| {
            v.push(i);
            size = Some(s);
        });
        v.sort_unstable();
        size.map(|s| (s, v))
    }

    #[test]
    fn the_smallest_follows_steps_and_unlinks() {
        let mut b = Buckets::new([Some(5), Some(3), Some(3), None].into_iter(), 0);
        assert_eq!(smallest(&mut b), Some((3, vec![1, 2])));
        for _ in 0..3 {
            b.step(0, true);
        }
        b.step(3, true);
        assert_eq!(smallest(&mut b), Some((2, vec![0])));
        b.unlink(0);
        assert_eq!(smallest(&mut b), Some((3, vec![1, 2])));
        b.unlink(2);
        assert_eq!(smallest(&mut b), Some((3, vec![1])));
        b.step(1, false);
        b.link(0);
        assert_eq!(smallest(&mut b), Some((2, vec![0])));
        b.unlink(0);
        assert_eq!(smallest(&mut b), Some((4, vec![1])));
        b.unlink(1);
        assert_eq!(smallest(&mut b), None);
    }

    /// Items past the last exact bucket share one; the smallest of them is found by a scan,
    /// and an item that steps down out of it is found in its own bucket.
    #[test]
    fn big_items_share_a_bucket_and_step_out_of_it() {
        let big = super::EXACT_UP_TO as u16 + 1;
        let sizes = [Some(big + 5), Some(big + 1), Some(big + 1), Some(big + 9)];
        let mut b = Buckets::new(sizes.into_iter(), 0);
        assert_eq!(smallest(&mut b), Some((big + 1, vec![1, 2])));
        b.step(2, true);
        assert_eq!(smallest(&mut b), Some((big, vec![2])));
        b.step(2, true);
        assert_eq!(smallest(&mut b), Some((big - 1, vec![2])));
        b.step(2, false);
        b.step(2, false);
        b.step(1, false);
        assert_eq!(smallest(&mut b), Some((big + 1, vec![2])));
        b.unlink(2);
        for _ in 0..7 {
            b.step(0, true);
        }
        assert_eq!(smallest(&mut b), Some((big - 2, vec![0])));
        b.unlink(0);
        assert_eq!(smallest(&mut b), Some((big + 2, vec![1])));
    }
}
