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
    /// `{"path": …, "valid": true|false, "reason": null|"…"}`, and no summary line.
    #[arg(long)]
    json: bool,
}

/// One document's verdict, as `verify` prints it.
fn report(path: &Path, verdict: &Result<(), String>, json: bool) {
    if json {
        let line = serde_json::json!({
            "path": path.display().to_string(),
            "valid": verdict.is_ok(),
            "reason": verdict.as_ref().err(),
        });
        say!("{line}");
        return;
    }
    match verdict {
        Ok(()) => say!("{}: valid", path.display()),
        Err(reason) => say!("{}: INVALID ({reason})", path.display()),
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
    // Unusable input anywhere means exit 2 before any verdict is printed. A short list is read
    // once and kept; a long one is checked here and read again chunk by chunk below, so memory
    // holds one chunk at a time (standard input, which cannot be read twice, is kept).
    let keep_all = files.len() <= CHUNK;
    let mut kept: Vec<Option<Loaded>> = Vec::with_capacity(if keep_all { files.len() } else { 1 });
    let mut from_stdin = None;
    for path in files {
        let doc = load(path, max)?;
        if keep_all {
            kept.push(Some(doc));
        } else if path.as_os_str() == input::STDIN {
            from_stdin = Some(doc);
        }
    }

    let alone = files.len() == 1;
    let mut invalid = 0;
    // Thousands of files: a progress line on a terminal (stderr; the verdicts go to stdout).
    let mut progress = Progress::new("verify", files.len(), files.len() > CHUNK);
    for (c, chunk) in files.chunks(CHUNK).enumerate() {
        progress.advance(0, "");
        let docs = chunk
            .iter()
            .enumerate()
            .map(|(i, path)| match kept.get_mut(c * CHUNK + i) {
                Some(doc) => Ok(doc.take().expect("each document is used once")),
                None if path.as_os_str() == input::STDIN => {
                    Ok(from_stdin.take().expect("standard input is named once"))
                }
                None => load(path, max),
            })
            .collect::<Result<Vec<_>, String>>()?;
        let verdicts = verify_chunk(&docs, alone);
        progress.clear();
        for (path, verdict) in chunk.iter().zip(&verdicts) {
            invalid += verdict.is_err() as usize;
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
        say!("{} valid, {invalid} invalid ({how})", files.len() - invalid);
    }
    Ok(if invalid == 0 {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

/// Per document: `Ok(())` or the reason it is invalid. A single document is verified alone;
/// several range proofs in one batch (one multiscalar multiplication per group); circuit
/// proofs each on its own.
fn verify_chunk(docs: &[Loaded], alone: bool) -> Vec<Result<(), String>> {
    let mut verdicts: Vec<Result<(), String>> = vec![Ok(()); docs.len()];
    let mut batch = SuiteBatch::new();
    let mut batched = Vec::with_capacity(docs.len()); // position in the batch -> document
    for (i, doc) in docs.iter().enumerate() {
        match doc {
            Loaded::Circuit(c) => verdicts[i] = c.verify(),
            Loaded::Range(d) if alone => {
                verdicts[i] = d
                    .suite
                    .verify(&d.statement, &d.proof, &d.commitments, &mut OsRng)
                    .map_err(|e| e.to_string())
            }
            Loaded::Range(d) => {
                match batch.add(d.suite, &d.statement, &d.proof, &d.commitments, &mut OsRng) {
                    Ok(_) => batched.push(i),
                    Err(e) => verdicts[i] = Err(e.to_string()),
                }
            }
        }
    }
    if let Err(failure) = batch.verify() {
        for k in failure.invalid {
            verdicts[batched[k]] = Err("proof verification failed".into());
        }
    }
    verdicts
}
