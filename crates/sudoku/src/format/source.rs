//! Line source for the readers: numbered lines with `\n`/`\r` stripped, a byte-order mark
//! dropped, box-drawing frames (`┌─┬─┐`, `│`) and full-width digits turned into ASCII,
//! Markdown fences blanked, bytes that are not UTF-8 replaced (so a bad byte becomes a bad
//! character with a column, not a lost line), and a push-back stack so a reader can look
//! ahead and give back.
//! Only one line (plus what was pushed back) is ever held: memory stays flat.
//!
//! Hostile input stays bounded: a line longer than [`MAX_LINE_BYTES`] is refused before
//! more of it is buffered (and ends the input: such a file is no puzzle file, and a device
//! like `/dev/zero` never ends its line); a record spread over lines is scanned
//! incrementally ([`Scan`]), never from its start again, and refused past
//! [`MAX_RECORD_BYTES`] without buffering the rest. [`Source::work`] counts the bytes read
//! and scanned, so that tests can check reading stays linear without timing it.

use super::{ParseError, ParseErrorKind};
use std::io::BufRead;

/// The longest line any reader buffers: 16 MiB, 25 times the longest line of the largest
/// grid (a 400x400 line of numbers is about 640 KB).
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// The longest record spread over lines (a JSON object, an XML tag, a framed grid, `.sdk`
/// headers) a reader buffers: 16 MiB as well.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// An incremental scanner for the end of a record: fed the record's text piece by piece,
/// it keeps its state between pieces, so no byte is looked at twice.
pub(crate) trait Scan {
    /// The byte index in `piece` just past the end of the record, if it ends there.
    fn feed(&mut self, piece: &str) -> Option<usize>;
}

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

/// A line's look-alikes of the ASCII the readers know, one character for one so columns
/// stay where they were: box-drawing characters (U+2500 to U+257F: `┌─┬─┐`, `│`, `╔═╗`,
/// as grids copied from terminals and web pages draw their frames) as lines `-`, bars
/// `|`, corners and junctions `+`; full-width forms (`５３．．７`, as Japanese and Chinese
/// input writes digits) and the ideographic space as their ASCII selves.
fn ascii_lookalikes(text: String) -> String {
    let lookalike = |c: char| {
        ('\u{2500}'..='\u{257F}').contains(&c)
            || ('\u{FF01}'..='\u{FF5E}').contains(&c)
            || c == '\u{3000}'
    };
    if !text.contains(lookalike) {
        return text;
    }
    text.chars()
        .map(|c| match c {
            '─' | '━' | '═' | '┄' | '┅' | '┈' | '┉' | '╌' | '╍' | '╴' | '╶' | '╸' | '╺' | '╼'
            | '╾' => '-',
            '│' | '┃' | '┆' | '┇' | '┊' | '┋' | '╎' | '╏' | '║' | '╵' | '╷' | '╹' | '╻' | '╽'
            | '╿' => '|',
            '\u{2500}'..='\u{257F}' => '+',
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        })
        .collect()
}

pub(crate) struct Source<R> {
    input: R,
    pub name: String,
    line_no: usize,
    back: Vec<Result<Line, ParseError>>,
    buf: Vec<u8>,
    done: bool,
    /// The last line ended in a lone `\r` (so far): a `\n` next is the rest of its end.
    after_cr: bool,
    /// Bytes read and scanned so far (see [`Source::work`]).
    work: u64,
}

impl<R> Source<R> {
    /// Bytes read from the input plus bytes looked at again by record scanners: a
    /// deterministic measure of the reading work, linear in the input for every reader.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Adds `bytes` to the work done (scanners and readers that walk their buffers).
    pub fn add_work(&mut self, bytes: usize) {
        self.work += bytes as u64;
    }
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
            after_cr: false,
            work: 0,
        }
    }

    /// Reads up to and including the next line end into `self.buf`, refusing to hold more
    /// than [`MAX_LINE_BYTES`]: `Ok(None)` when the line is longer (the rest left unread).
    /// Lines end in `\n`, `\r\n` or a lone `\r` (old Mac files); the `\n` of a `\r\n` split
    /// between reads is dropped at the next, so a typed line is never held back for it.
    fn read_line_capped(&mut self) -> std::io::Result<Option<usize>> {
        loop {
            let (used, found) = {
                let chunk = match self.input.fill_buf() {
                    Ok(c) => c,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                if chunk.is_empty() {
                    return Ok(Some(self.buf.len()));
                }
                if std::mem::take(&mut self.after_cr) && chunk[0] == b'\n' {
                    self.input.consume(1);
                    self.work += 1;
                    continue;
                }
                let room = MAX_LINE_BYTES + 2 - self.buf.len();
                match memchr::memchr2(b'\n', b'\r', &chunk[..chunk.len().min(room)]) {
                    Some(i) if chunk[i] == b'\r' => {
                        self.buf.extend_from_slice(&chunk[..=i]);
                        match chunk.get(i + 1) {
                            Some(b'\n') => (i + 2, true),
                            Some(_) => (i + 1, true),
                            None => {
                                self.after_cr = true;
                                (i + 1, true)
                            }
                        }
                    }
                    Some(i) => {
                        self.buf.extend_from_slice(&chunk[..=i]);
                        (i + 1, true)
                    }
                    None => {
                        let take = chunk.len().min(room);
                        self.buf.extend_from_slice(&chunk[..take]);
                        (take, false)
                    }
                }
            };
            self.input.consume(used);
            self.work += used as u64;
            if found {
                return Ok(Some(self.buf.len()));
            }
            // Room for the longest line plus `\r\n`: past that it is too long.
            if self.buf.len() >= MAX_LINE_BYTES + 2 {
                return Ok(None);
            }
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
        match self.read_line_capped() {
            Ok(Some(0)) => {
                self.done = true;
                None
            }
            Ok(None) => Some(self.too_long()),
            Ok(Some(_)) => {
                self.line_no += 1;
                while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
                    self.buf.pop();
                }
                if self.buf.len() > MAX_LINE_BYTES {
                    self.line_no -= 1;
                    return Some(self.too_long());
                }
                let mut text = match std::str::from_utf8(&self.buf) {
                    Ok(s) => s.to_string(),
                    Err(_) => String::from_utf8_lossy(&self.buf).into_owned(),
                };
                if self.line_no == 1 && text.starts_with('\u{feff}') {
                    text.remove(0);
                }
                if !text.is_ascii() {
                    text = ascii_lookalikes(text);
                }
                // A Markdown fence (```` ``` ````, ```` ```text ````, `~~~`) around puzzles
                // pasted from a chat or a README separates, as a blank line does.
                let fenced = text.trim_start();
                if fenced.starts_with("```") || fenced.starts_with("~~~") {
                    text.clear();
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

    /// The error for a line past [`MAX_LINE_BYTES`], which ends the input.
    fn too_long(&mut self) -> Result<Line, ParseError> {
        self.done = true;
        self.line_no += 1;
        self.buf = Vec::new();
        Err(self.err(
            self.line_no,
            0,
            ParseErrorKind::Invalid(format!(
                "line longer than {} MiB, the limit for one line: not a puzzle file (reading stops here)",
                MAX_LINE_BYTES >> 20
            )),
        ))
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

    /// Finds the end of the record starting at `buf[from..]`, appending lines to `buf`
    /// (each after a `\n`) until `scan` sees the end, and returns the byte index in `buf`
    /// just past it; `Ok(None)` when the input ends first. Each byte is scanned once.
    ///
    /// A record longer than [`MAX_RECORD_BYTES`] is refused: the rest of it is scanned
    /// without being kept, up to the line where it ends (what follows on that line is
    /// dropped too), and the error names `what` and the record's first line.
    pub fn extend_until(
        &mut self,
        buf: &mut String,
        from: usize,
        scan: &mut impl Scan,
        what: &str,
        first_line: usize,
    ) -> Result<Option<usize>, ParseError> {
        let mut scanned = from;
        loop {
            if let Some(e) = scan.feed(&buf[scanned..]) {
                self.work += e as u64;
                return Ok(Some(scanned + e));
            }
            self.work += (buf.len() - scanned) as u64;
            scanned = buf.len();
            if buf.len() - from > MAX_RECORD_BYTES {
                buf.truncate(from);
                buf.shrink_to_fit();
                return Err(self.skip_long_record(scan, what, first_line));
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

    /// The rest of a record too long to keep, scanned line by line and dropped. Returns
    /// the error to report.
    fn skip_long_record(
        &mut self,
        scan: &mut impl Scan,
        what: &str,
        first_line: usize,
    ) -> ParseError {
        let err = self.err(
            first_line,
            0,
            ParseErrorKind::Invalid(format!(
                "{what} longer than {} MiB, the limit for one record",
                MAX_RECORD_BYTES >> 20
            )),
        );
        loop {
            match self.next_line() {
                Some(Ok(l)) => {
                    self.work += l.text.len() as u64;
                    if scan.feed("\n").is_some() || scan.feed(&l.text).is_some() {
                        return err;
                    }
                }
                Some(Err(e)) => {
                    self.push_back_result(Err(e));
                    return err;
                }
                None => return err,
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

/// A line being scanned (or lines, for a record spread over several), how much of it has
/// been read and where that is: the state that the JSON and OpenSudoku scanners keep
/// between records.
#[derive(Default)]
pub(crate) struct LineCursor {
    pub(crate) buf: String,
    /// Bytes of `buf` already read.
    pub(crate) pos: usize,
    /// Line and 1-based column of `buf[pos..]`.
    pub(crate) line: usize,
    pub(crate) col: usize,
}

impl LineCursor {
    /// Moves past `bytes` of the buffer, counting lines and columns and the work done.
    pub(crate) fn advance<R>(&mut self, bytes: usize, src: &mut Source<R>) {
        for c in self.buf[self.pos..self.pos + bytes].chars() {
            if c == '\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
        }
        self.pos += bytes;
        src.add_work(bytes);
    }
    /// Forgets the buffered line (after an error in it).
    pub(crate) fn drop_line(&mut self) {
        self.buf.clear();
        self.pos = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `bytes` read through a buffer of `cap` bytes.
    fn lines(bytes: &[u8], cap: usize) -> Vec<(usize, String)> {
        let mut src = Source::new(std::io::BufReader::with_capacity(cap, bytes), "t");
        std::iter::from_fn(|| src.next_line())
            .map(|l| l.map(|l| (l.no, l.text)).expect("a line"))
            .collect()
    }

    #[test]
    fn every_line_end_ends_one_line_however_the_reads_fall() {
        let text = b"ab\r\ncd\ref\n\ngh\r\rij";
        let want: Vec<(usize, String)> = ["ab", "cd", "ef", "", "gh", "", "ij"]
            .iter()
            .enumerate()
            .map(|(i, t)| (i + 1, t.to_string()))
            .collect();
        // A buffer of 1 to 4 bytes splits a `\r\n` between reads somewhere.
        for cap in [1, 2, 3, 4, 64] {
            assert_eq!(lines(text, cap), want, "buffer of {cap}");
        }
    }
}
