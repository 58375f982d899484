//! `rangeproof verify`: one document alone, several (of any suite) in one batch.

use std::path::{Path, PathBuf};

use clap::Args;
use rand_core::OsRng;
use rangeproof::SuiteBatch;
use rangeproof_documents::circuit::{CircuitDocument, ParsedCircuit};
use rangeproof_documents::input::{self, DEFAULT_MAX_DOCUMENT_BYTES};
use rangeproof_documents::proof::{ParsedDocument, ProofDocument};

use crate::progress::Progress;
use crate::Outcome;

/// Documents verified together: one batch per group per chunk. Large file lists are verified
/// chunk by chunk, so memory stays bounded however many files are named.
pub const CHUNK: usize = 256;

#[derive(Args)]
pub struct VerifyArgs {
    /// Proof documents to verify (`-` reads one from standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Refuse any document larger than this many bytes.
    #[arg(long, default_value_t = DEFAULT_MAX_DOCUMENT_BYTES)]
    max_document_bytes: u64,
    /// One JSON object per line, one line per document, in the order named:
    /// `{"path": …, "valid": true|false|null, "reason": null|"…"}` (null: the document could
    /// not be read or decoded), and no summary line.
    #[arg(long)]
    json: bool,
}

/// One document's verdict.
enum Verdict {
    Valid,
    /// The proof does not verify: the reason.
    Invalid(String),
    /// The document could not be read or decoded: the reason (exit 2 once every verdict is out).
    Unusable(String),
}

/// One document's verdict, as `verify` prints it.
fn report(path: &Path, verdict: &Verdict, json: bool) {
    let (valid, reason) = match verdict {
        Verdict::Valid => (Some(true), None),
        Verdict::Invalid(reason) => (Some(false), Some(reason.as_str())),
        // Its reason names the path (it is also the error line's): named once here.
        Verdict::Unusable(reason) => {
            let prefix = format!("{}: ", input::input_name(path));
            (None, Some(reason.strip_prefix(&prefix).unwrap_or(reason)))
        }
    };
    if json {
        let line = serde_json::json!({
            "path": path.display().to_string(),
            "valid": valid,
            "reason": reason,
        });
        say!("{line}");
        return;
    }
    let reason = reason.unwrap_or_default();
    match valid {
        Some(true) => say!("{}: valid", path.display()),
        Some(false) => say!("{}: INVALID ({reason})", path.display()),
        None => say!("{}: UNUSABLE ({reason})", path.display()),
    }
}

/// A document of either kind.
enum Loaded {
    /// A range proof (batched with the others of its group).
    Range(ParsedDocument),
    /// An arithmetic-circuit proof (verified on its own).
    Circuit(ParsedCircuit),
}

fn load(path: &Path, max: u64) -> Result<Loaded, String> {
    let text = input::read_text(path, max)?;
    let parsed = if CircuitDocument::is_circuit(&text) {
        CircuitDocument::parse(&text).map(Loaded::Circuit)
    } else {
        ProofDocument::parse(&text).map(Loaded::Range)
    };
    parsed.map_err(|e| format!("{}: {e}", path.display()))
}

pub fn run(args: &VerifyArgs) -> Result<Outcome, String> {
    let files = &args.files;
    let max = args.max_document_bytes;
    if files
        .iter()
        .filter(|f| f.as_os_str() == input::STDIN)
        .count()
        > 1
    {
        return Err("standard input (-) can be named once".into());
    }
    // Files are read chunk by chunk, so memory holds one chunk however many are named. A
    // document that cannot be read or decoded gets its verdict (unusable) like the others and
    // the rest are still verified; the exit code says 2 once every verdict is out.
    let alone = files.len() == 1;
    let (mut invalid, mut unusable) = (0, Vec::new());
    // Thousands of files: a progress line on a terminal (stderr; the verdicts go to stdout).
    let mut progress = Progress::new("verify", files.len(), files.len() > CHUNK);
    for chunk in files.chunks(CHUNK) {
        progress.advance(0, "");
        let docs: Vec<Result<Loaded, String>> = chunk.iter().map(|path| load(path, max)).collect();
        let verdicts = verify_chunk(&docs, alone);
        progress.clear();
        for (path, verdict) in chunk.iter().zip(&verdicts) {
            match verdict {
                Verdict::Valid => {}
                Verdict::Invalid(_) => invalid += 1,
                Verdict::Unusable(reason) => unusable.push(reason.clone()),
            }
            report(path, verdict, args.json);
        }
        progress.advance(chunk.len(), "");
    }
    if files.len() > 1 && !args.json {
        let how = if files.len() <= CHUNK {
            "verified in one batch per group".to_string()
        } else {
            format!("verified in batches of up to {CHUNK} per group")
        };
        let valid = files.len() - invalid - unusable.len();
        match unusable.len() {
            0 => say!("{valid} valid, {invalid} invalid ({how})"),
            n => say!("{valid} valid, {invalid} invalid, {n} unusable ({how})"),
        }
    }
    match unusable.as_slice() {
        [] if invalid == 0 => Ok(Outcome::Ok),
        [] => Ok(Outcome::Invalid),
        [only] if files.len() == 1 => Err(only.clone()),
        [first, ..] => Err(format!(
            "{} of {} documents unusable (each named above); the first: {first}",
            unusable.len(),
            files.len()
        )),
    }
}

/// Per document: its verdict. A single document is verified alone; several range proofs in
/// one batch (one multiscalar multiplication per group); circuit proofs each on its own.
fn verify_chunk(docs: &[Result<Loaded, String>], alone: bool) -> Vec<Verdict> {
    let mut verdicts: Vec<Verdict> = Vec::with_capacity(docs.len());
    let mut batch = SuiteBatch::new();
    let mut batched = Vec::with_capacity(docs.len()); // position in the batch -> document
    for (i, doc) in docs.iter().enumerate() {
        let verdict = match doc {
            Err(reason) => Verdict::Unusable(reason.clone()),
            Ok(Loaded::Circuit(c)) => c
                .verify()
                .map_or_else(Verdict::Invalid, |()| Verdict::Valid),
            Ok(Loaded::Range(d)) if alone => d
                .suite
                .verify(&d.statement, &d.proof, &d.commitments, &mut OsRng)
                .map_or_else(|e| Verdict::Invalid(e.to_string()), |()| Verdict::Valid),
            Ok(Loaded::Range(d)) => {
                match batch.add(d.suite, &d.statement, &d.proof, &d.commitments, &mut OsRng) {
                    Ok(_) => {
                        batched.push(i);
                        Verdict::Valid
                    }
                    Err(e) => Verdict::Invalid(e.to_string()),
                }
            }
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
