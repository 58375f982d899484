//! Solana documents through the CLI: `prove --flavor solana --bit-lengths`, and `verify` of the
//! instruction's proof data alone, of the separate fields alone, of both, in JSON lines and
//! batched with other documents — exit 0 valid, 1 invalid (proof data the program refuses, or
//! that disagrees with the fields), 2 unusable (fields that break the document's rules).

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::common;
use common::{code, rangeproof, read, stderr, stdout, write};

fn prove(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let openings = dir.join(format!("{name}.openings"));
    let mut all = vec!["prove", "--flavor", "solana"];
    all.extend_from_slice(args);
    all.extend_from_slice(&[
        "--out",
        path.to_str().unwrap(),
        "--openings",
        openings.to_str().unwrap(),
    ]);
    let out = rangeproof(&all);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    path
}

fn without(doc: &Value, fields: &[&str]) -> Value {
    let mut doc = doc.clone();
    for field in fields {
        doc.as_object_mut().unwrap().remove(*field);
    }
    doc
}

/// The exit code, and standard output then standard error.
fn verify_code(dir: &Path, doc: &Value) -> (i32, String, String) {
    let path = dir.join("check.json");
    write(&path, doc);
    let out = rangeproof(&["verify", path.to_str().unwrap()]);
    (code(&out), stdout(&out), stderr(&out))
}

#[test]
fn solana_documents_prove_and_verify_by_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    let path = prove(
        dir.path(),
        "transfer.json",
        &[
            "--bit-lengths",
            "64,16,32,16",
            "--values",
            "1000000,65535,7,0",
        ],
    );
    let doc = read(&path);
    assert_eq!(doc["flavor"], "solana");
    assert_eq!(doc["kind"], "u128");
    assert_eq!(doc["bit_lengths"], json!([64, 16, 32, 16]));
    assert_eq!(doc["commitments"].as_array().unwrap().len(), 4);
    assert_eq!(doc["proof_data"].as_str().unwrap().len(), 2 * 1000);
    assert!(doc.get("bits").is_none());
    // The openings record the bit lengths, and prove again from them.
    let openings = dir.path().join("transfer.json.openings");
    assert_eq!(read(&openings)["bit_lengths"], json!([64, 16, 32, 16]));
    let again = dir.path().join("again.json");
    let out = rangeproof(&[
        "prove",
        "--openings-in",
        openings.to_str().unwrap(),
        "--out",
        again.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(read(&again)["commitments"], doc["commitments"]);

    // Valid: whole, proof data alone, fields alone; one bit size for all (kind from the sum).
    for d in [
        doc.clone(),
        without(&doc, &["kind", "bit_lengths", "commitments", "proof"]),
        without(&doc, &["proof_data"]),
    ] {
        let (code, out, err) = verify_code(dir.path(), &d);
        assert_eq!(code, 0, "{out}{err}");
    }
    let uniform = read(&prove(
        dir.path(),
        "u256.json",
        &["--bits", "64", "--values", "1,2,3,4"],
    ));
    assert_eq!(uniform["kind"], "u256");
    assert_eq!(uniform["bit_lengths"], json!([64, 64, 64, 64]));

    // Invalid (1): proof data and fields disagree; proof data the program refuses.
    let mut mismatch = doc.clone();
    mismatch["bit_lengths"] = json!([64, 32, 16, 16]);
    let mut tail = doc.clone();
    let mut data = hex::decode(doc["proof_data"].as_str().unwrap()).unwrap();
    data[263] = 4;
    tail["proof_data"] = json!(hex::encode(&data));
    let mut tampered = doc.clone();
    let mut data = hex::decode(doc["proof_data"].as_str().unwrap()).unwrap();
    data[264 + 200] ^= 1;
    tampered["proof_data"] = json!(hex::encode(&data));
    for (d, reason) in [
        (&mismatch, "disagree"),
        (&tail, "unused"),
        (
            &without(&tampered, &["proof", "commitments", "bit_lengths"]),
            "",
        ),
    ] {
        let (code, out, err) = verify_code(dir.path(), d);
        assert_eq!(code, 1, "{out}{err}");
        assert!(out.contains(reason), "{out}");
    }

    // Unusable (2): a bit size, an unknown kind, a kind that is not the lengths' total, a bit
    // length of 0 in the fields, nothing to verify.
    let with = |field: &str, value: Value| {
        let mut d = without(&doc, &["proof_data"]);
        d[field] = value;
        d
    };
    for d in [
        with("bits", json!(64)),
        with("kind", json!("u32")),
        with("kind", json!("u64")),
        with("bit_lengths", json!([0, 64, 32, 32])),
        without(&doc, &["proof_data", "proof", "bit_lengths", "commitments"]),
    ] {
        let (code, out, err) = verify_code(dir.path(), &d);
        assert_eq!(code, 2, "{out}{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }

    // JSON lines, batched with a dalek proof: the invalid ones named.
    let dalek = dir.path().join("dalek.json");
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "3",
        "--out",
        dalek.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0);
    let lines = [
        doc.clone(),
        mismatch,
        without(&doc, &["proof_data"]),
        read(&dalek),
        tampered,
        uniform,
    ]
    .iter()
    .map(|d| serde_json::to_string(d).unwrap())
    .collect::<Vec<_>>()
    .join("\n");
    let path = dir.path().join("lines.jsonl");
    std::fs::write(&path, lines).unwrap();
    let out = rangeproof(&["verify", path.to_str().unwrap()]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("4 valid, 2 invalid"), "{text}");
    assert!(text.contains("lines.jsonl:2: INVALID"), "{text}");
    assert!(text.contains("lines.jsonl:5: INVALID"), "{text}");

    // Prove refuses statements the program would: named by their flags.
    for (args, needle) in [
        (vec!["--bit-lengths", "32,16", "--values", "1,2"], "sum"),
        (
            vec!["--bit-lengths", "64", "--values", "1,2"],
            "--bit-lengths for 2 values",
        ),
        (
            vec!["--bit-lengths", "16,48", "--values", "65536,0"],
            "value 1 of 2",
        ),
        (vec!["--bits", "64", "--values", "1,2,3"], "sum"),
    ] {
        let mut all = vec!["prove", "--flavor", "solana"];
        all.extend_from_slice(&args);
        let out = rangeproof(&all);
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
    let out = rangeproof(&["prove", "--bit-lengths", "32,32", "--values", "1,2"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("--bit-lengths is for --flavor solana"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn info_names_each_values_bit_length() {
    let dir = tempfile::tempdir().unwrap();
    let path = prove(
        dir.path(),
        "info.json",
        &["--bit-lengths", "64,16,32,16", "--values", "1,2,3,4"],
    );
    let out = rangeproof(&["info", path.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("bit lengths [64, 16, 32, 16]"), "{text}");
    assert!(!text.contains("0 bits"), "{text}");
    let out = rangeproof(&["info", "--json", path.to_str().unwrap()]);
    let info: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(info["bit_lengths"], json!([64, 16, 32, 16]));
    assert!(info.get("bits").is_none());
}
