//! Round trips, rewinds and strict decoding of our own proofs; the C library's and Liquid's
//! proofs are checked in `tests/elements.rs` (vectors and the `secp256k1-zkp` crate).

use crate::{DecodeError, StatementError};
use k256::elliptic_curve::Field;
use k256::Scalar;
use rand::{rngs::StdRng, Rng, SeedableRng};

use super::*;
use crate::secp256k1_zkp::generator::{generator_generate_blinded, Commitment, ValueGenerator};
use crate::ProofError;

fn asset(rng: &mut StdRng) -> ValueGenerator {
    generator_generate_blinded(&rng.gen(), &Scalar::random(&mut *rng)).unwrap()
}

fn prove_one(
    rng: &mut StdRng,
    value: u64,
    parameters: ProofParameters,
    message: &[u8],
    extra: &[u8],
) -> (Proved, ValueGenerator, Scalar, [u8; 32]) {
    let generator = asset(rng);
    let blinding = Scalar::random(&mut *rng);
    let nonce: [u8; 32] = rng.gen();
    let proved = prove(
        value,
        &blinding,
        &generator,
        &nonce,
        &parameters,
        message,
        extra,
    )
    .unwrap_or_else(|e| {
        panic!(
            "{parameters:?} value {value} message {}: {e}",
            message.len()
        )
    });
    (proved, generator, blinding, nonce)
}

#[test]
fn round_trips_and_rewinds_over_the_parameter_grid() {
    let mut rng = StdRng::seed_from_u64(23);
    for exp in -1..=3 {
        for min_bits in [0, 1, 32, 52, 64] {
            for (value, min_value) in [
                (0u64, 0u64),
                (1, 1),
                (123_456_789, 1),
                (u64::MAX >> 1, 0),
                (1 << 40, 12_345),
            ] {
                let parameters = ProofParameters {
                    min_value,
                    exp,
                    min_bits,
                };
                let message: &[u8] = if min_bits >= 32 && exp >= 0 {
                    b"asset id and asset blinding go here"
                } else {
                    b""
                };
                let extra = if value % 2 == 0 {
                    &b"script"[..]
                } else {
                    &b""[..]
                };
                let (proved, generator, blinding, nonce) =
                    prove_one(&mut rng, value, parameters, message, extra);
                let shown = verify(&proved.proof, &proved.commitment, &generator, extra)
                    .unwrap_or_else(|e| panic!("{parameters:?} {value}: {e}"));
                assert!(
                    shown.min_value <= value && value <= shown.max_value,
                    "{parameters:?} {value}"
                );
                assert_eq!(info(&proved.proof).unwrap(), shown);
                assert!(proved.proof.len() <= max_size(value.max(1), min_bits).max(65 + 32));
                let rewound =
                    rewind(&proved.proof, &proved.commitment, &generator, extra, &nonce).unwrap();
                assert_eq!(rewound.value, value);
                assert_eq!(*rewound.blinding, blinding);
                assert!(rewound.message.starts_with(message));
                assert!(rewound.message[message.len()..].iter().all(|b| *b == 0));
                // A wrong nonce does not rewind; a wrong extra commitment does not verify.
                assert!(rewind(
                    &proved.proof,
                    &proved.commitment,
                    &generator,
                    extra,
                    &[7; 32]
                )
                .is_err());
                assert_eq!(
                    verify(&proved.proof, &proved.commitment, &generator, b"other"),
                    Err(ProofError::VerificationFailed)
                );
            }
        }
    }
}

#[test]
fn edges_of_the_range_prove_and_outside_values_are_refused() {
    let mut rng = StdRng::seed_from_u64(5);
    for bits in [1u32, 8, 52, 63] {
        for value in [0, (1u64 << bits) - 1] {
            let parameters = ProofParameters {
                min_value: 0,
                exp: 0,
                min_bits: bits,
            };
            let (proved, generator, _, _) = prove_one(&mut rng, value, parameters, b"", b"");
            let shown = verify(&proved.proof, &proved.commitment, &generator, b"").unwrap();
            assert_eq!(shown.mantissa, bits.max(1));
            assert_eq!(shown.max_value, (1u64 << bits) - 1);
        }
    }
    let generator = asset(&mut rng);
    let blinding = Scalar::random(&mut rng);
    let bad = |parameters: ProofParameters, value: u64, message: &[u8]| {
        prove(
            value,
            &blinding,
            &generator,
            &[1; 32],
            &parameters,
            message,
            b"",
        )
        .unwrap_err()
    };
    assert_eq!(
        bad(
            ProofParameters {
                min_value: 5,
                exp: 0,
                min_bits: 0
            },
            4,
            b""
        ),
        ProofError::Statement(StatementError::BelowMinimum)
    );
    assert!(matches!(
        bad(
            ProofParameters {
                min_value: 0,
                exp: 19,
                min_bits: 0
            },
            4,
            b""
        ),
        ProofError::Statement(StatementError::InvalidParameter { name: "exp", .. })
    ));
    assert!(matches!(
        bad(
            ProofParameters {
                min_value: 0,
                exp: -2,
                min_bits: 0
            },
            4,
            b""
        ),
        ProofError::Statement(StatementError::InvalidParameter { name: "exp", .. })
    ));
    assert!(matches!(
        bad(
            ProofParameters {
                min_value: 0,
                exp: 0,
                min_bits: 65
            },
            4,
            b""
        ),
        ProofError::Statement(StatementError::InvalidParameter {
            name: "min_bits",
            ..
        })
    ));
    assert_eq!(
        bad(
            ProofParameters {
                min_value: 1,
                exp: 0,
                min_bits: 0
            },
            u64::MAX,
            b""
        ),
        ProofError::Statement(StatementError::UnprovableRange)
    );
    // 8 bits: four rings, 3 of which carry 128 bytes.
    assert_eq!(
        bad(
            ProofParameters {
                min_value: 0,
                exp: 0,
                min_bits: 8
            },
            4,
            &[1; 385]
        ),
        ProofError::Statement(StatementError::MessageTooLong { len: 385, max: 384 })
    );
}

#[test]
fn tampered_proofs_and_commitments_are_rejected() {
    let mut rng = StdRng::seed_from_u64(9);
    let (proved, generator, _, _) =
        prove_one(&mut rng, 1_000_000, ProofParameters::LIQUID, b"m", b"spk");
    let proof = &proved.proof;
    verify(proof, &proved.commitment, &generator, b"spk").unwrap();
    // Every byte position flipped (sampled) fails, with an error and no panic.
    for at in (0..proof.len())
        .step_by(37)
        .chain([0, 1, 9, 10, proof.len() - 1])
    {
        for bit in [0, 7] {
            let mut t = proof.clone();
            t[at] ^= 1 << bit;
            assert!(
                verify(&t, &proved.commitment, &generator, b"spk").is_err(),
                "byte {at} bit {bit}"
            );
        }
    }
    // Truncated, extended, another commitment, another generator, swapped roles.
    assert!(verify(
        &proof[..proof.len() - 1],
        &proved.commitment,
        &generator,
        b"spk"
    )
    .is_err());
    let mut longer = proof.clone();
    longer.push(0);
    assert!(verify(&longer, &proved.commitment, &generator, b"spk").is_err());
    let other = Commitment::new(1_000_000, &Scalar::random(&mut rng), &generator).unwrap();
    assert!(verify(proof, &other, &generator, b"spk").is_err());
    assert!(verify(proof, &proved.commitment, &asset(&mut rng), b"spk").is_err());
    let negated = Commitment::from_point(-proved.commitment.point()).unwrap();
    assert!(verify(proof, &negated, &generator, b"spk").is_err());
}

#[test]
fn non_canonical_encodings_are_rejected() {
    let mut rng = StdRng::seed_from_u64(11);
    // 8 bits, minimum 0: header 2 bytes, 1 sign byte for 3 sent commitments.
    let parameters = ProofParameters {
        min_value: 0,
        exp: 0,
        min_bits: 8,
    };
    let (proved, generator, _, _) = prove_one(&mut rng, 200, parameters, b"", b"");
    let proof = &proved.proof;
    let check = |t: &[u8]| verify(t, &proved.commitment, &generator, b"");
    check(proof).unwrap();
    // An unused sign bit.
    let mut t = proof.clone();
    t[2] |= 1 << 3;
    assert_eq!(
        check(&t),
        Err(ProofError::Decode(DecodeError::NonCanonicalEncoding))
    );
    // x ≥ p in the first digit commitment.
    let mut t = proof.clone();
    t[3..35].copy_from_slice(&[0xff; 32]);
    assert_eq!(
        check(&t),
        Err(ProofError::Decode(DecodeError::InvalidPoint))
    );
    // An s value ≥ n (the last).
    let mut t = proof.clone();
    let n = t.len();
    t[n - 32..].copy_from_slice(&[0xff; 32]);
    assert_eq!(
        check(&t),
        Err(ProofError::Decode(DecodeError::NonCanonicalScalar))
    );
    // A zero s value.
    let mut t = proof.clone();
    t[n - 32..].copy_from_slice(&[0; 32]);
    assert_eq!(check(&t), Err(ProofError::VerificationFailed));
    // Header: reserved bit, exponent 19.
    let mut t = proof.clone();
    t[0] |= 0x80;
    assert_eq!(
        check(&t),
        Err(ProofError::Decode(DecodeError::InvalidProofHeader))
    );
    let mut t = proof.clone();
    t[0] = 0x40 | 19;
    assert_eq!(
        check(&t),
        Err(ProofError::Decode(DecodeError::InvalidProofHeader))
    );
    // Short byte strings.
    for len in [0, 1, 64] {
        assert!(check(&proof[..len]).is_err());
    }
}

#[test]
fn rewind_refuses_other_commitments_and_info_reads_the_header_alone() {
    let mut rng = StdRng::seed_from_u64(13);
    let parameters = ProofParameters {
        min_value: 1000,
        exp: 2,
        min_bits: 20,
    };
    let (proved, generator, _, nonce) = prove_one(&mut rng, 123_456, parameters, b"", b"");
    let shown = info(&proved.proof).unwrap();
    assert_eq!(shown.exp, 2);
    // The two low decimal digits join the minimum: 123_456 = 1_056 + 1_224 · 100.
    assert_eq!(shown.min_value, 1_056);
    assert_eq!(shown.max_value, 1_056 + ((1 << 20) - 1) * 100);
    let rewound = rewind(&proved.proof, &proved.commitment, &generator, b"", &nonce).unwrap();
    assert_eq!(rewound.value, 123_456);
    assert_eq!(rewound.info, shown);
}
