//! The CLI's contract: documents, exit codes (0 valid, 1 invalid, 2 unusable) and one-line
//! reasons.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::common;
use common::{code, rangeproof, read, stderr, stdout, write};

fn prove_to(dir: &Path, name: &str, bits: &str, values: &str) -> PathBuf {
    let path = dir.join(name);
    let out = rangeproof(&[
        "prove",
        "--bits",
        bits,
        "--values",
        values,
        "--out",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    path
}

#[test]
fn prove_then_verify() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.json");
    let doc = dir.path().join("proof.json");
    let out = rangeproof(&[
        "prove",
        "--bits",
        "64",
        "--values",
        "0,18446744073709551615,42",
        "--transcript-label",
        "shop",
        "--out",
        doc.to_str().unwrap(),
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let json = read(&doc);
    assert_eq!(json["scheme"], "bulletproofs");
    assert_eq!(json["group"], "ristretto255");
    assert_eq!(json["flavor"], "dalek");
    assert_eq!(json["transcript_label"], "shop");
    assert_eq!(json["bits"], 64);
    assert_eq!(json["commitments"].as_array().unwrap().len(), 3);
    // m = 3 is padded to 4: 9 + 2 * log2(256) words.
    assert_eq!(json["proof"].as_str().unwrap().len(), 2 * 32 * (9 + 2 * 8));
    // The blindings are only in the openings file.
    let open = read(&openings);
    assert_eq!(open["values"], serde_json::json!([0u64, u64::MAX, 42]));
    assert_eq!(open["commitments"], json["commitments"]);
    for b in open["blindings"].as_array().unwrap() {
        let b = b.as_array().unwrap();
        assert_eq!(b.len(), 1);
        let text = std::fs::read_to_string(&doc).unwrap();
        assert!(!text.contains(b[0].as_str().unwrap()));
    }

    let out = rangeproof(&["verify", doc.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("valid"));

    // Without --out the document goes to standard output.
    let out = rangeproof(&["prove", "--bits", "8", "--values", "255"]);
    assert_eq!(code(&out), 0);
    let printed: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(printed["bits"], 8);
}

#[test]
fn bulletproofs_plus_documents() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("plus.json");
    let openings = dir.path().join("open.json");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--bits",
        "16",
        "--values",
        "100,65535,7",
        "--extension-degree",
        "3",
        "--minimum-values",
        "100,0,7",
        "--out",
        doc.to_str().unwrap(),
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let json = read(&doc);
    assert_eq!(json["scheme"], "bulletproofs+");
    assert_eq!(json["group"], "ristretto255");
    assert_eq!(json["flavor"], "tari");
    assert_eq!(json["extension_degree"], 3);
    assert_eq!(json["minimum_values"], serde_json::json!([100, 0, 7]));
    // 1 + 32 * (3 + 5 + 2 * log2(16 * 4)) bytes.
    assert_eq!(
        json["proof"].as_str().unwrap().len(),
        2 * (1 + 32 * (3 + 5 + 12))
    );
    assert!(read(&openings)["blindings"]
        .as_array()
        .unwrap()
        .iter()
        .all(|b| b.as_array().unwrap().len() == 3));
    assert_eq!(code(&rangeproof(&["verify", doc.to_str().unwrap()])), 0);

    // Without promises the field is absent.
    let plain = prove_plus(dir.path(), "plain.json", "64", "1");
    assert!(read(&plain).get("minimum_values").is_none());
    assert_eq!(read(&plain)["extension_degree"], 1);

    // A raised minimum is another statement: invalid.
    let mut raised = json.clone();
    raised["minimum_values"] = serde_json::json!([101, 0, 7]);
    let path = dir.path().join("raised.json");
    write(&path, &raised);
    assert_eq!(code(&rangeproof(&["verify", path.to_str().unwrap()])), 1);
    let mut other_degree = json.clone();
    other_degree["extension_degree"] = Value::from(2);
    write(&path, &other_degree);
    assert_eq!(code(&rangeproof(&["verify", path.to_str().unwrap()])), 1);
    let mut bad_degree = json.clone();
    bad_degree["extension_degree"] = Value::from(9);
    write(&path, &bad_degree);
    assert_eq!(code(&rangeproof(&["verify", path.to_str().unwrap()])), 2);

    // Mixed with a Bulletproofs document in one batch; the invalid one is named.
    let bp = prove_to(dir.path(), "bp.json", "64", "5");
    let out = rangeproof(&[
        "verify",
        doc.to_str().unwrap(),
        bp.to_str().unwrap(),
        plain.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    write(&path, &raised);
    let out = rangeproof(&[
        "verify",
        doc.to_str().unwrap(),
        path.to_str().unwrap(),
        bp.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1);
    assert!(
        stdout(&out).contains(&format!("{}: INVALID", path.display())),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("2 valid, 1 invalid"));

    // Refused requests.
    for args in [
        vec![
            "prove",
            "--scheme",
            "bulletproofs+",
            "--bits",
            "8",
            "--values",
            "5",
            "--minimum-values",
            "6",
        ],
        vec![
            "prove",
            "--scheme",
            "bulletproofs+",
            "--bits",
            "8",
            "--values",
            "5",
            "--extension-degree",
            "7",
        ],
        vec![
            "prove",
            "--bits",
            "8",
            "--values",
            "5",
            "--extension-degree",
            "2",
        ],
        vec![
            "prove", "--scheme", "groth16", "--bits", "8", "--values", "5",
        ],
    ] {
        let out = rangeproof(&args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert_eq!(stderr(&out).trim_end().lines().count(), 1, "{args:?}");
    }
}

fn prove_plus(dir: &Path, name: &str, bits: &str, values: &str) -> PathBuf {
    let path = dir.join(name);
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--bits",
        bits,
        "--values",
        values,
        "--out",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    path
}

#[test]
fn monero_documents() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("monero.json");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--group",
        "ed25519",
        "--flavor",
        "monero",
        "--bits",
        "64",
        "--values",
        "0,18446744073709551615,3",
        "--out",
        doc.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let json = read(&doc);
    assert_eq!(
        (
            json["scheme"].as_str(),
            json["group"].as_str(),
            json["flavor"].as_str()
        ),
        (Some("bulletproofs+"), Some("ed25519"), Some("monero"))
    );
    assert!(json.get("extension_degree").is_none() && json.get("minimum_values").is_none());
    // Monero's transcript takes no label: the document has none, and one given is refused.
    assert!(json.get("transcript_label").is_none());
    let labelled = dir.path().join("labelled.json");
    let mut with_label = json.clone();
    with_label["transcript_label"] = Value::String("rangeproof".into());
    write(&labelled, &with_label);
    let out = rangeproof(&["verify", labelled.to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("take no label"), "{}", stderr(&out));
    with_label["transcript_label"] = Value::String(String::new());
    write(&labelled, &with_label);
    assert_eq!(
        code(&rangeproof(&["verify", labelled.to_str().unwrap()])),
        0
    );
    let out = rangeproof(&[
        "prove",
        "--group",
        "ed25519",
        "--bits",
        "64",
        "--values",
        "1",
        "--transcript-label",
        "x",
    ]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("take no label"), "{}", stderr(&out));
    // Monero serialization: 6 fields, then varint(8) and 8 L, varint(8) and 8 R (m = 3 -> 4).
    assert_eq!(
        json["proof"].as_str().unwrap().len(),
        2 * (6 * 32 + 2 + 16 * 32)
    );
    assert_eq!(code(&rangeproof(&["verify", doc.to_str().unwrap()])), 0);

    // The mainnet proofs, as documents, verify in one batch with a ristretto255 document.
    let mut args = vec!["verify".to_string(), doc.to_str().unwrap().to_string()];
    for (i, case) in common::monero_cases("monero-bpplus-ed25519.json")
        .iter()
        .enumerate()
    {
        let d = serde_json::json!({
            "scheme": "bulletproofs+", "group": "ed25519", "flavor": "monero",
            "bits": 64, "commitments": case["commitments"], "proof": case["proof"],
        });
        let path = dir.path().join(format!("mainnet{i}.json"));
        write(&path, &d);
        args.push(path.to_str().unwrap().to_string());
    }
    let bp = prove_to(dir.path(), "bp.json", "32", "9");
    args.push(bp.to_str().unwrap().to_string());
    // Monero's original Bulletproofs, made here and taken from the vectors.
    let original = dir.path().join("original.json");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs",
        "--group",
        "ed25519",
        "--flavor",
        "monero",
        "--bits",
        "64",
        "--values",
        "1,2,3,4,5",
        "--out",
        original.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(read(&original)["scheme"], "bulletproofs");
    args.push(original.to_str().unwrap().to_string());
    for (i, case) in common::monero_cases("monero-bp-ed25519.json")
        .iter()
        .enumerate()
    {
        let d = serde_json::json!({
            "scheme": "bulletproofs", "group": "ed25519", "flavor": "monero",
            "bits": 64, "commitments": case["commitments"], "proof": case["proof"],
        });
        let path = dir.path().join(format!("original{i}.json"));
        write(&path, &d);
        args.push(path.to_str().unwrap().to_string());
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = rangeproof(&refs);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    // 35 with the full shared sets (14 + 18 + 3 made here), 7 with the bundled ones (1 + 3 + 3).
    let documents = refs.len() - 1;
    assert!(
        stdout(&out).contains(&format!("{documents} valid, 0 invalid")),
        "{}",
        stdout(&out)
    );

    // Swapped commitments in one mainnet document: exit 1, that file named.
    let victim = dir.path().join("mainnet0.json");
    let mut swapped = read(&victim);
    swapped["commitments"].as_array_mut().unwrap().swap(0, 1);
    write(&victim, &swapped);
    let out = rangeproof(&refs);
    assert_eq!(code(&out), 1);
    assert!(stdout(&out).contains(&format!("{}: INVALID", victim.display())));

    // Unusable: a Monero document must be 64-bit, without promises.
    let mut bad = json.clone();
    bad["bits"] = Value::from(32);
    write(&victim, &bad);
    assert_eq!(code(&rangeproof(&["verify", victim.to_str().unwrap()])), 2);
    for args in [
        vec![
            "prove",
            "--scheme",
            "bulletproofs+",
            "--group",
            "ed25519",
            "--bits",
            "32",
            "--values",
            "1",
        ],
        vec![
            "prove",
            "--scheme",
            "bulletproofs+",
            "--flavor",
            "monero",
            "--group",
            "ed25519",
            "--bits",
            "64",
            "--values",
            "1",
            "--minimum-values",
            "0",
        ],
        vec![
            "prove",
            "--scheme",
            "bulletproofs",
            "--group",
            "ed25519",
            "--flavor",
            "dalek",
            "--bits",
            "64",
            "--values",
            "1",
        ],
        vec![
            "prove",
            "--scheme",
            "bulletproofs+",
            "--group",
            "ed25519",
            "--flavor",
            "tari",
            "--bits",
            "64",
            "--values",
            "1",
        ],
    ] {
        let out = rangeproof(&args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert_eq!(stderr(&out).trim_end().lines().count(), 1, "{args:?}");
    }
    let seventeen = vec!["1"; 17].join(",");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--group",
        "ed25519",
        "--bits",
        "64",
        "--values",
        &seventeen,
    ]);
    assert_eq!(code(&out), 2);
}

#[test]
fn tampered_documents_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let doc = prove_to(dir.path(), "p.json", "32", "7,9");
    let json = read(&doc);

    let mut cases = Vec::new();
    let mut flipped = json.clone();
    let proof = flipped["proof"].as_str().unwrap().to_string();
    let c = if proof.as_bytes()[100] == b'0' {
        "1"
    } else {
        "0"
    };
    flipped["proof"] = Value::String(format!("{}{}{}", &proof[..100], c, &proof[101..]));
    cases.push(("flipped proof byte", flipped));
    let mut swapped = json.clone();
    swapped["commitments"].as_array_mut().unwrap().swap(0, 1);
    cases.push(("swapped commitments", swapped));
    let mut label = json.clone();
    label["transcript_label"] = Value::String("other".into());
    cases.push(("other label", label));
    let mut bits = json.clone();
    bits["bits"] = Value::from(64);
    cases.push(("other bits", bits));
    let mut truncated = json.clone();
    truncated["proof"] = Value::String(proof[..proof.len() - 64].to_string());
    cases.push(("truncated proof", truncated));

    for (what, bad) in cases {
        let path = dir.path().join("bad.json");
        write(&path, &bad);
        let out = rangeproof(&["verify", path.to_str().unwrap()]);
        assert_eq!(code(&out), 1, "{what}: {}{}", stdout(&out), stderr(&out));
        assert!(stdout(&out).contains("INVALID"), "{what}");
    }
}

#[test]
fn several_files_are_batched_and_the_invalid_ones_named() {
    let dir = tempfile::tempdir().unwrap();
    let a = prove_to(dir.path(), "a.json", "64", "1");
    let b = prove_to(dir.path(), "b.json", "16", "1,2,3");
    let c = prove_to(dir.path(), "c.json", "8", "200");
    let out = rangeproof(&[
        "verify",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        c.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(stdout(&out).contains("3 valid, 0 invalid"));

    // b gets c's commitment list: b is invalid, the others stay valid.
    let mut bad = read(&b);
    bad["commitments"] = Value::Array(vec![read(&c)["commitments"][0].clone(); 3]);
    write(&b, &bad);
    let out = rangeproof(&[
        "verify",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        c.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(
        text.contains(&format!("{}: INVALID", b.display())),
        "{text}"
    );
    assert!(text.contains(&format!("{}: valid", a.display())), "{text}");
    assert!(text.contains(&format!("{}: valid", c.display())), "{text}");
}

#[test]
fn unusable_input_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = prove_to(dir.path(), "good.json", "8", "1");
    let json = read(&good);
    let mut variants: Vec<(&str, String)> =
        vec![("not json", "{ nope".into()), ("empty", String::new())];
    let mut scheme = json.clone();
    scheme["scheme"] = Value::String("groth16".into());
    variants.push(("scheme", scheme.to_string()));
    let mut group = json.clone();
    group["group"] = Value::String("bn254".into());
    variants.push(("group", group.to_string()));
    let mut bits = json.clone();
    bits["bits"] = Value::from(7);
    variants.push(("bits", bits.to_string()));
    let mut hex = json.clone();
    hex["proof"] = Value::String("xyz".into());
    variants.push(("hex", hex.to_string()));
    let mut short = json.clone();
    short["commitments"] = serde_json::json!(["abcd"]);
    variants.push(("commitment length", short.to_string()));
    let mut missing = json.clone();
    missing.as_object_mut().unwrap().remove("proof");
    variants.push(("missing field", missing.to_string()));

    for (what, text) in variants {
        let path = dir.path().join("unusable.json");
        std::fs::write(&path, text).unwrap();
        // Alone, and mixed with a valid document: unusable input wins.
        for args in [
            vec!["verify", path.to_str().unwrap()],
            vec!["verify", good.to_str().unwrap(), path.to_str().unwrap()],
        ] {
            let out = rangeproof(&args);
            assert_eq!(code(&out), 2, "{what}");
            let err = stderr(&out);
            assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
        }
    }
    let out = rangeproof(&["verify", dir.path().join("missing.json").to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert_eq!(code(&rangeproof(&["verify"])), 2);
    assert_eq!(code(&rangeproof(&["frobnicate"])), 2);
}

#[test]
fn prove_refuses_bad_requests_with_exit_2() {
    for args in [
        vec!["prove", "--bits", "8", "--values", "256"],
        vec!["prove", "--bits", "12", "--values", "1"],
        vec!["prove", "--bits", "8", "--values", "-1"],
        vec!["prove", "--bits", "8", "--values", "x"],
        vec!["prove", "--bits", "8"],
    ] {
        let out = rangeproof(&args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert_eq!(
            stderr(&out).trim_end().lines().count(),
            1,
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let many = vec!["1"; 65].join(",");
    let out = rangeproof(&["prove", "--bits", "8", "--values", &many]);
    assert_eq!(code(&out), 2);
    assert_eq!(stderr(&out).trim_end().lines().count(), 1);
    // Suite parameters: the registered suites declare none, so any --param is refused with the
    // suite named; a malformed assignment is refused too. Nothing is written to stdout.
    for (param, reason) in [
        ("exp=0", "takes no parameters"),
        ("exp", "expected NAME=VALUE"),
    ] {
        let out = rangeproof(&["prove", "--bits", "8", "--values", "1", "--param", param]);
        assert_eq!(code(&out), 2, "{param}");
        let err = stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "{param}: {err}");
        assert!(err.contains(reason), "{param}: {err}");
        assert!(stdout(&out).is_empty());
    }
}

/// The reference implementation's proofs, as documents, verify through the CLI.
#[test]
fn reference_vectors_as_documents_verify() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/dalek-bp-ristretto255.json"
    ))
    .expect("the vectors are in the repository, at vectors/");
    let vectors: Value = serde_json::from_str(&text).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for (i, case) in vectors["cases"].as_array().unwrap().iter().enumerate() {
        let bits: u64 = case["bits"]
            .as_u64()
            .or_else(|| case["bits"].as_str().and_then(|s| s.parse().ok()))
            .unwrap();
        let doc = serde_json::json!({
            "scheme": "bulletproofs", "group": "ristretto255", "flavor": "dalek",
            "transcript_label": vectors["transcript_label"], "bits": bits,
            "commitments": case["commitments"], "proof": case["proof"],
        });
        let path = dir.path().join(format!("case{i}.json"));
        write(&path, &doc);
        paths.push(path.to_str().unwrap().to_string());
    }
    let args: Vec<&str> = std::iter::once("verify")
        .chain(paths.iter().map(String::as_str))
        .collect();
    let out = rangeproof(&args);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(stdout(&out).contains("16 valid, 0 invalid"));
}

#[test]
fn demo_and_bench_run() {
    let out = rangeproof(&["demo"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("identified: position 127"));
    assert!(stdout(&out).contains("3 Monero mainnet range proofs"));
    assert!(stdout(&out).contains("Grin's genesis proof verified"));
    assert!(stdout(&out).contains("a mainnet transaction's 3 range proofs verified in one batch"));
    assert!(stdout(&out).contains("proved known (25 998 gates)"));
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("bench.svg");
    // No --threads: bench measures on one thread unless asked.
    let out = rangeproof(&[
        "bench",
        "--millis",
        "1",
        "--batch",
        "4",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let table = stdout(&out);
    // The header names the columns, the CPU and the threads (below: the same CPU as the plot).
    let header = table.lines().next().unwrap();
    assert!(header.contains("batch verify"), "{header}");
    assert!(header.contains(", 1 thread;"), "{header}");
    // A header and one row per shape (9) and suite (5), and Monero's two suites at the shapes
    // Monero proves (64 bits, 1 to 16 outputs: 5 each).
    assert_eq!(table.lines().count(), 1 + 9 * 5 + 2 * 5);
    assert!(table.contains("BP+"));
    assert!(table.contains("BPgrin"));
    let monero: Vec<&str> = table
        .lines()
        .filter(|l| l.trim_start().starts_with("BPxmr") || l.trim_start().starts_with("BP+xmr"))
        .collect();
    assert_eq!(monero.len(), 10);
    assert!(monero
        .iter()
        .all(|l| l.split_whitespace().nth(1) == Some("64")));

    // The picture: this run's 7 suites, a line each in each of the two panels, and the legend.
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polyline").count(), 2 * 7);
    assert!(svg.contains("BP++ — bulletproofs++ ristretto255/rangeproof"));
    assert!(svg.contains("BPgrin — bulletproofs secp256k1/grin"));
    assert!(svg.contains("BP+xmr — bulletproofs+ ed25519/monero"));
    // Nothing copied from BENCHMARKS.md: no peer series, no other machine, no dashed lines.
    for copied in [
        "reference bulletproofs",
        "tari_bulletproofs_plus",
        "libsecp256k1-zkp (Grin)",
        "BENCHMARKS.md",
        "2026-11-22",
        "stroke-dasharray",
    ] {
        assert!(!svg.contains(copied), "{copied} in the plot");
    }
    // ... and the caption says where the peers are compared.
    assert!(svg.contains("cargo bench -p rangeproof --bench versus_reference"));
    // The caption names the CPU and the thread count, as the table's header does.
    let caption = svg.split("Measured in this run on ").nth(1).unwrap();
    let cpu = &caption[..caption.find(", 1 thread;").expect("one thread")];
    assert!(!cpu.is_empty());
    assert!(header.contains(&format!("({cpu}, 1 thread;")), "{header}");
    // Plain axis labels, log scale said; ticks in plain milliseconds.
    assert_eq!(
        svg.matches(">values per proof (m), 64 bits each — log scale<")
            .count(),
        2
    );
    assert_eq!(
        svg.matches(">milliseconds per proof — log scale<").count(),
        2
    );
    assert!(svg.contains(">10</text>") && svg.contains(">100</text>"));
    assert!(!svg.contains(" ms</text>") && !svg.contains("µs</text>"));
    // Each series (in the panels and the legend) has one colour and one marker, and no two
    // series share either.
    let mut styles: std::collections::BTreeMap<String, (String, String)> = Default::default();
    let attribute = |tag: &str, name: &str| -> String {
        let from = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        tag[from..from + tag[from..].find('"').unwrap()].to_string()
    };
    let mut groups = 0;
    for tag in svg.split("<g class=\"").skip(1) {
        let tag = &tag[..tag.find('>').unwrap()];
        let style = (attribute(tag, "stroke"), attribute(tag, "data-marker"));
        let previous = styles.insert(attribute(tag, "data-series"), style.clone());
        assert!(previous.is_none_or(|p| p == style), "{tag}");
        groups += 1;
    }
    // 7 legend entries, 7 prove lines, 7 verify lines.
    assert_eq!(groups, 3 * 7);
    assert_eq!(styles.len(), 7);
    let colours: std::collections::BTreeSet<&String> = styles.values().map(|s| &s.0).collect();
    let markers: std::collections::BTreeSet<&String> = styles.values().map(|s| &s.1).collect();
    assert_eq!(colours.len(), 7, "{styles:?}");
    assert_eq!(markers.len(), 7, "{styles:?}");

    // A thread count of 0 is refused before measuring.
    let out = rangeproof(&["bench", "--threads", "0", "--millis", "1"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("--threads must be at least 1"),
        "{}",
        stderr(&out)
    );
}

/// Runs the CLI with standard input from `stdin`, under a 512 MiB address-space limit (so a run
/// that tries to hold a huge document in memory fails instead of exiting 2), killing it if it
/// has not finished after a minute (a run that reads forever fails the test instead of hanging
/// it). Returns the output.
#[cfg(unix)]
fn rangeproof_bounded(args: &[&str], stdin: std::process::Stdio) -> Output {
    use std::time::{Duration, Instant};
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 524288 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_rangeproof"))
        .args(args)
        .stdin(stdin)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let start = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("rangeproof {args:?} did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

#[cfg(unix)]
#[test]
fn hostile_input_exits_2_quickly_in_bounded_memory() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let good = prove_to(dir.path(), "good.json", "8", "1");
    let good = good.to_str().unwrap();
    // The control: a valid document verifies under the same limits, from a file and from
    // standard input.
    let out = rangeproof_bounded(&["verify", good], Stdio::null());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = rangeproof_bounded(&["verify", "-"], std::fs::File::open(good).unwrap().into());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("-: valid"));

    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let big = dir.path().join("big.json");
    std::fs::write(&big, " ".repeat(2 << 20)).unwrap();
    // 30 million commitments, 90 MB: a parser that builds the list first needs gigabytes.
    let huge = dir.path().join("huge.json");
    let mut text = String::from(
        r#"{"scheme":"bulletproofs","group":"ristretto255","flavor":"dalek","transcript_label":"t","bits":8,"proof":"","commitments":["#,
    );
    text.push_str(&"\"\",".repeat(30_000_000));
    text.push_str("\"\"]}");
    std::fs::write(&huge, text).unwrap();

    let cases: Vec<(Vec<&str>, Stdio, &str)> = vec![
        (
            vec!["verify", "/dev/zero"],
            Stdio::null(),
            "not a regular file",
        ),
        // Zero bytes are binary data from the first: refused there.
        (
            vec!["verify", "-"],
            std::fs::File::open("/dev/zero").unwrap().into(),
            "not text: binary data (a NUL byte)",
        ),
        (
            vec!["verify", good, "/dev/zero"],
            Stdio::null(),
            "not a regular file",
        ),
        (
            vec!["verify", dir.path().to_str().unwrap()],
            Stdio::null(),
            "directory",
        ),
        (
            vec!["verify", fifo.to_str().unwrap()],
            Stdio::null(),
            "not a regular file",
        ),
        (
            vec!["verify", big.to_str().unwrap()],
            Stdio::null(),
            "larger than 1048576 bytes",
        ),
        (
            vec!["verify", huge.to_str().unwrap()],
            Stdio::null(),
            "larger than",
        ),
        (
            vec![
                "verify",
                "--max-document-bytes",
                "200000000",
                huge.to_str().unwrap(),
            ],
            Stdio::null(),
            "more than 256 commitments",
        ),
        (vec!["verify", "-", "-"], Stdio::null(), "once"),
    ];
    for (args, stdin, reason) in cases {
        let out = rangeproof_bounded(&args, stdin);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(reason), "{args:?}: {err}");
        // A document that cannot be used gets its verdict like the others (standard input
        // named twice is a bad command, with no verdicts at all).
        if reason == "once" {
            assert!(stdout(&out).is_empty(), "{args:?}");
        } else {
            assert_eq!(stdout(&out).matches(": UNUSABLE (").count(), 1, "{args:?}");
            assert_eq!(
                stdout(&out).contains(&format!("{good}: valid")),
                args.contains(&good),
                "{args:?}"
            );
        }
    }
    // The cap can be raised: the 2 MiB file is then read, and refused as what it is.
    let out = rangeproof_bounded(
        &[
            "verify",
            "--max-document-bytes",
            "3000000",
            big.to_str().unwrap(),
        ],
        Stdio::null(),
    );
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("not a proof document"),
        "{}",
        stderr(&out)
    );
}

/// More files than one chunk: verified chunk by chunk, every verdict printed, the invalid one
/// (in the last chunk) named.
#[test]
fn long_file_lists_are_verified_in_chunks() {
    let dir = tempfile::tempdir().unwrap();
    let good = prove_to(dir.path(), "good.json", "8", "7");
    let other = prove_to(dir.path(), "other.json", "8", "9");
    let count = 600;
    let mut paths = Vec::with_capacity(count);
    for k in 0..count {
        let path = dir.path().join(format!("p{k:03}.json"));
        std::fs::copy(&good, &path).unwrap();
        paths.push(path);
    }
    let args = |paths: &[PathBuf]| -> Vec<String> {
        std::iter::once("verify".to_string())
            .chain(paths.iter().map(|p| p.to_str().unwrap().to_string()))
            .collect()
    };
    let run = |paths: &[PathBuf]| {
        let a = args(paths);
        rangeproof(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let out = run(&paths);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.matches(": valid").count(), count);
    // Several batches (each at most 256 documents, as even as the threads make them).
    let largest: usize = text
        .split("600 valid, 0 invalid (verified in batches of up to ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no summary line: {text}"));
    assert!((32..=256).contains(&largest), "{largest}");

    // File 555 gets another proof's commitments.
    let mut bad = read(&paths[555]);
    bad["commitments"] = read(&other)["commitments"].clone();
    write(&paths[555], &bad);
    let out = run(&paths);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(
        text.contains(&format!("{}: INVALID", paths[555].display())),
        "{text}"
    );
    assert_eq!(text.matches(": valid").count(), count - 1);

    // An unusable file anywhere in the list: every other document still gets its verdict,
    // the unusable one is named, and the exit code is 2.
    std::fs::write(&paths[599], "{").unwrap();
    let out = run(&paths);
    assert_eq!(code(&out), 2);
    let text = stdout(&out);
    assert_eq!(text.matches(": valid").count(), count - 2);
    assert!(
        text.contains(&format!("{}: INVALID", paths[555].display())),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{}: UNUSABLE (not a proof document",
            paths[599].display()
        )),
        "{text}"
    );
    assert!(text.contains("598 valid, 1 invalid, 1 unusable"), "{text}");
    assert!(stderr(&out).contains("1 of 600 documents unusable"));
    assert_eq!(stderr(&out).trim_end().lines().count(), 1);
}

#[cfg(unix)]
#[test]
fn openings_are_private_new_files() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.json");
    let prove = |openings: &Path| {
        rangeproof(&[
            "prove",
            "--bits",
            "8",
            "--values",
            "3",
            "--out",
            dir.path().join("doc.json").to_str().unwrap(),
            "--openings",
            openings.to_str().unwrap(),
        ])
    };
    let out = prove(&openings);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let mode = std::fs::metadata(&openings).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "mode {mode:o}");
    let first = std::fs::read(&openings).unwrap();

    // An existing file is refused and left as it was.
    let out = prove(&openings);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("already exists"), "{}", stderr(&out));
    assert_eq!(std::fs::read(&openings).unwrap(), first);

    // A symlink is not followed: neither onto an existing file nor to create a new one.
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "keep me").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    assert_eq!(code(&prove(&link)), 2);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    let dangling = dir.path().join("dangling.json");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
    assert_eq!(code(&prove(&dangling)), 2);
    assert!(!dir.path().join("nowhere").exists());

    // --out and --openings must differ.
    let same = dir.path().join("same.json");
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "3",
        "--out",
        same.to_str().unwrap(),
        "--openings",
        same.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 2);
    assert!(!same.exists());
}

/// Amounts need not appear on the command line: `--values-file` reads them from a file or
/// standard input.
#[test]
fn values_from_a_file_or_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let values = dir.path().join("values.txt");
    std::fs::write(&values, "0, 255\n17\n").unwrap();
    let doc = dir.path().join("doc.json");
    let openings = dir.path().join("openings.json");
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values-file",
        values.to_str().unwrap(),
        "--out",
        doc.to_str().unwrap(),
        "--openings",
        openings.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(read(&openings)["values"], serde_json::json!([0, 255, 17]));
    assert_eq!(code(&rangeproof(&["verify", doc.to_str().unwrap()])), 0);

    let mut child = Command::new(env!("CARGO_BIN_EXE_rangeproof"))
        .args([
            "prove",
            "--scheme",
            "bulletproofs+",
            "--bits",
            "16",
            "--values-file",
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"65535 1").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let from_stdin = dir.path().join("stdin.json");
    std::fs::write(&from_stdin, &out.stdout).unwrap();
    assert_eq!(
        read(&from_stdin)["commitments"].as_array().unwrap().len(),
        2
    );
    assert_eq!(
        code(&rangeproof(&["verify", from_stdin.to_str().unwrap()])),
        0
    );

    for (content, reason) in [
        ("1, x", "value at position 2"),
        ("", "no values"),
        ("256", "8 bits"),
    ] {
        std::fs::write(&values, content).unwrap();
        let out = rangeproof(&[
            "prove",
            "--bits",
            "8",
            "--values-file",
            values.to_str().unwrap(),
        ]);
        assert_eq!(code(&out), 2, "{content:?}");
        assert!(
            stderr(&out).contains(reason),
            "{content:?}: {}",
            stderr(&out)
        );
        assert_eq!(stderr(&out).trim_end().lines().count(), 1);
    }
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "1",
        "--values-file",
        "-",
    ]);
    assert_eq!(code(&out), 2);
}

fn prove_grin(dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let mut args = vec![
        "prove",
        "--group",
        "secp256k1",
        "--flavor",
        "grin",
        "--out",
        path.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = rangeproof(&args);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    path
}

#[test]
fn grin_documents() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("grin-openings.json");
    let one = prove_grin(
        dir.path(),
        "one.json",
        &[
            "--bits",
            "64",
            "--values",
            "18446744073709551615",
            "--openings",
            openings.to_str().unwrap(),
        ],
    );
    let doc = read(&one);
    assert_eq!(doc["group"], "secp256k1");
    assert_eq!(doc["flavor"], "grin");
    assert_eq!(doc["generators_n"], 256);
    assert_eq!(doc["value_generator"], "H");
    assert!(doc.get("transcript_label").is_none());
    assert_eq!(doc["proof"].as_str().unwrap().len(), 2 * 675);
    assert_eq!(doc["commitments"][0].as_str().unwrap().len(), 66);
    let opened = read(&openings);
    assert_eq!(opened["rewind_nonce"].as_str().unwrap().len(), 64);

    // Aggregation, extra data, an asset generator, a minimum value.
    let asset = "0a79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798".to_string();
    let four = prove_grin(
        dir.path(),
        "four.json",
        &[
            "--bits",
            "16",
            "--values",
            "0,1,2,65535",
            "--extra-data",
            "c0ffee",
        ],
    );
    let asset_doc = prove_grin(
        dir.path(),
        "asset.json",
        &["--bits", "32", "--values", "7", "--value-generator", &asset],
    );
    let min = prove_grin(
        dir.path(),
        "min.json",
        &[
            "--bits",
            "8",
            "--values",
            "1100",
            "--minimum-values",
            "1000",
        ],
    );
    assert_eq!(read(&four)["extra_data"], "c0ffee");
    assert_eq!(read(&four)["generators_n"], 256);
    assert_eq!(read(&asset_doc)["value_generator"], asset);
    assert_eq!(read(&min)["minimum_values"][0], 1000);
    for p in [&one, &four, &asset_doc, &min] {
        let out = rangeproof(&["verify", p.to_str().unwrap()]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
    }
    // All of them, and a dalek document, in one batch.
    let dalek = prove_to(dir.path(), "dalek.json", "64", "5");
    let out = rangeproof(&[
        "verify",
        one.to_str().unwrap(),
        four.to_str().unwrap(),
        asset_doc.to_str().unwrap(),
        min.to_str().unwrap(),
        dalek.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));

    // Invalid: other extra data, no value generator (H instead of the asset), a flipped bit.
    let mut d = read(&four);
    d["extra_data"] = "c0ffef".into();
    write(&dir.path().join("bad1.json"), &d);
    let mut d = read(&asset_doc);
    d.as_object_mut().unwrap().remove("value_generator");
    write(&dir.path().join("bad2.json"), &d);
    let mut d = read(&one);
    let mut proof = d["proof"].as_str().unwrap().to_string();
    proof.replace_range(10..11, if &proof[10..11] == "0" { "1" } else { "0" });
    d["proof"] = proof.into();
    write(&dir.path().join("bad3.json"), &d);
    for bad in ["bad1.json", "bad2.json", "bad3.json"] {
        let out = rangeproof(&["verify", dir.path().join(bad).to_str().unwrap()]);
        assert_eq!(code(&out), 1, "{bad}: {}", stderr(&out));
    }

    // Unusable: a label, a wrong generator count, three commitments, 32-byte commitments.
    type Edit = fn(&mut Value);
    let edits: [(Edit, &str); 4] = [
        (|d| d["transcript_label"] = "x".into(), "take no label"),
        (|d| d["generators_n"] = 64.into(), "generators_n"),
        (
            |d| {
                let c = d["commitments"][0].clone();
                d["commitments"] = vec![c.clone(), c.clone(), c].into();
            },
            "power-of-two",
        ),
        (
            |d| d["commitments"][0] = "11".repeat(32).into(),
            "expected 33",
        ),
    ];
    for (edit, needle) in edits {
        let mut d = read(&one);
        edit(&mut d);
        let path = dir.path().join("unusable.json");
        write(&path, &d);
        let out = rangeproof(&["verify", path.to_str().unwrap()]);
        assert_eq!(code(&out), 2, "{needle}");
        assert!(stderr(&out).contains(needle), "{}", stderr(&out));
        assert_eq!(stderr(&out).trim().lines().count(), 1);
    }
    // Prove refuses Grin's flags for other flavors, and a label for Grin.
    let out = rangeproof(&[
        "prove",
        "--bits",
        "64",
        "--values",
        "1",
        "--extra-data",
        "00",
    ]);
    assert_eq!(code(&out), 2);
    let out = rangeproof(&[
        "prove",
        "--group",
        "secp256k1",
        "--flavor",
        "grin",
        "--bits",
        "64",
        "--values",
        "1",
        "--transcript-label",
        "x",
    ]);
    assert_eq!(code(&out), 2);
    let out = rangeproof(&[
        "prove",
        "--group",
        "secp256k1",
        "--flavor",
        "grin",
        "--bits",
        "64",
        "--values",
        "1,2,3",
    ]);
    assert_eq!(
        code(&out),
        2,
        "three values: secp256k1-zkp needs a power of two"
    );
}

/// Grin's genesis proofs and libsecp256k1-zkp's generated ones, as documents.
#[test]
fn grin_vectors_as_documents_verify() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../vectors/grin-bp-secp256k1.json"
    ))
    .unwrap();
    let vectors: Value = serde_json::from_str(&text).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (i, case) in vectors["cases"].as_array().unwrap().iter().enumerate() {
        let mut doc = serde_json::json!({
            "scheme": "bulletproofs",
            "group": "secp256k1",
            "flavor": "grin",
            "bits": case["bits"],
            "generators_n": case["generators_n"],
            "value_generator": "H",
            "commitments": case["commitments"],
            "proof": case["proof"],
        });
        if let Some(extra) = case.get("extra_data") {
            doc["extra_data"] = extra.clone();
        }
        let path = dir.path().join(format!("case{i}.json"));
        write(&path, &doc);
        let out = rangeproof(&["verify", path.to_str().unwrap()]);
        let expected = match (
            case["valid"].as_bool().unwrap(),
            case["commitments"].as_array().unwrap().len(),
        ) {
            (true, _) => 0,
            // The dropped-commitment case has 3 commitments: not a secp256k1-zkp statement.
            (false, 3) => 2,
            (false, _) => 1,
        };
        assert_eq!(code(&out), expected, "case {i}: {}", stderr(&out));
    }
}

/// Every command's help ends with an example of it, and the global option is one line under
/// "Global options" everywhere (what it governs is said once, in `rangeproof --help`).
#[test]
fn every_command_has_an_example_and_the_global_option_once() {
    let leaves: [&[&str]; 14] = [
        &["demo"],
        &["prove"],
        &["commit"],
        &["recover"],
        &["verify"],
        &["info"],
        &["bench"],
        &["circuit", "sha256"],
        &["circuit", "shuffle"],
        &["liquid", "verify-tx"],
        &["liquid", "unblind"],
        &["mpc", "dealer"],
        &["mpc", "party"],
        &[],
    ];
    for leaf in leaves {
        let mut args = leaf.to_vec();
        args.push("--help");
        let out = rangeproof(&args);
        assert_eq!(code(&out), 0, "{leaf:?}");
        let help = stdout(&out);
        assert!(help.contains("Example"), "{leaf:?}: no example\n{help}");
        let command = format!("rangeproof {}", leaf.join(" "));
        assert!(help.contains(command.trim_end()), "{leaf:?}: {help}");
        assert_eq!(help.matches("--threads <N>").count(), 1, "{leaf:?}");
        assert_eq!(help.matches("Global options:").count(), 1, "{leaf:?}");
        assert_eq!(
            help.contains("every command uses all of this machine's cores"),
            leaf.is_empty(),
            "{leaf:?}: the long description belongs to the top level only"
        );
    }
}

/// A chunk verified in one batch per thread gives the same verdicts and names the same
/// documents as one batch on one thread: 200 documents of two suites (so each of two threads
/// has a part of its own), three of them made invalid in different parts, one unusable.
#[test]
fn verdicts_and_blame_are_the_same_on_one_thread_and_two() {
    let dir = tempfile::tempdir().unwrap();
    let dalek = prove_to(dir.path(), "dalek.json", "16", "7");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--bits",
        "32",
        "--values",
        "5,6",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let tari = dir.path().join("tari.json");
    std::fs::write(&tari, stdout(&out)).unwrap();
    let other = prove_to(dir.path(), "other.json", "16", "9");
    let mut paths = Vec::new();
    for k in 0..200 {
        let path = dir.path().join(format!("d{k:03}.json"));
        std::fs::copy(if k % 3 == 0 { &tari } else { &dalek }, &path).unwrap();
        paths.push(path);
    }
    for k in [4, 101, 197] {
        let mut bad = read(&paths[k]);
        bad["commitments"] = read(&other)["commitments"].clone();
        write(&paths[k], &bad);
    }
    std::fs::write(&paths[150], "{").unwrap();
    let run = |threads: &str| {
        let mut args = vec!["--threads", threads, "verify", "--json"];
        args.extend(paths.iter().map(|p| p.to_str().unwrap()));
        let out = rangeproof(&args);
        assert_eq!(code(&out), 2, "{}", stderr(&out));
        stdout(&out)
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one, two);
    let invalid: Vec<usize> = one
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(r#""valid":false"#))
        .map(|(k, _)| k)
        .collect();
    assert_eq!(invalid, vec![4, 101, 197]);
    assert!(one.lines().nth(150).unwrap().contains(r#""valid":null"#));
}
