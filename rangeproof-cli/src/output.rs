//! Where the CLI's results go: standard output that never panics, and output files that never
//! destroy anything.
//!
//! **Standard output.** `println!` panics (exit 101) when the write fails: `verify … | head -1`
//! closes the pipe, `prove > /dev/full` fills the disk. Every line goes through [`say()`]
//! instead. A closed pipe (EPIPE) means the reader has what it wanted: further output is
//! dropped quietly and the command finishes with the exit code its verdicts give. Any other
//! write error is kept and reported once by [`finish`] as unusable output (exit 2).
//!
//! **Files.** An output file is created new ([`OutputFile::create`]): an existing path — or a
//! symlink, even a dangling one — is refused, so `--out` can never overwrite a wallet's only
//! copy of its blindings or write through a planted link. `--force` replaces an existing
//! regular file by writing a temporary file beside it and renaming it over the path (a rename
//! replaces the link itself, never its target). In every case a path the command reads secrets
//! from (`--openings-in`, `--values-file`) is refused as an output.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Set once standard output's reader has gone away (EPIPE): later output is dropped.
static READER_GONE: AtomicBool = AtomicBool::new(false);

/// The first write error other than EPIPE, reported by [`finish`].
static WRITE_ERROR: Mutex<Option<String>> = Mutex::new(None);

/// Writes `text` and a newline to standard output. Never panics: see the module notes.
pub fn say(text: impl AsRef<str>) {
    if READER_GONE.load(Ordering::Relaxed) || failed() {
        return;
    }
    let mut stdout = io::stdout().lock();
    let written = stdout
        .write_all(text.as_ref().as_bytes())
        .and_then(|()| stdout.write_all(b"\n"))
        .and_then(|()| stdout.flush());
    if let Err(e) = written {
        record(e);
    }
}

/// Flushes standard output (for a line a script waits for).
pub fn flush() {
    if let Err(e) = io::stdout().lock().flush() {
        record(e);
    }
}

fn record(e: io::Error) {
    if e.kind() == io::ErrorKind::BrokenPipe {
        READER_GONE.store(true, Ordering::Relaxed);
    } else {
        let mut slot = WRITE_ERROR.lock().unwrap_or_else(|p| p.into_inner());
        slot.get_or_insert_with(|| format!("cannot write to standard output: {e}"));
    }
}

/// Whether writing standard output has failed (other than by a closed pipe).
pub fn failed() -> bool {
    WRITE_ERROR
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .is_some()
}

/// The write error to report (exit 2), if standard output failed other than by a closed pipe.
pub fn finish() -> Option<String> {
    let _ = io::stdout().lock().flush().map_err(record);
    WRITE_ERROR.lock().unwrap_or_else(|p| p.into_inner()).take()
}

/// A file an output will be written to, claimed before the work starts so that a refusal
/// costs nothing. Dropped without [`OutputFile::write`] (the command failed), it removes what
/// it created and leaves an existing file as it was.
pub struct OutputFile {
    path: PathBuf,
    /// The new file, created empty (without `--force`), or the temporary file whose rename
    /// replaces `path` (with it).
    file: Option<File>,
    temporary: Option<PathBuf>,
}

impl OutputFile {
    /// Claims `path` for output `what` (the flag, for messages). Refused: a path that exists
    /// or is a symlink (unless `force`, which replaces a regular file or the link itself —
    /// never the link's target — and still refuses directories and devices), and any path in
    /// `secrets` (inputs holding secrets), even by another name.
    pub fn create(
        what: &str,
        path: &Path,
        force: bool,
        secrets: &[&Path],
    ) -> Result<OutputFile, String> {
        refuse_secret_inputs(what, path, secrets)?;
        match std::fs::symlink_metadata(path) {
            Ok(meta) if !force => {
                let kind = if meta.file_type().is_symlink() {
                    "is a symlink"
                } else {
                    "already exists"
                };
                Err(format!(
                    "{what} {} {kind}: refusing to overwrite it (choose a new path, or --force to replace a file)",
                    path.display()
                ))
            }
            Ok(meta) if !meta.file_type().is_file() && !meta.file_type().is_symlink() => {
                Err(format!(
                    "{what} {}: not a regular file, not replaced even with --force",
                    path.display()
                ))
            }
            Ok(_) => {
                // Replace by rename: write beside the path, then rename over it.
                let temporary = temporary_beside(path);
                let file = new_file(&temporary, 0o644)
                    .map_err(|e| format!("{what}: cannot create {}: {e}", temporary.display()))?;
                Ok(OutputFile {
                    path: path.to_path_buf(),
                    file: Some(file),
                    temporary: Some(temporary),
                })
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                OutputFile::new_at(what, path, 0o644, "refusing to overwrite it")
            }
            Err(e) => Err(format!("{what}: cannot use {}: {e}", path.display())),
        }
    }

    /// Claims `path` for secrets (openings): always a new file, readable by its owner only
    /// (mode 0600 on Unix); an existing file or a symlink is refused, whatever `--force` says.
    pub fn create_secret(what: &str, path: &Path, secrets: &[&Path]) -> Result<OutputFile, String> {
        refuse_secret_inputs(what, path, secrets)?;
        OutputFile::new_at(
            what,
            path,
            0o600,
            "refusing to overwrite an openings file (choose a new path)",
        )
    }

    /// A new file at `path` itself (`O_CREAT | O_EXCL`), or the refusal when something is
    /// there (`refusal` says what it means to the user).
    fn new_at(what: &str, path: &Path, mode: u32, refusal: &str) -> Result<OutputFile, String> {
        let file = new_file(path, mode).map_err(|e| match e.kind() {
            io::ErrorKind::AlreadyExists => {
                format!("{what} {} already exists: {refusal}", path.display())
            }
            _ => format!("{what}: cannot create {}: {e}", path.display()),
        })?;
        Ok(OutputFile {
            path: path.to_path_buf(),
            file: Some(file),
            temporary: None,
        })
    }

    /// Writes `text` and a newline, durably, and puts the file in place.
    pub fn write(mut self, text: &str) -> Result<(), String> {
        let mut file = self.file.take().ok_or("output already written")?;
        let written = file
            .write_all(text.as_bytes())
            .and_then(|()| file.write_all(b"\n"))
            .and_then(|()| file.sync_all());
        let target = self.temporary.as_deref().unwrap_or(&self.path);
        if let Err(e) = written {
            // Drop removes what we created.
            self.file = Some(file);
            return Err(format!("cannot write {}: {e}", target.display()));
        }
        if let Some(temporary) = self.temporary.take() {
            if let Err(e) = std::fs::rename(&temporary, &self.path) {
                let _ = std::fs::remove_file(&temporary);
                return Err(format!("cannot replace {}: {e}", self.path.display()));
            }
        }
        Ok(())
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if self.file.is_some() {
            let created = self.temporary.as_deref().unwrap_or(&self.path);
            let _ = std::fs::remove_file(created);
        }
    }
}

/// Refuses an output that is one of the files secrets are read from, by any name.
fn refuse_secret_inputs(what: &str, path: &Path, secrets: &[&Path]) -> Result<(), String> {
    match secrets.iter().find(|secret| same_file(path, secret)) {
        Some(_) => Err(format!(
            "{what} {} is the file the secrets are read from: choose another path",
            path.display()
        )),
        None => Ok(()),
    }
}

/// Creates a new file (never following a symlink: `O_CREAT | O_EXCL`) with `mode` on Unix.
pub fn new_file(path: &Path, mode: u32) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
    #[cfg(not(unix))]
    let _ = mode;
    options.open(path)
}

fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.partial", std::process::id()))
}

/// Whether `a` and `b` name the same file: the same device and inode when both exist (hard
/// links, symlinks, `./x` versus `x`), else the same absolute path.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    match (std::path::absolute(a), std::path::absolute(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_are_new_files_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        OutputFile::create("--out", &path, false, &[])
            .unwrap()
            .write("one")
            .unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\n");
        let err = OutputFile::create("--out", &path, false, &[])
            .err()
            .unwrap();
        assert!(err.contains("already exists"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\n");
        OutputFile::create("--out", &path, true, &[])
            .unwrap()
            .write("two")
            .unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two\n");
        // Nothing is left beside it.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_unwritten_output_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        drop(OutputFile::create("--out", &path, false, &[]).unwrap());
        assert!(!path.exists());
        std::fs::write(&path, "keep").unwrap();
        drop(OutputFile::create("--out", &path, true, &[]).unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "precious").unwrap();
        let link = dir.path().join("out.json");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let err = OutputFile::create("--out", &link, false, &[])
            .err()
            .unwrap();
        assert!(err.contains("symlink"), "{err}");
        // Forced, the link itself is replaced; its target is untouched.
        OutputFile::create("--out", &link, true, &[])
            .unwrap()
            .write("new")
            .unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert!(!std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        // A dangling link is refused too.
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
        assert!(OutputFile::create("--out", &dangling, false, &[]).is_err());
        assert!(!dir.path().join("nowhere").exists());
    }

    #[test]
    fn secrets_go_to_new_owner_only_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.open.json");
        let claimed = OutputFile::create_secret("--openings", &path, &[]).unwrap();
        // Claimed before the work: a second claim is refused at once.
        assert!(OutputFile::create_secret("--openings", &path, &[]).is_err());
        claimed.write("secret").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let err = OutputFile::create_secret("--openings", &path, &[])
            .err()
            .unwrap();
        assert!(err.contains("already exists"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "secret\n");
    }

    #[test]
    fn secret_inputs_are_never_outputs() {
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("w.open.json");
        std::fs::write(&secret, "blindings").unwrap();
        let other_name = dir.path().join(".").join("w.open.json");
        for force in [false, true] {
            let err = OutputFile::create("--out", &other_name, force, &[&secret])
                .err()
                .unwrap();
            assert!(err.contains("secrets are read from"), "{err}");
        }
        assert_eq!(std::fs::read_to_string(&secret).unwrap(), "blindings");
    }
}
