//! The CLI for real wallets: proofs for existing commitments (`prove --openings-in`), machine-
//! readable verdicts (`verify --json`), commitments (`commit`) and recovery (`recover`).

use serde_json::Value;

mod common;
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
        // The flavor is not in the openings file: each (scheme, group) has one default, and
        // secp256k1's is Grin's.
        let mut again = from(&openings);
        again.extend_from_slice(&["--out", second.to_str().unwrap()]);
        let out = rangeproof(&again);
        assert_eq!(code(&out), 0, "case {i}: {}", stderr(&out));
        let (a, b) = (read(&first), read(&second));
        assert_eq!(a["commitments"], b["commitments"], "case {i}");
        assert_ne!(a["proof"], b["proof"], "case {i}: a fresh proof");
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
