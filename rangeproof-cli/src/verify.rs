//! `rangeproof verify`: one document alone, several (of any suite, in one file or many) in one
//! batch.

use std::path::PathBuf;

use clap::Args;
use rangeproof::SuiteContext;
use rangeproof_documents::info::DocumentInfo;
use rangeproof_documents::input::{self, DEFAULT_MAX_DOCUMENT_BYTES};
use rangeproof_documents::{batch, Document, Invalid};

use crate::documents::{documents, Source, UnusableShown};
use crate::progress::Progress;
use crate::Outcome;

/// Documents verified together: one batch per group per chunk. Large file lists are verified
/// chunk by chunk, so memory stays bounded however many files are named.
pub const CHUNK: usize = batch::MAX_PART;

#[derive(Args)]
pub struct VerifyArgs {
    /// Proof documents to verify (`-` reads standard input). A file may hold one document,
    /// several one after another (pretty-printed as `prove` writes them), or JSON lines.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Refuse any document larger than this many bytes (nothing after it in its file is read).
    #[arg(long, default_value_t = DEFAULT_MAX_DOCUMENT_BYTES, value_parser = crate::documents::document_cap)]
    max_document_bytes: u64,
    /// One JSON object per line, one line per document, in the order named:
    /// `{"path": …, "line": …, "valid": true|false|null, "reason": null|"…"}` (null: the
    /// document could not be read or decoded) with what the document says (the fields of
    /// `rangeproof info --json`), and no summary line. Past 20 unusable in one input, one
    /// object counts the rest (`"unshown": N`).
    #[arg(long)]
    json: bool,
    /// When a batch fails, name at most this many invalid documents by search (`all`: every
    /// one); the documents the search did not reach are reported "not named" (they may be
    /// valid). The bound keeps input made of invalid proofs from costing more than about
    /// twice valid input.
    #[arg(long, default_value = "16", value_parser = crate::documents::blame_limit, value_name = "N|all")]
    blame_limit: Limit,
}

/// A blame limit as `--blame-limit` takes it (`None`: all).
pub type Limit = Option<usize>;

/// One document's verdict.
pub enum Verdict {
    Valid,
    /// The proof does not verify: the reason.
    Invalid(String),
    /// The document could not be read or decoded: the reason (exit 2 once every verdict is out).
    Unusable(String),
    /// Its batch failed and the search stopped at the blame limit before it: no verdict of
    /// its own (the reason says so).
    NotNamed(String),
}

/// One document's verdict, as `verify` prints it (with `--json`, what it says too).
fn report(doc: &Source, loaded: Option<&Document>, verdict: &Verdict, json: bool) {
    let (valid, reason) = match verdict {
        Verdict::Valid => (Some(true), None),
        Verdict::Invalid(reason) => (Some(false), Some(reason.as_str())),
        Verdict::Unusable(reason) | Verdict::NotNamed(reason) => (None, Some(reason.as_str())),
    };
    if json {
        let mut line = serde_json::json!({
            "path": doc.path.display().to_string(),
            "line": doc.line,
            "valid": valid,
            "reason": reason,
        });
        if let (Some(info), Some(fields)) = (loaded.and_then(info), line.as_object_mut()) {
            if let Ok(serde_json::Value::Object(said)) = serde_json::to_value(info) {
                for (key, value) in said {
                    fields.entry(key).or_insert(value);
                }
            }
        }
        say!("{line}");
        return;
    }
    let reason = reason.unwrap_or_default();
    match (valid, verdict) {
        (Some(true), _) => say!("{}: valid", doc.name),
        (Some(false), _) => say!("{}: INVALID ({reason})", doc.name),
        (None, Verdict::NotNamed(_)) => say!("{}: NOT NAMED ({reason})", doc.name),
        (None, _) => say!("{}: UNUSABLE ({reason})", doc.name),
    }
}

/// What a parsed document says (`None` for a proof whose header does not decode).
pub fn info(document: &Document) -> Option<DocumentInfo> {
    match document {
        Document::Proof(doc) => DocumentInfo::of_range(doc).ok(),
        Document::Circuit(doc) => Some(DocumentInfo::of_circuit(doc)),
    }
}

/// Parses a document's text (the reason does not name it).
pub fn load(text: &Result<String, String>) -> Result<Document, String> {
    let text = text.as_deref().map_err(String::clone)?;
    Document::parse(text).map_err(|e| e.to_string())
}

/// A chunk's documents parsed ([`load`]) and verified ([`Checked`]), in order, in parts
/// ([`batch::in_parts`], each its own batch, on all threads with the `parallel` feature):
/// parsing, decoding and transcript replay are each document's own work, which one batch does
/// one document at a time, and one task per part (not a parse, then a verify) leaves the
/// threads one wait per chunk. The invalid documents of failing parts are then named in
/// order, within what is left of the run's blame `budget` (`None`: all).
fn check_chunk(
    chunk: &[Source],
    alone: bool,
    budget: &mut Limit,
) -> Vec<(Result<Document, String>, Verdict)> {
    let bounded = budget.is_some();
    batch::in_parts(
        chunk,
        |sources| {
            let loaded: Vec<_> = sources.iter().map(|doc| load(&doc.text)).collect();
            let checked = Checked::new(&loaded, alone, bounded);
            (loaded, checked)
        },
        |(loaded, checked), _| {
            let verdicts = checked.finish(&loaded, budget.as_mut());
            loaded.into_iter().zip(verdicts).collect()
        },
    )
}

/// The next documents, read while the ones before are verified: up to `most`, and at most
/// [`READ_BYTES`] of text.
fn read_chunk(docs: &mut impl Iterator<Item = Source>, most: usize) -> Vec<Source> {
    let mut bytes = 0;
    let mut chunk = Vec::new();
    for doc in docs.by_ref() {
        bytes += doc.text.as_ref().map_or(0, String::len);
        chunk.push(doc);
        if chunk.len() == most || bytes >= READ_BYTES {
            break;
        }
    }
    chunk
}

/// How many documents the next read takes, after one of `last`: [`CHUNK`] a thread, twice over
/// (so that a thread done with its part finds another). On several threads the reads start
/// small and grow fourfold (reading a document takes about a fifth of verifying it), so the
/// threads start verifying soon and the next read is done before the chunk it overlaps.
fn next_read(last: usize) -> usize {
    let threads = batch::threads();
    if threads < 2 {
        return CHUNK;
    }
    let most = 2 * threads * CHUNK;
    if last == 0 {
        (2 * threads * batch::MIN_PART).min(most)
    } else {
        (4 * last).min(most)
    }
}

/// The most document text held at a time, beside the verifier's own memory: what one chunk of
/// [`CHUNK`] documents at the default cap of 1 MiB each could reach.
const READ_BYTES: usize = CHUNK * DEFAULT_MAX_DOCUMENT_BYTES as usize;

/// Refuses standard input named twice (one `-` feeds one argument).
pub fn stdin_once(files: &[PathBuf]) -> Result<(), String> {
    if files
        .iter()
        .filter(|f| f.as_os_str() == input::STDIN)
        .count()
        > 1
    {
        return Err("standard input (-) can be named once".into());
    }
    Ok(())
}

pub fn run(args: &VerifyArgs) -> Result<Outcome, String> {
    let files = &args.files;
    stdin_once(files)?;
    // Documents are read chunk by chunk, so memory holds one chunk however many are named. A
    // document that cannot be read or decoded gets its verdict (unusable) like the others and
    // the rest are still verified; the exit code says 2 once every verdict is out.
    let mut docs = documents(files, args.max_document_bytes).peekable();
    let (mut total, mut invalid) = (0, 0);
    // How many are unusable, and the first's reason (binary input or a text file of something
    // else can be thousands).
    let (mut unusable, mut first_unusable) = (0usize, None);
    // Thousands of files: a progress line on a terminal (stderr; the verdicts go to stdout).
    let mut progress = Progress::new("verify", files.len(), files.len() > CHUNK);
    let mut files_done = 0;
    let mut next = read_chunk(&mut docs, next_read(0));
    let mut largest = 0; // the largest batch
                         // Past MOST_UNUSABLE_SHOWN unusable in one input, the rest are counted in one line.
    let mut shown = UnusableShown::default();
    // What is left of the blame limit: shared by every batch of the run, in order.
    let mut budget = args.blame_limit;
    let mut not_named = 0;
    loop {
        progress.advance(0, "");
        let chunk = core::mem::take(&mut next);
        if chunk.is_empty() {
            break;
        }
        // One document in all: verified alone, for the verifier's own reason when invalid.
        let alone = total == 0 && chunk.len() == 1 && docs.peek().is_none();
        total += chunk.len();
        largest = largest.max(batch::part_size(chunk.len(), batch::threads()));
        let budget = &mut budget;
        let mut work = || check_chunk(&chunk, alone, budget);
        // With more than one thread, the next chunk is read while this one is parsed and
        // verified; on one (`--threads 1`), after.
        let checked = if batch::threads() > 1 {
            std::thread::scope(|scope| {
                let work = scope.spawn(work);
                next = read_chunk(&mut docs, next_read(chunk.len()));
                work.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
        } else {
            let done = work();
            next = read_chunk(&mut docs, next_read(chunk.len()));
            done
        };
        progress.clear();
        for (doc, (loaded, verdict)) in chunk.iter().zip(&checked) {
            match verdict {
                Verdict::Valid => {}
                Verdict::Invalid(_) => invalid += 1,
                Verdict::NotNamed(_) => not_named += 1,
                Verdict::Unusable(reason) => {
                    unusable += 1;
                    first_unusable.get_or_insert_with(|| format!("{}: {reason}", doc.name));
                }
            }
            let is_unusable = matches!(verdict, Verdict::Unusable(_));
            if shown.show(doc, is_unusable, args.json) {
                report(doc, loaded.as_ref().ok(), verdict, args.json);
            }
        }
        // The files before the last one reached are done.
        let reached = chunk
            .last()
            .and_then(|last| files.iter().position(|f| *f == last.path))
            .unwrap_or(0);
        progress.advance(reached.saturating_sub(files_done), "");
        files_done = files_done.max(reached);
    }
    shown.end_input(args.json);
    if total > 1 && !args.json {
        let how = if largest == total {
            "verified in one batch per group".to_string()
        } else {
            format!("verified in batches of up to {largest} per group")
        };
        let valid = total - invalid - unusable - not_named;
        let mut counts = format!("{valid} valid, {invalid} invalid");
        if not_named > 0 {
            let limit = args.blame_limit.unwrap_or_default();
            counts += &format!(", {not_named} not named (the blame limit of {limit} was reached)");
        }
        if unusable > 0 {
            counts += &format!(", {unusable} unusable");
        }
        say!("{counts} ({how})");
    }
    match first_unusable {
        // Not named: some proof of its batch is invalid.
        None if invalid == 0 && not_named == 0 => Ok(Outcome::Ok),
        None => Ok(Outcome::Invalid),
        Some(only) if total == 1 => Err(only),
        Some(first) => Err(format!(
            "{unusable} of {total} documents unusable ({}); the first: {first}",
            shown.named_above(),
        )),
    }
}

/// A part's documents checked ([`batch::Part`]); a single document alone, for the verifier's
/// own reason.
pub enum Checked<'c> {
    Alone(Verdict),
    Together(Box<batch::Part<'c>>),
}

impl Checked<'static> {
    /// Checks the usable `docs` together, or alone when `alone` and there is one; `bounded`:
    /// a failing batch's invalid documents are named by [`Checked::finish`], within a budget.
    pub fn new(docs: &[Result<Document, String>], alone: bool, bounded: bool) -> Self {
        let context = SuiteContext::global();
        if let (true, [Ok(Document::Proof(d))]) = (alone, docs) {
            return Checked::Alone(verdict(d.verify_in(context)));
        }
        let usable: Vec<&Document> = docs.iter().filter_map(|d| d.as_ref().ok()).collect();
        Checked::Together(Box::new(batch::Part::check(context, &usable, bounded)))
    }

    /// Per document of `docs` (the same as checked): its verdict.
    pub fn finish(
        self,
        docs: &[Result<Document, String>],
        budget: Option<&mut usize>,
    ) -> Vec<Verdict> {
        let part = match self {
            Checked::Alone(verdict) => return vec![verdict],
            Checked::Together(part) => part,
        };
        let usable: Vec<&Document> = docs.iter().filter_map(|d| d.as_ref().ok()).collect();
        let mut checked = part.finish(&usable, budget).into_iter();
        docs.iter()
            .map(|doc| match doc {
                Err(reason) => Verdict::Unusable(reason.clone()),
                Ok(_) => checked
                    .next()
                    .map_or_else(|| Verdict::Unusable("not verified".into()), verdict),
            })
            .collect()
    }
}

/// A verdict as `verify` reports it.
fn verdict(checked: Result<(), Invalid>) -> Verdict {
    match checked {
        Ok(()) => Verdict::Valid,
        Err(e @ Invalid::NotNamed) => Verdict::NotNamed(e.to_string()),
        Err(e) => Verdict::Invalid(e.to_string()),
    }
}
