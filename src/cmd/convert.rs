//! `sudoku convert`: any format to any format, streaming.

use super::Status;
use crate::io::{self, InputArgs};
use clap::Args;
use std::process::ExitCode;
use sudoku::format::{self, Format};

#[derive(Debug, Args, Clone)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The format to write.
    #[arg(long, short = 't', value_name = "FORMAT", value_parser = io::parse_format)]
    pub to: Format,
}

pub fn run(args: &ConvertArgs) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout();
    let mut status = Status::Ok;
    let mut first = true;
    for record in args.input.records() {
        match record {
            Err(e) => {
                status = status.worst(io::report(&e));
            }
            Ok(p) => match format::write(&p, args.to) {
                Ok(text) => {
                    let multi_line = text.trim_end().contains('\n');
                    if multi_line && !first {
                        io::put(&mut out, "\n")?;
                    }
                    io::put(&mut out, &text)?;
                    if !text.ends_with('\n') {
                        io::put(&mut out, "\n")?;
                    }
                    first = false;
                }
                Err(e) => {
                    eprintln!("sudoku: line {}: {e}", p.line);
                    status = status.worst(Status::InputError);
                }
            },
        }
    }
    std::io::Write::flush(&mut out)?;
    Ok(status.code())
}
