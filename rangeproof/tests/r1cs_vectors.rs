//! The reference crate's R1CS k-shuffle proofs (`vectors/dalek-r1cs-shuffle-ristretto255.json`,
//! made with bulletproofs 5.0.0's `yoloproofs`): every valid case verifies under the `dalek`
//! convention, every reject case is rejected; our proofs of the same statements have the
//! reference's layout and size, and re-encode byte for byte.

use rangeproof::r1cs::gadgets::shuffle::{prove_shuffle, verify_shuffle};
use rangeproof::r1cs::{generators, R1csConvention, R1csProof};
use rangeproof::{Group, Ristretto255};
use serde_json::Value;

use crate::common;

fn cases() -> Vec<Value> {
    common::vector_cases("dalek-r1cs-shuffle-ristretto255.json")
}

fn bytes(v: &Value) -> Vec<u8> {
    common::hex_bytes(v)
}

fn points(v: &Value) -> Vec<[u8; 32]> {
    v.as_array()
        .expect("list")
        .iter()
        .map(|c| <[u8; 32]>::try_from(bytes(c).as_slice()).expect("32 bytes"))
        .collect()
}

fn scalars(v: &Value) -> Vec<curve25519_dalek::Scalar> {
    points(v)
        .iter()
        .map(|b| Ristretto255::scalar_from_canonical_bytes(b).expect("canonical"))
        .collect()
}

/// Verifies one case as the document describes it; `Err` with the reason otherwise.
fn check(case: &Value) -> Result<(), String> {
    let k = case["k"].as_u64().unwrap() as usize;
    let inputs = points(&case["input_commitments"]);
    let outputs = points(&case["output_commitments"]);
    if k != inputs.len() || k != outputs.len() {
        return Err("k does not match the lists".into());
    }
    let proof = R1csProof::<Ristretto255>::from_bytes(&bytes(&case["proof"]))
        .map_err(|e| format!("decode: {e}"))?;
    let label = case["transcript_label"].as_str().unwrap().as_bytes();
    verify_shuffle(
        generators::dalek(),
        R1csConvention::Dalek,
        label,
        &inputs,
        &outputs,
        &proof,
    )
    .map_err(|e| format!("verify: {e}"))
}

#[test]
fn reference_proofs_verify_and_rejects_are_rejected() {
    let cases = cases();
    assert_eq!(cases.len(), 35);
    let (mut valid, mut rejected) = (0, 0);
    for (i, case) in cases.iter().enumerate() {
        let result = check(case);
        if case["valid"].as_bool().unwrap() {
            assert_eq!(result, Ok(()), "case {i} must verify");
            valid += 1;
        } else {
            assert!(
                result.is_err(),
                "case {i} ({}) must be rejected",
                case["provenance"]
            );
            rejected += 1;
        }
    }
    assert_eq!((valid, rejected), (16, 19));
}

/// Valid proofs re-encode to the same bytes, and have the layout the file records.
#[test]
fn reference_proofs_reencode_and_match_their_layout() {
    for case in cases().iter().filter(|c| c["valid"].as_bool().unwrap()) {
        let raw = bytes(&case["proof"]);
        let proof = R1csProof::<Ristretto255>::from_bytes(&raw).unwrap();
        assert_eq!(proof.to_bytes(), raw);
        let layout = &case["proof_layout"];
        assert_eq!(raw.len() as u64, layout["proof_bytes"].as_u64().unwrap());
        assert_eq!(raw[0] as u64, layout["version_byte"].as_u64().unwrap());
    }
}

/// Our prover, on the cases' own openings and labels, makes proofs of the reference's layout
/// (same version byte, same size) that verify here under the dalek convention, and not under a
/// different label or convention. (They are not run through the reference's own verifier.)
#[test]
fn our_proofs_of_the_vector_statements_have_its_layout_and_verify_here() {
    for case in cases().iter().filter(|c| c["valid"].as_bool().unwrap()) {
        let p = &case["parameters"];
        let inputs: Vec<_> = scalars(&p["input_values"])
            .into_iter()
            .zip(scalars(&p["input_blindings"]))
            .collect();
        let outputs: Vec<_> = scalars(&p["output_values"])
            .into_iter()
            .zip(scalars(&p["output_blindings"]))
            .collect();
        let label = case["transcript_label"].as_str().unwrap().as_bytes();
        let gens = generators::dalek();
        let proved = prove_shuffle(gens, R1csConvention::Dalek, label, &inputs, &outputs).unwrap();
        // Same commitments as the reference made from the same openings.
        assert_eq!(proved.input_commitments, points(&case["input_commitments"]));
        assert_eq!(
            proved.output_commitments,
            points(&case["output_commitments"])
        );
        let ours = proved.proof.to_bytes();
        let theirs = bytes(&case["proof"]);
        assert_eq!(ours.len(), theirs.len());
        assert_eq!(ours[0], theirs[0]);
        let (i, o) = (&proved.input_commitments, &proved.output_commitments);
        verify_shuffle(gens, R1csConvention::Dalek, label, i, o, &proved.proof).unwrap();
        assert!(verify_shuffle(gens, R1csConvention::Bound, label, i, o, &proved.proof).is_err());
        assert!(
            verify_shuffle(gens, R1csConvention::Dalek, b"other", i, o, &proved.proof).is_err()
        );
    }
}
