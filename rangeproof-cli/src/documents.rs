//! The documents named on a command line, one after another: each file (or standard input)
//! may hold one pretty-printed document, several, or JSON lines
//! ([`rangeproof_documents::stream`]). Files are opened when reached, so thousands of them
//! cost one open file and one document at a time.
//!
//! A file holding one document names it by its path, as before; in a file of several, each is
//! named `PATH:LINE` (the line it begins on).
//!
//! A file that is not text (an image, an archive, random bytes) is one unusable verdict, said
//! where the binary data begins ([`rangeproof_documents::stream`]); a text file that is not
//! documents (a log, a CSV) gets [`MOST_UNUSABLE_SHOWN`] unusable verdicts and a line counting
//! the rest ([`UnusableShown`]), not one per line of it.

use std::io::Read;
use std::iter::Peekable;
use std::path::{Path, PathBuf};

use rangeproof_documents::input;
use rangeproof_documents::stream::{Documents, Unit, UnitError, RAISE_THE_CAP};

/// One document read, or why it could not be.
pub struct Source {
    /// How verdicts name it: the path, or `PATH:LINE` in a file of several.
    pub name: String,
    /// The file it is in.
    pub path: PathBuf,
    /// The line it begins on (1 for a file that could not be read).
    pub line: usize,
    /// Its text, or the one-line reason it is unusable (not naming it).
    pub text: Result<String, String>,
}

/// `--max-document-bytes`: at least 1 (no document fits in 0 bytes, and a cap of 0 would
/// refuse every file, the valid ones too, for their size).
pub fn document_cap(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err(format!(
            "no document fits in 0 bytes: give at least 1 (the default is {})",
            rangeproof_documents::input::DEFAULT_MAX_DOCUMENT_BYTES
        )),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// `--blame-limit`: a count, or `all` (`None`: every invalid document named, whatever the
/// search costs).
pub fn blame_limit(text: &str) -> Result<Option<usize>, String> {
    match text.trim() {
        "all" => Ok(None),
        n => n
            .parse::<usize>()
            .map(Some)
            .map_err(|_| format!("a count of documents, or `all`: not {n:?}")),
    }
}

/// The documents of `files`, in order, each at most `max` bytes (`--max-document-bytes`, which
/// a document over it is told of).
pub fn documents(files: &[PathBuf], max: u64) -> impl Iterator<Item = Source> + '_ {
    files
        .iter()
        .flat_map(move |path| InFile::open(path, max, true))
}

/// The first document of `path` (`recover`'s input): refused when the file holds more.
pub fn only_document(path: &Path, max: u64) -> Result<String, String> {
    let mut docs = InFile::open(path, max, false);
    let first = docs.next().ok_or("no document")?;
    if docs.next().is_some() {
        return Err(format!(
            "{}: holds several documents; give one (the one at line {}, say, alone in a file)",
            input::input_name(path),
            first.line
        ));
    }
    first
        .text
        .map_err(|reason| format!("{}: {reason}", input::input_name(path)))
}

/// The most unusable verdicts `verify` and `info` print for one input: past them, a text file
/// of something else (a log, a CSV, source code) would print one line per line of it.
pub const MOST_UNUSABLE_SHOWN: usize = 20;

/// Unusable verdicts counted per input: past [`MOST_UNUSABLE_SHOWN`] in one input they are
/// counted and not printed, and one line after the input's last verdict says how many.
#[derive(Default)]
pub struct UnusableShown {
    /// The input of the verdicts counted.
    path: Option<PathBuf>,
    /// Its unusable verdicts printed, and those not.
    shown: usize,
    hidden: usize,
    /// The line the first not printed begins on.
    first_hidden: usize,
    /// Whether any input had verdicts not printed.
    pub any_hidden: bool,
}

impl UnusableShown {
    /// Whether to print the verdict of `doc` (`unusable`: whether the verdict is); a `doc` of
    /// another input than the one before first ends that one ([`Self::end_input`]).
    pub fn show(&mut self, doc: &Source, unusable: bool, json: bool) -> bool {
        if self.path.as_deref() != Some(doc.path.as_path()) {
            self.end_input(json);
            self.path = Some(doc.path.clone());
        }
        if !unusable || self.shown < MOST_UNUSABLE_SHOWN {
            self.shown += usize::from(unusable);
            return true;
        }
        if self.hidden == 0 {
            self.first_hidden = doc.line;
        }
        self.hidden += 1;
        self.any_hidden = true;
        false
    }

    /// Prints how many unusable verdicts of the input were not printed, if any: one line,
    /// in words or (`json`) as an object like the verdicts' with the count as `"unshown"`.
    pub fn end_input(&mut self, json: bool) {
        let (shown, hidden) = (
            core::mem::take(&mut self.shown),
            core::mem::take(&mut self.hidden),
        );
        let Some(path) = self.path.take().filter(|_| hidden > 0) else {
            return;
        };
        let reason = format!(
            "{hidden} more unusable from line {} on, not shown one by one (the first {shown} are above)",
            self.first_hidden
        );
        if json {
            say!(
                "{}",
                serde_json::json!({
                    "path": path.display().to_string(),
                    "line": self.first_hidden,
                    "valid": null,
                    "reason": reason,
                    "unshown": hidden,
                })
            );
        } else {
            say!("{}: {reason}", path.display());
        }
    }

    /// How the final error refers to the verdicts printed.
    pub fn named_above(&self) -> String {
        if self.any_hidden {
            format!("the first {MOST_UNUSABLE_SHOWN} of each input named above")
        } else {
            "each named above".into()
        }
    }
}

/// The documents of one file.
struct InFile {
    path: PathBuf,
    units: Option<Peekable<Documents<Box<dyn Read>>>>,
    /// Why the file cannot be read at all (given once as its only document).
    refused: Option<String>,
    /// Documents given so far.
    given: usize,
    /// Whether the command takes `--max-document-bytes` (a document over the cap names it).
    flag: bool,
}

impl InFile {
    fn open(path: &Path, max: u64, flag: bool) -> InFile {
        let (units, refused) = match input::documents(path, max) {
            Ok(units) => (Some(units.peekable()), None),
            // The reason names the input; verdicts name it themselves.
            Err(reason) => {
                let prefix = format!("{}: ", input::input_name(path));
                let reason = reason.strip_prefix(&prefix).unwrap_or(&reason).to_string();
                (None, Some(reason))
            }
        };
        InFile {
            path: path.to_path_buf(),
            units,
            refused,
            given: 0,
            flag,
        }
    }

    fn named(&mut self, line: usize, several: bool, text: Result<String, String>) -> Source {
        self.given += 1;
        let name = if several {
            format!("{}:{line}", self.path.display())
        } else {
            self.path.display().to_string()
        };
        Source {
            name,
            path: self.path.clone(),
            line,
            text,
        }
    }
}

impl Iterator for InFile {
    type Item = Source;

    fn next(&mut self) -> Option<Source> {
        if let Some(reason) = self.refused.take() {
            return Some(self.named(1, false, Err(reason)));
        }
        let units = self.units.as_mut()?;
        let Some(Unit { line, text }) = units.next() else {
            // A file with nothing in it still gets its verdict.
            return (self.given == 0).then(|| {
                self.named(
                    1,
                    false,
                    Err("not a proof document: no JSON document in it (empty or blank)".into()),
                )
            });
        };
        let several = self.given > 0 || units.peek().is_some();
        let text = text.map_err(|e| match e {
            UnitError::TooLarge(_) if self.flag => format!("{e}{RAISE_THE_CAP}"),
            e if e.is_about_the_input() => e.to_string(),
            e => format!("not a proof document: {e}"),
        });
        Some(self.named(line, several, text))
    }
}
