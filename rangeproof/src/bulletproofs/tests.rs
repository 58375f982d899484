//! Round trips, typed errors and rejection of altered statements.

use crate::{DecodeError, StatementError};
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::Rng;
use rand_core::{CryptoRng, Error as RngError, RngCore};

use super::*;
use crate::deployments::{dalek, Deployment};
use crate::group::Ristretto255;

type G = Ristretto255;
type Scalar = <G as Group>::Scalar;

fn blindings(m: usize) -> Vec<Scalar> {
    (0..m).map(|_| G::random_scalar(&mut OsRng)).collect()
}

fn prove(values: &[u64], n: usize) -> (RangeProof<G>, Vec<[u8; 32]>) {
    let (proof, commitments) = RangeProof::prove_multiple(
        dalek::generators(),
        &mut Transcript::new(b"unit"),
        values,
        &blindings(values.len()),
        n,
        &mut OsRng,
    )
    .expect("valid witness");
    (proof, commitments.iter().map(|c| c.bytes).collect())
}

fn verify(proof: &RangeProof<G>, commitments: &[[u8; 32]], n: usize) -> Result<(), ProofError> {
    proof.verify_multiple(
        dalek::generators(),
        &mut Transcript::new(b"unit"),
        commitments,
        n,
        &mut OsRng,
    )
}

fn max(n: usize) -> u64 {
    u64::MAX >> (64 - n)
}

#[test]
fn round_trips_every_bit_size_and_aggregation_including_non_powers_of_two() {
    for n in VALID_BITSIZES {
        for m in [1usize, 2, 3, 4, 5, 7, 8, 13] {
            let values: Vec<u64> = (0..m)
                .map(|j| match j % 3 {
                    0 => 0,
                    1 => max(n),
                    _ => OsRng.gen_range(0..=max(n)),
                })
                .collect();
            let (proof, commitments) = prove(&values, n);
            assert_eq!(proof.serialized_size(), RangeProof::<G>::size_for(n, m));
            let decoded = RangeProof::<G>::from_bytes(&proof.to_bytes()).expect("decodes");
            assert_eq!(decoded, proof);
            verify(&decoded, &commitments, n).unwrap_or_else(|e| panic!("n={n} m={m}: {e}"));
        }
    }
}

#[test]
fn largest_aggregation_round_trips() {
    let values: Vec<u64> = (0..crate::MAX_AGGREGATION as u64)
        .map(|j| j * 1_000_003)
        .collect();
    let (proof, commitments) = prove(&values, 64);
    assert_eq!(proof.serialized_size(), 32 * (9 + 2 * 12));
    verify(&proof, &commitments, 64).expect("m = 64 verifies");
}

#[test]
fn padded_proof_does_not_verify_as_the_padded_size() {
    // m = 3 is padded to 4 with an identity commitment; the transcript binds m = 3, so the
    // same proof must not verify for those 4 commitments (nor for 2).
    let (proof, mut commitments) = prove(&[1, 2, 3], 32);
    verify(&proof, &commitments, 32).expect("valid");
    commitments.push([0u8; 32]);
    assert_eq!(
        verify(&proof, &commitments, 32),
        Err(ProofError::VerificationFailed)
    );
    assert!(verify(&proof, &commitments[..2], 32).is_err());
}

#[test]
fn prover_rejects_bad_inputs_with_typed_errors() {
    let gens = dalek::generators();
    let mut t = Transcript::new(b"unit");
    let prove = |values: &[u64], blindings: &[Scalar], n: usize, t: &mut Transcript| {
        RangeProof::<G>::prove_multiple(gens, t, values, blindings, n, &mut OsRng).map(|_| ())
    };
    for n in [8usize, 16, 32] {
        assert_eq!(
            prove(&[1u64 << n], &blindings(1), n, &mut t),
            Err(ProofError::Statement(StatementError::ValueOutOfRange {
                bits: n
            }))
        );
        assert_eq!(
            prove(&[0, max(n) + 1], &blindings(2), n, &mut t),
            Err(ProofError::Statement(StatementError::ValueOutOfRange {
                bits: n
            }))
        );
    }
    assert_eq!(
        prove(&[], &[], 64, &mut t),
        Err(ProofError::Statement(StatementError::InvalidAggregation {
            given: 0,
            max: 64
        }))
    );
    assert_eq!(
        prove(&[1; 65], &blindings(65), 64, &mut t),
        Err(ProofError::Statement(StatementError::InvalidAggregation {
            given: 65,
            max: 64
        }))
    );
    assert_eq!(
        prove(&[1, 2], &blindings(1), 64, &mut t),
        Err(ProofError::Statement(StatementError::MismatchedLengths {
            values: 2,
            blindings: 1
        }))
    );
    for n in [0usize, 1, 7, 12, 63, 65, 128] {
        assert_eq!(
            prove(&[0], &blindings(1), n, &mut t),
            Err(ProofError::Statement(StatementError::InvalidBitsize {
                given: n,
                supported: &[8, 16, 32, 64]
            }))
        );
    }
}

#[test]
fn verifier_rejects_other_statements() {
    let (proof, commitments) = prove(&[10, 20, 30, 40], 16);
    verify(&proof, &commitments, 16).expect("valid");
    for n in [8usize, 32, 64] {
        assert!(verify(&proof, &commitments, n).is_err(), "n = {n}");
    }
    assert!(verify(&proof, &commitments[..3], 16).is_err());
    let mut swapped = commitments.clone();
    swapped.swap(1, 2);
    assert!(verify(&proof, &swapped, 16).is_err());
    let (_, others) = prove(&[10, 20, 30, 40], 16);
    assert!(
        verify(&proof, &others, 16).is_err(),
        "same values, other blindings"
    );
    let mut t = Transcript::new(b"another label");
    assert!(proof
        .verify_multiple(dalek::generators(), &mut t, &commitments, 16, &mut OsRng)
        .is_err());
    assert_eq!(
        verify(&proof, &[[0xffu8; 32]; 4], 16),
        Err(ProofError::Decode(DecodeError::InvalidPoint))
    );
    assert_eq!(
        verify(&proof, &[], 16),
        Err(ProofError::Statement(StatementError::InvalidAggregation {
            given: 0,
            max: 64
        }))
    );
    assert_eq!(
        verify(&proof, &commitments, 12),
        Err(ProofError::Statement(StatementError::InvalidBitsize {
            given: 12,
            supported: &[8, 16, 32, 64]
        }))
    );
}

#[test]
fn identity_prover_messages_are_rejected() {
    let (proof, commitments) = prove(&[5], 8);
    let bytes = proof.to_bytes();
    // A, S, T_1, T_2 and every L, R: replacing one with the identity encoding (all zeros)
    // decodes, but the verifier refuses it as the reference does.
    let words = bytes.len() / 32;
    for word in (0..4).chain(7..words - 2) {
        let mut bad = bytes.clone();
        bad[word * 32..(word + 1) * 32].fill(0);
        let decoded = RangeProof::<G>::from_bytes(&bad).expect("identity is a valid encoding");
        assert_eq!(
            verify(&decoded, &commitments, 8),
            Err(ProofError::Decode(DecodeError::IdentityPoint)),
            "word {word}"
        );
    }
}

#[test]
fn commitment_to_zero_with_zero_blinding_is_allowed() {
    // V = identity (value 0, blinding 0) is a legal commitment, as in the reference.
    let gens = dalek::generators();
    let (proof, commitments) = RangeProof::<G>::prove_multiple(
        gens,
        &mut Transcript::new(b"unit"),
        &[0],
        &[G::zero()],
        8,
        &mut OsRng,
    )
    .expect("prove");
    assert_eq!(commitments[0].bytes, [0u8; 32]);
    verify(&proof, &[commitments[0].bytes], 8).expect("verifies");
}

/// An RNG that always returns the same bytes: a broken system RNG.
struct StuckRng;

impl RngCore for StuckRng {
    fn next_u32(&mut self) -> u32 {
        7
    }
    fn next_u64(&mut self) -> u64 {
        7
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(7);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), RngError> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl CryptoRng for StuckRng {}

#[test]
fn nonces_are_hedged_by_the_witness() {
    // With a stuck RNG, proofs for different witnesses (even of the same commitment shape and
    // transcript) still use different nonces: A and S differ. The same witness gives the same
    // proof, which leaks nothing new.
    let gens = dalek::generators();
    let blinding = [G::random_scalar(&mut OsRng)];
    let run = |v: u64, blinding: &[Scalar]| {
        RangeProof::<G>::prove_multiple(
            gens,
            &mut Transcript::new(b"unit"),
            &[v],
            blinding,
            32,
            &mut StuckRng,
        )
        .expect("prove")
        .0
    };
    let p1 = run(1, &blinding);
    let p2 = run(2, &blinding);
    let p3 = run(1, &[G::random_scalar(&mut OsRng)]);
    assert_ne!(p1.s, p2.s);
    assert_ne!(p1.s, p3.s);
    assert_eq!(p1, run(1, &blinding));
    // And a healthy RNG randomizes proofs of the same witness.
    let mut rng_proofs = (0..2).map(|_| {
        RangeProof::<G>::prove_multiple(
            gens,
            &mut Transcript::new(b"unit"),
            &[1],
            &blinding,
            32,
            &mut OsRng,
        )
        .expect("prove")
        .0
    });
    assert_ne!(rng_proofs.next(), rng_proofs.next());
}

/// The prover's rounds are per share: two parties, each running them on its own value (with
/// its party offset), and a dealer that adds their messages and concatenates their vectors
/// make a proof the ordinary verifier accepts — the multi-party protocol's arithmetic.
#[test]
fn rounds_compose_across_parties() {
    use crate::deployments::dalek::Dalek;
    use crate::deployments::{BulletproofsConvention, Publisher};
    use crate::inner_product::InnerProductProof;
    use crate::transcript::TranscriptProtocol;
    use prover::{commit_bits, Share};

    let gens = dalek::generators();
    let publisher = Publisher::<G>::new(Dalek::COFACTOR_LOG2);
    let (n, values, gammas) = (16, [3u64, 65535], blindings(2));
    let shares: Vec<Share<'_, G>> = (0..2)
        .map(|j| Share::uniform(n, j, 1, &values[j..=j], &gammas[j..=j]))
        .collect();
    let commitments: Vec<EncodedPoint<G>> = values
        .iter()
        .zip(&gammas)
        .map(|(v, g)| EncodedPoint::from_point(gens.pedersen().commit(Scalar::from(*v), *g)))
        .collect();
    let sum = |points: &[EncodedPoint<G>]| {
        EncodedPoint::from_point(
            points
                .iter()
                .fold(G::identity(), |acc, p| acc + p.point().unwrap()),
        )
    };

    let mut transcript = Transcript::new(b"parties");
    Dalek::statement(
        &mut transcript,
        &crate::deployments::BitLayout::uniform(n, 2),
        &crate::group::Commitments::Decoded(commitments.clone()),
    )
    .unwrap();
    let bits: Vec<_> = shares
        .iter()
        .map(|s| commit_bits(gens, &publisher, s, &mut OsRng))
        .collect();
    let (a, s) = (
        sum(&bits.iter().map(|b| b.a).collect::<Vec<_>>()),
        sum(&bits.iter().map(|b| b.s).collect::<Vec<_>>()),
    );
    TranscriptProtocol::<G>::append_point(&mut transcript, b"A", &a.bytes);
    TranscriptProtocol::<G>::append_point(&mut transcript, b"S", &s.bytes);
    let y = TranscriptProtocol::<G>::challenge_scalar(&mut transcript, b"y");
    let z = TranscriptProtocol::<G>::challenge_scalar(&mut transcript, b"z");
    let polys: Vec<_> = bits
        .iter()
        .zip(&shares)
        .map(|(b, s)| b.commit_polynomial(gens, &publisher, s, y, z))
        .collect();
    let t_1 = sum(&polys.iter().map(|p| p.t_1).collect::<Vec<_>>());
    let t_2 = sum(&polys.iter().map(|p| p.t_2).collect::<Vec<_>>());
    TranscriptProtocol::<G>::append_point(&mut transcript, b"T_1", &t_1.bytes);
    TranscriptProtocol::<G>::append_point(&mut transcript, b"T_2", &t_2.bytes);
    let x = TranscriptProtocol::<G>::challenge_scalar(&mut transcript, b"x");
    let answers: Vec<_> = bits
        .iter()
        .zip(&polys)
        .zip(&shares)
        .map(|((b, p), s)| b.answer(p, s, x))
        .collect();
    let t_x = answers.iter().fold(G::zero(), |acc, a| acc + a.t_x);
    let t_x_blinding = answers
        .iter()
        .fold(G::zero(), |acc, a| acc + a.t_x_blinding);
    let e_blinding = answers.iter().fold(G::zero(), |acc, a| acc + a.e_blinding);
    Dalek::scalars::<G, _>(&mut transcript, &x, &t_x, &t_x_blinding, &e_blinding);
    let w = TranscriptProtocol::<G>::challenge_scalar(&mut transcript, b"w");
    let l: Vec<Scalar> = answers.iter().flat_map(|a| a.l.iter().copied()).collect();
    let r: Vec<Scalar> = answers.iter().flat_map(|a| a.r.iter().copied()).collect();
    let ipp = InnerProductProof::prove(
        &mut transcript,
        &(gens.pedersen().b * w),
        G::invert(&y),
        &publisher,
        gens.g_vec(n, 2),
        gens.h_vec(n, 2),
        l,
        r,
    )
    .unwrap();
    let proof = RangeProof {
        a,
        s,
        t_1,
        t_2,
        t_x,
        t_x_blinding,
        e_blinding,
        ipp,
    };
    let encoded: Vec<[u8; 32]> = commitments.iter().map(|c| c.bytes).collect();
    proof
        .verify_multiple(
            gens,
            &mut Transcript::new(b"parties"),
            &encoded,
            n,
            &mut OsRng,
        )
        .expect("the parties' proof verifies");
    // And it is bound to the statement: another order of the commitments fails.
    let swapped = [encoded[1], encoded[0]];
    assert!(proof
        .verify_multiple(
            gens,
            &mut Transcript::new(b"parties"),
            &swapped,
            n,
            &mut OsRng
        )
        .is_err());
}
