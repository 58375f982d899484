//! Where the CLI's results go: standard output that never panics, and output files that never
//! destroy anything.
//!
//! **Standard output.** `println!` panics (exit 101) when the write fails: `verify … | head -1`
//! closes the pipe, `prove > /dev/full` fills the disk. Every line goes through [`say()`]
//! instead. A closed pipe (EPIPE) means the reader has what it wanted: further output is
//! dropped quietly and the command finishes with the exit code its verdicts give. Any other
//! write error is kept and reported once by [`finish`] as unusable output (exit 2).
//!
//! **Files.** An output file is new ([`OutputFile::create`]): an existing path — or a
//! symlink, even a dangling one — is refused, so `--out` can never overwrite a wallet's only
//! copy of its blindings or write through a planted link. Every output is written to a
//! temporary file beside its path and put in place only when whole: linked as a new name (which
//! fails if anything appeared there meanwhile), or with `--force` renamed over an existing
//! regular file (a rename replaces the link itself, never its target). So an interrupted run
//! (Ctrl-C, SIGTERM: [`interrupted`] removes the temporary files) leaves nothing that blocks
//! its rerun. In every case a path the command reads secrets from (`--openings-in`,
//! `--values-file`) is refused as an output.

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

/// The temporary files of outputs not yet in place, which an interruption removes
/// ([`interrupted`]). Placing an output holds the lock, so an interruption sees each output
/// either whole in place or still here.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(|p| p.into_inner())
}

/// Called on SIGINT, SIGTERM or SIGHUP (from the handler's own thread): removes every output's
/// temporary file, so an interrupted run leaves nothing that blocks its rerun, and ends the
/// process (exit 130). Outputs already in place stay: an openings file in place may already
/// be needed (a multi-party party's, once its commitment is revealed).
pub fn interrupted() -> ! {
    let mut files = pending();
    for temporary in files.drain(..) {
        let _ = std::fs::remove_file(temporary);
    }
    eprintln!("interrupted: outputs not yet written are removed");
    std::process::exit(130)
}

/// An output file. Nothing is created at its path until the output is written whole: it is
/// written to a temporary file beside the path (`.NAME.PID.RANDOM.partial`, created new,
/// owner-only for secrets) and then put in place — linked as a new name, which fails if
/// anything appeared there meanwhile (no replace), or renamed over the path with `--force`.
/// Claimed before the work starts, so that a refusal costs nothing; dropped without
/// [`OutputFile::write`] (the command failed), or interrupted, it removes its temporary file
/// and leaves the path as it was.
pub struct OutputFile {
    what: String,
    path: PathBuf,
    /// Where the output is written first; empty once it is in place (or kept after a
    /// conflict), so that nothing removes it then.
    temporary: PathBuf,
    /// The temporary file, until written.
    file: Option<File>,
    /// `--force`: rename over the path (else place it as a new name, never replacing).
    replace: bool,
    /// Openings: on a conflict at the end, the temporary file is kept (and named), not lost.
    secret: bool,
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
        let replace = match std::fs::symlink_metadata(path) {
            Ok(meta) if !force => {
                let kind = if meta.file_type().is_symlink() {
                    "is a symlink"
                } else {
                    "already exists"
                };
                return Err(format!(
                    "{what} {} {kind}: refusing to overwrite it (choose a new path, or --force to replace a file)",
                    path.display()
                ));
            }
            Ok(meta) if !meta.file_type().is_file() && !meta.file_type().is_symlink() => {
                return Err(format!(
                    "{what} {}: not a regular file, not replaced even with --force",
                    path.display()
                ))
            }
            Ok(_) => true,
            Err(e) if e.kind() == io::ErrorKind::NotFound => false,
            Err(e) => return Err(format!("{what}: cannot use {}: {e}", path.display())),
        };
        OutputFile::beside(what, path, 0o644, replace, false)
    }

    /// Claims `path` for secrets (openings): always a new file, readable by its owner only
    /// (mode 0600 on Unix); an existing file or a symlink is refused, whatever `--force` says.
    pub fn create_secret(what: &str, path: &Path, secrets: &[&Path]) -> Result<OutputFile, String> {
        refuse_secret_inputs(what, path, secrets)?;
        match std::fs::symlink_metadata(path) {
            Ok(_) => Err(format!(
                "{what} {} already exists: refusing to overwrite an openings file (choose a new path)",
                path.display()
            )),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                OutputFile::beside(what, path, 0o600, false, true)
            }
            Err(e) => Err(format!("{what}: cannot use {}: {e}", path.display())),
        }
    }

    /// The temporary file beside `path` (created new with `mode`), registered for removal on
    /// interruption.
    fn beside(
        what: &str,
        path: &Path,
        mode: u32,
        replace: bool,
        secret: bool,
    ) -> Result<OutputFile, String> {
        let mut files = pending();
        let (temporary, file) = loop {
            let temporary = temporary_beside(path);
            match new_file(&temporary, mode) {
                Ok(file) => break (temporary, file),
                // A leftover of a killed run with the same name: draw another.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(format!(
                        "{what}: cannot create a file beside {}: {e}",
                        path.display()
                    ))
                }
            }
        };
        files.push(temporary.clone());
        Ok(OutputFile {
            what: what.to_string(),
            path: path.to_path_buf(),
            temporary,
            file: Some(file),
            replace,
            secret,
        })
    }

    /// Writes `text` and a newline, durably, and puts the file in place.
    pub fn write(self, text: &str) -> Result<(), String> {
        write_together(vec![(self, text)])
    }

    /// Writes the text to the temporary file and syncs it (not in place yet).
    fn fill(&mut self, text: &str) -> Result<(), String> {
        let file = self.file.as_mut().ok_or("output already written")?;
        file.write_all(text.as_bytes())
            .and_then(|()| file.write_all(b"\n"))
            .and_then(|()| file.sync_all())
            .map_err(|e| format!("cannot write {}: {e}", self.temporary.display()))
    }

    /// Puts the written temporary file at the path (the caller holds the [`PENDING`] lock).
    fn place(&mut self) -> Result<(), String> {
        self.file = None;
        let placed = if self.replace {
            std::fs::rename(&self.temporary, &self.path)
        } else {
            place_new(&self.temporary, &self.path)
        };
        match placed {
            Ok(()) => {
                sync_parent(&self.path);
                Ok(())
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && self.secret => {
                // Never lose secrets: they stay in the temporary file, which the error names.
                let kept = std::mem::take(&mut self.temporary);
                Err(format!(
                    "{} {} appeared while this command ran: refusing to overwrite it; these openings are kept in {} (rename it)",
                    self.what,
                    self.path.display(),
                    kept.display()
                ))
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(format!(
                "{} {} appeared while this command ran: refusing to overwrite it (choose a new path, or --force)",
                self.what,
                self.path.display()
            )),
            Err(e) => Err(format!("cannot write {}: {e}", self.path.display())),
        }
    }
}

/// Writes several outputs and puts them in place together: an interruption leaves all of them
/// or none (the proof without its openings, or the reverse, would block a rerun or lose the
/// blindings). Each is written and synced first; a failure removes what is not in place.
pub fn write_together(mut outputs: Vec<(OutputFile, &str)>) -> Result<(), String> {
    for (output, text) in &mut outputs {
        output.fill(text)?;
    }
    let mut files = pending();
    for (output, _) in &mut outputs {
        let temporary = output.temporary.clone();
        let placed = output.place();
        // In place, or kept, or to be removed by the drop: no longer the interruption's.
        files.retain(|f| *f != temporary);
        if placed.is_ok() {
            output.temporary = PathBuf::new();
        }
        placed?;
    }
    Ok(())
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        // Not in place (and not kept): removed, here or by the interruption.
        if !self.temporary.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.temporary);
            pending().retain(|f| *f != self.temporary);
        }
    }
}

/// Puts `temporary` at `path` only if nothing is there: a hard link fails on any existing entry
/// (a file, a directory, a dangling symlink) without following it. Where the file system has no
/// hard links, the path is claimed with `O_CREAT | O_EXCL` and the temporary renamed over the
/// claim.
fn place_new(temporary: &Path, path: &Path) -> io::Result<()> {
    match std::fs::hard_link(temporary, path) {
        Ok(()) => std::fs::remove_file(temporary),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) => {
            new_file(path, 0o600)?;
            std::fs::rename(temporary, path)
        }
    }
}

/// Syncs the directory holding `path`, so that the new name survives a crash (best effort: not
/// every system lets a directory be opened).
fn sync_parent(path: &Path) {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Ok(dir) = File::open(parent) {
        let _ = dir.sync_all();
    }
}

/// Text of a JSON document: pretty-printed, or on one line with `--compact` (JSON lines).
pub fn json(value: &impl serde::Serialize, compact: bool) -> Result<String, String> {
    if compact {
        serde_json::to_string(value)
    } else {
        serde_json::to_string_pretty(value)
    }
    .map_err(|e| e.to_string())
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

/// `.NAME.PID.RANDOM.partial` beside `path`: hidden, and unique to this run.
fn temporary_beside(path: &Path) -> PathBuf {
    use rand_core::RngCore;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tag = rand_core::OsRng.next_u32();
    path.with_file_name(format!(".{name}.{}.{tag:08x}.partial", std::process::id()))
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
    fn an_output_that_appeared_meanwhile_is_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        let claimed = OutputFile::create("--out", &path, false, &[]).unwrap();
        std::fs::write(&path, "theirs").unwrap();
        let err = claimed.write("ours").unwrap_err();
        assert!(err.contains("appeared while this command ran"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs");
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
        // Nothing is at the path until the output is whole: a rival claim passes, and loses
        // when it comes to put its file in place — its secrets kept beside, never lost.
        let rival = OutputFile::create_secret("--openings", &path, &[]).unwrap();
        assert!(!path.exists());
        claimed.write("secret").unwrap();
        let err = rival.write("rival").unwrap_err();
        assert!(err.contains("appeared while this command ran"), "{err}");
        let kept: Vec<PathBuf> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| *p != path)
            .collect();
        assert_eq!(kept.len(), 1);
        assert!(err.contains(&kept[0].display().to_string()), "{err}");
        assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), "rival\n");
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
