//! `rangeproof verify --blame-limit`: a failing batch names at most that many invalid documents
//! (16 unless told), the rest of the ones its search did not reach are "not named" — never
//! valid, never invalid —, and the exit code says invalid.

use crate::common;

use common::{code, rangeproof, stdout};
use serde_json::Value;

/// 80 documents (two parts on two threads), one per line: `true` where valid, `false` where the proof is another
/// document's (it decodes, and fails in the batch).
fn documents(dir: &std::path::Path) -> (std::path::PathBuf, Vec<bool>) {
    let proved: Vec<Value> = [3u64, 200]
        .iter()
        .map(|value| {
            let out = dir.join(format!("{value}.json"));
            let openings = dir.join(format!("{value}.open.json"));
            let made = rangeproof(&[
                "prove",
                "--bits",
                "8",
                "--values",
                &value.to_string(),
                "--openings",
                openings.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ]);
            assert_eq!(code(&made), 0, "{}", common::stderr(&made));
            common::read(&out)
        })
        .collect();
    let mut forged = proved[0].clone();
    forged["proof"] = proved[1]["proof"].clone();
    // Invalid: every other one, 40 in all, more than the default limit.
    let valid: Vec<bool> = (0..80).map(|k| k % 2 == 1).collect();
    let lines: Vec<String> = valid
        .iter()
        .map(|&ok| serde_json::to_string(if ok { &proved[0] } else { &forged }).unwrap())
        .collect();
    let path = dir.join("batch.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    (path, valid)
}

/// Per line of `verify --json`: `Some(valid)`, or `None` when not named (its reason says so).
fn verdicts(out: &std::process::Output) -> Vec<Option<bool>> {
    stdout(out)
        .lines()
        .map(|line| {
            let verdict: Value = serde_json::from_str(line).unwrap();
            match verdict["valid"].as_bool() {
                Some(valid) => Some(valid),
                None => {
                    let reason = verdict["reason"].as_str().unwrap();
                    assert!(reason.starts_with("not named"), "{reason}");
                    None
                }
            }
        })
        .collect()
}

#[test]
fn a_failing_batch_names_at_most_the_limit_and_never_calls_the_rest_valid() {
    let dir = tempfile::tempdir().unwrap();
    let (path, valid) = documents(dir.path());
    let path = path.to_str().unwrap();
    for threads in ["1", "2"] {
        for (limit, named) in [
            (None, 16),
            (Some("3"), 3),
            (Some("0"), 0),
            (Some("all"), 40),
        ] {
            let mut args = vec!["--threads", threads, "verify", "--json", path];
            if let Some(limit) = limit {
                args.extend(["--blame-limit", limit]);
            }
            let out = rangeproof(&args);
            assert_eq!(code(&out), 1, "limit {limit:?}: {}", common::stderr(&out));
            let got = verdicts(&out);
            assert_eq!(got.len(), 80);
            let how = format!("{threads} threads, limit {limit:?}");
            assert_eq!(
                got.iter().filter(|v| **v == Some(false)).count(),
                named,
                "{how}"
            );
            for (k, verdict) in got.iter().enumerate() {
                match verdict {
                    Some(true) => assert!(valid[k], "{how}: {k} invalid, said valid"),
                    Some(false) => assert!(!valid[k], "{how}: {k} valid, said invalid"),
                    None => assert!(limit != Some("all"), "{how}: {k} not named"),
                }
            }
            // Every invalid one is named or not named.
            assert!((0..80).all(|k| valid[k] || got[k] != Some(true)), "{how}");
        }
    }
    // Without --json, the summary counts them.
    let out = rangeproof(&["verify", "--blame-limit", "2", path]);
    assert_eq!(code(&out), 1);
    let said = stdout(&out);
    assert!(said.contains(": NOT NAMED (not named:"), "{said}");
    assert!(
        said.contains("2 invalid, ") && said.contains("not named (the blame limit of 2"),
        "{said}"
    );
}

#[test]
fn a_blame_limit_that_is_not_a_count_is_refused() {
    for bad in ["-1", "many", ""] {
        let out = rangeproof(&["verify", "--blame-limit", bad, "x.json"]);
        assert_eq!(code(&out), 2, "{bad:?}");
    }
}
