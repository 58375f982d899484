//! Round trips, typed errors, rejection of altered statements and proofs, mask recovery.

use crate::{DecodeError, StatementError};
use merlin::Transcript;
use rand::rngs::OsRng;
use rand::Rng;

use super::*;
use crate::deployments::tari;
use crate::group::Ristretto255;
use crate::ProofError;

type G = Ristretto255;
type Scalar = <G as Group>::Scalar;

fn blindings(m: usize, d: usize) -> Vec<Vec<Scalar>> {
    (0..m)
        .map(|_| (0..d).map(|_| G::random_scalar(&mut OsRng)).collect())
        .collect()
}

fn prove(statement: &Statement<'_>, values: &[u64]) -> (RangeProofPlus<G>, Vec<[u8; 32]>) {
    let (proof, c) = RangeProofPlus::prove(
        tari::generators(),
        &mut Transcript::new(b"unit"),
        statement,
        values,
        &blindings(values.len(), statement.extension_degree),
        None,
        &mut OsRng,
    )
    .expect("valid witness");
    (proof, c.iter().map(|c| c.bytes).collect())
}

fn verify(
    proof: &RangeProofPlus<G>,
    statement: &Statement<'_>,
    commitments: &[[u8; 32]],
) -> Result<(), ProofError> {
    proof.verify(
        tari::generators(),
        &mut Transcript::new(b"unit"),
        statement,
        commitments,
        &mut OsRng,
    )
}

fn plain(bits: usize, extension_degree: usize) -> Statement<'static> {
    Statement {
        bits,
        extension_degree,
        minimum_values: None,
    }
}

fn max(n: usize) -> u64 {
    u64::MAX >> (64 - n)
}

#[test]
fn round_trips_all_shapes_degrees_and_non_powers_of_two() {
    for n in crate::bulletproofs::VALID_BITSIZES {
        for m in [1usize, 2, 3, 5, 8] {
            for d in [1usize, 2, 6] {
                let values: Vec<u64> = (0..m)
                    .map(|j| match j % 3 {
                        0 => 0,
                        1 => max(n),
                        _ => OsRng.gen_range(0..=max(n)),
                    })
                    .collect();
                let statement = plain(n, d);
                let (proof, commitments) = prove(&statement, &values);
                assert_eq!(
                    proof.serialized_size(),
                    RangeProofPlus::<G>::size_for(n, m, d)
                );
                assert_eq!(proof.extension_degree(), d);
                let decoded = RangeProofPlus::<G>::from_bytes(&proof.to_bytes()).expect("decodes");
                assert_eq!(decoded, proof);
                verify(&decoded, &statement, &commitments)
                    .unwrap_or_else(|e| panic!("n={n} m={m} d={d}: {e}"));
            }
        }
    }
}

#[test]
fn is_95_bytes_smaller_than_bulletproofs() {
    for n in crate::bulletproofs::VALID_BITSIZES {
        for m in [1usize, 2, 16, 64] {
            let bp = crate::RangeProof::<G>::size_for(n, m);
            assert_eq!(
                bp - RangeProofPlus::<G>::size_for(n, m, 1),
                95,
                "one byte for the degree"
            );
        }
    }
}

#[test]
fn minimum_value_promises() {
    let mins = [1000u64, 0, 65535];
    let statement = Statement {
        bits: 16,
        extension_degree: 1,
        minimum_values: Some(&mins),
    };
    let (proof, commitments) = prove(&statement, &[1000, 7, 65535]);
    verify(&proof, &statement, &commitments).expect("values at or above their minimums");
    // Other minimums, or none, are other statements.
    for other in [[1001u64, 0, 65535], [1000, 1, 65535], [999, 0, 65535]] {
        let s = Statement {
            minimum_values: Some(&other),
            ..statement.clone()
        };
        assert!(verify(&proof, &s, &commitments).is_err(), "{other:?}");
    }
    assert!(verify(&proof, &plain(16, 1), &commitments).is_err());
    // A value below its minimum cannot be proved.
    let gens = tari::generators();
    let result = RangeProofPlus::<G>::prove(
        gens,
        &mut Transcript::new(b"unit"),
        &statement,
        &[999, 7, 65535],
        &blindings(3, 1),
        None,
        &mut OsRng,
    );
    assert_eq!(
        result.err(),
        Some(ProofError::Statement(StatementError::BelowMinimum))
    );
}

#[test]
fn prover_and_verifier_refuse_bad_statements_with_typed_errors() {
    let gens = tari::generators();
    let run = |statement: &Statement<'_>,
               values: &[u64],
               blindings: &[Vec<Scalar>],
               seed: Option<&Scalar>| {
        RangeProofPlus::<G>::prove(
            gens,
            &mut Transcript::new(b"unit"),
            statement,
            values,
            blindings,
            seed,
            &mut OsRng,
        )
        .map(|_| ())
    };
    assert_eq!(
        run(&plain(8, 1), &[256], &blindings(1, 1), None),
        Err(ProofError::Statement(StatementError::ValueOutOfRange {
            bits: 8
        }))
    );
    assert_eq!(
        run(&plain(12, 1), &[1], &blindings(1, 1), None),
        Err(ProofError::Statement(StatementError::InvalidBitsize {
            given: 12,
            supported: &[8, 16, 32, 64]
        }))
    );
    assert_eq!(
        run(&plain(8, 0), &[1], &blindings(1, 0), None),
        Err(ProofError::Statement(
            StatementError::InvalidExtensionDegree { given: 0, max: 6 }
        ))
    );
    assert_eq!(
        run(&plain(8, 7), &[1], &blindings(1, 7), None),
        Err(ProofError::Statement(
            StatementError::InvalidExtensionDegree { given: 7, max: 6 }
        ))
    );
    assert_eq!(
        run(&plain(8, 2), &[1], &blindings(1, 1), None),
        Err(ProofError::Statement(
            StatementError::InvalidExtensionDegree { given: 1, max: 2 }
        ))
    );
    assert_eq!(
        run(&plain(8, 1), &[], &[], None),
        Err(ProofError::Statement(StatementError::InvalidAggregation {
            given: 0,
            max: 64
        }))
    );
    assert_eq!(
        run(&plain(8, 1), &[1, 2], &blindings(1, 1), None),
        Err(ProofError::Statement(StatementError::MismatchedLengths {
            values: 2,
            blindings: 1
        }))
    );
    let seed = G::random_scalar(&mut OsRng);
    assert_eq!(
        run(&plain(8, 1), &[1, 2], &blindings(2, 1), Some(&seed)),
        Err(ProofError::MaskRecoveryNeedsSingleProof)
    );
    let big = [256u64];
    let s = Statement {
        bits: 8,
        extension_degree: 1,
        minimum_values: Some(&big),
    };
    assert_eq!(
        run(&s, &[1], &blindings(1, 1), None),
        Err(ProofError::Statement(StatementError::MinimumOutOfRange {
            bits: 8
        }))
    );
    let short: [u64; 1] = [0];
    let s = Statement {
        bits: 8,
        extension_degree: 1,
        minimum_values: Some(&short),
    };
    assert!(run(&s, &[1, 2], &blindings(2, 1), None).is_err());

    let (proof, commitments) = prove(&plain(8, 1), &[1]);
    assert_eq!(
        verify(&proof, &s, &[commitments[0]; 2]).err(),
        Some(ProofError::Statement(StatementError::MismatchedLengths {
            values: 2,
            blindings: 1
        }))
    );
    assert_eq!(
        verify(&proof, &plain(8, 1), &[[0xff; 32]]),
        Err(ProofError::Decode(DecodeError::InvalidPoint))
    );
}

#[test]
fn verifier_rejects_other_statements() {
    let statement = plain(32, 2);
    let (proof, commitments) = prove(&statement, &[5, 6, 7, 8]);
    verify(&proof, &statement, &commitments).expect("valid");
    for n in [8usize, 16, 64] {
        assert!(
            verify(&proof, &plain(n, 2), &commitments).is_err(),
            "n = {n}"
        );
    }
    for d in [1usize, 3] {
        assert!(
            verify(&proof, &plain(32, d), &commitments).is_err(),
            "degree {d}"
        );
    }
    assert!(verify(&proof, &statement, &commitments[..3]).is_err());
    let mut more = commitments.clone();
    more.push(commitments[0]);
    assert!(verify(&proof, &statement, &more).is_err());
    let mut swapped = commitments.clone();
    swapped.swap(0, 3);
    assert!(verify(&proof, &statement, &swapped).is_err());
    let mut t = Transcript::new(b"another label");
    assert!(proof
        .verify(
            tari::generators(),
            &mut t,
            &statement,
            &commitments,
            &mut OsRng
        )
        .is_err());
    // The same proof under the dalek deployment's generators does not compile: see the
    // `compile_fail` example on `deployments::Generators`.
}

#[test]
fn every_byte_flip_and_structural_change_is_rejected() {
    let statement = plain(8, 2);
    let (proof, commitments) = prove(&statement, &[3, 200]);
    let bytes = proof.to_bytes();
    for pos in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[pos] ^= 0x01;
        if let Ok(decoded) = RangeProofPlus::<G>::from_bytes(&bad) {
            assert!(
                verify(&decoded, &statement, &commitments).is_err(),
                "byte {pos}"
            );
        }
    }
    let len = bytes.len();
    for bad in [
        &bytes[..len - 1],
        &bytes[..len - 32],
        &bytes[..len - 64],
        &bytes[..1],
        &[][..],
    ] {
        if let Ok(decoded) = RangeProofPlus::<G>::from_bytes(bad) {
            assert!(verify(&decoded, &statement, &commitments).is_err());
        }
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        RangeProofPlus::<G>::from_bytes(&longer),
        Err(ProofError::Decode(DecodeError::InvalidLength(len + 1)))
    );
    let mut duplicated = bytes.clone();
    duplicated.extend_from_slice(&bytes[len - 64..]);
    let decoded = RangeProofPlus::<G>::from_bytes(&duplicated).expect("well-formed");
    assert!(verify(&decoded, &statement, &commitments).is_err());
    for degree in [0u8, 7, 255] {
        let mut bad = bytes.clone();
        bad[0] = degree;
        assert_eq!(
            RangeProofPlus::<G>::from_bytes(&bad),
            Err(ProofError::Statement(
                StatementError::InvalidExtensionDegree {
                    given: degree as usize,
                    max: 6
                }
            ))
        );
    }
    // Identity prover messages decode but are refused by the transcript.
    for word in [2usize, 3, 4, 7, 8] {
        let mut bad = bytes.clone();
        bad[1 + word * 32..1 + (word + 1) * 32].fill(0);
        let decoded = RangeProofPlus::<G>::from_bytes(&bad).expect("identity decodes");
        assert_eq!(
            verify(&decoded, &statement, &commitments),
            Err(ProofError::Decode(DecodeError::IdentityPoint)),
            "word {word}"
        );
    }
}

#[test]
fn non_canonical_scalars_are_rejected() {
    // ℓ + 1: above the group order, so not canonical.
    let mut l_plus_1 = [
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde,
        0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ];
    l_plus_1[0] += 1;
    let (proof, _) = prove(&plain(8, 2), &[1]);
    let bytes = proof.to_bytes();
    // d1 (two words), r1, s1.
    for word in [0usize, 1, 5, 6] {
        let mut bad = bytes.clone();
        bad[1 + word * 32..1 + (word + 1) * 32].copy_from_slice(&l_plus_1);
        assert_eq!(
            RangeProofPlus::<G>::from_bytes(&bad),
            Err(ProofError::Decode(DecodeError::NonCanonicalScalar)),
            "word {word}"
        );
    }
}

#[test]
fn mask_recovery_needs_the_right_seed() {
    let gens = tari::generators();
    let statement = plain(64, 3);
    let blinding = blindings(1, 3);
    let seed = G::random_scalar(&mut OsRng);
    let (proof, c) = RangeProofPlus::prove(
        gens,
        &mut Transcript::new(b"unit"),
        &statement,
        &[123],
        &blinding,
        Some(&seed),
        &mut OsRng,
    )
    .expect("prove");
    verify(&proof, &statement, &[c[0].bytes]).expect("seeded proofs verify");
    let recover = |seed: &Scalar| {
        proof
            .recover_mask(
                gens,
                &mut Transcript::new(b"unit"),
                &statement,
                &c[0].bytes,
                seed,
            )
            .expect("recovers")
    };
    assert_eq!(recover(&seed), blinding[0]);
    assert_ne!(recover(&G::random_scalar(&mut OsRng)), blinding[0]);
}

/// A seed is a deployment's convention: a deployment without a seed rule refuses one
/// (instead of borrowing Tari's derivation), and refuse mask recovery.
#[cfg(feature = "monero")]
#[test]
fn seeds_are_refused_where_the_flavor_has_no_rule() {
    use crate::deployments::monero;
    use crate::Ed25519;
    let gens = monero::bulletproofs_plus_generators();
    let statement = plain(64, 1);
    let blinding = vec![vec![Ed25519::random_scalar(&mut OsRng)]];
    let seed = Ed25519::random_scalar(&mut OsRng);
    let mut transcript =
        crate::deployments::monero::transcript::MoneroTranscript::bulletproofs_plus();
    assert_eq!(
        RangeProofPlus::prove(
            gens,
            &mut transcript,
            &statement,
            &[5],
            &blinding,
            Some(&seed),
            &mut OsRng,
        )
        .err(),
        Some(ProofError::NoRecoveryNonce)
    );
}

/// Why a seed nonce serves one proof only: two proofs from one seed share α, so
/// \\(A - A' = \sum_i (a_{L,i} - a'_{L,i})(G_i + H_i)\\) — a function of the two values alone,
/// against which anyone can test a guess of their difference.
#[test]
fn reusing_a_seed_nonce_leaks_the_value_difference() {
    let statement = plain(8, 1);
    let seed = G::random_scalar(&mut OsRng);
    let (v, v2) = (0b1011_0110u64, 0b0010_0111u64);
    let make = |value: u64| {
        RangeProofPlus::prove(
            tari::generators(),
            &mut Transcript::new(b"seed reuse"),
            &statement,
            &[value],
            &blindings(1, 1),
            Some(&seed),
            &mut OsRng,
        )
        .expect("proves")
        .0
    };
    let (p, p2) = (make(v), make(v2));
    let gens = tari::generators();
    let (g, h) = (gens.g_vec(8, 1), gens.h_vec(8, 1));
    let guess = |delta_bits: &dyn Fn(usize) -> i8| {
        (0..8).fold(G::identity(), |acc, i| match delta_bits(i) {
            1 => acc + g[i] + h[i],
            -1 => acc - g[i] - h[i],
            _ => acc,
        })
    };
    let bit = |x: u64, i: usize| ((x >> i) & 1) as i8;
    // The right difference of bits matches A - A'; a wrong guess does not.
    assert_eq!(
        p.a.point().unwrap() - p2.a.point().unwrap(),
        guess(&|i| bit(v, i) - bit(v2, i))
    );
    assert_ne!(
        p.a.point().unwrap() - p2.a.point().unwrap(),
        guess(&|i| bit(v, i) - bit(v2 ^ 1, i))
    );
    // With fresh seeds (or none) the difference is masked by independent α.
    let fresh = RangeProofPlus::prove(
        tari::generators(),
        &mut Transcript::new(b"seed reuse"),
        &statement,
        &[v2],
        &blindings(1, 1),
        Some(&G::random_scalar(&mut OsRng)),
        &mut OsRng,
    )
    .expect("proves")
    .0;
    assert_ne!(
        p.a.point().unwrap() - fresh.a.point().unwrap(),
        guess(&|i| bit(v, i) - bit(v2, i))
    );
}
