//! Fast finders for the basic techniques on 9x9 grids: full house, naked and hidden
//! singles, locked pairs and triples, locked candidates, naked and hidden pairs and triples.
//!
//! Most steps of any solve path are these, and the general finders (any shape, through the
//! [`super::Context`] tables) spend most of a rating or a generator's judgement on them.
//! These work on plain arrays (a 9-bit candidate mask per cell, a placed-digit mask per
//! house) built from the board in one pass, and give **exactly** the step the general
//! finder of the same technique gives first: the same scan order (houses, digits, cells,
//! subsets in lexicographic order), the same evidence, the same eliminations in the same
//! order. The driver uses them for the leading techniques of its sequence, where the first
//! step found is the one taken; `tests::agrees_with_the_general_finders` and
//! `tests/logic.rs` hold them to that.
//!
//! [`Basic9::walk`] goes further for the rater's Easy and Medium judgements, where the
//! technique set is the singles and these techniques only: it follows the same path
//! without making [`Step`]s, and places each run of naked singles (and full houses, which
//! score the same) at once, since in HoDoKu's order they come first and any order of them
//! reaches the same position. Medium generation (500 puzzles) took 5.8 s of CPU with it
//! instead of 6.6-7.0 s.
//!
//! Depends on the step model and the grid model; nothing but the driver uses it.

use super::step::{Evidence, Step};
use super::technique::Technique;
use crate::grid::{Board, Candidates};
use crate::index::{Block, Candidate, Cell, Col, Digit, House, Row};
use crate::set::DigitSet;
use crate::shape::Shape;
use std::cell::OnceCell;
use std::sync::OnceLock;

/// The techniques with a fast finder here.
pub(crate) const BASIC: &[Technique] = &[
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
    Technique::LockedPair,
    Technique::LockedTriple,
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::HiddenPair,
    Technique::HiddenTriple,
];

/// The singles, in HoDoKu's order: where a sequence starts with them,
/// [`Basic9::walk`] can take runs of them at once.
pub(crate) const SINGLES: [Technique; 3] = [
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
];

const ALL: u16 = 0x1ff;

/// Index tables of the 9x9 shape, taken from the general model so the orders agree. Kept
/// beside [`super::geometry::Geometry`] on purpose: fixed-size `u8` arrays (no bounds
/// checks, no indirection) and `u128` house masks are what makes these finders fast, and
/// they serve 9x9 only.
struct Tables {
    /// The cells of each house (by [`House::index`]: rows, columns, boxes) in position order.
    house: [[u8; 9]; 27],
    /// The three houses of each cell.
    houses_of: [[u8; 3]; 81],
    /// The box of each cell.
    block_of: [u8; 81],
    /// The 20 peers of each cell.
    peers: [[u8; 20]; 81],
    /// The cells of each house, as bits.
    house_mask: [u128; 27],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let s = Shape::NINE;
        let mut t = Tables {
            house: [[0; 9]; 27],
            houses_of: [[0; 3]; 81],
            block_of: [0; 81],
            peers: [[0; 20]; 81],
            house_mask: [0; 27],
        };
        for h in House::all(s) {
            for p in 0..9 {
                t.house[h.index(s)][p] = h.cell(s, p).index() as u8;
                t.house_mask[h.index(s)] |= 1 << h.cell(s, p).index();
            }
        }
        for c in Cell::all(s) {
            for (i, h) in c.houses(s).iter().enumerate() {
                t.houses_of[c.index()][i] = h.index(s) as u8;
            }
            t.block_of[c.index()] = c.block(s).index() as u8;
            for (i, p) in c.peers(s).enumerate() {
                t.peers[c.index()][i] = p.index() as u8;
            }
        }
        t
    })
}

fn house(index: usize) -> House {
    House::from_index(Shape::NINE, index)
}

fn cand(cell: u8, digit: u32) -> Candidate {
    Candidate::new(Cell::new(cell as usize), Digit::from_index(digit as usize))
}

fn digits(mask: u16) -> DigitSet {
    DigitSet::from_bits(mask as u64)
}

/// The digits of `mask`, lowest first.
fn bits(mut mask: u16) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros();
            mask &= mask - 1;
            d
        })
    })
}

/// The houses in the order the singles finders scan them: boxes, rows, columns.
fn boxes_first() -> impl Iterator<Item = usize> {
    (18..27).chain(0..18)
}

/// A 9x9 board as masks.
pub(crate) struct Basic9 {
    /// Candidates of each cell, bit `d` for digit index `d`.
    cand: [u16; 81],
    /// Whether each cell holds a digit.
    filled: [bool; 81],
    /// The digit of each cell: index + 1, or 0 when empty.
    value: [u8; 81],
    /// Digits placed in each house.
    placed: [u16; 27],
    /// Cells filled in each house, and in all.
    filled_in: [u8; 27],
    filled_count: usize,
    /// See [`Basic9::positions`].
    pos: OnceCell<[[u16; 9]; 27]>,
    /// See [`Basic9::small`]: sizes 2 and 3.
    small: OnceCell<[u128; 2]>,
}

impl Basic9 {
    /// The masks of `board`, if it is 9x9.
    pub(crate) fn new(board: &Board) -> Option<Basic9> {
        if board.shape() != Shape::NINE {
            return None;
        }
        let t = tables();
        let mut b = Basic9 {
            cand: [0; 81],
            filled: [false; 81],
            value: [0; 81],
            placed: [0; 27],
            filled_in: [0; 27],
            filled_count: 0,
            pos: OnceCell::new(),
            small: OnceCell::new(),
        };
        for c in Cell::all(Shape::NINE) {
            let i = c.index();
            b.cand[i] = board.candidates(c).low_bits() as u16;
            if let Some(d) = board.value(c) {
                b.filled[i] = true;
                b.value[i] = d.index() as u8 + 1;
                b.filled_count += 1;
                for &h in &t.houses_of[i] {
                    b.placed[h as usize] |= 1 << d.index();
                    b.filled_in[h as usize] += 1;
                }
            }
        }
        Some(b)
    }

    /// Applies `step` as [`super::apply`] applies it to the board.
    pub(crate) fn apply(&mut self, step: &Step) {
        let t = tables();
        for p in &step.placements {
            let (c, d) = (p.cell.index(), p.digit.index());
            if self.filled[c] {
                continue;
            }
            self.filled[c] = true;
            self.value[c] = d as u8 + 1;
            self.filled_count += 1;
            self.cand[c] = 0;
            for &q in &t.peers[c] {
                self.cand[q as usize] &= !(1 << d);
            }
            for &h in &t.houses_of[c] {
                self.placed[h as usize] |= 1 << d;
                self.filled_in[h as usize] += 1;
            }
        }
        for e in &step.eliminations {
            self.cand[e.cell.index()] &= !(1 << e.digit.index());
        }
        self.pos = OnceCell::new();
        self.small = OnceCell::new();
    }

    /// Whether every cell is filled.
    pub(crate) fn is_solved(&self) -> bool {
        self.filled_count == 81
    }

    /// Brings `board`, the board these masks were made from, up to them (the steps applied
    /// here since, applied there too).
    pub(crate) fn write_to(&self, board: &mut Board) {
        let s = Shape::NINE;
        let mut grid = board.grid().clone();
        let mut marks = Candidates::none(s);
        for c in Cell::all(s) {
            let i = c.index();
            if self.value[i] != 0 && grid.get(c).is_none() {
                grid.set(c, Some(Digit::from_index(self.value[i] as usize - 1)));
            }
            marks.set(c, digits(self.cand[i]));
        }
        *board = Board::with_candidates(&grid, &marks);
    }

    /// The first step of `technique` (one of [`BASIC`]), as its general finder gives it.
    pub(crate) fn find(&self, technique: Technique) -> Option<Step> {
        use Technique::*;
        match technique {
            FullHouse => self.full_house(),
            NakedSingle => self.naked_single(),
            HiddenSingle => self.hidden_single(),
            LockedPair => self.locked_subset(2, technique),
            LockedTriple => self.locked_subset(3, technique),
            LockedCandidatesPointing => self.pointing(),
            LockedCandidatesClaiming => self.claiming(),
            NakedPair => self.naked_subset(2, technique),
            NakedTriple => self.naked_subset(3, technique),
            HiddenPair => self.hidden_subset(2, technique),
            HiddenTriple => self.hidden_subset(3, technique),
            _ => None,
        }
    }

    /// Whether no house of `cell` holds the digit `d` yet.
    fn placeable(&self, cell: u8, d: u32) -> bool {
        let h = &tables().houses_of[cell as usize];
        (self.placed[h[0] as usize] | self.placed[h[1] as usize] | self.placed[h[2] as usize])
            & (1 << d)
            == 0
    }

    fn single(technique: Technique, cell: u8, d: u32, house_index: Option<usize>) -> Step {
        Step {
            se_difficulty: None,
            technique,
            placements: vec![cand(cell, d)],
            eliminations: vec![],
            evidence: Evidence::Single {
                house: house_index.map(house),
            },
        }
    }

    fn full_house(&self) -> Option<Step> {
        let t = tables();
        for h in boxes_first().filter(|&h| self.filled_in[h] == 8) {
            let Some(&cell) = t.house[h].iter().find(|&&c| !self.filled[c as usize]) else {
                continue;
            };
            let missing = ALL & !self.placed[h];
            if missing.count_ones() != 1 {
                continue;
            }
            let d = missing.trailing_zeros();
            if self.cand[cell as usize] & (1 << d) != 0 && self.placeable(cell, d) {
                return Some(Basic9::single(Technique::FullHouse, cell, d, Some(h)));
            }
        }
        None
    }

    fn naked_single(&self) -> Option<Step> {
        (0..81u8).find_map(|c| {
            let m = self.cand[c as usize];
            let d = m.trailing_zeros();
            (!self.filled[c as usize] && m.count_ones() == 1 && self.placeable(c, d))
                .then(|| Basic9::single(Technique::NakedSingle, c, d, None))
        })
    }

    fn hidden_single(&self) -> Option<Step> {
        self.first_hidden_single()
            .map(|(cell, d, h)| Basic9::single(Technique::HiddenSingle, cell, d, Some(h)))
    }

    /// The first hidden single in scan order: its cell, digit and house.
    fn first_hidden_single(&self) -> Option<(u8, u32, usize)> {
        let t = tables();
        for h in boxes_first() {
            let (mut once, mut twice) = (0u16, 0u16);
            for &c in &t.house[h] {
                let m = self.cand[c as usize];
                twice |= once & m;
                once |= m;
            }
            for d in bits(once & !twice & !self.placed[h] & ALL) {
                let cell = *t.house[h]
                    .iter()
                    .find(|&&c| self.cand[c as usize] & (1 << d) != 0)
                    .expect("a place");
                if self.placeable(cell, d) {
                    return Some((cell, d, h));
                }
            }
        }
        None
    }

    /// Places digit `d` in the empty cell `c`, as a single's step does.
    fn place(&mut self, c: usize, d: u32) {
        let t = tables();
        self.filled[c] = true;
        self.value[c] = d as u8 + 1;
        self.filled_count += 1;
        self.cand[c] = 0;
        for &q in &t.peers[c] {
            self.cand[q as usize] &= !(1 << d);
        }
        for &h in &t.houses_of[c] {
            self.placed[h as usize] |= 1 << d;
            self.filled_in[h as usize] += 1;
        }
    }

    /// Places naked singles until none is left, and says how many. Taken one by one, first
    /// found first, they reach the same position whatever the order: placing one never
    /// stops another from being one (full houses are naked singles too).
    fn naked_closure(&mut self) -> u32 {
        let mut placed = 0;
        loop {
            let before = placed;
            for c in 0..81 {
                let m = self.cand[c];
                if !self.filled[c]
                    && m.count_ones() == 1
                    && self.placeable(c as u8, m.trailing_zeros())
                {
                    self.place(c, m.trailing_zeros());
                    placed += 1;
                }
            }
            if placed == before {
                return placed;
            }
        }
    }

    /// Whether no house holds a digit twice.
    fn consistent(&self) -> bool {
        (0..27).all(|h| self.placed[h].count_ones() == self.filled_in[h] as u32)
    }

    /// Walks the path of `sequence` (full house, naked single and hidden single, in that
    /// order, then other [`BASIC`] techniques) without making its steps, and says whether
    /// the grid got solved. `keep(technique, n)` sees `n` steps of `technique` (runs of full
    /// houses and naked singles come together, as naked singles, after they are placed);
    /// the walk stops when it says no. The steps the driver would take, in the same order,
    /// but the singles cost a few mask operations each instead of a search from the start
    /// and a [`Step`].
    pub(crate) fn walk(
        mut self,
        sequence: &[Technique],
        keep: &mut dyn FnMut(Technique, u32) -> bool,
    ) -> bool {
        debug_assert!(sequence.starts_with(&SINGLES));
        let rest = &sequence[SINGLES.len()..];
        if !self.consistent() {
            return false;
        }
        loop {
            let n = self.naked_closure();
            if n > 0 && !keep(Technique::NakedSingle, n) {
                return false;
            }
            if self.is_solved() {
                return true;
            }
            if let Some((cell, d, _)) = self.first_hidden_single() {
                if !keep(Technique::HiddenSingle, 1) {
                    return false;
                }
                self.place(cell as usize, d);
                continue;
            }
            self.pos = OnceCell::new();
            self.small = OnceCell::new();
            let Some((t, step)) = rest.iter().find_map(|&t| self.find(t).map(|s| (t, s))) else {
                return false;
            };
            if !keep(t, 1) {
                return false;
            }
            self.apply(&step);
        }
    }

    /// Each digit's places in each house, as position bits (computed once, when a technique
    /// beyond the singles asks).
    fn positions(&self) -> &[[u16; 9]; 27] {
        self.pos.get_or_init(|| {
            let t = tables();
            let mut pos = [[0u16; 9]; 27];
            for (h, cells) in t.house.iter().enumerate() {
                for (p, &c) in cells.iter().enumerate() {
                    for d in bits(self.cand[c as usize]) {
                        pos[h][d as usize] |= 1 << p;
                    }
                }
            }
            pos
        })
    }

    /// The cells of house `h` at the positions `mask`, in order.
    fn cells_at(h: usize, mask: u16) -> impl Iterator<Item = u8> {
        bits(mask).map(move |p| tables().house[h][p as usize])
    }

    fn pointing(&self) -> Option<Step> {
        let (t, s, pos) = (tables(), Shape::NINE, self.positions());
        for b in 0..9 {
            let origin = Cell::new(t.house[18 + b][0] as usize);
            let (r0, c0) = (origin.row(s).index(), origin.col(s).index());
            for (d, &m) in pos[18 + b].iter().enumerate() {
                if m.count_ones() < 2 {
                    continue;
                }
                let p0 = m.trailing_zeros() as usize;
                // The box's row `p0 / 3`, then its column `p0 % 3`; and where the box sits
                // in that line.
                let lines = [
                    (0b111 << (3 * (p0 / 3)), r0 + p0 / 3, 0b111 << c0),
                    (0b1001001 << (p0 % 3), 9 + c0 + p0 % 3, 0b111 << r0),
                ];
                for (in_box, li, box_part) in lines {
                    if m & !in_box != 0 {
                        continue;
                    }
                    let outside = pos[li][d] & !box_part;
                    if outside != 0 {
                        let cells: Vec<u8> = Basic9::cells_at(18 + b, m).collect();
                        let elims = Basic9::cells_at(li, outside)
                            .map(|c| cand(c, d as u32))
                            .collect();
                        return Some(intersection_step(
                            Technique::LockedCandidatesPointing,
                            d as u32,
                            b,
                            house(li),
                            &cells,
                            elims,
                        ));
                    }
                }
            }
        }
        None
    }

    fn claiming(&self) -> Option<Step> {
        let (t, pos) = (tables(), self.positions());
        for li in 0..18 {
            for (d, &m) in pos[li].iter().enumerate() {
                if m.count_ones() < 2 {
                    continue;
                }
                let third = 0b111 << (3 * (m.trailing_zeros() / 3));
                if m & !third != 0 {
                    continue;
                }
                let first = t.house[li][m.trailing_zeros() as usize];
                let b = t.block_of[first as usize] as usize;
                // Where the line crosses the box, as box positions: a row is a row of the
                // box, a column a column of it.
                let k = li % 9 % 3;
                let crossing = if li < 9 {
                    0b111 << (3 * k)
                } else {
                    0b1001001 << k
                };
                let outside = pos[18 + b][d] & !crossing;
                if outside != 0 {
                    let cells: Vec<u8> = Basic9::cells_at(li, m).collect();
                    let elims = Basic9::cells_at(18 + b, outside)
                        .map(|c| cand(c, d as u32))
                        .collect();
                    return Some(intersection_step(
                        Technique::LockedCandidatesClaiming,
                        d as u32,
                        b,
                        house(li),
                        &cells,
                        elims,
                    ));
                }
            }
        }
        None
    }

    /// The candidates of `mask` in `cells` outside `subset`, cell by cell.
    fn naked_eliminations(&self, cells: &[u8], subset: &[u8], mask: u16) -> Vec<Candidate> {
        let mut out = Vec::new();
        for &c in cells.iter().filter(|c| !subset.contains(c)) {
            out.extend(bits(self.cand[c as usize] & mask).map(|d| cand(c, d)));
        }
        out
    }

    /// Calls `found(subset, digits)` for every `k` (2 or 3) of the cells `pool` (empty,
    /// with two to `k` candidates each, as bits: in house order, since a house's cells
    /// come in increasing index order) whose candidates number `k` together, in
    /// lexicographic order, until `found` gives a step.
    fn naked_subsets(
        &self,
        pool: u128,
        k: usize,
        found: &mut dyn FnMut(&[u8], u16) -> Option<Step>,
    ) -> Option<Step> {
        let mut cells = [(0u8, 0u16); 9];
        let mut len = 0;
        let mut rest = pool;
        while rest != 0 {
            let c = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            cells[len] = (c, self.cand[c as usize]);
            len += 1;
        }
        let cells = &cells[..len];
        for (i, &(a, ma)) in cells.iter().enumerate() {
            for (j, &(b, mb)) in cells.iter().enumerate().skip(i + 1) {
                let u = ma | mb;
                if k == 2 {
                    if u.count_ones() == 2 {
                        if let Some(step) = found(&[a, b], u) {
                            return Some(step);
                        }
                    }
                    continue;
                }
                if u.count_ones() > 3 {
                    continue;
                }
                for &(c, mc) in &cells[j + 1..] {
                    if (u | mc).count_ones() == 3 {
                        if let Some(step) = found(&[a, b, c], u | mc) {
                            return Some(step);
                        }
                    }
                }
            }
        }
        None
    }

    /// The empty cells with two to `k` candidates: those a naked subset of size `k` is
    /// made of.
    fn small(&self, k: usize) -> u128 {
        let [two, three] = *self.small.get_or_init(|| {
            let (mut two, mut three) = (0u128, 0u128);
            for c in 0..81 {
                let n = self.cand[c].count_ones();
                if !self.filled[c] && n == 2 {
                    two |= 1 << c;
                } else if !self.filled[c] && n == 3 {
                    three |= 1 << c;
                }
            }
            [two, two | three]
        });
        if k == 2 {
            two
        } else {
            three
        }
    }

    fn locked_subset(&self, k: usize, technique: Technique) -> Option<Step> {
        let (t, s) = (tables(), Shape::NINE);
        let small = self.small(k);
        for b in 0..9 {
            if ((small & t.house_mask[18 + b]).count_ones() as usize) < k {
                continue;
            }
            let bcells = &t.house[18 + b];
            let origin = Cell::new(bcells[0] as usize);
            let (r0, c0) = (origin.row(s).index(), origin.col(s).index());
            let lines = (0..3)
                .map(|i| House::Row(Row::new(r0 + i)))
                .chain((0..3).map(|i| House::Col(Col::new(c0 + i))));
            for line in lines {
                let li = line.index(s);
                // The intersection of box and line.
                let bits = t.house_mask[18 + b] & t.house_mask[li];
                if ((small & bits).count_ones() as usize) < k {
                    continue;
                }
                let step = self.naked_subsets(small & bits, k, &mut |subset, mask| {
                    let in_box = self.naked_eliminations(bcells, subset, mask);
                    let mut elims: Vec<Candidate> = self
                        .naked_eliminations(&t.house[li], subset, mask)
                        .into_iter()
                        .filter(|e| t.block_of[e.cell.index()] as usize != b)
                        .collect();
                    if elims.is_empty() || in_box.is_empty() {
                        return None;
                    }
                    elims.extend(in_box);
                    elims.sort();
                    elims.dedup();
                    Some(subset_step(
                        technique,
                        vec![line, house(18 + b)],
                        subset,
                        mask,
                        elims,
                        false,
                    ))
                });
                if step.is_some() {
                    return step;
                }
            }
        }
        None
    }

    fn naked_subset(&self, k: usize, technique: Technique) -> Option<Step> {
        let t = tables();
        let small = self.small(k);
        (0..27).find_map(|h| {
            if ((small & t.house_mask[h]).count_ones() as usize) < k {
                return None;
            }
            let cells = &t.house[h];
            self.naked_subsets(small & t.house_mask[h], k, &mut |subset, mask| {
                let elims = self.naked_eliminations(cells, subset, mask);
                (!elims.is_empty())
                    .then(|| subset_step(technique, vec![house(h)], subset, mask, elims, false))
            })
        })
    }

    fn hidden_subset(&self, k: usize, technique: Technique) -> Option<Step> {
        let t = tables();
        for (h, places) in self.positions().iter().enumerate() {
            // Each digit's places in the house, as position bits.
            let mut pool = [(0u32, 0u16); 9];
            let mut len = 0;
            for d in bits(ALL & !self.placed[h]) {
                let pos = places[d as usize];
                if (2..=k as u32).contains(&pos.count_ones()) {
                    pool[len] = (d, pos);
                    len += 1;
                }
            }
            if len < k {
                continue;
            }
            let step = hidden_subsets(&pool[..len], k, &mut |digit_mask, pos| {
                let cells: Vec<u8> = bits(pos).map(|p| t.house[h][p as usize]).collect();
                let elims: Vec<Candidate> = cells
                    .iter()
                    .flat_map(|&c| {
                        bits(self.cand[c as usize] & !digit_mask).map(move |d| cand(c, d))
                    })
                    .collect();
                (!elims.is_empty()).then(|| {
                    subset_step(technique, vec![house(h)], &cells, digit_mask, elims, true)
                })
            });
            if step.is_some() {
                return step;
            }
        }
        None
    }
}

/// Calls `found(digits, positions)` for every `k` (2 or 3) digits of `pool` (digit,
/// places) whose places number `k` together, in lexicographic order, until `found` gives
/// a step.
fn hidden_subsets(
    pool: &[(u32, u16)],
    k: usize,
    found: &mut dyn FnMut(u16, u16) -> Option<Step>,
) -> Option<Step> {
    for (i, &(a, pa)) in pool.iter().enumerate() {
        for (j, &(b, pb)) in pool.iter().enumerate().skip(i + 1) {
            let u = pa | pb;
            let digits = 1 << a | 1 << b;
            if k == 2 {
                if u.count_ones() == 2 {
                    if let Some(step) = found(digits, u) {
                        return Some(step);
                    }
                }
                continue;
            }
            if u.count_ones() > 3 {
                continue;
            }
            for &(c, pc) in &pool[j + 1..] {
                if (u | pc).count_ones() == 3 {
                    if let Some(step) = found(digits | 1 << c, u | pc) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

fn intersection_step(
    technique: Technique,
    d: u32,
    b: usize,
    line: House,
    cells: &[u8],
    eliminations: Vec<Candidate>,
) -> Step {
    Step {
        se_difficulty: None,
        technique,
        placements: vec![],
        eliminations,
        evidence: Evidence::Intersection {
            digit: Digit::from_index(d as usize),
            block: Block::new(b),
            line,
            pointing: technique == Technique::LockedCandidatesPointing,
            cells: cells.iter().map(|&c| Cell::new(c as usize)).collect(),
        },
    }
}

fn subset_step(
    technique: Technique,
    houses: Vec<House>,
    cells: &[u8],
    mask: u16,
    eliminations: Vec<Candidate>,
    hidden: bool,
) -> Step {
    Step {
        se_difficulty: None,
        technique,
        placements: vec![],
        eliminations,
        evidence: Evidence::Subset {
            houses,
            cells: cells.iter().map(|&c| Cell::new(c as usize)).collect(),
            digits: digits(mask),
            hidden,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::{apply, registry, Context};
    use std::ops::ControlFlow;

    /// The first step the general finder of `t` gives.
    fn general(board: &Board, t: Technique) -> Option<Step> {
        let ctx = Context::new(board);
        let mut found = None;
        let _ = registry::finder(t).expect("implemented")(&ctx, t, &mut |s| {
            found = Some(s);
            ControlFlow::Break(())
        });
        found
    }

    fn check_walk(board: &mut Board, stats: &mut [usize; 11]) {
        let mut kept = Basic9::new(board).expect("9x9");
        let start = board.clone();
        loop {
            let fast = Basic9::new(board).expect("9x9");
            // Kept up to date step by step, the masks are those of the board.
            assert_eq!(
                (kept.cand, kept.filled, kept.placed),
                (fast.cand, fast.filled, fast.placed)
            );
            let mut next = None;
            for (i, &t) in BASIC.iter().enumerate() {
                let got = fast.find(t);
                assert_eq!(got, general(board, t), "{t:?} at {:?}", board.grid());
                if got.is_some() {
                    stats[i] += 1;
                    if next.is_none() {
                        next = got;
                    }
                }
            }
            match next {
                Some(step) if apply(board, &step) => kept.apply(&step),
                _ => break,
            }
        }
        // The masks, written back to the board they started from, give the board.
        let mut lagging = start;
        kept.write_to(&mut lagging);
        assert_eq!(&lagging, board);
    }

    #[test]
    fn agrees_with_the_general_finders() {
        let text = include_str!("../../../../testdata/logic/diabolical_300.txt");
        let mut stats = [0usize; 11];
        for line in text.lines().filter(|l| !l.starts_with('#')).take(60) {
            let Some(grid) = line
                .split_whitespace()
                .find(|t| t.len() == 81)
                .and_then(|p| Grid::from_line(p).ok())
            else {
                continue;
            };
            let mut board = Board::new(&grid);
            check_walk(&mut board, &mut stats);
            // A player's marks: every third candidate of the stalled position gone, which
            // leaves stale marks and placements the marks no longer allow.
            let mut k = 0;
            for c in Cell::all(Shape::NINE) {
                for d in board.candidates(c) {
                    k += 1;
                    if k % 3 == 0 {
                        board.eliminate(c, d);
                    }
                }
            }
            check_walk(&mut board, &mut stats);
        }
        // Every technique was met (the comparison covered found steps, not only misses).
        assert!(stats.iter().all(|&n| n > 0), "{stats:?}");
    }

    #[test]
    fn walk_scores_the_drivers_path() {
        use crate::logic::{LogicSolver, TechniqueSet};
        let singles: TechniqueSet = SINGLES.into_iter().collect();
        let basic: TechniqueSet = BASIC.iter().copied().collect();
        let solvers = [singles, basic].map(|set| LogicSolver::builder().techniques(set).build());
        let text = include_str!("../../../../testdata/rating/hodoku_generated.txt");
        let more = include_str!("../../../../testdata/logic/diabolical_300.txt");
        let (mut solved, mut medium) = (0, 0);
        for line in text.lines().chain(more.lines().take(30)) {
            let Some(grid) = line
                .split_whitespace()
                .find(|t| t.len() == 81)
                .and_then(|p| Grid::from_line(p).ok())
            else {
                continue;
            };
            for solver in &solvers {
                let path = solver.solve(&grid);
                let (mut score, mut beyond) = (0, false);
                let mut keep = |t: Technique, n: u32| {
                    score += n * t.hodoku().expect("a HoDoKu technique").base_score;
                    beyond |= !SINGLES.contains(&t);
                    true
                };
                let walked = solver.walk_basic(&Board::new(&grid), &mut keep);
                assert_eq!(walked, Some(path.solved), "{line}");
                assert_eq!(score, path.hodoku_score(), "{line}");
                solved += usize::from(path.solved);
                medium += usize::from(path.solved && beyond);
            }
        }
        // Solved paths, stalled ones, and solved paths with steps beyond the singles.
        assert!(
            solved > 300 && solved < 800 && medium > 30,
            "{solved} {medium}"
        );
    }
}
