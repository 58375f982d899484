//! Grin's genesis proofs and the proofs made by libsecp256k1-zkp
//! (`vectors/grin-bp-secp256k1.json`) verify; the file's reject cases are rejected; the
//! generated cases' parameters reproduce the proofs byte for byte and rewind to their values.

use rangeproof::secp256k1_zkp::bulletproofs::{
    self as grin, GrinProver, GrinStatement, GrinWitness, ValueGenerator,
};
use rangeproof::{Group, Secp256k1};
use serde_json::Value;

use crate::common;

fn cases() -> Vec<Value> {
    common::vector_cases("grin-bp-secp256k1.json")
}

fn bytes(v: &Value) -> Vec<u8> {
    common::hex_bytes(v)
}

fn statement(case: &Value) -> GrinStatement {
    let commitments = case["commitments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| <[u8; 33]>::try_from(bytes(c).as_slice()).unwrap())
        .collect();
    GrinStatement {
        bits: case["bits"].as_u64().unwrap() as usize,
        generators_n: case["generators_n"].as_u64().unwrap() as usize,
        commitments,
        value_generator: ValueGenerator::h(),
        min_values: None,
        extra_data: case.get("extra_data").map(bytes),
    }
}

#[test]
fn valid_cases_verify_and_reject_cases_are_rejected() {
    let cases = cases();
    assert_eq!(cases.len(), 35);
    for (i, case) in cases.iter().enumerate() {
        let result = grin::verify(&bytes(&case["proof"]), &statement(case));
        let valid = case["valid"].as_bool().unwrap();
        assert_eq!(
            result.is_ok(),
            valid,
            "case {i} ({}): {result:?}",
            case["provenance"]
        );
    }
}

fn witness(params: &Value) -> GrinWitness {
    let nonce = |k: &str| <[u8; 32]>::try_from(bytes(&params[k]).as_slice()).unwrap();
    GrinWitness {
        values: params["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect(),
        blindings: params["blindings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                let b = <[u8; 32]>::try_from(bytes(b).as_slice()).unwrap();
                Secp256k1::scalar_from_canonical_bytes(&b).unwrap()
            })
            .collect(),
        rewind_nonce: nonce("rewind_nonce"),
        private_nonce: Some(nonce("private_nonce")),
        message: None,
    }
}

#[test]
fn generated_cases_are_reproduced_byte_for_byte() {
    for case in cases().iter().filter(|c| c.get("parameters").is_some()) {
        let statement = statement(case);
        let prover = GrinProver {
            bits: statement.bits,
            generators_n: statement.generators_n,
            ..GrinProver::grin()
        };
        let w = witness(&case["parameters"]);
        let (ours, proof) = prover.prove(&w).expect("proves");
        assert_eq!(
            ours.commitments, statement.commitments,
            "{}",
            case["provenance"]
        );
        assert_eq!(
            hex::encode(proof),
            case["proof"].as_str().unwrap(),
            "{}",
            case["provenance"]
        );
    }
}

#[test]
fn single_value_cases_rewind() {
    for case in cases().iter().filter(|c| c.get("parameters").is_some()) {
        let statement = statement(case);
        if statement.commitments.len() != 1 {
            continue;
        }
        let w = witness(&case["parameters"]);
        let proof = bytes(&case["proof"]);
        let r = grin::rewind(&proof, &statement, &w.rewind_nonce).expect("rewinds");
        assert_eq!(r.value, w.values[0]);
        assert_eq!(r.message, [0u8; 20]);
        // The private nonce differs from the rewind nonce: the blinding is not recovered.
        assert_eq!(r.blinding, None);
        let mut wrong = w.rewind_nonce;
        wrong[0] ^= 1;
        assert!(grin::rewind(&proof, &statement, &wrong).is_err());
    }
}
