//! `rangeproof info`: what proof documents say, without secrets and without verifying them —
//! the suite, the number of commitments, bits and proof size, a Borromean proof's exponent,
//! mantissa and range (an exact-value proof reveals its value: said in so many words), a
//! surjection proof's inputs and ring, a circuit document's statement. The same fields go into
//! `verify --json`'s verdicts.

use std::path::PathBuf;

use clap::Args;
use rangeproof_documents::info::DocumentInfo;
use rangeproof_documents::input::DEFAULT_MAX_DOCUMENT_BYTES;

use crate::documents::{documents, Source, UnusableShown};
use crate::verify::stdin_once;
use crate::Outcome;
use rangeproof_documents::{Document, DocumentError};

#[derive(Args)]
pub struct InfoArgs {
    /// Proof documents (`-` reads standard input); a file may hold several, or JSON lines.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// One JSON object per document instead of a line of words:
    /// `{"path": …, "line": …, "reason": null|"…", "scheme": …, …}` (a reason: unusable).
    #[arg(long)]
    json: bool,
    /// Refuse any document larger than this many bytes (nothing after it in its file is read).
    #[arg(long, default_value_t = DEFAULT_MAX_DOCUMENT_BYTES, value_parser = crate::documents::document_cap)]
    max_document_bytes: u64,
}

/// What one document says, or why it cannot be read. Solana instruction proof data without
/// a document's suite (`rangeproof-cli/data/solana-transfer.json`) is said to be what it is
/// and read as the document it would be.
fn info_of(doc: &Source) -> Result<DocumentInfo, String> {
    let text = doc.text.as_deref().map_err(String::clone)?;
    match Document::parse(text) {
        Ok(Document::Proof(parsed)) => DocumentInfo::of_range(&parsed),
        Ok(Document::Circuit(parsed)) => Ok(DocumentInfo::of_circuit(&parsed)),
        Err(DocumentError::SolanaProofData) => Document::parse_solana_proof_data(text)
            .map_err(|e| format!("Solana instruction proof data that does not read: {e}"))
            .and_then(|parsed| DocumentInfo::of_solana_proof_data(&parsed)),
        Err(e) => Err(e.to_string()),
    }
}

fn report(doc: &Source, said: &Result<DocumentInfo, String>, json: bool) {
    if json {
        let mut line = serde_json::json!({
            "path": doc.path.display().to_string(),
            "line": doc.line,
            "reason": said.as_ref().err(),
        });
        if let (Ok(info), Some(fields)) = (said, line.as_object_mut()) {
            if let Ok(serde_json::Value::Object(info)) = serde_json::to_value(info) {
                fields.extend(info);
            }
        }
        say!("{line}");
        return;
    }
    match said {
        Ok(info) => say!("{}: {}", doc.name, info.describe()),
        Err(reason) => say!("{}: UNUSABLE ({reason})", doc.name),
    }
}

pub fn run(args: &InfoArgs) -> Result<Outcome, String> {
    stdin_once(&args.files)?;
    // Every document is reported; unusable ones make the exit code 2 once all are out, as
    // `verify` does.
    // Past 20 unusable in one input (a text file of something else), the rest are counted in
    // one line.
    let (mut total, mut unusable, mut first_unusable) = (0, 0usize, None);
    let mut shown = UnusableShown::default();
    for doc in documents(&args.files, args.max_document_bytes) {
        total += 1;
        let said = info_of(&doc);
        if shown.show(&doc, said.is_err(), args.json) {
            report(&doc, &said, args.json);
        }
        if let Err(reason) = said {
            unusable += 1;
            first_unusable.get_or_insert_with(|| format!("{}: {reason}", doc.name));
        }
    }
    shown.end_input(args.json);
    match first_unusable {
        None => Ok(Outcome::Ok),
        Some(only) if total == 1 => Err(only),
        Some(first) => Err(format!(
            "{unusable} of {total} documents unusable ({}); the first: {first}",
            shown.named_above()
        )),
    }
}
