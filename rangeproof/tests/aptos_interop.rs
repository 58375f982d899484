//! Aptos's range proofs both ways with the code its natives and WebAssembly bindings run: the
//! reference crate (`bulletproofs`; Aptos pins 4.0.0, the wire format of 5) under Aptos's
//! transcript label, `BulletproofGens::new(64, 16)` and the caller's Pedersen bases — as
//! `aptos_std::ristretto255_bulletproofs` and `@aptos-labs/confidential-asset-wasm-bindings`
//! configure it (the JavaScript suite checks the npm package itself:
//! `bindings/js/bench/aptos.test.mjs`). Proofs verify both ways at the edges of every bit size
//! and for 1 to 16 values, under the reference bases and under others; changed proofs,
//! commitments, bases and bit sizes are refused by both; a batch mixing bases names exactly
//! the invalid proof.

use bulletproofs::{BulletproofGens, PedersenGens, RangeProof};
use curve25519_dalek_v4::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek_v4::scalar::Scalar;
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::deployments::aptos::TRANSCRIPT_LABEL;
use rangeproof::suite::{ParameterValue, Parameters};
use rangeproof::{ProofError, StatementError, Suite, SuiteStatement};

const SUITE: Suite = Suite::APTOS_BULLETPROOFS;

/// Bases as Aptos callers pass them: `None` for the reference crate's.
type Bases = Option<(RistrettoPoint, RistrettoPoint)>;

fn random_bases() -> Bases {
    Some((
        RistrettoPoint::random(&mut OsRng),
        RistrettoPoint::random(&mut OsRng),
    ))
}

fn pedersen(bases: Bases) -> PedersenGens {
    match bases {
        None => PedersenGens::default(),
        Some((b, b_blinding)) => PedersenGens {
            B: b,
            B_blinding: b_blinding,
        },
    }
}

fn statement(bits: usize, bases: Bases) -> SuiteStatement {
    let mut parameters = Parameters::new();
    if let Some((b, b_blinding)) = bases {
        for (name, point) in [("value_base", b), ("blinding_base", b_blinding)] {
            parameters.insert(
                name.into(),
                ParameterValue::Bytes(point.compress().to_bytes().to_vec()),
            );
        }
    }
    SuiteStatement {
        bits,
        extension_degree: 1,
        parameters,
        ..SuiteStatement::default()
    }
}

/// Values at and inside the edges of `bits`, `m` of them.
fn values(bits: usize, m: usize) -> Vec<u64> {
    let max = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let mut pool = vec![0, max, OsRng.next_u64() & max, 1];
    pool.truncate(m);
    pool.resize(m, max);
    pool
}

/// A proof made as Aptos makes it.
fn theirs(values: &[u64], bits: usize, bases: Bases) -> (Vec<u8>, Vec<Vec<u8>>) {
    let blindings: Vec<Scalar> = values.iter().map(|_| Scalar::random(&mut OsRng)).collect();
    let (proof, commitments) = RangeProof::prove_multiple(
        &BulletproofGens::new(64, 16),
        &pedersen(bases),
        &mut Transcript::new(TRANSCRIPT_LABEL),
        values,
        &blindings,
        bits,
    )
    .expect("the reference crate proves");
    (
        proof.to_bytes(),
        commitments.iter().map(|c| c.to_bytes().to_vec()).collect(),
    )
}

/// Aptos's verdict (the natives' `verify_batch_range_proof`).
fn their_verdict(proof: &[u8], commitments: &[Vec<u8>], bits: usize, bases: Bases) -> bool {
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
                &BulletproofGens::new(64, 16),
                &pedersen(bases),
                &mut Transcript::new(TRANSCRIPT_LABEL),
                &c,
                bits,
            )
            .is_ok()
    })
}

fn our_verdict(proof: &[u8], commitments: &[Vec<u8>], bits: usize, bases: Bases) -> bool {
    SUITE
        .verify(&statement(bits, bases), proof, commitments, &mut OsRng)
        .is_ok()
}

#[test]
fn their_proofs_verify_here() {
    for bases in [None, random_bases()] {
        for bits in [8, 16, 32, 64] {
            for m in [1, 2, 4, 8, 16] {
                let values = values(bits, m);
                let (proof, commitments) = theirs(&values, bits, bases);
                assert!(
                    our_verdict(&proof, &commitments, bits, bases),
                    "{bits} x {m}"
                );
            }
        }
    }
}

#[test]
fn our_proofs_verify_there() {
    for bases in [None, random_bases()] {
        for bits in [8, 16, 32, 64] {
            for m in [1, 2, 4, 8, 16] {
                let values = values(bits, m);
                let made = SUITE
                    .prove(&statement(bits, bases), &values, &mut OsRng)
                    .unwrap();
                assert!(
                    their_verdict(&made.proof, &made.commitments, bits, bases),
                    "{bits} x {m}"
                );
                assert!(our_verdict(&made.proof, &made.commitments, bits, bases));
            }
        }
    }
}

#[test]
fn commitments_are_made_on_the_statements_bases() {
    let bases = random_bases();
    let (b, b_blinding) = bases.unwrap();
    let blinding = SUITE.random_blindings(1, 1, &mut OsRng);
    let committed = SUITE
        .commit(&statement(16, bases), &[40_000], &blinding)
        .unwrap();
    let r = Scalar::from_canonical_bytes(blinding[0][0].as_slice().try_into().unwrap()).unwrap();
    let expected = Scalar::from(40_000u64) * b + r * b_blinding;
    assert_eq!(committed[0], expected.compress().to_bytes().to_vec());
}

#[test]
fn changes_are_refused_by_both() {
    for bases in [None, random_bases()] {
        let (proof, commitments) = theirs(&values(16, 2), 16, bases);
        let ours = SUITE
            .prove(&statement(16, bases), &values(16, 2), &mut OsRng)
            .unwrap();
        for (proof, commitments) in [(proof, commitments), (ours.proof, ours.commitments)] {
            assert!(our_verdict(&proof, &commitments, 16, bases));
            assert!(their_verdict(&proof, &commitments, 16, bases));
            for at in [0, 31, 32 * 4, proof.len() - 1] {
                let mut flipped = proof.clone();
                flipped[at] ^= 1;
                assert!(!our_verdict(&flipped, &commitments, 16, bases), "byte {at}");
                assert!(
                    !their_verdict(&flipped, &commitments, 16, bases),
                    "byte {at}"
                );
            }
            let swapped = vec![commitments[1].clone(), commitments[0].clone()];
            assert!(!our_verdict(&proof, &swapped, 16, bases));
            assert!(!their_verdict(&proof, &swapped, 16, bases));
            let other = random_bases();
            assert!(!our_verdict(&proof, &commitments, 16, other));
            assert!(!their_verdict(&proof, &commitments, 16, other));
            // Only the blinding base changed.
            let (b, _) = bases.unwrap_or((PedersenGens::default().B, PedersenGens::default().B));
            let half = Some((b, RistrettoPoint::random(&mut OsRng)));
            assert!(!our_verdict(&proof, &commitments, 16, half));
            assert!(!their_verdict(&proof, &commitments, 16, half));
            assert!(!our_verdict(&proof, &commitments, 32, bases));
            assert!(!their_verdict(&proof, &commitments, 32, bases));
        }
    }
}

#[test]
fn the_reference_deployment_under_aptos_label_takes_the_default_bases_proofs() {
    // What the issue asks to keep: proofs Aptos makes on the reference bases verify as
    // reference documents under Aptos's label.
    let (proof, commitments) = theirs(&[7, 9], 16, None);
    let reference = SuiteStatement {
        bits: 16,
        extension_degree: 1,
        transcript_label: TRANSCRIPT_LABEL.to_vec(),
        ..SuiteStatement::default()
    };
    Suite::DALEK_BULLETPROOFS
        .verify(&reference, &proof, &commitments, &mut OsRng)
        .unwrap();
}

#[test]
fn counts_and_bases_outside_the_rules_are_refused() {
    assert_eq!(
        SUITE
            .prove(&statement(8, None), &[1, 2, 3], &mut OsRng)
            .err(),
        Some(ProofError::Statement(
            StatementError::InvalidPowerOfTwoAggregation(3)
        ))
    );
    assert!(SUITE
        .prove(&statement(8, None), &[1; 32], &mut OsRng)
        .is_err());
    // The label is Aptos's: a statement cannot bring another.
    let labelled = SuiteStatement {
        transcript_label: b"another".to_vec(),
        ..statement(8, None)
    };
    assert!(SUITE.prove(&labelled, &[1], &mut OsRng).is_err());
    // A base that is no canonical point, or of another length.
    let made = SUITE.prove(&statement(8, None), &[5], &mut OsRng).unwrap();
    for (bytes, error) in [
        (
            [0xffu8; 32].to_vec(),
            StatementError::InvalidPedersenBase("value_base"),
        ),
        (
            [1u8; 32].to_vec(),
            StatementError::InvalidPedersenBase("value_base"),
        ),
    ] {
        let mut bad = statement(8, None);
        bad.parameters
            .insert("value_base".into(), ParameterValue::Bytes(bytes));
        assert_eq!(
            SUITE
                .verify(&bad, &made.proof, &made.commitments, &mut OsRng)
                .err(),
            Some(ProofError::Statement(error))
        );
    }
    let mut short = statement(8, None);
    short
        .parameters
        .insert("blinding_base".into(), ParameterValue::Bytes(vec![0; 31]));
    assert!(matches!(
        SUITE.verify(&short, &made.proof, &made.commitments, &mut OsRng),
        Err(ProofError::Statement(
            StatementError::InvalidParameter { .. }
        ))
    ));
}

#[test]
fn a_batch_of_mixed_bases_names_the_invalid() {
    let mut items = Vec::new();
    for k in 0..6 {
        let bases = if k % 2 == 0 { None } else { random_bases() };
        let (proof, commitments) = theirs(&values(16, 2), 16, bases);
        items.push((statement(16, bases), proof, commitments));
    }
    items[3].1[32 * 4 + 1] ^= 1; // a byte of t_x: still a canonical scalar
    let mut batch = rangeproof::SuiteBatch::new();
    for (statement, proof, commitments) in &items {
        batch
            .add(SUITE, statement, proof, commitments, &mut OsRng)
            .unwrap();
    }
    assert_eq!(batch.verify().unwrap_err().invalid, vec![3]);
}
