use super::*;
use crate::group::Group;
use crate::{BatchError, Ristretto255};
use crate::{DecodeError, StatementError, StatementField};
use rand::rngs::OsRng;

fn statement(suite: Suite, bits: usize) -> SuiteStatement {
    SuiteStatement {
        bits,
        extension_degree: 1,
        minimum_values: None,
        transcript_label: if suite.takes_transcript_label() {
            b"suite".to_vec()
        } else {
            Vec::new()
        },
        ..SuiteStatement::default()
    }
}

/// A suite defined outside the registry — here the dalek suite under another flavor
/// name, as an application with a deployment of its own would write it — proves, verifies,
/// batches beside the registered ones and refuses what its limits exclude, through the same
/// handle: adding a suite edits no dispatch code.
#[test]
fn suites_outside_the_registry_join_through_the_trait() {
    struct Renamed;
    static PARAMETERS: [ParameterSpec; 2] = [
        ParameterSpec::integer("exponent", -1, 18, "a parameter of its own"),
        ParameterSpec::bytes("tag", 1, 8, "another"),
    ];
    static INFO: SuiteInfo =
        SuiteInfo::new("bulletproofs", "ristretto255", "renamed", &[8, 16], 4, 32)
            .with_transcript_label()
            .with_parameters(&PARAMETERS);
    impl ProofSuite for Renamed {
        fn info(&self) -> &SuiteInfo {
            &INFO
        }
        fn new_state(&self, sharing: StateSharing) -> Box<SuiteState> {
            Suite::DALEK_BULLETPROOFS.0.new_state(sharing)
        }
        // The reference's prover, renamed: a suite outside the registry lends another's.
        fn prover(&self) -> Option<&dyn SuiteProver> {
            Suite::DALEK_BULLETPROOFS.0.prover()
        }
        fn check_encoding(&self, proof: &[u8]) -> Result<(), ProofError> {
            Suite::DALEK_BULLETPROOFS.0.check_encoding(proof)
        }
        fn verify(
            &self,
            state: &SuiteState,
            st: &SuiteStatement,
            proof: &[u8],
            commitments: &[Vec<u8>],
            rng: &mut dyn CryptoRngCore,
        ) -> Result<(), ProofError> {
            Suite::DALEK_BULLETPROOFS
                .0
                .verify(state, st, proof, commitments, rng)
        }
        fn add_to_batch<'c>(
            &self,
            state: &'c SuiteState,
            batch: &mut GroupBatches<'c>,
            st: &SuiteStatement,
            proof: &[u8],
            commitments: &[Vec<u8>],
            rng: &mut dyn CryptoRngCore,
        ) -> Result<BatchSlot, ProofError> {
            Suite::DALEK_BULLETPROOFS
                .0
                .add_to_batch(state, batch, st, proof, commitments, rng)
        }
    }
    static RENAMED: Renamed = Renamed;
    let renamed = Suite::custom(&RENAMED);
    assert_ne!(renamed, Suite::DALEK_BULLETPROOFS);
    assert_eq!(renamed.flavor(), "renamed");
    assert!(!Suite::ALL.contains(&renamed));
    let st = statement(renamed, 16);
    let ours = renamed.prove(&st, &[3, 65535], &mut OsRng).unwrap();
    renamed
        .verify(&st, &ours.proof, &ours.commitments, &mut OsRng)
        .unwrap();
    let dalek_st = statement(Suite::DALEK_BULLETPROOFS, 64);
    let theirs = Suite::DALEK_BULLETPROOFS
        .prove(&dalek_st, &[1], &mut OsRng)
        .unwrap();
    let mut batch = SuiteBatch::new();
    batch
        .add(renamed, &st, &ours.proof, &ours.commitments, &mut OsRng)
        .unwrap();
    batch
        .add(
            Suite::DALEK_BULLETPROOFS,
            &dalek_st,
            &theirs.proof,
            &theirs.commitments,
            &mut OsRng,
        )
        .unwrap();
    assert_eq!(batch.verify(), Ok(()));
    // Its limits are the handle's to enforce: no minimum values, no recovery nonce.
    let mut with_minimums = st.clone();
    with_minimums.minimum_values = Some(vec![0, 0]);
    assert_eq!(
        renamed.prove(&with_minimums, &[3, 4], &mut OsRng).err(),
        Some(ProofError::Statement(StatementError::UnusedStatementField(
            crate::StatementField::MinimumValues
        )))
    );
    #[cfg(feature = "std")]
    assert_eq!(
        renamed
            .recover(&st, &ours.proof, &ours.commitments, &[1; 32])
            .err(),
        Some(ProofError::NoRecoveryNonce)
    );
    // Its own parameters reach it checked: declared, of their kind, within their bounds
    // (the bounds in the error); other suites refuse them.
    let with = |name: &str, value: ParameterValue| {
        let mut st = st.clone();
        st.parameters.insert(name.into(), value);
        st
    };
    let good = with("exponent", ParameterValue::Integer(-1));
    assert_eq!(renamed.check_statement(&good, 1), Ok(()));
    let good = with("tag", ParameterValue::Bytes(vec![7; 8]));
    assert!(renamed.prove(&good, &[3], &mut OsRng).is_ok());
    for (name, value, min, max) in [
        ("exponent", ParameterValue::Integer(19), -1, 18),
        ("exponent", ParameterValue::Integer(-2), -1, 18),
        ("exponent", ParameterValue::Bytes(vec![1]), -1, 18),
        ("tag", ParameterValue::Bytes(Vec::new()), 1, 8),
        ("tag", ParameterValue::Bytes(vec![0; 9]), 1, 8),
        ("tag", ParameterValue::Integer(1), 1, 8),
    ] {
        let name: &'static str = if name == "tag" { "tag" } else { "exponent" };
        assert_eq!(
            renamed
                .prove(&with(name, value.clone()), &[3], &mut OsRng)
                .err(),
            Some(ProofError::Statement(StatementError::InvalidParameter {
                name,
                min,
                max
            })),
            "{name} = {value:?}"
        );
    }
    assert_eq!(
        renamed.check_statement(&with("other", ParameterValue::Integer(0)), 1),
        Err(StatementError::UndeclaredParameter)
    );
    let mut dalek_with = dalek_st.clone();
    dalek_with
        .parameters
        .insert("exponent".into(), ParameterValue::Integer(0));
    assert!(matches!(
        Suite::DALEK_BULLETPROOFS.verify(
            &dalek_with,
            &theirs.proof,
            &theirs.commitments,
            &mut OsRng
        ),
        Err(ProofError::Statement(StatementError::UndeclaredParameter))
    ));
}

#[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
#[test]
fn names_resolve_both_ways() {
    for &suite in Suite::ALL {
        assert_eq!(
            Suite::find(suite.scheme(), suite.group(), suite.flavor()),
            Some(suite)
        );
        // A scheme on a group with one deployment resolves to it; with several (this crate's
        // test-only deployment beside the reference), to the group's default: the first.
        let same_group: Vec<Suite> = Suite::ALL
            .iter()
            .copied()
            .filter(|s| s.scheme() == suite.scheme() && s.group() == suite.group())
            .collect();
        let expected = if same_group.len() == 1 {
            suite
        } else {
            same_group[0]
        };
        assert_eq!(
            Suite::resolve(suite.scheme(), Some(suite.group()), None),
            Some(expected)
        );
        assert_eq!(
            Suite::resolve(suite.scheme(), None, Some(suite.flavor())),
            Some(suite)
        );
    }
    assert_eq!(
        Suite::resolve("bulletproofs", None, None),
        Some(Suite::DALEK_BULLETPROOFS)
    );
    assert_eq!(
        Suite::resolve("bulletproofs+", None, None),
        Some(Suite::TARI_BULLETPROOFS_PLUS)
    );
    assert_eq!(Suite::resolve("bulletproofs", None, Some("tari")), None);
    assert_eq!(Suite::find("groth16", "ristretto255", "dalek"), None);
}

/// Every suite: prove, verify alone, verify in one mixed batch, and name the invalid ones.
#[test]
#[cfg(all(
    feature = "tari",
    feature = "monero",
    feature = "solana",
    feature = "secp256k1-zkp"
))]
fn every_suite_proves_verifies_and_batches() {
    let mut made = Vec::new();
    // The aggregating range proofs (Elements' suites: their own test below).
    for &suite in Suite::ALL.iter().filter(|s| s.max_values() > 1) {
        let bits = *suite.supported_bits().last().expect("some bit size");
        let st = statement(suite, bits);
        let values = [0, u64::MAX >> (64 - bits), 7, 1];
        let proved = suite.prove(&st, &values, &mut OsRng).expect("proves");
        assert_eq!(proved.commitments.len(), 4);
        assert!(proved
            .commitments
            .iter()
            .all(|c| c.len() == suite.commitment_len()));
        assert_eq!(proved.blindings.len(), 4);
        suite
            .verify(&st, &proved.proof, &proved.commitments, &mut OsRng)
            .expect("verifies");
        assert!(suite.check_encoding(&proved.proof).is_ok());
        assert!(suite
            .check_encoding(&proved.proof[..proved.proof.len() - 1])
            .is_err());
        let mut wrong = proved.commitments.clone();
        wrong.swap(0, 2);
        assert_eq!(
            suite.verify(&st, &proved.proof, &wrong, &mut OsRng),
            Err(ProofError::VerificationFailed)
        );
        made.push((suite, st, proved, wrong));
    }
    let mut batch = SuiteBatch::new();
    for (suite, st, proved, _) in &made {
        batch
            .add(*suite, st, &proved.proof, &proved.commitments, &mut OsRng)
            .unwrap();
    }
    assert_eq!(batch.verify(), Ok(()));
    // Every other proof of each group is given another proof's commitments, so each group's
    // batch holds both verdicts.
    let invalid: Vec<usize> = (0..made.len())
        .filter(|&k| {
            let group = made[k].0.group();
            made[..k].iter().filter(|m| m.0.group() == group).count() % 2 == 1
        })
        .collect();
    let mut batch = SuiteBatch::new();
    for (k, (suite, st, proved, wrong)) in made.iter().enumerate() {
        let commitments = if invalid.contains(&k) {
            wrong
        } else {
            &proved.commitments
        };
        batch
            .add(*suite, st, &proved.proof, commitments, &mut OsRng)
            .unwrap();
    }
    assert_eq!(
        batch.verify(),
        Err(BatchError {
            invalid: invalid.clone(),
            ..Default::default()
        })
    );
    // Every aggregating suite of the registry took part, the test-only deployment (registered
    // last) among them, and each group had proofs on both sides of the mix.
    let aggregating = Suite::ALL.iter().filter(|s| s.max_values() > 1).count();
    assert_eq!(made.len(), aggregating);
    assert_eq!(made.last().map(|m| m.0.flavor()), Some("relabelled"));
    for group in ["ristretto255", "ed25519", "secp256k1"] {
        let sides: Vec<bool> = (0..made.len())
            .filter(|&k| made[k].0.group() == group)
            .map(|k| invalid.contains(&k))
            .collect();
        assert!(sides.contains(&true) && sides.contains(&false), "{group}");
    }
    // Undecodable input is refused at `add`, with its reason.
    let (suite, st, proved, _) = &made[0];
    assert!(batch
        .add(
            *suite,
            st,
            &proved.proof[1..],
            &proved.commitments,
            &mut OsRng
        )
        .is_err());
    assert_eq!(
        batch.add(*suite, st, &proved.proof, &[vec![0u8; 31]], &mut OsRng),
        Err(ProofError::Decode(DecodeError::InvalidPoint))
    );
}

/// Existing openings prove: the same blindings give the same commitments (so a proof can
/// be made for outputs that already exist), the proof verifies, and bad openings are
/// refused with typed errors.
#[test]
fn every_suite_proves_for_given_blindings() {
    for &suite in Suite::ALL.iter().filter(|s| s.max_values() > 1) {
        let st = statement(suite, 64);
        let values = [7u64, u64::MAX];
        let first = suite.prove(&st, &values, &mut OsRng).unwrap();
        let again = suite
            .prove_with_blindings(&st, &values, &first.blindings, &mut OsRng)
            .unwrap();
        assert_eq!(again.commitments, first.commitments, "{suite:?}");
        let committed = suite.commit(&st, &values, &first.blindings).unwrap();
        assert_eq!(
            committed, first.commitments,
            "{suite:?}: commit agrees with prove"
        );
        suite
            .verify(&st, &again.proof, &again.commitments, &mut OsRng)
            .unwrap();
        let short = &first.blindings[..1];
        assert!(matches!(
            suite.prove_with_blindings(&st, &values, short, &mut OsRng),
            Err(ProofError::Statement(
                StatementError::MismatchedLengths { .. }
            ))
        ));
        let mut bad = first.blindings.to_vec();
        bad[0][0] = vec![0xff; bad[0][0].len()];
        assert!(suite
            .prove_with_blindings(&st, &values, &bad, &mut OsRng)
            .is_err());
        bad[0][0] = vec![1; 5];
        assert!(suite
            .prove_with_blindings(&st, &values, &bad, &mut OsRng)
            .is_err());
        let mut two = first.blindings.to_vec();
        let extra = two[1][0].clone();
        two[1].push(extra);
        assert!(suite
            .prove_with_blindings(&st, &values, &two, &mut OsRng)
            .is_err());
    }
}

/// Elements' suites through the registry: a Borromean proof made, verified, rewound and
/// refused when tampered; a surjection proof (made with the typed API) verified from its
/// parameters; both in one batch with a Grin proof, the invalid ones named.
#[cfg(feature = "secp256k1-zkp")]
#[test]
fn elements_suites_prove_verify_recover_and_batch_with_the_others() {
    use crate::secp256k1_zkp::generator::generator_generate_blinded;
    use crate::secp256k1_zkp::surjection;
    use k256::elliptic_curve::Field;

    let borromean = Suite::find("borromean", "secp256k1", "elements").unwrap();
    let asset = generator_generate_blinded(&[7; 32], &k256::Scalar::from(3u64)).unwrap();
    let mut st = SuiteStatement {
        extension_degree: 1,
        ..SuiteStatement::default()
    };
    st.parameters.insert(
        "value_generator".into(),
        ParameterValue::Bytes(asset.to_bytes().to_vec()),
    );
    st.parameters.insert(
        "extra_data".into(),
        ParameterValue::Bytes(b"scriptPubKey".to_vec()),
    );
    st.parameters
        .insert("message".into(), ParameterValue::Bytes(b"hello".to_vec()));
    let blindings = borromean.random_blindings(1, 1, &mut OsRng);
    let nonce = [9u8; 32];
    let proved = borromean
        .prove_recoverable(&st, &[1234], &blindings, &nonce, &mut OsRng)
        .unwrap();
    // Liquid's defaults: 52 bits, exponent 0, minimum 1.
    assert_eq!(proved.proof.len(), 4174);
    borromean
        .verify(&st, &proved.proof, &proved.commitments, &mut OsRng)
        .unwrap();
    assert!(borromean.check_encoding(&proved.proof).is_ok());
    let got = borromean
        .recover(&st, &proved.proof, &proved.commitments, &nonce)
        .unwrap();
    assert_eq!((got.value, got.checked), (Some(1234), true));
    assert_eq!(got.blindings.as_slice(), &blindings[0][..]);
    assert!(got.message.unwrap().starts_with(b"hello"));
    // Refused: a bit size, a generator count, two values, an exponent out of bounds.
    let with = |f: &dyn Fn(&mut SuiteStatement)| {
        let mut s = st.clone();
        f(&mut s);
        s
    };
    assert!(borromean
        .prove(&with(&|s| s.bits = 64), &[1], &mut OsRng)
        .is_err());
    assert!(borromean
        .prove(
            &with(&|s| {
                s.parameters
                    .insert("generators_n".into(), ParameterValue::Integer(128));
            }),
            &[1],
            &mut OsRng
        )
        .is_err());
    assert_eq!(
        borromean.prove(&st, &[1, 2], &mut OsRng).err(),
        Some(ProofError::Statement(StatementError::InvalidAggregation {
            given: 2,
            max: 1
        }))
    );
    let exp_19 = with(&|s| {
        s.parameters
            .insert("exp".into(), ParameterValue::Integer(19));
    });
    assert!(matches!(
        borromean.prove(&exp_19, &[1], &mut OsRng),
        Err(ProofError::Statement(StatementError::InvalidParameter {
            name: "exp",
            ..
        }))
    ));

    // A surjection proof of 3 inputs, verified by the suite from its parameters.
    let surjection_suite = Suite::find("surjection", "secp256k1", "elements").unwrap();
    let tags = [[1u8; 32], [2; 32], [7; 32]];
    let blinds: Vec<k256::Scalar> = (0..3).map(|_| k256::Scalar::random(&mut OsRng)).collect();
    let inputs: Vec<_> = tags
        .iter()
        .zip(&blinds)
        .map(|(t, b)| generator_generate_blinded(t, b).unwrap())
        .collect();
    let selection = surjection::initialize(&tags, 3, &[7; 32], 100, &[5; 32]).unwrap();
    let sproof = surjection::generate(
        &selection,
        &inputs,
        &asset,
        &blinds[2],
        &k256::Scalar::from(3u64),
        None,
    )
    .unwrap()
    .to_bytes();
    let mut sst = SuiteStatement {
        extension_degree: 1,
        ..SuiteStatement::default()
    };
    sst.parameters.insert(
        "input_generators".into(),
        ParameterValue::ByteList(inputs.iter().map(|g| g.to_bytes().to_vec()).collect()),
    );
    sst.parameters.insert(
        "output_generator".into(),
        ParameterValue::Bytes(asset.to_bytes().to_vec()),
    );
    surjection_suite
        .verify(&sst, &sproof, &[], &mut OsRng)
        .unwrap();
    assert!(matches!(
        surjection_suite.prove(&sst, &[1], &mut OsRng),
        Err(ProofError::Unsupported(_))
    ));
    let mut missing = sst.clone();
    missing.parameters.remove("output_generator");
    assert_eq!(
        surjection_suite.verify(&missing, &sproof, &[], &mut OsRng),
        Err(ProofError::Statement(StatementError::MissingParameter(
            "output_generator"
        )))
    );

    // One batch: Grin, Borromean, surjection, each valid and each tampered.
    let grin = Suite::GRIN_BULLETPROOFS;
    let gst = statement(grin, 64);
    let gp = grin.prove(&gst, &[5], &mut OsRng).unwrap();
    // The last byte of the last s value: still a canonical scalar, so the proof decodes
    // and joins the batch, where it fails.
    let mut bad_b = proved.proof.clone();
    let end = bad_b.len() - 1;
    bad_b[end] ^= 1;
    let mut bad_s = sproof.clone();
    let last = bad_s.len() - 1;
    bad_s[last] ^= 1;
    let mut batch = SuiteBatch::new();
    batch
        .add(grin, &gst, &gp.proof, &gp.commitments, &mut OsRng)
        .unwrap();
    batch
        .add(
            borromean,
            &st,
            &proved.proof,
            &proved.commitments,
            &mut OsRng,
        )
        .unwrap();
    batch
        .add(surjection_suite, &sst, &sproof, &[], &mut OsRng)
        .unwrap();
    batch
        .add(borromean, &st, &bad_b, &proved.commitments, &mut OsRng)
        .unwrap();
    batch
        .add(surjection_suite, &sst, &bad_s, &[], &mut OsRng)
        .unwrap();
    batch
        .add(grin, &gst, &gp.proof, &gp.commitments, &mut OsRng)
        .unwrap();
    assert_eq!(
        batch.verify(),
        Err(BatchError {
            invalid: vec![3, 4],
            ..Default::default()
        })
    );
}

/// Tari's mask recovery and Grin's rewind through the suite: the nonce gives back the
/// blindings (and Grin's value); another nonce does not; other suites have none.
#[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
#[test]
fn recovery_nonces_recover_openings() {
    let nonce = Ristretto255::random_scalar(&mut OsRng).to_bytes();
    for suite in [Suite::TARI_BULLETPROOFS_PLUS, Suite::GRIN_BULLETPROOFS] {
        let st = statement(suite, 64);
        let blindings = suite.random_blindings(1, 1, &mut OsRng);
        let p = suite
            .prove_recoverable(&st, &[4242], &blindings, &nonce, &mut OsRng)
            .unwrap();
        let got = suite
            .recover(&st, &p.proof, &p.commitments, &nonce)
            .unwrap();
        assert_eq!(got.blindings.as_slice(), &blindings[0][..], "{suite:?}");
        if suite == Suite::GRIN_BULLETPROOFS {
            assert_eq!(got.value, Some(4242));
        }
        let mut other = nonce;
        other[0] ^= 1;
        match suite.recover(&st, &p.proof, &p.commitments, &other) {
            Ok(wrong) => assert_ne!(wrong.blindings.as_slice(), &blindings[0][..]),
            Err(e) => assert_eq!(e, ProofError::RewindFailed),
        }
        // A tampered proof recovers nothing.
        let mut bad = p.proof.clone();
        let last = bad.len() - 1;
        bad[last - 40] ^= 1;
        assert!(suite.recover(&st, &bad, &p.commitments, &nonce).is_err());
    }
    let st = statement(Suite::DALEK_BULLETPROOFS, 64);
    let b = Suite::DALEK_BULLETPROOFS.random_blindings(1, 1, &mut OsRng);
    assert_eq!(
        Suite::DALEK_BULLETPROOFS
            .prove_recoverable(&st, &[1], &b, &nonce, &mut OsRng)
            .err(),
        Some(ProofError::NoRecoveryNonce)
    );
}

/// Tari's seed nonce may be any 32 bytes (`openssl rand -hex 32`): bytes that are not a
/// canonical scalar stand for their reduction mod ℓ, in proving and recovery alike, so
/// they recover the openings, and so does the reduced scalar's own encoding.
#[cfg(feature = "tari")]
#[test]
fn tari_seeds_are_any_32_bytes() {
    use rand::RngCore;
    let tari = Suite::TARI_BULLETPROOFS_PLUS;
    let st = statement(tari, 64);
    for raw in [[0xffu8; 32], [0xedu8; 32], {
        let mut above = [0u8; 32];
        OsRng.fill_bytes(&mut above);
        above[31] |= 0xf0;
        above
    }] {
        assert!(
            Option::<curve25519_dalek::Scalar>::from(
                curve25519_dalek::Scalar::from_canonical_bytes(raw)
            )
            .is_none(),
            "the test needs a non-canonical encoding"
        );
        let blindings = tari.random_blindings(1, 1, &mut OsRng);
        let p = tari
            .prove_recoverable(&st, &[31337], &blindings, &raw, &mut OsRng)
            .unwrap();
        let reduced = curve25519_dalek::Scalar::from_bytes_mod_order(raw).to_bytes();
        for nonce in [raw, reduced] {
            let got = tari
                .recover_with_value(&st, &p.proof, &p.commitments, &nonce, Some(31337))
                .unwrap();
            assert!(got.checked);
            assert_eq!(got.blindings.as_slice(), &blindings[0][..]);
        }
    }
}

/// A recovery is checked against the commitment whenever the value is known: Grin's rewind
/// always, Tari's mask recovery when the caller gives the value. A wrong seed then fails
/// instead of returning blindings that open nothing.
#[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
#[test]
fn recoveries_are_checked_against_the_commitment() {
    let seed = Ristretto255::random_scalar(&mut OsRng).to_bytes();
    let tari = Suite::TARI_BULLETPROOFS_PLUS;
    let st = statement(tari, 64);
    let blindings = tari.random_blindings(1, 1, &mut OsRng);
    let p = tari
        .prove_recoverable(&st, &[77], &blindings, &seed, &mut OsRng)
        .unwrap();
    let plain = tari
        .prove_with_blindings(&st, &[77], &blindings, &mut OsRng)
        .unwrap();
    let recover = |proof: &[u8], nonce: &[u8; 32], value| {
        tari.recover_with_value(&st, proof, &p.commitments, nonce, value)
    };
    let good = recover(&p.proof, &seed, Some(77)).unwrap();
    assert!(good.checked);
    assert_eq!(good.blindings.as_slice(), &blindings[0][..]);
    let unchecked = recover(&p.proof, &seed, None).unwrap();
    assert!(!unchecked.checked);
    let mut wrong = seed;
    wrong[0] ^= 1;
    assert_eq!(
        recover(&p.proof, &wrong, Some(77)).err(),
        Some(ProofError::RewindFailed)
    );
    assert_eq!(
        recover(&p.proof, &seed, Some(78)).err(),
        Some(ProofError::RewindFailed)
    );
    // A proof made without a seed recovers nothing that opens the commitment.
    assert_eq!(
        recover(&plain.proof, &seed, Some(77)).err(),
        Some(ProofError::RewindFailed)
    );
    assert!(!recover(&plain.proof, &seed, None).unwrap().checked);

    let grin = Suite::GRIN_BULLETPROOFS;
    let st = statement(grin, 64);
    let blindings = grin.random_blindings(1, 1, &mut OsRng);
    let p = grin
        .prove_recoverable(&st, &[5], &blindings, &seed, &mut OsRng)
        .unwrap();
    let got = grin.recover(&st, &p.proof, &p.commitments, &seed).unwrap();
    assert!(got.checked);
    assert_eq!(
        grin.recover_with_value(&st, &p.proof, &p.commitments, &seed, Some(6))
            .err(),
        Some(ProofError::RewindFailed)
    );
    assert_eq!(
        Suite::DALEK_BULLETPROOFS
            .recover(
                &statement(Suite::DALEK_BULLETPROOFS, 64),
                &p.proof,
                &[],
                &seed
            )
            .err(),
        Some(ProofError::NoRecoveryNonce)
    );
}

/// A statement field the suite does not use is refused by every entry point, not ignored:
/// dalek's verify used to accept minimum values and check a proof without them.
#[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
#[test]
fn statements_with_fields_the_suite_does_not_use_are_refused() {
    let dalek = Suite::DALEK_BULLETPROOFS;
    let st = statement(dalek, 64);
    let p = dalek.prove(&st, &[3], &mut OsRng).unwrap();
    dalek
        .verify(&st, &p.proof, &p.commitments, &mut OsRng)
        .unwrap();
    type Mutation = fn(&mut SuiteStatement);
    let mutations: [(Suite, Mutation); 8] = [
        (dalek, |s| s.minimum_values = Some(vec![0])),
        (dalek, |s| s.extension_degree = 2),
        (dalek, |s| s.extension_degree = 0),
        (dalek, |s| {
            s.parameters
                .insert("generators_n".into(), ParameterValue::Integer(256));
        }),
        (dalek, |s| {
            s.parameters.insert(
                "value_generator".into(),
                ParameterValue::Bytes(vec![0x0a; 33]),
            );
        }),
        (dalek, |s| {
            s.parameters
                .insert("extra_data".into(), ParameterValue::Bytes(vec![1]));
        }),
        (Suite::MONERO_BULLETPROOFS, |s| {
            s.transcript_label = b"x".to_vec()
        }),
        (Suite::GRIN_BULLETPROOFS, |s| s.extension_degree = 3),
    ];
    for (suite, mutate) in mutations {
        let mut bad = statement(suite, 64);
        mutate(&mut bad);
        let err = suite.check_statement(&bad, 1).unwrap_err();
        assert!(
            matches!(
                err,
                StatementError::UnusedStatementField(_)
                    | StatementError::InvalidExtensionDegree { .. }
                    | StatementError::UndeclaredParameter
            ),
            "{suite:?}: {err:?}"
        );
        let err = ProofError::Statement(err);
        assert_eq!(suite.prove(&bad, &[3], &mut OsRng).err(), Some(err));
        if suite == dalek {
            assert_eq!(
                suite
                    .verify(&bad, &p.proof, &p.commitments, &mut OsRng)
                    .err(),
                Some(err)
            );
            let mut batch = SuiteBatch::new();
            assert_eq!(
                batch
                    .add(suite, &bad, &p.proof, &p.commitments, &mut OsRng)
                    .err(),
                Some(err)
            );
            assert_eq!(
                suite.commit(&bad, &[3], &[vec![vec![1; 32]]]).err(),
                Some(err)
            );
        }
    }
}

#[cfg(all(feature = "tari", feature = "monero", feature = "secp256k1-zkp"))]
#[test]
fn monero_statements_are_monero_shaped() {
    for suite in [Suite::MONERO_BULLETPROOFS, Suite::MONERO_BULLETPROOFS_PLUS] {
        let mut st = statement(suite, 64);
        st.transcript_label = b"label".to_vec();
        assert_eq!(
            suite.prove(&st, &[1], &mut OsRng).err(),
            Some(ProofError::Statement(StatementError::UnusedStatementField(
                crate::StatementField::TranscriptLabel
            )))
        );
    }
}

/// Solana's statements: each value's own bit length (or one bit size for all), the lengths'
/// total an instruction kind; bit lengths nowhere else, and never beside a bit size.
#[test]
#[cfg(feature = "solana")]
fn solana_statements_take_bit_lengths() {
    let suite = Suite::SOLANA_BULLETPROOFS;
    assert!(suite.takes_bit_lengths());
    assert!(!Suite::DALEK_BULLETPROOFS.takes_bit_lengths());
    let own = |lengths: &[usize]| SuiteStatement {
        bit_lengths: lengths.to_vec(),
        ..statement(suite, 0)
    };
    for lengths in [
        &[1usize, 63][..],
        &[64, 16, 32, 16],
        &[64, 64, 64, 32, 16, 8, 4, 4],
    ] {
        let st = own(lengths);
        let values: Vec<u64> = lengths.iter().map(|&n| u64::MAX >> (64 - n)).collect();
        let proved = suite.prove(&st, &values, &mut OsRng).expect("proves");
        suite
            .verify(&st, &proved.proof, &proved.commitments, &mut OsRng)
            .expect("verifies");
        // The same proof under another split of the same total is refused.
        let mut other = lengths.to_vec();
        other.reverse();
        if other != lengths {
            assert!(suite
                .verify(&own(&other), &proved.proof, &proved.commitments, &mut OsRng)
                .is_err());
        }
    }
    // One bit size for all: its count times it is the kind.
    let proved = suite
        .prove(&statement(suite, 32), &[1, 2, 3, 4], &mut OsRng)
        .expect("4 x 32 = 128");
    assert_eq!(proved.proof.len(), 736);
    let refused = |st: &SuiteStatement, values: &[u64]| suite.prove(st, values, &mut OsRng).err();
    let statement_error = |e| Some(ProofError::Statement(e));
    assert_eq!(
        refused(&statement(suite, 32), &[1, 2, 3]),
        statement_error(StatementError::InvalidBitTotal {
            total: 96,
            allowed: &[64, 128, 256]
        })
    );
    assert_eq!(
        refused(&own(&[0, 64]), &[0, 0]),
        statement_error(StatementError::InvalidBitLength(0))
    );
    assert_eq!(
        refused(&own(&[65, 63]), &[0, 0]),
        statement_error(StatementError::InvalidBitLength(65))
    );
    assert_eq!(
        refused(&own(&[32, 32]), &[0]),
        statement_error(StatementError::MismatchedBitLengths {
            values: 1,
            bit_lengths: 2
        })
    );
    assert_eq!(
        refused(&own(&[8; 9]), &[0; 9]),
        statement_error(StatementError::InvalidAggregation { given: 9, max: 8 })
    );
    assert_eq!(
        refused(
            &SuiteStatement {
                bits: 64,
                ..own(&[64])
            },
            &[0]
        ),
        statement_error(StatementError::UnusedStatementField(
            StatementField::BitsBesideBitLengths
        ))
    );
    assert_eq!(
        Suite::DALEK_BULLETPROOFS
            .prove(
                &SuiteStatement {
                    bit_lengths: vec![64],
                    ..statement(Suite::DALEK_BULLETPROOFS, 0)
                },
                &[0],
                &mut OsRng
            )
            .err(),
        statement_error(StatementError::UnusedStatementField(
            StatementField::BitLengths
        ))
    );
}

/// MWEB's flavor is Grin's proof under fixed parameters: one 64-bit value on \\(H\\), 256
/// generators, the output's message required as extra data, no recovery nonce. Its proofs
/// are Grin proofs with those parameters (both ways), bind the message, batch with the
/// other suites, and statements outside the fixed shape are refused.
#[cfg(feature = "mweb")]
#[test]
fn mweb_statements_are_grin_statements_with_fixed_parameters() {
    let mweb = Suite::MWEB_BULLETPROOFS;
    assert_eq!(Suite::find("bulletproofs", "secp256k1", "mweb"), Some(mweb));
    assert_eq!(
        Suite::resolve("bulletproofs", Some("secp256k1"), None),
        Some(Suite::GRIN_BULLETPROOFS)
    );
    let message = vec![0x01; 59];
    let mut st = statement(mweb, 64);
    st.parameters
        .insert("extra_data".into(), ParameterValue::Bytes(message.clone()));
    let grin = Suite::GRIN_BULLETPROOFS;
    let mut grin_st = st.clone();
    grin_st
        .parameters
        .insert("generators_n".into(), ParameterValue::Integer(256));

    let mut batch = SuiteBatch::new();
    for value in [0, 1, u64::MAX] {
        let made = mweb.prove(&st, &[value], &mut OsRng).unwrap();
        assert!(made.rewind_nonce.is_none(), "MWEB proofs carry no nonce");
        assert_eq!(made.proof.len(), 675);
        mweb.verify(&st, &made.proof, &made.commitments, &mut OsRng)
            .unwrap();
        grin.verify(&grin_st, &made.proof, &made.commitments, &mut OsRng)
            .unwrap();
        let by_grin = grin.prove(&grin_st, &[value], &mut OsRng).unwrap();
        mweb.verify(&st, &by_grin.proof, &by_grin.commitments, &mut OsRng)
            .unwrap();
        batch
            .add(mweb, &st, &made.proof, &made.commitments, &mut OsRng)
            .unwrap();
        // The message is bound: one bit of it changed fails.
        let mut other = st.clone();
        let mut flipped = message.clone();
        flipped[58] ^= 1;
        other
            .parameters
            .insert("extra_data".into(), ParameterValue::Bytes(flipped));
        assert_eq!(
            mweb.verify(&other, &made.proof, &made.commitments, &mut OsRng),
            Err(ProofError::VerificationFailed)
        );
        batch
            .add(mweb, &other, &made.proof, &made.commitments, &mut OsRng)
            .unwrap();
        assert_eq!(
            mweb.recover(&st, &made.proof, &made.commitments, &[0; 32])
                .err(),
            Some(ProofError::NoRecoveryNonce)
        );
    }
    let dalek = Suite::DALEK_BULLETPROOFS;
    let ref_st = statement(dalek, 32);
    let reference = dalek.prove(&ref_st, &[5], &mut OsRng).unwrap();
    batch
        .add(
            dalek,
            &ref_st,
            &reference.proof,
            &reference.commitments,
            &mut OsRng,
        )
        .unwrap();
    assert_eq!(
        batch.verify(),
        Err(BatchError {
            invalid: vec![1, 3, 5],
            ..Default::default()
        })
    );

    type Mutation = fn(&mut SuiteStatement);
    let mutations: [(Mutation, StatementError); 5] = [
        (
            |s| {
                s.parameters.remove("extra_data");
            },
            StatementError::MissingParameter("extra_data"),
        ),
        (
            |s| {
                s.parameters
                    .insert("extra_data".into(), ParameterValue::Bytes(vec![]));
            },
            StatementError::InvalidParameter {
                name: "extra_data",
                min: 1,
                max: crate::mweb::MAX_BYTES as i64,
            },
        ),
        (
            |s| {
                s.parameters
                    .insert("generators_n".into(), ParameterValue::Integer(256));
            },
            StatementError::UndeclaredParameter,
        ),
        (
            |s| {
                s.parameters.insert(
                    "value_generator".into(),
                    ParameterValue::Bytes(vec![0x0a; 33]),
                );
            },
            StatementError::UndeclaredParameter,
        ),
        (
            |s| s.bits = 32,
            StatementError::InvalidBitsize {
                given: 32,
                supported: &[64],
            },
        ),
    ];
    for (mutate, expected) in mutations {
        let mut bad = st.clone();
        mutate(&mut bad);
        assert_eq!(mweb.check_statement(&bad, 1), Err(expected));
    }
    assert!(mweb.check_statement(&st, 2).is_err(), "one value a proof");
    let opening = mweb.prove(&st, &[1], &mut OsRng).unwrap().blindings;
    assert_eq!(
        mweb.prove_recoverable(&st, &[1], &opening, &[7; 32], &mut OsRng)
            .err(),
        Some(ProofError::NoRecoveryNonce)
    );
}

/// A refusal for too many values carries the suite's own limit (Grin's 256, Monero's 16, one
/// for Elements' and MWEB's), so no front end rewords it with another suite's.
#[test]
fn too_many_values_name_the_suites_own_limit() {
    let mut checked = 0;
    for &suite in Suite::ALL.iter().filter(|s| s.max_values() > 0) {
        let bits = *suite.supported_bits().last().unwrap_or(&64);
        let st = statement(suite, bits);
        let max = suite.max_values();
        if let Err(refused) = suite.check_statement(&st, max) {
            // A statement that needs fields of its own (its own tests): refused for them, not
            // for the count.
            assert!(
                !matches!(refused, StatementError::InvalidAggregation { .. }),
                "{}",
                suite.name()
            );
            continue;
        }
        assert_eq!(
            suite.check_statement(&st, max + 1),
            Err(StatementError::InvalidAggregation {
                given: max + 1,
                max
            }),
            "{}",
            suite.name()
        );
        checked += 1;
    }
    // Every build has suites that take the plain statement (the dalek-only one, three).
    assert!(checked >= 3, "{checked} suites checked");
}

/// Errors carry the suite's own limits, so no front end rewords them from a list of its own:
/// a bit size outside the suite's, a count of values past its maximum, an extension degree
/// past the most any suite takes.
#[test]
fn shape_errors_carry_each_suites_limits() {
    for &suite in Suite::ALL {
        let info = suite.info();
        if !info.bits.is_empty() && !info.bit_lengths {
            let mut st = statement(suite, info.bits[0]);
            st.bits = 12;
            assert_eq!(
                suite.check_statement(&st, 1),
                Err(StatementError::InvalidBitsize {
                    given: 12,
                    supported: info.bits,
                }),
                "{suite:?}"
            );
        }
        if info.max_values > 0 && !info.bits.is_empty() {
            let mut st = statement(suite, info.bits[0]);
            // Required parameters at their least (MWEB's message), so the count is what fails.
            for spec in info.parameters.iter().filter(|spec| spec.required) {
                let least = usize::try_from(spec.min).unwrap_or(0);
                let value = match spec.kind {
                    ParameterKind::Integer => ParameterValue::Integer(spec.min),
                    ParameterKind::Bytes => ParameterValue::Bytes(vec![1; least]),
                    _ => ParameterValue::ByteList(vec![vec![1; spec.item_len]; least]),
                };
                st.parameters.insert(spec.name.into(), value);
            }
            let past = info.max_values + 1;
            let got = suite.check_statement(&st, past);
            assert!(
                matches!(
                    got,
                    Err(StatementError::InvalidAggregation { given, max })
                        if given == past && max == info.max_values
                ) || matches!(got, Err(StatementError::InvalidPowerOfTwoAggregation(_))),
                "{suite:?}: {got:?}"
            );
        }
        let mut st = statement(suite, info.bits.first().copied().unwrap_or(0));
        st.extension_degree = crate::bulletproofs_plus::MAX_EXTENSION_DEGREE + 1;
        assert_eq!(
            suite.check_statement_fields(&st),
            Err(StatementError::InvalidExtensionDegree {
                given: crate::bulletproofs_plus::MAX_EXTENSION_DEGREE + 1,
                max: crate::bulletproofs_plus::MAX_EXTENSION_DEGREE,
            }),
            "{suite:?}"
        );
    }
}
