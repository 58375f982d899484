//! Verify the range proofs of Monero mainnet transactions from their serialized bytes and the
//! outputs' commitments (`outPk` masks): Bulletproofs+ (RCT type 6) and the original
//! Bulletproofs (types 3–5), one at a time and then all in one batch.
//!
//! ```text
//! cargo run --release --example monero_transaction
//! ```
//!
//! The transactions come from `vectors/` (proofs shipped inside crate packages, with their
//! provenance there). Monero hashes no label into its transcript, so the deployment's
//! transcript starts from nothing.

use rand::rngs::OsRng;
use rangeproof::bulletproofs_plus::Statement;
use rangeproof::deployments::{monero, Deployment, MoneroBulletproofs, MoneroBulletproofsPlus};
use rangeproof::{BatchVerifier, Ed25519, RangeProof, RangeProofPlus};
use serde_json::Value;

const BULLETPROOFS_PLUS: &str = include_str!("../../vectors/monero-crates-bpplus-ed25519.json");
const BULLETPROOFS: &str = include_str!("../../vectors/monero-crates-bp-ed25519.json");

/// A transaction's proof bytes, its outputs' commitments and whether the file calls it valid.
struct Case {
    name: String,
    proof: Vec<u8>,
    commitments: Vec<[u8; 32]>,
    valid: bool,
}

fn cases(json: &str) -> Result<Vec<Case>, Box<dyn std::error::Error>> {
    let file: Value = serde_json::from_str(json)?;
    let mut out = Vec::new();
    for case in file["cases"].as_array().ok_or("no cases")? {
        let commitments = case["commitments"]
            .as_array()
            .ok_or("no commitments")?
            .iter()
            .map(|c| {
                let bytes = hex::decode(c.as_str().ok_or("commitment not a string")?)?;
                <[u8; 32]>::try_from(bytes.as_slice()).map_err(|_| "not 32 bytes".into())
            })
            .collect::<Result<_, Box<dyn std::error::Error>>>()?;
        out.push(Case {
            name: case["tx_hash"].as_str().unwrap_or("(generated)").to_owned(),
            proof: hex::decode(case["proof"].as_str().ok_or("no proof")?)?,
            commitments,
            valid: case["valid"].as_bool().unwrap_or(false),
        });
    }
    Ok(out)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let statement = Statement {
        bits: 64,
        extension_degree: 1,
        minimum_values: None,
    };
    let plus_generators = monero::bulletproofs_plus_generators();
    let generators = monero::bulletproofs_generators();
    let mut batch = BatchVerifier::<Ed25519>::new();
    let mut expected_invalid = Vec::new();

    // The mainnet transactions, and the first of them with two outputs' commitments swapped:
    // a proof for other amounts, which must be refused.
    let mut plus_cases = cases(BULLETPROOFS_PLUS)?;
    let mut swapped = Case {
        name: format!("{} with outputs 0 and 1 swapped", plus_cases[0].name),
        proof: plus_cases[0].proof.clone(),
        commitments: plus_cases[0].commitments.clone(),
        valid: false,
    };
    swapped.commitments.swap(0, 1);
    plus_cases.push(swapped);
    for case in plus_cases {
        let verdict = RangeProofPlus::<Ed25519>::from_monero_bytes(&case.proof).and_then(|proof| {
            let position = batch.add_bulletproof_plus(
                plus_generators,
                &proof,
                &mut MoneroBulletproofsPlus::transcript(b""),
                &statement,
                &case.commitments,
                &mut OsRng,
            );
            if !case.valid {
                expected_invalid.push(position);
            }
            proof.verify(
                plus_generators,
                &mut MoneroBulletproofsPlus::transcript(b""),
                &statement,
                &case.commitments,
                &mut OsRng,
            )
        });
        report("Bulletproofs+", &case, verdict.is_ok())?;
    }
    for case in cases(BULLETPROOFS)? {
        let verdict = RangeProof::<Ed25519>::from_monero_bytes(&case.proof).and_then(|proof| {
            let position = batch.add_bulletproof(
                generators,
                &proof,
                &mut MoneroBulletproofs::transcript(b""),
                &case.commitments,
                64,
                &mut OsRng,
            );
            if !case.valid {
                expected_invalid.push(position);
            }
            proof.verify_multiple(
                generators,
                &mut MoneroBulletproofs::transcript(b""),
                &case.commitments,
                64,
                &mut OsRng,
            )
        });
        report("Bulletproofs", &case, verdict.is_ok())?;
    }

    // One multiscalar multiplication for every proof that decoded; the invalid ones named.
    let invalid = batch.verify().err().map_or(Vec::new(), |e| e.invalid);
    println!("batch of {} proofs: invalid at {invalid:?}", batch.len());
    if invalid != expected_invalid {
        return Err(format!("the batch named {invalid:?}, expected {expected_invalid:?}").into());
    }
    Ok(())
}

/// Prints a verdict; an answer other than the file's is an error.
fn report(scheme: &str, case: &Case, verified: bool) -> Result<(), String> {
    let outputs = case.commitments.len();
    let word = if verified { "valid" } else { "invalid" };
    println!("{scheme} {} ({outputs} outputs): {word}", case.name);
    if verified != case.valid {
        return Err(format!("{}: expected {}", case.name, !verified));
    }
    Ok(())
}
