//! Round trips, tampering, non-canonical encodings and property tests for Grin's convention.
//! (The vectors and the cross-tests with the C library are in `tests/grin_*.rs`.)

use crate::{DecodeError, StatementError};
use k256::{ProjectivePoint, Scalar};
use proptest::prelude::*;
use rand::rngs::OsRng;
use rand::{Rng, RngCore};

use super::proof::{proof_len, GrinRangeProof, HEADER_LEN};
use super::*;
use crate::group::{Group, Secp256k1};

fn nonce() -> [u8; 32] {
    let mut n = [0u8; 32];
    OsRng.fill_bytes(&mut n);
    n
}

fn witness(values: Vec<u64>) -> GrinWitness {
    GrinWitness {
        blindings: values
            .iter()
            .map(|_| Secp256k1::random_scalar(&mut OsRng))
            .collect(),
        values,
        rewind_nonce: nonce(),
        private_nonce: Some(nonce()),
        message: None,
    }
}

fn prover(bits: usize) -> GrinProver {
    GrinProver {
        bits,
        ..GrinProver::grin()
    }
}

#[test]
fn sizes_equal_the_c_librarys_published_lengths() {
    assert_eq!(proof_len(64, 1), 675);
    assert_eq!(proof_len(64, 2), 739);
    assert_eq!(proof_len(64, 16), 932);
    assert_eq!(proof_len(8, 1), 482);
    for (bits, m) in [(8, 1), (16, 2), (32, 4), (64, 8)] {
        let (st, proof) = GrinProver {
            generators_n: 1024,
            ..prover(bits)
        }
        .prove(&witness(vec![1; m]))
        .unwrap();
        assert_eq!(proof.len(), proof_len(bits, m));
        verify(&proof, &st).unwrap();
    }
}

#[test]
fn every_bit_flip_of_a_proof_is_rejected() {
    let (st, proof) = prover(8).prove(&witness(vec![200])).unwrap();
    verify(&proof, &st).unwrap();
    for i in 0..proof.len() {
        for bit in 0..8 {
            let mut bad = proof.clone();
            bad[i] ^= 1 << bit;
            let unused_sign_bit = (i == 64 || i == HEADER_LEN + 160) && bit >= 4;
            // 8 bits: two rounds, so the L/R sign byte uses 4 bits; the C verifier ignores the
            // padding bits of both sign vectors, and so do we.
            assert_eq!(
                verify(&bad, &st).is_ok(),
                unused_sign_bit,
                "byte {i} bit {bit}"
            );
        }
    }
}

#[test]
fn statement_changes_are_rejected() {
    let gen_seed = nonce();
    let asset =
        ValueGenerator::from_point(generators::generator_generate(&gen_seed).unwrap()).unwrap();
    let (st, proof) = GrinProver {
        extra_data: Some(b"extra".to_vec()),
        ..prover(16)
    }
    .prove(&witness(vec![1, 65535]))
    .unwrap();
    verify(&proof, &st).unwrap();
    let variants: Vec<(&str, GrinStatement)> = vec![
        ("swapped commitments", {
            let mut s = st.clone();
            s.commitments.swap(0, 1);
            s
        }),
        ("negated commitment", {
            let mut s = st.clone();
            s.commitments[0][0] ^= 1;
            s
        }),
        (
            "no extra data",
            GrinStatement {
                extra_data: None,
                ..st.clone()
            },
        ),
        (
            "empty extra data",
            GrinStatement {
                extra_data: Some(vec![]),
                ..st.clone()
            },
        ),
        (
            "other extra data",
            GrinStatement {
                extra_data: Some(b"extrb".to_vec()),
                ..st.clone()
            },
        ),
        (
            "bits 8",
            GrinStatement {
                bits: 8,
                ..st.clone()
            },
        ),
        (
            "bits 32",
            GrinStatement {
                bits: 32,
                ..st.clone()
            },
        ),
        (
            "generators 512",
            GrinStatement {
                generators_n: 512,
                ..st.clone()
            },
        ),
        (
            "asset generator",
            GrinStatement {
                value_generator: asset,
                ..st.clone()
            },
        ),
        (
            "min values",
            GrinStatement {
                min_values: Some(vec![0, 0]),
                ..st.clone()
            },
        ),
        (
            "one commitment",
            GrinStatement {
                commitments: vec![st.commitments[0]],
                ..st.clone()
            },
        ),
    ];
    for (what, s) in variants {
        assert!(verify(&proof, &s).is_err(), "{what}");
    }
}

#[test]
fn malformed_statements_and_lengths_give_typed_errors() {
    let (st, proof) = prover(8).prove(&witness(vec![3])).unwrap();
    let err = |s: GrinStatement| verify(&proof, &s).unwrap_err();
    assert_eq!(
        err(GrinStatement {
            bits: 4,
            ..st.clone()
        }),
        ProofError::Statement(StatementError::InvalidBitsize {
            given: 4,
            supported: &[8, 16, 32, 64]
        })
    );
    assert_eq!(
        err(GrinStatement {
            commitments: vec![],
            ..st.clone()
        }),
        ProofError::Statement(StatementError::InvalidPowerOfTwoAggregation(0))
    );
    assert_eq!(
        err(GrinStatement {
            generators_n: 14,
            ..st.clone()
        }),
        ProofError::Statement(StatementError::InvalidGeneratorCount {
            given: 14,
            needed: 16,
            max: 32768
        })
    );
    assert_eq!(
        err(GrinStatement {
            generators_n: 1 << 16,
            ..st.clone()
        }),
        ProofError::Statement(StatementError::InvalidGeneratorCount {
            given: 1 << 16,
            needed: 16,
            max: 32768
        })
    );
    // An odd count halves as the C library halves it: 257 has the same H_i as 256.
    assert_eq!(
        verify(
            &proof,
            &GrinStatement {
                generators_n: 257,
                ..st.clone()
            }
        ),
        Ok(())
    );
    assert_eq!(
        err(GrinStatement {
            min_values: Some(vec![1, 2]),
            ..st.clone()
        }),
        ProofError::Statement(StatementError::MismatchedLengths {
            values: 2,
            blindings: 1
        })
    );
    let mut zero_commitment = st.clone();
    zero_commitment.commitments[0] = [0u8; 33];
    assert_eq!(
        err(zero_commitment),
        ProofError::Decode(DecodeError::InvalidPoint)
    );
    // SEC1's 02 prefix is not this format's.
    let mut sec1 = st.clone();
    sec1.commitments[0][0] = 0x02;
    assert_eq!(err(sec1), ProofError::Decode(DecodeError::InvalidPoint));
    for len in [
        0,
        1,
        192,
        proof.len() - 1,
        proof.len() + 1,
        proof.len() + 32,
    ] {
        let mut p = proof.clone();
        p.resize(len, 0);
        assert_eq!(
            verify(&p, &st),
            Err(ProofError::Decode(DecodeError::InvalidLength(len)))
        );
    }
}

#[test]
fn non_canonical_scalars_are_rejected() {
    let (st, proof) = prover(8).prove(&witness(vec![3])).unwrap();
    let order = {
        let mut n = Secp256k1::scalar_to_bytes(&-Scalar::ONE);
        n[31] += 1; // n - 1 + 1
        n
    };
    // τx, μ, t, a1, a2, b1, b2: the group order itself, and zero.
    for offset in [
        0,
        32,
        HEADER_LEN,
        HEADER_LEN + 32,
        HEADER_LEN + 64,
        HEADER_LEN + 96,
        HEADER_LEN + 128,
    ] {
        for bytes in [order, [0u8; 32], [0xff; 32]] {
            let mut bad = proof.clone();
            bad[offset..offset + 32].copy_from_slice(&bytes);
            assert_eq!(
                verify(&bad, &st),
                Err(ProofError::Decode(DecodeError::NonCanonicalScalar)),
                "offset {offset}"
            );
        }
    }
}

#[test]
fn points_off_the_curve_are_rejected() {
    let (st, proof) = prover(8).prove(&witness(vec![3])).unwrap();
    // x = 5: 5^3 + 7 = 132 is not a square mod p (no point has abscissa 5).
    let mut five = [0u8; 32];
    five[31] = 5;
    assert!(transcript::XOnlyPoint::decode(&five, false).is_err());
    let mut bad = proof.clone();
    bad[65..97].copy_from_slice(&five);
    assert_eq!(
        verify(&bad, &st),
        Err(ProofError::Decode(DecodeError::InvalidPoint))
    );
    let last = proof.len() - 32;
    let mut bad = proof.clone();
    bad[last..].copy_from_slice(&five);
    assert_eq!(
        verify(&bad, &st),
        Err(ProofError::Decode(DecodeError::InvalidPoint))
    );
}

#[test]
fn abscissas_at_or_above_p_are_read_modulo_p_as_the_c_verifier_does() {
    // x = 1 is on the curve (1 + 7 = 8 is a square mod p); p + 1 decodes to the same point.
    let mut one = [0u8; 32];
    one[31] = 1;
    let mut p_plus_one = [0xffu8; 32];
    p_plus_one[27] = 0xfe;
    p_plus_one[30] = 0xfc;
    p_plus_one[31] = 0x30;
    let a = transcript::XOnlyPoint::decode(&one, false).unwrap();
    let b = transcript::XOnlyPoint::decode(&p_plus_one, false).unwrap();
    assert_eq!(a.point(), b.point());
    // Re-encoding writes the reduced abscissa.
    assert_eq!(b.x_reduced(), one);
}

#[test]
fn min_values_message_and_asset_generators_round_trip() {
    let asset =
        ValueGenerator::from_point(ProjectivePoint::GENERATOR * Scalar::from(77u64)).unwrap();
    let params = GrinProver {
        value_generator: asset,
        min_values: Some(vec![1000]),
        extra_data: Some(vec![1, 2, 3]),
        ..prover(8)
    };
    let mut w = witness(vec![1255]);
    w.message = Some([7u8; 20]);
    w.private_nonce = None;
    let (st, proof) = params.prove(&w).unwrap();
    verify(&proof, &st).unwrap();
    let r = rewind(&proof, &st, &w.rewind_nonce).unwrap();
    assert_eq!(
        (r.value, r.message, r.blinding),
        (1255, [7u8; 20], Some(w.blindings[0]))
    );
    // Below the minimum, or above minimum + 2^8 - 1.
    assert_eq!(
        params.prove(&witness(vec![999])).unwrap_err(),
        ProofError::Statement(StatementError::BelowMinimum)
    );
    assert_eq!(
        params.prove(&witness(vec![1256])).unwrap_err(),
        ProofError::Statement(StatementError::ValueOutOfRange { bits: 8 })
    );
    let mut zero_blinding = witness(vec![1000]);
    zero_blinding.blindings[0] = Scalar::ZERO;
    assert_eq!(
        params.prove(&zero_blinding).unwrap_err(),
        ProofError::InvalidSecret
    );
    assert_eq!(
        prover(8).prove(&witness(vec![256])).unwrap_err(),
        ProofError::Statement(StatementError::ValueOutOfRange { bits: 8 })
    );
}

#[test]
fn value_generator_encodings() {
    let h = ValueGenerator::h();
    let bytes = h.to_bytes();
    assert!(bytes[0] == 0x0a || bytes[0] == 0x0b);
    assert_eq!(&bytes[1..], &generators::H_X);
    assert_eq!(ValueGenerator::from_bytes(&bytes).unwrap(), h);
    let mut negated = bytes;
    negated[0] ^= 1;
    assert_eq!(
        ValueGenerator::from_bytes(&negated).unwrap().point(),
        -h.point()
    );
    for prefix in [0x02, 0x08, 0x0c] {
        let mut b = bytes;
        b[0] = prefix;
        assert!(ValueGenerator::from_bytes(&b).is_err());
    }
    assert!(ValueGenerator::from_bytes(&bytes[..32]).is_err());
    assert!(ValueGenerator::from_point(ProjectivePoint::IDENTITY).is_none());
}

#[test]
fn decoded_proofs_re_encode_identically() {
    let (_, proof) = prover(32).prove(&witness(vec![u32::MAX as u64])).unwrap();
    let decoded = GrinRangeProof::from_bytes(&proof, 32).unwrap();
    assert_eq!(decoded.to_bytes(), proof);
    assert_eq!(decoded.rounds(), 4);
    assert!(GrinRangeProof::from_bytes(&proof, 24).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random values with the edges 0 and 2^n - 1, any supported size: proofs verify and
    /// rewind, and the value one past the range is refused.
    #[test]
    fn random_values_round_trip(bits_index in 0usize..4, log_m in 0u32..3, seed in any::<u64>()) {
        let bits = VALID_BITS[bits_index];
        let m = 1usize << log_m;
        let max = u64::MAX >> (64 - bits);
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
        let values: Vec<u64> = (0..m).map(|j| match j % 3 {
            0 => 0,
            1 => max,
            _ => rng.gen::<u64>() & max,
        }).collect();
        let w = witness(values.clone());
        let params = GrinProver { generators_n: default_generators_n(bits, m), ..prover(bits) };
        let (st, proof) = params.prove(&w).unwrap();
        prop_assert!(verify(&proof, &st).is_ok());
        if m == 1 {
            prop_assert_eq!(rewind(&proof, &st, &w.rewind_nonce).unwrap().value, values[0]);
        }
        if bits < 64 {
            let mut over = witness(values);
            over.values[0] = max + 1;
            prop_assert_eq!(params.prove(&over).unwrap_err(), ProofError::Statement(StatementError::ValueOutOfRange { bits }));
        }
    }
}

#[test]
fn batches_verify_mixed_shapes_and_blame_invalid_proofs() {
    use crate::BatchVerifier;
    let asset =
        ValueGenerator::from_point(ProjectivePoint::GENERATOR * Scalar::from(99u64)).unwrap();
    let mut proofs = Vec::new();
    for (bits, m, n, gen) in [
        (64, 1, 256, ValueGenerator::h()),
        (64, 2, 256, ValueGenerator::h()),
        (32, 4, 512, ValueGenerator::h()),
        (8, 1, 256, asset),
        (16, 1, 300, ValueGenerator::h()), // a count the batch has no sums for
        (64, 1, 256, ValueGenerator::h()),
    ] {
        let params = GrinProver {
            bits,
            generators_n: n,
            value_generator: gen,
            ..GrinProver::grin()
        };
        proofs.push(params.prove(&witness(vec![5; m])).unwrap());
    }
    let mut batch = BatchVerifier::new();
    for (st, proof) in &proofs {
        batch.add_grin_bulletproof(proof, st, &mut OsRng);
    }
    assert_eq!(batch.verify(), Ok(()));

    // Tamper with proofs 1 (a scalar), 4 (the standalone count) and 5 (a commitment swap).
    let mut bad = proofs.clone();
    bad[1].1[40] ^= 1;
    bad[4].1[200] ^= 1;
    bad[5].0.commitments[0] = proofs[0].0.commitments[0];
    let mut batch = BatchVerifier::new();
    for (st, proof) in &bad {
        batch.add_grin_bulletproof(proof, st, &mut OsRng);
    }
    batch.add_grin_bulletproof(&[0u8; 10], &bad[0].0, &mut OsRng);
    assert_eq!(batch.verify().unwrap_err().invalid, vec![1, 4, 5, 6]);
}
