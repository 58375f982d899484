//! `rangeproof verify`: one document alone, several in one batch.

use std::path::PathBuf;

use rand_core::OsRng;
use rangeproof::{generators::dalek, BatchVerifier, RangeProof, Ristretto255};

use crate::document::{ParsedDocument, ProofDocument};
use crate::Outcome;

pub fn run(files: &[PathBuf]) -> Result<Outcome, String> {
    let docs = files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            ProofDocument::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect::<Result<Vec<ParsedDocument>, String>>()?;

    let gens = dalek::generators();
    // Per file: Ok(()) or the reason it is invalid.
    let mut verdicts: Vec<Result<(), String>> = vec![Ok(()); docs.len()];
    let mut batch = BatchVerifier::new();
    let mut batched = Vec::new(); // position in the batch -> file index
    for (i, doc) in docs.iter().enumerate() {
        let proof = match RangeProof::<Ristretto255>::from_bytes(&doc.proof) {
            Ok(proof) => proof,
            Err(e) => {
                verdicts[i] = Err(e.to_string());
                continue;
            }
        };
        let mut transcript = crate::transcript(&doc.transcript_label);
        if docs.len() == 1 {
            verdicts[i] = proof
                .verify_multiple(
                    gens,
                    &mut transcript,
                    &doc.commitments,
                    doc.bits,
                    &mut OsRng,
                )
                .map_err(|e| e.to_string());
        } else {
            batch.add_bulletproof(
                gens,
                &proof,
                &mut transcript,
                &doc.commitments,
                doc.bits,
                &mut OsRng,
            );
            batched.push(i);
        }
    }
    if let Err(failure) = batch.verify() {
        for k in failure.invalid {
            verdicts[batched[k]] = Err("proof verification failed".into());
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
            "{} valid, {invalid} invalid (verified in one batch)",
            files.len() - invalid
        );
    }
    Ok(if invalid == 0 {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}
