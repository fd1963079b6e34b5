//! Steps and solve paths as the faces send them (JSON for `explain --json`, the web server
//! and Python): plain serialisable records with 1-based coordinates, the text already
//! rendered, and what a drawing needs (the cells, the chain links).

use super::step::{AlsSet, Evidence, FishEvidence, Link, Node, Step};
use super::{SolvePath, Technique};
use crate::grid::Board;
use crate::index::{Candidate, Cell, House};
use crate::set::DigitSet;
use crate::shape::Shape;
use crate::symbols::Notation;
use serde::Serialize;

/// A candidate as `[row, col, digit]`, 1-based.
pub type Triple = [usize; 3];

/// `[[row, col, digit], …]`, 1-based.
pub fn triples(shape: Shape, cands: &[Candidate]) -> Vec<Triple> {
    cands.iter().map(|c| c.triple(shape)).collect()
}

/// One end of a link, for drawing: a digit in one cell, or in several (a group node).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeRecord {
    /// The digit, 1-based.
    pub digit: usize,
    /// `[row, col]` pairs, 1-based.
    pub cells: Vec<[usize; 2]>,
}

/// A link of a chain, for drawing: strong (an arrow "if not this then that") or weak.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkRecord {
    /// Where the link starts.
    pub from: NodeRecord,
    /// Where it ends.
    pub to: NodeRecord,
    /// Strong or weak.
    pub strong: bool,
}

/// One step as data: what the CLI's `explain --json` writes per step (`technique`, `code`,
/// `placements`, `eliminations`, `text`), and with [`StepRecord::full`] the explanation
/// and what a drawing needs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepRecord {
    /// "Hidden Single".
    pub technique: &'static str,
    /// "h1".
    pub code: &'static str,
    /// Digits placed, `[row, col, digit]`, 1-based.
    pub placements: Vec<Triple>,
    /// Candidates removed, `[row, col, digit]`, 1-based.
    pub eliminations: Vec<Triple>,
    /// The one-line text: "Hidden Single: r4c2=7".
    pub text: String,
    /// The plain-language explanation (only in full records).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// The cells the step touches, `[row, col]`, 1-based (only in full records).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<[usize; 2]>>,
    /// The links of its chains, in order (only in full records; empty when it has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub links: Option<Vec<LinkRecord>>,
    /// What to draw on the position the step was found in (only in drawn records,
    /// [`StepRecord::drawn`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawRecord>,
}

fn cell_pair(shape: Shape, c: crate::index::Cell) -> [usize; 2] {
    [c.row(shape).number(), c.col(shape).number()]
}

fn node_record(shape: Shape, n: &Node) -> NodeRecord {
    NodeRecord {
        digit: n.digit().get(),
        cells: n.cells().iter().map(|&c| cell_pair(shape, c)).collect(),
    }
}

fn link_record(shape: Shape, l: &Link) -> LinkRecord {
    LinkRecord {
        from: node_record(shape, &l.from),
        to: node_record(shape, &l.to),
        strong: l.strong,
    }
}

/// The links a drawing of `step` shows: a chain's, or every branch of a forcing chain or
/// kraken fish, one after the other.
pub fn step_links(step: &Step) -> Vec<&Link> {
    match &step.evidence {
        Evidence::Chain { links } => links.iter().collect(),
        Evidence::Forcing { branches, .. } => branches.iter().flatten().collect(),
        Evidence::Kraken(k) => k.branches.iter().flatten().collect(),
        _ => Vec::new(),
    }
}

impl StepRecord {
    /// The short record of `step` (technique, code, placements, eliminations, text).
    ///
    /// ```
    /// use sudoku::{logic::{LogicSolver, StepRecord}, Board, Grid};
    /// let g = Grid::from_line(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let step = LogicSolver::new().next_step(&Board::new(&g)).ok_or("no step")?;
    /// let r = StepRecord::new(g.shape(), &step);
    /// assert_eq!(r.placements.len(), 1);
    /// assert!(serde_json::to_string(&r)?.contains("\"technique\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(n: impl Into<Notation>, step: &Step) -> StepRecord {
        let n = n.into();
        let shape = n.shape;
        StepRecord {
            technique: step.technique.name(),
            code: step.technique.code(),
            placements: triples(shape, &step.placements),
            eliminations: triples(shape, &step.eliminations),
            text: step.text(n),
            explanation: None,
            cells: None,
            links: None,
            draw: None,
        }
    }

    /// The full record: the short one with the explanation, the cells and the links.
    pub fn full(n: impl Into<Notation>, step: &Step) -> StepRecord {
        let n = n.into();
        let shape = n.shape;
        StepRecord {
            explanation: Some(step.explain(n)),
            cells: Some(
                step.cells()
                    .into_iter()
                    .map(|c| cell_pair(shape, c))
                    .collect(),
            ),
            links: Some(
                step_links(step)
                    .into_iter()
                    .map(|l| link_record(shape, l))
                    .collect(),
            ),
            ..StepRecord::new(n, step)
        }
    }

    /// The full record with its drawing on `board`, the position `step` was found in.
    ///
    /// ```
    /// use sudoku::{logic::{LogicSolver, Role, StepRecord}, Board, Grid};
    /// let g = Grid::from_line(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let board = Board::new(&g);
    /// let step = LogicSolver::new().next_step(&board).unwrap();
    /// let draw = StepRecord::drawn(&board, &step).draw.unwrap();
    /// assert!(draw.houses.iter().all(|h| h.role == Role::House));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn drawn(board: &Board, step: &Step) -> StepRecord {
        StepRecord::drawn_in(board.shape().into(), board, step)
    }

    /// [`StepRecord::drawn`] with its text in notation `n` (the puzzle's symbols).
    pub fn drawn_in(n: Notation, board: &Board, step: &Step) -> StepRecord {
        StepRecord {
            draw: Some(DrawRecord::new(board, step)),
            ..StepRecord::full(n, step)
        }
    }
}

/// The part a cell, candidate or house plays in a drawing of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The pattern itself (a subset's cells, a fish's base candidates, a chain's nodes).
    Pattern,
    /// The house that makes a single or holds a subset.
    House,
    /// A fish's base sets, the box of locked candidates.
    Base,
    /// A fish's cover sets, the line of locked candidates.
    Cover,
    /// A fish's fins, a uniqueness pattern's extra candidates.
    Fin,
    /// A wing's pivot, an ALS chain's stem.
    Pivot,
    /// The cells of a uniqueness pattern's subset.
    Subset,
    /// Candidates a direct hint clears from its house.
    Off,
    /// Candidates a forcing chain or kraken fish assumes true.
    On,
    /// The nodes of a forcing chain's branches.
    Chain,
    /// The first of the two colours of colouring and Medusa.
    Color0,
    /// The second colour of colouring and Medusa.
    Color1,
    /// The first set of an ALS step, Sue de Coq's line set, aligned exclusion's first
    /// excluding cell (the sets take these roles by turns).
    Set0,
    /// The second set (Sue de Coq's box set).
    Set1,
    /// The third set.
    Set2,
    /// The fourth set.
    Set3,
}

const SET_ROLES: [Role; 4] = [Role::Set0, Role::Set1, Role::Set2, Role::Set3];

/// A house in a drawing: `kind` is `row`, `col` or `box`, `n` 1-based.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HouseRecord {
    /// `row`, `col` or `box`.
    pub kind: &'static str,
    /// The house's number, 1-based.
    pub n: usize,
    /// What the house is to the step.
    pub role: Role,
}

/// What a drawing of one step shows, collected from its evidence: cells `[row, col, role]`,
/// candidates `[row, col, digit, role]` (only those still on the board), houses and links.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DrawRecord {
    /// Cells as `[row, col, role]`, 1-based.
    pub cells: Vec<(usize, usize, Role)>,
    /// Candidates as `[row, col, digit, role]`, 1-based, only those still on the board.
    pub candidates: Vec<(usize, usize, usize, Role)>,
    /// The houses the step works in.
    pub houses: Vec<HouseRecord>,
    /// The links of a chain, in order.
    pub links: Vec<LinkRecord>,
}

impl DrawRecord {
    /// The drawing of `step` on `board`, the position it was found in.
    pub fn new(board: &Board, step: &Step) -> DrawRecord {
        let mut d = Drawing {
            board,
            out: DrawRecord::default(),
        };
        d.evidence(&step.evidence);
        d.out
    }
}

/// The drawing being collected.
struct Drawing<'a> {
    board: &'a Board,
    out: DrawRecord,
}

impl Drawing<'_> {
    fn shape(&self) -> Shape {
        self.board.shape()
    }
    fn cell(&mut self, cell: Cell, role: Role) {
        let [r, c] = cell_pair(self.shape(), cell);
        self.out.cells.push((r, c, role));
    }
    fn cand(&mut self, c: Candidate, role: Role) {
        // Only what the position shows: a pattern's digits in its cells that are still there.
        if self.board.value(c.cell).is_none() && self.board.has(c.cell, c.digit) {
            let [r, col, d] = c.triple(self.shape());
            self.out.candidates.push((r, col, d, role));
        }
    }
    fn cands(&mut self, cells: &[Cell], digits: DigitSet, role: Role) {
        for &cell in cells {
            for d in digits.iter() {
                self.cand(Candidate::new(cell, d), role);
            }
        }
    }
    fn cells(&mut self, cells: &[Cell], role: Role) {
        for &c in cells {
            self.cell(c, role);
        }
    }
    /// A pattern's own cells and digits, then each set beside it in a role of its own
    /// (Sue de Coq's line and box sets, aligned exclusion's excluding cells).
    fn pattern_and_sets<'s>(
        &mut self,
        cells: &[Cell],
        digits: DigitSet,
        sets: impl IntoIterator<Item = &'s AlsSet>,
    ) {
        self.cells(cells, Role::Pattern);
        self.cands(cells, digits, Role::Pattern);
        self.sets(sets);
    }
    fn sets<'s>(&mut self, sets: impl IntoIterator<Item = &'s AlsSet>) {
        for (i, g) in sets.into_iter().enumerate() {
            self.cells(&g.cells, SET_ROLES[i % 4]);
            self.cands(&g.cells, g.digits, SET_ROLES[i % 4]);
        }
    }
    fn house(&mut self, h: House, role: Role) {
        let (kind, n) = match h {
            House::Row(r) => ("row", r.number()),
            House::Col(c) => ("col", c.number()),
            House::Block(b) => ("box", b.number()),
        };
        self.out.houses.push(HouseRecord { kind, n, role });
    }
    fn links(&mut self, links: &[Link], role: Role) {
        let shape = self.shape();
        for l in links {
            for n in [&l.from, &l.to] {
                for &cell in n.cells() {
                    self.cand(Candidate::new(cell, n.digit()), role);
                }
            }
            self.out.links.push(link_record(shape, l));
        }
    }
    fn fish(&mut self, f: &FishEvidence) {
        let digit = DigitSet::single(f.digit);
        for &h in &f.base {
            self.house(h, Role::Base);
            let cells: Vec<Cell> = h.cells(self.shape()).collect();
            self.cands(&cells, digit, Role::Pattern);
        }
        for &h in &f.cover {
            self.house(h, Role::Cover);
        }
        for &c in f.fins.iter().chain(&f.endo_fins) {
            self.cell(c, Role::Fin);
            self.cand(Candidate::new(c, f.digit), Role::Fin);
        }
    }
    fn evidence(&mut self, e: &Evidence) {
        match e {
            Evidence::Single { house } => {
                if let Some(h) = house {
                    self.house(*h, Role::House);
                }
            }
            Evidence::Direct {
                via,
                house,
                cleared,
            } => {
                self.evidence(via);
                self.house(*house, Role::House);
                for &c in cleared {
                    self.cand(c, Role::Off);
                }
            }
            Evidence::Intersection {
                digit,
                block,
                line,
                cells,
                ..
            } => {
                self.house(House::Block(*block), Role::Base);
                self.house(*line, Role::Cover);
                self.cands(cells, DigitSet::single(*digit), Role::Pattern);
            }
            Evidence::Subset {
                houses,
                cells,
                digits,
                ..
            } => {
                for &h in houses {
                    self.house(h, Role::House);
                }
                self.cells(cells, Role::Pattern);
                self.cands(cells, *digits, Role::Pattern);
            }
            Evidence::Fish(f) => self.fish(f),
            Evidence::Kraken(k) => {
                self.fish(&k.fish);
                for &p in &k.premise {
                    self.cand(p, Role::On);
                }
                for b in &k.branches {
                    self.links(b, Role::Chain);
                }
            }
            Evidence::SingleDigit {
                digit,
                cells,
                houses,
                links,
            } => {
                for &h in houses {
                    self.house(h, Role::House);
                }
                self.cands(cells, DigitSet::single(*digit), Role::Pattern);
                self.links(links, Role::Pattern);
            }
            Evidence::Wing {
                digits,
                pivot,
                pincers,
                links,
                ..
            } => {
                if let Some(p) = pivot {
                    self.cell(*p, Role::Pivot);
                    self.cands(&[*p], *digits, Role::Pattern);
                }
                self.cells(pincers, Role::Pattern);
                self.cands(pincers, *digits, Role::Pattern);
                self.links(links, Role::Pattern);
            }
            Evidence::Uniqueness {
                digits,
                cells,
                extra,
                subset,
            } => {
                self.cells(cells, Role::Pattern);
                self.cands(cells, *digits, Role::Pattern);
                for &c in extra {
                    self.cand(c, Role::Fin);
                }
                self.cells(subset, Role::Subset);
            }
            Evidence::Coloring { digit, colors } => {
                for pair in colors {
                    self.cands(&pair[0], DigitSet::single(*digit), Role::Color0);
                    self.cands(&pair[1], DigitSet::single(*digit), Role::Color1);
                }
            }
            Evidence::Medusa { colors, .. } => {
                for (side, role) in colors.iter().zip([Role::Color0, Role::Color1]) {
                    for &c in side {
                        self.cand(c, role);
                    }
                }
            }
            Evidence::Chain { links } => self.links(links, Role::Pattern),
            Evidence::Als { sets, stem, .. } => {
                self.sets(sets);
                if let Some(c) = stem {
                    self.cell(*c, Role::Pivot);
                }
            }
            Evidence::SueDeCoq {
                cells,
                digits,
                line,
                block,
            } => self.pattern_and_sets(cells, *digits, [line, block]),
            Evidence::AlignedExclusion {
                cells,
                digits,
                excluders,
            } => self.pattern_and_sets(cells, *digits, excluders),
            Evidence::Forcing {
                premise, branches, ..
            } => {
                for &p in premise {
                    self.cand(p, Role::On);
                }
                for b in branches {
                    self.links(b, Role::Chain);
                }
            }
            Evidence::Template { .. } | Evidence::BruteForce => {}
        }
    }
}

/// An explained solve path as data: what `explain --json` writes per puzzle besides the
/// puzzle itself.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PathRecord {
    /// The steps, short records ([`StepRecord::new`]).
    pub steps: Vec<StepRecord>,
    /// Whether the grid was completed.
    pub solved: bool,
    /// Whether a step is brute force (backtracking).
    pub used_backtracking: bool,
    /// Whether the time limit cut the path short (`solved` is then false, as when the
    /// techniques stall).
    pub timed_out: bool,
    /// HoDoKu's score of the path.
    pub score: u32,
}

impl PathRecord {
    /// The record of `path` in a grid of `shape`.
    pub fn new(n: impl Into<Notation>, path: &SolvePath) -> PathRecord {
        let n = n.into();
        PathRecord {
            steps: path.steps.iter().map(|s| StepRecord::new(n, s)).collect(),
            solved: path.solved,
            used_backtracking: path.used_backtracking,
            timed_out: path.timed_out,
            score: path.hodoku_score(),
        }
    }
}

impl super::Position {
    /// The explained path from this position with `solver`, or what is wrong with the
    /// puzzle when its givens have not exactly one solution (no path means anything then).
    /// [`PathRecord::new`] turns it into data, [`SolvePath::summary`] into its last line.
    ///
    /// ```
    /// use sudoku::{format, logic::{LogicSolver, Order, PathRecord, Position}};
    /// let puzzle = format::Puzzle::new(format::parse_line(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?);
    /// let solver = LogicSolver::for_faces(Order::Hodoku, None, true)?;
    /// let path = Position::from_puzzle(&puzzle).explain(&solver)?;
    /// let record = PathRecord::new(puzzle.shape(), &path);
    /// assert!(record.solved && !record.used_backtracking);
    /// assert!(path.summary(puzzle.shape(), true).starts_with("solved by logic"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain(&self, solver: &super::LogicSolver) -> Result<SolvePath, super::Problem> {
        self.explain_until(solver, None)
    }

    /// [`explain`](Self::explain) with a deadline: the path found by then, marked `timed_out`.
    /// The uniqueness check before it ends at the deadline too, with [`super::Problem::timeout`]:
    /// on a giant grid near the hardness peak it can take longer than the path.
    ///
    /// A position whose placed digits or pencil marks contradict the puzzle's solution
    /// has no path: it is `none` from there, with the first mistake named (a hint points
    /// it out the same way; `solve` answers for the puzzle, its givens).
    pub fn explain_until(
        &self,
        solver: &super::LogicSolver,
        deadline: Option<std::time::Instant>,
    ) -> Result<SolvePath, super::Problem> {
        self.explain_stopping(
            solver,
            &deadline.map_or_else(crate::Stop::never, crate::Stop::at),
        )
    }

    /// [`explain_until`](Self::explain_until) with a [`crate::Stop`]: the path and the
    /// uniqueness check end once it is reached (its deadline, a cancel, an interrupt).
    pub fn explain_stopping(
        &self,
        solver: &super::LogicSolver,
        stop: &crate::Stop,
    ) -> Result<SolvePath, super::Problem> {
        let solution = self.solution_until(stop)?;
        let mistakes = self.mistakes(&solution);
        if !mistakes.is_empty() {
            // The clause a full hint makes its sentence of, after the verdict.
            let why = super::explain::mistakes_clause(self.notation(), &mistakes);
            return Err(super::Problem {
                status: "none",
                message: format!("no solution from this position: {why}"),
            });
        }
        Ok(solver.solve_board_stopping(self.board().clone(), stop))
    }
}

impl SolvePath {
    /// The one-line summary `explain` prints under a path: "solved by logic in 30 steps
    /// (HoDoKu score 1290)", where it guessed, or where it stalled (`backtracking` says
    /// whether brute force was allowed).
    pub fn summary(&self, n: impl Into<Notation>, backtracking: bool) -> String {
        let n = n.into();
        let guesses: Vec<String> = self
            .steps
            .iter()
            .filter(|s| s.technique == Technique::BruteForce)
            .flat_map(|s| {
                s.placements
                    .iter()
                    .map(move |c| format!("{}={}", c.cell.name(n.shape), n.digit(c.digit)))
            })
            .collect();
        let brute = guesses.len();
        match (self.solved, self.used_backtracking) {
            (true, false) => format!(
                "solved by logic in {} steps (HoDoKu score {})",
                self.steps.len(),
                self.hodoku_score()
            ),
            (true, true) => format!(
                "solved in {} steps, {brute} of them by brute force (backtracking), at {}",
                self.steps.len(),
                guesses.join(", ")
            ),
            (false, _) if self.timed_out => format!(
                "not solved: the time limit (--max-time) came after {} steps, {} cells left",
                self.steps.len(),
                self.board.empty_cells().count()
            ),
            (false, _) => format!(
                "not solved: stalled after {} steps, {} cells left (no technique in use applies{})",
                self.steps.len(),
                self.board.empty_cells().count(),
                if backtracking {
                    ""
                } else {
                    "; brute force off"
                }
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::logic::{LogicSolver, Position};

    /// An X-Wing comes on this one's HoDoKu path.
    const FISH: &str =
        "9..............7.37...962486...2.47.........5....4...642...86..5.71.......1.....2";

    #[test]
    fn a_fish_is_drawn_with_its_sets_on_its_own_position() {
        let grid = Grid::from_line(FISH).unwrap();
        let mut board = Board::new(&grid);
        let path = LogicSolver::new().solve_board(board.clone());
        let mut seen = false;
        for step in &path.steps {
            if let Evidence::Fish(f) = &step.evidence {
                let draw = StepRecord::drawn(&board, step).draw.unwrap();
                let count = |role| draw.houses.iter().filter(|h| h.role == role).count();
                assert_eq!(
                    (count(Role::Base), count(Role::Cover)),
                    (f.base.len(), f.cover.len())
                );
                assert!(!draw.candidates.is_empty());
                for &(r, c, d, _) in &draw.candidates {
                    let cell = Cell::new((r - 1) * 9 + c - 1);
                    let digit = crate::index::Digit::new(d);
                    assert!(board.value(cell).is_none() && board.has(cell, digit));
                }
                let json = serde_json::to_value(&draw).unwrap();
                assert_eq!(json["houses"][0]["role"], "base");
                seen = true;
            }
            crate::logic::apply(&mut board, step);
        }
        assert!(seen, "no fish on the path: the test proves nothing");
    }

    #[test]
    fn drawn_is_full_with_a_drawing() {
        let grid = Grid::from_line(FISH).unwrap();
        let board = Board::new(&grid);
        let step = LogicSolver::new().next_step(&board).unwrap();
        let drawn = StepRecord::drawn(&board, &step);
        assert_eq!(
            StepRecord {
                draw: None,
                ..drawn.clone()
            },
            StepRecord::full(grid.shape(), &step)
        );
        let json = serde_json::to_value(&drawn).unwrap();
        assert!(json["draw"]["cells"].is_array() && json["draw"]["links"].is_array());
        assert!(serde_json::to_value(StepRecord::full(grid.shape(), &step))
            .unwrap()
            .get("draw")
            .is_none());
        let pos = Position::new(&grid, None);
        let stop = crate::stop::Stop::never();
        assert_eq!(pos.solution_until(&stop), pos.solution());
    }
}
