//! Singles kept up to date step by step, for every shape but 9x9 (which has
//! [`super::basic9`]): full houses, naked and hidden singles.
//!
//! The general finders (`singles.rs`) scan the whole board through a fresh
//! [`super::Context`] at every step: its position table alone costs a pass over every
//! candidate, so a path of `k` steps costs `k` times the board. On the giant grids that is
//! most of a rating or an explanation, since nearly every step there is a single:
//! `rate` took 19 s on a generated 225x225 and had no answer for a 400x400 in minutes.
//!
//! Here what the singles depend on (the board's candidates, the places of each digit in
//! each house as position sets, the empty cells of each house) changes with each
//! placement and elimination, and
//! ordered sets hold the cells, houses and house-digits that are singles now. A step then
//! costs the peers of its cell (`3n`) and a few set operations instead of the board.
//!
//! The first step of each technique is **exactly** the general finder's: the sets are
//! ordered by the same scan (houses boxes first, then rows, then columns; digits
//! ascending; cells in index order), and each member is checked as the finder checks it
//! (its digit placeable, the house missing one digit). `tests` compare them on every
//! step of paths over several shapes.
//!
//! Depends on the step model and the grid model; nothing but the driver uses it.

use super::context::{Changed, Kept, FEW, FEW_CANDIDATES};
use super::singles::single;
use super::step::Step;
use super::technique::Technique;
use crate::grid::Board;
use crate::index::{Cell, Digit, House};
use crate::set::{DigitSet, PosSet};
use crate::shape::Shape;
use std::collections::BTreeSet;

/// The counts and sets of the singles of one board (see the module docs).
pub(crate) struct SinglesAny {
    /// The board, kept current: the driver takes it back when a general finder needs it.
    board: Board,
    shape: Shape,
    n: usize,
    /// The places of each digit in each house, laid out as [`super::Context`]'s position
    /// table (at `digit * 3n + house`, houses by [`House::index`]), which general finders
    /// borrow instead of building it.
    positions: Vec<PosSet>,
    /// The digits placed in each house, by [`House::index`], as [`super::Context`]'s
    /// table of them (which general finders borrow too).
    placed: Vec<DigitSet>,
    /// For each house, the digits with each count of places up to
    /// [`super::context::FEW`], at `house * (FEW + 1) + count`: a [`super::Context`]
    /// table too.
    few_places: Vec<DigitSet>,
    /// Empty cells of each house.
    empty_in: Vec<u32>,
    filled: usize,
    /// Houses with one empty cell, by scan rank (boxes, rows, columns).
    full: BTreeSet<u32>,
    /// Empty cells with one candidate, by index.
    naked: BTreeSet<u32>,
    /// `rank * n + digit` of each house and digit not placed there with one place left.
    hidden: BTreeSet<u64>,
    /// Steps applied so far, and for each digit the step that last took one of its
    /// candidates away (0: none since the start): what lets the driver skip the digits a
    /// finder saw without result and that lost nothing since ([`super::context::Changes`]).
    applied: u32,
    digit_changed: Vec<u32>,
    /// The same for each house and digit, laid out as `positions`...
    places_changed: Vec<u32>,
    /// ... each cell...
    cell_changed: Vec<u32>,
    /// ... and each cell left with few candidates ([`super::context::Changed::few`]).
    few_changed: Vec<u32>,
}

impl SinglesAny {
    /// The sets of `board`, for every shape but 9x9 (`None` there: [`super::basic9`]
    /// serves it).
    pub(crate) fn new(board: &Board) -> Option<SinglesAny> {
        let shape = board.shape();
        if shape.is_nine() {
            return None;
        }
        let n = shape.side();
        let hc = 3 * n;
        let mut s = SinglesAny {
            board: board.clone(),
            shape,
            n,
            positions: super::context::position_table(board),
            placed: vec![DigitSet::default(); hc],
            few_places: Vec::new(),
            empty_in: vec![0; hc],
            filled: 0,
            full: BTreeSet::new(),
            naked: BTreeSet::new(),
            hidden: BTreeSet::new(),
            applied: 0,
            digit_changed: vec![0; n],
            places_changed: vec![0; n * hc],
            cell_changed: vec![0; n * n],
            few_changed: vec![0; n * n],
        };
        for cell in Cell::all(shape) {
            let houses = cell.houses(shape).map(|h| h.index(shape));
            match board.value(cell) {
                Some(d) => {
                    s.filled += 1;
                    for h in houses {
                        s.placed[h].insert(d);
                    }
                }
                None => {
                    for h in houses {
                        s.empty_in[h] += 1;
                    }
                }
            }
            if board.value(cell).is_none() && board.candidates(cell).len() == 1 {
                s.naked.insert(cell.index() as u32);
            }
        }
        s.few_places = super::context::few_places_table(&s.positions, hc);
        for h in 0..hc {
            if s.empty_in[h] == 1 {
                s.full.insert(s.rank(h));
            }
            for d in 0..n {
                if s.positions[d * hc + h].len() == 1 && !s.placed[h].contains(Digit::from_index(d))
                {
                    s.hidden.insert(s.hidden_key(h, d));
                }
            }
        }
        Some(s)
    }

    /// The scan rank of house index `h`: boxes first, then rows, then columns.
    fn rank(&self, h: usize) -> u32 {
        ((h + self.n) % (3 * self.n)) as u32
    }

    /// The house index of scan rank `r`.
    fn house_of_rank(&self, r: usize) -> usize {
        (r + 2 * self.n) % (3 * self.n)
    }

    fn hidden_key(&self, h: usize, d: usize) -> u64 {
        u64::from(self.rank(h)) * self.n as u64 + d as u64
    }

    /// Applies `step` as [`super::apply`] applies it to a board; returns whether anything
    /// changed.
    pub(crate) fn apply(&mut self, step: &Step) -> bool {
        self.applied += 1;
        let mut changed = false;
        for p in &step.placements {
            if self.board.value(p.cell).is_none() {
                self.place(p.cell, p.digit);
                changed = true;
            }
        }
        for e in &step.eliminations {
            changed |= self.remove(e.cell, e.digit);
        }
        changed
    }

    /// Whether every cell is filled.
    pub(crate) fn is_solved(&self) -> bool {
        self.filled == self.shape.cell_count()
    }

    /// The tables of the board a [`super::Context`] of it borrows.
    pub(crate) fn tables(&self) -> Kept<'_> {
        Kept {
            positions: &self.positions,
            placed: &self.placed,
            few_places: &self.few_places,
        }
    }

    /// Steps applied so far, and where candidates last changed.
    pub(crate) fn changes(&self) -> (u32, Changed<'_>) {
        let changed = Changed {
            digits: &self.digit_changed,
            places: &self.places_changed,
            cells: &self.cell_changed,
            few: &self.few_changed,
        };
        (self.applied, changed)
    }

    /// The board, current.
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// Brings `board`, the board these sets were made from, up to them.
    pub(crate) fn write_to(&self, board: &mut Board) {
        board.clone_from(&self.board);
    }

    /// The first step of `technique` (a single), as its general finder gives it.
    pub(crate) fn find(&self, technique: Technique) -> Option<Step> {
        match technique {
            Technique::FullHouse => self.full_house(),
            Technique::NakedSingle => self.naked_single(),
            Technique::HiddenSingle => self.hidden_single(),
            _ => None,
        }
    }

    fn house(&self, h: usize) -> House {
        House::from_index(self.shape, h)
    }

    /// Whether no house of `cell` holds `digit` yet.
    fn placeable(&self, cell: Cell, digit: Digit) -> bool {
        cell.houses(self.shape)
            .iter()
            .all(|h| !self.placed[h.index(self.shape)].contains(digit))
    }

    fn full_house(&self) -> Option<Step> {
        self.full.iter().find_map(|&r| {
            let h = self.house_of_rank(r as usize);
            let house = self.house(h);
            if self.placed[h].len() + 1 != self.n {
                return None;
            }
            let cell = house
                .cells(self.shape)
                .find(|&c| self.board.value(c).is_none())?;
            let digit = Digit::all(self.shape).find(|&d| !self.placed[h].contains(d))?;
            (self.board.has(cell, digit) && self.placeable(cell, digit))
                .then(|| single(Technique::FullHouse, cell, digit, Some(house)))
        })
    }

    fn naked_single(&self) -> Option<Step> {
        self.naked.iter().find_map(|&c| {
            let cell = Cell::new(c as usize);
            let digit = self.board.candidates(cell).first()?;
            self.placeable(cell, digit)
                .then(|| single(Technique::NakedSingle, cell, digit, None))
        })
    }

    fn hidden_single(&self) -> Option<Step> {
        let n = self.n as u64;
        self.hidden.iter().find_map(|&key| {
            let h = self.house_of_rank((key / n) as usize);
            let digit = Digit::from_index((key % n) as usize);
            let house = self.house(h);
            let cell = house
                .cells(self.shape)
                .find(|&c| self.board.has(c, digit))?;
            self.placeable(cell, digit)
                .then(|| single(Technique::HiddenSingle, cell, digit, Some(house)))
        })
    }

    /// Places `digit` in empty `cell` as [`Board::place`] does, counting every candidate
    /// it takes away.
    fn place(&mut self, cell: Cell, digit: Digit) {
        for d in self.board.candidates(cell) {
            self.remove(cell, d);
        }
        for p in cell.peers(self.shape) {
            self.remove(p, digit);
        }
        self.board.place(cell, digit);
        self.filled += 1;
        self.naked.remove(&(cell.index() as u32));
        for house in cell.houses(self.shape) {
            let h = house.index(self.shape);
            self.empty_in[h] -= 1;
            match self.empty_in[h] {
                0 => self.full.remove(&self.rank(h)),
                1 => self.full.insert(self.rank(h)),
                _ => false,
            };
            if !self.placed[h].contains(digit) {
                self.placed[h].insert(digit);
                self.hidden.remove(&self.hidden_key(h, digit.index()));
            }
        }
    }

    /// Removes `digit` from the candidates of `cell`, if it is there (and says whether it
    /// was).
    fn remove(&mut self, cell: Cell, digit: Digit) -> bool {
        if !self.board.eliminate(cell, digit) {
            return false;
        }
        self.digit_changed[digit.index()] = self.applied;
        let c = cell.index();
        self.cell_changed[c] = self.applied;
        if self.board.value(cell).is_none() {
            let left = self.board.candidates(cell).len();
            if left <= FEW_CANDIDATES {
                self.few_changed[c] = self.applied;
            }
            match left {
                1 => self.naked.insert(c as u32),
                0 => self.naked.remove(&(c as u32)),
                _ => false,
            };
        }
        let (n, (br, bc)) = (self.n, (self.shape.box_rows(), self.shape.box_cols()));
        let (r, col) = (c / n, c % n);
        let base = digit.index() * 3 * n;
        self.positions[base + r].remove(col);
        self.positions[base + n + col].remove(r);
        self.positions[base + 2 * n + cell.block(self.shape).index()]
            .remove((r % br) * bc + col % bc);
        for house in cell.houses(self.shape) {
            let h = house.index(self.shape);
            self.places_changed[base + h] = self.applied;
            let left = self.positions[base + h].len();
            if left < FEW {
                self.few_places[h * (FEW + 1) + left + 1].remove(digit);
            }
            if left <= FEW {
                self.few_places[h * (FEW + 1) + left].insert(digit);
            }
            let key = self.hidden_key(h, digit.index());
            match left {
                1 if !self.placed[h].contains(digit) => self.hidden.insert(key),
                0 => self.hidden.remove(&key),
                _ => false,
            };
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::index::Candidate;
    use crate::logic::context;
    use crate::logic::{Context, LogicSolver, Order};
    use std::ops::ControlFlow;

    /// The general finder's first step of `t` on `board`.
    fn general(board: &Board, t: Technique) -> Option<Step> {
        let ctx = Context::new(board);
        let mut found = None;
        let _ = super::super::singles::find(&ctx, t, &mut |s| {
            found = Some(s);
            ControlFlow::Break(())
        });
        found
    }

    /// Along the HoDoKu and Explainer paths of puzzles of several shapes (and of pencil
    /// marks with digits missing), the sets give each single's first step exactly as the
    /// general finder does, at every step.
    #[test]
    fn agrees_with_the_general_finders_along_paths() {
        let puzzles = [
            // 4x4, 6x6 in 2x3 and 3x2 boxes, 8x8, 12x12, 16x16.
            ("1...........4..2", None),
            ("1.....4..2....3..4....5..6....1.....", None),
            ("1.....4..2....3..4....5..6....1.....", Some((3, 2))),
        ];
        let mut grids: Vec<Grid> = puzzles
            .iter()
            .map(|(line, boxes)| {
                let opts = crate::format::ReadOptions {
                    shape: boxes.map(|(r, c)| Shape::new(r, c).expect("a shape")),
                    ..Default::default()
                };
                crate::format::Reader::new(line.as_bytes(), "", opts)
                    .next()
                    .expect("a record")
                    .expect("a test grid")
                    .grid
            })
            .collect();
        for (r, c, seed) in [(2, 4, 1), (3, 4, 2), (4, 3, 3), (4, 4, 4), (3, 5, 5)] {
            let shape = Shape::new(r, c).expect("a shape");
            let g = crate::generate::Generator::new(shape)
                .seed(seed)
                .givens(shape.cell_count() * 2 / 5..=shape.cell_count() / 2)
                .generate(0)
                .expect("a puzzle");
            grids.push(g.puzzle);
        }
        let mut compared = 0;
        for g in &grids {
            for order in [Order::Hodoku, Order::Explainer] {
                let solver = LogicSolver::builder().order(order).build();
                let mut board = Board::new(g);
                let mut fast = SinglesAny::new(&board).expect("not 9x9");
                loop {
                    for t in [
                        Technique::FullHouse,
                        Technique::NakedSingle,
                        Technique::HiddenSingle,
                    ] {
                        assert_eq!(
                            fast.find(t),
                            general(&board, t),
                            "{t:?} on {:?}",
                            g.values()
                        );
                        compared += 1;
                    }
                    let Some(step) = solver.next_step(&board) else {
                        break;
                    };
                    assert!(super::super::apply(&mut board, &step));
                    fast.apply(&step);
                    assert_eq!(fast.is_solved(), board.is_solved());
                    let (kept, table) = (fast.tables(), context::position_table(&board));
                    assert!(kept.positions == table);
                    assert!(
                        kept.few_places
                            == context::few_places_table(&table, g.shape().house_count())
                    );
                    let ctx = Context::new(&board);
                    assert!(ctx
                        .houses()
                        .all(|h| kept.placed[h.index(g.shape())] == ctx.placed(h)));
                }
                let mut back = Board::new(g);
                fast.write_to(&mut back);
                assert_eq!(back.grid(), board.grid());
            }
        }
        assert!(compared > 1000, "{compared} comparisons");
    }

    /// A board whose marks leave a digit with no place, and a cell whose only mark is a
    /// digit its row already holds (pencil marks read from a file): the general finder
    /// skips both, and so do the sets.
    #[test]
    fn skips_what_the_general_finder_skips() {
        let g = Grid::from_line("1...............").expect("a 4x4");
        let shape = g.shape();
        let mut marks = crate::grid::Candidates::from_grid(&g);
        // r1c2 keeps only 1, which r1c1 holds.
        let c = Cell::new(1);
        for d in Digit::all(shape).skip(1) {
            marks.remove(Candidate::new(c, d));
        }
        marks.insert(Candidate::new(c, Digit::from_index(0)));
        let board = Board::with_candidates(&g, &marks);
        let fast = SinglesAny::new(&board).expect("4x4");
        for t in [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingle,
        ] {
            assert_eq!(fast.find(t), general(&board, t), "{t:?}");
        }
    }
}
