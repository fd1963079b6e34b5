//! Keys and what they do: the [`Key`] type (ours, not crossterm's, so that `update` and its
//! tests never touch the terminal library), the [`Action`]s a key can trigger, the default
//! [`Keymap`] and the small config file that changes it.
//!
//! Config file (`$XDG_CONFIG_HOME/sudoku/keys.conf`, else `~/.config/sudoku/keys.conf`): one
//! `key = action` per line, `#` starts a comment. Keys are a character (`x`), a name (`up`,
//! `down`, `left`, `right`, `enter`, `esc`, `tab`, `backspace`, `delete`, `space`, `home`,
//! `end`, `f1`..`f12`) or `ctrl-x`. Actions are the names in [`Action::ALL`]. A line
//! `key = none` unbinds a key. Digits (`1-9`, and upper-case letters for 10 and up) are
//! never rebound: they are how digits are typed.

use std::collections::BTreeMap;
use std::fmt;

/// A key press, as the game sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Key {
    Char(char),
    Ctrl(char),
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    Tab,
    Backspace,
    Delete,
    Home,
    End,
    F(u8),
}

impl Key {
    /// Parses a key as the config file writes it.
    pub fn parse(s: &str) -> Option<Key> {
        let s = s.trim();
        let lower = s.to_ascii_lowercase();
        if let Some(rest) = lower
            .strip_prefix("ctrl-")
            .or_else(|| lower.strip_prefix("c-"))
        {
            let mut it = rest.chars();
            return match (it.next(), it.next()) {
                (Some(c), None) => Some(Key::Ctrl(c)),
                _ => None,
            };
        }
        let named = match lower.as_str() {
            "up" => Key::Up,
            "down" => Key::Down,
            "left" => Key::Left,
            "right" => Key::Right,
            "enter" | "return" => Key::Enter,
            "esc" | "escape" => Key::Esc,
            "tab" => Key::Tab,
            "backspace" | "bs" => Key::Backspace,
            "delete" | "del" => Key::Delete,
            "home" => Key::Home,
            "end" => Key::End,
            "space" => Key::Char(' '),
            _ => {
                if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
                    return (1..=12).contains(&n).then_some(Key::F(n));
                }
                let mut it = s.chars();
                return match (it.next(), it.next()) {
                    (Some(c), None) => Some(Key::Char(c)),
                    _ => None,
                };
            }
        };
        Some(named)
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Char(' ') => f.write_str("space"),
            Key::Char(c) => write!(f, "{c}"),
            Key::Ctrl(c) => write!(f, "ctrl-{c}"),
            Key::Up => f.write_str("up"),
            Key::Down => f.write_str("down"),
            Key::Left => f.write_str("left"),
            Key::Right => f.write_str("right"),
            Key::Enter => f.write_str("enter"),
            Key::Esc => f.write_str("esc"),
            Key::Tab => f.write_str("tab"),
            Key::Backspace => f.write_str("backspace"),
            Key::Delete => f.write_str("delete"),
            Key::Home => f.write_str("home"),
            Key::End => f.write_str("end"),
            Key::F(n) => write!(f, "f{n}"),
        }
    }
}

macro_rules! actions {
    ($($variant:ident $name:literal $doc:literal,)*) => {
        /// Everything a key can do (besides typing a digit).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Action {
            $(#[doc = $doc] $variant,)*
        }
        impl Action {
            /// Every action, in the order the help screen lists them.
            pub const ALL: &'static [Action] = &[$(Action::$variant,)*];
            /// The name used in the config file.
            pub fn name(self) -> &'static str {
                match self { $(Action::$variant => $name,)* }
            }
            /// One line for the help screen.
            pub fn doc(self) -> &'static str {
                match self { $(Action::$variant => $doc,)* }
            }
            /// The action named `name` in the config file.
            pub fn from_name(name: &str) -> Option<Action> {
                match name.trim() { $($name => Some(Action::$variant),)* _ => None }
            }
        }
    };
}

actions! {
    Up "up" "move up",
    Down "down" "move down",
    Left "left" "move left",
    Right "right" "move right",
    Erase "erase" "erase the cell (digit, or pencil marks)",
    Pencil "pencil" "pencil mode on/off: digits toggle candidates",
    AutoCandidates "auto-candidates" "auto-candidates on/off (kept up to date as you play)",
    Undo "undo" "undo (without limit)",
    Redo "redo" "redo",
    Hint "hint" "hint: vague first, then concrete (cells, explanation)",
    Step "step" "solve one step (apply the hint)",
    Path "path" "show the whole solving path",
    Checkpoint "checkpoint" "create a named checkpoint",
    Restore "restore" "list checkpoints and restore one",
    TrialStart "trial" "start a trial: follow a guess",
    TrialCommit "trial-keep" "keep the trial's moves",
    TrialDiscard "trial-drop" "throw the trial away",
    Pause "pause" "pause/resume the timer (hides the grid)",
    NewGame "new" "new game (choose a level)",
    Open "open" "open a puzzle file",
    Enter "enter-puzzle" "type in a puzzle (digits become givens)",
    Export "export" "export to .sdk (with [State]) and a pencil-mark grid",
    Help "help" "this help",
    Quit "quit" "save and quit",
}

/// Which key does what. Built from the defaults, then the config file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    map: BTreeMap<Key, Action>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        use Action as A;
        use Key::*;
        let pairs = [
            (Up, A::Up),
            (Down, A::Down),
            (Left, A::Left),
            (Right, A::Right),
            (Char('k'), A::Up),
            (Char('j'), A::Down),
            (Char('h'), A::Left),
            (Char('l'), A::Right),
            (Char('0'), A::Erase),
            (Char('.'), A::Erase),
            (Backspace, A::Erase),
            (Delete, A::Erase),
            (Char('p'), A::Pencil),
            (Char('a'), A::AutoCandidates),
            (Char('u'), A::Undo),
            (Ctrl('z'), A::Undo),
            (Char('r'), A::Redo),
            (Ctrl('r'), A::Redo),
            (Ctrl('y'), A::Redo),
            (Char('i'), A::Hint),
            (Char('s'), A::Step),
            (Char('w'), A::Path),
            (Char('c'), A::Checkpoint),
            (Char('b'), A::Restore),
            (Char('t'), A::TrialStart),
            (Char('y'), A::TrialCommit),
            (Char('z'), A::TrialDiscard),
            (Char(' '), A::Pause),
            (Char('n'), A::NewGame),
            (Char('o'), A::Open),
            (Char('e'), A::Enter),
            (Char('x'), A::Export),
            (Char('?'), A::Help),
            (F(1), A::Help),
            (Char('q'), A::Quit),
            (Ctrl('c'), A::Quit),
        ];
        Keymap {
            map: pairs.into_iter().collect(),
        }
    }
}

/// A line of the config file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "keys.conf:{}: {}", self.line, self.message)
    }
}

/// Whether `key` types a digit (so it can't be rebound): `1-9` and upper-case letters.
pub fn is_digit_key(key: Key) -> bool {
    matches!(key, Key::Char('1'..='9' | 'A'..='Z'))
}

impl Keymap {
    /// The action bound to `key`.
    pub fn action(&self, key: Key) -> Option<Action> {
        self.map.get(&key).copied()
    }

    /// The keys bound to `action`, as shown in the help.
    pub fn keys_for(&self, action: Action) -> Vec<Key> {
        self.map
            .iter()
            .filter(|(_, &a)| a == action)
            .map(|(&k, _)| k)
            .collect()
    }

    /// The defaults changed by the lines of a config file. Bad lines are skipped and
    /// reported; the good ones still apply.
    pub fn with_config(text: &str) -> (Keymap, Vec<ConfigError>) {
        let mut km = Keymap::default();
        let mut errors = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split_once('#').map_or(raw, |(a, _)| a).trim();
            // `#` itself can be bound when written as `'#'`.
            let line = if raw.trim_start().starts_with("'#'") {
                raw.trim()
            } else {
                line
            };
            if line.is_empty() {
                continue;
            }
            let err = |message: String| ConfigError {
                line: i + 1,
                message,
            };
            let Some((k, a)) = line.rsplit_once('=') else {
                errors.push(err(format!("expected `key = action`, found {line:?}")));
                continue;
            };
            let k = k.trim().trim_matches('\'');
            let Some(key) = Key::parse(k) else {
                errors.push(err(format!("unknown key {k:?}")));
                continue;
            };
            if is_digit_key(key) {
                errors.push(err(format!("{key} types a digit and can't be rebound")));
                continue;
            }
            match a.trim() {
                "none" | "unbound" => {
                    km.map.remove(&key);
                }
                name => match Action::from_name(name) {
                    Some(action) => {
                        km.map.insert(key, action);
                    }
                    None => errors.push(err(format!("unknown action {name:?}"))),
                },
            }
        }
        (km, errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_a_default_key() {
        let km = Keymap::default();
        for &a in Action::ALL {
            assert!(!km.keys_for(a).is_empty(), "{a:?} has no key");
            assert_eq!(Action::from_name(a.name()), Some(a));
        }
    }

    #[test]
    fn no_default_key_types_a_digit() {
        let km = Keymap::default();
        assert!(km.map.keys().all(|&k| !is_digit_key(k)));
    }

    #[test]
    fn config_rebinds_unbinds_and_reports() {
        let text =
            "# my keys\nctrl-u = undo\nu = none\nw=up # comment\nQ = quit\nfoo = bar\nv = fly\n";
        let (km, errs) = Keymap::with_config(text);
        assert_eq!(km.action(Key::Ctrl('u')), Some(Action::Undo));
        assert_eq!(km.action(Key::Char('u')), None);
        assert_eq!(km.action(Key::Char('w')), Some(Action::Up));
        let lines: Vec<usize> = errs.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![5, 6, 7]);
    }

    #[test]
    fn keys_round_trip_through_text() {
        for k in [
            Key::Ctrl('r'),
            Key::F(1),
            Key::Char(' '),
            Key::Up,
            Key::Char('?'),
        ] {
            assert_eq!(Key::parse(&k.to_string()), Some(k));
        }
    }
}
