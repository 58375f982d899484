//! Sui's range proofs both ways with Mysten Labs' own code (`fastcrypto` 0.1.11,
//! `bulletproofs::RangeProof` and `pedersen::PedersenCommitment`): its proofs verify here and
//! ours there, at the edges of every bit size and for 1, 2 and 4 values; changed proofs,
//! commitments and domain separation tags are refused by both; a count that is not a power of
//! two is refused by both; and the reference deployment under the same label does not take
//! Sui's proofs (the profile is needed).

use crate::common::{point_elements, with_element, with_rounds, NO_POINTS};
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

// The reject rules of `docs/consensus-rules/sui.md`: each test makes one of fastcrypto's refusals
// happen (its `RangeProof::from_bytes`, `verify_batch`, `RistrettoPoint::from_byte_array`) and
// asserts that both sides refuse, and why we do.

/// Our refusal, if any.
fn our_error(proof: &[u8], commitments: &[Vec<u8>], bits: usize, dst: &[u8]) -> Option<ProofError> {
    Suite::SUI_BULLETPROOFS
        .verify(&statement(bits, dst), proof, commitments, &mut OsRng)
        .err()
}

fn no_points() -> Vec<[u8; 32]> {
    NO_POINTS
        .iter()
        .map(|h| {
            let bytes: [u8; 32] = hex::decode(h).unwrap().try_into().unwrap();
            // fastcrypto's decoder (and dalek's) refuses each.
            assert!(RistrettoPoint::from_byte_array(&bytes).is_err(), "{h}");
            bytes
        })
        .collect()
}

/// A proof of `m` values of `bits` bits, made by fastcrypto or by us: bytes and commitments.
fn both_sides(bits: usize, m: usize) -> [(Vec<u8>, Vec<Vec<u8>>); 2] {
    let ours = Suite::SUI_BULLETPROOFS
        .prove(&statement(bits, DST), &values(bits, m), &mut OsRng)
        .unwrap();
    [
        theirs(&values(bits, m), bits, DST),
        (ours.proof, ours.commitments),
    ]
}

#[test]
fn commitments_that_are_no_points_are_refused_by_both() {
    for (proof, commitments) in both_sides(32, 2) {
        for bad in no_points() {
            let changed = vec![commitments[0].clone(), bad.to_vec()];
            assert!(!their_verdict(&proof, &changed, 32, DST));
            assert_eq!(
                our_error(&proof, &changed, 32, DST),
                Some(ProofError::Decode(rangeproof::DecodeError::InvalidPoint))
            );
        }
        // Not 32 bytes: no `[u8; 32]` for fastcrypto's decoder.
        for len in [31, 33] {
            let mut changed = commitments.clone();
            changed[1].resize(len, 0);
            assert!(!their_verdict(&proof, &changed, 32, DST));
            assert_eq!(
                our_error(&proof, &changed, 32, DST),
                Some(ProofError::Decode(rangeproof::DecodeError::InvalidPoint))
            );
        }
    }
}

#[test]
fn proofs_of_wrong_lengths_are_refused_by_both() {
    for (proof, commitments) in both_sides(32, 2) {
        assert_eq!(proof.len(), 32 * (9 + 2 * 6));
        let mut longer = proof.clone();
        longer.push(0);
        let mut odd = proof[..proof.len() - 96].to_vec(); // R_6 dropped: 11 round points
        odd.extend_from_slice(&proof[proof.len() - 64..]);
        for bad in [
            proof[..proof.len() - 1].to_vec(), // not a multiple of 32
            longer,
            proof[..6 * 32].to_vec(), // under 7 elements
            proof[..7 * 32].to_vec(), // no a, b
            proof[..8 * 32].to_vec(), // one element after the seven
            odd,
            with_rounds(&proof, 32), // 32 rounds: the reference's from_bytes refuses
        ] {
            assert!(RangeProof::from_bytes(&bad).is_err(), "{} bytes", bad.len());
            assert!(!their_verdict(&bad, &commitments, 32, DST));
            assert!(
                matches!(
                    our_error(&bad, &commitments, 32, DST),
                    Some(ProofError::Decode(rangeproof::DecodeError::InvalidLength(
                        _
                    )))
                ),
                "{} bytes",
                bad.len()
            );
        }
    }
}

#[test]
fn non_canonical_scalars_are_refused_by_both() {
    for (proof, commitments) in both_sides(16, 2) {
        let elements = proof.len() / 32;
        // t_x, t_x_blinding, e_blinding, then the inner product's a and b.
        for at in [4, 5, 6, elements - 2, elements - 1] {
            let mut plus_l = proof.clone();
            assert!(crate::common::add_l(&mut plus_l[32 * at..32 * at + 32]));
            for bad in [plus_l, with_element(&proof, at, &[0xff; 32])] {
                assert!(RangeProof::from_bytes(&bad).is_err(), "element {at}");
                assert!(!their_verdict(&bad, &commitments, 16, DST), "element {at}");
                assert_eq!(
                    our_error(&bad, &commitments, 16, DST),
                    Some(ProofError::Decode(
                        rangeproof::DecodeError::NonCanonicalScalar
                    )),
                    "element {at}"
                );
            }
        }
    }
}

#[test]
fn identity_proof_points_are_refused_by_both() {
    for (proof, commitments) in both_sides(16, 2) {
        for at in point_elements(5) {
            let bad = with_element(&proof, at, &[0; 32]);
            assert!(RangeProof::from_bytes(&bad).is_ok());
            assert!(!their_verdict(&bad, &commitments, 16, DST), "element {at}");
            assert_eq!(
                our_error(&bad, &commitments, 16, DST),
                Some(ProofError::Decode(rangeproof::DecodeError::IdentityPoint)),
                "element {at}"
            );
        }
    }
}

#[test]
fn proof_points_that_do_not_decode_are_refused_by_both() {
    for (proof, commitments) in both_sides(16, 2) {
        for at in point_elements(5) {
            for bad in no_points() {
                let bad = with_element(&proof, at, &bad);
                // The reference crate reads points undecoded: the proof parses, and its
                // verification fails.
                assert!(RangeProof::from_bytes(&bad).is_ok());
                assert!(!their_verdict(&bad, &commitments, 16, DST), "element {at}");
                assert_eq!(
                    our_error(&bad, &commitments, 16, DST),
                    Some(ProofError::Decode(rangeproof::DecodeError::InvalidPoint)),
                    "element {at}"
                );
            }
        }
    }
}

/// fastcrypto's generators are exactly the proof's (`BulletproofGens::new(bits, m)`), so a count
/// or bit size that does not match the proof's rounds is refused when the inner-product rounds
/// are counted (`n·m ≠ 2^rounds`): no commitments, three, the wrong power of two, another bit
/// size, a round added or removed.
#[test]
fn counts_and_rounds_that_do_not_match_are_refused_by_both() {
    for (proof, commitments) in both_sides(16, 4) {
        assert!(their_verdict(&proof, &commitments, 16, DST));
        let none: Vec<Vec<u8>> = Vec::new();
        assert!(!their_verdict(&proof, &none, 16, DST));
        assert_eq!(
            our_error(&proof, &none, 16, DST),
            Some(ProofError::Statement(StatementError::InvalidAggregation {
                given: 0,
                max: 64
            }))
        );
        assert!(!their_verdict(&proof, &commitments[..3], 16, DST));
        assert_eq!(
            our_error(&proof, &commitments[..3], 16, DST),
            Some(ProofError::Statement(
                StatementError::InvalidPowerOfTwoAggregation(3)
            ))
        );
        let eight: Vec<Vec<u8>> = commitments.iter().chain(&commitments).cloned().collect();
        for (commitments, bits) in [
            (&commitments[..2], 16),
            (&commitments[..1], 16),
            (&eight[..], 16),
            (&commitments[..], 8),
            (&commitments[..], 32),
        ] {
            assert!(!their_verdict(&proof, commitments, bits, DST));
            assert_eq!(
                our_error(&proof, commitments, bits, DST),
                Some(ProofError::VerificationFailed),
                "{} x {bits}",
                commitments.len()
            );
        }
        for rounds in [5, 7] {
            let bad = with_rounds(&proof, rounds);
            assert!(!their_verdict(&bad, &commitments, 16, DST));
            assert_eq!(
                our_error(&bad, &commitments, 16, DST),
                Some(ProofError::VerificationFailed)
            );
        }
        // 13 rounds parse there (fewer than 32) and fail the count; here no layout has more
        // than 12.
        let bad = with_rounds(&proof, 13);
        assert!(RangeProof::from_bytes(&bad).is_ok());
        assert!(!their_verdict(&bad, &commitments, 16, DST));
        assert!(matches!(
            our_error(&bad, &commitments, 16, DST),
            Some(ProofError::Decode(rangeproof::DecodeError::InvalidLength(
                _
            )))
        ));
    }
}

/// The reference crate lets a commitment be the identity (value 0, blinding 0), and so does
/// fastcrypto: such a proof verifies in both. (Our provers refuse a zero blinding, so only
/// fastcrypto makes one.)
#[test]
fn an_identity_commitment_verifies_in_both() {
    let blindings = [
        Blinding(RistrettoScalar::from(0u64)),
        Blinding::rand(&mut thread_rng()),
    ];
    let proof =
        RangeProof::prove_batch(&[0, 200], &blindings, &Range::Bits8, DST, &mut thread_rng())
            .unwrap()
            .to_bytes();
    let commitments: Vec<Vec<u8>> = [0u64, 200]
        .iter()
        .zip(&blindings)
        .map(|(&v, b)| {
            PedersenCommitment::new(&RistrettoScalar::from(v), b)
                .0
                .to_byte_array()
                .to_vec()
        })
        .collect();
    assert_eq!(commitments[0], vec![0; 32]);
    assert!(their_verdict(&proof, &commitments, 8, DST));
    assert!(our_verdict(&proof, &commitments, 8, DST));
}

/// Where we differ: fastcrypto takes any power-of-two count (its generators are made for the
/// proof), up to fewer than 32 rounds; we cap Sui's at 64 values (`MAX_AGGREGATION`, 12 rounds).
/// 128 values of 8 bits verify there and are refused here. Documented, not fixed (see the
/// table's notes).
#[test]
fn more_than_64_values_verify_there_but_are_refused_here() {
    let values: Vec<u64> = (0..128).collect();
    let (proof, commitments) = theirs(&values, 8, DST);
    assert!(their_verdict(&proof, &commitments, 8, DST));
    assert_eq!(
        our_error(&proof, &commitments, 8, DST),
        Some(ProofError::Statement(StatementError::InvalidAggregation {
            given: 128,
            max: 64
        }))
    );
}
