//! `sudoku solve --animate`: a solver at work, one event at a time.
//!
//! * [`Backtracker`]: the classic naive search, cell by cell in reading order, digits tried
//!   in order and withdrawn on a dead end. Written as a step machine (no recursion on the
//!   call stack) so that each [`Event`] can be shown as it happens.
//! * [`LogicSteps`]: explained steps from a [`HintSource`] (the library's logic solver),
//!   each shown with its cells highlighted.
//!
//! [`Anim`] is the Elm model of the animation, with its own `update` and `view`; the loop
//! lives in `tui/mod.rs`.

use super::hint::{Hint, HintSource};
use super::keys::Key;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;
use sudoku::format::Alphabet;
use sudoku::logic::Notation;
use sudoku::{Board, Cell, Grid, Shape};

/// The symbols the animation shows a grid of side `n` in: `read` (the puzzle's) where it
/// has them for the side, else the standard ones (`1-9A-Z`), as the game does; `None`
/// (numbers) past 35x35, which no alphabet covers, as the grid writers write those.
pub fn symbols(n: usize, read: Option<Alphabet>) -> Option<Alphabet> {
    [read, Some(Alphabet::Standard)]
        .into_iter()
        .flatten()
        .find(|a| a.symbol(n).is_some())
}

/// Digit `v` in `alphabet` ([`symbols`]), else its number.
pub fn symbol(alphabet: Option<Alphabet>, v: usize) -> String {
    alphabet
        .and_then(|a| a.symbol(v))
        .map_or_else(|| v.to_string(), |ch| ch.to_string())
}

/// What the solver did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Digit tried in a cell.
    Try {
        cell: usize,
        digit: u16,
    },
    /// Digit withdrawn from a cell (dead end below it).
    Withdraw {
        cell: usize,
        digit: u16,
    },
    /// An explained step placed digits.
    Step {
        hint: Hint,
    },
    Solved,
    /// No solution (backtracker), or no further step (logic).
    Stuck(String),
}

impl Event {
    /// One line for a log (non-terminal output), digits in `alphabet` ([`symbols`]).
    pub fn line(&self, shape: Shape, alphabet: Option<Alphabet>) -> String {
        let name = |c: usize| Cell::new(c).name(shape).to_string();
        let sym = |d: u16| symbol(alphabet, d as usize);
        match self {
            Event::Try { cell, digit } => format!("try {} = {}", name(*cell), sym(*digit)),
            Event::Withdraw { cell, digit } => {
                format!("withdraw {} = {}", name(*cell), sym(*digit))
            }
            Event::Step { hint } => hint.explanation.clone(),
            Event::Solved => "solved".into(),
            Event::Stuck(why) => why.clone(),
        }
    }
}

/// A source of events: the solver, paused between steps.
pub trait Solver {
    /// The next event; `None` after `Solved` or `Stuck`.
    fn next_event(&mut self) -> Option<Event>;
    /// The digits now (0 = empty).
    fn values(&self) -> &[u16];
}

/// The naive backtracker.
pub struct Backtracker {
    shape: Shape,
    values: Vec<u16>,
    /// The empty cells, in the order they are filled.
    order: Vec<usize>,
    /// How many of `order` hold a digit.
    depth: usize,
    /// Per cell: the digit withdrawn from it, which the next try goes on from.
    resume: Vec<u16>,
    done: bool,
}

impl Backtracker {
    pub fn new(grid: &Grid) -> Backtracker {
        let values: Vec<u16> = grid.values().to_vec();
        let order = (0..values.len()).filter(|&i| values[i] == 0).collect();
        let done = !grid.conflicts().is_empty();
        let resume = vec![0; values.len()];
        Backtracker {
            shape: grid.shape(),
            values,
            order,
            depth: 0,
            resume,
            done,
        }
    }

    fn allowed(&self, cell: usize, d: u16) -> bool {
        Cell::new(cell)
            .peers(self.shape)
            .all(|p| self.values[p.index()] != d)
    }
}

impl Solver for Backtracker {
    fn values(&self) -> &[u16] {
        &self.values
    }

    fn next_event(&mut self) -> Option<Event> {
        if self.done {
            return None;
        }
        let n = self.shape.side() as u16;
        if self.depth == self.order.len() {
            self.done = true;
            return Some(Event::Solved);
        }
        let cell = self.order[self.depth];
        // Carry on from the digit last withdrawn here (0 when entered afresh).
        let from = std::mem::take(&mut self.resume[cell]);
        if let Some(d) = (from + 1..=n).find(|&d| self.allowed(cell, d)) {
            self.values[cell] = d;
            self.depth += 1;
            return Some(Event::Try { cell, digit: d });
        }
        // Dead end: go back one cell, whose digit the next call moves on from.
        if self.depth == 0 {
            self.done = true;
            return Some(Event::Stuck("no solution".into()));
        }
        self.depth -= 1;
        let back = self.order[self.depth];
        let digit = std::mem::take(&mut self.values[back]);
        self.resume[back] = digit;
        Some(Event::Withdraw { cell: back, digit })
    }
}

/// Explained steps from a hint source.
pub struct LogicSteps {
    board: Board,
    values: Vec<u16>,
    source: Box<dyn HintSource>,
    /// How the steps' text names digits (the puzzle's symbols).
    notation: Notation,
    done: bool,
}

impl LogicSteps {
    pub fn new(grid: &Grid, notation: Notation, source: Box<dyn HintSource>) -> LogicSteps {
        LogicSteps {
            values: grid.values().to_vec(),
            board: Board::new(grid),
            source,
            notation,
            done: false,
        }
    }
}

impl Solver for LogicSteps {
    fn values(&self) -> &[u16] {
        &self.values
    }

    fn next_event(&mut self) -> Option<Event> {
        if self.done {
            return None;
        }
        if self.board.is_solved() {
            self.done = true;
            return Some(Event::Solved);
        }
        match self.source.next(self.notation, &self.board) {
            Some(hint)
                if sudoku::logic::apply_changes(
                    &mut self.board,
                    &hint.placements,
                    &hint.eliminations,
                ) =>
            {
                for p in &hint.placements {
                    self.values[p.cell.index()] = p.digit.get() as u16;
                }
                Some(Event::Step { hint })
            }
            _ => {
                self.done = true;
                let left = self.values.iter().filter(|&&v| v == 0).count();
                Some(Event::Stuck(format!(
                    "stuck with {left} cells empty: the built-in steps are singles only"
                )))
            }
        }
    }
}

/// The animation's model.
pub struct Anim {
    pub shape: Shape,
    /// The symbols digits are shown in ([`symbols`]).
    pub alphabet: Option<Alphabet>,
    pub givens: Vec<bool>,
    pub solver: Box<dyn Solver>,
    /// Milliseconds between events; 0 runs as fast as the screen draws.
    pub delay_ms: u64,
    pub paused: bool,
    pub last: Option<Event>,
    pub events: u64,
    pub finished: bool,
    pub quit: bool,
    pub mono: bool,
    /// Milliseconds gathered toward the next event.
    pending_ms: u64,
}

/// Messages into the animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnimMsg {
    Key(Key),
    Tick(u64),
}

impl Anim {
    pub fn new(
        grid: &Grid,
        alphabet: Option<Alphabet>,
        solver: Box<dyn Solver>,
        delay_ms: u64,
    ) -> Anim {
        let s = grid.shape();
        Anim {
            shape: s,
            alphabet,
            givens: Cell::all(s)
                .map(|c| grid.is_given(c) || grid.get(c).is_some())
                .collect(),
            solver,
            delay_ms,
            paused: false,
            last: None,
            events: 0,
            finished: false,
            quit: false,
            mono: false,
            pending_ms: 0,
        }
    }

    fn advance(&mut self) {
        match self.solver.next_event() {
            Some(e) => {
                self.events += 1;
                if matches!(e, Event::Solved | Event::Stuck(_)) {
                    self.finished = true;
                }
                self.last = Some(e);
            }
            None => self.finished = true,
        }
    }
}

/// Handles one message.
pub fn update(a: &mut Anim, msg: AnimMsg) {
    match msg {
        AnimMsg::Key(Key::Char('q') | Key::Esc | Key::Ctrl('c')) => a.quit = true,
        AnimMsg::Key(Key::Char(' ')) => a.paused = !a.paused,
        AnimMsg::Key(Key::Char('+' | '=')) => a.delay_ms /= 2,
        AnimMsg::Key(Key::Char('-' | '_')) => a.delay_ms = (a.delay_ms * 2).clamp(1, 5000),
        AnimMsg::Key(Key::Char('n' | '.')) if a.paused => a.advance(),
        AnimMsg::Key(_) => {}
        AnimMsg::Tick(ms) => {
            if a.paused || a.finished {
                return;
            }
            if a.delay_ms == 0 {
                // Flat out: a batch of events per frame.
                for _ in 0..2000 {
                    a.advance();
                    if a.finished {
                        break;
                    }
                }
                return;
            }
            a.pending_ms += ms;
            while a.pending_ms >= a.delay_ms && !a.finished {
                a.pending_ms -= a.delay_ms;
                a.advance();
            }
        }
    }
}

/// Draws the animation: the grid, the last event, the keys.
pub fn view(a: &Anim, f: &mut Frame) {
    let n = a.shape.side();
    let (br, bc) = (a.shape.box_rows(), a.shape.box_cols());
    let values = a.solver.values();
    let hl: Vec<usize> = match &a.last {
        Some(Event::Try { cell, .. } | Event::Withdraw { cell, .. }) => vec![*cell],
        Some(Event::Step { hint }) => {
            let mut v: Vec<usize> = hint.cells.iter().map(|c| c.index()).collect();
            v.extend(hint.placements.iter().map(|p| p.cell.index()));
            v
        }
        _ => vec![],
    };
    let target: Vec<usize> = match &a.last {
        Some(Event::Try { cell, .. }) => vec![*cell],
        Some(Event::Step { hint }) => hint.placements.iter().map(|p| p.cell.index()).collect(),
        _ => vec![],
    };
    let style_for = |i: usize| {
        let mut s = Style::new();
        if a.givens[i] {
            s = s.add_modifier(Modifier::BOLD);
        } else if !a.mono {
            s = s.fg(Color::Blue);
        }
        if target.contains(&i) {
            s = if a.mono {
                s.add_modifier(Modifier::REVERSED)
            } else {
                s.fg(Color::Black).bg(Color::Green)
            };
        } else if hl.contains(&i) {
            s = if a.mono {
                s.add_modifier(Modifier::UNDERLINED)
            } else {
                s.fg(Color::Black).bg(Color::Cyan)
            };
        }
        s
    };
    let mut lines: Vec<Line> = Vec::new();
    // Cells as wide as the widest symbol: one character, or the numbers of a big grid.
    let w = symbol(a.alphabet, n).len();
    let rule = {
        let mut r = String::from("+");
        for _ in 0..n / bc {
            r += &"-".repeat((w + 1) * bc + 1);
            r.push('+');
        }
        r
    };
    for r in 0..n {
        if r % br == 0 {
            lines.push(Line::raw(rule.clone()));
        }
        let mut spans = vec![ratatui::text::Span::raw("|")];
        for c in 0..n {
            let i = r * n + c;
            let ch = match values[i] {
                0 => ".".to_string(),
                v => symbol(a.alphabet, v as usize),
            };
            spans.push(ratatui::text::Span::raw(" "));
            spans.push(ratatui::text::Span::styled(
                format!("{ch:>w$}"),
                style_for(i),
            ));
            if (c + 1) % bc == 0 {
                spans.push(ratatui::text::Span::raw(" |"));
            }
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(rule));
    lines.push(Line::raw(format!(
        "{} events · delay {} ms{}{}",
        a.events,
        a.delay_ms,
        if a.paused { " · paused" } else { "" },
        if a.finished { " · done" } else { "" }
    )));
    if let Some(e) = &a.last {
        lines.push(Line::raw(e.line(a.shape, a.alphabet)));
    }
    lines.push(Line::raw(
        "space pause · n next (paused) · + faster · - slower · q stop",
    ));
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), f.area());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::hint::Logic;

    fn drain(s: &mut dyn Solver) -> Vec<Event> {
        std::iter::from_fn(|| s.next_event()).collect()
    }

    #[test]
    fn backtracker_solves_with_tries_and_withdrawals() {
        let g = Grid::from_line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let mut b = Backtracker::new(&g);
        let events = drain(&mut b);
        assert_eq!(events.last(), Some(&Event::Solved));
        assert!(events.iter().any(|e| matches!(e, Event::Withdraw { .. })));
        let mut solved = g.clone();
        for (i, &v) in b.values().iter().enumerate() {
            solved.set(Cell::new(i), Some(sudoku::Digit::new(v as usize)));
        }
        assert!(solved.is_solution());
    }

    #[test]
    fn backtracker_reports_no_solution() {
        // r1c4 can hold nothing: 1,2,3 in its row and 4 in its column.
        let g = Grid::from_line("123............4").unwrap();
        let events = drain(&mut Backtracker::new(&g));
        assert_eq!(events.last(), Some(&Event::Stuck("no solution".into())));
    }

    #[test]
    fn logic_steps_explain_each_placement() {
        let g = Grid::from_line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let n = Notation::from(g.shape());
        let events = drain(&mut LogicSteps::new(&g, n, Box::new(Logic::new())));
        assert_eq!(events.len(), 52);
        assert!(events[0]
            .line(g.shape(), Some(Alphabet::Standard))
            .contains("Single"));
    }

    #[test]
    fn keys_pause_and_change_speed() {
        let g = Grid::from_line("1...............").unwrap();
        let mut a = Anim::new(
            &g,
            Some(Alphabet::Standard),
            Box::new(Backtracker::new(&g)),
            100,
        );
        update(&mut a, AnimMsg::Tick(250));
        assert_eq!(a.events, 2);
        update(&mut a, AnimMsg::Key(Key::Char(' ')));
        update(&mut a, AnimMsg::Tick(1000));
        assert_eq!(a.events, 2);
        update(&mut a, AnimMsg::Key(Key::Char('n')));
        assert_eq!(a.events, 3);
        update(&mut a, AnimMsg::Key(Key::Char('+')));
        assert_eq!(a.delay_ms, 50);
        update(&mut a, AnimMsg::Key(Key::Char('q')));
        assert!(a.quit);
    }
}
