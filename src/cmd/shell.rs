//! `sudoku completions SHELL` and `sudoku man [COMMAND]`: tab completion for the shells and
//! the manual pages, made from the same clap definition as `--help` (clap's own
//! clap_complete and clap_mangen), so they can never disagree with it.

use crate::cli::Cli;
use anyhow::{bail, Context};
use clap::{Args, CommandFactory};
use std::io::Write;
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to write (`solve` gives sudoku-solve(1)); none: sudoku(1).
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// Writes the completion script for `args.shell` on standard output.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut cmd = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "sudoku", &mut out);
    std::io::stdout().lock().write_all(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes a manual page in roff on standard output: sudoku(1), or a command's own.
pub fn man(args: &ManArgs) -> anyhow::Result<ExitCode> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let page = match &args.command {
        None => cmd,
        Some(name) => {
            let Some(sub) = cmd.find_subcommand(name) else {
                let names: Vec<&str> = cmd.get_subcommands().map(|s| s.get_name()).collect();
                bail!("no command {name:?}: one of {}", names.join(", "));
            };
            // The page is named for the whole command line, as man(1) looks it up.
            sub.clone()
                .display_name(format!("sudoku-{}", sub.get_name()))
                .bin_name(format!("sudoku {}", sub.get_name()))
        }
    };
    let mut out = Vec::new();
    render(&page, &mut out).context("cannot render the page")?;
    std::io::stdout().lock().write_all(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// clap_mangen's sections, but the text after the options (exit codes, notes) kept line
/// for line as `--help` aligns it, under NOTES: filled as a paragraph, its columns ran
/// together.
fn render(page: &clap::Command, out: &mut Vec<u8>) -> std::io::Result<()> {
    use clap_mangen::roff::{roman, Roff};
    let man = clap_mangen::Man::new(page.clone())
        .source(format!("sudoku {}", env!("CARGO_PKG_VERSION")))
        .manual("Sudoku toolkit");
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    if page.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(out)?;
    }
    if page.has_subcommands() {
        man.render_subcommands_section(out)?;
    }
    if let Some(notes) = page.get_after_help() {
        let mut roff = Roff::default();
        roff.control("SH", ["NOTES"]).control("nf", []);
        for line in notes.to_string().lines() {
            roff.text([roman(line)]);
        }
        roff.control("fi", []).to_writer(out)?;
    }
    if page.get_version().is_some() {
        man.render_version_section(out)?;
    }
    // Each section comes with the quote string's definition (`.ie`/`.el .ds Aq`): one, at
    // the top, is enough.
    let text = String::from_utf8_lossy(out).into_owned();
    let mut seen = std::collections::HashSet::new();
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| {
            !(l.starts_with(".ie \\n(.g .ds Aq") || l.starts_with(".el .ds Aq")) || seen.insert(*l)
        })
        .collect();
    *out = (kept.join("\n") + "\n").into_bytes();
    Ok(())
}
