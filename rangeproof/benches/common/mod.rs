//! Helpers shared by the benchmark targets: reading criterion's results back for the ratio
//! tables.

// Each benchmark target uses a subset.
#![allow(dead_code)]

/// Mean (ns) of a finished benchmark, read back from criterion's estimates.
pub fn mean(group: &str, function: &str) -> Option<f64> {
    let path = format!(
        "{}/criterion/{group}/{function}/new/estimates.json",
        target_dir()
    );
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["mean"]["point_estimate"].as_f64()
}

pub fn target_dir() -> String {
    std::env::var("CARGO_TARGET_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../target").into())
}

pub fn fmt(ns: f64) -> String {
    if ns < 1e6 {
        format!("{:.1} µs", ns / 1e3)
    } else {
        format!("{:.2} ms", ns / 1e6)
    }
}
