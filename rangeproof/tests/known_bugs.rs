//! The peers' known bugs, each a named regression test (the hardening issue's list). Where an
//! item is already pinned by a test elsewhere, the test here checks it again in its simplest
//! form and names the other; where an item cannot apply to a scheme, a line below says why.
//!
//! | item | schemes | here |
//! |---|---|---|
//! | Frozen Heart: every public input is bound | every suite; surjection proofs; circuit proofs (both transcripts) | `frozen_heart_*` |
//! | challenges independent (y ≠ z when A = S) | merlin (dalek, Tari), Monero BP and BP+ | `challenges_*`; Grin's chain: `secp256k1_zkp::bulletproofs::transcript` unit tests |
//! | challenges from the decoded points | every group | `other_encodings_of_a_point_are_refused` |
//! | identity prover messages as the deployment | dalek, Tari, Monero | `identity_prover_messages_as_each_deployment_does` |
//! | Monero: points ×8 before combining | Monero BP and BP+ | `monero_multiplies_points_by_eight` |
//! | Monero #8438: unreduced scalars | Monero BP and BP+ | `monero_8438_unreduced_scalars_are_refused_where_monero_refuses_them` |
//! | Monero #11232: 17 commitments, 11 rounds | Monero BP and BP+ | `monero_11232_seventeen_commitments_are_a_typed_error` |
//! | Grin: a proof moved to another commitment | Grin (single and batch) | `grin_a_proof_moved_to_another_commitment_fails_every_way` |
//! | rust-secp256k1-zkp #20: null and empty extra data | Grin | `grin_secp256k1zkp_20_null_and_empty_extra_data_as_the_c_library` |
//! | rust-secp256k1-zkp #23: batches of 1 to 32 | Grin | `grin_secp256k1zkp_23_batches_of_every_size_name_the_invalid` |
//!
//! Not applicable: Monero's #8438 concerns Borromean signatures (`s0`, `s1` of pre-v8 RingCT
//! range proofs), whose scalars Monero reads unreduced; this library verifies Monero's
//! Bulletproofs and Bulletproofs+ only, which Monero has always read reduced (checked here).
//! Borromean ring signatures and surjection proofs have no y and z: their challenges are a
//! chain of hashes of each ring member's commitment and position, bound to the message (the
//! Frozen Heart test covers their inputs).

use curve25519_dalek::constants::{ED25519_BASEPOINT_POINT, RISTRETTO_BASEPOINT_POINT};
use k256::elliptic_curve::Field;
use rand::rngs::{OsRng, StdRng};
use rand::{Rng, SeedableRng};
use rangeproof::deployments::monero::transcript::MoneroTranscript;
use rangeproof::merlin_transcript;
use rangeproof::secp256k1_zkp::generator::{generator_generate_blinded, ValueGenerator};
use rangeproof::secp256k1_zkp::surjection;
use rangeproof::suite::ParameterValue;
use rangeproof::{
    Ed25519, Group, Ristretto255, Suite, SuiteBatch, SuiteStatement, TranscriptProtocol,
};

use crate::common;

use crate::zkp;

/// Random points' encodings on ristretto255 and Ed25519.
fn random_ristretto() -> [u8; 32] {
    let s = curve25519_dalek::Scalar::from_bytes_mod_order(OsRng.gen());
    (RISTRETTO_BASEPOINT_POINT * s).compress().to_bytes()
}

fn random_edwards() -> [u8; 32] {
    let s = curve25519_dalek::Scalar::from_bytes_mod_order(OsRng.gen());
    (ED25519_BASEPOINT_POINT * s).compress().to_bytes()
}

/// The statement a suite proves by default: its smallest bit size (Solana's: 64, so that one
/// value is an instruction of the U64 kind and two of the U128), one blinding, its label (and
/// for Bulletproofs++ the digit base 16, named, so that another is a different statement).
fn base_statement(suite: Suite) -> SuiteStatement {
    let smallest = suite.supported_bits().first().copied().unwrap_or(0);
    let mut statement = SuiteStatement {
        bits: if suite.takes_bit_lengths() {
            64
        } else {
            smallest
        },
        extension_degree: 1,
        transcript_label: if suite.takes_transcript_label() {
            b"known bugs".to_vec()
        } else {
            Vec::new()
        },
        ..SuiteStatement::default()
    };
    if suite.scheme() == "bulletproofs++" {
        statement
            .parameters
            .insert("base".into(), ParameterValue::Integer(16));
    }
    // MWEB requires its extra data (an output's message).
    if suite.parameter("extra_data").is_some_and(|p| p.required) {
        statement
            .parameters
            .insert("extra_data".into(), ParameterValue::Bytes(vec![0x01; 59]));
    }
    statement
}

/// A statement that differs from `base` in one public input each, where the suite takes it.
fn variants(suite: Suite, base: &SuiteStatement) -> Vec<(&'static str, SuiteStatement)> {
    let other_generator = generator_generate_blinded(&[9; 32], &k256::Scalar::ONE)
        .unwrap()
        .to_bytes()
        .to_vec();
    let mut out = Vec::new();
    for &bits in suite.supported_bits() {
        if bits != base.bits {
            out.push((
                "bits",
                SuiteStatement {
                    bits,
                    ..base.clone()
                },
            ));
        }
    }
    let with = |f: &dyn Fn(&mut SuiteStatement)| {
        let mut s = base.clone();
        f(&mut s);
        s
    };
    out.push((
        "transcript label",
        with(&|s| s.transcript_label = b"another label".to_vec()),
    ));
    out.push((
        "extension degree",
        with(&|s| s.extension_degree = base.extension_degree + 1),
    ));
    out.push((
        "minimum values",
        with(&|s| s.minimum_values = Some(vec![3])),
    ));
    out.push((
        "value generator",
        with(&|s| {
            s.parameters.insert(
                "value_generator".into(),
                ParameterValue::Bytes(other_generator.clone()),
            );
        }),
    ));
    out.push((
        "extra data",
        with(&|s| {
            s.parameters
                .insert("extra_data".into(), ParameterValue::Bytes(b"x".to_vec()));
        }),
    ));
    out.push((
        "generator count",
        with(&|s| {
            s.parameters
                .insert("generators_n".into(), ParameterValue::Integer(512));
        }),
    ));
    out.push((
        "digit base",
        with(&|s| {
            s.parameters
                .insert("base".into(), ParameterValue::Integer(4));
        }),
    ));
    out
}

/// Frozen Heart (Trail of Bits, 2022): a Fiat–Shamir transcript that leaves out a public input
/// lets a prover choose that input after the challenges. For every suite: a proof fails for any
/// other commitment, the commitments swapped, one dropped or added, and under every statement
/// that differs in one public input the suite takes (bits, label, extension degree, minimum
/// values, value generator, extra data, generator count, digit base) — each such statement
/// proved and verified on its own first, so the field is one the suite really uses.
#[test]
fn frozen_heart_every_public_input_of_every_suite_is_bound() {
    let mut rng = OsRng;
    for &suite in Suite::ALL {
        if suite == Suite::ELEMENTS_SURJECTION {
            continue; // below: proved through the typed API
        }
        let ctx = suite;
        let base = base_statement(suite);
        let m = suite.max_values().min(2);
        let values = &[5u64, 200][..m];
        let made = ctx.prove(&base, values, &mut rng).unwrap();
        ctx.verify(&base, &made.proof, &made.commitments, &mut rng)
            .unwrap_or_else(|e| panic!("{suite:?}: {e}"));
        let other = ctx.prove(&base, values, &mut rng).unwrap();
        let fails = |statement: &SuiteStatement, commitments: &[Vec<u8>]| {
            ctx.verify(statement, &made.proof, commitments, &mut OsRng)
                .is_err()
        };
        for k in 0..m {
            let mut c = made.commitments.clone();
            c[k] = other.commitments[k].clone();
            assert!(fails(&base, &c), "{suite:?}: commitment {k} replaced");
        }
        if m == 2 {
            let swapped = vec![made.commitments[1].clone(), made.commitments[0].clone()];
            assert!(fails(&base, &swapped), "{suite:?}: commitments swapped");
            assert!(
                fails(&base, &made.commitments[..1]),
                "{suite:?}: one dropped"
            );
        }
        let mut added = made.commitments.clone();
        added.push(other.commitments[0].clone());
        assert!(fails(&base, &added), "{suite:?}: one added");
        let mut bound = Vec::new();
        for (field, statement) in variants(suite, &base) {
            let Ok(theirs) = ctx.prove(&statement, &values[..1], &mut rng) else {
                continue; // the suite does not take this field (or not with these values)
            };
            ctx.verify(&statement, &theirs.proof, &theirs.commitments, &mut rng)
                .unwrap_or_else(|e| panic!("{suite:?}: {field}: {e}"));
            let ours = ctx.prove(&base, &values[..1], &mut rng).unwrap();
            assert!(
                ctx.verify(&statement, &ours.proof, &ours.commitments, &mut rng)
                    .is_err(),
                "{suite:?}: a proof verifies under another {field}"
            );
            // A Borromean proof states its range in its (hashed) header: a statement without
            // minimum values takes the range the proof shows, as the C verifier reports it.
            let states_its_range = suite.supported_bits().is_empty() && field == "minimum values";
            assert!(
                states_its_range
                    || ctx
                        .verify(&base, &theirs.proof, &theirs.commitments, &mut rng)
                        .is_err(),
                "{suite:?}: a proof under another {field} verifies under the base statement"
            );
            bound.push(field);
        }
        // Every suite binds at least one statement field beside its commitments (a bit size,
        // a label, a generator or extra data), except Borromean, whose proof states its range
        // in its header (hashed) and whose value generator and extra data are checked here.
        let expected: &[&str] = match (suite.scheme(), suite.flavor()) {
            ("borromean", _) => &["value generator", "extra data", "minimum values"],
            ("bulletproofs", "grin") => {
                &["bits", "value generator", "extra data", "generator count"]
            }
            ("bulletproofs", "dalek") => &["bits", "transcript label"],
            ("bulletproofs+", "tari") => &[
                "bits",
                "transcript label",
                "extension degree",
                "minimum values",
            ],
            ("bulletproofs++", _) => &["bits", "digit base"],
            _ => &[],
        };
        for field in expected {
            assert!(
                bound.contains(field),
                "{suite:?}: {field} not checked ({bound:?})"
            );
        }
    }
}

/// Frozen Heart for surjection proofs: the message hashes every input generator and the
/// output's, and the ring's keys are the output less each chosen input — a proof fails for any
/// other input or output generator, the inputs reordered, and one more or fewer.
#[test]
fn frozen_heart_surjection_proofs_bind_every_generator() {
    let mut rng = StdRng::seed_from_u64(20220413);
    let tags: Vec<[u8; 32]> = (0..5).map(|_| rng.gen()).collect();
    let blindings: Vec<k256::Scalar> = (0..5).map(|_| k256::Scalar::random(&mut rng)).collect();
    let inputs: Vec<ValueGenerator> = tags
        .iter()
        .zip(&blindings)
        .map(|(t, b)| generator_generate_blinded(t, b).unwrap())
        .collect();
    let r_out = k256::Scalar::random(&mut rng);
    let output = generator_generate_blinded(&tags[2], &r_out).unwrap();
    let selection = surjection::Selection::new(5, &[0, 1, 2, 3, 4], 2).unwrap();
    let proof =
        surjection::generate(&selection, &inputs, &output, &blindings[2], &r_out, None).unwrap();
    surjection::verify(&proof, &inputs, &output).unwrap();
    let reblinded = generator_generate_blinded(&tags[2], &(r_out + k256::Scalar::ONE)).unwrap();
    assert!(surjection::verify(&proof, &inputs, &reblinded).is_err());
    for k in 0..5 {
        let mut changed = inputs.clone();
        changed[k] = generator_generate_blinded(&tags[k], &k256::Scalar::ONE).unwrap();
        assert!(
            surjection::verify(&proof, &changed, &output).is_err(),
            "input {k}"
        );
    }
    let mut reordered = inputs.clone();
    reordered.swap(0, 4);
    assert!(surjection::verify(&proof, &reordered, &output).is_err());
    assert!(surjection::verify(&proof, &inputs[..4], &output).is_err());
    let mut more = inputs.clone();
    more.push(inputs[0]);
    assert!(surjection::verify(&proof, &more, &output).is_err());
}

/// Frozen Heart for circuit proofs (R1CS, both transcripts: the reference's `dalek` and our
/// `bound`): a shuffle proof fails for any other input or output commitment, the lists
/// exchanged, one pair fewer, another label and the other transcript.
#[test]
fn frozen_heart_circuit_proofs_bind_their_commitments_label_and_transcript() {
    use rangeproof::r1cs::gadgets::shuffle::{prove_shuffle, verify_shuffle};
    use rangeproof::r1cs::{generators, R1csConvention};
    type Scalar = <Ristretto255 as Group>::Scalar;
    let gens = generators::dalek();
    let opening = |v: u64| (Scalar::from(v), Ristretto255::random_scalar(&mut OsRng));
    let inputs = [opening(3), opening(1), opening(4)];
    let outputs = [
        (inputs[2].0, Ristretto255::random_scalar(&mut OsRng)),
        (inputs[0].0, Ristretto255::random_scalar(&mut OsRng)),
        (inputs[1].0, Ristretto255::random_scalar(&mut OsRng)),
    ];
    for (flavor, other) in [
        (R1csConvention::Dalek, R1csConvention::Bound),
        (R1csConvention::Bound, R1csConvention::Dalek),
    ] {
        let label = b"known bugs";
        let made = prove_shuffle(gens, flavor, label, &inputs, &outputs).unwrap();
        let (i, o) = (&made.input_commitments, &made.output_commitments);
        verify_shuffle(gens, flavor, label, i, o, &made.proof).unwrap();
        // The same values under other blindings: other commitments.
        let reblind = |list: &[(Scalar, Scalar)]| -> Vec<(Scalar, Scalar)> {
            list.iter()
                .map(|(v, _)| (*v, Ristretto255::random_scalar(&mut OsRng)))
                .collect()
        };
        let another =
            prove_shuffle(gens, flavor, label, &reblind(&inputs), &reblind(&outputs)).unwrap();
        for k in 0..3 {
            let mut changed = i.clone();
            changed[k] = another.input_commitments[k];
            assert!(verify_shuffle(gens, flavor, label, &changed, o, &made.proof).is_err());
            let mut changed = o.clone();
            changed[k] = another.output_commitments[k];
            assert!(verify_shuffle(gens, flavor, label, i, &changed, &made.proof).is_err());
        }
        assert!(verify_shuffle(gens, flavor, label, o, i, &made.proof).is_err());
        assert!(verify_shuffle(gens, flavor, label, &i[..2], &o[..2], &made.proof).is_err());
        assert!(verify_shuffle(gens, flavor, b"another", i, o, &made.proof).is_err());
        assert!(verify_shuffle(gens, other, label, i, o, &made.proof).is_err());
    }
}

/// The Bulletproofs verifier's first challenges with A = S: y and z must still differ (a
/// transcript that derived z from A and S alone, as y, would make them equal).
fn y_and_z<G: Group, T: TranscriptProtocol<G>>(transcript: &mut T, point: &G::PointEncoding) {
    transcript.rangeproof_domain_sep(64, 1);
    transcript.append_point(b"V", point);
    transcript.append_point(b"A", point);
    transcript.append_point(b"S", point);
    let y = transcript.challenge_scalar(b"y");
    let z = transcript.challenge_scalar(b"z");
    assert!(y != z, "y = z when A = S");
}

#[test]
fn challenges_are_independent_even_when_a_equals_s() {
    let r = random_ristretto();
    y_and_z::<Ristretto255, _>(&mut merlin_transcript(b"dalek"), &r);
    y_and_z::<Ristretto255, _>(&mut merlin_transcript(b"Tari Bulletproofs+"), &r);
    let e = random_edwards();
    y_and_z::<Ed25519, _>(&mut MoneroTranscript::bulletproofs(), &e);
    y_and_z::<Ed25519, _>(&mut MoneroTranscript::bulletproofs_plus(), &e);
}

/// Challenges come from points as decoded: an encoding that is not the point's one canonical
/// encoding is refused by every group's decoder (so no proof can carry the same point under two
/// encodings with two transcripts) — ristretto255: s ≥ p and negative s; Ed25519: y ≥ p and
/// x = 0 with the sign bit set; secp256k1 (SEC1 and libsecp256k1-zkp's 08/09 and 0a/0b
/// prefixes): x ≥ p and other prefixes.
#[test]
fn other_encodings_of_a_point_are_refused() {
    // p = 2^255 − 19 as little-endian bytes, plus k.
    let p_plus = |k: u8| {
        let mut b = [0xffu8; 32];
        b[0] = 0xed + k;
        b[31] = 0x7f;
        b
    };
    for k in 0..19 {
        let (y, y_plus_p) = (
            {
                let mut b = [0u8; 32];
                b[0] = k;
                b
            },
            p_plus(k),
        );
        // Where y (or s) makes a point, y + p (the same field element) must not.
        if Ed25519::point_from_bytes(&y).is_some() {
            assert!(
                Ed25519::point_from_bytes(&y_plus_p).is_none(),
                "Ed25519 y = {k} + p"
            );
        }
        if Ristretto255::point_from_bytes(&y).is_some() {
            assert!(
                Ristretto255::point_from_bytes(&y_plus_p).is_none(),
                "ristretto s = {k} + p"
            );
        }
    }
    // Ed25519's negative zero: the identity (x = 0, y = 1) with the sign bit set.
    let mut negative_zero = [0u8; 32];
    negative_zero[0] = 1;
    assert!(Ed25519::point_from_bytes(&negative_zero).is_some());
    negative_zero[31] = 0x80;
    assert!(Ed25519::point_from_bytes(&negative_zero).is_none());
    // ristretto255: −s, the other field element of the same absolute value, is refused.
    let point = random_ristretto();
    assert!(Ristretto255::point_from_bytes(&point).is_some());
    assert!(Ristretto255::point_from_bytes(&curve25519_field_negate(&point)).is_none());
    // secp256k1: the generator's x with p added is not a field element; a wrong prefix.
    let g = generator_generate_blinded(&[1; 32], &k256::Scalar::ONE)
        .unwrap()
        .to_bytes();
    let mut wrong_prefix = g;
    wrong_prefix[0] ^= 0x04;
    assert!(ValueGenerator::from_bytes(&wrong_prefix).is_err());
    let mut over_p = g;
    over_p[1..].copy_from_slice(&[0xff; 32]);
    assert!(ValueGenerator::from_bytes(&over_p).is_err());
}

/// −s mod p for a canonical little-endian field element s ≠ 0.
fn curve25519_field_negate(s: &[u8; 32]) -> [u8; 32] {
    let p: [u8; 32] = {
        let mut b = [0xffu8; 32];
        b[0] = 0xed;
        b[31] = 0x7f;
        b
    };
    let mut out = [0u8; 32];
    let mut borrow = 0i16;
    for i in 0..32 {
        let d = i16::from(p[i]) - i16::from(s[i]) - borrow;
        out[i] = d.rem_euclid(256) as u8;
        borrow = i16::from(d < 0);
    }
    out
}

/// Identity prover messages: the reference crate (and Tari) refuse them
/// (`validate_and_append_point`), Monero accepts them. Pinned against the peers by
/// `src/agreement_tests.rs` (`monero_accepts_identity_prover_messages_and_so_do_we`,
/// `the_reference_refuses_identity_prover_messages_and_so_do_we`) and every point slot of
/// `tests/differential.rs` (`dalek_every_field`, `tari_every_field`, the Monero proptests);
/// here, the dalek suite on its own: A, S, T1 or T2 set to the identity is refused.
#[test]
fn identity_prover_messages_as_each_deployment_does() {
    let suite = Suite::DALEK_BULLETPROOFS;
    let ctx = suite;
    let base = base_statement(suite);
    let made = ctx.prove(&base, &[5], &mut OsRng).unwrap();
    for slot in 0..4 {
        let mut proof = made.proof.clone();
        proof[32 * slot..32 * slot + 32].copy_from_slice(&[0; 32]);
        assert!(
            ctx.verify(&base, &proof, &made.commitments, &mut OsRng)
                .is_err(),
            "point {slot} as the identity"
        );
    }
}

/// Monero scales every proof point by 1/8 when proving and by 8 when verifying, so a small-
/// order component added to any point (or commitment) is cleared and the verdict is the
/// prime-order part's. Pinned against monero-oxide by `src/agreement_tests.rs` (torsion before
/// and after hashing) and `tests/differential.rs` (`monero_torsion_on_every_point_is_rejected_by_both`);
/// here, a commitment with a torsion point added after proving: the transcript hashes the
/// encoding, so the proof fails, as in Monero.
#[test]
fn monero_multiplies_points_by_eight() {
    let torsion = curve25519_dalek::constants::EIGHT_TORSION[1]
        .compress()
        .to_bytes();
    for suite in [Suite::MONERO_BULLETPROOFS, Suite::MONERO_BULLETPROOFS_PLUS] {
        let ctx = suite;
        let base = base_statement(suite);
        let made = ctx.prove(&base, &[5], &mut OsRng).unwrap();
        ctx.verify(&base, &made.proof, &made.commitments, &mut OsRng)
            .unwrap();
        let moved = common::add_torsion(&made.commitments[0], &torsion);
        assert!(ctx
            .verify(&base, &made.proof, &[moved.to_vec()], &mut OsRng)
            .is_err());
    }
}

/// Monero #8438 (2022): a mainnet scalar ≥ ℓ — in a Borromean signature, which Monero reads
/// unreduced. Its Bulletproofs (since 2018, before they went live) and Bulletproofs+ read every
/// scalar reduced (`is_reduced`: BP's taux, mu, a, b, t; BP+'s r1, s1, d1), and so do we:
/// each scalar with ℓ added is refused.
#[test]
fn monero_8438_unreduced_scalars_are_refused_where_monero_refuses_them() {
    // Monero's layouts: BP = A S T1 T2 taux mu ‖ L ‖ R ‖ a b t; BP+ = A A1 B r1 s1 d1 ‖ L ‖ R.
    for (suite, scalars) in [
        (
            Suite::MONERO_BULLETPROOFS,
            &["taux", "mu", "a", "b", "t"][..],
        ),
        (Suite::MONERO_BULLETPROOFS_PLUS, &["r1", "s1", "d1"][..]),
    ] {
        let ctx = suite;
        let base = base_statement(suite);
        let made = ctx.prove(&base, &[5], &mut OsRng).unwrap();
        let rounds = 6; // log2(64)
        let offsets: Vec<usize> = if scalars.len() == 5 {
            let lr = 32 * 6 + 1 + 32 * rounds + 1 + 32 * rounds;
            vec![32 * 4, 32 * 5, lr, lr + 32, lr + 64]
        } else {
            vec![32 * 3, 32 * 4, 32 * 5]
        };
        for (name, at) in scalars.iter().zip(offsets) {
            let mut proof = made.proof.clone();
            let mut field: [u8; 32] = proof[at..at + 32].try_into().unwrap();
            if !common::add_l(&mut field) {
                continue; // the scalar is too large to have ℓ added below 2^256
            }
            proof[at..at + 32].copy_from_slice(&field);
            assert!(
                ctx.verify(&base, &proof, &made.commitments, &mut OsRng)
                    .is_err(),
                "{suite:?}: {name} + ℓ accepted"
            );
        }
    }
}

/// Monero #11232 (2026): Monero's verifiers did not bound the number of commitments, so 17 of
/// them (padded to 32: 6 + 5 = 11 rounds) read past the generator tables. Here: more than 16
/// commitments, or 11 rounds, is a typed error — never a panic.
#[test]
fn monero_11232_seventeen_commitments_are_a_typed_error() {
    for suite in [Suite::MONERO_BULLETPROOFS, Suite::MONERO_BULLETPROOFS_PLUS] {
        let ctx = suite;
        let base = base_statement(suite);
        let made = ctx.prove(&base, &[5; 16], &mut OsRng).unwrap();
        ctx.verify(&base, &made.proof, &made.commitments, &mut OsRng)
            .unwrap();
        let mut seventeen = made.commitments.clone();
        seventeen.push(made.commitments[0].clone());
        let got = ctx.verify(&base, &made.proof, &seventeen, &mut OsRng);
        assert!(got.is_err(), "{suite:?}: 17 commitments");
        assert!(ctx.prove(&base, &[5; 17], &mut OsRng).is_err());
        // The proof with one more round (10 -> 11: an L and an R appended, counts raised).
        let eleven = add_round(&made.proof);
        assert!(ctx.verify(&base, &eleven, &seventeen, &mut OsRng).is_err());
        assert!(ctx
            .verify(&base, &eleven, &made.commitments, &mut OsRng)
            .is_err());
    }
}

/// A Monero proof with one more inner-product round: both counts (one-byte varints) raised by
/// one, a copy of the last L and of the last R added. Both layouts have six 32-byte fields
/// before L (BP: A S T1 T2 taux mu; BP+: A A1 B r1 s1 d1).
fn add_round(proof: &[u8]) -> Vec<u8> {
    let head = 6 * 32;
    let rounds = usize::from(proof[head]);
    let l = &proof[head + 1..head + 1 + 32 * rounds];
    let r_at = head + 1 + 32 * rounds;
    let r = &proof[r_at + 1..r_at + 1 + 32 * rounds];
    let mut out = proof[..head].to_vec();
    out.push(rounds as u8 + 1);
    out.extend_from_slice(l);
    out.extend_from_slice(&l[32 * (rounds - 1)..]);
    out.push(rounds as u8 + 1);
    out.extend_from_slice(r);
    out.extend_from_slice(&r[32 * (rounds - 1)..]);
    out.extend_from_slice(&proof[r_at + 1 + 32 * rounds..]);
    out
}

/// Grin: a valid proof moved to another commitment fails — alone, twice in a row (no cache of
/// an earlier verdict), and in a batch beside its own commitment's copy.
#[test]
fn grin_a_proof_moved_to_another_commitment_fails_every_way() {
    let suite = Suite::GRIN_BULLETPROOFS;
    let ctx = suite;
    let base = base_statement(suite);
    let made = ctx.prove(&base, &[5], &mut OsRng).unwrap();
    let other = ctx.prove(&base, &[5], &mut OsRng).unwrap();
    for _ in 0..2 {
        ctx.verify(&base, &made.proof, &made.commitments, &mut OsRng)
            .unwrap();
        assert!(ctx
            .verify(&base, &made.proof, &other.commitments, &mut OsRng)
            .is_err());
    }
    let mut batch = SuiteBatch::new();
    batch
        .add(suite, &base, &made.proof, &made.commitments, &mut OsRng)
        .unwrap();
    batch
        .add(suite, &base, &made.proof, &other.commitments, &mut OsRng)
        .unwrap();
    batch
        .add(suite, &base, &other.proof, &other.commitments, &mut OsRng)
        .unwrap();
    assert_eq!(batch.verify().unwrap_err().invalid, vec![1]);
}

/// rust-secp256k1-zkp #20 (2018): `None` extra data went to the C library as an empty non-NULL
/// pointer, which the C code hashes (it hashes `SHA256(commit ‖ extra)` whenever the pointer
/// is not NULL, even at length 0), so `None` and `Some(&[])` are two statements. Ours: absent
/// and empty extra data give the C library's verdicts, proof by proof, both ways.
#[test]
fn grin_secp256k1zkp_20_null_and_empty_extra_data_as_the_c_library() {
    let mut c = zkp::CLib::new(256);
    let suite = Suite::GRIN_BULLETPROOFS;
    let ctx = suite;
    let mut rng = StdRng::seed_from_u64(20);
    let statement = |extra: &Option<Vec<u8>>| {
        let mut statement = SuiteStatement {
            bits: 64,
            ..base_statement(suite)
        };
        if let Some(extra) = extra {
            statement
                .parameters
                .insert("extra_data".into(), ParameterValue::Bytes(extra.clone()));
        }
        statement
    };
    for (made_with, checked_with) in [
        (None, Some(vec![])),
        (Some(vec![]), None),
        (None, None),
        (Some(vec![]), Some(vec![])),
    ] {
        let made = ctx.prove(&statement(&made_with), &[77], &mut rng).unwrap();
        let ours = ctx
            .verify(
                &statement(&checked_with),
                &made.proof,
                &made.commitments,
                &mut rng,
            )
            .is_ok();
        let commitment: [u8; 33] = made.commitments[0].clone().try_into().unwrap();
        let theirs = c.verify(
            &made.proof,
            &zkp::CStatement {
                bits: 64,
                commitments: &[commitment],
                value_gen: secp256k1zkp::constants::GENERATOR_H,
                min_values: None,
                extra: checked_with.as_deref(),
            },
        );
        assert_eq!(
            ours, theirs,
            "made with {made_with:?}, checked with {checked_with:?}"
        );
        assert_eq!(ours, made_with == checked_with);
    }
}

/// rust-secp256k1-zkp #23 (2018): batch verification through the crate passed pointers to
/// dropped temporaries, so batches of some sizes (4, 17 to 20 on Linux) of valid proofs were
/// refused. Ours: for every batch size from 1 to 32, with invalid proofs at random places, the
/// batch names exactly the invalid ones, and the C library's `verify_bullet_proof_multi`
/// accepts exactly the all-valid batches.
#[test]
fn grin_secp256k1zkp_23_batches_of_every_size_name_the_invalid() {
    let mut c = zkp::CLib::new(256);
    let suite = Suite::GRIN_BULLETPROOFS;
    let ctx = suite;
    let base = SuiteStatement {
        bits: 64,
        ..base_statement(suite)
    };
    let mut rng = StdRng::seed_from_u64(23);
    let pool: Vec<_> = (0..32)
        .map(|k| ctx.prove(&base, &[k * 1000], &mut rng).unwrap())
        .collect();
    for size in 1..=32usize {
        for all_valid in [true, false] {
            let mut expected = Vec::new();
            let mut proofs = Vec::new();
            for (k, made) in pool.iter().take(size).enumerate() {
                let mut proof = made.proof.clone();
                if !all_valid && rng.gen_bool(0.3) {
                    let at = rng.gen_range(0..proof.len());
                    proof[at] ^= 1 << rng.gen_range(0..8);
                    expected.push(k);
                }
                proofs.push((proof, made.commitments.clone()));
            }
            let mut batch = SuiteBatch::new();
            let mut refused_early = Vec::new();
            for (k, (proof, commitments)) in proofs.iter().enumerate() {
                if batch
                    .add(suite, &base, proof, commitments, &mut rng)
                    .is_err()
                {
                    refused_early.push(k);
                }
            }
            let named: Vec<usize> = {
                let added: Vec<usize> = (0..size).filter(|k| !refused_early.contains(k)).collect();
                let mut named: Vec<usize> = batch
                    .verify()
                    .err()
                    .map(|e| e.invalid.iter().map(|&i| added[i]).collect())
                    .unwrap_or_default();
                named.extend(&refused_early);
                named.sort_unstable();
                named
            };
            assert_eq!(named, expected, "batch of {size}");
            let commitments: Vec<Vec<[u8; 33]>> = proofs
                .iter()
                .map(|(_, c)| vec![c[0].clone().try_into().unwrap()])
                .collect();
            let bytes: Vec<Vec<u8>> = proofs.iter().map(|(p, _)| p.clone()).collect();
            // The C batch takes proofs of one length: a flipped bit keeps the length.
            let theirs = c.verify_multi(&bytes, &commitments, 64, None);
            assert_eq!(
                theirs,
                expected.is_empty(),
                "the C library, batch of {size}"
            );
        }
    }
}
