use super::*;
use rangeproof::suite::parameters::{bytes, integer};
use rangeproof::suite::ParameterValue;

const GENERATORS_N: &str = "generators_n";
const VALUE_GENERATOR: &str = "value_generator";
const EXTRA_DATA: &str = "extra_data";

/// A proof document through the one entry point, its reason as the front ends print it.
fn parse(text: &str) -> Result<ParsedDocument, String> {
    crate::Document::parse(text)
        .and_then(crate::Document::into_proof)
        .map_err(|e| e.to_string())
}

fn doc() -> ProofDocument {
    let mut doc = ProofDocument::new("bulletproofs", "ristretto255", "dalek");
    doc.fields.insert("transcript_label", "t");
    doc.fields.insert("bits", 64);
    doc.commitments = vec!["00".repeat(32)];
    doc.proof = Some("00".repeat(32 * 21));
    doc
}

#[test]
fn accepts_a_well_formed_document() {
    let text = serde_json::to_string(&doc()).unwrap();
    let parsed = parse(&text).unwrap();
    assert_eq!(parsed.statement.bits, 64);
    assert_eq!(parsed.commitments, vec![vec![0u8; 32]]);
    assert_eq!(parsed.suite, Suite::DALEK_BULLETPROOFS);
    let mut plus = doc();
    plus.scheme = "bulletproofs+".into();
    plus.flavor = "tari".into();
    plus.fields.insert("extension_degree", 3);
    plus.fields.insert("minimum_values", vec![5]);
    let parsed = parse(&serde_json::to_string(&plus).unwrap()).unwrap();
    assert_eq!(parsed.suite, Suite::TARI_BULLETPROOFS_PLUS);
    assert_eq!(parsed.statement.extension_degree, 3);
    assert_eq!(parsed.statement.minimum_values, Some(vec![5]));
}

#[test]
fn rejects_structural_problems_with_a_reason() {
    type Mutation = Box<dyn Fn(&mut ProofDocument)>;
    let cases: Vec<(Mutation, &str)> = vec![
        (Box::new(|d| d.scheme = "zk-snark".into()), "scheme"),
        (Box::new(|d| d.group = "secp256k1".into()), "group"),
        (
            Box::new(|d| d.fields.insert("generators_n", 256)),
            "no generators_n",
        ),
        (
            Box::new(|d| d.fields.insert("extra_data", "00")),
            "no extra_data",
        ),
        (
            Box::new(|d| d.fields.insert("value_generator", "H")),
            "no value_generator",
        ),
        (
            Box::new(|d| {
                d.scheme = "bulletproofs+".into();
                d.group = "ed25519".into();
                d.flavor = "monero".into();
                d.fields.insert("bits", 32);
            }),
            "unsupported bits 32",
        ),
        (Box::new(|d| d.flavor = "monero".into()), "flavor"),
        (Box::new(|d| d.fields.insert("bits", 12)), "bits"),
        (Box::new(|d| d.commitments.clear()), "commitments"),
        (
            Box::new(|d| d.commitments = vec!["00".repeat(32); 65]),
            "commitments",
        ),
        (
            Box::new(|d| d.commitments = vec!["00".repeat(32); 257]),
            "more than 256 commitments",
        ),
        (Box::new(|d| d.commitments[0] = "zz".into()), "hex"),
        (Box::new(|d| d.commitments[0] = "00".repeat(31)), "31 bytes"),
        (Box::new(|d| d.proof = Some("0".into())), "hex"),
        (Box::new(|d| d.proof = Some("00".repeat(40_000))), "longer"),
        (
            Box::new(|d| d.fields.insert("extension_degree", 2)),
            "extension_degree 2",
        ),
        (Box::new(|d| d.flavor = "tari".into()), "flavor"),
        (
            Box::new(|d| {
                d.scheme = "bulletproofs+".into();
                d.flavor = "tari".into();
                d.fields.insert("extension_degree", 7);
            }),
            "extension_degree",
        ),
        (
            Box::new(|d| {
                d.scheme = "bulletproofs+".into();
                d.flavor = "tari".into();
                d.fields.insert("minimum_values", vec![1, 2]);
            }),
            "minimum_values",
        ),
    ];
    for (mutate, needle) in cases {
        let mut d = doc();
        mutate(&mut d);
        let err = parse(&serde_json::to_string(&d).unwrap()).unwrap_err();
        assert!(err.contains(needle), "{err:?} should mention {needle:?}");
        assert!(!err.contains('\n'));
    }
    assert!(parse("{").unwrap_err().starts_with("not a proof document"));
    let mut long_label = doc();
    long_label
        .fields
        .insert("transcript_label", "x".repeat(MAX_TRANSCRIPT_LABEL + 1));
    let err = parse(&serde_json::to_string(&long_label).unwrap()).unwrap_err();
    assert!(err.contains("transcript_label"), "{err}");
    assert!(parse("{\"scheme\": 1}").is_err());
}

/// A document listing a million commitments (or minimum values) is refused at the 257th,
/// with a reason that says so, and without building the whole list.
#[test]
fn counts_are_enforced_while_parsing() {
    let commitment = format!("\"{}\"", "00".repeat(32));
    let many = vec![commitment.as_str(); 1_000_000].join(",");
    let text = format!(
        "{{\"scheme\":\"bulletproofs\",\"group\":\"ristretto255\",\"flavor\":\"dalek\",\
         \"transcript_label\":\"t\",\"bits\":64,\"commitments\":[{many}],\"proof\":\"\"}}"
    );
    let err = parse(&text).unwrap_err();
    assert!(err.contains("more than 256 commitments"), "{err}");
    assert!(!err.contains('\n'));

    let mut plus = doc();
    plus.scheme = "bulletproofs+".into();
    plus.flavor = "tari".into();
    plus.fields.insert("minimum_values", vec![1; 257]);
    let err = parse(&serde_json::to_string(&plus).unwrap()).unwrap_err();
    assert!(err.contains("more than 256 minimum_values"), "{err}");
    plus.fields.remove("minimum_values");
    let mut json = serde_json::to_value(&plus).unwrap();
    json["minimum_values"] = serde_json::Value::Null;
    let parsed = parse(&json.to_string()).unwrap();
    assert_eq!(parsed.suite, Suite::TARI_BULLETPROOFS_PLUS);
    assert_eq!(parsed.statement.minimum_values, None);

    let mut long = doc();
    long.commitments[0] = "00".repeat(1000);
    let err = parse(&serde_json::to_string(&long).unwrap()).unwrap_err();
    assert!(err.contains("commitments 0: 2000 hex digits"), "{err}");
}

fn grin() -> ProofDocument {
    let mut doc = ProofDocument::new("bulletproofs", "secp256k1", "grin");
    doc.fields.insert("bits", 64);
    doc.fields.insert("generators_n", 256);
    doc.fields.insert("value_generator", "H");
    doc.fields.insert("extra_data", "abcd");
    doc.commitments = vec!["08".to_string() + &"11".repeat(32)];
    doc.proof = Some("00".repeat(675));
    doc
}

#[test]
fn grin_documents() {
    let parsed = parse(&serde_json::to_string(&grin()).unwrap()).unwrap();
    assert_eq!(parsed.suite, Suite::GRIN_BULLETPROOFS);
    let parameters = &parsed.statement.parameters;
    assert_eq!(integer(parameters, GENERATORS_N), Some(256));
    assert_eq!(bytes(parameters, VALUE_GENERATOR), None);
    assert_eq!(bytes(parameters, EXTRA_DATA), Some(&[0xab, 0xcd][..]));
    assert_eq!(parsed.commitments[0].len(), 33);
    let asset =
        hex::encode(rangeproof::secp256k1_zkp::bulletproofs::ValueGenerator::h().to_bytes());
    let mut d = grin();
    d.fields.insert("value_generator", asset.clone());
    let parsed = parse(&serde_json::to_string(&d).unwrap()).unwrap();
    assert_eq!(
        bytes(&parsed.statement.parameters, VALUE_GENERATOR),
        Some(&hex::decode(&asset).unwrap()[..])
    );
    type Mutation = Box<dyn Fn(&mut ProofDocument)>;
    let cases: Vec<(Mutation, &str)> = vec![
        (
            Box::new(|d| d.fields.insert("generators_n", 100)),
            "at least 128",
        ),
        (
            Box::new(|d| d.fields.insert("generators_n", 1 << 16)),
            "generators_n must be between 2 and 32768",
        ),
        (
            Box::new(|d| d.fields.insert("value_generator", "G")),
            "value_generator",
        ),
        (
            Box::new(|d| {
                d.fields
                    .insert("value_generator", "0c".to_string() + &"11".repeat(32))
            }),
            "0a/0b",
        ),
        (
            Box::new(|d| d.fields.insert("extra_data", "x")),
            "extra_data is not hex",
        ),
        (
            Box::new(|d| {
                d.fields
                    .insert("extra_data", "00".repeat(MAX_EXTRA_DATA + 1))
            }),
            "longer than",
        ),
        (
            Box::new(|d| d.fields.insert("transcript_label", "t")),
            "take no label",
        ),
        (
            Box::new(|d| d.commitments = vec![d.commitments[0].clone(); 3]),
            "power-of-two",
        ),
        (
            Box::new(|d| {
                d.commitments = vec![d.commitments[0].clone(); 2];
                d.fields.insert("minimum_values", vec![1, 2]);
                d.fields.remove("generators_n");
            }),
            "one value only",
        ),
        (
            Box::new(|d| d.commitments[0] = "11".repeat(32)),
            "32 bytes, expected 33",
        ),
        (Box::new(|d| d.fields.insert("bits", 4)), "unsupported bits"),
    ];
    for (mutate, needle) in cases {
        let mut d = grin();
        mutate(&mut d);
        let err = parse(&serde_json::to_string(&d).unwrap()).unwrap_err();
        assert!(err.contains(needle), "{err:?} should mention {needle:?}");
        assert!(!err.contains('\n'));
    }
}

/// An MWEB output's proof: a Grin-format document under `"flavor": "mweb"`, its message
/// as the extra data it requires, no generator fields (they are fixed).
#[test]
fn mweb_documents() {
    use rand_core::OsRng;
    let suite = Suite::MWEB_BULLETPROOFS;
    let statement = SuiteStatement {
        bits: 64,
        extension_degree: 1,
        parameters: [(
            EXTRA_DATA.to_string(),
            ParameterValue::Bytes(vec![0x01; 59]),
        )]
        .into(),
        ..SuiteStatement::default()
    };
    let made = suite.prove(&statement, &[42], &mut OsRng).unwrap();
    let doc = ProofDocument::of(suite, &statement, &made.proof, &made.commitments);
    let text = serde_json::to_string(&doc).unwrap();
    assert!(text.contains(r#""flavor":"mweb""#), "{text}");
    assert!(!text.contains(VALUE_GENERATOR) && !text.contains(GENERATORS_N));
    let parsed = parse(&text).unwrap();
    assert_eq!(parsed.suite, suite);
    assert_eq!(parsed.statement, statement);
    crate::Document::parse(&text).unwrap().verify().unwrap();
    // The same bytes under Grin's flavor with its fields spelled out verify too.
    let mut as_grin = doc.clone();
    as_grin.flavor = "grin".into();
    as_grin.fields.insert("generators_n", 256);
    as_grin.fields.insert("value_generator", "H");
    let as_grin = serde_json::to_string(&as_grin).unwrap();
    crate::Document::parse(&as_grin).unwrap().verify().unwrap();

    type Mutation = Box<dyn Fn(&mut ProofDocument)>;
    let cases: Vec<(Mutation, &str)> = vec![
        (
            Box::new(|d| drop(d.fields.remove("extra_data"))),
            "extra_data",
        ),
        (
            Box::new(|d| d.fields.insert("extra_data", String::new())),
            "extra_data",
        ),
        (
            Box::new(|d| d.fields.insert("generators_n", 256)),
            "no generators_n",
        ),
        (
            Box::new(|d| d.fields.insert("value_generator", "H")),
            "no value_generator",
        ),
        (
            Box::new(|d| d.fields.insert("bits", 32)),
            "unsupported bits",
        ),
        (
            Box::new(|d| d.commitments = vec![d.commitments[0].clone(); 2]),
            "one value only",
        ),
    ];
    for (mutate, needle) in cases {
        let mut d = doc.clone();
        mutate(&mut d);
        let err = parse(&serde_json::to_string(&d).unwrap()).unwrap_err();
        assert!(err.contains(needle), "{err:?} should mention {needle:?}");
    }
    // A message of more than libsecp256k1-zkp's usual 4096 bytes is an MWEB output's to
    // carry (the bound is what a block holds).
    let mut long = doc.clone();
    long.fields
        .insert("extra_data", "02".repeat(MAX_EXTRA_DATA + 1));
    let long = crate::Document::parse(&serde_json::to_string(&long).unwrap()).unwrap();
    assert!(
        long.verify().is_err(),
        "another message: invalid, not refused"
    );
}

/// Monero documents carry no label; the others need one.
#[test]
fn transcript_labels_where_the_convention_takes_one() {
    let mut monero = doc();
    monero.group = "ed25519".into();
    monero.flavor = "monero".into();
    for label in [None, Some(String::new())] {
        match label {
            Some(l) => monero.fields.insert("transcript_label", l),
            None => drop(monero.fields.remove("transcript_label")),
        }
        let parsed = parse(&serde_json::to_string(&monero).unwrap()).unwrap();
        assert!(parsed.statement.transcript_label.is_empty());
    }
    monero.fields.remove("transcript_label");
    assert!(!serde_json::to_string(&monero)
        .unwrap()
        .contains("transcript_label"));
    monero.fields.insert("transcript_label", "rangeproof");
    let err = parse(&serde_json::to_string(&monero).unwrap()).unwrap_err();
    assert!(err.contains("take no label"), "{err}");

    let mut dalek = doc();
    dalek.fields.remove("transcript_label");
    let err = parse(&serde_json::to_string(&dalek).unwrap()).unwrap_err();
    assert!(err.contains("need a transcript_label"), "{err}");
    dalek.fields.insert("transcript_label", String::new());
    assert!(parse(&serde_json::to_string(&dalek).unwrap()).is_ok());
}

/// A suite with parameters of its own (the dalek suite under another name, as
/// `rangeproof`'s own tests build one): its documents carry them as fields.
mod parameters {
    use super::*;
    use rand_core::CryptoRngCore;
    use rangeproof::suite::{
        BatchSlot, GroupBatches, ParameterSpec, ParameterValue, ProofSuite, SuiteState,
    };
    use rangeproof::{ProofError, SuiteInfo};

    struct WithParameters;
    static SPECS: [ParameterSpec; 2] = [
        ParameterSpec::integer("exp", -1, 18, "a decimal exponent").required(),
        ParameterSpec::bytes("message", 1, 4, "bytes carried"),
    ];
    static INFO: SuiteInfo =
        SuiteInfo::new("bulletproofs", "ristretto255", "parametric", &[64], 1, 32)
            .with_transcript_label()
            .with_parameters(&SPECS);
    fn unused() -> ProofError {
        ProofError::VerificationFailed
    }
    impl ProofSuite for WithParameters {
        fn info(&self) -> &SuiteInfo {
            &INFO
        }
        fn check_encoding(&self, _: &[u8]) -> Result<(), ProofError> {
            Err(unused())
        }
        fn verify(
            &self,
            _: &SuiteState,
            _: &SuiteStatement,
            _: &[u8],
            _: &[Vec<u8>],
            _: &mut dyn CryptoRngCore,
        ) -> Result<(), ProofError> {
            Err(unused())
        }
        fn add_to_batch<'c>(
            &self,
            _: &'c SuiteState,
            _: &mut GroupBatches<'c>,
            _: &SuiteStatement,
            _: &[u8],
            _: &[Vec<u8>],
            _: &mut dyn CryptoRngCore,
        ) -> Result<BatchSlot, ProofError> {
            Err(unused())
        }
    }
    static SUITE: WithParameters = WithParameters;

    fn parse(extra: &str) -> Result<ParsedDocument, String> {
        let text = format!(
            r#"{{"scheme":"bulletproofs","group":"ristretto255","flavor":"parametric",
            "transcript_label":"t","bits":64,"commitments":["{}"],"proof":"00"{extra}}}"#,
            "11".repeat(32)
        );
        let doc: ProofDocument = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        doc.check_for(Suite::custom(&SUITE))
    }

    #[test]
    fn declared_fields_become_typed_parameters_and_round_trip() {
        let parsed = parse(r#","exp":-1,"message":"a1b2","unrelated":true"#).unwrap();
        let p = &parsed.statement.parameters;
        assert_eq!(p.get("exp"), Some(&ParameterValue::Integer(-1)));
        assert_eq!(
            p.get("message"),
            Some(&ParameterValue::Bytes(vec![0xa1, 0xb2]))
        );
        // Unknown fields stay ignored, as before: only declared ones become parameters.
        assert_eq!(p.len(), 2);
        let written = ProofDocument::of(
            parsed.suite,
            &parsed.statement,
            &parsed.proof,
            &parsed.commitments,
        );
        let json = serde_json::to_value(&written).unwrap();
        assert_eq!(json["exp"], -1);
        assert_eq!(json["message"], "a1b2");
        let again: ProofDocument = serde_json::from_value(json).unwrap();
        let reparsed = again.check_for(Suite::custom(&SUITE)).unwrap();
        assert_eq!(reparsed.statement, parsed.statement);
    }

    #[test]
    fn parameters_are_refused_with_their_bounds() {
        for (extra, reason) in [
            ("", "document needs exp"),
            (r#","exp":19"#, "exp must be between -1 and 18"),
            (r#","exp":"3""#, "exp must be an integer"),
            (r#","exp":1.5"#, "exp must be an integer"),
            (r#","exp":0,"message":"0102030405""#, "longer than 4 bytes"),
            (r#","exp":0,"message":"""#, "message must be 1 to 4 bytes"),
            (r#","exp":0,"message":"zz""#, "message is not hex"),
            (r#","exp":0,"message":7"#, "message must be a hex string"),
            (
                &format!(r#","exp":0,"message":"{}""#, "00".repeat(100)),
                "longer than 4 bytes",
            ),
        ] {
            let err = parse(extra).unwrap_err();
            assert!(err.contains(reason), "{extra}: {err}");
            assert!(!err.contains('\n'));
        }
    }

    /// The CLI's `NAME=VALUE` form, and the openings file's record of the parameters.
    #[test]
    fn assignments_and_openings_carry_parameters() {
        use crate::parameters::{from_assignment, from_json};
        let suite = Suite::custom(&SUITE);
        assert_eq!(
            from_assignment(suite, "exp=-1"),
            Ok(("exp".into(), ParameterValue::Integer(-1)))
        );
        assert_eq!(
            from_assignment(suite, "message=a1b2"),
            Ok(("message".into(), ParameterValue::Bytes(vec![0xa1, 0xb2])))
        );
        for (assignment, reason) in [
            ("exp=x", "not an integer"),
            ("exp=19", "between -1 and 18"),
            ("message=", "1 to 4 bytes"),
            ("message=0g", "not hex"),
            ("other=1", "it takes exp, message"),
            ("exp", "NAME=VALUE"),
        ] {
            let err = from_assignment(suite, assignment).unwrap_err();
            assert!(err.contains(reason), "{assignment}: {err}");
        }
        let parsed = parse(r#","exp":4,"message":"ff""#).unwrap();
        let openings = crate::Openings::of(
            suite,
            &parsed.statement,
            &[1],
            vec![vec!["00".into()]],
            vec![],
        );
        let text = serde_json::to_string(&openings).unwrap();
        let back: crate::Openings = serde_json::from_str(&text).unwrap();
        assert_eq!(
            from_json(suite, &back.parameters, "openings", &[]),
            Ok(parsed.statement.parameters.clone())
        );
        // A statement without parameters writes no field (older readers see nothing new).
        let dalek = doc().check().unwrap();
        let plain = crate::Openings::of(dalek.suite, &dalek.statement, &[1], vec![], vec![]);
        assert!(!serde_json::to_string(&plain)
            .unwrap()
            .contains("parameters"));
    }

    #[test]
    fn registered_suites_ignore_fields_they_do_not_declare() {
        let mut d = doc();
        d.fields.insert("exp", 3);
        assert!(d.check().unwrap().statement.parameters.is_empty());
    }
}

/// A deployment added as a convention type and a registry line (the crate's test-only
/// `Relabelled`: the reference format under another transcript label and value base)
/// round-trips through documents with no document code of its own, and is told apart from
/// the reference by everything a document carries.
#[test]
fn a_deployment_added_as_a_type_round_trips_through_documents() {
    use rand_core::OsRng;
    use rangeproof::deployments::testing::Relabelled;
    use rangeproof::SuiteBatch;

    let suite = Suite::bulletproofs::<Relabelled>();
    assert_eq!(suite.name(), "bulletproofs ristretto255/relabelled");
    let statement = SuiteStatement {
        bits: 32,
        extension_degree: 1,
        transcript_label: b"documents".to_vec(),
        ..SuiteStatement::default()
    };
    for values in [&[0u64][..], &[u32::MAX as u64, 5, 0]] {
        let proved = suite.prove(&statement, values, &mut OsRng).unwrap();
        let written = ProofDocument::of(suite, &statement, &proved.proof, &proved.commitments);
        let text = serde_json::to_string(&written).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["flavor"], "relabelled");
        assert_eq!(json["transcript_label"], "documents");
        let read: ProofDocument = serde_json::from_str(&text).unwrap();
        let parsed = read.check_for(suite).unwrap();
        assert_eq!(parsed.statement, statement);
        assert_eq!(parsed.proof, proved.proof);
        assert_eq!(parsed.commitments, proved.commitments);
        suite
            .verify(
                &parsed.statement,
                &parsed.proof,
                &parsed.commitments,
                &mut OsRng,
            )
            .unwrap();
        let mut batch = SuiteBatch::new();
        batch
            .add(
                suite,
                &parsed.statement,
                &parsed.proof,
                &parsed.commitments,
                &mut OsRng,
            )
            .unwrap();
        // The same bytes as a reference-crate document: another value base and
        // transcript, so the reference refuses them, alone and in the same batch.
        let as_dalek = Suite::DALEK_BULLETPROOFS;
        assert!(as_dalek
            .verify(
                &parsed.statement,
                &parsed.proof,
                &parsed.commitments,
                &mut OsRng
            )
            .is_err());
        let position = batch
            .add(
                as_dalek,
                &parsed.statement,
                &parsed.proof,
                &parsed.commitments,
                &mut OsRng,
            )
            .unwrap();
        assert_eq!(batch.verify().unwrap_err().invalid, vec![position]);
        // A tampered proof in the document is refused.
        let mut tampered = parsed.proof.clone();
        tampered[40] ^= 1;
        assert!(suite
            .verify(
                &parsed.statement,
                &tampered,
                &parsed.commitments,
                &mut OsRng
            )
            .is_err());
    }
}

/// The header, then the fields in the suite's order, then commitments and proof: what `prove`
/// writes reads back to the same document and writes the same text.
#[test]
fn documents_are_written_header_fields_then_commitments_and_proof() {
    use rand_core::OsRng;
    let statement = SuiteStatement {
        bits: 8,
        extension_degree: 1,
        ..SuiteStatement::default()
    };
    let made = Suite::GRIN_BULLETPROOFS
        .prove(&statement, &[7], &mut OsRng)
        .unwrap();
    let doc = ProofDocument::of(
        Suite::GRIN_BULLETPROOFS,
        &statement,
        &made.proof,
        &made.commitments,
    );
    let text = serde_json::to_string(&doc).unwrap();
    let keys: Vec<usize> = [
        "\"scheme\"",
        "\"group\"",
        "\"flavor\"",
        "\"bits\"",
        "\"value_generator\":\"H\"",
        "\"commitments\"",
        "\"proof\"",
    ]
    .iter()
    .map(|k| text.find(k).unwrap_or_else(|| panic!("{k} in {text}")))
    .collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "{text}");
    let again: ProofDocument = serde_json::from_str(&text).unwrap();
    assert_eq!(again, doc);
    assert_eq!(serde_json::to_string(&again).unwrap(), text);
    parse(&text).unwrap();
}

/// Elements' documents spell the default value generator as H's encoding, Grin's as "H";
/// both read it as the default, and a text that is neither is refused.
#[test]
fn the_default_value_generator_is_spelled_as_the_suite_declares() {
    let spec = Suite::ELEMENTS_BORROMEAN
        .parameter(VALUE_GENERATOR)
        .unwrap();
    assert_eq!(spec.default, Some(rangeproof::suite::parameters::H_HEX));
    let grin_spec = Suite::GRIN_BULLETPROOFS.parameter(VALUE_GENERATOR).unwrap();
    assert_eq!(grin_spec.default, Some("H"));
    let parsed = parse(&serde_json::to_string(&grin()).unwrap()).unwrap();
    assert_eq!(bytes(&parsed.statement.parameters, VALUE_GENERATOR), None);
    let mut d = grin();
    d.fields.insert(VALUE_GENERATOR, "h");
    let err = parse(&serde_json::to_string(&d).unwrap()).unwrap_err();
    assert!(err.contains("value_generator"), "{err}");
}

/// A field given twice is refused (two readers could take different values); a public
/// parameter of another suite is refused; a name no suite takes is ignored.
#[test]
fn fields_are_given_once_and_only_where_their_suite_takes_them() {
    let text = serde_json::to_string(&doc()).unwrap();
    let twice = text.replacen("\"bits\":64", "\"bits\":64,\"bits\":8", 1);
    assert_ne!(twice, text);
    let err = parse(&twice).unwrap_err();
    assert!(err.contains("bits is given twice"), "{err}");
    let mut d = doc();
    d.fields.insert("base", 16);
    let err = parse(&serde_json::to_string(&d).unwrap()).unwrap_err();
    assert!(err.contains("have no base: remove the field"), "{err}");
    let mut d = doc();
    d.fields.insert("kind", "u64");
    let err = parse(&serde_json::to_string(&d).unwrap()).unwrap_err();
    assert!(err.contains("have no kind"), "{err}");
    let mut d = doc();
    d.fields.insert("comment", "anything");
    parse(&serde_json::to_string(&d).unwrap()).unwrap();
}
