//! The CLI's contract for Elements' documents: `verify` gives every Borromean and surjection
//! document of `vectors/elements-liquid-secp256k1.json` its verdict (exit 0 valid, 1 invalid),
//! alone and in one batch that names the invalid ones; `prove --scheme borromean` writes the
//! document shape the issue defines and `recover` rewinds it; unusable input is exit 2 with a
//! one-line reason.

use serde_json::Value;

use crate::common;
use common::{code, rangeproof, read, stderr, stdout, write};

/// The vector cases as documents (their extra fields — provenance, openings — stripped).
fn documents() -> Vec<(Value, bool)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/elements-liquid-secp256k1.json"
    );
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let keep = [
        "scheme",
        "group",
        "flavor",
        "commitments",
        "value_generator",
        "extra_data",
        "input_generators",
        "output_generator",
        "proof",
    ];
    file["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| {
            let doc: serde_json::Map<String, Value> = case
                .as_object()
                .unwrap()
                .iter()
                .filter(|(k, _)| keep.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            (Value::Object(doc), case["expected"] == "valid")
        })
        .collect()
}

#[test]
fn vector_documents_get_their_verdicts_alone_and_in_one_batch() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    let mut expected_invalid = Vec::new();
    for (i, (doc, valid)) in documents().into_iter().enumerate() {
        let path = dir.path().join(format!("doc{i:02}.json"));
        write(&path, &doc);
        if i % 5 == 0 {
            // Alone, now and then (every document is checked in the batch below).
            let out = rangeproof(&["verify", path.to_str().unwrap()]);
            assert_eq!(
                code(&out),
                if valid { 0 } else { 1 },
                "doc {i}: {}",
                stdout(&out)
            );
        }
        if !valid {
            expected_invalid.push(path.to_str().unwrap().to_string());
        }
        paths.push(path);
    }
    let mut args = vec!["verify", "--json"];
    args.extend(paths.iter().map(|p| p.to_str().unwrap()));
    let out = rangeproof(&args);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let invalid: Vec<String> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["valid"] == false)
        .map(|v| v["path"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(invalid, expected_invalid);
    assert!(invalid.len() >= 20);
}

#[test]
fn borromean_prove_writes_the_contract_shape_and_recover_rewinds_it() {
    let dir = tempfile::tempdir().unwrap();
    let (doc, openings) = (dir.path().join("p.json"), dir.path().join("o.json"));
    let asset = "0b50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0";
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "borromean",
        "--group",
        "secp256k1",
        "--flavor",
        "elements",
        "--values",
        "250000",
        "--value-generator",
        asset,
        "--extra-data",
        "0014ab",
        "--message",
        "c0ffee",
        "--recovery-nonce",
        "1111111111111111111111111111111111111111111111111111111111111111",
        "--openings",
        openings.to_str().unwrap(),
        "--out",
        doc.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let d = read(&doc);
    let mut fields: Vec<&str> = d.as_object().unwrap().keys().map(String::as_str).collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "commitments",
            "extra_data",
            "flavor",
            "group",
            "proof",
            "scheme",
            "value_generator"
        ]
    );
    assert_eq!(d["value_generator"], asset);
    // Liquid's defaults: a 4174-byte proof.
    assert_eq!(d["proof"].as_str().unwrap().len(), 2 * 4174);
    assert_eq!(code(&rangeproof(&["verify", doc.to_str().unwrap()])), 0);
    let out = rangeproof(&[
        "recover",
        "--nonce",
        "1111111111111111111111111111111111111111111111111111111111111111",
        doc.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let got: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(got["value"], 250000);
    assert_eq!(got["checked"], true);
    assert!(got["message"].as_str().unwrap().starts_with("c0ffee"));
    let recorded = read(&openings);
    assert_eq!(got["blindings"][0], recorded["blindings"][0][0]);
    // The exact-value proof (exp -1) and other parameters.
    let exact = dir.path().join("exact.json");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "borromean",
        "--values",
        "42",
        "--exp",
        "-1",
        "--out",
        exact.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(code(&rangeproof(&["verify", exact.to_str().unwrap()])), 0);
}

#[test]
fn unusable_elements_input_is_exit_2_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let docs = documents();
    let borromean = docs
        .iter()
        .find(|(d, v)| d["scheme"] == "borromean" && *v)
        .unwrap()
        .0
        .clone();
    let surjection = docs
        .iter()
        .find(|(d, v)| d["scheme"] == "surjection" && *v)
        .unwrap()
        .0
        .clone();
    let mut bad: Vec<(Value, &str)> = Vec::new();
    let mut d = borromean.clone();
    d["bits"] = 64.into();
    bad.push((d, "no bits"));
    let mut d = borromean.clone();
    d["proof"] = "00".repeat(9000).into();
    bad.push((d, "longer than any valid proof"));
    let mut d = borromean.clone();
    d["commitments"] = serde_json::json!([]);
    bad.push((d, "commitments"));
    let mut d = surjection.clone();
    d["input_generators"] = Value::Array(vec![d["output_generator"].clone(); 257]);
    bad.push((d, "input_generators"));
    let mut d = surjection.clone();
    d.as_object_mut().unwrap().remove("output_generator");
    bad.push((d, "output_generator"));
    let mut d = surjection.clone();
    d["commitments"] = serde_json::json!(["08".repeat(33)]);
    bad.push((d, "no commitments"));
    let mut d = surjection.clone();
    d["input_generators"][0] = "zz".repeat(33).into();
    bad.push((d, "not hex"));
    for (i, (doc, why)) in bad.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.json"));
        write(&path, doc);
        let out = rangeproof(&["verify", path.to_str().unwrap()]);
        assert_eq!(code(&out), 2, "{why}: {}", stdout(&out));
        let reason = stderr(&out);
        assert!(reason.contains(why), "{why}: {reason}");
        assert_eq!(reason.trim().lines().count(), 1, "{reason}");
    }
    for (flags, why) in [
        (&["--bits", "64"][..], "no bit size"),
        (&["--exp", "19"][..], "exp"),
        (&["--min-bits", "65"][..], "min_bits"),
        (&["--values", "1,2"][..], "1"),
        (&["--generators-n", "128"][..], "generators-n"),
    ] {
        let mut args = vec!["prove", "--scheme", "borromean"];
        if !flags.contains(&"--values") {
            args.extend_from_slice(&["--values", "5"]);
        }
        args.extend_from_slice(flags);
        let out = rangeproof(&args);
        assert_eq!(code(&out), 2, "{flags:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(why), "{flags:?}: {}", stderr(&out));
    }
}

fn transaction_file(name: &str) -> String {
    format!(
        "{}/../vectors/elements-tx/{name}.hex",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn liquid_verify_tx_checks_every_vector_transaction_and_names_a_tampered_output() {
    for name in [
        "1in2out_pegin",
        "1in2out_tx",
        "1in3out_tx",
        "2in3out_exp",
        "2in3out_tx",
        "2in3out_tx2",
        "2in4out_tx",
        "2in5out_tx",
        "3in3out_tx",
        "4in3out_tx",
        "issue_tx",
    ] {
        // Without the spent outputs: the range proofs hold, the surjection proofs and the
        // balance are not checked — incomplete (exit 3), never "valid".
        let out = rangeproof(&["liquid", "verify-tx", &transaction_file(name)]);
        assert_eq!(code(&out), 3, "{name}: {}{}", stdout(&out), stderr(&out));
        let text = stdout(&out);
        let last = text.lines().last().unwrap();
        assert!(
            last.contains(": incomplete") && last.contains("--spent"),
            "{text}"
        );
        assert!(!text.contains(": valid"), "{text}");
        assert!(text.lines().any(|l| l.starts_with("balance: not checked")));
    }
    // 2in4out_tx with the last byte of output 2's range proof flipped (found through that
    // output's vector document): that output is named INVALID, the others stay valid.
    let hex_text = std::fs::read_to_string(transaction_file("2in4out_tx")).unwrap();
    let mut bytes = hex::decode(hex_text.trim()).unwrap();
    let vectors: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../vectors/elements-liquid-secp256k1.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let case = vectors["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["source_tx"] == "2in4out_tx" && c["output_index"] == 2 && c["expected"] == "valid"
        })
        .unwrap();
    let proof = hex::decode(case["proof"].as_str().unwrap()).unwrap();
    let at = bytes
        .windows(proof.len())
        .position(|w| w == proof.as_slice())
        .unwrap()
        + proof.len()
        - 1;
    bytes[at] ^= 1;
    let dir = tempfile::tempdir().unwrap();
    let tampered = dir.path().join("tampered.hex");
    std::fs::write(&tampered, hex::encode(&bytes)).unwrap();
    let out = rangeproof(&["liquid", "verify-tx", tampered.to_str().unwrap()]);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert!(
        stdout(&out)
            .lines()
            .any(|l| l.starts_with("output 2: range proof INVALID")),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out)
        .lines()
        .any(|l| l.starts_with("output 0: range proof valid")));
    // Unusable: not hex, truncated, a spent file for another number of inputs.
    let junk = dir.path().join("junk.hex");
    std::fs::write(&junk, "zz").unwrap();
    let truncated = dir.path().join("truncated.hex");
    std::fs::write(&truncated, hex::encode(&bytes[..bytes.len() - 10])).unwrap();
    let spent = dir.path().join("spent.json");
    std::fs::write(&spent, r#"[{"asset": "01", "value": "01"}]"#).unwrap();
    // One byte past Elements' 4 MB, as hex.
    let large = dir.path().join("large.hex");
    std::fs::write(&large, "00".repeat(4_000_001)).unwrap();
    for args in [
        vec!["liquid", "verify-tx", junk.to_str().unwrap()],
        vec!["liquid", "verify-tx", truncated.to_str().unwrap()],
        vec!["liquid", "verify-tx", large.to_str().unwrap()],
        vec![
            "liquid",
            "verify-tx",
            tampered.to_str().unwrap(),
            "--spent",
            spent.to_str().unwrap(),
        ],
    ] {
        let out = rangeproof(&args);
        assert_eq!(code(&out), 2, "{args:?}: {}", stdout(&out));
        assert_eq!(stderr(&out).trim().lines().count(), 1, "{}", stderr(&out));
    }
}

#[test]
fn liquid_unblind_reads_an_output_rust_elements_blinded() {
    use elements::secp256k1_zkp as zkp;
    let secp = zkp::Secp256k1::new();
    let mut rng = rand::thread_rng();
    let receiver_sk = zkp::SecretKey::new(&mut rng);
    let address = elements::Address::p2wpkh(
        &elements::bitcoin::PublicKey::new(zkp::PublicKey::from_secret_key(
            &secp,
            &zkp::SecretKey::new(&mut rng),
        )),
        Some(zkp::PublicKey::from_secret_key(&secp, &receiver_sk)),
        &elements::AddressParams::LIQUID,
    );
    let asset = elements::AssetId::from_slice(&[9; 32]).unwrap();
    let spent = elements::TxOutSecrets::new(
        asset,
        elements::confidential::AssetBlindingFactor::new(&mut rng),
        10_000,
        elements::confidential::ValueBlindingFactor::new(&mut rng),
    );
    let (out, abf, vbf, _) = elements::TxOut::new_not_last_confidential(
        &mut rng,
        &secp,
        4321,
        &address,
        asset,
        &[spent],
    )
    .unwrap();
    let tx = elements::Transaction {
        version: 2,
        lock_time: elements::LockTime::ZERO,
        input: vec![],
        output: vec![out],
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tx.hex");
    std::fs::write(&path, hex::encode(elements::encode::serialize(&tx))).unwrap();
    let key = hex::encode(receiver_sk.secret_bytes());
    let out = rangeproof(&[
        "liquid",
        "unblind",
        path.to_str().unwrap(),
        "--output",
        "0",
        "--blinding-key",
        &key,
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let got: Value = serde_json::from_str(&stdout(&out)).unwrap();
    // The key from a file (as `openssl rand -hex 32` writes one: a newline after the hex)
    // unblinds the same.
    let key_file = dir.path().join("blinding.key");
    std::fs::write(&key_file, format!("{key}\n")).unwrap();
    let from_file = rangeproof(&[
        "liquid",
        "unblind",
        path.to_str().unwrap(),
        "--output",
        "0",
        "--blinding-key-file",
        key_file.to_str().unwrap(),
    ]);
    assert_eq!(code(&from_file), 0, "{}", stderr(&from_file));
    assert_eq!(stdout(&from_file), stdout(&out));
    assert_eq!(got["value"], 4321);
    assert_eq!(got["asset"], asset.to_string());
    assert_eq!(
        got["asset_blinding"],
        hex::encode(abf.into_inner().as_ref())
    );
    assert_eq!(
        got["value_blinding"],
        hex::encode(vbf.into_inner().as_ref())
    );
    // Another key: not unblinded (exit 1); a malformed key or index: unusable (exit 2).
    let other = hex::encode(zkp::SecretKey::new(&mut rng).secret_bytes());
    let out = rangeproof(&[
        "liquid",
        "unblind",
        path.to_str().unwrap(),
        "--output",
        "0",
        "--blinding-key",
        &other,
    ]);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    // Said as what it is: the key does not open this output (not a generic rewind failure).
    assert!(
        stdout(&out).contains("this blinding key does not open output 0"),
        "{}",
        stdout(&out)
    );
    assert!(!stdout(&out).contains("nonce"), "{}", stdout(&out));
    for (output, key) in [("1", key.as_str()), ("0", "00"), ("0", &"ff".repeat(32))] {
        let out = rangeproof(&[
            "liquid",
            "unblind",
            path.to_str().unwrap(),
            "--output",
            output,
            "--blinding-key",
            key,
        ]);
        assert_eq!(code(&out), 2, "{output} {key}: {}", stdout(&out));
    }
}

#[test]
fn liquid_verify_tx_with_the_spent_output_checks_surjection_proofs_and_the_balance() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/elements-tx/verify_ct.json"
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (tx, spent) = (dir.path().join("tx.hex"), dir.path().join("spent.json"));
    std::fs::write(&tx, doc["tx"].as_str().unwrap()).unwrap();
    write(&spent, &doc["spent"]);
    let out = rangeproof(&[
        "liquid",
        "verify-tx",
        tx.to_str().unwrap(),
        "--spent",
        spent.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.matches("surjection proof valid").count(), 2, "{text}");
    assert!(text.contains("balance: holds"), "{text}");
    assert!(text.lines().last().unwrap().ends_with(": valid"), "{text}");
    // One unit more spent: the balance fails (exit 1).
    let mut more = doc["spent"].clone();
    more[0]["value"] = "010000000000000001".into();
    write(&spent, &more);
    let out = rangeproof(&[
        "liquid",
        "verify-tx",
        tx.to_str().unwrap(),
        "--spent",
        spent.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert!(stdout(&out).contains("balance: FAILS"));
}
