//! Tests of `update` (every action) and snapshots of `view` on ratatui's `TestBackend`.

use super::game::bit;
use super::keys::{Key, Keymap};
use super::model::{Model, Overlay};
use super::msg::{Cmd, Msg};
use super::update::update;
use super::{layout, save, view};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use sudoku::Grid;

/// A classic easy 9x9 (singles solve it).
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// A 4x4 with a unique solution.
const FOUR: &str = ".3.....2..4.3...";

fn model(line: &str) -> Model {
    Model::from_grid(&Grid::from_line(line).unwrap(), "test")
}

fn keys(m: &mut Model, s: &str) -> Option<Cmd> {
    let mut last = None;
    for c in s.chars() {
        last = update(m, Msg::Key(Key::Char(c)));
    }
    last
}

fn key(m: &mut Model, k: Key) -> Option<Cmd> {
    update(m, Msg::Key(k))
}

/// Selects row `r`, column `c` (1-based) with the arrow keys from wherever the cursor is.
fn go(m: &mut Model, r: usize, c: usize) {
    let n = m.game.side();
    let (r0, c0) = (m.sel / n, m.sel % n);
    for _ in 0..(r + n - 1 - r0) % n {
        key(m, Key::Down);
    }
    for _ in 0..(c + n - 1 - c0) % n {
        key(m, Key::Right);
    }
    assert_eq!(m.sel, (r - 1) * n + c - 1);
}

#[test]
fn moving_wraps_and_vi_keys_move() {
    let mut m = model(EASY);
    key(&mut m, Key::Up);
    assert_eq!(m.sel, 72);
    keys(&mut m, "jll");
    assert_eq!(m.sel, 2);
    keys(&mut m, "h");
    assert_eq!(m.sel, 1);
}

#[test]
fn placing_conflicts_and_givens() {
    let mut m = model(EASY);
    go(&mut m, 1, 3);
    keys(&mut m, "4");
    assert_eq!(m.game.value(2), 4);
    assert_eq!(m.focus, Some(4));
    assert!(m.game.conflicts().iter().all(|&c| !c));
    keys(&mut m, "5"); // a 5 is in row 1 already
    assert!(m.game.conflicts()[2], "the clash is marked at once");
    assert!(m.message.contains("clashes"), "{}", m.message);
    go(&mut m, 1, 1);
    keys(&mut m, "9");
    assert_eq!(m.game.value(0), 5, "givens don't change");
    assert!(m.message.contains("given"));
    let rev = m.revision;
    go(&mut m, 1, 3);
    keys(&mut m, "0");
    assert_eq!(m.game.value(2), 0);
    assert!(m.revision > rev, "every change is marked for saving");
}

#[test]
fn letters_type_digits_above_nine() {
    let mut m = Model::from_grid(&Grid::empty(sudoku::Shape::new(4, 4).unwrap()), "t");
    keys(&mut m, "G");
    assert_eq!(m.game.value(0), 16);
    go(&mut m, 1, 2);
    keys(&mut m, "H"); // no 17 in a 16x16
    assert_eq!(m.game.value(1), 0);
}

#[test]
fn pencil_marks_toggle_and_erase() {
    let mut m = model(EASY);
    go(&mut m, 1, 3);
    keys(&mut m, "p124");
    assert_eq!(m.game.marks(2), bit(1) | bit(2) | bit(4));
    keys(&mut m, "2");
    assert_eq!(m.game.marks(2), bit(1) | bit(4));
    key(&mut m, Key::Backspace);
    assert_eq!(m.game.marks(2), 0);
    keys(&mut m, "u");
    assert_eq!(m.game.marks(2), bit(1) | bit(4));
}

#[test]
fn auto_candidates_follow_moves_and_undo() {
    let mut m = model(EASY);
    keys(&mut m, "a");
    assert!(m.auto);
    // r1c3 may hold 1, 2 or 4.
    assert_eq!(m.game.marks(2), bit(1) | bit(2) | bit(4));
    go(&mut m, 1, 4);
    let before = m.game.marks(2);
    keys(&mut m, "2");
    assert_eq!(
        m.game.marks(2),
        before & !bit(2),
        "placing takes the digit off its peers"
    );
    key(&mut m, Key::Delete);
    assert_eq!(m.game.marks(2), before, "erasing gives it back");
    keys(&mut m, "uu");
    assert_eq!(m.game.value(3), 0);
    assert_eq!(m.game.marks(2), before);
}

#[test]
fn a_suggested_name_is_replaced_by_typing_and_edited_by_backspace() {
    let mut m = model(EASY);
    keys(&mut m, "c");
    // Typing replaces the suggestion "1" (keys in a prompt are text, not actions).
    for c in "ab".chars() {
        key(&mut m, Key::Char(c));
    }
    key(&mut m, Key::Enter);
    keys(&mut m, "c");
    key(&mut m, Key::Backspace);
    key(&mut m, Key::Backspace);
    for c in "3x".chars() {
        key(&mut m, Key::Char(c));
    }
    key(&mut m, Key::Enter);
    let names: Vec<&str> = m.game.checkpoints.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["ab", "3x"]);
}

#[test]
fn undo_redo_across_checkpoints() {
    let mut m = model(EASY);
    go(&mut m, 1, 3);
    keys(&mut m, "4");
    keys(&mut m, "c");
    assert!(matches!(m.overlay, Overlay::Prompt { .. }));
    for c in "\u{8}mine".chars() {
        key(
            &mut m,
            if c == '\u{8}' {
                Key::Backspace
            } else {
                Key::Char(c)
            },
        );
    }
    key(&mut m, Key::Enter);
    assert_eq!(m.game.checkpoints[0].name, "mine");
    go(&mut m, 1, 4);
    keys(&mut m, "p6");
    keys(&mut m, "p2");
    keys(&mut m, "b");
    assert!(matches!(m.overlay, Overlay::Checkpoints { sel: 0 }));
    key(&mut m, Key::Enter);
    assert_eq!(
        (m.game.value(2), m.game.value(3), m.game.marks(3)),
        (4, 0, 0)
    );
    keys(&mut m, "u");
    assert_eq!(
        (m.game.value(3), m.game.marks(3)),
        (2, bit(6)),
        "the restore is undone"
    );
    keys(&mut m, "uuu");
    assert_eq!(m.game.value(2), 0);
    keys(&mut m, "rrrr");
    assert_eq!(
        (m.game.value(2), m.game.value(3)),
        (4, 0),
        "redo replays the restore"
    );
    keys(&mut m, "r");
    assert_eq!(m.message, "Nothing to redo.");
}

#[test]
fn trial_layer_discard_and_keep() {
    let mut m = model(EASY);
    go(&mut m, 1, 3);
    keys(&mut m, "4t");
    assert!(m.game.trial.is_some());
    go(&mut m, 1, 4);
    keys(&mut m, "6");
    assert!(m.game.in_trial(3));
    keys(&mut m, "uu");
    assert_eq!(m.game.value(2), 4, "undo stops at the trial's start");
    keys(&mut m, "r");
    keys(&mut m, "z");
    assert_eq!(
        (m.game.value(2), m.game.value(3), m.game.trial.is_some()),
        (4, 0, false)
    );
    keys(&mut m, "r");
    assert_eq!(m.game.value(3), 0, "a thrown-away trial can't be redone");
    keys(&mut m, "t6y");
    assert_eq!((m.game.value(3), m.game.trial.is_some()), (6, false));
}

#[test]
fn hints_vague_then_concrete_then_step() {
    let mut m = model(EASY);
    keys(&mut m, "i");
    let h = m.hint.clone().unwrap();
    assert!(!h.concrete);
    assert!(h.hint.vague.starts_with("Look at"), "{}", h.hint.vague);
    keys(&mut m, "i");
    assert!(m.hint.as_ref().unwrap().concrete);
    let p = h.hint.placements[0];
    keys(&mut m, "s");
    assert_eq!(m.game.value(p.cell.index()) as usize, p.digit.get());
    assert!(m.hint.is_none());
    assert!(m.message.contains("Single"), "{}", m.message);
    keys(&mut m, "u");
    assert_eq!(m.game.value(p.cell.index()), 0, "a step undoes like a move");
}

#[test]
fn a_hint_on_a_puzzle_without_one_solution_says_so_in_the_clis_words() {
    // The game said "no technique the hints know applies" of a nearly empty 4x4; `sudoku
    // hint` says "No hint: multiple solutions." of it.
    let mut m = model("1...............");
    keys(&mut m, "i");
    assert_eq!(m.message, "No hint: multiple solutions.");
}

#[test]
fn hint_finds_mistakes_first() {
    let mut m = model(EASY);
    go(&mut m, 1, 3);
    keys(&mut m, "1"); // the solution has 4 here
    keys(&mut m, "i");
    assert_eq!(
        m.hint.as_ref().unwrap().hint.vague,
        "There is a mistake in row 1."
    );
    keys(&mut m, "s");
    assert_eq!(m.game.value(2), 0);
}

#[test]
fn step_and_whole_path_solve_an_easy_puzzle() {
    let mut m = model(EASY);
    keys(&mut m, "w");
    let Overlay::Path { lines, .. } = &m.overlay else {
        panic!("no path shown")
    };
    assert_eq!(lines.last().unwrap(), "Solved in 51 steps.");
    key(&mut m, Key::Esc);
    assert_eq!(m.overlay, Overlay::None);
    for _ in 0..51 {
        keys(&mut m, "s");
    }
    assert!(m.solved());
    assert!(m.message.contains("Solved in"), "{}", m.message);
    let t = m.game.elapsed_ms;
    update(&mut m, Msg::Tick(5000));
    assert_eq!(m.game.elapsed_ms, t, "the clock stops when solved");
}

#[test]
fn timer_pauses_and_pause_blocks_moves() {
    let mut m = model(EASY);
    update(&mut m, Msg::Tick(1500));
    keys(&mut m, " ");
    assert!(m.paused);
    update(&mut m, Msg::Tick(1500));
    go_blocked(&mut m);
    keys(&mut m, " ");
    update(&mut m, Msg::Tick(500));
    assert_eq!(m.game.elapsed_ms, 2000);
}

fn go_blocked(m: &mut Model) {
    let sel = m.sel;
    keys(m, "l3");
    assert_eq!((m.sel, m.game.pos), (sel, 0), "nothing moves while paused");
}

#[test]
fn mouse_click_selects_a_cell() {
    let mut m = model(EASY);
    update(&mut m, Msg::Resize(120, 40));
    let g = layout::screen(m.size, m.game.shape()).unwrap().grid;
    update(
        &mut m,
        Msg::Click {
            x: g.col_x(5) + 1,
            y: g.row_y(7),
        },
    );
    assert_eq!(m.sel, 7 * 9 + 5);
}

#[test]
fn new_game_open_export_and_quit() {
    let mut m = model(FOUR);
    keys(&mut m, "n");
    assert!(matches!(m.overlay, Overlay::NewGame { .. }));
    key(&mut m, Key::Enter);
    assert_eq!(m.game.shape(), sudoku::Shape::NINE);
    assert_eq!(m.game.level.as_deref(), Some("easy"));
    assert!(m.game.solution.is_some());
    keys(&mut m, "o");
    for c in "x.txt".chars() {
        key(&mut m, Key::Char(c));
    }
    assert_eq!(key(&mut m, Key::Enter), Some(Cmd::Open("x.txt".into())));
    update(&mut m, Msg::Loaded(Err("cannot open x.txt".into())));
    assert_eq!(m.message, "cannot open x.txt");
    m.save_path = "/tmp/s/game.json".into();
    keys(&mut m, "x");
    assert_eq!(
        key(&mut m, Key::Enter),
        Some(Cmd::Export("/tmp/s/game.sdk".into()))
    );
    assert_eq!(keys(&mut m, "q"), Some(Cmd::Quit));
    assert_eq!(key(&mut m, Key::Ctrl('c')), Some(Cmd::Quit));
}

#[test]
fn entry_mode_makes_givens() {
    let mut m = model(EASY);
    keys(&mut m, "e");
    key(&mut m, Key::Backspace);
    keys(&mut m, "4");
    key(&mut m, Key::Enter);
    assert!(m.entry);
    assert_eq!(m.game.side(), 4);
    for (i, c) in FOUR.chars().enumerate() {
        if c != '.' {
            m.sel = i;
            keys(&mut m, &c.to_string());
        }
    }
    keys(&mut m, "e");
    assert!(!m.entry, "{}", m.message);
    assert!(m.game.is_given(1) && m.game.is_given(7));
    assert_eq!(m.game.pos, 0, "typing moves became givens");
}

#[test]
fn configured_keys_apply() {
    let mut m = model(EASY);
    m.keymap = Keymap::with_config("x = undo\nu = none").0;
    go(&mut m, 1, 3);
    keys(&mut m, "4u");
    assert_eq!(m.game.value(2), 4);
    keys(&mut m, "x");
    assert_eq!(m.game.value(2), 0);
}

#[test]
fn help_lists_every_action() {
    let mut m = model(EASY);
    keys(&mut m, "?");
    assert!(matches!(m.overlay, Overlay::Help { .. }));
    let help = view::help_lines(&m).join("\n");
    for a in super::keys::Action::ALL {
        assert!(help.contains(a.doc()), "{a:?} missing from help");
    }
    keys(&mut m, "x");
    assert_eq!(m.overlay, Overlay::None);
}

#[test]
fn save_and_resume_round_trip() {
    let dir = std::env::temp_dir().join(format!("sudoku-play-test-{}", std::process::id()));
    let path = dir.join("game.json");
    let mut m = model(EASY);
    go(&mut m, 1, 3);
    keys(&mut m, "4a");
    keys(&mut m, "c");
    key(&mut m, Key::Enter);
    go(&mut m, 1, 4);
    keys(&mut m, "t6u");
    update(&mut m, Msg::Tick(4200));
    save::save(&m, &path).unwrap();
    let mut back = model(FOUR);
    save::load(&mut back, &path).unwrap();
    assert_eq!(back.game, m.game);
    assert_eq!((back.auto, back.sel), (true, 3));
    keys(&mut back, "r");
    assert_eq!(back.game.value(3), 6, "redo survives a resume");
    assert!(!dir.join(".game.json.tmp").exists());
    // A damaged file is refused, not misread.
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    v["history"][0]["edits"][0]["before"]["value"] = 7.into();
    std::fs::write(&path, v.to_string()).unwrap();
    assert!(save::load(&mut back, &path).is_err());
    std::fs::remove_dir_all(dir).unwrap();
}

// ---- view snapshots ----

fn render(m: &Model, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::view(m, f)).unwrap();
    t
}

macro_rules! snap {
    ($name:literal, $term:expr) => {
        insta::with_settings!({snapshot_path => "../../tests/snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($name, $term.backend());
        })
    };
}

#[test]
fn view_4x4() {
    let mut m = model(FOUR);
    keys(&mut m, "l2a");
    snap!("play_4x4", render(&m, 60, 16));
}

#[test]
fn view_9x9_with_pencil_marks_and_hint() {
    let mut m = model(EASY);
    keys(&mut m, "a");
    keys(&mut m, "ii");
    snap!("play_9x9_large", render(&m, 120, 40));
}

#[test]
fn view_9x9_small_terminal() {
    let mut m = model(EASY);
    go(&mut m, 1, 3);
    keys(&mut m, "4");
    snap!("play_9x9_80x24", render(&m, 80, 24));
}

#[test]
fn view_16x16() {
    let (g, _, _) =
        super::newgame::NewGame::game(&super::newgame::Bundled, "16x16-easy", 7).unwrap();
    let m = Model::from_grid(&g, "bundled 16x16");
    snap!("play_16x16", render(&m, 100, 40));
}

#[test]
fn view_too_small() {
    let m = model(EASY);
    snap!("play_too_small", render(&m, 30, 10));
}

#[test]
fn view_help_and_pause() {
    let mut m = model(EASY);
    keys(&mut m, "?");
    snap!("play_help", render(&m, 100, 40));
    keys(&mut m, "x ");
    snap!("play_paused", render(&m, 80, 24));
}

#[test]
fn view_25x25_large_and_too_small() {
    // Typing in a 25x25: an empty grid in entry mode.
    let mut m = model(EASY);
    keys(&mut m, "e");
    for _ in 0..2 {
        key(&mut m, Key::Backspace);
    }
    keys(&mut m, "25");
    key(&mut m, Key::Enter);
    assert_eq!(m.game.side(), 25);
    keys(&mut m, "P");
    assert_eq!(m.game.value(0), 25);
    snap!("play_25x25", render(&m, 120, 45));
    snap!("play_25x25_too_small", render(&m, 60, 30));
}

#[test]
fn hints_use_pencil_marks_only_when_sound() {
    let mut plain = model(EASY);
    keys(&mut plain, "i");
    let mut m = model(EASY);
    keys(&mut m, "ai");
    assert_eq!(
        m.hint, plain.hint,
        "complete auto marks give the same first hint"
    );
    // Take the solution digit (4) out of r1c3's marks: the marks are no longer trusted, and
    // hints fall back to what the rules allow.
    let mut m = model(EASY);
    keys(&mut m, "a");
    go(&mut m, 1, 3);
    keys(&mut m, "p4p");
    assert_eq!(m.game.marks(2) & bit(4), 0);
    keys(&mut m, "i");
    assert_eq!(m.hint, plain.hint);
}

#[test]
fn colours_read_on_any_theme_and_no_color_means_none() {
    use ratatui::style::Color;
    let mut m = model(EASY);
    keys(&mut m, "a");
    go(&mut m, 1, 3);
    keys(&mut m, "5ii"); // a clash, a focus digit, a concrete hint
    let t = render(&m, 120, 40);
    let cells = t.backend().buffer().content().to_vec();
    for c in &cells {
        if c.bg != Color::Reset {
            assert_eq!(c.fg, Color::Black, "text on a coloured background is black");
        }
    }
    assert!(cells.iter().any(|c| c.bg != Color::Reset), "colour is used");
    m.mono = true;
    let t = render(&m, 120, 40);
    for c in t.backend().buffer().content() {
        assert_eq!(
            (c.fg, c.bg),
            (Color::Reset, Color::Reset),
            "NO_COLOR: no colour at all"
        );
    }
}

#[test]
fn step_keeps_eliminations_when_auto_candidates_are_off() {
    // Hard enough that steps which only eliminate come early: each must stick, or the same
    // step would come back for ever.
    let mut m =
        model("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    assert!(!m.auto, "the library's solver is the default hint source");
    let mut seen_elimination = false;
    for _ in 0..500 {
        if m.solved() {
            break;
        }
        let before = m.game.cells.clone();
        keys(&mut m, "s");
        assert_ne!(
            before, m.game.cells,
            "a step changed nothing: {}",
            m.message
        );
        seen_elimination |= m.auto;
    }
    assert!(m.solved(), "{}", m.message);
    assert!(
        seen_elimination,
        "no step only eliminated: the test proves nothing"
    );
}

#[test]
fn no_stale_word_about_the_logic_solver() {
    // Singles alone stall on this one: step until they do, then ask for a hint.
    let mut m =
        model("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    m.hints = Box::new(super::hint::Logic::with_techniques(Some("singles")));
    for _ in 0..81 {
        keys(&mut m, "s");
        if m.message.starts_with("No hint") {
            break;
        }
    }
    assert!(m.message.starts_with("No hint"), "{}", m.message);
    assert!(!m.message.contains("lands"), "{}", m.message);
}

#[test]
fn opening_an_exported_game_in_the_game_keeps_the_players_digits_apart() {
    let mut m = model(FOUR);
    go(&mut m, 1, 1);
    keys(&mut m, "1");
    assert_eq!(m.game.value(0), 1);
    let dir = std::env::temp_dir().join(format!("sudoku-open-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.sdk");
    std::fs::write(&path, super::export::sdk(&m.game).unwrap()).unwrap();
    let loaded = super::read_puzzle(&path).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let mut back = model(EASY);
    update(&mut back, Msg::Loaded(Ok(loaded)));
    assert_eq!(
        back.game.puzzle, m.game.puzzle,
        "the player's digit is no given"
    );
    assert_eq!(back.game.value(0), 1, "the player's digit is kept");
    assert!(!back.game.is_given(0));
}

/// `text` with each symbol of `from` replaced by the one at the same place in `to`.
fn relabel(text: &str, from: &str, to: &str) -> String {
    text.chars()
        .map(|c| from.find(c).map_or(c, |i| to.as_bytes()[i] as char))
        .collect()
}

fn testdata(name: &str) -> String {
    let path = format!("{}/testdata/cli/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn a_files_letters_are_shown_typed_saved_and_exported() {
    use sudoku::format::{parse_str, Alphabet};
    let hex = relabel(
        testdata("sixteen.txt").trim(),
        "123456789ABCDEFG",
        "0123456789ABCDEF",
    );
    let p = parse_str(&hex, None).unwrap();
    assert_eq!(p.alphabet, Some(Alphabet::Hex));
    let mut m = Model::new(super::game::Game::from_puzzle(&p, "hex"));
    // Shown: the file's first given, `E` (15), where 1-9A-G would show `F`; and no `G`.
    let first = hex.chars().next().unwrap();
    assert_eq!((first, m.game.value(0)), ('E', 15));
    let screen = render(&m, 120, 45).backend().to_string();
    assert!(!screen.contains('G'), "{screen}");
    m.sel = 0;
    let panel = render(&m, 120, 45).backend().to_string();
    assert!(panel.contains("E (given)"), "{panel}");
    // Typed: `0` is digit 1 (not erase), `F` is 16.
    let empty = hex.find('.').unwrap();
    m.sel = empty;
    keys(&mut m, "0");
    assert_eq!(m.game.value(empty), 1);
    keys(&mut m, "F");
    assert_eq!(m.game.value(empty), 16);
    // Saved and resumed: still hex.
    let dir = std::env::temp_dir().join(format!("sudoku-play-alpha-{}", std::process::id()));
    let path = dir.join("game.json");
    save::save(&m, &path).unwrap();
    let mut back = model(FOUR);
    save::load(&mut back, &path).unwrap();
    assert_eq!(back.game, m.game);
    assert_eq!(back.game.alphabet, Alphabet::Hex);
    // Exported: the .sdk is written in hex and reads back as the same position, in hex.
    let sdk = super::export::sdk(&m.game).unwrap();
    assert!(
        sdk.contains(&format!("[Puzzle]\n{}\n", &hex[..16])),
        "{sdk}"
    );
    assert!(!sdk.contains('G'), "{sdk}");
    let q = parse_str(&sdk, None).unwrap();
    assert_eq!(q.alphabet, Some(Alphabet::Hex));
    assert_eq!(q.grid, m.game.grid());
    let _ = std::fs::remove_dir_all(&dir);

    // A 25x25 in A-Y: shown and typed in letters.
    let letters = testdata("twentyfive.txt");
    let p = parse_str(letters.trim(), None).unwrap();
    assert_eq!(p.alphabet, Some(Alphabet::Letters));
    let mut m = Model::new(super::game::Game::from_puzzle(&p, "letters"));
    let given = letters.find(|c: char| c.is_ascii_alphabetic()).unwrap();
    m.sel = given;
    let panel = render(&m, 160, 60).backend().to_string();
    let ch = letters.as_bytes()[given] as char;
    assert!(panel.contains(&format!("{ch} (given)")), "{panel}");
    let empty = letters.find('.').unwrap();
    m.sel = empty;
    keys(&mut m, "A");
    assert_eq!(m.game.value(empty), 1);
    keys(&mut m, "Y");
    assert_eq!(m.game.value(empty), 25);
    // Saved and resumed (the save's puzzle line was once written in A-Y and read in
    // 1-9A-Z).
    let path = dir.join("game25.json");
    save::save(&m, &path).unwrap();
    let mut back = model(FOUR);
    save::load(&mut back, &path).unwrap();
    assert_eq!(back.game, m.game);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_file_reads_as_its_puzzle_for_every_command() {
    // `sudoku solve game.json`: the save's `shape` gives the boxes (a 6x6 in 3x2 boxes
    // was read in 2x3, another puzzle), its `puzzle` line is in the standard symbols and
    // `alphabet` names the game's (a hex save was read in hex: every digit off).
    use sudoku::format::{parse_str, Alphabet};
    let hex = relabel(
        testdata("sixteen.txt").trim(),
        "123456789ABCDEFG",
        "0123456789ABCDEF",
    );
    let six = testdata("six-3x2.json");
    for text in [six.trim(), hex.as_str()] {
        let p = parse_str(text, None).unwrap();
        let mut m = Model::new(super::game::Game::from_puzzle(&p, "test"));
        let empty = (0..p.shape().cell_count())
            .find(|&c| m.game.value(c) == 0)
            .unwrap();
        m.sel = empty;
        keys(&mut m, "1");
        let saved = serde_json::to_string(&save::SaveFile::of(&m)).unwrap();
        let back = parse_str(&saved, None).unwrap();
        assert_eq!(back.grid, p.grid.givens(), "{saved}");
        assert_eq!(back.shape(), p.shape(), "{saved}");
        assert_eq!(back.alphabet.unwrap_or(Alphabet::Standard), m.game.alphabet);
    }
}
