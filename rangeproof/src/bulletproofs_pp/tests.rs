//! Bulletproofs++ range proofs on both conventions: round trips over every bit size, base and
//! a spread of value counts with the edge values; sizes; the prover's refusals; every bit flip
//! and every wrong statement rejected; non-canonical encodings; batches mixed with
//! Bulletproofs; and, over random values, the optimized verifier and the slow reference
//! verifier ([`super::reference`]) agreeing on valid and tampered proofs.

use crate::{DecodeError, StatementError};
use alloc::vec::Vec;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::ristretto::Merlin;
use super::*;
use crate::group::Group;
#[cfg(feature = "secp256k1-zkp")]
use crate::secp256k1_zkp::bppp::Secp256k1Zkp;
use crate::BatchVerifier;

type Scalar<C> = <<C as Convention>::Group as Group>::Scalar;

/// A statement's owned parts.
struct Case<C: Convention> {
    shape: Shape,
    gens: BpppGenerators<C::Group>,
    values: Vec<u64>,
    blindings: Vec<Scalar<C>>,
    commitments: Vec<crate::EncodedPoint<C::Group>>,
    minimums: Vec<u64>,
    extra: Vec<u8>,
}

impl<C: Convention> Case<C> {
    fn new(shape: Shape, values: Vec<u64>, minimums: Vec<u64>, rng: &mut StdRng) -> Self {
        let gens = C::generators(shape.g_len(), C::standard_value_base());
        let blindings: Vec<_> = values
            .iter()
            .map(|_| <C::Group>::random_scalar(rng))
            .collect();
        let points: Vec<_> = values
            .iter()
            .zip(&blindings)
            .map(|(v, b)| gens.commit(*v, b))
            .collect();
        let commitments = crate::EncodedPoint::from_points(&points);
        Case {
            shape,
            gens,
            values,
            blindings,
            commitments,
            minimums,
            extra: b"rangeproof tests".to_vec(),
        }
    }

    fn statement(&self) -> Statement<'_, C> {
        Statement {
            shape: self.shape,
            generators: &self.gens,
            commitments: &self.commitments,
            minimums: &self.minimums,
            extra: &self.extra,
        }
    }

    fn prove(&self, rng: &mut StdRng) -> Result<Vec<u8>, ProofError> {
        prover::prove(&self.statement(), &self.values, &self.blindings, rng)
    }
}

fn max(bits: usize) -> u64 {
    if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

fn both_verify<C: Convention>(case: &Case<C>, proof: &[u8]) -> bool {
    let fast = verifier::verify(&case.statement(), proof).is_ok();
    let slow = reference::verify(&case.statement(), proof);
    assert_eq!(fast, slow, "the verifiers disagree");
    fast
}

fn round_trips<C: Convention>() {
    let mut rng = StdRng::seed_from_u64(24);
    for bits in BIT_SIZES {
        for base in BASES {
            for m in [1usize, 2, 3] {
                let shape = Shape::new(bits, m, Some(base)).unwrap();
                // The edges 0 and 2^n - 1, and a random value.
                let values: Vec<u64> = (0..m)
                    .map(|j| match j % 3 {
                        0 => 0,
                        1 => max(bits),
                        _ => rng.gen::<u64>() & max(bits),
                    })
                    .collect();
                let case = Case::<C>::new(shape, values, Vec::new(), &mut rng);
                let proof = case.prove(&mut rng).unwrap();
                assert_eq!(proof.len(), shape.proof_len::<C>());
                assert!(both_verify(&case, &proof), "{bits} bits base {base} m {m}");
            }
        }
    }
    // Larger aggregations with the default base, minimums at both edges.
    for m in [5usize, 16, 64] {
        let shape = Shape::new(64, m, None).unwrap();
        let minimums: Vec<u64> = (0..m as u64).map(|j| j * 1000).collect();
        let values: Vec<u64> = minimums
            .iter()
            .enumerate()
            .map(|(j, min)| {
                if j % 2 == 0 {
                    *min
                } else {
                    min + rng.gen_range(0..1 << 40)
                }
            })
            .collect();
        let case = Case::<C>::new(shape, values, minimums, &mut rng);
        let proof = case.prove(&mut rng).unwrap();
        assert!(verifier::verify(&case.statement(), &proof).is_ok(), "m {m}");
        if m <= 16 {
            assert!(reference::verify(&case.statement(), &proof));
        }
    }
}

#[test]
fn round_trips_on_ristretto255() {
    round_trips::<Merlin>();
}

#[cfg(feature = "secp256k1-zkp")]
#[test]
fn round_trips_on_secp256k1() {
    round_trips::<Secp256k1Zkp>();
}

#[test]
fn sizes_are_the_papers_on_ristretto255_and_pr_207s_on_secp256k1() {
    let shape = Shape::new(64, 1, None).unwrap();
    assert_eq!(shape.base(), 16);
    assert_eq!(shape.g_len(), 16);
    assert_eq!(shape.proof_len::<Merlin>(), 416);
    // 4 · 33 + 4 rounds · 65 + 64, as secp256k1_bppp_rangeproof_proof_length(64, 16).
    #[cfg(feature = "secp256k1-zkp")]
    assert_eq!(shape.proof_len::<Secp256k1Zkp>(), 456);
    // Smaller than Bulletproofs+ (576) and Bulletproofs (672) at one 64-bit value, and at 64.
    let many = Shape::new(64, 64, None).unwrap();
    assert!(many.proof_len::<Merlin>() < 32 * (2 * 12 + 6));
}

#[test]
fn default_bases_give_the_shortest_vectors() {
    for bits in BIT_SIZES {
        for m in 1..=64 {
            let chosen = Shape::new(bits, m, None).unwrap().g_len();
            for base in BASES {
                assert!(chosen <= Shape::new(bits, m, Some(base)).unwrap().g_len());
            }
        }
    }
    assert_eq!(Shape::default_base(8, 1), 4);
    assert_eq!(Shape::default_base(64, 64), 256);
}

fn refusals<C: Convention>() {
    let mut rng = StdRng::seed_from_u64(7);
    let shape = Shape::new(8, 1, None).unwrap();
    let case = Case::<C>::new(shape, vec![256], Vec::new(), &mut rng);
    assert_eq!(
        case.prove(&mut rng),
        Err(ProofError::Statement(StatementError::ValueOutOfRange {
            bits: 8
        }))
    );
    let case = Case::<C>::new(shape, vec![9], vec![10], &mut rng);
    assert_eq!(
        case.prove(&mut rng),
        Err(ProofError::Statement(StatementError::BelowMinimum))
    );
    // min + 2^n - 1 is the top; one more is refused.
    let case = Case::<C>::new(shape, vec![10 + 255], vec![10], &mut rng);
    assert!(both_verify(&case, &case.prove(&mut rng).unwrap()));
    let case = Case::<C>::new(shape, vec![10 + 256], vec![10], &mut rng);
    assert!(case.prove(&mut rng).is_err());
    assert_eq!(
        Shape::new(12, 1, None),
        Err(ProofError::Statement(StatementError::InvalidBitsize {
            given: 12,
            supported: &[8, 16, 32, 64]
        }))
    );
    assert_eq!(
        Shape::new(8, 0, None),
        Err(ProofError::Statement(StatementError::InvalidAggregation {
            given: 0,
            max: 64
        }))
    );
    assert_eq!(
        Shape::new(8, 65, None),
        Err(ProofError::Statement(StatementError::InvalidAggregation {
            given: 65,
            max: 64
        }))
    );
    assert_eq!(
        Shape::new(8, 1, Some(8)),
        Err(ProofError::Statement(StatementError::InvalidBase(8)))
    );
    // Generators too short for the shape.
    let short = C::generators(2, C::standard_value_base());
    let mut case = Case::<C>::new(
        Shape::new(64, 1, None).unwrap(),
        vec![1],
        Vec::new(),
        &mut rng,
    );
    case.gens = short;
    assert!(matches!(
        case.prove(&mut rng),
        Err(ProofError::Statement(
            StatementError::GeneratorLength { .. }
        ))
    ));
}

#[test]
fn the_prover_refuses_what_it_cannot_prove() {
    refusals::<Merlin>();
    #[cfg(feature = "secp256k1-zkp")]
    refusals::<Secp256k1Zkp>();
}

fn every_bit_flip_is_rejected<C: Convention>() {
    let mut rng = StdRng::seed_from_u64(3);
    let shape = Shape::new(8, 1, None).unwrap();
    let case = Case::<C>::new(shape, vec![200], Vec::new(), &mut rng);
    let proof = case.prove(&mut rng).unwrap();
    assert!(both_verify(&case, &proof));
    for bit in 0..proof.len() * 8 {
        let mut bad = proof.clone();
        bad[bit / 8] ^= 1 << (bit % 8);
        assert!(
            verifier::verify(&case.statement(), &bad).is_err(),
            "bit {bit} of {}",
            proof.len()
        );
        // The reference verifier on a sample (it is slow).
        if bit % 61 == 0 {
            assert!(!reference::verify(&case.statement(), &bad));
        }
    }
    // Truncated, extended.
    assert!(verifier::verify(&case.statement(), &proof[..proof.len() - 1]).is_err());
    let mut longer = proof.clone();
    longer.push(0);
    assert!(verifier::verify(&case.statement(), &longer).is_err());
}

#[test]
fn every_bit_flip_is_rejected_on_ristretto255() {
    every_bit_flip_is_rejected::<Merlin>();
}

#[cfg(feature = "secp256k1-zkp")]
#[test]
fn every_bit_flip_is_rejected_on_secp256k1() {
    every_bit_flip_is_rejected::<Secp256k1Zkp>();
}

fn wrong_statements<C: Convention>() {
    let mut rng = StdRng::seed_from_u64(11);
    let shape = Shape::new(16, 2, None).unwrap();
    let case = Case::<C>::new(shape, vec![5, 6], vec![1, 2], &mut rng);
    let proof = case.prove(&mut rng).unwrap();
    assert!(both_verify(&case, &proof));
    let check = |change: &dyn Fn(&mut Case<C>)| {
        let mut other = Case::<C> {
            shape: case.shape,
            gens: C::generators(case.gens.g().len(), case.gens.value_base()),
            values: case.values.clone(),
            blindings: case.blindings.clone(),
            commitments: case.commitments.clone(),
            minimums: case.minimums.clone(),
            extra: case.extra.clone(),
        };
        change(&mut other);
        assert!(verifier::verify(&other.statement(), &proof).is_err());
        assert!(!reference::verify(&other.statement(), &proof));
    };
    // Commitments swapped, one changed.
    check(&|c| c.commitments.swap(0, 1));
    check(&|c| {
        c.commitments[1] =
            crate::EncodedPoint::from_point(c.commitments[1].point().unwrap() + c.gens.value_base())
    });
    // Minimums changed or dropped.
    check(&|c| c.minimums[0] += 1);
    check(&|c| c.minimums.clear());
    // The label.
    check(&|c| c.extra.push(0));
    // The bit size (same vector length), the base, the number of values.
    check(&|c| c.shape = Shape::new(32, 2, Some(c.shape.base())).unwrap());
    check(&|c| c.shape = Shape::new(16, 2, Some(2)).unwrap());
    check(&|c| {
        c.shape = Shape::new(16, 1, Some(c.shape.base())).unwrap();
        c.commitments.truncate(1);
        c.minimums.truncate(1);
    });
    // Another value base.
    check(&|c| c.gens = C::generators(c.gens.g().len(), c.gens.blinding_base()));
}

#[test]
fn wrong_statements_are_rejected() {
    wrong_statements::<Merlin>();
    #[cfg(feature = "secp256k1-zkp")]
    wrong_statements::<Secp256k1Zkp>();
}

#[test]
fn non_canonical_encodings_are_rejected() {
    let mut rng = StdRng::seed_from_u64(5);
    // ristretto255: a scalar at the order's bytes, a non-canonical point, the identity as M.
    let shape = Shape::new(64, 1, None).unwrap();
    let case = Case::<Merlin>::new(shape, vec![77], Vec::new(), &mut rng);
    let proof = case.prove(&mut rng).unwrap();
    // The group order l, little-endian.
    let order: [u8; 32] =
        hex::decode("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
            .unwrap()
            .try_into()
            .unwrap();
    let mut bad = proof.clone();
    let n = bad.len();
    bad[n - 32..].copy_from_slice(&order);
    assert_eq!(
        verifier::verify(&case.statement(), &bad),
        Err(ProofError::Decode(DecodeError::NonCanonicalScalar))
    );
    let mut bad = proof.clone();
    bad[..32].copy_from_slice(&[0xff; 32]);
    assert_eq!(
        verifier::verify(&case.statement(), &bad),
        Err(ProofError::Decode(DecodeError::InvalidPoint))
    );
    let mut bad = proof.clone();
    bad[..32].copy_from_slice(&[0; 32]);
    assert_eq!(
        verifier::verify(&case.statement(), &bad),
        Err(ProofError::Decode(DecodeError::IdentityPoint))
    );
}

/// secp256k1: M with a bad prefix, x = p, the order as the last scalar, a norm round's flag
/// byte above 3.
#[cfg(feature = "secp256k1-zkp")]
#[test]
fn non_canonical_encodings_are_rejected_on_secp256k1() {
    let mut rng = StdRng::seed_from_u64(6);
    let shape = Shape::new(64, 1, None).unwrap();
    let case = Case::<Secp256k1Zkp>::new(shape, vec![77], Vec::new(), &mut rng);
    let proof = case.prove(&mut rng).unwrap();
    for prefix in [0u8, 4, 8, 9] {
        let mut bad = proof.clone();
        bad[0] = prefix;
        assert!(verifier::verify(&case.statement(), &bad).is_err());
    }
    let p_bytes =
        hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f").unwrap();
    let mut bad = proof.clone();
    bad[1..33].copy_from_slice(&p_bytes);
    assert_eq!(
        verifier::verify(&case.statement(), &bad),
        Err(ProofError::Decode(DecodeError::InvalidPoint))
    );
    let n_bytes =
        hex::decode("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141").unwrap();
    let mut bad = proof.clone();
    let n = bad.len();
    bad[n - 32..].copy_from_slice(&n_bytes);
    assert_eq!(
        verifier::verify(&case.statement(), &bad),
        Err(ProofError::Decode(DecodeError::NonCanonicalScalar))
    );
    let mut bad = proof.clone();
    bad[4 * 33] = 4;
    assert_eq!(
        verifier::verify(&case.statement(), &bad),
        Err(ProofError::Decode(DecodeError::NonCanonicalEncoding))
    );
}

#[test]
fn proofs_join_a_batch_with_bulletproofs_and_the_invalid_ones_are_named() {
    use crate::deployments::dalek;
    use merlin::Transcript;
    let mut rng = StdRng::seed_from_u64(9);
    let cases: Vec<Case<Merlin>> = (0..4)
        .map(|i| {
            let shape = Shape::new(32, 1 + i % 3, None).unwrap();
            let values = (0..shape.values())
                .map(|_| rng.gen::<u32>() as u64)
                .collect();
            Case::new(shape, values, Vec::new(), &mut rng)
        })
        .collect();
    let mut proofs: Vec<Vec<u8>> = cases.iter().map(|c| c.prove(&mut rng).unwrap()).collect();
    proofs[2][100] ^= 4;
    let gens = dalek::generators();
    let blinding = crate::Ristretto255::random_scalar(&mut rng);
    let mut t = Transcript::new(b"batch");
    let (bp, bp_commitment) =
        crate::RangeProof::prove_single(gens, &mut t, 99, &blinding, 32, &mut rng).unwrap();
    let mut batch = BatchVerifier::new();
    for (case, proof) in cases.iter().zip(&proofs).take(2) {
        batch.add(
            verifier::PendingRangeProof::new(&case.statement(), proof),
            &mut rng,
        );
    }
    let mut t = Transcript::new(b"batch");
    batch.add_bulletproof(gens, &bp, &mut t, &[bp_commitment.bytes], 32, &mut rng);
    for (case, proof) in cases.iter().zip(&proofs).skip(2) {
        batch.add(
            verifier::PendingRangeProof::new(&case.statement(), proof),
            &mut rng,
        );
    }
    assert_eq!(batch.verify().unwrap_err().invalid, [3]);
}

#[cfg(feature = "secp256k1-zkp")]
#[test]
fn proofs_join_a_batch_on_secp256k1() {
    let mut rng = StdRng::seed_from_u64(10);
    let cases: Vec<Case<Secp256k1Zkp>> = (0..3)
        .map(|_| {
            let shape = Shape::new(64, 1, None).unwrap();
            Case::new(shape, vec![rng.gen()], Vec::new(), &mut rng)
        })
        .collect();
    let mut proofs: Vec<Vec<u8>> = cases.iter().map(|c| c.prove(&mut rng).unwrap()).collect();
    let mut batch = BatchVerifier::new();
    for (case, proof) in cases.iter().zip(&proofs) {
        batch.add(
            verifier::PendingRangeProof::new(&case.statement(), proof),
            &mut rng,
        );
    }
    assert!(batch.verify().is_ok());
    proofs[0][200] ^= 1;
    let mut batch = BatchVerifier::new();
    for (case, proof) in cases.iter().zip(&proofs) {
        batch.add(
            verifier::PendingRangeProof::new(&case.statement(), proof),
            &mut rng,
        );
    }
    assert_eq!(batch.verify().unwrap_err().invalid, [0]);
}

fn agree_on_random_and_tampered<C: Convention>(bits_index: usize, m: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let bits = BIT_SIZES[bits_index];
    let base = BASES[rng.gen_range(0..4)];
    let shape = Shape::new(bits, m, Some(base)).unwrap();
    let minimums: Vec<u64> = (0..m).map(|_| rng.gen::<u32>() as u64).collect();
    let values: Vec<u64> = minimums
        .iter()
        .map(|min| min.saturating_add(rng.gen::<u64>() & max(bits)))
        .collect();
    let case = Case::<C>::new(shape, values, minimums, &mut rng);
    let proof = match case.prove(&mut rng) {
        Ok(proof) => proof,
        // Saturated at u64::MAX: above min + 2^n - 1 only when the sum overflowed; any other
        // refusal is a failure.
        Err(ProofError::Statement(StatementError::ValueOutOfRange { .. })) => {
            assert!(
                case.values.contains(&u64::MAX),
                "refused without a saturated value"
            );
            return;
        }
        Err(e) => panic!("the prover refused a valid statement: {e}"),
    };
    assert!(both_verify(&case, &proof));
    let mut bad = proof.clone();
    let byte = rng.gen_range(0..bad.len());
    bad[byte] ^= 1 << rng.gen_range(0..8);
    assert!(!both_verify(&case, &bad));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn the_verifiers_agree_on_random_and_tampered_proofs(
        bits_index in 0usize..4, m in 1usize..5, seed in any::<u64>(), secp in any::<bool>()
    ) {
        #[cfg(feature = "secp256k1-zkp")]
        if secp {
            agree_on_random_and_tampered::<Secp256k1Zkp>(bits_index, m, seed);
            return Ok(());
        }
        let _ = secp;
        agree_on_random_and_tampered::<Merlin>(bits_index, m, seed);
    }
}
