//! `rangeproof verify`: one document alone, several (of any suite, in one file or many) in one
//! batch.

use std::path::PathBuf;

use clap::Args;
use rangeproof::{SuiteBatch, SuiteContext};
use rangeproof_documents::info::DocumentInfo;
use rangeproof_documents::input::{self, DEFAULT_MAX_DOCUMENT_BYTES};
use rangeproof_documents::Document;

use crate::documents::{documents, Source};
use crate::progress::Progress;
use crate::Outcome;

/// Documents verified together: one batch per group per chunk. Large file lists are verified
/// chunk by chunk, so memory stays bounded however many files are named.
pub const CHUNK: usize = 256;

#[derive(Args)]
pub struct VerifyArgs {
    /// Proof documents to verify (`-` reads standard input). A file may hold one document,
    /// several one after another (pretty-printed as `prove` writes them), or JSON lines.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Refuse any document larger than this many bytes (nothing after it in its file is read).
    #[arg(long, default_value_t = DEFAULT_MAX_DOCUMENT_BYTES)]
    max_document_bytes: u64,
    /// One JSON object per line, one line per document, in the order named:
    /// `{"path": …, "line": …, "valid": true|false|null, "reason": null|"…"}` (null: the
    /// document could not be read or decoded) with what the document says (the fields of
    /// `rangeproof info --json`), and no summary line.
    #[arg(long)]
    json: bool,
}

/// One document's verdict.
pub enum Verdict {
    Valid,
    /// The proof does not verify: the reason.
    Invalid(String),
    /// The document could not be read or decoded: the reason (exit 2 once every verdict is out).
    Unusable(String),
}

/// One document's verdict, as `verify` prints it (with `--json`, what it says too).
fn report(doc: &Source, loaded: Option<&Document>, verdict: &Verdict, json: bool) {
    let (valid, reason) = match verdict {
        Verdict::Valid => (Some(true), None),
        Verdict::Invalid(reason) => (Some(false), Some(reason.as_str())),
        Verdict::Unusable(reason) => (None, Some(reason.as_str())),
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
    match valid {
        Some(true) => say!("{}: valid", doc.name),
        Some(false) => say!("{}: INVALID ({reason})", doc.name),
        None => say!("{}: UNUSABLE ({reason})", doc.name),
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

/// The threads verification may use: rayon's pool with the `parallel` feature, else one.
fn threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// Every document of a chunk parsed ([`load`]): on all threads with the `parallel` feature
/// (parsing and hex-decoding are each document's own work), in order.
fn load_all(chunk: &[Source]) -> Vec<Result<Document, String>> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        chunk.par_iter().map(|doc| load(&doc.text)).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        chunk.iter().map(|doc| load(&doc.text)).collect()
    }
}

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
    let (mut total, mut invalid, mut unusable) = (0, 0, Vec::new());
    // Thousands of files: a progress line on a terminal (stderr; the verdicts go to stdout).
    let mut progress = Progress::new("verify", files.len(), files.len() > CHUNK);
    let mut files_done = 0;
    let mut next: Vec<Source> = docs.by_ref().take(CHUNK).collect();
    loop {
        progress.advance(0, "");
        let chunk = core::mem::take(&mut next);
        if chunk.is_empty() {
            break;
        }
        // One document in all: verified alone, for the verifier's own reason when invalid.
        let alone = total == 0 && chunk.len() == 1 && docs.peek().is_none();
        total += chunk.len();
        let work = || {
            let loaded = load_all(&chunk);
            let verdicts = verify_chunk_on_all_threads(&loaded, alone);
            (loaded, verdicts)
        };
        // With more than one thread, the next chunk is read while this one is parsed and
        // verified; on one (`--threads 1`), after.
        let (loaded, verdicts) = if threads() > 1 {
            std::thread::scope(|scope| {
                let work = scope.spawn(work);
                next = docs.by_ref().take(CHUNK).collect();
                work.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
        } else {
            let done = work();
            next = docs.by_ref().take(CHUNK).collect();
            done
        };
        progress.clear();
        for ((doc, loaded), verdict) in chunk.iter().zip(&loaded).zip(&verdicts) {
            match verdict {
                Verdict::Valid => {}
                Verdict::Invalid(_) => invalid += 1,
                Verdict::Unusable(reason) => unusable.push(format!("{}: {reason}", doc.name)),
            }
            report(doc, loaded.as_ref().ok(), verdict, args.json);
        }
        // The files before the last one reached are done.
        let reached = chunk
            .last()
            .and_then(|last| files.iter().position(|f| *f == last.path))
            .unwrap_or(0);
        progress.advance(reached.saturating_sub(files_done), "");
        files_done = files_done.max(reached);
    }
    if total > 1 && !args.json {
        let how = if total <= CHUNK {
            "verified in one batch per group".to_string()
        } else {
            format!("verified in batches of up to {CHUNK} per group")
        };
        let valid = total - invalid - unusable.len();
        match unusable.len() {
            0 => say!("{valid} valid, {invalid} invalid ({how})"),
            n => say!("{valid} valid, {invalid} invalid, {n} unusable ({how})"),
        }
    }
    match unusable.as_slice() {
        [] if invalid == 0 => Ok(Outcome::Ok),
        [] => Ok(Outcome::Invalid),
        [only] if total == 1 => Err(only.clone()),
        [first, ..] => Err(format!(
            "{} of {total} documents unusable (each named above); the first: {first}",
            unusable.len(),
        )),
    }
}

/// [`verify_chunk`] with the chunk cut into one part per thread, each part its own batch on its
/// own thread (with the `parallel` feature): a document's decoding and transcript replay are
/// its own work, which one batch does one document at a time; each part pays the generators'
/// share of a multiscalar multiplication again, little beside its proofs' points.
fn verify_chunk_on_all_threads(docs: &[Result<Document, String>], alone: bool) -> Vec<Verdict> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        let threads = threads();
        if !alone && threads > 1 && docs.len() >= 2 * MIN_PART {
            let part = docs.len().div_ceil(threads).max(MIN_PART);
            return docs
                .par_chunks(part)
                .flat_map_iter(|part| verify_chunk(part, false))
                .collect();
        }
    }
    verify_chunk(docs, alone)
}

/// The fewest documents a thread's part of a chunk holds: below it, the part's batch saves
/// less than its own multiscalar multiplication costs.
#[cfg(feature = "parallel")]
const MIN_PART: usize = 32;

/// Per document: its verdict. A single document is verified alone; several range proofs in
/// one batch (one multiscalar multiplication per group); circuit proofs each on its own.
pub fn verify_chunk(docs: &[Result<Document, String>], alone: bool) -> Vec<Verdict> {
    let mut verdicts: Vec<Verdict> = Vec::with_capacity(docs.len());
    let mut batch = SuiteBatch::new();
    let mut batched = Vec::with_capacity(docs.len()); // position in the batch -> document
    for (i, doc) in docs.iter().enumerate() {
        let verdict = match doc {
            Err(reason) => Verdict::Unusable(reason.clone()),
            Ok(Document::Circuit(c)) => c
                .verify()
                .map_or_else(|e| Verdict::Invalid(e.to_string()), |()| Verdict::Valid),
            Ok(Document::Proof(d)) if alone => d
                .verify_in(SuiteContext::global())
                .map_or_else(|e| Verdict::Invalid(e.to_string()), |()| Verdict::Valid),
            Ok(Document::Proof(d)) => match d.add_to(&mut batch) {
                Ok(_) => {
                    batched.push(i);
                    Verdict::Valid
                }
                Err(e) => Verdict::Invalid(e.to_string()),
            },
        };
        verdicts.push(verdict);
    }
    if let Err(failure) = batch.verify() {
        for k in failure.invalid {
            verdicts[batched[k]] = Verdict::Invalid("proof verification failed".into());
        }
    }
    verdicts
}
