//! `sudoku convert`: any format to any format, streaming.

use super::Status;
use crate::batch;
use crate::input::{self, InputArgs};
use clap::Args;
use std::process::ExitCode;
use sudoku::format::{self, Alphabet, Format};

#[derive(Debug, Args, Clone)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The format to write: line, boxed, sdk, ss, pm, hodoku, sukaku, opensudoku, matrix, classic, kennett, leptonica, pipe, json (docs/formats.md).
    #[arg(long, short = 't', value_name = "FORMAT", value_parser = input::parse_format,
          required_unless_present = "json")]
    pub to: Option<Format>,
    /// Write JSON Lines (`--to json`), input that could not be read included as every
    /// command's `--json` writes it (an error record), so the stream stays JSON.
    #[arg(long, conflicts_with = "to")]
    pub json: bool,
    /// Write the one-character formats in these symbols: standard (1-9A-Z), hex (0-F, for
    /// 16x16) or letters (A-Z, up to 26x26); JSON records name them. Without it, each
    /// puzzle keeps the symbols it was read in.
    #[arg(long, value_name = "ALPHABET", value_parser = input::parse_alphabet)]
    pub to_alphabet: Option<Alphabet>,
}

pub fn run(args: &ConvertArgs) -> anyhow::Result<ExitCode> {
    let to = args.to.unwrap_or(Format::Json);
    input::check_to_alphabet(to, args.to_alphabet)?;
    let mut status = Status::Ok;
    let mut stream = format::StreamWriter::new(to);
    let mut warned = false;
    // One job, in order (a stream writer carries state from record to record); through the
    // batch so that a pipe's puzzles are answered as they come.
    let (records, feed) = args.input.batch_records(batch::CHUNK);
    let mut out = batch::stdout_for(&feed);
    batch::ordered_batch(
        records,
        1,
        feed,
        |_, record| record.parse(),
        &mut out,
        |out, record| {
            match record {
                Err(e) => {
                    status = status.worst(input::report(&e));
                    if args.json {
                        batch::put(out, &super::json_line(&input::error_record(&e)))?;
                    }
                }
                Ok(mut p) => match args
                    .to_alphabet
                    .map_or(Ok(()), |a| p.respell(a))
                    .and_then(|()| stream.record(&p).map_err(|e| e.to_string()))
                {
                    Ok(text) if p.marks.is_some() && !to.carries_marks() && !warned => {
                        warned = true;
                        warn!(
                            "sudoku: note: {}: the {} format holds no pencil marks: they are dropped",
                            p.place(),
                            to
                        );
                        batch::put(out, &text)?
                    }
                    Ok(text) => batch::put(out, &text)?,
                    Err(e) => {
                        warn!("sudoku: {}: {e}", p.place());
                        status = status.worst(Status::InputError);
                    }
                },
            }
            Ok(())
        },
    )?;
    batch::put(&mut out, &stream.finish())?;
    std::io::Write::flush(&mut out)?;
    Ok(status.code())
}
