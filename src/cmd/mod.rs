//! One module per subcommand; each has an `Args` struct and a `run` function.

pub mod bench;
pub mod canonical;
pub mod check;
pub mod convert;
pub mod explain;
pub mod generate;
pub mod hint;
pub mod play;
pub mod print;
mod print_layout;
mod print_path;
mod print_render;
pub mod rate;
pub mod serve;
pub mod shell;
pub mod solve;
pub mod verdict;

use crate::cli::{Cli, Command};
use std::process::ExitCode;

/// Runs the chosen subcommand (solve when there is none).
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if cli.command.is_none() {
        if let Some(first) = cli.solve.input.files.first() {
            not_a_command(first)?;
        }
    }
    match cli.command {
        None => solve::run(&cli.solve),
        Some(Command::Solve(a)) => solve::run(&a),
        Some(Command::Check(a)) => check::run(&a),
        Some(Command::Convert(a)) => convert::run(&a),
        Some(Command::Play(a)) => play::run(&a),
        Some(Command::Bench(a)) => bench::run(&a),
        Some(Command::Explain(a)) => explain::run(&a),
        Some(Command::Hint(a)) => hint::run(&a),
        Some(Command::Rate(a)) => rate::run(&a),
        Some(Command::Generate(a)) => generate::run(&a),
        Some(Command::Canonical(a)) => canonical::run(&a),
        Some(Command::Print(a)) => print::run(&a),
        Some(Command::Serve(a)) => serve::run(&a),
        Some(Command::Completions(a)) => shell::completions(&a),
        Some(Command::Man(a)) => shell::man(&a),
    }
}

/// The three outcomes a command can end with, folded over puzzles: the worst one wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Status {
    #[default]
    Ok = 0,
    Negative = 1,
    InputError = 2,
}

impl Status {
    pub fn worst(self, other: Status) -> Status {
        self.max(other)
    }
    pub fn code(self) -> ExitCode {
        ExitCode::from(self as u8)
    }
}

/// What a worker of a path or hint batch (`explain`, `hint`) gives for one record, in
/// input order.
pub enum Outcome {
    /// Input that could not be read.
    Unread(sudoku::format::ParseError),
    /// A puzzle left for the run's time limit (counted) or unreadable input past it (not).
    Late { counted: bool },
    /// The text written for a puzzle, and whether it is a negative answer.
    Written { text: String, negative: bool },
}

impl Outcome {
    /// Folds the outcome into the run: an unread record is reported (and, with `json`,
    /// written as an error record), a late one counted in `skipped`, a negative answer
    /// kept in `status`. Gives the text to write, if any.
    pub fn settle(self, json: bool, status: &mut Status, skipped: &mut usize) -> Option<String> {
        match self {
            Outcome::Unread(e) => {
                *status = status.worst(crate::input::report(&e));
                json.then(|| format!("{}\n", crate::input::error_record(&e)))
            }
            Outcome::Late { counted } => {
                *skipped += usize::from(counted);
                None
            }
            Outcome::Written { text, negative } => {
                if negative {
                    *status = status.worst(Status::Negative);
                }
                Some(text)
            }
        }
    }
}

/// A record as one JSON line (with its newline), keys in alphabetical order as every
/// `--json` writes them: a library record ([`sudoku::format::json::Headed`] and the like)
/// goes out the same from every command.
pub fn json_line(record: &impl serde::Serialize) -> String {
    let mut line = crate::sorted_json::to_string(record).unwrap_or_else(|_| "null".into());
    line.push('\n');
    line
}

/// With no subcommand the arguments are files to solve; a first one that is no file but a
/// bare word (`sudoku slove x.txt`, `sudoku count x.txt`) is a mistyped command, said as
/// such rather than as a file that cannot be opened.
fn not_a_command(first: &std::path::Path) -> anyhow::Result<()> {
    let Some(word) = first.to_str() else {
        return Ok(());
    };
    let bare = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphabetic() || c == '-');
    if !bare || word.starts_with('-') || first.exists() {
        return Ok(());
    }
    let cmd = <Cli as clap::CommandFactory>::command();
    let names: Vec<&str> = cmd
        .get_subcommands()
        .map(|c| c.get_name())
        .filter(|&n| n != "help")
        .collect();
    let closest = names
        .iter()
        .map(|&n| (strsim::damerau_levenshtein(word, n), n))
        .min()
        .filter(|&(d, n)| d <= 2 && d < n.len());
    match closest {
        Some((_, n)) => {
            anyhow::bail!("'{word}' is neither a command nor a file: did you mean `sudoku {n}`?")
        }
        None => anyhow::bail!(
            "'{word}' is neither a command nor a file (commands: {})",
            names.join(", ")
        ),
    }
}
