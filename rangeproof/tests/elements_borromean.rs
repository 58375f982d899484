//! Elements' Borromean range proofs against the deployed ones: every range proof of the Liquid
//! transactions and the C-made proofs of `vectors/elements-liquid-secp256k1.json` get their
//! verdicts; the C-made ones rewind to their openings and our prover reproduces their bytes;
//! and, both ways with libsecp256k1-zkp itself (the `secp256k1-zkp` 0.11 crate), proofs over
//! the parameter grid verify and rewind alike and come out byte for byte the same.

use k256::elliptic_curve::Field;
use rand::{rngs::StdRng, Rng, SeedableRng};
use rangeproof::secp256k1_zkp::borromean::{self, ProofParameters};
use rangeproof::secp256k1_zkp::generator::{
    generator_generate_blinded, Commitment, ValueGenerator,
};
use serde_json::Value;
use zkp::{Generator, PedersenCommitment, RangeProof, SecretKey, Tag, Tweak};

extern crate secp256k1_zkp as zkp;

use crate::common;

fn bytes(v: &Value) -> Vec<u8> {
    common::hex_bytes(v)
}

/// Our verdict on a document: decoding failures count as invalid, as in the C library (its
/// parse functions fail first).
fn verdict(case: &Value) -> Result<borromean::ProofInfo, String> {
    let commitment =
        Commitment::from_bytes(&bytes(&case["commitments"][0])).map_err(|e| e.to_string())?;
    let generator =
        ValueGenerator::from_bytes(&bytes(&case["value_generator"])).map_err(|e| e.to_string())?;
    borromean::verify(
        &bytes(&case["proof"]),
        &commitment,
        &generator,
        &bytes(&case["extra_data"]),
    )
    .map_err(|e| e.to_string())
}

#[test]
fn liquid_and_c_made_range_proofs_get_their_verdicts() {
    let cases = common::elements_cases("borromean");
    assert!(cases.len() >= 30, "{} cases", cases.len());
    let (mut valid, mut invalid) = (0, 0);
    for (i, case) in cases.iter().enumerate() {
        let ours = verdict(case);
        match case["expected"].as_str() {
            Some("valid") => {
                let info =
                    ours.unwrap_or_else(|e| panic!("case {i} ({:?}): {e}", case.get("source_tx")));
                if let Some(o) = case.get("openings") {
                    assert_eq!(
                        i64::from(info.exp),
                        o["proof_exp"].as_i64().unwrap(),
                        "case {i}"
                    );
                    assert_eq!(
                        u64::from(info.mantissa),
                        o["proof_mantissa"].as_u64().unwrap(),
                        "case {i}"
                    );
                    assert_eq!(
                        info.min_value,
                        o["proven_min_value"].as_u64().unwrap(),
                        "case {i}"
                    );
                    assert_eq!(
                        info.max_value,
                        o["proven_max_value"].as_u64().unwrap(),
                        "case {i}"
                    );
                }
                valid += 1;
            }
            Some("invalid") => {
                assert!(ours.is_err(), "case {i} accepted: {}", case["why"]);
                invalid += 1;
            }
            other => panic!("case {i}: expected {other:?}"),
        }
    }
    assert!(
        valid >= 22 && invalid >= 10,
        "{valid} valid, {invalid} invalid"
    );
    // Liquid's standard proofs: 4174 bytes, exponent 0, 52 bits, minimum 1.
    let liquid = cases
        .iter()
        .filter(|c| c.get("source_tx").is_some() && c["expected"] == "valid");
    for case in liquid {
        let proof = bytes(&case["proof"]);
        let info = borromean::info(&proof).unwrap();
        assert_eq!(
            (proof.len(), info.exp, info.mantissa, info.min_value),
            (4174, 0, 52, 1)
        );
    }
}

#[test]
fn c_made_proofs_rewind_to_their_openings_and_our_prover_makes_the_same_bytes() {
    let mut checked = 0;
    for case in common::elements_cases("borromean") {
        let (Some(o), "valid") = (case.get("openings"), case["expected"].as_str().unwrap()) else {
            continue;
        };
        let generator = generator_generate_blinded(
            &common::hex_b32(&o["asset_id"]),
            &common::secp_scalar(&common::hex_b32(&o["asset_blinding"])),
        )
        .unwrap();
        assert_eq!(
            generator.to_bytes().to_vec(),
            bytes(&case["value_generator"])
        );
        let value = o["value"].as_u64().unwrap();
        let blinding = common::secp_scalar(&common::hex_b32(&o["blinding"]));
        let commitment = Commitment::new(value, &blinding, &generator).unwrap();
        assert_eq!(
            commitment.to_bytes().to_vec(),
            bytes(&case["commitments"][0])
        );
        let nonce = common::hex_b32(&o["rewind_nonce"]);
        let message = bytes(&o["message"]);
        let extra = bytes(&case["extra_data"]);
        let proof = bytes(&case["proof"]);
        let rewound = borromean::rewind(&proof, &commitment, &generator, &extra, &nonce).unwrap();
        assert_eq!((rewound.value, *rewound.blinding), (value, blinding));
        assert!(rewound.message.starts_with(&message));
        let parameters = ProofParameters {
            min_value: o["min_value"].as_u64().unwrap(),
            exp: o["exp"].as_i64().unwrap() as i32,
            min_bits: o["min_bits"].as_u64().unwrap() as u32,
        };
        let ours = borromean::prove(
            value,
            &blinding,
            &generator,
            &nonce,
            &parameters,
            &message,
            &extra,
        )
        .unwrap();
        assert_eq!(
            hex::encode(&ours.proof),
            hex::encode(&proof),
            "{parameters:?}"
        );
        checked += 1;
    }
    assert!(checked >= 12, "{checked} C-made proofs");
}

/// The grid of the issue: exponents −1 … 3, minimum bits 0/1/32/52/64, minimum values
/// 0/1/large, with and without extra data and message — each proof made by both libraries.
#[test]
fn both_ways_with_libsecp256k1_zkp_over_the_parameter_grid() {
    let secp = zkp::Secp256k1::new();
    let mut rng = StdRng::seed_from_u64(2026);
    let mut compared = 0;
    for exp in -1..=3 {
        for min_bits in [0u32, 1, 32, 52, 64] {
            for min_value in [0u64, 1, 1 << 40] {
                for with_extras in [false, true] {
                    let value = min_value + rng.gen_range(0..1u64 << 30);
                    let tag: [u8; 32] = rng.gen();
                    let asset_blinding: [u8; 32] = k256::Scalar::random(&mut rng).to_bytes().into();
                    let blinding: [u8; 32] = k256::Scalar::random(&mut rng).to_bytes().into();
                    let nonce: [u8; 32] = k256::Scalar::random(&mut rng).to_bytes().into();
                    let (message, extra): (&[u8], &[u8]) = if with_extras && exp >= 0 {
                        (b"twenty-byte message!", b"\x00\x14script pubkey bytes")
                    } else if with_extras {
                        (b"", b"extra")
                    } else {
                        (b"", b"")
                    };
                    let c_generator = Generator::new_blinded(
                        &secp,
                        Tag::from(tag),
                        Tweak::from_inner(asset_blinding).unwrap(),
                    );
                    let c_commitment = PedersenCommitment::new(
                        &secp,
                        value,
                        Tweak::from_inner(blinding).unwrap(),
                        c_generator,
                    );
                    let c_proof = RangeProof::new(
                        &secp,
                        min_value,
                        c_commitment,
                        value,
                        Tweak::from_inner(blinding).unwrap(),
                        message,
                        extra,
                        SecretKey::from_slice(&nonce).unwrap(),
                        exp,
                        min_bits as u8,
                        c_generator,
                    );
                    let parameters = ProofParameters {
                        min_value,
                        exp,
                        min_bits,
                    };
                    let generator =
                        generator_generate_blinded(&tag, &common::secp_scalar(&asset_blinding))
                            .unwrap();
                    assert_eq!(generator.to_bytes(), c_generator.serialize());
                    let ours = borromean::prove(
                        value,
                        &common::secp_scalar(&blinding),
                        &generator,
                        &nonce,
                        &parameters,
                        message,
                        extra,
                    );
                    let (c_proof, ours) = match (c_proof, ours) {
                        (Ok(c), Ok(o)) => (c, o),
                        (Err(_), Err(_)) => continue,
                        (c, o) => panic!(
                            "{parameters:?} value {value}: C {:?}, ours {:?}",
                            c.is_ok(),
                            o.map(|_| ())
                        ),
                    };
                    assert_eq!(ours.commitment.to_bytes(), c_commitment.serialize());
                    assert_eq!(
                        hex::encode(c_proof.serialize()),
                        hex::encode(&ours.proof),
                        "{parameters:?}"
                    );
                    // Ours verify and rewind there; theirs here (the same bytes, but both paths run).
                    let c_ours = RangeProof::from_slice(&ours.proof).unwrap();
                    let range = c_ours
                        .verify(&secp, c_commitment, extra, c_generator)
                        .unwrap();
                    let (opening, _) = c_ours
                        .rewind(
                            &secp,
                            c_commitment,
                            SecretKey::from_slice(&nonce).unwrap(),
                            extra,
                            c_generator,
                        )
                        .unwrap();
                    let here = borromean::verify(
                        &c_proof.serialize(),
                        &ours.commitment,
                        &generator,
                        extra,
                    )
                    .unwrap();
                    assert_eq!(
                        (here.min_value, here.max_value + 1),
                        (range.start, range.end)
                    );
                    let rewound = borromean::rewind(
                        &c_proof.serialize(),
                        &ours.commitment,
                        &generator,
                        extra,
                        &nonce,
                    )
                    .unwrap();
                    assert_eq!(rewound.value, opening.value);
                    assert_eq!(
                        rewound.blinding.to_bytes().as_slice(),
                        opening.blinding_factor.as_ref()
                    );
                    assert_eq!(rewound.message.as_slice(), &*opening.message);
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 100, "{compared} proofs compared");
}

/// The wallet's balancing helper and the balance check agree with the C library's
/// (`compute_adaptive_blinding_factor`, `verify_commitments_sum_to_equal`), and the balanced
/// commitments balance.
#[test]
fn the_balancing_blinding_factor_and_the_balance_check_agree_with_the_c_library() {
    use rangeproof::secp256k1_zkp::generator::{
        balancing_blinding_factor, commitments_balance, CommitmentSecrets,
    };
    let secp = zkp::Secp256k1::new();
    let mut rng = StdRng::seed_from_u64(99);
    for (n_in, n_out) in [(1, 1), (1, 2), (3, 2), (2, 5)] {
        let tag: [u8; 32] = rng.gen();
        let secrets = |rng: &mut StdRng, value: u64| CommitmentSecrets {
            value,
            value_blinding: k256::Scalar::random(&mut *rng),
            generator_blinding: k256::Scalar::random(&mut *rng),
        };
        // Inputs of 1000 each; outputs of 100 each but the last, which takes the rest.
        let inputs: Vec<CommitmentSecrets> = (0..n_in).map(|_| secrets(&mut rng, 1000)).collect();
        let outputs: Vec<CommitmentSecrets> =
            (0..n_out - 1).map(|_| secrets(&mut rng, 100)).collect();
        let last_value = 1000 * n_in as u64 - 100 * (n_out as u64 - 1);
        let last_abf = k256::Scalar::random(&mut rng);
        let ours = balancing_blinding_factor(&inputs, &outputs, last_value, &last_abf);
        let tweak = |s: &k256::Scalar| Tweak::from_inner(s.to_bytes().into()).unwrap();
        let c_secrets = |s: &[CommitmentSecrets]| -> Vec<zkp::CommitmentSecrets> {
            s.iter()
                .map(|s| {
                    zkp::CommitmentSecrets::new(
                        s.value,
                        tweak(&s.value_blinding),
                        tweak(&s.generator_blinding),
                    )
                })
                .collect()
        };
        let theirs = zkp::compute_adaptive_blinding_factor(
            &secp,
            last_value,
            tweak(&last_abf),
            &c_secrets(&inputs),
            &c_secrets(&outputs),
        );
        assert_eq!(ours.to_bytes().as_slice(), theirs.as_ref());
        // The commitments balance, here and there; one unit more in the last output does not.
        let commit = |s: &CommitmentSecrets| {
            Commitment::new(
                s.value,
                &s.value_blinding,
                &generator_generate_blinded(&tag, &s.generator_blinding).unwrap(),
            )
            .unwrap()
        };
        let last = CommitmentSecrets {
            value: last_value,
            value_blinding: ours,
            generator_blinding: last_abf,
        };
        let ins: Vec<Commitment> = inputs.iter().map(commit).collect();
        let mut outs: Vec<Commitment> = outputs.iter().map(commit).collect();
        outs.push(commit(&last));
        assert!(commitments_balance(&ins, &outs));
        let c = |v: &[Commitment]| -> Vec<PedersenCommitment> {
            v.iter()
                .map(|c| PedersenCommitment::from_slice(&c.to_bytes()).unwrap())
                .collect()
        };
        assert!(zkp::verify_commitments_sum_to_equal(
            &secp,
            &c(&ins),
            &c(&outs)
        ));
        let more = CommitmentSecrets {
            value: last_value + 1,
            ..last
        };
        outs.pop();
        outs.push(commit(&more));
        assert!(!commitments_balance(&ins, &outs));
        assert!(!zkp::verify_commitments_sum_to_equal(
            &secp,
            &c(&ins),
            &c(&outs)
        ));
    }
}
