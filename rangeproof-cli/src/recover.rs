//! `rangeproof recover`: what a recovery nonce gives back from a proof document — Tari's
//! blinding factors (mask recovery), Grin's value, blinding and message (rewind).

use std::path::PathBuf;

use clap::Args;
use rangeproof::ProofError;
use rangeproof_cli::document::ProofDocument;
use rangeproof_cli::input::{self, DEFAULT_MAX_DOCUMENT_BYTES};
use serde::Serialize;
use zeroize::Zeroizing;

use crate::Outcome;

#[derive(Args)]
pub struct RecoverArgs {
    /// The proof document (`-`: standard input). Tari (one commitment) or Grin.
    file: PathBuf,
    /// The 32-byte recovery nonce in hex (Tari's seed nonce, Grin's rewind nonce).
    #[arg(long)]
    nonce: String,
}

#[derive(Serialize)]
struct Output {
    /// Grin only.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u64>,
    blindings: Vec<String>,
    /// Grin only: the 20-byte message, hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

pub fn run(args: &RecoverArgs) -> Result<Outcome, String> {
    let text = input::read_text(&args.file, DEFAULT_MAX_DOCUMENT_BYTES)?;
    let doc = ProofDocument::parse(&text).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let bytes =
        Zeroizing::new(hex::decode(&args.nonce).map_err(|e| format!("--nonce is not hex: {e}"))?);
    let nonce: Zeroizing<[u8; 32]> = Zeroizing::new(
        bytes
            .as_slice()
            .try_into()
            .map_err(|_| format!("--nonce has {} bytes, expected 32", bytes.len()))?,
    );
    match doc
        .suite
        .recover(&doc.statement, &doc.proof, &doc.commitments, &nonce)
    {
        Ok(recovered) => {
            let out = Output {
                value: recovered.value,
                blindings: recovered.blindings.iter().map(hex::encode).collect(),
                message: recovered.message.as_ref().map(hex::encode),
            };
            let json =
                Zeroizing::new(serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?);
            println!("{}", *json);
            Ok(Outcome::Ok)
        }
        // Suites without recovery, or a Tari proof of several values: unusable request.
        Err(e @ (ProofError::WrongFlavor | ProofError::MaskRecoveryNeedsSingleProof)) => {
            Err(format!(
                "{} {}/{}: {e}",
                doc.suite.scheme(),
                doc.suite.group(),
                doc.suite.flavor()
            ))
        }
        // The proof does not verify, or the nonce does not rewind it.
        Err(e) => {
            println!("{}: NOT RECOVERED ({e})", args.file.display());
            Ok(Outcome::Invalid)
        }
    }
}
