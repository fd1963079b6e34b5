//! The canonical form of grids other than 9x9, by colour refinement and individualisation
//! (the method of graph canonisers such as nauty, here on the puzzle's own parts).
//!
//! The parts are the rows, columns, digits, bands and stacks. Each gets a colour; a
//! round of *refinement* gives each part a new colour from its old one and what it touches
//! (a row: the colours of the column and digit of each of its filled cells, and its band's
//! colour; a band: its rows' colours; and so on), numbered by rank, until a round splits no
//! class. Every step depends on colours only, never on a part's index, so re-orienting or
//! relabelling a puzzle moves the colours with the parts.
//!
//! When a class of parts that hold a filled cell is still tied, each of its members in
//! turn is *individualised* (given a colour of its own) and refinement goes on: a tree,
//! whose leaves order every such part. A leaf gives a grid (bands, then rows inside them,
//! by colour; columns likewise; digits named in order of first appearance), and the form
//! is the smallest of the leaves' grids read row by row, empty cells first, over both
//! orientations where boxes are square. Equivalent puzzles have the same trees up to the
//! map between them, hence the same leaves' grids and the same form. Parts with no filled
//! cell (an empty row, an absent digit) are never individualised: any order of tied ones
//! gives the same grid.
//!
//! A puzzle with symmetries has as many equal leaves. Two leaves with equal grids give a
//! symmetry of the puzzle, which maps the subtree of one child of their last common node
//! onto the other's: the search goes back to that node. And at every node, a child in one
//! orbit with a child already searched, under the symmetries found that fix the node's
//! path, is skipped.
//!
//! On a solved grid every row holds every digit once, so refinement alone splits nothing
//! and two parts of one kind individualised (two rows, two digits) split nothing more:
//! each class to individualise is the largest, of another kind than the part before it
//! (a row, then a column or a digit). Taking the smallest class (the rows of a band) went
//! down every row order: a solved 25x25 ran out of work. And when refinement from the
//! kinds alone leaves the parts that hold filled cells in fewer classes than half their
//! number, the tree starts from a finer colouring ([`Parts::paired`]: each row by the
//! cycles and paths of the digit maps to every other row, and so on, `3n³/2` steps). A
//! solved 144x144 with few symmetries (`rkkautsar-sudoku-144-1`'s solution) had about n²
//! leaves without it and ran past [`MAX_WORK`]; with it, 0.05 s.
//!
//! Tried and not kept: ordering leaves first by a hash of each node's refinement, so a
//! node already past the best leaf's hashes is cut before its leaves (as Traces does).
//! Solved formula grids, fast by their symmetries, slowed from 0.02 s to 7 s at 100x100:
//! the cut subtrees no longer gave the symmetries that prune their siblings.
//!
//! Left: a 400x400 with one full row and nothing else runs past [`MAX_WORK`] (3 s): its
//! symmetries are found one column swap at a time, one descent of the tree per column
//! (100x100: 0.3 s).

use super::Transform;
use crate::grid::Grid;

/// Part-visits (filled cells and parts looked at by every round of refinement, cells of
/// every leaf's grid, parts mapped by every symmetry when orbits are taken) before the
/// search gives up: about 3 s. Generated puzzles to 400x400 take milliseconds, solved
/// grids 0.03 s (100x100) to 1 s (400x400, most of it in [`Parts::paired`]).
pub(super) const MAX_WORK: u64 = 500_000_000;

/// The puzzle in one orientation, as its parts see it.
struct Parts {
    n: usize,
    br: usize,
    bc: usize,
    /// Rows, columns, digits, bands, stacks.
    count: usize,
    /// `(row, column, digit)` of each filled cell, 0-based.
    cells: Vec<(u32, u32, u32)>,
    /// Parts that hold no filled cell.
    blank: Vec<bool>,
    values: Vec<u16>,
    transpose: bool,
}

impl Parts {
    fn new(grid: &Grid, transpose: bool) -> Parts {
        let shape = grid.shape();
        let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
        let src = grid.values();
        let values: Vec<u16> = (0..n * n)
            .map(|i| {
                if transpose {
                    src[(i % n) * n + i / n]
                } else {
                    src[i]
                }
            })
            .collect();
        let count = 3 * n + n / br + n / bc;
        let mut blank = vec![true; count];
        let mut cells = Vec::new();
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                let (r, c, d) = (i / n, i % n, v as usize - 1);
                cells.push((r as u32, c as u32, d as u32));
                for part in [r, n + c, 2 * n + d, 3 * n + r / br, 3 * n + n / br + c / bc] {
                    blank[part] = false;
                }
            }
        }
        Parts {
            n,
            br,
            bc,
            count,
            cells,
            blank,
            values,
            transpose,
        }
    }

    fn band(&self, r: usize) -> usize {
        3 * self.n + r / self.br
    }

    fn stack(&self, c: usize) -> usize {
        3 * self.n + self.n / self.br + c / self.bc
    }

    /// The first colouring: by kind of part.
    fn kinds(&self) -> Vec<u32> {
        (0..self.count).map(|p| self.kind(p) as u32).collect()
    }

    /// Whether no row or column holds a digit twice: then the maps [`Parts::paired`] reads
    /// between two lines, or two digits, are one-to-one.
    fn lines_distinct(&self) -> bool {
        let n = self.n;
        let mut row = vec![0usize; (n + 1) * n];
        let mut col = vec![0usize; (n + 1) * n];
        self.cells.iter().all(|&(r, c, d)| {
            let (r, c, d) = (r as usize, c as usize, d as usize);
            row[d * n + r] += 1;
            col[d * n + c] += 1;
            row[d * n + r] == 1 && col[d * n + c] == 1
        })
    }

    /// A first colouring finer than [`Parts::kinds`] for grids whose lines all look alike
    /// to refinement (a solved grid: every row holds every digit once). Each row is
    /// coloured by what it sees in every other row: the map from its digits to theirs,
    /// column by column, as cycles and paths (and whether the two share a band); each
    /// column likewise; each digit by the map from its columns to another digit's, row
    /// by row. Costs `3n³`.
    fn paired(&self, work: &mut u64) -> Vec<u32> {
        let n = self.n;
        const NONE: usize = usize::MAX;
        // `lines[kind][p * n + k]`, for part `p` of a kind and position `k`: a row's digit in
        // column `k`, a column's in row `k`, or 1 + the column of a digit in row `k`; 0 when
        // empty or absent. Contiguous, so a pair is two runs of memory.
        let mut lines = vec![vec![0usize; n * n]; 3];
        for &(r, c, d) in &self.cells {
            let (r, c, d) = (r as usize, c as usize, d as usize);
            lines[0][r * n + c] = d + 1;
            lines[1][c * n + r] = d + 1;
            lines[2][d * n + r] = c + 1;
        }
        let mut seen_by = vec![0u64; self.count];
        let mut keys: Vec<usize> = Vec::with_capacity(n);
        let (mut map, mut hit, mut seen) =
            (vec![NONE; n + 1], vec![false; n + 1], vec![false; n + 1]);
        for (kind, line) in lines.iter().enumerate() {
            for p in 0..n {
                for q in p + 1..n {
                    keys.clear();
                    let (a, b) = (&line[p * n..(p + 1) * n], &line[q * n..(q + 1) * n]);
                    for (&x, &y) in a.iter().zip(b) {
                        if x != 0 && y != 0 {
                            map[x] = y;
                            hit[y] = true;
                            keys.push(x);
                        }
                    }
                    // Paths from the keys nothing maps to, then the cycles left. The map
                    // from `q` to `p` is the inverse: the same cycles and path lengths.
                    let mut shape = 0u64;
                    for cycles in [false, true] {
                        for &x in &keys {
                            if seen[x] || (!cycles && hit[x]) {
                                continue;
                            }
                            let (mut y, mut len) = (x, 0u32);
                            while y != NONE && map[y] != NONE && !seen[y] {
                                seen[y] = true;
                                len += 1;
                                y = map[y];
                            }
                            shape = shape.wrapping_add(mix(10, u32::from(cycles), len));
                        }
                    }
                    for &x in &keys {
                        hit[map[x]] = false;
                        (map[x], seen[x]) = (NONE, false);
                    }
                    let near = match kind {
                        0 => p / self.br == q / self.br,
                        1 => p / self.bc == q / self.bc,
                        _ => false,
                    };
                    let seen_pair = mix(11, u32::from(near), (shape ^ shape >> 32) as u32);
                    for part in [kind * n + p, kind * n + q] {
                        seen_by[part] = seen_by[part].wrapping_add(seen_pair);
                    }
                }
            }
        }
        *work += 3 * (n * n * n / 2) as u64;
        let kinds = self.kinds();
        let mut order: Vec<usize> = (0..self.count).collect();
        order.sort_unstable_by_key(|&p| (kinds[p], seen_by[p]));
        let mut colours = vec![0u32; self.count];
        let mut rank = 0;
        for k in 1..order.len() {
            let (p, q) = (order[k], order[k - 1]);
            if (kinds[p], seen_by[p]) != (kinds[q], seen_by[q]) {
                rank += 1;
            }
            colours[p] = rank;
        }
        colours
    }

    /// The colouring the tree starts from: [`Parts::kinds`] refined, or [`Parts::paired`]
    /// when refinement from the kinds leaves the parts that hold filled cells in fewer classes
    /// than half their number (a decision that depends on the puzzle's class only).
    fn start(&self, work: &mut u64) -> Vec<u32> {
        let mut refined = self.kinds();
        let classes = self.refine(&mut refined, work);
        let mut filled_classes = vec![false; classes];
        let mut filled = 0;
        for (p, &c) in refined.iter().enumerate() {
            if !self.blank[p] {
                filled += 1;
                filled_classes[c as usize] = true;
            }
        }
        let tied = filled_classes.iter().filter(|&&f| f).count() * 2 < filled;
        if tied && self.lines_distinct() {
            self.paired(work)
        } else {
            refined
        }
    }

    /// Refines `colours` until a round splits no class; returns the number of classes.
    fn refine(&self, colours: &mut [u32], work: &mut u64) -> usize {
        let n = self.n;
        let mut classes = 0;
        let mut order: Vec<u32> = (0..self.count as u32).collect();
        let mut seen = vec![0u64; self.count];
        loop {
            seen.iter_mut().for_each(|s| *s = 0);
            for &(r, c, d) in &self.cells {
                let (r, c, d) = (r as usize, c as usize, 2 * n + d as usize);
                let (cr, cc, cd) = (colours[r], colours[n + c], colours[d]);
                seen[r] = seen[r].wrapping_add(mix(1, cc, cd));
                seen[n + c] = seen[n + c].wrapping_add(mix(2, cr, cd));
                seen[d] = seen[d].wrapping_add(mix(3, cr, cc));
            }
            for line in 0..n {
                let (band, stack) = (self.band(line), self.stack(line));
                seen[line] = seen[line].wrapping_add(mix(4, colours[band], 0));
                seen[band] = seen[band].wrapping_add(mix(5, colours[line], 0));
                seen[n + line] = seen[n + line].wrapping_add(mix(6, colours[stack], 0));
                seen[stack] = seen[stack].wrapping_add(mix(7, colours[n + line], 0));
            }
            *work += (self.cells.len() + self.count) as u64;
            order.sort_unstable_by_key(|&p| (colours[p as usize], seen[p as usize]));
            let mut next = vec![0u32; self.count];
            let mut rank = 0;
            for k in 0..order.len() {
                let (p, q) = (order[k] as usize, order[k.saturating_sub(1)] as usize);
                if k > 0 && (colours[p], seen[p]) != (colours[q], seen[q]) {
                    rank += 1;
                }
                next[p] = rank;
            }
            colours.copy_from_slice(&next);
            let now = rank as usize + 1;
            if now == classes {
                return now;
            }
            classes = now;
        }
    }

    /// The kind of a part: 0 rows, 1 columns, 2 digits, 3 bands, 4 stacks.
    fn kind(&self, p: usize) -> usize {
        if p < 3 * self.n {
            p / self.n
        } else if p < 3 * self.n + self.n / self.br {
            3
        } else {
            4
        }
    }

    /// The tied class to individualise next: of the classes with more than one member and
    /// a member that holds a filled cell, the largest (then the first by colour), of
    /// another kind than `last` (the part individualised last) when there is one. Two parts
    /// of one kind split nothing more on a solved grid (two rows, two digits), a row and a
    /// column or a digit do.
    fn target(&self, colours: &[u32], classes: usize, last: Option<usize>) -> Option<u32> {
        let mut size = vec![0usize; classes];
        let mut filled = vec![false; classes];
        let mut kind = vec![0usize; classes];
        for (p, &c) in colours.iter().enumerate() {
            size[c as usize] += 1;
            filled[c as usize] |= !self.blank[p];
            kind[c as usize] = self.kind(p);
        }
        let other = |c: &usize| last.is_none_or(|l| kind[*c] != self.kind(l));
        let open = || (0..classes).filter(|&c| size[c] > 1 && filled[c]);
        let largest = |c: &usize| (size[*c], std::cmp::Reverse(*c));
        open()
            .filter(other)
            .max_by_key(largest)
            .or_else(|| open().max_by_key(largest))
            .map(|c| c as u32)
    }

    /// A leaf's transform: bands, rows inside them, stacks and columns inside them by
    /// colour (tied ones hold no filled cell), digits named in order of first appearance.
    fn leaf(&self, colours: &[u32], path: Vec<usize>) -> Leaf {
        let n = self.n;
        let lines = |first: usize, group: usize, group_part: &dyn Fn(usize) -> usize| {
            let mut groups: Vec<usize> = (0..n / group).collect();
            groups.sort_by_key(|&g| colours[group_part(g * group)]);
            let mut out = Vec::with_capacity(n);
            for g in groups {
                let mut inner: Vec<usize> = (g * group..(g + 1) * group).collect();
                inner.sort_by_key(|&l| colours[first + l]);
                out.extend(inner);
            }
            out
        };
        let rows = lines(0, self.br, &|r| self.band(r));
        let cols = lines(n, self.bc, &|c| self.stack(c));
        let mut digits = vec![0usize; n + 1];
        let mut next = 1;
        let mut key = Vec::with_capacity(n * n);
        for &r in &rows {
            for &c in &cols {
                let v = self.values[r * n + c] as usize;
                if v != 0 && digits[v] == 0 {
                    digits[v] = next;
                    next += 1;
                }
                key.push(digits[v] as u16);
            }
        }
        for d in digits.iter_mut().skip(1).filter(|d| **d == 0) {
            *d = next;
            next += 1;
        }
        Leaf {
            key,
            transpose: self.transpose,
            rows,
            cols,
            digits,
            path,
        }
    }
}

/// A 64-bit mix of a tag and two colours (SplitMix64's finaliser): the sums of these over
/// what a part touches stand for the multiset of it. Two multisets that collide only make
/// the refinement coarser, never the form wrong.
fn mix(tag: u64, a: u32, b: u32) -> u64 {
    let mut z = (tag << 58) ^ ((a as u64) << 29) ^ b as u64;
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The grid a leaf gives (row by row, 0 for empty), how, and the parts individualised on
/// the way to it.
#[derive(Clone)]
struct Leaf {
    key: Vec<u16>,
    transpose: bool,
    rows: Vec<usize>,
    cols: Vec<usize>,
    digits: Vec<usize>,
    path: Vec<usize>,
}

/// The search over one orientation's tree, with the pruning of graph canonisers: two
/// leaves with equal grids give a symmetry `g` of the puzzle, which maps the subtree of one
/// child of their last common node onto the other's, so the search goes back to that node;
/// and at every node, a child in the orbit of one already searched, under the symmetries
/// found that fix the node's path, is skipped.
struct Search<'a> {
    parts: &'a Parts,
    work: u64,
    /// This orientation's first leaf.
    first: Option<Leaf>,
    /// The smallest leaf so far, of either orientation.
    best: Option<Leaf>,
    /// The symmetries found, as maps of parts.
    symmetries: Vec<Vec<u32>>,
}

/// What a subtree's search tells its ancestors.
enum Back {
    /// Go on with the next child.
    On,
    /// A symmetry maps the rest of the subtrees below the node at this depth onto ones
    /// searched: go back up to it.
    To(usize),
    /// The work ran out.
    Out,
}

impl Search<'_> {
    /// The symmetry that maps leaf `a` onto leaf `b` (their grids are equal).
    fn symmetry(&self, a: &Leaf, b: &Leaf) -> Vec<u32> {
        let p = self.parts;
        let n = p.n;
        let mut map: Vec<u32> = (0..p.count as u32).collect();
        for (&x, &y) in a.rows.iter().zip(&b.rows) {
            map[x] = y as u32;
            map[p.band(x)] = p.band(y) as u32;
        }
        for (&x, &y) in a.cols.iter().zip(&b.cols) {
            map[n + x] = (n + y) as u32;
            map[p.stack(x)] = p.stack(y) as u32;
        }
        let mut by_label = vec![0usize; n + 1];
        for (d, &l) in b.digits.iter().enumerate().skip(1) {
            by_label[l] = d;
        }
        for (d, &l) in a.digits.iter().enumerate().skip(1) {
            map[2 * n + d - 1] = (2 * n + by_label[l] - 1) as u32;
        }
        map
    }

    /// Takes a leaf: the smallest so far is kept, and one equal to the first or the
    /// smallest gives a symmetry and a depth to go back to.
    fn offer(&mut self, leaf: Leaf) -> Back {
        use std::cmp::Ordering::{Equal, Greater};
        let Some(first) = &self.first else {
            if self.best.as_ref().is_none_or(|best| leaf.key <= best.key) {
                self.best = Some(leaf.clone());
            }
            self.first = Some(leaf);
            return Back::On;
        };
        let mut twin = (leaf.key == first.key).then_some(first);
        match self
            .best
            .as_ref()
            .map(|best| (leaf.key.cmp(&best.key), best))
        {
            Some((Greater, _)) => {}
            Some((Equal, best)) => {
                if twin.is_none() && best.transpose == leaf.transpose {
                    twin = Some(best);
                }
            }
            _ => {
                self.best = Some(leaf);
                return Back::On;
            }
        }
        let Some(twin) = twin else {
            return Back::On;
        };
        let common = twin
            .path
            .iter()
            .zip(&leaf.path)
            .take_while(|(a, b)| a == b)
            .count();
        let g = self.symmetry(twin, &leaf);
        self.symmetries.push(g);
        Back::To(common)
    }

    /// Orbits (union-find roots) of the symmetries found that fix every part of `path`.
    fn orbits(&self, path: &[usize]) -> Vec<usize> {
        let mut root: Vec<usize> = (0..self.parts.count).collect();
        fn find(root: &mut [usize], mut p: usize) -> usize {
            while root[p] != p {
                root[p] = root[root[p]];
                p = root[p];
            }
            p
        }
        for g in &self.symmetries {
            if path.iter().all(|&p| g[p] as usize == p) {
                for (x, &y) in g.iter().enumerate() {
                    let (a, b) = (find(&mut root, x), find(&mut root, y as usize));
                    root[a] = b;
                }
            }
        }
        (0..root.len()).map(|p| find(&mut root, p)).collect()
    }

    /// Searches the subtree of `colours`, reached by individualising `path`.
    fn node(&mut self, mut colours: Vec<u32>, path: &mut Vec<usize>) -> Back {
        let classes = self.parts.refine(&mut colours, &mut self.work);
        if self.work > MAX_WORK {
            return Back::Out;
        }
        let Some(target) = self.parts.target(&colours, classes, path.last().copied()) else {
            self.work += (self.parts.n * self.parts.n) as u64;
            let leaf = self.parts.leaf(&colours, path.clone());
            return self.offer(leaf);
        };
        let depth = path.len();
        let members: Vec<usize> = (0..colours.len())
            .filter(|&p| colours[p] == target)
            .collect();
        let mut searched: Vec<usize> = Vec::new();
        let mut orbits: Option<(usize, Vec<usize>)> = None;
        for &m in &members {
            if !searched.is_empty() && !self.symmetries.is_empty() {
                if orbits.as_ref().is_none_or(|o| o.0 != self.symmetries.len()) {
                    self.work += (self.symmetries.len() * self.parts.count) as u64;
                    orbits = Some((self.symmetries.len(), self.orbits(path)));
                }
                let orbits = &orbits.as_ref().expect("just computed").1;
                if searched.iter().any(|&s| orbits[s] == orbits[m]) {
                    continue;
                }
            }
            searched.push(m);
            let child = colours
                .iter()
                .enumerate()
                .map(|(p, &c)| 2 * c + u32::from(c == target && p != m))
                .collect();
            path.push(m);
            let back = self.node(child, path);
            path.pop();
            match back {
                Back::On => {}
                Back::To(level) if level >= depth => {}
                other => return other,
            }
        }
        Back::On
    }
}

/// The transform to the canonical grid, or `None` past [`MAX_WORK`].
pub(super) fn canonical(grid: &Grid) -> Option<Transform> {
    let shape = grid.shape();
    let square = shape.box_rows() == shape.box_cols();
    let mut best = None;
    let mut work = 0;
    for transpose in [false, true].into_iter().filter(|&t| !t || square) {
        let parts = Parts::new(grid, transpose);
        let mut search = Search {
            parts: &parts,
            work,
            first: None,
            best,
            symmetries: Vec::new(),
        };
        let start = parts.start(&mut search.work);
        if let Back::Out = search.node(start, &mut Vec::new()) {
            return None;
        }
        (work, best) = (search.work, search.best);
    }
    let leaf = best.expect("a tree has a leaf");
    Some(Transform {
        shape,
        transpose: leaf.transpose,
        rows: leaf.rows,
        cols: leaf.cols,
        digits: leaf.digits,
    })
}
