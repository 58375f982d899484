//! Sui's range proofs both ways with Mysten Labs' own code (`fastcrypto` 0.1.11,
//! `bulletproofs::RangeProof` and `pedersen::PedersenCommitment`): its proofs verify here and
//! ours there, at the edges of every bit size and for 1, 2 and 4 values; changed proofs,
//! commitments and domain separation tags are refused by both; a count that is not a power of
//! two is refused by both; and the reference deployment under the same label does not take
//! Sui's proofs (the profile is needed).

use fastcrypto::bulletproofs::{Range, RangeProof};
use fastcrypto::groups::ristretto255::{RistrettoPoint, RistrettoScalar};
use fastcrypto::pedersen::{Blinding, PedersenCommitment};
use fastcrypto::serde_helpers::ToFromByteArray;
use rand::rngs::OsRng;
use rand::{thread_rng, RngCore};
use rangeproof::{ProofError, StatementError, Suite, SuiteStatement};

const DST: &[u8] = b"sui interop test";

fn range(bits: usize) -> Range {
    match bits {
        8 => Range::Bits8,
        16 => Range::Bits16,
        32 => Range::Bits32,
        _ => Range::Bits64,
    }
}

fn statement(bits: usize, dst: &[u8]) -> SuiteStatement {
    SuiteStatement {
        bits,
        extension_degree: 1,
        transcript_label: dst.to_vec(),
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
    pool.truncate(m.max(1));
    pool.resize(m, max);
    pool
}

/// A proof made by fastcrypto: its bytes, and the commitments' encodings.
fn theirs(values: &[u64], bits: usize, dst: &[u8]) -> (Vec<u8>, Vec<Vec<u8>>) {
    let blindings: Vec<Blinding> = values
        .iter()
        .map(|_| Blinding::rand(&mut thread_rng()))
        .collect();
    let proof = RangeProof::prove_batch(values, &blindings, &range(bits), dst, &mut thread_rng())
        .expect("fastcrypto proves");
    let commitments = values
        .iter()
        .zip(&blindings)
        .map(|(&v, b)| {
            let c = PedersenCommitment::new(&RistrettoScalar::from(v), b);
            c.0.to_byte_array().to_vec()
        })
        .collect();
    (proof.to_bytes(), commitments)
}

/// fastcrypto's verdict on a proof and commitments given as bytes.
fn their_verdict(proof: &[u8], commitments: &[Vec<u8>], bits: usize, dst: &[u8]) -> bool {
    let Ok(proof) = RangeProof::from_bytes(proof) else {
        return false;
    };
    let commitments: Option<Vec<PedersenCommitment>> = commitments
        .iter()
        .map(|c| {
            let bytes: [u8; 32] = c.as_slice().try_into().ok()?;
            RistrettoPoint::from_byte_array(&bytes)
                .ok()
                .map(PedersenCommitment)
        })
        .collect();
    commitments.is_some_and(|c| {
        proof
            .verify_batch(&c, &range(bits), dst, &mut thread_rng())
            .is_ok()
    })
}

fn our_verdict(proof: &[u8], commitments: &[Vec<u8>], bits: usize, dst: &[u8]) -> bool {
    Suite::SUI_BULLETPROOFS
        .verify(&statement(bits, dst), proof, commitments, &mut OsRng)
        .is_ok()
}

#[test]
fn their_proofs_verify_here() {
    for bits in [8, 16, 32, 64] {
        for m in [1, 2, 4] {
            let values = values(bits, m);
            let (proof, commitments) = theirs(&values, bits, DST);
            assert!(our_verdict(&proof, &commitments, bits, DST), "{bits} x {m}");
        }
    }
}

#[test]
fn our_proofs_verify_there() {
    for bits in [8, 16, 32, 64] {
        for m in [1, 2, 4] {
            let values = values(bits, m);
            let made = Suite::SUI_BULLETPROOFS
                .prove(&statement(bits, DST), &values, &mut OsRng)
                .unwrap();
            assert!(
                their_verdict(&made.proof, &made.commitments, bits, DST),
                "{bits} x {m}"
            );
        }
    }
}

#[test]
fn changed_proofs_commitments_and_tags_are_refused_by_both() {
    let (proof, commitments) = theirs(&values(32, 2), 32, DST);
    let ours = Suite::SUI_BULLETPROOFS
        .prove(&statement(32, DST), &values(32, 2), &mut OsRng)
        .unwrap();
    for (proof, commitments) in [(proof, commitments), (ours.proof, ours.commitments)] {
        assert!(our_verdict(&proof, &commitments, 32, DST));
        assert!(their_verdict(&proof, &commitments, 32, DST));
        for at in [0, 31, 32 * 4, proof.len() - 1] {
            let mut flipped = proof.clone();
            flipped[at] ^= 1;
            assert!(!our_verdict(&flipped, &commitments, 32, DST), "byte {at}");
            assert!(!their_verdict(&flipped, &commitments, 32, DST), "byte {at}");
        }
        let swapped = vec![commitments[1].clone(), commitments[0].clone()];
        assert!(!our_verdict(&proof, &swapped, 32, DST));
        assert!(!their_verdict(&proof, &swapped, 32, DST));
        assert!(!our_verdict(&proof, &commitments, 32, b"another tag"));
        assert!(!their_verdict(&proof, &commitments, 32, b"another tag"));
        assert!(!our_verdict(&proof, &commitments, 16, DST));
        assert!(!their_verdict(&proof, &commitments, 16, DST));
    }
}

#[test]
fn counts_that_are_not_powers_of_two_are_refused_by_both() {
    let values = [1, 2, 3];
    let blindings: Vec<Blinding> = values
        .iter()
        .map(|_| Blinding::rand(&mut thread_rng()))
        .collect();
    assert!(
        RangeProof::prove_batch(&values, &blindings, &Range::Bits8, DST, &mut thread_rng())
            .is_err()
    );
    assert_eq!(
        Suite::SUI_BULLETPROOFS
            .prove(&statement(8, DST), &values, &mut OsRng)
            .err(),
        Some(ProofError::Statement(
            StatementError::InvalidPowerOfTwoAggregation(3)
        ))
    );
}

/// Sui's proofs are not the reference format under the same label: another transcript start
/// and other Pedersen bases. The reference deployment refuses them, and Sui's refuses the
/// reference's.
#[test]
fn the_reference_deployment_does_not_take_suis_proofs() {
    let (proof, commitments) = theirs(&[7], 8, DST);
    assert!(Suite::DALEK_BULLETPROOFS
        .verify(&statement(8, DST), &proof, &commitments, &mut OsRng)
        .is_err());
    let reference = Suite::DALEK_BULLETPROOFS
        .prove(&statement(8, DST), &[7], &mut OsRng)
        .unwrap();
    assert!(!our_verdict(
        &reference.proof,
        &reference.commitments,
        8,
        DST
    ));
    assert!(!their_verdict(
        &reference.proof,
        &reference.commitments,
        8,
        DST
    ));
}
