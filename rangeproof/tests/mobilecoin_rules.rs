//! The reject rules of `docs/consensus-rules/mobilecoin.md`: each test makes one of MobileCoin's
//! refusals happen and asserts that both sides refuse — MobileCoin as
//! `mobilecoinfoundation/mobilecoin` at `a2229c005d5561bc10eda769582e52fae307e190` checks a
//! range proof (`SignatureRctBulletproofs::verify`: the commitments decompressed, then
//! `RangeProof::from_bytes` and `check_range_proofs`: `resize_slice_to_pow2`, then
//! `verify_multiple_with_rng` under `BulletproofGens::new(64, 64)`, `generators(token_id)`,
//! `Transcript::new(b"mc_bulletproof_transcript")` and 64 bits), here with the reference crate
//! `bulletproofs` 5 (the checks of MobileCoin's fork, `bulletproofs-og` at `9abfdc05`) — and
//! why we do.

use crate::common::{point_elements, with_element, with_rounds, NO_POINTS};
use bulletproofs::{BulletproofGens, PedersenGens, ProofError as TheirError, RangeProof};
use curve25519_dalek_v4::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek_v4::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek_v4::scalar::Scalar;
use curve25519_dalek_v4::traits::Identity;
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::RngCore;
use rangeproof::deployments::mobilecoin::{self, TRANSCRIPT_LABEL};
use rangeproof::suite::{ParameterValue, Parameters};
use rangeproof::{
    DecodeError, Group, ProofError, Ristretto255, StatementError, StatementField, Suite,
    SuiteStatement,
};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

const SUITE: Suite = Suite::MOBILECOIN_BULLETPROOFS;

/// Why MobileCoin refuses.
#[derive(Debug, PartialEq, Eq)]
enum MobileCoin {
    /// A commitment is not 32 bytes: no `CompressedCommitment` (its prost decoding refuses the
    /// length), so no transaction carries it.
    NotACommitment,
    /// `Commitment::try_from` in `SignatureRctBulletproofs::verify`:
    /// `Error::RingSignature(InvalidCurvePoint)`.
    InvalidCurvePoint,
    /// `RangeProof::from_bytes` failed: `Error::RangeProofDeserialization`.
    RangeProofDeserialization,
    /// `resize_slice_to_pow2` panicked (`slice[slice.len() - 1]` of an empty slice).
    Panic,
    /// `check_range_proofs` returned `range_proofs::Error::ProofError(e)` (then
    /// `ring_ct::Error::RangeProof`).
    RangeProof(TheirError),
}

/// MobileCoin's `BP_GENERATORS`.
fn bp_gens() -> &'static BulletproofGens {
    static GENS: OnceLock<BulletproofGens> = OnceLock::new();
    GENS.get_or_init(|| BulletproofGens::new(64, 64))
}

/// `generators(token_id)`: the token's value base (ours, checked against MobileCoin's in
/// `mobilecoin_interop.rs`) and the basepoint for blindings.
fn generators(token_id: u64) -> PedersenGens {
    under(&base_bytes(token_id))
}

fn base_bytes(token_id: u64) -> Vec<u8> {
    Ristretto255::point_to_bytes(&mobilecoin::value_base(token_id)).to_vec()
}

/// Pedersen bases with the value base `b` (a point).
fn under(b: &[u8]) -> PedersenGens {
    PedersenGens {
        B: CompressedRistretto::from_slice(b)
            .unwrap()
            .decompress()
            .expect("a point"),
        B_blinding: RISTRETTO_BASEPOINT_POINT,
    }
}

/// MobileCoin's `resize_slice_to_pow2`, as it is compiled in its release profile
/// (`overflow-checks = false`: `0 - 1` wraps, and the index is out of bounds).
fn resize_slice_to_pow2<T: Clone>(slice: &[T]) -> Vec<T> {
    let len = slice.len();
    let next_power_of_two = len
        .checked_next_power_of_two()
        .expect("`Error::ResizeError` needs more than 2^63 items");
    let diff = next_power_of_two - len;
    let mut pow2_slice: Vec<T> = Vec::with_capacity(next_power_of_two);
    pow2_slice.extend_from_slice(slice);
    pow2_slice.resize(
        slice.len() + diff,
        slice[slice.len().wrapping_sub(1)].clone(),
    );
    pow2_slice
}

/// MobileCoin's `check_range_proofs`.
fn check_range_proofs(
    proof: &RangeProof,
    commitments: &[CompressedRistretto],
    gens: &PedersenGens,
) -> Result<(), MobileCoin> {
    let resized = catch_unwind(AssertUnwindSafe(|| resize_slice_to_pow2(commitments)))
        .map_err(|_| MobileCoin::Panic)?;
    proof
        .verify_multiple(
            bp_gens(),
            gens,
            &mut Transcript::new(TRANSCRIPT_LABEL),
            &resized,
            64,
        )
        .map_err(MobileCoin::RangeProof)
}

/// MobileCoin's verdict on a range proof and its commitments under `gens`, step by step as
/// `SignatureRctBulletproofs::verify` runs: the commitments decompress, the proof deserializes,
/// `check_range_proofs`.
fn mobilecoin_under(
    proof: &[u8],
    commitments: &[Vec<u8>],
    gens: &PedersenGens,
) -> Result<(), MobileCoin> {
    let compressed = commitments
        .iter()
        .map(|c| {
            let c = CompressedRistretto::from_slice(c).map_err(|_| MobileCoin::NotACommitment)?;
            c.decompress().ok_or(MobileCoin::InvalidCurvePoint)?;
            Ok(c)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let proof = RangeProof::from_bytes(proof).map_err(|_| MobileCoin::RangeProofDeserialization)?;
    check_range_proofs(&proof, &compressed, gens)
}

fn mobilecoin(proof: &[u8], commitments: &[Vec<u8>], token_id: u64) -> Result<(), MobileCoin> {
    mobilecoin_under(proof, commitments, &generators(token_id))
}

/// A statement with `value_base` as given (`None`: MOB's, the default).
fn statement_with(value_base: Option<Vec<u8>>) -> SuiteStatement {
    let mut parameters = Parameters::new();
    if let Some(b) = value_base {
        parameters.insert("value_base".into(), ParameterValue::Bytes(b));
    }
    SuiteStatement {
        bits: 64,
        extension_degree: 1,
        parameters,
        ..SuiteStatement::default()
    }
}

/// The statement of token `token_id`: its value base given, except MOB's.
fn statement(token_id: u64) -> SuiteStatement {
    statement_with((token_id != 0).then(|| base_bytes(token_id)))
}

/// Our refusal, if any.
fn ours_under(
    statement: &SuiteStatement,
    proof: &[u8],
    commitments: &[Vec<u8>],
) -> Option<ProofError> {
    SUITE
        .verify(statement, proof, commitments, &mut OsRng)
        .err()
}

fn ours(proof: &[u8], commitments: &[Vec<u8>], token_id: u64) -> Option<ProofError> {
    ours_under(&statement(token_id), proof, commitments)
}

/// A proof as MobileCoin's `generate_range_proofs` makes it (the values and blindings padded
/// by repeating the last), under `gens` and `label`, with the real values' commitments.
fn theirs_with(
    values: &[u64],
    blindings: &[Scalar],
    gens: &PedersenGens,
    label: &'static [u8],
) -> (Vec<u8>, Vec<Vec<u8>>) {
    let (proof, commitments) = RangeProof::prove_multiple(
        bp_gens(),
        gens,
        &mut Transcript::new(label),
        &resize_slice_to_pow2(values),
        &resize_slice_to_pow2(blindings),
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

fn random_blindings(m: usize) -> Vec<Scalar> {
    (0..m).map(|_| Scalar::random(&mut OsRng)).collect()
}

fn theirs(values: &[u64], token_id: u64) -> (Vec<u8>, Vec<Vec<u8>>) {
    theirs_with(
        values,
        &random_blindings(values.len()),
        &generators(token_id),
        TRANSCRIPT_LABEL,
    )
}

fn values(m: usize) -> Vec<u64> {
    (0..m)
        .map(|i| match i % 3 {
            0 => u64::MAX,
            1 => 0,
            _ => OsRng.next_u64(),
        })
        .collect()
}

/// Proofs of `m` values made by MobileCoin's code and by ours, for MOB (token 0, the default
/// base) and for token 7 (its base given): bytes, commitments, token.
fn both_sides(m: usize) -> Vec<(Vec<u8>, Vec<Vec<u8>>, u64)> {
    let mut out = Vec::new();
    for token_id in [0, 7] {
        let (proof, commitments) = theirs(&values(m), token_id);
        out.push((proof, commitments, token_id));
        let made = SUITE
            .prove(&statement(token_id), &values(m), &mut OsRng)
            .unwrap();
        out.push((made.proof, made.commitments, token_id));
    }
    for (proof, commitments, token_id) in &out {
        assert_eq!(mobilecoin(proof, commitments, *token_id), Ok(()));
        assert_eq!(ours(proof, commitments, *token_id), None);
    }
    out
}

fn no_points() -> Vec<[u8; 32]> {
    NO_POINTS
        .iter()
        .map(|h| {
            let bytes: [u8; 32] = hex::decode(h).unwrap().try_into().unwrap();
            assert!(CompressedRistretto(bytes).decompress().is_none(), "{h}");
            bytes
        })
        .collect()
}

fn random_point() -> Vec<u8> {
    RistrettoPoint::random(&mut OsRng)
        .compress()
        .to_bytes()
        .to_vec()
}

#[test]
fn commitments_that_are_no_points_are_refused_by_both() {
    for (proof, commitments, token_id) in both_sides(2) {
        let their_proof = RangeProof::from_bytes(&proof).unwrap();
        for bad in no_points() {
            let changed = vec![commitments[0].clone(), bad.to_vec()];
            // The transaction's commitments are decompressed before any range proof is read.
            assert_eq!(
                mobilecoin(&proof, &changed, token_id),
                Err(MobileCoin::InvalidCurvePoint)
            );
            // `check_range_proofs` alone takes them undecoded and fails at the final check.
            let compressed = [
                CompressedRistretto::from_slice(&commitments[0]).unwrap(),
                CompressedRistretto(bad),
            ];
            assert_eq!(
                check_range_proofs(&their_proof, &compressed, &generators(token_id)),
                Err(MobileCoin::RangeProof(TheirError::VerificationError))
            );
            assert_eq!(
                ours(&proof, &changed, token_id),
                Some(ProofError::Decode(DecodeError::InvalidPoint))
            );
        }
        for bad in [
            commitments[1][..31].to_vec(),
            [commitments[1].as_slice(), &[0]].concat(),
            Vec::new(),
        ] {
            let changed = vec![commitments[0].clone(), bad];
            assert_eq!(
                mobilecoin(&proof, &changed, token_id),
                Err(MobileCoin::NotACommitment)
            );
            assert_eq!(
                ours(&proof, &changed, token_id),
                Some(ProofError::Decode(DecodeError::InvalidPoint))
            );
        }
    }
}

#[test]
fn proofs_of_wrong_lengths_are_refused_by_both() {
    for (proof, commitments, token_id) in both_sides(2) {
        // 64 bits × 2 values: 7 rounds.
        assert_eq!(proof.len(), 32 * (9 + 2 * 7));
        let mut longer = proof.clone();
        longer.push(0);
        let mut odd = proof[..proof.len() - 96].to_vec(); // R_7 dropped: 13 round points
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
            with_rounds(&proof, 40),
        ] {
            assert_eq!(
                mobilecoin(&bad, &commitments, token_id),
                Err(MobileCoin::RangeProofDeserialization),
                "{} bytes",
                bad.len()
            );
            assert!(
                matches!(
                    ours(&bad, &commitments, token_id),
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
    for (proof, commitments, token_id) in both_sides(2) {
        let elements = proof.len() / 32;
        // t_x, t_x_blinding, e_blinding, then the inner product's a and b.
        for at in [4, 5, 6, elements - 2, elements - 1] {
            let mut plus_l = proof.clone();
            assert!(crate::common::add_l(&mut plus_l[32 * at..32 * at + 32]));
            for bad in [plus_l, with_element(&proof, at, &[0xff; 32])] {
                assert_eq!(
                    mobilecoin(&bad, &commitments, token_id),
                    Err(MobileCoin::RangeProofDeserialization),
                    "element {at}"
                );
                assert_eq!(
                    ours(&bad, &commitments, token_id),
                    Some(ProofError::Decode(DecodeError::NonCanonicalScalar)),
                    "element {at}"
                );
            }
        }
    }
}

#[test]
fn identity_proof_points_are_refused_by_both() {
    for (proof, commitments, token_id) in both_sides(2) {
        for at in point_elements(7) {
            let bad = with_element(&proof, at, &[0; 32]);
            assert_eq!(
                mobilecoin(&bad, &commitments, token_id),
                Err(MobileCoin::RangeProof(TheirError::VerificationError)),
                "element {at}"
            );
            assert_eq!(
                ours(&bad, &commitments, token_id),
                Some(ProofError::Decode(DecodeError::IdentityPoint)),
                "element {at}"
            );
        }
    }
}

#[test]
fn proof_points_that_do_not_decode_are_refused_by_both() {
    for (proof, commitments, token_id) in both_sides(2) {
        for at in point_elements(7) {
            for bad in no_points() {
                // The fork reads the points undecoded: the proof deserializes, and its
                // verification fails.
                let bad = with_element(&proof, at, &bad);
                assert_eq!(
                    mobilecoin(&bad, &commitments, token_id),
                    Err(MobileCoin::RangeProof(TheirError::VerificationError)),
                    "element {at}"
                );
                assert_eq!(
                    ours(&bad, &commitments, token_id),
                    Some(ProofError::Decode(DecodeError::InvalidPoint)),
                    "element {at}"
                );
            }
        }
    }
}

/// No commitments: `resize_slice_to_pow2` indexes `slice[slice.len() - 1]` of the empty slice
/// and panics (unreachable from `SignatureRctBulletproofs::verify`, whose lists are never
/// empty); we refuse the count.
#[test]
fn no_commitments_panic_there_and_are_refused_here() {
    for (proof, _, token_id) in both_sides(1) {
        assert_eq!(mobilecoin(&proof, &[], token_id), Err(MobileCoin::Panic));
        assert_eq!(
            ours(&proof, &[], token_id),
            Some(ProofError::Statement(StatementError::InvalidAggregation {
                given: 0,
                max: 64
            }))
        );
    }
}

/// More than 64 commitments pad to 128 parties, over `BP_GENERATORS`' 64.
#[test]
fn more_than_64_commitments_are_refused_by_both() {
    for (proof, commitments, token_id) in both_sides(64) {
        let many: Vec<Vec<u8>> = commitments.iter().cycle().take(128).cloned().collect();
        for m in [65, 100, 128] {
            assert_eq!(
                mobilecoin(&proof, &many[..m], token_id),
                Err(MobileCoin::RangeProof(TheirError::InvalidGeneratorsLength)),
                "{m}"
            );
            assert_eq!(
                ours(&proof, &many[..m], token_id),
                Some(ProofError::Statement(StatementError::InvalidAggregation {
                    given: m,
                    max: 64
                })),
                "{m}"
            );
        }
    }
}

/// MobileCoin verifies 64-bit values only (`check_range_proofs` passes 64): a document of
/// another bit size is refused here, and a proof of 32-bit values (the reference crate's,
/// under MobileCoin's label and bases) fails the round count there and here.
#[test]
fn bit_sizes_other_than_64_are_refused() {
    for (proof, commitments, token_id) in both_sides(2) {
        for bits in [0, 8, 16, 32, 63, 65, 128] {
            let other = SuiteStatement {
                bits,
                ..statement(token_id)
            };
            assert!(
                matches!(
                    ours_under(&other, &proof, &commitments),
                    Some(ProofError::Statement(StatementError::InvalidBitsize { given, .. }))
                        if given == bits
                ),
                "{bits}"
            );
        }
    }
    for token_id in [0, 7] {
        let values = [1u64 << 31, 5];
        let (proof, commitments) = RangeProof::prove_multiple(
            bp_gens(),
            &generators(token_id),
            &mut Transcript::new(TRANSCRIPT_LABEL),
            &values,
            &random_blindings(2),
            32,
        )
        .unwrap();
        let proof = proof.to_bytes();
        let commitments: Vec<Vec<u8>> = commitments.iter().map(|c| c.to_bytes().to_vec()).collect();
        assert_eq!(
            mobilecoin(&proof, &commitments, token_id),
            Err(MobileCoin::RangeProof(TheirError::VerificationError))
        );
        assert_eq!(
            ours(&proof, &commitments, token_id),
            Some(ProofError::VerificationFailed)
        );
    }
}

/// A proof checked against commitments it was not made for, or with rounds added or removed:
/// the fork counts the rounds against `n·m` (`verification_scalars`), or the final check fails;
/// we refuse the rounds against the layout, or the final check.
#[test]
fn proofs_of_other_shapes_are_refused_by_both() {
    for (proof, commitments, token_id) in both_sides(4) {
        let mut five = commitments.clone();
        five.push(random_point());
        let swapped = [
            commitments[1].clone(),
            commitments[0].clone(),
            commitments[2].clone(),
            commitments[3].clone(),
        ];
        for given in [
            &commitments[..2], // m = 2: 7 rounds, not 8
            &commitments[..1], // m = 1: 6 rounds
            &five[..],         // m = 8: 9 rounds
            &commitments[..3], // padded with the third, not the fourth: the final check
            &swapped[..],      // the final check
        ] {
            assert_eq!(
                mobilecoin(&proof, given, token_id),
                Err(MobileCoin::RangeProof(TheirError::VerificationError)),
                "{}",
                given.len()
            );
            assert_eq!(
                ours(&proof, given, token_id),
                Some(ProofError::VerificationFailed),
                "{}",
                given.len()
            );
        }
        for rounds in [0, 1, 7, 9, 12] {
            let bad = with_rounds(&proof, rounds);
            assert_eq!(
                mobilecoin(&bad, &commitments, token_id),
                Err(MobileCoin::RangeProof(TheirError::VerificationError)),
                "{rounds} rounds"
            );
            assert_eq!(
                ours(&bad, &commitments, token_id),
                Some(ProofError::VerificationFailed),
                "{rounds} rounds"
            );
        }
        // 13 to 31 rounds deserialize there (fewer than 32) and fail the count; here no layout
        // has more than 12.
        for rounds in [13, 31] {
            let bad = with_rounds(&proof, rounds);
            assert_eq!(
                mobilecoin(&bad, &commitments, token_id),
                Err(MobileCoin::RangeProof(TheirError::VerificationError))
            );
            assert!(matches!(
                ours(&bad, &commitments, token_id),
                Some(ProofError::Decode(DecodeError::InvalidLength(_)))
            ));
        }
    }
}

/// The value base is the token's: a proof checked under another token's base (or the
/// reference crate's default value base) fails the final check on both sides.
#[test]
fn another_tokens_base_is_refused_by_both() {
    for (proof, commitments, token_id) in both_sides(3) {
        for other in [0, 1, 6, 8, 7 << 8, u64::MAX] {
            if other == token_id {
                continue;
            }
            assert_eq!(
                mobilecoin(&proof, &commitments, other),
                Err(MobileCoin::RangeProof(TheirError::VerificationError)),
                "{token_id} as {other}"
            );
            assert_eq!(
                ours(&proof, &commitments, other),
                Some(ProofError::VerificationFailed),
                "{token_id} as {other}"
            );
        }
        let reference = PedersenGens::default().B.compress().to_bytes().to_vec();
        assert_eq!(
            mobilecoin_under(&proof, &commitments, &under(&reference)),
            Err(MobileCoin::RangeProof(TheirError::VerificationError))
        );
        assert_eq!(
            ours_under(&statement_with(Some(reference)), &proof, &commitments),
            Some(ProofError::VerificationFailed)
        );
    }
}

/// Every token's value base is `RistrettoPoint::from_hash` of its id, a point; a document's
/// `value_base` that is no point, or not 32 bytes, is no statement here. The blinding base is
/// the basepoint, which a document cannot replace.
#[test]
fn value_bases_that_are_no_points_are_refused_here() {
    for token_id in [0, 1, 7, u64::MAX] {
        assert!(CompressedRistretto::from_slice(&base_bytes(token_id))
            .unwrap()
            .decompress()
            .is_some());
    }
    for (proof, commitments, _) in both_sides(2) {
        for bad in no_points() {
            assert_eq!(
                ours_under(&statement_with(Some(bad.to_vec())), &proof, &commitments),
                Some(ProofError::Statement(StatementError::InvalidPedersenBase(
                    "value_base"
                )))
            );
        }
        for len in [0, 31, 33] {
            let mut bad = base_bytes(7);
            bad.resize(len, 0);
            assert!(matches!(
                ours_under(&statement_with(Some(bad)), &proof, &commitments),
                Some(ProofError::Statement(StatementError::InvalidParameter {
                    name: "value_base",
                    ..
                }))
            ));
        }
        let mut blinding = statement(7);
        blinding.parameters.insert(
            "blinding_base".into(),
            ParameterValue::Bytes(random_point()),
        );
        assert_eq!(
            ours_under(&blinding, &proof, &commitments),
            Some(ProofError::Statement(StatementError::UndeclaredParameter))
        );
    }
}

/// The transcript's label is MobileCoin's `BULLETPROOF_DOMAIN_TAG`: a proof made under another
/// (MobileCoin's `range_proof` of before April 2020, the empty one, a truncated one) fails the
/// final check on both sides, and a statement cannot bring a label of its own.
#[test]
fn a_proof_under_another_label_is_refused_by_both() {
    for token_id in [0, 7] {
        for label in [&b"range_proof"[..], b"", b"mc_bulletproof_transcrip"] {
            let values = values(3);
            let (proof, commitments) =
                theirs_with(&values, &random_blindings(3), &generators(token_id), label);
            assert_eq!(
                mobilecoin(&proof, &commitments, token_id),
                Err(MobileCoin::RangeProof(TheirError::VerificationError))
            );
            assert_eq!(
                ours(&proof, &commitments, token_id),
                Some(ProofError::VerificationFailed)
            );
            if !label.is_empty() {
                let labelled = SuiteStatement {
                    transcript_label: label.to_vec(),
                    ..statement(token_id)
                };
                assert_eq!(
                    ours_under(&labelled, &proof, &commitments),
                    Some(ProofError::Statement(StatementError::UnusedStatementField(
                        StatementField::TranscriptLabel
                    )))
                );
            }
        }
    }
}

/// Not a refusal: the fork appends the commitments with `append_point` (the identity allowed:
/// value 0, blinding 0), `Commitment::try_from` decompresses it, and so do we — first, last
/// (then the padding repeats it) or alone. (Our provers refuse a zero blinding, so only the
/// reference crate makes one.)
#[test]
fn an_identity_commitment_verifies_in_both() {
    for token_id in [0, 7] {
        for (values, zero_at) in [(vec![0, 9, 4], 0), (vec![9, 4, 0], 2), (vec![0], 0)] {
            let mut blindings = random_blindings(values.len());
            blindings[zero_at] = Scalar::ZERO;
            let (proof, commitments) =
                theirs_with(&values, &blindings, &generators(token_id), TRANSCRIPT_LABEL);
            assert_eq!(commitments[zero_at], vec![0; 32]);
            assert_eq!(mobilecoin(&proof, &commitments, token_id), Ok(()));
            assert_eq!(ours(&proof, &commitments, token_id), None);
        }
    }
}

/// Not a refusal either, and the limit of what a `valid` verdict claims: `check_range_proofs`
/// takes whatever `PedersenGens` it is given, and so do we take any point as `value_base` —
/// the identity too, under which any opening is "in range". MobileCoin's validator only passes
/// `generators(token_id)`, never the identity: that a document's base is its token's is the
/// caller's to check (`mobilecoin::value_base`).
#[test]
fn any_point_as_value_base_verifies_in_both() {
    let identity = RistrettoPoint::identity().compress().to_bytes().to_vec();
    for base in [identity, random_point()] {
        let gens = under(&base);
        let (proof, commitments) = theirs_with(
            &[3, u64::MAX],
            &random_blindings(2),
            &gens,
            TRANSCRIPT_LABEL,
        );
        assert_eq!(mobilecoin_under(&proof, &commitments, &gens), Ok(()));
        assert_eq!(
            ours_under(&statement_with(Some(base)), &proof, &commitments),
            None
        );
    }
}
