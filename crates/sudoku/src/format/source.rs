//! Line source for the readers: numbered lines with `\n`/`\r` stripped, a byte-order mark
//! dropped, bytes that are not UTF-8 replaced (so a bad byte becomes a bad character with a
//! column, not a lost line), and a push-back stack so a reader can look ahead and give back.
//! Only one line (plus what was pushed back) is ever held: memory stays flat.

use super::{ParseError, ParseErrorKind};
use std::io::BufRead;

/// One line of input, without its line ending.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// 1-based line number.
    pub no: usize,
    pub text: String,
}

impl Line {
    /// Nothing but whitespace.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
    /// A `#` comment line.
    pub fn is_comment(&self) -> bool {
        self.text.trim_start().starts_with('#')
    }
}

pub(crate) struct Source<R> {
    input: R,
    pub name: String,
    line_no: usize,
    back: Vec<Result<Line, ParseError>>,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Source<R> {
    pub fn new(input: R, name: &str) -> Source<R> {
        Source {
            input,
            name: name.to_string(),
            line_no: 0,
            back: Vec::new(),
            buf: Vec::new(),
            done: false,
        }
    }

    /// The next line, `None` at the end. An I/O error is reported once and ends the input.
    pub fn next_line(&mut self) -> Option<Result<Line, ParseError>> {
        if let Some(l) = self.back.pop() {
            return Some(l);
        }
        if self.done {
            return None;
        }
        self.buf.clear();
        match self.input.read_until(b'\n', &mut self.buf) {
            Ok(0) => {
                self.done = true;
                None
            }
            Ok(_) => {
                self.line_no += 1;
                while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
                    self.buf.pop();
                }
                let mut text = match std::str::from_utf8(&self.buf) {
                    Ok(s) => s.to_string(),
                    Err(_) => String::from_utf8_lossy(&self.buf).into_owned(),
                };
                if self.line_no == 1 && text.starts_with('\u{feff}') {
                    text.remove(0);
                }
                Some(Ok(Line {
                    no: self.line_no,
                    text,
                }))
            }
            Err(e) => {
                self.done = true;
                self.line_no += 1;
                Some(Err(self.err(
                    self.line_no,
                    0,
                    ParseErrorKind::Io(e.to_string()),
                )))
            }
        }
    }

    /// The next line that is neither blank nor a `#` comment.
    pub fn next_significant(&mut self) -> Option<Result<Line, ParseError>> {
        loop {
            match self.next_line()? {
                Ok(l) if l.is_blank() || l.is_comment() => continue,
                other => return Some(other),
            }
        }
    }

    /// Row `rows_read + 1` of a grid whose previous row was line `prev`: the next line (the
    /// next significant one when `significant`), or the error for a grid cut short.
    pub fn next_row(
        &mut self,
        prev: usize,
        rows_read: usize,
        significant: bool,
        expected: impl FnOnce() -> String,
    ) -> Result<Line, ParseError> {
        let next = if significant {
            self.next_significant()
        } else {
            self.next_line()
        };
        match next {
            Some(line) => line,
            None => Err(self.err(
                prev + 1,
                0,
                ParseErrorKind::Length {
                    expected: expected(),
                    found: rows_read,
                },
            )),
        }
    }

    /// Appends lines to `buf` (each after a `\n`) until `end` finds the end of the record
    /// in it, and returns that end; `Ok(None)` when the input ends first.
    pub fn extend_until(
        &mut self,
        buf: &mut String,
        end: impl Fn(&str) -> Option<usize>,
    ) -> Result<Option<usize>, ParseError> {
        loop {
            if let Some(e) = end(buf) {
                return Ok(Some(e));
            }
            match self.next_line() {
                Some(Ok(l)) => {
                    buf.push('\n');
                    *buf += &l.text;
                }
                Some(Err(e)) => return Err(e),
                None => return Ok(None),
            }
        }
    }

    /// Gives a line back: it is the next one read.
    pub fn push_back(&mut self, line: Line) {
        self.back.push(Ok(line));
    }

    /// Gives back a line or an error: it is the next one read.
    pub fn push_back_result(&mut self, item: Result<Line, ParseError>) {
        self.back.push(item);
    }

    /// An error located in this source.
    pub fn err(&self, line: usize, col: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            source: self.name.clone(),
            line,
            col,
            kind,
        }
    }
}
