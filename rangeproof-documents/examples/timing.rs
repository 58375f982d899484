//! The native side of the JavaScript package's speed table (`bindings/js/bench/speed.mjs`):
//! the same cases, through the same document code (`request::prove`, `Document::verify`,
//! `batch::verify_all`), timed here on one thread, the results as JSON on standard output.
//!
//! ```text
//! cargo run --release -p rangeproof-documents --example timing -- cases.json MILLIS
//! ```
//!
//! `cases.json` is an array of `{"name", "request", "batch"}`: `request` a prove request
//! without its values (`bits`, or `bit_lengths`, say how many values and their ranges), `batch`
//! how many documents the batch measurement verifies together. Each measurement runs for at
//! least `MILLIS` milliseconds and five times, on inputs that change every time: fresh random
//! values for proving, a rotation of distinct proofs for verifying.

use std::time::{Duration, Instant};

use rand_core::{OsRng, RngCore};
use rangeproof::SuiteContext;
use rangeproof_documents::request::{self, ProveRequest};
use rangeproof_documents::{batch, Document};
use serde_json::{json, Value};

/// Proofs made per case to rotate through when verifying.
const DISTINCT: usize = 8;

/// Random values for a request: one per bit length (or `values` of `bits` bits).
fn values(case: &Value) -> Vec<u64> {
    let request = &case["request"];
    let bits: Vec<u64> = match request["bit_lengths"].as_array() {
        Some(lengths) => lengths.iter().filter_map(Value::as_u64).collect(),
        None => vec![
            request["bits"].as_u64().unwrap_or(64);
            case["values"].as_u64().unwrap_or(1) as usize
        ],
    };
    bits.iter()
        .map(|&b| {
            let v = OsRng.next_u64();
            if b >= 64 {
                v
            } else {
                v & ((1 << b) - 1)
            }
        })
        .collect()
}

fn prove(case: &Value) -> Result<String, String> {
    let mut request = case["request"].clone();
    request["values"] = json!(values(case));
    let request = ProveRequest::from_json(&request.to_string())?;
    let checked = request
        .json_parameters()
        .and_then(|p| request.check(p))
        .map_err(|e| e.to_string())?;
    let made = request::prove(
        rangeproof::SuiteContext::global(),
        &checked,
        &request.values,
        None,
    )?;
    serde_json::to_string(&made.proof).map_err(|e| e.to_string())
}

/// Mean time of `f` over at least `min` and five runs.
fn time(min: Duration, mut f: impl FnMut(usize) -> Result<(), String>) -> Result<f64, String> {
    let started = Instant::now();
    let mut runs = 0;
    while runs < 5 || started.elapsed() < min {
        f(runs)?;
        runs += 1;
    }
    Ok(started.elapsed().as_secs_f64() * 1e3 / runs as f64)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(
        args.next().ok_or("usage: timing cases.json [millis]")?,
    )?)?;
    let min = Duration::from_millis(args.next().map_or(Ok(500), |m| m.parse())?);
    let context = SuiteContext::global();
    let mut results = Vec::new();
    for case in &cases {
        let prove_ms = time(min, |_| prove(case).map(drop))?;
        let docs = (0..DISTINCT.max(case["batch"].as_u64().unwrap_or(1) as usize))
            .map(|_| prove(case).and_then(|t| Document::parse(&t).map_err(|e| e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        let verify_ms = time(min, |i| {
            docs[i % DISTINCT]
                .verify_in(context)
                .map_err(|e| e.to_string())
        })?;
        let n = case["batch"].as_u64().unwrap_or(1) as usize;
        let together: Vec<&Document> = docs.iter().take(n).collect();
        let batch_ms = time(min, |_| {
            match batch::verify_all(context, &together, None)
                .iter()
                .all(Result::is_ok)
            {
                true => Ok(()),
                false => Err("a batch failed".into()),
            }
        })? / n as f64;
        results.push(json!({
            "name": case["name"],
            "prove_ms": prove_ms,
            "verify_ms": verify_ms,
            "batch_ms_per_proof": batch_ms,
        }));
    }
    println!("{}", serde_json::to_string_pretty(&results)?);
    Ok(())
}
