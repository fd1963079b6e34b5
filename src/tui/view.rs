//! `view`: draws the [`Model`] into a frame. Reads the model, changes nothing; tested as
//! snapshots on ratatui's `TestBackend`.
//!
//! Colours are ANSI colours the terminal's theme defines, with black text on every coloured
//! background, so they read on dark and light themes alike; with `NO_COLOR` only bold,
//! underline, reverse and italic are used.

use super::game::bit;
use super::keys::Action;
use super::layout::{self, Area, GridGeom};
use super::model::{Model, Overlay};
use super::update::clock;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use sudoku::Cell;

/// The styles of one colour scheme.
struct Theme {
    line_box: Style,
    line_inner: Style,
    given: Style,
    placed: Style,
    trial: Style,
    conflict: Style,
    mark: Style,
    selected: Style,
    focus: Style,
    hint_house: Style,
    hint_target: Style,
    eliminate: Style,
    title: Style,
}

impl Theme {
    fn color() -> Theme {
        let on = |bg: Color| Style::new().fg(Color::Black).bg(bg);
        Theme {
            line_box: Style::new().add_modifier(Modifier::BOLD),
            line_inner: Style::new().add_modifier(Modifier::DIM),
            given: Style::new().add_modifier(Modifier::BOLD),
            placed: Style::new().fg(Color::Blue),
            trial: Style::new()
                .fg(Color::Magenta)
                .add_modifier(Modifier::ITALIC),
            conflict: Style::new()
                .fg(Color::Red)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            mark: Style::new().add_modifier(Modifier::DIM),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            focus: on(Color::Yellow),
            hint_house: on(Color::Cyan),
            hint_target: on(Color::Green).add_modifier(Modifier::BOLD),
            eliminate: Style::new()
                .fg(Color::Red)
                .add_modifier(Modifier::CROSSED_OUT),
            title: Style::new().add_modifier(Modifier::BOLD),
        }
    }
    fn mono() -> Theme {
        let m = |x: Modifier| Style::new().add_modifier(x);
        Theme {
            line_box: m(Modifier::BOLD),
            line_inner: Style::new(),
            given: m(Modifier::BOLD),
            placed: Style::new(),
            trial: m(Modifier::ITALIC),
            conflict: m(Modifier::BOLD | Modifier::UNDERLINED | Modifier::CROSSED_OUT),
            mark: Style::new(),
            selected: m(Modifier::REVERSED),
            focus: m(Modifier::UNDERLINED | Modifier::BOLD),
            hint_house: m(Modifier::UNDERLINED),
            hint_target: m(Modifier::BOLD | Modifier::UNDERLINED | Modifier::ITALIC),
            eliminate: m(Modifier::CROSSED_OUT),
            title: m(Modifier::BOLD),
        }
    }
}

fn rect(a: Area) -> Rect {
    Rect::new(a.x, a.y, a.w, a.h)
}

/// Draws the whole screen.
pub fn view(m: &Model, f: &mut Frame) {
    let area = f.area();
    let theme = if m.mono {
        Theme::mono()
    } else {
        Theme::color()
    };
    let shape = m.game.shape();
    let Some(screen) = layout::screen((area.width, area.height), shape) else {
        let (w, h) = layout::minimum(shape);
        let n = shape.side();
        let text = format!(
            "The terminal is too small for a {n}x{n} grid: it needs at least {w}x{h}, \
             this one is {}x{}. Enlarge the window, or press q to save and quit.",
            area.width, area.height
        );
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    };
    let n = shape.side();
    let title = format!(
        " sudoku {n}x{n}{}{}",
        if m.entry {
            " · typing in a puzzle"
        } else {
            ""
        },
        if m.solved() { " · solved!" } else { "" }
    );
    f.buffer_mut().set_string(0, 0, &title, theme.title);
    if m.paused {
        let g = screen.grid;
        let r = Rect::new(g.x0, g.y0, g.width(), g.height());
        let p = Paragraph::new(
            "\n Paused.\n\n The grid is hidden\n while the clock stops.\n\n space resumes",
        )
        .block(Block::default().borders(Borders::ALL));
        f.render_widget(p, r);
    } else {
        draw_grid(m, &theme, screen.grid, f.buffer_mut());
    }
    draw_panel(m, &theme, rect(screen.panel), f);
    let status = if m.message.is_empty() {
        "? help · arrows/hjkl move · 1-9 place · p pencil · i hint · u undo · q quit".to_string()
    } else {
        m.message.clone()
    };
    f.render_widget(Paragraph::new(status), rect(screen.status));
    draw_overlay(m, f);
}

/// Box-drawing glyph for a junction. `v`/`h`: whether the vertical/horizontal line is a box
/// (heavy) line; the `no_*` flags say which arms are missing at the edges.
fn junction(v: bool, h: bool, up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (false, true, false, true) => '┏',
        (false, true, true, false) => '┓',
        (true, false, false, true) => '┗',
        (true, false, true, false) => '┛',
        (false, true, true, true) => match (v, h) {
            (true, true) => '┳',
            (false, true) => '┯',
            (true, false) => '┰',
            (false, false) => '┬',
        },
        (true, false, true, true) => match (v, h) {
            (true, true) => '┻',
            (false, true) => '┷',
            (true, false) => '┸',
            (false, false) => '┴',
        },
        (true, true, false, true) => match (v, h) {
            (true, true) => '┣',
            (true, false) => '┠',
            (false, true) => '┝',
            (false, false) => '├',
        },
        (true, true, true, false) => match (v, h) {
            (true, true) => '┫',
            (true, false) => '┨',
            (false, true) => '┥',
            (false, false) => '┤',
        },
        _ => match (v, h) {
            (true, true) => '╋',
            (true, false) => '╂',
            (false, true) => '┿',
            (false, false) => '┼',
        },
    }
}

/// Black text wherever a background colour is set, whatever colour the text asked for: the
/// one pairing that reads on every theme. (Emphasis then comes from the modifiers.)
fn readable(style: Style) -> Style {
    match style.bg {
        Some(bg) if bg != Color::Reset => style.fg(Color::Black),
        _ => style,
    }
}

fn put(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(c) = buf.cell_mut((x, y)) {
        c.set_char(ch).set_style(style);
    }
}

fn draw_lines(t: &Theme, g: GridGeom, buf: &mut Buffer) {
    let n = g.n;
    for r in 0..=n {
        let Some(hbox) = g.hline(r) else { continue };
        let y = g.line_y(r);
        let style = if hbox { t.line_box } else { t.line_inner };
        for c in 0..n {
            let x0 = g.col_x(c);
            for x in x0..x0 + g.cw {
                put(buf, x, y, if hbox { '━' } else { '─' }, style);
            }
        }
    }
    for c in 0..=n {
        let Some(vbox) = g.vline(c) else { continue };
        let x = g.line_x(c);
        let style = if vbox { t.line_box } else { t.line_inner };
        for r in 0..n {
            let y0 = g.row_y(r);
            for y in y0..y0 + g.ch {
                put(buf, x, y, if vbox { '┃' } else { '│' }, style);
            }
        }
        for r in 0..=n {
            let Some(hbox) = g.hline(r) else { continue };
            let ch = junction(vbox, hbox, r > 0, r < n, c > 0, c < n);
            put(
                buf,
                x,
                g.line_y(r),
                ch,
                if vbox || hbox {
                    t.line_box
                } else {
                    t.line_inner
                },
            );
        }
    }
}

fn draw_grid(m: &Model, t: &Theme, g: GridGeom, buf: &mut Buffer) {
    draw_lines(t, g, buf);
    let game = &m.game;
    let conflicts = game.conflicts();
    let hint = m.hint.as_ref().filter(|h| h.concrete).map(|h| &h.hint);
    let (br, bc) = (g.br, g.bc);
    for (cell, (&s, &clash)) in game.cells.iter().zip(&conflicts).enumerate() {
        let (r, c) = ((cell / g.n as usize) as u16, (cell % g.n as usize) as u16);
        let (x0, y0) = (g.col_x(c), g.row_y(r));
        let the_cell = Cell::new(cell);
        // Background first.
        let mut bg = Style::new();
        if let Some(h) = hint {
            if h.cells.contains(&the_cell) {
                bg = t.hint_house;
            }
            if h.placements.iter().any(|p| p.cell == the_cell) {
                bg = t.hint_target;
            }
        }
        if s.value != 0 && m.focus == Some(s.value) {
            bg = bg.patch(t.focus);
        }
        if cell == m.sel {
            bg = bg.patch(t.selected);
        }
        for y in y0..y0 + g.ch {
            for x in x0..x0 + g.cw {
                put(buf, x, y, ' ', bg);
            }
        }
        if s.value != 0 {
            let style = if clash {
                t.conflict
            } else if game.is_given(cell) && !m.entry {
                t.given
            } else if game.in_trial(cell) {
                t.trial
            } else {
                t.placed
            };
            put(
                buf,
                x0 + (g.cw - 1) / 2,
                y0 + (g.ch - 1) / 2,
                m.game.symbol(s.value),
                readable(bg.patch(style)),
            );
            continue;
        }
        if s.marks == 0 {
            continue;
        }
        if !g.minis {
            if g.cw >= 3 {
                put(buf, x0 + g.cw - 1, y0, '·', bg.patch(t.mark));
            }
            continue;
        }
        let step = if g.cw > 2 * bc { 2 } else { 1 };
        let pad = (g.cw - (step * (bc - 1) + 1)) / 2;
        for d in 1..=g.n {
            if s.marks & bit(d) == 0 {
                continue;
            }
            let (i, j) = ((d - 1) / bc, (d - 1) % bc);
            if i >= br {
                continue;
            }
            let mut style = bg.patch(t.mark);
            if m.focus == Some(d) {
                style = style.patch(t.focus);
            }
            if let Some(h) = hint {
                let cand = sudoku::Candidate::new(the_cell, sudoku::Digit::new(d as usize));
                if h.eliminations.contains(&cand) {
                    style = style.patch(t.eliminate);
                }
                if h.placements.contains(&cand) {
                    style = style.patch(t.hint_target);
                }
            }
            put(
                buf,
                x0 + pad + j * step,
                y0 + i,
                m.game.symbol(d),
                readable(style),
            );
        }
    }
}

fn draw_panel(m: &Model, t: &Theme, area: Rect, f: &mut Frame) {
    let game = &m.game;
    let shape = game.shape();
    let cell = Cell::new(m.sel);
    let mut lines: Vec<Line> = Vec::new();
    let kv = |k: &str, v: String| {
        Line::from(vec![Span::styled(format!("{k}: "), t.title), Span::raw(v)])
    };
    lines.push(kv("puzzle", game.source.clone()));
    if let Some(level) = &game.level {
        lines.push(kv("level", level.clone()));
    }
    let paused = if m.paused { " (paused)" } else { "" };
    lines.push(kv("time", format!("{}{paused}", clock(game.elapsed_ms))));
    let filled = game.cells.iter().filter(|c| c.value != 0).count();
    lines.push(kv("filled", format!("{filled}/{}", game.cells.len())));
    let mode = if m.entry {
        "typing givens"
    } else if m.pencil {
        "pencil"
    } else {
        "digits"
    };
    lines.push(kv(
        "mode",
        format!(
            "{mode}; auto-candidates {}",
            if m.auto { "on" } else { "off" }
        ),
    ));
    lines.push(kv(
        "moves",
        format!("{} (redo {})", game.pos, game.history.len() - game.pos),
    ));
    if let Some(tr) = &game.trial {
        lines.push(kv(
            "trial",
            format!("{} moves (y keep, z drop)", game.pos - tr.start),
        ));
    }
    if !game.checkpoints.is_empty() {
        let names: Vec<&str> = game.checkpoints.iter().map(|c| c.name.as_str()).collect();
        lines.push(kv("checkpoints", names.join(", ")));
    }
    let s = game.cells[m.sel];
    let here = if s.value != 0 {
        format!(
            "{}{}",
            m.game.symbol(s.value),
            if game.is_given(m.sel) { " (given)" } else { "" }
        )
    } else if s.marks != 0 {
        let marks: Vec<String> = (1..=game.side() as u16)
            .filter(|&d| s.marks & bit(d) != 0)
            .map(|d| m.game.symbol(d).to_string())
            .collect();
        format!("pencil {}", marks.join(" "))
    } else {
        "empty".into()
    };
    lines.push(kv(&cell.name(shape).to_string(), here));
    if let Some(h) = &m.hint {
        lines.push(Line::raw(""));
        lines.push(Line::styled(format!("Hint: {}", h.hint.vague), t.title));
        if h.concrete {
            lines.push(Line::raw(h.hint.explanation.clone()));
        } else {
            lines.push(Line::raw("(i: show where; s: apply)"));
        }
    }
    let p = Paragraph::new(lines).wrap(Wrap { trim: false });
    f.render_widget(p, area);
}

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The help text: every action with its keys.
pub fn help_lines(m: &Model) -> Vec<String> {
    let mut out = vec![
        "1-9, A-Z   place a digit (upper-case letters for 10 and up);".to_string(),
        "           in pencil mode, toggle that candidate".to_string(),
        "mouse      click a cell to select it".to_string(),
    ];
    for &a in Action::ALL {
        let keys: Vec<String> = m.keymap.keys_for(a).iter().map(|k| k.to_string()).collect();
        out.push(format!("{:<10} {}", keys.join(" "), a.doc()));
    }
    out.push(String::new());
    out.push("Keys can be changed in ~/.config/sudoku/keys.conf (`key = action`,".into());
    out.push("action names as in `sudoku play --keys`).".into());
    if !m.save_path.is_empty() {
        out.push(format!("Saved on every move to {}", m.save_path));
    }
    out
}

fn draw_overlay(m: &Model, f: &mut Frame) {
    let area = f.area();
    let (title, lines, scroll, w, h): (String, Vec<String>, u16, u16, u16) = match &m.overlay {
        Overlay::None => return,
        Overlay::Help { scroll } => {
            let l = help_lines(m);
            let h = l.len() as u16 + 2;
            ("Keys (any key closes)".into(), l, *scroll, 76, h)
        }
        Overlay::Path { lines, scroll } => (
            "Solving path (↑↓ scroll, any key closes)".into(),
            lines.clone(),
            *scroll,
            90,
            lines.len() as u16 + 2,
        ),
        Overlay::Prompt { kind, text, fresh } => (
            kind.title().into(),
            vec![
                format!("{text}▏"),
                if *fresh && !text.is_empty() {
                    "Enter: ok · typing replaces, Backspace edits · Esc: cancel".into()
                } else {
                    "Enter: ok · Esc: cancel".into()
                },
            ],
            0,
            70,
            4,
        ),
        Overlay::Checkpoints { sel } => {
            let l: Vec<String> = m
                .game
                .checkpoints
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    format!(
                        "{} {}. {}",
                        if i == *sel { '▶' } else { ' ' },
                        i + 1,
                        c.name
                    )
                })
                .collect();
            let h = l.len() as u16 + 2;
            (
                "Restore checkpoint (Enter; Esc cancels)".into(),
                l,
                0,
                50,
                h,
            )
        }
        Overlay::NewGame { sel } => {
            let mut items = m.games.levels();
            items.push("type in a puzzle".into());
            let l: Vec<String> = items
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{} {}. {}", if i == *sel { '▶' } else { ' ' }, i + 1, c))
                .collect();
            let h = l.len() as u16 + 2;
            ("New game (Enter; Esc cancels)".into(), l, 0, 40, h)
        }
    };
    let r = centered(area, w, h);
    f.render_widget(Clear, r);
    let text: Vec<Line> = lines.into_iter().map(Line::raw).collect();
    let p = Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .block(Block::default().borders(Borders::ALL).title(title));
    f.render_widget(p, r);
}
