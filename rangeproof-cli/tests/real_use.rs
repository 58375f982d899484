//! The CLI for real wallets: proofs for existing commitments (`prove --openings-in`), machine-
//! readable verdicts (`verify --json`), commitments (`commit`) and recovery (`recover`).

use serde_json::Value;

use crate::common;
use common::{code, rangeproof, read, stderr, write};

fn from(path: &std::path::Path) -> Vec<&str> {
    vec!["prove", "--openings-in", path.to_str().unwrap()]
}

/// Every suite: prove with fresh blindings and write the openings, prove again from them —
/// the same commitments, a valid (new) proof — and refuse openings that disagree.
#[test]
fn prove_from_existing_openings() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [&[&str]; 5] = [
        &["--bits", "64"],
        &[
            "--scheme",
            "bulletproofs+",
            "--bits",
            "64",
            "--extension-degree",
            "3",
        ],
        &["--group", "ed25519", "--flavor", "monero", "--bits", "64"],
        &[
            "--scheme",
            "bulletproofs+",
            "--group",
            "ed25519",
            "--flavor",
            "monero",
            "--bits",
            "64",
        ],
        &["--group", "secp256k1", "--flavor", "grin", "--bits", "64"],
    ];
    for (i, flags) in cases.iter().enumerate() {
        let openings = dir.path().join(format!("openings{i}.json"));
        let first = dir.path().join(format!("first{i}.json"));
        let second = dir.path().join(format!("second{i}.json"));
        let mut args = vec!["prove", "--values", "1250,8700"];
        args.extend_from_slice(flags);
        args.extend_from_slice(&["--openings", openings.to_str().unwrap()]);
        args.extend_from_slice(&["--out", first.to_str().unwrap()]);
        let out = rangeproof(&args);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        // The openings record the statement (flavor included): no flag is needed.
        let mut again = from(&openings);
        again.extend_from_slice(&["--out", second.to_str().unwrap()]);
        let out = rangeproof(&again);
        assert_eq!(code(&out), 0, "case {i}: {}", stderr(&out));
        let (a, b) = (read(&first), read(&second));
        assert_eq!(a["commitments"], b["commitments"], "case {i}");
        if flags.contains(&"grin") {
            // Grin's nonces all derive from the recorded rewind nonce: the same statement
            // gives the same proof (nothing new is revealed), and it still rewinds.
            assert_eq!(a["proof"], b["proof"], "case {i}: the same proof");
        } else {
            assert_ne!(a["proof"], b["proof"], "case {i}: a fresh proof");
        }
        let out = rangeproof(&["verify", second.to_str().unwrap()]);
        assert_eq!(code(&out), 0, "case {i}");

        // Openings that do not make the commitments they list, non-hex blindings, flags that
        // disagree with the file: unusable input.
        let mut tampered: Value = read(&openings);
        tampered["values"][0] = Value::from(1251);
        let bad = dir.path().join(format!("bad{i}.json"));
        write(&bad, &tampered);
        let out = rangeproof(&from(&bad));
        assert_eq!(code(&out), 2, "case {i}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("do not make the commitments"),
            "{}",
            stderr(&out)
        );
        let mut tampered: Value = read(&openings);
        tampered["blindings"][0][0] = Value::from("zz");
        write(&bad, &tampered);
        let out = rangeproof(&from(&bad));
        assert_eq!(code(&out), 2);
        assert!(stderr(&out).contains("not hex"), "{}", stderr(&out));
    }
    let openings = dir.path().join("openings0.json");
    let out = rangeproof(&[
        "prove",
        "--openings-in",
        openings.to_str().unwrap(),
        "--bits",
        "32",
    ]);
    assert_eq!(code(&out), 2);
    assert_eq!(stderr(&out).lines().count(), 1);
    let out = rangeproof(&[
        "prove",
        "--openings-in",
        openings.to_str().unwrap(),
        "--values",
        "1",
    ]);
    assert_eq!(code(&out), 2);
}

/// `verify --json`: one object per document, in order, with `path`, `valid`, `reason`; no
/// summary; exit codes unchanged; `-` reads standard input.
#[test]
fn verify_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.json");
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "3",
        "--out",
        good.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0);
    let bad = dir.path().join("bad.json");
    let mut doc = read(&good);
    let proof = doc["proof"].as_str().unwrap().to_string();
    doc["proof"] = Value::from(format!(
        "{}{}",
        if &proof[..1] == "0" { "1" } else { "0" },
        &proof[1..]
    ));
    write(&bad, &doc);
    let out = rangeproof(&[
        "verify",
        "--json",
        good.to_str().unwrap(),
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1);
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["path"], good.to_str().unwrap());
    assert_eq!(lines[0]["valid"], true);
    assert!(lines[0]["reason"].is_null());
    assert_eq!(lines[1]["valid"], false);
    assert!(lines[1]["reason"].as_str().is_some_and(|r| !r.is_empty()));

    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rangeproof"))
        .args(["verify", "--json", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(std::fs::read(&good).unwrap().as_slice())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(code(&out), 0);
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["path"], "-");
    assert_eq!(line["valid"], true);
    // An unusable document is `"valid": null` with its reason, the others keep their
    // verdicts, and the exit code is 2 (one line on stderr).
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{").unwrap();
    let out = rangeproof(&[
        "verify",
        "--json",
        good.to_str().unwrap(),
        junk.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 2);
    let lines: Vec<Value> = String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["path"], junk.to_str().unwrap());
    assert_eq!(lines[1]["valid"], Value::Null);
    assert!(lines[1]["reason"]
        .as_str()
        .unwrap()
        .starts_with("not a proof document"));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr)
            .trim_end()
            .lines()
            .count(),
        1
    );
}

/// `commit`: the commitments `prove` makes for the same openings, in every convention;
/// random blindings only with `--openings` to keep them.
#[test]
fn commit_matches_prove() {
    let dir = tempfile::tempdir().unwrap();
    let conventions: [&[&str]; 4] = [
        &[],
        &["--scheme", "bulletproofs+", "--extension-degree", "2"],
        &["--group", "ed25519"],
        &["--group", "secp256k1"],
    ];
    for (i, flags) in conventions.iter().enumerate() {
        let openings = dir.path().join(format!("o{i}.json"));
        let mut args = vec![
            "commit",
            "--values",
            "5,7",
            "--openings",
            openings.to_str().unwrap(),
        ];
        args.extend_from_slice(flags);
        let out = rangeproof(&args);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let committed: Value = serde_json::from_slice(&out.stdout).unwrap();
        let proof = dir.path().join(format!("p{i}.json"));
        let out = rangeproof(&[
            "prove",
            "--openings-in",
            openings.to_str().unwrap(),
            "--out",
            proof.to_str().unwrap(),
        ]);
        assert_eq!(code(&out), 0, "case {i}: {}", stderr(&out));
        assert_eq!(
            read(&proof)["commitments"],
            committed["commitments"],
            "case {i}"
        );
        assert_eq!(code(&rangeproof(&["verify", proof.to_str().unwrap()])), 0);
        // The same blindings given on the command line: the same commitments.
        let o = read(&openings);
        let blindings: Vec<String> = o["blindings"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|b| {
                b.as_array()
                    .unwrap()
                    .iter()
                    .map(|h| h.as_str().unwrap().to_string())
            })
            .collect();
        let joined = blindings.join(",");
        let mut args = vec!["commit", "--values", "5,7", "--blindings", &joined];
        args.extend_from_slice(flags);
        let out = rangeproof(&args);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let again: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(again["commitments"], committed["commitments"]);
    }
    assert_eq!(code(&rangeproof(&["commit", "--values", "5"])), 2);
    assert_eq!(
        code(&rangeproof(&[
            "commit",
            "--values",
            "5",
            "--blindings",
            "zz"
        ])),
        2
    );
    assert_eq!(
        code(&rangeproof(&[
            "commit",
            "--values",
            "5,6",
            "--blindings",
            &"00".repeat(32)
        ])),
        2
    );
}

/// Verifying hundreds of files with standard error not a terminal: the verdicts and the
/// summary on standard output, nothing on standard error (the progress line is for terminals).
#[test]
fn many_files_without_a_terminal_print_no_progress() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("doc.json");
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "1",
        "--out",
        doc.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0);
    let paths: Vec<String> = (0..300)
        .map(|i| {
            let p = dir.path().join(format!("d{i}.json"));
            std::fs::copy(&doc, &p).unwrap();
            p.to_str().unwrap().to_string()
        })
        .collect();
    let mut args = vec!["verify"];
    args.extend(paths.iter().map(String::as_str));
    let out = rangeproof(&args);
    assert_eq!(code(&out), 0);
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 301);
    assert!(stdout
        .lines()
        .last()
        .unwrap()
        .starts_with("300 valid, 0 invalid"));
}

/// `recover`: Tari's blinding from the seed nonce given to `prove --recovery-nonce`, Grin's
/// value and blinding from the rewind nonce `prove --openings` records; a wrong nonce is exit 1
/// (Grin), a suite without recovery or a bad nonce exit 2.
#[test]
fn recover_with_the_nonce() {
    let dir = tempfile::tempdir().unwrap();
    let nonce = format!("{}01", "11".repeat(31));
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--bits",
        "64",
        "--values",
        "777",
        "--recovery-nonce",
        &nonce,
        "--openings",
        &path("t_o.json"),
        "--out",
        &path("t.json"),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = rangeproof(&["recover", "--nonce", &nonce, &path("t.json")]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    let openings = read(std::path::Path::new(&path("t_o.json")));
    assert_eq!(got["blindings"], openings["blindings"][0]);
    assert_eq!(openings["rewind_nonce"], Value::from(nonce.clone()));

    let out = rangeproof(&[
        "prove",
        "--group",
        "secp256k1",
        "--bits",
        "64",
        "--values",
        "99",
        "--openings",
        &path("g_o.json"),
        "--out",
        &path("g.json"),
    ]);
    assert_eq!(code(&out), 0);
    let openings = read(std::path::Path::new(&path("g_o.json")));
    let rewind = openings["rewind_nonce"].as_str().unwrap().to_string();
    let out = rangeproof(&["recover", "--nonce", &rewind, &path("g.json")]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(got["value"], 99);
    assert_eq!(got["blindings"], openings["blindings"][0]);
    assert_eq!(
        code(&rangeproof(&[
            "recover",
            "--nonce",
            &nonce,
            &path("g.json")
        ])),
        1
    );

    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "1",
        "--out",
        &path("d.json"),
    ]);
    assert_eq!(code(&out), 0);
    assert_eq!(
        code(&rangeproof(&[
            "recover",
            "--nonce",
            &nonce,
            &path("d.json")
        ])),
        2
    );
    assert_eq!(
        code(&rangeproof(&[
            "recover",
            "--nonce",
            "abcd",
            &path("g.json")
        ])),
        2
    );
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "1",
        "--recovery-nonce",
        &nonce,
    ]);
    assert_eq!(code(&out), 2, "dalek proofs have no recovery nonce");
}

/// The public data the CLI ships (`data/`: Monero mainnet range proofs, Grin's genesis output)
/// also comes as proof documents (`data/documents/`) that `verify` takes as they stand. Each
/// document holds exactly its data file's proof and commitments, and a changed byte fails it.
#[test]
fn shipped_documents_are_the_bundled_data_and_verify() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let documents = data.join("documents");
    let load = |path: &std::path::Path| -> Value {
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let monero = load(&data.join("monero-mainnet.json"));
    let mut expected: Vec<(std::path::PathBuf, Value)> = monero["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| {
            let hash = case["tx_hash"].as_str().unwrap();
            let doc = serde_json::json!({
                "scheme": case["scheme"], "group": "ed25519", "flavor": "monero", "bits": 64,
                "commitments": case["commitments"], "proof": case["proof"],
            });
            (documents.join(format!("monero-{}.json", &hash[..16])), doc)
        })
        .collect();
    let grin = load(&data.join("grin-genesis.json"));
    expected.push((
        documents.join("grin-genesis.json"),
        serde_json::json!({
            "scheme": "bulletproofs", "group": "secp256k1", "flavor": "grin",
            "bits": grin["bits"], "generators_n": grin["generators_n"], "value_generator": "H",
            "commitments": [grin["commitment"]], "proof": grin["proof"],
        }),
    ));
    let shipped = std::fs::read_dir(&documents).unwrap().count();
    assert_eq!(
        shipped,
        expected.len(),
        "a document without its data, or the reverse"
    );
    for (path, doc) in &expected {
        assert_eq!(&load(path), doc, "{}", path.display());
    }
    let mut args = vec!["verify".to_string()];
    args.extend(
        expected
            .iter()
            .map(|(p, _)| p.to_str().unwrap().to_string()),
    );
    let out = rangeproof(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // Each alone too, and one changed byte of a proof is invalid.
    let dir = tempfile::tempdir().unwrap();
    for (path, doc) in &expected {
        assert_eq!(code(&rangeproof(&["verify", path.to_str().unwrap()])), 0);
        let mut bad = doc.clone();
        let proof = bad["proof"].as_str().unwrap().to_string();
        let flipped = if &proof[10..11] == "0" { "1" } else { "0" };
        bad["proof"] = Value::from(format!("{}{flipped}{}", &proof[..10], &proof[11..]));
        let tampered = dir.path().join("tampered.json");
        write(&tampered, &bad);
        assert_eq!(
            code(&rangeproof(&["verify", tampered.to_str().unwrap()])),
            1
        );
    }
}
