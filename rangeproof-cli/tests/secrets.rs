//! Every secret argument has a `--…-file` twin that reads it from a file or standard input
//! (`-`), so amounts, blindings, nonces and preimages need not appear in the process list:
//! the twin gives exactly what the argument gives, standard input feeds one argument per run,
//! and no output is ever written over a file a secret came from.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use common::{code, rangeproof, read, stderr, stdout};

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The CLI with `input` on standard input.
fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rangeproof"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn commitments(out: &Output) -> Value {
    assert_eq!(code(out), 0, "{}", stderr(out));
    serde_json::from_str::<Value>(&stdout(out)).unwrap()["commitments"].clone()
}

#[test]
fn commit_reads_values_and_blindings_from_files() {
    let dir = tempfile::tempdir().unwrap();
    let blindings = [
        "0100000000000000000000000000000000000000000000000000000000000000",
        "0200000000000000000000000000000000000000000000000000000000000000",
    ];
    let literal = commitments(&rangeproof(&[
        "commit",
        "--values",
        "0,18446744073709551615",
        "--blindings",
        &blindings.join(","),
    ]));
    let values = dir.path().join("values");
    std::fs::write(&values, "0\n18446744073709551615\n").unwrap();
    let blindings_file = dir.path().join("blindings");
    std::fs::write(&blindings_file, blindings.join("\n") + "\n").unwrap();
    let from_files = commitments(&rangeproof(&[
        "commit",
        "--values-file",
        p(&values),
        "--blindings-file",
        p(&blindings_file),
    ]));
    assert_eq!(from_files, literal);
    let from_stdin = commitments(&with_stdin(
        &[
            "commit",
            "--values-file",
            p(&values),
            "--blindings-file",
            "-",
        ],
        blindings.join(", ").as_bytes(),
    ));
    assert_eq!(from_stdin, literal);

    let missing = dir.path().join("none");
    // Standard input feeds one argument; a flag and its twin together are refused; an
    // openings file never replaces a file the secrets came from.
    let cases: [(&[&str], &str); 4] = [
        (
            &["commit", "--values-file", "-", "--blindings-file", "-"],
            "both read standard input",
        ),
        (
            &["commit", "--values", "1", "--values-file", p(&values)],
            "cannot be used with",
        ),
        (
            &[
                "commit",
                "--values-file",
                p(&values),
                "--openings",
                p(&values),
            ],
            "",
        ),
        (
            &["commit", "--values", "1", "--blindings-file", p(&missing)],
            "--blindings-file",
        ),
    ];
    for (args, needle) in cases {
        let out = rangeproof(args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
        assert_eq!(
            stderr(&out).trim_end().lines().count(),
            1,
            "{}",
            stderr(&out)
        );
    }
    assert_eq!(
        std::fs::read_to_string(&values).unwrap(),
        "0\n18446744073709551615\n"
    );
}

/// Grin: a rewind nonce as `openssl rand -hex 32` writes it (a newline after the hex), given
/// to prove from a file and to recover on standard input.
#[test]
fn nonces_come_from_files_or_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let nonce = dir.path().join("nonce");
    std::fs::write(
        &nonce,
        "9c3f5e5d2b1a08f7e6d5c4b3a29180706f5e4d3c2b1a09f8e7d6c5b4a3928170\n",
    )
    .unwrap();
    let doc = dir.path().join("grin.json");
    let out = rangeproof(&[
        "prove",
        "--group",
        "secp256k1",
        "--flavor",
        "grin",
        "--bits",
        "64",
        "--values",
        "42",
        "--recovery-nonce-file",
        p(&nonce),
        "--out",
        p(&doc),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = with_stdin(
        &["recover", "--nonce-file", "-", p(&doc)],
        &std::fs::read(&nonce).unwrap(),
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let got: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(got["value"], 42);
    assert_eq!(got["checked"], true);
    let from_file = rangeproof(&["recover", "--nonce-file", p(&nonce), p(&doc)]);
    assert_eq!(stdout(&from_file), stdout(&out));

    // The document and the nonce cannot both come from standard input; a file of two nonces,
    // a short one, or none at all is refused by name.
    let out = rangeproof(&["recover", "--nonce-file", "-", "-"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("both read standard input"),
        "{}",
        stderr(&out)
    );
    for (content, needle) in [
        ("00 11", "2 items, expected one"),
        ("0011", "has 2 bytes, expected 32"),
        ("", "empty"),
        ("zz", "is not hex"),
    ] {
        std::fs::write(&nonce, content).unwrap();
        let out = rangeproof(&["recover", "--nonce-file", p(&nonce), p(&doc)]);
        assert_eq!(code(&out), 2, "{content:?}");
        assert!(stderr(&out).contains("--nonce-file"), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(needle),
            "{content:?}: {}",
            stderr(&out)
        );
    }
    let out = rangeproof(&["recover", p(&doc)]);
    assert_eq!(code(&out), 2);
}

/// The preimage file holds the bytes themselves (what `sha256sum` hashes), not hex.
#[test]
fn a_preimage_from_a_file_proves_its_own_digest() {
    let dir = tempfile::tempdir().unwrap();
    let preimage = dir.path().join("preimage");
    std::fs::write(&preimage, b"abc").unwrap();
    let doc = dir.path().join("sha.json");
    let out = rangeproof(&[
        "circuit",
        "sha256",
        "--preimage-file",
        p(&preimage),
        "--out",
        p(&doc),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // SHA-256("abc").
    assert_eq!(
        read(&doc)["digest"],
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert_eq!(code(&rangeproof(&["verify", p(&doc)])), 0);
    let out = with_stdin(&["circuit", "sha256", "--preimage-file", "-"], b"abc");
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let from_stdin: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(from_stdin["digest"], read(&doc)["digest"]);

    std::fs::write(&preimage, [7u8; 56]).unwrap();
    let out = rangeproof(&["circuit", "sha256", "--preimage-file", p(&preimage)]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("at most 55"), "{}", stderr(&out));
    // --out is never the file the preimage came from, even with --force.
    std::fs::write(&preimage, b"abc").unwrap();
    let out = rangeproof(&[
        "circuit",
        "sha256",
        "--preimage-file",
        p(&preimage),
        "--out",
        p(&preimage),
        "--force",
    ]);
    assert_eq!(code(&out), 2);
    assert_eq!(std::fs::read(&preimage).unwrap(), b"abc");
}

#[test]
fn a_shuffle_reads_its_values_from_files() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("inputs");
    std::fs::write(&inputs, "3, 0\n18446744073709551615 9\n").unwrap();
    let doc = dir.path().join("shuffle.json");
    let out = with_stdin(
        &[
            "circuit",
            "shuffle",
            "--inputs-file",
            p(&inputs),
            "--outputs-file",
            "-",
            "--out",
            p(&doc),
        ],
        b"9,18446744073709551615,3,0",
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(read(&doc)["k"], 4);
    assert_eq!(code(&rangeproof(&["verify", p(&doc)])), 0);
    let out = with_stdin(
        &[
            "circuit",
            "shuffle",
            "--inputs-file",
            p(&inputs),
            "--outputs-file",
            "-",
        ],
        b"9,3,0,1",
    );
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("not a permutation"),
        "{}",
        stderr(&out)
    );
}

/// A Tari seed nonce is any 32 bytes, as `openssl rand -hex 32` gives them: bytes that are not
/// a canonical scalar are reduced, alike when proving and when recovering.
#[test]
fn any_32_bytes_are_a_tari_seed() {
    let dir = tempfile::tempdir().unwrap();
    let nonce = dir.path().join("seed");
    std::fs::write(&nonce, format!("{}\n", "fe".repeat(32))).unwrap();
    let doc = dir.path().join("tari.json");
    let openings = dir.path().join("tari.open.json");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--bits",
        "64",
        "--values",
        "1500",
        "--recovery-nonce-file",
        p(&nonce),
        "--openings",
        p(&openings),
        "--out",
        p(&doc),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = rangeproof(&[
        "recover",
        "--nonce-file",
        p(&nonce),
        "--value",
        "1500",
        p(&doc),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let got: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(got["checked"], true);
    assert_eq!(got["blindings"][0], read(&openings)["blindings"][0][0]);
}
