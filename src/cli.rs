//! The command line: one clap `Command` variant per subcommand. Doc comments here are the
//! `--help` text.

use crate::cmd;
use clap::{Parser, Subcommand};

const AFTER_HELP: &str = "\
Exit codes: 0 success (every puzzle has a unique solution, or the check passed);
            1 a negative answer (some puzzle has no or several solutions, or invalid givens;
              a check failed); 2 usage or input errors.
`sudoku FILE...` with no subcommand solves, as the classic `sudoku puzzlefile` programs did.
Every command reads files or standard input (no file, or `-`) and detects the format.";

const GENERATE_AFTER_HELP: &str = "\
Exit codes: 0 every puzzle asked for was made; 1 not all of them (the time limit reached,
              or none within --max-attempts: those made are written); 2 usage errors.";

const SERVE_AFTER_HELP: &str = "\
Exit codes: 0 stopped (Ctrl-C or SIGTERM); 2 usage errors, or the address can't be used.";

/// Sudoku of every size: read, write, solve, check and convert puzzles.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version, after_help = AFTER_HELP, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// With no subcommand: solve these files, as `sudoku solve` does.
    #[command(flatten)]
    pub solve: cmd::solve::SolveArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles: says for each whether it has a unique solution (and prints it),
    /// several (two shown), none, or invalid givens (the clashes named).
    #[command(after_help = AFTER_HELP)]
    Solve(cmd::solve::SolveArgs),
    /// Check that a filled grid is a valid solution (and, with --puzzle, keeps its givens);
    /// a record that carries its solution (`solve --json`, a bank's row) has it checked, and
    /// one listing several (`solve --json` of a puzzle with more than one) has each checked.
    #[command(after_help = AFTER_HELP)]
    Check(cmd::check::CheckArgs),
    /// Convert puzzles from any format to any format.
    ///
    /// One pass in input order, each puzzle written as it comes (so no --jobs).
    #[command(after_help = AFTER_HELP)]
    Convert(cmd::convert::ConvertArgs),
    /// Solve like a person: the path step by step, each step explained; backtracking only as
    /// the last, labelled resort.
    #[command(after_help = AFTER_HELP)]
    Explain(cmd::explain::ExplainArgs),
    /// The next step for a puzzle or a pencil-mark grid: vague first, --full for the details.
    #[command(after_help = AFTER_HELP)]
    Hint(cmd::hint::HintArgs),
    /// Rate difficulty: Sudoku Explainer's ER/EP/ED (`ED=7.1/1.2/1.2`, as serate prints
    /// it) and HoDoKu's level and score. Exit 1 when a puzzle has no unique solution, or its
    /// rating stalled or timed out.
    #[command(after_help = AFTER_HELP)]
    Rate(cmd::rate::RateArgs),
    /// Play in the terminal (arrows/hjkl/mouse, digits, p pencil, i hint, u undo, ? help).
    Play(cmd::play::PlayArgs),
    /// Generate unique puzzles: any shape, symmetry, givens range, minimal, given patterns;
    /// reproducible from --seed whatever --jobs.
    #[command(after_help = GENERATE_AFTER_HELP)]
    Generate(cmd::generate::GenerateArgs),
    /// Print the canonical form of puzzles of any shape (to find duplicates up to
    /// symmetry): for 9x9 the minlex form, 81 digits with 0 for empty; for other shapes
    /// one found by colour refinement, in the line format. A puzzle and its transpose (6x6
    /// in 3x2 boxes and in 2x3) share one form, written with boxes wider than tall.
    #[command(after_help = AFTER_HELP)]
    Canonical(cmd::canonical::CanonicalArgs),
    /// Print puzzles on paper: PDF booklets (numbered, rated, answer keys, large print,
    /// trim sizes), SVG or PNG pages.
    #[command(after_help = AFTER_HELP)]
    Print(cmd::print::PrintArgs),
    /// Time the solvers on puzzle files of any shape (fast9 for 9x9, the general engine for
    /// the rest): puzzles/s, µs/puzzle, guesses/puzzle, % solved without guessing; every
    /// answer verified in an untimed pass. Puzzles with clashing givens are named on stderr
    /// and counted apart (invalid); they, and puzzles cut short by --max-time, make the
    /// exit code 1.
    Bench(cmd::bench::BenchArgs),
    /// The browser app: play, get hints drawn on the grid, generate; prints its URL first.
    #[command(after_help = SERVE_AFTER_HELP)]
    Serve(cmd::serve::ServeArgs),
    /// Tab completion for a shell, on standard output: `sudoku completions bash >
    /// ~/.local/share/bash-completion/completions/sudoku` (zsh: a file `_sudoku` in
    /// $fpath; fish: ~/.config/fish/completions/sudoku.fish).
    Completions(cmd::shell::CompletionsArgs),
    /// A manual page in roff, on standard output: `sudoku man | man -l -`, or `sudoku man
    /// solve > sudoku-solve.1` for a command's own.
    Man(cmd::shell::ManArgs),
}
