//! `rangeproof recover`: what a recovery nonce gives back from a proof document — Tari's
//! blinding factors (mask recovery), Grin's and Elements' Borromean proofs' value, blinding and
//! message (rewind). Each refusal names its cause: a suite without recovery (with the list of
//! those that have it), a proof of several values, a nonce that does not rewind the proof, or
//! a `--value` the commitment does not hold.

use std::path::PathBuf;

use clap::Args;
use rangeproof::ProofError;
use rangeproof_documents::input::DEFAULT_MAX_DOCUMENT_BYTES;
use rangeproof_documents::Document;
use serde::Serialize;
use zeroize::Zeroizing;

use crate::Outcome;

#[derive(Args)]
pub struct RecoverArgs {
    /// The proof document (`-`: standard input), of one value: bulletproofs+
    /// ristretto255/tari, bulletproofs secp256k1/grin or borromean secp256k1/elements.
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

/// The suites whose proofs carry a recovery nonce, as documents name them (`recover --help`
/// lists them too: a test keeps the two equal).
fn supported() -> String {
    let names: Vec<String> = rangeproof::Suite::ALL
        .iter()
        .filter(|suite| suite.has_recovery_nonce())
        .map(|suite| suite.name())
        .collect();
    names.join(", ")
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
    let text = crate::documents::only_document(&args.file, DEFAULT_MAX_DOCUMENT_BYTES)?;
    let doc = Document::parse(&text)
        .and_then(Document::into_proof)
        .map_err(|e| format!("{}: {e}", args.file.display()))?;
    let bytes = crate::secrets::secret_hex(flag, &nonce_hex)?;
    let nonce: Zeroizing<[u8; 32]> = Zeroizing::new(
        bytes
            .as_slice()
            .try_into()
            .map_err(|_| format!("{flag} has {} bytes, expected 32", bytes.len()))?,
    );
    let name = doc.suite.name();
    if !doc.suite.has_recovery_nonce() {
        return Err(format!(
            "{name} proofs carry no recovery nonce: recover works on {}",
            supported()
        ));
    }
    // Every suite recovers from a proof of one value (Tari's mask recovery and the rewinds
    // alike): said before any work, in these words.
    if doc.commitments.len() > 1 {
        return Err(format!(
            "{}: a {name} proof of {} values: recovery needs a proof of a single value",
            args.file.display(),
            doc.commitments.len()
        ));
    }
    // Without --value first: a rewind gives the value (checked against the commitment), so a
    // wrong --value can be told from a wrong nonce.
    let recovered = match doc.suite.recover_with_value(
        &doc.statement,
        &doc.proof,
        &doc.commitments,
        &nonce,
        None,
    ) {
        Ok(recovered) => recovered,
        Err(e) => return not_recovered(args, &name, &e),
    };
    let checked = match (args.value, recovered.value) {
        (Some(given), Some(value)) if given != value => {
            say!(
                "{}: NOT RECOVERED (the nonce rewinds this proof, but the commitment does not hold the value --value {given}: run without --value to read the value it holds)",
                args.file.display()
            );
            return Ok(Outcome::Invalid);
        }
        (None, _) | (Some(_), Some(_)) => recovered.checked,
        // Tari: only the value tells whether the blindings are right.
        (Some(given), None) => {
            let per_value = Zeroizing::new(vec![recovered.blindings.to_vec()]);
            match doc.suite.commit(&doc.statement, &[given], &per_value) {
                Ok(made) if made.first() == doc.commitments.first() => true,
                _ => {
                    say!(
                        "{}: NOT RECOVERED (the recovered blindings and --value {given} do not make the commitment: a wrong nonce, a proof made without one, or a wrong value — {name} recovery cannot tell which)",
                        args.file.display()
                    );
                    return Ok(Outcome::Invalid);
                }
            }
        }
    };
    if !checked {
        eprintln!(
            "note: not checked against the commitment ({name} recovery does not give the value; --value checks it): a wrong nonce gives blindings that open nothing"
        );
    }
    let out = Output {
        value: recovered.value,
        blindings: recovered.blindings.iter().map(hex::encode).collect(),
        message: recovered.message.as_ref().map(hex::encode),
        checked,
    };
    let json = Zeroizing::new(serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?);
    say!("{}", *json);
    Ok(Outcome::Ok)
}

/// A recovery that failed: the proof does not verify, or the nonce does not rewind it (exit
/// 1); a request the suite cannot answer (exit 2).
fn not_recovered(args: &RecoverArgs, name: &str, e: &ProofError) -> Result<Outcome, String> {
    let reason = match e {
        ProofError::NoRecoveryNonce => {
            return Err(format!(
                "{name} proofs carry no recovery nonce: recover works on {}",
                supported()
            ))
        }
        ProofError::MaskRecoveryNeedsSingleProof => {
            return Err(format!(
                "{}: recovery needs a proof of a single value",
                args.file.display()
            ))
        }
        ProofError::RewindFailed => "the nonce does not rewind this proof: not the nonce it was made with (or it was made without one)".to_string(),
        ProofError::VerificationFailed => {
            "the proof does not verify: nothing is recovered from an invalid proof".to_string()
        }
        other => other.to_string(),
    };
    say!("{}: NOT RECOVERED ({reason})", args.file.display());
    Ok(Outcome::Invalid)
}
