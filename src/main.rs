//! The `sudoku` command: a thin shell over the `sudoku` library.
//!
//! `main` parses the arguments, runs one subcommand and turns its result into an exit code:
//! 0 success, 1 a negative answer (no unique solution, check failed), 2 usage or input
//! errors. A closed pipe (`sudoku solve big.txt | head`) ends quietly with 0, and a
//! stderr that fails (a closed pipe, a hung-up terminal) loses its messages, not the run.

/// `eprintln!` that ignores a failed write: a message lost on a dead stderr must not turn
/// into a panic (exit 101), nor, in a thread, into a process that never ends.
macro_rules! warn {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod atomic;
mod batch;
mod cli;
mod cmd;
mod input;
mod limits;
mod sorted_json;
mod tui;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // clap's own `exit` panics when it cannot write the message.
            let _ = err.print();
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
    };
    match cmd::run(cli) {
        Ok(code) => code,
        Err(err) => {
            if batch::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            warn!("sudoku: {err:#}");
            ExitCode::from(2)
        }
    }
}
