//! What a new user hit from a fresh clone, each made to work: `verify` on a file that is not
//! documents (binary, or text of something else), the transaction commands' size caps and
//! Liquid's raw transactions, the numbers the command line and requests refuse, secrets kept
//! out of every error, and the bundled Solana proof data.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::common;
use common::{code, rangeproof, stderr, stdout};

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rangeproof"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The command may stop reading early (binary input is refused where it begins).
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// Bytes no one chose (xorshift), the same each run.
fn noise(len: usize) -> Vec<u8> {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

/// Item 1: binary input is one verdict, said once, whatever its size; the newline bytes in it
/// are not lines.
#[test]
fn binary_input_is_said_to_be_binary_once() {
    let dir = tempfile::tempdir().unwrap();
    // An image's header, then what an image holds; random bytes; random bytes with no NUL.
    let mut png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR".to_vec();
    png.extend(noise(700_000));
    let random = noise(3_000_000);
    let no_nul: Vec<u8> = random.iter().map(|&b| b.max(1)).collect();
    for (name, bytes) in [
        ("image.png", &png),
        ("random.bin", &random),
        ("no-nul.bin", &no_nul),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        for command in ["verify", "info"] {
            let out = rangeproof(&[command, p(&path)]);
            assert_eq!(code(&out), 2, "{command} {name}");
            let said = stdout(&out);
            assert_eq!(said.lines().count(), 1, "{command} {name}: {said}");
            assert!(said.contains("not text: binary data"), "{said}");
            assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
        }
        // Standard input too, and with --json.
        let out = with_stdin(&["verify", "--json", "-"], bytes);
        assert_eq!(code(&out), 2);
        assert_eq!(stdout(&out).lines().count(), 1, "{}", stdout(&out));
    }
    // Documents before binary data keep their verdicts; the binary data is one more.
    let doc = rangeproof(&["prove", "--bits", "8", "--values", "3", "--compact"]);
    assert_eq!(code(&doc), 0);
    let mut mixed = doc.stdout.clone();
    mixed.extend(&png);
    let path = dir.path().join("mixed");
    std::fs::write(&path, &mixed).unwrap();
    let out = rangeproof(&["verify", p(&path)]);
    assert_eq!(code(&out), 2);
    let said = stdout(&out);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 3, "{said}");
    assert!(lines[0].ends_with(":1: valid"), "{said}");
    assert!(lines[1].contains(":2: UNUSABLE (not text"), "{said}");
}

/// Item 1: a text file of something else gets twenty unusable lines and one counting the rest;
/// another input's verdicts are counted on their own.
#[test]
fn a_text_file_of_something_else_is_reported_in_a_few_lines() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("amounts.csv");
    let text: String = (0..500).map(|i| format!("{i},{}\n", i * 7)).collect();
    std::fs::write(&csv, text).unwrap();
    let doc = dir.path().join("doc.json");
    let out = rangeproof(&["prove", "--bits", "8", "--values", "3", "--out", p(&doc)]);
    assert_eq!(code(&out), 0);
    let out = rangeproof(&["verify", p(&csv), p(&doc), p(&csv)]);
    assert_eq!(code(&out), 2);
    let said = stdout(&out);
    let lines: Vec<&str> = said.lines().collect();
    // 20 + 1 per CSV, the document's verdict, the summary.
    assert_eq!(lines.len(), 2 * 21 + 2, "{said}");
    assert!(lines[19].contains("amounts.csv:20: UNUSABLE"), "{said}");
    assert!(
        lines[20].contains("480 more unusable from line 21 on"),
        "{said}"
    );
    assert!(lines[21].ends_with("doc.json: valid"), "{said}");
    assert!(
        lines[43].starts_with("1 valid, 0 invalid, 1000 unusable ("),
        "{said}"
    );
    assert!(stderr(&out).contains("1000 of 1001 documents unusable (the first 20 of each input"));
    // JSON lines: one object counts the rest.
    let out = rangeproof(&["verify", "--json", p(&csv)]);
    let said = stdout(&out);
    let lines: Vec<Value> = said
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[20]["unshown"], 480);
    assert_eq!(lines[20]["line"], 21);
    assert_eq!(lines[20]["valid"], Value::Null);
    // info likewise.
    let out = rangeproof(&["info", p(&csv)]);
    assert_eq!(code(&out), 2);
    assert_eq!(stdout(&out).lines().count(), 21);
    // Twenty are shown in full.
    let twenty = dir.path().join("twenty.txt");
    std::fs::write(&twenty, "x\n".repeat(20)).unwrap();
    let out = rangeproof(&["verify", p(&twenty)]);
    assert_eq!(stdout(&out).lines().count(), 21, "{}", stdout(&out));
    assert!(!stdout(&out).contains("more unusable"));
    assert!(stderr(&out).contains("(each named above)"));
}

/// Item 1: the parser's internals are said in plain words.
#[test]
fn the_parser_is_said_in_plain_words() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("[1, 2]", "a JSON array, where a document is a JSON object"),
        (
            r#"{"scheme": "bulletproofs", "group": "ristretto255", "flavor": "dalek",
                "bits": 18446744073709551616}"#,
            "a number out of range where a whole number from 0 to 18446744073709551615 is expected",
        ),
        (
            r#"{"scheme": "bulletproofs", "commitments": {"a": 1}}"#,
            "an object where a list of at most 256 commitments is expected",
        ),
    ];
    for (text, expected) in cases {
        let path = dir.path().join("doc.json");
        std::fs::write(&path, text).unwrap();
        let out = rangeproof(&["verify", p(&path)]);
        assert_eq!(code(&out), 2, "{text}");
        let said = format!("{}{}", stdout(&out), stderr(&out));
        assert!(said.contains(expected), "{text}: {said}");
        for internal in [
            "invalid type",
            "ProofDocument",
            "sequence",
            "usize",
            "struct",
        ] {
            assert!(!said.contains(internal), "{text}: {said}");
        }
    }
}

/// The reason a file over `command`'s cap is refused with (its one line on stderr).
fn refused_as_too_large(command: &[&str], path: &Path) -> String {
    let mut args = command.to_vec();
    args.push(p(path));
    let out = rangeproof(&args);
    assert_eq!(code(&out), 2, "{args:?}");
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("--max-document-bytes"), "{err}");
    err.trim_end().to_string()
}

/// `12345678` as the README writes it: `12 345 678`.
fn spaced(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// Item 2: each transaction format has one cap, stated the same way whatever is over it (raw
/// bytes, hex, a file larger than either), naming no flag the command does not take; the
/// guide states the same figures.
#[test]
fn transaction_caps_are_stated_once_per_format() {
    let dir = tempfile::tempdir().unwrap();
    // The guide's pages (the front ends' references state the caps), whitespace folded.
    let docs = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs"));
    let mut readme = String::new();
    for entry in std::fs::read_dir(docs).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            readme.push_str(&std::fs::read_to_string(path).unwrap());
            readme.push(' ');
        }
    }
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let formats: [(&[&str], &str, u64); 2] = [
        (
            &["mweb", "verify"],
            "a Litecoin transaction or block with MWEB data",
            rangeproof::mweb::MAX_BYTES as u64,
        ),
        (
            &["liquid", "verify-tx"],
            "a Liquid transaction",
            rangeproof::liquid::MAX_TRANSACTION_BYTES as u64,
        ),
    ];
    for (command, what, raw) in formats {
        let expected = format!(
            "larger than {what} can be (at most {raw} bytes raw, {} as hex)",
            2 * raw
        );
        let path = dir.path().join("tx");
        let raw_over = vec![0u8; raw as usize + 1];
        let hex_over = "00".repeat(raw as usize + 1);
        let file_over = vec![7u8; 2 * raw as usize + 3];
        for given in [&raw_over[..], hex_over.as_bytes(), &file_over[..]] {
            std::fs::write(&path, given).unwrap();
            let err = refused_as_too_large(command, &path);
            assert_eq!(err, format!("error: {}: {expected}", path.display()));
        }
        assert!(
            readme.contains(&format!(
                "{} bytes, {} as hex",
                spaced(raw),
                spaced(2 * raw)
            )),
            "the guide states {what}'s cap otherwise"
        );
    }
}

/// Item 2: `liquid verify-tx` and `liquid unblind` take a raw transaction as `mweb verify`
/// does, with the same verdicts as its hex.
#[test]
fn liquid_takes_raw_transactions() {
    let dir = tempfile::tempdir().unwrap();
    let hex_path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/liquid-2in4out_tx.hex"
    ));
    let text = std::fs::read_to_string(hex_path).unwrap();
    let raw_path = dir.path().join("tx.bin");
    std::fs::write(&raw_path, hex::decode(text.trim()).unwrap()).unwrap();
    let from_hex = rangeproof(&["liquid", "verify-tx", p(hex_path)]);
    let from_raw = rangeproof(&["liquid", "verify-tx", p(&raw_path)]);
    assert_eq!(code(&from_hex), 3, "{}", stderr(&from_hex));
    assert_eq!(code(&from_raw), 3, "{}", stderr(&from_raw));
    let verdicts = |out: &Output| -> Vec<String> {
        // The last line names the file.
        let said = stdout(out);
        let lines: Vec<&str> = said.lines().collect();
        lines[..lines.len() - 1]
            .iter()
            .map(|l| l.to_string())
            .collect()
    };
    assert_eq!(verdicts(&from_hex), verdicts(&from_raw));
    assert!(verdicts(&from_raw)
        .iter()
        .any(|l| l.contains("range proof valid")));
    // Standard input too.
    let out = with_stdin(
        &["liquid", "verify-tx", "-"],
        &std::fs::read(&raw_path).unwrap(),
    );
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    // unblind reads it as verify-tx does (a wrong key: the output is named, not unblinded).
    let out = rangeproof(&[
        "liquid",
        "unblind",
        p(&raw_path),
        "--output",
        "0",
        "--blinding-key",
        &"11".repeat(32),
    ]);
    assert_ne!(code(&out), 2, "{}", stderr(&out));
    // Text that is not hex is said to be so.
    let path = dir.path().join("typo.hex");
    std::fs::write(&path, format!("0x{}", text.trim())).unwrap();
    let out = rangeproof(&["liquid", "verify-tx", p(&path)]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("text that is not hex"),
        "{}",
        stderr(&out)
    );
}

/// Item 3: `--values` takes spaces after its commas; a negative value is refused as one (not
/// read as an unknown option); `--max-document-bytes 0` is refused; an openings file's number
/// past every integer is said to be out of range, naming its field.
#[test]
fn numbers_on_the_command_line_and_in_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = rangeproof(&["prove", "--bits", "8", "--values", "1, 2", "--compact"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--flavor",
        "tari",
        "--bits",
        "8",
        "--values",
        "3, 4",
        "--minimum-values",
        "1, 2",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = rangeproof(&[
        "commit",
        "--values",
        "1, 2",
        "--openings",
        p(&dir.path().join("o.json")),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    for args in [
        &["prove", "--bits", "8", "--values", "-5"][..],
        &["prove", "--bits", "8", "--values", "1,-5"],
        &["prove", "--bits", "8", "--values=-5"],
        &["commit", "--values", "-5", "--openings", "o.json"],
        &[
            "circuit",
            "shuffle",
            "--inputs",
            "-5,1",
            "--outputs",
            "1,-5",
        ],
    ] {
        let out = rangeproof(args);
        assert_eq!(code(&out), 2, "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("negative values are not allowed"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
    }
    for command in ["verify", "info"] {
        let out = rangeproof(&[command, "--max-document-bytes", "0", "doc.json"]);
        assert_eq!(code(&out), 2);
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("no document fits in 0 bytes: give at least 1"),
            "{err}"
        );
    }
    let out = rangeproof(&["verify", "--max-document-bytes", "1", "-"]);
    assert_eq!(
        code(&out),
        2,
        "a cap of 1 is taken (and the input refused by it)"
    );
    // An openings file whose bits are past every integer.
    let openings = dir.path().join("o.json");
    let mut file: Value = common::read(&openings);
    file.as_object_mut().unwrap().remove("bits");
    let text = serde_json::to_string(&file)
        .unwrap()
        .replace("\"values\"", "\"bits\":18446744073709551616,\"values\"");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, text).unwrap();
    let out = rangeproof(&["prove", "--openings-in", p(&bad)]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("bits: a number out of range"), "{err}");
    assert!(
        !err.contains("floating point") && !err.contains("usize"),
        "{err}"
    );
}

const SECRET: &str = "123456789123456789";

/// What of a secret `text` shows: the distinctive number, the blinding's hex.
fn secrets_in(text: &str) -> Vec<&'static str> {
    [
        SECRET,
        "ffffffffffffffffffffffffffffffff",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
    ]
    .into_iter()
    .filter(|needle| text.contains(needle))
    .collect()
}

/// Item 4: values and blindings refused on the command line, in files or in openings are
/// named, never shown.
#[test]
fn refused_values_and_blindings_are_not_shown() {
    let dir = tempfile::tempdir().unwrap();
    let too_large = format!("{SECRET}123456789");
    let negative = format!("-{SECRET}");
    let blinding = "ff".repeat(32);
    let not_hex = format!("{}zz", "ff".repeat(31));
    let values_file = dir.path().join("values.txt");
    std::fs::write(&values_file, format!("1\n{too_large}\n")).unwrap();
    let openings = |values: &str, blinding: &str| {
        let path = dir
            .path()
            .join(format!("open-{}.json", blinding.len() + values.len()));
        std::fs::write(
            &path,
            format!(
                r#"{{"scheme": "bulletproofs", "group": "ristretto255", "bits": 64, "values": [{values}], "blindings": [["{blinding}"]], "commitments": []}}"#
            ),
        )
        .unwrap();
        path
    };
    let zero = "00".repeat(32);
    let doc = dir.path().join("doc.json");
    let out = rangeproof(&["prove", "--bits", "8", "--values", "3", "--out", p(&doc)]);
    assert_eq!(code(&out), 0);
    let cases: Vec<Vec<String>> = vec![
        vec!["prove".into(), "--values".into(), too_large.clone()],
        vec!["prove".into(), "--values".into(), negative.clone()],
        vec!["prove".into(), "--values".into(), format!("{SECRET}.5")],
        vec![
            "prove".into(),
            "--bits".into(),
            "32".into(),
            "--values".into(),
            SECRET.into(),
        ],
        vec![
            "prove".into(),
            "--values-file".into(),
            p(&values_file).into(),
        ],
        vec![
            "prove".into(),
            "--openings-in".into(),
            p(&openings(&too_large, &zero)).into(),
        ],
        vec![
            "prove".into(),
            "--openings-in".into(),
            p(&openings(&negative, &zero)).into(),
        ],
        vec![
            "prove".into(),
            "--openings-in".into(),
            p(&openings(&format!("\"{SECRET}\""), &zero)).into(),
        ],
        vec![
            "prove".into(),
            "--openings-in".into(),
            p(&openings(SECRET, &blinding)).into(),
        ],
        vec![
            "prove".into(),
            "--openings-in".into(),
            p(&openings(SECRET, &not_hex)).into(),
        ],
        vec![
            "commit".into(),
            "--values".into(),
            SECRET.into(),
            "--blindings".into(),
            blinding.clone(),
        ],
        vec![
            "commit".into(),
            "--values".into(),
            SECRET.into(),
            "--blindings".into(),
            not_hex.clone(),
        ],
        vec![
            "commit".into(),
            "--values".into(),
            SECRET.into(),
            "--group".into(),
            "secp256k1".into(),
            "--flavor".into(),
            "grin".into(),
            "--blindings".into(),
            blinding.clone(),
        ],
        vec![
            "commit".into(),
            "--values".into(),
            too_large.clone(),
            "--blindings".into(),
            zero.clone(),
        ],
        vec![
            "circuit".into(),
            "shuffle".into(),
            "--inputs".into(),
            format!("{too_large},1"),
            "--outputs".into(),
            format!("1,{too_large}"),
        ],
        vec![
            "mpc".into(),
            "party".into(),
            "--connect".into(),
            "127.0.0.1:9".into(),
            "--values".into(),
            negative.clone(),
            "--discard-openings".into(),
        ],
        vec![
            "recover".into(),
            "--nonce".into(),
            not_hex.clone(),
            p(&doc).into(),
        ],
        vec![
            "liquid".into(),
            "unblind".into(),
            concat!(env!("CARGO_MANIFEST_DIR"), "/data/liquid-2in4out_tx.hex").into(),
            "--output".into(),
            "0".into(),
            "--blinding-key".into(),
            not_hex.clone(),
        ],
        vec![
            "circuit".into(),
            "sha256".into(),
            "--preimage-hex".into(),
            not_hex.clone(),
        ],
    ];
    for args in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = rangeproof(&args);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(secrets_in(&err).is_empty(), "{args:?}: {err}");
        assert!(secrets_in(&stdout(&out)).is_empty(), "{args:?}");
    }
}

/// Item 5: the bundled Solana proof data (no document's suite) is named for what it is: `info`
/// reads it as the document it would be, `verify` says in one line what it is and what a
/// document adds.
#[test]
fn the_bundled_solana_proof_data_is_named_for_what_it_is() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/solana-transfer.json");
    let out = rangeproof(&["info", data]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let said = stdout(&out);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.contains("Solana instruction proof data (not a proof document"),
        "{said}"
    );
    assert!(
        said.contains(
            "bulletproofs ristretto255/solana: 4 commitments, bit lengths [64, 16, 32, 16]"
        ),
        "{said}"
    );
    let out = rangeproof(&["info", "--json", data]);
    let json: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(json["m"], 4);
    assert!(json["read_from"].as_str().unwrap().starts_with("Solana"));
    let out = rangeproof(&["verify", data]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("Solana instruction proof data, not a proof document"),
        "{err}"
    );
    assert!(!err.contains("missing field"), "{err}");
}

/// Item 5: `--force` replaces `--out`, never an openings file (as docs/cli.md now says).
#[test]
fn force_replaces_the_document_never_the_openings() {
    let dir = tempfile::tempdir().unwrap();
    let (doc, openings) = (
        dir.path().join("five.json"),
        dir.path().join("five.open.json"),
    );
    let prove = |out: &Path, openings: &Path| {
        rangeproof(&[
            "prove",
            "--bits",
            "64",
            "--values",
            "5",
            "--openings",
            p(openings),
            "--out",
            p(out),
            "--force",
        ])
    };
    assert_eq!(code(&prove(&doc, &openings)), 0);
    let before = std::fs::read(&openings).unwrap();
    assert_eq!(code(&prove(&doc, &dir.path().join("other.open.json"))), 0);
    let out = prove(&dir.path().join("other.json"), &openings);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("refusing to overwrite an openings file"));
    assert_eq!(std::fs::read(&openings).unwrap(), before);
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/cli.md"))
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        page.contains("an existing openings file is never written over, `--force` or not"),
        "docs/cli.md says what --force does to openings"
    );
}
