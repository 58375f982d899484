//! Elements' proofs in a batch: every Borromean range proof and surjection proof of
//! `vectors/elements-liquid-secp256k1.json` (the reject cases among them), many times over and
//! mixed with settled verdicts, checked by one `BatchVerifier` that names exactly the
//! invalid ones.

use rangeproof::secp256k1_zkp::generator::{Commitment, ValueGenerator};
use rangeproof::secp256k1_zkp::{borromean, surjection, PendingRingSignature};
use rangeproof::{BatchVerifier, ProofError, Secp256k1};
use serde_json::Value;

use crate::common;

fn bytes(v: &Value) -> Vec<u8> {
    common::hex_bytes(v)
}

/// The case's pending ring signature, or the error its decoding gives.
fn pending(case: &Value) -> Result<PendingRingSignature, ProofError> {
    let proof = bytes(&case["proof"]);
    if case["scheme"] == "borromean" {
        let commitment = Commitment::from_bytes(&bytes(&case["commitments"][0]))?;
        let generator = ValueGenerator::from_bytes(&bytes(&case["value_generator"]))?;
        borromean::pending(&proof, &commitment, &generator, &bytes(&case["extra_data"]))
    } else {
        let inputs = case["input_generators"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| ValueGenerator::from_bytes(&bytes(g)))
            .collect::<Result<Vec<_>, _>>()?;
        let output = ValueGenerator::from_bytes(&bytes(&case["output_generator"]))?;
        surjection::pending(
            &surjection::SurjectionProof::from_bytes(&proof)?,
            &inputs,
            &output,
        )
    }
}

#[test]
fn a_mixed_batch_names_every_invalid_proof() {
    let cases = common::vector_cases("elements-liquid-secp256k1.json");
    let mut batch: BatchVerifier<'static, Secp256k1> = BatchVerifier::new();
    let mut expected_invalid = Vec::new();
    // Three rounds: 150 entries, past the batch's chunking, and the same proofs more than once.
    for round in 0..3 {
        for (i, case) in cases.iter().enumerate() {
            let valid = case["expected"] == "valid";
            let position = match pending(case) {
                Ok(p) => batch.add_deferred(p),
                // What fails to decode joins as a settled verdict, as a front end does.
                Err(_) => batch.add_verdict(false),
            };
            if !valid {
                expected_invalid.push(position);
            }
            // A plain invalid verdict between them now and then.
            if round == 1 && i % 17 == 0 {
                expected_invalid.push(batch.add_verdict(false));
            }
        }
    }
    let error = batch.verify().unwrap_err();
    assert_eq!(error.invalid, expected_invalid);
    // Only valid ones: the batch holds.
    let mut good: BatchVerifier<'static, Secp256k1> = BatchVerifier::new();
    for case in cases.iter().filter(|c| c["expected"] == "valid") {
        good.add_deferred(pending(case).unwrap());
    }
    good.verify().unwrap();
}
