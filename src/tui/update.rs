//! `update`: the only place the model changes. Pure: no terminal, no files; side effects
//! leave as a [`Cmd`] for the loop.

use super::game::{bit, CellState, Edit, Game};
use super::hint::Hint;
use super::keys::{Action, Key};
use super::layout;
use super::model::{HintState, Model, Overlay, PromptKind};
use super::msg::{Cmd, Msg};
use std::path::PathBuf;
use sudoku::logic::{MistakeKind, Position};
use sudoku::{Board, Cell, DigitSet, Grid, Shape};

/// Handles one message; returns a command for the loop, if any.
pub fn update(m: &mut Model, msg: Msg) -> Option<Cmd> {
    match msg {
        Msg::Tick(ms) => {
            if !m.paused && !m.solved() && !m.entry {
                m.game.elapsed_ms += ms;
            }
            None
        }
        Msg::Resize(w, h) => {
            m.size = (w, h);
            None
        }
        Msg::Status(s) => {
            m.message = s;
            None
        }
        Msg::Click { x, y } => {
            if m.overlay == Overlay::None && !m.paused {
                if let Some(cell) = layout::cell_at(m.size, m.game.shape(), x, y) {
                    m.sel = cell;
                    focus_selected(m);
                }
            }
            None
        }
        Msg::Loaded(Ok(l)) => {
            // An exported game comes back as it was: givens, placed digits, pencil marks.
            start_game(m, Game::from_puzzle(&l.puzzle, &l.source));
            m.message = format!("Opened {}.", m.game.source);
            None
        }
        Msg::Loaded(Err(e)) => {
            m.message = e;
            None
        }
        Msg::Key(k) => key(m, k),
    }
}

fn key(m: &mut Model, k: Key) -> Option<Cmd> {
    if m.overlay != Overlay::None {
        return overlay_key(m, k);
    }
    let action = m.keymap.action(k);
    if m.paused {
        return match action {
            Some(Action::Pause) => {
                m.paused = false;
                m.message = "Resumed.".into();
                None
            }
            Some(Action::Quit) => Some(Cmd::Quit),
            Some(Action::Help) => {
                m.overlay = Overlay::Help { scroll: 0 };
                None
            }
            _ => None,
        };
    }
    if let Some(d) = digit_of(k, &m.game) {
        type_digit(m, d);
        return None;
    }
    match action? {
        Action::Up => move_sel(m, -1, 0),
        Action::Down => move_sel(m, 1, 0),
        Action::Left => move_sel(m, 0, -1),
        Action::Right => move_sel(m, 0, 1),
        Action::Erase => erase(m),
        Action::Pencil => {
            m.pencil = !m.pencil;
            m.message = if m.pencil {
                "Pencil mode: digits toggle candidates."
            } else {
                "Digit mode."
            }
            .into();
            m.revision += 1;
        }
        Action::AutoCandidates => toggle_auto(m),
        Action::Undo => match m.game.undo() {
            Some(what) => {
                m.changed();
                m.message = format!("Undid {what}.");
            }
            None if m.game.trial.is_some() && m.game.pos == m.game.undo_floor() => {
                m.message = "Undo stops at the trial's start: z throws the trial away.".into()
            }
            None => m.message = "Nothing to undo.".into(),
        },
        Action::Redo => match m.game.redo() {
            Some(what) => {
                m.changed();
                m.message = format!("Redid {what}.");
            }
            None => m.message = "Nothing to redo.".into(),
        },
        Action::Hint => hint(m),
        Action::Step => step(m),
        Action::Path => path(m),
        Action::Checkpoint => {
            let text = format!("{}", m.game.checkpoints.len() + 1);
            m.overlay = Overlay::Prompt {
                kind: PromptKind::CheckpointName,
                text,
                fresh: true,
            };
        }
        Action::Restore => {
            if m.game.checkpoints.is_empty() {
                m.message = "No checkpoints yet: c makes one.".into();
            } else {
                m.overlay = Overlay::Checkpoints {
                    sel: m.game.checkpoints.len() - 1,
                };
            }
        }
        Action::TrialStart => {
            m.message = if m.game.start_trial() {
                m.changed();
                "Trial started: its moves are marked; y keeps them, z throws them away.".into()
            } else {
                "A trial is already running (y keeps it, z throws it away).".into()
            };
        }
        Action::TrialCommit => {
            m.message = if m.game.commit_trial() {
                m.changed();
                "Trial kept.".into()
            } else {
                "No trial running (t starts one).".into()
            };
        }
        Action::TrialDiscard => {
            m.message = if m.game.discard_trial() {
                m.changed();
                "Trial thrown away.".into()
            } else {
                "No trial running (t starts one).".into()
            };
        }
        Action::Pause => {
            m.paused = true;
            m.message = "Paused: space resumes.".into();
        }
        Action::NewGame => m.overlay = Overlay::NewGame { sel: 0 },
        Action::Open => {
            m.overlay = Overlay::Prompt {
                kind: PromptKind::OpenFile,
                text: String::new(),
                fresh: true,
            }
        }
        Action::Enter => {
            if m.entry {
                finish_entry(m);
            } else {
                m.overlay = Overlay::Prompt {
                    kind: PromptKind::EntrySize,
                    text: m.game.side().to_string(),
                    fresh: true,
                };
            }
        }
        Action::Export => {
            let text = default_export_path(&m.save_path);
            m.overlay = Overlay::Prompt {
                kind: PromptKind::ExportPath,
                text,
                fresh: true,
            };
        }
        Action::Help => m.overlay = Overlay::Help { scroll: 0 },
        Action::Quit => return Some(Cmd::Quit),
    }
    None
}

/// `game.json` → `game.sdk`, beside the save file.
fn default_export_path(save: &str) -> String {
    if save.is_empty() {
        return "sudoku-export.sdk".into();
    }
    let p = PathBuf::from(save);
    p.with_extension("sdk").display().to_string()
}

/// The digit a key types in `game`: `1-9`, then upper-case `A-Z` for 10 and up, or the
/// symbols of the game's file (`0-F` in hex, `A-Y` in letters).
pub fn digit_of(k: Key, game: &Game) -> Option<u16> {
    let Key::Char(c) = k else { return None };
    game.digit_of(c)
}

fn move_sel(m: &mut Model, dr: isize, dc: isize) {
    let n = m.game.side() as isize;
    let (r, c) = ((m.sel as isize) / n, (m.sel as isize) % n);
    let (r, c) = ((r + dr).rem_euclid(n), (c + dc).rem_euclid(n));
    m.sel = (r * n + c) as usize;
    focus_selected(m);
}

fn focus_selected(m: &mut Model) {
    let v = m.game.value(m.sel);
    if v != 0 {
        m.focus = Some(v);
    }
}

fn name(m: &Model, cell: usize) -> String {
    Cell::new(cell).name(m.game.shape()).to_string()
}

/// The edits that place `d` in `cell`, and with auto-candidates take `d` off its peers.
fn place_edits(m: &Model, cell: usize, d: u16) -> Vec<Edit> {
    let g = &m.game;
    let mut edits = vec![g.edit(
        cell,
        CellState {
            value: d,
            marks: g.marks(cell),
        },
    )];
    if m.auto {
        for p in g.peers(cell) {
            let s = g.cells[p];
            if s.marks & bit(d) != 0 {
                edits.push(g.edit(
                    p,
                    CellState {
                        marks: s.marks & !bit(d),
                        ..s
                    },
                ));
            }
        }
    }
    edits
}

fn type_digit(m: &mut Model, d: u16) {
    let cell = m.sel;
    m.focus = Some(d);
    if m.game.is_given(cell) {
        m.message = format!("{} is a given.", name(m, cell));
        return;
    }
    let s = m.game.cells[cell];
    let sym = m.game.symbol(d);
    if m.pencil {
        if s.value != 0 {
            m.message = format!("{} is filled: erase it first.", name(m, cell));
            return;
        }
        let on = s.marks & bit(d) == 0;
        let e = m.game.edit(
            cell,
            CellState {
                marks: s.marks ^ bit(d),
                ..s
            },
        );
        let what = format!("{} {}{sym}", name(m, cell), if on { "+" } else { "-" });
        m.game.apply(what, vec![e]);
        m.changed();
        return;
    }
    if s.value == d {
        erase(m);
        return;
    }
    let edits = place_edits(m, cell, d);
    let what = format!("{} = {sym}", name(m, cell));
    m.game.apply(what.clone(), edits);
    m.changed();
    let clash = m.game.conflicts()[cell];
    m.message = if clash {
        format!("{what}: clashes with another {sym} (marked).")
    } else if m.solved() {
        format!("Solved in {}! n: new game.", clock(m.game.elapsed_ms))
    } else {
        String::new()
    };
}

fn erase(m: &mut Model) {
    let cell = m.sel;
    if m.game.is_given(cell) {
        m.message = format!("{} is a given.", name(m, cell));
        return;
    }
    let s = m.game.cells[cell];
    let mut edits = Vec::new();
    if s.value != 0 {
        let mut after = CellState { value: 0, ..s };
        if m.auto {
            // The cell's marks and its peers' follow the rules again.
            let mut g = m.game.clone();
            g.cells[cell].value = 0;
            let allowed = g.allowed();
            after.marks = allowed[cell];
            for p in m.game.peers(cell) {
                let ps = m.game.cells[p];
                if ps.value == 0 && allowed[p] & bit(s.value) != 0 {
                    edits.push(m.game.edit(
                        p,
                        CellState {
                            marks: ps.marks | bit(s.value),
                            ..ps
                        },
                    ));
                }
            }
        }
        edits.insert(0, m.game.edit(cell, after));
    } else if s.marks != 0 {
        edits.push(m.game.edit(cell, CellState { marks: 0, ..s }));
    } else {
        return;
    }
    let what = format!("erase {}", name(m, cell));
    m.game.apply(what, edits);
    m.changed();
}

fn toggle_auto(m: &mut Model) {
    m.auto = !m.auto;
    if m.auto {
        let allowed = m.game.allowed();
        let edits: Vec<Edit> = (0..m.game.cells.len())
            .filter(|&i| m.game.value(i) == 0)
            .map(|i| {
                m.game.edit(
                    i,
                    CellState {
                        value: 0,
                        marks: allowed[i],
                    },
                )
            })
            .collect();
        m.game.apply("fill candidates", edits);
        m.message = "Auto-candidates on: every empty cell shows what the rules allow.".into();
    } else {
        m.message = "Auto-candidates off: marks stay, but no longer follow your moves.".into();
    }
    m.changed();
}

/// A hint about a wrong digit, when the solution is known and a placed digit differs.
fn mistake(m: &Model) -> Option<Hint> {
    let sol = m.game.solution.as_ref()?;
    let s = m.game.shape();
    let wrong: Vec<Cell> = Position::new(&m.game.grid(), None)
        .mistakes(sol)
        .into_iter()
        .filter(|w| w.kind == MistakeKind::WrongDigit)
        .map(|w| w.cell)
        .collect();
    let first = *wrong.first()?;
    let names: Vec<String> = wrong.iter().map(|c| c.name(s).to_string()).collect();
    Some(Hint {
        technique: "Mistake".into(),
        vague: format!("There is a mistake in row {}.", first.row(s).number()),
        explanation: format!(
            "Not in the solution: {}. Step (s) erases {}.",
            names.join(", "),
            if wrong.len() > 1 { "them" } else { "it" }
        ),
        placements: vec![],
        eliminations: vec![],
        cells: wrong,
    })
}

/// The position hints start from: the digits, and the candidates the rules allow, narrowed
/// by the player's pencil marks when auto-candidates keep them complete (so eliminations
/// made by earlier steps stay made). Marks that miss a cell's solution digit, or leave a
/// cell empty, are not trusted.
fn hint_board(m: &Model) -> Board {
    let grid = m.game.grid();
    let rules = Board::new(&grid);
    if !m.auto {
        return rules;
    }
    let mut marks = rules.all_candidates().clone();
    let empty: Vec<Cell> = rules.empty_cells().collect();
    for cell in empty {
        let both = rules.candidates(cell) & DigitSet::from_bits(m.game.marks(cell.index()));
        if both.is_empty() {
            return rules;
        }
        marks.set(cell, both);
    }
    // The library's mistake check says whether the marks miss a solution digit.
    let position = Position::new(&grid, Some(&marks));
    let missing = m.game.solution.as_ref().is_some_and(|sol| {
        position
            .mistakes(sol)
            .iter()
            .any(|w| w.kind == MistakeKind::MissingMark)
    });
    if missing {
        return rules;
    }
    position.into_board()
}

/// The next hint: a mistake first, then the hint source's step.
fn find_hint(m: &Model) -> Result<Hint, String> {
    if m.entry {
        return Err("Finish typing the puzzle first (e).".into());
    }
    if m.game.is_solved() {
        return Err("Solved already.".into());
    }
    if let Some(h) = mistake(m) {
        return Ok(h);
    }
    if let Some(c) = m.game.puzzle.conflicts().first() {
        return Err(format!(
            "The givens clash ({}): this puzzle has no solution.",
            c.describe(m.game.notation())
        ));
    }
    if !m.game.grid().conflicts().is_empty() {
        return Err("Two of your digits clash (marked): fix them first.".into());
    }
    m.hints
        .next(m.game.notation(), &hint_board(m))
        .ok_or_else(|| {
            // No step, and no one solution to go to: say which, in `sudoku hint`'s words
            // ("no technique applies" to an empty grid said nothing of its many solutions).
            match m.game.solution {
                None => match sudoku::logic::unique_solution(&m.game.puzzle, None) {
                    Err(p) => format!("No hint: {}.", p.message),
                    Ok(_) => NO_TECHNIQUE.to_string(),
                },
                Some(_) => NO_TECHNIQUE.to_string(),
            }
        })
}

/// What a hint says when no technique it knows applies.
const NO_TECHNIQUE: &str = "No hint: no technique the hints know applies to this position.";

fn hint(m: &mut Model) {
    match &mut m.hint {
        Some(h) if !h.concrete => {
            h.concrete = true;
            m.message = "Hint: s applies it.".into();
        }
        Some(_) => m.message = "s applies the hint.".into(),
        None => match find_hint(m) {
            Ok(h) => {
                m.hint = Some(HintState {
                    hint: h,
                    concrete: false,
                });
                m.message = "Hint: i again shows where.".into();
            }
            Err(e) => m.message = e,
        },
    }
}

fn step(m: &mut Model) {
    let h = match m.hint.take() {
        Some(h) => h.hint,
        None => match find_hint(m) {
            Ok(h) => h,
            Err(e) => {
                m.message = e;
                return;
            }
        },
    };
    // A step that only eliminates needs candidates to remove them from: without
    // auto-candidates, hints start from the rules each time and would find it again for
    // ever. Turn them on (one undoable change) so that the eliminations stay made.
    let auto_on = !m.auto && h.placements.is_empty() && !h.eliminations.is_empty();
    if auto_on {
        toggle_auto(m);
    }
    let mut edits: Vec<Edit> = Vec::new();
    if h.technique == "Mistake" {
        for c in &h.cells {
            let s = m.game.cells[c.index()];
            edits.push(m.game.edit(c.index(), CellState { value: 0, ..s }));
        }
    }
    let mut staged = m.game.clone();
    for p in &h.placements {
        let es = place_edits(
            &model_view(m, &staged),
            p.cell.index(),
            p.digit.get() as u16,
        );
        for e in &es {
            staged.cells[e.cell as usize] = e.after;
        }
        edits.extend(es);
    }
    for e in &h.eliminations {
        let s = staged.cells[e.cell.index()];
        let after = CellState {
            marks: s.marks & !bit(e.digit.get() as u16),
            ..s
        };
        edits.push(Edit {
            cell: e.cell.index() as u32,
            before: s,
            after,
        });
        staged.cells[e.cell.index()] = after;
    }
    // Edits were made against `staged` one after the other: fold them into one per cell.
    let edits = fold(&m.game, edits);
    if let Some(p) = h.placements.first() {
        m.sel = p.cell.index();
        m.focus = Some(p.digit.get() as u16);
    }
    m.game.apply(h.technique.clone(), edits);
    m.changed();
    m.message = if m.solved() {
        format!("{} Solved in {}!", h.explanation, clock(m.game.elapsed_ms))
    } else if auto_on {
        format!("{} (Auto-candidates on, to keep it.)", h.explanation)
    } else {
        h.explanation
    };
}

/// A throwaway model sharing `m`'s settings over other cells (to reuse `place_edits`).
fn model_view(m: &Model, game: &Game) -> Model {
    let mut v = Model::new(game.clone());
    v.auto = m.auto;
    v
}

/// One edit per cell, from its state in `game` to its last `after`.
fn fold(game: &Game, edits: Vec<Edit>) -> Vec<Edit> {
    let mut last: Vec<(u32, CellState)> = Vec::new();
    for e in edits {
        match last.iter_mut().find(|(c, _)| *c == e.cell) {
            Some(slot) => slot.1 = e.after,
            None => last.push((e.cell, e.after)),
        }
    }
    last.into_iter()
        .map(|(c, after)| game.edit(c as usize, after))
        .collect()
}

fn path(m: &mut Model) {
    if m.entry {
        m.message = "Finish typing the puzzle first (e).".into();
        return;
    }
    let mut lines = Vec::new();
    if let Some(h) = mistake(m) {
        lines.push(format!("First fix: {} {}", h.vague, h.explanation));
    }
    let steps = m.hints.path(m.game.notation(), &hint_board(m), 2000);
    for (i, h) in steps.iter().enumerate() {
        lines.push(format!("{:>3}. {}", i + 1, h.explanation));
    }
    let mut g = m.game.grid();
    for h in &steps {
        for p in &h.placements {
            g.set(p.cell, Some(p.digit));
        }
    }
    lines.push(if g.is_full() {
        format!("Solved in {} steps.", steps.len())
    } else {
        format!(
            "Stuck after {} steps with {} cells empty: no technique in use applies.",
            steps.len(),
            g.values().iter().filter(|&&v| v == 0).count()
        )
    });
    m.overlay = Overlay::Path { lines, scroll: 0 };
}

/// `mm:ss`, or `h:mm:ss` past an hour.
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

fn start_game(m: &mut Model, game: Game) {
    let unique = game.solution.is_some();
    m.game = game;
    m.sel = 0;
    m.entry = false;
    m.paused = false;
    m.pencil = false;
    m.focus = None;
    m.overlay = Overlay::None;
    if m.auto {
        m.auto = false;
        toggle_auto(m);
    }
    m.changed();
    m.message = if unique {
        String::new()
    } else {
        "This puzzle has no unique solution.".into()
    };
}

fn finish_entry(m: &mut Model) {
    let grid = m.game.grid();
    if grid.filled_count() == 0 {
        m.message = "Type some givens first (digits; Enter or e when done).".into();
        return;
    }
    match sudoku::solve::solve(&grid) {
        sudoku::solve::Outcome::Unique(_) => {
            start_game(m, Game::new(&grid, "typed in", None));
            m.message = "Puzzle entered: it has a unique solution. Have fun!".into();
        }
        sudoku::solve::Outcome::Multiple(..) => {
            start_game(m, Game::new(&grid, "typed in", None));
            m.message =
                "Puzzle entered, but it has several solutions: hints may be partial.".into();
        }
        sudoku::solve::Outcome::NoSolution => {
            m.message = "This puzzle has no solution: change it and press e again.".into()
        }
        sudoku::solve::Outcome::Invalid(c) => {
            m.message = format!("Givens clash: {}.", c[0].describe(m.game.notation()));
        }
    }
}

fn parse_size(s: &str) -> Option<Shape> {
    let s = s.trim();
    let shape = if s.contains(['x', 'X']) {
        Shape::parse(s).ok()?
    } else {
        Shape::from_side(s.parse().ok()?).ok()?
    };
    super::game::SIDES.contains(&shape.side()).then_some(shape)
}

fn overlay_key(m: &mut Model, k: Key) -> Option<Cmd> {
    let action = m.keymap.action(k);
    match &mut m.overlay {
        Overlay::Help { scroll } | Overlay::Path { scroll, .. } => match k {
            Key::Down | Key::Char('j') => *scroll += 1,
            Key::Up | Key::Char('k') => *scroll = scroll.saturating_sub(1),
            _ => m.overlay = Overlay::None,
        },
        Overlay::Checkpoints { .. } | Overlay::NewGame { .. } => {
            let len = match m.overlay {
                Overlay::Checkpoints { .. } => m.game.checkpoints.len(),
                _ => m.games.levels().len() + 1,
            };
            list_key(m, k, action, len);
        }
        Overlay::Prompt { kind, text, fresh } => match k {
            Key::Esc => m.overlay = Overlay::None,
            Key::Backspace => {
                *fresh = false;
                text.pop();
            }
            Key::Char(c) => {
                if std::mem::take(fresh) {
                    text.clear();
                }
                text.push(c);
            }
            Key::Enter => {
                let (kind, text) = (*kind, text.trim().to_string());
                m.overlay = Overlay::None;
                return prompt_done(m, kind, text);
            }
            _ => {}
        },
        Overlay::None => {}
    }
    None
}

/// The selection of a list overlay.
fn list_sel(o: &mut Overlay) -> Option<&mut usize> {
    match o {
        Overlay::Checkpoints { sel } | Overlay::NewGame { sel } => Some(sel),
        _ => None,
    }
}

fn list_key(m: &mut Model, k: Key, action: Option<Action>, len: usize) {
    match (k, action) {
        (Key::Esc, _) | (_, Some(Action::Quit)) => m.overlay = Overlay::None,
        (_, Some(Action::Down)) => {
            if let Some(sel) = list_sel(&mut m.overlay) {
                *sel = (*sel + 1) % len;
            }
        }
        (_, Some(Action::Up)) => {
            if let Some(sel) = list_sel(&mut m.overlay) {
                *sel = (*sel + len - 1) % len;
            }
        }
        (Key::Enter, _) => choose(m),
        (Key::Char(c @ '1'..='9'), _) if (c as usize - '0' as usize) <= len => {
            if let Some(sel) = list_sel(&mut m.overlay) {
                *sel = c as usize - '1' as usize;
            }
            choose(m);
        }
        _ => {}
    }
}

fn choose(m: &mut Model) {
    match m.overlay.clone() {
        Overlay::Checkpoints { sel } => {
            m.overlay = Overlay::None;
            let name = m.game.checkpoints[sel].name.clone();
            if m.game.restore(sel) {
                m.changed();
                m.message = format!("Restored checkpoint {name} (u undoes the restore).");
            }
        }
        Overlay::NewGame { sel } => {
            m.overlay = Overlay::None;
            let levels = m.games.levels();
            let Some(level) = levels.get(sel) else {
                m.overlay = Overlay::Prompt {
                    kind: PromptKind::EntrySize,
                    text: "9".into(),
                    fresh: true,
                };
                return;
            };
            m.seed = m
                .seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            match m.games.game(level, m.seed) {
                Some((grid, source, level)) => {
                    start_game(m, Game::new(&grid, &source, level));
                    m.message = format!("New game: {source}.");
                }
                None => m.message = format!("No puzzle for {level}."),
            }
        }
        _ => {}
    }
}

fn prompt_done(m: &mut Model, kind: PromptKind, text: String) -> Option<Cmd> {
    match kind {
        PromptKind::CheckpointName => {
            let name = if text.is_empty() {
                format!("{}", m.game.checkpoints.len() + 1)
            } else {
                text
            };
            m.game.checkpoint(&name);
            m.changed();
            m.message = format!("Checkpoint {name} saved (b restores).");
            None
        }
        PromptKind::OpenFile if text.is_empty() => None,
        PromptKind::OpenFile => Some(Cmd::Open(PathBuf::from(text))),
        PromptKind::ExportPath if text.is_empty() => None,
        PromptKind::ExportPath => Some(Cmd::Export(PathBuf::from(text))),
        PromptKind::EntrySize => {
            match parse_size(&text) {
                Some(shape) => {
                    start_game(m, Game::new(&Grid::empty(shape), "typed in", None));
                    m.entry = true;
                    m.message =
                        "Type the givens (arrows move, 0 erases), then press e again to play."
                            .into();
                }
                None => {
                    m.message = format!("{text:?} is no size I can play (4 to 25, e.g. 9 or 2x3).")
                }
            }
            None
        }
    }
}
