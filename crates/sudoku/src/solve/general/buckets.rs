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

use super::{Change, Geometry};

/// No item: the end of a list.
const NIL: u32 = u32::MAX;

/// Size buckets of the open items, in step with the trail up to `synced`.
#[derive(Clone)]
pub(super) struct Buckets {
    next: Vec<u32>,
    prev: Vec<u32>,
    /// The first item of each size (`0..=n`).
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
    /// a trail of `synced` changes; sizes go up to `max_size`.
    pub(super) fn new(
        sizes: impl Iterator<Item = Option<u16>>,
        max_size: usize,
        synced: usize,
    ) -> Buckets {
        let mut b = Buckets {
            next: Vec::new(),
            prev: Vec::new(),
            head: vec![NIL; max_size + 1],
            min: max_size + 1,
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
        let s = self.size[item] as usize;
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
            self.head[self.size[item] as usize] = x;
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
            self.unlink(item);
            if down {
                self.size[item] -= 1;
            } else {
                self.size[item] += 1;
            }
            self.link(item);
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

    /// The smallest size with an item in its bucket.
    pub(super) fn smallest(&mut self) -> Option<u16> {
        while self.min < self.head.len() {
            if self.head[self.min] != NIL {
                return Some(self.min as u16);
            }
            self.min += 1;
        }
        None
    }

    /// Calls `f` with every item of the bucket of `size`.
    pub(super) fn each(&self, size: u16, mut f: impl FnMut(usize)) {
        let mut i = self.head[size as usize];
        while i != NIL {
            f(i as usize);
            i = self.next[i as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Buckets;

    fn items(b: &Buckets, size: u16) -> Vec<usize> {
        let mut v = Vec::new();
        b.each(size, |i| v.push(i));
        v.sort_unstable();
        v
    }

    #[test]
    fn the_smallest_follows_steps_and_unlinks() {
        let mut b = Buckets::new([Some(5), Some(3), Some(3), None].into_iter(), 5, 0);
        assert_eq!((b.smallest(), items(&b, 3)), (Some(3), vec![1, 2]));
        for _ in 0..3 {
            b.step(0, true);
        }
        b.step(3, true);
        assert_eq!((b.smallest(), items(&b, 2)), (Some(2), vec![0]));
        b.unlink(0);
        assert_eq!(b.smallest(), Some(3));
        b.unlink(2);
        assert_eq!((b.smallest(), items(&b, 3)), (Some(3), vec![1]));
        b.step(1, false);
        b.link(0);
        assert_eq!((b.smallest(), items(&b, 2)), (Some(2), vec![0]));
        b.unlink(0);
        assert_eq!((b.smallest(), items(&b, 4)), (Some(4), vec![1]));
        b.unlink(1);
        assert_eq!(b.smallest(), None);
    }
}
