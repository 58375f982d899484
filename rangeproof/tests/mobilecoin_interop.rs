//! MobileCoin's range proofs both ways. MobileCoin proves with its fork of the reference crate
//! (`bulletproofs-og`, not on crates.io, so not buildable by the suite): the proofs it made
//! (`vectors/mobilecoin-bp-ristretto255.json`, `made_by_them`) verify here, and the fork's
//! verdicts on proofs made here, as made and changed (`made_by_us`), are ours too. Fresh proofs
//! go both ways with the reference crate (`bulletproofs` 5: the fork's range-proof code on
//! another curve crate) configured as MobileCoin configures the fork: its label,
//! `BulletproofGens::new(64, 64)`, the token's bases and padding by repeating the last value.

use bulletproofs::{BulletproofGens, PedersenGens, RangeProof};
use curve25519_dalek_v4::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek_v4::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek_v4::scalar::Scalar;
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::deployments::mobilecoin::{self, TRANSCRIPT_LABEL};
use rangeproof::suite::ParameterValue;
use rangeproof::SuiteStatement;
use rangeproof::{Group, ProofError, Ristretto255, StatementError, Suite, SuiteBatch};
use serde_json::Value;

const SUITE: Suite = Suite::MOBILECOIN_BULLETPROOFS;

fn vectors() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/mobilecoin-bp-ristretto255.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("the vectors")).expect("JSON")
}

fn hexes(v: &Value) -> Vec<Vec<u8>> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|h| hex::decode(h.as_str().expect("hex")).expect("hex"))
        .collect()
}

/// The statement of token `token_id`: its value base given, except MOB's (the default).
fn statement(token_id: u64) -> SuiteStatement {
    let mut statement = SuiteStatement {
        bits: 64,
        extension_degree: 1,
        ..SuiteStatement::default()
    };
    if token_id != 0 {
        let base = Ristretto255::point_to_bytes(&mobilecoin::value_base(token_id));
        statement
            .parameters
            .insert("value_base".into(), ParameterValue::Bytes(base.to_vec()));
    }
    statement
}

fn our_verdict(proof: &[u8], commitments: &[Vec<u8>], token_id: u64) -> bool {
    SUITE
        .verify(&statement(token_id), proof, commitments, &mut OsRng)
        .is_ok()
}

/// The token's bases as the reference crate takes them.
fn their_gens(token_id: u64) -> PedersenGens {
    let b = Ristretto255::point_to_bytes(&mobilecoin::value_base(token_id));
    PedersenGens {
        B: CompressedRistretto(b).decompress().expect("a point"),
        B_blinding: RISTRETTO_BASEPOINT_POINT,
    }
}

fn pad<T: Clone>(items: &[T]) -> Vec<T> {
    let mut out = items.to_vec();
    out.resize(
        items.len().next_power_of_two(),
        items[items.len() - 1].clone(),
    );
    out
}

/// MobileCoin's `check_range_proofs`, on the reference crate.
fn their_verdict(proof: &[u8], commitments: &[Vec<u8>], token_id: u64) -> bool {
    let Ok(proof) = RangeProof::from_bytes(proof) else {
        return false;
    };
    let commitments: Option<Vec<CompressedRistretto>> = commitments
        .iter()
        .map(|c| CompressedRistretto::from_slice(c).ok())
        .collect();
    commitments.is_some_and(|c| {
        proof
            .verify_multiple(
                &BulletproofGens::new(64, 64),
                &their_gens(token_id),
                &mut Transcript::new(TRANSCRIPT_LABEL),
                &pad(&c),
                64,
            )
            .is_ok()
    })
}

/// MobileCoin's `generate_range_proofs`, on the reference crate: the proof and the real
/// values' commitments.
fn theirs(values: &[u64], token_id: u64) -> (Vec<u8>, Vec<Vec<u8>>) {
    let blindings: Vec<Scalar> = values.iter().map(|_| Scalar::random(&mut OsRng)).collect();
    let (proof, commitments) = RangeProof::prove_multiple(
        &BulletproofGens::new(64, 64),
        &their_gens(token_id),
        &mut Transcript::new(TRANSCRIPT_LABEL),
        &pad(values),
        &pad(&blindings),
        64,
    )
    .expect("the reference crate proves");
    (
        proof.to_bytes(),
        commitments[..values.len()]
            .iter()
            .map(|c| c.to_bytes().to_vec())
            .collect(),
    )
}

#[test]
fn the_forks_proofs_verify_here() {
    let vectors = vectors();
    let cases = vectors["made_by_them"].as_array().unwrap();
    assert_eq!(cases.len(), 9);
    for case in cases {
        let token_id = case["token_id"].as_u64().unwrap();
        // Our derivation of the token's value base is MobileCoin's.
        assert_eq!(
            hex::encode(Ristretto255::point_to_bytes(&mobilecoin::value_base(
                token_id
            ))),
            case["value_base"].as_str().unwrap()
        );
        let proof = hex::decode(case["proof"].as_str().unwrap()).unwrap();
        let commitments = hexes(&case["commitments"]);
        assert!(
            our_verdict(&proof, &commitments, token_id),
            "token {token_id}"
        );
        // The openings make the commitments here too.
        let values: Vec<u64> = case["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let blindings: Vec<Vec<Vec<u8>>> = hexes(&case["blindings"])
            .into_iter()
            .map(|b| vec![b])
            .collect();
        assert_eq!(
            SUITE
                .commit(&statement(token_id), &values, &blindings)
                .unwrap(),
            commitments
        );
        // Another token's base, a changed byte: refused.
        assert!(!our_verdict(&proof, &commitments, token_id ^ 1));
        let mut changed = proof.clone();
        changed[100] ^= 1;
        assert!(!our_verdict(&changed, &commitments, token_id));
    }
}

#[test]
fn the_forks_verdicts_on_our_proofs_are_ours() {
    let vectors = vectors();
    let cases = vectors["made_by_us"].as_array().unwrap();
    assert_eq!(cases.len(), 25);
    let mut valid = 0;
    for case in cases {
        let token_id = case["token_id"].as_u64().unwrap();
        let proof = hex::decode(case["proof"].as_str().unwrap()).unwrap();
        let commitments = hexes(&case["commitments"]);
        let theirs = case["their_verdict"].as_bool().unwrap();
        assert_eq!(
            our_verdict(&proof, &commitments, token_id),
            theirs,
            "{}",
            case["what"]
        );
        valid += usize::from(theirs);
    }
    assert_eq!(valid, 7);
}

#[test]
fn fresh_proofs_go_both_ways_at_the_edges_and_any_count() {
    let max = u64::MAX;
    for (token_id, m) in [
        (0, 1),
        (0, 2),
        (0, 3),
        (5, 5),
        (u64::MAX, 7),
        (1, 8),
        (2, 33),
    ] {
        let values: Vec<u64> = (0..m)
            .map(|i| match i % 3 {
                0 => 0,
                1 => max,
                _ => OsRng.next_u64(),
            })
            .collect();
        let (proof, commitments) = theirs(&values, token_id);
        assert!(
            our_verdict(&proof, &commitments, token_id),
            "{token_id} x {m}"
        );
        let made = SUITE
            .prove(&statement(token_id), &values, &mut OsRng)
            .unwrap();
        assert_eq!(made.commitments.len(), m);
        assert!(
            their_verdict(&made.proof, &made.commitments, token_id),
            "{token_id} x {m}"
        );
        assert!(our_verdict(&made.proof, &made.commitments, token_id));
    }
}

#[test]
fn changes_are_refused_by_both() {
    let (proof, commitments) = theirs(&[1, 2, 3], 7);
    let ours = SUITE.prove(&statement(7), &[1, 2, 3], &mut OsRng).unwrap();
    for (proof, commitments) in [(proof, commitments), (ours.proof, ours.commitments)] {
        for at in [0, 31, 32 * 4, proof.len() - 1] {
            let mut flipped = proof.clone();
            flipped[at] ^= 1;
            assert!(!our_verdict(&flipped, &commitments, 7), "byte {at}");
            assert!(!their_verdict(&flipped, &commitments, 7), "byte {at}");
        }
        let swapped = vec![
            commitments[1].clone(),
            commitments[0].clone(),
            commitments[2].clone(),
        ];
        assert!(!our_verdict(&proof, &swapped, 7));
        assert!(!their_verdict(&proof, &swapped, 7));
        // The padding is the last commitment: listing it again as a fourth value pads to the
        // same list, which both accept (MobileCoin's rule, not a weakness: the fourth value is
        // the third's); dropping a value is refused.
        let mut repeated = commitments.clone();
        repeated.push(commitments[2].clone());
        assert!(our_verdict(&proof, &repeated, 7));
        assert!(their_verdict(&proof, &repeated, 7));
        assert!(!our_verdict(&proof, &commitments[..2], 7));
        assert!(!their_verdict(&proof, &commitments[..2], 7));
        assert!(!our_verdict(&proof, &commitments, 8));
        assert!(!their_verdict(&proof, &commitments, 8));
        let random = RistrettoPoint::random(&mut OsRng)
            .compress()
            .to_bytes()
            .to_vec();
        let replaced = vec![commitments[0].clone(), commitments[1].clone(), random];
        assert!(!our_verdict(&proof, &replaced, 7));
        assert!(!their_verdict(&proof, &replaced, 7));
    }
}

#[test]
fn only_64_bits_and_at_most_64_values() {
    let short = SuiteStatement {
        bits: 32,
        ..statement(0)
    };
    assert!(matches!(
        SUITE.prove(&short, &[1], &mut OsRng),
        Err(ProofError::Statement(StatementError::InvalidBitsize { .. }))
    ));
    assert!(matches!(
        SUITE.prove(&statement(0), &[1; 65], &mut OsRng),
        Err(ProofError::Statement(
            StatementError::InvalidAggregation { .. }
        ))
    ));
    let labelled = SuiteStatement {
        transcript_label: b"another".to_vec(),
        ..statement(0)
    };
    assert!(SUITE.prove(&labelled, &[1], &mut OsRng).is_err());
}

#[test]
fn a_batch_of_tokens_names_the_invalid() {
    let mut items = Vec::new();
    for k in 0..6u64 {
        let (proof, commitments) = theirs(&[k, 3, u64::MAX], k);
        items.push((k, proof, commitments));
    }
    items[4].1[32 * 4 + 1] ^= 1; // a byte of t_x: still a canonical scalar
    let statements: Vec<SuiteStatement> = items.iter().map(|(k, _, _)| statement(*k)).collect();
    let mut batch = SuiteBatch::new();
    for ((_, proof, commitments), statement) in items.iter().zip(&statements) {
        batch
            .add(SUITE, statement, proof, commitments, &mut OsRng)
            .unwrap();
    }
    assert_eq!(batch.verify().unwrap_err().invalid, vec![4]);
}
