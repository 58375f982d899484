//! The reject rules of `docs/consensus-rules/aptos.md`: each test makes one of Aptos's refusals
//! happen and asserts that both sides refuse — Aptos as `aptos-core` at
//! `49c8388c82e53faf7fea5ceb8b49359a319d307e` checks a Confidential APT range proof
//! (`ristretto255::new_point_from_bytes` for the points a transaction brings, then the native
//! `verify_batch_range_proof_internal`: its bit-size and batch-size aborts, the reference crate's
//! `RangeProof::from_bytes` and `verify_multiple` under `BulletproofGens::new(64, 16)`), here
//! with the reference crate `bulletproofs` 5 (the checks of Aptos's 4.0.0) — and why we do.

use crate::common::{point_elements, with_element, with_rounds, NO_POINTS};
use bulletproofs::{BulletproofGens, PedersenGens, RangeProof};
use curve25519_dalek_v4::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek_v4::scalar::Scalar;
use curve25519_dalek_v4::traits::Identity;
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::deployments::aptos::TRANSCRIPT_LABEL;
use rangeproof::suite::{ParameterValue, Parameters};
use rangeproof::{DecodeError, ProofError, StatementError, StatementField, Suite, SuiteStatement};

const SUITE: Suite = Suite::APTOS_BULLETPROOFS;

/// Why Aptos refuses.
#[derive(Debug, PartialEq, Eq)]
enum Aptos {
    /// `ristretto255::new_point_from_bytes` gives `option::none()`: the bytes are no point, so
    /// no `RistrettoPoint` reaches the verifier.
    NoPoint,
    /// The native aborts with `NFE_RANGE_NOT_SUPPORTED` (`0x01_0003`).
    RangeNotSupported,
    /// The native aborts with `NFE_BATCH_SIZE_NOT_SUPPORTED` (`0x01_0004`).
    BatchSizeNotSupported,
    /// The native aborts with `NFE_DESERIALIZE_RANGE_PROOF` (`0x01_0001`).
    DeserializeRangeProof,
    /// The native returns `false` (Confidential APT then aborts with
    /// `ERANGE_PROOF_VERIFICATION_FAILED`).
    False,
}

/// Pedersen bases as a document gives them: encodings, `None` for Confidential APT's (the
/// ristretto255 basepoint and `hash_to_point_base`, the reference crate's default).
type Bases = Option<(Vec<u8>, Vec<u8>)>;

/// A point as Move gets one from bytes (`new_point_from_bytes`: 32 bytes, canonical).
fn move_point(bytes: &[u8]) -> Result<RistrettoPoint, Aptos> {
    CompressedRistretto::from_slice(bytes)
        .ok()
        .and_then(|c| c.decompress())
        .ok_or(Aptos::NoPoint)
}

/// Aptos's verdict on a Confidential APT range proof, step by step as its code runs.
fn aptos(
    proof: &[u8],
    commitments: &[Vec<u8>],
    bits: u64,
    bases: &Bases,
    dst: &'static [u8],
) -> Result<(), Aptos> {
    // The transaction's points become `RistrettoPoint`s first; Move's `point_compress` then
    // hands the native their canonical encodings.
    let points = commitments
        .iter()
        .map(|c| move_point(c))
        .collect::<Result<Vec<_>, _>>()?;
    let pc_gens = match bases {
        None => PedersenGens::default(),
        Some((b, b_blinding)) => PedersenGens {
            B: move_point(b)?,
            B_blinding: move_point(b_blinding)?,
        },
    };
    // `native_verify_batch_range_proof`.
    if !matches!(bits, 8 | 16 | 32 | 64) {
        return Err(Aptos::RangeNotSupported);
    }
    if !matches!(points.len(), 1 | 2 | 4 | 8 | 16) {
        return Err(Aptos::BatchSizeNotSupported);
    }
    let compressed: Vec<CompressedRistretto> = points.iter().map(|p| p.compress()).collect();
    let proof = RangeProof::from_bytes(proof).map_err(|_| Aptos::DeserializeRangeProof)?;
    proof
        .verify_multiple(
            &BulletproofGens::new(64, 16),
            &pc_gens,
            &mut Transcript::new(dst),
            &compressed,
            bits as usize,
        )
        .map_err(|_| Aptos::False)
}

fn statement(bits: usize, bases: &Bases) -> SuiteStatement {
    let mut parameters = Parameters::new();
    if let Some((b, b_blinding)) = bases {
        for (name, bytes) in [("value_base", b), ("blinding_base", b_blinding)] {
            parameters.insert(name.into(), ParameterValue::Bytes(bytes.clone()));
        }
    }
    SuiteStatement {
        bits,
        extension_degree: 1,
        parameters,
        ..SuiteStatement::default()
    }
}

/// Our refusal, if any.
fn ours(proof: &[u8], commitments: &[Vec<u8>], bits: usize, bases: &Bases) -> Option<ProofError> {
    SUITE
        .verify(&statement(bits, bases), proof, commitments, &mut OsRng)
        .err()
}

fn random_bases() -> Bases {
    let point = || {
        RistrettoPoint::random(&mut OsRng)
            .compress()
            .to_bytes()
            .to_vec()
    };
    Some((point(), point()))
}

fn pedersen(bases: &Bases) -> PedersenGens {
    match bases {
        None => PedersenGens::default(),
        Some((b, b_blinding)) => PedersenGens {
            B: move_point(b).unwrap(),
            B_blinding: move_point(b_blinding).unwrap(),
        },
    }
}

fn values(bits: usize, m: usize) -> Vec<u64> {
    let max = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    (0..m).map(|_| OsRng.next_u64() & max).collect()
}

/// A proof as Aptos's provers make it (the reference crate, under `dst`), with the blindings.
fn theirs_with(
    values: &[u64],
    blindings: &[Scalar],
    bits: usize,
    bases: &Bases,
    dst: &'static [u8],
) -> (Vec<u8>, Vec<Vec<u8>>) {
    let (proof, commitments) = RangeProof::prove_multiple(
        &BulletproofGens::new(64, 16),
        &pedersen(bases),
        &mut Transcript::new(dst),
        values,
        blindings,
        bits,
    )
    .expect("the reference crate proves");
    (
        proof.to_bytes(),
        commitments.iter().map(|c| c.to_bytes().to_vec()).collect(),
    )
}

fn theirs(values: &[u64], bits: usize, bases: &Bases) -> (Vec<u8>, Vec<Vec<u8>>) {
    let blindings: Vec<Scalar> = values.iter().map(|_| Scalar::random(&mut OsRng)).collect();
    theirs_with(values, &blindings, bits, bases, TRANSCRIPT_LABEL)
}

/// Proofs of `m` values of `bits` bits made by Aptos's code and by ours, under the reference
/// bases and under random ones: bytes, commitments, bases.
fn both_sides(bits: usize, m: usize) -> Vec<(Vec<u8>, Vec<Vec<u8>>, Bases)> {
    let mut out = Vec::new();
    for bases in [None, random_bases()] {
        let (proof, commitments) = theirs(&values(bits, m), bits, &bases);
        out.push((proof, commitments, bases.clone()));
        let made = SUITE
            .prove(&statement(bits, &bases), &values(bits, m), &mut OsRng)
            .unwrap();
        out.push((made.proof, made.commitments, bases));
    }
    for (proof, commitments, bases) in &out {
        assert_eq!(
            aptos(proof, commitments, bits as u64, bases, TRANSCRIPT_LABEL),
            Ok(())
        );
        assert_eq!(ours(proof, commitments, bits, bases), None);
    }
    out
}

fn no_points() -> Vec<[u8; 32]> {
    NO_POINTS
        .iter()
        .map(|h| {
            let bytes: [u8; 32] = hex::decode(h).unwrap().try_into().unwrap();
            assert_eq!(move_point(&bytes), Err(Aptos::NoPoint), "{h}");
            bytes
        })
        .collect()
}

#[test]
fn bit_sizes_outside_the_four_are_refused_by_both() {
    for (proof, commitments, bases) in both_sides(16, 2) {
        for bits in [0, 1, 7, 12, 15, 17, 24, 63, 65, 128] {
            assert_eq!(
                aptos(&proof, &commitments, bits as u64, &bases, TRANSCRIPT_LABEL),
                Err(Aptos::RangeNotSupported)
            );
            assert!(
                matches!(
                    ours(&proof, &commitments, bits, &bases),
                    Some(ProofError::Statement(StatementError::InvalidBitsize { given, .. }))
                        if given == bits
                ),
                "{bits}"
            );
        }
    }
}

#[test]
fn batch_sizes_outside_the_five_are_refused_by_both() {
    for (proof, commitments, bases) in both_sides(8, 16) {
        let many: Vec<Vec<u8>> = commitments.iter().cycle().take(32).cloned().collect();
        for m in [0, 3, 5, 6, 7, 9, 15, 17, 32] {
            let given = &many[..m];
            assert_eq!(
                aptos(&proof, given, 8, &bases, TRANSCRIPT_LABEL),
                Err(Aptos::BatchSizeNotSupported),
                "{m}"
            );
            let expected = if m == 0 || m > 16 {
                StatementError::InvalidAggregation { given: m, max: 16 }
            } else {
                StatementError::InvalidPowerOfTwoAggregation(m)
            };
            assert_eq!(
                ours(&proof, given, 8, &bases),
                Some(ProofError::Statement(expected)),
                "{m}"
            );
        }
    }
}

#[test]
fn commitments_that_are_no_points_are_refused_by_both() {
    for (proof, commitments, bases) in both_sides(16, 2) {
        let mut bad_ones: Vec<Vec<u8>> = no_points().iter().map(|b| b.to_vec()).collect();
        bad_ones.push(commitments[1][..31].to_vec());
        bad_ones.push([commitments[1].as_slice(), &[0]].concat());
        for bad in bad_ones {
            let changed = vec![commitments[0].clone(), bad];
            assert_eq!(
                aptos(&proof, &changed, 16, &bases, TRANSCRIPT_LABEL),
                Err(Aptos::NoPoint)
            );
            assert_eq!(
                ours(&proof, &changed, 16, &bases),
                Some(ProofError::Decode(DecodeError::InvalidPoint))
            );
        }
    }
}

#[test]
fn bases_that_are_no_points_are_refused_by_both() {
    for (proof, commitments, bases) in both_sides(16, 2) {
        let (b, b_blinding) = bases.unwrap_or_else(|| {
            let d = PedersenGens::default();
            (
                d.B.compress().to_bytes().to_vec(),
                d.B_blinding.compress().to_bytes().to_vec(),
            )
        });
        for (k, name) in [(0, "value_base"), (1, "blinding_base")] {
            for bad in no_points() {
                let mut given = [b.clone(), b_blinding.clone()];
                given[k] = bad.to_vec();
                let [v, r] = given;
                let bad_bases = Some((v, r));
                assert_eq!(
                    aptos(&proof, &commitments, 16, &bad_bases, TRANSCRIPT_LABEL),
                    Err(Aptos::NoPoint)
                );
                assert_eq!(
                    ours(&proof, &commitments, 16, &bad_bases),
                    Some(ProofError::Statement(StatementError::InvalidPedersenBase(
                        name
                    )))
                );
            }
            for len in [31, 33] {
                let mut given = [b.clone(), b_blinding.clone()];
                given[k].resize(len, 0);
                let [v, r] = given;
                let bad_bases = Some((v, r));
                assert_eq!(
                    aptos(&proof, &commitments, 16, &bad_bases, TRANSCRIPT_LABEL),
                    Err(Aptos::NoPoint)
                );
                assert!(matches!(
                    ours(&proof, &commitments, 16, &bad_bases),
                    Some(ProofError::Statement(StatementError::InvalidParameter { name: n, .. }))
                        if n == name
                ));
            }
        }
    }
}

#[test]
fn proofs_of_wrong_lengths_are_refused_by_both() {
    for (proof, commitments, bases) in both_sides(32, 2) {
        assert_eq!(proof.len(), 32 * (9 + 2 * 6));
        let mut longer = proof.clone();
        longer.push(0);
        let mut odd = proof[..proof.len() - 96].to_vec(); // R_6 dropped: 11 round points
        odd.extend_from_slice(&proof[proof.len() - 64..]);
        for bad in [
            proof[..proof.len() - 1].to_vec(), // not a multiple of 32
            longer,
            Vec::new(),
            proof[..6 * 32].to_vec(), // under 7 elements
            proof[..7 * 32].to_vec(), // no a, b
            proof[..8 * 32].to_vec(), // one element after the seven
            odd,
            with_rounds(&proof, 32), // 32 rounds
        ] {
            assert_eq!(
                aptos(&bad, &commitments, 32, &bases, TRANSCRIPT_LABEL),
                Err(Aptos::DeserializeRangeProof),
                "{} bytes",
                bad.len()
            );
            assert!(
                matches!(
                    ours(&bad, &commitments, 32, &bases),
                    Some(ProofError::Decode(DecodeError::InvalidLength(_)))
                ),
                "{} bytes",
                bad.len()
            );
        }
    }
}

#[test]
fn non_canonical_scalars_are_refused_by_both() {
    for (proof, commitments, bases) in both_sides(16, 2) {
        let elements = proof.len() / 32;
        // t_x, t_x_blinding, e_blinding, then the inner product's a and b.
        for at in [4, 5, 6, elements - 2, elements - 1] {
            let mut plus_l = proof.clone();
            assert!(crate::common::add_l(&mut plus_l[32 * at..32 * at + 32]));
            for bad in [plus_l, with_element(&proof, at, &[0xff; 32])] {
                assert_eq!(
                    aptos(&bad, &commitments, 16, &bases, TRANSCRIPT_LABEL),
                    Err(Aptos::DeserializeRangeProof),
                    "element {at}"
                );
                assert_eq!(
                    ours(&bad, &commitments, 16, &bases),
                    Some(ProofError::Decode(DecodeError::NonCanonicalScalar)),
                    "element {at}"
                );
            }
        }
    }
}

#[test]
fn identity_proof_points_are_refused_by_both() {
    for (proof, commitments, bases) in both_sides(16, 2) {
        for at in point_elements(5) {
            let bad = with_element(&proof, at, &[0; 32]);
            assert_eq!(
                aptos(&bad, &commitments, 16, &bases, TRANSCRIPT_LABEL),
                Err(Aptos::False),
                "element {at}"
            );
            assert_eq!(
                ours(&bad, &commitments, 16, &bases),
                Some(ProofError::Decode(DecodeError::IdentityPoint)),
                "element {at}"
            );
        }
    }
}

#[test]
fn proof_points_that_do_not_decode_are_refused_by_both() {
    for (proof, commitments, bases) in both_sides(16, 2) {
        for at in point_elements(5) {
            for bad in no_points() {
                // The reference crate reads the points undecoded: the proof deserializes, and
                // its verification fails.
                let bad = with_element(&proof, at, &bad);
                assert_eq!(
                    aptos(&bad, &commitments, 16, &bases, TRANSCRIPT_LABEL),
                    Err(Aptos::False),
                    "element {at}"
                );
                assert_eq!(
                    ours(&bad, &commitments, 16, &bases),
                    Some(ProofError::Decode(DecodeError::InvalidPoint)),
                    "element {at}"
                );
            }
        }
    }
}

/// A proof checked against commitments or a bit size it was not made for, or with a round
/// added or removed: the reference crate counts the rounds against `n·m` (`verification_scalars`)
/// and refuses; so do we (the rounds against the layout, or no layout of 13 rounds).
#[test]
fn proofs_of_other_shapes_are_refused_by_both() {
    for (proof, commitments, bases) in both_sides(16, 4) {
        let eight: Vec<Vec<u8>> = commitments.iter().chain(&commitments).cloned().collect();
        for (given, bits) in [
            (&commitments[..2], 16),
            (&commitments[..1], 16),
            (&eight[..], 16),
            (&commitments[..], 8),
            (&commitments[..], 32),
        ] {
            assert_eq!(
                aptos(&proof, given, bits, &bases, TRANSCRIPT_LABEL),
                Err(Aptos::False)
            );
            assert_eq!(
                ours(&proof, given, bits as usize, &bases),
                Some(ProofError::VerificationFailed),
                "{} x {bits}",
                given.len()
            );
        }
        for rounds in [5, 7] {
            let bad = with_rounds(&proof, rounds);
            assert_eq!(
                aptos(&bad, &commitments, 16, &bases, TRANSCRIPT_LABEL),
                Err(Aptos::False)
            );
            assert_eq!(
                ours(&bad, &commitments, 16, &bases),
                Some(ProofError::VerificationFailed)
            );
        }
        // 13 rounds deserialize there (fewer than 32) and fail the count; here no layout has
        // more than 12.
        let bad = with_rounds(&proof, 13);
        assert_eq!(
            aptos(&bad, &commitments, 16, &bases, TRANSCRIPT_LABEL),
            Err(Aptos::False)
        );
        assert!(matches!(
            ours(&bad, &commitments, 16, &bases),
            Some(ProofError::Decode(DecodeError::InvalidLength(_)))
        ));
    }
}

/// The transcript's label is Confidential APT's domain separation tag: a proof made under
/// another (the stdlib tests' `AptosBulletproofs`, the empty one) fails the final check on both
/// sides, and a statement cannot bring a label of its own.
#[test]
fn a_proof_under_another_label_is_refused_by_both() {
    for bases in [None, random_bases()] {
        for dst in [
            &b"AptosBulletproofs"[..],
            b"",
            b"AptosConfidentialAsset/BulletproofRangeProo",
        ] {
            let values = values(16, 2);
            let blindings: Vec<Scalar> =
                values.iter().map(|_| Scalar::random(&mut OsRng)).collect();
            let (proof, commitments) = theirs_with(&values, &blindings, 16, &bases, dst);
            assert_eq!(aptos(&proof, &commitments, 16, &bases, dst), Ok(()));
            assert_eq!(
                aptos(&proof, &commitments, 16, &bases, TRANSCRIPT_LABEL),
                Err(Aptos::False)
            );
            assert_eq!(
                ours(&proof, &commitments, 16, &bases),
                Some(ProofError::VerificationFailed)
            );
            let labelled = SuiteStatement {
                transcript_label: dst.to_vec(),
                ..statement(16, &bases)
            };
            if !dst.is_empty() {
                assert_eq!(
                    SUITE
                        .verify(&labelled, &proof, &commitments, &mut OsRng)
                        .err(),
                    Some(ProofError::Statement(StatementError::UnusedStatementField(
                        StatementField::TranscriptLabel
                    )))
                );
            }
        }
    }
}

/// Not a refusal: the reference crate lets a commitment be the identity (value 0, blinding 0;
/// Move's `point_identity` compresses to all zeros), and so do we. (Our provers refuse a zero
/// blinding, so only the reference crate makes one.)
#[test]
fn an_identity_commitment_verifies_in_both() {
    for bases in [None, random_bases()] {
        let blindings = [Scalar::ZERO, Scalar::random(&mut OsRng)];
        let (proof, commitments) = theirs_with(&[0, 9], &blindings, 8, &bases, TRANSCRIPT_LABEL);
        assert_eq!(commitments[0], vec![0; 32]);
        assert_eq!(
            aptos(&proof, &commitments, 8, &bases, TRANSCRIPT_LABEL),
            Ok(())
        );
        assert_eq!(ours(&proof, &commitments, 8, &bases), None);
    }
}

/// Not a refusal either: Move's `RistrettoPoint` can be the identity, and the natives take any
/// point as a base, the identity and two equal bases included; so do we.
#[test]
fn identity_and_equal_bases_verify_in_both() {
    let identity = RistrettoPoint::identity().compress().to_bytes().to_vec();
    let other = RistrettoPoint::random(&mut OsRng)
        .compress()
        .to_bytes()
        .to_vec();
    for bases in [
        Some((identity.clone(), other.clone())),
        Some((other.clone(), identity.clone())),
        Some((other.clone(), other.clone())),
    ] {
        let (proof, commitments) = theirs(&values(16, 2), 16, &bases);
        assert_eq!(
            aptos(&proof, &commitments, 16, &bases, TRANSCRIPT_LABEL),
            Ok(())
        );
        assert_eq!(ours(&proof, &commitments, 16, &bases), None);
    }
}
