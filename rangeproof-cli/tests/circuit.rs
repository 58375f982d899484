//! The circuit documents' contract: `rangeproof circuit sha256|shuffle` write documents that
//! `rangeproof verify` accepts (exit 0), the same documents with another digest, label or
//! commitment are invalid (exit 1), malformed ones unusable (exit 2); the reference's shuffle
//! vectors verify as documents.

use std::path::Path;
use std::process::Output;

use serde_json::{json, Value};

use crate::common;
use common::{code, rangeproof, read, write};

fn verify(path: &Path) -> Output {
    rangeproof(&["verify", path.to_str().unwrap()])
}

#[test]
fn sha256_documents() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("sha.json");
    let out = rangeproof(&[
        "circuit",
        "sha256",
        "--preimage-hex",
        "616263",
        "--out",
        doc.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let v = read(&doc);
    assert_eq!(v["scheme"], "r1cs");
    assert_eq!(v["circuit"], "sha256");
    assert_eq!(v["group"], "ristretto255");
    assert_eq!(v["flavor"], "bound");
    // SHA-256("abc").
    assert_eq!(
        v["digest"],
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert_eq!(
        hex::decode(v["proof"].as_str().unwrap()).unwrap().len(),
        1377
    );
    assert_eq!(code(&verify(&doc)), 0);

    let bad = dir.path().join("bad.json");
    let mut other = v.clone();
    other["digest"] = json!("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ae");
    write(&bad, &other);
    assert_eq!(code(&verify(&bad)), 1);
    let mut other = v.clone();
    other["flavor"] = json!("dalek");
    write(&bad, &other);
    assert_eq!(code(&verify(&bad)), 1);
    // Unusable: short digest, unknown field, unknown circuit, a message too long to prove.
    for (field, value) in [
        ("digest", json!("abcd")),
        ("k", json!(3)),
        ("circuit", json!("md5")),
    ] {
        let mut other = v.clone();
        other[field] = value;
        write(&bad, &other);
        let out = verify(&bad);
        assert_eq!(code(&out), 2, "{field}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    }
    // An unknown field whose name holds newlines: still one line.
    let mut other = v.clone();
    other["a\nb"] = json!(1);
    write(&bad, &other);
    let out = verify(&bad);
    assert_eq!(code(&out), 2);
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    let long = "00".repeat(56);
    assert_eq!(
        code(&rangeproof(&["circuit", "sha256", "--preimage-hex", &long])),
        2
    );
    assert_eq!(
        code(&rangeproof(&["circuit", "sha256", "--preimage-hex", "xyz"])),
        2
    );
}

#[test]
fn shuffle_documents() {
    let dir = tempfile::tempdir().unwrap();
    for flavor in ["dalek", "bound"] {
        let doc = dir.path().join(format!("shuffle-{flavor}.json"));
        let out = rangeproof(&[
            "circuit",
            "shuffle",
            "--inputs",
            "3,1,4,1,5",
            "--outputs",
            "1,5,4,3,1",
            "--flavor",
            flavor,
            "--out",
            doc.to_str().unwrap(),
        ]);
        assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
        let v = read(&doc);
        assert_eq!(v["k"], 5);
        assert_eq!(v["flavor"], flavor);
        assert_eq!(code(&verify(&doc)), 0);
        let bad = dir.path().join("bad.json");
        let mut other = v.clone();
        other["transcript_label"] = json!("another label");
        write(&bad, &other);
        assert_eq!(code(&verify(&bad)), 1);
        let mut other = v.clone();
        let first = other["input_commitments"][0].clone();
        other["output_commitments"][0] = first;
        write(&bad, &other);
        assert_eq!(code(&verify(&bad)), 1);
        let mut other = v.clone();
        other["k"] = json!(4);
        write(&bad, &other);
        assert_eq!(code(&verify(&bad)), 2);
    }
    let out = rangeproof(&["circuit", "shuffle", "--inputs", "1,2", "--outputs", "2,3"]);
    assert_eq!(code(&out), 2);
    let out = rangeproof(&["circuit", "shuffle", "--inputs", "1,2", "--outputs", "2"]);
    assert_eq!(code(&out), 2);
}

/// Each case of the reference's vectors, written as a document, gets the file's verdict.
#[test]
fn reference_vectors_as_documents() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/dalek-r1cs-shuffle-ristretto255.json"
    ))
    .unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("case.json");
    for (i, case) in file["cases"].as_array().unwrap().iter().enumerate() {
        let doc = json!({
            "scheme": "r1cs", "circuit": "shuffle", "group": "ristretto255", "flavor": "dalek",
            "transcript_label": case["transcript_label"], "k": case["k"],
            "input_commitments": case["input_commitments"],
            "output_commitments": case["output_commitments"], "proof": case["proof"],
        });
        write(&path, &doc);
        let got = code(&verify(&path));
        if case["valid"].as_bool().unwrap() {
            assert_eq!(got, 0, "case {i}");
        } else {
            // k inconsistent with the lists is unusable input; every other reject is invalid.
            assert!(got == 1 || got == 2, "case {i}: exit {got}");
        }
    }
}
