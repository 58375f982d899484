//! Reading untrusted input with bounds: regular files or standard input only, never more than a
//! cap.
//!
//! `rangeproof verify /dev/zero` must not read forever, and a huge document must not be held in
//! memory before it is refused. So a path must name a regular file (a symlink to one is
//! fine): devices, FIFOs, sockets and directories are refused before anything is read. Input is
//! read through a [`Read::take`] of one byte more than the cap, so even a file that grows while
//! it is read, or standard input fed from `/dev/zero`, costs at most the cap.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The default cap on one proof document. The largest valid document (Bulletproofs+ of 64
/// values at extension degree 6, with minimum values) is under 16 KiB.
pub const DEFAULT_MAX_DOCUMENT_BYTES: u64 = 1 << 20;

/// The cap on a values file (`prove --values-file`): 64 values need well under 2 KiB.
pub const MAX_VALUES_BYTES: u64 = 64 << 10;

/// `-` names standard input.
pub const STDIN: &str = "-";

/// Reads at most `max` bytes from `path` (or standard input for `-`) as UTF-8 text. The error
/// is a one-line reason that names the input.
pub fn read_text(path: &Path, max: u64) -> Result<String, String> {
    let is_stdin = path.as_os_str() == STDIN;
    let name = if is_stdin {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let bytes = if is_stdin {
        read_capped(io::stdin().lock(), max).map_err(|e| format!("{name}: {e}"))?
    } else {
        // A cheap check before opening: opening a FIFO would block until a writer appears.
        let metadata = std::fs::metadata(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
        check_regular(&metadata).map_err(|e| format!("{name}: {e}"))?;
        if metadata.len() > max {
            return Err(too_large(&name, max));
        }
        let file = File::open(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
        // Checked again on what was opened, in case the path changed in between.
        let metadata = file
            .metadata()
            .map_err(|e| format!("{name}: cannot read: {e}"))?;
        check_regular(&metadata).map_err(|e| format!("{name}: {e}"))?;
        read_capped(file, max).map_err(|e| format!("{name}: {e}"))?
    };
    match bytes {
        Some(bytes) => String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text")),
        None => Err(too_large(&name, max)),
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

/// The hint [`read_text`]'s "too large" error ends with; callers whose cap no flag raises
/// (a values file) remove it.
pub const RAISE_THE_CAP: &str =
    " (a valid document is a few KB; verify's --max-document-bytes raises the cap)";

fn too_large(name: &impl std::fmt::Display, max: u64) -> String {
    format!("{name}: larger than {max} bytes{RAISE_THE_CAP}")
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
    fn capped_reads_stop_past_the_cap() {
        let endless = io::repeat(0);
        assert_eq!(read_capped(endless, 1000).unwrap(), None);
        assert_eq!(read_capped(&b"abc"[..], 3).unwrap(), Some(b"abc".to_vec()));
    }
}
