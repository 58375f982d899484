//! `rangeproof recover`: what a recovery nonce gives back from a proof document — Tari's
//! blinding factors (mask recovery), Grin's value, blinding and message (rewind).

use std::path::PathBuf;

use clap::Args;
use rangeproof::ProofError;
use rangeproof_documents::input::{self, DEFAULT_MAX_DOCUMENT_BYTES};
use rangeproof_documents::proof::ProofDocument;
use serde::Serialize;
use zeroize::Zeroizing;

use crate::Outcome;

#[derive(Args)]
pub struct RecoverArgs {
    /// The proof document (`-`: standard input). Tari (one commitment), Grin or Borromean.
    file: PathBuf,
    /// The 32-byte recovery nonce in hex (Tari's seed nonce, Grin's and Borromean's rewind nonce).
    /// It appears in the process list: prefer --nonce-file.
    #[arg(
        long,
        required_unless_present = "nonce_file",
        conflicts_with = "nonce_file"
    )]
    nonce: Option<String>,
    /// Read the nonce's hex from this file (`-`: standard input); surrounding whitespace is
    /// ignored (`openssl rand -hex 32 > FILE` makes one).
    #[arg(long)]
    nonce_file: Option<PathBuf>,
    /// The value the commitment holds, if known: the recovered opening is checked against the
    /// commitment (Tari's mask recovery does not give the value, so without it a wrong nonce
    /// gives blindings that open nothing; the output says `"checked": false`). Grin's rewind
    /// gives the value and is always checked.
    #[arg(long)]
    value: Option<u64>,
}

/// The nonce's hex is a secret: wiped when the arguments are dropped.
impl Drop for RecoverArgs {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.nonce);
    }
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
    /// Whether the opening was checked to make the commitment (false: Tari without --value).
    checked: bool,
}

/// The blindings' hex strings are secrets too.
impl Drop for Output {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.blindings);
    }
}

pub fn run(args: &RecoverArgs) -> Result<Outcome, String> {
    crate::secrets::one_stdin(&[
        ("the document", Some(args.file.as_path())),
        ("--nonce-file", args.nonce_file.as_deref()),
    ])?;
    let (flag, nonce_hex) = match (&args.nonce, &args.nonce_file) {
        (_, Some(path)) => (
            "--nonce-file",
            crate::secrets::read_hex("--nonce-file", path)?,
        ),
        (Some(hex), None) => ("--nonce", Zeroizing::new(hex.clone())),
        (None, None) => return Err("give --nonce or --nonce-file".into()),
    };
    let text = input::read_text(&args.file, DEFAULT_MAX_DOCUMENT_BYTES)?;
    let doc = ProofDocument::parse(&text).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let bytes = Zeroizing::new(
        hex::decode(nonce_hex.as_bytes()).map_err(|e| format!("{flag} is not hex: {e}"))?,
    );
    let nonce: Zeroizing<[u8; 32]> = Zeroizing::new(
        bytes
            .as_slice()
            .try_into()
            .map_err(|_| format!("{flag} has {} bytes, expected 32", bytes.len()))?,
    );
    let name = format!(
        "{} {}/{}",
        doc.suite.scheme(),
        doc.suite.group(),
        doc.suite.flavor()
    );
    match doc.suite.recover_with_value(
        &doc.statement,
        &doc.proof,
        &doc.commitments,
        &nonce,
        args.value,
    ) {
        Ok(recovered) => {
            if !recovered.checked {
                eprintln!(
                    "note: not checked against the commitment ({name} recovery does not give the value; --value checks it): a wrong nonce gives blindings that open nothing"
                );
            }
            let out = Output {
                value: recovered.value,
                blindings: recovered.blindings.iter().map(hex::encode).collect(),
                message: recovered.message.as_ref().map(hex::encode),
                checked: recovered.checked,
            };
            let json =
                Zeroizing::new(serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?);
            say!("{}", *json);
            Ok(Outcome::Ok)
        }
        // Suites without recovery, or a Tari proof of several values: unusable request.
        Err(ProofError::NoRecoveryNonce) => Err(format!(
            "{name} proofs carry no recovery nonce: recover works on tari and grin documents"
        )),
        Err(e @ ProofError::MaskRecoveryNeedsSingleProof) => Err(format!("{name}: {e}")),
        // The proof does not verify, or the nonce does not rewind it.
        Err(e) => {
            say!("{}: NOT RECOVERED ({e})", args.file.display());
            Ok(Outcome::Invalid)
        }
    }
}
