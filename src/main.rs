//! The `sudoku` command: a thin shell over the `sudoku` library.
//!
//! `main` parses the arguments, runs one subcommand and turns its result into an exit code:
//! 0 success, 1 a negative answer (no unique solution, check failed), 2 usage or input
//! errors. A closed pipe (`sudoku solve big.txt | head`) ends quietly with 0.

mod batch;
mod cli;
mod cmd;
mod input;
mod limits;
mod tui;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cmd::run(cli) {
        Ok(code) => code,
        Err(err) => {
            if batch::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            eprintln!("sudoku: {err:#}");
            ExitCode::from(2)
        }
    }
}
