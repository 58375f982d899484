//! The CLI's contract for Bulletproofs++ documents (`"scheme": "bulletproofs++"`): `prove`
//! writes them on both groups (minimums, the digit base as the suite's `base` field), `verify`
//! gives exit 0 valid / 1 invalid alone and in one batch with Bulletproofs and Bulletproofs+
//! that names the invalid ones, and unusable input is exit 2 with a one-line reason.

use serde_json::Value;

use crate::common;
use common::{code, rangeproof, read, stderr, stdout, write};

fn prove(dir: &std::path::Path, name: &str, args: &[&str]) -> std::path::PathBuf {
    let path = dir.join(name);
    let mut all = vec!["prove", "--out", path.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = rangeproof(&all);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    path
}

#[test]
fn documents_prove_verify_and_join_mixed_batches() {
    let dir = tempfile::tempdir().unwrap();
    let ristretto = prove(
        dir.path(),
        "pp.json",
        &[
            "--scheme",
            "bulletproofs++",
            "--bits",
            "64",
            "--values",
            "5,18446744073709551615,0",
        ],
    );
    let doc = read(&ristretto);
    assert_eq!(doc["scheme"], "bulletproofs++");
    assert_eq!(doc["group"], "ristretto255");
    assert_eq!(doc["flavor"], "rangeproof");
    assert_eq!(doc["commitments"].as_array().unwrap().len(), 3);
    let secp = prove(
        dir.path(),
        "pp-k1.json",
        &[
            "--scheme",
            "bulletproofs++",
            "--group",
            "secp256k1",
            "--bits",
            "16",
            "--values",
            "1000,1100",
            "--minimum-values",
            "1000,100",
            "--param",
            "base=2",
        ],
    );
    let doc = read(&secp);
    assert_eq!(doc["flavor"], "secp256k1-zkp");
    assert_eq!(doc["base"], 2);
    assert_eq!(doc["minimum_values"], serde_json::json!([1000, 100]));
    let plus = prove(
        dir.path(),
        "plus.json",
        &["--scheme", "bulletproofs+", "--bits", "32", "--values", "7"],
    );
    let bp = prove(dir.path(), "bp.json", &["--bits", "8", "--values", "200"]);
    for path in [&ristretto, &secp, &plus, &bp] {
        let out = rangeproof(&["verify", path.to_str().unwrap()]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
    }

    // Tampered: a proof byte, a minimum, the base, a commitment.
    let mut tampered = Vec::new();
    type Edit = Box<dyn Fn(&mut Value)>;
    let edits: [(&str, Edit); 4] = [
        (
            "proof",
            Box::new(|d| {
                let mut bytes = hex::decode(d["proof"].as_str().unwrap()).unwrap();
                bytes[40] ^= 0x10;
                d["proof"] = hex::encode(bytes).into();
            }),
        ),
        ("minimum", Box::new(|d| d["minimum_values"][1] = 99.into())),
        ("base", Box::new(|d| d["base"] = 4.into())),
        (
            "commitments",
            Box::new(|d| {
                let c = d["commitments"].as_array().unwrap().clone();
                d["commitments"] = Value::Array(vec![c[1].clone(), c[0].clone()]);
            }),
        ),
    ];
    for (name, edit) in edits.iter() {
        let mut doc = read(&secp);
        edit(&mut doc);
        let path = dir.path().join(format!("bad-{name}.json"));
        write(&path, &doc);
        let out = rangeproof(&["verify", path.to_str().unwrap()]);
        assert_eq!(code(&out), 1, "{name}: {}", stderr(&out));
        tampered.push(path);
    }

    // One batch: valid ones of three schemes and the tampered ones, named.
    let mut args = vec!["verify"];
    let order = [&ristretto, &tampered[0], &plus, &secp, &tampered[2], &bp];
    for p in order {
        args.push(p.to_str().unwrap());
    }
    let out = rangeproof(&args);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(text.contains("4 valid, 2 invalid"), "{text}");
    assert!(text.contains("bad-proof.json: INVALID"), "{text}");
    assert!(text.contains("bad-base.json: INVALID"), "{text}");
}

#[test]
fn unusable_input_is_exit_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        // A base the suite does not have, a value out of range, a wrong bit size.
        vec![
            "--scheme",
            "bulletproofs++",
            "--bits",
            "8",
            "--values",
            "1",
            "--param",
            "base=8",
        ],
        vec![
            "--scheme",
            "bulletproofs++",
            "--bits",
            "8",
            "--values",
            "256",
        ],
        vec![
            "--scheme",
            "bulletproofs++",
            "--bits",
            "12",
            "--values",
            "1",
        ],
    ] {
        let mut all = vec!["prove"];
        all.extend_from_slice(&args);
        let out = rangeproof(&all);
        assert_eq!(code(&out), 2, "{args:?}");
        assert_eq!(stderr(&out).trim().lines().count(), 1, "{}", stderr(&out));
    }
    // A document cut short, and one with a non-canonical point.
    let path = prove(
        dir.path(),
        "pp.json",
        &[
            "--scheme",
            "bulletproofs++",
            "--bits",
            "32",
            "--values",
            "9",
        ],
    );
    let mut doc = read(&path);
    let proof = doc["proof"].as_str().unwrap().to_string();
    doc["proof"] = proof[..proof.len() - 2].into();
    write(&path, &doc);
    let out = rangeproof(&["verify", path.to_str().unwrap()]);
    assert_ne!(code(&out), 0);
    assert_eq!(stderr(&out).trim().lines().count().max(1), 1);
    doc["proof"] = format!("{}{}", "ff".repeat(32), &proof[64..]).into();
    write(&path, &doc);
    let out = rangeproof(&["verify", path.to_str().unwrap()]);
    assert_ne!(code(&out), 0);
}
