//! OpenSudoku XML (`.opensudoku`), versions 1 and 2 (docs/formats.md): `<game data="…"/>`
//! elements, optionally inside `<folder name="…">`s, under `<opensudoku [version="2"]>`.
//! `data` is 81 digits, `0` empty. Other elements and text are ignored.
//!
//! A game whose `data` is not 81 characters (newer saves serialise notes there) is
//! reported as [`super::ParseErrorKind::Unsupported`] (see [`super::ParseError::is_skip`])
//! and reading goes on: a note, not a failure of the file. The folder name and the
//! `state`, `time`, `created`, `last_played` attributes go to [`super::Info::extra`]; `note`
//! to [`super::Info::comment`].
//!
//! A small scanner reads one tag at a time (no XML crate: the format uses elements and
//! attributes only; comments, processing instructions and the five predefined entities plus
//! numeric ones are handled). Memory holds one line, or one tag spanning lines.

use super::source::{Scan, Source};
use super::{Format, Info, ParseError, ParseErrorKind, Puzzle, WriteError};
use crate::grid::Grid;
use std::io::BufRead;

/// How deep elements may nest: a document needs 3 (`opensudoku`, `folder`, `game`).
/// Games deeper than this are not read, and the first one is reported.
pub const MAX_DEPTH: usize = 32;

/// Scanner state kept between records.
#[derive(Default)]
pub(crate) struct State {
    /// The line being scanned.
    cur: super::source::LineCursor,
    folder: Option<String>,
    /// Elements open (start tags not closed yet).
    depth: usize,
    /// Whether the nesting past [`MAX_DEPTH`] was reported already.
    too_deep_told: bool,
}

/// Finds the end of the tag whose `<` is the first byte fed, across pieces: `-->` for a
/// comment, `?>` for a processing instruction, else the first `>` outside quotes.
#[derive(Default)]
struct TagEnd {
    kind: TagKind,
    /// Bytes fed so far.
    seen: usize,
    quote: Option<u8>,
    /// The last two bytes, for `-->` and `?>` across pieces.
    last: [u8; 2],
}

#[derive(Default, Clone, Copy, PartialEq, Eq)]
enum TagKind {
    /// Still a prefix of `<!--`.
    #[default]
    Unknown,
    Comment,
    Pi,
    Element,
}

impl Scan for TagEnd {
    fn feed(&mut self, piece: &str) -> Option<usize> {
        const OPEN: &[u8] = b"<!--";
        for (i, b) in piece.bytes().enumerate() {
            self.seen += 1;
            if self.kind == TagKind::Unknown {
                if OPEN.get(self.seen - 1) == Some(&b) {
                    if self.seen == OPEN.len() {
                        self.kind = TagKind::Comment;
                    }
                    self.last = [self.last[1], b];
                    continue;
                }
                self.kind = if self.seen == 2 && b == b'?' {
                    TagKind::Pi
                } else {
                    TagKind::Element
                };
            }
            let end = match self.kind {
                TagKind::Comment => b == b'>' && self.last == *b"--",
                TagKind::Pi => b == b'>' && self.last[1] == b'?',
                _ => match (self.quote, b) {
                    (None, b'"' | b'\'') => {
                        self.quote = Some(b);
                        false
                    }
                    (Some(q), _) if b == q => {
                        self.quote = None;
                        false
                    }
                    (None, b'>') => true,
                    _ => false,
                },
            };
            self.last = [self.last[1], b];
            if end {
                return Some(i + 1);
            }
        }
        None
    }
}

fn decode(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out += &rest[..i];
        rest = &rest[i..];
        let Some(end) = rest.find(';').filter(|&e| e <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let ent = &rest[1..end];
        let ch = match ent {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => ent
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| ent.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match ch {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out + rest
}

/// Name and attributes of a start tag's text (without `<`, `>` and a final `/`).
fn parse_tag(inner: &str) -> (String, Vec<(String, String)>) {
    let inner = inner.trim_end_matches('/');
    let name_end = inner
        .find(|c: char| c.is_whitespace())
        .unwrap_or(inner.len());
    let name = inner[..name_end].to_string();
    let mut attrs = Vec::new();
    let mut rest = &inner[name_end..];
    loop {
        rest = rest.trim_start();
        let Some(eq) = rest.find('=') else { break };
        let key = rest[..eq].trim().to_string();
        rest = rest[eq + 1..].trim_start();
        let Some(q) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            break;
        };
        let Some(close) = rest[1..].find(q) else {
            break;
        };
        attrs.push((key, decode(&rest[1..1 + close])));
        rest = &rest[close + 2..];
    }
    (name, attrs)
}

pub(crate) fn read<R: BufRead>(
    src: &mut Source<R>,
    st: &mut State,
) -> Option<Result<Puzzle, ParseError>> {
    loop {
        let Some(lt) = st.cur.buf[st.cur.pos..].find('<') else {
            src.add_work(st.cur.buf.len() - st.cur.pos);
            match src.next_line()? {
                Ok(l) => {
                    st.cur.buf = l.text;
                    st.cur.pos = 0;
                    st.cur.line = l.no;
                    st.cur.col = 1;
                }
                Err(e) => return Some(Err(e)),
            }
            continue;
        };
        st.cur.advance(lt, src);
        let mut scan = TagEnd::default();
        let end = match src.extend_until(
            &mut st.cur.buf,
            st.cur.pos,
            &mut scan,
            "XML tag",
            st.cur.line,
        ) {
            Ok(Some(end)) => end,
            Err(e) => {
                st.cur.drop_line();
                return Some(Err(e));
            }
            Ok(None) => {
                let e = src.err(
                    st.cur.line,
                    st.cur.col,
                    ParseErrorKind::Invalid("unterminated XML tag".into()),
                );
                st.cur.drop_line();
                return Some(Err(e));
            }
        };
        let (line, col) = (st.cur.line, st.cur.col);
        let tag = st.cur.buf[st.cur.pos + 1..end - 1].to_string();
        st.cur.advance(end - st.cur.pos, src);
        if tag.starts_with('!') || tag.starts_with('?') {
            continue;
        }
        if tag.starts_with('/') {
            st.depth = st.depth.saturating_sub(1);
            if tag.trim() == "/folder" {
                st.folder = None;
            }
            continue;
        }
        let (name, attrs) = parse_tag(&tag);
        let closed = tag.trim_end().ends_with('/');
        if !closed {
            st.depth += 1;
        }
        if st.depth > MAX_DEPTH {
            if !st.too_deep_told {
                st.too_deep_told = true;
                return Some(Err(src.err(
                    line,
                    col,
                    ParseErrorKind::Invalid(format!(
                        "XML nested more than {MAX_DEPTH} elements deep; games this deep are not read"
                    )),
                )));
            }
            continue;
        }
        let get = |k: &str| attrs.iter().find(|(a, _)| a == k).map(|(_, v)| v.clone());
        match name.as_str() {
            "folder" => st.folder = get("name"),
            "game" => return Some(game(src, line, col, &attrs, st.folder.clone())),
            _ => {}
        }
    }
}

fn game<R: BufRead>(
    src: &Source<R>,
    line: usize,
    col: usize,
    attrs: &[(String, String)],
    folder: Option<String>,
) -> Result<Puzzle, ParseError> {
    let Some((_, data)) = attrs.iter().find(|(k, _)| k == "data") else {
        return Err(src.err(
            line,
            col,
            ParseErrorKind::Unsupported("a <game> without a data attribute".into()),
        ));
    };
    let data = data.trim();
    let len = data.chars().count();
    if len != 81 {
        return Err(src.err(line, col, ParseErrorKind::Unsupported(format!(
            "game data of {len} characters (only 81-digit data is supported; newer saves keep notes there)"
        ))));
    }
    let mut values = Vec::with_capacity(81);
    for (i, ch) in data.chars().enumerate() {
        match ch.to_digit(10) {
            Some(v) => values.push(v as usize),
            None => {
                return Err(src.err(
                    line,
                    col,
                    ParseErrorKind::BadChar {
                        ch,
                        expected: format!("a digit 0-9 in game data (cell {})", i + 1),
                    },
                ))
            }
        }
    }
    let grid = Grid::from_values(crate::Shape::NINE, &values).expect("81 digits 0-9");
    let mut info = Info::default();
    if let Some(f) = folder {
        info.extra.push(("folder".into(), f));
    }
    for (k, v) in attrs {
        match k.as_str() {
            "note" if !v.is_empty() => info.comment = Some(v.clone()),
            "state" | "time" | "created" | "last_played" => info.extra.push((k.clone(), v.clone())),
            _ => {}
        }
    }
    Ok(Puzzle {
        grid,
        marks: None,
        info,
        line,
        source: None,
        alphabet: None,
    })
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The `<game …/>` element of a 9x9 puzzle (all its digits: the format has no placed
/// digits), indented for a folder.
pub fn write_game(p: &Puzzle) -> Result<String, WriteError> {
    if p.shape().side() != 9 {
        return Err(WriteError::new(Format::OpenSudoku, "grids other than 9x9"));
    }
    let get = |k: &str| p.info.get(k).unwrap_or("0").to_string();
    let data: String = p
        .grid
        .values()
        .iter()
        .map(|v| char::from(b'0' + *v as u8))
        .collect();
    Ok(format!(
        "    <game created=\"{}\" state=\"{}\" time=\"{}\" last_played=\"{}\" note=\"{}\" data=\"{data}\"/>\n",
        escape(&get("created")),
        escape(&get("state")),
        escape(&get("time")),
        escape(&get("last_played")),
        escape(p.info.comment.as_deref().unwrap_or("")),
    ))
}

/// The start of a version-2 document, up to the opening of a folder named `folder`: write
/// it, then [`write_game`] for each puzzle, then [`write_footer`] (to stream many puzzles).
pub fn write_header(folder: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku version=\"2\">\n  <folder name=\"{}\" created=\"0\">\n",
        escape(folder)
    )
}

/// The end of a document started by [`write_header`].
pub fn write_footer() -> &'static str {
    "  </folder>\n</opensudoku>\n"
}

/// A whole version-2 document holding `puzzles` in one folder named `folder`.
pub fn write_document(puzzles: &[Puzzle], folder: &str) -> Result<String, WriteError> {
    let mut out = write_header(folder);
    for p in puzzles {
        out += &write_game(p)?;
    }
    out += write_footer();
    Ok(out)
}

/// A document of one game (so that each written puzzle is a file OpenSudoku imports).
pub fn write(p: &Puzzle) -> Result<String, WriteError> {
    write_document(
        std::slice::from_ref(p),
        p.info.get("folder").unwrap_or("sudoku"),
    )
}
