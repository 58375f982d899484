//! Helpers the CLI contract tests share: run the binary, read its exit code, read and write
//! JSON documents.

#![allow(dead_code)] // each test binary uses a subset

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

pub fn rangeproof(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rangeproof"))
        .args(args)
        .output()
        .expect("runs")
}

pub fn code(out: &Output) -> i32 {
    out.status.code().expect("exited")
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

pub fn write(path: &Path, doc: &Value) {
    std::fs::write(path, serde_json::to_string(doc).unwrap()).unwrap();
}

/// The cases of a Monero vector set (`monero-bpplus-ed25519.json` or `monero-bp-ed25519.json`):
/// those shipped in crate packages (bundled as `vectors/monero-crates-*-ed25519.json`), then the
/// rest of the full set in `../shared/vectors/` when it is beside the repository — data copied
/// from other repositories' trees stays there. Without it, one line on the process's standard
/// error (not captured by the test harness) says so.
#[path = "../../../rangeproof/tests/support/shared_note.rs"]
mod shared_note;

/// Says once per run that a test did not read `../shared/vectors/` (`what`).
pub fn shared_absent(what: &str) {
    shared_note::shared_absent(what);
}

pub fn monero_cases(file: &str) -> Vec<Value> {
    let bundled = match file {
        "monero-bpplus-ed25519.json" => "monero-crates-bpplus-ed25519.json",
        "monero-bp-ed25519.json" => "monero-crates-bp-ed25519.json",
        other => panic!("no Monero vectors named {other}"),
    };
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let text = std::fs::read_to_string(format!("{root}/vectors/{bundled}"))
        .expect("the bundled vectors are in the repository, at vectors/");
    let json: Value = serde_json::from_str(&text).unwrap();
    let mut cases = json["cases"].as_array().unwrap().clone();
    match std::fs::read_to_string(format!("{root}/../shared/vectors/{file}")) {
        Ok(text) => {
            let shared: Value = serde_json::from_str(&text).unwrap();
            for case in shared["cases"].as_array().unwrap() {
                if !cases.iter().any(|c| c["proof"] == case["proof"]) {
                    cases.push(case.clone());
                }
            }
        }
        Err(_) => shared_note::shared_absent(&format!("the CLI's Monero tests: {file}")),
    }
    cases
}
