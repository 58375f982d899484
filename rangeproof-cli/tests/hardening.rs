//! What the security review found a wallet could lose, and the answers: outputs never destroy a
//! file, openings describe their statement and re-proofs reuse it, recoveries say whether they
//! were checked, a closed pipe or a full disk is not a crash, and each refusal names the rule
//! and the flag.

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common;
use common::{code, rangeproof, read, stderr, write};

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `--out` is a new file: an existing one (the wallet's only openings, say) or a symlink is
/// refused and left as it was; `--force` replaces a file — by rename, so a symlink is replaced
/// and its target untouched — but never the file the secrets are read from.
#[test]
fn outputs_never_destroy_files() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("w.open.json");
    let first = dir.path().join("first.json");
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "5",
        "--openings",
        p(&openings),
        "--out",
        p(&first),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let secret = std::fs::read_to_string(&openings).unwrap();

    // The reported loss: re-prove from the openings into the same file.
    for force in [false, true] {
        let mut args = vec![
            "prove",
            "--openings-in",
            p(&openings),
            "--out",
            p(&openings),
        ];
        if force {
            args.push("--force");
        }
        let out = rangeproof(&args);
        assert_eq!(code(&out), 2, "force {force}");
        assert!(
            stderr(&out).contains("secrets are read from"),
            "{}",
            stderr(&out)
        );
        assert_eq!(stderr(&out).trim_end().lines().count(), 1);
        assert_eq!(std::fs::read_to_string(&openings).unwrap(), secret);
    }
    // The same file under another name is the same file.
    let hard = dir.path().join("hardlink.json");
    std::fs::hard_link(&openings, &hard).unwrap();
    let out = rangeproof(&[
        "prove",
        "--openings-in",
        p(&openings),
        "--out",
        p(&hard),
        "--force",
    ]);
    assert_eq!(code(&out), 2);
    assert_eq!(std::fs::read_to_string(&openings).unwrap(), secret);

    // An existing output is refused without --force, replaced with it.
    let before = std::fs::read_to_string(&first).unwrap();
    let out = rangeproof(&["prove", "--bits", "8", "--values", "6", "--out", p(&first)]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("already exists"), "{}", stderr(&out));
    assert!(stderr(&out).contains("--force"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&first).unwrap(), before);
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "6",
        "--out",
        p(&first),
        "--force",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_ne!(std::fs::read_to_string(&first).unwrap(), before);
    assert_eq!(code(&rangeproof(&["verify", p(&first)])), 0);

    // A symlink is never written through.
    #[cfg(unix)]
    {
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "precious").unwrap();
        let link = dir.path().join("out.json");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let out = rangeproof(&["prove", "--bits", "8", "--values", "1", "--out", p(&link)]);
        assert_eq!(code(&out), 2);
        assert!(stderr(&out).contains("symlink"), "{}", stderr(&out));
        let out = rangeproof(&[
            "prove",
            "--bits",
            "8",
            "--values",
            "1",
            "--out",
            p(&link),
            "--force",
        ]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(code(&rangeproof(&["verify", p(&link)])), 0);
    }

    // A refused --out costs nothing: the openings file is not created either.
    let fresh = dir.path().join("fresh.open.json");
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "1",
        "--openings",
        p(&fresh),
        "--out",
        p(&first),
    ]);
    assert_eq!(code(&out), 2);
    assert!(!fresh.exists());

    // circuit and bench outputs follow the same rule.
    let out = rangeproof(&[
        "circuit",
        "sha256",
        "--preimage-hex",
        "61",
        "--out",
        p(&first),
    ]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("already exists"), "{}", stderr(&out));
    let out = rangeproof(&["bench", "--plot", p(&first)]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("already exists"), "{}", stderr(&out));
}

/// The openings record the statement: a re-proof reuses the custom label, the minimum values,
/// Grin's extra data, asset generator and rewind nonce — and refuses a flag that disagrees.
#[test]
fn openings_record_the_statement_and_re_proofs_reuse_it() {
    let dir = tempfile::tempdir().unwrap();
    let nonce = format!("{}02", "22".repeat(31));
    // Tari with a custom label, minimum values and a seed nonce.
    let tari_open = dir.path().join("tari.open.json");
    let tari_first = dir.path().join("tari1.json");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--bits",
        "32",
        "--values",
        "1500",
        "--extension-degree",
        "2",
        "--minimum-values",
        "1000",
        "--transcript-label",
        "my wallet",
        "--recovery-nonce",
        &nonce,
        "--openings",
        p(&tari_open),
        "--out",
        p(&tari_first),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let recorded = read(&tari_open);
    assert_eq!(recorded["flavor"], "tari");
    assert_eq!(recorded["transcript_label"], "my wallet");
    assert_eq!(recorded["extension_degree"], 2);
    assert_eq!(recorded["minimum_values"], serde_json::json!([1000]));
    let tari_second = dir.path().join("tari2.json");
    let out = rangeproof(&[
        "prove",
        "--openings-in",
        p(&tari_open),
        "--out",
        p(&tari_second),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let (a, b) = (read(&tari_first), read(&tari_second));
    for field in [
        "transcript_label",
        "minimum_values",
        "extension_degree",
        "commitments",
    ] {
        assert_eq!(a[field], b[field], "{field}");
    }
    assert_eq!(code(&rangeproof(&["verify", p(&tari_second)])), 0);
    let out = rangeproof(&[
        "recover",
        "--nonce",
        &nonce,
        "--value",
        "1500",
        p(&tari_second),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // Flags that disagree with the record: refused, each naming the flag.
    for (flag, value) in [
        ("--transcript-label", "another"),
        ("--minimum-values", "0"),
        ("--bits", "64"),
        ("--extension-degree", "1"),
        ("--flavor", "monero"),
        ("--recovery-nonce", &"33".repeat(32)),
    ] {
        let out = rangeproof(&["prove", "--openings-in", p(&tari_open), flag, value]);
        assert_eq!(code(&out), 2, "{flag}");
        let reason = stderr(&out);
        assert!(reason.contains(flag), "{flag}: {reason}");
        assert_eq!(reason.trim_end().lines().count(), 1);
        assert!(
            !reason.contains(&"33".repeat(32)),
            "the nonce is not echoed"
        );
    }

    // Grin with extra data, an asset generator and a rewind nonce.
    let asset = rangeproof(&[
        "commit",
        "--group",
        "secp256k1",
        "--values",
        "1",
        "--blindings",
        &"01".repeat(32),
    ]);
    assert_eq!(code(&asset), 0, "{}", stderr(&asset));
    // A commitment (08/09 || x) is a valid point; as a generator it is 0a/0b || x.
    let point: Value = serde_json::from_slice(&asset.stdout).unwrap();
    let point = point["commitments"][0].as_str().unwrap().to_string();
    let generator = format!(
        "{}{}",
        if &point[..2] == "08" { "0a" } else { "0b" },
        &point[2..]
    );
    let grin_open = dir.path().join("grin.open.json");
    let grin_first = dir.path().join("grin1.json");
    let out = rangeproof(&[
        "prove",
        "--group",
        "secp256k1",
        "--bits",
        "64",
        "--values",
        "42",
        "--extra-data",
        "c0ffee",
        "--value-generator",
        &generator,
        "--openings",
        p(&grin_open),
        "--out",
        p(&grin_first),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let recorded = read(&grin_open);
    assert_eq!(recorded["extra_data"], "c0ffee");
    assert_eq!(recorded["value_generator"], Value::from(generator.clone()));
    assert!(recorded["generators_n"].is_u64());
    let rewind = recorded["rewind_nonce"].as_str().unwrap().to_string();
    let grin_second = dir.path().join("grin2.json");
    let out = rangeproof(&[
        "prove",
        "--openings-in",
        p(&grin_open),
        "--out",
        p(&grin_second),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        read(&grin_first)["commitments"],
        read(&grin_second)["commitments"]
    );
    // The recorded rewind nonce was reused: the re-proved output still rewinds.
    let out = rangeproof(&["recover", "--nonce", &rewind, p(&grin_second)]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(got["value"], 42);
    assert_eq!(got["checked"], true);
    let out = rangeproof(&[
        "prove",
        "--openings-in",
        p(&grin_open),
        "--extra-data",
        "00",
    ]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("--extra-data"), "{}", stderr(&out));

    // Files written before the statement was recorded still work (flags fill the gaps).
    let mut old = read(&tari_open);
    for field in [
        "flavor",
        "transcript_label",
        "extension_degree",
        "minimum_values",
    ] {
        old.as_object_mut().unwrap().remove(field);
    }
    let legacy = dir.path().join("legacy.open.json");
    write(&legacy, &old);
    let out = rangeproof(&[
        "prove",
        "--openings-in",
        p(&legacy),
        "--transcript-label",
        "my wallet",
        "--minimum-values",
        "1000",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

/// Tari's recovery with a wrong seed, or of a proof made without one: with --value it fails
/// (exit 1); without, the result says it was not checked.
#[test]
fn recoveries_say_whether_they_were_checked() {
    let dir = tempfile::tempdir().unwrap();
    let seed = format!("{}03", "33".repeat(31));
    let wrong = format!("{}04", "33".repeat(31));
    let doc = dir.path().join("t.json");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--bits",
        "64",
        "--values",
        "10",
        "--recovery-nonce",
        &seed,
        "--out",
        p(&doc),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = rangeproof(&["recover", "--nonce", &seed, "--value", "10", p(&doc)]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(got["checked"], true);
    for (nonce, value) in [(&wrong, "10"), (&seed, "11")] {
        let out = rangeproof(&["recover", "--nonce", nonce, "--value", value, p(&doc)]);
        assert_eq!(code(&out), 1, "{}", stderr(&out));
    }
    let out = rangeproof(&["recover", "--nonce", &wrong, p(&doc)]);
    assert_eq!(code(&out), 0);
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(got["checked"], false);
    assert!(stderr(&out).contains("not checked"), "{}", stderr(&out));

    let plain = dir.path().join("plain.json");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--bits",
        "64",
        "--values",
        "10",
        "--out",
        p(&plain),
    ]);
    assert_eq!(code(&out), 0);
    let out = rangeproof(&["recover", "--nonce", &seed, "--value", "10", p(&plain)]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));

    let dalek = dir.path().join("d.json");
    assert_eq!(
        code(&rangeproof(&[
            "prove",
            "--bits",
            "8",
            "--values",
            "1",
            "--out",
            p(&dalek)
        ])),
        0
    );
    let out = rangeproof(&["recover", "--nonce", &seed, p(&dalek)]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("no recovery nonce"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("generators"), "{}", stderr(&out));
}

/// A reader that closes the pipe early is not a crash (no panic, no exit 101, nothing on
/// stderr) and the exit code still gives the verdict; a full disk is unusable output (exit 2,
/// one line).
#[test]
fn closed_pipes_and_full_disks() {
    let dir = tempfile::tempdir().unwrap();
    let mut docs = Vec::new();
    for i in 0..40 {
        let doc = dir.path().join(format!("d{i}.json"));
        assert_eq!(
            code(&rangeproof(&[
                "prove",
                "--bits",
                "8",
                "--values",
                "3",
                "--out",
                p(&doc)
            ])),
            0
        );
        docs.push(doc);
    }
    let tampered = dir.path().join("tampered.json");
    let mut doc = read(&docs[0]);
    let proof = doc["proof"].as_str().unwrap().to_string();
    doc["proof"] = Value::from(format!(
        "{}{}",
        if &proof[..1] == "0" { "1" } else { "0" },
        &proof[1..]
    ));
    write(&tampered, &doc);
    for (extra, expected) in [(None, 0), (Some(&tampered), 1)] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rangeproof"))
            .arg("verify")
            .args(docs.iter().map(|d| p(d)))
            .args(extra.map(|t| p(t)))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before the verdicts are written.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(code(&out), expected, "{}", stderr(&out));
        assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    }
    #[cfg(target_os = "linux")]
    {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_rangeproof"))
            .args(["prove", "--bits", "8", "--values", "1"])
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(code(&out), 2);
        assert!(
            stderr(&out).contains("cannot write to standard output"),
            "{}",
            stderr(&out)
        );
        assert_eq!(stderr(&out).trim_end().lines().count(), 1);
    }
}

/// `--threads 100000` is refused at once, with the limit.
#[test]
fn thread_counts_are_capped() {
    let out = rangeproof(&["--threads", "100000", "verify", "missing.json"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("--threads 100000: at most"),
        "{}",
        stderr(&out)
    );
    let out = rangeproof(&["--threads", "2", "prove", "--bits", "8", "--values", "1"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // bench sizes a pool of its own (one thread by default), under the same limit.
    let out = rangeproof(&["bench", "--threads", "100000"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("--threads 100000: at most"),
        "{}",
        stderr(&out)
    );
}

/// Each refusal names the rule broken and the flag or field to change.
#[test]
fn messages_name_the_rule_and_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &[&str]); 4] = [
        (
            &[
                "prove",
                "--group",
                "secp256k1",
                "--bits",
                "64",
                "--values",
                "1,2,3",
            ],
            &["3 values", "power-of-two"],
        ),
        (
            &[
                "prove",
                "--bits",
                "64",
                "--values",
                "1",
                "--extension-degree",
                "2",
            ],
            &["--extension-degree 2", "one blinding per commitment"],
        ),
        (
            &[
                "prove",
                "--bits",
                "64",
                "--values",
                "1",
                "--minimum-values",
                "0",
            ],
            &["--minimum-values", "no minimum values"],
        ),
        (
            &[
                "commit",
                "--values",
                "1",
                "--extension-degree",
                "2",
                "--blindings",
                "00,00",
            ],
            &["--extension-degree 2", "one blinding per commitment"],
        ),
    ];
    for (args, needles) in cases {
        let out = rangeproof(args);
        assert_eq!(code(&out), 2, "{args:?}");
        for needle in needles {
            assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
        }
        assert!(!stderr(&out).contains("1 to 1"), "{}", stderr(&out));
    }
    // A values file over the cap does not point at a flag prove does not take.
    let big = dir.path().join("values.txt");
    std::fs::write(&big, "1,".repeat(40_000)).unwrap();
    let out = rangeproof(&["prove", "--bits", "8", "--values-file", p(&big)]);
    assert_eq!(code(&out), 2);
    assert!(
        !stderr(&out).contains("--max-document-bytes"),
        "{}",
        stderr(&out)
    );
    // Proving without --openings says the blindings are gone (the proof is still written).
    let out = rangeproof(&["prove", "--bits", "8", "--values", "1"]);
    assert_eq!(code(&out), 0);
    assert!(stderr(&out).contains("no --openings"), "{}", stderr(&out));
    // An openings file given to verify is named as one.
    let openings = dir.path().join("o.json");
    let out = rangeproof(&[
        "prove",
        "--bits",
        "8",
        "--values",
        "1",
        "--openings",
        p(&openings),
    ]);
    assert_eq!(code(&out), 0);
    let out = rangeproof(&["verify", p(&openings)]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("openings file"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("missing field"), "{}", stderr(&out));
}
