//! Reading untrusted input with bounds: regular files or standard input only, never more than a
//! cap.
//!
//! `rangeproof verify /dev/zero` must not read forever, and a huge document must not be held in
//! memory before it is refused. So a path must name a regular file (a symlink to one is
//! fine): devices, FIFOs, sockets and directories are refused before anything is read. Input is
//! read through a [`Read::take`] of one byte more than the cap, so even a file that grows while
//! it is read, or standard input fed from `/dev/zero`, costs at most the cap.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use zeroize::Zeroizing;

use crate::stream::Documents;

/// The default cap on one proof document. The largest valid document (Bulletproofs+ of 64
/// values at extension degree 6, with minimum values) is under 16 KiB.
pub const DEFAULT_MAX_DOCUMENT_BYTES: u64 = 1 << 20;

/// The cap on a values file (`prove --values-file`): 64 values need well under 2 KiB.
pub const MAX_VALUES_BYTES: u64 = 64 << 10;

/// The cap on a file holding secrets (`--blindings-file`, `--nonce-file`, `--preimage-file`):
/// the most any of them needs (256 values' hex blindings at extension degree 6) is under 32 KiB.
pub const MAX_SECRET_BYTES: u64 = 64 << 10;

/// `-` names standard input.
pub const STDIN: &str = "-";

/// Reads at most `max` bytes of secrets from `path` (or standard input for `-`), as they are.
///
/// Unlike [`read_text`], the buffer is reserved whole before reading (so no reallocation leaves
/// a copy of the secret behind) and wiped when the result is dropped. The error names the input
/// but never echoes what was read.
pub fn read_secret(path: &Path, max: u64) -> Result<Zeroizing<Vec<u8>>, String> {
    let is_stdin = path.as_os_str() == STDIN;
    let name = input_name(path);
    let mut bytes = Zeroizing::new(Vec::new());
    // One byte past the cap tells "exactly the cap" from "more".
    let capacity = usize::try_from(max.saturating_add(1)).map_err(|_| too_large(&name, max))?;
    bytes.reserve_exact(capacity);
    let result = if is_stdin {
        io::stdin()
            .lock()
            .take(max.saturating_add(1))
            .read_to_end(&mut bytes)
    } else {
        let file = open_regular(path).map_err(|e| format!("{name}: {e}"))?;
        file.take(max.saturating_add(1)).read_to_end(&mut bytes)
    };
    result.map_err(|e| format!("{name}: cannot read: {e}"))?;
    if bytes.len() as u64 > max {
        return Err(format!("{name}: larger than {max} bytes"));
    }
    Ok(bytes)
}

/// [`read_secret`] as UTF-8 text, wiped on drop.
pub fn read_secret_text(path: &Path, max: u64) -> Result<Zeroizing<String>, String> {
    let bytes = read_secret(path, max)?;
    match core::str::from_utf8(&bytes) {
        // Copied into a buffer of its own, which is wiped on drop like the bytes.
        Ok(text) => Ok(Zeroizing::new(text.to_owned())),
        Err(_) => Err(format!("{}: not UTF-8 text", input_name(path))),
    }
}

/// Opens `path` if it names a regular file (checked before opening, so a FIFO cannot block,
/// and again on what was opened).
fn open_regular(path: &Path) -> Result<File, String> {
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
    check_regular(&metadata)?;
    let file = File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let metadata = file.metadata().map_err(|e| format!("cannot read: {e}"))?;
    check_regular(&metadata)?;
    Ok(file)
}

/// The documents in `path` (or on standard input for `-`), one after another, each at most
/// `max` bytes ([`crate::stream`]): a path must name a regular file, refused before reading
/// otherwise. The error is a one-line reason that names the input.
pub fn documents(path: &Path, max: u64) -> Result<Documents<Box<dyn Read>>, String> {
    let reader: Box<dyn Read> = if path.as_os_str() == STDIN {
        Box::new(io::stdin())
    } else {
        Box::new(open_regular(path).map_err(|e| format!("{}: {e}", input_name(path)))?)
    };
    Ok(Documents::new(reader, max))
}

/// Reads at most `max` bytes from `path` (or standard input for `-`), as they are: a file
/// larger than `max` is refused before reading.
pub fn read_bytes(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let is_stdin = path.as_os_str() == STDIN;
    let name = input_name(path);
    let bytes = if is_stdin {
        read_capped(io::stdin().lock(), max).map_err(|e| format!("{name}: {e}"))?
    } else {
        let file = open_regular(path).map_err(|e| format!("{name}: {e}"))?;
        // A cheap refusal before reading anything.
        if file.metadata().is_ok_and(|m| m.len() > max) {
            return Err(too_large(&name, max));
        }
        read_capped(file, max).map_err(|e| format!("{name}: {e}"))?
    };
    bytes.ok_or_else(|| too_large(&name, max))
}

/// A transaction format's size cap, stated the same way wherever it refuses something: the
/// most bytes one may have raw, and so twice that as hex text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WireCap {
    /// What it caps, as the reason names it ("a Liquid transaction").
    pub what: &'static str,
    /// The most bytes raw.
    pub raw: usize,
}

impl WireCap {
    /// The most bytes a file (or a caller's buffer) may hold: `raw` bytes as hex, and a line
    /// end.
    pub const fn file_bytes(self) -> u64 {
        2 * self.raw as u64 + 2
    }

    /// The reason anything larger is refused: the cap, raw and as hex.
    pub fn too_large(self) -> String {
        format!(
            "larger than {} can be (at most {} bytes raw, {} as hex)",
            self.what,
            self.raw,
            2 * self.raw
        )
    }
}

/// Bytes as given: text (printable ASCII and white space) is hex to decode, white space around
/// it allowed; anything else is the raw bytes (borrowed, not copied). A transaction's raw bytes
/// always hold bytes that are not printable (its version, `02 00 00 00`), so the two are told
/// apart without being told. More than `cap` is refused.
pub fn raw_or_hex(given: &[u8], cap: WireCap) -> Result<Cow<'_, [u8]>, String> {
    let is_text = given
        .iter()
        .all(|b| b.is_ascii_graphic() || b.is_ascii_whitespace());
    let bytes = if is_text {
        let text = given.trim_ascii();
        if text.len() / 2 > cap.raw {
            return Err(cap.too_large());
        }
        Cow::Owned(crate::hex::decode(text).map_err(|e| format!("text that is not hex: {e}"))?)
    } else {
        Cow::Borrowed(given)
    };
    if bytes.len() > cap.raw {
        return Err(cap.too_large());
    }
    Ok(bytes)
}

/// The bytes of a transaction in `path` (standard input for `-`), raw or hex
/// ([`raw_or_hex`]): a file larger than `cap` allows either is refused before reading, and no
/// more than that is read from standard input. The error names the input.
pub fn read_raw_or_hex(path: &Path, cap: WireCap) -> Result<Vec<u8>, String> {
    let name = input_name(path);
    let max = cap.file_bytes();
    let bytes = if path.as_os_str() == STDIN {
        read_capped(io::stdin().lock(), max).map_err(|e| format!("{name}: {e}"))?
    } else {
        let file = open_regular(path).map_err(|e| format!("{name}: {e}"))?;
        if file.metadata().is_ok_and(|m| m.len() > max) {
            return Err(format!("{name}: {}", cap.too_large()));
        }
        read_capped(file, max).map_err(|e| format!("{name}: {e}"))?
    };
    let bytes = bytes.ok_or_else(|| format!("{name}: {}", cap.too_large()))?;
    match raw_or_hex(&bytes, cap) {
        Ok(Cow::Borrowed(_)) => Ok(bytes),
        Ok(Cow::Owned(decoded)) => Ok(decoded),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

/// [`read_bytes`] as UTF-8 text.
pub fn read_text(path: &Path, max: u64) -> Result<String, String> {
    let bytes = read_bytes(path, max)?;
    String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", input_name(path)))
}

/// How errors name an input: its path, or "standard input" for `-`.
pub fn input_name(path: &Path) -> String {
    if path.as_os_str() == STDIN {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

fn check_regular(metadata: &std::fs::Metadata) -> Result<(), String> {
    if metadata.is_file() {
        Ok(())
    } else if metadata.is_dir() {
        Err("is a directory, not a file".into())
    } else {
        Err(
            "not a regular file (devices, FIFOs and sockets are refused; use - for standard input)"
                .into(),
        )
    }
}

pub use crate::stream::RAISE_THE_CAP;

fn too_large(name: &impl std::fmt::Display, max: u64) -> String {
    format!("{name}: larger than {max} bytes")
}

/// All of `reader` if it holds at most `max` bytes, `None` if it holds more (reading stops one
/// byte past the cap).
fn read_capped(reader: impl Read, max: u64) -> Result<Option<Vec<u8>>, String> {
    let mut bytes = Vec::new();
    reader
        .take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    Ok((bytes.len() as u64 <= max).then_some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_regular_files_up_to_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("doc.json");
        std::fs::write(&path, "0123456789").unwrap();
        assert_eq!(read_text(&path, 10).unwrap(), "0123456789");
        assert!(read_text(&path, 9)
            .unwrap_err()
            .contains("larger than 9 bytes"));
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(read_text(&path, 10).unwrap_err().contains("not UTF-8"));
    }

    #[test]
    fn refuses_what_is_not_a_regular_file() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read_text(dir.path(), 10).unwrap_err().contains("directory"));
        #[cfg(unix)]
        {
            let err = read_text(Path::new("/dev/zero"), 10).unwrap_err();
            assert!(err.contains("not a regular file"), "{err}");
        }
        assert!(read_text(&dir.path().join("missing"), 10)
            .unwrap_err()
            .contains("cannot read"));
    }

    #[test]
    fn secrets_are_read_whole_up_to_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nonce");
        std::fs::write(&path, [0u8, 0xff, 7]).unwrap();
        assert_eq!(&read_secret(&path, 3).unwrap()[..], &[0u8, 0xff, 7]);
        let err = read_secret(&path, 2).unwrap_err();
        assert!(err.contains("larger than 2 bytes"), "{err}");
        assert!(read_secret_text(&path, 3)
            .unwrap_err()
            .contains("not UTF-8"));
        std::fs::write(&path, "ab, cd\n").unwrap();
        assert_eq!(&*read_secret_text(&path, 10).unwrap(), "ab, cd\n");
        assert!(read_secret(dir.path(), 10)
            .unwrap_err()
            .contains("directory"));
        #[cfg(unix)]
        assert!(read_secret(Path::new("/dev/zero"), 10)
            .unwrap_err()
            .contains("not a regular file"));
    }

    #[test]
    fn transactions_are_raw_or_hex_under_one_cap() {
        let cap = WireCap {
            what: "a test transaction",
            raw: 4,
        };
        assert_eq!(cap.file_bytes(), 10);
        let raw = [2u8, 0, 0, 0];
        assert_eq!(&*raw_or_hex(&raw, cap).unwrap(), &raw);
        assert!(matches!(raw_or_hex(&raw, cap), Ok(Cow::Borrowed(_))));
        assert_eq!(&*raw_or_hex(b" 02000000\r\n", cap).unwrap(), &raw);
        let too_large = cap.too_large();
        assert_eq!(
            too_large,
            "larger than a test transaction can be (at most 4 bytes raw, 8 as hex)"
        );
        assert_eq!(raw_or_hex(&[2, 0, 0, 0, 0], cap).unwrap_err(), too_large);
        assert_eq!(raw_or_hex(b"0200000000", cap).unwrap_err(), too_large);
        let err = raw_or_hex(b"0x0200", cap).unwrap_err();
        assert!(err.starts_with("text that is not hex"), "{err}");

        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tx");
        for (given, read) in [(&b"02000000\n"[..], &raw[..]), (&raw[..], &raw[..])] {
            std::fs::write(&path, given).unwrap();
            assert_eq!(read_raw_or_hex(&path, cap).unwrap(), read);
        }
        // Over the file cap, over the raw cap: the same reason, naming the input.
        for given in [&b"02000000000000\n"[..], &[2, 0, 0, 0, 0, 0]] {
            std::fs::write(&path, given).unwrap();
            let err = read_raw_or_hex(&path, cap).unwrap_err();
            assert_eq!(err, format!("{}: {too_large}", path.display()));
        }
    }

    #[test]
    fn capped_reads_stop_past_the_cap() {
        let endless = io::repeat(0);
        assert_eq!(read_capped(endless, 1000).unwrap(), None);
        assert_eq!(read_capped(&b"abc"[..], 3).unwrap(), Some(b"abc".to_vec()));
    }
}
