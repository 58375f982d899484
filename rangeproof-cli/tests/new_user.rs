//! What a new user hit with the CLI (item 5 of the second hardening review), each made to work:
//! `commit` in the Elements flavor, a command without its subcommand, an interrupted run that
//! left files blocking its rerun, one document format across the tools (pretty documents one
//! after another, JSON lines, `--compact`), errors that name their cause, `rangeproof info`,
//! and the small ones (`circuit shuffle --openings`, the circuits' default flavors, an empty
//! preimage, `mpc party`'s last line, `--threads` in plain words, `bench`'s progress).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;
use common::{code, rangeproof, read, stderr, stdout};

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rangeproof"))
}

fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn elements_prove(dir: &Path, value: &str, extra: &[&str]) -> (PathBuf, PathBuf) {
    let doc = dir.join(format!("borromean-{value}.json"));
    let openings = dir.join(format!("borromean-{value}.open.json"));
    let mut args = vec![
        "prove",
        "--scheme",
        "borromean",
        "--group",
        "secp256k1",
        "--flavor",
        "elements",
        "--values",
        value,
        "--openings",
        p(&openings),
        "--out",
        p(&doc),
    ];
    args.extend_from_slice(extra);
    let out = rangeproof(&args);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    (doc, openings)
}

/// Item 1: `commit` in the Elements flavor makes the commitment `prove` makes from the same
/// opening (it asked for a bit size the proof system does not have), and its fresh openings
/// are proved for and verify.
#[test]
fn commit_in_the_elements_flavor_makes_the_commitment_prove_makes() {
    let dir = tempfile::tempdir().unwrap();
    let (doc, openings) = elements_prove(dir.path(), "1250", &[]);
    let blinding = read(&openings)["blindings"][0][0]
        .as_str()
        .unwrap()
        .to_string();
    let out = rangeproof(&[
        "commit",
        "--scheme",
        "borromean",
        "--group",
        "secp256k1",
        "--flavor",
        "elements",
        "--values",
        "1250",
        "--blindings",
        &blinding,
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let committed: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(committed["commitments"], read(&doc)["commitments"]);
    assert_eq!(committed["scheme"], "borromean");

    // Fresh blindings: the openings record no bit size, and `prove --openings-in` proves
    // for the very commitment.
    let fresh = dir.path().join("fresh.open.json");
    let out = rangeproof(&[
        "commit",
        "--scheme",
        "borromean",
        "--group",
        "secp256k1",
        "--flavor",
        "elements",
        "--values",
        "77",
        "--openings",
        p(&fresh),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let committed: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(read(&fresh).get("bits").is_none(), "{}", read(&fresh));
    let proof = dir.path().join("again.json");
    let out = rangeproof(&["prove", "--openings-in", p(&fresh), "--out", p(&proof)]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(read(&proof)["commitments"], committed["commitments"]);
    assert_eq!(code(&rangeproof(&["verify", p(&proof)])), 0);
}

/// Item 2: `rangeproof`, `rangeproof circuit` (`liquid`, `mpc`) print clap's usage on several
/// lines (not joined into one) and exit 2; other usage errors stay one line.
#[test]
fn a_command_without_its_subcommand_gets_its_usage_on_several_lines() {
    for (args, names) in [
        (&[][..], &["prove", "verify", "info", "circuit"][..]),
        (&["circuit"][..], &["sha256", "shuffle"][..]),
        (&["liquid"][..], &["verify-tx", "unblind"][..]),
        (&["mpc"][..], &["dealer", "party"][..]),
    ] {
        let out = rangeproof(args);
        assert_eq!(code(&out), 2, "{args:?}");
        let err = stderr(&out);
        assert!(err.lines().count() > 5, "{args:?}: {err}");
        assert!(
            err.lines().any(|l| l.starts_with("Usage: rangeproof")),
            "{err}"
        );
        for name in names {
            assert!(
                err.lines().any(|l| l.trim_start().starts_with(name)),
                "{args:?}: {name} not listed on a line of its own\n{err}"
            );
        }
        assert!(stdout(&out).is_empty());
    }
    let out = rangeproof(&["prove", "--frobnicate"]);
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out).trim_end().lines().count(),
        1,
        "{}",
        stderr(&out)
    );
}

/// Starts `args` in `dir`'s terms, waits until its `claims` outputs are claimed (their
/// temporary files exist: the work has begun), sends `signal` and returns how it ended.
#[cfg(unix)]
fn interrupted(args: &[&str], dir: &Path, claims: usize, signal: &str) -> Output {
    let mut child = bin()
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while listing(dir)
        .iter()
        .filter(|n| n.ends_with(".partial"))
        .count()
        < claims
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{args:?}: no outputs claimed"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // Still working: the signal comes in the middle of the run.
    assert!(
        child.try_wait().unwrap().is_none(),
        "{args:?} finished first"
    );
    let killed = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    child.wait_with_output().unwrap()
}

/// Item 3: Ctrl-C (SIGINT) during a long `prove`, or SIGTERM during `circuit sha256`, leaves
/// neither `--out` nor `--openings` nor any temporary file (they blocked the rerun), and the
/// rerun succeeds.
#[cfg(unix)]
#[test]
fn an_interrupted_run_leaves_nothing_and_its_rerun_succeeds() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let values = dir.path().join("values.txt");
    let list: Vec<String> = (1..=128).map(|v| v.to_string()).collect();
    std::fs::write(&values, list.join("\n")).unwrap();
    let (out, openings) = (dir.path().join("X.json"), dir.path().join("Y.json"));
    let prove = [
        "prove",
        "--group",
        "secp256k1",
        "--bits",
        "64",
        "--values-file",
        p(&values),
        "--out",
        p(&out),
        "--openings",
        p(&openings),
    ];
    // One thread: the proof takes long enough to be interrupted in the middle.
    let mut slow = vec!["--threads", "1"];
    slow.extend_from_slice(&prove);
    let ended = interrupted(&slow, dir.path(), 2, "-INT");
    assert_eq!(ended.status.code(), Some(130), "{}", stderr(&ended));
    assert_eq!(listing(dir.path()), ["values.txt"]);
    let again = rangeproof(&prove);
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    assert_eq!(code(&rangeproof(&["verify", p(&out)])), 0);
    let mode = std::fs::metadata(&openings).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    assert_eq!(listing(dir.path()), ["X.json", "Y.json", "values.txt"]);

    let digest = dir.path().join("sha.json");
    let sha = [
        "circuit",
        "sha256",
        "--preimage-hex",
        "616263",
        "--out",
        p(&digest),
    ];
    let ended = interrupted(&sha, dir.path(), 1, "-TERM");
    assert_eq!(ended.status.code(), Some(130), "{}", stderr(&ended));
    assert_eq!(listing(dir.path()), ["X.json", "Y.json", "values.txt"]);
    let again = rangeproof(&sha);
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    assert_eq!(code(&rangeproof(&["verify", p(&digest)])), 0);
}

/// Item 4: `verify` (and `info`) read what `prove --out` writes, several such documents one
/// after another, JSON lines (`--compact`) and both mixed, from files and standard input;
/// each document of a file of several is named by the line it begins on, a broken one does
/// not stop the others, and the cap holds per document.
#[test]
fn documents_one_after_another_pretty_or_json_lines_are_read_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let prove = |value: &str, compact: bool| {
        let mut args = vec!["prove", "--bits", "8", "--values", value];
        if compact {
            args.push("--compact");
        }
        let out = rangeproof(&args);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        stdout(&out)
    };
    let (pretty, line) = (prove("1", false), prove("2", true));
    assert!(pretty.trim_end().lines().count() > 3);
    assert_eq!(line.trim_end().lines().count(), 1);
    let pretty_lines = pretty.trim_end().lines().count();

    let mixed = dir.path().join("mixed.json");
    std::fs::write(&mixed, format!("{pretty}{line}{line}{pretty}")).unwrap();
    let out = rangeproof(&["verify", p(&mixed)]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let text = stdout(&out);
    for at in [1, pretty_lines + 1, pretty_lines + 2, pretty_lines + 3] {
        assert!(
            text.contains(&format!("{}:{at}: valid", mixed.display())),
            "{at}: {text}"
        );
    }
    assert!(text.contains("4 valid, 0 invalid"), "{text}");
    let out = with_stdin(
        &["verify", "--json", "-"],
        format!("{line}{pretty}").as_bytes(),
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let verdicts: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(verdicts.len(), 2);
    assert_eq!(verdicts[0]["line"], 1);
    assert_eq!(verdicts[1]["line"], 2);
    assert!(verdicts
        .iter()
        .all(|v| v["valid"] == true && v["path"] == "-"));

    // A truncated document and stray text among good ones: named, the rest still verified.
    let broken = dir.path().join("broken.json");
    let cut = &line[..line.len() / 2];
    std::fs::write(&broken, format!("{line}{cut}\n{line}not json\n{pretty}")).unwrap();
    let out = rangeproof(&["verify", p(&broken)]);
    assert_eq!(code(&out), 2);
    let text = stdout(&out);
    assert_eq!(text.matches(": valid").count(), 3, "{text}");
    assert!(
        text.contains(&format!(
            "{}:2: UNUSABLE (not a proof document",
            broken.display()
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{}:4: UNUSABLE (not a proof document",
            broken.display()
        )),
        "{text}"
    );
    assert_eq!(stderr(&out).trim_end().lines().count(), 1);

    // The cap is per document: a file of several, larger than the cap, is read whole.
    let cap = (pretty.len() + 10).to_string();
    let out = rangeproof(&["verify", "--max-document-bytes", &cap, p(&mixed)]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let out = rangeproof(&["verify", "--max-document-bytes", "100", p(&mixed)]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("larger than 100 bytes"),
        "{}",
        stderr(&out)
    );

    // --compact wherever documents are written: one line each, and they verify.
    let shuffle = rangeproof(&[
        "circuit",
        "shuffle",
        "--inputs",
        "3,1",
        "--outputs",
        "1,3",
        "--compact",
    ]);
    let sha = rangeproof(&["circuit", "sha256", "--preimage-hex", "61", "--compact"]);
    let grin = rangeproof(&[
        "prove",
        "--group",
        "secp256k1",
        "--bits",
        "64",
        "--values",
        "5",
        "--compact",
    ]);
    let lines = dir.path().join("lines.jsonl");
    let mut all = String::new();
    for out in [&shuffle, &sha, &grin] {
        assert_eq!(code(out), 0, "{}", stderr(out));
        assert_eq!(stdout(out).trim_end().lines().count(), 1);
        all.push_str(&stdout(out));
    }
    std::fs::write(&lines, all).unwrap();
    let out = rangeproof(&["verify", p(&lines)]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(
        stdout(&out).contains("3 valid, 0 invalid"),
        "{}",
        stdout(&out)
    );
    let out = rangeproof(&["info", p(&lines)]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 3);
}

/// Item 5: errors name their cause — a wrong `--value` to `recover` (the nonce is right), a
/// wrong nonce, a proof of several values, a suite without recovery (with the list of those
/// that have it, which `--help` gives too), a value generator of the wrong length, which value
/// is out of range (its position and the range).
#[test]
fn errors_name_their_cause() {
    let dir = tempfile::tempdir().unwrap();
    let (grin, openings) = (dir.path().join("g.json"), dir.path().join("g.open.json"));
    let out = rangeproof(&[
        "prove",
        "--group",
        "secp256k1",
        "--bits",
        "64",
        "--values",
        "99",
        "--openings",
        p(&openings),
        "--out",
        p(&grin),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let nonce = read(&openings)["rewind_nonce"]
        .as_str()
        .unwrap()
        .to_string();
    let out = rangeproof(&["recover", "--nonce", &nonce, "--value", "99", p(&grin)]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let out = rangeproof(&["recover", "--nonce", &nonce, "--value", "98", p(&grin)]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(text.contains("the nonce rewinds this proof"), "{text}");
    assert!(
        text.contains("does not hold the value --value 98"),
        "{text}"
    );
    let wrong = "5".repeat(64);
    let out = rangeproof(&["recover", "--nonce", &wrong, "--value", "99", p(&grin)]);
    assert_eq!(code(&out), 1);
    assert!(
        stdout(&out).contains("the nonce does not rewind this proof"),
        "{}",
        stdout(&out)
    );
    // Borromean likewise.
    let (borromean, _) = elements_prove(dir.path(), "500", &["--recovery-nonce", &"6".repeat(64)]);
    let out = rangeproof(&[
        "recover",
        "--nonce",
        &"6".repeat(64),
        "--value",
        "501",
        p(&borromean),
    ]);
    assert_eq!(code(&out), 1);
    assert!(
        stdout(&out).contains("does not hold the value"),
        "{}",
        stdout(&out)
    );

    // Several values: recovery needs one.
    let two = dir.path().join("two.json");
    let out = rangeproof(&[
        "prove",
        "--group",
        "secp256k1",
        "--bits",
        "64",
        "--values",
        "1,2",
        "--out",
        p(&two),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = rangeproof(&["recover", "--nonce", &wrong, p(&two)]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("recovery needs a proof of a single value"),
        "{}",
        stderr(&out)
    );

    // A suite without recovery: the ones with it are listed, here and in --help.
    let dalek = dir.path().join("d.json");
    let out = rangeproof(&["prove", "--bits", "8", "--values", "1", "--out", p(&dalek)]);
    assert_eq!(code(&out), 0);
    let out = rangeproof(&["recover", "--nonce", &wrong, p(&dalek)]);
    assert_eq!(code(&out), 2);
    let help = stdout(&rangeproof(&["recover", "--help"])).replace('\n', " ");
    let recoverable: Vec<String> = rangeproof::Suite::ALL
        .iter()
        .filter(|s| s.has_recovery_nonce())
        .map(|s| s.name())
        .collect();
    assert_eq!(recoverable.len(), 3);
    for name in &recoverable {
        assert!(
            stderr(&out).contains(name.as_str()),
            "{name}: {}",
            stderr(&out)
        );
        assert!(help.contains(name.as_str()), "{name}: {help}");
    }

    // A value generator of the wrong length, in prove and in commit.
    let blinding = "11".repeat(32);
    for args in [
        &[
            "prove",
            "--group",
            "secp256k1",
            "--bits",
            "64",
            "--values",
            "5",
        ][..],
        &[
            "commit",
            "--group",
            "secp256k1",
            "--values",
            "5",
            "--blindings",
            &blinding,
        ][..],
    ] {
        let mut args = args.to_vec();
        args.extend(["--value-generator", "0a11"]);
        let out = rangeproof(&args);
        assert_eq!(code(&out), 2);
        let err = stderr(&out);
        assert!(
            err.contains("--value-generator: 2 bytes, expected 33"),
            "{err}"
        );
        assert!(!err.contains("proof length"), "{err}");
    }

    // Which value is out of range, by position (never the amount), with the range.
    for (args, needle) in [
        (
            &["prove", "--bits", "8", "--values", "5,300,2"][..],
            "value 2 of 3 is out of range: a bulletproofs ristretto255/dalek proof of 8 bits shows it in [0, 255]",
        ),
        (
            &[
                "prove", "--scheme", "bulletproofs+", "--bits", "8", "--values", "7,50",
                "--minimum-values", "0,60",
            ][..],
            "value 2 of 2 is out of range: a bulletproofs+ ristretto255/tari proof of 8 bits shows it in [60, 255]",
        ),
        (
            &[
                "prove", "--scheme", "bulletproofs++", "--bits", "8", "--values", "400",
                "--minimum-values", "100",
            ][..],
            "shows it in [100, 355]",
        ),
        (
            &[
                "prove", "--scheme", "borromean", "--values", "5", "--min-value", "6",
            ][..],
            "value 1 of 1 is below the proof's minimum value 6",
        ),
    ] {
        let out = rangeproof(args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("300"), "the amount is not echoed");
    }
    // The BP++ bound is the minimum plus 2^n: 355 itself proves.
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs++",
        "--bits",
        "8",
        "--values",
        "355",
        "--minimum-values",
        "100",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

/// Item 6: `rangeproof info` says what a proof says without secrets — Borromean: exponent,
/// mantissa, range, and that an exact-value proof reveals its value; Bulletproofs: suite, bits,
/// m, size; surjection: inputs and ring; circuits: their statement — in words and as JSON, and
/// `verify --json` carries the same fields. An unusable file is exit 2 with one line, the
/// others still reported.
#[test]
fn info_says_what_a_proof_says() {
    let dir = tempfile::tempdir().unwrap();
    let (ranged, _) = elements_prove(dir.path(), "1250", &[]);
    let (exact, _) = elements_prove(dir.path(), "4242", &["--exp", "-1"]);
    let plus = dir.path().join("plus.json");
    let out = rangeproof(&[
        "prove",
        "--scheme",
        "bulletproofs+",
        "--bits",
        "32",
        "--values",
        "1,2",
        "--out",
        p(&plus),
    ]);
    assert_eq!(code(&out), 0);
    let surjection = dir.path().join("surjection.json");
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
            c["scheme"] == "surjection" && c["input_generators"].as_array().unwrap().len() == 3
        })
        .unwrap();
    let mut doc = serde_json::Map::new();
    for key in [
        "scheme",
        "group",
        "flavor",
        "input_generators",
        "output_generator",
        "proof",
    ] {
        doc.insert(key.into(), case[key].clone());
    }
    std::fs::write(&surjection, Value::Object(doc).to_string()).unwrap();
    let sha = dir.path().join("sha.json");
    let out = rangeproof(&[
        "circuit",
        "sha256",
        "--preimage-hex",
        "61",
        "--out",
        p(&sha),
    ]);
    assert_eq!(code(&out), 0);

    let out = rangeproof(&[
        "info",
        p(&ranged),
        p(&exact),
        p(&plus),
        p(&surjection),
        p(&sha),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    // Liquid's defaults: exponent 0, 52 bits, from 1.
    assert!(
        lines[0].contains("exponent 0, mantissa 52 bits: a value from 1 to 4503599627370496"),
        "{}",
        lines[0]
    );
    let said = &lines[0][ranged.display().to_string().len()..];
    assert!(
        !said.contains("1250"),
        "a range proof hides its value: {said}"
    );
    assert!(
        lines[1].contains("REVEALS the value to everyone: 4242"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains("bulletproofs+ ristretto255/tari: 2 commitments, 32 bits"),
        "{}",
        lines[2]
    );
    let proof_bytes = read(&plus)["proof"].as_str().unwrap().len() / 2;
    assert!(
        lines[2].contains(&format!("{proof_bytes}-byte proof")),
        "{}",
        lines[2]
    );
    assert!(lines[3].contains("3 inputs, a ring of"), "{}", lines[3]);
    assert!(
        lines[4].contains("r1cs sha256 ristretto255/bound"),
        "{}",
        lines[4]
    );
    assert!(
        lines[4].contains("ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb"),
        "the digest of \"a\": {}",
        lines[4]
    );

    let out = rangeproof(&["info", "--json", p(&exact), p(&surjection), p(&plus)]);
    assert_eq!(code(&out), 0);
    let said: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(said[0]["exp"], -1);
    assert_eq!(said[0]["revealed_value"], 4242);
    assert_eq!(said[0]["min_value"], 4242);
    // The surjection proof: n_inputs (2 bytes), the ring's bitmap, e0 and one s per ring member.
    let bytes = case["proof"].as_str().unwrap().len() / 2;
    assert_eq!(said[1]["inputs"], 3);
    assert_eq!(said[1]["ring_size"], (bytes - 2 - 1 - 32) / 32);
    assert_eq!(said[2]["m"], 2);
    assert_eq!(said[2]["bits"], 32);
    assert_eq!(said[2]["proof_bytes"], proof_bytes);
    assert!(said.iter().all(|s| s["reason"].is_null()));

    // verify --json carries the same fields.
    let out = rangeproof(&["verify", "--json", p(&exact), p(&plus)]);
    assert_eq!(code(&out), 0);
    let verdicts: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(verdicts[0]["valid"], true);
    assert_eq!(verdicts[0]["revealed_value"], 4242);
    assert_eq!(verdicts[1]["m"], 2);
    assert_eq!(verdicts[1]["proof_bytes"], proof_bytes);

    // Unusable files: exit 2, one line on stderr, the others still reported.
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{\"scheme\": \"groth16\"").unwrap();
    let out = rangeproof(&["info", p(&plus), p(&junk), p(&sha)]);
    assert_eq!(code(&out), 2);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(
        text.contains(&format!("{}: UNUSABLE (", junk.display())),
        "{text}"
    );
    assert_eq!(
        stderr(&out).trim_end().lines().count(),
        1,
        "{}",
        stderr(&out)
    );
    let out = rangeproof(&["info", p(&junk)]);
    assert_eq!(code(&out), 2);
    assert_eq!(stderr(&out).trim_end().lines().count(), 1);
}

/// Item 7: `circuit shuffle --openings` writes openings that make the document's commitments
/// (owner-only); each circuit's help names the other's default flavor; an empty preimage is
/// refused; `--threads` is said in plain words; `bench` draws progress on a terminal only.
#[test]
fn the_small_things() {
    let dir = tempfile::tempdir().unwrap();
    let (doc, openings) = (dir.path().join("s.json"), dir.path().join("s.open.json"));
    let out = rangeproof(&[
        "circuit",
        "shuffle",
        "--inputs",
        "3,1,4",
        "--outputs",
        "4,3,1",
        "--out",
        p(&doc),
        "--openings",
        p(&openings),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(!stderr(&out).contains("discarded"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&openings).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let (document, opened) = (read(&doc), read(&openings));
    for (side, listed) in [
        ("inputs", "input_commitments"),
        ("outputs", "output_commitments"),
    ] {
        let values = opened[side]["values"].as_array().unwrap();
        let blindings = opened[side]["blindings"].as_array().unwrap();
        for (i, (value, blinding)) in values.iter().zip(blindings).enumerate() {
            let out = rangeproof(&[
                "commit",
                "--values",
                &value.to_string(),
                "--blindings",
                blinding.as_str().unwrap(),
            ]);
            assert_eq!(code(&out), 0, "{}", stderr(&out));
            let made: Value = serde_json::from_str(&stdout(&out)).unwrap();
            assert_eq!(made["commitments"][0], document[listed][i], "{side} {i}");
        }
    }
    let out = rangeproof(&["circuit", "shuffle", "--inputs", "1", "--outputs", "1"]);
    assert_eq!(code(&out), 0);
    assert!(stderr(&out).contains("no --openings"), "{}", stderr(&out));

    // The default flavors differ, and each help says so.
    let sha_help = stdout(&rangeproof(&["circuit", "sha256", "--help"]));
    let shuffle_help = stdout(&rangeproof(&["circuit", "shuffle", "--help"]));
    assert!(sha_help.contains("[default: bound]") && sha_help.contains("`circuit shuffle`"));
    assert!(shuffle_help.contains("[default: dalek]") && shuffle_help.contains("`circuit sha256`"));

    // An empty preimage, from standard input or a file, like an empty values file.
    let out = with_stdin(&["circuit", "sha256", "--preimage-file", "-"], b"");
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("standard input: empty"),
        "{}",
        stderr(&out)
    );
    let empty = dir.path().join("empty");
    std::fs::write(&empty, b"").unwrap();
    let out = rangeproof(&["circuit", "sha256", "--preimage-file", p(&empty)]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("empty"), "{}", stderr(&out));

    // --threads in plain words.
    let help = stdout(&rangeproof(&["--help"]));
    assert!(help.contains("uses all of this machine's cores"), "{help}");
    assert!(!help.contains("multiscalar"), "{help}");
    assert!(help.contains("one per core"), "{help}");
}

/// `bench` writes its table to standard output and, when standard error is not a terminal
/// (a log, a pipe), nothing to standard error: no "measuring …" lines.
#[test]
fn bench_draws_progress_on_a_terminal_only() {
    let mut child = bin()
        .args(["bench", "--millis", "1", "--batch", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let header = lines.next().unwrap().unwrap();
    assert!(header.contains("scheme"), "{header}");
    let first = lines.next().unwrap().unwrap();
    assert!(first.contains(" 8 "), "{first}");
    child.kill().unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `mpc party` says on its last line that the dealer wrote the proof and where its openings
/// are; `mpc dealer --compact` writes the document on one line.
#[test]
fn an_mpc_party_says_it_is_done_and_the_dealer_writes_compact_documents() {
    let dir = tempfile::tempdir().unwrap();
    let (doc, openings) = (
        dir.path().join("mpc.json"),
        dir.path().join("party.open.json"),
    );
    let mut dealer = bin()
        .args([
            "mpc",
            "dealer",
            "--parties",
            "1",
            "--bits",
            "8",
            "--listen",
            "127.0.0.1:0",
            "--out",
            p(&doc),
            "--compact",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(dealer.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let address = first
        .trim()
        .strip_prefix("listening on ")
        .unwrap()
        .to_string();
    let party = bin()
        .args([
            "mpc",
            "party",
            "--connect",
            &address,
            "--values",
            "7",
            "--openings",
            p(&openings),
        ])
        .output()
        .unwrap();
    assert_eq!(code(&party), 0, "{}", stderr(&party));
    assert_eq!(
        stderr(&party).trim_end(),
        format!(
            "proof written by the dealer; openings in {}",
            openings.display()
        )
    );
    assert_eq!(dealer.wait().unwrap().code(), Some(0));
    let text = std::fs::read_to_string(&doc).unwrap();
    assert_eq!(text.trim_end().lines().count(), 1, "{text}");
    assert_eq!(code(&rangeproof(&["verify", p(&doc)])), 0);
    assert_eq!(read(&openings)["values"], serde_json::json!([7]));
}
