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
