//! UTF-16 text, as Windows PowerShell's `>` and Notepad's "Unicode" save it, read as the
//! UTF-8 every reader expects. Only input that opens with a UTF-16 byte-order mark is
//! decoded; anything else passes through untouched, byte for byte.
//!
//! The decoding is the standard library's (`char::decode_utf16`, a surrogate pair split
//! between reads carried over); a crate such as `encoding_rs_io` would bring every legacy
//! encoding along for these two marks.

use std::io::{self, BufRead, Read};

/// A [`BufRead`] that turns UTF-16 input (little- or big-endian, with its byte-order mark)
/// into UTF-8 as it is read, and passes any other input through.
///
/// A code unit that does not pair (a lone surrogate, an odd last byte) becomes U+FFFD, as
/// bytes that are not UTF-8 do in the readers: a bad character with a column.
///
/// ```
/// use std::io::Read;
/// use sudoku::format::Utf16Aware;
/// let utf16: Vec<u8> = [0xFF, 0xFE]
///     .into_iter()
///     .chain("1.3.\n".encode_utf16().flat_map(u16::to_le_bytes))
///     .collect();
/// let mut text = String::new();
/// Utf16Aware::new(&utf16[..]).read_to_string(&mut text)?;
/// assert_eq!(text, "1.3.\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Utf16Aware<R> {
    inner: R,
    state: State,
    /// Decoded text not consumed yet (or, for other input, a first byte read alone).
    out: Vec<u8>,
    pos: usize,
}

#[derive(Clone, Copy, Debug)]
enum State {
    /// The first bytes have not been looked at yet.
    Unknown,
    /// Not UTF-16: bytes go through as they are.
    Pass,
    Utf16 {
        big_endian: bool,
        /// The first byte of a code unit split between reads.
        odd: Option<u8>,
        /// A high surrogate waiting for its low half.
        high: Option<u16>,
    },
}

impl<R: BufRead> Utf16Aware<R> {
    /// Wraps `inner`; nothing is read until the first read.
    pub fn new(inner: R) -> Utf16Aware<R> {
        Utf16Aware {
            inner,
            state: State::Unknown,
            out: Vec::new(),
            pos: 0,
        }
    }

    fn sniff(&mut self) -> io::Result<()> {
        let mark = match fill(&mut self.inner)? {
            [0xFF, 0xFE, ..] => Some(false),
            [0xFE, 0xFF, ..] => Some(true),
            [b @ (0xFF | 0xFE)] => {
                // A read that brought one byte (a pipe): look at the next before deciding,
                // keeping this one to hand out if it is not a mark after all.
                let b = *b;
                self.inner.consume(1);
                let second = if b == 0xFF { 0xFE } else { 0xFF };
                if fill(&mut self.inner)?.first() == Some(&second) {
                    self.inner.consume(1);
                    self.state = State::Utf16 {
                        big_endian: b == 0xFE,
                        odd: None,
                        high: None,
                    };
                } else {
                    self.out.push(b);
                    self.state = State::Pass;
                }
                return Ok(());
            }
            _ => None,
        };
        let Some(big_endian) = mark else {
            self.state = State::Pass;
            return Ok(());
        };
        self.inner.consume(2);
        self.state = State::Utf16 {
            big_endian,
            odd: None,
            high: None,
        };
        Ok(())
    }

    /// Decodes the next chunk of the input into `out`; `false` at the end.
    fn refill(&mut self) -> io::Result<bool> {
        let State::Utf16 {
            big_endian,
            mut odd,
            mut high,
        } = self.state
        else {
            unreachable!("refill is for UTF-16 input");
        };
        self.out.clear();
        self.pos = 0;
        let chunk = fill(&mut self.inner)?;
        let used = chunk.len();
        if used == 0 {
            // The end: half a code unit or half a pair is one bad character.
            let dangling = odd.take().is_some() | high.take().is_some();
            if dangling {
                push(&mut self.out, char::REPLACEMENT_CHARACTER);
            }
            self.state = State::Utf16 {
                big_endian,
                odd,
                high,
            };
            return Ok(dangling);
        }
        // The units of this read, after a high surrogate the last read ended with.
        let mut units: Vec<u16> = high.take().into_iter().collect();
        let mut bytes = odd.take().into_iter().chain(chunk.iter().copied());
        while let Some(a) = bytes.next() {
            let Some(b) = bytes.next() else {
                odd = Some(a);
                break;
            };
            units.push(if big_endian {
                u16::from_be_bytes([a, b])
            } else {
                u16::from_le_bytes([a, b])
            });
        }
        // A high surrogate last may pair with the next read's first unit.
        if units.last().is_some_and(|u| (0xD800..=0xDBFF).contains(u)) {
            high = units.pop();
        }
        for c in char::decode_utf16(units) {
            push(&mut self.out, c.unwrap_or(char::REPLACEMENT_CHARACTER));
        }
        self.inner.consume(used);
        self.state = State::Utf16 {
            big_endian,
            odd,
            high,
        };
        Ok(true)
    }
}

/// `fill_buf`, tried again when interrupted.
fn fill<R: BufRead>(inner: &mut R) -> io::Result<&[u8]> {
    loop {
        match inner.fill_buf() {
            Ok(_) => return inner.fill_buf(),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
}

fn push(out: &mut Vec<u8>, c: char) {
    let mut buf = [0; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

impl<R: BufRead> BufRead for Utf16Aware<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if matches!(self.state, State::Unknown) {
            self.sniff()?;
        }
        if self.pos == self.out.len() {
            if matches!(self.state, State::Pass) {
                return self.inner.fill_buf();
            }
            while self.pos == self.out.len() && self.refill()? {}
        }
        Ok(&self.out[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        if self.pos < self.out.len() {
            self.pos = (self.pos + n).min(self.out.len());
        } else if matches!(self.state, State::Pass) {
            self.inner.consume(n);
        }
    }
}

impl<R: BufRead> Read for Utf16Aware<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let avail = self.fill_buf()?;
            let n = avail.len().min(buf.len());
            buf[..n].copy_from_slice(&avail[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        let bom: [u8; 2] = if big_endian {
            [0xFE, 0xFF]
        } else {
            [0xFF, 0xFE]
        };
        bom.into_iter()
            .chain(text.encode_utf16().flat_map(|u| {
                if big_endian {
                    u.to_be_bytes()
                } else {
                    u.to_le_bytes()
                }
            }))
            .collect()
    }

    /// A reader that hands out `step` bytes at a time, so units and pairs split.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    fn read_all(bytes: &[u8], step: usize) -> String {
        let inner = io::BufReader::with_capacity(step.max(2), Trickle { bytes, step });
        let mut text = String::new();
        Utf16Aware::new(inner).read_to_string(&mut text).unwrap();
        text
    }

    #[test]
    fn both_byte_orders_decode_whatever_the_reads() {
        let text = "1.3.\r\n# Café 𝄞 ✓\n";
        for big_endian in [false, true] {
            let bytes = utf16(text, big_endian);
            for step in [2, 3, 5, 7, 4096] {
                assert_eq!(read_all(&bytes, step), text, "{big_endian} {step}");
            }
        }
    }

    #[test]
    fn other_input_passes_through_byte_for_byte() {
        for bytes in [
            &b"\xef\xbb\xbf1.3.\n"[..],
            b"\xff",
            b"",
            b"abc\xfe\xff",
            b"\x00\x01",
        ] {
            let mut got = Vec::new();
            Utf16Aware::new(bytes).read_to_end(&mut got).unwrap();
            assert_eq!(got, bytes);
        }
    }

    #[test]
    fn broken_units_become_replacement_characters() {
        // A lone high surrogate, a lone low one, and an odd last byte.
        let mut bytes = vec![
            0xFF, 0xFE, b'1', 0, 0x00, 0xD8, b'2', 0, 0x00, 0xDC, b'3', 0,
        ];
        bytes.push(b'4');
        assert_eq!(read_all(&bytes, 3), "1\u{FFFD}2\u{FFFD}3\u{FFFD}");
        // A high surrogate at the very end.
        assert_eq!(read_all(&[0xFE, 0xFF, 0xD8, 0x00], 1), "\u{FFFD}");
    }
}
