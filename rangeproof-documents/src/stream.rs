//! Documents one after another in a file or on standard input: one pretty-printed document (as
//! `rangeproof prove --out` writes it), several of them concatenated, JSON lines (one document
//! per line, as `--compact` writes them), or a mix — one format across the tools (the Python
//! package's `rangeproof.cluster audit` splits files by the same rules).
//!
//! A scan of the JSON structure finds each document's text: a document begins at a `{` or `[`
//! and ends at its matching bracket (brackets inside strings, and escaped quotes, do not
//! count). Nothing is parsed here; each document's text goes to its own parser, so one broken
//! document does not stop the others. Recovering from broken input:
//!
//! - a line that begins with `{` in its first column begins a new document: a document still
//!   open then was truncated. Pretty-printed documents indent everything inside them and JSON
//!   lines put each document on a line of its own, so a valid file never does this inside a
//!   document (a JSON string holds no raw newline);
//! - a raw newline inside a string ends the string (the document is unusable anyway), so one
//!   unclosed quote does not swallow the lines after it;
//! - text outside any document is unusable up to the end of its line;
//! - a document still open at the end of the input was truncated;
//! - a UTF-8 byte order mark at the start is skipped;
//! - input that is not text — a NUL byte, or bytes that are not UTF-8 (an image, an archive,
//!   random bytes) — is said to be so once, where it is met, and nothing after it is read: binary
//!   data has no lines, and naming each stretch of it between newline bytes would say nothing
//!   more, thousands of times.
//!
//! **Bounds.** Every document is capped (the caller's cap, `verify --max-document-bytes`), and so
//! is every stretch of blank space or stray text between documents: the first one past the cap
//! is refused after reading at most the cap, and *nothing after it is read* — standard input
//! fed from `/dev/zero`, or an endless document, costs the cap and ends. Memory holds one
//! document at a time.
//!
//! A document is named by the line it begins on (from 1, as editors number lines).

use std::io::{self, BufRead, BufReader, Read};

/// What the CLI's `verify` and `info`, which take `--max-document-bytes`, add to a
/// [`UnitError::TooLarge`] reason; other readers (an openings file, `recover`'s document) have
/// no flag to name.
pub const RAISE_THE_CAP: &str = "; --max-document-bytes raises the cap";

/// One document's text (or why a stretch of the input is not one), and where it begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The line the document begins on, counted from 1.
    pub line: usize,
    /// The document's text, or why it is not a document.
    pub text: Result<String, UnitError>,
}

/// Why a stretch of the input is not a document (before any parsing).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnitError {
    /// Longer than the cap: refused after reading the cap, and nothing after it is read.
    TooLarge(u64),
    /// Still open at the end of the input.
    Truncated,
    /// Still open where a line begins with `{`: that line begins the next document.
    NextBegins,
    /// Text outside any `{…}` or `[…]` (to the end of its line).
    NotJson,
    /// Not text: binary data (nothing after it is read).
    NotText(NotText),
    /// The input could not be read (nothing after it is read).
    Read(String),
}

impl std::fmt::Display for UnitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UnitError::TooLarge(cap) => write!(
                f,
                "larger than {cap} bytes (a valid document is a few KB; nothing after it is read)"
            ),
            UnitError::Truncated => f.write_str("it ends before its closing bracket (truncated)"),
            UnitError::NextBegins => f.write_str(
                "it ends before its closing bracket: the next line begins another document",
            ),
            UnitError::NotJson => f.write_str("text outside any JSON document"),
            UnitError::NotText(NotText::Nul) => {
                f.write_str("not text: binary data (a NUL byte), not a JSON proof document")
            }
            UnitError::NotText(NotText::NotUtf8) => {
                f.write_str("not text: binary data (not UTF-8), not a JSON proof document")
            }
            UnitError::Read(e) => write!(f, "cannot read: {e}"),
        }
    }
}

impl UnitError {
    /// Whether the problem is the input's (read error, size, binary data) rather than the
    /// document's text: front ends say "not a proof document" before the others.
    pub fn is_about_the_input(&self) -> bool {
        matches!(
            self,
            UnitError::TooLarge(_) | UnitError::Read(_) | UnitError::NotText(_)
        )
    }

    /// Whether nothing after this unit is read from its input (past the cap, a read error,
    /// binary data).
    pub fn ends_the_input(&self) -> bool {
        self.is_about_the_input()
    }
}

/// What makes input binary rather than text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotText {
    /// A NUL byte (no JSON text holds one; UTF-16 text and binary formats do).
    Nul,
    /// Bytes that are not UTF-8.
    NotUtf8,
}

/// UTF-8 checked as the input arrives in pieces: a character cut at the end of one piece is
/// held over to the next.
#[derive(Default)]
struct Utf8 {
    held: [u8; 4],
    len: usize,
}

impl Utf8 {
    /// Whether `bytes`, after those before, are still UTF-8 without NUL bytes.
    fn take(&mut self, mut bytes: &[u8]) -> Result<(), NotText> {
        if bytes.contains(&0) {
            return Err(NotText::Nul);
        }
        // First the character held over from the piece before, a byte at a time.
        while self.len > 0 {
            let Some((&byte, rest)) = bytes.split_first() else {
                return Ok(());
            };
            bytes = rest;
            self.held[self.len] = byte;
            self.len += 1;
            match core::str::from_utf8(&self.held[..self.len]) {
                Ok(_) => self.len = 0,
                Err(e) if e.error_len().is_some() || self.len == 4 => return Err(NotText::NotUtf8),
                Err(_) => {}
            }
        }
        match core::str::from_utf8(bytes) {
            Ok(_) => Ok(()),
            Err(e) if e.error_len().is_some() => Err(NotText::NotUtf8),
            // A character cut at the end: held over.
            Err(e) => {
                let cut = &bytes[e.valid_up_to()..];
                self.held[..cut.len()].copy_from_slice(cut);
                self.len = cut.len();
                Ok(())
            }
        }
    }

    /// At the end of the input: whether a character was left cut.
    fn end(&self) -> Result<(), NotText> {
        if self.len == 0 {
            Ok(())
        } else {
            Err(NotText::NotUtf8)
        }
    }
}

/// The documents of a reader, one [`Unit`] each, each at most `cap` bytes: see the
/// [module notes](self).
pub struct Documents<R> {
    reader: BufReader<R>,
    cap: u64,
    /// The line of the next byte, from 1.
    line: usize,
    /// Whether the byte order mark has been looked for.
    started: bool,
    /// Set after a unit past the cap, a read error or binary data: nothing more is read.
    done: bool,
    /// The text read so far is UTF-8 (a character cut at the end of a read held over).
    utf8: Utf8,
}

/// Bytes JSON allows between tokens.
fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n')
}

impl<R: Read> Documents<R> {
    /// The documents `reader` holds, each at most `cap` bytes.
    pub fn new(reader: R, cap: u64) -> Self {
        Documents {
            reader: BufReader::new(reader),
            cap,
            line: 1,
            started: false,
            done: false,
            utf8: Utf8::default(),
        }
    }

    /// The next unit, or `None` at the end of the input.
    fn next_unit(&mut self) -> io::Result<Option<Unit>> {
        if !self.started {
            self.started = true;
            if self.reader.fill_buf()?.starts_with(b"\xef\xbb\xbf") {
                self.reader.consume(3);
            }
        }
        // Blank space between documents counts against the cap too: endless blank input ends.
        let mut blank: u64 = 0;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                return Ok(None);
            }
            let found = buf.iter().position(|b| !is_blank(*b));
            let upto = found.unwrap_or(buf.len());
            self.line += buf[..upto].iter().filter(|&&b| b == b'\n').count();
            blank += upto as u64;
            self.reader.consume(upto);
            if blank > self.cap {
                return Ok(Some(self.too_large(self.line)));
            }
            if found.is_some() {
                break;
            }
        }
        let line = self.line;
        match self.reader.fill_buf()?.first() {
            Some(b'{' | b'[') => self.document(line),
            _ => self.stray_text(line),
        }
    }

    /// A unit past the cap: the last one read from this input.
    fn too_large(&mut self, line: usize) -> Unit {
        self.done = true;
        Unit {
            line,
            text: Err(UnitError::TooLarge(self.cap)),
        }
    }

    /// A unit of binary data: the last one read from this input.
    fn binary(&mut self, line: usize, why: NotText) -> Unit {
        self.done = true;
        Unit {
            line,
            text: Err(UnitError::NotText(why)),
        }
    }

    /// A document from its opening bracket (the next byte) to the matching one.
    fn document(&mut self, line: usize) -> io::Result<Option<Unit>> {
        let mut text = Vec::new();
        let mut size: u64 = 0;
        let (mut depth, mut in_string, mut escape) = (0usize, false, false);
        // Just past a newline inside the document: a `{` here begins the next document.
        let mut line_start = false;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                if let Err(why) = self.utf8.end() {
                    return Ok(Some(self.binary(line, why)));
                }
                return Ok(Some(Unit {
                    line,
                    text: Err(UnitError::Truncated),
                }));
            }
            let (mut used, mut closed, mut next_begins) = (0, false, false);
            for &byte in buf {
                if line_start && byte == b'{' {
                    next_begins = true;
                    break;
                }
                used += 1;
                line_start = byte == b'\n';
                if byte == b'\n' {
                    self.line += 1;
                    // JSON strings hold no raw newline: the string (and an escape) ends here.
                    in_string = false;
                    escape = false;
                } else if escape {
                    escape = false;
                } else if in_string {
                    match byte {
                        b'"' => in_string = false,
                        b'\\' => escape = true,
                        _ => {}
                    }
                } else {
                    match byte {
                        b'"' => in_string = true,
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                closed = true;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
            }
            size += used as u64;
            if size <= self.cap {
                text.extend_from_slice(&buf[..used]);
            }
            let checked = self.utf8.take(&buf[..used]);
            self.reader.consume(used);
            if let Err(why) = checked {
                return Ok(Some(self.binary(line, why)));
            }
            if size > self.cap {
                return Ok(Some(self.too_large(line)));
            }
            if next_begins {
                return Ok(Some(Unit {
                    line,
                    text: Err(UnitError::NextBegins),
                }));
            }
            if closed {
                // Checked piece by piece above, and the closing bracket ends any character.
                let text =
                    String::from_utf8(text).map_err(|_| UnitError::NotText(NotText::NotUtf8));
                return Ok(Some(Unit { line, text }));
            }
        }
    }

    /// Text outside any document: unusable to the end of its line.
    fn stray_text(&mut self, line: usize) -> io::Result<Option<Unit>> {
        let mut size: u64 = 0;
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                if let Err(why) = self.utf8.end() {
                    return Ok(Some(self.binary(line, why)));
                }
                break;
            }
            let newline = buf.iter().position(|&b| b == b'\n');
            let used = newline.map_or(buf.len(), |at| at + 1);
            size += used as u64;
            let checked = self.utf8.take(&buf[..used]);
            self.reader.consume(used);
            if let Err(why) = checked {
                return Ok(Some(self.binary(line, why)));
            }
            if size > self.cap {
                return Ok(Some(self.too_large(line)));
            }
            if newline.is_some() {
                self.line += 1;
                break;
            }
        }
        Ok(Some(Unit {
            line,
            text: Err(UnitError::NotJson),
        }))
    }
}

impl<R: Read> Iterator for Documents<R> {
    type Item = Unit;

    fn next(&mut self) -> Option<Unit> {
        if self.done {
            return None;
        }
        let line = self.line;
        self.next_unit().unwrap_or_else(|e| {
            self.done = true;
            Some(Unit {
                line,
                text: Err(UnitError::Read(e.to_string())),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(text: &str, cap: u64) -> Vec<(usize, Result<String, UnitError>)> {
        Documents::new(text.as_bytes(), cap)
            .map(|u| (u.line, u.text))
            .collect()
    }

    #[test]
    fn pretty_documents_json_lines_and_both() {
        let pretty = "{\n  \"a\": [1, {\"b\": \"}\"}],\n  \"c\": \"x\\\"]\"\n}\n";
        let got = units(&format!("{pretty}{pretty}"), 1000);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0], (1, Ok(pretty.trim_end().to_string())));
        assert_eq!(got[1].0, 5);
        let lines = "{\"a\":1}\n{\"a\":2}\r\n\n[3]\n";
        let got = units(lines, 1000);
        assert_eq!(
            got,
            vec![
                (1, Ok("{\"a\":1}".into())),
                (2, Ok("{\"a\":2}".into())),
                (4, Ok("[3]".into()))
            ]
        );
        let mixed = format!("\u{feff}{pretty}{{\"z\":0}}\n");
        let got = units(&mixed, 1000);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1], (5, Ok("{\"z\":0}".into())));
        assert!(units("", 10).is_empty());
        assert!(units(" \n\t\n", 10).is_empty());
    }

    #[test]
    fn broken_documents_are_named_and_the_rest_still_read() {
        let text = "{\"a\": 1,\n{\"b\": 2}\nnot json\n{\"c\": \"open\n}\n[1, 2";
        let got = units(text, 1000);
        assert_eq!(
            got,
            vec![
                (1, Err(UnitError::NextBegins)),
                (2, Ok("{\"b\": 2}".into())),
                (3, Err(UnitError::NotJson)),
                (4, Ok("{\"c\": \"open\n}".into())),
                (6, Err(UnitError::Truncated)),
            ]
        );
        let got = units("{\"a\": \"\u{ff}\"}", 100);
        assert_eq!(got[0].1, Ok("{\"a\": \"\u{ff}\"}".into()));
        let bytes: &[u8] = b"{\"a\": \"\xff\"}";
        let got: Vec<Unit> = Documents::new(bytes, 100).collect();
        assert_eq!(got[0].text, Err(UnitError::NotText(NotText::NotUtf8)));
    }

    /// Binary input is said to be so once, where it is met, and nothing after it is read.
    #[test]
    fn binary_input_is_one_unit_and_ends_the_input() {
        let cases: [(&[u8], Vec<usize>, NotText); 6] = [
            (
                b"\x89PNG\r\n\x1a\n\x00\x00\nmore\nlines\n",
                vec![1],
                NotText::NotUtf8,
            ),
            (b"text\nmore\x00\nand more\n", vec![1, 2], NotText::Nul),
            (
                b"{\"a\":1}\n{\"b\":\x00}\n{\"c\":3}\n",
                vec![1, 2],
                NotText::Nul,
            ),
            (b"[1]\n\xff\xfe{\"\n", vec![1, 2], NotText::NotUtf8),
            // A character cut by the end of the input.
            (b"{\"a\": \"\xe2\x82", vec![1], NotText::NotUtf8),
            (b"stray \xe2\x82", vec![1], NotText::NotUtf8),
        ];
        for (bytes, lines, why) in cases {
            let got: Vec<Unit> = Documents::new(bytes, 1000).collect();
            assert_eq!(
                got.iter().map(|u| u.line).collect::<Vec<_>>(),
                lines,
                "{bytes:?}"
            );
            assert_eq!(got.last().unwrap().text, Err(UnitError::NotText(why)));
        }
        // Characters cut by the reader's pieces are text (one byte a read).
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let Some((&first, rest)) = self.0.split_first() else {
                    return Ok(0);
                };
                out[0] = first;
                self.0 = rest;
                Ok(1)
            }
        }
        let text = "{\"a\": \"€ 𝄞 é\"}\nnot json ✓\n[\"ü\"]";
        let got: Vec<Unit> = Documents::new(Trickle(text.as_bytes()), 1000).collect();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].text, Ok("{\"a\": \"€ 𝄞 é\"}".into()));
        assert_eq!(got[1].text, Err(UnitError::NotJson));
        assert_eq!(got[2].text, Ok("[\"ü\"]".into()));
        // Random bytes: one unit.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let noise: Vec<u8> = (0..1 << 20)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        assert_eq!(Documents::new(&noise[..], 1 << 20).count(), 1);
    }

    /// Past the cap, nothing more is read: an endless input ends.
    #[test]
    fn every_stretch_is_capped_and_nothing_after_the_first_too_large_is_read() {
        for (endless, why) in [
            (io::repeat(b' ').take(u64::MAX), UnitError::TooLarge(1000)),
            (io::repeat(b'x').take(u64::MAX), UnitError::TooLarge(1000)),
            // `/dev/zero` is binary at its first byte.
            (
                io::repeat(0).take(u64::MAX),
                UnitError::NotText(NotText::Nul),
            ),
        ] {
            let got: Vec<Unit> = Documents::new(endless, 1000).collect();
            assert_eq!(got.len(), 1);
            assert_eq!(got[0].text, Err(why));
        }
        let deep = io::repeat(b'[').take(u64::MAX);
        let got: Vec<Unit> = Documents::new(deep, 1000).collect();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].text, Err(UnitError::TooLarge(1000)));
        let text = format!("{{\"a\":1}}\n[{}]\n{{\"b\":2}}\n", "0,".repeat(600));
        let got = units(&text, 1000);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].1, Ok("{\"a\":1}".into()));
        assert_eq!(got[1], (2, Err(UnitError::TooLarge(1000))));
        // Exactly the cap is fine.
        assert_eq!(units("[1]", 3), vec![(1, Ok("[1]".into()))]);
    }
}
