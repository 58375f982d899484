//! `rangeproof verify`: one document alone, several (of any scheme) in one batch.

use std::path::PathBuf;

use rand_core::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::generators::{dalek, monero, tari};
use rangeproof::transcript::monero::MoneroTranscript;
use rangeproof::{BatchVerifier, Ed25519, ProofError, RangeProof, RangeProofPlus, Ristretto255};

use rangeproof_cli::document::{ParsedDocument, ProofDocument, Scheme};
use crate::Outcome;

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

pub fn run(files: &[PathBuf]) -> Result<Outcome, String> {
    let docs = files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            ProofDocument::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect::<Result<Vec<ParsedDocument>, String>>()?;

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
        let alone = docs.len() == 1;
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

    let mut invalid = 0;
    for (path, verdict) in files.iter().zip(&verdicts) {
        match verdict {
            Ok(()) => println!("{}: valid", path.display()),
            Err(reason) => {
                invalid += 1;
                println!("{}: INVALID ({reason})", path.display());
            }
        }
    }
    if files.len() > 1 {
        println!(
            "{} valid, {invalid} invalid (verified in one batch per group)",
            files.len() - invalid
        );
    }
    Ok(if invalid == 0 {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}
