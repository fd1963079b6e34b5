//! Steps and solve paths as the faces send them (JSON for `explain --json`, the web server
//! and Python): plain serialisable records with 1-based coordinates, the text already
//! rendered, and what a drawing needs (the cells, the chain links).

use super::step::{Evidence, Link, Node, Step};
use super::{SolvePath, Technique};
use crate::index::Candidate;
use crate::shape::Shape;
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
    pub fn new(shape: Shape, step: &Step) -> StepRecord {
        StepRecord {
            technique: step.technique.name(),
            code: step.technique.code(),
            placements: triples(shape, &step.placements),
            eliminations: triples(shape, &step.eliminations),
            text: step.text(shape),
            explanation: None,
            cells: None,
            links: None,
        }
    }

    /// The full record: the short one with the explanation, the cells and the links.
    pub fn full(shape: Shape, step: &Step) -> StepRecord {
        StepRecord {
            explanation: Some(step.explain(shape)),
            cells: Some(
                step.cells()
                    .into_iter()
                    .map(|c| cell_pair(shape, c))
                    .collect(),
            ),
            links: Some(
                step_links(step)
                    .into_iter()
                    .map(|l| LinkRecord {
                        from: node_record(shape, &l.from),
                        to: node_record(shape, &l.to),
                        strong: l.strong,
                    })
                    .collect(),
            ),
            ..StepRecord::new(shape, step)
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
    /// HoDoKu's score of the path.
    pub score: u32,
}

impl PathRecord {
    /// The record of `path` in a grid of `shape`.
    pub fn new(shape: Shape, path: &SolvePath) -> PathRecord {
        PathRecord {
            steps: path
                .steps
                .iter()
                .map(|s| StepRecord::new(shape, s))
                .collect(),
            solved: path.solved,
            used_backtracking: path.used_backtracking,
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
        self.solution()?;
        Ok(solver.solve_board(self.board().clone()))
    }
}

impl SolvePath {
    /// The one-line summary `explain` prints under a path: "solved by logic in 30 steps
    /// (HoDoKu score 1290)", where it guessed, or where it stalled (`backtracking` says
    /// whether brute force was allowed).
    pub fn summary(&self, shape: Shape, backtracking: bool) -> String {
        let guesses: Vec<String> = self
            .steps
            .iter()
            .filter(|s| s.technique == Technique::BruteForce)
            .flat_map(|s| {
                s.placements
                    .iter()
                    .map(|c| format!("{}={}", c.cell.name(shape), c.digit))
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
