//! `rangeproof verify`: one document alone, several (of any scheme) in one batch.

use std::path::{Path, PathBuf};

use clap::Args;

use rand_core::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::generators::{dalek, monero, tari};
use rangeproof::transcript::monero::MoneroTranscript;
use rangeproof::{BatchVerifier, Ed25519, ProofError, RangeProof, RangeProofPlus, Ristretto255};

use crate::Outcome;
use rangeproof_cli::document::{ParsedDocument, ProofDocument, Scheme};
use rangeproof_cli::input::{self, DEFAULT_MAX_DOCUMENT_BYTES};

/// A decoded proof of either scheme, with the Bulletproofs+ statement.
enum Decoded<'a> {
    Bp(Box<RangeProof<Ristretto255>>),
    Plus(Box<RangeProofPlus<Ristretto255>>, Statement<'a>),
    MoneroPlus(Box<RangeProofPlus<Ed25519>>),
    MoneroBp(Box<RangeProof<Ed25519>>),
}

/// Monero's statement: 64 bits, one blinding factor, no minimums.
const MONERO_STATEMENT: Statement<'static> = Statement {
    bits: 64,
    extension_degree: 1,
    minimum_values: None,
};

fn decode(doc: &ParsedDocument) -> Result<Decoded<'_>, ProofError> {
    Ok(match &doc.scheme {
        Scheme::Bulletproofs => Decoded::Bp(Box::new(RangeProof::from_bytes(&doc.proof)?)),
        Scheme::BulletproofsPlus {
            extension_degree,
            minimum_values,
        } => Decoded::Plus(
            Box::new(RangeProofPlus::from_bytes(&doc.proof)?),
            Statement {
                bits: doc.bits,
                extension_degree: *extension_degree,
                minimum_values: minimum_values.as_deref(),
            },
        ),
        Scheme::MoneroBulletproofsPlus => {
            Decoded::MoneroPlus(Box::new(RangeProofPlus::from_monero_bytes(&doc.proof)?))
        }
        Scheme::MoneroBulletproofs => {
            Decoded::MoneroBp(Box::new(RangeProof::from_monero_bytes(&doc.proof)?))
        }
    })
}

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
}

fn load(path: &Path, max: u64) -> Result<ParsedDocument, String> {
    let text = input::read_text(path, max)?;
    ProofDocument::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
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
    let mut kept: Vec<Option<ParsedDocument>> =
        Vec::with_capacity(if keep_all { files.len() } else { 1 });
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
    for (c, chunk) in files.chunks(CHUNK).enumerate() {
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
        for (path, verdict) in chunk.iter().zip(&verdicts) {
            match verdict {
                Ok(()) => println!("{}: valid", path.display()),
                Err(reason) => {
                    invalid += 1;
                    println!("{}: INVALID ({reason})", path.display());
                }
            }
        }
    }
    if files.len() > 1 {
        let how = if files.len() <= CHUNK {
            "verified in one batch per group".to_string()
        } else {
            format!("verified in batches of up to {CHUNK} per group")
        };
        println!("{} valid, {invalid} invalid ({how})", files.len() - invalid);
    }
    Ok(if invalid == 0 {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

/// Per document: `Ok(())` or the reason it is invalid. A single document is verified alone;
/// several in one batch per group.
fn verify_chunk(docs: &[ParsedDocument], alone: bool) -> Vec<Result<(), String>> {
    // Per file: Ok(()) or the reason it is invalid.
    let mut verdicts: Vec<Result<(), String>> = vec![Ok(()); docs.len()];
    // One batch (one multiscalar multiplication) per group.
    let mut batch = BatchVerifier::new();
    let mut batched = Vec::new(); // position in the batch -> file index
    let mut ed_batch = BatchVerifier::new();
    let mut ed_batched = Vec::new();
    for (i, doc) in docs.iter().enumerate() {
        let proof = match decode(doc) {
            Ok(proof) => proof,
            Err(e) => {
                verdicts[i] = Err(e.to_string());
                continue;
            }
        };
        let mut transcript = crate::transcript(&doc.transcript_label);
        match &proof {
            Decoded::Bp(p) if alone => {
                verdicts[i] = p
                    .verify_multiple(
                        dalek::generators(),
                        &mut transcript,
                        &doc.commitments,
                        doc.bits,
                        &mut OsRng,
                    )
                    .map_err(|e| e.to_string());
            }
            Decoded::Plus(p, st) if alone => {
                verdicts[i] = p
                    .verify(
                        tari::generators(),
                        &mut transcript,
                        st,
                        &doc.commitments,
                        &mut OsRng,
                    )
                    .map_err(|e| e.to_string());
            }
            Decoded::MoneroPlus(p) if alone => {
                verdicts[i] = p
                    .verify(
                        monero::bulletproofs_plus_generators(),
                        &mut MoneroTranscript::bulletproofs_plus(),
                        &MONERO_STATEMENT,
                        &doc.commitments,
                        &mut OsRng,
                    )
                    .map_err(|e| e.to_string());
            }
            Decoded::MoneroPlus(p) => {
                ed_batch.add_bulletproof_plus(
                    monero::bulletproofs_plus_generators(),
                    p,
                    &mut MoneroTranscript::bulletproofs_plus(),
                    &MONERO_STATEMENT,
                    &doc.commitments,
                    &mut OsRng,
                );
                ed_batched.push(i);
            }
            Decoded::MoneroBp(p) if alone => {
                verdicts[i] = p
                    .verify_multiple(
                        monero::bulletproofs_generators(),
                        &mut MoneroTranscript::bulletproofs(),
                        &doc.commitments,
                        64,
                        &mut OsRng,
                    )
                    .map_err(|e| e.to_string());
            }
            Decoded::MoneroBp(p) => {
                ed_batch.add_bulletproof(
                    monero::bulletproofs_generators(),
                    p,
                    &mut MoneroTranscript::bulletproofs(),
                    &doc.commitments,
                    64,
                    &mut OsRng,
                );
                ed_batched.push(i);
            }
            Decoded::Bp(p) => {
                batch.add_bulletproof(
                    dalek::generators(),
                    p,
                    &mut transcript,
                    &doc.commitments,
                    doc.bits,
                    &mut OsRng,
                );
                batched.push(i);
            }
            Decoded::Plus(p, st) => {
                batch.add_bulletproof_plus(
                    tari::generators(),
                    p,
                    &mut transcript,
                    st,
                    &doc.commitments,
                    &mut OsRng,
                );
                batched.push(i);
            }
        }
    }
    for (failure, positions) in [
        (batch.verify().err(), &batched),
        (ed_batch.verify().err(), &ed_batched),
    ] {
        for k in failure.map(|f| f.invalid).unwrap_or_default() {
            verdicts[positions[k]] = Err("proof verification failed".into());
        }
    }

    verdicts
}
