//! Graded hints, from a nudge to the step in full ([`HintLevel`]), for every face: the
//! CLI's `hint`, the game, the web server and Python. Mistakes against the solution come
//! first, since no logic is sound on top of them; a solved board says so.

use super::explain::mistake_text;
use super::position::{Mistake, MistakeRecord, Position, Problem};
use super::record::StepRecord;
use super::step::{HintLevel, Step};
use super::{se_chains, LogicSolver, Order, TechniqueSet};
use crate::grid::Grid;
use crate::stop::Stop;
use serde::Serialize;

/// What faces add to an order's default techniques when the user names none: SE's Dynamic
/// (+) and nested forcing chains before brute force, so that no puzzle we know needs
/// guessing.
pub const FACE_EXTRA_TECHNIQUES: &str = "+dfc+,+nfc2";

impl Order {
    /// Parses an order name, with the error message the faces show.
    ///
    /// ```
    /// use sudoku::logic::Order;
    /// assert_eq!(Order::parse("se"), Ok(Order::Explainer));
    /// assert!(Order::parse("x").unwrap_err().contains("hodoku or explainer"));
    /// ```
    pub fn parse(s: &str) -> Result<Order, String> {
        Order::from_name(s).ok_or_else(|| format!("unknown order {s:?}; use hodoku or explainer"))
    }
}

impl LogicSolver {
    /// The solver the faces use for hints and explained paths: `order`, the techniques of
    /// `list` (as `--techniques` takes them, applied to the order's defaults) or else the
    /// order's defaults plus [`FACE_EXTRA_TECHNIQUES`], and brute force as the last resort
    /// when `backtracking`. The error names what in `list` is unknown.
    ///
    /// ```
    /// use sudoku::logic::{LogicSolver, Order};
    /// let s = LogicSolver::for_faces(Order::Hodoku, None, false)?;
    /// assert_eq!(s.order(), Order::Hodoku);
    /// assert!(LogicSolver::for_faces(Order::Hodoku, Some("no-such"), false).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn for_faces(
        order: Order,
        list: Option<&str>,
        backtracking: bool,
    ) -> Result<LogicSolver, String> {
        let list = list.unwrap_or(FACE_EXTRA_TECHNIQUES);
        let set = TechniqueSet::parse_with_base(list, order.default_techniques())?;
        Ok(LogicSolver::builder()
            .order(order)
            .techniques(set)
            .backtracking(backtracking)
            .build())
    }
}

/// What a hint found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HintKind {
    /// The position has mistakes (the hint points out the first).
    Mistake,
    /// The board is solved.
    Solved,
    /// The next step.
    Step,
    /// No step: the techniques in use stall (or the marks leave no solution).
    Stuck,
}

/// A graded hint: the sentence for its level, and the data behind it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// What was found.
    pub kind: HintKind,
    /// The sentence at the level asked for: "Look at row 4 for a Hidden Single.", the
    /// step's text and explanation in full, or the mistake.
    pub hint: String,
    /// Whether the board is solved.
    pub solved: bool,
    /// Every mistake against the solution, in cell order (the hint names the first).
    pub mistakes: Vec<MistakeRecord>,
    /// The step's technique, when a step was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technique: Option<&'static str>,
    /// The step's technique code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    /// The step in full ([`StepRecord::full`]), at [`HintLevel::Full`] only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepRecord>,
    /// The step itself, for callers that apply or draw it.
    #[serde(skip)]
    pub found: Option<Step>,
}

impl Hint {
    /// Whether the answer is a negative one (mistakes, or no step): the CLI's exit 1.
    pub fn is_negative(&self) -> bool {
        matches!(self.kind, HintKind::Mistake | HintKind::Stuck)
    }
}

/// A hint at every grade at once, for a face that reveals them in turn (the web server's
/// `/api/hint`): `vague` names the technique (or that something is wrong), `concrete` says
/// where to look (or which cell is wrong), `step` is the step in full with its drawing.
/// Fields that do not apply to the `kind` are left out.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GradedHint {
    /// What was found.
    pub kind: HintKind,
    /// The first grade: the technique's name ([`HintLevel::Technique`]), that a digit or a
    /// mark is wrong, or why no step was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vague: Option<String>,
    /// The second grade: where to look ([`HintLevel::Vague`]), or the first mistake's cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub concrete: Option<String>,
    /// Every mistake, in cell order (mistakes only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistakes: Option<Vec<MistakeRecord>>,
    /// `true` (solved only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved: Option<bool>,
    /// The step in full with what to draw on the position ([`StepRecord::drawn`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepRecord>,
}

/// What the next hint is about, before it is put in words.
enum Found {
    Mistakes(Vec<Mistake>),
    Solved,
    Step(Box<Step>),
    Stuck,
}

/// What a hint says when no technique in use applies.
const STUCK: &str = "No step found: the pencil marks leave no solution.";

impl Position {
    /// What to hint against `solution`: the mistakes when there are any, else that the
    /// board is solved, else the next step from `solver` found before `stop` (or that none
    /// was found).
    fn found(&self, solver: &LogicSolver, solution: &Grid, stop: &Stop) -> Found {
        let mistakes = self.mistakes(solution);
        if !mistakes.is_empty() {
            return Found::Mistakes(mistakes);
        }
        let board = self.board();
        if board.is_solved() {
            return Found::Solved;
        }
        match solver.next_step_with(board, &se_chains::Search::new(stop.clone())) {
            Some(step) => Found::Step(Box::new(step)),
            None => Found::Stuck,
        }
    }

    /// [`Position::found`] by `stop`'s deadline: [`Problem::timeout`] when the deadline came
    /// before the step search ended.
    fn found_until(
        &self,
        solver: &LogicSolver,
        solution: &Grid,
        stop: &Stop,
    ) -> Result<Found, Problem> {
        let found = self.found(solver, solution, stop);
        // Past the deadline, a step found may be one a cut-short search let through (Brute
        // Force after the nested chains gave up), and none found proves nothing.
        match found {
            Found::Step(_) | Found::Stuck if stop.reached() => Err(Problem::timeout()),
            found => Ok(found),
        }
    }

    /// The hint at `level` of what was found.
    fn worded(&self, found: Found, level: HintLevel) -> Hint {
        let (shape, n) = (self.shape(), self.notation());
        let mut hint = Hint {
            kind: HintKind::Stuck,
            hint: STUCK.to_string(),
            solved: self.board().is_solved(),
            mistakes: Vec::new(),
            technique: None,
            code: None,
            step: None,
            found: None,
        };
        match found {
            Found::Mistakes(errors) => {
                hint.kind = HintKind::Mistake;
                hint.hint = mistake_text(self, &errors, level);
                hint.mistakes = errors.iter().map(|m| m.record(shape)).collect();
            }
            Found::Solved => {
                hint.kind = HintKind::Solved;
                hint.hint = "The puzzle is solved.".to_string();
            }
            Found::Step(s) => {
                hint.kind = HintKind::Step;
                hint.hint = match level {
                    HintLevel::Full => format!("{}\n{}", s.text(n), s.explain(n)),
                    _ => s.hint(n, level),
                };
                hint.technique = Some(s.technique.name());
                hint.code = Some(s.technique.code());
                if level == HintLevel::Full {
                    hint.step = Some(StepRecord::full(n, &s));
                }
                hint.found = Some(*s);
            }
            Found::Stuck => {}
        }
        hint
    }

    /// The hint at `level` from `solver`, against the puzzle's `solution` (see
    /// [`Position::solution`]): the first mistake when there are any, else that the board
    /// is solved, else the next step (or that none applies).
    pub fn hint_with(&self, solver: &LogicSolver, solution: &Grid, level: HintLevel) -> Hint {
        self.worded(self.found(solver, solution, &Stop::never()), level)
    }

    /// The hint at `level`, or what is wrong with the puzzle when it has not exactly one
    /// solution.
    ///
    /// ```
    /// use sudoku::{format, logic::{HintKind, HintLevel, LogicSolver, Order, Position}};
    /// let puzzle = format::parse_line(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let solver = LogicSolver::for_faces(Order::Hodoku, None, false)?;
    /// let pos = Position::from_puzzle(&format::Puzzle::new(puzzle));
    /// let hint = pos.hint(&solver, HintLevel::Vague)?;
    /// assert_eq!(hint.kind, HintKind::Step);
    /// assert!(hint.hint.starts_with("Look at"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self, solver: &LogicSolver, level: HintLevel) -> Result<Hint, Problem> {
        self.hint_until(solver, level, &Stop::never())
    }

    /// [`Position::hint`] under `stop`: the uniqueness check and the search for the step
    /// both end at its deadline, with [`Problem::timeout`].
    pub fn hint_until(
        &self,
        solver: &LogicSolver,
        level: HintLevel,
        stop: &Stop,
    ) -> Result<Hint, Problem> {
        let solution = self.solution_until(stop)?;
        let found = self.found_until(solver, &solution, stop)?;
        Ok(self.worded(found, level))
    }

    /// The hint at every grade ([`GradedHint`]) under `stop`, or what is wrong with the
    /// puzzle ([`Problem::timeout`] when the deadline came first): what the web page asks.
    ///
    /// ```
    /// use sudoku::{format, logic::{HintKind, LogicSolver, Order, Position}, Stop};
    /// let puzzle = format::parse_line(
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let solver = LogicSolver::for_faces(Order::Hodoku, None, false)?;
    /// let pos = Position::from_puzzle(&format::Puzzle::new(puzzle));
    /// let hint = pos.graded_hint_until(&solver, &Stop::never())?;
    /// assert_eq!(hint.kind, HintKind::Step);
    /// assert!(hint.step.ok_or("no step")?.draw.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn graded_hint_until(
        &self,
        solver: &LogicSolver,
        stop: &Stop,
    ) -> Result<GradedHint, Problem> {
        let solution = self.solution_until(stop)?;
        let found = self.found_until(solver, &solution, stop)?;
        let (shape, n) = (self.shape(), self.notation());
        let mut graded = GradedHint {
            kind: HintKind::Stuck,
            vague: None,
            concrete: None,
            mistakes: None,
            solved: None,
            step: None,
        };
        match found {
            Found::Mistakes(errors) => {
                graded.kind = HintKind::Mistake;
                graded.vague = Some(mistake_text(self, &errors, HintLevel::Vague));
                graded.concrete = Some(mistake_text(self, &errors, HintLevel::Full));
                graded.mistakes = Some(errors.iter().map(|m| m.record(shape)).collect());
            }
            Found::Solved => {
                graded.kind = HintKind::Solved;
                graded.solved = Some(true);
            }
            Found::Step(s) => {
                graded.kind = HintKind::Step;
                graded.vague = Some(s.hint(n, HintLevel::Technique));
                graded.concrete = Some(s.hint(n, HintLevel::Vague));
                graded.step = Some(StepRecord::drawn_in(n, self.board(), &s));
            }
            Found::Stuck => graded.vague = Some(STUCK.to_string()),
        }
        Ok(graded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::{Cell, Digit};
    use crate::logic::MistakeKind;

    const PUZZLE: &str =
        "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";

    fn solver() -> LogicSolver {
        LogicSolver::for_faces(Order::Hodoku, None, false).unwrap()
    }

    /// The puzzle with a wrong digit placed (not given) in its first empty cell.
    fn with_wrong_digit() -> (Position, Grid, Cell, Digit) {
        let mut grid = Grid::from_line(PUZZLE).unwrap();
        let solution = crate::solve::solution(&grid).unwrap();
        let cell = Cell::all(grid.shape())
            .find(|&c| grid.get(c).is_none())
            .unwrap();
        let truth = solution.get(cell).unwrap();
        let wrong = Digit::all(grid.shape()).find(|&d| d != truth).unwrap();
        grid.set(cell, Some(wrong));
        (Position::new(&grid, None), solution, cell, wrong)
    }

    #[test]
    fn a_wrong_digit_comes_before_any_step() {
        let (pos, solution, cell, wrong) = with_wrong_digit();
        assert_eq!(
            pos.solution().as_ref(),
            Ok(&solution),
            "givens still unique"
        );
        let hint = pos.hint(&solver(), HintLevel::Full).unwrap();
        assert_eq!(hint.kind, HintKind::Mistake);
        assert!(hint.is_negative() && hint.found.is_none() && hint.technique.is_none());
        let first = &hint.mistakes[0];
        let shape = pos.shape();
        assert_eq!(
            first,
            &MistakeRecord {
                cell: [cell.row(shape).number(), cell.col(shape).number()],
                digit: wrong.get(),
                kind: "wrong digit",
            }
        );
        let name = cell.name(shape).to_string();
        assert!(
            hint.hint.starts_with(&format!("{name} holds {wrong}")),
            "{}",
            hint.hint
        );
        let vague = pos.hint(&solver(), HintLevel::Vague).unwrap();
        assert!(
            vague.hint.starts_with("A placed digit is wrong"),
            "{}",
            vague.hint
        );
    }

    #[test]
    fn a_wrong_digit_without_marks_is_one_mistake_not_one_per_peer() {
        // With no pencil marks of the player's, the candidates a wrong digit's peers lost to
        // it are no mistakes of theirs: one wrong digit said "3 mistakes in all".
        let mut grid = Grid::from_line(PUZZLE).unwrap();
        let solution = crate::solve::solution(&grid).unwrap();
        let board = crate::grid::Board::new(&grid);
        // A wrong digit the givens allow, so that its peers lose a true candidate to it.
        let (cell, wrong) = Cell::all(grid.shape())
            .filter(|&c| grid.get(c).is_none())
            .flat_map(|c| board.candidates(c).iter().map(move |d| (c, d)))
            .find(|&(c, d)| solution.get(c) != Some(d))
            .unwrap();
        grid.set(cell, Some(wrong));
        let pos = Position::new(&grid, None);
        let peers_lost = Cell::all(grid.shape())
            .filter(|&c| grid.get(c).is_none() && !pos.board().has(c, solution.get(c).unwrap()))
            .count();
        assert!(peers_lost > 0, "the position tests nothing");
        let m = pos.mistakes(&solution);
        assert_eq!(m.len(), 1, "{m:?}");
        assert_eq!((m[0].cell, m[0].kind), (cell, MistakeKind::WrongDigit));
        let hint = pos.hint(&solver(), HintLevel::Full).unwrap();
        assert!(!hint.hint.contains("mistakes in all"), "{}", hint.hint);
    }

    #[test]
    fn a_removed_true_mark_is_a_mistake() {
        let grid = Grid::from_line(PUZZLE).unwrap();
        let solution = crate::solve::solution(&grid).unwrap();
        let mut board = crate::grid::Board::new(&grid);
        let cell = Cell::all(grid.shape())
            .find(|&c| grid.get(c).is_none())
            .unwrap();
        let truth = solution.get(cell).unwrap();
        board.eliminate(cell, truth);
        let pos = Position::new(&grid, Some(board.all_candidates()));
        let m = pos.mistakes(&solution);
        assert_eq!(m.len(), 1);
        assert_eq!((m[0].cell, m[0].digit), (cell, truth));
        assert_eq!(m[0].kind, MistakeKind::MissingMark);
    }

    #[test]
    fn a_step_hint_grades_and_carries_the_step() {
        let pos = Position::new(&Grid::from_line(PUZZLE).unwrap(), None);
        let s = solver();
        let full = pos.hint(&s, HintLevel::Full).unwrap();
        assert_eq!(full.kind, HintKind::Step);
        let step = full.found.clone().unwrap();
        let shape = pos.shape();
        assert_eq!(
            full.hint,
            format!("{}\n{}", step.text(shape), step.explain(shape))
        );
        let record = full.step.clone().unwrap();
        assert_eq!(record, StepRecord::full(shape, &step));
        assert_eq!(record.explanation, Some(step.explain(shape)));
        for level in [HintLevel::Technique, HintLevel::Vague] {
            let h = pos.hint(&s, level).unwrap();
            assert_eq!(h.hint, step.hint(shape, level));
            assert!(h.step.is_none());
            assert_eq!(h.technique, Some(step.technique.name()));
        }
        let json = serde_json::to_value(&full).unwrap();
        assert_eq!(json["kind"], "step");
        assert_eq!(json["step"]["code"], step.technique.code());
        assert!(json.get("found").is_none());
    }

    #[test]
    fn every_grade_at_once_says_what_each_level_says() {
        let pos = Position::new(&Grid::from_line(PUZZLE).unwrap(), None);
        let (s, never) = (solver(), Stop::never());
        let graded = pos.graded_hint_until(&s, &never).unwrap();
        assert_eq!(graded.kind, HintKind::Step);
        let technique = pos.hint_until(&s, HintLevel::Technique, &never).unwrap();
        let vague = pos.hint_until(&s, HintLevel::Vague, &never).unwrap();
        assert_eq!(graded.vague.as_ref(), Some(&technique.hint));
        assert_eq!(graded.concrete.as_ref(), Some(&vague.hint));
        let step = vague.found.unwrap();
        assert_eq!(graded.step, Some(StepRecord::drawn(pos.board(), &step)));
        assert!(graded.mistakes.is_none() && graded.solved.is_none());

        let (wrong, ..) = with_wrong_digit();
        let graded = wrong.graded_hint_until(&s, &never).unwrap();
        let full = wrong.hint(&s, HintLevel::Full).unwrap();
        let vague = wrong.hint(&s, HintLevel::Vague).unwrap();
        assert_eq!(graded.kind, HintKind::Mistake);
        assert_eq!(graded.mistakes.as_ref(), Some(&full.mistakes));
        assert_eq!(
            (graded.vague, graded.concrete),
            (Some(vague.hint), Some(full.hint))
        );
        assert!(graded.step.is_none());
        let json = serde_json::to_value(wrong.graded_hint_until(&s, &never).unwrap()).unwrap();
        assert_eq!(json["kind"], "mistake");
        assert!(json.get("solved").is_none() && json.get("step").is_none());
    }

    #[test]
    fn a_solved_board_and_a_bad_puzzle_are_said() {
        let solution = crate::solve::solution(&Grid::from_line(PUZZLE).unwrap()).unwrap();
        let mut grid = Grid::from_line(PUZZLE).unwrap();
        for cell in Cell::all(grid.shape())
            .filter(|&c| grid.get(c).is_none())
            .collect::<Vec<_>>()
        {
            grid.set(cell, solution.get(cell));
        }
        let h = Position::new(&grid, None)
            .hint(&solver(), HintLevel::Vague)
            .unwrap();
        assert_eq!((h.kind, h.solved), (HintKind::Solved, true));
        let g = Position::new(&grid, None)
            .graded_hint_until(&solver(), &Stop::never())
            .unwrap();
        assert_eq!(
            (g.kind, g.solved, g.vague),
            (HintKind::Solved, Some(true), None)
        );
        let empty = Grid::from_line(&".".repeat(81)).unwrap();
        let p = Position::new(&empty, None).hint(&solver(), HintLevel::Vague);
        assert_eq!(p.unwrap_err().status, "multiple");
    }
}
